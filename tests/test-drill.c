/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-drill: how the computer manoeuvres one unit, on tiny battles
 * built by hand: turns something blocks, a battery's clear zone of fire,
 * guns and columns kept from ways where the enemy could charge them, and
 * which charges it makes and refuses. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/decide.h"
#include "ai/drill-int.h"
#include "ai/estimate.h"
#include "ai/plan.h"
#include "ai/tuning.h"
#include "engine/command.h"
#include "engine/fire.h"
#include "engine/grid.h"
#include "engine/move.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/odds.h"
#include "engine/rules.h"
#include "io/load.h"
#include "test-util.h"
#include "test-ai.h"
#include "io/load-rules.h"

/* Two cavalry columns side by side, 4.5 cm apart: neither can pivot where
 * it stands.  Told to go east, the unit does not stand still for it: it
 * goes straight on first and turns there, or finds another way. */
static void test_blocked_pivot(void **state)
{
	struct game *g = tiny();
	int a = add(g, "DR", SIDE_A, UT_MEDIUM_CAV, RATING_VETERAN, FORM_COLUMN, 50, 100, 0);
	struct general_ai ai;
	struct drill d;
	struct vec2 from;
	(void)state;
	add(g, "CL", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_COLUMN, 54.5, 100, 0);
	add(g, "far", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 150, 20, 180);
	assert_int_equal(move_pivot_blocker(g, a, 0, 90), 1);
	aim_division(&ai, g, v2(150, 100), ROLE_ATTACK);
	drill_plan(&ai, g, SIDE_A, a, &d);
	assert_true(d.n > 0);
	from = g->units[a].pos;
	carry_out(g, &d);
	assert_true(v2_dist(g->units[a].pos, from) > 1 || fabs(geom_angle_diff(g->units[a].facing, 0)) > 10);
	general_free(&ai);
	game_free(g);
}

/* A battery whose zone of fire a friendly line masks looks for a
 * position (or facing) from which it has a target. */
static void test_battery_clear_zone(void **state)
{
	struct game *g = tiny();
	int guns = add_battery(g);
	int enemy = add(g, "foe", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 82, 180);
	struct general_ai ai;
	struct drill d;
	struct fire_shot shot;
	(void)state;
	add(g, "mask", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 96, 0);
	assert_false(fire_check(g, guns, enemy, NULL, &shot));
	aim_division(&ai, g, v2(50, 100), ROLE_HOLD);
	drill_plan(&ai, g, SIDE_A, guns, &d);
	assert_true(d.n > 0);
	carry_out(g, &d);
	/* Now, or from where it has gone, it has the enemy in a clear zone. */
	g->units[guns].acted &= (unsigned)~UA_NO_FIRE;
	assert_true(fire_check(g, guns, enemy, NULL, &shot) && shot.dice > 0);
	general_free(&ai);
	game_free(g);
}

/* A battery told to go forward, enemy hussars beside its way facing it:
 * it does not drive its guns limbered past them (an opportunity charge
 * would overrun them); weighing nothing for that, it would. */
static void test_guns_not_past_enemy(void **state)
{
	struct game *g = tiny();
	int guns = add_battery(g);
	int cav = add(g, "hussars", SIDE_B, UT_LIGHT_CAV, RATING_VETERAN, FORM_LINE, 38, 84, 90);
	struct general_ai ai;
	struct ai_tuning careless;
	struct drill d;
	(void)state;
	test_corps_stand(g, SIDE_B, 30, 84);
	assert_int_equal(command_status(g, &g->units[cav], NULL), CS_IN_COMMAND);
	aim_division(&ai, g, v2(50, 40), ROLE_ATTACK);
	drill_plan(&ai, g, SIDE_A, guns, &d);
	assert_false(way_passes(g, guns, d.end, cav, rules_react.opportunity_cav));
	/* The same plan without the weight: the guns go on past them. */
	careless = *ai.tune;
	careless.caught = 0;
	ai.tune = &careless;
	drill_plan(&ai, g, SIDE_A, guns, &d);
	assert_true(way_passes(g, guns, d.end, cav, rules_react.opportunity_cav));
	general_free(&ai);
	game_free(g);
}

/* The same battery told to take an objective beyond enemy infantry
 * beside its way: what it would gain there is had only if it is not
 * caught on the way, so it does not go (a cost merely set against the
 * gain let the objective's worth outweigh the guns). */
static void test_guns_not_past_for_objective(void **state)
{
	struct game *g = tiny();
	struct objective hof = { .name = "Hof", .feature = -1, .at = { 50, 86 }, .radius = 4, .value = 10,
		                 .holder = SIDE_B };
	int guns = add_battery(g);
	int foot = add(g, "foot", SIDE_B, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 43, 90, 90);
	struct general_ai ai;
	struct drill d;
	int obj;
	(void)state;
	test_corps_stand(g, SIDE_B, 30, 92);
	obj = game_add_objective(g, &hof);
	assert_int_equal(command_status(g, &g->units[foot], NULL), CS_IN_COMMAND);
	aim_division(&ai, g, hof.at, ROLE_ATTACK);
	ai.plan[0].objective = obj;
	drill_plan(&ai, g, SIDE_A, guns, &d);
	assert_false(way_passes(g, guns, d.end, foot, rules_react.opportunity_inf));
	general_free(&ai);
	game_free(g);
}

/* Enemy infantry already within its reach of the battery, behind it: any
 * move, even straight away from it, may be charged as it begins (the
 * rules offer the charge at every point of the move, its start too), so
 * the guns do not limber up to go on. */
static void test_guns_not_from_reach(void **state)
{
	struct game *g = tiny();
	int guns = add_battery(g);
	int foot = add(g, "foot", SIDE_B, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 50, 106, 0);
	struct general_ai ai;
	struct drill d;
	(void)state;
	test_corps_stand(g, SIDE_B, 50, 118);
	assert_int_equal(command_status(g, &g->units[foot], NULL), CS_IN_COMMAND);
	assert_true(game_units_within(&g->units[foot], &g->units[guns], rules_react.opportunity_inf));
	aim_division(&ai, g, v2(50, 40), ROLE_ATTACK);
	drill_plan(&ai, g, SIDE_A, guns, &d);
	assert_true(v2_dist(d.end, g->units[guns].pos) < 0.1);
	general_free(&ai);
	game_free(g);
}

/* A column of horse going past enemy cuirassiers within their reach is
 * exposed to their opportunity charge, valued as the charge they would
 * make where it first comes within reach (their test's chance in it);
 * the same way out of their reach, or past infantry (which may not charge
 * horse), is not. */
static void test_column_exposure(void **state)
{
	static struct est_paths paths;
	struct game *g = tiny();
	int col = add(g, "col", SIDE_A, UT_MEDIUM_CAV, RATING_TRAINED, FORM_COLUMN, 50, 100, 0);
	int cav = add(g, "cuirassiers", SIDE_B, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 36, 86, 90);
	const struct ai_tuning *tune = &ai_tuning[AI_NORMAL];
	struct vec2 to = v2(50, 80);
	double x, first = -1;
	(void)state;
	test_corps_stand(g, SIDE_B, 28, 86);
	assert_int_equal(command_status(g, &g->units[cav], NULL), CS_IN_COMMAND);
	est_paths_begin(&paths, g, col);
	assert_false(game_units_within(&g->units[cav], &g->units[col], rules_react.opportunity_cav));
	x = drill_way_exposure(tune, g, col, g->units[col].pos, to, FORM_COLUMN, &paths);
	assert_true(x > 0);
	/* Where the way first comes within their reach (every 2 cm). */
	for (int k = 0; k <= 10; k++) {
		struct unit keep = g->units[col];
		g->units[col].pos = v2(50, 100 - 2 * k);
		grid_moved(g, col);
		if (game_units_within(&g->units[cav], &g->units[col], rules_react.opportunity_cav)) {
			first = est_reaction_charge(g, cav, col, false);
			g->units[col] = keep;
			grid_moved(g, col);
			break;
		}
		g->units[col] = keep;
		grid_moved(g, col);
	}
	assert_float_equal(x, first, 1e-9);
	assert_float_equal(drill_way_exposure(tune, g, col, g->units[col].pos, v2(70, 100), FORM_COLUMN, &paths), 0, 0);
	g->units[cav].type = UT_LINE_INF;
	assert_float_equal(drill_way_exposure(tune, g, col, g->units[col].pos, to, FORM_COLUMN, &paths), 0, 0);
	game_free(g);
}

/* Veteran dragoons 3-4 cm from a battalion in column, whichever way the
 * column faces: the charge is a clear gain, and they make it rather than
 * manoeuvre on toward their aim. */
static void test_cavalry_charges_column(void **state)
{
	(void)state;
	for (int f = 0; f < 360; f += 90) {
		struct game *g = tiny();
		int a = add(g, "dragoons", SIDE_A, UT_MEDIUM_CAV, RATING_VETERAN, FORM_LINE, 50, 100, 0);
		int e = add(g, "column", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 50, 93, f);
		struct general_ai ai;
		struct drill d;
		test_corps_stand(g, SIDE_B, 50, 80);
		aim_division(&ai, g, v2(50, 40), ROLE_ATTACK);
			assert_true(est_charge(g, a, e, false, NULL) > ai.tune->charge_threshold);
		drill_plan(&ai, g, SIDE_A, a, &d);
		assert_int_equal(d.kind, DRILL_CHARGE);
		assert_int_equal(d.charge_target, e);
		general_free(&ai);
		game_free(g);
	}
}

/* Light cavalry of side A, pressed to take the objective a line holds:
 * 3 SP against an elite line of 8 in the open, 5 SP against a line of 7
 * in the village on it.  Its charge is a loss on the odds and would clear
 * the objective one time in five or fewer: it does not charge.  (The
 * worth of clearing an objective once counted as if the charge were sure
 * to clear it, which made such charges look a gain.) */
static void test_no_charge_into_strong(void **state)
{
	(void)state;
	for (int vil = 0; vil < 2; vil++) {
		struct game *g = tiny();
		struct objective dorf = { .name = "Dorf", .feature = -1, .at = { 50, 86 }, .radius = 4, .value = 4,
			                  .holder = SIDE_B };
		int a = add(g, "hussars", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 50, 95, 0);
		int e;
		struct general_ai ai;
		struct drill d;
		if (vil)
			test_rect(g, TT_VILLAGE, "Dorf", 40, 80, 60, 88);
		e = add(g, "line", SIDE_B, UT_LINE_INF, vil ? RATING_TRAINED : RATING_ELITE, FORM_LINE, 50, 86, 180);
		g->units[a].sp = vil ? 5 : 3;
		g->units[e].sp = g->units[e].sp0 = vil ? 7 : 8;
		test_corps_stand(g, SIDE_B, 50, 76);
		game_add_objective(g, &dorf);
		aim_division(&ai, g, dorf.at, ROLE_ATTACK);
		ai.plan[0].objective = 0;
		ai.urgency[SIDE_A] = 1;
			assert_true(est_charge(g, a, e, false, NULL) < 0);
		drill_plan(&ai, g, SIDE_A, a, &d);
		assert_int_not_equal(d.kind, DRILL_CHARGE);
		general_free(&ai);
		game_free(g);
	}
}

/* Guns whose crews have fled into a square stand abandoned: the rules
 * give them no order until they are manned again, so they are no unit the
 * computer may manoeuvre, while a battery still manned is. */
static void test_abandoned_guns_idle(void **state)
{
	struct game *g = tiny();
	int guns = add_battery(g);
	(void)state;
	g->active_brigade = g->units[guns].brigade;
	assert_true(drill_in_hand(g, &g->units[guns], SIDE_A));
	unit_set_marker(&g->units[guns], MK_ORANGE, true);
	assert_true(unit_abandoned(&g->units[guns]));
	assert_false(drill_in_hand(g, &g->units[guns], SIDE_A));
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocked_pivot),
		cmocka_unit_test(test_battery_clear_zone),
		cmocka_unit_test(test_guns_not_past_enemy),
		cmocka_unit_test(test_guns_not_past_for_objective),
		cmocka_unit_test(test_guns_not_from_reach),
		cmocka_unit_test(test_column_exposure),
		cmocka_unit_test(test_cavalry_charges_column),
		cmocka_unit_test(test_no_charge_into_strong),
		cmocka_unit_test(test_abandoned_guns_idle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
