/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-draw: the screen: map, unit panel, log, status and message lines.
 * Everything is drawn into curses' virtual screen and sent with one
 * doupdate() per key, so only what changed reaches the terminal. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/command.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/volley.h"
#include "ui-int.h"

/* ------------------------------------------------------------------ */
/* Text */

/* UTF-8 to plain ASCII for terminals that cannot show it: accented
 * letters lose their accents, anything else becomes '?'. */
static void to_ascii(const char *in, char *out, size_t size)
{
	static const char *const from[] = { "à", "á", "â", "ä", "ç", "è", "é", "ê", "ë", "ì", "í", "î", "ï",
	                                    "ò", "ó", "ô", "ö", "ù", "ú", "û", "ü", "ß", "É", "È", "Ö",
	                                    "Ü", "Ä", "–", "—", "’" };
	static const char *const to[] = { "a", "a", "a", "a", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	                                  "o", "o", "o", "o", "u", "u", "u", "u", "ss", "E", "E", "O",
	                                  "U", "A", "-", "-", "'" };
	size_t o = 0;
	while (*in && o + 3 < size) {
		unsigned char c = (unsigned char)*in;
		if (c < 0x80) {
			out[o++] = *in++;
			continue;
		}
		{
			bool done = false;
			for (size_t k = 0; k < sizeof from / sizeof from[0]; k++) {
				size_t len = strlen(from[k]);
				if (strncmp(in, from[k], len) == 0) {
					for (const char *t = to[k]; *t && o + 1 < size; t++)
						out[o++] = *t;
					in += len;
					done = true;
					break;
				}
			}
			if (done)
				continue;
		}
		out[o++] = '?';
		in++;
		while ((*in & 0xc0) == 0x80)
			in++;
	}
	out[o] = '\0';
}

int ui_text_width(const struct ui *ui, const char *text)
{
	if (ui->utf8) {
		wchar_t w[512];
		size_t n = mbstowcs(w, text, 511);
		if (n != (size_t)-1) {
			int width = wcswidth(w, n);
			return width >= 0 ? width : (int)n;
		}
	}
	{
		char a[512];
		to_ascii(text, a, sizeof a);
		return (int)strlen(a);
	}
}

void ui_put_text(struct ui *ui, int y, int x, int width, const char *text, attr_t attr, int pair)
{
	if (width <= 0 || y < 0 || y >= ui->rows)
		return;
	attr_set(attr, (short)(ui->colour ? pair : 0), NULL);
	if (ui->utf8) {
		wchar_t w[512];
		size_t n = mbstowcs(w, text, 511);
		if (n != (size_t)-1) {
			int used = 0;
			size_t k = 0;
			for (; k < n; k++) {
				int cw = wcwidth(w[k]);
				if (cw < 0)
					cw = 1;
				if (used + cw > width)
					break;
				used += cw;
			}
			mvaddnwstr(y, x, w, (int)k);
			attr_set(A_NORMAL, 0, NULL);
			return;
		}
	}
	{
		char a[512];
		to_ascii(text, a, sizeof a);
		mvaddnstr(y, x, a, width);
	}
	attr_set(A_NORMAL, 0, NULL);
}

/* Break text into lines of at most width display columns, at spaces
 * where it can (a word longer than the line is cut); the lines after the
 * first begin with indent spaces.  Each line goes to emit; returns how
 * many there were.  Without UTF-8 the text is made plain ASCII first, so
 * the widths are those that will be shown. */
int ui_wrap(const struct ui *ui, const char *text, int width, int indent,
            void (*emit)(void *ctx, const char *line), void *ctx)
{
	size_t len = strlen(text);
	char *plain = NULL, *line;
	const char *p;
	int n = 0;
	if (indent >= width)
		indent = 0;
	if (width < 1)
		width = 1;
	if (!ui->utf8) {
		plain = malloc(2 * len + 4);
		if (!plain)
			return 0;
		to_ascii(text, plain, 2 * len + 4);
		text = plain;
		len = strlen(text);
	}
	line = malloc(len + (size_t)indent + 2);
	if (!line) {
		free(plain);
		return 0;
	}
	p = text;
	do {
		const char *q = p, *brk = NULL;
		int w = n ? indent : 0, room = width;
		mbstate_t st;
		memset(&st, 0, sizeof st);
		/* Find the last space that leaves the line within the width. */
		while (*q) {
			wchar_t wc;
			size_t clen = mbrtowc(&wc, q, strlen(q), &st);
			int cw = 1;
			if (clen == (size_t)-1 || clen == (size_t)-2 || clen == 0) {
				clen = 1;
				memset(&st, 0, sizeof st);
			} else if (ui->utf8 && (cw = wcwidth(wc)) < 0) {
				cw = 1;
			}
			if (w + cw > room)
				break;
			if (*q == ' ')
				brk = q;
			w += cw;
			q += clen;
		}
		if (!*q || !brk || brk == p)
			brk = q;
		if (brk == p && *p) /* not even one character fits: take one */
			brk = p + 1;
		snprintf(line, len + (size_t)indent + 2, "%*s%.*s", n ? indent : 0, "", (int)(brk - p), p);
		emit(ctx, line);
		n++;
		p = brk;
		while (*p == ' ')
			p++;
	} while (*p);
	free(line);
	free(plain);
	return n;
}

void ui_text_add(struct ui_text *t, const char *fmt, ...)
{
	va_list ap;
	int len;
	char *line, **p;
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0 || !(line = malloc((size_t)len + 1)))
		return;
	va_start(ap, fmt);
	vsnprintf(line, (size_t)len + 1, fmt, ap);
	va_end(ap);
	p = realloc(t->lines, (size_t)(t->n + 1) * sizeof *p);
	if (!p) {
		free(line);
		return;
	}
	t->lines = p;
	t->lines[t->n++] = line;
}

void ui_text_emit(void *ctx, const char *line)
{
	ui_text_add(ctx, "%s", line);
}

void ui_text_free(struct ui_text *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	*t = (struct ui_text){ 0 };
}

void ui_flash(struct ui *ui, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->msg_error = error;
}

attr_t ui_side_attr(const struct ui *ui, int side, int *pair)
{
	*pair = side == SIDE_A ? CP_SIDE_A : CP_SIDE_B;
	/* Without colour, side A is bold and upper case, side B lower case. */
	return ui->colour ? A_BOLD : (side == SIDE_A ? A_BOLD : A_NORMAL);
}

/* ------------------------------------------------------------------ */
/* Layout and coordinates */

void ui_layout(struct ui *ui)
{
	getmaxyx(stdscr, ui->rows, ui->cols);
	ui->too_small = ui->rows < MIN_ROWS || ui->cols < MIN_COLS;
	ui->side_w = 28 + (ui->cols - MIN_COLS) / 3;
	if (ui->side_w > 48)
		ui->side_w = 48;
	ui->map_w = ui->cols - ui->side_w - 1;
	ui->side_x = ui->map_w + 1;
	/* The status line, then two rows: the message and the keys. */
	ui->map_h = ui->rows - 3;
	ui->status_y = ui->rows - 3;
	ui->msg_y = ui->rows - 2;
	ui->panel_h = 12;
	ui->tcache_ok = false;
}

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

static void put_glyph(struct ui *ui, int sy, int sx, char ascii, wchar_t wide, attr_t attr, int pair)
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

static bool on_table(const struct ui *ui, int sx, int sy)
{
	double x, y;
	ui_cell_centre(ui, sx, sy, &x, &y);
	return x >= 0 && y >= 0 && x <= ui->g->map.width && y <= ui->g->map.height;
}

/* The table's edge: a line round it in the cells just off it. */
static void edge_glyph(const struct ui *ui, int sx, int sy, struct tcell *c)
{
	bool l = on_table(ui, sx - 1, sy), r = on_table(ui, sx + 1, sy);
	bool u = on_table(ui, sx, sy - 1), d = on_table(ui, sx, sy + 1);
	*c = (struct tcell){ .ascii = ' ', .wide = L' ', .attr = A_DIM };
	if ((l || r) && !(u || d))
		c->ascii = '|', c->wide = L'\u2502';
	else if ((u || d) && !(l || r))
		c->ascii = '-', c->wide = L'\u2500';
	else if (on_table(ui, sx + 1, sy + 1))
		c->ascii = '+', c->wide = L'\u250c';
	else if (on_table(ui, sx - 1, sy + 1))
		c->ascii = '+', c->wide = L'\u2510';
	else if (on_table(ui, sx + 1, sy - 1))
		c->ascii = '+', c->wide = L'\u2514';
	else if (on_table(ui, sx - 1, sy - 1))
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
			if (!on_table(ui, sx, sy)) {
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
/* Units and overlays */

static const char arm_letter[ARM_COUNT] = { 'I', 'C', 'A', 'K' };

static void arrow_for(double facing, char *ascii, wchar_t *wide)
{
	static const char a4[4] = { '^', '>', 'v', '<' };
	static const wchar_t w8[8] = { L'\u2191', L'\u2197', L'\u2192', L'\u2198',
	                               L'\u2193', L'\u2199', L'\u2190', L'\u2196' };
	*ascii = a4[(int)floor(geom_norm_deg(facing + 45) / 90) % 4];
	*wide = w8[(int)floor(geom_norm_deg(facing + 22.5) / 45) % 8];
}

/* Draw one footprint: its cells show the arm's letter, the cell at its
 * front the facing; a footprint smaller than a cell shows its letter
 * where its centre is and the facing in the next cell ahead. */
static void draw_footprint(struct ui *ui, const struct obb *fp, char letter, attr_t attr,
                           int pair, bool *taken)
{
	struct vec2 corners[4], front = v2_add(fp->c, v2_scale(geom_dir(fp->facing), fp->d / 2 - 0.01));
	double minx = INFINITY, miny = INFINITY, maxx = -INFINITY, maxy = -INFINITY;
	int sx0, sy0, sx1, sy1, cells = 0, fx, fy;
	char arrow;
	wchar_t warrow;

	geom_obb_corners(fp, corners);
	for (int i = 0; i < 4; i++) {
		minx = fmin(minx, corners[i].x), maxx = fmax(maxx, corners[i].x);
		miny = fmin(miny, corners[i].y), maxy = fmax(maxy, corners[i].y);
	}
	ui_sx_sy(ui, minx, miny, &sx0, &sy0);
	ui_sx_sy(ui, maxx, maxy, &sx1, &sy1);
	arrow_for(fp->facing, &arrow, &warrow);
	ui_sx_sy(ui, front.x, front.y, &fx, &fy);
	for (int sy = sy0; sy <= sy1; sy++)
		for (int sx = sx0; sx <= sx1; sx++) {
			double x, y;
			if (!on_map(ui, sx, sy))
				continue;
			ui_cell_centre(ui, sx, sy, &x, &y);
			if (!geom_poly_contains(corners, 4, v2(x, y)))
				continue;
			cells++;
		}
	for (int sy = sy0; sy <= sy1; sy++)
		for (int sx = sx0; sx <= sx1; sx++) {
			double x, y;
			bool at_front;
			if (!on_map(ui, sx, sy))
				continue;
			ui_cell_centre(ui, sx, sy, &x, &y);
			if (!geom_poly_contains(corners, 4, v2(x, y)))
				continue;
			at_front = cells > 1 && sx == fx && sy == fy;
			put_glyph(ui, sy, sx, at_front ? arrow : letter, at_front ? warrow : (wchar_t)letter,
			          attr, pair);
			taken[sy * ui->map_w + sx] = true;
		}
	if (cells == 0) {
		int cx, cy, ax, ay;
		struct vec2 d = geom_dir(fp->facing);
		ui_sx_sy(ui, fp->c.x, fp->c.y, &cx, &cy);
		if (on_map(ui, cx, cy)) {
			put_glyph(ui, cy, cx, letter, (wchar_t)letter, attr, pair);
			taken[cy * ui->map_w + cx] = true;
		}
		ax = cx + (d.x > 0.38 ? 1 : d.x < -0.38 ? -1 : 0);
		ay = cy + (d.y > 0.38 ? 1 : d.y < -0.38 ? -1 : 0);
		if (on_map(ui, ax, ay) && !taken[ay * ui->map_w + ax] && (ax != cx || ay != cy))
			put_glyph(ui, ay, ax, arrow, warrow, attr & ~(attr_t)A_REVERSE, pair);
	}
}

/* Is the unit one of those that act now: its side has the initiative,
 * it belongs to the brigade (or division) that has it, and in the firing
 * phase it is one that fires (infantry or artillery)?  With ready, can
 * it still do something: in the manoeuvre phase it has not finished, in
 * the firing phase it may still fire. */
bool ui_unit_acts(const struct game *g, const struct unit *u, bool ready)
{
	bool in;
	if (u->state != US_ACTIVE || g->initiative != (int)u->side)
		return false;
	in = g->divmove >= 0 ? unit_division(g, u) == g->divmove : u->brigade == g->active_brigade;
	if (!in)
		return false;
	switch (g->phase) {
	case PHASE_MANOEUVRE:
		return !ready || !(u->acted & UA_DONE);
	case PHASE_FIRE:
		if (!unit_is_infantry(u) && !unit_is_artillery(u))
			return false;
		return !ready || volley_may_fire(g, u) == NULL;
	default:
		return false;
	}
}

/* Could the unit charge a point: within its charge allowance of its
 * footprint, and within a quarter turn of its facing (a unit turning over
 * 90 degrees cannot charge)?  Units that cannot charge reach nothing. */
static bool in_charge_arc(const struct unit *u, struct vec2 p, const struct shape *pt)
{
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	struct vec2 b[4];
	struct shape s;
	if (!m || m->charge <= 0 || unit_is_artillery(u) || u->form == FORM_SQUARE ||
	    u->form == FORM_ESQUARE || unit_has_marker(u, MK_BLUE))
		return false;
	if (fabs(geom_angle_diff(u->facing, geom_bearing(u->pos, p))) > rules_special.pivot_charge_limit)
		return false;
	s = unit_shape(u, b);
	return geom_distance(&s, pt) <= m->charge;
}

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
				mark = in_charge_arc(sel, p, &pt);
			if ((ui->overlays & OV_THREAT) && !mark)
				for (int i = 0; i < g->nunits && !mark; i++) {
					const struct unit *o = &g->units[i];
					if (o->state == US_ACTIVE && o->side == ui_threat_side(ui))
						mark = in_charge_arc(o, p, &pt);
				}
			if (mark) {
				/* The ground stays readable; the cell is highlighted. */
				const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
				put_glyph(ui, sy, sx, c->ascii, c->wide, A_REVERSE, CP_OVERLAY);
			}
		}
}

static void draw_map(struct ui *ui)
{
	const struct game *g = ui->g;
	bool *taken = calloc((size_t)ui->map_w * (size_t)ui->map_h + 1, 1);

	build_terrain(ui);
	if (!taken || !ui->tcache)
		return;
	for (int sy = 0; sy < ui->map_h; sy++)
		for (int sx = 0; sx < ui->map_w; sx++) {
			const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
			put_glyph(ui, sy, sx, c->ascii, c->wide, c->attr, c->pair);
		}
	/* Units, then command stands on top. */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct obb fp;
		int pair;
		attr_t attr;
		char letter;
		if (u->state != US_ACTIVE)
			continue;
		if (ui->ghost_on && ui->ghost.unit == i && ui->mode != MODE_CMOVE)
			attr = A_DIM;
		else
			attr = ui_side_attr(ui, u->side, &pair);
		ui_side_attr(ui, u->side, &pair);
		if (i == ui->sel_unit)
			attr |= A_REVERSE;
		if (ui_unit_acts(g, u, true))
			attr |= A_UNDERLINE;
		letter = arm_letter[unit_arm(u)];
		if (u->side == SIDE_B)
			letter = (char)(letter - 'A' + 'a');
		fp = unit_footprint(u);
		draw_footprint(ui, &fp, letter, attr, pair, taken);
	}
	if (ui->ghost_on && ui->ghost.ok && ui->ghost.unit >= 0 && ui->mode != MODE_CMOVE) {
		const struct unit *u = &g->units[ui->ghost.unit];
		struct obb fp = unit_footprint_as(u->type, ui->ghost.form, ui->ghost.pos, ui->ghost.facing);
		int pair;
		char letter = arm_letter[unit_arm(u)];
		ui_side_attr(ui, u->side, &pair);
		if (u->side == SIDE_B)
			letter = (char)(letter - 'A' + 'a');
		draw_footprint(ui, &fp, letter, A_BOLD | A_BLINK, CP_CURSOR, taken);
	}
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
		put_glyph(ui, sy, sx, letter, (wchar_t)letter, attr, pair);
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
		                     .d = fp.d + dist, .facing = fp.facing };
		geom_obb_corners(&band, corners);
		for (int sy = 0; sy < ui->map_h; sy++)
			for (int sx = 0; sx < ui->map_w; sx++) {
				double x, y;
				const struct tcell *c = &ui->tcache[sy * ui->map_w + sx];
				ui_cell_centre(ui, sx, sy, &x, &y);
				if (!taken[sy * ui->map_w + sx] && geom_poly_contains(corners, 4, v2(x, y)))
					put_glyph(ui, sy, sx, c->ascii == ' ' ? '.' : c->ascii,
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
					put_glyph(ui, sy, sx, c->ascii == ' ' ? ':' : c->ascii,
					          c->ascii == ' ' ? L'\u2591' : c->wide, A_BOLD, CP_OVERLAY);
			}
	free(taken);
}

/* ------------------------------------------------------------------ */
/* The side column: unit panel and log */

/* A panel line, wrapped (the rest indented) as far as the panel goes. */
static int panel_line(struct ui *ui, int row, const char *text, attr_t attr, int pair)
{
	struct ui_text w = { 0 };
	ui_wrap(ui, text, ui->side_w - 1, 2, ui_text_emit, &w);
	for (int k = 0; k < w.n && row < ui->panel_h; k++, row++)
		ui_put_text(ui, row, ui->side_x + 1, ui->side_w - 1, w.lines[k], attr, pair);
	ui_text_free(&w);
	return row;
}

static const char *compass(double facing)
{
	static const char *const n[8] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
	return n[(int)floor(geom_norm_deg(facing + 22.5) / 45) % 8];
}

static void add_word(char *buf, size_t size, const char *word)
{
	size_t len = strlen(buf);
	snprintf(buf + len, size - len, "%s%s", len ? " " : "", word);
}

/* What the unit may still do in this initiative, in a few words: the
 * orders that what it has done so far leaves open (the engine has the
 * last word, with the rule, when one is given). */
static void unit_options(const struct ui *ui, const struct unit *u, char *buf, size_t size)
{
	const struct game *g = ui->g;
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	bool div = g->divmove >= 0, after_div_move = div && (u->acted & UA_MOVED);
	bool crossed = u->acted & UA_CROSSED;
	buf[0] = '\0';
	if (!ui_unit_acts(g, u, false)) {
		bool ours = u->state == US_ACTIVE && g->initiative == (int)u->side &&
		            (div ? unit_division(g, u) == g->divmove : u->brigade == g->active_brigade);
		snprintf(buf, size, "%s", ours && g->phase == PHASE_FIRE ? "nothing: cavalry does not fire"
		                          : "not its turn");
		return;
	}
	if (unit_abandoned(u)) {
		snprintf(buf, size, "nothing: its guns are abandoned");
		return;
	}
	if (g->phase == PHASE_FIRE) {
		const char *no = volley_may_fire(g, u);
		snprintf(buf, size, no ? "no fire: %s" : "fire", no);
		return;
	}
	if (u->acted & UA_DONE) {
		snprintf(buf, size, "done this initiative");
		return;
	}
	if (!(u->acted & UA_MOVED) && !crossed && u->form != FORM_ESQUARE)
		add_word(buf, size, "move");
	if (!(u->acted & (UA_FORMED | UA_CHARGED)) && !crossed && !after_div_move)
		for (int f = 0; f < FORM_COUNT; f++)
			if (f != (int)u->form && f != FORM_ESQUARE &&
			    !unit_formation_refusal(u, (enum formation)f)) {
				add_word(buf, size, "form");
				break;
			}
	if (!crossed && !after_div_move)
		add_word(buf, size, "pivot");
	if (!div && !(u->acted & (UA_MOVED | UA_CROSSED | UA_NO_CHARGE)) && m && m->charge > 0 &&
	    !unit_is_artillery(u) && u->form != FORM_SQUARE && u->form != FORM_ESQUARE &&
	    !unit_has_marker(u, MK_BLUE) && command_status(g, u, NULL) != CS_NOT_IN_COMMAND) {
		/* Turning over 90 degrees in all forbids the charge. */
		double left = rules_special.pivot_charge_limit - u->pivoted;
		char w[64];
		if (u->pivoted > 1e-9)
			snprintf(w, sizeof w, "charge (turning %.0f more at most)", left > 0 ? left : 0);
		else
			snprintf(w, sizeof w, "charge");
		add_word(buf, size, w);
	}
	if (!buf[0])
		snprintf(buf, size, "nothing more");
}

static void draw_panel(struct ui *ui)
{
	struct game *g = ui->g;
	int unit = ui_unit_at(ui, ui->cx, ui->cy), row = 0, cm;
	char line[256], extra[256];
	int pair;

	if (unit < 0)
		unit = ui->sel_unit;
	cm = ui_cmdr_at(ui, ui->cx, ui->cy);
	if (unit < 0 && cm < 0)
		cm = ui->sel_cmdr;
	if (unit >= 0) {
		const struct unit *u = &g->units[unit];
		const struct brigade *b = &g->brigs[u->brigade];
		const struct division *d = &g->divs[b->division];
		double dist;
		enum cmd_status st = command_status(g, u, &dist);
		int k;
		attr_t a = ui_side_attr(ui, u->side, &pair);
		row = panel_line(ui, row, u->name, a, pair);
		snprintf(line, sizeof line, "%s: %s", u->id, unit_type_names[u->type].label);
		row = panel_line(ui, row, line, A_NORMAL, 0);
		snprintf(line, sizeof line, "%s, %s/%s/%s", rating_names[u->rating].key, b->id, d->id,
		         g->corps[d->corps].id);
		row = panel_line(ui, row, line, A_NORMAL, 0);
		snprintf(line, sizeof line, "SP %d/%d %s, facing %.0f %s", u->sp, u->sp0,
		         formation_names[u->form].label, u->facing, compass(u->facing));
		row = panel_line(ui, row, line, A_BOLD, 0);
		/* Markers with their meaning, and what they do not show. */
		extra[0] = '\0';
		for (int m = 0; m < MK_COUNT; m++)
			if (unit_has_marker(u, (enum marker)m))
				snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "%s%s",
				         extra[0] ? ", " : "", marker_names[m].label);
		if (u->acted & UA_FIRED)
			snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "%sfired",
			         extra[0] ? ", " : "");
		if (u->acted & UA_CHARGED)
			snprintf(extra + strlen(extra), sizeof extra - strlen(extra), "%scharged",
			         extra[0] ? ", " : "");
		snprintf(line, sizeof line, "markers: %s", extra[0] ? extra : "none");
		row = panel_line(ui, row, line, A_NORMAL, 0);
		if ((k = command_attached_to(g, unit)) >= 0)
			snprintf(line, sizeof line, "in command (%s attached)", g->cmdrs[k].name);
		else if (dist >= 0)
			snprintf(line, sizeof line, "%s, %.1f cm to HQ",
			         st == CS_CAUTIOUS ? "cautious" : cmd_status_names[st].label, dist);
		else
			snprintf(line, sizeof line, "%s (no HQ on table)", cmd_status_names[st].label);
		row = panel_line(ui, row, line, st == CS_NOT_IN_COMMAND ? A_BOLD : A_NORMAL, 0);
		{
			struct vec2 buf[4];
			struct shape s = unit_shape(u, buf);
			size_t len = (size_t)snprintf(line, sizeof line, "ground:");
			int n = 0;
			for (int i = 0; i < g->map.nf && len < sizeof line; i++)
				if (terrain_touches(&g->map.f[i], &s)) {
					len += (size_t)snprintf(line + len, sizeof line - len, " %s",
					                        terrain_names[g->map.f[i].type].label);
					n++;
				}
			if (!n)
				snprintf(line + len, sizeof line - len, " open");
			row = panel_line(ui, row, line, A_NORMAL, 0);
		}
		unit_options(ui, u, extra, sizeof extra);
		snprintf(line, sizeof line, "may: %s", extra);
		row = panel_line(ui, row, line, A_NORMAL, 0);
	} else if (cm >= 0) {
		const struct commander *c = &g->cmdrs[cm];
		attr_t a = ui_side_attr(ui, c->side, &pair);
		row = panel_line(ui, row, c->name, a, pair);
		snprintf(line, sizeof line, "%s (%s)", cmd_level_names[c->level].label, c->id);
		row = panel_line(ui, row, line, A_NORMAL, 0);
		if (c->level != CL_BRIGADE) {
			snprintf(line, sizeof line, "%s, radius %.0f cm", cmd_rating_names[c->rating].label,
			         commander_radius(c));
			row = panel_line(ui, row, line, A_NORMAL, 0);
		}
		if (c->flags & CF_EVADED)
			row = panel_line(ui, row, "evaded: no command radius", A_BOLD, 0);
	} else {
		snprintf(line, sizeof line, "(%.1f, %.1f) cm", ui->cx, ui->cy);
		row = panel_line(ui, row, line, A_NORMAL, 0);
		row = panel_line(ui, row, "No unit here.", A_DIM, 0);
		char k1[16], k2[16];
		snprintf(line, sizeof line, "%s selects, %s helps.", ui_key(ui, ACT_SELECT, k1),
		         ui_key(ui, ACT_HELP, k2));
		row = panel_line(ui, row, line, A_DIM, 0);
	}
	(void)row;
}

static void draw_log(struct ui *ui)
{
	const struct game *g = ui->g;
	int top = ui->panel_h + 1, height = ui->status_y - top, width = ui->side_w - 1, row;
	int last = ui->log_limit >= 0 && ui->log_limit < g->nlog ? ui->log_limit : g->nlog;
	if (height <= 0)
		return;
	/* Newest at the bottom: wrap entries from the end until the panel is full. */
	row = top + height - 1;
	for (int i = last - 1; i >= 0 && row >= top; i--) {
		struct ui_text w = { 0 };
		bool dice = strstr(g->log[i].text, "D6 ") != NULL;
		ui_wrap(ui, g->log[i].text, width, 1, ui_text_emit, &w);
		for (int k = w.n - 1; k >= 0 && row >= top; k--, row--)
			ui_put_text(ui, row, ui->side_x + 1, width, w.lines[k], dice ? A_DIM : A_NORMAL, 0);
		ui_text_free(&w);
	}
}

const struct frame_chars *ui_frame(const struct ui *ui)
{
	static struct frame_chars acs, ascii = { '|', '-', '+', '+', '+', '+', '+' };
	if (!ui->utf8 || ui->opt.ascii)
		return &ascii;
	acs = (struct frame_chars){ ACS_VLINE, ACS_HLINE, ACS_LTEE, ACS_ULCORNER, ACS_URCORNER,
	                            ACS_LLCORNER, ACS_LRCORNER };
	return &acs;
}

static void draw_frame(struct ui *ui)
{
	const struct frame_chars *f = ui_frame(ui);
	attr_set(A_NORMAL, 0, NULL);
	mvvline(0, ui->map_w, f->v, ui->status_y);
	mvhline(ui->panel_h, ui->side_x, f->h, ui->side_w);
	mvaddch(ui->panel_h, ui->map_w, f->tee);
	char title[40], kb[16];
	snprintf(title, sizeof title, " Log (%s: all) ", ui_key(ui, ACT_LOG, kb));
	ui_put_text(ui, ui->panel_h, ui->side_x + 1, ui->side_w - 2, title, A_DIM, 0);
}

/* The status line, shortened step by step until it fits: the scale
 * written short, the side's name without its parenthesis, "init" for
 * "initiative", then the side's name cut, then tighter separators. */
static void status_text(const struct ui *ui, char *line, size_t size)
{
	const struct game *g = ui->g;
	char clock[8], who[64];
	const char *brig = g->divmove >= 0 ? g->divs[g->divmove].id
	                   : g->active_brigade >= 0 ? g->brigs[g->active_brigade].id : "-";
	snprintf(who, sizeof who, "%s", g->initiative >= 0 ? g->side[g->initiative].name : "-");
	for (int level = 0; level <= 5; level++) {
		const char *sep = level >= 5 ? "|" : " | ";
		char scale[32];
		if (level >= 2 && strstr(who, " ("))
			*strstr(who, " (") = '\0';
		if (level >= 4 && strlen(who) > 10)
			snprintf(who + 8, sizeof who - 8, "..");
		if (level >= 1)
			snprintf(scale, sizeof scale, "%gcm/col", ui->zoom);
		else
			snprintf(scale, sizeof scale, "1 col = %g cm", ui->zoom);
		snprintf(line, size, "T%d/%d %s %s%s%s: %s%s%s%s%s%s%s", g->turn, g->turns,
		         weather_clock(g, g->turn, clock), sky_names[g->wx.sky].label, sep, who,
		         g->phase == PHASE_OVER ? "battle over" : level >= 3 ? "init" : "initiative", sep, brig,
		         sep, phase_names[g->phase].label, sep, scale);
		if (ui_text_width(ui, line) <= ui->cols)
			return;
	}
}

const char *ui_key(const struct ui *ui, enum action a, char buf[16])
{
	return options_key_name(ui->opt.key[a], buf);
}

/* A hint: the key (from the keymap, or a fixed key), what it does, and
 * how much it matters (0 first). */
struct hint {
	int act;          /* an action of the keymap, or -1 */
	const char *key;  /* a fixed key when act is -1 */
	const char *text;
	int prio;
};

/* The hints that fit in width, those that matter most first, shown in
 * the order given. */
static void fit_hints(const struct ui *ui, const struct hint *h, int n, int width, char *out,
                      size_t size)
{
	char item[24][64];
	bool take[24] = { false };
	int used = 0;
	if (n > 24)
		n = 24;
	for (int i = 0; i < n; i++) {
		char kb[16];
		const char *key = h[i].act >= 0 ? ui_key(ui, (enum action)h[i].act, kb) : h[i].key;
		snprintf(item[i], sizeof item[i], "%s %s", key, h[i].text);
	}
	for (int prio = 0; prio < 10; prio++)
		for (int i = 0; i < n; i++) {
			int w = ui_text_width(ui, item[i]) + (used ? 2 : 0);
			if (h[i].prio != prio || used + w > width)
				continue;
			take[i] = true;
			used += w;
		}
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		if (take[i])
			snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? "  " : "", item[i]);
}

/* The keys that matter now, built from the keymap. */
static void hint_line(const struct ui *ui, char *out, size_t size)
{
	const struct game *g = ui->g;
	static const struct hint move[] = {
		{ -1, "Enter", "orders", 0 }, { -1, "Esc", "cancels", 0 }, { -1, "0-9", "cm", 1 },
		{ ACT_MOVE, NULL, "as far as allowed", 1 }, { -1, "Backspace", "erases", 3 },
		{ -1, "arrows", "where to stop", 2 }, { ACT_HELP, NULL, "help", 0 },
	};
	static const struct hint pivot[] = {
		{ -1, "Enter", "orders", 0 }, { -1, "Esc", "cancels", 0 }, { -1, "arrows", "face the cursor", 1 },
		{ -1, "< >", "15 degrees", 1 }, { -1, ", .", "1 degree", 2 }, { ACT_HELP, NULL, "help", 0 },
	};
	static const struct hint target[] = {
		{ -1, "Enter", "orders", 0 }, { -1, "Esc", "cancels", 0 }, { ACT_NEXT, NULL, "next target", 1 },
		{ ACT_ZOOM_IN, NULL, "zoom in", 2 }, { ACT_ZOOM_OUT, NULL, "zoom out", 2 },
		{ ACT_HELP, NULL, "help", 0 },
	};
	static const struct hint cmove[] = {
		{ -1, "Enter", "ends at the cursor", 0 }, { -1, "Esc", "cancels", 0 },
		{ ACT_SELECT, NULL, "adds a point", 1 }, { ACT_HELP, NULL, "help", 0 },
	};
	static const struct hint initiative[] = {
		{ ACT_HELP, NULL, "help", 0 }, { ACT_BRIGADE, NULL, "give a brigade the initiative", 0 },
		{ ACT_DIVISION, NULL, "division manoeuvre", 1 }, { ACT_LOG, NULL, "log", 2 },
		{ ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint manoeuvre[] = {
		{ ACT_HELP, NULL, "help", 0 }, { ACT_SELECT, NULL, "select", 1 }, { ACT_NEXT, NULL, "next", 2 },
		{ ACT_MOVE, NULL, "move", 1 }, { ACT_PIVOT, NULL, "pivot", 2 }, { ACT_FORM, NULL, "form", 2 },
		{ ACT_CHARGE, NULL, "charge", 3 }, { ACT_SPECIAL, NULL, "special", 5 },
		{ ACT_END, NULL, "end phase", 1 }, { ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint fire[] = {
		{ ACT_HELP, NULL, "help", 0 }, { ACT_SELECT, NULL, "select", 1 }, { ACT_NEXT, NULL, "next", 2 },
		{ ACT_READY, NULL, "next that can fire", 3 }, { ACT_FIRE, NULL, "fire", 1 },
		{ ACT_OVL_RANGE, NULL, "ranges", 4 }, { ACT_END, NULL, "end phase", 1 },
		{ ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint watching[] = {
		{ -1, "Space", "pauses", 0 }, { -1, "+ -", "pace", 1 }, { ACT_LOG, NULL, "log", 1 },
		{ ACT_HELP, NULL, "help", 0 }, { ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint computer[] = {
		{ -1, "(the computer plays)", "a key hurries it", 0 }, { ACT_LOG, NULL, "log", 1 },
		{ ACT_HELP, NULL, "help", 0 }, { ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint other[] = {
		{ ACT_HELP, NULL, "help", 0 }, { ACT_SELECT, NULL, "select", 1 }, { ACT_LOG, NULL, "log", 1 },
		{ ACT_QUIT, NULL, "quit", 0 },
	};
#define HINTS(a) fit_hints(ui, a, (int)(sizeof a / sizeof a[0]), ui->cols, out, size)
	switch (ui->mode) {
	case MODE_MOVE: HINTS(move); return;
	case MODE_PIVOT: HINTS(pivot); return;
	case MODE_TARGET: HINTS(target); return;
	case MODE_CMOVE: HINTS(cmove); return;
	default: break;
	}
	if (ui->ai_turn && ui->watch)
		HINTS(watching);
	else if (ui->ai_turn)
		HINTS(computer);
	else if (g->phase == PHASE_INITIATIVE)
		HINTS(initiative);
	else if (g->phase == PHASE_MANOEUVRE)
		HINTS(manoeuvre);
	else if (g->phase == PHASE_FIRE)
		HINTS(fire);
	else
		HINTS(other);
#undef HINTS
}

struct rows {
	char line[4][512];
	int n;
};

static void rows_emit(void *ctx, const char *line)
{
	struct rows *r = ctx;
	if (r->n < 4)
		snprintf(r->line[r->n++], sizeof r->line[0], "%s", line);
}

/* The status line, the message (wrapped: a refusal is read whole) and
 * the keys that matter now.  A message longer than its two rows takes
 * rows over the map above. */
static void draw_status(struct ui *ui)
{
	char line[320], hint[320];
	struct rows m = { .n = 0 };
	int msg_rows = 2, y;
	if (ui->msg[0])
		ui_wrap(ui, ui->msg, ui->cols, 2, rows_emit, &m);
	if (m.n > msg_rows)
		msg_rows = m.n;
	y = ui->rows - 1 - msg_rows;
	status_text(ui, line, sizeof line);
	attr_set(A_REVERSE, 0, NULL);
	mvhline(y, 0, ' ', ui->cols);
	ui_put_text(ui, y, 0, ui->cols, line, A_REVERSE, 0);
	for (int r = 0; r < msg_rows; r++) {
		move(y + 1 + r, 0);
		clrtoeol();
		if (r < m.n)
			ui_put_text(ui, y + 1 + r, 0, ui->cols, m.line[r], ui->msg_error ? A_BOLD : A_NORMAL, 0);
	}
	if (m.n < msg_rows) {
		hint_line(ui, hint, sizeof hint);
		ui_put_text(ui, ui->rows - 1, 0, ui->cols, hint, A_DIM, 0);
	}
}

/* Everything into curses' virtual screen; nothing is sent yet. */
void ui_compose(struct ui *ui)
{
	erase();
	if (ui->too_small) {
		char line[80];
		int y = ui->rows / 2 - 1;
		snprintf(line, sizeof line, "This terminal is %dx%d:", ui->cols, ui->rows);
		mvaddnstr(y > 0 ? y - 1 : 0, 0, line, ui->cols);
		snprintf(line, sizeof line, "grognard needs %dx%d.", MIN_COLS, MIN_ROWS);
		mvaddnstr(y > 0 ? y : 1, 0, line, ui->cols);
		char kb[16];
		snprintf(line, sizeof line, "Enlarge it to go on (%s quits).", ui_key(ui, ACT_QUIT, kb));
		mvaddnstr(y > 0 ? y + 1 : 2, 0, line, ui->cols);
		/* A question asked here (quit?) must be seen. */
		if (ui->msg[0]) {
			struct ui_text w = { 0 };
			ui_wrap(ui, ui->msg, ui->cols, 0, ui_text_emit, &w);
			for (int k = 0; k < w.n && (y > 0 ? y + 3 : 4) + k < ui->rows; k++)
				ui_put_text(ui, (y > 0 ? y + 3 : 4) + k, 0, ui->cols, w.lines[k], A_BOLD, 0);
			ui_text_free(&w);
		}
		return;
	}
	draw_map(ui);
	draw_frame(ui);
	draw_panel(ui);
	draw_log(ui);
	draw_status(ui);
	{
		int sx, sy;
		ui_sx_sy(ui, ui->cx, ui->cy, &sx, &sy);
		if (on_map(ui, sx, sy))
			move(sy, sx);
	}
}

/* Send what changed since the last update: one per key or event. */
void ui_show(void)
{
	wnoutrefresh(stdscr);
	doupdate();
}

void ui_draw(struct ui *ui)
{
	ui_compose(ui);
	ui_show();
}

/* The map's legend: every glyph as it is drawn here (UTF-8 or ASCII),
 * padded by its width on screen. */
void ui_legend(const struct ui *ui, struct ui_text *t)
{
	char gb[8], row[64] = "";
	bool wide = ui->utf8 && !ui->opt.ascii;
	const struct game *g = ui->g;
	ui_text_add(t, "The map (1 column = %g cm; a row is twice as tall):", ui->zoom);
	ui_text_add(t, "  I C A   infantry, cavalry, artillery of %s", g->side[SIDE_A].name);
	ui_text_add(t, "  i c a   the same of %s", g->side[SIDE_B].name);
	ui_text_add(t, "  K D B   corps, division, brigade commanders (k d b the other side)");
	for (int f = 0; f < 360; f += wide ? 45 : 90) {
		char a;
		wchar_t w;
		arrow_for(f, &a, &w);
		if (wide) {
			wchar_t ws[2] = { w, 0 };
			char mb[8];
			if (wcstombs(mb, ws, sizeof mb) != (size_t)-1)
				snprintf(row + strlen(row), sizeof row - strlen(row), "%s ", mb);
		} else {
			snprintf(row + strlen(row), sizeof row - strlen(row), "%c ", a);
		}
	}
	ui_text_add(t, "  %s a unit's facing, at its front edge or in front of it", row);
	ui_text_add(t, "  underlined: units that can still act;  reverse: the selection");
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
