/* SPDX-License-Identifier: GPL-3.0-or-later */
/* save-read: reading a saved battle back, every field checked at its line,
 * and the state checked as a whole as a map's deployment is (save.h). */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conf.h"
#include "engine/game.h"
#include "engine/state.h"
#include "load-rules.h"
#include "load.h"
#include "paths.h"
#include "random-battle.h"
#include "save.h"

static const char *const top_keys[] = {
	"grognard_save", "scenario", "rules", "seed", "dice", "scripted", "cosmetic", "game", "weather", "units",
	"commanders", "brigades", "terrain", "objectives", "log", "computer", "pending", "history", NULL
};

/* The keys of each group the writer makes: anything else is a damaged
 * or hand-edited save, reported at its line. */
static const char *const unit_keys[] = {
	"id", "x", "y", "facing", "formation", "sp", "sp0", "markers", "state", "acted", "pivoted",
	"used", "defends", "shelter", "command", "charge_start", "bridge", "bridge_foe", "bridge_foe_x",
	"bridge_foe_y", "arrive", NULL
};
static const char *const commander_keys[] = {
	"id", "x", "y", "rating", "flags", "state", "attached", "arrive", "moved_turn", "moved_init",
	"used", "detached_from", "detached_init", NULL
};
static const char *const brigade_keys[] = { "id", "used", NULL };
static const char *const feature_keys[] = { "name", "type", "impassable", "damage", NULL };
static const char *const objective_keys[] = { "name", "holder", NULL };

static bool parse_u64(const char *s, int base, uint64_t *out)
{
	char *end;
	unsigned long long v;
	if (!*s || *s == '-')
		return false;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

static bool read_rng(struct conf *c, const config_setting_t *root, const char *key, struct rng *r)
{
	const config_setting_t *s = config_setting_get_member(root, key), *st;
	char draws[32];
	if (!s || !conf_is_group(c, s, "save", key)) {
		if (!s)
			conf_error(c, root, "save", "missing '%s'", key);
		return false;
	}
	st = config_setting_get_member(s, "state");
	if (!st || config_setting_type(st) != CONFIG_TYPE_ARRAY || config_setting_length(st) != 4) {
		conf_error(c, st ? st : s, key, "'state' must be four numbers written as text");
		return false;
	}
	for (int i = 0; i < 4; i++) {
		const char *v = config_setting_get_string_elem(st, i);
		if (!v || !parse_u64(v, 16, &r->s[i])) {
			conf_error(c, st, key, "state %d is not a hexadecimal number", i + 1);
			return false;
		}
	}
	if (!conf_string(c, s, "draws", key, true, draws, sizeof draws) || !parse_u64(draws, 10, &r->draws)) {
		conf_error(c, s, key, "'draws' must be a whole number written as text");
		return false;
	}
	return true;
}

/* The scripted dice still waiting: a string of pips, each 1 to 6. */
static void read_scripted(struct conf *c, const config_setting_t *root, struct game *g)
{
	const config_setting_t *s = config_setting_get_member(root, "scripted");
	const char *v;
	int pips[64], n = 0;
	if (!s)
		return;
	if (!(v = config_setting_get_string(s)) || !*v) {
		conf_error(c, s, "scripted", "'scripted' must be the waiting pips as text, such as \"3461\"");
		return;
	}
	for (; *v; v++) {
		if (*v < '1' || *v > '6') {
			conf_error(c, s, "scripted", "'%c' is not a die's pips (1 to 6)", *v);
			return;
		}
		pips[n++] = *v - '0';
		if (n == 64 || !v[1]) {
			game_queue_dice(g, pips, n);
			n = 0;
		}
	}
}

/* An id naming one of the game's units (or '-'), or -2 on error. */
static int unit_by_id(struct conf *c, const config_setting_t *s, const char *ctx, const struct game *g,
                      const char *key)
{
	char id[ID_LEN + 2];
	int k;
	if (!conf_string(c, s, key, ctx, true, id, sizeof id))
		return -2;
	if (strcmp(id, "-") == 0)
		return -1;
	if ((k = orbat_find_unit(g, id)) < 0) {
		conf_error(c, config_setting_get_member(s, key), ctx, "no unit '%s' in the scenario", id);
		return -2;
	}
	return k;
}

/* An optional word from a list (older saves lack it: left empty). */
static void read_word(struct conf *c, const config_setting_t *s, const char *key, const char *const *words,
                      const char *list, char *out, size_t size)
{
	char word[8];
	out[0] = '\0';
	if (!conf_string(c, s, key, "game", false, word, sizeof word))
		return;
	if (!save_word_ok(words, word))
		conf_error(c, config_setting_get_member(s, key), "game", "%s must be %s, not '%s'", key, list, word);
	else
		snprintf(out, size, "%.7s", word);
}

/* A reference by id, or "-" for none: the index, -1, or -2 on error. */
static int read_ref(struct conf *c, const config_setting_t *s, const char *ctx, const struct game *g,
                    const struct state_field *sf)
{
	char id[ID_LEN + 8];
	int v;
	const char *what = sf->kind == SK_BRIGADE ? "brigade" : sf->kind == SK_DIVISION ? "division" : "unit";
	if (!conf_string(c, s, sf->key, ctx, !sf->optional, id, sizeof id))
		return -2;
	if (strcmp(id, "-") == 0)
		return -1;
	v = sf->kind == SK_BRIGADE ? orbat_find_brigade(g, id) : sf->kind == SK_DIVISION ? orbat_find_division(g, id)
	                                                                          : orbat_find_unit(g, id);
	if (v < 0)
		conf_error(c, config_setting_get_member(s, sf->key), ctx, "no %s '%s'", what, id);
	return v < 0 ? -2 : v;
}

/* One field of the battle's state, as the state table describes it. */
static void read_field(struct conf *c, const config_setting_t *s, const char *ctx, struct game *g,
                       const struct state_field *sf)
{
	char *at = (char *)&g->st + sf->offset, word[ID_LEN + 8];
	int v;
	bool b;
	double d;
	switch (sf->kind) {
	case SK_INT:
	case SK_TURN:
		if (conf_int(c, s, sf->key, ctx, !sf->optional, sf->kind == SK_TURN ? 1 : (int)sf->lo,
		             sf->kind == SK_TURN ? g->turns : (int)sf->hi, &v))
			memcpy(at, &v, sizeof v);
		break;
	case SK_DOUBLE:
		if (conf_number(c, s, sf->key, ctx, !sf->optional, sf->lo, sf->hi, &d))
			memcpy(at, &d, sizeof d);
		break;
	case SK_BOOL:
		if (conf_bool(c, s, sf->key, ctx, &b))
			memcpy(at, &b, sizeof b);
		break;
	case SK_TEXT: {
		const config_setting_t *m = config_setting_get_member(s, sf->key);
		at[0] = '\0';
		if (m && config_setting_get_string(m))
			snprintf(at, sf->size, "%s", config_setting_get_string(m));
		break;
	}
	case SK_ENUM:
		if (conf_enum(c, s, sf->key, ctx, !sf->optional, sf->names, sf->count, NULL, &v))
			memcpy(at, &v, sizeof v);
		break;
	case SK_SIDE:
		if (!conf_string(c, s, sf->key, ctx, !sf->optional, word, sizeof word))
			break;
		if ((v = strcmp(word, "-") == 0 ? -1 : ENUM_LOOKUP(side_names, word)) >= -1 &&
		    (v >= 0 || strcmp(word, "-") == 0))
			memcpy(at, &v, sizeof v);
		else
			conf_error(c, config_setting_get_member(s, sf->key), ctx, "%s must be A, B or -", sf->key);
		break;
	case SK_BRIGADE:
	case SK_DIVISION:
	case SK_UNIT:
		if ((v = read_ref(c, s, ctx, g, sf)) >= -1)
			memcpy(at, &v, sizeof v);
		break;
	}
}

/* A group of the save holding fields of the battle's state, and the
 * other keys it may hold (NULL-ended), every other key refused at its
 * line. */
static void read_state(struct conf *c, const config_setting_t *s, struct game *g, const char *group,
                       const char *const *others)
{
	const char *known[64];
	int n = 0;
	if (!s) {
		conf_error(c, NULL, "save", "missing '%s'", group);
		return;
	}
	for (int i = 0; others && others[i] && n < 63; i++)
		known[n++] = others[i];
	for (int i = 0; i < state_nfields && n < 63; i++)
		if (strcmp(state_fields[i].group, group) == 0)
			known[n++] = state_fields[i].key;
	known[n] = NULL;
	conf_known_keys(c, s, group, known);
	for (int i = 0; i < state_nfields; i++)
		if (strcmp(state_fields[i].group, group) == 0)
			read_field(c, s, group, g, &state_fields[i]);
}

/* The computer's level, or each side's (A=hard,B=normal), kept as
 * save_ai_text writes it. */
static void read_ai(struct conf *c, const config_setting_t *s, struct game *g)
{
	char text[64];
	int levels[SIDE_COUNT];
	g->ai[0] = '\0';
	if (!conf_string(c, s, "ai", "game", false, text, sizeof text))
		return;
	if (!save_ai_levels(text, levels))
		conf_error(c, config_setting_get_member(s, "ai"), "game",
		           "ai must be naive, easy, normal or hard, or each side's as A=LEVEL,B=LEVEL, not '%s'", text);
	else
		save_ai_text(levels, g->ai, sizeof g->ai);
}

/* The keys of the game group that are not the battle's state. */
static const char *const game_keys[] = { "title", "players", "ai", NULL };

static void read_game(struct conf *c, const config_setting_t *s, struct game *g)
{
	read_state(c, s, g, "game", game_keys);
	if (!s)
		return;
	read_word(c, s, "players", save_players_words, "A, B, both or none", g->players, sizeof g->players);
	read_ai(c, s, g);
}

static void read_weather(struct conf *c, const config_setting_t *s, struct game *g)
{
	read_state(c, s, g, "weather", NULL);
}

/* A list with exactly one entry per thing of the scenario, in order. */
static const config_setting_t *list_of(struct conf *c, const config_setting_t *root, const char *key,
                                       int want)
{
	const config_setting_t *s = config_setting_get_member(root, key);
	if (!s) {
		conf_error(c, root, "save", "missing '%s'", key);
		return NULL;
	}
	if (!config_setting_is_list(s)) {
		conf_error(c, s, "save", "'%s' must be a list ( ... )", key);
		return NULL;
	}
	if (want >= 0 && config_setting_length(s) != want) {
		conf_error(c, s, "save", "'%s' has %d entries but the scenario has %d: the save does not match it",
		           key, config_setting_length(s), want);
		return NULL;
	}
	return s;
}

static void read_units(struct conf *c, const config_setting_t *root, struct game *g)
{
	const config_setting_t *list = list_of(c, root, "units", g->nunits);
	for (int i = 0; list && i < g->nunits; i++) {
		const config_setting_t *s = config_setting_get_elem(list, (unsigned)i), *mk;
		struct unit *u = &g->units[i];
		char id[ID_LEN + 2], ctx[ID_LEN + 16];
		int v;
		double x, y, f;
		if (!conf_is_group(c, s, "units", "a unit"))
			continue;
		if (!conf_string(c, s, "id", "unit", true, id, sizeof id))
			continue;
		snprintf(ctx, sizeof ctx, "unit '%s'", id);
		conf_known_keys(c, s, ctx, unit_keys);
		if (strcmp(id, u->id) != 0) {
			conf_error(c, s, ctx, "expected unit '%s' here: the save does not match the scenario", u->id);
			continue;
		}
		if (conf_number(c, s, "x", ctx, true, -1e4, 1e4, &x) && conf_number(c, s, "y", ctx, true, -1e4, 1e4, &y))
			u->pos = v2(x, y);
		if (conf_number(c, s, "facing", ctx, true, 0, 360, &f))
			u->facing = f;
		if (conf_enum(c, s, "formation", ctx, true, formation_names, FORM_COUNT, NULL, &v))
			u->form = (enum formation)v;
		conf_int(c, s, "sp", ctx, true, 0, 999, &u->sp);
		/* Strength at the start is the scenario's. */
		if (conf_int(c, s, "sp0", ctx, true, 0, 999, &v) && v != u->sp0)
			conf_error(c, config_setting_get_member(s, "sp0"), ctx,
			           "sp0 is %d but the scenario gives it %d: the save does not match the scenario", v,
			           u->sp0);
		u->markers = 0;
		if ((mk = config_setting_get_member(s, "markers")) && config_setting_type(mk) == CONFIG_TYPE_ARRAY) {
			for (int k = 0; k < config_setting_length(mk); k++) {
				const char *m = config_setting_get_string_elem(mk, k);
				int mv = m ? ENUM_LOOKUP(marker_names, m) : -1;
				if (mv < 0)
					conf_error(c, mk, ctx, "'%s' is not a marker (blue, yellow, white, orange)", m ? m : "?");
				else
					unit_set_marker(u, (enum marker)mv, true);
			}
		} else {
			conf_error(c, mk ? mk : s, ctx, "'markers' must be an array of names [ ... ]");
		}
		if (conf_enum(c, s, "state", ctx, true, unit_state_names, US_COUNT, NULL, &v))
			u->state = (enum unit_state)v;
		if (conf_int(c, s, "acted", ctx, true, 0, 1 << 20, &v))
			u->acted = (unsigned)v;
		conf_number(c, s, "pivoted", ctx, true, 0, 1e5, &u->pivoted);
		conf_number(c, s, "used", ctx, true, 0, 1e5, &u->used);
		conf_int(c, s, "defends", ctx, true, 0, g->map.nf, &u->defends);
		conf_int(c, s, "shelter", ctx, false, 0, g->nunits, &u->shelter);
		if (conf_enum(c, s, "command", ctx, false, cmd_status_names, CS_COUNT, NULL, &v))
			u->cmd_fixed = v + 1;
		conf_number(c, s, "charge_start", ctx, true, 0, 1e5, &u->charge_start);
		if (config_setting_get_member(s, "bridge")) {
			double bx = 0, by = 0;
			conf_int(c, s, "bridge", ctx, true, 1, g->map.nf, &u->bridge);
			if ((v = unit_by_id(c, s, ctx, g, "bridge_foe")) >= 0)
				u->bridge_foe = v;
			if (conf_number(c, s, "bridge_foe_x", ctx, true, -1e4, 1e4, &bx) &&
			    conf_number(c, s, "bridge_foe_y", ctx, true, -1e4, 1e4, &by))
				u->bridge_foe_at = v2(bx, by);
		}
		conf_int(c, s, "arrive", ctx, true, 1, 999, &u->arrive_turn);
	}
}

static void read_commanders(struct conf *c, const config_setting_t *root, struct game *g)
{
	const config_setting_t *list = list_of(c, root, "commanders", g->ncmdrs);
	for (int i = 0; list && i < g->ncmdrs; i++) {
		const config_setting_t *s = config_setting_get_elem(list, (unsigned)i);
		struct commander *k = &g->cmdrs[i];
		char id[ID_LEN + 2], ctx[ID_LEN + 24];
		int v;
		double x, y;
		if (!conf_is_group(c, s, "commanders", "a commander"))
			continue;
		if (!conf_string(c, s, "id", "commander", true, id, sizeof id))
			continue;
		snprintf(ctx, sizeof ctx, "commander '%s'", id);
		conf_known_keys(c, s, ctx, commander_keys);
		if (strcmp(id, k->id) != 0) {
			conf_error(c, s, ctx, "expected commander '%s' here: the save does not match the scenario", k->id);
			continue;
		}
		if (conf_number(c, s, "x", ctx, true, -1e4, 1e4, &x) && conf_number(c, s, "y", ctx, true, -1e4, 1e4, &y))
			k->pos = v2(x, y);
		if (conf_enum(c, s, "rating", ctx, true, cmd_rating_names, CR_COUNT, NULL, &v))
			k->rating = (enum cmd_rating)v;
		if (conf_int(c, s, "flags", ctx, true, 0, 255, &v))
			k->flags = (unsigned)v;
		if (conf_enum(c, s, "state", ctx, true, unit_state_names, US_COUNT, NULL, &v))
			k->state = (enum unit_state)v;
		if ((v = unit_by_id(c, s, ctx, g, "attached")) >= -1)
			k->attached = v;
		conf_int(c, s, "arrive", ctx, true, 0, 999, &k->arrive_turn);
		conf_int(c, s, "moved_turn", ctx, true, 0, 999, &k->moved_turn);
		conf_int(c, s, "moved_init", ctx, true, 0, 1000000, &k->moved_init);
		conf_number(c, s, "used", ctx, true, 0, 1e5, &k->used);
		if ((v = unit_by_id(c, s, ctx, g, "detached_from")) >= -1)
			k->detached_from = v;
		conf_int(c, s, "detached_init", ctx, true, 0, 1000000, &k->detached_init);
	}
}

static void read_rest(struct conf *c, const config_setting_t *root, struct game *g,
                      const struct save_hooks *h)
{
	const config_setting_t *list;
	if ((list = list_of(c, root, "brigades", g->nbrigs)))
		for (int i = 0; i < g->nbrigs; i++) {
			const config_setting_t *s = config_setting_get_elem(list, (unsigned)i);
			bool b = false;
			if (!conf_is_group(c, s, "brigades", "a brigade"))
				continue;
			conf_known_keys(c, s, "brigade", brigade_keys);
			if (conf_bool(c, s, "used", "brigade", &b))
				g->brigs[i].used = b;
		}
	if ((list = list_of(c, root, "terrain", g->map.nf)))
		for (int i = 0; i < g->map.nf; i++) {
			const config_setting_t *s = config_setting_get_elem(list, (unsigned)i);
			struct feature *f = &g->map.f[i];
			int v;
			bool b;
			if (!conf_is_group(c, s, "terrain", "a feature"))
				continue;
			conf_known_keys(c, s, f->name, feature_keys);
			if (conf_enum(c, s, "type", f->name, true, terrain_names, TT_COUNT, NULL, &v))
				f->type = (enum terrain_type)v;
			if (conf_bool(c, s, "impassable", f->name, &b))
				f->impassable = b;
			conf_int(c, s, "damage", f->name, true, 0, 999, &f->damage);
		}
	if ((list = list_of(c, root, "objectives", g->nobj)))
		for (int i = 0; i < g->nobj; i++) {
			const config_setting_t *s = config_setting_get_elem(list, (unsigned)i);
			char word[8];
			if (!conf_is_group(c, s, "objectives", "an objective"))
				continue;
			conf_known_keys(c, s, g->obj[i].name, objective_keys);
			if (conf_string(c, s, "holder", g->obj[i].name, true, word, sizeof word)) {
				int v = strcmp(word, "-") == 0 ? -1 : ENUM_LOOKUP(side_names, word);
				if (strcmp(word, "-") && v < 0)
					conf_error(c, config_setting_get_member(s, "holder"), g->obj[i].name,
					           "holder must be A, B or -");
				else
					g->obj[i].holder = v;
			}
		}
	if ((list = list_of(c, root, "log", -1))) {
		for (int i = 0; i < g->nlog; i++)
			free(g->log[i].text);
		g->nlog = 0;
		for (int i = 0; i < config_setting_length(list); i++) {
			const config_setting_t *e = config_setting_get_elem(list, (unsigned)i);
			const char *text;
			struct log_line *p;
			if (config_setting_type(e) != CONFIG_TYPE_LIST || config_setting_length(e) != 2 ||
			    config_setting_type(config_setting_get_elem(e, 0)) != CONFIG_TYPE_INT ||
			    !(text = config_setting_get_string_elem(e, 1))) {
				conf_error(c, e, "log", "entry %d must be ( TURN, \"text\" )", i + 1);
				continue;
			}
			if (g->nlog == g->caplog) {
				int cap = g->caplog ? 2 * g->caplog : 64;
				if (!(p = realloc(g->log, (size_t)cap * sizeof *p)))
					break;
				g->log = p;
				g->caplog = cap;
			}
			g->log[g->nlog].turn = config_setting_get_int_elem(e, 0);
			if ((g->log[g->nlog].text = strdup(text)))
				g->nlog++;
		}
	}
	if ((list = list_of(c, root, "history", -1))) {
		g->nhistory = 0;
		for (int i = 0; i < config_setting_length(list); i++) {
			const config_setting_t *e = config_setting_get_elem(list, (unsigned)i);
			const char *text = config_setting_get_string(e);
			struct order o;
			char err[MSG_LEN];
			if (!text) {
				conf_error(c, e, "history", "entry %d must be a command in quotes", i + 1);
				continue;
			}
			if (h->parse(g, text, &o, err, sizeof err) < 0) {
				conf_error(c, e, "history", "'%s': %s", text, err);
				continue;
			}
			game_record(g, &o);
		}
	}
}

static struct game *read_save(const char *path, const struct save_hooks *h, struct diag *d,
                              bool start_only);

/* What the engine finds wrong with the state, at the line of the saved
 * setting it comes from. */
struct state_check {
	struct conf *c;
	const config_setting_t *root;
	const struct game *g;
};

static void state_fault(void *ctx, const struct game_fault *f)
{
	struct state_check *k = ctx;
	const config_setting_t *s = NULL, *m;
	const char *what = "game";
	char name[ID_LEN + 16];
	if (f->part == GP_GAME) {
		s = config_setting_get_member(k->root, "game");
	} else {
		const char *list = f->part == GP_UNIT ? "units" : "commanders";
		s = config_setting_get_member(k->root, list);
		s = s ? config_setting_get_elem(s, (unsigned)f->index) : NULL;
		snprintf(name, sizeof name, "%s '%s'", f->part == GP_UNIT ? "unit" : "commander",
		         f->part == GP_UNIT ? k->g->units[f->index].id : k->g->cmdrs[f->index].id);
		what = name;
	}
	if (s && (m = config_setting_get_member(s, f->key)))
		s = m;
	conf_error(k->c, s, what, "%s", f->why);
}

struct game *save_read(const char *path, const struct save_hooks *h, struct diag *d)
{
	return read_save(path, h, d, false);
}

struct game *save_read_start(const char *path, const struct save_hooks *h, struct diag *d)
{
	return read_save(path, h, d, true);
}

/* The rules a save names: their name and checksum (a save from before
 * rules files has none: the built-in rules, unchecked). */
static bool read_rules_identity(struct conf *c, const config_setting_t *root, char *name, size_t size,
                                uint64_t *sum, bool *known)
{
	static const char *const keys[] = { "name", "checksum", NULL };
	const config_setting_t *s = config_setting_get_member(root, "rules");
	char text[32];
	snprintf(name, size, "%s", RULES_DEFAULT);
	*known = false;
	if (!s)
		return true;
	if (!conf_is_group(c, s, "save", "'rules'"))
		return false;
	conf_known_keys(c, s, "rules", keys);
	if (!conf_string(c, s, "name", "rules", true, name, size) ||
	    !conf_string(c, s, "checksum", "rules", true, text, sizeof text))
		return false;
	if (!parse_u64(text, 16, sum)) {
		conf_error(c, config_setting_get_member(s, "checksum"), "rules", "'checksum' must be a hexadecimal number");
		return false;
	}
	*known = true;
	return true;
}

static struct game *read_save(const char *path, const struct save_hooks *h, struct diag *d,
                              bool start_only)
{
	struct conf c = { .path = path, .diag = d };
	config_t cfg;
	const config_setting_t *root, *s;
	struct game *g = NULL;
	char spath[PATH_MAX], sumtext[32], seedtext[32], rname[PATH_MAX];
	int format = 0;
	uint64_t seed, want_sum, rules_sum = 0;
	bool rules_known = false;

	config_init(&cfg);
	if (!conf_read_file(&c, &cfg, path))
		goto out;
	root = config_root_setting(&cfg);
	if (!(s = config_setting_get_member(root, "grognard_save")) || !config_setting_is_group(s)) {
		diag_add(d, path, 1, "not a grognard saved battle (no 'grognard_save' group)");
		goto out;
	}
	conf_known_keys(&c, root, "save", top_keys);
	if (!conf_int(&c, s, "format", "grognard_save", true, 1, 1000000, &format))
		goto out;
	if (format > SAVE_FORMAT) {
		conf_error(&c, config_setting_get_member(s, "format"), "grognard_save",
		           "saved by a newer grognard (format %d; this one reads format %d and older)", format,
		           SAVE_FORMAT);
		goto out;
	}
	if (!(s = config_setting_get_member(root, "scenario")) || !conf_is_group(&c, s, "save", "'scenario'")) {
		if (!s)
			conf_error(&c, root, "save", "missing 'scenario'");
		goto out;
	}
	if (!conf_string(&c, s, "path", "scenario", true, spath, sizeof spath) ||
	    !conf_string(&c, s, "checksum", "scenario", true, sumtext, sizeof sumtext) ||
	    !parse_u64(sumtext, 16, &want_sum)) {
		if (!c.errors)
			conf_error(&c, s, "scenario", "'checksum' must be a hexadecimal number");
		goto out;
	}
	if (!conf_string(&c, root, "seed", "save", true, seedtext, sizeof seedtext) ||
	    !parse_u64(seedtext, 10, &seed)) {
		if (!c.errors)
			conf_error(&c, config_setting_get_member(root, "seed"), "save", "'seed' must be a whole number as text");
		goto out;
	}
	/* The scenario again, and the same one: every text it is built from
	 * (the map and its orbat files) must be as when the battle began, and
	 * it is loaded under the rules the battle was fought under (unless
	 * --rules names others, which must then be the same). */
	if (!read_rules_identity(&c, root, rname, sizeof rname, &rules_sum, &rules_known))
		goto out;
	{
		struct diag sd = { 0 };
		bool builtin = h->builtin_name && strcmp(spath, h->builtin_name) == 0;
		char keep[PATH_MAX];
		const char *over = rules_override();
		snprintf(keep, sizeof keep, "%s", over ? over : "");
		if (!over)
			rules_set_override(rname);
		g = builtin                 ? load_scenario_text(h->builtin_text, h->builtin_name, seed, &sd)
		    : random_is_name(spath) ? random_open(spath, seed, &sd)
		                            : load_scenario_file(spath, seed, &sd);
		rules_set_override(*keep ? keep : NULL);
		if (!g) {
			conf_error(&c, config_setting_get_member(s, "path"), "scenario",
			           "%s no longer loads (has it changed since this battle was saved?):", spath);
			for (int i = 0; i < sd.n; i++)
				diag_add(d, path, conf_line(s), "scenario: %s", sd.msg[i]);
			diag_free(&sd);
			goto out;
		}
		diag_free(&sd);
		if (rules_known && g->rules_sum != rules_sum) {
			conf_error(&c, config_setting_get_member(config_setting_get_member(root, "rules"), "checksum"), "rules",
			           "this battle was fought under the rules '%s' (checksum %016" PRIx64 "); the rules '%s' "
			           "now in force differ (checksum %016" PRIx64 "): it can be continued only under the "
			           "same rules", rname, rules_sum, g->rules, g->rules_sum);
			game_free(g);
			g = NULL;
			goto out;
		}
		if (g->scenario_sum != want_sum) {
			conf_error(&c, config_setting_get_member(s, "checksum"), "scenario",
			           "%s has changed since this battle was saved (the map or an orbat file "
			           "it names): it can no longer be continued", spath);
			game_free(g);
			g = NULL;
			goto out;
		}
	}
	if (start_only) {
		/* Only the orders: the battle replays from its beginning. */
		const config_setting_t *list = list_of(&c, root, "history", -1);
		for (int i = 0; list && i < config_setting_length(list); i++) {
			const config_setting_t *e = config_setting_get_elem(list, (unsigned)i);
			const char *text = config_setting_get_string(e);
			struct order o;
			char err[MSG_LEN];
			if (!text || h->parse(g, text, &o, err, sizeof err) < 0) {
				conf_error(&c, e, "history", "entry %d is not an order", i + 1);
				continue;
			}
			game_record(g, &o);
		}
		goto done;
	}
	read_rng(&c, root, "dice", &g->dice);
	read_scripted(&c, root, g);
	read_rng(&c, root, "cosmetic", &g->cosmetic);
	read_game(&c, config_setting_get_member(root, "game"), g);
	read_weather(&c, config_setting_get_member(root, "weather"), g);
	read_units(&c, root, g);
	read_commanders(&c, root, g);
	read_rest(&c, root, g, h);
	if ((s = config_setting_get_member(root, "computer"))) {
		const char *text = config_setting_get_string(s);
		if (!text)
			conf_error(&c, s, "save", "'computer' must be a string (the computer's memory)");
		else if (!(g->ai_memory = strdup(text)))
			conf_error(&c, s, "save", "out of memory");
	}
	if ((s = config_setting_get_member(root, "pending"))) {
		const char *text = config_setting_get_string(s);
		char err[MSG_LEN];
		if (!text || h->parse(g, text, &g->pending, err, sizeof err) < 0)
			conf_error(&c, s, "pending", "not an order (the order a question was waiting on)");
		else
			g->has_pending = true;
	}
	if (!c.errors) {
		struct state_check k = { .c = &c, .root = root, .g = g };
		game_check(g, state_fault, &k);
	}
done:
	if (c.errors) {
		game_free(g);
		g = NULL;
	}
out:
	config_destroy(&cfg);
	return g;
}
