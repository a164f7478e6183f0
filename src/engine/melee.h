/* SPDX-License-Identifier: GPL-3.0-or-later */
/* melee: "The Hand-to-hand Combat Phase" and "The Break-through Phase". */
#ifndef GROGNARD_MELEE_H
#define GROGNARD_MELEE_H

#include <stdbool.h>
#include <stddef.h>

#include "terrain.h"

struct game;
struct controller;


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

#endif
