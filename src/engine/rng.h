/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rng: the seeded dice generator (xoshiro256**).  The rules' dice come only
 * from here, so the same seed and the same orders give the same battle. */
#ifndef GROGNARD_RNG_H
#define GROGNARD_RNG_H

#include <stdint.h>

#define RNG_SCRIPT_MAX 64

struct rng {
	uint64_t s[4];
	uint64_t draws; /* dice thrown so far, for saves and replays */
	/* Scripted dice for tests: when script_len > script_pos, faces come
	 * from here instead of the generator. */
	int script[RNG_SCRIPT_MAX];
	int script_len, script_pos;
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* A uniform integer in [0, n), without modulo bias. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* One six-sided die. */
int rng_d6(struct rng *r);
/* Queue faces (1..6) to be thrown before the generator is used again. */
void rng_script(struct rng *r, const int *faces, int n);

#endif
