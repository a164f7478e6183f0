/* SPDX-License-Identifier: GPL-3.0-or-later */
/* victory: objectives, breaking, the end of the battle and its report. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "victory.h"

/* A unit holds ground it stands wholly or partly on; touching its edge
 * from outside is not holding it. */
bool victory_on_objective(const struct game *g, const struct objective *o, const struct unit *u)
{
	struct vec2 b[4];
	struct shape s = unit_shape(u, b);
	if (o->feature >= 0) {
		struct shape f = feature_shape(&g->map.f[o->feature]);
		return geom_overlap(&s, &f);
	}
	{
		struct shape c = geom_circle(&o->at, o->radius);
		return geom_overlap(&s, &c);
	}
}

void victory_update_objectives(struct game *g)
{
	for (int i = 0; i < g->nobj; i++) {
		struct objective *o = &g->obj[i];
		bool there[SIDE_COUNT] = { false, false };
		for (int k = 0; k < g->nunits; k++) {
			const struct unit *u = &g->units[k];
			if (unit_present(u) && victory_on_objective(g, o, u))
				there[u->side] = true;
		}
		for (int s = 0; s < SIDE_COUNT; s++)
			if (there[s] && !there[!s] && o->holder != s) {
				o->holder = s;
				game_log(g, "%s now hold %s.", g->side[s].name, o->name);
			}
	}
}

void victory_losses(const struct game *g, int side, int *lost, int *units, int *sp_lost, int *sp0)
{
	*lost = *units = *sp_lost = *sp0 = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != (enum side)side)
			continue;
		(*units)++;
		*sp0 += u->sp0;
		if (unit_lost(u)) {
			(*lost)++;
			*sp_lost += u->sp0;
		} else {
			*sp_lost += u->sp0 - u->sp;
		}
	}
}

bool victory_broken(const struct game *g, int side)
{
	int lost, units, spl, sp0;
	victory_losses(g, side, &lost, &units, &spl, &sp0);
	return units > 0 && lost >= victory_break_at(g, side, units);
}

int victory_break_at(const struct game *g, int side, int units)
{
	/* lost * 100 >= break% * units, in whole units: round up. */
	return (g->side[side].break_percent * units + 99) / 100;
}

int victory_points_total(const struct game *g)
{
	int p = 0;
	for (int i = 0; i < g->nobj; i++)
		p += g->obj[i].value;
	return p;
}

int victory_points(const struct game *g, int side)
{
	int p = 0;
	for (int i = 0; i < g->nobj; i++)
		if (g->obj[i].holder == side)
			p += g->obj[i].value;
	return p;
}

static void finish(struct game *g, int winner, const char *fmt, ...) GAME_PRINTF(3, 4);
static void finish(struct game *g, int winner, const char *fmt, ...)
{
	struct event ev = { .kind = EV_PHASE, .unit = -1 };
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->result, sizeof g->result, fmt, ap);
	va_end(ap);
	g->winner = winner;
	g->phase = PHASE_OVER;
	g->initiative = -1;
	g->active_brigade = -1;
	g->current_unit = -1;
	g->divmove = -1;
	game_drop_undo(g);
	game_log(g, "%s", g->result);
	event_emit(g, &ev);
}

void victory_end(struct game *g, const char *why)
{
	int pa, pb, la, ua, sa, a0, lb, ub, sb, b0;
	double fa, fb;
	if (g->phase == PHASE_OVER)
		return;
	victory_update_objectives(g);
	game_log(g, "The battle is over: %s.", why);
	snprintf(g->ended, sizeof g->ended, "%s", why);
	pa = victory_points(g, SIDE_A);
	pb = victory_points(g, SIDE_B);
	if (pa != pb) {
		int w = pa > pb ? SIDE_A : SIDE_B;
		finish(g, w, "%s win: they hold objectives worth %d to %d.", g->side[w].name,
		       w == SIDE_A ? pa : pb, w == SIDE_A ? pb : pa);
		return;
	}
	victory_losses(g, SIDE_A, &la, &ua, &sa, &a0);
	victory_losses(g, SIDE_B, &lb, &ub, &sb, &b0);
	fa = a0 ? (double)sa / a0 : 0;
	fb = b0 ? (double)sb / b0 : 0;
	if (fabs(fa - fb) > 1e-9) {
		int w = fa < fb ? SIDE_A : SIDE_B;
		finish(g, w, "%s win: objectives even (%d each), and they lost the smaller share of their "
		       "strength (%.0f%% against %.0f%%).", g->side[w].name, pa,
		       100 * (w == SIDE_A ? fa : fb), 100 * (w == SIDE_A ? fb : fa));
		return;
	}
	finish(g, -1, "A draw: objectives even (%d each) and losses even.", pa);
}

void victory_concede(struct game *g, int side)
{
	snprintf(g->ended, sizeof g->ended, "%s conceded", g->side[side].name);
	game_log(g, "%s concede the battle.", g->side[side].name);
	victory_update_objectives(g);
	finish(g, !side, "%s win: %s conceded.", g->side[!side].name, g->side[side].name);
}

bool victory_check_broken(struct game *g)
{
	bool a = victory_broken(g, SIDE_A), b = victory_broken(g, SIDE_B);
	if (!a && !b)
		return false;
	victory_update_objectives(g);
	if (a && b) {
		snprintf(g->ended, sizeof g->ended, "both sides are broken");
		finish(g, -1, "A draw: both sides have lost their breaking share of units.");
	} else {
		int broken = a ? SIDE_A : SIDE_B, lost, units, spl, sp0;
		victory_losses(g, broken, &lost, &units, &spl, &sp0);
		snprintf(g->ended, sizeof g->ended, "%s are broken", g->side[broken].name);
		finish(g, !broken, "%s win: %s are broken, having lost %d of their %d units (%d%% breaks "
		       "them).", g->side[!broken].name, g->side[broken].name, lost, units,
		       g->side[broken].break_percent);
	}
	return true;
}

/* ------------------------------------------------------------------ */

struct lines {
	char **v;
	int n;
};

static void add(struct lines *l, const char *fmt, ...) GAME_PRINTF(2, 3);
static void add(struct lines *l, const char *fmt, ...)
{
	char buf[512];
	char **p;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	p = realloc(l->v, (size_t)(l->n + 1) * sizeof *p);
	if (!p)
		return;
	l->v = p;
	if ((l->v[l->n] = strdup(buf)))
		l->n++;
}

int victory_report(const struct game *g, char ***out)
{
	struct lines l = { 0 };
	char clock[8];
	add(&l, "After-action report: %s", g->title);
	if (g->phase == PHASE_OVER) {
		add(&l, "Result: %s", g->result);
		add(&l, "Ended on Turn %d of %d (%s): %s.", g->turn, g->turns, weather_clock(g, g->turn, clock),
		    g->ended);
	} else {
		add(&l, "The battle goes on: Turn %d of %d (%s).", g->turn, g->turns,
		    weather_clock(g, g->turn, clock));
	}
	for (int s = 0; s < SIDE_COUNT; s++) {
		int lost, units, spl, sp0;
		const char *corps = g->side[s].corps >= 0 ? g->corps[g->side[s].corps].name : "";
		int ncorps = 0;
		for (int c = 0; c < g->ncorps; c++)
			ncorps += (int)g->corps[c].side == s;
		/* A side of several corps is not named after one of them. */
		if (ncorps > 1)
			corps = "";
		victory_losses(g, s, &lost, &units, &spl, &sp0);
		add(&l, "%s", "");
		/* The corps is named unless the side's name already says it. */
		add(&l, "%s%s%s: lost %d of %d units and %d of %d strength points (%.0f%%).%s", g->side[s].name,
		    corps[0] && !strstr(g->side[s].name, corps) ? ", " : "",
		    corps[0] && !strstr(g->side[s].name, corps) ? corps : "", lost, units, spl, sp0,
		    sp0 ? 100.0 * spl / sp0 : 0.0, victory_broken(g, s) ? " Broken." : "");
		for (int d = 0; d < g->ndivs; d++) {
			int dl = 0, dn = 0, ds = 0, d0 = 0;
			char names[300] = "";
			if (g->corps[g->divs[d].corps].side != (enum side)s)
				continue;
			for (int i = 0; i < g->nunits; i++) {
				const struct unit *u = &g->units[i];
				if (unit_division(g, u) != d)
					continue;
				dn++;
				d0 += u->sp0;
				if (unit_lost(u)) {
					dl++;
					ds += u->sp0;
					if (strlen(names) + strlen(u->id) + 16 < sizeof names)
						snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s%s",
						         names[0] ? ", " : "", u->id,
						         u->state == US_RETREATED ? " (retreated)" : "");
				} else {
					ds += u->sp0 - u->sp;
				}
			}
			add(&l, "  %s: lost %d of %d units, %d of %d SP%s%s", g->divs[d].name, dl, dn, ds, d0,
			    names[0] ? "; gone: " : "", names);
		}
		{
			char names[400] = "";
			for (int i = 0; i < g->ncmdrs; i++)
				if (g->cmdrs[i].side == (enum side)s && g->cmdrs[i].state == US_ELIMINATED &&
				    strlen(names) + strlen(g->cmdrs[i].name) + 4 < sizeof names)
					snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
					         names[0] ? ", " : "", g->cmdrs[i].name);
			add(&l, "  Commanders lost: %s", names[0] ? names : "none");
		}
	}
	if (g->nobj) {
		add(&l, "%s", "");
		add(&l, "Objectives:");
		for (int i = 0; i < g->nobj; i++)
			add(&l, "  %s (worth %d): %s", g->obj[i].name, g->obj[i].value,
			    g->obj[i].holder >= 0 ? g->side[g->obj[i].holder].name : "nobody holds it");
	}
	*out = l.v;
	return l.n;
}
