/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order: the order table and carrying out an order (checks common to
 * every order, undo, previews, firing, ending a phase); the families of
 * orders are in order-move.c, order-charge.c, order-command.c and
 * order-ground.c. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "control.h"
#include "game.h"
#include "grid.h"
#include "contact.h"
#include "move.h"
#include "order-int.h"
#include "react.h"
#include "rules.h"
#include "seq.h"
#include "victory.h"
#include "volley.h"
#include "weather.h"

#define ORDER_NAME(id, tok, key, text, flags) [id] = { key, text },
const struct enum_name order_names[ORD_COUNT] = { ORDER_LIST(ORDER_NAME) };
#undef ORDER_NAME

/* The order table: each kind's executor and flags, from ORDER_LIST (so it
 * covers every kind: an order without its executor does not link). */
static const struct order_rule {
	int (*exec)(struct order_ctx *c);
	unsigned flags;
} order_rules[ORD_COUNT] = {
#define ORDER_RULE(id, tok, key, text, flags) [id] = { order_do_##tok, flags },
	ORDER_LIST(ORDER_RULE)
#undef ORDER_RULE
};
_Static_assert(sizeof order_rules / sizeof order_rules[0] == ORD_COUNT, "an order without a rule");

unsigned order_flags(enum order_kind k)
{
	return k < ORD_COUNT ? order_rules[k].flags : 0;
}

int ord_refuse(struct order_ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->why, c->size, fmt, ap);
	va_end(ap);
	return ORDER_REFUSED;
}

/* ------------------------------------------------------------------ */
/* Shared checks */

bool ord_in_contact_with_enemy(const struct game *g, int unit)
{
	return contact_engaged(g, unit) >= 0;
}

/* Abandoned artillery "cannot fire, limber, prolong, etc." and "simply
 * remains in place and does nothing" until its crews man it again. */
int ord_refuse_abandoned(struct order_ctx *c, const struct unit *u)
{
	return ord_refuse(c, "%s's guns are abandoned (orange marker): abandoned artillery does nothing, "
	              "neither moving, turning, limbering, prolonging, changing formation nor firing, "
	              "until its crews man it again", u->id);
}

/* A unit of the side, on the table, in the brigade (or division) that has
 * the initiative, in the manoeuvre phase, not finished. */
int ord_manoeuvre_unit(struct order_ctx *c, int unit)
{
	struct game *g = c->g;
	const struct unit *u;
	if (unit < 0 || unit >= g->nunits)
		return ord_refuse(c, "no such unit");
	u = &g->units[unit];
	if (g->phase != PHASE_MANOEUVRE)
		return ord_refuse(c, "%s: units manoeuvre only in the manoeuvre phase (now: %s phase)",
		              u->id, phase_names[g->phase].label);
	if (u->side != c->side)
		return ord_refuse(c, "%s is an enemy unit: a player cannot manoeuvre enemy units", u->id);
	if (u->state != US_ACTIVE)
		return ord_refuse(c, "%s is not on the table (%s)", u->id, unit_state_names[u->state].label);
	if (unit_abandoned(u))
		return ord_refuse_abandoned(c, u);
	if (g->divmove >= 0) {
		if (unit_division(g, u) != g->divmove)
			return ord_refuse(c, "%s is not in %s, which is making the division manoeuvre", u->id,
			              g->divs[g->divmove].name);
	} else if (u->brigade != g->active_brigade) {
		return ord_refuse(c, "%s is not in %s, the brigade with the initiative", u->id,
		              g->active_brigade >= 0 ? g->brigs[g->active_brigade].name : "(none)");
	}
	if (u->acted & UA_DONE)
		return ord_refuse(c, "%s has finished its manoeuvre: units manoeuvre one at a time, once each",
		              u->id);
	if (u->defends && c->o->kind != ORD_DEFEND)
		return ord_refuse(c, "%s is defending %s: leave the landmark first ('defend %s off')", u->id,
		              g->map.f[u->defends - 1].name, u->id);
	return 0;
}

/* Begin (or go on with) this unit's manoeuvre; the one before is done. */
void ord_begin_unit_order(struct game *g, int unit)
{
	seq_begin_unit(g, unit);
}

double ord_unit_allowance(const struct game *g, const struct unit *u)
{
	const struct move_allowance *m;
	if (g->divmove >= 0)
		return g->divmove_allow;
	m = rules_move_for(u->type, u->form);
	return m ? m->move : 0;
}

const char *ord_blocker_text(const struct game *g, int k, char *buf, size_t size)
{
	if (k >= 0)
		snprintf(buf, size, "%s (%s)", g->units[k].id, g->units[k].name);
	else if (k == BLOCK_EDGE)
		snprintf(buf, size, "the table's edge");
	else if (blocker_is_feature(k))
		snprintf(buf, size, "%s '%s'", terrain_names[g->map.f[blocker_feature(k)].type].label,
		         g->map.f[blocker_feature(k)].name);
	else
		snprintf(buf, size, "nothing");
	return buf;
}

/* What slowed a sweep, as words for a refusal: the rate the ground (or
 * the weather) cost, and what crossing features spent. */
const char *ord_rate_note(const struct game *g, const struct mover *m, const struct sweep *s, char *buf,
                          size_t size)
{
	double half = rules_terrain_limits.half_rate_cost, rate = s->rate > 1 ? s->rate : half;
	size_t n = 0;
	buf[0] = '\0';
	if (s->half || weather_all_half(g, m->tclass)) {
		if (rate == half)
			n = (size_t)snprintf(buf, size, " (at half rate: %g cm for every %g cm moved)", half, 1.0);
		else
			n = (size_t)snprintf(buf, size, " (slowed by the ground: up to %.2f cm for every %g cm moved)",
			                     rate, 1.0);
	}
	if (s->crossing > 0 && n < size)
		snprintf(buf + n, size - n, " (%.1f cm of it spent crossing features)", s->crossing);
	return buf;
}

/* Why a sweep stopped short, as a sentence. */
int ord_refuse_sweep(struct order_ctx *c, const char *what, double want, const struct sweep *s,
                        const struct mover *m, double allowance)
{
	struct game *g = c->g;
	switch (s->why) {
	case STOP_ENEMY:
		return ord_refuse(c, "cannot %s %.1f cm: after %.1f cm it would touch %s (%s); only a charge "
		              "may bring a unit into contact with the enemy", what, want, s->dist,
		              g->units[s->unit].id, g->units[s->unit].name);
	case STOP_UNIT:
		return ord_refuse(c, "cannot %s %.1f cm: after %.1f cm it would run into %s (%s); %s",
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
		return ord_refuse(c, "cannot %s %.1f cm: after %.1f cm it would enter %s '%s', where %s",
		              what, want, s->dist, terrain_names[f->type].label, f->name, who);
	}
	case STOP_EDGE:
		return ord_refuse(c, "cannot %s %.1f cm: after %.1f cm it would leave the table", what, want,
		              s->dist);
	case STOP_ALLOWANCE:
	{
		char note[160];
		return ord_refuse(c, "cannot %s %.1f cm: its allowance of %.1f cm%s carries it only %.1f cm",
		              what, want, allowance, ord_rate_note(g, m, s, note, sizeof note), s->dist);
	}
	default:
		return ord_refuse(c, "cannot %s %.1f cm", what, want);
	}
}

/* Carry a unit along dir (want cm, or as far as allowed when max). */
int ord_sweep_unit(struct order_ctx *c, int unit, const char *what, struct vec2 dir, double want,
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
		return ord_refuse(c, "cannot %s a negative distance", what);
	/* With max, as far as allowed, but no further than want if given. */
	move_sweep(g, &m, &fp, fp.c, dir, max && want <= 0 ? 1e4 : want, allowance,
	           weather_all_half(g, m.tclass), &s);
	if (!max && s.dist < want - 1e-6)
		return ord_refuse_sweep(c, what, want, &s, &m, allowance);
	if (g->divmove >= 0) {
		double keep = move_keep_away(g, u->side, &fp, dir, s.dist, g->divmove_keep);
		if (keep < s.dist - 1e-6) {
			if (!max)
				return ord_refuse(c, "cannot %s %.1f cm: in this division manoeuvre no unit may come "
				              "closer than %g cm to the enemy (it could go %.1f cm)",
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
			return ord_refuse(c, "cannot %s %.1f cm: it would stop on %s; a unit may pass through "
			              "friends but not remain interpenetrated with them", what, s.dist,
			              g->units[k].id);
	}
	/* Carry it there, offering the enemy its reactions on the way. */
	{
		bool caught;
		int r;
		u->pos = fp.c;
		grid_moved(g, unit);
		u->facing = fp.facing;
		r = react_moving(g, c->ctl, unit, dir, s.dist, -1, moved, &caught);
		if (r == REACT_QUIT)
			return ORDER_QUIT;
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
void ord_after_move(struct game *g, int unit)
{
	int k = command_attached_to(g, unit);
	if (k >= 0)
		g->cmdrs[k].pos = g->units[unit].pos;
	move_clear_stands(g, unit);
	react_check_shelters(g);
	event_unit_changed(g, unit);
}

int ord_check_can_move(struct order_ctx *c, const struct unit *u)
{
	if (u->acted & UA_CROSSED)
		return ord_refuse(c, "%s has crossed a bridge, which uses all its movement", u->id);
	if (u->acted & UA_MOVED)
		return ord_refuse(c, "%s has already moved: a unit moves once, straight ahead", u->id);
	if (u->form == FORM_ESQUARE)
		return ord_refuse(c, "%s is in an emergency square, which cannot move", u->id);
	return 0;
}
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Firing */

static int fire(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r;
	struct unit *u;
	if (unit < 0 || unit >= g->nunits)
		return ord_refuse(c, "no such unit");
	u = &g->units[unit];
	if (g->phase != PHASE_FIRE)
		return ord_refuse(c, "%s: units fire only in the firing phase (now: %s phase)", u->id,
		              phase_names[g->phase].label);
	if (u->side != c->side)
		return ord_refuse(c, "%s is an enemy unit", u->id);
	if (g->divmove >= 0 ? unit_division(g, u) != g->divmove : u->brigade != g->active_brigade)
		return ord_refuse(c, "%s is not in the brigade with the initiative: only its units fire", u->id);
	if (!unit_is_infantry(u) && !unit_is_artillery(u))
		return ord_refuse(c, "%s is cavalry: only infantry and artillery fire", u->id);
	if (c->o->kind == ORD_BOMBARD)
		r = volley_bombard(g, c->ctl, unit, c->o->target, c->why, c->size);
	else
		r = volley_fire(g, c->ctl, unit, c->o->target, c->o->npts ? &c->o->pts[0] : NULL, c->why,
		                c->size);
	return r == REACT_QUIT ? ORDER_QUIT : r;
}

int order_do_end(struct order_ctx *c)
{
	struct game *g = c->g;
	if (g->phase == PHASE_INITIATIVE)
		return ord_refuse(c, "choose a brigade (or a division manoeuvre) for this initiative first");
	if (g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE)
		return ord_refuse(c, "nothing to end now");
	seq_end_phase(g);
	return 0;
}

int order_do_undo(struct order_ctx *c)
{
	struct game *g = c->g;
	struct snapshot s;
	int nhistory;
	if (g->nundo == 0)
		return ord_refuse(c, "nothing to take back: only the orders of the unit manoeuvring now can be");
	if (g->dice.draws != g->undo_draws)
		return ord_refuse(c, "cannot take back: dice have been thrown since");
	/* The history keeps the order taken back and this undo, so that a
	 * replay gives both and comes to the same log. */
	nhistory = g->nhistory;
	s = g->undo[--g->nundo];
	game_restore(g, &s);
	g->nhistory = nhistory;
	snapshot_free(&s);
	game_log(g, "Order taken back.");
	{
		event_unit_changed(g, -1);
	}
	return 0;
}

int order_do_fire(struct order_ctx *c)
{
	return fire(c);
}

int order_do_bombard(struct order_ctx *c)
{
	return fire(c);
}

/* Either side may give up at any time; a player concedes only for a side
 * he plays (the same controller gives its orders). */
int order_do_concede(struct order_ctx *c)
{
	int s = c->o->target >= 0 && c->o->target < SIDE_COUNT ? c->o->target : (int)c->side;
	if (s != (int)c->side && c->ctl && c->ctl[s] != c->ctl[c->side])
		return ord_refuse(c, "%s are not yours to concede", c->g->side[s].name);
	victory_concede(c->g, s);
	return ORDER_OK;
}

int order_do_note(struct order_ctx *c)
{
	game_log(c->g, "%s: %s", c->g->side[c->side].name, c->o->text);
	return ORDER_OK;
}

/* Entries of the history that are not orders. */
int order_do_answer(struct order_ctx *c)
{
	return ord_refuse(c, "no decision is waiting for an answer");
}

int order_do_dice(struct order_ctx *c)
{
	return ord_refuse(c, "scripted dice are not an order (game_script_dice queues them)");
}

int order_do_rethrow_weather(struct order_ctx *c)
{
	return ord_refuse(c, "the weather is thrown again before the battle begins, not as an order of it "
	                  "(weather_rethrow)");
}

static int dispatch(struct order_ctx *c)
{
	if (c->o->kind < 0 || c->o->kind >= ORD_COUNT)
		return ord_refuse(c, "unknown order");
	return order_rules[c->o->kind].exec(c);
}

/* A side that answers every question with its first option (standing). */
static int stand_decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c, (void)g;
	d->choice = 0;
	d->value = d->opt[0].lo;
	return 0;
}

/* What a preview reports of the last order carried out: where it left
 * its unit (or commander), and the dice thrown until then. */
struct preview_end {
	int k;
	struct unit u;
	struct vec2 cpos;
	double cused;
	uint64_t draws;
};

static void preview_mark(const struct game *g, const struct order *o, int k, struct preview_end *e)
{
	e->k = k;
	e->draws = g->dice.draws;
	if (o->unit >= 0 && o->unit < g->nunits && !(order_flags(o->kind) & OK_COMMANDER)) {
		e->u = g->units[o->unit];
	} else if (o->kind == ORD_CMOVE) {
		e->cpos = g->cmdrs[o->unit].pos;
		e->cused = g->cmdrs[o->unit].used;
	}
}

int order_preview_seq(struct game *g, enum side side, const struct order *o, int n, struct preview *p)
{
	struct controller stand = { .decide = stand_decide };
	struct controller *ctl[SIDE_COUNT] = { &stand, &stand };
	struct game_trial trial;
	struct preview_end e = { .draws = g->dice.draws };
	bool was = g->previewing, undoes = false;
	int k;

	*p = (struct preview){ .unit = n > 0 ? o[0].unit : -1 };
	if (game_trial_begin(g, &trial) < 0) {
		snprintf(p->why, sizeof p->why, "out of memory");
		return 0;
	}
	/* The orders keep nothing to take back (a refusal ends the preview,
	 * and the trial takes all back), unless one is an undo. */
	for (k = 0; k < n; k++)
		undoes |= o[k].kind == ORD_UNDO;
	g->previewing = !undoes;
	for (k = 0; k < n && order_exec(g, ctl, side, &o[k], p->why, sizeof p->why) == 0; k++)
		preview_mark(g, &o[k], k + 1, &e);
	g->previewing = was;
	p->ok = k == n;
	p->dice = e.draws != trial.before.st.dice.draws;
	if (e.k > 0 && o[k - 1].unit >= 0 && o[k - 1].unit < g->nunits && !(order_flags(o[k - 1].kind) & OK_COMMANDER)) {
		p->unit = o[k - 1].unit;
		p->pos = e.u.pos;
		p->facing = e.u.facing;
		p->form = e.u.form;
		p->used = e.u.used;
		p->may_fire = e.u.state == US_ACTIVE && !volley_may_fire(g, &e.u);
	} else if (e.k > 0 && o[k - 1].kind == ORD_CMOVE) {
		p->pos = e.cpos;
		p->used = e.cused;
	}
	game_trial_end(g, &trial);
	return k;
}

void order_preview(struct game *g, enum side side, const struct order *o, struct preview *p)
{
	order_preview_seq(g, side, o, 1, p);
}

/* An order inside a preview: as exec below, but with nothing kept to
 * take it back (a refusal ends the preview, which takes all back). */
static int exec_previewed(struct order_ctx *c, int prev, uint64_t draws)
{
	struct game *g = c->g;
	int r;
	game_record(g, c->o);
	if ((r = dispatch(c)) != 0)
		return r;
	move_clear_all_stands(g);
	react_stands_overlapped(g);
	if ((order_flags(c->o->kind) & OK_UNIT) && g->phase == PHASE_MANOEUVRE && g->current_unit >= 0 &&
	    g->current_unit != prev) {
		game_drop_undo(g);
		g->undo_draws = draws;
	}
	return 0;
}

static int exec(struct game *g, struct controller **ctl, enum side side, const struct order *o, char *why,
                size_t size)
{
	struct order_ctx c = { .g = g, .ctl = ctl, .side = side, .o = o, .why = why, .size = size };
	struct snapshot before;
	uint64_t draws = g->dice.draws;
	int prev = g->current_unit, r;

	why[0] = '\0';
	if (g->phase == PHASE_OVER)
		return ord_refuse(&c, "the battle is over");
	if (g->initiative != (int)side)
		return ord_refuse(&c, "%s do not have the initiative", g->side[side].name);
	if (g->previewing)
		return exec_previewed(&c, prev, draws);
	if (game_snapshot_back(g, &before) < 0)
		return ord_refuse(&c, "out of memory");
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
	if (!(order_flags(o->kind) & OK_UNIT) || g->phase != PHASE_MANOEUVRE || g->current_unit < 0) {
		snapshot_free(&before);
		return 0;
	}
	/* Keep the state before this order so that it can be taken back; the
	 * first order of a new unit also closes the unit before it for good. */
	if (g->current_unit != prev) {
		game_drop_undo(g);
		if (prev >= 0)
			*snapshot_acted(&before, prev) |= UA_DONE;
		before.st.current_unit = g->current_unit;
		*snapshot_acted(&before, g->current_unit) |= UA_STARTED;
		g->undo_draws = before.st.dice.draws;
	}
	if (g->nundo == UNDO_MAX) {
		snapshot_free(&g->undo[0]);
		memmove(&g->undo[0], &g->undo[1], (UNDO_MAX - 1) * sizeof g->undo[0]);
		g->nundo--;
	}
	g->undo[g->nundo++] = before;
	return 0;
}

int order_exec(struct game *g, struct controller **ctl, enum side side,
               const struct order *o, char *why, size_t size)
{
	int r;
	/* The engine's own work: it reports each unit it moves to the index. */
	grid_hold(g);
	r = exec(g, ctl, side, o, why, size);
	grid_release(g);
	return r;
}
