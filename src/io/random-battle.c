/* SPDX-License-Identifier: GPL-3.0-or-later */
/* random-battle: the glue between the program and a random battle: the
 * options in a scenario name a save can keep, the region table and the
 * orbats read, the engine's procedure run, its result written as a
 * scenario and loaded like any other. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "engine/game.h"
#include "engine/random.h"
#include "export.h"
#include "load-int.h"
#include "load-rules.h"
#include "load.h"
#include "paths.h"
#include "random-battle.h"
#include "regions.h"

bool random_is_name(const char *scenario)
{
	return strncmp(scenario, RANDOM_PREFIX, strlen(RANDOM_PREFIX)) == 0;
}

/* A file made absolute, so that a save finds it again from anywhere: a
 * region table always (it is read from where the program runs), a force
 * when it is a path (a bare name is looked for in the orbats directories,
 * wherever the program runs, so it stays a name). */
static const char *absolute(const char *path, char *buf, bool bare_too)
{
	char *real;
	if ((!bare_too && !strchr(path, '/')) || path[0] == '/' || !path[0] || !(real = realpath(path, NULL)))
		return path;
	snprintf(buf, 160, "%s", real);
	free(real);
	return strlen(buf) < 159 ? buf : path;
}

/* The name: random:SEED, then ;key=value for each option given. */
int random_name(const struct random_options *o, uint64_t seed, char *out, size_t size, char *why,
                size_t wsize)
{
	int n = snprintf(out, size, "%s%" PRIu64, RANDOM_PREFIX, seed);
	char abs[3][160];
	const char *keys[] = { "region", "size", "a", "b", "regions" };
	const char *vals[] = { o->region, o->size, absolute(o->force[SIDE_A], abs[0], false),
		               absolute(o->force[SIDE_B], abs[1], false), absolute(o->regions, abs[2], true) };
	for (int i = 0; i < 5; i++) {
		if (!vals[i][0])
			continue;
		if (strchr(vals[i], ';')) {
			snprintf(why, wsize, "'%s' may not hold a ';'", vals[i]);
			return -1;
		}
		n += snprintf(out + n, n < (int)size ? size - (size_t)n : 0, ";%s=%s", keys[i], vals[i]);
	}
	if (n >= (int)size) {
		snprintf(why, wsize, "the options are too long to keep with the battle");
		return -1;
	}
	return 0;
}

static int parse_name(const char *name, struct random_options *o, uint64_t *seed, char *why, size_t wsize)
{
	const char *p = name + strlen(RANDOM_PREFIX);
	char *end;
	memset(o, 0, sizeof *o);
	errno = 0;
	*seed = strtoull(p, &end, 10);
	if (errno || end == p || (*end && *end != ';')) {
		snprintf(why, wsize, "'%s' is not a random battle's name", name);
		return -1;
	}
	p = end;
	while (*p == ';') {
		const char *eq = strchr(p, '='), *next;
		char key[16];
		char *dst = NULL;
		size_t cap = 0, klen;
		p++;
		next = strchr(p, ';');
		if (!next)
			next = p + strlen(p);
		if (!eq || eq > next || (klen = (size_t)(eq - p)) >= sizeof key) {
			snprintf(why, wsize, "'%s' is not a random battle's name", name);
			return -1;
		}
		memcpy(key, p, klen);
		key[klen] = '\0';
		if (strcmp(key, "region") == 0)
			dst = o->region, cap = sizeof o->region;
		else if (strcmp(key, "size") == 0)
			dst = o->size, cap = sizeof o->size;
		else if (strcmp(key, "a") == 0)
			dst = o->force[SIDE_A], cap = sizeof o->force[SIDE_A];
		else if (strcmp(key, "b") == 0)
			dst = o->force[SIDE_B], cap = sizeof o->force[SIDE_B];
		else if (strcmp(key, "regions") == 0)
			dst = o->regions, cap = sizeof o->regions;
		if (!dst || (size_t)(next - eq - 1) >= cap) {
			snprintf(why, wsize, "'%s' is not a random battle's name", name);
			return -1;
		}
		memcpy(dst, eq + 1, (size_t)(next - eq - 1));
		dst[next - eq - 1] = '\0';
		p = next;
	}
	return 0;
}

/* An orbat named for a force: a path, or a name in the orbats
 * directories (with or without .cfg). */
static bool find_orbat(const char *name, char *out, size_t size)
{
	char with[200];
	if (strchr(name, '/')) {
		snprintf(out, size, "%s", name);
		return paths_exists(out);
	}
	snprintf(with, sizeof with, "%s.cfg", name);
	return paths_find_orbat("", name, out, size) || paths_find_orbat("", with, out, size);
}

/* What the procedure needs beyond the engine: the orbats of sides given
 * one, read into its game. */
struct forces_ctx {
	char path[SIDE_COUNT][PATH_MAX];
	struct loader l;
	struct diag *d;
};

static int load_force(void *ctx, struct game *g, enum side side, char *why, size_t size)
{
	struct forces_ctx *fc = ctx;
	struct conf c = { .path = fc->path[side], .diag = fc->d };
	config_t cfg;
	bool ok;
	fc->l.g = g;
	fc->l.d = fc->d;
	config_init(&cfg);
	ok = conf_read_file(&c, &cfg, fc->path[side]) && load_orbat_setting(&fc->l, &c, config_root_setting(&cfg), side);
	config_destroy(&cfg);
	if (!ok || c.errors) {
		snprintf(why, size, "the orbat %s does not load", fc->path[side]);
		return -1;
	}
	return 0;
}

/* An orbat's nationality, read without keeping it. */
static int orbat_nationality(const char *path, struct diag *d)
{
	struct game *g = game_new(1);
	struct loader l = { .g = g, .d = d };
	struct conf c = { .path = path, .diag = d };
	config_t cfg;
	int nat = -1;
	if (!g)
		return -1;
	config_init(&cfg);
	if (conf_read_file(&c, &cfg, path) && load_orbat_setting(&l, &c, config_root_setting(&cfg), SIDE_A) &&
	    !c.errors && g->ncorps > 0)
		nat = g->corps[0].nat;
	config_destroy(&cfg);
	loader_free(&l);
	game_free(g);
	return nat;
}

static bool build_request(const struct random_options *o, const struct dbm_table *t, struct random_request *rq,
                          struct forces_ctx *fc, struct diag *d, const char *name)
{
	int k;
	if (o->region[0] && (rq->region = regions_find(t, o->region)) < 0) {
		char list[400] = "";
		for (int i = 0; i < t->nregions; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", t->region[i].id);
		diag_add(d, name, 0, "no region '%s' (there are: %s)", o->region, list);
		return false;
	}
	if (o->size[0] && (k = enum_lookup(force_size_names, FS_COUNT, o->size)) < 0) {
		diag_add(d, name, 0, "size '%s' is not division or corps", o->size);
		return false;
	}
	rq->size = o->size[0] ? (enum force_size)enum_lookup(force_size_names, FS_COUNT, o->size) : FS_CORPS;
	for (int s = 0; s < SIDE_COUNT; s++) {
		const char *f = o->force[s];
		rq->nat[s] = -1;
		if (!f[0])
			continue;
		if ((k = enum_lookup(nationality_names, NAT_COUNT, f)) >= 0) {
			rq->nat[s] = k;
			continue;
		}
		if (!find_orbat(f, fc->path[s], sizeof fc->path[s])) {
			char list[256];
			diag_add(d, name, 0, "force '%s' is neither a nationality (%s) nor an orbat file found in the orbats "
			         "directories", f, enum_keys(nationality_names, NAT_COUNT, NULL, list, sizeof list));
			return false;
		}
		if ((rq->nat[s] = orbat_nationality(fc->path[s], d)) < 0)
			return false;
		rq->shipped[s] = true;
	}
	if (rq->shipped[SIDE_A] && rq->shipped[SIDE_B] && strcmp(fc->path[SIDE_A], fc->path[SIDE_B]) == 0) {
		diag_add(d, name, 0, "both sides cannot be the same orbat (%s): its ids would clash", fc->path[SIDE_A]);
		return false;
	}
	rq->load_force = load_force;
	rq->ctx = fc;
	return true;
}

static char *log_text(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	for (int i = 0; i < g->nlog; i++)
		fprintf(f, "%s\n", g->log[i].text);
	fclose(f);
	return buf;
}

struct game *random_open(const char *name, uint64_t seed, struct diag *d)
{
	struct random_options o;
	struct dbm_table t = { 0 };
	struct random_request rq = { .region = -1 };
	struct forces_ctx *fc = calloc(1, sizeof *fc);
	struct random_info *info = calloc(1, sizeof *info);
	struct game *gen = NULL, *g = NULL;
	uint64_t gseed;
	char why[MSG_LEN], *text = NULL;

	if (!fc || !info) {
		diag_add(d, name, 0, "out of memory");
		goto out;
	}
	if (parse_name(name, &o, &gseed, why, sizeof why) < 0) {
		diag_add(d, name, 0, "%s", why);
		goto out;
	}
	if (!(o.regions[0] ? regions_load_file(o.regions, &t, d)
	                   : regions_load_text(default_regions_cfg, REGIONS_BUILTIN_NAME, &t, d)))
		goto out;
	fc->d = d;
	rq.seed = gseed;
	if (!build_request(&o, &t, &rq, fc, d, name))
		goto out;
	if (!(gen = game_new(random_derive(gseed, 0)))) {
		diag_add(d, name, 0, "out of memory");
		goto out;
	}
	/* Laid out at the scale of the scenarios (rules for other figures
	 * scale the battle when it is loaded, as any scenario). */
	if (!rules_unscale()) {
		diag_add(d, name, 0, "out of memory");
		goto out;
	}
	if (random_battle(gen, &t, &rq, info, why, sizeof why) < 0) {
		rules_rescale();
		diag_add(d, name, 0, "%s", why);
		goto out;
	}
	text = export_text(gen, NULL);
	rules_rescale();
	if (!text) {
		diag_add(d, name, 0, "out of memory");
		goto out;
	}
	if ((g = load_scenario_text(text, name, seed, d)) && random_take_log(g, gen) < 0) {
		game_free(g);
		g = NULL;
		diag_add(d, name, 0, "out of memory");
	}
out:
	free(text);
	loader_free(&fc->l);
	game_free(gen);
	regions_free(&t);
	free(fc);
	free(info);
	return g;
}

int random_forces(char out[][160], int max)
{
	char dir[PATH_MAX];
	int n = 0;
	DIR *dp;
	struct dirent *e;
	for (int k = 0; k < NAT_COUNT && n < max; k++)
		snprintf(out[n++], 160, "%s", nationality_names[k].key);
	snprintf(dir, sizeof dir, "%s/orbats", paths_datadir());
	if (!(dp = opendir(dir)))
		return n;
	while ((e = readdir(dp)) && n < max) {
		size_t len = strlen(e->d_name);
		if (len > 4 && len < 150 && strcmp(e->d_name + len - 4, ".cfg") == 0 && e->d_name[0] != '.') {
			snprintf(out[n], 160, "%.*s", (int)(len - 4), e->d_name);
			n++;
		}
	}
	closedir(dp);
	/* A steady order for menus. */
	for (int i = NAT_COUNT; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (strcmp(out[j], out[i]) < 0) {
				char tmp[160];
				memcpy(tmp, out[i], 160);
				memcpy(out[i], out[j], 160);
				memcpy(out[j], tmp, 160);
			}
	return n;
}

int random_export_start(const struct game *g, const char *builtin_name, const char *builtin_text,
                        const char *name, char *why, size_t size)
{
	struct diag d = { 0 };
	struct game *start;
	char *log = NULL, *header = NULL;
	size_t len = 0;
	FILE *h;
	int r;

	if (random_is_name(g->scenario))
		start = random_open(g->scenario, g->seed, &d);
	else if (builtin_name && strcmp(g->scenario, builtin_name) == 0)
		start = load_scenario_text(builtin_text, builtin_name, g->seed, &d);
	else
		start = load_scenario_file(g->scenario, g->seed, &d);
	if (!start) {
		snprintf(why, size, "%s no longer loads: %s", g->scenario, d.n ? d.msg[0] : "?");
		diag_free(&d);
		return -1;
	}
	diag_free(&d);
	if (!(h = open_memstream(&header, &len))) {
		game_free(start);
		snprintf(why, size, "out of memory");
		return -1;
	}
	fprintf(h, "%s\nWritten by grognard %s from %s, seed %" PRIu64 ": every throw is fixed here.\n",
	        start->title, PACKAGE_VERSION, g->scenario, g->seed);
	if (random_is_name(g->scenario) && (log = log_text(start)))
		fprintf(h, "\nHow it was made:\n%s", log);
	fclose(h);
	r = export_files(start, name, header, why, size);
	free(log);
	free(header);
	game_free(start);
	return r;
}
