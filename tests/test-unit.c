/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-unit: strength points, formations and their footprints, who may
 * take which formation, elimination thresholds and markers. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "engine/geom.h"
#include "engine/rules.h"
#include "engine/unit.h"
#include "io/load-rules.h"

#define EPS 1e-6

static struct unit mk(enum unit_type t, enum formation f, enum rating r)
{
	struct unit u = { .type = t, .form = f, .rating = r, .pos = { 50, 40 },
	                  .facing = 0, .sp = 4, .sp0 = 4, .brigade = -1 };
	return u;
}

/* ------------------------------------------------------------------ */

static void test_sp_from_men(void **state)
{
	(void)state;
	/* The examples and the text's ("350 to 449 → 4, 450 to 549
	 * → 5, less than 250 → 2"). */
	assert_int_equal(sp_from_men(449), 4);
	assert_int_equal(sp_from_men(450), 5);
	assert_int_equal(sp_from_men(240), 2);
	assert_int_equal(sp_from_men(350), 4);
	assert_int_equal(sp_from_men(549), 5);
	assert_int_equal(sp_from_men(550), 6);
	assert_int_equal(sp_from_men(249), 2);
	assert_int_equal(sp_from_men(250), 3);
	/* Edges: the minimum of 2 whatever the strength. */
	assert_int_equal(sp_from_men(149), 2);
	assert_int_equal(sp_from_men(150), 2);
	assert_int_equal(sp_from_men(50), 2);
	assert_int_equal(sp_from_men(1), 2);
	assert_int_equal(sp_from_men(0), 2);
	/* Large units. */
	assert_int_equal(sp_from_men(1000), 10);
	assert_int_equal(sp_from_men(1049), 10);
	assert_int_equal(sp_from_men(1050), 11);
}

static void test_sp_from_guns(void **state)
{
	(void)state;
	/* "7 guns in total ... gives 3 strength points". */
	assert_int_equal(sp_from_guns(7), 3);
	/* Maximum 6. */
	assert_int_equal(sp_from_guns(14), 6);
	assert_int_equal(sp_from_guns(12), 6);
	assert_int_equal(sp_from_guns(13), 6);
	/* "less than four guns ... would still start the game with 2". */
	assert_int_equal(sp_from_guns(0), 2);
	assert_int_equal(sp_from_guns(1), 2);
	assert_int_equal(sp_from_guns(3), 2);
	assert_int_equal(sp_from_guns(4), 2);
	assert_int_equal(sp_from_guns(5), 2);
	assert_int_equal(sp_from_guns(6), 3);
	assert_int_equal(sp_from_guns(8), 4);
	assert_int_equal(sp_from_guns(9), 4);
	assert_int_equal(sp_from_guns(10), 5);
	assert_int_equal(sp_from_guns(11), 5);
}

/* ------------------------------------------------------------------ */

static void check_size(enum unit_type t, enum formation f, double w, double d)
{
	double gw = -1, gd = -1;
	formation_size(t, f, &gw, &gd);
	assert_float_equal(gw, w, EPS);
	assert_float_equal(gd, d, EPS);
}

static void test_formation_size(void **state)
{
	(void)state;
	/* Infantry stands 2.5 x 2: line two side by side, column one behind
	 * the other, squares back to back, skirmish a line with a 0.45 gap. */
	for (int t = UT_LINE_INF; t <= UT_LIGHT_INF; t++) {
		check_size((enum unit_type)t, FORM_LINE, 5.0, 2.0);
		check_size((enum unit_type)t, FORM_COLUMN, 2.5, 4.0);
		check_size((enum unit_type)t, FORM_SQUARE, 2.5, 4.0);
		check_size((enum unit_type)t, FORM_ESQUARE, 2.5, 4.0);
	}
	check_size(UT_LIGHT_INF, FORM_SKIRMISH, 5.45, 2.0);
	/* Cavalry stands 2.5 x 4. */
	for (int t = UT_HEAVY_CAV; t <= UT_LIGHT_CAV; t++) {
		check_size((enum unit_type)t, FORM_LINE, 5.0, 4.0);
		check_size((enum unit_type)t, FORM_COLUMN, 2.5, 8.0);
	}
	check_size(UT_LIGHT_CAV, FORM_SKIRMISH, 5.45, 4.0);
	/* A battery is one 3 x 3 stand. */
	check_size(UT_FOOT_ART, FORM_BATTERY, 3.0, 3.0);
	check_size(UT_HORSE_ART, FORM_BATTERY, 3.0, 3.0);
}

static void test_footprint(void **state)
{
	struct unit u = mk(UT_LINE_INF, FORM_COLUMN, RATING_VETERAN);
	struct obb b;
	(void)state;
	u.facing = 217;
	b = unit_footprint(&u);
	assert_float_equal((b.c.x), 50, EPS);
	assert_float_equal((b.c.y), 40, EPS);
	assert_float_equal((b.w), 2.5, EPS);
	assert_float_equal((b.d), 4.0, EPS);
	assert_float_equal((b.facing), 217, EPS);
	b = unit_footprint_as(UT_HEAVY_CAV, FORM_LINE, v2(3, 4), 90);
	assert_float_equal((b.c.x), 3, EPS);
	assert_float_equal((b.c.y), 4, EPS);
	assert_float_equal((b.w), 5.0, EPS);
	assert_float_equal((b.d), 4.0, EPS);
	assert_float_equal((b.facing), 90, EPS);
}

/* The stand of out[0..1] centred at (x, y), in either order. */
static int stand_at(const struct obb *s, int n, double x, double y)
{
	for (int i = 0; i < n; i++)
		if (fabs(s[i].c.x - x) < 1e-6 && fabs(s[i].c.y - y) < 1e-6)
			return i;
	return -1;
}

static void test_stands_line_column(void **state)
{
	struct unit u = mk(UT_LINE_INF, FORM_LINE, RATING_VETERAN);
	struct obb s[2];
	struct vec2 ba[4], bb[4];
	struct shape sa, sb;
	int i;
	(void)state;
	/* Line facing north at (50, 40): stands at x 48.75 and 51.25. */
	assert_int_equal(unit_stands(&u, s), 2);
	assert_true(stand_at(s, 2, 48.75, 40) >= 0);
	assert_true(stand_at(s, 2, 51.25, 40) >= 0);
	for (i = 0; i < 2; i++) {
		assert_float_equal((s[i].w), 2.5, EPS);
		assert_float_equal((s[i].d), 2.0, EPS);
		assert_float_equal((s[i].facing), 0, EPS);
	}
	sa = geom_obb_shape(&s[0], ba);
	sb = geom_obb_shape(&s[1], bb);
	assert_true(geom_contact(&sa, &sb));
	assert_false(geom_overlap(&sa, &sb));

	/* Column facing east: one stand 1 cm ahead (east), one 1 cm behind. */
	u.form = FORM_COLUMN;
	u.facing = 90;
	assert_int_equal(unit_stands(&u, s), 2);
	assert_true(stand_at(s, 2, 51, 40) >= 0);
	assert_true(stand_at(s, 2, 49, 40) >= 0);
	for (i = 0; i < 2; i++)
		assert_float_equal((s[i].facing), 90, EPS);

	/* Cavalry column facing south: stands 2 cm ahead and behind. */
	u = mk(UT_MEDIUM_CAV, FORM_COLUMN, RATING_VETERAN);
	u.facing = 180;
	assert_int_equal(unit_stands(&u, s), 2);
	assert_true(stand_at(s, 2, 50, 42) >= 0);
	assert_true(stand_at(s, 2, 50, 38) >= 0);
	assert_float_equal((s[0].d), 4.0, EPS);

	/* Cavalry line facing west: side by side along north-south. */
	u.form = FORM_LINE;
	u.facing = 270;
	assert_int_equal(unit_stands(&u, s), 2);
	assert_true(stand_at(s, 2, 50, 38.75) >= 0);
	assert_true(stand_at(s, 2, 50, 41.25) >= 0);
}

static void test_stands_skirmish_square_battery(void **state)
{
	struct unit u = mk(UT_LIGHT_INF, FORM_SKIRMISH, RATING_VETERAN);
	struct obb s[2], fp;
	struct vec2 ba[4], bb[4];
	struct shape sa, sb;
	(void)state;
	/* Skirmish line: 0.45 between the stands. */
	assert_int_equal(unit_stands(&u, s), 2);
	assert_true(stand_at(s, 2, 50 - 1.475, 40) >= 0);
	assert_true(stand_at(s, 2, 50 + 1.475, 40) >= 0);
	sa = geom_obb_shape(&s[0], ba);
	sb = geom_obb_shape(&s[1], bb);
	assert_float_equal((geom_distance(&sa, &sb)), 0.45, 1e-6);
	assert_false(geom_contact(&sa, &sb));

	/* Square: back to back, the rear stand facing the other way. */
	u = mk(UT_LINE_INF, FORM_SQUARE, RATING_VETERAN);
	assert_int_equal(unit_stands(&u, s), 2);
	{
		int f = stand_at(s, 2, 50, 39), b = stand_at(s, 2, 50, 41);
		assert_true(f >= 0 && b >= 0);
		assert_float_equal((s[f].facing), 0, EPS);
		assert_float_equal((s[b].facing), 180, EPS);
	}
	sa = geom_obb_shape(&s[0], ba);
	sb = geom_obb_shape(&s[1], bb);
	assert_true(geom_contact(&sa, &sb));
	assert_false(geom_overlap(&sa, &sb));

	/* A battery is one stand, the whole footprint. */
	u = mk(UT_FOOT_ART, FORM_BATTERY, RATING_VETERAN);
	u.facing = 30;
	assert_int_equal(unit_stands(&u, s), 1);
	fp = unit_footprint(&u);
	assert_float_equal((s[0].c.x), (fp.c.x), EPS);
	assert_float_equal((s[0].c.y), (fp.c.y), EPS);
	assert_float_equal((s[0].w), 3, EPS);
	assert_float_equal((s[0].d), 3, EPS);
	assert_float_equal((s[0].facing), 30, EPS);
}

static void test_stands_rotated(void **state)
{
	static const enum formation forms[] = { FORM_LINE, FORM_COLUMN, FORM_SQUARE, FORM_SKIRMISH };
	static const double facings[] = { 0, 30, 45, 90, 217 };
	(void)state;
	/* At any facing the stands lie within the footprint and do not
	 * overlap each other; together they fill it (but for the gap). */
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
		for (size_t j = 0; j < sizeof facings / sizeof facings[0]; j++) {
			struct unit u = mk(UT_LIGHT_INF, forms[i], RATING_VETERAN);
			struct obb s[2], fp;
			struct vec2 bf[4], ba[4], bb[4];
			struct shape sf, sa, sb;
			double area;
			u.facing = facings[j];
			assert_int_equal(unit_stands(&u, s), 2);
			fp = unit_footprint(&u);
			sf = geom_obb_shape(&fp, bf);
			sa = geom_obb_shape(&s[0], ba);
			sb = geom_obb_shape(&s[1], bb);
			assert_true(geom_inside(&sf, &sa));
			assert_true(geom_inside(&sf, &sb));
			assert_false(geom_overlap(&sa, &sb));
			area = fabs(geom_poly_area(ba, 4)) + fabs(geom_poly_area(bb, 4));
			assert_float_equal(area, 10.0, 1e-6);
			if (forms[i] == FORM_SKIRMISH)
				assert_float_equal((fp.w * fp.d - area), (0.45 * 2.0), 1e-6);
			else
				assert_float_equal((fp.w * fp.d), area, 1e-6);
		}
}

/* ------------------------------------------------------------------ */

static void test_formed(void **state)
{
	struct unit u;
	(void)state;
	/* Lines, columns and squares are formed; skirmish lines and
	 * batteries are always unformed. */
	assert_true(formation_formed(FORM_LINE));
	assert_true(formation_formed(FORM_COLUMN));
	assert_true(formation_formed(FORM_SQUARE));
	assert_true(formation_formed(FORM_ESQUARE));
	assert_false(formation_formed(FORM_SKIRMISH));
	assert_false(formation_formed(FORM_BATTERY));
	u = mk(UT_LIGHT_INF, FORM_SKIRMISH, RATING_ELITE);
	assert_false(unit_formed(&u));
	u.form = FORM_COLUMN;
	assert_true(unit_formed(&u));
	u = mk(UT_HORSE_ART, FORM_BATTERY, RATING_GUARD);
	assert_false(unit_formed(&u));
}

static void test_arms(void **state)
{
	struct unit u;
	(void)state;
	assert_int_equal(unit_type_arm(UT_LINE_INF), ARM_INFANTRY);
	assert_int_equal(unit_type_arm(UT_LIGHT_INF), ARM_INFANTRY);
	assert_int_equal(unit_type_arm(UT_HEAVY_CAV), ARM_CAVALRY);
	assert_int_equal(unit_type_arm(UT_MEDIUM_CAV), ARM_CAVALRY);
	assert_int_equal(unit_type_arm(UT_LIGHT_CAV), ARM_CAVALRY);
	assert_int_equal(unit_type_arm(UT_FOOT_ART), ARM_ARTILLERY);
	assert_int_equal(unit_type_arm(UT_HORSE_ART), ARM_ARTILLERY);
	u = mk(UT_LIGHT_INF, FORM_LINE, RATING_VETERAN);
	assert_true(unit_is_infantry(&u));
	assert_false(unit_is_cavalry(&u));
	assert_false(unit_is_artillery(&u));
	assert_int_equal(unit_arm(&u), ARM_INFANTRY);
	u.type = UT_HEAVY_CAV;
	assert_true(unit_is_cavalry(&u));
	assert_false(unit_is_infantry(&u));
	u.type = UT_FOOT_ART;
	assert_true(unit_is_artillery(&u));
	assert_false(unit_is_cavalry(&u));
}

static void test_refusal_infantry(void **state)
{
	struct unit u = mk(UT_LINE_INF, FORM_LINE, RATING_VETERAN);
	(void)state;
	assert_null(unit_formation_refusal(&u, FORM_LINE));
	assert_null(unit_formation_refusal(&u, FORM_COLUMN));
	assert_null(unit_formation_refusal(&u, FORM_SQUARE));
	/* "Only light infantry units and non-lancer light cavalry units can
	 * form up into skirmish lines." */
	assert_non_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	assert_non_null(unit_formation_refusal(&u, FORM_BATTERY));
	u.type = UT_LIGHT_INF;
	assert_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	assert_null(unit_formation_refusal(&u, FORM_LINE));
	assert_null(unit_formation_refusal(&u, FORM_COLUMN));
	assert_null(unit_formation_refusal(&u, FORM_SQUARE));
	assert_non_null(unit_formation_refusal(&u, FORM_BATTERY));
}

static void test_refusal_cavalry(void **state)
{
	struct unit u = mk(UT_HEAVY_CAV, FORM_LINE, RATING_VETERAN);
	(void)state;
	for (int t = UT_HEAVY_CAV; t <= UT_LIGHT_CAV; t++) {
		u.type = (enum unit_type)t;
		assert_null(unit_formation_refusal(&u, FORM_LINE));
		assert_null(unit_formation_refusal(&u, FORM_COLUMN));
		/* Squares are for infantry only. */
		assert_non_null(unit_formation_refusal(&u, FORM_SQUARE));
		assert_non_null(unit_formation_refusal(&u, FORM_ESQUARE));
		assert_non_null(unit_formation_refusal(&u, FORM_BATTERY));
	}
	u.type = UT_HEAVY_CAV;
	assert_non_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	u.type = UT_MEDIUM_CAV;
	assert_non_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	u.type = UT_LIGHT_CAV;
	assert_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	/* Lancers may not skirmish, but form lines and columns. */
	u.flags = UF_LANCER;
	assert_non_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	assert_null(unit_formation_refusal(&u, FORM_LINE));
	assert_null(unit_formation_refusal(&u, FORM_COLUMN));
	/* Cossacks and Arabs "must remain in skirmish line formation at all
	 * times". */
	u.flags = 0;
	u.irregular = IRR_COSSACK;
	assert_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	assert_non_null(unit_formation_refusal(&u, FORM_LINE));
	assert_non_null(unit_formation_refusal(&u, FORM_COLUMN));
	assert_int_equal(unit_default_formation(&u), FORM_SKIRMISH);
	u.irregular = IRR_ARAB;
	assert_null(unit_formation_refusal(&u, FORM_SKIRMISH));
	assert_non_null(unit_formation_refusal(&u, FORM_LINE));
	assert_non_null(unit_formation_refusal(&u, FORM_COLUMN));
	assert_int_equal(unit_default_formation(&u), FORM_SKIRMISH);
	u.irregular = IRR_NONE;
	assert_int_equal(unit_default_formation(&u), FORM_LINE);
}

static void test_refusal_artillery(void **state)
{
	struct unit u = mk(UT_FOOT_ART, FORM_BATTERY, RATING_VETERAN);
	(void)state;
	for (int t = UT_FOOT_ART; t <= UT_HORSE_ART; t++) {
		u.type = (enum unit_type)t;
		assert_null(unit_formation_refusal(&u, FORM_BATTERY));
		assert_non_null(unit_formation_refusal(&u, FORM_LINE));
		assert_non_null(unit_formation_refusal(&u, FORM_COLUMN));
		assert_non_null(unit_formation_refusal(&u, FORM_SQUARE));
		assert_non_null(unit_formation_refusal(&u, FORM_ESQUARE));
		assert_non_null(unit_formation_refusal(&u, FORM_SKIRMISH));
		assert_int_equal(unit_default_formation(&u), FORM_BATTERY);
	}
}

/* ------------------------------------------------------------------ */

static void test_elimination(void **state)
{
	struct unit u = mk(UT_LINE_INF, FORM_LINE, RATING_VETERAN);
	(void)state;
	/* Formed, not square, not Guard: removed at one SP or less. */
	assert_int_equal(unit_elimination_sp(&u), 1);
	u.form = FORM_COLUMN;
	assert_int_equal(unit_elimination_sp(&u), 1);
	/* Squares of either kind: at zero. */
	u.form = FORM_SQUARE;
	assert_int_equal(unit_elimination_sp(&u), 0);
	u.form = FORM_ESQUARE;
	assert_int_equal(unit_elimination_sp(&u), 0);
	/* Unformed: skirmishers and batteries at zero. */
	u = mk(UT_LIGHT_INF, FORM_SKIRMISH, RATING_TRAINED);
	assert_int_equal(unit_elimination_sp(&u), 0);
	u = mk(UT_LIGHT_CAV, FORM_SKIRMISH, RATING_UNTRAINED);
	assert_int_equal(unit_elimination_sp(&u), 0);
	u = mk(UT_FOOT_ART, FORM_BATTERY, RATING_VETERAN);
	assert_int_equal(unit_elimination_sp(&u), 0);
	/* Guard at zero even when formed. */
	u = mk(UT_LINE_INF, FORM_LINE, RATING_GUARD);
	assert_int_equal(unit_elimination_sp(&u), 0);
	u = mk(UT_HEAVY_CAV, FORM_COLUMN, RATING_GUARD);
	assert_int_equal(unit_elimination_sp(&u), 0);
	/* Formed cavalry of every other rating at one. */
	for (int r = RATING_ELITE; r <= RATING_UNTRAINED; r++) {
		u = mk(UT_MEDIUM_CAV, FORM_LINE, (enum rating)r);
		assert_int_equal(unit_elimination_sp(&u), 1);
	}
}

static void test_markers(void **state)
{
	struct unit u = mk(UT_LINE_INF, FORM_LINE, RATING_VETERAN);
	(void)state;
	for (int m = 0; m < MK_COUNT; m++)
		assert_false(unit_has_marker(&u, (enum marker)m));
	unit_set_marker(&u, MK_BLUE, true);
	assert_true(unit_has_marker(&u, MK_BLUE));
	assert_false(unit_has_marker(&u, MK_YELLOW));
	assert_false(unit_has_marker(&u, MK_WHITE));
	assert_false(unit_has_marker(&u, MK_ORANGE));
	unit_set_marker(&u, MK_YELLOW, true);
	unit_set_marker(&u, MK_BLUE, true); /* twice is still one marker */
	assert_true(unit_has_marker(&u, MK_BLUE));
	assert_true(unit_has_marker(&u, MK_YELLOW));
	unit_set_marker(&u, MK_BLUE, false);
	assert_false(unit_has_marker(&u, MK_BLUE));
	assert_true(unit_has_marker(&u, MK_YELLOW));
	unit_set_marker(&u, MK_WHITE, true);
	unit_set_marker(&u, MK_ORANGE, true);
	assert_int_equal(u.markers, (1u << MK_YELLOW) | (1u << MK_WHITE) | (1u << MK_ORANGE));
	for (int m = 0; m < MK_COUNT; m++)
		unit_set_marker(&u, (enum marker)m, false);
	assert_int_equal(u.markers, 0);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sp_from_men),
		cmocka_unit_test(test_sp_from_guns),
		cmocka_unit_test(test_formation_size),
		cmocka_unit_test(test_footprint),
		cmocka_unit_test(test_stands_line_column),
		cmocka_unit_test(test_stands_skirmish_square_battery),
		cmocka_unit_test(test_stands_rotated),
		cmocka_unit_test(test_formed),
		cmocka_unit_test(test_arms),
		cmocka_unit_test(test_refusal_infantry),
		cmocka_unit_test(test_refusal_cavalry),
		cmocka_unit_test(test_refusal_artillery),
		cmocka_unit_test(test_elimination),
		cmocka_unit_test(test_markers),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
