/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drill: how the computer manoeuvres one unit.  It draws up candidate
 * plans (a formation, a facing, a move straight ahead or a special move, a
 * battery's new position, a charge), works out where each leaves the unit
 * with the engine's own pivot test and sweeps (formation changes and
 * special orders are carried out on the engine and taken back, every
 * reaction declined, no die thrown), and weighs that place: the fire the
 * unit can give there now and later, the charges it could make, what the
 * enemy could do to it there (estimate.c), and how far it gets toward its
 * aim.  Only the plans that come out best are made sure of.  A pivot that
 * something blocks is simply a plan not offered: the unit moves first,
 * changes formation, side-steps, or does something else. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/aim.h"
#include "engine/command.h"
#include "engine/move.h"
#include "engine/fire.h"
#include "engine/rules.h"
#include "engine/victory.h"
#include "engine/volley.h"
#include "estimate.h"
#include "odds.h"
#include "plan.h"

/* Where a plan leaves a unit. */
struct pose {
	struct vec2 pos;
	double facing;
	enum formation form;
	bool fires;   /* may still fire this initiative */
};

struct cand {
	struct order o[DRILL_MAX_ORDERS];
	int n;
	struct pose end;
	enum drill_kind kind;
	double score;
	/* A move not yet swept: its footprint, way and allowance, and the
	 * order (o[n - 1]) whose distance the sweep will settle. */
	bool unswept, limbered;
	struct obb body;
	struct vec2 dir;
	double allow, want, sign;
	int enemy;   /* a battery unlimbers facing it, or -1 */
	/* A formation change not yet tried on the engine: the pose was
	 * guessed with the unit in its new formation where it stands. */
	bool unformed;
	/* A special order (oblique move, bridge crossing, a landmark) not yet
	 * tried: the pose is a guess until the engine carries it out. */
	bool untried;
};

/* Distances (cm): how close infantry stands to fire (inside the 4 cm of
 * small arms), where cavalry waits off enemy infantry. */
#define FIRE_CLOSE 3.5
#define CAVALRY_OFF 10.0

/* A move is ordered this much (cm) short of the distance its sweep found,
 * so that rounding never carries it into what stopped the sweep. */
#define ORDER_MARGIN 0.001

bool drill_in_hand(const struct game *g, const struct unit *u, enum side side)
{
	if (u->side != side || u->state != US_ACTIVE || (u->acted & UA_DONE))
		return false;
	if (g->divmove >= 0)
		return unit_division(g, u) == g->divmove;
	return u->brigade == g->active_brigade;
}

/* Carry out orders on the engine and take them back (order_preview_seq):
 * how many it accepts, and where the unit ends.  An order that would
 * throw a die counts as refused: the AI never sees a die before it is
 * thrown. */
static int trial(struct game *g, enum side side, const struct order *o, int n, int unit, struct pose *end)
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
	return trial(g, side, o, 1, -1, NULL) == 1;
}

/* Is a planned order still allowed?  A pivot or a move straight ahead is
 * looked at again the way it was planned (the engine's pivot test, its
 * sweep); anything else is tried on the engine. */
static double reach_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double want,
                          double allowance, bool limbered);
static double move_allowance(const struct game *g, const struct unit *u);
static bool on_friend(const struct game *g, int unit, const struct obb *body, double dist);
static bool on_friend_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double dist);

bool drill_check(struct game *g, enum side side, const struct order *o)
{
	const struct unit *u = o->unit >= 0 && o->unit < g->nunits ? &g->units[o->unit] : NULL;
	if (u && o->kind == ORD_FACE && !(u->acted & (UA_CROSSED | UA_DONE)) && g->divmove < 0 && u->side == side)
		return est_may_pivot(g, o->unit, o->a);
	if (u && o->kind == ORD_MOVE && !(o->flag & OF_MAX) && u->side == side && g->divmove < 0 &&
	    !(u->acted & (UA_MOVED | UA_CROSSED | UA_DONE)) && !unit_is_artillery(u) && u->form != FORM_SQUARE &&
	    u->form != FORM_ESQUARE) {
		struct obb body = unit_footprint(u);
		double allow = move_allowance(g, u) - u->used;
		/* Where the order itself leaves it, not a hair short. */
		return o->a <= allow + 1e-9 &&
		       reach_along(g, o->unit, &body, geom_dir(u->facing), o->a, allow, false) >= o->a - 1e-9 &&
		       !on_friend(g, o->unit, &body, o->a + ORDER_MARGIN);
	}
	return drill_try(g, side, o);
}

/* ------------------------------------------------------------------ */
/* Weighing a place */

static double shot_value(const struct game *g, int target, int dice)
{
	const struct unit *t = &g->units[target];
	return odds_fire_hits(dice) * est_sp_worth(g, t) +
	       est_gone_worth(g, t) * odds_fire_at_least(dice, t->sp - unit_elimination_sp(t));
}

/* The best shot a unit has from where it stands, as worth: the nearest
 * few enemies in range are looked at (the best shots are close ones). */
static double best_shot(const struct game *g, int unit, const struct est_paths *paths, int looks)
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
static double charge_prospect(struct game *g, int unit, struct est_paths *paths)
{
	const struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	double best = 0;
	int looked = 0;
	if (!ma || ma->charge <= 0 || unit_is_artillery(u) || !unit_formed(u))
		return 0;
	for (int i = 0; i < paths->nnear && looked < 4; i++) {
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
static double support(const struct game *g, int unit, const struct est_paths *paths)
{
	const struct unit *u = &g->units[unit];
	int n = 0;
	for (int i = 0, k; i < paths->nnear && n < 3; i++)
		if ((k = paths->near[i]) != unit && g->units[k].side == u->side && g->units[k].state == US_ACTIVE &&
		    unit_formed(&g->units[k]) && !unit_is_artillery(&g->units[k]) &&
		    game_units_within(u, &g->units[k], rules_melee.join_range + 2))
			n++;
	return n;
}

/* How many friends a unit would stand in front of, masking their fire
 * and blocking their way: within 5 cm ahead of infantry, 20 cm ahead of
 * a battery (its close range). */
static double masking(const struct game *g, int unit, const struct est_paths *paths)
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
		ahead = unit_is_artillery(k) ? rules_fire.art_range[RANGE_CLOSE] : 5;
		if (v2_dist(k->pos, u->pos) > ahead + 8)
			continue;
		zone = unit_footprint(k);
		zone.c = v2_add(zone.c, v2_scale(geom_dir(zone.facing), zone.d / 2 + ahead / 2));
		zone.d = ahead;
		zs = geom_obb_shape(&zone, zb);
		if (geom_overlap(&us, &zs))
			n += unit_is_artillery(k) ? 0.6 : 0.4;
	}
	return n;
}

/* Standing on the objective it is to take or hold: worth half its value,
 * and more the fewer friends stand there too (the last one there keeps it
 * for its side, or takes it when no enemy is left on it). */
static double on_objective_worth(const struct game *g, int unit, int obj)
{
	const struct objective *o = &g->obj[obj];
	int others = 0;
	for (int i = 0; i < g->nunits; i++)
		others += i != unit && g->units[i].side == g->units[unit].side && g->units[i].state == US_ACTIVE &&
		          victory_on_objective(g, o, &g->units[i]);
	return o->value * (0.5 + 1.5 / (1 + others));
}

static double pose_score(struct general_ai *ai, struct game *g, int unit, const struct pose *p,
                         const struct aim *aim, struct est_paths *paths)
{
	struct unit *u = &g->units[unit], keep = *u;
	struct est_threat t;
	double score = 0, before, after, shot;
	u->pos = p->pos;
	u->facing = p->facing;
	u->form = p->form;
	/* What it can do from here: fire now, fire and charge next time
	 * (guns that will not fire now look at their nearest target only). */
	shot = best_shot(g, unit, paths, unit_is_artillery(u) ? (p->fires ? 2 : 1) : 3);
	score += (p->fires ? 1.0 : 0) * shot + 0.5 * shot;
	if (ai->level != AI_EASY)
		score += 0.5 * charge_prospect(g, unit, paths);
	/* What the enemy could do to it here. */
	est_threat(g, unit, paths, &t);
	score -= aim->risk * (t.charge + t.fire);
	/* Its aim. */
	before = fmax(0, v2_dist(keep.pos, aim->target) - aim->near);
	after = fmax(0, v2_dist(p->pos, aim->target) - aim->near);
	score += aim->pull * (before - after);
	if (aim->objective >= 0 && victory_on_objective(g, &g->obj[aim->objective], u))
		score += on_objective_worth(g, unit, aim->objective);
	/* Staying, still on its way and turned from it where nothing lets it
	 * turn: next time's progress is lost too. */
	if (after > 1 && !unit_is_artillery(u) && v2_dist(p->pos, keep.pos) < 0.5) {
		double to = geom_bearing(p->pos, aim->target);
		const struct move_allowance *ma = rules_move_for(u->type, u->form);
		if (ma && fabs(geom_angle_diff(p->facing, to)) > 30 && !est_may_pivot(g, unit, to))
			score -= 0.5 * aim->pull * fmin(ma->move, after);
	}
	score += 0.1 * support(g, unit, paths) - masking(g, unit, paths);
	*u = keep;
	return score;
}

/* ------------------------------------------------------------------ */
/* Drawing up candidates.  A formation change is tried on the engine (it
 * places the stands); pivots and moves from there are worked out with
 * the engine's own sweeps and pivot checks, on the unit set as the change
 * leaves it.  Only the plan chosen is carried out, each order tried again
 * first. */

struct cands {
	struct cand c[96];
	int n;
};

struct drill_scratch {
	struct cands cands;
	struct est_paths paths;
};

struct drill_scratch *drill_scratch_new(void)
{
	return calloc(1, sizeof(struct drill_scratch));
}

void drill_scratch_free(struct drill_scratch *s)
{
	free(s);
}

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
static bool enemy_cavalry_near(const struct game *g, const struct unit *u)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		const struct move_allowance *ma;
		if (o->side == u->side || o->state != US_ACTIVE || !unit_is_cavalry(o) || !unit_formed(o) ||
		    !(ma = rules_move_for(o->type, o->form)) || ma->charge <= 0 ||
		    fabs(geom_angle_diff(o->facing, geom_bearing(o->pos, u->pos))) > rules_special.pivot_charge_limit + 20)
			continue;
		if (game_units_within(u, o, ma->charge + 3))
			return true;
	}
	return false;
}

/* Bearings worth facing: on, toward the aim, toward the nearest enemy,
 * away from it; near ones merged. */
static int headings(const struct game *g, const struct unit *u, const struct aim *aim, bool far, double *h)
{
	double d, list[4];
	int e = est_nearest_enemy(g, u, &d), n = 0, k = 0;
	list[k++] = u->facing;
	if (v2_dist(u->pos, aim->target) > 0.5)
		list[k++] = geom_bearing(u->pos, aim->target);
	if (e >= 0 && d < 40 && !far) {
		list[k++] = geom_bearing(u->pos, g->units[e].pos);
		if (d < 10)
			list[k++] = geom_bearing(g->units[e].pos, u->pos);
	}
	for (int i = 0; i < k; i++) {
		bool dup = false;
		for (int j = 0; j < n && !dup; j++)
			dup = fabs(geom_angle_diff(h[j], list[i])) < 8;
		if (!dup)
			h[n++] = geom_norm_deg(list[i]);
	}
	return n;
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
		if (geom_distance_within(&hs, &fs, 0.2) <= 0.2 || geom_overlap(&hs, &fs))
			return false;
	}
	reach = 0.5 * hypot(hull.w, hull.d);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		struct vec2 ob[4];
		struct shape os;
		if (i == unit || o->state != US_ACTIVE || unit_abandoned(o) ||
		    v2_dist(o->pos, hull.c) > reach + 4.5 + 0.2)
			continue;
		os = unit_shape(o, ob);
		if (geom_distance_within(&hs, &os, 0.2) <= 0.2)
			return false;
	}
	return true;
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
	a->n = 0;
	a->listed = true;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		struct obb fp;
		if (!unit_present(o))
			continue;
		fp = unit_footprint(o);
		if (v2_dist(mid, fp.c) > reach + 0.5 * hypot(fp.w, fp.d))
			continue;
		if (a->n == (int)(sizeof a->idx / sizeof a->idx[0])) {
			a->listed = false;
			return;
		}
		a->idx[a->n++] = i;
	}
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

static double reach_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double want,
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

static double move_allowance(const struct game *g, const struct unit *u)
{
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	if (g->divmove >= 0 && !unit_is_artillery(u))
		return g->divmove_allow;
	return m ? m->move : 0;
}

/* How far to go ahead along bearing h to stand off the nearest enemy
 * (cavalry off infantry, infantry at musket range) or reach the aim. */
static double stand_off(const struct game *g, const struct unit *u, double h, const struct aim *aim)
{
	double d, off = unit_is_cavalry(u) ? CAVALRY_OFF : FIRE_CLOSE, along;
	int e = est_nearest_enemy(g, u, &d);
	double to_aim = v2_dist(u->pos, aim->target);
	double want = fabs(geom_angle_diff(h, geom_bearing(u->pos, aim->target))) < 30 ? to_aim - aim->near : 1e9;
	if (e >= 0 && d < 40) {
		along = v2_dot(geom_dir(h), geom_dir(geom_bearing(u->pos, g->units[e].pos)));
		if (along > 0.3)
			want = fmin(want, (d - off) / along);
	}
	return want;
}

/* Would a move of dist straight along the body's facing leave the unit on
 * a friend it has passed through? */
static bool on_friend_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double dist)
{
	struct mover m;
	int k;
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	k = blocker_at(g, &m, body, dir, dist, NULL);
	return k >= 0 && g->units[k].side == g->units[unit].side;
}

static bool on_friend(const struct game *g, int unit, const struct obb *body, double dist)
{
	return on_friend_along(g, unit, body, geom_dir(body->facing), dist);
}

/* From the unit as set now (after pre, its orders so far): turn to h and
 * stand, or go straight ahead as far as it may, or only so far.  When
 * the turn is blocked, it goes straight first and turns at the end. */
static void from_here_cands(struct cands *cs, struct game *g, int unit, const struct order *pre, int npre,
                            double h, const struct aim *aim, bool fires, bool unformed)
{
	struct unit *u = &g->units[unit];
	struct order o[DRILL_MAX_ORDERS];
	struct pose end = { u->pos, u->facing, u->form, fires };
	double allow = move_allowance(g, u), d, want;
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
		d = reach_along(g, unit, &body, geom_dir(u->facing), allow, allow, false);
		if (d < 0.5)
			return;
		/* As little as frees the turn (and leaves it on no friend it
		 * passes), or all the way. */
		bool frees = false;
		for (double step = fmin(2, d); ; step = fmin(step + 2, d)) {
			/* Where the order puts it: the turn is checked there. */
			u->pos = move_shift(body, geom_dir(u->facing), step - ORDER_MARGIN).c;
			frees = est_may_pivot(g, unit, h);
			if (step >= d || (frees && !on_friend(g, unit, &body, step)))
				break;
		}
		o[n++] = move_order(unit, v2_dist(u->pos, was.pos));
		end = (struct pose){ u->pos, u->facing, u->form, fires };
		if (frees) {
			o[n++] = face_order(unit, h);
			end.facing = h;
		}
		*u = was;
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
	want = stand_off(g, u, h, aim);
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
static void from_here(struct cands *cs, struct game *g, int unit, const struct order *pre, int npre, double h,
                      const struct aim *aim, bool fires, bool unformed)
{
	int first = cs->n;
	from_here_cands(cs, g, unit, pre, npre, h, aim, fires, unformed);
	for (int i = first; i < cs->n; i++)
		cs->c[i].unformed = unformed;
}

/* Each formation worth looking at (the unit changed into it on the
 * engine), then each heading from there. */
static void manoeuvre_cands(struct cands *cs, struct general_ai *ai, struct game *g, enum side side, int unit,
                            const struct aim *aim, bool far)
{
	struct unit *u = &g->units[unit];
	enum formation forms[5];
	int nf = 0;
	double h[4];
	int nh = headings(g, u, aim, far, h);
	bool inf = unit_is_infantry(u), fires = !volley_may_fire(g, u) && !unit_is_cavalry(u) && g->divmove < 0;
	bool cav = inf && ai->level != AI_EASY && enemy_cavalry_near(g, u);
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
			in.b = 2;
			in.has_a = in.has_b = true;
			if (trial(g, side, &in, 1, unit, &end) == 1)
				keep_plan(cs, &in, 1, &end, DRILL_SQUARE);
		}
		if (u->form != FORM_SQUARE && u->form != FORM_ESQUARE)
			for (int k = 0; k < nh; k++)
				from_here(cs, g, unit, o, n, h[k], aim, base.fires, n > 0);
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
		est_nearest_enemy(g, u, &dn);
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
			    v2_dist(geom_poly_centroid(ft->pts, ft->n), u->pos) > 15)
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
static void artillery_cands(struct cands *cs, struct game *g, int unit, const struct aim *aim, bool far,
                            const struct est_paths *paths)
{
	struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	double d, h[6], allow = g->divmove >= 0 ? g->divmove_allow : ma ? ma->redeploy : 0;
	int e = est_nearest_enemy(g, u, &d), nh = headings(g, u, aim, far, h);
	bool fires = !volley_may_fire(g, u) && g->divmove < 0;
	/* Out to either side of the enemy, for a zone of fire that friends do
	 * not mask, when it has no target from here. */
	if (e >= 0 && !far && best_shot(g, unit, paths, 2) <= 0) {
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
			double dist = reach_along(g, unit, &body, dir, want, want, false);
			struct order o = order_new(ORD_PROLONG);
			struct pose end = { v2_add(u->pos, v2_scale(dir, dist)), u->facing, u->form, fires };
			/* Not to stop on a friend (a long prolong, under rules for a
			 * larger scale, may pass over one). */
			if (dist < want - 1e-6 || on_friend_along(g, unit, &body, dir, dist - ORDER_MARGIN))
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

/* ------------------------------------------------------------------ */
/* Charges */

/* A charge that would clear an objective of its defenders is worth more. */
static double objective_bonus(const struct game *g, int t)
{
	for (int i = 0; i < g->nobj; i++)
		if (g->obj[i].holder != (int)(g->units[t].side ^ 1) && victory_on_objective(g, &g->obj[i], &g->units[t]))
			return 1.0;
	return 0;
}

static int best_charge(struct general_ai *ai, struct game *g, int unit, double bar, double *value)
{
	const struct unit *u = &g->units[unit];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	int best = -1, target[16], n = 0;
	double hope[16];
	*value = -INFINITY;
	if (!ma || ma->charge <= 0 || unit_is_artillery(u) || unit_has_marker(u, MK_BLUE) || g->divmove >= 0 ||
	    (u->acted & (UA_MOVED | UA_NO_CHARGE | UA_CROSSED)) || command_status(g, u, NULL) == CS_NOT_IN_COMMAND)
		return -1;
	for (int t = 0; t < g->nunits && n < 16; t++) {
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
		h = est_charge_hope(g, unit, t) + objective_bonus(g, t);
		if (h < bar)
			continue;
		for (j = n++; j > 0 && hope[j - 1] < h; j--) {
			hope[j] = hope[j - 1];
			target[j] = target[j - 1];
		}
		hope[j] = h;
		target[j] = t;
	}
	/* The engine asked about the most hopeful first, until none left
	 * could beat the best allowed. */
	for (int i = 0; i < n && hope[i] > *value; i++) {
		double v = est_charge(g, unit, target[i], false, NULL) + objective_bonus(g, target[i]);
		if (v > *value) {
			*value = v;
			best = target[i];
		}
	}
	(void)ai;
	return best;
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
	d = reach_along(g, unit, &c->body, c->dir, c->allow, c->allow, c->limbered);
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
static bool verify_cand(struct game *g, enum side side, int unit, struct cand *c, bool *changed)
{
	*changed = false;
	if (c->untried) {
		c->untried = false;
		*changed = true;
		return trial(g, side, c->o, c->n, unit, &c->end) == c->n;
	}
	if (c->unformed) {
		struct unit *u = &g->units[unit], keep = *u;
		struct pose base;
		double h = c->end.facing;
		bool ok = true;
		c->unformed = false;
		*changed = true;
		if (trial(g, side, c->o, 1, unit, &base) != 1)
			return false;
		u->pos = base.pos;
		u->facing = base.facing;
		u->form = base.form;
		u->acted |= UA_FORMED;
		if (c->n > 1 && c->o[1].kind == ORD_FACE)
			ok = est_may_pivot(g, unit, c->o[1].a);
		else
			h = base.facing;
		*u = keep;
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

	*out = (struct drill){ .kind = DRILL_STAND, .charge_target = -1, .end = u->pos, .planned = true,
		               .ahead = !ai->noted };
	plan_aim(ai, g, unit, &aim);
	/* Far from the enemy only the march toward the aim is looked at. */
	est_nearest_enemy(g, u, &dn);
	far = dn > 40 || g->divmove >= 0;
	est_paths_begin(paths, g, unit);
	stay = best = pose_score(ai, g, unit, &here, &aim, paths);
	cs->n = 0;
	if (unit_is_artillery(u))
		artillery_cands(cs, g, unit, &aim, far, paths);
	else
		manoeuvre_cands(cs, ai, g, side, unit, &aim, far);
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
	 * it can really go, and weighed again, until the best is sure. */
	for (;;) {
		pick = -1;
		best = stay;
		for (int i = 0; i < cs->n; i++)
			if (cs->c[i].score > best + 1e-9) {
				best = cs->c[i].score;
				pick = i;
			}
		if (pick < 0 || (!cs->c[pick].unswept && !cs->c[pick].unformed && !cs->c[pick].untried))
			break;
		bool changed = false;
		if (!verify_cand(g, side, unit, &cs->c[pick], &changed))
			cs->c[pick].score = -INFINITY;
		else if (changed)
			cs->c[pick].score = pose_score(ai, g, unit, &cs->c[pick].end, &aim, paths);
	}
	/* A charge worth its risk, and worth more than any manoeuvre. */
	bar = ai->charge_threshold * (1 - ai->urgency[u->side]);
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
