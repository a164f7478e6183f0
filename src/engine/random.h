/* SPDX-License-Identifier: GPL-3.0-or-later */
/* random: a whole random battle: the region, the two forces, invader and
 * defender, the ground (dbm), deployment zones and the brigades laid out
 * in them, objectives from the ground, the Turn limit, time and weather. */
#ifndef GROGNARD_RANDOM_H
#define GROGNARD_RANDOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dbm.h"
#include "forces.h"

struct game;

struct random_request {
	int region;                   /* index in the table, or -1: thrown for */
	enum force_size size;
	int nat[SIDE_COUNT];          /* a nationality, or -1: thrown for */
	/* A side whose force is an existing orbat: load_force puts it in the
	 * game (its nationality already in nat). */
	bool shipped[SIDE_COUNT];
	int (*load_force)(void *ctx, struct game *g, enum side side, char *why, size_t size);
	void *ctx;
	uint64_t seed;                /* the battle's seed: the choices not thrown come from it */
};

struct random_info {
	int region;
	struct dbm_result dbm;
	double zone;                  /* deployment zones' depth (cm) */
};

/* Build the battle in g (a new game whose dice are the procedure's):
 * every throw logged, everything rolled fixed (ratings, time, weather)
 * so that the result can be written as a scenario.  0, or -1 with why. */
int random_battle(struct game *g, const struct dbm_table *t, const struct random_request *rq,
                  struct random_info *info, char *why, size_t size);

/* The deployment zone of a side: y from y0 to y1. */
void random_zone(const struct game *g, double depth, enum side side, double *y0, double *y1);

/* Put the lines of from's log before those of to's (the story of how a
 * random battle was made, at the head of the battle's own log). */
int random_take_log(struct game *to, const struct game *from);

/* A number derived from a seed for one purpose (the dice of the
 * procedure, each free choice), so that they do not repeat each other. */
uint64_t random_derive(uint64_t seed, uint64_t purpose);

#endif
