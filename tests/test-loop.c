/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-loop: game_step and game_run (game-loop.c, through control.h):
 * who is asked for an order and when, a refused order handed back to its
 * controller with the reason, a controller that stops, an order waiting
 * to be given again given without asking, the automatic hand-to-hand
 * phase run between the orders (and put back as it was when a controller
 * stops inside it), the first Turn begun from the set-up, and a battle
 * played to its end. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/control.h"
#include "engine/game.h"
#include "engine/order.h"
#include "engine/seq.h"
#include "test-util.h"
#include "io/load-rules.h"

/* A controller giving the orders of a list, then stopping (-1), or,
 * with brigades set, giving each of its brigades the initiative in turn
 * and ending every other phase; what it was asked and told is counted. */
struct script {
	struct controller ctl;
	const struct order *orders;
	int norders, pos;
	bool brigades;
	int asked, refused, decided;
	enum phase asked_in;
	char why[MSG_LEN];
	int quit_decisions; /* answer -1 to decisions */
	enum decision_kind kind; /* the last decision's */
};

static int script_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct script *k = c->ctx;
	k->asked++;
	k->asked_in = g->phase;
	if (k->brigades) {
		*o = order_new(ORD_END);
		if (g->phase == PHASE_INITIATIVE)
			for (int b = 0; b < g->nbrigs; b++)
				if (brigade_side(g, b) == side && seq_brigade_available(g, b)) {
					*o = order_new(ORD_BRIGADE);
					o->target = b;
					break;
				}
		return 0;
	}
	if (k->pos >= k->norders)
		return -1;
	*o = k->orders[k->pos++];
	return 0;
}

static void script_refused(struct controller *c, struct game *g, enum side side, const struct order *o,
                           const char *why)
{
	struct script *k = c->ctx;
	(void)g;
	(void)side;
	(void)o;
	k->refused++;
	snprintf(k->why, sizeof k->why, "%s", why);
}

static int script_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct script *k = c->ctx;
	(void)g;
	k->decided++;
	k->kind = d->kind;
	d->choice = 0;
	return k->quit_decisions ? -1 : 0;
}

static void script_init(struct script *k)
{
	memset(k, 0, sizeof *k);
	k->ctl.ctx = k;
	k->ctl.order = script_order;
	k->ctl.refused = script_refused;
	k->ctl.decide = script_decide;
}

/* Side A's brigade manoeuvres; each side one line, 40 cm apart. */
static struct game *new_game(void)
{
	struct game *g = test_game_new(3);
	test_corps_stand(g, SIDE_A, 100, 180);
	test_corps_stand(g, SIDE_B, 100, 20);
	test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 140, 0);
	test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 60, 180);
	g->phase = PHASE_MANOEUVRE;
	g->initiative = SIDE_A;
	g->active_brigade = 0;
	g->turn = 1;
	return g;
}

/* Only the side with the initiative is asked; -1 stops the game and
 * changes nothing. */
static void test_asks_the_side_with_the_initiative(void **state)
{
	struct game *g = new_game();
	struct script a, b;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &b.ctl };
	int nlog;
	(void)state;
	script_init(&a);
	script_init(&b);
	nlog = g->nlog;
	assert_int_equal(game_step(g, ctl), STEP_QUIT);
	assert_int_equal(a.asked, 1);
	assert_int_equal(a.asked_in, PHASE_MANOEUVRE);
	assert_int_equal(b.asked, 0);
	assert_int_equal(g->phase, PHASE_MANOEUVRE);
	assert_int_equal(g->nlog, nlog);
	g->initiative = SIDE_B;
	g->active_brigade = 1;
	assert_int_equal(game_step(g, ctl), STEP_QUIT);
	assert_int_equal(a.asked, 1);
	assert_int_equal(b.asked, 1);
	game_free(g);
}

/* An order the engine refuses goes back to its controller with the
 * reason; the phase goes on.  'end' ends the manoeuvre phase: the firing
 * phase follows ("Sequence of Play"). */
static void test_refused_then_end(void **state)
{
	struct game *g = new_game();
	struct script a;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &a.ctl };
	struct order o[2] = { order_new(ORD_MOVE), order_new(ORD_END) };
	(void)state;
	o[0].unit = 1; /* B1: not of the brigade with the initiative */
	o[0].a = 5;
	o[0].has_a = true;
	script_init(&a);
	a.orders = o;
	a.norders = 2;
	assert_int_equal(game_step(g, ctl), STEP_OK);
	assert_int_equal(a.refused, 1);
	assert_true(a.why[0] != '\0');
	assert_true(g->units[1].pos.y == 60);
	assert_int_equal(g->phase, PHASE_MANOEUVRE);
	assert_int_equal(game_step(g, ctl), STEP_OK);
	assert_int_equal(a.refused, 1);
	assert_int_equal(g->phase, PHASE_FIRE);
	assert_int_equal(a.asked, 2);
	game_free(g);
}

/* An order stopped while its question waited is given again by the next
 * step without asking the controller. */
static void test_pending_order_given_again(void **state)
{
	struct game *g = new_game();
	struct script a;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &a.ctl };
	(void)state;
	script_init(&a);
	g->pending = order_new(ORD_END);
	g->has_pending = true;
	assert_int_equal(game_step(g, ctl), STEP_OK);
	assert_int_equal(a.asked, 0);
	assert_false(g->has_pending);
	assert_int_equal(g->phase, PHASE_FIRE);
	game_free(g);
}

/* The battle over: nobody is asked anything. */
static void test_over(void **state)
{
	struct game *g = new_game();
	struct script a;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &a.ctl };
	(void)state;
	script_init(&a);
	g->phase = PHASE_OVER;
	assert_int_equal(game_step(g, ctl), STEP_OVER);
	assert_int_equal(game_run(g, ctl), STEP_OVER);
	assert_int_equal(a.asked, 0);
	game_free(g);
}

/* The hand-to-hand phase runs without an order: with nobody in contact it
 * has nothing to fight and the phase ends. */
static void test_melee_phase_runs(void **state)
{
	struct game *g = new_game();
	struct script a;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &a.ctl };
	(void)state;
	script_init(&a);
	g->phase = PHASE_MELEE;
	assert_int_equal(game_step(g, ctl), STEP_OK);
	assert_int_equal(a.asked, 0);
	assert_true(g->phase != PHASE_MELEE);
	game_free(g);
}

/* A controller that stops inside the hand-to-hand phase: the phase is
 * put back as it was when it began, dice and log included. */
static void test_quit_inside_melee_restores(void **state)
{
	struct game *g = new_game();
	struct script a;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &a.ctl };
	int nlog, sp[3];
	uint64_t draws;
	struct vec2 pos[3];
	(void)state;
	script_init(&a);
	a.quit_decisions = 1;
	/* B1 face to face with A1; A2, a line of A's facing west 2.5 cm
	 * from B1's flank, joins in, and B1, touching two enemies, is asked
	 * how to split its strength points between them. */
	g->units[1].pos = v2(100, 138);
	test_add(g, "A2", SIDE_A, UT_LINE_INF, FORM_LINE, 106, 137, 270);
	g->phase = PHASE_MELEE;
	nlog = g->nlog;
	draws = g->dice.draws;
	for (int i = 0; i < 3; i++) {
		sp[i] = g->units[i].sp;
		pos[i] = g->units[i].pos;
	}
	assert_int_equal(game_step(g, ctl), STEP_QUIT);
	assert_int_equal(a.decided, 1);
	assert_int_equal(a.kind, DK_SPLIT);
	assert_int_equal(g->phase, PHASE_MELEE);
	assert_int_equal(g->nlog, nlog);
	assert_true(g->dice.draws == draws);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(g->units[i].sp, sp[i]);
		assert_true(g->units[i].pos.x == pos[i].x && g->units[i].pos.y == pos[i].y);
	}
	/* Answered, the phase is fought and ends. */
	a.quit_decisions = 0;
	assert_int_equal(game_step(g, ctl), STEP_OK);
	assert_true(g->phase != PHASE_MELEE);
	assert_true(g->dice.draws > draws);
	game_free(g);
}

/* From the set-up the first step begins Turn 1: the initiative is
 * thrown; then the battle is played to its end. */
static void test_begin_and_play_to_the_end(void **state)
{
	struct game *g = test_game_new(5);
	struct script a;
	struct controller *ctl[SIDE_COUNT] = { &a.ctl, &a.ctl };
	(void)state;
	script_init(&a);
	a.brigades = true;
	test_corps_stand(g, SIDE_A, 100, 180);
	test_corps_stand(g, SIDE_B, 100, 20);
	test_add(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 140, 0);
	test_add(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 60, 180);
	g->turns = 2;
	assert_int_equal(g->phase, PHASE_SETUP);
	assert_int_equal(game_step(g, ctl), STEP_OK);
	assert_int_equal(a.asked, 0);
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->phase, PHASE_INITIATIVE);
	assert_true(g->initiative == SIDE_A || g->initiative == SIDE_B);
	assert_int_equal(game_run(g, ctl), STEP_OVER);
	assert_int_equal(g->phase, PHASE_OVER);
	assert_int_equal(g->turn, 2);
	assert_int_equal(a.refused, 0);
	/* Each Turn each side gave its one brigade the initiative, then
	 * ended its manoeuvre and firing phases. */
	assert_true(a.asked >= 2 * 2 * 3);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_asks_the_side_with_the_initiative),
		cmocka_unit_test(test_refused_then_end),
		cmocka_unit_test(test_pending_order_given_again),
		cmocka_unit_test(test_over),
		cmocka_unit_test(test_melee_phase_runs),
		cmocka_unit_test(test_quit_inside_melee_restores),
		cmocka_unit_test(test_begin_and_play_to_the_end),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
