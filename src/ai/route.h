/* SPDX-License-Identifier: GPL-3.0-or-later */
/* route: the way round ground a unit may not enter (rivers but at their
 * fords and bridges, marsh, forests, impassable rough, woods for guns):
 * distances over the table from a goal, and the point to head for. */
#ifndef GROGNARD_ROUTE_H
#define GROGNARD_ROUTE_H

#include "engine/geom.h"

struct game;
struct unit;
struct route_cache;

struct route_cache *route_new(void);
void route_free(struct route_cache *rc);

/* Where a unit going to target should head now: the target itself when
 * the straight way there is open to it, else the furthest point it can
 * see along the shortest way round. */
struct vec2 route_waypoint(struct route_cache *rc, const struct game *g, const struct unit *u,
                           struct vec2 target);

#endif
