/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command: command radii and the command status of units. */
#ifndef GROGNARD_COMMAND_H
#define GROGNARD_COMMAND_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"

struct game;
struct unit;

/* Command status of a unit ("How is this command radius used?"): in
 * command within the radius of its division or corps stand, cautious up to
 * 24 cm, otherwise not in command; always in command with its brigade
 * commander attached.  The check is made "as soon as a Brigade is given the
 * initiative or a unit needs to react": a unit of the brigade with the
 * initiative keeps the status found then (command_fix) for the rest of the
 * initiative; any other unit is measured now.  *dist gets the distance to
 * the nearer stand now (0 when attached, a negative number when neither
 * stand is on the table). */
enum cmd_status command_status(const struct game *g, const struct unit *u,
                               double *dist);
/* Measure a unit's command status now and keep it for the initiative (its
 * brigade given the initiative, or its brigade commander detached). */
void command_fix(struct game *g, int unit);
/* The brigade commander attached to a unit, or -1. */
int command_attached_to(const struct game *g, int unit);
/* A unit has just been lost (eliminated or retreated): remove its
 * division's and brigade's stands if their losses now exceed half. */
void command_check_losses(struct game *g, int unit);

/* A command stand an enemy unit u has come upon evades it ("Loss of
 * Command Stands"): to the place 6 to 12 cm away farthest from the enemy
 * and 6 cm clear of it, losing its radius this Turn; lost when there is
 * none (a corps stand then goes where it can). */
void command_stand_evades(struct game *g, int stand, const struct unit *u);
/* Command stands the footprint of unit mover touches on its way from
 * start along dir for dist cm: overrun by charging cavalry, else they
 * evade. */
void command_stands_in_the_way(struct game *g, int mover, struct obb start, struct vec2 dir,
                               double dist, bool overrun);

#endif
