/* SPDX-License-Identifier: GPL-3.0-or-later */
/* save: a battle to a file and back (the whole state, the dice, the log
 * and every order so far), written so that a good save is never lost. */
#ifndef GROGNARD_SAVE_H
#define GROGNARD_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "diag.h"

struct game;
struct order;

#define SAVE_FORMAT 1

/* How orders become text and back: the command language's canonical
 * form (cmd_format_order, cmd_parse_order), passed in by the caller. */
struct save_hooks {
	const char *(*format)(const struct game *g, const struct order *o, char *buf, size_t size);
	int (*parse)(const struct game *g, const char *line, struct order *o, char *err, size_t size);
	const char *builtin_name; /* the name of the compiled-in battle */
	const char *builtin_text; /* and its text */
};

/* The words for who plays (--side) and how the computer plays (--ai), as
 * the command line and the save's game group take them (NULL-ended). */
extern const char *const save_players_words[];
extern const char *const save_ai_words[];
/* The places of the levels in save_ai_words. */
enum { AI_WORD_NAIVE, AI_WORD_EASY, AI_WORD_NORMAL, AI_WORD_HARD };
bool save_word_ok(const char *const *words, const char *w);
/* The computer's level for each side (an index into save_ai_words) from
 * --ai's text or the save's: one level for both sides ("hard"), or a
 * side's own ("B=naive"), or each side's ("A=hard,B=normal"); a side the
 * text does not name keeps the level it had in levels.  False, levels
 * untouched, for any other text. */
bool save_ai_levels(const char *text, int levels[2]);
/* The same levels written back: one word when the sides share it, else
 * "A=LEVEL,B=LEVEL" (at most 17 characters). */
void save_ai_text(const int levels[2], char *out, size_t size);

/* The directory for saves: $XDG_DATA_HOME/grognard (an absolute
 * XDG_DATA_HOME only), or ~/.local/share/grognard; created (0700), with
 * any missing parent, when missing.  NULL with why. */
const char *save_dir(char *buf, size_t size, char *why, size_t wsize);
/* A save's path from a name a player typed: letters, digits, '-', '_'
 * and '.', not starting with '.', at most 64 characters; ".save" added. */
bool save_path_for(const char *name, char *out, size_t size, char *why, size_t wsize);

/* Write a file as saves are written: body writes it to a temporary file
 * beside path, which is flushed and synced, then renamed over path (the
 * old one kept as path.bak when backup): a full disk leaves the old file
 * as it was.  0, or -1 with why ("cannot write WHAT: ..."). */
int save_write_atomic(const char *path, const char *what, bool backup,
                      void (*body)(FILE *f, const void *ctx), const void *ctx, char *why, size_t size);
/* Write the battle: to a temporary file beside the target, flushed and
 * synced, the old save kept as NAME.save.bak, then renamed into place.  On any
 * failure the old file is untouched.  0, or -1 with why (the cause only:
 * what it means for the player is the caller's to say). */
int save_write(const struct game *g, const char *path, const struct save_hooks *h, char *why,
               size_t size);
/* Read a save: the scenario it names is loaded again (and must be the
 * same file) and the saved state laid over it.  NULL with every problem
 * in d as path:line: message. */
struct game *save_read(const char *path, const struct save_hooks *h, struct diag *d);
/* The same battle as it began: the scenario with the save's seed, and
 * the save's history of orders (to replay them). */
struct game *save_read_start(const char *path, const struct save_hooks *h, struct diag *d);
/* A look at a save without loading it: title, Turn, whether it is over. */
bool save_peek(const char *path, char *title, size_t size, int *turn, bool *over);

/* Autosaves are named "autosave", "autosave-2", "autosave-3" ... */
#define SAVE_AUTOSAVE "autosave"
/* Is this (a name or a path, with or without .save) an autosave's name? */
bool save_is_autosave(const char *name);
/* Delete the save called name (and the NAME.save.bak beside it); false
 * with why. */
bool save_remove(const char *name, char *why, size_t wsize);
/* Abandoned battles do not pile up: of the unfinished autosaves in the
 * saves directory, the newest keep stay and the older ones are removed.
 * Saves the player named, and files that cannot be read as saves, are
 * never touched.  Returns how many were removed. */
int save_prune_autosaves(int keep);

/* An unfinished battle in the saves directory. */
struct save_entry {
	char name[72];   /* without .save */
	char title[80];  /* the battle's title (as long as NAME_LEN) */
	int turn;
	time_t when;     /* last written */
};
/* The unfinished battles in the saves directory, newest first: all are
 * read, the newest max kept.  Returns how many (0 when none or no
 * directory). */
int save_list(struct save_entry *out, int max);

#endif
