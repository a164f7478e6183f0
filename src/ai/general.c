/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general: the computer opponent's controller, which answers each call
 * for an order.  Each Turn it makes a plan from the scenario's objectives
 * (general-plan.c); each initiative it moves its commanders to keep units
 * in command and gives the initiative to the brigade with most at stake
 * (general-command.c), plans every unit of it (drill.c), carries the
 * plans out and then says what the brigade means to do, from the orders
 * it gave; it chooses each unit's fire, and a retreat for a unit that is
 * lost anyway.  Charges, fire and every reaction are weighed with the
 * rules' real probabilities (estimate.c, decide.c).  Every order is tried
 * on the engine before it is given, and no order that throws a die is
 * ever tried: it never looks at a die before it is thrown.  What it
 * remembers across a save is in general-memory.c. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decide.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/odds.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/volley.h"
#include "estimate.h"
#include "general-int.h"
#include "route.h"
#include "search.h"
#include "tie.h"
#include "tuning.h"

static const char *const role_words[] = { "attack", "hold", "reserve" };

double general_charge_value(struct game *g, int a, int t, bool breakthrough)
{
	return est_charge(g, a, t, breakthrough, NULL);
}

/* ------------------------------------------------------------------ */
/* Fire */

/* The enemies nearest a unit within reach, nearest first (at most max). */
static int nearest_within(const struct game *g, const struct unit *u, double reach, int *out, int max)
{
	double dist[16];
	int n = 0;
	struct index_set near = { 0 };
	if (max > 16)
		max = 16;
	grid_units_near(g, (int)(u - g->units), reach, &near);
	for (int q = 0; q < near.n; q++) {
		int k = near.idx[q];
		const struct unit *t = &g->units[k];
		double d;
		int j;
		if (t->side == u->side || !general_active(t) || unit_abandoned(t) || !game_units_within(u, t, reach))
			continue;
		d = v2_dist(u->pos, t->pos);
		if (n == max && d >= dist[n - 1])
			continue;
		for (j = n < max ? n++ : n - 1; j > 0 && dist[j - 1] > d; j--) {
			dist[j] = dist[j - 1];
			out[j] = out[j - 1];
		}
		dist[j] = d;
		out[j] = k;
	}
	index_set_free(&near);
	return n;
}

/* Each unit of the brigade fires where it is expected to do most harm
 * (the nearest few targets looked at: the best shots are close ones). */
static bool best_fire(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	int nh;
	const int *hand = drill_hand_units(g, &nh);
	for (int h = 0; h < nh; h++) {
		int i = hand ? hand[h] : h;
		struct unit *u = &g->units[i];
		int best = -1, near[6], n, ties = 0;
		double bv = 0;
		if (ai->did[i] & DID_FIRE || !drill_in_hand(g, u, side) || unit_is_cavalry(u) || volley_may_fire(g, u))
			continue;
		ai->did[i] |= DID_FIRE;
		n = nearest_within(g, u, unit_is_artillery(u) ? rules_fire.art_range[RANGE_LONG] + 1
		                                             : rules_fire.small_arms_range + 1, near, 6);
		for (int j = 0; j < n; j++) {
			int k = near[j];
			const struct unit *t = &g->units[k];
			struct fire_shot shot;
			double v;
			if (!fire_check(g, i, k, NULL, &shot) || shot.dice <= 0)
				continue;
			if (!ai->tune->fire_by_worth)
				v = 100 - game_unit_distance(u, t); /* the nearest */
			else {
				double sp_worth, gone;
				est_worths(g, t, &sp_worth, &gone);
				v = odds_fire_hits(shot.dice) * sp_worth +
				    gone * odds_fire_at_least(shot.dice, t->sp - unit_elimination_sp(t));
			}
			if (v > bv) {
				bv = v;
				best = k;
				ties = 1;
			} else if (v == bv && best >= 0 && ai_tie(g, &ties)) {
				best = k;
			}
		}
		if (best >= 0) {
			*o = order_new(ORD_FIRE);
			o->unit = i;
			o->target = best;
			return true;
		}
	}
	return false;
}

/* ------------------------------------------------------------------ */
/* Retreat: a unit about to be destroyed for little in return leaves the
 * field instead (the count of units lost is the same, but the enemy wins
 * no break-through and the brigade commander with it is saved). */

static bool hopeless(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	struct index_set near = { 0 };
	bool r = false;
	for (int i = 0; i < g->nunits && !r; i++) {
		const struct unit *u = &g->units[i];
		double worst = 0;
		int foe = -1;
		if (u->side != side || !general_active(u) || (u->acted & (UA_CHARGED | UA_FIRED)) || !ai->tune->retreat)
			continue;
		/* (The index gives the active enemies only: friends were passed
		 * over.) */
		grid_foes_near(g, i, GEOM_CONTACT, &near);
		for (int q = 0; q < near.n; q++) {
			int k = near.idx[q];
			if (g->units[k].side != side && general_active(&g->units[k]) &&
			    game_units_within(u, &g->units[k], GEOM_CONTACT)) {
				struct est_fight f;
				est_fight(g, i, k, &f);
				if (f.gone[0] > ai->tune->lost_gone && f.lost[1] < ai->tune->lost_for && f.value < worst) {
					worst = f.value;
					foe = k;
				}
			}
		}
		if (foe < 0)
			continue;
		*o = order_new(ORD_RETREAT);
		o->unit = i;
		o->flag = OF_WITH_CMDR;
		r = drill_try(g, side, o);
	}
	index_set_free(&near);
	return r;
}

/* ------------------------------------------------------------------ */
/* Saying what it means to do: written once the initiative's orders are
 * given, from those orders, so that no order of the initiative can
 * contradict it. */

/* Does an order of this kind take a unit from where it stands? */
static bool order_moves(enum order_kind k)
{
	switch (k) {
	case ORD_MOVE: case ORD_MOVETO: case ORD_SIDESTEP: case ORD_STEPBACK: case ORD_OBLIQUE: case ORD_INCH:
	case ORD_PROLONG: case ORD_REDEPLOY: case ORD_CHARGE: case ORD_CROSS: case ORD_DEFEND: case ORD_RETREAT:
		return true;
	default:
		return false;
	}
}

/* What the initiative's orders did, counted from the battle's history
 * since the order that began it. */
struct deeds {
	int moved, back, inf, col, squares, charge;
	double nearest;
};

/* How far the unit stood from the nearest enemy when the plans were made
 * (*from), and how far it has gone toward that enemy since (*toward, less
 * than 0 away from it; 0 when there is none). */
static void enemy_distance(const struct general_ai *ai, const struct game *g, int i, double *from, double *toward)
{
	const struct unit *u = &g->units[i];
	const struct drill_mark *m = &ai->marks[i];
	struct unit was = *u;
	int e;
	was.pos = m->pos;
	was.facing = m->facing;
	was.form = m->form;
	e = est_nearest_enemy(g, &was, from);
	*toward = 0;
	if (e >= 0 && v2_dist(g->units[e].pos, m->pos) > 1e-9)
		*toward = v2_dot(v2_sub(u->pos, m->pos), geom_dir(geom_bearing(m->pos, g->units[e].pos)));
}

static void deeds_of(const struct general_ai *ai, const struct game *g, enum side side, struct deeds *dd)
{
	int first = g->nhistory;
	*dd = (struct deeds){ .charge = -1, .nearest = INFINITY };
	while (first > 0 && g->history[first - 1].kind != ORD_BRIGADE && g->history[first - 1].kind != ORD_DIVMOVE)
		first--;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		bool moved = false, charged = false;
		double from, toward;
		if (u->side != side)
			continue;
		for (int h = first; h < g->nhistory; h++) {
			const struct order *o = &g->history[h];
			if (o->unit != i || o->kind == ORD_CMOVE || o->kind == ORD_ATTACH || o->kind == ORD_DETACH)
				continue;
			moved |= order_moves(o->kind);
			charged |= o->kind == ORD_CHARGE;
			if (o->kind == ORD_CHARGE && dd->charge < 0)
				dd->charge = o->target;
			dd->squares += o->kind == ORD_FORM && o->form == FORM_SQUARE;
		}
		if (!moved)
			continue;
		enemy_distance(ai, g, i, &from, &toward);
		dd->moved++;
		/* Gone a centimetre or more away from the enemy nearest it, or
		 * from the table by its retreat: it fell back (a move across the
		 * enemy's front is no falling back).  A unit that charged went
		 * forward, whatever the fight did to it after. */
		if (!charged)
			dd->back += u->state == US_ACTIVE ? toward <= -1 : u->state == US_RETREATED;
		dd->nearest = fmin(dd->nearest, from);
		if (unit_is_infantry(u)) {
			dd->inf++;
			dd->col += u->form == FORM_COLUMN;
		}
	}
}

static void intent(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	const char *who, *what, *how = "", *where = "";
	int div;
	const struct div_plan *p;
	struct deeds dd;
	char name[NAME_LEN + 16], extra[80] = "";

	if (g->divmove >= 0) {
		div = g->divmove;
		who = g->divs[div].name[0] ? g->divs[div].name : g->divs[div].id;
	} else {
		div = g->brigs[g->active_brigade].division;
		who = g->brigs[g->active_brigade].name[0] ? g->brigs[g->active_brigade].name
		                                          : g->brigs[g->active_brigade].id;
	}
	snprintf(name, sizeof name, "%s", who);
	p = div >= 0 && div < g->ndivs ? &ai->plan[div] : NULL;
	deeds_of(ai, g, side, &dd);
	if (p && p->role != ROLE_RESERVE)
		where = p->where;
	if (!dd.moved)
		what = !p ? "stands fast" : p->role == ROLE_RESERVE ? "waits in reserve"
		     : p->role == ROLE_HOLD ? "holds its ground before" : "stands fast before";
	else if (dd.back * 2 > dd.moved)
		what = p && p->role != ROLE_RESERVE ? "falls back before" : "falls back";
	else if (!p)
		what = "manoeuvres";
	else if (p->role == ROLE_RESERVE)
		what = "moves up in reserve";
	else if (p->role == ROLE_HOLD)
		what = dd.nearest < 25 ? "fights to hold" : "moves up to hold";
	else if (dd.nearest < 25)
		what = "engages the enemy toward";
	else {
		what = "advances";
		how = dd.inf && dd.col * 2 >= dd.inf ? " in column on" : " on";
	}
	if (dd.charge >= 0)
		snprintf(extra, sizeof extra, ", charging %.20s", g->units[dd.charge].id);
	if (dd.squares)
		snprintf(extra + strlen(extra), sizeof extra - strlen(extra), ", %s against cavalry",
		         dd.squares > 1 ? "squares" : "a square");
	*o = order_new(ORD_NOTE);
	/* A long name or place is cut short: the line is only a note. */
	if (snprintf(o->text, sizeof o->text, "%.48s %s%s%s%.40s%s.", name, what, how, where[0] ? " " : "", where,
	             extra) >= (int)sizeof o->text)
		o->text[sizeof o->text - 2] = '.';
	for (char *c = o->text; *c; c++)
		if (*c == '"' || *c == '\n')
			*c = '\'';
}

/* ------------------------------------------------------------------ */
/* The controller */

/* Whether the side manoeuvring has stated its intent this initiative: a
 * note since the order that began its manoeuvre phase.  Read from the
 * battle's history rather than remembered, so that a battle loaded from a
 * save without the computer's memory goes on as it would have. */
static bool intent_stated(const struct game *g)
{
	if (g->phase == PHASE_SETUP || g->phase == PHASE_INITIATIVE)
		return false;
	for (int i = g->nhistory - 1; i >= 0; i--) {
		if (g->history[i].kind == ORD_NOTE)
			return true;
		if (g->history[i].kind == ORD_BRIGADE || g->history[i].kind == ORD_DIVMOVE)
			return false;
	}
	return false;
}

static void new_step(struct general_ai *ai, struct game *g)
{
	if (ai->initiative != g->initiatives || ai->phase != (int)g->phase) {
		if (ai->initiative != g->initiatives) {
			ai->noted = intent_stated(g);
			ai->planned = false;
			ai->commanded = false;
		}
		ai->initiative = g->initiatives;
		ai->phase = (int)g->phase;
		memset(ai->did, 0, (size_t)g->nunits);
		ai->unit = -1;
	}
}

/* The unit of the brigade nearest the enemy that has not yet acted (of
 * units as near, one drawn). */
static int next_unit(struct general_ai *ai, struct game *g, enum side side)
{
	double bd = INFINITY;
	int best = -1, ties = 0, nh;
	const int *hand = drill_hand_units(g, &nh);
	for (int h = 0; h < nh; h++) {
		int i = hand ? hand[h] : h;
		double d;
		if (ai->did[i] & DID_DONE || !drill_in_hand(g, &g->units[i], side))
			continue;
		est_nearest_enemy(g, &g->units[i], &d);
		if (d < bd) {
			bd = d;
			best = i;
			ties = 1;
		} else if (d == bd && best >= 0 && ai_tie(g, &ties)) {
			best = i;
		}
	}
	return best;
}

/* Has anything near a unit changed since the plans were made (another
 * unit moved, turned, changed formation or fell)?  If not, its plan was
 * checked against the table as it still is. */
static bool stale(const struct general_ai *ai, const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	double near = ai->tune->stale_within;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *o = &g->units[i];
		const struct drill_mark *m = &ai->marks[i];
		if (i == unit || (o->state == m->state && v2_dist(o->pos, m->pos) < 1e-9 && o->facing == m->facing &&
		                  o->form == m->form && o->markers == m->markers))
			continue;
		if (v2_dist(o->pos, u->pos) < near || v2_dist(m->pos, u->pos) < near ||
		    v2_dist(o->pos, ai->drills[unit].end) < near || v2_dist(m->pos, ai->drills[unit].end) < near)
			return true;
	}
	return false;
}

/* A charge is never tried (it would throw dice); the engine's checks of
 * it, which throw none, are made again before it is given. */
static bool charge_still_on(struct game *g, const struct order *o)
{
	const struct unit *u = &g->units[o->unit];
	char why[MSG_LEN];
	return !(u->acted & (UA_MOVED | UA_CROSSED | UA_NO_CHARGE | UA_DONE)) &&
	       order_charge_check(g, o->unit, o->target, false, why, sizeof why) == 0;
}

static int manoeuvre(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	if (!ai->planned) {
		ai->planned = true;
		for (int i = 0; i < g->nunits; i++)
			ai->drills[i].planned = false;
		/* The units to act first are planned ahead, before any acts
		 * (the plan_ahead of the tuning); the others as their turn
		 * comes, so that no single call plans a whole division. */
		for (int k = 0; k < ai->tune->plan_ahead; k++) {
			int i = next_unit(ai, g, side);
			if (i < 0)
				break;
			drill_plan(ai, g, side, i, &ai->drills[i]);
			ai->drills[i].ahead = true;
			ai->did[i] |= DID_DONE; /* only to skip it in the search */
		}
		for (int i = 0; i < g->nunits; i++) {
			ai->did[i] &= (unsigned char)~DID_DONE;
			ai->marks[i] = (struct drill_mark){ g->units[i].pos, g->units[i].facing, g->units[i].form,
				                            g->units[i].state, g->units[i].markers };
		}
	}
	if (!ai->commanded) {
		/* The brigade commander, before any unit moves: one order. */
		ai->commanded = true;
		if (general_brigade_commander(ai, g, side, o))
			return 0;
	}
	for (;;) {
		struct drill *d;
		bool ok;
		if (ai->unit < 0 && (ai->unit = next_unit(ai, g, side)) < 0)
			break;
		d = &ai->drills[ai->unit];
		if (!d->planned && g->units[ai->unit].state == US_ACTIVE) {
			drill_plan(ai, g, side, ai->unit, d);
			d->fresh = true;
		}
		if (g->units[ai->unit].state == US_ACTIVE && d->next < d->n) {
			*o = d->o[d->next];
			/* A charge is never tried (it would throw dice), but its
			 * checks are made again.  The first order of a plan made
			 * just now stands; a plan made ahead stands while nothing
			 * near the unit has changed and no formation change of its
			 * own has put its stands elsewhere than planned; anything
			 * else is checked again, and a plan the engine would now
			 * refuse is made again from where things stand. */
			if (o->kind == ORD_CHARGE)
				ok = charge_still_on(g, o);
			else if (d->fresh)
				ok = true;
			else if (d->ahead && !(ai->did[ai->unit] & DID_REPLAN) && !stale(ai, g, ai->unit) &&
			         !(d->next > 0 && d->o[d->next - 1].kind == ORD_FORM))
				ok = true;
			else
				ok = drill_check(g, side, o);
			if (ok) {
				d->next++;
				d->fresh = false;
				return 0;
			}
			if (!(ai->did[ai->unit] & DID_REPLAN)) {
				ai->did[ai->unit] |= DID_REPLAN;
				drill_plan(ai, g, side, ai->unit, d);
				d->fresh = true;
				continue;
			}
		}
		ai->did[ai->unit] |= DID_DONE;
		ai->unit = -1;
	}
	if (hopeless(ai, g, side, o))
		return 0;
	/* Every order given: what they did is its intent, said last. */
	if (!ai->noted) {
		ai->noted = true;
		intent(ai, g, side, o);
		return 0;
	}
	*o = order_new(ORD_END);
	return 0;
}

static int order_held(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	new_step(ai, g);
	if (ai->search)
		ai->tune = search_tuning(ai, g, side);
	if (ai->plan_turn[side] != g->turn)
		general_plan(ai, g, side);

	if (g->phase == PHASE_INITIATIVE) {
		if (ai->search && ai->pick_init != g->initiatives) {
			search_initiative(ai, g, side);
			ai->tune = search_tuning(ai, g, side);
		}
		general_initiative(ai, g, side, o);
		return 0;
	}

	if (g->phase == PHASE_MANOEUVRE)
		return manoeuvre(ai, g, side, o);

	if (g->phase == PHASE_FIRE && best_fire(ai, g, side, o))
		return 0;
	*o = order_new(ORD_END);
	return 0;
}

/* The spatial index is held while the general thinks: wherever he sets
 * a unit down to weigh it, he files it again (grid_moved), and puts it
 * back the same way, so no query need look for units that moved. */
static int general_order(struct controller *ctl, struct game *g, enum side side, struct order *o)
{
	int r;
	grid_hold(g);
	r = order_held(ctl->ctx, g, side, o);
	grid_release(g);
	return r;
}

/* Orders are tried first, so a refusal means the plan misread the state:
 * the unit's plan is closed so that it cannot loop. */
static void general_refused(struct controller *ctl, struct game *g, enum side side, const struct order *o,
                            const char *why)
{
	struct general_ai *ai = ctl->ctx;
	(void)side, (void)why;
	ai->refusals++;
	if (o->kind == ORD_BRIGADE || o->kind == ORD_DIVMOVE)
		ai->pick = PICK_NONE; /* the search's choice: not made again */
	if (o->unit >= 0 && o->unit < g->nunits && o->kind != ORD_CMOVE && o->kind != ORD_ATTACH &&
	    o->kind != ORD_DETACH)
		ai->did[o->unit] |= DID_DONE | DID_FIRE;
	if (ai->unit == o->unit)
		ai->unit = -1;
}

int general_init(struct general_ai *ai, struct game *g, enum ai_level level)
{
	if (general_init_plain(ai, g, level) < 0)
		return -1;
	if (ai->tune->search_choices > 1 && !(ai->search = search_new(ai, g))) {
		general_free(ai);
		return -1;
	}
	return 0;
}

int general_init_plain(struct general_ai *ai, struct game *g, enum ai_level level)
{
	*ai = (struct general_ai){
		.ctl = { .ctx = ai, .order = general_order, .refused = general_refused, .decide = general_decide },
		.level = level, .initiative = -1, .phase = -1, .unit = -1, .plan_turn = { -1, -1 },
		.pick = PICK_NONE, .pick_init = -1,
	};
	ai->tune = &ai_tuning[(unsigned)level < AI_LEVEL_COUNT ? level : AI_NORMAL];
	ai->did = calloc((size_t)g->nunits + 1, sizeof *ai->did);
	ai->drills = calloc((size_t)g->nunits + 1, sizeof *ai->drills);
	ai->marks = calloc((size_t)g->nunits + 1, sizeof *ai->marks);
	ai->plan = calloc((size_t)g->ndivs + 1, sizeof *ai->plan);
	ai->scratch = drill_scratch_new();
	ai->routes = route_new();
	ai->ndivs = g->ndivs;
	ai->game = g;
	if (!ai->did || !ai->plan || !ai->drills || !ai->marks || !ai->scratch || !ai->routes) {
		general_free(ai);
		return -1;
	}
	return 0;
}

void general_free(struct general_ai *ai)
{
	search_free(ai->search);
	ai->search = NULL;
	free(ai->did);
	free(ai->plan);
	free(ai->drills);
	free(ai->marks);
	ai->marks = NULL;
	drill_scratch_free(ai->scratch);
	ai->scratch = NULL;
	route_free(ai->routes);
	ai->routes = NULL;
	ai->did = NULL;
	ai->plan = NULL;
	ai->drills = NULL;
}

const char *general_role(const struct general_ai *ai, int division)
{
	if (!ai->plan || division < 0 || division >= ai->ndivs)
		return "none";
	return ai->plan_turn[division_side(ai->game, division)] >= 0 ? role_words[ai->plan[division].role]
	                                                            : "none";
}

