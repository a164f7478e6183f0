/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main: options, the battle to fight, which loop runs it, and keeping it
 * safe (autosaves, hang-ups). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/victory.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "random-cli.h"
#include "ui/ui.h"

extern const char default_battle_cfg[];

#define BUILTIN_NAME "(built-in default battle)"
/* Unfinished autosaves kept: a new battle removes the oldest beyond
 * these (its own counted), so abandoned battles do not pile up. */
#define AUTOSAVES_KEPT 5

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

struct options {
	uint64_t seed;
	bool seed_given;
	const char *side;
	bool batch, check, mono, ascii;
	const char *script;
	const char *dice;
	const char *scenario;
	const char *load;
	const char *replay;
	const char *ai;
	struct random_cli rnd;      /* --random, its choices, --export-map */
};

/* The computer's side: the general at a level, or the naive baseline. */
struct computer {
	bool naive;
	struct naive_ai naive_ai;
	struct general_ai general;
};

static const char *const ai_words[] = { "easy", "normal", "hard" };

static struct controller *computer_init(struct computer *c, struct game *g, const char *ai)
{
	memset(c, 0, sizeof *c);
	if (ai && strcmp(ai, "naive") == 0) {
		c->naive = true;
		naive_init(&c->naive_ai, g);
		return &c->naive_ai.ctl;
	}
	for (int l = AI_EASY; l <= AI_HARD; l++)
		if (!ai || strcmp(ai, ai_words[l]) == 0) {
			if (general_init(&c->general, g, ai ? (enum ai_level)l : AI_NORMAL) < 0)
				return NULL;
			return &c->general.ctl;
		}
	return NULL;
}

/* In batch mode the computer's refused orders are printed like the
 * script's: there should be none, and a test would see them. */
struct loud {
	struct controller ctl, *inner;
};

static int loud_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct loud *l = c->ctx;
	return l->inner->order(l->inner, g, side, o);
}

static void loud_refused(struct controller *c, struct game *g, enum side side, const struct order *o,
                         const char *why)
{
	struct loud *l = c->ctx;
	char buf[512];
	printf("refused: %s (the computer): %s\n", cmd_format_order(g, o, buf, sizeof buf), why);
	l->inner->refused(l->inner, g, side, o, why);
}

static int loud_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct loud *l = c->ctx;
	return l->inner->decide(l->inner, g, d);
}

/* The computer playing now: its memory goes into every save, and comes
 * back from the save it continues. */
static struct computer *playing;

static struct controller *computer_start(struct computer *c, struct game *g, const char *ai)
{
	struct controller *ctl = computer_init(c, g, ai);
	if (ctl && !c->naive && g->ai_memory)
		general_recall(&c->general, g, g->ai_memory);
	playing = ctl ? c : NULL;
	return ctl;
}

static void remember(struct game *g)
{
	char *m;
	if (!playing || playing->naive || !(m = general_memory(&playing->general, g)))
		return;
	free(g->ai_memory);
	g->ai_memory = m;
}

static void computer_free(struct computer *c)
{
	if (playing == c)
		playing = NULL;
	if (c->naive)
		naive_free(&c->naive_ai);
	else
		general_free(&c->general);
}

static volatile sig_atomic_t got_hangup, got_interrupt;

static void on_hangup(int sig)
{
	(void)sig;
	got_hangup = 1;
}

static void on_interrupt(int sig)
{
	(void)sig;
	got_interrupt = 1;
}

/* The handlers only raise flags; the game loop saves and stops. */
static void catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_hangup; /* no SA_RESTART: a blocked read wakes up */
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
}

/* ------------------------------------------------------------------ */
/* Saves */

static const struct save_hooks hooks = {
	.format = cmd_format_order,
	.parse = cmd_parse_line,
	.builtin_name = BUILTIN_NAME,
	.builtin_text = default_battle_cfg,
};

/* Save under a name in the saves directory; why says where, or why not
 * (and that a save of that name already there is as it was). */
static int save_named(struct game *g, const char *name, char *why, size_t size)
{
	char path[PATH_MAX], cause[300];
	if (!save_path_for(name, path, sizeof path, why, size))
		return -1;
	remember(g);
	if (save_write(g, path, &hooks, cause, sizeof cause) < 0) {
		if (paths_exists(path))
			snprintf(why, size, "%s; the previous %s is untouched", cause, strrchr(path, '/') + 1);
		else
			snprintf(why, size, "%s", cause);
		return -1;
	}
	snprintf(why, size, "Saved as %s.", path);
	return 0;
}

/* The after-action record: the title, the whole log, the report. */
static void export_body(FILE *f, const void *ctx)
{
	const struct game *g = ctx;
	char **lines;
	int n;
	fprintf(f, "%s\n\n", g->title);
	for (int i = 0; i < g->nlog; i++)
		fprintf(f, "T%-2d %s\n", g->log[i].turn, g->log[i].text);
	fputs("\n", f);
	n = victory_report(g, &lines);
	for (int i = 0; i < n; i++) {
		fprintf(f, "%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

/* Written as saves are (a full disk leaves any older record whole). */
static int export_named(struct game *g, const char *name, char *why, size_t size)
{
	char path[PATH_MAX], base[80];
	snprintf(base, sizeof base, "%s", name);
	if (strlen(base) > 4 && strcmp(base + strlen(base) - 4, ".txt") == 0)
		base[strlen(base) - 4] = '\0';
	if (!save_path_for(base, path, sizeof path, why, size))
		return -1;
	/* NAME.save -> NAME.txt */
	strcpy(path + strlen(path) - 5, ".txt");
	if (save_write_atomic(path, "the record", false, export_body, g, why, size) < 0)
		return -1;
	snprintf(why, size, "The log and the report are in %s.", path);
	return 0;
}

/* The battle as it began, as map and orbat files (NAME relative to the
 * current directory). */
static int export_map_named(struct game *g, const char *name, char *why, size_t size)
{
	return random_export_start(g, BUILTIN_NAME, default_battle_cfg, name, why, size);
}

/* A save given as a path, or as a name in the saves directory. */
static bool find_save(const char *name, char *out, size_t size)
{
	char why[MSG_LEN];
	if (paths_exists(name)) {
		snprintf(out, size, "%s", name);
		return true;
	}
	return save_path_for(name, out, size, why, sizeof why) && paths_exists(out);
}

/* The name this battle autosaves under.  A battle continued from an
 * autosave keeps its name.  A new one first clears away the oldest
 * unfinished autosaves beyond AUTOSAVES_KEPT (its own counted), then
 * takes the first of autosave, autosave-2, autosave-3 ... that is free or
 * holds a finished battle, so starting a new battle never overwrites an
 * interrupted one, nor a save that cannot be read. */
static char autosave_name[32] = SAVE_AUTOSAVE;

static void autosave_as(const char *loaded_from)
{
	if (loaded_from && save_is_autosave(loaded_from)) {
		/* Only an autosave of the saves directory itself: a copy elsewhere
		 * of the same name is another battle's place. */
		const char *base = strrchr(loaded_from, '/') ? strrchr(loaded_from, '/') + 1 : loaded_from;
		char name[32], path[PATH_MAX], why[200], *a = NULL, *b = NULL;
		bool same;
		snprintf(name, sizeof name, "%.*s", (int)strcspn(base, "."), base);
		same = find_save(loaded_from, path, sizeof path) && (a = realpath(path, NULL)) &&
		       save_path_for(name, path, sizeof path, why, sizeof why) && (b = realpath(path, NULL)) &&
		       strcmp(a, b) == 0;
		free(a);
		free(b);
		if (same) {
			snprintf(autosave_name, sizeof autosave_name, "%s", name);
			return;
		}
	}
	save_prune_autosaves(AUTOSAVES_KEPT - 1);
	for (unsigned long i = 1; i < ULONG_MAX; i++) {
		char name[32], path[PATH_MAX], why[200], title[NAME_LEN];
		struct stat st;
		int turn;
		bool over;
		if (i == 1)
			snprintf(name, sizeof name, "%s", SAVE_AUTOSAVE);
		else
			snprintf(name, sizeof name, "%s-%lu", SAVE_AUTOSAVE, i);
		if (!save_path_for(name, path, sizeof path, why, sizeof why))
			return;
		if (lstat(path, &st) != 0 ||
		    (S_ISREG(st.st_mode) && save_peek(path, title, sizeof title, &turn, &over) && over)) {
			snprintf(autosave_name, sizeof autosave_name, "%s", name);
			return;
		}
	}
}

/* The outcome of the latest autosave: where, or why not and whether an
 * earlier autosave of this battle is there to fall back on. */
static struct {
	bool ok, earlier;
	char path[PATH_MAX], why[300];
} autosaved;

/* Autosave; a failure is said on the screen (when there is one) and
 * kept for the last word. */
static bool autosave(struct game *g, struct ui *ui)
{
	char text[400];
	autosaved.ok = save_path_for(autosave_name, autosaved.path, sizeof autosaved.path, autosaved.why,
	                             sizeof autosaved.why);
	if (autosaved.ok) {
		autosaved.earlier = paths_exists(autosaved.path);
		remember(g);
		autosaved.ok = save_write(g, autosaved.path, &hooks, autosaved.why, sizeof autosaved.why) == 0;
	}
	if (!autosaved.ok && ui) {
		snprintf(text, sizeof text, "Autosave failed: %s; %s", autosaved.why,
		         autosaved.earlier ? "your last save is intact" : "the battle is not saved yet");
		ui_alert(ui, text);
	}
	return autosaved.ok;
}

/* The last word on a battle left: saved, or not and why. */
static void say_saved(void)
{
	if (autosaved.ok)
		printf("The battle is saved in %s: start grognard again to go on with it.\n", autosaved.path);
	else if (autosaved.earlier)
		fprintf(stderr, "grognard: the battle could not be saved (%s); %s holds it as of the last "
		        "autosave that worked\n", autosaved.why, autosaved.path);
	else
		fprintf(stderr, "grognard: the battle could not be saved: %s\n", autosaved.why);
}

/* A saved battle by name or path; every problem goes to d (NULL: to the
 * standard error). */
static struct game *read_save(const char *name, bool start_only, struct diag *d)
{
	char path[PATH_MAX];
	struct diag own = { 0 };
	struct game *g = NULL;
	struct diag *to = d ? d : &own;
	if (!find_save(name, path, sizeof path) && paths_odd_kind(name))
		diag_add(to, "grognard", 0, "'%s' is %s, not a saved battle", name, paths_odd_kind(name));
	else if (!find_save(name, path, sizeof path))
		diag_add(to, "grognard", 0, "no saved battle '%s'", name);
	else
		g = start_only ? save_read_start(path, &hooks, to) : save_read(path, &hooks, to);
	diag_print(&own, stderr);
	diag_free(&own);
	return g;
}

/* ------------------------------------------------------------------ */
/* Options */

static void usage(FILE *out)
{
	fputs("Usage: grognard [OPTION]... [SCENARIO]\n"
	      "       grognard --random [--seed N] [--export-map NAME]\n"
	      "       grognard --load SAVE | --replay SAVE\n"
	      "       grognard --check FILE...\n"
	      "A Napoleonic corps-scale wargame (the Mini-Nap rules) for the terminal.\n"
	      "SCENARIO is a map file or the name of one in the data directory's maps/;\n"
	      "without one, the built-in default battle is fought.\n"
	      "\n"
	      "  -s, --seed N         fix the dice: the same seed and orders, the same battle\n"
	      "      --side A|B|both|none\n"
	      "                       which side(s) the keyboard plays (default A)\n"
	      "      --ai easy|normal|hard|naive\n"
	      "                       how the computer plays (default normal; naive: the\n"
	      "                       baseline that only advances, fires and charges)\n"
	      "  -b, --batch          no terminal: read commands from standard input\n"
	      "      --script FILE    batch mode reading commands from FILE\n"
	      "      --dice FILE      batch mode: the next throws take the pips in FILE\n"
	      "  -l, --load SAVE      continue a saved battle (a file, or a name in the saves)\n"
	      "      --replay SAVE    replay a saved battle from its seed and orders\n"
	      "  -c, --check FILE...  validate map, orbat, save and region files, then exit\n"
	      "      --random         a random battle on ground laid by the DBM procedure\n"
	      "      --region ID      its region (central, iberia, russia, lowlands, italy)\n"
	      "      --size division|corps\n"
	      "                       each side's force (default corps)\n"
	      "      --forces A[,B]   the sides' forces: a nationality or an orbat file\n"
	      "      --regions FILE   a region table of your own for random battles\n"
	      "      --export-map NAME\n"
	      "                       write the battle as NAME.cfg, NAME-A.cfg and NAME-B.cfg\n"
	      "                       (map and orbats, every throw fixed), then exit\n"
	      "      --mono           no colours (as does the NO_COLOR variable)\n"
	      "      --ascii          plain ASCII map glyphs even in a UTF-8 terminal\n"
	      "  -h, --help           show this help and exit\n"
	      "  -V, --version        show the version and exit\n"
	      "\n"
	      "Exit status: 0 success, 1 bad input, 2 wrong usage.\n"
	      "See grognard(6) for the game and grognard(5) for the file formats.\n",
	      out);
}

static int parse_seed(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	errno = 0;
	if (*s == '-' || *s == '\0')
		return -1;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		RANDOM_CLI_OPTIONS,
		{ "seed", required_argument, NULL, 's' },
		{ "side", required_argument, NULL, 'S' },
		{ "batch", no_argument, NULL, 'b' },
		{ "script", required_argument, NULL, 'f' },
		{ "dice", required_argument, NULL, 'D' },
		{ "load", required_argument, NULL, 'l' },
		{ "replay", required_argument, NULL, 'r' },
		{ "ai", required_argument, NULL, 'A' },
		{ "check", no_argument, NULL, 'c' },
		{ "mono", no_argument, NULL, 'm' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "s:bl:chV", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (parse_seed(optarg, &o->seed) < 0) {
				fprintf(stderr, "grognard: --seed wants a whole number from 0 to %llu, not '%s'\n",
				        (unsigned long long)UINT64_MAX, optarg);
				return EXIT_USAGE;
			}
			o->seed_given = true;
			break;
		case 'S':
			if (!save_word_ok(save_players_words, optarg)) {
				fprintf(stderr, "grognard: --side wants A, B, both or none, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			o->side = optarg;
			break;
		case 'b':
			o->batch = true;
			break;
		case 'f':
			o->batch = true;
			o->script = optarg;
			break;
		case 'D':
			o->dice = optarg;
			break;
		case 'l':
			o->load = optarg;
			break;
		case 'r':
			o->replay = optarg;
			break;
		case 'A':
			if (!save_word_ok(save_ai_words, optarg)) {
				fprintf(stderr, "grognard: --ai takes naive, easy, normal or hard, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			o->ai = optarg;
			break;
		case 'c':
			o->check = true;
			break;
		case 'm':
			o->mono = true;
			break;
		case 'a':
			o->ascii = true;
			break;
		case 'h':
			usage(stdout);
			exit(EXIT_OK);
		case 'V':
			printf("grognard %s\n"
			       "License GPL-3.0-or-later: GNU GPL version 3 or later\n"
			       "<https://gnu.org/licenses/gpl.html>.\n"
			       "This is free software: you are free to change and redistribute it.\n"
			       "There is NO WARRANTY, to the extent permitted by law.\n",
			       PACKAGE_VERSION);
			exit(EXIT_OK);
		default: {
			int r = random_cli_option(&o->rnd, c, optarg);
			if (r == 0)
				break;
			if (r > 0)
				fputs("Try 'grognard --help'.\n", stderr);
			return EXIT_USAGE;
		}
		}
	}
	if (o->check) {
		if (optind >= argc) {
			fputs("grognard: --check needs at least one file\n", stderr);
			return EXIT_USAGE;
		}
		return -1;
	}
	if (argc - optind > 1) {
		fprintf(stderr, "grognard: one scenario at a time ('%s' is extra)\n", argv[optind + 1]);
		return EXIT_USAGE;
	}
	if (optind < argc)
		o->scenario = argv[optind];
	if (o->dice && !o->batch) {
		fputs("grognard: --dice scripts the dice of batch mode (tests): add --batch\n", stderr);
		return EXIT_USAGE;
	}
	if ((o->load || o->replay) && (o->scenario || (o->load && o->replay))) {
		fputs("grognard: --load and --replay take the battle from the save: give no scenario\n", stderr);
		return EXIT_USAGE;
	}
	if (o->rnd.chosen && !o->rnd.random) {
		fputs("grognard: --region, --size, --forces and --regions choose a random battle: add --random\n",
		      stderr);
		return EXIT_USAGE;
	}
	if (o->rnd.random && (o->scenario || o->load || o->replay)) {
		fputs("grognard: --random makes its own battle: give no scenario, --load or --replay\n", stderr);
		return EXIT_USAGE;
	}
	if (o->rnd.export_map && o->replay) {
		fputs("grognard: --export-map writes a battle as it begins: not with --replay\n", stderr);
		return EXIT_USAGE;
	}
	return -1;
}

/* ------------------------------------------------------------------ */

static bool is_save(const char *path)
{
	FILE *f = paths_odd_kind(path) ? NULL : fopen(path, "r");
	char line[256];
	bool yes = false;
	if (!f)
		return false;
	for (int i = 0; i < 5 && fgets(line, sizeof line, f); i++)
		if (strncmp(line, "grognard_save", 13) == 0)
			yes = true;
	fclose(f);
	return yes;
}

static int run_check(int n, char **files)
{
	int status = EXIT_OK;
	for (int i = 0; i < n; i++) {
		struct diag d = { 0 };
		enum load_kind kind;
		if (is_save(files[i])) {
			struct game *g = save_read(files[i], &hooks, &d);
			if (g)
				printf("%s: ok (saved battle)\n", files[i]);
			else
				status = EXIT_BAD_INPUT;
			game_free(g);
		} else if (load_check(files[i], &d, &kind)) {
			printf("%s: ok (%s)\n", files[i],
			       kind == LK_MAP ? "map" : kind == LK_ORBAT ? "orbat" : "region table");
		} else {
			status = EXIT_BAD_INPUT;
		}
		diag_print(&d, stderr);
		diag_free(&d);
	}
	return status;
}

static struct game *open_battle(const struct options *o)
{
	struct diag d = { 0 };
	struct game *g;
	char path[PATH_MAX];

	if (o->load)
		return read_save(o->load, false, NULL);
	if (o->rnd.random) {
		char name[GAME_PATH_LEN], why[300];
		if (random_name(&o->rnd.ro, o->seed, name, sizeof name, why, sizeof why) < 0) {
			fprintf(stderr, "grognard: %s\n", why);
			return NULL;
		}
		g = random_open(name, o->seed, &d);
	} else if (!o->scenario) {
		g = load_scenario_text(default_battle_cfg, BUILTIN_NAME, o->seed, &d);
	} else if (!paths_find_scenario(o->scenario, path, sizeof path)) {
		if (paths_last_odd())
			fprintf(stderr, "grognard: scenario '%s' is %s, not a file\n", paths_last_odd(),
			        paths_odd_kind(paths_last_odd()));
		else
			fprintf(stderr, "grognard: no scenario '%s' (not a file, and not in %s/maps)\n",
			        o->scenario, paths_datadir());
		return NULL;
	} else {
		g = load_scenario_file(path, o->seed, &d);
	}
	diag_print(&d, stderr);
	diag_free(&d);
	return g;
}

/* One log line of batch output, one line whatever the names hold. */
static void put_log(FILE *out, const char *text)
{
	fputs("log: ", out);
	cmd_put_text(out, text, false);
	fputc('\n', out);
}

static void print_log_line(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	if (ev->kind == EV_LOG || ev->kind == EV_DICE)
		put_log(ctx, ev->text);
}

static void print_report(const struct game *g)
{
	char **lines;
	int n = victory_report(g, &lines);
	for (int i = 0; i < n; i++) {
		printf("report: %s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

/* Who plays a battle: the command line's choice, else the one the battle
 * was saved with, else the keyboard plays A against the computer at its
 * normal level.  The battle keeps it for its saves. */
static void settle_players(struct options *o, struct game *g)
{
	if (!o->side)
		o->side = g->players[0] ? g->players : "A";
	if (!o->ai && g->ai[0])
		o->ai = g->ai;
	if (o->side != g->players)
		snprintf(g->players, sizeof g->players, "%s", o->side);
	if (o->ai != g->ai)
		snprintf(g->ai, sizeof g->ai, "%s", o->ai ? o->ai : "normal");
}

/* Which sides the keyboard (or, in batch mode, the script) plays. */
static bool plays(const struct options *o, enum side side)
{
	return strcmp(o->side, "both") == 0 || strcmp(o->side, side_names[side].key) == 0;
}

static int run_batch(struct game *g, const struct options *o)
{
	FILE *in = stdin;
	struct script sc;
	struct computer ai;
	struct loud loud = { .ctl = { .ctx = &loud, .order = loud_order, .refused = loud_refused,
	                              .decide = loud_decide } };
	struct controller *ctl[SIDE_COUNT], *cpu;
	enum step_result r;
	int status;

	if (o->script && !(in = fopen(o->script, "r"))) {
		fprintf(stderr, "grognard: cannot read script '%s': %s\n", o->script, strerror(errno));
		return EXIT_BAD_INPUT;
	}
	if (o->dice) {
		FILE *df = fopen(o->dice, "r");
		char why[MSG_LEN];
		int bad = !df ? (snprintf(why, sizeof why, "cannot read '%s': %s", o->dice, strerror(errno)), -1)
		              : cmd_read_dice(g, df, o->dice, why, sizeof why);
		if (df)
			fclose(df);
		if (bad < 0) {
			fprintf(stderr, "grognard: %s\n", why);
			if (in != stdin)
				fclose(in);
			return EXIT_BAD_INPUT;
		}
	}
	script_init(&sc, g, in, o->script ? o->script : "stdin", stdout, stderr);
	sc.ctx.save = save_named;
	sc.ctx.export_log = export_named;
	sc.ctx.export_map = export_map_named;
	if (!(cpu = computer_start(&ai, g, o->ai))) {
		fputs("grognard: out of memory\n", stderr);
		script_free(&sc);
		return EXIT_BAD_INPUT;
	}
	loud.inner = cpu;
	for (int s = 0; s < SIDE_COUNT; s++)
		ctl[s] = plays(o, (enum side)s) ? &sc.ctl : &loud.ctl;
	for (int i = 0; i < g->nlog; i++)
		put_log(stdout, g->log[i].text);
	event_listen(g, print_log_line, stdout);

	/* A weather thrown again is agreed before the battle begins. */
	if (g->phase == PHASE_SETUP && (plays(o, SIDE_A) || plays(o, SIDE_B)))
		script_setup(&sc);
	r = game_run(g, ctl);
	/* After the battle, the report; the script may still look (dump). */
	if (r == STEP_OVER) {
		print_report(g);
		while (!sc.ctx.quit && script_next_line(&sc)) {
			if (cmd_execute(&sc.ctx, sc.line) == CMD_ORDER) {
				char buf[256];
				printf("refused: %s: the battle is over\n",
				       cmd_format_order(g, &sc.ctx.order, buf, sizeof buf));
			}
		}
	}
	fflush(stdout);
	status = sc.ctx.errors ? EXIT_BAD_INPUT : EXIT_OK;
	script_free(&sc);
	computer_free(&ai);
	if (in != stdin)
		fclose(in);
	return status;
}

/* ------------------------------------------------------------------ */
/* The terminal */

/* A terminal that cannot show the battlefield is said so by name, in our
 * words, before curses starts. */
static bool terminal_usable(void)
{
	char why[MSG_LEN];
	if (ui_terminal_usable(why, sizeof why))
		return true;
	fprintf(stderr, "grognard: %s\n", why);
	return false;
}

/* ------------------------------------------------------------------ */
/* Replays: the battle again from its seed, every order as it was given. */

struct replay {
	struct controller ctl;
	struct order *history; /* a copy of the saved battle's, played back */
	int n, pos;
};

/* Scripted dice in the history are queued again where they were given. */
static void replay_dice(struct replay *r, struct game *g)
{
	while (r->pos < r->n && r->history[r->pos].kind == ORD_DICE) {
		const char *t = r->history[r->pos++].text;
		int pips[ORDER_TEXT_LEN], n = 0;
		char why[MSG_LEN];
		while (t[n] && n < ORDER_TEXT_LEN)
			pips[n] = t[n] - '0', n++;
		game_script_dice(g, pips, n, why, sizeof why);
	}
}

/* Before the battle begins: a weather thrown again leads the history,
 * after any scripted dice given for it (--dice); those are queued, and the
 * weather thrown again, before the first Turn.  (Other scripted dice at
 * the head of the history wait for the first order, as they always did.) */
/* What came before Turn 1: pips scripted with --dice or the first
 * commands (the set-up step throws for Turn 1's initiative before any
 * order is asked), and a re-throw of the weather, in their order. */
static void replay_setup(struct replay *r, struct game *g)
{
	char why[MSG_LEN];
	for (;;) {
		replay_dice(r, g);
		if (r->pos >= r->n || r->history[r->pos].kind != ORD_REWEATHER)
			return;
		r->pos++;
		weather_rethrow(g, why, sizeof why);
	}
}

static int replay_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct replay *r = c->ctx;
	(void)side;
	replay_dice(r, g);
	if (r->pos >= r->n || r->history[r->pos].kind == ORD_ANSWER)
		return -1;
	*o = r->history[r->pos++];
	return 0;
}

static int replay_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct replay *r = c->ctx;
	const struct order *a;
	replay_dice(r, g);
	if (r->pos >= r->n || r->history[r->pos].kind != ORD_ANSWER)
		return -1;
	a = &r->history[r->pos++];
	for (int i = 0; i < d->nopts; i++)
		if (strcmp(d->opt[i].key, a->word) == 0) {
			d->choice = i;
			d->value = a->a;
			return 0;
		}
	return -1;
}

/* The replay's frames: the start, the start of each initiative, the end
 * (as the save left it); the log's length and the initiative at each. */
struct frames {
	struct snapshot *at;
	int *nlog, *init;
	int n;
};

static void frame_add(struct frames *f, const struct game *g)
{
	struct snapshot *at = realloc(f->at, (size_t)(f->n + 1) * sizeof *at);
	int *nl = at ? realloc(f->nlog, (size_t)(f->n + 1) * sizeof *nl) : NULL;
	int *in = nl ? realloc(f->init, (size_t)(f->n + 1) * sizeof *in) : NULL;
	if (at)
		f->at = at;
	if (nl)
		f->nlog = nl;
	if (in)
		f->init = in;
	if (in && game_snapshot(g, &f->at[f->n]) == 0) {
		f->nlog[f->n] = g->nlog;
		f->init[f->n] = g->initiatives;
		f->n++;
	}
}

static void frames_free(struct frames *f)
{
	for (int i = 0; i < f->n; i++)
		snapshot_free(&f->at[i]);
	free(f->at);
	free(f->nlog);
	free(f->init);
}

static char *dump_text(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	cmd_dump(g, f);
	fclose(f);
	return buf;
}

/* The replay must come out where the save left off: the same whole dump
 * and the same log.  Says where they part, and returns false, if not. */
static bool replay_matches(const struct game *g, const struct game *saved)
{
	char *a = dump_text(g), *b = dump_text(saved);
	bool same = a && b && strcmp(a, b) == 0;
	if (a && b && !same) {
		char *p = a, *q = b;
		while (*p && *p == *q)
			p++, q++;
		while (p > a && p[-1] != '\n')
			p--, q--;
		fprintf(stderr, "grognard: the replay differs from the save (a changed program or scenario):\n"
		        "  replay: %.*s\n  save:   %.*s\n", (int)strcspn(p, "\n"), p, (int)strcspn(q, "\n"), q);
	}
	for (int i = 0; same && i < g->nlog && i < saved->nlog; i++)
		if (strcmp(g->log[i].text, saved->log[i].text) != 0) {
			fprintf(stderr, "grognard: the replay differs from the save at log line %d:\n  replay: %s\n"
			        "  save:   %s\n", i + 1, g->log[i].text, saved->log[i].text);
			same = false;
		}
	if (same && g->nlog != saved->nlog) {
		fprintf(stderr, "grognard: the replay differs from the save (%d log lines against %d)\n", g->nlog,
		        saved->nlog);
		same = false;
	}
	free(a);
	free(b);
	return same;
}

static void frame_label(const struct frames *f, int k, const struct game *g, char *buf, size_t size)
{
	if (k == 0)
		snprintf(buf, size, "the start");
	else if (k == f->n - 1)
		snprintf(buf, size, "the end, Turn %d", g->turn);
	else
		snprintf(buf, size, "initiative %d of %d, Turn %d, %s", f->init[k], f->init[f->n - 1], g->turn,
		         g->side[g->initiative].name);
}

/* Stepping through a replay in batch mode: commands on the input. */
static int replay_steps(struct game *g, const struct frames *f, FILE *in, const char *source)
{
	char *line = NULL, label[160], word[16];
	size_t cap = 0;
	int k = f->n - 1, lineno = 0, errors = 0;
	while (getline(&line, &cap, in) != -1) {
		int n = 0, to = k, got;
		lineno++;
		got = sscanf(line, "%15s %d", word, &n);
		if (got < 1 || word[0] == '#')
			continue;
		if (strcmp(word, "quit") == 0)
			break;
		if (strcmp(word, "next") == 0)
			to = k + 1;
		else if (strcmp(word, "prev") == 0)
			to = k - 1;
		else if (strcmp(word, "first") == 0)
			to = 0;
		else if (strcmp(word, "last") == 0)
			to = f->n - 1;
		else if (strcmp(word, "goto") == 0 && got == 2)
			to = n;
		else if (strcmp(word, "dump") == 0) {
			cmd_dump(g, stdout);
			continue;
		} else if (strcmp(word, "log") == 0) {
			int end = k + 1 < f->n ? f->nlog[k + 1] : g->nlog;
			for (int i = f->nlog[k]; i < end; i++)
				printf("log: %s\n", g->log[i].text);
			continue;
		} else {
			fflush(stdout);
			fprintf(stderr, "%s:%d: a replay takes next, prev, first, last, goto N (0 to %d), dump, log "
			        "or quit\n", source, lineno, f->n - 1);
			errors++;
			continue;
		}
		if (to < 0 || to >= f->n) {
			fflush(stdout);
			fprintf(stderr, "%s:%d: no frame %d: they go from 0 (the start) to %d (the end)\n", source,
			        lineno, to, f->n - 1);
			errors++;
			continue;
		}
		k = to;
		game_restore_view(g, &f->at[k]);
		frame_label(f, k, g, label, sizeof label);
		printf("frame %d: %s\n", k, label);
	}
	free(line);
	return errors;
}

static int run_replay(const struct options *o)
{
	struct game *g = read_save(o->replay, true, NULL), *saved;
	struct replay rp = { .ctl = { .order = replay_order, .decide = replay_decide } };
	struct controller *ctl[SIDE_COUNT] = { &rp.ctl, &rp.ctl };
	struct frames f = { 0 };
	int status = EXIT_OK;
	enum step_result r;

	if (!g)
		return EXIT_BAD_INPUT;
	/* The history is the battle's; the replay records a new one. */
	rp.ctl.ctx = &rp;
	rp.n = g->nhistory;
	rp.history = malloc(((size_t)rp.n + 1) * sizeof *rp.history);
	if (!rp.history) {
		game_free(g);
		return EXIT_BAD_INPUT;
	}
	memcpy(rp.history, g->history, (size_t)rp.n * sizeof *rp.history);
	g->nhistory = 0;
	if (o->batch) {
		for (int i = 0; i < g->nlog; i++)
			put_log(stdout, g->log[i].text);
		event_listen(g, print_log_line, stdout);
	}
	replay_setup(&rp, g);
	/* A frame at the start, one as each initiative begins, one at the end. */
	frame_add(&f, g);
	do {
		int before = g->initiatives;
		r = game_step(g, ctl);
		if (g->initiatives != before)
			frame_add(&f, g);
	} while (r == STEP_OK);
	frame_add(&f, g);
	if (o->batch)
		event_unlisten(g, print_log_line, stdout);
	saved = read_save(o->replay, false, NULL);
	if (!saved || !replay_matches(g, saved))
		status = EXIT_BAD_INPUT;
	if (o->batch) {
		FILE *in = stdin;
		printf("replay: %d orders and answers, %d initiatives, %d log lines; frames 0 (the start) to %d (the "
		       "end)\n", rp.pos, g->initiatives, g->nlog, f.n - 1);
		print_report(g);
		fflush(stdout);
		if (o->script && !(in = fopen(o->script, "r"))) {
			fprintf(stderr, "grognard: cannot read script '%s': %s\n", o->script, strerror(errno));
			status = EXIT_BAD_INPUT;
		} else if (replay_steps(g, &f, in, o->script ? o->script : "stdin") > 0) {
			status = EXIT_BAD_INPUT;
		}
		if (in && in != stdin)
			fclose(in);
	} else if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		struct ui_options opts;
		struct diag d = { 0 };
		struct ui *ui = NULL;
		struct ui_hooks uh = { .export_log = export_named, .hangup = &got_hangup,
		                       .interrupt = &got_interrupt };
		options_default(&opts, &ui_keymap);
		options_load(&opts, NULL, &d);
		if (o->ascii)
			opts.ascii = true;
		if (!terminal_usable() || !(ui = ui_open(g, &opts, o->mono))) {
			status = EXIT_BAD_INPUT;
		} else {
			ui_set_hooks(ui, &uh);
			ui_options_errors(ui, (const char *const *)d.msg, d.n);
			ui_view_replay(ui, f.at, f.nlog, f.n);
			ui_close(ui);
		}
		diag_free(&d);
	}
	frames_free(&f);
	free(rp.history);
	game_free(saved);
	game_free(g);
	return status;
}

/* ------------------------------------------------------------------ */
/* The terminal game */

/* One of the saves listed deleted, asked by its number and confirmed. */
static void delete_save(struct ui *ui, const struct save_entry *e, const char *const *k,
                        const char *const *l, int n)
{
	char q[MSG_LEN], why[400];
	int c = ui_choose(ui, "Delete which saved battle?", k, l, n, "Esc: none");
	if (c < 0 || ui_hung_up(ui))
		return;
	snprintf(q, sizeof q, "Delete %s (%.79s, Turn %d) for good?", e[c].name, e[c].title, e[c].turn);
	if (!ui_ask(ui, q))
		return;
	if (save_remove(e[c].name, why, sizeof why)) {
		snprintf(why, sizeof why, "%s is deleted.", e[c].name);
		ui_message(ui, why);
	} else {
		ui_alert(ui, why);
	}
}

/* Started bare with battles waiting: offer them, newest first, or to
 * delete one.  A save that cannot be continued says why, and the list
 * comes again.  Returns the battle chosen (its save's name in name), or
 * NULL for a new one or when the terminal went away. */
#define OFFERED 15
static struct game *offer_saves(struct ui *ui, char *name, size_t size, uint64_t seed)
{
	struct save_entry e[OFFERED];
	char keys[OFFERED][12], titles[OFFERED][180];
	const char *k[OFFERED + 3], *l[OFFERED + 3];
	for (;;) {
		struct diag d = { 0 };
		struct game *g;
		char title[120];
		int n = save_list(e, OFFERED), choice;
		if (n == 0)
			return NULL;
		for (int i = 0; i < n; i++) {
			snprintf(keys[i], sizeof keys[i], "%d", i + 1);
			snprintf(titles[i], sizeof titles[i], "%.72s: %.79s, Turn %d", e[i].name, e[i].title,
			         e[i].turn);
			k[i] = keys[i];
			l[i] = titles[i];
		}
		k[n] = "n";
		l[n] = "a new battle";
		k[n + 1] = "r";
		l[n + 1] = "a random battle";
		k[n + 2] = "D";
		l[n + 2] = "delete one of these saved battles";
		choice = ui_choose(ui, "Continue a battle?", k, l, n + 3, "Esc: a new battle");
		if (ui_hung_up(ui))
			return NULL;
		if (choice == n + 2) {
			delete_save(ui, e, k, l, n);
			continue;
		}
		if (choice == n + 1) {
			/* Its region, size and forces asked (random-cli.c);
			 * given up, the list again. */
			if ((g = menu_random_battle(ui, seed)) || ui_hung_up(ui)) {
				name[0] = '\0';
				return g;
			}
			continue;
		}
		if (choice < 0 || choice >= n)
			return NULL;
		if ((g = read_save(e[choice].name, false, &d))) {
			diag_free(&d);
			snprintf(name, size, "%s", e[choice].name);
			return g;
		}
		snprintf(title, sizeof title, "The battle in %s cannot be continued (q: back to the list)",
		         e[choice].name);
		ui_show_text(ui, title, (const char *const *)d.msg, d.n);
		diag_free(&d);
	}
}

/* A continued battle says who plays it. */
static void tell_players(struct ui *ui, const struct game *g, const struct options *o)
{
	char text[300], cpu[40];
	snprintf(cpu, sizeof cpu, "the computer (%s)", o->ai ? o->ai : "normal");
	if (strcmp(o->side, "both") == 0)
		snprintf(text, sizeof text, "The battle goes on where it was left: you play both sides.");
	else if (strcmp(o->side, "none") == 0)
		snprintf(text, sizeof text, "The battle goes on where it was left: %s plays both sides.", cpu);
	else {
		int me = strcmp(o->side, "B") == 0 ? SIDE_B : SIDE_A;
		snprintf(text, sizeof text, "The battle goes on where it was left: you play the %s (%s), %s the %s.",
		         g->side[me].name, side_names[me].key, cpu, g->side[!me].name);
	}
	ui_message(ui, text);
}

static int run_terminal(struct game *g, struct options *o)
{
	struct ui_options opts;
	struct diag d = { 0 };
	struct ui *ui;
	struct human human;
	struct computer ai;
	struct controller *cpu;
	struct controller *ctl[SIDE_COUNT];
	struct ui_hooks uh = { .save = save_named, .export_log = export_named, .hangup = &got_hangup,
	                       .interrupt = &got_interrupt, .export_map = export_map_named };
	bool watch;
	enum step_result r;
	int last = -1;
	bool saved;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("grognard: not a terminal; use --batch to play without one\n", stderr);
		game_free(g);
		return EXIT_USAGE;
	}
	if (!terminal_usable()) {
		game_free(g);
		return EXIT_BAD_INPUT;
	}
	options_default(&opts, &ui_keymap);
	options_load(&opts, NULL, &d);
	if (o->ascii)
		opts.ascii = true;
	catch_signals();
	if (!(ui = ui_open(g, &opts, o->mono))) {
		fputs("grognard: cannot start the terminal\n", stderr);
		diag_free(&d);
		game_free(g);
		return EXIT_BAD_INPUT;
	}
	ui_set_hooks(ui, &uh);
	ui_options_errors(ui, (const char *const *)d.msg, d.n);
	diag_free(&d);

	/* Started bare with battles waiting: offer them first. */
	const char *loaded_from = o->load;
	char name[80];
	if (!o->scenario && !o->load && !o->rnd.random) {
		struct game *loaded = offer_saves(ui, name, sizeof name, o->seed);
		/* Gone while choosing: nothing has happened, nothing to save. */
		if (ui_hung_up(ui)) {
			ui_close(ui);
			game_free(loaded);
			game_free(g);
			return EXIT_OK;
		}
		if (loaded) {
			game_free(g);
			g = loaded;
			ui_close(ui);
			if (!(ui = ui_open(g, &opts, o->mono))) {
				game_free(g);
				return EXIT_BAD_INPUT;
			}
			ui_set_hooks(ui, &uh);
			loaded_from = name[0] ? name : NULL;
		}
	}
	autosave_as(loaded_from);
	settle_players(o, g);
	watch = strcmp(o->side, "none") == 0;
	if (loaded_from)
		tell_players(ui, g, o);

	human_init(&human, ui);
	if (!(cpu = computer_start(&ai, g, o->ai))) {
		ui_close(ui);
		fputs("grognard: out of memory\n", stderr);
		return EXIT_BAD_INPUT;
	}
	for (int s = 0; s < SIDE_COUNT; s++)
		ctl[s] = plays(o, (enum side)s) ? &human.ctl : ui_watch(ui, cpu, watch);
	ui_set_advisor(ui, cpu);
	if (!watch)
		ui_offer_rethrow(ui, g);
	/* Autosaves at the start and at every new initiative. */
	for (;;) {
		if (g->initiatives != last) {
			autosave(g, ui);
			last = g->initiatives;
		}
		r = game_step(g, ctl);
		if (r != STEP_OK)
			break;
	}
	saved = autosave(g, ui);
	if (r == STEP_OVER && !ui_hung_up(ui))
		ui_battle_over(ui);
	ui_close(ui);
	/* Quit or hung up: say what became of the battle (on a terminal that
	 * is gone this goes nowhere, harmlessly). */
	if (r == STEP_QUIT || !saved)
		say_saved();
	computer_free(&ai);
	game_free(g);
	return saved ? EXIT_OK : EXIT_BAD_INPUT;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct game *g;
	int status;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C"); /* dumps and files use '.' whatever the locale */
	/* A file grown past the size limit fails to write (and says so) rather
	 * than killing the game with its battle. */
	signal(SIGXFSZ, SIG_IGN);
	if ((status = parse_options(argc, argv, &o)) >= 0)
		return status;
	if (o.check)
		return run_check(argc - optind, argv + optind);
	if (o.replay)
		return run_replay(&o);
	if (!o.seed_given)
		o.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);

	if (!(g = open_battle(&o)))
		return EXIT_BAD_INPUT;
	if (o.rnd.export_map) {
		char why[600];
		status = export_map_named(g, o.rnd.export_map, why, sizeof why) < 0 ? EXIT_BAD_INPUT : EXIT_OK;
		fprintf(status ? stderr : stdout, "%s%s\n", status ? "grognard: " : "", why);
		game_free(g);
		return status;
	}
	if (o.batch) {
		settle_players(&o, g);
		status = run_batch(g, &o);
		game_free(g);
		return status;
	}
	return run_terminal(g, &o);
}
