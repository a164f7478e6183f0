/* main: options, the battle to fight, and which loop runs it. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
#include "ui/ui.h"

extern const char default_battle_cfg[];

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

struct options {
	uint64_t seed;
	bool seed_given;
	const char *side;
	bool batch, check, mono, ascii;
	const char *script;
	const char *scenario;
};

static void usage(FILE *out)
{
	fputs("Usage: grognard [OPTION]... [SCENARIO]\n"
	      "       grognard --check FILE...\n"
	      "A Napoleonic corps-scale wargame (the Mini-Nap rules) for the terminal.\n"
	      "SCENARIO is a map file or the name of one in the data directory's maps/;\n"
	      "without one, the built-in default battle is fought.\n"
	      "\n"
	      "  -s, --seed N         fix the dice: the same seed and orders give the same battle\n"
	      "      --side A|B|both|none\n"
	      "                       which side(s) the keyboard plays (default A)\n"
	      "  -b, --batch          no terminal: read commands from standard input\n"
	      "      --script FILE    batch mode reading commands from FILE\n"
	      "  -c, --check FILE...  validate map and orbat files, then exit\n"
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
		{ "seed", required_argument, NULL, 's' },
		{ "side", required_argument, NULL, 'S' },
		{ "batch", no_argument, NULL, 'b' },
		{ "script", required_argument, NULL, 'f' },
		{ "check", no_argument, NULL, 'c' },
		{ "mono", no_argument, NULL, 'm' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "s:bchV", longopts, NULL)) != -1) {
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
			if (strcmp(optarg, "A") && strcmp(optarg, "B") && strcmp(optarg, "both") &&
			    strcmp(optarg, "none")) {
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
			printf("grognard %s\n", PACKAGE_VERSION);
			exit(EXIT_OK);
		default:
			fputs("Try 'grognard --help'.\n", stderr);
			return EXIT_USAGE;
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
	return -1;
}

static int run_check(int n, char **files)
{
	int status = EXIT_OK;
	for (int i = 0; i < n; i++) {
		struct diag d = { 0 };
		enum load_kind kind;
		if (load_check(files[i], &d, &kind)) {
			printf("%s: ok (%s)\n", files[i], kind == LK_MAP ? "map" : "orbat");
		} else {
			diag_print(&d, stderr);
			status = EXIT_BAD_INPUT;
		}
		diag_free(&d);
	}
	return status;
}

static struct game *open_battle(const struct options *o)
{
	struct diag d = { 0 };
	struct game *g;
	char path[PATH_MAX];

	if (!o->scenario) {
		g = load_scenario_text(default_battle_cfg, "(built-in default battle)", o->seed, &d);
	} else if (!paths_find_scenario(o->scenario, path, sizeof path)) {
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

static void print_log_line(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	if (ev->kind == EV_LOG || ev->kind == EV_DICE)
		fprintf((FILE *)ctx, "log: %s\n", ev->text);
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
	struct naive_ai ai;
	struct controller *ctl[SIDE_COUNT];
	enum step_result r;
	int status;

	if (o->script && !(in = fopen(o->script, "r"))) {
		fprintf(stderr, "grognard: cannot read script '%s': %s\n", o->script, strerror(errno));
		return EXIT_BAD_INPUT;
	}
	script_init(&sc, g, in, o->script ? o->script : "stdin", stdout, stderr);
	naive_init(&ai, g);
	for (int s = 0; s < SIDE_COUNT; s++)
		ctl[s] = plays(o, (enum side)s) ? &sc.ctl : &ai.ctl;
	for (int i = 0; i < g->nlog; i++)
		printf("log: %s\n", g->log[i].text);
	event_listen(g, print_log_line, stdout);

	r = game_run(g, ctl);
	/* After the battle, the report; the script may still look (dump). */
	if (r == STEP_OVER) {
		char **lines;
		int n = victory_report(g, &lines);
		for (int i = 0; i < n; i++) {
			printf("report: %s\n", lines[i]);
			free(lines[i]);
		}
		free(lines);
		while (!sc.ctx.quit && getline(&sc.line, &sc.cap, in) != -1) {
			sc.ctx.line++;
			if (cmd_execute(&sc.ctx, sc.line) == CMD_ORDER)
				printf("refused: the battle is over\n");
		}
	}
	fflush(stdout);
	status = sc.ctx.errors ? EXIT_BAD_INPUT : EXIT_OK;
	script_free(&sc);
	naive_free(&ai);
	if (in != stdin)
		fclose(in);
	return status;
}

static int run_terminal(struct game *g, const struct options *o)
{
	struct ui_options opts;
	struct diag d = { 0 };
	struct ui *ui;
	struct human human;
	struct naive_ai ai;
	struct controller *ctl[SIDE_COUNT];
	bool watch = strcmp(o->side, "none") == 0;
	enum step_result r;

	options_default(&opts);
	if (!options_load(&opts, NULL, &d)) {
		diag_print(&d, stderr);
		diag_free(&d);
		return EXIT_BAD_INPUT;
	}
	diag_free(&d);
	if (o->ascii)
		opts.ascii = true;
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("grognard: not a terminal; use --batch to play without one\n", stderr);
		return EXIT_USAGE;
	}
	if (!(ui = ui_open(g, &opts, o->mono))) {
		fputs("grognard: cannot start the terminal (is TERM set?)\n", stderr);
		return EXIT_BAD_INPUT;
	}
	human_init(&human, ui);
	naive_init(&ai, g);
	for (int s = 0; s < SIDE_COUNT; s++)
		ctl[s] = plays(o, (enum side)s) ? &human.ctl : ui_watch(ui, &ai.ctl, watch);
	ui_set_advisor(ui, &ai.ctl);
	r = game_run(g, ctl);
	if (r == STEP_OVER)
		ui_battle_over(ui);
	ui_close(ui);
	naive_free(&ai);
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct options o = { .side = "A" };
	struct game *g;
	int status;

	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C"); /* dumps and files use '.' whatever the locale */
	if ((status = parse_options(argc, argv, &o)) >= 0)
		return status;
	if (o.check)
		return run_check(argc - optind, argv + optind);
	if (!o.seed_given)
		o.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);

	if (!(g = open_battle(&o)))
		return EXIT_BAD_INPUT;
	if (o.batch)
		status = run_batch(g, &o);
	else
		status = run_terminal(g, &o);
	game_free(g);
	return status;
}
