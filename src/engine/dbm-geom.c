/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dbm-geom: the shapes of random terrain, the table's six sectors,
 * fitting a feature where its dice say without moving what is laid, and
 * the courses of rivers and roads. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbm-int.h"
#include "terrain.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------------------------ */
/* Free choices and the file grid */

double dbm_uniform(struct dbm *d, double lo, double hi)
{
	/* 53 random bits, as a double in [0, 1). */
	double u = (double)(rng_next(&d->pick) >> 11) / 9007199254740992.0;
	return lo + (hi - lo) * u;
}

int dbm_below(struct dbm *d, int n)
{
	return n <= 1 ? 0 : (int)rng_below(&d->pick, (uint64_t)n);
}

double dbm_round(double v)
{
	/* An integer number of hundredths divided by 100 is the double the
	 * file's "%.2f" text reads back as. */
	double r = round(v * 100) / 100;
	return r == 0 ? 0 : r; /* no -0.00 */
}

/* ------------------------------------------------------------------ */
/* Sectors: the table bisected along its length (between the armies) and
 * trisected across it. */

void dbm_sector_box(double w, double h, int sector, double box[4])
{
	int col = (sector - 1) % 3, row = (sector - 1) / 3;
	box[0] = w * col / 3;
	box[2] = w * (col + 1) / 3;
	box[1] = row ? h / 2 : 0;
	box[3] = row ? h : h / 2;
}

int dbm_sector_of(double w, double h, struct vec2 p)
{
	int col = p.x < w / 3 ? 0 : p.x < 2 * w / 3 ? 1 : 2;
	return 1 + col + (p.y < h / 2 ? 0 : 3);
}

bool dbm_sector_is_flank(int sector)
{
	return sector != 2 && sector != 5;
}

/* ------------------------------------------------------------------ */
/* Shapes */

static double cross3(struct vec2 o, struct vec2 a, struct vec2 b)
{
	return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static int cmp_xy(const void *pa, const void *pb)
{
	const struct vec2 *a = pa, *b = pb;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return a->y < b->y ? -1 : a->y > b->y;
}

/* Convex hull (counter-clockwise in x-right y-up terms), into out. */
static int hull(const struct vec2 *in, int n, struct vec2 *out)
{
	struct vec2 p[DBM_MAX_POLY];
	int k = 0;
	if (n > DBM_MAX_POLY)
		n = DBM_MAX_POLY;
	memcpy(p, in, (size_t)n * sizeof *p);
	qsort(p, (size_t)n, sizeof *p, cmp_xy);
	if (n < 3) {
		memcpy(out, p, (size_t)n * sizeof *p);
		return n;
	}
	struct vec2 h[2 * DBM_MAX_POLY];
	for (int i = 0; i < n; i++) {
		while (k >= 2 && cross3(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k++] = p[i];
	}
	for (int i = n - 2, t = k + 1; i >= 0; i--) {
		while (k >= t && cross3(h[k - 2], h[k - 1], p[i]) <= 0)
			k--;
		h[k++] = p[i];
	}
	k--;
	memcpy(out, h, (size_t)k * sizeof *h);
	return k;
}

void dbm_extent(const struct vec2 *p, int n, double *least, double *most)
{
	struct vec2 h[DBM_MAX_POLY];
	int k = hull(p, n, h);
	*most = geom_poly_diameter(p, n);
	*least = INFINITY;
	/* A convex polygon's narrowest extent lies across one of its edges. */
	for (int i = 0; i < k; i++) {
		struct vec2 a = h[i], b = h[(i + 1) % k], e = v2_sub(b, a);
		double len = v2_len(e), far = 0;
		if (len < 1e-12)
			continue;
		for (int j = 0; j < k; j++) {
			double dist = fabs(v2_cross(e, v2_sub(h[j], a))) / len;
			if (dist > far)
				far = dist;
		}
		if (far < *least)
			*least = far;
	}
	if (isinf(*least))
		*least = 0;
}

static void centre_on_centroid(struct vec2 *p, int n)
{
	struct vec2 c = geom_poly_centroid(p, n);
	for (int i = 0; i < n; i++)
		p[i] = v2_sub(p[i], c);
}

static void scale(struct vec2 *p, int n, double k)
{
	for (int i = 0; i < n; i++)
		p[i] = v2_scale(p[i], k);
}

int dbm_patch(struct dbm *d, double across, double least, struct vec2 *out)
{
	for (int attempt = 0; attempt < 40; attempt++) {
		struct vec2 p[16];
		int n = 9 + dbm_below(d, 6), k;
		double aspect = dbm_uniform(d, 0.5 + attempt * 0.0125, 1.0), lo, hi;
		for (int i = 0; i < n; i++) {
			double t = 2 * M_PI * (i + dbm_uniform(d, -0.3, 0.3)) / n;
			double r = dbm_uniform(d, 0.85, 1.15);
			p[i] = v2(r * cos(t), aspect * r * sin(t));
		}
		k = hull(p, n, out);
		if (k < 5)
			continue;
		scale(out, k, across / geom_poly_diameter(out, k));
		dbm_extent(out, k, &lo, &hi);
		if (lo < least)
			continue;
		centre_on_centroid(out, k);
		return k;
	}
	/* A regular octagon never fails: its least extent is 92% of its
	 * widest. */
	for (int i = 0; i < 8; i++)
		out[i] = v2(across / 2 * cos(M_PI * i / 4), across / 2 * sin(M_PI * i / 4));
	return 8;
}

void dbm_shrink(const struct vec2 *p, int n, double k, struct vec2 *out)
{
	struct vec2 c = geom_poly_centroid(p, n);
	for (int i = 0; i < n; i++)
		out[i] = v2_add(c, v2_scale(v2_sub(p[i], c), k));
}

/* ------------------------------------------------------------------ */
/* Courses */

double dbm_course_ratio(const struct vec2 *p, int n, double step)
{
	/* Sample the mid-stream line, with the distance along it to each
	 * sample, and compare every pair. */
	int cap = 64, m = 0;
	struct vec2 *s = malloc((size_t)cap * sizeof *s);
	double *at = malloc((size_t)cap * sizeof *at), along = 0, worst = 1;
	if (!s || !at) {
		free(s);
		free(at);
		return 0;
	}
	for (int i = 0; i + 1 < n; i++) {
		double len = v2_dist(p[i], p[i + 1]);
		int k = (int)ceil(len / step);
		if (k < 1)
			k = 1;
		for (int j = 0; j < k; j++) {
			if (m + 2 > cap) {
				cap *= 2;
				struct vec2 *ns = realloc(s, (size_t)cap * sizeof *s);
				double *na = ns ? realloc(at, (size_t)cap * sizeof *at) : NULL;
				if (ns)
					s = ns;
				if (!na) {
					free(s);
					free(at);
					return 0;
				}
				at = na;
			}
			s[m] = v2_add(p[i], v2_scale(v2_sub(p[i + 1], p[i]), (double)j / k));
			at[m++] = along + len * j / k;
		}
		along += len;
	}
	s[m] = p[n - 1];
	at[m++] = along;
	for (int i = 0; i < m; i++)
		for (int j = i + 1; j < m; j++) {
			double arc = at[j] - at[i];
			if (arc > 1e-9 && v2_dist(s[i], s[j]) / arc < worst)
				worst = v2_dist(s[i], s[j]) / arc;
		}
	free(s);
	free(at);
	return worst;
}

int dbm_course(struct dbm *d, struct vec2 a, struct vec2 b, double step, double max_dev,
               bool (*ok)(const struct dbm *d, struct vec2 p, const void *ctx), const void *ctx,
               struct vec2 *out)
{
	struct vec2 axis = v2_sub(b, a), u, nrm;
	double len = v2_len(axis), slope = tan(max_dev * M_PI / 180);
	int n = (int)lround(len / step);
	if (len < 1e-9)
		return 0;
	if (n < 1)
		n = 1;
	if (n > DBM_MAX_LINE - 1)
		n = DBM_MAX_LINE - 1;
	u = v2_scale(axis, 1 / len);
	nrm = v2(-u.y, u.x);
	for (int attempt = 0; attempt < 60; attempt++) {
		double inc[DBM_MAX_LINE], mean = 0, off = 0, seg = len / n;
		bool good = true;
		/* Lateral steps with a mean of zero, so the course ends at b;
		 * each at most 0.72 of the slope allowed. */
		for (int i = 0; i < n; i++) {
			inc[i] = dbm_uniform(d, -0.6, 0.6) * slope * seg;
			mean += inc[i] / n;
		}
		out[0] = a;
		for (int i = 1; i <= n && good; i++) {
			off += inc[i - 1] - mean;
			out[i] = i == n ? b : v2_add(a, v2_add(v2_scale(u, seg * i), v2_scale(nrm, off)));
			out[i] = v2(dbm_round(out[i].x), dbm_round(out[i].y));
			if (out[i].x < 0 || out[i].y < 0 || out[i].x > d->w || out[i].y > d->h)
				good = false;
			else if (ok && i < n && !ok(d, out[i], ctx))
				good = false;
		}
		if (good)
			return n + 1;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* What is laid */

int dbm_add(struct dbm *d, enum terrain_type type, const char *name, const struct vec2 *p, int n,
            double width, int levels, bool impassable)
{
	struct map *m = &d->g->map;
	struct feature *f = realloc(m->f, (size_t)(m->nf + 1) * sizeof *f);
	struct vec2 *pts = malloc((size_t)n * sizeof *pts);
	struct shape s;
	if (!f || !pts) {
		if (f)
			m->f = f;
		free(pts);
		return -1;
	}
	m->f = f;
	memcpy(pts, p, (size_t)n * sizeof *pts);
	f = &m->f[m->nf];
	memset(f, 0, sizeof *f);
	f->type = type;
	snprintf(f->name, sizeof f->name, "%s", name);
	f->levels = levels;
	f->impassable = impassable;
	f->width = feature_is_linear(type) ? width : 0;
	f->n = n;
	f->pts = pts;
	f->strength = terrain_default_strength(type);
	s = (struct shape){ .kind = SHAPE_POLYGON, .n = n, .pts = pts };
	geom_bounds(&s, f->box);
	f->convex = geom_poly_is_convex(pts, n) ? 1 : -1;
	f->boxed = true;
	return m->nf++;
}

void dbm_drop_from(struct dbm *d, int first)
{
	struct map *m = &d->g->map;
	for (int i = first; i < m->nf; i++)
		free(m->f[i].pts);
	if (first < m->nf)
		m->nf = first;
}

static bool name_taken(const struct dbm *d, const char *name)
{
	for (int i = 0; i < d->g->map.nf; i++)
		if (strcmp(d->g->map.f[i].name, name) == 0)
			return true;
	return false;
}

void dbm_unique(const struct dbm *d, const char *base, char *out, size_t size)
{
	snprintf(out, size, "%s", base);
	for (int k = 2; name_taken(d, out) && k < 1000; k++)
		snprintf(out, size, "%.*s %d", NAME_LEN - 8, base, k);
}

void dbm_region_name(struct dbm *d, int list, const char *fallback, char *out, size_t size)
{
	const struct dbm_names *l[4] = { &d->reg->villages, &d->reg->rivers, &d->reg->hills, &d->reg->woods };
	int free_names[DBM_NAMES], nfree = 0;
	for (int i = 0; i < l[list]->n; i++)
		if (!(d->names_taken[list] & (1 << i)) && !name_taken(d, l[list]->name[i]))
			free_names[nfree++] = i;
	if (nfree == 0) {
		dbm_unique(d, fallback, out, size);
		return;
	}
	int k = free_names[dbm_below(d, nfree)];
	d->names_taken[list] |= 1 << k;
	snprintf(out, size, "%s", l[list]->name[k]);
}

/* ------------------------------------------------------------------ */
/* Fitting */

static bool boxes_meet(const double a[4], const double b[4], double margin)
{
	return a[0] - margin <= b[2] && b[0] - margin <= a[2] && a[1] - margin <= b[3] &&
	       b[1] - margin <= a[3];
}

static bool wooded(enum terrain_type t)
{
	return t == TT_WOOD || t == TT_FOREST;
}

/* How far apart two features must stay (Mini-Nap: woods 15 cm, villages
 * 40 cm); 0 when they may touch. */
static double spacing(enum terrain_type a, enum terrain_type b)
{
	if (wooded(a) && wooded(b))
		return dbm_rules.wood_apart;
	if (a == TT_VILLAGE && b == TT_VILLAGE)
		return dbm_rules.village_apart;
	return 0;
}

int dbm_blocker(const struct dbm *d, const struct vec2 *p, int n, enum terrain_type type)
{
	struct shape s = { .kind = SHAPE_POLYGON, .n = n, .pts = p };
	double box[4];
	geom_bounds(&s, box);
	for (int i = 0; i < d->g->map.nf; i++) {
		const struct feature *f = &d->g->map.f[i];
		struct shape fs = feature_shape(f);
		double fb[4], gap = spacing(type, f->type);
		/* Roads go through or over anything; only landmarks keep off them. */
		if (f->type == TT_ROAD && type != TT_LANDMARK)
			continue;
		geom_bounds(&fs, fb);
		if (!boxes_meet(box, fb, gap))
			continue;
		if (geom_overlap(&s, &fs))
			return i;
		if (gap > 0 && geom_distance(&s, &fs) < gap)
			return i;
	}
	for (int i = 0; i < d->nreserved; i++) {
		struct shape fs = { .kind = SHAPE_POLYGON, .n = d->reserved[i].n, .pts = d->reserved[i].p };
		if (geom_overlap(&s, &fs))
			return -2 - i;
	}
	return -1;
}

bool dbm_clear(const struct dbm *d, const struct vec2 *p, int n, enum terrain_type type)
{
	return dbm_blocker(d, p, n, type) == -1;
}

void dbm_reserve(struct dbm *d, const struct vec2 *p, int n, const char *name)
{
	if (d->nreserved >= DBM_MAX_RESERVED || n > DBM_MAX_POLY)
		return;
	memcpy(d->reserved[d->nreserved].p, p, (size_t)n * sizeof *p);
	d->reserved[d->nreserved].n = n;
	snprintf(d->reserved[d->nreserved].name, sizeof d->reserved[0].name, "%s", name);
	d->nreserved++;
}

bool dbm_touches_waterway(const struct dbm *d, const struct vec2 *p, int n)
{
	struct shape s = { .kind = SHAPE_POLYGON, .n = n, .pts = p };
	for (int i = d->ww_first; i < d->ww_first + d->ww_count; i++) {
		struct shape ws = feature_shape(&d->g->map.f[i]);
		if (geom_distance(&s, &ws) <= GEOM_CONTACT)
			return true;
	}
	return false;
}

static double ww_distance(const struct dbm *d, const struct vec2 *p, int n)
{
	struct shape s = { .kind = SHAPE_POLYGON, .n = n, .pts = p };
	double best = INFINITY;
	for (int i = d->ww_first; i < d->ww_first + d->ww_count; i++) {
		struct shape ws = feature_shape(&d->g->map.f[i]);
		double dist = geom_distance(&s, &ws);
		if (dist < best)
			best = dist;
	}
	return best;
}

static void table_box(const struct dbm *d, int sector, double box[4])
{
	if (sector >= 1 && sector <= 6) {
		dbm_sector_box(d->w, d->h, sector, box);
	} else {
		box[0] = box[1] = 0;
		box[2] = d->w;
		box[3] = d->h;
	}
}

bool dbm_fit_holds(const struct dbm *d, const struct vec2 *p, int n, int sector,
                   enum dbm_fit_mode mode)
{
	double box[4], edge = INFINITY, clear = dbm_p(d, dbm_rules.centre_clear);
	struct vec2 c;
	table_box(d, sector, box);
	for (int i = 0; i < n; i++) {
		if (p[i].x < box[0] - 1e-9 || p[i].x > box[2] + 1e-9 || p[i].y < box[1] - 1e-9 ||
		    p[i].y > box[3] + 1e-9)
			return false;
		edge = fmin(edge, fmin(fmin(p[i].x, d->w - p[i].x), fmin(p[i].y, d->h - p[i].y)));
	}
	if (d->off_long > 0)
		for (int i = 0; i < n; i++)
			if (p[i].y < d->off_long - 1e-9 || p[i].y > d->h - d->off_long + 1e-9)
				return false;
	switch (mode) {
	case FIT_EDGE:
		return edge <= GEOM_CONTACT || dbm_touches_waterway(d, p, n);
	case FIT_CENTRE:
		c = geom_poly_centroid(p, n);
		return c.x >= clear && c.y >= clear && d->w - c.x >= clear && d->h - c.y >= clear;
	case FIT_WATERWAY:
		return dbm_touches_waterway(d, p, n);
	case FIT_INNER:
		return edge >= d->h / 10;
	case FIT_ANY:
		break;
	}
	return true;
}

/* The candidates of one rotation: a grid of positions, a slide along each
 * table edge of the sector, a slide along the waterway. */
enum { SUB_GRID, SUB_WEST, SUB_EAST, SUB_NORTH, SUB_SOUTH, SUB_WW, SUB_COUNT };

struct rot {
	struct vec2 p[DBM_MAX_POLY];
	double bx[4];         /* bounds of the rotated shape */
	long count[SUB_COUNT];
	double lo[SUB_COUNT][2]; /* first position of each axis (grid: x and y) */
	long nx;              /* grid: positions along x */
};

#define ROTATIONS 24

static long span(double lo, double hi)
{
	return hi < lo - 1e-9 ? 0 : (long)floor(hi - lo + 1e-9) + 1;
}

static void plan_rotation(const struct dbm *d, struct rot *r, const double sb[4], enum dbm_fit_mode mode)
{
	double clear = dbm_p(d, dbm_rules.centre_clear);
	double x0 = sb[0] - r->bx[0], x1 = sb[2] - r->bx[2], y0 = sb[1] - r->bx[1], y1 = sb[3] - r->bx[3];
	memset(r->count, 0, sizeof r->count);
	if (d->off_long > 0) {
		y0 = fmax(y0, d->off_long - r->bx[1]);
		y1 = fmin(y1, d->h - d->off_long - r->bx[3]);
	}
	if (mode == FIT_ANY || mode == FIT_CENTRE || mode == FIT_INNER) {
		/* The grid moves the centroid (the origin of the shape). */
		if (mode == FIT_INNER) {
			double m = d->h / 10;
			x0 = fmax(x0, m - r->bx[0]);
			x1 = fmin(x1, d->w - m - r->bx[2]);
			y0 = fmax(y0, m - r->bx[1]);
			y1 = fmin(y1, d->h - m - r->bx[3]);
		}
		if (mode == FIT_CENTRE) {
			x0 = fmax(x0, clear);
			x1 = fmin(x1, d->w - clear);
			y0 = fmax(y0, clear);
			y1 = fmin(y1, d->h - clear);
		}
		r->nx = span(x0, x1);
		r->count[SUB_GRID] = r->nx * span(y0, y1);
		r->lo[SUB_GRID][0] = x0;
		r->lo[SUB_GRID][1] = y0;
		return;
	}
	if (mode == FIT_EDGE) {
		if (sb[0] <= 0)
			r->count[SUB_WEST] = span(y0, y1);
		if (sb[2] >= d->w)
			r->count[SUB_EAST] = span(y0, y1);
		if (sb[1] <= 0)
			r->count[SUB_NORTH] = span(x0, x1);
		if (sb[3] >= d->h)
			r->count[SUB_SOUTH] = span(x0, x1);
		for (int k = SUB_WEST; k <= SUB_SOUTH; k++)
			r->lo[k][0] = k <= SUB_EAST ? y0 : x0;
	}
	if (d->ww_count > 0) {
		r->count[SUB_WW] = span(y0, y1);
		r->lo[SUB_WW][0] = y0;
	}
}

static void place(const struct rot *r, struct vec2 t, int n, struct vec2 *out)
{
	for (int i = 0; i < n; i++)
		out[i] = v2(dbm_round(r->p[i].x + t.x), dbm_round(r->p[i].y + t.y));
}

/* Slide the shape at height y toward the waterway until it touches. */
static bool slide_to_waterway(const struct dbm *d, const struct rot *r, int n, const double sb[4],
                              double y, struct vec2 *out, struct vec2 *t)
{
	bool west = d->r->waterway_edge == 0;
	double far = west ? sb[2] - r->bx[2] : sb[0] - r->bx[0];
	double near = west ? sb[0] - r->bx[0] : sb[2] - r->bx[2];
	place(r, v2(near, y), n, out);
	if (ww_distance(d, out, n) > GEOM_CONTACT)
		return false; /* it cannot reach the water from this sector */
	place(r, v2(far, y), n, out);
	if (ww_distance(d, out, n) <= GEOM_CONTACT)
		return false; /* all of it is in or on the water */
	for (int i = 0; i < 40 && fabs(far - near) > 0.002; i++) {
		double mid = (far + near) / 2;
		place(r, v2(mid, y), n, out);
		if (ww_distance(d, out, n) <= 0.02)
			near = mid;
		else
			far = mid;
	}
	*t = v2(near, y);
	place(r, *t, n, out);
	return true;
}

static bool candidate(const struct dbm *d, const struct rot *r, int n, const double sb[4], int sub, long k,
                      struct vec2 *out, struct vec2 *tp)
{
	struct vec2 t;
	switch (sub) {
	case SUB_GRID:
		t = v2(r->lo[SUB_GRID][0] + (double)(k % r->nx), r->lo[SUB_GRID][1] + (double)(k / r->nx));
		break;
	case SUB_WEST:
		t = v2(-r->bx[0], r->lo[sub][0] + (double)k);
		break;
	case SUB_EAST:
		t = v2(d->w - r->bx[2], r->lo[sub][0] + (double)k);
		break;
	case SUB_NORTH:
		t = v2(r->lo[sub][0] + (double)k, -r->bx[1]);
		break;
	case SUB_SOUTH:
		t = v2(r->lo[sub][0] + (double)k, d->h - r->bx[3]);
		break;
	default:
		return slide_to_waterway(d, r, n, sb, r->lo[SUB_WW][0] + (double)k, out, tp);
	}
	*tp = t;
	place(r, t, n, out);
	return true;
}

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

void dbm_apply(const struct dbm_xform *xf, const struct vec2 *p, int n, struct vec2 *out)
{
	double c = cos(xf->angle), sn = sin(xf->angle);
	for (int i = 0; i < n; i++)
		out[i] = v2(dbm_round(p[i].x * c - p[i].y * sn + xf->t.x),
		            dbm_round(p[i].x * sn + p[i].y * c + xf->t.y));
}

bool dbm_fit(struct dbm *d, const struct vec2 *shape, int n, enum terrain_type type, int sector,
             enum dbm_fit_mode mode, struct vec2 *out, struct dbm_xform *xf)
{
	static struct rot rots[ROTATIONS]; /* large; the engine is single-threaded */
	double sb[4], turn0 = dbm_uniform(d, 0, 15);
	long total = 0, start, stride = 1;
	struct shape s;

	table_box(d, sector, sb);
	for (int k = 0; k < ROTATIONS; k++) {
		struct rot *r = &rots[k];
		double a = (turn0 + 15.0 * k) * M_PI / 180, c = cos(a), sn = sin(a);
		for (int i = 0; i < n; i++)
			r->p[i] = v2(shape[i].x * c - shape[i].y * sn, shape[i].x * sn + shape[i].y * c);
		s = (struct shape){ .kind = SHAPE_POLYGON, .n = n, .pts = r->p };
		geom_bounds(&s, r->bx);
		plan_rotation(d, r, sb, mode);
		for (int j = 0; j < SUB_COUNT; j++)
			total += r->count[j];
	}
	if (total == 0)
		return false;
	/* Go through every candidate once, in an order of the players'
	 * choosing: a start and a stride prime to the count. */
	start = (long)dbm_below(d, (int)(total > 2000000000L ? 2000000000L : total));
	for (int tries = 0; tries < 50 && total > 1; tries++) {
		long sd = 1 + (long)dbm_below(d, (int)(total - 1 > 2000000000L ? 2000000000L : total - 1));
		if (gcd(sd, total) == 1) {
			stride = sd;
			break;
		}
	}
	for (long i = 0; i < total; i++) {
		long idx = (long)(((unsigned long long)start + (unsigned long long)i * (unsigned long long)stride) %
		                  (unsigned long long)total);
		int rk = 0, sub = 0;
		while (rk < ROTATIONS) {
			for (sub = 0; sub < SUB_COUNT; sub++) {
				if (idx < rots[rk].count[sub])
					break;
				idx -= rots[rk].count[sub];
			}
			if (sub < SUB_COUNT)
				break;
			rk++;
		}
		if (rk >= ROTATIONS)
			continue;
		struct vec2 t;
		if (!candidate(d, &rots[rk], n, sb, sub, idx, out, &t))
			continue;
		if (dbm_fit_holds(d, out, n, sector, mode) && dbm_clear(d, out, n, type)) {
			if (xf)
				*xf = (struct dbm_xform){ .angle = (turn0 + 15.0 * rk) * M_PI / 180, .t = t };
			return true;
		}
	}
	return false;
}

/* The name of what blocks, for the log: a feature's own, a hill's for its
 * top and slopes alike, a reserved area's. */
static void blocker_name(const struct dbm *d, int b, char *out, size_t size)
{
	if (b <= -2) {
		snprintf(out, size, "%s", d->reserved[-2 - b].name);
		return;
	}
	snprintf(out, size, "%s", d->g->map.f[b].name);
	if (d->g->map.f[b].type == TT_CONTOUR) {
		size_t len = strlen(out);
		if (len > 7 && strcmp(out + len - 7, " slopes") == 0)
			out[len - 7] = '\0';
	}
}

bool dbm_fit_why(struct dbm *d, const struct vec2 *shape, int n, enum terrain_type type, int sector,
                 enum dbm_fit_mode mode, char *why, size_t size)
{
	/* Every 15 degrees, every 2 cm: which places meet the dice, and
	 * what stands on each of them. */
	enum { MAXB = 8 };
	char names[MAXB][NAME_LEN + 16];
	long count[MAXB] = { 0 }, places = 0;
	int nb = 0;
	double sb[4];
	table_box(d, sector, sb);
	for (int k = 0; k < ROTATIONS; k++) {
		double a = 15.0 * k * M_PI / 180, c = cos(a), sn = sin(a), bx[4];
		struct vec2 p[DBM_MAX_POLY], at[DBM_MAX_POLY];
		struct shape s;
		for (int i = 0; i < n; i++)
			p[i] = v2(shape[i].x * c - shape[i].y * sn, shape[i].x * sn + shape[i].y * c);
		s = (struct shape){ .kind = SHAPE_POLYGON, .n = n, .pts = p };
		geom_bounds(&s, bx);
		for (double y = sb[1] - bx[1]; y <= sb[3] - bx[3] + 1e-9; y += 2)
			for (double x = sb[0] - bx[0]; x <= sb[2] - bx[2] + 1e-9; x += 2) {
				bool edge_ok = mode != FIT_EDGE && mode != FIT_WATERWAY;
				struct vec2 t = v2(x, y);
				char name[NAME_LEN + 16];
				int b, j;
				/* Slid to the table edges the sector has, for a 1 to 4. */
				if (!edge_ok) {
					if (sb[0] <= 0 && x - (sb[0] - bx[0]) < 2)
						t.x = -bx[0];
					else if (sb[2] >= d->w && (sb[2] - bx[2]) - x < 2)
						t.x = d->w - bx[2];
					if (sb[1] <= 0 && y - (sb[1] - bx[1]) < 2)
						t.y = -bx[1];
					else if (sb[3] >= d->h && (sb[3] - bx[3]) - y < 2)
						t.y = d->h - bx[3];
				}
				for (int i = 0; i < n; i++)
					at[i] = v2(dbm_round(p[i].x + t.x), dbm_round(p[i].y + t.y));
				if (!dbm_fit_holds(d, at, n, sector, mode))
					continue;
				places++;
				if ((b = dbm_blocker(d, at, n, type)) == -1)
					continue;
				blocker_name(d, b, name, sizeof name);
				for (j = 0; j < nb && strcmp(names[j], name) != 0; j++)
					;
				if (j == nb && nb < MAXB)
					snprintf(names[nb++], sizeof names[0], "%s", name);
				if (j < MAXB)
					count[j]++;
			}
	}
	if (places == 0) {
		snprintf(why, size, "no place in it meets the dice");
		return false;
	}
	{
		/* The three most often in the way. */
		size_t len;
		snprintf(why, size, "every place there is taken by what is laid: ");
		for (int shown = 0; shown < 3 && shown < nb; shown++) {
			int best = -1;
			for (int j = 0; j < nb; j++)
				if (count[j] > 0 && (best < 0 || count[j] > count[best]))
					best = j;
			if (best < 0)
				break;
			len = strlen(why);
			snprintf(why + len, size > len ? size - len : 0, "%s%s", shown ? ", " : "", names[best]);
			count[best] = 0;
		}
		len = strlen(why);
		snprintf(why + len, size > len ? size - len : 0, " stand%s in the way", nb == 1 ? "s" : "");
	}
	return true;
}
