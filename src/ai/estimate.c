/* estimate: a fight, a charge and each reaction to it, weighed with the
 * rules' dice.  Units are set where the rules would put them (a charger
 * at its point of contact, a square formed), the engine counts the sets
 * of dice and the halvings, odds.c fights the combat to its end, and
 * everything is put back. */
#include "config.h"

#include <math.h>

#include "engine/command.h"
#include "engine/fire.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/move.h"
#include "engine/react.h"
#include "engine/rules.h"
#include "estimate.h"
#include "odds.h"

/* A break-through won, or ground given up to the charger: worth a little
 * to it (another charge, or the place). */
#define GROUND_WORTH 0.25

double est_sp_worth(const struct unit *u)
{
	return unit_is_artillery(u) ? 1.5 : 1.0;
}

double est_gone_worth(const struct unit *u)
{
	(void)u;
	return 2.0;
}

double est_pass(const struct unit *u, int bonus)
{
	return odds_d6_at_least(rules_quality[u->rating], bonus);
}

/* All a unit is worth: its strength and its removal. */
double est_whole_worth(const struct unit *u)
{
	return u->sp * est_sp_worth(u) + est_gone_worth(u);
}

static void fighter(const struct game *g, int u, int e, struct odds_fighter *f)
{
	const struct unit *x = &g->units[u];
	*f = (struct odds_fighter){
		.sp = x->sp,
		.elim = unit_elimination_sp(x),
		.need = rules_quality[x->rating],
		.halvings = melee_halvings(g, u, e),
		.impact_sets = melee_impact_sets(g, u, e, NULL, 0),
		.round_sets = melee_round_sets(g, u, e, NULL, 0),
	};
}

void est_fight(const struct game *g, int a, int t, struct est_fight *f)
{
	const struct unit *ua = &g->units[a], *ut = &g->units[t];
	struct odds_fighter fa, ft;
	struct odds_fight r;
	fighter(g, a, t, &fa);
	fighter(g, t, a, &ft);
	odds_fight(&fa, &ft, &r);
	for (int s = 0; s < 2; s++) {
		f->lost[s] = r.lost[s];
		f->gone[s] = r.gone[s];
	}
	f->value = r.lost[1] * est_sp_worth(ut) + r.gone[1] * est_gone_worth(ut) - r.lost[0] * est_sp_worth(ua) -
	           r.gone[0] * est_gone_worth(ua);
}

double est_fight_value(const struct game *g, int a, int t)
{
	struct est_fight f;
	est_fight(g, a, t, &f);
	return f.value;
}

/* Could a unit move straight away from an enemy (about facing first if
 * it faces it) for dist cm without running into an enemy, forbidden
 * ground or the table's edge, as a fall-back or a flight must? */
bool est_away_clear(const struct game *g, int unit, int from, double dist, bool limbered)
{
	const struct unit *u = &g->units[unit];
	struct vec2 away = v2_sub(u->pos, g->units[from].pos);
	double facing = v2_dot(geom_dir(u->facing), away) < 0 ? u->facing + 180 : u->facing;
	struct obb fp = unit_footprint_as(u->type, u->form, u->pos, facing);
	struct mover m;
	struct sweep s;
	move_mover_unit(g, unit, TMODE_MOVE, limbered, &m);
	m.through_friends = true;
	move_sweep(g, &m, &fp, fp.c, geom_dir(facing), dist, INFINITY, false, &s);
	return s.dist >= dist - 1e-6 || s.why == STOP_UNIT;
}

/* A feint: straight back along the path 6 to 12 cm touching nothing. */
bool est_feint_clear(struct game *g, int charger, int square, double dist)
{
	const struct unit *c = &g->units[charger];
	struct obb fp = unit_footprint(c);
	struct mover m;
	struct sweep s;
	enum unit_state keep = g->units[square].state;
	move_mover_unit(g, charger, TMODE_MOVE, false, &m);
	m.through_friends = false;
	g->units[square].state = US_ELIMINATED; /* the square it leaves is no obstacle */
	move_sweep(g, &m, &fp, fp.c, v2_scale(geom_dir(c->facing), -1), dist, INFINITY, false, &s);
	g->units[square].state = keep;
	return s.dist >= dist - 1e-6;
}

/* Against an emergency square: fight it, or (when that is worse) try to
 * feint, which fails back into the fight. */
double est_against_square(struct game *g, int a, int t)
{
	struct unit *ut = &g->units[t];
	enum formation keep = ut->form;
	double fight, feint;
	ut->form = FORM_ESQUARE;
	fight = est_fight_value(g, a, t);
	ut->form = keep;
	if (fight >= 0)
		return fight;
	feint = est_feint_clear(g, a, t, rules_react.feint_min) ? 0 : -est_whole_worth(&g->units[a]);
	return fmax(fight, est_pass(&g->units[a], 0) * feint + (1 - est_pass(&g->units[a], 0)) * fight);
}

double est_arrival(struct game *g, int a, int t, double start, struct est_charge *out)
{
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	struct est_charge tmp = { 0 };
	double stand, value;
	int bonus;
	bool reacts = ut->side != (enum side)g->initiative && !unit_has_marker(ut, MK_BLUE);
	if (!out)
		out = &tmp;
	stand = value = est_fight_value(g, a, t);
	out->stand = stand;
	/* The target's reactions, each taken only if it is better for it. */
	if (reacts && ut->form == FORM_SKIRMISH && !unit_is_artillery(ut)) {
		double lo = unit_is_cavalry(ut) ? rules_react.fallback_cav_min : rules_react.fallback_inf_min;
		double back = est_away_clear(g, t, a, lo, false) ? GROUND_WORTH : est_whole_worth(ut);
		if (back < value) {
			value = back;
			out->falls_back = true;
		}
	} else if (reacts && unit_is_artillery(ut)) {
		bool engaged = false;
		for (int i = 0; i < g->nunits && !engaged; i++)
			engaged = i != a && g->units[i].side != ut->side && g->units[i].state == US_ACTIVE &&
			          game_units_within(&g->units[i], ut, GEOM_CONTACT);
		if (ut->type == UT_HORSE_ART && unit_is_infantry(ua) && !engaged) {
			double p = est_pass(ut, 0);
			double flee = p * (est_away_clear(g, t, a, rules_react.flee_min, true) ? GROUND_WORTH : est_whole_worth(ut)) +
			              (1 - p) * est_whole_worth(ut);
			value = fmin(value, flee);
		}
	}
	bonus = reacts ? react_esquare_bonus(g, a, t, start) : -1;
	if (bonus >= 0) {
		double p = est_pass(ut, bonus), sq = est_against_square(g, a, t), failed, tried;
		int hits = rules_react.esquare_fail_hits;
		if (ut->sp - hits <= unit_elimination_sp(ut)) {
			failed = est_whole_worth(ut);
		} else {
			ut->sp -= hits;
			failed = hits * est_sp_worth(ut) + est_fight_value(g, a, t);
			ut->sp += hits;
		}
		tried = p * sq + (1 - p) * failed;
		out->square = p;
		out->in_square = sq;
		if (tried < value) {
			value = tried;
			out->tries_square = true;
		}
	}
	return value;
}

/* Could t counter-charge a charging it, by the cheap tests of "A unit may
 * Counter-Charge" (the engine offers it only where its path is clear)? */
static bool may_counter(const struct game *g, int a, int t)
{
	const struct unit *ua = &g->units[a], *ut = &g->units[t];
	const struct move_allowance *ma = rules_move_for(ut->type, ut->form);
	double want = geom_bearing(ut->pos, ua->pos);
	return ut->side != (enum side)g->initiative && unit_formed(ut) && ut->form != FORM_SQUARE &&
	       ut->form != FORM_ESQUARE && ma && ma->charge > 0 && !unit_is_artillery(ut) &&
	       !(unit_is_infantry(ut) && unit_is_cavalry(ua)) && !unit_has_marker(ut, MK_BLUE) &&
	       !unit_has_marker(ut, MK_ORANGE) &&
	       fabs(geom_angle_diff(ut->facing, want)) <= rules_react.opportunity_pivot + 1e-9 &&
	       move_pivot_blocker(g, t, ut->facing, want) == -1;
}

double est_charge(struct game *g, int a, int t, bool breakthrough, struct est_charge *out)
{
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	struct unit keep_a = *ua, keep_t = *ut;
	struct est_charge tmp = { 0 };
	struct vec2 end;
	double facing, start, contact;
	char why[256];
	bool counter;

	if (!out)
		out = &tmp;
	*out = (struct est_charge){ .value = -INFINITY };
	(void)breakthrough; /* the reach check refuses any charge that would need extending */
	if (order_charge_reach(g, a, t, &end, &facing, why, sizeof why) < 0)
		return -INFINITY;
	start = game_unit_distance(ua, ut);
	out->go = command_status(g, ua, NULL) == CS_CAUTIOUS ? est_pass(ua, 0) : 1;
	counter = may_counter(g, a, t);
	ua->pos = end;
	ua->facing = facing;
	ua->acted |= UA_CHARGING;
	contact = est_arrival(g, a, t, start, out);
	if (counter) {
		/* Met on the way: both charging, no square. */
		double met;
		ut->facing = geom_bearing(ut->pos, ua->pos);
		ut->acted |= UA_CHARGING;
		met = est_fight_value(g, a, t);
		*ut = keep_t;
		if (met < contact) {
			contact = met;
			out->counter = 1;
			out->tries_square = out->falls_back = false;
		}
	}
	*ua = keep_a;
	out->value = out->go * contact;
	return out->value;
}

double est_reaction_charge(struct game *g, int r, int m, bool counter)
{
	struct unit *ur = &g->units[r], *um = &g->units[m];
	struct unit keep_r = *ur, keep_m = *um;
	const struct move_allowance *ma = rules_move_for(ur->type, ur->form);
	double want, pass, value;
	struct obb fp;
	struct mover mv;
	struct sweep s;

	if (!ma || ma->charge <= 0)
		return -INFINITY;
	want = geom_bearing(ur->pos, um->pos);
	fp = unit_footprint_as(ur->type, ur->form, ur->pos, want);
	move_mover_unit(g, r, TMODE_INTERCEPT, false, &mv);
	mv.target = m;
	move_sweep(g, &mv, &fp, fp.c, geom_dir(want), ma->charge + 1, ma->charge, g->wx.weather == WX_HOT, &s);
	if (s.why != STOP_TARGET)
		return -INFINITY;
	pass = counter ? 1 : est_pass(ur, 0);
	if (!counter && command_status(g, ur, NULL) == CS_CAUTIOUS)
		pass *= est_pass(ur, 0);
	/* Guns caught on the move are overrun outright. */
	if (!counter && unit_is_artillery(um))
		return pass * (est_whole_worth(um) + GROUND_WORTH);
	ur->pos = v2_add(ur->pos, v2_scale(geom_dir(want), s.dist));
	ur->facing = want;
	ur->acted |= UA_CHARGING;
	if (counter)
		um->acted |= UA_CHARGING;
	value = est_fight_value(g, r, m);
	*ur = keep_r;
	*um = keep_m;
	return pass * value;
}

/* Friends of side in contact with e, pooled as one fighter against it;
 * with extra >= 0, that unit too (where it now stands). */
static bool pool(const struct game *g, int e, enum side side, int extra, struct odds_fighter *f)
{
	double sp = 0, need = 0, impact = 0, round = 0;
	int first = -1;
	*f = (struct odds_fighter){ .elim = 0 };
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct odds_fighter one;
		if (u->side != side || u->state != US_ACTIVE || unit_has_marker(u, MK_ORANGE) ||
		    (i != extra && !game_units_within(u, &g->units[e], GEOM_CONTACT)))
			continue;
		fighter(g, i, e, &one);
		if (first < 0) {
			first = i;
			f->halvings = one.halvings;
			f->elim = one.elim;
		}
		sp += one.sp;
		need += one.sp * one.need;
		impact += one.sp * one.impact_sets;
		round += one.sp * one.round_sets;
	}
	if (first < 0 || sp <= 0)
		return false;
	f->sp = (int)sp;
	f->need = (int)lround(need / sp);
	f->impact_sets = (int)lround(impact / sp);
	f->round_sets = (int)lround(round / sp);
	return true;
}

static double pooled_value(const struct game *g, const struct odds_fighter *us, int e)
{
	const struct unit *ue = &g->units[e];
	struct odds_fighter fe;
	struct odds_fight r;
	int foe = -1;
	/* The enemy's sets against the first of us it touches stand for all. */
	for (int i = 0; i < g->nunits && foe < 0; i++)
		if (g->units[i].side != ue->side && g->units[i].state == US_ACTIVE &&
		    game_units_within(&g->units[i], ue, GEOM_CONTACT))
			foe = i;
	if (foe < 0)
		return 0;
	fighter(g, e, foe, &fe);
	odds_fight(us, &fe, &r);
	return r.lost[1] * est_sp_worth(ue) + r.gone[1] * est_gone_worth(ue) - r.lost[0] -
	       r.gone[0] * est_gone_worth(ue);
}

double est_join(struct game *g, int j, int e, double facing, double dist)
{
	struct unit *uj = &g->units[j], keep = *uj;
	struct odds_fighter with, without;
	double v_with, v_without;
	bool before = pool(g, e, uj->side, -1, &without);
	uj->facing = facing;
	uj->pos = v2_add(uj->pos, v2_scale(geom_dir(facing), dist));
	pool(g, e, uj->side, j, &with);
	v_with = pooled_value(g, &with, e);
	*uj = keep;
	v_without = before ? pooled_value(g, &without, e) : 0;
	return v_with - v_without;
}

/* Where a charge by e on u would make contact if e charged it now, by the
 * engine's sweep (nothing in the way, within its allowance, a turn of 90
 * degrees at most); false when it could not. */
static bool could_charge(const struct game *g, int e, int u, double *facing, double *dist)
{
	const struct unit *ue = &g->units[e], *uu = &g->units[u];
	const struct move_allowance *ma = rules_move_for(ue->type, ue->form);
	struct obb fp;
	struct mover mv;
	struct sweep s;
	if (!ma || ma->charge <= 0 || unit_is_artillery(ue) || !unit_formed(ue) ||
	    (unit_is_infantry(ue) && unit_is_cavalry(uu)) || unit_has_marker(ue, MK_ORANGE) ||
	    !game_units_within(ue, uu, ma->charge + 0.5))
		return false;
	*facing = geom_bearing(ue->pos, uu->pos);
	if (fabs(geom_angle_diff(ue->facing, *facing)) > rules_special.pivot_charge_limit + 1e-9)
		return false;
	fp = unit_footprint_as(ue->type, ue->form, ue->pos, *facing);
	move_mover_unit(g, e, TMODE_CHARGE, false, &mv);
	mv.target = u;
	mv.through_friends = false;
	move_sweep(g, &mv, &fp, fp.c, geom_dir(*facing), ma->charge + 0.5, ma->charge, g->wx.weather == WX_HOT, &s);
	*dist = s.dist;
	return s.why == STOP_TARGET;
}

double est_enemy_charge(struct game *g, int e, int u)
{
	struct unit *ue = &g->units[e], keep = *ue;
	int initiative = g->initiative;
	double facing, dist, start, value;
	if (!could_charge(g, e, u, &facing, &dist))
		return 0;
	start = game_unit_distance(ue, &g->units[u]);
	g->initiative = (int)ue->side;
	ue->pos = v2_add(ue->pos, v2_scale(geom_dir(facing), dist));
	ue->facing = facing;
	ue->acted |= UA_CHARGING;
	value = est_arrival(g, e, u, start, NULL);
	*ue = keep;
	g->initiative = initiative;
	return value > 0 ? value : 0;
}

/* The dice a unit could fire at u if it turned to face it (and, for
 * small arms, came up within range), by the engine's own reckoning where
 * it can already fire. */
static int fire_dice_at(struct game *g, int e, int u)
{
	struct unit *ue = &g->units[e], keep = *ue;
	struct fire_shot shot;
	int dice = 0;
	ue->facing = geom_bearing(ue->pos, g->units[u].pos);
	if (fire_check(g, e, u, NULL, &shot))
		dice = shot.dice;
	else if (unit_is_infantry(ue) && !game_units_within(ue, &g->units[u], rules_fire.small_arms_range)) {
		const struct unit *t = &g->units[u];
		dice = rules_fire.small_arms_dice[ue->form];
		if (t->form == FORM_COLUMN || t->form == FORM_SQUARE || t->form == FORM_ESQUARE)
			dice += rules_fire.target_square_or_column_bonus;
		if (!unit_formed(t))
			dice /= 2;
	}
	*ue = keep;
	return dice;
}

double est_threat(struct game *g, int u, struct est_threat *out)
{
	const struct unit *uu = &g->units[u];
	struct est_threat tmp;
	const double move_in = 6.0; /* infantry could close this far to fire */
	if (!out)
		out = &tmp;
	*out = (struct est_threat){ .charger = -1 };
	for (int e = 0; e < g->nunits; e++) {
		const struct unit *ue = &g->units[e];
		double weight, reach;
		if (ue->side == uu->side || ue->state != US_ACTIVE || unit_has_marker(ue, MK_ORANGE))
			continue;
		/* A brigade that has had its initiative acts again only next Turn,
		 * and may not come before this unit's own turn then. */
		weight = ue->brigade >= 0 && ue->brigade < g->nbrigs && g->brigs[ue->brigade].used ? 0.5 : 1.0;
		reach = unit_is_artillery(ue) ? rules_fire.art_range[RANGE_LONG]
		        : unit_is_cavalry(ue)  ? 31
		                               : rules_fire.small_arms_range + move_in;
		if (!game_units_within(ue, uu, reach))
			continue;
		if (!unit_is_artillery(ue)) {
			double c = weight * est_enemy_charge(g, e, u);
			if (c > out->charge) {
				out->charge = c;
				out->charger = e;
			}
		}
		if (!unit_is_cavalry(ue)) {
			int dice = fire_dice_at(g, e, u);
			if (dice > 0)
				out->fire += weight * odds_fire_hits(dice) * est_sp_worth(uu);
		}
	}
	/* One charge lands at most; every unit in reach may fire. */
	return out->charge + out->fire;
}
