/* SPDX-License-Identifier: GPL-3.0-or-later */
/* move: sweeping footprints across the table.  Units are found by
 * conservative advancement on the exact distance (a footprint moving d cm
 * cannot close on anything by more than d), so nothing thin is ever jumped;
 * the ground is walked in small steps with the transitions bisected. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "grid.h"
#include "move.h"
#include "rules.h"
#include "watch.h"
#include "weather.h"

#define STEP 0.1          /* walking step for the ground (cm) */
#define EXACT 1e-4        /* precision of bisected transitions (cm) */
#define CLEAR 1e-3        /* how far short of a forbidden contact a stop is */
#define PIVOT_STEP 0.5    /* degrees between pivot samples */


void move_mover_unit(const struct game *g, int unit, enum terrain_mode mode,
                     bool limbered, struct mover *m)
{
	const struct unit *u = &g->units[unit];
	*m = (struct mover){
		.unit = unit, .cmdr = -1, .side = u->side,
		.tclass = terrain_class(u, limbered), .mode = mode,
		.form = u->form, .through_friends = !unit_formed(u), .target = -1,
	};
}

void move_mover_cmdr(const struct game *g, int cmdr, struct mover *m)
{
	*m = (struct mover){
		.unit = -1, .cmdr = cmdr, .side = g->cmdrs[cmdr].side,
		.tclass = TC_COMMAND, .mode = TMODE_MOVE, .form = FORM_BATTERY,
		.through_friends = true, .target = -1,
	};
}

struct obb move_shift(struct obb b, struct vec2 dir, double d)
{
	b.c = v2_add(b.c, v2_scale(dir, d));
	return b;
}

/* The moving shape at distance t: a rectangle (body) or a command stand. */
struct moving {
	const struct obb *body;
	struct vec2 from, dir;
	double r;  /* command stand radius when body is NULL */
	struct vec2 buf[4];
	struct vec2 centre;
};

static struct shape shape_at(struct moving *mv, double t)
{
	if (mv->body) {
		struct obb b = move_shift(*mv->body, mv->dir, t);
		return geom_obb_shape(&b, mv->buf);
	}
	mv->centre = v2_add(mv->from, v2_scale(mv->dir, t));
	return geom_circle(&mv->centre, mv->r);
}

/* First t in [0, tmax] at which the moving shape comes within contact of
 * s, or INFINITY. */
static double first_contact(struct moving *mv, const struct shape *s, double tmax)
{
	double t = 0;
	for (int i = 0; i < 200000 && t <= tmax; i++) {
		struct shape a = shape_at(mv, t);
		double d = geom_distance(&a, s), run;
		if (d <= GEOM_CONTACT + 1e-9)
			return t;
		/* Conservative advancement creeps when it grazes s: an axis
		 * that keeps them apart may let it go further at once. */
		run = mv->body && d < 2 * GEOM_CONTACT ? geom_free_run(&a, s, mv->dir, GEOM_CONTACT + 1e-9) : 0;
		t += fmax(d - GEOM_CONTACT + 1e-6, run);
	}
	return INFINITY;
}

/* The units that could come within margin of the moving shape on its way
 * from 0 to dist (the bounds of where it starts and where it ends hold
 * the whole way): a superset, in unit order. */
static void way_units(const struct game *g, struct moving *mv, double dist, double margin, struct index_set *out)
{
	double box[4], end[4];
	struct shape s = shape_at(mv, 0);
	geom_bounds(&s, box);
	s = shape_at(mv, isfinite(dist) && dist > 0 ? dist : 0);
	geom_bounds(&s, end);
	for (int k = 0; k < 2; k++) {
		box[k] = fmin(box[k], end[k]);
		box[k + 2] = fmax(box[k + 2], end[k + 2]);
	}
	if (!isfinite(dist)) {
		box[0] = box[1] = -INFINITY;
		box[2] = box[3] = INFINITY;
	}
	grid_units_box(g, box, margin + 0.01, out);
}

double move_clear_of(const struct game *g, const struct obb *body, struct vec2 dir, double want, int unit)
{
	struct moving mv = { .body = body, .dir = dir };
	struct vec2 buf[4];
	struct shape os = unit_shape(&g->units[unit], buf);
	double t = first_contact(&mv, &os, want);
	return isinf(t) ? want : t;
}

double move_keep_away(const struct game *g, enum side side, const struct obb *body,
                      struct vec2 dir, double want, double keep)
{
	struct moving mv = { .body = body, .dir = dir };
	double best = want;
	struct index_set near = { 0 };
	way_units(g, &mv, want, keep, &near);
	for (int q = 0; q < near.n; q++) {
		int i = near.idx[q];
		const struct unit *o = &g->units[i];
		struct vec2 buf[4];
		struct shape os;
		double t = 0;
		if (o->side == side || !unit_present(o))
			continue;
		os = unit_shape(o, buf);
		/* Conservative advancement to the distance keep. */
		for (int k = 0; k < 200000 && t <= best; k++) {
			struct shape a = shape_at(&mv, t);
			double d = geom_distance(&a, &os), run;
			if (d < keep) {
				best = t - CLEAR > 0 ? t - CLEAR : 0;
				break;
			}
			run = d < keep + GEOM_CONTACT ? geom_free_run(&a, &os, dir, keep) : 0;
			t += fmax(d - keep + 1e-6, run);
		}
	}
	index_set_free(&near);
	return best;
}

/* First t at which the moving shape overlaps s (interiors), or INFINITY;
 * touching is allowed. */
static double first_overlap(struct moving *mv, const struct shape *s, double tmax)
{
	double t = 0, lo, hi, clear = -1, prev = 0;
	for (int i = 0; i < 200000; i++) {
		/* A step past the end is taken as a last look at the end. */
		double at = t > tmax ? tmax : t;
		struct shape a = shape_at(mv, at);
		double d = geom_distance(&a, s), run;
		if (d > GEOM_CONTACT) {
			if (at >= tmax)
				return INFINITY;
			prev = at;
			t += d - GEOM_CONTACT / 2;
			clear = -1;
			continue;
		}
		if (!geom_overlap(&a, s)) {
			if (at >= tmax)
				return INFINITY;
			/* Touching: in small steps, or (sliding along it, say)
			 * as far as an axis between them keeps them apart. */
			prev = at;
			run = mv->body ? geom_free_run(&a, s, mv->dir, -GEOM_OVERLAP_EPS) : 0;
			clear = run > STEP / 2 ? t : -1;
			t += run > STEP / 2 ? run : STEP / 2;
			continue;
		}
		lo = clear >= 0 ? clear : t - STEP / 2 > 0 ? t - STEP / 2 : 0;
		if (lo > at)
			lo = prev;
		hi = at;
		{
			struct shape b = shape_at(mv, lo);
			if (geom_overlap(&b, s))
				return lo;
		}
		while (hi - lo > EXACT) {
			double mid = (lo + hi) / 2;
			struct shape b = shape_at(mv, mid);
			if (geom_overlap(&b, s))
				hi = mid;
			else
				lo = mid;
		}
		return lo;
	}
	return INFINITY;
}

/* Distance along dir before any corner of the shape leaves the table. */
static double edge_limit(const struct game *g, struct moving *mv)
{
	struct shape a = shape_at(mv, 0);
	double t = INFINITY;
	for (int i = 0; i < a.n; i++) {
		struct vec2 p = a.pts[i];
		double lim[2][2] = { { p.x - a.r, g->map.width - (p.x + a.r) },
		                     { p.y - a.r, g->map.height - (p.y + a.r) } };
		double dv[2] = { mv->dir.x, mv->dir.y };
		for (int k = 0; k < 2; k++) {
			double room;
			if (dv[k] > 1e-12)
				room = lim[k][1] / dv[k];
			else if (dv[k] < -1e-12)
				room = lim[k][0] / -dv[k];
			else
				continue;
			if (room < 0)
				room = 0;
			if (room < t)
				t = room;
		}
	}
	return t;
}

/* How far a mover that starts on a road follows it: until its centre
 * leaves the road's width (the transition bisected), at most limit; -1
 * when it does not start on one.  Along that stretch it ignores the
 * ground the road passes through; beyond it the ground counts as usual. */
static double road_stretch(const struct game *g, const struct mover *m, struct vec2 from,
                           struct vec2 dir, double limit)
{
	double t = 0;
	if (!terrain_on_road(&g->map, m->tclass, m->form, from))
		return -1;
	while (t < limit) {
		double next = t + STEP < limit ? t + STEP : limit, lo = t, hi = next;
		if (terrain_on_road(&g->map, m->tclass, m->form, v2_add(from, v2_scale(dir, next)))) {
			t = next;
			continue;
		}
		while (hi - lo > EXACT) {
			double mid = (lo + hi) / 2;
			if (terrain_on_road(&g->map, m->tclass, m->form, v2_add(from, v2_scale(dir, mid))))
				lo = mid;
			else
				hi = mid;
		}
		return lo;
	}
	return limit;
}

/* The features whose bounds come within contact of a box (and, with m,
 * only those that could slow or stop that mover), as a map of their own:
 * idx gives each one's index in the whole map.  False when there are more
 * than fit. */
#define NEAR_FEATURES 32
struct ground {
	struct map map;
	struct feature f[NEAR_FEATURES];
	int idx[NEAR_FEATURES];
};

static bool ground_near(const struct map *whole, const double box[4], const struct mover *m, struct ground *out)
{
	struct index_set near = { 0 };
	bool ok = true;
	out->map = (struct map){ .width = whole->width, .height = whole->height, .f = out->f, .nf = 0 };
	terrain_features_box(whole, box, 2 * GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && ok; q++) {
		int i = near.idx[q];
		const struct feature *f = &whole->f[i];
		double pad = GEOM_CONTACT + (feature_is_linear(f->type) ? f->width / 2 : 0);
		if (f->boxed && (box[2] + pad < f->box[0] || box[0] - pad > f->box[2] || box[3] + pad < f->box[1] ||
		                 box[1] - pad > f->box[3]))
			continue;
		if (m && !terrain_may_hinder(f, m->tclass, m->mode))
			continue;
		if (out->map.nf == NEAR_FEATURES) {
			ok = false;
			break;
		}
		out->idx[out->map.nf] = i;
		out->f[out->map.nf++] = *f;
	}
	index_set_free(&near);
	return ok;
}

/* What one cm costs at t (a rate, or RULES_CANT). */
static double ground_at(const struct map *ground, const struct mover *m, struct moving *mv,
                        double t, double road, int *feature)
{
	struct shape s = shape_at(mv, t);
	return terrain_rate(ground, m->tclass, m->mode, &s, t <= road, feature);
}

/* How far the moving shape may go from t (up to most) and still touch
 * none of the ground's features: each one's distance less the contact
 * tolerance, for a shape that moves d cm comes no more than d closer. */
static double ground_gap(const struct map *ground, struct moving *mv, double t, double most)
{
	struct shape s = shape_at(mv, t);
	double gap = most;
	for (int i = 0; i < ground->nf && gap > 0; i++) {
		struct shape fs = feature_shape(&ground->f[i]);
		double d = geom_distance_within(&s, &fs, gap + GEOM_CONTACT) - GEOM_CONTACT - 1e-6;
		if (d < gap)
			gap = d;
	}
	return gap;
}

/* Units in the way of a sweep up to limit: enemies may not be touched
 * (save a charge's target), nobody may be passed through except friends by
 * unformed units.  Returns how far it may go; out says why it stops. */
/* A shape's extent across an axis (its points' projections, widened by
 * its inflation). */
static void span(const struct shape *s, struct vec2 axis, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (int i = 0; i < s->n; i++) {
		double t = v2_dot(s->pts[i], axis);
		*lo = t < *lo ? t : *lo;
		*hi = t > *hi ? t : *hi;
	}
	*lo -= s->r;
	*hi += s->r;
}

static double sweep_units(const struct game *g, const struct mover *m, struct moving *mv, double limit,
                          struct sweep *out)
{
	struct shape self;
	struct vec2 self_pts[4], self_centre, across = v2(0, 0);
	double len = v2_len(mv->dir), self_lo = 0, self_hi = 0;

	/* The footprint where it starts, in its own storage: shape_at()
	 * reuses its buffer for every later position. */
	self = shape_at(mv, 0);
	if (self.kind == SHAPE_CIRCLE) {
		self_centre = self.pts[0];
		self.pts = &self_centre;
	} else {
		memcpy(self_pts, self.pts, sizeof self_pts);
		self.pts = self_pts;
	}
	/* Across the way the body keeps its extent as it goes: a unit
	 * beside it by more than contact (and a hair) is never met. */
	if (len > 0) {
		across = v2(-mv->dir.y / len, mv->dir.x / len);
		span(&self, across, &self_lo, &self_hi);
	}
	struct index_set near = { 0 };
	way_units(g, mv, limit, GEOM_CONTACT, &near);
	for (int k = 0; k < near.n; k++) {
		int i = near.idx[k];
		const struct unit *o = &g->units[i];
		struct vec2 buf[4];
		struct shape os;
		bool enemy, touching;
		double tc;
		if (i == m->unit || !unit_present(o))
			continue;
		if (m->cmdr >= 0 && g->cmdrs[m->cmdr].attached == i)
			continue;
		os = unit_shape(o, buf);
		if (len > 0) {
			double lo, hi;
			span(&os, across, &lo, &hi);
			if (lo - self_hi > GEOM_CONTACT + 1e-6 || self_lo - hi > GEOM_CONTACT + 1e-6)
				continue;
		}
		/* Nowhere near the way: nothing to meet. */
		if (geom_distance_within(&self, &os, limit + GEOM_CONTACT) > limit + GEOM_CONTACT)
			continue;
		enemy = o->side != m->side;
		if (!enemy && m->through_friends)
			continue;
		touching = geom_distance(&self, &os) <= GEOM_CONTACT;
		if (i == m->target) {
			tc = first_contact(mv, &os, limit);
			if (tc <= limit) {
				limit = tc;
				out->why = STOP_TARGET;
				out->unit = i;
			}
		} else if (!touching && (enemy || m->target >= 0)) {
			/* Only a charge contacts the enemy, and a charge contacts
			 * no unit at all but its target ("A unit cannot charge if
			 * it will contact any other unit"). */
			tc = first_contact(mv, &os, limit);
			if (tc <= limit) {
				limit = tc - CLEAR > 0 ? tc - CLEAR : 0;
				out->why = enemy ? STOP_ENEMY : STOP_UNIT;
				out->unit = i;
			}
		} else {
			tc = first_overlap(mv, &os, limit);
			if (tc <= limit) {
				limit = tc;
				out->why = enemy ? STOP_ENEMY : STOP_UNIT;
				out->unit = i;
			}
		}
	}
	index_set_free(&near);
	return limit;
}

/* Where a sweep enters or leaves a feature whose crossing costs a part of
 * the allowance (a rules file's crossing costs; Mini-Nap has none): lo is
 * the last point before, t the first past the boundary; over a linear
 * feature, until is where the footprint is clear of it again (the way
 * over it is part of the crossing). */
#define MAX_CROSSINGS 32
struct crossing {
	double lo, t, until, cost;
	int feature;
};

static int by_distance(const void *a, const void *b)
{
	const struct crossing *x = a, *y = b;
	return x->t < y->t ? -1 : x->t > y->t;
}

static int crossings(const struct map *ground, const struct mover *m, struct moving *mv, double limit,
                     double road, double allowance, struct crossing *out)
{
	int n = 0;
	for (int i = 0; i < ground->nf && n < MAX_CROSSINGS; i++) {
		const struct feature *f = &ground->f[i];
		const struct terrain_rules *r = &rules_terrain[f->type];
		bool water = f->type == TT_STREAM || f->type == TT_RIVER || f->type == TT_FORD, in;
		int over = -1; /* the crossing of this linear feature not yet over */
		struct shape s;
		if (!terrain_crossing_cost(f, m->tclass))
			continue;
		s = shape_at(mv, 0);
		in = terrain_in(f, &s);
		for (double t = 0; t < limit && n < MAX_CROSSINGS;) {
			double next = t + STEP < limit ? t + STEP : limit, lo = t, hi = next;
			s = shape_at(mv, next);
			if (terrain_in(f, &s) == in) {
				t = next;
				continue;
			}
			while (hi - lo > EXACT) {
				double mid = (lo + hi) / 2;
				s = shape_at(mv, mid);
				if (terrain_in(f, &s) == in)
					lo = mid;
				else
					hi = mid;
			}
			if (in && over >= 0) {
				out[over].until = hi;
				over = -1;
			}
			/* Along a road the ground it passes through is ignored. */
			if ((water || hi > road) && (in ? (r->linear ? 0 : r->leave[m->tclass]) : r->cross[m->tclass]) > 0) {
				if (!in && r->linear)
					over = n;
				out[n++] = (struct crossing){ .lo = lo, .t = hi, .until = r->linear ? INFINITY : hi,
				                              .feature = i,
				                              .cost = allowance * (in ? r->leave[m->tclass] : r->cross[m->tclass]) };
			}
			in = !in;
			t = hi;
		}
	}
	qsort(out, (size_t)n, sizeof *out, by_distance);
	return n;
}

/* The ground under a sweep, walked in steps with transitions bisected:
 * each stretch costs its rate (the features under the footprint combined
 * with base, the weather's and the move's own), each crossing its part of
 * the allowance.  limit: how far the units and the table's edge allow. */
static void walk_ground(const struct game *g, const struct mover *m, struct moving *mv, double limit,
                        double allowance, double base, struct sweep *out)
{
	double road = road_stretch(g, m, mv->from, mv->dir, limit), t = 0, cost = 0, lo, hi, state;
	double free_to = -1; /* touching nothing of the ground up to here */
	double paid_to = -1; /* over a linear feature whose crossing is paid */
	int feature = -1, ncross, next_cross = 0;
	struct ground ground;
	const struct map *map;
	bool near_ground;
	struct crossing cross[MAX_CROSSINGS];

	out->road = road > 0 ? road : 0;
	{
		double box[4], end[4];
		struct shape s = shape_at(mv, 0);
		geom_bounds(&s, box);
		s = shape_at(mv, limit);
		geom_bounds(&s, end);
		for (int k = 0; k < 2; k++) {
			box[k] = fmin(box[k], end[k]);
			box[k + 2] = fmax(box[k + 2], end[k + 2]);
		}
		near_ground = ground_near(&g->map, box, m, &ground);
	}
	map = near_ground ? &ground.map : &g->map;
	ncross = crossings(map, m, mv, limit, road, allowance, cross);
	state = ground_at(map, m, mv, 0, road, &feature);
	if (state < 0) {
		out->dist = 0;
		out->why = STOP_TERRAIN;
		out->feature = near_ground ? ground.idx[feature] : feature;
		out->unit = -1;
		return;
	}
	while (t < limit) {
		double next = t + STEP < limit ? t + STEP : limit, ns, rate;
		bool at_crossing = false;
		if (next_cross < ncross && cross[next_cross].lo <= next) {
			next = cross[next_cross].lo > t ? cross[next_cross].lo : t;
			at_crossing = true;
		}
		if (t < paid_to && next > paid_to) {
			next = paid_to;
			at_crossing = false;
		}
		if (near_ground && state == 1 && t >= free_to)
			free_to = t + ground_gap(map, mv, t, limit - t);
		ns = next <= free_to ? 1 : ground_at(map, m, mv, next, road, &feature);
		if (ns != state) {
			/* Find where the state changes. */
			lo = t;
			hi = next;
			while (hi - lo > EXACT) {
				double mid = (lo + hi) / 2;
				if (ground_at(map, m, mv, mid, road, &feature) == state)
					lo = mid;
				else
					hi = mid;
			}
			ns = ground_at(map, m, mv, hi, road, &feature);
			next = ns < 0 ? (lo - CLEAR > t ? lo - CLEAR : t) : hi;
			at_crossing = at_crossing && next >= cross[next_cross].lo;
		}
		rate = t < paid_to ? 0 : terrain_combine(base, state);
		if (state != 1 && t >= paid_to)
			out->half = true;
		if (rate > out->rate)
			out->rate = rate;
		if (rate > 0 && cost + (next - t) * rate > allowance + 1e-9) {
			t += (allowance - cost) / rate;
			cost = allowance;
			out->why = STOP_ALLOWANCE;
			out->unit = -1;
			break;
		}
		cost += (next - t) * rate;
		t = next;
		if (ns < 0) {
			out->why = STOP_TERRAIN;
			out->feature = near_ground ? ground.idx[feature] : feature;
			out->unit = -1;
			break;
		}
		state = ns;
		if (at_crossing) {
			/* The crossing is paid before the footprint goes over. */
			if (cost + cross[next_cross].cost > allowance + 1e-9) {
				out->why = STOP_ALLOWANCE;
				out->unit = -1;
				break;
			}
			cost += cross[next_cross].cost;
			out->crossing += cross[next_cross].cost;
			if (cross[next_cross].until > paid_to && cross[next_cross].until != cross[next_cross].t)
				paid_to = cross[next_cross].until;
			next_cross++;
		}
	}
	out->dist = t;
	out->cost = cost;
	if (out->road > t)
		out->road = t;
}

void move_sweep(const struct game *g, const struct mover *m, const struct obb *body,
                struct vec2 from, struct vec2 dir, double want, double allowance,
                bool all_half, struct sweep *out)
{
	struct moving mv = { .body = body, .from = from, .dir = dir,
	                     .r = rules_stand[ARM_COMMAND].w / 2 };
	double limit = want, t, base = all_half ? rules_terrain_limits.half_rate_cost : 1, wx;

	*out = (struct sweep){ .why = STOP_NONE, .unit = -1, .feature = -1, .rate = 1 };
	if (want <= 0)
		return;
	/* The weather's ground lies under the whole table: mud forbids
	 * cavalry to charge or intercept at all, and slows whoever it slows,
	 * roads included (the whole field turns to mud). */
	wx = weather_ground_rate(g, m->tclass, m->mode);
	if (wx < 0) {
		out->why = STOP_TERRAIN;
		return;
	}
	if (wx != 1) {
		base = terrain_combine(base, wx);
		out->half = true;
	}

	/* The table's edge. */
	t = edge_limit(g, &mv);
	if (t < limit) {
		limit = t;
		out->why = STOP_EDGE;
	}

	/* Units are looked for first only as far as the allowance could
	 * carry it (and a step more).  When the ground stops it well short
	 * of that, nothing further on could change the answer; else (a part
	 * of the way costs nothing, or less than a cm a cm) the whole way is
	 * swept again. */
	if (isfinite(allowance) && limit > allowance + 2 * STEP) {
		struct sweep start = *out;
		double cut = allowance + 2 * STEP;
		walk_ground(g, m, &mv, sweep_units(g, m, &mv, cut, out), allowance, base, out);
		if (out->dist < cut - STEP)
			return;
		*out = start;
	}
	limit = sweep_units(g, m, &mv, limit, out);
	walk_ground(g, m, &mv, limit, allowance, base, out);
}

/* Is a point (of a shape inflated by r) off the table? */
static bool off_table(const struct game *g, struct vec2 p, double r)
{
	return p.x - r < -GEOM_OVERLAP_EPS || p.y - r < -GEOM_OVERLAP_EPS || p.x + r > g->map.width + GEOM_OVERLAP_EPS ||
	       p.y + r > g->map.height + GEOM_OVERLAP_EPS;
}

static int place_blocker(const struct game *g, const struct mover *m, const struct shape *s,
                         int ignore, const struct shape *start, const int *among, int n)
{
	int feature = -1;
	bool road;
	struct index_set near = { 0 };
	for (int i = 0; i < s->n; i++)
		if (off_table(g, s->pts[i], s->r))
			return BLOCK_EDGE;
	if (!among) {
		/* Only a unit within contact can be overlapped or touched. */
		grid_units_shape(g, s, GEOM_CONTACT, &near);
		among = near.idx;
		n = near.n;
	}
	for (int q = 0; q < n; q++) {
		int i = among[q];
		const struct unit *o = &g->units[i];
		struct vec2 buf[4];
		struct shape os;
		if (i == m->unit || i == ignore || !unit_present(o))
			continue;
		if (m->cmdr >= 0 && g->cmdrs[m->cmdr].attached == i)
			continue;
		os = unit_shape(o, buf);
		/* A new contact with an enemy is only for charges. */
		if (geom_overlap(s, &os) || (o->side != m->side && i != m->target && geom_contact(s, &os) &&
		                             !(start && geom_contact(start, &os)))) {
			index_set_free(&near);
			return i;
		}
	}
	index_set_free(&near);
	road = s->kind == SHAPE_CIRCLE
	           ? terrain_on_road(&g->map, m->tclass, m->form, s->pts[0])
	           : terrain_on_road(&g->map, m->tclass, m->form, geom_poly_centroid(s->pts, s->n));
	if (terrain_go(&g->map, m->tclass, m->mode, s, road, &feature) == GO_NO)
		return block_of_feature(feature);
	return BLOCK_NONE;
}

int move_place_blocker(const struct game *g, const struct mover *m,
                       const struct obb *body, int ignore)
{
	struct vec2 buf[4];
	struct shape s;
	if (body) {
		s = geom_obb_shape(body, buf);
	} else {
		s = geom_circle(&g->cmdrs[m->cmdr].pos, rules_stand[ARM_COMMAND].w / 2);
	}
	return place_blocker(g, m, &s, ignore, NULL, NULL, 0);
}

int move_place_blocker_among(const struct game *g, const struct mover *m, const struct obb *body, int ignore,
                             const int *among, int n)
{
	struct vec2 buf[4];
	struct shape s = geom_obb_shape(body, buf);
	return place_blocker(g, m, &s, ignore, NULL, among, n);
}

int move_pivot_blocker(const struct game *g, int unit, double from, double to)
{
	const struct unit *u = &g->units[unit];
	double diff = geom_angle_diff(from, to);
	int n = (int)ceil(fabs(diff) / PIVOT_STEP);
	struct mover m;
	struct vec2 sbuf[4];
	struct obb b0 = unit_footprint_as(u->type, u->form, u->pos, from);
	struct shape start = geom_obb_shape(&b0, sbuf);
	struct ground ground;
	const struct map *map;
	bool road;

	/* Pivoting about its centre, the unit stays within the circle of its
	 * half-diagonal: only units whose own circle comes within contact of
	 * it can be touched (the rest are not looked at again), and only the
	 * ground under that circle; its centre, and so whether it stands on a
	 * road, does not change. */
	struct index_set near = { 0 };
	int nnear = 0, blocker = BLOCK_NONE;
	double ru = 0.5 * hypot(b0.w, b0.d);
	double box[4] = { u->pos.x - ru, u->pos.y - ru, u->pos.x + ru, u->pos.y + ru };
	grid_units_box(g, box, GEOM_CONTACT + 1e-6, &near);
	for (int q = 0; q < near.n; q++) {
		int j = near.idx[q];
		const struct unit *o = &g->units[j];
		struct obb fp;
		if (j == unit || !unit_present(o))
			continue;
		fp = unit_footprint(o);
		if (v2_dist(u->pos, o->pos) <= ru + 0.5 * hypot(fp.w, fp.d) + GEOM_CONTACT + 1e-6)
			near.idx[nnear++] = j;
	}
	map = ground_near(&g->map, box, NULL, &ground) ? &ground.map : &g->map;
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	road = terrain_on_road(map, m.tclass, m.form, u->pos);
	for (int i = 1; i <= n && blocker == BLOCK_NONE; i++) {
		struct obb b = unit_footprint_as(u->type, u->form, u->pos, from + diff * i / n);
		struct vec2 buf[4];
		struct shape s = geom_obb_shape(&b, buf);
		int feature = -1;
		/* "must not contact any other unit ... during a pivot": units
		 * already touching it may stay touching but not be overlapped. */
		for (int q = 0; q < nnear && blocker == BLOCK_NONE; q++) {
			int j = near.idx[q];
			struct vec2 ob[4];
			struct shape os = unit_shape(&g->units[j], ob);
			if (geom_overlap(&s, &os) || (geom_contact(&s, &os) && !geom_contact(&start, &os)))
				blocker = j;
		}
		for (int k = 0; k < s.n && blocker == BLOCK_NONE; k++)
			if (off_table(g, s.pts[k], s.r))
				blocker = BLOCK_EDGE;
		if (blocker == BLOCK_NONE && terrain_go(map, m.tclass, m.mode, &s, road, &feature) == GO_NO)
			blocker = block_of_feature(map == &ground.map ? ground.idx[feature] : feature);
	}
	index_set_free(&near);
	return blocker;
}

/* Push a command stand the least distance off a unit's footprint. */
static void clear_one(struct game *g, int cmdr, int unit)
{
	struct commander *c = &g->cmdrs[cmdr];
	const struct unit *u = &g->units[unit];
	struct obb fp = unit_footprint(u);
	double r = rules_stand[ARM_COMMAND].w / 2;
	struct vec2 corners[4], best = c->pos, away;
	struct mover m;
	double base;

	geom_obb_corners(&fp, corners);
	/* The nearest point of the footprint's outline gives the way out. */
	{
		double dmin = INFINITY;
		for (int i = 0; i < 4; i++) {
			struct vec2 a = corners[i], b = corners[(i + 1) % 4], ab = v2_sub(b, a);
			double t = v2_dot(v2_sub(c->pos, a), ab) / v2_dot(ab, ab);
			struct vec2 q;
			t = t < 0 ? 0 : t > 1 ? 1 : t;
			q = v2_add(a, v2_scale(ab, t));
			if (v2_dist(q, c->pos) < dmin) {
				dmin = v2_dist(q, c->pos);
				best = q;
			}
		}
	}
	away = v2_sub(best, fp.c);
	if (v2_len(away) < 1e-9)
		away = geom_dir(u->facing);
	away = v2_scale(away, 1 / v2_len(away));
	base = v2_dist(best, fp.c) + r + 2 * GEOM_CONTACT;
	move_mover_cmdr(g, cmdr, &m);
	for (int step = 0; step < 60; step++) {
		for (int k = 0; k < 24; k++) {
			double turn = (k % 2 ? 1 : -1) * 15.0 * ((k + 1) / 2);
			double ang = geom_bearing(v2(0, 0), away) + turn;
			struct vec2 p = v2_add(fp.c, v2_scale(geom_dir(ang), base + 0.5 * step));
			struct vec2 old = c->pos;
			c->pos = p;
			if (move_place_blocker(g, &m, NULL, -1) == -1)
				return;
			c->pos = old;
		}
	}
}

/* A friendly command stand free on the field that overlaps a unit is
 * pushed off it (true: it did, whether or not it found a place). */
static bool clear_under(struct game *g, int unit, int cmdr)
{
	const struct unit *u = &g->units[unit];
	struct commander *c = &g->cmdrs[cmdr];
	struct vec2 buf[4];
	struct shape us, cs;
	if (c->state != US_ACTIVE || c->attached >= 0 || c->side != u->side ||
	    v2_dist(c->pos, u->pos) > unit_radius(u) + rules_stand[ARM_COMMAND].w / 2)
		return false;
	us = unit_shape(u, buf);
	cs = commander_shape(c);
	if (!geom_overlap(&us, &cs))
		return false;
	clear_one(g, cmdr, unit);
	return true;
}

void move_clear_stands(struct game *g, int unit)
{
	for (int i = 0; i < g->ncmdrs; i++)
		clear_under(g, unit, i);
}

/* A unit and a command stand that may overlap it. */
struct stand_pair {
	int unit, cmdr;
};

struct stand_pairs {
	struct stand_pair *p;
	int n, cap;
};

static int cmp_pair(const void *a, const void *b)
{
	const struct stand_pair *x = a, *y = b;
	if (x->unit != y->unit)
		return (x->unit > y->unit) - (x->unit < y->unit);
	return (x->cmdr > y->cmdr) - (x->cmdr < y->cmdr);
}

/* Add a pair; false when out of memory. */
static bool pair_add(struct stand_pairs *sp, int unit, int k)
{
	if (sp->n == sp->cap) {
		int cap = sp->cap ? 2 * sp->cap : 64;
		struct stand_pair *p = realloc(sp->p, (size_t)cap * sizeof *p);
		if (!p)
			return false;
		sp->p = p;
		sp->cap = cap;
	}
	sp->p[sp->n++] = (struct stand_pair){ unit, k };
	return true;
}

/* Add the pairs of command stand k and each unit of its side after
 * 'after' that stands near enough to overlap it; false when out of
 * memory. */
static bool pairs_near(const struct game *g, int k, int after, struct stand_pairs *sp)
{
	struct index_set near = { 0 };
	struct shape cs = commander_shape(&g->cmdrs[k]);
	bool ok = true;
	grid_units_shape(g, &cs, 0, &near);
	for (int q = 0; q < near.n && ok; q++)
		if (near.idx[q] > after && g->units[near.idx[q]].side == g->cmdrs[k].side)
			ok = pair_add(sp, near.idx[q], k);
	index_set_free(&near);
	return ok;
}

/* Add the pairs of a unit and each free stand of its side near enough to
 * overlap it (clear_under's own test); false when out of memory. */
static bool pairs_round(const struct game *g, int unit, struct stand_pairs *sp)
{
	const struct unit *u = &g->units[unit];
	for (int k = 0; k < g->ncmdrs; k++) {
		const struct commander *c = &g->cmdrs[k];
		if (c->state == US_ACTIVE && c->attached < 0 && c->side == u->side &&
		    v2_dist(c->pos, u->pos) <= unit_radius(u) + rules_stand[ARM_COMMAND].w / 2 && !pair_add(sp, unit, k))
			return false;
	}
	return true;
}

/* The pairs to look at: those of every free stand; or, when the watch
 * knows what changed since the last look, those of the stands and the
 * units that changed and of the stands that last look pushed (or failed
 * to).  Any other pair was clear of each other then and still is.  false
 * when out of memory. */
static bool pairs_to_look_at(struct game *g, struct stand_pairs *all)
{
	struct watch_changes ch;
	bool ok = true;
	if (!watch_changes(g, WATCH_FRIENDS, &ch)) {
		for (int k = 0; k < g->ncmdrs && ok; k++)
			if (g->cmdrs[k].state == US_ACTIVE && g->cmdrs[k].attached < 0)
				ok = pairs_near(g, k, -1, all);
		return ok;
	}
	for (int q = 0; q < ch.ncmdrs && ok; q++)
		if (g->cmdrs[ch.cmdrs[q]].state == US_ACTIVE && g->cmdrs[ch.cmdrs[q]].attached < 0)
			ok = pairs_near(g, ch.cmdrs[q], -1, all);
	for (int q = 0; q < ch.nunits && ok; q++)
		if (g->units[ch.units[q]].state == US_ACTIVE)
			ok = pairs_round(g, ch.units[q], all);
	return ok;
}

void move_clear_all_stands(struct game *g)
{
	/* As move_clear_stands unit after unit would, looking only at the
	 * pairs of a unit and a free stand near it: near where the stands
	 * are now, then, as stands are pushed on, near where they go. */
	struct stand_pairs all = { 0 }, more = { 0 };
	struct stand_pair last = { -1, -1 };
	unsigned char *pushed = calloc((size_t)g->ncmdrs + 1, 1);
	int a = 0, b = 0;
	if (!pushed || !pairs_to_look_at(g, &all)) {
		free(pushed);
		free(all.p);
		watch_forget(g);
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].state == US_ACTIVE)
				move_clear_stands(g, i);
		return;
	}
	if (all.n)
		qsort(all.p, (size_t)all.n, sizeof *all.p, cmp_pair);
	for (;;) {
		struct stand_pair p;
		struct vec2 was;
		if (a < all.n && (b >= more.n || cmp_pair(&all.p[a], &more.p[b]) <= 0))
			p = all.p[a++];
		else if (b < more.n)
			p = more.p[b++];
		else
			break;
		if (cmp_pair(&p, &last) == 0 || g->units[p.unit].state != US_ACTIVE)
			continue;
		last = p;
		was = g->cmdrs[p.cmdr].pos;
		if (clear_under(g, p.unit, p.cmdr))
			pushed[p.cmdr] = 1;
		if (g->cmdrs[p.cmdr].pos.x != was.x || g->cmdrs[p.cmdr].pos.y != was.y) {
			/* Pushed on: the units after this one near where it went. */
			int n0 = more.n;
			if (!pairs_near(g, p.cmdr, p.unit, &more))
				more.n = n0;
			if (more.n > b)
				qsort(more.p + b, (size_t)(more.n - b), sizeof *more.p, cmp_pair);
		}
	}
	free(all.p);
	free(more.p);
	watch_looked(g, WATCH_FRIENDS, pushed);
	free(pushed);
}

const char *move_stop_text(enum stop_reason why)
{
	static const char *const text[STOP_COUNT] = {
		[STOP_NONE] = "nothing in the way",
		[STOP_ALLOWANCE] = "its movement allowance runs out",
		[STOP_UNIT] = "it may not pass through",
		[STOP_ENEMY] = "only a charge may contact",
		[STOP_TARGET] = "it reaches",
		[STOP_TERRAIN] = "it may not enter",
		[STOP_EDGE] = "it would leave the table",
	};
	return text[why];
}
