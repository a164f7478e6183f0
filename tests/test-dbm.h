/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dbm.h: the battlefields test-dbm and test-dbm-ground share: SAMPLES
 * grounds laid by the DBM procedure once per program (the setup and
 * teardown of its group), the region tables they were laid from, and the
 * reading of their logs.  Include it after <cmocka.h>, from one file of a
 * program; the functions are static inline, so a program may leave one
 * unused. */
#ifndef GROGNARD_TEST_DBM_H
#define GROGNARD_TEST_DBM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/dbm.h"
#include "engine/game.h"
#include "engine/random.h"
#include "io/regions.h"

#define SAMPLES 900
#define EPS 1e-6

struct sample {
	struct game *g;
	struct dbm_result r;
	const struct dbm_region *reg;
};

static struct dbm_table table, custom;
static struct sample *S;

/* A region table of our own, to reach what the shipped one may not: a
 * compulsory waterway, every kind on the defender's table. */
static const char custom_cfg[] =
	"regions = (\n"
	"  { id = \"wet\"; name = \"Wet\"; compulsory = [ \"village\", \"waterway\" ];\n"
	"    choices = [ \"river\", \"road\", \"hill\", \"wood\", \"forest\", \"marsh\" ];\n"
	"    fields = \"hedge\"; waterway = \"the Sea\"; },\n"
	"  { id = \"rocky\"; name = \"Rocky\"; compulsory = [ \"village\" ];\n"
	"    choices = [ \"rocks\", \"rough\", \"rise\", \"waterway\", \"hill\", \"road\" ];\n"
	"    fields = \"ditch\"; waterway = \"the Lake\"; },\n"
	"  { id = \"shore\"; name = \"Shore\"; compulsory = [ \"waterway\" ];\n"
	"    choices = [ \"village\", \"hill\", \"wood\", \"road\", \"rise\", \"marsh\" ];\n"
	"    fields = \"fence\"; waterway = \"the Bay\"; }\n"
	");\n";

static inline const struct dbm_region *region_of(int i)
{
	int n = table.nregions + custom.nregions;
	int k = i % n;
	return k < table.nregions ? &table.region[k] : &custom.region[k - table.nregions];
}

static inline int setup(void **state)
{
	struct diag d = { 0 };
	char why[200];
	(void)state;
	if (!regions_load_text(default_regions_cfg, "built-in", &table, &d) ||
	    !regions_load_text(custom_cfg, "custom", &custom, &d)) {
		diag_print(&d, stderr);
		return -1;
	}
	S = calloc(SAMPLES, sizeof *S);
	for (int i = 0; i < SAMPLES; i++) {
		bool small = i % 3 == 2;
		S[i].g = game_new((uint64_t)i + 1);
		S[i].reg = region_of(i);
		if (dbm_lay(S[i].g, S[i].reg, (i / 7) % 2, small ? 120 : 180, small ? 80 : 120,
		            random_derive((uint64_t)i, 5), &S[i].r, why, sizeof why) < 0) {
			fprintf(stderr, "seed %d: %s\n", i, why);
			return -1;
		}
	}
	return 0;
}

static inline int teardown(void **state)
{
	(void)state;
	for (int i = 0; i < SAMPLES; i++)
		game_free(S[i].g);
	free(S);
	regions_free(&table);
	regions_free(&custom);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Reading the log and the ground */

/* The face of a logged one-die throw "REASON: 1D6 F", or 0. */
static inline int face_of(const char *line, const char *reason)
{
	size_t n = strlen(reason);
	int f;
	if (strncmp(line, reason, n) != 0 || sscanf(line + n, ": 1D6 %d", &f) != 1)
		return 0;
	return f;
}

/* Chi-square of counts against equal odds over k outcomes. */
static inline double chi2_uniform(const long *count, int k)
{
	long total = 0;
	double chi = 0;
	for (int i = 0; i < k; i++)
		total += count[i];
	for (int i = 0; i < k; i++) {
		double e = (double)total / k;
		chi += (count[i] - e) * (count[i] - e) / e;
	}
	return chi;
}

/* 0.1% points of the chi-square distribution, by degrees of freedom. */
static inline double chi2_limit(int dof)
{
	static const double limit[] = { 0, 10.83, 13.82, 16.27, 18.47, 20.52 };
	return limit[dof];
}

static inline bool touches_waterway(const struct sample *s, const struct vec2 *p, int n)
{
	struct shape ps = { .kind = SHAPE_POLYGON, .n = n, .pts = p };
	for (int i = 0; i < s->r.npieces; i++) {
		const struct dbm_piece *pc = &s->r.piece[i];
		if (pc->kind != DBK_WATERWAY || !pc->placed)
			continue;
		for (int k = pc->first; k < pc->first + pc->count; k++) {
			struct shape ws = feature_shape(&s->g->map.f[k]);
			if (geom_distance(&ps, &ws) <= GEOM_CONTACT + EPS)
				return true;
		}
	}
	return false;
}

static inline bool is_area_kind(enum dbm_kind k)
{
	return k == DBK_HILL || k == DBK_RISE || k == DBK_WOOD || k == DBK_FOREST || k == DBK_ROUGH ||
	       k == DBK_ROCKS || k == DBK_MARSH;
}

#endif
