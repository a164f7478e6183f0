/* SPDX-License-Identifier: GPL-3.0-or-later */
/* volley: a shot from start to finish.  fire.c decides whether a shot is
 * eligible and with how many dice; this file throws them, takes the
 * losses, and gives the other side what the rules then allow it: return
 * fire from the target, supporting fire from its artillery within 6 cm,
 * and, before a battery fires, suppression by its skirmishers. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "control.h"
#include "fire.h"
#include "game.h"
#include "react.h"
#include "rules.h"
#include "volley.h"

#define REFUSED (-1)

/* May this unit fire now at all (markers and what it did this
 * initiative)?  NULL if so, else why not. */
const char *volley_may_fire(const struct game *g, const struct unit *u)
{
	(void)g;
	if (u->state != US_ACTIVE)
		return "it is not on the table";
	if (unit_has_marker(u, MK_YELLOW))
		return "it has a yellow marker (it returned fire or was suppressed)";
	if (unit_abandoned(u))
		return "its guns are abandoned";
	if (u->acted & UA_FIRED)
		return "it has already fired this initiative";
	if (u->acted & UA_DIVMOVE)
		return "units of a division manoeuvre may not fire in the firing phase that follows it, "
		       "whether they moved or not";
	if (u->acted & UA_NO_FIRE) {
		/* The text quotes the table, so it is made here; one at a time. */
		static char why[MSG_LEN];
		snprintf(why, sizeof why, "artillery that turned over %g degrees, redeployed or crossed a bridge this "
		         "initiative may not fire", rules_special.pivot_charge_limit);
		return why;
	}
	return NULL;
}

/* "When a unit that is not in command wishes to fire": 1D6 >= quality. */
static bool command_test(struct game *g, int unit)
{
	if (command_status(g, &g->units[unit], NULL) != CS_NOT_IN_COMMAND)
		return true;
	if (react_quality_test(g, unit, 0, NULL, "tests to fire (not in command)"))
		return true;
	game_log(g, "%s does not fire.", g->units[unit].id);
	return false;
}

/* A structure holding the target (a village, landmark or bridge it
 * touches), or -1. */
static int structure_of(const struct game *g, int unit)
{
	struct vec2 b[4];
	struct shape s = unit_shape(&g->units[unit], b);
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		if (f->strength > 0 && f->damage < f->strength && rules_terrain[f->type].structure &&
		    terrain_touches(f, &s))
			return i;
	}
	return -1;
}

/* Structural damage (terrain guidelines): 1D6 of 1 or 2 is a hit (two for
 * heavy guns); enough hits and the place is rubble, passable rough ground,
 * and a destroyed bridge is gone. */
static void structural_damage(struct game *g, int firer, int feature)
{
	struct feature *f = &g->map.f[feature];
	const struct terrain_limits *t = &rules_terrain_limits;
	int roll = game_roll(g, t->damage_dice, NULL, "%s's fire on %s: structural damage on %d or less", g->units[firer].id,
	                     f->name, t->damage_roll_max);
	int hits;
	if (roll > t->damage_roll_max)
		return;
	hits = g->units[firer].weight == WEIGHT_HEAVY ? t->damage_hits_heavy : t->damage_hits_light;
	f->damage += hits;
	game_log(g, "%s takes %d structural hit%s (%d of %d).", f->name, hits, hits == 1 ? "" : "s",
	         f->damage, f->strength);
	if (f->damage >= f->strength) {
		if (f->type == TT_BRIDGE) {
			game_log(g, "%s is destroyed and can no longer be crossed.", f->name);
		} else {
			game_log(g, "%s is destroyed: it is now passable rough ground.", f->name);
			f->type = TT_ROUGH;
			f->impassable = false;
		}
		g->terrain_version++;
	}
}

/* Throw a shot's dice and take its losses. */
static void shoot(struct game *g, const struct fire_shot *s, const char *how)
{
	struct unit *u = &g->units[s->firer], *t = &g->units[s->target];
	int faces[64], sum, hits;
	if (s->dice <= 0) {
		game_log(g, "%s %s %s: no dice (%s).", u->id, how, t->id, s->detail);
		return;
	}
	sum = game_roll(g, s->dice, faces, "%s %s %s at %.1f cm (%s)", u->id, how, t->id, s->range,
	                s->detail);
	hits = fire_hits(sum);
	if (!hits) {
		game_log(g, "No hits.");
		return;
	}
	t->sp -= hits;
	if (t->sp < 0)
		t->sp = 0;
	game_log(g, "%d hit%s: %s has %d SP left.", hits, hits == 1 ? "" : "s", t->id, t->sp);
	if (t->sp <= unit_elimination_sp(t))
		react_eliminate(g, s->target, "shot to pieces");
	else
		event_unit_changed(g, s->target);
}

/* A unit of the side without the initiative answers fire: the target
 * returning it, or artillery supporting it. */
static int answer_fire(struct game *g, struct controller **ctl, int unit, int at, enum decision_kind kind)
{
	struct unit *u = &g->units[unit];
	struct fire_shot s;
	struct decision d = { .kind = kind, .side = u->side, .unit = unit, .other = at };
	char q[FIRE_TEXT_LEN + 100];
	if (volley_may_fire(g, u) || (u->acted & UA_RETURNED) || !fire_check(g, unit, at, NULL, &s) || s.dice <= 0)
		return 0;
	snprintf(q, sizeof q, "%s may %s %s with %d %s (%s).", u->id,
	         kind == DK_RETURN_FIRE ? "return fire at" : "support with fire at", g->units[at].id, s.dice,
	         s.dice == 1 ? "die" : "dice", s.detail);
	d.question = q;
	decision_option(&d, "hold", "hold its fire", 0, 0);
	decision_option(&d, "fire", kind == DK_RETURN_FIRE ? "return fire" : "fire in support", 0, 0);
	if (game_decide(g, ctl, &d) < 0)
		return REACT_QUIT;
	if (d.choice != 1)
		return 0;
	/* It fires once per initiative, and shows it with a yellow marker.
	 * No command test: "a unit that is not in command ... still returns
	 * fire as normal"; only firing at will needs it. */
	u->acted |= UA_RETURNED;
	unit_set_marker(u, MK_YELLOW, true);
	shoot(g, &s, kind == DK_RETURN_FIRE ? "returns fire at" : "fires in support at");
	return 0;
}

/* Before a battery fires, skirmishers that have it as a target may
 * suppress it (and a second battery when they are 5 SP or more). */
static int suppression(struct game *g, struct controller **ctl, int battery, bool *suppressed)
{
	*suppressed = false;
	for (int i = 0; i < g->nunits && !*suppressed; i++) {
		struct unit *k = &g->units[i];
		struct fire_shot s;
		struct decision d = { .kind = DK_SUPPRESS, .side = k->side, .unit = i, .other = battery };
		char q[MSG_LEN];
		if (k->side == g->units[battery].side || !unit_is_infantry(k) || unit_formed(k) ||
		    volley_may_fire(g, k) || (k->acted & UA_RETURNED) || !fire_check(g, i, battery, NULL, &s))
			continue;
		snprintf(q, sizeof q, "%s may suppress %s before it fires (yellow markers on both).", k->id,
		         g->units[battery].id);
		d.question = q;
		decision_option(&d, "no", "let it fire", 0, 0);
		decision_option(&d, "suppress", "issue suppression fire", 0, 0);
		if (game_decide(g, ctl, &d) < 0)
			return REACT_QUIT;
		if (d.choice != 1)
			continue;
		k->acted |= UA_RETURNED;
		unit_set_marker(k, MK_YELLOW, true);
		unit_set_marker(&g->units[battery], MK_YELLOW, true);
		g->units[battery].acted |= UA_FIRED;
		*suppressed = true;
		game_log(g, "%s's skirmish fire suppresses %s: it cannot fire.", k->id, g->units[battery].id);
		/* With 5 SP or more, a second battery it could fire at. */
		if (k->sp >= rules_fire.suppress_sp) {
			for (int j = 0; j < g->nunits; j++) {
				struct unit *b = &g->units[j];
				struct fire_shot s2;
				struct decision d2 = { .kind = DK_SUPPRESS, .side = k->side, .unit = i, .other = j };
				char q2[300];
				if (j == battery || b->side == k->side || !unit_is_artillery(b) || volley_may_fire(g, b) ||
				    !fire_check(g, i, j, NULL, &s2))
					continue;
				snprintf(q2, sizeof q2, "%s may also suppress %s (it is 5 SP or more).", k->id, b->id);
				d2.question = q2;
				decision_option(&d2, "no", "leave it", 0, 0);
				decision_option(&d2, "suppress", "suppress it too", 0, 0);
				if (game_decide(g, ctl, &d2) < 0)
					return REACT_QUIT;
				if (d2.choice == 1) {
					unit_set_marker(b, MK_YELLOW, true);
					game_log(g, "%s suppresses %s as well.", k->id, b->id);
					break;
				}
			}
		}
	}
	return 0;
}

int volley_fire(struct game *g, struct controller **ctl, int firer, int target,
                const struct vec2 *aim, char *why, size_t size)
{
	struct unit *u = &g->units[firer];
	struct fire_shot s;
	const char *no;
	bool suppressed;
	int structure;

	if ((no = volley_may_fire(g, u))) {
		snprintf(why, size, "%s cannot fire: %s", u->id, no);
		return REFUSED;
	}
	if (!fire_check(g, firer, target, aim, &s)) {
		snprintf(why, size, "%s", s.why);
		return REFUSED;
	}
	u->acted |= UA_FIRED;
	if (unit_is_artillery(u)) {
		if (suppression(g, ctl, firer, &suppressed) == REACT_QUIT)
			return REACT_QUIT;
		if (suppressed)
			return 0;
	}
	if (!command_test(g, firer))
		return 0;
	structure = unit_is_artillery(u) ? structure_of(g, target) : -1;
	shoot(g, &s, "fires at");
	if (structure >= 0)
		structural_damage(g, firer, structure);
	/* The other side answers: the target returns fire, then artillery
	 * within 6 cm of it supports ("Artillery Supporting Return Fire"),
	 * measured to where the target stood when the shot eliminated it:
	 * the friends it was fired at beside are still there to answer. */
	if (g->units[target].side != (enum side)g->initiative) {
		if (g->units[target].state == US_ACTIVE &&
		    answer_fire(g, ctl, target, firer, DK_RETURN_FIRE) == REACT_QUIT)
			return REACT_QUIT;
		for (int i = 0; i < g->nunits && u->state == US_ACTIVE; i++) {
			struct unit *a = &g->units[i];
			if (i == target || a->side == u->side || !unit_is_artillery(a) || a->state != US_ACTIVE)
				continue;
			if (game_unit_distance(a, &g->units[target]) > rules_fire.support_range)
				continue;
			if (answer_fire(g, ctl, i, firer, DK_SUPPORT_FIRE) == REACT_QUIT)
				return REACT_QUIT;
		}
	}
	return 0;
}

int volley_bombard(struct game *g, struct controller **ctl, int firer, int feature, char *why,
                   size_t size)
{
	struct unit *u = &g->units[firer];
	struct feature *f;
	struct fire_shot s;
	const char *no;
	bool suppressed;

	if (!unit_is_artillery(u)) {
		snprintf(why, size, "only artillery damages buildings and bridges");
		return REFUSED;
	}
	if ((no = volley_may_fire(g, u))) {
		snprintf(why, size, "%s cannot fire: %s", u->id, no);
		return REFUSED;
	}
	if (feature < 0 || feature >= g->map.nf) {
		snprintf(why, size, "no such terrain feature");
		return REFUSED;
	}
	f = &g->map.f[feature];
	if (!rules_terrain[f->type].structure || f->strength <= 0) {
		snprintf(why, size, "%s is not a building or a bridge", f->name);
		return REFUSED;
	}
	if (f->damage >= f->strength) {
		snprintf(why, size, "%s is already destroyed", f->name);
		return REFUSED;
	}
	for (int i = 0; i < g->nunits; i++) {
		struct vec2 ob[4];
		struct shape os;
		if (g->units[i].side == u->side || !unit_present(&g->units[i]))
			continue;
		os = unit_shape(&g->units[i], ob);
		if (terrain_touches(f, &os)) {
			snprintf(why, size, "%s holds %s: fire at the unit (the structure may suffer too)",
			         g->units[i].id, f->name);
			return REFUSED;
		}
	}
	/* The firing restrictions of any shot: the firer, its facing, range,
	 * sight and zone of fire, aimed at a point on the structure. */
	if (!fire_check_feature(g, firer, feature, NULL, &s)) {
		snprintf(why, size, "%s", s.why);
		return REFUSED;
	}
	u->acted |= UA_FIRED;
	/* Declared artillery fire: the enemy's skirmishers may suppress it. */
	if (suppression(g, ctl, firer, &suppressed) == REACT_QUIT)
		return REACT_QUIT;
	if (suppressed)
		return 0;
	if (!command_test(g, firer))
		return 0;
	game_log(g, "%s bombards %s at %.1f cm (%s).", u->id, f->name, s.range, s.detail);
	structural_damage(g, firer, feature);
	return 0;
}
