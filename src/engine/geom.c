/* SPDX-License-Identifier: GPL-3.0-or-later */
/* geom: the measuring tape and protractor of the table.  Every distance
 * and contact in the rules is computed here, never on screen cells. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>

#include "geom.h"

/* Tolerance for orientation tests (cm^2): coordinates are at most a few
 * metres, so this is far above rounding and far below anything visible. */
#define ORIENT_EPS 1e-9
#define ON_EDGE_EPS 1e-9

double geom_norm_deg(double deg)
{
	double r = fmod(deg, 360.0);
	if (r < 0)
		r += 360.0;
	if (r >= 360.0)
		r = 0.0;
	return r;
}

double geom_angle_diff(double from, double to)
{
	double d = geom_norm_deg(to - from);
	return d > 180.0 ? d - 360.0 : d;
}

/* sin and cos of an angle in degrees, exact at the right angles so that
 * units facing the cardinal points have exact corners. */
static void sincos_deg(double deg, double *s, double *c)
{
	static const double exact[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
	/* The same few facings are asked for again and again (every unit's
	 * footprint, at every test): the last ones are kept. */
	static struct {
		double deg, s, c;
		bool used;
	} seen[64];
	unsigned long long bits;
	unsigned h;
	double a, q;
	memcpy(&bits, &deg, sizeof bits);
	h = (unsigned)((bits ^ (bits >> 29) ^ (bits >> 43)) & 63);
	if (seen[h].used && memcmp(&seen[h].deg, &deg, sizeof deg) == 0) {
		*s = seen[h].s;
		*c = seen[h].c;
		return;
	}
	a = geom_norm_deg(deg);
	q = a / 90.0;
	if (q == floor(q)) {
		*s = exact[(int)q][0];
		*c = exact[(int)q][1];
	} else {
		*s = sin(a * M_PI / 180.0);
		*c = cos(a * M_PI / 180.0);
	}
	seen[h].deg = deg;
	seen[h].s = *s;
	seen[h].c = *c;
	seen[h].used = true;
}

struct vec2 geom_dir(double facing)
{
	double s, c;
	sincos_deg(facing, &s, &c);
	return v2(s, -c);
}

struct vec2 geom_right(double facing)
{
	double s, c;
	sincos_deg(facing, &s, &c);
	return v2(c, s);
}

double geom_bearing(struct vec2 from, struct vec2 to)
{
	struct vec2 d = v2_sub(to, from);
	if (d.x == 0 && d.y == 0)
		return 0;
	return geom_norm_deg(atan2(d.x, -d.y) * 180.0 / M_PI);
}

void geom_obb_corners(const struct obb *b, struct vec2 out[4])
{
	/* geom_dir and geom_right of the facing, from one sine and cosine. */
	double sn, cs;
	struct vec2 f, r;
	sincos_deg(b->facing, &sn, &cs);
	f = v2_scale(v2(sn, -cs), b->d / 2);
	r = v2_scale(v2(cs, sn), b->w / 2);
	out[0] = v2_sub(v2_add(b->c, f), r);
	out[1] = v2_add(v2_add(b->c, f), r);
	out[2] = v2_add(v2_sub(b->c, f), r);
	out[3] = v2_sub(v2_sub(b->c, f), r);
}

struct shape geom_obb_shape(const struct obb *b, struct vec2 buf[4])
{
	/* (A rectangle is convex, however thin.) */
	struct shape s = { .kind = SHAPE_POLYGON, .n = 4, .pts = buf, .r = 0, .convex = 1, .own_box = true, .rect = true };
	geom_obb_corners(b, buf);
	s.bx[0] = s.bx[2] = buf[0].x;
	s.bx[1] = s.bx[3] = buf[0].y;
	for (int i = 1; i < 4; i++) {
		s.bx[0] = buf[i].x < s.bx[0] ? buf[i].x : s.bx[0];
		s.bx[1] = buf[i].y < s.bx[1] ? buf[i].y : s.bx[1];
		s.bx[2] = buf[i].x > s.bx[2] ? buf[i].x : s.bx[2];
		s.bx[3] = buf[i].y > s.bx[3] ? buf[i].y : s.bx[3];
	}
	return s;
}

struct shape geom_circle(const struct vec2 *centre, double r)
{
	return (struct shape){ .kind = SHAPE_CIRCLE, .n = 1, .pts = centre, .r = r };
}

/* The square of a point's distance to a segment. */
static double point_seg_dist2(struct vec2 p, struct vec2 a, struct vec2 b)
{
	struct vec2 ab = v2_sub(b, a), d;
	double len2 = v2_dot(ab, ab);
	double t = len2 > 0 ? v2_dot(v2_sub(p, a), ab) / len2 : 0;
	if (t < 0)
		t = 0;
	else if (t > 1)
		t = 1;
	d = v2_sub(p, v2_add(a, v2_scale(ab, t)));
	return v2_dot(d, d);
}

double geom_point_seg_dist(struct vec2 p, struct vec2 a, struct vec2 b)
{
	return sqrt(point_seg_dist2(p, a, b));
}

static double orient(struct vec2 a, struct vec2 b, struct vec2 c)
{
	return v2_cross(v2_sub(b, a), v2_sub(c, a));
}

static int sign_eps(double v)
{
	return v > ORIENT_EPS ? 1 : v < -ORIENT_EPS ? -1 : 0;
}

static bool on_segment(struct vec2 p, struct vec2 a, struct vec2 b)
{
	return geom_point_seg_dist(p, a, b) <= ON_EDGE_EPS;
}

bool geom_seg_intersect(struct vec2 a, struct vec2 b, struct vec2 c,
                        struct vec2 d, struct vec2 *at)
{
	int o1 = sign_eps(orient(a, b, c)), o2 = sign_eps(orient(a, b, d));
	int o3 = sign_eps(orient(c, d, a)), o4 = sign_eps(orient(c, d, b));
	struct vec2 hit;

	if (o1 * o2 < 0 && o3 * o4 < 0) {
		struct vec2 r = v2_sub(b, a), s = v2_sub(d, c);
		double t = v2_cross(v2_sub(c, a), s) / v2_cross(r, s);
		hit = v2_add(a, v2_scale(r, t));
	} else if (on_segment(c, a, b)) {
		hit = c;
	} else if (on_segment(d, a, b)) {
		hit = d;
	} else if (on_segment(a, c, d)) {
		hit = a;
	} else if (on_segment(b, c, d)) {
		hit = b;
	} else {
		return false;
	}
	if (at)
		*at = hit;
	return true;
}

/* Segments cross at a point inside both (not merely touching). */
static bool seg_cross_properly(struct vec2 a, struct vec2 b, struct vec2 c,
                               struct vec2 d)
{
	int o1 = sign_eps(orient(a, b, c)), o2 = sign_eps(orient(a, b, d));
	int o3 = sign_eps(orient(c, d, a)), o4 = sign_eps(orient(c, d, b));
	return o1 * o2 < 0 && o3 * o4 < 0;
}

double geom_seg_seg_dist(struct vec2 a, struct vec2 b, struct vec2 c,
                         struct vec2 d)
{
	double m, t;
	/* Crossing properly; else an end on the other segment (the ends'
	 * distances that geom_seg_intersect would look at) is a meeting. */
	if (sign_eps(orient(a, b, c)) * sign_eps(orient(a, b, d)) < 0 &&
	    sign_eps(orient(c, d, a)) * sign_eps(orient(c, d, b)) < 0)
		return 0;
	m = point_seg_dist2(a, c, d);
	if ((t = point_seg_dist2(b, c, d)) < m)
		m = t;
	if ((t = point_seg_dist2(c, a, b)) < m)
		m = t;
	if ((t = point_seg_dist2(d, a, b)) < m)
		m = t;
	m = sqrt(m);
	return m <= ON_EDGE_EPS ? 0 : m;
}

double geom_poly_area(const struct vec2 *p, int n)
{
	double a = 0;
	for (int i = 0; i < n; i++)
		a += v2_cross(p[i], p[(i + 1) % n]);
	return a / 2;
}

static double poly_boundary_dist(const struct vec2 *p, int n, struct vec2 q)
{
	double m = INFINITY;
	for (int i = 0; i < n; i++) {
		double t = geom_point_seg_dist(q, p[i], p[(i + 1) % n]);
		if (t < m)
			m = t;
	}
	return m;
}

bool geom_poly_contains(const struct vec2 *p, int n, struct vec2 q)
{
	bool in = false;
	if (poly_boundary_dist(p, n, q) <= ON_EDGE_EPS)
		return true;
	for (int i = 0, j = n - 1; i < n; j = i++) {
		if ((p[i].y > q.y) != (p[j].y > q.y)) {
			double x = p[j].x + (q.y - p[j].y) * (p[i].x - p[j].x) / (p[i].y - p[j].y);
			if (q.x < x)
				in = !in;
		}
	}
	return in;
}

/* Inside and clear of the boundary by more than the overlap tolerance. */
static bool poly_contains_strictly(const struct vec2 *p, int n, struct vec2 q)
{
	return geom_poly_contains(p, n, q) &&
	       poly_boundary_dist(p, n, q) > GEOM_OVERLAP_EPS;
}

/* Segments to check against one another. */
struct seg_set {
	const struct vec2 (*seg)[2];
	int m;
};

/* The segments of a polygon (closed) or polyline: segment i runs from
 * p[i] to p[i + 1], the last of a polygon back to p[0].  NULL when out of
 * memory. */
static struct vec2 (*outline_segs(const struct vec2 *p, int n, bool closed, int *m))[2]
{
	struct vec2 (*seg)[2];
	*m = closed ? n : n - 1;
	if (*m < 1 || !(seg = malloc((size_t)*m * sizeof *seg)))
		return NULL;
	for (int i = 0; i < *m; i++) {
		seg[i][0] = p[i];
		seg[i][1] = p[(i + 1) % n];
	}
	return seg;
}

static void seg_box(const struct seg_set *s, int i, double box[4])
{
	struct vec2 a = s->seg[i][0], b = s->seg[i][1];
	box[0] = fmin(a.x, b.x);
	box[1] = fmin(a.y, b.y);
	box[2] = fmax(a.x, b.x);
	box[3] = fmax(a.y, b.y);
}

/* Every pair i < j of segments whose boxes share a cell of a uniform grid
 * (about one segment a cell) goes to visit, once: near-linear for the
 * outlines maps hold, where checking every pair was quadratic. */
static void seg_pairs(const struct seg_set *s, void (*visit)(void *ctx, int i, int j), void *ctx)
{
	double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY }, cell[2], span[2] = { 0, 0 };
	int k[2], *start, *fill, *list, (*range)[4], total = 0, ncell;
	/* Cells about as wide and as tall as a segment is on average, no more
	 * of them than four a segment. */
	for (int i = 0; i < s->m; i++) {
		double box[4];
		seg_box(s, i, box);
		lo[0] = fmin(lo[0], box[0]), hi[0] = fmax(hi[0], box[2]);
		lo[1] = fmin(lo[1], box[1]), hi[1] = fmax(hi[1], box[3]);
		span[0] += box[2] - box[0];
		span[1] += box[3] - box[1];
	}
	for (int d = 0; d < 2; d++) {
		double ext = hi[d] - lo[d];
		cell[d] = fmax(span[d] / (s->m ? s->m : 1), ext / 4096);
		if (!(cell[d] > 0))
			cell[d] = 1;
	}
	for (;;) {
		double kx = floor((hi[0] - lo[0]) / cell[0]) + 1, ky = floor((hi[1] - lo[1]) / cell[1]) + 1;
		if (kx * ky <= 4.0 * s->m + 16) {
			k[0] = (int)kx;
			k[1] = (int)ky;
			break;
		}
		cell[0] *= 1.5;
		cell[1] *= 1.5;
	}
	ncell = k[0] * k[1];
	start = calloc((size_t)ncell + 1, sizeof *start);
	range = malloc((size_t)(s->m ? s->m : 1) * sizeof *range);
	if (!start || !range) {
		free(start);
		free(range);
		for (int i = 0; i < s->m; i++) /* no memory for the grid: every pair */
			for (int j = i + 1; j < s->m; j++)
				visit(ctx, i, j);
		return;
	}
	for (int i = 0; i < s->m; i++) {
		double box[4];
		seg_box(s, i, box);
		for (int d = 0; d < 2; d++) {
			int c0 = (int)((box[d] - ON_EDGE_EPS - lo[d]) / cell[d]);
			int c1 = (int)((box[d + 2] + ON_EDGE_EPS - lo[d]) / cell[d]);
			range[i][d] = c0 < 0 ? 0 : c0 >= k[d] ? k[d] - 1 : c0;
			range[i][d + 2] = c1 < 0 ? 0 : c1 >= k[d] ? k[d] - 1 : c1;
		}
		for (int y = range[i][1]; y <= range[i][3]; y++)
			for (int x = range[i][0]; x <= range[i][2]; x++)
				start[y * k[0] + x + 1]++, total++;
	}
	for (int c = 0; c < ncell; c++)
		start[c + 1] += start[c];
	fill = malloc((size_t)ncell * sizeof *fill);
	list = malloc((size_t)(total ? total : 1) * sizeof *list);
	if (fill && list) {
		memcpy(fill, start, (size_t)ncell * sizeof *fill);
		for (int i = 0; i < s->m; i++)
			for (int y = range[i][1]; y <= range[i][3]; y++)
				for (int x = range[i][0]; x <= range[i][2]; x++)
					list[fill[y * k[0] + x]++] = i;
		for (int c = 0; c < ncell; c++)
			for (int u = start[c]; u < start[c + 1]; u++)
				for (int v = u + 1; v < start[c + 1]; v++) {
					int i = list[u], j = list[v];
					/* Only in the first cell the two boxes share. */
					int fx = range[i][0] > range[j][0] ? range[i][0] : range[j][0];
					int fy = range[i][1] > range[j][1] ? range[i][1] : range[j][1];
					if (fy * k[0] + fx == c)
						visit(ctx, i < j ? i : j, i < j ? j : i);
				}
	}
	free(fill);
	free(list);
	free(start);
	free(range);
}

/* The first bad pair in the order (i, then j) the outline is read. */
struct seg_check {
	const struct seg_set *s;
	bool closed;
	int a, b; /* the first bad pair so far, or a = -1 */
};

static void seg_check_pair(void *ctx, int i, int j)
{
	struct seg_check *k = ctx;
	const struct seg_set *s = k->s;
	struct vec2 a = s->seg[i][0], b = s->seg[i][1], c = s->seg[j][0], d = s->seg[j][1];
	bool bad;
	if (k->a >= 0 && (i > k->a || (i == k->a && j >= k->b)))
		return;
	if (j == i + 1) /* shares b == c: must not fold back */
		bad = k->closed ? on_segment(d, a, b) || on_segment(a, c, d) : false;
	else if (k->closed && j == s->m - 1 && i == 0) /* shares d == a */
		bad = on_segment(c, a, b) || on_segment(b, c, d);
	else
		bad = geom_seg_intersect(a, b, c, d, NULL);
	if (bad)
		k->a = i, k->b = j;
}

/* The first bad pair of an outline's segments (a = -1: none); false when
 * out of memory. */
static bool outline_check(const struct vec2 *p, int n, bool closed, struct seg_check *k)
{
	struct seg_set s;
	struct vec2 (*seg)[2] = outline_segs(p, n, closed, &s.m);
	k->s = &s;
	k->closed = closed;
	k->a = k->b = -1;
	if (!seg)
		return false;
	s.seg = (const struct vec2(*)[2])seg;
	seg_pairs(&s, seg_check_pair, k);
	free(seg);
	k->s = NULL;
	return true;
}

bool geom_poly_is_simple(const struct vec2 *p, int n, int *bad_a, int *bad_b)
{
	struct seg_check k;
	int degenerate = -1;
	if (n < 3) {
		if (bad_a)
			*bad_a = 0;
		if (bad_b)
			*bad_b = n > 1 ? 1 : 0;
		return false;
	}
	for (int i = 0; i < n && degenerate < 0; i++)
		if (v2_dist(p[i], p[(i + 1) % n]) <= ON_EDGE_EPS)
			degenerate = i;
	if (!outline_check(p, n, true, &k))
		k.a = 0, k.b = 1; /* out of memory: refused, not taken on trust */
	/* Read in order, an edge of no length is found before its pairs. */
	if (degenerate >= 0 && (k.a < 0 || degenerate <= k.a)) {
		if (bad_a)
			*bad_a = degenerate;
		if (bad_b)
			*bad_b = (degenerate + 1) % n;
		return false;
	}
	if (k.a >= 0) {
		if (bad_a)
			*bad_a = k.a;
		if (bad_b)
			*bad_b = k.b;
		return false;
	}
	/* No edges meet, yet no area: every point on one line. */
	if (fabs(geom_poly_area(p, n)) <= ORIENT_EPS) {
		if (bad_a)
			*bad_a = 0;
		if (bad_b)
			*bad_b = 1;
		return false;
	}
	return true;
}

bool geom_polyline_crosses_itself(const struct vec2 *p, int n, int *bad_a, int *bad_b)
{
	struct seg_check k;
	if (n < 3)
		return false;
	if (!outline_check(p, n, false, &k))
		k.a = 0, k.b = 1;
	if (k.a < 0)
		return false;
	*bad_a = k.a;
	*bad_b = k.b;
	return true;
}

struct crossing_ctx {
	const struct seg_set *s;
	int na;
	void (*at)(void *ctx, int i, int j, struct vec2 where);
	void *ctx;
};

static void crossing_pair(void *ctx, int i, int j)
{
	struct crossing_ctx *c = ctx;
	struct vec2 where;
	if (i >= c->na || j < c->na) /* both of one line */
		return;
	if (geom_seg_intersect(c->s->seg[i][0], c->s->seg[i][1], c->s->seg[j][0], c->s->seg[j][1], &where))
		c->at(c->ctx, i, j - c->na, where);
}

int geom_polylines_cross(const struct vec2 *a, int na, const struct vec2 *b, int nb,
                         void (*at)(void *ctx, int i, int j, struct vec2 where), void *ctx)
{
	struct seg_set s;
	struct vec2(*seg)[2];
	struct crossing_ctx c = { &s, na - 1, at, ctx };
	if (na < 2 || nb < 2)
		return 0;
	s.m = na - 1 + nb - 1;
	if (!(seg = malloc((size_t)s.m * sizeof *seg)))
		return -1;
	for (int i = 0; i + 1 < na; i++)
		seg[i][0] = a[i], seg[i][1] = a[i + 1];
	for (int j = 0; j + 1 < nb; j++)
		seg[na - 1 + j][0] = b[j], seg[na - 1 + j][1] = b[j + 1];
	s.seg = (const struct vec2(*)[2])seg;
	seg_pairs(&s, crossing_pair, &c);
	free(seg);
	return 0;
}

bool geom_poly_is_convex(const struct vec2 *p, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++) {
		int o = sign_eps(orient(p[i], p[(i + 1) % n], p[(i + 2) % n]));
		if (o == 0)
			continue;
		if (s == 0)
			s = o;
		else if (o != s)
			return false;
	}
	return true;
}

double geom_poly_diameter(const struct vec2 *p, int n)
{
	double m = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double d = v2_dist(p[i], p[j]);
			if (d > m)
				m = d;
		}
	return m;
}

struct vec2 geom_poly_centroid(const struct vec2 *p, int n)
{
	double a = geom_poly_area(p, n), cx = 0, cy = 0;
	if (fabs(a) <= ORIENT_EPS) {
		for (int i = 0; i < n; i++) {
			cx += p[i].x;
			cy += p[i].y;
		}
		return n > 0 ? v2(cx / n, cy / n) : v2(0, 0);
	}
	for (int i = 0; i < n; i++) {
		struct vec2 s = p[i], t = p[(i + 1) % n];
		double k = v2_cross(s, t);
		cx += (s.x + t.x) * k;
		cy += (s.y + t.y) * k;
	}
	return v2(cx / (6 * a), cy / (6 * a));
}

bool geom_tri_contains(const struct vec2 t[3], struct vec2 q)
{
	return geom_poly_contains(t, 3, q);
}

/* The segments that make up a shape's core (a circle's core is its centre,
 * a degenerate segment). */
static int core_segments(const struct shape *s)
{
	switch (s->kind) {
	case SHAPE_CIRCLE:
		return 1;
	case SHAPE_POLYGON:
		return s->n;
	case SHAPE_POLYLINE:
		return s->n - 1;
	}
	return 0;
}

static void core_segment(const struct shape *s, int i, struct vec2 *a,
                         struct vec2 *b)
{
	*a = s->pts[i];
	*b = s->kind == SHAPE_CIRCLE ? s->pts[0] : s->pts[(i + 1) % s->n];
}

/* Does shape a's filled core hold any vertex of b's core? */
static bool core_holds_vertex_of(const struct shape *a, const struct shape *b)
{
	double box[4];
	if (a->kind != SHAPE_POLYGON)
		return false;
	/* The core's bounds (a copy uninflated, when it is inflated). */
	if (a->r == 0) {
		geom_bounds(a, box);
	} else {
		struct shape core = *a;
		core.r = 0;
		geom_bounds(&core, box);
	}
	for (int i = 0; i < b->n; i++) {
		struct vec2 q = b->pts[i];
		/* Outside the polygon's box (and off its edge) is outside it. */
		if (q.x < box[0] - ON_EDGE_EPS || q.x > box[2] + ON_EDGE_EPS || q.y < box[1] - ON_EDGE_EPS ||
		    q.y > box[3] + ON_EDGE_EPS)
			continue;
		if (geom_poly_contains(a->pts, a->n, q))
			return true;
	}
	return false;
}

/* The gap between two shapes whose cores are m apart, as
 * geom_distance_within answers it. */
static double gap_of(const struct shape *a, const struct shape *b, double m)
{
	double gap = m - a->r - b->r;
	return gap > 0 ? gap : 0;
}

/* The distance between two shapes' cores, or cap when it is no less; with
 * early, as soon as a pair of segments shows the shapes within *early
 * (the answer is then an upper bound, enough to say so). */
static double core_distance(const struct shape *a, const struct shape *b, double cap, const double *early)
{
	double m = cap;
	int na = core_segments(a), nb = core_segments(b);
	if (core_holds_vertex_of(a, b) || core_holds_vertex_of(b, a))
		return 0;
	for (int i = 0; i < na; i++) {
		struct vec2 p, q;
		double x0, x1, y0, y1;
		core_segment(a, i, &p, &q);
		x0 = p.x < q.x ? p.x : q.x, x1 = p.x < q.x ? q.x : p.x;
		y0 = p.y < q.y ? p.y : q.y, y1 = p.y < q.y ? q.y : p.y;
		for (int j = 0; j < nb; j++) {
			struct vec2 r, s;
			double d, gx, gy;
			core_segment(b, j, &r, &s);
			/* The gap between the two segments' boxes is a lower bound
			 * of their distance: skip pairs that cannot beat m. */
			gx = (r.x < s.x ? r.x : s.x) - x1;
			d = x0 - (r.x < s.x ? s.x : r.x);
			gx = gx > d ? gx : d;
			gy = (r.y < s.y ? r.y : s.y) - y1;
			d = y0 - (r.y < s.y ? s.y : r.y);
			gy = gy > d ? gy : d;
			if (gx > 0 && gy > 0 ? gx * gx + gy * gy >= m * m : (gx > 0 ? gx : gy > 0 ? gy : 0) >= m)
				continue;
			d = geom_seg_seg_dist(p, q, r, s);
			if (d < m) {
				m = d;
				if (early && gap_of(a, b, m) <= *early)
					return m;
			}
			if (m == 0)
				return 0;
		}
	}
	return m;
}

double geom_distance(const struct shape *a, const struct shape *b)
{
	double d = core_distance(a, b, INFINITY, NULL) - a->r - b->r;
	return d > 0 ? d : 0;
}

void geom_bounds(const struct shape *s, double box[4])
{
	if (s->box || s->own_box) {
		const double *b = s->box ? s->box : s->bx;
		for (int k = 0; k < 4; k++)
			box[k] = b[k];
	} else {
		box[0] = box[1] = INFINITY;
		box[2] = box[3] = -INFINITY;
		for (int i = 0; i < s->n; i++) {
			const struct vec2 p = s->pts[i];
			box[0] = p.x < box[0] ? p.x : box[0];
			box[1] = p.y < box[1] ? p.y : box[1];
			box[2] = p.x > box[2] ? p.x : box[2];
			box[3] = p.y > box[3] ? p.y : box[3];
		}
	}
	box[0] -= s->r;
	box[1] -= s->r;
	box[2] += s->r;
	box[3] += s->r;
}

void geom_bounds2(const struct shape *a, const struct shape *b, double box[4])
{
	double other[4];
	geom_bounds(a, box);
	geom_bounds(b, other);
	for (int k = 0; k < 2; k++) {
		box[k] = fmin(box[k], other[k]);
		box[k + 2] = fmax(box[k + 2], other[k + 2]);
	}
}

/* The gap between two shapes' boxes: never more than their distance. */
static double box_gap(const struct shape *a, const struct shape *b)
{
	double ba[4], bb[4], dx, dy;
	geom_bounds(a, ba);
	geom_bounds(b, bb);
	dx = fmax(0, fmax(ba[0] - bb[2], bb[0] - ba[2]));
	dy = fmax(0, fmax(ba[1] - bb[3], bb[1] - ba[3]));
	return sqrt(dx * dx + dy * dy);
}

double geom_distance_within(const struct shape *a, const struct shape *b, double limit)
{
	double gap = box_gap(a, b);
	if (gap > limit)
		return gap;
	/* Pairs of segments farther apart than the limit need not be
	 * measured: the answer only has to be exact up to it. */
	return gap_of(a, b, core_distance(a, b, nextafter(limit + a->r + b->r, INFINITY), NULL));
}

bool geom_within(const struct shape *a, const struct shape *b, double limit)
{
	if (box_gap(a, b) > limit)
		return false;
	/* The gap only grows with the cores' distance: the first pair of
	 * segments close enough settles it. */
	return gap_of(a, b, core_distance(a, b, nextafter(limit + a->r + b->r, INFINITY), &limit)) <= limit;
}

bool geom_contact(const struct shape *a, const struct shape *b)
{
	return geom_within(a, b, GEOM_CONTACT);
}

/* Both shapes' projections on the normal of edge i of shape k (of two). */
static bool sat_project(const struct shape *const s[2], int k, int i, struct vec2 *axis, double lo[2], double hi[2])
{
	struct vec2 e = v2_sub(s[k]->pts[(i + 1) % s[k]->n], s[k]->pts[i]);
	double len = v2_len(e);
	if (len <= ON_EDGE_EPS)
		return false;
	*axis = v2(-e.y / len, e.x / len);
	for (int m = 0; m < 2; m++) {
		lo[m] = INFINITY;
		hi[m] = -INFINITY;
		for (int j = 0; j < s[m]->n; j++) {
			double t = v2_dot(s[m]->pts[j], *axis);
			if (t < lo[m])
				lo[m] = t;
			if (t > hi[m])
				hi[m] = t;
		}
	}
	return true;
}

/* Separating-axis test for two convex polygons: true when their interiors
 * overlap by more than the tolerance along every axis.  A rectangle's
 * last two edges give again the axes of its first two (but for the last
 * bit of rounding: only an overlap within 1e-13 of the tolerance could
 * tell them apart), and are not tried. */
static bool sat_overlap(const struct shape *a, const struct shape *b)
{
	const struct shape *const s[2] = { a, b };
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < (s[k]->rect ? 2 : s[k]->n); i++) {
			struct vec2 axis;
			double lo[2], hi[2];
			if (sat_project(s, k, i, &axis, lo, hi) &&
			    (hi[0] < hi[1] ? hi[0] : hi[1]) - (lo[0] > lo[1] ? lo[0] : lo[1]) <= GEOM_OVERLAP_EPS)
				return false;
		}
	return true;
}

/* A shape's points make a convex polygon (as it says, when it knows). */
static bool shape_convex(const struct shape *s)
{
	return s->convex ? s->convex > 0 : geom_poly_is_convex(s->pts, s->n);
}

static bool plain_convex(const struct shape *s)
{
	return s->kind == SHAPE_POLYGON && s->r == 0 && shape_convex(s);
}

double geom_free_run(const struct shape *a, const struct shape *b, struct vec2 dir, double keep)
{
	const struct shape *const s[2] = { a, b };
	double best = 0;
	if (!plain_convex(a) || !plain_convex(b))
		return 0;
	/* Along each axis, the gap between the two projections is a lower
	 * bound of their distance, and a's projection moves by dir.axis a cm:
	 * toward b's, the gap shrinks as fast (a hair is kept for rounding);
	 * away from it, never. */
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < s[k]->n; i++) {
			struct vec2 axis;
			double lo[2], hi[2], room, rate;
			if (!sat_project(s, k, i, &axis, lo, hi))
				continue;
			room = (lo[0] > lo[1] ? lo[0] : lo[1]) - (hi[0] < hi[1] ? hi[0] : hi[1]) - keep - 1e-9;
			if (room < 0)
				continue;
			rate = v2_dot(dir, axis) * (lo[0] + hi[0] > lo[1] + hi[1] ? -1 : 1);
			if (rate <= 0)
				return INFINITY;
			if (room / rate > best)
				best = room / rate;
		}
	return best;
}

/* Signed distance from a point to a convex polygon: negative inside. */
static double convex_signed_dist(const struct shape *p, struct vec2 q)
{
	double d = poly_boundary_dist(p->pts, p->n, q);
	return geom_poly_contains(p->pts, p->n, q) ? -d : d;
}

/* A point strictly inside a simple polygon: the centroid of an ear (a
 * convex corner whose triangle holds no other vertex).  The polygon's own
 * centroid will not do: with a notch it may lie outside. */
static struct vec2 interior_point(const struct vec2 *p, int n)
{
	double sense = geom_poly_area(p, n) > 0 ? 1 : -1;
	for (int i = 0; i < n; i++) {
		struct vec2 a = p[(i + n - 1) % n], b = p[i], c = p[(i + 1) % n];
		struct vec2 t[3] = { a, b, c };
		bool ear = sense * orient(a, b, c) > ORIENT_EPS;
		for (int j = 0; j < n && ear; j++)
			if (j != i && j != (i + n - 1) % n && j != (i + 1) % n && geom_tri_contains(t, p[j]))
				ear = false;
		if (ear)
			return v2((a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3);
	}
	return geom_poly_centroid(p, n);
}

static bool general_poly_overlap(const struct shape *a, const struct shape *b)
{
	const struct shape *s[2] = { a, b };
	for (int k = 0; k < 2; k++) {
		const struct shape *p = s[k], *o = s[1 - k];
		for (int i = 0; i < p->n; i++) {
			struct vec2 mid = v2_scale(v2_add(p->pts[i], p->pts[(i + 1) % p->n]), 0.5);
			if (poly_contains_strictly(o->pts, o->n, p->pts[i]) ||
			    poly_contains_strictly(o->pts, o->n, mid))
				return true;
		}
	}
	for (int i = 0; i < a->n; i++)
		for (int j = 0; j < b->n; j++)
			if (seg_cross_properly(a->pts[i], a->pts[(i + 1) % a->n],
			                       b->pts[j], b->pts[(j + 1) % b->n]))
				return true;
	/* Two identical polygons share every edge and hold no vertex strictly. */
	return poly_contains_strictly(b->pts, b->n, interior_point(a->pts, a->n)) ||
	       poly_contains_strictly(a->pts, a->n, interior_point(b->pts, b->n));
}

bool geom_overlap(const struct shape *a, const struct shape *b)
{
	double ba[4], bb[4];
	geom_bounds(a, ba);
	geom_bounds(b, bb);
	if (ba[0] >= bb[2] || bb[0] >= ba[2] || ba[1] >= bb[3] || bb[1] >= ba[3])
		return false;
	if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_CIRCLE)
		return v2_dist(a->pts[0], b->pts[0]) < a->r + b->r - GEOM_OVERLAP_EPS;
	if (a->kind == SHAPE_POLYGON && b->kind == SHAPE_POLYGON &&
	    a->r == 0 && b->r == 0) {
		if (shape_convex(a) && shape_convex(b))
			return sat_overlap(a, b);
		return general_poly_overlap(a, b);
	}
	if (a->kind == SHAPE_POLYGON && a->r == 0 && b->kind == SHAPE_CIRCLE &&
	    shape_convex(a))
		return convex_signed_dist(a, b->pts[0]) < b->r - GEOM_OVERLAP_EPS;
	if (b->kind == SHAPE_POLYGON && b->r == 0 && a->kind == SHAPE_CIRCLE &&
	    shape_convex(b))
		return convex_signed_dist(b, a->pts[0]) < a->r - GEOM_OVERLAP_EPS;
	/* Inflated shapes: overlap when the cores come closer than the sum of
	 * the inflations (cores that meet always do, the sum being positive). */
	if (a->r + b->r > 0)
		return core_distance(a, b, a->r + b->r, NULL) < a->r + b->r - GEOM_OVERLAP_EPS;
	/* Zero-width polylines or points against a polygon. */
	if (a->kind == SHAPE_POLYGON || b->kind == SHAPE_POLYGON) {
		const struct shape *p = a->kind == SHAPE_POLYGON ? a : b;
		const struct shape *o = p == a ? b : a;
		for (int i = 0; i < o->n; i++)
			if (poly_contains_strictly(p->pts, p->n, o->pts[i]))
				return true;
		for (int i = 0; i + 1 < o->n; i++)
			for (int j = 0; j < p->n; j++)
				if (seg_cross_properly(o->pts[i], o->pts[i + 1], p->pts[j],
				                       p->pts[(j + 1) % p->n]))
					return true;
	}
	return false;
}

bool geom_inside(const struct shape *a, const struct shape *b)
{
	if (a->kind != SHAPE_POLYGON)
		return false;
	for (int i = 0; i < b->n; i++) {
		if (!geom_poly_contains(a->pts, a->n, b->pts[i]))
			return false;
		if (b->r > 0 && poly_boundary_dist(a->pts, a->n, b->pts[i]) < b->r - GEOM_OVERLAP_EPS)
			return false;
	}
	if (b->kind == SHAPE_CIRCLE)
		return true;
	for (int i = 0; i < core_segments(b); i++) {
		struct vec2 p, q, mid;
		core_segment(b, i, &p, &q);
		mid = v2_scale(v2_add(p, q), 0.5);
		if (!geom_poly_contains(a->pts, a->n, mid))
			return false;
		for (int j = 0; j < a->n; j++) {
			struct vec2 r = a->pts[j], s = a->pts[(j + 1) % a->n];
			if (seg_cross_properly(p, q, r, s))
				return false;
			if (b->r > 0 && geom_seg_seg_dist(p, q, r, s) < b->r - GEOM_OVERLAP_EPS)
				return false;
		}
	}
	/* A notch of a non-convex outer polygon may poke into b. */
	if (b->kind == SHAPE_POLYGON)
		for (int j = 0; j < a->n; j++)
			if (poly_contains_strictly(b->pts, b->n, a->pts[j]))
				return false;
	return true;
}

bool geom_shape_contains(const struct shape *s, struct vec2 q)
{
	struct shape pt = geom_circle(&q, 0);
	if (s->kind == SHAPE_POLYGON && geom_poly_contains(s->pts, s->n, q))
		return true;
	return core_distance(s, &pt, nextafter(s->r + ON_EDGE_EPS, INFINITY), NULL) <= s->r + ON_EDGE_EPS;
}
