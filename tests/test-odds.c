/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-odds: the engine's odds (odds.h, odds-order.h) against figures
 * worked out by hand from the rules tables: a quality test, the sum of a
 * few D6, fire's hits, small hand-to-hand combats whose rounds can be
 * summed as a geometric series, and a charge, a shot and a decision in
 * small battles built in code, which no preview may change. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "engine/odds-order.h"
#include "engine/rules.h"
#include "io/load-rules.h"
#include "test-util.h"

#define near(a, b) assert_true(fabs((a) - (b)) < 1e-12)

/* "A dice scores a hit if it is": Guard 1, Elite 2, Veteran 3, Trained 4,
 * Untrained 5 or more; the same numbers are the quality ratings. */
static void test_pass(void **state)
{
	struct unit u = test_unit("U", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 0, 0, 0);
	(void)state;
	near(odds_pass(&u, 0), 4.0 / 6); /* 3, 4, 5 or 6 */
	u.rating = RATING_TRAINED;
	near(odds_pass(&u, 0), 3.0 / 6);
	near(odds_pass(&u, 1), 4.0 / 6); /* the Austrian column's +1: 3 or more */
	u.rating = RATING_UNTRAINED;
	near(odds_pass(&u, 0), 2.0 / 6);
	u.rating = RATING_GUARD;
	near(odds_pass(&u, 0), 1);
}

/* Sums of D6, counted on the fingers: 2D6 under 4 is 1+1, 1+2, 2+1 (3
 * of 36); 3D6 of 18 is 6+6+6 (1 of 216). */
static void test_sums(void **state)
{
	(void)state;
	near(odds_sum_at_least(1, 2.0), 5.0 / 6);
	near(odds_sum_at_least(2, 4), 33.0 / 36);
	near(odds_sum_at_least(3, 18), 1.0 / 216);
	near(odds_sum_at_least(2, 13), 0);
	/* Fire: a hit for each full 6 pips (rules_fire.pips_per_hit).  2D6:
	 * 6 or more is 26 of 36 (10 sums under 6: 1+1 ... 4+1), 12 is 1 of
	 * 36 and gives a second hit: 27/36 expected. */
	assert_int_equal(rules_fire.pips_per_hit, 6);
	near(odds_fire_hits(2), 27.0 / 36);
	near(odds_fire_at_least(2, 1), 26.0 / 36);
	near(odds_fire_at_least(2, 2), 1.0 / 36);
}

/* Two units of 2 SP, each removed at 1 (one hit), each throwing 2 dice
 * at 4 or more a melee round and none at the impact.  A round: each side
 * scores at least once with 1 - (1/2)^2 = 3/4.  One alone: 3/16 each way;
 * both: 9/16; neither: 1/16, and the round is fought again.  So each
 * wins (3/16) / (15/16) = 1/5, and each is removed (12/16) / (15/16) =
 * 4/5, losing its 2 SP: 8/5 expected. */
static void test_fight_even(void **state)
{
	const struct odds_fighter a = { .sp = 2, .elim = 1, .need = 4, .round_sets = 1 };
	struct odds_fight f;
	(void)state;
	odds_fight(&a, &a, &f);
	for (int s = 0; s < 2; s++) {
		near(f.win[s], 1.0 / 5);
		near(f.gone[s], 4.0 / 5);
		near(f.lost[s], 8.0 / 5);
		near(f.brk[s], 0); /* nobody throws at the impact */
	}
}

/* The same, a throwing one set at the impact too: a hit there (3/4)
 * removes b before it throws back (losses are taken at the end of the
 * round, and b has no impact dice), a break-through; else the melee
 * above.  a wins 3/4 + 1/4 x 1/5 = 4/5, b 1/4 x 1/5 = 1/20.  A Guard (a
 * hit on every die) at the impact always breaks through. */
static void test_fight_impact(void **state)
{
	struct odds_fighter a = { .sp = 2, .elim = 1, .need = 4, .impact_sets = 1, .round_sets = 1 };
	const struct odds_fighter b = { .sp = 2, .elim = 1, .need = 4, .round_sets = 1 };
	struct odds_fight f;
	(void)state;
	odds_fight(&a, &b, &f);
	near(f.brk[0], 3.0 / 4);
	near(f.brk[1], 0);
	near(f.win[0], 4.0 / 5);
	near(f.win[1], 1.0 / 20);
	a.need = 1;
	odds_fight(&a, &b, &f);
	near(f.brk[0], 1);
	near(f.win[0], 1);
}

/* The French side A with the initiative, its corps stand keeping its
 * units in command. */
static struct game *new_game(void)
{
	struct game *g = test_game_new(1);
	test_corps_stand(g, SIDE_A, 100, 145);
	test_corps_stand(g, SIDE_B, 100, 20);
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_MANOEUVRE;
	return g;
}

/* Nothing of the game changes: the units and the dice. */
struct kept {
	struct unit units[8];
	struct rng dice, cosmetic;
	int initiative;
};
static void keep(const struct game *g, struct kept *k)
{
	memcpy(k->units, g->units, (size_t)g->nunits * sizeof *g->units);
	k->dice = g->dice;
	k->cosmetic = g->cosmetic;
	k->initiative = g->initiative;
}
static void unchanged(const struct game *g, const struct kept *k)
{
	assert_memory_equal(k->units, g->units, (size_t)g->nunits * sizeof *g->units);
	assert_memory_equal(&k->dice, &g->dice, sizeof k->dice);
	assert_memory_equal(&k->cosmetic, &g->cosmetic, sizeof k->cosmetic);
	assert_int_equal(k->initiative, g->initiative);
}

/* A French trained line at (100, 100) facing north and an Austrian one
 * facing it, its centre at (100, y), of sp strength points: their
 * indices in *a and *b. */
static void two_lines(struct game *g, double y, int sp, int *a, int *b)
{
	struct unit ua = test_unit("A1", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 100, 0);
	struct unit ub = test_unit("B1", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, y, 180);
	ub.sp = sp;
	*a = game_add_unit(g, &ua);
	*b = game_add_unit(g, &ub);
}

/* Two trained lines of 2 SP front to front in contact: the engine counts
 * one set each a melee round (formed against formed), none at the impact
 * (neither outflanks, neither is cavalry): test_fight_even's combat. */
static void test_fight_units(void **state)
{
	struct game *g = new_game();
	struct odds_fight f;
	int ia, ib;
	(void)state;
	two_lines(g, 98, 2, &ia, &ib);
	g->units[ia].sp = 2;
	odds_fight_units(g, ia, ib, &f);
	near(f.win[0], 1.0 / 5);
	near(f.win[1], 1.0 / 5);
	near(f.lost[0], 8.0 / 5);
	game_free(g);
}

/* Veteran heavy cavalry 17 cm from a trained Prussian line of 3 SP: it
 * goes in (in command, in reach); the line may not counter-charge
 * (infantry never charges cavalry) but may try an emergency square (the
 * charge begins over 12 cm away) on 4 or more, 1/2; failing, its 2 hits
 * leave 1 SP and remove it; the cavalry may feint at the square on 3,
 * 4/6. */
static void test_charge(void **state)
{
	struct game *g = new_game();
	struct unit k = test_unit("K1", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 100, 130, 0);
	struct unit t = test_unit("T1", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 110, 180);
	struct odds_charge o;
	struct kept before;
	char why[MSG_LEN];
	int ik, it;
	(void)state;
	t.sp = 3;
	ik = game_add_unit(g, &k);
	it = game_add_unit(g, &t);
	keep(g, &before);
	assert_int_equal(odds_charge(g, ik, it, &o, why, sizeof why), 0);
	unchanged(g, &before);
	assert_false(o.cautious);
	assert_false(o.extend);
	near(o.go, 1);
	assert_false(o.counter);
	assert_false(o.fall_back);
	assert_false(o.flee);
	assert_true(o.square);
	assert_int_equal(o.square_bonus, 0);
	near(o.square_pass, 1.0 / 2);
	near(o.feint_pass, 4.0 / 6);
	assert_true(o.failed_gone);
	/* The same charge from the other side's initiative: a hypothetical. */
	g->initiative = SIDE_B;
	keep(g, &before);
	assert_int_equal(odds_charge(g, ik, it, &o, why, sizeof why), 0);
	unchanged(g, &before);
	near(o.square_pass, 1.0 / 2);
	/* Infantry may not charge cavalry: refused, with the rule. */
	assert_int_equal(odds_charge(g, it, ik, &o, why, sizeof why), -1);
	assert_string_equal(why, "infantry may not charge cavalry");
	unchanged(g, &before);
	game_free(g);
}

/* A line's 2 dice of fire at a line of 2 SP 1 cm away: 27/36 hits
 * expected, 26/36 for one at least, and one hit removes it (2 SP, removed
 * at 1). */
static void test_fire(void **state)
{
	struct game *g = new_game();
	struct odds_fire o;
	struct kept before;
	int ia, ib;
	(void)state;
	two_lines(g, 97, 2, &ia, &ib);
	keep(g, &before);
	assert_true(odds_fire_at(g, ia, ib, NULL, &o));
	unchanged(g, &before);
	assert_int_equal(o.shot.dice, 2);
	near(o.hits, 27.0 / 36);
	near(o.one, 26.0 / 36);
	near(o.removed, 26.0 / 36);
	game_free(g);
}

/* The emergency square's dialog: the line's test (1/2) and the hits that
 * remove it failing. */
static void test_decision(void **state)
{
	struct game *g = new_game();
	struct unit k = test_unit("K1", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 100, 113, 0);
	struct unit t = test_unit("T1", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 110, 180);
	struct decision d = { .kind = DK_ESQUARE, .side = SIDE_B };
	struct odds_choice o;
	struct kept before;
	(void)state;
	t.sp = 3;
	k.charge_start = 17;
	k.acted |= UA_CHARGING;
	d.other = game_add_unit(g, &k);
	d.unit = game_add_unit(g, &t);
	keep(g, &before);
	odds_decision(g, &d, &o);
	unchanged(g, &before);
	near(o.pass, 1.0 / 2);
	assert_true(o.fail_gone);
	assert_int_equal(o.fail_hits, 2);
	assert_true(o.has_go && o.has_stay && o.go_for_other);
	game_free(g);
}

/* Splitting strength points: a trained line in contact with a line
 * throws one set a melee round, none at the impact (neither outflanks):
 * each SP thrown 1/2 hit a round; a line of 6 SP goes at 5 hits. */
static void test_split(void **state)
{
	struct game *g = new_game();
	struct decision d = { .kind = DK_SPLIT, .side = SIDE_A };
	struct odds_choice o;
	struct kept before;
	(void)state;
	two_lines(g, 98, 6, &d.unit, &d.other);
	keep(g, &before);
	odds_decision(g, &d, &o);
	unchanged(g, &before);
	near(o.per_sp, 1.0 / 2);
	near(o.per_sp_impact, 0);
	assert_int_equal(o.need, 5);
	assert_true(o.pass < 0); /* no test */
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass),        cmocka_unit_test(test_sums),   cmocka_unit_test(test_fight_even),
		cmocka_unit_test(test_fight_impact), cmocka_unit_test(test_fight_units), cmocka_unit_test(test_charge),
		cmocka_unit_test(test_fire),        cmocka_unit_test(test_decision), cmocka_unit_test(test_split),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
