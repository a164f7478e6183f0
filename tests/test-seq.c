/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-seq: the sequence of play: initiative dice, brigades once a Turn,
 * markers coming and going, the end of Turns and battles, reserves,
 * the weather's spells. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/control.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "io/load.h"
#include "test-util.h"
#include "io/load-rules.h"

static struct game *default_battle(uint64_t seed)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	snprintf(path, sizeof path, "%s/maps/default.cfg", top ? top : ".");
	g = load_scenario_file(path, seed, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

/* The exact chance that n1 D6 beat n2 D6 when ties are thrown again. */
static double exact_win(int n1, int n2)
{
	long dist[2][40] = { { 0 } };
	int n[2] = { n1, n2 };
	long win = 0, lose = 0;
	for (int k = 0; k < 2; k++) {
		dist[k][0] = 1;
		for (int d = 0; d < n[k]; d++) {
			long next[40] = { 0 };
			for (int s = 0; s < 40; s++)
				for (int f = 1; f <= 6 && s + f < 40; f++)
					next[s + f] += dist[k][s];
			memcpy(dist[k], next, sizeof next);
		}
	}
	for (int a = 0; a < 40; a++)
		for (int b = 0; b < 40; b++) {
			if (a > b)
				win += dist[0][a] * dist[1][b];
			else if (a < b)
				lose += dist[0][a] * dist[1][b];
		}
	return (double)win / (double)(win + lose);
}

static void test_initiative_odds(void **state)
{
	struct game *g = default_battle(11);
	const int n = 20000;
	int kept = 0, even = 0;
	double p = exact_win(3, 2), sigma = sqrt(p * (1 - p) / n);
	(void)state;
	/* 6054 wins, 1182 losses, 540 ties out of 7776: 1009/1206. */
	assert_float_equal(p, 1009.0 / 1206.0, 1e-12);
	assert_float_equal(exact_win(2, 2), 0.5, 1e-12);
	for (int i = 0; i < n; i++) {
		if (seq_throw_initiative(g, 3, 2) == SIDE_A)
			kept++;
		if (seq_throw_initiative(g, 2, 2) == SIDE_A)
			even++;
	}
	assert_true(fabs((double)kept / n - p) < 4 * sigma);
	assert_true(fabs((double)even / n - 0.5) < 4 * sqrt(0.25 / n));
	game_free(g);
}

static void test_tie_rethrown(void **state)
{
	struct game *g = default_battle(1);
	int faces[] = { 3, 4, 5, 2, 6, 6, 1, 1 };
	int before;
	(void)state;
	game_queue_dice(g, faces, 8);
	before = g->nlog;
	/* 7 against 7: a tie, thrown again: 12 against 2. */
	assert_int_equal(seq_throw_initiative(g, 2, 2), SIDE_A);
	assert_non_null(strstr(g->log[before + 2].text, "tie"));
	assert_non_null(strstr(g->log[before + 3].text, "2D6 6+6 = 12"));
	game_free(g);
}

/* A controller that plays from a fixed list of orders, then ends. */
struct canned {
	struct controller ctl;
	const char *const *words;
	int pos;
};

static int canned_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct canned *k = c->ctx;
	(void)side;
	*o = order_new(ORD_END);
	if (g->phase == PHASE_INITIATIVE) {
		for (int b = 0; b < g->nbrigs; b++)
			if (brigade_side(g, b) == side && seq_brigade_available(g, b)) {
				*o = order_new(ORD_BRIGADE);
				o->target = b;
				break;
			}
	}
	(void)k;
	return 0;
}

static void test_whole_turn(void **state)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	int steps = 0, chosen[2] = { 0, 0 };
	bool none_left = false;
	(void)state;
	k.ctl.ctx = &k;
	assert_int_equal(game_step(g, ctl), STEP_OK); /* Turn 1 begins */
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->phase, PHASE_INITIATIVE);
	assert_true(g->initiative == SIDE_A || g->initiative == SIDE_B);
	/* Each side has 5 brigades; the Turn ends when all 10 have been chosen. */
	while (g->turn == 1 && steps++ < 1000) {
		if (g->phase == PHASE_INITIATIVE)
			chosen[g->initiative]++;
		/* Whether the step that ends the Turn comes when no brigade of
		 * either side is left to choose. */
		none_left = seq_brigades_left(g, SIDE_A) == 0 && seq_brigades_left(g, SIDE_B) == 0;
		assert_int_equal(game_step(g, ctl), STEP_OK);
	}
	assert_int_equal(chosen[SIDE_A], 5);
	assert_int_equal(chosen[SIDE_B], 5);
	assert_int_equal(g->turn, 2);
	assert_true(none_left);
	/* The new Turn gives every brigade its initiative again. */
	for (int b = 0; b < g->nbrigs; b++)
		assert_false(g->brigs[b].used);
	/* Play on to the end: the battle stops after the last Turn. */
	assert_int_equal(game_run(g, ctl), STEP_OVER);
	assert_int_equal(g->turn, g->turns);
	assert_int_equal(g->phase, PHASE_OVER);
	game_free(g);
}

/* Script the next initiative throw (3D6 for the holder against 2D6) so
 * that winner wins it: sixes for the winner, ones for the other. */
static void script_initiative(struct game *g, enum side winner)
{
	int faces[6], n = 0;
	for (int s = 0; s < SIDE_COUNT; s++) {
		int dice = s == g->initiative ? rules_initiative.holder_dice : rules_initiative.other_dice;
		for (int i = 0; i < dice; i++)
			faces[n++] = s == (int)winner ? 6 : 1;
	}
	game_queue_dice(g, faces, n);
}

/* Markers on both sides; the side that next wins the initiative loses
 * its blue and yellow markers, the other keeps them until the end of the
 * Turn.  The throw is scripted both ways: the holder keeps it, or loses. */
static void markers_run(bool keep)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	int a = -1, b = -1, guard = 0;
	enum side holder;
	k.ctl.ctx = &k;
	game_step(g, ctl);
	holder = (enum side)g->initiative;
	for (int i = 0; i < g->nunits; i++) {
		if (g->units[i].side == holder && a < 0 && unit_is_infantry(&g->units[i]))
			a = i;
		if (g->units[i].side != holder && b < 0)
			b = i;
	}
	/* a: infantry of the side with the initiative, with an orange marker
	 * that is not the abandoned-guns marker and stays. */
	g->units[a].markers = 1u << MK_BLUE | 1u << MK_YELLOW | 1u << MK_ORANGE;
	g->units[b].markers = 1u << MK_BLUE | 1u << MK_YELLOW;
	g->units[a].form = FORM_LINE;
	while (g->phase != PHASE_BREAKTHROUGH && guard++ < 100)
		game_step(g, ctl);
	script_initiative(g, keep ? holder : (enum side)!holder);
	game_step(g, ctl);
	assert_int_equal(g->initiatives, 2);
	assert_int_equal(g->initiative, keep ? (int)holder : !holder);
	if (keep) {
		assert_false(unit_has_marker(&g->units[a], MK_BLUE));
		assert_false(unit_has_marker(&g->units[a], MK_YELLOW));
		assert_true(unit_has_marker(&g->units[a], MK_ORANGE));
		assert_true(unit_has_marker(&g->units[b], MK_BLUE));
		assert_true(unit_has_marker(&g->units[b], MK_YELLOW));
	} else {
		assert_false(unit_has_marker(&g->units[b], MK_BLUE));
		assert_false(unit_has_marker(&g->units[b], MK_YELLOW));
		assert_true(unit_has_marker(&g->units[a], MK_BLUE));
		assert_true(unit_has_marker(&g->units[a], MK_YELLOW));
	}
	while (g->turn == 1 && guard++ < 1000)
		game_step(g, ctl);
	assert_int_equal(g->turn, 2);
	assert_false(unit_has_marker(&g->units[a], MK_BLUE));
	assert_false(unit_has_marker(&g->units[a], MK_YELLOW));
	assert_false(unit_has_marker(&g->units[b], MK_BLUE));
	assert_false(unit_has_marker(&g->units[b], MK_YELLOW));
	assert_true(unit_has_marker(&g->units[a], MK_ORANGE));
	game_free(g);
}

static void test_markers(void **state)
{
	(void)state;
	markers_run(true);
	markers_run(false);
}

/* The brigades left are counted after the end of the initiative, which
 * may lose abandoned guns: here side B's last brigade is a battery whose
 * crews' square has moved away, so after side A's last brigade the Turn
 * ends instead of side B winning an initiative with nothing to choose. */
static void test_lost_guns_counted(void **state)
{
	struct game *g = test_game_new(3);
	struct brigade art = { .kind = BK_ARTILLERY, .division = 1, .commander = -1, .id = "B1art" };
	struct unit a = test_unit("a", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 150, 0);
	struct unit q = test_unit("q", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_SQUARE, 50, 50, 180);
	struct unit gun = test_unit("g", SIDE_B, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 60, 50, 180);
	int qi, gi;
	(void)state;
	gun.brigade = game_add_brigade(g, &art);
	game_add_unit(g, &a);
	qi = game_add_unit(g, &q);
	gi = game_add_unit(g, &gun);
	g->units[gi].shelter = qi + 1; /* its square is 8.75 cm away now */
	unit_set_marker(&g->units[gi], MK_ORANGE, true);
	g->turn = 1;
	g->turns = 3;
	for (int s = 0; s < SIDE_COUNT; s++)
		g->side[s].break_percent = 100;
	g->brigs[0].used = g->brigs[1].used = true;
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_BREAKTHROUGH;
	assert_int_equal(seq_brigades_left(g, SIDE_B), 1);
	seq_end_phase(g);
	assert_int_equal(g->units[gi].state, US_ELIMINATED);
	assert_int_equal(g->turn, 2);
	assert_int_equal(g->phase, PHASE_INITIATIVE);
	assert_true(seq_brigades_left(g, (enum side)g->initiative) > 0);
	game_free(g);
}

static void test_emergency_square_hardens(void **state)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	(void)state;
	k.ctl.ctx = &k;
	game_step(g, ctl);
	g->units[0].form = FORM_ESQUARE;
	while (g->initiatives < 2)
		game_step(g, ctl);
	assert_int_equal(g->units[0].form, FORM_SQUARE);
	game_free(g);
}

static void test_reserves_arrive(void **state)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	int guard = 0;
	(void)state;
	k.ctl.ctx = &k;
	g->units[0].state = US_RESERVE;
	g->units[0].arrive_turn = 2;
	game_step(g, ctl);
	assert_int_equal(g->units[0].state, US_RESERVE);
	while (g->turn < 2 && guard++ < 1000)
		game_step(g, ctl);
	assert_int_equal(g->units[0].state, US_ACTIVE);
	game_free(g);
}

/* A weather with spells: each throw sets what the sky does and for how
 * many Turns; visibility in showers is 1D6 x 6 cm. */
static void test_weather_spells(void **state)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	(void)state;
	k.ctl.ctx = &k;
	g->wx.weather = WX_SHOWERS;
	g->wx.sky = SKY_SHOWERS;
	/* Initiative 6+6 vs 1+1, then the weather: 1D6 = 4, 2D6 = 1+2. */
	game_queue_dice(g, (int[]){ 6, 6, 1, 1, 4, 1, 2 }, 7);
	game_step(g, ctl);
	assert_int_equal(g->initiative, SIDE_A);
	assert_int_equal(g->wx.sky, SKY_SHOWERS);
	assert_float_equal(g->wx.sky_sight, 24.0, 1e-9);
	assert_float_equal(weather_visibility(g), 24.0, 1e-9);
	assert_int_equal(g->wx.sky_turns, 3);
	game_free(g);

	/* Fog: a double on the pair clears it for good. */
	g = default_battle(5);
	g->wx.weather = WX_FOG;
	g->wx.start_minutes = 6 * 60;
	game_queue_dice(g, (int[]){ 6, 6, 1, 1, 5, 3, 3 }, 7);
	game_step(g, ctl);
	assert_true(g->wx.settled_clear);
	assert_int_equal(g->wx.sky, SKY_CLEAR);
	assert_true(isinf(weather_visibility(g)));
	game_free(g);

	/* Rain turns the field to mud. */
	g = default_battle(5);
	g->wx.weather = WX_RAIN;
	game_queue_dice(g, (int[]){ 6, 6, 1, 1, 5, 1, 1 }, 7);
	game_step(g, ctl);
	assert_int_equal(g->wx.sky, SKY_RAIN);
	assert_float_equal(g->wx.sky_sight, 15.0, 1e-9);
	assert_true(g->wx.mud);
	game_free(g);
}

/* Snow makes mud only once snow falls: not while the sky gives mist, not
 * when a double clears it before any fell, but from the first snow on. */
static void test_snow_mud(void **state)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	(void)state;
	k.ctl.ctx = &k;
	g->wx.weather = WX_SNOW;
	weather_setup(g);
	assert_false(g->wx.mud);
	/* Initiative 6+6 vs 1+1; the weather 1D6 = 1 and 2D6 = 3+4: mist for
	 * one Turn. */
	game_queue_dice(g, (int[]){ 6, 6, 1, 1, 1, 3, 4 }, 7);
	game_step(g, ctl);
	assert_int_equal(g->wx.sky, SKY_MIST);
	assert_int_equal(g->wx.sky_turns, 0);
	assert_false(g->wx.mud);
	assert_false(weather_all_half(g, TC_CAVALRY));
	/* Turn 2: 1D6 = 6, 2D6 = 2+3, no more than 6: snow, and mud. */
	game_queue_dice(g, (int[]){ 6, 6, 1, 1, 6, 2, 3 }, 7);
	seq_begin_turn(g);
	assert_int_equal(g->turn, 2);
	assert_int_equal(g->wx.sky, SKY_SNOW);
	assert_true(g->wx.mud);
	assert_true(weather_all_half(g, TC_CAVALRY));
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_CHARGE), GO_NO);
	game_free(g);

	/* A double before any snow fell: clear for good, and no mud. */
	g = default_battle(5);
	g->wx.weather = WX_SNOW;
	weather_setup(g);
	game_queue_dice(g, (int[]){ 6, 6, 1, 1, 6, 1, 1 }, 7);
	game_step(g, ctl);
	assert_true(g->wx.settled_clear);
	assert_false(g->wx.mud);
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_CHARGE), GO_FREE);
	game_free(g);
}

static void test_dusk_ends_battle(void **state)
{
	struct game *g = default_battle(5);
	struct canned k = { .ctl = { .order = canned_order } };
	struct controller *ctl[2] = { &k.ctl, &k.ctl };
	(void)state;
	k.ctl.ctx = &k;
	g->wx.dusk = true;
	g->turns = 20;
	/* 300 cm at Turn 1, 50 less each Turn: dark at Turn 7. */
	assert_int_equal(game_run(g, ctl), STEP_OVER);
	assert_int_equal(g->turn, 7);
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_initiative_odds),
		cmocka_unit_test(test_tie_rethrown),
		cmocka_unit_test(test_whole_turn),
		cmocka_unit_test(test_markers),
		cmocka_unit_test(test_emergency_square_hardens),
		cmocka_unit_test(test_lost_guns_counted),
		cmocka_unit_test(test_reserves_arrive),
		cmocka_unit_test(test_weather_spells),
		cmocka_unit_test(test_snow_mud),
		cmocka_unit_test(test_dusk_ends_battle),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
