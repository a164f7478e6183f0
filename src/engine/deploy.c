/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deploy: starting positions for forces and their command stands. */
#include "config.h"

#include <math.h>

#include "deploy.h"
#include "game.h"
#include "rules.h"

/* Lay out units in one row, fronts aligned on a line through the centre
 * plus half the deepest unit, ahead of 'centre' by 'ahead'. */
static void layout_row(struct game *g, const int *units, int n, struct vec2 centre,
                       double facing, double gap)
{
	struct vec2 fwd = geom_dir(facing), right = geom_right(facing);
	double total = 0, maxd = 0, x;
	for (int i = 0; i < n; i++) {
		struct unit *u = &g->units[units[i]];
		double w, d;
		formation_size(u->type, u->form, &w, &d);
		total += w + (i ? gap : 0);
		if (d > maxd)
			maxd = d;
	}
	x = -total / 2;
	for (int i = 0; i < n; i++) {
		struct unit *u = &g->units[units[i]];
		double w, d;
		formation_size(u->type, u->form, &w, &d);
		u->pos = v2_add(centre, v2_add(v2_scale(right, x + w / 2),
		                               v2_scale(fwd, maxd / 2 - d / 2)));
		u->facing = facing;
		x += w + gap;
	}
}

static double row_depth(const struct game *g, const int *units, int n)
{
	double maxd = 0;
	for (int i = 0; i < n; i++) {
		double w, d;
		formation_size(g->units[units[i]].type, g->units[units[i]].form, &w, &d);
		if (d > maxd)
			maxd = d;
	}
	return maxd;
}

void deploy_layout(struct game *g, const int *units, int n, struct vec2 centre,
                   double facing, enum layout layout, double gap, double row_gap)
{
	struct vec2 fwd = geom_dir(facing);
	switch (layout) {
	case LAYOUT_COLUMN: {
		double total = 0, y;
		for (int i = 0; i < n; i++) {
			double w, d;
			formation_size(g->units[units[i]].type, g->units[units[i]].form, &w, &d);
			total += d + (i ? gap : 0);
		}
		y = total / 2;
		for (int i = 0; i < n; i++) {
			struct unit *u = &g->units[units[i]];
			double w, d;
			formation_size(u->type, u->form, &w, &d);
			u->pos = v2_add(centre, v2_scale(fwd, y - d / 2));
			u->facing = facing;
			y -= d + gap;
		}
		return;
	}
	case LAYOUT_LINES: {
		int front = (n + 1) / 2;
		double d1 = row_depth(g, units, front), d2 = row_depth(g, units + front, n - front);
		double total = d1 + (n > front ? row_gap + d2 : 0);
		layout_row(g, units, front, v2_add(centre, v2_scale(fwd, total / 2 - d1 / 2)),
		           facing, gap);
		if (n > front)
			layout_row(g, units + front, n - front,
			           v2_sub(centre, v2_scale(fwd, total / 2 - d2 / 2)), facing, gap);
		return;
	}
	case LAYOUT_LINE:
	case LAYOUT_COUNT:
		break;
	}
	layout_row(g, units, n, centre, facing, gap);
}

bool deploy_on_table(const struct game *g, const struct shape *s)
{
	for (int i = 0; i < s->n; i++) {
		struct vec2 p = s->pts[i];
		if (p.x - s->r < -GEOM_OVERLAP_EPS || p.y - s->r < -GEOM_OVERLAP_EPS ||
		    p.x + s->r > g->map.width + GEOM_OVERLAP_EPS ||
		    p.y + s->r > g->map.height + GEOM_OVERLAP_EPS)
			return false;
	}
	return true;
}

static bool present(int state)
{
	return state == US_ACTIVE || state == US_RESERVE;
}

int deploy_unit_overlap(const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	struct vec2 ba[4], bb[4];
	struct shape sa = unit_shape(u, ba);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		struct shape sb;
		if (i == unit || !present(o->state) || o->arrive_turn != u->arrive_turn)
			continue;
		sb = unit_shape(o, bb);
		if (geom_overlap(&sa, &sb))
			return i;
	}
	return -1;
}

int deploy_commander_overlap(const struct game *g, int cmdr)
{
	const struct commander *c = &g->cmdrs[cmdr];
	struct shape cs = commander_shape(c);
	struct vec2 buf[4];
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct shape us;
		if (!present(u->state) || u->arrive_turn > c->arrive_turn)
			continue;
		if (c->attached == i)
			continue;
		us = unit_shape(u, buf);
		if (geom_overlap(&cs, &us))
			return i;
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *o = &g->cmdrs[i];
		struct shape os;
		if (i == cmdr || !(o->flags & CF_PLACED) || o->attached >= 0 || c->attached >= 0 ||
		    o->arrive_turn != c->arrive_turn)
			continue;
		os = commander_shape(o);
		if (geom_overlap(&cs, &os))
			return -2 - i;
	}
	return -1;
}

int deploy_unit_ground(const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	struct vec2 buf[4];
	struct shape s = unit_shape(u, buf);
	enum tclass c = terrain_class(u, false);
	int blocker = -1;
	bool road = terrain_on_road(&g->map, c, u->form, u->pos);
	return terrain_go(&g->map, c, TMODE_MOVE, &s, road, &blocker) == GO_NO ? blocker : -1;
}

int deploy_commander_ground(const struct game *g, int cmdr)
{
	const struct commander *c = &g->cmdrs[cmdr];
	struct shape s = commander_shape(c);
	int blocker = -1;
	bool road = terrain_on_road(&g->map, TC_COMMAND, FORM_BATTERY, c->pos);
	return terrain_go(&g->map, TC_COMMAND, TMODE_MOVE, &s, road, &blocker) == GO_NO ? blocker : -1;
}

/* Does this unit belong to the formation a commander commands? */
static bool commands(const struct game *g, const struct commander *c,
                     const struct unit *u)
{
	switch (c->level) {
	case CL_CORPS:
		return unit_corps(g, u) == c->of;
	case CL_DIVISION:
		return unit_division(g, u) == c->of;
	case CL_BRIGADE:
	case CL_COUNT:
		break;
	}
	return u->brigade == c->of;
}

int deploy_first_turn(const struct game *g, int cmdr)
{
	int first = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (present(u->state) && commands(g, &g->cmdrs[cmdr], u) &&
		    (!first || u->arrive_turn < first))
			first = u->arrive_turn;
	}
	return first ? first : 1;
}

static bool spot_clear(struct game *g, int cmdr)
{
	struct shape s = commander_shape(&g->cmdrs[cmdr]);
	return deploy_on_table(g, &s) && deploy_commander_overlap(g, cmdr) == -1 &&
	       deploy_commander_ground(g, cmdr) == -1;
}

/* Search outwards from behind the centre of the formation's first units. */
static bool place_one(struct game *g, int cmdr)
{
	static const double bearings[] = { 180, 150, 210, 120, 240, 90, 270, 60, 300, 30, 330, 0 };
	struct commander *c = &g->cmdrs[cmdr];
	struct vec2 sum = v2(0, 0), dir = v2(0, 0);
	double depth = 0, facing;
	int first = 0, n = 0;

	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			if (!present(u->state) || !commands(g, c, u))
				continue;
			if (pass == 0) {
				if (!n || u->arrive_turn < first)
					first = u->arrive_turn;
				n++;
			} else if (u->arrive_turn == first) {
				double w, d;
				formation_size(u->type, u->form, &w, &d);
				sum = v2_add(sum, u->pos);
				dir = v2_add(dir, geom_dir(u->facing));
				if (d > depth)
					depth = d;
			}
		}
	if (!n)
		return false;
	c->arrive_turn = first;
	c->state = first > 1 ? US_RESERVE : US_ACTIVE;
	n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (present(g->units[i].state) && commands(g, c, &g->units[i]) &&
		    g->units[i].arrive_turn == first)
			n++;
	sum = v2_scale(sum, 1.0 / n);
	facing = v2_len(dir) > 1e-9 ? geom_bearing(v2(0, 0), dir) : 0;
	for (int r = 0; r <= 40; r++) {
		double dist = depth / 2 + rules_stand[ARM_COMMAND].w + r;
		for (size_t k = 0; k < sizeof bearings / sizeof bearings[0]; k++) {
			c->pos = v2_add(sum, v2_scale(geom_dir(facing + bearings[k]), dist));
			if (spot_clear(g, cmdr)) {
				c->flags |= CF_PLACED;
				return true;
			}
		}
	}
	return false;
}

int deploy_commanders(struct game *g)
{
	/* Brigades first (closest to their units), then divisions, then corps. */
	for (int level = CL_BRIGADE; level >= CL_CORPS; level--)
		for (int i = 0; i < g->ncmdrs; i++) {
			struct commander *c = &g->cmdrs[i];
			if (c->level != (enum cmd_level)level || (c->flags & CF_PLACED))
				continue;
			if (c->attached >= 0) {
				const struct unit *u = &g->units[c->attached];
				c->pos = u->pos;
				c->arrive_turn = u->arrive_turn;
				c->state = u->state;
				c->flags |= CF_PLACED;
				continue;
			}
			if (!place_one(g, i))
				return i;
		}
	return -1;
}

/* "The square on the landmark base is then considered to be in and
 * defending that landmark": a scenario that stands an infantry square on a
 * landmark's base has it defending the landmark, as the 'defend' order
 * would have. */
void deploy_garrisons(struct game *g)
{
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		struct vec2 buf[4];
		struct shape s;
		if (u->state != US_ACTIVE || !unit_is_infantry(u) || u->form != FORM_SQUARE || u->defends)
			continue;
		s = unit_shape(u, buf);
		for (int f = 0; f < g->map.nf && !u->defends; f++) {
			bool held = false;
			if (g->map.f[f].type != TT_LANDMARK || !terrain_wholly_in(&g->map.f[f], &s))
				continue;
			for (int k = 0; k < g->nunits; k++)
				held |= g->units[k].defends == f + 1;
			if (!held)
				u->defends = f + 1;
		}
	}
}
