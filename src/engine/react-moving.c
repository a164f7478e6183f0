/* SPDX-License-Identifier: GPL-3.0-or-later */
/* react-moving: opportunity charges and counter-charges (core rules,
 * "Reactions"): the points of an enemy's move, or charge, at which each
 * unit may charge it, the offer, and the charge carried out. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim.h"
#include "bridge.h"
#include "command.h"
#include "control.h"
#include "fire.h"
#include "game.h"
#include "grid.h"
#include "contact.h"
#include "move.h"
#include "react.h"
#include "rules.h"


static double react_range(const struct unit *r)
{
	return unit_is_cavalry(r) ? rules_react.opportunity_cav : rules_react.opportunity_inf;
}

/* What a unit could do about a moving enemy where the enemy now is. */
enum chance {
	CHANCE_NONE,    /* no charge from here */
	CHANCE_OK,      /* it may charge it */
	CHANCE_CONTACT, /* it could, but it is in contact with the enemy */
};

/* An enemy other than except in contact with the unit, or -1. */
static int engaged_except(const struct game *g, int unit, int except)
{
	int e[2], n = contact_enemies(g, unit, e, 2);
	return n > 0 && e[0] != except ? e[0] : n > 1 ? e[1] : -1;
}

/* Could reactor charge mover where the mover now is: a formed unit that
 * may react, pivoting at most 90 degrees without touching anything, then
 * straight into contact within its charge allowance, touching nothing
 * else and crossing no ground it may not charge or intercept through; and
 * not in contact with the enemy (CHANCE_CONTACT when it touches another
 * enemy: as for a charge, it awaits its hand-to-hand combat instead).
 * known: the units that blocked its lanes when last asked with the mover
 * elsewhere on its way (NULL for none). */
static enum chance can_intercept(struct game *g, int reactor, int mover, bool counter,
                                 double *facing, double *dist, struct aim_blockers *known)
{
	struct aim_blockers none = { 0 };
	struct unit *r = &g->units[reactor], *m = &g->units[mover];
	const struct move_allowance *ma = rules_move_for(r->type, r->form);
	struct mover mv;
	struct sweep s;
	struct obb fp;
	enum cmd_status st;
	double want;

	if (r->state != US_ACTIVE || r->side == m->side || r->side == (enum side)g->initiative)
		return CHANCE_NONE;
	if (!unit_formed(r) || r->form == FORM_SQUARE || r->form == FORM_ESQUARE || !ma ||
	    ma->charge <= 0)
		return CHANCE_NONE;
	if (unit_is_infantry(r) && unit_is_cavalry(m))
		return CHANCE_NONE;
	if (unit_has_marker(r, MK_BLUE) || !unit_present(r))
		return CHANCE_NONE;
	st = command_status(g, r, NULL);
	if (st == CS_NOT_IN_COMMAND && !counter)
		return CHANCE_NONE;
	{
		double apart = game_unit_distance(r, m);
		if (apart > react_range(r) + 1e-9 || apart > weather_visibility(g))
			return CHANCE_NONE;
	}
	/* As any charge: the smallest pivot (within the 90 degrees a reactor
	 * may turn) after which straight ahead reaches the mover. */
	if (!aim_clear_charge_known(g, reactor, mover, TMODE_INTERCEPT, rules_react.opportunity_pivot, ma->charge,
	                            g->wx.weather == WX_HOT, &want, &s, known ? known : &none)) {
		/* Cavalry may intercept over a bridge, to its own end of it,
		 * turned straight at the bridge. */
		struct bridge_reach br;
		want = geom_bearing(r->pos, m->pos);
		if (fabs(geom_angle_diff(r->facing, want)) > rules_react.opportunity_pivot + 1e-9 ||
		    move_pivot_blocker(g, reactor, r->facing, want) != -1)
			return CHANCE_NONE;
		fp = unit_footprint_as(r->type, r->form, r->pos, want);
		move_mover_unit(g, reactor, TMODE_INTERCEPT, false, &mv);
		mv.target = mover;
		move_sweep(g, &mv, &fp, fp.c, geom_dir(want), ma->charge + 1, ma->charge,
		           g->wx.weather == WX_HOT, &s);
		if (s.why != STOP_TERRAIN || s.feature < 0 ||
		    bridge_charge_reach(g, reactor, mover, TMODE_INTERCEPT, &br, NULL, 0))
			return CHANCE_NONE;
		want = br.facing;
		s.dist = br.dist;
	}
	*facing = want;
	*dist = s.dist;
	/* Touching the mover itself (where a charge arrives, or as a unit in
	 * contact moves off) is no chance either, but may end as it goes on. */
	if (engaged_except(g, reactor, mover) >= 0)
		return CHANCE_CONTACT;
	return contact_touching(g, reactor, mover) ? CHANCE_NONE : CHANCE_OK;
}

/* Would the reactor's charge, turned to facing and carried dist cm,
 * outflank the mover where the mover now is? */
static bool outflanks_from(const struct game *g, int reactor, int mover, double facing, double dist)
{
	struct unit r = g->units[reactor];
	r.facing = facing;
	r.pos = v2_add(r.pos, v2_scale(geom_dir(facing), dist));
	return !fire_can_bear(g, &g->units[mover], &r);
}

/* The reactor charges into the mover: pivot, tests, move into contact. */
static int intercept(struct game *g, struct controller **ctl, int reactor, int mover, bool counter,
                     bool *contact)
{
	struct unit *r = &g->units[reactor], *m = &g->units[mover];
	double facing, dist;
	*contact = false;
	if (can_intercept(g, reactor, mover, counter, &facing, &dist, NULL) != CHANCE_OK)
		return 0;
	(void)ctl;
	unit_set_marker(r, MK_BLUE, true);
	r->pivoted += fabs(geom_angle_diff(r->facing, facing));
	r->facing = facing;
	game_log(g, "%s pivots to face %s.", r->id, m->id);
	/* "in command but cautious must test to initiate ... an opportunity
	 * charge", and a counter-charge is one: its "no test" spares it the
	 * opportunity charge's own test, not the command test. */
	if (command_status(g, r, NULL) == CS_CAUTIOUS &&
	    !react_quality_test(g, reactor, 0, NULL,
	                        counter ? "tests to counter-charge (in command but cautious)"
	                                : "tests to charge (in command but cautious)")) {
		game_log(g, "%s holds back.", r->id);
		event_unit_changed(g, reactor);
		return 0;
	}
	if (!counter && !react_quality_test(g, reactor, 0, NULL, "tests to opportunity-charge")) {
		game_log(g, "%s fails to charge and does no more this initiative.", r->id);
		event_unit_changed(g, reactor);
		return 0;
	}
	r->pos = v2_add(r->pos, v2_scale(geom_dir(facing), dist));
	grid_moved(g, reactor);
	r->acted |= UA_CHARGING;
	r->charge_start = dist;
	{
		struct obb start = unit_footprint_as(r->type, r->form, v2_sub(r->pos, v2_scale(geom_dir(facing), dist)),
		                                     facing);
		command_stands_in_the_way(g, reactor, start, geom_dir(facing), dist, unit_is_cavalry(r));
	}
	game_log(g, "%s %s %s (%.1f cm).", r->id, counter ? "counter-charges" : "opportunity-charges",
	         m->id, dist);
	if (!game_units_within(r, m, GEOM_CONTACT))
		bridge_engage(g, reactor, mover, -1);
	*contact = true;
	if (unit_is_artillery(m)) {
		react_eliminate(g, mover, "guns caught on the move by an opportunity charge are overrun");
		unit_set_marker(r, MK_WHITE, true);
		game_log(g, "%s obtains a break-through.", r->id);
	}
	event_unit_changed(g, reactor);
	return 0;
}


/* How an offer went. */
enum offered {
	OFFER_PASSED,  /* the side let the mover pass */
	OFFER_TRIED,   /* it tried and failed (or could not after all) */
	OFFER_HOME,    /* it charged into contact: the move is over */
};

/* Offer a reactor its chance where the mover now is (again: why it is
 * offered it a second time, or NULL).  *flank: whether its charge from
 * here would outflank the mover.  Returns 0 or REACT_QUIT. */
static int offer(struct game *g, struct controller **ctl, int reactor, int mover, bool counter,
                 const char *again, enum offered *how, bool *flank)
{
	struct unit *r = &g->units[reactor], *m = &g->units[mover];
	struct decision d = { .kind = counter ? DK_COUNTER : DK_OPPORTUNITY, .side = r->side,
	                      .unit = reactor, .other = mover };
	char q[MSG_LEN];
	double facing, dist;
	bool contact;
	*how = OFFER_TRIED;
	if (can_intercept(g, reactor, mover, counter, &facing, &dist, NULL) != CHANCE_OK)
		return 0;
	*flank = outflanks_from(g, reactor, mover, facing, dist);
	if (!counter && command_status(g, r, NULL) == CS_CAUTIOUS)
		/* Two throws: the cautious unit's test to charge at all, then the
		 * opportunity charge's own (intercept). */
		snprintf(q, sizeof q, "%s may opportunity-charge %s moving %.0f cm away%s (in command but "
		         "cautious: %dD6 >= %d to charge at all, then %dD6 >= %d for the opportunity charge)?",
		         r->id, m->id, game_unit_distance(r, m), again ? again : "", rules_dice.test,
		         rules_quality[r->rating], rules_dice.test, rules_quality[r->rating]);
	else if (!counter)
		snprintf(q, sizeof q, "%s may opportunity-charge %s moving %.0f cm away%s (%dD6 >= %d)?", r->id,
		         m->id, game_unit_distance(r, m), again ? again : "", rules_dice.test, rules_quality[r->rating]);
	else if (command_status(g, r, NULL) == CS_CAUTIOUS)
		snprintf(q, sizeof q, "%s is charged by %s: counter-charge it%s (in command but cautious: "
		         "%dD6 >= %d first, as before any charge)?", r->id, m->id, again ? again : "",
		         rules_dice.test, rules_quality[r->rating]);
	else
		snprintf(q, sizeof q, "%s is charged by %s: counter-charge it%s (no test)?", r->id, m->id,
		         again ? again : "");
	d.question = q;
	decision_option(&d, "no", "let it pass", 0, 0);
	decision_option(&d, "charge", counter ? "counter-charge" : "opportunity-charge", 0, 0);
	if (game_decide(g, ctl, &d) < 0)
		return REACT_QUIT;
	if (d.choice != 1) {
		*how = OFFER_PASSED;
		return 0;
	}
	intercept(g, ctl, reactor, mover, counter, &contact);
	if (contact)
		*how = OFFER_HOME;
	return 0;
}

/* A move under way: the mover's footprint where it set off, its way, and
 * the target of its charge (or -1). */
struct way {
	int mover, target;
	struct obb start;
	struct vec2 dir;
	double dist;
};

/* Put the mover at t along its way. */
static void mover_at(struct game *g, const struct way *w, double t)
{
	g->units[w->mover].pos = move_shift(w->start, w->dir, t).c;
	grid_moved(g, w->mover);
}

static bool within_at(const struct game *g, const struct way *w, int reactor, double t, double range)
{
	struct obb b = move_shift(w->start, w->dir, t);
	struct vec2 bb[4], rb[4];
	struct shape s = geom_obb_shape(&b, bb), rs = unit_shape(&g->units[reactor], rb);
	return geom_distance(&s, &rs) <= range;
}

/* The first point from t on where the mover is within range of the
 * reactor, or INFINITY: a coarse walk, then bisection on the exact
 * distance (it is convex in t for convex shapes, so the points within
 * range are one stretch of the way). */
static double reach_from(const struct game *g, const struct way *w, int reactor, double t, double range)
{
	double lo = t, hi = INFINITY;
	if (!game_units_within(&g->units[reactor], &g->units[w->mover], range + (w->dist - t)))
		return INFINITY;
	if (within_at(g, w, reactor, t, range))
		return t;
	for (double step = t; step <= w->dist + 1e-9; step += 0.25) {
		double at = step > w->dist ? w->dist : step;
		if (within_at(g, w, reactor, at, range)) {
			hi = at;
			break;
		}
		lo = at;
		if (at >= w->dist)
			return INFINITY;
	}
	if (isinf(hi))
		return INFINITY;
	while (hi - lo > 1e-3) {
		double mid = (lo + hi) / 2;
		if (within_at(g, w, reactor, mid, range))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* Whether the mover, where it now is, is passing through a friend: no
 * charge may reach it there without touching that friend too ("a unit
 * cannot charge ... into any unit but its target"), and a mover caught
 * there would be left interpenetrated with it. */
static bool passing_friend(const struct game *g, int mover)
{
	const struct unit *m = &g->units[mover];
	struct vec2 mb[4];
	struct shape ms = unit_shape(m, mb);
	struct index_set near = { 0 };
	bool passing = false;
	grid_units_near(g, mover, 0, &near);
	for (int k = 0; k < near.n && !passing; k++) {
		int i = near.idx[k];
		const struct unit *o = &g->units[i];
		struct vec2 ob[4];
		struct shape os;
		if (i == mover || o->side != m->side || !unit_present(o) || !game_units_within(m, o, 0))
			continue;
		os = unit_shape(o, ob);
		passing = geom_overlap(&ms, &os);
	}
	index_set_free(&near);
	return passing;
}

/* The reactor's chance with the mover at t; with flank, only a charge
 * that would outflank the mover counts. */
static enum chance chance_at(struct game *g, const struct way *w, int reactor, double t, bool flank,
                             struct aim_blockers *known)
{
	double facing, dist;
	enum chance c;
	mover_at(g, w, t);
	if (passing_friend(g, w->mover))
		return CHANCE_NONE;
	c = can_intercept(g, reactor, w->mover, reactor == w->target, &facing, &dist, known);
	if (c == CHANCE_OK && flank && !outflanks_from(g, reactor, w->mover, facing, dist))
		c = CHANCE_NONE;
	return c;
}

/* The first point of the way from t on where the reactor has a chance
 * (*what: which), or INFINITY: every 0.25 cm while the mover is within
 * its reach, then the earliest point to a thousandth of a cm. */
static double next_chance(struct game *g, const struct way *w, int reactor, double t, bool flank,
                          enum chance *what)
{
	double range = react_range(&g->units[reactor]), prev = -1, lo, hi;
	enum chance c;
	struct vec2 keep = g->units[w->mover].pos;
	/* Only the mover moves from one point to the next: what blocked the
	 * reactor's lanes at one blocks them at the next. */
	struct aim_blockers known = { 0 };
	t = reach_from(g, w, reactor, t, range);
	while (!isinf(t) && (c = chance_at(g, w, reactor, t, flank, &known)) == CHANCE_NONE) {
		prev = t;
		t = t >= w->dist ? INFINITY : fmin(t + 0.25, w->dist);
		if (!isinf(t) && !within_at(g, w, reactor, t, range))
			t = INFINITY;
	}
	if (!isinf(t) && prev >= 0) {
		for (lo = prev, hi = t; hi - lo > 1e-3;) {
			double mid = (lo + hi) / 2;
			enum chance cm = chance_at(g, w, reactor, mid, flank, &known);
			if (cm == CHANCE_NONE) {
				lo = mid;
			} else {
				hi = mid;
				c = cm;
			}
		}
		t = hi;
	}
	g->units[w->mover].pos = keep;
	grid_moved(g, w->mover);
	*what = isinf(t) ? CHANCE_NONE : c;
	return t;
}

/* Each enemy unit's chances during one move ("at any point ... whilst
 * ever the target unit is within" reach).  It is offered the charge at
 * the first point of the move from which it can make it; having let the
 * mover pass, it is offered it again at the first later point from which
 * its charge would outflank the mover when it would not have at the last
 * offer, and where the move ends (not where a charge ends: the target's
 * reactions meet it there).  A unit that would have a chance but for its
 * contact with the enemy is told so once. */
enum stage { ST_NEW, ST_PASSED, ST_OVER };
struct chances {
	enum stage stage;
	bool flank;        /* its last offer's charge would have outflanked */
	double last;       /* where it was last offered */
	double at;         /* its next chance (INFINITY: none), < 0: not known */
	enum chance what;  /* what it has there */
};

/* The unit with the earliest next chance (ties: the first in the
 * table), or -1.  ch[k] is unit who[k]'s, in unit order. */
static int next_reactor(struct game *g, const struct way *w, struct chances *ch, const int *who, int n,
                        double t)
{
	int next = -1;
	for (int k = 0; k < n; k++) {
		int i = who[k];
		struct chances *c = &ch[k];
		if (c->stage == ST_OVER || (c->stage == ST_PASSED && c->flank))
			continue;
		/* Once let pass, only a later point can be better. */
		if (c->at < 0 && c->stage == ST_PASSED)
			c->at = c->last + 1e-3 > w->dist ? INFINITY
			                                 : next_chance(g, w, i, fmax(t, c->last + 1e-3), true, &c->what);
		else if (c->at < 0)
			c->at = next_chance(g, w, i, t, false, &c->what);
		/* Where a charge reaches its target, the target's reactions
		 * to its arrival are next. */
		if (i == w->target && c->at >= w->dist - 1e-9)
			c->at = INFINITY;
		if (!isinf(c->at) && (next < 0 || c->at < ch[next].at))
			next = k;
	}
	return next;
}

/* The offers of one move: each reactor's chances in turn (ch[k] is unit
 * who[k]'s, in unit order); then those let pass are offered it again where
 * it stops. */
static int moving_offers(struct game *g, struct controller **ctl, struct way *w, struct chances *ch,
                         const int *who, int n, double *moved, bool *caught)
{
	int mover = w->mover, target = w->target, k;
	struct unit *m = &g->units[mover];
	double t = 0;
	bool charging = target >= 0;
	while ((k = next_reactor(g, w, ch, who, n, t)) >= 0) {
		struct chances *c = &ch[k];
		int next = who[k];
		enum offered how;
		t = c->at;
		mover_at(g, w, t);
		c->at = -1;
		if (c->what == CHANCE_CONTACT) {
			c->stage = ST_OVER;
			game_log(g, "%s, in contact with %s, may not %s %s: a unit in base-to-base contact "
			         "with the enemy awaits hand-to-hand combat and cannot charge.", g->units[next].id,
			         g->units[engaged_except(g, next, mover)].id,
			         next == target ? "counter-charge" : "opportunity-charge", m->id);
			continue;
		}
		if (offer(g, ctl, next, mover, next == target,
		          c->stage == ST_PASSED ? ", again: now its charge would outflank it" : NULL, &how,
		          &c->flank) == REACT_QUIT)
			return REACT_QUIT;
		if (how == OFFER_HOME) {
			command_stands_in_the_way(g, mover, w->start, w->dir, t, charging && unit_is_cavalry(m));
			*moved = t;
			*caught = true;
			return 0;
		}
		c->last = t;
		c->stage = how == OFFER_PASSED ? ST_PASSED : ST_OVER;
		/* A unit that tried has turned: everybody's chances change, and
		 * the mover's way may now run into it, where it stops. */
		if (how == OFFER_TRIED) {
			for (int i = 0; i < n; i++)
				ch[i].at = -1;
			{
				/* A charge meets its target where the target now stands;
				 * anything else that turned into the way stops the mover. */
				struct obb here = move_shift(w->start, w->dir, t);
				double free = move_clear_of(g, &here, w->dir, w->dist - t, next);
				if (t + free < w->dist - 1e-9) {
					w->dist = t + free;
					if (next != target)
						game_log(g, "%s, turned to charge, now stands in %s's way.", g->units[next].id,
						         m->id);
				}
			}
		}
	}
	mover_at(g, w, w->dist);
	*moved = w->dist;
	command_stands_in_the_way(g, mover, w->start, w->dir, w->dist, charging && unit_is_cavalry(m));
	if (charging)
		return 0;
	for (k = 0; k < n && m->state == US_ACTIVE; k++) {
		enum offered how;
		bool flank;
		if (ch[k].stage != ST_PASSED || ch[k].last >= w->dist - 1e-9)
			continue;
		if (offer(g, ctl, who[k], mover, false, ", again where it stops", &how, &flank) == REACT_QUIT)
			return REACT_QUIT;
		if (how == OFFER_HOME) {
			*caught = true;
			return 0;
		}
	}
	return 0;
}

int react_moving(struct game *g, struct controller **ctl, int mover, struct vec2 dir,
                 double dist, int target, double *moved, bool *caught)
{
	struct unit *m = &g->units[mover];
	struct way w = { .mover = mover, .target = target, .start = unit_footprint(m), .dir = dir,
	                 .dist = dist };
	struct chances *ch;
	struct index_set who = { 0 };
	int k, r;

	*moved = 0;
	*caught = false;
	/* Only a unit within reach of some point of the way can react. */
	{
		struct vec2 sb[4];
		struct shape start = geom_obb_shape(&w.start, sb);
		double reach = fmax(rules_react.opportunity_cav, rules_react.opportunity_inf);
		grid_units_shape(g, &start, reach + (dist > 0 ? dist : 0) + 0.01, &who);
	}
	ch = calloc((size_t)who.n + 1, sizeof *ch);
	if (!ch) {
		index_set_free(&who);
		return 0;
	}
	for (k = 0; k < who.n; k++) {
		const struct unit *u = &g->units[who.idx[k]];
		bool may = u->state == US_ACTIVE && u->side != m->side && unit_formed(u) &&
		           !unit_is_artillery(u) && !unit_has_marker(u, MK_BLUE);
		ch[k] = (struct chances){ .stage = may ? ST_NEW : ST_OVER, .at = -1 };
	}
	r = moving_offers(g, ctl, &w, ch, who.idx, who.n, moved, caught);
	free(ch);
	index_set_free(&who);
	return r;
}
