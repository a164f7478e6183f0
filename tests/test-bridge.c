/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-bridge: charging over and defending bridges, through bridge.h
 * (terrain guidelines, "Bridges are special landmarks"): a unit defends a
 * bridge when no enemy could be put across it without touching one of its
 * side; only that unit may be charged over the bridge, by one unit at a
 * time, and only by infantry and cavalry; when several could be said to
 * defend it their player designates one; the charger's contact over the
 * bridge lasts while both stay put and the bridge stands.  A river 4 cm
 * wide at y = 50, bridges 4 x 6 cm over it (tests/rules/melee-bridge.cfg
 * in code). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/bridge.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/react.h"
#include "engine/rules.h"
#include "test-util.h"
#include "io/load-rules.h"

/* The designation: the answer to take (by word), what was asked. */
static const char *answer;
static int asked;
static char question[MSG_LEN];

static int decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	assert_int_equal(d->kind, DK_BRIDGE);
	asked++;
	snprintf(question, sizeof question, "%s", d->question);
	d->choice = 0;
	for (int i = 0; i < d->nopts; i++)
		if (answer && strcmp(d->opt[i].key, answer) == 0)
			d->choice = i;
	return 0;
}

static int quit(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	(void)d;
	return -1;
}

static struct controller side_ctl = { .decide = decide };
static struct controller *ctl[SIDE_COUNT] = { &side_ctl, &side_ctl };

/* Side A south of the river facing north, with the initiative. */
static struct game *start(struct game *g)
{
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_MANOEUVRE;
	answer = NULL;
	asked = 0;
	return g;
}

/* The table of melee-bridge.cfg with its river and one bridge BR at
 * x = 30. */
static struct game *new_game(int *br)
{
	struct game *g = test_game_new(2);
	g->map.width = 210;
	g->map.height = 100;
	*br = test_river_bridge(g, 30, 50, "BR");
	return start(g);
}

/* The same with cuirassiers C1 at its south end and a line d1 at its
 * north end (test_bridge_game). */
static struct game *c1_d1_game(int *br, int *c, int *d)
{
	return start(test_bridge_game(2, br, c, d));
}

/* Cuirassiers with their front on the south end charge the line on the
 * north end, which defends the bridge alone: they go straight at it. */
static void test_charge_the_defender(void **state)
{
	int br, c, d;
	struct game *g = c1_d1_game(&br, &c, &d);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_CHARGE, &r, why, sizeof why), 0);
	assert_int_equal(r.bridge, br);
	assert_int_equal(r.ndef, 1);
	assert_int_equal(r.def[0], d);
	assert_true(r.facing == 0);
	/* Straight on over the end of the bridge to the water's edge
	 * (y = 52), 1 cm, where the river beside the bridge stops it. */
	assert_float_equal(r.dist, 1, 1e-9);
	/* Intercepting over it too (a Guard hussar's reach is the same). */
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_INTERCEPT, &r, why, sizeof why), 0);
	/* The one defender is named without a question. */
	assert_int_equal(bridge_designate(g, ctl, c, &r, d), d);
	assert_int_equal(asked, 0);
	game_free(g);
}

/* Only infantry and cavalry charge over a bridge (terrain guidelines'
 * bridge rules, the bridge's 'charge' row of the rules file): guns have
 * no charge at all, and under rules that forbid cavalry the bridge, the
 * cuirassiers are refused with the reason. */
static struct rules variant;

static void test_who_may_charge_over(void **state)
{
	int br, a, c, d;
	struct game *g = c1_d1_game(&br, &c, &d);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	a = test_add(g, "G", SIDE_A, UT_HORSE_ART, FORM_COLUMN, 20, 56, 0);
	assert_int_equal(bridge_charge_reach(g, a, d, TMODE_CHARGE, &r, why, sizeof why), 1);
	variant = *rules_in_force;
	variant.terrain[TT_BRIDGE].charge_rate[TC_CAVALRY] = -1; /* "no" */
	rules_use(&variant, "no cavalry over bridges");
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_CHARGE, &r, why, sizeof why), -1);
	assert_string_equal(why, "C1 cannot charge over a bridge (only infantry and cavalry charge or "
	                         "intercept over one)");
	/* Intercepting is its own row. */
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_INTERCEPT, &r, why, sizeof why), 0);
	assert_true(rules_use_builtin());
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_CHARGE, &r, why, sizeof why), 0);
	game_free(g);
}

/* Nobody defends a bridge when the enemy stands 7 cm beyond it: the
 * charger would cross it instead. */
static void test_nobody_defends(void **state)
{
	int br, i, e;
	struct game *g = new_game(&br);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	i = test_add(g, "I3", SIDE_A, UT_LINE_INF, FORM_LINE, 30, 54, 0);
	e = test_add(g, "g1", SIDE_B, UT_LINE_INF, FORM_LINE, 30, 39, 180);
	assert_int_equal(bridge_charge_reach(g, i, e, TMODE_CHARGE, &r, why, sizeof why), -1);
	assert_string_equal(why, "nobody defends BR against I3: it crosses the bridge instead ('cross'), "
	                         "and then charges");
	/* A line at the north end covering only its west half: I3 could
	 * still be put across touching the bridge's east side and not it. */
	g->units[e].pos = v2(25.5, 46);
	assert_int_equal(bridge_charge_reach(g, i, e, TMODE_CHARGE, &r, why, sizeof why), -1);
	assert_non_null(strstr(why, "nobody defends BR"));
	game_free(g);
}

/* Two lines side by side 1 cm apart at the north end close it together:
 * either could be said to defend it, and their player designates one
 * ("Only one unit at a time can defend a bridge"). */
static void test_two_could_defend(void **state)
{
	int br, i, e1, e2;
	struct game *g = new_game(&br);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	i = test_add(g, "I2", SIDE_A, UT_LINE_INF, FORM_LINE, 30, 54, 0);
	e1 = test_add(g, "e1", SIDE_B, UT_LINE_INF, FORM_LINE, 27, 46, 180);
	e2 = test_add(g, "e2", SIDE_B, UT_LINE_INF, FORM_LINE, 33, 46, 180);
	assert_int_equal(bridge_charge_reach(g, i, e1, TMODE_CHARGE, &r, why, sizeof why), 0);
	assert_int_equal(r.ndef, 2);
	assert_int_equal(r.def[0], e1);
	assert_int_equal(r.def[1], e2);
	answer = "e2";
	assert_int_equal(bridge_designate(g, ctl, i, &r, e1), e2);
	assert_int_equal(asked, 1);
	assert_string_equal(question, "side B: I2 charges over BR, which 2 units could be said to defend: "
	                              "which one does?");
	/* A controller that stops: the designation says so. */
	{
		struct controller q = { .decide = quit }, *qc[SIDE_COUNT] = { &q, &q };
		assert_int_equal(bridge_designate(g, qc, i, &r, e1), REACT_QUIT);
	}
	game_free(g);
}

/* Only the unit defending a bridge may be charged over it: not a unit
 * behind the defender. */
static void test_only_the_defender(void **state)
{
	int br, c, d, behind;
	struct game *g = c1_d1_game(&br, &c, &d);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	behind = test_add(g, "d2", SIDE_B, UT_LINE_INF, FORM_LINE, 30, 38, 180);
	assert_int_equal(bridge_charge_reach(g, c, behind, TMODE_CHARGE, &r, why, sizeof why), -1);
	assert_string_equal(why, "d2 does not defend BR: only the unit defending a bridge can be charged "
	                         "over it (d1 could)");
	(void)d;
	game_free(g);
}

/* One unit at a time charges it: once C1 is in contact with d1 over the
 * bridge, C2 may not charge d1 there too. */
static void test_one_charger_at_a_time(void **state)
{
	int br, c, c2, d;
	struct game *g = c1_d1_game(&br, &c, &d);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	c2 = test_add(g, "C2", SIDE_A, UT_LIGHT_CAV, FORM_LINE, 36, 62, 0);
	bridge_engage(g, c, d, -1);
	assert_int_equal(bridge_foe(g, c), d);
	assert_true(bridge_holds(g, c));
	assert_int_equal(bridge_charge_reach(g, c2, d, TMODE_CHARGE, &r, why, sizeof why), -1);
	assert_string_equal(why, "only one unit at a time may charge the unit defending BR: C1 is already "
	                         "in contact with d1 there");
	game_free(g);
}

/* No bridge between them (both south of the river), or the bridge beyond
 * the charge's reach: not a charge over a bridge (1). */
static void test_no_bridge_between(void **state)
{
	int br, c, d;
	struct game *g = c1_d1_game(&br, &c, &d);
	struct bridge_reach r;
	char why[MSG_LEN] = "";
	(void)state;
	g->units[c].pos.y = 75;
	g->units[d].pos.y = 60;
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_CHARGE, &r, why, sizeof why), 1);
	g->units[d].pos.y = 46;
	g->units[c].pos.y = 99 - 2; /* 44 cm from the bridge: beyond any charge */
	assert_int_equal(bridge_charge_reach(g, c, d, TMODE_CHARGE, &r, why, sizeof why), 1);
	game_free(g);
}

/* The contact holds while the charger stays at its end, the defender
 * where it stood and the bridge stands; bridge_tidy forgets it then. */
static void test_contact_holds_and_is_tidied(void **state)
{
	int br, c, d;
	struct game *g = c1_d1_game(&br, &c, &d);
	(void)state;
	assert_false(bridge_holds(g, c));
	assert_int_equal(bridge_foe(g, c), -1);
	bridge_engage(g, c, d, br);
	assert_int_equal(g->units[c].bridge, br + 1);
	assert_string_equal(g->log[g->nlog - 1].text,
	                    "C1 stands at its end of BR: in contact with d1, who defends it.");
	assert_true(bridge_holds(g, c));
	bridge_tidy(g);
	assert_int_equal(g->units[c].bridge, br + 1);
	/* The defender falls back 1 cm. */
	g->units[d].pos.y -= 1;
	assert_false(bridge_holds(g, c));
	assert_int_equal(bridge_foe(g, c), -1);
	g->units[d].pos.y += 1;
	assert_true(bridge_holds(g, c));
	/* The bridge destroyed by fire. */
	g->map.f[br].damage = g->map.f[br].strength;
	assert_false(bridge_holds(g, c));
	bridge_tidy(g);
	assert_int_equal(g->units[c].bridge, 0);
	g->map.f[br].damage = 0;
	assert_false(bridge_holds(g, c));
	game_free(g);
}

/* bridge_engage with no bridge given finds the one the charger touches,
 * and does nothing when it touches none. */
static void test_engage_finds_the_bridge(void **state)
{
	int br, c, d;
	struct game *g = c1_d1_game(&br, &c, &d);
	(void)state;
	g->units[c].pos.y = 58;
	bridge_engage(g, c, d, -1);
	assert_int_equal(g->units[c].bridge, 0); /* 3 cm short of it */
	g->units[c].pos.y = 55;
	bridge_engage(g, c, d, -1);
	assert_int_equal(g->units[c].bridge, br + 1);
	assert_int_equal(bridge_foe(g, c), d);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_charge_the_defender),
		cmocka_unit_test(test_who_may_charge_over),
		cmocka_unit_test(test_nobody_defends),
		cmocka_unit_test(test_two_could_defend),
		cmocka_unit_test(test_only_the_defender),
		cmocka_unit_test(test_one_charger_at_a_time),
		cmocka_unit_test(test_no_bridge_between),
		cmocka_unit_test(test_contact_holds_and_is_tidied),
		cmocka_unit_test(test_engage_finds_the_bridge),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
