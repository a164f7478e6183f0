/* SPDX-License-Identifier: GPL-3.0-or-later */
/* odds-order: the chances of a charge or a shot ordered now, and of a
 * reaction's choices, for the player to see before committing.  Pure:
 * nothing in the game changes and no die is seen or thrown. */
#ifndef GROGNARD_ODDS_ORDER_H
#define GROGNARD_ODDS_ORDER_H

#include <stdbool.h>
#include <stddef.h>

#include "control.h"
#include "fire.h"
#include "odds.h"

/* The combat of a and t fought one on one to its end where both stand
 * now (formations, who is charging, the ground): [0] is a's. */
void odds_fight_units(const struct game *g, int a, int t, struct odds_fight *out);

/* A charge by unit on target as if its side gave the order now (whoever
 * has the initiative).  Fights are one on one: units that may join in
 * are not counted. */
struct odds_charge {
	int unit, target;
	bool cautious;          /* in command but cautious: it tests first */
	double test;            /* the chance that test passes (1 without one) */
	bool extend;            /* out of reach: an extended charge */
	double gap;             /* how far short it falls */
	int extend_dice;        /* the extension's dice */
	double extend_pass;     /* its quality test */
	double extend_reach;    /* its dice make up the gap */
	double go;              /* the charge sets off and reaches its target */
	/* The target's reactions the rules allow it, their chances, and
	 * the fights that follow. */
	bool reacts;            /* false: a blue marker, it may not react */
	bool counter;           /* it may counter-charge */
	double counter_pass;    /* a cautious target's test (1 without one) */
	bool fall_back;         /* skirmishers may fall back: no fight, the
	                         * charger gains a break-through */
	bool flee;              /* horse artillery may limber and flee */
	double flee_pass;       /* it gets away; failing, it is overrun */
	bool square;            /* it may try an emergency square */
	int square_bonus;       /* the bonus to that throw, or -1 */
	double square_pass;     /* it forms */
	double feint_pass;      /* the charger's feint at the square (0: none) */
	bool failed_gone;       /* the hits of a failed square remove it */
	struct odds_fight stand;     /* the target stands: [0] charger, [1] target */
	struct odds_fight met;       /* met by its counter-charge */
	struct odds_fight in_square; /* against the emergency square */
	struct odds_fight failed;    /* after a failed square's hits */
};
/* 0 with the odds, or -1 with why naming the rule that forbids it. */
int odds_charge(struct game *g, int unit, int target, struct odds_charge *o, char *why, size_t size);

/* A shot by firer at target (at aim, or the best point when NULL): the
 * engine's dice, the hits to expect, the chance of one at least and of
 * the target's removal.  false with o->shot.why when it may not fire. */
struct odds_fire {
	struct fire_shot shot;
	double hits, one, removed;
};
bool odds_fire_at(const struct game *g, int firer, int target, const struct vec2 *aim, struct odds_fire *o);

/* The chances behind a decision's choices, for d->unit against d->other. */
struct odds_choice {
	enum decision_kind kind;
	double pass;            /* the test the choice throws passes, or -1 (none) */
	bool fail_gone;         /* failing removes the unit (horse artillery
	                         * overrun, a failed square's hits) */
	int fail_hits;          /* the hits failing costs (emergency square) */
	bool overrun;           /* guns caught: overrun outright, no fight */
	bool has_go, has_stay;
	bool go_for_other;      /* go and stay: [0] is the other (the charger) */
	struct odds_fight go;   /* the fight if it acts (charges, forms square) */
	struct odds_fight stay; /* the fight if it stands */
	double per_sp;          /* join, break out, split: expected hits a melee
	                         * round for each strength point thrown at the enemy */
	double per_sp_impact;   /* the same at the impact round (a split), or -1 */
	int need;               /* the hits that remove the enemy (more are lost) */
	bool has_fire;          /* return or supporting fire: the shot's odds */
	struct odds_fire fire;
	int halvings;           /* before the ground's halvings */
};
void odds_decision(struct game *g, const struct decision *d, struct odds_choice *o);

#endif
