/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tuning: the computer opponent's numbers, a row per level (what each
 * weighs is said in tuning.h).  What the levels share is given once
 * (AI_SHARED); each row then gives what makes its level. */
#include "config.h"

#include "tuning.h"

#define AI_SHARED                                                                                                \
	.defended_within = 8, .slowest_speed = 6, .pressed_within = 20, .hold_if_weaker = 1.2,                   \
	.hold_if_beaten = 0.6, .urgency_base = 0.5, .enemy_on_within = 12, .turns_spare = 1, .swing_taken = 2.0,  \
	.swing_free = 1.0, .swing_threatened = 2.0, .swing_quiet = 0.2, .swing_lead = 2, .swing_behind = 0.3,     \
	.swing_turning = 2, .swing_holding = 0.5, .turns_offset = 2, .taken_share = 0.7, .reserve_divisions = 3,  \
	.reserve_until = 0.34, .reserve_if_weaker = 1.3,                                                          \
                                                                                                                  \
	.aim_pull = 0.12, .aim_near = 2, .aim_risk = 1.0, .hold_pull = 0.12, .hold_near = 5, .hold_risk = 1.0,    \
	.reserve_pull = 0.04, .reserve_near = 15, .reserve_risk = 1.2, .frontage = 20, .seize_pull = 1.5,         \
	.urgent_pull = 4, .urgent_risk = 0.7,                                                                     \
                                                                                                                  \
	.brigade_counts = 2, .stand_clear = 8, .stand_unsafe = 3, .stand_gain = 0.25, .attach_out = 2,            \
	.attach_enemy = 30, .attach_soft = 10, .ride_behind = 4, .stake_threat_within = 12, .stake_threat = 2,    \
	.stake_near_within = 24, .stake_near = 1, .stake_cavalry = 3, .stake_guns = 1, .stake_attack = 1,         \
	.stake_reserve = -1, .march_clear = 6, .march_there = 15,                                                 \
                                                                                                                  \
	.plan_ahead = 3, .stale_within = 25, .lost_gone = 0.95, .lost_for = 0.5,                                  \
                                                                                                                  \
	.far_from_enemy = 40, .shot_now = 1.0, .shot_later = 0.5, .stuck_turn = 30, .stuck_cost = 0.5,            \
	.support = 0.1, .support_most = 3, .support_within = 2, .mask_ahead = 5, .mask_foot = 0.4,                \
	.mask_guns = 0.6, .caught = 2.0, .caught_column = 1.0, .caught_step = 2.0, .on_objective = 0.5, .on_objective_last = 1.5, .clears_objective = 1.0,                 \
	.shot_looks = 3, .charge_looks = 4, .cavalry_turn = 20, .cavalry_reach = 3, .fire_close = 3.5,            \
	.cavalry_off = 10.0, .face_within = 40, .away_within = 10, .same_heading = 8, .stand_off_turn = 30,       \
	.stand_off_along = 0.3, .square_inch = 2, .feature_within = 15,                                           \
                                                                                                                  \
	.fled = 0.25, .crews_left = 0.25, .abandoned = 0.5, .fell_back = 0.25, .feint_step = 1.5, .feint_turn = 10

const struct ai_tuning ai_tuning[AI_LEVEL_COUNT] = {
	/* Easy: takes the first brigade that may act, leaves its commanders
	 * where they are, marches brigade by brigade, fires at the nearest,
	 * charges only for a clear gain, never weighs a charge to come, forms
	 * no square against cavalry in its plans and always tries one when
	 * charged, fights to the end, and minds harm half as much. */
	[AI_EASY] = {
		AI_SHARED,
		.commanders = false, .march = false, .by_stake = false, .fire_by_worth = false, .retreat = false,
		.charge_threshold = 3.0, .charge_later = 0, .square_vs_cavalry = false, .weigh_square = false,
		.attack_risk = 0.8, .risk_scale = 0.5,
	},
	[AI_NORMAL] = {
		AI_SHARED,
		.commanders = true, .march = true, .by_stake = true, .fire_by_worth = true, .retreat = true,
		.charge_threshold = 0.75, .charge_later = 0.5, .square_vs_cavalry = true, .weigh_square = true,
		.attack_risk = 0.8, .risk_scale = 1,
	},
	/* Hard: normal's judgement, and it compares its three best choices
	 * for each initiative by playing each forward once on a copy of the
	 * battle with dice of its own (easy and normal look no further).
	 * Bolder rows and more trials were tried and did no better (HACKING). */
	[AI_HARD] = {
		AI_SHARED,
		.commanders = true, .march = true, .by_stake = true, .fire_by_worth = true, .retreat = true,
		.charge_threshold = 0.75, .charge_later = 0.5, .square_vs_cavalry = true, .weigh_square = true,
		.attack_risk = 0.8, .risk_scale = 1,
		.search_choices = 3, .search_samples = 2, .search_initiatives = 1, .search_steps = 400,
		.search_objective = 3, .search_won = 50, .search_threat = 0.5, .search_manners = 1,
	},
};

/* The row as it is; bolder (charges for nothing, minds harm less); more
 * careful (charges only for a clear gain, minds harm more). */
const struct ai_manner ai_manners[AI_MANNERS] = {
	{ 0, 0, 0 },
	{ .charge_threshold = 0, .attack_risk = 0.5, .risk_scale = 0.7 },
	{ .charge_threshold = 1.5, .attack_risk = 1.0, .risk_scale = 1.3 },
};

const struct ai_worth ai_worth = {
	.ground = 0.25, .sp = 1.0, .gun_sp = 1.5, .objective_sp = 2.0, .objective_enemy = 15, .removal = 2.0,
	.last_removal = 6.0, .used_brigade = 0.5, .cavalry_threat = 31, .close_in = 6.0, .near_reach = 35,
	.near_guns = 5,
};
