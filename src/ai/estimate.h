/* SPDX-License-Identifier: GPL-3.0-or-later */
/* estimate: what the computer opponent expects of a fight, a charge and
 * each reaction, from the rules' real probabilities (engine/odds.c) and the
 * engine's own rule checks.  Nothing here throws a die, and every unit it
 * sets somewhere to look is put back as it was. */
#ifndef GROGNARD_ESTIMATE_H
#define GROGNARD_ESTIMATE_H

#include <stdbool.h>

struct game;
struct unit;
struct est_paths;

/* What a strength point of a unit is worth (guns are scarce; a unit
 * holding an objective the enemy is close to carries a share of it), and
 * what
 * its removal is worth on top of its strength points (more as its side
 * nears breaking, or when it holds an objective the enemy is close to). */
double est_sp_worth(const struct game *g, const struct unit *u);
double est_gone_worth(const struct game *g, const struct unit *u);
/* Both at once (one look at the objectives for the two). */
void est_worths(const struct game *g, const struct unit *u, double *sp_worth, double *gone);

/* A hand-to-hand combat of a and t as they stand now (places,
 * formations, who is charging), fought to its end: strength points lost
 * each way, the chance each is removed, and what it is worth to a's side
 * (worth won less worth lost). */
struct est_fight {
	double lost[2], gone[2];
	double value;
};
void est_fight(const struct game *g, int a, int t, struct est_fight *f);
double est_fight_value(const struct game *g, int a, int t);

/* The reactions a charge may meet, for the charger's side.  Each chance
 * is that of the rules' dice, taken only where the rules allow the
 * reaction, and the side reacting is assumed to choose what is best for
 * it by the same figures. */
struct est_charge {
	double value;       /* expected worth to the charger's side */
	double go;          /* the charge goes in (a cautious unit's test) */
	double counter;     /* the target counter-charges (0, or its chance to
	                     * pass a cautious unit's test when that is its best) */
	double square;      /* it forms an emergency square if it tries */
	bool tries_square;  /* and it would try */
	bool falls_back;    /* a skirmish line falls back */
	double stand;       /* the fight with the target standing */
	double removed;     /* the chance the target, standing, is removed */
	double in_square;   /* against the emergency square (feint included) */
};

/* A charge by a on t in the manoeuvre phase (or a break-through charge):
 * -INFINITY when the rules forbid it. */
double est_charge(struct game *g, int a, int t, bool breakthrough, struct est_charge *out);

/* The same for a charge taken to be allowed, its point of contact
 * guessed (straight at the target, the gap between them): cheap, for
 * sorting out the charges worth asking the engine about. */
double est_charge_hope(struct game *g, int a, int t);

/* What the arrival of a's charge on t is worth to a's side once a stands
 * in contact (a is where the charge ends): t's reactions, then the fight.
 * start: how far apart they were when it began. */
double est_arrival(struct game *g, int a, int t, double start, struct est_paths *paths,
                   struct est_charge *out);

/* A reaction charge (opportunity or counter-charge) by r on the moving
 * unit m where m now is: its worth to r's side, the tests' chance
 * included, or -INFINITY if r cannot reach it. */
double est_reaction_charge(struct game *g, int r, int m, bool counter);

/* Everything a unit is worth: its strength points and its removal. */
double est_whole_worth(const struct game *g, const struct unit *u);

/* Could unit move straight away from the enemy from (about facing first if
 * it faces it) dist cm without running into an enemy, forbidden ground or
 * the table's edge, as a fall-back or a flight must? */
bool est_away_clear(const struct game *g, int unit, int from, double dist, bool limbered);
/* Could a charger feint dist cm straight back from the square it faces
 * without touching anything? */
bool est_feint_clear(struct game *g, int charger, int square, double dist);
/* The fight against t in an emergency square, for a in contact with it:
 * fought, or a feint tried where fighting is worse. */
double est_against_square(struct game *g, int a, int t, struct est_paths *paths);

/* What joining the fight against e is worth to j's side (j pivoting to
 * facing and going dist cm into contact): the fight of e against the
 * friends in contact with it and j, less that without j. */
double est_join(struct game *g, int j, int e, double facing, double dist);

/* The ways charges could take to and from one unit while it is being
 * planned, each swept once (clear 1, blocked -1, not yet looked at 0):
 * one of each for every unit of the battle (n of them, room for cap). */
struct est_paths {
	int unit, n, cap;
	signed char *in, *out;
	signed char *feint; /* each charger's way back from it */
	/* The units that can matter to it wherever it goes this time: all
	 * within reach of a charge or a musket of anywhere it may go, and
	 * the enemy's guns (or, for a battery, all enemies) in range. */
	int *near, nnear;
};
/* For unit, now (its arrays grown to the battle's units; should memory
 * run short, only the first cap units are looked at). */
void est_paths_begin(struct est_paths *p, const struct game *g, int unit);
void est_paths_free(struct est_paths *p);

/* What enemy e could win by charging u where both now stand (0 when it
 * could not, or would not for the loss it would take).  paths may be
 * NULL. */
double est_enemy_charge(struct game *g, int e, int u, struct est_paths *paths);

/* What the enemy could do to u where it stands, as it stands, before its
 * side acts again: the worst charge one unit could make on it and the
 * fire of every unit in reach (closing in first where small arms must),
 * as worth lost to u's side.  Brigades that have had their initiative
 * this Turn count for half; of the units that could charge, the nearest
 * four are weighed. */
struct est_threat {
	double charge, fire;
	int charger;   /* the unit with the worst charge, or -1 */
};
double est_threat(struct game *g, int u, struct est_paths *paths, struct est_threat *out);

/* May the unit pivot about its centre from its facing to to without
 * touching another unit or forbidden ground (the engine's test, made
 * only against what lies within the circle it turns in)? */
bool est_may_pivot(const struct game *g, int unit, double to);

/* The enemy unit nearest u (abandoned guns do not count), or -1; *dist
 * gets how far it is (may be NULL). */
int est_nearest_enemy(const struct game *g, const struct unit *u, double *dist);
/* The same when it is within limit; otherwise -1 and INFINITY, without
 * looking further (for a caller that only asks whether one is nearer). */
int est_nearest_enemy_within(const struct game *g, const struct unit *u, double limit, double *dist);

#endif
