/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main: the command line's options, checking files, the battle to fight,
 * and the batch loop; the terminal's loop is in terminal.c, replays in
 * replay.c, saving in autosave.c, the computer's side in computer.c. */
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
#include "io/battles.h"
#include "io/load-rules.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "main-int.h"
#include "random-cli.h"
#include "ui/ui.h"


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
	      "                       baseline that only advances, fires and charges);\n"
	      "                       A=LEVEL, B=LEVEL or A=LEVEL,B=LEVEL: each side its own\n"
	      "  -b, --batch          no terminal: read commands from standard input\n"
	      "      --script FILE    batch mode reading commands from FILE\n"
	      "      --dice FILE      batch mode: the next throws take the pips in FILE\n"
	      "  -l, --load SAVE      continue a saved battle (a file, or a name in the saves)\n"
	      "      --replay SAVE    replay a saved battle from its seed and orders\n"
	      "  -c, --check FILE...  validate map, orbat, rules, save and region files\n"
	      "      --list           the battles there are (year, nations, units a side,\n"
	      "                       title), one a line, then exit\n"
	      "      --rules FILE     play under these rules, whatever the scenario names: a\n"
	      "                       rules file, or a name in rules/ (e.g. mininap-15mm)\n"
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
		{ "list", no_argument, NULL, 'L' },
		{ "rules", required_argument, NULL, 'R' },
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
		case 'A': {
			int levels[SIDE_COUNT];
			if (!save_ai_levels(optarg, levels)) {
				fprintf(stderr, "grognard: --ai takes naive, easy, normal or hard, for both sides or "
				        "as A=LEVEL, B=LEVEL or A=LEVEL,B=LEVEL, not '%s'\n", optarg);
				return EXIT_USAGE;
			}
			o->ai = optarg;
			break;
		}
		case 'c':
			o->check = true;
			break;
		case 'L':
			o->list = true;
			break;
		case 'R':
			o->rules = optarg;
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
	if (o->list) {
		if (optind < argc) {
			fprintf(stderr, "grognard: --list takes no scenario ('%s')\n", argv[optind]);
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
			struct game *g = save_read(files[i], &program_save_hooks, &d);
			if (g)
				printf("%s: ok (saved battle)\n", files[i]);
			else
				status = EXIT_BAD_INPUT;
			game_free(g);
		} else if (load_check(files[i], &d, &kind)) {
			printf("%s: ok (%s)\n", files[i],
			       kind == LK_MAP ? "map" : kind == LK_ORBAT ? "orbat" : kind == LK_RULES ? "rules"
			                                                                    : "region table");
		} else {
			status = EXIT_BAD_INPUT;
		}
		diag_print(&d, stderr);
		diag_free(&d);
	}
	return status;
}

/* --list: every battle, one a line; a map that would not load is
 * left out, its problems said on stderr. */
static int run_list(void)
{
	struct battle_list l;
	struct diag d = { 0 };
	int status;
	if (!battles_list(&l, default_battle_cfg, BUILTIN_NAME, &d)) {
		fputs("grognard: out of memory\n", stderr);
		diag_free(&d);
		return EXIT_BAD_INPUT;
	}
	for (int i = 0; i < l.n; i++) {
		char line[600];
		battles_line(&l, i, true, line, sizeof line);
		puts(line);
	}
	diag_print(&d, stderr);
	status = l.failed ? EXIT_BAD_INPUT : EXIT_OK;
	diag_free(&d);
	battles_free(&l);
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
void put_log(FILE *out, const char *text)
{
	fputs("log: ", out);
	cmd_put_text(out, text, false);
	fputc('\n', out);
}

void print_log_line(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	if (ev->kind == EV_LOG || ev->kind == EV_DICE)
		put_log(ctx, ev->text);
}

void print_report(const struct game *g)
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
 * normal level.  A side's level that the command line does not name is
 * the saved one, else normal.  The battle keeps it for its saves, and
 * o->ai is then the battle's (save_ai_text's). */
void settle_players(struct options *o, struct game *g)
{
	int levels[SIDE_COUNT];
	levels[SIDE_A] = levels[SIDE_B] = AI_WORD_NORMAL;
	if (!o->side)
		o->side = g->players[0] ? g->players : "A";
	if (o->side != g->players)
		snprintf(g->players, sizeof g->players, "%s", o->side);
	if (g->ai[0])
		save_ai_levels(g->ai, levels);
	if (o->ai)
		save_ai_levels(o->ai, levels);
	save_ai_text(levels, g->ai, sizeof g->ai);
	o->ai = g->ai;
}

/* Which sides the keyboard (or, in batch mode, the script) plays. */
bool plays(const struct options *o, enum side side)
{
	return strcmp(o->side, "both") == 0 || strcmp(o->side, side_names[side].key) == 0;
}

static int run_batch(struct game *g, const struct options *o)
{
	FILE *in = stdin;
	struct script sc;
	struct computer ai;
	struct loud loud[SIDE_COUNT];
	struct controller *ctl[SIDE_COUNT];
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
	if (!computer_start(&ai, g, o->ai)) {
		fputs("grognard: out of memory\n", stderr);
		script_free(&sc);
		return EXIT_BAD_INPUT;
	}
	for (int s = 0; s < SIDE_COUNT; s++) {
		loud[s] = (struct loud){ .ctl = { .ctx = &loud[s], .order = loud_order, .refused = loud_refused,
		                                  .decide = loud_decide }, .inner = ai.ctl[s] };
		ctl[s] = plays(o, (enum side)s) ? &sc.ctl : &loud[s].ctl;
	}
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
	/* The game's own rules until a scenario names others; --rules, checked
	 * now, for every battle after. */
	if (!rules_use_builtin()) {
		fputs("grognard: the built-in rules do not load (a broken build)\n", stderr);
		return EXIT_BAD_INPUT;
	}
	if (o.rules) {
		struct diag d = { 0 };
		bool ok = rules_select(o.rules, NULL, &d);
		diag_print(&d, stderr);
		diag_free(&d);
		if (!ok)
			return EXIT_BAD_INPUT;
		rules_set_override(o.rules);
	}
	if (o.check)
		return run_check(argc - optind, argv + optind);
	if (o.list)
		return run_list();
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
