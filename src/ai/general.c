/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general: the computer opponent.  Each Turn it makes a plan from the
 * scenario's objectives (which divisions attack, hold or wait in
 * reserve); each initiative it moves its commanders to keep units in
 * command, gives the initiative to the brigade with most at stake, plans
 * every unit of it (drill.c), says what the brigade means to do, and
 * carries the plans out.  Charges, fire and every reaction are weighed
 * with the rules' real probabilities (estimate.c, decide.c).  Every order
 * is tried on the engine before it is given, and no order that throws a
 * die is ever tried: it never looks at a die before it is thrown. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "decide.h"
#include "engine/command.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/victory.h"
#include "engine/volley.h"
#include "estimate.h"
#include "odds.h"
#include "plan.h"
#include "route.h"

static const char *const role_words[] = { "attack", "hold", "reserve" };

/* ------------------------------------------------------------------ */
/* Looking at the table */

static bool active(const struct unit *u)
{
	return u->state == US_ACTIVE;
}

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

/* Is an enemy of side on (or close to) an objective? */
static bool objective_defended(const struct game *g, int obj, enum side side)
{
	const struct objective *o = &g->obj[obj];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != side && active(u) &&
		    (victory_on_objective(g, o, u) || v2_dist(u->pos, objective_centre(g, o)) < 8))
			return true;
	}
	return false;
}

/* The centre of a side's (or a division's, div >= 0) units on the table. */
static bool centroid(const struct game *g, enum side side, int div, struct vec2 *c)
{
	int n = 0;
	*c = v2(0, 0);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != side || !active(u) || (div >= 0 && unit_division(g, u) != div))
			continue;
		*c = v2_add(*c, u->pos);
		n++;
	}
	if (n)
		*c = v2_scale(*c, 1.0 / n);
	return n > 0;
}

/* The centre of a corps' units still fighting (a side may have several
 * corps, each with its own commander). */
static bool corps_centroid(const struct game *g, int corps, struct vec2 *c)
{
	int n = 0;
	*c = v2(0, 0);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!active(u) || unit_corps(g, u) != corps)
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
		if (g->units[i].side == side && active(&g->units[i]))
			sp += g->units[i].sp;
	return sp;
}

double general_charge_value(struct game *g, int a, int t, bool breakthrough)
{
	return est_charge(g, a, t, breakthrough, NULL);
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
		if (u->side == side && active(u) && (div < 0 || unit_division(g, u) == div) && v2_dist(u->pos, at) < range)
			sp += u->sp;
	}
	return sp;
}

/* How fast a division gets anywhere: its slowest horse or foot (cm a
 * Turn; its guns follow as they can). */
static double division_speed(const struct game *g, int div)
{
	double slow = INFINITY;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const struct move_allowance *ma;
		if (!active(u) || unit_division(g, u) != div || unit_is_artillery(u) ||
		    !(ma = rules_move_for(u->type, u->form)))
			continue;
		slow = fmin(slow, ma->move);
	}
	return isinf(slow) || slow < 6 ? 6 : slow;
}

/* An enemy this close (cm) to an objective of a side's own that decides
 * the battle presses the side as much as being behind. */
#define PRESSED_WITHIN 20

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

/* The plan: each division is given the objective it can do most for,
 * worth its value, the more so when it is not ours (or ours and the enemy
 * is at it), the less so the more enemy stands on it for the strength the
 * division has, and the longer it takes to get there.  While some
 * objective would change the result by changing hands, only such
 * objectives are given, each to every division it suits best, however far
 * off (a corps that spread over the small ones lost the one that
 * mattered).  Otherwise one it cannot reach before the end is left out,
 * and a division taking one makes it less attractive to the next, so that
 * the corps spreads over what there is to win.  A side behind on
 * objectives, or with the enemy at one of its own that decides the
 * battle, is pressed: urgent from the start, more so as the end nears. */
static void make_plan(struct general_ai *ai, struct game *g, enum side side)
{
	int mine = side_sp(g, side), theirs = side_sp(g, side ^ 1);
	int held = victory_points(g, side), lost = victory_points(g, side ^ 1), ndiv = 0;
	double late = g->turns > 0 ? (double)g->turn / g->turns : 0, taken[64] = { 0 };
	int left = g->turns - g->turn + 1;
	bool defend, pressed, done[256] = { false }, decisive[64] = { false }, any_decisive = false;
	struct vec2 enemy;
	bool have_enemy = centroid(g, side ^ 1, -1, &enemy);

	/* Ahead on objectives and not clearly stronger, or badly beaten:
	 * hold what it has. */
	defend = (held > lost && mine < theirs * 1.2) || mine < theirs * 0.6;
	pressed = held < lost;
	for (int d = 0; d < g->ndivs; d++) {
		struct div_plan *p = &ai->plan[d];
		struct vec2 at;
		if (division_side(g, d) != side)
			continue;
		p->objective = -1;
		p->role = ROLE_HOLD;
		if (!centroid(g, side, d, &at)) {
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
			    strength_near(g, side ^ 1, -1, objective_centre(g, &g->obj[i]), PRESSED_WITHIN) > 0)
				pressed = true;
		}
	ai->urgency[side] = pressed ? fmin(1, 0.5 + late) : 0;
	for (int round = 0; round < g->ndivs; round++) {
		int bd = -1, bo = -1;
		double best = 0;
		for (int d = 0; d < g->ndivs && d < 256; d++) {
			struct vec2 at;
			double speed;
			int own;
			if (done[d] || division_side(g, d) != side || !centroid(g, side, d, &at))
				continue;
			speed = division_speed(g, d);
			own = strength_near(g, side, d, at, INFINITY);
			for (int i = 0; i < g->nobj && i < 64; i++) {
				const struct objective *o = &g->obj[i];
				struct vec2 c = objective_centre(g, o);
				bool ours = o->holder == (int)side, theirs_o = o->holder == (int)(side ^ 1);
				int there = strength_near(g, side ^ 1, -1, c, 12);
				double turns = v2_dist(at, c) / speed, swing, score;
				if (any_decisive ? !decisive[i] : turns > left + 1)
					continue;
				/* What changing (or keeping) its holder does to the
				 * score: taken from the enemy it counts twice; ours and
				 * threatened, twice what losing it would cost; ours and
				 * quiet, little.  Behind, what could turn the result
				 * counts double and what is already ours counts little;
				 * ahead, what keeps the lead counts double. */
				if (ours) {
					swing = there ? 2.0 * o->value : 0.2 * o->value;
					if (held > lost && held - lost <= 2 * o->value)
						swing *= 2;
					else if (held < lost)
						swing *= 0.3;
				} else {
					swing = (theirs_o ? 2.0 : 1.0) * o->value;
					if (held <= lost && swing > lost - held)
						swing *= 2;
					if (defend)
						swing *= 0.5;
				}
				score = swing * (own + 1.0) / (own + there + 1.0) / (turns + 2) / (1 + taken[i]);
				if (score > best) {
					best = score;
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
			int own = centroid(g, side, bd, &at) ? strength_near(g, side, bd, at, INFINITY) : 0;
			int there = strength_near(g, side ^ 1, -1, c, 12);
			taken[bo] += 0.7 * fmin(1, (own + 1.0) / (there + 1.0));
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
	if (ndiv >= 3 && late <= 0.34 && have_enemy && mine < theirs * 1.3 && ai->urgency[side] == 0) {
		int far = -1;
		double fd = -1;
		for (int d = 0; d < g->ndivs; d++) {
			struct vec2 at;
			if (division_side(g, d) != side || !centroid(g, side, d, &at))
				continue;
			if (v2_dist(at, enemy) > fd) {
				fd = v2_dist(at, enemy);
				far = d;
			}
		}
		if (far >= 0) {
			ai->plan[far].role = ROLE_RESERVE;
			centroid(g, side, far, &ai->plan[far].goal);
		}
	}
	ai->plan_turn[side] = g->turn;
}

void plan_aim(const struct general_ai *ai, const struct game *g, int unit, struct aim *aim)
{
	const struct unit *u = &g->units[unit];
	int div = unit_division(g, u);
	const struct div_plan *p = div >= 0 && div < g->ndivs ? &ai->plan[div] : NULL;
	struct vec2 middle;
	double late = g->turns > 0 ? (double)g->turn / g->turns : 0;
	bool seize;

	*aim = (struct aim){ .target = u->pos, .objective = -1, .pull = 0.12, .near = 2, .risk = 1.0,
		             .role = p ? p->role : ROLE_ATTACK };
	if (!p)
		return;
	aim->target = p->goal;
	aim->objective = p->objective;
	/* An objective that is not ours and that no enemy stands on is to be
	 * taken: straight for it.  Otherwise the division keeps its frontage:
	 * each unit heads for the goal shifted by where it stands in the
	 * division, so that they do not all converge on one point. */
	seize = p->role != ROLE_RESERVE && p->objective >= 0 && g->obj[p->objective].holder != (int)u->side &&
	        !objective_defended(g, p->objective, u->side);
	if (!seize && centroid(g, u->side, div, &middle)) {
		struct vec2 off = v2_sub(u->pos, middle);
		double len = v2_len(off), most = 20;
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
		aim->pull = 0.12 * (1 + late);
		aim->risk = ai->level == AI_HARD ? 0.7 : 0.8;
		break;
	case ROLE_HOLD:
		aim->pull = 0.12;
		aim->near = 5;
		aim->risk = 1.0;
		break;
	case ROLE_RESERVE:
		aim->pull = 0.04;
		aim->near = 15;
		aim->risk = 1.2;
		break;
	}
	if (seize)
		aim->pull *= 1.5;
	/* Pressed (see make_plan): pressing on, with less regard for the
	 * cost. */
	aim->pull *= 1 + 4 * ai->urgency[u->side];
	aim->risk *= 1 - 0.7 * ai->urgency[u->side];
	if (ai->level == AI_EASY)
		aim->risk *= 0.5;
}

/* ------------------------------------------------------------------ */
/* Commanders */

/* How many of a side's units (of a division, div >= 0; of a brigade
 * counting double, brig >= 0) a commander would keep in command from a
 * place: 1 for each in command, a half for each cautious. */
static double command_count(struct game *g, int k, struct vec2 at, int div, int brig)
{
	struct commander *c = &g->cmdrs[k];
	struct vec2 keep = c->pos;
	double n = 0;
	c->pos = at;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		enum cmd_status st;
		double w;
		if (u->side != c->side || !active(u) || (div >= 0 && unit_division(g, u) != div))
			continue;
		w = u->brigade == brig ? 2 : 1;
		st = command_status(g, u, NULL);
		n += st == CS_IN_COMMAND ? w : st == CS_CAUTIOUS ? w / 2 : 0;
	}
	c->pos = keep;
	return n;
}

/* Is a command stand safe there: no enemy within 8 cm (closer, a move
 * makes it evade and lose its radius, a charge overruns it)? */
static bool stand_safe(const struct game *g, enum side side, struct vec2 at)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct vec2 b[4];
		struct shape us, cs;
		struct commander probe = { .pos = at };
		if (u->side == side || !active(u) || v2_dist(u->pos, at) > 20)
			continue;
		us = unit_shape(u, b);
		cs = commander_shape(&probe);
		if (geom_distance(&us, &cs) < 8)
			return false;
	}
	return true;
}

/* Move a corps or division stand (k) where it keeps most units in
 * command: among the middles of its division, of the brigade about to
 * act and of the units now out of command, and points between, the best
 * it can reach safely.  False when staying is as good. */
static bool place_commander(struct general_ai *ai, struct game *g, enum side side, int k, int div, int brig,
                            struct order *o)
{
	struct commander *c = &g->cmdrs[k];
	struct vec2 spots[8], mid;
	int n = 0;
	double here, best;
	(void)ai;
	if (c->state != US_ACTIVE || c->attached >= 0 || c->moved_turn == g->turn)
		return false;
	if (div < 0 && c->level == CL_CORPS ? corps_centroid(g, c->of, &mid) : centroid(g, side, div, &mid))
		spots[n++] = mid;
	if (brig >= 0) {
		struct vec2 b = v2(0, 0);
		int m = 0;
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].brigade == brig && active(&g->units[i])) {
				b = v2_add(b, g->units[i].pos);
				m++;
			}
		if (m)
			spots[n++] = v2_scale(b, 1.0 / m);
	}
	{
		/* Toward the units it has lost touch with. */
		struct vec2 b = v2(0, 0);
		int m = 0;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			if (u->side == side && active(u) && (div < 0 || unit_division(g, u) == div) &&
			    (c->level != CL_CORPS || unit_corps(g, u) == c->of) &&
			    command_status(g, u, NULL) != CS_IN_COMMAND) {
				b = v2_add(b, u->pos);
				m++;
			}
		}
		if (m)
			spots[n++] = v2_scale(b, 1.0 / m);
	}
	for (int i = 0, m = n; i < m && n < 8; i++)
		spots[n++] = v2_scale(v2_add(spots[i], c->pos), 0.5);
	here = best = command_count(g, k, c->pos, div, brig) + (stand_safe(g, side, c->pos) ? 0 : -3);
	for (int i = 0; i < n; i++) {
		struct vec2 to = spots[i];
		double v, len = v2_dist(to, c->pos);
		struct order t;
		/* A stand rides at most 36 cm. */
		if (len > rules_command.stand_move - 0.5)
			to = v2_add(c->pos, v2_scale(v2_sub(to, c->pos), (rules_command.stand_move - 0.5) / len));
		if (!stand_safe(g, side, to))
			continue;
		v = command_count(g, k, to, div, brig);
		if (v <= best + 0.25)
			continue;
		t = order_new(ORD_CMOVE);
		t.unit = k;
		t.npts = 1;
		t.pts[0] = to;
		if (!drill_try(g, side, &t))
			continue;
		best = v;
		*o = t;
	}
	return best > here + 0.25;
}

/* Before a brigade acts: its commander attaches to the unit that most
 * needs him (one that would be out of command or cautious, the nearer the
 * enemy the more), or moves up toward it. */
static bool brigade_commander(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	int b = g->active_brigade, k, need = -1;
	struct commander *c;
	double worst = 0;
	if (b < 0 || g->divmove >= 0 || ai->level == AI_EASY || (k = g->brigs[b].commander) < 0 || k >= g->ncmdrs)
		return false;
	c = &g->cmdrs[k];
	if (c->state != US_ACTIVE)
		return false;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		enum cmd_status st;
		double d, want;
		if (u->brigade != b || !active(u) || (u->acted & UA_STARTED))
			continue;
		if (c->attached == i)
			continue;
		st = command_status(g, u, NULL);
		if (c->attached >= 0) {
			/* Count it as it would be without him. */
			int keep = c->attached;
			c->attached = -1;
			st = command_status(g, u, NULL);
			c->attached = keep;
		}
		if (st == CS_IN_COMMAND)
			continue;
		est_nearest_enemy(g, u, &d);
		want = (st == CS_NOT_IN_COMMAND ? 2 : 1) * (1 + 30 / (d + 10));
		if (want > worst) {
			worst = want;
			need = i;
		}
	}
	if (need < 0)
		return false;
	if (c->attached >= 0) {
		/* Still needed where he is? Then he stays. */
		int keep = c->attached;
		enum cmd_status st;
		c->attached = -1;
		st = command_status(g, &g->units[keep], NULL);
		c->attached = keep;
		if (st != CS_IN_COMMAND)
			return false;
		*o = order_new(ORD_DETACH);
		o->unit = k;
		return drill_try(g, side, o);
	}
	*o = order_new(ORD_ATTACH);
	o->unit = k;
	o->target = need;
	if (drill_try(g, side, o))
		return true;
	if (c->moved_init == g->initiatives)
		return false;
	/* Out of reach: ride up behind it, to attach next time. */
	{
		const struct unit *u = &g->units[need];
		struct vec2 to = v2_add(u->pos, v2_scale(geom_dir(u->facing), -4));
		double len = v2_dist(to, c->pos);
		if (len < 1)
			return false;
		if (len > rules_command.stand_move - 0.5)
			to = v2_add(c->pos, v2_scale(v2_sub(to, c->pos), (rules_command.stand_move - 0.5) / len));
		*o = order_new(ORD_CMOVE);
		o->unit = k;
		o->npts = 1;
		o->pts[0] = to;
		return stand_safe(g, side, to) && drill_try(g, side, o);
	}
}

/* ------------------------------------------------------------------ */
/* Choosing the brigade */

static double brigade_stake(struct general_ai *ai, struct game *g, int b)
{
	double stake = 0;
	int div = g->brigs[b].division;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const struct move_allowance *ma;
		double d;
		int e;
		if (u->brigade != b || !active(u))
			continue;
		e = est_nearest_enemy(g, u, &d);
		if (e < 0)
			continue;
		/* Threatened units, and units that can hurt someone now. */
		if (d < 12)
			stake += 2;
		else if (d < 24)
			stake += 1;
		ma = rules_move_for(u->type, u->form);
		if (ai->level != AI_EASY && unit_is_cavalry(u) && ma && d < ma->charge &&
		    g->units[e].form != FORM_SQUARE && g->units[e].form != FORM_ESQUARE && !unit_is_cavalry(&g->units[e]))
			stake += 3;
		if (unit_is_artillery(u) && d < rules_fire.art_range[RANGE_MEDIUM])
			stake += 1;
	}
	if (div >= 0 && div < g->ndivs)
		stake += ai->plan[div].role == ROLE_ATTACK ? 1 : ai->plan[div].role == ROLE_RESERVE ? -1 : 0;
	return stake;
}

/* A division not yet used this Turn that is to attack or move up marches
 * as a whole (a division manoeuvre: 36 cm with no enemy within 36, else
 * 24) while none of its units is within 18 cm of the enemy (the rules
 * allow it from 12) and none has reached its goal.  Brigade by brigade it
 * would go 6 cm at a time: too slow to bring up a corps arriving piecemeal. */
#define MARCH_CLEAR 6
static int division_to_march(struct general_ai *ai, struct game *g, enum side side)
{
	for (int d = 0; d < g->ndivs; d++) {
		struct order o;
		double nearest = INFINITY;
		bool any = false;
		if (division_side(g, d) != side || ai->plan[d].role == ROLE_HOLD)
			continue;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			double dist;
			if (u->side != side || !active(u) || unit_division(g, u) != d)
				continue;
			any = true;
			est_nearest_enemy(g, u, &dist);
			nearest = fmin(nearest, dist);
			if (v2_dist(u->pos, ai->plan[d].goal) < 15)
				nearest = 0; /* already there */
		}
		if (!any || nearest < rules_division_move.blocked_within + MARCH_CLEAR)
			continue;
		o = order_new(ORD_DIVMOVE);
		o.target = d;
		if (drill_try(g, side, &o))
			return d;
	}
	return -1;
}

/* ------------------------------------------------------------------ */
/* Fire */

/* The enemies nearest a unit within reach, nearest first (at most max). */
static int nearest_within(const struct game *g, const struct unit *u, double reach, int *out, int max)
{
	double dist[16];
	int n = 0;
	if (max > 16)
		max = 16;
	for (int k = 0; k < g->nunits; k++) {
		const struct unit *t = &g->units[k];
		double d;
		int j;
		if (t->side == u->side || !active(t) || unit_abandoned(t) || !game_units_within(u, t, reach))
			continue;
		d = v2_dist(u->pos, t->pos);
		if (n == max && d >= dist[n - 1])
			continue;
		for (j = n < max ? n++ : n - 1; j > 0 && dist[j - 1] > d; j--) {
			dist[j] = dist[j - 1];
			out[j] = out[j - 1];
		}
		dist[j] = d;
		out[j] = k;
	}
	return n;
}

/* Each unit of the brigade fires where it is expected to do most harm
 * (the nearest few targets looked at: the best shots are close ones). */
static bool best_fire(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		int best = -1, near[6], n;
		double bv = 0;
		if (ai->did[i] & DID_FIRE || !drill_in_hand(g, u, side) || unit_is_cavalry(u) || volley_may_fire(g, u))
			continue;
		ai->did[i] |= DID_FIRE;
		n = nearest_within(g, u, unit_is_artillery(u) ? rules_fire.art_range[RANGE_LONG] + 1
		                                             : rules_fire.small_arms_range + 1, near, 6);
		for (int j = 0; j < n; j++) {
			int k = near[j];
			const struct unit *t = &g->units[k];
			struct fire_shot shot;
			double v;
			if (!fire_check(g, i, k, NULL, &shot) || shot.dice <= 0)
				continue;
			if (ai->level == AI_EASY)
				v = 100 - game_unit_distance(u, t); /* the nearest */
			else
				v = odds_fire_hits(shot.dice) * est_sp_worth(g, t) +
				    est_gone_worth(g, t) * odds_fire_at_least(shot.dice, t->sp - unit_elimination_sp(t));
			if (v > bv) {
				bv = v;
				best = k;
			}
		}
		if (best >= 0) {
			*o = order_new(ORD_FIRE);
			o->unit = i;
			o->target = best;
			return true;
		}
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Retreat: a unit about to be destroyed for little in return leaves the
 * field instead (the count of units lost is the same, but the enemy wins
 * no break-through and the brigade commander with it is saved). */

static bool hopeless(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		double worst = 0;
		int foe = -1;
		if (u->side != side || !active(u) || (u->acted & (UA_CHARGED | UA_FIRED)) || ai->level == AI_EASY)
			continue;
		for (int k = 0; k < g->nunits; k++)
			if (g->units[k].side != side && active(&g->units[k]) &&
			    game_units_within(u, &g->units[k], GEOM_CONTACT)) {
				struct est_fight f;
				est_fight(g, i, k, &f);
				if (f.gone[0] > 0.95 && f.lost[1] < 0.5 && f.value < worst) {
					worst = f.value;
					foe = k;
				}
			}
		if (foe < 0)
			continue;
		*o = order_new(ORD_RETREAT);
		o->unit = i;
		o->flag = OF_WITH_CMDR;
		if (drill_try(g, side, o))
			return true;
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Saying what it means to do: from the plans its units were given. */

static void intent(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	const char *who, *what, *how = "", *where = "";
	int div, n = 0, count[DRILL_COUNT] = { 0 }, col = 0, inf = 0, charge = -1;
	double nearest = INFINITY;
	const struct div_plan *p;
	char name[NAME_LEN + 16], extra[80] = "";

	if (g->divmove >= 0) {
		div = g->divmove;
		who = g->divs[div].name[0] ? g->divs[div].name : g->divs[div].id;
	} else {
		div = g->brigs[g->active_brigade].division;
		who = g->brigs[g->active_brigade].name[0] ? g->brigs[g->active_brigade].name
		                                          : g->brigs[g->active_brigade].id;
	}
	snprintf(name, sizeof name, "%s", who);
	p = div >= 0 && div < g->ndivs ? &ai->plan[div] : NULL;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const struct drill *d = &ai->drills[i];
		double dist;
		if (!drill_in_hand(g, u, side) || !d->planned)
			continue;
		n++;
		count[d->kind]++;
		est_nearest_enemy(g, u, &dist);
		nearest = fmin(nearest, dist);
		if (unit_is_infantry(u)) {
			enum formation f = u->form;
			for (int k = 0; k < d->n; k++)
				if (d->o[k].kind == ORD_FORM)
					f = d->o[k].form;
			inf++;
			col += f == FORM_COLUMN;
		}
		if (d->kind == DRILL_CHARGE && charge < 0)
			charge = d->charge_target;
	}
	if (p && p->role != ROLE_RESERVE)
		where = p->where;
	if (!p || !n)
		what = "stands fast";
	else if (p->role == ROLE_RESERVE)
		what = "waits in reserve";
	else if (count[DRILL_ADVANCE] + count[DRILL_REDEPLOY] + count[DRILL_CHARGE] == 0)
		what = p->role == ROLE_HOLD ? "holds its ground before" : "stands fast before";
	else if (count[DRILL_FALL_BACK] * 2 > n)
		what = "falls back before";
	else if (p->role == ROLE_HOLD)
		what = nearest < 25 ? "holds its ground before" : "moves up to hold";
	else if (nearest < 25)
		what = "engages the enemy toward";
	else {
		what = "advances";
		how = inf && col * 2 >= inf ? " in column on" : " on";
	}
	if (charge >= 0)
		snprintf(extra, sizeof extra, ", charging %.20s", g->units[charge].id);
	else if (count[DRILL_SQUARE])
		snprintf(extra, sizeof extra, ", %s against cavalry", count[DRILL_SQUARE] > 1 ? "squares" : "a square");
	*o = order_new(ORD_NOTE);
	snprintf(o->text, sizeof o->text, "%.48s %s%s%s%.40s%s.", name, what, how, where[0] ? " " : "", where, extra);
	for (char *c = o->text; *c; c++)
		if (*c == '"' || *c == '\n')
			*c = '\'';
}

/* ------------------------------------------------------------------ */
/* The controller */

/* Whether the side manoeuvring has stated its intent this initiative: a
 * note since the order that began its manoeuvre phase.  Read from the
 * battle's history rather than remembered, so that a battle loaded from a
 * save without the computer's memory goes on as it would have. */
static bool intent_stated(const struct game *g)
{
	if (g->phase == PHASE_SETUP || g->phase == PHASE_INITIATIVE)
		return false;
	for (int i = g->nhistory - 1; i >= 0; i--) {
		if (g->history[i].kind == ORD_NOTE)
			return true;
		if (g->history[i].kind == ORD_BRIGADE || g->history[i].kind == ORD_DIVMOVE)
			return false;
	}
	return false;
}

static void new_step(struct general_ai *ai, struct game *g)
{
	if (ai->initiative != g->initiatives || ai->phase != (int)g->phase) {
		if (ai->initiative != g->initiatives) {
			ai->noted = intent_stated(g);
			ai->planned = false;
			ai->commanded = false;
		}
		ai->initiative = g->initiatives;
		ai->phase = (int)g->phase;
		memset(ai->did, 0, (size_t)g->nunits);
		ai->unit = -1;
	}
}

/* The unit of the brigade nearest the enemy that has not yet acted. */
static int next_unit(struct general_ai *ai, struct game *g, enum side side)
{
	double bd = INFINITY;
	int best = -1;
	for (int i = 0; i < g->nunits; i++) {
		double d;
		if (ai->did[i] & DID_DONE || !drill_in_hand(g, &g->units[i], side))
			continue;
		est_nearest_enemy(g, &g->units[i], &d);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

/* Has anything near a unit changed since the plans were made (another
 * unit moved, turned, changed formation or fell)?  If not, its plan was
 * checked against the table as it still is. */
static bool stale(const struct general_ai *ai, const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		const struct drill_mark *m = &ai->marks[i];
		if (i == unit || (o->state == m->state && v2_dist(o->pos, m->pos) < 1e-9 && o->facing == m->facing &&
		                  o->form == m->form && o->markers == m->markers))
			continue;
		if (v2_dist(o->pos, u->pos) < 25 || v2_dist(m->pos, u->pos) < 25 ||
		    v2_dist(o->pos, ai->drills[unit].end) < 25 || v2_dist(m->pos, ai->drills[unit].end) < 25)
			return true;
	}
	return false;
}

/* A charge is never tried (it would throw dice); the engine's checks of
 * it, which throw none, are made again before it is given. */
static bool charge_still_on(struct game *g, const struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	char why[MSG_LEN];
	return !(u->acted & (UA_MOVED | UA_CROSSED | UA_NO_CHARGE | UA_DONE)) &&
	       order_charge_check(g, o->unit, o->target, false, why, sizeof why) == 0;
}

/* How many units (those to act first) are planned before the intent is
 * written; the others are planned as their turn comes, so that no single
 * call plans a whole division. */
#define PLAN_AHEAD 3

static int manoeuvre(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	if (!ai->planned) {
		ai->planned = true;
		for (int i = 0; i < g->nunits; i++)
			ai->drills[i].planned = false;
		for (int k = 0; k < PLAN_AHEAD; k++) {
			int i = next_unit(ai, g, side);
			if (i < 0)
				break;
			drill_plan(ai, g, side, i, &ai->drills[i]);
			ai->did[i] |= DID_DONE; /* only to skip it in the search */
		}
		for (int i = 0; i < g->nunits; i++) {
			ai->did[i] &= (unsigned char)~DID_DONE;
			ai->marks[i] = (struct drill_mark){ g->units[i].pos, g->units[i].facing, g->units[i].form,
				                            g->units[i].state, g->units[i].markers };
		}
	}
	if (!ai->noted) {
		ai->noted = true;
		intent(ai, g, side, o);
		return 0;
	}
	if (!ai->commanded) {
		/* The brigade commander, before any unit moves: one order. */
		ai->commanded = true;
		if (brigade_commander(ai, g, side, o))
			return 0;
	}
	for (;;) {
		struct drill *d;
		bool ok;
		if (ai->unit < 0 && (ai->unit = next_unit(ai, g, side)) < 0)
			break;
		d = &ai->drills[ai->unit];
		if (!d->planned && g->units[ai->unit].state == US_ACTIVE) {
			drill_plan(ai, g, side, ai->unit, d);
			d->fresh = true;
		}
		if (g->units[ai->unit].state == US_ACTIVE && d->next < d->n) {
			*o = d->o[d->next];
			/* A charge is never tried (it would throw dice), but its
			 * checks are made again.  The first order of a plan made
			 * just now stands; a plan made ahead stands while nothing
			 * near the unit has changed and no formation change of its
			 * own has put its stands elsewhere than planned; anything
			 * else is checked again, and a plan the engine would now
			 * refuse is made again from where things stand. */
			if (o->kind == ORD_CHARGE)
				ok = charge_still_on(g, o);
			else if (d->fresh)
				ok = true;
			else if (d->ahead && !(ai->did[ai->unit] & DID_REPLAN) && !stale(ai, g, ai->unit) &&
			         !(d->next > 0 && d->o[d->next - 1].kind == ORD_FORM))
				ok = true;
			else
				ok = drill_check(g, side, o);
			if (ok) {
				d->next++;
				d->fresh = false;
				return 0;
			}
			if (!(ai->did[ai->unit] & DID_REPLAN)) {
				ai->did[ai->unit] |= DID_REPLAN;
				drill_plan(ai, g, side, ai->unit, d);
				d->fresh = true;
				continue;
			}
		}
		ai->did[ai->unit] |= DID_DONE;
		ai->unit = -1;
	}
	if (hopeless(ai, g, side, o))
		return 0;
	*o = order_new(ORD_END);
	return 0;
}

static int general_order(struct controller *ctl, struct game *g, enum side side, struct order *o)
{
	struct general_ai *ai = ctl->ctx;

	new_step(ai, g);
	if (ai->plan_turn[side] != g->turn)
		make_plan(ai, g, side);

	if (g->phase == PHASE_INITIATIVE) {
		int best = -1, march;
		/* A division stand that has moved binds the initiative to its
		 * division. */
		int bound = seq_pending_division(g, side);
		double bs = -INFINITY;
		/* The corps commanders first, each where he keeps most of his
		 * corps in command. */
		for (int c = 0; c < g->ncorps; c++)
			if (ai->level != AI_EASY && bound < 0 && g->corps[c].side == side && g->corps[c].commander >= 0 &&
			    place_commander(ai, g, side, g->corps[c].commander, -1, -1, o))
				return 0;
		if (ai->level != AI_EASY && (march = division_to_march(ai, g, side)) >= 0 &&
		    (bound < 0 || bound == march)) {
			if (g->divs[march].commander >= 0 &&
			    place_commander(ai, g, side, g->divs[march].commander, march, -1, o))
				return 0;
			*o = order_new(ORD_DIVMOVE);
			o->target = march;
			return 0;
		}
		for (int b = 0; b < g->nbrigs; b++) {
			double s;
			if (brigade_side(g, b) != side || !seq_brigade_available(g, b) ||
			    (bound >= 0 && g->brigs[b].division != bound))
				continue;
			s = ai->level == AI_EASY ? -b : brigade_stake(ai, g, b);
			if (s > bs) {
				bs = s;
				best = b;
			}
		}
		if (best >= 0) {
			int div = g->brigs[best].division;
			if (ai->level != AI_EASY && div >= 0 && g->divs[div].commander >= 0 &&
			    place_commander(ai, g, side, g->divs[div].commander, div, best, o))
				return 0;
			*o = order_new(ORD_BRIGADE);
			o->target = best;
			return 0;
		}
		*o = order_new(ORD_END);
		return 0;
	}

	if (g->phase == PHASE_MANOEUVRE)
		return manoeuvre(ai, g, side, o);

	if (g->phase == PHASE_FIRE && best_fire(ai, g, side, o))
		return 0;
	*o = order_new(ORD_END);
	return 0;
}

/* Orders are tried first, so a refusal means the plan misread the state:
 * the unit's plan is closed so that it cannot loop. */
static void general_refused(struct controller *ctl, struct game *g, enum side side, const struct order *o,
                            const char *why)
{
	struct general_ai *ai = ctl->ctx;
	(void)side, (void)why;
	ai->refusals++;
	if (o->unit >= 0 && o->unit < g->nunits && o->kind != ORD_CMOVE && o->kind != ORD_ATTACH &&
	    o->kind != ORD_DETACH)
		ai->did[o->unit] |= DID_DONE | DID_FIRE;
	if (ai->unit == o->unit)
		ai->unit = -1;
}

int general_init(struct general_ai *ai, struct game *g, enum ai_level level)
{
	*ai = (struct general_ai){
		.ctl = { .ctx = ai, .order = general_order, .refused = general_refused, .decide = general_decide },
		.level = level, .initiative = -1, .phase = -1, .unit = -1, .plan_turn = { -1, -1 },
	};
	ai->charge_threshold = level == AI_EASY ? 3.0 : level == AI_HARD ? 0.25 : 0.75;
	ai->did = calloc((size_t)g->nunits + 1, sizeof *ai->did);
	ai->drills = calloc((size_t)g->nunits + 1, sizeof *ai->drills);
	ai->marks = calloc((size_t)g->nunits + 1, sizeof *ai->marks);
	ai->plan = calloc((size_t)g->ndivs + 1, sizeof *ai->plan);
	ai->scratch = drill_scratch_new();
	ai->routes = route_new();
	ai->ndivs = g->ndivs;
	ai->game = g;
	if (!ai->did || !ai->plan || !ai->drills || !ai->marks || !ai->scratch || !ai->routes) {
		general_free(ai);
		return -1;
	}
	return 0;
}

void general_free(struct general_ai *ai)
{
	free(ai->did);
	free(ai->plan);
	free(ai->drills);
	free(ai->marks);
	ai->marks = NULL;
	drill_scratch_free(ai->scratch);
	ai->scratch = NULL;
	route_free(ai->routes);
	ai->routes = NULL;
	ai->did = NULL;
	ai->plan = NULL;
	ai->drills = NULL;
}

const char *general_role(const struct general_ai *ai, int division)
{
	if (!ai->plan || division < 0 || division >= ai->ndivs)
		return "none";
	return ai->plan_turn[division_side(ai->game, division)] >= 0 ? role_words[ai->plan[division].role]
	                                                            : "none";
}

/* ------------------------------------------------------------------ */
/* Memory across a save */

/* Doubles are written with all their digits: the same plan to the last
 * bit, so that a battle continued from a save is played as it would have
 * been. */
static void put_order(FILE *f, const struct order *o)
{
	fprintf(f, ",%d,%d,%d,%.17g,%.17g,%.17g,%d,%d,%d,%d", (int)o->kind, o->unit, o->target, o->a, o->b, o->c,
	        o->has_a | o->has_b << 1 | o->has_c << 2, (int)o->form, o->flag, o->npts);
	for (int k = 0; k < o->npts; k++)
		fprintf(f, ",%.17g,%.17g", o->pts[k].x, o->pts[k].y);
}

/* The plans of the initiative's units and how the table stood when they
 * were made: only while a manoeuvre phase has them. */
static void put_drills(FILE *f, const struct general_ai *ai, const struct game *g)
{
	bool any = false;
	fputs(" drills=", f);
	for (int i = 0; ai->planned && i < g->nunits; i++) {
		const struct drill *d = &ai->drills[i];
		if (!d->planned)
			continue;
		fprintf(f, "%s%d,%d,%.17g,%d,%.17g,%.17g,%d,%d,%d", any ? ";" : "", i, (int)d->kind, d->score,
		        d->charge_target, d->end.x, d->end.y, d->ahead | d->fresh << 1, d->n, d->next);
		for (int k = 0; k < d->n; k++)
			put_order(f, &d->o[k]);
		any = true;
	}
	if (!any)
		fputc('-', f);
	fputs(" marks=", f);
	if (!ai->planned)
		fputc('-', f);
	for (int i = 0; ai->planned && i < g->nunits; i++) {
		const struct drill_mark *m = &ai->marks[i];
		fprintf(f, "%s%.17g,%.17g,%.17g,%d,%d,%u", i ? ";" : "", m->pos.x, m->pos.y, m->facing, (int)m->form,
		        (int)m->state, m->markers);
	}
}

char *general_memory(const struct general_ai *ai, const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	fprintf(f, "general init=%d phase=%d noted=%d planned=%d commanded=%d unit=%d turn=%d,%d "
	        "urgency=%.17g,%.17g did=",
	        ai->initiative, ai->phase, ai->noted, ai->planned, ai->commanded, ai->unit, ai->plan_turn[0],
	        ai->plan_turn[1], ai->urgency[0], ai->urgency[1]);
	for (int i = 0; i < g->nunits; i++)
		fprintf(f, "%02x", ai->did[i]);
	fputs(" plan=", f);
	for (int d = 0; d < ai->ndivs; d++)
		fprintf(f, "%s%d,%d,%.17g,%.17g", d ? ";" : "", (int)ai->plan[d].role, ai->plan[d].objective,
		        ai->plan[d].goal.x, ai->plan[d].goal.y);
	put_drills(f, ai, g);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Reading it back: numbers one after another, each followed by one
 * separator (',' within a record, ';' between records) or the end of the
 * field; any other text is a memory that is not the computer's. */
struct reader {
	const char *p;
	bool bad;
};

static double rd_num(struct reader *r)
{
	char *end;
	double v;
	if (r->bad)
		return 0;
	v = strtod(r->p, &end);
	if (end == r->p || !isfinite(v) || (*end && *end != ',' && *end != ';' && *end != ' ')) {
		r->bad = true;
		return 0;
	}
	r->p = *end == ',' || *end == ';' ? end + 1 : end;
	return v;
}

/* A whole number within lo..hi. */
static int rd_int(struct reader *r, int lo, int hi)
{
	double v = rd_num(r);
	if (v != floor(v) || v < lo || v > hi)
		r->bad = true;
	return r->bad ? lo : (int)v;
}

static bool rd_field(struct reader *r, const char *name)
{
	size_t n = strlen(name);
	if (r->bad || strncmp(r->p, name, n) != 0)
		return r->bad = true, false;
	r->p += n;
	if (*r->p == '-') {
		r->p++;
		return false;
	}
	return true;
}

static void get_order(struct reader *r, const struct game *g, struct order *o)
{
	int has;
	*o = order_new((enum order_kind)rd_int(r, 0, ORD_COUNT - 1));
	o->unit = rd_int(r, -1, g->nunits + g->ncmdrs);
	o->target = rd_int(r, -1, 1 << 20);
	o->a = rd_num(r);
	o->b = rd_num(r);
	o->c = rd_num(r);
	has = rd_int(r, 0, 7);
	o->has_a = has & 1;
	o->has_b = has >> 1 & 1;
	o->has_c = has >> 2 & 1;
	o->form = (enum formation)rd_int(r, 0, FORM_COUNT - 1);
	o->flag = rd_int(r, 0, 1 << 20);
	o->npts = rd_int(r, 0, ORDER_MAX_POINTS);
	for (int k = 0; k < o->npts; k++) {
		o->pts[k].x = rd_num(r);
		o->pts[k].y = rd_num(r);
	}
}

static void get_drills(struct reader *r, struct general_ai *ai, const struct game *g)
{
	if (rd_field(r, " drills="))
		do {
			struct drill *d = &ai->drills[rd_int(r, 0, g->nunits - 1)];
			int flags;
			d->kind = (enum drill_kind)rd_int(r, 0, DRILL_COUNT - 1);
			d->score = rd_num(r);
			d->charge_target = rd_int(r, -1, g->nunits - 1);
			d->end.x = rd_num(r);
			d->end.y = rd_num(r);
			flags = rd_int(r, 0, 3);
			d->ahead = flags & 1;
			d->fresh = flags >> 1 & 1;
			d->n = rd_int(r, 0, DRILL_MAX_ORDERS);
			d->next = rd_int(r, 0, d->n);
			for (int k = 0; k < d->n; k++)
				get_order(r, g, &d->o[k]);
			d->planned = true;
		} while (!r->bad && r->p[-1] == ';');
	if (rd_field(r, " marks="))
		for (int i = 0; i < g->nunits; i++) {
			struct drill_mark *m = &ai->marks[i];
			m->pos.x = rd_num(r);
			m->pos.y = rd_num(r);
			m->facing = rd_num(r);
			m->form = (enum formation)rd_int(r, 0, FORM_COUNT - 1);
			m->state = (enum unit_state)rd_int(r, 0, US_COUNT - 1);
			m->markers = (unsigned)rd_int(r, 0, (1 << MK_COUNT) - 1);
		}
	if (*r->p)
		r->bad = true;
}

int general_recall(struct general_ai *ai, const struct game *g, const char *text)
{
	int init, phase, noted, planned, commanded, unit, t0, t1, n = 0;
	double u0, u1;
	struct reader r;
	if (sscanf(text, "general init=%d phase=%d noted=%d planned=%d commanded=%d unit=%d turn=%d,%d "
	           "urgency=%lf,%lf did=%n", &init, &phase, &noted, &planned, &commanded, &unit, &t0, &t1, &u0, &u1,
	           &n) != 10 || !n)
		return -1;
	if (unit < -1 || unit >= g->nunits || phase < -1 || phase >= PHASE_COUNT || g->ndivs != ai->ndivs ||
	    !(u0 >= 0 && u0 <= 1) || !(u1 >= 0 && u1 <= 1))
		return -1;
	r.p = text + n;
	r.bad = false;
	for (int i = 0; i < g->nunits; i++, r.p += 2) {
		static const char hex[] = "0123456789abcdef";
		const char *hi = r.p[0] ? strchr(hex, r.p[0]) : NULL, *lo = hi && r.p[1] ? strchr(hex, r.p[1]) : NULL;
		if (!lo)
			goto forget;
		ai->did[i] = (unsigned char)((hi - hex) << 4 | (lo - hex));
	}
	for (int i = 0; i < g->nunits; i++)
		ai->drills[i].planned = false;
	if (!rd_field(&r, " plan="))
		goto forget;
	for (int d = 0; d < ai->ndivs; d++) {
		int obj;
		ai->plan[d].role = (enum role)rd_int(&r, 0, ROLE_RESERVE);
		ai->plan[d].objective = obj = rd_int(&r, -1, g->nobj - 1);
		ai->plan[d].goal.x = rd_num(&r);
		ai->plan[d].goal.y = rd_num(&r);
		/* What the intent line calls it, as make_plan names it. */
		snprintf(ai->plan[d].where, sizeof ai->plan[d].where, "%s", obj >= 0 ? g->obj[obj].name : "the enemy");
	}
	get_drills(&r, ai, g);
	if (r.bad)
		goto forget;
	ai->initiative = init;
	ai->phase = phase;
	ai->noted = noted != 0;
	ai->planned = planned != 0;
	ai->commanded = commanded != 0;
	ai->unit = unit;
	ai->plan_turn[0] = t0;
	ai->plan_turn[1] = t1;
	ai->urgency[0] = u0;
	ai->urgency[1] = u1;
	return 0;
forget:
	memset(ai->did, 0, (size_t)g->nunits);
	memset(ai->plan, 0, (size_t)ai->ndivs * sizeof *ai->plan);
	for (int i = 0; i < g->nunits; i++)
		ai->drills[i].planned = false;
	return -1;
}
