/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rulesfile: rules files: the shipped rules/mininap.cfg against the
 * copy built into the program, variants (their base, their scale, the
 * 2007 movement table), the terrain's combination rule, and messages
 * quoting the rules in force. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/geom.h"
#include "engine/rules-keys.h"
#include "engine/rules.h"
#include "engine/terrain.h"
#include "io/conf.h"
#include "io/load-rules.h"

#define EPS 1e-9

static const char *rules_path(const char *name)
{
	static char path[1024];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof path, "%s/rules/%s", top && *top ? top : ".", name);
	return path;
}

/* A rules file loaded, every problem printed and failing the test. */
static struct rules *load(const char *name)
{
	struct rules *r = malloc(sizeof *r);
	struct diag d = { 0 };
	assert_non_null(r);
	if (!rules_load(rules_path(name), NULL, r, &d))
		diag_print(&d, stderr);
	assert_int_equal(d.n, 0);
	diag_free(&d);
	return r;
}

static struct rules *builtin(void)
{
	struct rules *r = malloc(sizeof *r);
	struct diag d = { 0 };
	assert_non_null(r);
	assert_true(rules_load_text(default_rules_cfg, RULES_BUILTIN_NAME, r, &d));
	diag_free(&d);
	return r;
}

/* The file installed in the data directory is the text compiled in, byte
 * for byte, and so gives the same tables. */
static void test_shipped_is_builtin(void **state)
{
	size_t len;
	char *text = conf_slurp(rules_path("mininap.cfg"), &len);
	struct rules *a = builtin(), *b = load("mininap.cfg");
	char *ta, *tb;
	(void)state;
	assert_non_null(text);
	assert_int_equal(len, strlen(default_rules_cfg));
	assert_memory_equal(text, default_rules_cfg, len);
	ta = rules_text(a);
	tb = rules_text(b);
	assert_non_null(ta);
	assert_string_equal(ta, tb);
	assert_memory_equal(a, b, sizeof *a);
	assert_true(rules_checksum(a) == rules_checksum(b));
	free(text);
	free(ta);
	free(tb);
	free(a);
	free(b);
}

/* Every key has a name of its own and fits the table. */
static void test_keys(void **state)
{
	int n;
	const struct rkey *k = rules_keys(&n);
	(void)state;
	assert_true(n > 300 && n < 512);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			assert_string_not_equal(k[i].path, k[j].path);
}

/* 15 mm: every distance 2.5 times Mini-Nap's; dice, scores and angles
 * untouched. */
static void test_scale(void **state)
{
	struct rules *m = builtin(), *r = load("mininap-15mm.cfg");
	int n;
	const struct rkey *k = rules_keys(&n);
	(void)state;
	assert_float_equal(r->scale, 2.5, EPS);
	assert_float_equal(r->stand[ARM_INFANTRY].w, 6.25, EPS);
	assert_float_equal(r->stand[ARM_CAVALRY].d, 10, EPS);
	assert_float_equal(r->fire.small_arms_range, 10, EPS);
	assert_float_equal(r->fire.art_range[RANGE_LONG], 200, EPS);
	assert_float_equal(r->command_radius[CR_EXCELLENT], 45, EPS);
	assert_float_equal(r->extend_pip, 2.5, EPS);
	assert_float_equal(r->special.pivot_charge_limit, 90, EPS);
	assert_int_equal(r->quality[RATING_VETERAN], 3);
	assert_int_equal(r->extend_dice[UT_HEAVY_CAV], 3);
	for (int i = 0; i < n; i++) {
		const char *a = (const char *)m + k[i].off, *b = (const char *)r + k[i].off;
		if (k[i].kind == RK_DIST)
			assert_float_equal(*(const double *)b, 2.5 * *(const double *)a, EPS);
		else if (k[i].kind == RK_NUM)
			assert_float_equal(*(const double *)b, *(const double *)a, EPS);
		else if (k[i].kind == RK_INT)
			assert_int_equal(*(const int *)b, *(const int *)a);
	}
	assert_int_equal(r->move_count, m->move_count);
	for (int i = 0; i < m->move_count; i++) {
		assert_float_equal(r->move[i].move, 2.5 * m->move[i].move, EPS);
		assert_float_equal(r->move[i].charge, m->move[i].charge < 0 ? RULES_CANT : 2.5 * m->move[i].charge, EPS);
		assert_float_equal(r->move[i].redeploy, 2.5 * m->move[i].redeploy, EPS);
	}
	assert_true(rules_checksum(r) != rules_checksum(m));
	free(m);
	free(r);
}

static const struct move_allowance *row(const struct rules *r, enum unit_type t, enum formation f)
{
	for (int i = 0; i < r->move_count; i++)
		if (r->move[i].type == t && r->move[i].form == f)
			return &r->move[i];
	fail();
	return NULL;
}

/* The 2007 blog's table: inches at 2.54 cm, terrain as parts of speed,
 * crossings as parts of the allowance; the rest Mini-Nap's. */
static void test_inches(void **state)
{
	struct rules *r = load("mininap-inches.cfg");
	(void)state;
	assert_float_equal(row(r, UT_LINE_INF, FORM_LINE)->move, 6 * 2.54, 1e-9);
	assert_float_equal(row(r, UT_LINE_INF, FORM_COLUMN)->move, 9 * 2.54, 1e-9);
	assert_float_equal(row(r, UT_LINE_INF, FORM_COLUMN)->charge, 9, EPS);
	assert_float_equal(row(r, UT_LIGHT_INF, FORM_SKIRMISH)->move, 9 * 2.54, 1e-9);
	assert_float_equal(row(r, UT_LIGHT_CAV, FORM_COLUMN)->move, 18 * 2.54, 1e-9);
	assert_float_equal(row(r, UT_HEAVY_CAV, FORM_LINE)->move, 15, EPS);
	assert_float_equal(row(r, UT_FOOT_ART, FORM_BATTERY)->redeploy, 6 * 2.54, 1e-9);
	assert_float_equal(row(r, UT_FOOT_ART, FORM_BATTERY)->move, 2 * 2.54, 1e-9);
	assert_float_equal(row(r, UT_HORSE_ART, FORM_BATTERY)->redeploy, 9 * 2.54, 1e-9);
	assert_float_equal(r->terrain[TT_WOOD].move_rate[TC_INFANTRY], 1 / 0.66, EPS);
	assert_float_equal(r->terrain[TT_WOOD].move_rate[TC_SKIRMISH], 1, EPS);
	assert_float_equal(r->terrain[TT_HILL].move_rate[TC_INFANTRY], 1 / 0.33, EPS);
	assert_float_equal(r->terrain[TT_FOREST].move_rate[TC_CAVALRY], RULES_CANT, EPS);
	assert_float_equal(r->terrain[TT_FENCE].cross[TC_INFANTRY], 0.5, EPS);
	assert_float_equal(r->terrain[TT_FENCE].cross[TC_CAVALRY], 1, EPS);
	assert_float_equal(r->terrain[TT_STREAM].cross[TC_ART_LIMBERED], 2, EPS);
	assert_float_equal(r->terrain[TT_VILLAGE].leave[TC_INFANTRY], 1, EPS);
	assert_float_equal(r->terrain[TT_VILLAGE].leave[TC_SKIRMISH], 0.5, EPS);
	/* Command stands keep Mini-Nap's half rate in woods. */
	assert_float_equal(r->terrain[TT_WOOD].move_rate[TC_COMMAND], RULES_HALF, EPS);
	free(r);
}

static void add_square(struct map *m, enum terrain_type t, double x0, double y0, double x1, double y1)
{
	struct feature *f;
	m->f = realloc(m->f, (size_t)(m->nf + 1) * sizeof *m->f);
	assert_non_null(m->f);
	f = &m->f[m->nf++];
	*f = (struct feature){ .type = t, .n = 4 };
	f->pts = malloc(4 * sizeof *f->pts);
	assert_non_null(f->pts);
	f->pts[0] = v2(x0, y0);
	f->pts[1] = v2(x1, y0);
	f->pts[2] = v2(x1, y1);
	f->pts[3] = v2(x0, y1);
}

/* Several features: Mini-Nap counts the worst; a file may compound them. */
static void test_combine(void **state)
{
	struct rules *r = builtin();
	struct map m = { .width = 100, .height = 100 };
	struct vec2 c = v2(50, 50);
	struct shape s = geom_circle(&c, 1);
	(void)state;
	add_square(&m, TT_HILL, 30, 30, 70, 70);
	add_square(&m, TT_WOOD, 40, 40, 60, 60);
	map_finish(&m);
	rules_install(r);
	assert_float_equal(terrain_rate(&m, TC_INFANTRY, TMODE_MOVE, &s, false, NULL), 2, EPS);
	r->terrain_limits.combine = COMBINE_COMPOUND;
	rules_install(r);
	assert_float_equal(terrain_rate(&m, TC_INFANTRY, TMODE_MOVE, &s, false, NULL), 4, EPS);
	/* A prohibition wins either way. */
	assert_float_equal(terrain_rate(&m, TC_ART_LIMBERED, TMODE_MOVE, &s, false, NULL), RULES_CANT, EPS);
	map_free(&m);
	free(r);
	assert_true(rules_use_builtin());
}

/* Help texts name the numbers of the rules in force. */
static void test_expand(void **state)
{
	char buf[160];
	struct rules *r = load("mininap-15mm.cfg");
	(void)state;
	assert_string_equal(rules_expand("up to {special.sidestep} cm ({movement.foot_artillery.battery.redeploy}, "
	                                 "{dice.test}D6, {nope})", buf, sizeof buf),
	                    "up to 6 cm (15, 1D6, {nope})");
	rules_use(r, "mininap-15mm.cfg");
	assert_string_equal(rules_expand("up to {special.sidestep} cm", buf, sizeof buf), "up to 15 cm");
	assert_string_equal(rules_used_name(), "mininap-15mm.cfg");
	assert_true(rules_used_sum() == rules_checksum(r));
	free(r);
	assert_true(rules_use_builtin());
	assert_string_equal(rules_expand("{fire.small_arms_range}", buf, sizeof buf), "4");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_is_builtin),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_inches),
		cmocka_unit_test(test_combine),
		cmocka_unit_test(test_expand),
	};
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
