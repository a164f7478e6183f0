/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-orbat: commanders' ratings thrown with a scripted die on each
 * nationality's table, the lookups of the chain of command, and command
 * radii. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/enums.h"
#include "engine/game.h"
#include "engine/orbat.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "io/load-rules.h"

#define EPS 1e-9

static int add_corps(struct game *g, const char *id, enum nationality nat)
{
	struct corps c = { .side = SIDE_A, .nat = nat, .commander = -1 };
	snprintf(c.id, sizeof c.id, "%s", id);
	snprintf(c.name, sizeof c.name, "%s Corps", id);
	return game_add_corps(g, &c);
}

static int add_division(struct game *g, const char *id, int corps)
{
	struct division d = { .corps = corps, .commander = -1 };
	snprintf(d.id, sizeof d.id, "%s", id);
	snprintf(d.name, sizeof d.name, "%s Division", id);
	return game_add_division(g, &d);
}

static int add_brigade(struct game *g, const char *id, int division, enum brigade_kind k)
{
	struct brigade b = { .division = division, .kind = k, .commander = -1 };
	snprintf(b.id, sizeof b.id, "%s", id);
	snprintf(b.name, sizeof b.name, "%s Brigade", id);
	return game_add_brigade(g, &b);
}

static int add_unit(struct game *g, const char *id, int brigade, enum unit_type t)
{
	struct unit u = { .side = SIDE_A, .brigade = brigade, .type = t,
	                  .rating = RATING_VETERAN, .sp = 5, .sp0 = 5,
	                  .form = t >= UT_FOOT_ART ? FORM_BATTERY : FORM_LINE,
	                  .state = US_ACTIVE };
	snprintf(u.id, sizeof u.id, "%s", id);
	snprintf(u.name, sizeof u.name, "unit %s", id);
	return game_add_unit(g, &u);
}

/* A commander of a corps, division or brigade, wired to it. */
static int add_cmdr(struct game *g, const char *name, enum cmd_level lvl, int of,
                    enum cmd_rating r, unsigned flags)
{
	struct commander c = { .side = SIDE_A, .level = lvl, .of = of, .rating = r,
	                       .flags = flags, .state = US_ACTIVE, .attached = -1,
	                       .detached_from = -1 };
	int i;
	snprintf(c.name, sizeof c.name, "%s", name);
	switch (lvl) {
	case CL_CORPS:
		snprintf(c.id, sizeof c.id, "%s", g->corps[of].id);
		break;
	case CL_DIVISION:
		snprintf(c.id, sizeof c.id, "%s", g->divs[of].id);
		break;
	default:
		snprintf(c.id, sizeof c.id, "%s", g->brigs[of].id);
		break;
	}
	i = game_add_commander(g, &c);
	switch (lvl) {
	case CL_CORPS:
		g->corps[of].commander = i;
		break;
	case CL_DIVISION:
		g->divs[of].commander = i;
		break;
	default:
		g->brigs[of].commander = i;
		break;
	}
	return i;
}

/* Index of the first log line holding every one of the strings, or -1. */
static int find_log(const struct game *g, const char *a, const char *b)
{
	for (int i = 0; i < g->nlog; i++)
		if (strstr(g->log[i].text, a) && (!b || strstr(g->log[i].text, b)))
			return i;
	return -1;
}

/* Dice recorded in the log: every "NdD6" in a dice line. */
static int dice_in_log(const struct game *g)
{
	int n = 0;
	for (int i = 0; i < g->nlog; i++) {
		const char *p = g->log[i].text;
		while ((p = strstr(p, "D6 ")) != NULL) {
			const char *q = p;
			int k = 0, mul = 1;
			while (q > g->log[i].text && q[-1] >= '0' && q[-1] <= '9') {
				k += (q[-1] - '0') * mul;
				mul *= 10;
				q--;
			}
			n += k;
			p += 3;
		}
	}
	return n;
}

/* The log line of a 2D6 throw of a and b for a commander. */
static void assert_throw_logged(const struct game *g, const char *name, int a, int b)
{
	char want[64];
	snprintf(want, sizeof want, ": 2D6 %d+%d = %d", a, b, a + b);
	if (find_log(g, name, want) < 0) {
		for (int i = 0; i < g->nlog; i++)
			print_message("# log: %s\n", g->log[i].text);
		fail_msg("no log line for %s with '%s'", name, want);
	}
}

/* ------------------------------------------------------------------ */

/* A corps commander of nat throws a+b. */
static enum cmd_rating corps_roll(enum nationality nat, int a, int b)
{
	struct game *g = game_new(11);
	int corps = add_corps(g, "I", nat), c, faces[2] = { a, b };
	enum cmd_rating r;
	c = add_cmdr(g, "General Corps", CL_CORPS, corps, CR_NONE, CF_ROLL);
	game_queue_dice(g, faces, 2);
	orbat_roll_ratings(g);
	r = g->cmdrs[c].rating;
	assert_false(g->cmdrs[c].flags & CF_ROLL);
	assert_int_equal(g->dice.draws, 2);
	assert_throw_logged(g, "General Corps", a, b);
	assert_int_equal(dice_in_log(g), 2);
	/* The rating is announced. */
	assert_true(find_log(g, "General Corps", cmd_rating_names[r].label) >= 0);
	game_free(g);
	return r;
}

static void check_corps(enum nationality nat, const enum cmd_rating want[11])
{
	for (int roll = 2; roll <= 12; roll++) {
		int a = roll / 2, b = roll - roll / 2;
		enum cmd_rating got = corps_roll(nat, a, b);
		if (got != want[roll - 2])
			fail_msg("%s corps, 2D6 = %d: got %s, want %s", nationality_names[nat].label,
			         roll, cmd_rating_names[got].label, cmd_rating_names[want[roll - 2]].label);
	}
}

#define EX CR_EXCELLENT
#define GD CR_GOOD
#define AV CR_AVERAGE
#define PR CR_POOR
#define DR CR_DREADFUL

static void test_corps_french_british(void **state)
{
	(void)state;
	/* French: Excellent 10+, Good 6-9, Average 4-5, Poor 3-. */
	check_corps(NAT_FRENCH, (const enum cmd_rating[11]){
		PR, PR, AV, AV, GD, GD, GD, GD, EX, EX, EX });
	/* British: Excellent 8+, Good 7, Average 4-6, Poor 3-. */
	check_corps(NAT_BRITISH, (const enum cmd_rating[11]){
		PR, PR, AV, AV, AV, GD, EX, EX, EX, EX, EX });
	/* The boundaries with other faces: 4+6 French, 1+6 British. */
	assert_int_equal(corps_roll(NAT_FRENCH, 4, 6), CR_EXCELLENT);
	assert_int_equal(corps_roll(NAT_FRENCH, 3, 6), CR_GOOD);
	assert_int_equal(corps_roll(NAT_BRITISH, 1, 6), CR_GOOD);
	assert_int_equal(corps_roll(NAT_BRITISH, 2, 6), CR_EXCELLENT);
}

static void test_corps_austrian_prussian_russian(void **state)
{
	(void)state;
	/* Austrian: Average 10+, Poor 7-9, Dreadful 6-. */
	check_corps(NAT_AUSTRIAN, (const enum cmd_rating[11]){
		DR, DR, DR, DR, DR, PR, PR, PR, AV, AV, AV });
	/* Prussian: Good 5+, Average 4-. */
	check_corps(NAT_PRUSSIAN, (const enum cmd_rating[11]){
		AV, AV, AV, GD, GD, GD, GD, GD, GD, GD, GD });
	/* Russian: Good 11+, Average 9-10, and the overlapping Poor "2 to 8"
	 * / Dreadful "4 or less" read as Dreadful 2-4, Poor 5-8. */
	check_corps(NAT_RUSSIAN, (const enum cmd_rating[11]){
		DR, DR, DR, PR, PR, PR, PR, AV, AV, GD, GD });
}

/* A corps of nat whose commander is already rated; one division
 * commander throws a+b. */
static enum cmd_rating division_roll(enum nationality nat, int a, int b)
{
	struct game *g = game_new(12);
	int corps = add_corps(g, "I", nat), div = add_division(g, "1D", corps), d;
	int faces[2] = { a, b };
	enum cmd_rating r;
	add_cmdr(g, "General Corps", CL_CORPS, corps, CR_AVERAGE, 0);
	d = add_cmdr(g, "General Division", CL_DIVISION, div, CR_NONE, CF_ROLL);
	game_queue_dice(g, faces, 2);
	orbat_roll_ratings(g);
	r = g->cmdrs[d].rating;
	assert_false(g->cmdrs[d].flags & CF_ROLL);
	/* The corps commander was rated already: no throw for him. */
	assert_int_equal(g->cmdrs[0].rating, CR_AVERAGE);
	assert_int_equal(g->dice.draws, 2);
	assert_int_equal(dice_in_log(g), 2);
	assert_throw_logged(g, "General Division", a, b);
	assert_int_equal(find_log(g, "General Corps", NULL), -1);
	game_free(g);
	return r;
}

static void test_division_modifiers(void **state)
{
	(void)state;
	/* French +1: 12 + 1 = 13 Good; 9 + 1 = 10 Average; 8 + 1 = 9 Poor;
	 * 4 + 1 = 5 Dreadful. */
	assert_int_equal(division_roll(NAT_FRENCH, 6, 6), CR_GOOD);
	assert_int_equal(division_roll(NAT_FRENCH, 4, 5), CR_AVERAGE);
	assert_int_equal(division_roll(NAT_FRENCH, 4, 4), CR_POOR);
	assert_int_equal(division_roll(NAT_FRENCH, 2, 3), CR_POOR);
	assert_int_equal(division_roll(NAT_FRENCH, 1, 3), CR_DREADFUL);
	/* British +1. */
	assert_int_equal(division_roll(NAT_BRITISH, 6, 6), CR_GOOD);
	assert_int_equal(division_roll(NAT_BRITISH, 5, 6), CR_AVERAGE);
	assert_int_equal(division_roll(NAT_BRITISH, 4, 4), CR_POOR);
	/* Austrian -2: 6 + 6 - 2 = 10 Average; 11 - 2 = 9 Poor; 8 - 2 = 6
	 * Poor; 7 - 2 = 5 Dreadful. */
	assert_int_equal(division_roll(NAT_AUSTRIAN, 6, 6), CR_AVERAGE);
	assert_int_equal(division_roll(NAT_AUSTRIAN, 5, 6), CR_POOR);
	assert_int_equal(division_roll(NAT_AUSTRIAN, 4, 4), CR_POOR);
	assert_int_equal(division_roll(NAT_AUSTRIAN, 3, 4), CR_DREADFUL);
	/* Russian -1: 12 - 1 = 11 Average; 11 - 1 = 10 Average; 10 - 1 = 9
	 * Poor; 7 - 1 = 6 Poor; 6 - 1 = 5 Dreadful. */
	assert_int_equal(division_roll(NAT_RUSSIAN, 6, 6), CR_AVERAGE);
	assert_int_equal(division_roll(NAT_RUSSIAN, 5, 6), CR_AVERAGE);
	assert_int_equal(division_roll(NAT_RUSSIAN, 5, 5), CR_POOR);
	assert_int_equal(division_roll(NAT_RUSSIAN, 3, 4), CR_POOR);
	assert_int_equal(division_roll(NAT_RUSSIAN, 3, 3), CR_DREADFUL);
	/* Ottoman -3: never better than Poor (12 - 3 = 9); 8 - 3 = 5
	 * Dreadful. */
	assert_int_equal(division_roll(NAT_OTTOMAN, 6, 6), CR_POOR);
	assert_int_equal(division_roll(NAT_OTTOMAN, 4, 5), CR_POOR);
	assert_int_equal(division_roll(NAT_OTTOMAN, 4, 4), CR_DREADFUL);
	assert_int_equal(division_roll(NAT_OTTOMAN, 1, 1), CR_DREADFUL);
	/* No modifier for the others: 12 Average (never Good), 10 Average,
	 * 9 Poor, 6 Poor, 5 Dreadful. */
	for (int n = 0; n < NAT_COUNT; n++) {
		enum nationality nat = (enum nationality)n;
		if (nat != NAT_PRUSSIAN && nat != NAT_DANISH && nat != NAT_SWEDISH &&
		    nat != NAT_OTHER)
			continue;
		assert_int_equal(division_roll(nat, 6, 6), CR_AVERAGE);
		assert_int_equal(division_roll(nat, 4, 6), CR_AVERAGE);
		assert_int_equal(division_roll(nat, 4, 5), CR_POOR);
		assert_int_equal(division_roll(nat, 3, 3), CR_POOR);
		assert_int_equal(division_roll(nat, 2, 3), CR_DREADFUL);
	}
}

static void test_rating_functions(void **state)
{
	(void)state;
	assert_int_equal(orbat_corps_rating(NAT_FRENCH, 10), CR_EXCELLENT);
	assert_int_equal(orbat_corps_rating(NAT_FRENCH, 9), CR_GOOD);
	assert_int_equal(orbat_corps_rating(NAT_RUSSIAN, 4), CR_DREADFUL);
	assert_int_equal(orbat_corps_rating(NAT_RUSSIAN, 5), CR_POOR);
	assert_int_equal(orbat_corps_rating(NAT_OTTOMAN, 12), CR_DREADFUL);
	/* The division function adds the corps nationality's modifier. */
	assert_int_equal(orbat_division_rating(NAT_FRENCH, 12), CR_GOOD);
	assert_int_equal(orbat_division_rating(NAT_PRUSSIAN, 12), CR_AVERAGE);
	assert_int_equal(orbat_division_rating(NAT_AUSTRIAN, 12), CR_AVERAGE);
	assert_int_equal(orbat_division_rating(NAT_AUSTRIAN, 11), CR_POOR);
	assert_int_equal(orbat_division_rating(NAT_OTTOMAN, 2), CR_DREADFUL);
	assert_int_equal(orbat_division_rating(NAT_BRITISH, 4), CR_DREADFUL);
	assert_int_equal(orbat_division_rating(NAT_BRITISH, 5), CR_POOR);
}

static void test_one_row_tables_throw_nothing(void **state)
{
	static const struct {
		enum nationality nat;
		enum cmd_rating corps;
		int a, b;            /* the division's throw */
		enum cmd_rating div; /* with the nationality's modifier */
	} cases[] = {
		{ NAT_DANISH, CR_AVERAGE, 3, 4, CR_POOR },      /* 7 */
		{ NAT_SWEDISH, CR_AVERAGE, 5, 5, CR_AVERAGE },  /* 10 */
		{ NAT_OTTOMAN, CR_DREADFUL, 6, 6, CR_POOR },    /* 12 - 3 = 9 */
		{ NAT_OTHER, CR_POOR, 1, 4, CR_DREADFUL },      /* 5 */
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct game *g = game_new(13);
		int corps = add_corps(g, "I", cases[i].nat), div = add_division(g, "1D", corps);
		int c = add_cmdr(g, "General Corps", CL_CORPS, corps, CR_NONE, CF_ROLL);
		int d = add_cmdr(g, "General Division", CL_DIVISION, div, CR_NONE, CF_ROLL);
		int faces[2] = { cases[i].a, cases[i].b };
		game_queue_dice(g, faces, 2);
		orbat_roll_ratings(g);
		assert_int_equal(g->cmdrs[c].rating, cases[i].corps);
		assert_int_equal(g->cmdrs[d].rating, cases[i].div);
		assert_false(g->cmdrs[c].flags & CF_ROLL);
		/* Only the division commander threw. */
		assert_int_equal(g->dice.draws, 2);
		assert_int_equal(dice_in_log(g), 2);
		assert_throw_logged(g, "General Division", cases[i].a, cases[i].b);
		assert_int_equal(find_log(g, "General Corps", "D6"), -1);
		/* The corps commander's rating is still announced. */
		assert_true(find_log(g, "General Corps", cmd_rating_names[cases[i].corps].label) >= 0);
		game_free(g);
	}
	/* A corps alone on a one-row table draws nothing at all. */
	{
		struct game *g = game_new(14);
		int corps = add_corps(g, "I", NAT_OTTOMAN);
		add_cmdr(g, "Pasha", CL_CORPS, corps, CR_NONE, CF_ROLL);
		orbat_roll_ratings(g);
		assert_int_equal(g->dice.draws, 0);
		assert_int_equal(dice_in_log(g), 0);
		assert_int_equal(g->cmdrs[0].rating, CR_DREADFUL);
		game_free(g);
	}
}

static void test_roll_order_and_log(void **state)
{
	struct game *g = game_new(15);
	int corps = add_corps(g, "I", NAT_FRENCH);
	int d1 = add_division(g, "1D", corps), d2 = add_division(g, "2D", corps);
	int c1, c2, cc, b;
	/* Corps 2+3 = 5 Average; first division 6+6+1 = 13 Good; second
	 * 1+1+1 = 3 Dreadful. */
	int faces[6] = { 2, 3, 6, 6, 1, 1 };
	(void)state;
	/* Divisions listed before the corps: the corps still throws first. */
	c1 = add_cmdr(g, "Friant", CL_DIVISION, d1, CR_NONE, CF_ROLL);
	c2 = add_cmdr(g, "Gudin", CL_DIVISION, d2, CR_NONE, CF_ROLL);
	cc = add_cmdr(g, "Davout", CL_CORPS, corps, CR_NONE, CF_ROLL);
	/* A brigade commander has no rating and throws nothing. */
	b = add_cmdr(g, "Petit", CL_BRIGADE, add_brigade(g, "1B", d1, BK_INFANTRY), CR_NONE, 0);
	game_queue_dice(g, faces, 6);
	orbat_roll_ratings(g);
	assert_int_equal(g->cmdrs[cc].rating, CR_AVERAGE);
	assert_int_equal(g->cmdrs[c1].rating, CR_GOOD);
	assert_int_equal(g->cmdrs[c2].rating, CR_DREADFUL);
	assert_int_equal(g->cmdrs[b].rating, CR_NONE);
	assert_int_equal(g->dice.draws, 6);
	assert_int_equal(dice_in_log(g), 6);
	assert_throw_logged(g, "Davout", 2, 3);
	assert_throw_logged(g, "Friant", 6, 6);
	assert_throw_logged(g, "Gudin", 1, 1);
	assert_true(find_log(g, "Davout", ": 2D6") < find_log(g, "Friant", ": 2D6"));
	assert_true(find_log(g, "Friant", ": 2D6") < find_log(g, "Gudin", ": 2D6"));
	/* Rolling again throws nothing: the flags are cleared. */
	orbat_roll_ratings(g);
	assert_int_equal(g->dice.draws, 6);
	game_free(g);
}

static void test_unrolled_keep_rating(void **state)
{
	struct game *g = game_new(16);
	int corps = add_corps(g, "I", NAT_RUSSIAN), div = add_division(g, "1D", corps);
	int c = add_cmdr(g, "Bagration", CL_CORPS, corps, CR_EXCELLENT, 0);
	int d = add_cmdr(g, "Raevsky", CL_DIVISION, div, CR_GOOD, 0);
	int nlog;
	(void)state;
	orbat_roll_ratings(g);
	nlog = g->nlog;
	assert_int_equal(g->cmdrs[c].rating, CR_EXCELLENT);
	assert_int_equal(g->cmdrs[d].rating, CR_GOOD);
	assert_int_equal(g->dice.draws, 0);
	assert_int_equal(dice_in_log(g), 0);
	assert_int_equal(nlog, 0);
	game_free(g);
}

/* ------------------------------------------------------------------ */

/* Two divisions: 1D with brigades 1B (3 units) and 2B (2 units, with a
 * battery), 2D with 3B (1 unit) and its artillery ART (2 batteries). */
static struct game *chain(void)
{
	struct game *g = game_new(17);
	int corps = add_corps(g, "III", NAT_FRENCH);
	int d1 = add_division(g, "1D", corps), d2 = add_division(g, "2D", corps);
	int b1 = add_brigade(g, "1B", d1, BK_INFANTRY), b2 = add_brigade(g, "2B", d1, BK_MIXED);
	int b3 = add_brigade(g, "3B", d2, BK_CAVALRY), b4 = add_brigade(g, "ART", d2, BK_ARTILLERY);
	add_cmdr(g, "Davout", CL_CORPS, corps, CR_EXCELLENT, 0);
	add_cmdr(g, "Morand", CL_DIVISION, d1, CR_GOOD, 0);
	add_cmdr(g, "Gudin", CL_DIVISION, d2, CR_AVERAGE, 0);
	add_cmdr(g, "Debilly", CL_BRIGADE, b1, CR_NONE, 0);
	add_unit(g, "13L", b1, UT_LIGHT_INF);
	add_unit(g, "17", b1, UT_LINE_INF);
	add_unit(g, "30", b1, UT_LINE_INF);
	add_unit(g, "61", b2, UT_LINE_INF);
	add_unit(g, "1/7", b2, UT_FOOT_ART);
	add_unit(g, "2Ch", b3, UT_LIGHT_CAV);
	add_unit(g, "2/7", b4, UT_FOOT_ART);
	add_unit(g, "3/7", b4, UT_HORSE_ART);
	return g;
}

static void test_lookups(void **state)
{
	struct game *g = chain();
	(void)state;
	assert_int_equal(orbat_find_unit(g, "13L"), 0);
	assert_int_equal(orbat_find_unit(g, "1/7"), 4);
	assert_int_equal(orbat_find_unit(g, "3/7"), 7);
	assert_int_equal(orbat_find_unit(g, "13"), -1);
	assert_int_equal(orbat_find_unit(g, "13l"), -1);
	assert_int_equal(orbat_find_unit(g, ""), -1);
	assert_int_equal(orbat_find_brigade(g, "1B"), 0);
	assert_int_equal(orbat_find_brigade(g, "ART"), 3);
	assert_int_equal(orbat_find_brigade(g, "4B"), -1);
	assert_int_equal(orbat_find_division(g, "2D"), 1);
	assert_int_equal(orbat_find_division(g, "3D"), -1);
	assert_int_equal(orbat_find_corps(g, "III"), 0);
	assert_int_equal(orbat_find_corps(g, "I"), -1);
	assert_int_equal(orbat_find_commander(g, "1D"), 1);
	assert_int_equal(orbat_find_commander(g, "1B"), 3);
	assert_int_equal(orbat_find_commander(g, "ART"), -1);
	assert_string_equal(g->cmdrs[orbat_find_commander(g, "III")].name, "Davout");
	game_free(g);
}

static void test_chain(void **state)
{
	struct game *g = chain();
	struct unit loose = { .brigade = -1 };
	(void)state;
	assert_int_equal(unit_division(g, &g->units[0]), 0);
	assert_int_equal(unit_division(g, &g->units[4]), 0);
	assert_int_equal(unit_division(g, &g->units[5]), 1);
	assert_int_equal(unit_division(g, &g->units[7]), 1);
	for (int i = 0; i < g->nunits; i++)
		assert_int_equal(unit_corps(g, &g->units[i]), 0);
	assert_int_equal(unit_division(g, &loose), -1);
	assert_int_equal(unit_corps(g, &loose), -1);
	assert_int_equal(division_unit_count(g, 0), 5);
	assert_int_equal(division_unit_count(g, 1), 3);
	assert_int_equal(brigade_unit_count(g, 0), 3);
	assert_int_equal(brigade_unit_count(g, 1), 2);
	assert_int_equal(brigade_unit_count(g, 2), 1);
	assert_int_equal(brigade_unit_count(g, 3), 2);
	/* Counts are of units that started, eliminated or not. */
	g->units[1].state = US_ELIMINATED;
	assert_int_equal(brigade_unit_count(g, 0), 3);
	assert_int_equal(division_unit_count(g, 0), 5);
	game_free(g);
}

static void test_radius(void **state)
{
	struct commander c = { .level = CL_DIVISION, .pos = { 20, 30 }, .attached = -1 };
	struct shape s;
	(void)state;
	/* "Excellent 18 cm, Good 16, Average 14, Poor 12, Dreadful 10". */
	c.rating = CR_EXCELLENT;
	assert_float_equal((commander_radius(&c)), 18, EPS);
	c.rating = CR_GOOD;
	assert_float_equal((commander_radius(&c)), 16, EPS);
	c.rating = CR_AVERAGE;
	assert_float_equal((commander_radius(&c)), 14, EPS);
	c.rating = CR_POOR;
	assert_float_equal((commander_radius(&c)), 12, EPS);
	c.rating = CR_DREADFUL;
	assert_float_equal((commander_radius(&c)), 10, EPS);
	/* White markers: "effectively ... a zero cm command radius". */
	c.flags = CF_EVADED;
	assert_float_equal((commander_radius(&c)), 0, EPS);
	c.rating = CR_EXCELLENT;
	assert_float_equal((commander_radius(&c)), 0, EPS);
	c.flags = 0;
	assert_float_equal((commander_radius(&c)), 18, EPS);
	/* The stand is a 25 mm circle where the commander is. */
	s = commander_shape(&c);
	assert_int_equal(s.kind, SHAPE_CIRCLE);
	assert_float_equal((s.r), 1.25, EPS);
	assert_float_equal((s.pts[0].x), 20, EPS);
	assert_float_equal((s.pts[0].y), 30, EPS);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corps_french_british),
		cmocka_unit_test(test_corps_austrian_prussian_russian),
		cmocka_unit_test(test_division_modifiers),
		cmocka_unit_test(test_rating_functions),
		cmocka_unit_test(test_one_row_tables_throw_nothing),
		cmocka_unit_test(test_roll_order_and_log),
		cmocka_unit_test(test_unrolled_keep_rating),
		cmocka_unit_test(test_lookups),
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_radius),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
