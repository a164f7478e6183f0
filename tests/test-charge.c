/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-charge: the quality rating tests of "Charges" and "Reactions",
 * measured over many seeds against the exact probabilities worked out
 * here: the bare test (1D6 >= the rating), the emergency square of a unit
 * a cavalry charge reaches (with the Austrian column's +1), the extended
 * charge (its test, and the 3D6 cm a heavy cavalry unit then moves), the
 * feint, limbering up and fleeing, the opportunity charge and the
 * cautious charge; and the reactions' geometry: crews and their square,
 * where an emergency square forms, how far skirmishers fall back.  Each trial is also checked against its own throw in the log,
 * so the statistics cannot hide a single wrong decision. */
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

#include "engine/command.h"
#include "engine/control.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/order.h"
#include "engine/react.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "engine/volley.h"
#include "test-util.h"
#include "io/load-rules.h"

/* Trials per measured probability: 4 sigma is then at most 0.037. */
#define TRIALS 3000

/* A Prussian corps for side A whose Excellent commander (18 cm) stands
 * at (50, 90), and an Austrian corps for side B with no commander; one
 * mixed brigade each.  Side A's brigade has the initiative, in the
 * manoeuvre phase. */
static struct game *new_game(uint64_t seed)
{
	struct game *g = test_game_new(seed);
	struct commander k = { .id = "C0", .name = "corps A", .side = SIDE_A, .level = CL_CORPS,
	                       .of = 0, .rating = CR_EXCELLENT, .pos = { 50, 90 },
	                       .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	assert_int_equal(game_add_commander(g, &k), 0);
	g->corps[SIDE_A].commander = 0;
	g->corps[SIDE_B].nat = NAT_AUSTRIAN;
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->current_unit = -1;
	g->divmove = -1;
	g->phase = PHASE_MANOEUVRE;
	return g;
}

static int add_unit(struct game *g, const char *id, enum side side, enum unit_type type,
                    enum rating rating, enum formation form, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, rating, form, x, y, facing);
	u.nat = side == SIDE_A ? NAT_PRUSSIAN : NAT_AUSTRIAN;
	return game_add_unit(g, &u);
}

/* The controllers: side B always tries the emergency square, side A
 * stands (no feint); anything else, the first option. */
static int decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	d->choice = d->kind == DK_ESQUARE ? 1 : 0;
	return 0;
}

/* Where a log line ends in "1D6 k": k, else 0. */
static int last_face(const char *line)
{
	const char *p = strstr(line, ": 1D6 ");
	return p ? atoi(p + 6) : 0;
}

/* The log line holding the test named by what, from the end. */
static const char *find_line(const struct game *g, const char *what)
{
	for (int i = g->nlog - 1; i >= 0; i--)
		if (strstr(g->log[i].text, what))
			return g->log[i].text;
	return NULL;
}

/* |measured - p| within 4 sigma of a binomial of n trials; exact when p
 * is 0 or 1. */
static void assert_rate(int hits, int n, double p, const char *what)
{
	double got = (double)hits / n, sigma = sqrt(p * (1 - p) / n);
	if (fabs(got - p) > 4 * sigma + 1e-12)
		fail_msg("%s: %d of %d (%.4f), expected %.4f within %.4f", what, hits, n, got, p,
		         4 * sigma);
}

/* The exact chance that 1D6 + bonus >= need. */
static double chance(int need, int bonus)
{
	int faces = 0;
	for (int f = 1; f <= 6; f++)
		faces += f + bonus >= need;
	return faces / 6.0;
}

static void test_quality_table(void **state)
{
	(void)state;
	assert_int_equal(rules_quality[RATING_GUARD], 1);
	assert_int_equal(rules_quality[RATING_ELITE], 2);
	assert_int_equal(rules_quality[RATING_VETERAN], 3);
	assert_int_equal(rules_quality[RATING_TRAINED], 4);
	assert_int_equal(rules_quality[RATING_UNTRAINED], 5);
	/* The chances the rules imply: a trained unit passes 3 times in 6. */
	assert_float_equal(chance(4, 0), 3.0 / 6, 1e-12);
	assert_float_equal(chance(5, 1), 3.0 / 6, 1e-12);
	assert_float_equal(chance(1, 0), 1.0, 1e-12);
	assert_float_equal(chance(5, 0), 2.0 / 6, 1e-12);
}

/* react_quality_test over many seeds, each rating, with and without +1;
 * every trial's verdict agrees with its logged throw. */
static void test_quality_statistics(void **state)
{
	(void)state;
	for (int r = 0; r < RATING_COUNT; r++)
		for (int bonus = 0; bonus <= 1; bonus++) {
			struct game *g = new_game(1);
			int u = add_unit(g, "Q", SIDE_B, UT_LINE_INF, (enum rating)r, FORM_LINE, 50, 50, 180);
			int pass = 0;
			char what[64];
			for (int s = 0; s < TRIALS; s++) {
				bool ok;
				int face;
				rng_seed(&g->dice, 1000 + (uint64_t)s);
				ok = react_quality_test(g, u, bonus, "test bonus", "tests");
				face = last_face(g->log[g->nlog - 2].text);
				assert_in_range(face, 1, 6);
				assert_int_equal(ok, face + bonus >= rules_quality[r]);
				assert_string_equal(g->log[g->nlog - 1].text, ok ? "Q passes." : "Q fails.");
				pass += ok;
			}
			snprintf(what, sizeof what, "%s%s", rating_names[r].label, bonus ? " +1" : "");
			assert_rate(pass, TRIALS, chance(rules_quality[r], bonus), what);
			game_free(g);
		}
}

/* Heavy cavalry charges a trained Austrian unit from 17 cm (over 12):
 * the unit tries an emergency square.  Success: it is in square and the
 * cavalry touches it without overlapping; failure: exactly two hits. */
static void esquare_trials(enum formation form, int bonus)
{
	struct controller side = { .decide = decide };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	int formed = 0;
	for (int s = 0; s < TRIALS; s++) {
		struct game *g = new_game(5000 + (uint64_t)s);
		int k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 0);
		int t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, form, 50, 60, 180);
		char why[256];
		const char *line;
		struct vec2 kb[4], tb[4];
		struct shape ks, ts;
		/* K's front edge at y = 78, T's near edge at 61 (line) or 62. */
		if (order_charge(g, ctl, k, t, false, why, sizeof why) != 0)
			fail_msg("charge refused: %s", why);
		line = find_line(g, "tries to form an emergency square");
		assert_non_null(line);
		assert_int_equal(last_face(line) + bonus >= 4, g->units[t].form == FORM_ESQUARE);
		ks = unit_shape(&g->units[k], kb);
		ts = unit_shape(&g->units[t], tb);
		assert_false(geom_overlap(&ks, &ts));
		assert_true(game_unit_distance(&g->units[k], &g->units[t]) <= GEOM_CONTACT);
		if (g->units[t].form == FORM_ESQUARE) {
			formed++;
			assert_int_equal(g->units[t].sp, 6);
		} else {
			assert_int_equal(g->units[t].form, form);
			assert_int_equal(g->units[t].sp, 6 - rules_react.esquare_fail_hits);
		}
		assert_true(unit_has_marker(&g->units[t], MK_BLUE));
		game_free(g);
	}
	assert_rate(formed, TRIALS, chance(rules_quality[RATING_TRAINED], bonus),
	            bonus ? "emergency square, Austrian column" : "emergency square, line");
}

/* "a cavalry unit charging it started its charge from over 12 cm away":
 * measured once the charger has turned to face its target.  Heavy
 * cavalry facing east (4 cm deep along x, 5 cm along y) is ordered to
 * turn north (facing 0) to charge a line whose near edge is 12.25 cm from
 * its new front edge (but 11.75 cm from its old northern flank): the line
 * may try its square. */
static void test_esquare_after_pivot(void **state)
{
	struct controller side = { .decide = decide };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct game *g = new_game(7);
	int k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 90);
	int t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 64.75, 180);
	struct order o = order_new(ORD_CHARGE);
	char why[256];
	(void)state;
	assert_float_equal(game_unit_distance(&g->units[k], &g->units[t]), 11.75, 1e-9);
	o.unit = k;
	o.target = t;
	o.a = 0;
	o.has_a = true;
	if (order_exec(g, ctl, SIDE_A, &o, why, sizeof why) != 0)
		fail_msg("charge refused: %s", why);
	assert_non_null(find_line(g, "K pivots to face 0 to charge T."));
	assert_non_null(find_line(g, "K charges T from 12.2 cm."));
	assert_non_null(find_line(g, "T tries to form an emergency square"));
	game_free(g);
}

/* "A unit cannot charge if it will contact any other unit other than the
 * unit being charged": a friendly line F stands 0.02 cm beside the place
 * where the charger K would meet its target T straight ahead (K's right
 * edge at x 52.5, F's left at 52.52), so K would touch F as it arrives.
 * Ordered straight ahead it is refused; left to itself it pivots the
 * least that keeps it clear of F (a degree to the left). */
static void test_charge_touching_friend(void **state)
{
	struct controller side = { .decide = decide };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct game *g = new_game(7);
	int k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 0);
	int t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 60, 180);
	int f;
	struct order o = order_new(ORD_CHARGE);
	struct vec2 end;
	double facing;
	char why[256];
	(void)state;
	assert_int_equal(order_charge_check(g, k, t, false, why, sizeof why), 0);
	f = add_unit(g, "F", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 55.02, 61, 0);
	o.unit = k;
	o.target = t;
	o.a = 0;
	o.has_a = true;
	assert_int_equal(order_exec(g, ctl, SIDE_A, &o, why, sizeof why), -1);
	assert_non_null(strstr(why, "would contact F on the way"));
	assert_int_equal(order_charge_reach(g, k, t, &end, &facing, why, sizeof why), 0);
	assert_float_equal(facing, 359, 1e-9);
	/* Already beside it when the charge begins, F may stay beside it. */
	g->units[f].pos = v2(55.02, 80);
	assert_int_equal(order_charge_reach(g, k, t, &end, &facing, why, sizeof why), 0);
	assert_float_equal(facing, 0, 1e-9);
	assert_int_equal(order_exec(g, ctl, SIDE_A, &o, why, sizeof why), 0);
	game_free(g);
}

/* An emergency square forms as any formation change does: here the line
 * T (y 59..61, facing the charger) has a friend 0.5 cm behind it, so a
 * square (4 cm deep) cannot form backwards (onto the friend); it forms
 * forward into the charger's place (y 59..63), and the charger is moved
 * straight back out of it, still in contact ("moved back into contact").
 * With friends beside that place too, there is no room: it is not
 * offered, the log names what is in the way, and nothing overlaps. */
static void test_esquare_no_room(void **state)
{
	struct controller side = { .decide = decide };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct game *g = new_game(7);
	int k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 0);
	int t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 60, 180);
	int f = add_unit(g, "F", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 57.5, 180);
	char why[256];
	struct vec2 tb[4], fb[4], kb[4];
	struct shape ts, fs, ks;
	(void)state;
	game_queue_dice(g, (const int[]){ 6 }, 1);
	if (order_charge(g, ctl, k, t, false, why, sizeof why) != 0)
		fail_msg("charge refused: %s", why);
	assert_null(find_line(g, "no room"));
	assert_int_equal(g->units[t].form, FORM_ESQUARE);
	assert_float_equal(g->units[t].pos.y, 61, 1e-9);
	assert_float_equal(fabs(g->units[t].pos.x - 50), 1.25, 1e-9);
	/* K stopped 0.05 cm short of y 61 (centre 63.05); it goes back 2 cm. */
	assert_non_null(find_line(g, "K is moved 2.0 cm straight back to make room for it"));
	assert_float_equal(g->units[k].pos.y, 65.05, 1e-3);
	assert_float_equal(g->units[k].pos.x, 50, 1e-9);
	ts = unit_shape(&g->units[t], tb);
	fs = unit_shape(&g->units[f], fb);
	ks = unit_shape(&g->units[k], kb);
	assert_false(geom_overlap(&ts, &fs));
	assert_false(geom_overlap(&ts, &ks));
	assert_true(game_unit_distance(&g->units[k], &g->units[t]) <= GEOM_CONTACT);
	game_free(g);

	/* A column of cavalry (2.5 cm wide) leaves room beside it, where Q1
	 * and Q2, friends of T, stand 0.05 cm from the square's places: no
	 * room, and the log names Q2 (the first in the way), not the charger. */
	g = new_game(7);
	k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_COLUMN, 50, 84, 0);
	t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 60, 180);
	f = add_unit(g, "F", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 57.5, 180);
	add_unit(g, "Q1", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 47.5 - 0.05 - 1.25, 64, 180);
	add_unit(g, "Q2", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 52.5 + 0.05 + 1.25, 64, 180);
	if (order_charge(g, ctl, k, t, false, why, sizeof why) != 0)
		fail_msg("charge refused: %s", why);
	assert_non_null(find_line(g, "T has no room to form an emergency square (it would touch Q2)."));
	assert_null(find_line(g, "T tries to form an emergency square"));
	assert_int_equal(g->units[t].form, FORM_LINE);
	ts = unit_shape(&g->units[t], tb);
	fs = unit_shape(&g->units[f], fb);
	assert_false(geom_overlap(&ts, &fs));
	/* 2.5 cm behind instead, it has room: one stand stays as the front
	 * and the other forms behind it (y 57..61). */
	game_free(g);
	g = new_game(7);
	k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 0);
	t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 60, 180);
	f = add_unit(g, "F", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 55.5, 180);
	game_queue_dice(g, (const int[]){ 6 }, 1);
	if (order_charge(g, ctl, k, t, false, why, sizeof why) != 0)
		fail_msg("charge refused: %s", why);
	assert_int_equal(g->units[t].form, FORM_ESQUARE);
	assert_float_equal(g->units[t].pos.y, 59, 1e-9);
	assert_float_equal(fabs(g->units[t].pos.x - 50), 1.25, 1e-9);
	assert_null(find_line(g, "straight back to make room"));
	ts = unit_shape(&g->units[t], tb);
	fs = unit_shape(&g->units[f], fb);
	assert_false(geom_overlap(&ts, &fs));
	assert_false(geom_contact(&ts, &fs));
	assert_true(game_unit_distance(&g->units[k], &g->units[t]) <= GEOM_CONTACT);
	game_free(g);
}

static void test_esquare_statistics(void **state)
{
	(void)state;
	esquare_trials(FORM_LINE, 0);
	/* "If testing for Austrian Infantry in column formation +1". */
	esquare_trials(FORM_COLUMN, 1);
}

/* A veteran heavy cavalry unit tries to extend its charge at a target
 * 47.9 cm away, 17.9 cm beyond its 30 cm (just outside: 3D6 can make up
 * 18): it passes 4 times in 6, then moves 3D6 cm (mean 10.5, variance
 * 35/4) and, still out of its 30 cm, ends disordered, unless it threw 18
 * and charges from there. */
static void test_extended_charge_statistics(void **state)
{
	struct controller side = { .decide = decide };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	int pass = 0, moves = 0;
	double sum = 0;
	(void)state;
	for (int s = 0; s < TRIALS; s++) {
		struct game *g = new_game(9000 + (uint64_t)s);
		int k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 0);
		int t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 29.1, 180);
		struct order o = order_new(ORD_CHARGE);
		char why[256];
		const char *test;
		o.unit = k;
		o.target = t;
		o.flag = OF_EXTEND;
		if (order_exec(g, ctl, SIDE_A, &o, why, sizeof why) != 0)
			fail_msg("extended charge refused: %s", why);
		test = find_line(g, "tries to extend its charge");
		assert_non_null(test);
		if (last_face(test) >= rules_quality[RATING_VETERAN]) {
			const char *d = find_line(g, "extended charge: 3D6 cm forward");
			double moved;
			assert_non_null(d);
			moved = atoi(strrchr(d, '=') + 1);
			/* The logged sum is the distance moved (then the charge). */
			assert_in_range((int)lround(moved), 3, 18);
			if (moved < 18) {
				assert_true(unit_has_marker(&g->units[k], MK_BLUE));
				assert_float_equal(80 - g->units[k].pos.y, moved, 1e-9);
			} else {
				assert_false(unit_has_marker(&g->units[k], MK_BLUE));
				assert_non_null(find_line(g, "K charges T from 29.9 cm."));
			}
			sum += moved;
			moves++;
			pass++;
		} else {
			assert_true(unit_has_marker(&g->units[k], MK_BLUE));
			assert_float_equal(g->units[k].pos.y, 80, 1e-12);
		}
		game_free(g);
	}
	assert_rate(pass, TRIALS, chance(rules_quality[RATING_VETERAN], 0), "extend, veteran");
	if (fabs(sum / moves - 10.5) > 4 * sqrt(35.0 / 4 / moves))
		fail_msg("3D6 cm: mean %.3f over %d moves, expected 10.5", sum / moves, moves);
}

/* The controllers of the crews tests: every decision's option keyed
 * "crews" when it has one (gun crews flee into the square), else the
 * first. */
static int decide_crews(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	d->choice = 0;
	for (int i = 0; i < d->nopts; i++)
		if (strcmp(d->opt[i].key, "crews") == 0)
			d->choice = i;
	return 0;
}

/* Two Austrian batteries, G1 and G2, touch the solid square Q on its left
 * and right; French columns L1 and L2 reach them, and both crews flee
 * into Q.  *gun and *sq get the indices. */
static struct game *crews_game(int gun[2], int *sq, int col[2])
{
	struct controller side = { .decide = decide_crews };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct game *g = new_game(1);
	/* Q: x 48.75..51.25, y 48..52; G1: x 45.75..48.75; G2: x 51.25..54.25. */
	*sq = add_unit(g, "Q", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_SQUARE, 50, 50, 180);
	gun[0] = add_unit(g, "G1", SIDE_B, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 47.25, 50, 180);
	gun[1] = add_unit(g, "G2", SIDE_B, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 52.75, 50, 180);
	/* The columns touch the guns' southern edges (y = 51.5). */
	col[0] = add_unit(g, "L1", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 47.25, 53.5, 0);
	col[1] = add_unit(g, "L2", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 52.75, 53.5, 0);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(react_contact(g, ctl, col[k], gun[k], 0), 0);
		assert_true(unit_abandoned(&g->units[gun[k]]));
		assert_int_equal(g->units[gun[k]].shelter, *sq + 1);
	}
	return g;
}

/* "An abandoned artillery unit is treated as if it is not there": the
 * guns only.  The square their crews fled into keeps its orange marker to
 * show it, but it stands, fires and may be fired at as before. */
static void test_crews_square_is_there(void **state)
{
	int gun[2], sq, col[2];
	struct game *g = crews_game(gun, &sq, col);
	struct fire_shot s;
	(void)state;
	assert_true(unit_has_marker(&g->units[sq], MK_ORANGE));
	assert_true(unit_present(&g->units[sq]));
	assert_false(unit_present(&g->units[gun[0]]));
	g->phase = PHASE_FIRE;
	/* L1 touches only abandoned guns: it is not in contact, and Q (0.5
	 * cm from its front corner's reach) is a target. */
	assert_true(fire_check(g, col[0], sq, NULL, &s));
	assert_false(fire_check(g, col[0], gun[0], NULL, &s));
	assert_null(volley_may_fire(g, &g->units[sq]));
	assert_non_null(volley_may_fire(g, &g->units[gun[0]]));
	game_free(g);
}

/* Re-manning one battery leaves the other abandoned, still sheltered by
 * the square; the square's marker goes with the last crews. */
static void test_crews_reman(void **state)
{
	int gun[2], sq, col[2], e;
	struct game *g = crews_game(gun, &sq, col);
	(void)state;
	/* The columns go; an enemy battery stays 9.5 cm from G2 and 12.5 cm
	 * from Q and G1. */
	g->units[col[0]].state = US_ELIMINATED;
	g->units[col[1]].state = US_ELIMINATED;
	e = add_unit(g, "E", SIDE_A, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 65.25, 50, 270);
	/* Not at the end of a French initiative. */
	react_end_initiative(g);
	assert_true(unit_abandoned(&g->units[gun[0]]));
	g->initiative = SIDE_B;
	react_end_initiative(g);
	assert_false(unit_has_marker(&g->units[gun[0]], MK_ORANGE));
	assert_int_equal(g->units[gun[0]].shelter, 0);
	assert_int_equal(g->units[gun[1]].state, US_ACTIVE);
	assert_true(unit_abandoned(&g->units[gun[1]]));
	assert_int_equal(g->units[gun[1]].shelter, sq + 1);
	assert_true(unit_has_marker(&g->units[sq], MK_ORANGE));
	g->units[e].state = US_ELIMINATED;
	react_end_initiative(g);
	assert_false(unit_has_marker(&g->units[gun[1]], MK_ORANGE));
	assert_false(unit_has_marker(&g->units[sq], MK_ORANGE));
	assert_non_null(find_line(g, "The crews of G2 leave Q and man their guns again."));
	game_free(g);
}

/* Guns are lost the moment their square moves out of contact with them
 * (here it inches away in its own initiative), or when it is eliminated. */
static void test_crews_lost(void **state)
{
	int gun[2], sq, col[2];
	struct game *g = crews_game(gun, &sq, col);
	struct controller side = { .decide = decide_crews };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct order o = order_new(ORD_INCH);
	char why[256];
	(void)state;
	g->units[col[0]].state = US_ELIMINATED;
	g->units[col[1]].state = US_ELIMINATED;
	g->initiative = SIDE_B;
	g->active_brigade = 1;
	o.unit = sq;
	o.a = 0;
	o.b = 4;
	if (order_exec(g, ctl, SIDE_B, &o, why, sizeof why) != 0)
		fail_msg("inch refused: %s", why);
	for (int k = 0; k < 2; k++)
		assert_int_equal(g->units[gun[k]].state, US_ELIMINATED);
	assert_false(unit_has_marker(&g->units[sq], MK_ORANGE));
	assert_non_null(find_line(g, "G2 (unit G2) is eliminated: its crews' square has left it"));
	game_free(g);

	g = crews_game(gun, &sq, col);
	react_eliminate(g, sq, "test");
	for (int k = 0; k < 2; k++)
		assert_int_equal(g->units[gun[k]].state, US_ELIMINATED);
	assert_non_null(find_line(g, "G1 (unit G1) is eliminated: its crews' square is gone"));
	game_free(g);
}

/* Skirmishers fall back the most the rules allow, 18 cm. */
static int decide_fallback(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	d->choice = d->kind == DK_FALLBACK ? 1 : 0;
	d->value = d->opt[d->choice].hi;
	return 0;
}

/* Austrian skirmishers S (y 49..51), reached by a French column from the
 * south, fall back 18 cm north through friends; *s gets S. */
static struct game *fallback_game(int *s, int *col)
{
	struct game *g = new_game(3);
	*s = add_unit(g, "S", SIDE_B, UT_LIGHT_INF, RATING_TRAINED, FORM_SKIRMISH, 50, 50, 180);
	*col = add_unit(g, "L", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 50, 53, 0);
	return g;
}

/* "moves 12 cm to 18 cm": a friend where 18 cm would put it (a line at
 * y 32..34) makes it stop short, at the furthest clear place within its
 * range (15 cm, touching the line), never beyond 18; with friends over
 * the whole of 12 to 18 cm it is lost. */
static void test_fallback_range(void **state)
{
	struct controller side = { .decide = decide_fallback };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	int s, col;
	struct game *g = fallback_game(&s, &col);
	(void)state;
	add_unit(g, "F", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 33, 180);
	assert_int_equal(react_contact(g, ctl, col, s, 0), 0);
	assert_non_null(find_line(g, "S falls back 15.0 cm."));
	assert_int_equal(g->units[s].state, US_ACTIVE);
	assert_float_equal(g->units[s].pos.y, 35, 1e-9);
	game_free(g);

	/* A cavalry line over y 32..36 and a line over 37.5..39.5 leave no
	 * clear place from 12 to 18 cm (it would have to go 19). */
	g = fallback_game(&s, &col);
	add_unit(g, "F1", SIDE_B, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 50, 34, 180);
	add_unit(g, "F2", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 38.5, 180);
	assert_int_equal(react_contact(g, ctl, col, s, 0), 0);
	assert_int_equal(g->units[s].state, US_ELIMINATED);
	assert_non_null(find_line(g, "no clear place to stop within its reach"));
	game_free(g);
}

/* ---- each quality test of the reactions and the command, over many
 * seeds, against its exact chance: the ratings are written out here (not
 * read from the rules' table), so a changed threshold fails. ---- */

/* The eager side: tries every reaction and every test it is offered (the
 * least distance where one is asked), never returns fire. */
static int decide_eager(struct controller *c, struct game *g, struct decision *d)
{
	static const char *const want[] = { "square", "feint", "flee", "charge" };
	(void)c;
	(void)g;
	d->choice = 0;
	for (int i = 0; i < d->nopts; i++)
		for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
			if (strcmp(d->opt[i].key, want[k]) == 0)
				d->choice = i;
	d->value = d->opt[d->choice].lo;
	return 0;
}

/* One statistic: how many of TRIALS games, each set up by setup() with
 * seed base + s, pass; each trial's verdict also agrees with its logged
 * throw (the line holding what, needing need or more). */
struct trial {
	const char *what;        /* the logged test */
	int need;                /* the score the test needs, written out */
	struct game *(*setup)(uint64_t seed, int *unit);
	bool (*passed)(struct game *g, int unit);
};

static void run_trials(const struct trial *t, uint64_t base)
{
	int pass = 0;
	for (int s = 0; s < TRIALS; s++) {
		int unit;
		struct game *g = t->setup(base + (uint64_t)s, &unit);
		const char *line = find_line(g, t->what);
		bool ok;
		if (!line) {
			for (int i = 0; i < g->nlog; i++)
				print_message("# %s\n", g->log[i].text);
			fail_msg("%s: no such throw in the log", t->what);
		}
		ok = t->passed(g, unit);
		if (ok != (last_face(line) >= t->need))
			fail_msg("%s: seed %d: threw %d, %s", t->what, (int)base + s, last_face(line),
			         ok ? "passed" : "failed");
		pass += ok;
		game_free(g);
	}
	assert_rate(pass, TRIALS, (7 - t->need) / 6.0, t->what);
}

/* A charge with the eager side deciding every reaction. */
static void eager_charge(struct game *g, int charger, int target)
{
	struct controller side = { .decide = decide_eager };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	char why[256];
	if (order_charge(g, ctl, charger, target, false, why, sizeof why) != 0)
		fail_msg("charge refused: %s", why);
}

/* Feint: veteran cuirassiers (3 or more) facing a trained line's
 * emergency square (its test scripted to pass) try to feint back 6 cm. */
static struct game *feint_setup(uint64_t seed, int *k)
{
	struct game *g = new_game(seed);
	int t;
	*k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 80, 0);
	t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 60, 180);
	game_queue_dice(g, (const int[]){ 6 }, 1);
	eager_charge(g, *k, t);
	assert_int_equal(g->units[t].form, FORM_ESQUARE);
	return g;
}

static bool feint_passed(struct game *g, int k)
{
	/* In contact with the square at y 63.05; a feint is 6 cm back. */
	return g->units[k].pos.y > 66;
}

/* Limber and flee: trained horse artillery (4 or more) reached by a
 * column in command. */
static struct game *flee_setup(uint64_t seed, int *h)
{
	struct game *g = new_game(seed);
	int l;
	*h = add_unit(g, "H", SIDE_B, UT_HORSE_ART, RATING_TRAINED, FORM_BATTERY, 50, 75, 180);
	l = add_unit(g, "L", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 50, 81, 0);
	eager_charge(g, l, *h);
	return g;
}

static bool flee_passed(struct game *g, int h)
{
	return g->units[h].state == US_ACTIVE;
}

/* Opportunity charge: trained Austrian light cavalry in command (4 or
 * more), 6.75 cm beside a French column that moves on. */
static struct game *opportunity_setup(uint64_t seed, int *o)
{
	struct controller side = { .decide = decide_eager };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct game *g = new_game(seed);
	struct commander k = { .id = "C1", .name = "corps B", .side = SIDE_B, .level = CL_CORPS,
	                       .of = 1, .rating = CR_EXCELLENT, .pos = { 75, 72 },
	                       .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	struct order mv = order_new(ORD_MOVE);
	char why[256];
	g->corps[SIDE_B].commander = game_add_commander(g, &k);
	mv.unit = add_unit(g, "M", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 50, 80, 0);
	*o = add_unit(g, "O", SIDE_B, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 60, 72, 270);
	mv.a = 6;
	if (order_exec(g, ctl, SIDE_A, &mv, why, sizeof why) != 0)
		fail_msg("move refused: %s", why);
	return g;
}

static bool opportunity_passed(struct game *g, int o)
{
	return find_line(g, "O opportunity-charges M") != NULL && (g->units[o].acted & UA_CHARGING);
}

/* A cautious charge: veteran cuirassiers 18.75 cm from their corps
 * commander (radius 18: cautious) charge a line 10 cm ahead. */
static struct game *cautious_setup(uint64_t seed, int *k)
{
	struct game *g = new_game(seed);
	int t;
	*k = add_unit(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 50, 68, 0);
	t = add_unit(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 55, 180);
	assert_int_equal(command_status(g, &g->units[*k], NULL), CS_CAUTIOUS);
	eager_charge(g, *k, t);
	return g;
}

static bool cautious_passed(struct game *g, int k)
{
	(void)k;
	return find_line(g, "K charges T") != NULL;
}

static void test_reaction_statistics(void **state)
{
	static const struct trial trials[] = {
		{ "K tries to feint (Veteran: 3 or more)", 3, feint_setup, feint_passed },
		{ "H tries to limber up and flee (Trained: 4 or more)", 4, flee_setup, flee_passed },
		{ "O tests to opportunity-charge (Trained: 4 or more)", 4, opportunity_setup,
		  opportunity_passed },
		{ "K tests to charge (in command but cautious) (Veteran: 3 or more)", 3, cautious_setup,
		  cautious_passed },
	};
	(void)state;
	for (size_t i = 0; i < sizeof trials / sizeof trials[0]; i++)
		run_trials(&trials[i], 20000 + 5000 * i);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quality_table),
		cmocka_unit_test(test_quality_statistics),
		cmocka_unit_test(test_esquare_statistics),
		cmocka_unit_test(test_esquare_after_pivot),
		cmocka_unit_test(test_esquare_no_room),
		cmocka_unit_test(test_charge_touching_friend),
		cmocka_unit_test(test_extended_charge_statistics),
		cmocka_unit_test(test_crews_square_is_there),
		cmocka_unit_test(test_crews_reman),
		cmocka_unit_test(test_crews_lost),
		cmocka_unit_test(test_fallback_range),
		cmocka_unit_test(test_reaction_statistics),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
