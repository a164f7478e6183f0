/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd: the command language's commands that are not orders (dump, help,
 * save ...), reading a line into words, and carrying out a line. */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-int.h"
#include "engine/game.h"
#include "engine/odds-order.h"
#include "engine/orbat.h"
#include "engine/rules-keys.h"
#include "engine/victory.h"
#include "engine/weather.h"

int cmd_split(const char *line, char *buf, size_t size, char **words, int max)
{
	size_t o = 0;
	int n = 0;
	const char *p = line;

	while (*p && n < max && o + 1 < size) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			break;
		words[n++] = buf + o;
		if (*p == '"') {
			for (p++; *p && *p != '"' && o + 1 < size; p++) {
				if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
					p++;
				buf[o++] = *p;
			}
			if (*p == '"')
				p++;
		} else {
			while (*p && !isspace((unsigned char)*p) && o + 1 < size)
				buf[o++] = *p++;
		}
		buf[o++] = '\0';
	}
	return n;
}

static int do_dump(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)argc, (void)argv;
	cmd_dump(ctx->g, ctx->out);
	return 0;
}

void cmd_error_at(struct cmd_ctx *ctx, const char *fmt, ...)
{
	va_list ap;
	fprintf(ctx->err, "%s:%d: ", ctx->source ? ctx->source : "command", ctx->line);
	va_start(ap, fmt);
	vfprintf(ctx->err, fmt, ap);
	va_end(ap);
	fputc('\n', ctx->err);
	ctx->errors++;
}

static int do_help(struct cmd_ctx *ctx, int argc, char **argv)
{
	if (cmd_help(ctx->out, argc > 1 ? argv[1] : NULL))
		return 0;
	cmd_error_at(ctx, "help: no command '%s' ('help' lists them)", argv[1]);
	return 1;
}

static int do_report(struct cmd_ctx *ctx, int argc, char **argv)
{
	char **lines;
	int n = victory_report(ctx->g, &lines);
	(void)argc, (void)argv;
	for (int i = 0; i < n; i++) {
		fprintf(ctx->out, "%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
	return 0;
}

static int do_save(struct cmd_ctx *ctx, int argc, char **argv)
{
	char why[MSG_LEN];
	int (*fn)(struct game *, const char *, char *, size_t) =
		strcmp(argv[0], "save") == 0 ? ctx->save : strcmp(argv[0], "export") == 0 ? ctx->export_log
		                                                                         : ctx->export_map;
	(void)argc;
	if (!fn) {
		fprintf(ctx->err, "%s:%d: %s is not available here\n", ctx->source ? ctx->source : "command",
		        ctx->line, argv[0]);
		ctx->errors++;
		return 1;
	}
	if (fn(ctx->g, argv[1], why, sizeof why) < 0) {
		fprintf(ctx->err, "%s:%d: %s\n", ctx->source ? ctx->source : "command", ctx->line, why);
		ctx->errors++;
		return 1;
	}
	fprintf(ctx->out, "%s\n", why);
	return 0;
}

/* Scripted dice: batch mode only, so a player never chooses a throw. */
static int do_dice(struct cmd_ctx *ctx, int argc, char **argv)
{
	int pips[MAX_WORDS];
	char why[MSG_LEN];
	if (!ctx->batch) {
		cmd_error_at(ctx, "dice: scripted dice are for batch mode (scripts and tests), not for play");
		return 1;
	}
	for (int i = 1; i < argc; i++)
		if ((pips[i - 1] = cmd_pip_of(argv[i])) < 0) {
			cmd_error_at(ctx, "dice: a die shows 1 to 6 pips, not '%s'", argv[i]);
			return 1;
		}
	if (game_script_dice(ctx->g, pips, argc - 1, why, sizeof why) < 0) {
		cmd_error_at(ctx, "dice: %s", why);
		return 1;
	}
	return 0;
}

int cmd_read_dice(struct game *g, FILE *in, const char *path, char *why, size_t size)
{
	int c, line = 1, n = 0, cap = 0, *pips = NULL, status = 0;
	char word[16];
	size_t len = 0;
	for (;;) {
		c = getc(in);
		if (c != EOF && !isspace(c)) {
			if (len + 1 < sizeof word)
				word[len++] = (char)c;
			else
				word[len] = '\0', len = sizeof word; /* too long: never a pip */
			continue;
		}
		if (len) {
			int pip;
			word[len < sizeof word ? len : sizeof word - 1] = '\0';
			if (len >= sizeof word || (pip = cmd_pip_of(word)) < 0) {
				snprintf(why, size, "%s:%d: a die shows 1 to 6 pips, not '%s%s'", path, line, word,
				         len >= sizeof word ? "..." : "");
				status = -1;
				break;
			}
			if (n == cap) {
				int *p = realloc(pips, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *p);
				if (!p) {
					snprintf(why, size, "%s: out of memory", path);
					status = -1;
					break;
				}
				pips = p;
			}
			pips[n++] = pip;
			len = 0;
		}
		if (c == '\n')
			line++;
		if (c == EOF)
			break;
	}
	if (status == 0 && n == 0) {
		snprintf(why, size, "%s: no pips in the file (give numbers 1 to 6, separated by white space)", path);
		status = -1;
	}
	if (status == 0 && game_script_dice(g, pips, n, why, size) < 0)
		status = -1;
	free(pips);
	return status;
}

/* The weather thrown again, before the battle begins (the players agree:
 * whoever gives the command speaks for them).  A refusal is reported as
 * the engine's refusals are, not as a bad command. */
static int do_rethrow(struct cmd_ctx *ctx, int argc, char **argv)
{
	char why[MSG_LEN];
	(void)argc;
	if (weather_rethrow(ctx->g, why, sizeof why) < 0) {
		fprintf(ctx->out, "refused: %s: %s\n", argv[0], why);
		ctx->refusals++;
	}
	return 0;
}

/* A side named by a word (A or B), or -1 with an error. */
static int side_arg(struct cmd_ctx *ctx, const char *cmd, const char *w)
{
	int s = ENUM_LOOKUP(side_names, w);
	if (s < 0)
		cmd_error_at(ctx, "%s: '%s' is not a side (A or B)", cmd, w);
	return s;
}

/* The side a command looks from when none is named: the one with the
 * initiative, else A. */
static int default_side(const struct game *g)
{
	return g->initiative >= 0 ? g->initiative : SIDE_A;
}

static void print_lines(struct cmd_ctx *ctx, struct cmd_lines *l)
{
	for (int i = 0; i < l->n; i++) {
		cmd_put_text(ctx->out, l->line[i], false);
		fputc('\n', ctx->out);
	}
	cmd_lines_free(l);
}

static int do_roster(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_lines l = { 0 };
	int side = argc > 1 ? side_arg(ctx, argv[0], argv[1]) : default_side(ctx->g), viewer;
	if (side < 0)
		return 1;
	viewer = argc > 2 ? side_arg(ctx, argv[0], argv[2]) : side;
	if (viewer < 0)
		return 1;
	cmd_roster(ctx->g, side, viewer, &l);
	print_lines(ctx, &l);
	return 0;
}

static int do_describe(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_lines l = { 0 };
	struct vec2 p;
	int viewer, u = orbat_find_unit(ctx->g, argv[1]);
	char *end;
	if (u >= 0) {
		if (ctx->g->units[u].state != US_ACTIVE) {
			cmd_error_at(ctx, "describe: %s is not on the table", argv[1]);
			return 1;
		}
		p = ctx->g->units[u].pos;
		viewer = argc > 2 ? side_arg(ctx, argv[0], argv[2]) : (int)ctx->g->units[u].side;
	} else {
		if (argc < 3) {
			cmd_error_at(ctx, "describe: no unit '%s' (give a unit's id, or X Y in cm)", argv[1]);
			return 1;
		}
		p.x = strtod(argv[1], &end);
		if (end == argv[1] || *end) {
			cmd_error_at(ctx, "describe: no unit '%s' (give a unit's id, or X Y in cm)", argv[1]);
			return 1;
		}
		p.y = strtod(argv[2], &end);
		if (end == argv[2] || *end) {
			cmd_error_at(ctx, "describe: Y must be a number, not '%s'", argv[2]);
			return 1;
		}
		viewer = argc > 3 ? side_arg(ctx, argv[0], argv[3]) : default_side(ctx->g);
	}
	if (viewer < 0)
		return 1;
	cmd_describe(ctx->g, viewer, p, &l);
	print_lines(ctx, &l);
	return 0;
}

/* preview charge|fire|fight UNIT TARGET, or the waiting decision's odds:
 * nothing in the game changes. */
static int do_preview(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct game *g = ctx->g;
	struct cmd_lines l = { 0 };
	char why[MSG_LEN];
	int u, t;
	if (argc == 1) {
		struct odds_choice o;
		if (!ctx->deciding) {
			cmd_error_at(ctx, "preview: no decision is waiting (preview charge|fire|fight UNIT TARGET)");
			return 1;
		}
		odds_decision(g, ctx->deciding, &o);
		cmd_odds_choice(g, ctx->deciding, &o, &l);
	} else {
		if (argc != 4 || (strcmp(argv[1], "charge") && strcmp(argv[1], "fire") && strcmp(argv[1], "fight"))) {
			cmd_error_at(ctx, "usage: preview [charge|fire|fight UNIT TARGET]");
			return 1;
		}
		if ((u = orbat_find_unit(g, argv[2])) < 0 || (t = orbat_find_unit(g, argv[3])) < 0) {
			cmd_error_at(ctx, "preview: no unit '%s'", argv[orbat_find_unit(g, argv[2]) < 0 ? 2 : 3]);
			return 1;
		}
		if (argv[1][1] == 'h') {
			struct odds_charge o;
			if (odds_charge(g, u, t, &o, why, sizeof why) < 0) {
				fprintf(ctx->out, "refused: preview charge %s %s: %s\n", argv[2], argv[3], why);
				return 0;
			}
			cmd_odds_charge(g, &o, &l);
		} else if (argv[1][1] == 'i' && argv[1][2] == 'r') {
			struct odds_fire o;
			if (!odds_fire_at(g, u, t, NULL, &o)) {
				fprintf(ctx->out, "refused: preview fire %s %s: %s\n", argv[2], argv[3], o.shot.why);
				return 0;
			}
			cmd_odds_fire(g, &o, &l);
		} else {
			struct odds_fight f;
			if (g->units[u].side == g->units[t].side || g->units[u].state != US_ACTIVE ||
			    g->units[t].state != US_ACTIVE) {
				fprintf(ctx->out, "refused: preview fight %s %s: only two enemy units on the table fight\n",
				        argv[2], argv[3]);
				return 0;
			}
			odds_fight_units(g, u, t, &f);
			cmd_odds_fight(g, u, t, &f, &l);
		}
	}
	for (int i = 0; i < l.n; i++) {
		fputs("preview: ", ctx->out);
		cmd_put_text(ctx->out, l.line[i], false);
		fputc('\n', ctx->out);
	}
	cmd_lines_free(&l);
	return 0;
}

static int do_quit(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)argc, (void)argv;
	ctx->quit = true;
	return 0;
}

/* The commands that are not orders (orders: cmd-orders.c). */
struct cmd_entry {
	const char *name;
	const char *usage;
	const char *summary;
	int min_args, max_args;
	int (*exec)(struct cmd_ctx *ctx, int argc, char **argv);
};

static const struct cmd_entry commands[] = {
	{ .name = "report", .usage = "report", .min_args = 0, .max_args = 0, .exec = do_report,
	  .summary = "the after-action report: losses by division, commanders lost, objectives" },
	{ .name = "dump", .usage = "dump", .min_args = 0, .max_args = 0, .exec = do_dump,
	  .summary = "print the whole state: game, sides, units, commanders, objectives" },
	{ .name = "roster", .usage = "roster [SIDE [VIEWER]]", .min_args = 0, .max_args = 2, .exec = do_roster,
	  .summary = "every unit of SIDE by division and brigade; as VIEWER (the other side) sees it: only "
	             "what is on the table" },
	{ .name = "describe", .usage = "describe X Y [SIDE] | describe UNIT [SIDE]", .min_args = 1,
	  .max_args = 3, .exec = do_describe,
	  .summary = "what is at a point (or a unit) and around it, in words: ground, units near with "
	             "distance and bearing, the enemy that could charge or fire there" },
	{ .name = "preview", .usage = "preview [charge|fire|fight UNIT TARGET]", .min_args = 0, .max_args = 3,
	  .exec = do_preview,
	  .summary = "the odds of a charge, a shot or a fight if it were ordered now (whoever has the "
	             "initiative), or of the choices of the decision waiting; changes nothing" },
	{ .name = "help", .usage = "help [COMMAND]", .min_args = 0, .max_args = 1, .exec = do_help,
	  .summary = "list the commands, or explain one" },
	{ .name = "save", .usage = "save NAME", .min_args = 1, .max_args = 1, .exec = do_save,
	  .summary = "save the battle as NAME in the saves directory (the old one is kept as NAME.save.bak)" },
	{ .name = "export", .usage = "export NAME", .min_args = 1, .max_args = 1, .exec = do_save,
	  .summary = "write the whole log and the report to NAME.txt in the saves directory" },
	{ .name = "export-map", .usage = "export-map NAME", .min_args = 1, .max_args = 1, .exec = do_save,
	  .summary = "write the battle as it began as NAME.cfg, NAME-A.cfg and NAME-B.cfg (map and orbats)" },
	{ .name = "quit", .usage = "quit", .min_args = 0, .max_args = 0, .exec = do_quit,
	  .summary = "end the session" },
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static const struct cmd_entry *find(const char *name)
{
	for (int i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

bool cmd_help(FILE *out, const char *topic)
{
	const struct cmd_entry *c;
	const struct order_words *w = NULL;
	enum order_kind kind;
	if (topic) {
		if ((c = find(topic)))
			fprintf(out, "%s\n    %s\n", c->usage, c->summary);
		else if ((w = cmd_order_words(topic, &kind))) {
			char buf[512];
			fprintf(out, "%s\n    %s\n", w->usage, rules_expand(w->summary, buf, sizeof buf));
		}
		return c || w;
	}
	fputs("Commands (one per line; # starts a comment; UNIT, BRIGADE ... are ids from 'dump'):\n", out);
	cmd_orders_help(out);
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-34s %s\n", commands[i].usage, commands[i].summary);
	return true;
}

enum cmd_result cmd_execute(struct cmd_ctx *ctx, const char *line)
{
	char buf[1024], *argv[MAX_WORDS], err[256];
	int argc = cmd_split(line, buf, sizeof buf, argv, MAX_WORDS);
	const struct cmd_entry *c;
	const struct order_words *w;
	enum order_kind kind;

	if (argc == 0)
		return CMD_DONE;
	if ((c = find(argv[0]))) {
		if (argc - 1 < c->min_args || argc - 1 > c->max_args) {
			cmd_error_at(ctx, "usage: %s", c->usage);
			return CMD_ERROR;
		}
		return c->exec(ctx, argc, argv) ? CMD_ERROR : CMD_DONE;
	}
	if (!(w = cmd_order_words(argv[0], &kind))) {
		cmd_error_at(ctx, "unknown command '%s' (type 'help' for the list)", argv[0]);
		return CMD_ERROR;
	}
	if (argc - 1 < w->min_args || argc - 1 > w->max_args) {
		cmd_error_at(ctx, "usage: %s", w->usage);
		return CMD_ERROR;
	}
	/* Entries of the history that act at once where they are typed. */
	if (kind == ORD_DICE)
		return do_dice(ctx, argc, argv) ? CMD_ERROR : CMD_DONE;
	if (kind == ORD_REWEATHER)
		return do_rethrow(ctx, argc, argv) ? CMD_ERROR : CMD_DONE;
	if (cmd_parse_order(ctx->g, argc, argv, &ctx->order, err, sizeof err) < 0) {
		cmd_error_at(ctx, "%s: %s", argv[0], err);
		return CMD_ERROR;
	}
	return CMD_ORDER;
}
