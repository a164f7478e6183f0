/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dbm: the DBM terrain procedure's choices over many seeds: its
 * logged dice against the odds computed here (invader and defender, sector
 * and position dice, the defender's table, the waterway's 5 or 6, the
 * invader's feature) and the limits on what may be chosen (test-dbm-ground:
 * where it is laid). */
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
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, setup, teardown);
}
