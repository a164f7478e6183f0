/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bridge: the special rules for charging over and defending bridges
 * (terrain guidelines): who may charge over one, who defends it, the
 * contact over it. */
#ifndef GROGNARD_BRIDGE_H
#define GROGNARD_BRIDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "enums.h"
#include "terrain.h"

struct game;
struct controller;

#define BRIDGE_MAX_DEFENDERS 8

/* The enemy a unit is in contact with over a bridge, or -1. */
int bridge_foe(const struct game *g, int unit);

/* A charge (or, mode TMODE_INTERCEPT, an intercept) over a bridge. */
struct bridge_reach {
	int bridge;                     /* the bridge (feature index) */
	double facing, dist;            /* the charger's turn and move to its end */
	int ndef;                       /* the units that could defend it */
	int def[BRIDGE_MAX_DEFENDERS];
};
/* Could unit charge enemy over a bridge: a bridge's water between them
 * within the unit's charge reach, the enemy one of the units defending it
 * (every place across touches one of them), nobody charging it yet, and
 * the unit able to reach its own end of the bridge straight ahead.  0 (r
 * filled), -1 refused (the reason in why, when given), or 1 when no
 * bridge stands between them. */
int bridge_charge_reach(struct game *g, int unit, int enemy, enum terrain_mode mode,
                       struct bridge_reach *r, char *why, size_t size);
/* The unit defending the bridge: named when it alone could; else its
 * side's controller designates one.  REACT_QUIT when it stops. */
int bridge_designate(struct game *g, struct controller **ctl, int charger,
                           const struct bridge_reach *r, int named);
/* The unit has reached its end of the bridge (-1: the one it touches):
 * from now on in contact with the defender. */
void bridge_engage(struct game *g, int unit, int defender, int bridge);


/* Does unit a's contact over its bridge still hold (it at its end of the
 * bridge, its foe where it stood, the bridge standing)? */
bool bridge_holds(const struct game *g, int a);
/* Forget contacts over bridges that no longer hold. */
void bridge_tidy(struct game *g);

#endif
