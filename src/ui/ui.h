/* ui: the ncurses front end: the scaled battlefield, the unit panel, the
 * phase log, the status line, prompts, help.  The only user of curses. */
#ifndef GROGNARD_UI_H
#define GROGNARD_UI_H

#include <stdbool.h>

#include "engine/control.h"
#include "io/options.h"

struct game;

/* The player at the keyboard, as a controller. */
struct ui;
struct human {
	struct controller ctl;
	struct ui *ui;
};

/* Start curses (mono forces black and white); NULL if there is no usable
 * terminal. */
struct ui *ui_open(struct game *g, const struct ui_options *opts, bool mono);
void ui_close(struct ui *ui);
void human_init(struct human *h, struct ui *ui);
/* The computer's controller, shown on screen as it plays (with the watch
 * mode's pause, step and delay when no side is human). */
struct controller *ui_watch(struct ui *ui, struct controller *inner, bool watch_mode);
/* Let the UI offer "decide for me" by asking this controller. */
void ui_set_advisor(struct ui *ui, struct controller *advisor);
/* Show the end of the battle and wait for a key. */
void ui_battle_over(struct ui *ui);

#endif
