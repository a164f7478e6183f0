/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-command: "Command" as the core rules write it, through command.h:
 * the radius each rating gives, measured base to base (in command within
 * it, cautious up to 24 cm, not in command beyond), the better of the
 * division and corps stands, a brigade commander attached, an evaded
 * stand's lost radius, the status found when the brigade is given the
 * initiative kept for it, stands removed when their formation's losses
 * exceed half (rounded up), and stands an enemy comes upon: evading 6 to
 * 12 cm, lost with nowhere to go (but a corps stand), overrun by charging
 * cavalry.  Small battles built in code. */
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

#include "engine/command.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "test-util.h"
#include "io/load-rules.h"

/* A command stand for side A's corps, division or brigade 0 (or another
 * formation of), rated, at (x, y). */
static int add_stand(struct game *g, enum cmd_level level, int of, enum cmd_rating rating, double x,
                     double y)
{
	struct commander c = { .side = SIDE_A, .level = level, .of = of, .rating = rating, .pos = { x, y },
	                       .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	int k;
	snprintf(c.id, sizeof c.id, "K%d", g->ncmdrs);
	snprintf(c.name, sizeof c.name, "%s-%d", cmd_level_names[level].key, g->ncmdrs);
	k = game_add_commander(g, &c);
	if (level == CL_CORPS)
		g->corps[of].commander = k;
	else if (level == CL_DIVISION)
		g->divs[of].commander = k;
	else
		g->brigs[of].commander = k;
	return k;
}

static int add_line(struct game *g, const char *id, enum side side, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, UT_LINE_INF, RATING_TRAINED, FORM_LINE, x, y, facing);
	return game_add_unit(g, &u);
}

static bool logged(const struct game *g, const char *text)
{
	for (int i = 0; i < g->nlog; i++)
		if (strcmp(g->log[i].text, text) == 0)
			return true;
	return false;
}

/* A line facing north whose front edge is d cm (base to base) south of a
 * command stand at (100, 100): the stand is 2.5 cm across, the line 2 cm
 * deep. */
static int line_south_of_stand(struct game *g, const char *id, double d)
{
	return add_line(g, id, SIDE_A, 100, 100 + 1.25 + d + 1, 0);
}

/* "Excellent 18 cm, Good 16, Average 14, Poor 12, Dreadful 10": a unit
 * "within the command radius" is in command; outside it but "no more than
 * 24 cm" away, in command but cautious; "more than 24 cm", not in command.
 * Measured base to base. */
static void test_radius_by_rating(void **state)
{
	static const double radius[] = { [CR_EXCELLENT] = 18, [CR_GOOD] = 16, [CR_AVERAGE] = 14,
	                                 [CR_POOR] = 12, [CR_DREADFUL] = 10 };
	(void)state;
	for (int r = CR_EXCELLENT; r <= CR_DREADFUL; r++) {
		struct game *g = test_game_new(1);
		int k = add_stand(g, CL_DIVISION, 0, (enum cmd_rating)r, 100, 100);
		int at = line_south_of_stand(g, "AT", radius[r]);
		int past = line_south_of_stand(g, "PAST", radius[r] + 0.5);
		int at24 = line_south_of_stand(g, "AT24", 24);
		int far = line_south_of_stand(g, "FAR", 24.5);
		double d;
		assert_float_equal(commander_radius(&g->cmdrs[k]), radius[r], 1e-12);
		assert_int_equal(command_status(g, &g->units[at], &d), CS_IN_COMMAND);
		assert_float_equal(d, radius[r], 1e-9);
		assert_int_equal(command_status(g, &g->units[past], &d), CS_CAUTIOUS);
		assert_float_equal(d, radius[r] + 0.5, 1e-9);
		assert_int_equal(command_status(g, &g->units[at24], NULL), CS_CAUTIOUS);
		assert_int_equal(command_status(g, &g->units[far], &d), CS_NOT_IN_COMMAND);
		assert_float_equal(d, 24.5, 1e-9);
		game_free(g);
	}
}

/* "within the command radius ... of that unit's Division (or of that
 * unit's Corps) command stand": the better of the two counts, and the
 * distance given is to the nearer.  With neither stand on the table a
 * unit is not in command. */
static void test_division_or_corps(void **state)
{
	struct game *g = test_game_new(1);
	int div = add_stand(g, CL_DIVISION, 0, CR_DREADFUL, 100, 100);
	int u = line_south_of_stand(g, "U", 20);
	double d;
	(void)state;
	assert_int_equal(command_status(g, &g->units[u], &d), CS_CAUTIOUS);
	/* The corps stand 5 cm west of the line's left end. */
	add_stand(g, CL_CORPS, 0, CR_AVERAGE, 100 - 2.5 - 5 - 1.25, g->units[u].pos.y);
	assert_int_equal(command_status(g, &g->units[u], &d), CS_IN_COMMAND);
	assert_float_equal(d, 5, 1e-9);
	/* The division stand gone and the corps stand 30 cm away. */
	g->cmdrs[div].state = US_ELIMINATED;
	g->cmdrs[1].pos.x -= 25;
	assert_int_equal(command_status(g, &g->units[u], &d), CS_NOT_IN_COMMAND);
	assert_float_equal(d, 30, 1e-9);
	g->cmdrs[1].state = US_RESERVE;
	assert_int_equal(command_status(g, &g->units[u], &d), CS_NOT_IN_COMMAND);
	assert_true(d < 0);
	game_free(g);
}

/* "A unit with its Brigade command stand attached is always considered
 * to be in command no matter what"; lost with it, the unit is measured
 * again. */
static void test_attached_brigadier(void **state)
{
	struct game *g = test_game_new(1);
	int u = line_south_of_stand(g, "U", 60), b;
	double d;
	(void)state;
	add_stand(g, CL_DIVISION, 0, CR_EXCELLENT, 100, 100);
	b = add_stand(g, CL_BRIGADE, 0, CR_NONE, 100, 165);
	assert_int_equal(command_attached_to(g, u), -1);
	assert_int_equal(command_status(g, &g->units[u], NULL), CS_NOT_IN_COMMAND);
	g->cmdrs[b].attached = u;
	assert_int_equal(command_attached_to(g, u), b);
	assert_int_equal(command_status(g, &g->units[u], &d), CS_IN_COMMAND);
	assert_float_equal(d, 0, 1e-12);
	g->cmdrs[b].state = US_ELIMINATED;
	assert_int_equal(command_attached_to(g, u), -1);
	assert_int_equal(command_status(g, &g->units[u], NULL), CS_NOT_IN_COMMAND);
	game_free(g);
}

/* "A command stand with white loss of command markers on it has no
 * command radius (effectively it has a zero cm command radius)": a unit 5
 * cm from its Excellent division stand is then only cautious. */
static void test_evaded_stand_has_no_radius(void **state)
{
	struct game *g = test_game_new(1);
	int k = add_stand(g, CL_DIVISION, 0, CR_EXCELLENT, 100, 100);
	int u = line_south_of_stand(g, "U", 5);
	(void)state;
	assert_int_equal(command_status(g, &g->units[u], NULL), CS_IN_COMMAND);
	g->cmdrs[k].flags |= CF_EVADED;
	assert_float_equal(commander_radius(&g->cmdrs[k]), 0, 1e-12);
	assert_int_equal(command_status(g, &g->units[u], NULL), CS_CAUTIOUS);
	game_free(g);
}

/* "as soon as a Brigade is given the initiative ... a simple check is
 * made": what it finds holds for the initiative.  The division stand
 * then rides off: the brigade's unit stays in command, a unit of another
 * brigade of the division is measured now; measured again (its brigadier
 * detached), the first unit is not in command either. */
static void test_status_fixed_for_the_initiative(void **state)
{
	struct game *g = test_game_new(1);
	struct brigade b2 = { .id = "B2", .division = 0, .kind = BK_INFANTRY, .commander = -1 };
	int k = add_stand(g, CL_DIVISION, 0, CR_EXCELLENT, 100, 100), x, y, other;
	(void)state;
	other = game_add_brigade(g, &b2);
	x = line_south_of_stand(g, "X", 10);
	y = line_south_of_stand(g, "Y", 12);
	g->units[y].brigade = other;
	g->initiative = SIDE_A;
	seq_activate_brigade(g, 0);
	assert_int_equal(g->phase, PHASE_MANOEUVRE);
	assert_int_equal(command_status(g, &g->units[x], NULL), CS_IN_COMMAND);
	g->cmdrs[k].pos = v2(100, 60);
	assert_int_equal(command_status(g, &g->units[x], NULL), CS_IN_COMMAND);
	assert_int_equal(command_status(g, &g->units[y], NULL), CS_NOT_IN_COMMAND);
	command_fix(g, x);
	assert_int_equal(command_status(g, &g->units[x], NULL), CS_NOT_IN_COMMAND);
	g->cmdrs[k].pos = v2(100, 100);
	assert_int_equal(command_status(g, &g->units[x], NULL), CS_NOT_IN_COMMAND);
	assert_int_equal(command_status(g, &g->units[y], NULL), CS_IN_COMMAND);
	game_free(g);
}

/* "a Division command stand is removed from the game at the very moment
 * that the Division's unit loses exceed half (round up)": 13 units, gone
 * at the 8th loss, not the 7th.  A brigade of 7: at the 5th, "unless that
 * Brigade commander is currently attached to a unit".  A unit retreated
 * is as much lost as one eliminated. */
static void test_losses_exceed_half(void **state)
{
	(void)state;
	for (int attached = 0; attached <= 1; attached++) {
		struct game *g = test_game_new(1);
		struct brigade b2 = { .id = "B2", .division = 0, .kind = BK_INFANTRY, .commander = -1 };
		int div = add_stand(g, CL_DIVISION, 0, CR_GOOD, 100, 20);
		int brig = add_stand(g, CL_BRIGADE, 0, CR_NONE, 120, 20);
		int other = game_add_brigade(g, &b2), u[13];
		snprintf(g->brigs[0].name, sizeof g->brigs[0].name, "first brigade");
		for (int i = 0; i < 13; i++) {
			char id[8];
			snprintf(id, sizeof id, "U%d", i);
			u[i] = add_line(g, id, SIDE_A, 10 + 12 * i, 150, 0);
			g->units[u[i]].brigade = i < 7 ? 0 : other;
		}
		if (attached)
			g->cmdrs[brig].attached = u[6];
		for (int i = 0; i < 8; i++) {
			int lose = i < 5 ? u[i] : u[7 + i - 5];
			g->units[lose].state = i == 2 ? US_RETREATED : US_ELIMINATED;
			command_check_losses(g, lose);
			assert_int_equal(g->cmdrs[brig].state,
			                 i >= 4 && !attached ? US_ELIMINATED : US_ACTIVE);
			assert_int_equal(g->cmdrs[div].state, i >= 7 ? US_ELIMINATED : US_ACTIVE);
		}
		assert_int_equal(logged(g, "brigade-1 leaves the field: first brigade has lost 5 of its 7 "
		                           "units (more than half)."), !attached);
		game_free(g);
	}
}

/* "any friendly command stand that is contacted by a moving (non-charging)
 * enemy unit simply evades ... within 6 cm to 12 cm of its current
 * position but no closer than 6 cm from any enemy unit", and has white
 * markers. */
static void test_evades_6_to_12(void **state)
{
	struct game *g = test_game_new(1);
	int k = add_stand(g, CL_DIVISION, 0, CR_GOOD, 100, 100);
	int e = add_line(g, "E", SIDE_B, 100, 100 - 1.25 - 1, 180);
	struct vec2 from = g->cmdrs[k].pos, cb[4];
	struct shape cs;
	double moved;
	(void)state;
	add_line(g, "F", SIDE_B, 112, 100, 270);
	command_stand_evades(g, k, &g->units[e]);
	assert_int_equal(g->cmdrs[k].state, US_ACTIVE);
	assert_true(g->cmdrs[k].flags & CF_EVADED);
	moved = v2_len(v2_sub(g->cmdrs[k].pos, from));
	assert_true(moved >= 6 - 1e-9 && moved <= 12 + 1e-9);
	cs = commander_shape(&g->cmdrs[k]);
	for (int i = 0; i < g->nunits; i++) {
		struct shape us = unit_shape(&g->units[i], cb);
		assert_true(geom_distance(&cs, &us) >= 6 - 1e-9);
	}
	assert_true(logged(g, "division-0 evades E (white markers: no command radius this Turn)."));
	game_free(g);
}

/* "If the command stand cannot be legitimately placed on the table in
 * some way then that command stand is eliminated"; but "A Corps command
 * stand can only be removed from the game by being overrun". */
static void test_nowhere_to_evade(void **state)
{
	(void)state;
	for (int level = CL_CORPS; level <= CL_DIVISION; level++) {
		struct game *g = test_game_new(1);
		int k = add_stand(g, (enum cmd_level)level, 0, CR_GOOD, 100, 100), e = -1;
		for (int dx = -24; dx <= 24; dx += 6)
			for (int dy = -24; dy <= 24; dy += 4) {
				int i;
				if (dx == 0 && dy == 0)
					continue;
				i = add_line(g, "E", SIDE_B, 100 + dx, 100 + dy, 180);
				if (e < 0)
					e = i;
			}
		command_stand_evades(g, k, &g->units[e]);
		if (level == CL_CORPS) {
			assert_int_equal(g->cmdrs[k].state, US_ACTIVE);
			assert_true(g->cmdrs[k].flags & CF_EVADED);
			assert_true(logged(g, "corps-0 finds no place 6 cm clear of the enemy and goes where he can."));
		} else {
			assert_int_equal(g->cmdrs[k].state, US_ELIMINATED);
			assert_true(logged(g, "division-0 finds nowhere to evade to and is lost."));
		}
		game_free(g);
	}
}

/* "if a friendly command stand is contacted by any enemy cavalry unit
 * that is charging ... it is overrun and so is immediately removed";
 * touched by a unit that is not charging, it evades.  A friend's way, or
 * a stand attached to a unit, is not in question. */
static void test_overrun_or_evade(void **state)
{
	(void)state;
	for (int charging = 0; charging <= 1; charging++) {
		struct game *g = test_game_new(1);
		struct unit cav = test_unit("K", SIDE_B, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 100, 80, 180);
		int k = add_stand(g, CL_DIVISION, 0, CR_GOOD, 100, 90);
		int far = add_stand(g, CL_CORPS, 0, CR_GOOD, 130, 80);
		int m = game_add_unit(g, &cav), friend;
		friend = add_line(g, "F", SIDE_A, 160, 80, 180);
		command_stands_in_the_way(g, m, unit_footprint(&g->units[m]), geom_dir(180), 10, charging);
		if (charging) {
			assert_int_equal(g->cmdrs[k].state, US_ELIMINATED);
			assert_true(logged(g, "division-0 is overrun by the charging K."));
		} else {
			assert_int_equal(g->cmdrs[k].state, US_ACTIVE);
			assert_true(g->cmdrs[k].flags & CF_EVADED);
		}
		assert_int_equal(g->cmdrs[far].state, US_ACTIVE);
		assert_false(g->cmdrs[far].flags & CF_EVADED);
		/* A friend of the stands passing over them: nothing. */
		command_stands_in_the_way(g, friend, unit_footprint(&g->units[friend]), geom_dir(270), 40,
		                          charging);
		assert_int_equal(g->cmdrs[far].state, US_ACTIVE);
		assert_false(g->cmdrs[far].flags & CF_EVADED);
		game_free(g);
	}
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_radius_by_rating),
		cmocka_unit_test(test_division_or_corps),
		cmocka_unit_test(test_attached_brigadier),
		cmocka_unit_test(test_evaded_stand_has_no_radius),
		cmocka_unit_test(test_status_fixed_for_the_initiative),
		cmocka_unit_test(test_losses_exceed_half),
		cmocka_unit_test(test_evades_6_to_12),
		cmocka_unit_test(test_nowhere_to_evade),
		cmocka_unit_test(test_overrun_or_evade),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
