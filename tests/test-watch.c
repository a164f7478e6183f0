/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-watch: a look for command stands under units that measures only
 * what changed since the last (the watch) ends as a whole look does.  Two
 * copies of a battle are put through the same random changes (units moved
 * and turned, onto stands too, stands put on units of either side, units
 * lost and back, guns abandoned, snapshots taken and restored); after each,
 * one looks partially, the other (its watch forgotten) wholly, and every
 * stand must stand in the same place, in the same state, with the same
 * log. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/move.h"
#include "engine/react.h"
#include "engine/rng.h"
#include "engine/watch.h"
#include "io/diag.h"
#include "io/load-rules.h"
#include "io/load.h"
#include "test-util.h"

#define STEPS 1500

static struct game *load(const char *map)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	snprintf(path, sizeof path, "%s/%s", top ? top : ".", map);
	g = load_scenario_file(path, 1, &d);
	assert_non_null(g);
	return g;
}

static double uniform(struct rng *r, double lo, double hi)
{
	return lo + (hi - lo) * (double)(rng_next(r) >> 11) / 9007199254740992.0;
}

static int pick(struct rng *r, int n)
{
	return (int)(rng_next(r) % (uint64_t)n);
}

/* A unit, and a command stand, on the table (most of the time). */
static int on_table_unit(const struct game *g, struct rng *r)
{
	int i = pick(r, g->nunits);
	for (int n = 0; n < g->nunits && g->units[i].state != US_ACTIVE && pick(r, 10); n++)
		i = (i + 1) % g->nunits;
	return i;
}

static int on_table_stand(const struct game *g, struct rng *r)
{
	int k = pick(r, g->ncmdrs);
	for (int n = 0; n < g->ncmdrs && g->cmdrs[k].state != US_ACTIVE && pick(r, 10); n++)
		k = (k + 1) % g->ncmdrs;
	return k;
}

/* One random change, made alike to both copies. */
static void change(struct game *g[2], struct snapshot s[2], bool *have, struct rng *r)
{
	int what = pick(r, 100), i = on_table_unit(g[0], r), k = on_table_stand(g[0], r);
	double dx = uniform(r, -4, 4), dy = uniform(r, -4, 4), turn = uniform(r, -60, 60);
	for (int c = 0; c < 2; c++) {
		struct unit *u = &g[c]->units[i];
		struct commander *m = &g[c]->cmdrs[k];
		if (what < 40) {
			u->pos = v2(u->pos.x + dx, u->pos.y + dy);
			u->facing = geom_norm_deg(u->facing + turn);
		} else if (what < 55) {
			/* A unit onto a stand. */
			u->pos = v2(m->pos.x + dx / 4, m->pos.y + dy / 4);
		} else if (what < 80) {
			/* A stand onto a unit (of either side). */
			m->pos = v2(u->pos.x + dx / 4, u->pos.y + dy / 4);
		} else if (what < 85) {
			u->state = u->state == US_ACTIVE ? US_ELIMINATED : US_ACTIVE;
		} else if (what < 88) {
			u->markers ^= 1u << MK_ORANGE;
		} else if (what < 90) {
			m->attached = m->attached >= 0 ? -1 : i;
		} else if (what < 95) {
			if (!*have)
				assert_int_equal(game_snapshot(g[c], &s[c]), 0);
		} else if (*have) {
			game_restore(g[c], &s[c]);
			snapshot_free(&s[c]);
		}
	}
	if (what >= 90 && what < 95)
		*have = true;
	else if (what >= 95)
		*have = false;
}

static void look_alike(const char *map, uint64_t seed)
{
	struct game *g[2] = { load(map), load(map) };
	struct snapshot s[2];
	struct rng r;
	bool have = false;
	int moved = 0;
	struct vec2 *was = calloc((size_t)g[0]->ncmdrs, sizeof *was);
	assert_non_null(was);
	rng_seed(&r, seed);
	for (int step = 0; step < STEPS; step++) {
		change(g, s, &have, &r);
		watch_forget(g[1]);
		for (int k = 0; k < g[0]->ncmdrs; k++)
			was[k] = g[0]->cmdrs[k].pos;
		for (int c = 0; c < 2; c++) {
			move_clear_all_stands(g[c]);
			react_stands_overlapped(g[c]);
		}
		for (int k = 0; k < g[0]->ncmdrs; k++)
			if (was[k].x != g[0]->cmdrs[k].pos.x || was[k].y != g[0]->cmdrs[k].pos.y) {
				moved++;
				break;
			}
		for (int k = 0; k < g[0]->ncmdrs; k++) {
			const struct commander *a = &g[0]->cmdrs[k], *b = &g[1]->cmdrs[k];
			if (a->pos.x != b->pos.x || a->pos.y != b->pos.y || a->state != b->state || a->flags != b->flags)
				print_error("step %d: stand %s differs\n", step, a->id);
			assert_true(a->pos.x == b->pos.x && a->pos.y == b->pos.y);
			assert_int_equal(a->state, b->state);
			assert_int_equal(a->flags, b->flags);
		}
		assert_int_equal(g[0]->nlog, g[1]->nlog);
		if (g[0]->nlog)
			assert_string_equal(g[0]->log[g[0]->nlog - 1].text, g[1]->log[g[1]->nlog - 1].text);
	}
	free(was);
	/* The changes did put stands under units (a look moved some in many
	 * steps), and most looks were partial. */
	print_message("%s: %d looks moved a stand\n", map, moved);
	assert_true(moved > 50);
	assert_true(watch_partial_looks(g[0]) > STEPS);
	assert_int_equal(watch_partial_looks(g[1]), 0);
	if (have)
		for (int c = 0; c < 2; c++)
			snapshot_free(&s[c]);
	game_free(g[0]);
	game_free(g[1]);
}

static void test_default(void **state)
{
	(void)state;
	look_alike("maps/default.cfg", 11);
}

static void test_auerstedt(void **state)
{
	(void)state;
	look_alike("maps/auerstedt.cfg", 12);
}

/* What a watcher is told: nothing changed right after it looked; a unit
 * moved, a stand moved, and the stands it left suspect. */
static void test_changes(void **state)
{
	struct game *g = load("maps/auerstedt.cfg");
	struct watch_changes ch;
	unsigned char *moved = calloc((size_t)g->ncmdrs, 1);
	(void)state;
	assert_non_null(moved);
	assert_false(watch_changes(g, WATCH_FRIENDS, &ch)); /* never looked */
	watch_looked(g, WATCH_FRIENDS, NULL);
	assert_true(watch_changes(g, WATCH_FRIENDS, &ch));
	assert_int_equal(ch.nunits, 0);
	assert_int_equal(ch.ncmdrs, 0);
	g->units[3].facing += 1;
	g->cmdrs[1].pos.x += 1;
	assert_true(watch_changes(g, WATCH_FRIENDS, &ch));
	assert_int_equal(ch.nunits, 1);
	assert_int_equal(ch.units[0], 3);
	assert_int_equal(ch.ncmdrs, 1);
	assert_int_equal(ch.cmdrs[0], 1);
	/* The other watcher has seen nothing yet. */
	assert_false(watch_changes(g, WATCH_ENEMIES, &ch));
	moved[2] = 1;
	watch_looked(g, WATCH_FRIENDS, moved);
	assert_true(watch_changes(g, WATCH_FRIENDS, &ch));
	assert_int_equal(ch.nunits, 0);
	assert_int_equal(ch.ncmdrs, 1);
	assert_int_equal(ch.cmdrs[0], 2);
	/* Too much changed: a whole look. */
	for (int i = 0; i < g->nunits; i++)
		g->units[i].pos.y += 0.5;
	assert_false(watch_changes(g, WATCH_FRIENDS, &ch));
	watch_looked(g, WATCH_FRIENDS, NULL);
	watch_forget(g);
	assert_false(watch_changes(g, WATCH_FRIENDS, &ch));
	free(moved);
	game_free(g);
}

/* A corps stand under an enemy unit with nowhere to go (every place it
 * might evade to is off a tiny table) stays where it is; the next look,
 * partial, must find it there again, as a whole look would. */
static void test_nowhere_again(void **state)
{
	struct game *g = test_game_new(3);
	struct commander k = { .id = "C0", .name = "corps A", .side = SIDE_A, .level = CL_CORPS,
	                       .rating = CR_AVERAGE, .pos = { 3, 3 }, .state = US_ACTIVE, .attached = -1,
	                       .detached_from = -1 };
	struct unit e = test_unit("E", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 3, 3, 0);
	int nlog;
	(void)state;
	g->map.width = g->map.height = 6;
	assert_int_equal(game_add_commander(g, &k), 0);
	assert_int_equal(game_add_unit(g, &e), 0);
	react_stands_overlapped(g);
	nlog = g->nlog;
	assert_true(nlog > 0);
	assert_true(g->cmdrs[0].pos.x == 3 && g->cmdrs[0].pos.y == 3);
	react_stands_overlapped(g);
	assert_true(watch_partial_looks(g) > 0);
	assert_int_equal(g->nlog, 2 * nlog);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_changes),
		cmocka_unit_test(test_nowhere_again),
		cmocka_unit_test(test_default),
		cmocka_unit_test(test_auerstedt),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
