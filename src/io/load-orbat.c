/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load-orbat: an order of battle (nationality, corps, divisions, brigades,
 * units and commanders) from libconfig, checked against the rules on
 * organisation, unit types, strength and commanders. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/rules.h"
#include "load-int.h"

static unsigned id_hash(const char *id)
{
	unsigned h = 2166136261u;
	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return h;
}

/* The slot holding id, or the empty slot where it would go. */
static int *id_slot(const struct loader *l, const char *id)
{
	unsigned mask = (unsigned)l->nslots - 1, i = id_hash(id) & mask;
	while (l->slots[i] && strcmp(l->ids[l->slots[i] - 1].id, id) != 0)
		i = (i + 1) & mask;
	return &l->slots[i];
}

/* Room for one more id: the array and the table grow by doubling. */
static bool id_room(struct loader *l)
{
	if (l->nids == l->capids) {
		int cap = l->capids ? 2 * l->capids : 64;
		struct id_seen *p = realloc(l->ids, (size_t)cap * sizeof *p);
		if (!p)
			return false;
		l->ids = p;
		l->capids = cap;
	}
	if (2 * (l->nids + 1) > l->nslots) {
		int n = l->nslots ? 2 * l->nslots : 128;
		int *old = l->slots, nold = l->nslots;
		if (!(l->slots = calloc((size_t)n, sizeof *l->slots))) {
			l->slots = old;
			return false;
		}
		l->nslots = n;
		for (int i = 0; i < nold; i++)
			if (old[i])
				*id_slot(l, l->ids[old[i] - 1].id) = old[i];
		free(old);
	}
	return true;
}

/* The index of the file path in the loader's list (added when new). */
static int path_index(struct loader *l, const char *path)
{
	char **p;
	for (int i = 0; i < l->npaths; i++)
		if (strcmp(l->paths[i], path) == 0)
			return i;
	if (!(p = realloc(l->paths, (size_t)(l->npaths + 1) * sizeof *p)) || !(p[l->npaths] = strdup(path))) {
		if (p)
			l->paths = p;
		return -1;
	}
	l->paths = p;
	return l->npaths++;
}

bool loader_claim_id(struct loader *l, struct conf *c, const config_setting_t *s,
                     const char *ctx, const char *id)
{
	struct id_seen *e;
	int *slot;
	if (!id_room(l))
		return false;
	slot = id_slot(l, id);
	if (*slot) {
		e = &l->ids[*slot - 1];
		conf_error(c, s, ctx, "duplicate id '%s' (first used at %s:%d)", id,
		           e->path >= 0 ? l->paths[e->path] : c->path, e->line);
		return false;
	}
	e = &l->ids[l->nids];
	snprintf(e->id, sizeof e->id, "%s", id);
	e->path = path_index(l, c->path);
	e->line = conf_line(s);
	*slot = ++l->nids;
	return true;
}

void loader_free(struct loader *l)
{
	for (int i = 0; i < l->npaths; i++)
		free(l->paths[i]);
	free(l->paths);
	for (int i = 0; i < l->norbats; i++)
		free(l->orbats[i]);
	free(l->orbats);
	l->orbats = NULL;
	l->norbats = 0;
	free(l->ids);
	free(l->slots);
	l->paths = NULL;
	l->ids = NULL;
	l->slots = NULL;
	l->nids = l->capids = l->nslots = l->npaths = 0;
}

static const char *const commander_keys[] = { "name", "rating", "notes", NULL };
/* "rating" is refused with its own message, not as an unknown key. */
static const char *const brigade_commander_keys[] = { "name", "rating", "notes", NULL };

/* A corps or division commander: { name = "..."; rating = "good" | "roll"; } */
static int rated_commander(struct loader *l, struct conf *c, const config_setting_t *g,
                           const char *ctx, enum side side, enum cmd_level level,
                           int of, const char *id)
{
	const config_setting_t *s = config_setting_get_member(g, "commander");
	struct commander cm = { .side = side, .level = level, .of = of,
	                        .attached = -1, .detached_from = -1, .state = US_ACTIVE,
	                        .arrive_turn = 1 };
	char rating[32];
	char where[NAME_LEN + 40];
	static const int no_none[] = { CR_NONE, -1 };
	int r;

	snprintf(cm.id, sizeof cm.id, "%s", id);
	if (!s) {
		conf_error(c, g, ctx, "missing 'commander' (every corps and division has a "
		           "commander with a name and a rating)");
		return -1;
	}
	snprintf(where, sizeof where, "%s commander", ctx);
	if (!conf_is_group(c, s, where, "'commander'"))
		return -1;
	conf_known_keys(c, s, where, commander_keys);
	conf_string(c, s, "name", where, true, cm.name, sizeof cm.name);
	if (conf_string(c, s, "rating", where, true, rating, sizeof rating)) {
		if (strcmp(rating, "roll") == 0) {
			cm.flags |= CF_ROLL;
			cm.rating = CR_AVERAGE;
		} else if ((r = enum_lookup(cmd_rating_names, CR_COUNT, rating)) >= 0 && r != CR_NONE) {
			cm.rating = (enum cmd_rating)r;
		} else {
			char list[256];
			conf_error(c, config_setting_get_member(s, "rating"), where,
			           "rating '%s' is not one of: %s, roll", rating,
			           enum_keys(cmd_rating_names, CR_COUNT, no_none, list, sizeof list));
		}
	}
	return game_add_commander(l->g, &cm);
}

/* A brigade commander: "Name" or { name = "Name"; }; optional. */
static int brigade_commander(struct loader *l, struct conf *c, const config_setting_t *g,
                             const char *ctx, enum side side, int brigade)
{
	const config_setting_t *s = config_setting_get_member(g, "commander");
	struct brigade *b = &l->g->brigs[brigade];
	struct commander cm = { .side = side, .level = CL_BRIGADE, .of = brigade,
	                        .rating = CR_NONE, .attached = -1, .detached_from = -1, .state = US_ACTIVE,
	                        .arrive_turn = 1 };
	snprintf(cm.id, sizeof cm.id, "%s", b->id);
	if (b->kind == BK_ARTILLERY) {
		if (s)
			conf_error(c, s, ctx, "division artillery has no brigade commander");
		return -1;
	}
	if (!s) {
		snprintf(cm.name, sizeof cm.name, "commander of %.*s", NAME_LEN - 16, b->name);
	} else if (config_setting_type(s) == CONFIG_TYPE_STRING) {
		conf_string(c, g, "commander", ctx, true, cm.name, sizeof cm.name);
	} else if (config_setting_is_group(s)) {
		char where[NAME_LEN + 40];
		snprintf(where, sizeof where, "%s commander", ctx);
		conf_known_keys(c, s, where, brigade_commander_keys);
		conf_string(c, s, "name", where, true, cm.name, sizeof cm.name);
		if (config_setting_get_member(s, "rating"))
			conf_error(c, config_setting_get_member(s, "rating"), where,
			           "brigade commanders have no rating");
	} else {
		conf_error(c, s, ctx, "'commander' must be a name or a group { name = \"...\"; }");
		return -1;
	}
	return game_add_commander(l->g, &cm);
}

static const char *const unit_keys[] = {
	"id", "name", "type", "rating", "men", "guns", "weight", "nationality",
	"lancer", "kgl", "irregular", "notes", NULL
};

/* Returns the new unit's index, or -1 when it is too broken to keep. */
static int parse_unit(struct loader *l, struct conf *c, const config_setting_t *s,
                      enum side side, int brigade, enum nationality nat)
{
	struct unit u = { .side = side, .brigade = brigade, .nat = nat,
	                  .state = US_ACTIVE, .arrive_turn = 1 };
	char ctx[NAME_LEN + 16];
	int v;
	bool b, has_men, has_guns;
	static const int no_none_weight[] = { WEIGHT_NONE, -1 };
	static const int no_none_irr[] = { IRR_NONE, -1 };

	snprintf(ctx, sizeof ctx, "unit %d", config_setting_index(s) + 1);
	if (!conf_is_group(c, s, ctx, "a unit"))
		return -1;
	if (conf_id(c, s, "id", ctx, true, u.id, sizeof u.id)) {
		snprintf(ctx, sizeof ctx, "unit '%s'", u.id);
		loader_claim_id(l, c, config_setting_get_member(s, "id"), ctx, u.id);
	}
	conf_known_keys(c, s, ctx, unit_keys);
	conf_string(c, s, "name", ctx, true, u.name, sizeof u.name);
	if (!conf_enum(c, s, "type", ctx, true, unit_type_names, UT_COUNT, NULL, &v))
		return -1;
	u.type = (enum unit_type)v;
	if (conf_enum(c, s, "rating", ctx, true, rating_names, RATING_COUNT, NULL, &v))
		u.rating = (enum rating)v;
	if (conf_enum(c, s, "nationality", ctx, false, nationality_names, NAT_COUNT, NULL, &v))
		u.nat = (enum nationality)v;

	has_men = config_setting_get_member(s, "men") != NULL;
	has_guns = config_setting_get_member(s, "guns") != NULL;
	if (unit_is_artillery(&u)) {
		if (has_men)
			conf_error(c, config_setting_get_member(s, "men"), ctx,
			           "a battery's strength is given in 'guns', not 'men'");
		if (conf_int(c, s, "guns", ctx, true, 1, 24, &u.guns))
			u.sp = sp_from_guns(u.guns);
		if (conf_enum(c, s, "weight", ctx, true, weight_names, WEIGHT_COUNT,
		              no_none_weight, &v)) {
			u.weight = (enum weight)v;
			if (u.type == UT_HORSE_ART && u.weight == WEIGHT_HEAVY)
				conf_error(c, config_setting_get_member(s, "weight"), ctx,
				           "horse artillery is never heavy");
		}
	} else {
		if (has_guns)
			conf_error(c, config_setting_get_member(s, "guns"), ctx,
			           "only artillery has 'guns'; give infantry and cavalry 'men'");
		if (config_setting_get_member(s, "weight"))
			conf_error(c, config_setting_get_member(s, "weight"), ctx,
			           "only artillery has a 'weight'");
		if (conf_int(c, s, "men", ctx, true, 1, 9999, &u.men))
			u.sp = sp_from_men(u.men);
	}
	if (conf_bool(c, s, "lancer", ctx, &b) && b) {
		if (!unit_is_cavalry(&u))
			conf_error(c, config_setting_get_member(s, "lancer"), ctx,
			           "only cavalry can be lancers");
		u.flags |= UF_LANCER;
	}
	if (conf_bool(c, s, "kgl", ctx, &b) && b) {
		if (u.nat != NAT_BRITISH)
			conf_error(c, config_setting_get_member(s, "kgl"), ctx,
			           "only British units can be King's German Legion");
		u.flags |= UF_KGL;
	}
	if (conf_enum(c, s, "irregular", ctx, false, irregular_names, IRR_COUNT,
	              no_none_irr, &v)) {
		u.irregular = (enum irregular)v;
		if (u.type != UT_LIGHT_CAV)
			conf_error(c, config_setting_get_member(s, "irregular"), ctx,
			           "only light cavalry can be Cossacks or Arabs");
		else if (u.flags & UF_LANCER)
			conf_error(c, config_setting_get_member(s, "irregular"), ctx,
			           "Cossacks and Arabs must stay in skirmish line at all times, which lancers may not "
			           "form: a unit cannot be both");
	}
	u.sp0 = u.sp;
	u.form = unit_default_formation(&u);
	return game_add_unit(l->g, &u);
}

/* "Organisation": what each kind of brigade may hold. */
static void check_brigade_unit(struct conf *c, const config_setting_t *s,
                               const struct brigade *b, const struct unit *u)
{
	char ctx[ID_LEN + 16];
	snprintf(ctx, sizeof ctx, "unit '%s'", u->id);
	switch (b->kind) {
	case BK_ARTILLERY:
		if (!unit_is_artillery(u))
			conf_error(c, s, ctx, "division artillery holds only batteries");
		break;
	case BK_INFANTRY:
		if (unit_is_cavalry(u))
			conf_error(c, s, ctx, "an infantry brigade holds no cavalry (make it a mixed brigade)");
		break;
	case BK_CAVALRY:
		if (unit_is_infantry(u))
			conf_error(c, s, ctx, "a cavalry brigade holds no infantry (make it a mixed brigade)");
		if (u->type == UT_FOOT_ART)
			conf_error(c, s, ctx, "foot artillery was never deployed with cavalry brigades");
		break;
	case BK_MIXED:
	case BK_COUNT:
		break;
	}
	if (u->weight == WEIGHT_HEAVY && (b->kind == BK_CAVALRY || b->kind == BK_MIXED))
		conf_error(c, s, ctx, "heavy batteries were never deployed with cavalry or mixed brigades");
}

static const char *const brigade_keys[] = { "id", "name", "type", "commander", "units", "notes", NULL };

static void parse_brigade(struct loader *l, struct conf *c, const config_setting_t *s,
                          enum side side, int division, enum nationality nat)
{
	struct brigade b = { .division = division, .commander = -1 };
	const config_setting_t *units;
	char ctx[ID_LEN + 16];
	int idx, v;
	bool typed;

	snprintf(ctx, sizeof ctx, "brigade %d", config_setting_index(s) + 1);
	if (!conf_is_group(c, s, ctx, "a brigade"))
		return;
	if (conf_id(c, s, "id", ctx, true, b.id, sizeof b.id)) {
		snprintf(ctx, sizeof ctx, "brigade '%s'", b.id);
		loader_claim_id(l, c, config_setting_get_member(s, "id"), ctx, b.id);
	}
	conf_known_keys(c, s, ctx, brigade_keys);
	conf_string(c, s, "name", ctx, true, b.name, sizeof b.name);
	if ((typed = conf_enum(c, s, "type", ctx, true, brigade_kind_names, BK_COUNT, NULL, &v)))
		b.kind = (enum brigade_kind)v;
	idx = game_add_brigade(l->g, &b);
	if (idx < 0)
		return;
	l->g->brigs[idx].commander = brigade_commander(l, c, s, ctx, side, idx);

	units = config_setting_get_member(s, "units");
	if (!units || !config_setting_is_list(units) || config_setting_length(units) == 0) {
		conf_error(c, units ? units : s, ctx, "'units' must be a list of at least one unit ( { ... }, ... )");
		return;
	}
	for (int i = 0; i < config_setting_length(units); i++) {
		const config_setting_t *us = config_setting_get_elem(units, (unsigned)i);
		int u = parse_unit(l, c, us, side, idx, nat);
		/* Without a valid type the brigade's contents cannot be judged. */
		if (u >= 0 && typed)
			check_brigade_unit(c, us, &l->g->brigs[idx], &l->g->units[u]);
	}
}

static const char *const division_keys[] = { "id", "name", "commander", "brigades", "notes", NULL };

static void parse_division(struct loader *l, struct conf *c, const config_setting_t *s,
                           enum side side, int corps, enum nationality nat)
{
	struct division d = { .corps = corps, .commander = -1 };
	const config_setting_t *brigs;
	char ctx[ID_LEN + 16];
	int idx;

	snprintf(ctx, sizeof ctx, "division %d", config_setting_index(s) + 1);
	if (!conf_is_group(c, s, ctx, "a division"))
		return;
	if (conf_id(c, s, "id", ctx, true, d.id, sizeof d.id)) {
		snprintf(ctx, sizeof ctx, "division '%s'", d.id);
		loader_claim_id(l, c, config_setting_get_member(s, "id"), ctx, d.id);
	}
	conf_known_keys(c, s, ctx, division_keys);
	conf_string(c, s, "name", ctx, true, d.name, sizeof d.name);
	idx = game_add_division(l->g, &d);
	if (idx < 0)
		return;
	l->g->divs[idx].commander = rated_commander(l, c, s, ctx, side, CL_DIVISION, idx, d.id);
	brigs = config_setting_get_member(s, "brigades");
	if (!brigs || !config_setting_is_list(brigs) || config_setting_length(brigs) == 0) {
		conf_error(c, brigs ? brigs : s, ctx, "'brigades' must be a list of at least one brigade ( { ... }, ... )");
		return;
	}
	for (int i = 0; i < config_setting_length(brigs); i++)
		parse_brigade(l, c, config_setting_get_elem(brigs, (unsigned)i), side, idx, nat);
}

const char *const loader_orbat_keys[] = { "nationality", "corps", "notes", NULL };
static const char *const corps_keys[] = { "id", "name", "nationality", "commander", "divisions", "notes", NULL };

/* One corps: the file's nationality unless it gives its own (an army's
 * file may hold allied corps). */
static bool parse_corps(struct loader *l, struct conf *c, const config_setting_t *cs, enum side side,
                        enum nationality nat)
{
	const config_setting_t *divs;
	struct corps co = { .side = side, .commander = -1, .nat = nat };
	int v, idx;
	char ctx[ID_LEN + 16] = "corps";

	if (!conf_is_group(c, cs, "orbat", "a corps"))
		return false;
	if (conf_id(c, cs, "id", ctx, true, co.id, sizeof co.id)) {
		snprintf(ctx, sizeof ctx, "corps '%s'", co.id);
		loader_claim_id(l, c, config_setting_get_member(cs, "id"), ctx, co.id);
	}
	conf_known_keys(c, cs, ctx, corps_keys);
	conf_string(c, cs, "name", ctx, true, co.name, sizeof co.name);
	if (conf_enum(c, cs, "nationality", ctx, false, nationality_names, NAT_COUNT, NULL, &v))
		co.nat = (enum nationality)v;
	idx = game_add_corps(l->g, &co);
	if (idx < 0)
		return false;
	l->g->corps[idx].commander = rated_commander(l, c, cs, ctx, side, CL_CORPS, idx, co.id);
	/* A side of several corps is named after its first. */
	if (l->g->side[side].corps < 0)
		l->g->side[side].corps = idx;
	divs = config_setting_get_member(cs, "divisions");
	if (!divs || !config_setting_is_list(divs) || config_setting_length(divs) == 0) {
		conf_error(c, divs ? divs : cs, ctx, "'divisions' must be a list of at least one division ( { ... }, ... )");
		return false;
	}
	for (int i = 0; i < config_setting_length(divs); i++)
		parse_division(l, c, config_setting_get_elem(divs, (unsigned)i), side, idx, co.nat);
	return true;
}

bool load_orbat_setting(struct loader *l, struct conf *c,
                        const config_setting_t *root, enum side side)
{
	const config_setting_t *cs;
	enum nationality nat = NAT_FRENCH;
	int errors = c->errors, v;

	conf_known_keys(c, root, "orbat", loader_orbat_keys);
	if (conf_enum(c, root, "nationality", "orbat", true, nationality_names, NAT_COUNT, NULL, &v))
		nat = (enum nationality)v;
	cs = config_setting_get_member(root, "corps");
	if (!cs) {
		conf_error(c, root, "orbat", "missing 'corps'");
		return false;
	}
	/* An army: a list of corps, each with its own commander. */
	if (config_setting_is_list(cs)) {
		if (config_setting_length(cs) == 0) {
			conf_error(c, cs, "orbat", "'corps' must be a corps { ... } or a list of them ( { ... }, ... )");
			return false;
		}
		for (int i = 0; i < config_setting_length(cs); i++)
			parse_corps(l, c, config_setting_get_elem(cs, (unsigned)i), side, nat);
	} else if (!conf_is_group(c, cs, "orbat", "'corps'")) {
		return false;
	} else {
		parse_corps(l, c, cs, side, nat);
	}
	return c->errors == errors;
}
