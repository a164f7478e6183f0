/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drill-check: whether the computer's orders for a unit can be carried
 * out: trials on the engine (taken back, no die thrown), the engine's own
 * sweeps and pivot test, and the candidates made sure of before one is
 * chosen. */
#include "config.h"

#include <math.h>

#include "drill-int.h"
#include "engine/grid.h"
#include "engine/move.h"
#include "engine/rules.h"

/* Carry out orders on the engine and take them back (order_preview_seq):
 * how many it accepts, and where the unit ends.  An order that would
 * throw a die counts as refused: the AI never sees a die before it is
 * thrown. */
int drill_trial(struct game *g, enum side side, const struct order *o, int n, int unit, struct pose *end)
{
	struct preview p;
	int k = order_preview_seq(g, side, o, n, &p);
	if (p.dice)
		return 0;
	if (end && unit >= 0 && k > 0) {
		end->pos = p.pos;
		end->facing = p.facing;
		end->form = p.form;
		end->fires = p.may_fire && !unit_is_cavalry(&g->units[unit]) && g->divmove < 0;
	}
	return k;
}

bool drill_try(struct game *g, enum side side, const struct order *o)
{
	return drill_trial(g, side, o, 1, -1, NULL) == 1;
}

/* Is a planned order still allowed?  A pivot or a move straight ahead is
 * looked at again the way it was planned (the engine's pivot test, its
 * sweep); anything else is tried on the engine. */

bool drill_check(struct game *g, enum side side, const struct order *o)
{
	const struct unit *u = o->unit >= 0 && o->unit < g->nunits ? &g->units[o->unit] : NULL;
	if (u && o->kind == ORD_FACE && !(u->acted & (UA_CROSSED | UA_DONE)) && g->divmove < 0 && u->side == side)
		return est_may_pivot(g, o->unit, o->a);
	if (u && o->kind == ORD_MOVE && !(o->flag & OF_MAX) && u->side == side && g->divmove < 0 &&
	    !(u->acted & (UA_MOVED | UA_CROSSED | UA_DONE)) && !unit_is_artillery(u) && u->form != FORM_SQUARE &&
	    u->form != FORM_ESQUARE) {
		struct obb body = unit_footprint(u);
		double allow = drill_move_allowance(g, u) - u->used;
		/* Where the order itself leaves it, not a hair short. */
		return o->a <= allow + 1e-9 &&
		       drill_reach_along(g, o->unit, &body, geom_dir(u->facing), o->a, allow, false) >= o->a - 1e-9 &&
		       !drill_on_friend(g, o->unit, &body, o->a + ORDER_MARGIN);
	}
	return drill_try(g, side, o);
}

/* Is the way plainly open: the footprint swept the whole way (along or
 * across its facing) stays on the table, clear of every unit and of the
 * bounds of every terrain feature?  Then the sweep would find nothing to
 * stop it or slow it, and need not be made. */
static bool open_way(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double want,
                     enum tclass tc)
{
	struct obb hull = *body;
	struct vec2 hb[4];
	struct shape hs;
	double box[4] = { INFINITY, INFINITY, -INFINITY, -INFINITY }, reach;
	if (fabs(fabs(v2_dot(dir, geom_dir(body->facing))) - 1) < 1e-9)
		hull.d += want;
	else if (fabs(fabs(v2_dot(dir, geom_right(body->facing))) - 1) < 1e-9)
		hull.w += want;
	else
		return false;
	hull.c = v2_add(body->c, v2_scale(dir, want / 2));
	hs = geom_obb_shape(&hull, hb);
	for (int i = 0; i < 4; i++) {
		box[0] = fmin(box[0], hb[i].x);
		box[1] = fmin(box[1], hb[i].y);
		box[2] = fmax(box[2], hb[i].x);
		box[3] = fmax(box[3], hb[i].y);
	}
	if (box[0] < 0.1 || box[1] < 0.1 || box[2] > g->map.width - 0.1 || box[3] > g->map.height - 0.1)
		return false;
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		double r = (feature_is_linear(f->type) ? f->width / 2 : 0) + 0.2;
		struct shape fs;
		/* Roads, contours and the like change nothing for a move. */
		if (f->type == TT_ROAD || (rules_terrain[f->type].move[tc] == GO_FREE && !f->impassable &&
		                           !terrain_crossing_cost(f, tc)))
			continue;
		if (f->boxed && (f->box[0] - r >= box[2] || f->box[2] + r <= box[0] || f->box[1] - r >= box[3] ||
		                 f->box[3] + r <= box[1]))
			continue;
		fs = feature_shape(f);
		if (geom_within(&hs, &fs, 0.2) || geom_overlap(&hs, &fs))
			return false;
	}
	reach = 0.5 * hypot(hull.w, hull.d);
	{
		struct index_set near = { 0 };
		double at[4] = { hull.c.x, hull.c.y, hull.c.x, hull.c.y };
		bool clear = true;
		grid_units_box(g, at, reach + 4.5 + 0.2, &near);
		for (int q = 0; q < near.n && clear; q++) {
			int i = near.idx[q];
			const struct unit *o = &g->units[i];
			struct vec2 ob[4];
			struct shape os;
			if (i == unit || o->state != US_ACTIVE || unit_abandoned(o) ||
			    v2_dist(o->pos, hull.c) > reach + 4.5 + 0.2)
				continue;
			os = unit_shape(o, ob);
			clear = geom_distance_within(&hs, &os, 0.2) > 0.2;
		}
		index_set_free(&near);
		return clear;
	}
}

/* The units that a body going up to dist along dir could touch, in
 * order, for the blocker tests of the places along the way.  Few are
 * near; when too many are, the list is not used. */
struct along {
	int n, idx[48];
	bool listed;
};

static void units_along(const struct game *g, const struct obb *body, struct vec2 dir, double dist, struct along *a)
{
	struct vec2 mid = v2_add(body->c, v2_scale(dir, dist / 2));
	double reach = fabs(dist) / 2 + 0.5 * hypot(body->w, body->d) + GEOM_CONTACT + 0.01;
	/* (A footprint's centre is its unit's: the index's reach covers the
	 * half diagonal.) */
	struct index_set near = { 0 };
	double at[4] = { mid.x, mid.y, mid.x, mid.y };
	a->n = 0;
	a->listed = true;
	grid_units_box(g, at, reach, &near);
	for (int q = 0; q < near.n; q++) {
		int i = near.idx[q];
		const struct unit *o = &g->units[i];
		struct obb fp;
		if (!unit_present(o))
			continue;
		fp = unit_footprint(o);
		if (v2_dist(mid, fp.c) > reach + 0.5 * hypot(fp.w, fp.d))
			continue;
		if (a->n == (int)(sizeof a->idx / sizeof a->idx[0])) {
			a->listed = false;
			break;
		}
		a->idx[a->n++] = i;
	}
	index_set_free(&near);
}

/* What the unit would stand on after a move of dist along dir, where an
 * order for that distance leaves it (ORDER_MARGIN short): a unit, or -1.
 * Only the units of a (when given and listed) are looked at. */
static int blocker_at(const struct game *g, struct mover *m, const struct obb *body, struct vec2 dir, double dist,
                      const struct along *a)
{
	struct obb end = move_shift(*body, dir, dist - ORDER_MARGIN);
	m->through_friends = false;
	return a && a->listed ? move_place_blocker_among(g, m, &end, -1, a->idx, a->n)
	                      : move_place_blocker(g, m, &end, -1);
}

double drill_reach_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double want,
                          double allowance, bool limbered)
{
	const struct unit *u = &g->units[unit];
	struct mover m;
	struct sweep s;
	double d;
	bool half;
	move_mover_unit(g, unit, TMODE_MOVE, limbered, &m);
	half = weather_all_half(g, m.tclass);
	if (!half && want <= allowance && g->divmove < 0 && open_way(g, unit, body, dir, want, m.tclass))
		return want;
	move_sweep(g, &m, body, body->c, dir, want, allowance, half, &s);
	d = s.dist;
	if (g->divmove >= 0)
		d = fmin(d, move_keep_away(g, u->side, body, dir, d, g->divmove_keep));
	/* Not stopping on a friend it passes. */
	if (d > 0.25) {
		struct along a;
		units_along(g, body, dir, d, &a);
		for (; d > 0.25; d -= 0.5) {
			int k = blocker_at(g, &m, body, dir, d, &a);
			if (k < 0 || g->units[k].side != u->side)
				break;
		}
	}
	return d > 0.25 ? d : 0;
}

double drill_move_allowance(const struct game *g, const struct unit *u)
{
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	if (g->divmove >= 0 && !unit_is_artillery(u))
		return g->divmove_allow;
	return m ? m->move : 0;
}

/* Would a move of dist straight along dir (or the body's facing) leave
 * the unit on a friend it has passed through? */
bool drill_on_friend_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double dist)
{
	struct mover m;
	int k;
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	k = blocker_at(g, &m, body, dir, dist, NULL);
	return k >= 0 && g->units[k].side == g->units[unit].side;
}

bool drill_on_friend(const struct game *g, int unit, const struct obb *body, double dist)
{
	return drill_on_friend_along(g, unit, body, geom_dir(body->facing), dist);
}

/* ------------------------------------------------------------------ */

/* Would a battery unlimbered there lie within the circle an enemy turns
 * in?  An enemy reacting to it on its way may turn, and the guns could
 * then not unlimber there (the engine checks that after the move). */
static bool near_enemy_turn(const struct game *g, const struct unit *u, const struct obb *at)
{
	struct vec2 b[4];
	struct shape s = geom_obb_shape(at, b);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *e = &g->units[i];
		struct obb eb;
		struct shape c;
		if (e->side == u->side || e->state != US_ACTIVE || unit_is_artillery(e))
			continue;
		eb = unit_footprint(e);
		if (v2_dist(e->pos, at->c) > 0.5 * hypot(eb.w, eb.d) + 0.5 * hypot(at->w, at->d) + 0.2)
			continue;
		c = geom_circle(&e->pos, 0.5 * hypot(eb.w, eb.d) + 0.1);
		if (geom_distance(&s, &c) <= 0)
			return true;
	}
	return false;
}

/* Sweep a candidate's move: the distance it really gets (from the unit
 * as the plan's formation change leaves it), false if hardly any. */
static bool sweep_cand(struct game *g, int unit, struct cand *c, bool *changed)
{
	struct unit *u = &g->units[unit];
	struct order *o = &c->o[c->n - 1];
	enum formation keep = u->form;
	struct mover m;
	struct along a;
	double d, was = c->want;
	u->form = c->end.form;
	d = drill_reach_along(g, unit, &c->body, c->dir, c->allow, c->allow, c->limbered);
	move_mover_unit(g, unit, TMODE_MOVE, c->limbered, &m);
	m.through_friends = false;
	if (d < c->want)
		c->want = d;
	/* Not stopping on a friend it passes, and a battery unlimbering
	 * clear of everything: where the order will really leave it, a hair
	 * short of the distance swept (just past a friend it has gone
	 * through, that hair is enough to leave it on the friend). */
	units_along(g, &c->body, c->dir, c->want, &a);
	for (; c->want > 0.25; c->want -= 0.5) {
		struct obb end = move_shift(c->body, c->dir, c->want - ORDER_MARGIN);
		int k = blocker_at(g, &m, &c->body, c->dir, c->want, &a);
		if (k >= 0 && g->units[k].side == u->side)
			continue;
		if (o->kind == ORD_REDEPLOY) {
			struct mover un;
			struct obb at;
			o->c = c->enemy >= 0 ? geom_bearing(end.c, g->units[c->enemy].pos) : o->a;
			at = unit_footprint_as(u->type, u->form, end.c, o->c);
			move_mover_unit(g, unit, TMODE_MOVE, false, &un);
			un.through_friends = false;
			if (k != -1 || move_place_blocker(g, &un, &at, -1) != -1 || near_enemy_turn(g, u, &at))
				continue;
		}
		break;
	}
	u->form = keep;
	c->unswept = false;
	if (c->want < (o->kind == ORD_REDEPLOY ? 2 : 0.5))
		return false;
	if (o->kind == ORD_REDEPLOY) {
		o->b = c->want - ORDER_MARGIN;
		c->end.facing = o->c;
	} else {
		o->a = c->sign * (c->want - ORDER_MARGIN);
	}
	c->end.pos = move_shift(c->body, c->dir, c->want).c;
	*changed = fabs(c->want - was) > 1e-9 || o->kind == ORD_REDEPLOY;
	return true;
}

/* Make a guessed candidate sure: its formation change tried on the
 * engine (the pose from where the stands really go, the turn after it
 * checked again), its move swept.  False when it cannot be done. */
bool drill_verify_cand(struct game *g, enum side side, int unit, struct cand *c, bool *changed)
{
	*changed = false;
	if (c->untried) {
		c->untried = false;
		*changed = true;
		return drill_trial(g, side, c->o, c->n, unit, &c->end) == c->n;
	}
	if (c->unformed) {
		struct unit *u = &g->units[unit], keep = *u;
		struct pose base;
		double h = c->end.facing;
		bool ok = true;
		c->unformed = false;
		*changed = true;
		if (drill_trial(g, side, c->o, 1, unit, &base) != 1)
			return false;
		u->pos = base.pos;
		u->facing = base.facing;
		u->form = base.form;
		grid_moved(g, unit);
		u->acted |= UA_FORMED;
		if (c->n > 1 && c->o[1].kind == ORD_FACE)
			ok = est_may_pivot(g, unit, c->o[1].a);
		else
			h = base.facing;
		*u = keep;
		grid_moved(g, unit);
		if (!ok)
			return false;
		c->end.pos = base.pos;
		c->end.facing = h;
		c->end.fires = base.fires;
		if (c->unswept) {
			c->body = unit_footprint_as(u->type, base.form, base.pos, h);
			c->end.pos = move_shift(c->body, c->dir, c->want).c;
		}
	}
	if (c->unswept) {
		bool moved = false;
		if (!sweep_cand(g, unit, c, &moved))
			return false;
		*changed = *changed || moved;
	}
	return true;
}
