/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load-rules: a rules file read into struct rules: its base first (a
 * variant names the file it changes), then the variant's scale applied to
 * every distance it inherits, then its own keys on top; every key, range
 * and table checked, each problem as path:line. */
#include "config.h"

#include <libconfig.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "engine/rules-keys.h"
#include "load-rules.h"
#include "paths.h"

#define MAX_DEPTH 8 /* variants of variants: deeper is a loop or a mistake */

/* One file of the chain, read and parsed. */
struct rfile {
	struct conf c;
	config_t cfg;
	const config_setting_t *root;
};

static void *field(struct rules *r, const struct rkey *k)
{
	return (char *)r + k->off;
}

/* ------------------------------------------------------------------ */
/* Which keys a file may hold */

/* The last part of a dotted path. */
static const char *leaf_of(const char *path)
{
	const char *dot = strrchr(path, '.');
	return dot ? dot + 1 : path;
}

static bool has_prefix(const char *path, const char *prefix, size_t len)
{
	return strncmp(path, prefix, len) == 0 && path[len] == '.';
}

/* The names allowed just under prefix ("" for the top), listed. */
static void children(const char *prefix, char *list, size_t size)
{
	int n;
	const struct rkey *k = rules_keys(&n);
	size_t len = strlen(prefix), used = 0;
	list[0] = '\0';
	if (!*prefix)
		used = (size_t)snprintf(list, size, "base, scale");
	for (int i = 0; i < n && used < size; i++) {
		const char *rest = *prefix ? (has_prefix(k[i].path, prefix, len) ? k[i].path + len + 1 : NULL)
		                           : k[i].path;
		char part[80], look[84];
		if (!rest)
			continue;
		snprintf(part, sizeof part, "%.*s", (int)strcspn(rest, "."), rest);
		snprintf(look, sizeof look, ", %s,", part);
		{
			/* Each name once. */
			char wrapped[1100];
			snprintf(wrapped, sizeof wrapped, ", %s,", list);
			if (strstr(wrapped, look))
				continue;
		}
		used += (size_t)snprintf(list + used, size - used, "%s%s", used ? ", " : "", part);
	}
}

static void check_group(struct rfile *f, const config_setting_t *g, const char *prefix)
{
	int n, members = config_setting_length(g);
	const struct rkey *k = rules_keys(&n);
	for (int m = 0; m < members; m++) {
		const config_setting_t *s = config_setting_get_elem(g, (unsigned)m);
		const char *name = config_setting_name(s);
		char path[160], list[1024];
		bool leaf = false, group = false;
		size_t len;
		if (!name)
			continue;
		snprintf(path, sizeof path, "%s%s%s", prefix, *prefix ? "." : "", name);
		len = strlen(path);
		if (!*prefix && (strcmp(name, "base") == 0 || strcmp(name, "scale") == 0))
			continue;
		for (int i = 0; i < n; i++) {
			leaf = leaf || strcmp(k[i].path, path) == 0;
			group = group || has_prefix(k[i].path, path, len);
		}
		if (leaf)
			continue;
		if (group) {
			if (conf_is_group(&f->c, s, *prefix ? prefix : "rules", path))
				check_group(f, s, path);
			continue;
		}
		children(prefix, list, sizeof list);
		conf_error(&f->c, s, *prefix ? prefix : "rules", "unknown key '%s' (expected one of: %s)", name, list);
	}
}

/* ------------------------------------------------------------------ */
/* Reading each kind of key */

/* The group holding a path's last part, or NULL where it is not given. */
static const config_setting_t *parent_of(const struct rfile *f, const char *path, char *ctx, size_t size)
{
	const char *dot = strrchr(path, '.');
	char group[80];
	if (!dot) {
		snprintf(ctx, size, "rules");
		return f->root;
	}
	snprintf(group, sizeof group, "%.*s", (int)(dot - path), path);
	snprintf(ctx, size, "%s", group);
	return config_lookup(&f->cfg, group);
}

/* "free", "half", "no", or the part of its speed a mover keeps there. */
static bool read_rate(struct rfile *f, const config_setting_t *s, const char *ctx, double *out)
{
	const char *w;
	double v;
	if (config_setting_type(s) == CONFIG_TYPE_STRING) {
		w = config_setting_get_string(s);
		if (strcmp(w, "free") == 0)
			*out = 1;
		else if (strcmp(w, "half") == 0)
			*out = RULES_HALF;
		else if (strcmp(w, "no") == 0)
			*out = RULES_CANT;
		else {
			conf_error(&f->c, s, ctx, "'%s' is '%s'; give \"free\", \"half\", \"no\" or the part of its "
			           "speed a mover keeps (above 0, at most 1)", config_setting_name(s), w);
			return false;
		}
		return true;
	}
	if (config_setting_type(s) == CONFIG_TYPE_FLOAT || config_setting_type(s) == CONFIG_TYPE_INT) {
		v = config_setting_type(s) == CONFIG_TYPE_FLOAT ? config_setting_get_float(s) : config_setting_get_int(s);
		if (v > 0 && v <= 1) {
			*out = 1 / v;
			return true;
		}
	}
	conf_error(&f->c, s, ctx, "'%s' must be \"free\", \"half\", \"no\" or the part of its speed a mover "
	           "keeps (above 0, at most 1)", config_setting_name(s));
	return false;
}

/* One class's value in a per-class group. */
static bool read_class(struct rfile *f, const config_setting_t *g, const char *name, const struct rkey *k,
                       const char *ctx, void *out)
{
	const config_setting_t *s = config_setting_get_member(g, name);
	switch (k->kind) {
	case RK_RATES:
		return read_rate(f, s, ctx, out);
	case RK_PARTS:
		return conf_number(&f->c, g, name, ctx, true, k->lo, k->hi, out);
	case RK_FLAGS:
		if (config_setting_type(s) != CONFIG_TYPE_BOOL) {
			conf_error(&f->c, s, ctx, "'%s' must be true or false", name);
			return false;
		}
		*(bool *)out = config_setting_get_bool(s);
		return true;
	default:
		return false;
	}
}

/* A group with a value per class of mover, 'all' first. */
static void read_classes(struct rfile *f, const config_setting_t *g, const struct rkey *k, struct rules *r,
                         bool whole)
{
	static const char *names[TC_COUNT + 2];
	size_t size = k->kind == RK_FLAGS ? sizeof(bool) : sizeof(double);
	char *base = field(r, k);
	bool given[TC_COUNT] = { false };
	if (!conf_is_group(&f->c, g, k->path, "it"))
		return;
	names[0] = "all";
	for (int c = 0; c < TC_COUNT; c++)
		names[c + 1] = tclass_names[c].key;
	names[TC_COUNT + 1] = NULL;
	conf_known_keys(&f->c, g, k->path, names);
	if (config_setting_get_member(g, "all")) {
		char v[sizeof(double)];
		if (read_class(f, g, "all", k, k->path, v))
			for (int c = 0; c < TC_COUNT; c++) {
				memcpy(base + (size_t)c * size, v, size);
				given[c] = true;
			}
	}
	for (int c = 0; c < TC_COUNT; c++)
		if (config_setting_get_member(g, tclass_names[c].key))
			given[c] = read_class(f, g, tclass_names[c].key, k, k->path, base + (size_t)c * size) || given[c];
	for (int c = 0; c < TC_COUNT && whole; c++)
		if (!given[c]) {
			conf_error(&f->c, g, k->path, "missing '%s' (or 'all' for every class)", tclass_names[c].key);
			break;
		}
}

static int move_index(const struct rules *r, enum unit_type t, enum formation fm)
{
	for (int i = 0; i < r->move_count; i++)
		if (r->move[i].type == t && r->move[i].form == fm)
			return i;
	return -1;
}

/* A charge allowance: cm, or "no" where the formation may not charge. */
static void read_charge(struct rfile *f, const config_setting_t *g, const char *ctx, double *out)
{
	const config_setting_t *s = config_setting_get_member(g, "charge");
	if (s && config_setting_type(s) == CONFIG_TYPE_STRING) {
		if (strcmp(config_setting_get_string(s), "no") == 0)
			*out = RULES_CANT;
		else
			conf_error(&f->c, s, ctx, "'charge' must be a distance in cm or \"no\"");
		return;
	}
	conf_number(&f->c, g, "charge", ctx, false, 0, RULES_BIG_CM, out);
}

static void read_movement(struct rfile *f, const config_setting_t *g, struct rules *r)
{
	static const char *const row_keys[] = { "move", "charge", "redeploy", NULL };
	const char *types[UT_COUNT + 1], *forms[FORM_COUNT + 1];
	if (!conf_is_group(&f->c, g, "movement", "'movement'"))
		return;
	for (int t = 0; t < UT_COUNT; t++)
		types[t] = unit_type_names[t].key;
	types[UT_COUNT] = NULL;
	for (int m = 0; m < FORM_COUNT; m++)
		forms[m] = formation_names[m].key;
	forms[FORM_COUNT] = NULL;
	conf_known_keys(&f->c, g, "movement", types);
	for (int t = 0; t < UT_COUNT; t++) {
		const config_setting_t *tg = config_setting_get_member(g, types[t]);
		char ctx[64];
		if (!tg)
			continue;
		snprintf(ctx, sizeof ctx, "movement.%s", types[t]);
		if (!conf_is_group(&f->c, tg, ctx, "it"))
			continue;
		conf_known_keys(&f->c, tg, ctx, forms);
		for (int m = 0; m < FORM_COUNT; m++) {
			const config_setting_t *row = config_setting_get_member(tg, forms[m]);
			int at = move_index(r, (enum unit_type)t, (enum formation)m);
			struct move_allowance *a = at >= 0 ? &r->move[at] : NULL;
			char rctx[96];
			if (!row)
				continue;
			snprintf(rctx, sizeof rctx, "%s.%s", ctx, forms[m]);
			if (!conf_is_group(&f->c, row, rctx, "it"))
				continue;
			conf_known_keys(&f->c, row, rctx, row_keys);
			if (!a) {
				/* A new row: its allowances in full. */
				a = &r->move[r->move_count++];
				*a = (struct move_allowance){ .type = (enum unit_type)t, .form = (enum formation)m };
				if (!config_setting_get_member(row, "move"))
					conf_error(&f->c, row, rctx, "missing 'move'");
				if (!config_setting_get_member(row, "charge"))
					conf_error(&f->c, row, rctx, "missing 'charge' (a distance, or \"no\")");
			}
			conf_number(&f->c, row, "move", rctx, false, 0, RULES_BIG_CM, &a->move);
			read_charge(f, row, rctx, &a->charge);
			conf_number(&f->c, row, "redeploy", rctx, false, 0, RULES_BIG_CM, &a->redeploy);
		}
	}
}

/* A list of rows { from = ..; to = ..; ... }, read by each table's reader. */
static const config_setting_t *rows_of(struct rfile *f, const config_setting_t *s, const char *ctx, int max)
{
	if (!config_setting_is_list(s)) {
		conf_error(&f->c, s, ctx, "'%s' must be a list of rows ( { from = ...; to = ...; ... }, ... )",
		           config_setting_name(s));
		return NULL;
	}
	if (config_setting_length(s) < 1 || config_setting_length(s) > max) {
		conf_error(&f->c, s, ctx, "'%s' has %d rows; give 1 to %d", config_setting_name(s),
		           config_setting_length(s), max);
		return NULL;
	}
	return s;
}

static bool row_range(struct rfile *f, const config_setting_t *row, const char *ctx, int *lo, int *hi)
{
	bool ok = conf_is_group(&f->c, row, ctx, "a row");
	ok = ok && conf_int(&f->c, row, "from", ctx, true, -99, 99, lo);
	ok = ok && conf_int(&f->c, row, "to", ctx, true, -99, 99, hi);
	if (ok && *hi < *lo) {
		conf_error(&f->c, row, ctx, "'from' %d is above 'to' %d", *lo, *hi);
		ok = false;
	}
	return ok;
}

static void read_ratings(struct rfile *f, const config_setting_t *s, const struct rkey *k, struct rules *r)
{
	static const char *const row_keys[] = { "from", "to", "rating", NULL };
	static const int no_none[] = { CR_NONE, -1 };
	struct corps_rating_table t = { 0 };
	if (!rows_of(f, s, k->path, RULES_RATING_ROWS))
		return;
	for (int i = 0; i < config_setting_length(s); i++) {
		const config_setting_t *row = config_setting_get_elem(s, (unsigned)i);
		struct rating_row *rr = &t.rows[t.n];
		char ctx[120];
		int v;
		snprintf(ctx, sizeof ctx, "%s row %d", k->path, i + 1);
		if (!row_range(f, row, ctx, &rr->lo, &rr->hi))
			continue;
		conf_known_keys(&f->c, row, ctx, row_keys);
		if (!conf_enum(&f->c, row, "rating", ctx, true, cmd_rating_names, CR_COUNT, no_none, &v))
			continue;
		rr->rating = (enum cmd_rating)v;
		t.n++;
	}
	*(struct corps_rating_table *)field(r, k) = t;
}

static void read_times(struct rfile *f, const config_setting_t *s, struct rules *r)
{
	static const char *const row_keys[] = { "from", "to", "hour", "dawn", "dusk", NULL };
	int n = 0;
	if (!rows_of(f, s, "time", RULES_TABLE_ROWS))
		return;
	for (int i = 0; i < config_setting_length(s); i++) {
		const config_setting_t *row = config_setting_get_elem(s, (unsigned)i);
		struct time_row t = { 0 };
		char ctx[64];
		snprintf(ctx, sizeof ctx, "time row %d", i + 1);
		if (!row_range(f, row, ctx, &t.lo, &t.hi))
			continue;
		conf_known_keys(&f->c, row, ctx, row_keys);
		if (!conf_int(&f->c, row, "hour", ctx, true, 0, 23, &t.hour))
			continue;
		conf_bool(&f->c, row, "dawn", ctx, &t.dawn);
		conf_bool(&f->c, row, "dusk", ctx, &t.dusk);
		r->time[n++] = t;
	}
	r->ntime = n;
}

static void read_weathers(struct rfile *f, const config_setting_t *s, struct rules *r)
{
	static const char *const row_keys[] = { "from", "to", "weather", NULL };
	int n = 0;
	if (!rows_of(f, s, "weather", RULES_TABLE_ROWS))
		return;
	for (int i = 0; i < config_setting_length(s); i++) {
		const config_setting_t *row = config_setting_get_elem(s, (unsigned)i);
		struct weather_row w = { 0 };
		char ctx[64];
		int v;
		snprintf(ctx, sizeof ctx, "weather row %d", i + 1);
		if (!row_range(f, row, ctx, &w.lo, &w.hi))
			continue;
		conf_known_keys(&f->c, row, ctx, row_keys);
		if (!conf_enum(&f->c, row, "weather", ctx, true, weather_names, WX_COUNT, NULL, &v))
			continue;
		w.weather = (enum weather)v;
		r->weather[n++] = w;
	}
	r->nweather = n;
}

/* One key of the file onto the rules; whole: nothing is inherited, so a
 * key left out is missing. */
static void read_key(struct rfile *f, const struct rkey *k, struct rules *r, bool whole)
{
	char ctx[96];
	const config_setting_t *g = parent_of(f, k->path, ctx, sizeof ctx);
	const char *name = leaf_of(k->path);
	const config_setting_t *s = g ? config_setting_get_member(g, name) : NULL;
	int v;
	if (!s) {
		if (whole && !k->optional && g)
			conf_error(&f->c, g, ctx, "missing '%s'", name);
		return;
	}
	switch (k->kind) {
	case RK_NAME:
		conf_string(&f->c, g, name, ctx, true, r->name, sizeof r->name);
		break;
	case RK_DIST:
	case RK_NUM:
		conf_number(&f->c, g, name, ctx, true, k->lo, k->hi, field(r, k));
		break;
	case RK_INT:
		conf_int(&f->c, g, name, ctx, true, (int)k->lo, (int)k->hi, field(r, k));
		break;
	case RK_BOOL:
		if (config_setting_type(s) != CONFIG_TYPE_BOOL)
			conf_error(&f->c, s, ctx, "'%s' must be true or false", name);
		else
			*(bool *)field(r, k) = config_setting_get_bool(s);
		break;
	case RK_COMBINE:
		if (config_setting_type(s) == CONFIG_TYPE_STRING && strcmp(config_setting_get_string(s), "worst") == 0)
			v = COMBINE_WORST;
		else if (config_setting_type(s) == CONFIG_TYPE_STRING &&
		         strcmp(config_setting_get_string(s), "compound") == 0)
			v = COMBINE_COMPOUND;
		else {
			conf_error(&f->c, s, ctx, "'%s' must be \"worst\" (the worst feature counts) or \"compound\" "
			           "(each multiplies the others)", name);
			break;
		}
		*(enum terrain_combine *)field(r, k) = (enum terrain_combine)v;
		break;
	case RK_RATES:
	case RK_PARTS:
	case RK_FLAGS:
		read_classes(f, s, k, r, whole);
		break;
	case RK_MOVEMENT:
		read_movement(f, s, r);
		break;
	case RK_RATINGS:
		read_ratings(f, s, k, r);
		break;
	case RK_TIMES:
		read_times(f, s, r);
		break;
	case RK_WEATHERS:
		read_weathers(f, s, r);
		break;
	}
}

/* Where a whole group is left out, say so once for the group. */
static void missing_groups(struct rfile *f)
{
	int n;
	const struct rkey *k = rules_keys(&n);
	char said[1024] = ",";
	for (int i = 0; i < n; i++) {
		char path[80], look[84];
		const char *dot;
		if (k[i].optional)
			continue;
		bool up_one = false;
		snprintf(path, sizeof path, "%s", k[i].path);
		/* The outermost group that is not there (a key missing from a
		 * group that is there is read_key's to report). */
		for (;;) {
			dot = strrchr(path, '.');
			if (!dot)
				break;
			{
				char up[80];
				snprintf(up, sizeof up, "%.*s", (int)(dot - path), path);
				if (config_lookup(&f->cfg, up))
					break;
				snprintf(path, sizeof path, "%s", up);
				up_one = true;
			}
		}
		if (!up_one || config_lookup(&f->cfg, path))
			continue;
		snprintf(look, sizeof look, ",%s,", path);
		if (strstr(said, look))
			continue;
		snprintf(said + strlen(said), sizeof said - strlen(said), "%s,", path);
		{
			char ctx[96];
			const config_setting_t *g = parent_of(f, path, ctx, sizeof ctx);
			conf_error(&f->c, g ? g : f->root, ctx, "missing '%s'", leaf_of(path));
		}
	}
}

/* ------------------------------------------------------------------ */
/* Checks across keys, once a file has been applied */

/* The setting to blame for a check: the first of the paths this file
 * gives, else the file's top. */
static const config_setting_t *blame(const struct rfile *f, const char *a, const char *b)
{
	const config_setting_t *s = b ? config_lookup(&f->cfg, b) : NULL;
	if (a && config_lookup(&f->cfg, a))
		s = config_lookup(&f->cfg, a);
	return s ? s : f->root;
}

static void check_order(struct rfile *f, double lo, double hi, const char *lo_path, const char *hi_path)
{
	if (lo > hi)
		conf_error(&f->c, blame(f, hi_path, lo_path), "rules", "'%s' (%g) is above '%s' (%g)", lo_path, lo,
		           hi_path, hi);
}

/* Rows of a table must give every throw from lo to hi exactly once. */
static void check_cover(struct rfile *f, const config_setting_t *s, const char *what, int lo, int hi,
                        const int *from, const int *to, int n, size_t stride)
{
	for (int v = lo; v <= hi; v++) {
		int count = 0;
		for (int i = 0; i < n; i++) {
			int a = *(const int *)((const char *)from + (size_t)i * stride);
			int b = *(const int *)((const char *)to + (size_t)i * stride);
			count += v >= a && v <= b;
		}
		if (count != 1) {
			conf_error(&f->c, s, what, "a throw of %d is on %s row%s (every throw from %d to %d must be "
			           "on exactly one)", v, count ? "more than one" : "no", count ? "" : "", lo, hi);
			return;
		}
	}
}

static void check_tables(struct rfile *f, const struct rules *r)
{
	int dice = r->dice.rating, lo_mod = 0, hi_mod = 0;
	for (int n = 0; n < NAT_COUNT; n++) {
		char path[64];
		const struct corps_rating_table *t = &r->corps_rating[n];
		snprintf(path, sizeof path, "commanders.corps.%s", nationality_names[n].key);
		if (t->n == 1)
			continue; /* one row: no dice are thrown */
		check_cover(f, blame(f, path, "dice.rating"), path, dice, 6 * dice, &t->rows[0].lo, &t->rows[0].hi,
		            t->n, sizeof t->rows[0]);
	}
	for (int n = 0; n < NAT_COUNT; n++) {
		lo_mod = r->division_modifier[n] < lo_mod ? r->division_modifier[n] : lo_mod;
		hi_mod = r->division_modifier[n] > hi_mod ? r->division_modifier[n] : hi_mod;
	}
	check_cover(f, blame(f, "commanders.division", "dice.rating"), "commanders.division", dice + lo_mod,
	            6 * dice + hi_mod, &r->division_rating.rows[0].lo, &r->division_rating.rows[0].hi,
	            r->division_rating.n, sizeof r->division_rating.rows[0]);
	dice = r->weather_misc.time_dice;
	check_cover(f, blame(f, "time.rows", "time.dice"), "time", dice, 6 * dice, &r->time[0].lo, &r->time[0].hi,
	            r->ntime, sizeof r->time[0]);
	dice = r->weather_misc.weather_dice;
	check_cover(f, blame(f, "weather.rows", "weather.dice"), "weather", dice, 6 * dice, &r->weather[0].lo,
	            &r->weather[0].hi, r->nweather, sizeof r->weather[0]);
}

static void check_across(struct rfile *f, const struct rules *r)
{
	const struct reaction_rules *re = &r->react;
	const struct breakthrough_rules *b = &r->breakthrough;
	check_order(f, re->fallback_inf_min, re->fallback_inf_max, "reactions.fallback_infantry_min",
	            "reactions.fallback_infantry_max");
	check_order(f, re->fallback_cav_min, re->fallback_cav_max, "reactions.fallback_cavalry_min",
	            "reactions.fallback_cavalry_max");
	check_order(f, re->flee_min, re->flee_max, "reactions.flee_min", "reactions.flee_max");
	check_order(f, re->feint_min, re->feint_max, "reactions.feint_min", "reactions.feint_max");
	check_order(f, r->command.evade_min, r->command.evade_max, "command.evade_min", "command.evade_max");
	check_order(f, b->rally_back_inf_min, b->rally_back_inf_max, "breakthrough.rally_back_infantry_min",
	            "breakthrough.rally_back_infantry_max");
	check_order(f, b->rally_back_cav_min, b->rally_back_cav_max, "breakthrough.rally_back_cavalry_min",
	            "breakthrough.rally_back_cavalry_max");
	check_order(f, r->terrain_limits.wood_min, r->terrain_limits.wood_max, "terrain.wood_min", "terrain.wood_max");
	check_order(f, r->terrain_limits.village_min, r->terrain_limits.village_max, "terrain.village_min",
	            "terrain.village_max");
	check_order(f, r->sp.gun_min_sp, r->sp.gun_max_sp, "strength.gun_min_sp", "strength.gun_max_sp");
	check_order(f, r->sp.round_up_at, r->sp.men_per_sp, "strength.round_up_at", "strength.men_per_sp");
	check_order(f, r->fire.art_range[RANGE_CLOSE], r->fire.art_range[RANGE_MEDIUM], "fire.artillery_range.close",
	            "fire.artillery_range.medium");
	check_order(f, r->fire.art_range[RANGE_MEDIUM], r->fire.art_range[RANGE_LONG], "fire.artillery_range.medium",
	            "fire.artillery_range.long");
	check_tables(f, r);
	if (move_index(r, UT_FOOT_ART, FORM_BATTERY) < 0 || move_index(r, UT_HORSE_ART, FORM_BATTERY) < 0)
		conf_error(&f->c, blame(f, "movement", NULL), "movement", "artillery needs its battery row");
}

/* ------------------------------------------------------------------ */
/* Scale: every distance a variant inherits */

static void scale_rules(struct rules *r, double k)
{
	int n;
	const struct rkey *keys = rules_keys(&n);
	for (int i = 0; i < n; i++)
		if (keys[i].kind == RK_DIST)
			*(double *)field(r, &keys[i]) *= k;
	for (int i = 0; i < r->move_count; i++) {
		r->move[i].move *= k;
		if (r->move[i].charge > 0)
			r->move[i].charge *= k;
		r->move[i].redeploy *= k;
	}
	r->scale *= k;
}

/* ------------------------------------------------------------------ */
/* A file and the chain of its bases */

struct chain {
	struct diag *d;
	int depth;
	char seen[MAX_DEPTH][PATH_MAX]; /* the files being read, outermost first */
};

static bool load_one(struct chain *ch, const char *path, const char *text, struct rules *r);

static bool is_default(const char *name)
{
	return strcmp(name, RULES_DEFAULT) == 0 || strcmp(name, "mininap") == 0;
}

/* The base a variant names, read into r (its problems reported under its
 * own path). */
static bool load_base(struct chain *ch, struct rfile *f, struct rules *r)
{
	const config_setting_t *s = config_setting_get_member(f->root, "base");
	char name[PATH_MAX], path[PATH_MAX], real[PATH_MAX];
	if (!conf_string(&f->c, f->root, "base", "rules", true, name, sizeof name))
		return false;
	if (!paths_find_rules(f->c.path, name, path, sizeof path)) {
		if (is_default(name))
			return load_one(ch, RULES_BUILTIN_NAME, default_rules_cfg, r);
		conf_error(&f->c, s, "rules", "base '%s': no such rules file (looked beside this file, in ../rules "
		           "and in %s/rules)", name, paths_datadir());
		return false;
	}
	if (!realpath(path, real))
		snprintf(real, sizeof real, "%s", path);
	for (int i = 0; i < ch->depth; i++)
		if (strcmp(ch->seen[i], real) == 0) {
			conf_error(&f->c, s, "rules", "base '%s' is this file or one of its own variants: a loop", name);
			return false;
		}
	if (ch->depth == MAX_DEPTH) {
		conf_error(&f->c, s, "rules", "base '%s': more than %d files deep", name, MAX_DEPTH);
		return false;
	}
	return load_one(ch, path, NULL, r);
}

static bool apply_file(struct chain *ch, struct rfile *f, struct rules *r)
{
	int n;
	const struct rkey *k = rules_keys(&n);
	double scale = 1;
	bool whole = !config_setting_get_member(f->root, "base");
	check_group(f, f->root, "");
	conf_number(&f->c, f->root, "scale", "rules", false, 0.01, 100, &scale);
	if (!whole) {
		if (!load_base(ch, f, r)) {
			f->c.errors++;
			return false;
		}
		scale_rules(r, scale);
	} else {
		memset(r, 0, sizeof *r);
		r->scale = scale;
	}
	for (int i = 0; i < n; i++)
		read_key(f, &k[i], r, whole);
	if (whole)
		missing_groups(f);
	if (!config_setting_get_member(f->root, "name"))
		conf_error(&f->c, f->root, "rules", "missing 'name' (what the players are told these rules are)");
	if (f->c.errors == 0)
		check_across(f, r);
	return f->c.errors == 0;
}

/* text NULL: the file at path. */
static bool load_one(struct chain *ch, const char *path, const char *text, struct rules *r)
{
	struct rfile f = { .c = { .path = path, .diag = ch->d } };
	bool ok;
	if (!text && !realpath(path, ch->seen[ch->depth]))
		snprintf(ch->seen[ch->depth], sizeof ch->seen[0], "%s", path);
	else if (text)
		snprintf(ch->seen[ch->depth], sizeof ch->seen[0], "%s", path);
	ch->depth++;
	config_init(&f.cfg);
	ok = text ? conf_read_string(&f.c, &f.cfg, text) : conf_read_file(&f.c, &f.cfg, path);
	if (ok) {
		f.root = config_root_setting(&f.cfg);
		ok = apply_file(ch, &f, r);
	}
	config_destroy(&f.cfg);
	ch->depth--;
	return ok && f.c.errors == 0;
}

bool rules_load_text(const char *text, const char *shown, struct rules *r, struct diag *d)
{
	struct chain ch = { .d = d };
	return load_one(&ch, shown, text, r);
}

bool rules_find(const char *name, const char *from, char *out, size_t size)
{
	if (paths_find_rules(from, name, out, size))
		return true;
	if (is_default(name)) {
		snprintf(out, size, "%s", "");
		return true;
	}
	return false;
}

bool rules_load(const char *name, const char *from, struct rules *r, struct diag *d)
{
	char path[PATH_MAX];
	struct chain ch = { .d = d };
	if (!name)
		name = RULES_DEFAULT;
	if (!rules_find(name, from, path, sizeof path)) {
		diag_add(d, from ? from : "grognard", 0, "no rules '%s' (not a file, and not in %s/rules)", name,
		         paths_datadir());
		return false;
	}
	if (!*path)
		return load_one(&ch, RULES_BUILTIN_NAME, default_rules_cfg, r);
	return load_one(&ch, path, NULL, r);
}

/* ------------------------------------------------------------------ */
/* The rules in force */

static char used_name[PATH_MAX];
static uint64_t used_sum;
static char override[PATH_MAX];

void rules_use(const struct rules *r, const char *name)
{
	rules_install(r);
	snprintf(used_name, sizeof used_name, "%s", name);
	used_sum = rules_checksum(r);
}

const char *rules_used_name(void)
{
	if (!*used_name)
		rules_use_builtin();
	return used_name;
}

uint64_t rules_used_sum(void)
{
	if (!*used_name)
		rules_use_builtin();
	return used_sum;
}

bool rules_select(const char *name, const char *from, struct diag *d)
{
	struct rules *r = malloc(sizeof *r);
	bool ok;
	if (!r) {
		diag_add(d, from ? from : "grognard", 0, "out of memory");
		return false;
	}
	if (!name)
		name = RULES_DEFAULT;
	ok = rules_load(name, from, r, d);
	if (ok)
		rules_use(r, name);
	free(r);
	return ok;
}

bool rules_use_builtin(void)
{
	struct diag d = { 0 };
	struct rules *r = malloc(sizeof *r);
	bool ok = r && rules_load_text(default_rules_cfg, RULES_BUILTIN_NAME, r, &d);
	if (ok)
		rules_use(r, RULES_DEFAULT);
	free(r);
	diag_free(&d);
	return ok;
}

static struct rules *scaled; /* the rules in force while unscaled */

bool rules_unscale(void)
{
	struct rules *r;
	rules_used_name();
	if (rules_in_force->scale == 1)
		return true;
	if (!(scaled = malloc(sizeof *scaled)) || !(r = malloc(sizeof *r))) {
		free(scaled);
		scaled = NULL;
		return false;
	}
	*scaled = *rules_in_force;
	*r = *rules_in_force;
	scale_rules(r, 1 / r->scale);
	r->scale = 1;
	rules_install(r);
	free(r);
	return true;
}

void rules_rescale(void)
{
	if (!scaled)
		return;
	rules_install(scaled);
	free(scaled);
	scaled = NULL;
}

void rules_set_override(const char *name)
{
	snprintf(override, sizeof override, "%s", name ? name : "");
}

const char *rules_override(void)
{
	return *override ? override : NULL;
}

bool rules_looks_like(const config_setting_t *root)
{
	return config_setting_get_member(root, "base") || config_setting_get_member(root, "stands") ||
	       config_setting_get_member(root, "movement");
}
