/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order: checking and carrying out orders ("The Manoeuvre Phase",
 * "Manoeuvring a Division", command stands, retreating).  Every refusal
 * says which rule forbids the order. */
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
#include "order.h"
#include "react.h"
#include "rules.h"
#include "seq.h"
#include "victory.h"
#include "volley.h"
#include "weather.h"

const struct enum_name order_names[ORD_COUNT] = { ORDER_LIST(ENUM_NAME) };

#define REFUSED (-1)
#define QUIT (-2)

struct order order_new(enum order_kind kind)
{
	return (struct order){ .kind = kind, .unit = -1, .target = -1 };
}

struct ctx {
	struct game *g;
	struct controller **ctl;
	enum side side;
	const struct order *o;
	char *why;
	size_t size;
	bool caught;     /* an enemy charge stopped the unit on its way */
};

static int refuse(struct ctx *c, const char *fmt, ...) GAME_PRINTF(2, 3);
static int refuse(struct ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->why, c->size, fmt, ap);
	va_end(ap);
	return REFUSED;
}

static void unit_changed(struct game *g, int unit)
{
	struct event ev = { .kind = EV_UNIT, .unit = unit };
	event_emit(g, &ev);
}

/* ------------------------------------------------------------------ */
/* Shared checks */

static bool in_contact_with_enemy(const struct game *g, int unit)
{
	return melee_engaged(g, unit) >= 0;
}

/* Abandoned artillery "cannot fire, limber, prolong, etc." and "simply
 * remains in place and does nothing" until its crews man it again. */
static int refuse_abandoned(struct ctx *c, const struct unit *u)
{
	return refuse(c, "%s's guns are abandoned (orange marker): abandoned artillery does nothing, "
	              "neither moving, turning, limbering, prolonging, changing formation nor firing, "
	              "until its crews man it again", u->id);
}

/* A unit of the side, on the table, in the brigade (or division) that has
 * the initiative, in the manoeuvre phase, not finished. */
static int manoeuvre_unit(struct ctx *c, int unit)
{
	struct game *g = c->g;
	const struct unit *u;
	if (unit < 0 || unit >= g->nunits)
		return refuse(c, "no such unit");
	u = &g->units[unit];
	if (g->phase != PHASE_MANOEUVRE)
		return refuse(c, "%s: units manoeuvre only in the manoeuvre phase (now: %s phase)",
		              u->id, phase_names[g->phase].label);
	if (u->side != c->side)
		return refuse(c, "%s is an enemy unit: a player cannot manoeuvre enemy units", u->id);
	if (u->state != US_ACTIVE)
		return refuse(c, "%s is not on the table (%s)", u->id, unit_state_names[u->state].label);
	if (unit_abandoned(u))
		return refuse_abandoned(c, u);
	if (g->divmove >= 0) {
		if (unit_division(g, u) != g->divmove)
			return refuse(c, "%s is not in %s, which is making the division manoeuvre", u->id,
			              g->divs[g->divmove].name);
	} else if (u->brigade != g->active_brigade) {
		return refuse(c, "%s is not in %s, the brigade with the initiative", u->id,
		              g->active_brigade >= 0 ? g->brigs[g->active_brigade].name : "(none)");
	}
	if (u->acted & UA_DONE)
		return refuse(c, "%s has finished its manoeuvre: units manoeuvre one at a time, once each",
		              u->id);
	if (u->defends && c->o->kind != ORD_DEFEND)
		return refuse(c, "%s is defending %s: leave the landmark first ('defend %s off')", u->id,
		              g->map.f[u->defends - 1].name, u->id);
	return 0;
}

/* Begin (or go on with) this unit's manoeuvre; the one before is done. */
static void begin_unit_order(struct game *g, int unit)
{
	seq_begin_unit(g, unit);
}

/* Orders that belong to one unit's manoeuvre (and can be taken back). */
static bool unit_order(enum order_kind k)
{
	return k >= ORD_FACE && k <= ORD_DEFEND;
}

static double unit_allowance(const struct game *g, const struct unit *u)
{
	const struct move_allowance *m;
	if (g->divmove >= 0)
		return g->divmove_allow;
	m = rules_move_for(u->type, u->form);
	return m ? m->move : 0;
}

static const char *blocker_text(const struct game *g, int k, char *buf, size_t size)
{
	if (k >= 0)
		snprintf(buf, size, "%s (%s)", g->units[k].id, g->units[k].name);
	else if (k == -100)
		snprintf(buf, size, "the table's edge");
	else if (k <= -2)
		snprintf(buf, size, "%s '%s'", terrain_names[g->map.f[-2 - k].type].label,
		         g->map.f[-2 - k].name);
	else
		snprintf(buf, size, "nothing");
	return buf;
}

/* Why a sweep stopped short, as a sentence. */
static int refuse_sweep(struct ctx *c, const char *what, double want, const struct sweep *s,
                        const struct mover *m, double allowance)
{
	struct game *g = c->g;
	switch (s->why) {
	case STOP_ENEMY:
		return refuse(c, "cannot %s %.1f cm: after %.1f cm it would touch %s (%s); only a charge "
		              "may bring a unit into contact with the enemy", what, want, s->dist,
		              g->units[s->unit].id, g->units[s->unit].name);
	case STOP_UNIT:
		return refuse(c, "cannot %s %.1f cm: after %.1f cm it would run into %s (%s); %s",
		              what, want, s->dist, g->units[s->unit].id, g->units[s->unit].name,
		              m->through_friends ? "no unit may end on another"
		                                 : "formed units may not pass through other units");
	case STOP_TERRAIN: {
		const struct feature *f = &g->map.f[s->feature];
		char who[80];
		if (!terrain_closed_to_all(f))
			snprintf(who, sizeof who, "%s may not go", tclass_names[m->tclass].label);
		else if (f->type == TT_RIVER)
			snprintf(who, sizeof who, "no unit may go except at a bridge or a ford");
		else
			snprintf(who, sizeof who, "no unit may go except along a road");
		return refuse(c, "cannot %s %.1f cm: after %.1f cm it would enter %s '%s', where %s",
		              what, want, s->dist, terrain_names[f->type].label, f->name, who);
	}
	case STOP_EDGE:
		return refuse(c, "cannot %s %.1f cm: after %.1f cm it would leave the table", what, want,
		              s->dist);
	case STOP_ALLOWANCE:
		return refuse(c, "cannot %s %.1f cm: its allowance of %.1f cm%s carries it only %.1f cm",
		              what, want, allowance,
		              s->half || weather_all_half(g, m->tclass) ? " (at half rate: 2 cm for every 1 cm moved)" : "",
		              s->dist);
	default:
		return refuse(c, "cannot %s %.1f cm", what, want);
	}
}

/* Carry a unit along dir (want cm, or as far as allowed when max). */
static int sweep_unit(struct ctx *c, int unit, const char *what, struct vec2 dir, double want,
                      bool max, double allowance, bool limbered, struct obb *body,
                      double *moved, double *cost)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit];
	struct mover m;
	struct sweep s;
	struct obb fp = body ? *body : unit_footprint(u);

	move_mover_unit(g, unit, TMODE_MOVE, limbered, &m);
	if (want < 0)
		return refuse(c, "cannot %s a negative distance", what);
	move_sweep(g, &m, &fp, fp.c, dir, max ? 1e4 : want, allowance, weather_all_half(g, m.tclass), &s);
	if (!max && s.dist < want - 1e-6)
		return refuse_sweep(c, what, want, &s, &m, allowance);
	if (g->divmove >= 0) {
		double keep = move_keep_away(g, u->side, &fp, dir, s.dist, g->divmove_keep);
		if (keep < s.dist - 1e-6) {
			if (!max)
				return refuse(c, "cannot %s %.1f cm: in this division manoeuvre no unit may come "
				              "closer than %.0f cm to the enemy (it could go %.1f cm)",
				              what, want, g->divmove_keep, keep);
			s.dist = keep;
			move_sweep(g, &m, &fp, fp.c, dir, keep, allowance, weather_all_half(g, m.tclass), &s);
		}
	}
	/* Unformed units pass through friends but may not stop on them. */
	{
		struct obb end = move_shift(fp, dir, s.dist);
		int k;
		m.through_friends = false;
		k = move_place_blocker(g, &m, &end, -1);
		if (k >= 0 && g->units[k].side == u->side)
			return refuse(c, "cannot %s %.1f cm: it would stop on %s; a unit may pass through "
			              "friends but not remain interpenetrated with them", what, s.dist,
			              g->units[k].id);
	}
	/* Carry it there, offering the enemy its reactions on the way. */
	{
		bool caught;
		int r;
		u->pos = fp.c;
		u->facing = fp.facing;
		r = react_moving(g, c->ctl, unit, dir, s.dist, -1, moved, &caught);
		if (r == REACT_QUIT)
			return QUIT;
		c->caught = caught;
		*cost = s.cost;
		if (*moved < s.dist - 1e-9) {
			struct sweep part;
			move_mover_unit(g, unit, TMODE_MOVE, limbered, &m);
			move_sweep(g, &m, &fp, fp.c, dir, *moved, allowance, weather_all_half(g, m.tclass), &part);
			*cost = part.cost;
		}
	}
	if (body)
		*body = move_shift(fp, dir, *moved);
	return 0;
}

/* After a unit has moved: its attached commander rides with it and
 * friendly command stands under it step aside. */
static void after_move(struct game *g, int unit)
{
	int k = command_attached_to(g, unit);
	if (k >= 0)
		g->cmdrs[k].pos = g->units[unit].pos;
	move_clear_stands(g, unit);
	react_check_shelters(g);
	unit_changed(g, unit);
}

static int check_can_move(struct ctx *c, const struct unit *u)
{
	if (u->acted & UA_CROSSED)
		return refuse(c, "%s has crossed a bridge, which uses all its movement", u->id);
	if (u->acted & UA_MOVED)
		return refuse(c, "%s has already moved: a unit moves once, straight ahead", u->id);
	if (u->form == FORM_ESQUARE)
		return refuse(c, "%s is in an emergency square, which cannot move", u->id);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Initiative: brigades and divisions */

/* A division stand that has just moved binds this initiative to one of
 * its brigades (or its division manoeuvre). */
static int pending_division_check(struct ctx *c, int division)
{
	struct game *g = c->g;
	int d = seq_pending_division(g, c->side);
	if (d < 0 || d == division)
		return 0;
	return refuse(c, "%s's stand has moved: a division stand moves only before one of its own "
	              "brigades is given the initiative, so this initiative goes to %s", g->divs[d].name,
	              g->divs[d].name);
}

static int do_brigade(struct ctx *c)
{
	struct game *g = c->g;
	int b = c->o->target, r;
	if (g->phase != PHASE_INITIATIVE)
		return refuse(c, "a brigade is chosen only when a side has just won the initiative");
	if (b < 0 || b >= g->nbrigs)
		return refuse(c, "no such brigade");
	if (brigade_side(g, b) != c->side)
		return refuse(c, "%s is an enemy brigade", g->brigs[b].id);
	if (g->brigs[b].used)
		return refuse(c, "%s has already had the initiative this Turn: each brigade is chosen once a Turn",
		              g->brigs[b].id);
	if (!seq_brigade_available(g, b))
		return refuse(c, "%s has no units on the table", g->brigs[b].id);
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
		for (int j = 0; j < g->nunits; j++) {
			const struct unit *o = &g->units[j];
			double d;
			if (o->side == u->side || o->state != US_ACTIVE)
				continue;
			d = game_unit_distance(u, o);
			if (d < best)
				best = d;
		}
	}
	return best;
}

static int do_divmove(struct ctx *c)
{
	struct game *g = c->g;
	const struct division_move_rules *rm = &rules_division_move;
	int d = c->o->target, units = 0, r;
	double near;
	if (g->phase != PHASE_INITIATIVE)
		return refuse(c, "a division manoeuvre is chosen in place of a brigade, when a side has just "
		              "won the initiative");
	if (d < 0 || d >= g->ndivs)
		return refuse(c, "no such division");
	if (division_side(g, d) != c->side)
		return refuse(c, "%s is an enemy division", g->divs[d].id);
	for (int b = 0; b < g->nbrigs; b++)
		if (g->brigs[b].division == d && g->brigs[b].used)
			return refuse(c, "%s cannot make a division manoeuvre: its %s has already had the "
			              "initiative this Turn", g->divs[d].id, g->brigs[b].name);
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].state == US_ACTIVE && unit_division(g, &g->units[i]) == d)
			units++;
	if (!units)
		return refuse(c, "%s has no units on the table", g->divs[d].id);
	if ((r = pending_division_check(c, d)))
		return r;
	near = division_enemy_distance(g, d);
	if (near <= rm->blocked_within)
		return refuse(c, "%s cannot make a division manoeuvre: an enemy unit is %.1f cm from it "
		              "(there must be none within %.0f cm)", g->divs[d].id, near, rm->blocked_within);
	if (near > rm->far_clear)
		seq_activate_division(g, d, rm->far_move, rm->far_keep_away);
	else
		seq_activate_division(g, d, rm->near_move, rm->near_keep_away);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Facing */

static int turn_unit(struct ctx *c, int unit, double to, bool about)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit];
	double diff = geom_angle_diff(u->facing, to);
	const char *what = about ? "about face" : "pivot";

	if (g->divmove >= 0 && (u->acted & UA_MOVED))
		return refuse(c, "%s cannot %s: in a division manoeuvre a unit turns only before it moves",
		              u->id, what);
	if (u->acted & UA_CROSSED)
		return refuse(c, "%s has crossed a bridge and does no more this phase", u->id);
	if (about) {
		if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
			return refuse(c, "%s is a square: any unit except a square may about face", u->id);
		/* "Units reacting may be able to about face whilst in contact":
		 * only reacting units, never the side with the initiative. */
		if (in_contact_with_enemy(g, unit))
			return refuse(c, "%s is in contact with the enemy: only a unit reacting (falling back, "
			              "say) may about face in contact, never one of the side with the "
			              "initiative", u->id);
	} else {
		int k = move_pivot_blocker(g, unit, u->facing, to);
		char buf[NAME_LEN + 32];
		if (k != -1)
			return refuse(c, "%s cannot pivot to %.1f: it would touch %s during the pivot", u->id,
			              geom_norm_deg(to), blocker_text(g, k, buf, sizeof buf));
	}
	begin_unit_order(g, unit);
	u->facing = geom_norm_deg(to);
	u->pivoted += fabs(diff);
	if (u->pivoted > rules_special.pivot_charge_limit) {
		u->acted |= UA_NO_CHARGE;
		if (unit_is_artillery(u))
			u->acted |= UA_NO_FIRE;
	}
	game_log(g, "%s %s to face %.0f%s.", u->id, about ? "about faces" : "pivots", u->facing,
	         u->pivoted > rules_special.pivot_charge_limit
	             ? (unit_is_artillery(u) ? " (over 90: it may not fire this initiative)"
	                                     : " (over 90: it may not charge this initiative)")
	             : "");
	unit_changed(g, unit);
	return 0;
}

static int do_face(struct ctx *c)
{
	int r = manoeuvre_unit(c, c->o->unit);
	if (r)
		return r;
	return turn_unit(c, c->o->unit, c->o->a, false);
}

static int do_about(struct ctx *c)
{
	int r = manoeuvre_unit(c, c->o->unit);
	if (r)
		return r;
	return turn_unit(c, c->o->unit, c->g->units[c->o->unit].facing + 180, true);
}

/* ------------------------------------------------------------------ */
/* Formation changes: one stand stays where it is, the other forms the new
 * formation around it. */

/* Stand slots of a formation in the unit's frame (right, forward). */
static int slots(enum unit_type t, enum formation f, struct vec2 out[2])
{
	const struct stand_size *s = &rules_stand[unit_type_arm(t)];
	switch (f) {
	case FORM_LINE:
		out[0] = v2(-s->w / 2, 0), out[1] = v2(s->w / 2, 0);
		return 2;
	case FORM_SKIRMISH:
		out[0] = v2(-(s->w + rules_skirmish_gap) / 2, 0);
		out[1] = v2((s->w + rules_skirmish_gap) / 2, 0);
		return 2;
	case FORM_COLUMN:
	case FORM_SQUARE:
	case FORM_ESQUARE:
		out[0] = v2(0, s->d / 2), out[1] = v2(0, -s->d / 2);
		return 2;
	default:
		out[0] = v2(0, 0);
		return 1;
	}
}

static struct vec2 from_frame(struct vec2 centre, double facing, struct vec2 local)
{
	return v2_add(centre, v2_add(v2_scale(geom_right(facing), local.x),
	                             v2_scale(geom_dir(facing), local.y)));
}

/* Which old stand an anchor names (-1: any). */
static int anchor_stand(enum formation from, int anchor)
{
	bool side_by_side = from == FORM_LINE || from == FORM_SKIRMISH;
	switch (anchor) {
	case ANCHOR_LEFT:
		return side_by_side ? 0 : -2;
	case ANCHOR_RIGHT:
		return side_by_side ? 1 : -2;
	case ANCHOR_FRONT:
		return side_by_side ? -2 : 0;
	case ANCHOR_REAR:
		return side_by_side ? -2 : 1;
	default:
		return -1;
	}
}

/* Is a footprint clear for a unit changing formation: no overlap, no new
 * contact with another unit (but target, an enemy it may touch), no
 * forbidden ground, on the table? */
static int form_blocker(struct game *g, int unit, const struct obb *fp, int target)
{
	const struct unit *u = &g->units[unit];
	struct obb old = unit_footprint(u);
	struct vec2 buf[4], ob[4];
	struct shape s = geom_obb_shape(fp, buf), os = geom_obb_shape(&old, ob);
	struct mover m;
	int b;

	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	m.target = target;
	if ((b = move_place_blocker(g, &m, fp, -1)) != -1)
		return b;
	for (int i = 0; i < g->nunits; i++) {
		struct vec2 xb[4];
		struct shape x;
		if (i == unit || i == target || !unit_present(&g->units[i]))
			continue;
		x = unit_shape(&g->units[i], xb);
		if (geom_contact(&s, &x) && !geom_contact(&os, &x))
			return i;
	}
	return -1;
}

/* Place a unit in a new formation: an old stand stays, the new formation
 * is built around it.  Among the placements the anchor allows, the one
 * nearest the old centre that is clear wins.  Returns 0 (centre in
 * *centre_out), 1 (all blocked: *blocker), or 2 (no such anchor). */
static int form_place(struct game *g, int unit, enum formation to, double facing, int anchor,
                      int target, struct vec2 *centre_out, int *blocker)
{
	struct unit *u = &g->units[unit];
	const struct stand_size *ss = &rules_stand[unit_arm(u)];
	struct vec2 olds[2], news[2];
	int nold = slots(u->type, u->form, olds), nnew = slots(u->type, to, news);
	int want = anchor_stand(u->form, anchor);
	double best = INFINITY;

	if (want == -2)
		return 2;
	*blocker = -1;
	for (int k = 0; k < nold; k++) {
		struct vec2 stand;
		if (want >= 0 && k != want)
			continue;
		stand = from_frame(u->pos, u->facing, olds[k]);
		/* Every slot of the new formation the old stand could fill;
		 * right-hand placements first on ties. */
		for (int j = nnew - 1; j >= 0; j--) {
			struct vec2 centre = v2_sub(stand, v2_sub(from_frame(v2(0, 0), facing, news[j]), v2(0, 0)));
			struct obb fp = unit_footprint_as(u->type, to, centre, facing);
			double d = v2_dist(centre, u->pos);
			int b = form_blocker(g, unit, &fp, target);
			/* The other stand's way to its new place. */
			if (b == -1 && nold == 2 && nnew == 2) {
				struct vec2 from = from_frame(u->pos, u->facing, olds[1 - k]);
				struct vec2 dest = from_frame(centre, facing, news[1 - j]);
				for (int step = 1; step <= 3 && b == -1; step++) {
					struct obb st = { v2_add(from, v2_scale(v2_sub(dest, from), step / 4.0)),
					                  ss->w, ss->d, facing };
					b = form_blocker(g, unit, &st, target);
				}
			}
			if (b != -1) {
				if (*blocker == -1)
					*blocker = b;
				continue;
			}
			if (d < best - 1e-9) {
				best = d;
				*centre_out = centre;
			}
		}
	}
	return isinf(best) ? 1 : 0;
}

int order_form_place(struct game *g, int unit, enum formation to, int target, struct vec2 *centre,
                     int *blocker)
{
	return form_place(g, unit, to, g->units[unit].facing, ANCHOR_AUTO, target, centre, blocker);
}

/* "Any unit that is reduced to one strength point or less is
 * immediately removed": a unit spared only while unformed or in square
 * goes the moment it takes a formation that is not. */
static void no_longer_exempt(struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	char why[160];
	if (u->state != US_ACTIVE || u->sp > unit_elimination_sp(u))
		return;
	snprintf(why, sizeof why, "at %d SP it is removed once it is formed and out of square (only "
	         "unformed units, squares and the Guard stay until %d SP)", u->sp,
	         rules_elimination.exempt);
	react_eliminate(g, unit, why);
}

static int do_form(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit), blocker = -1;
	struct unit *u;
	const char *why;
	double facing;
	struct vec2 centre;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	u = &g->units[unit];
	if (u->form == c->o->form)
		return refuse(c, "%s is already in %s", u->id, formation_names[u->form].label);
	if ((why = unit_formation_refusal(u, c->o->form)))
		return refuse(c, "%s cannot form %s: %s", u->id, formation_names[c->o->form].label, why);
	if (c->o->form == FORM_ESQUARE)
		return refuse(c, "an emergency square is formed only as a reaction to a cavalry charge");
	if (u->acted & UA_FORMED)
		return refuse(c, "%s has already changed formation: one formation change per manoeuvre phase",
		              u->id);
	if (u->acted & UA_CHARGED)
		return refuse(c, "%s has charged: a charging unit changes formation only before its charge",
		              u->id);
	if (g->divmove >= 0 && (u->acted & UA_MOVED))
		return refuse(c, "%s cannot change formation after moving in a division manoeuvre", u->id);
	if (u->acted & UA_CROSSED)
		return refuse(c, "%s has crossed a bridge and does no more this phase", u->id);
	if (in_contact_with_enemy(g, unit))
		return refuse(c, "%s is in contact with the enemy: a unit with the initiative changes formation "
		              "only out of contact", u->id);
	/* Leaving a square, infantry may face any way. */
	facing = u->facing;
	if (c->o->has_a) {
		if (u->form != FORM_SQUARE)
			return refuse(c, "%s may choose a new facing only when leaving a square; pivot instead",
			              u->id);
		facing = geom_norm_deg(c->o->a);
	}
	r = form_place(g, unit, c->o->form, facing, c->o->flag, -1, &centre, &blocker);
	if (r == 2)
		return refuse(c, "%s: in %s there is no such stand to keep in place (line: left or right; "
		              "column or square: front or rear)", u->id, formation_names[u->form].label);
	if (r)
		return refuse(c, "%s cannot form %s: the stands would touch %s (a unit changing formation "
		              "must not contact other units or forbidden ground)", u->id,
		              formation_names[c->o->form].label, blocker_text(g, blocker, buf, sizeof buf));
	begin_unit_order(g, unit);
	game_log(g, "%s forms %s.", u->id, formation_names[c->o->form].label);
	u->form = c->o->form;
	u->pos = centre;
	u->facing = facing;
	u->acted |= UA_FORMED;
	after_move(g, unit);
	no_longer_exempt(g, unit);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Moves */

static int do_move(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit);
	struct unit *u;
	double allow, moved, cost;
	bool max = c->o->flag & OF_MAX;

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = check_can_move(c, u)))
		return r;
	if (u->form == FORM_SQUARE)
		return refuse(c, "%s is a square: squares move only by inching ('inch')", u->id);
	/* A move of nothing would use up the unit's one move. */
	if (!max && fabs(c->o->a) < 0.05)
		return refuse(c, "%s: a move of 0 cm is no move (a unit moves once, by a distance, or 'max')",
		              u->id);
	if (unit_is_artillery(u)) {
		if (g->divmove >= 0)
			return refuse(c, "%s: artillery moves in a division manoeuvre by redeploying", u->id);
		allow = rules_move_for(u->type, u->form)->move;
	} else {
		allow = unit_allowance(g, u);
	}
	begin_unit_order(g, unit);
	if ((r = sweep_unit(c, unit, unit_is_artillery(u) ? "prolong" : "move", geom_dir(u->facing),
	                    c->o->a, max, allow, false, NULL, &moved, &cost)))
		return r;
	if (u->state != US_ACTIVE)
		return 0;
	u->used += cost;
	u->acted |= UA_MOVED;
	game_log(g, "%s %s %.1f cm (%.1f of its %.0f cm allowance).", u->id,
	         unit_is_artillery(u) ? "prolongs" : "moves", moved, cost, allow);
	after_move(g, unit);
	return 0;
}

/* Side-step, step back, oblique: infantry in line or skirmish line only,
 * never in a division manoeuvre. */
static int special_allowed(struct ctx *c, const struct unit *u, const char *what)
{
	if (!unit_is_infantry(u) || (u->form != FORM_LINE && u->form != FORM_SKIRMISH))
		return refuse(c, "%s cannot %s: only infantry in line or skirmish line may", u->id, what);
	if (c->g->divmove >= 0)
		return refuse(c, "%s cannot %s in a division manoeuvre: units only turn and move straight ahead",
		              u->id, what);
	return 0;
}

static int do_sidestep_stepback(struct ctx *c, bool back)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit);
	struct unit *u;
	double moved, cost, want, allow;
	struct vec2 dir;
	const char *what = back ? "step back" : "side-step";

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = check_can_move(c, u)) || (r = special_allowed(c, u, what)))
		return r;
	want = fabs(c->o->a);
	allow = back ? rules_special.stepback : rules_special.sidestep;
	if (want > allow + 1e-9)
		return refuse(c, "%s cannot %s %.1f cm: at most %.0f cm", u->id, what, want, allow);
	dir = back ? v2_scale(geom_dir(u->facing), -1)
	           : v2_scale(geom_right(u->facing), c->o->a < 0 ? -1 : 1);
	begin_unit_order(g, unit);
	if ((r = sweep_unit(c, unit, what, dir, want, false, allow, false, NULL, &moved, &cost)))
		return r;
	u->acted |= UA_MOVED;
	u->used += cost;
	game_log(g, "%s %s %.1f cm%s.", u->id, back ? "steps back" : "side-steps", moved,
	         back ? "" : (c->o->a < 0 ? " to its left" : " to its right"));
	after_move(g, unit);
	return 0;
}

static int do_oblique(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit);
	struct unit *u;
	double moved, cost, fwd = c->o->a, side = c->o->b, total = 0;
	struct vec2 legs[2];
	double want[2], allow[2];

	if (r)
		return r;
	u = &g->units[unit];
	if ((r = check_can_move(c, u)) || (r = special_allowed(c, u, "move obliquely")))
		return r;
	if (fwd < 0)
		return refuse(c, "%s: oblique movement goes forward only (then step back instead)", u->id);
	if (fwd > rules_special.oblique_forward + 1e-9 || fabs(side) > rules_special.oblique_side + 1e-9)
		return refuse(c, "%s: oblique movement is at most %.0f cm forward and %.0f cm sideways", u->id,
		              rules_special.oblique_forward, rules_special.oblique_side);
	legs[0] = geom_dir(u->facing);
	legs[1] = v2_scale(geom_right(u->facing), side < 0 ? -1 : 1);
	want[0] = fwd, want[1] = fabs(side);
	allow[0] = rules_special.oblique_forward, allow[1] = rules_special.oblique_side;
	begin_unit_order(g, unit);
	for (int k = 0; k < 2 && !c->caught && u->state == US_ACTIVE; k++) {
		int leg = (c->o->flag & OF_SIDE_FIRST) ? 1 - k : k;
		if (want[leg] <= 0)
			continue;
		if ((r = sweep_unit(c, unit, "move obliquely", legs[leg], want[leg], false, allow[leg], false,
		                    NULL, &moved, &cost)))
			return r;
		total += cost;
	}
	u->acted |= UA_MOVED;
	u->used += total;
	game_log(g, "%s moves obliquely %.1f cm forward and %.1f cm to its %s.", u->id, fwd, fabs(side),
	         side < 0 ? "left" : "right");
	after_move(g, unit);
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

static int do_inch(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit);
	struct unit *u;
	double allow, moved, cost;

	if (r)
		return r;
	u = &g->units[unit];
	if (u->form == FORM_ESQUARE)
		return refuse(c, "%s is an emergency square: only solid squares may inch", u->id);
	if (u->form != FORM_SQUARE)
		return refuse(c, "%s is not a square: only infantry in solid square inches", u->id);
	if ((r = check_can_move(c, u)))
		return r;
	if (g->divmove >= 0)
		return refuse(c, "%s: in a division manoeuvre a square must leave square to move", u->id);
	allow = enemy_cavalry_within(g, u, rules_inch.cavalry_range) ? rules_inch.near_cavalry
	                                                             : rules_inch.clear;
	if (c->o->b > allow + 1e-9)
		return refuse(c, "%s may inch at most %.0f cm (%s enemy cavalry within %.0f cm)", u->id, allow,
		              allow == rules_inch.near_cavalry ? "with" : "with no", rules_inch.cavalry_range);
	begin_unit_order(g, unit);
	if ((r = sweep_unit(c, unit, "inch", geom_dir(c->o->a), c->o->b, false, allow, false, NULL,
	                    &moved, &cost)))
		return r;
	u->acted |= UA_MOVED;
	u->used += cost;
	game_log(g, "%s inches %.1f cm toward %.0f.", u->id, moved, geom_norm_deg(c->o->a));
	after_move(g, unit);
	return 0;
}

static int do_prolong(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit);
	struct unit *u;
	double allow, moved, cost, want = c->o->a;

	if (r)
		return r;
	u = &g->units[unit];
	if (!unit_is_artillery(u))
		return refuse(c, "%s is not artillery: only artillery prolongs", u->id);
	if ((r = check_can_move(c, u)))
		return r;
	if (g->divmove >= 0)
		return refuse(c, "%s: artillery moves in a division manoeuvre by redeploying", u->id);
	allow = want < 0 ? rules_special.prolong_back : rules_move_for(u->type, u->form)->move;
	if (fabs(want) > allow + 1e-9)
		return refuse(c, "%s may prolong at most %.0f cm %s", u->id, allow,
		              want < 0 ? "backwards" : "forwards");
	begin_unit_order(g, unit);
	if ((r = sweep_unit(c, unit, "prolong", v2_scale(geom_dir(u->facing), want < 0 ? -1 : 1),
	                    fabs(want), false, allow, false, NULL, &moved, &cost)))
		return r;
	u->acted |= UA_MOVED;
	u->used += cost;
	game_log(g, "%s prolongs %.1f cm %s; it may still fire.", u->id, moved,
	         want < 0 ? "backwards" : "forwards");
	after_move(g, unit);
	return 0;
}

static int do_redeploy(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit), k;
	struct unit *u;
	double allow, moved, cost, bearing = c->o->a, facing;
	struct obb body;
	struct mover m;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	u = &g->units[unit];
	if (!unit_is_artillery(u))
		return refuse(c, "%s is not artillery: only artillery redeploys", u->id);
	if ((r = check_can_move(c, u)))
		return r;
	allow = g->divmove >= 0 ? g->divmove_allow : rules_move_for(u->type, u->form)->redeploy;
	facing = c->o->has_c ? c->o->c : bearing;
	/* Limber in any direction, move straight, unlimber in any direction. */
	body = unit_footprint_as(u->type, u->form, u->pos, bearing);
	begin_unit_order(g, unit);
	if ((r = sweep_unit(c, unit, "redeploy", geom_dir(bearing), c->o->b, c->o->flag & OF_MAX, allow,
	                    true, &body, &moved, &cost)))
		return r;
	if (u->state != US_ACTIVE)
		return 0;
	body.facing = geom_norm_deg(facing);
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	if ((k = move_place_blocker(g, &m, &body, -1)) != -1)
		return refuse(c, "%s cannot unlimber facing %.0f there: it would touch %s", u->id,
		              geom_norm_deg(facing), blocker_text(g, k, buf, sizeof buf));
	u->facing = body.facing;
	u->acted |= UA_MOVED | UA_NO_FIRE | UA_NO_CHARGE;
	u->used += cost;
	game_log(g, "%s limbers up, redeploys %.1f cm toward %.0f and unlimbers facing %.0f; it may not "
	         "fire this initiative.", u->id, moved, geom_norm_deg(bearing), u->facing);
	after_move(g, unit);
	return 0;
}

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
static int charge_path_refusal(struct ctx *c, int unit, int target, double facing,
                               const struct sweep *s)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t = &g->units[target];
	if (s->why == STOP_UNIT || s->why == STOP_ENEMY)
		return refuse(c, "%s cannot charge %s: it would contact %s on the way (a unit cannot charge "
		              "through, or into, any unit but its target)", u->id, t->id, g->units[s->unit].id);
	if (s->why == STOP_TERRAIN && s->feature < 0) /* the weather's mud, everywhere */
		return refuse(c, "%s cannot charge: %s, where %s may not charge", u->id, weather_mud_text(g),
		              tclass_names[terrain_class(u, false)].label);
	if (s->why == STOP_TERRAIN)
		return refuse(c, "%s cannot charge %s: the way crosses %s '%s', which %s may not charge "
		              "into, through or out of", u->id, t->id,
		              terrain_names[g->map.f[s->feature].type].label, g->map.f[s->feature].name,
		              tclass_names[terrain_class(u, false)].label);
	if (s->why == STOP_EDGE)
		return refuse(c, "%s cannot charge %s: straight ahead it would leave the table", u->id, t->id);
	if (s->why == STOP_TARGET && !unit_formed(u) &&
	    (unit_formed(t) || unit_is_artillery(t))) {
		/* Where it would arrive: does it outflank the target there? */
		struct vec2 keep = u->pos;
		double kf = u->facing;
		bool flank;
		u->pos = v2_add(u->pos, v2_scale(geom_dir(facing), s->dist));
		u->facing = facing;
		flank = react_outflanks(g, unit, target);
		u->pos = keep;
		u->facing = kf;
		if (!flank)
			return refuse(c, "%s is unformed and may charge %s %s only if it outflanks it, and from "
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
static int aim_check(struct ctx *c, int unit, int target, double facing, bool breakthrough,
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
		return refuse(c, "%s would have to turn %.0f degrees to charge %s facing %.0f: a unit that "
		              "turns over %.0f degrees in an initiative cannot charge", u->id,
		              u->pivoted + a->turn, t->id, a->facing, limit);
	if (a->turn > 1e-9 && (r = move_pivot_blocker(g, unit, u->facing, a->facing)) != -1) {
		char buf[NAME_LEN + 32];
		a->blocked = true;
		return refuse(c, "%s cannot turn to face %.0f to charge %s: it would touch %s during the "
		              "pivot", u->id, a->facing, t->id, blocker_text(g, r, buf, sizeof buf));
	}
	charge_path(g, unit, target, a->facing, &a->s);
	if (a->s.why != STOP_ALLOWANCE && a->s.why != STOP_NONE)
		return charge_path_refusal(c, unit, target, a->facing, &a->s);
	/* Out of reach. */
	if (!aim_lined_up(u, t, a->facing, INFINITY))
		return refuse(c, "%s facing %.0f does not have %s ahead of it: a charge goes straight ahead",
		              u->id, a->facing, t->id);
	if (breakthrough)
		return refuse(c, "%s cannot reach %s: a break-through charge cannot be extended", u->id,
		              t->id);
	if (!extend)
		return refuse(c, "%s cannot reach %s: its charge of %.0f cm carries it %.1f cm%s; "
		              "'charge %s %s extend' tries to extend the charge", u->id, t->id, m->charge,
		              a->s.dist, a->s.half ? " at half rate" : "", u->id, t->id);
	/* Straight on, where would it get there? */
	charge_sweep(g, unit, target, a->facing, 1e4, &all);
	if ((r = charge_path_refusal(c, unit, target, a->facing, &all)))
		return r;
	if (all.why != STOP_TARGET)
		return refuse(c, "%s cannot reach %s straight ahead, however far it went", u->id, t->id);
	/* (Each sweep places contact to within a micron: allow for it.) */
	a->gap = all.dist - a->s.dist;
	if (a->gap > aim_extend_most(u->type) + 1e-4)
		return refuse(c, "%s cannot extend its charge at %s: it falls %.1f cm short, and a charge is "
		              "extended only at a target just outside its reach, one its %dD6 cm of extension "
		              "could make up (%.0f cm at most)", u->id, t->id, a->gap,
		              rules_extend_dice[u->type], aim_extend_most(u->type));
	a->extend = true;
	return 0;
}

/* A charge over a bridge ("Bridges"), tried where the way straight at the
 * target's centre meets the water: 0 with the aim, REFUSED with the
 * bridge's refusal, 1 when no bridge is between them. */
static int aim_bridge(struct ctx *c, int unit, int target, struct charge_aim *a)
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
	if ((r = melee_bridge_reach(g, unit, target, TMODE_CHARGE, &a->br, c->why, c->size)) != 0)
		return r < 0 ? REFUSED : 1;
	a->bridge = a->br.bridge;
	a->facing = a->br.facing;
	a->turn = fabs(geom_angle_diff(g->units[unit].facing, a->facing));
	a->s.dist = a->br.dist;
	a->s.why = STOP_TARGET;
	return charge_path_refusal(c, unit, target, a->facing, &a->s);
}

/* The facing the order gives: that one, or over a bridge the facing
 * straight at the bridge. */
static int aim_given(struct ctx *c, int unit, int target, bool breakthrough, bool extend,
                     struct charge_aim *a)
{
	double want = geom_norm_deg(c->o->a);
	int r = aim_check(c, unit, target, want, breakthrough, extend, a);
	if (r == 0 || a->s.why != STOP_TERRAIN)
		return r;
	if ((r = aim_bridge(c, unit, target, a)) != 0)
		return r < 0 ? r : aim_check(c, unit, target, want, breakthrough, extend, a);
	if (fabs(geom_angle_diff(a->facing, want)) > 0.5)
		return refuse(c, "%s charges over %s straight at the bridge, facing %.0f, not %.0f",
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
static int charge_aim(struct ctx *c, int unit, int target, bool breakthrough, struct charge_aim *a)
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
	return refuse(c, "%s would have to turn %.0f degrees to have %s ahead of it: a unit that turns "
	              "over %.0f degrees in an initiative cannot charge", u->id,
	              u->pivoted + (least < 0 ? 180 : least), t->id, rules_special.pivot_charge_limit);
}

/* Whether this unit may charge this target at all, whichever way. */
static int charge_target_refusal(struct ctx *c, int unit, int target, enum cmd_status *st)
{
	struct game *g = c->g;
	struct unit *u = &g->units[unit], *t;
	const struct move_allowance *m = rules_move_for(u->type, u->form);

	if (target < 0 || target >= g->nunits || g->units[target].state != US_ACTIVE)
		return refuse(c, "no such enemy unit on the table");
	t = &g->units[target];
	if (t->side == u->side)
		return refuse(c, "%s is a friend: a player can only charge enemy units", t->id);
	if (unit_abandoned(t))
		return refuse(c, "%s is abandoned guns, treated as if they were not there", t->id);
	if (unit_is_artillery(u))
		return refuse(c, "%s is artillery: artillery cannot charge", u->id);
	if (u->form == FORM_SQUARE || u->form == FORM_ESQUARE)
		return refuse(c, "%s is in square: a square cannot charge", u->id);
	if (!m || m->charge <= 0)
		return refuse(c, "%s cannot charge in %s", u->id, formation_names[u->form].label);
	if (unit_has_marker(u, MK_BLUE))
		return refuse(c, "%s has a blue marker (disordered or reacted): it cannot charge until it is "
		              "removed", u->id);
	if (unit_is_infantry(u) && unit_is_cavalry(t))
		return refuse(c, "infantry may not charge cavalry");
	*st = command_status(g, u, NULL);
	if (*st == CS_NOT_IN_COMMAND)
		return refuse(c, "%s is not in command: units out of command cannot charge", u->id);
	if (game_unit_distance(u, t) > weather_visibility(g))
		return refuse(c, "%s cannot see %s: visibility is %.0f cm", u->id, t->id, weather_visibility(g));
	if (in_contact_with_enemy(g, unit))
		return refuse(c, "%s is already in contact with the enemy", u->id);
	return 0;
}

/* Every check of a charge, and where it goes. */
static int charge_check(struct ctx *c, int unit, int target, bool breakthrough, struct charge_aim *a,
                        enum cmd_status *st)
{
	int r = charge_target_refusal(c, unit, target, st);
	return r ? r : charge_aim(c, unit, target, breakthrough, a);
}

/* An extended charge, once it has turned ("What if a potential target for
 * a charge is just outside of the normal charge move distance?"): a
 * quality test, a move of 1D6/2D6/3D6 cm, then the charge from there
 * (its way in *s and its start); failing either leaves it disordered.  0
 * to charge on, 1 when it stays, QUIT. */
static int charge_extend(struct ctx *c, int unit, int target, struct sweep *s, double *start)
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
		unit_changed(g, unit);
		return 1;
	}
	d = game_roll(g, dice, NULL, "%s's extended charge: %dD6 cm forward", u->id, dice);
	move_mover_unit(g, unit, TMODE_MOVE, false, &mv);
	move_sweep(g, &mv, &fp, fp.c, geom_dir(u->facing), d, INFINITY, false, &ms);
	if (react_moving(g, c->ctl, unit, geom_dir(u->facing), ms.dist, -1, &moved, &caught) == REACT_QUIT)
		return QUIT;
	game_log(g, "%s moves %.1f cm.", u->id, moved);
	if (caught || u->state != US_ACTIVE) {
		after_move(g, unit);
		return 1;
	}
	charge_path(g, unit, target, u->facing, s);
	if (s->why != STOP_TARGET || charge_path_refusal(c, unit, target, u->facing, s)) {
		unit_set_marker(u, MK_BLUE, true);
		game_log(g, "%s still cannot reach %s: it stays there, disordered (blue marker).", u->id,
		         t->id);
		c->why[0] = '\0';
		u->acted |= UA_DONE;
		after_move(g, unit);
		return 1;
	}
	*start = game_unit_distance(u, t);
	return 0;
}

/* The charge itself, for the manoeuvre phase or a break-through; with
 * check_only, only the checks. */
static int charge_core(struct ctx *c, int unit, int target, bool breakthrough, bool check_only)
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
		if ((r = melee_bridge_designate(g, c->ctl, unit, &a.br, target)) == REACT_QUIT)
			return QUIT;
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
		unit_changed(g, unit);
		return 0;
	}
	if (a.extend && (r = charge_extend(c, unit, target, &a.s, &start)))
		return r == QUIT ? QUIT : 0;
	/* The charge: reactions on the way (the target may counter-charge),
	 * then the target's reactions when it arrives.  Only the side
	 * without the initiative ever reacts. */
	u->acted |= UA_CHARGED;
	u->charge_start = start;
	game_log(g, "%s charges %s from %.1f cm.", u->id, t->id, start);
	if (react_moving(g, c->ctl, unit, geom_dir(u->facing), a.s.dist, target, &moved, &caught) ==
	    REACT_QUIT)
		return QUIT;
	if (u->state != US_ACTIVE) {
		after_move(g, unit);
		return 0;
	}
	u->acted |= UA_CHARGING;
	after_move(g, unit);
	if (caught)
		return 0; /* met on the way by a counter- or opportunity charge */
	if (a.bridge >= 0)
		melee_bridge_engage(g, unit, target, a.bridge);
	else
		game_log(g, "%s reaches %s.", u->id, t->id);
	if (t->side != (enum side)g->initiative &&
	    react_contact(g, c->ctl, unit, target, start) == REACT_QUIT)
		return QUIT;
	return 0;
}

/* What forbids the unit a charge this manoeuvre phase, whatever its
 * target. */
static int charge_unit_refusal(struct ctx *c, int unit)
{
	struct game *g = c->g;
	const struct unit *u;
	int r;

	if ((r = manoeuvre_unit(c, unit)))
		return r;
	u = &g->units[unit];
	if (g->divmove >= 0)
		return refuse(c, "units in a division manoeuvre cannot charge");
	if (u->acted & (UA_MOVED | UA_CROSSED))
		return refuse(c, "%s has already moved: a charge is its one move", u->id);
	if (u->acted & UA_NO_CHARGE)
		return refuse(c, "%s has turned over %.0f degrees this initiative and cannot charge", u->id,
		              rules_special.pivot_charge_limit);
	return 0;
}

int order_charge_ready(struct game *g, enum side side, int unit, char *why, size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct ctx c = { .g = g, .side = side, .o = &o, .why = why, .size = size };
	o.unit = unit;
	return charge_unit_refusal(&c, unit);
}

static int do_charge(struct ctx *c)
{
	int unit = c->o->unit, r;

	if ((r = charge_unit_refusal(c, unit)))
		return r;
	if ((r = charge_core(c, unit, c->o->target, false, true)))
		return r;
	begin_unit_order(c->g, unit);
	return charge_core(c, unit, c->o->target, false, false);
}

int order_charge_check(struct game *g, int unit, int target, bool breakthrough, char *why,
                       size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct ctx c = { .g = g, .o = &o, .why = why, .size = size };
	o.unit = unit;
	o.target = target;
	return charge_core(&c, unit, target, breakthrough, true);
}

int order_charge_reach(struct game *g, int unit, int target, struct vec2 *end, double *facing,
                       char *why, size_t size)
{
	struct order o = order_new(ORD_CHARGE);
	struct ctx c = { .g = g, .o = &o, .why = why, .size = size };
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
	struct ctx c = { .g = g, .o = &o, .why = why, .size = size };
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
	struct ctx c = { .g = g, .ctl = ctl, .o = &o, .why = why, .size = size };
	int r;
	o.unit = unit;
	o.target = target;
	why[0] = '\0';
	if ((r = charge_core(&c, unit, target, breakthrough, true)))
		return r;
	return charge_core(&c, unit, target, breakthrough, false);
}

/* ------------------------------------------------------------------ */
/* Bridges and landmarks (terrain guidelines) */

/* p mirrored across the line of the water's segment seg; *toward gets
 * the unit vector from p toward that line and on across it (zero when p
 * is on it): the way further from the water on the far side. */
static struct vec2 mirror_across(const struct feature *w, int seg, struct vec2 p, struct vec2 *toward)
{
	struct vec2 a = w->pts[seg], d = v2_sub(w->pts[seg + 1], a);
	double t = v2_dot(v2_sub(p, a), d) / v2_dot(d, d);
	struct vec2 foot = v2_add(a, v2_scale(d, t)), across = v2_sub(foot, p);
	double len = v2_len(across);
	*toward = len > 1e-9 ? v2_scale(across, 1 / len) : v2(0, 0);
	return v2_sub(v2_scale(foot, 2), p);
}

/* A command stand stopped by a river while touching a bridge over it
 * crosses as a unit does ("All units can cross a bridge"): it is placed
 * on the far side, mirrored across the water and still touching the
 * bridge, nudged clear of the water.  Returns the bridge (the stand
 * placed there), or -1 (the stand where it was). */
static int stand_cross_bridge(struct game *g, int k, int water)
{
	struct commander *cm = &g->cmdrs[k];
	struct vec2 from = cm->pos;
	struct mover m;
	move_mover_cmdr(g, k, &m);
	m.through_friends = false;
	for (int b = 0; b < g->map.nf; b++) {
		struct shape bs, cs;
		struct vec2 toward, to;
		if (g->map.f[b].type != TT_BRIDGE || terrain_destroyed(&g->map.f[b]) || terrain_bridge_water(&g->map, b) != water)
			continue;
		bs = feature_shape(&g->map.f[b]);
		cs = commander_shape(cm);
		if (!geom_contact(&bs, &cs))
			continue;
		to = mirror_across(&g->map.f[water], terrain_nearest_segment(&g->map.f[water], from), from, &toward);
		for (int step = 0; step <= 20; step++) {
			cm->pos = v2_add(to, v2_scale(toward, step * GEOM_CONTACT));
			cs = commander_shape(cm);
			if (!geom_contact(&bs, &cs))
				break;
			if (move_place_blocker(g, &m, NULL, -1) == -1)
				return b;
		}
		cm->pos = from;
	}
	return -1;
}

static int do_cross(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit), bridge = c->o->target, w, seg, k;
	struct unit *u;
	struct obb fp, to;
	struct shape bs, us, ts;
	struct vec2 b1[4], b2[4];
	struct mover m;
	double allow;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	u = &g->units[unit];
	if (u->acted & UA_CROSSED)
		return refuse(c, "%s has already crossed a bridge this phase", u->id);
	if (u->form == FORM_ESQUARE || u->form == FORM_SQUARE)
		return refuse(c, "%s: squares do not cross bridges", u->id);
	allow = unit_is_artillery(u) ? rules_move_for(u->type, u->form)->redeploy : unit_allowance(g, u);
	if (u->used >= allow - 1e-9)
		return refuse(c, "%s has no movement left: crossing a bridge uses the rest of the allowance",
		              u->id);
	if (bridge < 0 || bridge >= g->map.nf || g->map.f[bridge].type != TT_BRIDGE)
		return refuse(c, "that is not a bridge");
	if (terrain_destroyed(&g->map.f[bridge]))
		return refuse(c, "%s has been destroyed and can no longer be crossed", g->map.f[bridge].name);
	if (rules_terrain[TT_BRIDGE].move[terrain_class(u, unit_is_artillery(u))] == GO_NO)
		return refuse(c, "%s may not cross a bridge", u->id);
	fp = unit_footprint(u);
	bs = feature_shape(&g->map.f[bridge]);
	us = geom_obb_shape(&fp, b1);
	/* A move up to the water stops just short of it (0.05 cm): that is
	 * up to the bridge. */
	if (geom_distance(&bs, &us) > 2 * GEOM_CONTACT)
		return refuse(c, "%s is not in contact with %s: a unit moves up to the bridge, then crosses",
		              u->id, g->map.f[bridge].name);
	if ((w = terrain_bridge_water(&g->map, bridge)) < 0)
		return refuse(c, "%s spans no water", g->map.f[bridge].name);
	seg = terrain_nearest_segment(&g->map.f[w], g->map.f[bridge].pts[0]);
	to = fp;
	if (c->o->npts > 0) {
		to.c = c->o->pts[0];
		if (c->o->has_a)
			to.facing = geom_norm_deg(c->o->a);
	} else {
		/* By default: mirrored across the water's line, same facing. */
		struct vec2 toward;
		struct mover mm;
		to.c = mirror_across(&g->map.f[w], seg, fp.c, &toward);
		/* A unit that stopped just short of the near bank lands just on
		 * the far one: move it clear by the width of a contact. */
		move_mover_unit(g, unit, TMODE_MOVE, unit_is_artillery(u), &mm);
		mm.through_friends = false;
		if (v2_len(toward) > 0 && move_place_blocker(g, &mm, &to, -1) <= -2 &&
		    move_place_blocker(g, &mm, &to, -1) != -100)
			to.c = v2_add(to.c, v2_scale(toward, 2 * GEOM_CONTACT));
	}
	ts = geom_obb_shape(&to, b2);
	if (geom_distance(&bs, &ts) > 2 * GEOM_CONTACT)
		return refuse(c, "%s: on the far side the unit must still be in contact with the bridge", u->id);
	if ((terrain_side_of(&g->map.f[w], seg, to.c) > 0) == (terrain_side_of(&g->map.f[w], seg, fp.c) > 0))
		return refuse(c, "%s: that place is on the same side of %s", u->id, g->map.f[w].name);
	move_mover_unit(g, unit, TMODE_MOVE, unit_is_artillery(u), &m);
	m.through_friends = false;
	if ((k = move_place_blocker(g, &m, &to, -1)) != -1)
		return refuse(c, "%s cannot be placed across %s: it would touch %s", u->id,
		              g->map.f[bridge].name, blocker_text(g, k, buf, sizeof buf));
	begin_unit_order(g, unit);
	u->pos = to.c;
	u->facing = to.facing;
	u->used = allow;
	u->acted |= UA_MOVED | UA_CROSSED;
	/* Artillery crosses limbered, on its redeploy allowance: a
	 * redeployment, after which it may not fire. */
	if (unit_is_artillery(u))
		u->acted |= UA_NO_FIRE | UA_NO_CHARGE;
	game_log(g, "%s crosses %s; that uses the rest of its movement%s.", u->id, g->map.f[bridge].name,
	         unit_is_artillery(u) ? " (it has redeployed: it may not fire this initiative)" : "");
	after_move(g, unit);
	return 0;
}

static int do_defend(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = manoeuvre_unit(c, unit), k;
	struct unit *u;
	struct vec2 b1[4];
	struct shape us;
	struct obb fp;
	struct mover m;
	char buf[NAME_LEN + 32];
	int land = -1;

	if (r)
		return r;
	u = &g->units[unit];
	if (c->o->flag & OF_OFF) {
		const char *why;
		if (!u->defends)
			return refuse(c, "%s is not defending a landmark", u->id);
		if ((why = unit_formation_refusal(u, c->o->form)))
			return refuse(c, "%s cannot form %s: %s", u->id, formation_names[c->o->form].label, why);
		begin_unit_order(g, unit);
		game_log(g, "%s leaves %s and forms %s; it may move off next Turn.", u->id,
		         g->map.f[u->defends - 1].name, formation_names[c->o->form].label);
		u->defends = 0;
		u->form = c->o->form;
		u->acted |= UA_MOVED | UA_FORMED | UA_DONE;
		unit_changed(g, unit);
		no_longer_exempt(g, unit);
		return 0;
	}
	if (!unit_is_infantry(u))
		return refuse(c, "only infantry can enter and defend a landmark");
	if (u->defends)
		return refuse(c, "%s already defends %s", u->id, g->map.f[u->defends - 1].name);
	us = unit_shape(u, b1);
	for (int i = 0; i < g->map.nf; i++) {
		struct shape ls;
		if (g->map.f[i].type != TT_LANDMARK)
			continue;
		ls = feature_shape(&g->map.f[i]);
		if (geom_contact(&ls, &us))
			land = i;
	}
	if (land < 0)
		return refuse(c, "%s is not on or touching a landmark", u->id);
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].state == US_ACTIVE && g->units[i].defends == land + 1)
			return refuse(c, "%s is already defended by %s: only one unit can be in a landmark",
			              g->map.f[land].name, g->units[i].id);
	fp = unit_footprint_as(u->type, FORM_SQUARE,
	                       geom_poly_centroid(g->map.f[land].pts, g->map.f[land].n), u->facing);
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	m.form = FORM_SQUARE;
	if ((k = move_place_blocker(g, &m, &fp, -1)) != -1)
		return refuse(c, "%s cannot be placed in %s: it would touch %s", u->id, g->map.f[land].name,
		              blocker_text(g, k, buf, sizeof buf));
	begin_unit_order(g, unit);
	u->pos = fp.c;
	u->form = FORM_SQUARE;
	u->defends = land + 1;
	u->acted |= UA_FORMED;
	game_log(g, "%s occupies %s and forms square to defend it.", u->id, g->map.f[land].name);
	after_move(g, unit);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Command stands */

static int own_commander(struct ctx *c, int k)
{
	if (k < 0 || k >= c->g->ncmdrs)
		return refuse(c, "no such commander");
	if (c->g->cmdrs[k].side != c->side)
		return refuse(c, "%s is an enemy commander", c->g->cmdrs[k].name);
	if (c->g->cmdrs[k].state != US_ACTIVE)
		return refuse(c, "%s is not on the table", c->g->cmdrs[k].name);
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

static int brigade_start_check(struct ctx *c, const struct commander *k, const char *what)
{
	struct game *g = c->g;
	if (k->level != CL_BRIGADE)
		return refuse(c, "only brigade commanders %s; corps and division commanders never attach",
		              what);
	if (g->phase != PHASE_MANOEUVRE ||
	    (g->active_brigade != k->of && g->divmove != g->brigs[k->of].division))
		return refuse(c, "%s may %s only when %s has the initiative", k->name, what,
		              g->brigs[k->of].name);
	if (!brigade_not_begun(g, k->of))
		return refuse(c, "%s may %s only at the beginning of the initiative, before any unit of the "
		              "brigade manoeuvres", k->name, what);
	return 0;
}

static int do_cmove(struct ctx *c)
{
	struct game *g = c->g;
	int k = c->o->unit, r = own_commander(c, k);
	struct commander *cm;
	struct mover m;
	struct vec2 at;
	double spent = 0, ridden = 0, allow = rules_command.stand_move;
	char buf[NAME_LEN + 32];
	int crossed = -1;

	if (r)
		return r;
	cm = &g->cmdrs[k];
	if (cm->attached >= 0)
		return refuse(c, "%s is attached to %s and moves with it; detach first", cm->name,
		              g->units[cm->attached].id);
	if (c->o->npts < 1)
		return refuse(c, "give the point (or points) the stand moves to");
	switch (cm->level) {
	case CL_CORPS:
		/* "whenever that player has the initiative": any phase of it. */
		if (g->phase != PHASE_INITIATIVE && g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE)
			return refuse(c, "a corps stand moves only while its side has the initiative");
		if (cm->moved_turn == g->turn)
			return refuse(c, "%s has already moved this Turn: corps stands move once a Turn", cm->name);
		break;
	case CL_DIVISION:
		/* "only ... before a Brigade under its command is given the
		 * initiative": when its side has just won it and is about to
		 * choose; the choice must then go to the division. */
		if (g->phase != PHASE_INITIATIVE)
			return refuse(c, "a division stand moves only before one of its brigades is given the "
			              "initiative");
		if (cm->moved_turn == g->turn)
			return refuse(c, "%s has already moved this Turn: division stands move once a Turn",
			              cm->name);
		if (!seq_division_available(g, cm->of))
			return refuse(c, "%s cannot move: none of %s's brigades is left to be given the "
			              "initiative this Turn (a division stand moves only before one of them is)",
			              cm->name, g->divs[cm->of].name);
		if ((r = seq_pending_division(g, c->side)) >= 0 && r != cm->of)
			return refuse(c, "%s cannot move: %s's stand has moved, so this initiative goes to one "
			              "of its brigades, not to %s's", cm->name, g->divs[r].name,
			              g->divs[cm->of].name);
		break;
	case CL_BRIGADE:
	case CL_COUNT:
		/* "during the initiative in which that particular Brigade is
		 * chosen": its manoeuvre and firing phases, as for corps stands. */
		if (g->active_brigade != cm->of && (g->divmove < 0 || g->divmove != g->brigs[cm->of].division))
			return refuse(c, "a brigade stand moves only during its own brigade's initiative");
		if (g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE)
			return refuse(c, "a brigade stand moves in the manoeuvre or firing phase of its brigade's "
			              "initiative (now: %s phase)", phase_names[g->phase].label);
		if (cm->moved_init == g->initiatives)
			return refuse(c, "%s has already moved this initiative", cm->name);
		break;
	}
	{
		double path = 0;
		struct vec2 p = cm->pos;
		for (int i = 0; i < c->o->npts; i++) {
			path += v2_dist(p, c->o->pts[i]);
			p = c->o->pts[i];
		}
		if (path > allow + 1e-9)
			return refuse(c, "%s's way is %.1f cm: a command stand moves at most %.0f cm", cm->name,
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
			if ((crossed = stand_cross_bridge(g, k, s.feature)) >= 0) {
				if (i + 1 < c->o->npts)
					return refuse(c, "%s would cross %s, which uses the rest of its movement: give "
					              "no point beyond the bridge", cm->name, g->map.f[crossed].name);
				spent += s.cost;
				ridden = spent;
				spent = allow;
				break;
			}
		}
		if (s.dist < len - 1e-6) {
			cm->pos = at;
			return refuse_sweep(c, "move the command stand", len, &s, &m, allow - spent);
		}
		spent += s.cost;
		at = c->o->pts[i];
		cm->pos = at;
	}
	m.through_friends = false;
	if ((r = move_place_blocker(g, &m, NULL, -1)) != -1)
		return refuse(c, "%s cannot stop there: it would touch %s (a command stand may pass friends "
		              "but not stay on them)", cm->name, blocker_text(g, r, buf, sizeof buf));
	cm->moved_turn = g->turn;
	cm->moved_init = g->initiatives;
	cm->used = spent;
	if (crossed >= 0)
		game_log(g, "%s rides %.1f cm and crosses %s; that uses the rest of its movement.", cm->name,
		         ridden, g->map.f[crossed].name);
	else
		game_log(g, "%s rides %.1f cm.", cm->name, spent);
	{
		struct event ev = { .kind = EV_UNIT, .unit = -1 };
		event_emit(g, &ev);
	}
	return 0;
}

static int do_attach(struct ctx *c)
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
		return refuse(c, "%s is already attached to %s", cm->name, g->units[cm->attached].id);
	if (unit < 0 || unit >= g->nunits || g->units[unit].state != US_ACTIVE)
		return refuse(c, "no such unit on the table");
	if (g->units[unit].brigade != cm->of)
		return refuse(c, "%s is not in %s: a brigade commander attaches only to a unit of his brigade",
		              g->units[unit].id, g->brigs[cm->of].name);
	if (cm->detached_from >= 0 && cm->detached_init == g->initiatives) {
		d = game_unit_distance(&g->units[cm->detached_from], &g->units[unit]);
		if (d > rules_command.attach_range + 1e-9)
			return refuse(c, "%s is %.1f cm from %s, which %s has just left: it must be within %.0f cm",
			              g->units[unit].id, d, g->units[cm->detached_from].id, cm->name,
			              rules_command.attach_range);
	} else {
		struct vec2 b[4];
		struct shape us = unit_shape(&g->units[unit], b), cs = commander_shape(cm);
		d = geom_distance(&cs, &us);
		if (d > rules_command.attach_range + 1e-9)
			return refuse(c, "%s is %.1f cm from %s: a brigade commander attaches within %.0f cm",
			              cm->name, d, g->units[unit].id, rules_command.attach_range);
	}
	cm->attached = unit;
	cm->pos = g->units[unit].pos;
	game_log(g, "%s attaches to %s: it is always in command while he is with it.", cm->name,
	         g->units[unit].id);
	return 0;
}

static int do_detach(struct ctx *c)
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
		return refuse(c, "%s is not attached to a unit", cm->name);
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
			return refuse(c, "%s must be placed in base-to-base contact with %s", cm->name,
			              g->units[unit].id);
		if ((r = move_place_blocker(g, &m, NULL, -1)) != -1)
			return refuse(c, "%s cannot be placed there: it would touch %s", cm->name,
			              blocker_text(g, r, buf, sizeof buf));
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
			return refuse(c, "there is no clear place in contact with %s for %s", g->units[unit].id,
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

/* ------------------------------------------------------------------ */
/* Retreating a unit */

static int do_retreat(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, k;
	struct unit *u;
	enum cmd_status st;

	if (unit < 0 || unit >= g->nunits)
		return refuse(c, "no such unit");
	u = &g->units[unit];
	if (u->side != c->side)
		return refuse(c, "%s is an enemy unit", u->id);
	if (g->initiative != (int)c->side || g->phase == PHASE_OVER)
		return refuse(c, "units retreat only while their side has the initiative");
	if (u->state != US_ACTIVE)
		return refuse(c, "%s is not on the table", u->id);
	if (unit_abandoned(u))
		return refuse_abandoned(c, u);
	if (u->acted & UA_CHARGED)
		return refuse(c, "%s has charged during this initiative and cannot retreat", u->id);
	if (u->acted & UA_FIRED)
		return refuse(c, "%s has fired during this initiative and cannot retreat", u->id);
	st = command_status(g, u, NULL);
	if (st == CS_NOT_IN_COMMAND)
		return refuse(c, "%s is not in command: only units in command (or cautious) can retreat", u->id);
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
	unit_changed(g, unit);
	return 0;
}

/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Firing */

static int do_fire(struct ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r;
	struct unit *u;
	if (unit < 0 || unit >= g->nunits)
		return refuse(c, "no such unit");
	u = &g->units[unit];
	if (g->phase != PHASE_FIRE)
		return refuse(c, "%s: units fire only in the firing phase (now: %s phase)", u->id,
		              phase_names[g->phase].label);
	if (u->side != c->side)
		return refuse(c, "%s is an enemy unit", u->id);
	if (g->divmove >= 0 ? unit_division(g, u) != g->divmove : u->brigade != g->active_brigade)
		return refuse(c, "%s is not in the brigade with the initiative: only its units fire", u->id);
	if (!unit_is_infantry(u) && !unit_is_artillery(u))
		return refuse(c, "%s is cavalry: only infantry and artillery fire", u->id);
	if (c->o->kind == ORD_BOMBARD)
		r = volley_bombard(g, c->ctl, unit, c->o->target, c->why, c->size);
	else
		r = volley_fire(g, c->ctl, unit, c->o->target, c->o->npts ? &c->o->pts[0] : NULL, c->why,
		                c->size);
	return r == REACT_QUIT ? QUIT : r;
}

static int do_end(struct ctx *c)
{
	struct game *g = c->g;
	if (g->phase == PHASE_INITIATIVE)
		return refuse(c, "choose a brigade (or a division manoeuvre) for this initiative first");
	if (g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE)
		return refuse(c, "nothing to end now");
	seq_end_phase(g);
	return 0;
}

static int do_undo(struct ctx *c)
{
	struct game *g = c->g;
	struct snapshot s;
	int nhistory;
	if (g->nundo == 0)
		return refuse(c, "nothing to take back: only the orders of the unit manoeuvring now can be");
	if (g->dice.draws != g->undo_draws)
		return refuse(c, "cannot take back: dice have been thrown since");
	/* The history keeps the order taken back and this undo, so that a
	 * replay gives both and comes to the same log. */
	nhistory = g->nhistory;
	s = g->undo[--g->nundo];
	game_restore(g, &s);
	g->nhistory = nhistory;
	snapshot_free(&s);
	game_log(g, "Order taken back.");
	{
		struct event ev = { .kind = EV_UNIT, .unit = -1 };
		event_emit(g, &ev);
	}
	return 0;
}

static int dispatch(struct ctx *c)
{
	switch (c->o->kind) {
	case ORD_BRIGADE: return do_brigade(c);
	case ORD_DIVMOVE: return do_divmove(c);
	case ORD_FACE: return do_face(c);
	case ORD_ABOUT: return do_about(c);
	case ORD_FORM: return do_form(c);
	case ORD_MOVE: return do_move(c);
	case ORD_SIDESTEP: return do_sidestep_stepback(c, false);
	case ORD_STEPBACK: return do_sidestep_stepback(c, true);
	case ORD_OBLIQUE: return do_oblique(c);
	case ORD_INCH: return do_inch(c);
	case ORD_PROLONG: return do_prolong(c);
	case ORD_REDEPLOY: return do_redeploy(c);
	case ORD_CHARGE: return do_charge(c);
	case ORD_CROSS: return do_cross(c);
	case ORD_DEFEND: return do_defend(c);
	case ORD_CMOVE: return do_cmove(c);
	case ORD_ATTACH: return do_attach(c);
	case ORD_DETACH: return do_detach(c);
	case ORD_RETREAT: return do_retreat(c);
	case ORD_END: return do_end(c);
	case ORD_CONCEDE: {
		/* Either side may give up at any time; a player concedes only for
		 * a side he plays (the same controller gives its orders). */
		int s = c->o->target >= 0 && c->o->target < SIDE_COUNT ? c->o->target : (int)c->side;
		if (s != (int)c->side && c->ctl && c->ctl[s] != c->ctl[c->side])
			return refuse(c, "%s are not yours to concede", c->g->side[s].name);
		victory_concede(c->g, s);
		return 0;
	}
	case ORD_UNDO: return do_undo(c);
	case ORD_NOTE:
		game_log(c->g, "%s: %s", c->g->side[c->side].name, c->o->text);
		return 0;
	case ORD_FIRE:
	case ORD_BOMBARD:
		return do_fire(c);
	case ORD_ANSWER:
		return refuse(c, "no decision is waiting for an answer");
	case ORD_DICE:
		return refuse(c, "scripted dice are not an order (game_script_dice queues them)");
	case ORD_REWEATHER:
		return refuse(c, "the weather is thrown again before the battle begins, not as an order of it "
		              "(weather_rethrow)");
	case ORD_COUNT: break;
	}
	return refuse(c, "unknown order");
}

/* A side that answers every question with its first option (standing). */
static int stand_decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c, (void)g;
	d->choice = 0;
	d->value = d->opt[0].lo;
	return 0;
}

int order_preview_seq(struct game *g, enum side side, const struct order *o, int n, struct preview *p)
{
	struct controller stand = { .decide = stand_decide };
	struct controller *ctl[SIDE_COUNT] = { &stand, &stand };
	struct snapshot before, saved[UNDO_MAX];
	int nl = g->nlisteners, nundo = g->nundo, k;
	uint64_t undo_draws = g->undo_draws, draws = g->dice.draws;

	*p = (struct preview){ .unit = n > 0 ? o[0].unit : -1 };
	if (game_snapshot(g, &before) < 0) {
		snprintf(p->why, sizeof p->why, "out of memory");
		return 0;
	}
	g->nlisteners = 0;
	/* Keep the undo stack out of reach of the trial. */
	memcpy(saved, g->undo, sizeof saved);
	g->nundo = 0;
	for (k = 0; k < n && order_exec(g, ctl, side, &o[k], p->why, sizeof p->why) == 0; k++)
		;
	p->ok = k == n;
	p->dice = g->dice.draws != draws;
	if (k > 0 && o[k - 1].unit >= 0 && o[k - 1].unit < g->nunits && o[k - 1].kind != ORD_CMOVE &&
	    o[k - 1].kind != ORD_ATTACH && o[k - 1].kind != ORD_DETACH) {
		const struct unit *u = &g->units[o[k - 1].unit];
		p->unit = o[k - 1].unit;
		p->pos = u->pos;
		p->facing = u->facing;
		p->form = u->form;
		p->used = u->used;
		p->may_fire = u->state == US_ACTIVE && !volley_may_fire(g, u);
	} else if (k > 0 && o[k - 1].kind == ORD_CMOVE) {
		p->pos = g->cmdrs[o[k - 1].unit].pos;
		p->used = g->cmdrs[o[k - 1].unit].used;
	}
	game_drop_undo(g);
	memcpy(g->undo, saved, sizeof saved);
	g->nundo = nundo;
	g->undo_draws = undo_draws;
	game_restore(g, &before);
	snapshot_free(&before);
	g->nlisteners = nl;
	return k;
}

void order_preview(struct game *g, enum side side, const struct order *o, struct preview *p)
{
	order_preview_seq(g, side, o, 1, p);
}

int order_exec(struct game *g, struct controller **ctl, enum side side,
               const struct order *o, char *why, size_t size)
{
	struct ctx c = { .g = g, .ctl = ctl, .side = side, .o = o, .why = why, .size = size };
	struct snapshot before;
	int prev = g->current_unit, r;

	why[0] = '\0';
	if (g->phase == PHASE_OVER)
		return refuse(&c, "the battle is over");
	if (g->initiative != (int)side)
		return refuse(&c, "%s do not have the initiative", g->side[side].name);
	if (game_snapshot(g, &before) < 0)
		return refuse(&c, "out of memory");
	/* Recorded first: the answers to decisions it raises follow it in the
	 * battle's history. */
	game_record(g, o);
	r = dispatch(&c);
	if (r != 0) {
		/* A refused order changes nothing (a quit, likewise). */
		game_restore(g, &before);
		snapshot_free(&before);
		return r;
	}
	/* Whatever the order and the reactions to it did to footprints, no
	 * command stand stays under a unit: friends make room, enemies make
	 * it evade. */
	move_clear_all_stands(g);
	react_stands_overlapped(g);
	if (o->kind == ORD_UNDO) {
		snapshot_free(&before);
		return 0;
	}
	if (!unit_order(o->kind) || g->phase != PHASE_MANOEUVRE || g->current_unit < 0) {
		snapshot_free(&before);
		return 0;
	}
	/* Keep the state before this order so that it can be taken back; the
	 * first order of a new unit also closes the unit before it for good. */
	if (g->current_unit != prev) {
		game_drop_undo(g);
		if (prev >= 0)
			before.units[prev].acted |= UA_DONE;
		before.current_unit = g->current_unit;
		before.units[g->current_unit].acted |= UA_STARTED;
		g->undo_draws = before.dice.draws;
	}
	if (g->nundo == UNDO_MAX) {
		snapshot_free(&g->undo[0]);
		memmove(&g->undo[0], &g->undo[1], (UNDO_MAX - 1) * sizeof g->undo[0]);
		g->nundo--;
	}
	g->undo[g->nundo++] = before;
	return 0;
}
