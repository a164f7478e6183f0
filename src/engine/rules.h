/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules: the tables that hold every number of the rules, as the engine
 * reads them.  The numbers come from a rules file (rules/mininap.cfg, or a
 * variant of it) that the io layer loads, checks and hands over with
 * rules_install(); the engine only reads them, through the rules_* names
 * below, each of which looks into the one struct rules in force.  Code
 * elsewhere owns the formulas. */
#ifndef GROGNARD_RULES_H
#define GROGNARD_RULES_H

#include <stdbool.h>

#include "enums.h"

#define RULES_CANT (-1.0) /* "Can't" in a movement table */
/* "half" in a terrain row of a loaded file: half rate, whatever
 * half_rate_cost says; rules_install() puts the cost in its place. */
#define RULES_HALF (-2.0)

/* Basing: stand sizes in cm (command stands are circles, w = diameter). */
struct stand_size {
	double w, d;
};

/* Strength points from historical strength. */
struct sp_rules {
	int men_per_sp;   /* one SP per this many troops */
	int round_up_at;  /* a remainder of this many or more rounds up */
	int min_sp;       /* infantry and cavalry start with at least this */
	int guns_per_sp;  /* artillery: one SP per this many guns, rounded down */
	int gun_min_sp, gun_max_sp;
};

/* Elimination: a unit goes at this SP or less; the exempt (unformed, in
 * square, Guard) only at zero. */
struct elimination_rules {
	int normal, exempt;
};

/* Movement allowances (cm).  A formation that a unit type may take has a
 * row here; one without a row is not allowed to that type. */
struct move_allowance {
	enum unit_type type;
	enum formation form;
	double move;     /* normal move (artillery: prolong) */
	double charge;   /* RULES_CANT when it may not charge */
	double redeploy; /* artillery limbered move; 0 for others */
};
#define RULES_MOVE_MAX (UT_COUNT * FORM_COUNT)
const struct move_allowance *rules_move_for(enum unit_type t, enum formation f);

/* Squares inch 2 cm with enemy cavalry within 12 cm, else 4 cm. */
struct inch_rules {
	double near_cavalry, clear, cavalry_range;
};

/* Special moves of infantry in line or skirmish line, and artillery. */
struct special_move_rules {
	double sidestep, stepback, oblique_forward, oblique_side;
	double prolong_back;
	double pivot_charge_limit; /* pivot or about face beyond this: no charge
	                            * (and no fire for artillery) */
};

/* Division manoeuvre. */
struct division_move_rules {
	double blocked_within;   /* any enemy this close: no division move */
	double far_clear;        /* no enemy within this: the long move */
	double far_move, far_keep_away;
	double near_move, near_keep_away;
};

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

/* Hand-to-hand. */
struct melee_rules {
	double join_range, join_pivot, join_move;
	int dice_per_sp; /* each SP allotted to a set throws this many dice */
};

/* Break-through. */
struct breakthrough_rules {
	double rally_back_inf_min, rally_back_inf_max;
	double rally_back_cav_min, rally_back_cav_max;
	double rally_forward_inf, rally_forward_cav;
	double rally_pivot;
	int charge_hits; /* hit markers taken before each break-through charge */
};

/* Initiative dice. */
struct initiative_rules {
	int turn_dice;     /* each side at the start of a Turn */
	int holder_dice;   /* the side that had the last initiative */
	int other_dice;
};

/* Dice of the tests and throws that are not in a table of their own. */
struct dice_rules {
	int test;          /* a quality test: this many D6 against the rating */
	int rating;        /* a commander's rating: this many D6 on his table */
};

/* Command. */
struct command_rules {
	double cautious_limit;  /* beyond the radius but within this: cautious */
	double stand_move;      /* command stands move this far */
	double attach_range;
	double evade_min, evade_max, evade_enemy_clear;
};

/* Commander ratings: corps commanders throw dice.rating D6 on their
 * nationality's table; division commanders the same plus the corps
 * nationality's modifier on the division table.  Rows are inclusive. */
#define RULES_RATING_ROWS 8
struct rating_row {
	int lo, hi;
	enum cmd_rating rating;
};
struct corps_rating_table {
	int n;
	struct rating_row rows[RULES_RATING_ROWS];
};
/* Look up a throw (already modified) in a table. */
enum cmd_rating rules_rating_lookup(const struct corps_rating_table *t, int roll);
/* A table with one row covering every throw needs no dice. */
bool rules_rating_needs_dice(const struct corps_rating_table *t);

/* Terrain effects, per feature type and per class of mover.  A rate is
 * the cm of allowance one cm of movement costs there: 1 for no effect,
 * RULES_CANT where the class may not go; go[] says the same in three
 * words (free, slowed, prohibited). */
struct terrain_rules {
	enum go move[TC_COUNT];
	enum go charge[TC_COUNT];
	enum go intercept[TC_COUNT]; /* opportunity charges */
	double move_rate[TC_COUNT], charge_rate[TC_COUNT], intercept_rate[TC_COUNT];
	/* The part of a whole allowance spent entering an area feature or
	 * crossing a linear one, and leaving an area feature (0: nothing). */
	double cross[TC_COUNT], leave[TC_COUNT];
	bool cover;       /* gives cover from fire */
	bool h2h;         /* gives a hand-to-hand advantage to defenders */
	bool linear;      /* a linear feature (polyline) rather than an area:
	                   * the map format's, set by rules_install */
	bool no_fire_inside[TC_COUNT]; /* a unit interpenetrated may not fire */
	bool structure;   /* can take structural damage */
};
/* How the effects of several features under one footprint combine. */
enum terrain_combine {
	COMBINE_WORST,    /* the worst of them, never compounded (Mini-Nap) */
	COMBINE_COMPOUND, /* each multiplies the cost of the others */
};
struct terrain_limits {
	double half_rate_cost;      /* cm of allowance per cm moved at half rate */
	enum terrain_combine combine;
	double stream_max_width;    /* wider water is a river */
	double road_width;          /* default width of a road */
	double wood_min, wood_max, village_min, village_max, landmark_max;
	int hill_min_levels;
	int damage_dice;            /* dice thrown for structural damage */
	int damage_roll_max;        /* a throw at or under this damages a structure */
	int damage_hits_light, damage_hits_heavy;
	int village_strength, landmark_strength; /* hits to destroy (defaults) */
};

/* Time of day and weather. */
#define RULES_TABLE_ROWS 16
struct time_row {
	int lo, hi;
	int hour;
	bool dawn, dusk;
};
struct weather_row {
	int lo, hi;
	enum weather weather;
};
struct weather_rules {
	int turn_minutes;
	double dawn_start, dawn_step;
	double dusk_start, dusk_step;
	double sight_per_pip_light;  /* showers and mist: the single die x this */
	double sight_per_pip_heavy;  /* rain, fog and snow: the single die x this */
	int fog_clears_at_hour;
	int rethrows;                /* times the battle's weather may be thrown again */
	int time_dice, weather_dice; /* dice on the time and weather tables */
	int spell_dice, pair_dice;   /* the sky's throw: a single die and a pair */
};

/* Every table, as one value: what a rules file gives. */
struct rules {
	char name[64];                  /* shown to players */
	double scale;                   /* on the table, per cm of the scenarios */
	struct stand_size stand[ARM_COUNT];
	double skirmish_gap;            /* between a skirmish line's stands */
	struct sp_rules sp;
	struct elimination_rules elimination;
	int quality[RATING_COUNT];      /* the score needed for every test */
	struct dice_rules dice;
	struct move_allowance move[RULES_MOVE_MAX];
	int move_count;
	struct inch_rules inch;
	struct special_move_rules special;
	int extend_dice[UT_COUNT];      /* extended charges: D6 (cm) first */
	double extend_pip;              /* ... each pip this many cm */
	struct division_move_rules division_move;
	struct reaction_rules react;
	struct fire_rules fire;
	struct melee_rules melee;
	struct breakthrough_rules breakthrough;
	struct initiative_rules initiative;
	double command_radius[CR_COUNT];
	struct command_rules command;
	struct corps_rating_table corps_rating[NAT_COUNT];
	int division_modifier[NAT_COUNT];
	struct corps_rating_table division_rating;
	struct terrain_rules terrain[TT_COUNT];
	struct terrain_limits terrain_limits;
	int ntime, nweather;
	struct time_row time[RULES_TABLE_ROWS];
	struct weather_row weather[RULES_TABLE_ROWS];
	struct weather_rules weather_misc;
};

/* The rules in force: read-only to everyone; rules_install() copies a
 * loaded set in (and sets what the map format fixes). */
extern const struct rules *const rules_in_force;
void rules_install(const struct rules *r);
/* Whether a set has been installed since the program began. */
bool rules_installed(void);
/* How many sets have been installed: what is worked out once from the
 * rules (a table of them) is worked out again when this changes. */
unsigned long rules_installs(void);
/* A terrain rate as one of the three words. */
enum go rules_go_of_rate(double rate);

#define rules_stand (rules_in_force->stand)
#define rules_skirmish_gap (rules_in_force->skirmish_gap)
#define rules_sp (rules_in_force->sp)
#define rules_elimination (rules_in_force->elimination)
#define rules_quality (rules_in_force->quality)
#define rules_dice (rules_in_force->dice)
#define rules_move (rules_in_force->move)
#define rules_move_count (rules_in_force->move_count)
#define rules_inch (rules_in_force->inch)
#define rules_special (rules_in_force->special)
#define rules_extend_dice (rules_in_force->extend_dice)
#define rules_extend_pip (rules_in_force->extend_pip)
#define rules_division_move (rules_in_force->division_move)
#define rules_react (rules_in_force->react)
#define rules_fire (rules_in_force->fire)
#define rules_melee (rules_in_force->melee)
#define rules_breakthrough (rules_in_force->breakthrough)
#define rules_initiative (rules_in_force->initiative)
#define rules_command_radius (rules_in_force->command_radius)
#define rules_command (rules_in_force->command)
#define rules_corps_rating (rules_in_force->corps_rating)
#define rules_division_modifier (rules_in_force->division_modifier)
#define rules_division_rating (rules_in_force->division_rating)
#define rules_terrain (rules_in_force->terrain)
#define rules_terrain_limits (rules_in_force->terrain_limits)
#define rules_time (rules_in_force->time)
#define rules_weather (rules_in_force->weather)
#define rules_weather_misc (rules_in_force->weather_misc)

#endif
