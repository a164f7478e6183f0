/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forces: a force raised for a nationality and a size (a division, a
 * corps) for a random battle: brigades, unit types, ratings, strengths
 * and commanders, every throw logged. */
#ifndef GROGNARD_FORCES_H
#define GROGNARD_FORCES_H

#include <stddef.h>

#include "enums.h"

struct game;

#define FORCE_SIZE_LIST(X) \
	X(FS_DIVISION, "division", "a division") \
	X(FS_CORPS, "corps", "a corps")

enum force_size { FORCE_SIZE_LIST(ENUM_ID) FS_COUNT };
extern const struct enum_name force_size_names[FS_COUNT];

/* The name of a nationality's army in the plural ("the French"). */
const char *forces_plural(enum nationality nat);

/* Raise a side's force in g: its corps, divisions, brigades, units and
 * commanders (corps and division commanders to be rated by
 * orbat_roll_ratings).  How many battalions, regiments and batteries,
 * and each unit's rating and strength, are thrown for; names and ids are
 * chosen from pick.  0, or -1 with why. */
int forces_raise(struct game *g, enum side side, enum nationality nat, enum force_size size,
                 unsigned long long pick, char *why, size_t wsize);

#endif
