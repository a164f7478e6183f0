/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd: the text command language shared by batch mode, the ':' prompt of
 * the curses interface and the replay log.  Parses a line and executes it
 * against the game; the only module besides the UI that prints. */
#ifndef GROGNARD_CMD_H
#define GROGNARD_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/control.h"
#include "engine/order.h"

struct game;

enum cmd_result {
	CMD_DONE,   /* a command that acts at once (dump, help) */
	CMD_ORDER,  /* an order, parsed into ctx->order for the engine */
	CMD_ERROR,  /* reported on ctx->err */
};

struct cmd_ctx {
	struct game *g;
	FILE *out;          /* results (dump, help) */
	FILE *err;          /* errors */
	const char *source; /* for messages: "stdin", a script's path */
	int line;
	bool quit;          /* set by 'quit' */
	int errors;         /* bad commands so far */
	int refusals;       /* orders the engine refused */
	bool batch;         /* batch mode: scripted dice ('dice') allowed */
	struct order order; /* the order of a CMD_ORDER line */
	const struct decision *deciding; /* the decision waiting, or NULL */
	/* Saving and exporting belong to the program, not to the language:
	 * 0, or -1 with why (NULL: the command is not available here). */
	int (*save)(struct game *g, const char *name, char *why, size_t size);
	int (*export_log)(struct game *g, const char *name, char *why, size_t size);
	/* The battle as it began, as map and orbat files (export-map). */
	int (*export_map)(struct game *g, const char *name, char *why, size_t size);
};

/* Parse a whole line as an order (for replays and saved histories). */
int cmd_parse_line(const struct game *g, const char *line, struct order *o, char *err,
                   size_t size);

/* Execute one line (blank lines and # comments are fine): commands that
 * act at once are carried out; an order is parsed into ctx->order for the
 * caller to hand to the engine. */
enum cmd_result cmd_execute(struct cmd_ctx *ctx, const char *line);

/* The canonical text of an order (what the replay log holds); parsing it
 * gives the same order back. */
const char *cmd_format_order(const struct game *g, const struct order *o, char *buf,
                             size_t size);
/* Parse the words of an order; returns 0, or -1 with a message in err. */
int cmd_parse_order(const struct game *g, int argc, char **argv, struct order *o,
                    char *err, size_t size);

/* A controller that takes a side's orders from a stream of commands: the
 * batch mode and the tests. */
struct script {
	struct controller ctl;
	FILE *in;
	struct cmd_ctx ctx;
	char *line;
	size_t cap;
	bool pending;  /* line holds a line read but not yet acted on */
};
void script_init(struct script *s, struct game *g, FILE *in, const char *source,
                 FILE *out, FILE *err);
/* Before the battle begins: the script's first lines act while they are
 * blank, comments or 'rethrow-weather'; the first other line waits for
 * the first order or answer the battle asks of the script. */
void script_setup(struct script *s);
/* The script's next line into s->line (the one waiting first); false at
 * the end of its input. */
bool script_next_line(struct script *s);
void script_free(struct script *s);

/* --dice FILE: pips separated by white space, queued as 'dice' would.
 * 0, or -1 with "FILE:LINE: why" (nothing queued). */
int cmd_read_dice(struct game *g, FILE *in, const char *path, char *why, size_t size);

/* Lines of text, each naming the unit it is about (or -1). */
struct cmd_lines {
	char **line;
	int *unit;
	int n;
};
void cmd_lines_add(struct cmd_lines *l, int unit, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;
void cmd_lines_free(struct cmd_lines *l);
/* The roster of a side by division and brigade: for its own side (viewer
 * the side, or -1) every unit with its strength now and at the start,
 * formation, markers, command status and whether it may still act; for
 * the enemy's (viewer the other side) what a player at the table could
 * see: units on the table or gone, strength, formation, markers. */
void cmd_roster(const struct game *g, int side, int viewer, struct cmd_lines *out);
/* What is at a point and around it, in words: the ground and objectives,
 * the unit there, units and command stands near it (DESCRIBE_RADIUS in
 * cmd-roster.c) with distance
 * and bearing, and (for a viewer side) the enemy units that could charge
 * or fire there. */
void cmd_describe(const struct game *g, int viewer, struct vec2 p, struct cmd_lines *out);
/* A bearing as one of the sixteen points of the compass ("NNE"). */
const char *cmd_compass(double bearing);

/* A chance as a percentage: "67%", "<1%", ">99%". */
const char *cmd_percent(double p, char *buf, size_t size);
/* The odds of a charge, a shot and a decision's choices (odds-order.h)
 * as lines of words (cmd-preview.c). */
struct odds_charge;
struct odds_fire;
struct odds_choice;
struct decision;
void cmd_odds_charge(const struct game *g, const struct odds_charge *o, struct cmd_lines *out);
void cmd_odds_fire(const struct game *g, const struct odds_fire *o, struct cmd_lines *out);
struct odds_fight;
void cmd_odds_fight(const struct game *g, int a, int b, const struct odds_fight *f, struct cmd_lines *out);
void cmd_odds_choice(const struct game *g, const struct decision *d, const struct odds_choice *o,
                     struct cmd_lines *out);

/* The whole state, one line per game, side, unit, commander, objective. */
void cmd_dump(const struct game *g, FILE *out);

/* Write text from files on one line: control characters as escapes, and
 * quotes and backslashes too when QUOTED (inside a "..." field). */
void cmd_put_text(FILE *out, const char *s, bool quoted);
/* Help on every command, or on one; false (and nothing printed) when there
 * is no command called topic. */
bool cmd_help(FILE *out, const char *topic);

/* Split a line into words (double quotes group, # starts a comment).
 * Returns the count; words point into buf. */
int cmd_split(const char *line, char *buf, size_t size, char **words, int max);

#endif
