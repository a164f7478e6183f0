/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order-move: one unit's manoeuvre ("The Manoeuvre Phase"): pivots and about
 * faces, formation changes, moves straight ahead, the special moves
 * (side-step, step back, oblique, inch, prolong, redeploy) and retreating. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim.h"
#include "command.h"
#include "control.h"
#include "formation.h"
#include "game.h"
#include "grid.h"
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
/* Facing */

static int turn_unit(struct order_ctx *c, int unit, double to, bool about)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit];
	double diff = geom_angle_diff(u->facing, to);
	const char *what = about ? "about face" : "pivot";

	if (g->divmove >= 0 && (u->acted & UA_MOVED))
		return ord_refuse(c, "%s cannot %s: in a division manoeuvre a unit turns only before it moves",
		              u->id, what);
	if (u->acted & UA_CROSSED)
		return ord_refuse(c, "%s has crossed a bridge and does no more this phase", u->id);
	if (about) {
		if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
			return ord_refuse(c, "%s is a square: any unit except a square may about face", u->id);
		/* "Units reacting may be able to about face whilst in contact":
		 * only reacting units, never the side with the initiative. */
		if (ord_in_contact_with_enemy(g, unit))
			return ord_refuse(c, "%s is in contact with the enemy: only a unit reacting (falling back, "
			              "say) may about face in contact, never one of the side with the "
			              "initiative", u->id);
	} else {
		int k = move_pivot_blocker(g, unit, u->facing, to);
		char buf[NAME_LEN + 32];
		if (k != -1)
			return ord_refuse(c, "%s cannot pivot to %.1f: it would touch %s during the pivot", u->id,
			              geom_norm_deg(to), ord_blocker_text(g, k, buf, sizeof buf));
	}
	ord_begin_unit_order(g, unit);
	u->facing = geom_norm_deg(to);
	u->pivoted += fabs(diff);
	if (u->pivoted > rules_special.pivot_charge_limit) {
		u->acted |= UA_NO_CHARGE;
		if (unit_is_artillery(u))
			u->acted |= UA_NO_FIRE;
	}
	{
		char over[64] = "";
		if (u->pivoted > rules_special.pivot_charge_limit)
			snprintf(over, sizeof over, " (over %g: it may not %s this initiative)",
			         rules_special.pivot_charge_limit, unit_is_artillery(u) ? "fire" : "charge");
		game_log(g, "%s %s to face %.0f%s.", u->id, about ? "about faces" : "pivots", u->facing, over);
	}
	event_unit_changed(g, unit);
	return 0;
}

int order_do_face(struct order_ctx *c)
{
	int r = ord_manoeuvre_unit(c, c->o->unit);
	if (r)
		return r;
	return turn_unit(c, c->o->unit, c->o->a, false);
}

int order_do_about(struct order_ctx *c)
{
	int r = ord_manoeuvre_unit(c, c->o->unit);
	if (r)
		return r;
	return turn_unit(c, c->o->unit, c->g->units[c->o->unit].facing + 180, true);
}

/* "Any unit that is reduced to one strength point or less is
 * immediately removed": a unit spared only while unformed or in square
 * goes the moment it takes a formation that is not. */
void ord_no_longer_exempt(struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	char why[MSG_LEN];
	if (u->state != US_ACTIVE || u->sp > unit_elimination_sp(u))
		return;
	snprintf(why, sizeof why, "at %d SP it is removed once it is formed and out of square (only "
	         "unformed units, squares and the Guard stay until %d SP)", u->sp,
	         rules_elimination.exempt);
	react_eliminate(g, unit, why);
}

int order_do_form(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit), blocker = -1;
	struct unit *u;
	const char *why;
	double facing;
	struct vec2 centre;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	u = &g->units[unit];
	if (u->form == c->o->form)
		return ord_refuse(c, "%s is already in %s", u->id, formation_names[u->form].label);
	if ((why = unit_formation_refusal(u, c->o->form)))
		return ord_refuse(c, "%s cannot form %s: %s", u->id, formation_names[c->o->form].label, why);
	if (c->o->form == FORM_ESQUARE)
		return ord_refuse(c, "an emergency square is formed only as a reaction to a cavalry charge");
	if (u->acted & UA_FORMED)
		return ord_refuse(c, "%s has already changed formation: one formation change per manoeuvre phase",
		              u->id);
	if (u->acted & UA_CHARGED)
		return ord_refuse(c, "%s has charged: a charging unit changes formation only before its charge",
		              u->id);
	if (g->divmove >= 0 && (u->acted & UA_MOVED))
		return ord_refuse(c, "%s cannot change formation after moving in a division manoeuvre", u->id);
	if (u->acted & UA_CROSSED)
		return ord_refuse(c, "%s has crossed a bridge and does no more this phase", u->id);
	if (ord_in_contact_with_enemy(g, unit))
		return ord_refuse(c, "%s is in contact with the enemy: a unit with the initiative changes formation "
		              "only out of contact", u->id);
	/* Leaving a square, infantry may face any way. */
	facing = u->facing;
	if (c->o->has_a) {
		if (u->form != FORM_SQUARE)
			return ord_refuse(c, "%s may choose a new facing only when leaving a square; pivot instead",
			              u->id);
		facing = geom_norm_deg(c->o->a);
	}
	r = formation_place(g, unit, c->o->form, facing, c->o->flag, -1, &centre, &blocker);
	if (r == 2)
		return ord_refuse(c, "%s: in %s there is no such stand to keep in place (line: left or right; "
		              "column or square: front or rear)", u->id, formation_names[u->form].label);
	if (r)
		return ord_refuse(c, "%s cannot form %s: the stands would touch %s (a unit changing formation "
		              "must not contact other units or forbidden ground)", u->id,
		              formation_names[c->o->form].label, ord_blocker_text(g, blocker, buf, sizeof buf));
	ord_begin_unit_order(g, unit);
	game_log(g, "%s forms %s.", u->id, formation_names[c->o->form].label);
	u->form = c->o->form;
	u->pos = centre;
	grid_moved(g, unit);
	u->facing = facing;
	u->acted |= UA_FORMED;
	ord_after_move(g, unit);
	ord_no_longer_exempt(g, unit);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Moves */

int order_do_move(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit);
	struct unit *u;
	double allow, moved, cost;
	bool max = c->o->flag & OF_MAX;

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = ord_check_can_move(c, u)))
		return r;
	if (u->form == FORM_SQUARE)
		return ord_refuse(c, "%s is a square: squares move only by inching ('inch')", u->id);
	/* A move of nothing would use up the unit's one move. */
	if (!max && fabs(c->o->a) < 0.05)
		return ord_refuse(c, "%s: a move of 0 cm is no move (a unit moves once, by a distance, or 'max')",
		              u->id);
	if (unit_is_artillery(u)) {
		if (g->divmove >= 0)
			return ord_refuse(c, "%s: artillery moves in a division manoeuvre by redeploying", u->id);
		allow = rules_move_for(u->type, u->form)->move;
	} else {
		allow = ord_unit_allowance(g, u);
	}
	ord_begin_unit_order(g, unit);
	if ((r = ord_sweep_unit(c, unit, unit_is_artillery(u) ? "prolong" : "move", geom_dir(u->facing),
	                    c->o->a, max, allow, false, NULL, &moved, &cost)))
		return r;
	if (u->state != US_ACTIVE)
		return 0;
	u->used += cost;
	u->acted |= UA_MOVED;
	game_log(g, "%s %s %.1f cm (%.1f of its %g cm allowance).", u->id,
	         unit_is_artillery(u) ? "prolongs" : "moves", moved, cost, allow);
	ord_after_move(g, unit);
	return 0;
}

/* Turn toward a point and move toward it: a pivot to face it, then a
 * move straight ahead as far as the unit may go, up to the point (its
 * centre there).  Two orders of the rules given as one. */
int order_do_moveto(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit);
	struct vec2 to = v2(c->o->a, c->o->b);
	struct order m;
	struct order_ctx mc;
	struct unit *u;
	double dist, facing;

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = ord_check_can_move(c, u)))
		return r;
	if (unit_is_artillery(u))
		return ord_refuse(c, "%s is artillery: guns go toward a point by redeploying ('redeploy')", u->id);
	if (u->form == FORM_SQUARE)
		return ord_refuse(c, "%s is a square: squares move only by inching ('inch')", u->id);
	dist = v2_dist(u->pos, to);
	if (dist < 0.05)
		return ord_refuse(c, "%s is already there: give a point away from its centre", u->id);
	facing = geom_bearing(u->pos, to);
	if (fabs(geom_angle_diff(u->facing, facing)) > 1e-6 && (r = turn_unit(c, unit, facing, false)))
		return r;
	m = *c->o;
	m.kind = ORD_MOVE;
	m.a = dist;
	m.has_a = true;
	m.flag = OF_MAX;
	mc = *c;
	mc.o = &m;
	r = order_do_move(&mc);
	c->caught = mc.caught;
	return r;
}

/* Side-step, step back, oblique: infantry in line or skirmish line only,
 * never in a division manoeuvre. */
static int special_allowed(struct order_ctx *c, const struct unit *u, const char *what)
{
	if (!unit_is_infantry(u) || (u->form != FORM_LINE && u->form != FORM_SKIRMISH))
		return ord_refuse(c, "%s cannot %s: only infantry in line or skirmish line may", u->id, what);
	if (c->g->divmove >= 0)
		return ord_refuse(c, "%s cannot %s in a division manoeuvre: units only turn and move straight ahead",
		              u->id, what);
	return 0;
}

static int sidestep_stepback(struct order_ctx *c, bool back)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit);
	struct unit *u;
	double moved, cost, want, allow;
	struct vec2 dir;
	const char *what = back ? "step back" : "side-step";

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = ord_check_can_move(c, u)) || (r = special_allowed(c, u, what)))
		return r;
	want = fabs(c->o->a);
	allow = back ? rules_special.stepback : rules_special.sidestep;
	if (want > allow + 1e-9)
		return ord_refuse(c, "%s cannot %s %.1f cm: at most %g cm", u->id, what, want, allow);
	dir = back ? v2_scale(geom_dir(u->facing), -1)
	           : v2_scale(geom_right(u->facing), c->o->a < 0 ? -1 : 1);
	ord_begin_unit_order(g, unit);
	if ((r = ord_sweep_unit(c, unit, what, dir, want, false, allow, false, NULL, &moved, &cost)))
		return r;
	u->acted |= UA_MOVED;
	u->used += cost;
	game_log(g, "%s %s %.1f cm%s.", u->id, back ? "steps back" : "side-steps", moved,
	         back ? "" : (c->o->a < 0 ? " to its left" : " to its right"));
	ord_after_move(g, unit);
	return 0;
}

int order_do_oblique(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit);
	struct unit *u;
	double moved, cost, fwd = c->o->a, side = c->o->b, total = 0;
	struct vec2 legs[2];
	double want[2], allow[2];

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = ord_check_can_move(c, u)) || (r = special_allowed(c, u, "move obliquely")))
		return r;
	if (fwd < 0)
		return ord_refuse(c, "%s: oblique movement goes forward only (then step back instead)", u->id);
	if (fwd > rules_special.oblique_forward + 1e-9 || fabs(side) > rules_special.oblique_side + 1e-9)
		return ord_refuse(c, "%s: oblique movement is at most %g cm forward and %g cm sideways", u->id,
		              rules_special.oblique_forward, rules_special.oblique_side);
	legs[0] = geom_dir(u->facing);
	legs[1] = v2_scale(geom_right(u->facing), side < 0 ? -1 : 1);
	want[0] = fwd, want[1] = fabs(side);
	allow[0] = rules_special.oblique_forward, allow[1] = rules_special.oblique_side;
	ord_begin_unit_order(g, unit);
	for (int k = 0; k < 2 && !c->caught && u->state == US_ACTIVE; k++) {
		int leg = (c->o->flag & OF_SIDE_FIRST) ? 1 - k : k;
		if (want[leg] <= 0)
			continue;
		if ((r = ord_sweep_unit(c, unit, "move obliquely", legs[leg], want[leg], false, allow[leg], false,
		                    NULL, &moved, &cost)))
			return r;
		total += cost;
	}
	u->acted |= UA_MOVED;
	u->used += total;
	game_log(g, "%s moves obliquely %.1f cm forward and %.1f cm to its %s.", u->id, fwd, fabs(side),
	         side < 0 ? "left" : "right");
	ord_after_move(g, unit);
	return 0;
}

static bool enemy_cavalry_within(const struct game *g, const struct unit *u, double range)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		if (o->side != u->side && o->state == US_ACTIVE && unit_is_cavalry(o) &&
		    game_units_within(u, o, range))
			return true;
	}
	return false;
}

int order_do_inch(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit);
	struct unit *u;
	double allow, moved, cost;

	if (r)
		return r;
	u = &g->units[unit];
	if (u->form == FORM_ESQUARE)
		return ord_refuse(c, "%s is an emergency square: only solid squares may inch", u->id);
	if (u->form != FORM_SQUARE)
		return ord_refuse(c, "%s is not a square: only infantry in solid square inches", u->id);
	if ((r = ord_check_can_move(c, u)))
		return r;
	if (g->divmove >= 0)
		return ord_refuse(c, "%s: in a division manoeuvre a square must leave square to move", u->id);
	allow = enemy_cavalry_within(g, u, rules_inch.cavalry_range) ? rules_inch.near_cavalry
	                                                             : rules_inch.clear;
	if (c->o->b > allow + 1e-9)
		return ord_refuse(c, "%s may inch at most %g cm (%s enemy cavalry within %g cm)", u->id, allow,
		              allow == rules_inch.near_cavalry ? "with" : "with no", rules_inch.cavalry_range);
	ord_begin_unit_order(g, unit);
	if ((r = ord_sweep_unit(c, unit, "inch", geom_dir(c->o->a), c->o->b, false, allow, false, NULL,
	                    &moved, &cost)))
		return r;
	u->acted |= UA_MOVED;
	u->used += cost;
	game_log(g, "%s inches %.1f cm toward %.0f.", u->id, moved, geom_norm_deg(c->o->a));
	ord_after_move(g, unit);
	return 0;
}

int order_do_prolong(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit);
	struct unit *u;
	double allow, moved, cost, want = c->o->a;

	if (r)
		return r;
	u = &g->units[unit];
	if (!unit_is_artillery(u))
		return ord_refuse(c, "%s is not artillery: only artillery prolongs", u->id);
	if ((r = ord_check_can_move(c, u)))
		return r;
	if (g->divmove >= 0)
		return ord_refuse(c, "%s: artillery moves in a division manoeuvre by redeploying", u->id);
	allow = want < 0 ? rules_special.prolong_back : rules_move_for(u->type, u->form)->move;
	if (fabs(want) > allow + 1e-9)
		return ord_refuse(c, "%s may prolong at most %g cm %s", u->id, allow,
		              want < 0 ? "backwards" : "forwards");
	ord_begin_unit_order(g, unit);
	if ((r = ord_sweep_unit(c, unit, "prolong", v2_scale(geom_dir(u->facing), want < 0 ? -1 : 1),
	                    fabs(want), false, allow, false, NULL, &moved, &cost)))
		return r;
	u->acted |= UA_MOVED;
	u->used += cost;
	game_log(g, "%s prolongs %.1f cm %s; it may still fire.", u->id, moved,
	         want < 0 ? "backwards" : "forwards");
	ord_after_move(g, unit);
	return 0;
}

int order_do_redeploy(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit), k;
	struct unit *u;
	double allow, moved, cost, bearing = c->o->a, facing;
	struct obb body;
	struct mover m;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	u = &g->units[unit];
	if (!unit_is_artillery(u))
		return ord_refuse(c, "%s is not artillery: only artillery redeploys", u->id);
	if ((r = ord_check_can_move(c, u)))
		return r;
	allow = g->divmove >= 0 ? g->divmove_allow : rules_move_for(u->type, u->form)->redeploy;
	facing = c->o->has_c ? c->o->c : bearing;
	/* Limber in any direction, move straight, unlimber in any direction. */
	body = unit_footprint_as(u->type, u->form, u->pos, bearing);
	ord_begin_unit_order(g, unit);
	if ((r = ord_sweep_unit(c, unit, "redeploy", geom_dir(bearing), c->o->b, c->o->flag & OF_MAX, allow,
	                    true, &body, &moved, &cost)))
		return r;
	if (u->state != US_ACTIVE)
		return 0;
	body.facing = geom_norm_deg(facing);
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	if ((k = move_place_blocker(g, &m, &body, -1)) != -1)
		return ord_refuse(c, "%s cannot unlimber facing %.0f there: it would touch %s", u->id,
		              geom_norm_deg(facing), ord_blocker_text(g, k, buf, sizeof buf));
	u->facing = body.facing;
	u->acted |= UA_MOVED | UA_NO_FIRE | UA_NO_CHARGE;
	u->used += cost;
	game_log(g, "%s limbers up, redeploys %.1f cm toward %.0f and unlimbers facing %.0f; it may not "
	         "fire this initiative.", u->id, moved, geom_norm_deg(bearing), u->facing);
	ord_after_move(g, unit);
	return 0;
}


/* ------------------------------------------------------------------ */
/* Retreating a unit */

int order_do_retreat(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, k;
	struct unit *u;
	enum cmd_status st;

	if (unit < 0 || unit >= g->nunits)
		return ord_refuse(c, "no such unit");
	u = &g->units[unit];
	if (u->side != c->side)
		return ord_refuse(c, "%s is an enemy unit", u->id);
	if (g->initiative != (int)c->side || g->phase == PHASE_OVER)
		return ord_refuse(c, "units retreat only while their side has the initiative");
	if (u->state != US_ACTIVE)
		return ord_refuse(c, "%s is not on the table", u->id);
	if (unit_abandoned(u))
		return ord_refuse_abandoned(c, u);
	if (u->acted & UA_CHARGED)
		return ord_refuse(c, "%s has charged during this initiative and cannot retreat", u->id);
	if (u->acted & UA_FIRED)
		return ord_refuse(c, "%s has fired during this initiative and cannot retreat", u->id);
	st = command_status(g, u, NULL);
	if (st == CS_NOT_IN_COMMAND)
		return ord_refuse(c, "%s is not in command: only units in command (or cautious) can retreat", u->id);
	if (g->current_unit == unit)
		seq_begin_unit(g, -1);
	u->state = US_RETREATED;
	game_log(g, "%s retreats from the battle.", u->id);
	if ((k = command_attached_to(g, unit)) >= 0) {
		struct commander *cm = &g->cmdrs[k];
		cm->attached = -1;
		if (c->o->flag & OF_WITH_CMDR) {
			cm->state = US_RETREATED;
			game_log(g, "%s goes with it.", cm->name);
		} else {
			cm->pos = u->pos;
			game_log(g, "%s stays behind.", cm->name);
		}
	}
	command_check_losses(g, unit);
	event_unit_changed(g, unit);
	return 0;
}

int order_do_sidestep(struct order_ctx *c)
{
	return sidestep_stepback(c, false);
}

int order_do_stepback(struct order_ctx *c)
{
	return sidestep_stepback(c, true);
}
