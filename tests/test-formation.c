/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-formation: where a unit's stands go when it changes formation,
 * through formation.h (core rules, "Changing formation": one stand stays
 * where it is and the other forms up on it): the placement nearest the
 * old centre among those the anchor allows, every placement blocked by a
 * friend, an enemy it did not touch, forbidden ground or the table's
 * edge, and anchors that name no stand.  Infantry stands are 2.5 x 2 cm
 * (Organisation): a line is two side by side (5 x 2), a column two one
 * behind the other (2.5 x 4).  Facing 0 is north (towards y = 0). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "engine/formation.h"
#include "engine/game.h"
#include "engine/move.h"
#include "test-util.h"
#include "io/load-rules.h"

/* An infantry line at (100, 100) facing north: its left stand centred at
 * (98.75, 100), its right one at (101.25, 100). */
static struct game *line_game(int *u)
{
	struct game *g = test_game_new(1);
	*u = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	return g;
}

static void centre_is(struct vec2 c, double x, double y)
{
	assert_float_equal(c.x, x, 1e-9);
	assert_float_equal(c.y, y, 1e-9);
}

/* Line to column: either old stand may stay, as the front or the rear
 * stand; all four placements are 1.60 cm from the old centre, and the
 * first, the left stand staying as the column's rear, wins. */
static void test_line_to_column(void **state)
{
	int u, b = 99;
	struct vec2 c;
	struct game *g = line_game(&u);
	(void)state;
	assert_int_equal(formation_place_here(g, u, FORM_COLUMN, -1, &c, &b), 0);
	centre_is(c, 98.75, 99);
	assert_int_equal(b, BLOCK_NONE);
	/* The right stand stays. */
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_RIGHT, -1, &c, &b), 0);
	centre_is(c, 101.25, 99);
	assert_int_equal(formation_place(g, u, FORM_SQUARE, 0, ANCHOR_LEFT, -1, &c, &b), 0);
	centre_is(c, 98.75, 99);
	game_free(g);
}

/* A column to a line: the front or the rear stand stays, as the line's
 * left or right stand. */
static void test_column_to_line(void **state)
{
	struct game *g = test_game_new(1);
	int u = test_add(g, "K", SIDE_A, UT_LINE_INF, FORM_COLUMN, 100, 100, 0), b;
	struct vec2 c;
	(void)state;
	/* The front stand at (100, 99), the rear one at (100, 101). */
	assert_int_equal(formation_place(g, u, FORM_LINE, 0, ANCHOR_FRONT, -1, &c, &b), 0);
	assert_float_equal(c.y, 99, 1e-9);
	assert_float_equal(fabs(c.x - 100), 1.25, 1e-9);
	assert_int_equal(formation_place(g, u, FORM_LINE, 0, ANCHOR_REAR, -1, &c, &b), 0);
	assert_float_equal(c.y, 101, 1e-9);
	assert_float_equal(fabs(c.x - 100), 1.25, 1e-9);
	/* A line has no front or rear stand, a column no left or right. */
	assert_int_equal(formation_place(g, u, FORM_LINE, 0, ANCHOR_LEFT, -1, &c, &b), 2);
	g->units[u].form = FORM_LINE;
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_FRONT, -1, &c, &b), 2);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_REAR, -1, &c, &b), 2);
	game_free(g);
}

/* Facing east while forming column: the left stand stays as the rear of
 * a column facing east, 0.25 cm from the old centre. */
static void test_new_facing(void **state)
{
	int u, b;
	struct vec2 c;
	struct game *g = line_game(&u);
	(void)state;
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 90, ANCHOR_AUTO, -1, &c, &b), 0);
	centre_is(c, 99.75, 100);
	game_free(g);
}

/* A friend north-west of the line (x 93.5 to 98.5, y 95.5 to 97.5) is in
 * the way of the column north of the left stand: the column forms south
 * of it instead.  With a second friend south-west too, the left stand can
 * stay nowhere: 1, the first unit in the way named. */
static void test_blocked_by_friends(void **state)
{
	int u, b, f1, f2;
	struct vec2 c;
	struct game *g = line_game(&u);
	(void)state;
	f1 = test_add(g, "F1", SIDE_A, UT_LINE_INF, FORM_LINE, 96, 96.5, 0);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 0);
	centre_is(c, 98.75, 101);
	assert_int_equal(b, f1);
	f2 = test_add(g, "F2", SIDE_A, UT_LINE_INF, FORM_LINE, 96, 103.5, 0);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 1);
	assert_int_equal(b, f1);
	/* The right stand still may stay. */
	assert_int_equal(formation_place_here(g, u, FORM_COLUMN, -1, &c, &b), 0);
	centre_is(c, 101.25, 99);
	(void)f2;
	game_free(g);
}

/* An enemy it did not touch may not be touched by the change; the
 * target (an enemy it may stay or come in contact with) may. */
static void test_enemy_contact(void **state)
{
	int u, b, e;
	struct vec2 c;
	struct game *g = line_game(&u);
	(void)state;
	/* Its back edge at y = 97, where the column's front would be. */
	e = test_add(g, "E", SIDE_B, UT_LINE_INF, FORM_LINE, 98.75, 96, 180);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 0);
	centre_is(c, 98.75, 101);
	assert_int_equal(b, e);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, e, &c, &b), 0);
	centre_is(c, 98.75, 99);
	game_free(g);
}

/* Ground no infantry may enter (boggy ground: "no" to all in the terrain
 * guidelines' table) and the table's edge block placements too. */
static void test_ground_and_edge(void **state)
{
	int u, b, bog;
	struct vec2 c;
	struct game *g = line_game(&u);
	(void)state;
	bog = test_rect(g, TT_BOGGY, "bog", 90, 90, 110, 97.5);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 0);
	centre_is(c, 98.75, 101);
	assert_int_equal(b, block_of_feature(bog));
	game_free(g);

	/* A line along the north edge (y 0 to 2): its column forms south. */
	g = test_game_new(1);
	u = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 1, 0);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 0);
	centre_is(c, 98.75, 2);
	assert_int_equal(b, BLOCK_EDGE);
	game_free(g);
}

/* The other stand's way to its place is blocked too: with a friend
 * standing between the right stand and the place south-west it would go
 * to, a column on the left stand can only form north of it. */
static void test_other_stands_way(void **state)
{
	int u, b, f;
	struct vec2 c;
	struct game *g = line_game(&u);
	(void)state;
	/* North of the left stand blocked by a friend. */
	test_add(g, "N", SIDE_A, UT_LINE_INF, FORM_LINE, 97, 96.5, 0);
	/* A friend in column (x 100.1 to 102.6, y 101.1 to 105.1) 0.1 cm
	 * clear of the line and of the column at (98.75, 101), but on the
	 * right stand's way from (101.25, 100) to (98.75, 102). */
	f = test_add(g, "S", SIDE_A, UT_LINE_INF, FORM_COLUMN, 101.35, 103.1, 0);
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 1);
	/* Moved 2 cm further east, it is out of the way. */
	g->units[f].pos.x += 2;
	assert_int_equal(formation_place(g, u, FORM_COLUMN, 0, ANCHOR_LEFT, -1, &c, &b), 0);
	centre_is(c, 98.75, 101);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_to_column),
		cmocka_unit_test(test_column_to_line),
		cmocka_unit_test(test_new_facing),
		cmocka_unit_test(test_blocked_by_friends),
		cmocka_unit_test(test_enemy_contact),
		cmocka_unit_test(test_ground_and_edge),
		cmocka_unit_test(test_other_stands_way),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
