/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-random: whole random battles: both forces organised alike and
 * plausibly, rated, deployed in their zones on ground they may stand on,
 * objectives from the ground, time and weather thrown on the rules'
 * tables; the same seed the same battle; the battle written as text and
 * read back the same, and saved and read back the same; the options. */
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
#include <unistd.h>

#include "cmd/cmd.h"
#include "engine/command.h"
#include "engine/deploy.h"
#include "engine/game.h"
#include "engine/random.h"
#include "engine/weather.h"
#include "io/export.h"
#include "io/load.h"
#include "io/random-battle.h"
#include "io/regions.h"
#include "io/save.h"
#include "io/load-rules.h"

#define BATTLES 60

static struct game *battle(const char *options, uint64_t seed)
{
	char name[256];
	struct diag d = { 0 };
	struct game *g;
	snprintf(name, sizeof name, "%s%llu%s", RANDOM_PREFIX, (unsigned long long)seed, options);
	g = random_open(name, seed, &d);
	if (!g)
		diag_print(&d, stderr);
	diag_free(&d);
	return g;
}

static char *dump(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cmd_dump(g, f);
	fclose(f);
	return buf;
}

/* Units of a side by brigade kind and unit type. */
static void census(const struct game *g, enum side side, int count[BK_COUNT][UT_COUNT])
{
	memset(count, 0, sizeof(int) * BK_COUNT * UT_COUNT);
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == side)
			count[g->brigs[g->units[i].brigade].kind][g->units[i].type]++;
}

static void test_forces(void **state)
{
	(void)state;
	for (int s = 1; s <= BATTLES; s++) {
		struct game *g = battle(s % 4 == 0 ? ";size=division" : "", (uint64_t)s);
		int a[BK_COUNT][UT_COUNT], b[BK_COUNT][UT_COUNT];
		assert_non_null(g);
		/* Organised alike: the same brigades of the same arms. */
		census(g, SIDE_A, a);
		census(g, SIDE_B, b);
		assert_memory_equal(a, b, sizeof a);
		for (int k = 0; k < g->nbrigs; k++) {
			int inf = 0, cav = 0, guns = 0;
			for (int i = 0; i < g->nunits; i++) {
				if (g->units[i].brigade != k)
					continue;
				inf += unit_is_infantry(&g->units[i]);
				cav += unit_is_cavalry(&g->units[i]);
				guns += unit_is_artillery(&g->units[i]);
				assert_true(g->units[i].rating != RATING_GUARD && g->units[i].sp >= 2);
			}
			/* The core rules' guide: infantry brigades of about six
			 * battalions, cavalry of one to four regiments and rarely
			 * more than one battery, division artillery of one or two. */
			switch (g->brigs[k].kind) {
			case BK_INFANTRY:
				assert_true(inf >= 4 && inf <= 6 && cav == 0 && guns == 0);
				break;
			case BK_CAVALRY:
				assert_true(cav >= 2 && cav <= 3 && inf == 0 && guns <= 1);
				break;
			case BK_ARTILLERY:
				assert_true(guns >= 1 && guns <= 3 && inf + cav == 0);
				break;
			default:
				fail();
			}
		}
		/* Every corps and division commander rated; brigades' not. */
		for (int i = 0; i < g->ncmdrs; i++) {
			assert_false(g->cmdrs[i].flags & CF_ROLL);
			assert_true((g->cmdrs[i].level == CL_BRIGADE) == (g->cmdrs[i].rating == CR_NONE));
		}
		game_free(g);
	}
}

static void test_deployment(void **state)
{
	(void)state;
	for (int s = 1; s <= BATTLES; s++) {
		struct game *g = battle(s % 3 == 0 ? ";size=division" : "", (uint64_t)s);
		double zone;
		assert_non_null(g);
		zone = g->map.height / 4;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			struct vec2 buf[4];
			struct shape us = unit_shape(u, buf);
			double box[4];
			geom_bounds(&us, box);
			if (u->side == SIDE_A)
				assert_true(box[1] >= g->map.height - zone - 1e-9 && box[3] <= g->map.height + 1e-9);
			else
				assert_true(box[1] >= -1e-9 && box[3] <= zone + 1e-9);
			assert_true(u->facing == (u->side == SIDE_A ? 0 : 180));
			assert_int_equal(deploy_unit_ground(g, i), -1);
			assert_int_equal(deploy_unit_overlap(g, i), -1);
			assert_int_equal(u->state, US_ACTIVE);
		}
		for (int i = 0; i < g->ncmdrs; i++)
			if (g->cmdrs[i].attached < 0)
				assert_int_equal(deploy_commander_ground(g, i), -1);
		game_free(g);
	}
}

/* Every unit starts in command: within its division's or corps
 * commander's radius (and never beyond the 24 cm of cautious command),
 * each brigade commander behind the rear of all his brigade's units. */
static void test_command_at_start(void **state)
{
	long units = 0, in = 0, brigadiers = 0;
	(void)state;
	for (int s = 1; s <= BATTLES; s++) {
		struct game *g = battle(s % 3 == 0 ? ";size=division" : "", (uint64_t)s);
		assert_non_null(g);
		for (int i = 0; i < g->nunits; i++) {
			enum cmd_status st = command_status(g, &g->units[i], NULL);
			if (st == CS_NOT_IN_COMMAND)
				fail_msg("seed %d: %s starts out of command", s, g->units[i].name);
			units++;
			in += st == CS_IN_COMMAND;
		}
		for (int c = 0; c < g->ncmdrs; c++) {
			const struct commander *cm = &g->cmdrs[c];
			if (cm->level != CL_BRIGADE || cm->attached >= 0)
				continue;
			brigadiers++;
			for (int i = 0; i < g->nunits; i++) {
				const struct unit *u = &g->units[i];
				struct vec2 buf[4];
				struct shape us;
				double box[4];
				if (u->brigade != cm->of)
					continue;
				us = unit_shape(u, buf);
				geom_bounds(&us, box);
				if (u->side == SIDE_A ? cm->pos.y <= box[3] : cm->pos.y >= box[1])
					fail_msg("seed %d: %s is not behind %s", s, cm->name, u->name);
			}
		}
		game_free(g);
	}
	/* 97 in a hundred in the radius itself (the others cautious). */
	print_message("# %ld of %ld units in command, %ld brigade commanders\n", in, units, brigadiers);
	assert_true(in * 100 >= units * 97 && brigadiers > 100);
}

/* Regiments bear numbers their nation's did in the period, and the
 * marshals command corps, never a division or a brigade. */
static void test_names(void **state)
{
	static const struct {
		const char *options, *suffix;
		int lo, hi;
	} nums[] = {
		{ ";a=french", "e Ligne", 1, 112 }, { ";a=french", "e Leger", 1, 37 },
		{ ";a=french", "e Hussards", 1, 14 }, { ";a=french", "e Cuirassiers", 1, 14 },
		{ ";a=french", "e Dragons", 1, 30 }, { ";a=british", " Foot", 1, 104 },
		{ ";a=british", " Light Dragoons", 8, 25 }, { ";a=british", " Dragoon Guards", 1, 7 },
		{ ";a=prussian", "Hussar Regiment ", 1, 10 }, { ";a=austrian", "IR ", 1, 63 },
		{ ";a=austrian", "Grenz IR ", 1, 17 },
	};
	static const int light[] = { 43, 51, 52, 68, 71, 85, 90 };
	static const char *const marshals[] = { "Davout", "Lannes", "Ney", "Massena", "Soult" };
	int checked = 0, lights = 0;
	(void)state;
	for (int s = 1; s <= 40; s++) {
		static const char *const opts[] = { ";a=french;b=british", ";a=austrian;b=prussian" };
		struct game *g = battle(opts[s % 2], (uint64_t)s);
		assert_non_null(g);
		for (int i = 0; i < g->nunits; i++) {
			const char *n = g->units[i].name;
			for (size_t k = 0; k < sizeof nums / sizeof nums[0]; k++) {
				const char *p = strstr(n, nums[k].suffix);
				int num;
				if (!strstr(opts[s % 2], nums[k].options + 3) ||
				    g->units[i].side != (strstr(opts[s % 2], nums[k].options + 3) == opts[s % 2] + 3 ? SIDE_A : SIDE_B) ||
				    !p)
					continue;
				/* The number before a suffix ("12e Ligne") or after a prefix ("IR 12"). */
				if (nums[k].suffix[strlen(nums[k].suffix) - 1] == ' ') {
					if (p != n || (num = atoi(p + strlen(nums[k].suffix))) <= 0)
						continue;
				} else {
					if ((num = atoi(n)) <= 0)
						continue;
				}
				if (num < nums[k].lo || num > nums[k].hi)
					fail_msg("%s: %d is not %d to %d", n, num, nums[k].lo, nums[k].hi);
				checked++;
			}
			if (strstr(n, " Light Infantry")) {
				bool ok = false;
				for (size_t k = 0; k < sizeof light / sizeof light[0]; k++)
					ok = ok || atoi(n) == light[k];
				assert_true(ok);
				lights++;
			}
		}
		for (int c = 0; c < g->ncmdrs; c++)
			for (size_t k = 0; k < sizeof marshals / sizeof marshals[0]; k++)
				if (strcmp(g->cmdrs[c].name, marshals[k]) == 0)
					assert_int_equal(g->cmdrs[c].level, CL_CORPS);
		game_free(g);
	}
	assert_true(checked > 500 && lights > 5);
}

static void test_objectives(void **state)
{
	int villages = 0, held = 0;
	(void)state;
	for (int s = 1; s <= BATTLES; s++) {
		struct game *g = battle("", (uint64_t)s);
		double zone;
		assert_non_null(g);
		zone = g->map.height / 4;
		for (int i = 0; i < g->nobj; i++) {
			const struct objective *o = &g->obj[i];
			const struct feature *f;
			struct vec2 c;
			assert_true(o->feature >= 0);
			f = &g->map.f[o->feature];
			c = geom_poly_centroid(f->pts, f->n);
			switch (f->type) {
			case TT_VILLAGE:
				assert_int_equal(o->value, 3);
				villages++;
				break;
			case TT_BRIDGE:
			case TT_HILL:
				assert_int_equal(o->value, 1);
				break;
			default:
				fail();
			}
			/* Held at the start only inside a side's deployment zone. */
			assert_int_equal(o->holder, c.y >= g->map.height - zone ? SIDE_A : c.y <= zone ? SIDE_B : -1);
			held += o->holder >= 0;
		}
		game_free(g);
	}
	assert_true(villages >= BATTLES * 9 / 10 && held > 0);
}

/* Time and weather are thrown on the weather guidelines' 2D6 tables:
 * compare with the odds of 2D6 computed here. */
static void test_time_and_weather(void **state)
{
	int n = 400, clear = 0, early = 0, twelve = 0;
	double p_clear = 0, p_early = 0;
	(void)state;
	for (int a = 1; a <= 6; a++)
		for (int b = 1; b <= 6; b++) {
			p_clear += (a + b >= 5 && a + b <= 9) / 36.0;
			p_early += (a + b <= 4) / 36.0; /* 4 or 6 AM */
		}
	for (int s = 1; s <= n; s++) {
		struct game *g = battle(";size=division", (uint64_t)s + 1000);
		bool thrown_time = false, thrown_weather = false;
		assert_non_null(g);
		for (int l = 0; l < g->nlog; l++) {
			thrown_time = thrown_time || strncmp(g->log[l].text, "time the battle begins: 2D6", 27) == 0;
			thrown_weather = thrown_weather || strncmp(g->log[l].text, "weather of the battle: 2D6", 26) == 0;
		}
		assert_true(thrown_time && thrown_weather && !g->wx.time_roll && !g->wx.weather_roll);
		clear += g->wx.weather == WX_CLEAR;
		early += g->wx.start_minutes < 8 * 60;
		twelve += g->turns == 10;
		game_free(g);
	}
	assert_int_equal(twelve, n);
	assert_true(fabs((double)clear / n - p_clear) < 4 * sqrt(p_clear * (1 - p_clear) / n));
	assert_true(fabs((double)early / n - p_early) < 4 * sqrt(p_early * (1 - p_early) / n));
}

/* The same seed, the same battle; the battle written as a scenario and
 * read back is the same battle. */
static void test_same_and_round_trip(void **state)
{
	(void)state;
	for (int s = 1; s <= 20; s++) {
		struct game *g = battle("", (uint64_t)s), *h = battle("", (uint64_t)s), *k;
		char *ta = export_text(g, NULL), *tb = export_text(h, NULL), *tk, *da, *dk;
		struct diag d = { 0 };
		assert_string_equal(ta, tb);
		k = load_scenario_text(ta, "copy", (uint64_t)s, &d);
		assert_non_null(k);
		tk = export_text(k, NULL);
		assert_string_equal(ta, tk);
		da = dump(g);
		dk = dump(k);
		assert_string_equal(da, dk);
		if (s > 1) {
			struct game *o = battle("", (uint64_t)s - 1);
			char *to = export_text(o, NULL);
			assert_true(strcmp(to, ta) != 0);
			free(to);
			game_free(o);
		}
		free(ta), free(tb), free(tk), free(da), free(dk);
		game_free(g), game_free(h), game_free(k);
		diag_free(&d);
	}
}

static void test_save_round_trip(void **state)
{
	struct save_hooks hooks = { .format = cmd_format_order, .parse = cmd_parse_line };
	char path[] = "/tmp/grognard-test-random-XXXXXX", file[64], why[300];
	struct game *g = battle(";region=lowlands;size=division", 7), *back;
	struct diag d = { 0 };
	char *a, *b;
	(void)state;
	assert_non_null(mkdtemp(path));
	snprintf(file, sizeof file, "%s/r.save", path);
	assert_int_equal(save_write(g, file, &hooks, why, sizeof why), 0);
	back = save_read(file, &hooks, &d);
	if (!back)
		diag_print(&d, stderr);
	assert_non_null(back);
	a = dump(g);
	b = dump(back);
	assert_string_equal(a, b);
	assert_string_equal(back->scenario, g->scenario);
	assert_int_equal(back->nlog, g->nlog);
	free(a), free(b);
	game_free(g), game_free(back);
	diag_free(&d);
	unlink(file);
	snprintf(file, sizeof file, "%s/r.save.bak", path);
	unlink(file);
	rmdir(path);
}

static bool logged(const struct game *g, const char *text)
{
	for (int l = 0; l < g->nlog; l++)
		if (strstr(g->log[l].text, text))
			return true;
	return false;
}

static void test_options(void **state)
{
	struct game *g;
	struct diag d = { 0 };
	(void)state;
	g = battle(";region=iberia;size=division;a=russian;b=british", 3);
	assert_non_null(g);
	assert_true(logged(g, "fought in Iberia"));
	assert_true(g->map.width == 120 && g->map.height == 80);
	assert_int_equal(g->corps[g->side[SIDE_A].corps].nat, NAT_RUSSIAN);
	assert_int_equal(g->corps[g->side[SIDE_B].corps].nat, NAT_BRITISH);
	game_free(g);
	/* A shipped orbat as a force: the French III Corps of Auerstedt. */
	g = battle(";a=auerstedt-french", 4);
	assert_non_null(g);
	assert_string_equal(g->corps[g->side[SIDE_A].corps].id, "III");
	for (int i = 0; i < g->ncmdrs; i++)
		assert_false(g->cmdrs[i].flags & CF_ROLL);
	game_free(g);
	/* What is not known is said. */
	assert_null(random_open("random:1;region=atlantis", 1, &d));
	assert_true(d.n > 0 && strstr(d.msg[0], "no region 'atlantis'"));
	diag_free(&d);
	assert_null(random_open("random:1;a=auerstedt-french;b=auerstedt-french", 1, &d));
	assert_true(d.n > 0 && strstr(d.msg[d.n - 1], "same orbat"));
	diag_free(&d);
	assert_null(random_open("random:1;a=martians", 1, &d));
	assert_true(d.n > 0 && strstr(d.msg[0], "neither a nationality"));
	diag_free(&d);
}

/* The region thrown on one die (five regions: a 6 is thrown again). */
static void test_scripted_region(void **state)
{
	struct dbm_table t;
	struct diag d = { 0 };
	struct random_request rq = { .region = -1, .size = FS_DIVISION, .nat = { -1, -1 }, .seed = 9 };
	struct random_info *info = calloc(1, sizeof *info);
	struct game *g = game_new(9);
	const int pips[] = { 6, 2 };
	char why[200];
	(void)state;
	assert_true(regions_load_text(default_regions_cfg, "built-in", &t, &d));
	game_queue_dice(g, pips, 2);
	assert_int_equal(random_battle(g, &t, &rq, info, why, sizeof why), 0);
	assert_int_equal(info->region, 1);
	assert_true(logged(g, "6 is thrown again"));
	assert_true(logged(g, "fought in Iberia"));
	free(info);
	game_free(g);
	regions_free(&t);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_forces),
		cmocka_unit_test(test_deployment),
		cmocka_unit_test(test_command_at_start),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_objectives),
		cmocka_unit_test(test_time_and_weather),
		cmocka_unit_test(test_same_and_round_trip),
		cmocka_unit_test(test_save_round_trip),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_scripted_region),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
