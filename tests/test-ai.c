/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai: the computer opponent's probabilities against exact figures
 * worked out here by enumerating the dice, its reading of charges, and
 * whole seeded battles played by it without a refused order. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "ai/decide.h"
#include "ai/estimate.h"
#include "ai/general-int.h"
#include "ai/plan.h"
#include "ai/tuning.h"
#include "engine/command.h"
#include "engine/fire.h"
#include "engine/move.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/odds.h"
#include "engine/rules.h"
#include "io/load.h"
#include "test-util.h"
#include "test-ai.h"
#include "io/load-rules.h"

static struct game *battle(const char *map, uint64_t seed)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	snprintf(path, sizeof path, "%s/%s", top ? top : ".", map);
	g = load_scenario_file(path, seed, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

/* Every throw of n dice, one by one: the exact mean of f(faces). */
static double enumerate(int n, double (*f)(const int *faces, int n, int arg), int arg)
{
	int faces[8], total = 1;
	double sum = 0;
	for (int i = 0; i < n; i++)
		total *= 6;
	for (int k = 0; k < total; k++) {
		int x = k;
		for (int i = 0; i < n; i++, x /= 6)
			faces[i] = x % 6 + 1;
		sum += f(faces, n, arg);
	}
	return sum / total;
}

static double fire_hits_of(const int *faces, int n, int arg)
{
	int s = 0;
	(void)arg;
	for (int i = 0; i < n; i++)
		s += faces[i];
	return s / 6; /* one hit for each full 6 of the sum */
}

static double fire_at_least_of(const int *faces, int n, int k)
{
	return fire_hits_of(faces, n, 0) >= k;
}

static double melee_hits_of(const int *faces, int n, int need)
{
	int h = 0;
	for (int i = 0; i < n; i++)
		h += faces[i] >= need;
	return h;
}

static void test_quality_odds(void **state)
{
	(void)state;
	/* A trained unit (4+) passes 3 times in 6; +1 makes it 4 in 6. */
	assert_true(fabs(odds_d6_at_least(rules_quality[RATING_TRAINED], 0) - 3.0 / 6) < 1e-12);
	assert_true(fabs(odds_d6_at_least(rules_quality[RATING_TRAINED], 1) - 4.0 / 6) < 1e-12);
	for (int need = 1; need <= 8; need++)
		for (int bonus = 0; bonus <= 1; bonus++) {
			int pass = 0;
			for (int f = 1; f <= 6; f++)
				pass += f + bonus >= need;
			assert_true(fabs(odds_d6_at_least(need, bonus) - pass / 6.0) < 1e-12);
		}
}

static void test_fire_odds(void **state)
{
	(void)state;
	assert_int_equal(rules_fire.pips_per_hit, 6);
	/* The rules' own example: 3 dice average exactly 4/3 hits. */
	assert_true(fabs(odds_fire_hits(3) - 4.0 / 3) < 1e-12);
	for (int n = 0; n <= 5; n++) {
		assert_true(fabs(odds_fire_hits(n) - enumerate(n, fire_hits_of, 0)) < 1e-12);
		for (int k = 0; k <= 5; k++)
			assert_true(fabs(odds_fire_at_least(n, k) - enumerate(n, fire_at_least_of, k)) < 1e-12);
	}
}

static void test_melee_odds(void **state)
{
	(void)state;
	for (int need = 2; need <= 6; need++)
		for (int n = 1; n <= 4; n++)
			for (int sets = 1; sets <= 3; sets++)
				assert_true(fabs(odds_melee_hits(sets, n, need) - sets * enumerate(n, melee_hits_of, need)) <
				            1e-12);
	assert_true(odds_melee_hits(0, 5, 4) == 0);
}

/* A combat fought round by round, forward: the joint chances of every
 * pair of strengths after each round, until (nearly) nothing is left
 * standing on both sides.  Worked out here from single dice, as a check
 * on odds_fight's backward reckoning. */
static void die_sum(int n, double p, double *pmf)
{
	for (int k = 0; k <= n; k++)
		pmf[k] = k == 0;
	for (int d = 0; d < n; d++)
		for (int k = d + 1; k >= 0; k--)
			pmf[k] = pmf[k] * (1 - p) + (k ? pmf[k - 1] * p : 0);
}

static void forward_fight(const struct odds_fighter *a, const struct odds_fighter *b, double lost[2],
                          double gone[2])
{
	double p[41][41] = { { 0 } }, q[41][41];
	p[a->sp][b->sp] = 1;
	lost[0] = lost[1] = gone[0] = gone[1] = 0;
	for (int round = 0; round < 400; round++) {
		bool impact = round == 0;
		memset(q, 0, sizeof q);
		for (int x = 0; x <= a->sp; x++)
			for (int y = 0; y <= b->sp; y++) {
				double pa[200], pb[200];
				int na, nb;
				if (p[x][y] == 0)
					continue;
				if (x <= a->elim || y <= b->elim) {
					q[x][y] += p[x][y];
					continue;
				}
				na = (impact ? a->impact_sets : a->round_sets) * odds_halved(x, a->halvings);
				nb = (impact ? b->impact_sets : b->round_sets) * odds_halved(y, b->halvings);
				if (!impact && na == 0 && nb == 0) {
					q[x][y] += p[x][y]; /* nobody can score: it stops */
					continue;
				}
				die_sum(na, (7.0 - a->need) / 6, pa);
				die_sum(nb, (7.0 - b->need) / 6, pb);
				for (int ha = 0; ha <= na; ha++)
					for (int hb = 0; hb <= nb; hb++)
						q[x - hb > 0 ? x - hb : 0][y - ha > 0 ? y - ha : 0] += p[x][y] * pa[ha] * pb[hb];
			}
		memcpy(p, q, sizeof p);
	}
	for (int x = 0; x <= a->sp; x++)
		for (int y = 0; y <= b->sp; y++) {
			bool ga = x <= a->elim, gb = y <= b->elim;
			lost[0] += p[x][y] * (ga ? a->sp : a->sp - x);
			lost[1] += p[x][y] * (gb ? b->sp : b->sp - y);
			gone[0] += p[x][y] * ga;
			gone[1] += p[x][y] * gb;
		}
}

static void test_fight_odds(void **state)
{
	static const struct odds_fighter cases[][2] = {
		/* Cavalry charging a line: 1 set on impact, 2 a round, against 1. */
		{ { 6, 1, 3, 0, 1, 2, false, 0, 0 }, { 6, 1, 4, 0, 0, 1, false, 0, 0 } },
		/* Two lines head on: nobody throws on impact. */
		{ { 8, 1, 4, 0, 0, 1, false, 0, 0 }, { 7, 1, 3, 0, 0, 1, false, 0, 0 } },
		/* A solid square against cavalry, the square in a village. */
		{ { 5, 1, 3, 1, 0, 1, false, 0, 0 }, { 6, 0, 4, 0, 1, 2, false, 0, 0 } },
		/* Guard (removed only at 0) against an outflanking untrained unit. */
		{ { 4, 0, 1, 0, 0, 1, false, 0, 0 }, { 9, 1, 5, 0, 1, 2, false, 0, 0 } },
		/* Halved to nothing on one side: the other grinds it down. */
		{ { 3, 1, 3, 2, 0, 1, false, 0, 0 }, { 3, 1, 3, 0, 0, 1, false, 0, 0 } },
		/* Neither side can score: both stand. */
		{ { 1, 0, 3, 1, 0, 1, false, 0, 0 }, { 1, 0, 3, 1, 0, 1, false, 0, 0 } },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct odds_fight r;
		double lost[2], gone[2];
		odds_fight(&cases[i][0], &cases[i][1], &r);
		forward_fight(&cases[i][0], &cases[i][1], lost, gone);
		for (int s = 0; s < 2; s++) {
			assert_true(fabs(r.lost[s] - lost[s]) < 1e-9);
			assert_true(fabs(r.gone[s] - gone[s]) < 1e-9);
		}
	}
	/* One figure by hand: 1 SP (removed at 0) against 1 SP, 1 die each a
	 * round, hits on 4+: each round either side falls with 1/2; both at
	 * once with 1/4.  Removal: a alone 1/4, b alone 1/4, both 1/4, out of
	 * the 3/4 that end a round: each is gone with 2/3. */
	{
		struct odds_fighter x = { 1, 0, 4, 0, 0, 1, false, 0, 0 };
		struct odds_fight r;
		odds_fight(&x, &x, &r);
		assert_true(fabs(r.gone[0] - 2.0 / 3) < 1e-12 && fabs(r.gone[1] - 2.0 / 3) < 1e-12);
	}
}

/* The worth of removing each of the two units of a test (2, and more as
 * its side nears breaking): set before a figure is worked out. */
static double gone_worth[2] = { 2, 2 };

static void set_gone(const struct game *g, int a, int t)
{
	gone_worth[0] = est_gone_worth(g, &g->units[a]);
	gone_worth[1] = est_gone_worth(g, &g->units[t]);
}

/* What a fight is worth to the first unit's side: SP won less lost, and
 * each removal's worth. */
static double worth(const struct odds_fighter *a, const struct odds_fighter *b)
{
	double lost[2], gone[2];
	forward_fight(a, b, lost, gone);
	return lost[1] + gone_worth[1] * gone[1] - lost[0] - gone_worth[0] * gone[0];
}

static void test_charge_value(void **state)
{
	/* Veteran light cavalry in line (6 SP, hits on 3+) facing north at
	 * (50, 100): its front edge is at y = 98.  A trained line battalion
	 * (6 SP, 4+) faces it, 6 cm off and then 16 cm off. */
	struct game *g = tiny();
	int cav = add(g, "cav", SIDE_A, UT_LIGHT_CAV, RATING_VETERAN, FORM_LINE, 50, 100, 0);
	int inf = add(g, "inf", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 91, 180);
	/* The charge: 1 set on impact (charging formed cavalry), 2 each melee
	 * round (and cavalry against a unit not in square); the line has no
	 * impact set and 1 a round.  It cannot counter-charge cavalry. */
	const struct odds_fighter c = { 6, 1, 3, 0, 1, 2, false, 0, 0 }, l = { 6, 1, 4, 0, 0, 1, false, 0, 0 };
	/* In an emergency square: the cavalry throws 1 a round, the square
	 * 2 (square against cavalry) and nothing on impact (not solid). */
	const struct odds_fighter c_sq = { 6, 1, 3, 0, 0, 1, false, 0, 0 }, sq = { 6, 0, 4, 0, 0, 2, false, 0, 0 };
	/* A square that fails takes 2 hits first: 4 SP left. */
	const struct odds_fighter l4 = { 4, 1, 4, 0, 0, 1, false, 0, 0 };
	unsigned char before[sizeof(struct unit)];
	struct est_charge e;
	double v, stand, in_square, failed, tried;
	uint64_t draws = g->dice.draws;
	(void)state;

	memcpy(before, &g->units[cav], sizeof before);
	/* Each side's only unit: its loss would break its side, so removing
	 * it is worth 2 and 6 more. */
	set_gone(g, cav, inf);
	assert_true(gone_worth[0] == 8 && gone_worth[1] == 8);
	stand = worth(&c, &l);
	v = general_charge_value(g, cav, inf, false);
	/* From 6 cm (not over 12) the rules allow no emergency square. */
	assert_true(fabs(v - stand) < 1e-9);
	assert_true(fabs(v - 13.1253) < 1e-4);
	est_charge(g, cav, inf, false, &e);
	assert_true(e.square == 0 && !e.tries_square && e.counter == 0 && e.go == 1);
	/* Nothing moved and no die was thrown to find it. */
	assert_memory_equal(before, &g->units[cav], sizeof before);
	assert_int_equal(g->dice.draws, draws);

	/* From 16 cm the battalion may try: 1D6 >= 4, one chance in two.
	 * Against the square the cavalry would rather feint (2/3) than
	 * fight, and a failed square fights with 4 SP after 2 hits. */
	g->units[inf].pos.y = 81;
	in_square = worth(&c_sq, &sq);
	assert_true(in_square < 0);
	in_square = 2.0 / 3 * 0 + 1.0 / 3 * in_square;
	failed = 2 + worth(&c, &l4);
	tried = 0.5 * in_square + 0.5 * failed;
	v = general_charge_value(g, cav, inf, false);
	assert_true(fabs(v - fmin(stand, tried)) < 1e-9);
	assert_true(fabs(v - 5.6555) < 1e-4);
	est_charge(g, cav, inf, false, &e);
	assert_true(e.square == 0.5 && e.tries_square);

	/* An Austrian column throws with +1: two chances in three. */
	g->units[inf].nat = NAT_AUSTRIAN;
	g->units[inf].form = FORM_COLUMN;
	est_charge(g, cav, inf, false, &e);
	assert_true(fabs(e.square - 4.0 / 6) < 1e-12);
	/* A unit that has reacted (blue) may not try at all. */
	unit_set_marker(&g->units[inf], MK_BLUE, true);
	est_charge(g, cav, inf, false, &e);
	assert_true(e.square == 0);

	/* Out of reach: the rules forbid it, and the value says so. */
	g->units[inf].pos.y = 40;
	assert_true(isinf(general_charge_value(g, cav, inf, false)));
	game_free(g);
}

static void test_reaction_estimates(void **state)
{
	struct game *g = tiny();
	/* Side B reacts to side A's moving unit: B's veteran hussars (in
	 * column, facing west) 7 cm east of a trained battalion marching north
	 * in column, seen from its flank (a column 2.5 cm wide outflanks the
	 * 4 cm deep column; a line, wider than it is deep, would not). */
	int col = add(g, "col", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 50, 80, 0);
	int hus = add(g, "hus", SIDE_B, UT_LIGHT_CAV, RATING_VETERAN, FORM_COLUMN, 63.25, 80, 270);
	int cav2 = add(g, "cav2", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 40, 60, 90);
	/* The opportunity charge hits the column's flank: outflanking adds a
	 * set on impact (2), and a column has no impact set.  The hussars
	 * must pass 1D6 >= 3 first (2/3); a failure is worth nothing. */
	const struct odds_fighter h = { 6, 1, 3, 0, 2, 2, false, 0, 0 }, k = { 6, 1, 4, 0, 0, 1, false, 0, 0 };
	double v;
	(void)state;
	/* Side A has two units (one loss from breaking); side B one. */
	set_gone(g, hus, col);
	v = est_reaction_charge(g, hus, col, false);
	assert_true(fabs(v - 2.0 / 3 * worth(&h, &k)) < 1e-9);
	/* Cautious (24 cm or less from its commander, beyond his 18): two
	 * tests to pass. */
	g->cmdrs[1].pos = v2(63.25, 80 - 4 - 1.25 - 20);
	v = est_reaction_charge(g, hus, col, false);
	assert_true(fabs(v - 4.0 / 9 * worth(&h, &k)) < 1e-9);
	/* Not in command at all: it may still counter-charge a charge at it,
	 * without a test, and the AI does value it (both charging: a set
	 * each on impact; cavalry against cavalry, one set a round). */
	g->cmdrs[1].pos = v2(150, 150);
	g->units[cav2].pos = v2(63.25, 65);
	g->units[cav2].facing = 180;
	{
		const struct odds_fighter us = { 6, 1, 3, 0, 1, 1, false, 0, 0 }, them = { 6, 1, 4, 0, 1, 1, false, 0, 0 };
		g->units[cav2].acted |= UA_CHARGED;
		set_gone(g, hus, cav2);
		v = est_reaction_charge(g, hus, cav2, true);
		assert_true(fabs(v - worth(&us, &them)) < 1e-9);
		/* Cautious, it throws its command test first (1D6 >= 3: 2/3),
		 * though the counter-charge itself needs none. */
		g->cmdrs[1].pos = v2(63.25, 80 - 4 - 1.25 - 20);
		v = est_reaction_charge(g, hus, cav2, true);
		assert_true(fabs(v - 2.0 / 3 * worth(&us, &them)) < 1e-9);
	}
	game_free(g);
}

/* The decisions that hang on a path: a skirmish line falls back only
 * where the way behind it is clear. */
static void test_fallback_path(void **state)
{
	struct game *g = tiny();
	int cav = add(g, "cav", SIDE_A, UT_LIGHT_CAV, RATING_VETERAN, FORM_LINE, 50, 100, 0);
	int sk = add(g, "sk", SIDE_B, UT_LIGHT_INF, RATING_TRAINED, FORM_SKIRMISH, 50, 97, 180);
	struct general_ai ai;
	struct decision d = { .kind = DK_FALLBACK, .side = SIDE_B, .unit = sk, .other = cav };
	(void)state;
	g->units[sk].pos.y = 98 - 1.0 - GEOM_CONTACT / 2; /* in contact with the charger */
	assert_int_equal(general_init(&ai, g, AI_NORMAL), 0);
	decision_option(&d, "stand", "stand", 0, 0);
	decision_option(&d, "fallback", "fall back", 12, 18);
	/* Standing against cavalry is hopeless; the way north is clear. */
	assert_int_equal(general_decide(&ai.ctl, g, &d), 0);
	assert_int_equal(d.choice, 1);
	assert_true(d.value >= 12 && d.value <= 18);
	/* Another enemy 8 cm behind it: falling back would run into it. */
	add(g, "block", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, g->units[sk].pos.y - 9, 0);
	assert_int_equal(general_decide(&ai.ctl, g, &d), 0);
	assert_int_equal(d.choice, 0);
	general_free(&ai);
	game_free(g);
}


/* Side A, behind on objectives (the enemy holds "Dorf", worth 4, against
 * nothing), has two divisions close to a small objective nobody holds
 * ("Hof", worth 1) and far from Dorf.  Taking Hof would not change the
 * result, taking Dorf would: both divisions go for Dorf, however far, and
 * the side is pressed from the start.  Once Dorf is A's and no enemy is
 * near it, nothing presses A; with an enemy at it, A is pressed again. */
static void test_plan_decisive(void **state)
{
	struct game *g = tiny();
	struct division d2 = { .id = "D2", .corps = 0, .commander = -1 };
	struct brigade b2 = { .kind = BK_MIXED, .commander = -1, .id = "B2" };
	struct objective dorf = { .name = "Dorf", .feature = -1, .at = { 150, 100 }, .radius = 4, .value = 4,
		                  .holder = SIDE_B };
	struct objective hof = { .name = "Hof", .feature = -1, .at = { 30, 160 }, .radius = 4, .value = 1,
		                 .holder = -1 };
	struct general_ai ai;
	struct unit a2;
	struct order o;
	int di, hi, enemy;
	(void)state;
	b2.division = game_add_division(g, &d2);
	assert_int_equal(game_add_brigade(g, &b2), 2);
	di = game_add_objective(g, &dorf);
	hi = game_add_objective(g, &hof);
	g->turns = 12;
	g->turn = 1;
	add(g, "A1", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 25, 150, 0);
	a2 = test_unit("A2", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 40, 150, 0);
	a2.brigade = 2;
	assert_true(game_add_unit(g, &a2) >= 0);
	enemy = add(g, "E", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 150, 30, 180);
	g->phase = PHASE_INITIATIVE;
	assert_int_equal(general_init(&ai, g, AI_NORMAL), 0);
	ai.plan_turn[SIDE_A] = 0; /* no plan yet */
	assert_int_equal(ai.ctl.order(&ai.ctl, g, SIDE_A, &o), 0);
	assert_int_equal(ai.plan[0].objective, di);
	assert_int_equal(ai.plan[b2.division].objective, di);
	assert_true(ai.urgency[SIDE_A] >= 0.5);
	(void)hi;

	/* Dorf is A's now, and the enemy far from it. */
	g->obj[di].holder = SIDE_A;
	g->turn = 2;
	assert_int_equal(ai.ctl.order(&ai.ctl, g, SIDE_A, &o), 0);
	assert_float_equal(ai.urgency[SIDE_A], 0, 0);
	/* The enemy comes within 20 cm of it. */
	g->units[enemy].pos = v2(150, 85);
	g->turn = 3;
	assert_int_equal(ai.ctl.order(&ai.ctl, g, SIDE_A, &o), 0);
	assert_true(ai.urgency[SIDE_A] > 0.5);
	assert_int_equal(ai.plan[0].objective, di);
	general_free(&ai);
	game_free(g);
}

/* Side A is behind, 3 to 4: B holds "Stadt" (3) and "Muehle" (1), A
 * "Heim" (3).  Taking either would put A ahead: both decide the battle,
 * and they are worth the same to the plan whatever their points.  A's
 * division, as far from each, goes for the Muehle nobody defends rather
 * than the Stadt two battalions hold (weighed by their points, it went
 * for the Stadt). */
static void test_plan_decisive_alike(void **state)
{
	struct game *g = tiny();
	struct objective stadt = { .name = "Stadt", .feature = -1, .at = { 150, 60 }, .radius = 4, .value = 3,
		                   .holder = SIDE_B };
	struct objective muehle = { .name = "Muehle", .feature = -1, .at = { 20, 60 }, .radius = 4, .value = 1,
		                    .holder = SIDE_B };
	struct objective heim = { .name = "Heim", .feature = -1, .at = { 85, 190 }, .radius = 4, .value = 3,
		                  .holder = SIDE_A };
	struct general_ai ai;
	struct order o;
	int mi;
	(void)state;
	game_add_objective(g, &stadt);
	mi = game_add_objective(g, &muehle);
	game_add_objective(g, &heim);
	g->turns = 12;
	g->turn = 1;
	add(g, "A1", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 80, 130, 0);
	add(g, "A2", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_COLUMN, 90, 130, 0);
	add(g, "E1", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 147, 60, 0);
	add(g, "E2", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 153, 60, 0);
	g->phase = PHASE_INITIATIVE;
	assert_int_equal(general_init(&ai, g, AI_NORMAL), 0);
	ai.plan_turn[SIDE_A] = 0; /* no plan yet */
	assert_int_equal(ai.ctl.order(&ai.ctl, g, SIDE_A, &o), 0);
	assert_int_equal(ai.plan[0].objective, mi);
	assert_true(ai.urgency[SIDE_A] >= 0.5);
	general_free(&ai);
	game_free(g);
}

/* A division holding an objective of its own (a circle 4 cm across) keeps
 * each unit's aim on it: shifted by its place in the division by no more
 * than 2 cm, where one attacking keeps its frontage (up to 20 cm). */
static void test_hold_on_objective(void **state)
{
	struct game *g = tiny();
	struct objective hof = { .name = "Hof", .feature = -1, .at = { 100, 100 }, .radius = 2, .value = 2,
		                 .holder = SIDE_A };
	struct general_ai ai;
	struct aim aim;
	int left, obj;
	(void)state;
	obj = game_add_objective(g, &hof);
	left = add(g, "L", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 80, 110, 0);
	add(g, "R", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 120, 110, 0);
	/* An enemy at it: the attack is not a march straight onto it. */
	add(g, "E", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 100, 95, 180);
	aim_division(&ai, g, v2(100, 100), ROLE_HOLD);
	ai.plan[0].objective = obj;
	plan_aim(&ai, g, left, &aim);
	assert_int_equal(aim.objective, obj);
	assert_float_equal(v2_dist(aim.target, v2(100, 100)), 2, 1e-9);
	assert_true(aim.target.x < 100);
	/* Attacking the same place, it keeps its frontage. */
	g->obj[obj].holder = SIDE_B;
	ai.plan[0].role = ROLE_ATTACK;
	plan_aim(&ai, g, left, &aim);
	assert_float_equal(v2_dist(aim.target, v2(100, 100)), 20, 1e-9);
	general_free(&ai);
	game_free(g);
}

/* Square or line, by what the enemy could do: formed cavalry that would
 * win a charge on the line makes it a square; weak cavalry that would
 * lose one, with guns and muskets that would shoot the square harder,
 * leaves it in line. */
static void test_square_or_line(void **state)
{
	struct game *g = tiny();
	int inf = add(g, "inf", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 100, 0);
	int cav = add(g, "cav", SIDE_B, UT_HEAVY_CAV, RATING_ELITE, FORM_LINE, 50, 80, 180);
	struct general_ai ai;
	struct drill d;
	(void)state;
	g->units[cav].sp = g->units[cav].sp0 = 8;
	g->units[inf].sp = g->units[inf].sp0 = 5;
	aim_division(&ai, g, v2(50, 100), ROLE_HOLD);
	assert_true(est_enemy_charge(g, cav, inf, NULL) > 0);
	drill_plan(&ai, g, SIDE_A, inf, &d);
	assert_int_equal(d.kind, DRILL_SQUARE);
	/* The cavalry reduced to a shadow; a battery and a line in range. */
	g->units[cav].sp = 2;
	g->units[cav].rating = RATING_UNTRAINED;
	g->units[inf].sp = 8;
	g->units[inf].rating = RATING_VETERAN;
	{
		int art = add(g, "art", SIDE_B, UT_FOOT_ART, RATING_TRAINED, FORM_BATTERY, 70, 90, 240);
		g->units[art].weight = WEIGHT_HEAVY;
	}
	add(g, "line", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 35, 92, 120);
	assert_true(est_enemy_charge(g, cav, inf, NULL) == 0);
	drill_plan(&ai, g, SIDE_A, inf, &d);
	assert_int_not_equal(d.kind, DRILL_SQUARE);
	for (int k = 0; k < d.n; k++)
		assert_false(d.o[k].kind == ORD_FORM && d.o[k].form == FORM_SQUARE);
	general_free(&ai);
	game_free(g);
}

/* The reactions valued: an emergency square is tried only where it is
 * worth it (a 3 SP untrained battalion that fails is destroyed by the two
 * hits; a fresh veteran one tries), a feint only along a clear way
 * back. */
static void test_reaction_choices(void **state)
{
	struct game *g = tiny();
	int cav = add(g, "cav", SIDE_A, UT_LIGHT_CAV, RATING_VETERAN, FORM_LINE, 50, 100, 0);
	int inf = add(g, "inf", SIDE_B, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 50, 97.05, 180);
	struct general_ai ai;
	struct decision d = { .kind = DK_ESQUARE, .side = SIDE_B, .unit = inf, .other = cav };
	struct est_charge e;
	(void)state;
	assert_int_equal(general_init(&ai, g, AI_NORMAL), 0);
	g->units[cav].acted |= UA_CHARGING | UA_CHARGED;
	g->units[cav].charge_start = 16;
	decision_option(&d, "stand", "stand", 0, 0);
	decision_option(&d, "square", "square", 0, 0);
	assert_int_equal(general_decide(&ai.ctl, g, &d), 0);
	est_arrival(g, cav, inf, 16, NULL, &e);
	assert_int_equal(d.choice, e.tries_square ? 1 : 0);
	assert_int_equal(d.choice, 1);
	/* Untrained and down to 3 SP, it forms square one time in three and
	 * is otherwise destroyed by the two hits; against a spent squadron
	 * (2 SP, untrained) that it would beat standing, it stands. */
	g->units[inf].rating = RATING_UNTRAINED;
	g->units[inf].sp = 3;
	g->units[cav].rating = RATING_UNTRAINED;
	g->units[cav].sp = 2;
	assert_int_equal(general_decide(&ai.ctl, g, &d), 0);
	est_arrival(g, cav, inf, 16, NULL, &e);
	assert_int_equal(d.choice, e.tries_square ? 1 : 0);
	assert_int_equal(d.choice, 0);
	/* The feint: the square holds, the cavalry would lose the fight; a
	 * clear way back, then one blocked 3 cm behind. */
	g->units[cav].rating = RATING_VETERAN;
	g->units[cav].sp = 6;
	g->units[inf].rating = RATING_VETERAN;
	g->units[inf].sp = 8;
	g->units[inf].form = FORM_ESQUARE;
	g->units[inf].pos.y = 96;
	{
		struct decision f = { .kind = DK_FEINT, .side = SIDE_A, .unit = cav, .other = inf };
		decision_option(&f, "stand", "stand", 0, 0);
		decision_option(&f, "feint", "feint", 6, 12);
		assert_true(est_fight_value(g, cav, inf) < 0);
		assert_int_equal(general_decide(&ai.ctl, g, &f), 0);
		assert_int_equal(f.choice, 1);
		assert_true(f.value >= 6 && f.value <= 12);
		add(g, "behind", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 105, 0);
		assert_int_equal(general_decide(&ai.ctl, g, &f), 0);
		assert_int_equal(f.choice, 0);
	}
	general_free(&ai);
	game_free(g);
}

/* Horse guns charged by infantry beside a friendly square: they flee if
 * the way back is clear; with enemy cavalry right behind them (fleeing
 * into it is the end of them), the crews go into the square. */
static void test_guns_charged(void **state)
{
	struct game *g = tiny();
	int inf = add(g, "inf", SIDE_A, UT_LINE_INF, RATING_VETERAN, FORM_LINE, 50, 100, 0);
	int guns = add(g, "guns", SIDE_B, UT_HORSE_ART, RATING_ELITE, FORM_BATTERY, 50, 97.5, 180);
	struct general_ai ai;
	struct decision d = { .kind = DK_FLEE, .side = SIDE_B, .unit = guns, .other = inf };
	(void)state;
	g->units[guns].sp = g->units[guns].sp0 = 3;
	g->units[inf].sp = g->units[inf].sp0 = 9;
	add(g, "square", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_SQUARE, 54.0, 97.5, 180);
	assert_int_equal(general_init(&ai, g, AI_NORMAL), 0);
	decision_option(&d, "stand", "stand", 0, 0);
	decision_option(&d, "flee", "flee", 12, 20);
	decision_option(&d, "crews", "crews", 0, 0);
	assert_int_equal(general_decide(&ai.ctl, g, &d), 0);
	assert_int_equal(d.choice, 1);
	add(g, "behind", SIDE_A, UT_LIGHT_CAV, RATING_TRAINED, FORM_LINE, 50, 90, 180);
	assert_int_equal(general_decide(&ai.ctl, g, &d), 0);
	assert_int_equal(d.choice, 2);
	general_free(&ai);
	game_free(g);
}

/* Commanders: a corps commander whose units are all beyond his radius
 * rides toward them; a brigade commander beside a unit that would be out
 * of command attaches to it at the start of its brigade's initiative. */
static void test_commanders(void **state)
{
	struct game *g = tiny();
	int u = add(g, "u", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 60, 0);
	struct general_ai ai;
	struct order o;
	struct commander b = { .id = "B0", .name = "brigadier", .side = SIDE_A, .level = CL_BRIGADE, .of = 0,
	                       .rating = CR_NONE, .pos = { 53.5, 63 }, .state = US_ACTIVE, .attached = -1,
	                       .detached_from = -1 };
	(void)state;
	add(g, "v", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 58, 60, 0);
	add(g, "foe", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 20, 180);
	g->brigs[0].commander = game_add_commander(g, &b);
	g->cmdrs[0].pos = v2(50, 110); /* 45 cm from them: not in command */
	g->turn = 1;
	aim_division(&ai, g, v2(50, 40), ROLE_ATTACK);
	g->phase = PHASE_INITIATIVE;
	g->active_brigade = -1;
	assert_int_equal(ai.ctl.order(&ai.ctl, g, SIDE_A, &o), 0);
	assert_int_equal(o.kind, ORD_CMOVE);
	assert_int_equal(o.unit, 0);
	assert_true(v2_dist(o.pts[0], g->units[u].pos) < v2_dist(g->cmdrs[0].pos, g->units[u].pos));
	/* The manoeuvre phase of the brigade: the brigadier attaches
	 * before any unit acts. */
	g->phase = PHASE_MANOEUVRE;
	g->active_brigade = 0;
	g->initiatives++;
	assert_int_equal(ai.ctl.order(&ai.ctl, g, SIDE_A, &o), 0);
	assert_int_equal(o.kind, ORD_ATTACH);
	assert_int_equal(o.unit, g->brigs[0].commander);
	general_free(&ai);
	game_free(g);
}

/* The baseline always stands; asked to stop and rally after a
 * break-through it does not turn (not the least of the range, -90). */
static void test_naive_stands(void **state)
{
	struct game *g = tiny();
	int cav = add(g, "cav", SIDE_A, UT_LIGHT_CAV, RATING_VETERAN, FORM_LINE, 50, 100, 0);
	struct naive_ai n;
	struct decision d = { .kind = DK_BREAKTHROUGH, .side = SIDE_A, .unit = cav };
	(void)state;
	naive_init(&n, g);
	decision_option(&d, "stop", "stop and rally", -90, 90);
	decision_option(&d, "back", "rally back", 6, 12);
	assert_int_equal(n.ctl.decide(&n.ctl, g, &d), 0);
	assert_int_equal(d.choice, 0);
	assert_true(d.value == 0);
	naive_free(&n);
	game_free(g);
}

/* The hard computer's look-ahead (search.c) plays its trials on the game
 * itself: the battle must be as it was after, but for the cosmetic stream
 * its trials' dice came from; and what it chooses must not depend on the
 * dice the battle will throw, scripted or from the rules' generator. */
static int hard_pick(struct game *g, const struct snapshot *at, uint64_t reseed, int script_pip, bool *searched)
{
	struct general_ai ai;
	struct order o;
	struct battle_state before, after;
	int pips[8], pick, nlog, nhistory, nlisteners;
	game_restore(g, at);
	if (reseed)
		rng_seed(&g->dice, reseed);
	for (int i = 0; i < 8; i++)
		pips[i] = script_pip;
	if (script_pip)
		assert_int_equal(game_queue_dice(g, pips, 8), 0);
	assert_int_equal(general_init(&ai, g, AI_HARD), 0);
	assert_non_null(ai.search);
	before = g->st;
	nlog = g->nlog;
	nhistory = g->nhistory;
	nlisteners = g->nlisteners;
	assert_int_equal(ai.ctl.order(&ai.ctl, g, (enum side)g->initiative, &o), 0);
	/* All as it was (the rules' dice, the script, the log, the units),
	 * but the cosmetic stream. */
	after = g->st;
	after.cosmetic = before.cosmetic;
	assert_memory_equal(&after, &before, sizeof after);
	assert_int_equal(g->nlog, nlog);
	assert_int_equal(g->nhistory, nhistory);
	assert_int_equal(g->nlisteners, nlisteners);
	for (int i = 0; i < g->nunits; i++)
		assert_memory_equal(&g->units[i], &at->units[i], sizeof g->units[i]);
	assert_int_equal(ai.pick_init, g->initiatives);
	*searched = ai.pick != PICK_NONE;
	if (*searched)
		assert_memory_not_equal(&g->cosmetic, &before.cosmetic, sizeof before.cosmetic);
	pick = ai.pick;
	general_free(&ai);
	if (script_pip)
		g->nscript = g->script_pos; /* the queue dropped again */
	return pick;
}

static void test_hard_search_blind(void **state)
{
	struct game *g = battle("tests/bench/mirror.cfg", 3);
	struct general_ai normal;
	struct controller *ctl[SIDE_COUNT] = { &normal.ctl, &normal.ctl };
	struct snapshot at;
	int searches = 0, last = -1;
	(void)state;
	assert_int_equal(general_init(&normal, g, AI_NORMAL), 0);
	/* Every initiative phase of the first Turns, as the normal computer
	 * fights them. */
	for (int steps = 0; steps < 400 && g->turn < 4 && game_step(g, ctl) == STEP_OK; steps++) {
		bool searched, again;
		int pick;
		if (g->phase != PHASE_INITIATIVE || g->initiatives == last)
			continue;
		last = g->initiatives;
		assert_int_equal(game_snapshot(g, &at), 0);
		pick = hard_pick(g, &at, 0, 0, &searched);
		searches += searched;
		/* Another future for the rules' dice, or scripted ones waiting:
		 * the same choice. */
		assert_int_equal(hard_pick(g, &at, 12345, 0, &again), pick);
		assert_int_equal(again, searched);
		assert_int_equal(hard_pick(g, &at, 0, 6, &again), pick);
		assert_int_equal(hard_pick(g, &at, 0, 1, &again), pick);
		game_restore(g, &at);
		snapshot_free(&at);
	}
	assert_true(searches > 0);
	general_free(&normal);
	game_free(g);
}

/* Whole battles: the AI on both sides, and against the baseline. */
struct counting {
	struct controller ctl, *inner;
	int refused;
};

static int c_order(struct controller *c, struct game *g, enum side s, struct order *o)
{
	struct counting *k = c->ctx;
	return k->inner->order(k->inner, g, s, o);
}

static void c_refused(struct controller *c, struct game *g, enum side s, const struct order *o, const char *why)
{
	struct counting *k = c->ctx;
	fprintf(stderr, "# refused: %s\n", why);
	k->refused++;
	k->inner->refused(k->inner, g, s, o, why);
}

static int c_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct counting *k = c->ctx;
	return k->inner->decide(k->inner, g, d);
}

static void play(const char *map, uint64_t seed, enum ai_level level)
{
	struct game *g = battle(map, seed);
	struct general_ai ai;
	struct counting k = { .ctl = { .order = c_order, .refused = c_refused, .decide = c_decide } };
	struct controller *ctl[SIDE_COUNT] = { &k.ctl, &k.ctl };
	int notes = 0;
	k.ctl.ctx = &k;
	assert_int_equal(general_init(&ai, g, level), 0);
	k.inner = &ai.ctl;
	assert_int_equal(game_run(g, ctl), STEP_OVER);
	assert_int_equal(k.refused, 0);
	assert_int_equal(ai.refusals, 0);
	assert_true(g->result[0] != '\0');
	/* Every activation says what it means to do, once its orders are
	 * given: the note is the last order before the end of the phase. */
	for (int i = 0; i < g->nhistory; i++)
		if (g->history[i].kind == ORD_NOTE) {
			notes++;
			assert_true(i + 1 < g->nhistory);
			assert_int_equal(g->history[i + 1].kind, ORD_END);
		}
	assert_true(notes > 0);
	general_free(&ai);
	game_free(g);
}

static void test_battles(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 3; seed++)
		play("maps/default.cfg", seed, AI_NORMAL);
	play("maps/default.cfg", 4, AI_EASY);
	play("maps/default.cfg", 5, AI_HARD);
	play("tests/bench/mirror.cfg", 1, AI_NORMAL);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quality_odds),
		cmocka_unit_test(test_fire_odds),
		cmocka_unit_test(test_melee_odds),
		cmocka_unit_test(test_fight_odds),
		cmocka_unit_test(test_charge_value),
		cmocka_unit_test(test_reaction_estimates),
		cmocka_unit_test(test_fallback_path),
		cmocka_unit_test(test_naive_stands),
		cmocka_unit_test(test_plan_decisive),
		cmocka_unit_test(test_plan_decisive_alike),
		cmocka_unit_test(test_hold_on_objective),
		cmocka_unit_test(test_square_or_line),
		cmocka_unit_test(test_reaction_choices),
		cmocka_unit_test(test_guns_charged),
		cmocka_unit_test(test_commanders),
		cmocka_unit_test(test_hard_search_blind),
		cmocka_unit_test(test_battles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
