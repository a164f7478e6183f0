/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search: the hard computer's look-ahead, which plays its best choices
 * for an initiative forward on the game with dice of its own. */
#ifndef GROGNARD_SEARCH_H
#define GROGNARD_SEARCH_H

#include "ai.h"

struct ai_tuning;

struct game;

/* The look-ahead of the controller ai (its level's numbers): NULL when
 * out of memory. */
struct search *search_new(const struct general_ai *ai, struct game *g);
void search_free(struct search *s);

/* Before the first order of an initiative's phase: compare the side's
 * choices for it and set ai->pick (for this initiative) to the best on
 * average.  The game is as it was after, but for its cosmetic stream,
 * from which the trials' dice were drawn. */
void search_initiative(struct general_ai *ai, struct game *g, enum side side);

/* The numbers side plays by now: the manner the search chose while its
 * initiative lasts, else the level's own. */
const struct ai_tuning *search_tuning(const struct general_ai *ai, const struct game *g, enum side side);

#endif
