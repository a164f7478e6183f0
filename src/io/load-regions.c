/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load-regions: the region table of random battles, checked so that the
 * terrain procedure always has what it needs (six choices a region,
 * known kinds, a named waterway where one may be laid). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "regions.h"

static const char *const regions_top_keys[] = { "aggression", "regions", "notes", NULL };
static const char *const region_keys[] = {
	"id", "name", "description", "compulsory", "choices", "fields", "waterway", "opponents",
	"villages", "rivers", "hills", "woods", "notes", NULL
};

#define MAX_REGIONS 36 /* thrown for on two dice */

static const config_setting_t *array_of(struct conf *c, const config_setting_t *g, const char *key,
                                        const char *ctx, bool required)
{
	const config_setting_t *s = config_setting_get_member(g, key);
	if (!s) {
		if (required)
			conf_error(c, g, ctx, "missing '%s'", key);
		return NULL;
	}
	if (!config_setting_is_array(s) && !config_setting_is_list(s)) {
		conf_error(c, s, ctx, "'%s' must be a list of words [ \"...\", ... ]", key);
		return NULL;
	}
	return s;
}

/* Each element a string; returns it or reports it. */
static const char *word_at(struct conf *c, const config_setting_t *a, int i, const char *ctx, const char *key)
{
	const config_setting_t *e = config_setting_get_elem(a, (unsigned)i);
	const char *w = e ? config_setting_get_string(e) : NULL;
	if (!w)
		conf_error(c, e ? e : a, ctx, "'%s' entry %d must be a word in quotes", key, i + 1);
	return w;
}

static int kind_of(struct conf *c, const config_setting_t *a, int i, const char *ctx, const char *key)
{
	const char *w = word_at(c, a, i, ctx, key);
	int k;
	char list[256];
	if (!w)
		return -1;
	if ((k = enum_lookup(dbm_kind_names, DBK_COUNT, w)) < 0)
		conf_error(c, config_setting_get_elem(a, (unsigned)i), ctx, "'%s' is not a kind of feature: %s", w,
		           enum_keys(dbm_kind_names, DBK_COUNT, NULL, list, sizeof list));
	return k;
}

static void names_of(struct conf *c, const config_setting_t *g, const char *key, const char *ctx,
                     struct dbm_names *out)
{
	const config_setting_t *a = array_of(c, g, key, ctx, false);
	out->n = 0;
	if (!a)
		return;
	if (config_setting_length(a) > DBM_NAMES) {
		conf_error(c, a, ctx, "'%s' lists %d names; at most %d are used", key, config_setting_length(a), DBM_NAMES);
		return;
	}
	for (int i = 0; i < config_setting_length(a); i++) {
		const char *w = word_at(c, a, i, ctx, key);
		if (w && (!*w || strlen(w) >= NAME_LEN))
			conf_error(c, config_setting_get_elem(a, (unsigned)i), ctx, "'%s' entry %d must be 1 to %d characters",
			           key, i + 1, NAME_LEN - 1);
		else if (w)
			snprintf(out->name[out->n++], NAME_LEN, "%s", w);
	}
}

static void parse_region(struct conf *c, const config_setting_t *s, struct dbm_table *t)
{
	struct dbm_region r = { .fields = TT_COUNT };
	const config_setting_t *a;
	char ctx[NAME_LEN + 32], fields[16];
	bool needs_water = false;

	snprintf(ctx, sizeof ctx, "region %d", config_setting_index(s) + 1);
	if (!conf_is_group(c, s, ctx, "a region"))
		return;
	if (conf_id(c, s, "id", ctx, true, r.id, sizeof r.id))
		snprintf(ctx, sizeof ctx, "region '%s'", r.id);
	conf_known_keys(c, s, ctx, region_keys);
	if (regions_find(t, r.id) >= 0)
		conf_error(c, config_setting_get_member(s, "id"), ctx, "duplicate region id '%s'", r.id);
	conf_string(c, s, "name", ctx, true, r.name, sizeof r.name);
	conf_string(c, s, "description", ctx, false, r.description, sizeof r.description);
	conf_string(c, s, "waterway", ctx, false, r.waterway, sizeof r.waterway);
	if ((a = array_of(c, s, "compulsory", ctx, false)))
		for (int i = 0; i < config_setting_length(a); i++) {
			int k = kind_of(c, a, i, ctx, "compulsory");
			if (k >= 0)
				r.compulsory[k] = true;
			needs_water |= k == DBK_WATERWAY;
		}
	if ((a = array_of(c, s, "choices", ctx, true))) {
		if (config_setting_length(a) != DBM_CHOICES)
			conf_error(c, a, ctx, "'choices' must list exactly %d kinds, one for each face of the die (it lists %d)",
			           DBM_CHOICES, config_setting_length(a));
		else
			for (int i = 0; i < DBM_CHOICES; i++) {
				int k = kind_of(c, a, i, ctx, "choices");
				if (k >= 0)
					r.choice[i] = (enum dbm_kind)k;
				needs_water |= k == DBK_WATERWAY;
			}
	}
	if (needs_water && !r.waterway[0])
		conf_error(c, s, ctx, "a region that offers a waterway must name it ('waterway')");
	/* DBM: the defender takes a waterway "only if ... he positions a BUA
	 * in contact with it". */
	if (needs_water) {
		bool village = r.compulsory[DBK_VILLAGE];
		for (int i = 0; i < DBM_CHOICES; i++)
			village = village || r.choice[i] == DBK_VILLAGE;
		if (!village)
			conf_error(c, s, ctx, "a region that offers a waterway must offer a village to stand beside it "
			           "('compulsory' or 'choices')");
	}
	if (conf_string(c, s, "fields", ctx, false, fields, sizeof fields)) {
		int k = -1;
		for (int i = 0; i < DBM_FIELDS_KINDS; i++)
			if (strcmp(fields, dbm_fields_names[i].key) == 0)
				k = i;
		if (k < 0)
			conf_error(c, config_setting_get_member(s, "fields"), ctx,
			           "fields '%s' is not one of: open, hedge, fence, wall, ditch", fields);
		else
			r.fields = dbm_fields_names[k].type;
	}
	if ((a = array_of(c, s, "opponents", ctx, false)))
		for (int i = 0; i < config_setting_length(a) && r.nopponents < NAT_COUNT; i++) {
			const char *w = word_at(c, a, i, ctx, "opponents");
			int k = w ? enum_lookup(nationality_names, NAT_COUNT, w) : -1;
			char list[256];
			if (w && k < 0)
				conf_error(c, config_setting_get_elem(a, (unsigned)i), ctx, "'%s' is not a nationality: %s", w,
				           enum_keys(nationality_names, NAT_COUNT, NULL, list, sizeof list));
			else if (k >= 0)
				r.opponent[r.nopponents++] = (enum nationality)k;
		}
	names_of(c, s, "villages", ctx, &r.villages);
	names_of(c, s, "rivers", ctx, &r.rivers);
	names_of(c, s, "hills", ctx, &r.hills);
	names_of(c, s, "woods", ctx, &r.woods);
	{
		struct dbm_region *p = realloc(t->region, (size_t)(t->nregions + 1) * sizeof *p);
		if (!p) {
			conf_error(c, s, ctx, "out of memory");
			return;
		}
		t->region = p;
		t->region[t->nregions++] = r;
	}
}

static bool load(struct conf *c, config_t *cfg, struct dbm_table *t)
{
	const config_setting_t *root = config_root_setting(cfg), *s, *list;
	memset(t, 0, sizeof *t);
	for (int n = 0; n < NAT_COUNT; n++)
		t->aggression[n] = 1;
	conf_known_keys(c, root, "region table", regions_top_keys);
	if ((s = config_setting_get_member(root, "aggression"))) {
		if (conf_is_group(c, s, "region table", "'aggression'")) {
			const char *keys[NAT_COUNT + 2];
			for (int n = 0; n < NAT_COUNT; n++) {
				keys[n] = nationality_names[n].key;
				conf_int(c, s, keys[n], "aggression", false, 0, 9, &t->aggression[n]);
			}
			keys[NAT_COUNT] = "notes";
			keys[NAT_COUNT + 1] = NULL;
			conf_known_keys(c, s, "aggression", keys);
		}
	}
	list = config_setting_get_member(root, "regions");
	if (!list) {
		conf_error(c, root, "region table", "missing 'regions' ( { ... }, ... )");
	} else if (!config_setting_is_list(list) || config_setting_length(list) == 0) {
		conf_error(c, list, "region table", "'regions' must be a list of at least one region ( { ... }, ... )");
	} else if (config_setting_length(list) > MAX_REGIONS) {
		conf_error(c, list, "region table", "'regions' lists %d regions; at most %d can be thrown for",
		           config_setting_length(list), MAX_REGIONS);
	} else {
		for (int i = 0; i < config_setting_length(list); i++)
			parse_region(c, config_setting_get_elem(list, (unsigned)i), t);
	}
	if (c->errors) {
		regions_free(t);
		return false;
	}
	return true;
}

bool regions_load_file(const char *path, struct dbm_table *t, struct diag *d)
{
	struct conf c = { .path = path, .diag = d };
	config_t cfg;
	bool ok = false;
	config_init(&cfg);
	if (conf_read_file(&c, &cfg, path))
		ok = load(&c, &cfg, t);
	else
		memset(t, 0, sizeof *t);
	config_destroy(&cfg);
	return ok;
}

bool regions_load_text(const char *text, const char *name, struct dbm_table *t, struct diag *d)
{
	struct conf c = { .path = name, .diag = d };
	config_t cfg;
	bool ok = false;
	config_init(&cfg);
	if (conf_read_string(&c, &cfg, text))
		ok = load(&c, &cfg, t);
	else
		memset(t, 0, sizeof *t);
	config_destroy(&cfg);
	return ok;
}

void regions_free(struct dbm_table *t)
{
	free(t->region);
	t->region = NULL;
	t->nregions = 0;
}

int regions_find(const struct dbm_table *t, const char *id)
{
	for (int i = 0; i < t->nregions; i++)
		if (strcmp(t->region[i].id, id) == 0)
			return i;
	return -1;
}
