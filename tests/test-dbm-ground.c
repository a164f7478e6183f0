/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dbm-ground: the ground the DBM terrain procedure lays, over many
 * seeds: every feature where its dice put it, discards explained, sizes and
 * spacing, no overlaps, rivers, the waterway, the village, roads and their
 * crossings, streets and fords, the same seed the same ground. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/dbm.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "test-dbm.h"
#include "io/load-rules.h"

/* ------------------------------------------------------------------ */
/* Helpers */

static void sector_box(const struct sample *s, int sector, double box[4])
{
	dbm_sector_box(s->r.width, s->r.height, sector, box);
}

static bool inside(const struct vec2 *p, int n, const double box[4])
{
	for (int i = 0; i < n; i++)
		if (p[i].x < box[0] - EPS || p[i].x > box[2] + EPS || p[i].y < box[1] - EPS || p[i].y > box[3] + EPS)
			return false;
	return true;
}

static double edge_distance(const struct sample *s, struct vec2 p)
{
	return fmin(fmin(p.x, s->r.width - p.x), fmin(p.y, s->r.height - p.y));
}

/* ------------------------------------------------------------------ */
/* The ground laid */

static bool features_within(const struct sample *s, const struct dbm_piece *pc)
{
	struct shape os = { .kind = SHAPE_POLYGON, .n = pc->n, .pts = pc->outline };
	for (int k = pc->first; k < pc->first + pc->count; k++) {
		struct shape fs = feature_shape(&s->g->map.f[k]);
		if (!geom_inside(&os, &fs))
			return false;
	}
	return true;
}

/* Each area feature "entirely in the corresponding sector"; on 1-4 it
 * touches a table edge or the waterway, on 5-6 its centre is 500p or
 * more from every edge; what is drawn of it lies inside it. */
static void test_area_features_where_dice_say(void **state)
{
	int placed = 0, discarded = 0, big_centre = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			double box[4], edge = INFINITY;
			if (!is_area_kind(pc->kind))
				continue;
			if (!pc->placed) {
				discarded++;
				assert_int_equal(pc->count, 0);
				continue;
			}
			placed++;
			sector_box(s, pc->sector, box);
			assert_true(inside(pc->outline, pc->n, box));
			for (int p = 0; p < pc->n; p++)
				edge = fmin(edge, edge_distance(s, pc->outline[p]));
			if (pc->position_die <= 4)
				assert_true(edge <= GEOM_CONTACT + EPS || touches_waterway(s, pc->outline, pc->n));
			else
				assert_true(edge_distance(s, geom_poly_centroid(pc->outline, pc->n)) >=
				            500 * s->r.pace - EPS);
			assert_true(pc->count >= 1);
			assert_true(features_within(s, pc));
			if (pc->position_die >= 5 && pc->fe2 >= 2)
				big_centre++;
		}
	}
	/* At 0.05 cm a pace a feature fits its sector as the text means it
	 * to: discards are rare (under 3%), and features of one equivalence
	 * and more are laid on a 5 or 6 too. */
	assert_true(placed > 1000 && discarded * 100 < 3 * (placed + discarded));
	assert_true(big_centre > 100);
}

/* Almost every battlefield has an area feature; each discard says why in
 * the log, naming what stood in the way, each name one on the map. */
static void test_discards_explained(void **state)
{
	int empty = 0, chosen = 0, explained = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		int area = 0, placed = 0;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			char head[NAME_LEN + 64];
			if (!is_area_kind(pc->kind))
				continue;
			area++;
			placed += pc->placed;
			if (pc->placed)
				continue;
			snprintf(head, sizeof head, "%s: sector die %d, position die %d: ", pc->name, pc->sector_die,
			         pc->position_die);
			for (int l = 0; l < s->g->nlog; l++) {
				const char *t = s->g->log[l].text, *list;
				char names[400], *tok, *save;
				if (strncmp(t, head, strlen(head)) != 0)
					continue;
				assert_non_null(strstr(t, "it is discarded"));
				assert_null(strstr(t, "without moving"));
				list = strstr(t, "taken by what is laid: ");
				if (!list) {
					assert_non_null(strstr(t, "cannot lie wholly in sector"));
					explained++;
					break;
				}
				snprintf(names, sizeof names, "%s", list + strlen("taken by what is laid: "));
				*strstr(names, " stand") = '\0';
				for (tok = strtok_r(names, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
					bool found = false;
					while (*tok == ' ')
						tok++;
					for (int f = 0; f < s->g->map.nf && !found; f++)
						found = strncmp(s->g->map.f[f].name, tok, strlen(tok)) == 0 ||
						        (strncmp(tok, "the wooded area of ", 19) == 0 &&
						         strncmp(s->g->map.f[f].name, tok + 19, strlen(tok + 19)) == 0) ||
						        (strncmp(tok, "the fields of ", 14) == 0 &&
						         strcmp(s->g->map.f[f].name, tok + 14) == 0);
					if (!found)
						fail_msg("seed %d: '%s' is not on the map: %s", i, tok, t);
				}
				explained++;
				break;
			}
		}
		chosen += area > 0;
		empty += area > 0 && placed == 0;
	}
	assert_true(chosen > SAMPLES / 2 && empty * 100 < 2 * chosen);
	(void)explained;
}

/* The text's paces: 50 to 25 mm, so 0.05 cm a pace on the corps table,
 * 2400 paces deep on the division's too. */
static void test_pace(void **state)
{
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		assert_true(fabs(s->r.pace - (s->r.height == 120 ? 0.05 : 80.0 / 2400)) < 1e-12);
	}
	assert_true(fabs(dbm_rules.pace_per_depth - 2400) < EPS && fabs(dbm_rules.river_clear - 600) < EPS);
}

static void test_sizes(void **state)
{
	int woods = 0, churches = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		const struct map *m = &s->g->map;
		double p = s->r.pace, least, most;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			if (!is_area_kind(pc->kind) || !pc->placed)
				continue;
			/* "not more than 1,000p across in any direction, nor less
			 * than 100p"; half an equivalent up to 500p, one and a half
			 * over 750p. */
			dbm_extent(pc->outline, pc->n, &least, &most);
			assert_true(least >= 100 * p - EPS && most <= 1000 * p + EPS);
			if (pc->fe2 == 1)
				assert_true(most <= 500 * p + EPS);
			else if (pc->fe2 == 2)
				assert_true(most > 500 * p && most <= 750 * p + EPS);
			else
				assert_true(most > 750 * p);
		}
		for (int a = 0; a < m->nf; a++) {
			const struct feature *f = &m->f[a];
			struct shape fs = feature_shape(f);
			dbm_extent(f->pts, f->n, &least, &most);
			/* Mini-Nap: woods and villages 5 to 10 cm across, landmarks 5 at most. */
			if (f->type == TT_WOOD || f->type == TT_VILLAGE) {
				assert_true(least >= 5 - EPS && most <= 10 + EPS);
				woods += f->type == TT_WOOD;
			}
			if (f->type == TT_LANDMARK)
				assert_true(most <= 5 + EPS);
			for (int b = a + 1; b < m->nf; b++) {
				const struct feature *o = &m->f[b];
				struct shape os = feature_shape(o);
				bool wa = f->type == TT_WOOD || f->type == TT_FOREST, wb = o->type == TT_WOOD || o->type == TT_FOREST;
				if (wa && wb)
					assert_true(geom_distance(&fs, &os) >= 15 - EPS);
				if (f->type == TT_VILLAGE && o->type == TT_VILLAGE)
					assert_true(geom_distance(&fs, &os) >= 40 - EPS);
			}
			if (f->type == TT_LANDMARK && strstr(f->name, " church")) {
				struct shape vs = feature_shape(&m->f[s->r.village]);
				double dist = geom_distance(&fs, &vs);
				assert_true(dist > 0 && dist <= 5 + EPS);
				churches++;
			}
		}
	}
	assert_true(woods > 100 && churches > 100);
}

static bool area_type(enum terrain_type t)
{
	return !feature_is_linear(t);
}

/* Features are not laid on one another, but a hill's top on its slopes,
 * roads over anything, and bridges and fords across water. */
static void test_no_overlaps(void **state)
{
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct map *m = &S[i].g->map;
		for (int a = 0; a < m->nf; a++) {
			const struct feature *f = &m->f[a];
			struct shape fs = feature_shape(f);
			for (int b = a + 1; b < m->nf; b++) {
				const struct feature *o = &m->f[b];
				struct shape os = feature_shape(o);
				bool hill_on_slopes = f->type == TT_CONTOUR && o->type == TT_HILL && b == a + 1;
				bool crossing = (f->type == TT_BRIDGE || f->type == TT_FORD || o->type == TT_BRIDGE ||
				                 o->type == TT_FORD) &&
				                (feature_is_linear(f->type) || feature_is_linear(o->type));
				bool road = f->type == TT_ROAD || o->type == TT_ROAD;
				bool landmark_road = road && (f->type == TT_LANDMARK || o->type == TT_LANDMARK);
				bool both_water = feature_is_linear(f->type) && feature_is_linear(o->type) &&
				                  (f->type == TT_RIVER || f->type == TT_STREAM) &&
				                  (o->type == TT_RIVER || o->type == TT_STREAM);
				if (hill_on_slopes) {
					assert_true(geom_inside(&fs, &os));
					continue;
				}
				if (crossing || both_water || (road && !landmark_road))
					continue;
				if ((area_type(f->type) || area_type(o->type) || f->type == TT_RIVER || o->type == TT_RIVER ||
				     f->type == TT_STREAM || o->type == TT_STREAM) && geom_overlap(&fs, &os))
					fail_msg("seed %d: %s '%s' overlaps %s '%s'", i, terrain_names[f->type].key, f->name,
					         terrain_names[o->type].key, o->name);
			}
		}
	}
}

static void test_rivers(void **state)
{
	int invaders = 0, defenders = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		/* "at least 600p from both long table edges" (the invader's
		 * from both short edges) */
		double w = s->r.width, h = s->r.height, clear = 600 * s->r.pace;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			const struct feature *f;
			double half;
			if (pc->kind != DBK_RIVER || !pc->placed)
				continue;
			f = &s->g->map.f[pc->first];
			half = f->width / 2;
			assert_true(f->type == TT_STREAM ? f->width <= 2 : f->width > 2 && f->width <= 200 * s->r.pace);
			/* "no two points on its mid-stream line are separated by a
			 * straight line distance of less than 3/4 of the distance
			 * between them measured along the mid-stream line" */
			assert_true(dbm_course_ratio(f->pts, f->n, 0.25) >= 0.75 - EPS);
			if (pc->side == s->r.invader) {
				invaders++;
				assert_true(f->pts[0].y == 0 && f->pts[f->n - 1].y == h);
				for (int p = 0; p < f->n; p++)
					assert_true(f->pts[p].x >= clear + half - EPS && f->pts[p].x <= w - clear - half + EPS);
				continue;
			}
			defenders++;
			/* From a short edge; off both long edges; on one side of
			 * the centre line; to the other short edge, the waterway or
			 * the invader's river. */
			assert_true(f->pts[0].x == 0 || f->pts[0].x == w);
			for (int p = 0; p < f->n; p++) {
				double y = f->pts[p].y;
				assert_true(y >= clear + half - EPS && h - y >= clear + half - EPS);
				assert_true(fabs(y - h / 2) >= half - EPS);
				assert_true((y < h / 2) == (f->pts[0].y < h / 2));
			}
			{
				struct vec2 end = f->pts[f->n - 1];
				bool to_edge = (end.x == 0 || end.x == w) && end.x != f->pts[0].x;
				bool to_water = touches_waterway(s, &end, 1);
				bool to_river = false;
				for (int j = 0; j < s->r.npieces; j++)
					if (s->r.piece[j].kind == DBK_RIVER && s->r.piece[j].side == s->r.invader &&
					    s->r.piece[j].placed) {
						const struct feature *r = &s->g->map.f[s->r.piece[j].first];
						struct shape rs = feature_shape(r), es = geom_circle(&end, 0);
						rs.r = 0;
						to_river = geom_distance(&es, &rs) < 0.02;
					}
				assert_true(to_edge || to_water || to_river);
			}
		}
	}
	assert_true(invaders > 20 && defenders > 100);
}

static void test_waterway(void **state)
{
	int n = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		double p = s->r.pace;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			int deep = 0, rows = 0;
			if (pc->kind != DBK_WATERWAY || !pc->placed)
				continue;
			n++;
			for (double y = 0.5; y < s->r.height; y += 1, rows++) {
				double depth = 0;
				/* How far in the water reaches from the edge, unbroken. */
				for (double x = 0.1; x < s->r.width; x += 0.25) {
					struct vec2 q = v2(s->r.waterway_edge == 0 ? x : s->r.width - x, y);
					struct shape qs = geom_circle(&q, 0);
					bool wet = false;
					for (int f = pc->first; f < pc->first + pc->count && !wet; f++) {
						struct shape ws = feature_shape(&s->g->map.f[f]);
						wet = geom_distance(&qs, &ws) <= 0;
					}
					if (!wet)
						break;
					depth = x;
				}
				assert_true(depth >= 300 * p - 1.0 && depth <= 900 * p + 1.0);
				deep += depth > 600 * p + 1.0;
			}
			/* "no more than half extending more than 600p inward" */
			assert_true(deep <= rows / 2);
		}
	}
	assert_true(n > 20);
}

/* "The BUA and any fields must all be entirely within 1 sector": in
 * contact with the waterway if there is one, else astride the invader's
 * road or in a flank sector. */
static void test_village(void **state)
{
	int villages = 0, beside_water = 0, on_road = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			const struct feature *v;
			double box[4];
			bool ww = false, astride = false;
			if (pc->kind != DBK_VILLAGE || !pc->placed)
				continue;
			villages++;
			v = &s->g->map.f[pc->first];
			assert_int_equal(v->type, TT_VILLAGE);
			assert_int_equal(s->r.village, pc->first);
			sector_box(s, pc->sector, box);
			/* The village, its fields' enclosures and farms, its streets. */
			for (int f = pc->first; f < pc->first + pc->count; f++) {
				const struct feature *o = &s->g->map.f[f];
				assert_true(strncmp(o->name, v->name, strlen(v->name)) == 0);
				assert_true(inside(o->pts, o->n, box));
			}
			for (int j = 0; j < s->r.npieces; j++)
				ww = ww || (s->r.piece[j].kind == DBK_WATERWAY && s->r.piece[j].placed);
			for (int l = 0; l < s->g->nlog; l++)
				astride = astride || strstr(s->g->log[l].text, "astride the invader's road");
			if (ww) {
				assert_true(touches_waterway(s, v->pts, v->n));
				beside_water++;
			} else if (astride) {
				/* The invader's road runs through it. */
				bool through = false;
				struct shape vs = feature_shape(v);
				for (int j = 0; j < s->r.npieces; j++) {
					const struct dbm_piece *rp = &s->r.piece[j];
					if (rp->kind == DBK_ROAD && rp->side == s->r.invader && rp->placed) {
						struct shape rs = feature_shape(&s->g->map.f[rp->first]);
						through = geom_overlap(&vs, &rs);
					}
				}
				assert_true(through);
				on_road++;
			} else {
				assert_true(dbm_sector_is_flank(pc->sector));
			}
		}
	}
	assert_true(villages >= SAMPLES * 9 / 10 && beside_water > 20 && on_road > 20);
}

static bool on_a_road_end(const struct sample *s, int self, struct vec2 p)
{
	struct shape ps = geom_circle(&p, 0);
	for (int i = 0; i < s->g->map.nf; i++) {
		const struct feature *f = &s->g->map.f[i];
		struct shape fs = feature_shape(f);
		if (i == self)
			continue;
		if (f->type == TT_VILLAGE && geom_distance(&ps, &fs) <= 0.5)
			return true;
		fs.r = 0;
		if (f->type == TT_ROAD && geom_distance(&ps, &fs) <= 0.02)
			return true;
	}
	return false;
}

/* Roads come in from a table edge and lead to the village or another
 * road (the invader's from his edge to the defender's); every crossing of
 * water is a bridge or a ford on the road; every bridge carries a road
 * over water. */
static void test_roads_and_crossings(void **state)
{
	int roads = 0, bridges = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		const struct map *m = &s->g->map;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			const struct feature *r;
			if (pc->kind != DBK_ROAD || !pc->placed)
				continue;
			roads++;
			r = &m->f[pc->first];
			assert_true(edge_distance(s, r->pts[0]) < EPS);
			if (pc->side == s->r.invader) {
				double y0 = s->r.invader == SIDE_B ? 0 : s->r.height;
				assert_true(r->pts[0].y == y0 && r->pts[r->n - 1].y == s->r.height - y0);
			} else {
				assert_true(on_a_road_end(s, pc->first, r->pts[r->n - 1]));
			}
		}
		for (int a = 0; a < m->nf; a++) {
			const struct feature *f = &m->f[a];
			struct shape fs = feature_shape(f);
			bool road = false, water = false;
			if (f->type == TT_BRIDGE || f->type == TT_FORD) {
				for (int b = 0; b < m->nf; b++) {
					struct shape os = feature_shape(&m->f[b]);
					road = road || (m->f[b].type == TT_ROAD && geom_overlap(&fs, &os));
					water = water || ((m->f[b].type == TT_RIVER || m->f[b].type == TT_STREAM) &&
					                  geom_contact(&fs, &os));
				}
				assert_true(water);
				if (f->type == TT_BRIDGE) {
					assert_true(road);
					bridges++;
				}
			}
			if (f->type != TT_ROAD)
				continue;
			for (int b = 0; b < m->nf; b++) {
				const struct feature *w = &m->f[b];
				if (w->type != TT_RIVER && w->type != TT_STREAM)
					continue;
				for (int x = 0; x + 1 < f->n; x++)
					for (int y = 0; y + 1 < w->n; y++) {
						struct vec2 at;
						bool covered = false;
						if (!geom_seg_intersect(f->pts[x], f->pts[x + 1], w->pts[y], w->pts[y + 1], &at))
							continue;
						for (int c = 0; c < m->nf; c++) {
							struct shape cs = feature_shape(&m->f[c]);
							covered = covered || ((m->f[c].type == TT_BRIDGE || m->f[c].type == TT_FORD) &&
							                      geom_shape_contains(&cs, at));
						}
						assert_true(covered);
					}
			}
		}
	}
	assert_true(roads > 500 && bridges > 50);
}

/* The log's count of streets is the map's; fewer than thrown only with a
 * reason. */
static void test_streets_counted(void **state)
{
	int thrown_all = 0, laid_all = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		const struct feature *v;
		char head[NAME_LEN + 16], base[NAME_LEN + 16];
		int said = -1, thrown = -1, map = 0;
		if (s->r.village < 0)
			continue;
		v = &s->g->map.f[s->r.village];
		snprintf(head, sizeof head, "Village (%s): ", v->name);
		snprintf(base, sizeof base, "%s street", v->name);
		for (int l = 0; l < s->g->nlog; l++) {
			const char *t = s->g->log[l].text, *p;
			int f = face_of(t, "Village: streets");
			if (f)
				thrown = f <= 2 ? 0 : f <= 4 ? 1 : 2;
			if (strncmp(t, head, strlen(head)) != 0 || !(p = strstr(t, " street")))
				continue;
			while (p > t && p[-1] != ' ')
				p--;
			said = atoi(p);
			if (said < thrown) {
				char want[40];
				snprintf(want, sizeof want, "(of %d thrown: every ", thrown);
				assert_non_null(strstr(t, want));
			} else {
				assert_null(strstr(t, "thrown"));
			}
		}
		for (int f = 0; f < s->g->map.nf; f++)
			map += s->g->map.f[f].type == TT_ROAD && strncmp(s->g->map.f[f].name, base, strlen(base)) == 0;
		assert_true(thrown >= 0);
		assert_int_equal(said, map);
		assert_true(said <= thrown);
		thrown_all += thrown;
		laid_all += said;
	}
	/* Other ways are tried: most streets thrown are laid. */
	assert_true(laid_all * 10 >= thrown_all * 8);
}

/* Each sector a river runs through without a crossing has its nature
 * thrown there (less 1 for the defender's river, which runs from a short
 * edge): paltry, under 3, is a ford, laid by that name; else none. */
static void test_fords_thrown(void **state)
{
	int fords = 0, none = 0;
	long faces[6] = { 0 };
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		int free_fords = 0, map_fords = 0;
		for (int l = 0; l + 1 < s->g->nlog; l++) {
			const char *t = s->g->log[l].text, *p = strstr(t, ": its nature there: 1D6 ");
			const char *next = s->g->log[l + 1].text, *q;
			char name[NAME_LEN + 8];
			int face, score;
			if (!p)
				continue;
			face = atoi(p + strlen(": its nature there: 1D6 "));
			faces[face - 1]++;
			q = strstr(next, " = ");
			assert_non_null(q);
			score = atoi(q + 3);
			assert_true(score == face || score == face - 1);
			if (score >= 3) {
				assert_non_null(strstr(next, "not paltry there, no ford."));
				none++;
				continue;
			}
			if (strstr(next, "no place is clear"))
				continue;
			q = strstr(next, "paltry there, a ford (");
			assert_non_null(q);
			snprintf(name, sizeof name, "%s", q + strlen("paltry there, a ford ("));
			name[strlen(name) - 2] = '\0'; /* the closing ")." */
			{
				bool found = false;
				for (int f = 0; f < s->g->map.nf; f++)
					found = found || (s->g->map.f[f].type == TT_FORD && strcmp(s->g->map.f[f].name, name) == 0);
				assert_true(found);
			}
			fords++;
			free_fords++;
		}
		/* No ford is laid but by a road or by such a throw. */
		for (int f = 0; f < s->g->map.nf; f++)
			map_fords += s->g->map.f[f].type == TT_FORD;
		for (int l = 0; l < s->g->nlog; l++)
			if (strstr(s->g->log[l].text, ": bridge or ford: 1D6 ") &&
			    atoi(strstr(s->g->log[l].text, ": 1D6 ") + 6) >= 5)
				free_fords++;
		assert_true(map_fords <= free_fords);
	}
	assert_true(fords > 50 && none > 50);
	assert_true(chi2_uniform(faces, 6) < chi2_limit(5));
}

/* The same seed lays the same ground, point for point. */
static void test_same_seed_same_ground(void **state)
{
	(void)state;
	for (int i = 0; i < 30; i++) {
		struct game *g = game_new((uint64_t)i + 1);
		struct dbm_result *r = calloc(1, sizeof *r);
		char why[200];
		bool small = i % 3 == 2;
		assert_int_equal(dbm_lay(g, region_of(i), (i / 7) % 2, small ? 120 : 180, small ? 80 : 120,
		                         random_derive((uint64_t)i, 5), r, why, sizeof why), 0);
		assert_int_equal(g->map.nf, S[i].g->map.nf);
		for (int f = 0; f < g->map.nf; f++) {
			assert_string_equal(g->map.f[f].name, S[i].g->map.f[f].name);
			assert_int_equal(g->map.f[f].n, S[i].g->map.f[f].n);
			assert_memory_equal(g->map.f[f].pts, S[i].g->map.f[f].pts, (size_t)g->map.f[f].n * sizeof(struct vec2));
		}
		assert_int_equal(g->nlog, S[i].g->nlog);
		free(r);
		game_free(g);
	}
	/* ... and another seed other ground. */
	assert_true(S[0].g->map.nf != S[5].g->map.nf ||
	            memcmp(S[0].g->map.f[0].pts, S[5].g->map.f[0].pts, sizeof(struct vec2)) != 0);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_area_features_where_dice_say),
		cmocka_unit_test(test_discards_explained),
		cmocka_unit_test(test_pace),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_no_overlaps),
		cmocka_unit_test(test_rivers),
		cmocka_unit_test(test_waterway),
		cmocka_unit_test(test_village),
		cmocka_unit_test(test_roads_and_crossings),
		cmocka_unit_test(test_streets_counted),
		cmocka_unit_test(test_fords_thrown),
		cmocka_unit_test(test_same_seed_same_ground),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
