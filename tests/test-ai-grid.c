/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-grid: the general keeps the spatial index true while he holds
 * it.  Built with src/engine/grid.c compiled under GRID_CHECK, so that
 * any query made while the index is held that finds a unit standing
 * elsewhere than it is filed is counted (grid_misses); whole battles AI
 * against AI, and after each of his calls nothing is left filed where he
 * tried it.  And src/engine/watch.c under WATCH_CHECK: every partial look
 * for stands under units (only what changed since the last) checks that
 * it left out no unit and stand that overlap (watch_misses). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>

#include "ai/ai.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/rules.h"
#include "engine/watch.h"
#include "io/load-rules.h"
#include "io/load.h"
#include "test-util.h"

#if !defined GRID_CHECK || !defined WATCH_CHECK
#error "test-ai-grid is built with GRID_CHECK and WATCH_CHECK (Makefile.am)"
#endif

struct watching {
	struct controller ctl, *inner;
	int calls, stale;
};

static void look(struct watching *w, const struct game *g)
{
	w->calls++;
	w->stale += grid_stale(g) != 0;
}

static int w_order(struct controller *c, struct game *g, enum side s, struct order *o)
{
	struct watching *w = c->ctx;
	int r = w->inner->order(w->inner, g, s, o);
	look(w, g);
	return r;
}

static void w_refused(struct controller *c, struct game *g, enum side s, const struct order *o, const char *why)
{
	struct watching *w = c->ctx;
	w->inner->refused(w->inner, g, s, o, why);
}

static int w_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct watching *w = c->ctx;
	int r = w->inner->decide(w->inner, g, d);
	look(w, g);
	return r;
}

static void watch(const char *map, uint64_t seed, enum ai_level level)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	struct general_ai ai;
	struct watching w = { .ctl = { .order = w_order, .refused = w_refused, .decide = w_decide } };
	struct controller *ctl[SIDE_COUNT] = { &w.ctl, &w.ctl };
	snprintf(path, sizeof path, "%s/%s", top ? top : ".", map);
	g = load_scenario_file(path, seed, &d);
	assert_non_null(g);
	w.ctl.ctx = &w;
	assert_int_equal(general_init(&ai, g, level), 0);
	w.inner = &ai.ctl;
	assert_int_equal(game_run(g, ctl), STEP_OVER);
	assert_true(w.calls > 100);
	assert_int_equal(w.stale, 0);
	assert_int_equal(grid_misses(g), 0);
	assert_true(watch_partial_looks(g) > 100);
	assert_int_equal(watch_misses(g), 0);
	general_free(&ai);
	game_free(g);
}

static void test_default(void **state)
{
	(void)state;
	watch("maps/default.cfg", 2, AI_NORMAL);
}

static void test_auerstedt(void **state)
{
	(void)state;
	watch("maps/auerstedt.cfg", 3, AI_NORMAL);
}

static void test_mirror(void **state)
{
	(void)state;
	watch("tests/bench/mirror.cfg", 4, AI_NORMAL);
}

/* The hard level plays its trials from within his calls: the index let
 * go while they are played, held again after, all filed where it was. */
static void test_mirror_hard(void **state)
{
	(void)state;
	watch("tests/bench/mirror.cfg", 5, AI_HARD);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default),
		cmocka_unit_test(test_auerstedt),
		cmocka_unit_test(test_mirror),
		cmocka_unit_test(test_mirror_hard),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
