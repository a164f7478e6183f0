/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fire.h: the tiny battlefields test-fire and test-fire-zone build by
 * hand (a musket duel, a battery duel, features drawn as rectangles and
 * lines) and their checks of a shot.  Include it after <cmocka.h>; every
 * helper is static inline, so a program may leave one unused. */
#ifndef GROGNARD_TEST_FIRE_H
#define GROGNARD_TEST_FIRE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fire.h"
#include "engine/game.h"
#include "engine/terrain.h"
#include "test-util.h"

/* Footprints used below (cm): infantry line 5 x 2, column and square
 * 2.5 x 4, skirmish line 5.45 x 2, battery 3 x 3.  Facing 0 is north
 * (towards smaller y). */

static inline struct game *new_game(void)
{
	return test_game_new(1);
}

/* A veteran Prussian unit (no national bonus); artillery medium. */
static inline int add_unit(struct game *g, const char *id, enum side side, enum unit_type type,
                           enum formation form, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, RATING_VETERAN, form, x, y, facing);
	if (unit_type_arm(type) == ARM_ARTILLERY)
		u.weight = WEIGHT_MEDIUM;
	return game_add_unit(g, &u);
}

static inline int add_feature(struct game *g, enum terrain_type t, const char *name, double width,
                              const struct vec2 *pts, int n)
{
	struct feature f = { .type = t, .width = width, .n = n };
	struct feature *p = realloc(g->map.f, (size_t)(g->map.nf + 1) * sizeof *p);
	assert_non_null(p);
	g->map.f = p;
	snprintf(f.name, sizeof f.name, "%s", name);
	f.pts = malloc((size_t)n * sizeof *f.pts);
	assert_non_null(f.pts);
	memcpy(f.pts, pts, (size_t)n * sizeof *pts);
	f.strength = terrain_default_strength(t);
	g->map.f[g->map.nf] = f;
	return g->map.nf++;
}

static inline int add_rect(struct game *g, enum terrain_type t, const char *name,
                           double x0, double y0, double x1, double y1)
{
	struct vec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
	return add_feature(g, t, name, 0, p, 4);
}

static inline int add_line(struct game *g, enum terrain_type t, const char *name, double width,
                           double x0, double y0, double x1, double y1)
{
	struct vec2 p[2] = { { x0, y0 }, { x1, y1 } };
	return add_feature(g, t, name, width, p, 2);
}

/* An infantry line at (50,50) facing north (front edge y = 49) and an
 * enemy line facing it with its near edge 'range' cm away. */
static inline struct game *musket_duel(double range, int *u, int *t)
{
	struct game *g = new_game();
	*u = add_unit(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 50, 0);
	*t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 49 - range - 1, 180);
	return g;
}

/* A battery at (50,100) facing north (front edge y = 98.5, corners x 48.5
 * and 51.5) and an enemy line facing it, near edge 'range' cm away. */
static inline struct game *battery_duel(enum weight w, double range, int *u, int *t)
{
	struct game *g = new_game();
	*u = add_unit(g, "A1", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 100, 0);
	*t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 98.5 - range - 1, 180);
	g->units[*u].weight = w;
	return g;
}

static inline void expect_refused(const struct game *g, int u, int t, const char *words)
{
	struct fire_shot s;
	bool ok = fire_check(g, u, t, NULL, &s);
	if (ok || !strstr(s.why, words))
		fail_msg("expected a refusal with \"%s\", got %s: \"%s\" (%s)", words,
		         ok ? "eligible" : "refused", s.why, s.detail);
}

static inline struct fire_shot expect_shot(const struct game *g, int u, int t, int dice)
{
	struct fire_shot s;
	if (!fire_check(g, u, t, NULL, &s))
		fail_msg("expected a shot of %d dice, refused: %s", dice, s.why);
	if (s.dice != dice)
		fail_msg("expected %d dice, got %d: %s", dice, s.dice, s.detail);
	assert_int_equal(s.firer, u);
	assert_int_equal(s.target, t);
	assert_string_equal(s.why, "");
	return s;
}

#endif
