/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-panel: the screen round the map and the whole of it: the layout, the
 * unit panel, the log, the frame, the status, message and key lines.
 * Everything is drawn into curses' virtual screen and sent with one
 * doupdate() per key, so only what changed reaches the terminal. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/command.h"
#include "engine/query.h"
#include "engine/rules.h"
#include "engine/victory.h"
#include "engine/volley.h"
#include "ui-int.h"

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

/* ------------------------------------------------------------------ */
/* The side column: unit panel and log */

/* The panel's last rows: the score. */
#define SCORE_ROWS 2

/* A panel line, wrapped (the rest indented) as far as the panel goes. */
static int panel_line(struct ui *ui, int row, const char *text, attr_t attr, int pair)
{
	struct ui_text w = { 0 };
	ui_wrap(ui, text, ui->side_w - 1, 2, ui_text_emit, &w);
	for (int k = 0; k < w.n && row < ui->panel_h - SCORE_ROWS; k++, row++)
		ui_put_text(ui, row, ui->side_x + 1, ui->side_w - 1, w.lines[k], attr, pair);
	ui_text_free(&w);
	return row;
}

static const char *compass(double facing)
{
	static const char *const n[8] = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" };
	return n[(int)floor(geom_norm_deg(facing + 22.5) / 45) % 8];
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
		query_unit_options_text(g, unit, extra, sizeof extra);
		snprintf(line, sizeof line, "may: %s", extra);
		row = panel_line(ui, row, line, A_NORMAL, 0);
	} else if (cm >= 0) {
		const struct commander *c = &g->cmdrs[cm];
		attr_t a = ui_side_attr(ui, c->side, &pair);
		row = panel_line(ui, row, c->name, a, pair);
		snprintf(line, sizeof line, "%s (%s)", cmd_level_names[c->level].label, c->id);
		row = panel_line(ui, row, line, A_NORMAL, 0);
		if (c->level != CL_BRIGADE) {
			snprintf(line, sizeof line, "%s, radius %g cm", cmd_rating_names[c->rating].label,
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

void ui_score_line(const struct ui *ui, int side, int width, char *line, size_t size)
{
	const struct game *g = ui->g;
	int lost, units, spl, sp0, need;
	char name[NAME_LEN], obj[32] = "";
	victory_losses(g, side, &lost, &units, &spl, &sp0);
	need = victory_break_at(g, side, units);
	if (g->nobj)
		snprintf(obj, sizeof obj, "obj %d/%d ", victory_points(g, side), victory_points_total(g));
	snprintf(name, sizeof name, "%s", g->side[side].name);
	if (strstr(name, " ("))
		*strstr(name, " (") = '\0';
	for (;;) {
		snprintf(line, size, "%s: %slost %d/%d", name, obj, lost, need);
		if (ui_text_width(ui, line) <= width || strlen(name) <= 3)
			return;
		name[strlen(name) - 1] = '\0';
	}
}

/* The foot of the panel: each side's objectives held (of all there are)
 * and its units lost against the number that breaks it. */
static void draw_score(struct ui *ui)
{
	char line[160];
	for (int s = 0; s < SIDE_COUNT; s++) {
		int pair;
		attr_t a = ui_side_attr(ui, s, &pair);
		ui_score_line(ui, s, ui->side_w - 1, line, sizeof line);
		ui_put_text(ui, ui->panel_h - SCORE_ROWS + s, ui->side_x + 1, ui->side_w - 1, line, a, pair);
	}
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
		if (g->phase == PHASE_OVER) {
			/* No initiative, brigade or phase: who won instead. */
			char won[80];
			if (g->winner >= 0)
				snprintf(won, sizeof won, "%s win", g->side[g->winner].name);
			else
				snprintf(won, sizeof won, "a draw");
			if (level >= 2 && strstr(won, " ("))
				snprintf(strstr(won, " ("), sizeof won - (size_t)(strstr(won, " (") - won), " win");
			snprintf(line, size, "T%d/%d %s %s%sBattle over: %s%s%s", g->turn, g->turns,
			         weather_clock(g, g->turn, clock), sky_names[g->wx.sky].label, sep, won, sep, scale);
			if (ui_text_width(ui, line) <= ui->cols)
				return;
			continue;
		}
		snprintf(line, size, "T%d/%d %s %s%s%s: %s%s%s%s%s%s%s", g->turn, g->turns,
		         weather_clock(g, g->turn, clock), sky_names[g->wx.sky].label, sep, who,
		         level >= 3 ? "init" : "initiative", sep, brig,
		         sep, phase_names[g->phase].label, sep, scale);
		if (ui_text_width(ui, line) <= ui->cols)
			return;
	}
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
			if (h[i].prio != prio || used + w > width || (h[i].act >= 0 && !ui->opt.key[h[i].act]))
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
		{ ACT_STOP_SHORT, NULL, "stops short", 4 },
		{ -1, "arrows", "where to stop", 2 }, { ACT_HELP, NULL, "help", 0 },
	};
	static const struct hint pivot[] = {
		{ -1, "Enter", "orders", 0 }, { -1, "Esc", "cancels", 0 }, { -1, "arrows", "face the cursor", 1 },
		{ -1, "< >", UI_STR(UI_TURN_STEP) " degrees", 1 }, { -1, ", .", UI_STR(UI_TURN_FINE) " degree", 2 },
		{ ACT_HELP, NULL, "help", 0 },
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
		{ ACT_ROSTER, NULL, "roster", 3 }, { ACT_DESCRIBE, NULL, "describe", 4 },
		{ ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint manoeuvre[] = {
		{ ACT_HELP, NULL, "help", 0 }, { ACT_SELECT, NULL, "select", 1 }, { ACT_NEXT, NULL, "next", 2 },
		{ ACT_MOVE, NULL, "move", 1 }, { ACT_MOVETO, NULL, "turn+move", 4 },
		{ ACT_PIVOT, NULL, "pivot", 2 }, { ACT_FORM, NULL, "form", 2 },
		{ ACT_CHARGE, NULL, "charge", 3 }, { ACT_SPECIAL, NULL, "special", 5 },
		{ ACT_END, NULL, "end phase", 1 }, { ACT_QUIT, NULL, "quit", 0 },
	};
	static const struct hint fire[] = {
		{ ACT_HELP, NULL, "help", 0 }, { ACT_SELECT, NULL, "select", 1 }, { ACT_NEXT, NULL, "next", 2 },
		{ ACT_READY, NULL, "next that can fire", 3 }, { ACT_FIRE, NULL, "fire", 1 },
		{ ACT_OVL_RANGE, NULL, "ranges", 4 }, { ACT_END, NULL, "end phase", 1 },
		{ ACT_END_ALL, NULL, "end initiative", 5 },
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
		{ ACT_ROSTER, NULL, "roster", 2 }, { ACT_DESCRIBE, NULL, "describe", 2 },
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
	ui_map_draw(ui);
	draw_frame(ui);
	draw_panel(ui);
	draw_score(ui);
	draw_log(ui);
	draw_status(ui);
	ui_map_cursor(ui);
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

