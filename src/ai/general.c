/* general: the computer opponent.  Each Turn it makes a plan from the
 * scenario's objectives (which divisions attack, hold or wait in
 * reserve); each initiative it gives it to the brigade with most at stake,
 * says what that brigade means to do, and orders its units with sensible
 * drill.  Charges, fire and every reaction are weighed with the rules'
 * real probabilities (odds.c).  It asks the engine whether an order is
 * legal before giving it (order_preview, order_charge_check), and never
 * looks at a die before it is thrown: no order that throws dice is ever
 * previewed. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "decide.h"
#include "estimate.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/react.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/victory.h"
#include "engine/volley.h"
#include "odds.h"

/* Drill distances (cm): where columns shake out into line, how close
 * infantry closes to fire (inside the 4 cm small-arms range), how far
 * cavalry waits from the enemy, what counts as a cavalry threat. */
#define DEPLOY_AT 20.0
#define CLOSE_TO 3.0
#define HOLD_OFF 8.0
#define CAVALRY_WAITS 14.0
#define THREAT_MARGIN 2.0
#define SQUARE_MARGIN 5.0
#define ARTILLERY_WANTS 24.0
#define ORDERS_PER_UNIT 6

enum role { ROLE_ATTACK, ROLE_HOLD, ROLE_RESERVE };
static const char *const role_words[] = { "attack", "hold", "reserve" };

struct div_plan {
	enum role role;
	int objective;   /* index, or -1 */
	struct vec2 goal;
	char where[NAME_LEN];
};

/* ------------------------------------------------------------------ */
/* Looking at the table */

static bool active(const struct unit *u)
{
	return u->state == US_ACTIVE;
}

static bool in_hand(const struct game *g, const struct unit *u, enum side side)
{
	if (u->side != side || !active(u) || (u->acted & UA_DONE))
		return false;
	if (g->divmove >= 0)
		return unit_division(g, u) == g->divmove;
	return u->brigade == g->active_brigade;
}

/* Half the diagonal of a unit's footprint: no point of it is farther from
 * its centre. */
static double unit_reach(const struct unit *u)
{
	struct obb b = unit_footprint(u);
	return 0.5 * hypot(b.w, b.d);
}

static int nearest_enemy(const struct game *g, const struct unit *u, bool cavalry_only, double *dist)
{
	int best = -1;
	double bd = INFINITY, ru = unit_reach(u);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		double d;
		if (o->side == u->side || !active(o) || (cavalry_only && !unit_is_cavalry(o)))
			continue;
		/* The centres' distance less both reaches bounds the footprints'. */
		if (v2_dist(u->pos, o->pos) - ru - unit_reach(o) >= bd)
			continue;
		d = game_unit_distance(u, o);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	if (dist)
		*dist = bd;
	return best;
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

/* Could formed enemy cavalry charge u next: within its charge allowance
 * (plus margin) and roughly in front of it? */
static bool cavalry_threat(const struct game *g, const struct unit *u, double margin)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *c = &g->units[i];
		const struct move_allowance *ma;
		if (c->side == u->side || !active(c) || !unit_is_cavalry(c) || !unit_formed(c) ||
		    unit_has_marker(c, MK_BLUE) || !(ma = rules_move_for(c->type, c->form)) || ma->charge <= 0)
			continue;
		if (fabs(geom_angle_diff(c->facing, geom_bearing(c->pos, u->pos))) > 60)
			continue;
		if (game_units_within(c, u, ma->charge + margin))
			return true;
	}
	return false;
}

/* Is an enemy of side on (or within reach of) an objective? */
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

static int side_sp(const struct game *g, enum side side)
{
	int sp = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == side && active(&g->units[i]))
			sp += g->units[i].sp;
	return sp;
}

/* What a strength point of a unit is worth to the plan: guns are scarce. */
static double sp_worth(const struct unit *u)
{
	return unit_is_artillery(u) ? 1.5 : 1.0;
}

double general_charge_value(struct game *g, int a, int t, bool breakthrough)
{
	return est_charge(g, a, t, breakthrough, NULL);
}

/* ------------------------------------------------------------------ */
/* The plan */

static void make_plan(struct general_ai *ai, struct game *g, enum side side)
{
	int mine = side_sp(g, side), theirs = side_sp(g, side ^ 1);
	int held = 0, lost = 0, ndiv = 0;
	bool defend;
	struct vec2 enemy;
	bool have_enemy = centroid(g, side ^ 1, -1, &enemy);

	for (int i = 0; i < g->nobj; i++) {
		if (g->obj[i].holder == (int)side)
			held += g->obj[i].value;
		else if (g->obj[i].holder == (int)(side ^ 1))
			lost += g->obj[i].value;
	}
	/* Ahead on objectives and not stronger, or badly beaten: hold. */
	defend = (held > lost && mine < theirs * 1.2) || mine < theirs * 0.6;
	for (int d = 0; d < g->ndivs; d++) {
		struct div_plan *p = &ai->plan[d];
		struct vec2 at;
		double best = -INFINITY;
		if (division_side(g, d) != side)
			continue;
		if (!centroid(g, side, d, &at)) {
			p->role = ROLE_HOLD;
			p->objective = -1;
			continue;
		}
		ndiv++;
		p->objective = -1;
		p->goal = have_enemy ? enemy : at;
		snprintf(p->where, sizeof p->where, "the enemy");
		for (int i = 0; i < g->nobj; i++) {
			const struct objective *o = &g->obj[i];
			bool ours = o->holder == (int)side;
			double score = o->value * (ours == defend ? 2.0 : 1.0) /
			               (v2_dist(at, objective_centre(g, o)) + 20);
			if (score > best) {
				best = score;
				p->objective = i;
			}
		}
		if (p->objective >= 0) {
			p->goal = objective_centre(g, &g->obj[p->objective]);
			snprintf(p->where, sizeof p->where, "%s", g->obj[p->objective].name);
		}
		p->role = defend || (p->objective >= 0 && g->obj[p->objective].holder == (int)side) ? ROLE_HOLD
		                                                                                 : ROLE_ATTACK;
	}
	/* A corps of three divisions or more that is not the stronger keeps
	 * the one farthest from the fighting in reserve for the first half of
	 * the battle. */
	if (ndiv >= 3 && g->turn <= g->turns / 2 && have_enemy && mine < theirs * 1.3) {
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
	ai->defending[side] = defend;
}

/* ------------------------------------------------------------------ */
/* Choosing the brigade */

static int best_charge(struct general_ai *ai, struct game *g, int unit, double *value);

static double brigade_stake(struct general_ai *ai, struct game *g, int b)
{
	double stake = 0;
	int div = g->brigs[b].division;
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		double d;
		int e;
		if (u->brigade != b || !active(u))
			continue;
		e = nearest_enemy(g, u, false, &d);
		if (e < 0)
			continue;
		/* Threatened units, and units that can hurt someone now. */
		if (d < 12)
			stake += 2;
		else if (d < 24)
			stake += 1;
		if (ai->level != AI_EASY && unit_is_cavalry(u) && d < 30 && best_charge(ai, g, i, NULL) >= 0)
			stake += 4;
	}
	if (div >= 0 && div < g->ndivs)
		stake += ai->plan[div].role == ROLE_ATTACK ? 1 : ai->plan[div].role == ROLE_RESERVE ? -1 : 0;
	return stake;
}

/* A division far from the enemy and not yet used this Turn marches as a
 * whole (a division manoeuvre) when it is to attack or move up. */
static int division_to_march(struct general_ai *ai, struct game *g, enum side side)
{
	for (int d = 0; d < g->ndivs; d++) {
		struct order o;
		struct preview pv;
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
			nearest_enemy(g, u, false, &dist);
			nearest = fmin(nearest, dist);
			if (v2_dist(u->pos, ai->plan[d].goal) < 15)
				nearest = 0; /* already there */
		}
		if (!any || nearest < rules_division_move.far_clear)
			continue;
		o = order_new(ORD_DIVMOVE);
		o.target = d;
		order_preview(g, side, &o, &pv);
		if (pv.ok)
			return d;
	}
	return -1;
}

static bool move_division_stand(struct general_ai *ai, struct game *g, enum side side, int div,
                                struct order *o)
{
	struct vec2 c;
	struct preview pv;
	int k = g->divs[div].commander;
	struct commander *cm;
	(void)ai;
	if (k < 0 || k >= g->ncmdrs)
		return false;
	cm = &g->cmdrs[k];
	if (cm->state != US_ACTIVE || cm->attached >= 0 || cm->moved_turn == g->turn ||
	    !centroid(g, side, div, &c) || v2_dist(c, cm->pos) < 3)
		return false;
	/* Toward the middle of the division, as far as a stand goes. */
	for (double f = 1.0; f > 0.2; f -= 0.25) {
		*o = order_new(ORD_CMOVE);
		o->unit = k;
		o->npts = 1;
		o->pts[0] = v2_add(cm->pos, v2_scale(v2_sub(c, cm->pos), f));
		order_preview(g, side, o, &pv);
		if (pv.ok)
			return true;
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* A unit's drill */

static bool try_order(struct game *g, enum side side, struct order *o)
{
	struct preview pv;
	order_preview(g, side, o, &pv);
	return pv.ok;
}

static bool face_to(struct game *g, enum side side, int unit, double bearing, struct order *o)
{
	const struct unit *u = &g->units[unit];
	if (fabs(geom_angle_diff(u->facing, bearing)) < 8)
		return false;
	*o = order_new(ORD_FACE);
	o->unit = unit;
	o->a = bearing;
	o->has_a = true;
	return try_order(g, side, o);
}

static bool form_to(struct game *g, enum side side, int unit, enum formation f, struct order *o)
{
	if (g->units[unit].form == f || !rules_move_for(g->units[unit].type, f))
		return false;
	*o = order_new(ORD_FORM);
	o->unit = unit;
	o->form = f;
	return try_order(g, side, o);
}

/* A move straight ahead that gets somewhere: at least half a centimetre,
 * and, when it is to go far, at least a third of the way it wanted. */
static bool move_by(struct game *g, enum side side, int unit, double dist, struct order *o)
{
	struct preview pv;
	struct vec2 from = g->units[unit].pos;
	if (dist < 0.5)
		return false;
	*o = order_new(ORD_MOVE);
	o->unit = unit;
	o->a = dist;
	o->has_a = true;
	order_preview(g, side, o, &pv);
	if (pv.ok)
		return true;
	o->flag = OF_MAX;
	o->a = 0;
	order_preview(g, side, o, &pv);
	return pv.ok && v2_dist(pv.pos, from) >= fmax(0.5, fmin(dist, 6) / 3);
}

/* The best charge for a unit now, or -1. */
/* How much a charge must be worth for this unit: attackers take even
 * odds when their side is the stronger, and any charge that clears an
 * objective of its defenders is worth a strength point more. */
static double charge_bar(struct general_ai *ai, const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	int div = unit_division(g, u);
	double bar = ai->charge_threshold;
	if (ai->level != AI_EASY && div >= 0 && div < g->ndivs && ai->plan[div].role == ROLE_ATTACK)
		bar -= side_sp(g, u->side) >= side_sp(g, u->side ^ 1) ? 1.0 : 0.5;
	return bar;
}

static double target_bonus(const struct game *g, int t)
{
	for (int i = 0; i < g->nobj; i++)
		if (g->obj[i].holder != (int)(g->units[t].side ^ 1) && victory_on_objective(g, &g->obj[i], &g->units[t]))
			return 1.0;
	return 0;
}

static int best_charge(struct general_ai *ai, struct game *g, int unit, double *value)
{
	int best = -1;
	double bv = charge_bar(ai, g, unit);
	const struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	if (!ma || ma->charge <= 0 || unit_is_artillery(u) || unit_has_marker(u, MK_BLUE))
		return -1;
	for (int t = 0; t < g->nunits; t++) {
		const struct unit *e = &g->units[t];
		double v;
		/* The rules' cheap tests first (the engine makes them too):
		 * within reach, not cavalry for infantry, a turn of 90 degrees
		 * at most in the initiative. */
		if (e->side == u->side || !active(e) || unit_has_marker(e, MK_ORANGE) ||
		    (unit_is_infantry(u) && unit_is_cavalry(e)) ||
		    u->pivoted + fabs(geom_angle_diff(u->facing, geom_bearing(u->pos, e->pos))) >
		        rules_special.pivot_charge_limit + 1e-9 ||
		    !game_units_within(u, e, ma->charge + 1))
			continue;
		v = general_charge_value(g, unit, t, false) + target_bonus(g, t);
		if (v > bv) {
			bv = v;
			best = t;
		}
	}
	if (value)
		*value = bv;
	return best;
}

/* The next order of a unit's drill, from the state it is in now. */
static bool unit_next(struct general_ai *ai, struct game *g, enum side side, int unit,
                      struct order *o)
{
	struct unit *u = &g->units[unit];
	unsigned char *did = &ai->did[unit];
	int div = unit_division(g, u), e, cav, t;
	const struct div_plan *p = div >= 0 && div < g->ndivs ? &ai->plan[div] : NULL;
	double d, dcav, goal_dist, bearing;
	struct vec2 target;
	enum role role = p ? p->role : ROLE_ATTACK;

	e = nearest_enemy(g, u, false, &d);
	if (e < 0)
		return false;
	cav = nearest_enemy(g, u, true, &dcav);
	target = p ? p->goal : g->units[e].pos;
	/* An objective that is not ours and that no enemy stands on is to be
	 * taken: go for it.  Otherwise the division keeps its frontage: each
	 * unit heads for the goal shifted by where it stands in the division,
	 * so that they do not all converge on one point and jam; an enemy
	 * close at hand is engaged rather than marched past. */
	bool seize = p && role != ROLE_RESERVE && p->objective >= 0 && g->obj[p->objective].holder != (int)side &&
	             !objective_defended(g, p->objective, side);
	struct vec2 middle;
	if (p && !seize && centroid(g, side, div, &middle)) {
		struct vec2 off = v2_sub(u->pos, middle);
		double len = v2_len(off);
		if (len > 20)
			off = v2_scale(off, 20 / len);
		target = v2_add(target, off);
		target.x = fmin(fmax(target.x, 2), g->map.width - 2);
		target.y = fmin(fmax(target.y, 2), g->map.height - 2);
	}
	if (d < 12 && role == ROLE_ATTACK && !seize)
		target = g->units[e].pos;
	goal_dist = v2_dist(u->pos, target);
	bearing = geom_bearing(u->pos, target);

	/* 1. A charge worth its risk. */
	if (!(*did & DID_CHARGE) && g->divmove < 0 && (t = best_charge(ai, g, unit, NULL)) >= 0) {
		*did |= DID_CHARGE;
		*o = order_new(ORD_CHARGE);
		o->unit = unit;
		o->target = t;
		snprintf(ai->charged, sizeof ai->charged, "%s", g->units[t].id);
		return true;
	}
	*did |= DID_CHARGE;

	if (unit_is_artillery(u)) {
		if (*did & DID_MOVE)
			return false;
		*did |= DID_MOVE;
		if (d > ARTILLERY_WANTS + 8 && role != ROLE_RESERVE) {
			*o = order_new(ORD_REDEPLOY);
			o->unit = unit;
			o->a = geom_bearing(u->pos, g->units[e].pos);
			o->b = fmin(d - ARTILLERY_WANTS, 20);
			o->has_a = o->has_b = true;
			if (try_order(g, side, o))
				return true;
			o->flag = OF_MAX;
			if (try_order(g, side, o))
				return true;
		}
		return face_to(g, side, unit, geom_bearing(u->pos, g->units[e].pos), o);
	}

	if (unit_is_infantry(u)) {
		bool squares = ai->level != AI_EASY && cav >= 0 && u->irregular == IRR_NONE &&
		               u->form != FORM_SKIRMISH;
		bool threatened = squares && cavalry_threat(g, u, THREAT_MARGIN);
		enum formation want;
		if (!(*did & DID_FORM)) {
			*did |= DID_FORM;
			if (threatened)
				want = FORM_SQUARE;
			else if (u->form == FORM_SQUARE && squares && cavalry_threat(g, u, SQUARE_MARGIN))
				want = FORM_SQUARE;
			else if (d > DEPLOY_AT && role != ROLE_HOLD)
				want = FORM_COLUMN;
			else if (u->type == UT_LIGHT_INF && role == ROLE_ATTACK && d > HOLD_OFF)
				want = FORM_SKIRMISH;
			else
				want = FORM_LINE;
			if (u->irregular == IRR_NONE && form_to(g, side, unit, want, o))
				return true;
		}
		if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
			return false;
	}

	if (!(*did & DID_FACE)) {
		*did |= DID_FACE;
		if (role == ROLE_HOLD && goal_dist < 6)
			bearing = geom_bearing(u->pos, g->units[e].pos);
		if (face_to(g, side, unit, bearing, o))
			return true;
	}
	if (!(*did & DID_MOVE)) {
		double want = goal_dist;
		*did |= DID_MOVE;
		if (role == ROLE_HOLD && goal_dist < 6)
			return false;
		if (role == ROLE_RESERVE)
			want = goal_dist - 4;
		/* Keep off the enemy: infantry closes to fire, cavalry waits
		 * for a charge, defenders stay out of reach. */
		if (seize && !unit_is_cavalry(u))
			; /* straight for the empty objective */
		else if (unit_is_cavalry(u))
			want = fmin(want, d - CAVALRY_WAITS);
		else if (role == ROLE_ATTACK)
			want = fmin(want, d - CLOSE_TO);
		else
			want = fmin(want, d - HOLD_OFF);
		if (fabs(geom_angle_diff(u->facing, bearing)) > (*did & DID_DETOUR ? 100 : 45))
			return false; /* it could not turn toward where it should go */
		if (move_by(g, side, unit, want, o))
			return true;
		/* Blocked (by friends, mostly): turn half right or left and go
		 * round, once an initiative. */
		if (!(*did & DID_DETOUR) && want >= 0.5 && u->form != FORM_SQUARE) {
			static const double turn[] = { 40, -40, 80, -80 };
			*did |= DID_DETOUR;
			for (int k = 0; k < 4; k++) {
				struct order m = order_new(ORD_MOVE);
				struct preview pv;
				struct unit keep = *u;
				double b = bearing + turn[k];
				/* Would it get anywhere that way?  Try it on a copy
				 * turned in place (no dice: a plain move). */
				u->facing = fmod(b + 360, 360);
				m.unit = unit;
				m.flag = OF_MAX;
				m.has_a = true;
				order_preview(g, side, &m, &pv);
				*u = keep;
				if (!pv.ok || v2_dist(pv.pos, u->pos) < 1.5)
					continue;
				if (face_to(g, side, unit, fmod(b + 360, 360), o)) {
					*did &= (unsigned char)~DID_MOVE;
					return true;
				}
			}
		}
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Fire */

static bool best_fire(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		int best = -1;
		double bv = 0;
		if (ai->did[i] & DID_FIRE || u->side != side || !active(u) ||
		    (g->divmove >= 0 ? unit_division(g, u) != g->divmove : u->brigade != g->active_brigade) ||
		    unit_is_cavalry(u) || volley_may_fire(g, u))
			continue;
		ai->did[i] |= DID_FIRE;
		for (int k = 0; k < g->nunits; k++) {
			const struct unit *t = &g->units[k];
			struct fire_shot shot;
			double v;
			if (t->side == side || !active(t) || !game_units_within(u, t, 90) ||
			    !fire_check(g, i, k, NULL, &shot) || shot.dice <= 0)
				continue;
			if (ai->level == AI_EASY)
				v = 100 - game_unit_distance(u, t); /* the nearest */
			else {
				v = odds_fire_hits(shot.dice) * sp_worth(t);
				/* Finishing a unit off is worth more than its SP. */
				v += 2 * odds_fire_at_least(shot.dice, t->sp - unit_elimination_sp(t));
			}
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
/* Saying what it means to do */

static void intent(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	const char *who, *what = "stands fast", *how = "";
	int div, inf = 0, col = 0, n = 0;
	double nearest = INFINITY;
	const struct div_plan *p;
	char name[NAME_LEN + 16];

	if (g->divmove >= 0) {
		div = g->divmove;
		who = g->divs[div].name;
	} else {
		div = g->brigs[g->active_brigade].division;
		who = g->brigs[g->active_brigade].name;
	}
	if (!who[0])
		who = g->divmove >= 0 ? g->divs[div].id : g->brigs[g->active_brigade].id;
	snprintf(name, sizeof name, "%s", who);
	p = div >= 0 && div < g->ndivs ? &ai->plan[div] : NULL;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		double d;
		if (!in_hand(g, u, side))
			continue;
		n++;
		nearest_enemy(g, u, false, &d);
		nearest = fmin(nearest, d);
		inf += unit_is_infantry(u);
		col += unit_is_infantry(u) && d > DEPLOY_AT;
	}
	if (!p || !n) {
		p = NULL;
		what = "stands fast";
	}
	else if (p->role == ROLE_RESERVE)
		what = "waits in reserve";
	else if (p->role == ROLE_HOLD)
		what = nearest < 25 ? "holds its ground before" : "moves up to hold";
	else if (nearest < 25)
		what = "engages the enemy toward";
	else {
		what = "advances";
		how = inf && col * 2 >= inf ? " in column on" : " on";
	}
	*o = order_new(ORD_NOTE);
	snprintf(o->text, sizeof o->text, "%.48s %s%s%s%.40s.", name, what, how, p && p->role != ROLE_RESERVE ? " " : "",
	         p && p->role != ROLE_RESERVE ? p->where : "");
	for (char *c = o->text; *c; c++)
		if (*c == '"' || *c == '\n')
			*c = '\'';
}

/* ------------------------------------------------------------------ */
/* The controller */

static void new_step(struct general_ai *ai, struct game *g)
{
	if (ai->initiative != g->initiatives || ai->phase != (int)g->phase) {
		if (ai->initiative != g->initiatives) {
			ai->noted = false;
			ai->charged[0] = '\0';
		}
		ai->initiative = g->initiatives;
		ai->phase = (int)g->phase;
		memset(ai->did, 0, (size_t)g->nunits);
		ai->unit = -1;
		ai->orders = 0;
	}
}

static int general_order(struct controller *ctl, struct game *g, enum side side, struct order *o)
{
	struct general_ai *ai = ctl->ctx;

	new_step(ai, g);
	if (ai->plan_turn[side] != g->turn)
		make_plan(ai, g, side);

	if (g->phase == PHASE_INITIATIVE) {
		int best = -1, march;
		double bs = -INFINITY;
		if (ai->level != AI_EASY && (march = division_to_march(ai, g, side)) >= 0) {
			if (move_division_stand(ai, g, side, march, o))
				return 0;
			*o = order_new(ORD_DIVMOVE);
			o->target = march;
			return 0;
		}
		for (int b = 0; b < g->nbrigs; b++) {
			double s;
			if (brigade_side(g, b) != side || !seq_brigade_available(g, b))
				continue;
			s = ai->level == AI_EASY ? -b : brigade_stake(ai, g, b);
			if (s > bs) {
				bs = s;
				best = b;
			}
		}
		if (best >= 0) {
			if (move_division_stand(ai, g, side, g->brigs[best].division, o))
				return 0;
			*o = order_new(ORD_BRIGADE);
			o->target = best;
			return 0;
		}
		*o = order_new(ORD_END);
		return 0;
	}

	if (g->phase == PHASE_MANOEUVRE) {
		if (!ai->noted) {
			ai->noted = true;
			intent(ai, g, side, o);
			return 0;
		}
		for (;;) {
			if (ai->unit < 0) {
				/* The unit nearest the enemy first: those behind follow. */
				double bd = INFINITY;
				for (int i = 0; i < g->nunits; i++) {
					double d;
					if (ai->did[i] & DID_DONE || !in_hand(g, &g->units[i], side))
						continue;
					nearest_enemy(g, &g->units[i], false, &d);
					if (d < bd) {
						bd = d;
						ai->unit = i;
					}
				}
				if (ai->unit < 0)
					break;
				ai->orders = 0;
			}
			if (ai->orders < ORDERS_PER_UNIT && g->units[ai->unit].state == US_ACTIVE &&
			    unit_next(ai, g, side, ai->unit, o)) {
				ai->orders++;
				return 0;
			}
			ai->did[ai->unit] |= DID_DONE;
			ai->unit = -1;
		}
	}

	if (g->phase == PHASE_FIRE && best_fire(ai, g, side, o))
		return 0;
	*o = order_new(ORD_END);
	return 0;
}

/* Orders are previewed, so a refusal means the plan misread the state:
 * the unit's drill is closed so that it cannot loop. */
static void general_refused(struct controller *ctl, struct game *g, enum side side,
                            const struct order *o, const char *why)
{
	struct general_ai *ai = ctl->ctx;
	(void)side, (void)why;
	ai->refusals++;
	if (o->unit >= 0 && o->unit < g->nunits && o->kind != ORD_CMOVE)
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
	ai->did = calloc((size_t)g->nunits + 1, 1);
	ai->plan = calloc((size_t)g->ndivs + 1, sizeof *ai->plan);
	ai->ndivs = g->ndivs;
	ai->game = g;
	if (!ai->did || !ai->plan) {
		general_free(ai);
		return -1;
	}
	return 0;
}

void general_free(struct general_ai *ai)
{
	free(ai->did);
	free(ai->plan);
	ai->did = NULL;
	ai->plan = NULL;
}

const char *general_role(const struct general_ai *ai, int division)
{
	if (!ai->plan || division < 0 || division >= ai->ndivs)
		return "none";
	return ai->plan_turn[division_side(ai->game, division)] >= 0 ? role_words[ai->plan[division].role]
	                                                            : "none";
}
