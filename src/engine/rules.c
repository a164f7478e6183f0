/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules: the tables of Mini-Nap v8 (core rules) and of the Mini-Nap 2
 * terrain and weather guidelines.  Each table names the section of the
 * text it comes from. */
#include "config.h"

#include "rules.h"

/* Organisation, "How do we base units?": 25x20 mm infantry, 25x40 mm
 * cavalry, 30x30 mm artillery, 25 mm round command stands. */
const struct stand_size rules_stand[ARM_COUNT] = {
	[ARM_INFANTRY] = { .w = 2.5, .d = 2.0 },
	[ARM_CAVALRY] = { .w = 2.5, .d = 4.0 },
	[ARM_ARTILLERY] = { .w = 3.0, .d = 3.0 },
	[ARM_COMMAND] = { .w = 2.5, .d = 2.5 },
};
/* Formations, skirmish lines: stands "about 4 to 5 mm apart". */
const double rules_skirmish_gap = 0.45;

/* "How do we determine the strength of a unit?" */
const struct sp_rules rules_sp = {
	.men_per_sp = 100, .round_up_at = 50, .min_sp = 2,
	.guns_per_sp = 2, .gun_min_sp = 2, .gun_max_sp = 6,
};

/* "How do we keep track of losses?": removed at one SP or less; unformed
 * units, squares and Guard at zero. */
const struct elimination_rules rules_elimination = { .normal = 1, .exempt = 0 };

/* The quality rating table, repeated throughout the rules. */
const int rules_quality[RATING_COUNT] = {
	[RATING_GUARD] = 1, [RATING_ELITE] = 2, [RATING_VETERAN] = 3,
	[RATING_TRAINED] = 4, [RATING_UNTRAINED] = 5,
};

/* "How far do I move a unit?"  Infantry in square inches (see rules_inch:
 * the 4 here is the larger inch); emergency squares cannot move. */
#define INFANTRY_ROWS(t) \
	{ .type = t, .form = FORM_LINE, .move = 6, .charge = 6 }, \
	{ .type = t, .form = FORM_COLUMN, .move = 6, .charge = 9 }, \
	{ .type = t, .form = FORM_SQUARE, .move = 4, .charge = RULES_CANT }, \
	{ .type = t, .form = FORM_ESQUARE, .move = 0, .charge = RULES_CANT }
const struct move_allowance rules_move[] = {
	INFANTRY_ROWS(UT_LINE_INF),
	INFANTRY_ROWS(UT_LIGHT_INF),
	{ .type = UT_LIGHT_INF, .form = FORM_SKIRMISH, .move = 18, .charge = 6 },
	{ .type = UT_HEAVY_CAV, .form = FORM_LINE, .move = 15, .charge = 30 },
	{ .type = UT_HEAVY_CAV, .form = FORM_COLUMN, .move = 15, .charge = 30 },
	{ .type = UT_MEDIUM_CAV, .form = FORM_LINE, .move = 20, .charge = 30 },
	{ .type = UT_MEDIUM_CAV, .form = FORM_COLUMN, .move = 20, .charge = 30 },
	{ .type = UT_LIGHT_CAV, .form = FORM_LINE, .move = 25, .charge = 25 },
	{ .type = UT_LIGHT_CAV, .form = FORM_COLUMN, .move = 25, .charge = 25 },
	{ .type = UT_LIGHT_CAV, .form = FORM_SKIRMISH, .move = 30, .charge = 25 },
	{ .type = UT_FOOT_ART, .form = FORM_BATTERY, .move = 1, .charge = RULES_CANT, .redeploy = 15 },
	{ .type = UT_HORSE_ART, .form = FORM_BATTERY, .move = 1, .charge = RULES_CANT, .redeploy = 20 },
};
#undef INFANTRY_ROWS
const int rules_move_count = (int)(sizeof rules_move / sizeof rules_move[0]);

const struct move_allowance *rules_move_for(enum unit_type t, enum formation f)
{
	for (int i = 0; i < rules_move_count; i++)
		if (rules_move[i].type == t && rules_move[i].form == f)
			return &rules_move[i];
	return 0;
}

/* "Can squares move?" */
const struct inch_rules rules_inch = { .near_cavalry = 2, .clear = 4, .cavalry_range = 12 };

/* "Can a unit move sideways / backwards / obliquely?", "How does
 * artillery move?", and the 90 degree charge restriction. */
const struct special_move_rules rules_special = {
	.sidestep = 6, .stepback = 6, .oblique_forward = 3, .oblique_side = 3,
	.prolong_back = 1, .pivot_charge_limit = 90,
};

/* Extended charges: 1D6 infantry and light cavalry, 2D6 medium, 3D6 heavy. */
const int rules_extend_dice[UT_COUNT] = {
	[UT_LINE_INF] = 1, [UT_LIGHT_INF] = 1, [UT_LIGHT_CAV] = 1,
	[UT_MEDIUM_CAV] = 2, [UT_HEAVY_CAV] = 3,
	[UT_FOOT_ART] = 0, [UT_HORSE_ART] = 0,
};

/* "How is a Division manoeuvred?" */
const struct division_move_rules rules_division_move = {
	.blocked_within = 12, .far_clear = 36,
	.far_move = 36, .far_keep_away = 24,
	.near_move = 24, .near_keep_away = 12,
};

/* "Reactions" */
const struct reaction_rules rules_react = {
	.fallback_inf_min = 12, .fallback_inf_max = 18,
	.fallback_cav_min = 18, .fallback_cav_max = 30,
	.flee_min = 12, .flee_max = 20,
	.esquare_charge_from = 12, .esquare_nearby = 6,
	.esquare_column_bonus = 1, .esquare_fail_hits = 2,
	.feint_min = 6, .feint_max = 12, .feint_pivot = 90,
	.opportunity_inf = 6, .opportunity_cav = 12, .opportunity_pivot = 90,
	.reman_clear = 12,
};

/* "The Firing Phase" */
const struct fire_rules rules_fire = {
	.small_arms_range = 4,
	.art_range = { [RANGE_CLOSE] = 20, [RANGE_MEDIUM] = 40, [RANGE_LONG] = 80 },
	.small_arms_dice = {
		[FORM_LINE] = 2, [FORM_SKIRMISH] = 2, [FORM_COLUMN] = 1,
		[FORM_SQUARE] = 1, [FORM_ESQUARE] = 1, [FORM_BATTERY] = 0,
	},
	.art_dice = {
		[WEIGHT_NONE] = { 0, 0, 0 },
		[WEIGHT_LIGHT] = { [RANGE_CLOSE] = 2, [RANGE_MEDIUM] = 1, [RANGE_LONG] = 0 },
		[WEIGHT_MEDIUM] = { [RANGE_CLOSE] = 3, [RANGE_MEDIUM] = 2, [RANGE_LONG] = 1 },
		[WEIGHT_HEAVY] = { [RANGE_CLOSE] = 4, [RANGE_MEDIUM] = 3, [RANGE_LONG] = 2 },
	},
	.guard_infantry_bonus = 1,
	.british_artillery_bonus = 1,
	.french_elite_artillery_bonus = 1,
	.target_square_or_column_bonus = 1,
	.pips_per_hit = 6,
	.support_range = 6,
	.suppress_sp = 5,
};

/* "Can units in close proximity to a hand-to-hand combat join in?" */
const struct melee_rules rules_melee = { .join_range = 6, .join_pivot = 90, .join_move = 6 };

/* "The Break-through Phase" */
const struct breakthrough_rules rules_breakthrough = {
	.rally_back_inf_min = 3, .rally_back_inf_max = 6,
	.rally_back_cav_min = 6, .rally_back_cav_max = 12,
	.rally_forward_inf = 6, .rally_forward_cav = 12,
	.rally_pivot = 90, .charge_hits = 1,
};

/* "The Sequence of Play" */
const struct initiative_rules rules_initiative = { .turn_dice = 2, .holder_dice = 3, .other_dice = 2 };

/* "Command": radius by commander's rating. */
const double rules_command_radius[CR_COUNT] = {
	[CR_EXCELLENT] = 18, [CR_GOOD] = 16, [CR_AVERAGE] = 14,
	[CR_POOR] = 12, [CR_DREADFUL] = 10, [CR_NONE] = 0,
};
const struct command_rules rules_command = {
	.cautious_limit = 24, .stand_move = 36, .attach_range = 6,
	.evade_min = 6, .evade_max = 12, .evade_enemy_clear = 6,
};

/* "Determining a Corps Commander's Rating".  The Russian table overlaps
 * (Poor "2 to 8", Dreadful "4 or less"): we read the narrower Dreadful
 * band as carved out of the bottom of Poor, so 2-4 is Dreadful and 5-8
 * Poor, which keeps the bands descending like every other table. */
#define ALL(r) { .n = 1, .rows = { { 2, 12, r } } }
const struct corps_rating_table rules_corps_rating[NAT_COUNT] = {
	[NAT_FRENCH] = { .n = 4, .rows = { { 10, 12, CR_EXCELLENT }, { 6, 9, CR_GOOD },
	                                   { 4, 5, CR_AVERAGE }, { 2, 3, CR_POOR } } },
	[NAT_BRITISH] = { .n = 4, .rows = { { 8, 12, CR_EXCELLENT }, { 7, 7, CR_GOOD },
	                                    { 4, 6, CR_AVERAGE }, { 2, 3, CR_POOR } } },
	[NAT_AUSTRIAN] = { .n = 3, .rows = { { 10, 12, CR_AVERAGE }, { 7, 9, CR_POOR },
	                                     { 2, 6, CR_DREADFUL } } },
	[NAT_PRUSSIAN] = { .n = 2, .rows = { { 5, 12, CR_GOOD }, { 2, 4, CR_AVERAGE } } },
	[NAT_RUSSIAN] = { .n = 4, .rows = { { 11, 12, CR_GOOD }, { 9, 10, CR_AVERAGE },
	                                    { 5, 8, CR_POOR }, { 2, 4, CR_DREADFUL } } },
	[NAT_DANISH] = ALL(CR_AVERAGE),
	[NAT_SWEDISH] = ALL(CR_AVERAGE),
	[NAT_OTTOMAN] = ALL(CR_DREADFUL),
	[NAT_OTHER] = ALL(CR_POOR),
};
#undef ALL

/* "Determining a Division Commander's Rating": the modifier by the
 * nationality of the corps, then the table for the modified throw (which
 * runs from -1 to 13). */
const int rules_division_modifier[NAT_COUNT] = {
	[NAT_FRENCH] = +1, [NAT_BRITISH] = +1, [NAT_RUSSIAN] = -1,
	[NAT_AUSTRIAN] = -2, [NAT_OTTOMAN] = -3,
	[NAT_PRUSSIAN] = 0, [NAT_DANISH] = 0, [NAT_SWEDISH] = 0, [NAT_OTHER] = 0,
};
const struct corps_rating_table rules_division_rating = {
	.n = 4, .rows = { { 13, 99, CR_GOOD }, { 10, 12, CR_AVERAGE },
	                  { 6, 9, CR_POOR }, { -99, 5, CR_DREADFUL } },
};

enum cmd_rating rules_rating_lookup(const struct corps_rating_table *t, int roll)
{
	for (int i = 0; i < t->n; i++)
		if (roll >= t->rows[i].lo && roll <= t->rows[i].hi)
			return t->rows[i].rating;
	return CR_NONE;
}

bool rules_rating_needs_dice(const struct corps_rating_table *t)
{
	return t->n > 1;
}

/* Mini-Nap 2 terrain guidelines.  Classes: formed infantry, infantry in
 * skirmish line, cavalry, limbered (redeploying) and unlimbered artillery,
 * command stands (which count as unformed light cavalry, except that
 * forests are open to them). */
#define ALLGO(g) { g, g, g, g, g, g }
#define ROW(inf, skm, cav, artl, artu, cmd) { inf, skm, cav, artl, artu, cmd }
const struct terrain_rules rules_terrain[TT_COUNT] = {
	/* Contours: no effect on movement (their effect on overhead artillery
	 * fire belongs to guidelines we do not have). */
	[TT_CONTOUR] = { .move = ALLGO(GO_FREE), .charge = ALLGO(GO_FREE), .intercept = ALLGO(GO_FREE) },
	/* Hills: everybody at half rate; hand-to-hand advantage. */
	[TT_HILL] = { .move = ALLGO(GO_HALF), .charge = ALLGO(GO_HALF), .intercept = ALLGO(GO_HALF), .h2h = true },
	/* Passable rough ground: free for infantry, half for the rest;
	 * infantry charge at half; cavalry may not charge or intercept. */
	[TT_ROUGH] = {
		.move = ROW(GO_FREE, GO_FREE, GO_HALF, GO_HALF, GO_HALF, GO_HALF),
		.charge = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.h2h = true,
	},
	/* Boggy ground: impassable except along roads. */
	[TT_BOGGY] = { .move = ALLGO(GO_NO), .charge = ALLGO(GO_NO), .intercept = ALLGO(GO_NO) },
	/* Woods: no artillery; half for others; cavalry may not charge or
	 * intercept; cover and hand-to-hand advantage. */
	[TT_WOOD] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_NO, GO_NO, GO_HALF),
		.charge = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.cover = true, .h2h = true,
	},
	/* Forests: only skirmishing infantry and command stands (we give them
	 * the woods' half rate, cover and advantage, which the text implies). */
	[TT_FOREST] = {
		.move = ROW(GO_NO, GO_HALF, GO_NO, GO_NO, GO_NO, GO_HALF),
		.charge = ROW(GO_NO, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_NO, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.cover = true, .h2h = true,
	},
	/* Villages: half rate for all, cavalry may charge but not intercept. */
	[TT_VILLAGE] = {
		.move = ALLGO(GO_HALF), .charge = ROW(GO_HALF, GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.cover = true, .h2h = true, .structure = true,
	},
	/* Landmarks: infantry only (the text gives no rate, so none). */
	[TT_LANDMARK] = {
		.move = ROW(GO_FREE, GO_FREE, GO_NO, GO_NO, GO_NO, GO_NO),
		.charge = ROW(GO_FREE, GO_FREE, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_FREE, GO_FREE, GO_NO, GO_NO, GO_NO, GO_NO),
		.cover = true, .h2h = true, .structure = true,
	},
	/* Bridges: crossed by the bridge move ("all units can cross a
	 * bridge"), not walked over.  These rows say who may do so: cross
	 * (move), charge the unit defending it or intercept over it (infantry
	 * and cavalry: "Cavalry units can charge or intercept over a bridge"
	 * lets cavalry do what infantry may, it bars nobody). */
	[TT_BRIDGE] = { .move = ALLGO(GO_FREE),
	                .charge = ROW(GO_FREE, GO_FREE, GO_FREE, GO_NO, GO_NO, GO_NO),
	                .intercept = ROW(GO_FREE, GO_FREE, GO_FREE, GO_NO, GO_NO, GO_NO),
	                .h2h = true, .structure = true },
	/* Fords: a river crossed at a ford counts as a stream. */
	[TT_FORD] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_NO, GO_HALF),
		.charge = ALLGO(GO_NO), .intercept = ALLGO(GO_NO),
		.h2h = true,
		.no_fire_inside = { true, true, true, true, true, true },
	},
	/* Hedges, fences, walls: infantry move and charge at half; cavalry
	 * move at half, never charge or intercept over them; artillery moves
	 * at half and may not fire while on them; walls also give cover. */
	[TT_HEDGE] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF),
		.charge = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.h2h = true, .linear = true,
		.no_fire_inside = { [TC_ART_LIMBERED] = true, [TC_ART_UNLIMBERED] = true },
	},
	[TT_FENCE] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF),
		.charge = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.h2h = true, .linear = true,
		.no_fire_inside = { [TC_ART_LIMBERED] = true, [TC_ART_UNLIMBERED] = true },
	},
	[TT_WALL] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF),
		.charge = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.cover = true, .h2h = true, .linear = true,
		.no_fire_inside = { [TC_ART_LIMBERED] = true, [TC_ART_UNLIMBERED] = true },
	},
	/* Earthworks are treated as stone walls. */
	[TT_EARTHWORK] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_HALF),
		.charge = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.intercept = ROW(GO_HALF, GO_HALF, GO_NO, GO_NO, GO_NO, GO_NO),
		.cover = true, .h2h = true, .linear = true,
		.no_fire_inside = { [TC_ART_LIMBERED] = true, [TC_ART_UNLIMBERED] = true },
	},
	/* Streams: half rate, not for unlimbered guns; no charging into, across
	 * or out of them; no firing from them.  The advantage goes to units
	 * outside the stream against units in it. */
	[TT_STREAM] = {
		.move = ROW(GO_HALF, GO_HALF, GO_HALF, GO_HALF, GO_NO, GO_HALF),
		.charge = ALLGO(GO_NO), .intercept = ALLGO(GO_NO),
		.h2h = true, .linear = true,
		.no_fire_inside = { true, true, true, true, true, true },
	},
	/* Rivers: impassable except at bridges and fords. */
	[TT_RIVER] = { .move = ALLGO(GO_NO), .charge = ALLGO(GO_NO), .intercept = ALLGO(GO_NO), .linear = true },
	/* Roads: no effect of their own; moving along one ignores the rest. */
	[TT_ROAD] = { .move = ALLGO(GO_FREE), .charge = ALLGO(GO_FREE), .intercept = ALLGO(GO_FREE), .linear = true },
	/* Ditches and sunken roads: half rate for everything; cover and
	 * hand-to-hand advantage. */
	[TT_DITCH] = { .move = ALLGO(GO_HALF), .charge = ALLGO(GO_HALF), .intercept = ALLGO(GO_HALF),
	               .cover = true, .h2h = true, .linear = true },
};
#undef ALLGO
#undef ROW

const struct terrain_limits rules_terrain_limits = {
	.half_rate_cost = 2,
	.stream_max_width = 2,
	.road_width = 3,
	.wood_min = 5, .wood_max = 10, .village_min = 5, .village_max = 10,
	.landmark_max = 5,
	.hill_min_levels = 2,
	.damage_roll_max = 2, .damage_hits_light = 1, .damage_hits_heavy = 2,
	.village_strength = 8, .landmark_strength = 5,
};

/* Mini-Nap 2 weather guidelines: the time the battle begins (2D6). */
const struct time_row rules_time[7] = {
	{ 2, 2, 4, true, false },
	{ 3, 4, 6, false, false },
	{ 5, 6, 8, false, false },
	{ 7, 8, 10, false, false },
	{ 9, 10, 12, false, false },
	{ 11, 11, 14, false, false },
	{ 12, 12, 16, false, true },
};

/* ... and the weather (2D6). */
const struct weather_row rules_weather[7] = {
	{ 2, 2, WX_SNOW },
	{ 3, 3, WX_RAIN },
	{ 4, 4, WX_SHOWERS },
	{ 5, 9, WX_CLEAR },
	{ 10, 10, WX_FOG },
	{ 11, 11, WX_WIND },
	{ 12, 12, WX_HOT },
};

const struct weather_rules rules_weather_misc = {
	.turn_minutes = 30,
	.dawn_start = 10, .dawn_step = 50,
	.dusk_start = 300, .dusk_step = 50,
	.sight_per_pip_light = 6, .sight_per_pip_heavy = 3,
	.fog_clears_at_hour = 12,
	/* "the weather may be re-determined once and once only" */
	.rethrows = 1,
};
