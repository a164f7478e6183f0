/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drill: how the computer manoeuvres one unit: its plan chosen among the
 * candidates (drill-cands.c: a formation, a facing, a move straight ahead
 * or a special move, a battery's new position), or a charge.  Each is
 * weighed by the place it leaves the unit in: the fire the unit can give
 * there now and later, the charges it could make, what the enemy could do
 * to it there (estimate.c), and how far it gets toward its aim.  Only the
 * plans that come out best are made sure of (drill-check.c: formation
 * changes and special orders carried out on the engine and taken back,
 * every reaction declined, no die thrown; moves swept).  A pivot that
 * something blocks is simply a plan not offered: the unit moves first,
 * changes formation, side-steps, or does something else. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "drill-int.h"
#include "engine/aim.h"
#include "engine/command.h"
#include "engine/fire.h"
#include "engine/grid.h"
#include "engine/odds.h"
#include "engine/rules.h"
#include "engine/victory.h"
#include "engine/volley.h"
#include "engine/weather.h"
#include "tie.h"
#include "tuning.h"

const int *drill_hand_units(const struct game *g, int *n)
{
	return g->divmove >= 0 ? grid_division_units(g, g->divmove, n) : grid_brigade_units(g, g->active_brigade, n);
}

bool drill_in_hand(const struct game *g, const struct unit *u, enum side side)
{
	if (u->side != side || u->state != US_ACTIVE || (u->acted & UA_DONE) || unit_abandoned(u))
		return false;
	if (g->divmove >= 0)
		return unit_division(g, u) == g->divmove;
	return u->brigade == g->active_brigade;
}

/* ------------------------------------------------------------------ */
/* Weighing a place */

static double shot_value(const struct game *g, int target, int dice)
{
	const struct unit *t = &g->units[target];
	double sp_worth, gone;
	est_worths(g, t, &sp_worth, &gone);
	return odds_fire_hits(dice) * sp_worth + gone * odds_fire_at_least(dice, t->sp - unit_elimination_sp(t));
}

/* The best shot a unit has from where it stands, as worth: the nearest
 * few enemies in range are looked at (the best shots are close ones). */
double drill_best_shot(const struct game *g, int unit, const struct est_paths *paths, int looks)
{
	const struct unit *u = &g->units[unit];
	double reach = unit_is_artillery(u) ? rules_fire.art_range[RANGE_LONG] : rules_fire.small_arms_range + 0.5;
	double best = 0, dist[6];
	int near[6], n = 0;
	if (unit_is_cavalry(u))
		return 0;
	for (int i = 0; i < paths->nnear; i++) {
		int k = paths->near[i];
		const struct unit *t = &g->units[k];
		double d;
		int j;
		if (t->side == u->side || t->state != US_ACTIVE || unit_abandoned(t) ||
		    !game_units_within(u, t, reach))
			continue;
		d = v2_dist(u->pos, t->pos);
		if (n == 6 && d >= dist[5])
			continue;
		for (j = n < 6 ? n++ : 5; j > 0 && dist[j - 1] > d; j--) {
			dist[j] = dist[j - 1];
			near[j] = near[j - 1];
		}
		dist[j] = d;
		near[j] = k;
	}
	for (int i = 0; i < n && i < looks; i++) {
		struct fire_shot s;
		if (fire_check(g, unit, near[i], NULL, &s) && s.dice > 0)
			best = fmax(best, shot_value(g, near[i], s.dice));
	}
	return best;
}

/* The best charge a unit could make from here next time (the enemy as
 * it stands, reacting as suits it, with the friends that would join). */
static double charge_prospect(const struct ai_tuning *tune, struct game *g, int unit, struct est_paths *paths)
{
	const struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	double best = 0;
	int looked = 0;
	if (!ma || ma->charge <= 0 || unit_is_artillery(u) || !unit_formed(u))
		return 0;
	for (int i = 0; i < paths->nnear && looked < tune->charge_looks; i++) {
		int k = paths->near[i];
		const struct unit *t = &g->units[k];
		if (t->side == u->side || t->state != US_ACTIVE || !game_units_within(u, t, ma->charge))
			continue;
		looked++;
		best = fmax(best, est_enemy_charge(g, unit, k, paths));
	}
	return best;
}

/* Friends close enough to join a fight it is in, or to be joined. */
static double support(const struct ai_tuning *tune, const struct game *g, int unit, const struct est_paths *paths)
{
	const struct unit *u = &g->units[unit];
	int n = 0;
	for (int i = 0, k; i < paths->nnear && n < tune->support_most; i++)
		if ((k = paths->near[i]) != unit && g->units[k].side == u->side && g->units[k].state == US_ACTIVE &&
		    unit_formed(&g->units[k]) && !unit_is_artillery(&g->units[k]) &&
		    game_units_within(u, &g->units[k], rules_melee.join_range + tune->support_within))
			n++;
	return n;
}

/* How many friends a unit would stand in front of, masking their fire
 * and blocking their way: within mask_ahead cm ahead of infantry, 20 cm
 * ahead of a battery (its close range). */
static double masking(const struct ai_tuning *tune, const struct game *g, int unit, const struct est_paths *paths)
{
	const struct unit *u = &g->units[unit];
	struct vec2 ub[4];
	struct shape us = unit_shape(u, ub);
	double n = 0;
	for (int i = 0; i < paths->nnear; i++) {
		const struct unit *k = &g->units[paths->near[i]];
		struct obb zone;
		struct vec2 zb[4];
		struct shape zs;
		double ahead;
		if (k->side != u->side || k->state != US_ACTIVE || (!unit_is_artillery(k) && !unit_is_infantry(k)) ||
		    k->form == FORM_SQUARE || k->form == FORM_ESQUARE)
			continue;
		ahead = unit_is_artillery(k) ? rules_fire.art_range[RANGE_CLOSE] : tune->mask_ahead;
		if (v2_dist(k->pos, u->pos) > ahead + 8)
			continue;
		zone = unit_footprint(k);
		zone.c = v2_add(zone.c, v2_scale(geom_dir(zone.facing), zone.d / 2 + ahead / 2));
		zone.d = ahead;
		zs = geom_obb_shape(&zone, zb);
		if (geom_overlap(&us, &zs))
			n += unit_is_artillery(k) ? tune->mask_guns : tune->mask_foot;
	}
	return n;
}

/* Standing on the objective it is to take or hold: worth a share of its
 * value (half at normal tuning), and more the fewer friends stand there too (the last one there keeps it
 * for its side, or takes it when no enemy is left on it). */
static double on_objective_worth(const struct ai_tuning *tune, const struct game *g, int unit, int obj)
{
	const struct objective *o = &g->obj[obj];
	int others = 0;
	for (int i = 0; i < g->nunits; i++)
		others += i != unit && g->units[i].side == g->units[unit].side && g->units[i].state == US_ACTIVE &&
		          victory_on_objective(g, o, &g->units[i]);
	return o->value * (tune->on_objective + tune->on_objective_last / (1 + others));
}

/* What the enemy could do to a unit going straight from from to to in
 * formation form, by opportunity charges on the way: each enemy near
 * enough that could charge it (formed, not in square, in command or
 * cautious, not infantry against cavalry, within the rules' reach of some
 * point of the way, its start and its end included, seen, and able to
 * turn onto it within the rules' pivot) charges if it passes its test
 * (and, cautious, its command test first).  For guns, the chance that
 * one catches them (guns so caught are overrun); for any other unit, the
 * worst such charge, as worth to the enemy, where it first could be made
 * (0 when none would be worth making).  The way is taken to be clear, so
 * both are upper bounds. */
double drill_way_exposure(const struct ai_tuning *tune, struct game *g, int unit, struct vec2 from, struct vec2 to,
                          enum formation form, const struct est_paths *paths)
{
	struct unit *u = &g->units[unit], keep = *u;
	double len = v2_dist(from, to), miss = 1, worst = 0, seen = weather_visibility(g);
	int steps = (int)ceil(len / tune->caught_step);
	bool guns = unit_is_artillery(u);
	if (len < 0.5)
		return 0;
	u->facing = geom_bearing(from, to);
	u->form = form;
	for (int i = 0; i < paths->nnear; i++) {
		int k, at = -1;
		const struct unit *e = &g->units[paths->near[i]];
		const struct move_allowance *ma = rules_move_for(e->type, e->form);
		double reach = unit_is_cavalry(e) ? rules_react.opportunity_cav : rules_react.opportunity_inf;
		if (e->side == keep.side || e->state != US_ACTIVE || unit_abandoned(e) || !unit_formed(e) ||
		    e->form == FORM_SQUARE || e->form == FORM_ESQUARE || !ma || ma->charge <= 0 ||
		    (unit_is_infantry(e) && unit_is_cavalry(u)) || unit_has_marker(e, MK_BLUE) ||
		    command_status(g, e, NULL) == CS_NOT_IN_COMMAND)
			continue;
		for (k = 0; k <= steps && at < 0; k++) {
			double least;
			u->pos = v2_add(from, v2_scale(v2_sub(to, from), (double)k / steps));
			grid_moved(g, unit);
			if (game_units_within(e, u, fmin(reach, seen)) && (least = aim_least_turn(e, u)) >= 0 &&
			    least <= rules_react.opportunity_pivot + 1e-9)
				at = k;
		}
		if (at < 0)
			continue;
		/* A cautious unit tests to charge at all, then as any unit. */
		if (guns)
			miss *= 1 - odds_pass(e, 0) * (command_status(g, e, NULL) == CS_CAUTIOUS ? odds_pass(e, 0) : 1);
		else
			worst = fmax(worst, est_reaction_charge(g, paths->near[i], unit, false));
	}
	*u = keep;
	grid_moved(g, unit);
	return guns ? 1 - miss : worst;
}

static double pose_score(struct general_ai *ai, struct game *g, int unit, const struct pose *p,
                         const struct aim *aim, struct est_paths *paths)
{
	const struct ai_tuning *tune = ai->tune;
	struct unit *u = &g->units[unit], keep = *u;
	struct est_threat t;
	double score = 0, before, after, shot;
	u->pos = p->pos;
	u->facing = p->facing;
	u->form = p->form;
	grid_moved(g, unit);
	/* What it can do from here: fire now, fire and charge next time
	 * (guns that will not fire now look at their nearest target only). */
	shot = drill_best_shot(g, unit, paths, unit_is_artillery(u) ? (p->fires ? 2 : 1) : tune->shot_looks);
	score += (p->fires ? tune->shot_now : 0) * shot + tune->shot_later * shot;
	if (tune->charge_later > 0)
		score += tune->charge_later * charge_prospect(tune, g, unit, paths);
	/* What the enemy could do to it here. */
	est_threat(g, unit, paths, &t);
	score -= aim->risk * (t.charge + t.fire);
	/* Its aim. */
	before = fmax(0, v2_dist(keep.pos, aim->target) - aim->near);
	after = fmax(0, v2_dist(p->pos, aim->target) - aim->near);
	score += aim->pull * (before - after);
	if (aim->objective >= 0 && victory_on_objective(g, &g->obj[aim->objective], u))
		score += on_objective_worth(tune, g, unit, aim->objective);
	/* Ending still on its way and turned from it where nothing lets it
	 * turn (standing, or a step of a few centimetres: as stuck), next
	 * time's progress is lost too. */
	if (after > 1 && !unit_is_artillery(u)) {
		double to = geom_bearing(p->pos, aim->target);
		const struct move_allowance *ma = rules_move_for(u->type, u->form);
		if (ma && fabs(geom_angle_diff(p->facing, to)) > tune->stuck_turn && !est_may_pivot(g, unit, to))
			score -= tune->stuck_cost * aim->pull * fmin(ma->move, after);
	}
	score += tune->support * support(tune, g, unit, paths) - masking(tune, g, unit, paths);
	*u = keep;
	grid_moved(g, unit);
	/* Guns driven past the enemy may be caught on the move: then they are
	 * lost, and nothing of the place they were going to is had.  A column
	 * driven past it may be charged on the way. */
	if (unit_is_artillery(u) && tune->caught > 0) {
		double caught = drill_way_exposure(tune, g, unit, keep.pos, p->pos, p->form, paths);
		score = (1 - caught) * score + caught * fmin(score, -tune->caught * est_whole_worth(g, &keep));
	} else if (p->form == FORM_COLUMN && tune->caught_column > 0) {
		score -= tune->caught_column * drill_way_exposure(tune, g, unit, keep.pos, p->pos, p->form, paths);
	}
	return score;
}

/* ------------------------------------------------------------------ */
struct drill_scratch *drill_scratch_new(void)
{
	return calloc(1, sizeof(struct drill_scratch));
}

void drill_scratch_free(struct drill_scratch *s)
{
	if (s)
		est_paths_free(&s->paths);
	free(s);
}

/* Are two plans the same manoeuvre but for where it goes (the same
 * orders, ending in the same formation)? */
static bool same_kind(const struct cand *a, const struct cand *b)
{
	if (a->n != b->n || a->kind != b->kind || a->end.form != b->end.form)
		return false;
	for (int k = 0; k < a->n; k++)
		if (a->o[k].kind != b->o[k].kind)
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* Charges */

/* A charge that would clear an objective of its defenders is worth more
 * (times the chance it does). */
static double objective_bonus(const struct ai_tuning *tune, const struct game *g, int t)
{
	for (int i = 0; i < g->nobj; i++)
		if (g->obj[i].holder != (int)(g->units[t].side ^ 1) && victory_on_objective(g, &g->obj[i], &g->units[t]))
			return tune->clears_objective;
	return 0;
}

static int best_charge(struct general_ai *ai, struct game *g, int unit, double bar, double *value)
{
	const struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	int best = -1, target[16], n = 0;
	double hope[16];
	struct index_set near = { 0 };
	*value = -INFINITY;
	if (!ma || ma->charge <= 0 || unit_is_artillery(u) || unit_has_marker(u, MK_BLUE) || g->divmove >= 0 ||
	    (u->acted & (UA_MOVED | UA_NO_CHARGE | UA_CROSSED)) || command_status(g, u, NULL) == CS_NOT_IN_COMMAND)
		return -1;
	/* (Those within reach are among those the index finds round it.) */
	grid_units_near(g, unit, ma->charge + 1, &near);
	for (int q = 0; q < near.n && n < 16; q++) {
		int t = near.idx[q];
		const struct unit *e = &g->units[t];
		double h, least;
		int j;
		/* The rules' cheap tests first: within reach, not cavalry for
		 * infantry, a pivot within the 90 degrees that brings it ahead;
		 * then what it could be worth if the way is clear. */
		if (e->side == u->side || e->state != US_ACTIVE || unit_abandoned(e) ||
		    (unit_is_infantry(u) && unit_is_cavalry(e)) || !game_units_within(u, e, ma->charge + 1) ||
		    (least = aim_least_turn(u, e)) < 0 ||
		    u->pivoted + least > rules_special.pivot_charge_limit + 1e-9)
			continue;
		h = est_charge_hope(g, unit, t) + objective_bonus(ai->tune, g, t);
		if (h < bar)
			continue;
		for (j = n++; j > 0 && hope[j - 1] < h; j--) {
			hope[j] = hope[j - 1];
			target[j] = target[j - 1];
		}
		hope[j] = h;
		target[j] = t;
	}
	index_set_free(&near);
	/* The engine asked about the most hopeful first, until none left
	 * could beat the best allowed. */
	for (int i = 0; i < n && hope[i] > *value; i++) {
		struct est_charge c;
		double v = est_charge(g, unit, target[i], false, &c);
		/* Worth more only as it may clear them off. */
		v += c.removed * objective_bonus(ai->tune, g, target[i]);
		if (v > *value) {
			*value = v;
			best = target[i];
		}
	}
	return best;
}

/* ------------------------------------------------------------------ */

void drill_plan(struct general_ai *ai, struct game *g, enum side side, int unit, struct drill *out)
{
	struct unit *u = &g->units[unit];
	struct cands *cs = &ai->scratch->cands;
	struct est_paths *paths = &ai->scratch->paths;
	struct aim aim;
	struct pose here = { u->pos, u->facing, u->form, !volley_may_fire(g, u) && !unit_is_cavalry(u) && g->divmove < 0 };
	double stay, best, charge, dn, bar;
	int pick = -1, target;
	bool far;

	*out = (struct drill){ .kind = DRILL_STAND, .charge_target = -1, .end = u->pos, .planned = true };
	plan_aim(ai, g, unit, &aim);
	/* Far from the enemy only the march toward the aim is looked at. */
	est_nearest_enemy_within(g, u, ai->tune->far_from_enemy, &dn);
	far = dn > ai->tune->far_from_enemy || g->divmove >= 0;
	est_paths_begin(paths, g, unit);
	stay = best = pose_score(ai, g, unit, &here, &aim, paths);
	cs->n = 0;
	if (unit_is_artillery(u))
		drill_artillery_cands(ai->tune, cs, g, unit, &aim, far, paths);
	else
		drill_manoeuvre_cands(cs, ai, g, side, unit, &aim, far);
	for (int i = 0; i < cs->n; i++) {
		const struct pose *p = &cs->c[i].end;
		bool dup = v2_dist(p->pos, here.pos) < 0.05 && fabs(geom_angle_diff(p->facing, here.facing)) < 1 &&
		           p->form == here.form;
		/* The same place as one already weighed: the plan with fewer
		 * orders stands for both. */
		for (int j = 0; j < i && !dup; j++) {
			const struct pose *q = &cs->c[j].end;
			dup = !cs->c[j].unswept && !cs->c[i].unswept && !cs->c[j].unformed && !cs->c[i].unformed &&
			      !cs->c[j].untried && !cs->c[i].untried &&
			      v2_dist(p->pos, q->pos) < 0.05 &&
			      fabs(geom_angle_diff(p->facing, q->facing)) < 1 && p->form == q->form &&
			      p->fires == q->fires && cs->c[j].n <= cs->c[i].n;
		}
		cs->c[i].score = dup ? -INFINITY : pose_score(ai, g, unit, p, &aim, paths);
	}
	/* Best first: a move not yet swept is swept now, cut to the distance
	 * it can really go, and weighed again, until the best is sure.  Of
	 * plans worth the same, the same manoeuvre to different places are
	 * drawn between; otherwise the order they are drawn up in stands (a
	 * whole move before a shorter one, column before line), and staying
	 * wins its ties: no order for nothing.  (Drawing between every equal
	 * left the mirrored battle lopsided.) */
	for (;;) {
		int ties = 0;
		pick = -1;
		best = stay;
		for (int i = 0; i < cs->n; i++)
			if (cs->c[i].score > best + 1e-9) {
				best = cs->c[i].score;
				pick = i;
				ties = 1;
			} else if (pick >= 0 && cs->c[i].score >= best - 1e-9 && same_kind(&cs->c[i], &cs->c[pick]) &&
			           ai_tie(g, &ties)) {
				pick = i;
			}
		if (pick < 0 || (!cs->c[pick].unswept && !cs->c[pick].unformed && !cs->c[pick].untried))
			break;
		bool changed = false;
		if (!drill_verify_cand(g, side, unit, &cs->c[pick], &changed))
			cs->c[pick].score = -INFINITY;
		else if (changed)
			cs->c[pick].score = pose_score(ai, g, unit, &cs->c[pick].end, &aim, paths);
	}
	/* A charge worth its risk, and worth more than any manoeuvre. */
	bar = ai->tune->charge_threshold * (1 - ai->urgency[u->side]);
	target = best_charge(ai, g, unit, fmax(bar, best - stay), &charge);
	if (target >= 0 && charge >= bar && charge >= best - stay) {
		out->o[0] = order_new(ORD_CHARGE);
		out->o[0].unit = unit;
		out->o[0].target = target;
		out->n = 1;
		out->kind = DRILL_CHARGE;
		out->score = stay + charge;
		out->charge_target = target;
		return;
	}
	out->score = best;
	if (pick < 0)
		return;
	memcpy(out->o, cs->c[pick].o, (size_t)cs->c[pick].n * sizeof out->o[0]);
	out->n = cs->c[pick].n;
	out->end = cs->c[pick].end.pos;
	out->kind = cs->c[pick].kind;
	if (cs->c[pick].end.form == FORM_SQUARE && u->form != FORM_SQUARE)
		out->kind = DRILL_SQUARE;
}
