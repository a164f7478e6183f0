/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules: every rules table against the numbers of the rule texts
 * (Mini-Nap v8, the Mini-Nap 2 terrain and weather guidelines).  The
 * expected values here are read from the texts, not from rules.c. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/bridge.h"
#include "engine/enums.h"
#include "engine/rules.h"
#include "io/load-rules.h"

#define EPS 1e-9

/* ------------------------------------------------------------------ */
/* Organisation */

static void test_stands(void **state)
{
	(void)state;
	/* "Infantry Stands 25 mm wide by 20 mm deep" */
	assert_float_equal((rules_stand[ARM_INFANTRY].w), 2.5, EPS);
	assert_float_equal((rules_stand[ARM_INFANTRY].d), 2.0, EPS);
	/* "Cavalry Stands 25 mm wide by 40 mm deep" */
	assert_float_equal((rules_stand[ARM_CAVALRY].w), 2.5, EPS);
	assert_float_equal((rules_stand[ARM_CAVALRY].d), 4.0, EPS);
	/* "Artillery Stands 30 mm wide by 30 mm deep" */
	assert_float_equal((rules_stand[ARM_ARTILLERY].w), 3.0, EPS);
	assert_float_equal((rules_stand[ARM_ARTILLERY].d), 3.0, EPS);
	/* Command stands "25 mm diameter" */
	assert_float_equal((rules_stand[ARM_COMMAND].w), 2.5, EPS);
	assert_float_equal((rules_stand[ARM_COMMAND].d), 2.5, EPS);
	/* Skirmish line: "spaced about 4 to 5 mm apart" */
	assert_true(rules_skirmish_gap >= 0.4 && rules_skirmish_gap <= 0.5);
	assert_float_equal((rules_skirmish_gap), 0.45, EPS);
}

static void test_sp_rules(void **state)
{
	(void)state;
	/* One SP per 100 troops; 00-49 rounds down, 50-99 up; minimum 2. */
	assert_int_equal(rules_sp.men_per_sp, 100);
	assert_int_equal(rules_sp.round_up_at, 50);
	assert_int_equal(rules_sp.min_sp, 2);
	/* One SP per two guns (round down), maximum 6, minimum 2. */
	assert_int_equal(rules_sp.guns_per_sp, 2);
	assert_int_equal(rules_sp.gun_min_sp, 2);
	assert_int_equal(rules_sp.gun_max_sp, 6);
}

static void test_elimination(void **state)
{
	(void)state;
	/* "reduced to one strength point or less is immediately removed";
	 * unformed, square and Guard only at zero. */
	assert_int_equal(rules_elimination.normal, 1);
	assert_int_equal(rules_elimination.exempt, 0);
}

static void test_quality(void **state)
{
	(void)state;
	/* Guard 1, Elite 2, Veteran 3, Trained 4, Untrained 5. */
	assert_int_equal(rules_quality[RATING_GUARD], 1);
	assert_int_equal(rules_quality[RATING_ELITE], 2);
	assert_int_equal(rules_quality[RATING_VETERAN], 3);
	assert_int_equal(rules_quality[RATING_TRAINED], 4);
	assert_int_equal(rules_quality[RATING_UNTRAINED], 5);
}

/* ------------------------------------------------------------------ */
/* Movement */

static void check_move(enum unit_type t, enum formation f, double move,
                       double charge, double redeploy)
{
	const struct move_allowance *m = rules_move_for(t, f);
	assert_non_null(m);
	assert_int_equal(m->type, t);
	assert_int_equal(m->form, f);
	assert_float_equal((m->move), move, EPS);
	assert_float_equal((m->charge), charge, EPS);
	assert_float_equal((m->redeploy), redeploy, EPS);
}

static void test_move_allowances(void **state)
{
	static const enum unit_type inf[2] = { UT_LINE_INF, UT_LIGHT_INF };
	(void)state;
	for (int i = 0; i < 2; i++) {
		/* "Infantry in Line 6 cm 6 cm" */
		check_move(inf[i], FORM_LINE, 6, 6, 0);
		/* "Infantry in Column 6 cm 9 cm" */
		check_move(inf[i], FORM_COLUMN, 6, 9, 0);
		/* "Infantry in Square 2 or 4 cm Can't": the row holds the larger
		 * inch, the inch rules the smaller one. */
		check_move(inf[i], FORM_SQUARE, 4, RULES_CANT, 0);
		/* "emergency squares cannot inch"; "a square cannot charge" */
		check_move(inf[i], FORM_ESQUARE, 0, RULES_CANT, 0);
	}
	/* "Light Infantry in Skirmish Line 18 cm 6 cm" */
	check_move(UT_LIGHT_INF, FORM_SKIRMISH, 18, 6, 0);
	/* Cavalry, in line or column. */
	for (int f = FORM_LINE; f <= FORM_COLUMN; f++) {
		check_move(UT_HEAVY_CAV, (enum formation)f, 15, 30, 0);
		check_move(UT_MEDIUM_CAV, (enum formation)f, 20, 30, 0);
		check_move(UT_LIGHT_CAV, (enum formation)f, 25, 25, 0);
	}
	/* "Light Cavalry in Skirmish Line 30 cm 25 cm" */
	check_move(UT_LIGHT_CAV, FORM_SKIRMISH, 30, 25, 0);
	/* "Unlimbered Artillery Prolong 1 cm Can't"; redeploy foot 15, horse 20. */
	check_move(UT_FOOT_ART, FORM_BATTERY, 1, RULES_CANT, 15);
	check_move(UT_HORSE_ART, FORM_BATTERY, 1, RULES_CANT, 20);
}

static void test_move_forbidden_formations(void **state)
{
	(void)state;
	/* "Only light infantry units and non-lancer light cavalry units can
	 * form up into skirmish lines." */
	assert_null(rules_move_for(UT_LINE_INF, FORM_SKIRMISH));
	assert_null(rules_move_for(UT_HEAVY_CAV, FORM_SKIRMISH));
	assert_null(rules_move_for(UT_MEDIUM_CAV, FORM_SKIRMISH));
	/* Squares are infantry formations. */
	for (int t = UT_HEAVY_CAV; t <= UT_HORSE_ART; t++) {
		assert_null(rules_move_for((enum unit_type)t, FORM_SQUARE));
		assert_null(rules_move_for((enum unit_type)t, FORM_ESQUARE));
	}
	/* Artillery is one stand whatever its formation: only the battery. */
	for (int t = UT_FOOT_ART; t <= UT_HORSE_ART; t++)
		for (int f = 0; f < FORM_COUNT; f++)
			if (f != FORM_BATTERY)
				assert_null(rules_move_for((enum unit_type)t, (enum formation)f));
	/* Only artillery deploys as a battery. */
	for (int t = UT_LINE_INF; t <= UT_LIGHT_CAV; t++)
		assert_null(rules_move_for((enum unit_type)t, FORM_BATTERY));
	/* Every row is for a real type and formation, and no pair is twice. */
	assert_int_equal(rules_move_count, 2 * 4 + 1 + 3 * 2 + 1 + 2);
	for (int i = 0; i < rules_move_count; i++) {
		assert_in_range(rules_move[i].type, 0, UT_COUNT - 1);
		assert_in_range(rules_move[i].form, 0, FORM_COUNT - 1);
		for (int j = i + 1; j < rules_move_count; j++)
			assert_false(rules_move[i].type == rules_move[j].type &&
			             rules_move[i].form == rules_move[j].form);
	}
}

static void test_inch_and_special(void **state)
{
	(void)state;
	/* Squares inch "by upto 2 cm if there are enemy cavalry units within
	 * 12 cm ..., or by upto 4 cm if there are no enemy cavalry". */
	assert_float_equal((rules_inch.near_cavalry), 2, EPS);
	assert_float_equal((rules_inch.clear), 4, EPS);
	assert_float_equal((rules_inch.cavalry_range), 12, EPS);
	/* Side-step and step-back "upto 6 cm"; oblique "upto 3 cm directly
	 * forward and then upto 3 cm directly sideways"; prolong backwards
	 * "upto 1 cm"; pivots "by more than 90 degrees" stop a charge. */
	assert_float_equal((rules_special.sidestep), 6, EPS);
	assert_float_equal((rules_special.stepback), 6, EPS);
	assert_float_equal((rules_special.oblique_forward), 3, EPS);
	assert_float_equal((rules_special.oblique_side), 3, EPS);
	assert_float_equal((rules_special.prolong_back), 1, EPS);
	assert_float_equal((rules_special.pivot_charge_limit), 90, EPS);
}

static void test_extend_dice(void **state)
{
	(void)state;
	/* "Any Infantry 1D6 cm, Light Cavalry 1D6 cm, Medium Cavalry 2D6 cm,
	 * Heavy Cavalry 3D6 cm"; artillery cannot charge. */
	assert_int_equal(rules_extend_dice[UT_LINE_INF], 1);
	assert_int_equal(rules_extend_dice[UT_LIGHT_INF], 1);
	assert_int_equal(rules_extend_dice[UT_LIGHT_CAV], 1);
	assert_int_equal(rules_extend_dice[UT_MEDIUM_CAV], 2);
	assert_int_equal(rules_extend_dice[UT_HEAVY_CAV], 3);
	assert_int_equal(rules_extend_dice[UT_FOOT_ART], 0);
	assert_int_equal(rules_extend_dice[UT_HORSE_ART], 0);
}

static void test_division_move(void **state)
{
	(void)state;
	/* Enemy within 12 cm: no division manoeuvre.  None within 36 cm: move
	 * up to 36 cm, no closer than 24 cm.  Otherwise up to 24, no closer
	 * than 12. */
	assert_float_equal((rules_division_move.blocked_within), 12, EPS);
	assert_float_equal((rules_division_move.far_clear), 36, EPS);
	assert_float_equal((rules_division_move.far_move), 36, EPS);
	assert_float_equal((rules_division_move.far_keep_away), 24, EPS);
	assert_float_equal((rules_division_move.near_move), 24, EPS);
	assert_float_equal((rules_division_move.near_keep_away), 12, EPS);
}

static void test_reactions(void **state)
{
	(void)state;
	/* Infantry skirmishers fall back "12 cm to 18 cm", cavalry "18 cm to
	 * 30 cm"; horse artillery flees "12 cm to 20 cm". */
	assert_float_equal((rules_react.fallback_inf_min), 12, EPS);
	assert_float_equal((rules_react.fallback_inf_max), 18, EPS);
	assert_float_equal((rules_react.fallback_cav_min), 18, EPS);
	assert_float_equal((rules_react.fallback_cav_max), 30, EPS);
	assert_float_equal((rules_react.flee_min), 12, EPS);
	assert_float_equal((rules_react.flee_max), 20, EPS);
	/* Emergency square: cavalry charging "from over 12 cm away"; nearby
	 * formed infantry "within 6 cm"; +1 for British (not KGL) and
	 * Austrian columns; failure vs cavalry "two hit markers". */
	assert_float_equal((rules_react.esquare_charge_from), 12, EPS);
	assert_float_equal((rules_react.esquare_nearby), 6, EPS);
	assert_int_equal(rules_react.esquare_column_bonus, 1);
	assert_int_equal(rules_react.esquare_fail_hits, 2);
	/* Feint charge: back "6 cm to 12 cm", pivot "up to 90 degrees". */
	assert_float_equal((rules_react.feint_min), 6, EPS);
	assert_float_equal((rules_react.feint_max), 12, EPS);
	assert_float_equal((rules_react.feint_pivot), 90, EPS);
	/* Opportunity charge: "within 6 cm" of infantry, "within 12 cm" of
	 * cavalry; pivot "upto 90 degrees". */
	assert_float_equal((rules_react.opportunity_inf), 6, EPS);
	assert_float_equal((rules_react.opportunity_cav), 12, EPS);
	assert_float_equal((rules_react.opportunity_pivot), 90, EPS);
	/* Re-manning abandoned guns: "no enemy units within 12 cm". */
	assert_float_equal((rules_react.reman_clear), 12, EPS);
}

/* ------------------------------------------------------------------ */
/* Firing */

static void test_fire_dice(void **state)
{
	(void)state;
	/* Small arms: "Line 2, Skirmish Line 2, Column 1, Square 1". */
	assert_int_equal(rules_fire.small_arms_dice[FORM_LINE], 2);
	assert_int_equal(rules_fire.small_arms_dice[FORM_SKIRMISH], 2);
	assert_int_equal(rules_fire.small_arms_dice[FORM_COLUMN], 1);
	assert_int_equal(rules_fire.small_arms_dice[FORM_SQUARE], 1);
	assert_int_equal(rules_fire.small_arms_dice[FORM_ESQUARE], 1);
	assert_int_equal(rules_fire.small_arms_dice[FORM_BATTERY], 0);
	/* Artillery: light 2/1/0, medium 3/2/1, heavy 4/3/2 (close, medium,
	 * long). */
	assert_int_equal(rules_fire.art_dice[WEIGHT_LIGHT][RANGE_CLOSE], 2);
	assert_int_equal(rules_fire.art_dice[WEIGHT_LIGHT][RANGE_MEDIUM], 1);
	assert_int_equal(rules_fire.art_dice[WEIGHT_LIGHT][RANGE_LONG], 0);
	assert_int_equal(rules_fire.art_dice[WEIGHT_MEDIUM][RANGE_CLOSE], 3);
	assert_int_equal(rules_fire.art_dice[WEIGHT_MEDIUM][RANGE_MEDIUM], 2);
	assert_int_equal(rules_fire.art_dice[WEIGHT_MEDIUM][RANGE_LONG], 1);
	assert_int_equal(rules_fire.art_dice[WEIGHT_HEAVY][RANGE_CLOSE], 4);
	assert_int_equal(rules_fire.art_dice[WEIGHT_HEAVY][RANGE_MEDIUM], 3);
	assert_int_equal(rules_fire.art_dice[WEIGHT_HEAVY][RANGE_LONG], 2);
	for (int r = 0; r < RANGE_COUNT; r++)
		assert_int_equal(rules_fire.art_dice[WEIGHT_NONE][r], 0);
}

static void test_fire_ranges_bonuses(void **state)
{
	(void)state;
	/* "all small arms fire is upto 4 cm"; artillery close "Upto 20 cm",
	 * medium "20 cm to 40 cm", long "40 cm to 80 cm". */
	assert_float_equal((rules_fire.small_arms_range), 4, EPS);
	assert_float_equal((rules_fire.art_range[RANGE_CLOSE]), 20, EPS);
	assert_float_equal((rules_fire.art_range[RANGE_MEDIUM]), 40, EPS);
	assert_float_equal((rules_fire.art_range[RANGE_LONG]), 80, EPS);
	/* "+1 Dice" each: Guard infantry, British (not KGL) artillery, French
	 * Guard or Elite artillery, target in square or column. */
	assert_int_equal(rules_fire.guard_infantry_bonus, 1);
	assert_int_equal(rules_fire.british_artillery_bonus, 1);
	assert_int_equal(rules_fire.french_elite_artillery_bonus, 1);
	assert_int_equal(rules_fire.target_square_or_column_bonus, 1);
	/* Artillery supporting return fire: "within 6 cm" of the target.
	 * Suppression: one battery at "4 strength points or less", two at
	 * "5 strength points or more". */
	assert_float_equal((rules_fire.support_range), 6, EPS);
	assert_int_equal(rules_fire.suppress_sp, 5);
}

static void test_hits_table(void **state)
{
	/* "Dice Sum 0-5 6-11 12-17 18-23 24-29 30-35 36-41 42-47 48+ / Hits
	 * 0 1 2 3 4 5 6 7 Etc." */
	static const int band_low[] = { 0, 6, 12, 18, 24, 30, 36, 42, 48 };
	const int nb = (int)(sizeof band_low / sizeof band_low[0]);
	(void)state;
	assert_int_equal(rules_fire.pips_per_hit, 6);
	for (int sum = 0; sum < 48; sum++) {
		int hits = 0;
		for (int b = 0; b < nb; b++)
			if (sum >= band_low[b])
				hits = b;
		assert_int_equal(sum / rules_fire.pips_per_hit, hits);
	}
	/* "Etc.": 48-53 is 8, 54-59 is 9. */
	assert_int_equal(48 / rules_fire.pips_per_hit, 8);
	assert_int_equal(53 / rules_fire.pips_per_hit, 8);
	assert_int_equal(54 / rules_fire.pips_per_hit, 9);
	/* The text's examples: a sum of 13 is two hits; one die needs a 6. */
	assert_int_equal(13 / rules_fire.pips_per_hit, 2);
	assert_int_equal(5 / rules_fire.pips_per_hit, 0);
	assert_int_equal(6 / rules_fire.pips_per_hit, 1);
}

/* ------------------------------------------------------------------ */
/* Hand-to-hand, break-through, initiative */

static void test_melee_breakthrough_initiative(void **state)
{
	(void)state;
	/* Join in: "within 6 cm", "pivoting upto 90 degrees", "moving
	 * directly forward ... by upto 6 cm". */
	assert_float_equal((rules_melee.join_range), 6, EPS);
	assert_float_equal((rules_melee.join_pivot), 90, EPS);
	assert_float_equal((rules_melee.join_move), 6, EPS);
	/* Rally back "3 cm to 6 cm" infantry, "6 cm to 12 cm" cavalry; rally
	 * forward "up to 6 cm" / "up to 12 cm"; stop and rally pivot "up to 90
	 * degrees"; "one hit marker" before a break-through charge. */
	assert_float_equal((rules_breakthrough.rally_back_inf_min), 3, EPS);
	assert_float_equal((rules_breakthrough.rally_back_inf_max), 6, EPS);
	assert_float_equal((rules_breakthrough.rally_back_cav_min), 6, EPS);
	assert_float_equal((rules_breakthrough.rally_back_cav_max), 12, EPS);
	assert_float_equal((rules_breakthrough.rally_forward_inf), 6, EPS);
	assert_float_equal((rules_breakthrough.rally_forward_cav), 12, EPS);
	assert_float_equal((rules_breakthrough.rally_pivot), 90, EPS);
	assert_int_equal(rules_breakthrough.charge_hits, 1);
	/* Start of a Turn: 2D6 each; later the holder 3D6, the other 2D6. */
	assert_int_equal(rules_initiative.turn_dice, 2);
	assert_int_equal(rules_initiative.holder_dice, 3);
	assert_int_equal(rules_initiative.other_dice, 2);
}

/* ------------------------------------------------------------------ */
/* Command */

static void test_command(void **state)
{
	(void)state;
	/* "Excellent 18 cm, Good 16, Average 14, Poor 12, Dreadful 10". */
	assert_float_equal((rules_command_radius[CR_EXCELLENT]), 18, EPS);
	assert_float_equal((rules_command_radius[CR_GOOD]), 16, EPS);
	assert_float_equal((rules_command_radius[CR_AVERAGE]), 14, EPS);
	assert_float_equal((rules_command_radius[CR_POOR]), 12, EPS);
	assert_float_equal((rules_command_radius[CR_DREADFUL]), 10, EPS);
	assert_float_equal((rules_command_radius[CR_NONE]), 0, EPS);
	/* Cautious "no more than 24 cm"; command stands move "36 cm"; attach
	 * "within 6 cm"; evade "within 6 cm to 12 cm ... but no closer than
	 * 6 cm from any enemy unit". */
	assert_float_equal((rules_command.cautious_limit), 24, EPS);
	assert_float_equal((rules_command.stand_move), 36, EPS);
	assert_float_equal((rules_command.attach_range), 6, EPS);
	assert_float_equal((rules_command.evade_min), 6, EPS);
	assert_float_equal((rules_command.evade_max), 12, EPS);
	assert_float_equal((rules_command.evade_enemy_clear), 6, EPS);
}

/* Every throw lo..hi maps to exactly one row of the table. */
static void check_covers(const struct corps_rating_table *t, int lo, int hi)
{
	assert_in_range(t->n, 1, 4);
	for (int roll = lo; roll <= hi; roll++) {
		int rows = 0;
		for (int i = 0; i < t->n; i++)
			if (roll >= t->rows[i].lo && roll <= t->rows[i].hi)
				rows++;
		assert_int_equal(rows, 1);
	}
}

/* want[roll - 2] for rolls 2..12, read from the text. */
static void check_corps_table(enum nationality nat, const enum cmd_rating want[11])
{
	const struct corps_rating_table *t = &rules_corps_rating[nat];
	check_covers(t, 2, 12);
	for (int roll = 2; roll <= 12; roll++)
		assert_int_equal(rules_rating_lookup(t, roll), want[roll - 2]);
}

#define EX CR_EXCELLENT
#define GD CR_GOOD
#define AV CR_AVERAGE
#define PR CR_POOR
#define DR CR_DREADFUL

static void test_corps_tables(void **state)
{
	(void)state;
	/* French: Excellent 10+, Good 6-9, Average 4-5, Poor 3-. */
	check_corps_table(NAT_FRENCH, (const enum cmd_rating[11]){
		PR, PR, AV, AV, GD, GD, GD, GD, EX, EX, EX });
	/* British: Excellent 8+, Good 7, Average 4-6, Poor 3-. */
	check_corps_table(NAT_BRITISH, (const enum cmd_rating[11]){
		PR, PR, AV, AV, AV, GD, EX, EX, EX, EX, EX });
	/* Austrian: Average 10+, Poor 7-9, Dreadful 6-. */
	check_corps_table(NAT_AUSTRIAN, (const enum cmd_rating[11]){
		DR, DR, DR, DR, DR, PR, PR, PR, AV, AV, AV });
	/* Prussian: Good 5+, Average 4-. */
	check_corps_table(NAT_PRUSSIAN, (const enum cmd_rating[11]){
		AV, AV, AV, GD, GD, GD, GD, GD, GD, GD, GD });
	/* Russian: Good 11+, Average 9-10, Poor "2 to 8", Dreadful "4 or
	 * less": the bands overlap in the text; the chosen reading carves
	 * Dreadful out of the bottom: 2-4 Dreadful, 5-8 Poor. */
	check_corps_table(NAT_RUSSIAN, (const enum cmd_rating[11]){
		DR, DR, DR, PR, PR, PR, PR, AV, AV, GD, GD });
	/* Danish and Swedish all Average, Ottoman all Dreadful, others Poor. */
	check_corps_table(NAT_DANISH, (const enum cmd_rating[11]){
		AV, AV, AV, AV, AV, AV, AV, AV, AV, AV, AV });
	check_corps_table(NAT_SWEDISH, (const enum cmd_rating[11]){
		AV, AV, AV, AV, AV, AV, AV, AV, AV, AV, AV });
	check_corps_table(NAT_OTTOMAN, (const enum cmd_rating[11]){
		DR, DR, DR, DR, DR, DR, DR, DR, DR, DR, DR });
	check_corps_table(NAT_OTHER, (const enum cmd_rating[11]){
		PR, PR, PR, PR, PR, PR, PR, PR, PR, PR, PR });
	/* Outside 2..12 nothing is rated. */
	assert_int_equal(rules_rating_lookup(&rules_corps_rating[NAT_FRENCH], 1), CR_NONE);
	assert_int_equal(rules_rating_lookup(&rules_corps_rating[NAT_FRENCH], 13), CR_NONE);
}

static void test_corps_tables_need_dice(void **state)
{
	(void)state;
	/* "All Average / All Dreadful / All Poor" tables need no throw. */
	assert_false(rules_rating_needs_dice(&rules_corps_rating[NAT_DANISH]));
	assert_false(rules_rating_needs_dice(&rules_corps_rating[NAT_SWEDISH]));
	assert_false(rules_rating_needs_dice(&rules_corps_rating[NAT_OTTOMAN]));
	assert_false(rules_rating_needs_dice(&rules_corps_rating[NAT_OTHER]));
	assert_true(rules_rating_needs_dice(&rules_corps_rating[NAT_FRENCH]));
	assert_true(rules_rating_needs_dice(&rules_corps_rating[NAT_BRITISH]));
	assert_true(rules_rating_needs_dice(&rules_corps_rating[NAT_AUSTRIAN]));
	assert_true(rules_rating_needs_dice(&rules_corps_rating[NAT_PRUSSIAN]));
	assert_true(rules_rating_needs_dice(&rules_corps_rating[NAT_RUSSIAN]));
	assert_true(rules_rating_needs_dice(&rules_division_rating));
}

static void test_division_table(void **state)
{
	(void)state;
	/* "French +1, British +1, Russian -1, Austrian -2, Ottoman -3". */
	assert_int_equal(rules_division_modifier[NAT_FRENCH], 1);
	assert_int_equal(rules_division_modifier[NAT_BRITISH], 1);
	assert_int_equal(rules_division_modifier[NAT_RUSSIAN], -1);
	assert_int_equal(rules_division_modifier[NAT_AUSTRIAN], -2);
	assert_int_equal(rules_division_modifier[NAT_OTTOMAN], -3);
	assert_int_equal(rules_division_modifier[NAT_PRUSSIAN], 0);
	assert_int_equal(rules_division_modifier[NAT_DANISH], 0);
	assert_int_equal(rules_division_modifier[NAT_SWEDISH], 0);
	assert_int_equal(rules_division_modifier[NAT_OTHER], 0);
	/* Every modified throw possible (2 - 3 = -1 up to 12 + 1 = 13) has
	 * exactly one row: Good 13, Average 10-12, Poor 6-9, Dreadful 5-. */
	check_covers(&rules_division_rating, -1, 13);
	for (int r = -1; r <= 5; r++)
		assert_int_equal(rules_rating_lookup(&rules_division_rating, r), CR_DREADFUL);
	for (int r = 6; r <= 9; r++)
		assert_int_equal(rules_rating_lookup(&rules_division_rating, r), CR_POOR);
	for (int r = 10; r <= 12; r++)
		assert_int_equal(rules_rating_lookup(&rules_division_rating, r), CR_AVERAGE);
	assert_int_equal(rules_rating_lookup(&rules_division_rating, 13), CR_GOOD);
	/* No division commander is rated Excellent. */
	for (int i = 0; i < rules_division_rating.n; i++)
		assert_int_not_equal(rules_division_rating.rows[i].rating, CR_EXCELLENT);
}

/* ------------------------------------------------------------------ */
/* Terrain guidelines */

static const struct terrain_rules *T(enum terrain_type t) { return &rules_terrain[t]; }

/* Every mover class has the same effect. */
static void all_go(const enum go g[TC_COUNT], enum go want)
{
	for (int c = 0; c < TC_COUNT; c++)
		assert_int_equal(g[c], want);
}

static void test_terrain_contour_hill(void **state)
{
	(void)state;
	/* Contours: "no effect on movement, charging, intercepting"; no
	 * effect on musket fire; nothing about hand-to-hand. */
	all_go(T(TT_CONTOUR)->move, GO_FREE);
	all_go(T(TT_CONTOUR)->charge, GO_FREE);
	all_go(T(TT_CONTOUR)->intercept, GO_FREE);
	assert_false(T(TT_CONTOUR)->cover);
	assert_false(T(TT_CONTOUR)->h2h);
	assert_false(T(TT_CONTOUR)->linear);
	/* Hills: "All units can move, charge, intercept ... at half rate";
	 * no effect on musket fire; hand-to-hand advantage. */
	all_go(T(TT_HILL)->move, GO_HALF);
	all_go(T(TT_HILL)->charge, GO_HALF);
	all_go(T(TT_HILL)->intercept, GO_HALF);
	assert_false(T(TT_HILL)->cover);
	assert_true(T(TT_HILL)->h2h);
	assert_false(T(TT_HILL)->linear);
}

static void test_terrain_rough_boggy(void **state)
{
	const struct terrain_rules *r = T(TT_ROUGH);
	(void)state;
	/* "no effect on infantry units moving"; "All other types of units
	 * move ... at half rate". */
	assert_int_equal(r->move[TC_INFANTRY], GO_FREE);
	assert_int_equal(r->move[TC_SKIRMISH], GO_FREE);
	assert_int_equal(r->move[TC_CAVALRY], GO_HALF);
	assert_int_equal(r->move[TC_ART_LIMBERED], GO_HALF);
	assert_int_equal(r->move[TC_ART_UNLIMBERED], GO_HALF);
	assert_int_equal(r->move[TC_COMMAND], GO_HALF);
	/* "Infantry units can charge ... but do so at half rate" (an
	 * opportunity charge is a charge); "Cavalry units cannot charge or
	 * intercept". */
	assert_int_equal(r->charge[TC_INFANTRY], GO_HALF);
	assert_int_equal(r->charge[TC_SKIRMISH], GO_HALF);
	assert_int_equal(r->intercept[TC_INFANTRY], GO_HALF);
	assert_int_equal(r->intercept[TC_SKIRMISH], GO_HALF);
	assert_int_equal(r->charge[TC_CAVALRY], GO_NO);
	assert_int_equal(r->intercept[TC_CAVALRY], GO_NO);
	/* No effect on fire; hand-to-hand advantage. */
	assert_false(r->cover);
	assert_true(r->h2h);
	assert_false(r->linear);
	/* Boggy ground: "impassable to all units"; no effect on fire. */
	all_go(T(TT_BOGGY)->move, GO_NO);
	all_go(T(TT_BOGGY)->charge, GO_NO);
	all_go(T(TT_BOGGY)->intercept, GO_NO);
	assert_false(T(TT_BOGGY)->cover);
	assert_false(T(TT_BOGGY)->linear);
}

static void test_terrain_woods_forest(void **state)
{
	const struct terrain_rules *w = T(TT_WOOD), *f = T(TT_FOREST);
	(void)state;
	/* "Artillery units cannot enter woods"; "All other units can move
	 * ... at half rate" (command stands as light cavalry). */
	assert_int_equal(w->move[TC_ART_LIMBERED], GO_NO);
	assert_int_equal(w->move[TC_ART_UNLIMBERED], GO_NO);
	assert_int_equal(w->move[TC_INFANTRY], GO_HALF);
	assert_int_equal(w->move[TC_SKIRMISH], GO_HALF);
	assert_int_equal(w->move[TC_CAVALRY], GO_HALF);
	assert_int_equal(w->move[TC_COMMAND], GO_HALF);
	/* Infantry charge at half; cavalry neither charge nor intercept. */
	assert_int_equal(w->charge[TC_INFANTRY], GO_HALF);
	assert_int_equal(w->charge[TC_SKIRMISH], GO_HALF);
	assert_int_equal(w->intercept[TC_INFANTRY], GO_HALF);
	assert_int_equal(w->charge[TC_CAVALRY], GO_NO);
	assert_int_equal(w->intercept[TC_CAVALRY], GO_NO);
	/* "both cover and a hand-to-hand advantage" */
	assert_true(w->cover);
	assert_true(w->h2h);
	assert_false(w->linear);
	/* Forests: "impassable to all units except infantry units in skirmish
	 * line formation and command units". */
	assert_int_equal(f->move[TC_INFANTRY], GO_NO);
	assert_int_equal(f->move[TC_CAVALRY], GO_NO);
	assert_int_equal(f->move[TC_ART_LIMBERED], GO_NO);
	assert_int_equal(f->move[TC_ART_UNLIMBERED], GO_NO);
	assert_int_not_equal(f->move[TC_SKIRMISH], GO_NO);
	assert_int_not_equal(f->move[TC_COMMAND], GO_NO);
	assert_int_equal(f->charge[TC_INFANTRY], GO_NO);
	assert_int_equal(f->charge[TC_CAVALRY], GO_NO);
	assert_false(f->linear);
}

static void test_terrain_village_landmark_bridge(void **state)
{
	const struct terrain_rules *v = T(TT_VILLAGE), *l = T(TT_LANDMARK), *b = T(TT_BRIDGE);
	(void)state;
	/* Villages: "All units can move ... at half rate"; "All units can
	 * charge ... at half rate"; "Cavalry units cannot intercept". */
	all_go(v->move, GO_HALF);
	assert_int_equal(v->charge[TC_INFANTRY], GO_HALF);
	assert_int_equal(v->charge[TC_SKIRMISH], GO_HALF);
	assert_int_equal(v->charge[TC_CAVALRY], GO_HALF);
	assert_int_equal(v->intercept[TC_INFANTRY], GO_HALF);
	assert_int_equal(v->intercept[TC_SKIRMISH], GO_HALF);
	assert_int_equal(v->intercept[TC_CAVALRY], GO_NO);
	assert_true(v->cover);
	assert_true(v->h2h);
	assert_true(v->structure);
	assert_false(v->linear);
	/* Landmarks: "Only infantry units can enter a non-bridge landmark";
	 * "both cover and a hand-to-hand advantage". */
	assert_int_not_equal(l->move[TC_INFANTRY], GO_NO);
	assert_int_not_equal(l->move[TC_SKIRMISH], GO_NO);
	assert_int_equal(l->move[TC_CAVALRY], GO_NO);
	assert_int_equal(l->move[TC_ART_LIMBERED], GO_NO);
	assert_int_equal(l->move[TC_ART_UNLIMBERED], GO_NO);
	assert_int_equal(l->move[TC_COMMAND], GO_NO);
	assert_int_equal(l->charge[TC_CAVALRY], GO_NO);
	assert_int_equal(l->intercept[TC_CAVALRY], GO_NO);
	assert_true(l->cover);
	assert_true(l->h2h);
	assert_true(l->structure);
	/* Bridges: "All units can cross a bridge" (the 'cross' order reads
	 * move); the unit defending one may be charged or intercepted over it
	 * by infantry and cavalry ("Cavalry units can charge or intercept over
	 * a bridge" grants cavalry what infantry has; bridge_charge_reach reads
	 * charge and intercept); guns and command stands never charge; no
	 * effect on fire; hand-to-hand advantage; can be damaged. */
	for (int c = 0; c < TC_COUNT; c++)
		assert_int_not_equal(b->move[c], GO_NO);
	assert_int_not_equal(b->charge[TC_CAVALRY], GO_NO);
	assert_int_not_equal(b->intercept[TC_CAVALRY], GO_NO);
	assert_int_not_equal(b->charge[TC_INFANTRY], GO_NO);
	assert_int_not_equal(b->charge[TC_SKIRMISH], GO_NO);
	assert_int_not_equal(b->intercept[TC_INFANTRY], GO_NO);
	assert_int_equal(b->intercept[TC_ART_UNLIMBERED], GO_NO);
	assert_int_equal(b->intercept[TC_COMMAND], GO_NO);
	assert_int_equal(b->charge[TC_ART_LIMBERED], GO_NO);
	assert_int_equal(b->charge[TC_ART_UNLIMBERED], GO_NO);
	assert_int_equal(b->charge[TC_COMMAND], GO_NO);
	assert_false(b->cover);
	assert_true(b->h2h);
	assert_true(b->structure);
}

/* Hedges, fences, walls (and earthworks, "treat earthworks as a stone
 * wall"). */
static void check_obstacle(enum terrain_type t, bool cover)
{
	const struct terrain_rules *r = T(t);
	/* Infantry "Can move and charge over them but do so at half rate". */
	assert_int_equal(r->move[TC_INFANTRY], GO_HALF);
	assert_int_equal(r->move[TC_SKIRMISH], GO_HALF);
	assert_int_equal(r->charge[TC_INFANTRY], GO_HALF);
	assert_int_equal(r->charge[TC_SKIRMISH], GO_HALF);
	assert_int_equal(r->intercept[TC_INFANTRY], GO_HALF);
	/* Cavalry "Can move over them but do so at half rate", "Cannot charge
	 * or intercept over them". */
	assert_int_equal(r->move[TC_CAVALRY], GO_HALF);
	assert_int_equal(r->charge[TC_CAVALRY], GO_NO);
	assert_int_equal(r->intercept[TC_CAVALRY], GO_NO);
	/* Command stands move as light cavalry. */
	assert_int_equal(r->move[TC_COMMAND], GO_HALF);
	/* Artillery "Can prolong or move over them but do so at half rate",
	 * "Cannot fire if interpenetrated". */
	assert_int_equal(r->move[TC_ART_LIMBERED], GO_HALF);
	assert_int_equal(r->move[TC_ART_UNLIMBERED], GO_HALF);
	assert_true(r->no_fire_inside[TC_ART_UNLIMBERED]);
	assert_false(r->no_fire_inside[TC_INFANTRY]);
	assert_false(r->no_fire_inside[TC_SKIRMISH]);
	assert_false(r->no_fire_inside[TC_CAVALRY]);
	/* "They give a hand-to-hand advantage"; "A stone wall also gives
	 * cover" (hedges and fences have no effect on fire). */
	assert_true(r->h2h);
	assert_int_equal(r->cover, cover);
	assert_true(r->linear);
}

static void test_terrain_obstacles(void **state)
{
	(void)state;
	check_obstacle(TT_HEDGE, false);
	check_obstacle(TT_FENCE, false);
	check_obstacle(TT_WALL, true);
	check_obstacle(TT_EARTHWORK, true);
}

static void test_terrain_water(void **state)
{
	const struct terrain_rules *s = T(TT_STREAM), *r = T(TT_RIVER);
	(void)state;
	/* Streams: "An unlimbered artillery unit cannot enter or cross";
	 * "All units can move across a stream ... at half rate"; "cannot
	 * charge or intercept into, across or out of"; "A unit interpenetrated
	 * with a stream cannot fire"; no effect on fire across; units not in
	 * the stream have the hand-to-hand advantage. */
	assert_int_equal(s->move[TC_ART_UNLIMBERED], GO_NO);
	assert_int_equal(s->move[TC_INFANTRY], GO_HALF);
	assert_int_equal(s->move[TC_SKIRMISH], GO_HALF);
	assert_int_equal(s->move[TC_CAVALRY], GO_HALF);
	assert_int_equal(s->move[TC_ART_LIMBERED], GO_HALF);
	assert_int_equal(s->move[TC_COMMAND], GO_HALF);
	all_go(s->charge, GO_NO);
	all_go(s->intercept, GO_NO);
	for (int c = 0; c < TC_COUNT; c++)
		assert_true(s->no_fire_inside[c]);
	assert_false(s->cover);
	assert_true(s->h2h);
	assert_true(s->linear);
	/* Rivers: "impassable to all units except at bridges or at fords";
	 * no effect on fire. */
	all_go(r->move, GO_NO);
	all_go(r->charge, GO_NO);
	all_go(r->intercept, GO_NO);
	assert_false(r->cover);
	assert_true(r->linear);
}

static void test_terrain_ford_is_stream(void **state)
{
	const struct terrain_rules *f = T(TT_FORD), *s = T(TT_STREAM);
	(void)state;
	/* "Regardless of the river's width, treat fords across rivers as
	 * streams": every effect of a stream applies at a ford. */
	for (int c = 0; c < TC_COUNT; c++) {
		assert_int_equal(f->move[c], s->move[c]);
		assert_int_equal(f->charge[c], s->charge[c]);
		assert_int_equal(f->intercept[c], s->intercept[c]);
		assert_int_equal(f->no_fire_inside[c], s->no_fire_inside[c]);
	}
	assert_int_equal(f->cover, s->cover);
	/* Units not in the ford have the advantage over units in it. */
	assert_int_equal(f->h2h, s->h2h);
}

static void test_terrain_road_ditch(void **state)
{
	const struct terrain_rules *r = T(TT_ROAD), *d = T(TT_DITCH);
	(void)state;
	/* Roads "have no effect on movement, firing or hand-to-hand combat". */
	all_go(r->move, GO_FREE);
	all_go(r->charge, GO_FREE);
	all_go(r->intercept, GO_FREE);
	assert_false(r->cover);
	assert_false(r->h2h);
	assert_true(r->linear);
	for (int c = 0; c < TC_COUNT; c++)
		assert_false(r->no_fire_inside[c]);
	/* Ditches: "All units can move ... at half rate", "All units can
	 * charge or intercept ... at half rate", "cover and a hand-to-hand
	 * advantage". */
	all_go(d->move, GO_HALF);
	assert_int_equal(d->charge[TC_INFANTRY], GO_HALF);
	assert_int_equal(d->charge[TC_SKIRMISH], GO_HALF);
	assert_int_equal(d->charge[TC_CAVALRY], GO_HALF);
	assert_int_equal(d->intercept[TC_INFANTRY], GO_HALF);
	assert_int_equal(d->intercept[TC_CAVALRY], GO_HALF);
	assert_true(d->cover);
	assert_true(d->h2h);
	assert_true(d->linear);
}

static void test_terrain_natural_not_structures(void **state)
{
	static const enum terrain_type natural[] = {
		TT_CONTOUR, TT_HILL, TT_ROUGH, TT_BOGGY, TT_WOOD, TT_FOREST,
		TT_STREAM, TT_RIVER,
	};
	(void)state;
	/* Structural damage is for "something that has been built". */
	for (size_t i = 0; i < sizeof natural / sizeof natural[0]; i++)
		assert_false(T(natural[i])->structure);
	/* Only streams (and fords) stop fire from inside for infantry. */
	for (int t = 0; t < TT_COUNT; t++)
		if (t != TT_STREAM && t != TT_FORD)
			assert_false(T((enum terrain_type)t)->no_fire_inside[TC_INFANTRY]);
}

static void test_terrain_limits(void **state)
{
	const struct terrain_limits *l = &rules_terrain_limits;
	(void)state;
	/* "deducts 2 cm off its movement allowance for every 1 cm". */
	assert_float_equal((l->half_rate_cost), 2, EPS);
	/* Streams "no wider than 2 cm"; rivers "over 2 cm wide". */
	assert_float_equal((l->stream_max_width), 2, EPS);
	/* Woods and villages "at least 5 cm across but not more than 10 cm";
	 * landmarks "no more than 5 cm across"; hills "2 or more levels". */
	assert_float_equal((l->wood_min), 5, EPS);
	assert_float_equal((l->wood_max), 10, EPS);
	assert_float_equal((l->village_min), 5, EPS);
	assert_float_equal((l->village_max), 10, EPS);
	assert_float_equal((l->landmark_max), 5, EPS);
	assert_int_equal(l->hill_min_levels, 2);
	/* Roads are "wide enough for a one base wide unit" (the widest base is
	 * the 3 cm battery). */
	assert_true(l->road_width >= 3.0);
	/* Structural damage: "a 1 or 2"; one hit for light or medium guns,
	 * two for heavy; villages "about 8 to 10" hits, landmarks "4 to 6". */
	assert_int_equal(l->damage_roll_max, 2);
	assert_int_equal(l->damage_hits_light, 1);
	assert_int_equal(l->damage_hits_heavy, 2);
	assert_in_range(l->village_strength, 8, 10);
	assert_in_range(l->landmark_strength, 4, 6);
}

/* ------------------------------------------------------------------ */
/* Weather guidelines */

static void test_time_table(void **state)
{
	/* 2 = 4 AM (dawn), 3-4 = 6 AM, 5-6 = 8 AM, 7-8 = 10 AM, 9-10 = noon,
	 * 11 = 2 PM, 12 = 4 PM (dusk). */
	static const int hour[13] = { [2] = 4, [3] = 6, [4] = 6, [5] = 8, [6] = 8,
	                              [7] = 10, [8] = 10, [9] = 12, [10] = 12,
	                              [11] = 14, [12] = 16 };
	(void)state;
	for (int roll = 2; roll <= 12; roll++) {
		int rows = 0;
		for (int i = 0; i < 7; i++) {
			const struct time_row *r = &rules_time[i];
			if (roll < r->lo || roll > r->hi)
				continue;
			rows++;
			assert_int_equal(r->hour, hour[roll]);
			assert_int_equal(r->dawn, roll == 2);
			assert_int_equal(r->dusk, roll == 12);
		}
		assert_int_equal(rows, 1);
	}
}

static void test_weather_table(void **state)
{
	/* 2 Snow, 3 Rain, 4 Showers, 5-9 Clear, 10 Fog and Mist, 11 Strong
	 * Winds, 12 Hot Weather. */
	static const enum weather want[13] = {
		[2] = WX_SNOW, [3] = WX_RAIN, [4] = WX_SHOWERS, [5] = WX_CLEAR,
		[6] = WX_CLEAR, [7] = WX_CLEAR, [8] = WX_CLEAR, [9] = WX_CLEAR,
		[10] = WX_FOG, [11] = WX_WIND, [12] = WX_HOT,
	};
	(void)state;
	for (int roll = 2; roll <= 12; roll++) {
		int rows = 0;
		for (int i = 0; i < 7; i++) {
			if (roll < rules_weather[i].lo || roll > rules_weather[i].hi)
				continue;
			rows++;
			assert_int_equal(rules_weather[i].weather, want[roll]);
		}
		assert_int_equal(rows, 1);
	}
}

static void test_weather_misc(void **state)
{
	const struct weather_rules *w = &rules_weather_misc;
	(void)state;
	/* Dawn: "starts at 10 cm and increases ... by 50 cm per Turn"; dusk:
	 * "starts at 300 cm and decreases ... by 50 cm per Turn". */
	assert_float_equal((w->dawn_start), 10, EPS);
	assert_float_equal((w->dawn_step), 50, EPS);
	assert_float_equal((w->dusk_start), 300, EPS);
	assert_float_equal((w->dusk_step), 50, EPS);
	/* Showers and mist: 1D6 x 6 cm; rain, fog and snow: 1D6 x 3 cm. */
	assert_float_equal((w->sight_per_pip_light), 6, EPS);
	assert_float_equal((w->sight_per_pip_heavy), 3, EPS);
	/* "The weather will become clear from noon onwards". */
	assert_int_equal(w->fog_clears_at_hour, 12);
	assert_int_equal(w->rethrows, 1);
	/* "each full Game Turn represents perhaps half an hour". */
	assert_int_equal(w->turn_minutes, 30);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stands),
		cmocka_unit_test(test_sp_rules),
		cmocka_unit_test(test_elimination),
		cmocka_unit_test(test_quality),
		cmocka_unit_test(test_move_allowances),
		cmocka_unit_test(test_move_forbidden_formations),
		cmocka_unit_test(test_inch_and_special),
		cmocka_unit_test(test_extend_dice),
		cmocka_unit_test(test_division_move),
		cmocka_unit_test(test_reactions),
		cmocka_unit_test(test_fire_dice),
		cmocka_unit_test(test_fire_ranges_bonuses),
		cmocka_unit_test(test_hits_table),
		cmocka_unit_test(test_melee_breakthrough_initiative),
		cmocka_unit_test(test_command),
		cmocka_unit_test(test_corps_tables),
		cmocka_unit_test(test_corps_tables_need_dice),
		cmocka_unit_test(test_division_table),
		cmocka_unit_test(test_terrain_contour_hill),
		cmocka_unit_test(test_terrain_rough_boggy),
		cmocka_unit_test(test_terrain_woods_forest),
		cmocka_unit_test(test_terrain_village_landmark_bridge),
		cmocka_unit_test(test_terrain_obstacles),
		cmocka_unit_test(test_terrain_water),
		cmocka_unit_test(test_terrain_ford_is_stream),
		cmocka_unit_test(test_terrain_road_ditch),
		cmocka_unit_test(test_terrain_natural_not_structures),
		cmocka_unit_test(test_terrain_limits),
		cmocka_unit_test(test_time_table),
		cmocka_unit_test(test_weather_table),
		cmocka_unit_test(test_weather_misc),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
