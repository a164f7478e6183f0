/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-move: the engine's sweeps and placement checks where they take
 * short cuts: a unit grazing an enemy (it stops where it first comes
 * within contact, however slowly it closes), sliding along a friend it
 * touches, the ground looked at only near the way (where it stops at
 * ground it may not enter, which feature that is, and what a half-rate
 * strip costs), a pivot next to such ground, the blocker test over a
 * list of units, and the placement of a scenario's garrisons (which square
 * standing on a landmark defends it). */
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

#include "engine/deploy.h"
#include "engine/game.h"
#include "engine/move.h"
#include "engine/rules.h"
#include "engine/terrain.h"
#include "test-util.h"
#include "io/load-rules.h"

static int add_unit(struct game *g, const char *id, enum side side, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, UT_LINE_INF, RATING_TRAINED, FORM_LINE, x, y, facing);
	return game_add_unit(g, &u);
}

static int add_rect(struct game *g, enum terrain_type t, bool impassable, double x0, double y0, double x1,
                    double y1)
{
	struct vec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
	struct feature f = { .type = t, .impassable = impassable, .n = 4 };
	struct feature *all = realloc(g->map.f, (size_t)(g->map.nf + 1) * sizeof *all);
	assert_non_null(all);
	g->map.f = all;
	f.pts = malloc(sizeof p);
	assert_non_null(f.pts);
	memcpy(f.pts, p, sizeof p);
	g->map.f[g->map.nf++] = f;
	map_finish(&g->map);
	return g->map.nf - 1;
}

static void sweep(const struct game *g, int unit, struct vec2 dir, double want, struct sweep *out)
{
	struct mover m;
	struct obb body = unit_footprint(&g->units[unit]);
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	move_sweep(g, &m, &body, body.c, dir, want, 100, false, out);
}

/* A line marching north while it closes on an enemy line beside it at 1
 * cm in 500: the gap of 0.06 cm comes down to contact (0.05) after 5 cm,
 * where it stops (a thousandth short).  Straight north, it never does. */
static void test_grazing_enemy(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 0);
	struct obb fa = unit_footprint(&g->units[a]), fb;
	int b = add_unit(g, "B", SIDE_B, 0, 95, 90);
	double slant = 0.002;
	struct sweep s;
	(void)state;
	fb = unit_footprint(&g->units[b]);
	assert_true(fb.w > fa.d);
	g->units[b].pos.x = 50 + fa.w / 2 + 0.06 + fb.d / 2;
	sweep(g, a, v2(slant, -sqrt(1 - slant * slant)), 20, &s);
	assert_int_equal(s.why, STOP_ENEMY);
	assert_int_equal(s.unit, b);
	assert_true(s.dist > 4.99 && s.dist < 5);
	sweep(g, a, v2(0, -1), 20, &s);
	assert_int_equal(s.why, STOP_NONE);
	assert_float_equal(s.dist, 20, 1e-12);
	game_free(g);
}

/* A line touching a friend side by side slides along it; turned 3 degrees
 * into it, it hardly moves. */
static void test_slide_along_friend(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 0);
	struct obb fa = unit_footprint(&g->units[a]);
	int f = add_unit(g, "F", SIDE_A, 50 + fa.w, 100, 0);
	struct sweep s;
	(void)state;
	sweep(g, a, geom_dir(0), 12, &s);
	assert_int_equal(s.why, STOP_NONE);
	assert_float_equal(s.dist, 12, 1e-12);
	sweep(g, a, geom_dir(3), 12, &s);
	assert_int_equal(s.why, STOP_UNIT);
	assert_int_equal(s.unit, f);
	assert_true(s.dist < 0.1);
	game_free(g);
}

/* A friend 3 cm ahead, and a move of 3.01 cm: the last small step looks
 * past the end, and the sweep must still look at the end itself, where
 * the two would overlap. */
static void test_friend_at_the_end(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 0);
	struct obb fa = unit_footprint(&g->units[a]);
	int f = add_unit(g, "F", SIDE_A, 50, 100 - fa.d - 3, 0);
	struct sweep s;
	(void)state;
	sweep(g, a, geom_dir(0), 3.01, &s);
	assert_int_equal(s.why, STOP_UNIT);
	assert_int_equal(s.unit, f);
	assert_float_equal(s.dist, 3, 2e-4);
	game_free(g);
}

/* Marching east over open ground to impassable rough ground: it stops
 * just short of entering it (at real contact, not the contact tolerance),
 * and the feature named is the map's own (a road far away comes first in
 * the list).  Across a 2 cm strip of wood it pays double for all the way
 * it is in the wood: from real contact to leaving it. */
static void test_ground_near_the_way(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 90), rough, wood;
	struct obb fa = unit_footprint(&g->units[a]);
	struct vec2 road[2] = { { 0, 10 }, { 200, 10 } };
	struct sweep s;
	(void)state;
	add_rect(g, TT_ROUGH, false, 150, 0, 160, 5);
	g->map.f[0].type = TT_ROAD;
	g->map.f[0].width = 2;
	memcpy(g->map.f[0].pts, road, sizeof road);
	g->map.f[0].n = 2;
	map_finish(&g->map);
	rough = add_rect(g, TT_ROUGH, true, 80, 80, 90, 120);
	sweep(g, a, v2(1, 0), 40, &s);
	assert_int_equal(s.why, STOP_TERRAIN);
	assert_int_equal(s.feature, rough);
	/* (at contact, or the hair short of it that a stop keeps) */
	assert_true(s.dist <= 80 - (50 + fa.d / 2) + 1e-9);
	assert_true(s.dist >= 80 - (50 + fa.d / 2) - 1e-3 - 2e-4);

	wood = add_rect(g, TT_WOOD, false, 60, 80, 62, 120);
	assert_true(wood > rough);
	sweep(g, a, v2(1, 0), 20, &s);
	assert_int_equal(s.why, STOP_NONE);
	assert_true(s.half);
	assert_float_equal(s.dist, 20, 1e-12);
	assert_float_equal(s.cost, 20 + (rules_terrain_limits.half_rate_cost - 1) * (2 + fa.d),
	                   2e-4);
	game_free(g);
}

/* A line beside impassable ground may not swing into it; the feature
 * named is the map's own. */
static void test_pivot_by_ground(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 0), rough;
	struct obb fa = unit_footprint(&g->units[a]);
	(void)state;
	add_rect(g, TT_ROUGH, false, 150, 0, 160, 5);
	rough = add_rect(g, TT_ROUGH, true, 50 - 1, 100 + fa.d / 2 + 0.5, 50 + 1, 130);
	assert_int_equal(move_pivot_blocker(g, a, 0, 90), block_of_feature(rough));
	/* Moved off, it turns freely. */
	g->units[a].pos.x = 20;
	assert_int_equal(move_pivot_blocker(g, a, 0, 90), BLOCK_NONE);
	game_free(g);
}

/* On a map of many features (a random battlefield has well over a
 * hundred) the blocking feature is told from the table's edge whatever
 * its index: the 99th was once taken for the edge. */
static void test_blocker_many_features(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 0), rough = -1, k;
	struct obb fa = unit_footprint(&g->units[a]);
	(void)state;
	for (int i = 0; i < 98; i++)
		add_rect(g, TT_ROUGH, false, 150 + (i % 10) * 3, (i / 10) * 3, 151 + (i % 10) * 3, 1 + (i / 10) * 3);
	rough = add_rect(g, TT_ROUGH, true, 50 - 1, 100 + fa.d / 2 + 0.5, 50 + 1, 130);
	assert_int_equal(rough, 98);
	k = move_pivot_blocker(g, a, 0, 90);
	assert_true(blocker_is_feature(k));
	assert_int_equal(blocker_feature(k), 98);
	assert_int_not_equal(k, BLOCK_EDGE);
	game_free(g);
}

/* The blocker test over a list of units finds what the full test finds
 * when the list holds every unit the footprint could touch, and nothing
 * that is not listed. */
static void test_blocker_among(void **state)
{
	struct game *g = test_game_new(1);
	int a = add_unit(g, "A", SIDE_A, 50, 100, 0);
	int far = add_unit(g, "far", SIDE_B, 150, 20, 180);
	int f = add_unit(g, "F", SIDE_A, 51, 95, 0);
	int all[3] = { a, far, f }, some[2] = { a, far };
	struct obb end = move_shift(unit_footprint(&g->units[a]), v2(0, -1), 5);
	struct mover m;
	(void)state;
	move_mover_unit(g, a, TMODE_MOVE, false, &m);
	assert_int_equal(move_place_blocker(g, &m, &end, -1), f);
	assert_int_equal(move_place_blocker_among(g, &m, &end, -1, all, 3), f);
	assert_int_equal(move_place_blocker_among(g, &m, &end, -1, some, 2), -1);
	game_free(g);
}

/* A square standing wholly on a landmark at the start defends it, one to
 * a landmark; a column does not, nor a square only partly on one. */
static void test_garrisons(void **state)
{
	struct game *g = test_game_new(1);
	int big = add_rect(g, TT_LANDMARK, false, 10, 10, 20, 16);
	int small = add_rect(g, TT_LANDMARK, false, 40, 10, 44, 16);
	int edge = add_rect(g, TT_LANDMARK, false, 70, 10, 74, 16);
	int s1 = add_unit(g, "S1", SIDE_A, 12.5, 13, 0), s2 = add_unit(g, "S2", SIDE_B, 17.5, 13, 0);
	int c1 = add_unit(g, "C1", SIDE_A, 42, 13, 0), s3 = add_unit(g, "S3", SIDE_A, 72, 17, 0);
	(void)state;
	g->units[s1].form = g->units[s2].form = g->units[s3].form = FORM_SQUARE;
	g->units[c1].form = FORM_COLUMN;
	deploy_garrisons(g);
	assert_int_equal(g->units[s1].defends, big + 1);
	assert_int_equal(g->units[s2].defends, 0);
	assert_int_equal(g->units[c1].defends, 0);
	assert_int_equal(g->units[s3].defends, 0);
	(void)small;
	(void)edge;
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grazing_enemy),
		cmocka_unit_test(test_slide_along_friend),
		cmocka_unit_test(test_friend_at_the_end),
		cmocka_unit_test(test_ground_near_the_way),
		cmocka_unit_test(test_pivot_by_ground),
		cmocka_unit_test(test_blocker_many_features),
		cmocka_unit_test(test_blocker_among),
		cmocka_unit_test(test_garrisons),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
