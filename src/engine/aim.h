/* SPDX-License-Identifier: GPL-3.0-or-later */
/* aim: which way a charge may face.  A charger pivots (at most what is left
 * of the 90 degrees a charger may turn in an initiative) and then goes
 * straight ahead; these are the pivots tried, smallest first, and the
 * geometry that says whether the target then lies ahead at all. */
#ifndef GROGNARD_AIM_H
#define GROGNARD_AIM_H

#include <stdbool.h>

#include "enums.h"
#include "move.h"
#include "terrain.h"

struct game;
struct unit;

/* The pivots a charger tries, smallest first: none, then 1 degree either
 * way, clockwise first, then 2 ... (as joining in does).  aim_count(limit)
 * is how many there are within limit degrees; aim_pivot(k) the k-th one
 * (degrees, + clockwise). */
int aim_count(double limit);
double aim_pivot(int k);

/* A charger and its target, for trying many facings: t's corners from
 * u's centre, u's half width and half depth, and the facings (within
 * window degrees of the bearing of t's centre, or of its opposite) at
 * which t's centre is near enough the lane for any of t to be in it. */
struct aim_lane {
	struct vec2 rel[4];
	double hw, hd;
	double bearing, window;
};
void aim_lane(const struct unit *u, const struct unit *t, struct aim_lane *l);
/* With u pivoted to facing: how far ahead of its front edge t begins
 * along the lane its front sweeps (a lower bound of the way to contact,
 * 0 at least), or INFINITY when no part of t is in that lane ahead of it.
 * Geometry only; a necessary condition for a straight-ahead move to meet
 * t. */
double aim_lane_gap(const struct aim_lane *l, double facing);
/* The same as a test: t ahead of u facing facing, within reach cm. */
bool aim_lined_up(const struct unit *u, const struct unit *t, double facing, double reach);

/* Units that stopped a charge's way at one facing, to rule out the
 * facings near it without sweeping: a unit overlapping the lane u's
 * footprint sweeps on its way gap cm ahead is in the way. */
#define AIM_BLOCKERS 4
struct aim_blockers {
	int n, unit[AIM_BLOCKERS];
};
void aim_blocked_by(struct aim_blockers *b, int unit);
bool aim_lane_blocked(const struct game *g, const struct unit *u, double facing, double gap,
                      const struct aim_blockers *b);

/* The first facing, in the order of the pivots tried, within limit
 * degrees of u's facing that lines t up ahead of u within reach: true
 * with *facing, else false. */
bool aim_first(const struct unit *u, const struct unit *t, double limit, double reach, double *facing);

/* The smallest pivot (degrees, 0 to 180) that lines t up ahead of u, or a
 * negative number when none does. */
double aim_least_turn(const struct unit *u, const struct unit *t);

/* The most an extended charge can carry a unit of this type before it
 * charges: every extension die a 6 (6 cm infantry and light cavalry, 12
 * medium, 18 heavy). */
double aim_extend_most(enum unit_type t);

/* A formed charger's charge by geometry alone (no command, markers or
 * outflanking): the smallest pivot within limit degrees that it can make
 * without touching anything, after which a charge straight ahead within
 * allowance (all of it at half rate with all_half) reaches target touching
 * no other unit and crossing no ground closed to it in that mode (a
 * charge, or an opportunity or counter-charge: TMODE_INTERCEPT).  True
 * with *facing and the way in *s; false when none. */
bool aim_clear_charge(const struct game *g, int unit, int target, enum terrain_mode mode, double limit,
                      double allowance, bool all_half, double *facing, struct sweep *s);
/* The same, with the units that blocked earlier sweeps kept in *in_way
 * (for a caller asking again while only the target moves: a lane one of
 * them lies across is not swept again; the answer is the same). */
bool aim_clear_charge_known(const struct game *g, int unit, int target, enum terrain_mode mode, double limit,
                            double allowance, bool all_half, double *facing, struct sweep *s,
                            struct aim_blockers *in_way);

#endif
