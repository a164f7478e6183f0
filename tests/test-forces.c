/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-forces: a random battle's forces, through forces.h, every die
 * scripted: the organisation thrown once for both sides (battalions,
 * light regiments, batteries, cavalry regiments and horse batteries,
 * divisions and the second cavalry brigade of a corps), then a side's
 * force raised to it, each unit's rating and strength thrown from its
 * nation's table (the French: 1-2 Trained, 3-5 Veteran, 6 Elite;
 * battalions of 500 to 720 men, regiments of 350 to 550; eight-gun
 * batteries, six for horse artillery; strength points at 100 men or 2
 * guns, "How do we determine the strength of a unit?"), its names and
 * ids from the pick stream, never from the dice. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/forces.h"
#include "engine/game.h"
#include "test-util.h"
#include "io/load-rules.h"

static void dice(struct game *g, int n, const int *pips)
{
	assert_int_equal(game_queue_dice(g, pips, n), 0);
}

/* A division: 2 infantry brigades (battalions: 4 + one on a 3 or more
 * + one on a 5 or more; a light regiment on a 5 or 6), its batteries
 * (2 on a 6), one cavalry brigade (3 regiments on a 5 or 6, a horse
 * battery on a 5 or 6). */
static void test_shape_division(void **state)
{
	struct game *g = game_new(1);
	struct force_shape s;
	int pips[] = { 3, 5, 2, 4, 6, 5, 4 };
	(void)state;
	dice(g, 7, pips);
	forces_shape(g, FS_DIVISION, &s);
	assert_int_equal(g->script_pos, 7);
	assert_int_equal(s.size, FS_DIVISION);
	assert_int_equal(s.divisions, 1);
	assert_int_equal(s.battalions[0][0], 5);
	assert_true(s.light[0][0]);
	assert_int_equal(s.battalions[0][1], 4);
	assert_false(s.light[0][1]);
	assert_int_equal(s.batteries[0], 2);
	assert_int_equal(s.regiments[0], 3);
	assert_false(s.horse[0]);
	assert_string_equal(g->log[0].text, "Both forces: division 1, brigade 1: battalions, and a light regiment: "
	                                    "2D6 3+5 = 8");
	game_free(g);
}

/* A corps: 2 infantry divisions on 1-3, 3 on 4-6; two cavalry brigades;
 * the second dragoons (1-3), heavy (4-5) or light (6). */
static void test_shape_corps(void **state)
{
	struct game *g = game_new(1);
	struct force_shape s;
	int pips[] = { 4,                 /* 3 divisions */
		       6, 1, 1, 6, 5,     /* division 1: 6 battalions, 4 and light, 1 battery */
		       2, 2, 2, 2, 1,     /* division 2 */
		       5, 5, 5, 5, 6,     /* division 3: 2 batteries */
		       4, 6, 1, 1,        /* cavalry: 2 regiments and a horse battery, 2 */
		       5 };               /* the second brigade heavy */
	(void)state;
	dice(g, 21, pips);
	forces_shape(g, FS_CORPS, &s);
	assert_int_equal(g->script_pos, 21);
	assert_int_equal(s.divisions, 3);
	assert_int_equal(s.battalions[0][0], 6);
	assert_false(s.light[0][0]);
	assert_int_equal(s.battalions[0][1], 4);
	assert_true(s.light[0][1]);
	assert_int_equal(s.batteries[0], 1);
	assert_int_equal(s.batteries[2], 2);
	assert_int_equal(s.battalions[2][1], 6);
	assert_int_equal(s.regiments[0], 2);
	assert_true(s.horse[0]);
	assert_int_equal(s.regiments[1], 2);
	assert_false(s.horse[1]);
	assert_int_equal(s.second, 1);
	game_free(g);

	g = game_new(1);
	dice(g, 1, (int[]){ 3 });
	forces_shape(g, FS_CORPS, &s);
	assert_int_equal(s.divisions, 2);
	game_free(g);
}

/* The units of brigade b, in order; how many. */
static int brigade_units(const struct game *g, int b, int *out)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].brigade == b)
			out[n++] = i;
	return n;
}

static const struct force_shape small = {
	.size = FS_DIVISION, .divisions = 1, .battalions = { { 4, 4 } }, .light = { { true, false } },
	.batteries = { 1 }, .regiments = { 2 }, .horse = { true },
};

/* Ratings, then strengths, brigade by brigade: 4 + 4, 4 + 4, 1, 3 + 2. */
static const int raise_pips[] = { 1, 3, 6, 2,  1, 6, 4, 1,
				  5, 5, 5, 5,  2, 2, 2, 2,
				  6,
				  2, 3, 4,  6, 1 };

static void test_raise_a_division(void **state)
{
	struct game *g = game_new(1);
	char why[MSG_LEN] = "";
	int u[16], n, corps, b;
	uint64_t draws;
	(void)state;
	dice(g, 22, raise_pips);
	draws = g->dice.draws;
	assert_int_equal(forces_raise(g, SIDE_A, NAT_FRENCH, &small, 42, why, sizeof why), 0);
	assert_int_equal(g->script_pos, 22);
	assert_true(g->dice.draws - draws == 22); /* the pick stream threw none */
	assert_string_equal(g->side[SIDE_A].name, "French");
	assert_string_equal(forces_plural(NAT_FRENCH), "French");
	corps = g->side[SIDE_A].corps;
	assert_int_equal(g->corps[corps].nat, NAT_FRENCH);
	assert_int_equal(g->ndivs, 1);
	assert_int_equal(g->nbrigs, 4);
	assert_int_equal(g->nunits, 4 + 4 + 1 + 3);
	/* Corps, division and the three brigades with a brigadier. */
	assert_int_equal(g->ncmdrs, 5);

	/* The first brigade: the light regiment first, two battalions. */
	b = 0;
	assert_int_equal(g->brigs[b].kind, BK_INFANTRY);
	n = brigade_units(g, b, u);
	assert_int_equal(n, 4);
	assert_int_equal(g->units[u[0]].type, UT_LIGHT_INF);
	assert_int_equal(g->units[u[1]].type, UT_LIGHT_INF);
	assert_int_equal(g->units[u[2]].type, UT_LINE_INF);
	assert_int_equal(g->units[u[0]].rating, RATING_TRAINED);  /* 1 */
	assert_int_equal(g->units[u[1]].rating, RATING_VETERAN);  /* 3 */
	assert_int_equal(g->units[u[2]].rating, RATING_ELITE);    /* 6 */
	assert_int_equal(g->units[u[3]].rating, RATING_TRAINED);  /* 2 */
	assert_int_equal(g->units[u[0]].men, 500);                /* 1: 500 */
	assert_int_equal(g->units[u[1]].men, 720);                /* 6: 720 */
	assert_int_equal(g->units[u[2]].men, 630);                /* 4: 632 */
	assert_int_equal(g->units[u[0]].sp, 5);
	assert_int_equal(g->units[u[1]].sp, 7);
	assert_int_equal(g->units[u[2]].sp, 6);
	assert_int_equal(g->units[u[2]].sp0, 6);

	/* The second brigade all Veteran, 544 men: 540, 5 SP. */
	n = brigade_units(g, 1, u);
	assert_int_equal(n, 4);
	for (int i = 0; i < n; i++) {
		assert_int_equal(g->units[u[i]].type, UT_LINE_INF);
		assert_int_equal(g->units[u[i]].rating, RATING_VETERAN);
		assert_int_equal(g->units[u[i]].men, 540);
	}

	/* The division's artillery: one eight-gun battery, 4 SP, Elite. */
	assert_int_equal(g->brigs[2].kind, BK_ARTILLERY);
	n = brigade_units(g, 2, u);
	assert_int_equal(n, 1);
	assert_int_equal(g->units[u[0]].type, UT_FOOT_ART);
	assert_int_equal(g->units[u[0]].guns, 8);
	assert_int_equal(g->units[u[0]].sp, 4);
	assert_int_equal(g->units[u[0]].rating, RATING_ELITE);

	/* The light cavalry: two regiments of hussars and six horse guns. */
	assert_int_equal(g->brigs[3].kind, BK_CAVALRY);
	n = brigade_units(g, 3, u);
	assert_int_equal(n, 3);
	assert_int_equal(g->units[u[0]].type, UT_LIGHT_CAV);
	assert_int_equal(g->units[u[2]].type, UT_HORSE_ART);
	assert_int_equal(g->units[u[2]].guns, 6);
	assert_int_equal(g->units[u[2]].sp, 3);
	assert_int_equal(g->units[u[0]].men, 550); /* 6 */
	assert_int_equal(g->units[u[1]].men, 350); /* 1 */
	for (int i = 0; i < g->nunits; i++) {
		assert_int_equal(g->units[i].side, SIDE_A);
		assert_int_equal(g->units[i].nat, NAT_FRENCH);
		assert_int_equal(g->units[i].sp, g->units[i].sp0);
	}
	game_free(g);
}

/* The same pick gives the same names; two forces in one game never share
 * an id, and the dice they throw are the same however they are named. */
static void test_names_from_the_pick(void **state)
{
	struct game *g = game_new(1), *h = game_new(1);
	char why[MSG_LEN];
	(void)state;
	dice(g, 22, raise_pips);
	dice(g, 22, raise_pips);
	dice(h, 22, raise_pips);
	assert_int_equal(forces_raise(g, SIDE_A, NAT_FRENCH, &small, 7, why, sizeof why), 0);
	assert_int_equal(forces_raise(h, SIDE_A, NAT_FRENCH, &small, 7, why, sizeof why), 0);
	for (int i = 0; i < h->nunits; i++) {
		assert_string_equal(g->units[i].id, h->units[i].id);
		assert_string_equal(g->units[i].name, h->units[i].name);
	}
	assert_int_equal(forces_raise(g, SIDE_B, NAT_FRENCH, &small, 7, why, sizeof why), 0);
	assert_int_equal(g->nunits, 24);
	for (int i = 0; i < g->nunits; i++)
		for (int j = 0; j < i; j++)
			assert_true(strcmp(g->units[i].id, g->units[j].id) != 0);
	for (int i = 0; i < g->ncorps; i++)
		for (int j = 0; j < i; j++)
			assert_true(strcmp(g->corps[i].id, g->corps[j].id) != 0);
	for (int i = 12; i < 24; i++)
		assert_int_equal(g->units[i].rating, g->units[i - 12].rating);
	game_free(g);
	game_free(h);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shape_division),
		cmocka_unit_test(test_shape_corps),
		cmocka_unit_test(test_raise_a_division),
		cmocka_unit_test(test_names_from_the_pick),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
