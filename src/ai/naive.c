/* SPDX-License-Identifier: GPL-3.0-or-later */
/* naive: the simplest opponent that plays by the rules: each brigade in
 * turn, each unit faces the nearest enemy, takes column to march or line
 * to fight, and goes straight at it as far as it may. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/seq.h"

/* Distance at which infantry shakes out from column into line. */
#define DEPLOY_DISTANCE 20.0

static int nearest_enemy(const struct game *g, const struct unit *u, double *dist)
{
	int best = -1;
	double bd = INFINITY;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		double d;
		if (o->side == u->side || o->state != US_ACTIVE)
			continue;
		d = game_unit_distance(u, o);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	*dist = bd;
	return best;
}

static bool mine(const struct game *g, const struct unit *u)
{
	if (u->state != US_ACTIVE || (u->acted & UA_DONE))
		return false;
	if (g->divmove >= 0)
		return unit_division(g, u) == g->divmove;
	return u->brigade == g->active_brigade;
}

/* The next step of a unit's plan as an order; false when it has none. */
/* The nearest enemy a charge would reach, or -1 (no dice are looked at). */
static int charge_target(struct game *g, int unit)
{
	int best = -1;
	double bd = INFINITY;
	for (int i = 0; i < g->nunits; i++) {
		char why[MSG_LEN];
		struct vec2 end;
		double f, d;
		if (g->units[i].side == g->units[unit].side || g->units[i].state != US_ACTIVE)
			continue;
		d = game_unit_distance(&g->units[unit], &g->units[i]);
		if (d >= bd || order_charge_reach(g, unit, i, &end, &f, why, sizeof why) < 0)
			continue;
		bd = d;
		best = i;
	}
	return best;
}

static bool plan_step(struct game *g, int unit, int step, struct order *o)
{
	const struct unit *u = &g->units[unit];
	double dist, bearing;
	int e = nearest_enemy(g, u, &dist), t;
	if (e < 0)
		return false;
	bearing = geom_bearing(u->pos, g->units[e].pos);
	if (step == 0 && (t = charge_target(g, unit)) >= 0) {
		*o = order_new(ORD_CHARGE);
		o->unit = unit;
		o->target = t;
		return true;
	}
	switch (step) {
	case 0:
		if (fabs(geom_angle_diff(u->facing, bearing)) < 5 || u->form == FORM_SQUARE)
			return false;
		*o = order_new(ORD_FACE);
		o->unit = unit;
		o->a = bearing;
		o->has_a = true;
		return true;
	case 1: {
		enum formation want = dist > DEPLOY_DISTANCE ? FORM_COLUMN : FORM_LINE;
		if (!unit_is_infantry(u) || u->form == want || u->irregular != IRR_NONE)
			return false;
		*o = order_new(ORD_FORM);
		o->unit = unit;
		o->form = want;
		return true;
	}
	case 2:
		if (unit_is_artillery(u)) {
			if (dist < 30)
				return false;
			*o = order_new(ORD_REDEPLOY);
			o->unit = unit;
			o->a = bearing;
			o->b = dist - 20;
			o->has_a = o->has_b = true;
			return true;
		}
		if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
			return false;
		*o = order_new(ORD_MOVE);
		o->unit = unit;
		o->flag = OF_MAX;
		o->has_a = true;
		return true;
	default:
		return false;
	}
}

static int naive_order(struct controller *ctl, struct game *g, enum side side, struct order *o)
{
	struct naive_ai *ai = ctl->ctx;

	if (ai->initiative != g->initiatives || ai->phase != (int)g->phase) {
		ai->initiative = g->initiatives;
		ai->phase = (int)g->phase;
		ai->unit = -1;
		memset(ai->done, 0, (size_t)ai->ndone);
	}
	if (g->phase == PHASE_INITIATIVE) {
		for (int b = 0; b < g->nbrigs; b++)
			if (brigade_side(g, b) == side && seq_brigade_available(g, b)) {
				*o = order_new(ORD_BRIGADE);
				o->target = b;
				return 0;
			}
	}
	if (g->phase == PHASE_FIRE) {
		/* Every unit of the brigade that can fire, at its nearest target. */
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			int best = -1;
			double bd = INFINITY;
			if (ai->done[i] || u->side != side || u->state != US_ACTIVE ||
			    (g->divmove >= 0 ? unit_division(g, u) != g->divmove : u->brigade != g->active_brigade))
				continue;
			ai->done[i] = 1;
			for (int k = 0; k < g->nunits; k++) {
				struct fire_shot shot;
				double d;
				if (g->units[k].side == side || g->units[k].state != US_ACTIVE)
					continue;
				d = game_unit_distance(u, &g->units[k]);
				if (d < bd && fire_check(g, i, k, NULL, &shot) && shot.dice > 0) {
					bd = d;
					best = k;
				}
			}
			if (best >= 0) {
				*o = order_new(ORD_FIRE);
				o->unit = i;
				o->target = best;
				return 0;
			}
		}
	}
	if (g->phase == PHASE_MANOEUVRE) {
		for (;;) {
			if (ai->unit < 0) {
				for (int i = 0; i < g->nunits && ai->unit < 0; i++)
					if (!ai->done[i] && g->units[i].side == side && mine(g, &g->units[i])) {
						ai->unit = i;
						ai->step = 0;
					}
				if (ai->unit < 0)
					break;
			}
			while (ai->step < 3) {
				if (plan_step(g, ai->unit, ai->step++, o))
					return 0;
			}
			ai->done[ai->unit] = 1;
			ai->unit = -1;
		}
	}
	*o = order_new(ORD_END);
	return 0;
}

/* A refused step is simply skipped: the plan moves on. */
static void naive_refused(struct controller *ctl, struct game *g, enum side side,
                          const struct order *o, const char *why)
{
	(void)ctl, (void)g, (void)side, (void)o, (void)why;
}

static int naive_decide(struct controller *ctl, struct game *g, struct decision *d)
{
	(void)ctl, (void)g;
	/* The first option is always to stand, and with a number (a stop
	 * and rally's pivot) the least of it: no turn at all. */
	d->choice = 0;
	d->value = fmin(fmax(0, d->opt[0].lo), d->opt[0].hi > d->opt[0].lo ? d->opt[0].hi : d->opt[0].lo);
	return 0;
}

void naive_init(struct naive_ai *ai, struct game *g)
{
	*ai = (struct naive_ai){
		.ctl = { .ctx = ai, .order = naive_order, .refused = naive_refused, .decide = naive_decide },
		.initiative = -1, .phase = -1, .unit = -1,
	};
	ai->ndone = g->nunits;
	ai->done = calloc((size_t)g->nunits + 1, 1);
}

void naive_free(struct naive_ai *ai)
{
	free(ai->done);
	ai->done = NULL;
}
