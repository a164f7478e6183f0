/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-units: units and objectives on the map.  Every unit shows its arm by
 * a letter (its side by case and colour) and its formation and facing by
 * a mark: an arrow whose kind is the formation, in one cell of its own,
 * at every zoom.  Cells are shared out before anything is drawn, the
 * selection and the side at the keyboard first, so that no other unit's
 * mark hides one of theirs, and a unit crowded out of its cells is shown
 * in the nearest free one.  Objectives are a flag and the holder's letter
 * in free cells beside their centre. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/query.h"
#include "engine/rules.h"
#include "ui-int.h"

static const char arm_letter[ARM_COUNT] = { 'I', 'C', 'A', 'K' };

/* The kinds of mark: what a unit's formation (and its guns' state) looks
 * like on the map. */
enum mark_kind { GM_LINE, GM_COLUMN, GM_SKIRMISH, GM_SQUARE, GM_ESQUARE, GM_SPIKED, GM_KINDS };

/* Eight directions from north, clockwise; four-way kinds use every other
 * one; marks with no direction, the first. */
static const struct {
	const char *what; /* for the legend */
	char ascii[8];
	wchar_t wide[8];
	int ways, aways;  /* directions: 8, 4 or 1 (wide, ASCII) */
} marks[GM_KINDS] = {
	[GM_LINE] = { "line, or unlimbered guns", "^^>>vv<<",
	              { L'\u2191', L'\u2197', L'\u2192', L'\u2198', L'\u2193', L'\u2199', L'\u2190', L'\u2196' }, 8, 4 },
	[GM_COLUMN] = { "column, or guns limbered (redeployed: no fire)", "nn}}uu{{",
	                { L'\u21d1', L'\u21d7', L'\u21d2', L'\u21d8', L'\u21d3', L'\u21d9', L'\u21d0', L'\u21d6' }, 8, 4 },
	[GM_SKIRMISH] = { "skirmish line", "89632147",
	                  { L'\u21e1', L'\u21e1', L'\u21e2', L'\u21e2', L'\u21e3', L'\u21e3', L'\u21e0', L'\u21e0' }, 4, 8 },
	[GM_SQUARE] = { "square (it faces every way)", "OOOOOOOO",
	                { L'\u25a0', L'\u25a0', L'\u25a0', L'\u25a0', L'\u25a0', L'\u25a0', L'\u25a0', L'\u25a0' }, 1, 1 },
	[GM_ESQUARE] = { "emergency square", "QQQQQQQQ",
	                 { L'\u25a1', L'\u25a1', L'\u25a1', L'\u25a1', L'\u25a1', L'\u25a1', L'\u25a1', L'\u25a1' }, 1, 1 },
	[GM_SPIKED] = { "abandoned guns", "xxxxxxxx",
	                { L'\u00d7', L'\u00d7', L'\u00d7', L'\u00d7', L'\u00d7', L'\u00d7', L'\u00d7', L'\u00d7' }, 1, 1 },
};

static enum mark_kind mark_kind(const struct unit *u, enum formation form)
{
	if (unit_abandoned(u))
		return GM_SPIKED;
	switch (form) {
	case FORM_SQUARE:
		return GM_SQUARE;
	case FORM_ESQUARE:
		return GM_ESQUARE;
	case FORM_SKIRMISH:
		return GM_SKIRMISH;
	case FORM_COLUMN:
		return GM_COLUMN;
	case FORM_BATTERY:
		/* "Always considered unlimbered at the end of their movement":
		 * guns that limbered to redeploy this initiative may not fire in
		 * it, and are shown limbered until it ends. */
		return (u->acted & UA_MOVED) && (u->acted & UA_NO_FIRE) ? GM_COLUMN : GM_LINE;
	default:
		return GM_LINE;
	}
}

/* Which of the eight entries shows a facing, with so many directions. */
static int direction(double facing, int ways)
{
	int i = ways == 1 ? 0 : (int)floor(geom_norm_deg(facing + 180.0 / ways) / (360.0 / ways)) % ways;
	return i * (8 / ways);
}

/* The mark of a kind facing this way. */
static void mark_glyph(enum mark_kind k, double facing, char *ascii, wchar_t *wide)
{
	*ascii = marks[k].ascii[direction(facing, marks[k].aways)];
	*wide = marks[k].wide[direction(facing, marks[k].ways)];
}

/* ------------------------------------------------------------------ */
/* Sharing out the cells */

#define MAX_CELLS 256

enum { CELL_FREE, CELL_LETTER, CELL_MARK, CELL_OBJECTIVE };

struct cells {
	int *owner;          /* unit (or objective) index, -1 free */
	unsigned char *kind; /* CELL_... */
	int w, h;
};

static bool free_cell(const struct cells *c, int sx, int sy)
{
	return sx >= 0 && sy >= 0 && sx < c->w && sy < c->h && c->owner[sy * c->w + sx] < 0;
}

static void claim(struct cells *c, int sx, int sy, int who, int kind)
{
	c->owner[sy * c->w + sx] = who;
	c->kind[sy * c->w + sx] = (unsigned char)kind;
}

/* The cells whose centres a footprint holds (at most max). */
static int footprint_cells(const struct ui *ui, const struct obb *fp, int *xs, int *ys, int max)
{
	struct vec2 corners[4];
	double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
	int sx0, sy0, sx1, sy1, n = 0;
	geom_obb_corners(fp, corners);
	for (int i = 0; i < 4; i++) {
		minx = fmin(minx, corners[i].x), maxx = fmax(maxx, corners[i].x);
		miny = fmin(miny, corners[i].y), maxy = fmax(maxy, corners[i].y);
	}
	ui_sx_sy(ui, minx, miny, &sx0, &sy0);
	ui_sx_sy(ui, maxx, maxy, &sx1, &sy1);
	for (int sy = sy0; sy <= sy1; sy++)
		for (int sx = sx0; sx <= sx1 && n < max; sx++) {
			double x, y;
			if (sx < 0 || sy < 0 || sx >= ui->map_w || sy >= ui->map_h)
				continue;
			ui_cell_centre(ui, sx, sy, &x, &y);
			if (geom_poly_contains(corners, 4, v2(x, y))) {
				xs[n] = sx;
				ys[n++] = sy;
			}
		}
	return n;
}

/* The free cell on the table nearest (sx, sy) within r cells (rows count
 * double, as they are twice as tall), or false. */
static bool nearest_free(const struct ui *ui, const struct cells *c, int sx, int sy, int r, int *ox,
                         int *oy)
{
	int best = -1;
	for (int dy = -r; dy <= r; dy++)
		for (int dx = -r; dx <= r; dx++) {
			int d = dx * dx + 4 * dy * dy;
			if (!free_cell(c, sx + dx, sy + dy) || !ui_on_table(ui, sx + dx, sy + dy) ||
			    (best >= 0 && d >= best))
				continue;
			best = d;
			*ox = sx + dx;
			*oy = sy + dy;
		}
	return best >= 0;
}

/* The side whose units are drawn over the other's. */
static int own_side(const struct ui *ui)
{
	return ui->viewer >= 0 ? ui->viewer : (int)ui->acting;
}

/* The units in the order they choose their cells: the selection, the
 * side at the keyboard, the enemy. */
static int draw_order(const struct ui *ui, int *order)
{
	const struct game *g = ui->g;
	int n = 0;
	if (ui->sel_unit >= 0 && g->units[ui->sel_unit].state == US_ACTIVE)
		order[n++] = ui->sel_unit;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].state == US_ACTIVE && i != ui->sel_unit &&
			    ((int)g->units[i].side == own_side(ui)) == (pass == 0))
				order[n++] = i;
	return n;
}

/* The 8-way step toward a facing (cells are twice as tall as wide). */
static void step_toward(double facing, int *dx, int *dy)
{
	struct vec2 d = geom_dir(facing);
	*dx = d.x > 0.38 ? 1 : d.x < -0.38 ? -1 : 0;
	*dy = d.y > 0.38 ? 1 : d.y < -0.38 ? -1 : 0;
}

/* Each unit's cells: its footprint's free cells, then one for its mark. */
static void share_cells(struct ui *ui, struct cells *c, const int *order, int n)
{
	const struct game *g = ui->g;
	int xs[MAX_CELLS], ys[MAX_CELLS];
	int *count = calloc((size_t)g->nunits + 1, sizeof *count);
	int *front = malloc(((size_t)g->nunits + 1) * sizeof *front); /* its cell nearest its front */
	if (!count || !front) {
		free(count);
		free(front);
		return;
	}
	for (int k = 0; k < n; k++) {
		int i = order[k], m, cx, cy;
		struct obb fp = unit_footprint(&g->units[i]);
		struct vec2 fr = v2_add(fp.c, v2_scale(geom_dir(fp.facing), fp.d / 2 - 0.01));
		double bd = INFINITY;
		m = footprint_cells(ui, &fp, xs, ys, MAX_CELLS);
		/* Smaller than a cell, or crowded out: its centre's cell, or the
		 * nearest free one. */
		ui_sx_sy(ui, fp.c.x, fp.c.y, &cx, &cy);
		if (m == 0 || !free_cell(c, xs[0], ys[0])) {
			bool any = false;
			for (int j = 0; j < m && !any; j++)
				any = free_cell(c, xs[j], ys[j]);
			if (!any && nearest_free(ui, c, cx, cy, 2, &cx, &cy)) {
				xs[0] = cx, ys[0] = cy;
				m = 1;
			}
		}
		for (int j = 0; j < m; j++) {
			double x, y, d;
			if (!free_cell(c, xs[j], ys[j]))
				continue;
			claim(c, xs[j], ys[j], i, CELL_LETTER);
			count[i]++;
			ui_cell_centre(ui, xs[j], ys[j], &x, &y);
			if ((d = v2_dist(v2(x, y), fr)) < bd) {
				bd = d;
				front[i] = ys[j] * c->w + xs[j];
			}
		}
	}
	/* The marks: at the front cell of a unit of several cells; beside a
	 * unit of one, ahead of it (or the letter goes behind and the mark
	 * takes its cell); the facing wins over the letter. */
	for (int k = 0; k < n; k++) {
		int i = order[k], best = front[i], dx, dy, lx, ly;
		const struct unit *u = &g->units[i];
		if (!count[i])
			continue;
		lx = best % c->w, ly = best / c->w;
		if (count[i] > 1) {
			c->kind[best] = CELL_MARK;
			continue;
		}
		step_toward(u->facing, &dx, &dy);
		if ((dx || dy) && free_cell(c, lx + dx, ly + dy)) {
			claim(c, lx + dx, ly + dy, i, CELL_MARK);
		} else {
			c->kind[best] = CELL_MARK;
			if ((dx || dy) && free_cell(c, lx - dx, ly - dy))
				claim(c, lx - dx, ly - dy, i, CELL_LETTER);
		}
	}
	free(count);
	free(front);
}

/* ------------------------------------------------------------------ */
/* Objectives */

/* Where an objective is shown: its feature's middle, or its point. */
static struct vec2 objective_at(const struct game *g, const struct objective *o)
{
	if (o->feature >= 0 && o->feature < g->map.nf) {
		const struct feature *f = &g->map.f[o->feature];
		if (feature_is_linear(f->type))
			return f->pts[f->n / 2];
		return geom_poly_centroid(f->pts, f->n);
	}
	return o->at;
}

char ui_holder_letter(const struct game *g, int holder)
{
	char c;
	if (holder < 0)
		return '-';
	c = g->side[holder].name[0];
	if (c >= 'a' && c <= 'z' && holder == SIDE_A)
		c = (char)(c - 'a' + 'A');
	else if (c >= 'A' && c <= 'Z' && holder == SIDE_B)
		c = (char)(c - 'A' + 'a');
	else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
		c = holder == SIDE_A ? 'A' : 'b';
	return c;
}

/* Each objective: the flag and its holder's letter, in two free cells
 * side by side as near its middle as may be. */
static void draw_objectives(struct ui *ui, struct cells *c, bool *taken)
{
	const struct game *g = ui->g;
	for (int i = 0; i < g->nobj; i++) {
		const struct objective *o = &g->obj[i];
		struct vec2 at = objective_at(g, o);
		int sx, sy, best = -1, bx = 0, by = 0, pair = 0;
		attr_t attr = A_BOLD;
		ui_sx_sy(ui, at.x, at.y, &sx, &sy);
		for (int dy = -2; dy <= 2; dy++)
			for (int dx = -3; dx <= 3; dx++) {
				int d = dx * dx + 4 * dy * dy;
				if (!free_cell(c, sx + dx, sy + dy) || !free_cell(c, sx + dx + 1, sy + dy) ||
				    !ui_on_table(ui, sx + dx, sy + dy) || !ui_on_table(ui, sx + dx + 1, sy + dy) ||
				    (best >= 0 && d >= best))
					continue;
				best = d, bx = sx + dx, by = sy + dy;
			}
		if (best < 0)
			continue;
		claim(c, bx, by, i, CELL_OBJECTIVE);
		claim(c, bx + 1, by, i, CELL_OBJECTIVE);
		if (o->holder >= 0)
			attr = ui_side_attr(ui, o->holder, &pair) | A_BOLD;
		ui_put_glyph(ui, by, bx, '@', L'\u2691', attr, pair);
		{
			char h = ui_holder_letter(g, o->holder);
			ui_put_glyph(ui, by, bx + 1, h, (wchar_t)h, attr, pair);
		}
		taken[by * ui->map_w + bx] = taken[by * ui->map_w + bx + 1] = true;
	}
}

/* ------------------------------------------------------------------ */
/* Drawing */

static char unit_letter(const struct unit *u)
{
	char letter = arm_letter[unit_arm(u)];
	return u->side == SIDE_B ? (char)(letter - 'A' + 'a') : letter;
}

/* The ghost of a previewed order: where it would leave the unit, over
 * everything, its mark at its front. */
static void draw_ghost(struct ui *ui, bool *taken)
{
	const struct game *g = ui->g;
	const struct unit *u = &g->units[ui->ghost.unit];
	struct obb fp = unit_footprint_as(u->type, ui->ghost.form, ui->ghost.pos, ui->ghost.facing);
	struct vec2 front = v2_add(fp.c, v2_scale(geom_dir(fp.facing), fp.d / 2 - 0.01));
	int xs[MAX_CELLS], ys[MAX_CELLS], n = footprint_cells(ui, &fp, xs, ys, MAX_CELLS), fx, fy;
	char letter = unit_letter(u), ma;
	wchar_t mw;
	attr_t attr = A_BOLD | A_BLINK;
	mark_glyph(mark_kind(u, ui->ghost.form), ui->ghost.facing, &ma, &mw);
	if (n <= 1) {
		int dx, dy;
		ui_sx_sy(ui, fp.c.x, fp.c.y, &xs[0], &ys[0]);
		step_toward(fp.facing, &dx, &dy);
		xs[1] = xs[0] + dx, ys[1] = ys[0] + dy;
		n = dx || dy ? 2 : 1;
		fx = xs[n - 1], fy = ys[n - 1];
	} else {
		ui_sx_sy(ui, front.x, front.y, &fx, &fy);
	}
	for (int k = 0; k < n; k++) {
		bool mark = xs[k] == fx && ys[k] == fy;
		if (xs[k] < 0 || ys[k] < 0 || xs[k] >= ui->map_w || ys[k] >= ui->map_h)
			continue;
		ui_put_glyph(ui, ys[k], xs[k], mark ? ma : letter, mark ? mw : (wchar_t)letter, attr, CP_CURSOR);
		taken[ys[k] * ui->map_w + xs[k]] = true;
	}
}

void ui_draw_units(struct ui *ui, bool *taken)
{
	const struct game *g = ui->g;
	size_t ncell = (size_t)ui->map_w * (size_t)ui->map_h;
	struct cells c = { .owner = malloc((ncell + 1) * sizeof *c.owner), .kind = calloc(ncell + 1, 1),
	                   .w = ui->map_w, .h = ui->map_h };
	int *order = malloc(((size_t)g->nunits + 1) * sizeof *order), n;
	ui->sel_sx = ui->sel_sy = -1;
	if (!c.owner || !c.kind || !order) {
		free(c.owner);
		free(c.kind);
		free(order);
		return;
	}
	for (size_t k = 0; k < ncell; k++)
		c.owner[k] = -1;
	n = draw_order(ui, order);
	share_cells(ui, &c, order, n);
	for (size_t cell = 0; cell < ncell; cell++) {
		int i = c.owner[cell], sx = (int)(cell % (size_t)c.w), sy = (int)(cell / (size_t)c.w), pair;
		const struct unit *u;
		attr_t attr;
		if (i < 0)
			continue;
		u = &g->units[i];
		if (ui->ghost_on && ui->ghost.unit == i && ui->mode != MODE_CMOVE)
			attr = A_DIM;
		else
			attr = ui_side_attr(ui, u->side, &pair);
		ui_side_attr(ui, u->side, &pair);
		if (i == ui->sel_unit) {
			attr |= A_REVERSE;
			/* The terminal's cursor goes on the selection's letter (or
			 * its mark, when that is all it shows). */
			if (ui->sel_sx < 0 || c.kind[cell] == CELL_LETTER)
				ui->sel_sx = sx, ui->sel_sy = sy;
		}
		if (query_unit_acts(g, u, true))
			attr |= A_UNDERLINE;
		if (c.kind[cell] == CELL_MARK) {
			char a;
			wchar_t w;
			mark_glyph(mark_kind(u, u->form), u->facing, &a, &w);
			ui_put_glyph(ui, sy, sx, a, w, attr, pair);
		} else {
			char l = unit_letter(u);
			ui_put_glyph(ui, sy, sx, l, (wchar_t)l, attr, pair);
		}
		taken[cell] = true;
	}
	/* Command stands are drawn over all this: objectives keep clear. */
	for (int k = 0; k < g->ncmdrs; k++) {
		int sx, sy;
		if (g->cmdrs[k].state != US_ACTIVE || g->cmdrs[k].attached >= 0)
			continue;
		ui_sx_sy(ui, g->cmdrs[k].pos.x, g->cmdrs[k].pos.y, &sx, &sy);
		if (free_cell(&c, sx, sy))
			claim(&c, sx, sy, g->nunits + k, CELL_LETTER);
	}
	draw_objectives(ui, &c, taken);
	if (ui->ghost_on && ui->ghost.ok && ui->ghost.unit >= 0 && ui->mode != MODE_CMOVE)
		draw_ghost(ui, taken);
	free(c.owner);
	free(c.kind);
	free(order);
}

/* ------------------------------------------------------------------ */
/* The legend */

static const char *wide_text(wchar_t w, char buf[8])
{
	wchar_t ws[2] = { w, 0 };
	if (wcstombs(buf, ws, 8) == (size_t)-1)
		snprintf(buf, 8, "?");
	return buf;
}

void ui_legend_units(const struct ui *ui, struct ui_text *t)
{
	bool wide = ui->utf8 && !ui->opt.ascii;
	const struct game *g = ui->g;
	char h[3][2];
	ui_text_add(t, "  I C A   infantry, cavalry, artillery of %s", g->side[SIDE_A].name);
	ui_text_add(t, "  i c a   the same of %s", g->side[SIDE_B].name);
	ui_text_add(t, "  K D B   corps, division, brigade commanders (k d b the other side)");
	ui_text_add(t, "Beside (or in) each unit, one mark gives its formation and facing:");
	for (int k = 0; k < GM_KINDS; k++) {
		char row[96] = "";
		int ways = wide ? marks[k].ways : marks[k].aways;
		for (int d = 0; d < 8; d += 8 / ways) {
			char mb[8];
			if (wide)
				snprintf(row + strlen(row), sizeof row - strlen(row), "%s", wide_text(marks[k].wide[d], mb));
			else
				snprintf(row + strlen(row), sizeof row - strlen(row), "%c", marks[k].ascii[d]);
		}
		ui_text_add(t, "  %s%*s%s%s", row, 10 - ui_text_width(ui, row) > 1 ? 10 - ui_text_width(ui, row) : 1,
		            "", marks[k].what, ways == 8 ? " (N NE E SE S SW W NW)" : ways == 4 ? " (N E S W)" : "");
	}
	if (!wide)
		ui_text_add(t, "          (skirmish lines: the facing as on a numeric keypad, 8 north)");
	ui_text_add(t, "  A crowded unit may show only its mark; one pushed out of its cells");
	ui_text_add(t, "  by another is shown in the nearest free cell.  Yours are drawn over");
	ui_text_add(t, "  the enemy's.");
	ui_text_add(t, "  underlined: units that can still act;  reverse: the selection");
	ui_text_add(t, "At the foot of the unit panel, for each side: obj N/M, the value of the");
	ui_text_add(t, "objectives it holds of all there are; lost N/M, the units it has lost");
	ui_text_add(t, "of the number whose loss breaks it (%d%% and %d%% of its units).",
	            g->side[SIDE_A].break_percent, g->side[SIDE_B].break_percent);
	for (int s = 0; s < 2; s++)
		snprintf(h[s], sizeof h[s], "%c", ui_holder_letter(g, s));
	snprintf(h[2], sizeof h[2], "-");
	{
		char mb[8];
		const char *flag = wide ? wide_text(L'\u2691', mb) : "@";
		ui_text_add(t, "  %s%s %s%s %s%s  an objective and who holds it: %s %s, %s %s, - nobody",
		            flag, h[0], flag, h[1], flag, h[2], h[0], g->side[SIDE_A].name, h[1],
		            g->side[SIDE_B].name);
	}
}
