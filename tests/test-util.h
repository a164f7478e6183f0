/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: what the cmocka tests that build tiny battles by hand
 * (test-fire, test-fire-zone, test-charge, test-melee, the engine modules'
 * tests) share, terrain built in code (test_feature, test_rect,
 * test_river_bridge), and the look-ups by id and name of the tests that
 * load maps (test-load,
 * test-jena-austerlitz-aspern).  Include it after <cmocka.h>.
 * Everything here is static inline, so a test that leaves a helper unused
 * still builds cleanly with -Wall -Wextra -Werror. */
#ifndef GROGNARD_TEST_UTIL_H
#define GROGNARD_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/orbat.h"
#include "engine/terrain.h"

/* A new 200 x 200 cm game thrown with seed: for each side s a Prussian
 * corps "C<s>" without a commander, its division "D<s>" and its mixed
 * brigade "B<s>", brigade number s.  Corps, division and brigade s all
 * belong to side s, so a test may change them by index. */
static inline struct game *test_game_new(uint64_t seed)
{
	struct game *g = game_new(seed);
	assert_non_null(g);
	g->map.width = 200;
	g->map.height = 200;
	for (int s = 0; s < SIDE_COUNT; s++) {
		struct corps c = { .side = (enum side)s, .nat = NAT_PRUSSIAN, .commander = -1 };
		struct division d = { .commander = -1 };
		struct brigade b = { .kind = BK_MIXED, .commander = -1 };
		snprintf(c.id, sizeof c.id, "C%d", s);
		d.corps = game_add_corps(g, &c);
		snprintf(d.id, sizeof d.id, "D%d", s);
		b.division = game_add_division(g, &d);
		snprintf(b.id, sizeof b.id, "B%d", s);
		assert_int_equal(game_add_brigade(g, &b), s);
	}
	return g;
}

/* A Prussian unit of 6 SP, named "unit <id>", in its side's brigade, in
 * good order at (x, y); the caller changes what else it needs and adds it
 * with game_add_unit. */
static inline struct unit test_unit(const char *id, enum side side, enum unit_type type,
                                    enum rating rating, enum formation form, double x, double y,
                                    double facing)
{
	struct unit u = { .side = side, .brigade = (int)side, .type = type, .rating = rating,
	                  .nat = NAT_PRUSSIAN, .sp = 6, .sp0 = 6, .form = form, .pos = { x, y },
	                  .facing = facing, .state = US_ACTIVE };
	snprintf(u.id, sizeof u.id, "%s", id);
	snprintf(u.name, sizeof u.name, "unit %s", id);
	return u;
}

/* The index of the unit with this id, failing the test when there is
 * none. */
static inline int test_unit_index(const struct game *g, const char *id)
{
	int i = orbat_find_unit(g, id);
	if (i < 0)
		print_error("no unit '%s'\n", id);
	assert_true(i >= 0);
	return i;
}

/* The index of the terrain feature with this name, failing the test when
 * there is none. */
static inline int test_feature_index(const struct game *g, const char *name)
{
	for (int i = 0; i < g->map.nf; i++)
		if (strcmp(g->map.f[i].name, name) == 0)
			return i;
	print_error("no feature '%s'\n", name);
	fail();
	return -1;
}

/* An Excellent corps stand (18 cm) for side s, commanding its corps s, at
 * (x, y), named "C<A|B>" and "Corps-<A|B>". */
static inline int test_corps_stand(struct game *g, enum side s, double x, double y)
{
	struct commander c = { .side = s, .level = CL_CORPS, .of = (int)s, .rating = CR_EXCELLENT,
	                       .pos = { x, y }, .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	snprintf(c.id, sizeof c.id, "C%c", 'A' + (int)s);
	snprintf(c.name, sizeof c.name, "Corps-%c", 'A' + (int)s);
	return g->corps[s].commander = game_add_commander(g, &c);
}

/* A Veteran unit of 6 SP (test_unit) added to the game; its index. */
static inline int test_add(struct game *g, const char *id, enum side side, enum unit_type type,
                           enum formation form, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, RATING_VETERAN, form, x, y, facing);
	return game_add_unit(g, &u);
}

/* A terrain feature of n points (a polygon, or a line of this width)
 * added to the map with its rules' default strength, the map finished;
 * its index. */
static inline int test_feature(struct game *g, enum terrain_type t, const char *name, double width,
                               const struct vec2 *pts, int n)
{
	struct feature f = { .type = t, .width = width, .n = n, .strength = terrain_default_strength(t) };
	struct feature *all = realloc(g->map.f, (size_t)(g->map.nf + 1) * sizeof *all);
	assert_non_null(all);
	g->map.f = all;
	snprintf(f.name, sizeof f.name, "%s", name);
	f.pts = malloc((size_t)n * sizeof *f.pts);
	assert_non_null(f.pts);
	memcpy(f.pts, pts, (size_t)n * sizeof *pts);
	g->map.f[g->map.nf++] = f;
	map_finish(&g->map);
	return g->map.nf - 1;
}

/* A rectangle of terrain from (x0, y0) to (x1, y1). */
static inline int test_rect(struct game *g, enum terrain_type t, const char *name, double x0, double y0,
                            double x1, double y1)
{
	struct vec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
	return test_feature(g, t, name, 0, p, 4);
}

/* A river 4 cm wide across the table at y, and a bridge over it 4 cm wide
 * and 6 cm long centred on x (its ends at y - 3 and y + 3); the bridge's
 * index. */
static inline int test_river_bridge(struct game *g, double x, double y, const char *name)
{
	struct vec2 river[2] = { { 0, y }, { g->map.width, y } };
	int i;
	for (i = 0; i < g->map.nf && g->map.f[i].type != TT_RIVER; i++)
		;
	if (i == g->map.nf)
		test_feature(g, TT_RIVER, "river", 4, river, 2);
	return test_rect(g, TT_BRIDGE, name, x - 2, y - 3, x + 2, y + 3);
}

/* The bridge of tests/rules/melee-bridge.cfg: a 210 x 100 cm table, the
 * river at y = 50 and bridge "BR" at x = 30 (test_river_bridge);
 * cuirassiers "C1" (a 5 x 4 cm line) at its south end facing north, at
 * (30, 55), and an infantry line "d1" at its north end facing south, at
 * (30, 46): 6 cm apart, not base to base. */
static inline struct game *test_bridge_game(uint64_t seed, int *bridge, int *c1, int *d1)
{
	struct game *g = test_game_new(seed);
	g->map.width = 210;
	g->map.height = 100;
	*bridge = test_river_bridge(g, 30, 50, "BR");
	*c1 = test_add(g, "C1", SIDE_A, UT_HEAVY_CAV, FORM_LINE, 30, 55, 0);
	*d1 = test_add(g, "d1", SIDE_B, UT_LINE_INF, FORM_LINE, 30, 46, 180);
	return g;
}

#endif
