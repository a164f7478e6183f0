/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order-charge: charges ("Charges", "Extended charges", "Unformed
 * charges"): which way a charge faces, every check of its way, the charge
 * carried out, and the public charge questions the AI and the UI ask. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim.h"
#include "bridge.h"
#include "command.h"
#include "control.h"
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
/* Charges ("How does a unit charge?", "Can unformed units charge?",
 * extended charges, and the command tests) */

/* A charge's way from where the unit stands, facing facing, with an
 * allowance. */
static void charge_sweep(struct game *g, int unit, int target, double facing, double allowance,
                         struct sweep *s)
{
	const struct unit *u = &g->units[unit];
	struct obb fp = unit_footprint_as(u->type, u->form, u->pos, facing);
	struct mover mv;
	move_mover_unit(g, unit, TMODE_CHARGE, false, &mv);
	mv.target = target;
	mv.through_friends = false; /* nobody charges through anybody */
	move_sweep(g, &mv, &fp, fp.c, geom_dir(facing), 1e4, allowance, weather_all_half(g, mv.tclass), s);
}

/* What a charge would do from where the unit stands, facing facing. */
static void charge_path(struct game *g, int unit, int target, double facing, struct sweep *s)
{
	const struct unit *u = &g->units[unit];
	charge_sweep(g, unit, target, facing, rules_move_for(u->type, u->form)->charge, s);
}

/* The refusals of a charge that would otherwise reach: a path through
 * units or forbidden ground, an unformed unit that would not outflank. */
static int charge_path_refusal(struct order_ctx *c, int unit, int target, double facing,
                               const struct sweep *s)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t = &g->units[target];
	if (s->why == STOP_UNIT || s->why == STOP_ENEMY)
		return ord_refuse(c, "%s cannot charge %s: it would contact %s on the way (a unit cannot charge "
		              "through, or into, any unit but its target)", u->id, t->id, g->units[s->unit].id);
	if (s->why == STOP_TERRAIN && s->feature < 0) /* the weather's mud, everywhere */
		return ord_refuse(c, "%s cannot charge: %s, where %s may not charge", u->id, weather_mud_text(g),
		              tclass_names[terrain_class(u, false)].label);
	if (s->why == STOP_TERRAIN)
		return ord_refuse(c, "%s cannot charge %s: the way crosses %s '%s', which %s may not charge "
		              "into, through or out of", u->id, t->id,
		              terrain_names[g->map.f[s->feature].type].label, g->map.f[s->feature].name,
		              tclass_names[terrain_class(u, false)].label);
	if (s->why == STOP_EDGE)
		return ord_refuse(c, "%s cannot charge %s: straight ahead it would leave the table", u->id, t->id);
	if (s->why == STOP_TARGET && !unit_formed(u) &&
	    (unit_formed(t) || unit_is_artillery(t))) {
		/* Where it would arrive: does it outflank the target there? */
		struct vec2 keep = u->pos;
		double kf = u->facing;
		bool flank;
		u->pos = v2_add(u->pos, v2_scale(geom_dir(facing), s->dist));
		u->facing = facing;
		grid_moved(g, unit);
		flank = react_outflanks(g, unit, target);
		u->pos = keep;
		grid_moved(g, unit);
		u->facing = kf;
		if (!flank)
			return ord_refuse(c, "%s is unformed and may charge %s %s only if it outflanks it, and from "
			              "here it would not", u->id, unit_is_artillery(t) ? "artillery" : "formed troops",
			              t->id);
	}
	(void)facing;
	return 0;
}

/* Where a charge goes: the facing it charges in and its way there. */
struct charge_aim {
	double facing, turn;    /* the facing, and the pivot to it */
	struct sweep s;         /* the way straight ahead at its charge allowance */
	double gap;             /* extended: how far short of the target the charge falls */
	bool extend;            /* out of reach: the charge must be extended first */
	bool blocked;           /* refused: the pivot would touch something (and so would
	                         * any greater pivot the same way) */
	int bridge;             /* over a bridge: the bridge, else -1 */
	struct bridge_reach br;
};

/* Whether a charge facing this way is allowed: the 90 degree restriction,
 * a pivot touching nothing, a way straight ahead touching nothing but the
 * target ("How does a unit charge?"), an unformed charger outflanking
 * ("Can unformed units charge?").  Out of reach, only an extended charge,
 * and only at a target just outside its reach: one the extension dice
 * could make up if they all came up 6.  0 with the aim, or the refusal. */
static int aim_check(struct order_ctx *c, int unit, int target, double facing, bool breakthrough,
                     bool extend, struct charge_aim *a)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t = &g->units[target];
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	double limit = rules_special.pivot_charge_limit;
	struct sweep all;
	int r;

	*a = (struct charge_aim){ .facing = geom_norm_deg(facing), .bridge = -1 };
	a->turn = fabs(geom_angle_diff(u->facing, a->facing));
	if (u->pivoted + a->turn > limit + 1e-9)
		return ord_refuse(c, "%s would have to turn %.0f degrees to charge %s facing %.0f: a unit that "
		              "turns over %.0f degrees in an initiative cannot charge", u->id,
		              u->pivoted + a->turn, t->id, a->facing, limit);
	if (a->turn > 1e-9 && (r = move_pivot_blocker(g, unit, u->facing, a->facing)) != -1) {
		char buf[NAME_LEN + 32];
		a->blocked = true;
		return ord_refuse(c, "%s cannot turn to face %.0f to charge %s: it would touch %s during the "
		              "pivot", u->id, a->facing, t->id, ord_blocker_text(g, r, buf, sizeof buf));
	}
	charge_path(g, unit, target, a->facing, &a->s);
	if (a->s.why != STOP_ALLOWANCE && a->s.why != STOP_NONE)
		return charge_path_refusal(c, unit, target, a->facing, &a->s);
	/* Out of reach. */
	if (!aim_lined_up(u, t, a->facing, INFINITY))
		return ord_refuse(c, "%s facing %.0f does not have %s ahead of it: a charge goes straight ahead",
		              u->id, a->facing, t->id);
	if (breakthrough)
		return ord_refuse(c, "%s cannot reach %s: a break-through charge cannot be extended", u->id,
		              t->id);
	if (!extend)
		return ord_refuse(c, "%s cannot reach %s: its charge of %g cm carries it %.1f cm%s; "
		              "'charge %s %s extend' tries to extend the charge", u->id, t->id, m->charge,
		              a->s.dist,
		              !a->s.half ? ""
		              : a->s.rate > 1 && a->s.rate != rules_terrain_limits.half_rate_cost ? " slowed by the ground"
		                                                                                 : " at half rate",
		              u->id, t->id);
	/* Straight on, where would it get there? */
	charge_sweep(g, unit, target, a->facing, 1e4, &all);
	if ((r = charge_path_refusal(c, unit, target, a->facing, &all)))
		return r;
	if (all.why != STOP_TARGET)
		return ord_refuse(c, "%s cannot reach %s straight ahead, however far it went", u->id, t->id);
	/* (Each sweep places contact to within a micron: allow for it.) */
	a->gap = all.dist - a->s.dist;
	if (a->gap > aim_extend_most(u->type) + 1e-4)
		return ord_refuse(c, "%s cannot extend its charge at %s: it falls %.1f cm short, and a charge is "
		              "extended only at a target just outside its reach, one its %dD6 cm of extension "
		              "could make up (%g cm at most)", u->id, t->id, a->gap,
		              rules_extend_dice[u->type], aim_extend_most(u->type));
	a->extend = true;
	return 0;
}

/* A charge over a bridge ("Bridges"), tried where the way straight at the
 * target's centre meets the water: 0 with the aim, ORDER_REFUSED with the
 * bridge's refusal, 1 when no bridge is between them. */
static int aim_bridge(struct order_ctx *c, int unit, int target, struct charge_aim *a)
{
	struct game *g = c->g;
	struct sweep s;
	int r, i;
	for (i = 0; i < g->map.nf && g->map.f[i].type != TT_BRIDGE; i++)
		;
	if (i == g->map.nf)
		return 1;
	charge_path(g, unit, target, geom_bearing(g->units[unit].pos, g->units[target].pos), &s);
	if (s.why != STOP_TERRAIN || s.feature < 0) /* the mud is everywhere: no bridge helps */
		return 1;
	*a = (struct charge_aim){ .bridge = -1 };
	if ((r = bridge_charge_reach(g, unit, target, TMODE_CHARGE, &a->br, c->why, c->size)) != 0)
		return r < 0 ? ORDER_REFUSED : 1;
	a->bridge = a->br.bridge;
	a->facing = a->br.facing;
	a->turn = fabs(geom_angle_diff(g->units[unit].facing, a->facing));
	a->s.dist = a->br.dist;
	a->s.why = STOP_TARGET;
	return charge_path_refusal(c, unit, target, a->facing, &a->s);
}

/* The facing the order gives: that one, or over a bridge the facing
 * straight at the bridge. */
static int aim_given(struct order_ctx *c, int unit, int target, bool breakthrough, bool extend,
                     struct charge_aim *a)
{
	double want = geom_norm_deg(c->o->a);
	int r = aim_check(c, unit, target, want, breakthrough, extend, a);
	if (r == 0 || a->s.why != STOP_TERRAIN)
		return r;
	if ((r = aim_bridge(c, unit, target, a)) != 0)
		return r < 0 ? r : aim_check(c, unit, target, want, breakthrough, extend, a);
	if (fabs(geom_angle_diff(a->facing, want)) > 0.5)
		return ord_refuse(c, "%s charges over %s straight at the bridge, facing %.0f, not %.0f",
		              c->g->units[unit].id, c->g->map.f[a->bridge].name, a->facing, want);
	return 0;
}

/* What a facing refused tells of the others: a pivot that touches
 * something blocks every greater pivot the same way (it sweeps through
 * it); a unit in the way blocks the facings whose way overlaps it. */
static void aim_note(const struct charge_aim *a, bool blocked[2], int k, struct aim_blockers *in_way)
{
	blocked[k % 2] |= a->blocked;
	if (a->s.why == STOP_UNIT || a->s.why == STOP_ENEMY)
		aim_blocked_by(in_way, a->s.unit);
}

/* The facing of a charge: the one the order gives, else the smallest
 * pivot after which the charge is allowed (none, then 1 degree either way,
 * clockwise first); an extended charge only when no facing reaches.  With
 * none allowed, the refusal for the smallest pivot that brings the target
 * ahead within reach (else ahead at all), the facing a player would mean. */
static int charge_aim(struct order_ctx *c, int unit, int target, bool breakthrough, struct charge_aim *a)
{
	struct game *g = c->g;
	const struct unit *u = &g->units[unit], *t = &g->units[target];
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	bool extend = !breakthrough && (c->o->flag & OF_EXTEND);
	double limit = rules_special.pivot_charge_limit - u->pivoted, least, slack = GEOM_CONTACT + 1e-9;
	double most = m->charge + aim_extend_most(u->type);
	int n = aim_count(limit), near = -1, far = -1, r;
	bool blocked[2] = { false, false }; /* anticlockwise, clockwise */
	struct aim_blockers in_way = { 0 };
	struct aim_lane lane;

	if (c->o->has_a)
		return aim_given(c, unit, target, breakthrough, extend, a);
	aim_lane(u, t, &lane);
	for (int k = 0; k < n; k++) {
		double f = u->facing + aim_pivot(k), gap = aim_lane_gap(&lane, f);
		if (!isfinite(gap))
			continue;
		if (far < 0)
			far = k;
		if (gap > m->charge + slack)
			continue;
		if (near < 0)
			near = k;
		if (blocked[k % 2] || aim_lane_blocked(g, u, f, gap, &in_way))
			continue;
		if (aim_check(c, unit, target, f, breakthrough, false, a) == 0)
			return 0;
		aim_note(a, blocked, k, &in_way);
	}
	for (int k = 0; extend && k < n; k++) {
		double f = u->facing + aim_pivot(k), gap = aim_lane_gap(&lane, f);
		if (gap > most + slack || blocked[k % 2] || aim_lane_blocked(g, u, f, gap, &in_way))
			continue;
		if (aim_check(c, unit, target, f, breakthrough, true, a) == 0)
			return 0;
		aim_note(a, blocked, k, &in_way);
	}
	if ((r = aim_bridge(c, unit, target, a)) <= 0)
		return r;
	if (near >= 0 || far >= 0)
		return aim_check(c, unit, target, u->facing + aim_pivot(near >= 0 ? near : far), breakthrough,
		                 extend, a);
	least = aim_least_turn(u, t);
	return ord_refuse(c, "%s would have to turn %.0f degrees to have %s ahead of it: a unit that turns "
	              "over %.0f degrees in an initiative cannot charge", u->id,
	              u->pivoted + (least < 0 ? 180 : least), t->id, rules_special.pivot_charge_limit);
}

/* Whether this unit may charge this target at all, whichever way. */
static int charge_target_refusal(struct order_ctx *c, int unit, int target, enum cmd_status *st)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t;
	const struct move_allowance *m = rules_move_for(u->type, u->form);

	if (target < 0 || target >= g->nunits || g->units[target].state != US_ACTIVE)
		return ord_refuse(c, "no such enemy unit on the table");
	t = &g->units[target];
	if (t->side == u->side)
		return ord_refuse(c, "%s is a friend: a player can only charge enemy units", t->id);
	if (unit_abandoned(t))
		return ord_refuse(c, "%s is abandoned guns, treated as if they were not there", t->id);
	if (unit_is_artillery(u))
		return ord_refuse(c, "%s is artillery: artillery cannot charge", u->id);
	if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
		return ord_refuse(c, "%s is in square: a square cannot charge", u->id);
	if (!m || m->charge <= 0)
		return ord_refuse(c, "%s cannot charge in %s", u->id, formation_names[u->form].label);
	if (unit_has_marker(u, MK_BLUE))
		return ord_refuse(c, "%s has a blue marker (disordered or reacted): it cannot charge until it is "
		              "removed", u->id);
	if (unit_is_infantry(u) && unit_is_cavalry(t))
		return ord_refuse(c, "infantry may not charge cavalry");
	*st = command_status(g, u, NULL);
	if (*st == CS_NOT_IN_COMMAND)
		return ord_refuse(c, "%s is not in command: units out of command cannot charge", u->id);
	if (game_unit_distance(u, t) > weather_visibility(g))
		return ord_refuse(c, "%s cannot see %s: visibility is %g cm", u->id, t->id, weather_visibility(g));
	if (ord_in_contact_with_enemy(g, unit))
		return ord_refuse(c, "%s is already in contact with the enemy", u->id);
	return 0;
}

/* Every check of a charge, and where it goes. */
static int charge_check(struct order_ctx *c, int unit, int target, bool breakthrough, struct charge_aim *a,
                        enum cmd_status *st)
{
	int r = charge_target_refusal(c, unit, target, st);
	return r ? r : charge_aim(c, unit, target, breakthrough, a);
}

/* An extended charge, once it has turned ("What if a potential target for
 * a charge is just outside of the normal charge move distance?"): a
 * quality test, a move of 1D6/2D6/3D6 cm, then the charge from there
 * (its way in *s and its start); failing either leaves it disordered.  0
 * to charge on, 1 when it stays, ORDER_QUIT. */
static int charge_extend(struct order_ctx *c, int unit, int target, struct sweep *s, double *start)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t = &g->units[target];
	int dice = rules_extend_dice[u->type], d;
	struct obb fp = unit_footprint(u);
	struct mover mv;
	struct sweep ms;
	double moved;
	bool caught;

	if (!react_quality_test(g, unit, 0, NULL, "tries to extend its charge")) {
		unit_set_marker(u, MK_BLUE, true);
		game_log(g, "%s stays where it is, disordered (blue marker).", u->id);
		u->acted |= UA_DONE;
		event_unit_changed(g, unit);
		return 1;
	}
	if (rules_extend_pip == 1)
		d = game_roll(g, dice, NULL, "%s's extended charge: %dD6 cm forward", u->id, dice);
	else
		d = game_roll(g, dice, NULL, "%s's extended charge: %dD6 x %g cm forward", u->id, dice, rules_extend_pip);
	move_mover_unit(g, unit, TMODE_MOVE, false, &mv);
	move_sweep(g, &mv, &fp, fp.c, geom_dir(u->facing), d * rules_extend_pip, INFINITY, false, &ms);
	if (react_moving(g, c->ctl, unit, geom_dir(u->facing), ms.dist, -1, &moved, &caught) == REACT_QUIT)
		return ORDER_QUIT;
	game_log(g, "%s moves %.1f cm.", u->id, moved);
	if (caught || u->state != US_ACTIVE) {
		ord_after_move(g, unit);
		return 1;
	}
	charge_path(g, unit, target, u->facing, s);
	if (s->why != STOP_TARGET || charge_path_refusal(c, unit, target, u->facing, s)) {
		unit_set_marker(u, MK_BLUE, true);
		game_log(g, "%s still cannot reach %s: it stays there, disordered (blue marker).", u->id,
		         t->id);
		c->why[0] = '\0';
		u->acted |= UA_DONE;
		ord_after_move(g, unit);
		return 1;
	}
	*start = game_unit_distance(u, t);
	return 0;
}

/* The charge itself, for the manoeuvre phase or a break-through; with
 * check_only, only the checks. */
static int charge_core(struct order_ctx *c, int unit, int target, bool breakthrough, bool check_only)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t;
	struct charge_aim a;
	double start, moved;
	bool caught;
	enum cmd_status st;
	int r;

	if ((r = charge_check(c, unit, target, breakthrough, &a, &st)) || check_only)
		return r;
	if (a.bridge >= 0) {
		if ((r = bridge_designate(g, c->ctl, unit, &a.br, target)) == REACT_QUIT)
			return ORDER_QUIT;
		target = r;
	}
	t = &g->units[target];
	if (a.turn > 1e-9) {
		u->pivoted += a.turn;
		u->facing = a.facing;
		game_log(g, "%s pivots to face %.0f to charge %s.", u->id, u->facing, t->id);
	}
	/* How far away the charge begins (for emergency squares and feints):
	 * from the footprint facing the target, after the pivot. */
	start = game_unit_distance(u, t);
	u->acted |= UA_MOVED;
	if (st == CS_CAUTIOUS &&
	    !react_quality_test(g, unit, 0, NULL, "tests to charge (in command but cautious)")) {
		game_log(g, "%s will not charge and stays where it is for the rest of the phase.", u->id);
		u->acted |= UA_DONE;
		event_unit_changed(g, unit);
		return 0;
	}
	if (a.extend && (r = charge_extend(c, unit, target, &a.s, &start)))
		return r == ORDER_QUIT ? ORDER_QUIT : 0;
	/* The charge: reactions on the way (the target may counter-charge),
	 * then the target's reactions when it arrives.  Only the side
	 * without the initiative ever reacts. */
	u->acted |= UA_CHARGED;
	u->charge_start = start;
	game_log(g, "%s charges %s from %.1f cm.", u->id, t->id, start);
	if (react_moving(g, c->ctl, unit, geom_dir(u->facing), a.s.dist, target, &moved, &caught) ==
	    REACT_QUIT)
		return ORDER_QUIT;
	if (u->state != US_ACTIVE) {
		ord_after_move(g, unit);
		return 0;
	}
	u->acted |= UA_CHARGING;
	ord_after_move(g, unit);
	if (caught)
		return 0; /* met on the way by a counter- or opportunity charge */
	if (a.bridge >= 0)
		bridge_engage(g, unit, target, a.bridge);
	else
		game_log(g, "%s reaches %s.", u->id, t->id);
	if (t->side != (enum side)g->initiative &&
	    react_contact(g, c->ctl, unit, target, start) == REACT_QUIT)
		return ORDER_QUIT;
	return 0;
}

/* What forbids the unit a charge this manoeuvre phase, whatever its
 * target. */
static int charge_unit_refusal(struct order_ctx *c, int unit)
{
	struct game *g = c->g;
	const struct unit *u;
	int r;

	if ((r = ord_manoeuvre_unit(c, unit)))
		return r;
	u = &g->units[unit];
	if (g->divmove >= 0)
		return ord_refuse(c, "units in a division manoeuvre cannot charge");
	if (u->acted & (UA_MOVED | UA_CROSSED))
		return ord_refuse(c, "%s has already moved: a charge is its one move", u->id);
	if (u->acted & UA_NO_CHARGE)
		return ord_refuse(c, "%s has turned over %.0f degrees this initiative and cannot charge", u->id,
		              rules_special.pivot_charge_limit);
	/* What the unit is forbids it whatever the target (the same words as
	 * charge_target_refusal's). */
	if (unit_is_artillery(u))
		return ord_refuse(c, "%s is artillery: artillery cannot charge", u->id);
	if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
		return ord_refuse(c, "%s is in square: a square cannot charge", u->id);
	if (unit_has_marker(u, MK_BLUE))
		return ord_refuse(c, "%s has a blue marker (disordered or reacted): it cannot charge until it is "
		              "removed", u->id);
	return 0;
}

int order_charge_ready(struct game *g, enum side side, int unit, char *why, size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct order_ctx c = { .g = g, .side = side, .o = &o, .why = why, .size = size };
	o.unit = unit;
	return charge_unit_refusal(&c, unit);
}

int order_do_charge(struct order_ctx *c)
{
	int unit = c->o->unit, r;

	if ((r = charge_unit_refusal(c, unit)))
		return r;
	if ((r = charge_core(c, unit, c->o->target, false, true)))
		return r;
	ord_begin_unit_order(c->g, unit);
	return charge_core(c, unit, c->o->target, false, false);
}

int order_charge_check(struct game *g, int unit, int target, bool breakthrough, char *why,
                       size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct order_ctx c = { .g = g, .o = &o, .why = why, .size = size };
	o.unit = unit;
	o.target = target;
	return charge_core(&c, unit, target, breakthrough, true);
}

int order_charge_reach(struct game *g, int unit, int target, struct vec2 *end, double *facing,
                       char *why, size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct order_ctx c = { .g = g, .o = &o, .why = why, .size = size };
	struct charge_aim a;
	enum cmd_status st;
	int r;
	o.unit = unit;
	o.target = target;
	if ((r = charge_check(&c, unit, target, false, &a, &st)))
		return r;
	*facing = a.facing;
	*end = v2_add(g->units[unit].pos, v2_scale(geom_dir(a.facing), a.s.dist));
	return 0;
}

int order_charge_short(struct game *g, int unit, int target, double *gap, double *facing, char *why,
                       size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct order_ctx c = { .g = g, .o = &o, .why = why, .size = size };
	struct charge_aim a;
	enum cmd_status st;
	int r;
	o.unit = unit;
	o.target = target;
	o.flag = OF_EXTEND;
	*gap = 0;
	if ((r = charge_check(&c, unit, target, false, &a, &st)))
		return r;
	*gap = a.extend ? a.gap : 0;
	*facing = a.facing;
	return 0;
}

int order_charge(struct game *g, struct controller **ctl, int unit, int target, bool breakthrough,
                 char *why, size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct order_ctx c = { .g = g, .ctl = ctl, .o = &o, .why = why, .size = size };
	int r;
	o.unit = unit;
	o.target = target;
	why[0] = '\0';
	if ((r = charge_core(&c, unit, target, breakthrough, true)))
		return r;
	return charge_core(&c, unit, target, breakthrough, false);
}
