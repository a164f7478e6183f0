/* SPDX-License-Identifier: GPL-3.0-or-later */
/* geom: points, oriented rectangles, polygons, polylines, distances and
 * intersections on the table (centimetres, y down, facing 0 = north). */
#ifndef GROGNARD_GEOM_H
#define GROGNARD_GEOM_H

#include <math.h>
#include <stdbool.h>

/* Two footprints closer than this are in base-to-base contact. */
#define GEOM_CONTACT 0.05
/* Interiors must overlap by more than this to count as overlapping; it
 * absorbs rounding so that two stands placed edge to edge only touch. */
#define GEOM_OVERLAP_EPS 1e-6

struct vec2 {
	double x, y;
};

/* An oriented rectangle: centre, width across its front, depth from front
 * to back, facing in degrees clockwise from north. */
struct obb {
	struct vec2 c;
	double w, d;
	double facing;
};

enum shape_kind {
	SHAPE_CIRCLE,   /* pts[0] inflated by r */
	SHAPE_POLYGON,  /* closed simple polygon (filled), inflated by r */
	SHAPE_POLYLINE, /* open chain of segments, inflated by r (half width) */
};

/* A shape does not own its points. */
struct shape {
	enum shape_kind kind;
	int n;
	const struct vec2 *pts;
	double r;
	const double *box; /* the points' bounds, when known: x0 y0 x1 y1 */
	signed char convex; /* a polygon known convex (1) or not (-1); 0: look */
	/* The points' bounds kept in the shape itself (a rectangle's, worked
	 * out as it is made: it is measured again and again), when own_box. */
	bool own_box;
	double bx[4];
	/* A rectangle (geom_obb_shape): its third and fourth edges are
	 * parallel to its first two. */
	bool rect;
};

/* The vector arithmetic every question of the table asks millions of
 * times a battle: inline, so that it costs no call. */
static inline struct vec2 v2(double x, double y) { return (struct vec2){ x, y }; }
static inline struct vec2 v2_add(struct vec2 a, struct vec2 b) { return v2(a.x + b.x, a.y + b.y); }
static inline struct vec2 v2_sub(struct vec2 a, struct vec2 b) { return v2(a.x - b.x, a.y - b.y); }
static inline struct vec2 v2_scale(struct vec2 a, double k) { return v2(a.x * k, a.y * k); }
static inline double v2_dot(struct vec2 a, struct vec2 b) { return a.x * b.x + a.y * b.y; }
static inline double v2_cross(struct vec2 a, struct vec2 b) { return a.x * b.y - a.y * b.x; }
static inline double v2_len(struct vec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static inline double v2_dist(struct vec2 a, struct vec2 b) { return v2_len(v2_sub(a, b)); }

/* Facings. */
double geom_norm_deg(double deg);                 /* into [0, 360) */
double geom_angle_diff(double from, double to);   /* into (-180, 180] */
struct vec2 geom_dir(double facing);              /* unit vector ahead */
struct vec2 geom_right(double facing);            /* unit vector to the right */
double geom_bearing(struct vec2 from, struct vec2 to);

/* Oriented rectangles: corners are front-left, front-right, back-right,
 * back-left (as seen by the unit). */
void geom_obb_corners(const struct obb *b, struct vec2 out[4]);
struct shape geom_obb_shape(const struct obb *b, struct vec2 buf[4]);
struct shape geom_circle(const struct vec2 *centre, double r);

/* Segments. */
double geom_point_seg_dist(struct vec2 p, struct vec2 a, struct vec2 b);
bool geom_seg_intersect(struct vec2 a, struct vec2 b, struct vec2 c,
                        struct vec2 d, struct vec2 *at);
double geom_seg_seg_dist(struct vec2 a, struct vec2 b, struct vec2 c,
                         struct vec2 d);

/* Polygons (any simple polygon, either winding). */
double geom_poly_area(const struct vec2 *p, int n);    /* signed */
bool geom_poly_contains(const struct vec2 *p, int n, struct vec2 q);
bool geom_poly_is_simple(const struct vec2 *p, int n, int *bad_a, int *bad_b);
/* Whether two segments of a polyline that do not follow one another meet:
 * true with the first such pair (by the first segment, then the second). */
bool geom_polyline_crosses_itself(const struct vec2 *p, int n, int *bad_a, int *bad_b);
/* Every point where polyline a crosses polyline b goes to at (segment i
 * of a, j of b), in no set order; a grid keeps it near-linear.  0, or -1
 * when out of memory. */
int geom_polylines_cross(const struct vec2 *a, int na, const struct vec2 *b, int nb,
                         void (*at)(void *ctx, int i, int j, struct vec2 where), void *ctx);
bool geom_poly_is_convex(const struct vec2 *p, int n);
double geom_poly_diameter(const struct vec2 *p, int n);
struct vec2 geom_poly_centroid(const struct vec2 *p, int n);

/* Triangles: the zone of fire. */
bool geom_tri_contains(const struct vec2 t[3], struct vec2 q);

/* Minimum distance between two shapes; 0 when they touch or intersect. */
double geom_distance(const struct shape *a, const struct shape *b);
/* The same when it is at most limit; otherwise some value above limit
 * and no more than the distance, found cheaply. */
double geom_distance_within(const struct shape *a, const struct shape *b, double limit);
/* geom_distance_within(a, b, limit) <= limit, sooner. */
bool geom_within(const struct shape *a, const struct shape *b, double limit);
/* The axis-aligned box around a shape (inflation included): x0 y0 x1 y1. */
void geom_bounds(const struct shape *s, double box[4]);
/* The box round two shapes. */
void geom_bounds2(const struct shape *a, const struct shape *b, double box[4]);
/* Contact: distance within GEOM_CONTACT. */
bool geom_contact(const struct shape *a, const struct shape *b);
/* Interiors overlap by more than GEOM_OVERLAP_EPS.  Exact for convex
 * polygons, circles and polylines; a non-convex polygon counts as
 * overlapping another shape when one holds a point of the other strictly
 * inside or their edges cross. */
bool geom_overlap(const struct shape *a, const struct shape *b);
/* How far convex polygon a may move along the unit vector dir and still
 * be more than keep from convex polygon b along some axis between them
 * (keep -GEOM_OVERLAP_EPS: their interiors do not overlap; keep
 * GEOM_CONTACT: they do not touch).  A lower bound, INFINITY when a moves
 * away from b along such an axis, 0 for other shapes or when there is
 * none. */
double geom_free_run(const struct shape *a, const struct shape *b, struct vec2 dir, double keep);
/* Shape b lies wholly inside polygon a (boundary included). */
bool geom_inside(const struct shape *a, const struct shape *b);
/* Whether point q lies in (or on) the shape. */
bool geom_shape_contains(const struct shape *s, struct vec2 q);

#endif
