/* SPDX-License-Identifier: GPL-3.0-or-later */
/* command: who is in command, measured base to base from the command
 * stands of a unit's division and corps, and stands an enemy comes upon. */
#include "config.h"

#include <math.h>
#include <stdbool.h>

#include "command.h"
#include "game.h"
#include "grid.h"
#include "move.h"
#include "rules.h"

int command_attached_to(const struct game *g, int unit)
{
	/* Only a brigade commander attaches, and only to a unit of his
	 * brigade (the attach order, the map loader, game_check): the unit's
	 * own brigade's commander or none. */
	int b = unit >= 0 && unit < g->nunits ? g->units[unit].brigade : -1;
	int k = b >= 0 && b < g->nbrigs ? g->brigs[b].commander : -1;
	if (k >= 0 && k < g->ncmdrs && g->cmdrs[k].state == US_ACTIVE && g->cmdrs[k].attached == unit)
		return k;
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
	struct shape us = { 0 };
	bool shaped = false; /* us is made when first measured */

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
		/* With no distance asked for, a stand whose centre is further
		 * from the unit's than both their reaches and the cautious
		 * limit can give neither command nor caution: not measured. */
		if (!dist && v2_dist(u->pos, c->pos) - unit_radius(u) - rules_stand[ARM_COMMAND].w / 2 >
		                 fmax(commander_radius(c), rules_command.cautious_limit) + 1e-6)
			continue;
		/* Nor need it be measured when the centres themselves are within
		 * his radius (the footprints are no further apart than their
		 * centres): in command, and nothing can better that. */
		if (!dist && v2_dist(u->pos, c->pos) <= commander_radius(c)) {
			best = CS_IN_COMMAND;
			break;
		}
		if (!shaped) {
			us = unit_shape(u, buf);
			shaped = true;
		}
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
	int dn = 0, dl = 0, bn = 0, bl = 0, n;
	/* The formations' own units (a count: their order does not matter). */
	const int *us = grid_division_units(g, div, &n);
	for (int k = 0; k < n; k++) {
		const struct unit *u = &g->units[us ? us[k] : k];
		if (unit_division(g, u) == div) {
			dn++;
			dl += unit_lost(u);
		}
	}
	us = grid_brigade_units(g, brig, &n);
	for (int k = 0; k < n; k++) {
		const struct unit *u = &g->units[us ? us[k] : k];
		if (u->brigade == brig) {
			bn++;
			bl += unit_lost(u);
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
/* How far the nearest active enemy unit is from a command stand's shape
 * (INFINITY with none): looked for first round the stand, then, when none
 * is that near, among every unit. */
#define EVADE_LOOK 24.0
static double nearest_enemy(const struct game *g, const struct commander *c, const struct shape *cs)
{
	struct index_set near = { 0 };
	double nearest = INFINITY, box[4];
	geom_bounds(cs, box);
	grid_units_box(g, box, EVADE_LOOK, &near);
	for (int pass = 0; pass < 2; pass++) {
		int n = pass ? g->nunits : near.n;
		for (int q = 0; q < n; q++) {
			int i = pass ? q : near.idx[q];
			struct vec2 b[4];
			struct shape us;
			double d;
			if (g->units[i].side == c->side || g->units[i].state != US_ACTIVE)
				continue;
			us = unit_shape(&g->units[i], b);
			d = geom_distance(cs, &us);
			if (d < nearest)
				nearest = d;
		}
		/* Every unit left out stands further off than EVADE_LOOK. */
		if (nearest <= EVADE_LOOK)
			break;
	}
	index_set_free(&near);
	return nearest;
}

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
			nearest = nearest_enemy(g, c, &cs);
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
	double box[4];
	{
		struct vec2 b0[4], b1[4];
		struct obb end = move_shift(start, dir, dist > 0 ? dist : 0);
		struct shape s0 = geom_obb_shape(&start, b0), s1 = geom_obb_shape(&end, b1);
		double e[4];
		geom_bounds(&s0, box);
		geom_bounds(&s1, e);
		for (int k = 0; k < 2; k++) {
			box[k] = fmin(box[k], e[k]) - 0.01;
			box[k + 2] = fmax(box[k + 2], e[k + 2]) + 0.01;
		}
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		struct commander *c = &g->cmdrs[i];
		struct shape cs;
		bool hit = false;
		if (c->state != US_ACTIVE || c->side == u->side || c->attached >= 0)
			continue;
		cs = commander_shape(c);
		/* Does the footprint touch the stand anywhere along its way?
		 * Not if the stand is clear of the way's bounds. */
		if (c->pos.x + cs.r + GEOM_CONTACT < box[0] || c->pos.x - cs.r - GEOM_CONTACT > box[2] ||
		    c->pos.y + cs.r + GEOM_CONTACT < box[1] || c->pos.y - cs.r - GEOM_CONTACT > box[3])
			continue;
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
