/* SPDX-License-Identifier: GPL-3.0-or-later */
/* query: what a player may ask of the battle without changing it: which
 * units act in this phase and which can still do something useful, what
 * each may still do, what the ground under a footprint forbids, which
 * enemies could charge or fire at a point.  The front end and the
 * command language ask the same questions here. */
#ifndef GROGNARD_QUERY_H
#define GROGNARD_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "geom.h"

struct game;
struct unit;

/* Is the unit one of those that act now: its side has the initiative, it
 * belongs to the brigade (or division) that has it, and in the firing
 * phase it is one that fires (infantry or artillery)?  With ready, can it
 * still act: in the manoeuvre phase it has not finished, in the firing
 * phase it may still fire. */
bool query_unit_acts(const struct game *g, const struct unit *u, bool ready);

/* What a unit acting now may still do (the engine has the last word,
 * with the rule, when an order is given). */
enum {
	QO_MOVE = 1 << 0,
	QO_FORM = 1 << 1,
	QO_PIVOT = 1 << 2,
	QO_CHARGE = 1 << 3,
	QO_FIRE = 1 << 4,   /* may fire, and has an enemy to fire at */
};
unsigned query_unit_options(const struct game *g, int unit);
/* The same in a few words for a player ("move form pivot charge", "done
 * this initiative", "not its turn", "no fire: ..."). */
void query_unit_options_text(const struct game *g, int unit, char *buf, size_t size);
/* Can the unit still do something useful in this phase: a unit of the
 * side acting, with an option left (in the firing phase, a target)? */
bool query_unit_useful(const struct game *g, int unit);
/* The nearest enemy the unit could fire at now (at the best aiming
 * point), or -1. */
int query_fire_target(const struct game *g, int unit);

/* Could the unit charge a point: within its charge allowance of its
 * footprint and within the pivot a charge allows of its facing?  Units
 * that cannot charge (artillery, squares, disordered) reach nothing. */
bool query_charge_reaches(const struct unit *u, struct vec2 p);
/* Could the unit's fire reach a point: ahead of its front edge (any face
 * for a square) and within its longest range?  Cavalry fires at nothing. */
bool query_fire_reaches(const struct unit *u, struct vec2 p);

/* What the ground under a footprint would forbid the unit afterwards (of
 * what it could otherwise do): QG_NO_FIRE where it may not fire (streams,
 * fords; artillery on hedges, walls...), QG_NO_CHARGE where it may not
 * charge out of (streams, and ground its arm may not charge through).
 * The first feature that does in *feature (-1 for none). */
enum { QG_NO_FIRE = 1 << 0, QG_NO_CHARGE = 1 << 1 };
unsigned query_ground_forbids(const struct game *g, const struct unit *u, const struct obb *fp,
                              int *feature);
/* The furthest a footprint may go along dir, up to d, and stand clear of
 * ground that forbids it any of what (QG_...), to a millimetre; -1 when
 * it is clear nowhere on the way. */
double query_stop_clear(const struct game *g, const struct unit *u, struct obb fp, struct vec2 dir,
                        double d, unsigned what);

#endif
