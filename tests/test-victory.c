/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-victory: objectives, breaking, the winner, concession, the report. */
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
#include "io/load.h"
#include "io/load-rules.h"

static struct game *battle(void)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	snprintf(path, sizeof path, "%s/maps/default.cfg", top ? top : ".");
	g = load_scenario_file(path, 4, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

static int unit(struct game *g, const char *id)
{
	int u = orbat_find_unit(g, id);
	assert_true(u >= 0);
	return u;
}

static void test_objectives_change_hands(void **state)
{
	struct game *g = battle();
	int hochdorf = 0, fr = unit(g, "57L1"), au = unit(g, "IR25a");
	(void)state;
	assert_string_equal(g->obj[hochdorf].name, "Hochdorf");
	assert_int_equal(g->obj[hochdorf].holder, SIDE_B); /* from the scenario */
	/* A French battalion on the village, no Austrian: it changes hands. */
	g->units[fr].pos = v2(60, 45);
	victory_update_objectives(g);
	assert_int_equal(g->obj[hochdorf].holder, SIDE_A);
	/* Both there: contested, the holder stays. */
	g->units[au].pos = v2(60, 41.5);
	g->units[au].form = FORM_COLUMN;
	victory_update_objectives(g);
	assert_int_equal(g->obj[hochdorf].holder, SIDE_A);
	/* A point objective: the Kapellenberg crest, 6 cm round (26, 30). */
	assert_int_equal(g->obj[2].holder, -1);
	g->units[au].pos = v2(26, 37);
	victory_update_objectives(g);
	assert_int_equal(g->obj[2].holder, SIDE_B);
	game_free(g);
}

/* Holding ground means standing on it, wholly or partly: a unit touching
 * the edge from outside holds nothing. */
static void test_objective_touching(void **state)
{
	struct game *g = battle();
	int fr = unit(g, "57L1");
	struct vec2 b[4];
	struct shape us, vs = feature_shape(&g->map.f[g->obj[0].feature]);
	(void)state;
	assert_string_equal(g->obj[0].name, "Hochdorf");
	/* A line whose rear edge lies on the village's north edge (y = 41). */
	g->units[fr].pos = v2(60, 40);
	g->units[fr].facing = 0;
	g->units[fr].form = FORM_LINE;
	us = unit_shape(&g->units[fr], b);
	assert_true(geom_contact(&us, &vs));
	assert_false(geom_overlap(&us, &vs));
	assert_false(victory_on_objective(g, &g->obj[0], &g->units[fr]));
	victory_update_objectives(g);
	assert_int_equal(g->obj[0].holder, SIDE_B);
	/* Half a centimetre further south it stands partly in it. */
	g->units[fr].pos = v2(60, 40.5);
	assert_true(victory_on_objective(g, &g->obj[0], &g->units[fr]));
	victory_update_objectives(g);
	assert_int_equal(g->obj[0].holder, SIDE_A);
	/* A point objective likewise: the Kapellenberg crest, 6 cm round
	 * (26, 30); a line touching the circle from the south holds nothing. */
	g->units[fr].pos = v2(26, 37);
	assert_false(victory_on_objective(g, &g->obj[2], &g->units[fr]));
	g->units[fr].pos = v2(26, 36.5);
	assert_true(victory_on_objective(g, &g->obj[2], &g->units[fr]));
	game_free(g);
}

static void test_broken(void **state)
{
	struct game *g = battle();
	int lost = 0, n = 0, units, spl, sp0, pct;
	(void)state;
	assert_false(victory_broken(g, SIDE_A));
	/* 14 French units: 7 lost is 50%, the default breaking share. */
	for (int i = 0; i < g->nunits && lost < 6; i++)
		if (g->units[i].side == SIDE_A) {
			g->units[i].state = lost % 2 ? US_RETREATED : US_ELIMINATED;
			lost++;
		}
	victory_losses(g, SIDE_A, &n, &units, &spl, &sp0);
	assert_int_equal(n, 6);
	assert_int_equal(units, 14);
	/* The count the roster and the panel quote: the first that breaks. */
	assert_int_equal(victory_break_at(g, SIDE_A, units), 7);
	assert_int_equal(victory_break_at(g, SIDE_A, 15), 8);
	pct = g->side[SIDE_A].break_percent;
	g->side[SIDE_A].break_percent = 33;
	assert_int_equal(victory_break_at(g, SIDE_A, 3), 1);
	g->side[SIDE_A].break_percent = pct;
	assert_false(victory_broken(g, SIDE_A));
	assert_false(victory_check_broken(g));
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == SIDE_A && g->units[i].state == US_ACTIVE) {
			g->units[i].state = US_ELIMINATED;
			break;
		}
	assert_true(victory_broken(g, SIDE_A));
	assert_true(victory_check_broken(g));
	assert_int_equal(g->phase, PHASE_OVER);
	assert_int_equal(g->winner, SIDE_B);
	assert_non_null(strstr(g->result, "French are broken, having lost 7 of their 14 units"));
	game_free(g);
}

static void test_end_by_objectives_then_losses(void **state)
{
	struct game *g = battle();
	(void)state;
	/* Austrians hold Hochdorf (3) at the start: they win on objectives. */
	victory_end(g, "the last Turn has been played");
	assert_int_equal(g->winner, SIDE_B);
	assert_non_null(strstr(g->result, "Austrians win: they hold objectives worth 3 to 0"));
	game_free(g);

	/* Objectives even: the smaller share of strength lost wins. */
	g = battle();
	g->obj[0].holder = -1;
	g->units[unit(g, "IR15a")].sp -= 3;
	victory_end(g, "the last Turn has been played");
	assert_int_equal(g->winner, SIDE_A);
	assert_non_null(strstr(g->result, "smaller share"));
	game_free(g);

	/* Nothing between them: a draw. */
	g = battle();
	g->obj[0].holder = -1;
	victory_end(g, "the last Turn has been played");
	assert_int_equal(g->winner, -1);
	assert_non_null(strstr(g->result, "A draw"));
	game_free(g);
}

static void test_concede_and_report(void **state)
{
	struct game *g = battle();
	char **lines;
	int n, found = 0;
	(void)state;
	g->units[unit(g, "10L1")].state = US_ELIMINATED;
	g->units[unit(g, "3L1")].state = US_RETREATED;
	victory_concede(g, SIDE_A);
	assert_int_equal(g->winner, SIDE_B);
	assert_int_equal(g->phase, PHASE_OVER);
	n = victory_report(g, &lines);
	assert_true(n > 10);
	assert_string_equal(lines[1], "Result: Austrians win: French conceded.");
	/* Each side's line names its corps once. */
	for (int i = 0; i < n; i++)
		if (strncmp(lines[i], "French", 6) == 0)
			assert_string_equal(lines[i], "French, IV Corps advance guard: lost 2 of 14 units and 13 of 77 "
			                              "strength points (17%).");
	for (int i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	snprintf(g->side[SIDE_A].name, sizeof g->side[SIDE_A].name, "French (IV Corps advance guard)");
	n = victory_report(g, &lines);
	for (int i = 0; i < n; i++) {
		if (strncmp(lines[i], "French", 6) == 0)
			assert_string_equal(lines[i], "French (IV Corps advance guard): lost 2 of 14 units and 13 of "
			                              "77 strength points (17%).");
		if (strstr(lines[i], "Saint-Hilaire's division: lost 2 of 9 units") &&
		    strstr(lines[i], "gone: 10L1, 3L1 (retreated)"))
			found++;
		if (strstr(lines[i], "Hochdorf (worth 3): Austrians"))
			found++;
		free(lines[i]);
	}
	free(lines);
	assert_int_equal(found, 2);
	game_free(g);
}

/* A side of several corps is named by its own name alone, not after its
 * first corps (Waterloo: "Allies", not "Allies, I Corps"). */
static void test_report_several_corps(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[1024], **lines;
	struct diag d = { 0 };
	struct game *g;
	int n, found = 0;
	(void)state;
	snprintf(path, sizeof path, "%s/tests/data/good-corps.cfg", top && *top ? top : ".");
	g = load_scenario_file(path, 1, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	snprintf(g->side[SIDE_B].name, sizeof g->side[SIDE_B].name, "Allies");
	n = victory_report(g, &lines);
	for (int i = 0; i < n; i++) {
		if (strncmp(lines[i], "Allies", 6) == 0) {
			assert_string_equal(lines[i], "Allies: lost 0 of 6 units and 0 of 44 strength points (0%).");
			found++;
		}
		/* A side of one corps still names it. */
		if (strncmp(lines[i], "III Corps", 9) == 0)
			found++;
		free(lines[i]);
	}
	free(lines);
	assert_int_equal(found, 2);
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_objectives_change_hands),
		cmocka_unit_test(test_objective_touching),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_end_by_objectives_then_losses),
		cmocka_unit_test(test_concede_and_report),
		cmocka_unit_test(test_report_several_corps),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
