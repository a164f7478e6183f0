/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command: who is in command, measured base to base from the command
 * stands of a unit's division and corps, and stands an enemy comes upon. */
#include "config.h"

#include <math.h>
#include <stdbool.h>

#include "command.h"
#include "game.h"
#include "move.h"
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

/* ------------------------------------------------------------------ */
/* Command stands in the way of a moving enemy ("Loss of Command Stands") */

/* Find a place 6 to 12 cm from where the stand is and no closer than 6 cm
 * to any enemy unit; the farthest from the enemy wins.  The engine chooses
 * for the stand's side, as any player would: as safe as possible.  A
 * corps stand is lost only by being overrun: where no place is 6 cm clear
 * of the enemy it takes the clear place farthest from it (or, with none,
 * stays where it is), evaded all the same. */
static bool evade(struct game *g, int cmdr)
{
	struct commander *c = &g->cmdrs[cmdr];
	struct vec2 from = c->pos, best = from, any = from;
	double best_d = -1, any_d = -1;
	struct mover m;
	move_mover_cmdr(g, cmdr, &m);
	m.through_friends = false;
	for (int ring = 0; ring <= 6; ring++) {
		double r = rules_command.evade_min + ring;
		for (int k = 0; k < 24; k++) {
			struct vec2 p = v2_add(from, v2_scale(geom_dir(k * 15.0), r));
			struct shape cs;
			double nearest = INFINITY;
			c->pos = p;
			if (move_place_blocker(g, &m, NULL, -1) != -1)
				continue;
			cs = commander_shape(c);
			for (int i = 0; i < g->nunits; i++) {
				struct vec2 b[4];
				struct shape us;
				double d;
				if (g->units[i].side == c->side || g->units[i].state != US_ACTIVE)
					continue;
				us = unit_shape(&g->units[i], b);
				d = geom_distance(&cs, &us);
				if (d < nearest)
					nearest = d;
			}
			if (nearest >= rules_command.evade_enemy_clear && nearest > best_d) {
				best_d = nearest;
				best = p;
			}
			if (nearest > any_d) {
				any_d = nearest;
				any = p;
			}
		}
	}
	if (best_d < 0 && c->level == CL_CORPS) {
		game_log(g, "%s finds no place %g cm clear of the enemy and goes where he can.", c->name,
		         rules_command.evade_enemy_clear);
		best = any;
		best_d = 0;
	}
	c->pos = best;
	return best_d >= 0;
}

void command_stand_evades(struct game *g, int stand, const struct unit *u)
{
	struct commander *c = &g->cmdrs[stand];
	if (!evade(g, stand)) {
		c->state = US_ELIMINATED;
		game_log(g, "%s finds nowhere to evade to and is lost.", c->name);
	} else {
		c->flags |= CF_EVADED;
		game_log(g, "%s evades %s (white markers: no command radius this Turn).", c->name, u->id);
	}
}

void command_stands_in_the_way(struct game *g, int mover, struct obb start, struct vec2 dir,
                               double dist, bool overrun)
{
	struct unit *u = &g->units[mover];
	for (int i = 0; i < g->ncmdrs; i++) {
		struct commander *c = &g->cmdrs[i];
		struct shape cs;
		bool hit = false;
		if (c->state != US_ACTIVE || c->side == u->side || c->attached >= 0)
			continue;
		cs = commander_shape(c);
		/* Does the footprint touch the stand anywhere along its way? */
		for (double t = 0; t <= dist + 1e-9 && !hit; t += 0.25) {
			struct obb b = move_shift(start, dir, t > dist ? dist : t);
			struct vec2 buf[4];
			struct shape s = geom_obb_shape(&b, buf);
			hit = geom_contact(&s, &cs);
		}
		if (!hit)
			continue;
		if (overrun) {
			c->state = US_ELIMINATED;
			game_log(g, "%s is overrun by the charging %s.", c->name, u->id);
		} else {
			command_stand_evades(g, i, u);
		}
	}
}
