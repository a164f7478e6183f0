/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-aim: the facing of a charge ("How does a unit charge?": a pivot of
 * at most 90 degrees in the initiative, then straight ahead) and the
 * extended charge's "just outside": the pivots tried, the lane a charger
 * sweeps, the smallest pivot that makes a charge legal (and its tie),
 * a charge straight ahead that the old turn to the target's centre would
 * have spoilt, and the boundary of an extension. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/aim.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/order.h"
#include "engine/rules.h"
#include "test-util.h"
#include "io/load-rules.h"

/* Side A's brigade has the initiative in the manoeuvre phase; its corps
 * commander (excellent, 18 cm) stands at (50, 90).  Side B has none: its
 * units never react. */
static struct game *new_game(void)
{
	struct game *g = test_game_new(3);
	struct commander k = { .id = "C0", .name = "corps A", .side = SIDE_A, .level = CL_CORPS,
	                       .of = 0, .rating = CR_EXCELLENT, .pos = { 50, 90 },
	                       .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	assert_int_equal(game_add_commander(g, &k), 0);
	g->corps[SIDE_A].commander = 0;
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->current_unit = -1;
	g->divmove = -1;
	g->phase = PHASE_MANOEUVRE;
	return g;
}

static int add(struct game *g, const char *id, enum side side, enum unit_type type,
               enum formation form, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, RATING_VETERAN, form, x, y, facing);
	return game_add_unit(g, &u);
}

static int decide_first(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	d->choice = 0;
	return 0;
}

/* The charge order, with a facing when facing is not NAN; why gets the
 * refusal.  Carried out: the state changes. */
static int charge(struct game *g, int unit, int target, double facing, bool extend, char *why,
                  size_t size)
{
	struct controller side = { .decide = decide_first };
	struct controller *ctl[SIDE_COUNT] = { &side, &side };
	struct order o = order_new(ORD_CHARGE);
	o.unit = unit;
	o.target = target;
	if (!isnan(facing)) {
		o.a = facing;
		o.has_a = true;
	}
	if (extend)
		o.flag = OF_EXTEND;
	why[0] = '\0';
	return order_exec(g, ctl, SIDE_A, &o, why, size);
}

/* The same, only checked: the state is put back. */
static int try_charge(struct game *g, int unit, int target, double facing, bool extend, char *why,
                      size_t size)
{
	struct snapshot s;
	int r;
	assert_int_equal(game_snapshot(g, &s), 0);
	r = charge(g, unit, target, facing, extend, why, size);
	game_restore(g, &s);
	snapshot_free(&s);
	return r;
}

static void test_pivot_order(void **state)
{
	(void)state;
	assert_int_equal(aim_count(90), 181);
	assert_int_equal(aim_count(89.5), 179);
	assert_int_equal(aim_count(0), 1);
	assert_int_equal(aim_count(-1), 0);
	assert_float_equal(aim_pivot(0), 0, 0);
	assert_float_equal(aim_pivot(1), 1, 0);
	assert_float_equal(aim_pivot(2), -1, 0);
	assert_float_equal(aim_pivot(3), 2, 0);
	assert_float_equal(aim_pivot(180), -90, 0);
	/* The most an extension can carry a unit: its dice all 6. */
	assert_float_equal(aim_extend_most(UT_LINE_INF), 6, 0);
	assert_float_equal(aim_extend_most(UT_LIGHT_CAV), 6, 0);
	assert_float_equal(aim_extend_most(UT_MEDIUM_CAV), 12, 0);
	assert_float_equal(aim_extend_most(UT_HEAVY_CAV), 18, 0);
}

/* The lane: a column (2.5 wide, 4 deep) at (50, 80) facing north; a line
 * (5 x 2) whose near edge is 10 cm beyond its front edge. */
static void test_lane(void **state)
{
	struct game *g = new_game();
	int c = add(g, "C", SIDE_A, UT_LINE_INF, FORM_COLUMN, 50, 80, 0);
	int t = add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 53, 67, 180);
	const struct unit *u = &g->units[c], *e = &g->units[t];
	struct aim_lane l;
	(void)state;
	aim_lane(u, e, &l);
	/* Straight on, its edge 0.25 cm inside the lane: 10 cm (less the
	 * contact distance). */
	assert_float_equal(aim_lane_gap(&l, 0), 10 - GEOM_CONTACT, 1e-9);
	assert_true(aim_lined_up(u, e, 0, 9.9));
	assert_false(aim_lined_up(u, e, 0, 9.8));
	/* Turned away, or right round, it is not ahead at all. */
	assert_false(isfinite(aim_lane_gap(&l, 300)));
	assert_false(isfinite(aim_lane_gap(&l, 180)));
	/* The least turn that brings it ahead is none; a target wholly to
	 * the east needs a quarter turn, less its breadth. */
	assert_float_equal(aim_least_turn(u, e), 0, 0);
	g->units[t].pos = v2(70, 80);
	g->units[t].facing = 270;
	aim_lane(u, e, &l);
	assert_false(isfinite(aim_lane_gap(&l, 0)));
	assert_true(isfinite(aim_lane_gap(&l, 90)));
	assert_in_range((long)aim_least_turn(u, e), 75, 89);
	game_free(g);
}

/* Repro "cs": the column L reaches T straight ahead (the corner of T's
 * line overlaps its lane, 7 cm on) without touching its friend F; turning
 * to face T's centre (16.7 degrees) would run it into F.  The charge goes
 * straight ahead; ordered toward the centre it is refused. */
static void test_straight_ahead_first(void **state)
{
	struct game *g = new_game();
	int l = add(g, "L", SIDE_A, UT_LINE_INF, FORM_COLUMN, 50, 80, 0);
	int t = add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 53, 70, 180);
	char why[256];
	struct vec2 end;
	double facing;
	(void)state;
	add(g, "F", SIDE_A, UT_LINE_INF, FORM_COLUMN, 54, 74.5, 0);
	assert_int_equal(order_charge_reach(g, l, t, &end, &facing, why, sizeof why), 0);
	assert_float_equal(facing, 0, 0);
	assert_float_equal(end.y, 73.05, 1e-9);
	assert_int_equal(try_charge(g, l, t, 16.7, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "L cannot charge T: it would contact F on the way"));
	assert_int_equal(charge(g, l, t, NAN, false, why, sizeof why), 0);
	assert_float_equal(g->units[l].pos.x, 50, 1e-9);
	assert_float_equal(g->units[l].pos.y, 73.05, 1e-9);
	assert_float_equal(g->units[l].facing, 0, 0);
	assert_float_equal(g->units[l].pivoted, 0, 0);
	game_free(g);
}

/* The smallest pivot: hussars (a line 5 x 4) facing north, a line well
 * off to the north-east.  The default facing is a pivot p clockwise such
 * that p - 1 is refused and p is allowed; the preview agrees. */
static void test_smallest_pivot(void **state)
{
	struct game *g = new_game();
	int k = add(g, "K", SIDE_A, UT_LIGHT_CAV, FORM_LINE, 50, 80, 0);
	int t = add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 62, 66, 180);
	char why[256];
	struct vec2 end;
	double facing, p;
	(void)state;
	assert_int_equal(order_charge_reach(g, k, t, &end, &facing, why, sizeof why), 0);
	p = facing;
	assert_in_range((long)p, 10, 60);
	assert_float_equal(p, round(p), 0);
	assert_int_equal(try_charge(g, k, t, p - 1, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "does not have T ahead of it: a charge goes straight ahead"));
	assert_int_equal(try_charge(g, k, t, p, false, why, sizeof why), 0);
	/* Anticlockwise, by the same amount, it would not have it ahead. */
	assert_int_equal(try_charge(g, k, t, -p, false, why, sizeof why), -1);
	assert_int_equal(charge(g, k, t, NAN, false, why, sizeof why), 0);
	assert_float_equal(g->units[k].facing, p, 0);
	assert_float_equal(g->units[k].pivoted, p, 0);
	assert_float_equal(g->units[k].pos.x, end.x, 1e-9);
	assert_float_equal(g->units[k].pos.y, end.y, 1e-9);
	game_free(g);
}

/* A tie: a battery turned 45 degrees (a diamond, one corner toward the
 * hussars) 25.06 cm beyond their front is out of reach straight ahead (a
 * charge of 25 cm and contact at 0.05), and within it after a pivot of 2
 * degrees either way (the corner is then 27.06 cos 2 = 27.04 cm ahead of
 * their centre, 25.04 ahead of the front edge).  Clockwise is tried first
 * and taken; with a friend blocking the clockwise pivot, anticlockwise. */
static void test_tie_clockwise(void **state)
{
	struct game *g = new_game();
	int k = add(g, "K", SIDE_A, UT_LIGHT_CAV, FORM_LINE, 50, 80, 0);
	int t = add(g, "G", SIDE_B, UT_FOOT_ART, FORM_BATTERY, 50, 78 - 25.06 - 1.5 * sqrt(2), 45);
	char why[256];
	struct vec2 end;
	double facing, p;
	(void)state;
	assert_int_equal(try_charge(g, k, t, 0, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "cannot reach G: its charge of 25 cm"));
	if (order_charge_reach(g, k, t, &end, &facing, why, sizeof why) != 0)
		fail_msg("refused: %s", why);
	p = facing;
	assert_float_equal(p, 2, 0);
	assert_int_equal(try_charge(g, k, t, 358, false, why, sizeof why), 0);
	assert_int_equal(try_charge(g, k, t, 1, false, why, sizeof why), -1);
	assert_int_equal(try_charge(g, k, t, 359, false, why, sizeof why), -1);
	/* A friend just east of the hussars' right front corner: any pivot
	 * clockwise touches it. */
	add(g, "F", SIDE_A, UT_LINE_INF, FORM_LINE, 55.01, 79, 0);
	assert_int_equal(try_charge(g, k, t, 2, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "K cannot turn to face 2 to charge G: it would touch F"));
	assert_int_equal(order_charge_reach(g, k, t, &end, &facing, why, sizeof why), 0);
	assert_float_equal(facing, 360 - p, 0);
	game_free(g);
}

/* Repro "e1": light cavalry skirmishers facing east reach the flank of a
 * line facing south straight ahead, and outflank it: allowed.  Turned to
 * the line's centre they would not outflank it. */
static void test_unformed_straight(void **state)
{
	struct game *g = new_game();
	int c = add(g, "C", SIDE_A, UT_LIGHT_CAV, FORM_SKIRMISH, 35, 83, 90);
	int e = add(g, "E", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 85, 180);
	char why[256];
	(void)state;
	assert_int_equal(try_charge(g, c, e, 97.6, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "may charge formed troops E only if it outflanks it"));
	assert_int_equal(charge(g, c, e, NAN, false, why, sizeof why), 0);
	assert_float_equal(g->units[c].facing, 90, 0);
	assert_float_equal(g->units[c].pos.x, 45.45, 1e-9);
	game_free(g);
}

/* The 90 degrees: after pivoting 60 this initiative, a charge needing 31
 * more is refused, naming the rule; the facing given may not be more. */
static void test_pivot_limit(void **state)
{
	struct game *g = new_game();
	int k = add(g, "K", SIDE_A, UT_LIGHT_CAV, FORM_LINE, 50, 80, 0);
	int t = add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 60, 180);
	char why[256];
	(void)state;
	g->units[k].pivoted = 60;
	assert_int_equal(try_charge(g, k, t, 31, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "K would have to turn 91 degrees to charge T facing 31: a unit that "
	                            "turns over 90 degrees in an initiative cannot charge"));
	assert_int_equal(try_charge(g, k, t, 30, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "does not have T ahead of it"));
	assert_int_equal(try_charge(g, k, t, NAN, false, why, sizeof why), 0);
	/* Behind it, with 30 degrees left: the least turn is given. */
	g->units[t].pos = v2(50, 100);
	assert_int_equal(try_charge(g, k, t, NAN, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "to have T ahead of it: a unit that turns over 90 degrees"));
	game_free(g);
}

/* "Just outside": a column (9 cm) whose target is 15.05 cm beyond its
 * front (in contact at 15) falls 6 cm short, what 1D6 can make up at
 * most: the extension is allowed (and with a 6 arrives); 0.1 cm further
 * is not just outside, refused with no die thrown.  Heavy cavalry (30 cm,
 * 3D6): 18 cm short allowed, 18.1 refused.  Out of reach without
 * 'extend', the order says how to ask. */
static void test_extend_boundary(void **state)
{
	struct game *g = new_game();
	int x = add(g, "X", SIDE_A, UT_LINE_INF, FORM_COLUMN, 50, 80, 0);
	int t = add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 78 - 15.05 - 1, 180);
	int h = add(g, "H", SIDE_A, UT_HEAVY_CAV, FORM_LINE, 62, 80, 0);
	int e = add(g, "E", SIDE_B, UT_LINE_INF, FORM_LINE, 62, 78 - 48.05 - 1, 180);
	char why[256];
	double gap, facing;
	uint64_t draws;
	(void)state;
	assert_int_equal(order_charge_short(g, x, t, &gap, &facing, why, sizeof why), 0);
	assert_float_equal(gap, 6, 1e-5);
	assert_float_equal(facing, 0, 0);
	assert_int_equal(try_charge(g, x, t, NAN, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "'charge X T extend' tries to extend the charge"));
	if (order_charge_short(g, h, e, &gap, &facing, why, sizeof why) != 0)
		fail_msg("refused: %s", why);
	assert_float_equal(gap, 18, 1e-5);
	assert_float_equal(facing, 0, 0);
	g->units[t].pos.y -= 0.1;
	g->units[e].pos.y -= 0.1;
	draws = g->dice.draws;
	assert_int_equal(try_charge(g, x, t, NAN, true, why, sizeof why), -1);
	assert_string_equal(why, "X cannot extend its charge at T: it falls 6.1 cm short, and a charge is "
	                         "extended only at a target just outside its reach, one its 1D6 cm of "
	                         "extension could make up (6 cm at most)");
	assert_int_equal(order_charge_short(g, h, e, &gap, &facing, why, sizeof why), -1);
	assert_non_null(strstr(why, "H cannot extend its charge at E: it falls 18.1 cm short"));
	assert_non_null(strstr(why, "one its 3D6 cm of extension could make up (18 cm at most)"));
	assert_true(g->dice.draws == draws);
	/* Just inside the boundary (the sweeps find contact at exactly the
	 * allowance only to within a micron): a 6 to extend, a 6 cm move,
	 * then the charge of the last 8.99 cm. */
	g->units[t].pos.y += 0.11;
	game_queue_dice(g, (const int[]){ 6, 6 }, 2);
	assert_int_equal(charge(g, x, t, NAN, true, why, sizeof why), 0);
	assert_false(unit_has_marker(&g->units[x], MK_BLUE));
	assert_true(game_unit_distance(&g->units[x], &g->units[t]) <= GEOM_CONTACT);
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pivot_order),
		cmocka_unit_test(test_lane),
		cmocka_unit_test(test_straight_ahead_first),
		cmocka_unit_test(test_smallest_pivot),
		cmocka_unit_test(test_tie_clockwise),
		cmocka_unit_test(test_unformed_straight),
		cmocka_unit_test(test_pivot_limit),
		cmocka_unit_test(test_extend_boundary),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
