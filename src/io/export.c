/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export: writing a battle's start as map and orbat files in the format
 * the loaders read (grognard(5)): terrain, forces with every rating fixed,
 * each unit's and commander's place, objectives, Turns, time, weather. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/rules.h"
#include "engine/weather.h"
#include "export.h"

const char *export_number(double v, char buf[40])
{
	for (int prec = 2; prec <= 17; prec++) {
		snprintf(buf, 40, "%.*f", prec, v);
		if (strtod(buf, NULL) == v)
			return buf;
	}
	snprintf(buf, 40, "%.17g", v);
	return buf;
}

/* A length on the table as the scenario gives it: a scenario's lengths
 * are multiplied by the rules' scale when it is loaded. */
static const char *length(double v, char buf[40])
{
	return export_number(v / rules_in_force->scale, buf);
}

/* A libconfig string: quotes, backslashes and control characters escaped. */
static void put_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(f, "\\x%02x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void put_key_string(FILE *f, const char *key, const char *s)
{
	fprintf(f, "%s = ", key);
	put_string(f, s);
	fputs("; ", f);
}

static void put_header(FILE *f, const char *header)
{
	const char *p = header;
	if (!header)
		return;
	while (*p) {
		size_t n = strcspn(p, "\n");
		fprintf(f, "#%s%.*s\n", n ? " " : "", (int)n, p);
		p += n;
		if (*p == '\n')
			p++;
	}
	fputc('\n', f);
}

/* ------------------------------------------------------------------ */
/* Orbats */

static void put_unit(FILE *f, const struct game *g, const struct unit *u, enum nationality corps_nat)
{
	char n[40];
	(void)n;
	fputs("            { ", f);
	put_key_string(f, "id", u->id);
	put_key_string(f, "name", u->name);
	put_key_string(f, "type", unit_type_names[u->type].key);
	put_key_string(f, "rating", rating_names[u->rating].key);
	if (unit_is_artillery(u)) {
		fprintf(f, "guns = %d; ", u->guns);
		put_key_string(f, "weight", weight_names[u->weight].key);
	} else {
		fprintf(f, "men = %d; ", u->men);
	}
	if (u->nat != corps_nat)
		put_key_string(f, "nationality", nationality_names[u->nat].key);
	if (u->flags & UF_LANCER)
		fputs("lancer = true; ", f);
	if (u->flags & UF_KGL)
		fputs("kgl = true; ", f);
	if (u->irregular != IRR_NONE)
		put_key_string(f, "irregular", irregular_names[u->irregular].key);
	(void)g;
	fputs("}", f);
}

static void put_rated(FILE *f, const struct game *g, int k)
{
	const struct commander *c = &g->cmdrs[k];
	fputs("commander = { ", f);
	put_key_string(f, "name", c->name);
	/* A rating still to be thrown stays so; a thrown one is fixed. */
	put_key_string(f, "rating", (c->flags & CF_ROLL) ? "roll" : cmd_rating_names[c->rating].key);
	fputs("}; ", f);
}

static void put_brigade(FILE *f, const struct game *g, int b, enum nationality nat)
{
	const struct brigade *br = &g->brigs[b];
	bool first = true;
	fputs("        { ", f);
	put_key_string(f, "id", br->id);
	put_key_string(f, "name", br->name);
	put_key_string(f, "type", brigade_kind_names[br->kind].key);
	if (br->commander >= 0 && br->kind != BK_ARTILLERY)
		put_key_string(f, "commander", g->cmdrs[br->commander].name);
	fputs("\n          units = (\n", f);
	for (int i = 0; i < g->nunits; i++) {
		if (g->units[i].brigade != b)
			continue;
		if (!first)
			fputs(",\n", f);
		put_unit(f, g, &g->units[i], nat);
		first = false;
	}
	fputs("\n          ); }", f);
}

/* One corps: its id, name, commander and divisions; its nationality when
 * it differs from the file's (a side of several corps). */
static void put_corps(FILE *f, const struct game *g, int ci, enum nationality file_nat, const char *indent)
{
	const struct corps *c = &g->corps[ci];
	bool firstd = true;
	put_key_string(f, "id", c->id);
	put_key_string(f, "name", c->name);
	if (c->nat != file_nat)
		put_key_string(f, "nationality", nationality_names[c->nat].key);
	fprintf(f, "\n%s  ", indent);
	put_rated(f, g, c->commander);
	fprintf(f, "\n%s  divisions = (\n", indent);
	for (int d = 0; d < g->ndivs; d++) {
		bool firstb = true;
		if (g->divs[d].corps != ci)
			continue;
		if (!firstd)
			fputs(",\n", f);
		firstd = false;
		fputs("    { ", f);
		put_key_string(f, "id", g->divs[d].id);
		put_key_string(f, "name", g->divs[d].name);
		fputs("\n      ", f);
		put_rated(f, g, g->divs[d].commander);
		fputs("\n      brigades = (\n", f);
		for (int b = 0; b < g->nbrigs; b++) {
			if (g->brigs[b].division != d)
				continue;
			if (!firstb)
				fputs(",\n", f);
			firstb = false;
			put_brigade(f, g, b, c->nat);
		}
		fputs("\n      ); }", f);
	}
	fprintf(f, "\n%s  );\n", indent);
}

/* A side's orbat: its corps, or the list of them when it has several. */
static void put_orbat_body(FILE *f, const struct game *g, enum side side, const char *indent)
{
	const struct corps *first = &g->corps[g->side[side].corps];
	int n = 0, k = 0;
	for (int c = 0; c < g->ncorps; c++)
		n += g->corps[c].side == side;
	fprintf(f, "%snationality = \"%s\";\n", indent, nationality_names[first->nat].key);
	if (n == 1) {
		fprintf(f, "%scorps = {\n%s  ", indent, indent);
		put_corps(f, g, g->side[side].corps, first->nat, indent);
		fprintf(f, "%s};\n", indent);
		return;
	}
	fprintf(f, "%scorps = (\n", indent);
	for (int c = 0; c < g->ncorps; c++) {
		if (g->corps[c].side != side)
			continue;
		fprintf(f, "%s  { ", indent);
		put_corps(f, g, c, first->nat, indent);
		fprintf(f, "%s  }%s\n", indent, ++k < n ? "," : "");
	}
	fprintf(f, "%s);\n", indent);
}

int export_orbat(const struct game *g, enum side side, FILE *out, const char *header)
{
	put_header(out, header);
	put_orbat_body(out, g, side, "");
	return ferror(out) ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* The map */

static bool has_levels(enum terrain_type t)
{
	return t == TT_HILL || t == TT_CONTOUR || t == TT_WOOD || t == TT_FOREST || t == TT_VILLAGE ||
	       t == TT_LANDMARK;
}

static void put_feature(FILE *f, const struct feature *ft)
{
	char a[40], b[40];
	fputs("  { ", f);
	put_key_string(f, "type", terrain_names[ft->type].key);
	put_key_string(f, "name", ft->name);
	if (feature_is_linear(ft->type))
		fprintf(f, "width = %s; ", length(ft->width, a));
	if (has_levels(ft->type) && ft->levels > 0)
		fprintf(f, "levels = %d; ", ft->levels);
	if (ft->impassable)
		fputs("impassable = true; ", f);
	if (ft->strength != terrain_default_strength(ft->type))
		fprintf(f, "strength = %d; ", ft->strength);
	fputs("\n    points = (", f);
	for (int i = 0; i < ft->n; i++)
		fprintf(f, "%s[%s, %s]", i ? (i % 6 ? ", " : ",\n      ") : " ", length(ft->pts[i].x, a),
		        length(ft->pts[i].y, b));
	fputs(" ); }", f);
}

static void put_side(FILE *f, const struct game *g, enum side side, const char *orbat)
{
	char a[40], b[40], c[40];
	bool first = true;
	fprintf(f, "  %s = {\n    ", side_names[side].key);
	put_key_string(f, "name", g->side[side].name);
	fprintf(f, "break = %d;\n", g->side[side].break_percent);
	if (orbat) {
		fputs("    orbat = ", f);
		put_string(f, orbat);
		fputs(";\n", f);
	} else {
		fputs("    orbat = {\n", f);
		put_orbat_body(f, g, side, "      ");
		fputs("    };\n", f);
	}
	fputs("    deploy = (\n", f);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->side != side)
			continue;
		fprintf(f, "%s      { ", first ? "" : ",\n");
		first = false;
		put_key_string(f, "unit", u->id);
		fprintf(f, "x = %s; y = %s; facing = %s; ", length(u->pos.x, a), length(u->pos.y, b),
		        export_number(u->facing, c));
		put_key_string(f, "formation", formation_names[u->form].key);
		if (u->arrive_turn > 1)
			fprintf(f, "turn = %d; ", u->arrive_turn);
		fputs("}", f);
	}
	fputs("\n    );\n    commanders = (\n", f);
	first = true;
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *k = &g->cmdrs[i];
		if (k->side != side)
			continue;
		fprintf(f, "%s      { ", first ? "" : ",\n");
		first = false;
		put_key_string(f, "id", k->id);
		if (k->attached >= 0) {
			put_key_string(f, "attach", g->units[k->attached].id);
		} else {
			fprintf(f, "x = %s; y = %s; ", length(k->pos.x, a), length(k->pos.y, b));
			if (k->arrive_turn > 1)
				fprintf(f, "turn = %d; ", k->arrive_turn);
		}
		fputs("}", f);
	}
	fputs("\n    );\n  };\n", f);
}

int export_map(const struct game *g, FILE *f, const char *const orbat[SIDE_COUNT], const char *header)
{
	char a[40], b[40], clock[8];
	put_header(f, header);
	put_key_string(f, "name", g->title);
	fputc('\n', f);
	if (g->description) {
		put_key_string(f, "description", g->description);
		fputc('\n', f);
	}
	/* Rules other than the game's own are named, so that the battle is
	 * fought under them again. */
	if (g->rules[0] && strcmp(g->rules, "mininap.cfg") != 0) {
		char real[PATH_MAX];
		put_key_string(f, "rules", strchr(g->rules, '/') && realpath(g->rules, real) ? real : g->rules);
		fputc('\n', f);
	}
	fprintf(f, "table = { width = %s; height = %s; };\n", length(g->map.width, a),
	        length(g->map.height, b));
	fprintf(f, "turns = %d;\n", g->turns);
	fprintf(f, "time = \"%s\";\n", weather_clock(g, 1, clock));
	fprintf(f, "weather = \"%s\";\n\n", weather_names[g->wx.weather].key);
	fputs("terrain = (\n", f);
	for (int i = 0; i < g->map.nf; i++) {
		put_feature(f, &g->map.f[i]);
		fputs(i + 1 < g->map.nf ? ",\n" : "\n", f);
	}
	fputs(");\n\nsides = {\n", f);
	for (int s = 0; s < SIDE_COUNT; s++)
		put_side(f, g, (enum side)s, orbat ? orbat[s] : NULL);
	fputs("};\n", f);
	if (g->nobj) {
		fputs("\nobjectives = (\n", f);
		for (int i = 0; i < g->nobj; i++) {
			const struct objective *o = &g->obj[i];
			fputs("  { ", f);
			if (o->feature >= 0) {
				put_key_string(f, "feature", g->map.f[o->feature].name);
				if (strcmp(o->name, g->map.f[o->feature].name) != 0)
					put_key_string(f, "name", o->name);
			} else {
				put_key_string(f, "name", o->name);
				fprintf(f, "x = %s; y = %s; ", length(o->at.x, a), length(o->at.y, b));
				fprintf(f, "radius = %s; ", length(o->radius, a));
			}
			fprintf(f, "value = %d; ", o->value);
			if (o->holder >= 0)
				put_key_string(f, "holder", side_names[o->holder].key);
			fprintf(f, "}%s\n", i + 1 < g->nobj ? "," : "");
		}
		fputs(");\n", f);
	}
	return ferror(f) ? -1 : 0;
}

char *export_text(const struct game *g, const char *header)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int r;
	if (!f)
		return NULL;
	r = export_map(g, f, NULL, header);
	if (fclose(f) != 0 || r < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Write through a temporary file renamed into place. */
static int write_file(const char *path, const struct game *g, int what, const char *const orbat[SIDE_COUNT],
                      const char *header, char *why, size_t size)
{
	char tmp[4200];
	FILE *f;
	int r;
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	if (!(f = fopen(tmp, "w"))) {
		snprintf(why, size, "cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	r = what < 0 ? export_map(g, f, orbat, header) : export_orbat(g, (enum side)what, f, header);
	if (fclose(f) != 0 || r < 0) {
		snprintf(why, size, "cannot write %s: %s", tmp, strerror(errno ? errno : EIO));
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		snprintf(why, size, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

int export_files(const struct game *g, const char *name, const char *header, char *why, size_t size)
{
	char base[4096], path[4200], opath[SIDE_COUNT][4200], oname[SIDE_COUNT][4200];
	const char *orbat[SIDE_COUNT], *slash;
	size_t len;
	snprintf(base, sizeof base, "%s", name);
	len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".cfg") == 0)
		base[len - 4] = '\0';
	if (!base[0] || base[strlen(base) - 1] == '/') {
		snprintf(why, size, "'%s' is not a file name", name);
		return -1;
	}
	slash = strrchr(base, '/');
	for (int s = 0; s < SIDE_COUNT; s++) {
		snprintf(opath[s], sizeof opath[s], "%s-%s.cfg", base, side_names[s].key);
		/* The map names its orbats beside it. */
		snprintf(oname[s], sizeof oname[s], "%s-%s.cfg", slash ? slash + 1 : base, side_names[s].key);
		orbat[s] = oname[s];
	}
	snprintf(path, sizeof path, "%s.cfg", base);
	for (int s = 0; s < SIDE_COUNT; s++)
		if (write_file(opath[s], g, s, NULL, header, why, size) < 0)
			return -1;
	if (write_file(path, g, -1, orbat, header, why, size) < 0)
		return -1;
	snprintf(why, size, "The battle is written as %s, with %s and %s.", path, opath[SIDE_A], opath[SIDE_B]);
	return 0;
}
