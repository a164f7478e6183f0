/* SPDX-License-Identifier: GPL-3.0-or-later */
/* estimate: a fight, a charge and each reaction to it, weighed with the
 * rules' dice.  Units are set where the rules would put them (a charger
 * at its point of contact, a square formed), the engine counts the sets
 * of dice and the halvings, the engine's odds.c fights the combat to its end, and
 * everything is put back. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/aim.h"
#include "engine/command.h"
#include "engine/contact.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/move.h"
#include "engine/odds.h"
#include "engine/react.h"
#include "engine/rules.h"
#include "engine/victory.h"
#include "estimate.h"
#include "tuning.h"

/* Could a unit whose centre is at p touch the objective at all (within
 * the bounds of its feature, or of its circle, and a unit's reach)? */
static bool near_objective(const struct game *g, const struct objective *o, struct vec2 p)
{
	const double reach = 5;
	if (o->feature >= 0 && o->feature < g->map.nf && g->map.f[o->feature].boxed) {
		const double *b = g->map.f[o->feature].box;
		return p.x > b[0] - reach && p.x < b[2] + reach && p.y > b[1] - reach && p.y < b[3] + reach;
	}
	return o->feature >= 0 || v2_dist(p, o->at) < o->radius + reach;
}

/* A box holding every centre near_objective accepts and every unit
 * within the objective_enemy distance of u (the index adds the other
 * unit's reach); the whole table when the objective's ground has no
 * bounds. */
static void near_box(const struct game *g, const struct objective *o, const struct unit *u, double box[4])
{
	const double reach = 5, r = unit_radius(u) + ai_worth.objective_enemy;
	if (o->feature >= 0 && (o->feature >= g->map.nf || !g->map.f[o->feature].boxed)) {
		box[0] = box[1] = -INFINITY;
		box[2] = box[3] = INFINITY;
		return;
	}
	if (o->feature >= 0) {
		const double *b = g->map.f[o->feature].box;
		box[0] = b[0] - reach, box[1] = b[1] - reach, box[2] = b[2] + reach, box[3] = b[3] + reach;
	} else {
		box[0] = o->at.x - o->radius - reach, box[1] = o->at.y - o->radius - reach;
		box[2] = o->at.x + o->radius + reach, box[3] = o->at.y + o->radius + reach;
	}
	box[0] = fmin(box[0], u->pos.x - r), box[1] = fmin(box[1], u->pos.y - r);
	box[2] = fmax(box[2], u->pos.x + r), box[3] = fmax(box[3], u->pos.y + r);
}

/* The stake of an objective in a unit of its holder standing on it with
 * the enemy close by: its value shared among the holder's units there
 * (*per_unit), and spread over their strength points (*per_sp): both
 * from the one pass, as most callers want both. */
static void objective_stakes(const struct game *g, const struct unit *u, double *per_unit, double *per_sp)
{
	*per_unit = *per_sp = 0;
	for (int k = 0; k < g->nobj; k++) {
		const struct objective *o = &g->obj[k];
		int holding = 1, sp = u->sp;
		bool enemy = false;
		if (o->holder != (int)u->side || !near_objective(g, o, u->pos) || !victory_on_objective(g, o, u))
			continue;
		/* Only units near the objective or near u count: those the
		 * index finds round both (a sum and a flag: any order will do). */
		struct index_set near = { 0 };
		double box[4];
		near_box(g, o, u, box);
		grid_units_box(g, box, 0, &near);
		for (int q = 0; q < near.n; q++) {
			const struct unit *x = &g->units[near.idx[q]];
			if (x == u || x->state != US_ACTIVE)
				continue;
			if (x->side == u->side && near_objective(g, o, x->pos) && victory_on_objective(g, o, x)) {
				holding++;
				sp += x->sp;
			} else if (x->side != u->side && !enemy && game_units_within(x, u, ai_worth.objective_enemy)) {
				enemy = true;
			}
		}
		index_set_free(&near);
		if (enemy) {
			*per_sp += ai_worth.objective_sp * o->value / (sp > 0 ? sp : 1);
			*per_unit += (double)o->value / holding;
		}
	}
}

/* Both worths of a unit: a strength point's, and its removal's on top of
 * side_worth (the part the same for its whole side, below), from the one
 * look at the objectives. */
static void worths_of(const struct game *g, const struct unit *u, double side_worth, double *sp_worth, double *gone)
{
	double per_unit = 0, per_sp = 0;
	if (g->nobj)
		objective_stakes(g, u, &per_unit, &per_sp);
	*sp_worth = (unit_is_artillery(u) ? ai_worth.gun_sp : ai_worth.sp) + per_sp;
	*gone = side_worth + per_unit;
}

double est_sp_worth(const struct game *g, const struct unit *u)
{
	double sp_worth, gone;
	worths_of(g, u, 0, &sp_worth, &gone);
	return sp_worth;
}

/* Removing a unit is worth something on top of its strength points (2
 * as tuned), and more as its side nears breaking (each loss brings the
 * end closer: the last one needed is worth 6 more), or when it holds an objective the enemy is
 * close to (when its side's last unit there goes, the objective may change
 * hands: its share of the objective's value among its side's units on
 * it). */
/* The part of it that is the same for every unit of a side, for each
 * side (the two counted in one pass over the units). */
static void side_gone_worths(const struct game *g, double worth[SIDE_COUNT])
{
	int units[SIDE_COUNT] = { 0 }, lost[SIDE_COUNT] = { 0 };
	bool count = false;
	for (int s = 0; s < SIDE_COUNT; s++)
		count |= g->side[s].break_percent > 0;
	for (int i = 0; i < g->nunits && count; i++) {
		const struct unit *o = &g->units[i];
		if ((unsigned)o->side >= SIDE_COUNT)
			continue;
		units[o->side]++;
		lost[o->side] += o->state == US_ELIMINATED || o->state == US_RETREATED;
	}
	for (int s = 0; s < SIDE_COUNT; s++) {
		worth[s] = ai_worth.removal;
		if (g->side[s].break_percent > 0) {
			int need = (g->side[s].break_percent * units[s] + 99) / 100 - lost[s];
			if (need >= 1)
				worth[s] += ai_worth.last_removal / need;
		}
	}
}

static double side_gone_worth(const struct game *g, enum side side)
{
	double worth[SIDE_COUNT];
	side_gone_worths(g, worth);
	return worth[side];
}

double est_gone_worth(const struct game *g, const struct unit *u)
{
	double sp_worth, gone;
	worths_of(g, u, side_gone_worth(g, u->side), &sp_worth, &gone);
	return gone;
}

void est_worths(const struct game *g, const struct unit *u, double *sp_worth, double *gone)
{
	worths_of(g, u, side_gone_worth(g, u->side), sp_worth, gone);
}


int est_nearest_enemy(const struct game *g, const struct unit *u, double *dist)
{
	return grid_nearest_enemy(g, u, dist);
}

int est_nearest_enemy_within(const struct game *g, const struct unit *u, double limit, double *dist)
{
	return grid_nearest_enemy_within(g, u, limit, dist);
}

/* All a unit is worth: its strength and its removal. */
double est_whole_worth(const struct game *g, const struct unit *u)
{
	double sp_worth, gone;
	est_worths(g, u, &sp_worth, &gone);
	return u->sp * sp_worth + gone;
}

/* Could unit k join the fight against enemy e at the hand-to-hand phase
 * (formed infantry or cavalry not in square and not breaking through,
 * within 6 cm of it and facing it within the 90 degrees it may turn)?
 * Joining is not charging, so no other test applies. */
static bool may_join(const struct game *g, int k, int e)
{
	const struct unit *u = &g->units[k];
	return u->state == US_ACTIVE && !unit_abandoned(u) && unit_formed(u) && !unit_is_artillery(u) &&
	       u->form != FORM_SQUARE && u->form != FORM_ESQUARE && !unit_has_marker(u, MK_WHITE) &&
	       game_units_within(u, &g->units[e], rules_melee.join_range) &&
	       !game_units_within(u, &g->units[e], GEOM_CONTACT) &&
	       fabs(geom_angle_diff(u->facing, geom_bearing(u->pos, g->units[e].pos))) <= rules_melee.join_pivot;
}

/* One side of a fight: unit u against e, with every friend already in
 * contact with e or that could join it fighting as one (its dice and strength pooled; it is gone only
 * when all of them are).  The worth of each removal and of each SP. */
static void side_of(const struct game *g, int u, int e, double side_worth, struct odds_fighter *f, double *gone,
                    double *sp_worth)
{
	const struct unit *x = &g->units[u];
	double sp = x->sp, need = 0, round = 0;
	int n = 1;
	struct index_set near = { 0 };
	odds_fighter_of(g, u, e, f);
	worths_of(g, x, side_worth, sp_worth, gone);
	need = (double)x->sp * f->need;
	round = (double)f->round_sets * odds_halved(x->sp, f->halvings);
	/* Those that may join and those in contact: all near e. */
	grid_units_near(g, e, fmax(rules_melee.join_range, GEOM_CONTACT), &near);
	for (int q = 0; q < near.n; q++) {
		int k = near.idx[q];
		const struct unit *j = &g->units[k];
		struct odds_fighter fj;
		double j_sp, j_gone;
		if (k == u || j->side != x->side || j->state != US_ACTIVE || unit_abandoned(j) ||
		    (!may_join(g, k, e) && !game_units_within(j, &g->units[e], GEOM_CONTACT)))
			continue;
		odds_fighter_of(g, k, e, &fj);
		sp += j->sp;
		need += (double)j->sp * fj.need;
		round += (double)fj.round_sets * odds_halved(j->sp, fj.halvings);
		f->elim += fj.elim;
		worths_of(g, j, side_worth, &j_sp, &j_gone);
		*gone += j_gone;
		n++;
	}
	index_set_free(&near);
	if (n == 1)
		return;
	f->pooled = true;
	f->impact_dice = f->impact_sets * odds_halved(x->sp, f->halvings);
	f->round_per_sp = round / sp;
	f->halvings = 0;
	f->need = (int)lround(need / sp);
	f->sp = (int)sp;
}

void est_fight(const struct game *g, int a, int t, struct est_fight *f)
{
	struct odds_fighter fa, ft;
	struct odds_fight r;
	double gone_a, gone_t, worth_a, worth_t, side_worth[SIDE_COUNT];
	side_gone_worths(g, side_worth);
	side_of(g, a, t, side_worth[g->units[a].side], &fa, &gone_a, &worth_a);
	side_of(g, t, a, side_worth[g->units[t].side], &ft, &gone_t, &worth_t);
	odds_fight(&fa, &ft, &r);
	for (int s = 0; s < 2; s++) {
		f->lost[s] = r.lost[s];
		f->gone[s] = r.gone[s];
	}
	f->value = r.lost[1] * worth_t + r.gone[1] * gone_t - r.lost[0] * worth_a - r.gone[0] * gone_a;
}

double est_fight_value(const struct game *g, int a, int t)
{
	struct est_fight f;
	est_fight(g, a, t, &f);
	return f.value;
}

/* Could a unit move straight away from an enemy (about facing first if
 * it faces it) for dist cm without running into an enemy, forbidden
 * ground or the table's edge, as a fall-back or a flight must? */
bool est_away_clear(const struct game *g, int unit, int from, double dist, bool limbered)
{
	const struct unit *u = &g->units[unit];
	struct vec2 away = v2_sub(u->pos, g->units[from].pos);
	double facing = v2_dot(geom_dir(u->facing), away) < 0 ? u->facing + 180 : u->facing;
	struct obb fp = unit_footprint_as(u->type, u->form, u->pos, facing);
	struct mover m;
	struct sweep s;
	move_mover_unit(g, unit, TMODE_MOVE, limbered, &m);
	m.through_friends = true;
	move_sweep(g, &m, &fp, fp.c, geom_dir(facing), dist, INFINITY, false, &s);
	return s.dist >= dist - 1e-6 || s.why == STOP_UNIT;
}

/* A feint: straight back along the path 6 to 12 cm touching nothing. */
bool est_feint_clear(struct game *g, int charger, int square, double dist)
{
	const struct unit *c = &g->units[charger];
	struct obb fp = unit_footprint(c);
	struct mover m;
	struct sweep s;
	enum unit_state keep = g->units[square].state;
	move_mover_unit(g, charger, TMODE_MOVE, false, &m);
	m.through_friends = false;
	g->units[square].state = US_ELIMINATED; /* the square it leaves is no obstacle */
	move_sweep(g, &m, &fp, fp.c, v2_scale(geom_dir(c->facing), -1), dist, INFINITY, false, &s);
	g->units[square].state = keep;
	return s.dist >= dist - 1e-6;
}

/* Against an emergency square: fight it, or (when that is worse) try to
 * feint, which fails back into the fight. */
double est_against_square(struct game *g, int a, int t, struct est_paths *paths)
{
	struct unit *ut = &g->units[t];
	enum formation keep = ut->form;
	double fight, feint;
	ut->form = FORM_ESQUARE;
	fight = est_fight_value(g, a, t);
	ut->form = keep;
	if (fight >= 0)
		return fight;
	if (paths && paths->unit == t && a < paths->n) {
		/* Its way back, looked at once while t is planned. */
		if (!paths->feint[a])
			paths->feint[a] = est_feint_clear(g, a, t, rules_react.feint_min) ? 1 : -1;
		feint = paths->feint[a] > 0 ? 0 : -est_whole_worth(g, &g->units[a]);
	} else {
		feint = est_feint_clear(g, a, t, rules_react.feint_min) ? 0 : -est_whole_worth(g, &g->units[a]);
	}
	return fmax(fight, odds_pass(&g->units[a], 0) * feint + (1 - odds_pass(&g->units[a], 0)) * fight);
}

double est_arrival(struct game *g, int a, int t, double start, struct est_paths *paths, struct est_charge *out)
{
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	struct est_charge tmp = { 0 };
	double stand, value;
	int bonus;
	bool reacts = ut->side != (enum side)g->initiative && !unit_has_marker(ut, MK_BLUE);
	if (!out)
		out = &tmp;
	out->square = out->in_square = 0;
	out->tries_square = out->falls_back = false;
	stand = value = est_fight_value(g, a, t);
	out->stand = stand;
	/* The target's reactions, each taken only if it is better for it. */
	if (reacts && ut->form == FORM_SKIRMISH && !unit_is_artillery(ut)) {
		double lo = unit_is_cavalry(ut) ? rules_react.fallback_cav_min : rules_react.fallback_inf_min;
		double back = est_away_clear(g, t, a, lo, false) ? ai_worth.ground : est_whole_worth(g, ut);
		if (back < value) {
			value = back;
			out->falls_back = true;
		}
	} else if (reacts && unit_is_artillery(ut)) {
		bool engaged = false;
		struct index_set near = { 0 };
		grid_units_near(g, t, GEOM_CONTACT, &near);
		for (int q = 0; q < near.n && !engaged; q++) {
			int i = near.idx[q];
			engaged = i != a && g->units[i].side != ut->side && g->units[i].state == US_ACTIVE &&
			          game_units_within(&g->units[i], ut, GEOM_CONTACT);
		}
		index_set_free(&near);
		if (ut->type == UT_HORSE_ART && unit_is_infantry(ua) && !engaged) {
			double p = odds_pass(ut, 0);
			double flee = p * (est_away_clear(g, t, a, rules_react.flee_min, true) ? ai_worth.ground : est_whole_worth(g, ut)) +
			              (1 - p) * est_whole_worth(g, ut);
			value = fmin(value, flee);
		}
	}
	bonus = reacts ? react_esquare_bonus(g, a, t, start) : -1;
	if (bonus >= 0) {
		double p = odds_pass(ut, bonus), sq = est_against_square(g, a, t, paths), failed, tried;
		int hits = rules_react.esquare_fail_hits;
		if (ut->sp - hits <= unit_elimination_sp(ut)) {
			failed = est_whole_worth(g, ut);
		} else {
			ut->sp -= hits;
			failed = hits * est_sp_worth(g, ut) + est_fight_value(g, a, t);
			ut->sp += hits;
		}
		tried = p * sq + (1 - p) * failed;
		out->square = p;
		out->in_square = sq;
		if (tried < value) {
			value = tried;
			out->tries_square = true;
		}
	}
	return value;
}

/* May the unit (as it is set now) pivot from its facing to to?  The
 * engine's test ("must not contact any other unit ... during a pivot",
 * sampled as finely), made only against the units within the circle it
 * turns in; where ground it may not enter or the table's edge comes
 * inside that circle, the engine's own check decides. */
#define PIVOT_SAMPLE 0.5

bool est_may_pivot(const struct game *g, int unit, double to)
{
	const struct unit *u = &g->units[unit];
	struct obb b = unit_footprint(u);
	double r = 0.5 * hypot(b.w, b.d) + GEOM_CONTACT, diff = geom_angle_diff(u->facing, to);
	int near[16], nn = 0, steps;
	struct shape c, start;
	struct vec2 sb[4];
	struct mover m;
	int feature = -1;
	if (fabs(diff) < 1e-6)
		return true;
	if (u->acted & UA_CROSSED)
		return false;
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	c = geom_circle(&u->pos, r);
	if (u->pos.x - r <= 0 || u->pos.y - r <= 0 || u->pos.x + r >= g->map.width || u->pos.y + r >= g->map.height ||
	    terrain_go(&g->map, m.tclass, m.mode, &c, false, &feature) == GO_NO)
		return move_pivot_blocker(g, unit, u->facing, to) == -1;
	/* A river is waded only where the unit touches its ford: whether the
	 * pivot's sweep keeps to the ford is the engine's to say. */
	for (int i = 0; i < g->map.nf; i++)
		if (g->map.f[i].type == TT_RIVER && terrain_touches(&g->map.f[i], &c))
			return move_pivot_blocker(g, unit, u->facing, to) == -1;
	{
		/* (By the index: its reach covers the half diagonal.) */
		struct index_set set = { 0 };
		double at[4] = { u->pos.x, u->pos.y, u->pos.x, u->pos.y };
		bool many = false;
		grid_units_box(g, at, r + 0.1, &set);
		for (int q = 0; q < set.n && !many; q++) {
			int i = set.idx[q];
			const struct unit *o = &g->units[i];
			struct obb ob;
			if (i == unit || o->state != US_ACTIVE || unit_abandoned(o))
				continue;
			ob = unit_footprint(o);
			if (v2_dist(u->pos, o->pos) > r + 0.5 * hypot(ob.w, ob.d) + 0.1)
				continue;
			if (nn == 16)
				many = true;
			else
				near[nn++] = i;
		}
		index_set_free(&set);
		if (many)
			return move_pivot_blocker(g, unit, u->facing, to) == -1;
	}
	if (!nn)
		return true;
	start = geom_obb_shape(&b, sb);
	steps = (int)ceil(fabs(diff) / PIVOT_SAMPLE);
	for (int k = 1; k <= steps; k++) {
		struct obb at = unit_footprint_as(u->type, u->form, u->pos, u->facing + diff * k / steps);
		struct vec2 ab[4];
		struct shape s = geom_obb_shape(&at, ab);
		for (int q = 0; q < nn; q++) {
			struct vec2 ob[4];
			struct shape os = unit_shape(&g->units[near[q]], ob);
			if (geom_overlap(&s, &os) || (geom_contact(&s, &os) && !geom_contact(&start, &os)))
				return false;
		}
	}
	return true;
}

/* How far the unit (as set now) could go along dir, as sweep_unit would
 * let it: its allowance, the ground, friends it may pass but not stop
 * on, a division manoeuvre's stand-off. */
/* Could t counter-charge a charging it, by the cheap tests of "A unit may
 * Counter-Charge" (the engine offers it only where its path is clear, and
 * never to a unit in contact with another enemy)? */
static bool may_counter(const struct game *g, int a, int t)
{
	const struct unit *ua = &g->units[a], *ut = &g->units[t];
	const struct move_allowance *ma = rules_move_for(ut->type, ut->form);
	double want = geom_bearing(ut->pos, ua->pos);
	int foe = contact_engaged(g, t);
	return ut->side != (enum side)g->initiative && unit_formed(ut) && ut->form != FORM_SQUARE &&
	       ut->form != FORM_ESQUARE && ma && ma->charge > 0 && !unit_is_artillery(ut) &&
	       !(unit_is_infantry(ut) && unit_is_cavalry(ua)) && !unit_has_marker(ut, MK_BLUE) &&
	       !unit_abandoned(ut) && (foe < 0 || foe == a) &&
	       fabs(geom_angle_diff(ut->facing, want)) <= rules_react.opportunity_pivot + 1e-9 &&
	       est_may_pivot(g, t, want);
}

/* The charge by a on t arriving at end, facing facing. */
static double charge_from(struct game *g, int a, int t, struct vec2 end, double facing, struct est_charge *out)
{
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	struct unit keep_a = *ua, keep_t = *ut;
	double start = game_unit_distance(ua, ut), contact;
	bool counter;

	out->go = command_status(g, ua, NULL) == CS_CAUTIOUS ? odds_pass(ua, 0) : 1;
	counter = may_counter(g, a, t);
	ua->pos = end;
	ua->facing = facing;
	grid_moved(g, a);
	ua->acted |= UA_CHARGING;
	contact = est_arrival(g, a, t, start, NULL, out);
	{
		struct est_fight f;
		est_fight(g, a, t, &f);
		out->removed = out->go * f.gone[1];
	}
	if (counter) {
		/* Met on the way: both charging, no square. */
		double met;
		ut->facing = geom_bearing(ut->pos, ua->pos);
		ut->acted |= UA_CHARGING;
		met = est_fight_value(g, a, t);
		*ut = keep_t;
		if (met < contact) {
			/* A cautious target tests first; failing, it is reached
			 * where it stands. */
			double p = command_status(g, ut, NULL) == CS_CAUTIOUS ? odds_pass(ut, 0) : 1;
			contact = p * met + (1 - p) * contact;
			out->counter = p;
			out->tries_square = out->falls_back = false;
		}
	}
	*ua = keep_a;
	grid_moved(g, a);
	out->value = out->go * contact;
	return out->value;
}

double est_charge(struct game *g, int a, int t, bool breakthrough, struct est_charge *out)
{
	struct est_charge tmp = { 0 };
	struct vec2 end;
	double facing;
	char why[MSG_LEN];
	if (!out)
		out = &tmp;
	*out = (struct est_charge){ .value = -INFINITY };
	(void)breakthrough; /* the reach check refuses any charge that would need extending */
	if (order_charge_reach(g, a, t, &end, &facing, why, sizeof why) < 0)
		return -INFINITY;
	return charge_from(g, a, t, end, facing, out);
}

double est_charge_hope(struct game *g, int a, int t)
{
	struct est_charge tmp = { 0 };
	const struct unit *ua = &g->units[a];
	const struct move_allowance *ma = rules_move_for(ua->type, ua->form);
	double facing;
	struct vec2 end;
	/* The facing the engine would try first (the least pivot that brings
	 * the target ahead within reach), the way taken to be clear. */
	if (!ma || !aim_first(ua, &g->units[t], rules_special.pivot_charge_limit - ua->pivoted, ma->charge,
	                      &facing))
		facing = geom_bearing(ua->pos, g->units[t].pos);
	end = v2_add(ua->pos, v2_scale(geom_dir(facing), game_unit_distance(ua, &g->units[t])));
	return charge_from(g, a, t, end, facing, &tmp);
}

double est_reaction_charge(struct game *g, int r, int m, bool counter)
{
	struct unit *ur = &g->units[r], *um = &g->units[m];
	struct unit keep_r = *ur, keep_m = *um;
	const struct move_allowance *ma = rules_move_for(ur->type, ur->form);
	double want, pass, value;
	struct obb fp;
	struct mover mv;
	struct sweep s;

	if (!ma || ma->charge <= 0)
		return -INFINITY;
	want = geom_bearing(ur->pos, um->pos);
	fp = unit_footprint_as(ur->type, ur->form, ur->pos, want);
	move_mover_unit(g, r, TMODE_INTERCEPT, false, &mv);
	mv.target = m;
	move_sweep(g, &mv, &fp, fp.c, geom_dir(want), ma->charge + 1, ma->charge, g->wx.weather == WX_HOT, &s);
	if (s.why != STOP_TARGET)
		return -INFINITY;
	/* A counter-charge needs no test of its own; a cautious unit's
	 * command test comes before either. */
	pass = counter ? 1 : odds_pass(ur, 0);
	if (command_status(g, ur, NULL) == CS_CAUTIOUS)
		pass *= odds_pass(ur, 0);
	/* Guns caught on the move are overrun outright. */
	if (!counter && unit_is_artillery(um))
		return pass * (est_whole_worth(g, um) + ai_worth.ground);
	ur->pos = v2_add(ur->pos, v2_scale(geom_dir(want), s.dist));
	grid_moved(g, r);
	ur->facing = want;
	ur->acted |= UA_CHARGING;
	if (counter)
		um->acted |= UA_CHARGING;
	value = est_fight_value(g, r, m);
	*ur = keep_r;
	grid_moved(g, r);
	*um = keep_m;
	return pass * value;
}

/* Friends of side in contact with e, pooled as one fighter against it;
 * with extra >= 0, that unit too (where it now stands). */
static bool pool(const struct game *g, int e, enum side side, int extra, struct odds_fighter *f)
{
	double sp = 0, need = 0, impact = 0, round = 0;
	int first = -1;
	*f = (struct odds_fighter){ .elim = 0 };
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct odds_fighter one;
		if (u->side != side || u->state != US_ACTIVE || unit_abandoned(u) ||
		    (i != extra && !game_units_within(u, &g->units[e], GEOM_CONTACT)))
			continue;
		odds_fighter_of(g, i, e, &one);
		if (first < 0) {
			first = i;
			f->halvings = one.halvings;
			f->elim = one.elim;
		}
		sp += one.sp;
		need += one.sp * one.need;
		impact += one.sp * one.impact_sets;
		round += one.sp * one.round_sets;
	}
	if (first < 0 || sp <= 0)
		return false;
	f->sp = (int)sp;
	f->need = (int)lround(need / sp);
	f->impact_sets = (int)lround(impact / sp);
	f->round_sets = (int)lround(round / sp);
	return true;
}

static double pooled_value(const struct game *g, const struct odds_fighter *us, int e)
{
	const struct unit *ue = &g->units[e];
	struct odds_fighter fe;
	struct odds_fight r;
	struct index_set near = { 0 };
	double sp_worth, gone;
	int foe = -1;
	/* The enemy's sets against the first of us it touches stand for all
	 * (the index gives the active units of our side round it, in unit
	 * order). */
	grid_foes_near(g, e, GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && foe < 0; q++)
		if (game_units_within(&g->units[near.idx[q]], ue, GEOM_CONTACT))
			foe = near.idx[q];
	index_set_free(&near);
	if (foe < 0)
		return 0;
	odds_fighter_of(g, e, foe, &fe);
	odds_fight(us, &fe, &r);
	est_worths(g, ue, &sp_worth, &gone);
	return r.lost[1] * sp_worth + r.gone[1] * gone - r.lost[0] - r.gone[0] * gone;
}

double est_join(struct game *g, int j, int e, double facing, double dist)
{
	struct unit *uj = &g->units[j], keep = *uj;
	struct odds_fighter with, without;
	double v_with, v_without;
	bool before = pool(g, e, uj->side, -1, &without);
	uj->facing = facing;
	uj->pos = v2_add(uj->pos, v2_scale(geom_dir(facing), dist));
	grid_moved(g, j);
	pool(g, e, uj->side, j, &with);
	v_with = pooled_value(g, &with, e);
	*uj = keep;
	grid_moved(g, j);
	v_without = before ? pooled_value(g, &without, e) : 0;
	return v_with - v_without;
}

void est_paths_begin(struct est_paths *p, const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	/* How far it may go, and what can reach it (cavalry's charge, and a
	 * little); guns reach 80 cm. */
	double go = g->divmove >= 0 ? g->divmove_allow : ma ? fmax(ma->move, fmax(ma->charge, ma->redeploy)) : 0;
	double reach = go + ai_worth.near_reach, guns = go + rules_fire.art_range[RANGE_LONG] + ai_worth.near_guns;
	struct index_set near = { 0 };
	if (g->nunits > p->cap) {
		signed char *in = realloc(p->in, (size_t)g->nunits), *out = in ? realloc(p->out, (size_t)g->nunits) : NULL;
		signed char *feint = out ? realloc(p->feint, (size_t)g->nunits) : NULL;
		int *k = feint ? realloc(p->near, (size_t)g->nunits * sizeof *k) : NULL;
		p->in = in ? in : p->in;
		p->out = out ? out : p->out;
		p->feint = feint ? feint : p->feint;
		p->near = k ? k : p->near;
		if (k)
			p->cap = g->nunits;
	}
	p->unit = unit;
	p->n = g->nunits < p->cap ? g->nunits : p->cap;
	p->nnear = 0;
	if (p->n == 0)
		return;
	memset(p->in, 0, (size_t)p->n);
	memset(p->out, 0, (size_t)p->n);
	memset(p->feint, 0, (size_t)p->n);
	/* (Only those the index finds round it can be within either reach.) */
	grid_units_near(g, unit, fmax(reach, guns), &near);
	for (int q = 0; q < near.n; q++) {
		int i = near.idx[q];
		const struct unit *o = &g->units[i];
		bool gun_range = o->side != u->side && (unit_is_artillery(o) || unit_is_artillery(u));
		if (i >= p->n || i == unit || o->state != US_ACTIVE || unit_abandoned(o))
			continue;
		if (game_units_within(u, o, gun_range ? guns : reach))
			p->near[p->nnear++] = i;
	}
	index_set_free(&near);
}

void est_paths_free(struct est_paths *p)
{
	free(p->in);
	free(p->out);
	free(p->feint);
	free(p->near);
	*p = (struct est_paths){ 0 };
}

/* Where a charge by e on u would make contact if e charged it now, by the
 * engine's rule (the least pivot, 90 degrees at most, after which the way
 * straight ahead within its allowance touches nothing else); false when
 * it could not.  With paths, a way already swept for the unit being
 * planned is not swept again, and the way is judged for the first facing
 * that brings u ahead only. */
static bool could_charge(const struct game *g, int e, int u, struct est_paths *paths, double *facing, double *dist)
{
	const struct unit *ue = &g->units[e], *uu = &g->units[u];
	const struct move_allowance *ma = rules_move_for(ue->type, ue->form);
	signed char *known = NULL;
	struct obb fp;
	struct mover mv;
	struct sweep s;
	if (!ma || ma->charge <= 0 || unit_is_artillery(ue) || !unit_formed(ue) ||
	    (unit_is_infantry(ue) && unit_is_cavalry(uu)) || unit_abandoned(ue) ||
	    !game_units_within(ue, uu, ma->charge + 0.5))
		return false;
	if (!aim_first(ue, uu, rules_special.pivot_charge_limit, ma->charge + 0.5, facing))
		return false;
	if (paths && paths->unit == u && e < paths->n)
		known = &paths->in[e];
	else if (paths && paths->unit == e && u < paths->n)
		known = &paths->out[u];
	if (known && *known) {
		*dist = game_unit_distance(ue, uu);
		return *known > 0;
	}
	fp = unit_footprint_as(ue->type, ue->form, ue->pos, *facing);
	if (known) {
		/* While a unit is planned, the way is judged by the corridor the
		 * charge would sweep: any other unit in it, or ground the
		 * charger may not cross (or not far enough at half rate), and
		 * there is no charge. */
		struct obb lane = fp;
		struct vec2 lb[4];
		struct shape ls;
		int feature = -1;
		enum go go;
		double gap = game_unit_distance(ue, uu);
		bool clear = true;
		lane.d += gap;
		lane.c = v2_add(fp.c, v2_scale(geom_dir(*facing), gap / 2));
		ls = geom_obb_shape(&lane, lb);
		for (int i = 0; i < paths->nnear && clear; i++) {
			int k = paths->near[i];
			struct vec2 ob[4];
			struct shape os;
			if (k == e || k == u)
				continue;
			os = unit_shape(&g->units[k], ob);
			clear = !geom_overlap(&ls, &os);
		}
		if (clear) {
			move_mover_unit(g, e, TMODE_CHARGE, false, &mv);
			go = terrain_go(&g->map, mv.tclass, TMODE_CHARGE, &ls, false, &feature);
			clear = go != GO_NO && (go == GO_FREE || 2 * gap <= ma->charge);
		} else {
			/* A unit in the first lane: the engine tries the greater
			 * pivots too, and may find a way round it. */
			double f = *facing;
			clear = aim_clear_charge(g, e, u, TMODE_CHARGE, rules_special.pivot_charge_limit, ma->charge,
			                         g->wx.weather == WX_HOT, &f, &s);
			if (clear)
				*facing = f;
		}
		*known = clear ? 1 : -1;
		*dist = gap;
		return clear;
	}
	if (!aim_clear_charge(g, e, u, TMODE_CHARGE, rules_special.pivot_charge_limit, ma->charge,
	                      g->wx.weather == WX_HOT,
	                      facing, &s))
		return false;
	*dist = s.dist;
	return true;
}

double est_enemy_charge(struct game *g, int e, int u, struct est_paths *paths)
{
	struct unit *ue = &g->units[e], keep = *ue;
	int initiative = g->initiative;
	double facing, dist, start, value;
	if (!could_charge(g, e, u, paths, &facing, &dist))
		return 0;
	start = game_unit_distance(ue, &g->units[u]);
	g->initiative = (int)ue->side;
	ue->pos = v2_add(ue->pos, v2_scale(geom_dir(facing), dist));
	grid_moved(g, e);
	ue->facing = facing;
	ue->acted |= UA_CHARGING;
	value = est_arrival(g, e, u, start, paths, NULL);
	*ue = keep;
	grid_moved(g, e);
	g->initiative = initiative;
	return value > 0 ? value : 0;
}

/* The dice an enemy could fire at t from dist cm if it faced it (and,
 * with small arms, came up within range), by the rules' tables: the zone
 * of fire is taken to be clear; cover (t touching a village or wood) and
 * an unformed target halve them. */
static int threat_dice(const struct unit *e, const struct unit *t, double dist, int halvings)
{
	int dice;
	if (unit_is_artillery(e)) {
		int band = -1;
		for (int b = 0; b < RANGE_COUNT && band < 0; b++)
			if (dist <= rules_fire.art_range[b])
				band = b;
		if (band < 0)
			return 0;
		dice = rules_fire.art_dice[e->weight][band];
		if (e->nat == NAT_BRITISH && !(e->flags & UF_KGL))
			dice += rules_fire.british_artillery_bonus;
		if (e->nat == NAT_FRENCH && (e->rating == RATING_GUARD || e->rating == RATING_ELITE))
			dice += rules_fire.french_elite_artillery_bonus;
	} else {
		dice = rules_fire.small_arms_dice[e->form];
		if (e->rating == RATING_GUARD)
			dice += rules_fire.guard_infantry_bonus;
	}
	if (t->form == FORM_COLUMN || t->form == FORM_SQUARE || t->form == FORM_ESQUARE)
		dice += rules_fire.target_square_or_column_bonus;
	return fire_halve(dice, halvings + !unit_formed(t));
}

/* Does a unit touch ground that covers it from fire? */
static bool in_cover(const struct game *g, const struct unit *u)
{
	struct vec2 b[4];
	struct shape us = unit_shape(u, b);
	struct index_set near = { 0 };
	double box[4];
	bool covered = false;
	geom_bounds(&us, box);
	terrain_features_box(&g->map, box, 2 * GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && !covered; q++) {
		const struct feature *f = &g->map.f[near.idx[q]];
		covered = rules_terrain[f->type].cover && !feature_is_linear(f->type) &&
		          !(f->strength > 0 && f->damage >= f->strength) && terrain_touches(f, &us);
	}
	index_set_free(&near);
	return covered;
}

/* How many of the nearest units that could charge are weighed. */
#define EST_CHARGERS 4

double est_threat(struct game *g, int u, struct est_paths *paths, struct est_threat *out)
{
	const struct unit *uu = &g->units[u];
	struct est_threat tmp;
	int cover = -1, chargers[EST_CHARGERS], nc = 0;
	double near[EST_CHARGERS], weights[EST_CHARGERS], sp_worth = NAN;
	if (!out)
		out = &tmp;
	*out = (struct est_threat){ .charger = -1 };
	for (int i = 0; i < (paths && paths->unit == u ? paths->nnear : g->nunits); i++) {
		int e = paths && paths->unit == u ? paths->near[i] : i;
		const struct unit *ue = &g->units[e];
		double weight, reach;
		if (ue->side == uu->side || ue->state != US_ACTIVE || unit_abandoned(ue))
			continue;
		/* A brigade that has had its initiative acts again only next Turn,
		 * and may not come before this unit's own turn then. */
		weight = ue->brigade >= 0 && ue->brigade < g->nbrigs && g->brigs[ue->brigade].used ? ai_worth.used_brigade : 1.0;
		reach = unit_is_artillery(ue) ? rules_fire.art_range[RANGE_LONG]
		        : unit_is_cavalry(ue)  ? ai_worth.cavalry_threat
		                               : rules_fire.small_arms_range + ai_worth.close_in;
		if (!game_units_within(ue, uu, reach))
			continue;
		if (!unit_is_artillery(ue)) {
			/* The nearest few who could charge it are weighed. */
			double d = v2_dist(ue->pos, uu->pos);
			int j;
			if (nc < EST_CHARGERS || d < near[nc - 1]) {
				for (j = nc < EST_CHARGERS ? nc++ : nc - 1; j > 0 && near[j - 1] > d; j--) {
					near[j] = near[j - 1];
					chargers[j] = chargers[j - 1];
					weights[j] = weights[j - 1];
				}
				near[j] = d;
				chargers[j] = e;
				weights[j] = weight;
			}
		}
		if (!unit_is_cavalry(ue)) {
			int dice;
			if (cover < 0)
				cover = in_cover(g, uu);
			dice = threat_dice(ue, uu, game_unit_distance(ue, uu), cover);
			if (dice > 0) {
				if (isnan(sp_worth))
					sp_worth = est_sp_worth(g, uu);
				out->fire += weight * odds_fire_hits(dice) * sp_worth;
			}
		}
	}
	for (int k = 0; k < nc; k++) {
		double c = weights[k] * est_enemy_charge(g, chargers[k], u, paths);
		if (c > out->charge) {
			out->charge = c;
			out->charger = chargers[k];
		}
	}
	/* One charge lands at most; every unit in reach may fire. */
	return out->charge + out->fire;
}
