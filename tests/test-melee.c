/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-melee: the hand-to-hand dice measured over many seeds against the
 * rules' exact expectations: the hits a set of dice scores for each rating,
 * the sets a unit throws, and the odds of a whole combat fought to the end
 * (melee rounds, losses at the end of each round, removal at 1 SP); and
 * who may join in and who keeps a break-through. */
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

#include "engine/control.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/rules.h"
#include "test-util.h"
#include "io/load-rules.h"

#define SEEDS 3000

static struct game *new_game(uint64_t seed)
{
	struct game *g = test_game_new(seed);
	g->initiative = SIDE_A;
	return g;
}

static int add_unit(struct game *g, const char *id, enum side side, enum unit_type type,
                    enum rating rating, int sp, double x, double y, double facing)
{
	struct unit u = test_unit(id, side, type, rating, FORM_LINE, x, y, facing);
	u.sp = u.sp0 = sp;
	return game_add_unit(g, &u);
}

/* A1 (side A, facing north, front edge y = 49) and B1 facing it, touching:
 * neither outflanks the other. */
static struct game *duel(uint64_t seed, enum unit_type ta, enum rating ra, int spa,
                         enum rating rb, int spb)
{
	struct game *g = new_game(seed);
	add_unit(g, "A1", SIDE_A, ta, ra, spa, 50, ta == UT_LINE_INF ? 50 : 51, 0);
	add_unit(g, "B1", SIDE_B, UT_LINE_INF, rb, spb, 50, 48, 180);
	return g;
}

static void fight(struct game *g)
{
	struct controller *ctl[SIDE_COUNT] = { NULL, NULL };
	assert_int_equal(melee_phase(g, ctl), 0);
}

/* The hits A1 scored in a round: the sum over its dice lines. */
static int hits_of(const struct game *g, const char *round, int *sets)
{
	char head[64];
	int hits = 0;
	snprintf(head, sizeof head, "%s: A1, set ", round);
	*sets = 0;
	for (int i = 0; i < g->nlog; i++) {
		const char *t = g->log[i].text, *p;
		if (strncmp(t, head, strlen(head)) != 0 || !(p = strstr(t, " -> ")))
			continue;
		hits += atoi(p + 4);
		(*sets)++;
	}
	return hits;
}

/* The chance one die hits for a rating: a face of the quality number or
 * more. */
static double p_hit(enum rating r)
{
	return (7.0 - rules_quality[r]) / 6.0;
}

static void check_mean(const char *what, double got, double want, double sd, int n)
{
	double tol = 4.5 * sd / sqrt(n) + 1e-9;
	if (fabs(got - want) > tol)
		fail_msg("%s: mean %.4f over %d seeds, expected %.4f (tolerance %.4f)", what, got, n, want,
		         tol);
}

/* "A dice scores a hit if it is": Guard 1+, Elite 2+, Veteran 3+, Trained
 * 4+, Untrained 5+.  Infantry against infantry throws one set in a melee
 * round; cavalry against infantry not in square two. */
static void test_hits_per_rating(void **state)
{
	(void)state;
	for (int arm = 0; arm < 2; arm++)
		for (int r = 0; r < RATING_COUNT; r++) {
			enum unit_type t = arm ? UT_HEAVY_CAV : UT_LINE_INF;
			int want_sets = arm ? 2 : 1, sp = 6;
			double sum = 0, p = p_hit((enum rating)r);
			char what[80];
			for (int s = 1; s <= SEEDS; s++) {
				struct game *g = duel((uint64_t)s, t, (enum rating)r, sp, RATING_VETERAN, 20);
				int sets;
				fight(g);
				sum += hits_of(g, "Melee round 1", &sets);
				assert_int_equal(sets, want_sets);
				{
					int isets;
					hits_of(g, "Impact", &isets);
					assert_int_equal(isets, 0); /* frontal, not charging: no impact */
				}
				game_free(g);
			}
			snprintf(what, sizeof what, "%s rated %s", arm ? "cavalry" : "infantry",
			         rating_names[r].label);
			check_mean(what, sum / SEEDS, want_sets * sp * p,
			           sqrt(want_sets * sp * p * (1 - p)), SEEDS);
		}
}

/* A charging formed cavalry regiment throws one set at the impact, and two
 * if it also outflanks its enemy. */
static void test_impact_sets(void **state)
{
	(void)state;
	for (int rear = 0; rear < 2; rear++) {
		double sum = 0, p = p_hit(RATING_ELITE);
		int want_sets = rear ? 2 : 1, sp = 5;
		for (int s = 1; s <= SEEDS; s++) {
			struct game *g = new_game((uint64_t)s);
			int a = add_unit(g, "A1", SIDE_A, UT_HEAVY_CAV, RATING_ELITE, sp, 50, 51, 0), sets;
			/* B1 faces south (towards A1) or north (away from it). */
			add_unit(g, "B1", SIDE_B, UT_LINE_INF, RATING_VETERAN, 30, 50, 48, rear ? 0 : 180);
			g->units[a].acted |= UA_CHARGING;
			fight(g);
			sum += hits_of(g, "Impact", &sets);
			assert_int_equal(sets, want_sets);
			game_free(g);
		}
		check_mean(rear ? "charge into the rear" : "frontal charge", sum / SEEDS,
		           want_sets * sp * p, sqrt(want_sets * sp * p * (1 - p)), SEEDS);
	}
}

/* Binomial probabilities. */
static double binom(int n, int k, double p)
{
	double c = 1;
	if (k < 0 || k > n)
		return 0;
	for (int i = 1; i <= k; i++)
		c = c * (n - k + i) / i;
	return c * pow(p, k) * pow(1 - p, n - k);
}

#define MAXSP 12

/* The exact odds of a combat of two formed infantry units fought to the
 * end, one set each per melee round, losses at the end of the round, a
 * unit removed at 1 SP or less: win[a][b], lose[a][b], both[a][b] for A1
 * with a SP against B1 with b. */
static void exact(double pa, double pb, double win[MAXSP + 1][MAXSP + 1],
                  double lose[MAXSP + 1][MAXSP + 1], double both[MAXSP + 1][MAXSP + 1])
{
	for (int a = 2; a <= MAXSP; a++)
		for (int b = 2; b <= MAXSP; b++) {
			double w = 0, l = 0, d = 0, stay = 0;
			for (int ha = 0; ha <= a; ha++)     /* hits A1 scores */
				for (int hb = 0; hb <= b; hb++) { /* hits B1 scores */
					double q = binom(a, ha, pa) * binom(b, hb, pb);
					int na = a - hb, nb = b - ha;
					if (ha == 0 && hb == 0)
						stay += q;
					else if (na <= 1 && nb <= 1)
						d += q;
					else if (nb <= 1)
						w += q;
					else if (na <= 1)
						l += q;
					else {
						w += q * win[na][nb];
						l += q * lose[na][nb];
						d += q * both[na][nb];
					}
				}
			win[a][b] = w / (1 - stay);
			lose[a][b] = l / (1 - stay);
			both[a][b] = d / (1 - stay);
		}
}

static void test_combat_odds(void **state)
{
	static const struct {
		enum rating ra, rb;
		int spa, spb;
	} cases[] = {
		{ RATING_VETERAN, RATING_TRAINED, 6, 6 },
		{ RATING_TRAINED, RATING_ELITE, 8, 4 },
		{ RATING_UNTRAINED, RATING_VETERAN, 9, 5 },
	};
	(void)state;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		static double win[MAXSP + 1][MAXSP + 1], lose[MAXSP + 1][MAXSP + 1],
			both[MAXSP + 1][MAXSP + 1];
		int nw = 0, nl = 0, nd = 0;
		double pw, pl, pd;
		exact(p_hit(cases[c].ra), p_hit(cases[c].rb), win, lose, both);
		pw = win[cases[c].spa][cases[c].spb];
		pl = lose[cases[c].spa][cases[c].spb];
		pd = both[cases[c].spa][cases[c].spb];
		assert_true(fabs(pw + pl + pd - 1) < 1e-9);
		for (int s = 1; s <= SEEDS; s++) {
			struct game *g = duel((uint64_t)s, UT_LINE_INF, cases[c].ra, cases[c].spa, cases[c].rb,
			                      cases[c].spb);
			bool a;
			fight(g);
			a = g->units[0].state == US_ACTIVE;
			if (a && g->units[1].state != US_ACTIVE)
				nw++;
			else if (!a && g->units[1].state == US_ACTIVE)
				nl++;
			else if (!a)
				nd++;
			else
				fail_msg("seed %d: the combat stopped with both units standing", s);
			game_free(g);
		}
		check_mean("A1 wins", (double)nw / SEEDS, pw, sqrt(pw * (1 - pw)), SEEDS);
		check_mean("B1 wins", (double)nl / SEEDS, pl, sqrt(pl * (1 - pl)), SEEDS);
		check_mean("both go", (double)nd / SEEDS, pd, sqrt(pd * (1 - pd)), SEEDS);
	}
}

/* A side that takes the first choice of every decision, counting them
 * per unit; on its break-through choice a unit of side B may mark an
 * enemy with a break-through (as if B's action had given it one). */
struct first {
	struct controller ctl;
	int asked[8];
	int give_to;
};

static int first_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct first *f = c->ctx;
	if (d->unit >= 0 && d->unit < 8)
		f->asked[d->unit]++;
	if (d->kind == DK_BREAKTHROUGH && d->side == SIDE_B && f->give_to >= 0)
		unit_set_marker(&g->units[f->give_to], MK_WHITE, true);
	d->choice = 0;
	d->value = 0;
	return 0;
}

/* "A unit with a break-through marker ... cannot join in": A2, 3 cm
 * behind B1 and facing it, would have to join (formed infantry of the side
 * with the initiative) but for its white marker. */
static void test_breakthrough_units_do_not_join(void **state)
{
	(void)state;
	for (int marked = 0; marked < 2; marked++) {
		struct game *g = new_game(1);
		struct first f = { .ctl = { .decide = first_decide }, .give_to = -1 };
		struct controller *ctl[SIDE_COUNT] = { &f.ctl, &f.ctl };
		int a2;
		f.ctl.ctx = &f;
		add_unit(g, "A1", SIDE_A, UT_LINE_INF, RATING_VETERAN, 6, 50, 50, 0);
		add_unit(g, "B1", SIDE_B, UT_LINE_INF, RATING_TRAINED, 6, 50, 48, 180);
		a2 = add_unit(g, "A2", SIDE_A, UT_LINE_INF, RATING_VETERAN, 6, 50, 43, 180);
		unit_set_marker(&g->units[a2], MK_WHITE, marked);
		assert_int_equal(melee_phase(g, ctl), 0);
		if (marked)
			assert_true(g->units[a2].pos.y == 43);
		else
			assert_true(fabs(g->units[a2].pos.y - 46) < 0.06); /* joined, to contact */
		game_free(g);
	}
}

/* "The player with the initiative loses any break-throughs he may have
 * obtained as a result of the non-initiative player's actions": side A
 * has the initiative; a break-through A1 gains while side B breaks
 * through is gone at the end of the phase, and A1 is never asked. */
static void test_initiative_loses_late_breakthroughs(void **state)
{
	struct game *g = new_game(1);
	struct first f = { .ctl = { .decide = first_decide } };
	struct controller *ctl[SIDE_COUNT] = { &f.ctl, &f.ctl };
	int a1, b1;
	(void)state;
	f.ctl.ctx = &f;
	a1 = add_unit(g, "A1", SIDE_A, UT_LINE_INF, RATING_VETERAN, 6, 50, 50, 0);
	b1 = add_unit(g, "B1", SIDE_B, UT_LINE_INF, RATING_TRAINED, 6, 150, 150, 180);
	f.give_to = a1;
	unit_set_marker(&g->units[b1], MK_WHITE, true);
	assert_int_equal(melee_breakthrough_phase(g, ctl), 0);
	assert_int_equal(f.asked[b1], 1);
	assert_int_equal(f.asked[a1], 0);
	assert_false(unit_has_marker(&g->units[a1], MK_WHITE));
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hits_per_rating),
		cmocka_unit_test(test_impact_sets),
		cmocka_unit_test(test_combat_odds),
		cmocka_unit_test(test_breakthrough_units_do_not_join),
		cmocka_unit_test(test_initiative_loses_late_breakthroughs),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
