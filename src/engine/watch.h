/* SPDX-License-Identifier: GPL-3.0-or-later */
/* watch: what has changed of the units and the command stands since the
 * engine last looked for stands under units, so that the next look
 * measures only those (part of the state module, as the grid is). */
#ifndef GROGNARD_WATCH_H
#define GROGNARD_WATCH_H

#include <stdbool.h>

struct game;
struct watch;

/* Who looks: the stands under their own side's units (pushed clear:
 * move_clear_all_stands), and under the enemy's (they evade:
 * react_stands_overlapped). */
enum watcher { WATCH_FRIENDS, WATCH_ENEMIES, WATCH_COUNT };

/* What changed since the watcher's last look: the units whose footprint,
 * state or markers differ from what it saw, and the stands whose place,
 * state or attachment differ or that it left suspect (moved while it
 * looked).  The lists belong to the watch, good until its next call. */
struct watch_changes {
	const int *units, *cmdrs;
	int nunits, ncmdrs;
};

/* false when the watcher must look at everything: it has not looked yet,
 * the forces changed in number, memory ran short, or so much changed
 * that looking at all of it is as cheap. */
bool watch_changes(struct game *g, enum watcher w, struct watch_changes *out);
/* The watcher has looked: what it saw is the state now; the stands
 * flagged in moved (one flag a commander; may be NULL) moved while it
 * looked and are to be looked at again next time. */
void watch_looked(struct game *g, enum watcher w, const unsigned char *moved);
/* Forget what every watcher saw: the next look is a whole one. */
void watch_forget(struct game *g);
/* How many looks were partial (watch_changes gave the changes), and, in
 * a build with WATCH_CHECK, how many of them left out a unit and a stand
 * that overlap as the watcher would count it (0 otherwise): for tests. */
int watch_partial_looks(const struct game *g);
int watch_misses(const struct game *g);

struct watch *watch_new(void);
void watch_free(struct watch *w);

#endif
