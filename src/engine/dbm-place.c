/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dbm-place: the water and the built-up area of the terrain procedure:
 * the waterway, rivers (paltry ones laid as streams), the village with
 * its fields, farms, streets and church. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dbm-int.h"
#include "rules.h"
#include "terrain.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The waterway is laid as strips of river this wide, side by side from
 * the table edge to its shore (Mini-Nap has no open water but rivers). */
#define WW_STRIP 40.0
#define WW_STEP 35.0

bool dbm_is_water(enum terrain_type t)
{
	return t == TT_RIVER || t == TT_STREAM;
}

bool dbm_in_waterway(const struct dbm *d, int f)
{
	return d->ww_count > 0 && f >= d->ww_first && f < d->ww_first + d->ww_count;
}

struct shape dbm_line_shape(const struct vec2 *p, int n, double width)
{
	return (struct shape){ .kind = SHAPE_POLYLINE, .n = n, .pts = p, .r = width / 2 };
}

/* Does a line (of that width) overlap any feature but those allowed? */
bool dbm_line_meets(const struct dbm *d, const struct vec2 *p, int n, double width,
                       bool (*allowed)(const struct dbm *d, int f, const void *ctx), const void *ctx)
{
	struct shape s = dbm_line_shape(p, n, width);
	for (int i = 0; i < d->g->map.nf; i++) {
		struct shape fs;
		if (allowed && allowed(d, i, ctx))
			continue;
		fs = feature_shape(&d->g->map.f[i]);
		if (geom_overlap(&s, &fs))
			return true;
	}
	for (int i = 0; i < d->nreserved; i++) {
		struct shape fs = { .kind = SHAPE_POLYGON, .n = d->reserved[i].n, .pts = d->reserved[i].p };
		if (!(allowed && allowed(d, -1 - i, ctx)) && geom_overlap(&s, &fs))
			return true;
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* The waterway */

static double shore_depth(const struct dbm *d, double y)
{
	for (int i = 0; i + 1 < d->nshore; i++) {
		const struct vec2 *a = &d->shore[i], *b = &d->shore[i + 1];
		if (y <= b->y || i + 2 == d->nshore) {
			double t = b->y > a->y ? (y - a->y) / (b->y - a->y) : 0;
			double x = a->x + (b->x - a->x) * t;
			return d->r->waterway_edge == 0 ? x : d->w - x;
		}
	}
	return 0;
}

/* The share of the shore's length lying deeper than 600p. */
static double deep_share(const double *depth, int m, double deep)
{
	double over = 0;
	for (int i = 0; i < m; i++) {
		double a = depth[i], b = depth[i + 1];
		if (a > deep && b > deep)
			over += 1;
		else if (a > deep || b > deep)
			over += fabs((a > deep ? a : b) - deep) / fabs(b - a);
	}
	return over / m;
}

bool dbm_lay_waterway(struct dbm *d, struct dbm_piece *pc)
{
	struct game *g = d->g;
	const int m = 12;
	double lo = dbm_p(d, dbm_rules.waterway_min), hi = dbm_p(d, dbm_rules.waterway_max);
	double deep = dbm_p(d, dbm_rules.waterway_half);
	int first_edge = dbm_below(d, 2);
	for (int attempt = 0; attempt < 80; attempt++) {
		int edge = (first_edge + attempt) % 2, strips = 0;
		double depth[13], least = INFINITY, most = 0;
		bool clear = true;
		depth[0] = dbm_uniform(d, lo, (lo + deep) / 2 + attempt * 0.3);
		for (int j = 1; j <= m; j++) {
			depth[j] = depth[j - 1] + dbm_uniform(d, -0.1, 0.1) * (hi - lo);
			depth[j] = fmin(fmax(depth[j], lo), hi);
		}
		if (deep_share(depth, m, deep) > 0.5)
			continue;
		d->r->waterway_edge = edge;
		d->nshore = m + 1;
		for (int j = 0; j <= m; j++) {
			double y = d->h * j / m, x = edge == 0 ? depth[j] : d->w - depth[j];
			d->shore[j] = v2(dbm_round(x), dbm_round(y));
			least = fmin(least, depth[j]);
			most = fmax(most, depth[j]);
		}
		d->ww_first = g->map.nf;
		d->ww_count = 0;
		/* Strips from the shore back to the edge until one reaches it. */
		for (int k = 0; clear; k++) {
			struct vec2 line[13];
			char name[NAME_LEN];
			bool reaches = true;
			for (int j = 0; j <= m; j++) {
				double inward = fmax(0, depth[j] - WW_STRIP / 2 - WW_STEP * k);
				reaches = reaches && depth[j] - WW_STRIP - WW_STEP * k <= 0;
				line[j] = v2(dbm_round(edge == 0 ? inward : d->w - inward), d->shore[j].y);
			}
			if (dbm_line_meets(d, line, m + 1, WW_STRIP, NULL, NULL)) {
				clear = false;
				break;
			}
			if (k == 0)
				snprintf(name, sizeof name, "%s", d->reg->waterway);
			else
				dbm_unique(d, d->reg->waterway[0] ? d->reg->waterway : "waterway", name, sizeof name);
			if (k > 0)
				snprintf(name + strlen(name), sizeof name - strlen(name), " (deep water %d)", k);
			if (dbm_add(d, TT_RIVER, name, line, m + 1, WW_STRIP, 0, false) < 0)
				return false;
			strips++;
			d->ww_count++;
			if (reaches)
				break;
		}
		if (!clear) {
			dbm_drop_from(d, d->ww_first);
			d->ww_count = 0;
			d->r->waterway_edge = -1;
			continue;
		}
		game_log(g, "%s (%s): along the %s edge, %.0f to %.0f cm inward.", pc->name, d->reg->waterway,
		         edge == 0 ? "west" : "east", least, most);
		(void)strips;
		return true;
	}
	d->r->waterway_edge = -1;
	game_log(g, "%s: it cannot be laid along a short edge without moving what is there, so it is discarded.",
	         pc->name);
	return false;
}

/* ------------------------------------------------------------------ */
/* Rivers */

struct band {
	bool vertical;     /* the course runs north-south */
	double lo, hi;     /* its midline between these (x or y) */
};

static bool in_band(const struct dbm *d, struct vec2 p, const void *ctx)
{
	const struct band *b = ctx;
	double v = b->vertical ? p.x : p.y;
	(void)d;
	return v >= b->lo && v <= b->hi;
}

struct river_ctx {
	int target; /* feature it flows into, or -1 */
};

static bool river_allowed(const struct dbm *d, int f, const void *ctx)
{
	const struct river_ctx *rc = ctx;
	if (f < 0)
		return false;
	/* It may run into its target, and under roads (bridges or fords come later). */
	return d->g->map.f[f].type == TT_ROAD || f == rc->target ||
	       (dbm_in_waterway(d, f) && rc->target >= 0 && dbm_in_waterway(d, rc->target));
}

/* A point on a course at the given fraction of its length. */
struct vec2 dbm_along(const struct vec2 *p, int n, double frac)
{
	double total = 0, want, run = 0;
	for (int i = 0; i + 1 < n; i++)
		total += v2_dist(p[i], p[i + 1]);
	want = total * frac;
	for (int i = 0; i + 1 < n; i++) {
		double len = v2_dist(p[i], p[i + 1]);
		if (run + len >= want && len > 0)
			return v2_add(p[i], v2_scale(v2_sub(p[i + 1], p[i]), (want - run) / len));
		run += len;
	}
	return p[n - 1];
}

/* The course must reach its target only at its end. */
static bool meets_early(const struct vec2 *c, int n, const struct feature *t, double gap)
{
	struct shape ts = feature_shape(t);
	for (int i = 0; i + 2 < n; i++) {
		struct shape seg = dbm_line_shape(&c[i], 2, 0);
		if (geom_distance(&seg, &ts) <= gap)
			return true;
	}
	return false;
}

static int lay_course(struct dbm *d, bool invaders, double width, struct vec2 *c, int *target,
                      char *from, size_t size)
{
	double clear = dbm_p(d, dbm_rules.river_clear) + width / 2;
	struct band b;
	if (invaders) {
		/* Along his line of march, from one long edge to the other. */
		b = (struct band){ .vertical = true, .lo = clear, .hi = d->w - clear };
		snprintf(from, size, "from the north edge to the south edge");
		*target = -1;
		return dbm_course(d, v2(dbm_round(dbm_uniform(d, b.lo, b.hi)), 0),
		                  v2(dbm_round(dbm_uniform(d, b.lo, b.hi)), d->h), 12, 35, in_band, &b, c);
	}
	/* One half of the table: banks off the long edge and the centre line. */
	int half = d->r->river_half[1];
	b = (struct band){ .vertical = false };
	b.lo = half < 0 ? clear : d->h / 2 + width / 2 + 0.5;
	b.hi = half < 0 ? d->h / 2 - width / 2 - 0.5 : d->h - clear;
	{
		bool west = dbm_below(d, 2) == 0;
		struct vec2 a = v2(west ? 0 : d->w, dbm_round(dbm_uniform(d, b.lo, b.hi))), e;
		if (d->river[0] >= 0) {
			/* Into the invader's river. */
			const struct feature *f = &d->g->map.f[d->river[0]];
			*target = d->river[0];
			for (int k = 0; k < 40; k++) {
				e = dbm_along(f->pts, f->n, dbm_uniform(d, 0, 1));
				if (e.y >= b.lo && e.y <= b.hi)
					break;
			}
			if (e.y < b.lo || e.y > b.hi)
				return 0;
			/* From the far short edge, across the table to it. */
			a.x = e.x > d->w / 2 ? 0 : d->w;
			snprintf(from, size, "from the %s edge into %s", a.x == 0 ? "west" : "east", f->name);
		} else if (d->ww_count > 0) {
			/* Into the waterway, from the other short edge. */
			double y = dbm_round(dbm_uniform(d, b.lo, b.hi));
			double x = shore_depth(d, y);
			*target = d->ww_first;
			a.x = d->r->waterway_edge == 0 ? d->w : 0;
			e = v2(dbm_round(d->r->waterway_edge == 0 ? fmax(0, x - 4) : fmin(d->w, d->w - x + 4)), y);
			snprintf(from, size, "from the %s edge into %s", a.x == 0 ? "west" : "east", d->reg->waterway);
		} else {
			*target = -1;
			e = v2(west ? d->w : 0, dbm_round(dbm_uniform(d, b.lo, b.hi)));
			snprintf(from, size, "from the %s edge to the %s edge", west ? "west" : "east",
			         west ? "east" : "west");
		}
		e = v2(dbm_round(e.x), dbm_round(e.y));
		int n = dbm_course(d, a, e, 12, 35, in_band, &b, c);
		if (n && *target >= 0 && meets_early(c, n, &d->g->map.f[*target], width / 2 + 0.5))
			return 0;
		return n;
	}
}

bool dbm_lay_river(struct dbm *d, struct dbm_piece *pc, bool invaders)
{
	struct game *g = d->g;
	int die = game_roll(g, 1, NULL, "%s: its nature", pc->name), score = die - (invaders ? 0 : 1);
	bool paltry = score < 3;
	double width = paltry ? dbm_rules.stream_width
	                      : dbm_round(dbm_uniform(d, dbm_rules.river_min_width, dbm_rules.river_max_width));
	char name[NAME_LEN], from[NAME_LEN * 2];
	struct vec2 c[DBM_MAX_LINE];
	int n = 0, target = -1;

	if (!invaders) {
		int hd = game_roll(g, 1, NULL, "%s: which half", pc->name);
		int south = hd <= 3 ? d->defender == SIDE_A : d->invader == SIDE_A;
		d->r->river_half[1] = south ? 1 : -1;
		game_log(g, "%s: %d: in the %s's half (%s of the centre line).", pc->name, hd,
		         hd <= 3 ? "defender" : "invader", south ? "south" : "north");
	} else {
		d->r->river_half[0] = 0;
	}
	for (int attempt = 0; attempt < 40 && !n; attempt++) {
		struct river_ctx rc;
		n = lay_course(d, invaders, width, c, &target, from, sizeof from);
		rc.target = target;
		if (n && (dbm_line_meets(d, c, n, width, river_allowed, &rc) || !dbm_water_crosses_roads_well(d, c, n, width) ||
		          dbm_course_ratio(c, n, 0.5) < dbm_rules.river_curve))
			n = 0;
	}
	if (!n) {
		game_log(g, "%s: it cannot be laid without moving what is there, so it is discarded.", pc->name);
		return false;
	}
	dbm_region_name(d, 1, pc->name, name, sizeof name);
	d->river[invaders ? 0 : 1] = dbm_add(d, paltry ? TT_STREAM : TT_RIVER, name, c, n, width, 0, false);
	game_log(g, "%s (%s): nature %d%s = %d: %s, %.1f cm wide, %s.", pc->name, name, die,
	         invaders ? "" : " - 1 (it runs to a short edge or other water)", score,
	         paltry ? "paltry, laid as a stream (crossable anywhere at half rate)"
	                : "a river (crossed only at bridges and fords)",
	         width, from);
	return d->river[invaders ? 0 : 1] >= 0;
}

/* ------------------------------------------------------------------ */
/* The village */

bool dbm_inside_box(const struct vec2 *p, int n, const double box[4])
{
	for (int i = 0; i < n; i++)
		if (p[i].x < box[0] - 1e-9 || p[i].x > box[2] + 1e-9 || p[i].y < box[1] - 1e-9 ||
		    p[i].y > box[3] + 1e-9)
			return false;
	return true;
}

static bool enclosure_allowed(const struct dbm *d, int f, const void *ctx)
{
	(void)ctx;
	return f >= 0 && d->g->map.f[f].type == TT_ROAD;
}

/* A field beside the village: a rectangle touching it, its three outer
 * sides enclosed. */
static bool lay_field(struct dbm *d, int village, const double box[4], int k, enum terrain_type encl)
{
	const struct feature *v = &d->g->map.f[village];
	struct vec2 c = geom_poly_centroid(v->pts, v->n);
	for (int attempt = 0; attempt < 60; attempt++) {
		double a = dbm_uniform(d, 0, 2 * M_PI), reach = -INFINITY;
		double fw = dbm_uniform(d, 6, 10), fd = dbm_uniform(d, 5, 8);
		struct vec2 u = v2(cos(a), sin(a)), nrm = v2(-u.y, u.x), q[4], line[4];
		struct dbm_poly *fp = &d->reserved[d->nreserved];
		char name[NAME_LEN], base[NAME_LEN];
		for (int i = 0; i < v->n; i++)
			reach = fmax(reach, v2_dot(v2_sub(v->pts[i], c), u));
		/* Near side on the village's furthest point that way. */
		struct vec2 base0 = v2_add(c, v2_scale(u, reach));
		q[0] = v2_add(base0, v2_scale(nrm, -fw / 2));
		q[1] = v2_add(q[0], v2_scale(u, fd));
		q[2] = v2_add(q[1], v2_scale(nrm, fw));
		q[3] = v2_add(base0, v2_scale(nrm, fw / 2));
		for (int i = 0; i < 4; i++)
			q[i] = v2(dbm_round(q[i].x), dbm_round(q[i].y));
		{
			struct shape fs = { .kind = SHAPE_POLYGON, .n = 4, .pts = q };
			struct shape vs = feature_shape(v);
			if (!dbm_inside_box(q, 4, box) || geom_overlap(&fs, &vs) || !dbm_clear(d, q, 4, TT_HEDGE))
				continue;
		}
		/* The enclosure runs round the three outer sides, clear of all
		 * but roads (it stops short of the village). */
		memcpy(line, q, sizeof line);
		for (int e = 0; e < 4; e += 3)
			line[e] = v2(dbm_round(q[e].x + u.x * ((encl == TT_DITCH ? 1.0 : 0.25) + 0.2)),
			             dbm_round(q[e].y + u.y * ((encl == TT_DITCH ? 1.0 : 0.25) + 0.2)));
		if (encl != TT_COUNT &&
		    dbm_line_meets(d, line, 4, encl == TT_DITCH ? 2.0 : 0.5, enclosure_allowed, &village))
			continue;
		memcpy(fp->p, q, sizeof q);
		fp->n = 4;
		snprintf(fp->name, sizeof fp->name, "the fields of %s", v->name);
		d->nfields++;
		d->nreserved++;
		if (encl != TT_COUNT) {
			snprintf(base, sizeof base, "%.*s %s", NAME_LEN - 16, v->name, terrain_names[encl].key);
			dbm_unique(d, base, name, sizeof name);
			dbm_add(d, encl, name, line, 4, encl == TT_DITCH ? 2.0 : 0.5, 0, false);
		}
		(void)k;
		return true;
	}
	return false;
}

static void lay_farm(struct dbm *d, const struct dbm_poly *field, const char *village)
{
	struct vec2 c = geom_poly_centroid(field->p, field->n), e = v2_sub(field->p[1], field->p[0]);
	double a = atan2(e.y, e.x);
	struct vec2 u = v2(cos(a), sin(a)), nrm = v2(-u.y, u.x), q[4];
	char base[NAME_LEN], name[NAME_LEN];
	double s = 1.2;
	q[0] = v2_add(c, v2_add(v2_scale(u, -s), v2_scale(nrm, -s)));
	q[1] = v2_add(c, v2_add(v2_scale(u, s), v2_scale(nrm, -s)));
	q[2] = v2_add(c, v2_add(v2_scale(u, s), v2_scale(nrm, s)));
	q[3] = v2_add(c, v2_add(v2_scale(u, -s), v2_scale(nrm, s)));
	for (int i = 0; i < 4; i++)
		q[i] = v2(dbm_round(q[i].x), dbm_round(q[i].y));
	/* Inside its field, clear of the enclosure and all else. */
	{
		struct shape qs = { .kind = SHAPE_POLYGON, .n = 4, .pts = q };
		for (int i = 0; i < d->g->map.nf; i++) {
			struct shape fs = feature_shape(&d->g->map.f[i]);
			if (geom_distance(&qs, &fs) < 0.2)
				return;
		}
	}
	snprintf(base, sizeof base, "%.*s farm", NAME_LEN - 8, village);
	dbm_unique(d, base, name, sizeof name);
	dbm_add(d, TT_LANDMARK, name, q, 4, 0, 1, false);
}

/* Streets through the village, each reaching 2 cm beyond it (its gates),
 * in the sector and clear of water and landmarks: for each, the way
 * chosen, else the others every 15 degrees (a second street at least 30
 * degrees off the first).  Returns how many were laid; why says what
 * stopped the others. */
static int lay_streets(struct dbm *d, int village, int count, int sector, const double box[4], char *why,
                       size_t size)
{
	const struct feature *v = &d->g->map.f[village];
	struct vec2 c = geom_poly_centroid(v->pts, v->n);
	char vname[NAME_LEN], name[NAME_LEN], base[NAME_LEN], wet_name[NAME_LEN] = "";
	double a0 = dbm_uniform(d, 0, M_PI), prev = 0;
	int laid = 0;
	bool left = false;
	snprintf(vname, sizeof vname, "%s", v->name);
	why[0] = '\0';
	for (int k = 0; k < count; k++) {
		double want = k == 0 ? a0 : prev + dbm_uniform(d, M_PI / 3, 2 * M_PI / 3);
		bool done = false;
		for (int j = 0; j < 12 && !done; j++) {
			/* The way wanted first, then 15, -15, 30, -30 ... degrees off. */
			double a = want + (j % 2 ? 1 : -1) * ((j + 1) / 2) * M_PI / 12, lo = INFINITY, hi = -INFINITY;
			double off = fmod(fabs(a - prev), M_PI);
			struct vec2 u = v2(cos(a), sin(a)), p[2];
			struct shape st;
			int wet = -1;
			if (laid > 0 && fmin(off, M_PI - off) < M_PI / 6)
				continue;
			/* Each street added moves the map's features: look again. */
			v = &d->g->map.f[village];
			for (int i = 0; i < v->n; i++) {
				double t = v2_dot(v2_sub(v->pts[i], c), u);
				lo = fmin(lo, t);
				hi = fmax(hi, t);
			}
			p[0] = v2_add(c, v2_scale(u, lo - 2));
			p[1] = v2_add(c, v2_scale(u, hi + 2));
			for (int i = 0; i < 2; i++)
				p[i] = v2(dbm_round(p[i].x), dbm_round(p[i].y));
			if (!dbm_inside_box(p, 2, box)) {
				left = true;
				continue;
			}
			st = dbm_line_shape(p, 2, rules_terrain_limits.road_width);
			for (int i = 0; i < d->g->map.nf && wet < 0; i++) {
				struct shape fs = feature_shape(&d->g->map.f[i]);
				if ((dbm_is_water(d->g->map.f[i].type) || d->g->map.f[i].type == TT_LANDMARK) &&
				    geom_overlap(&st, &fs))
					wet = i;
			}
			if (wet >= 0) {
				snprintf(wet_name, sizeof wet_name, "%s", d->g->map.f[wet].name);
				continue;
			}
			snprintf(base, sizeof base, "%.*s street", NAME_LEN - 8, vname);
			dbm_unique(d, base, name, sizeof name);
			dbm_add(d, TT_ROAD, name, p, 2, rules_terrain_limits.road_width, 0, false);
			for (int i = 0; i < 2 && d->ngates < (int)(sizeof d->gates / sizeof d->gates[0]); i++)
				d->gates[d->ngates++] = p[i];
			prev = a;
			laid++;
			done = true;
		}
	}
	if (laid < count)
		snprintf(why, size, "every %sway through it %s%s%s%s", laid ? "other " : "", left ? "leaves sector " : "",
		         left ? (char[]){ (char)('0' + sector), '\0' } : "", left && wet_name[0] ? " or " : "",
		         wet_name[0] ? "meets " : "");
	if (laid < count && wet_name[0]) {
		size_t len = strlen(why);
		snprintf(why + len, size > len ? size - len : 0, "%s", wet_name);
	}
	return laid;
}

static bool lay_church(struct dbm *d, int village, const double box[4])
{
	const struct feature *v = &d->g->map.f[village];
	struct vec2 c = geom_poly_centroid(v->pts, v->n);
	struct shape vs = feature_shape(v);
	char base[NAME_LEN], name[NAME_LEN];
	for (int attempt = 0; attempt < 80; attempt++) {
		double a = dbm_uniform(d, 0, 2 * M_PI), r = dbm_uniform(d, 5, 10), b = dbm_uniform(d, 0, M_PI);
		struct vec2 at = v2_add(c, v2(r * cos(a), r * sin(a))), u = v2(cos(b), sin(b)), nrm = v2(-u.y, u.x);
		struct vec2 q[4];
		struct shape qs = { .kind = SHAPE_POLYGON, .n = 4, .pts = q };
		double gap;
		q[0] = v2_add(at, v2_add(v2_scale(u, -1.75), v2_scale(nrm, -1.25)));
		q[1] = v2_add(at, v2_add(v2_scale(u, 1.75), v2_scale(nrm, -1.25)));
		q[2] = v2_add(at, v2_add(v2_scale(u, 1.75), v2_scale(nrm, 1.25)));
		q[3] = v2_add(at, v2_add(v2_scale(u, -1.75), v2_scale(nrm, 1.25)));
		for (int i = 0; i < 4; i++)
			q[i] = v2(dbm_round(q[i].x), dbm_round(q[i].y));
		gap = geom_distance(&qs, &vs);
		/* Near the village, but not part of it. */
		if (gap < 0.5 || gap > dbm_rules.church_within - 0.5 || !dbm_inside_box(q, 4, box) ||
		    !dbm_clear(d, q, 4, TT_LANDMARK))
			continue;
		snprintf(base, sizeof base, "%.*s church", NAME_LEN - 8, v->name);
		dbm_unique(d, base, name, sizeof name);
		dbm_add(d, TT_LANDMARK, name, q, 4, 0, 1, false);
		return true;
	}
	return false;
}

/* Where the village may go: beside the waterway; on the invader's road;
 * else a flank sector.  Returns the sector, 0 for "any beside water". */
static int village_sector(struct dbm *d, struct dbm_piece *pc, bool *on_road)
{
	struct game *g = d->g;
	*on_road = false;
	if (d->ww_count > 0) {
		game_log(g, "%s: it must touch %s.", pc->name, d->reg->waterway);
		return 0;
	}
	for (int i = 0; i < d->r->npieces; i++) {
		const struct dbm_piece *p = &d->r->piece[i];
		if (p->kind == DBK_ROAD && p->side == d->invader && p->placed) {
			int die = game_roll(g, 1, NULL, "%s: on the invader's road", pc->name);
			if (die >= 4) {
				*on_road = true;
				game_log(g, "%s: %d: astride the invader's road.", pc->name, die);
				return 0;
			}
			game_log(g, "%s: %d: in a flank sector.", pc->name, die);
			break;
		}
	}
	for (;;) {
		int s = game_roll(g, 1, NULL, "%s: sector", pc->name);
		if (dbm_sector_is_flank(s)) {
			game_log(g, "%s: in sector %d, a flank sector.", pc->name, s);
			return s;
		}
		game_log(g, "%s: sector %d is a centre sector; thrown again.", pc->name, s);
	}
}

static bool fit_on_road(struct dbm *d, const struct vec2 *shape, int n, struct vec2 *out)
{
	const struct feature *road = NULL;
	for (int i = 0; i < d->g->map.nf; i++)
		if (d->g->map.f[i].type == TT_ROAD)
			road = &d->g->map.f[i];
	if (!road)
		return false;
	for (int attempt = 0; attempt < 200; attempt++) {
		struct vec2 at = dbm_along(road->pts, road->n, dbm_uniform(d, 0.1, 0.9));
		int s = dbm_sector_of(d->w, d->h, at);
		double box[4];
		dbm_sector_box(d->w, d->h, s, box);
		for (int i = 0; i < n; i++)
			out[i] = v2(dbm_round(shape[i].x + at.x), dbm_round(shape[i].y + at.y));
		if (dbm_inside_box(out, n, box) && dbm_clear(d, out, n, TT_VILLAGE) && dbm_fit_holds(d, out, n, s, FIT_ANY))
			return true;
	}
	return false;
}

bool dbm_lay_village(struct dbm *d, struct dbm_piece *pc)
{
	struct game *g = d->g;
	struct vec2 shape[DBM_MAX_POLY], at[DBM_MAX_POLY];
	char name[NAME_LEN];
	bool on_road, placed = false;
	int n = dbm_patch(d, dbm_uniform(d, 7, rules_terrain_limits.village_max),
	                  rules_terrain_limits.village_min + 0.2, shape);
	int sector = village_sector(d, pc, &on_road), fields = 0, streets, thrown, church, village;
	char why[160], note[200] = "";
	double box[4];

	/* The defender's choice of spot: where both sides will fight for it,
	 * in the middle 30% of the table's depth about the centre line, if
	 * he can. */
	for (int pass = 0; pass < 2 && !placed; pass++) {
		d->off_long = pass == 0 ? d->h * 0.35 : 0;
		if (d->ww_count > 0) {
			/* Any sector, so long as it touches the water. */
			int first = 1 + dbm_below(d, 6);
			for (int k = 0; k < 6 && !placed; k++) {
				sector = 1 + (first - 1 + k) % 6;
				placed = dbm_fit(d, shape, n, TT_VILLAGE, sector, FIT_WATERWAY, at, NULL);
			}
		} else if (on_road) {
			placed = fit_on_road(d, shape, n, at);
			if (placed)
				sector = dbm_sector_of(d->w, d->h, geom_poly_centroid(at, n));
		} else {
			placed = dbm_fit(d, shape, n, TT_VILLAGE, sector, FIT_INNER, at, NULL) ||
			         dbm_fit(d, shape, n, TT_VILLAGE, sector, FIT_ANY, at, NULL);
		}
	}
	d->off_long = 0;
	if (!placed) {
		game_log(g, "%s: it cannot be fitted without moving what is there, so it is discarded.", pc->name);
		return false;
	}
	pc->sector = sector;
	memcpy(pc->outline, at, (size_t)n * sizeof *at);
	pc->n = n;
	dbm_region_name(d, 0, "the village", name, sizeof name);
	village = dbm_add(d, TT_VILLAGE, name, at, n, 0, 1, false);
	if (village < 0)
		return false;
	d->r->village = village;
	dbm_sector_box(d->w, d->h, sector, box);
	d->ngates = 0;
	if (d->reg->fields != TT_COUNT) {
		int want = (game_roll(g, 1, NULL, "%s: fields", pc->name) + 1) / 2;
		for (int k = 0; k < want && d->nfields < DBM_MAX_FIELDS; k++)
			fields += lay_field(d, village, box, k, d->reg->fields);
		for (int k = 0; k < d->nfields; k++)
			if (game_roll(g, 1, NULL, "%s: a farm in field %d", pc->name, k + 1) >= 5)
				lay_farm(d, &d->reserved[k], name);
	}
	thrown = game_roll(g, 1, NULL, "%s: streets", pc->name);
	thrown = thrown <= 2 ? 0 : thrown <= 4 ? 1 : 2;
	streets = lay_streets(d, village, thrown, sector, box, why, sizeof why);
	church = game_roll(g, 1, NULL, "%s: a church", pc->name) >= 4 && lay_church(d, village, box);
	if (streets < thrown)
		snprintf(note, sizeof note, " (of %d thrown: %s)", thrown, why);
	game_log(g, "%s (%s): in sector %d, %d %s field%s, %d street%s%s%s.", pc->name, name, sector, fields,
	         d->reg->fields == TT_COUNT ? "open" : terrain_names[d->reg->fields].label, fields == 1 ? "" : "s",
	         streets, streets == 1 ? "" : "s", note, church ? ", a church beside it" : "");
	return true;
}
