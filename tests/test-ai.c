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
#include "ai/odds.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "io/load.h"

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

static void test_charge_value(void **state)
{
	struct game *g = battle("maps/default.cfg", 4);
	int hussars = orbat_find_unit(g, "8Hu"), far = orbat_find_unit(g, "HR3"), near = orbat_find_unit(g, "IR15a");
	unsigned char before[sizeof(struct unit)];
	(void)state;
	assert_true(hussars >= 0 && far >= 0 && near >= 0);
	g->initiative = SIDE_A;
	g->phase = PHASE_MANOEUVRE;
	g->active_brigade = g->units[hussars].brigade;
	/* Out of reach: the rules forbid it, and the value says so. */
	assert_true(isinf(general_charge_value(g, hussars, far, false)));
	/* Set the Austrian battalion in the open in front of the hussars,
	 * unformed (a column's flank): a charge is on and worth something. */
	g->units[near].pos = v2_add(g->units[hussars].pos, v2(0, -12));
	g->units[near].facing = 90;
	g->units[near].form = FORM_COLUMN;
	memcpy(before, &g->units[hussars], sizeof before);
	{
		uint64_t draws = g->dice.draws;
		double v = general_charge_value(g, hussars, near, false);
		assert_false(isinf(v));
		/* Nothing moved and no die was thrown to find it. */
		assert_memory_equal(before, &g->units[hussars], sizeof before);
		assert_int_equal(g->dice.draws, draws);
	}
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
	/* Every activation says what it means to do. */
	for (int i = 0; i < g->nhistory; i++)
		notes += g->history[i].kind == ORD_NOTE;
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
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quality_odds),
		cmocka_unit_test(test_fire_odds),
		cmocka_unit_test(test_melee_odds),
		cmocka_unit_test(test_charge_value),
		cmocka_unit_test(test_battles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
