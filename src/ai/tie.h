/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tie: the computer's choice among candidates of equal value, drawn from
 * the game's cosmetic stream (never the rules' dice), so that equals are
 * not always settled by the order they come in. */
#ifndef GROGNARD_TIE_H
#define GROGNARD_TIE_H

#include <stdbool.h>

#include "engine/game.h"
#include "engine/rng.h"

/* A candidate as good as the best so far, whose count of equals (the
 * best included) is *n: whether it takes the best's place.  The k-th of
 * n equals is kept with chance 1/k, so each is as likely to be chosen.
 * Start *n at 1 with each new best.  Only ever called outside the
 * engine's previews (which would take the draw back). */
static inline bool ai_tie(struct game *g, int *n)
{
	return rng_below(&g->cosmetic, (uint64_t)++*n) == 0;
}

#endif
