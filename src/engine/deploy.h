/* SPDX-License-Identifier: GPL-3.0-or-later */
/* deploy: putting forces on the table at the start of a battle (and when
 * reserves arrive): brigade layouts, commanders' places, and the checks
 * that every footprint is on the table, clear of others and on ground it
 * may stand on. */
#ifndef GROGNARD_DEPLOY_H
#define GROGNARD_DEPLOY_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"

struct game;

/* Lay out units (indices) about a centre, facing one way: side by side,
 * one behind the other, or in two lines; gap between neighbours and
 * row_gap between the two lines. */
void deploy_layout(struct game *g, const int *units, int n, struct vec2 centre,
                   double facing, enum layout layout, double gap, double row_gap);

/* Place every commander the scenario did not place, behind the units it
 * commands that arrive first.  Returns the index of a commander that found
 * no clear spot, or -1. */
int deploy_commanders(struct game *g);

/* The first Turn any unit a commander commands comes on (1 if none). */
int deploy_first_turn(const struct game *g, int cmdr);

bool deploy_on_table(const struct game *g, const struct shape *s);
/* Another unit arriving on the same Turn whose footprint overlaps this one. */
int deploy_unit_overlap(const struct game *g, int unit);
/* A unit (or another commander) arriving on the same Turn that a command
 * stand overlaps: returns a unit index, or -2 - commander index, or -1. */
int deploy_commander_overlap(const struct game *g, int cmdr);
/* The terrain feature a unit may not stand in, or -1. */
int deploy_unit_ground(const struct game *g, int unit);
int deploy_commander_ground(const struct game *g, int cmdr);
/* Landmarks garrisoned from the start: an infantry square on the table at
 * the start that stands wholly on a landmark's base defends it (the first
 * such unit, one to a landmark). */
void deploy_garrisons(struct game *g);

#endif
