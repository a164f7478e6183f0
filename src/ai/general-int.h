/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general-int: what the computer opponent's files (general*.c) share. */
#ifndef GROGNARD_GENERAL_INT_H
#define GROGNARD_GENERAL_INT_H

#include <stdbool.h>

#include "ai.h"
#include "engine/game.h"
#include "plan.h"

static inline bool general_active(const struct unit *u)
{
	return u->state == US_ACTIVE;
}

/* The centre of a side's (or a division's, div >= 0) units on the table;
 * false when it has none there (general-plan.c). */
bool general_centroid(const struct game *g, enum side side, int div, struct vec2 *c);

/* Each Turn: each division's role and objective, and how pressed the side
 * is (general-plan.c). */
void general_plan(struct general_ai *ai, struct game *g, enum side side);

/* The order of the initiative phase: a commander placed, a division
 * marched, a brigade given the initiative, or the end (general-command.c). */
void general_initiative(struct general_ai *ai, struct game *g, enum side side, struct order *o);

/* Before a brigade's units act: its commander attached where most needed,
 * or moved up; false when he stays (general-command.c). */
bool general_brigade_commander(struct general_ai *ai, struct game *g, enum side side, struct order *o);

/* The choices of an initiative a side could make, the one general_initiative
 * would make first, then the others by what is at stake (at most max):
 * a brigade's index, or -2 - d for division d marching as a whole
 * (general-command.c).  How many. */
int general_choices(struct general_ai *ai, struct game *g, enum side side, int *out, int max);
enum { PICK_NONE = -1, GENERAL_CHOICES_MAX = 8 };

/* A controller of the level without a look-ahead, for the search's trials
 * (general.c); 0, or -1 when out of memory. */
int general_init_plain(struct general_ai *ai, struct game *g, enum ai_level level);

#endif
