/* SPDX-License-Identifier: GPL-3.0-or-later */
/* random-battle: a random battle as the program meets it: its options,
 * the scenario name a save keeps to make it again, the battle made and
 * loaded, and any battle's start written as files. */
#ifndef GROGNARD_RANDOM_BATTLE_H
#define GROGNARD_RANDOM_BATTLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "engine/enums.h"

struct game;

#define RANDOM_PREFIX "random:"

struct random_options {
	char region[32];               /* a region's id; "" thrown for */
	char size[16];                 /* "division" or "corps"; "" corps */
	char force[SIDE_COUNT][160];   /* a nationality, an orbat file; "" thrown for */
	char regions[160];             /* a region table file; "" the built-in one */
};

/* Is this scenario name a random battle's? */
bool random_is_name(const char *scenario);
/* The scenario name of a random battle (what saves keep): 0, or -1 with
 * why when the options are not good (an unknown region, size or force). */
int random_name(const struct random_options *o, uint64_t seed, char *out, size_t size, char *why,
                size_t wsize);
/* Make the battle of a name, with the battle's dice seeded by seed: the
 * terrain procedure and the forces in a game of their own, written as a
 * scenario and loaded, the procedure's log at the head of the battle's.
 * NULL with every problem in d. */
struct game *random_open(const char *name, uint64_t seed, struct diag *d);

/* The forces a random battle may be given (nationalities, orbats found
 * in the data and the player's directories): count, and names into out. */
int random_forces(char out[][160], int max);

/* Write any battle as it began (ratings, time and weather as they fell)
 * to NAME.cfg, NAME-A.cfg and NAME-B.cfg.  0 with what was written in
 * why, or -1 with why. */
int random_export_start(const struct game *g, const char *builtin_name, const char *builtin_text,
                        const char *name, char *why, size_t size);

#endif
