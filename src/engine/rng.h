/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rng: the seeded dice generator (xoshiro256**).  The rules' dice come only
 * from here, so the same seed and the same orders give the same battle. */
#ifndef GROGNARD_RNG_H
#define GROGNARD_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
	uint64_t draws; /* dice thrown so far (scripted ones too), for saves and undo */
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* A uniform integer in [0, n), without modulo bias. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* One six-sided die.  (Scripted dice, for tests and batch mode, are the
 * game's: game_script_dice.) */
int rng_d6(struct rng *r);

#endif
