/* SPDX-License-Identifier: GPL-3.0-or-later */
/* odds-order: what a charge or a shot would come to if it were ordered
 * now, and the chances behind a reaction's choices: the rules' checks,
 * then odds.c's exact figures.  Units are set where the rules would put
 * them and put back; no die is seen or thrown. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "fire.h"
#include "game.h"
#include "contact.h"
#include "melee.h"
#include "move.h"
#include "odds-order.h"
#include "order.h"
#include "react.h"
#include "rules.h"

void odds_fight_units(const struct game *g, int a, int t, struct odds_fight *out)
{
	struct odds_fighter fa, ft;
	odds_fighter_of(g, a, t, &fa);
	odds_fighter_of(g, t, a, &ft);
	odds_fight(&fa, &ft, out);
}

/* May t counter-charge a charging it ("A unit may Counter-Charge"):
 * formed, not in square, not artillery, not infantry against cavalry, no
 * blue marker, in contact with no other enemy, its charger within the
 * pivot it may make, the pivot touching nothing. */
static bool may_counter(struct game *g, int a, int t)
{
	const struct unit *ua = &g->units[a], *ut = &g->units[t];
	const struct move_allowance *ma = rules_move_for(ut->type, ut->form);
	double want = geom_bearing(ut->pos, ua->pos);
	int foe = contact_engaged(g, t);
	return unit_formed(ut) && ut->form != FORM_SQUARE && ut->form != FORM_ESQUARE && ma && ma->charge > 0 &&
	       !unit_is_artillery(ut) && !(unit_is_infantry(ut) && unit_is_cavalry(ua)) &&
	       !unit_has_marker(ut, MK_BLUE) && !unit_abandoned(ut) && (foe < 0 || foe == a) &&
	       fabs(geom_angle_diff(ut->facing, want)) <= rules_react.opportunity_pivot + 1e-9 &&
	       move_pivot_blocker(g, t, ut->facing, want) == -1;
}

/* Is the target in contact with an enemy other than the charger? */
static bool engaged_else(const struct game *g, int a, int t)
{
	for (int i = 0; i < g->nunits; i++)
		if (i != a && g->units[i].side != g->units[t].side && g->units[i].state == US_ACTIVE &&
		    game_units_within(&g->units[i], &g->units[t], GEOM_CONTACT))
			return true;
	return false;
}

/* The target's reactions once the charger stands in contact with it
 * (start: how far apart they were when the charge began), and the fights
 * that follow each. */
static void arrival(struct game *g, int a, int t, double start, struct odds_charge *o)
{
	struct unit *ua = &g->units[a], *ut = &g->units[t];
	const struct unit keep = *ut;
	odds_fight_units(g, a, t, &o->stand);
	o->reacts = !unit_has_marker(ut, MK_BLUE);
	if (!o->reacts)
		return;
	o->fall_back = ut->form == FORM_SKIRMISH && !unit_is_artillery(ut);
	if (ut->type == UT_HORSE_ART && unit_is_infantry(ua) && !engaged_else(g, a, t)) {
		o->flee = true;
		o->flee_pass = odds_pass(ut, 0);
	}
	o->square_bonus = react_esquare_bonus(g, a, t, start);
	if (o->square_bonus < 0)
		return;
	o->square = true;
	o->square_pass = odds_pass(ut, o->square_bonus);
	o->feint_pass = start > rules_react.esquare_charge_from ? odds_pass(ua, 0) : 0;
	ut->form = FORM_ESQUARE;
	odds_fight_units(g, a, t, &o->in_square);
	*ut = keep;
	/* Failing, it keeps its formation and takes the hits at once. */
	ut->sp -= rules_react.esquare_fail_hits;
	o->failed_gone = ut->sp <= unit_elimination_sp(ut);
	if (!o->failed_gone)
		odds_fight_units(g, a, t, &o->failed);
	*ut = keep;
}

/* How a charge would be tried: straight in, or extended (its tests and
 * dice), with the facing and the point of contact. */
static int charge_way(struct game *g, int a, int t, struct odds_charge *o, struct vec2 *end, double *facing,
                      char *why, size_t size)
{
	struct unit *ua = &g->units[a];
	double gap = 0;
	if (order_charge_reach(g, a, t, end, facing, why, size) == 0)
		return 0;
	/* Out of reach: an extended charge, if the rules allow one (else
	 * why it may not be tried). */
	if (order_charge_short(g, a, t, &gap, facing, why, size) < 0)
		return -1;
	if (gap <= 0)
		return order_charge_reach(g, a, t, end, facing, why, size);
	o->extend = true;
	o->gap = gap;
	o->extend_dice = rules_extend_dice[ua->type];
	o->extend_pass = odds_pass(ua, 0);
	o->extend_reach = odds_sum_at_least(o->extend_dice, gap / rules_extend_pip);
	/* The extension carries it straight on into contact. */
	{
		struct unit keep = *ua;
		ua->facing = *facing;
		*end = v2_add(ua->pos, v2_scale(geom_dir(*facing), game_unit_distance(ua, &g->units[t])));
		*ua = keep;
	}
	return 0;
}

int odds_charge(struct game *g, int a, int t, struct odds_charge *o, char *why, size_t size)
{
	struct unit *ua, *ut;
	struct unit keep_a, keep_t;
	int initiative = g->initiative;
	struct vec2 end;
	double facing, start;
	int r = -1;

	*o = (struct odds_charge){ .unit = a, .target = t, .square_bonus = -1 };
	if (a < 0 || a >= g->nunits || g->units[a].state != US_ACTIVE) {
		snprintf(why, size, "no such unit on the table");
		return -1;
	}
	if (t < 0 || t >= g->nunits) {
		snprintf(why, size, "no such enemy unit on the table");
		return -1;
	}
	ua = &g->units[a];
	ut = &g->units[t];
	keep_a = *ua;
	keep_t = *ut;
	/* The order given now by the charger's side: only the other reacts. */
	g->initiative = (int)ua->side;
	if (charge_way(g, a, t, o, &end, &facing, why, size) < 0)
		goto out;
	r = 0;
	o->cautious = command_status(g, ua, NULL) == CS_CAUTIOUS;
	o->test = o->cautious ? odds_pass(ua, 0) : 1;
	o->go = o->test * (o->extend ? o->extend_pass * o->extend_reach : 1);
	if (may_counter(g, a, t)) {
		o->counter = true;
		o->counter_pass = command_status(g, ut, NULL) == CS_CAUTIOUS ? odds_pass(ut, 0) : 1;
		/* Met on the way: both charging, no square. */
		ua->pos = end;
		ua->facing = facing;
		ua->acted |= UA_CHARGING;
		ut->facing = geom_bearing(ut->pos, ua->pos);
		ut->acted |= UA_CHARGING;
		odds_fight_units(g, a, t, &o->met);
		*ut = keep_t;
		*ua = keep_a;
	}
	/* How far the charge begins: after its pivot, as the engine says. */
	ua->facing = facing;
	start = game_unit_distance(ua, ut);
	ua->pos = end;
	ua->acted |= UA_CHARGING;
	arrival(g, a, t, start, o);
out:
	*ua = keep_a;
	*ut = keep_t;
	g->initiative = initiative;
	return r;
}

bool odds_fire_at(const struct game *g, int firer, int target, const struct vec2 *aim, struct odds_fire *o)
{
	const struct unit *t;
	*o = (struct odds_fire){ 0 };
	if (!fire_check(g, firer, target, aim, &o->shot))
		return false;
	t = &g->units[target];
	o->hits = odds_fire_hits(o->shot.dice);
	o->one = odds_fire_at_least(o->shot.dice, 1);
	o->removed = odds_fire_at_least(o->shot.dice, t->sp - unit_elimination_sp(t));
	return true;
}

/* The fight of u and e as they stand, or with u (and e, with both)
 * charging. */
static void fight_charging(struct game *g, int u, int e, bool both, struct odds_fight *out)
{
	struct unit *uu = &g->units[u], *ue = &g->units[e];
	const struct unit ku = *uu, ke = *ue;
	uu->acted |= UA_CHARGING;
	uu->facing = geom_bearing(uu->pos, ue->pos);
	if (both)
		ue->acted |= UA_CHARGING;
	odds_fight_units(g, u, e, out);
	*uu = ku;
	*ue = ke;
}

void odds_decision(struct game *g, const struct decision *d, struct odds_choice *o)
{
	const struct unit *u, *e;
	*o = (struct odds_choice){ .kind = d->kind, .pass = -1, .fail_gone = false };
	if (d->unit < 0 || d->unit >= g->nunits || d->other < 0 || d->other >= g->nunits)
		return;
	u = &g->units[d->unit];
	e = &g->units[d->other];
	switch (d->kind) {
	case DK_OPPORTUNITY:
		/* Its test (twice for a cautious unit), then the fight where it
		 * meets the mover; guns caught on the move are overrun. */
		o->pass = odds_pass(u, 0) * (command_status(g, u, NULL) == CS_CAUTIOUS ? odds_pass(u, 0) : 1);
		o->overrun = unit_is_artillery(e);
		if (!o->overrun) {
			fight_charging(g, d->unit, d->other, false, &o->go);
			o->has_go = true;
		}
		break;
	case DK_COUNTER:
		o->pass = command_status(g, u, NULL) == CS_CAUTIOUS ? odds_pass(u, 0) : -1;
		fight_charging(g, d->other, d->unit, true, &o->go);
		fight_charging(g, d->other, d->unit, false, &o->stay);
		o->has_go = o->has_stay = o->go_for_other = true;
		break;
	case DK_FALLBACK:
	case DK_CREWS:
		odds_fight_units(g, d->other, d->unit, &o->stay);
		o->has_stay = true;
		break;
	case DK_FLEE:
		o->pass = odds_pass(u, 0);
		o->fail_gone = true;
		odds_fight_units(g, d->other, d->unit, &o->stay);
		o->has_stay = true;
		break;
	case DK_ESQUARE: {
		struct unit *x = &g->units[d->unit];
		const struct unit keep = *x;
		int bonus = react_esquare_bonus(g, d->other, d->unit, e->charge_start);
		o->pass = odds_pass(u, bonus < 0 ? 0 : bonus);
		o->fail_hits = rules_react.esquare_fail_hits;
		o->fail_gone = u->sp - o->fail_hits <= unit_elimination_sp(u);
		odds_fight_units(g, d->other, d->unit, &o->stay);
		x->form = FORM_ESQUARE;
		odds_fight_units(g, d->other, d->unit, &o->go);
		*x = keep;
		o->has_go = o->has_stay = o->go_for_other = true;
		break;
	}
	case DK_FEINT:
		o->pass = odds_pass(u, 0);
		odds_fight_units(g, d->unit, d->other, &o->stay);
		o->has_stay = true;
		break;
	case DK_RETURN_FIRE:
	case DK_SUPPORT_FIRE:
		o->has_fire = odds_fire_at(g, d->unit, d->other, NULL, &o->fire);
		break;
	case DK_JOIN:
	case DK_BREAKOUT:
	case DK_SPLIT: {
		/* Each strength point thrown at e: its dice each round. */
		struct unit *x = &g->units[d->unit];
		const struct unit keep = *x;
		double p = odds_d6_at_least(rules_quality[u->rating], 0);
		/* A square that breaks out fights as a column; the impact is
		 * known only to a unit already in contact (a split). */
		if (d->kind == DK_BREAKOUT)
			x->form = FORM_COLUMN;
		o->per_sp = melee_round_sets(g, d->unit, d->other, NULL, 0) * p;
		o->per_sp_impact = d->kind == DK_SPLIT ? melee_impact_sets(g, d->unit, d->other, NULL, 0) * p : -1;
		o->need = e->sp - unit_elimination_sp(e);
		o->halvings = melee_halvings(g, d->unit, d->other);
		*x = keep;
		if (d->kind == DK_BREAKOUT)
			o->pass = odds_pass(u, 0);
		break;
	}
	default:
		break;
	}
}
