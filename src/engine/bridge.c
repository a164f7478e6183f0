/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bridge: contact for hand-to-hand, over a bridge as well as base to base,
 * and the special rules for charging over and defending bridges (terrain
 * guidelines, "Bridges are special landmarks"). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "control.h"
#include "game.h"
#include "grid.h"
#include "melee.h"
#include "move.h"
#include "react.h"
#include "rules.h"

/* Bridges (terrain guidelines, "Bridges are special landmarks").  A unit
 * that charges (or intercepts) over a bridge stops at its own end of it
 * and is in contact with the unit defending it, on the bridge; the
 * contact holds while the charger stays at the bridge and the defender
 * where it stood. */

/* Facings tried for a unit put across a bridge (every 15 degrees; a
 * rectangle turned by 180 is the same), and the spacing of the places. */
#define BRIDGE_FACINGS 12
#define BRIDGE_STEP 0.5

/* Touching the bridge model as 'cross' means it: within two contact
 * widths (a unit stopped just short of the water touches the bridge). */
static bool touches_bridge(const struct game *g, int bridge, const struct shape *s)
{
	struct shape bs = feature_shape(&g->map.f[bridge]);
	return geom_distance(&bs, s) <= 2 * GEOM_CONTACT;
}

bool bridge_holds(const struct game *g, int a)
{
	const struct unit *u = &g->units[a], *d;
	struct vec2 b[4];
	struct shape us;
	int bridge = u->bridge - 1;
	if (bridge < 0 || bridge >= g->map.nf || u->bridge_foe < 0 || u->bridge_foe >= g->nunits ||
	    !unit_present(u))
		return false;
	d = &g->units[u->bridge_foe];
	if (!unit_present(d) || d->side == u->side || v2_dist(d->pos, u->bridge_foe_at) > 1e-9 ||
	    terrain_destroyed(&g->map.f[bridge]))
		return false;
	us = unit_shape(u, b);
	return touches_bridge(g, bridge, &us);
}

int bridge_foe(const struct game *g, int unit)
{
	return bridge_holds(g, unit) ? g->units[unit].bridge_foe : -1;
}

/* Forget contacts over bridges that no longer hold. */
void bridge_tidy(struct game *g)
{
	bool changed = false;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].bridge && !bridge_holds(g, i)) {
			g->units[i].bridge = 0;
			changed = true;
		}
	if (changed)
		grid_bridges_changed(g);
}

/* The unit at a bridge in contact with its defender, and that defender;
 * -1 when nobody is. */
static int bridge_charger(const struct game *g, int bridge, int *defender)
{
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].bridge == bridge + 1 && bridge_holds(g, i)) {
			*defender = g->units[i].bridge_foe;
			return i;
		}
	return -1;
}

/* Convex hull (monotone chain) of n points, into out (n + 1 room);
 * returns its size. */
static int cmp_vec(const void *a, const void *b)
{
	const struct vec2 *p = a, *q = b;
	return p->x < q->x ? -1 : p->x > q->x ? 1 : p->y < q->y ? -1 : p->y > q->y;
}

static int hull(struct vec2 *p, int n, struct vec2 *out)
{
	int k = 0;
	qsort(p, (size_t)n, sizeof *p, cmp_vec);
	for (int i = 0; i < n; i++) {
		while (k >= 2 && v2_cross(v2_sub(out[k - 1], out[k - 2]), v2_sub(p[i], out[k - 2])) <= 0)
			k--;
		out[k++] = p[i];
	}
	for (int i = n - 2, t = k + 1; i >= 0; i--) {
		while (k >= t && v2_cross(v2_sub(out[k - 1], out[k - 2]), v2_sub(p[i], out[k - 2])) <= 0)
			k--;
		out[k++] = p[i];
	}
	return k > 1 ? k - 1 : k;
}

/* Where could the crosser be put across the bridge if it crossed now:
 * touching the bridge model, centre on the far side of the water, any
 * facing, on the table, on ground it may enter, overlapping none of its
 * friends.  The places are taken all round the bridge: for each facing
 * tried, every 0.5 cm along the outline on which the unit's footprint
 * just touches the bridge (its outline taken as convex).  "Defending a
 * bridge" (our reading of the rule): every such place touches an enemy of
 * the crosser; then each enemy touching one of them could be said to
 * defend it.  Returns how many (into def), or 0 when some place is clear
 * or there is none. */
static int bridge_defenders(const struct game *g, int bridge, int crosser, int *def, int max)
{
	const struct feature *bf = &g->map.f[bridge];
	const struct unit *u = &g->units[crosser];
	int w = terrain_bridge_water(&g->map, bridge), seg, nd = 0, nnear = 0, places = 0;
	int *nearby = calloc((size_t)g->nunits + 1, sizeof *nearby);
	struct vec2 *sums = calloc((size_t)bf->n * 4 + 1, sizeof *sums);
	struct vec2 *out = calloc((size_t)bf->n * 4 + 2, sizeof *out);
	struct shape bs = feature_shape(bf);
	enum tclass tc = terrain_class(u, false);
	double mine, reach;
	bool open = false;
	if (w < 0 || bf->n < 3 || !nearby || !sums || !out) {
		free(nearby);
		free(sums);
		free(out);
		return 0;
	}
	seg = terrain_nearest_segment(&g->map.f[w], geom_poly_centroid(bf->pts, bf->n));
	mine = terrain_side_of(&g->map.f[w], seg, u->pos);
	{
		double wd, dp;
		formation_size(u->type, u->form, &wd, &dp);
		reach = hypot(wd, dp) + 1;
	}
	for (int i = 0; i < g->nunits; i++) {
		struct vec2 b[4];
		struct shape vs;
		if (i == crosser || !unit_present(&g->units[i]))
			continue;
		vs = unit_shape(&g->units[i], b);
		if (geom_within(&bs, &vs, reach))
			nearby[nnear++] = i;
	}
	for (int k = 0; k < BRIDGE_FACINGS && !open; k++) {
		double facing = k * 180.0 / BRIDGE_FACINGS;
		struct obb body = unit_footprint_as(u->type, u->form, v2(0, 0), facing);
		struct vec2 corner[4], mid = v2(0, 0);
		int ns = 0, nh;
		geom_obb_corners(&body, corner);
		/* The centres at which the footprint touches the bridge. */
		for (int i = 0; i < bf->n; i++)
			for (int j = 0; j < 4; j++)
				sums[ns++] = v2_sub(bf->pts[i], corner[j]);
		nh = hull(sums, ns, out);
		for (int e = 0; e < nh; e++)
			mid = v2_add(mid, v2_scale(out[e], 1.0 / nh));
		for (int e = 0; e < nh && !open; e++) {
			struct vec2 a = out[e], d = v2_sub(out[(e + 1) % nh], a), n;
			double len = v2_len(d);
			int steps = (int)ceil(len / BRIDGE_STEP);
			if (len < 1e-9)
				continue;
			n = v2_scale(v2(-d.y, d.x), 1 / len);
			if (v2_dot(n, v2_sub(a, mid)) < 0)
				n = v2_scale(n, -1);
			for (int t = 0; t < steps && !open; t++) {
				struct obb fp = body;
				struct vec2 b[4];
				struct shape fs;
				int touch[16], nt = 0;
				bool legal = true;
				/* Just clear of the bridge (and so of water flush with it). */
				fp.c = v2_add(v2_add(a, v2_scale(d, (double)t / steps)), v2_scale(n, 1.5 * GEOM_CONTACT));
				if (terrain_side_of(&g->map.f[w], seg, fp.c) * mine >= 0)
					continue;
				fs = geom_obb_shape(&fp, b);
				for (int c = 0; c < 4 && legal; c++)
					legal = b[c].x >= 0 && b[c].y >= 0 && b[c].x <= g->map.width && b[c].y <= g->map.height;
				if (!legal || terrain_go(&g->map, tc, TMODE_MOVE, &fs, false, NULL) == GO_NO)
					continue;
				for (int i = 0; i < nnear && legal; i++) {
					const struct unit *v = &g->units[nearby[i]];
					struct vec2 vb[4];
					struct shape vs = unit_shape(v, vb);
					if (v->side == u->side)
						legal = !geom_overlap(&fs, &vs);
					else if (geom_distance(&fs, &vs) <= GEOM_CONTACT && nt < 16)
						touch[nt++] = nearby[i];
				}
				if (!legal)
					continue;
				places++;
				if (!nt)
					open = true;
				for (int i = 0; i < nt; i++) {
					int j = 0;
					while (j < nd && def[j] != touch[i])
						j++;
					if (j == nd && nd < max)
						def[nd++] = touch[i];
				}
			}
		}
	}
	free(nearby);
	free(sums);
	free(out);
	if (open || !places)
		return 0;
	/* In the units' order, for a stable question. */
	for (int i = 1; i < nd; i++)
		for (int j = i; j > 0 && def[j - 1] > def[j]; j--) {
			int x = def[j];
			def[j] = def[j - 1];
			def[j - 1] = x;
		}
	return nd;
}

static int bridge_refuse(char *why, size_t size, const char *fmt, ...) GAME_PRINTF(3, 4);
static int bridge_refuse(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;
	if (why && size) {
		va_start(ap, fmt);
		vsnprintf(why, size, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* The bridge (if any) nearest the unit whose water lies between it and
 * the enemy. */
static int bridge_between(const struct game *g, int unit, int enemy, double *dist)
{
	const struct unit *u = &g->units[unit], *e = &g->units[enemy];
	struct vec2 ub[4];
	struct shape us = unit_shape(u, ub);
	int best = -1;
	*dist = INFINITY;
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		struct shape bs;
		int w, seg;
		double d;
		if (f->type != TT_BRIDGE || f->n < 3 || terrain_destroyed(f) ||
		    (w = terrain_bridge_water(&g->map, i)) < 0)
			continue;
		seg = terrain_nearest_segment(&g->map.f[w], geom_poly_centroid(f->pts, f->n));
		if (terrain_side_of(&g->map.f[w], seg, u->pos) * terrain_side_of(&g->map.f[w], seg, e->pos) >= 0)
			continue;
		bs = feature_shape(f);
		d = geom_distance(&us, &bs);
		if (d < *dist) {
			*dist = d;
			best = i;
		}
	}
	return best;
}

int bridge_charge_reach(struct game *g, int unit, int enemy, enum terrain_mode mode,
                       struct bridge_reach *r, char *why, size_t size)
{
	struct unit *u = &g->units[unit];
	const struct unit *e = &g->units[enemy];
	const struct move_allowance *ma = rules_move_for(u->type, u->form);
	const struct feature *bf;
	enum go rule;
	struct mover m;
	struct sweep s;
	struct obb fp;
	struct vec2 eb[4];
	struct shape es;
	double dist, turn, facing;
	int bridge, held = -1, k;
	bool intercept = mode == TMODE_INTERCEPT;

	if (!ma || ma->charge <= 0 || (bridge = bridge_between(g, unit, enemy, &dist)) < 0 ||
	    dist > ma->charge + 1e-9)
		return 1;
	bf = &g->map.f[bridge];
	rule = intercept ? rules_terrain[TT_BRIDGE].intercept[terrain_class(u, false)]
	                 : rules_terrain[TT_BRIDGE].charge[terrain_class(u, false)];
	if (rule == GO_NO)
		return bridge_refuse(why, size, "%s cannot %s over a bridge (only infantry and cavalry charge "
		                     "or intercept over one)", u->id, intercept ? "intercept" : "charge");
	/* Only one unit at a time defends a bridge, and one charges it. */
	if ((k = bridge_charger(g, bridge, &held)) >= 0)
		return bridge_refuse(why, size, "only one unit at a time may charge the unit defending %s: %s "
		                     "is already in contact with %s there", bf->name, g->units[k].id,
		                     g->units[held].id);
	r->ndef = bridge_defenders(g, bridge, unit, r->def, BRIDGE_MAX_DEFENDERS);
	if (!r->ndef)
		return bridge_refuse(why, size, "nobody defends %s against %s: it crosses the bridge instead "
		                     "('cross'), and then charges", bf->name, u->id);
	for (k = 0; k < r->ndef && r->def[k] != enemy; k++)
		;
	if (k == r->ndef)
		return bridge_refuse(why, size, "%s does not defend %s: only the unit defending a bridge can "
		                     "be charged over it (%s could)", e->id, bf->name, g->units[r->def[0]].id);
	/* The charger goes straight to its own end of the bridge. */
	facing = geom_bearing(u->pos, geom_poly_centroid(bf->pts, bf->n));
	turn = fabs(geom_angle_diff(u->facing, facing));
	if (intercept ? turn > rules_react.opportunity_pivot + 1e-9
	              : u->pivoted + turn > rules_special.pivot_charge_limit + 1e-9)
		return bridge_refuse(why, size, "%s would have to turn %.0f degrees to face %s: over %g", u->id,
		                     intercept ? turn : u->pivoted + turn, bf->name,
		                     intercept ? rules_react.opportunity_pivot : rules_special.pivot_charge_limit);
	if (turn > 1e-9 && move_pivot_blocker(g, unit, u->facing, facing) != -1)
		return bridge_refuse(why, size, "%s cannot turn to face %s without touching something", u->id,
		                     bf->name);
	fp = unit_footprint_as(u->type, u->form, u->pos, facing);
	move_mover_unit(g, unit, mode, false, &m);
	m.through_friends = false;
	move_sweep(g, &m, &fp, fp.c, geom_dir(facing), 1e4, ma->charge, weather_all_half(g, m.tclass), &s);
	if (s.why == STOP_UNIT || s.why == STOP_ENEMY)
		return bridge_refuse(why, size, "%s cannot charge over %s: it would contact %s on the way", u->id,
		                     bf->name, g->units[s.unit].id);
	fp = move_shift(fp, geom_dir(facing), s.dist);
	es = geom_obb_shape(&fp, eb);
	if (!touches_bridge(g, bridge, &es))
		return bridge_refuse(why, size, "%s cannot reach its end of %s: %s", u->id, bf->name,
		                     s.why == STOP_TERRAIN ? "straight at the bridge it meets ground it may not "
		                                             "charge over beside it"
		                                           : "its charge falls short");
	r->bridge = bridge;
	r->facing = facing;
	r->dist = s.dist;
	return 0;
}

int bridge_designate(struct game *g, struct controller **ctl, int charger,
                           const struct bridge_reach *r, int named)
{
	struct decision d = { .kind = DK_BRIDGE, .side = g->units[named].side, .unit = named,
	                      .other = charger };
	char q[MSG_LEN], labels[BRIDGE_MAX_DEFENDERS][120];
	const char *name = g->map.f[r->bridge].name;
	if (r->ndef <= 1)
		return named;
	snprintf(q, sizeof q, "%s charges over %s, which %d units could be said to defend: which one does?",
	         g->units[charger].id, name, r->ndef);
	d.question = q;
	for (int k = 0; k < r->ndef && k < DECISION_MAX_OPTIONS; k++) {
		snprintf(labels[k], sizeof labels[k], "%s defends %s", g->units[r->def[k]].id, name);
		decision_option(&d, g->units[r->def[k]].id, labels[k], 0, 0);
	}
	if (game_decide(g, ctl, &d) < 0)
		return REACT_QUIT;
	return r->def[d.choice];
}

void bridge_engage(struct game *g, int unit, int defender, int bridge)
{
	struct unit *u = &g->units[unit], *d = &g->units[defender];
	if (bridge < 0) {
		/* The bridge it has just reached, across from the defender. */
		double dist;
		struct vec2 b[4];
		struct shape us = unit_shape(u, b);
		bridge = bridge_between(g, unit, defender, &dist);
		if (bridge < 0 || !touches_bridge(g, bridge, &us))
			return;
	}
	u->bridge = bridge + 1;
	u->bridge_foe = defender;
	u->bridge_foe_at = d->pos;
	grid_bridges_changed(g);
	game_log(g, "%s stands at its end of %s: in contact with %s, who defends it.", u->id,
	         g->map.f[bridge].name, d->id);
}
