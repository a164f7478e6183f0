/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai.h: the tiny battles test-ai and test-drill build by hand for
 * the computer opponent (two corps commanders, units added one by one, a
 * division's aim given), and what they share to look at a plan.  Include
 * it after <cmocka.h>; every helper is static inline, so a program may
 * leave one unused. */
#ifndef GROGNARD_TEST_AI_H
#define GROGNARD_TEST_AI_H

#include <math.h>
#include <stdbool.h>

#include "ai/ai.h"
#include "ai/plan.h"
#include "engine/game.h"
#include "engine/order.h"
#include "test-util.h"

/* A tiny battle for the estimators: side A's corps commander (Excellent,
 * 18 cm) at (50, 112), side B's at (50, 40); side A has the initiative. */
static inline struct game *tiny(void)
{
	struct game *g = test_game_new(1);
	struct commander k = { .id = "C0", .name = "corps A", .side = SIDE_A, .level = CL_CORPS, .of = 0,
	                       .rating = CR_EXCELLENT, .pos = { 50, 112 }, .state = US_ACTIVE, .attached = -1,
	                       .detached_from = -1 };
	assert_int_equal(game_add_commander(g, &k), 0);
	g->corps[SIDE_A].commander = 0;
	k = (struct commander){ .id = "C1", .name = "corps B", .side = SIDE_B, .level = CL_CORPS, .of = 1,
	                        .rating = CR_EXCELLENT, .pos = { 50, 40 }, .state = US_ACTIVE, .attached = -1,
	                        .detached_from = -1 };
	assert_int_equal(game_add_commander(g, &k), 1);
	g->corps[SIDE_B].commander = 1;
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->current_unit = -1;
	g->divmove = -1;
	g->phase = PHASE_MANOEUVRE;
	return g;
}

static inline int add(struct game *g, const char *id, enum side side, enum unit_type type, enum rating rating,
                      enum formation form, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, rating, form, x, y, facing);
	return game_add_unit(g, &u);
}

/* An AI for side A of a tiny battle, its division given an aim. */
static inline void aim_division(struct general_ai *ai, struct game *g, struct vec2 goal, enum role role)
{
	assert_int_equal(general_init(ai, g, AI_NORMAL), 0);
	ai->plan[0] = (struct div_plan){ .role = role, .objective = -1, .goal = goal };
	ai->plan[1] = (struct div_plan){ .role = ROLE_HOLD, .objective = -1, .goal = v2(50, 20) };
	ai->plan_turn[SIDE_A] = ai->plan_turn[SIDE_B] = g->turn;
}

/* Carry out a unit's plan for real, every order accepted. */
static inline void carry_out(struct game *g, const struct drill *d)
{
	struct controller *ctl[SIDE_COUNT] = { NULL, NULL };
	for (int k = 0; k < d->n; k++) {
		char why[256];
		assert_int_equal(order_exec(g, ctl, SIDE_A, &d->o[k], why, sizeof why), 0);
	}
}

/* A medium battery of 4 SP for side A at (50, 100), facing 0. */
static inline int add_battery(struct game *g)
{
	int guns = add(g, "guns", SIDE_A, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 50, 100, 0);
	g->units[guns].weight = WEIGHT_MEDIUM;
	g->units[guns].sp = g->units[guns].sp0 = 4;
	return guns;
}

/* Does a unit going straight from its place to to come within reach of
 * the enemy e at some point of the way (every 0.5 cm)? */
static inline bool way_passes(struct game *g, int unit, struct vec2 to, int e, double reach)
{
	struct unit *u = &g->units[unit], keep = *u;
	bool near = false;
	int steps = (int)ceil(v2_dist(keep.pos, to) / 0.5);
	for (int k = 1; k <= steps && !near; k++) {
		u->pos = v2_add(keep.pos, v2_scale(v2_sub(to, keep.pos), (double)k / steps));
		near = game_units_within(&g->units[e], u, reach);
	}
	*u = keep;
	return near;
}

#endif
