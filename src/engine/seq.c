/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seq: "The Sequence of Play": 2D6 each at the start of a Turn, 3D6 for
 * the side that had the last initiative against 2D6 after it, ties thrown
 * again; brigades chosen once a Turn; manoeuvre, firing, hand-to-hand and
 * break-through phases; markers removed when a side wins the initiative
 * and at the end of the Turn. */
#include "config.h"

#include <math.h>

#include "command.h"
#include "control.h"
#include "deploy.h"
#include "game.h"
#include "grid.h"
#include "melee.h"
#include "move.h"
#include "react.h"
#include "rules.h"
#include "seq.h"
#include "victory.h"

void seq_start_battle(struct game *g)
{
	char clock[8];
	map_finish(&g->map);
	deploy_garrisons(g);
	orbat_roll_ratings(g);
	weather_setup(g);
	for (int i = 0; i < g->nunits; i++)
		g->units[i].sp0 = g->units[i].sp;
	game_log(g, "%s: %d Turns from %s, weather %s.", g->title[0] ? g->title : "Battle",
	         g->turns, weather_clock(g, 1, clock), weather_names[g->wx.weather].label);
}

bool seq_brigade_available(const struct game *g, int brigade)
{
	int n;
	const int *us = grid_brigade_units(g, brigade, &n);
	if (g->brigs[brigade].used)
		return false;
	for (int k = 0; k < n; k++) {
		int i = us ? us[k] : k;
		if (g->units[i].brigade == brigade && g->units[i].state == US_ACTIVE)
			return true;
	}
	return false;
}

int seq_brigades_left(const struct game *g, enum side side)
{
	int n = 0;
	for (int b = 0; b < g->nbrigs; b++)
		if (brigade_side(g, b) == side && seq_brigade_available(g, b))
			n++;
	return n;
}

int seq_pending_division(const struct game *g, enum side side)
{
	if (g->phase != PHASE_INITIATIVE)
		return -1;
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		if (c->level == CL_DIVISION && c->side == side && c->state == US_ACTIVE &&
		    c->moved_turn == g->turn && c->moved_init == g->initiatives)
			return c->of;
	}
	return -1;
}

bool seq_division_available(const struct game *g, int division)
{
	for (int b = 0; b < g->nbrigs; b++)
		if (g->brigs[b].division == division && seq_brigade_available(g, b))
			return true;
	return false;
}

static void clear_markers(struct game *g, int side, unsigned mask)
{
	for (int i = 0; i < g->nunits; i++)
		if (side < 0 || g->units[i].side == (enum side)side)
			g->units[i].markers &= ~mask;
}

enum side seq_throw_initiative(struct game *g, int dice_a, int dice_b)
{
	for (;;) {
		int a = game_roll(g, dice_a, NULL, "%s throw for the initiative", g->side[SIDE_A].name);
		int b = game_roll(g, dice_b, NULL, "%s throw for the initiative", g->side[SIDE_B].name);
		if (a != b)
			return a > b ? SIDE_A : SIDE_B;
		game_log(g, "A tie: both sides throw again.");
	}
}

/* A side has won (or kept, or been given) the initiative. */
static void win_initiative(struct game *g, enum side side)
{
	struct event ev = { .kind = EV_PHASE, .unit = -1 };
	g->initiative = side;
	g->initiatives++;
	g->phase = PHASE_INITIATIVE;
	g->active_brigade = -1;
	g->current_unit = -1;
	g->divmove = -1;
	game_drop_undo(g);
	/* "removes all blue markers ... whenever that player next wins the
	 * initiative"; yellow markers likewise. */
	clear_markers(g, side, 1u << MK_BLUE | 1u << MK_YELLOW);
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		u->acted = 0;
		u->pivoted = 0;
		u->used = 0;
		/* Emergency squares become solid squares on the next initiative. */
		if (u->form == FORM_ESQUARE)
			u->form = FORM_SQUARE;
	}
	game_log(g, "%s have the initiative (%d brigade%s to choose from).", g->side[side].name,
	         seq_brigades_left(g, side), seq_brigades_left(g, side) == 1 ? "" : "s");
	event_emit(g, &ev);
}

/* Reserves come on at the start of their Turn, where there is room. */
static void arrivals(struct game *g)
{
	struct vec2 buf[4];
	for (int i = 0; i < g->nunits; i++) {
		struct unit *u = &g->units[i];
		struct mover m;
		struct obb fp;
		int k;
		if (u->state != US_RESERVE || u->arrive_turn > g->turn)
			continue;
		fp = unit_footprint(u);
		move_mover_unit(g, i, TMODE_MOVE, false, &m);
		k = move_place_blocker(g, &m, &fp, -1);
		if (k >= 0 || k == BLOCK_EDGE) {
			game_log(g, "%s cannot come on: its place is taken%s%s.", u->name,
			         k >= 0 ? " by " : "", k >= 0 ? g->units[k].name : "");
			continue;
		}
		u->state = US_ACTIVE;
		game_log(g, "%s arrives on the field.", u->name);
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		struct commander *c = &g->cmdrs[i];
		if (c->state != US_RESERVE || c->arrive_turn > g->turn)
			continue;
		if (c->attached >= 0 && g->units[c->attached].state != US_ACTIVE)
			continue;
		if (c->attached < 0) {
			/* As a unit's: its place must be clear of every unit. */
			struct shape cs = commander_shape(c);
			int k = -1;
			for (int j = 0; j < g->nunits && k < 0; j++) {
				struct shape us;
				if (!unit_present(&g->units[j]))
					continue;
				us = unit_shape(&g->units[j], buf);
				if (geom_overlap(&cs, &us))
					k = j;
			}
			if (k >= 0) {
				game_log(g, "%s cannot come on: his place is taken by %s.", c->name, g->units[k].name);
				continue;
			}
		}
		c->state = US_ACTIVE;
		if (c->attached >= 0)
			c->pos = g->units[c->attached].pos;
		game_log(g, "%s arrives on the field.", c->name);
	}
}

/* The weather for the coming Turns (weather guidelines): the side with the
 * initiative throws 1D6 and 2D6 when the sky's spell runs out. */
static void weather_turn(struct game *g)
{
	struct weather_state *w = &g->wx;
	const struct weather_rules *r = &rules_weather_misc;
	int d1, f2[6], d2, spell;
	bool doubles, better;

	if (w->settled_clear)
		return;
	if (w->weather == WX_CLEAR || w->weather == WX_HOT)
		return;
	if (w->weather == WX_FOG && weather_minutes(g, g->turn) >= r->fog_clears_at_hour * 60) {
		w->settled_clear = true;
		w->sky = SKY_CLEAR;
		w->sky_sight = 0;
		game_log(g, "Noon: the fog has lifted for good.");
		return;
	}
	if (w->sky_turns > 0) {
		w->sky_turns--;
		return;
	}
	d1 = game_roll(g, r->spell_dice, NULL, "%s: weather, the single die", g->side[g->initiative].name);
	d2 = game_roll(g, r->pair_dice, f2, "%s: weather, the pair", g->side[g->initiative].name);
	/* A double: every die of the pair alike. */
	doubles = true;
	for (int i = 1; i < r->pair_dice; i++)
		doubles = doubles && f2[i] == f2[0];
	better = d2 > d1;
	spell = d1;
	switch (w->weather) {
	case WX_SHOWERS:
		w->sky = better ? SKY_CLEAR : SKY_SHOWERS;
		break;
	case WX_RAIN:
		w->sky = better ? SKY_SHOWERS : SKY_RAIN;
		break;
	case WX_FOG:
	case WX_SNOW:
		if (doubles) {
			w->settled_clear = true;
			w->sky = SKY_CLEAR;
			w->sky_sight = 0;
			game_log(g, "A double: the weather clears for the rest of the battle.");
			return;
		}
		if (better)
			w->sky = SKY_MIST;
		else if (w->weather == WX_FOG)
			w->sky = SKY_FOG;
		else {
			/* "snow for the next 2D6 moves": the pair just thrown. */
			w->sky = SKY_SNOW;
			spell = d2;
		}
		break;
	case WX_WIND:
		if (better) {
			w->settled_clear = true;
			w->sky = SKY_CLEAR;
			w->sky_sight = 0;
			game_log(g, "The wind drops for the rest of the battle.");
			return;
		}
		w->sky = SKY_WIND;
		break;
	default:
		return;
	}
	switch (w->sky) {
	case SKY_SHOWERS:
	case SKY_MIST:
		w->sky_sight = d1 * r->sight_per_pip_light;
		break;
	case SKY_RAIN:
	case SKY_FOG:
	case SKY_SNOW:
		w->sky_sight = d1 * r->sight_per_pip_heavy;
		break;
	default:
		w->sky_sight = 0;
	}
	if (w->sky == SKY_RAIN || w->sky == SKY_SHOWERS || w->sky == SKY_SNOW) {
		if (!w->mud && (w->weather == WX_RAIN || w->sky == SKY_SNOW))
			game_log(g, "The whole field turns to mud (passable rough ground) for the rest of the battle.");
		if (w->weather == WX_RAIN || w->sky == SKY_SNOW)
			w->mud = true;
	}
	w->sky_turns = spell - 1;
	if (w->sky_sight > 0)
		game_log(g, "%s for %d Turn%s; one sees %g cm.", sky_names[w->sky].label, spell,
		         spell == 1 ? "" : "s", w->sky_sight);
	else
		game_log(g, "%s for %d Turn%s.", sky_names[w->sky].label, spell, spell == 1 ? "" : "s");
}

static void end_battle(struct game *g, const char *why)
{
	victory_end(g, why);
}

bool seq_check_over(struct game *g)
{
	if (g->phase == PHASE_OVER)
		return true;
	if (g->wx.dusk && weather_visibility(g) <= 0) {
		end_battle(g, "night has fallen");
		return true;
	}
	return false;
}

void seq_begin_turn(struct game *g)
{
	char clock[8];
	int a, b;

	if (g->phase != PHASE_SETUP)
		g->turn++;
	for (int i = 0; i < g->nbrigs; i++)
		g->brigs[i].used = false;
	game_log(g, "Turn %d of %d begins (%s).", g->turn, g->turns, weather_clock(g, g->turn, clock));
	if (seq_check_over(g))
		return;
	arrivals(g);
	a = seq_brigades_left(g, SIDE_A);
	b = seq_brigades_left(g, SIDE_B);
	if (a && b) {
		enum side w = seq_throw_initiative(g, rules_initiative.turn_dice, rules_initiative.turn_dice);
		win_initiative(g, w);
	} else if (a || b) {
		win_initiative(g, a ? SIDE_A : SIDE_B);
	} else {
		end_battle(g, "neither side has a brigade left on the field");
		return;
	}
	weather_turn(g);
}

static void end_turn(struct game *g)
{
	/* "Both players remove any remaining blue markers at the end of the
	 * full game Turn" (and yellow; and the white evasion markers of
	 * command stands). */
	clear_markers(g, -1, 1u << MK_BLUE | 1u << MK_YELLOW);
	for (int i = 0; i < g->ncmdrs; i++)
		g->cmdrs[i].flags &= ~(unsigned)CF_EVADED;
	game_log(g, "Turn %d ends.", g->turn);
	victory_update_objectives(g);
	if (g->turn >= g->turns) {
		end_battle(g, "the last Turn has been played");
		return;
	}
	seq_begin_turn(g);
}

static void next_initiative(struct game *g)
{
	enum side holder = g->initiative;
	int a, b;

	/* The brigade's initiative is over, and the command status it found. */
	for (int i = 0; i < g->nunits; i++)
		g->units[i].cmd_fixed = 0;
	/* Abandoned guns may be lost now: count the brigades after, so that
	 * no side wins an initiative with nothing left to choose. */
	react_end_initiative(g);
	if (victory_check_broken(g))
		return;
	a = seq_brigades_left(g, SIDE_A);
	b = seq_brigades_left(g, SIDE_B);
	g->active_brigade = -1;
	g->current_unit = -1;
	g->divmove = -1;
	if (seq_check_over(g))
		return;
	if (a && b) {
		int dice[SIDE_COUNT];
		dice[holder] = rules_initiative.holder_dice;
		dice[!holder] = rules_initiative.other_dice;
		game_log(g, "%s had the initiative and throw %dD6 against %dD6.", g->side[holder].name,
		         rules_initiative.holder_dice, rules_initiative.other_dice);
		win_initiative(g, seq_throw_initiative(g, dice[SIDE_A], dice[SIDE_B]));
	} else if (a || b) {
		win_initiative(g, a ? SIDE_A : SIDE_B);
	} else {
		end_turn(g);
	}
}

void seq_activate_brigade(struct game *g, int brigade)
{
	struct event ev = { .kind = EV_PHASE, .unit = -1 };
	g->brigs[brigade].used = true;
	g->active_brigade = brigade;
	/* "as soon as a Brigade is given the initiative ... a simple check is
	 * made": its units keep what it finds for the initiative. */
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].brigade == brigade && g->units[i].state == US_ACTIVE)
			command_fix(g, i);
	g->phase = PHASE_MANOEUVRE;
	g->current_unit = -1;
	game_log(g, "%s: %s has the initiative.", g->side[g->initiative].name, g->brigs[brigade].name);
	event_emit(g, &ev);
}

void seq_activate_division(struct game *g, int division, double allowance, double keep_away)
{
	struct event ev = { .kind = EV_PHASE, .unit = -1 };
	/* All its brigades count as chosen, whether they move or not, and
	 * none of its units charges or fires in this initiative. */
	for (int b = 0; b < g->nbrigs; b++)
		if (g->brigs[b].division == division)
			g->brigs[b].used = true;
	for (int i = 0; i < g->nunits; i++)
		if (unit_division(g, &g->units[i]) == division)
			g->units[i].acted |= UA_DIVMOVE | UA_NO_CHARGE | UA_NO_FIRE;
	g->divmove = division;
	g->divmove_allow = allowance;
	g->divmove_keep = keep_away;
	g->active_brigade = -1;
	g->phase = PHASE_MANOEUVRE;
	g->current_unit = -1;
	game_log(g, "%s: %s makes a division manoeuvre (up to %g cm, none closer than %g cm to the enemy).",
	         g->side[g->initiative].name, g->divs[division].name, allowance, keep_away);
	event_emit(g, &ev);
}

void seq_begin_unit(struct game *g, int unit)
{
	if (g->current_unit == unit)
		return;
	if (g->current_unit >= 0)
		g->units[g->current_unit].acted |= UA_DONE;
	g->current_unit = unit;
	if (unit >= 0)
		g->units[unit].acted |= UA_STARTED;
}

void seq_end_phase(struct game *g)
{
	struct event ev = { .kind = EV_PHASE, .unit = -1 };
	switch (g->phase) {
	case PHASE_MANOEUVRE:
		seq_begin_unit(g, -1);
		game_drop_undo(g);
		g->phase = PHASE_FIRE;
		game_log(g, "Firing phase.");
		break;
	case PHASE_FIRE:
		g->phase = PHASE_MELEE;
		break;
	case PHASE_MELEE:
		g->phase = PHASE_BREAKTHROUGH;
		break;
	case PHASE_BREAKTHROUGH:
		next_initiative(g);
		return;
	default:
		return;
	}
	event_emit(g, &ev);
}
