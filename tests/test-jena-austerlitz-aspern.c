/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jena-austerlitz-aspern: the shipped battles of Jena, Austerlitz,
 * Aspern-Essling and Grossbeeren load with the special rules their orders
 * of battle are there to show (Russian twelve-gun batteries, Cossacks,
 * guards, the Austrian columns' square bonus, Saxons under Prussian and
 * French command, lancers), and with the historical facts their head
 * comments state. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/victory.h"
#include "engine/orbat.h"
#include "engine/react.h"
#include "engine/terrain.h"
#include "io/diag.h"
#include "io/load.h"
#include "test-util.h"

static struct game *battle(const char *name)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	snprintf(path, sizeof path, "%s/maps/%s.cfg", top && *top ? top : ".", name);
	g = load_scenario_file(path, 1, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

static struct unit *unit(struct game *g, const char *id)
{
	return &g->units[test_unit_index(g, id)];
}

static bool wholly_in(const struct game *g, const struct unit *u, const char *name)
{
	struct vec2 buf[4];
	struct shape s = unit_shape(u, buf);
	return terrain_wholly_in(&g->map.f[test_feature_index(g, name)], &s);
}

/* The emergency square test's bonus for a unit put in column and charged by
 * a cavalry unit from 20 cm (over the rules' 12). */
static int column_bonus(struct game *g, const char *cavalry, const char *infantry)
{
	struct unit *u = unit(g, infantry);
	u->form = FORM_COLUMN;
	return react_esquare_bonus(g, orbat_find_unit(g, cavalry), orbat_find_unit(g, infantry), 20.0);
}

static int guns_of(const struct game *g, const char *division)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (strcmp(g->divs[unit_division(g, u)].id, division) == 0)
			n += u->guns;
	}
	return n;
}

/* Jena: Ney's 25e Léger holds Vierzehnheiligen at the start; V Corps
 * brings its 38 guns; the Saxons are Saxons under Prussian command, the
 * whole corps rated on the Prussian tables. */
static void test_jena(void **state)
{
	struct game *g = battle("jena");
	(void)state;
	assert_true(wholly_in(g, unit(g, "F25La"), "Vierzehnheiligen"));
	assert_true(wholly_in(g, unit(g, "SKura"), "Isserstedt"));
	assert_int_equal(guns_of(g, "FSuc") + guns_of(g, "FGaz"), 38);
	assert_int_equal(unit(g, "SGrHun")->nat, NAT_OTHER);
	assert_int_equal(unit(g, "PGrwa")->nat, NAT_PRUSSIAN);
	assert_int_equal(g->corps[g->side[SIDE_B].corps].nat, NAT_PRUSSIAN);
	assert_int_equal(unit(g, "SGrHun")->state, US_RESERVE);
	assert_int_equal(unit(g, "SGrHun")->arrive_turn, 3);
	assert_int_equal(unit(g, "F16La")->arrive_turn, 4);
	game_free(g);
}

/* Austerlitz: the Russian twelve-gun companies have the 6 strength points
 * the rules allow them (and no more); Cossacks are irregulars in skirmish
 * order; the Russian and French Guards are Guard-rated; Kollowrath's
 * Austrians, in a Russian corps, keep their column bonus, the Russians
 * have none. */
static void test_austerlitz(void **state)
{
	struct game *g = battle("austerlitz");
	(void)state;
	for (const char *const *id = (const char *const[]){ "RPos4", "RLt4", "RGdPos", "RGdHA", NULL }; *id;
	     id++) {
		assert_int_equal(unit(g, *id)->guns, 12);
		assert_int_equal(unit(g, *id)->sp0, 6);
	}
	assert_int_equal(unit(g, "AKolB1")->sp0, 4);
	for (const char *const *id = (const char *const[]){ "RDon", "RLGCo", NULL }; *id; id++) {
		assert_int_equal(unit(g, *id)->irregular, IRR_COSSACK);
		assert_int_equal(unit(g, *id)->form, FORM_SKIRMISH);
	}
	assert_int_equal(unit(g, "RDon")->rating, RATING_UNTRAINED);
	assert_int_equal(unit(g, "RPrea")->rating, RATING_GUARD);
	assert_int_equal(unit(g, "RChGd")->rating, RATING_GUARD);
	assert_int_equal(unit(g, "FGChC")->rating, RATING_GUARD);
	assert_int_equal(unit(g, "FGdeH")->rating, RATING_GUARD);
	assert_int_equal(unit(g, "A23a")->nat, NAT_AUSTRIAN);
	assert_int_equal(unit(g, "RNova")->nat, NAT_RUSSIAN);
	assert_int_equal(column_bonus(g, "F10La", "A23a"), -1); /* infantry charging: no square */
	assert_int_equal(column_bonus(g, "FGChC", "A23a"), 1);
	assert_int_equal(column_bonus(g, "FGChC", "RNova"), 0);
	assert_int_equal(unit(g, "RPrea")->arrive_turn, 6);
	game_free(g);
}

/* Aspern-Essling: every Austrian battalion (the corps' nationality) gets
 * the column bonus, a French one not; the 93e holds the granary from the
 * start; the Old Guard and its guns are Guard. */
static void test_aspern(void **state)
{
	struct game *g = battle("aspern");
	const struct unit *granary;
	(void)state;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == SIDE_B)
			assert_int_equal(g->units[i].nat, NAT_AUSTRIAN);
	assert_int_equal(column_bonus(g, "F1Cu", "A15a"), 1);
	assert_int_equal(column_bonus(g, "F1Cu", "AGrPut"), 1);
	assert_int_equal(column_bonus(g, "AK2", "F3a"), 0);
	granary = unit(g, "F93a");
	assert_int_equal(granary->form, FORM_SQUARE);
	assert_int_equal(granary->defends, test_feature_index(g, "Essling granary") + 1);
	assert_int_equal(unit(g, "FGrP")->rating, RATING_GUARD);
	assert_int_equal(unit(g, "FGdA12")->rating, RATING_GUARD);
	assert_int_equal(unit(g, "FFuGa")->rating, RATING_ELITE);
	game_free(g);
}

/* Whether a commander's given rating is one his corps' table can throw. */
static bool on_its_table(const struct game *g, const struct commander *c)
{
	for (int roll = 2; roll <= 12; roll++) {
		if (c->level == CL_CORPS && orbat_corps_rating(g->corps[c->of].nat, roll) == c->rating)
			return true;
		if (c->level == CL_DIVISION &&
		    orbat_division_rating(g->corps[g->divs[c->of].corps].nat, roll) == c->rating)
			return true;
	}
	return false;
}

/* Grossbeeren: Reynier's Saxons and French on the French tables, Bülow's
 * Prussians on the Prussian ones, every rating one of those tables gives;
 * the Russian company in the Prussian corps keeps its 6 strength points
 * and the Swedish battery its nationality; Sperl's grenadiers hold the
 * village; the Saxon uhlans are lancers; rain from 17:30. */
static void test_grossbeeren(void **state)
{
	struct game *g = battle("grossbeeren");
	(void)state;
	assert_int_equal(g->corps[g->side[SIDE_A].corps].nat, NAT_FRENCH);
	assert_int_equal(g->corps[g->side[SIDE_B].corps].nat, NAT_PRUSSIAN);
	for (int i = 0; i < g->ncmdrs; i++)
		if (g->cmdrs[i].level != CL_BRIGADE)
			assert_true(on_its_table(g, &g->cmdrs[i]));
	assert_int_equal(unit(g, "RPos")->nat, NAT_RUSSIAN);
	assert_int_equal(unit(g, "RPos")->sp0, 6);
	assert_int_equal(unit(g, "P12a")->nat, NAT_PRUSSIAN);
	assert_int_equal(unit(g, "WHA")->nat, NAT_SWEDISH);
	assert_int_equal(unit(g, "WHA")->arrive_turn, 2);
	assert_int_equal(unit(g, "SGrSp")->nat, NAT_OTHER);
	assert_int_equal(unit(g, "F131a")->nat, NAT_FRENCH);
	assert_true(wholly_in(g, unit(g, "SGrSp"), "Grossbeeren"));
	assert_true(unit(g, "SUhl")->flags & UF_LANCER);
	assert_int_equal(g->wx.weather, WX_RAIN);
	assert_int_equal(g->side[SIDE_A].break_percent, 28);
	assert_int_equal(victory_break_at(g, SIDE_A, 35), 10);
	assert_int_equal(victory_break_at(g, SIDE_B, 42), 21);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jena),
		cmocka_unit_test(test_austerlitz),
		cmocka_unit_test(test_aspern),
		cmocka_unit_test(test_grossbeeren),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
