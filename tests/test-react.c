/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-react: "Reactions" as the core rules write them, through react.h,
 * each throw scripted at the edge of the quality rating: the quality test
 * itself (1D6 >= the rating, a bonus logged with its reason); who may try
 * an emergency square (cavalry charging from over 12 cm, formed infantry,
 * +1 for Austrian and British columns, once an initiative); outflanking;
 * what a unit reached by a charge may do: the emergency square (passed,
 * failed with two hits, a friend within 6 cm, the charger's feint), the
 * skirmishers' fall-back (12 to 18 cm, or 18 to 30 for cavalry, eliminated
 * running into the enemy), horse artillery limbering up and fleeing from
 * infantry, crews fleeing into a square and manning their guns again;
 * opportunity charges at a moving unit (cavalry within 12 cm, never
 * infantry at cavalry); a unit eliminated with its brigadier.  Small
 * battles built in code; the controllers answer as each test says. */
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
#include "engine/game.h"
#include "engine/react.h"
#include "engine/rules.h"
#include "test-util.h"
#include "io/load-rules.h"

/* The answers: for each kind of decision the word of the option to take
 * (NULL: the first) and its number; what was asked is counted. */
static const char *answer[DK_COUNT];
static double answer_value[DK_COUNT];
static int asked[DK_COUNT];
static int asked_by[64]; /* questions put to each unit */
static double asked_lo[DK_COUNT], asked_hi[DK_COUNT];

static int decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c;
	(void)g;
	asked[d->kind]++;
	if (d->unit >= 0 && d->unit < 64)
		asked_by[d->unit]++;
	d->choice = 0;
	for (int i = 0; i < d->nopts; i++) {
		if (d->opt[i].lo < d->opt[i].hi) {
			asked_lo[d->kind] = d->opt[i].lo;
			asked_hi[d->kind] = d->opt[i].hi;
		}
		if (answer[d->kind] && strcmp(d->opt[i].key, answer[d->kind]) == 0)
			d->choice = i;
	}
	d->value = answer_value[d->kind];
	return 0;
}

static struct controller side_ctl = { .decide = decide };
static struct controller *ctl[SIDE_COUNT] = { &side_ctl, &side_ctl };

static void answers(void)
{
	memset(answer, 0, sizeof answer);
	memset(answer_value, 0, sizeof answer_value);
	memset(asked, 0, sizeof asked);
	memset(asked_by, 0, sizeof asked_by);
}

/* The French (side A, Prussian-made but French by name) have the
 * initiative; the Austrians (side B) react.  Each side's Excellent corps
 * stand stands where it keeps its units in command: (100, 160) and
 * (100, 20). */
static struct game *new_game(void)
{
	struct game *g = test_game_new(1);
	test_corps_stand(g, SIDE_A, 100, 160);
	test_corps_stand(g, SIDE_B, 100, 20);
	g->corps[SIDE_B].nat = NAT_AUSTRIAN;
	snprintf(g->side[SIDE_A].name, sizeof g->side[SIDE_A].name, "French");
	snprintf(g->side[SIDE_B].name, sizeof g->side[SIDE_B].name, "Austrians");
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->phase = PHASE_MANOEUVRE;
	answers();
	return g;
}

static int add(struct game *g, const char *id, enum side side, enum unit_type type, enum rating rating,
               enum formation form, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, rating, form, x, y, facing);
	u.nat = side == SIDE_A ? NAT_FRENCH : NAT_AUSTRIAN;
	return game_add_unit(g, &u);
}

static bool logged(const struct game *g, const char *text)
{
	for (int i = 0; i < g->nlog; i++)
		if (strcmp(g->log[i].text, text) == 0)
			return true;
	return false;
}

static void dice(struct game *g, int n, const int *pips)
{
	assert_int_equal(game_queue_dice(g, pips, n), 0);
}

/* Every scripted die was thrown, and no other. */
static void all_thrown(const struct game *g)
{
	assert_int_equal(g->script_pos, g->nscript);
}

/* The distance between two units' bases. */
static double apart(const struct game *g, int a, int b)
{
	return game_unit_distance(&g->units[a], &g->units[b]);
}

/* "If the dice throw is greater than or equal to the testing unit's
 * Quality Rating": Guard 1, Elite 2, Veteran 3, Trained 4, Untrained 5.
 * The rating passes, one less fails; a bonus is added to the die and the
 * log says why. */
static void test_quality_test_edges(void **state)
{
	static const char *label[] = { "Guard", "Elite", "Veteran", "Trained", "Untrained" };
	char line[128];
	(void)state;
	for (int r = 0; r < RATING_COUNT; r++) {
		struct game *g = new_game();
		int u = add(g, "Q", SIDE_B, UT_LINE_INF, (enum rating)r, FORM_LINE, 100, 50, 180);
		int need = r + 1;
		assert_int_equal(rules_quality[r], need);
		dice(g, 1, &need);
		assert_true(react_quality_test(g, u, 0, NULL, "tests"));
		snprintf(line, sizeof line, "Q tests (%s: %d or more): 1D6 %d", label[r], need, need);
		assert_true(logged(g, line));
		assert_string_equal(g->log[g->nlog - 1].text, "Q passes.");
		if (need > 1) {
			int less = need - 1;
			dice(g, 1, &less);
			assert_false(react_quality_test(g, u, 0, NULL, "tests"));
			assert_string_equal(g->log[g->nlog - 1].text, "Q fails.");
			/* +1 makes up the one missing. */
			dice(g, 1, &less);
			assert_true(react_quality_test(g, u, 1, "Austrian column", "tests"));
			snprintf(line, sizeof line, "Q tests (%s: %d or more, +1 Austrian column): 1D6 %d", label[r],
			         need - 1, less);
			assert_true(logged(g, line));
		}
		all_thrown(g);
		game_free(g);
	}
}

/* "a formed infantry unit can only attempt to form an emergency square if
 * a cavalry unit charging it started its charge from over 12 cm away";
 * "+1 to the dice throw" for "British Infantry (not KGL) in column" and
 * "Austrian Infantry in column"; a unit reacts "once per full initiative"
 * (its blue marker). */
static void test_who_may_try_a_square(void **state)
{
	struct game *g = new_game();
	int k = add(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 100, 120, 0);
	int l = add(g, "L", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_COLUMN, 150, 120, 0);
	int line = add(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 100, 180);
	int col = add(g, "C", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 110, 100, 180);
	int brit = add(g, "BR", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 120, 100, 180);
	int kgl = add(g, "KG", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 130, 100, 180);
	int skm = add(g, "S", SIDE_B, UT_LIGHT_INF, RATING_TRAINED, FORM_SKIRMISH, 140, 100, 180);
	int sq = add(g, "SQ", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_SQUARE, 150, 100, 180);
	int cav = add(g, "H", SIDE_B, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 160, 100, 180);
	(void)state;
	g->units[brit].nat = NAT_BRITISH;
	g->units[kgl].nat = NAT_BRITISH;
	g->units[kgl].flags |= UF_KGL;
	assert_int_equal(react_esquare_bonus(g, k, line, 12), -1);
	assert_int_equal(react_esquare_bonus(g, k, line, 12.01), 0);
	assert_int_equal(react_esquare_bonus(g, k, col, 17), 1);
	assert_int_equal(react_esquare_bonus(g, k, brit, 17), 1);
	assert_int_equal(react_esquare_bonus(g, k, kgl, 17), 0);
	assert_int_equal(react_esquare_bonus(g, l, line, 17), -1);
	assert_int_equal(react_esquare_bonus(g, k, skm, 17), -1);
	assert_int_equal(react_esquare_bonus(g, k, sq, 17), -1);
	assert_int_equal(react_esquare_bonus(g, k, cav, 17), -1);
	unit_set_marker(&g->units[line], MK_BLUE, true);
	assert_int_equal(react_esquare_bonus(g, k, line, 17), -1);
	game_free(g);
}

/* "A friendly unit is said to be outflanked by an enemy unit in contact
 * with it if that friendly unit is unable to fire at that enemy unit ...
 * Thus, squares can never be outflanked." */
static void test_outflanks(void **state)
{
	struct game *g = new_game();
	int t = add(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 100, 180);
	int front = add(g, "F", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 102.02, 0);
	int rear = add(g, "R", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 97.98, 180);
	int sq = add(g, "SQ", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_SQUARE, 50, 100, 180);
	int behind = add(g, "B", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 96.98, 180);
	(void)state;
	assert_false(react_outflanks(g, front, t));
	assert_true(react_outflanks(g, rear, t));
	assert_true(apart(g, behind, sq) <= GEOM_CONTACT);
	assert_false(react_outflanks(g, behind, sq));
	game_free(g);
}

/* Heavy cavalry K reaches the trained line T (which faces it) having
 * charged from 17 cm: T may try an emergency square, and so may its
 * friend N 3 cm beside it.  Scripted: T throws 4 (passes), N 3 (fails:
 * no cavalry reached N, so it takes no hits); K may then feint: it throws
 * 3 (a veteran passes) and goes 8 cm back along its path, facing T.  In a
 * second battle T throws 3 and takes two hits; no feint is offered.  From
 * 12 cm, nobody is asked. */
static void test_emergency_square(void **state)
{
	struct game *g;
	int k, t, n;
	(void)state;
	for (int pass = 1; pass >= 0; pass--) {
		g = new_game();
		t = add(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 100, 180);
		n = add(g, "N", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 108, 100, 180);
		k = add(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 100, 103.02, 0);
		answer[DK_ESQUARE] = "square";
		answer[DK_FEINT] = "feint";
		answer_value[DK_FEINT] = 8;
		answer[DK_FEINT_PIVOT] = "none";
		if (pass)
			dice(g, 3, (int[]){ 4, 3, 3 });
		else
			dice(g, 2, (int[]){ 3, 3 });
		assert_int_equal(react_contact(g, ctl, k, t, 17), 0);
		all_thrown(g);
		assert_int_equal(asked[DK_ESQUARE], 2);
		assert_true(unit_has_marker(&g->units[t], MK_BLUE));
		assert_true(unit_has_marker(&g->units[n], MK_BLUE));
		assert_int_equal(g->units[n].form, FORM_LINE);
		assert_int_equal(g->units[n].sp, 6);
		if (pass) {
			assert_true(logged(g, "T tries to form an emergency square (Trained: 4 or more): 1D6 4"));
			assert_int_equal(g->units[t].form, FORM_ESQUARE);
			assert_int_equal(g->units[t].sp, 6);
			assert_int_equal(asked[DK_FEINT], 1);
			assert_float_equal(asked_lo[DK_FEINT], 6, 1e-12);
			assert_float_equal(asked_hi[DK_FEINT], 12, 1e-12);
			assert_true(logged(g, "K tries to feint (Veteran: 3 or more): 1D6 3"));
			assert_true(logged(g, "K feints back 8.0 cm."));
			assert_float_equal(g->units[k].pos.y, 111.02, 1e-6);
			assert_float_equal(g->units[k].facing, 0, 1e-9);
			assert_int_equal(asked[DK_FEINT_PIVOT], 1);
		} else {
			assert_true(logged(g, "T tries to form an emergency square (Trained: 4 or more): 1D6 3"));
			assert_int_equal(g->units[t].form, FORM_LINE);
			assert_int_equal(g->units[t].sp, 6 - 2);
			assert_int_equal(asked[DK_FEINT], 0);
			assert_true(apart(g, k, t) <= GEOM_CONTACT);
		}
		game_free(g);
	}
	g = new_game();
	t = add(g, "T", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 100, 180);
	k = add(g, "K", SIDE_A, UT_HEAVY_CAV, RATING_VETERAN, FORM_LINE, 100, 103.02, 0);
	answer[DK_ESQUARE] = "square";
	assert_int_equal(react_contact(g, ctl, k, t, 12), 0);
	assert_int_equal(asked[DK_ESQUARE], 0);
	assert_int_equal(g->nscript, 0);
	assert_int_equal(g->units[t].form, FORM_LINE);
	game_free(g);
}

/* A skirmish line charged "may opt to fall-back": it "about faces if
 * necessary" and moves "12 cm to 18 cm" (light cavalry "18 cm to 30 cm")
 * directly forward, and "The charging unit obtains break-through"; one
 * that "contacts any enemy unit ... is eliminated". */
static void test_skirmishers_fall_back(void **state)
{
	struct game *g = new_game();
	int s = add(g, "S", SIDE_B, UT_LIGHT_INF, RATING_TRAINED, FORM_SKIRMISH, 100, 100, 180);
	int l = add(g, "L", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 102.02, 0);
	(void)state;
	answer[DK_FALLBACK] = "fallback";
	answer_value[DK_FALLBACK] = 15;
	assert_int_equal(react_contact(g, ctl, l, s, 6), 0);
	assert_int_equal(asked[DK_FALLBACK], 1);
	assert_float_equal(asked_lo[DK_FALLBACK], 12, 1e-12);
	assert_float_equal(asked_hi[DK_FALLBACK], 18, 1e-12);
	assert_float_equal(g->units[s].facing, 0, 1e-9);
	assert_float_equal(g->units[s].pos.y, 85, 1e-6);
	assert_true(unit_has_marker(&g->units[s], MK_BLUE));
	assert_true(unit_has_marker(&g->units[l], MK_WHITE));
	assert_int_equal(g->nscript, 0);
	game_free(g);

	g = new_game();
	s = add(g, "C", SIDE_B, UT_LIGHT_CAV, RATING_TRAINED, FORM_SKIRMISH, 100, 100, 180);
	l = add(g, "L", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 100, 104.02, 0);
	answer[DK_FALLBACK] = "fallback";
	answer_value[DK_FALLBACK] = 18;
	assert_int_equal(react_contact(g, ctl, l, s, 10), 0);
	assert_float_equal(asked_lo[DK_FALLBACK], 18, 1e-12);
	assert_float_equal(asked_hi[DK_FALLBACK], 30, 1e-12);
	assert_float_equal(g->units[s].pos.y, 82, 1e-6);
	game_free(g);

	/* An enemy 10 cm behind the skirmishers: falling back 15 cm runs
	 * into it. */
	g = new_game();
	s = add(g, "S", SIDE_B, UT_LIGHT_INF, RATING_TRAINED, FORM_SKIRMISH, 100, 100, 180);
	l = add(g, "L", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 102.02, 0);
	add(g, "X", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 88, 180);
	answer[DK_FALLBACK] = "fallback";
	answer_value[DK_FALLBACK] = 15;
	assert_int_equal(react_contact(g, ctl, l, s, 6), 0);
	assert_int_equal(g->units[s].state, US_ELIMINATED);
	game_free(g);
}

/* "A horse artillery unit ... contacted by an enemy infantry unit may opt
 * to limber up and flee": it throws 1D6 against its quality; passing it
 * about faces and moves 12 to 20 cm; failing it "is immediately
 * eliminated"; either way the charger obtains a break-through.  "Foot
 * artillery units cannot", nor does anyone flee cavalry. */
static void test_horse_artillery_flees(void **state)
{
	struct game *g;
	int h, l;
	(void)state;
	for (int pass = 1; pass >= 0; pass--) {
		g = new_game();
		h = add(g, "H", SIDE_B, UT_HORSE_ART, RATING_TRAINED, FORM_BATTERY, 100, 100, 180);
		l = add(g, "L", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 102.52, 0);
		answer[DK_FLEE] = "flee";
		answer_value[DK_FLEE] = 15;
		dice(g, 1, (int[]){ pass ? 4 : 3 });
		assert_int_equal(react_contact(g, ctl, l, h, 6), 0);
		all_thrown(g);
		assert_float_equal(asked_lo[DK_FLEE], 12, 1e-12);
		assert_float_equal(asked_hi[DK_FLEE], 20, 1e-12);
		assert_true(unit_has_marker(&g->units[l], MK_WHITE));
		if (pass) {
			assert_int_equal(g->units[h].state, US_ACTIVE);
			assert_float_equal(g->units[h].facing, 0, 1e-9);
			assert_float_equal(g->units[h].pos.y, 85, 1e-6);
		} else {
			assert_int_equal(g->units[h].state, US_ELIMINATED);
			assert_true(logged(g, "H (unit H) is eliminated: it failed to limber up and was overrun."));
		}
		game_free(g);
	}
	for (int foot = 0; foot <= 1; foot++) {
		g = new_game();
		h = add(g, "H", SIDE_B, foot ? UT_FOOT_ART : UT_HORSE_ART, RATING_TRAINED, FORM_BATTERY, 100, 100,
		        180);
		l = foot ? add(g, "L", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 102.52, 0)
		         : add(g, "K", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 100, 103.52, 0);
		answer[DK_FLEE] = "flee";
		assert_int_equal(react_contact(g, ctl, l, h, 6), 0);
		assert_int_equal(asked[DK_FLEE], 0);
		assert_int_equal(g->units[h].state, US_ACTIVE);
		assert_int_equal(g->nscript, 0);
		game_free(g);
	}
}

/* Crews "may opt to flee to a nearby friendly square" already touching
 * their guns: orange markers on both, the charger breaks through.  Guns
 * are re-manned "at the end of any friendly initiative providing that
 * there are no enemy units within 12 cm"; lost "If the square moves out of
 * contact ... or if the square is removed from the game". */
static void test_crews_and_their_square(void **state)
{
	(void)state;
	for (int ending = 0; ending < 3; ending++) {
		struct game *g = new_game();
		int guns = add(g, "G", SIDE_B, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 100, 100, 180);
		int sq = add(g, "Q", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_SQUARE, 102.77, 100, 180);
		int l = add(g, "L", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 102.52, 0);
		assert_true(apart(g, guns, sq) <= GEOM_CONTACT);
		answer[DK_CREWS] = "crews";
		assert_int_equal(react_contact(g, ctl, l, guns, 6), 0);
		assert_int_equal(asked[DK_CREWS], 1);
		assert_true(unit_has_marker(&g->units[guns], MK_ORANGE));
		assert_true(unit_has_marker(&g->units[sq], MK_ORANGE));
		assert_true(unit_abandoned(&g->units[guns]));
		assert_true(unit_has_marker(&g->units[l], MK_WHITE));
		assert_true(logged(g, "G's crews flee into Q: the guns are abandoned."));
		if (ending == 0) {
			/* The end of an Austrian initiative with L in contact: still
			 * abandoned; with L 20 cm off, manned again. */
			g->initiative = SIDE_B;
			react_end_initiative(g);
			assert_true(unit_abandoned(&g->units[guns]));
			g->units[l].pos.y += 20;
			g->initiative = SIDE_A;
			react_end_initiative(g);
			assert_true(unit_abandoned(&g->units[guns]));
			g->initiative = SIDE_B;
			react_end_initiative(g);
			assert_false(unit_abandoned(&g->units[guns]));
			assert_false(unit_has_marker(&g->units[sq], MK_ORANGE));
			assert_true(logged(g, "The crews of G leave Q and man their guns again."));
		} else if (ending == 1) {
			g->units[sq].pos.x += 1;
			react_check_shelters(g);
			assert_int_equal(g->units[guns].state, US_ELIMINATED);
		} else {
			react_eliminate(g, sq, "destroyed");
			assert_int_equal(g->units[guns].state, US_ELIMINATED);
		}
		game_free(g);
	}
}

/* "if a Brigade command stand is currently attached to a unit and that
 * unit is eliminated then that attached Brigade command stand is also
 * considered eliminated". */
static void test_eliminated_with_its_brigadier(void **state)
{
	struct game *g = new_game();
	int u = add(g, "U", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 100, 180);
	struct commander b = { .id = "B1", .name = "Brig-B", .side = SIDE_B, .level = CL_BRIGADE, .of = 1,
	                       .pos = { 100, 100 }, .state = US_ACTIVE, .attached = u, .detached_from = -1 };
	int k = game_add_commander(g, &b);
	(void)state;
	g->brigs[1].commander = k;
	react_eliminate(g, u, "shot to pieces");
	assert_int_equal(g->units[u].state, US_ELIMINATED);
	assert_int_equal(g->cmdrs[k].state, US_ELIMINATED);
	assert_true(logged(g, "U (unit U) is eliminated: shot to pieces."));
	assert_true(logged(g, "Brig-B, attached to it, is lost with it."));
	game_free(g);
}

/* "A formed unit may only attempt to conduct an opportunity charge at an
 * enemy unit ... within 6 cm of an infantry unit ... or within 12 cm of
 * the cavalry unit"; "Infantry cannot opportunity charge cavalry".  The
 * French line M marches 20 cm east, 7.5 cm in front of the Austrian
 * hussars O: O is offered the charge; letting M pass throws nothing; 1D6
 * 4 (trained) and it charges home, stopping M; 1D6 3 and it "does no more
 * this initiative" and M marches on.  The Austrian line I 8 cm from the
 * way (over 6) is never offered it; no more is the line J, 2.5 cm from
 * French cavalry going by.  All in command. */
static void test_opportunity_charges(void **state)
{
	(void)state;
	for (int how = 0; how < 3; how++) {
		struct game *g = new_game();
		int o = add(g, "O", SIDE_B, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 100, 50, 180);
		int i = add(g, "I", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 90, 50.5, 180);
		int m = add(g, "M", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 80, 62, 90);
		double moved;
		bool caught;
		g->cmdrs[g->corps[SIDE_B].commander].pos = v2(95, 35);
		assert_int_equal(command_status(g, &g->units[o], NULL), CS_IN_COMMAND);
		assert_int_equal(command_status(g, &g->units[i], NULL), CS_IN_COMMAND);
		answer[DK_OPPORTUNITY] = how ? "charge" : "no";
		if (how)
			dice(g, 1, (int[]){ how == 1 ? 4 : 3 });
		assert_int_equal(react_moving(g, ctl, m, geom_dir(90), 20, -1, &moved, &caught), 0);
		all_thrown(g);
		assert_true(asked_by[o] >= 1);
		assert_int_equal(asked_by[i], 0);
		assert_int_equal(how != 1, !caught);
		if (how == 1) {
			assert_true(logged(g, "O tests to opportunity-charge (Trained: 4 or more): 1D6 4"));
			assert_true(moved < 20);
			assert_true(apart(g, o, m) <= GEOM_CONTACT);
			assert_true(unit_has_marker(&g->units[o], MK_BLUE));
		} else {
			assert_float_equal(moved, 20, 1e-9);
			assert_float_equal(g->units[m].pos.x, 100, 1e-6);
		}
		if (how == 0) {
			/* Letting it pass is no reaction: no marker, no die. */
			assert_false(unit_has_marker(&g->units[o], MK_BLUE));
			assert_int_equal(g->dice.draws, 0);
		}
		if (how == 2) {
			assert_true(logged(g, "O fails."));
			assert_int_equal(asked[DK_OPPORTUNITY], 1);
		}
		game_free(g);
	}
	{
		struct game *g = new_game();
		int j = add(g, "J", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 56, 180);
		int k = add(g, "K", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 80, 62, 90);
		double moved;
		bool caught;
		answer[DK_OPPORTUNITY] = "charge";
		g->cmdrs[g->corps[SIDE_B].commander].pos = v2(100, 40);
		assert_int_equal(command_status(g, &g->units[j], NULL), CS_IN_COMMAND);
		assert_int_equal(react_moving(g, ctl, k, geom_dir(90), 20, -1, &moved, &caught), 0);
		assert_int_equal(asked[DK_OPPORTUNITY], 0);
		assert_false(caught);
		game_free(g);
	}
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quality_test_edges),
		cmocka_unit_test(test_who_may_try_a_square),
		cmocka_unit_test(test_outflanks),
		cmocka_unit_test(test_emergency_square),
		cmocka_unit_test(test_skirmishers_fall_back),
		cmocka_unit_test(test_horse_artillery_flees),
		cmocka_unit_test(test_crews_and_their_square),
		cmocka_unit_test(test_eliminated_with_its_brigadier),
		cmocka_unit_test(test_opportunity_charges),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
