/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-volley: the firing phase carried out, through volley.h, every
 * die scripted ("The Firing Phase" of the core rules; structural damage
 * from the terrain guidelines): who may fire at all; a shot's dice, its
 * hits (one for every 6 pips) and the strength lost; the target's return
 * fire and artillery within 6 cm supporting it, once, with a yellow
 * marker; a unit out of command testing before it fires; skirmishers
 * suppressing a battery before it fires; artillery bombarding a village,
 * 1D6 of 2 or less a structural hit.  Small arms: a line 2 dice, a
 * column 1, +1 at a column or square; 4 cm.  Medium guns: 3 dice to
 * 20 cm. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/control.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/unit.h"
#include "engine/volley.h"
#include "test-util.h"
#include "io/load-rules.h"

/* The answers: for each kind of decision the word to take (NULL: the
 * first option); how often each was asked, and the last question. */
static const char *answer[DK_COUNT];
static int asked[DK_COUNT];
static char question[MSG_LEN];

static int decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	asked[d->kind]++;
	snprintf(question, sizeof question, "%s", d->question);
	d->choice = 0;
	for (int i = 0; i < d->nopts; i++)
		if (answer[d->kind] && strcmp(d->opt[i].key, answer[d->kind]) == 0)
			d->choice = i;
	return 0;
}

static struct controller side_ctl = { .decide = decide };
static struct controller *ctl[SIDE_COUNT] = { &side_ctl, &side_ctl };

/* Side A fires in the firing phase; both corps stands keep everyone in
 * command. */
static struct game *new_game(void)
{
	struct game *g = test_game_new(1);
	test_corps_stand(g, SIDE_A, 80, 110);
	test_corps_stand(g, SIDE_B, 80, 85);
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_FIRE;
	memset(answer, 0, sizeof answer);
	memset(asked, 0, sizeof asked);
	return g;
}

static void dice(struct game *g, int n, const int *pips)
{
	assert_int_equal(game_queue_dice(g, pips, n), 0);
}

static bool logged(const struct game *g, const char *text)
{
	for (int i = 0; i < g->nlog; i++)
		if (strcmp(g->log[i].text, text) == 0)
			return true;
	return false;
}

static void test_who_may_fire(void **state)
{
	struct game *g = new_game();
	int a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	struct unit *u = &g->units[a];
	char want[MSG_LEN];
	(void)state;
	assert_null(volley_may_fire(g, u));
	u->acted = UA_FIRED;
	assert_string_equal(volley_may_fire(g, u), "it has already fired this initiative");
	u->acted = UA_DIVMOVE;
	assert_non_null(strstr(volley_may_fire(g, u), "division manoeuvre"));
	u->acted = UA_NO_FIRE;
	snprintf(want, sizeof want, "artillery that turned over %g degrees, redeployed or crossed a bridge this "
	         "initiative may not fire", rules_special.pivot_charge_limit);
	assert_string_equal(volley_may_fire(g, u), want);
	u->acted = 0;
	unit_set_marker(u, MK_YELLOW, true);
	assert_string_equal(volley_may_fire(g, u), "it has a yellow marker (it returned fire or was suppressed)");
	unit_set_marker(u, MK_YELLOW, false);
	u->state = US_RESERVE;
	assert_string_equal(volley_may_fire(g, u), "it is not on the table");
	game_free(g);
}

/* A line 1 cm from a column: 2 + 1 = 3 dice; 6 + 6 + 5 = 17 pips, two
 * hits.  The column may return fire; held, it is asked once. */
static void test_a_shot(void **state)
{
	struct game *g = new_game();
	int a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 100, 96, 180);
	char why[MSG_LEN] = "";
	(void)state;
	dice(g, 3, (int[]){ 6, 6, 5 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(g->script_pos, 3);
	assert_int_equal(g->units[b].sp, 4);
	assert_true(logged(g, "2 hits: B1 has 4 SP left."));
	assert_int_equal(asked[DK_RETURN_FIRE], 1);
	assert_string_equal(question, "side B: B1 may return fire at A1 with 1 die (column 1 = 1 die).");
	assert_true(g->units[a].acted & UA_FIRED);
	assert_false(unit_has_marker(&g->units[b], MK_YELLOW));
	/* Once an initiative. */
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), -1);
	assert_string_equal(why, "A1 cannot fire: it has already fired this initiative");
	game_free(g);
}

/* 11 pips: one hit; the column returns fire (one die, a 6: a hit) and
 * takes a yellow marker; it returns fire only once. */
static void test_return_fire(void **state)
{
	struct game *g = new_game();
	int a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int a2 = test_add(g, "A2", SIDE_A, UT_LINE_INF, FORM_LINE, 105, 100, 0);
	int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 101, 96, 180);
	char why[MSG_LEN] = "";
	(void)state;
	answer[DK_RETURN_FIRE] = "fire";
	dice(g, 4, (int[]){ 5, 5, 1, 6 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(g->script_pos, 4);
	assert_int_equal(g->units[b].sp, 5);
	assert_int_equal(g->units[a].sp, 5);
	assert_true(logged(g, "1 hit: A1 has 5 SP left."));
	assert_true(unit_has_marker(&g->units[b], MK_YELLOW));
	assert_true(g->units[b].acted & UA_RETURNED);
	/* A2 fires at it too: no more return fire. */
	dice(g, 3, (int[]){ 1, 1, 1 });
	assert_int_equal(volley_fire(g, ctl, a2, b, NULL, why, sizeof why), 0);
	assert_true(logged(g, "No hits."));
	assert_int_equal(asked[DK_RETURN_FIRE], 1);
	game_free(g);
}

/* Shot to pieces: a column of 2 SP takes a hit and is eliminated at 1
 * ("How do we keep track of losses?"); it returns no fire. */
static void test_eliminated(void **state)
{
	struct game *g = new_game();
	int a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 100, 96, 180);
	char why[MSG_LEN] = "";
	(void)state;
	g->units[b].sp = 2;
	dice(g, 3, (int[]){ 2, 2, 2 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(g->units[b].sp, 1);
	assert_int_equal(g->units[b].state, US_ELIMINATED);
	assert_int_equal(asked[DK_RETURN_FIRE], 0);
	game_free(g);
}

/* "When a unit that is not in command wishes to fire": a Veteran
 * passes on 3, fails on 2 and does not fire. */
static void test_out_of_command(void **state)
{
	struct game *g = new_game();
	int a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 100, 96, 180);
	char why[MSG_LEN] = "";
	(void)state;
	g->corps[SIDE_A].commander = -1;
	dice(g, 1, (int[]){ 2 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(g->script_pos, 1);
	assert_true(logged(g, "A1 does not fire."));
	assert_int_equal(g->units[b].sp, 6);
	assert_true(g->units[a].acted & UA_FIRED);
	g->units[a].acted = 0;
	dice(g, 4, (int[]){ 3, 6, 6, 6 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(g->script_pos, 5);
	assert_int_equal(g->units[b].sp, 3);
	game_free(g);
}

/* "Artillery Supporting Return Fire": a battery of the target's side
 * within 6 cm of it may fire at the firer; one 7 cm away may not. */
static void test_supporting_artillery(void **state)
{
	struct game *g = new_game();
	int a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 100, 96, 180);
	/* The battery (3 x 3 cm) facing west, 6 cm east of the column (x
	 * 98.75 to 101.25); A1 is within its zone of fire. */
	int gun = test_add(g, "G", SIDE_B, UT_FOOT_ART, FORM_BATTERY, 108.75, 96, 270);
	char why[MSG_LEN] = "";
	(void)state;
	g->units[gun].weight = WEIGHT_MEDIUM;
	answer[DK_SUPPORT_FIRE] = "fire";
	/* The shot; the column holds; the battery at close range, 3 dice. */
	dice(g, 6, (int[]){ 1, 1, 1, 6, 6, 6 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(asked[DK_SUPPORT_FIRE], 1);
	assert_int_equal(g->script_pos, 6);
	assert_int_equal(g->units[a].sp, 3);
	assert_true(unit_has_marker(&g->units[gun], MK_YELLOW));
	game_free(g);

	g = new_game();
	a = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 100, 96, 180);
	gun = test_add(g, "G", SIDE_B, UT_FOOT_ART, FORM_BATTERY, 109.75, 96, 270); /* 7 cm */
	{
		/* It could fire at A1: only the distance keeps it out. */
		struct fire_shot s;
		g->units[gun].weight = WEIGHT_MEDIUM;
		assert_true(fire_check(g, gun, a, NULL, &s));
		assert_int_equal(s.dice, 3);
		assert_float_equal(game_unit_distance(&g->units[gun], &g->units[b]), 7, 1e-9);
	}
	dice(g, 3, (int[]){ 1, 1, 1 });
	assert_int_equal(volley_fire(g, ctl, a, b, NULL, why, sizeof why), 0);
	assert_int_equal(asked[DK_SUPPORT_FIRE], 0);
	game_free(g);
}

/* Before a battery fires, enemy skirmishers able to fire at it may
 * suppress it: yellow markers on both, and no shot. */
static void test_suppression(void **state)
{
	struct game *g = new_game();
	int gun = test_add(g, "G", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 100, 100, 0);
	int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 90, 180);
	int sk = test_add(g, "S", SIDE_B, UT_LIGHT_INF, FORM_SKIRMISH, 104.5, 100, 270);
	char why[MSG_LEN] = "";
	(void)state;
	g->units[gun].weight = WEIGHT_MEDIUM;
	answer[DK_SUPPRESS] = "suppress";
	assert_int_equal(volley_fire(g, ctl, gun, b, NULL, why, sizeof why), 0);
	assert_int_equal(asked[DK_SUPPRESS], 1);
	assert_int_equal(g->script_pos, 0);
	assert_true(logged(g, "S's skirmish fire suppresses G: it cannot fire."));
	assert_true(unit_has_marker(&g->units[gun], MK_YELLOW));
	assert_true(unit_has_marker(&g->units[sk], MK_YELLOW));
	assert_int_equal(g->units[b].sp, 6);
	game_free(g);
}

/* Bombarding a village: only artillery, only a building or a bridge, not
 * one an enemy holds; 1D6 of 2 or less is one hit for medium guns. */
static void test_bombard(void **state)
{
	struct game *g = new_game();
	int gun = test_add(g, "G", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 100, 100, 0);
	int inf = test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 120, 100, 0);
	int vil = test_rect(g, TT_VILLAGE, "Dorf", 95, 80, 105, 90);
	int wood = test_rect(g, TT_WOOD, "Holz", 60, 80, 70, 90);
	char why[MSG_LEN] = "", want[MSG_LEN];
	(void)state;
	g->units[gun].weight = WEIGHT_MEDIUM;
	assert_int_equal(volley_bombard(g, ctl, inf, vil, why, sizeof why), -1);
	assert_string_equal(why, "only artillery damages buildings and bridges");
	assert_int_equal(volley_bombard(g, ctl, gun, wood, why, sizeof why), -1);
	assert_string_equal(why, "Holz is not a building or a bridge");
	{
		int b = test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 85, 180);
		assert_int_equal(volley_bombard(g, ctl, gun, vil, why, sizeof why), -1);
		assert_string_equal(why, "B1 holds Dorf: fire at the unit (the structure may suffer too)");
		g->units[b].state = US_ELIMINATED;
	}
	dice(g, 1, (int[]){ 2 });
	assert_int_equal(volley_bombard(g, ctl, gun, vil, why, sizeof why), 0);
	assert_int_equal(g->script_pos, 1);
	assert_int_equal(g->map.f[vil].damage, 1);
	snprintf(want, sizeof want, "Dorf takes 1 structural hit (1 of %d).", g->map.f[vil].strength);
	assert_true(logged(g, want));
	/* Heavy guns: two hits; a 3 misses. */
	g->units[gun].acted = 0;
	g->units[gun].weight = WEIGHT_HEAVY;
	dice(g, 1, (int[]){ 3 });
	assert_int_equal(volley_bombard(g, ctl, gun, vil, why, sizeof why), 0);
	assert_int_equal(g->map.f[vil].damage, 1);
	g->units[gun].acted = 0;
	dice(g, 1, (int[]){ 1 });
	assert_int_equal(volley_bombard(g, ctl, gun, vil, why, sizeof why), 0);
	assert_int_equal(g->map.f[vil].damage, 3);
	snprintf(want, sizeof want, "Dorf takes 2 structural hits (3 of %d).", g->map.f[vil].strength);
	assert_true(logged(g, want));
	g->units[gun].acted = 0;
	g->map.f[vil].damage = g->map.f[vil].strength - 1;
	dice(g, 1, (int[]){ 1 });
	assert_int_equal(volley_bombard(g, ctl, gun, vil, why, sizeof why), 0);
	assert_true(logged(g, "Dorf is destroyed: it is now passable rough ground."));
	assert_int_equal(g->map.f[vil].type, TT_ROUGH);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_who_may_fire),
		cmocka_unit_test(test_a_shot),
		cmocka_unit_test(test_return_fire),
		cmocka_unit_test(test_eliminated),
		cmocka_unit_test(test_out_of_command),
		cmocka_unit_test(test_supporting_artillery),
		cmocka_unit_test(test_suppression),
		cmocka_unit_test(test_bombard),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
