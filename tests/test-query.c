/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-query: the questions the front end asks without changing the
 * battle (query.h): which units act now and which can still do something
 * useful (w, ending a phase), the target a unit could fire at, whether a
 * unit's fire or charge reaches a point (describe's threats), what the
 * ground under a footprint forbids and where a move may stop clear of it
 * (the stream warning).  Small battles built in code. */
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

#include "engine/game.h"
#include "engine/query.h"
#include "engine/rules.h"
#include "engine/terrain.h"
#include "test-util.h"
#include "io/load-rules.h"

/* The French (side A, brigade 0) have the initiative in its manoeuvre
 * phase; an Excellent corps stand at (100, 110) keeps the French unit at
 * (100, 100) in command. */
static struct game *new_game(void)
{
	struct game *g = test_game_new(1);
	test_corps_stand(g, SIDE_A, 100, 110);
	test_corps_stand(g, SIDE_B, 100, 20);
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_MANOEUVRE;
	return g;
}


/* A stream across the whole map at y, 1 cm wide. */
static void add_stream(struct game *g, double y)
{
	struct feature f = { .type = TT_STREAM, .width = 1, .n = 2 };
	struct feature *all = realloc(g->map.f, (size_t)(g->map.nf + 1) * sizeof *all);
	assert_non_null(all);
	g->map.f = all;
	snprintf(f.name, sizeof f.name, "Bach");
	f.pts = malloc(2 * sizeof *f.pts);
	assert_non_null(f.pts);
	f.pts[0] = v2(0, y);
	f.pts[1] = v2(200, y);
	f.strength = terrain_default_strength(TT_STREAM);
	g->map.f[g->map.nf++] = f;
	map_finish(&g->map);
}

/* Who acts in the manoeuvre phase, and who still may. */
static void test_manoeuvre_acts(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int e = test_add(g, "E", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 40, 180);
	(void)state;
	assert_true(query_unit_acts(g, &g->units[l], true));
	assert_true(query_unit_useful(g, l));
	assert_true(query_unit_options(g, l) & QO_MOVE);
	assert_true(query_unit_options(g, l) & QO_CHARGE);
	/* The enemy does not act in the French initiative. */
	assert_false(query_unit_acts(g, &g->units[e], false));
	assert_false(query_unit_useful(g, e));
	/* Moved: no more move or charge, a pivot still. */
	g->units[l].acted |= UA_MOVED;
	assert_false(query_unit_options(g, l) & (QO_MOVE | QO_CHARGE));
	assert_true(query_unit_options(g, l) & QO_PIVOT);
	assert_true(query_unit_useful(g, l));
	/* Its manoeuvre over (another unit began one): it acts in the phase
	 * but may do nothing more. */
	g->units[l].acted |= UA_DONE;
	assert_true(query_unit_acts(g, &g->units[l], false));
	assert_false(query_unit_acts(g, &g->units[l], true));
	assert_false(query_unit_useful(g, l));
	/* Not its brigade's initiative. */
	g->units[l].acted = 0;
	g->active_brigade = 1;
	assert_false(query_unit_acts(g, &g->units[l], false));
	game_free(g);
}

/* In the firing phase only units with an enemy to fire at are useful;
 * cavalry does not act at all. */
static void test_fire_targets(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int k = test_add(g, "K", SIDE_A, UT_HEAVY_CAV, FORM_LINE, 40, 100, 0);
	struct obb fp = unit_footprint(&g->units[l]);
	int near, far;
	(void)state;
	g->phase = PHASE_FIRE;
	far = test_add(g, "F", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 40, 180);
	assert_int_equal(query_fire_target(g, l), -1);
	assert_false(query_unit_useful(g, l));
	assert_true(query_unit_acts(g, &g->units[l], true));
	/* An enemy within small-arms range of its front: the target. */
	near = test_add(g, "N", SIDE_B, UT_LINE_INF, FORM_LINE, 100,
	           100 - fp.d - rules_fire.small_arms_range / 2, 180);
	assert_int_equal(query_fire_target(g, l), near);
	assert_true(query_unit_useful(g, l));
	assert_true(query_unit_options(g, l) == QO_FIRE);
	/* Having fired, it is done. */
	g->units[l].acted |= UA_FIRED;
	assert_false(query_unit_useful(g, l));
	assert_false(query_unit_acts(g, &g->units[k], false));
	(void)far;
	game_free(g);
}

/* Whose fire and charge reach a point. */
static void test_reaches(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int k = test_add(g, "K", SIDE_A, UT_HEAVY_CAV, FORM_LINE, 40, 100, 0);
	int a = test_add(g, "A", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 160, 100, 0);
	double front = 100 - unit_footprint(&g->units[l]).d / 2;
	double kfront = 100 - unit_footprint(&g->units[k]).d / 2;
	(void)state;
	assert_true(query_fire_reaches(&g->units[l], v2(100, front - rules_fire.small_arms_range / 2)));
	assert_false(query_fire_reaches(&g->units[l], v2(100, front - rules_fire.small_arms_range - 1)));
	assert_false(query_fire_reaches(&g->units[l], v2(100, 110)));
	assert_false(query_fire_reaches(&g->units[k], v2(40, kfront - 1)));
	assert_true(query_charge_reaches(&g->units[k], v2(40, kfront - 1)));
	assert_false(query_charge_reaches(&g->units[k], v2(40, 130)));
	assert_false(query_charge_reaches(&g->units[a], v2(160, 90)));
	game_free(g);
}

/* A stream forbids fire and charges to a unit in it; a move toward it may
 * stop clear a millimetre short. */
static void test_ground_and_stopping_short(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int a = test_add(g, "A", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 40, 100, 0);
	const struct unit *u = &g->units[l];
	struct obb fp = unit_footprint(u), at = fp;
	int f;
	double t;
	(void)state;
	add_stream(g, 80);
	assert_int_equal(query_ground_forbids(g, u, &fp, &f), 0u);
	assert_int_equal(f, -1);
	at.c = v2(100, 80);
	assert_int_equal(query_ground_forbids(g, u, &at, &f), (unsigned)(QG_NO_FIRE | QG_NO_CHARGE));
	assert_int_equal(f, 0);
	/* Guns in it may not fire; they never charge, so that is not told. */
	at = unit_footprint(&g->units[a]);
	at.c = v2(40, 80);
	assert_int_equal(query_ground_forbids(g, &g->units[a], &at, NULL), (unsigned)QG_NO_FIRE);
	/* Moving north 20 cm would end in it: clear at t, not a step beyond. */
	t = query_stop_clear(g, u, fp, geom_dir(0), 20, QG_NO_FIRE);
	assert_true(t > 0 && t < 20);
	at = fp;
	at.c = v2_add(fp.c, v2_scale(geom_dir(0), t));
	assert_int_equal(query_ground_forbids(g, u, &at, NULL), 0u);
	at.c = v2_add(fp.c, v2_scale(geom_dir(0), t + 0.1));
	assert_true(query_ground_forbids(g, u, &at, NULL) & QG_NO_FIRE);
	/* Ending beyond it, or away from it: the whole distance. */
	assert_true(fabs(query_stop_clear(g, u, fp, geom_dir(0), 30, QG_NO_FIRE) - 30) < 1e-9);
	assert_true(fabs(query_stop_clear(g, u, fp, geom_dir(180), 25, QG_NO_FIRE) - 25) < 1e-9);
	/* Already in it, with nowhere clear behind on the way: -1. */
	at = fp;
	at.c = v2(100, 80);
	assert_true(query_stop_clear(g, u, at, geom_dir(0), 0.5, QG_NO_FIRE) < 0);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_manoeuvre_acts),
		cmocka_unit_test(test_fire_targets),
		cmocka_unit_test(test_reaches),
		cmocka_unit_test(test_ground_and_stopping_short),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
