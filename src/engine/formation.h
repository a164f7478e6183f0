/* SPDX-License-Identifier: GPL-3.0-or-later */
/* formation: where a unit's stands go when it changes formation, for the
 * formation order and for an emergency square. */
#ifndef GROGNARD_FORMATION_H
#define GROGNARD_FORMATION_H

#include "enums.h"
#include "geom.h"

struct game;

/* Formation change anchors: which stand stays in place. */
enum anchor { ANCHOR_AUTO, ANCHOR_LEFT, ANCHOR_RIGHT, ANCHOR_FRONT, ANCHOR_REAR };

/* Place a unit in a new formation facing as given: an old stand stays
 * (the one the anchor names, or either), the new formation is built
 * around it, and the clear placement nearest the old centre wins (touching
 * no unit it did not touch, but target, an enemy it may stay in contact
 * with; no forbidden ground; on the table).  Returns 0 (centre in
 * *centre_out), 1 (all blocked: the unit or ground in the way in *blocker,
 * as move_place_blocker), or 2 (the anchor names no stand of this
 * formation). */
int formation_place(struct game *g, int unit, enum formation to, double facing, int anchor,
                    int target, struct vec2 *centre_out, int *blocker);
/* The same keeping the unit's facing, either stand staying. */
int formation_place_here(struct game *g, int unit, enum formation to, int target, struct vec2 *centre,
                         int *blocker);

#endif
