/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fire: who may shoot whom, from which face, at which aiming point and with
 * how many dice ("The Firing Phase", terrain cover, wet powder).  Pure:
 * no dice are thrown and nothing in the game changes. */
#ifndef GROGNARD_FIRE_H
#define GROGNARD_FIRE_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"
#include "unit.h"

struct game;

#define FIRE_TEXT_LEN 256

struct fire_shot {
	int firer, target;       /* target: -1 when bombarding a feature */
	int feature;             /* the feature bombarded, or -1 */
	struct vec2 aim;         /* the aiming point on the target's footprint */
	struct vec2 tri[3];      /* the zone of fire: the firing face's two corners and aim */
	int face;                /* the face that fires: 0 front (squares may use 0..3) */
	double range;            /* from the closest point of the firer's footprint to the aim */
	enum range_band band;    /* artillery band; RANGE_CLOSE for small arms */
	int base, bonus;         /* dice by formation (small arms) or weight and band, and the +1s */
	int halvings;            /* how many times the dice are halved */
	int dice;                /* (base + bonus) halved 'halvings' times, rounded down once at the end */
	bool at_unformed, through_unformed, cover, showers; /* each one halving */
	int covers;              /* terrain features giving the target cover */
	char why[FIRE_TEXT_LEN];    /* not eligible: the sentence naming the rule */
	char detail[FIRE_TEXT_LEN]; /* eligible: how the dice were found */
};

/* Can firer shoot target?  With aim given, at that aiming point; with aim
 * NULL, at the best legal one (most dice, then shortest range).  true and
 * the shot filled when eligible (a shot of 0 dice is eligible but
 * pointless); false with shot->why otherwise, and, where an aiming point
 * was tried, the geometry of the attempt whose refusal is reported (the
 * one that came nearest to being legal). */
bool fire_check(const struct game *g, int firer, int target,
                const struct vec2 *aim, struct fire_shot *shot);

/* Can artillery firer fire at a terrain feature (structural damage)?
 * The same refusals as fire_check for the firer, its facing, range,
 * sight and zone of fire, with the aiming point on the feature (aim, or
 * the nearest legal one); the feature's occupants and whether it can be
 * damaged are for the caller.  No dice: shot->dice is 0. */
bool fire_check_feature(const struct game *g, int firer, int feature, const struct vec2 *aim,
                        struct fire_shot *shot);

/* Hits for a sum of dice: one per full rules_fire.pips_per_hit. */
int fire_hits(int sum);

/* Could u put (hypothetical) fire on t by its facing and formation alone?
 * (t outflanks u when u cannot.)  Squares always can; range, other units
 * and terrain are not considered. */
bool fire_can_bear(const struct game *g, const struct unit *u,
                   const struct unit *t);

/* Dice after halving n times, rounding down once at the end. */
int fire_halve(int dice, int n);

#endif
