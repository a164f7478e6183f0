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
#include "load-rules.h"
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

/* The index of the first len characters of w in save_ai_words, or -1. */
static int ai_word(const char *w, size_t len)
{
	for (int i = 0; save_ai_words[i]; i++)
		if (strlen(save_ai_words[i]) == len && strncmp(save_ai_words[i], w, len) == 0)
			return i;
	return -1;
}

bool save_ai_levels(const char *text, int levels[SIDE_COUNT])
{
	int got[SIDE_COUNT] = { -1, -1 }, l;
	const char *p = text;
	if ((l = ai_word(text, strlen(text))) >= 0) {
		levels[SIDE_A] = levels[SIDE_B] = l;
		return true;
	}
	for (;;) {
		size_t len;
		int s;
		for (s = 0; s < SIDE_COUNT; s++)
			if (strncmp(p, side_names[s].key, strlen(side_names[s].key)) == 0 &&
			    p[strlen(side_names[s].key)] == '=')
				break;
		if (s == SIDE_COUNT || got[s] >= 0)
			return false;
		p += strlen(side_names[s].key) + 1;
		len = strcspn(p, ",");
		if ((got[s] = ai_word(p, len)) < 0)
			return false;
		p += len;
		if (!*p)
			break;
		p++;
	}
	for (int s = 0; s < SIDE_COUNT; s++)
		if (got[s] >= 0)
			levels[s] = got[s];
	return true;
}

void save_ai_text(const int levels[SIDE_COUNT], char *out, size_t size)
{
	if (levels[SIDE_A] == levels[SIDE_B])
		snprintf(out, size, "%s", save_ai_words[levels[SIDE_A]]);
	else
		snprintf(out, size, "%s=%s,%s=%s", side_names[SIDE_A].key, save_ai_words[levels[SIDE_A]],
		         side_names[SIDE_B].key, save_ai_words[levels[SIDE_B]]);
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
	/* The rules by name, and by content: every number of them. */
	{
		char rpath[PATH_MAX];
		if (!strchr(g->rules, '/') || !realpath(g->rules, rpath))
			snprintf(rpath, sizeof rpath, "%s", g->rules[0] ? g->rules : RULES_DEFAULT);
		fputs("rules = {", f);
		put_key_str(f, "name", rpath);
		fprintf(f, " checksum = \"%016" PRIx64 "\"; };\n", g->rules_sum);
	}
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
