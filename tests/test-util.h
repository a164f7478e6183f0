/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: what the cmocka tests that build tiny battles by hand
 * (test-fire, test-fire-zone, test-charge, test-melee) share, and the
 * look-ups by id and name of the tests that load maps (test-load,
 * test-jena-austerlitz-aspern).  Include it after <cmocka.h>.
 * Everything here is static inline, so a test that leaves a helper unused
 * still builds cleanly with -Wall -Wextra -Werror. */
#ifndef GROGNARD_TEST_UTIL_H
#define GROGNARD_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "engine/orbat.h"

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

#endif
