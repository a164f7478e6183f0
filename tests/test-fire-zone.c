/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fire-zone: whether a shot may be taken and where it goes: the zone
 * of fire and what blocks it, cover, the ground the firer stands in,
 * bombarding a structure, the aiming point, who may fire, facing. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "engine/fire.h"
#include "engine/game.h"
#include "engine/terrain.h"
#include "test-fire.h"
#include "io/load-rules.h"

/* Footprints used below: see test-fire.h. */

/* ---- the zone of fire ---- */

static void test_formed_unit_blocks(void **state)
{
	int u, t, b;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	struct fire_shot s;
	(void)state;
	/* Target near edge y = 81; a friendly line at y 89..91 fills the zone. */
	b = add_unit(g, "57L1", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 90, 0);
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: 57L1 (formed) is in the zone of fire");
	/* An enemy formed unit blocks just the same. */
	g->units[b].side = SIDE_B;
	g->units[b].brigade = SIDE_B;
	g->units[b].facing = 180;
	expect_refused(g, u, t, "57L1 (formed) is in the zone of fire");
	/* Gone, the way is clear. */
	g->units[b].state = US_ELIMINATED;
	expect_shot(g, u, t, 4);
	/* Beside the zone (x 42.5..47.5) it is no obstacle. */
	g->units[b].state = US_ACTIVE;
	g->units[b].pos = v2(44, 90);
	expect_shot(g, u, t, 4);
	game_free(g);
}

static void test_own_body_blocks(void **state)
{
	struct game *g = new_game();
	int u = add_unit(g, "A1", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 100, 0);
	/* An enemy line beside the battery: x 57.5..62.5, y 97.5..99.5; the
	 * battery's front edge is y = 98.5. */
	int t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 60, 98.5, 0);
	struct vec2 behind = v2(57.5, 99.5), level = v2(57.5, 98.5), ahead = v2(57.5, 97.5);
	struct fire_shot s;
	(void)state;
	g->units[u].weight = WEIGHT_HEAVY;
	assert_false(fire_check(g, u, t, &behind, &s));
	assert_string_equal(s.why, "cannot fire: B1 is not in front of A1 (its own body would be "
	                           "in the zone of fire)");
	assert_false(fire_check(g, u, t, &level, &s));
	assert_true(fire_check(g, u, t, &ahead, &s));
	assert_float_equal(s.range, sqrt(37), 1e-9);
	/* Left to itself, it finds an aim ahead of its front, as near as it
	 * can: (57.5, 98.25) on the target's left edge, sqrt(36 + 1/16). */
	s = expect_shot(g, u, t, 4);
	assert_true(s.aim.y < 98.5 - GEOM_CONTACT);
	assert_float_equal(s.range, sqrt(36 + 0.0625), 1e-9);
	/* A target wholly behind cannot be fired at. */
	g->units[t].pos = v2(50, 110);
	expect_refused(g, u, t, "its own body would be in the zone of fire");
	game_free(g);
}

static void test_friendly_skirmisher_blocks(void **state)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	(void)state;
	add_unit(g, "2/95", SIDE_A, UT_LIGHT_INF, FORM_SKIRMISH, 50, 90, 0);
	expect_refused(g, u, t, "2/95 (friendly) is in the zone of fire");
	game_free(g);
	/* A friendly battery is unformed too, and blocks. */
	g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	add_unit(g, "A2", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 90, 0);
	expect_refused(g, u, t, "A2 (friendly) is in the zone of fire");
	game_free(g);
}

static void test_enemy_skirmisher(void **state)
{
	int u, t, k;
	struct game *g;
	struct fire_shot s;
	(void)state;

	/* Close range: may not fire through, must fire at the skirmishers. */
	g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	k = add_unit(g, "S1", SIDE_B, UT_LIGHT_INF, FORM_SKIRMISH, 50, 90, 180);
	expect_refused(g, u, t, "cannot fire through S1 (enemy unformed) at close range");
	s = expect_shot(g, u, k, 2); /* 4 halved, at an unformed unit */
	assert_true(s.at_unformed);
	game_free(g);

	/* Medium range: through them at a formed target, halved. */
	g = battery_duel(WEIGHT_MEDIUM, 27.5, &u, &t);
	add_unit(g, "S1", SIDE_B, UT_LIGHT_INF, FORM_SKIRMISH, 50, 85, 180);
	s = expect_shot(g, u, t, 1); /* 2 halved */
	assert_int_equal(s.band, RANGE_MEDIUM);
	assert_true(s.through_unformed);
	assert_false(s.at_unformed);
	assert_string_equal(s.detail, "medium guns at medium range 2, through S1 (unformed): halved = 1 die");
	/* ... but not at an unformed target behind them. */
	g->units[t].type = UT_FOOT_ART;
	g->units[t].form = FORM_BATTERY;
	expect_refused(g, u, t, "only at a formed target behind it");
	game_free(g);

	/* Long range: ignored (plunging fire). */
	g = battery_duel(WEIGHT_HEAVY, 47.5, &u, &t);
	add_unit(g, "S1", SIDE_B, UT_LIGHT_INF, FORM_SKIRMISH, 50, 75, 180);
	s = expect_shot(g, u, t, 2);
	assert_false(s.through_unformed);
	assert_int_equal(s.halvings, 0);
	/* The rules' example: a column just behind an enemy battery. */
	g->units[t].form = FORM_COLUMN;
	add_unit(g, "B2", SIDE_B, UT_FOOT_ART, FORM_BATTERY, 50, 58, 180);
	s = expect_shot(g, u, t, 3);
	assert_int_equal(s.halvings, 0);
	game_free(g);

	/* Small arms never fire through them. */
	g = musket_duel(3.5, &u, &t);
	add_unit(g, "S1", SIDE_B, UT_LIGHT_INF, FORM_SKIRMISH, 50, 47, 180);
	expect_refused(g, u, t, "small arms cannot fire through S1 (enemy unformed)");
	game_free(g);
}

static void test_square_fires_from_rear(void **state)
{
	struct game *g = new_game();
	/* A square at (50,50): x 48.75..51.25, y 48..52; an enemy behind it,
	 * y 54..56. */
	int u = add_unit(g, "A1", SIDE_A, UT_LINE_INF, FORM_SQUARE, 50, 50, 0);
	int t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 55, 0);
	struct fire_shot s;
	(void)state;
	s = expect_shot(g, u, t, 1);
	assert_int_equal(s.face, 2);
	assert_float_equal(s.range, 2, 1e-9);
	assert_float_equal(s.tri[0].y, 52, 1e-9);
	assert_float_equal(s.tri[1].y, 52, 1e-9);
	/* To the side: the left face. */
	g->units[t].pos = v2(44, 51); /* x 43..45, y 48.5..53.5 */
	g->units[t].facing = 90;
	s = expect_shot(g, u, t, 1);
	assert_int_equal(s.face, 3);
	/* A column in the same place cannot. */
	g->units[u].form = FORM_COLUMN;
	expect_refused(g, u, t, "not in front of A1");
	game_free(g);
}

/* ---- cover ---- */

/* A heavy battery 17.5 cm from a line (y 79..81) with one rectangular
 * feature: 4 dice, or 2 under cover. */
static void cover_case(enum terrain_type type, double x0, double y0, double x1, double y1,
                       bool cover)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	struct fire_shot s;
	add_rect(g, type, "", x0, y0, x1, y1);
	s = expect_shot(g, u, t, cover ? 2 : 4);
	assert_int_equal(s.cover, cover);
	game_free(g);
}

static void test_cover_wood(void **state)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	struct fire_shot s;
	(void)state;
	/* The target (y 79..81) stands in a wood. */
	add_rect(g, TT_WOOD, "Bois", 44, 74, 56, 86);
	s = expect_shot(g, u, t, 2);
	assert_true(s.cover);
	assert_int_equal(s.covers, 1);
	assert_string_equal(s.detail, "heavy guns at close range 4, cover of wood (Bois): halved = 2 dice");
	game_free(g);

	/* A wood between the two, touching neither. */
	cover_case(TT_WOOD, 45, 88, 55, 92, true);
	/* A wood behind the target (y 70..79), touching its far edge: it is
	 * not between them, so no cover ... */
	cover_case(TT_WOOD, 44, 70, 56, 79, false);
	/* ... but a target partly inside a wood behind it (y 70..80) is in
	 * the wood: cover. */
	cover_case(TT_WOOD, 44, 70, 56, 80, true);
	/* The same for a village behind it. */
	cover_case(TT_VILLAGE, 44, 70, 56, 79, false);
	/* A wood off to the side is not in the zone. */
	cover_case(TT_WOOD, 30, 85, 40, 95, false);

	/* Infantry firing from the edge of the wood it stands in, at a target
	 * in the open: the wood is not between them. */
	g = musket_duel(2, &u, &t);
	add_rect(g, TT_WOOD, "", 40, 48, 60, 55);
	s = expect_shot(g, u, t, 2);
	assert_false(s.cover);
	game_free(g);

	/* A village gives cover; destroyed, it is rough ground and gives none. */
	g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	int v = add_rect(g, TT_VILLAGE, "Plancenoit", 44, 74, 56, 86);
	expect_shot(g, u, t, 2);
	g->map.f[v].damage = g->map.f[v].strength;
	expect_shot(g, u, t, 4);
	/* Rough ground, hills and hedges give no cover. */
	add_rect(g, TT_HILL, "", 40, 70, 60, 95);
	add_line(g, TT_HEDGE, "", 0.3, 40, 90, 60, 90);
	expect_shot(g, u, t, 4);
	game_free(g);
}

static void test_cover_wall(void **state)
{
	int u, t;
	struct game *g;
	struct fire_shot s;
	(void)state;
	/* Infantry front edge y = 49, target near edge y = 47. */
	/* A wall the firer is in contact with is ignored. */
	g = musket_duel(2, &u, &t);
	add_line(g, TT_WALL, "", 0.4, 40, 48.9, 60, 48.9);
	s = expect_shot(g, u, t, 2);
	assert_false(s.cover);
	game_free(g);
	/* Just in contact with it (the wall's near face 0.03 cm away). */
	g = musket_duel(2, &u, &t);
	add_line(g, TT_WALL, "", 0.4, 40, 48.77, 60, 48.77);
	s = expect_shot(g, u, t, 2);
	assert_false(s.cover);
	game_free(g);
	/* One the firer does not touch gives the target cover. */
	g = musket_duel(2, &u, &t);
	add_line(g, TT_WALL, "Hougoumont wall", 0.4, 40, 48, 60, 48);
	s = expect_shot(g, u, t, 1);
	assert_true(s.cover);
	assert_non_null(strstr(s.detail, "cover of stone wall (Hougoumont wall): halved"));
	game_free(g);
	/* Earthworks count as stone walls; ditches give cover too. */
	g = musket_duel(2, &u, &t);
	add_line(g, TT_EARTHWORK, "", 0.4, 40, 48, 60, 48);
	expect_shot(g, u, t, 1);
	game_free(g);
	g = musket_duel(2, &u, &t);
	add_line(g, TT_DITCH, "", 0.4, 40, 48, 60, 48);
	expect_shot(g, u, t, 1);
	game_free(g);
	/* A fence gives none. */
	g = musket_duel(2, &u, &t);
	add_line(g, TT_FENCE, "", 0.4, 40, 48, 60, 48);
	expect_shot(g, u, t, 2);
	game_free(g);
}

static void test_two_covers(void **state)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	struct fire_shot s;
	(void)state;
	add_rect(g, TT_WOOD, "Bois", 44, 74, 56, 86);
	add_line(g, TT_WALL, "", 0.4, 40, 92, 60, 92);
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: B1 has cover from two or more terrain features "
	                           "(wood (Bois), stone wall)");
	assert_int_equal(s.covers, 2);
	game_free(g);
}

/* ---- bombarding a structure ---- */

static void expect_feature_refused(const struct game *g, int u, int f, const char *words)
{
	struct fire_shot s;
	bool ok = fire_check_feature(g, u, f, NULL, &s);
	if (ok || !strstr(s.why, words))
		fail_msg("expected a refusal with \"%s\", got %s: \"%s\"", words, ok ? "eligible" : "refused",
		         s.why);
}

/* Firing at a village, landmark or bridge obeys the restrictions of any
 * shot, with the aiming point on the structure: range bands from the
 * nearest legal point, the facing, the zone of fire, the weather, contact
 * with the enemy and the ground the battery stands in. */
static void test_fire_at_feature(void **state)
{
	struct game *g = new_game();
	/* The battery's front edge is at y 98.5; the village's near edge at
	 * y 78 (20.5 cm: medium range), its far edge at 70. */
	int u = add_unit(g, "A1", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 100, 0);
	int v = add_rect(g, TT_VILLAGE, "Hameau", 45, 70, 55, 78);
	int e, f, st;
	struct fire_shot s;
	(void)state;
	assert_true(fire_check_feature(g, u, v, NULL, &s));
	assert_int_equal(s.feature, v);
	assert_int_equal(s.target, -1);
	assert_int_equal(s.band, RANGE_MEDIUM);
	assert_float_equal(s.range, 20.5, 1e-9);
	assert_int_equal(s.dice, 0);
	assert_string_equal(s.detail, "medium guns at medium range");
	/* An aiming point off the village. */
	assert_false(fire_check_feature(g, u, v, &(struct vec2){ 60, 75 }, &s));
	assert_non_null(strstr(s.why, "the aiming point must be on Hameau"));
	/* Behind the battery. */
	g->units[u].facing = 180;
	expect_feature_refused(g, u, v, "Hameau is not in front of A1");
	g->units[u].facing = 0;
	/* A friend in the zone, then an enemy formed unit. */
	f = add_unit(g, "A2", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 90, 0);
	expect_feature_refused(g, u, v, "A2 (formed) is in the zone of fire");
	g->units[f].state = US_ELIMINATED;
	/* Enemy skirmishers at medium range: only a formed target behind
	 * them may be fired at through them. */
	e = add_unit(g, "B1", SIDE_B, UT_LIGHT_INF, FORM_SKIRMISH, 50, 88, 180);
	expect_feature_refused(g, u, v, "fires through B1 (enemy unformed) only at a formed target");
	/* ... and in contact with the battery it may not fire at all. */
	g->units[e].pos = v2(50, 97.5);
	expect_feature_refused(g, u, v, "in contact with the enemy (B1)");
	g->units[e].state = US_ELIMINATED;
	/* Wet powder. */
	g->wx.sky = SKY_RAIN;
	expect_feature_refused(g, u, v, "wet powder");
	g->wx.sky = SKY_CLEAR;
	/* Standing in a stream. */
	st = add_line(g, TT_STREAM, "Bach", 1, 40, 100, 60, 100);
	expect_feature_refused(g, u, v, "may not fire while interpenetrated with a stream");
	g->map.f[st].type = TT_ROAD;
	/* Out of range. */
	g->units[u].pos = v2(50, 160);
	expect_feature_refused(g, u, v, "Hameau is out of range");
	game_free(g);
}

/* ---- terrain the firer stands in ---- */

static void test_no_fire_from_terrain(void **state)
{
	int u, t;
	struct game *g;
	(void)state;
	g = musket_duel(2, &u, &t);
	add_line(g, TT_STREAM, "Smohain", 1, 40, 50.5, 60, 50.5);
	expect_refused(g, u, t, "formed infantry may not fire while interpenetrated with a stream (Smohain)");
	game_free(g);
	/* Skirmishers in a ford neither. */
	g = musket_duel(2, &u, &t);
	g->units[u].type = UT_LIGHT_INF;
	g->units[u].form = FORM_SKIRMISH;
	add_rect(g, TT_FORD, "", 45, 49.5, 55, 53);
	expect_refused(g, u, t, "infantry in skirmish line may not fire while interpenetrated with a ford");
	game_free(g);
	/* A stream merely nearby does not matter. */
	g = musket_duel(2, &u, &t);
	add_line(g, TT_STREAM, "", 1, 40, 53, 60, 53);
	expect_shot(g, u, t, 2);
	game_free(g);

	/* Artillery on a hedge cannot fire; infantry on it can. */
	g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	add_line(g, TT_HEDGE, "", 0.3, 40, 100, 60, 100);
	expect_refused(g, u, t, "unlimbered artillery may not fire while interpenetrated with a hedge-row");
	game_free(g);
	g = musket_duel(2, &u, &t);
	add_line(g, TT_HEDGE, "", 0.3, 40, 50, 60, 50);
	expect_shot(g, u, t, 2);
	game_free(g);
	/* Artillery touching a wall or an earthwork from behind is in contact
	 * with it, not in it: it fires over it (the wall gives no cover to a
	 * target against a firer touching it); standing on it, it may not. */
	g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	add_line(g, TT_WALL, "", 0.4, 40, 98.3, 60, 98.3);
	expect_shot(g, u, t, 4);
	game_free(g);
	g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	add_line(g, TT_WALL, "", 0.4, 40, 98.4, 60, 98.4);
	expect_refused(g, u, t, "interpenetrated with a stone wall");
	game_free(g);
	g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	add_line(g, TT_EARTHWORK, "", 0.4, 40, 98.3, 60, 98.3);
	expect_shot(g, u, t, 4);
	game_free(g);
	g = battery_duel(WEIGHT_HEAVY, 10, &u, &t);
	add_line(g, TT_EARTHWORK, "", 0.4, 40, 98.4, 60, 98.4);
	expect_refused(g, u, t, "unlimbered artillery may not fire while interpenetrated with an earthwork");
	game_free(g);
}


/* ---- the aiming point ---- */

static void test_best_aim_avoids_blocker(void **state)
{
	int u, t, b;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	struct vec2 left = v2(47.5, 81), mid = v2(50, 81), off = v2(50, 83);
	struct fire_shot s;
	(void)state;
	/* An enemy line at x 43..48, y 82..84 screens the target's left end
	 * (x 47.5..52.5, near edge y = 81), not its middle. */
	b = add_unit(g, "B2", SIDE_B, UT_LINE_INF, FORM_LINE, 45.5, 83, 180);
	assert_false(fire_check(g, u, t, &left, &s));
	assert_string_equal(s.why, "cannot fire: B2 (formed) is in the zone of fire");
	assert_true(fire_check(g, u, t, &mid, &s));
	assert_float_equal(s.aim.x, 50, 1e-12);
	assert_int_equal(s.dice, 4);
	s = expect_shot(g, u, t, 4);
	assert_float_equal(s.range, 17.5, 1e-9);
	assert_true(s.aim.x > 48);
	assert_float_equal(s.aim.y, 81, 1e-9);
	assert_float_equal(s.tri[2].x, s.aim.x, 0);
	/* An aiming point off the target is refused. */
	assert_false(fire_check(g, u, t, &off, &s));
	assert_string_equal(s.why, "cannot fire: the aiming point must be on B1");
	/* Screened everywhere, the refusal names the screen rather than the
	 * range of some far corner. */
	g->units[b].pos = v2(50, 90);
	expect_refused(g, u, t, "B2 (formed) is in the zone of fire");
	game_free(g);
}

/* Part of the target in range but screened, the rest out of range: the
 * refusal names the screen. */
static void test_most_informative_refusal(void **state)
{
	struct game *g = new_game();
	int u = add_unit(g, "A1", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 100, 0);
	/* A column y 15.5..19.5: its near end 79 cm away, its far end 83. */
	int t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_COLUMN, 50, 17.5, 180);
	int k;
	struct fire_shot s;
	(void)state;
	g->units[u].weight = WEIGHT_HEAVY;
	s = expect_shot(g, u, t, 3); /* 2 at long range + column */
	assert_float_equal(s.range, 79, 1e-9);
	k = add_unit(g, "A2", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 60, 0);
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: A2 (formed) is in the zone of fire");
	/* Wholly out of range, it is the range. */
	g->units[k].state = US_ELIMINATED;
	g->units[t].pos.y -= 2;
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: B1 is out of range (81.0 cm; artillery reaches 80 cm)");
	game_free(g);
}

static void test_best_aim_avoids_cover(void **state)
{
	int u, t;
	struct game *g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	struct vec2 left = v2(48.5, 81);
	struct fire_shot s;
	(void)state;
	/* A wall in front of the target's left half only. */
	add_line(g, TT_WALL, "", 0.4, 40, 83, 49, 83);
	assert_true(fire_check(g, u, t, &left, &s));
	assert_int_equal(s.dice, 2);
	assert_true(s.cover);
	s = expect_shot(g, u, t, 4);
	assert_false(s.cover);
	assert_float_equal(s.range, 17.5, 1e-9);
	game_free(g);
}

/* ---- who may fire ---- */

static void test_unit_refusals(void **state)
{
	int u, t, e;
	struct game *g;
	struct fire_shot s;
	(void)state;

	g = musket_duel(2, &u, &t);
	assert_false(fire_check(g, u, u, NULL, &s));
	assert_false(fire_check(g, u, 99, NULL, &s));
	assert_string_equal(s.why, "cannot fire: no such unit");
	assert_false(fire_check(g, -1, t, NULL, &s));

	g->units[u].type = UT_LIGHT_CAV;
	expect_refused(g, u, t, "cavalry never fires");
	g->units[u].type = UT_LINE_INF;

	g->units[t].side = SIDE_A;
	expect_refused(g, u, t, "B1 is a friendly unit");
	g->units[t].side = SIDE_B;

	g->units[u].state = US_RESERVE;
	expect_refused(g, u, t, "A1 is not on the table");
	g->units[u].state = US_ACTIVE;
	g->units[t].state = US_ELIMINATED;
	expect_refused(g, u, t, "B1 is not on the table");
	g->units[t].state = US_ACTIVE;
	expect_shot(g, u, t, 2);

	/* In contact with any enemy: hand-to-hand instead. */
	e = add_unit(g, "B2", SIDE_B, UT_LINE_INF, FORM_LINE, 53.52, 50, 270);
	assert_false(fire_check(g, u, t, NULL, &s));
	assert_string_equal(s.why, "cannot fire: a unit in contact with the enemy (B2) fights "
	                           "hand-to-hand instead");
	/* Not so a friend. */
	g->units[e].side = SIDE_A;
	expect_shot(g, u, t, 2);
	/* Nor the target itself: hand-to-hand too. */
	g->units[e].state = US_ELIMINATED;
	g->units[t].pos.y = 47.98;
	expect_refused(g, u, t, "in contact with the enemy (B1)");
	game_free(g);
}

static void test_abandoned_guns(void **state)
{
	int u, t, k;
	struct game *g;
	(void)state;
	g = battery_duel(WEIGHT_HEAVY, 17.5, &u, &t);
	unit_set_marker(&g->units[u], MK_ORANGE, true);
	expect_refused(g, u, t, "abandoned guns cannot fire");
	unit_set_marker(&g->units[u], MK_ORANGE, false);
	/* Friendly abandoned guns in the zone do not block. */
	k = add_unit(g, "A2", SIDE_A, UT_FOOT_ART, FORM_BATTERY, 50, 90, 0);
	expect_refused(g, u, t, "A2 (friendly)");
	unit_set_marker(&g->units[k], MK_ORANGE, true);
	expect_shot(g, u, t, 4);
	/* Nor enemy ones at close range. */
	g->units[k].side = SIDE_B;
	expect_shot(g, u, t, 4);
	/* Nor may they be the target; nor does touching them stop fire. */
	expect_refused(g, u, k, "abandoned guns are treated as if they were not there");
	g->units[k].pos = v2(53.02, 100);
	expect_shot(g, u, t, 4);
	game_free(g);
}

/* ---- facing alone (outflanking) ---- */

static void test_can_bear(void **state)
{
	struct game *g = new_game();
	int u = add_unit(g, "A1", SIDE_A, UT_LINE_INF, FORM_LINE, 50, 50, 0);
	int t = add_unit(g, "B1", SIDE_B, UT_LINE_INF, FORM_LINE, 50, 47, 180);
	const struct unit *pu = &g->units[u], *pt = &g->units[t];
	(void)state;
	/* In front. */
	assert_true(fire_can_bear(g, pu, pt));
	/* On the flank, fronts level (x 52.5..57.5, y 49..51). */
	g->units[t].pos = v2(55, 50);
	g->units[t].facing = 0;
	assert_false(fire_can_bear(g, pu, pt));
	/* Level within the contact tolerance is still on the flank. */
	g->units[t].pos = v2(55, 49.97);
	assert_false(fire_can_bear(g, pu, pt));
	/* On the flank but reaching out ahead of the front edge. */
	g->units[t].pos = v2(55, 49);
	assert_true(fire_can_bear(g, pu, pt));
	/* Behind. */
	g->units[t].pos = v2(50, 53);
	assert_false(fire_can_bear(g, pu, pt));
	/* A square faces every way. */
	g->units[u].form = FORM_SQUARE;
	assert_true(fire_can_bear(g, pu, pt));
	g->units[u].form = FORM_ESQUARE;
	assert_true(fire_can_bear(g, pu, pt));
	/* Range and the unit's arm do not matter. */
	g->units[u].form = FORM_COLUMN;
	g->units[u].type = UT_HEAVY_CAV;
	g->units[t].pos = v2(50, 10);
	assert_true(fire_can_bear(g, pu, pt));
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formed_unit_blocks),
		cmocka_unit_test(test_own_body_blocks),
		cmocka_unit_test(test_friendly_skirmisher_blocks),
		cmocka_unit_test(test_enemy_skirmisher),
		cmocka_unit_test(test_square_fires_from_rear),
		cmocka_unit_test(test_fire_at_feature),
		cmocka_unit_test(test_cover_wood),
		cmocka_unit_test(test_cover_wall),
		cmocka_unit_test(test_two_covers),
		cmocka_unit_test(test_no_fire_from_terrain),
		cmocka_unit_test(test_best_aim_avoids_blocker),
		cmocka_unit_test(test_most_informative_refusal),
		cmocka_unit_test(test_best_aim_avoids_cover),
		cmocka_unit_test(test_unit_refusals),
		cmocka_unit_test(test_abandoned_guns),
		cmocka_unit_test(test_can_bear),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
