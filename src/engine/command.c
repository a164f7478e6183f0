/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command: who is in command, measured base to base from the command
 * stands of a unit's division and corps. */
#include "config.h"

#include <math.h>
#include <stdbool.h>

#include "command.h"
#include "game.h"
#include "rules.h"

int command_attached_to(const struct game *g, int unit)
{
	for (int i = 0; i < g->ncmdrs; i++)
		if (g->cmdrs[i].state == US_ACTIVE && g->cmdrs[i].attached == unit)
			return i;
	return -1;
}

enum cmd_status command_status(const struct game *g, const struct unit *u,
                               double *dist)
{
	enum cmd_status best = CS_NOT_IN_COMMAND;
	double nearest = INFINITY;
	int div = unit_division(g, u), corps = unit_corps(g, u);
	int stands[2] = { div >= 0 ? g->divs[div].commander : -1,
	                  corps >= 0 ? g->corps[corps].commander : -1 };
	struct vec2 buf[4];
	struct shape us = unit_shape(u, buf);

	if (command_attached_to(g, (int)(u - g->units)) >= 0) {
		if (dist)
			*dist = 0;
		return CS_IN_COMMAND;
	}
	for (int k = 0; k < 2; k++) {
		const struct commander *c;
		struct shape cs;
		double d;
		if (stands[k] < 0)
			continue;
		c = &g->cmdrs[stands[k]];
		if (c->state != US_ACTIVE)
			continue;
		cs = commander_shape(c);
		d = geom_distance(&us, &cs);
		if (d < nearest)
			nearest = d;
		if (d <= commander_radius(c))
			best = CS_IN_COMMAND;
		else if (d <= rules_command.cautious_limit && best != CS_IN_COMMAND)
			best = CS_CAUTIOUS;
	}
	if (dist)
		*dist = isinf(nearest) ? -1 : nearest;
	if (u->cmd_fixed > 0 && u->cmd_fixed <= CS_COUNT)
		return (enum cmd_status)(u->cmd_fixed - 1);
	return best;
}

void command_fix(struct game *g, int unit)
{
	struct unit *u = &g->units[unit];
	u->cmd_fixed = 0;
	u->cmd_fixed = (int)command_status(g, u, NULL) + 1;
}

/* "Loss of Command Stands": division and brigade stands go when their
 * formation's unit losses exceed half its units (rounded up); a brigade
 * stand attached to a unit stays.  A unit retreated from the battle is as
 * much a loss to its formation as one eliminated. */
void command_check_losses(struct game *g, int unit)
{
	const struct unit *gone = &g->units[unit];
	int div = unit_division(g, gone), brig = gone->brigade;
	int dn = 0, dl = 0, bn = 0, bl = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		bool lost = unit_lost(u);
		if (unit_division(g, u) == div) {
			dn++;
			dl += lost;
		}
		if (u->brigade == brig) {
			bn++;
			bl += lost;
		}
	}
	if (div >= 0 && g->divs[div].commander >= 0 && dl > (dn + 1) / 2) {
		struct commander *c = &g->cmdrs[g->divs[div].commander];
		if (c->state == US_ACTIVE || c->state == US_RESERVE) {
			c->state = US_ELIMINATED;
			game_log(g, "%s leaves the field: %s has lost %d of its %d units (more than half).",
			         c->name, g->divs[div].name, dl, dn);
		}
	}
	if (g->brigs[brig].commander >= 0 && bl > (bn + 1) / 2) {
		struct commander *c = &g->cmdrs[g->brigs[brig].commander];
		if ((c->state == US_ACTIVE || c->state == US_RESERVE) && c->attached < 0) {
			c->state = US_ELIMINATED;
			game_log(g, "%s leaves the field: %s has lost %d of its %d units (more than half).",
			         c->name, g->brigs[brig].name, bl, bn);
		}
	}
}
