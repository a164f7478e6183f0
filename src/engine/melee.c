/* SPDX-License-Identifier: GPL-3.0-or-later */
/* melee: hand-to-hand combat by the rules' stages (formed infantry must
 * join in, cavalry may, squares may try to break out; the side with the
 * initiative first), then each group of units in contact fights an impact
 * round and melee rounds until one side of it is gone; and the
 * break-through phase that follows. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim.h"
#include "command.h"
#include "contact.h"
#include "control.h"
#include "game.h"
#include "bridge.h"
#include "grid.h"
#include "melee.h"
#include "move.h"
#include "react.h"
#include "rules.h"

#define MAX_ROUNDS 60
/* Break-through charge targets a question can offer beside the three
 * rallies. */
#define BT_TARGETS (DECISION_MAX_OPTIONS - 3)


static bool any_square(const struct unit *u)
{
	return u->form == FORM_SQUARE || u->form == FORM_ESQUARE;
}

/* ------------------------------------------------------------------ */
/* Who throws how many sets ("What happens during the impact round?",
 * "What happens in the melee rounds?") */

static void add_why(char *why, int size, const char *text)
{
	if (!why)
		return;
	if (why[0])
		strncat(why, ", ", (size_t)size - strlen(why) - 1);
	strncat(why, text, (size_t)size - strlen(why) - 1);
}

int melee_impact_sets(const struct game *g, int unit, int enemy, char *why, int size)
{
	const struct unit *u = &g->units[unit], *e = &g->units[enemy];
	int n = 0;
	if (why)
		why[0] = '\0';
	if (react_outflanks(g, unit, enemy)) {
		n++;
		add_why(why, size, "outflanks it");
	}
	if (unit_is_infantry(u) && u->form == FORM_SQUARE && unit_is_cavalry(e)) {
		n++;
		add_why(why, size, "solid square against cavalry");
	}
	if (unit_is_cavalry(u) && unit_formed(u) && (u->acted & UA_CHARGING) && !any_square(e)) {
		n++;
		add_why(why, size, "charging formed cavalry against a unit not in square");
	}
	if ((u->flags & UF_LANCER) && unit_is_infantry(e) && any_square(e)) {
		n++;
		add_why(why, size, "lancers against a square");
	}
	return n;
}

int melee_round_sets(const struct game *g, int unit, int enemy, char *why, int size)
{
	const struct unit *u = &g->units[unit], *e = &g->units[enemy];
	int n = 1;
	if (why) {
		why[0] = '\0';
		add_why(why, size, "every unit");
	}
	if (unit_is_infantry(u) && any_square(u) && unit_is_cavalry(e)) {
		n++;
		add_why(why, size, "square against cavalry");
	}
	if (unit_is_cavalry(u) && !unit_is_cavalry(e) && !any_square(e)) {
		n++;
		add_why(why, size, "cavalry against a unit not in square");
	}
	if (unit_formed(u) && !unit_formed(e)) {
		n++;
		add_why(why, size, "formed against unformed");
	}
	if (unit_is_infantry(u) && unit_formed(u) && unit_is_infantry(e) && any_square(e)) {
		n++;
		add_why(why, size, "formed infantry against a square");
	}
	return n;
}

/* Terrain (Mini-Nap 2): the enemy defends a general feature it stands
 * wholly inside (a landmark only if it is the unit defending it: "the
 * square on the landmark base is then considered to be in and defending
 * that landmark"), or a linear feature it touches without being on it
 * while the unit is partly on it; a unit in a stream (overlapping the
 * water: touching the bank is not being in it) fights one outside it at a
 * disadvantage.  Each such feature halves the unit's dice. */
int melee_halvings(const struct game *g, int unit, int enemy)
{
	const struct unit *u = &g->units[unit], *e = &g->units[enemy];
	struct vec2 ub[4], eb[4];
	struct shape us = unit_shape(u, ub), es = unit_shape(e, eb);
	struct index_set near = { 0 };
	double box[4];
	int n = 0;
	/* Only ground the two touch (or come within contact of) counts. */
	geom_bounds2(&us, &es, box);
	terrain_features_box(&g->map, box, 2 * GEOM_CONTACT, &near);
	for (int q = 0; q < near.n; q++) {
		int i = near.idx[q];
		const struct feature *f = &g->map.f[i];
		const struct terrain_rules *r = &rules_terrain[f->type];
		struct shape fs = feature_shape(f);
		if (!r->h2h)
			continue;
		if (f->type == TT_STREAM || f->type == TT_FORD) {
			if (geom_overlap(&us, &fs) && !geom_overlap(&es, &fs))
				n++;
		} else if (r->linear) {
			if (geom_contact(&es, &fs) && !geom_overlap(&es, &fs) && geom_overlap(&us, &fs))
				n++;
		} else if (f->type != TT_LANDMARK && f->type != TT_BRIDGE && terrain_wholly_in(f, &es)) {
			n++;
		}
	}
	index_set_free(&near);
	/* The landmark the enemy defends, wherever the two stand. */
	if (e->defends > 0 && e->defends <= g->map.nf && g->map.f[e->defends - 1].type == TT_LANDMARK &&
	    rules_terrain[TT_LANDMARK].h2h)
		n++;
	/* The unit defending a bridge has the advantage over the one that
	 * charged it over the bridge. */
	if (u->bridge && u->bridge_foe == enemy && bridge_holds(g, unit))
		n++;
	return n;
}

/* ------------------------------------------------------------------ */
/* Joining in */

/* Above rounding: a lane's gap never exceeds the way to contact. */
#define JOIN_LANE_MARGIN 0.01

/* Can a unit join against an enemy already in combat: pivot at most 90
 * degrees, then straight up to 6 cm into contact, touching nothing else
 * and crossing no forbidden ground.  Joining in is movement: the 6 cm are
 * an allowance, which ground and weather that halve the rate halve (the
 * weather through move_sweep).  The pivots are tried smallest first
 * (none, then 1 degree either way, clockwise first, up to 90): the first
 * that brings the unit onto the enemy, and that it can make without
 * touching anything, is the one it makes.  (A pivot after which no part
 * of the enemy lies in the lane ahead within the 6 cm cannot bring it
 * there: it is not swept.) */
static bool can_join(struct game *g, int unit, int enemy, double *facing, double *dist)
{
	struct unit *u = &g->units[unit];
	struct mover m;
	struct aim_lane lane;
	int steps = (int)floor(rules_melee.join_pivot + 1e-9);
	if (game_unit_distance(u, &g->units[enemy]) > rules_melee.join_range + 1e-9)
		return false;
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.target = enemy;
	m.through_friends = false;
	aim_lane(u, &g->units[enemy], &lane);
	for (int k = 0; k <= 2 * steps; k++) {
		double want = geom_norm_deg(u->facing + (k + 1) / 2 * (k % 2 ? 1.0 : -1.0));
		struct obb fp;
		struct sweep s;
		if (aim_lane_gap(&lane, want) > rules_melee.join_move + JOIN_LANE_MARGIN)
			continue;
		fp = unit_footprint_as(u->type, u->form, u->pos, want);
		move_sweep(g, &m, &fp, fp.c, geom_dir(want), rules_melee.join_move + 0.1, rules_melee.join_move, false,
		           &s);
		if (s.why != STOP_TARGET || s.dist > rules_melee.join_move + 1e-9)
			continue;
		if (k > 0 && move_pivot_blocker(g, unit, u->facing, want) != -1)
			continue;
		*facing = want;
		*dist = s.dist;
		return true;
	}
	return false;
}

/* Enemies already in combat with a friend of this side. */
static bool engaged(const struct game *g, int enemy)
{
	int tmp;
	return contact_enemies(g, enemy, &tmp, 1) > 0;
}

static bool joinable(struct game *g, int unit, int *target, double *facing, double *dist)
{
	const struct unit *u = &g->units[unit];
	double best = INFINITY;
	struct index_set near = { 0 };
	*target = -1;
	/* Only an enemy within the joining range can be joined against. */
	grid_units_near(g, unit, rules_melee.join_range + 1e-6, &near);
	for (int k = 0; k < near.n; k++) {
		int e = near.idx[k];
		double f, d;
		if (g->units[e].side == u->side || !unit_present(&g->units[e]) || !engaged(g, e))
			continue;
		if (can_join(g, unit, e, &f, &d) && d < best) {
			best = d;
			*target = e;
			*facing = f;
			*dist = d;
		}
	}
	index_set_free(&near);
	return *target >= 0;
}

static void join(struct game *g, int unit, int enemy, double facing, double dist)
{
	struct unit *u = &g->units[unit];
	struct obb start = unit_footprint_as(u->type, u->form, u->pos, facing);
	u->facing = facing;
	/* Joining in is a move, not a charge: enemy command stands in the
	 * way evade. */
	react_stands_passed(g, unit, start, geom_dir(facing), dist, false);
	u->pos = v2_add(u->pos, v2_scale(geom_dir(facing), dist));
	grid_moved(g, unit);
	{
		int k = command_attached_to(g, unit);
		if (k >= 0)
			g->cmdrs[k].pos = u->pos;
	}
	move_clear_stands(g, unit);
	game_log(g, "%s joins in against %s (%.1f cm).", u->id, g->units[enemy].id, dist);
}

/* Offer a unit the chance to join in; 1 if it did. */
static int offer_join(struct game *g, struct controller **ctl, int i, int e, double f, double d)
{
	struct decision dec = { .kind = DK_JOIN, .side = g->units[i].side, .unit = i, .other = e };
	char q[MSG_LEN];
	snprintf(q, sizeof q, "%s may join the fight against %s (%.1f cm away).", g->units[i].id,
	         g->units[e].id, d);
	dec.question = q;
	decision_option(&dec, "no", "stay out", 0, 0);
	decision_option(&dec, "join", "join in", 0, 0);
	if (game_decide(g, ctl, &dec) < 0)
		return REACT_QUIT;
	if (dec.choice != 1)
		return 0;
	join(g, i, e, f, d);
	return 1;
}

/* The stages for one side: formed infantry (must for the friendly side,
 * may for the other), then formed cavalry (may), then squares not in
 * contact (may try to break out). */
static int join_stages(struct game *g, struct controller **ctl, enum side side, bool must)
{
	for (int arm = 0; arm < 2; arm++)
		for (int i = 0; i < g->nunits; i++) {
			struct unit *u = &g->units[i];
			int e, tmp[1];
			double f, d;
			if (u->side != side || !unit_present(u) || !unit_formed(u) || any_square(u) ||
			    (arm == 0 ? !unit_is_infantry(u) : !unit_is_cavalry(u)) ||
			    unit_has_marker(u, MK_WHITE) || contact_enemies(g, i, tmp, 1) || !joinable(g, i, &e, &f, &d))
				continue;
			if (arm == 0 && must)
				join(g, i, e, f, d);
			else if (offer_join(g, ctl, i, e, f, d) == REACT_QUIT)
				return REACT_QUIT;
		}
	/* Stage 3: solid squares not in contact may try to break out. */
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		int tmp[1], e = -1;
		double f = 0, d = 0, best = INFINITY;
		struct decision dec = { .kind = DK_BREAKOUT, .side = side, .unit = i };
		struct index_set near = { 0 };
		char q[MSG_LEN];
		if (u->side != side || !unit_present(u) || u->form != FORM_SQUARE || (u->acted & UA_BROKE_OUT) ||
		    contact_enemies(g, i, tmp, 1))
			continue;
		/* Would a column facing the enemy reach it? */
		grid_units_near(g, i, rules_melee.join_range + 1e-6, &near);
		for (int c = 0; c < near.n; c++) {
			int k = near.idx[c];
			struct unit saved = *u;
			double kf, kd;
			if (g->units[k].side == side || !unit_present(&g->units[k]) || !engaged(g, k) ||
			    game_unit_distance(u, &g->units[k]) > rules_melee.join_range)
				continue;
			u->form = FORM_COLUMN;
			u->facing = geom_bearing(u->pos, g->units[k].pos);
			if (can_join(g, i, k, &kf, &kd) && kd < best) {
				best = kd;
				e = k;
				f = kf;
				d = kd;
			}
			*u = saved;
			grid_moved(g, i);
		}
		index_set_free(&near);
		if (e < 0)
			continue;
		snprintf(q, sizeof q, "%s (square) may try to break out and join against %s (%dD6 >= %d).",
		         u->id, g->units[e].id, rules_dice.test, rules_quality[u->rating]);
		dec.question = q;
		dec.other = e;
		decision_option(&dec, "no", "stay in square", 0, 0);
		decision_option(&dec, "try", "try to break out", 0, 0);
		if (game_decide(g, ctl, &dec) < 0)
			return REACT_QUIT;
		if (dec.choice != 1)
			continue;
		u->acted |= UA_BROKE_OUT;
		if (!react_quality_test(g, i, 0, NULL, "tries to break out of square"))
			continue;
		u->form = FORM_COLUMN;
		u->facing = f;
		game_log(g, "%s breaks out of square into column.", u->id);
		/* Terrain, landmarks: only the square on the landmark's base
		 * defends it; a unit that breaks out leaves it. */
		if (u->defends) {
			game_log(g, "%s no longer defends %s.", u->id, g->map.f[u->defends - 1].name);
			u->defends = 0;
		}
		join(g, i, e, f, d);
	}
	return 0;
}

/* Joining in (stages 1 to 6): the friendly side's stages, then the
 * enemy's.  In the hand-to-hand phase the friendly side is the one with the
 * initiative; in the break-through phase, the side whose unit is breaking
 * through (it declared the combat, by its charge or its rally). */
static int join_in(struct game *g, struct controller **ctl, enum side friendly)
{
	if (join_stages(g, ctl, friendly, true) == REACT_QUIT ||
	    join_stages(g, ctl, (enum side)!friendly, false) == REACT_QUIT)
		return REACT_QUIT;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Fighting */

/* How a unit's strength points are shared among the enemies it touches:
 * evenly unless its side chooses otherwise. */
static int split(struct game *g, struct controller **ctl, int unit, const int *foes, int n,
                 int *alloc)
{
	struct unit *u = &g->units[unit];
	int left = u->sp;
	for (int k = 0; k < n; k++)
		alloc[k] = u->sp / n + (k < u->sp % n ? 1 : 0);
	if (n < 2)
		return 0;
	for (int k = 0; k < n - 1; k++) {
		struct decision d = { .kind = DK_SPLIT, .side = u->side, .unit = unit, .other = foes[k] };
		char q[MSG_LEN], said[MSG_LEN];
		snprintf(q, sizeof q, "%s (%d SP) fights %d enemies: how many SP against %s?", u->id, u->sp,
		         n, g->units[foes[k]].id);
		d.question = q;
		snprintf(said, sizeof said, "puts # SP against %s (the rest against the others)",
		         g->units[foes[k]].id);
		decision_option(&d, "even", "share them evenly", 0, 0);
		decision_said(&d, "shares its SP evenly among the enemies it touches");
		decision_option(&d, "sp", "this many (the rest go on the others)", 0, left);
		decision_value(&d, "SP", alloc[k] < left ? alloc[k] : left);
		decision_said(&d, said);
		if (game_decide(g, ctl, &d) < 0)
			return REACT_QUIT;
		if (d.choice == 0)
			return 0; /* the even share already made */
		alloc[k] = (int)floor(d.value + 0.5);
		left -= alloc[k];
		if (k == n - 2)
			alloc[n - 1] = left;
		else
			for (int j = k + 1; j < n; j++)
				alloc[j] = left / (n - k - 1) + (j - k - 1 < left % (n - k - 1) ? 1 : 0);
	}
	return 0;
}

/* One unit's sets against one enemy: each set is 1D6 per allocated SP
 * (halved for the ground), a hit on the unit's quality number or more. */
static int halved(int dice, int halvings)
{
	for (int h = 0; h < halvings; h++)
		dice /= 2;
	return dice;
}

static int throw_sets(struct game *g, int unit, int enemy, int sp, int sets, const char *round,
                      const char *why)
{
	struct unit *u = &g->units[unit];
	int need = rules_quality[u->rating], halvings = melee_halvings(g, unit, enemy), hits = 0;
	int dice = halved(sp * rules_melee.dice_per_sp, halvings);
	for (int s = 0; s < sets; s++) {
		if (dice <= 0)
			continue;
		hits += game_roll_hits(g, dice, need, "%s: %s, set %d of %d against %s (%s; %d SP%s), hits on %d+",
		                       round, u->id, s + 1, sets, g->units[enemy].id, why, sp,
		                       halvings ? (halvings == 1 ? ", halved for the ground"
		                                                 : ", halved for the ground twice")
		                                : "",
		                       need);
	}
	return hits;
}

/* A round: every unit of the group in contact throws; losses at the end. */
static int fight_round(struct game *g, struct controller **ctl, const int *group, int n, bool impact,
                       int round)
{
	int *pending = calloc((size_t)g->nunits + 1, sizeof *pending);
	char label[32];
	if (!pending)
		return 0;
	snprintf(label, sizeof label, impact ? "Impact" : "Melee round %d", round);
	for (int k = 0; k < n; k++) {
		int u = group[k], foes[16], alloc[16], sets[16], nf = 0, all;
		char why[16][200];
		if (!unit_present(&g->units[u]))
			continue;
		/* Strength points go only at the enemies it throws at this round
		 * (at the impact, often none: then nothing to share). */
		all = contact_enemies(g, u, foes, 16);
		for (int j = 0; j < all; j++) {
			int ns = impact ? melee_impact_sets(g, u, foes[j], why[nf], sizeof why[nf])
			                : melee_round_sets(g, u, foes[j], why[nf], sizeof why[nf]);
			if (ns > 0) {
				sets[nf] = ns;
				foes[nf++] = foes[j];
			}
		}
		if (!nf)
			continue;
		if (split(g, ctl, u, foes, nf, alloc) == REACT_QUIT) {
			free(pending);
			return REACT_QUIT;
		}
		for (int j = 0; j < nf; j++)
			if (alloc[j] > 0)
				pending[foes[j]] += throw_sets(g, u, foes[j], alloc[j], sets[j], label, why[j]);
	}
	/* "losses ... removed at the end of the round". */
	for (int u = 0; u < g->nunits; u++) {
		struct unit *x = &g->units[u];
		if (!pending[u] || !unit_present(x))
			continue;
		x->sp -= pending[u];
		if (x->sp < 0)
			x->sp = 0;
		game_log(g, "%s loses %d SP (%d left).", x->id, pending[u], x->sp);
		if (x->sp <= unit_elimination_sp(x))
			react_eliminate(g, u, "destroyed in hand-to-hand combat");
		else {
			event_unit_changed(g, u);
		}
	}
	free(pending);
	return 0;
}

/* The units linked to one by contact (both sides). */
static int group_of(const struct game *g, int start, int *out, unsigned char *seen)
{
	int n = 0, head = 0;
	out[n++] = start;
	seen[start] = 1;
	while (head < n) {
		int u = out[head++];
		struct index_set near = { 0 };
		grid_contacts(g, u, &near);
		for (int k = 0; k < near.n; k++) {
			int i = near.idx[k];
			if (!seen[i] && contact_touching(g, u, i)) {
				seen[i] = 1;
				out[n++] = i;
			}
		}
		index_set_free(&near);
	}
	return n;
}

/* Could anybody in the group throw a die in a melee round?  Every unit
 * throws at least one set at each enemy it touches, with all its SP at
 * most; halving for the ground may leave none. */
static bool any_dice(const struct game *g, const int *group, int n)
{
	for (int k = 0; k < n; k++) {
		int foes[16], nf;
		if (!unit_present(&g->units[group[k]]))
			continue;
		nf = contact_enemies(g, group[k], foes, 16);
		for (int j = 0; j < nf; j++)
			if (halved(g->units[group[k]].sp, melee_halvings(g, group[k], foes[j])) > 0)
				return true;
	}
	return false;
}

/* A combat in which nobody has a die left to throw could never end as the
 * rules want (one side eliminated).  Our reading: it is broken off, and the
 * units of the side with the initiative step back out of contact as far
 * as the least rally back (3 cm of allowance for infantry, 6 for
 * cavalry) takes them. */
static void break_off(struct game *g, const int *group, int n)
{
	const struct breakthrough_rules *r = &rules_breakthrough;
	int tmp[1];
	enum side back = (enum side)g->initiative;
	bool any = false;
	for (int k = 0; k < n; k++)
		any |= g->units[group[k]].side == back && unit_present(&g->units[group[k]]);
	if (!any)
		back = (enum side)!back;
	game_log(g, "Nobody in the fight has a die left to throw: the combat is broken off.");
	for (int k = 0; k < n; k++) {
		struct unit *u = &g->units[group[k]];
		struct vec2 dir = v2_scale(geom_dir(u->facing), -1);
		struct obb fp = unit_footprint(u);
		double want = unit_is_cavalry(u) ? r->rally_back_cav_min : r->rally_back_inf_min;
		struct mover m;
		struct sweep s;
		if (u->side != back || !unit_present(u) || !contact_enemies(g, group[k], tmp, 1))
			continue;
		move_mover_unit(g, group[k], TMODE_MOVE, false, &m);
		m.through_friends = false;
		/* Leaving the contact it starts in is allowed. */
		move_sweep(g, &m, &fp, fp.c, dir, want, want, weather_all_half(g, m.tclass), &s);
		u->pos = move_shift(fp, dir, s.dist).c;
		grid_moved(g, group[k]);
		move_clear_stands(g, group[k]);
		game_log(g, "%s steps back %.1f cm.", u->id, s.dist);
	}
}

/* Fight a group to the end: the impact round, then melee rounds. */
static int fight_group(struct game *g, struct controller **ctl, int *group, int n)
{
	unsigned char *fought = calloc((size_t)g->nunits + 1, 1);
	int tmp[1];
	if (!fought)
		return 0;
	for (int k = 0; k < n; k++)
		fought[group[k]] = contact_enemies(g, group[k], tmp, 1) > 0;
	if (fight_round(g, ctl, group, n, true, 0) == REACT_QUIT) {
		free(fought);
		return REACT_QUIT;
	}
	/* Left with nobody to fight after the impact: a break-through. */
	for (int k = 0; k < n; k++) {
		struct unit *u = &g->units[group[k]];
		if (fought[group[k]] && unit_present(u) && !contact_enemies(g, group[k], tmp, 1) && !any_square(u) &&
		    !unit_is_artillery(u)) {
			unit_set_marker(u, MK_WHITE, true);
			game_log(g, "%s has no enemy left in contact after the impact: a break-through.", u->id);
		}
	}
	for (int round = 1; round <= MAX_ROUNDS; round++) {
		bool any = false;
		for (int k = 0; k < n && !any; k++)
			any = unit_present(&g->units[group[k]]) && contact_enemies(g, group[k], tmp, 1) > 0;
		if (!any)
			break;
		if (!any_dice(g, group, n)) {
			break_off(g, group, n);
			break;
		}
		if (fight_round(g, ctl, group, n, false, round) == REACT_QUIT) {
			free(fought);
			return REACT_QUIT;
		}
	}
	/* The combat a charge began is over: whoever charged into it is no
	 * longer charging (a later impact, say after a rally, is not its). */
	for (int k = 0; k < n; k++)
		g->units[group[k]].acted &= ~(unsigned)UA_CHARGING;
	bridge_tidy(g);
	free(fought);
	return 0;
}

int melee_fight_around(struct game *g, struct controller **ctl, int unit)
{
	unsigned char *seen = calloc((size_t)g->nunits + 1, 1);
	int *group = calloc((size_t)g->nunits + 1, sizeof *group), n, r = 0, tmp[1];
	if (!seen || !group) {
		free(seen);
		free(group);
		return 0;
	}
	/* A combat of the break-through phase is fought like any other: the
	 * joining-in stages first, as in the hand-to-hand phase. */
	if (unit_present(&g->units[unit]) && contact_enemies(g, unit, tmp, 1) &&
	    (r = join_in(g, ctl, g->units[unit].side)) != REACT_QUIT) {
		n = group_of(g, unit, group, seen);
		r = fight_group(g, ctl, group, n);
	}
	free(seen);
	free(group);
	return r;
}

int melee_phase(struct game *g, struct controller **ctl)
{
	enum side first = (enum side)g->initiative;
	unsigned char *seen;
	int *group, tmp[1], fights = 0;

	bridge_tidy(g);
	/* Anyone in contact at all? */
	for (int i = 0; i < g->nunits && !fights; i++)
		if (unit_present(&g->units[i]) && contact_enemies(g, i, tmp, 1))
			fights = 1;
	if (!fights)
		return 0;
	game_log(g, "Hand-to-hand combat.");
	if (join_in(g, ctl, first) == REACT_QUIT)
		return REACT_QUIT;
	seen = calloc((size_t)g->nunits + 1, 1);
	group = calloc((size_t)g->nunits + 1, sizeof *group);
	if (!seen || !group) {
		free(seen);
		free(group);
		return 0;
	}
	for (int i = 0; i < g->nunits; i++) {
		int n;
		if (seen[i] || !unit_present(&g->units[i]) || !contact_enemies(g, i, tmp, 1))
			continue;
		n = group_of(g, i, group, seen);
		if (fight_group(g, ctl, group, n) == REACT_QUIT) {
			free(seen);
			free(group);
			return REACT_QUIT;
		}
	}
	free(seen);
	free(group);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The break-through phase */

static int rally(struct game *g, struct controller **ctl, int unit, struct vec2 dir, double want,
                 const char *what)
{
	struct unit *u = &g->units[unit];
	struct obb fp = unit_footprint(u);
	struct mover m;
	struct sweep s;
	double moved;
	bool caught;
	/* A rally is a move like any other: the cm chosen are movement
	 * allowance, and half-rate ground costs double. */
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	move_sweep(g, &m, &fp, fp.c, dir, want, want, weather_all_half(g, m.tclass), &s);
	if (s.why == STOP_ALLOWANCE) {
		game_log(g, "%s %s: its %.1f cm of allowance carry it %.1f cm at half rate.", u->id, what,
		         want, s.dist);
		want = s.dist;
	} else if (s.dist < want - 1e-6) {
		game_log(g, "%s %s only %.1f cm (it may touch nothing on the way).", u->id, what, s.dist);
		want = s.dist;
	}
	if (react_moving(g, ctl, unit, dir, want, -1, &moved, &caught) == REACT_QUIT)
		return REACT_QUIT;
	game_log(g, "%s %s %.1f cm.", u->id, what, moved);
	if (caught)
		return melee_fight_around(g, ctl, unit);
	move_clear_stands(g, unit);
	return 0;
}

/* One unit's break-through: its choice, then what follows (a charge may
 * earn another break-through). */
static int breakthrough(struct game *g, struct controller **ctl, int unit)
{
	struct unit *u = &g->units[unit];
	bool cav = unit_is_cavalry(u);
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	const struct breakthrough_rules *r = &rules_breakthrough;
	for (int chain = 0; chain < 20 && unit_present(u) && unit_has_marker(u, MK_WHITE); chain++) {
		struct decision d = { .kind = DK_BREAKTHROUGH, .side = u->side, .unit = unit };
		char q[MSG_LEN], keys[BT_TARGETS][24], labels[BT_TARGETS][80], rally_label[64];
		int targets[BT_TARGETS], nt = 0;
		double dist[BT_TARGETS];
		struct index_set near = { 0 };
		unit_set_marker(u, MK_WHITE, false);
		/* Every enemy a break-through charge could reach now, nearest
		 * first (as many as a question can offer). */
		if (ma && ma->charge > 0)
			grid_units_near(g, unit, ma->charge + 1e-6, &near);
		for (int c = 0; c < near.n; c++) {
			int e = near.idx[c], at;
			char why[MSG_LEN];
			double de = game_unit_distance(u, &g->units[e]);
			if (g->units[e].side == u->side || !unit_present(&g->units[e]) || de > ma->charge ||
			    (nt == BT_TARGETS && de >= dist[nt - 1]) ||
			    order_charge_check(g, unit, e, true, why, sizeof why) < 0)
				continue;
			at = nt < BT_TARGETS ? nt++ : nt - 1;
			for (; at > 0 && dist[at - 1] > de; at--) {
				targets[at] = targets[at - 1];
				dist[at] = dist[at - 1];
			}
			targets[at] = e;
			dist[at] = de;
		}
		index_set_free(&near);
		for (int k = 0; k < nt; k++) {
			snprintf(keys[k], sizeof keys[k], "charge-%.16s", g->units[targets[k]].id);
			snprintf(labels[k], sizeof labels[k], "charge %s (one hit first)", g->units[targets[k]].id);
		}
		snprintf(q, sizeof q, "%s has a break-through: rally or charge again.", u->id);
		d.question = q;
		snprintf(rally_label, sizeof rally_label, "stop and rally (pivot up to %g degrees)", r->rally_pivot);
		decision_option(&d, "stop", rally_label, -r->rally_pivot, r->rally_pivot);
		decision_value(&d, "degrees", 0);
		decision_said(&d, "will stop and rally, pivoting # degrees");
		decision_option(&d, "back", "rally back (cm)", cav ? r->rally_back_cav_min : r->rally_back_inf_min,
		                cav ? r->rally_back_cav_max : r->rally_back_inf_max);
		decision_said(&d, "will rally back # cm");
		decision_option(&d, "forward", "rally forward (cm)", 0,
		                cav ? r->rally_forward_cav : r->rally_forward_inf);
		decision_value(&d, "cm", cav ? r->rally_forward_cav : r->rally_forward_inf);
		decision_said(&d, "will rally forward # cm");
		for (int k = 0; k < nt; k++)
			decision_option(&d, keys[k], labels[k], 0, 0);
		if (game_decide(g, ctl, &d) < 0)
			return REACT_QUIT;
		switch (d.choice) {
		case 0:
			if (fabs(d.value) > 1e-9) {
				double to = u->facing + d.value;
				if (move_pivot_blocker(g, unit, u->facing, to) == -1) {
					u->facing = geom_norm_deg(to);
					game_log(g, "%s stops and rallies, pivoting to %.0f.", u->id, u->facing);
				} else {
					game_log(g, "%s stops and rallies (its pivot would touch another unit).", u->id);
				}
			} else {
				game_log(g, "%s stops and rallies.", u->id);
			}
			return 0;
		case 1:
			return rally(g, ctl, unit, v2_scale(geom_dir(u->facing), -1), d.value, "rallies back");
		case 2:
			return rally(g, ctl, unit, geom_dir(u->facing), d.value, "rallies forward");
		default: {
			int target = targets[d.choice - 3];
			char why[MSG_LEN];
			int res;
			/* One hit marker first (fatigue). */
			u->sp -= r->charge_hits;
			game_log(g, "%s takes a hit for its break-through charge (%d SP left).", u->id, u->sp);
			if (u->sp <= unit_elimination_sp(u)) {
				react_eliminate(g, unit, "exhausted by its break-through charge");
				return 0;
			}
			res = order_charge(g, ctl, unit, target, true, why, sizeof why);
			if (res == ORDER_QUIT)
				return REACT_QUIT;
			if (res < 0) {
				game_log(g, "%s cannot charge %s after all: %s; it stops and rallies.", u->id,
				         g->units[target].id, why);
				return 0;
			}
			if (melee_fight_around(g, ctl, unit) == REACT_QUIT)
				return REACT_QUIT;
			/* An impact that leaves it alone earns another. */
		}
		}
	}
	return 0;
}

int melee_breakthrough_phase(struct game *g, struct controller **ctl)
{
	enum side sides[2] = { (enum side)g->initiative, (enum side)!g->initiative };
	bool any = false;
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		/* Every charge of the initiative has had its combat (or met
		 * none: a feint, a target that fell back); only a break-through
		 * charge makes a unit a charger again. */
		u->acted &= ~(unsigned)UA_CHARGING;
		/* Squares and artillery never break through. */
		if (unit_has_marker(u, MK_WHITE) && (any_square(u) || unit_is_artillery(u)))
			unit_set_marker(u, MK_WHITE, false);
		if (unit_present(u) && unit_has_marker(u, MK_WHITE))
			any = true;
	}
	if (!any)
		return 0;
	game_log(g, "Break-through phase.");
	for (int k = 0; k < 2; k++) {
		/* A side goes on until it has no break-through left: a unit that
		 * joined one of its combats, even one met earlier in the order of
		 * battle, may have obtained one.  Every break-through charge costs
		 * a hit and an enemy reacts once an initiative, so this ends; the
		 * bound is only a guard. */
		for (int pass = 0, again = 1; again && pass < 4 * g->nunits + 4; pass++) {
			again = 0;
			for (int i = 0; i < g->nunits; i++) {
				struct unit *u = &g->units[i];
				if (u->side != sides[k] || !unit_present(u) || !unit_has_marker(u, MK_WHITE))
					continue;
				if (breakthrough(g, ctl, i) == REACT_QUIT)
					return REACT_QUIT;
				again = 1;
			}
		}
		if (k == 0)
			continue;
		/* The side with the initiative loses any break-throughs the other
		 * side's actions gave it. */
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].side == sides[0])
				unit_set_marker(&g->units[i], MK_WHITE, false);
	}
	return 0;
}
