/* SPDX-License-Identifier: GPL-3.0-or-later */
/* react: what the side without the initiative may do while the other side
 * acts ("Reactions"): opportunity charges and counter-charges against a
 * moving unit, and the reactions of a unit a charge has reached. */
#ifndef GROGNARD_REACT_H
#define GROGNARD_REACT_H

#include <stdbool.h>

#include "geom.h"

struct game;
struct controller;

#define REACT_QUIT (-2)

/* Carry a unit of the side with the initiative along dir for dist cm (the
 * way already checked), offering the other side its opportunity charges
 * (and, when the mover is charging target, the target its counter-charge)
 * as it goes: each enemy unit at the first point from which it can charge,
 * and, if it let the mover pass, again where its charge would come to
 * outflank the mover and where the move ends (not a charge's end).  Units
 * in contact with the enemy are not offered them (the log says so).
 * *moved gets how far it got; *caught whether an enemy charge stopped it.
 * Command stands in its way evade or are overrun.  Returns 0, or
 * REACT_QUIT. */
int react_moving(struct game *g, struct controller **ctl, int mover, struct vec2 dir,
                 double dist, int target, double *moved, bool *caught);

/* Command stands a unit's footprint touches on its way from start along
 * dir for dist cm: overrun (charging cavalry) or evading. */
void react_stands_passed(struct game *g, int mover, struct obb start, struct vec2 dir, double dist,
                         bool overrun);

/* Command stands left under an enemy unit by anything but a move (a
 * pivot, a formation change, a unit placed by a reaction) evade it. */
void react_stands_overlapped(struct game *g);

/* A charge has reached its target: the target's reactions (fall back,
 * limber and flee, crews to a square, emergency square with the formed
 * infantry near it) and then the charger's feint.  start: how far apart
 * they were when the charge began. */
int react_contact(struct game *g, struct controller **ctl, int charger, int target,
                  double start);

/* Remove a unit from play (eliminated): its attached brigade commander
 * dies with it; guns abandoned beside a square that goes are lost. */
void react_eliminate(struct game *g, int unit, const char *why);

/* Abandoned guns whose square has gone or moved out of contact with them
 * are lost at once. */
void react_check_shelters(struct game *g);

/* The end of an initiative: abandoned guns are re-manned when their side
 * just had the initiative and no enemy is within 12 cm of them or their
 * square; guns whose square has gone or left them are lost. */
void react_end_initiative(struct game *g);

/* May unit try an emergency square against charger's charge begun start
 * cm away?  The bonus to its throw (0, or +1 for British not KGL and
 * Austrians in column), or -1 when the rules allow it no attempt. */
int react_esquare_bonus(const struct game *g, int charger, int unit, double start);

/* Quality test ("1D6 >= the unit's quality rating"), logged; a bonus
 * added to the die is logged with its reason. */
bool react_quality_test(struct game *g, int unit, int bonus, const char *bonus_why,
                        const char *what);

/* Does a unit outflank another (could the other not fire at it, by its
 * facing and formation)? */
bool react_outflanks(const struct game *g, int attacker, int defender);

#endif
