/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules: every number of the Mini-Nap texts as data.  Code elsewhere owns
 * the formulas; these tables own the numbers.  A variant ruleset changes
 * this file (or, later, a data file that fills the same structs). */
#ifndef GROGNARD_RULES_H
#define GROGNARD_RULES_H

#include <stdbool.h>

#include "enums.h"

#define RULES_CANT (-1.0) /* "Can't" in a movement table */

/* Basing: stand sizes in cm (command stands are circles, w = diameter). */
struct stand_size {
	double w, d;
};
extern const struct stand_size rules_stand[ARM_COUNT];
/* Skirmish lines: the gap between the two stands ("about 4 to 5 mm"). */
extern const double rules_skirmish_gap;

/* Strength points from historical strength. */
struct sp_rules {
	int men_per_sp;   /* one SP per this many troops */
	int round_up_at;  /* a remainder of this many or more rounds up */
	int min_sp;       /* infantry and cavalry start with at least this */
	int guns_per_sp;  /* artillery: one SP per this many guns, rounded down */
	int gun_min_sp, gun_max_sp;
};
extern const struct sp_rules rules_sp;

/* Elimination: a unit goes at this SP or less; the exempt (unformed, in
 * square, Guard) only at zero. */
struct elimination_rules {
	int normal, exempt;
};
extern const struct elimination_rules rules_elimination;

/* The quality rating: the score needed on 1D6 for every test, and on each
 * die in hand-to-hand combat. */
extern const int rules_quality[RATING_COUNT];

/* Movement allowances (cm).  A formation that a unit type may take has a
 * row here; one without a row is not allowed to that type. */
struct move_allowance {
	enum unit_type type;
	enum formation form;
	double move;     /* normal move (artillery: prolong) */
	double charge;   /* RULES_CANT when it may not charge */
	double redeploy; /* artillery limbered move; 0 for others */
};
extern const struct move_allowance rules_move[];
extern const int rules_move_count;
const struct move_allowance *rules_move_for(enum unit_type t, enum formation f);

/* Squares inch 2 cm with enemy cavalry within 12 cm, else 4 cm. */
struct inch_rules {
	double near_cavalry, clear, cavalry_range;
};
extern const struct inch_rules rules_inch;

/* Special moves of infantry in line or skirmish line, and artillery. */
struct special_move_rules {
	double sidestep, stepback, oblique_forward, oblique_side;
	double prolong_back;
	double pivot_charge_limit; /* pivot or about face beyond this: no charge
	                            * (and no fire for artillery) */
};
extern const struct special_move_rules rules_special;

/* Extended charges: how many D6 (in cm) the unit must move first. */
extern const int rules_extend_dice[UT_COUNT];

/* Division manoeuvre. */
struct division_move_rules {
	double blocked_within;   /* any enemy this close: no division move */
	double far_clear;        /* no enemy within this: the long move */
	double far_move, far_keep_away;
	double near_move, near_keep_away;
};
extern const struct division_move_rules rules_division_move;

/* Reactions. */
struct reaction_rules {
	double fallback_inf_min, fallback_inf_max;
	double fallback_cav_min, fallback_cav_max;
	double flee_min, flee_max;
	double esquare_charge_from; /* cavalry must start over this far away */
	double esquare_nearby;      /* other formed infantry within this may try */
	int esquare_column_bonus;   /* British (not KGL) or Austrian in column */
	int esquare_fail_hits;      /* hits when the attempt fails vs cavalry */
	double feint_min, feint_max, feint_pivot;
	double opportunity_inf, opportunity_cav; /* enemy moving within */
	double opportunity_pivot;
	double reman_clear; /* no enemy within this to re-man guns */
};
extern const struct reaction_rules rules_react;

/* Firing. */
struct fire_rules {
	double small_arms_range;
	double art_range[RANGE_COUNT]; /* upper limit of each band */
	int small_arms_dice[FORM_COUNT];
	int art_dice[WEIGHT_COUNT][RANGE_COUNT];
	int guard_infantry_bonus;
	int british_artillery_bonus;
	int french_elite_artillery_bonus;
	int target_square_or_column_bonus;
	int pips_per_hit; /* a hit for each full this much of the dice sum */
	double support_range; /* artillery within this of a target may return fire */
	int suppress_sp;      /* at this SP or more, suppress two batteries */
};
extern const struct fire_rules rules_fire;

/* Hand-to-hand. */
struct melee_rules {
	double join_range, join_pivot, join_move;
};
extern const struct melee_rules rules_melee;

/* Break-through. */
struct breakthrough_rules {
	double rally_back_inf_min, rally_back_inf_max;
	double rally_back_cav_min, rally_back_cav_max;
	double rally_forward_inf, rally_forward_cav;
	double rally_pivot;
	int charge_hits; /* hit markers taken before each break-through charge */
};
extern const struct breakthrough_rules rules_breakthrough;

/* Initiative dice. */
struct initiative_rules {
	int turn_dice;     /* each side at the start of a Turn */
	int holder_dice;   /* the side that had the last initiative */
	int other_dice;
};
extern const struct initiative_rules rules_initiative;

/* Command. */
extern const double rules_command_radius[CR_COUNT];
struct command_rules {
	double cautious_limit;  /* beyond the radius but within this: cautious */
	double stand_move;      /* command stands move this far */
	double attach_range;
	double evade_min, evade_max, evade_enemy_clear;
};
extern const struct command_rules rules_command;

/* Commander ratings: corps commanders throw 2D6 on their nationality's
 * table; division commanders 2D6 plus the corps nationality's modifier on
 * the division table.  Rows are inclusive ranges. */
struct rating_row {
	int lo, hi;
	enum cmd_rating rating;
};
struct corps_rating_table {
	int n;
	struct rating_row rows[4];
};
extern const struct corps_rating_table rules_corps_rating[NAT_COUNT];
extern const int rules_division_modifier[NAT_COUNT];
extern const struct corps_rating_table rules_division_rating;
/* Look up a throw (already modified) in a table. */
enum cmd_rating rules_rating_lookup(const struct corps_rating_table *t, int roll);
/* A table with one row covering every throw needs no dice. */
bool rules_rating_needs_dice(const struct corps_rating_table *t);

/* Terrain effects, per feature type and per class of mover. */
struct terrain_rules {
	enum go move[TC_COUNT];
	enum go charge[TC_COUNT];
	enum go intercept[TC_COUNT]; /* opportunity charges */
	bool cover;       /* gives cover from fire */
	bool h2h;         /* gives a hand-to-hand advantage to defenders */
	bool linear;      /* a linear feature (polyline) rather than an area */
	bool no_fire_inside[TC_COUNT]; /* a unit interpenetrated may not fire */
	bool structure;   /* can take structural damage */
};
extern const struct terrain_rules rules_terrain[TT_COUNT];
struct terrain_limits {
	double half_rate_cost;      /* cm of allowance per cm moved at half rate */
	double stream_max_width;    /* wider water is a river */
	double road_width;          /* default width of a road */
	double wood_min, wood_max, village_min, village_max, landmark_max;
	int hill_min_levels;
	int damage_roll_max;        /* 1D6 at or under this damages a structure */
	int damage_hits_light, damage_hits_heavy;
	int village_strength, landmark_strength; /* hits to destroy (defaults) */
};
extern const struct terrain_limits rules_terrain_limits;

/* Time of day and weather. */
struct time_row {
	int lo, hi;      /* 2D6 */
	int hour;
	bool dawn, dusk;
};
extern const struct time_row rules_time[7];
struct weather_row {
	int lo, hi;      /* 2D6 */
	enum weather weather;
};
extern const struct weather_row rules_weather[7];
struct weather_rules {
	int turn_minutes;
	double dawn_start, dawn_step;
	double dusk_start, dusk_step;
	double sight_per_pip_light;  /* showers and mist: 1D6 x this */
	double sight_per_pip_heavy;  /* rain, fog and snow: 1D6 x this */
	int fog_clears_at_hour;
	int rethrows;                /* times the battle's weather may be thrown again */
};
extern const struct weather_rules rules_weather_misc;

#endif
