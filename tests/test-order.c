/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-order: orders as the core rules write them, through order.h: a
 * refused order names its rule and changes nothing; the movement
 * allowances; one move and one formation change a manoeuvre phase; the 90
 * degree limit on charging after pivots; where a formation change puts
 * the unit; where a charge reaches, how far short it falls and whether it
 * may be extended ("just outside": what the extension dice could make
 * up); every refusal of a charge; a charge carried home, the cautious
 * unit's test, the extended charge with its dice; previews that spend no
 * die; undo, until a die is thrown.  Small battles built in code, dice
 * scripted. */
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
#include "engine/control.h"
#include "engine/formation.h"
#include "engine/game.h"
#include "engine/order.h"
#include "engine/rules.h"
#include "test-util.h"
#include "io/load-rules.h"

/* The side without the initiative lets every charge come (it answers
 * every question with its first option, "no" or "stand"). */
static int decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	d->choice = 0;
	d->value = d->opt[0].lo;
	return 0;
}

static struct controller side_ctl = { .decide = decide };
static struct controller *ctl[SIDE_COUNT] = { &side_ctl, &side_ctl };

/* The French (side A) have the initiative for their brigade 0, in the
 * manoeuvre phase; their Excellent corps stand (18 cm) is at (100, 160),
 * so a unit at (100, 145) is in command.  The Austrians (side B) stand
 * to the north. */
static struct game *new_game(void)
{
	struct game *g = test_game_new(1);
	test_corps_stand(g, SIDE_A, 100, 160);
	snprintf(g->side[SIDE_A].name, sizeof g->side[SIDE_A].name, "French");
	snprintf(g->side[SIDE_B].name, sizeof g->side[SIDE_B].name, "Austrians");
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_MANOEUVRE;
	return g;
}


static bool logged(const struct game *g, const char *text)
{
	for (int i = 0; i < g->nlog; i++)
		if (strcmp(g->log[i].text, text) == 0)
			return true;
	return false;
}

static struct order move(int unit, double cm)
{
	struct order o = order_new(ORD_MOVE);
	o.unit = unit;
	o.a = cm;
	o.has_a = true;
	return o;
}

static struct order face(int unit, double to)
{
	struct order o = order_new(ORD_FACE);
	o.unit = unit;
	o.a = to;
	o.has_a = true;
	return o;
}

static struct order form(int unit, enum formation f)
{
	struct order o = order_new(ORD_FORM);
	o.unit = unit;
	o.form = f;
	return o;
}

static struct order charge(int unit, int target, bool extend)
{
	struct order o = order_new(ORD_CHARGE);
	o.unit = unit;
	o.target = target;
	o.flag = extend ? OF_EXTEND : 0;
	return o;
}

/* order_exec for the French; 0 or -1, the refusal in why. */
static int french(struct game *g, struct order o, char why[256])
{
	return order_exec(g, ctl, SIDE_A, &o, why, 256);
}

/* A refused order "names the rule" and changes nothing, not even the
 * history or the log.  "A unit moves once": 6 cm for a line, no more. */
static void test_refused_orders_change_nothing(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 145, 0);
	int e = test_add(g, "E", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 100, 180);
	int nlog = g->nlog;
	struct order o = move(l, 1);
	char why[256];
	(void)state;
	assert_int_equal(order_exec(g, ctl, SIDE_B, &o, why, sizeof why), -1);
	assert_string_equal(why, "Austrians do not have the initiative");
	assert_int_equal(french(g, move(e, 1), why), -1);
	assert_string_equal(why, "E is an enemy unit: a player cannot manoeuvre enemy units");
	assert_int_equal(french(g, move(l, 6.5), why), -1);
	assert_string_equal(why, "cannot move 6.5 cm: its allowance of 6.0 cm carries it only 6.0 cm");
	assert_float_equal(g->units[l].pos.y, 145, 1e-12);
	assert_int_equal(g->nhistory, 0);
	assert_int_equal(g->nlog, nlog);
	assert_int_equal(g->current_unit, -1);
	assert_int_equal(french(g, move(l, 6), why), 0);
	assert_float_equal(g->units[l].pos.y, 139, 1e-9);
	assert_true(logged(g, "L moves 6.0 cm (6.0 of its 6 cm allowance)."));
	assert_int_equal(g->nhistory, 1);
	assert_int_equal(french(g, move(l, 1), why), -1);
	assert_string_equal(why, "L has already moved: a unit moves once, straight ahead");
	game_free(g);
}

/* "How far do I move a unit?": infantry in line or column 6 cm, light
 * infantry in skirmish line 18, heavy cavalry 15, medium 20, light 25,
 * light cavalry in skirmish line 30.  Previewed as 'move max': where it
 * would end and what it would spend; the battle itself is left alone. */
static void test_allowances(void **state)
{
	static const struct {
		enum unit_type type;
		enum formation form;
		double cm;
	} table[] = {
		{ UT_LINE_INF, FORM_LINE, 6 },       { UT_LINE_INF, FORM_COLUMN, 6 },
		{ UT_LIGHT_INF, FORM_SKIRMISH, 18 }, { UT_HEAVY_CAV, FORM_LINE, 15 },
		{ UT_MEDIUM_CAV, FORM_LINE, 20 },    { UT_LIGHT_CAV, FORM_LINE, 25 },
		{ UT_LIGHT_CAV, FORM_SKIRMISH, 30 },
	};
	(void)state;
	for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
		struct game *g = new_game();
		int u = test_add(g, "U", SIDE_A, table[k].type, table[k].form, 100, 145, 0);
		struct order o = move(u, 0);
		struct preview p;
		o.flag = OF_MAX;
		order_preview(g, SIDE_A, &o, &p);
		assert_true(p.ok);
		assert_false(p.dice);
		assert_int_equal(p.unit, u);
		assert_float_equal(p.pos.y, 145 - table[k].cm, 1e-9);
		assert_float_equal(p.used, table[k].cm, 1e-9);
		assert_float_equal(g->units[u].pos.y, 145, 1e-12);
		assert_int_equal(g->nhistory, 0);
		game_free(g);
	}
}

/* "A unit may change formation once per manoeuvre phase" and move once:
 * previewed as one unit's turn, the third order of form-move-form and
 * the second of two moves are refused, and the count says so. */
static void test_one_change_one_move(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 145, 0);
	struct order turn[3] = { form(l, FORM_COLUMN), move(l, 6), form(l, FORM_LINE) };
	struct order twice[2] = { move(l, 3), move(l, 3) };
	struct preview p;
	(void)state;
	assert_int_equal(order_preview_seq(g, SIDE_A, turn, 3, &p), 2);
	assert_false(p.ok);
	assert_string_equal(p.why, "L has already changed formation: one formation change per manoeuvre phase");
	assert_int_equal(p.form, FORM_COLUMN);
	assert_float_equal(fabs(p.pos.y - 139), 1, 1e-9);
	assert_int_equal(order_preview_seq(g, SIDE_A, twice, 2, &p), 1);
	assert_string_equal(p.why, "L has already moved: a unit moves once, straight ahead");
	assert_int_equal(order_preview_seq(g, SIDE_A, turn, 2, &p), 2);
	assert_true(p.ok);
	assert_int_equal(g->units[l].form, FORM_LINE);
	assert_int_equal(g->nhistory, 0);
	game_free(g);
}

/* "if a unit about faces or pivots by more than 90 degrees during its
 * initiative then that unit cannot charge": 90 is allowed, 91 is not, and
 * pivots add up (45 then 50 more). */
static void test_pivots_and_the_charge(void **state)
{
	static const double turns[][2] = { { 90, 0 }, { 91, 0 }, { 45, 95 } };
	char why[256];
	(void)state;
	for (int k = 0; k < 3; k++) {
		struct game *g = new_game();
		int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 145, 0);
		assert_int_equal(french(g, face(l, turns[k][0]), why), 0);
		if (turns[k][1] > 0)
			assert_int_equal(french(g, face(l, turns[k][1]), why), 0);
		if (k == 0) {
			assert_int_equal(order_charge_ready(g, SIDE_A, l, why, sizeof why), 0);
			assert_true(logged(g, "L pivots to face 90."));
		} else {
			assert_int_equal(order_charge_ready(g, SIDE_A, l, why, sizeof why), -1);
			assert_string_equal(why, "L has turned over 90 degrees this initiative and cannot charge");
		}
		game_free(g);
	}
}

/* "How does a unit change formation?": one stand stays where it is and
 * the other forms around it, touching no other unit.  A line at (100,
 * 145) forming column keeps its left or right stand (x 98.75 or 101.25)
 * as the column's front or rear (y 144 or 146); with a friend 1.5 cm
 * behind, only forward; with another 0.5 cm closer ahead than the column
 * reaches, not at all. */
static void test_formation_change_place(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 145, 0), blocker = -9, ahead;
	struct vec2 c;
	char why[256];
	(void)state;
	assert_int_equal(formation_place_here(g, l, FORM_COLUMN, -1, &c, &blocker), 0);
	assert_float_equal(fabs(c.x - 100), 1.25, 1e-9);
	assert_float_equal(fabs(c.y - 145), 1, 1e-9);
	test_add(g, "F", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 148.5, 0);
	assert_int_equal(formation_place_here(g, l, FORM_COLUMN, -1, &c, &blocker), 0);
	assert_float_equal(c.y, 144, 1e-9);
	ahead = test_add(g, "G", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 141.5, 0);
	assert_int_equal(formation_place_here(g, l, FORM_COLUMN, -1, &c, &blocker), 1);
	assert_true(blocker >= 0 && blocker != l);
	assert_int_equal(french(g, form(l, FORM_COLUMN), why), -1);
	assert_non_null(strstr(why, "L cannot form column: the stands would touch "));
	g->units[ahead].state = US_ELIMINATED;
	assert_int_equal(french(g, form(l, FORM_COLUMN), why), 0);
	assert_int_equal(g->units[l].form, FORM_COLUMN);
	assert_float_equal(g->units[l].pos.y, 144, 1e-9);
	game_free(g);
}

/* Where a charge ends: "both of the units involved immediately cease
 * movement" in contact (the engine's 0.05 cm).  A veteran column charges 9
 * cm: a line 7 cm ahead it reaches; one 11 cm ahead it misses by 2 (less
 * the contact distance), just outside: 1D6 cm of extension could make
 * that up; 16 cm ahead it falls 6.95 short, more than 6.  Heavy cavalry
 * (30 cm, extended by 3D6: 18 at most) may try 17.95 short, not 18.95. */
static void test_charge_reach_and_short(void **state)
{
	struct game *g = new_game();
	int x = test_add(g, "X", SIDE_A, UT_LINE_INF, FORM_COLUMN, 100, 145, 0);
	int t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 135, 180);
	struct vec2 end;
	double facing, gap;
	char why[256];
	(void)state;
	/* X's front edge at 143, T's near edge at 136: 7 cm. */
	assert_int_equal(order_charge_reach(g, x, t, &end, &facing, why, sizeof why), 0);
	assert_float_equal(facing, 0, 1e-12);
	assert_float_equal(end.x, 100, 1e-9);
	assert_float_equal(end.y, 145 - 7 + GEOM_CONTACT, 1e-3);
	assert_int_equal(order_charge_short(g, x, t, &gap, &facing, why, sizeof why), 0);
	assert_float_equal(gap, 0, 1e-12);
	g->units[t].pos.y = 131;
	assert_int_equal(order_charge_reach(g, x, t, &end, &facing, why, sizeof why), -1);
	assert_string_equal(why, "X cannot reach T: its charge of 9 cm carries it 9.0 cm; 'charge X T extend' "
	                         "tries to extend the charge");
	assert_int_equal(order_charge_short(g, x, t, &gap, &facing, why, sizeof why), 0);
	assert_float_equal(gap, 2 - GEOM_CONTACT, 1e-3);
	g->units[t].pos.y = 126;
	assert_int_equal(order_charge_short(g, x, t, &gap, &facing, why, sizeof why), -1);
	assert_string_equal(why, "X cannot extend its charge at T: it falls 7.0 cm short, and a charge is "
	                         "extended only at a target just outside its reach, one its 1D6 cm of "
	                         "extension could make up (6 cm at most)");
	game_free(g);

	g = new_game();
	x = test_add(g, "H", SIDE_A, UT_HEAVY_CAV, FORM_LINE, 100, 145, 0);
	/* H's front edge at 143; T 48 cm ahead, then 49. */
	t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 143 - 48 - 1, 180);
	assert_int_equal(order_charge_short(g, x, t, &gap, &facing, why, sizeof why), 0);
	assert_float_equal(gap, 18 - GEOM_CONTACT, 1e-3);
	g->units[t].pos.y -= 1;
	assert_int_equal(order_charge_short(g, x, t, &gap, &facing, why, sizeof why), -1);
	assert_non_null(strstr(why, "its 3D6 cm of extension could make up (18 cm at most)"));
	game_free(g);
}

/* "How does a unit charge?" and "Can unformed units charge?": each
 * refusal names its rule, and a check throws no die. */
static void test_charge_refusals(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_COLUMN, 100, 145, 0);
	int sq = test_add(g, "SQ", SIDE_A, UT_LINE_INF, FORM_SQUARE, 110, 145, 0);
	int gun = test_add(g, "G", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 90, 145, 0);
	int far = test_add(g, "NC", SIDE_A, UT_LINE_INF, FORM_COLUMN, 20, 145, 0);
	int sk = test_add(g, "S", SIDE_A, UT_LIGHT_INF, FORM_SKIRMISH, 80, 145, 0);
	int t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 138, 180);
	int h = test_add(g, "H", SIDE_B, UT_LIGHT_CAV, FORM_LINE, 125, 140, 180);
	int back = test_add(g, "BK", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 152, 0);
	char why[256];
	(void)state;
	assert_int_equal(order_charge_check(g, l, h, false, why, sizeof why), -1);
	assert_string_equal(why, "infantry may not charge cavalry");
	assert_int_equal(order_charge_check(g, sq, t, false, why, sizeof why), -1);
	assert_string_equal(why, "SQ is in square: a square cannot charge");
	assert_int_equal(order_charge_check(g, gun, t, false, why, sizeof why), -1);
	assert_string_equal(why, "G is artillery: artillery cannot charge");
	assert_int_equal(order_charge_check(g, far, t, false, why, sizeof why), -1);
	assert_string_equal(why, "NC is not in command: units out of command cannot charge");
	assert_int_equal(order_charge_check(g, l, sq, false, why, sizeof why), -1);
	assert_string_equal(why, "SQ is a friend: a player can only charge enemy units");
	assert_int_equal(order_charge_check(g, l, back, false, why, sizeof why), -1);
	assert_non_null(strstr(why, "a unit that turns over 90 degrees in an initiative cannot charge"));
	/* Skirmishers head on at a formed line: only if they outflank it. */
	g->units[sk].pos = v2(100, 145);
	g->units[l].pos = v2(60, 145);
	assert_int_equal(order_charge_check(g, sk, t, false, why, sizeof why), -1);
	assert_string_equal(why, "S is unformed and may charge formed troops T only if it outflanks it, and from "
	                         "here it would not");
	/* ... from its flank they may. */
	g->units[sk].pos = v2(92, 138);
	g->units[sk].facing = 90;
	assert_int_equal(order_charge_check(g, sk, t, false, why, sizeof why), 0);
	/* "A unit cannot charge through any other unit": a friend between. */
	g->units[l].pos = v2(100, 148);
	g->units[sk].pos = v2(100, 142.5);
	g->units[sk].facing = 0;
	g->units[sk].form = FORM_LINE;
	assert_int_equal(order_charge_check(g, l, t, false, why, sizeof why), -1);
	assert_string_equal(why, "L cannot charge T: it would contact S on the way (a unit cannot charge "
	                         "through, or into, any unit but its target)");
	unit_set_marker(&g->units[l], MK_BLUE, true);
	assert_int_equal(order_charge_check(g, l, t, false, why, sizeof why), -1);
	assert_string_equal(why, "L has a blue marker (disordered or reacted): it cannot charge until it is "
	                         "removed");
	assert_int_equal(g->dice.draws, 0);
	game_free(g);
}

/* A charge carried home: the column charges the line 2 cm ahead (which
 * lets it come), stops in contact, and has charged: it may not retreat.
 * A unit in command throws no die.  A cautious unit "must test to
 * initiate a charge": 1D6 2 and the veteran "simply remains in place for
 * the rest of the phase"; 1D6 3 and it charges. */
static void test_charge_home(void **state)
{
	struct game *g = new_game();
	int x = test_add(g, "X", SIDE_A, UT_LINE_INF, FORM_COLUMN, 100, 145, 0);
	int t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 140, 180);
	struct order r = order_new(ORD_RETREAT);
	char why[256];
	(void)state;
	assert_int_equal(command_status(g, &g->units[x], NULL), CS_IN_COMMAND);
	assert_int_equal(french(g, charge(x, t, false), why), 0);
	assert_true(logged(g, "X charges T from 2.0 cm."));
	assert_true(logged(g, "X reaches T."));
	assert_float_equal(g->units[x].pos.y, 145 - 2 + GEOM_CONTACT, 1e-3);
	assert_true(game_unit_distance(&g->units[x], &g->units[t]) <= GEOM_CONTACT);
	assert_int_equal(g->dice.draws, 0);
	r.unit = x;
	assert_int_equal(french(g, r, why), -1);
	assert_string_equal(why, "X has charged during this initiative and cannot retreat");
	game_free(g);

	for (int pip = 2; pip <= 3; pip++) {
		int c;
		g = new_game();
		/* 19.85 cm from the corps stand: cautious. */
		c = test_add(g, "C", SIDE_A, UT_LINE_INF, FORM_COLUMN, 115, 142, 0);
		t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 115, 135, 180);
		assert_int_equal(command_status(g, &g->units[c], NULL), CS_CAUTIOUS);
		game_queue_dice(g, &pip, 1);
		assert_int_equal(french(g, charge(c, t, false), why), 0);
		assert_int_equal(g->script_pos, 1);
		if (pip == 2) {
			assert_true(logged(g, "C tests to charge (in command but cautious) (Veteran: 3 or more): 1D6 2"));
			assert_true(logged(g, "C will not charge and stays where it is for the rest of the phase."));
			assert_float_equal(g->units[c].pos.y, 142, 1e-12);
			assert_int_equal(french(g, move(c, 1), why), -1);
		} else {
			assert_true(logged(g, "C passes."));
			assert_true(logged(g, "C reaches T."));
		}
		game_free(g);
	}
}

/* "A unit may attempt to charge an enemy unit that is just outside its
 * normal charge move distance by attempting to extend its charge": 1D6
 * against its quality, then "1D6 cm" (any infantry) straight on, then the
 * charge "from this new position"; failing the test, or still short, it
 * "remains in place and becomes disordered" (a blue marker).  A veteran
 * column 11 cm from its target (9 cm charge): 3 and 2 cm: it charges from
 * 9 cm; 3 and 1 cm: still short; 2: it stays. */
static void test_extended_charge(void **state)
{
	static const int pips[3][2] = { { 3, 2 }, { 3, 1 }, { 2, 0 } };
	(void)state;
	for (int k = 0; k < 3; k++) {
		struct game *g = new_game();
		int x = test_add(g, "X", SIDE_A, UT_LINE_INF, FORM_COLUMN, 100, 145, 0);
		int t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 131, 180);
		char why[256], line[128];
		game_queue_dice(g, pips[k], pips[k][1] ? 2 : 1);
		assert_int_equal(french(g, charge(x, t, false), why), -1);
		assert_int_equal(french(g, charge(x, t, true), why), 0);
		assert_int_equal(g->script_pos, g->nscript);
		snprintf(line, sizeof line, "X tries to extend its charge (Veteran: 3 or more): 1D6 %d", pips[k][0]);
		assert_true(logged(g, line));
		if (k == 0) {
			assert_true(logged(g, "X's extended charge: 1D6 cm forward: 1D6 2"));
			assert_true(logged(g, "X moves 2.0 cm."));
			assert_true(logged(g, "X charges T from 9.0 cm."));
			assert_true(logged(g, "X reaches T."));
			assert_false(unit_has_marker(&g->units[x], MK_BLUE));
		} else if (k == 1) {
			assert_true(logged(g, "X still cannot reach T: it stays there, disordered (blue marker)."));
			assert_float_equal(g->units[x].pos.y, 144, 1e-9);
			assert_true(unit_has_marker(&g->units[x], MK_BLUE));
		} else {
			assert_true(logged(g, "X stays where it is, disordered (blue marker)."));
			assert_float_equal(g->units[x].pos.y, 145, 1e-12);
			assert_true(unit_has_marker(&g->units[x], MK_BLUE));
		}
		game_free(g);
	}
}

/* A preview carries the order out and puts everything back: a cautious
 * unit's charge would throw its test (the preview says a die was thrown),
 * yet the dice, the scripted pips waiting, the log, the history and the
 * unit are as they were. */
static void test_preview_spends_no_die(void **state)
{
	struct game *g = new_game();
	int c = test_add(g, "C", SIDE_A, UT_LINE_INF, FORM_COLUMN, 115, 142, 0);
	int t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 115, 135, 180);
	struct order o = charge(c, t, false);
	struct rng before = g->dice;
	int nlog = g->nlog, pip = 3;
	struct preview p;
	(void)state;
	game_queue_dice(g, &pip, 1);
	order_preview(g, SIDE_A, &o, &p);
	assert_true(p.ok);
	assert_true(p.dice);
	assert_float_equal(p.pos.y, 142 - 4 + GEOM_CONTACT, 1e-3);
	assert_int_equal(g->script_pos, 0);
	assert_memory_equal(&g->dice, &before, sizeof before);
	assert_int_equal(g->nlog, nlog);
	assert_int_equal(g->nhistory, 0);
	assert_float_equal(g->units[c].pos.y, 142, 1e-12);
	assert_int_equal(g->units[c].acted, 0);
	o = move(c, 3);
	order_preview(g, SIDE_A, &o, &p);
	assert_false(p.dice);
	game_free(g);
}

/* "the maximum net effect on any unit is half rate, that is, units in
 * various terrain features do not halve their movement rate twice": a
 * line in a wood on a hill in hot weather spends its 6 cm on 3 cm. */
static void test_half_rate_once(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 145, 0);
	struct vec2 sq[4] = { { 80, 120 }, { 120, 120 }, { 120, 150 }, { 80, 150 } };
	struct order o = move(l, 0);
	struct preview p;
	(void)state;
	for (int k = 0; k < 2; k++) {
		struct feature f = { .type = k ? TT_HILL : TT_WOOD, .levels = k ? 2 : 1, .n = 4 };
		struct feature *all = realloc(g->map.f, (size_t)(g->map.nf + 1) * sizeof *all);
		assert_non_null(all);
		g->map.f = all;
		f.pts = malloc(sizeof sq);
		assert_non_null(f.pts);
		memcpy(f.pts, sq, sizeof sq);
		snprintf(f.name, sizeof f.name, "F%d", k);
		g->map.f[g->map.nf++] = f;
	}
	map_finish(&g->map);
	g->wx.weather = WX_HOT;
	o.flag = OF_MAX;
	order_preview(g, SIDE_A, &o, &p);
	assert_true(p.ok);
	assert_float_equal(p.pos.y, 145 - 3, 1e-6);
	assert_float_equal(p.used, 6, 1e-6);
	game_free(g);
}

/* Undo takes back the orders of the unit manoeuvring now, while no die
 * has been thrown since. */
static void test_undo(void **state)
{
	struct game *g = new_game();
	int l = test_add(g, "L", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 145, 0);
	int c = test_add(g, "C", SIDE_A, UT_LINE_INF, FORM_COLUMN, 115, 142, 0);
	int t = test_add(g, "T", SIDE_B, UT_LINE_INF, FORM_LINE, 115, 135, 180);
	struct order undo = order_new(ORD_UNDO);
	char why[256];
	int pip = 2;
	(void)state;
	assert_int_equal(french(g, move(l, 3), why), 0);
	assert_int_equal(french(g, undo, why), 0);
	assert_float_equal(g->units[l].pos.y, 145, 1e-12);
	assert_true(logged(g, "Order taken back."));
	assert_int_equal(french(g, undo, why), -1);
	assert_string_equal(why, "nothing to take back: only the orders of the unit manoeuvring now can be");
	assert_int_equal(french(g, move(l, 6), why), 0);
	assert_float_equal(g->units[l].pos.y, 139, 1e-9);
	game_queue_dice(g, &pip, 1);
	assert_int_equal(french(g, face(c, 5), why), 0);
	assert_int_equal(french(g, charge(c, t, false), why), 0);
	assert_int_equal(french(g, undo, why), -1);
	assert_string_equal(why, "cannot take back: dice have been thrown since");
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused_orders_change_nothing),
		cmocka_unit_test(test_allowances),
		cmocka_unit_test(test_one_change_one_move),
		cmocka_unit_test(test_pivots_and_the_charge),
		cmocka_unit_test(test_formation_change_place),
		cmocka_unit_test(test_charge_reach_and_short),
		cmocka_unit_test(test_charge_refusals),
		cmocka_unit_test(test_charge_home),
		cmocka_unit_test(test_extended_charge),
		cmocka_unit_test(test_preview_spends_no_die),
		cmocka_unit_test(test_half_rate_once),
		cmocka_unit_test(test_undo),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
