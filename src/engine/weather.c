/* SPDX-License-Identifier: GPL-3.0-or-later */
/* weather: when the battle begins, what the sky does, how far one sees. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "game.h"
#include "order.h"
#include "rules.h"
#include "terrain.h"
#include "weather.h"

int weather_time_for_roll(int roll, bool *dawn, bool *dusk)
{
	for (int i = 0; i < rules_in_force->ntime; i++) {
		const struct time_row *r = &rules_time[i];
		if (roll >= r->lo && roll <= r->hi) {
			*dawn = r->dawn;
			*dusk = r->dusk;
			return r->hour * 60;
		}
	}
	*dawn = *dusk = false;
	return 10 * 60;
}

enum weather weather_for_roll(int roll)
{
	for (int i = 0; i < rules_in_force->nweather; i++)
		if (roll >= rules_weather[i].lo && roll <= rules_weather[i].hi)
			return rules_weather[i].weather;
	return WX_CLEAR;
}

/* The sky a weather begins with until its first throw says otherwise. */
static enum sky initial_sky(enum weather w)
{
	static const enum sky sky[WX_COUNT] = {
		[WX_CLEAR] = SKY_CLEAR, [WX_SHOWERS] = SKY_SHOWERS, [WX_RAIN] = SKY_RAIN,
		[WX_FOG] = SKY_FOG, [WX_WIND] = SKY_WIND, [WX_HOT] = SKY_HOT,
		[WX_SNOW] = SKY_SNOW,
	};
	return sky[w];
}

void weather_setup(struct game *g)
{
	struct weather_state *w = &g->wx;
	char clock[8];
	if (w->time_roll) {
		int roll = game_roll(g, rules_weather_misc.time_dice, NULL, "time the battle begins");
		w->start_minutes = weather_time_for_roll(roll, &w->dawn, &w->dusk);
		game_log(g, "The battle begins at %s%s.", weather_clock(g, 1, clock),
		         w->dawn ? " (dawn)" : w->dusk ? " (dusk)" : "");
		w->time_roll = false;
	}
	if (w->weather_roll) {
		int roll = game_roll(g, rules_weather_misc.weather_dice, NULL, "weather of the battle");
		w->weather = weather_for_roll(roll);
		game_log(g, "The weather is %s.", weather_names[w->weather].label);
		w->weather_roll = false;
		w->rolled = true;
	}
	w->sky = initial_sky(w->weather);
	/* No mud yet: it comes with the first throw that gives rain or showers
	 * in rain, or snow (weather_turn), not with the forecast; snow may
	 * give way to mist, and a double clear it, before any falls. */
	w->mud = false;
}

bool weather_may_rethrow(const struct game *g)
{
	return g->phase == PHASE_SETUP && g->wx.rolled && g->wx.rethrows < rules_weather_misc.rethrows;
}

/* "If the players don't like the weather thrown, and all agree, then the
 * weather may be re-determined once and once only": before play, where
 * it was thrown.  The players' agreement is the caller's to ask. */
int weather_rethrow(struct game *g, char *why, size_t size)
{
	struct weather_state *w = &g->wx;
	int allowed = rules_weather_misc.rethrows, roll;
	struct order o = order_new(ORD_REWEATHER);
	char times[16];
	if (allowed == 1)
		snprintf(times, sizeof times, "once");
	else
		snprintf(times, sizeof times, "%d times", allowed);
	if (g->phase != PHASE_SETUP) {
		snprintf(why, size, "the weather may be thrown again only before the battle begins");
		return -1;
	}
	if (!w->rolled) {
		snprintf(why, size, "the scenario sets the weather (%s): only a weather thrown before the battle may "
		         "be thrown again", weather_names[w->weather].label);
		return -1;
	}
	if (w->rethrows >= allowed) {
		snprintf(why, size, "the weather may be thrown again %s only, and it has been", times);
		return -1;
	}
	roll = game_roll(g, rules_weather_misc.weather_dice, NULL, "weather of the battle, thrown again");
	w->weather = weather_for_roll(roll);
	w->rethrows++;
	w->sky = initial_sky(w->weather);
	w->mud = false;
	game_log(g, "The weather is thrown again: %s, for the battle.", weather_names[w->weather].label);
	game_record(g, &o);
	return 0;
}

int weather_minutes(const struct game *g, int turn)
{
	return g->wx.start_minutes + (turn - 1) * rules_weather_misc.turn_minutes;
}

const char *weather_clock(const struct game *g, int turn, char buf[8])
{
	int m = weather_minutes(g, turn) % (24 * 60);
	snprintf(buf, 8, "%02d:%02d", (m / 60) % 24, m % 60);
	return buf;
}

double weather_visibility(const struct game *g)
{
	const struct weather_rules *r = &rules_weather_misc;
	double v = INFINITY;
	int n = g->turn - 1;
	if (g->wx.dawn)
		v = r->dawn_start + r->dawn_step * n;
	if (g->wx.dusk) {
		v = r->dusk_start - r->dusk_step * n;
		if (v < 0)
			v = 0;
	}
	if (g->wx.sky_sight > 0 && g->wx.sky_sight < v)
		v = g->wx.sky_sight;
	return v;
}

/* Hot weather: "All units move, charge, intercept, break-through, etc, at
 * half rate".  Mud (rain, or snow once it falls): the whole field "is
 * considered to be passable rough ground", so each class of mover gets the
 * terrain table's row for passable rough ground in each mode: infantry
 * moves freely and charges and intercepts at half rate, the others move at
 * half rate, cavalry may not charge or intercept.  Only movement: the
 * hand-to-hand advantage of rough ground would go to every unit on the
 * field, and the mud gives none. */
enum go weather_ground(const struct game *g, enum tclass tc, enum terrain_mode mode)
{
	enum go go = g->wx.mud ? terrain_rule_go(TT_ROUGH, mode, tc) : GO_FREE;
	if (g->wx.weather == WX_HOT && go == GO_FREE)
		go = GO_HALF;
	return go;
}

double weather_ground_rate(const struct game *g, enum tclass tc, enum terrain_mode mode)
{
	double rate = g->wx.mud ? terrain_rule_rate(TT_ROUGH, mode, tc) : 1;
	if (g->wx.weather == WX_HOT && rate == 1)
		rate = rules_terrain_limits.half_rate_cost;
	return rate;
}

bool weather_all_half(const struct game *g, enum tclass tc)
{
	return weather_ground(g, tc, TMODE_MOVE) != GO_FREE;
}

const char *weather_mud_text(const struct game *g)
{
	return g->wx.weather == WX_SNOW ? "the snow has turned the whole field to mud, passable rough ground"
	                                : "the rain has turned the whole field to mud, passable rough ground";
}
