/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order-command: the orders of the initiative and of command: giving a brigade
 * (or a whole division) the initiative, moving command stands, attaching
 * and detaching brigade commanders. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim.h"
#include "command.h"
#include "control.h"
#include "game.h"
#include "melee.h"
#include "move.h"
#include "order-int.h"
#include "react.h"
#include "rules.h"
#include "seq.h"
#include "victory.h"
#include "volley.h"
#include "weather.h"

/* ------------------------------------------------------------------ */
/* Initiative: brigades and divisions */

/* A division stand that has just moved binds this initiative to one of
 * its brigades (or its division manoeuvre). */
static int pending_division_check(struct order_ctx *c, int division)
{
	struct game *g = c->g;
	int d = seq_pending_division(g, c->side);
	if (d < 0 || d == division)
		return 0;
	return ord_refuse(c, "%s's stand has moved: a division stand moves only before one of its own "
	              "brigades is given the initiative, so this initiative goes to %s", g->divs[d].name,
	              g->divs[d].name);
}

int order_do_brigade(struct order_ctx *c)
{
	struct game *g = c->g;
	int b = c->o->target, r;
	if (g->phase != PHASE_INITIATIVE)
		return ord_refuse(c, "a brigade is chosen only when a side has just won the initiative");
	if (b < 0 || b >= g->nbrigs)
		return ord_refuse(c, "no such brigade");
	if (brigade_side(g, b) != c->side)
		return ord_refuse(c, "%s is an enemy brigade", g->brigs[b].id);
	if (g->brigs[b].used)
		return ord_refuse(c, "%s has already had the initiative this Turn: each brigade is chosen once a Turn",
		              g->brigs[b].id);
	if (!seq_brigade_available(g, b))
		return ord_refuse(c, "%s has no units on the table", g->brigs[b].id);
	if ((r = pending_division_check(c, g->brigs[b].division)))
		return r;
	seq_activate_brigade(g, b);
	return 0;
}

/* Nearest enemy to any unit of a division. */
static double division_enemy_distance(const struct game *g, int division)
{
	double best = INFINITY;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->state != US_ACTIVE || unit_division(g, u) != division)
			continue;
		double ru = unit_radius(u);
		for (int j = 0; j < g->nunits; j++) {
			const struct unit *o = &g->units[j];
			double d;
			if (o->side == u->side || o->state != US_ACTIVE)
				continue;
			/* Each footprint lies within its half-diagonal of its
			 * centre: a pair whose centres are further apart than both
			 * and the nearest so far (by more than any rounding) is no
			 * nearer, and is not measured. */
			if (v2_dist(u->pos, o->pos) - ru - unit_radius(o) - 1e-6 > best)
				continue;
			d = game_unit_distance(u, o);
			if (d < best)
				best = d;
		}
	}
	return best;
}

/* Whether the division may make a division manoeuvre now, and its
 * allowance and stand-off ("Division Manoeuvre"): none with an enemy
 * within blocked_within of any of its units, the long move with none
 * within far_clear, else the short one. */
static int divmove_check(struct order_ctx *c, int d, double *allow, double *keep, double *nearest)
{
	struct game *g = c->g;
	const struct division_move_rules *rm = &rules_division_move;
	int units = 0, r;
	double near;
	*nearest = INFINITY;
	if (g->phase != PHASE_INITIATIVE)
		return ord_refuse(c, "a division manoeuvre is chosen in place of a brigade, when a side has just "
		              "won the initiative");
	if (d < 0 || d >= g->ndivs)
		return ord_refuse(c, "no such division");
	if (division_side(g, d) != c->side)
		return ord_refuse(c, "%s is an enemy division", g->divs[d].id);
	for (int b = 0; b < g->nbrigs; b++)
		if (g->brigs[b].division == d && g->brigs[b].used)
			return ord_refuse(c, "%s cannot make a division manoeuvre: its %s has already had the "
			              "initiative this Turn", g->divs[d].id, g->brigs[b].name);
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].state == US_ACTIVE && unit_division(g, &g->units[i]) == d)
			units++;
	if (!units)
		return ord_refuse(c, "%s has no units on the table", g->divs[d].id);
	if ((r = pending_division_check(c, d)))
		return r;
	*nearest = near = division_enemy_distance(g, d);
	if (near <= rm->blocked_within)
		return ord_refuse(c, "%s cannot make a division manoeuvre: an enemy unit is %.1f cm from it "
		              "(there must be none within %g cm)", g->divs[d].id, near, rm->blocked_within);
	*allow = near > rm->far_clear ? rm->far_move : rm->near_move;
	*keep = near > rm->far_clear ? rm->far_keep_away : rm->near_keep_away;
	return 0;
}

int order_divmove_allowance(struct game *g, enum side side, int division, double *allow,
                            double *keep, double *nearest, char *why, size_t size)
{
	struct order o = order_new(ORD_DIVMOVE);
	struct order_ctx c = { .g = g, .side = side, .o = &o, .why = why, .size = size };
	o.target = division;
	return divmove_check(&c, division, allow, keep, nearest);
}

int order_do_divmove(struct order_ctx *c)
{
	double allow, keep, near;
	int r = divmove_check(c, c->o->target, &allow, &keep, &near);
	if (r)
		return r;
	seq_activate_division(c->g, c->o->target, allow, keep);
	return 0;
}


/* ------------------------------------------------------------------ */
/* Command stands */

static int own_commander(struct order_ctx *c, int k)
{
	if (k < 0 || k >= c->g->ncmdrs)
		return ord_refuse(c, "no such commander");
	if (c->g->cmdrs[k].side != c->side)
		return ord_refuse(c, "%s is an enemy commander", c->g->cmdrs[k].name);
	if (c->g->cmdrs[k].state != US_ACTIVE)
		return ord_refuse(c, "%s is not on the table", c->g->cmdrs[k].name);
	return 0;
}

/* "at the beginning of the initiative": before any unit of the brigade
 * has begun its manoeuvre. */
static bool brigade_not_begun(const struct game *g, int brigade)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].brigade == brigade && (g->units[i].acted & UA_STARTED))
			return false;
	return true;
}

static int brigade_start_check(struct order_ctx *c, const struct commander *k, const char *what)
{
	struct game *g = c->g;
	if (k->level != CL_BRIGADE)
		return ord_refuse(c, "only brigade commanders %s; corps and division commanders never attach",
		              what);
	if (g->phase != PHASE_MANOEUVRE ||
	    (g->active_brigade != k->of && g->divmove != g->brigs[k->of].division))
		return ord_refuse(c, "%s may %s only when %s has the initiative", k->name, what,
		              g->brigs[k->of].name);
	if (!brigade_not_begun(g, k->of))
		return ord_refuse(c, "%s may %s only at the beginning of the initiative, before any unit of the "
		              "brigade manoeuvres", k->name, what);
	return 0;
}

/* May the stand move now at all (its level's moment, once a Turn or an
 * initiative), wherever it goes? */
static int cmove_refusal(struct order_ctx *c, int k)
{
	struct game *g = c->g;
	int r = own_commander(c, k);
	struct commander *cm;

	if (r)
		return r;
	cm = &g->cmdrs[k];
	if (cm->attached >= 0)
		return ord_refuse(c, "%s is attached to %s and moves with it; detach first", cm->name,
		              g->units[cm->attached].id);
	switch (cm->level) {
	case CL_CORPS:
		/* "whenever that player has the initiative": any phase of it. */
		if (g->phase != PHASE_INITIATIVE && g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE)
			return ord_refuse(c, "a corps stand moves only while its side has the initiative");
		if (cm->moved_turn == g->turn)
			return ord_refuse(c, "%s has already moved this Turn: corps stands move once a Turn", cm->name);
		break;
	case CL_DIVISION:
		/* "only ... before a Brigade under its command is given the
		 * initiative": when its side has just won it and is about to
		 * choose; the choice must then go to the division. */
		if (g->phase != PHASE_INITIATIVE)
			return ord_refuse(c, "a division stand moves only before one of its brigades is given the "
			              "initiative");
		if (cm->moved_turn == g->turn)
			return ord_refuse(c, "%s has already moved this Turn: division stands move once a Turn",
			              cm->name);
		if (!seq_division_available(g, cm->of))
			return ord_refuse(c, "%s cannot move: none of %s's brigades is left to be given the "
			              "initiative this Turn (a division stand moves only before one of them is)",
			              cm->name, g->divs[cm->of].name);
		if ((r = seq_pending_division(g, c->side)) >= 0 && r != cm->of)
			return ord_refuse(c, "%s cannot move: %s's stand has moved, so this initiative goes to one "
			              "of its brigades, not to %s's", cm->name, g->divs[r].name,
			              g->divs[cm->of].name);
		break;
	case CL_BRIGADE:
	case CL_COUNT:
		/* "during the initiative in which that particular Brigade is
		 * chosen": its manoeuvre and firing phases, as for corps stands. */
		if (g->active_brigade != cm->of && (g->divmove < 0 || g->divmove != g->brigs[cm->of].division))
			return ord_refuse(c, "a brigade stand moves only during its own brigade's initiative");
		if (g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE)
			return ord_refuse(c, "a brigade stand moves in the manoeuvre or firing phase of its brigade's "
			              "initiative (now: %s phase)", phase_names[g->phase].label);
		if (cm->moved_init == g->initiatives)
			return ord_refuse(c, "%s has already moved this initiative", cm->name);
		break;
	}
	return 0;
}

int order_cmove_ready(struct game *g, enum side side, int k, char *why, size_t size)
{
	struct order o = order_new(ORD_CMOVE);
	struct order_ctx c = { .g = g, .side = side, .o = &o, .why = why, .size = size };
	o.unit = k;
	return cmove_refusal(&c, k);
}

int order_do_cmove(struct order_ctx *c)
{
	struct game *g = c->g;
	int k = c->o->unit, r = cmove_refusal(c, k);
	struct commander *cm;
	struct mover m;
	struct vec2 at;
	double spent = 0, ridden = 0, allow = rules_command.stand_move;
	char buf[NAME_LEN + 32];
	int crossed = -1;

	if (r)
		return r;
	cm = &g->cmdrs[k];
	if (c->o->npts < 1)
		return ord_refuse(c, "give the point (or points) the stand moves to");
	{
		double path = 0;
		struct vec2 p = cm->pos;
		for (int i = 0; i < c->o->npts; i++) {
			path += v2_dist(p, c->o->pts[i]);
			p = c->o->pts[i];
		}
		if (path > allow + 1e-9)
			return ord_refuse(c, "%s's way is %.1f cm: a command stand moves at most %g cm", cm->name,
			              path, allow);
	}
	move_mover_cmdr(g, k, &m);
	at = cm->pos;
	/* As many turns as it likes along the way; never over 36 cm. */
	for (int i = 0; i < c->o->npts; i++) {
		struct sweep s;
		struct vec2 d = v2_sub(c->o->pts[i], at);
		double len = v2_len(d);
		if (len < 1e-9)
			continue;
		d = v2_scale(d, 1 / len);
		move_sweep(g, &m, NULL, at, d, len, allow - spent, weather_all_half(g, TC_COMMAND), &s);
		if (s.dist < len - 1e-6 && s.why == STOP_TERRAIN && g->map.f[s.feature].type == TT_RIVER) {
			/* Up to a bridge, then over it: that ends the move. */
			cm->pos = v2_add(at, v2_scale(d, s.dist));
			if ((crossed = ord_stand_cross_bridge(g, k, s.feature)) >= 0) {
				if (i + 1 < c->o->npts)
					return ord_refuse(c, "%s would cross %s, which uses the rest of its movement: give "
					              "no point beyond the bridge", cm->name, g->map.f[crossed].name);
				spent += s.cost;
				ridden = spent;
				spent = allow;
				break;
			}
		}
		if (s.dist < len - 1e-6) {
			cm->pos = at;
			return ord_refuse_sweep(c, "move the command stand", len, &s, &m, allow - spent);
		}
		spent += s.cost;
		at = c->o->pts[i];
		cm->pos = at;
	}
	m.through_friends = false;
	if ((r = move_place_blocker(g, &m, NULL, -1)) != -1)
		return ord_refuse(c, "%s cannot stop there: it would touch %s (a command stand may pass friends "
		              "but not stay on them)", cm->name, ord_blocker_text(g, r, buf, sizeof buf));
	cm->moved_turn = g->turn;
	cm->moved_init = g->initiatives;
	cm->used = spent;
	if (crossed >= 0)
		game_log(g, "%s rides %.1f cm and crosses %s; that uses the rest of its movement.", cm->name,
		         ridden, g->map.f[crossed].name);
	else
		game_log(g, "%s rides %.1f cm.", cm->name, spent);
	{
		event_unit_changed(g, -1);
	}
	return 0;
}

int order_do_attach(struct order_ctx *c)
{
	struct game *g = c->g;
	int k = c->o->unit, r = own_commander(c, k), unit = c->o->target;
	struct commander *cm;
	double d;

	if (r)
		return r;
	cm = &g->cmdrs[k];
	if ((r = brigade_start_check(c, cm, "attach")))
		return r;
	if (cm->attached >= 0)
		return ord_refuse(c, "%s is already attached to %s", cm->name, g->units[cm->attached].id);
	if (unit < 0 || unit >= g->nunits || g->units[unit].state != US_ACTIVE)
		return ord_refuse(c, "no such unit on the table");
	if (g->units[unit].brigade != cm->of)
		return ord_refuse(c, "%s is not in %s: a brigade commander attaches only to a unit of his brigade",
		              g->units[unit].id, g->brigs[cm->of].name);
	if (cm->detached_from >= 0 && cm->detached_init == g->initiatives) {
		d = game_unit_distance(&g->units[cm->detached_from], &g->units[unit]);
		if (d > rules_command.attach_range + 1e-9)
			return ord_refuse(c, "%s is %.1f cm from %s, which %s has just left: it must be within %g cm",
			              g->units[unit].id, d, g->units[cm->detached_from].id, cm->name,
			              rules_command.attach_range);
	} else {
		struct vec2 b[4];
		struct shape us = unit_shape(&g->units[unit], b), cs = commander_shape(cm);
		d = geom_distance(&cs, &us);
		if (d > rules_command.attach_range + 1e-9)
			return ord_refuse(c, "%s is %.1f cm from %s: a brigade commander attaches within %g cm",
			              cm->name, d, g->units[unit].id, rules_command.attach_range);
	}
	cm->attached = unit;
	cm->pos = g->units[unit].pos;
	game_log(g, "%s attaches to %s: it is always in command while he is with it.", cm->name,
	         g->units[unit].id);
	return 0;
}

int order_do_detach(struct order_ctx *c)
{
	struct game *g = c->g;
	int k = c->o->unit, r = own_commander(c, k), unit;
	struct commander *cm;
	struct mover m;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	cm = &g->cmdrs[k];
	if ((r = brigade_start_check(c, cm, "detach")))
		return r;
	if (cm->attached < 0)
		return ord_refuse(c, "%s is not attached to a unit", cm->name);
	unit = cm->attached;
	move_mover_cmdr(g, k, &m);
	m.through_friends = false;
	cm->attached = -1;
	if (c->o->npts > 0) {
		struct vec2 b[4];
		struct shape us = unit_shape(&g->units[unit], b), cs;
		cm->pos = c->o->pts[0];
		cs = commander_shape(cm);
		if (!geom_contact(&cs, &us))
			return ord_refuse(c, "%s must be placed in base-to-base contact with %s", cm->name,
			              g->units[unit].id);
		if ((r = move_place_blocker(g, &m, NULL, -1)) != -1)
			return ord_refuse(c, "%s cannot be placed there: it would touch %s", cm->name,
			              ord_blocker_text(g, r, buf, sizeof buf));
	} else {
		/* Behind the unit, touching it: the first clear place around. */
		const struct unit *u = &g->units[unit];
		struct obb fp = unit_footprint(u);
		double rad = rules_stand[ARM_COMMAND].w / 2;
		bool placed = false;
		for (int a = 0; a < 36 && !placed; a++) {
			double bearing = u->facing + 180 + (a % 2 ? 1 : -1) * 10.0 * ((a + 1) / 2);
			struct vec2 dir = geom_dir(bearing);
			/* Walk out from the centre until the stand just touches. */
			for (double t = 0; t < fp.w + fp.d + 2 * rad; t += 0.01) {
				struct vec2 b[4];
				struct shape us = unit_shape(u, b), cs;
				cm->pos = v2_add(fp.c, v2_scale(dir, t));
				cs = commander_shape(cm);
				if (geom_distance(&cs, &us) > 0) {
					if (move_place_blocker(g, &m, NULL, -1) == -1)
						placed = true;
					break;
				}
			}
		}
		if (!placed)
			return ord_refuse(c, "there is no clear place in contact with %s for %s", g->units[unit].id,
			              cm->name);
	}
	cm->detached_from = unit;
	cm->detached_init = g->initiatives;
	/* "Normal Division and Corps command radius considerations immediately
	 * apply to that unit": measured again, and kept. */
	command_fix(g, unit);
	game_log(g, "%s detaches from %s.", cm->name, g->units[unit].id);
	return 0;
}
