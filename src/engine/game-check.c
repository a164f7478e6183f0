/* SPDX-License-Identifier: GPL-3.0-or-later */
/* game-check: what a valid battle state is (game_check): every invariant
 * a map load checks, applied to any state, a save's above all. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "deploy.h"
#include "game.h"
#include "orbat.h"
#include "rules.h"
#include "seq.h"

struct checker {
	void (*fault)(void *ctx, const struct game_fault *f);
	void *ctx;
	int n;
};

static void fault(struct checker *k, enum game_part part, int index, const char *key, const char *fmt, ...)
	GAME_PRINTF(5, 6);
static void fault(struct checker *k, enum game_part part, int index, const char *key, const char *fmt, ...)
{
	struct game_fault f = { .part = part, .index = index, .key = key };
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f.why, sizeof f.why, fmt, ap);
	va_end(ap);
	k->n++;
	if (k->fault)
		k->fault(k->ctx, &f);
}

static bool on_table(const struct game *g, struct vec2 p)
{
	return p.x >= -GEOM_OVERLAP_EPS && p.y >= -GEOM_OVERLAP_EPS && p.x <= g->map.width + GEOM_OVERLAP_EPS &&
	       p.y <= g->map.height + GEOM_OVERLAP_EPS;
}

/* Ground no unit of any kind may stand on (a river away from its bridges
 * and fords, boggy ground, impassable rough ground): the feature, or -1.
 * Play may leave a unit where it could not have been deployed (guns
 * unlimbered in a stream after a redeployment), but never there. */
static int closed_ground(const struct game *g, const struct shape *s, enum formation form, struct vec2 pos)
{
	int blocker = -1;
	for (int c = TC_INFANTRY; c <= TC_ART_UNLIMBERED; c++) {
		bool road = terrain_on_road(&g->map, (enum tclass)c, form, pos);
		if (terrain_go(&g->map, (enum tclass)c, TMODE_MOVE, s, road, &blocker) != GO_NO)
			return -1;
	}
	return blocker;
}

/* What the map loader checks of a unit placed on the table, for a unit
 * on the field in a saved battle: its whole footprint on the table, clear
 * of every other unit on the field (abandoned guns, which movement passes
 * over, aside), on ground some unit may stand on. */
static void check_unit_place(struct checker *k, const struct game *g, int i)
{
	const struct unit *u = &g->units[i];
	struct vec2 buf[4];
	struct shape s = unit_shape(u, buf);
	int f;
	if (!deploy_on_table(g, &s)) {
		fault(k, GP_UNIT, i, "x", "at %.2f, %.2f: partly off the %.0f x %.0f cm table", u->pos.x, u->pos.y,
		      g->map.width, g->map.height);
		return;
	}
	for (int j = 0; j < i; j++) {
		const struct unit *o = &g->units[j];
		struct vec2 ob[4];
		struct shape os;
		if (!unit_present(o) || !game_units_within(u, o, 0))
			continue;
		os = unit_shape(o, ob);
		if (geom_overlap(&s, &os)) {
			fault(k, GP_UNIT, i, "x", "at %.2f, %.2f: overlaps unit '%s' at %.2f, %.2f", u->pos.x, u->pos.y,
			      o->id, o->pos.x, o->pos.y);
			break;
		}
	}
	if ((f = closed_ground(g, &s, u->form, u->pos)) >= 0)
		fault(k, GP_UNIT, i, "x", "at %.2f, %.2f: stands in %s '%s', where no unit may be", u->pos.x, u->pos.y,
		      terrain_names[g->map.f[f].type].label, g->map.f[f].name);
}

static void check_commander_place(struct checker *k, const struct game *g, int i)
{
	const struct commander *c = &g->cmdrs[i];
	struct shape s = commander_shape(c);
	int f;
	if (!deploy_on_table(g, &s)) {
		fault(k, GP_COMMANDER, i, "x", "at %.2f, %.2f: partly off the table", c->pos.x, c->pos.y);
		return;
	}
	for (int j = 0; j < g->nunits; j++) {
		struct vec2 ob[4];
		struct shape os;
		/* Beyond a cavalry column's half-length and a stand: apart. */
		if (!unit_present(&g->units[j]) || v2_dist(g->units[j].pos, c->pos) > 2 * rules_stand[ARM_CAVALRY].d + rules_stand[ARM_COMMAND].w)
			continue;
		os = unit_shape(&g->units[j], ob);
		if (geom_overlap(&s, &os)) {
			fault(k, GP_COMMANDER, i, "x", "at %.2f, %.2f: overlaps unit '%s'", c->pos.x, c->pos.y,
			      g->units[j].id);
			return;
		}
	}
	if ((f = deploy_commander_ground(g, i)) >= 0)
		fault(k, GP_COMMANDER, i, "x", "at %.2f, %.2f: stands in %s '%s', where command stands may not go",
		      c->pos.x, c->pos.y, terrain_names[g->map.f[f].type].label, g->map.f[f].name);
}

int game_check(const struct game *g, void (*fn)(void *ctx, const struct game_fault *f), void *ctx)
{
	struct checker k = { .fault = fn, .ctx = ctx };
	bool sided = g->phase != PHASE_SETUP && g->phase != PHASE_OVER;

	/* Every phase but the set-up and the end belongs to a side. */
	if (sided && g->initiative != SIDE_A && g->initiative != SIDE_B)
		fault(&k, GP_GAME, -1, "initiative", "the %s phase needs a side with the initiative (A or B)",
		      phase_names[g->phase].key);
	else if (sided && g->active_brigade >= 0 && (int)brigade_side(g, g->active_brigade) != g->initiative)
		fault(&k, GP_GAME, -1, "brigade", "brigade %s is not of %s, who have the initiative",
		      g->brigs[g->active_brigade].id, g->side[g->initiative].name);
	else if (sided && g->divmove >= 0 && (int)division_side(g, g->divmove) != g->initiative)
		fault(&k, GP_GAME, -1, "divmove", "division %s is not of %s, who have the initiative",
		      g->divs[g->divmove].id, g->side[g->initiative].name);
	else if (g->has_pending && g->phase != PHASE_INITIATIVE && g->phase != PHASE_MANOEUVRE &&
	         g->phase != PHASE_FIRE)
		fault(&k, GP_GAME, -1, "phase", "an order waits to be given again, but the %s phase has no orders",
		      phase_names[g->phase].key);
	else if (sided && g->current_unit >= 0 &&
	         (g->current_unit >= g->nunits || (int)g->units[g->current_unit].side != g->initiative))
		fault(&k, GP_GAME, -1, "current", "the unit manoeuvring, %s, is not of %s, who have the initiative",
		      g->current_unit < g->nunits ? g->units[g->current_unit].id : "?", g->side[g->initiative].name);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->sp > u->sp0)
			fault(&k, GP_UNIT, i, "sp", "%d strength points, more than the %d it began with", u->sp, u->sp0);
		if ((u->state == US_ACTIVE || u->state == US_RESERVE) && !on_table(g, u->pos))
			fault(&k, GP_UNIT, i, "x", "at %.2f, %.2f: off the %.0f x %.0f cm table", u->pos.x, u->pos.y,
			      g->map.width, g->map.height);
		else if (unit_present(u))
			check_unit_place(&k, g, i);
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		/* As the map loader and the attach order have it: a brigade
		 * commander, with a unit of his brigade. */
		if (c->attached >= 0 && c->level != CL_BRIGADE)
			fault(&k, GP_COMMANDER, i, "attached", "only brigade commanders attach to units");
		else if (c->attached >= 0 && (c->attached >= g->nunits || g->units[c->attached].brigade != c->of))
			fault(&k, GP_COMMANDER, i, "attached", "unit '%s' is not in this commander's brigade",
			      c->attached < g->nunits ? g->units[c->attached].id : "?");
		else if (c->state == US_ACTIVE && !on_table(g, c->pos))
			fault(&k, GP_COMMANDER, i, "x", "at %.2f, %.2f: off the %.0f x %.0f cm table", c->pos.x, c->pos.y,
			      g->map.width, g->map.height);
		else if (c->state == US_ACTIVE && c->attached < 0)
			check_commander_place(&k, g, i);
	}
	return k.n;
}

