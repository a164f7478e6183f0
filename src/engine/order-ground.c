/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order-ground: the orders the ground gives: crossing a bridge and
 * occupying or leaving a landmark (terrain guidelines). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aim.h"
#include "bridge.h"
#include "command.h"
#include "control.h"
#include "game.h"
#include "grid.h"
#include "melee.h"
#include "move.h"
#include "order-int.h"
#include "react.h"
#include "rules.h"
#include "seq.h"
#include "victory.h"
#include "volley.h"
#include "weather.h"

/* ------------------------------------------------------------------ */
/* Bridges and landmarks (terrain guidelines) */

/* p mirrored across the line of the water's segment seg; *toward gets
 * the unit vector from p toward that line and on across it (zero when p
 * is on it): the way further from the water on the far side. */
static struct vec2 mirror_across(const struct feature *w, int seg, struct vec2 p, struct vec2 *toward)
{
	struct vec2 a = w->pts[seg], d = v2_sub(w->pts[seg + 1], a);
	double t = v2_dot(v2_sub(p, a), d) / v2_dot(d, d);
	struct vec2 foot = v2_add(a, v2_scale(d, t)), across = v2_sub(foot, p);
	double len = v2_len(across);
	*toward = len > 1e-9 ? v2_scale(across, 1 / len) : v2(0, 0);
	return v2_sub(v2_scale(foot, 2), p);
}

/* A command stand stopped by a river while touching a bridge over it
 * crosses as a unit does ("All units can cross a bridge"): it is placed
 * on the far side, mirrored across the water and still touching the
 * bridge, nudged clear of the water.  Returns the bridge (the stand
 * placed there), or -1 (the stand where it was). */
int ord_stand_cross_bridge(struct game *g, int k, int water)
{
	struct commander *cm = &g->cmdrs[k];
	struct vec2 from = cm->pos;
	struct mover m;
	move_mover_cmdr(g, k, &m);
	m.through_friends = false;
	for (int b = 0; b < g->map.nf; b++) {
		struct shape bs, cs;
		struct vec2 toward, to;
		if (g->map.f[b].type != TT_BRIDGE || terrain_destroyed(&g->map.f[b]) || terrain_bridge_water(&g->map, b) != water)
			continue;
		bs = feature_shape(&g->map.f[b]);
		cs = commander_shape(cm);
		if (!geom_contact(&bs, &cs))
			continue;
		to = mirror_across(&g->map.f[water], terrain_nearest_segment(&g->map.f[water], from), from, &toward);
		for (int step = 0; step <= 20; step++) {
			cm->pos = v2_add(to, v2_scale(toward, step * GEOM_CONTACT));
			cs = commander_shape(cm);
			if (!geom_contact(&bs, &cs))
				break;
			if (move_place_blocker(g, &m, NULL, -1) == -1)
				return b;
		}
		cm->pos = from;
	}
	return -1;
}

int order_do_cross(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit), bridge = c->o->target, w, seg, k;
	struct unit *u;
	struct obb fp, to;
	struct shape bs, us, ts;
	struct vec2 b1[4], b2[4];
	struct mover m;
	double allow;
	char buf[NAME_LEN + 32];

	if (r)
		return r;
	u = &g->units[unit];
	if (u->acted & UA_CROSSED)
		return ord_refuse(c, "%s has already crossed a bridge this phase", u->id);
	if (u->form == FORM_ESQUARE || u->form == FORM_SQUARE)
		return ord_refuse(c, "%s: squares do not cross bridges", u->id);
	allow = unit_is_artillery(u) ? rules_move_for(u->type, u->form)->redeploy : ord_unit_allowance(g, u);
	if (u->used >= allow - 1e-9)
		return ord_refuse(c, "%s has no movement left: crossing a bridge uses the rest of the allowance",
		              u->id);
	if (bridge < 0 || bridge >= g->map.nf || g->map.f[bridge].type != TT_BRIDGE)
		return ord_refuse(c, "that is not a bridge");
	if (terrain_destroyed(&g->map.f[bridge]))
		return ord_refuse(c, "%s has been destroyed and can no longer be crossed", g->map.f[bridge].name);
	if (rules_terrain[TT_BRIDGE].move[terrain_class(u, unit_is_artillery(u))] == GO_NO)
		return ord_refuse(c, "%s may not cross a bridge", u->id);
	fp = unit_footprint(u);
	bs = feature_shape(&g->map.f[bridge]);
	us = geom_obb_shape(&fp, b1);
	/* A move up to the water stops just short of it (0.05 cm): that is
	 * up to the bridge. */
	if (geom_distance(&bs, &us) > 2 * GEOM_CONTACT)
		return ord_refuse(c, "%s is not in contact with %s: a unit moves up to the bridge, then crosses",
		              u->id, g->map.f[bridge].name);
	if ((w = terrain_bridge_water(&g->map, bridge)) < 0)
		return ord_refuse(c, "%s spans no water", g->map.f[bridge].name);
	seg = terrain_nearest_segment(&g->map.f[w], g->map.f[bridge].pts[0]);
	to = fp;
	if (c->o->npts > 0) {
		to.c = c->o->pts[0];
		if (c->o->has_a)
			to.facing = geom_norm_deg(c->o->a);
	} else {
		/* By default: mirrored across the water's line, same facing. */
		struct vec2 toward;
		struct mover mm;
		to.c = mirror_across(&g->map.f[w], seg, fp.c, &toward);
		/* A unit that stopped just short of the near bank lands just on
		 * the far one: move it clear by the width of a contact. */
		move_mover_unit(g, unit, TMODE_MOVE, unit_is_artillery(u), &mm);
		mm.through_friends = false;
		if (v2_len(toward) > 0 && blocker_is_feature(move_place_blocker(g, &mm, &to, -1)))
			to.c = v2_add(to.c, v2_scale(toward, 2 * GEOM_CONTACT));
	}
	ts = geom_obb_shape(&to, b2);
	if (geom_distance(&bs, &ts) > 2 * GEOM_CONTACT)
		return ord_refuse(c, "%s: on the far side the unit must still be in contact with the bridge", u->id);
	if ((terrain_side_of(&g->map.f[w], seg, to.c) > 0) == (terrain_side_of(&g->map.f[w], seg, fp.c) > 0))
		return ord_refuse(c, "%s: that place is on the same side of %s", u->id, g->map.f[w].name);
	move_mover_unit(g, unit, TMODE_MOVE, unit_is_artillery(u), &m);
	m.through_friends = false;
	if ((k = move_place_blocker(g, &m, &to, -1)) != -1)
		return ord_refuse(c, "%s cannot be placed across %s: it would touch %s", u->id,
		              g->map.f[bridge].name, ord_blocker_text(g, k, buf, sizeof buf));
	ord_begin_unit_order(g, unit);
	u->pos = to.c;
	grid_moved(g, unit);
	u->facing = to.facing;
	u->used = allow;
	u->acted |= UA_MOVED | UA_CROSSED;
	/* Artillery crosses limbered, on its redeploy allowance: a
	 * redeployment, after which it may not fire. */
	if (unit_is_artillery(u))
		u->acted |= UA_NO_FIRE | UA_NO_CHARGE;
	game_log(g, "%s crosses %s; that uses the rest of its movement%s.", u->id, g->map.f[bridge].name,
	         unit_is_artillery(u) ? " (it has redeployed: it may not fire this initiative)" : "");
	ord_after_move(g, unit);
	return 0;
}

int order_do_defend(struct order_ctx *c)
{
	struct game *g = c->g;
	int unit = c->o->unit, r = ord_manoeuvre_unit(c, unit), k;
	struct unit *u;
	struct vec2 b1[4];
	struct shape us;
	struct obb fp;
	struct mover m;
	char buf[NAME_LEN + 32];
	int land = -1;

	if (r)
		return r;
	u = &g->units[unit];
	if (c->o->flag & OF_OFF) {
		const char *why;
		if (!u->defends)
			return ord_refuse(c, "%s is not defending a landmark", u->id);
		if ((why = unit_formation_refusal(u, c->o->form)))
			return ord_refuse(c, "%s cannot form %s: %s", u->id, formation_names[c->o->form].label, why);
		ord_begin_unit_order(g, unit);
		game_log(g, "%s leaves %s and forms %s; it may move off next Turn.", u->id,
		         g->map.f[u->defends - 1].name, formation_names[c->o->form].label);
		u->defends = 0;
		u->form = c->o->form;
		u->acted |= UA_MOVED | UA_FORMED | UA_DONE;
		event_unit_changed(g, unit);
		ord_no_longer_exempt(g, unit);
		return 0;
	}
	if (!unit_is_infantry(u))
		return ord_refuse(c, "only infantry can enter and defend a landmark");
	if (u->defends)
		return ord_refuse(c, "%s already defends %s", u->id, g->map.f[u->defends - 1].name);
	us = unit_shape(u, b1);
	for (int i = 0; i < g->map.nf; i++) {
		struct shape ls;
		if (g->map.f[i].type != TT_LANDMARK)
			continue;
		ls = feature_shape(&g->map.f[i]);
		if (geom_contact(&ls, &us))
			land = i;
	}
	if (land < 0)
		return ord_refuse(c, "%s is not on or touching a landmark", u->id);
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].state == US_ACTIVE && g->units[i].defends == land + 1)
			return ord_refuse(c, "%s is already defended by %s: only one unit can be in a landmark",
			              g->map.f[land].name, g->units[i].id);
	fp = unit_footprint_as(u->type, FORM_SQUARE,
	                       geom_poly_centroid(g->map.f[land].pts, g->map.f[land].n), u->facing);
	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	m.form = FORM_SQUARE;
	if ((k = move_place_blocker(g, &m, &fp, -1)) != -1)
		return ord_refuse(c, "%s cannot be placed in %s: it would touch %s", u->id, g->map.f[land].name,
		              ord_blocker_text(g, k, buf, sizeof buf));
	ord_begin_unit_order(g, unit);
	u->pos = fp.c;
	grid_moved(g, unit);
	u->form = FORM_SQUARE;
	u->defends = land + 1;
	u->acted |= UA_FORMED;
	game_log(g, "%s occupies %s and forms square to defend it.", u->id, g->map.f[land].name);
	ord_after_move(g, unit);
	return 0;
}
