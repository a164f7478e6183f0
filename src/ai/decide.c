/* SPDX-License-Identifier: GPL-3.0-or-later */
/* decide: the computer opponent's answer to every decision the rules give
 * a side while the other acts (reactions, feints, return and suppression
 * fire, joining in, splits, break-throughs).  Each option is weighed with
 * the rules' dice (estimate.c), paths are checked with the engine's own
 * sweeps, and the option worth most to the side is taken. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ai.h"
#include "decide.h"
#include "engine/command.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/melee.h"
#include "engine/move.h"
#include "engine/odds.h"
#include "engine/orbat.h"
#include "engine/rules.h"
#include "estimate.h"
#include "search.h"
#include "tie.h"
#include "tuning.h"

static int option(const struct decision *d, const char *key)
{
	for (int i = 0; i < d->nopts; i++)
		if (strcmp(d->opt[i].key, key) == 0)
			return i;
	return -1;
}

static int choose(struct decision *d, int k, double value)
{
	if (k < 0 || k >= d->nopts)
		k = 0;
	d->choice = k;
	d->value = fmin(fmax(value, d->opt[k].lo), d->opt[k].hi > d->opt[k].lo ? d->opt[k].hi : d->opt[k].lo);
	return 0;
}

static bool is_square(const struct unit *u)
{
	return u->form == FORM_SQUARE || u->form == FORM_ESQUARE;
}

/* Where a unit would be after going dist cm along dir (it stops short of
 * anything in its way, as a rally does); the distance it gets. */
static double clear_run(const struct game *g, int unit, struct vec2 dir, double dist)
{
	const struct unit *u = &g->units[unit];
	struct obb fp = unit_footprint(u);
	struct mover m;
	struct sweep s;
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	move_sweep(g, &m, &fp, fp.c, dir, dist, INFINITY, false, &s);
	return s.dist;
}

/* The harm the enemy could do to a unit set at a place and facing. */
static double threat_at(struct game *g, int unit, struct vec2 pos, double facing)
{
	struct unit *u = &g->units[unit], keep = *u;
	double t;
	u->pos = pos;
	u->facing = facing;
	grid_moved(g, unit);
	t = est_threat(g, unit, NULL, NULL);
	*u = keep;
	grid_moved(g, unit);
	return t;
}

/* A charge coming at us (m, charging unit us): what standing to receive
 * it is worth to us, our reactions at contact included. */
static double receive_charge(struct game *g, int m, int us)
{
	struct unit *um = &g->units[m], keep = *um;
	struct obb fp = unit_footprint(um);
	struct mover mv;
	struct sweep s;
	double v;
	move_mover_unit(g, m, TMODE_CHARGE, false, &mv);
	mv.target = us;
	mv.through_friends = false;
	{
		const struct move_allowance *ma = rules_move_for(um->type, um->form);
		double reach = ma && ma->charge > 0 ? ma->charge + 1 : 0;
		move_sweep(g, &mv, &fp, fp.c, geom_dir(um->facing), reach, INFINITY, false, &s);
	}
	if (s.why != STOP_TARGET)
		return 0;
	um->pos = move_shift(fp, geom_dir(um->facing), s.dist).c;
	um->acted |= UA_CHARGING;
	grid_moved(g, m);
	v = -est_arrival(g, m, us, um->charge_start, NULL, NULL);
	*um = keep;
	grid_moved(g, m);
	return v;
}

/* Counter-charge when meeting the charge is worth more than receiving
 * it.  A cautious unit may fail its test and receive it all the same:
 * with p its chance, p * meet + (1 - p) * receive > receive, where
 * est_reaction_charge already gives p * meet. */
static int decide_counter(struct game *g, struct decision *d)
{
	const struct unit *u = &g->units[d->unit];
	double p = command_status(g, u, NULL) == CS_CAUTIOUS ? odds_pass(u, 0) : 1;
	double receive = receive_charge(g, d->other, d->unit);
	bool meet = est_reaction_charge(g, d->unit, d->other, true) > p * receive;
	return choose(d, option(d, meet ? "charge" : "no"), 0);
}

/* Fall back (or flee) as far as the way is clear, or not at all: the
 * longest distance in [lo, hi] the unit survives, or -1. */
static double safe_distance(const struct game *g, int unit, int from, double lo, double hi, bool limbered)
{
	for (double d = hi; d >= lo - 1e-9; d -= (hi - lo) / 4 > 0.5 ? (hi - lo) / 4 : 0.5)
		if (est_away_clear(g, unit, from, d, limbered))
			return d;
	return -1;
}

/* Guns whose crews leave them for a square: lost if the square moves or
 * goes, so counted at a share of their worth (half, as tuned). */
static double abandoned_worth(const struct ai_tuning *tune, const struct game *g, const struct unit *guns)
{
	return -tune->abandoned * guns->sp * est_sp_worth(g, guns);
}

static int decide_artillery_charged(const struct ai_tuning *tune, struct game *g, struct decision *d)
{
	const struct unit *u = &g->units[d->unit];
	double best = -est_fight_value(g, d->other, d->unit), v;
	int k, pick = option(d, "stand");
	double value = 0;
	if ((k = option(d, "flee")) >= 0) {
		double dist = safe_distance(g, d->unit, d->other, d->opt[k].lo, d->opt[k].hi, true);
		double p = odds_pass(u, 0);
		v = -(1 - p) * est_whole_worth(g, u) - p * (dist < 0 ? est_whole_worth(g, u) : tune->fled);
		if (v > best) {
			best = v;
			pick = k;
			value = dist;
		}
	}
	if ((k = option(d, "crews")) >= 0 && (v = abandoned_worth(tune, g, u) - tune->crews_left) > best) {
		best = v;
		pick = k;
		value = 0;
	}
	return choose(d, pick, value);
}

static int decide_fallback(const struct ai_tuning *tune, struct game *g, struct decision *d)
{
	int k = option(d, "fallback");
	double stand = -est_fight_value(g, d->other, d->unit), dist;
	if (k < 0)
		return choose(d, option(d, "stand"), 0);
	dist = safe_distance(g, d->unit, d->other, d->opt[k].lo, d->opt[k].hi, false);
	/* Falling back gives the charger its break-through, nothing more. */
	if (dist >= 0 && -tune->fell_back > stand)
		return choose(d, k, dist);
	return choose(d, option(d, "stand"), 0);
}

static int decide_square(struct general_ai *ai, struct game *g, struct decision *d)
{
	const struct unit *u = &g->units[d->unit], *c = &g->units[d->other];
	struct est_charge e;
	if (!ai->tune->weigh_square)
		return choose(d, option(d, "square"), 0);
	if (game_units_within(u, c, GEOM_CONTACT)) {
		/* Reached: the cavalry's worth of trying against standing. */
		est_arrival(g, d->other, d->unit, c->charge_start, NULL, &e);
		return choose(d, option(d, e.tries_square ? "square" : "stand"), 0);
	}
	/* Nearby: failing costs nothing; a square is worth having while
	 * cavalry could charge it. */
	{
		struct est_threat t;
		est_threat(g, d->unit, NULL, &t);
		return choose(d, option(d, t.charger >= 0 && unit_is_cavalry(&g->units[t.charger]) ? "square" : "stand"), 0);
	}
}

static int decide_feint(const struct ai_tuning *tune, struct game *g, struct decision *d)
{
	int k = option(d, "feint");
	double fight = -INFINITY;
	if (k >= 0) {
		struct unit *s = &g->units[d->other];
		if (is_square(s))
			fight = est_fight_value(g, d->unit, d->other);
		if (fight < 0)
			for (double dist = d->opt[k].hi; dist >= d->opt[k].lo - 1e-9; dist -= tune->feint_step)
				if (est_feint_clear(g, d->unit, d->other, dist))
					return choose(d, k, dist);
	}
	return choose(d, option(d, "stand"), 0);
}

static int decide_feint_pivot(const struct ai_tuning *tune, struct game *g, struct decision *d)
{
	const struct unit *u = &g->units[d->unit];
	int k = option(d, "pivot"), e = -1;
	double best = INFINITY, turn;
	for (int i = 0; i < g->nunits; i++) {
		double dist;
		if (g->units[i].side == u->side || g->units[i].state != US_ACTIVE)
			continue;
		dist = game_unit_distance(u, &g->units[i]);
		if (dist < best) {
			best = dist;
			e = i;
		}
	}
	if (k < 0 || e < 0)
		return choose(d, option(d, "none"), 0);
	/* Face the nearest enemy, if the turn is allowed and touches nothing
	 * (a pivot that touches is the end of the unit). */
	turn = geom_angle_diff(u->facing, geom_bearing(u->pos, g->units[e].pos));
	if (fabs(turn) < tune->feint_turn || fabs(turn) > d->opt[k].hi ||
	    move_pivot_blocker(g, d->unit, u->facing, u->facing + turn) != -1)
		return choose(d, option(d, "none"), 0);
	return choose(d, k, turn);
}

static int decide_fire(struct game *g, struct decision *d)
{
	struct fire_shot s;
	if (fire_check(g, d->unit, d->other, NULL, &s) && odds_fire_hits(s.dice) > 0)
		return choose(d, option(d, "fire"), 0);
	return choose(d, option(d, "hold"), 0);
}

/* Suppressing a battery is worth the shot it would have made (its best
 * on our units); it costs the skirmishers their own fire until their side
 * wins an initiative (their best shot at the battery stands for it). */
static int decide_suppress(struct game *g, struct decision *d)
{
	const struct unit *u = &g->units[d->unit], *b = &g->units[d->other];
	struct fire_shot s;
	double gain = 0, cost = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == u->side && g->units[i].state == US_ACTIVE &&
		    game_units_within(b, &g->units[i], rules_fire.art_range[RANGE_LONG]) &&
		    fire_check(g, d->other, i, NULL, &s))
			gain = fmax(gain, odds_fire_hits(s.dice) * est_sp_worth(g, &g->units[i]));
	if (fire_check(g, d->unit, d->other, NULL, &s))
		cost = odds_fire_hits(s.dice) * est_sp_worth(g, b);
	return choose(d, option(d, gain > cost ? "suppress" : "no"), 0);
}

/* How a unit would join against an enemy: the facing and the way. */
static bool join_path(const struct game *g, int unit, int enemy, double *facing, double *dist)
{
	const struct unit *u = &g->units[unit];
	struct obb fp;
	struct mover m;
	struct sweep s;
	*facing = geom_bearing(u->pos, g->units[enemy].pos);
	fp = unit_footprint_as(u->type, u->form, u->pos, *facing);
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.target = enemy;
	m.through_friends = false;
	move_sweep(g, &m, &fp, fp.c, geom_dir(*facing), rules_melee.join_move + 0.1, INFINITY, false, &s);
	*dist = s.dist;
	return s.why == STOP_TARGET;
}

static int decide_join(struct game *g, struct decision *d)
{
	double facing, dist;
	if (join_path(g, d->unit, d->other, &facing, &dist) && est_join(g, d->unit, d->other, facing, dist) > 0)
		return choose(d, option(d, "join"), 0);
	return choose(d, option(d, "no"), 0);
}

/* A square that breaks out becomes a column facing the enemy: worth it
 * when joining gains more than the cavalry it no longer keeps off. */
static int decide_breakout(struct game *g, struct decision *d)
{
	struct unit *u = &g->units[d->unit], keep = *u;
	struct est_threat as_square, as_column;
	double facing, dist, gain = -INFINITY;
	est_threat(g, d->unit, NULL, &as_square);
	u->form = FORM_COLUMN;
	u->facing = geom_bearing(u->pos, g->units[d->other].pos);
	if (join_path(g, d->unit, d->other, &facing, &dist))
		gain = est_join(g, d->unit, d->other, facing, dist);
	est_threat(g, d->unit, NULL, &as_column);
	*u = keep;
	gain -= as_column.charge - as_square.charge;
	return choose(d, option(d, gain > 0 ? "try" : "no"), 0);
}

/* Strength points among several enemies: all on the one whose removal
 * (or the hits on it) are worth most, unless an even share is worth
 * more, counted for one round of the sets the unit throws. */
static double round_worth(const struct game *g, int unit, int foe, int sp)
{
	const struct unit *f = &g->units[foe];
	int sets = melee_round_sets(g, unit, foe, NULL, 0);
	int dice = sets * odds_halved(sp, melee_halvings(g, unit, foe));
	double p = odds_d6_at_least(rules_quality[g->units[unit].rating], 0), hits = dice * p;
	int need = f->sp - unit_elimination_sp(f);
	double kill = 0, sp_worth, gone;
	/* Chance of at least need hits from dice dice. */
	if (need <= 0)
		kill = 1;
	else if (need <= dice) {
		double pk = pow(1 - p, dice), cum = 0;
		for (int k = 0; k < need; k++) {
			cum += pk;
			pk = pk * (dice - k) / (k + 1) * p / (1 - p > 1e-12 ? 1 - p : 1e-12);
		}
		kill = 1 - cum;
	}
	est_worths(g, f, &sp_worth, &gone);
	return fmin(hits, f->sp) * sp_worth + kill * gone;
}

static int decide_split(struct game *g, struct decision *d)
{
	const struct unit *u = &g->units[d->unit];
	int foes[16], n = 0, best = -1, k = option(d, "sp"), ties = 0;
	double even = 0, bv = -INFINITY;
	for (int i = 0; i < g->nunits && n < 16; i++)
		if (g->units[i].side != u->side && g->units[i].state == US_ACTIVE &&
		    !unit_abandoned(&g->units[i]) && game_units_within(u, &g->units[i], GEOM_CONTACT))
			foes[n++] = i;
	if (k < 0 || n < 2)
		return choose(d, option(d, "even"), 0);
	for (int i = 0; i < n; i++) {
		double v = round_worth(g, d->unit, foes[i], u->sp);
		even += round_worth(g, d->unit, foes[i], u->sp / n);
		if (v > bv) {
			bv = v;
			best = foes[i];
			ties = 1;
		} else if (v == bv && ai_tie(g, &ties)) {
			best = foes[i];
		}
	}
	if (even >= bv)
		return choose(d, option(d, "even"), 0);
	/* All on the best foe: everything when it is the one asked about,
	 * none otherwise (the rest go to those after it). */
	return choose(d, k, best == d->other ? d->opt[k].hi : 0);
}

static int decide_breakthrough(struct general_ai *ai, struct game *g, struct decision *d)
{
	struct unit *u = &g->units[d->unit];
	int pick = option(d, "stop");
	double value = 0, best = -INFINITY;
	/* Rallying: stop (facing the nearest enemy if it can), back or
	 * forward as far as the way is clear; each place weighed by what the
	 * enemy could do to it there. */
	for (int i = 0; i < d->nopts; i++) {
		const char *key = d->opt[i].key;
		double v, amount = 0;
		if (strcmp(key, "stop") == 0) {
			v = -threat_at(g, d->unit, u->pos, u->facing);
		} else if (strcmp(key, "back") == 0 || strcmp(key, "forward") == 0) {
			bool back = key[0] == 'b';
			struct vec2 dir = v2_scale(geom_dir(u->facing), back ? -1 : 1);
			amount = clear_run(g, d->unit, dir, d->opt[i].hi);
			if (amount < d->opt[i].lo + 1e-9 || amount < 0.5)
				continue;
			v = -threat_at(g, d->unit, v2_add(u->pos, v2_scale(dir, amount)), u->facing);
		} else if (strncmp(key, "charge-", 7) == 0) {
			int t = orbat_find_unit(g, key + 7), hits = rules_breakthrough.charge_hits;
			if (t < 0 || u->sp - hits <= unit_elimination_sp(u))
				continue;
			u->sp -= hits;
			v = est_charge(g, d->unit, t, true, NULL);
			u->sp += hits;
			v -= hits * est_sp_worth(g, u) + ai->tune->charge_threshold;
		} else {
			continue;
		}
		if (v > best) {
			best = v;
			pick = i;
			value = amount;
		}
	}
	return choose(d, pick, value);
}

/* A bridge charged over: the strongest of the units that could be said
 * to defend it (of units as strong, one drawn). */
static int decide_bridge(struct game *g, struct decision *d)
{
	int best = 0, bsp = -1, ties = 0;
	for (int i = 0; i < d->nopts; i++) {
		int t = orbat_find_unit(g, d->opt[i].key);
		if (t >= 0 && g->units[t].sp > bsp) {
			bsp = g->units[t].sp;
			best = i;
			ties = 1;
		} else if (t >= 0 && g->units[t].sp == bsp && ai_tie(g, &ties)) {
			best = i;
		}
	}
	return choose(d, best, 0);
}

static int decide_held(struct general_ai *ai, struct game *g, struct decision *d)
{
	if (ai->search)
		ai->tune = search_tuning(ai, g, d->side);
	if (d->unit < 0 || d->unit >= g->nunits)
		return choose(d, 0, 0);
	switch (d->kind) {
	case DK_OPPORTUNITY:
		return choose(d, option(d, est_reaction_charge(g, d->unit, d->other, false) > ai->tune->charge_threshold
		                                   ? "charge"
		                                   : "no"), 0);
	case DK_COUNTER:
		return decide_counter(g, d);
	case DK_FALLBACK:
		return decide_fallback(ai->tune, g, d);
	case DK_FLEE:
	case DK_CREWS:
		return decide_artillery_charged(ai->tune, g, d);
	case DK_ESQUARE:
		return decide_square(ai, g, d);
	case DK_FEINT:
		return decide_feint(ai->tune, g, d);
	case DK_FEINT_PIVOT:
		return decide_feint_pivot(ai->tune, g, d);
	case DK_RETURN_FIRE:
	case DK_SUPPORT_FIRE:
		return decide_fire(g, d);
	case DK_SUPPRESS:
		return decide_suppress(g, d);
	case DK_JOIN:
		return decide_join(g, d);
	case DK_BREAKOUT:
		return decide_breakout(g, d);
	case DK_SPLIT:
		return decide_split(g, d);
	case DK_BREAKTHROUGH:
		return decide_breakthrough(ai, g, d);
	case DK_BRIDGE:
		return decide_bridge(g, d);
	case DK_COUNT:
		break;
	}
	return choose(d, 0, 0);
}

/* The spatial index held while the general weighs his answer, as while
 * he orders (general.c). */
int general_decide(struct controller *ctl, struct game *g, struct decision *d)
{
	int r;
	grid_hold(g);
	r = decide_held(ctl->ctx, g, d);
	grid_release(g);
	return r;
}
