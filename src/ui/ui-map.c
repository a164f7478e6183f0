/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-map: the battlefield on screen: the view (zoom, scrolling, the cursor
 * kept in sight), screen cells and table centimetres, the terrain layer,
 * units, command stands, overlays, a move's path, a zone of fire, and the
 * map's legend. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/query.h"
#include "engine/rules.h"
#include "ui-int.h"

/* ------------------------------------------------------------------ */
/* The view: zoom and scrolling */

/* Zoom levels, cm per column. */
static const double zooms[] = { 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15 };
#define NZOOMS ((int)(sizeof zooms / sizeof zooms[0]))

void ui_fit_zoom(struct ui *ui)
{
	const struct game *g = ui->g;
	double need = fmax(g->map.width / ui->map_w, g->map.height / (2.0 * ui->map_h));
	ui->zoom = zooms[NZOOMS - 1];
	for (int i = 0; i < NZOOMS; i++)
		if (zooms[i] >= need) {
			ui->zoom = zooms[i];
			break;
		}
	ui->ox = floor((g->map.width - ui->map_w * ui->zoom) / 2 / ui->zoom) * ui->zoom;
	ui->oy = floor((g->map.height - ui->map_h * 2 * ui->zoom) / 2 / (2 * ui->zoom)) * 2 * ui->zoom;
	ui->zoomed = false;
}

/* Keep the cursor on the table and in view, scrolling by half a screen. */
void ui_keep_in_view(struct ui *ui)
{
	const struct game *g = ui->g;
	double w = ui->map_w * ui->zoom, h = ui->map_h * 2 * ui->zoom;
	ui->cx = fmin(fmax(ui->cx, 0), g->map.width);
	ui->cy = fmin(fmax(ui->cy, 0), g->map.height);
	if (ui->cx < ui->ox || ui->cx >= ui->ox + w)
		ui->ox = ui->cx - w / 2;
	if (ui->cy < ui->oy || ui->cy >= ui->oy + h)
		ui->oy = ui->cy - h / 2;
	/* Snap the view to whole cells so the terrain stays put. */
	ui->ox = floor(ui->ox / ui->zoom) * ui->zoom;
	ui->oy = floor(ui->oy / (2 * ui->zoom)) * 2 * ui->zoom;
}

void ui_resized(struct ui *ui)
{
	ui_layout(ui);
	if (ui->too_small || !ui->g)
		return;
	if (ui->zoomed) {
		double cx = ui->cx, cy = ui->cy;
		ui->ox = cx - ui->map_w * ui->zoom / 2;
		ui->oy = cy - ui->map_h * ui->zoom;
		ui_keep_in_view(ui);
	} else {
		ui_fit_zoom(ui);
		ui_keep_in_view(ui);
	}
}

void ui_centre_on(struct ui *ui, struct vec2 p)
{
	ui->cx = p.x;
	ui->cy = p.y;
	ui->ox = p.x - ui->map_w * ui->zoom / 2;
	ui->oy = p.y - ui->map_h * ui->zoom;
	ui_keep_in_view(ui);
}

void ui_set_zoom(struct ui *ui, int dir)
{
	int k = 0;
	for (int i = 0; i < NZOOMS; i++)
		if (fabs(zooms[i] - ui->zoom) < 1e-9)
			k = i;
	k += dir;
	if (k < 0 || k >= NZOOMS)
		return;
	ui->zoom = zooms[k];
	ui->zoomed = true;
	ui_centre_on(ui, v2(ui->cx, ui->cy));
}

/* ------------------------------------------------------------------ */
/* Coordinates */

void ui_sx_sy(const struct ui *ui, double x, double y, int *sx, int *sy)
{
	*sx = (int)floor((x - ui->ox) / ui->zoom);
	*sy = (int)floor((y - ui->oy) / (2 * ui->zoom));
}

void ui_cell_centre(const struct ui *ui, int sx, int sy, double *x, double *y)
{
	*x = ui->ox + (sx + 0.5) * ui->zoom;
	*y = ui->oy + (sy + 0.5) * 2 * ui->zoom;
}

static bool on_map(const struct ui *ui, int sx, int sy)
{
	return sx >= 0 && sy >= 0 && sx < ui->map_w && sy < ui->map_h;
}

int ui_unit_at(const struct ui *ui, double x, double y)
{
	const struct game *g = ui->g;
	int best = -1;
	double bd = INFINITY;
	/* The unit whose footprint holds the point, else the nearest within
	 * half a cell (units smaller than a cell must stay pickable). */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct vec2 buf[4], p = v2(x, y);
		struct shape s, pt = geom_circle(&p, 0);
		double d;
		if (u->state != US_ACTIVE)
			continue;
		s = unit_shape(u, buf);
		d = geom_distance(&s, &pt);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	return bd <= ui->zoom * 0.75 ? best : -1;
}

int ui_cmdr_at(const struct ui *ui, double x, double y)
{
	const struct game *g = ui->g;
	int best = -1;
	double bd = INFINITY;
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		double d;
		if (c->state != US_ACTIVE || c->attached >= 0)
			continue;
		d = v2_dist(c->pos, v2(x, y));
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	return bd <= rules_stand[ARM_COMMAND].w / 2 + ui->zoom * 0.75 ? best : -1;
}

/* ------------------------------------------------------------------ */
/* Glyphs */

struct glyph {
	char ascii;
	wchar_t wide;
	int pair;
	attr_t attr;
};

static const struct glyph terrain_glyph[TT_COUNT] = {
	[TT_CONTOUR] = { '`', L'\u02d9', CP_HILL, A_DIM },
	[TT_HILL] = { ':', L'\u2234', CP_HILL, A_NORMAL },
	[TT_ROUGH] = { ',', L'\u2056', CP_HILL, A_DIM },
	[TT_BOGGY] = { '_', L'\u224b', CP_WATER, A_DIM },
	[TT_WOOD] = { '%', L'\u2663', CP_WOOD, A_NORMAL },
	[TT_FOREST] = { '&', L'\u2660', CP_WOOD, A_BOLD },
	[TT_VILLAGE] = { '#', L'\u25a6', CP_VILLAGE, A_BOLD },
	[TT_LANDMARK] = { '+', L'\u2302', CP_VILLAGE, A_BOLD },
	[TT_BRIDGE] = { ')', L'\u2550', CP_ROAD, A_BOLD },
	[TT_FORD] = { '*', L'\u2261', CP_WATER, A_BOLD },
	[TT_HEDGE] = { '"', L'\u2591', CP_OBSTACLE, A_NORMAL },
	[TT_FENCE] = { '\'', L'\u00a6', CP_OBSTACLE, A_NORMAL },
	[TT_WALL] = { '!', L'\u2593', CP_OBSTACLE, A_BOLD }, /* not '|', the frame's */
	[TT_EARTHWORK] = { '[', L'\u2588', CP_OBSTACLE, A_BOLD },
	[TT_STREAM] = { '~', L'~', CP_WATER, A_NORMAL },
	[TT_RIVER] = { '=', L'\u2248', CP_WATER, A_BOLD }, /* not '~', the stream's */
	[TT_ROAD] = { '.', L'\u00b7', CP_ROAD, A_NORMAL },
	[TT_DITCH] = { '-', L'\u254c', CP_OBSTACLE, A_NORMAL },
};

/* A hill of more than two levels. */
static const struct glyph high_hill = { ';', L'\u2237', CP_HILL, A_NORMAL };

/* What shows when several features share a cell: crossings first, then
 * water and obstacles, then built-up ground, woods, the rest. */
static const enum terrain_type draw_order[] = {
	TT_BRIDGE, TT_FORD, TT_ROAD, TT_RIVER, TT_STREAM, TT_WALL, TT_EARTHWORK, TT_HEDGE, TT_FENCE,
	TT_DITCH, TT_LANDMARK, TT_VILLAGE, TT_FOREST, TT_WOOD, TT_BOGGY, TT_ROUGH, TT_HILL, TT_CONTOUR,
};

static const char *glyph_text(const struct ui *ui, const struct glyph *gl, char buf[8])
{
	if (ui->utf8 && !ui->opt.ascii) {
		wchar_t w[2] = { gl->wide, 0 };
		if (wcstombs(buf, w, 8) != (size_t)-1)
			return buf;
	}
	buf[0] = gl->ascii;
	buf[1] = '\0';
	return buf;
}

void ui_put_glyph(struct ui *ui, int sy, int sx, char ascii, wchar_t wide, attr_t attr, int pair)
{
	if (ui->utf8 && !ui->opt.ascii && wide) {
		cchar_t cc;
		wchar_t w[2] = { wide, 0 };
		setcchar(&cc, w, attr, (short)(ui->colour ? pair : 0), NULL);
		mvadd_wch(sy, sx, &cc);
	} else {
		attr_set(attr, (short)(ui->colour ? pair : 0), NULL);
		mvaddch(sy, sx, (chtype)(unsigned char)ascii);
		attr_set(A_NORMAL, 0, NULL);
	}
}

/* ------------------------------------------------------------------ */
/* The terrain layer, computed once per zoom and position. */

static bool feature_at(const struct ui *ui, const struct feature *f, double x, double y)
{
	struct shape s = feature_shape(f);
	if (feature_is_linear(f->type)) {
		/* A line shows in every cell it crosses (the middle part of the
		 * cell, so that diagonals stay one cell thick), however thin. */
		double hw = ui->zoom * 0.3, hh = ui->zoom * 0.6;
		struct vec2 cell[4] = { { x - hw, y - hh }, { x + hw, y - hh },
		                        { x + hw, y + hh }, { x - hw, y + hh } };
		struct shape cs = { .kind = SHAPE_POLYGON, .n = 4, .pts = cell, .r = 0 };
		return geom_distance(&cs, &s) <= 0;
	}
	return geom_poly_contains(f->pts, f->n, v2(x, y));
}

bool ui_on_table(const struct ui *ui, int sx, int sy)
{
	double x, y;
	ui_cell_centre(ui, sx, sy, &x, &y);
	return x >= 0 && y >= 0 && x <= ui->g->map.width && y <= ui->g->map.height;
}

/* The table's edge: a line round it in the cells just off it. */
static void edge_glyph(const struct ui *ui, int sx, int sy, struct tcell *c)
{
	bool l = ui_on_table(ui, sx - 1, sy), r = ui_on_table(ui, sx + 1, sy);
	bool u = ui_on_table(ui, sx, sy - 1), d = ui_on_table(ui, sx, sy + 1);
	*c = (struct tcell){ .ascii = ' ', .wide = L' ', .attr = A_DIM };
	if ((l || r) && !(u || d))
		c->ascii = '|', c->wide = L'\u2502';
	else if ((u || d) && !(l || r))
		c->ascii = '-', c->wide = L'\u2500';
	else if (ui_on_table(ui, sx + 1, sy + 1))
		c->ascii = '+', c->wide = L'\u250c';
	else if (ui_on_table(ui, sx - 1, sy + 1))
		c->ascii = '+', c->wide = L'\u2510';
	else if (ui_on_table(ui, sx + 1, sy - 1))
		c->ascii = '+', c->wide = L'\u2514';
	else if (ui_on_table(ui, sx - 1, sy - 1))
		c->ascii = '+', c->wide = L'\u2518';
}

static void build_terrain(struct ui *ui)
{
	const struct game *g = ui->g;
	size_t n = (size_t)ui->map_w * (size_t)ui->map_h;
	if (ui->tcache_ok && ui->tcache_w == ui->map_w && ui->tcache_h == ui->map_h &&
	    ui->tcache_zoom == ui->zoom && ui->tcache_ox == ui->ox && ui->tcache_oy == ui->oy &&
	    ui->tcache_version == g->terrain_version)
		return;
	free(ui->tcache);
	ui->tcache = calloc(n ? n : 1, sizeof *ui->tcache);
	if (!ui->tcache)
		return;
	for (int sy = 0; sy < ui->map_h; sy++)
		for (int sx = 0; sx < ui->map_w; sx++) {
			struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
			double x, y;
			ui_cell_centre(ui, sx, sy, &x, &y);
			c->ascii = ' ';
			c->wide = L' ';
			if (!ui_on_table(ui, sx, sy)) {
				/* Off the table: blank, but for the table's edge. */
				edge_glyph(ui, sx, sy, c);
				continue;
			}
			for (size_t k = 0; k < sizeof draw_order / sizeof draw_order[0]; k++) {
				bool hit = false;
				for (int i = 0; i < g->map.nf && !hit; i++)
					if (g->map.f[i].type == draw_order[k] && feature_at(ui, &g->map.f[i], x, y))
						hit = true;
				if (hit) {
					const struct glyph *gl = &terrain_glyph[draw_order[k]];
					c->ascii = gl->ascii;
					c->wide = gl->wide;
					c->pair = gl->pair;
					c->attr = gl->attr;
					if (draw_order[k] == TT_HILL)
						for (int i = 0; i < g->map.nf; i++)
							if (g->map.f[i].type == TT_HILL && g->map.f[i].levels > 2 &&
							    feature_at(ui, &g->map.f[i], x, y)) {
								c->ascii = high_hill.ascii;
								c->wide = high_hill.wide;
							}
					break;
				}
			}
		}
	/* Features smaller than a cell still show at their centre. */
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		struct vec2 ct;
		int sx, sy;
		if (feature_is_linear(f->type) || geom_poly_diameter(f->pts, f->n) > 2 * ui->zoom)
			continue;
		ct = geom_poly_centroid(f->pts, f->n);
		ui_sx_sy(ui, ct.x, ct.y, &sx, &sy);
		if (on_map(ui, sx, sy)) {
			struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
			c->ascii = terrain_glyph[f->type].ascii;
			c->wide = terrain_glyph[f->type].wide;
			c->pair = terrain_glyph[f->type].pair;
			c->attr = terrain_glyph[f->type].attr;
		}
	}
	ui->tcache_w = ui->map_w;
	ui->tcache_h = ui->map_h;
	ui->tcache_zoom = ui->zoom;
	ui->tcache_ox = ui->ox;
	ui->tcache_oy = ui->oy;
	ui->tcache_version = g->terrain_version;
	ui->tcache_ok = true;
}

/* ------------------------------------------------------------------ */
/* Overlays */

/* Is a point on the ground a unit's fire could reach: ahead of its front
 * edge (any face for a square), and within d of its footprint? */
static bool ahead_within(const struct unit *u, struct vec2 p, double d, double within)
{
	struct obb fp = unit_footprint(u);
	struct vec2 dir = geom_dir(u->facing), front = v2_add(fp.c, v2_scale(dir, fp.d / 2));
	if (u->form != FORM_SQUARE && u->form != FORM_ESQUARE && v2_dot(v2_sub(p, front), dir) < 0)
		return false;
	return d <= within;
}

/* The side whose charges threaten: the enemy of the side at the keyboard. */
enum side ui_threat_side(const struct ui *ui)
{
	int v = ui->viewer >= 0 ? ui->viewer : (int)ui->acting;
	return v == SIDE_A ? SIDE_B : SIDE_A;
}

static void draw_overlays(struct ui *ui, const bool *taken)
{
	const struct game *g = ui->g;
	const struct unit *sel = ui->sel_unit >= 0 ? &g->units[ui->sel_unit] : NULL;
	if (!ui->overlays)
		return;
	for (int sy = 0; sy < ui->map_h; sy++)
		for (int sx = 0; sx < ui->map_w; sx++) {
			double x, y;
			struct vec2 p;
			struct shape pt;
			bool mark = false;
			if (taken[sy * ui->map_w + sx])
				continue;
			ui_cell_centre(ui, sx, sy, &x, &y);
			p = v2(x, y);
			pt = geom_circle(&p, 0);
			if ((ui->overlays & OV_RANGE) && sel) {
				struct vec2 b[4];
				struct shape s = unit_shape(sel, b);
				double d = geom_distance(&s, &pt);
				if (unit_is_artillery(sel)) {
					/* The edge of each range band, ahead of the guns. */
					for (int r = 0; r < RANGE_COUNT; r++)
						if (fabs(d - rules_fire.art_range[r]) <= ui->zoom * 0.7 &&
						    ahead_within(sel, p, d, rules_fire.art_range[r] + ui->zoom))
							mark = true;
				} else if (unit_is_infantry(sel)) {
					mark = ahead_within(sel, p, d, rules_fire.small_arms_range);
				}
			}
			if ((ui->overlays & OV_COMMAND))
				for (int i = 0; i < g->ncmdrs && !mark; i++) {
					const struct commander *c = &g->cmdrs[i];
					double r = commander_radius(c), d;
					if (c->state != US_ACTIVE || c->level == CL_BRIGADE)
						continue;
					d = v2_dist(c->pos, p) - rules_stand[ARM_COMMAND].w / 2;
					if (fabs(d - r) <= ui->zoom * 0.6 ||
					    fabs(d - rules_command.cautious_limit) <= ui->zoom * 0.4)
						mark = true;
				}
			if ((ui->overlays & OV_REACH) && sel && !mark)
				mark = query_charge_reaches(sel, p);
			if ((ui->overlays & OV_THREAT) && !mark)
				for (int i = 0; i < g->nunits && !mark; i++) {
					const struct unit *o = &g->units[i];
					if (o->state == US_ACTIVE && o->side == ui_threat_side(ui))
						mark = query_charge_reaches(o, p);
				}
			if (mark) {
				/* The ground stays readable; the cell is highlighted. */
				const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
				ui_put_glyph(ui, sy, sx, c->ascii, c->wide, A_REVERSE, CP_OVERLAY);
			}
		}
}

void ui_map_draw(struct ui *ui)
{
	const struct game *g = ui->g;
	bool *taken = calloc((size_t)ui->map_w * (size_t)ui->map_h + 1, 1);

	build_terrain(ui);
	if (!taken || !ui->tcache)
		return;
	for (int sy = 0; sy < ui->map_h; sy++)
		for (int sx = 0; sx < ui->map_w; sx++) {
			const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
			ui_put_glyph(ui, sy, sx, c->ascii, c->wide, c->attr, c->pair);
		}
	/* Units and objectives, then command stands on top. */
	ui_draw_units(ui, taken);
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		static const char lvl[CL_COUNT] = { 'K', 'D', 'B' };
		char letter;
		int sx, sy, pair;
		attr_t attr;
		struct vec2 at = c->pos;
		if (c->state != US_ACTIVE || c->attached >= 0)
			continue;
		if (ui->ghost_on && ui->mode == MODE_CMOVE && ui->ghost.unit == i && ui->ghost.ok)
			at = ui->ghost.pos;
		ui_sx_sy(ui, at.x, at.y, &sx, &sy);
		if (!on_map(ui, sx, sy))
			continue;
		letter = lvl[c->level];
		if (c->side == SIDE_B)
			letter = (char)(letter - 'A' + 'a');
		attr = ui_side_attr(ui, c->side, &pair);
		if (i == ui->sel_cmdr)
			attr |= A_REVERSE;
		ui_put_glyph(ui, sy, sx, letter, (wchar_t)letter, attr, pair);
		taken[sy * ui->map_w + sx] = true;
	}
	draw_overlays(ui, taken);
	/* A move's path: the ground its footprint sweeps on the way. */
	if (ui->mode == MODE_MOVE && ui->ghost_on && ui->ghost.ok && ui->ghost.unit >= 0) {
		const struct unit *u = &g->units[ui->ghost.unit];
		struct obb fp = unit_footprint(u), band;
		struct vec2 corners[4];
		double dist = v2_dist(u->pos, ui->ghost.pos);
		band = (struct obb){ .c = v2_scale(v2_add(u->pos, ui->ghost.pos), 0.5), .w = fp.w,
		                     .d = fp.d + dist, .facing = ui->ghost.facing };
		geom_obb_corners(&band, corners);
		for (int sy = 0; sy < ui->map_h; sy++)
			for (int sx = 0; sx < ui->map_w; sx++) {
				double x, y;
				const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
				ui_cell_centre(ui, sx, sy, &x, &y);
				if (!taken[sy * ui->map_w + sx] && geom_poly_contains(corners, 4, v2(x, y)))
					ui_put_glyph(ui, sy, sx, c->ascii == ' ' ? '.' : c->ascii,
					          c->ascii == ' ' ? L'\u00b7' : c->wide, A_BOLD, CP_CURSOR);
			}
	}
	/* A shot's zone of fire, highlighted where it leaves the ground bare. */
	if (ui->zone_on)
		for (int sy = 0; sy < ui->map_h; sy++)
			for (int sx = 0; sx < ui->map_w; sx++) {
				double x, y;
				const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
				ui_cell_centre(ui, sx, sy, &x, &y);
				if (!taken[sy * ui->map_w + sx] && geom_tri_contains(ui->zone, v2(x, y)))
					ui_put_glyph(ui, sy, sx, c->ascii == ' ' ? ':' : c->ascii,
					          c->ascii == ' ' ? L'\u2591' : c->wide, A_BOLD, CP_OVERLAY);
			}
	free(taken);
}


/* The terminal's cursor on the map's, where the player looks; when that
 * is on the selected unit, on the cell its letter was drawn in (so that
 * a screen reader, which follows the cursor, reads the unit). */
void ui_map_cursor(struct ui *ui)
{
	int sx, sy;
	if (ui->sel_unit >= 0 && ui->sel_sx >= 0 && on_map(ui, ui->sel_sx, ui->sel_sy) &&
	    ui_unit_at(ui, ui->cx, ui->cy) == ui->sel_unit) {
		move(ui->sel_sy, ui->sel_sx);
		return;
	}
	ui_sx_sy(ui, ui->cx, ui->cy, &sx, &sy);
	if (on_map(ui, sx, sy))
		move(sy, sx);
}

/* The map's legend: every glyph as it is drawn here (UTF-8 or ASCII),
 * padded by its width on screen. */
void ui_legend(const struct ui *ui, struct ui_text *t)
{
	char gb[8];
	bool wide = ui->utf8 && !ui->opt.ascii;
	ui_text_add(t, "The map (1 column = %g cm; a row is twice as tall):", ui->zoom);
	ui_legend_units(ui, t);
	ui_text_add(t, "  %s  the edge of the table", wide ? "\u250c\u2500\u2510" : "+-+");
	ui_text_add(t, "%s", "");
	for (int k = 0; k < TT_COUNT; k++) {
		/* Each terrain type, and the higher hill after the hill. */
		for (int high = 0; high <= (k == TT_HILL); high++) {
			const char *gs = glyph_text(ui, high ? &high_hill : &terrain_glyph[k], gb);
			int pad = 4 - ui_text_width(ui, gs);
			ui_text_add(t, "  %s%*s%s", gs, pad > 0 ? pad : 1, "",
			            high ? "hill of more than two levels" : terrain_names[k].label);
		}
	}
}
