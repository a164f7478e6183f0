/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dbm: the DBM terrain procedure over many seeds: its logged dice
 * against the odds computed here (invader and defender, sector and
 * position dice, the defender's table, the waterway's 5 or 6), every
 * feature where its dice put it, and every limit of the text and of the
 * Mini-Nap terrain guidelines checked on the ground laid. */
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
#include "engine/random.h"
#include "engine/rules.h"
#include "io/regions.h"
#include "io/load-rules.h"

#define SAMPLES 900
#define EPS 1e-6

struct sample {
	struct game *g;
	struct dbm_result r;
	const struct dbm_region *reg;
};

static struct dbm_table table, custom;
static struct sample *S;

/* A region table of our own, to reach what the shipped one may not: a
 * compulsory waterway, every kind on the defender's table. */
static const char custom_cfg[] =
	"regions = (\n"
	"  { id = \"wet\"; name = \"Wet\"; compulsory = [ \"village\", \"waterway\" ];\n"
	"    choices = [ \"river\", \"road\", \"hill\", \"wood\", \"forest\", \"marsh\" ];\n"
	"    fields = \"hedge\"; waterway = \"the Sea\"; },\n"
	"  { id = \"rocky\"; name = \"Rocky\"; compulsory = [ \"village\" ];\n"
	"    choices = [ \"rocks\", \"rough\", \"rise\", \"waterway\", \"hill\", \"road\" ];\n"
	"    fields = \"ditch\"; waterway = \"the Lake\"; },\n"
	"  { id = \"shore\"; name = \"Shore\"; compulsory = [ \"waterway\" ];\n"
	"    choices = [ \"village\", \"hill\", \"wood\", \"road\", \"rise\", \"marsh\" ];\n"
	"    fields = \"fence\"; waterway = \"the Bay\"; }\n"
	");\n";

static const struct dbm_region *region_of(int i)
{
	int n = table.nregions + custom.nregions;
	int k = i % n;
	return k < table.nregions ? &table.region[k] : &custom.region[k - table.nregions];
}

static int setup(void **state)
{
	struct diag d = { 0 };
	char why[200];
	(void)state;
	if (!regions_load_text(default_regions_cfg, "built-in", &table, &d) ||
	    !regions_load_text(custom_cfg, "custom", &custom, &d)) {
		diag_print(&d, stderr);
		return -1;
	}
	S = calloc(SAMPLES, sizeof *S);
	for (int i = 0; i < SAMPLES; i++) {
		bool small = i % 3 == 2;
		S[i].g = game_new((uint64_t)i + 1);
		S[i].reg = region_of(i);
		if (dbm_lay(S[i].g, S[i].reg, (i / 7) % 2, small ? 120 : 180, small ? 80 : 120,
		            random_derive((uint64_t)i, 5), &S[i].r, why, sizeof why) < 0) {
			fprintf(stderr, "seed %d: %s\n", i, why);
			return -1;
		}
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (int i = 0; i < SAMPLES; i++)
		game_free(S[i].g);
	free(S);
	regions_free(&table);
	regions_free(&custom);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Helpers */

/* The face of a logged one-die throw "REASON: 1D6 F", or 0. */
static int face_of(const char *line, const char *reason)
{
	size_t n = strlen(reason);
	int f;
	if (strncmp(line, reason, n) != 0 || sscanf(line + n, ": 1D6 %d", &f) != 1)
		return 0;
	return f;
}

/* Chi-square of counts against equal odds over k outcomes. */
static double chi2_uniform(const long *count, int k)
{
	long total = 0;
	double chi = 0;
	for (int i = 0; i < k; i++)
		total += count[i];
	for (int i = 0; i < k; i++) {
		double e = (double)total / k;
		chi += (count[i] - e) * (count[i] - e) / e;
	}
	return chi;
}

/* 0.1% points of the chi-square distribution, by degrees of freedom. */
static double chi2_limit(int dof)
{
	static const double limit[] = { 0, 10.83, 13.82, 16.27, 18.47, 20.52 };
	return limit[dof];
}

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

static bool touches_waterway(const struct sample *s, const struct vec2 *p, int n)
{
	struct shape ps = { .kind = SHAPE_POLYGON, .n = n, .pts = p };
	for (int i = 0; i < s->r.npieces; i++) {
		const struct dbm_piece *pc = &s->r.piece[i];
		if (pc->kind != DBK_WATERWAY || !pc->placed)
			continue;
		for (int k = pc->first; k < pc->first + pc->count; k++) {
			struct shape ws = feature_shape(&s->g->map.f[k]);
			if (geom_distance(&ps, &ws) <= GEOM_CONTACT + EPS)
				return true;
		}
	}
	return false;
}

static bool is_area_kind(enum dbm_kind k)
{
	return k == DBK_HILL || k == DBK_RISE || k == DBK_WOOD || k == DBK_FOREST || k == DBK_ROUGH ||
	       k == DBK_ROCKS || k == DBK_MARSH;
}

/* ------------------------------------------------------------------ */
/* Invader and defender */

/* P(A invades) = P(dA + a > dB + b) / (1 - P(tie)), by enumeration. */
static double invade_odds(int a, int b)
{
	int win = 0, lose = 0;
	for (int x = 1; x <= 6; x++)
		for (int y = 1; y <= 6; y++) {
			win += x + a > y + b;
			lose += x + a < y + b;
		}
	return (double)win / (win + lose);
}

static void test_roles_odds(void **state)
{
	static const int pairs[][2] = { { 4, 1 }, { 2, 2 }, { 0, 1 } };
	(void)state;
	for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
		int n = 3000, a_invades = 0;
		double odds = invade_odds(pairs[p][0], pairs[p][1]), sd = sqrt(odds * (1 - odds) / n);
		for (int i = 0; i < n; i++) {
			struct game *g = game_new((uint64_t)(i + 77 * (int)p));
			a_invades += dbm_roles(g, pairs[p]) == SIDE_A;
			game_free(g);
		}
		assert_true(fabs((double)a_invades / n - odds) < 4 * sd);
	}
}

static void test_roles_scripted(void **state)
{
	/* 3 + 1 against 4 + 0 is a tie: both throw again; then 5 + 1 beats 2. */
	struct game *g = game_new(1);
	const int pips[] = { 3, 4, 5, 2 }, aggr[] = { 1, 0 };
	bool tie = false;
	(void)state;
	game_queue_dice(g, pips, 4);
	assert_int_equal(dbm_roles(g, aggr), SIDE_A);
	for (int i = 0; i < g->nlog; i++)
		tie = tie || strstr(g->log[i].text, "A tie") != NULL;
	assert_true(tie);
	game_free(g);
}

/* ------------------------------------------------------------------ */
/* The logged dice */

static void test_sector_and_position_dice_uniform(void **state)
{
	long sector[6] = { 0 }, position[6] = { 0 };
	int matched = 0, area = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			char reason[NAME_LEN + 16], summary[NAME_LEN + 64];
			int sf = 0, pf = 0;
			bool said = false;
			if (!is_area_kind(pc->kind) || pc->sector_die == 0)
				continue;
			area++;
			snprintf(reason, sizeof reason, "%s: sector", pc->name);
			for (int l = 0; l < s->g->nlog && !sf; l++)
				sf = face_of(s->g->log[l].text, reason);
			snprintf(reason, sizeof reason, "%s: position", pc->name);
			for (int l = 0; l < s->g->nlog && !pf; l++)
				pf = face_of(s->g->log[l].text, reason);
			/* The dice in the log are the ones that placed it. */
			assert_int_equal(sf, pc->sector_die);
			assert_int_equal(pf, pc->position_die);
			assert_int_equal(pc->sector, pc->sector_die);
			snprintf(summary, sizeof summary, "%s: sector die %d, position die %d: ", pc->name, sf, pf);
			for (int l = 0; l < s->g->nlog; l++)
				said = said || strncmp(s->g->log[l].text, summary, strlen(summary)) == 0;
			assert_true(said);
			sector[sf - 1]++;
			position[pf - 1]++;
			matched++;
		}
	}
	assert_int_equal(matched, area);
	assert_true(area > 1000);
	assert_true(chi2_uniform(sector, 6) < chi2_limit(5));
	assert_true(chi2_uniform(position, 6) < chi2_limit(5));
}

/* The defender's table: each face as likely, and the kind chosen the one
 * the region lists on that face. */
static void test_defender_table(void **state)
{
	long faces[6] = { 0 };
	int checked = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		for (int l = 0; l + 1 < s->g->nlog; l++) {
			int f = face_of(s->g->log[l].text, "Defender's choice of feature"), k;
			const char *label;
			if (!f)
				continue;
			faces[f - 1]++;
			k = s->reg->choice[f - 1];
			label = dbm_kind_names[k].label;
			/* The next line names the choice: refused by its kind,
			 * or its size thrown, or taken ("F: Kind N ..."). */
			for (int m = l + 1; m < s->g->nlog && m < l + 6; m++) {
				const char *t = s->g->log[m].text;
				char want[80];
				snprintf(want, sizeof want, "%d: %s, but ", f, label);
				if (strncmp(t, want, strlen(want)) == 0 || strstr(t, "die for a waterway")) {
					checked++;
					break;
				}
				snprintf(want, sizeof want, "%d: ", f);
				if (strncmp(t, want, strlen(want)) == 0) {
					/* Taken: the piece's word matches the kind. */
					static const char *const words[DBK_COUNT] = {
						[DBK_WATERWAY] = "Waterway", [DBK_RIVER] = "River", [DBK_VILLAGE] = "Village",
						[DBK_ROAD] = "Road", [DBK_HILL] = "Hill", [DBK_RISE] = "Rise",
						[DBK_WOOD] = "Wood", [DBK_FOREST] = "Forest", [DBK_ROUGH] = "Rough ground",
						[DBK_ROCKS] = "Rocks", [DBK_MARSH] = "Marsh",
					};
					assert_true(strncmp(t + strlen(want), words[k], strlen(words[k])) == 0);
					checked++;
					break;
				}
			}
		}
	}
	assert_true(checked > 2000);
	assert_true(chi2_uniform(faces, 6) < chi2_limit(5));
}

/* "Unless it is compulsory, he can only include a WW ... if he dices and
 * scores 5 or 6." */
static void test_waterway_needs_five_or_six(void **state)
{
	int thrown = 0, taken = 0, compulsory = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		int defender_ww = 0, fives = 0;
		for (int l = 0; l < s->g->nlog; l++) {
			int f = face_of(s->g->log[l].text, "Defender's die for a waterway");
			if (!f)
				continue;
			thrown++;
			/* Refused on 1 to 4, taken on 5 or 6. */
			assert_int_equal(strstr(s->g->log[l + 1].text, "needs a 5 or 6") != NULL, f < 5);
			fives += f >= 5;
		}
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			if (pc->kind != DBK_WATERWAY || pc->side != s->r.defender)
				continue;
			if (pc->compulsory) {
				compulsory++;
				assert_true(s->reg->compulsory[DBK_WATERWAY]);
			} else {
				defender_ww++;
			}
		}
		assert_int_equal(defender_ww, fives);
		taken += defender_ww;
		/* A compulsory waterway is never thrown for. */
		if (s->reg->compulsory[DBK_WATERWAY])
			for (int l = 0; l < s->g->nlog; l++)
				assert_null(strstr(s->g->log[l].text, "die for a waterway"));
	}
	assert_true(thrown > 20 && taken > 5 && compulsory > 20);
}

static bool offers(const struct dbm_region *r, enum dbm_kind k)
{
	bool yes = r->compulsory[k];
	for (int i = 0; i < DBM_CHOICES; i++)
		yes = yes || r->choice[i] == k;
	return k == DBK_WATERWAY ? r->waterway[0] != '\0' : yes;
}

/* "One WW, and only if ... he positions a BUA in contact with it": every
 * waterway of the defender's has its village, beside it. */
static void test_waterway_brings_village(void **state)
{
	int shore = 0, beside = 0;
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		bool ww = false, village = false;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			ww = ww || (pc->kind == DBK_WATERWAY && pc->side == s->r.defender);
			village = village || pc->kind == DBK_VILLAGE;
		}
		if (!ww)
			continue;
		assert_true(village);
		shore += strcmp(s->reg->id, "shore") == 0;
		if (s->r.village >= 0) {
			const struct feature *v = &s->g->map.f[s->r.village];
			assert_true(touches_waterway(s, v->pts, v->n));
			beside++;
		}
	}
	assert_true(shore > 50 && beside > 100);
}

/* The invader's one feature: 1-2 none, 3-4 a road, 5 a river, 6 a
 * waterway (none where the region lacks it). */
static void test_invader_feature(void **state)
{
	long faces[6] = { 0 };
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		int f = 0, got = -1;
		for (int l = 0; l < s->g->nlog && !f; l++)
			f = face_of(s->g->log[l].text, "Invader's feature");
		assert_true(f >= 1 && f <= 6);
		faces[f - 1]++;
		for (int k = 0; k < s->r.npieces; k++)
			if (s->r.piece[k].side == s->r.invader)
				got = s->r.piece[k].kind;
		if (f <= 2)
			assert_int_equal(got, -1);
		else
			assert_int_equal(got, offers(s->reg, f <= 4 ? DBK_ROAD : f == 5 ? DBK_RIVER : DBK_WATERWAY)
			                          ? (f <= 4 ? DBK_ROAD : f == 5 ? DBK_RIVER : DBK_WATERWAY) : -1);
	}
	assert_true(chi2_uniform(faces, 6) < chi2_limit(5));
}

/* 2 or 3 further equivalents, spent exactly; none of the limits broken. */
static void test_equivalents_and_limits(void **state)
{
	static const int going[DBK_COUNT] = {
		[DBK_WATERWAY] = 4, [DBK_RIVER] = 4, [DBK_VILLAGE] = 5, [DBK_ROAD] = 0, [DBK_HILL] = 1,
		[DBK_RISE] = 0, [DBK_WOOD] = 1, [DBK_FOREST] = 2, [DBK_ROUGH] = 1, [DBK_ROCKS] = 3, [DBK_MARSH] = 3,
	};
	long budgets[2] = { 0 };
	(void)state;
	for (int i = 0; i < SAMPLES; i++) {
		const struct sample *s = &S[i];
		int f = 0, spent = 0, same[4][6] = { { 0 } }, ww = 0, bua = 0, rivers = 0, roads = 0;
		for (int l = 0; l < s->g->nlog && !f; l++)
			f = face_of(s->g->log[l].text, "Defender's further feature equivalents");
		assert_true(f >= 1);
		budgets[f >= 4]++;
		for (int k = 0; k < s->r.npieces; k++) {
			const struct dbm_piece *pc = &s->r.piece[k];
			assert_true(pc->fe2 >= 1 && pc->fe2 <= 3);
			ww += pc->kind == DBK_WATERWAY;
			bua += pc->kind == DBK_VILLAGE;
			if (pc->side != s->r.defender)
				continue;
			same[pc->fe2][going[pc->kind]]++;
			rivers += pc->kind == DBK_RIVER;
			roads += pc->kind == DBK_ROAD;
			if (!pc->compulsory)
				spent += pc->fe2;
		}
		assert_int_equal(spent, f <= 3 ? 4 : 6);
		assert_true(ww <= 1 && bua <= 1 && rivers <= 1 && roads <= 2);
		for (int e = 1; e <= 3; e++)
			for (int k = 0; k < 6; k++)
				if (k != 4 && k != 5) /* water and built-up ground are limited on their own */
					assert_true(same[e][k] <= 3);
	}
	/* Two or three, each on half the faces. */
	assert_true(chi2_uniform(budgets, 2) < chi2_limit(1));
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
		cmocka_unit_test(test_roles_odds),
		cmocka_unit_test(test_roles_scripted),
		cmocka_unit_test(test_sector_and_position_dice_uniform),
		cmocka_unit_test(test_defender_table),
		cmocka_unit_test(test_waterway_needs_five_or_six),
		cmocka_unit_test(test_waterway_brings_village),
		cmocka_unit_test(test_invader_feature),
		cmocka_unit_test(test_equivalents_and_limits),
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
