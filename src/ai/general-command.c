/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general-command: the computer opponent's initiative: where its corps and
 * division commanders go to keep most units in command, which division
 * marches or which brigade acts, and the brigade commander's place before
 * its units move. */
#include "config.h"

#include <math.h>

#include "engine/command.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "estimate.h"
#include "general-int.h"
#include "tie.h"
#include "tuning.h"

/* ------------------------------------------------------------------ */
/* Commanders */

/* How many of a side's units (of a division, div >= 0; of a brigade
 * counting more, brig >= 0) a commander would keep in command from a
 * place: 1 for each in command, a half for each cautious. */
static double command_count(const struct ai_tuning *tune, struct game *g, int k, struct vec2 at, int div, int brig)
{
	struct commander *c = &g->cmdrs[k];
	struct vec2 keep = c->pos;
	double n = 0;
	c->pos = at;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		enum cmd_status st;
		double w;
		if (u->side != c->side || !general_active(u) || (div >= 0 && unit_division(g, u) != div))
			continue;
		w = u->brigade == brig ? tune->brigade_counts : 1;
		st = command_status(g, u, NULL);
		n += st == CS_IN_COMMAND ? w : st == CS_CAUTIOUS ? w / 2 : 0;
	}
	c->pos = keep;
	return n;
}

/* Is a command stand safe there: no enemy within cm (closer, a move
 * makes it evade and lose its radius, a charge overruns it)? */
static bool stand_safe(const struct game *g, enum side side, struct vec2 at, double within)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct vec2 b[4];
		struct shape us, cs;
		struct commander probe = { .pos = at };
		if (u->side == side || !general_active(u) || v2_dist(u->pos, at) > within + 12)
			continue;
		us = unit_shape(u, b);
		cs = commander_shape(&probe);
		if (geom_distance(&us, &cs) < within)
			return false;
	}
	return true;
}

/* The centre of a corps' units still fighting (a side may have several
 * corps, each with its own commander). */
static bool corps_centroid(const struct game *g, int corps, struct vec2 *c)
{
	int n = 0;
	*c = v2(0, 0);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (!general_active(u) || unit_corps(g, u) != corps)
			continue;
		*c = v2_add(*c, u->pos);
		n++;
	}
	if (n)
		*c = v2_scale(*c, 1.0 / n);
	return n > 0;
}

/* Move a corps or division stand (k) where it keeps most units in
 * command: among the middles of its division, of the brigade about to
 * act and of the units now out of command, and points between, the best
 * it can reach safely.  False when staying is as good. */
static bool place_commander(struct general_ai *ai, struct game *g, enum side side, int k, int div, int brig,
                            struct order *o)
{
	struct commander *c = &g->cmdrs[k];
	struct vec2 spots[8], mid;
	int n = 0;
	const struct ai_tuning *tune = ai->tune;
	double here, best;
	if (c->state != US_ACTIVE || c->attached >= 0 || c->moved_turn == g->turn)
		return false;
	if (div < 0 && c->level == CL_CORPS ? corps_centroid(g, c->of, &mid) : general_centroid(g, side, div, &mid))
		spots[n++] = mid;
	if (brig >= 0) {
		struct vec2 b = v2(0, 0);
		int m = 0;
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].brigade == brig && general_active(&g->units[i])) {
				b = v2_add(b, g->units[i].pos);
				m++;
			}
		if (m)
			spots[n++] = v2_scale(b, 1.0 / m);
	}
	{
		/* Toward the units it has lost touch with. */
		struct vec2 b = v2(0, 0);
		int m = 0;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			if (u->side == side && general_active(u) && (div < 0 || unit_division(g, u) == div) &&
			    (c->level != CL_CORPS || unit_corps(g, u) == c->of) &&
			    command_status(g, u, NULL) != CS_IN_COMMAND) {
				b = v2_add(b, u->pos);
				m++;
			}
		}
		if (m)
			spots[n++] = v2_scale(b, 1.0 / m);
	}
	for (int i = 0, m = n; i < m && n < 8; i++)
		spots[n++] = v2_scale(v2_add(spots[i], c->pos), 0.5);
	here = best = command_count(tune, g, k, c->pos, div, brig) +
	              (stand_safe(g, side, c->pos, tune->stand_clear) ? 0 : -tune->stand_unsafe);
	for (int i = 0; i < n; i++) {
		struct vec2 to = spots[i];
		double v, len = v2_dist(to, c->pos);
		struct order t;
		/* A stand rides at most 36 cm. */
		if (len > rules_command.stand_move - 0.5)
			to = v2_add(c->pos, v2_scale(v2_sub(to, c->pos), (rules_command.stand_move - 0.5) / len));
		if (!stand_safe(g, side, to, tune->stand_clear))
			continue;
		v = command_count(tune, g, k, to, div, brig);
		if (v <= best + tune->stand_gain)
			continue;
		t = order_new(ORD_CMOVE);
		t.unit = k;
		t.npts = 1;
		t.pts[0] = to;
		if (!drill_try(g, side, &t))
			continue;
		best = v;
		*o = t;
	}
	return best > here + tune->stand_gain;
}

/* Before a brigade acts: its commander attaches to the unit that most
 * needs him (one that would be out of command or cautious, the nearer the
 * enemy the more), or moves up toward it. */
bool general_brigade_commander(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	int b = g->active_brigade, k, need = -1, ties = 0;
	const struct ai_tuning *tune = ai->tune;
	struct commander *c;
	double worst = 0;
	if (b < 0 || g->divmove >= 0 || !tune->commanders || (k = g->brigs[b].commander) < 0 || k >= g->ncmdrs)
		return false;
	c = &g->cmdrs[k];
	if (c->state != US_ACTIVE)
		return false;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		enum cmd_status st;
		double d, want;
		if (u->brigade != b || !general_active(u) || (u->acted & UA_STARTED))
			continue;
		if (c->attached == i)
			continue;
		st = command_status(g, u, NULL);
		if (c->attached >= 0) {
			/* Count it as it would be without him. */
			int keep = c->attached;
			c->attached = -1;
			st = command_status(g, u, NULL);
			c->attached = keep;
		}
		if (st == CS_IN_COMMAND)
			continue;
		est_nearest_enemy(g, u, &d);
		want = (st == CS_NOT_IN_COMMAND ? tune->attach_out : 1) * (1 + tune->attach_enemy / (d + tune->attach_soft));
		if (want > worst) {
			worst = want;
			need = i;
			ties = 1;
		} else if (want == worst && need >= 0 && ai_tie(g, &ties)) {
			need = i;
		}
	}
	if (need < 0)
		return false;
	if (c->attached >= 0) {
		/* Still needed where he is? Then he stays. */
		int keep = c->attached;
		enum cmd_status st;
		c->attached = -1;
		st = command_status(g, &g->units[keep], NULL);
		c->attached = keep;
		if (st != CS_IN_COMMAND)
			return false;
		*o = order_new(ORD_DETACH);
		o->unit = k;
		return drill_try(g, side, o);
	}
	*o = order_new(ORD_ATTACH);
	o->unit = k;
	o->target = need;
	if (drill_try(g, side, o))
		return true;
	if (c->moved_init == g->initiatives)
		return false;
	/* Out of reach: ride up behind it, to attach next time. */
	{
		const struct unit *u = &g->units[need];
		struct vec2 to = v2_add(u->pos, v2_scale(geom_dir(u->facing), -tune->ride_behind));
		double len = v2_dist(to, c->pos);
		if (len < 1)
			return false;
		if (len > rules_command.stand_move - 0.5)
			to = v2_add(c->pos, v2_scale(v2_sub(to, c->pos), (rules_command.stand_move - 0.5) / len));
		*o = order_new(ORD_CMOVE);
		o->unit = k;
		o->npts = 1;
		o->pts[0] = to;
		return stand_safe(g, side, to, tune->stand_clear) && drill_try(g, side, o);
	}
}

/* ------------------------------------------------------------------ */
/* Choosing the brigade */

static double brigade_stake(struct general_ai *ai, struct game *g, int b)
{
	const struct ai_tuning *tune = ai->tune;
	double stake = 0;
	int div = g->brigs[b].division;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const struct move_allowance *ma;
		double d;
		int e;
		if (u->brigade != b || !general_active(u))
			continue;
		e = est_nearest_enemy(g, u, &d);
		if (e < 0)
			continue;
		/* Threatened units, and units that can hurt someone now. */
		if (d < tune->stake_threat_within)
			stake += tune->stake_threat;
		else if (d < tune->stake_near_within)
			stake += tune->stake_near;
		ma = rules_move_for(u->type, u->form);
		if (unit_is_cavalry(u) && ma && d < ma->charge &&
		    g->units[e].form != FORM_SQUARE && g->units[e].form != FORM_ESQUARE && !unit_is_cavalry(&g->units[e]))
			stake += tune->stake_cavalry;
		if (unit_is_artillery(u) && d < rules_fire.art_range[RANGE_MEDIUM])
			stake += tune->stake_guns;
	}
	if (div >= 0 && div < g->ndivs)
		stake += ai->plan[div].role == ROLE_ATTACK    ? tune->stake_attack
		         : ai->plan[div].role == ROLE_RESERVE ? tune->stake_reserve
		                                              : 0;
	return stake;
}

/* A division not yet used this Turn that is to attack or move up marches
 * as a whole (a division manoeuvre: 36 cm with no enemy within 36, else
 * 24) while none of its units is within 18 cm of the enemy (the rules
 * allow it from 12) and none has reached its goal.  Brigade by brigade it
 * would go 6 cm at a time: too slow to bring up a corps arriving piecemeal. */
static int division_to_march(struct general_ai *ai, struct game *g, enum side side)
{
	for (int d = 0; d < g->ndivs; d++) {
		struct order o;
		double nearest = INFINITY;
		bool any = false;
		if (division_side(g, d) != side || ai->plan[d].role == ROLE_HOLD)
			continue;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			double dist;
			if (u->side != side || !general_active(u) || unit_division(g, u) != d)
				continue;
			any = true;
			est_nearest_enemy(g, u, &dist);
			nearest = fmin(nearest, dist);
			if (v2_dist(u->pos, ai->plan[d].goal) < ai->tune->march_there)
				nearest = 0; /* already there */
		}
		if (!any || nearest < rules_division_move.blocked_within + ai->tune->march_clear)
			continue;
		o = order_new(ORD_DIVMOVE);
		o.target = d;
		if (drill_try(g, side, &o))
			return d;
	}
	return -1;
}


/* ------------------------------------------------------------------ */
/* The initiative */

void general_initiative(struct general_ai *ai, struct game *g, enum side side, struct order *o)
{
	const struct ai_tuning *tune = ai->tune;
	int best = -1, march, ties = 0;
	/* A division stand that has moved binds the initiative to its
	 * division. */
	int bound = seq_pending_division(g, side);
	double bs = -INFINITY;
	/* The corps commanders first, each where he keeps most of his corps
	 * in command. */
	for (int c = 0; c < g->ncorps; c++)
		if (tune->commanders && bound < 0 && g->corps[c].side == side && g->corps[c].commander >= 0 &&
		    place_commander(ai, g, side, g->corps[c].commander, -1, -1, o))
			return;
	if (tune->march && (march = division_to_march(ai, g, side)) >= 0 &&
	    (bound < 0 || bound == march)) {
		if (g->divs[march].commander >= 0 &&
		    place_commander(ai, g, side, g->divs[march].commander, march, -1, o))
			return;
		*o = order_new(ORD_DIVMOVE);
		o->target = march;
		return;
	}
	for (int b = 0; b < g->nbrigs; b++) {
		double s;
		if (brigade_side(g, b) != side || !seq_brigade_available(g, b) ||
		    (bound >= 0 && g->brigs[b].division != bound))
			continue;
		s = !tune->by_stake ? -b : brigade_stake(ai, g, b);
		if (s > bs) {
			bs = s;
			best = b;
			ties = 1;
		} else if (s == bs && best >= 0 && ai_tie(g, &ties)) {
			best = b; /* as much at stake: one drawn */
		}
	}
	if (best >= 0) {
		int div = g->brigs[best].division;
		if (tune->commanders && div >= 0 && g->divs[div].commander >= 0 &&
		    place_commander(ai, g, side, g->divs[div].commander, div, best, o))
			return;
		*o = order_new(ORD_BRIGADE);
		o->target = best;
		return;
	}
	*o = order_new(ORD_END);
}
