/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd: one table of commands, each with its usage and one line of help. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "engine/command.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/seq.h"
#include "engine/victory.h"

#define MAX_WORDS 32

#if defined(__GNUC__)
#define CMD_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CMD_PRINTF(a, b)
#endif

struct cmd_entry {
	const char *name;
	const char *usage;
	const char *summary;
	int min_args, max_args;
	int (*exec)(struct cmd_ctx *ctx, int argc, char **argv); /* acts at once */
	int order;  /* else: the order kind it gives, parsed by cmd_parse_order */
	bool in_history; /* acts at once, and is kept in the history as order */
};

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

/* Text from files (names, titles) may hold a newline or a control
 * character; batch output stays one line per record, so they are written
 * as escapes.  Inside a quoted field, quotes and backslashes are too. */
void cmd_put_text(FILE *out, const char *s, bool quoted)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (quoted && (*p == '"' || *p == '\\'))
			fprintf(out, "\\%c", *p);
		else if (*p == '\n')
			fputs("\\n", out);
		else if (*p == '\t')
			fputs("\\t", out);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\x%02x", *p);
		else
			fputc(*p, out);
	}
}

/* A value for a key=value field, always quoted. */
static void put_quoted(FILE *out, const char *key, const char *v)
{
	fprintf(out, " %s=\"", key);
	cmd_put_text(out, v, true);
	fputc('"', out);
}

static void put_markers(FILE *out, unsigned markers)
{
	int n = 0;
	fputs(" markers=", out);
	for (int m = 0; m < MK_COUNT; m++)
		if ((markers >> m) & 1u)
			fprintf(out, "%s%s", n++ ? "," : "", marker_names[m].key);
	if (!n)
		fputs("none", out);
}

static int side_units(const struct game *g, int side, int *sp)
{
	int n = 0;
	*sp = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == (enum side)side && g->units[i].state == US_ACTIVE) {
			n++;
			*sp += g->units[i].sp;
		}
	return n;
}

void cmd_dump(const struct game *g, FILE *out)
{
	char clock[8];
	double vis = weather_visibility(g);

	fprintf(out, "game turn=%d turns=%d phase=%s initiative=%s brigade=%s time=%s weather=%s sky=%s",
	        g->turn, g->turns, phase_names[g->phase].key,
	        g->initiative >= 0 ? side_names[g->initiative].key : "-",
	        g->active_brigade >= 0 ? g->brigs[g->active_brigade].id : "-",
	        weather_clock(g, g->turn, clock), weather_names[g->wx.weather].key,
	        sky_names[g->wx.sky].key);
	if (isinf(vis))
		fputs(" visibility=unlimited", out);
	else
		fprintf(out, " visibility=%.0f", vis);
	fprintf(out, " seed=%llu", (unsigned long long)g->seed);
	put_quoted(out, "title", g->title);
	fputc('\n', out);

	for (int s = 0; s < SIDE_COUNT; s++) {
		int sp, n = side_units(g, s, &sp);
		fprintf(out, "side id=%s corps=%s units=%d sp=%d break=%d", side_names[s].key,
		        g->side[s].corps >= 0 ? g->corps[g->side[s].corps].id : "-", n, sp,
		        g->side[s].break_percent);
		put_quoted(out, "name", g->side[s].name);
		fputc('\n', out);
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const char *status = unit_state_names[u->state].key;
		if (u->state == US_ACTIVE)
			status = cmd_status_names[command_status(g, u, NULL)].key;
		fprintf(out, "unit id=%s side=%s x=%.2f y=%.2f facing=%.1f formation=%s sp=%d sp0=%d "
		        "type=%s rating=%s brigade=%s",
		        u->id, side_names[u->side].key, u->pos.x, u->pos.y, u->facing,
		        formation_names[u->form].key, u->sp, u->sp0, unit_type_names[u->type].key,
		        rating_names[u->rating].key, g->brigs[u->brigade].id);
		put_markers(out, u->markers);
		fprintf(out, " status=%s", status);
		if (u->state == US_RESERVE)
			fprintf(out, " arrives=%d", u->arrive_turn);
		if (melee_bridge_foe(g, i) >= 0)
			fprintf(out, " bridge_contact=%s", g->units[melee_bridge_foe(g, i)].id);
		put_quoted(out, "name", u->name);
		fputc('\n', out);
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		fprintf(out, "commander id=%s side=%s level=%s rating=%s radius=%.0f x=%.2f y=%.2f "
		        "status=%s attached=%s",
		        c->id, side_names[c->side].key, cmd_level_names[c->level].key,
		        cmd_rating_names[c->rating].key, commander_radius(c), c->pos.x, c->pos.y,
		        unit_state_names[c->state].key,
		        c->attached >= 0 ? g->units[c->attached].id : "-");
		put_quoted(out, "name", c->name);
		fputc('\n', out);
	}
	for (int i = 0; i < g->nobj; i++) {
		const struct objective *o = &g->obj[i];
		fprintf(out, "objective x=%.2f y=%.2f value=%d holder=%s", o->at.x, o->at.y, o->value,
		        o->holder >= 0 ? side_names[o->holder].key : "-");
		put_quoted(out, "name", o->name);
		fputc('\n', out);
	}
}

static int do_dump(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)argc, (void)argv;
	cmd_dump(ctx->g, ctx->out);
	return 0;
}

static void error_at(struct cmd_ctx *ctx, const char *fmt, ...) CMD_PRINTF(2, 3);
static void error_at(struct cmd_ctx *ctx, const char *fmt, ...)
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
	error_at(ctx, "help: no command '%s' ('help' lists them)", argv[1]);
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
	char why[300];
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

/* A pip as a word: one digit, 1 to 6; -1 if not. */
static int pip_of(const char *w)
{
	return w[0] >= '1' && w[0] <= '6' && !w[1] ? w[0] - '0' : -1;
}

/* Scripted dice: batch mode only, so a player never chooses a throw. */
static int do_dice(struct cmd_ctx *ctx, int argc, char **argv)
{
	int pips[MAX_WORDS];
	char why[200];
	if (!ctx->batch) {
		error_at(ctx, "dice: scripted dice are for batch mode (scripts and tests), not for play");
		return 1;
	}
	for (int i = 1; i < argc; i++)
		if ((pips[i - 1] = pip_of(argv[i])) < 0) {
			error_at(ctx, "dice: a die shows 1 to 6 pips, not '%s'", argv[i]);
			return 1;
		}
	if (game_script_dice(ctx->g, pips, argc - 1, why, sizeof why) < 0) {
		error_at(ctx, "dice: %s", why);
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
			if (len >= sizeof word || (pip = pip_of(word)) < 0) {
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

static int do_quit(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)argc, (void)argv;
	ctx->quit = true;
	return 0;
}

#define ORDER(k) .order = (k), .exec = NULL
static const struct cmd_entry commands[] = {
	{ .name = "brigade", .usage = "brigade BRIGADE", .min_args = 1, .max_args = 1, ORDER(ORD_BRIGADE),
	  .summary = "give BRIGADE the initiative (once a Turn each)" },
	{ .name = "divmove", .usage = "divmove DIVISION", .min_args = 1, .max_args = 1, ORDER(ORD_DIVMOVE),
	  .summary = "manoeuvre a whole DIVISION (none of its brigades chosen yet, no enemy within 12 cm)" },
	{ .name = "face", .usage = "face UNIT DEG | face UNIT toward X Y | face UNIT at UNIT2",
	  .min_args = 2, .max_args = 4, ORDER(ORD_FACE),
	  .summary = "pivot UNIT about its centre to a facing (0 = north, clockwise)" },
	{ .name = "pivot", .usage = "pivot UNIT +DEG|-DEG", .min_args = 2, .max_args = 2, ORDER(ORD_FACE),
	  .summary = "pivot UNIT by an angle (+ clockwise)" },
	{ .name = "about", .usage = "about UNIT", .min_args = 1, .max_args = 1, ORDER(ORD_ABOUT),
	  .summary = "about face UNIT (not a square)" },
	{ .name = "form", .usage = "form UNIT FORMATION [left|right|front|rear] [facing DEG]",
	  .min_args = 2, .max_args = 5, ORDER(ORD_FORM),
	  .summary = "change formation (line, column, square, skirmish), keeping one stand in place" },
	{ .name = "move", .usage = "move UNIT CM|max", .min_args = 2, .max_args = 2, ORDER(ORD_MOVE),
	  .summary = "move UNIT straight ahead (artillery: prolong up to 1 cm)" },
	{ .name = "sidestep", .usage = "sidestep UNIT left|right CM", .min_args = 3, .max_args = 3,
	  ORDER(ORD_SIDESTEP), .summary = "infantry in line or skirmish line: up to 6 cm sideways" },
	{ .name = "stepback", .usage = "stepback UNIT CM", .min_args = 2, .max_args = 2,
	  ORDER(ORD_STEPBACK), .summary = "infantry in line or skirmish line: up to 6 cm backwards" },
	{ .name = "oblique", .usage = "oblique UNIT FORWARD left|right SIDE [sidefirst]",
	  .min_args = 4, .max_args = 5, ORDER(ORD_OBLIQUE),
	  .summary = "infantry in line or skirmish line: up to 3 cm forward and 3 cm sideways" },
	{ .name = "inch", .usage = "inch UNIT BEARING CM", .min_args = 3, .max_args = 3, ORDER(ORD_INCH),
	  .summary = "a solid square moves 4 cm any way (2 cm with enemy cavalry within 12 cm)" },
	{ .name = "prolong", .usage = "prolong UNIT CM", .min_args = 2, .max_args = 2, ORDER(ORD_PROLONG),
	  .summary = "artillery moves by hand up to 1 cm forward (negative: back)" },
	{ .name = "redeploy", .usage = "redeploy UNIT BEARING CM|max [facing DEG]", .min_args = 3,
	  .max_args = 5, ORDER(ORD_REDEPLOY),
	  .summary = "artillery limbers, moves toward BEARING (foot 15, horse 20 cm), unlimbers; no fire" },
	{ .name = "charge", .usage = "charge UNIT TARGET [extend]", .min_args = 2, .max_args = 3,
	  ORDER(ORD_CHARGE), .summary = "turn to face TARGET and charge it (extend: try beyond reach)" },
	{ .name = "fire", .usage = "fire UNIT TARGET [X Y]", .min_args = 2, .max_args = 4,
	  ORDER(ORD_FIRE), .summary = "fire at TARGET (X Y: the aiming point; else the best one)" },
	{ .name = "bombard", .usage = "bombard UNIT FEATURE", .min_args = 2, .max_args = 2,
	  ORDER(ORD_BOMBARD), .summary = "artillery fires at an undefended village, landmark or bridge" },
	{ .name = "answer", .usage = "answer CHOICE [VALUE]", .min_args = 1, .max_args = 2,
	  ORDER(ORD_ANSWER), .summary = "answer the decision the rules give you now (e.g. answer stand)" },
	{ .name = "cross", .usage = "cross UNIT BRIDGE [X Y [FACING]]", .min_args = 2, .max_args = 5,
	  ORDER(ORD_CROSS), .summary = "a unit touching BRIDGE crosses it, using the rest of its movement" },
	{ .name = "defend", .usage = "defend UNIT | defend UNIT off FORMATION", .min_args = 1,
	  .max_args = 3, ORDER(ORD_DEFEND),
	  .summary = "infantry occupies the landmark it touches, in square (or leaves it)" },
	{ .name = "cmove", .usage = "cmove COMMANDER X Y [X Y]...", .min_args = 3, .max_args = 17,
	  ORDER(ORD_CMOVE), .summary = "move a command stand up to 36 cm through the points" },
	{ .name = "attach", .usage = "attach COMMANDER UNIT", .min_args = 2, .max_args = 2,
	  ORDER(ORD_ATTACH), .summary = "attach a brigade commander to a unit within 6 cm" },
	{ .name = "detach", .usage = "detach COMMANDER [X Y]", .min_args = 1, .max_args = 3,
	  ORDER(ORD_DETACH), .summary = "detach a brigade commander, placing him touching the unit" },
	{ .name = "retreat", .usage = "retreat UNIT [withcommander]", .min_args = 1, .max_args = 2,
	  ORDER(ORD_RETREAT), .summary = "take a unit in command (or cautious) off the table for good" },
	{ .name = "end", .usage = "end", .min_args = 0, .max_args = 0, ORDER(ORD_END),
	  .summary = "end the manoeuvre or firing phase" },
	{ .name = "concede", .usage = "concede [A|B]", .min_args = 0, .max_args = 1, ORDER(ORD_CONCEDE),
	  .summary = "give up the battle for a side you play (yours if not named): the other side wins" },
	{ .name = "note", .usage = "note TEXT...", .min_args = 1, .max_args = 30, ORDER(ORD_NOTE),
	  .summary = "write a line in the log for your side (the computer states its intentions so)" },
	{ .name = "report", .usage = "report", .min_args = 0, .max_args = 0, .exec = do_report,
	  .summary = "the after-action report: losses by division, commanders lost, objectives" },
	{ .name = "undo", .usage = "undo", .min_args = 0, .max_args = 0, ORDER(ORD_UNDO),
	  .summary = "take back the last order of the unit manoeuvring (until a die is thrown)" },
	{ .name = "dice", .usage = "dice PIP...", .min_args = 1, .max_args = MAX_WORDS - 1,
	  .exec = do_dice, .order = ORD_DICE, .in_history = true,
	  .summary = "batch mode: the next throws take these pips (1 to 6), then the dice run on" },
	{ .name = "dump", .usage = "dump", .min_args = 0, .max_args = 0, .exec = do_dump,
	  .summary = "print the whole state: game, sides, units, commanders, objectives" },
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
#undef ORDER
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
	if (topic) {
		if (!(c = find(topic)))
			return false;
		fprintf(out, "%s\n    %s\n", c->usage, c->summary);
		return true;
	}
	fputs("Commands (one per line; # starts a comment; UNIT, BRIGADE ... are ids from 'dump'):\n", out);
	for (int i = 0; i < NCOMMANDS; i++)
		fprintf(out, "  %-34s %s\n", commands[i].usage, commands[i].summary);
	return true;
}

/* ------------------------------------------------------------------ */
/* Orders: words to struct order and back */

struct parse {
	const struct game *g;
	char *err;
	size_t size;
};

static int perr(struct parse *p, const char *fmt, ...) CMD_PRINTF(2, 3);

/* The pips of a 'dice' entry of the history, as the digits "3461". */
static int dice_pips(struct parse *p, int n, char **words, char *text, size_t size)
{
	if ((size_t)n >= size)
		return perr(p, "at most %zu pips in one entry", size - 1);
	for (int i = 0; i < n; i++) {
		int pip = pip_of(words[i]);
		if (pip < 0)
			return perr(p, "a die shows 1 to 6 pips, not '%s'", words[i]);
		text[i] = (char)('0' + pip);
	}
	text[n] = '\0';
	return 0;
}

static int perr(struct parse *p, const char *fmt, ...) CMD_PRINTF(2, 3);
static int perr(struct parse *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err, p->size, fmt, ap);
	va_end(ap);
	return -1;
}

static int number(struct parse *p, const char *w, const char *what, double *out)
{
	char *end;
	double v;
	errno = 0;
	v = strtod(w, &end);
	if (errno || end == w || *end || !isfinite(v))
		return perr(p, "%s must be a number, not '%s'", what, w);
	*out = v;
	return 0;
}

static int unit_ref(struct parse *p, const char *w, int *out)
{
	if ((*out = orbat_find_unit(p->g, w)) < 0)
		return perr(p, "no unit '%s' ('dump' lists the ids)", w);
	return 0;
}

static int commander_ref(struct parse *p, const char *w, int *out)
{
	if ((*out = orbat_find_commander(p->g, w)) < 0)
		return perr(p, "no commander '%s' (a commander's id is that of the formation he commands)", w);
	return 0;
}

static int feature_ref(struct parse *p, const char *w, int *out)
{
	for (int i = 0; i < p->g->map.nf; i++)
		if (strcmp(p->g->map.f[i].name, w) == 0) {
			*out = i;
			return 0;
		}
	return perr(p, "no terrain feature named '%s'", w);
}

static int side_word(struct parse *p, const char *w, double *sign)
{
	if (strcmp(w, "left") == 0)
		*sign = -1;
	else if (strcmp(w, "right") == 0)
		*sign = 1;
	else
		return perr(p, "'%s' should be left or right", w);
	return 0;
}

int cmd_parse_order(const struct game *g, int argc, char **argv, struct order *o,
                    char *err, size_t size)
{
	struct parse p = { g, err, size };
	const struct cmd_entry *c = find(argv[0]);
	int v;
	double sign = 1;

	if (!c || (c->exec && !c->in_history))
		return perr(&p, "'%s' is not an order", argv[0]);
	*o = order_new((enum order_kind)c->order);
	switch (o->kind) {
	case ORD_BRIGADE:
		if ((o->target = orbat_find_brigade(g, argv[1])) < 0)
			return perr(&p, "no brigade '%s'", argv[1]);
		return 0;
	case ORD_DIVMOVE:
		if ((o->target = orbat_find_division(g, argv[1])) < 0)
			return perr(&p, "no division '%s'", argv[1]);
		return 0;
	case ORD_FACE:
		if (unit_ref(&p, argv[1], &o->unit))
			return -1;
		o->has_a = true;
		if (strcmp(argv[0], "pivot") == 0) {
			if (number(&p, argv[2], "the angle", &o->a))
				return -1;
			o->a = geom_norm_deg(g->units[o->unit].facing + o->a);
			return 0;
		}
		if (argc == 5 && strcmp(argv[2], "toward") == 0) {
			struct vec2 to;
			if (number(&p, argv[3], "X", &to.x) || number(&p, argv[4], "Y", &to.y))
				return -1;
			o->a = geom_bearing(g->units[o->unit].pos, to);
			return 0;
		}
		if (argc == 4 && strcmp(argv[2], "at") == 0) {
			int t;
			if (unit_ref(&p, argv[3], &t))
				return -1;
			o->a = geom_bearing(g->units[o->unit].pos, g->units[t].pos);
			return 0;
		}
		if (argc != 3)
			return perr(&p, "usage: %s", c->usage);
		return number(&p, argv[2], "the facing", &o->a);
	case ORD_ABOUT:
	case ORD_RETREAT:
		if (unit_ref(&p, argv[1], &o->unit))
			return -1;
		if (o->kind == ORD_RETREAT && argc == 3) {
			if (strcmp(argv[2], "withcommander") != 0)
				return perr(&p, "usage: %s", c->usage);
			o->flag |= OF_WITH_CMDR;
		}
		return 0;
	case ORD_FORM:
		if (unit_ref(&p, argv[1], &o->unit))
			return -1;
		if ((v = ENUM_LOOKUP(formation_names, argv[2])) < 0)
			return perr(&p, "'%s' is not a formation (line, column, square, skirmish)", argv[2]);
		o->form = (enum formation)v;
		for (int i = 3; i < argc; i++) {
			if (strcmp(argv[i], "left") == 0)
				o->flag = ANCHOR_LEFT;
			else if (strcmp(argv[i], "right") == 0)
				o->flag = ANCHOR_RIGHT;
			else if (strcmp(argv[i], "front") == 0)
				o->flag = ANCHOR_FRONT;
			else if (strcmp(argv[i], "rear") == 0)
				o->flag = ANCHOR_REAR;
			else if (strcmp(argv[i], "facing") == 0 && i + 1 < argc) {
				if (number(&p, argv[++i], "the facing", &o->a))
					return -1;
				o->has_a = true;
			} else
				return perr(&p, "usage: %s", c->usage);
		}
		return 0;
	case ORD_MOVE:
	case ORD_STEPBACK:
	case ORD_PROLONG:
		if (unit_ref(&p, argv[1], &o->unit))
			return -1;
		o->has_a = true;
		if (o->kind == ORD_MOVE && strcmp(argv[2], "max") == 0) {
			o->flag |= OF_MAX;
			o->a = 0;
			return 0;
		}
		return number(&p, argv[2], "the distance", &o->a);
	case ORD_SIDESTEP:
		if (unit_ref(&p, argv[1], &o->unit) || side_word(&p, argv[2], &sign) ||
		    number(&p, argv[3], "the distance", &o->a))
			return -1;
		if (o->a < 0)
			return perr(&p, "the distance must not be negative");
		o->a *= sign;
		o->has_a = true;
		return 0;
	case ORD_OBLIQUE:
		if (unit_ref(&p, argv[1], &o->unit) || number(&p, argv[2], "the forward distance", &o->a) ||
		    side_word(&p, argv[3], &sign) || number(&p, argv[4], "the sideways distance", &o->b))
			return -1;
		if (o->b < 0)
			return perr(&p, "the sideways distance must not be negative");
		o->b *= sign;
		o->has_a = o->has_b = true;
		if (argc == 6) {
			if (strcmp(argv[5], "sidefirst") != 0)
				return perr(&p, "usage: %s", c->usage);
			o->flag |= OF_SIDE_FIRST;
		}
		return 0;
	case ORD_INCH:
		if (unit_ref(&p, argv[1], &o->unit) || number(&p, argv[2], "the bearing", &o->a) ||
		    number(&p, argv[3], "the distance", &o->b))
			return -1;
		o->has_a = o->has_b = true;
		return 0;
	case ORD_REDEPLOY:
		if (unit_ref(&p, argv[1], &o->unit) || number(&p, argv[2], "the bearing", &o->a))
			return -1;
		o->has_a = o->has_b = true;
		if (strcmp(argv[3], "max") == 0)
			o->flag |= OF_MAX;
		else if (number(&p, argv[3], "the distance", &o->b))
			return -1;
		if (argc == 6 && strcmp(argv[4], "facing") == 0) {
			if (number(&p, argv[5], "the facing", &o->c))
				return -1;
			o->has_c = true;
		} else if (argc != 4) {
			return perr(&p, "usage: %s", c->usage);
		}
		return 0;
	case ORD_CROSS:
		if (unit_ref(&p, argv[1], &o->unit) || feature_ref(&p, argv[2], &o->target))
			return -1;
		if (argc == 4)
			return perr(&p, "usage: %s", c->usage);
		if (argc >= 5) {
			if (number(&p, argv[3], "X", &o->pts[0].x) || number(&p, argv[4], "Y", &o->pts[0].y))
				return -1;
			o->npts = 1;
		}
		if (argc == 6) {
			if (number(&p, argv[5], "the facing", &o->a))
				return -1;
			o->has_a = true;
		}
		return 0;
	case ORD_DEFEND:
		if (unit_ref(&p, argv[1], &o->unit))
			return -1;
		if (argc == 1 + 1)
			return 0;
		if (argc != 4 || strcmp(argv[2], "off") != 0)
			return perr(&p, "usage: %s", c->usage);
		if ((v = ENUM_LOOKUP(formation_names, argv[3])) < 0)
			return perr(&p, "'%s' is not a formation", argv[3]);
		o->form = (enum formation)v;
		o->flag |= OF_OFF;
		return 0;
	case ORD_CMOVE:
		if (commander_ref(&p, argv[1], &o->unit))
			return -1;
		if ((argc - 2) % 2)
			return perr(&p, "give the points as pairs X Y");
		for (int i = 2; i + 1 < argc && o->npts < ORDER_MAX_POINTS; i += 2) {
			if (number(&p, argv[i], "X", &o->pts[o->npts].x) ||
			    number(&p, argv[i + 1], "Y", &o->pts[o->npts].y))
				return -1;
			o->npts++;
		}
		return 0;
	case ORD_ATTACH:
		return commander_ref(&p, argv[1], &o->unit) || unit_ref(&p, argv[2], &o->target) ? -1 : 0;
	case ORD_DETACH:
		if (commander_ref(&p, argv[1], &o->unit))
			return -1;
		if (argc == 3)
			return perr(&p, "usage: %s", c->usage);
		if (argc == 4) {
			if (number(&p, argv[2], "X", &o->pts[0].x) || number(&p, argv[3], "Y", &o->pts[0].y))
				return -1;
			o->npts = 1;
		}
		return 0;
	case ORD_CHARGE:
		if (unit_ref(&p, argv[1], &o->unit) || unit_ref(&p, argv[2], &o->target))
			return -1;
		if (argc == 4) {
			if (strcmp(argv[3], "extend") != 0)
				return perr(&p, "usage: %s", c->usage);
			o->flag |= OF_EXTEND;
		}
		return 0;
	case ORD_FIRE:
		if (unit_ref(&p, argv[1], &o->unit) || unit_ref(&p, argv[2], &o->target))
			return -1;
		if (argc == 4)
			return perr(&p, "usage: %s", c->usage);
		if (argc == 5) {
			if (number(&p, argv[3], "X", &o->pts[0].x) || number(&p, argv[4], "Y", &o->pts[0].y))
				return -1;
			o->npts = 1;
		}
		return 0;
	case ORD_BOMBARD:
		return unit_ref(&p, argv[1], &o->unit) || feature_ref(&p, argv[2], &o->target) ? -1 : 0;
	case ORD_DICE:
		return dice_pips(&p, argc - 1, argv + 1, o->text, sizeof o->text);
	case ORD_ANSWER:
		if (strlen(argv[1]) >= sizeof o->word)
			return perr(&p, "'%s' is not a choice", argv[1]);
		snprintf(o->word, sizeof o->word, "%s", argv[1]);
		if (argc == 3) {
			if (number(&p, argv[2], "the value", &o->a))
				return -1;
			o->has_a = true;
		}
		return 0;
	case ORD_NOTE: {
		size_t len = 0;
		o->text[0] = '\0';
		for (int i = 1; i < argc; i++)
			len += (size_t)snprintf(o->text + len, len < sizeof o->text ? sizeof o->text - len : 0,
			                        "%s%s", i > 1 ? " " : "", argv[i]);
		if (len >= sizeof o->text)
			return perr(&p, "a note is at most %d characters", (int)sizeof o->text - 1);
		return 0;
	}
	case ORD_CONCEDE:
		if (argc == 2 && (o->target = ENUM_LOOKUP(side_names, argv[1])) < 0)
			return perr(&p, "'%s' is not a side (A or B)", argv[1]);
		return 0;
	case ORD_END:
	case ORD_UNDO:
	case ORD_COUNT:
		return 0;
	}
	return 0;
}

/* The shortest decimal text that reads back as the same double. */
static const char *num(double v, char buf[32])
{
	for (int prec = 6; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return buf;
	}
	return buf;
}

/* A word, quoted when it holds spaces or quotes. */
static const char *word(const char *w, char buf[NAME_LEN + 8])
{
	size_t o = 0;
	if (*w && !strpbrk(w, " \t\"#\\"))
		return w;
	buf[o++] = '"';
	for (; *w && o + 3 < NAME_LEN + 8; w++) {
		if (*w == '"' || *w == '\\')
			buf[o++] = '\\';
		buf[o++] = *w;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}

const char *cmd_format_order(const struct game *g, const struct order *o, char *buf,
                             size_t size)
{
	char n1[32], n2[32], n3[32], w[NAME_LEN + 8];
	const char *name = order_names[o->kind].key;
	const char *uid = o->unit >= 0 && o->unit < g->nunits ? g->units[o->unit].id : "?";
	const char *cid = o->unit >= 0 && o->unit < g->ncmdrs ? g->cmdrs[o->unit].id : "?";
	static const char *const anchors[] = { "", " left", " right", " front", " rear" };
	size_t len;

	switch (o->kind) {
	case ORD_BRIGADE:
		snprintf(buf, size, "brigade %s", g->brigs[o->target].id);
		break;
	case ORD_DIVMOVE:
		snprintf(buf, size, "divmove %s", g->divs[o->target].id);
		break;
	case ORD_FACE:
		snprintf(buf, size, "face %s %s", uid, num(o->a, n1));
		break;
	case ORD_ABOUT:
		snprintf(buf, size, "about %s", uid);
		break;
	case ORD_RETREAT:
		snprintf(buf, size, "retreat %s%s", uid, o->flag & OF_WITH_CMDR ? " withcommander" : "");
		break;
	case ORD_FORM:
		len = (size_t)snprintf(buf, size, "form %s %s%s", uid, formation_names[o->form].key,
		                       anchors[o->flag >= 0 && o->flag <= ANCHOR_REAR ? o->flag : 0]);
		if (o->has_a && len < size)
			snprintf(buf + len, size - len, " facing %s", num(o->a, n1));
		break;
	case ORD_MOVE:
		if (o->flag & OF_MAX)
			snprintf(buf, size, "move %s max", uid);
		else
			snprintf(buf, size, "move %s %s", uid, num(o->a, n1));
		break;
	case ORD_STEPBACK:
	case ORD_PROLONG:
		snprintf(buf, size, "%s %s %s", name, uid, num(o->a, n1));
		break;
	case ORD_SIDESTEP:
		snprintf(buf, size, "sidestep %s %s %s", uid, o->a < 0 ? "left" : "right", num(fabs(o->a), n1));
		break;
	case ORD_OBLIQUE:
		snprintf(buf, size, "oblique %s %s %s %s%s", uid, num(o->a, n1), o->b < 0 ? "left" : "right",
		         num(fabs(o->b), n2), o->flag & OF_SIDE_FIRST ? " sidefirst" : "");
		break;
	case ORD_INCH:
		snprintf(buf, size, "inch %s %s %s", uid, num(o->a, n1), num(o->b, n2));
		break;
	case ORD_REDEPLOY:
		len = (size_t)snprintf(buf, size, "redeploy %s %s %s", uid, num(o->a, n1),
		                       o->flag & OF_MAX ? "max" : num(o->b, n2));
		if (o->has_c && len < size)
			snprintf(buf + len, size - len, " facing %s", num(o->c, n3));
		break;
	case ORD_CROSS:
		len = (size_t)snprintf(buf, size, "cross %s %s", uid, word(g->map.f[o->target].name, w));
		if (o->npts && len < size)
			len += (size_t)snprintf(buf + len, size - len, " %s %s", num(o->pts[0].x, n1),
			                        num(o->pts[0].y, n2));
		if (o->has_a && len < size)
			snprintf(buf + len, size - len, " %s", num(o->a, n3));
		break;
	case ORD_DEFEND:
		if (o->flag & OF_OFF)
			snprintf(buf, size, "defend %s off %s", uid, formation_names[o->form].key);
		else
			snprintf(buf, size, "defend %s", uid);
		break;
	case ORD_CMOVE:
		len = (size_t)snprintf(buf, size, "cmove %s", cid);
		for (int i = 0; i < o->npts && len < size; i++)
			len += (size_t)snprintf(buf + len, size - len, " %s %s", num(o->pts[i].x, n1),
			                        num(o->pts[i].y, n2));
		break;
	case ORD_ATTACH:
		snprintf(buf, size, "attach %s %s", cid, g->units[o->target].id);
		break;
	case ORD_DETACH:
		if (o->npts)
			snprintf(buf, size, "detach %s %s %s", cid, num(o->pts[0].x, n1), num(o->pts[0].y, n2));
		else
			snprintf(buf, size, "detach %s", cid);
		break;
	case ORD_CHARGE:
		snprintf(buf, size, "charge %s %s%s", uid, g->units[o->target].id,
		         o->flag & OF_EXTEND ? " extend" : "");
		break;
	case ORD_FIRE:
		if (o->npts)
			snprintf(buf, size, "fire %s %s %s %s", uid, g->units[o->target].id, num(o->pts[0].x, n1),
			         num(o->pts[0].y, n2));
		else
			snprintf(buf, size, "fire %s %s", uid, g->units[o->target].id);
		break;
	case ORD_BOMBARD:
		snprintf(buf, size, "bombard %s %s", uid, word(g->map.f[o->target].name, w));
		break;
	case ORD_DICE:
		len = (size_t)snprintf(buf, size, "dice");
		for (const char *t = o->text; *t && len + 2 < size; t++)
			len += (size_t)snprintf(buf + len, size - len, " %c", *t);
		break;
	case ORD_ANSWER:
		if (o->has_a)
			snprintf(buf, size, "answer %s %s", o->word, num(o->a, n1));
		else
			snprintf(buf, size, "answer %s", o->word);
		break;
	case ORD_NOTE: {
		/* Quoted, with quotes and backslashes escaped, as cmd_split reads it. */
		size_t k = 0;
		k += (size_t)snprintf(buf, size, "note \"");
		for (const char *t = o->text; *t && k + 3 < size; t++) {
			if (*t == '"' || *t == '\\')
				buf[k++] = '\\';
			buf[k++] = *t;
		}
		if (k + 1 < size)
			buf[k++] = '"';
		buf[k < size ? k : size - 1] = '\0';
		break;
	}
	case ORD_CONCEDE:
		if (o->target >= 0 && o->target < SIDE_COUNT)
			snprintf(buf, size, "%s %s", name, side_names[o->target].key);
		else
			snprintf(buf, size, "%s", name);
		break;
	case ORD_END:
	case ORD_UNDO:
	case ORD_COUNT:
		snprintf(buf, size, "%s", name);
		break;
	}
	return buf;
}

int cmd_parse_line(const struct game *g, const char *line, struct order *o, char *err,
                   size_t size)
{
	char buf[1024], *argv[MAX_WORDS];
	int argc = cmd_split(line, buf, sizeof buf, argv, MAX_WORDS);
	const struct cmd_entry *c;
	if (argc == 0 || !(c = find(argv[0])) || (c->exec && !c->in_history)) {
		snprintf(err, size, "not an order");
		return -1;
	}
	if (argc - 1 < c->min_args || argc - 1 > c->max_args) {
		snprintf(err, size, "usage: %s", c->usage);
		return -1;
	}
	return cmd_parse_order(g, argc, argv, o, err, size);
}

enum cmd_result cmd_execute(struct cmd_ctx *ctx, const char *line)
{
	char buf[1024], *argv[MAX_WORDS], err[256];
	int argc = cmd_split(line, buf, sizeof buf, argv, MAX_WORDS);
	const struct cmd_entry *c;

	if (argc == 0)
		return CMD_DONE;
	if (!(c = find(argv[0]))) {
		error_at(ctx, "unknown command '%s' (type 'help' for the list)", argv[0]);
		return CMD_ERROR;
	}
	if (argc - 1 < c->min_args || argc - 1 > c->max_args) {
		error_at(ctx, "usage: %s", c->usage);
		return CMD_ERROR;
	}
	if (c->exec)
		return c->exec(ctx, argc, argv) ? CMD_ERROR : CMD_DONE;
	if (cmd_parse_order(ctx->g, argc, argv, &ctx->order, err, sizeof err) < 0) {
		error_at(ctx, "%s: %s", argv[0], err);
		return CMD_ERROR;
	}
	return CMD_ORDER;
}

/* ------------------------------------------------------------------ */
/* The script controller */

static int script_order(struct controller *ctl, struct game *g, enum side side, struct order *o)
{
	struct script *s = ctl->ctx;
	(void)side;
	s->ctx.g = g;
	while (!s->ctx.quit && getline(&s->line, &s->cap, s->in) != -1) {
		s->ctx.line++;
		if (cmd_execute(&s->ctx, s->line) == CMD_ORDER) {
			*o = s->ctx.order;
			return 0;
		}
		fflush(s->ctx.out);
	}
	return -1;
}

static void script_refused(struct controller *ctl, struct game *g, enum side side,
                           const struct order *o, const char *why)
{
	struct script *s = ctl->ctx;
	char text[256];
	(void)side;
	fprintf(s->ctx.out, "refused: %s: %s\n", cmd_format_order(g, o, text, sizeof text), why);
	s->ctx.refusals++;
}

/* The answers a decision takes, as the command language words them. */
static void decision_answers(const struct decision *d, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < d->nopts && len < size; i++) {
		if (d->opt[i].hi > d->opt[i].lo)
			len += (size_t)snprintf(buf + len, size - len, "%sanswer %s N (%g to %g%s%s)", i ? " | " : "",
			                        d->opt[i].key, d->opt[i].lo, d->opt[i].hi, d->opt[i].unit ? " " : "",
			                        d->opt[i].unit ? d->opt[i].unit : "");
		else
			len += (size_t)snprintf(buf + len, size - len, "%sanswer %s", i ? " | " : "",
			                        d->opt[i].key);
	}
}

static int script_decide(struct controller *ctl, struct game *g, struct decision *d)
{
	struct script *s = ctl->ctx;
	char answers[400];
	decision_answers(d, answers, sizeof answers);
	fprintf(s->ctx.out, "decide: %s  [%s]\n", d->question, answers);
	fflush(s->ctx.out);
	s->ctx.g = g;
	while (!s->ctx.quit && getline(&s->line, &s->cap, s->in) != -1) {
		enum cmd_result r;
		s->ctx.line++;
		r = cmd_execute(&s->ctx, s->line);
		if (r != CMD_ORDER)
			continue;
		if (s->ctx.order.kind != ORD_ANSWER) {
			error_at(&s->ctx, "a decision is waiting for %s: %s", g->side[d->side].name, answers);
			continue;
		}
		for (int i = 0; i < d->nopts; i++) {
			if (strcmp(d->opt[i].key, s->ctx.order.word) != 0)
				continue;
			if (d->opt[i].hi > d->opt[i].lo) {
				if (!s->ctx.order.has_a || s->ctx.order.a < d->opt[i].lo - 1e-9 ||
				    s->ctx.order.a > d->opt[i].hi + 1e-9) {
					error_at(&s->ctx, "answer %s needs a value from %g to %g", d->opt[i].key,
					         d->opt[i].lo, d->opt[i].hi);
					goto next;
				}
				d->value = s->ctx.order.a;
			}
			d->choice = i;
			return 0;
		}
		error_at(&s->ctx, "'%s' is not a choice here: %s", s->ctx.order.word, answers);
	next:;
	}
	return -1;
}

void script_init(struct script *s, struct game *g, FILE *in, const char *source,
                 FILE *out, FILE *err)
{
	*s = (struct script){
		.ctl = { .ctx = s, .order = script_order, .refused = script_refused,
		         .decide = script_decide },
		.in = in,
		.ctx = { .g = g, .out = out, .err = err, .source = source, .batch = true },
	};
}

void script_free(struct script *s)
{
	free(s->line);
	s->line = NULL;
}
