/* SPDX-License-Identifier: GPL-3.0-or-later */
/* options: the player's settings (~/.config/grognard/grognard.cfg): the
 * keys, colours, glyphs and watch-mode delay. */
#ifndef GROGNARD_OPTIONS_H
#define GROGNARD_OPTIONS_H

#include <stdbool.h>

#include "diag.h"

/* The actions keys are bound to belong to the front end (ACTION_LIST in
 * src/ui/ui-keymap.h): the loader knows only what the file needs of
 * them, their names and default keys, lent by the caller (main.c passes
 * ui_keymap), so that io needs nothing of ui. */
#define OPTIONS_MAX_ACTIONS 64
struct options_keymap {
	int n;                     /* actions, at most OPTIONS_MAX_ACTIONS */
	const char *const *names;  /* each one's name in the file */
	const int *keys;           /* and its default key */
};

/* Things drawn in colour: the name in the file, the default colour, and
 * the colour in the palette safe for colour-blind players (palette =
 * "colour_blind": the sides blue and yellow, which red-green colour
 * blindness keeps apart; nothing else of the map yellow). */
#define PALETTE_LIST(X) \
	X(PAL_SIDE_A, "side_a", "blue", "blue") \
	X(PAL_SIDE_B, "side_b", "red", "yellow") \
	X(PAL_WATER, "water", "cyan", "cyan") \
	X(PAL_WOOD, "wood", "green", "green") \
	X(PAL_VILLAGE, "village", "yellow", "white") \
	X(PAL_HILL, "hill", "yellow", "white") \
	X(PAL_ROAD, "road", "white", "white") \
	X(PAL_OBSTACLE, "obstacle", "magenta", "magenta") \
	X(PAL_OVERLAY, "overlay", "yellow", "magenta") \
	X(PAL_CURSOR, "cursor", "white", "white")

/* The palettes the options file may name ('palette'). */
enum palette_set { PALETTE_DEFAULT, PALETTE_COLOUR_BLIND, PALETTE_SETS };
extern const char *const palette_set_names[PALETTE_SETS];

#define PALETTE_ID(id, name, colour, safe) id,
enum palette { PALETTE_LIST(PALETTE_ID) PAL_COUNT };
extern const char *const palette_names[PAL_COUNT];

/* The slowest pace of watch mode, in ms (the options file and the keys). */
#define OPTIONS_WATCH_DELAY_MAX 10000

/* What became of the options file. */
enum options_file {
	OPTIONS_NO_PLACE,  /* neither XDG_CONFIG_HOME nor HOME is set: no file */
	OPTIONS_MISSING,   /* none at path yet: the defaults */
	OPTIONS_READ,      /* read from path */
	OPTIONS_REJECTED,  /* path has errors: the defaults, every one */
};

struct ui_options {
	const struct options_keymap *keymap; /* the actions key[] is indexed by */
	int key[OPTIONS_MAX_ACTIONS];
	int colour[PAL_COUNT];  /* curses colour numbers 0..7 */
	enum palette_set palette; /* the palette the colours start from */
	bool ascii;             /* plain ASCII glyphs even in a UTF-8 locale */
	int watch_delay;        /* ms between the computer's orders on screen,
	                           0 .. OPTIONS_WATCH_DELAY_MAX */
	enum options_file file;
	char path[1024];        /* the file read, or where it would be read */
};

/* The defaults, the keys those of the keymap. */
void options_default(struct ui_options *o, const struct options_keymap *keymap);
/* Read the options file (path, or NULL for the default place) and say
 * which file it was in o->path and o->file.  A missing file is fine; a
 * bad one gives path:line: messages and false, and changes no option: a
 * file half right is not half applied. */
bool options_load(struct ui_options *o, const char *path, struct diag *d);
/* "m", "^P", "tab", "space", "enter", "f1" ... for help screens; "(no
 * key)" for 0, an action the file left on no key. */
const char *options_key_name(int key, char buf[16]);

#endif
