/* SPDX-License-Identifier: GPL-3.0-or-later */
/* state: the table of the battle's changing state that saves write and
 * read. */
#include "config.h"

#include <stddef.h>

#include "game.h"
#include "state.h"

#define AT(field) offsetof(struct battle_state, field), sizeof(((struct battle_state *)0)->field)
#define FIELD(group, key, kind, field) { group, key, kind, AT(field), 0, 0, NULL, 0, false }
#define RANGE(group, key, kind, field, lo, hi) { group, key, kind, AT(field), lo, hi, NULL, 0, false }
#define NAMES(group, key, field, names, count) { group, key, SK_ENUM, AT(field), 0, 0, names, count, false }

const struct state_field state_fields[] = {
	FIELD("game", "turn", SK_TURN, turn),
	NAMES("game", "phase", phase, phase_names, PHASE_COUNT),
	FIELD("game", "initiative", SK_SIDE, initiative),
	FIELD("game", "brigade", SK_BRIGADE, active_brigade),
	FIELD("game", "current", SK_UNIT, current_unit),
	FIELD("game", "divmove", SK_DIVISION, divmove),
	RANGE("game", "divmove_allow", SK_DOUBLE, divmove_allow, 0, 1000),
	RANGE("game", "divmove_keep", SK_DOUBLE, divmove_keep, 0, 1000),
	RANGE("game", "initiatives", SK_INT, initiatives, 0, 1000000),
	RANGE("game", "decisions", SK_INT, decisions, 0, 100000000),
	RANGE("game", "terrain_version", SK_INT, terrain_version, 0, 1000000),
	RANGE("game", "winner", SK_INT, winner, -1, 1),
	FIELD("game", "result", SK_TEXT, result),
	FIELD("game", "ended", SK_TEXT, ended),
	FIELD("weather", "time_roll", SK_BOOL, wx.time_roll),
	FIELD("weather", "weather_roll", SK_BOOL, wx.weather_roll),
	RANGE("weather", "start", SK_INT, wx.start_minutes, 0, 24 * 60 - 1),
	FIELD("weather", "dawn", SK_BOOL, wx.dawn),
	FIELD("weather", "dusk", SK_BOOL, wx.dusk),
	NAMES("weather", "weather", wx.weather, weather_names, WX_COUNT),
	NAMES("weather", "sky", wx.sky, sky_names, SKY_COUNT),
	RANGE("weather", "sky_turns", SK_INT, wx.sky_turns, 0, 100),
	RANGE("weather", "sky_sight", SK_DOUBLE, wx.sky_sight, 0, 10000),
	FIELD("weather", "mud", SK_BOOL, wx.mud),
	FIELD("weather", "settled", SK_BOOL, wx.settled_clear),
	FIELD("weather", "rolled", SK_BOOL, wx.rolled),
	{ "weather", "rethrows", SK_INT, AT(wx.rethrows), 0, 100, NULL, 0, true },
};
const int state_nfields = (int)(sizeof state_fields / sizeof state_fields[0]);
