/* SPDX-License-Identifier: GPL-3.0-or-later */
/* aim: the facings a charge may take ("How does a unit charge?": a unit
 * turns by pivoting, at most 90 degrees in an initiative if it is to
 * charge, then moves straight ahead), tried smallest pivot first. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "aim.h"
#include "game.h"
#include "move.h"
#include "rules.h"
#include "unit.h"

/* The best face of a die. */
#define DIE_MOST 6

int aim_count(double limit)
{
	if (limit < -1e-9)
		return 0;
	return 1 + 2 * (int)floor(limit + 1e-9);
}

double aim_pivot(int k)
{
	return (double)((k + 1) / 2) * (k % 2 ? 1.0 : -1.0);
}

void aim_lane(const struct unit *u, const struct unit *t, struct aim_lane *l)
{
	struct obb tb = unit_footprint(t);
	double w, d;
	double dc = v2_dist(u->pos, t->pos), ratio;
	geom_obb_corners(&tb, l->rel);
	for (int i = 0; i < 4; i++)
		l->rel[i] = v2_sub(l->rel[i], u->pos);
	formation_size(u->type, u->form, &w, &d);
	l->hw = w / 2;
	l->hd = d / 2;
	/* t's centre is dc sin(a) to the side of the lane's axis, a the
	 * angle from it; all of t lies within its radius of it. */
	l->bearing = geom_bearing(u->pos, t->pos);
	ratio = dc > 0 ? (l->hw + unit_radius(t) + GEOM_CONTACT) / dc : 2;
	l->window = ratio >= 1 ? 180 : asin(ratio) * 180 / M_PI + 1e-6;
}

double aim_lane_gap(const struct aim_lane *l, double facing)
{
	struct vec2 dir, right, p[4];
	double near = INFINITY, far = -INFINITY, h = l->hw + GEOM_CONTACT;
	double off = fabs(geom_angle_diff(l->bearing, facing));
	if (off > l->window && off < 180 - l->window)
		return INFINITY;
	dir = geom_dir(facing);
	right = v2(-dir.y, dir.x);
	for (int i = 0; i < 4; i++)
		p[i] = v2(v2_dot(l->rel[i], right), v2_dot(l->rel[i], dir)); /* (side, ahead) */
	/* The part of t within the lane (|side| <= h) is convex: its nearest
	 * and furthest points ahead are corners of t in the lane, or where
	 * t's edges cross the lane's sides. */
	for (int i = 0; i < 4; i++) {
		struct vec2 a = p[i], b = p[(i + 1) % 4];
		if (fabs(a.x) <= h) {
			near = fmin(near, a.y);
			far = fmax(far, a.y);
		}
		for (int e = -1; e <= 1; e += 2) {
			double edge = e * h, y;
			if ((a.x - edge) * (b.x - edge) > 0 || a.x == b.x)
				continue;
			y = a.y + (b.y - a.y) * (edge - a.x) / (b.x - a.x);
			near = fmin(near, y);
			far = fmax(far, y);
		}
	}
	if (!isfinite(near) || far <= l->hd - GEOM_CONTACT)
		return INFINITY;
	return fmax(0, near - l->hd - GEOM_CONTACT);
}

/* A lane's gap within reach (which may be INFINITY: ahead at all). */
static bool within(double gap, double reach)
{
	return isfinite(gap) && gap <= reach + GEOM_CONTACT + 1e-9;
}

bool aim_lined_up(const struct unit *u, const struct unit *t, double facing, double reach)
{
	struct aim_lane l;
	aim_lane(u, t, &l);
	return within(aim_lane_gap(&l, facing), reach);
}

void aim_blocked_by(struct aim_blockers *b, int unit)
{
	for (int i = 0; i < b->n; i++)
		if (b->unit[i] == unit)
			return;
	if (b->n == AIM_BLOCKERS)
		memmove(b->unit, b->unit + 1, (AIM_BLOCKERS - 1) * sizeof b->unit[0]);
	else
		b->n++;
	b->unit[b->n - 1] = unit;
}

bool aim_lane_blocked(const struct game *g, const struct unit *u, double facing, double gap,
                      const struct aim_blockers *b)
{
	struct obb lane = unit_footprint_as(u->type, u->form, u->pos, facing);
	struct vec2 lb[4];
	struct shape ls;
	if (!b->n || !isfinite(gap))
		return false;
	lane.d += gap;
	lane.c = v2_add(lane.c, v2_scale(geom_dir(facing), gap / 2));
	ls = geom_obb_shape(&lane, lb);
	for (int i = 0; i < b->n; i++) {
		struct vec2 ob[4];
		struct shape os = unit_shape(&g->units[b->unit[i]], ob);
		if (geom_overlap(&ls, &os))
			return true;
	}
	return false;
}

bool aim_first(const struct unit *u, const struct unit *t, double limit, double reach, double *facing)
{
	struct aim_lane l;
	aim_lane(u, t, &l);
	for (int k = 0, n = aim_count(limit); k < n; k++)
		if (within(aim_lane_gap(&l, u->facing + aim_pivot(k)), reach)) {
			*facing = geom_norm_deg(u->facing + aim_pivot(k));
			return true;
		}
	return false;
}

double aim_least_turn(const struct unit *u, const struct unit *t)
{
	double f;
	if (!aim_first(u, t, 180, INFINITY, &f))
		return -1;
	return fabs(geom_angle_diff(u->facing, f));
}

double aim_extend_most(enum unit_type t)
{
	return DIE_MOST * rules_extend_dice[t] * rules_extend_pip;
}

bool aim_clear_charge(const struct game *g, int unit, int target, enum terrain_mode mode, double limit,
                      double allowance, bool all_half, double *facing, struct sweep *s)
{
	struct aim_blockers in_way = { 0 };
	return aim_clear_charge_known(g, unit, target, mode, limit, allowance, all_half, facing, s, &in_way);
}

bool aim_clear_charge_known(const struct game *g, int unit, int target, enum terrain_mode mode, double limit,
                            double allowance, bool all_half, double *facing, struct sweep *s,
                            struct aim_blockers *in_way)
{
	const struct unit *u = &g->units[unit];
	struct mover mv;
	struct aim_lane l;
	bool blocked[2] = { false, false }; /* a pivot blocked blocks greater ones the same way */
	move_mover_unit(g, unit, mode, false, &mv);
	mv.target = target;
	mv.through_friends = false; /* nobody charges through anybody */
	aim_lane(u, &g->units[target], &l);
	for (int k = 0, n = aim_count(limit); k < n; k++) {
		double f = geom_norm_deg(u->facing + aim_pivot(k)), gap = aim_lane_gap(&l, f);
		struct obb fp;
		if (blocked[k % 2] || gap > allowance + GEOM_CONTACT + 1e-9 ||
		    aim_lane_blocked(g, u, f, gap, in_way))
			continue;
		fp = unit_footprint_as(u->type, u->form, u->pos, f);
		move_sweep(g, &mv, &fp, fp.c, geom_dir(f), 1e4, allowance, all_half, s);
		if (s->why == STOP_UNIT || s->why == STOP_ENEMY)
			aim_blocked_by(in_way, s->unit);
		if (s->why != STOP_TARGET)
			continue;
		if (k > 0 && move_pivot_blocker(g, unit, u->facing, f) != -1) {
			blocked[k % 2] = true;
			continue;
		}
		*facing = f;
		return true;
	}
	return false;
}
