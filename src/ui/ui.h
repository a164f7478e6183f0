/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui: the ncurses front end: the scaled battlefield, the unit panel, the
 * phase log, the status line, prompts, help.  The only user of curses. */
#ifndef GROGNARD_UI_H
#define GROGNARD_UI_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "engine/control.h"
#include "io/options.h" /* struct ui_options, which ui_open takes */
#include "ui-keymap.h"

struct game;

/* The player at the keyboard, as a controller. */
struct ui;
struct human {
	struct controller ctl;
	struct ui *ui;
};

/* Can the terminal ($TERM) show the battlefield?  If not, why says so,
 * naming it, in a sentence for the player (without "grognard: "). */
bool ui_terminal_usable(char *why, size_t size);
/* Start curses (mono forces black and white); NULL if there is no usable
 * terminal. */
struct ui *ui_open(struct game *g, const struct ui_options *opts, bool mono);
void ui_close(struct ui *ui);
void human_init(struct human *h, struct ui *ui);
/* The computer's controller, shown on screen as it plays (with the watch
 * mode's pause, step and delay when no side is human). */
struct controller *ui_watch(struct ui *ui, struct controller *inner, bool watch_mode);
/* Let the UI offer "decide for me" to a side by asking this controller. */
void ui_set_advisor(struct ui *ui, enum side side, struct controller *advisor);
/* Show the end of the battle and wait for a key. */
void ui_battle_over(struct ui *ui);

/* What the program lends the interface: saving, exporting, and the flags
 * its signal handlers raise (hang-up or termination; Ctrl-C). */
struct ui_hooks {
	int (*save)(struct game *g, const char *name, char *why, size_t size);
	int (*export_log)(struct game *g, const char *name, char *why, size_t size);
	volatile sig_atomic_t *hangup, *interrupt;
	/* The battle as it began, as map and orbat files (':export-map'). */
	int (*export_map)(struct game *g, const char *name, char *why, size_t size);
};
void ui_set_hooks(struct ui *ui, const struct ui_hooks *h);
/* Did the last stop come from a hang-up or termination signal? */
bool ui_hung_up(const struct ui *ui);
/* A menu (keys and labels); the chosen index or -1. */
int ui_choose(struct ui *ui, const char *title, const char *const *keys, const char *const *labels,
              int n, const char *hint);
/* The same, with each item's details (a paragraph, or NULL) shown under
 * the list for the highlighted item; a long list scrolls. */
int ui_choose_detail(struct ui *ui, const char *title, const char *const *keys,
                     const char *const *labels, const char *const *details, int n, const char *hint);
bool ui_ask(struct ui *ui, const char *question);
/* At the start of a battle whose weather was thrown: ask whether to throw
 * it again (the players agree; against the computer the player alone
 * decides), and do so. */
void ui_offer_rethrow(struct ui *ui, struct game *g);
void ui_message(struct ui *ui, const char *text);
/* The same, shown as something gone wrong. */
void ui_alert(struct ui *ui, const char *text);
/* Lines to read on a page of their own (long ones wrapped), until q. */
void ui_show_text(struct ui *ui, const char *title, const char *const *lines, int n);
/* The errors of the options file (path:line: messages), if it was
 * rejected, on a page of their own: the game goes on with the defaults. */
void ui_options_errors(struct ui *ui, const char *const *msgs, int n);

struct snapshot;
/* Step through a replayed battle: frame 0 is the start, frames 1 to n-2
 * the start of each initiative, frame n-1 the end; nlog[k] the log lines
 * at frame k. */
void ui_view_replay(struct ui *ui, struct snapshot *frames, const int *nlog, int n);

#endif
