/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forces: a force raised for a nationality and a size (a division, a
 * corps) for a random battle: brigades, unit types, ratings, strengths
 * and commanders, every throw logged. */
#ifndef GROGNARD_FORCES_H
#define GROGNARD_FORCES_H

#include <stdbool.h>
#include <stddef.h>

#include "enums.h"

struct game;

#define FORCE_SIZE_LIST(X) \
	X(FS_DIVISION, "division", "a division") \
	X(FS_CORPS, "corps", "a corps")

enum force_size { FORCE_SIZE_LIST(ENUM_ID) FS_COUNT };
extern const struct enum_name force_size_names[FS_COUNT];

/* How a force is organised: thrown once for a random battle, so that
 * both sides field forces alike (their units' ratings and strengths
 * thrown apart). */
#define FORCE_MAX_DIVS 3
struct force_shape {
	enum force_size size;
	int divisions;                      /* infantry divisions */
	int battalions[FORCE_MAX_DIVS][2];  /* in each infantry brigade */
	bool light[FORCE_MAX_DIVS][2];      /* its first regiment light infantry */
	int batteries[FORCE_MAX_DIVS];      /* each division's artillery */
	int regiments[2];                   /* in each cavalry brigade */
	bool horse[2];                      /* with a horse battery */
	int second;                         /* corps: the second cavalry brigade:
	                                     * 0 dragoons, 1 heavy, 2 light */
};
/* Throw the organisation of a force of a size. */
void forces_shape(struct game *g, enum force_size size, struct force_shape *out);

/* The name of a nationality's army in the plural ("the French"). */
const char *forces_plural(enum nationality nat);

/* Raise a side's force in g as the shape says: its corps, divisions,
 * brigades, units and commanders (corps and division commanders to be
 * rated by orbat_roll_ratings).  Each unit's rating and strength are
 * thrown for; names and ids are chosen from pick.  0, or -1 with why. */
int forces_raise(struct game *g, enum side side, enum nationality nat, const struct force_shape *shape,
                 unsigned long long pick, char *why, size_t wsize);

#endif
