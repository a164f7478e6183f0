/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-deploy: putting forces on the table, through deploy.h: a
 * brigade's layouts (side by side with their fronts aligned, one behind
 * the other, in two lines), the checks a scenario's placement passes (on
 * the table, clear of the units arriving on the same Turn, on ground it
 * may stand on), the commanders placed behind the units they command,
 * and a square standing on a landmark's base defending it from the start
 * (terrain guidelines, landmarks).  Infantry stands are 2.5 x 2 cm and
 * cavalry's 2.5 x 4 (Organisation): an infantry line is 5 x 2 cm, a
 * column 2.5 x 4, a cavalry line 5 x 4; a command stand is round, 2.5 cm
 * across.  Facing 0 is north (towards y = 0). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "engine/deploy.h"
#include "engine/game.h"
#include "test-util.h"
#include "io/load-rules.h"

static void at(const struct game *g, int u, double x, double y)
{
	assert_float_equal(g->units[u].pos.x, x, 1e-9);
	assert_float_equal(g->units[u].pos.y, y, 1e-9);
}

/* Three lines side by side 1 cm apart about (100, 100): 17 cm in all. */
static void test_layout_line(void **state)
{
	struct game *g = test_game_new(1);
	int u[3];
	(void)state;
	for (int i = 0; i < 3; i++)
		u[i] = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 0, 0, 90);
	deploy_layout(g, u, 3, v2(100, 100), 0, LAYOUT_LINE, 1, 4);
	at(g, u[0], 94, 100);
	at(g, u[1], 100, 100);
	at(g, u[2], 106, 100);
	for (int i = 0; i < 3; i++)
		assert_true(g->units[u[i]].facing == 0);
	/* Facing east, the row runs north to south, left to right. */
	deploy_layout(g, u, 3, v2(100, 100), 90, LAYOUT_LINE, 1, 4);
	at(g, u[0], 100, 94);
	at(g, u[2], 100, 106);
	game_free(g);
}

/* Fronts aligned: an infantry line (2 cm deep) beside a cavalry line (4
 * cm) stands 1 cm further forward, both fronts at y = 98. */
static void test_layout_fronts_aligned(void **state)
{
	struct game *g = test_game_new(1);
	int u[2];
	(void)state;
	u[0] = test_add(g, "I", SIDE_A, UT_LINE_INF, FORM_LINE, 0, 0, 0);
	u[1] = test_add(g, "C", SIDE_A, UT_MEDIUM_CAV, FORM_LINE, 0, 0, 0);
	deploy_layout(g, u, 2, v2(100, 100), 0, LAYOUT_LINE, 0, 0);
	at(g, u[0], 97.5, 99);
	at(g, u[1], 102.5, 100);
	game_free(g);
}

/* Three columns (4 cm deep) one behind the other 1 cm apart: 14 cm. */
static void test_layout_column(void **state)
{
	struct game *g = test_game_new(1);
	int u[3];
	(void)state;
	for (int i = 0; i < 3; i++)
		u[i] = test_add(g, "K", SIDE_A, UT_LINE_INF, FORM_COLUMN, 0, 0, 0);
	deploy_layout(g, u, 3, v2(100, 100), 0, LAYOUT_COLUMN, 1, 4);
	at(g, u[0], 100, 95);
	at(g, u[1], 100, 100);
	at(g, u[2], 100, 105);
	game_free(g);
}

/* Three lines in two lines 4 cm apart: two in front, one behind. */
static void test_layout_lines(void **state)
{
	struct game *g = test_game_new(1);
	int u[3];
	(void)state;
	for (int i = 0; i < 3; i++)
		u[i] = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 0, 0, 0);
	deploy_layout(g, u, 3, v2(100, 100), 0, LAYOUT_LINES, 1, 4);
	at(g, u[0], 97, 97);
	at(g, u[1], 103, 97);
	at(g, u[2], 100, 103);
	game_free(g);
}

static void test_placement_checks(void **state)
{
	struct game *g = test_game_new(1);
	int a, b, art, wood, bog;
	struct vec2 buf[4];
	struct shape s;
	(void)state;
	a = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 2.5, 100, 0);
	s = unit_shape(&g->units[a], buf);
	assert_true(deploy_on_table(g, &s)); /* its left edge on the edge */
	g->units[a].pos.x = 2.4;
	s = unit_shape(&g->units[a], buf);
	assert_false(deploy_on_table(g, &s));
	g->units[a].pos = v2(50, 100);

	/* Overlaps count between units arriving on the same Turn only. */
	b = test_add(g, "B", SIDE_A, UT_LINE_INF, FORM_LINE, 54, 100, 0);
	g->units[a].arrive_turn = g->units[b].arrive_turn = 1;
	assert_int_equal(deploy_unit_overlap(g, a), b);
	assert_int_equal(deploy_unit_overlap(g, b), a);
	g->units[b].arrive_turn = 3;
	g->units[b].state = US_RESERVE;
	assert_int_equal(deploy_unit_overlap(g, a), -1);
	g->units[b].arrive_turn = 1;
	g->units[b].pos.x = 55; /* edge to edge */
	assert_int_equal(deploy_unit_overlap(g, a), -1);

	/* Ground: woods forbid artillery only; boggy ground everyone. */
	wood = test_rect(g, TT_WOOD, "Holz", 100, 80, 140, 120);
	bog = test_rect(g, TT_BOGGY, "Moor", 150, 80, 190, 120);
	art = test_add(g, "G", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 120, 100, 0);
	assert_int_equal(deploy_unit_ground(g, art), wood);
	g->units[a].pos = v2(120, 90);
	assert_int_equal(deploy_unit_ground(g, a), -1);
	g->units[a].pos = v2(170, 90);
	assert_int_equal(deploy_unit_ground(g, a), bog);
	{
		int c = test_corps_stand(g, SIDE_A, 120, 110);
		assert_int_equal(deploy_commander_ground(g, c), -1);
		g->cmdrs[c].pos = v2(170, 110);
		assert_int_equal(deploy_commander_ground(g, c), bog);
	}
	game_free(g);
}

/* A brigade commander for brigade b (unplaced); its index. */
static int brigadier(struct game *g, enum side s, int b)
{
	struct commander c = { .side = s, .level = CL_BRIGADE, .of = b, .rating = CR_NONE,
	                       .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	snprintf(c.id, sizeof c.id, "%s", g->brigs[b].id);
	snprintf(c.name, sizeof c.name, "Brig-%s", g->brigs[b].id);
	return game_add_commander(g, &c);
}

/* The commander goes behind the centre of its units, half their depth
 * and a stand's width back (1 + 2.5 cm), or round them when that is
 * taken; attached, it is where its unit is. */
static void test_commanders_placed(void **state)
{
	struct game *g = test_game_new(1);
	int u, v, c, blocker;
	(void)state;
	u = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	g->units[u].arrive_turn = 1;
	c = brigadier(g, SIDE_A, 0);
	assert_int_equal(deploy_first_turn(g, c), 1);
	assert_int_equal(deploy_commanders(g), -1);
	assert_true(g->cmdrs[c].flags & CF_PLACED);
	assert_float_equal(g->cmdrs[c].pos.x, 100, 1e-9);
	assert_float_equal(g->cmdrs[c].pos.y, 103.5, 1e-9);
	assert_int_equal(g->cmdrs[c].state, US_ACTIVE);

	/* A column of another brigade (x 97.25 to 99.75, y 104.6 to 108.6)
	 * 1.13 cm from that spot: the next bearing, 30 degrees round to the
	 * right. */
	g->cmdrs[c].flags &= ~(unsigned)CF_PLACED;
	blocker = test_add(g, "X", SIDE_A, UT_LINE_INF, FORM_COLUMN, 98.5, 106.6, 0);
	g->units[blocker].arrive_turn = 1;
	g->units[blocker].brigade = SIDE_B; /* not its brigade */
	assert_int_equal(deploy_commanders(g), -1);
	assert_float_equal(g->cmdrs[c].pos.x, 100 + 3.5 * sin(150 * M_PI / 180), 1e-9);
	assert_float_equal(g->cmdrs[c].pos.y, 100 - 3.5 * cos(150 * M_PI / 180), 1e-9);
	assert_int_equal(deploy_commander_overlap(g, c), -1);
	g->cmdrs[c].pos = v2(100, 103.5);
	assert_int_equal(deploy_commander_overlap(g, c), blocker);
	game_free(g);

	/* Its units arrive on Turn 3: so does it, in reserve. */
	g = test_game_new(1);
	u = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	v = test_add(g, "B", SIDE_A, UT_LINE_INF, FORM_LINE, 110, 100, 0);
	g->units[u].arrive_turn = 4;
	g->units[v].arrive_turn = 3;
	g->units[u].state = g->units[v].state = US_RESERVE;
	c = brigadier(g, SIDE_A, 0);
	assert_int_equal(deploy_first_turn(g, c), 3);
	assert_int_equal(deploy_commanders(g), -1);
	assert_int_equal(g->cmdrs[c].arrive_turn, 3);
	assert_int_equal(g->cmdrs[c].state, US_RESERVE);
	assert_float_equal(g->cmdrs[c].pos.x, 110, 1e-9); /* behind B alone */
	game_free(g);

	/* Attached to a unit: at its place, arriving with it. */
	g = test_game_new(1);
	u = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	g->units[u].arrive_turn = 2;
	g->units[u].state = US_RESERVE;
	c = brigadier(g, SIDE_A, 0);
	g->cmdrs[c].attached = u;
	assert_int_equal(deploy_commanders(g), -1);
	assert_float_equal(g->cmdrs[c].pos.x, 100, 1e-9);
	assert_int_equal(g->cmdrs[c].arrive_turn, 2);
	assert_int_equal(g->cmdrs[c].state, US_RESERVE);

	/* A commander with no units has nowhere to go: named. */
	c = brigadier(g, SIDE_B, 1);
	assert_int_equal(deploy_first_turn(g, c), 1);
	assert_int_equal(deploy_commanders(g), c);
	game_free(g);
}

/* "The square on the landmark base is then considered to be in and
 * defending that landmark": one square to a landmark, squares only,
 * wholly on its base. */
static void test_garrisons(void **state)
{
	struct game *g = test_game_new(1);
	int lm, sq, sq2, line, half;
	(void)state;
	lm = test_rect(g, TT_LANDMARK, "Kirche", 90, 90, 110, 110);
	sq = test_add(g, "S1", SIDE_A, UT_LINE_INF, FORM_SQUARE, 95, 100, 0);
	sq2 = test_add(g, "S2", SIDE_B, UT_LINE_INF, FORM_SQUARE, 105, 100, 0);
	line = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 93, 0);
	half = test_add(g, "H", SIDE_A, UT_LINE_INF, FORM_SQUARE, 110, 80, 0);
	test_rect(g, TT_LANDMARK, "Muehle", 100, 70, 120, 80);
	deploy_garrisons(g);
	assert_int_equal(g->units[sq].defends, lm + 1);
	assert_int_equal(g->units[sq2].defends, 0);
	assert_int_equal(g->units[line].defends, 0);
	assert_int_equal(g->units[half].defends, 0); /* half off the mill's base */
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_line),
		cmocka_unit_test(test_layout_fronts_aligned),
		cmocka_unit_test(test_layout_column),
		cmocka_unit_test(test_layout_lines),
		cmocka_unit_test(test_placement_checks),
		cmocka_unit_test(test_commanders_placed),
		cmocka_unit_test(test_garrisons),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
