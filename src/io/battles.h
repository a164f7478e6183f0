/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battles: the battles there are to fight (the built-in one, the maps in
 * the data directory's maps/ and the player's own), each with its year,
 * nations, size and briefing, for --list and the start-up menu. */
#ifndef GROGNARD_BATTLES_H
#define GROGNARD_BATTLES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "engine/enums.h"
#include "engine/unit.h"

/* The name --list gives the built-in battle (also its file's, default.cfg,
 * in the data directory, which is not listed again). */
#define BATTLES_BUILTIN "default"

struct battle_entry {
	char name[64];          /* what to give as SCENARIO ("auerstedt") */
	char path[PATH_MAX];    /* the map file; "" for the built-in battle */
	bool mine;              /* from the player's own maps/ */
	char title[NAME_LEN];   /* the map's name */
	char year[8];           /* from its date; "-" when it has none */
	char date[32];          /* the date as given, to sort by */
	char nations[SIDE_COUNT][64]; /* "French", "British/Prussian+" */
	int units[SIDE_COUNT];  /* units a side, reserves counted */
	char *briefing;         /* the map's description, or NULL */
};

struct battle_list {
	struct battle_entry *e;
	int n;
	int failed;             /* map files that would not load (their errors in d) */
};

/* Every battle: the built-in one (its text, and the name its messages
 * give) first, then the player's maps, then the data directory's that
 * the player's do not hide, in order of date and name.  Each map is
 * loaded as a battle would be; one that fails is left out, its problems
 * added to d.  False only when out of memory. */
bool battles_list(struct battle_list *l, const char *builtin_text, const char *builtin_name,
                  struct diag *d);
void battles_free(struct battle_list *l);
/* One battle as a line of text: year, nations, units a side and title,
 * in columns as wide as the list's widest (for --list, the name first
 * too; without it, for the menu, closer set, one nation a side and a
 * "+" for more). */
void battles_line(const struct battle_list *l, int i, bool with_name, char *out, size_t size);

#endif
