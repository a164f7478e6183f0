/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load-map: a battlefield and the scenario on it (terrain, the two sides
 * with their orbats and deployments, Turns, time, weather, objectives)
 * from libconfig, checked so that a battle never starts on bad ground. */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/deploy.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "load-int.h"
#include "load-rules.h"
#include "load.h"
#include "paths.h"
#include "regions.h"

/* Where each placed piece was placed, for messages after placement. */
struct placed {
	int *unit_line;  /* per unit: line of its deployment entry, 0 if none */
	int *cmdr_line;  /* per commander: line of its entry, 0 if automatic */
	const char *path;
};

/* The rules' scale: a scenario's coordinates are multiplied by it at
 * load, so that a battle keeps its proportions under rules for other
 * figures; messages quote the file's own numbers. */
#define SCALE (rules_in_force->scale)

/* ------------------------------------------------------------------ */
/* Terrain */

static const char *const feature_keys[] = {
	"type", "name", "points", "width", "levels", "impassable", "strength", "notes", NULL
};

/* Default widths of linear features (cm) when the map gives none. */
static double default_width(enum terrain_type t)
{
	switch (t) {
	case TT_ROAD:
	case TT_DITCH:
		return rules_terrain_limits.road_width;
	case TT_STREAM:
		return 1.0;
	case TT_RIVER:
		return 2 * rules_terrain_limits.stream_max_width;
	default:
		return 0.5;
	}
}

static void parse_feature(struct conf *c, const config_setting_t *s, struct game *g)
{
	struct feature f = { .levels = 0 };
	char ctx[NAME_LEN + 32];
	int v, bad_a, bad_b;
	bool linear, b;
	struct vec2 *pts = NULL;
	const config_setting_t *ps;

	snprintf(ctx, sizeof ctx, "terrain feature %d", config_setting_index(s) + 1);
	if (!conf_is_group(c, s, ctx, "a terrain feature"))
		return;
	conf_known_keys(c, s, ctx, feature_keys);
	if (!conf_enum(c, s, "type", ctx, true, terrain_names, TT_COUNT, NULL, &v))
		return;
	f.type = (enum terrain_type)v;
	linear = feature_is_linear(f.type);
	if (conf_string(c, s, "name", ctx, false, f.name, sizeof f.name))
		snprintf(ctx, sizeof ctx, "%s '%s'", terrain_names[f.type].key, f.name);
	else
		snprintf(f.name, sizeof f.name, "%s %d", terrain_names[f.type].label,
		         config_setting_index(s) + 1);

	if (!conf_points(c, s, "points", ctx, linear ? 2 : 3, &pts, &f.n))
		return;
	f.pts = pts;
	ps = config_setting_get_member(s, "points");
	for (int i = 0; i < f.n; i++) {
		if (pts[i].x < 0 || pts[i].y < 0 || pts[i].x * SCALE > g->map.width ||
		    pts[i].y * SCALE > g->map.height) {
			conf_error(c, config_setting_get_elem(ps, (unsigned)i), ctx,
			           "point %d (%g, %g) is off the %g x %g cm table", i + 1,
			           pts[i].x, pts[i].y, g->map.width / SCALE, g->map.height / SCALE);
			free(pts);
			return;
		}
		pts[i] = v2_scale(pts[i], SCALE);
	}
	if (!linear && !geom_poly_is_simple(pts, f.n, &bad_a, &bad_b)) {
		conf_error(c, ps, ctx, "the outline is not a simple polygon: edge %d-%d "
		           "meets edge %d-%d (outlines may not cross or fold back on themselves)",
		           bad_a + 1, bad_a + 2 > f.n ? 1 : bad_a + 2,
		           bad_b + 1, bad_b + 2 > f.n ? 1 : bad_b + 2);
		free(pts);
		return;
	}
	if (linear && geom_polyline_crosses_itself(pts, f.n, &bad_a, &bad_b)) {
		conf_error(c, ps, ctx, "the line crosses itself: segment %d-%d meets segment %d-%d",
		           bad_a + 1, bad_a + 2, bad_b + 1, bad_b + 2);
		free(pts);
		return;
	}

	if (linear) {
		f.width = default_width(f.type);
		if (conf_number(c, s, "width", ctx, false, 0.05, 50, &f.width))
			f.width *= SCALE;
		if (f.type == TT_STREAM && f.width > rules_terrain_limits.stream_max_width)
			conf_error(c, config_setting_get_member(s, "width"), ctx,
			           "a stream is at most %g cm wide; wider water is a river",
			           rules_terrain_limits.stream_max_width / SCALE);
		if (f.type == TT_RIVER && f.width <= rules_terrain_limits.stream_max_width)
			conf_error(c, config_setting_get_member(s, "width"), ctx,
			           "a river is over %g cm wide; narrower water is a stream",
			           rules_terrain_limits.stream_max_width / SCALE);
	} else if (config_setting_get_member(s, "width")) {
		conf_error(c, config_setting_get_member(s, "width"), ctx,
		           "only linear features (hedges, walls, streams, rivers, roads, ditches) have a width");
	}

	switch (f.type) {
	case TT_HILL:
		f.levels = rules_terrain_limits.hill_min_levels;
		conf_int(c, s, "levels", ctx, false, rules_terrain_limits.hill_min_levels, 9, &f.levels);
		break;
	case TT_CONTOUR:
	case TT_VILLAGE:
	case TT_LANDMARK:
		f.levels = 1;
		conf_int(c, s, "levels", ctx, false, 1, 1, &f.levels);
		break;
	case TT_WOOD:
	case TT_FOREST:
		f.levels = 1;
		conf_int(c, s, "levels", ctx, false, 1, 2, &f.levels);
		break;
	default:
		if (config_setting_get_member(s, "levels"))
			conf_error(c, config_setting_get_member(s, "levels"), ctx,
			           "only hills, contours, woods, villages and landmarks have levels");
	}

	if (conf_bool(c, s, "impassable", ctx, &b)) {
		if (f.type != TT_ROUGH)
			conf_error(c, config_setting_get_member(s, "impassable"), ctx,
			           "only rough ground can be marked impassable");
		f.impassable = b;
	}
	f.strength = terrain_default_strength(f.type);
	if (config_setting_get_member(s, "strength")) {
		if (!f.strength)
			conf_error(c, config_setting_get_member(s, "strength"), ctx,
			           "only villages, landmarks and bridges have a structural strength");
		else
			conf_int(c, s, "strength", ctx, false, 1, 99, &f.strength);
	}

	/* Room doubles when full (16, 32, ...): many features load in linear time. */
	if (g->map.nf == 0 || (g->map.nf >= 16 && (g->map.nf & (g->map.nf - 1)) == 0)) {
		size_t cap = g->map.nf ? 2 * (size_t)g->map.nf : 16;
		struct feature *p = realloc(g->map.f, cap * sizeof *p);
		if (!p) {
			free(pts);
			conf_error(c, s, ctx, "out of memory");
			return;
		}
		g->map.f = p;
	}
	g->map.f[g->map.nf++] = f;
}

/* Where a road crosses water: segment i of the road, j of the water. */
struct crossing {
	int i, j;
	struct vec2 at;
};

struct crossings {
	struct crossing *v;
	int n, cap;
	bool full;
};

static void add_crossing(void *ctx, int i, int j, struct vec2 at)
{
	struct crossings *k = ctx;
	if (k->n == k->cap) {
		int cap = k->cap ? 2 * k->cap : 16;
		struct crossing *p = realloc(k->v, (size_t)cap * sizeof *p);
		if (!p) {
			k->full = true;
			return;
		}
		k->v = p;
		k->cap = cap;
	}
	k->v[k->n++] = (struct crossing){ i, j, at };
}

static int by_segments(const void *a, const void *b)
{
	const struct crossing *x = a, *y = b;
	return x->i != y->i ? (x->i > y->i) - (x->i < y->i) : (x->j > y->j) - (x->j < y->j);
}

/* Every crossing of the road f over water w needs a bridge or a ford over
 * it; reported along the road, then along the water. */
static void check_road_water(struct conf *c, const config_setting_t *fs, const char *ctx,
                             const struct game *g, const struct feature *f, const struct feature *w)
{
	struct crossings k = { 0 };
	if (w->type != TT_STREAM && w->type != TT_RIVER)
		return;
	if (geom_polylines_cross(f->pts, f->n, w->pts, w->n, add_crossing, &k) < 0 || k.full) {
		conf_error(c, fs, ctx, "out of memory");
		free(k.v);
		return;
	}
	if (k.n > 1)
		qsort(k.v, (size_t)k.n, sizeof *k.v, by_segments);
	for (int n = 0; n < k.n; n++) {
		bool covered = false;
		for (int m = 0; m < g->map.nf && !covered; m++) {
			struct shape s = feature_shape(&g->map.f[m]);
			if ((g->map.f[m].type == TT_BRIDGE || g->map.f[m].type == TT_FORD) &&
			    geom_shape_contains(&s, k.v[n].at))
				covered = true;
		}
		if (!covered)
			conf_error(c, fs, ctx, "the road crosses %s '%s' at (%.1f, %.1f) with no bridge or ford there",
			           terrain_names[w->type].label, w->name, k.v[n].at.x, k.v[n].at.y);
	}
	free(k.v);
}

/* "Where a road crosses a stream or river must be designated as a bridge
 * or as a ford before play"; bridges and fords lie on water. */
static void check_crossings(struct conf *c, const config_setting_t *list, struct game *g)
{
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		const config_setting_t *fs = config_setting_get_elem(list, (unsigned)i);
		char ctx[NAME_LEN + 32];
		snprintf(ctx, sizeof ctx, "%s '%s'", terrain_names[f->type].key, f->name);
		if (f->type == TT_BRIDGE || f->type == TT_FORD) {
			struct shape s = feature_shape(f);
			bool on_water = false;
			for (int j = 0; j < g->map.nf; j++) {
				struct shape w = feature_shape(&g->map.f[j]);
				if ((g->map.f[j].type == TT_STREAM || g->map.f[j].type == TT_RIVER) &&
				    geom_contact(&s, &w))
					on_water = true;
			}
			if (!on_water)
				conf_error(c, fs, ctx, "a %s must lie across a stream or river",
				           terrain_names[f->type].label);
		}
		if (f->type == TT_ROAD)
			for (int j = 0; j < g->map.nf; j++)
				check_road_water(c, fs, ctx, g, f, &g->map.f[j]);
	}
}

/* ------------------------------------------------------------------ */
/* Sides: orbats, deployment, commanders */

static const char *const side_keys[] = { "name", "orbat", "break", "deploy", "commanders", "notes", NULL };
static const char *const deploy_keys[] = {
	"unit", "brigade", "x", "y", "facing", "formation", "layout", "gap", "row_gap", "turn", NULL
};
static const char *const placement_keys[] = { "id", "x", "y", "turn", "attach", NULL };

/* One orbat of a side: a file named by the string o, or the group o
 * itself. */
static bool load_one_orbat(struct loader *l, struct conf *c, const config_setting_t *o, enum side side,
                           const char *ctx)
{
	char path[PATH_MAX], name[GAME_PATH_LEN];
	config_t cfg;
	struct conf oc;
	bool ok;

	if (config_setting_is_group(o)) {
		if (!l->g->side[side].orbat[0])
			snprintf(l->g->side[side].orbat, sizeof l->g->side[side].orbat, "(inline)");
		return load_orbat_setting(l, c, o, side);
	}
	if (config_setting_type(o) != CONFIG_TYPE_STRING) {
		conf_error(c, o, ctx, "'orbat' must be a file name, the order of battle as a group, or a list "
		           "of them");
		return false;
	}
	snprintf(name, sizeof name, "%s", config_setting_get_string(o));
	if (!paths_find_orbat(c->path, name, path, sizeof path)) {
		if (paths_last_odd())
			conf_error(c, o, ctx, "orbat file '%s' is %s, not a file", paths_last_odd(),
			           paths_odd_kind(paths_last_odd()));
		else
			conf_error(c, o, ctx, "orbat file '%s' not found (looked beside the map, in ../orbats, "
			           "in your own orbats and in %s/orbats)", name, paths_datadir());
		return false;
	}
	for (int i = 0; i < l->norbats; i++)
		if (strcmp(l->orbats[i], name) == 0) {
			conf_error(c, o, ctx, "'%s' is already used: each force needs its own orbat (ids must "
			           "differ between them)", name);
			return false;
		}
	{
		char **p = realloc(l->orbats, (size_t)(l->norbats + 1) * sizeof *p);
		if (!p || !(p[l->norbats] = strdup(name))) {
			if (p)
				l->orbats = p;
			conf_error(c, o, ctx, "out of memory");
			return false;
		}
		l->orbats = p;
		l->norbats++;
	}
	if (!l->g->side[side].orbat[0])
		snprintf(l->g->side[side].orbat, sizeof l->g->side[side].orbat, "%s", name);
	oc = (struct conf){ .path = path, .diag = c->diag, .sum = c->sum };
	config_init(&cfg);
	ok = conf_read_file(&oc, &cfg, path) &&
	     load_orbat_setting(l, &oc, config_root_setting(&cfg), side);
	config_destroy(&cfg);
	c->errors += oc.errors;
	return ok && oc.errors == 0;
}

/* A side's force: one orbat, or a list of them (each a corps or an army
 * of corps, with their own commanders and nationalities). */
static bool load_side_orbat(struct loader *l, struct conf *c, const config_setting_t *side_s,
                            enum side side, const char *ctx)
{
	const config_setting_t *o = config_setting_get_member(side_s, "orbat");
	bool ok = true;

	if (!o) {
		conf_error(c, side_s, ctx, "missing 'orbat' (a file name, or the order of battle as a group)");
		return false;
	}
	if (!config_setting_is_list(o) && !config_setting_is_array(o))
		return load_one_orbat(l, c, o, side, ctx);
	if (config_setting_length(o) == 0) {
		conf_error(c, o, ctx, "'orbat' lists no corps");
		return false;
	}
	for (int i = 0; i < config_setting_length(o); i++)
		ok = load_one_orbat(l, c, config_setting_get_elem(o, (unsigned)i), side, ctx) && ok;
	return ok;
}

/* Deploy the units of one entry.  Formation: the entry's, where a unit may
 * take it; batteries stay batteries and irregulars skirmish. */
static void deploy_entry(struct loader *l, struct conf *c, const config_setting_t *e,
                         enum side side, struct placed *pl, int turns)
{
	struct game *g = l->g;
	char ctx[ID_LEN + 40], id[ID_LEN];
	double x = 0, y = 0, facing = 0, gap = 1.0, row_gap = 6.0;
	int form = -1, layout = LAYOUT_LINE, turn = 1, n = 0, *units;
	bool is_unit, is_brigade, ok = true, pos_ok;

	snprintf(ctx, sizeof ctx, "deployment %d", config_setting_index(e) + 1);
	if (!conf_is_group(c, e, ctx, "a deployment entry"))
		return;
	is_unit = config_setting_get_member(e, "unit") != NULL;
	is_brigade = config_setting_get_member(e, "brigade") != NULL;
	if (is_unit == is_brigade) {
		conf_known_keys(c, e, ctx, deploy_keys);
		conf_error(c, e, ctx, "give either 'unit' or 'brigade'");
		return;
	}
	if (!conf_id(c, e, is_unit ? "unit" : "brigade", ctx, true, id, sizeof id)) {
		conf_known_keys(c, e, ctx, deploy_keys);
		return;
	}
	snprintf(ctx, sizeof ctx, "deployment of %s '%s'", is_unit ? "unit" : "brigade", id);
	conf_known_keys(c, e, ctx, deploy_keys);
	ok &= conf_number(c, e, "x", ctx, true, -1e6, 1e6, &x);
	ok &= conf_number(c, e, "y", ctx, true, -1e6, 1e6, &y);
	ok &= conf_number(c, e, "facing", ctx, true, 0, 360, &facing);
	{
		/* Emergency squares are a reaction to a charge, not a formation
		 * to start a battle in. */
		static const int no_esquare[] = { FORM_ESQUARE, -1 };
		conf_enum(c, e, "formation", ctx, false, formation_names, FORM_COUNT, no_esquare, &form);
	}
	conf_int(c, e, "turn", ctx, false, 1, turns, &turn);
	conf_number(c, e, "gap", ctx, false, 0, 50, &gap);
	conf_number(c, e, "row_gap", ctx, false, 0, 100, &row_gap);
	if (is_unit && (config_setting_get_member(e, "layout") || config_setting_get_member(e, "gap") ||
	                config_setting_get_member(e, "row_gap")))
		conf_error(c, e, ctx, "'layout', 'gap' and 'row_gap' apply only to brigades");
	conf_enum(c, e, "layout", ctx, false, layout_names, LAYOUT_COUNT, NULL, &layout);
	pos_ok = ok;

	units = calloc((size_t)g->nunits + 1, sizeof *units);
	if (!units)
		return;
	if (is_unit) {
		int u = orbat_find_unit(g, id);
		if (u < 0)
			conf_error(c, e, ctx, "no unit '%s' in this side's orbat", id);
		else if (g->units[u].side != side)
			conf_error(c, e, ctx, "unit '%s' belongs to side %s", id,
			           side_names[g->units[u].side].key);
		else
			units[n++] = u;
	} else {
		int b = orbat_find_brigade(g, id);
		if (b < 0)
			conf_error(c, e, ctx, "no brigade '%s' in this side's orbat", id);
		else if (g->corps[g->divs[g->brigs[b].division].corps].side != side)
			conf_error(c, e, ctx, "brigade '%s' belongs to the other side", id);
		else
			for (int i = 0; i < g->nunits; i++)
				if (g->units[i].brigade == b)
					units[n++] = i;
	}
	for (int i = 0; i < n; i++) {
		struct unit *u = &g->units[units[i]];
		const char *why;
		if (pl->unit_line[units[i]]) {
			conf_error(c, e, ctx, "unit '%s' is already deployed at line %d", u->id,
			           pl->unit_line[units[i]]);
			ok = false;
			continue;
		}
		pl->unit_line[units[i]] = conf_line(e);
		/* A bad position is reported once, not again as "not deployed". */
		if (!pos_ok)
			continue;
		u->form = unit_default_formation(u);
		if (form >= 0 && !unit_is_artillery(u) && u->irregular == IRR_NONE) {
			if ((why = unit_formation_refusal(u, (enum formation)form))) {
				conf_error(c, config_setting_get_member(e, "formation"), ctx,
				           "unit '%s' cannot deploy in %s: %s", u->id,
				           formation_names[form].label, why);
				ok = false;
				continue;
			}
			u->form = (enum formation)form;
		} else if (form >= 0 && is_unit && (why = unit_formation_refusal(u, (enum formation)form))) {
			conf_error(c, config_setting_get_member(e, "formation"), ctx,
			           "unit '%s' cannot deploy in %s: %s", u->id,
			           formation_names[form].label, why);
			ok = false;
		}
		u->arrive_turn = turn;
		u->state = turn > 1 ? US_RESERVE : US_ACTIVE;
	}
	if (ok && n > 0)
		deploy_layout(g, units, n, v2_scale(v2(x, y), SCALE), facing, (enum layout)layout, gap * SCALE,
		              row_gap * SCALE);
	free(units);
}

static void place_commander(struct loader *l, struct conf *c, const config_setting_t *e,
                            enum side side, struct placed *pl, int turns)
{
	struct game *g = l->g;
	char ctx[ID_LEN + 40], id[ID_LEN], attach[ID_LEN];
	struct commander *cm;
	int k;

	snprintf(ctx, sizeof ctx, "commander placement %d", config_setting_index(e) + 1);
	if (!conf_is_group(c, e, ctx, "a commander placement"))
		return;
	conf_known_keys(c, e, ctx, placement_keys);
	if (!conf_id(c, e, "id", ctx, true, id, sizeof id))
		return;
	snprintf(ctx, sizeof ctx, "commander '%s'", id);
	k = orbat_find_commander(g, id);
	if (k < 0 || g->cmdrs[k].side != side) {
		conf_error(c, e, ctx, "no corps, division or brigade '%s' on side %s (a commander is named "
		           "by the id of the formation he commands)", id, side_names[side].key);
		return;
	}
	cm = &g->cmdrs[k];
	if (pl->cmdr_line[k]) {
		conf_error(c, e, ctx, "already placed at line %d", pl->cmdr_line[k]);
		return;
	}
	pl->cmdr_line[k] = conf_line(e);
	if (conf_id(c, e, "attach", ctx, false, attach, sizeof attach)) {
		int u = orbat_find_unit(g, attach);
		if (cm->level != CL_BRIGADE)
			conf_error(c, e, ctx, "only brigade commanders attach to units");
		else if (u < 0 || g->units[u].brigade != cm->of)
			conf_error(c, e, ctx, "unit '%s' is not in this commander's brigade", attach);
		else
			cm->attached = u;
		if (config_setting_get_member(e, "x") || config_setting_get_member(e, "y"))
			conf_error(c, e, ctx, "an attached commander rides with the unit: give no x or y");
		return; /* placed with the unit once units are down */
	}
	if (conf_number(c, e, "x", ctx, true, -1e6, 1e6, &cm->pos.x) &&
	    conf_number(c, e, "y", ctx, true, -1e6, 1e6, &cm->pos.y)) {
		cm->pos = v2_scale(cm->pos, SCALE);
		cm->flags |= CF_PLACED;
		/* Without a Turn, he comes with the first of his troops. */
		cm->arrive_turn = 0;
		conf_int(c, e, "turn", ctx, false, 1, turns, &cm->arrive_turn);
	}
}

static void load_side(struct loader *l, struct conf *c, const config_setting_t *sides,
                      enum side side, struct placed *pl)
{
	struct game *g = l->g;
	const config_setting_t *s = config_setting_get_member(sides, side_names[side].key);
	const config_setting_t *dep, *cmds;
	char ctx[16];
	int first_unit = g->nunits, first_cmdr = g->ncmdrs;

	snprintf(ctx, sizeof ctx, "side %s", side_names[side].key);
	if (!s) {
		conf_error(c, sides, "sides", "missing side '%s'", side_names[side].key);
		return;
	}
	if (!conf_is_group(c, s, ctx, "a side"))
		return;
	conf_known_keys(c, s, ctx, side_keys);
	conf_int(c, s, "break", ctx, false, 1, 100, &g->side[side].break_percent);
	if (!load_side_orbat(l, c, s, side, ctx))
		return;
	if (!conf_string(c, s, "name", ctx, false, g->side[side].name, sizeof g->side[side].name))
		snprintf(g->side[side].name, sizeof g->side[side].name, "%s",
		         g->corps[g->side[side].corps].name);

	/* The orbat grew the arrays: make room for where things were placed. */
	{
		int *ul = realloc(pl->unit_line, (size_t)g->nunits * sizeof *ul + 1);
		int *cl = realloc(pl->cmdr_line, (size_t)g->ncmdrs * sizeof *cl + 1);
		if (ul)
			pl->unit_line = ul;
		if (cl)
			pl->cmdr_line = cl;
		if (!ul || !cl) {
			conf_error(c, s, ctx, "out of memory");
			return;
		}
		for (int i = first_unit; i < g->nunits; i++)
			pl->unit_line[i] = 0;
		for (int i = first_cmdr; i < g->ncmdrs; i++)
			pl->cmdr_line[i] = 0;
	}

	dep = config_setting_get_member(s, "deploy");
	if (!dep || !config_setting_is_list(dep) || config_setting_length(dep) == 0) {
		conf_error(c, dep ? dep : s, ctx, "'deploy' must be a list of deployment entries ( { ... }, ... )");
		return;
	}
	for (int i = 0; i < config_setting_length(dep); i++)
		deploy_entry(l, c, config_setting_get_elem(dep, (unsigned)i), side, pl, g->turns);
	for (int i = first_unit; i < g->nunits; i++)
		if (!pl->unit_line[i])
			conf_error(c, dep, ctx, "unit '%s' (%s) is not deployed", g->units[i].id,
			           g->units[i].name);

	cmds = config_setting_get_member(s, "commanders");
	if (cmds) {
		if (!config_setting_is_list(cmds)) {
			conf_error(c, cmds, ctx, "'commanders' must be a list ( { id = ...; x = ...; y = ...; }, ... )");
			return;
		}
		for (int i = 0; i < config_setting_length(cmds); i++)
			place_commander(l, c, config_setting_get_elem(cmds, (unsigned)i), side, pl, g->turns);
	}
}

static const char *closed_text(enum tclass c)
{
	static char buf[80];
	snprintf(buf, sizeof buf, "where %s may not go", tclass_names[c].label);
	return buf;
}

/* After both sides are down: table edges, overlaps, ground. */
static void check_placement(struct conf *c, struct game *g, struct placed *pl,
                            const config_setting_t *sides)
{
	struct vec2 buf[4];
	int before = c->errors;
	/* Commanders placed by hand without a Turn come with their troops. */
	for (int i = 0; i < g->ncmdrs; i++) {
		struct commander *cm = &g->cmdrs[i];
		if ((cm->flags & CF_PLACED) && cm->arrive_turn == 0)
			cm->arrive_turn = deploy_first_turn(g, i);
		if (cm->flags & CF_PLACED)
			cm->state = cm->arrive_turn > 1 ? US_RESERVE : US_ACTIVE;
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct shape s = unit_shape(u, buf);
		int f;
		if (!pl->unit_line[i])
			continue;
		if (!deploy_on_table(g, &s)) {
			diag_add(c->diag, c->path, pl->unit_line[i],
			         "unit '%s' at (%.2f, %.2f) is partly off the %g x %g cm table", u->id,
			         u->pos.x / SCALE, u->pos.y / SCALE, g->map.width / SCALE, g->map.height / SCALE);
			c->errors++;
			continue;
		}
		for (int j = i + 1; j < g->nunits; j++) {
			const struct unit *o = &g->units[j];
			struct vec2 ob[4];
			struct shape os = unit_shape(o, ob);
			if (!pl->unit_line[j] || o->arrive_turn != u->arrive_turn || !geom_overlap(&s, &os))
				continue;
			diag_add(c->diag, c->path, pl->unit_line[j],
			         "unit '%s' at (%.2f, %.2f) overlaps unit '%s' at (%.2f, %.2f)", o->id,
			         o->pos.x / SCALE, o->pos.y / SCALE, u->id, u->pos.x / SCALE, u->pos.y / SCALE);
			c->errors++;
		}
		if ((f = deploy_unit_ground(g, i)) >= 0) {
			diag_add(c->diag, c->path, pl->unit_line[i],
			         "unit '%s' stands in %s '%s', %s", u->id,
			         terrain_names[g->map.f[f].type].label, g->map.f[f].name,
			         terrain_closed_to_all(&g->map.f[f]) ? "which no unit may enter"
			                                     : closed_text(terrain_class(u, false)));
			c->errors++;
		}
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		struct commander *cm = &g->cmdrs[i];
		struct shape s = commander_shape(cm);
		int o, f;
		if (!pl->cmdr_line[i] || cm->attached >= 0)
			continue;
		if (!deploy_on_table(g, &s)) {
			diag_add(c->diag, c->path, pl->cmdr_line[i], "commander '%s' is off the table", cm->id);
			c->errors++;
			continue;
		}
		if ((o = deploy_commander_overlap(g, i)) >= 0) {
			diag_add(c->diag, c->path, pl->cmdr_line[i], "commander '%s' overlaps unit '%s'",
			         cm->id, g->units[o].id);
			c->errors++;
		} else if (o < -1 && -2 - o > i) {
			diag_add(c->diag, c->path, pl->cmdr_line[i], "commander '%s' overlaps commander '%s'",
			         cm->id, g->cmdrs[-2 - o].id);
			c->errors++;
		}
		if ((f = deploy_commander_ground(g, i)) >= 0) {
			diag_add(c->diag, c->path, pl->cmdr_line[i],
			         "commander '%s' stands in %s '%s', where command stands may not go",
			         cm->id, terrain_names[g->map.f[f].type].label, g->map.f[f].name);
			c->errors++;
		}
	}
	if (c->errors == before) {
		int k = deploy_commanders(g);
		if (k >= 0)
			conf_error(c, sides, "sides", "found no clear place for commander '%s' (%s); "
			           "place it under 'commanders'", g->cmdrs[k].id, g->cmdrs[k].name);
	}
}

/* ------------------------------------------------------------------ */
/* Objectives */

static const char *const objective_keys[] = {
	"name", "feature", "x", "y", "radius", "value", "holder", NULL
};

static void parse_objective(struct conf *c, const config_setting_t *s, struct game *g)
{
	struct objective o = { .feature = -1, .radius = 5, .value = 1, .holder = -1 };
	char ctx[NAME_LEN + 32], feat[NAME_LEN];
	int v;

	snprintf(ctx, sizeof ctx, "objective %d", config_setting_index(s) + 1);
	if (!conf_is_group(c, s, ctx, "an objective"))
		return;
	conf_known_keys(c, s, ctx, objective_keys);
	if (conf_string(c, s, "feature", ctx, false, feat, sizeof feat)) {
		for (int i = 0; i < g->map.nf; i++) {
			if (strcmp(g->map.f[i].name, feat) != 0)
				continue;
			if (o.feature >= 0) {
				conf_error(c, config_setting_get_member(s, "feature"), ctx,
				           "more than one terrain feature is named '%s'", feat);
				return;
			}
			o.feature = i;
		}
		if (o.feature < 0) {
			conf_error(c, config_setting_get_member(s, "feature"), ctx,
			           "no terrain feature is named '%s'", feat);
			return;
		}
		o.at = geom_poly_centroid(g->map.f[o.feature].pts, g->map.f[o.feature].n);
		if (config_setting_get_member(s, "x") || config_setting_get_member(s, "y") ||
		    config_setting_get_member(s, "radius"))
			conf_error(c, s, ctx, "give either 'feature' or 'x', 'y' and 'radius'");
		snprintf(o.name, sizeof o.name, "%s", feat);
	} else {
		if (!conf_number(c, s, "x", ctx, true, 0, g->map.width / SCALE, &o.at.x) ||
		    !conf_number(c, s, "y", ctx, true, 0, g->map.height / SCALE, &o.at.y))
			return;
		conf_number(c, s, "radius", ctx, false, 0.5, 100, &o.radius);
		o.at = v2_scale(o.at, SCALE);
		o.radius *= SCALE;
		if (!conf_string(c, s, "name", ctx, true, o.name, sizeof o.name))
			return;
	}
	conf_string(c, s, "name", ctx, false, o.name, sizeof o.name);
	conf_int(c, s, "value", ctx, false, 1, 100, &o.value);
	if (conf_enum(c, s, "holder", ctx, false, side_names, SIDE_COUNT, NULL, &v))
		o.holder = v;
	game_add_objective(g, &o);
}

/* ------------------------------------------------------------------ */
/* The whole scenario */

static const char *const map_keys[] = {
	"name", "description", "date", "rules", "table", "turns", "time", "weather", "terrain",
	"sides", "objectives", "notes", NULL
};
static const char *const table_keys[] = { "width", "height", NULL };

static void parse_time_weather(struct conf *c, const config_setting_t *root, struct game *g)
{
	char word[32];
	int v;
	if (conf_string(c, root, "time", "scenario", false, word, sizeof word)) {
		int h, m;
		char extra;
		if (strcmp(word, "roll") == 0) {
			g->wx.time_roll = true;
		} else if (strlen(word) == 5 && isdigit((unsigned char)word[0]) &&
		           isdigit((unsigned char)word[1]) && word[2] == ':' &&
		           isdigit((unsigned char)word[3]) && isdigit((unsigned char)word[4]) &&
		           sscanf(word, "%d:%d%c", &h, &m, &extra) == 2 && h < 24 && m < 60) {
			g->wx.start_minutes = h * 60 + m;
			/* The time table's dawn (4 AM) and dusk (4 PM) rows. */
			g->wx.dawn = h < 6;
			g->wx.dusk = h >= 16;
		} else {
			conf_error(c, config_setting_get_member(root, "time"), "scenario",
			           "time '%s' must be \"HH:MM\" (24-hour clock) or \"roll\"", word);
		}
	}
	if (conf_string(c, root, "weather", "scenario", false, word, sizeof word)) {
		char list[256];
		if (strcmp(word, "roll") == 0)
			g->wx.weather_roll = true;
		else if ((v = enum_lookup(weather_names, WX_COUNT, word)) >= 0)
			g->wx.weather = (enum weather)v;
		else
			conf_error(c, config_setting_get_member(root, "weather"), "scenario",
			           "weather '%s' is not one of: %s, roll", word,
			           enum_keys(weather_names, WX_COUNT, NULL, list, sizeof list));
	}
}

/* The rules the battle is fought under: --rules, else the scenario's
 * 'rules', else the game's own; made the rules in force before anything
 * is measured. */
static bool select_rules(struct conf *c, const config_setting_t *root, struct game *g)
{
	const config_setting_t *s = config_setting_get_member(root, "rules");
	char name[GAME_PATH_LEN], where[PATH_MAX];
	const char *use = rules_override(), *from = NULL;
	int before = c->diag->n;
	if (s && !conf_string(c, root, "rules", "scenario", true, name, sizeof name))
		return false;
	if (!use && s) {
		use = name;
		/* Named beside the map, or in a rules/ folder. */
		from = paths_exists(c->path) ? c->path : NULL;
		if (!rules_find(use, from, where, sizeof where)) {
			conf_error(c, s, "scenario", "rules '%s': no such rules file (looked beside the map, in "
			           "../rules and in %s/rules)", use, paths_datadir());
			return false;
		}
	}
	if (!use)
		use = RULES_DEFAULT;
	if (!rules_select(use, from, c->diag)) {
		c->errors += c->diag->n - before > 0 ? c->diag->n - before : 1;
		return false;
	}
	snprintf(g->rules, sizeof g->rules, "%s", rules_used_name());
	g->rules_sum = rules_used_sum();
	return true;
}

static struct game *load_scenario(struct conf *c, config_t *cfg, uint64_t seed)
{
	const config_setting_t *root = config_root_setting(cfg), *t, *list, *sides;
	struct game *g = game_new(seed);
	struct loader l = { .g = g, .d = c->diag };
	struct placed pl = { .path = c->path };
	char desc[4096];

	if (!g) {
		diag_add(c->diag, c->path, 0, "out of memory");
		return NULL;
	}
	snprintf(g->scenario, sizeof g->scenario, "%s", c->path);
	conf_known_keys(c, root, "scenario", map_keys);
	if (!select_rules(c, root, g))
		goto fail;
	conf_string(c, root, "name", "scenario", true, g->title, sizeof g->title);
	if (conf_string(c, root, "description", "scenario", false, desc, sizeof desc))
		g->description = strdup(desc);
	conf_int(c, root, "turns", "scenario", false, 1, 200, &g->turns);
	parse_time_weather(c, root, g);

	t = config_setting_get_member(root, "table");
	if (!t) {
		conf_error(c, root, "scenario", "missing 'table' { width = ...; height = ...; }");
		goto fail;
	}
	if (!conf_is_group(c, t, "table", "'table'"))
		goto fail;
	conf_known_keys(c, t, "table", table_keys);
	if (!conf_number(c, t, "width", "table", true, 10, 2000, &g->map.width) ||
	    !conf_number(c, t, "height", "table", true, 10, 2000, &g->map.height))
		goto fail;
	g->map.width *= SCALE;
	g->map.height *= SCALE;

	list = config_setting_get_member(root, "terrain");
	if (list) {
		if (!config_setting_is_list(list)) {
			conf_error(c, list, "scenario", "'terrain' must be a list of features ( { ... }, ... )");
		} else {
			int before = c->errors;
			for (int i = 0; i < config_setting_length(list); i++)
				parse_feature(c, config_setting_get_elem(list, (unsigned)i), g);
			/* Crossings need every feature: check them when all loaded. */
			if (c->errors == before)
				check_crossings(c, list, g);
		}
	}

	sides = config_setting_get_member(root, "sides");
	if (!sides) {
		conf_error(c, root, "scenario", "missing 'sides' { A = { ... }; B = { ... }; }");
		goto fail;
	}
	if (!conf_is_group(c, sides, "sides", "'sides'"))
		goto fail;
	{
		static const char *const side_list[] = { "A", "B", NULL };
		conf_known_keys(c, sides, "sides", side_list);
	}
	{
		int before = c->errors;
		for (int s = 0; s < SIDE_COUNT; s++)
			load_side(&l, c, sides, (enum side)s, &pl);
		/* Placement is checked once both forces are fully down. */
		if (c->errors == before)
			check_placement(c, g, &pl, sides);
	}

	list = config_setting_get_member(root, "objectives");
	if (list) {
		if (!config_setting_is_list(list))
			conf_error(c, list, "scenario", "'objectives' must be a list ( { ... }, ... )");
		else
			for (int i = 0; i < config_setting_length(list); i++)
				parse_objective(c, config_setting_get_elem(list, (unsigned)i), g);
	}
	if (c->errors)
		goto fail;
	free(pl.unit_line);
	free(pl.cmdr_line);
	loader_free(&l);
	return g;
fail:
	free(pl.unit_line);
	free(pl.cmdr_line);
	loader_free(&l);
	game_free(g);
	return NULL;
}

static struct game *finish(struct game *g)
{
	if (g)
		seq_start_battle(g);
	return g;
}

/* The battle, and the checksum of every text it is built from (the map
 * and the orbat files it names), by which a save knows it again. */
struct game *load_scenario_file(const char *path, uint64_t seed, struct diag *d)
{
	uint64_t sum = CONF_CHECKSUM_START;
	struct conf c = { .path = path, .diag = d, .sum = &sum };
	config_t cfg;
	struct game *g = NULL;
	config_init(&cfg);
	if (conf_read_file(&c, &cfg, path))
		g = load_scenario(&c, &cfg, seed);
	config_destroy(&cfg);
	if (g)
		g->scenario_sum = sum;
	return finish(g);
}

struct game *load_scenario_text(const char *text, const char *name,
                                uint64_t seed, struct diag *d)
{
	uint64_t sum = CONF_CHECKSUM_START;
	struct conf c = { .path = name, .diag = d, .sum = &sum };
	config_t cfg;
	struct game *g = NULL;
	config_init(&cfg);
	if (conf_read_string(&c, &cfg, text))
		g = load_scenario(&c, &cfg, seed);
	config_destroy(&cfg);
	if (g)
		g->scenario_sum = sum;
	return finish(g);
}

/* Whether the group has a key of keys that is not one of other's (so
 * that 'notes', allowed in both kinds of file, says nothing). */
static bool looks_like(const config_setting_t *root, const char *const *keys,
                       const char *const *other)
{
	for (const char *const *k = keys; *k; k++) {
		bool shared = false;
		for (const char *const *o = other; *o; o++)
			shared = shared || strcmp(*k, *o) == 0;
		if (!shared && config_setting_get_member(root, *k))
			return true;
	}
	return false;
}

/* A map is known by any of its own keys, an orbat by its own; when a file
 * has both kinds, 'table' decides.  So a map that lacks 'table' is told
 * so, as a map. */
bool load_check(const char *path, struct diag *d, enum load_kind *kind)
{
	struct conf c = { .path = path, .diag = d };
	config_t cfg;
	bool ok = false;
	const config_setting_t *root;

	*kind = LK_UNKNOWN;
	config_init(&cfg);
	if (!conf_read_file(&c, &cfg, path))
		goto out;
	root = config_root_setting(&cfg);
	if (rules_looks_like(root)) {
		struct rules *r = malloc(sizeof *r);
		*kind = LK_RULES;
		ok = r && rules_load(path, NULL, r, d);
		free(r);
	} else if (config_setting_get_member(root, "regions")) {
		/* The region table of random battles. */
		struct dbm_table t;
		*kind = LK_REGIONS;
		ok = regions_load_file(path, &t, d);
		regions_free(&t);
	} else if (looks_like(root, map_keys, loader_orbat_keys) &&
	    !(looks_like(root, loader_orbat_keys, map_keys) &&
	      !config_setting_get_member(root, "table"))) {
		struct game *g;
		*kind = LK_MAP;
		g = load_scenario(&c, &cfg, 1);
		ok = g != NULL;
		game_free(g);
	} else if (looks_like(root, loader_orbat_keys, map_keys)) {
		struct game *g = game_new(1);
		struct loader l = { .g = g, .d = d };
		*kind = LK_ORBAT;
		ok = g && load_orbat_setting(&l, &c, root, SIDE_A) && c.errors == 0;
		loader_free(&l);
		game_free(g);
	} else {
		diag_add(d, path, 1, "not a grognard map, orbat, rules file or region table (a map has 'name', "
		         "'table', 'sides' and so on, an orbat 'nationality' and 'corps', a rules file 'stands' "
		         "and 'movement' or a 'base', a region table 'regions')");
	}
out:
	config_destroy(&cfg);
	return ok;
}
