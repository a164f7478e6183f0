/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules-keys: every key of a rules file, the field of struct rules it
 * fills, its kind and its range: one table that the loader reads, checks,
 * scales and writes back from. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rules-keys.h"

/* Rooms enough for every key; rules_keys() stops adding past it, and
 * test-rules checks that it never has to. */
#define MAX_KEYS 512

static struct rkey keys[MAX_KEYS];
static int nkeys;

#define OFF(field) offsetof(struct rules, field)
#define BIG RULES_BIG_CM

static void add(enum rkind kind, size_t off, double lo, double hi, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void add(enum rkind kind, size_t off, double lo, double hi, const char *fmt, ...)
{
	va_list ap;
	struct rkey *k;
	if (nkeys == MAX_KEYS)
		return;
	k = &keys[nkeys++];
	va_start(ap, fmt);
	vsnprintf(k->path, sizeof k->path, fmt, ap);
	va_end(ap);
	k->kind = kind;
	k->off = off;
	k->lo = lo;
	k->hi = hi;
	k->optional = false;
}

static void dist(size_t off, const char *path)
{
	add(RK_DIST, off, 0, BIG, "%s", path);
}

static void angle(size_t off, const char *path)
{
	add(RK_NUM, off, 0, 360, "%s", path);
}

static void whole(size_t off, int lo, int hi, const char *path)
{
	add(RK_INT, off, lo, hi, "%s", path);
}

static void organisation(void)
{
	add(RK_NAME, OFF(name), 0, 0, "name");
	for (int a = 0; a < ARM_COUNT; a++) {
		add(RK_DIST, OFF(stand[a].w), 0.1, BIG, "stands.%s.width", arm_names[a].key);
		add(RK_DIST, OFF(stand[a].d), 0.1, BIG, "stands.%s.depth", arm_names[a].key);
	}
	dist(OFF(skirmish_gap), "stands.skirmish_gap");
	whole(OFF(sp.men_per_sp), 1, 100000, "strength.men_per_sp");
	whole(OFF(sp.round_up_at), 0, 100000, "strength.round_up_at");
	whole(OFF(sp.min_sp), 1, 100, "strength.min_sp");
	whole(OFF(sp.guns_per_sp), 1, 100, "strength.guns_per_sp");
	whole(OFF(sp.gun_min_sp), 1, 100, "strength.gun_min_sp");
	whole(OFF(sp.gun_max_sp), 1, 100, "strength.gun_max_sp");
	whole(OFF(elimination.normal), 0, 100, "elimination.normal");
	whole(OFF(elimination.exempt), 0, 100, "elimination.exempt");
	for (int r = 0; r < RATING_COUNT; r++)
		add(RK_INT, OFF(quality[r]), 1, 6, "quality.%s", rating_names[r].key);
	whole(OFF(dice.test), 1, 6, "dice.test");
	whole(OFF(dice.rating), 1, 6, "dice.rating");
}

static void manoeuvre(void)
{
	add(RK_MOVEMENT, OFF(move), 0, BIG, "movement");
	dist(OFF(inch.near_cavalry), "inch.near_cavalry");
	dist(OFF(inch.clear), "inch.clear");
	dist(OFF(inch.cavalry_range), "inch.cavalry_range");
	dist(OFF(special.sidestep), "special.sidestep");
	dist(OFF(special.stepback), "special.stepback");
	dist(OFF(special.oblique_forward), "special.oblique_forward");
	dist(OFF(special.oblique_side), "special.oblique_side");
	dist(OFF(special.prolong_back), "special.prolong_back");
	angle(OFF(special.pivot_charge_limit), "special.pivot_charge_limit");
	for (int t = 0; t < UT_COUNT; t++)
		add(RK_INT, OFF(extend_dice[t]), 0, 6, "extended_charge.%s", unit_type_names[t].key);
	add(RK_DIST, OFF(extend_pip), 0.01, BIG, "extended_charge.cm_per_pip");
	dist(OFF(division_move.blocked_within), "division_move.blocked_within");
	dist(OFF(division_move.far_clear), "division_move.far_clear");
	dist(OFF(division_move.far_move), "division_move.far_move");
	dist(OFF(division_move.far_keep_away), "division_move.far_keep_away");
	dist(OFF(division_move.near_move), "division_move.near_move");
	dist(OFF(division_move.near_keep_away), "division_move.near_keep_away");
}

static void reactions(void)
{
	dist(OFF(react.fallback_inf_min), "reactions.fallback_infantry_min");
	dist(OFF(react.fallback_inf_max), "reactions.fallback_infantry_max");
	dist(OFF(react.fallback_cav_min), "reactions.fallback_cavalry_min");
	dist(OFF(react.fallback_cav_max), "reactions.fallback_cavalry_max");
	dist(OFF(react.flee_min), "reactions.flee_min");
	dist(OFF(react.flee_max), "reactions.flee_max");
	dist(OFF(react.esquare_charge_from), "reactions.square_charge_from");
	dist(OFF(react.esquare_nearby), "reactions.square_nearby");
	whole(OFF(react.esquare_column_bonus), 0, 6, "reactions.square_column_bonus");
	whole(OFF(react.esquare_fail_hits), 0, 100, "reactions.square_fail_hits");
	dist(OFF(react.feint_min), "reactions.feint_min");
	dist(OFF(react.feint_max), "reactions.feint_max");
	angle(OFF(react.feint_pivot), "reactions.feint_pivot");
	dist(OFF(react.opportunity_inf), "reactions.opportunity_infantry");
	dist(OFF(react.opportunity_cav), "reactions.opportunity_cavalry");
	angle(OFF(react.opportunity_pivot), "reactions.opportunity_pivot");
	dist(OFF(react.reman_clear), "reactions.reman_clear");
}

static void firing(void)
{
	dist(OFF(fire.small_arms_range), "fire.small_arms_range");
	for (int b = 0; b < RANGE_COUNT; b++)
		add(RK_DIST, OFF(fire.art_range[b]), 0, BIG, "fire.artillery_range.%s", range_names[b].key);
	for (int f = 0; f < FORM_COUNT; f++)
		add(RK_INT, OFF(fire.small_arms_dice[f]), 0, 20, "fire.small_arms_dice.%s", formation_names[f].key);
	for (int w = WEIGHT_LIGHT; w < WEIGHT_COUNT; w++)
		for (int b = 0; b < RANGE_COUNT; b++)
			add(RK_INT, OFF(fire.art_dice[w][b]), 0, 20, "fire.artillery_dice.%s.%s", weight_names[w].key,
			    range_names[b].key);
	whole(OFF(fire.guard_infantry_bonus), 0, 20, "fire.guard_infantry_bonus");
	whole(OFF(fire.british_artillery_bonus), 0, 20, "fire.british_artillery_bonus");
	whole(OFF(fire.french_elite_artillery_bonus), 0, 20, "fire.french_elite_artillery_bonus");
	whole(OFF(fire.target_square_or_column_bonus), 0, 20, "fire.target_square_or_column_bonus");
	whole(OFF(fire.pips_per_hit), 1, 100, "fire.pips_per_hit");
	dist(OFF(fire.support_range), "fire.support_range");
	whole(OFF(fire.suppress_sp), 1, 100, "fire.suppress_sp");
	dist(OFF(melee.join_range), "melee.join_range");
	angle(OFF(melee.join_pivot), "melee.join_pivot");
	dist(OFF(melee.join_move), "melee.join_move");
	whole(OFF(melee.dice_per_sp), 1, 6, "melee.dice_per_sp");
	dist(OFF(breakthrough.rally_back_inf_min), "breakthrough.rally_back_infantry_min");
	dist(OFF(breakthrough.rally_back_inf_max), "breakthrough.rally_back_infantry_max");
	dist(OFF(breakthrough.rally_back_cav_min), "breakthrough.rally_back_cavalry_min");
	dist(OFF(breakthrough.rally_back_cav_max), "breakthrough.rally_back_cavalry_max");
	dist(OFF(breakthrough.rally_forward_inf), "breakthrough.rally_forward_infantry");
	dist(OFF(breakthrough.rally_forward_cav), "breakthrough.rally_forward_cavalry");
	angle(OFF(breakthrough.rally_pivot), "breakthrough.rally_pivot");
	whole(OFF(breakthrough.charge_hits), 0, 100, "breakthrough.charge_hits");
	whole(OFF(initiative.turn_dice), 1, 6, "initiative.turn_dice");
	whole(OFF(initiative.holder_dice), 1, 6, "initiative.holder_dice");
	whole(OFF(initiative.other_dice), 1, 6, "initiative.other_dice");
}

static void command(void)
{
	for (int r = 0; r < CR_NONE; r++)
		add(RK_DIST, OFF(command_radius[r]), 0, BIG, "command.radius.%s", cmd_rating_names[r].key);
	dist(OFF(command.cautious_limit), "command.cautious_limit");
	dist(OFF(command.stand_move), "command.stand_move");
	dist(OFF(command.attach_range), "command.attach_range");
	dist(OFF(command.evade_min), "command.evade_min");
	dist(OFF(command.evade_max), "command.evade_max");
	dist(OFF(command.evade_enemy_clear), "command.evade_enemy_clear");
	for (int n = 0; n < NAT_COUNT; n++)
		add(RK_RATINGS, OFF(corps_rating[n]), 0, 0, "commanders.corps.%s", nationality_names[n].key);
	for (int n = 0; n < NAT_COUNT; n++)
		add(RK_INT, OFF(division_modifier[n]), -20, 20, "commanders.division_modifier.%s",
		    nationality_names[n].key);
	add(RK_RATINGS, OFF(division_rating), 0, 0, "commanders.division");
}

static void terrain(void)
{
	add(RK_COMBINE, OFF(terrain_limits.combine), 0, 0, "terrain.combine");
	add(RK_NUM, OFF(terrain_limits.half_rate_cost), 1, 100, "terrain.half_rate_cost");
	dist(OFF(terrain_limits.stream_max_width), "terrain.stream_max_width");
	dist(OFF(terrain_limits.road_width), "terrain.road_width");
	dist(OFF(terrain_limits.wood_min), "terrain.wood_min");
	dist(OFF(terrain_limits.wood_max), "terrain.wood_max");
	dist(OFF(terrain_limits.village_min), "terrain.village_min");
	dist(OFF(terrain_limits.village_max), "terrain.village_max");
	dist(OFF(terrain_limits.landmark_max), "terrain.landmark_max");
	whole(OFF(terrain_limits.hill_min_levels), 1, 100, "terrain.hill_min_levels");
	whole(OFF(terrain_limits.damage_dice), 1, 6, "terrain.damage_dice");
	whole(OFF(terrain_limits.damage_roll_max), 0, 36, "terrain.damage_roll_max");
	whole(OFF(terrain_limits.damage_hits_light), 0, 100, "terrain.damage_hits_light");
	whole(OFF(terrain_limits.damage_hits_heavy), 0, 100, "terrain.damage_hits_heavy");
	whole(OFF(terrain_limits.village_strength), 1, 1000, "terrain.village_strength");
	whole(OFF(terrain_limits.landmark_strength), 1, 1000, "terrain.landmark_strength");
	for (int t = 0; t < TT_COUNT; t++) {
		const char *k = terrain_names[t].key;
		add(RK_RATES, OFF(terrain[t].move_rate), 0, 1, "terrain.features.%s.move", k);
		add(RK_RATES, OFF(terrain[t].charge_rate), 0, 1, "terrain.features.%s.charge", k);
		add(RK_RATES, OFF(terrain[t].intercept_rate), 0, 1, "terrain.features.%s.intercept", k);
		add(RK_PARTS, OFF(terrain[t].cross), 0, 10, "terrain.features.%s.cross", k);
		keys[nkeys - 1].optional = true;
		add(RK_PARTS, OFF(terrain[t].leave), 0, 10, "terrain.features.%s.leave", k);
		keys[nkeys - 1].optional = true;
		add(RK_BOOL, OFF(terrain[t].cover), 0, 0, "terrain.features.%s.cover", k);
		add(RK_BOOL, OFF(terrain[t].h2h), 0, 0, "terrain.features.%s.advantage", k);
		add(RK_BOOL, OFF(terrain[t].structure), 0, 0, "terrain.features.%s.structure", k);
		add(RK_FLAGS, OFF(terrain[t].no_fire_inside), 0, 0, "terrain.features.%s.no_fire_inside", k);
	}
}

static void weather(void)
{
	whole(OFF(weather_misc.time_dice), 1, 6, "time.dice");
	add(RK_TIMES, OFF(time), 0, 0, "time.rows");
	whole(OFF(weather_misc.turn_minutes), 1, 24 * 60, "time.turn_minutes");
	whole(OFF(weather_misc.weather_dice), 1, 6, "weather.dice");
	add(RK_WEATHERS, OFF(weather), 0, 0, "weather.rows");
	whole(OFF(weather_misc.rethrows), 0, 100, "weather.rethrows");
	whole(OFF(weather_misc.spell_dice), 1, 6, "weather.spell_dice");
	whole(OFF(weather_misc.pair_dice), 2, 6, "weather.pair_dice");
	dist(OFF(weather_misc.sight_per_pip_light), "weather.sight_per_pip_light");
	dist(OFF(weather_misc.sight_per_pip_heavy), "weather.sight_per_pip_heavy");
	whole(OFF(weather_misc.fog_clears_at_hour), 0, 24, "weather.fog_clears_at_hour");
	dist(OFF(weather_misc.dawn_start), "weather.dawn_start");
	dist(OFF(weather_misc.dawn_step), "weather.dawn_step");
	dist(OFF(weather_misc.dusk_start), "weather.dusk_start");
	dist(OFF(weather_misc.dusk_step), "weather.dusk_step");
}

const struct rkey *rules_keys(int *n)
{
	if (!nkeys) {
		organisation();
		manoeuvre();
		reactions();
		firing();
		command();
		terrain();
		weather();
	}
	*n = nkeys;
	return keys;
}

/* "movement.TYPE.FORMATION.FIELD": a row of the movement table. */
static bool movement_number(const char *path, double *out)
{
	char type[40], form[40], what[16];
	int t, f;
	const struct move_allowance *a;
	if (sscanf(path, "movement.%39[a-z_].%39[a-z_].%15[a-z]", type, form, what) != 3 ||
	    (t = enum_lookup(unit_type_names, UT_COUNT, type)) < 0 ||
	    (f = enum_lookup(formation_names, FORM_COUNT, form)) < 0 ||
	    !(a = rules_move_for((enum unit_type)t, (enum formation)f)))
		return false;
	if (strcmp(what, "move") == 0)
		*out = a->move;
	else if (strcmp(what, "charge") == 0)
		*out = a->charge;
	else if (strcmp(what, "redeploy") == 0)
		*out = a->redeploy;
	else
		return false;
	return true;
}

bool rules_number(const char *path, double *out)
{
	int n;
	const struct rkey *k = rules_keys(&n);
	if (strncmp(path, "movement.", 9) == 0)
		return movement_number(path, out);
	for (int i = 0; i < n; i++) {
		const char *at = (const char *)rules_in_force + k[i].off;
		if (strcmp(k[i].path, path) != 0)
			continue;
		switch (k[i].kind) {
		case RK_DIST:
		case RK_NUM:
			*out = *(const double *)at;
			return true;
		case RK_INT:
			*out = *(const int *)at;
			return true;
		default:
			return false;
		}
	}
	return false;
}

const char *rules_expand(const char *text, char *buf, size_t size)
{
	size_t len = 0;
	if (!size)
		return buf;
	buf[0] = '\0';
	for (const char *p = text; *p && len + 1 < size;) {
		const char *end = *p == '{' ? strchr(p, '}') : NULL;
		char path[80];
		double v;
		if (end && (size_t)(end - p - 1) < sizeof path) {
			memcpy(path, p + 1, (size_t)(end - p - 1));
			path[end - p - 1] = '\0';
			if (rules_number(path, &v)) {
				int w = snprintf(buf + len, size - len, "%g", v);
				len = w < 0 ? len : len + (size_t)w >= size ? size - 1 : len + (size_t)w;
				p = end + 1;
				continue;
			}
		}
		buf[len++] = *p++;
		buf[len] = '\0';
	}
	return buf;
}
