/* SPDX-License-Identifier: GPL-3.0-or-later */
/* melee: "The Hand-to-hand Combat Phase" and "The Break-through Phase". */
#ifndef GROGNARD_MELEE_H
#define GROGNARD_MELEE_H

#include <stdbool.h>
#include <stddef.h>

#include "terrain.h"

struct game;
struct controller;

#define BRIDGE_MAX_DEFENDERS 8

/* The hand-to-hand phase: units join in by stages, then every combat is
 * fought to its end.  0, or REACT_QUIT. */
int melee_phase(struct game *g, struct controller **ctl);
/* The break-through phase: the side with the initiative first.  0, or
 * REACT_QUIT. */
int melee_breakthrough_phase(struct game *g, struct controller **ctl);
/* Fight the combat a unit is now in (after a break-through charge). */
int melee_fight_around(struct game *g, struct controller **ctl, int unit);

/* The sets of dice a unit throws against an enemy in contact. */
int melee_impact_sets(const struct game *g, int unit, int enemy, char *why, int size);
int melee_round_sets(const struct game *g, int unit, int enemy, char *why, int size);
/* Halvings of a unit's dice against an enemy defending ground (and a
 * bridge). */
int melee_halvings(const struct game *g, int unit, int enemy);

/* Contact for hand-to-hand: base to base, or over a bridge. */
bool melee_in_contact(const struct game *g, int a, int b);
/* An enemy the unit is in contact with for hand-to-hand (base to base or
 * over a bridge), or -1: such a unit fights instead of firing, and may not
 * change formation or move of its own will. */
int melee_engaged(const struct game *g, int unit);
/* The enemy a unit is in contact with over a bridge, or -1. */
int melee_bridge_foe(const struct game *g, int unit);

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
int melee_bridge_reach(struct game *g, int unit, int enemy, enum terrain_mode mode,
                       struct bridge_reach *r, char *why, size_t size);
/* The unit defending the bridge: named when it alone could; else its
 * side's controller designates one.  REACT_QUIT when it stops. */
int melee_bridge_designate(struct game *g, struct controller **ctl, int charger,
                           const struct bridge_reach *r, int named);
/* The unit has reached its end of the bridge (-1: the one it touches):
 * from now on in contact with the defender. */
void melee_bridge_engage(struct game *g, int unit, int defender, int bridge);

#endif
