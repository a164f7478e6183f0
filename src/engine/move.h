/* SPDX-License-Identifier: GPL-3.0-or-later */
/* move: the geometry of movement: sweeping a footprint straight ahead or
 * pivoting it, with what it runs into, what the ground costs, and where it
 * must stop. */
#ifndef GROGNARD_MOVE_H
#define GROGNARD_MOVE_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"
#include "terrain.h"

struct game;

/* What is moving and how it may interact. */
struct mover {
	int unit;              /* moving unit, or -1 */
	int cmdr;              /* moving command stand, or -1 */
	enum side side;
	enum tclass tclass;
	enum terrain_mode mode;
	enum formation form;   /* for roads: only one-stand-wide bodies follow them */
	bool through_friends;  /* unformed units and command stands pass friends */
	int target;            /* a charge's target: contact allowed, ends the move;
	                        * a charge may touch no other unit */
	bool ignore_commanders;/* sweeping for a preview that ignores stands */
};

enum stop_reason {
	STOP_NONE,      /* went the whole way */
	STOP_ALLOWANCE, /* the allowance ran out */
	STOP_UNIT,      /* would pass through or overlap a unit (touch one, charging) */
	STOP_ENEMY,     /* would touch an enemy without charging it */
	STOP_TARGET,    /* reached the charge target */
	STOP_TERRAIN,   /* ground it may not enter */
	STOP_EDGE,      /* the table's edge */
	STOP_COUNT
};

struct sweep {
	double dist;     /* how far the footprint can go (cm on the table) */
	double cost;     /* allowance that uses */
	enum stop_reason why;
	int unit;        /* the unit it met, or -1 */
	int feature;     /* the feature that stopped it, or -1 (STOP_TERRAIN
	                  * with -1: the weather's mud, before it moved) */
	bool half;       /* some of the way was slowed (at half rate, in Mini-Nap) */
	double rate;     /* the most allowance a cm of it cost (1: nothing slowed it) */
	double crossing; /* allowance spent crossing features (a rules file's
	                  * crossing costs; none in Mini-Nap) */
	double road;     /* how far of the way it followed a road */
};

/* Initialise a mover for a unit moving in a mode. */
void move_mover_unit(const struct game *g, int unit, enum terrain_mode mode,
                     bool limbered, struct mover *m);
void move_mover_cmdr(const struct game *g, int cmdr, struct mover *m);

/* Sweep a footprint (an oriented rectangle, or a command stand's circle
 * when body is NULL and the mover is a commander) from its pose along dir
 * for up to want cm, spending at most allowance (half rate costs double;
 * all_half makes everything half rate).  The weather's effect on the whole
 * field (weather_ground: hot weather, mud) is always applied. */
void move_sweep(const struct game *g, const struct mover *m, const struct obb *body,
                struct vec2 from, struct vec2 dir, double want, double allowance,
                bool all_half, struct sweep *out);

/* What stops a footprint, in one int: BLOCK_NONE (nothing), a unit (its
 * index, 0 or more), BLOCK_EDGE (the table's edge), or ground (a terrain
 * feature: block_of_feature, blocker_is_feature, blocker_feature). */
enum { BLOCK_NONE = -1, BLOCK_EDGE = -2 };
static inline int block_of_feature(int feature)
{
	return -3 - feature;
}
static inline bool blocker_is_feature(int k)
{
	return k <= -3;
}
static inline int blocker_feature(int k)
{
	return -3 - k;
}

/* Whether a unit may pivot from one facing to another about its centre
 * without touching another unit or forbidden ground: BLOCK_NONE when it
 * may, else what stops it (a unit, BLOCK_EDGE or a feature). */
int move_pivot_blocker(const struct game *g, int unit, double from, double to);

/* Whether a footprint may stand here: on the table, overlapping no unit
 * (other than 'self' and 'ignore'), touching no enemy (other than a
 * charge target), on ground it may enter: BLOCK_NONE, or what stops it. */
int move_place_blocker(const struct game *g, const struct mover *m,
                       const struct obb *body, int ignore);
/* The same for a unit's footprint, looking only at the units listed (in
 * increasing order: all that the footprint could touch) for blockers. */
int move_place_blocker_among(const struct game *g, const struct mover *m, const struct obb *body, int ignore,
                             const int *among, int n);

/* How far (up to want) a footprint may go along dir before it comes
 * within contact of one unit: a mover's way re-checked against a unit
 * that turned in front of it while reacting. */
double move_clear_of(const struct game *g, const struct obb *body, struct vec2 dir, double want, int unit);

/* How far a footprint may go along dir before it comes closer than keep
 * to any enemy unit (a division manoeuvre's stand-off). */
double move_keep_away(const struct game *g, enum side side, const struct obb *body,
                      struct vec2 dir, double want, double keep);

/* The unit's footprint after moving d along dir. */
struct obb move_shift(struct obb b, struct vec2 dir, double d);

/* Push friendly command stands out from under a unit that has stopped on
 * them, the least distance that frees them ("a command stand cannot remain
 * interpenetrated with any unit"). */
void move_clear_stands(struct game *g, int unit);
/* The same under every unit: after anything that may have changed a
 * footprint (a pivot, a formation change, a reaction, hand-to-hand). */
void move_clear_all_stands(struct game *g);

const char *move_stop_text(enum stop_reason why);

#endif
