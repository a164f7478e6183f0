/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-save: saving and loading a battle: the same state at every step of
 * a battle, the same dice after, a full disk that spares the old save,
 * names that cannot leave the saves directory, the computer's levels. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/bridge.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/contact.h"
#include "io/load.h"
#include "io/save.h"
#include "io/load-rules.h"

static char dir[256];

/* The program's link(): a disk without hard links when told so (the
 * test binary's own definition comes before the C library's). */
static bool no_hard_links;
int link(const char *from, const char *to)
{
	if (no_hard_links) {
		errno = EPERM;
		return -1;
	}
	return linkat(AT_FDCWD, from, AT_FDCWD, to, 0);
}

static char scenario[1024];
static char *default_text;
static const struct save_hooks hooks_file = { .format = cmd_format_order, .parse = cmd_parse_line };

static struct game *battle(uint64_t seed)
{
	struct diag d = { 0 };
	struct game *g = load_scenario_file(scenario, seed, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

static char *dump_of(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cmd_dump(g, f);
	fclose(f);
	return buf;
}

static char *slurp(const char *path);

static void round_trip(struct game *g, const char *path)
{
	char why[300], again[600];
	struct diag d = { 0 };
	struct game *h;
	char *a, *b;
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	h = save_read(path, &hooks_file, &d);
	diag_print(&d, stderr);
	assert_int_equal(d.n, 0);
	diag_free(&d);
	assert_non_null(h);
	/* Saved again, the loaded battle is the same text to the last byte:
	 * nothing is lost or changed on the way through. */
	snprintf(again, sizeof again, "%s.again", path);
	assert_int_equal(save_write(h, again, &hooks_file, why, sizeof why), 0);
	a = slurp(path);
	b = slurp(again);
	assert_string_equal(a, b);
	free(a);
	free(b);
	a = dump_of(g);
	b = dump_of(h);
	assert_string_equal(a, b);
	free(a);
	free(b);
	/* Everything the dump does not show, too. */
	assert_int_equal(g->nlog, h->nlog);
	for (int i = 0; i < g->nlog; i++)
		assert_string_equal(g->log[i].text, h->log[i].text);
	assert_int_equal(g->nhistory, h->nhistory);
	assert_string_equal(g->players, h->players);
	assert_string_equal(g->ai, h->ai);
	assert_int_equal(g->initiatives, h->initiatives);
	assert_int_equal(g->decisions, h->decisions);
	assert_int_equal(g->current_unit, h->current_unit);
	for (int i = 0; i < g->nunits; i++) {
		assert_memory_equal(&g->units[i].pos, &h->units[i].pos, sizeof g->units[i].pos);
		assert_true(g->units[i].facing == h->units[i].facing);
		assert_int_equal(g->units[i].acted, h->units[i].acted);
		assert_true(g->units[i].used == h->units[i].used);
		/* A contact over a bridge. */
		assert_int_equal(g->units[i].bridge, h->units[i].bridge);
		if (g->units[i].bridge) {
			assert_int_equal(g->units[i].bridge_foe, h->units[i].bridge_foe);
			assert_memory_equal(&g->units[i].bridge_foe_at, &h->units[i].bridge_foe_at,
			                    sizeof g->units[i].bridge_foe_at);
		}
		assert_int_equal(bridge_foe(g, i), bridge_foe(h, i));
	}
	/* The same dice follow. */
	{
		struct rng r1 = g->dice, r2 = h->dice;
		for (int i = 0; i < 100; i++)
			assert_int_equal(rng_d6(&r1), rng_d6(&r2));
	}
	game_free(h);
}

/* At every step of a whole battle between two computer players, in every
 * phase it passes through, saving and loading changes nothing. */
static void test_round_trip_every_step(void **state)
{
	struct game *g = battle(9);
	struct naive_ai ai;
	struct controller *ctl[2];
	char path[512];
	int steps = 0, phases[PHASE_COUNT] = { 0 };
	(void)state;
	snprintf(path, sizeof path, "%s/rt.save", dir);
	snprintf(g->players, sizeof g->players, "B");
	snprintf(g->ai, sizeof g->ai, "hard");
	naive_init(&ai, g);
	ctl[0] = ctl[1] = &ai.ctl;
	round_trip(g, path);
	for (;;) {
		enum step_result r = game_step(g, ctl);
		phases[g->phase]++;
		/* Every step early on, then every seventh. */
		if (steps < 60 || steps % 7 == 0)
			round_trip(g, path);
		steps++;
		if (r != STEP_OK)
			break;
	}
	round_trip(g, path);
	assert_int_equal(g->phase, PHASE_OVER);
	assert_true(phases[PHASE_MANOEUVRE] > 0 && phases[PHASE_FIRE] > 0 && phases[PHASE_INITIATIVE] > 0);
	naive_free(&ai);
	game_free(g);
}

/* A charge over a bridge leaves its charger in contact with the bridge's
 * defender, which the save keeps. */
static void test_bridge_contact(void **state)
{
	const char *top = getenv("top_srcdir");
	static char cmds[] = "brigade AB\ncharge C1 d1\n";
	char map[1024], path[512];
	struct diag d = { 0 };
	struct game *g;
	struct script sc;
	struct controller *ctl[2];
	FILE *in = fmemopen(cmds, strlen(cmds), "r"), *out = fopen("/dev/null", "w");
	(void)state;
	snprintf(map, sizeof map, "%s/tests/rules/melee-bridge.cfg", top ? top : ".");
	g = load_scenario_file(map, 2, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	assert_non_null(in);
	assert_non_null(out);
	script_init(&sc, g, in, "test", out, out);
	ctl[0] = ctl[1] = &sc.ctl;
	while (game_step(g, ctl) == STEP_OK)
		;
	{
		int c1 = orbat_find_unit(g, "C1"), d1 = orbat_find_unit(g, "d1");
		assert_int_equal(bridge_foe(g, c1), d1);
		assert_true(contact_touching(g, c1, d1));
	}
	snprintf(path, sizeof path, "%s/bridge.save", dir);
	round_trip(g, path);
	script_free(&sc);
	fclose(in);
	fclose(out);
	game_free(g);
}

/* The same in the rain and in showers: the sky's spells, the sight and
 * the mud change from Turn to Turn and are saved with the rest. */
static void test_round_trip_weather(void **state)
{
	static const char *const skies[] = { "rain", "showers" };
	(void)state;
	for (int w = 0; w < 2; w++) {
		char copy[600], path[512], *text, *p;
		struct diag d = { 0 };
		struct game *g;
		struct naive_ai ai;
		struct controller *ctl[2];
		int steps = 0, nchanges = 0, sky = -1, spell = -1;
		FILE *f;
		snprintf(copy, sizeof copy, "%s/%s.cfg", dir, skies[w]);
		snprintf(path, sizeof path, "%s/%s.save", dir, skies[w]);
		text = strdup(default_text);
		p = strstr(text, "weather = \"clear\";");
		assert_non_null(p);
		f = fopen(copy, "w");
		fprintf(f, "%.*sweather = \"%s\";%s", (int)(p - text), text, skies[w], p + strlen("weather = \"clear\";"));
		fclose(f);
		free(text);
		g = load_scenario_file(copy, 21, &d);
		diag_print(&d, stderr);
		diag_free(&d);
		assert_non_null(g);
		assert_int_equal(g->wx.weather, w == 0 ? WX_RAIN : WX_SHOWERS);
		naive_init(&ai, g);
		ctl[0] = ctl[1] = &ai.ctl;
		for (;;) {
			enum step_result r = game_step(g, ctl);
			if ((int)g->wx.sky != sky || g->wx.sky_turns != spell) {
				sky = (int)g->wx.sky;
				spell = g->wx.sky_turns;
				nchanges++;
			}
			if (steps % 11 == 0)
				round_trip(g, path);
			steps++;
			if (r != STEP_OK)
				break;
		}
		round_trip(g, path);
		/* The sky and its spell did change in the battle (it is not a
		 * clear day), and the rain made mud. */
		assert_true(nchanges >= 3);
		if (w == 0)
			assert_true(g->wx.mud);
		naive_free(&ai);
		game_free(g);
	}
}

/* Continuing a loaded battle gives the battle that was never saved. */
static void test_continue_identically(void **state)
{
	struct game *g = battle(5), *h;
	struct naive_ai a1, a2;
	struct controller *c1[2], *c2[2];
	char path[512], why[300];
	struct diag d = { 0 };
	char *x, *y;
	(void)state;
	snprintf(path, sizeof path, "%s/cont.save", dir);
	naive_init(&a1, g);
	c1[0] = c1[1] = &a1.ctl;
	for (int i = 0; i < 150; i++)
		game_step(g, c1);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	h = save_read(path, &hooks_file, &d);
	assert_non_null(h);
	diag_free(&d);
	naive_init(&a2, h);
	c2[0] = c2[1] = &a2.ctl;
	/* The AI keeps no memory across initiatives that matters here: both
	 * play on to the end. */
	game_run(g, c1);
	game_run(h, c2);
	x = dump_of(g);
	y = dump_of(h);
	assert_string_equal(x, y);
	assert_int_equal(g->nlog, h->nlog);
	free(x);
	free(y);
	naive_free(&a1);
	naive_free(&a2);
	game_free(g);
	game_free(h);
}

/* At most one intent line (note) per manoeuvre phase in a history. */
static void assert_one_intent_per_phase(const struct game *g)
{
	int notes = 0;
	for (int i = 0; i < g->nhistory; i++) {
		if (g->history[i].kind == ORD_BRIGADE || g->history[i].kind == ORD_DIVMOVE)
			notes = 0;
		else if (g->history[i].kind == ORD_NOTE)
			assert_true(++notes <= 1);
	}
}

/* The same with the computer opponent, saved at many points (in the
 * middle of its manoeuvres too): with its memory in the save the log goes
 * on line for line; from a save without it (an older one), it at least
 * does not state its intent twice in one initiative. */
static void continue_general_ai(enum ai_level level, int first, int stride)
{
	for (int at = 0; at < 200; at += at < first ? 1 : stride) {
		struct game *g = battle(11), *h, *old;
		struct general_ai a1, a2, a3;
		struct controller *c1[2], *c2[2], *c3[2];
		char path[512], why[300];
		struct diag d = { 0 };
		int steps = 0;
		snprintf(path, sizeof path, "%s/ai.save", dir);
		assert_int_equal(general_init(&a1, g, level), 0);
		c1[0] = c1[1] = &a1.ctl;
		while (steps < at && game_step(g, c1) == STEP_OK)
			steps++;
		assert_null(g->ai_memory);
		assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
		old = save_read(path, &hooks_file, &d);
		assert_non_null(old);
		assert_null(old->ai_memory);
		g->ai_memory = general_memory(&a1, g);
		assert_non_null(g->ai_memory);
		assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
		h = save_read(path, &hooks_file, &d);
		diag_print(&d, stderr);
		assert_non_null(h);
		diag_free(&d);
		assert_string_equal(h->ai_memory, g->ai_memory);
		assert_int_equal(general_init(&a2, h, level), 0);
		assert_int_equal(general_recall(&a2, h, h->ai_memory), 0);
		assert_int_equal(general_init(&a3, old, level), 0);
		c2[0] = c2[1] = &a2.ctl;
		c3[0] = c3[1] = &a3.ctl;
		for (int i = 0; i < 100 && game_step(g, c1) == STEP_OK; i++)
			;
		for (int i = 0; i < 100 && game_step(h, c2) == STEP_OK; i++)
			;
		for (int i = 0; i < 100 && game_step(old, c3) == STEP_OK; i++)
			;
		for (int i = 0; i < g->nlog && i < h->nlog; i++)
			if (strcmp(g->log[i].text, h->log[i].text) != 0) {
				fprintf(stderr, "# saved after %d steps: log line %d differs:\n#   %s\n#   %s\n", at, i + 1,
				        g->log[i].text, h->log[i].text);
				break;
			}
		assert_int_equal(g->nlog, h->nlog);
		for (int i = 0; i < g->nlog; i++)
			assert_string_equal(g->log[i].text, h->log[i].text);
		assert_one_intent_per_phase(old);
		general_free(&a1);
		general_free(&a2);
		general_free(&a3);
		game_free(g);
		game_free(h);
		game_free(old);
	}
}

static void test_continue_general_ai(void **state)
{
	(void)state;
	continue_general_ai(AI_NORMAL, 16, 14);
}

/* The hard computer too: what its look-ahead chose for an initiative is
 * in its memory, and its trials leave nothing of theirs in the battle, so
 * a battle continued from a save is played on the same. */
static void test_continue_hard_ai(void **state)
{
	(void)state;
	continue_general_ai(AI_HARD, 6, 19);
}

/* Memory that is not the computer's, or not of this battle, is forgotten
 * rather than trusted. */
static void test_general_memory_refused(void **state)
{
	struct game *g = battle(11);
	struct general_ai ai;
	char *m, *bad;
	(void)state;
	assert_int_equal(general_init(&ai, g, AI_HARD), 0);
	m = general_memory(&ai, g);
	assert_int_equal(general_recall(&ai, g, m), 0);
	assert_int_equal(general_recall(&ai, g, "general init=1"), -1);
	assert_int_equal(general_recall(&ai, g, "nonsense"), -1);
	bad = strdup(m);
	bad[strlen(bad) - 3] = '\0'; /* a plan cut short */
	assert_int_equal(general_recall(&ai, g, bad), -1);
	free(bad);
	assert_int_equal(asprintf(&bad, "%s;0,0,1,1", m) > 0, 1); /* a division too many */
	assert_int_equal(general_recall(&ai, g, bad), -1);
	free(bad);
	free(m);
	general_free(&ai);
	game_free(g);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* A full disk: the write fails, says so, and the previous save is intact
 * (and no temporary file is left behind). */
static void test_full_disk_keeps_old_save(void **state)
{
	struct game *g = battle(3);
	struct rlimit old, small;
	char path[512], why[300], *before, *after;
	int r;
	DIR *dd;
	struct dirent *e;
	(void)state;
	snprintf(path, sizeof path, "%s/disk.save", dir);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	before = slurp(path);
	g->turn = 2; /* something to change */
	getrlimit(RLIMIT_FSIZE, &old);
	small = old;
	small.rlim_cur = 1000;
	signal(SIGXFSZ, SIG_IGN);
	setrlimit(RLIMIT_FSIZE, &small);
	r = save_write(g, path, &hooks_file, why, sizeof why);
	setrlimit(RLIMIT_FSIZE, &old);
	assert_int_equal(r, -1);
	assert_string_equal(why, "cannot write the save: File too large");
	after = slurp(path);
	assert_string_equal(before, after);
	dd = opendir(dir);
	while ((e = readdir(dd)))
		assert_null(strstr(e->d_name, ".grognard-save-"));
	closedir(dd);
	/* A second good save keeps the first as .bak. */
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	{
		char bak[600], *b;
		snprintf(bak, sizeof bak, "%s.bak", path);
		b = slurp(bak);
		assert_string_equal(b, before);
		free(b);
	}
	free(before);
	free(after);
	game_free(g);
}

/* The computer's levels, one for both sides or each side's: the forms
 * --ai and the save's ai key take, written back one way; anything else
 * refused with the levels untouched. */
static void test_ai_levels(void **state)
{
	static const struct {
		const char *text, *back; /* NULL: refused */
	} cases[] = {
		{ "hard", "hard" }, { "naive", "naive" }, { "A=hard", "A=hard,B=easy" }, { "B=normal", "A=naive,B=normal" },
		{ "A=hard,B=normal", "A=hard,B=normal" }, { "B=normal,A=hard", "A=hard,B=normal" },
		{ "A=easy,B=easy", "easy" }, { "", NULL }, { "clever", NULL }, { "A=", NULL }, { "A=hard,", NULL },
		{ "A=hard,A=easy", NULL }, { "a=hard", NULL }, { "C=hard", NULL }, { "A=hard;B=easy", NULL },
		{ "A=hardy", NULL }, { "hard,B=easy", NULL }, { "=hard", NULL },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int levels[2] = { AI_WORD_NAIVE, AI_WORD_EASY };
		char back[24];
		bool ok = save_ai_levels(cases[i].text, levels);
		assert_int_equal(ok, cases[i].back != NULL);
		if (!ok) {
			assert_int_equal(levels[0], AI_WORD_NAIVE);
			assert_int_equal(levels[1], AI_WORD_EASY);
			continue;
		}
		save_ai_text(levels, back, sizeof back);
		assert_string_equal(back, cases[i].back);
	}
}

static void test_names(void **state)
{
	char out[512], why[200], want[600];
	(void)state;
	setenv("XDG_DATA_HOME", dir, 1);
	assert_true(save_path_for("battle-1", out, sizeof out, why, sizeof why));
	snprintf(want, sizeof want, "%s/grognard/battle-1.save", dir);
	assert_string_equal(out, want);
	assert_true(save_path_for("x.save", out, sizeof out, why, sizeof why));
	snprintf(want, sizeof want, "%s/grognard/x.save", dir);
	assert_string_equal(out, want);
	assert_false(save_path_for("../escape", out, sizeof out, why, sizeof why));
	assert_false(save_path_for("a/b", out, sizeof out, why, sizeof why));
	assert_false(save_path_for(".hidden", out, sizeof out, why, sizeof why));
	assert_false(save_path_for("", out, sizeof out, why, sizeof why));
	assert_false(save_path_for("with space", out, sizeof out, why, sizeof why));
	/* The directory is private. */
	{
		struct stat st;
		snprintf(want, sizeof want, "%s/grognard", dir);
		assert_int_equal(stat(want, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0700);
	}
}

/* Where hard links cannot be made, the previous save is copied to
 * NAME.save.bak, and the copy is as private as the save. */
static void test_bak_copy_is_private(void **state)
{
	struct game *g = battle(3);
	char path[512], bak[600], why[300], *before, *b;
	struct stat st;
	mode_t old = umask(022);
	(void)state;
	snprintf(path, sizeof path, "%s/nolink.save", dir);
	snprintf(bak, sizeof bak, "%s.bak", path);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	before = slurp(path);
	no_hard_links = true;
	g->turn = 2;
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	no_hard_links = false;
	umask(old);
	b = slurp(bak);
	assert_string_equal(b, before);
	assert_int_equal(stat(bak, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	free(b);
	free(before);
	game_free(g);
}

/* The start-up list: every save is read, the newest 15 kept, newest
 * first, whatever order the directory gives them in; finished battles
 * and what is not a save are left out. */
static void test_list_newest(void **state)
{
	struct game *g = battle(3);
	struct save_entry e[15];
	char base[300], sdir[400], path[600], why[300], cmd[700];
	int n;
	(void)state;
	snprintf(base, sizeof base, "%s-list", dir);
	mkdir(base, 0700);
	setenv("XDG_DATA_HOME", base, 1);
	assert_non_null(save_dir(sdir, sizeof sdir, why, sizeof why));
	/* 20 battles written in an order unlike their age: battle-K is K hours
	 * old, written K mod 7 apart. */
	for (int k = 0; k < 20; k++) {
		int i = (k * 7) % 20;
		struct timeval tv[2] = { { .tv_sec = 1700000000 - 3600 * i }, { .tv_sec = 1700000000 - 3600 * i } };
		snprintf(path, sizeof path, "%s/battle-%02d.save", sdir, i);
		g->turn = 1 + i % 5;
		assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
		assert_int_equal(utimes(path, tv), 0);
	}
	/* Newer than all, but finished; and newer still, but not a save. */
	g->phase = PHASE_OVER;
	snprintf(path, sizeof path, "%s/over.save", sdir);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	snprintf(path, sizeof path, "%s/junk.save", sdir);
	{
		FILE *f = fopen(path, "w");
		fputs("not a save at all {\n", f);
		fclose(f);
	}
	n = save_list(e, 15);
	assert_int_equal(n, 15);
	for (int i = 0; i < n; i++) {
		char want[32];
		snprintf(want, sizeof want, "battle-%02d", i);
		assert_string_equal(e[i].name, want);
		assert_int_equal(e[i].turn, 1 + i % 5);
		assert_string_equal(e[i].title, g->title);
	}
	/* Fewer wanted: the newest still. */
	assert_int_equal(save_list(e, 2), 2);
	assert_string_equal(e[1].name, "battle-01");
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	assert_int_equal(system(cmd), 0);
	game_free(g);
}

/* A saves directory that cannot be made: the message names the directory
 * at fault and the real reason. */
static void test_dir_errors(void **state)
{
	char base[300], path[600], out[700], why[900], want[800];
	bool made;
	FILE *f;
	(void)state;
	snprintf(base, sizeof base, "%s-dirs", dir);
	mkdir(base, 0755);
	chmod(base, 0755);
	/* The directory's own name taken by a file. */
	snprintf(path, sizeof path, "%s/data", base);
	mkdir(path, 0700);
	snprintf(out, sizeof out, "%s/grognard", path);
	f = fopen(out, "w");
	assert_non_null(f);
	fclose(f);
	setenv("XDG_DATA_HOME", path, 1);
	assert_false(save_path_for("x", out, sizeof out, why, sizeof why));
	snprintf(want, sizeof want, "cannot create %s/grognard: Not a directory", path);
	assert_string_equal(why, want);
	/* Its parent cannot be made: read-only for us (as root, another user
	 * for the moment, since root may write anywhere). */
	snprintf(path, sizeof path, "%s/ro", base);
	mkdir(path, 0555);
	chmod(path, 0555);
	snprintf(path, sizeof path, "%s/ro/data", base);
	setenv("XDG_DATA_HOME", path, 1);
	if (geteuid() == 0 && seteuid(65534) != 0) {
		skip();
		return;
	}
	made = save_path_for("x", out, sizeof out, why, sizeof why);
	if (getuid() == 0)
		assert_int_equal(seteuid(0), 0);
	assert_false(made);
	snprintf(want, sizeof want, "cannot create %s: Permission denied", path);
	assert_string_equal(why, want);
	snprintf(out, sizeof out, "rm -rf '%s'", base);
	assert_int_equal(system(out), 0);
}

/* A save from a newer grognard, and one whose scenario has changed. */
static void test_refusals(void **state)
{
	struct game *g = battle(3), *h;
	char path[512], copy[600], why[300], *text, *p;
	struct diag d = { 0 };
	FILE *f;
	(void)state;
	snprintf(path, sizeof path, "%s/ref.save", dir);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	text = slurp(path);
	p = strstr(text, "format = 1;");
	assert_non_null(p);
	p[9] = '7';
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	assert_null(save_read(path, &hooks_file, &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.msg[0], ":2: grognard_save: saved by a newer grognard (format 7"));
	diag_free(&d);
	free(text);

	/* A changed scenario: save from a copy, then change the copy. */
	snprintf(copy, sizeof copy, "%s/copy.cfg", dir);
	f = fopen(copy, "w");
	fputs(default_text, f);
	fclose(f);
	game_free(g);
	{
		struct diag d2 = { 0 };
		g = load_scenario_file(copy, 3, &d2);
		diag_free(&d2);
	}
	assert_non_null(g);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	f = fopen(copy, "a");
	fputs("# a change\n", f);
	fclose(f);
	assert_null(save_read(path, &hooks_file, &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.msg[0], "has changed since this battle was saved"));
	diag_free(&d);
	game_free(g);

	/* Edited in the middle of the battle: the save records the scenario
	 * the battle was built from, so it is refused too. */
	f = fopen(copy, "w");
	fputs(default_text, f);
	fclose(f);
	{
		struct diag d2 = { 0 };
		g = load_scenario_file(copy, 3, &d2);
		diag_free(&d2);
	}
	assert_non_null(g);
	f = fopen(copy, "a");
	fputs("# edited while the battle was fought\n", f);
	fclose(f);
	assert_int_equal(save_write(g, path, &hooks_file, why, sizeof why), 0);
	assert_null(save_read(path, &hooks_file, &d));
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.msg[0], "has changed since this battle was saved"));
	diag_free(&d);
	/* And the scenario as loaded again is the one in the save. */
	f = fopen(copy, "w");
	fputs(default_text, f);
	fclose(f);
	h = save_read(path, &hooks_file, &d);
	assert_non_null(h);
	diag_free(&d);
	game_free(h);
	game_free(g);
}

static int setup(void **state)
{
	const char *top = getenv("top_srcdir");
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/grognard-test-save-%d", (int)getpid());
	mkdir(dir, 0700);
	snprintf(scenario, sizeof scenario, "%s/maps/default.cfg", top ? top : ".");
	{
		char *p = realpath(scenario, NULL);
		if (p) {
			snprintf(scenario, sizeof scenario, "%s", p);
			free(p);
		}
	}
	default_text = slurp(scenario);
	return 0;
}

static int teardown(void **state)
{
	char cmd[400];
	(void)state;
	free(default_text);
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == -1;
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_every_step),
		cmocka_unit_test(test_round_trip_weather),
		cmocka_unit_test(test_continue_identically),
		cmocka_unit_test(test_bridge_contact),
		cmocka_unit_test(test_continue_general_ai),
		cmocka_unit_test(test_continue_hard_ai),
		cmocka_unit_test(test_general_memory_refused),
		cmocka_unit_test(test_full_disk_keeps_old_save),
		cmocka_unit_test(test_ai_levels),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_bak_copy_is_private),
		cmocka_unit_test(test_dir_errors),
		cmocka_unit_test(test_list_newest),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
