/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main-int: what the program's own files share (main.c, computer.c,
 * signals.c, autosave.c, terminal.c, replay.c): the options, the
 * computer's side, the hooks that save. */
#ifndef GROGNARD_MAIN_INT_H
#define GROGNARD_MAIN_INT_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ai/ai.h"
#include "engine/control.h"
#include "engine/game.h"
#include "io/diag.h"
#include "io/save.h"
#include "random-cli.h"

struct ui;

extern const char default_battle_cfg[];
/* How saves read and write orders (autosave.c). */
extern const struct save_hooks program_save_hooks;
/* Raised by the signal handlers (signals.c). */
extern volatile sig_atomic_t got_hangup, got_interrupt;

#define BUILTIN_NAME "(built-in default battle)"
/* Unfinished autosaves kept: a new battle removes the oldest beyond
 * these (its own counted), so abandoned battles do not pile up. */
#define AUTOSAVES_KEPT 5

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

struct options {
	uint64_t seed;
	bool seed_given;
	const char *side;
	bool batch, check, list, mono, ascii;
	const char *script;
	const char *dice;
	const char *scenario;
	const char *load;
	const char *replay;
	const char *ai;
	const char *rules;          /* --rules */
	struct random_cli rnd;      /* --random, its choices, --export-map */
};

/* One computer player: the general at a level, or the naive baseline. */
struct computer_player {
	bool naive;
	struct naive_ai naive_ai;
	struct general_ai general;
};

/* The computer: one player for both sides when they have the same level
 * (n = 1), else one a side (n = 2, --ai A=hard,B=normal); ctl[side] is
 * the controller of each side. */
struct computer {
	int n;
	struct computer_player player[SIDE_COUNT];
	struct controller *ctl[SIDE_COUNT];
};

/* In batch mode the computer's refused orders are printed like the
 * script's: there should be none, and a test would see them. */
struct loud {
	struct controller ctl, *inner;
};

/* main.c: who plays which side, and batch mode's printing of the log. */
void print_log_line(void *ctx, const struct game *g, const struct event *ev);
void put_log(FILE *out, const char *text);
void settle_players(struct options *o, struct game *g);
void print_report(const struct game *g);
bool plays(const struct options *o, enum side side);

/* computer.c: the computer's controllers, a side's level from ai
 * (settle_players' text; false: out of memory), its refused orders said
 * aloud, and its memory written into the battle (g->ai_memory) before
 * every save. */
int loud_order(struct controller *c, struct game *g, enum side side, struct order *o);
bool computer_start(struct computer *c, struct game *g, const char *ai);
void loud_refused(struct controller *c, struct game *g, enum side side, const struct order *o,
                         const char *why);
int loud_decide(struct controller *c, struct game *g, struct decision *d);
void remember(struct game *g);
void computer_free(struct computer *c);

/* signals.c: SIGHUP and SIGTERM raise got_hangup, SIGINT got_interrupt. */
void catch_signals(void);

/* autosave.c: the hooks that save, export and read battles by name, the
 * autosave's name (autosave_as) and the autosave itself, the last word. */
void autosave_as(const char *loaded_from);
int export_map_named(struct game *g, const char *name, char *why, size_t size);
struct game *read_save(const char *name, bool start_only, struct diag *d);
void say_saved(void);
bool autosave(struct game *g, struct ui *ui);
int save_named(struct game *g, const char *name, char *why, size_t size);
int export_named(struct game *g, const char *name, char *why, size_t size);

/* terminal.c: the terminal's fitness said in our words, and the battle
 * played there. */
bool terminal_usable(void);
int run_terminal(struct game *g, struct options *o);

/* replay.c: --replay, in batch mode or in the terminal. */
int run_replay(const struct options *o);

#endif
