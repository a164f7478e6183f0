/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-scale: how the battle's time grows with the size of the forces,
 * and how the loaders take big files ('make bench').
 *
 * The generator lays Auerstedt (maps/auerstedt.cfg and its two orbats)
 * K times down a table K times as tall: every terrain feature, objective,
 * division, deployment and commander again, 120 cm further south each
 * time, with ids made unique ("_2", "_3"...) and one corps a side (its
 * commander placed once).  K = 1 is Auerstedt itself.  For each K a real
 * 'grognard --batch --side none --seed N' plays the battle AI against AI;
 * its user CPU time (getrusage of the child, so that other work on a
 * shared machine does not count) is the median of R runs, its
 * peak RSS the largest.  Reported with their targets, PASS or FAIL: each
 * K's time and its ratio to K = 1 (K = 4 at most 6 times, K = 8 at most
 * 15 times), the growth exponent fitted by least squares to log time
 * against log units over every K, the largest battle under 10 s and
 * every run's peak RSS under 32 MB.
 *
 * The loaders: tests/bench/bigfiles.sh writes a map with a wood of
 * 100,000 points, one with a road of 100,000 points and an orbat of
 * 96,000 units; each is put through 'grognard --check' (target under 2 s
 * of CPU time).
 *
 * usage: bench-scale [-k LIST] [-r RUNS] [-s SEED] [-b BIGFILES.SH] GROGNARD DATADIR
 *    or: bench-scale [-k LIST] -w DIR DATADIR
 *   -k the Ks, comma-separated (1,2,4,8); -r runs of each (3); -s the seed
 *   (1); -b the script that writes the loaders' files (no loader timings
 *   without it); -w only write the scaled scenarios into DIR (named
 *   auerstedt-xK.cfg), with no game to play them, and exit.
 * Exit status 1 when a figure misses its target. */
#include "config.h"

#include <libconfig.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench-child.h"

#define SCALE_HEIGHT 120.0 /* Auerstedt's table: each copy is this much further south */
#define MAX_K 16
#define MAX_RUNS 15

/* Targets (issue 21). */
#define TARGET_RATIO_4 6.0
#define TARGET_RATIO_8 15.0
#define TARGET_EXPONENT 1.3
#define TARGET_BIG_MS 10000.0
#define TARGET_BIG_UNITS 900
#define TARGET_RSS_KB (32 * 1024L)
#define TARGET_LOAD_MS 2000.0

static int failures;

static void verdict(bool pass)
{
	printf("  %s\n", pass ? "PASS" : "FAIL");
	failures += !pass;
}

/* ------------------------------------------------------------------ */
/* The generator */

static void copy_into(config_setting_t *parent, const config_setting_t *from);

static void copy_children(config_setting_t *to, const config_setting_t *from)
{
	for (int i = 0; i < config_setting_length(from); i++)
		copy_into(to, config_setting_get_elem(from, (unsigned)i));
}

/* A deep copy of from, added to parent under from's name (or as an
 * element when parent is a list or an array). */
static void copy_into(config_setting_t *parent, const config_setting_t *from)
{
	bool named = config_setting_is_group(parent);
	config_setting_t *to = config_setting_add(parent, named ? config_setting_name(from) : NULL,
	                                          config_setting_type(from));
	if (!to)
		return;
	switch (config_setting_type(from)) {
	case CONFIG_TYPE_GROUP:
	case CONFIG_TYPE_LIST:
	case CONFIG_TYPE_ARRAY:
		copy_children(to, from);
		break;
	case CONFIG_TYPE_INT:
		config_setting_set_int(to, config_setting_get_int(from));
		break;
	case CONFIG_TYPE_INT64:
		config_setting_set_int64(to, config_setting_get_int64(from));
		break;
	case CONFIG_TYPE_FLOAT:
		config_setting_set_float(to, config_setting_get_float(from));
		break;
	case CONFIG_TYPE_BOOL:
		config_setting_set_bool(to, config_setting_get_bool(from));
		break;
	case CONFIG_TYPE_STRING:
		config_setting_set_string(to, config_setting_get_string(from));
		break;
	default:
		break;
	}
}

/* The copy's text: an id or a name with "_K" or " K" after it (K from 2). */
static void rename_member(config_setting_t *s, const char *key, int copy, const char *sep)
{
	config_setting_t *m = config_setting_get_member(s, key);
	char buf[256];
	if (!m || copy == 0 || config_setting_type(m) != CONFIG_TYPE_STRING)
		return;
	snprintf(buf, sizeof buf, "%s%s%d", config_setting_get_string(m), sep, copy + 1);
	config_setting_set_string(m, buf);
}

static void shift_number(config_setting_t *s, double dy)
{
	if (config_setting_type(s) == CONFIG_TYPE_INT)
		config_setting_set_int(s, config_setting_get_int(s) + (int)dy);
	else if (config_setting_type(s) == CONFIG_TYPE_FLOAT)
		config_setting_set_float(s, config_setting_get_float(s) + dy);
}

/* A feature's points, a deployment's or an objective's y. */
static void shift_south(config_setting_t *s, double dy)
{
	config_setting_t *pts = config_setting_get_member(s, "points"), *y = config_setting_get_member(s, "y");
	if (y)
		shift_number(y, dy);
	for (int i = 0; pts && i < config_setting_length(pts); i++) {
		config_setting_t *p = config_setting_get_elem(pts, (unsigned)i);
		if (config_setting_length(p) == 2)
			shift_number(config_setting_get_elem(p, 1), dy);
	}
}

/* Each element of a list K times: the copies renamed and shifted; skip
 * leaves out the copies (after the first) of an element it names. */
static void repeat_list(config_setting_t *to, const config_setting_t *from, int k, const char *const *ids,
                        const char *const *names, const char *skip)
{
	for (int c = 0; c < k; c++)
		for (int i = 0; from && i < config_setting_length(from); i++) {
			const config_setting_t *e = config_setting_get_elem(from, (unsigned)i);
			const char *id = NULL;
			config_setting_t *n;
			if (c > 0 && skip && config_setting_lookup_string(e, "id", &id) && strcmp(id, skip) == 0)
				continue;
			copy_into(to, e);
			n = config_setting_get_elem(to, (unsigned)config_setting_length(to) - 1);
			for (int j = 0; ids && ids[j]; j++)
				rename_member(n, ids[j], c, "_");
			for (int j = 0; names && names[j]; j++)
				rename_member(n, names[j], c, " ");
			shift_south(n, SCALE_HEIGHT * c);
		}
}

/* An orbat as a group, its divisions K times (every id in them made
 * unique); returns its units. */
static int scaled_orbat(config_setting_t *to, const config_setting_t *root, int k)
{
	static const char *const div_ids[] = { "id", NULL };
	config_setting_t *corps, *divs;
	int units = 0;
	for (int i = 0; i < config_setting_length(root); i++) {
		const config_setting_t *e = config_setting_get_elem(root, (unsigned)i);
		if (strcmp(config_setting_name(e), "corps") != 0)
			copy_into(to, e);
	}
	corps = config_setting_add(to, "corps", CONFIG_TYPE_GROUP);
	{
		const config_setting_t *from = config_setting_get_member(root, "corps");
		for (int i = 0; from && i < config_setting_length(from); i++) {
			const config_setting_t *e = config_setting_get_elem(from, (unsigned)i);
			if (strcmp(config_setting_name(e), "divisions") != 0)
				copy_into(corps, e);
		}
		divs = config_setting_add(corps, "divisions", CONFIG_TYPE_LIST);
		repeat_list(divs, config_setting_get_member(from, "divisions"), k, div_ids, NULL, NULL);
	}
	/* The brigades' and units' ids in every copy. */
	for (int d = 0; d < config_setting_length(divs); d++) {
		config_setting_t *brigs = config_setting_get_member(config_setting_get_elem(divs, (unsigned)d), "brigades");
		int copy = d / (config_setting_length(divs) / k);
		for (int b = 0; brigs && b < config_setting_length(brigs); b++) {
			config_setting_t *br = config_setting_get_elem(brigs, (unsigned)b);
			config_setting_t *us = config_setting_get_member(br, "units");
			rename_member(br, "id", copy, "_");
			for (int u = 0; us && u < config_setting_length(us); u++, units++)
				rename_member(config_setting_get_elem(us, (unsigned)u), "id", copy, "_");
		}
	}
	return units;
}

static bool read_cfg(config_t *cfg, const char *path)
{
	config_init(cfg);
	if (config_read_file(cfg, path) == CONFIG_TRUE)
		return true;
	fprintf(stderr, "bench-scale: %s:%d: %s\n", path, config_error_line(cfg), config_error_text(cfg));
	config_destroy(cfg);
	return false;
}

/* One side of the map K times: the orbat inline (from DATADIR/orbats),
 * deployments and commanders repeated (the corps commander once). */
static int scaled_side(config_setting_t *to, const config_setting_t *from, const char *datadir, int k)
{
	static const char *const deploy_ids[] = { "unit", "brigade", NULL };
	static const char *const cmdr_ids[] = { "id", NULL };
	char path[4096];
	config_t orbat;
	const char *file = NULL, *corps = NULL;
	int units;
	if (!config_setting_lookup_string(from, "orbat", &file))
		return -1;
	snprintf(path, sizeof path, "%s/orbats/%s", datadir, file);
	if (!read_cfg(&orbat, path))
		return -1;
	for (int i = 0; i < config_setting_length(from); i++) {
		const config_setting_t *e = config_setting_get_elem(from, (unsigned)i);
		const char *key = config_setting_name(e);
		if (strcmp(key, "orbat") && strcmp(key, "deploy") && strcmp(key, "commanders"))
			copy_into(to, e);
	}
	units = scaled_orbat(config_setting_add(to, "orbat", CONFIG_TYPE_GROUP), config_root_setting(&orbat), k);
	config_lookup_string(&orbat, "corps.id", &corps);
	repeat_list(config_setting_add(to, "deploy", CONFIG_TYPE_LIST), config_setting_get_member(from, "deploy"), k,
	            deploy_ids, NULL, NULL);
	repeat_list(config_setting_add(to, "commanders", CONFIG_TYPE_LIST),
	            config_setting_get_member(from, "commanders"), k, cmdr_ids, NULL, corps);
	config_destroy(&orbat);
	return units;
}

/* Auerstedt K times into out; returns the units, or -1. */
static int scale_write(const char *datadir, int k, const char *out)
{
	static const char *const names[] = { "name", "feature", NULL };
	char path[4096];
	config_t map, to;
	config_setting_t *root, *sides;
	int units = 0;
	FILE *f;
	snprintf(path, sizeof path, "%s/maps/auerstedt.cfg", datadir);
	if (!read_cfg(&map, path))
		return -1;
	config_init(&to);
	root = config_root_setting(&to);
	for (int i = 0; i < config_setting_length(config_root_setting(&map)); i++) {
		const config_setting_t *e = config_setting_get_elem(config_root_setting(&map), (unsigned)i);
		const char *key = config_setting_name(e);
		if (strcmp(key, "name") == 0) {
			char title[256];
			snprintf(title, sizeof title, k > 1 ? "%s, %d copies" : "%s", config_setting_get_string(e), k);
			config_setting_set_string(config_setting_add(root, "name", CONFIG_TYPE_STRING), title);
		} else if (strcmp(key, "terrain") == 0 || strcmp(key, "objectives") == 0) {
			repeat_list(config_setting_add(root, key, CONFIG_TYPE_LIST), e, k, NULL, names, NULL);
		} else if (strcmp(key, "sides") == 0) {
			sides = config_setting_add(root, "sides", CONFIG_TYPE_GROUP);
			for (int s = 0; s < config_setting_length(e); s++) {
				const config_setting_t *side = config_setting_get_elem(e, (unsigned)s);
				int n = scaled_side(config_setting_add(sides, config_setting_name(side), CONFIG_TYPE_GROUP),
				                    side, datadir, k);
				units = n < 0 || units < 0 ? -1 : units + n;
			}
		} else {
			copy_into(root, e);
		}
	}
	{
		config_setting_t *h = config_lookup(&to, "table.height");
		if (h)
			config_setting_set_float(h, SCALE_HEIGHT * k);
	}
	if (units > 0 && (f = fopen(out, "w"))) {
		config_write(&to, f);
		if (fclose(f) != 0)
			units = -1;
	} else {
		units = -1;
	}
	if (units < 0)
		fprintf(stderr, "bench-scale: %s: could not be written\n", out);
	config_destroy(&to);
	config_destroy(&map);
	return units;
}

/* ------------------------------------------------------------------ */
/* Timing */

/* Run argv as a child, its output thrown away: user CPU time (ms) and peak RSS
 * (KB); false unless it ran to a clean exit. */
static bool child_run(const char *const argv[], double *ms, long *rss)
{
	double sys_ms;
	return bench_child(argv, ms, &sys_ms, rss);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The median CPU time of runs of argv, and the largest peak RSS. */
static bool timed(const char *const argv[], int runs, double *ms, long *rss)
{
	double t[MAX_RUNS];
	*rss = 0;
	for (int r = 0; r < runs; r++) {
		long kb;
		if (!child_run(argv, &t[r], &kb))
			return false;
		if (kb > *rss)
			*rss = kb;
	}
	qsort(t, (size_t)runs, sizeof *t, cmp_double);
	*ms = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
	return true;
}

/* The slope of log y against log x, least squares. */
static double growth_exponent(const double *x, const double *y, int n)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	for (int i = 0; i < n; i++) {
		double lx = log(x[i]), ly = log(y[i]);
		sx += lx;
		sy += ly;
		sxx += lx * lx;
		sxy += lx * ly;
	}
	return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

static int battles(const char *grognard, const char *datadir, const char *dir, const int *ks, int nk, int runs,
                   const char *seed)
{
	double units[MAX_K], ms[MAX_K];
	long rss[MAX_K], worst_rss = 0;
	int n = 0;
	printf("== AI against AI, Auerstedt K times (grognard --batch --side none --seed %s; user CPU time, median of %d) ==\n",
	       seed, runs);
	for (int i = 0; i < nk; i++) {
		char path[4096];
		int u;
		snprintf(path, sizeof path, "%s/auerstedt-x%d.cfg", dir, ks[i]);
		if ((u = scale_write(datadir, ks[i], path)) < 0) {
			printf("K=%d: the scenario could not be written", ks[i]);
			verdict(false);
			continue;
		}
		{
			const char *argv[] = { grognard, "--batch", "--side", "none", "--seed", seed, path, NULL };
			if (!timed(argv, runs, &ms[n], &rss[n])) {
				printf("K=%d (%d units): the battle did not run to its end", ks[i], u);
				verdict(false);
				unlink(path);
				continue;
			}
		}
		unlink(path);
		units[n] = u;
		printf("K=%d  %4d units  %9.0f ms", ks[i], u, ms[n]);
		if (n > 0 && ks[0] == 1)
			printf("  %5.1fx K=1", ms[n] / ms[0]);
		printf("  peak RSS %6ld KB", rss[n]);
		if (ks[i] == 4 && ks[0] == 1 && n > 0) {
			printf("   target <= %.0fx", TARGET_RATIO_4);
			verdict(ms[n] <= TARGET_RATIO_4 * ms[0]);
		} else if (ks[i] == 8 && ks[0] == 1 && n > 0) {
			printf("   target <= %.0fx", TARGET_RATIO_8);
			verdict(ms[n] <= TARGET_RATIO_8 * ms[0]);
		} else {
			printf("\n");
		}
		if (rss[n] > worst_rss)
			worst_rss = rss[n];
		n++;
	}
	if (n >= 2) {
		double e = growth_exponent(units, ms, n);
		printf("growth exponent (log time against log units, K=%d..%d): %.2f   target <= %.1f", ks[0],
		       ks[nk - 1], e, TARGET_EXPONENT);
		verdict(e <= TARGET_EXPONENT);
	}
	if (n >= 1) {
		printf("largest battle: %.0f units in %.0f ms   target < %.0f ms (900 units or more)", units[n - 1],
		       ms[n - 1], TARGET_BIG_MS);
		if (units[n - 1] >= TARGET_BIG_UNITS)
			verdict(ms[n - 1] < TARGET_BIG_MS);
		else
			printf("  (too small to judge)\n");
		printf("peak RSS, largest of every run: %ld KB   target < %ld KB", worst_rss, TARGET_RSS_KB);
		verdict(worst_rss < TARGET_RSS_KB);
	}
	return n;
}

static void loaders(const char *grognard, const char *bigfiles, const char *dir, int runs)
{
	static const char *const files[][2] = {
		{ "wood100k.cfg", "a wood of 100,000 points" },
		{ "road100k.cfg", "a road of 100,000 points" },
		{ "orbat96k.cfg", "an orbat of 96,000 units" },
	};
	const char *argv[] = { "/bin/sh", bigfiles, dir, NULL };
	double ms;
	long rss;
	printf("== loaders (grognard --check; user CPU time, median of %d) ==\n", runs);
	if (!child_run(argv, &ms, &rss)) {
		printf("%s did not write its files", bigfiles);
		verdict(false);
		return;
	}
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char path[4096];
		const char *check[] = { grognard, "--check", path, NULL };
		snprintf(path, sizeof path, "%s/%s", dir, files[i][0]);
		if (timed(check, runs, &ms, &rss)) {
			printf("--check %-26s %7.0f ms  peak RSS %6ld KB   target < %.0f ms", files[i][1], ms, rss,
			       TARGET_LOAD_MS);
			verdict(ms < TARGET_LOAD_MS);
		} else {
			printf("--check %s: refused or failed", files[i][1]);
			verdict(false);
		}
		unlink(path);
	}
}

static int parse_ks(const char *s, int *ks)
{
	int n = 0;
	while (*s && n < MAX_K) {
		char *end;
		long k = strtol(s, &end, 10);
		if (end == s || k < 1 || k > 64)
			return -1;
		ks[n++] = (int)k;
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	return n;
}

int main(int argc, char **argv)
{
	int ks[MAX_K] = { 1, 2, 4, 8 }, nk = 4, runs = 3, opt;
	const char *seed = "1", *bigfiles = NULL, *write_dir = NULL;
	char dir[] = "/tmp/bench-scale-XXXXXX";
	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "k:r:s:b:w:")) != -1) {
		switch (opt) {
		case 'k':
			if ((nk = parse_ks(optarg, ks)) <= 0) {
				fprintf(stderr, "bench-scale: -k wants Ks such as 1,2,4,8\n");
				return 2;
			}
			break;
		case 'r':
			runs = atoi(optarg);
			if (runs < 1 || runs > MAX_RUNS) {
				fprintf(stderr, "bench-scale: -r wants 1 to %d runs\n", MAX_RUNS);
				return 2;
			}
			break;
		case 's':
			seed = optarg;
			break;
		case 'b':
			bigfiles = optarg;
			break;
		case 'w':
			write_dir = optarg;
			break;
		default:
			return 2;
		}
	}
	if (write_dir && optind + 1 == argc) {
		for (int i = 0; i < nk; i++) {
			char path[4096];
			int u;
			snprintf(path, sizeof path, "%s/auerstedt-x%d.cfg", write_dir, ks[i]);
			if ((u = scale_write(argv[optind], ks[i], path)) < 0)
				return 1;
			printf("%s: %d units\n", path, u);
		}
		return 0;
	}
	if (write_dir || optind + 2 != argc) {
		fputs("usage: bench-scale [-k LIST] [-r RUNS] [-s SEED] [-b BIGFILES.SH] GROGNARD DATADIR\n"
		      "   or: bench-scale [-k LIST] -w DIR DATADIR\n",
		      stderr);
		return 2;
	}
	if (!mkdtemp(dir)) {
		perror("bench-scale: mkdtemp");
		return 1;
	}
	battles(argv[optind], argv[optind + 1], dir, ks, nk, runs, seed);
	if (bigfiles)
		loaders(argv[optind], bigfiles, dir, runs);
	rmdir(dir);
	return failures ? 1 : 0;
}
