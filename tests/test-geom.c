/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-geom: facings, oriented rectangles, distances, contact and overlap,
 * circles, polylines, zones of fire, polygons and segments. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "engine/geom.h"
#include "io/load-rules.h"

#define EPS 1e-6
#define R2 1.4142135623730951 /* sqrt(2) */

/* The eight-vertex notched square used by the polygon tests: a 10 x 10 square
 * with a notch 2 wide and 6 deep cut down from the middle of its south
 * (y = 10) edge. */
static const struct vec2 notch[8] = {
	{ 0, 0 }, { 10, 0 }, { 10, 10 }, { 6, 10 }, { 6, 4 }, { 4, 4 }, { 4, 10 }, { 0, 10 },
};
static const struct vec2 square10[4] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 0, 10 } };

static struct shape rect(struct vec2 buf[4], double x, double y, double w,
                         double d, double facing)
{
	struct obb b = { .c = { x, y }, .w = w, .d = d, .facing = facing };
	return geom_obb_shape(&b, buf);
}

static void assert_vec(struct vec2 got, double x, double y, double eps)
{
	assert_float_equal((got.x), (x), (eps));
	assert_float_equal((got.y), (y), (eps));
}

/* ------------------------------------------------------------------ */

static void test_dir_and_right(void **state)
{
	(void)state;
	/* 0 = north = -y, clockwise; x east, y south. */
	assert_vec(geom_dir(0), 0, -1, EPS);
	assert_vec(geom_dir(90), 1, 0, EPS);
	assert_vec(geom_dir(180), 0, 1, EPS);
	assert_vec(geom_dir(270), -1, 0, EPS);
	assert_vec(geom_dir(360), 0, -1, EPS);
	assert_vec(geom_dir(-90), -1, 0, EPS);
	assert_vec(geom_dir(45), R2 / 2, -R2 / 2, EPS);
	assert_vec(geom_dir(30), 0.5, -sqrt(3) / 2, EPS);
	/* The right hand of a unit facing north points east. */
	assert_vec(geom_right(0), 1, 0, EPS);
	assert_vec(geom_right(90), 0, 1, EPS);
	assert_vec(geom_right(180), -1, 0, EPS);
	assert_vec(geom_right(270), 0, -1, EPS);
	assert_vec(geom_right(135), -R2 / 2, R2 / 2, EPS);
	/* Right is a quarter turn clockwise from ahead, at any facing. */
	for (double f = 0; f < 360; f += 17.5) {
		struct vec2 a = geom_dir(f + 90), r = geom_right(f);
		assert_vec(r, a.x, a.y, EPS);
		assert_float_equal((v2_len(geom_dir(f))), 1.0, EPS);
	}
	/* Cardinal facings are exact, so cardinal footprints have exact corners. */
	assert_true(geom_dir(90).y == 0.0);
	assert_true(geom_dir(180).x == 0.0);
}

static void test_bearing(void **state)
{
	struct vec2 o = v2(10, 10);
	(void)state;
	assert_float_equal((geom_bearing(o, v2(10, 0))), 0, EPS);
	assert_float_equal((geom_bearing(o, v2(20, 10))), 90, EPS);
	assert_float_equal((geom_bearing(o, v2(10, 20))), 180, EPS);
	assert_float_equal((geom_bearing(o, v2(0, 10))), 270, EPS);
	assert_float_equal((geom_bearing(o, v2(11, 9))), 45, EPS);
	assert_float_equal((geom_bearing(o, v2(9, 9))), 315, EPS);
	assert_float_equal((geom_bearing(o, v2(11, 11))), 135, EPS);
	assert_float_equal((geom_bearing(o, o)), 0, EPS);
	/* The bearing of the direction vector is the facing back again. */
	for (double f = 0; f < 360; f += 23)
		assert_float_equal((geom_bearing(o, v2_add(o, geom_dir(f)))), f, 1e-5);
}

static void test_norm_and_diff(void **state)
{
	double r;
	(void)state;
	assert_float_equal((geom_norm_deg(0)), 0, EPS);
	assert_float_equal((geom_norm_deg(360)), 0, EPS);
	assert_float_equal((geom_norm_deg(-90)), 270, EPS);
	assert_float_equal((geom_norm_deg(725)), 5, EPS);
	assert_float_equal((geom_norm_deg(-720)), 0, EPS);
	assert_float_equal((geom_norm_deg(-0.5)), 359.5, EPS);
	assert_float_equal((geom_norm_deg(359.75)), 359.75, EPS);
	/* A tiny negative angle must not come back as 360. */
	r = geom_norm_deg(-1e-15);
	assert_true(r >= 0 && r < 360);

	assert_float_equal((geom_angle_diff(350, 10)), 20, EPS);
	assert_float_equal((geom_angle_diff(10, 350)), -20, EPS);
	assert_float_equal((geom_angle_diff(0, 90)), 90, EPS);
	assert_float_equal((geom_angle_diff(90, 0)), -90, EPS);
	assert_float_equal((geom_angle_diff(0, 181)), -179, EPS);
	assert_float_equal((geom_angle_diff(45, 45)), 0, EPS);
	assert_float_equal((geom_angle_diff(-30, 30)), 60, EPS);
	/* Half a turn is +180, never -180: the range is (-180, 180]. */
	assert_float_equal((geom_angle_diff(0, 180)), 180, EPS);
	assert_float_equal((geom_angle_diff(180, 0)), 180, EPS);
	assert_float_equal((geom_angle_diff(90, 270)), 180, EPS);
	assert_float_equal((geom_angle_diff(270, 90)), 180, EPS);
}

/* ------------------------------------------------------------------ */

static void check_corners(struct vec2 c, double w, double d, double facing,
                          const double want[4][2])
{
	struct obb b = { .c = c, .w = w, .d = d, .facing = facing };
	struct vec2 k[4];
	geom_obb_corners(&b, k);
	for (int i = 0; i < 4; i++)
		assert_vec(k[i], want[i][0], want[i][1], 1e-6);
	/* Whatever the facing: the front edge runs to the unit's right, the
	 * left edge runs backwards, the edges have the right lengths and the
	 * centre is the middle. */
	assert_float_equal((geom_bearing(k[0], k[1])), (geom_norm_deg(facing + 90)), 1e-4);
	assert_float_equal((geom_bearing(k[0], k[3])), (geom_norm_deg(facing + 180)), 1e-4);
	assert_float_equal((v2_dist(k[0], k[1])), w, 1e-6);
	assert_float_equal((v2_dist(k[1], k[2])), d, 1e-6);
	assert_float_equal((v2_dist(k[2], k[3])), w, 1e-6);
	assert_float_equal((v2_dist(k[3], k[0])), d, 1e-6);
	assert_vec(geom_poly_centroid(k, 4), c.x, c.y, 1e-6);
}

static void test_obb_corners(void **state)
{
	(void)state;
	/* Facing north: front is the top (smaller y), left is west. */
	check_corners(v2(10, 10), 5, 2, 0,
	              (const double[4][2]){ { 7.5, 9 }, { 12.5, 9 }, { 12.5, 11 }, { 7.5, 11 } });
	/* Facing east: front is the east edge, left is north. */
	check_corners(v2(10, 10), 5, 2, 90,
	              (const double[4][2]){ { 11, 7.5 }, { 11, 12.5 }, { 9, 12.5 }, { 9, 7.5 } });
	/* Facing south: front is the bottom edge, left is east. */
	check_corners(v2(10, 10), 5, 2, 180,
	              (const double[4][2]){ { 12.5, 11 }, { 7.5, 11 }, { 7.5, 9 }, { 12.5, 9 } });
	/* Facing west. */
	check_corners(v2(10, 10), 5, 2, 270,
	              (const double[4][2]){ { 9, 12.5 }, { 9, 7.5 }, { 11, 7.5 }, { 11, 12.5 } });
	/* A 2 x 2 square at 45 degrees is a diamond with its front-left corner
	 * due north of the centre. */
	check_corners(v2(0, 0), 2, 2, 45,
	              (const double[4][2]){ { 0, -R2 }, { R2, 0 }, { 0, R2 }, { -R2, 0 } });
	/* 30 degrees, 4 wide and 2 deep. */
	check_corners(v2(10, 20), 4, 2, 30,
	              (const double[4][2]){ { 8.767949192, 18.133974596 },
	                                    { 12.232050808, 20.133974596 },
	                                    { 11.232050808, 21.866025404 },
	                                    { 7.767949192, 19.866025404 } });
	/* 217 degrees (south-south-west), 2 wide and 4 deep. */
	check_corners(v2(0, 0), 2, 4, 217,
	              (const double[4][2]){ { -0.404994536, 2.199086043 },
	                                    { -2.002265556, 0.995455997 },
	                                    { 0.404994536, -2.199086043 },
	                                    { 2.002265556, -0.995455997 } });
}

static void test_obb_shape(void **state)
{
	struct vec2 buf[4];
	struct obb b = { .c = { 3, 4 }, .w = 2.5, .d = 2, .facing = 0 };
	struct shape s = geom_obb_shape(&b, buf);
	(void)state;
	assert_int_equal(s.kind, SHAPE_POLYGON);
	assert_int_equal(s.n, 4);
	assert_ptr_equal(s.pts, buf);
	assert_float_equal((s.r), 0, EPS);
	assert_float_equal((fabs(geom_poly_area(buf, 4))), 5.0, EPS);
	assert_true(geom_poly_is_convex(buf, 4));
	assert_true(geom_poly_is_simple(buf, 4, NULL, NULL));
}

/* ------------------------------------------------------------------ */

static void test_distance_axis_aligned(void **state)
{
	struct vec2 ba[4], bb[4];
	struct shape a = rect(ba, 0, 0, 4, 2, 0), b;
	(void)state;
	/* Side by side, 6 apart. */
	b = rect(bb, 10, 0, 4, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 6, EPS);
	assert_float_equal((geom_distance(&b, &a)), 6, EPS);
	/* Diagonal from corner (2,1) to corner (3,2). */
	b = rect(bb, 5, 3, 4, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), R2, EPS);
	/* One above the other. */
	b = rect(bb, 0, -10, 4, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 8, EPS);
	/* Overlapping: zero. */
	b = rect(bb, 1, 0, 4, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 0, EPS);
	/* One wholly inside the other: zero, both ways. */
	b = rect(bb, 0, 0, 1, 1, 0);
	assert_float_equal((geom_distance(&a, &b)), 0, EPS);
	assert_float_equal((geom_distance(&b, &a)), 0, EPS);
}

static void test_distance_rotated(void **state)
{
	struct vec2 ba[4], bb[4];
	struct shape a, b;
	(void)state;
	/* A diamond (2 x 2 at 45) reaches sqrt(2) east; the square's west edge
	 * is at x = 4. */
	a = rect(ba, 0, 0, 2, 2, 45);
	b = rect(bb, 5, 0, 2, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 4 - R2, 1e-6);
	/* Two diamonds tip to tip. */
	b = rect(bb, 5, 0, 2, 2, 45);
	assert_float_equal((geom_distance(&a, &b)), 5 - 2 * R2, 1e-6);
	/* A 4 x 2 unit facing east is 2 wide east-west and 4 tall. */
	a = rect(ba, 0, 0, 4, 2, 90);
	b = rect(bb, 0, 5, 4, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 2, 1e-6);
	b = rect(bb, 4, 0, 4, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 1, 1e-6);
	/* Two units at 217 degrees, one 3 cm straight ahead of the other's
	 * front edge: both 4 deep, so centres 4 + 3 apart. */
	a = rect(ba, 50, 50, 5, 4, 217);
	b = rect(bb, 50 + 7 * geom_dir(217).x, 50 + 7 * geom_dir(217).y, 5, 4, 217);
	assert_float_equal((geom_distance(&a, &b)), 3, 1e-6);
	/* Rotating a pair together does not change their distance. */
	for (double f = 0; f < 360; f += 30) {
		struct vec2 r = geom_right(f);
		a = rect(ba, 20, 20, 5, 2, f);
		b = rect(bb, 20 + 7.5 * r.x, 20 + 7.5 * r.y, 5, 2, f);
		assert_float_equal((geom_distance(&a, &b)), 2.5, 1e-6);
	}
}

static void test_touching_axis_aligned(void **state)
{
	struct vec2 ba[4], bb[4];
	struct shape a = rect(ba, 0, 0, 5, 2, 0), b;
	(void)state;
	/* Sharing the edge x = 2.5: distance 0, contact, no overlap. */
	b = rect(bb, 5, 0, 5, 2, 0);
	assert_true(geom_distance(&a, &b) < 1e-9);
	assert_true(geom_contact(&a, &b));
	assert_false(geom_overlap(&a, &b));
	assert_false(geom_overlap(&b, &a));
	/* Front to back (sharing y = -1). */
	b = rect(bb, 1, -2, 5, 2, 0);
	assert_true(geom_contact(&a, &b));
	assert_false(geom_overlap(&a, &b));
	/* Corner to corner only. */
	b = rect(bb, 5, 2, 5, 2, 0);
	assert_true(geom_distance(&a, &b) < 1e-9);
	assert_true(geom_contact(&a, &b));
	assert_false(geom_overlap(&a, &b));
	/* 0.06 apart: not in contact (contact is 0.05 or less). */
	b = rect(bb, 5.06, 0, 5, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 0.06, 1e-6);
	assert_false(geom_contact(&a, &b));
	assert_false(geom_contact(&b, &a));
	assert_false(geom_overlap(&a, &b));
	/* Either side of the 0.05 limit. */
	b = rect(bb, 5.049, 0, 5, 2, 0);
	assert_true(geom_contact(&a, &b));
	b = rect(bb, 5.051, 0, 5, 2, 0);
	assert_false(geom_contact(&a, &b));
	b = rect(bb, 5.04, 0, 5, 2, 0);
	assert_true(geom_contact(&a, &b));
	assert_false(geom_overlap(&a, &b));
	/* Interpenetrating by 0.01: overlap (and contact). */
	b = rect(bb, 4.99, 0, 5, 2, 0);
	assert_true(geom_overlap(&a, &b));
	assert_true(geom_overlap(&b, &a));
	assert_true(geom_contact(&a, &b));
	assert_float_equal((geom_distance(&a, &b)), 0, EPS);
	/* Identical rectangles overlap. */
	b = rect(bb, 0, 0, 5, 2, 0);
	assert_true(geom_overlap(&a, &b));
}

/* b placed beside a (to its right, gap cm between them) at facing f. */
static void pair_beside(struct shape *a, struct vec2 ba[4], struct shape *b,
                        struct vec2 bb[4], double f, double gap)
{
	struct vec2 r = geom_right(f);
	*a = rect(ba, 40, 30, 5, 2, f);
	*b = rect(bb, 40 + (5 + gap) * r.x, 30 + (5 + gap) * r.y, 5, 2, f);
}

static void test_touching_rotated(void **state)
{
	static const double facings[] = { 30, 45, 90, 135, 217, 300 };
	struct vec2 ba[4], bb[4];
	struct shape a, b;
	(void)state;
	for (size_t i = 0; i < sizeof facings / sizeof facings[0]; i++) {
		double f = facings[i];
		pair_beside(&a, ba, &b, bb, f, 0);
		assert_true(geom_distance(&a, &b) < 1e-6);
		assert_true(geom_contact(&a, &b));
		assert_false(geom_overlap(&a, &b));
		assert_false(geom_overlap(&b, &a));

		pair_beside(&a, ba, &b, bb, f, 0.06);
		assert_float_equal((geom_distance(&a, &b)), 0.06, 1e-6);
		assert_false(geom_contact(&a, &b));
		assert_false(geom_overlap(&a, &b));

		pair_beside(&a, ba, &b, bb, f, -0.01);
		assert_true(geom_overlap(&a, &b));
		assert_true(geom_overlap(&b, &a));
		assert_true(geom_contact(&a, &b));
	}
	/* A rotated corner against a straight edge: the diamond's east tip
	 * (sqrt 2, 0) on the square's west edge. */
	a = rect(ba, 0, 0, 2, 2, 45);
	b = rect(bb, R2 + 1, 0, 2, 2, 0);
	assert_true(geom_distance(&a, &b) < 1e-6);
	assert_true(geom_contact(&a, &b));
	assert_false(geom_overlap(&a, &b));
	b = rect(bb, R2 + 1.06, 0, 2, 2, 0);
	assert_float_equal((geom_distance(&a, &b)), 0.06, 1e-6);
	assert_false(geom_contact(&a, &b));
	b = rect(bb, R2 + 0.99, 0, 2, 2, 0);
	assert_true(geom_overlap(&a, &b));
	assert_true(geom_overlap(&b, &a));
}

/* ------------------------------------------------------------------ */

static void test_circles(void **state)
{
	struct vec2 ba[4], c, d;
	struct shape r = rect(ba, 0, 0, 5, 2, 0), s, t;
	(void)state;
	/* The rectangle spans y -1..1; a command stand (r 1.25) south of it. */
	c = v2(0, 5);
	s = geom_circle(&c, 1.25);
	assert_int_equal(s.kind, SHAPE_CIRCLE);
	assert_float_equal((geom_distance(&r, &s)), 2.75, 1e-6);
	assert_float_equal((geom_distance(&s, &r)), 2.75, 1e-6);
	c = v2(0, 2.25);
	assert_true(geom_distance(&r, &s) < 1e-9);
	assert_true(geom_contact(&r, &s));
	assert_false(geom_overlap(&r, &s));
	assert_false(geom_overlap(&s, &r));
	c = v2(0, 2.31);
	assert_float_equal((geom_distance(&r, &s)), 0.06, 1e-6);
	assert_false(geom_contact(&r, &s));
	c = v2(0, 2.24);
	assert_true(geom_overlap(&r, &s));
	assert_true(geom_overlap(&s, &r));
	/* Off a corner: from (2.5, 1) to (5.5, 5) is 5, less the radius. */
	c = v2(5.5, 5);
	assert_float_equal((geom_distance(&r, &s)), 3.75, 1e-6);
	/* Inside the rectangle. */
	c = v2(0.5, 0);
	assert_true(geom_overlap(&r, &s));
	assert_float_equal((geom_distance(&r, &s)), 0, EPS);
	/* A circle against a rotated rectangle: diamond tip at (sqrt 2, 0). */
	r = rect(ba, 0, 0, 2, 2, 45);
	c = v2(R2 + 1.25 + 1, 0);
	assert_float_equal((geom_distance(&r, &s)), 1, 1e-6);
	c = v2(R2 + 1.25, 0);
	assert_true(geom_contact(&r, &s));
	assert_false(geom_overlap(&r, &s));

	/* Circle and circle. */
	c = v2(0, 0);
	d = v2(3, 0);
	s = geom_circle(&c, 1);
	t = geom_circle(&d, 1);
	assert_float_equal((geom_distance(&s, &t)), 1, 1e-9);
	d = v2(2, 0);
	assert_true(geom_contact(&s, &t));
	assert_false(geom_overlap(&s, &t));
	d = v2(1.99, 0);
	assert_true(geom_overlap(&s, &t));
	d = v2(0, 2.06);
	assert_false(geom_contact(&s, &t));

	/* Points in circles. */
	c = v2(10, 10);
	s = geom_circle(&c, 1.25);
	assert_true(geom_shape_contains(&s, v2(10, 10)));
	assert_true(geom_shape_contains(&s, v2(11, 10.5)));
	assert_true(geom_shape_contains(&s, v2(10, 11.25)));
	assert_false(geom_shape_contains(&s, v2(11, 11)));
}

static void test_polyline(void **state)
{
	/* A road 3 wide: east along y = 10, then south along x = 20. */
	static const struct vec2 road[3] = { { 0, 10 }, { 20, 10 }, { 20, 30 } };
	static const struct vec2 river[2] = { { 0, 10 }, { 40, 10 } };
	struct shape s = { .kind = SHAPE_POLYLINE, .n = 3, .pts = road, .r = 1.5 };
	struct shape w = { .kind = SHAPE_POLYLINE, .n = 2, .pts = river, .r = 3 };
	struct vec2 b[4];
	struct shape u;
	(void)state;
	/* North of the road: unit spans y 4..6, road edge at 8.5. */
	u = rect(b, 10, 5, 5, 2, 0);
	assert_float_equal((geom_distance(&s, &u)), 2.5, 1e-6);
	assert_float_equal((geom_distance(&u, &s)), 2.5, 1e-6);
	assert_false(geom_overlap(&s, &u));
	/* Touching the road's edge. */
	u = rect(b, 10, 7.5, 5, 2, 0);
	assert_true(geom_distance(&s, &u) < 1e-9);
	assert_true(geom_contact(&s, &u));
	assert_false(geom_overlap(&s, &u));
	assert_false(geom_overlap(&u, &s));
	/* 0.06 short of it. */
	u = rect(b, 10, 7.44, 5, 2, 0);
	assert_float_equal((geom_distance(&s, &u)), 0.06, 1e-6);
	assert_false(geom_contact(&s, &u));
	/* Into it by 0.1. */
	u = rect(b, 10, 7.6, 5, 2, 0);
	assert_true(geom_overlap(&s, &u));
	assert_true(geom_overlap(&u, &s));
	/* Straddling the road. */
	u = rect(b, 10, 10, 5, 2, 0);
	assert_true(geom_overlap(&s, &u));
	assert_float_equal((geom_distance(&s, &u)), 0, EPS);
	/* East of the southern leg: x 24..26 vs the leg's edge at 21.5. */
	u = rect(b, 25, 20, 2, 2, 0);
	assert_float_equal((geom_distance(&s, &u)), 2.5, 1e-6);
	/* North-east of the bend at (20, 10): measured to the corner point. */
	u = rect(b, 30, 0, 2, 2, 0); /* nearest corner (29, 1) */
	assert_float_equal((geom_distance(&s, &u)), (sqrt(81 + 81) - 1.5), 1e-6);
	/* A rotated unit astride the southern leg. */
	u = rect(b, 20, 20, 5, 2, 217);
	assert_true(geom_overlap(&s, &u));
	/* A unit wholly within a wide river without touching its centre line
	 * still overlaps it. */
	u = rect(b, 10, 11.5, 2, 1, 0);
	assert_true(geom_overlap(&w, &u));
	assert_float_equal((geom_distance(&w, &u)), 0, EPS);
	/* Points on and off the road. */
	assert_true(geom_shape_contains(&s, v2(10, 11.4)));
	assert_true(geom_shape_contains(&s, v2(21.5, 25)));
	assert_false(geom_shape_contains(&s, v2(10, 11.6)));
	assert_false(geom_shape_contains(&s, v2(25, 15)));
}

/* ------------------------------------------------------------------ */

/* The zone of fire of a unit whose front corners are (0,0) and (4,0),
 * aiming at (2,-20). */
static const struct vec2 zone[3] = { { 0, 0 }, { 4, 0 }, { 2, -20 } };

static struct shape zone_shape(void)
{
	return (struct shape){ .kind = SHAPE_POLYGON, .n = 3, .pts = zone, .r = 0 };
}

static void test_triangle_points(void **state)
{
	(void)state;
	assert_true(geom_tri_contains(zone, v2(2, -10)));
	assert_true(geom_tri_contains(zone, v2(2, -0.5)));
	assert_true(geom_tri_contains(zone, v2(2, 0)));   /* on the base */
	assert_true(geom_tri_contains(zone, v2(1, -10))); /* on the left edge */
	assert_true(geom_tri_contains(zone, v2(2, -20))); /* the apex */
	assert_false(geom_tri_contains(zone, v2(0.9, -10)));
	assert_false(geom_tri_contains(zone, v2(3.1, -10)));
	assert_false(geom_tri_contains(zone, v2(2, -20.1)));
	assert_false(geom_tri_contains(zone, v2(2, 0.1)));
	assert_false(geom_tri_contains(zone, v2(-5, -5)));
}

static void test_triangle_rect(void **state)
{
	struct shape t = zone_shape(), u;
	struct vec2 b[4], n, m;
	double len;
	(void)state;
	/* A unit squarely in the zone. */
	u = rect(b, 2, -10, 1, 1, 0);
	assert_true(geom_overlap(&t, &u));
	assert_true(geom_overlap(&u, &t));
	/* A unit poking in from the west: at y = -10 the edge is at x = 1. */
	u = rect(b, 0.75, -10, 1.5, 1, 0);
	assert_true(geom_overlap(&t, &u));
	/* A long thin unit crossing the zone with no corner inside it, and
	 * no corner of the zone inside the unit. */
	u = rect(b, 2, -5, 20, 1, 0);
	assert_true(geom_overlap(&t, &u));
	assert_true(geom_overlap(&u, &t));
	/* The same, rotated. */
	u = rect(b, 2, -10, 20, 0.5, 217);
	assert_true(geom_overlap(&t, &u));
	/* Only the apex touches the unit's south edge: no overlap. */
	u = rect(b, 2, -21, 2, 2, 0);
	assert_false(geom_overlap(&t, &u));
	assert_false(geom_overlap(&u, &t));
	assert_true(geom_contact(&t, &u));
	/* The firer itself shares the base edge: touching, not overlapping. */
	u = rect(b, 2, 1, 4, 2, 0);
	assert_false(geom_overlap(&t, &u));
	assert_true(geom_contact(&t, &u));
	/* The corner of a unit just touching the zone's west edge at (1,-10). */
	u = rect(b, 0, -10, 2, 2, 45);
	/* Its east tip is at (sqrt 2, -10), which is inside: overlap. */
	assert_true(geom_overlap(&t, &u));
	u = rect(b, 1 - R2, -10, 2, 2, 45);
	/* Now the east tip is exactly on the edge. */
	assert_false(geom_overlap(&t, &u));
	assert_true(geom_contact(&t, &u));
	/* Separated. */
	u = rect(b, -4, -10, 2, 1, 0);
	assert_false(geom_overlap(&t, &u));
	assert_false(geom_contact(&t, &u));
	u = rect(b, 2, -25, 2, 2, 0);
	assert_false(geom_overlap(&t, &u));
	assert_float_equal((geom_distance(&t, &u)), 4, 1e-6);
	/* The zone wholly inside a big unit. */
	u = rect(b, 2, -10, 30, 30, 0);
	assert_true(geom_overlap(&t, &u));

	/* A unit lying flush along the slanted west edge: its back edge on
	 * the line from (0,0) to (2,-20), facing away from the zone. */
	n = v2(-20, -2); /* outward normal of that edge */
	len = v2_len(n);
	n = v2_scale(n, 1 / len);
	m = v2(1, -10); /* the middle of the edge */
	u = rect(b, m.x + n.x * 1, m.y + n.y * 1, 4, 2, geom_bearing(v2(0, 0), n));
	assert_true(geom_distance(&t, &u) < 1e-6);
	assert_true(geom_contact(&t, &u));
	assert_false(geom_overlap(&t, &u));
	assert_false(geom_overlap(&u, &t));
	/* Pushed 0.01 into the zone. */
	u = rect(b, m.x + n.x * 0.99, m.y + n.y * 0.99, 4, 2, geom_bearing(v2(0, 0), n));
	assert_true(geom_overlap(&t, &u));
	/* Pulled 0.06 away. */
	u = rect(b, m.x + n.x * 1.06, m.y + n.y * 1.06, 4, 2, geom_bearing(v2(0, 0), n));
	assert_false(geom_overlap(&t, &u));
	assert_false(geom_contact(&t, &u));
	assert_float_equal((geom_distance(&t, &u)), 0.06, 1e-6);
}

/* ------------------------------------------------------------------ */

static void test_poly_contains(void **state)
{
	(void)state;
	/* Convex. */
	assert_true(geom_poly_contains(square10, 4, v2(5, 5)));
	assert_true(geom_poly_contains(square10, 4, v2(10, 5)));  /* edge */
	assert_true(geom_poly_contains(square10, 4, v2(0, 0)));   /* vertex */
	assert_true(geom_poly_contains(square10, 4, v2(5, 10)));  /* edge */
	assert_false(geom_poly_contains(square10, 4, v2(15, 5)));
	assert_false(geom_poly_contains(square10, 4, v2(10.001, 5)));
	assert_false(geom_poly_contains(square10, 4, v2(-1, 0))); /* on an edge's line */

	/* Non-convex: the notch x 4..6, y 4..10 is outside. */
	assert_true(geom_poly_contains(notch, 8, v2(5, 2)));
	assert_true(geom_poly_contains(notch, 8, v2(2, 8)));
	assert_true(geom_poly_contains(notch, 8, v2(8, 8)));
	assert_false(geom_poly_contains(notch, 8, v2(5, 8)));
	assert_false(geom_poly_contains(notch, 8, v2(5, 10))); /* mouth of the notch */
	assert_false(geom_poly_contains(notch, 8, v2(5, 4.5)));
	/* On the notch's edges. */
	assert_true(geom_poly_contains(notch, 8, v2(5, 4)));
	assert_true(geom_poly_contains(notch, 8, v2(6, 7)));
	assert_true(geom_poly_contains(notch, 8, v2(4, 10)));
	/* Rays through the notch's vertices (y = 4) and along its bottom. */
	assert_true(geom_poly_contains(notch, 8, v2(1, 4)));
	assert_true(geom_poly_contains(notch, 8, v2(9, 4)));
	assert_false(geom_poly_contains(notch, 8, v2(-1, 4)));
	assert_false(geom_poly_contains(notch, 8, v2(12, 4)));
	assert_false(geom_poly_contains(notch, 8, v2(12, 10)));
	/* Same answers with the opposite winding. */
	{
		struct vec2 rev[8];
		for (int i = 0; i < 8; i++)
			rev[i] = notch[7 - i];
		assert_true(geom_poly_contains(rev, 8, v2(5, 2)));
		assert_false(geom_poly_contains(rev, 8, v2(5, 8)));
		assert_true(geom_poly_contains(rev, 8, v2(1, 4)));
	}
	/* geom_shape_contains on a polygon agrees. */
	{
		struct shape p = { .kind = SHAPE_POLYGON, .n = 8, .pts = notch, .r = 0 };
		assert_true(geom_shape_contains(&p, v2(2, 8)));
		assert_false(geom_shape_contains(&p, v2(5, 8)));
	}
}

static void test_inside(void **state)
{
	struct shape p = { .kind = SHAPE_POLYGON, .n = 8, .pts = notch, .r = 0 };
	struct shape sq = { .kind = SHAPE_POLYGON, .n = 4, .pts = square10, .r = 0 };
	struct vec2 b[4], c;
	struct shape u, circ;
	(void)state;
	/* Wholly in the west arm. */
	u = rect(b, 2, 7, 2, 2, 0);
	assert_true(geom_inside(&p, &u));
	/* In the west arm, its east edge on the notch's edge (boundary counts). */
	u = rect(b, 3, 7, 2, 2, 0);
	assert_true(geom_inside(&p, &u));
	/* Across the notch: every corner is inside, but the notch is not. */
	u = rect(b, 5, 7, 4, 2, 0);
	assert_false(geom_inside(&p, &u));
	/* Corners in both arms and below the notch; the notch cuts its top. */
	u = rect(b, 5, 6, 4, 6, 0);
	assert_false(geom_inside(&p, &u));
	/* Below the notch, spanning under it. */
	u = rect(b, 5, 2, 8, 2, 0);
	assert_true(geom_inside(&p, &u));
	/* Below the notch, its top edge along the notch's bottom edge. */
	u = rect(b, 5, 3, 4, 2, 0);
	assert_true(geom_inside(&p, &u));
	/* Partly outside the outer boundary. */
	u = rect(b, 9.5, 5, 2, 2, 0);
	assert_false(geom_inside(&p, &u));
	/* Wholly outside. */
	u = rect(b, 20, 5, 2, 2, 0);
	assert_false(geom_inside(&p, &u));
	/* Rotated, in the south-east arm (x 6..10, y up to 10). */
	u = rect(b, 8, 7, 2, 2, 45);
	assert_true(geom_inside(&p, &u));
	u = rect(b, 6.9, 7, 2, 2, 45); /* west tip at 6.9 - 1.414 < 6 */
	assert_false(geom_inside(&p, &u));
	/* Convex polygon. */
	u = rect(b, 5, 5, 4, 4, 30);
	assert_true(geom_inside(&sq, &u));
	/* The polygon is not inside the unit. */
	assert_false(geom_inside(&u, &sq));
	/* Circles. */
	c = v2(2, 2);
	circ = geom_circle(&c, 1);
	assert_true(geom_inside(&p, &circ));
	c = v2(2, 7);
	circ = geom_circle(&c, 1.5);
	assert_true(geom_inside(&p, &circ));
	circ = geom_circle(&c, 2.5);
	assert_false(geom_inside(&p, &circ));
	c = v2(5, 8); /* in the notch */
	circ = geom_circle(&c, 0.5);
	assert_false(geom_inside(&p, &circ));
}

static void test_poly_overlap_nonconvex(void **state)
{
	struct shape p = { .kind = SHAPE_POLYGON, .n = 8, .pts = notch, .r = 0 };
	struct vec2 b[4];
	struct shape u;
	(void)state;
	/* Inside the notch and clear of its sides: no overlap. */
	u = rect(b, 5, 7, 1, 2, 0);
	assert_false(geom_overlap(&p, &u));
	assert_false(geom_overlap(&u, &p));
	assert_float_equal((geom_distance(&p, &u)), 0.5, 1e-6);
	/* Wider than the notch. */
	u = rect(b, 5, 7, 2.02, 6, 0);
	assert_true(geom_overlap(&p, &u));
	/* In the west arm. */
	u = rect(b, 2, 7, 1, 1, 0);
	assert_true(geom_overlap(&p, &u));
	/* Against the east side from outside: touching, then 0.01 in. */
	u = rect(b, 12.5, 5, 5, 2, 0);
	assert_false(geom_overlap(&p, &u));
	assert_true(geom_contact(&p, &u));
	u = rect(b, 12.49, 5, 5, 2, 0);
	assert_true(geom_overlap(&p, &u));
	assert_true(geom_overlap(&u, &p));
	/* Against the notch's east wall from inside the notch, 0.01 in. */
	u = rect(b, 5.01, 7, 2, 1, 0);
	assert_true(geom_overlap(&p, &u));
}

/* A unit in the notch where the polygon's centroid (5, 4.73) lies: the
 * centroid is outside the polygon, so it proves nothing about overlap. */
static void test_poly_overlap_notch_centroid(void **state)
{
	struct shape p = { .kind = SHAPE_POLYGON, .n = 8, .pts = notch, .r = 0 };
	struct vec2 b[4], c;
	struct shape u;
	(void)state;
	c = geom_poly_centroid(notch, 8);
	assert_false(geom_poly_contains(notch, 8, c));
	/* Deep in the notch, 0.25 from its bottom. */
	u = rect(b, 5, 5, 1, 1.5, 0);
	assert_float_equal((geom_distance(&p, &u)), 0.25, 1e-6);
	assert_false(geom_contact(&p, &u));
	assert_false(geom_overlap(&p, &u));
	assert_false(geom_overlap(&u, &p));
	/* Filling the notch exactly: touching, not overlapping. */
	u = rect(b, 5, 7, 2, 6, 0);
	assert_false(geom_overlap(&p, &u));
	assert_true(geom_contact(&p, &u));
}

static void test_poly_is_simple(void **state)
{
	static const struct vec2 bowtie[4] = { { 0, 0 }, { 10, 10 }, { 10, 0 }, { 0, 10 } };
	static const struct vec2 lopsided[4] = { { 0, 0 }, { 10, 10 }, { 10, 0 }, { 0, 12 } };
	static const struct vec2 foldback[4] = { { 0, 0 }, { 10, 0 }, { 5, 0 }, { 5, 5 } };
	static const struct vec2 repeated[4] = { { 0, 0 }, { 10, 0 }, { 10, 0 }, { 10, 10 } };
	static const struct vec2 flat[3] = { { 0, 0 }, { 5, 0 }, { 10, 0 } };
	static const struct vec2 pinched[6] = {
		{ 0, 0 }, { 10, 0 }, { 5, 5 }, { 10, 10 }, { 0, 10 }, { 5, 5 },
	};
	static const struct vec2 spike[5] = { { 0, 0 }, { 10, 0 }, { 10, 10 }, { 10, 5 }, { 0, 10 } };
	static const struct vec2 tri[3] = { { 0, 0 }, { 6, 0 }, { 0, 3 } };
	static const struct vec2 arrow[6] = {
		{ 0, 0 }, { 5, 3 }, { 10, 0 }, { 10, 10 }, { 5, 7 }, { 0, 10 },
	};
	int a = -1, b = -1;
	(void)state;
	/* The edges reported are the two that cross (the loader names them
	 * in its message): edge 0 (0,0)-(10,10) and edge 2 (10,0)-(0,12)... */
	assert_false(geom_poly_is_simple(lopsided, 4, &a, &b));
	assert_int_equal(a, 0);
	assert_int_equal(b, 2);
	/* ... also for a symmetric bow-tie, whose signed area is zero: edges
	 * 0 and 1 only share their common vertex. */
	a = b = -1;
	assert_false(geom_poly_is_simple(bowtie, 4, &a, &b));
	assert_int_equal(a, 0);
	assert_int_equal(b, 2);
	assert_false(geom_poly_is_simple(foldback, 4, NULL, NULL));
	a = b = -1;
	assert_false(geom_poly_is_simple(repeated, 4, &a, &b));
	assert_in_range(a, 0, 3);
	assert_in_range(b, 0, 3);
	assert_int_not_equal(a, b);
	assert_false(geom_poly_is_simple(flat, 3, NULL, NULL));
	assert_false(geom_poly_is_simple(pinched, 6, NULL, NULL));
	assert_false(geom_poly_is_simple(spike, 5, NULL, NULL));
	assert_false(geom_poly_is_simple(square10, 2, NULL, NULL));
	assert_true(geom_poly_is_simple(square10, 4, NULL, NULL));
	assert_true(geom_poly_is_simple(notch, 8, NULL, NULL));
	assert_true(geom_poly_is_simple(tri, 3, NULL, NULL));
	assert_true(geom_poly_is_simple(arrow, 6, NULL, NULL));
	assert_true(geom_poly_is_simple(zone, 3, NULL, NULL));
	/* Convexity. */
	assert_true(geom_poly_is_convex(square10, 4));
	assert_true(geom_poly_is_convex(tri, 3));
	assert_false(geom_poly_is_convex(notch, 8));
	assert_false(geom_poly_is_convex(arrow, 6));
}

static void test_segments(void **state)
{
	struct vec2 at = v2(-1, -1);
	(void)state;
	/* An X. */
	assert_true(geom_seg_intersect(v2(0, 0), v2(10, 10), v2(0, 10), v2(10, 0), &at));
	assert_vec(at, 5, 5, 1e-9);
	/* Lines cross at (5,5) but the first segment stops at (4,4). */
	assert_false(geom_seg_intersect(v2(0, 0), v2(4, 4), v2(0, 10), v2(10, 0), NULL));
	assert_float_equal((geom_seg_seg_dist(v2(0, 0), v2(4, 4), v2(0, 10), v2(10, 0))), R2, 1e-9);
	/* Parallel. */
	assert_false(geom_seg_intersect(v2(0, 0), v2(10, 0), v2(0, 1), v2(10, 1), NULL));
	assert_float_equal((geom_seg_seg_dist(v2(0, 0), v2(10, 0), v2(0, 1), v2(10, 1))), 1, 1e-9);
	/* Collinear, overlapping and apart. */
	assert_true(geom_seg_intersect(v2(0, 0), v2(10, 0), v2(5, 0), v2(15, 0), NULL));
	assert_false(geom_seg_intersect(v2(0, 0), v2(4, 0), v2(5, 0), v2(9, 0), NULL));
	assert_float_equal((geom_seg_seg_dist(v2(0, 0), v2(4, 0), v2(5, 0), v2(9, 0))), 1, 1e-9);
	/* A T: one segment ends on the other. */
	assert_true(geom_seg_intersect(v2(0, 0), v2(10, 0), v2(3, 5), v2(3, 0), &at));
	assert_vec(at, 3, 0, 1e-9);
	/* Sharing an end point. */
	assert_true(geom_seg_intersect(v2(0, 0), v2(5, 5), v2(5, 5), v2(10, 0), &at));
	assert_vec(at, 5, 5, 1e-9);
	assert_float_equal((geom_seg_seg_dist(v2(0, 0), v2(5, 5), v2(5, 5), v2(10, 0))), 0, 1e-9);
	/* Points and segments. */
	assert_float_equal((geom_point_seg_dist(v2(5, 3), v2(0, 0), v2(10, 0))), 3, 1e-9);
	assert_float_equal((geom_point_seg_dist(v2(13, 4), v2(0, 0), v2(10, 0))), 5, 1e-9);
	assert_float_equal((geom_point_seg_dist(v2(-3, -4), v2(0, 0), v2(10, 0))), 5, 1e-9);
	assert_float_equal((geom_point_seg_dist(v2(1, 1), v2(2, 2), v2(2, 2))), R2, 1e-9);
}

static void test_area_centroid_diameter(void **state)
{
	static const struct vec2 tri[3] = { { 0, 0 }, { 6, 0 }, { 0, 3 } };
	struct vec2 rev[4], c;
	(void)state;
	/* Signed area: clockwise on screen (y down) is positive here; the
	 * reverse winding is negative. */
	assert_float_equal((geom_poly_area(square10, 4)), 100, 1e-9);
	for (int i = 0; i < 4; i++)
		rev[i] = square10[3 - i];
	assert_float_equal((geom_poly_area(rev, 4)), -100, 1e-9);
	assert_float_equal((fabs(geom_poly_area(notch, 8))), 88, 1e-9);
	assert_float_equal((fabs(geom_poly_area(tri, 3))), 9, 1e-9);

	c = geom_poly_centroid(square10, 4);
	assert_vec(c, 5, 5, 1e-9);
	c = geom_poly_centroid(rev, 4);
	assert_vec(c, 5, 5, 1e-9);
	c = geom_poly_centroid(tri, 3);
	assert_vec(c, 2, 1, 1e-9);
	/* Square (5,5) x 100 less the notch (5,7) x 12, over 88. */
	c = geom_poly_centroid(notch, 8);
	assert_vec(c, 5, 416.0 / 88.0, 1e-9);

	assert_float_equal((geom_poly_diameter(square10, 4)), (10 * R2), 1e-9);
	assert_float_equal((geom_poly_diameter(tri, 3)), (sqrt(45)), 1e-9);
	assert_float_equal((geom_poly_diameter(notch, 8)), (10 * R2), 1e-9);
}

/* How far a rectangle may slide before it overlaps (or touches) another:
 * the bound comes from an axis between them. */
static void test_free_run(void **state)
{
	struct vec2 ab[4], bb[4], cb[4];
	/* a: 4 x 2 at (0, 0); b: 4 x 2 at (10, 0), so 6 cm apart along x. */
	struct shape a = rect(ab, 0, 0, 4, 2, 0), b = rect(bb, 10, 0, 4, 2, 0), c;
	struct shape notched = { .kind = SHAPE_POLYGON, .n = 8, .pts = notch };
	(void)state;
	/* Straight at it: 6 cm to overlap, a hair less; 6 - 0.05 to touch. */
	assert_float_equal(geom_free_run(&a, &b, v2(1, 0), -GEOM_OVERLAP_EPS), 6 + GEOM_OVERLAP_EPS, 1e-8);
	assert_float_equal(geom_free_run(&a, &b, v2(1, 0), GEOM_CONTACT), 6 - GEOM_CONTACT, 1e-8);
	/* At 60 degrees off that line it goes twice as far along its way. */
	assert_float_equal(geom_free_run(&a, &b, v2(0.5, sqrt(3) / 2), GEOM_CONTACT), 2 * (6 - GEOM_CONTACT), 1e-7);
	/* Away from it, or sliding past it side by side: never. */
	assert_true(isinf(geom_free_run(&a, &b, v2(-1, 0), GEOM_CONTACT)));
	c = rect(cb, 0, 2.01, 4, 2, 0);
	assert_true(isinf(geom_free_run(&a, &c, v2(1, 0), -GEOM_OVERLAP_EPS)));
	assert_true(isinf(geom_free_run(&a, &c, v2(1, 0), 0)));
	/* Closer than keep along every axis (here, touching): no bound. */
	assert_float_equal(geom_free_run(&a, &c, v2(1, 0), GEOM_CONTACT), 0, 0);
	/* Overlapping already, or a shape that is not convex: 0. */
	c = rect(cb, 1, 0, 4, 2, 0);
	assert_float_equal(geom_free_run(&a, &c, v2(1, 0), -GEOM_OVERLAP_EPS), 0, 0);
	assert_float_equal(geom_free_run(&a, &notched, v2(1, 0), -GEOM_OVERLAP_EPS), 0, 0);
}

static void test_vectors(void **state)
{
	struct vec2 a = v2(3, 4), b = v2(-1, 2);
	(void)state;
	assert_vec(v2_add(a, b), 2, 6, 0);
	assert_vec(v2_sub(a, b), 4, 2, 0);
	assert_vec(v2_scale(a, 0.5), 1.5, 2, 0);
	assert_float_equal((v2_dot(a, b)), 5, 0);
	assert_float_equal((v2_cross(a, b)), 10, 0);
	assert_float_equal((v2_len(a)), 5, 1e-12);
	assert_float_equal((v2_dist(a, b)), (sqrt(20)), 1e-12);
}

/* The old all-pairs reading of "simple" and "crosses itself", to check
 * the grid that replaced it pair for pair. */
static bool brute_on_segment(struct vec2 q, struct vec2 a, struct vec2 b)
{
	return geom_point_seg_dist(q, a, b) <= 1e-9;
}

static bool brute_simple(const struct vec2 *p, int n, int *ba, int *bb)
{
	for (int i = 0; i < n; i++) {
		struct vec2 a = p[i], b = p[(i + 1) % n];
		if (v2_dist(a, b) <= 1e-9) {
			*ba = i, *bb = (i + 1) % n;
			return false;
		}
		for (int j = i + 1; j < n; j++) {
			struct vec2 c = p[j], d = p[(j + 1) % n];
			bool bad;
			if (j == i + 1)
				bad = brute_on_segment(d, a, b) || brute_on_segment(a, c, d);
			else if ((j + 1) % n == i)
				bad = brute_on_segment(c, a, b) || brute_on_segment(b, c, d);
			else
				bad = geom_seg_intersect(a, b, c, d, NULL);
			if (bad) {
				*ba = i, *bb = j;
				return false;
			}
		}
	}
	return true;
}

static bool brute_crosses(const struct vec2 *p, int n, int *ba, int *bb)
{
	for (int i = 0; i + 1 < n; i++)
		for (int j = i + 2; j + 1 < n; j++)
			if (geom_seg_intersect(p[i], p[i + 1], p[j], p[j + 1], NULL)) {
				*ba = i, *bb = j;
				return true;
			}
	return false;
}

/* Random outlines, from a few points to a few hundred, some on a coarse
 * lattice (touching and collinear cases): the grid finds the same first
 * bad pair as checking every pair. */
static void test_outline_checks_match_all_pairs(void **state)
{
	uint64_t x = 12345;
	int disagree = 0, bad_seen = 0, good_seen = 0;
	(void)state;
	for (int t = 0; t < 3000; t++) {
		struct vec2 p[300];
		int n = 3 + (int)((x = x * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % (t % 7 == 0 ? 290 : 12);
		bool lattice = t % 3 == 0;
		int a1 = -1, b1 = -1, a2 = -1, b2 = -1;
		bool s1, s2;
		for (int i = 0; i < n; i++) {
			double u, v;
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			u = (double)(x >> 11) / 9007199254740992.0;
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			v = (double)(x >> 11) / 9007199254740992.0;
			if (lattice)
				p[i] = (struct vec2){ floor(u * 6), floor(v * 6) };
			else if (t % 5 == 0) /* a star: a circle with jitter */
				p[i] = (struct vec2){ 50 + (20 + 10 * v) * cos(2 * M_PI * i / n),
				                      50 + (20 + 10 * v) * sin(2 * M_PI * i / n) };
			else
				p[i] = (struct vec2){ u * 100, v * 100 };
		}
		s1 = brute_simple(p, n, &a1, &b1);
		s2 = geom_poly_is_simple(p, n, &a2, &b2);
		if (s1 && !s2 && fabs(geom_poly_area(p, n)) <= 1e-9)
			s1 = false, a1 = a2, b1 = b2; /* no area: both refuse */
		if (s1 != s2 || (!s1 && (a1 != a2 || b1 != b2)))
			disagree++;
		s1 ? good_seen++ : bad_seen++;
		s1 = brute_crosses(p, n, &a1, &b1);
		s2 = geom_polyline_crosses_itself(p, n, &a2, &b2);
		if (s1 != s2 || (s1 && (a1 != a2 || b1 != b2)))
			disagree++;
	}
	assert_int_equal(disagree, 0);
	assert_true(bad_seen > 100);
	assert_true(good_seen > 100);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outline_checks_match_all_pairs),
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_dir_and_right),
		cmocka_unit_test(test_bearing),
		cmocka_unit_test(test_norm_and_diff),
		cmocka_unit_test(test_obb_corners),
		cmocka_unit_test(test_obb_shape),
		cmocka_unit_test(test_distance_axis_aligned),
		cmocka_unit_test(test_distance_rotated),
		cmocka_unit_test(test_touching_axis_aligned),
		cmocka_unit_test(test_touching_rotated),
		cmocka_unit_test(test_circles),
		cmocka_unit_test(test_polyline),
		cmocka_unit_test(test_triangle_points),
		cmocka_unit_test(test_triangle_rect),
		cmocka_unit_test(test_poly_contains),
		cmocka_unit_test(test_inside),
		cmocka_unit_test(test_poly_overlap_nonconvex),
		cmocka_unit_test(test_poly_overlap_notch_centroid),
		cmocka_unit_test(test_poly_is_simple),
		cmocka_unit_test(test_segments),
		cmocka_unit_test(test_area_centroid_diameter),
		cmocka_unit_test(test_free_run),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
