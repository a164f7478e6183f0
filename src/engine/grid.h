/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grid: the spatial index of the units on the table (a uniform grid of
 * their centres) that answers every "who is near" question, and of the
 * ... */
#ifndef GROGNARD_GRID_H
#define GROGNARD_GRID_H

#include <stdbool.h>

#include "geom.h"
#include "index-set.h"

struct game;
struct map;
struct grid;

/* Each query answers the units it found in increasing order (unit
 * order), as a struct index_set. */

/* The largest half-diagonal of any footprint the rules give: how far
 * from its centre a unit can reach. */
double grid_reach(void);

/* Every unit, whatever its state, whose footprint could come within
 * margin of the box (xmin, ymin, xmax, ymax): a superset, found by its
 * centre, of the units that do; the caller applies the exact test.  In
 * unit order, so that a loop over them finds what a loop over all the
 * units would, in the same order. */
void grid_units_box(const struct game *g, const double box[4], double margin, struct index_set *out);
/* The same round a shape, and round a unit's footprint (the unit itself
 * included). */
void grid_units_shape(const struct game *g, const struct shape *s, double margin, struct index_set *out);
void grid_units_near(const struct game *g, int unit, double margin, struct index_set *out);
/* The units that may be in contact with a unit for hand-to-hand: those
 * round its footprint within contact, and those it is in contact with
 * over a bridge (either way: contact_touching). */
void grid_contacts(const struct game *g, int unit, struct index_set *out);
/* The same two less every unit but the active (US_ACTIVE) ones of the
 * other side: for callers that look at enemies only, who then need not
 * pass over (and the query sort) the friends crowding round a unit. */
void grid_foes_near(const struct game *g, int unit, double margin, struct index_set *out);
void grid_foe_contacts(const struct game *g, int unit, struct index_set *out);

/* The enemy unit on the field (unit_present) nearest a unit, by the
 * distance between footprints (the first in unit order of those equally
 * near), or -1; its distance in *dist (INFINITY with none). */
int grid_nearest_enemy(const struct game *g, const struct unit *u, double *dist);
/* The same when that enemy is at most limit away; otherwise -1 (and
 * INFINITY), found without looking further than the limit. */
int grid_nearest_enemy_within(const struct game *g, const struct unit *u, double limit, double *dist);

/* The units of a brigade, or of a division, in unit order: n unit
 * indices.  NULL stands for every unit, 0 to n - 1 (for no such brigade
 * or division, as -1, and when memory runs short), so a caller that
 * still checks each unit's brigade gets the same answer either way:
 *     const int *us = grid_division_units(g, div, &n);
 *     for (int k = 0; k < n; k++) { int i = us ? us[k] : k; ... }
 * Built when first asked for, and again whenever the numbers of units,
 * brigades or divisions change (a unit never changes brigade). */
const int *grid_brigade_units(const struct game *g, int brigade, int *n);
const int *grid_division_units(const struct game *g, int division, int *n);

/* The index follows the units by itself: before answering it compares
 * each unit's centre with the one it was filed under (a pass over the
 * positions, no geometry) and files again those that moved, however they
 * were moved.  Inside grid_hold/grid_release (the engine's own work on a
 * battle: an order, a preview, a phase) that pass is skipped: there the
 * engine calls grid_moved whenever it puts a unit somewhere else, and a
 * snapshot restored files everything again.  Holds nest; game_decide
 * lets go while a controller decides (it may move units to try them). */
void grid_hold(const struct game *g);
void grid_release(const struct game *g);
int grid_held(const struct game *g);
void grid_set_held(const struct game *g, int depth);
void grid_moved(const struct game *g, int unit);
/* A unit's bridge contact was made or forgotten. */
void grid_bridges_changed(const struct game *g);
/* File every unit again (after a snapshot is restored). */
void grid_refile(const struct game *g);
/* How many units are filed somewhere other than where they stand (0 for
 * an index that is up to date: for tests). */
int grid_stale(const struct game *g);
/* In a build with GRID_CHECK: how many queries made while the index was
 * held found a unit filed elsewhere than it stands (0 otherwise). */
int grid_misses(const struct game *g);
struct grid *grid_new(void);
void grid_free(struct grid *grid);

#endif
