/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-weather: the Mini-Nap 2 weather guidelines through weather.h, with
 * scripted dice: the time the battle begins and the weather, each thrown
 * once before play and logged; the clock; dawn and dusk visibility and the
 * sky's, the smaller counting; what each weather's 1D6 and 2D6 give at the
 * start of a Turn (clear for good, spells, "greater than" not "equal",
 * doubles, snow's 2D6 spell, the fog lifting at noon); mud as passable
 * rough ground and hot weather's half rate; the weather thrown again once
 * only, before play, where it was thrown. */
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

#include "engine/game.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/weather.h"
#include "test-util.h"
#include "io/load-rules.h"

/* A game in its setup with a line a side on the table (each side has a
 * brigade to choose, so a Turn begins with a throw for the initiative). */
static struct game *new_game(enum weather w)
{
	struct game *g = test_game_new(1);
	struct unit a = test_unit("A", SIDE_A, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 150, 0);
	struct unit b = test_unit("B", SIDE_B, UT_LINE_INF, RATING_TRAINED, FORM_LINE, 50, 50, 180);
	snprintf(g->side[SIDE_A].name, sizeof g->side[SIDE_A].name, "French");
	snprintf(g->side[SIDE_B].name, sizeof g->side[SIDE_B].name, "Austrians");
	game_add_unit(g, &a);
	game_add_unit(g, &b);
	g->wx.weather = w;
	weather_setup(g);
	return g;
}

/* Whether a log line is exactly text. */
static bool logged(const struct game *g, const char *text)
{
	for (int i = 0; i < g->nlog; i++)
		if (strcmp(g->log[i].text, text) == 0)
			return true;
	return false;
}

static int count_lines(const struct game *g, const char *part)
{
	int n = 0;
	for (int i = 0; i < g->nlog; i++)
		n += strstr(g->log[i].text, part) != NULL;
	return n;
}

/* Begin a Turn with the French winning the initiative (2D6 6+6 against
 * 1+1), then the weather's 1D6 and 2D6 (d2a + d2b) when it is thrown. */
static void begin_turn(struct game *g, int d1, int d2a, int d2b)
{
	int pips[7] = { 6, 6, 1, 1, d1, d2a, d2b };
	assert_int_equal(game_queue_dice(g, pips, d1 ? 7 : 4), 0);
	seq_begin_turn(g);
	assert_int_equal(g->initiative, SIDE_A);
	assert_int_equal(g->script_pos, g->nscript);
}

/* "The time of day when the battle starts ... Throw 2D6": 2 is 4 AM and
 * dawn, 3-4 6 AM, 5-6 8 AM, 7-8 10 AM, 9-10 noon, 11 2 PM, 12 4 PM and
 * dusk.  "each full Game Turn represents perhaps half an hour". */
static void test_time_of_day(void **state)
{
	static const int hour[13] = { [2] = 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 16 };
	struct game *g = test_game_new(1);
	char clock[8];
	(void)state;
	for (int roll = 2; roll <= 12; roll++) {
		bool dawn, dusk;
		assert_int_equal(weather_time_for_roll(roll, &dawn, &dusk), hour[roll] * 60);
		assert_int_equal(dawn, roll == 2);
		assert_int_equal(dusk, roll == 12);
	}
	g->wx.start_minutes = 4 * 60;
	assert_string_equal(weather_clock(g, 1, clock), "04:00");
	assert_string_equal(weather_clock(g, 2, clock), "04:30");
	assert_string_equal(weather_clock(g, 21, clock), "14:00");
	assert_int_equal(weather_minutes(g, 5), 6 * 60);
	game_free(g);
}

/* "The type of weather": 2 snow, 3 rain, 4 showers, 5 to 9 clear, 10 fog
 * and mist, 11 strong winds, 12 hot weather. */
static void test_weather_table(void **state)
{
	static const enum weather want[13] = { [2] = WX_SNOW, WX_RAIN, WX_SHOWERS, WX_CLEAR, WX_CLEAR,
	                                       WX_CLEAR, WX_CLEAR, WX_CLEAR, WX_FOG, WX_WIND, WX_HOT };
	(void)state;
	for (int roll = 2; roll <= 12; roll++)
		assert_int_equal(weather_for_roll(roll), want[roll]);
}

/* Thrown "once only before the game", each with its 2D6 in the log: 1+1
 * is 4 AM, with the dawn rule; 5+5 is fog and mist, and the sky begins
 * foggy.  Rain thrown (1+2) is not mud yet: that comes with the first
 * Turn's throw. */
static void test_setup_throws(void **state)
{
	struct game *g = test_game_new(1);
	char clock[8];
	(void)state;
	g->wx.time_roll = g->wx.weather_roll = true;
	game_queue_dice(g, (int[]){ 1, 1, 5, 5 }, 4);
	weather_setup(g);
	assert_true(logged(g, "time the battle begins: 2D6 1+1 = 2"));
	assert_true(logged(g, "The battle begins at 04:00 (dawn)."));
	assert_true(logged(g, "weather of the battle: 2D6 5+5 = 10"));
	assert_true(logged(g, "The weather is fog and mist."));
	assert_int_equal(g->wx.start_minutes, 4 * 60);
	assert_true(g->wx.dawn);
	assert_false(g->wx.dusk);
	assert_int_equal(g->wx.weather, WX_FOG);
	assert_int_equal(g->wx.sky, SKY_FOG);
	assert_true(g->wx.rolled);
	assert_false(g->wx.time_roll || g->wx.weather_roll);
	assert_string_equal(weather_clock(g, 1, clock), "04:00");
	/* Set up again: nothing more is thrown. */
	weather_setup(g);
	assert_int_equal(count_lines(g, "2D6"), 2);
	game_free(g);

	g = test_game_new(1);
	g->wx.weather_roll = true;
	game_queue_dice(g, (int[]){ 1, 2 }, 2);
	weather_setup(g);
	assert_int_equal(g->wx.weather, WX_RAIN);
	assert_false(g->wx.mud);
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_CHARGE), GO_FREE);
	game_free(g);
}

/* Dawn: "Visibility starts at 10 cm and increases at the start of each
 * subsequent Game Turn by 50 cm".  Dusk: "starts at 300 cm and decreases
 * ... by 50 cm per Turn until visibility reaches zero".  "Always use the
 * minimum visibility distance as determined by both the time of day and
 * the weather."  Broad day and a clear sky: no limit. */
static void test_visibility(void **state)
{
	struct game *g = test_game_new(1);
	(void)state;
	assert_true(isinf(weather_visibility(g)));
	g->wx.dawn = true;
	for (int t = 1; t <= 3; t++) {
		g->turn = t;
		assert_float_equal(weather_visibility(g), 10 + 50 * (t - 1), 1e-9);
	}
	g->wx.sky_sight = 18;
	g->turn = 1;
	assert_float_equal(weather_visibility(g), 10, 1e-9);
	g->turn = 2;
	assert_float_equal(weather_visibility(g), 18, 1e-9);
	g->wx.dawn = false;
	g->wx.sky_sight = 0;
	g->wx.dusk = true;
	for (int t = 1; t <= 9; t++) {
		g->turn = t;
		assert_float_equal(weather_visibility(g), t <= 7 ? 300 - 50 * (t - 1) : 0, 1e-9);
	}
	game_free(g);
}

/* Showers: "If the 2D6 is greater than the 1D6 throw then the weather is
 * clear for the next 1D6 moves; otherwise ... showers", one seeing the
 * 1D6 x 6 cm; showers alone make no mud.  Strong winds: 2D6 over the 1D6
 * and they abate "for the remainder of the game"; 2D6 equal to it is not
 * greater: they blow for the next 1D6 Turns. */
static void test_showers_and_wind(void **state)
{
	struct game *g = new_game(WX_SHOWERS);
	(void)state;
	begin_turn(g, 3, 2, 2);
	assert_true(logged(g, "French: weather, the single die: 1D6 3"));
	assert_true(logged(g, "French: weather, the pair: 2D6 2+2 = 4"));
	assert_int_equal(g->wx.sky, SKY_CLEAR);
	assert_int_equal(g->wx.sky_turns, 2);
	assert_true(isinf(weather_visibility(g)));
	game_free(g);

	g = new_game(WX_SHOWERS);
	begin_turn(g, 5, 1, 2);
	assert_int_equal(g->wx.sky, SKY_SHOWERS);
	assert_int_equal(g->wx.sky_turns, 4);
	assert_float_equal(weather_visibility(g), 30, 1e-9);
	assert_false(g->wx.mud);
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_CHARGE), GO_FREE);
	game_free(g);

	g = new_game(WX_WIND);
	begin_turn(g, 3, 1, 3);
	assert_true(logged(g, "The wind drops for the rest of the battle."));
	assert_true(g->wx.settled_clear);
	assert_int_equal(g->wx.sky, SKY_CLEAR);
	/* Settled: no more weather throws. */
	begin_turn(g, 0, 0, 0);
	assert_int_equal(count_lines(g, "weather, the single die"), 1);
	game_free(g);

	g = new_game(WX_WIND);
	begin_turn(g, 4, 2, 2);
	assert_int_equal(g->wx.sky, SKY_WIND);
	assert_false(g->wx.settled_clear);
	assert_int_equal(g->wx.sky_turns, 3);
	assert_true(isinf(weather_visibility(g)));
	game_free(g);
}

/* Rain: 2D6 over the 1D6, showers (one sees 1D6 x 6 cm); else rain (1D6 x
 * 3 cm); "During rain and showers, the whole battlefield turns to mud and
 * is considered to be passable rough ground": infantry moves freely and
 * charges at half rate, the rest move at half rate, cavalry may not charge
 * or intercept. */
static void test_rain_makes_mud(void **state)
{
	struct game *g = new_game(WX_RAIN);
	(void)state;
	begin_turn(g, 2, 3, 4);
	assert_int_equal(g->wx.sky, SKY_SHOWERS);
	assert_float_equal(weather_visibility(g), 12, 1e-9);
	assert_true(g->wx.mud);
	assert_true(logged(g, "The whole field turns to mud (passable rough ground) for the rest of the battle."));
	assert_int_equal(weather_ground(g, TC_INFANTRY, TMODE_MOVE), GO_FREE);
	assert_int_equal(weather_ground(g, TC_INFANTRY, TMODE_CHARGE), GO_HALF);
	assert_int_equal(weather_ground(g, TC_INFANTRY, TMODE_INTERCEPT), GO_HALF);
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_MOVE), GO_HALF);
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_CHARGE), GO_NO);
	assert_int_equal(weather_ground(g, TC_CAVALRY, TMODE_INTERCEPT), GO_NO);
	assert_int_equal(weather_ground(g, TC_ART_LIMBERED, TMODE_MOVE), GO_HALF);
	assert_false(weather_all_half(g, TC_INFANTRY));
	assert_true(weather_all_half(g, TC_CAVALRY));
	assert_non_null(strstr(weather_mud_text(g), "rain"));
	game_free(g);

	g = new_game(WX_RAIN);
	begin_turn(g, 5, 2, 3);
	assert_int_equal(g->wx.sky, SKY_RAIN);
	assert_float_equal(weather_visibility(g), 15, 1e-9);
	assert_int_equal(g->wx.sky_turns, 4);
	assert_true(g->wx.mud);
	game_free(g);
}

/* Snow: "If a double is thrown on the 2D6, then the weather turns to
 * clear and remains clear"; 2D6 over the 1D6 is mist (1D6 x 6 cm); else
 * "snow for the next 2D6 moves" (one sees 1D6 x 3 cm), and "as soon as it
 * snows" the field is mud. */
static void test_snow(void **state)
{
	struct game *g = new_game(WX_SNOW);
	(void)state;
	begin_turn(g, 6, 2, 3);
	assert_int_equal(g->wx.sky, SKY_SNOW);
	assert_int_equal(g->wx.sky_turns, 4);
	assert_float_equal(weather_visibility(g), 18, 1e-9);
	assert_true(g->wx.mud);
	assert_non_null(strstr(weather_mud_text(g), "snow"));
	game_free(g);

	g = new_game(WX_SNOW);
	begin_turn(g, 2, 4, 5);
	assert_int_equal(g->wx.sky, SKY_MIST);
	assert_int_equal(g->wx.sky_turns, 1);
	assert_float_equal(weather_visibility(g), 12, 1e-9);
	assert_false(g->wx.mud);
	game_free(g);

	g = new_game(WX_SNOW);
	begin_turn(g, 1, 6, 6);
	assert_true(logged(g, "A double: the weather clears for the rest of the battle."));
	assert_true(g->wx.settled_clear);
	assert_false(g->wx.mud);
	assert_true(isinf(weather_visibility(g)));
	game_free(g);
}

/* Fog and mist: a double clears it for good; mist (1D6 x 6 cm) or fog
 * (1D6 x 3 cm) otherwise; "The weather will become clear from noon
 * onwards if not already clear by that time": at 11:30 the sky is thrown
 * (mist for 3 Turns), at 12:00 the fog has lifted, spell or no spell, and
 * nothing is thrown. */
static void test_fog_lifts_at_noon(void **state)
{
	struct game *g = new_game(WX_FOG);
	(void)state;
	begin_turn(g, 4, 1, 2);
	assert_int_equal(g->wx.sky, SKY_FOG);
	assert_float_equal(weather_visibility(g), 12, 1e-9);
	game_free(g);

	g = new_game(WX_FOG);
	g->wx.start_minutes = 11 * 60 + 30;
	begin_turn(g, 3, 2, 3);
	assert_int_equal(g->wx.sky, SKY_MIST);
	assert_float_equal(weather_visibility(g), 18, 1e-9);
	assert_int_equal(g->wx.sky_turns, 2);
	begin_turn(g, 0, 0, 0);
	assert_int_equal(g->turn, 2);
	assert_true(logged(g, "Noon: the fog has lifted for good."));
	assert_true(g->wx.settled_clear);
	assert_true(isinf(weather_visibility(g)));
	assert_int_equal(count_lines(g, "weather, the single die"), 1);
	game_free(g);
}

/* A spell lasts its Turns: showers for 2 Turns (1D6 2) are thrown again
 * at the start of the third Turn, not before. */
static void test_spells_last(void **state)
{
	struct game *g = new_game(WX_SHOWERS);
	(void)state;
	begin_turn(g, 2, 1, 1);
	assert_int_equal(g->wx.sky, SKY_SHOWERS);
	begin_turn(g, 0, 0, 0);
	assert_int_equal(g->wx.sky, SKY_SHOWERS);
	assert_float_equal(weather_visibility(g), 12, 1e-9);
	begin_turn(g, 1, 3, 4);
	assert_int_equal(g->turn, 3);
	assert_int_equal(g->wx.sky, SKY_CLEAR);
	assert_int_equal(count_lines(g, "weather, the single die"), 2);
	game_free(g);
}

/* Hot weather: "All units move, charge, intercept, break-through, etc, at
 * half rate for the entire game"; clear weather has no effect. */
static void test_hot_and_clear(void **state)
{
	struct game *g = new_game(WX_HOT);
	(void)state;
	for (int c = 0; c < TC_COUNT; c++) {
		assert_int_equal(weather_ground(g, (enum tclass)c, TMODE_MOVE), GO_HALF);
		assert_int_equal(weather_ground(g, (enum tclass)c, TMODE_CHARGE), GO_HALF);
		assert_int_equal(weather_ground(g, (enum tclass)c, TMODE_INTERCEPT), GO_HALF);
		assert_true(weather_all_half(g, (enum tclass)c));
	}
	begin_turn(g, 0, 0, 0);
	assert_int_equal(count_lines(g, "weather, the single die"), 0);
	game_free(g);
	g = new_game(WX_CLEAR);
	for (int c = 0; c < TC_COUNT; c++) {
		assert_int_equal(weather_ground(g, (enum tclass)c, TMODE_CHARGE), GO_FREE);
		assert_false(weather_all_half(g, (enum tclass)c));
	}
	game_free(g);
}

/* "the weather may be re-determined once and once only. The re-thrown
 * weather will be the weather for the battle": before play, and only a
 * weather that was thrown (not one the scenario sets); in the history. */
static void test_rethrow(void **state)
{
	struct game *g = test_game_new(1);
	char why[256];
	(void)state;
	g->wx.weather_roll = true;
	game_queue_dice(g, (int[]){ 1, 1, 6, 5, 2, 2 }, 6);
	weather_setup(g);
	assert_int_equal(g->wx.weather, WX_SNOW);
	assert_true(weather_may_rethrow(g));
	assert_int_equal(weather_rethrow(g, why, sizeof why), 0);
	assert_true(logged(g, "weather of the battle, thrown again: 2D6 6+5 = 11"));
	assert_true(logged(g, "The weather is thrown again: strong winds, for the battle."));
	assert_int_equal(g->wx.weather, WX_WIND);
	assert_int_equal(g->wx.sky, SKY_WIND);
	assert_int_equal(g->wx.rethrows, 1);
	assert_int_equal(g->history[g->nhistory - 1].kind, ORD_REWEATHER);
	assert_false(weather_may_rethrow(g));
	assert_int_equal(weather_rethrow(g, why, sizeof why), -1);
	assert_string_equal(why, "the weather may be thrown again once only, and it has been");
	assert_int_equal(g->wx.weather, WX_WIND);
	assert_int_equal(g->script_pos, 4);
	game_free(g);

	g = new_game(WX_RAIN);
	assert_false(weather_may_rethrow(g));
	assert_int_equal(weather_rethrow(g, why, sizeof why), -1);
	assert_string_equal(why, "the scenario sets the weather (rain): only a weather thrown before the "
	                         "battle may be thrown again");
	game_free(g);

	g = test_game_new(1);
	g->wx.weather_roll = true;
	game_queue_dice(g, (int[]){ 3, 4 }, 2);
	weather_setup(g);
	g->phase = PHASE_MANOEUVRE;
	assert_false(weather_may_rethrow(g));
	assert_int_equal(weather_rethrow(g, why, sizeof why), -1);
	assert_string_equal(why, "the weather may be thrown again only before the battle begins");
	assert_int_equal(g->wx.rethrows, 0);
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_time_of_day),
		cmocka_unit_test(test_weather_table),
		cmocka_unit_test(test_setup_throws),
		cmocka_unit_test(test_visibility),
		cmocka_unit_test(test_showers_and_wind),
		cmocka_unit_test(test_rain_makes_mud),
		cmocka_unit_test(test_snow),
		cmocka_unit_test(test_fog_lifts_at_noon),
		cmocka_unit_test(test_spells_last),
		cmocka_unit_test(test_hot_and_clear),
		cmocka_unit_test(test_rethrow),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
