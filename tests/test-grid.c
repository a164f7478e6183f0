/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grid: the spatial index of the units answers every query as a scan
 * of all the units would, in unit order, over random battles, after moves
 * and losses; the engine keeps it up to date when it moves a unit. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/control.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/order.h"
#include "engine/rng.h"
#include "io/load-rules.h"
#include "test-util.h"

#define NUNITS 300
#define TABLE_W 400.0
#define TABLE_H 300.0
#define QUERIES 400

static const enum unit_type types[] = { UT_LINE_INF, UT_LIGHT_INF, UT_LIGHT_CAV, UT_HEAVY_CAV, UT_FOOT_ART };
static const enum formation forms[] = { FORM_LINE, FORM_COLUMN, FORM_SQUARE, FORM_ESQUARE };

static double uniform(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * (double)(rng_next(r) >> 11) / 9007199254740992.0;
}

static int pick(struct rng *r, int n)
{
	return (int)(rng_next(r) % (uint64_t)n);
}

/* A random unit somewhere on the table (some past its edges, as the
 * index must file those too). */
static void scatter(struct rng *r, struct unit *u)
{
	u->pos = v2(uniform(r, -5, TABLE_W + 5), uniform(r, -5, TABLE_H + 5));
	u->facing = uniform(r, 0, 360);
	u->form = u->type == UT_FOOT_ART ? FORM_BATTERY : forms[pick(r, 4)];
}

/* A battle of NUNITS units thrown anywhere on a 400 x 300 cm table. */
static struct game *random_battle(uint64_t seed, struct rng *r)
{
	struct game *g = test_game_new(seed);
	g->map.width = TABLE_W;
	g->map.height = TABLE_H;
	rng_seed(r, seed);
	for (int i = 0; i < NUNITS; i++) {
		char id[16];
		enum side s = (enum side)pick(r, 2);
		struct unit u = test_unit("x", s, types[pick(r, 5)], RATING_VETERAN, FORM_LINE, 0, 0, 0);
		snprintf(id, sizeof id, "U%d", i);
		snprintf(u.id, sizeof u.id, "%s", id);
		scatter(r, &u);
		assert_int_equal(game_add_unit(g, &u), i);
	}
	return g;
}

/* The grid's own promise, checked by scanning every unit: the units whose
 * centres lie within margin and the largest reach of the box. */
static int scan_box(const struct game *g, const double box[4], double margin, int *out)
{
	double m = margin + grid_reach();
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		struct vec2 p = g->units[i].pos;
		/* (A hair inside the grid's own test: a unit on the very edge
		 * may go either way and is not asked about.) */
		if (p.x >= box[0] - m + 1e-6 && p.x <= box[2] + m - 1e-6 && p.y >= box[1] - m + 1e-6 &&
		    p.y <= box[3] + m - 1e-6)
			out[n++] = i;
	}
	return n;
}

/* The set is strictly increasing, holds every unit of want (n of them) and
 * nothing the box could not reach. */
static void check_set(const struct game *g, const struct index_set *s, const int *want, int n, const double box[4],
                      double margin)
{
	double m = margin + grid_reach() + 1e-5;
	int k = 0;
	for (int q = 0; q < s->n; q++) {
		struct vec2 p = g->units[s->idx[q]].pos;
		if (q > 0)
			assert_true(s->idx[q - 1] < s->idx[q]);
		assert_true(p.x >= box[0] - m && p.x <= box[2] + m && p.y >= box[1] - m && p.y <= box[3] + m);
		if (k < n && want[k] == s->idx[q])
			k++;
	}
	assert_int_equal(k, n);
}

/* Every unit whose footprint comes within margin of unit i's is listed. */
static void check_near(const struct game *g, int i, double margin, const struct index_set *s)
{
	int q = 0;
	for (int k = 0; k < g->nunits; k++) {
		if (!game_units_within(&g->units[i], &g->units[k], margin))
			continue;
		while (q < s->n && s->idx[q] < k)
			q++;
		assert_true(q < s->n && s->idx[q] == k);
	}
}

/* The enemies' queries: exactly the active units of the other side whose
 * footprints come within margin of unit i's; no friend, nobody gone. */
static void check_foes_near(const struct game *g, int i, double margin, const struct index_set *s)
{
	int q = 0;
	for (int k = 0; k < g->nunits; k++) {
		const struct unit *o = &g->units[k];
		bool foe = o->side != g->units[i].side && o->state == US_ACTIVE;
		while (q < s->n && s->idx[q] < k)
			q++;
		if (foe && game_units_within(&g->units[i], o, margin))
			assert_true(q < s->n && s->idx[q] == k);
		if (q < s->n && s->idx[q] == k)
			assert_true(foe);
	}
}

static void random_queries(struct game *g, struct rng *r)
{
	struct index_set s = { 0 };
	int want[NUNITS];
	for (int t = 0; t < QUERIES; t++) {
		double x = uniform(r, -20, TABLE_W + 20), y = uniform(r, -20, TABLE_H + 20);
		double w = uniform(r, 0, t % 10 == 0 ? 200 : 20), h = uniform(r, 0, t % 10 == 0 ? 200 : 20);
		double box[4] = { x, y, x + w, y + h }, margin = uniform(r, 0, 15);
		int n = scan_box(g, box, margin, want), i = pick(r, g->nunits);
		grid_units_box(g, box, margin, &s);
		check_set(g, &s, want, n, box, margin);
		/* Round a unit: the units it may touch, or come within range of. */
		grid_units_near(g, i, margin, &s);
		check_near(g, i, margin, &s);
		grid_contacts(g, i, &s);
		check_near(g, i, GEOM_CONTACT, &s);
		grid_foes_near(g, i, margin, &s);
		check_foes_near(g, i, margin, &s);
		grid_foe_contacts(g, i, &s);
		check_foes_near(g, i, GEOM_CONTACT, &s);
	}
	index_set_free(&s);
}

/* "Within" said quickly (by the centres, or by the first pair of edges
 * close enough) is what the distance says, for units of every size and
 * facing at every limit, and for a road against them. */
static void test_within_is_the_distance(void **state)
{
	struct rng r;
	struct game *g = random_battle(41, &r);
	static const struct vec2 road[3] = { { 10, 10 }, { 200, 150 }, { 390, 120 } };
	struct shape rs = { .kind = SHAPE_POLYLINE, .n = 3, .pts = road, .r = 1.5 };
	int yes = 0, no = 0;
	(void)state;
	for (int i = 0; i < g->nunits; i++) {
		struct vec2 ba[4];
		struct shape us = unit_shape(&g->units[i], ba);
		double dr = geom_distance(&us, &rs);
		/* At the distance itself, a hair and a little either side of
		 * it, and at the usual reaches. */
		for (int k = i + 1; k < g->nunits; k++) {
			const struct unit *a = &g->units[i], *b = &g->units[k];
			double d = game_unit_distance(a, b);
			double limits[] = { d, d - 1e-3, d - 0.5, d + 0.5, 0, GEOM_CONTACT, 12.5 };
			if (d > 40)
				continue;
			for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
				bool want = d <= limits[l];
				assert_int_equal(game_units_within(a, b, limits[l]), want);
				yes += want;
				no += !want;
			}
		}
		for (double l = dr - 1; l <= dr + 1; l += 0.25)
			assert_int_equal(geom_within(&us, &rs, l), dr <= l);
		assert_true(geom_within(&us, &rs, dr));
	}
	/* Both answers were asked for, many times. */
	assert_true(yes > 1000 && no > 1000);
	game_free(g);
}

/* A query finds what a scan of every unit finds, in unit order. */
static void test_queries_match_a_scan(void **state)
{
	struct rng r;
	(void)state;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		struct game *g = random_battle(seed, &r);
		random_queries(g, &r);
		game_free(g);
	}
}

/* Units moved, turned, formed otherwise, eliminated or put back: the
 * index follows (outside the engine's hold it looks for moves itself). */
static void test_after_moves_and_losses(void **state)
{
	struct rng r;
	struct game *g = random_battle(7, &r);
	(void)state;
	random_queries(g, &r);
	for (int round = 0; round < 5; round++) {
		for (int k = 0; k < NUNITS / 3; k++) {
			struct unit *u = &g->units[pick(&r, g->nunits)];
			if (k % 4 == 0) {
				/* A short step: often within its own cell. */
				u->pos = v2_add(u->pos, v2(uniform(&r, -3, 3), uniform(&r, -3, 3)));
			} else if (k % 4 == 1) {
				scatter(&r, u);
			} else if (k % 4 == 2) {
				u->state = u->state == US_ACTIVE ? US_ELIMINATED : US_ACTIVE;
			} else {
				u->form = forms[pick(&r, 4)];
			}
		}
		random_queries(g, &r);
		assert_int_equal(grid_stale(g), 0);
	}
	/* A unit added later is found too. */
	{
		struct unit u = test_unit("late", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 200, 150, 0);
		struct index_set s = { 0 };
		double box[4] = { 199, 149, 201, 151 };
		int i = game_add_unit(g, &u), q;
		grid_units_box(g, box, 0, &s);
		for (q = 0; q < s.n && s.idx[q] != i; q++)
			;
		assert_true(q < s.n);
		index_set_free(&s);
	}
	random_queries(g, &r);
	game_free(g);
}

/* The enemy nearest a unit, as a scan of every enemy finds it (the first
 * in unit order of those equally near). */
static void test_nearest_enemy(void **state)
{
	struct rng r;
	struct game *g = random_battle(11, &r);
	(void)state;
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			double best = INFINITY, d;
			int want = -1, got;
			for (int k = 0; k < g->nunits; k++) {
				double dk;
				if (g->units[k].side == u->side || !unit_present(&g->units[k]))
					continue;
				dk = game_unit_distance(u, &g->units[k]);
				if (dk < best) {
					best = dk;
					want = k;
				}
			}
			got = grid_nearest_enemy(g, u, &d);
			assert_int_equal(got, want);
			assert_true(d == best);
		}
		/* Thin the enemy out and try again. */
		for (int k = 0; k < g->nunits; k += 2)
			g->units[k].state = US_ELIMINATED;
	}
	game_free(g);
}

/* Each brigade's and division's units, in unit order. */
static void test_formations(void **state)
{
	struct rng r;
	struct game *g = random_battle(13, &r);
	(void)state;
	for (int b = -1; b < g->nbrigs; b++) {
		int n, k = 0;
		const int *us = grid_brigade_units(g, b, &n);
		if (b < 0) {
			assert_null(us);
			assert_int_equal(n, g->nunits);
			continue;
		}
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].brigade == b) {
				assert_true(k < n);
				assert_int_equal(us[k++], i);
			}
		assert_int_equal(k, n);
	}
	for (int d = 0; d < g->ndivs; d++) {
		int n, k = 0;
		const int *us = grid_division_units(g, d, &n);
		for (int i = 0; i < g->nunits; i++)
			if (unit_division(g, &g->units[i]) == d)
				assert_int_equal(us[k++], i);
		assert_int_equal(k, n);
	}
	game_free(g);
}

/* Inside the engine's hold nothing looks for moves: the engine files a
 * unit again whenever it moves one.  A move order, and a snapshot put
 * back, leave nothing filed where it no longer stands. */
static void test_engine_keeps_it_up_to_date(void **state)
{
	struct controller side_ctl = { .decide = NULL };
	struct controller *ctl[SIDE_COUNT] = { &side_ctl, &side_ctl };
	struct game *g = test_game_new(1);
	struct unit a = test_unit("A", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 100, 150, 0);
	struct index_set s = { 0 };
	struct snapshot before;
	struct order o = order_new(ORD_MOVE);
	char why[256];
	struct commander k = { .id = "CA", .name = "Corps-A", .side = SIDE_A, .level = CL_CORPS, .of = 0,
	                       .rating = CR_EXCELLENT, .pos = { 100, 165 }, .state = US_ACTIVE,
	                       .attached = -1, .detached_from = -1 };
	double old_spot[4] = { 100, 150, 100, 150 }, new_spot[4] = { 100, 144, 100, 144 };
	int u;
	(void)state;
	g->corps[SIDE_A].commander = game_add_commander(g, &k);
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->current_unit = -1;
	g->divmove = -1;
	g->phase = PHASE_MANOEUVRE;
	u = game_add_unit(g, &a);
	grid_units_box(g, old_spot, 0, &s);
	assert_int_equal(s.n, 1);

	/* A unit put elsewhere behind the index's back is seen to be stale
	 * (and filed again once reported). */
	grid_hold(g);
	g->units[u].pos = v2(100, 100);
	assert_int_equal(grid_stale(g), 1);
	grid_moved(g, u);
	assert_int_equal(grid_stale(g), 0);
	g->units[u].pos = v2(100, 150);
	grid_moved(g, u);

	/* A move of 6 cm north, and the index knows where it went. */
	assert_int_equal(game_snapshot(g, &before), 0);
	o.unit = u;
	o.a = 6;
	o.has_a = true;
	if (order_exec(g, ctl, SIDE_A, &o, why, sizeof why) != 0)
		fail_msg("move refused: %s", why);
	assert_float_equal(g->units[u].pos.y, 144, 1e-6);
	assert_int_equal(grid_stale(g), 0);
	grid_units_box(g, new_spot, 0, &s);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.idx[0], u);

	/* The snapshot put back: where it was before the move. */
	game_restore(g, &before);
	snapshot_free(&before);
	assert_int_equal(grid_stale(g), 0);
	grid_units_box(g, old_spot, 0, &s);
	assert_int_equal(s.n, 1);
	grid_release(g);
	index_set_free(&s);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_queries_match_a_scan),
		cmocka_unit_test(test_after_moves_and_losses),
		cmocka_unit_test(test_nearest_enemy),
		cmocka_unit_test(test_formations),
		cmocka_unit_test(test_engine_keeps_it_up_to_date),
		cmocka_unit_test(test_within_is_the_distance),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
