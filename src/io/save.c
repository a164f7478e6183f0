/* SPDX-License-Identifier: GPL-3.0-or-later */
/* save: saved battles.  The file is libconfig text written here by hand
 * (numbers with all their digits, 64-bit dice state as text, so that a
 * loaded battle continues die for die) and read back through the checked
 * libconfig layer, so a damaged save gives path:line errors, never a
 * crash. */
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
#include "load.h"
#include "paths.h"
#include "random-battle.h"
#include "save.h"

const char *const save_players_words[] = { "A", "B", "both", "none", NULL };
const char *const save_ai_words[] = { "naive", "easy", "normal", "hard", NULL };

bool save_word_ok(const char *const *words, const char *w)
{
	for (; *words; words++)
		if (strcmp(*words, w) == 0)
			return true;
	return false;
}

/* ------------------------------------------------------------------ */
/* Where saves live */

const char *save_dir(char *buf, size_t size, char *why, size_t wsize)
{
	char cause[200];
	if (!paths_user_dir("XDG_DATA_HOME", ".local/share", buf, size, cause, sizeof cause)) {
		snprintf(why, wsize, "%s: nowhere to keep saved battles", cause);
		return NULL;
	}
	if (!paths_make_dirs(buf, why, wsize))
		return NULL;
	return buf;
}

bool save_path_for(const char *name, char *out, size_t size, char *why, size_t wsize)
{
	char dir[PATH_MAX];
	size_t len = strlen(name);
	if (len == 0 || len > 64 || name[0] == '.') {
		snprintf(why, wsize, "a save's name has 1 to 64 letters, digits, '-', '_' or '.', not "
		         "starting with '.'");
		return false;
	}
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '-' || *p == '_' || *p == '.')) {
			snprintf(why, wsize, "'%c' may not be in a save's name (letters, digits, '-', '_' and '.' "
			         "only)", *p);
			return false;
		}
	if (!save_dir(dir, sizeof dir, why, wsize))
		return false;
	if (len > 5 && strcmp(name + len - 5, ".save") == 0)
		snprintf(out, size, "%s/%s", dir, name);
	else
		snprintf(out, size, "%s/%s.save", dir, name);
	return true;
}

/* ------------------------------------------------------------------ */
/* Writing */

static void put_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* A double with every digit it needs, always written as a float. */
static void put_num(FILE *f, double v)
{
	char buf[40];
	snprintf(buf, sizeof buf, "%.17g", v);
	if (!strpbrk(buf, ".eEn"))
		strcat(buf, ".0");
	fputs(buf, f);
}

static void put_key_str(FILE *f, const char *key, const char *v)
{
	fprintf(f, " %s = ", key);
	put_str(f, v);
	fputc(';', f);
}

static void put_key_num(FILE *f, const char *key, double v)
{
	fprintf(f, " %s = ", key);
	put_num(f, v);
	fputc(';', f);
}

static void put_rng(FILE *f, const char *key, const struct rng *r)
{
	fprintf(f, "%s = { state = [ \"%016" PRIx64 "\", \"%016" PRIx64 "\", \"%016" PRIx64
	           "\", \"%016" PRIx64 "\" ]; draws = \"%" PRIu64 "\"; };\n",
	        key, r->s[0], r->s[1], r->s[2], r->s[3], r->draws);
}

static const char *id_or_dash(const char *id)
{
	return id ? id : "-";
}

/* The scenario as it was loaded: its path and the checksum of the text
 * the battle was built from (not of the file as it is now). */
static void scenario_identity(const struct game *g, const struct save_hooks *h, char *path,
                              size_t size)
{
	if ((h->builtin_name && strcmp(g->scenario, h->builtin_name) == 0) || random_is_name(g->scenario) ||
	    !realpath(g->scenario, path))
		snprintf(path, size, "%s", g->scenario);
}

/* The fields of the battle's state in one group of the save, as the
 * state table describes them. */
static void put_state(FILE *f, const struct game *g, const char *group)
{
	const char *base = (const char *)&g->st;
	for (int i = 0; i < state_nfields; i++) {
		const struct state_field *sf = &state_fields[i];
		const void *at = base + sf->offset;
		int v = 0;
		if (strcmp(sf->group, group) != 0)
			continue;
		if (sf->kind != SK_DOUBLE && sf->kind != SK_BOOL && sf->kind != SK_TEXT)
			memcpy(&v, at, sizeof v);
		switch (sf->kind) {
		case SK_INT:
		case SK_TURN:
			fprintf(f, " %s = %d;", sf->key, v);
			break;
		case SK_DOUBLE:
			put_key_num(f, sf->key, *(const double *)at);
			break;
		case SK_BOOL:
			fprintf(f, " %s = %s;", sf->key, *(const bool *)at ? "true" : "false");
			break;
		case SK_TEXT:
			put_key_str(f, sf->key, (const char *)at);
			break;
		case SK_ENUM:
			fprintf(f, " %s = \"%s\";", sf->key, sf->names[v].key);
			break;
		case SK_SIDE:
			fprintf(f, " %s = \"%s\";", sf->key, v >= 0 ? side_names[v].key : "-");
			break;
		case SK_BRIGADE:
			put_key_str(f, sf->key, id_or_dash(v >= 0 ? g->brigs[v].id : NULL));
			break;
		case SK_DIVISION:
			put_key_str(f, sf->key, id_or_dash(v >= 0 ? g->divs[v].id : NULL));
			break;
		case SK_UNIT:
			put_key_str(f, sf->key, id_or_dash(v >= 0 ? g->units[v].id : NULL));
			break;
		}
	}
}

static void write_all(FILE *f, const struct game *g, const struct save_hooks *h, const char *spath,
                      uint64_t sum)
{
	char line[512];

	fputs("# A battle saved by grognard: see grognard(5).\n", f);
	fprintf(f, "grognard_save = { format = %d; version = \"%s\"; };\n", SAVE_FORMAT, PACKAGE_VERSION);
	fputs("scenario = {", f);
	put_key_str(f, "path", spath);
	fprintf(f, " checksum = \"%016" PRIx64 "\"; };\n", sum);
	fprintf(f, "seed = \"%" PRIu64 "\";\n", g->seed);
	put_rng(f, "dice", &g->dice);
	put_rng(f, "cosmetic", &g->cosmetic);
	/* Scripted dice still waiting for their throws (batch mode's 'dice'). */
	if (g->script_pos < g->nscript) {
		fputs("scripted = \"", f);
		for (int i = g->script_pos; i < g->nscript; i++)
			fputc('0' + g->script[i], f);
		fputs("\";\n", f);
	}

	fputs("game = {", f);
	put_key_str(f, "title", g->title);
	put_state(f, g, "game");
	if (g->players[0])
		put_key_str(f, "players", g->players);
	if (g->ai[0])
		put_key_str(f, "ai", g->ai);
	fputs(" };\n", f);
	fputs("weather = {", f);
	put_state(f, g, "weather");
	fputs(" };\n", f);

	fputs("units = (\n", f);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		int n = 0;
		fputs("  {", f);
		put_key_str(f, "id", u->id);
		put_key_num(f, "x", u->pos.x);
		put_key_num(f, "y", u->pos.y);
		put_key_num(f, "facing", u->facing);
		fprintf(f, " formation = \"%s\"; sp = %d; sp0 = %d; markers = [", formation_names[u->form].key,
		        u->sp, u->sp0);
		for (int m = 0; m < MK_COUNT; m++)
			if (unit_has_marker(u, (enum marker)m))
				fprintf(f, "%s\"%s\"", n++ ? ", " : " ", marker_names[m].key);
		fprintf(f, " ]; state = \"%s\"; acted = %u;", unit_state_names[u->state].key, u->acted);
		put_key_num(f, "pivoted", u->pivoted);
		put_key_num(f, "used", u->used);
		fprintf(f, " defends = %d; shelter = %d;", u->defends, u->shelter);
		if (u->cmd_fixed > 0 && u->cmd_fixed <= CS_COUNT)
			put_key_str(f, "command", cmd_status_names[u->cmd_fixed - 1].key);
		put_key_num(f, "charge_start", u->charge_start);
		if (u->bridge > 0 && u->bridge_foe >= 0 && u->bridge_foe < g->nunits) {
			/* In contact over a bridge with the unit defending it. */
			fprintf(f, " bridge = %d;", u->bridge);
			put_key_str(f, "bridge_foe", g->units[u->bridge_foe].id);
			put_key_num(f, "bridge_foe_x", u->bridge_foe_at.x);
			put_key_num(f, "bridge_foe_y", u->bridge_foe_at.y);
		}
		fprintf(f, " arrive = %d; }%s\n", u->arrive_turn, i + 1 < g->nunits ? "," : "");
	}
	fputs(");\n", f);

	fputs("commanders = (\n", f);
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		fputs("  {", f);
		put_key_str(f, "id", c->id);
		put_key_num(f, "x", c->pos.x);
		put_key_num(f, "y", c->pos.y);
		fprintf(f, " rating = \"%s\"; flags = %u; state = \"%s\";", cmd_rating_names[c->rating].key,
		        c->flags, unit_state_names[c->state].key);
		put_key_str(f, "attached", id_or_dash(c->attached >= 0 ? g->units[c->attached].id : NULL));
		fprintf(f, " arrive = %d; moved_turn = %d; moved_init = %d;", c->arrive_turn, c->moved_turn,
		        c->moved_init);
		put_key_num(f, "used", c->used);
		put_key_str(f, "detached_from",
		            id_or_dash(c->detached_from >= 0 ? g->units[c->detached_from].id : NULL));
		fprintf(f, " detached_init = %d; }%s\n", c->detached_init, i + 1 < g->ncmdrs ? "," : "");
	}
	fputs(");\n", f);

	fputs("brigades = (\n", f);
	for (int i = 0; i < g->nbrigs; i++) {
		fputs("  {", f);
		put_key_str(f, "id", g->brigs[i].id);
		fprintf(f, " used = %s; }%s\n", g->brigs[i].used ? "true" : "false", i + 1 < g->nbrigs ? "," : "");
	}
	fputs(");\n", f);

	fputs("terrain = (\n", f);
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *ft = &g->map.f[i];
		fputs("  {", f);
		put_key_str(f, "name", ft->name);
		fprintf(f, " type = \"%s\"; impassable = %s; damage = %d; }%s\n", terrain_names[ft->type].key,
		        ft->impassable ? "true" : "false", ft->damage, i + 1 < g->map.nf ? "," : "");
	}
	fputs(");\n", f);

	fputs("objectives = (\n", f);
	for (int i = 0; i < g->nobj; i++) {
		fputs("  {", f);
		put_key_str(f, "name", g->obj[i].name);
		fprintf(f, " holder = \"%s\"; }%s\n", g->obj[i].holder >= 0 ? side_names[g->obj[i].holder].key : "-",
		        i + 1 < g->nobj ? "," : "");
	}
	fputs(");\n", f);

	fputs("log = (\n", f);
	for (int i = 0; i < g->nlog; i++) {
		fprintf(f, "  ( %d, ", g->log[i].turn);
		put_str(f, g->log[i].text);
		fprintf(f, " )%s\n", i + 1 < g->nlog ? "," : "");
	}
	fputs(");\n", f);

	if (g->ai_memory) {
		fputs("computer = ", f);
		put_str(f, g->ai_memory);
		fputs(";\n", f);
	}
	/* An order stopped while its question waited: given again on loading. */
	if (g->has_pending) {
		fputs("pending = ", f);
		put_str(f, h->format(g, &g->pending, line, sizeof line));
		fputs(";\n", f);
	}
	fputs("history = (\n", f);
	for (int i = 0; i < g->nhistory; i++) {
		fputs("  ", f);
		put_str(f, h->format(g, &g->history[i], line, sizeof line));
		fprintf(f, "%s\n", i + 1 < g->nhistory ? "," : "");
	}
	fputs(");\n", f);
}

/* A copy readable by the user alone, as the save itself is (where the
 * disk has no hard links). */
static void copy_private(const char *from, const char *to)
{
	size_t len;
	char *text = conf_slurp(from, &len);
	int fd = text ? open(to, O_WRONLY | O_CREAT | O_TRUNC, 0600) : -1;
	if (fd >= 0) {
		if (write(fd, text, len) != (ssize_t)len)
			unlink(to);
		close(fd);
	}
	free(text);
}

int save_write_atomic(const char *path, const char *what, bool backup,
                      void (*body)(FILE *f, const void *ctx), const void *ctx, char *why, size_t size)
{
	char tmp[PATH_MAX], bak[PATH_MAX], dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	FILE *f;
	int fd, err;

	if (slash)
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	else
		snprintf(dir, sizeof dir, ".");
	if ((size_t)snprintf(tmp, sizeof tmp, "%s/.grognard-save-XXXXXX", dir) >= sizeof tmp ||
	    (size_t)snprintf(bak, sizeof bak, "%s.bak", path) >= sizeof bak) {
		snprintf(why, size, "the path %s is too long", path);
		return -1;
	}
	if ((fd = mkstemp(tmp)) < 0) {
		snprintf(why, size, "cannot write in %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!(f = fdopen(fd, "w"))) {
		err = errno;
		close(fd);
		unlink(tmp);
		snprintf(why, size, "cannot write %s: %s", tmp, strerror(err));
		return -1;
	}
	body(f, ctx);
	/* Everything on the disk before the old file is replaced. */
	if (fflush(f) != 0 || ferror(f) || fsync(fd) != 0) {
		err = errno ? errno : EIO;
		fclose(f);
		unlink(tmp);
		snprintf(why, size, "cannot write %s: %s", what, strerror(err));
		return -1;
	}
	if (fclose(f) != 0) {
		err = errno;
		unlink(tmp);
		snprintf(why, size, "cannot write %s: %s", what, strerror(err));
		return -1;
	}
	/* Keep the previous file as NAME.bak (a hard link: the file itself
	 * stays in place until the rename replaces it in one step). */
	if (backup && access(path, F_OK) == 0) {
		unlink(bak);
		if (link(path, bak) != 0)
			copy_private(path, bak);
	}
	if (rename(tmp, path) != 0) {
		err = errno;
		unlink(tmp);
		snprintf(why, size, "cannot put %s in place: %s", what, strerror(err));
		return -1;
	}
	if ((fd = open(dir, O_RDONLY)) >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
}

struct save_body {
	const struct game *g;
	const struct save_hooks *h;
	const char *spath;
};

static void save_body(FILE *f, const void *ctx)
{
	const struct save_body *b = ctx;
	write_all(f, b->g, b->h, b->spath, b->g->scenario_sum);
}

int save_write(const struct game *g, const char *path, const struct save_hooks *h, char *why,
               size_t size)
{
	char spath[PATH_MAX];
	struct save_body b = { g, h, spath };

	if (g->deciding) {
		snprintf(why, size, "cannot save while a decision waits for an answer (the order that asked it "
		         "is half done): answer it, then save");
		return -1;
	}
	scenario_identity(g, h, spath, sizeof spath);
	return save_write_atomic(path, "the save", true, save_body, &b, why, size);
}

/* ------------------------------------------------------------------ */
/* Reading */

static const char *const top_keys[] = {
	"grognard_save", "scenario", "seed", "dice", "scripted", "cosmetic", "game", "weather", "units",
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

/* The keys of the game group that are not the battle's state. */
static const char *const game_keys[] = { "title", "players", "ai", NULL };

static void read_game(struct conf *c, const config_setting_t *s, struct game *g)
{
	read_state(c, s, g, "game", game_keys);
	if (!s)
		return;
	read_word(c, s, "players", save_players_words, "A, B, both or none", g->players, sizeof g->players);
	read_word(c, s, "ai", save_ai_words, "naive, easy, normal or hard", g->ai, sizeof g->ai);
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

static struct game *read_save(const char *path, const struct save_hooks *h, struct diag *d,
                              bool start_only)
{
	struct conf c = { .path = path, .diag = d };
	config_t cfg;
	const config_setting_t *root, *s;
	struct game *g = NULL;
	char spath[PATH_MAX], sumtext[32], seedtext[32];
	int format = 0;
	uint64_t seed, want_sum;

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
	 * (the map and its orbat files) must be as when the battle began. */
	{
		struct diag sd = { 0 };
		bool builtin = h->builtin_name && strcmp(spath, h->builtin_name) == 0;
		g = builtin                 ? load_scenario_text(h->builtin_text, h->builtin_name, seed, &sd)
		    : random_is_name(spath) ? random_open(spath, seed, &sd)
		                            : load_scenario_file(spath, seed, &sd);
		if (!g) {
			conf_error(&c, config_setting_get_member(s, "path"), "scenario",
			           "%s no longer loads (has it changed since this battle was saved?):", spath);
			for (int i = 0; i < sd.n; i++)
				diag_add(d, path, conf_line(s), "scenario: %s", sd.msg[i]);
			diag_free(&sd);
			goto out;
		}
		diag_free(&sd);
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

bool save_peek(const char *path, char *title, size_t size, int *turn, bool *over)
{
	config_t cfg;
	struct diag d = { 0 };
	struct conf c = { .path = path, .diag = &d };
	const config_setting_t *g;
	const char *t, *ph;
	bool ok = false;
	config_init(&cfg);
	if (conf_read_file(&c, &cfg, path) && config_lookup(&cfg, "grognard_save") &&
	    (g = config_lookup(&cfg, "game")) && config_setting_lookup_string(g, "title", &t) &&
	    config_setting_lookup_int(g, "turn", turn) && config_setting_lookup_string(g, "phase", &ph)) {
		snprintf(title, size, "%s", t);
		*over = strcmp(ph, "over") == 0;
		ok = true;
	}
	config_destroy(&cfg);
	diag_free(&d);
	return ok;
}

static int newest_first(const void *a, const void *b)
{
	const struct save_entry *x = a, *y = b;
	if (x->when != y->when)
		return x->when > y->when ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Every unfinished battle in the saves directory, newest first (*all to
 * be freed). */
static int read_unfinished(struct save_entry **out)
{
	char dir[PATH_MAX], why[200];
	struct save_entry *all = NULL;
	int n = 0, cap = 0;
	struct dirent *e;
	DIR *d;
	*out = NULL;
	if (!save_dir(dir, sizeof dir, why, sizeof why) || !(d = opendir(dir)))
		return 0;
	/* All of them first: the directory's order says nothing of age. */
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char path[PATH_MAX + 80];
		struct save_entry s;
		struct stat st;
		bool over;
		if (len < 6 || len - 5 >= sizeof s.name || strcmp(e->d_name + len - 5, ".save") != 0 ||
		    e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0 || !save_peek(path, s.title, sizeof s.title, &s.turn, &over) || over)
			continue;
		snprintf(s.name, sizeof s.name, "%.*s", (int)(len - 5), e->d_name);
		s.when = st.st_mtime;
		if (n == cap) {
			struct save_entry *p = realloc(all, (size_t)(cap = cap ? 2 * cap : 32) * sizeof *p);
			if (!p)
				break;
			all = p;
		}
		all[n++] = s;
	}
	closedir(d);
	if (n)
		qsort(all, (size_t)n, sizeof *all, newest_first);
	*out = all;
	return n;
}

int save_list(struct save_entry *out, int max)
{
	struct save_entry *all;
	int n = read_unfinished(&all);
	if (n > max)
		n = max;
	if (n)
		memcpy(out, all, (size_t)n * sizeof *out);
	free(all);
	return n;
}

bool save_is_autosave(const char *name)
{
	const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
	size_t n = strlen(SAVE_AUTOSAVE), len = strlen(base);
	if (len > 5 && strcmp(base + len - 5, ".save") == 0)
		len -= 5;
	/* (An autosave's name fits in 31 characters, "autosave-" and a count.) */
	if (len > 31 || strncmp(base, SAVE_AUTOSAVE, n) != 0)
		return false;
	if (len == n)
		return true;
	if (base[n] != '-' || len == n + 1)
		return false;
	for (size_t i = n + 1; i < len; i++)
		if (base[i] < '0' || base[i] > '9')
			return false;
	return true;
}

bool save_remove(const char *name, char *why, size_t wsize)
{
	char path[PATH_MAX], bak[PATH_MAX + 8];
	if (!save_path_for(name, path, sizeof path, why, wsize))
		return false;
	if (unlink(path) != 0) {
		snprintf(why, wsize, "cannot delete %s: %s", path, strerror(errno));
		return false;
	}
	snprintf(bak, sizeof bak, "%s.bak", path);
	unlink(bak); /* there or not: the save is gone either way */
	return true;
}

int save_prune_autosaves(int keep)
{
	struct save_entry *all;
	int n = read_unfinished(&all), kept = 0, removed = 0;
	for (int i = 0; i < n; i++) {
		char why[MSG_LEN];
		if (!save_is_autosave(all[i].name))
			continue;
		if (kept < keep)
			kept++;
		else if (save_remove(all[i].name, why, sizeof why))
			removed++;
	}
	free(all);
	return removed;
}
