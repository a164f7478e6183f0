/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drill-cands: the plans the computer draws up for one unit: formations,
 * facings, moves straight ahead, special moves, a battery's new position.
 * A formation change is guessed where the unit stands and tried on the
 * engine only if chosen (it places the stands); pivots and moves from
 * there are worked out with the engine's own sweeps and pivot checks, on
 * the unit set as the change leaves it.  Only the plan chosen is carried
 * out, each order tried again first. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "drill-int.h"
#include "engine/grid.h"
#include "engine/move.h"
#include "engine/rules.h"
#include "engine/volley.h"
#include "tuning.h"

static struct order face_order(int unit, double bearing)
{
	struct order o = order_new(ORD_FACE);
	o.unit = unit;
	o.a = geom_norm_deg(bearing);
	o.has_a = true;
	return o;
}

static struct order form_order(int unit, enum formation f)
{
	struct order o = order_new(ORD_FORM);
	o.unit = unit;
	o.form = f;
	return o;
}

static struct order move_order(int unit, double dist)
{
	struct order o = order_new(ORD_MOVE);
	o.unit = unit;
	o.has_a = true;
	if (dist < 0)
		o.flag = OF_MAX;
	else
		o.a = dist;
	return o;
}

static void keep_plan(struct cands *cs, const struct order *o, int n, const struct pose *end, enum drill_kind kind)
{
	struct cand *c;
	if (cs->n >= (int)(sizeof cs->c / sizeof cs->c[0]))
		return;
	c = &cs->c[cs->n++];
	memcpy(c->o, o, (size_t)n * sizeof *o);
	c->n = n;
	c->end = *end;
	c->kind = kind;
	c->unswept = false;
	c->unformed = false;
	c->untried = false;
	c->sign = 1;
}

/* Could formed enemy cavalry charge the unit next time (within its charge
 * and a little, facing it within the 90 degrees a charge may turn)? */
static bool enemy_cavalry_near(const struct ai_tuning *tune, const struct game *g, const struct unit *u)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		const struct move_allowance *ma;
		if (o->side == u->side || o->state != US_ACTIVE || !unit_is_cavalry(o) || !unit_formed(o) ||
		    !(ma = rules_move_for(o->type, o->form)) || ma->charge <= 0 ||
		    fabs(geom_angle_diff(o->facing, geom_bearing(o->pos, u->pos))) >
		            rules_special.pivot_charge_limit + tune->cavalry_turn)
			continue;
		if (game_units_within(u, o, ma->charge + tune->cavalry_reach))
			return true;
	}
	return false;
}

/* Bearings worth facing: on, toward the aim, toward the nearest enemy,
 * away from it; near ones merged. */
static int headings(const struct ai_tuning *tune, const struct game *g, const struct unit *u, const struct aim *aim,
                    bool far, double *h)
{
	double d, list[4];
	int e = est_nearest_enemy_within(g, u, tune->face_within, &d), n = 0, k = 0;
	list[k++] = u->facing;
	if (v2_dist(u->pos, aim->target) > 0.5)
		list[k++] = geom_bearing(u->pos, aim->target);
	if (e >= 0 && d < tune->face_within && !far) {
		list[k++] = geom_bearing(u->pos, g->units[e].pos);
		if (d < tune->away_within)
			list[k++] = geom_bearing(g->units[e].pos, u->pos);
	}
	for (int i = 0; i < k; i++) {
		bool dup = false;
		for (int j = 0; j < n && !dup; j++)
			dup = fabs(geom_angle_diff(h[j], list[i])) < tune->same_heading;
		if (!dup)
			h[n++] = geom_norm_deg(list[i]);
	}
	return n;
}

/* How far to go ahead along bearing h to stand off the nearest enemy
 * (cavalry off infantry, infantry at musket range) or reach the aim. */
static double stand_off(const struct ai_tuning *tune, const struct game *g, const struct unit *u, double h,
                        const struct aim *aim)
{
	double d, off = unit_is_cavalry(u) ? tune->cavalry_off : tune->fire_close, along;
	int e = est_nearest_enemy_within(g, u, tune->face_within, &d);
	double to_aim = v2_dist(u->pos, aim->target);
	double want = fabs(geom_angle_diff(h, geom_bearing(u->pos, aim->target))) < tune->stand_off_turn
	                      ? to_aim - aim->near
	                      : 1e9;
	if (e >= 0 && d < tune->face_within) {
		along = v2_dot(geom_dir(h), geom_dir(geom_bearing(u->pos, g->units[e].pos)));
		if (along > tune->stand_off_along)
			want = fmin(want, (d - off) / along);
	}
	return want;
}

/* From the unit as set now (after pre, its orders so far): turn to h and
 * stand, or go straight ahead as far as it may, or only so far.  When
 * the turn is blocked, it goes straight first and turns at the end. */
static void from_here_cands(const struct ai_tuning *tune, struct cands *cs, struct game *g, int unit,
                            const struct order *pre, int npre, double h, const struct aim *aim, bool fires,
                            bool unformed)
{
	struct unit *u = &g->units[unit];
	struct order o[DRILL_MAX_ORDERS];
	struct pose end = { u->pos, u->facing, u->form, fires };
	double allow = drill_move_allowance(g, u), d, want;
	struct obb body;
	int n = npre;
	bool turned = fabs(geom_angle_diff(u->facing, h)) >= 3;
	memcpy(o, pre, (size_t)npre * sizeof *o);
	if (turned && !est_may_pivot(g, unit, h)) {
		/* Straight on first, then turn there if it is free (not in a
		 * division manoeuvre: there a unit turns only before it
		 * moves). */
		struct unit was = *u;
		if (allow <= 0 || (u->acted & UA_MOVED) || u->form == FORM_SQUARE || u->form == FORM_ESQUARE ||
		    n + 2 > DRILL_MAX_ORDERS || unformed || g->divmove >= 0)
			return;
		body = unit_footprint(u);
		d = drill_reach_along(g, unit, &body, geom_dir(u->facing), allow, allow, false);
		if (d < 0.5)
			return;
		/* As little as frees the turn (and leaves it on no friend it
		 * passes), or all the way. */
		bool frees = false;
		for (double step = fmin(2, d); ; step = fmin(step + 2, d)) {
			/* Where the order puts it: the turn is checked there. */
			u->pos = move_shift(body, geom_dir(u->facing), step - ORDER_MARGIN).c;
			grid_moved(g, unit);
			frees = est_may_pivot(g, unit, h);
			if (step >= d || (frees && !drill_on_friend(g, unit, &body, step)))
				break;
		}
		o[n++] = move_order(unit, v2_dist(u->pos, was.pos));
		end = (struct pose){ u->pos, u->facing, u->form, fires };
		if (frees) {
			o[n++] = face_order(unit, h);
			end.facing = h;
		}
		*u = was;
		grid_moved(g, unit);
		keep_plan(cs, o, n, &end, DRILL_ADVANCE);
		return;
	}
	if (turned)
		o[n++] = face_order(unit, h);
	end.facing = h;
	if (n > 0)
		keep_plan(cs, o, n, &end, DRILL_STAND);
	if (allow <= 0 || (u->acted & UA_MOVED) || u->form == FORM_SQUARE || u->form == FORM_ESQUARE ||
	    unit_is_artillery(u) || n >= DRILL_MAX_ORDERS)
		return;
	/* The move as far as it may go, and as far as it should; swept only
	 * if it is chosen (the allowance stands for it until then). */
	body = unit_footprint_as(u->type, u->form, u->pos, h);
	want = stand_off(tune, g, u, h, aim);
	for (int k = 0; k < 2; k++) {
		struct cand *c;
		double dist = k == 0 ? allow : want;
		if (k == 1 && (want < 0.5 || want > allow - 0.5))
			break;
		o[n] = move_order(unit, dist);
		end.pos = move_shift(body, geom_dir(h), dist).c;
		keep_plan(cs, o, n + 1, &end, DRILL_ADVANCE);
		c = &cs->c[cs->n - 1];
		c->unswept = true;
		c->limbered = false;
		c->body = body;
		c->dir = geom_dir(h);
		c->allow = allow;
		c->want = dist;
	}
}

/* The same, every plan marked when its formation change is still to be
 * tried on the engine. */
static void from_here(const struct ai_tuning *tune, struct cands *cs, struct game *g, int unit, const struct order *pre,
                      int npre, double h, const struct aim *aim, bool fires, bool unformed)
{
	int first = cs->n;
	from_here_cands(tune, cs, g, unit, pre, npre, h, aim, fires, unformed);
	for (int i = first; i < cs->n; i++)
		cs->c[i].unformed = unformed;
}

/* Each formation worth looking at (the unit changed into it on the
 * engine), then each heading from there. */
void drill_manoeuvre_cands(struct cands *cs, struct general_ai *ai, struct game *g, enum side side, int unit,
                            const struct aim *aim, bool far)
{
	struct unit *u = &g->units[unit];
	enum formation forms[5];
	int nf = 0;
	double h[4];
	int nh = headings(ai->tune, g, u, aim, far, h);
	bool inf = unit_is_infantry(u), fires = !volley_may_fire(g, u) && !unit_is_cavalry(u) && g->divmove < 0;
	bool cav = inf && ai->tune->square_vs_cavalry && enemy_cavalry_near(ai->tune, g, u);
	forms[nf++] = u->form;
	if (u->irregular == IRR_NONE && !(u->acted & UA_FORMED) && !unit_is_artillery(u)) {
		/* Line and column; a square only where cavalry could charge;
		 * skirmishers only where it could not. */
		static const enum formation try_forms[] = { FORM_COLUMN, FORM_LINE, FORM_SKIRMISH, FORM_SQUARE };
		for (size_t i = 0; i < sizeof try_forms / sizeof try_forms[0]; i++) {
			enum formation f = try_forms[i];
			struct unit as = *u;
			as.form = f;
			/* Never one that would see it removed (a square or
			 * skirmishers at 1 SP forming up). */
			if (f == u->form || unit_formation_refusal(u, f) || (f == FORM_SQUARE && !cav) ||
			    (far && f != FORM_COLUMN) || (f == FORM_SKIRMISH && (!inf || cav)) ||
			    u->sp <= unit_elimination_sp(&as))
				continue;
			forms[nf++] = f;
		}
	}
	for (int i = 0; i < nf; i++) {
		struct order o[DRILL_MAX_ORDERS];
		struct unit keep_u = *u;
		struct pose base = { u->pos, u->facing, u->form, fires };
		int n = 0;
		if (forms[i] != u->form) {
			/* Guessed where it stands; tried on the engine if chosen. */
			o[n++] = form_order(unit, forms[i]);
			u->form = base.form = forms[i];
			u->acted |= UA_FORMED;
			keep_plan(cs, o, n, &base, forms[i] == FORM_SQUARE ? DRILL_SQUARE : DRILL_STAND);
			cs->c[cs->n - 1].unformed = true;
		}
		if (u->form == FORM_SQUARE && forms[i] == keep_u.form && !(u->acted & UA_MOVED)) {
			/* A square inches toward its aim (2 cm, or 4 with no
			 * cavalry near). */
			struct order in = order_new(ORD_INCH);
			struct pose end;
			in.unit = unit;
			in.a = geom_bearing(u->pos, aim->target);
			in.b = ai->tune->square_inch;
			in.has_a = in.has_b = true;
			if (drill_trial(g, side, &in, 1, unit, &end) == 1)
				keep_plan(cs, &in, 1, &end, DRILL_SQUARE);
		}
		if (u->form != FORM_SQUARE && u->form != FORM_ESQUARE)
			for (int k = 0; k < nh; k++)
				from_here(ai->tune, cs, g, unit, o, n, h[k], aim, base.fires, n > 0);
		*u = keep_u;
	}
	/* Special moves of a line: side-step or step back. */
	if (inf && (u->form == FORM_LINE || u->form == FORM_SKIRMISH) && g->divmove < 0 && !far &&
	    !(u->acted & UA_MOVED)) {
		struct obb body = unit_footprint(u);
		for (int i = 0; i < 3; i++) {
			struct vec2 dir = i == 0 ? v2_scale(geom_dir(u->facing), -1)
			                         : v2_scale(geom_right(u->facing), i == 1 ? -1 : 1);
			double want = i == 0 ? rules_special.stepback : rules_special.sidestep;
			struct order o = order_new(i == 0 ? ORD_STEPBACK : ORD_SIDESTEP);
			struct pose end = { v2_add(u->pos, v2_scale(dir, want)), u->facing, u->form, fires };
			struct cand *c;
			o.unit = unit;
			o.a = i == 1 ? -want : want;
			o.has_a = true;
			keep_plan(cs, &o, 1, &end, i == 0 ? DRILL_FALL_BACK : DRILL_ADVANCE);
			c = &cs->c[cs->n - 1];
			c->unswept = true;
			c->body = body;
			c->dir = dir;
			c->allow = c->want = want;
			c->sign = i == 1 ? -1 : 1;
		}
		/* Forward and to the side at once (3 cm each way), away from
		 * any enemy that could react to it: the engine checks its second
		 * leg only after the first, and a reaction on the way could
		 * bar it. */
		double dn;
		est_nearest_enemy_within(g, u, rules_react.opportunity_cav + 1, &dn);
		for (int i = -1; i <= 1 && dn > rules_react.opportunity_cav + 1; i += 2) {
			struct order o = order_new(ORD_OBLIQUE);
			struct pose end = { v2_add(u->pos, v2_add(v2_scale(geom_dir(u->facing), rules_special.oblique_forward),
			                                          v2_scale(geom_right(u->facing), i * rules_special.oblique_side))),
				            u->facing, u->form, fires };
			o.unit = unit;
			o.a = rules_special.oblique_forward;
			o.b = i * rules_special.oblique_side;
			o.has_a = o.has_b = true;
			keep_plan(cs, &o, 1, &end, DRILL_ADVANCE);
			cs->c[cs->n - 1].untried = true;
		}
	}
	/* A bridge it touches: across (it ends the move); a landmark: into
	 * it, to defend it. */
	if (g->divmove < 0 && !(u->acted & (UA_MOVED | UA_CROSSED))) {
		struct vec2 ub[4];
		struct shape us = unit_shape(u, ub);
		for (int f = 0; f < g->map.nf; f++) {
			const struct feature *ft = &g->map.f[f];
			struct shape fs;
			struct order o;
			if ((ft->type != TT_BRIDGE && (ft->type != TT_LANDMARK || !inf)) ||
			    v2_dist(geom_poly_centroid(ft->pts, ft->n), u->pos) > ai->tune->feature_within)
				continue;
			fs = feature_shape(ft);
			if (geom_distance(&us, &fs) > 0.2)
				continue;
			o = order_new(ft->type == TT_BRIDGE ? ORD_CROSS : ORD_DEFEND);
			o.unit = unit;
			o.target = f;
			keep_plan(cs, &o, 1, &(struct pose){ geom_poly_centroid(ft->pts, ft->n), u->facing,
			                                     ft->type == TT_BRIDGE ? u->form : FORM_SQUARE, fires },
			          ft->type == TT_BRIDGE ? DRILL_ADVANCE : DRILL_STAND);
			cs->c[cs->n - 1].untried = true;
		}
	}
}

/* Guns: turn to the best target, or limber up and go where there will be
 * targets in a clear zone of fire, unlimbering toward the enemy. */
void drill_artillery_cands(const struct ai_tuning *tune, struct cands *cs, struct game *g, int unit,
                           const struct aim *aim, bool far, const struct est_paths *paths)
{
	struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	double d, h[6], allow = g->divmove >= 0 ? g->divmove_allow : ma ? ma->redeploy : 0;
	int e = est_nearest_enemy(g, u, &d), nh = headings(tune, g, u, aim, far, h);
	bool fires = !volley_may_fire(g, u) && g->divmove < 0;
	/* Out to either side of the enemy, for a zone of fire that friends do
	 * not mask, when it has no target from here. */
	if (e >= 0 && !far && drill_best_shot(g, unit, paths, 2) <= 0) {
		double b = geom_bearing(u->pos, g->units[e].pos);
		h[nh++] = geom_norm_deg(b + 90);
		h[nh++] = geom_norm_deg(b - 90);
	}
	for (int k = 0; k < nh; k++) {
		struct order o;
		struct pose end = { u->pos, h[k], u->form, fires && fabs(geom_angle_diff(u->facing, h[k])) + u->pivoted <=
		                                                          rules_special.pivot_charge_limit };
		if (fabs(geom_angle_diff(u->facing, h[k])) >= 3 && g->divmove < 0 && est_may_pivot(g, unit, h[k])) {
			o = face_order(unit, h[k]);
			keep_plan(cs, &o, 1, &end, DRILL_STAND);
		}
		if (allow <= 0 || (u->acted & UA_MOVED))
			continue;
		/* Limbered up and on along h, all the way or half; swept only
		 * if chosen. */
		for (int f = 0; f < 2; f++) {
			struct obb body = unit_footprint_as(u->type, u->form, u->pos, h[k]);
			double dist = f == 0 ? allow : allow / 2;
			struct vec2 to = move_shift(body, geom_dir(h[k]), dist).c;
			struct cand *c;
			o = order_new(ORD_REDEPLOY);
			o.unit = unit;
			o.a = h[k];
			o.b = dist;
			o.c = e >= 0 ? geom_bearing(to, g->units[e].pos) : h[k];
			o.has_a = o.has_b = o.has_c = true;
			end = (struct pose){ to, o.c, u->form, false };
			keep_plan(cs, &o, 1, &end, DRILL_REDEPLOY);
			c = &cs->c[cs->n - 1];
			c->unswept = true;
			c->limbered = true;
			c->body = body;
			c->dir = geom_dir(h[k]);
			c->allow = allow;
			c->want = dist;
			c->enemy = e;
		}
	}
	if (g->divmove < 0 && !far && !(u->acted & UA_MOVED)) {
		/* A centimetre forward or back by hand. */
		struct obb body = unit_footprint(u);
		for (int s = -1; s <= 1; s += 2) {
			double want = s < 0 ? rules_special.prolong_back : (ma ? ma->move : 1);
			struct vec2 dir = v2_scale(geom_dir(u->facing), s);
			double dist = drill_reach_along(g, unit, &body, dir, want, want, false);
			struct order o = order_new(ORD_PROLONG);
			struct pose end = { v2_add(u->pos, v2_scale(dir, dist)), u->facing, u->form, fires };
			/* Not to stop on a friend (a long prolong, under rules for a
			 * larger scale, may pass over one). */
			if (dist < want - 1e-6 || drill_on_friend_along(g, unit, &body, dir, dist - ORDER_MARGIN))
				continue;
			o.unit = unit;
			o.a = s * (dist - ORDER_MARGIN);
			o.has_a = true;
			keep_plan(cs, &o, 1, &end, DRILL_FIRE_POSITION);
			/* Tried on the engine if chosen: a prolong longer than a
			 * stand (under rules for a larger scale) may meet anything. */
			cs->c[cs->n - 1].untried = true;
		}
	}
}
