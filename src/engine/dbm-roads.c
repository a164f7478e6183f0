/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dbm-roads: the roads of the terrain procedure (the invader's along his
 * line of march, the defender's to his village), bridges and fords where
 * they cross water, fords that keep a river crossable, the mill. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dbm-int.h"
#include "rules.h"
#include "terrain.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------------------------ */
/* Roads */

struct road_ctx {
	int end_feature; /* the village or road it ends on, or -1 */
};

static bool road_allowed(const struct dbm *d, int f, const void *ctx)
{
	const struct road_ctx *rc = ctx;
	const struct feature *ft;
	if (f < 0)
		return true; /* across fields */
	ft = &d->g->map.f[f];
	if (dbm_in_waterway(d, f))
		return false;
	/* Over anything but the waterway, villages and landmarks it does not
	 * lead to, and bridges and fords (its own come later). */
	return !(ft->type == TT_LANDMARK || ft->type == TT_BRIDGE || ft->type == TT_FORD ||
	         (ft->type == TT_VILLAGE && f != rc->end_feature));
}

/* A bridge or ford at a crossing: a strip along dir (the road, or across
 * the flow), long enough to span the water a centimetre beyond each
 * bank. */
static void crossing_quad(const struct vec2 *wp, int wn, double ww, struct vec2 at, struct vec2 dir, double width,
                          struct vec2 q[4])
{
	struct vec2 u = v2_scale(dir, 1 / v2_len(dir)), nrm = v2(-u.y, u.x);
	double half = 0;
	for (int b = 0; b + 1 < wn; b++) {
		struct vec2 e = v2_sub(wp[b + 1], wp[b]);
		if (geom_point_seg_dist(at, wp[b], wp[b + 1]) < 1e-6)
			half = ww / 2 / fmax(fabs(v2_cross(u, e)) / v2_len(e), 0.2) + 1;
	}
	if (half <= 0)
		half = ww / 2 + 1;
	q[0] = v2_add(at, v2_add(v2_scale(u, -half), v2_scale(nrm, -width / 2)));
	q[1] = v2_add(at, v2_add(v2_scale(u, half), v2_scale(nrm, -width / 2)));
	q[2] = v2_add(at, v2_add(v2_scale(u, half), v2_scale(nrm, width / 2)));
	q[3] = v2_add(at, v2_add(v2_scale(u, -half), v2_scale(nrm, width / 2)));
	for (int i = 0; i < 4; i++)
		q[i] = v2(dbm_round(q[i].x), dbm_round(q[i].y));
}

/* A crossing's strip overlaps nothing but roads and water. */
static bool crossing_clear(const struct dbm *d, const struct vec2 q[4])
{
	struct shape qs = { .kind = SHAPE_POLYGON, .n = 4, .pts = q };
	for (int i = 0; i < d->g->map.nf; i++) {
		const struct feature *f = &d->g->map.f[i];
		struct shape fs;
		if (f->type == TT_ROAD || (dbm_is_water(f->type) && !dbm_in_waterway(d, i)))
			continue;
		fs = feature_shape(f);
		if (geom_overlap(&qs, &fs))
			return false;
	}
	for (int i = 0; i < d->nreserved; i++) {
		struct shape fs = { .kind = SHAPE_POLYGON, .n = d->reserved[i].n, .pts = d->reserved[i].p };
		if (geom_overlap(&qs, &fs))
			return false;
	}
	return true;
}

/* Where a road and a stream or river meet: each crossing at 45 degrees
 * or more (DBM: movement across at 45 to 135 degrees to the flow), away
 * from the water's ends, from other water and from other crossings, and
 * nowhere else does the road run in the water. */
static bool road_meets_water_well(const struct dbm *d, const struct vec2 *r, int rn, const struct vec2 *w,
                                  int wn, double ww, int skip)
{
	struct vec2 at[16];
	int nat = 0;
	struct shape wl = dbm_line_shape(w, wn, 0);
	double near = ww / 2 + rules_terrain_limits.road_width / 2 + 0.5;
	for (int a = 0; a + 1 < rn; a++)
		for (int b = 0; b + 1 < wn; b++) {
			struct vec2 p, ru = v2_sub(r[a + 1], r[a]), wu = v2_sub(w[b + 1], w[b]);
			double sn;
			if (!geom_seg_intersect(r[a], r[a + 1], w[b], w[b + 1], &p))
				continue;
			sn = fabs(v2_cross(ru, wu)) / (v2_len(ru) * v2_len(wu));
			if (sn < sin(M_PI / 4) - 1e-9 || v2_dist(p, w[0]) < 8 || v2_dist(p, w[wn - 1]) < 8 ||
			    v2_dist(p, r[a]) < 3 || v2_dist(p, r[a + 1]) < 3 || nat >= 16)
				return false;
			for (int k = 0; k < nat; k++)
				if (v2_dist(p, at[k]) < 10)
					return false;
			{
				struct vec2 q[4];
				crossing_quad(w, wn, ww, p, ru, rules_terrain_limits.road_width, q);
				if (!crossing_clear(d, q))
					return false;
			}
			/* Not near any other water. */
			for (int j = 0; j < d->g->map.nf; j++) {
				struct shape ws, ps = geom_circle(&p, 6);
				if (j == skip || !dbm_is_water(d->g->map.f[j].type))
					continue;
				ws = feature_shape(&d->g->map.f[j]);
				if (geom_overlap(&ps, &ws))
					return false;
			}
			at[nat++] = p;
		}
	/* Along the road, wherever it is near the water it is crossing it. */
	for (int a = 0; a + 1 < rn; a++) {
		double len = v2_dist(r[a], r[a + 1]);
		for (double t = 0; t <= len; t += 0.5) {
			struct vec2 p = v2_add(r[a], v2_scale(v2_sub(r[a + 1], r[a]), t / len));
			struct shape ps = geom_circle(&p, 0);
			bool by_crossing = false;
			if (geom_distance(&ps, &wl) >= near)
				continue;
			for (int k = 0; k < nat; k++)
				by_crossing = by_crossing || v2_dist(p, at[k]) < ww * 0.75 + 3;
			if (!by_crossing)
				return false;
		}
	}
	return true;
}

/* A road course against every stream and river laid (not the waterway). */
static bool crossings_fit(const struct dbm *d, const struct vec2 *c, int n)
{
	for (int i = 0; i < d->g->map.nf; i++) {
		const struct feature *w = &d->g->map.f[i];
		if (dbm_is_water(w->type) && !dbm_in_waterway(d, i) &&
		    !road_meets_water_well(d, c, n, w->pts, w->n, w->width, i))
			return false;
	}
	return true;
}

/* A water course against every road laid. */
bool dbm_water_crosses_roads_well(const struct dbm *d, const struct vec2 *c, int n, double width)
{
	for (int i = 0; i < d->g->map.nf; i++) {
		const struct feature *r = &d->g->map.f[i];
		if (r->type == TT_ROAD && !road_meets_water_well(d, r->pts, r->n, c, n, width, -1))
			return false;
	}
	return true;
}

/* A road keeps clear of the others, but where it crosses one or meets
 * them at its end. */
static bool roads_apart(const struct dbm *d, const struct vec2 *c, int n, struct vec2 end)
{
	for (int i = 0; i < d->g->map.nf; i++) {
		const struct feature *r = &d->g->map.f[i];
		struct shape rs;
		if (r->type != TT_ROAD)
			continue;
		rs = feature_shape(r);
		rs.r = 0;
		for (int a = 0; a + 1 < n; a++) {
			double len = v2_dist(c[a], c[a + 1]);
			for (double t = 0; t <= len; t += 1) {
				struct vec2 p = v2_add(c[a], v2_scale(v2_sub(c[a + 1], c[a]), t / len)), at;
				struct shape ps = geom_circle(&p, 0);
				bool crossing = false;
				if (v2_dist(p, end) < 12 || geom_distance(&ps, &rs) >= 8)
					continue;
				for (int b = 0; b + 1 < r->n && !crossing; b++)
					crossing = geom_seg_intersect(c[a], c[a + 1], r->pts[b], r->pts[b + 1], &at) &&
					           v2_dist(at, p) < 8;
				if (!crossing)
					return false;
			}
		}
	}
	return true;
}

static struct vec2 edge_point(struct dbm *d, int edge)
{
	double m = 10;
	switch (edge) {
	case 0:
		return v2(0, dbm_round(dbm_uniform(d, m, d->h - m)));
	case 1:
		return v2(d->w, dbm_round(dbm_uniform(d, m, d->h - m)));
	case 2:
		return v2(dbm_round(dbm_uniform(d, m, d->w - m)), 0);
	default:
		return v2(dbm_round(dbm_uniform(d, m, d->w - m)), d->h);
	}
}

bool dbm_lay_road(struct dbm *d, struct dbm_piece *pc, bool invaders)
{
	struct game *g = d->g;
	double width = rules_terrain_limits.road_width;
	struct vec2 c[DBM_MAX_LINE];
	char name[NAME_LEN], base[NAME_LEN], what[NAME_LEN * 2];
	struct road_ctx rc = { .end_feature = -1 };
	int n = 0, join = -1;

	for (int i = 0; i < d->g->map.nf && !invaders; i++)
		if (d->g->map.f[i].type == TT_ROAD && join < 0)
			join = i;
	if (!invaders && d->r->village < 0 && join < 0 && !d->reg->compulsory[DBK_ROAD]) {
		game_log(g, "%s: a road must lead to the village or join another road, and there is neither: "
		         "discarded.", pc->name);
		return false;
	}
	for (int attempt = 0; attempt < 120 && !n; attempt++) {
		struct vec2 a, b;
		if (invaders) {
			/* From his own long edge to the defender's. */
			double x0 = dbm_uniform(d, 0.2, 0.8) * d->w, x1 = dbm_uniform(d, 0.2, 0.8) * d->w;
			bool north = d->invader == SIDE_B;
			a = v2(dbm_round(x0), north ? 0 : d->h);
			b = v2(dbm_round(x1), north ? d->h : 0);
			snprintf(what, sizeof what, "from the invader's edge to the defender's");
		} else if (d->r->village >= 0) {
			const struct feature *v = &d->g->map.f[d->r->village];
			int edge = dbm_below(d, 4);
			/* An edge no road has taken yet, where there is one. */
			for (int k = 0; k < 4 && (((d->road_edges >> edge) & 1) || edge == d->r->waterway_edge); k++)
				edge = (edge + 1) % 4;
			if (edge == d->r->waterway_edge)
				edge = 2 + dbm_below(d, 2);
			a = edge_point(d, edge);
			if (d->ngates > 0) {
				b = d->gates[dbm_below(d, d->ngates)];
			} else {
				struct vec2 vc = geom_poly_centroid(v->pts, v->n);
				b = vc;
			}
			rc.end_feature = d->r->village;
			snprintf(what, sizeof what, "from the %s edge to %s", edge == 0 ? "west" : edge == 1 ? "east" : edge == 2 ? "north" : "south",
			         v->name);
		} else {
			const struct feature *r = &d->g->map.f[join >= 0 ? join : 0];
			int edge = dbm_below(d, 4);
			a = edge_point(d, edge);
			b = join >= 0 ? dbm_along(r->pts, r->n, dbm_uniform(d, 0.2, 0.8)) : edge_point(d, (edge + 1) % 4);
			rc.end_feature = join;
			snprintf(what, sizeof what, "from the table edge %s", join >= 0 ? "to join another road" : "across");
		}
		b = v2(dbm_round(b.x), dbm_round(b.y));
		if (v2_dist(a, b) < 20)
			continue;
		n = dbm_course(d, a, b, 14, 30, NULL, NULL, c);
		if (n && (dbm_line_meets(d, c, n, width, road_allowed, &rc) || !crossings_fit(d, c, n) ||
		          !roads_apart(d, c, n, b)))
			n = 0;
	}
	if (!n) {
		game_log(g, "%s: no way for it without moving what is there, so it is discarded.", pc->name);
		return false;
	}
	if (invaders)
		snprintf(base, sizeof base, "the high road");
	else if (d->r->village >= 0)
		snprintf(base, sizeof base, "the %.*s road", NAME_LEN - 16, d->g->map.f[d->r->village].name);
	else
		snprintf(base, sizeof base, "the road");
	dbm_unique(d, base, name, sizeof name);
	if (dbm_add(d, TT_ROAD, name, c, n, width, 0, false) < 0)
		return false;
	d->nroads++;
	for (int e = 0; e < 4; e++) {
		struct vec2 p = c[0];
		double dist[4] = { p.x, d->w - p.x, p.y, d->h - p.y };
		if (dist[e] < 1e-6)
			d->road_edges |= 1u << e;
	}
	game_log(g, "%s (%s): %s.", pc->name, name, what);
	return true;
}

/* ------------------------------------------------------------------ */
/* Crossings, fords, the mill */

static int add_crossing(struct dbm *d, enum terrain_type t, const struct feature *w, struct vec2 at,
                        struct vec2 dir, double width)
{
	struct vec2 q[4];
	char base[NAME_LEN], name[NAME_LEN];
	crossing_quad(w->pts, w->n, w->width, at, dir, width, q);
	snprintf(base, sizeof base, "%.*s %s", NAME_LEN - 8, w->name, t == TT_BRIDGE ? "bridge" : "ford");
	dbm_unique(d, base, name, sizeof name);
	return dbm_add(d, t, name, q, 4, 0, 0, false);
}

void dbm_lay_crossings(struct dbm *d)
{
	struct game *g = d->g;
	int nf = g->map.nf;
	for (int r = 0; r < nf; r++) {
		if (g->map.f[r].type != TT_ROAD)
			continue;
		for (int i = 0; i < nf; i++) {
			if (!dbm_is_water(g->map.f[i].type) || dbm_in_waterway(d, i))
				continue;
			for (int a = 0; a + 1 < g->map.f[r].n; a++)
				for (int b = 0; b + 1 < g->map.f[i].n; b++) {
					const struct feature *road = &g->map.f[r], *w = &g->map.f[i];
					struct vec2 at, dir = v2_sub(road->pts[a + 1], road->pts[a]);
					char rname[NAME_LEN], wname[NAME_LEN];
					int die, k;
					bool done = false;
					if (!geom_seg_intersect(road->pts[a], road->pts[a + 1], w->pts[b], w->pts[b + 1], &at))
						continue;
					/* Laid already (the crossings are laid twice over). */
					for (int c = 0; c < g->map.nf && !done; c++) {
						struct shape cs = feature_shape(&g->map.f[c]);
						done = (g->map.f[c].type == TT_BRIDGE || g->map.f[c].type == TT_FORD) &&
						       geom_shape_contains(&cs, at);
					}
					if (done)
						continue;
					snprintf(rname, sizeof rname, "%s", road->name);
					snprintf(wname, sizeof wname, "%s", w->name);
					die = game_roll(g, 1, NULL, "%s crosses %s: bridge or ford", rname, wname);
					k = add_crossing(d, die <= 4 ? TT_BRIDGE : TT_FORD, &g->map.f[i], at, dir,
					                 rules_terrain_limits.road_width);
					if (k >= 0)
						game_log(g, "%d: %s.", die, g->map.f[k].name);
				}
		}
	}
}

/* Is a crossing of this water already in the sector? */
static bool crossed_in(const struct dbm *d, int river, int sector)
{
	const struct feature *w = &d->g->map.f[river];
	struct shape ws = feature_shape(w);
	for (int i = 0; i < d->g->map.nf; i++) {
		const struct feature *f = &d->g->map.f[i];
		struct shape fs;
		if (f->type != TT_BRIDGE && f->type != TT_FORD)
			continue;
		fs = feature_shape(f);
		if (dbm_sector_of(d->w, d->h, geom_poly_centroid(f->pts, f->n)) == sector && geom_contact(&fs, &ws))
			return true;
	}
	return false;
}

void dbm_lay_fords(struct dbm *d, int river)
{
	struct game *g = d->g;
	bool seen[7] = { false };
	const struct feature *w = &g->map.f[river];
	if (w->type != TT_RIVER)
		return;
	for (int k = 0; k <= 200; k++) {
		struct vec2 p = dbm_along(w->pts, w->n, k / 200.0);
		seen[dbm_sector_of(d->w, d->h, p)] = true;
	}
	for (int s = 1; s <= 6; s++) {
		int die, score;
		if (!seen[s] || crossed_in(d, river, s))
			continue;
		/* "The first element to enter each unfrozen river ... or the
		 * same river in a different table sector ... must dice for its
		 * difficulty": thrown here for each sector, less 1 for a river
		 * running to a short edge or other water; paltry (under 3) is a
		 * ford, a Mini-Nap river being crossed only at fords. */
		die = game_roll(g, 1, NULL, "%s in sector %d: its nature there", g->map.f[river].name, s);
		score = die - (river == d->river[1]);
		if (score >= 3) {
			game_log(g, "%s in sector %d: %d%s = %d: not paltry there, no ford.", g->map.f[river].name, s, die,
			         river == d->river[1] ? " - 1" : "", score);
			continue;
		}
		for (int attempt = 0; attempt < 80; attempt++) {
			double t = dbm_uniform(d, 0.05, 0.95);
			struct vec2 p, q, dir, nrm;
			bool ok = true;
			int f;
			/* Adding a ford moves the map's features: look again. */
			w = &g->map.f[river];
			p = dbm_along(w->pts, w->n, t);
			q = dbm_along(w->pts, w->n, fmin(1, t + 0.01));
			dir = v2_sub(q, p);
			if (dbm_sector_of(d->w, d->h, p) != s || v2_len(dir) < 1e-9 || p.x < 8 || p.y < 8 ||
			    p.x > d->w - 8 || p.y > d->h - 8)
				continue;
			nrm = v2(-dir.y, dir.x);
			p = v2(dbm_round(p.x), dbm_round(p.y));
			/* Away from other water, crossings and what is built. */
			for (int i = 0; i < g->map.nf && ok; i++) {
				const struct feature *o = &g->map.f[i];
				struct shape os, ps;
				if (i == river || o->type == TT_ROAD)
					continue;
				os = feature_shape(o);
				ps = geom_circle(&p, 8 + w->width / 2);
				if (geom_overlap(&ps, &os))
					ok = false;
			}
			if (!ok)
				continue;
			/* A ford lies across the flow, 4 cm of it. */
			{
				struct vec2 strip[4];
				crossing_quad(w->pts, w->n, w->width, p, nrm, 4, strip);
				if (!crossing_clear(d, strip))
					continue;
			}
			f = add_crossing(d, TT_FORD, w, p, nrm, 4);
			if (f >= 0)
				game_log(g, "%s in sector %d: %d%s = %d: paltry there, a ford (%s).", g->map.f[river].name, s,
				         die, river == d->river[1] ? " - 1" : "", score, g->map.f[f].name);
			break;
		}
		if (!crossed_in(d, river, s))
			game_log(g, "%s in sector %d: %d%s = %d: paltry there, but no place is clear for a ford.",
			         g->map.f[river].name, s, die, river == d->river[1] ? " - 1" : "", score);
	}
}

void dbm_lay_mill(struct dbm *d)
{
	struct game *g = d->g;
	int water[4], nw = 0;
	for (int i = 0; i < g->map.nf && nw < 4; i++)
		if (dbm_is_water(g->map.f[i].type) && !dbm_in_waterway(d, i))
			water[nw++] = i;
	if (nw == 0 || game_roll(g, 1, NULL, "A mill on the water") < 5)
		return;
	for (int attempt = 0; attempt < 120; attempt++) {
		const struct feature *w = &g->map.f[water[dbm_below(d, nw)]];
		double t = dbm_uniform(d, 0.1, 0.9), side = dbm_below(d, 2) ? 1 : -1;
		struct vec2 p = dbm_along(w->pts, w->n, t), q = dbm_along(w->pts, w->n, fmin(1, t + 0.01)), u, nrm, c, m[4];
		char base[NAME_LEN], name[NAME_LEN];
		if (v2_dist(p, q) < 1e-9)
			continue;
		u = v2_scale(v2_sub(q, p), 1 / v2_dist(p, q));
		nrm = v2(-u.y * side, u.x * side);
		c = v2_add(p, v2_scale(nrm, w->width / 2 + 1.8));
		m[0] = v2_add(c, v2_add(v2_scale(u, -1.5), v2_scale(nrm, -1.5)));
		m[1] = v2_add(c, v2_add(v2_scale(u, 1.5), v2_scale(nrm, -1.5)));
		m[2] = v2_add(c, v2_add(v2_scale(u, 1.5), v2_scale(nrm, 1.5)));
		m[3] = v2_add(c, v2_add(v2_scale(u, -1.5), v2_scale(nrm, 1.5)));
		for (int i = 0; i < 4; i++)
			m[i] = v2(dbm_round(m[i].x), dbm_round(m[i].y));
		if (!dbm_inside_box(m, 4, (double[]){ 2, 2, d->w - 2, d->h - 2 }) || !dbm_clear(d, m, 4, TT_LANDMARK))
			continue;
		snprintf(base, sizeof base, "%.*s mill", NAME_LEN - 8, w->name);
		dbm_unique(d, base, name, sizeof name);
		game_log(g, "A mill stands on %s (%s).", w->name, name);
		dbm_add(d, TT_LANDMARK, name, m, 4, 0, 1, false);
		return;
	}
}
