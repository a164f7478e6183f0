/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-terrain: the ground under a footprint, as the Mini-Nap 2 terrain
 * guidelines read: in contact with a feature is not yet in it; half rate
 * is not cumulative and the worst ground wins; impassable rough ground,
 * boggy ground and rivers close the way except along roads or at fords,
 * where a river is waded as a stream; a road is one base wide and its
 * ground is ignored along it, but not the water it crosses; a bridge
 * spans its water, with a bank on each side; structures and their
 * strength.  Small maps built in code, measured through terrain.h.  The
 * features' index (terrain-index.c) finds every feature near a box, in
 * order, over random maps. */
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
#include "engine/rules.h"
#include "engine/terrain.h"
#include "test-util.h"
#include "io/load-rules.h"

/* A feature of n points added to the map (named after its type). */
static int add_feature(struct map *m, enum terrain_type t, double width, int n, const struct vec2 *pts)
{
	struct feature *all = realloc(m->f, (size_t)(m->nf + 1) * sizeof *all);
	struct feature f = { .type = t, .width = width, .n = n, .strength = terrain_default_strength(t) };
	assert_non_null(all);
	m->f = all;
	f.pts = malloc((size_t)n * sizeof *pts);
	assert_non_null(f.pts);
	memcpy(f.pts, pts, (size_t)n * sizeof *pts);
	snprintf(f.name, sizeof f.name, "%s %d", terrain_names[t].key, m->nf);
	m->f[m->nf++] = f;
	map_finish(m);
	return m->nf - 1;
}

static int add_rect(struct map *m, enum terrain_type t, double x0, double y0, double x1, double y1)
{
	struct vec2 p[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };
	return add_feature(m, t, 0, 4, p);
}

static int add_line(struct map *m, enum terrain_type t, double width, double x0, double y0, double x1,
                    double y1)
{
	struct vec2 p[2] = { { x0, y0 }, { x1, y1 } };
	return add_feature(m, t, width, 2, p);
}

/* A unit of a type in a formation, facing north (0) at (x, y). */
static struct unit unit_at(enum unit_type type, enum formation form, double x, double y)
{
	return test_unit("U", SIDE_A, type, RATING_TRAINED, form, x, y, 0);
}

/* terrain_go for the unit where it stands (not along a road). */
static enum go go_at(const struct map *m, const struct unit *u, enum tclass c, enum terrain_mode mode,
                     int *blocker)
{
	struct vec2 buf[4];
	struct shape s = unit_shape(u, buf);
	*blocker = -1;
	return terrain_go(m, c, mode, &s, false, blocker);
}

/* "A unit is deemed to be interpenetrated with ... a terrain feature if
 * that unit is partially or wholly on, in or in contact with" it; half
 * rate runs "while ever the unit is partially or wholly interpenetrated".
 * A line (5 x 2 cm) whose front edge is 1 cm from a wood is neither; at
 * 0.04 cm (within the 0.05 contact tolerance) and at 0 it touches the
 * wood but is not in it, and the ground costs nothing; 0.1 cm into it,
 * it is in it and moves at half rate; wholly inside only when it is. */
static void test_contact_is_not_in(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int wood = add_rect(&m, TT_WOOD, 40, 40, 60, 60), b;
	struct vec2 buf[4];
	struct shape s;
	struct unit u;
	(void)state;
	/* The line's front edge is at y - 1. */
	const double at[] = { 62, 61.04, 61, 60.9, 50 };
	const bool touches[] = { false, true, true, true, true };
	const bool in[] = { false, false, false, true, true };
	const bool wholly[] = { false, false, false, false, true };
	for (int k = 0; k < 5; k++) {
		u = unit_at(UT_LINE_INF, FORM_LINE, 50, at[k]);
		s = unit_shape(&u, buf);
		assert_int_equal(terrain_touches(&m.f[wood], &s), touches[k]);
		assert_int_equal(terrain_in(&m.f[wood], &s), in[k]);
		assert_int_equal(terrain_wholly_in(&m.f[wood], &s), wholly[k]);
		assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_MOVE, &b), in[k] ? GO_HALF : GO_FREE);
	}
	/* A linear feature is never "wholly" anything's ground. */
	add_line(&m, TT_HEDGE, 0.5, 0, 100, 200, 100);
	u = unit_at(UT_LINE_INF, FORM_LINE, 50, 100);
	s = unit_shape(&u, buf);
	assert_true(terrain_in(&m.f[1], &s));
	assert_false(terrain_wholly_in(&m.f[1], &s));
	map_free(&m);
}

/* "This half rate movement penalty is not cumulative": a wood on a hill
 * is half rate, no worse.  The worst ground under a footprint wins: a
 * line half in a wood and half in boggy ground may not go, and the boggy
 * ground is named. */
static void test_half_rate_not_cumulative(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int b, bog;
	struct unit u = unit_at(UT_LINE_INF, FORM_LINE, 50, 50);
	(void)state;
	add_rect(&m, TT_HILL, 30, 30, 70, 70);
	add_rect(&m, TT_WOOD, 40, 40, 60, 60);
	assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_CHARGE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &u, TC_COMMAND, TMODE_MOVE, &b), GO_HALF);
	bog = add_rect(&m, TT_BOGGY, 50, 45, 70, 55);
	assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_MOVE, &b), GO_NO);
	assert_int_equal(b, bog);
	map_free(&m);
}

/* Who may go where: "Artillery units cannot enter woods"; "Cavalry units
 * cannot charge or intercept into, through or out of woods" but move at
 * half rate; a forest is "impassable to all units except infantry units
 * in skirmish line formation and command units". */
static void test_prohibitions_name_the_feature(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int wood = add_rect(&m, TT_WOOD, 40, 40, 60, 60);
	int forest = add_rect(&m, TT_FOREST, 100, 40, 120, 60), b;
	struct unit gun = unit_at(UT_FOOT_ART, FORM_BATTERY, 50, 50);
	struct unit cav = unit_at(UT_HEAVY_CAV, FORM_LINE, 50, 50);
	struct unit skm = unit_at(UT_LIGHT_INF, FORM_SKIRMISH, 110, 50);
	struct unit inf = unit_at(UT_LINE_INF, FORM_LINE, 110, 50);
	(void)state;
	assert_int_equal(go_at(&m, &gun, TC_ART_LIMBERED, TMODE_MOVE, &b), GO_NO);
	assert_int_equal(b, wood);
	assert_int_equal(go_at(&m, &cav, TC_CAVALRY, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &cav, TC_CAVALRY, TMODE_CHARGE, &b), GO_NO);
	assert_int_equal(b, wood);
	assert_int_equal(go_at(&m, &cav, TC_CAVALRY, TMODE_INTERCEPT, &b), GO_NO);
	assert_int_equal(go_at(&m, &skm, TC_SKIRMISH, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &inf, TC_INFANTRY, TMODE_MOVE, &b), GO_NO);
	assert_int_equal(b, forest);
	assert_int_equal(go_at(&m, &inf, TC_COMMAND, TMODE_MOVE, &b), GO_HALF);
	map_free(&m);
}

/* Rough ground: "Passable rough ground has no effect on infantry units";
 * the rest move at half rate; cavalry may not charge through it.
 * "Impassable rough ground is impassable to all units except along roads
 * through it." */
static void test_rough_ground(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int rough = add_rect(&m, TT_ROUGH, 40, 40, 60, 60);
	int bad = add_rect(&m, TT_ROUGH, 100, 40, 120, 60), b;
	struct unit inf = unit_at(UT_LINE_INF, FORM_COLUMN, 50, 50);
	struct unit col = unit_at(UT_LINE_INF, FORM_COLUMN, 110, 50);
	struct vec2 buf[4];
	struct shape s = unit_shape(&col, buf);
	(void)state;
	m.f[bad].impassable = true;
	assert_int_equal(go_at(&m, &inf, TC_INFANTRY, TMODE_MOVE, &b), GO_FREE);
	assert_int_equal(go_at(&m, &inf, TC_INFANTRY, TMODE_CHARGE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &inf, TC_CAVALRY, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &inf, TC_CAVALRY, TMODE_CHARGE, &b), GO_NO);
	assert_int_equal(b, rough);
	assert_int_equal(go_at(&m, &col, TC_INFANTRY, TMODE_MOVE, &b), GO_NO);
	assert_int_equal(b, bad);
	b = -1;
	assert_int_equal(terrain_go(&m, TC_INFANTRY, TMODE_MOVE, &s, true, &b), GO_FREE);
	assert_true(terrain_closed_to_all(&m.f[bad]));
	assert_false(terrain_closed_to_all(&m.f[rough]));
	assert_true(terrain_may_hinder(&m.f[bad], TC_INFANTRY, TMODE_MOVE));
	assert_false(terrain_may_hinder(&m.f[rough], TC_INFANTRY, TMODE_MOVE));
	assert_true(terrain_may_hinder(&m.f[rough], TC_CAVALRY, TMODE_MOVE));
	map_free(&m);
}

/* "Roads are deemed to be wide enough for a one base wide unit to move
 * along it": a column, a battery or a command stand whose centre is on the
 * road (3 cm wide) is on it; a line is not.  Along it "a unit ignores any
 * terrain effects of the terrain that the road is passing through" (a
 * wood, boggy ground), but the stream it crosses is crossed all the same. */
static void test_roads(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int stream, b = -1;
	struct vec2 buf[4];
	struct shape s;
	struct unit col;
	(void)state;
	add_line(&m, TT_ROAD, rules_terrain_limits.road_width, 0, 100, 200, 100);
	assert_float_equal(rules_terrain_limits.road_width, 3, 1e-12);
	assert_true(terrain_on_road(&m, TC_INFANTRY, FORM_COLUMN, v2(50, 101.4)));
	assert_false(terrain_on_road(&m, TC_INFANTRY, FORM_COLUMN, v2(50, 101.6)));
	assert_false(terrain_on_road(&m, TC_INFANTRY, FORM_LINE, v2(50, 100)));
	assert_false(terrain_on_road(&m, TC_SKIRMISH, FORM_SKIRMISH, v2(50, 100)));
	assert_true(terrain_on_road(&m, TC_ART_LIMBERED, FORM_BATTERY, v2(50, 100)));
	assert_true(terrain_on_road(&m, TC_COMMAND, FORM_LINE, v2(50, 100)));
	assert_false(terrain_may_hinder(&m.f[0], TC_CAVALRY, TMODE_CHARGE));

	add_rect(&m, TT_WOOD, 40, 90, 60, 110);
	add_rect(&m, TT_BOGGY, 60, 90, 80, 110);
	col = unit_at(UT_LINE_INF, FORM_COLUMN, 50, 100);
	s = unit_shape(&col, buf);
	assert_int_equal(terrain_go(&m, TC_INFANTRY, TMODE_MOVE, &s, false, &b), GO_HALF);
	assert_int_equal(terrain_go(&m, TC_INFANTRY, TMODE_MOVE, &s, true, &b), GO_FREE);
	col = unit_at(UT_LINE_INF, FORM_COLUMN, 70, 100);
	s = unit_shape(&col, buf);
	assert_int_equal(terrain_go(&m, TC_INFANTRY, TMODE_MOVE, &s, false, &b), GO_NO);
	assert_int_equal(terrain_go(&m, TC_INFANTRY, TMODE_MOVE, &s, true, &b), GO_FREE);
	stream = add_line(&m, TT_STREAM, 2, 120, 0, 120, 200);
	col = unit_at(UT_LINE_INF, FORM_COLUMN, 120, 100);
	s = unit_shape(&col, buf);
	assert_int_equal(terrain_go(&m, TC_INFANTRY, TMODE_MOVE, &s, true, &b), GO_HALF);
	assert_true(terrain_in(&m.f[stream], &s));
	map_free(&m);
}

/* "Rivers are impassable to all units except at bridges or at fords ...
 * treat fords across rivers as streams": all move across at half rate,
 * but unlimbered artillery may not, and nobody charges across. */
static void test_rivers_and_fords(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int river = add_line(&m, TT_RIVER, 4, 0, 50, 200, 50), ford, b;
	struct unit away = unit_at(UT_LINE_INF, FORM_COLUMN, 20, 50);
	struct unit at = unit_at(UT_LINE_INF, FORM_COLUMN, 100, 50);
	struct unit guns = unit_at(UT_FOOT_ART, FORM_BATTERY, 100, 50);
	(void)state;
	assert_true(terrain_closed_to_all(&m.f[river]));
	assert_int_equal(go_at(&m, &at, TC_INFANTRY, TMODE_MOVE, &b), GO_NO);
	assert_int_equal(b, river);
	ford = add_rect(&m, TT_FORD, 96, 46, 104, 54);
	assert_true(terrain_may_hinder(&m.f[ford], TC_INFANTRY, TMODE_MOVE));
	assert_int_equal(go_at(&m, &away, TC_INFANTRY, TMODE_MOVE, &b), GO_NO);
	assert_int_equal(b, river);
	assert_int_equal(go_at(&m, &at, TC_INFANTRY, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &at, TC_CAVALRY, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &at, TC_INFANTRY, TMODE_CHARGE, &b), GO_NO);
	assert_int_equal(go_at(&m, &guns, TC_ART_LIMBERED, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &guns, TC_ART_UNLIMBERED, TMODE_MOVE, &b), GO_NO);
	map_free(&m);
}

/* A bridge spans the water it touches; a unit crossing it goes from one
 * bank to the other, the sign of terrain_side_of telling them apart; on a
 * winding river the segment nearest the bridge is the one it spans. */
static void test_bridges(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	struct vec2 bend[3] = { { 0, 50 }, { 100, 50 }, { 200, 110 } };
	int river = add_feature(&m, TT_RIVER, 4, 3, bend), br, dry, seg;
	double north, south;
	(void)state;
	br = add_rect(&m, TT_BRIDGE, 48, 46, 52, 54);
	dry = add_rect(&m, TT_BRIDGE, 10, 150, 14, 156);
	assert_int_equal(terrain_bridge_water(&m, br), river);
	assert_int_equal(terrain_bridge_water(&m, dry), -1);
	seg = terrain_nearest_segment(&m.f[river], v2(50, 50));
	assert_int_equal(seg, 0);
	assert_int_equal(terrain_nearest_segment(&m.f[river], v2(150, 75)), 1);
	north = terrain_side_of(&m.f[river], seg, v2(50, 40));
	south = terrain_side_of(&m.f[river], seg, v2(50, 60));
	assert_true(north * south < 0);
	/* Strength: "only 4 to 6 structural hits to destroy landmarks, bridges". */
	assert_in_range(m.f[br].strength, 4, 6);
	assert_false(terrain_destroyed(&m.f[br]));
	m.f[br].damage = m.f[br].strength;
	assert_true(terrain_destroyed(&m.f[br]));
	map_free(&m);
}

/* Structures ("something that has been built such as a landmark, a
 * bridge, a village"): "about 8 to 10 structural hits to destroy a
 * village ... only 4 to 6 ... landmarks, bridges"; natural ground has no
 * strength and is never destroyed, however much it is shot at. */
static void test_structures(void **state)
{
	struct feature wood = { .type = TT_WOOD, .strength = terrain_default_strength(TT_WOOD), .damage = 9 };
	struct feature vil = { .type = TT_VILLAGE, .strength = terrain_default_strength(TT_VILLAGE) };
	(void)state;
	assert_in_range(terrain_default_strength(TT_VILLAGE), 8, 10);
	assert_in_range(terrain_default_strength(TT_LANDMARK), 4, 6);
	assert_in_range(terrain_default_strength(TT_BRIDGE), 4, 6);
	assert_int_equal(terrain_default_strength(TT_WOOD), 0);
	assert_int_equal(terrain_default_strength(TT_HILL), 0);
	assert_int_equal(terrain_default_strength(TT_WALL), 0);
	assert_false(terrain_destroyed(&wood));
	vil.damage = vil.strength - 1;
	assert_false(terrain_destroyed(&vil));
	vil.damage++;
	assert_true(terrain_destroyed(&vil));
}

/* The classes of mover the terrain table knows: skirmishers apart from
 * formed infantry, cavalry, artillery limbered (redeploying) or not. */
static void test_classes(void **state)
{
	struct unit u;
	(void)state;
	u = unit_at(UT_LINE_INF, FORM_COLUMN, 0, 0);
	assert_int_equal(terrain_class(&u, false), TC_INFANTRY);
	u = unit_at(UT_LIGHT_INF, FORM_SKIRMISH, 0, 0);
	assert_int_equal(terrain_class(&u, false), TC_SKIRMISH);
	u = unit_at(UT_LIGHT_INF, FORM_LINE, 0, 0);
	assert_int_equal(terrain_class(&u, false), TC_INFANTRY);
	u = unit_at(UT_LIGHT_CAV, FORM_SKIRMISH, 0, 0);
	assert_int_equal(terrain_class(&u, false), TC_CAVALRY);
	u = unit_at(UT_HORSE_ART, FORM_BATTERY, 0, 0);
	assert_int_equal(terrain_class(&u, true), TC_ART_LIMBERED);
	assert_int_equal(terrain_class(&u, false), TC_ART_UNLIMBERED);
}

/* Contours "have no effect on movement, charging, intercepting"; a stream
 * "All units can move across ... at half rate" and "A unit cannot charge
 * or intercept into, across or out of a stream"; a ditch is half rate for
 * charges too. */
static void test_linear_water_and_ditches(void **state)
{
	struct map m = { .width = 200, .height = 200 };
	int contour = add_rect(&m, TT_CONTOUR, 0, 0, 200, 200), stream, ditch, b;
	struct unit u = unit_at(UT_LINE_INF, FORM_LINE, 50, 50);
	(void)state;
	assert_false(terrain_may_hinder(&m.f[contour], TC_CAVALRY, TMODE_CHARGE));
	assert_int_equal(go_at(&m, &u, TC_CAVALRY, TMODE_CHARGE, &b), GO_FREE);
	stream = add_line(&m, TT_STREAM, 2, 0, 50, 100, 50);
	assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_MOVE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_CHARGE, &b), GO_NO);
	assert_int_equal(b, stream);
	assert_int_equal(go_at(&m, &u, TC_CAVALRY, TMODE_INTERCEPT, &b), GO_NO);
	u = unit_at(UT_LINE_INF, FORM_LINE, 150, 50);
	ditch = add_line(&m, TT_DITCH, 1, 100, 50, 200, 50);
	assert_true(terrain_may_hinder(&m.f[ditch], TC_INFANTRY, TMODE_MOVE));
	assert_int_equal(go_at(&m, &u, TC_CAVALRY, TMODE_CHARGE, &b), GO_HALF);
	assert_int_equal(go_at(&m, &u, TC_INFANTRY, TMODE_MOVE, &b), GO_HALF);
	map_free(&m);
}

/* The index answers a superset of the features whose (widened) bounds
 * come within the margin of the box, each once, in feature order; and
 * every feature for a map changed since it was made. */
static void test_index_finds_near(void **state)
{
	struct map m = { .width = 400, .height = 300 };
	uint64_t r = 12345;
	struct index_set s = { 0 };
	(void)state;
	for (int i = 0; i < 120; i++) {
		double x, y, w;
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		x = (double)(r >> 40 & 0x3ff) * 400 / 1024, y = (double)(r >> 20 & 0x3ff) * 300 / 1024;
		w = 2 + (double)(r >> 10 & 0x1f);
		if (i % 3 == 0) {
			struct vec2 p[5] = { { x, y }, { x + w, y + 3 }, { x + 2 * w, y - 4 }, { x + 2.5 * w, y + w },
				             { x + 3 * w, y + 2 * w } };
			add_feature(&m, i % 2 ? TT_ROAD : TT_STREAM, 1 + i % 4, 5, p);
		} else {
			add_rect(&m, i % 2 ? TT_VILLAGE : TT_WOOD, x, y, x + w, y + w / 2 + 1);
		}
	}
	assert_non_null(m.index);
	for (int q = 0; q < 500; q++) {
		double box[4], margin = q % 5 * 0.5;
		int found = 0;
		r = r * 6364136223846793005ULL + 1442695040888963407ULL;
		box[0] = (double)(r >> 40 & 0x3ff) * 400 / 1024 - 10;
		box[1] = (double)(r >> 20 & 0x3ff) * 300 / 1024 - 10;
		box[2] = box[0] + (double)(r >> 8 & 0x3f);
		box[3] = box[1] + (double)(r >> 2 & 0x3f);
		terrain_features_box(&m, box, margin, &s);
		for (int k = 1; k < s.n; k++)
			assert_true(s.idx[k - 1] < s.idx[k]);
		for (int i = 0; i < m.nf; i++) {
			const struct feature *f = &m.f[i];
			double pad = margin + (feature_is_linear(f->type) ? f->width / 2 : 0);
			bool near = !(box[2] + pad < f->box[0] || box[0] - pad > f->box[2] || box[3] + pad < f->box[1] ||
			              box[1] - pad > f->box[3]);
			bool in = false;
			for (int k = 0; k < s.n && !in; k++)
				in = s.idx[k] == i;
			/* (A polyline's segments near the box are what is filed: a
			 * feature whose bounds alone are near may be left out.) */
			if (near && !feature_is_linear(f->type))
				assert_true(in);
			found += in;
		}
		assert_true(found <= m.nf);
	}
	/* A feature added without finishing the map: every feature again. */
	{
		struct feature *all = realloc(m.f, (size_t)(m.nf + 1) * sizeof *all);
		double box[4] = { 0, 0, 1, 1 };
		assert_non_null(all);
		m.f = all;
		m.f[m.nf] = m.f[0];
		m.f[m.nf].pts = malloc(sizeof *m.f[m.nf].pts * (size_t)m.f[0].n);
		assert_non_null(m.f[m.nf].pts);
		memcpy(m.f[m.nf].pts, m.f[0].pts, sizeof *m.f[0].pts * (size_t)m.f[0].n);
		m.nf++;
		terrain_features_box(&m, box, 0, &s);
		assert_int_equal(s.n, m.nf);
	}
	index_set_free(&s);
	map_free(&m);
}

/* Each segment of a linear feature is filed: a query next to any part of
 * a long road finds it, and one far from all of it does not. */
static void test_index_follows_lines(void **state)
{
	struct map m = { .width = 400, .height = 300 };
	struct vec2 p[3] = { { 10, 10 }, { 390, 20 }, { 390, 290 } };
	struct index_set s = { 0 };
	double near_box[4] = { 200, 14, 201, 15 }, end_box[4] = { 392, 250, 393, 251 }, far_box[4] = { 100, 200, 110, 210 };
	(void)state;
	add_feature(&m, TT_ROAD, 2, 3, p);
	terrain_features_box(&m, near_box, 0, &s);
	assert_int_equal(s.n, 1);
	terrain_features_box(&m, end_box, 0.5, &s);
	assert_int_equal(s.n, 1);
	terrain_features_box(&m, far_box, 0, &s);
	assert_int_equal(s.n, 0);
	index_set_free(&s);
	map_free(&m);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_contact_is_not_in),
		cmocka_unit_test(test_half_rate_not_cumulative),
		cmocka_unit_test(test_prohibitions_name_the_feature),
		cmocka_unit_test(test_rough_ground),
		cmocka_unit_test(test_roads),
		cmocka_unit_test(test_rivers_and_fords),
		cmocka_unit_test(test_bridges),
		cmocka_unit_test(test_structures),
		cmocka_unit_test(test_classes),
		cmocka_unit_test(test_linear_water_and_ditches),
		cmocka_unit_test(test_index_finds_near),
		cmocka_unit_test(test_index_follows_lines),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
