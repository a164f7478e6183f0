/* SPDX-License-Identifier: GPL-3.0-or-later */
/* react: "Reactions" of a unit a charge reaches (emergency square, feint,
 * fall back, flee, crews), losses and eliminations, abandoned guns and
 * command stands in the way; opportunity and counter-charges during a
 * move are react-moving.c.  Every reaction costs the unit its blue
 * marker. */
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
#include "formation.h"
#include "game.h"
#include "grid.h"
#include "melee.h"
#include "move.h"
#include "react.h"
#include "rules.h"
#include "watch.h"

/* ------------------------------------------------------------------ */

bool react_quality_test(struct game *g, int unit, int bonus, const char *bonus_why,
                        const char *what)
{
	struct unit *u = &g->units[unit];
	int need = rules_quality[u->rating];
	char plus[64] = "";
	int roll;
	if (bonus)
		snprintf(plus, sizeof plus, ", %+d %s", bonus, bonus_why ? bonus_why : "");
	roll = game_roll(g, rules_dice.test, NULL, "%s %s (%s: %d or more%s)", u->id, what,
	                 rating_names[u->rating].label, need - bonus, plus);
	bool pass = roll + bonus >= need;
	game_log(g, "%s %s.", u->id, pass ? "passes" : "fails");
	return pass;
}

bool react_outflanks(const struct game *g, int attacker, int defender)
{
	return !fire_can_bear(g, &g->units[defender], &g->units[attacker]);
}

/* The square's orange marker only shows that crews shelter in it: it is
 * on while any guns abandoned to it are on the table. */
static void shelter_marker(struct game *g, int square)
{
	bool any = false;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].state == US_ACTIVE && unit_abandoned(&g->units[i]) &&
		    g->units[i].shelter == square + 1)
			any = true;
	unit_set_marker(&g->units[square], MK_ORANGE, any);
}

void react_eliminate(struct game *g, int unit, const char *why)
{
	struct unit *u = &g->units[unit];
	int k;
	if (u->state != US_ACTIVE)
		return;
	u->state = US_ELIMINATED;
	game_log(g, "%s (%s) is eliminated: %s.", u->id, u->name, why);
	if ((k = command_attached_to(g, unit)) >= 0) {
		g->cmdrs[k].state = US_ELIMINATED;
		g->cmdrs[k].attached = -1;
		game_log(g, "%s, attached to it, is lost with it.", g->cmdrs[k].name);
	}
	/* Guns whose crews it sheltered are lost with it; guns that go
	 * leave their square. */
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].shelter == unit + 1 && unit_abandoned(&g->units[i]))
			react_eliminate(g, i, "its crews' square is gone: the guns are lost");
	if (u->shelter > 0) {
		k = u->shelter - 1;
		u->shelter = 0;
		shelter_marker(g, k);
	}
	command_check_losses(g, unit);
	event_unit_changed(g, unit);
}

/* The square sheltering abandoned guns' crews while it stays on the table
 * and in base-to-base contact with them, else -1. */
static int guns_square(const struct game *g, int guns)
{
	const struct unit *a = &g->units[guns], *s;
	if (a->shelter <= 0 || a->shelter > g->nunits)
		return -1;
	s = &g->units[a->shelter - 1];
	if (s->state != US_ACTIVE || game_unit_distance(s, a) > GEOM_CONTACT)
		return -1;
	return a->shelter - 1;
}

void react_check_shelters(struct game *g)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].state == US_ACTIVE && unit_abandoned(&g->units[i]) && guns_square(g, i) < 0)
			react_eliminate(g, i, "its crews' square has left it: the guns are lost");
}

static bool enemy_within(const struct game *g, int unit, double range)
{
	struct index_set near = { 0 };
	bool any = false;
	grid_units_near(g, unit, range, &near);
	for (int q = 0; q < near.n && !any; q++) {
		int i = near.idx[q];
		any = g->units[i].side != g->units[unit].side && unit_present(&g->units[i]) &&
		      game_units_within(&g->units[i], &g->units[unit], range);
	}
	index_set_free(&near);
	return any;
}

void react_end_initiative(struct game *g)
{
	react_check_shelters(g);
	for (int i = 0; i < g->nunits; i++) {
		struct unit *a = &g->units[i];
		int sq;
		if (a->state != US_ACTIVE || !unit_abandoned(a))
			continue;
		sq = a->shelter - 1;
		if (g->initiative == (int)a->side && !enemy_within(g, i, rules_react.reman_clear) &&
		    !enemy_within(g, sq, rules_react.reman_clear)) {
			unit_set_marker(a, MK_ORANGE, false);
			a->shelter = 0;
			shelter_marker(g, sq);
			game_log(g, "The crews of %s leave %s and man their guns again.", a->id, g->units[sq].id);
			event_unit_changed(g, i);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Command stands under an enemy unit ("Loss of Command Stands") */

/* Whether an enemy unit there may overlap free stand c (the test below). */
static bool stand_near_enemy(const struct commander *c, const struct unit *u)
{
	return c->state == US_ACTIVE && c->attached < 0 && u->side != c->side && unit_present(u) &&
	       v2_dist(u->pos, c->pos) <= unit_radius(u) + rules_stand[ARM_COMMAND].w;
}

/* The stands to look at, flagged: every one; or, when the watch knows what
 * changed since the last look, those that changed, that evaded then, or
 * that a changed enemy unit may overlap (any other stand was clear of
 * the enemy then and still is).  false: every one. */
static bool stands_to_look_at(struct game *g, unsigned char *look)
{
	struct watch_changes ch;
	if (!watch_changes(g, WATCH_ENEMIES, &ch))
		return false;
	for (int q = 0; q < ch.ncmdrs; q++)
		look[ch.cmdrs[q]] = 1;
	for (int q = 0; q < ch.nunits; q++)
		for (int k = 0; k < g->ncmdrs; k++)
			if (stand_near_enemy(&g->cmdrs[k], &g->units[ch.units[q]]))
				look[k] = 1;
	return true;
}

void react_stands_overlapped(struct game *g)
{
	struct index_set near = { 0 };
	unsigned char *look = calloc((size_t)g->ncmdrs + 1, 1), *evaded = calloc((size_t)g->ncmdrs + 1, 1);
	bool some = look && evaded && stands_to_look_at(g, look);
	for (int i = 0; i < g->ncmdrs; i++) {
		struct commander *c = &g->cmdrs[i];
		struct shape cs;
		if (c->state != US_ACTIVE || c->attached >= 0 || (some && !look[i]))
			continue;
		cs = commander_shape(c);
		grid_units_shape(g, &cs, rules_stand[ARM_COMMAND].w, &near);
		for (int q = 0; q < near.n; q++) {
			const struct unit *u = &g->units[near.idx[q]];
			struct vec2 buf[4];
			struct shape us;
			if (!stand_near_enemy(c, u))
				continue;
			us = unit_shape(u, buf);
			if (geom_overlap(&us, &cs)) {
				command_stand_evades(g, i, u);
				if (evaded)
					evaded[i] = 1;
				break;
			}
		}
	}
	index_set_free(&near);
	if (evaded)
		watch_looked(g, WATCH_ENEMIES, evaded);
	else
		watch_forget(g);
	free(look);
	free(evaded);
}

void react_stands_passed(struct game *g, int mover, struct obb start, struct vec2 dir, double dist,
                         bool overrun)
{
	command_stands_in_the_way(g, mover, start, dir, dist, overrun);
}

/* ------------------------------------------------------------------ */
/* Reactions of the unit a charge reaches */

/* About face if the enemy is ahead, then move straight away want cm (the
 * side chose it between lo and the rule's maximum); touching an enemy or
 * forbidden ground (or the table's edge) on the way is the end of the
 * unit.  It may pass friends but not stop on one: it stops at the
 * furthest clear place from want back to lo (all of it ground just swept),
 * and with none it is lost.  Returns false if it was eliminated. */
static bool move_away(struct game *g, int unit, int from, double want, double lo, bool limbered,
                      const char *what)
{
	struct unit *u = &g->units[unit];
	struct vec2 away = v2_sub(u->pos, g->units[from].pos);
	struct mover m;
	struct sweep s;
	struct obb fp;
	if (v2_dot(geom_dir(u->facing), away) < 0) {
		u->facing = geom_norm_deg(u->facing + 180);
		game_log(g, "%s about faces.", u->id);
	}
	fp = unit_footprint(u);
	move_mover_unit(g, unit, TMODE_MOVE, limbered, &m);
	m.through_friends = true;
	move_sweep(g, &m, &fp, fp.c, geom_dir(u->facing), want, INFINITY, false, &s);
	if (s.dist < want - 1e-6 && s.why != STOP_UNIT) {
		u->pos = move_shift(fp, geom_dir(u->facing), s.dist).c;
		grid_moved(g, unit);
		react_eliminate(g, unit, s.why == STOP_EDGE ? "it left the table as it fled"
		                                           : s.why == STOP_TERRAIN
		                                                 ? "it ran into ground it could not cross"
		                                                 : "it ran into the enemy");
		return false;
	}
	for (int k = 0;; k++) {
		double d = want - k * 0.25;
		struct obb end;
		struct mover stop = m;
		if (d < lo - 1e-9)
			break;
		end = move_shift(fp, geom_dir(u->facing), d);
		stop.through_friends = false;
		if (move_place_blocker(g, &stop, &end, -1) == -1) {
			u->pos = end.c;
			grid_moved(g, unit);
			game_log(g, "%s %s %.1f cm.", u->id, what, d);
			return true;
		}
	}
	react_eliminate(g, unit, "friends left it no clear place to stop within its reach");
	return false;
}

static void breakthrough(struct game *g, int unit)
{
	unit_set_marker(&g->units[unit], MK_WHITE, true);
	game_log(g, "%s obtains a break-through.", g->units[unit].id);
}

/* A friendly solid square touching the guns, or -1. */
static int sheltering_square(const struct game *g, int guns)
{
	const struct unit *a = &g->units[guns];
	struct index_set near = { 0 };
	int found = -1;
	grid_units_near(g, guns, GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && found < 0; q++) {
		const struct unit *s = &g->units[near.idx[q]];
		if (s->side == a->side && s->state == US_ACTIVE && s->form == FORM_SQUARE &&
		    game_unit_distance(s, a) <= GEOM_CONTACT)
			found = near.idx[q];
	}
	index_set_free(&near);
	return found;
}

/* Was the unit touching an enemy other than this charger? */
static bool in_contact_except(const struct game *g, int unit, int except)
{
	struct index_set near = { 0 };
	bool any = false;
	grid_units_near(g, unit, GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && !any; q++) {
		int i = near.idx[q];
		any = i != except && g->units[i].side != g->units[unit].side && g->units[i].state == US_ACTIVE &&
		      game_units_within(&g->units[i], &g->units[unit], GEOM_CONTACT);
	}
	index_set_free(&near);
	return any;
}

/* Emergency square: only formed infantry not already in square and not
 * yet reacted, against cavalry that began its charge over 12 cm away; 1D6
 * (+1 British not KGL, or Austrian, in column) >= quality. */
int react_esquare_bonus(const struct game *g, int charger, int unit, double start)
{
	const struct unit *c = &g->units[charger], *u = &g->units[unit];
	bool column = u->form == FORM_COLUMN;
	if (!unit_is_cavalry(c) || start <= rules_react.esquare_charge_from || !unit_is_infantry(u) ||
	    !unit_formed(u) || u->form == FORM_SQUARE || u->form == FORM_ESQUARE || unit_has_marker(u, MK_BLUE))
		return -1;
	if ((u->nat == NAT_BRITISH && !(u->flags & UF_KGL) && column) || (u->nat == NAT_AUSTRIAN && column))
		return rules_react.esquare_column_bonus;
	return 0;
}

/* No place for the emergency square clear of the charger: "the enemy
 * unit is simply moved back into contact".  The square takes the
 * placement nearest its centre that is clear but for the charger, and the
 * charger goes straight back, the way it came, until it is as far from the
 * square as it was from the unit (in contact): *back cm, which its way back
 * and its new place must allow, touching nothing new (else: *blocker). */
static bool room_from_charger(struct game *g, int unit, int charger, struct vec2 *centre,
                              double *back, int *blocker)
{
	struct unit *u = &g->units[unit], *c = &g->units[charger];
	const struct unit keep_u = *u, keep_c = *c;
	struct vec2 away = v2_scale(geom_dir(c->facing), -1);
	double gap = fmax(0, fmin(game_unit_distance(c, u), GEOM_CONTACT) - 1e-4), lo = 0, hi;
	struct obb fp = unit_footprint(c), end;
	struct mover m;
	struct sweep s;

	c->state = US_ELIMINATED;
	*blocker = formation_place_here(g, unit, FORM_ESQUARE, -1, centre, blocker) ? *blocker : -1;
	*c = keep_c;
	if (*blocker != -1)
		return false;
	u->form = FORM_ESQUARE;
	u->pos = *centre;
	grid_moved(g, unit);
	hi = 2 * (unit_radius(u) + unit_radius(c));
	while (hi - lo > 1e-6) {
		double mid = (lo + hi) / 2;
		c->pos = move_shift(fp, away, mid).c;
		if (game_unit_distance(c, u) >= gap)
			hi = mid;
		else
			lo = mid;
	}
	*back = hi;
	c->pos = keep_c.pos;
	move_mover_unit(g, charger, TMODE_MOVE, false, &m);
	m.through_friends = false;
	u->state = US_ELIMINATED; /* the unit it leaves is not in its way */
	move_sweep(g, &m, &fp, fp.c, away, *back, INFINITY, false, &s);
	u->state = keep_u.state;
	end = move_shift(fp, away, *back);
	m.target = unit;
	if (s.dist < *back - 1e-6)
		*blocker = s.why == STOP_EDGE ? BLOCK_EDGE : s.unit >= 0 ? s.unit : block_of_feature(s.feature);
	else
		*blocker = move_place_blocker(g, &m, &end, -1);
	*u = keep_u;
	grid_moved(g, unit);
	return *blocker == BLOCK_NONE;
}

/* Success squares the unit about its centre, failure costs two hits to a
 * unit a cavalry charge has reached. */
static int try_square(struct game *g, struct controller **ctl, int unit, int charger, int bonus,
                      bool contacted)
{
	struct unit *u = &g->units[unit];
	struct decision d = { .kind = DK_ESQUARE, .side = u->side, .unit = unit, .other = charger };
	char q[MSG_LEN];
	int blocker;
	const char *why = !bonus ? NULL : u->nat == NAT_AUSTRIAN ? "Austrian column" : "British column";
	char plus[64] = "";
	struct vec2 centre;
	double back = 0;
	/* It forms as any formation change does (one stand stays, the other
	 * forms around it, the clear placement nearest its centre), touching
	 * the charger it is in contact with but nothing new; failing that, the
	 * charger makes room.  With no room, there is no square to try. */
	if (formation_place_here(g, unit, FORM_ESQUARE, contacted ? charger : -1, &centre, &blocker) &&
	    (!contacted || !room_from_charger(g, unit, charger, &centre, &back, &blocker))) {
		game_log(g, "%s has no room to form an emergency square (it would touch %s).", u->id,
		         blocker >= 0 ? g->units[blocker].id
		         : blocker_is_feature(blocker) ? g->map.f[blocker_feature(blocker)].name
		                                       : "the table's edge");
		return 0;
	}
	if (why)
		snprintf(plus, sizeof plus, " %+d %s", bonus, why);
	snprintf(q, sizeof q, "%s: %s charges from over %g cm: try to form an emergency square "
	         "(%dD6%s >= %d)?", u->id, g->units[charger].id, rules_react.esquare_charge_from, rules_dice.test,
	         plus, rules_quality[u->rating]);
	d.question = q;
	decision_option(&d, "stand", "stand and fight", 0, 0);
	decision_option(&d, "square", "form an emergency square", 0, 0);
	if (game_decide(g, ctl, &d) < 0)
		return REACT_QUIT;
	if (d.choice != 1)
		return 0;
	unit_set_marker(u, MK_BLUE, true);
	if (react_quality_test(g, unit, bonus, why, "tries to form an emergency square")) {
		u->form = FORM_ESQUARE;
		u->pos = centre;
		grid_moved(g, unit);
		game_log(g, "%s forms an emergency square.", u->id);
		if (back > 0) {
			struct unit *c = &g->units[charger];
			c->pos = v2_sub(c->pos, v2_scale(geom_dir(c->facing), back));
			grid_moved(g, charger);
			game_log(g, "%s is moved %.1f cm straight back to make room for it, and stays in "
			         "contact with it.", c->id, back);
			event_unit_changed(g, charger);
		} else if (contacted) {
			/* The square never reaches into the charger; where it has
			 * left it, the charger is "moved back into contact",
			 * straight on. */
			struct unit *c = &g->units[charger];
			struct mover m;
			struct sweep s;
			struct obb fp = unit_footprint(c);
			if (game_unit_distance(c, u) > GEOM_CONTACT) {
				move_mover_unit(g, charger, TMODE_CHARGE, false, &m);
				m.target = unit;
				move_sweep(g, &m, &fp, fp.c, geom_dir(c->facing), 10, INFINITY, false, &s);
				if (s.why == STOP_TARGET) {
					c->pos = move_shift(fp, geom_dir(c->facing), s.dist).c;
					grid_moved(g, charger);
				}
			}
		}
		event_unit_changed(g, unit);
		return 1;
	}
	if (contacted && unit_is_cavalry(&g->units[charger])) {
		u->sp -= rules_react.esquare_fail_hits;
		game_log(g, "%s fails to form square and takes %d hits (%d SP left).", u->id,
		         rules_react.esquare_fail_hits, u->sp);
		if (u->sp <= unit_elimination_sp(u))
			react_eliminate(g, unit, "caught out of square by cavalry");
	}
	event_unit_changed(g, unit);
	return 0;
}

static int feint(struct game *g, struct controller **ctl, int charger, int square)
{
	struct unit *c = &g->units[charger];
	struct decision d = { .kind = DK_FEINT, .side = c->side, .unit = charger, .other = square };
	char q[MSG_LEN];
	struct mover m;
	struct sweep s;
	struct obb fp;
	struct vec2 back = v2_scale(geom_dir(c->facing), -1);
	snprintf(q, sizeof q, "%s faces an emergency square: turn the charge into a feint (%dD6 >= %d, "
	         "then back %g to %g cm)?", c->id, rules_dice.test, rules_quality[c->rating], rules_react.feint_min,
	         rules_react.feint_max);
	d.question = q;
	decision_option(&d, "stand", "stand and fight", 0, 0);
	decision_option(&d, "feint", "feint: fall back along the path (cm)", rules_react.feint_min,
	                rules_react.feint_max);
	decision_said(&d, "will try to feint, falling back # cm along its path");
	if (game_decide(g, ctl, &d) < 0)
		return REACT_QUIT;
	if (d.choice != 1 || !react_quality_test(g, charger, 0, NULL, "tries to feint"))
		return 0;
	fp = unit_footprint(c);
	move_mover_unit(g, charger, TMODE_MOVE, false, &m);
	m.through_friends = false;
	/* Backwards along its path: contact with anything ends it. */
	{
		struct unit saved = g->units[square];
		g->units[square].state = US_ELIMINATED; /* the square it leaves is no obstacle */
		move_sweep(g, &m, &fp, fp.c, back, d.value, INFINITY, false, &s);
		g->units[square] = saved;
		grid_moved(g, square);
	}
	if (s.dist < d.value - 1e-6) {
		react_eliminate(g, charger, "its feint ran into something behind it");
		return 1;
	}
	c->pos = move_shift(fp, back, d.value).c;
	grid_moved(g, charger);
	game_log(g, "%s feints back %.1f cm.", c->id, d.value);
	{
		struct decision p = { .kind = DK_FEINT_PIVOT, .side = c->side, .unit = charger };
		char pq[160];
		snprintf(pq, sizeof pq, "%s may pivot up to %g degrees (negative: to the left).", c->id,
		         rules_react.feint_pivot);
		p.question = pq;
		decision_option(&p, "none", "stay facing the square", 0, 0);
		decision_option(&p, "pivot", "pivot by (degrees)", -rules_react.feint_pivot,
		                rules_react.feint_pivot);
		decision_value(&p, "degrees", 0);
		decision_said(&p, "will pivot # degrees after its feint");
		if (game_decide(g, ctl, &p) < 0)
			return REACT_QUIT;
		if (p.choice == 1 && fabs(p.value) > 1e-9) {
			double to = c->facing + p.value;
			if (move_pivot_blocker(g, charger, c->facing, to) != -1) {
				react_eliminate(g, charger, "its pivot after the feint touched another unit");
				return 1;
			}
			c->facing = geom_norm_deg(to);
			game_log(g, "%s pivots to %.0f.", c->id, c->facing);
		}
	}
	c->acted |= UA_DONE;
	event_unit_changed(g, charger);
	return 1;
}

int react_contact(struct game *g, struct controller **ctl, int charger, int target, double start)
{
	struct unit *c = &g->units[charger], *t = &g->units[target];
	bool from_afar = start > rules_react.esquare_charge_from;
	bool was_engaged = in_contact_except(g, target, charger);

	if (t->state != US_ACTIVE || c->state != US_ACTIVE)
		return 0;
	/* A unit reacts once per initiative (the blue marker). */
	if (!unit_has_marker(t, MK_BLUE)) {
		struct decision d = { .side = t->side, .unit = target, .other = charger };
		char q[220];
		int square = unit_is_artillery(t) ? sheltering_square(g, target) : -1;
		bool flee = t->type == UT_HORSE_ART && unit_is_infantry(c) && !was_engaged;

		if (t->form == FORM_SKIRMISH && !unit_is_artillery(t)) {
			bool cav = unit_is_cavalry(t);
			double lo = cav ? rules_react.fallback_cav_min : rules_react.fallback_inf_min;
			double hi = cav ? rules_react.fallback_cav_max : rules_react.fallback_inf_max;
			d.kind = DK_FALLBACK;
			snprintf(q, sizeof q, "%s (skirmish line) is charged by %s: fall back %g to %g cm?",
			         t->id, c->id, lo, hi);
			d.question = q;
			decision_option(&d, "stand", "stand and fight", 0, 0);
			decision_option(&d, "fallback", "fall back (cm)", lo, hi);
			decision_value(&d, "cm", hi); /* the further, the safer */
			decision_said(&d, "will fall back # cm");
			if (game_decide(g, ctl, &d) < 0)
				return REACT_QUIT;
			if (d.choice == 1) {
				unit_set_marker(t, MK_BLUE, true);
				move_away(g, target, charger, d.value, lo, false, "falls back");
				breakthrough(g, charger);
				return 0;
			}
		} else if (flee || square >= 0) {
			d.kind = flee ? DK_FLEE : DK_CREWS;
			char fl[80];
			snprintf(fl, sizeof fl, "limber up and flee (%dD6 >= quality, or it is overrun)", rules_dice.test);
			snprintf(q, sizeof q, "%s is charged by %s: %s?", t->id, c->id,
			         flee && square >= 0 ? "limber up and flee, or send the crews into the square"
			         : flee ? fl
			                : "send the crews into the square beside it");
			d.question = q;
			decision_option(&d, "stand", "stand and fight", 0, 0);
			if (flee) {
				decision_option(&d, "flee", "limber up and flee (cm)", rules_react.flee_min,
				                rules_react.flee_max);
				decision_value(&d, "cm", rules_react.flee_max);
				decision_said(&d, "will try to limber up and flee # cm");
			}
			if (square >= 0)
				decision_option(&d, "crews", "crews flee into the square", 0, 0);
			if (game_decide(g, ctl, &d) < 0)
				return REACT_QUIT;
			if (d.choice > 0 && strcmp(d.opt[d.choice].key, "flee") == 0) {
				unit_set_marker(t, MK_BLUE, true);
				if (!react_quality_test(g, target, 0, NULL, "tries to limber up and flee"))
					react_eliminate(g, target, "it failed to limber up and was overrun");
				else
					move_away(g, target, charger, d.value, rules_react.flee_min, true,
					          "limbers up and flees");
				breakthrough(g, charger);
				return 0;
			}
			if (d.choice > 0 && strcmp(d.opt[d.choice].key, "crews") == 0) {
				unit_set_marker(t, MK_BLUE, true);
				unit_set_marker(t, MK_ORANGE, true);
				t->shelter = square + 1;
				shelter_marker(g, square);
				game_log(g, "%s's crews flee into %s: the guns are abandoned.", t->id,
				         g->units[square].id);
				breakthrough(g, charger);
				return 0;
			}
		}
	}
	/* Emergency squares against cavalry that charged from over 12 cm: the
	 * unit reached, then every formed infantry unit within 6 cm of it. */
	if (unit_is_cavalry(c) && from_afar) {
		int formed_square = 0, r, bonus;
		if ((bonus = react_esquare_bonus(g, charger, target, start)) >= 0) {
			if ((r = try_square(g, ctl, target, charger, bonus, true)) == REACT_QUIT)
				return REACT_QUIT;
			formed_square = r;
		}
		for (int i = 0; i < g->nunits; i++) {
			struct unit *n = &g->units[i];
			if (i == target || n->side != t->side || n->state != US_ACTIVE ||
			    (bonus = react_esquare_bonus(g, charger, i, start)) < 0 ||
			    game_unit_distance(n, t) > rules_react.esquare_nearby)
				continue;
			if (try_square(g, ctl, i, charger, bonus, false) == REACT_QUIT)
				return REACT_QUIT;
		}
		if (formed_square && t->state == US_ACTIVE && c->state == US_ACTIVE &&
		    feint(g, ctl, charger, target) == REACT_QUIT)
			return REACT_QUIT;
	}
	return 0;
}
