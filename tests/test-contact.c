/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-contact: who touches whom for hand-to-hand, through contact.h:
 * base to base (within the contact tolerance, enemies only, units on the
 * table only), every enemy in contact in unit order, and contact over a
 * bridge (terrain guidelines, "Bridges are special landmarks": the
 * charger at its end of the bridge is in contact with the unit defending
 * it, while both stay where they are and the bridge stands). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/bridge.h"
#include "engine/contact.h"
#include "engine/game.h"
#include "engine/geom.h"
#include "test-util.h"
#include "io/load-rules.h"

/* An infantry line is two stands side by side, 5 x 2 cm (Organisation:
 * 25 x 20 mm stands).  A at (100, 100) facing north has its front edge at
 * y = 99; an enemy line facing it at y centre 98 - dy has its front at
 * 99 - dy: dy apart. */
static struct game *face_to_face(double gap, int *a, int *b)
{
	struct game *g = test_game_new(1);
	*a = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	*b = test_add(g, "B", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 98 - gap, 180);
	return g;
}

/* Base to base: touching within the tolerance, not a hair beyond it. */
static void test_base_to_base(void **state)
{
	int a, b;
	struct game *g = face_to_face(0, &a, &b);
	(void)state;
	assert_true(contact_touching(g, a, b));
	assert_true(contact_touching(g, b, a));
	assert_false(contact_touching(g, a, a));
	assert_int_equal(contact_engaged(g, a), b);
	assert_int_equal(contact_engaged(g, b), a);
	game_free(g);

	g = face_to_face(GEOM_CONTACT * 0.8, &a, &b);
	assert_true(contact_touching(g, a, b));
	game_free(g);

	g = face_to_face(GEOM_CONTACT * 2, &a, &b);
	assert_false(contact_touching(g, a, b));
	assert_int_equal(contact_engaged(g, a), -1);
	game_free(g);

	/* Side to side counts as well as front to front: B beside A, its
	 * left edge at A's right edge (x = 102.5). */
	g = test_game_new(1);
	a = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	b = test_add(g, "B", SIDE_B, UT_LINE_INF, FORM_COLUMN, 103.75, 100, 0);
	assert_true(contact_touching(g, a, b));
	game_free(g);
}

/* Friends touching are not in contact for hand-to-hand; neither is a
 * unit eliminated or not yet arrived. */
static void test_enemies_on_the_table_only(void **state)
{
	struct game *g = test_game_new(1);
	int a = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int f = test_add(g, "F", SIDE_A, UT_LINE_INF, FORM_LINE, 105, 100, 0);
	int b = test_add(g, "B", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 98, 180);
	(void)state;
	assert_false(contact_touching(g, a, f));
	assert_int_equal(contact_engaged(g, f), b); /* F's left stand touches B's */
	g->units[b].state = US_ELIMINATED;
	assert_false(contact_touching(g, a, b));
	assert_int_equal(contact_engaged(g, a), -1);
	assert_int_equal(contact_enemies(g, b, &a, 1), 0);
	g->units[b].state = US_RESERVE;
	assert_false(contact_touching(g, a, b));
	game_free(g);
}

/* Every enemy in contact, in unit order whatever the order of their
 * places, at most as many as asked for. */
static void test_enemies_in_unit_order(void **state)
{
	struct game *g = test_game_new(1);
	int out[4];
	int a = test_add(g, "A", SIDE_A, UT_LINE_INF, FORM_LINE, 100, 100, 0);
	int far = test_add(g, "Far", SIDE_B, UT_LINE_INF, FORM_LINE, 100, 80, 180);
	int right = test_add(g, "R", SIDE_B, UT_LINE_INF, FORM_COLUMN, 101.25, 97, 180);
	int left = test_add(g, "L", SIDE_B, UT_LINE_INF, FORM_COLUMN, 98.75, 97, 180);
	(void)state;
	(void)far;
	assert_int_equal(contact_enemies(g, a, out, 4), 2);
	assert_int_equal(out[0], right);
	assert_int_equal(out[1], left);
	assert_int_equal(contact_enemies(g, a, out, 1), 1);
	assert_int_equal(out[0], right);
	assert_int_equal(contact_engaged(g, a), right);
	assert_int_equal(contact_enemies(g, left, out, 4), 1);
	assert_int_equal(out[0], a);
	game_free(g);
}

static void test_over_a_bridge(void **state)
{
	int c, d, br, out[2];
	struct game *g = test_bridge_game(1, &br, &c, &d);
	(void)state;
	/* Cuirassiers at the south end of a bridge, a line at its north
	 * end: not base to base, nobody in contact until the charge reaches
	 * the bridge. */
	assert_false(contact_touching(g, c, d));
	assert_int_equal(contact_engaged(g, c), -1);
	bridge_engage(g, c, d, br);
	assert_true(contact_touching(g, c, d));
	assert_true(contact_touching(g, d, c));
	assert_int_equal(contact_engaged(g, c), d);
	assert_int_equal(contact_engaged(g, d), c);
	assert_int_equal(contact_enemies(g, d, out, 2), 1);
	assert_int_equal(out[0], c);

	/* The defender moves: the contact over the bridge is gone. */
	g->units[d].pos.y -= 1;
	assert_false(contact_touching(g, c, d));
	g->units[d].pos.y += 1;
	assert_true(contact_touching(g, c, d));
	/* The charger steps back from its end of the bridge. */
	g->units[c].pos.y += 2;
	assert_false(contact_touching(g, d, c));
	g->units[c].pos.y -= 2;
	/* The bridge is destroyed. */
	g->map.f[br].damage = g->map.f[br].strength;
	assert_false(contact_touching(g, c, d));
	assert_int_equal(contact_engaged(g, d), -1);
	game_free(g);
}

int main(void)
{
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_to_base),
		cmocka_unit_test(test_enemies_on_the_table_only),
		cmocka_unit_test(test_enemies_in_unit_order),
		cmocka_unit_test(test_over_a_bridge),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
