/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-check: the invariants game_check finds in a state (game-check.c,
 * through game.h): a side with the initiative in every phase that has
 * one, the active brigade, the division marching and the unit
 * manoeuvring on that side, an order waiting only in a phase of orders,
 * no unit stronger than at the start, everything on the field on the
 * table, clear of the others and on ground it may stand on.  Each fault
 * is reported with its part, its index, the saved key at fault and a
 * sentence; a state with none passes. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/game.h"
#include "test-util.h"
#include "io/load-rules.h"

/* The faults reported; the last one kept whole. */
struct faults {
	int n;
	struct game_fault last;
};

static void collect(void *ctx, const struct game_fault *f)
{
	struct faults *k = ctx;
	k->n++;
	k->last = *f;
}

/* One fault, of this part, index and key, saying this. */
static void one_fault(const struct game *g, enum game_part part, int index, const char *key, const char *why)
{
	struct faults k = { 0 };
	assert_int_equal(game_check(g, collect, &k), 1);
	assert_int_equal(k.n, 1);
	assert_int_equal(k.last.part, part);
	assert_int_equal(k.last.index, index);
	assert_string_equal(k.last.key, key);
	assert_string_equal(k.last.why, why);
}

/* Two lines a side well apart, side A with the initiative in the
 * manoeuvre phase: all is well. */
static struct game *good_game(void)
{
	struct game *g = test_game_new(1);
	test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 150, 0);
	test_add(g, "A2", SIDE_A, UT_LINE_INF, FORM_LINE, 60, 150, 0);
	test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 50, 180);
	test_add(g, "B2", SIDE_B, UT_LINE_INF, FORM_LINE, 60, 50, 180);
	g->phase = PHASE_MANOEUVRE;
	g->initiative = SIDE_A;
	g->active_brigade = SIDE_A;
	return g;
}

static void test_good_state_passes(void **state)
{
	struct game *g = good_game();
	struct faults k = { 0 };
	(void)state;
	assert_int_equal(game_check(g, collect, &k), 0);
	assert_int_equal(k.n, 0);
	g->phase = PHASE_SETUP;
	g->initiative = -1;
	g->active_brigade = -1;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	g->phase = PHASE_OVER;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	game_free(g);
}

static void test_sequence_faults(void **state)
{
	struct game *g = good_game();
	(void)state;
	g->initiative = -1;
	one_fault(g, GP_GAME, -1, "initiative", "the manoeuvre phase needs a side with the initiative (A or B)");
	g->phase = PHASE_FIRE;
	one_fault(g, GP_GAME, -1, "initiative", "the fire phase needs a side with the initiative (A or B)");
	g->phase = PHASE_MANOEUVRE;
	g->initiative = SIDE_A;
	g->active_brigade = SIDE_B;
	one_fault(g, GP_GAME, -1, "brigade", "brigade B1 is not of side A, who have the initiative");
	g->active_brigade = -1;
	g->divmove = SIDE_B;
	one_fault(g, GP_GAME, -1, "divmove", "division D1 is not of side A, who have the initiative");
	g->divmove = SIDE_A;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	g->divmove = -1;
	g->current_unit = 2; /* B1 */
	one_fault(g, GP_GAME, -1, "current", "the unit manoeuvring, B1, is not of side A, who have the initiative");
	g->current_unit = 99;
	one_fault(g, GP_GAME, -1, "current", "the unit manoeuvring, ?, is not of side A, who have the initiative");
	g->current_unit = 0;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	/* An order waits to be given again: in a phase of orders only. */
	g->has_pending = true;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	g->phase = PHASE_MELEE;
	one_fault(g, GP_GAME, -1, "phase", "an order waits to be given again, but the melee phase has no orders");
	game_free(g);
}

/* "How do we keep track of losses?": strength only goes down. */
static void test_strength(void **state)
{
	struct game *g = good_game();
	(void)state;
	g->units[1].sp = 7;
	one_fault(g, GP_UNIT, 1, "sp", "7 strength points, more than the 6 it began with");
	g->units[1].sp = 6;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	game_free(g);
}

static void test_units_on_the_table(void **state)
{
	struct game *g = good_game();
	(void)state;
	g->units[3].pos = v2(250, 10);
	one_fault(g, GP_UNIT, 3, "x", "at 250.00, 10.00: off the 200 x 200 cm table");
	/* A reserve's place is on the table too; a unit eliminated or
	 * retreated has none. */
	g->units[3].state = US_RESERVE;
	one_fault(g, GP_UNIT, 3, "x", "at 250.00, 10.00: off the 200 x 200 cm table");
	g->units[3].state = US_RETREATED;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	g->units[3].state = US_ACTIVE;
	/* Its centre on the table, its left stand over the edge. */
	g->units[3].pos = v2(1, 50);
	one_fault(g, GP_UNIT, 3, "x", "at 1.00, 50.00: partly off the 200 x 200 cm table");
	game_free(g);
}

static void test_units_apart(void **state)
{
	struct game *g = good_game();
	(void)state;
	/* A2 at 54 is 4 cm from A1: their lines (5 cm wide) overlap. */
	g->units[1].pos.x = 54;
	one_fault(g, GP_UNIT, 1, "x", "at 54.00, 150.00: overlaps unit 'A1' at 50.00, 150.00");
	/* Edge to edge they only touch. */
	g->units[1].pos.x = 55;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	/* Across sides too. */
	g->units[2].pos = v2(52, 149);
	one_fault(g, GP_UNIT, 2, "x", "at 52.00, 149.00: overlaps unit 'A1' at 50.00, 150.00");
	game_free(g);
}

/* Ground where no unit of any kind may be: boggy ground (terrain
 * guidelines: prohibited to all). */
static void test_closed_ground(void **state)
{
	struct game *g = good_game();
	(void)state;
	test_rect(g, TT_BOGGY, "Moor", 40, 140, 48, 160);
	one_fault(g, GP_UNIT, 0, "x", "at 50.00, 150.00: stands in boggy ground 'Moor', where no unit may be");
	g->units[0].pos.x = 30;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	game_free(g);
}

static void test_commanders(void **state)
{
	struct game *g = good_game();
	int c;
	(void)state;
	c = test_corps_stand(g, SIDE_A, 100, 180);
	assert_int_equal(game_check(g, NULL, NULL), 0);
	g->cmdrs[c].pos = v2(100, 201.5);
	one_fault(g, GP_COMMANDER, c, "x", "at 100.00, 201.50: off the 200 x 200 cm table");
	g->cmdrs[c].pos = v2(100, 199.5);
	one_fault(g, GP_COMMANDER, c, "x", "at 100.00, 199.50: partly off the table");
	g->cmdrs[c].pos = v2(51, 151);
	one_fault(g, GP_COMMANDER, c, "x", "at 51.00, 151.00: overlaps unit 'A1'");
	/* Only a brigade commander attaches, to a unit of his brigade; then
	 * he rides with it and is not checked apart. */
	g->cmdrs[c].attached = 0;
	one_fault(g, GP_COMMANDER, c, "attached", "only brigade commanders attach to units");
	g->cmdrs[c].level = CL_BRIGADE;
	g->cmdrs[c].of = SIDE_B;
	one_fault(g, GP_COMMANDER, c, "attached", "unit 'A1' is not in this commander's brigade");
	g->cmdrs[c].of = SIDE_A;
	assert_int_equal(game_check(g, NULL, NULL), 0);
	g->cmdrs[c].level = CL_CORPS;
	g->cmdrs[c].attached = -1;
	g->cmdrs[c].pos = v2(100, 100);
	test_rect(g, TT_BOGGY, "Moor", 90, 90, 110, 110);
	one_fault(g, GP_COMMANDER, c, "x", "at 100.00, 100.00: stands in boggy ground 'Moor', where command "
	                                   "stands may not go");
	game_free(g);
}

/* Every fault is counted and reported, with or without a listener. */
static void test_faults_counted(void **state)
{
	struct game *g = good_game();
	struct faults k = { 0 };
	(void)state;
	g->initiative = -1;
	g->units[0].sp = 9;
	g->units[3].pos = v2(-5, 50);
	assert_int_equal(game_check(g, collect, &k), 3);
	assert_int_equal(k.n, 3);
	assert_int_equal(game_check(g, NULL, NULL), 3);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_state_passes),
		cmocka_unit_test(test_sequence_faults),
		cmocka_unit_test(test_strength),
		cmocka_unit_test(test_units_on_the_table),
		cmocka_unit_test(test_units_apart),
		cmocka_unit_test(test_closed_ground),
		cmocka_unit_test(test_commanders),
		cmocka_unit_test(test_faults_counted),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
