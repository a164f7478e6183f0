/* SPDX-License-Identifier: GPL-3.0-or-later */
/* odds: the rules' real probabilities, worked out exactly from the tables
 * in rules.c: one implementation for the computer opponent's weighing and
 * the player's preview.  Nothing here sees or throws a die. */
#ifndef GROGNARD_ODDS_H
#define GROGNARD_ODDS_H

#include <stdbool.h>

struct game;
struct unit;

/* Chance that 1D6 plus bonus reaches need (a quality test, a melee hit). */
double odds_d6_at_least(int need, int bonus);
/* Chance that a quality test of u passes (1D6 + bonus >= its rating). */
double odds_pass(const struct unit *u, int bonus);
/* Expected hits of a fire of this many dice: one hit for each full
 * rules_fire.pips_per_hit of their sum. */
double odds_fire_hits(int dice);
/* Chance that such a fire scores at least k hits. */
double odds_fire_at_least(int dice, int k);
/* Chance that n D6 add up to at least need (an extended charge's dice). */
double odds_sum_at_least(int n, double need);
/* Expected hits of hand-to-hand sets: sets throws of dice dice, each die
 * a hit on need or more. */
double odds_melee_hits(int sets, int dice, int need);

/* One side of a hand-to-hand combat between two units: its strength, the
 * strength at or under which it is removed, the score each die needs, how
 * often the ground halves its dice, and the sets it throws in the impact
 * round and in every melee round. */
struct odds_fighter {
	int sp, elim, need, halvings;
	int impact_sets, round_sets;
	/* Several units fighting as one (a unit and those joining it): the
	 * impact round's dice, counted from each unit, and the dice each
	 * strength point throws a melee round, on average. */
	bool pooled;
	int impact_dice;
	double round_per_sp;
};
/* The combat fought to its end as the rules fight it: the impact round,
 * then melee rounds until one of them (or both) is removed, losses taken
 * at the end of each round.  Exact, by the distribution of every round.
 * A combat where neither side can score stops (as the engine's round limit
 * does) with both standing. */
struct odds_fight {
	double lost[2];  /* expected strength points lost, removal counting all */
	double gone[2];  /* chance each is removed */
	double win[2];   /* chance each wins: the other removed, it not */
	double brk[2];   /* chance each has no enemy left after the impact
	                  * round, itself standing: a break-through */
};
void odds_fight(const struct odds_fighter *a, const struct odds_fighter *b,
                struct odds_fight *out);
/* Unit u alone as a fighter against enemy e where both stand now: its
 * strength, quality, the ground's halvings and its sets by the engine's
 * own count. */
void odds_fighter_of(const struct game *g, int u, int e, struct odds_fighter *f);
/* Dice of a set after the ground's halvings (each halving rounds down). */
int odds_halved(int sp, int halvings);

#endif
