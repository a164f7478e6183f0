/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battles: the battles there are to fight, found where scenarios are
 * found by name (the player's maps/, then the data directory's), each
 * loaded to learn its year, nations, size and briefing. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <libconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battles.h"
#include "engine/game.h"
#include "load.h"
#include "paths.h"

/* The year of a map's date: a whole number, or the first run of digits
 * of a string ("1806-10-14"); "-" when there is none. */
static void read_year(const char *path, const char *text, char *year, size_t size, char *date,
                      size_t dsize)
{
	config_t cfg;
	const config_setting_t *s;
	bool ok;
	snprintf(year, size, "-");
	snprintf(date, dsize, "~");
	config_init(&cfg);
	ok = path ? config_read_file(&cfg, path) == CONFIG_TRUE : config_read_string(&cfg, text) == CONFIG_TRUE;
	s = ok ? config_lookup(&cfg, "date") : NULL;
	if (s && (config_setting_type(s) == CONFIG_TYPE_INT || config_setting_type(s) == CONFIG_TYPE_INT64)) {
		snprintf(year, size, "%lld", config_setting_get_int64(s));
		snprintf(date, dsize, "%s", year);
	} else if (s && config_setting_type(s) == CONFIG_TYPE_STRING) {
		const char *v = config_setting_get_string(s), *p = v;
		size_t n;
		while (*p && !isdigit((unsigned char)*p))
			p++;
		n = strspn(p, "0123456789");
		if (n > 0 && n < size)
			snprintf(year, size, "%.*s", (int)n, p);
		snprintf(date, dsize, "%s", v);
	}
	config_destroy(&cfg);
}

/* The nations of a side's units: the corps' own first, then the others
 * by how many units they have, units of no named nation last; two at
 * most, a "+" for more (an allied army of many contingents still leaves
 * the title room in the menu's 80 columns). */
static void side_nations(const struct game *g, enum side s, char *out, size_t size)
{
	int count[NAT_COUNT] = { 0 }, first = -1, named = 0;
	size_t len = 0;
	if (g->side[s].corps >= 0)
		first = (int)g->corps[g->side[s].corps].nat;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == s)
			count[g->units[i].nat]++;
	out[0] = '\0';
	for (;;) {
		int best = first >= 0 && first != NAT_OTHER && count[first] > 0 ? first : -1;
		for (int n = 0; n < NAT_COUNT && (best < 0 || best != first); n++)
			if (n != NAT_OTHER && count[n] > 0 && (best < 0 || count[n] > count[best]))
				best = n;
		if (best < 0 && count[NAT_OTHER] > 0)
			best = NAT_OTHER;
		if (best < 0 || len + 2 >= size)
			break;
		if (named++ == 2) {
			snprintf(out + len, size - len, "+");
			break;
		}
		len += (size_t)snprintf(out + len, size - len, "%s%s", len ? "/" : "",
		                        best == NAT_OTHER ? "others" : nationality_names[best].label);
		count[best] = 0;
		first = -1;
	}
	if (!out[0])
		snprintf(out, size, "-");
}

/* Room for one more entry. */
static struct battle_entry *grow(struct battle_list *l)
{
	struct battle_entry *e = realloc(l->e, (size_t)(l->n + 1) * sizeof *e);
	if (!e)
		return NULL;
	l->e = e;
	memset(&e[l->n], 0, sizeof e[l->n]);
	return &e[l->n];
}

/* Load one battle into a new entry; false (and nothing added) when it
 * does not load or there is no memory. */
static bool add(struct battle_list *l, const char *name, const char *path, const char *text,
                const char *text_name, bool mine, struct diag *d)
{
	struct battle_entry *e = grow(l);
	struct game *g;
	if (!e)
		return false;
	g = path ? load_scenario_file(path, 1, d) : load_scenario_text(text, text_name, 1, d);
	if (!g) {
		l->failed++;
		return false;
	}
	snprintf(e->name, sizeof e->name, "%s", name);
	snprintf(e->path, sizeof e->path, "%s", path ? path : "");
	e->mine = mine;
	snprintf(e->title, sizeof e->title, "%s", g->title);
	read_year(path, text, e->year, sizeof e->year, e->date, sizeof e->date);
	for (int s = 0; s < SIDE_COUNT; s++) {
		side_nations(g, (enum side)s, e->nations[s], sizeof e->nations[s]);
		for (int i = 0; i < g->nunits; i++)
			e->units[s] += (int)g->units[i].side == s;
	}
	e->briefing = g->description ? strdup(g->description) : NULL;
	game_free(g);
	l->n++;
	return true;
}

static bool taken(const struct battle_list *l, const char *name)
{
	for (int i = 0; i < l->n; i++)
		if (strcmp(l->e[i].name, name) == 0)
			return true;
	return false;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every NAME.cfg in dir (a regular file) not already listed, in order of
 * name so that the errors come in a steady order. */
static void add_folder(struct battle_list *l, const char *dir, bool mine, struct diag *d)
{
	DIR *dp = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	int n = 0;
	if (!dp)
		return;
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);
		char **p;
		if (len <= 4 || len - 4 >= sizeof l->e[0].name || strcmp(de->d_name + len - 4, ".cfg") != 0 ||
		    de->d_name[0] == '.')
			continue;
		if (!(p = realloc(names, (size_t)(n + 1) * sizeof *p)))
			break;
		names = p;
		if (!(names[n] = strdup(de->d_name)))
			break;
		names[n++][len - 4] = '\0';
	}
	closedir(dp);
	qsort(names, (size_t)n, sizeof *names, by_name);
	for (int i = 0; i < n; i++) {
		char path[PATH_MAX];
		if (strcmp(names[i], BATTLES_BUILTIN) != 0 && !taken(l, names[i]) &&
		    snprintf(path, sizeof path, "%s/%s.cfg", dir, names[i]) < (int)sizeof path && paths_exists(path))
			add(l, names[i], path, NULL, NULL, mine, d);
		free(names[i]);
	}
	free(names);
}

/* The built-in battle first, then by date, then by name. */
static int by_date(const void *a, const void *b)
{
	const struct battle_entry *x = a, *y = b;
	int c = (y->path[0] == '\0') - (x->path[0] == '\0');
	if (c)
		return c;
	if ((c = strcmp(x->date, y->date)))
		return c;
	return strcmp(x->name, y->name);
}

bool battles_list(struct battle_list *l, const char *builtin_text, const char *builtin_name,
                  struct diag *d)
{
	char dir[PATH_MAX], why[200], maps[PATH_MAX + 8];
	memset(l, 0, sizeof *l);
	if (!add(l, BATTLES_BUILTIN, NULL, builtin_text, builtin_name, false, d) && l->failed == 0)
		return false;
	if (paths_user_dir("XDG_DATA_HOME", ".local/share", dir, sizeof dir, why, sizeof why) &&
	    snprintf(maps, sizeof maps, "%s/maps", dir) < (int)sizeof maps)
		add_folder(l, maps, true, d);
	snprintf(maps, sizeof maps, "%s/maps", paths_datadir());
	add_folder(l, maps, false, d);
	qsort(l->e, (size_t)l->n, sizeof *l->e, by_date);
	return true;
}

void battles_free(struct battle_list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->e[i].briefing);
	free(l->e);
	memset(l, 0, sizeof *l);
}

/* "A v B": the sides' nations; in short (the menu's 80 columns), each
 * side's first and a "+" for more. */
static int nations_text(const struct battle_entry *e, bool in_short, char *out, size_t size)
{
	int len[SIDE_COUNT];
	bool more[SIDE_COUNT];
	for (int s = 0; s < SIDE_COUNT; s++) {
		const char *v = e->nations[s];
		size_t n = strcspn(v, "/+");
		len[s] = in_short ? (int)n : (int)strlen(v);
		more[s] = in_short && v[n] != '\0';
	}
	return snprintf(out, size, "%.*s%s v %.*s%s", len[SIDE_A], e->nations[SIDE_A], more[SIDE_A] ? "+" : "",
	                len[SIDE_B], e->nations[SIDE_B], more[SIDE_B] ? "+" : "");
}

/* The widest of a column over the list. */
static int widest(const struct battle_list *l, int column, bool in_short)
{
	int w = 0;
	for (int i = 0; i < l->n; i++) {
		char buf[160];
		const struct battle_entry *e = &l->e[i];
		int n = column == 0   ? snprintf(buf, sizeof buf, "%s", e->name)
		        : column == 1 ? nations_text(e, in_short, buf, sizeof buf)
		        : column == 2 ? snprintf(buf, sizeof buf, "%d", e->units[SIDE_A])
		                      : snprintf(buf, sizeof buf, "%d", e->units[SIDE_B]);
		if (n > w)
			w = n;
	}
	return w;
}

void battles_line(const struct battle_list *l, int i, bool with_name, char *out, size_t size)
{
	const struct battle_entry *e = &l->e[i];
	char nations[160];
	int len = 0;
	nations_text(e, !with_name, nations, sizeof nations);
	if (with_name)
		len = snprintf(out, size, "%-*s  ", widest(l, 0, false), e->name);
	if (len < 0 || (size_t)len >= size)
		return;
	/* The menu's line (no name) is closer set, its nations one a side, to
	 * leave its title room. */
	snprintf(out + len, size - (size_t)len, with_name ? "%-4s  %-*s  %*d v %-*d  %s" : "%-4s %-*s  %*d v %-*d %s",
	         e->year, widest(l, 1, !with_name), nations, widest(l, 2, false), e->units[SIDE_A],
	         widest(l, 3, false), e->units[SIDE_B], e->title);
}
