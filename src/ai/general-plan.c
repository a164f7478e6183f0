/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general-plan: the computer opponent's plan, made each Turn from the
 * scenario's objectives (which divisions attack, hold or wait in reserve,
 * each for which objective, and how pressed the side is), and each unit's
 * aim under it. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "engine/game.h"
#include "engine/grid.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/victory.h"
#include "general-int.h"
#include "route.h"
#include "tie.h"
#include "tuning.h"

/* ------------------------------------------------------------------ */
/* Looking at the table */

static struct vec2 objective_centre(const struct game *g, const struct objective *o)
{
	if (o->feature >= 0 && o->feature < g->map.nf) {
		const struct feature *f = &g->map.f[o->feature];
		struct vec2 c = v2(0, 0);
		for (int i = 0; i < f->n; i++)
			c = v2_add(c, f->pts[i]);
		return f->n ? v2_scale(c, 1.0 / f->n) : o->at;
	}
	return o->at;
}

/* How wide an objective is: its feature's, or its circle's. */
static double objective_size(const struct game *g, const struct objective *o)
{
	if (o->feature >= 0 && o->feature < g->map.nf)
		return geom_poly_diameter(g->map.f[o->feature].pts, g->map.f[o->feature].n);
	return 2 * o->radius;
}

/* Is an enemy of side on (or within cm of) an objective? */
static bool objective_defended(const struct game *g, int obj, enum side side, double within)
{
	const struct objective *o = &g->obj[obj];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != side && general_active(u) &&
		    (victory_on_objective(g, o, u) || v2_dist(u->pos, objective_centre(g, o)) < within))
			return true;
	}
	return false;
}

/* The centre of a side's (or a division's, div >= 0) units on the table. */
bool general_centroid(const struct game *g, enum side side, int div, struct vec2 *c)
{
	int n = 0, nu;
	const int *us = grid_division_units(g, div, &nu);
	*c = v2(0, 0);
	for (int k = 0; k < nu; k++) {
		const struct unit *u = &g->units[us ? us[k] : k];
		if (u->side != side || !general_active(u) || (div >= 0 && unit_division(g, u) != div))
			continue;
		*c = v2_add(*c, u->pos);
		n++;
	}
	if (n)
		*c = v2_scale(*c, 1.0 / n);
	return n > 0;
}

static int side_sp(const struct game *g, enum side side)
{
	int sp = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == side && general_active(&g->units[i]))
			sp += g->units[i].sp;
	return sp;
}

/* ------------------------------------------------------------------ */
/* The plan */

/* Strength points of a side (or of a division, div >= 0) within range of
 * a point. */
static int strength_near(const struct game *g, enum side side, int div, struct vec2 at, double range)
{
	int sp = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side == side && general_active(u) && (div < 0 || unit_division(g, u) == div) && v2_dist(u->pos, at) < range)
			sp += u->sp;
	}
	return sp;
}

/* How fast a division gets anywhere: its slowest horse or foot (cm a
 * Turn; its guns follow as they can). */
static double division_speed(const struct game *g, int div, double slowest)
{
	double slow = INFINITY;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const struct move_allowance *ma;
		if (!general_active(u) || unit_division(g, u) != div || unit_is_artillery(u) ||
		    !(ma = rules_move_for(u->type, u->form)))
			continue;
		slow = fmin(slow, ma->move);
	}
	return isinf(slow) || slow < slowest ? slowest : slow;
}

/* Would the result (who is ahead on objectives) change if the objective
 * changed hands (to side when it is not side's, from it when it is)? */
static bool decides(int held, int lost, const struct objective *o, enum side side)
{
	int now = (held > lost) - (held < lost), then;
	if (o->holder == (int)side)
		then = (held - o->value > lost + o->value) - (held - o->value < lost + o->value);
	else if (o->holder == (int)(side ^ 1))
		then = (held + o->value > lost - o->value) - (held + o->value < lost - o->value);
	else
		then = (held + o->value > lost) - (held + o->value < lost);
	return then != now;
}

/* What changing (or keeping) an objective's holder does to the score,
 * with held and lost the objectives' points of the side and of the enemy,
 * there whether the enemy stands on it, defend whether the side holds
 * what it has: taken from the enemy it counts twice; ours and threatened,
 * twice what losing it would cost; ours and quiet, little.  Behind, what
 * could turn the result counts double and what is already ours counts
 * little; ahead, what keeps the lead counts double (as tuned). */
static double objective_swing(const struct ai_tuning *tune, const struct objective *o, enum side side, int held,
                              int lost, bool there, bool defend)
{
	double swing;
	if (o->holder == (int)side) {
		swing = there ? tune->swing_threatened * o->value : tune->swing_quiet * o->value;
		if (held > lost && held - lost <= 2 * o->value)
			swing *= tune->swing_lead;
		else if (held < lost)
			swing *= tune->swing_behind;
	} else {
		swing = (o->holder == (int)(side ^ 1) ? tune->swing_taken : tune->swing_free) * o->value;
		if (held <= lost && swing > lost - held)
			swing *= tune->swing_turning;
		if (defend)
			swing *= tune->swing_holding;
	}
	return swing;
}

/* The plan: each division is given the objective it can do most for,
 * worth its value, the more so when it is not ours (or ours and the enemy
 * is at it), the less so the more enemy stands on it for the strength the
 * division has, and the longer it takes to get there.  While some
 * objective would change the result by changing hands, only such
 * objectives are given, each to every division it suits best, however far
 * off (a corps that spread over the small ones lost the one that
 * mattered), and all are worth the same: what counts is the result they
 * turn, not their points (weighed by their points, the Prussians at
 * Grossbeeren all went for the village of 3 and seldom took the hill of 1
 * that was enough; with the same worth, the computer beat the naive
 * baseline there 10 times in 30 instead of 3, and at the Pyramids as the
 * Mamluks 28 instead of 13).  Otherwise one it cannot reach before the end is left out,
 * and a division taking one makes it less attractive to the next, so that
 * the corps spreads over what there is to win.  A side behind on
 * objectives, or with the enemy at one of its own that decides the
 * battle, is pressed: urgent from the start, more so as the end nears. */
void general_plan(struct general_ai *ai, struct game *g, enum side side)
{
	const struct ai_tuning *tune = ai->tune;
	int mine = side_sp(g, side), theirs = side_sp(g, side ^ 1);
	int held = victory_points(g, side), lost = victory_points(g, side ^ 1), ndiv = 0;
	double late = g->turns > 0 ? (double)g->turn / g->turns : 0, taken[64] = { 0 };
	int left = g->turns - g->turn + 1;
	bool defend, pressed, done[256] = { false }, decisive[64] = { false }, any_decisive = false;
	bool div_there[256] = { false };
	struct vec2 div_at[256], obj_at[64];
	double div_speed[256];
	int div_own[256], obj_enemy[64];
	struct vec2 enemy;
	bool have_enemy = general_centroid(g, side ^ 1, -1, &enemy);

	/* Ahead on objectives and not clearly stronger, or badly beaten:
	 * hold what it has. */
	defend = (held > lost && mine < theirs * tune->hold_if_weaker) || mine < theirs * tune->hold_if_beaten;
	pressed = held < lost;
	for (int d = 0; d < g->ndivs; d++) {
		struct div_plan *p = &ai->plan[d];
		struct vec2 at;
		if (division_side(g, d) != side)
			continue;
		p->objective = -1;
		p->role = ROLE_HOLD;
		if (!general_centroid(g, side, d, &at)) {
			done[d % 256] = true;
			continue;
		}
		ndiv++;
		p->goal = have_enemy ? enemy : at;
		snprintf(p->where, sizeof p->where, "the enemy");
	}
	/* Objectives that would change the result if they changed hands come
	 * first: while there is one, the others are left alone. */
	for (int i = 0; i < g->nobj && i < 64; i++)
		if ((decisive[i] = decides(held, lost, &g->obj[i], side))) {
			any_decisive = true;
			if (g->obj[i].holder == (int)side &&
			    strength_near(g, side ^ 1, -1, objective_centre(g, &g->obj[i]), tune->pressed_within) > 0)
				pressed = true;
		}
	ai->urgency[side] = pressed ? fmin(1, tune->urgency_base + late) : 0;
	/* What the rounds ask again and again, asked once: nothing moves
	 * while the plan is made. */
	for (int d = 0; d < g->ndivs && d < 256; d++)
		if (!done[d] && division_side(g, d) == side && (div_there[d] = general_centroid(g, side, d, &div_at[d]))) {
			div_speed[d] = division_speed(g, d, tune->slowest_speed);
			div_own[d] = strength_near(g, side, d, div_at[d], INFINITY);
		}
	for (int i = 0; i < g->nobj && i < 64; i++) {
		obj_at[i] = objective_centre(g, &g->obj[i]);
		obj_enemy[i] = strength_near(g, side ^ 1, -1, obj_at[i], tune->enemy_on_within);
	}
	for (int round = 0; round < g->ndivs; round++) {
		int bd = -1, bo = -1, ties = 0;
		double best = 0;
		for (int d = 0; d < g->ndivs && d < 256; d++) {
			struct vec2 at;
			double speed;
			int own;
			if (done[d] || division_side(g, d) != side || !div_there[d])
				continue;
			at = div_at[d], speed = div_speed[d], own = div_own[d];
			for (int i = 0; i < g->nobj && i < 64; i++) {
				const struct objective *o = &g->obj[i];
				struct vec2 c = obj_at[i];
				int there = obj_enemy[i];
				double turns = v2_dist(at, c) / speed, score;
				if (any_decisive ? !decisive[i] : turns > left + tune->turns_spare)
					continue;
				score = (any_decisive ? 1 : objective_swing(tune, o, side, held, lost, there > 0, defend)) *
				        (own + 1.0) /
				        (own + there + 1.0) / (turns + tune->turns_offset) / (1 + taken[i]);
				if (score > best) {
					best = score;
					bd = d;
					bo = i;
					ties = 1;
				} else if (score == best && bd >= 0 && ai_tie(g, &ties)) {
					bd = d;
					bo = i;
				}
			}
		}
		if (bd < 0)
			break;
		done[bd] = true;
		/* A division taking an objective that does not decide the
		 * battle makes it less attractive to the next, so that the corps
		 * spreads over what there is to win; one that decides it gets
		 * all it can. */
		if (!decisive[bo]) {
			struct vec2 at, c = objective_centre(g, &g->obj[bo]);
			int own = general_centroid(g, side, bd, &at) ? strength_near(g, side, bd, at, INFINITY) : 0;
			int there = strength_near(g, side ^ 1, -1, c, tune->enemy_on_within);
			taken[bo] += tune->taken_share * fmin(1, (own + 1.0) / (there + 1.0));
		}
		ai->plan[bd].objective = bo;
		ai->plan[bd].goal = objective_centre(g, &g->obj[bo]);
		snprintf(ai->plan[bd].where, sizeof ai->plan[bd].where, "%s", g->obj[bo].name);
		ai->plan[bd].role = defend || g->obj[bo].holder == (int)side ? ROLE_HOLD : ROLE_ATTACK;
	}
	/* Divisions left without an objective go for the enemy. */
	for (int d = 0; d < g->ndivs && d < 256; d++)
		if (!done[d] && division_side(g, d) == side)
			ai->plan[d].role = defend ? ROLE_HOLD : ROLE_ATTACK;
	/* A corps of three divisions or more that is not the stronger and not
	 * pressed keeps the one farthest from the fighting in reserve for the
	 * first third of the battle. */
	if (ndiv >= tune->reserve_divisions && late <= tune->reserve_until && have_enemy &&
	    mine < theirs * tune->reserve_if_weaker && ai->urgency[side] == 0) {
		int far = -1, ties = 0;
		double fd = -1;
		for (int d = 0; d < g->ndivs; d++) {
			struct vec2 at;
			if (division_side(g, d) != side || !general_centroid(g, side, d, &at))
				continue;
			if (v2_dist(at, enemy) > fd) {
				fd = v2_dist(at, enemy);
				far = d;
				ties = 1;
			} else if (v2_dist(at, enemy) == fd && ai_tie(g, &ties)) {
				far = d;
			}
		}
		if (far >= 0) {
			ai->plan[far].role = ROLE_RESERVE;
			general_centroid(g, side, far, &ai->plan[far].goal);
		}
	}
	ai->plan_turn[side] = g->turn;
}

void plan_aim(const struct general_ai *ai, const struct game *g, int unit, struct aim *aim)
{
	const struct unit *u = &g->units[unit];
	int div = unit_division(g, u);
	const struct div_plan *p = div >= 0 && div < g->ndivs ? &ai->plan[div] : NULL;
	const struct ai_tuning *tune = ai->tune;
	struct vec2 middle;
	double late = g->turns > 0 ? (double)g->turn / g->turns : 0;
	bool seize;

	*aim = (struct aim){ .target = u->pos, .objective = -1, .pull = tune->aim_pull, .near = tune->aim_near,
		             .risk = tune->aim_risk, .role = p ? p->role : ROLE_ATTACK };
	if (!p)
		return;
	aim->target = p->goal;
	aim->objective = p->objective;
	/* An objective that is not ours and that no enemy stands on is to be
	 * taken: straight for it.  Otherwise the division keeps its frontage:
	 * each unit heads for the goal shifted by where it stands in the
	 * division, so that they do not all converge on one point. */
	seize = p->role != ROLE_RESERVE && p->objective >= 0 && g->obj[p->objective].holder != (int)u->side &&
	        !objective_defended(g, p->objective, u->side, tune->defended_within);
	if (!seize && general_centroid(g, u->side, div, &middle)) {
		struct vec2 off = v2_sub(u->pos, middle);
		double len = v2_len(off), most = tune->frontage;
		/* Holding an objective of ours: on it, not around it. */
		if (p->role == ROLE_HOLD && p->objective >= 0 && g->obj[p->objective].holder == (int)u->side)
			most = objective_size(g, &g->obj[p->objective]) / 2;
		if (len > most)
			off = v2_scale(off, most / len);
		aim->target = v2_add(aim->target, off);
	}
	aim->target.x = fmin(fmax(aim->target.x, 2), g->map.width - 2);
	aim->target.y = fmin(fmax(aim->target.y, 2), g->map.height - 2);
	/* Round what the unit cannot cross: toward the next point of the way. */
	aim->target = route_waypoint(ai->routes, g, u, aim->target);
	switch (p->role) {
	case ROLE_ATTACK:
		/* More urgent as the end draws near. */
		aim->pull = tune->aim_pull * (1 + late);
		aim->risk = tune->attack_risk;
		break;
	case ROLE_HOLD:
		aim->pull = tune->hold_pull;
		aim->near = tune->hold_near;
		aim->risk = tune->hold_risk;
		break;
	case ROLE_RESERVE:
		aim->pull = tune->reserve_pull;
		aim->near = tune->reserve_near;
		aim->risk = tune->reserve_risk;
		break;
	}
	if (seize)
		aim->pull *= tune->seize_pull;
	/* Pressed (see general_plan): pressing on, with less regard for the
	 * cost. */
	aim->pull *= 1 + tune->urgent_pull * ai->urgency[u->side];
	aim->risk *= 1 - tune->urgent_risk * ai->urgency[u->side];
	aim->risk *= tune->risk_scale;
}
