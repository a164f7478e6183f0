/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fire: how many dice a shot throws and what they hit: the dice
 * tables, range bands, bonuses, halvings, the weather, the hit table and
 * real shots through volley_fire (test-fire-zone: who may fire at what). */
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
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/volley.h"
#include "test-fire.h"
#include "io/load-rules.h"

/* Footprints used below: see test-fire.h. */

/* ---- dice tables ---- */

static void test_small_arms_dice(void **state)
{
	static const struct {
		enum unit_type type;
		enum formation form;
		int dice;
	} rows[] = {
		{ UT_LINE_INF, FORM_LINE, 2 },
		{ UT_LIGHT_INF, FORM_SKIRMISH, 2 },
		{ UT_LINE_INF, FORM_COLUMN, 1 },
		{ UT_LINE_INF, FORM_SQUARE, 1 },
		{ UT_LINE_INF, FORM_ESQUARE, 1 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		int u, t;
		struct game *g = musket_duel(2, &u, &t);
		struct fire_shot s;
		g->units[u].type = rows[i].type;
		g->units[u].form = rows[i].form;
		s = expect_shot(g, u, t, rows[i].dice);
		assert_int_equal(s.base, rows[i].dice);
		assert_int_equal(s.bonus, 0);
		assert_int_equal(s.halvings, 0);
		assert_int_equal(s.band, RANGE_CLOSE);
		assert_int_equal(s.face, 0);
		game_free(g);
	}
}

static void test_small_arms_detail(void **state)
{
	int u, t;
	struct game *g = musket_duel(2, &u, &t);
	struct fire_shot s;
	(void)state;
	s = expect_shot(g, u, t, 2);
	assert_string_equal(s.detail, "line 2 = 2 dice");
	/* The rules' example: a line at a column, three dice. */
	g->units[t].form = FORM_COLUMN;
	s = expect_shot(g, u, t, 3);
	assert_string_equal(s.detail, "line 2, target in column +1 = 3 dice");
	game_free(g);
}

static void test_artillery_dice(void **state)
{
	static const enum weight w[3] = { WEIGHT_LIGHT, WEIGHT_MEDIUM, WEIGHT_HEAVY };
	static const double range[3] = { 10, 30, 60 };
	static const enum range_band band[3] = { RANGE_CLOSE, RANGE_MEDIUM, RANGE_LONG };
	static const int dice[3][3] = { { 2, 1, 0 }, { 3, 2, 1 }, { 4, 3, 2 } };
	(void)state;
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			int u, t;
			struct game *g = battery_duel(w[i], range[j], &u, &t);
			struct fire_shot s = expect_shot(g, u, t, dice[i][j]);
			assert_int_equal(s.band, band[j]);
			assert_int_equal(s.base, dice[i][j]);
			assert_float_equal(s.range, range[j], 1e-9);
			game_free(g);
		}
}

static void test_artillery_detail(void **state)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 60, &u, &t);
	struct fire_shot s;
	(void)state;
	g->units[t].type = UT_FOOT_ART;
	g->units[t].form = FORM_BATTERY;
	s = expect_shot(g, u, t, 1);
	assert_string_equal(s.detail, "heavy guns at long range 2, target unformed: halved = 1 die");
	game_free(g);
}

/* ---- ranges ---- */

static void test_range_bands(void **state)
{
	static const struct {
		double range;
		bool ok;
		enum range_band band;
		int dice;
	} rows[] = {
		{ 0.5, true, RANGE_CLOSE, 3 },
		{ 19.9, true, RANGE_CLOSE, 3 },
		{ 20.0, true, RANGE_CLOSE, 3 },
		{ 20.1, true, RANGE_MEDIUM, 2 },
		{ 40.0, true, RANGE_MEDIUM, 2 },
		{ 40.1, true, RANGE_LONG, 1 },
		{ 80.0, true, RANGE_LONG, 1 },
		{ 80.1, false, RANGE_CLOSE, 0 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		int u, t;
		struct game *g = battery_duel(WEIGHT_MEDIUM, rows[i].range, &u, &t);
		if (rows[i].ok) {
			struct fire_shot s = expect_shot(g, u, t, rows[i].dice);
			assert_int_equal(s.band, rows[i].band);
		} else {
			expect_refused(g, u, t, "out of range");
		}
		game_free(g);
	}
}

static void test_small_arms_range(void **state)
{
	int u, t;
	struct game *g = musket_duel(4, &u, &t);
	struct fire_shot s;
	(void)state;
	s = expect_shot(g, u, t, 2);
	assert_float_equal(s.range, 4, 1e-9);
	game_free(g);
	g = musket_duel(4.1, &u, &t);
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: B1 is out of range (4.1 cm; small arms reach 4 cm)");
	game_free(g);
}

/* The range runs from the closest point of the firer to the aim: with
 * the target askew, the best aim is the nearest point of its footprint. */
static void test_range_to_nearest_point(void **state)
{
	struct game *g = new_game();
	int u = add_unit(g, "A1", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 100, 0);
	int t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 63, 84, 210);
	struct fire_shot s;
	(void)state;
	s = expect_shot(g, u, t, 3);
	assert_float_equal(s.range, game_unit_distance(&g->units[u], &g->units[t]), 1e-9);
	game_free(g);
}

/* ---- bonuses and halvings ---- */

static void test_bonuses(void **state)
{
	int u, t;
	struct game *g;
	struct fire_shot s;
	(void)state;

	/* Guard infantry +1. */
	g = musket_duel(2, &u, &t);
	g->units[u].rating = RATING_GUARD;
	s = expect_shot(g, u, t, 3);
	assert_int_equal(s.bonus, 1);
	assert_non_null(strstr(s.detail, "Guard infantry +1"));
	game_free(g);

	/* British artillery +1, not the King's German Legion; Guard
	 * artillery gets nothing for being Guard. */
	g = battery_duel(WEIGHT_MEDIUM, 10, &u, &t);
	g->units[u].rating = RATING_GUARD;
	expect_shot(g, u, t, 3);
	g->units[u].nat = NAT_BRITISH;
	s = expect_shot(g, u, t, 4);
	assert_non_null(strstr(s.detail, "British artillery +1"));
	g->units[u].flags |= UF_KGL;
	expect_shot(g, u, t, 3);
	game_free(g);

	/* French Guard or Elite artillery +1; French Veteran nothing. */
	g = battery_duel(WEIGHT_MEDIUM, 10, &u, &t);
	g->units[u].nat = NAT_FRENCH;
	expect_shot(g, u, t, 3);
	g->units[u].rating = RATING_ELITE;
	s = expect_shot(g, u, t, 4);
	assert_non_null(strstr(s.detail, "French Elite artillery +1"));
	g->units[u].rating = RATING_GUARD;
	expect_shot(g, u, t, 4);
	/* French infantry rated Elite get nothing. */
	game_free(g);
	g = musket_duel(2, &u, &t);
	g->units[u].nat = NAT_FRENCH;
	g->units[u].rating = RATING_ELITE;
	expect_shot(g, u, t, 2);
	game_free(g);

	/* Any square or a column as the target +1: infantry or cavalry. */
	static const enum formation forms[] = { FORM_COLUMN, FORM_SQUARE, FORM_ESQUARE };
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		g = musket_duel(2, &u, &t);
		g->units[t].form = forms[i];
		s = expect_shot(g, u, t, 3);
		assert_int_equal(s.bonus, 1);
		game_free(g);
	}
	g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	g->units[t].type = UT_HEAVY_CAV;
	expect_shot(g, u, t, 4);
	g->units[t].form = FORM_COLUMN;
	expect_shot(g, u, t, 5);
	game_free(g);
}

/* The rules' own examples. */
static void test_rule_examples(void **state)
{
	int u, t;
	struct game *g;
	struct fire_shot s;
	(void)state;

	/* A heavy battery at another battery at long range: 2 halved = 1. */
	g = battery_duel(WEIGHT_HEAVY, 50, &u, &t);
	g->units[t].type = UT_FOOT_ART;
	g->units[t].form = FORM_BATTERY;
	s = expect_shot(g, u, t, 1);
	assert_true(s.at_unformed);
	assert_int_equal(s.halvings, 1);
	assert_int_equal(s.base, 2);
	game_free(g);

	/* A British medium battery at a battery at long range: 1 + 1 = 2,
	 * halved = 1. */
	g = battery_duel(WEIGHT_MEDIUM, 50, &u, &t);
	g->units[u].nat = NAT_BRITISH;
	g->units[t].type = UT_HORSE_ART;
	g->units[t].form = FORM_BATTERY;
	s = expect_shot(g, u, t, 1);
	assert_int_equal(s.base, 1);
	assert_int_equal(s.bonus, 1);
	assert_int_equal(s.halvings, 1);
	game_free(g);

	/* A light battery at a column at long range: 0 + 1 = 1. */
	g = battery_duel(WEIGHT_LIGHT, 50, &u, &t);
	g->units[t].form = FORM_COLUMN;
	s = expect_shot(g, u, t, 1);
	assert_int_equal(s.base, 0);
	assert_int_equal(s.bonus, 1);
	game_free(g);

	/* Small arms at a skirmish line: 2 halved = 1. */
	g = musket_duel(2, &u, &t);
	g->units[t].type = UT_LIGHT_INF;
	g->units[t].form = FORM_SKIRMISH;
	s = expect_shot(g, u, t, 1);
	assert_true(s.at_unformed);
	game_free(g);
}

static void test_halve(void **state)
{
	(void)state;
	assert_int_equal(fire_halve(7, 0), 7);
	assert_int_equal(fire_halve(7, 1), 3);
	assert_int_equal(fire_halve(7, 2), 1);
	assert_int_equal(fire_halve(7, 3), 0);
	assert_int_equal(fire_halve(6, 2), 1);
	assert_int_equal(fire_halve(5, 1), 2);
	assert_int_equal(fire_halve(1, 1), 0);
	assert_int_equal(fire_halve(0, 2), 0);
	assert_int_equal(fire_halve(-3, 0), 0);
	assert_int_equal(fire_halve(7, 100), 0);
	/* Rounding once at the end is rounding at every step. */
	for (int d = 0; d < 40; d++)
		for (int n = 0; n < 5; n++) {
			int step = d;
			for (int k = 0; k < n; k++)
				step /= 2;
			assert_int_equal(fire_halve(d, n), step);
			assert_int_equal(fire_halve(d, n), (int)floor(d / pow(2, n)));
		}
}

/* Halvings are cumulative and rounded down once at the end; a shot of
 * no dice is still eligible. */
static void test_halvings_cumulative(void **state)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	struct fire_shot s;
	(void)state;
	g->units[u].nat = NAT_BRITISH;
	g->units[t].form = FORM_COLUMN;
	add_rect(g, TT_WOOD, "Bois", 40, 78, 60, 95);
	/* 4 + 1 British + 1 column = 6, cover: 3. */
	s = expect_shot(g, u, t, 3);
	assert_true(s.cover);
	assert_int_equal(s.halvings, 1);
	/* And showers: 6 halved twice = 1. */
	g->wx.sky = SKY_SHOWERS;
	s = expect_shot(g, u, t, 1);
	assert_true(s.showers);
	assert_int_equal(s.halvings, 2);
	/* A skirmish line instead: 4 + 1 = 5 halved three times = 0. */
	g->units[t].type = UT_LIGHT_INF;
	g->units[t].form = FORM_SKIRMISH;
	s = expect_shot(g, u, t, 0);
	assert_int_equal(s.base + s.bonus, 5);
	assert_int_equal(s.halvings, 3);
	assert_true(s.at_unformed && s.cover && s.showers && !s.through_unformed);
	/* Without the showers 5 halved twice = 1. */
	g->wx.sky = SKY_CLEAR;
	expect_shot(g, u, t, 1);
	game_free(g);

	/* A light battery at long range at a line: 0 dice, still eligible. */
	g = battery_duel(WEIGHT_LIGHT, 50, &u, &t);
	s = expect_shot(g, u, t, 0);
	assert_string_equal(s.detail, "light guns at long range 0 = 0 dice");
	game_free(g);
}

/* ---- weather ---- */

static void test_weather(void **state)
{
	int u, t;
	struct game *g;
	struct fire_shot s;
	(void)state;

	g = musket_duel(2, &u, &t);
	g->wx.sky = SKY_RAIN;
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: in the rain no musket or gun can fire (wet powder)");
	g->wx.sky = SKY_WIND;
	expect_shot(g, u, t, 2);
	g->wx.sky = SKY_SHOWERS;
	s = expect_shot(g, u, t, 1);
	assert_true(s.showers);
	assert_string_equal(s.detail, "line 2, showers: halved = 1 die");
	game_free(g);

	/* Strong winds: no artillery at long range; medium is fine. */
	g = battery_duel(WEIGHT_HEAVY, 47.5, &u, &t);
	g->wx.sky = SKY_WIND;
	expect_refused(g, u, t, "no artillery fires at long range in strong winds");
	g->units[t].pos.y += 10; /* 37.5 cm */
	s = expect_shot(g, u, t, 3);
	assert_int_equal(s.band, RANGE_MEDIUM);
	game_free(g);

	/* A target straddling 40 cm in the wind: the medium-range part. */
	g = new_game();
	u = add_unit(g, "A1", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 100, 0);
	t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 50, 57, 180);
	g->units[u].weight = WEIGHT_HEAVY;
	g->wx.sky = SKY_WIND;
	s = expect_shot(g, u, t, 4); /* 3 + column */
	assert_float_equal(s.range, 39.5, 1e-9);
	game_free(g);

	/* Visibility: nothing beyond what can be seen. */
	g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	g->wx.sky = SKY_MIST;
	g->wx.sky_sight = 12;
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: B1 is 17.5 cm away, beyond the 12 cm that can be seen");
	g->units[t].pos.y += 7.5; /* 10 cm */
	expect_shot(g, u, t, 4);
	/* Night has fallen. */
	g->wx.sky_sight = 0;
	g->wx.dusk = true;
	g->turn = 50;
	expect_refused(g, u, t, "beyond the 0 cm that can be seen");
	game_free(g);
}

/* ---- hits ---- */

static void test_hits(void **state)
{
	(void)state;
	for (int s = 0; s <= 5; s++)
		assert_int_equal(fire_hits(s), 0);
	assert_int_equal(fire_hits(6), 1);
	assert_int_equal(fire_hits(11), 1);
	assert_int_equal(fire_hits(12), 2);
	assert_int_equal(fire_hits(17), 2);
	assert_int_equal(fire_hits(18), 3);
	assert_int_equal(fire_hits(47), 7);
	assert_int_equal(fire_hits(48), 8);
	assert_int_equal(fire_hits(-1), 0);
}

/* The mean hits of three dice thrown many times is the exact mean found
 * by counting all 216 outcomes (288/216 = 4/3). */
static void test_hits_statistics(void **state)
{
	struct rng r;
	const int n = 100000;
	long total = 0, exact = 0, exact_sq = 0;
	double mean, var, sigma;
	(void)state;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			for (int c = 1; c <= 6; c++) {
				int h = fire_hits(a + b + c);
				exact += h;
				exact_sq += h * h;
			}
	mean = exact / 216.0;
	assert_float_equal(mean, 4.0 / 3.0, 1e-12);
	var = exact_sq / 216.0 - mean * mean;
	sigma = sqrt(var / n);
	rng_seed(&r, 20240601);
	for (int i = 0; i < n; i++)
		total += fire_hits(rng_d6(&r) + rng_d6(&r) + rng_d6(&r));
	assert_true(fabs((double)total / n - mean) < 4 * sigma);
}

/* Real shots through volley_fire and the game's dice: a veteran line in
 * command fires at a column 1 cm ahead (line 2 + column 1 = 3 dice), over
 * many seeds; the strength points lost per shot average the exact mean
 * of floor(sum / 6) over the 216 throws of three dice, 4/3 (the 6 pips a
 * hit and the dice written out here, so a changed table fails).  A
 * veteran line out of command fires 4 times in 6 (3 or more). */
static int hold_fire(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	d->choice = 0; /* hold, let it fire, stand */
	return 0;
}

static void test_shot_statistics(void **state)
{
	struct controller side = { .decide = hold_fire };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	const int n = 3000;
	long exact = 0, exact_sq = 0, lost = 0;
	int fired = 0;
	double mean, sigma;
	(void)state;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++)
			for (int c = 1; c <= 6; c++) {
				int h = (a + b + c) / 6;
				exact += h;
				exact_sq += (long)h * h;
			}
	mean = exact / 216.0;
	assert_float_equal(mean, 4.0 / 3.0, 1e-12);
	sigma = sqrt((exact_sq / 216.0 - mean * mean) / n);
	for (int i = 0; i < n; i++) {
		for (int in_command = 1; in_command >= 0; in_command--) {
			struct game *g = new_game();
			struct commander k = { .id = "C0", .name = "corps A", .side = SIDE_A,
			                       .level = CL_CORPS, .of = 0, .rating = CR_EXCELLENT,
			                       .pos = { 50, 60 }, .state = US_ACTIVE, .attached = -1,
			                       .detached_from = -1 };
			int u = add_unit(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 50, 0);
			int t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 50, 46, 180);
			char why[256];
			if (in_command)
				g->corps[SIDE_A].commander = game_add_commander(g, &k);
			g->initiative = SIDE_A;
			g->active_brigade = 0;
			g->phase = PHASE_FIRE;
			rng_seed(&g->dice, 40000 + (uint64_t)i);
			if (volley_fire(g, ctl, u, t, NULL, why, sizeof why) != 0)
				fail_msg("fire refused: %s", why);
			if (in_command) {
				lost += 6 - g->units[t].sp;
			} else {
				const char *test = NULL;
				bool shot = false;
				for (int l = 0; l < g->nlog; l++) {
					if (strstr(g->log[l].text, "A1 tests to fire (not in command) "
					                           "(Veteran: 3 or more): 1D6 "))
						test = g->log[l].text;
					if (strncmp(g->log[l].text, "A1 fires at B1 ", 15) == 0)
						shot = true;
				}
				assert_non_null(test);
				assert_int_equal(shot, atoi(strrchr(test, ' ') + 1) >= 3);
				fired += shot;
			}
			game_free(g);
		}
	}
	if (fabs((double)lost / n - mean) > 4 * sigma)
		fail_msg("SP lost per shot: %.4f over %d shots, expected %.4f within %.4f",
		         (double)lost / n, n, mean, 4 * sigma);
	if (fabs((double)fired / n - 4.0 / 6) > 4 * sqrt(4.0 / 6 * 2.0 / 6 / n))
		fail_msg("not in command: fired %d of %d, expected 4 in 6", fired, n);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small_arms_dice),
		cmocka_unit_test(test_small_arms_detail),
		cmocka_unit_test(test_artillery_dice),
		cmocka_unit_test(test_artillery_detail),
		cmocka_unit_test(test_range_bands),
		cmocka_unit_test(test_small_arms_range),
		cmocka_unit_test(test_range_to_nearest_point),
		cmocka_unit_test(test_bonuses),
		cmocka_unit_test(test_rule_examples),
		cmocka_unit_test(test_halve),
		cmocka_unit_test(test_halvings_cumulative),
		cmocka_unit_test(test_weather),
		cmocka_unit_test(test_hits),
		cmocka_unit_test(test_hits_statistics),
		cmocka_unit_test(test_shot_statistics),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
