/* SPDX-License-Identifier: GPL-3.0-or-later */
/* terrain: geometry of the ground against the Mini-Nap 2 terrain table. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "rules.h"
#include "terrain.h"

bool feature_is_linear(enum terrain_type t)
{
	return rules_terrain[t].linear;
}

struct shape feature_shape(const struct feature *f)
{
	const double *box = f->boxed ? f->box : NULL;
	if (feature_is_linear(f->type))
		return (struct shape){ .kind = SHAPE_POLYLINE, .n = f->n, .pts = f->pts, .r = f->width / 2,
		                       .box = box };
	return (struct shape){ .kind = SHAPE_POLYGON, .n = f->n, .pts = f->pts, .r = 0, .box = box,
		               .convex = f->boxed ? f->convex : 0 };
}

void map_finish(struct map *m)
{
	for (int i = 0; i < m->nf; i++) {
		struct feature *f = &m->f[i];
		struct shape s = { .kind = SHAPE_POLYGON, .n = f->n, .pts = f->pts };
		f->boxed = false;
		if (f->n > 0) {
			geom_bounds(&s, f->box);
			f->convex = geom_poly_is_convex(f->pts, f->n) ? 1 : -1;
			f->boxed = true;
		}
	}
	terrain_index_free(m->index);
	m->index = terrain_index_new(m);
}

enum tclass terrain_class(const struct unit *u, bool limbered)
{
	switch (unit_arm(u)) {
	case ARM_INFANTRY:
		return u->form == FORM_SKIRMISH ? TC_SKIRMISH : TC_INFANTRY;
	case ARM_CAVALRY:
		return TC_CAVALRY;
	case ARM_ARTILLERY:
		return limbered ? TC_ART_LIMBERED : TC_ART_UNLIMBERED;
	case ARM_COMMAND:
	case ARM_COUNT:
		break;
	}
	return TC_COMMAND;
}

bool terrain_touches(const struct feature *f, const struct shape *s)
{
	struct shape fs = feature_shape(f);
	return geom_contact(&fs, s);
}

/* "Interpenetrated with": the footprint overlaps the feature.  A base that
 * only touches the edge is in contact with it, not in it: the text's own
 * use for linear features (a defender is "in contact but not
 * interpenetrated"), and a unit firing over a wall it touches.  Moving on
 * from that contact it enters at once, so half rate runs from real
 * contact, not from the 0.05 cm of the contact tolerance. */
bool terrain_in(const struct feature *f, const struct shape *s)
{
	struct shape fs = feature_shape(f);
	return geom_overlap(&fs, s);
}

bool terrain_wholly_in(const struct feature *f, const struct shape *s)
{
	struct shape fs = feature_shape(f);
	/* A point outside the feature's bounds (by more than a hair) is
	 * outside the feature: no need to look at its edges. */
	if (f->boxed)
		for (int i = 0; i < s->n; i++)
			if (s->pts[i].x < f->box[0] - 1e-6 || s->pts[i].x > f->box[2] + 1e-6 ||
			    s->pts[i].y < f->box[1] - 1e-6 || s->pts[i].y > f->box[3] + 1e-6)
				return false;
	return !feature_is_linear(f->type) && geom_inside(&fs, s);
}

/* "Roads are deemed to be wide enough for a one base wide unit to move
 * along it": columns, batteries and command stands. */
bool terrain_on_road(const struct map *m, enum tclass c, enum formation form,
                     struct vec2 centre)
{
	bool narrow = c == TC_COMMAND || form == FORM_COLUMN || form == FORM_BATTERY, on = false;
	struct index_set near = { 0 };
	double box[4] = { centre.x, centre.y, centre.x, centre.y };
	if (!narrow)
		return false;
	terrain_features_box(m, box, 1e-3, &near);
	for (int q = 0; q < near.n && !on; q++) {
		const struct feature *f = &m->f[near.idx[q]];
		struct shape s;
		if (f->type != TT_ROAD)
			continue;
		s = feature_shape(f);
		on = geom_shape_contains(&s, centre);
	}
	index_set_free(&near);
	return on;
}

/* A river may be waded where the footprint also touches a ford on that
 * river; there it counts as a stream.  Bridges are crossed by the bridge
 * move ("cross"), never walked over. */
static bool river_crossing(const struct map *m, const struct feature *river,
                           const struct shape *s)
{
	struct shape rs = feature_shape(river);
	struct index_set near = { 0 };
	double box[4];
	bool wading = false;
	/* A ford the footprint touches is near it. */
	geom_bounds(s, box);
	terrain_features_box(m, box, 2 * GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && !wading; q++) {
		const struct feature *f = &m->f[near.idx[q]];
		struct shape fs;
		if (f->type != TT_FORD)
			continue;
		fs = feature_shape(f);
		wading = geom_contact(&fs, s) && geom_contact(&fs, &rs);
	}
	index_set_free(&near);
	return wading;
}

static double row_rate(const struct terrain_rules *r, enum terrain_mode mode, enum tclass c)
{
	switch (mode) {
	case TMODE_CHARGE:
		return r->charge_rate[c];
	case TMODE_INTERCEPT:
		return r->intercept_rate[c];
	case TMODE_MOVE:
		break;
	}
	return r->move_rate[c];
}

static enum go row_go(const struct terrain_rules *r, enum terrain_mode mode,
                      enum tclass c)
{
	return rules_go_of_rate(row_rate(r, mode, c));
}

enum go terrain_rule_go(enum terrain_type t, enum terrain_mode mode, enum tclass c)
{
	return row_go(&rules_terrain[t], mode, c);
}

double terrain_rule_rate(enum terrain_type t, enum terrain_mode mode, enum tclass c)
{
	return row_rate(&rules_terrain[t], mode, c);
}

double terrain_combine(double a, double b)
{
	if (a < 0 || b < 0)
		return RULES_CANT;
	if (rules_terrain_limits.combine == COMBINE_COMPOUND)
		return a * b;
	return a > b ? a : b;
}

bool terrain_may_hinder(const struct feature *f, enum tclass c, enum terrain_mode mode)
{
	enum terrain_type t = f->type;
	if (t == TT_ROAD)
		return false;
	return t == TT_FORD || t == TT_RIVER || (t == TT_ROUGH && f->impassable) ||
	       row_go(&rules_terrain[t], mode, c) != GO_FREE || terrain_crossing_cost(f, c);
}

bool terrain_crossing_cost(const struct feature *f, enum tclass c)
{
	const struct terrain_rules *r = &rules_terrain[f->type];
	return r->cross[c] > 0 || (!r->linear && r->leave[c] > 0);
}

enum go terrain_go(const struct map *m, enum tclass c, enum terrain_mode mode,
                   const struct shape *s, bool on_road, int *blocker)
{
	return rules_go_of_rate(terrain_rate(m, c, mode, s, on_road, blocker));
}

/* Several features: the rules' way of combining them (Mini-Nap: the
 * worst counts, never compounded). */
double terrain_rate(const struct map *m, enum tclass c, enum terrain_mode mode,
                    const struct shape *s, bool on_road, int *blocker)
{
	double rate = 1, box[4];
	struct index_set near = { 0 };
	/* (Only the features the index finds round it can be under it.) */
	geom_bounds(s, box);
	terrain_features_box(m, box, GEOM_CONTACT, &near);
	for (int q = 0; q < near.n; q++) {
		int i = near.idx[q];
		const struct feature *f = &m->f[i];
		enum terrain_type t = f->type;
		double g;
		if (t == TT_ROAD || !terrain_in(f, s))
			continue;
		/* Along a road a unit ignores the ground the road passes through;
		 * water is crossed at the bridge or ford the road must have. */
		if (on_road && t != TT_STREAM && t != TT_RIVER && t != TT_FORD)
			continue;
		if (t == TT_RIVER && river_crossing(m, f, s))
			t = TT_FORD;
		g = row_rate(&rules_terrain[t], mode, c);
		if (t == TT_ROUGH && f->impassable)
			g = RULES_CANT;
		if (g < 0) {
			if (blocker)
				*blocker = i;
			index_set_free(&near);
			return RULES_CANT;
		}
		rate = terrain_combine(rate, g);
	}
	index_set_free(&near);
	return rate;
}

int terrain_bridge_water(const struct map *m, int bridge)
{
	struct shape bs = feature_shape(&m->f[bridge]);
	for (int i = 0; i < m->nf; i++) {
		struct shape ws;
		if (m->f[i].type != TT_STREAM && m->f[i].type != TT_RIVER)
			continue;
		ws = feature_shape(&m->f[i]);
		if (geom_contact(&bs, &ws))
			return i;
	}
	return -1;
}

int terrain_nearest_segment(const struct feature *f, struct vec2 p)
{
	int best = 0;
	double bd = INFINITY;
	for (int i = 0; i + 1 < f->n; i++) {
		double d = geom_point_seg_dist(p, f->pts[i], f->pts[i + 1]);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

double terrain_side_of(const struct feature *water, int seg, struct vec2 p)
{
	return v2_cross(v2_sub(water->pts[seg + 1], water->pts[seg]), v2_sub(p, water->pts[seg]));
}

bool terrain_destroyed(const struct feature *f)
{
	return f->strength && f->damage >= f->strength;
}

bool terrain_closed_to_all(const struct feature *f)
{
	if (f->type == TT_ROUGH && f->impassable)
		return true;
	for (int c = 0; c < TC_COUNT; c++)
		if (rules_terrain[f->type].move[c] != GO_NO)
			return false;
	return true;
}

int terrain_default_strength(enum terrain_type t)
{
	if (!rules_terrain[t].structure)
		return 0;
	return t == TT_VILLAGE ? rules_terrain_limits.village_strength
	                       : rules_terrain_limits.landmark_strength;
}

void map_free(struct map *m)
{
	for (int i = 0; i < m->nf; i++)
		free(m->f[i].pts);
	free(m->f);
	terrain_index_free(m->index);
	m->index = NULL;
	m->f = NULL;
	m->nf = 0;
}
