/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general-command: the computer opponent's initiative: where its corps and
 * division commanders go to keep most units in command, which division
 * marches or which brigade acts, and the brigade commander's place before
 * its units move. */
#include "config.h"

#include <math.h>

#include "engine/command.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "estimate.h"
#include "general-int.h"
#include "tie.h"
#include "tuning.h"

/* ------------------------------------------------------------------ */
/* Commanders */

/* What a unit's command is worth to a commander's count: 1 in command, a
 * half cautious (more for the units of brigade brig). */
static double command_worth(const struct ai_tuning *tune, const struct unit *u, enum cmd_status st, int brig)
{
	double w = u->brigade == brig ? tune->brigade_counts : 1;
	return st == CS_IN_COMMAND ? w : st == CS_CAUTIOUS ? w / 2 : 0;
}

/* A unit's command were commander c off the field: from its other stand
 * only. */
static enum cmd_status command_without(struct game *g, struct commander *c, const struct unit *u)
{
	enum unit_state keep = c->state;
	enum cmd_status st;
	c->state = US_RESERVE;
	st = command_status(g, u, NULL);
	c->state = keep;
	return st;
}

static bool counted(const struct game *g, const struct commander *c, const struct unit *u, int div)
{
	return u->side == c->side && general_active(u) && (div < 0 || unit_division(g, u) == div);
}

/* How many of a side's units (of a division, div >= 0; of a brigade
 * counting more, brig >= 0) a commander would keep in command from a
 * place: 1 for each in command, a half for each cautious.  base: the
 * count were he off the field; only the units within his reach of the
 * place can count otherwise.  (The weights are halves and wholes: every
 * sum is exact, in whatever order.) */
static double command_count(const struct ai_tuning *tune, struct game *g, int k, struct vec2 at, int div, int brig,
                            double base)
{
	struct commander *c = &g->cmdrs[k];
	struct vec2 keep = c->pos;
	struct index_set near = { 0 };
	double n = base, box[4] = { at.x, at.y, at.x, at.y };
	c->pos = at;
	grid_units_box(g, box, fmax(commander_radius(c), rules_command.cautious_limit) + rules_stand[ARM_COMMAND].w / 2,
	               &near);
	for (int q = 0; q < near.n; q++) {
		const struct unit *u = &g->units[near.idx[q]];
		if (counted(g, c, u, div))
			n += command_worth(tune, u, command_status(g, u, NULL), brig) -
			     command_worth(tune, u, command_without(g, c, u), brig);
	}
	index_set_free(&near);
	c->pos = keep;
	return n;
}

/* Is a command stand safe there: no enemy within cm (closer, a move
 * makes it evade and lose its radius, a charge overruns it)? */
static bool stand_safe(const struct game *g, enum side side, struct vec2 at, double within)
{
	struct index_set near = { 0 };
	double box[4] = { at.x, at.y, at.x, at.y };
	bool safe = true;
	grid_units_box(g, box, within + 12, &near);
	for (int q = 0; q < near.n && safe; q++) {
		const struct unit *u = &g->units[near.idx[q]];
		struct vec2 b[4];
		struct shape us, cs;
		struct commander probe = { .pos = at };
		if (u->side == side || !general_active(u) || v2_dist(u->pos, at) > within + 12)
			continue;
		us = unit_shape(u, b);
		cs = commander_shape(&probe);
		safe = geom_distance(&us, &cs) >= within;
	}
	index_set_free(&near);
	return safe;
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
static bool commander_spot(struct general_ai *ai, struct game *g, enum side side, int k, int div, int brig,
                           struct order *o)
{
	struct commander *c = &g->cmdrs[k];
	struct vec2 spots[8], mid;
	int n = 0;
	const struct ai_tuning *tune = ai->tune;
	double here, best, base = 0;
	if (c->state != US_ACTIVE || c->attached >= 0 || c->moved_turn == g->turn)
		return false;
	if (div < 0 && c->level == CL_CORPS ? corps_centroid(g, c->of, &mid) : general_centroid(g, side, div, &mid))
		spots[n++] = mid;
	if (brig >= 0) {
		struct vec2 b = v2(0, 0);
		int m = 0, nu;
		const int *us = grid_brigade_units(g, brig, &nu);
		for (int q = 0; q < nu; q++) {
			int i = us ? us[q] : q;
			if (g->units[i].brigade == brig && general_active(&g->units[i])) {
				b = v2_add(b, g->units[i].pos);
				m++;
			}
		}
		if (m)
			spots[n++] = v2_scale(b, 1.0 / m);
	}
	{
		/* Toward the units it has lost touch with; and the count were
		 * he off the field. */
		struct vec2 b = v2(0, 0);
		int m = 0, nu;
		const int *us = grid_division_units(g, div, &nu);
		for (int q = 0; q < nu; q++) {
			const struct unit *u = &g->units[us ? us[q] : q];
			if (counted(g, c, u, div))
				base += command_worth(tune, u, command_without(g, c, u), brig);
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
	here = best = command_count(tune, g, k, c->pos, div, brig, base) +
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
		v = command_count(tune, g, k, to, div, brig, base);
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

/* (Only the commander's stand is moved, and put back: the spatial index
 * of the units is held while he looks.) */
static bool place_commander(struct general_ai *ai, struct game *g, enum side side, int k, int div, int brig,
                            struct order *o)
{
	bool r;
	grid_hold(g);
	r = commander_spot(ai, g, side, k, div, brig, o);
	grid_release(g);
	return r;
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
	int div = g->brigs[b].division, nu;
	const int *us = grid_brigade_units(g, b, &nu);
	for (int k = 0; k < nu; k++) {
		const struct unit *u = &g->units[us ? us[k] : k];
		const struct move_allowance *ma;
		double d, counts;
		int e;
		if (u->brigade != b || !general_active(u))
			continue;
		/* (An enemy further than every distance below counts for nothing.) */
		ma = rules_move_for(u->type, u->form);
		counts = fmax(tune->stake_threat_within, tune->stake_near_within);
		if (unit_is_cavalry(u) && ma)
			counts = fmax(counts, ma->charge);
		if (unit_is_artillery(u))
			counts = fmax(counts, rules_fire.art_range[RANGE_MEDIUM]);
		e = est_nearest_enemy_within(g, u, counts, &d);
		if (e < 0)
			continue;
		/* Threatened units, and units that can hurt someone now. */
		if (d < tune->stake_threat_within)
			stake += tune->stake_threat;
		else if (d < tune->stake_near_within)
			stake += tune->stake_near;
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
static int march_pick(struct general_ai *ai, struct game *g, enum side side)
{
	for (int d = 0; d < g->ndivs; d++) {
		struct order o;
		double nearest = INFINITY;
		bool any = false;
		int nu;
		const int *us = grid_division_units(g, d, &nu);
		double clear = rules_division_move.blocked_within + ai->tune->march_clear;
		if (division_side(g, d) != side || ai->plan[d].role == ROLE_HOLD)
			continue;
		/* (Once one unit is too near, the division stays.) */
		for (int k = 0; k < nu && !(any && nearest < clear); k++) {
			const struct unit *u = &g->units[us ? us[k] : k];
			double dist;
			if (u->side != side || !general_active(u) || unit_division(g, u) != d)
				continue;
			any = true;
			est_nearest_enemy_within(g, u, clear, &dist);
			nearest = fmin(nearest, dist);
			if (v2_dist(u->pos, ai->plan[d].goal) < ai->tune->march_there)
				nearest = 0; /* already there */
		}
		if (!any || nearest < clear)
			continue;
		o = order_new(ORD_DIVMOVE);
		o.target = d;
		if (drill_try(g, side, &o))
			return d;
	}
	return -1;
}

/* (Nothing here sets a unit down anywhere: the spatial index is held,
 * and its many queries need not look for moves.) */
static int division_to_march(struct general_ai *ai, struct game *g, enum side side)
{
	int d;
	grid_hold(g);
	d = march_pick(ai, g, side);
	grid_release(g);
	return d;
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
	if (ai->pick != PICK_NONE && ai->pick_init == g->initiatives) {
		/* The search's choice (search.c). */
		int div = ai->pick >= 0 ? g->brigs[ai->pick].division : -2 - ai->pick;
		if (div >= 0 && (tune->commanders || ai->pick < 0) && g->divs[div].commander >= 0 &&
		    place_commander(ai, g, side, g->divs[div].commander, div, ai->pick >= 0 ? ai->pick : -1, o))
			return;
		*o = order_new(ai->pick >= 0 ? ORD_BRIGADE : ORD_DIVMOVE);
		o->target = ai->pick >= 0 ? ai->pick : div;
		return;
	}
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

int general_choices(struct general_ai *ai, struct game *g, enum side side, int *out, int max)
{
	int bound = seq_pending_division(g, side), march, n = 0;
	double stake[GENERAL_CHOICES_MAX];
	if (max > GENERAL_CHOICES_MAX)
		max = GENERAL_CHOICES_MAX;
	if (max < 1)
		return 0;
	if (ai->tune->march && (march = division_to_march(ai, g, side)) >= 0 && (bound < 0 || bound == march)) {
		out[n] = -2 - march;
		stake[n++] = INFINITY;
	}
	for (int b = 0; b < g->nbrigs; b++) {
		double s;
		int j;
		if (brigade_side(g, b) != side || !seq_brigade_available(g, b) ||
		    (bound >= 0 && g->brigs[b].division != bound))
			continue;
		s = !ai->tune->by_stake ? -b : brigade_stake(ai, g, b);
		if (n == max && s <= stake[n - 1])
			continue;
		for (j = n < max ? n++ : n - 1; j > 0 && stake[j - 1] < s; j--) {
			stake[j] = stake[j - 1];
			out[j] = out[j - 1];
		}
		stake[j] = s;
		out[j] = b;
	}
	return n;
}
