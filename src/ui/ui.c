/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui: the keyboard player: keys become orders (the same orders the ':'
 * command line gives), modes preview a move or a pivot before it is given,
 * the computer's turns are shown as they are played. */
#include "config.h"

#include <ctype.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "engine/command.h"
#include "engine/fire.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/victory.h"
#include "ui-int.h"

#define ESC 27

/* Zoom levels, cm per column. */
static const double zooms[] = { 0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 15 };
#define NZOOMS ((int)(sizeof zooms / sizeof zooms[0]))

static void fit_zoom(struct ui *ui)
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
static void keep_in_view(struct ui *ui)
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
		keep_in_view(ui);
	} else {
		fit_zoom(ui);
		keep_in_view(ui);
	}
}

static void centre_on(struct ui *ui, struct vec2 p)
{
	ui->cx = p.x;
	ui->cy = p.y;
	ui->ox = p.x - ui->map_w * ui->zoom / 2;
	ui->oy = p.y - ui->map_h * ui->zoom;
	keep_in_view(ui);
}

static void set_zoom(struct ui *ui, int dir)
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
	centre_on(ui, v2(ui->cx, ui->cy));
}

static int key_action(const struct ui *ui, int ch)
{
	switch (ch) {
	case KEY_LEFT:
		return ACT_LEFT;
	case KEY_RIGHT:
		return ACT_RIGHT;
	case KEY_UP:
		return ACT_UP;
	case KEY_DOWN:
		return ACT_DOWN;
	case KEY_SLEFT:
		return ACT_FLEFT;
	case KEY_SRIGHT:
		return ACT_FRIGHT;
	case KEY_SR:
		return ACT_FUP;
	case KEY_SF:
		return ACT_FDOWN;
	case '\n':
	case '\r':
	case KEY_ENTER:
		return ACT_SELECT;
	default:
		break;
	}
	for (int a = 0; a < ACT_COUNT; a++)
		if (ui->opt.key[a] == ch)
			return a;
	return -1;
}

/* Cursor actions: true when the action was one. */
static bool cursor_action(struct ui *ui, int act)
{
	static const int dx[] = { [ACT_LEFT] = -1, [ACT_RIGHT] = 1, [ACT_UPLEFT] = -1, [ACT_UPRIGHT] = 1,
	                          [ACT_DOWNLEFT] = -1, [ACT_DOWNRIGHT] = 1, [ACT_FLEFT] = -8,
	                          [ACT_FRIGHT] = 8, [ACT_FUPLEFT] = -8, [ACT_FUPRIGHT] = 8,
	                          [ACT_FDOWNLEFT] = -8, [ACT_FDOWNRIGHT] = 8 };
	static const int dy[] = { [ACT_UP] = -1, [ACT_DOWN] = 1, [ACT_UPLEFT] = -1, [ACT_UPRIGHT] = -1,
	                          [ACT_DOWNLEFT] = 1, [ACT_DOWNRIGHT] = 1, [ACT_FUP] = -8, [ACT_FDOWN] = 8,
	                          [ACT_FUPLEFT] = -8, [ACT_FUPRIGHT] = -8, [ACT_FDOWNLEFT] = 8,
	                          [ACT_FDOWNRIGHT] = 8 };
	if (act < 0 || act > ACT_FDOWNRIGHT)
		return false;
	ui->cx += dx[act] * ui->zoom;
	ui->cy += dy[act] * 2 * ui->zoom;
	keep_in_view(ui);
	return true;
}

static void give(struct ui *ui, const struct order *o)
{
	ui->out = *o;
	ui->have_order = true;
	ui->mode = MODE_NORMAL;
	ui->ghost_on = false;
	ui->msg[0] = '\0';
}

/* The units of the side at the keyboard that act in this phase. */
static bool in_hand(const struct ui *ui, const struct unit *u, bool ready)
{
	return u->side == ui->acting && ui_unit_acts(ui->g, u, ready);
}

static void select_unit(struct ui *ui, int unit)
{
	ui->sel_unit = unit;
	ui->sel_cmdr = -1;
	if (unit >= 0) {
		ui->cx = ui->g->units[unit].pos.x;
		ui->cy = ui->g->units[unit].pos.y;
		keep_in_view(ui);
	}
}

static void cycle_units(struct ui *ui, int dir, bool ready_only)
{
	const struct game *g = ui->g;
	int start = ui->sel_unit < 0 ? (dir > 0 ? -1 : g->nunits) : ui->sel_unit;
	for (int k = 1; k <= g->nunits; k++) {
		int i = ((start + dir * k) % g->nunits + g->nunits) % g->nunits;
		const struct unit *u = &g->units[i];
		if (!in_hand(ui, u, ready_only))
			continue;
		select_unit(ui, i);
		return;
	}
	ui_flash(ui, false, "%s", g->phase == PHASE_MANOEUVRE ? "No unit of yours can act now."
	                          : g->phase == PHASE_FIRE    ? "No unit of yours can fire now."
	                                                      : "Units act in the manoeuvre and firing phases.");
}

/* The selected unit, when it is one the player may order now. */
static int my_unit(struct ui *ui)
{
	if (ui->sel_unit < 0) {
		int u = ui_unit_at(ui, ui->cx, ui->cy);
		if (u >= 0)
			ui->sel_unit = u;
	}
	if (ui->sel_unit < 0) {
		char k1[16], k2[16];
		ui_flash(ui, true, "Select a unit first (%s on it, or %s).", ui_key(ui, ACT_SELECT, k1),
		         ui_key(ui, ACT_NEXT, k2));
		return -1;
	}
	return ui->sel_unit;
}

static void preview(struct ui *ui)
{
	order_preview(ui->g, ui->acting, &ui->pending, &ui->ghost);
	ui->ghost_on = true;
	if (!ui->ghost.ok)
		ui_flash(ui, true, "%s", ui->ghost.why);
}

/* ------------------------------------------------------------------ */
/* Menus that build orders */

static void brigade_menu(struct ui *ui)
{
	const struct game *g = ui->g;
	const char *keys[64], *labels[64];
	char kb[64][4];
	int idx[64], n = 0;
	for (int b = 0; b < g->nbrigs && n < 62; b++)
		if (brigade_side(g, b) == ui->acting && seq_brigade_available(g, b)) {
			snprintf(kb[n], 4, "%c", n < 9 ? '1' + n : 'a' + n - 9);
			keys[n] = kb[n];
			labels[n] = g->brigs[b].name;
			idx[n++] = b;
		}
	if (g->phase != PHASE_INITIATIVE || !n) {
		ui_flash(ui, true, "A brigade is chosen when your side has just won the initiative.");
		return;
	}
	{
		int k = ui_menu(ui, "Give the initiative to:", keys, labels, n, "Esc: cancel");
		struct order o = order_new(ORD_BRIGADE);
		if (k < 0)
			return;
		o.target = idx[k];
		give(ui, &o);
	}
}

static void division_menu(struct ui *ui)
{
	const struct game *g = ui->g;
	const char *keys[32], *labels[32];
	char kb[32][4];
	int idx[32], n = 0;
	for (int d = 0; d < g->ndivs && n < 30; d++) {
		bool fresh = true;
		if (division_side(g, d) != ui->acting)
			continue;
		for (int b = 0; b < g->nbrigs; b++)
			if (g->brigs[b].division == d && g->brigs[b].used)
				fresh = false;
		if (!fresh)
			continue;
		snprintf(kb[n], 4, "%c", n < 9 ? '1' + n : 'a' + n - 9);
		keys[n] = kb[n];
		labels[n] = g->divs[d].name;
		idx[n++] = d;
	}
	if (g->phase != PHASE_INITIATIVE || !n) {
		ui_flash(ui, true, "A division manoeuvre is chosen instead of a brigade, before any of its "
		         "brigades has had the initiative this Turn.");
		return;
	}
	{
		int k = ui_menu(ui, "Division manoeuvre (no enemy within 12 cm):", keys, labels, n, NULL);
		struct order o = order_new(ORD_DIVMOVE);
		if (k < 0)
			return;
		o.target = idx[k];
		give(ui, &o);
	}
}

static void form_menu(struct ui *ui)
{
	const struct game *g = ui->g;
	static const char *const keys[] = { "l", "c", "s", "k" };
	static const enum formation forms[] = { FORM_LINE, FORM_COLUMN, FORM_SQUARE, FORM_SKIRMISH };
	const char *k2[4], *labels[4];
	enum formation f2[4];
	int n = 0, u = my_unit(ui), k;
	struct order o;
	if (u < 0)
		return;
	for (int i = 0; i < 4; i++)
		if (g->units[u].form != forms[i] && !unit_formation_refusal(&g->units[u], forms[i])) {
			k2[n] = keys[i];
			labels[n] = formation_names[forms[i]].label;
			f2[n++] = forms[i];
		}
	if (!n) {
		ui_flash(ui, true, "%s has no other formation it may take.", g->units[u].id);
		return;
	}
	k = ui_menu(ui, "Change formation to:", k2, labels, n,
	            "one stand stays in place; ':form' chooses which");
	if (k < 0)
		return;
	o = order_new(ORD_FORM);
	o.unit = u;
	o.form = f2[k];
	if (g->units[u].form == FORM_SQUARE) {
		double facing;
		if (!ui_ask_number(ui, "Leaving square: face which way (degrees)?", g->units[u].facing, &facing))
			return;
		o.a = facing;
		o.has_a = true;
	}
	give(ui, &o);
}

/* A bridge or landmark the unit touches, or -1. */
static int touching(const struct ui *ui, int unit, enum terrain_type t)
{
	const struct game *g = ui->g;
	struct vec2 buf[4];
	struct shape s = unit_shape(&g->units[unit], buf);
	for (int i = 0; i < g->map.nf; i++)
		if (g->map.f[i].type == t && terrain_touches(&g->map.f[i], &s))
			return i;
	return -1;
}

static void special_menu(struct ui *ui)
{
	const struct game *g = ui->g;
	static const char *const keys[] = { "s", "b", "o", "i", "p", "r", "x", "l" };
	static const char *const labels[] = {
		"side-step (infantry in line or skirmish line, 6 cm)",
		"step back (infantry in line or skirmish line, 6 cm)",
		"oblique (3 cm forward and 3 cm sideways)",
		"inch a square toward the cursor (4 cm; 2 near cavalry)",
		"prolong artillery (1 cm, negative backwards)",
		"redeploy artillery toward the cursor (no fire after)",
		"cross the bridge it touches",
		"occupy (or leave) the landmark it touches",
	};
	int u = my_unit(ui), k, f;
	double a, b, sign;
	struct order o;
	const struct unit *un;
	if (u < 0)
		return;
	un = &g->units[u];
	k = ui_menu(ui, "Special moves:", keys, labels, 8, NULL);
	switch (k) {
	case 0:
		switch (ui_menu(ui, "Side-step to which side?", (const char *const[]){ "h", "l" },
		                (const char *const[]){ "left", "right" }, 2, NULL)) {
		case 0:
			sign = -1;
			break;
		case 1:
			sign = 1;
			break;
		default:
			return; /* Esc cancels */
		}
		if (!ui_ask_number(ui, "Side-step how far (cm)?", rules_special.sidestep, &a))
			return;
		o = order_new(ORD_SIDESTEP);
		o.a = sign * fabs(a);
		break;
	case 1:
		if (!ui_ask_number(ui, "Step back how far (cm)?", rules_special.stepback, &a))
			return;
		o = order_new(ORD_STEPBACK);
		o.a = a;
		break;
	case 2:
		if (!ui_ask_number(ui, "Oblique: how far forward (cm)?", rules_special.oblique_forward, &a) ||
		    !ui_ask_number(ui, "and sideways (cm, negative to the left)?", rules_special.oblique_side, &b))
			return;
		o = order_new(ORD_OBLIQUE);
		o.a = a;
		o.b = b;
		o.has_b = true;
		break;
	case 3:
		if (!ui_ask_number(ui, "Inch how far toward the cursor (cm)?", rules_inch.clear, &b))
			return;
		o = order_new(ORD_INCH);
		o.a = geom_bearing(un->pos, v2(ui->cx, ui->cy));
		o.b = b;
		o.has_b = true;
		break;
	case 4:
		if (!ui_ask_number(ui, "Prolong how far (cm, negative backwards)?", 1, &a))
			return;
		o = order_new(ORD_PROLONG);
		o.a = a;
		break;
	case 5: {
		double facing;
		o = order_new(ORD_REDEPLOY);
		o.a = geom_bearing(un->pos, v2(ui->cx, ui->cy));
		if (!ui_ask_number(ui, "Redeploy how far toward the cursor (cm)?",
		                   fmin(v2_dist(un->pos, v2(ui->cx, ui->cy)),
		                        rules_move_for(un->type, FORM_BATTERY) ?
		                        rules_move_for(un->type, FORM_BATTERY)->redeploy : 0), &b) ||
		    !ui_ask_number(ui, "Unlimber facing (degrees)?", o.a, &facing))
			return;
		o.b = b;
		o.has_b = true;
		o.c = facing;
		o.has_c = true;
		break;
	}
	case 6:
		if ((f = touching(ui, u, TT_BRIDGE)) < 0) {
			ui_flash(ui, true, "%s touches no bridge: move up to it first.", un->id);
			return;
		}
		o = order_new(ORD_CROSS);
		o.target = f;
		break;
	case 7:
		o = order_new(ORD_DEFEND);
		if (un->defends) {
			static const char *const fk[] = { "l", "c" };
			static const char *const fl[] = { "line", "column" };
			int w = ui_menu(ui, "Leave the landmark in:", fk, fl, 2, NULL);
			if (w < 0)
				return;
			o.flag = OF_OFF;
			o.form = w == 0 ? FORM_LINE : FORM_COLUMN;
		}
		break;
	default:
		return;
	}
	o.unit = u;
	o.has_a = true;
	give(ui, &o);
}

static void attach_action(struct ui *ui)
{
	const struct game *g = ui->g;
	int k = ui->sel_cmdr, u;
	struct order o;
	if (k < 0 && ui->g->active_brigade >= 0)
		k = g->brigs[g->active_brigade].commander;
	if (k < 0 || g->cmdrs[k].level != CL_BRIGADE) {
		char kb[16];
		ui_flash(ui, true, "Select a brigade commander (%s on his stand) first.",
		         ui_key(ui, ACT_SELECT, kb));
		return;
	}
	if (g->cmdrs[k].attached >= 0) {
		o = order_new(ORD_DETACH);
		o.unit = k;
		give(ui, &o);
		return;
	}
	u = ui_unit_at(ui, ui->cx, ui->cy);
	if (u < 0)
		u = ui->sel_unit;
	if (u < 0) {
		ui_flash(ui, true, "Put the cursor on the unit %s should join.", g->cmdrs[k].name);
		return;
	}
	o = order_new(ORD_ATTACH);
	o.unit = k;
	o.target = u;
	give(ui, &o);
}

static void save_action(struct ui *ui)
{
	char name[80] = "battle", why[300];
	if (!ui->hooks.save) {
		ui_flash(ui, true, "Saving is not available here.");
		return;
	}
	if (!ui_ask_text(ui, "Save as (a name): ", name, sizeof name))
		return;
	if (ui->hooks.save(ui->g, name, why, sizeof why) < 0)
		ui_flash(ui, true, "Not saved: %s", why);
	else
		ui_flash(ui, false, "%s", why);
}

static void measure(struct ui *ui)
{
	const struct game *g = ui->g;
	int other = ui_unit_at(ui, ui->cx, ui->cy);
	struct vec2 p = v2(ui->cx, ui->cy), buf[4];
	struct shape pt = geom_circle(&p, 0), s;
	if (ui->sel_unit < 0) {
		ui_flash(ui, true, "Select a unit, put the cursor somewhere, then measure.");
		return;
	}
	s = unit_shape(&g->units[ui->sel_unit], buf);
	if (other >= 0 && other != ui->sel_unit)
		ui_flash(ui, false, "%s to %s: %.2f cm base to base (centres %.2f cm).",
		         g->units[ui->sel_unit].id, g->units[other].id,
		         game_unit_distance(&g->units[ui->sel_unit], &g->units[other]),
		         v2_dist(g->units[ui->sel_unit].pos, g->units[other].pos));
	else
		ui_flash(ui, false, "%s to the cursor: %.2f cm from its nearest edge, bearing %.0f.",
		         g->units[ui->sel_unit].id, geom_distance(&s, &pt),
		         geom_bearing(g->units[ui->sel_unit].pos, p));
}

/* ------------------------------------------------------------------ */
/* Modes */

static void start_move(struct ui *ui)
{
	int u = my_unit(ui);
	const struct unit *un;
	if (u < 0)
		return;
	un = &ui->g->units[u];
	ui->pending = order_new(ORD_MOVE);
	ui->pending.unit = u;
	ui->pending.flag = OF_MAX;
	ui->pending.has_a = true;
	ui->entry[0] = '\0';
	preview(ui);
	if (!ui->ghost.ok)
		return;
	ui->move_max = v2_dist(un->pos, ui->ghost.pos);
	ui->mode = MODE_MOVE;
	ui->cx = ui->ghost.pos.x;
	ui->cy = ui->ghost.pos.y;
	keep_in_view(ui);
	ui_flash(ui, false, "Move %s: as far as %.1f cm. Cursor or digits set the distance, Enter "
	         "orders, Esc cancels.", un->id, ui->move_max);
}

/* A distance along the unit's facing: nothing is refused, beyond what it
 * can go is as far as it can go. */
static void move_mode_update(struct ui *ui, double d)
{
	const struct unit *u = &ui->g->units[ui->pending.unit];
	bool clamped = d > ui->move_max;
	if (d < 0.05) {
		ui->ghost_on = false;
		ui_flash(ui, true, "Move %s 0 cm: put the cursor ahead of it (a unit moves straight ahead), "
		         "or type a distance.", u->id);
		return;
	}
	ui->pending.flag = clamped ? OF_MAX : 0;
	ui->pending.a = clamped ? 0 : d;
	preview(ui);
	if (ui->ghost.ok) {
		double went = v2_dist(u->pos, ui->ghost.pos);
		ui_flash(ui, false, "Move %s %.1f cm%s (allowance used %.1f; %.1f cm more possible). Enter "
		         "orders, Esc cancels.", u->id, went, clamped ? ", as far as it can" : "",
		         ui->ghost.used, fmax(ui->move_max - went, 0));
	}
}

static void move_mode_key(struct ui *ui, int ch, int act)
{
	const struct unit *u = &ui->g->units[ui->pending.unit];
	size_t len = strlen(ui->entry);
	if (ch == ESC) {
		ui->mode = MODE_NORMAL;
		ui->ghost_on = false;
		ui->msg[0] = '\0';
		return;
	}
	if (ui_is_enter(ch)) {
		if (ui->ghost_on && ui->ghost.ok)
			give(ui, &ui->pending);
		return;
	}
	if (act == ACT_MOVE) { /* the move key again: as far as allowed */
		ui->entry[0] = '\0';
		move_mode_update(ui, ui->move_max + 1);
		return;
	}
	if (((ch >= '0' && ch <= '9') || ch == '.') && len + 1 < sizeof ui->entry) {
		ui->entry[len] = (char)ch;
		ui->entry[len + 1] = '\0';
		move_mode_update(ui, atof(ui->entry));
		return;
	}
	if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len > 0) {
		ui->entry[len - 1] = '\0';
		move_mode_update(ui, len > 1 ? atof(ui->entry) : ui->move_max + 1);
		return;
	}
	if (cursor_action(ui, act)) {
		double d = v2_dot(v2_sub(v2(ui->cx, ui->cy), u->pos), geom_dir(u->facing));
		ui->entry[0] = '\0';
		move_mode_update(ui, floor(d * 10 + 0.5) / 10);
	}
}

static void start_pivot(struct ui *ui)
{
	int u = my_unit(ui);
	if (u < 0)
		return;
	ui->pending = order_new(ORD_FACE);
	ui->pending.unit = u;
	ui->pending.a = ui->g->units[u].facing;
	ui->pending.has_a = true;
	ui->mode = MODE_PIVOT;
	preview(ui);
	ui_flash(ui, false, "Pivot %s: cursor keys face toward the cursor, < > turn 15, , . turn 1; "
	         "Enter orders.", ui->g->units[u].id);
}

static void pivot_mode_key(struct ui *ui, int ch, int act)
{
	const struct unit *u = &ui->g->units[ui->pending.unit];
	if (ch == ESC) {
		ui->mode = MODE_NORMAL;
		ui->ghost_on = false;
		ui->msg[0] = '\0';
		return;
	}
	if (ui_is_enter(ch)) {
		if (ui->ghost.ok)
			give(ui, &ui->pending);
		return;
	}
	if (ch == '<' || ch == '>' || ch == ',' || ch == '.')
		ui->pending.a += (ch == '<' ? -15 : ch == '>' ? 15 : ch == ',' ? -1 : 1);
	else if (cursor_action(ui, act))
		ui->pending.a = floor(geom_bearing(u->pos, v2(ui->cx, ui->cy)) + 0.5);
	else
		return;
	ui->pending.a = geom_norm_deg(ui->pending.a);
	preview(ui);
	if (ui->ghost.ok)
		ui_flash(ui, false, "Pivot %s to %.0f (%+.0f). Enter orders, Esc cancels.", u->id,
		         ui->pending.a, geom_angle_diff(u->facing, ui->pending.a));
}

static void start_cmove(struct ui *ui)
{
	const struct game *g = ui->g;
	int k = ui->sel_cmdr;
	char kb[16];
	if (k < 0)
		k = ui_cmdr_at(ui, ui->cx, ui->cy);
	if (k < 0 || g->cmdrs[k].side != ui->acting) {
		ui_flash(ui, true, "Select one of your command stands first (%s on it).",
		         ui_key(ui, ACT_SELECT, kb));
		return;
	}
	ui->sel_cmdr = k;
	ui->pending = order_new(ORD_CMOVE);
	ui->pending.unit = k;
	ui->mode = MODE_CMOVE;
	ui->ghost_on = false;
	ui_flash(ui, false, "Move %s (36 cm): %s adds a turning point, Enter ends at the cursor.",
	         g->cmdrs[k].name, ui_key(ui, ACT_SELECT, kb));
}

static void cmove_mode_key(struct ui *ui, int ch, int act)
{
	if (ch == ESC) {
		ui->mode = MODE_NORMAL;
		ui->ghost_on = false;
		ui->msg[0] = '\0';
		return;
	}
	/* The select key adds a turning point, Enter ends the way. */
	if (act == ACT_SELECT) {
		char kb[16];
		if (ui->pending.npts < ORDER_MAX_POINTS)
			ui->pending.pts[ui->pending.npts++] = v2(ui->cx, ui->cy);
		if (ui_is_enter(ch) || ui->pending.npts == ORDER_MAX_POINTS) {
			preview(ui);
			if (ui->ghost.ok)
				give(ui, &ui->pending);
			else
				ui->pending.npts--;
			return;
		}
		preview(ui);
		if (!ui->ghost.ok)
			ui->pending.npts--;
		else
			ui_flash(ui, false, "%d point%s, %.1f cm used. %s adds, Enter ends.",
			         ui->pending.npts, ui->pending.npts == 1 ? "" : "s", ui->ghost.used,
			         ui_key(ui, ACT_SELECT, kb));
		return;
	}
	cursor_action(ui, act);
}

/* Charges and shots: choose the target. */

/* The chance that n dice add up to at least need. */
static double dice_at_least(int n, double need)
{
	double p[6 * 8 + 1] = { 1 }, q[6 * 8 + 1], sum = 0;
	if (n > 8)
		n = 8;
	for (int k = 0; k < n; k++) {
		memset(q, 0, sizeof q);
		for (int s = 0; s <= 6 * k; s++)
			for (int f = 1; f <= 6; f++)
				q[s + f] += p[s] / 6;
		memcpy(p, q, sizeof p);
	}
	for (int s = 0; s <= 6 * n; s++)
		if (s >= need - 1e-9)
			sum += p[s];
	return sum;
}

/* An extended charge the unit could try at the target: how far short its
 * charge falls (> 0; the engine allows it only within what its extension
 * dice can make up) and the facing it would take. */
static bool extendable(struct ui *ui, int t, double *gap, double *facing)
{
	char why[MSG_LEN];
	return order_charge_short(ui->g, ui->pending.unit, t, gap, facing, why, sizeof why) == 0 &&
	       *gap > 0;
}

/* The pivot a charge facing this way needs, as words. */
static const char *pivot_words(const struct unit *u, double facing, char *buf, size_t size)
{
	double turn = geom_angle_diff(u->facing, facing);
	if (fabs(turn) < 0.5)
		snprintf(buf, size, "facing %.0f, no pivot", geom_norm_deg(facing));
	else
		snprintf(buf, size, "facing %.0f, pivot %.0f %s", geom_norm_deg(facing), fabs(turn),
		         turn > 0 ? "right" : "left");
	return buf;
}

/* The odds of an extended charge: the quality test, then dice enough. */
static void extend_odds(const struct ui *ui, double gap, char *buf, size_t size)
{
	const struct unit *u = &ui->g->units[ui->pending.unit];
	int q = rules_quality[u->rating], n = rules_extend_dice[u->type];
	double p1 = q <= 1 ? 1 : q > 6 ? 0 : (7.0 - q) / 6, p2 = dice_at_least(n, gap);
	snprintf(buf, size, "1D6 >= %d (%.0f%%), then %dD6 cm >= %.1f (%.0f%%): %.0f%% in all; "
	         "failing, it stays disordered", q, 100 * p1, n, gap, 100 * p2, 100 * p1 * p2);
}

/* Show what the pending charge or shot at the target would be. */
static void target_update(struct ui *ui)
{
	struct game *g = ui->g;
	int u = ui->pending.unit, t = ui->pending.target;
	ui->ghost_on = false;
	ui->zone_on = false;
	ui->pending.flag &= ~OF_EXTEND;
	if (t < 0) {
		char kb[16];
		ui_flash(ui, false, "Put the cursor on the target (%s: the next one it can %s).",
		         ui_key(ui, ACT_NEXT, kb), ui->pending.kind == ORD_CHARGE ? "reach" : "fire at");
		return;
	}
	if (ui->pending.kind == ORD_CHARGE) {
		char why[MSG_LEN], odds[160], way[64];
		struct vec2 end;
		double facing, gap;
		if (order_charge_reach(g, u, t, &end, &facing, why, sizeof why) < 0) {
			if (!extendable(ui, t, &gap, &facing)) {
				ui_flash(ui, true, "%s", why);
				return;
			}
			ui->pending.flag |= OF_EXTEND;
			extend_odds(ui, gap, odds, sizeof odds);
			ui_flash(ui, false, "Charge %s: %.1f cm short, %s. Enter tries an extended charge: %s.",
			         g->units[t].id, gap, pivot_words(&g->units[u], facing, way, sizeof way), odds);
			return;
		}
		ui->ghost = (struct preview){ .ok = true, .unit = u, .pos = end, .facing = facing,
		                              .form = g->units[u].form };
		ui->ghost_on = true;
		ui_flash(ui, false, "Charge %s: it reaches (%.1f cm), %s. Enter charges, Esc cancels.",
		         g->units[t].id, v2_dist(g->units[u].pos, end),
		         pivot_words(&g->units[u], facing, way, sizeof way));
	} else {
		struct fire_shot shot;
		if (!fire_check(g, u, t, ui->pending.npts ? &ui->pending.pts[0] : NULL, &shot)) {
			ui_flash(ui, true, "%s", shot.why);
			return;
		}
		memcpy(ui->zone, shot.tri, sizeof ui->zone);
		ui->zone_on = true;
		ui_flash(ui, false, "Fire at %s: %.1f cm, %s, %d dice (%s), aiming %s. Enter fires.",
		         g->units[t].id, shot.range,
		         unit_is_artillery(&g->units[u]) ? range_names[shot.band].label : "small arms",
		         shot.dice, shot.detail, ui->pending.npts ? "at the cursor" : "at the best point");
	}
}

static bool target_ok(struct ui *ui, int t)
{
	struct game *g = ui->g;
	char why[MSG_LEN];
	if (g->units[t].side == g->units[ui->pending.unit].side || g->units[t].state != US_ACTIVE)
		return false;
	if (ui->pending.kind == ORD_CHARGE) {
		struct vec2 end;
		double f, gap;
		return order_charge_reach(g, ui->pending.unit, t, &end, &f, why, sizeof why) == 0 ||
		       extendable(ui, t, &gap, &f);
	} else {
		struct fire_shot shot;
		return fire_check(g, ui->pending.unit, t, NULL, &shot);
	}
}

static void set_target(struct ui *ui, int t)
{
	if (t != ui->pending.target)
		ui->pending.npts = 0; /* a new target: the best aiming point again */
	ui->pending.target = t;
}

static void start_target(struct ui *ui, enum order_kind kind)
{
	int u = my_unit(ui);
	char why[MSG_LEN];
	if (u < 0)
		return;
	/* A unit that may not charge at all is told so now, not after its
	 * target is chosen. */
	if (kind == ORD_CHARGE && order_charge_ready(ui->g, ui->acting, u, why, sizeof why) < 0) {
		ui_flash(ui, true, "%s", why);
		return;
	}
	ui->pending = order_new(kind);
	ui->pending.unit = u;
	ui->pending.target = -1;
	ui->mode = MODE_TARGET;
	/* Start on the nearest target it can reach or fire at. */
	{
		double best = INFINITY;
		for (int i = 0; i < ui->g->nunits; i++)
			if (target_ok(ui, i) && game_unit_distance(&ui->g->units[u], &ui->g->units[i]) < best) {
				best = game_unit_distance(&ui->g->units[u], &ui->g->units[i]);
				ui->pending.target = i;
			}
	}
	if (ui->pending.target >= 0) {
		ui->cx = ui->g->units[ui->pending.target].pos.x;
		ui->cy = ui->g->units[ui->pending.target].pos.y;
		keep_in_view(ui);
		target_update(ui);
	} else {
		ui_flash(ui, true, "%s has no enemy it can %s from here; move the cursor to see why.",
		         ui->g->units[u].id, kind == ORD_CHARGE ? "charge" : "fire at");
	}
}

static void target_key(struct ui *ui, int ch, int act)
{
	struct game *g = ui->g;
	if (ch == ESC) {
		ui->mode = MODE_NORMAL;
		ui->ghost_on = ui->zone_on = false;
		ui->msg[0] = '\0';
		return;
	}
	if (act == ACT_SELECT && !ui_is_enter(ch) && ui->pending.kind == ORD_FIRE) {
		/* The select key: aim at the cursor (a point of the target). */
		int t = ui_unit_at(ui, ui->cx, ui->cy);
		if (t < 0 || t != ui->pending.target) {
			ui_flash(ui, true, "Put the cursor on %s to aim at that point of it.",
			         ui->pending.target >= 0 ? g->units[ui->pending.target].id : "the target");
			return;
		}
		ui->pending.pts[0] = v2(ui->cx, ui->cy);
		ui->pending.npts = 1;
		target_update(ui);
		return;
	}
	if (ui_is_enter(ch)) {
		if (ui->pending.target < 0 || !target_ok(ui, ui->pending.target))
			return;
		if (ui->pending.kind == ORD_FIRE && ui->pending.npts && !ui->zone_on)
			return; /* the aiming point chosen is refused: the message says why */
		if (ui->pending.flag & OF_EXTEND) {
			char q[MSG_LEN], odds[160];
			double gap = 0, facing;
			extendable(ui, ui->pending.target, &gap, &facing);
			extend_odds(ui, gap, odds, sizeof odds);
			snprintf(q, sizeof q, "Extended charge of %s at %s (%.1f cm short): %s. Try it?",
			         g->units[ui->pending.unit].id, g->units[ui->pending.target].id, gap, odds);
			if (!ui_confirm(ui, q)) {
				target_update(ui);
				return;
			}
		}
		ui->zone_on = false;
		give(ui, &ui->pending);
		return;
	}
	if (act == ACT_NEXT || ch == KEY_BTAB) {
		int dir = ch == KEY_BTAB ? -1 : 1, start = ui->pending.target < 0 ? 0 : ui->pending.target;
		for (int k = 1; k <= g->nunits; k++) {
			int i = ((start + dir * k) % g->nunits + g->nunits) % g->nunits;
			if (target_ok(ui, i)) {
				set_target(ui, i);
				ui->cx = g->units[i].pos.x;
				ui->cy = g->units[i].pos.y;
				keep_in_view(ui);
				break;
			}
		}
		target_update(ui);
		return;
	}
	if (cursor_action(ui, act)) {
		int t = ui_unit_at(ui, ui->cx, ui->cy);
		set_target(ui, t >= 0 && g->units[t].side != g->units[ui->pending.unit].side ? t : -1);
		target_update(ui);
	}
}

static void bombard_action(struct ui *ui)
{
	const struct game *g = ui->g;
	int u = my_unit(ui), f = -1;
	struct order o;
	if (u < 0)
		return;
	for (int i = 0; i < g->map.nf; i++) {
		struct shape s = feature_shape(&g->map.f[i]);
		if (rules_terrain[g->map.f[i].type].structure && geom_shape_contains(&s, v2(ui->cx, ui->cy)))
			f = i;
	}
	if (f < 0) {
		ui_flash(ui, true, "Put the cursor on a village, landmark or bridge to bombard it.");
		return;
	}
	o = order_new(ORD_BOMBARD);
	o.unit = u;
	o.target = f;
	give(ui, &o);
}

/* ------------------------------------------------------------------ */

/* The select key: the command stand under the cursor (then the unit
 * there, if the stand was selected already), or the unit, or nothing. */
static void select_here(struct ui *ui)
{
	int u = ui_unit_at(ui, ui->cx, ui->cy), k = ui_cmdr_at(ui, ui->cx, ui->cy);
	char k1[16], k2[16];
	if (k >= 0 && (u < 0 || ui->sel_cmdr != k)) {
		ui->sel_cmdr = k;
		ui->sel_unit = -1;
		ui_flash(ui, false, "%s selected (%s moves the stand, %s attaches or detaches).",
		         ui->g->cmdrs[k].name, ui_key(ui, ACT_COMMANDER, k1), ui_key(ui, ACT_ATTACH, k2));
	} else if (u >= 0) {
		ui->sel_unit = u;
		ui->sel_cmdr = -1;
		ui->msg[0] = '\0';
	} else {
		ui->sel_unit = ui->sel_cmdr = -1;
	}
}

static void normal_key(struct ui *ui, int ch, int act)
{
	struct game *g = ui->g;
	struct order o;
	char kb[16];
	if (cursor_action(ui, act))
		return;
	if (ch == KEY_BTAB) {
		cycle_units(ui, -1, false);
		return;
	}
	switch (act) {
	case ACT_SELECT:
		select_here(ui);
		break;
	case ACT_NEXT:
		cycle_units(ui, 1, false);
		break;
	case ACT_READY:
		cycle_units(ui, 1, true);
		break;
	case ACT_CENTRE:
		centre_on(ui, v2(ui->cx, ui->cy));
		break;
	case ACT_ZOOM_IN:
		set_zoom(ui, -1);
		break;
	case ACT_ZOOM_OUT:
		set_zoom(ui, 1);
		break;
	case ACT_ZOOM_FIT:
		fit_zoom(ui);
		break;
	case ACT_BRIGADE:
		brigade_menu(ui);
		break;
	case ACT_DIVISION:
		division_menu(ui);
		break;
	case ACT_PIVOT:
		start_pivot(ui);
		break;
	case ACT_ABOUT:
		if (my_unit(ui) >= 0) {
			o = order_new(ORD_ABOUT);
			o.unit = ui->sel_unit;
			give(ui, &o);
		}
		break;
	case ACT_FORM:
		form_menu(ui);
		break;
	case ACT_MOVE:
		start_move(ui);
		break;
	case ACT_SPECIAL:
		special_menu(ui);
		break;
	case ACT_CHARGE:
		start_target(ui, ORD_CHARGE);
		break;
	case ACT_FIRE:
		start_target(ui, ORD_FIRE);
		break;
	case ACT_BOMBARD:
		bombard_action(ui);
		break;
	case ACT_COMMANDER:
		start_cmove(ui);
		break;
	case ACT_ATTACH:
		attach_action(ui);
		break;
	case ACT_RETREAT:
		if (my_unit(ui) >= 0) {
			char q[MSG_LEN];
			snprintf(q, sizeof q, "Retreat %s from the battle for good?", g->units[ui->sel_unit].id);
			if (ui_confirm(ui, q)) {
				o = order_new(ORD_RETREAT);
				o.unit = ui->sel_unit;
				give(ui, &o);
			}
		}
		break;
	case ACT_END: {
		char q[MSG_LEN];
		snprintf(q, sizeof q, "End the %s phase?", phase_names[g->phase].label);
		if (ui_confirm(ui, q)) {
			o = order_new(ORD_END);
			give(ui, &o);
		}
		break;
	}
	case ACT_UNDO:
		o = order_new(ORD_UNDO);
		give(ui, &o);
		break;
	case ACT_MEASURE:
		measure(ui);
		break;
	case ACT_OVL_RANGE:
	case ACT_OVL_COMMAND:
	case ACT_OVL_REACH:
	case ACT_OVL_THREAT: {
		static const char *const names[] = { "ranges", "command radii", "charge reach", "enemy charge reach" };
		int bit = act - ACT_OVL_RANGE;
		ui->overlays ^= 1u << bit;
		if (act == ACT_OVL_THREAT)
			ui_flash(ui, false, "Overlay of %s (the %s) %s.", names[bit],
			         g->side[ui_threat_side(ui)].name, ui->overlays & (1u << bit) ? "on" : "off");
		else
			ui_flash(ui, false, "Overlay of %s %s.", names[bit],
			         ui->overlays & (1u << bit) ? "on" : "off");
		break;
	}
	case ACT_LOG:
		ui_log_history(ui);
		break;
	case ACT_SAVE:
		save_action(ui);
		break;
	case ACT_COMMAND:
		if (ui_command_line(ui, &o))
			give(ui, &o);
		break;
	case ACT_HELP:
		ui_help(ui);
		break;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		break;
	case ACT_QUIT:
		if (ui_confirm(ui, "Quit the battle?"))
			ui->quit = true;
		break;
	default:
		if (ch != KEY_RESIZE && ch != ERR)
			ui_flash(ui, true, "That key does nothing here; %s shows the keys.",
			         ui_key(ui, ACT_HELP, kb));
	}
}

static void handle_key(struct ui *ui, int ch)
{
	int act = key_action(ui, ch);
	if (ui->mode != MODE_NORMAL && act == ACT_HELP) {
		ui_help(ui);
		return;
	}
	/* Zoom works in every mode: a zone of fire may need a closer look. */
	if (ui->mode != MODE_NORMAL && (act == ACT_ZOOM_IN || act == ACT_ZOOM_OUT || act == ACT_ZOOM_FIT)) {
		if (act == ACT_ZOOM_FIT)
			fit_zoom(ui);
		else
			set_zoom(ui, act == ACT_ZOOM_IN ? -1 : 1);
		return;
	}
	switch (ui->mode) {
	case MODE_MOVE:
		move_mode_key(ui, ch, act);
		break;
	case MODE_PIVOT:
		pivot_mode_key(ui, ch, act);
		break;
	case MODE_CMOVE:
		cmove_mode_key(ui, ch, act);
		break;
	case MODE_TARGET:
		target_key(ui, ch, act);
		break;
	default:
		normal_key(ui, ch, act);
	}
}

/* Hang-up or termination stops the game (the program saves it); Ctrl-C
 * asks first.  Returns -1 to stop. */
static int signals(struct ui *ui)
{
	if (ui->hangup || (ui->hooks.hangup && *ui->hooks.hangup)) {
		ui->hangup = true;
		return -1;
	}
	if (ui->hooks.interrupt && *ui->hooks.interrupt) {
		*ui->hooks.interrupt = 0;
		if (ui_confirm(ui, "Quit the battle (it is saved, to go on later)?")) {
			ui->quit = true;
			return -1;
		}
	}
	return 0;
}

/* Put the cursor somewhere useful when a side's turn to act begins: on
 * a unit that can still act in this phase. */
static void focus(struct ui *ui)
{
	const struct game *g = ui->g;
	if (ui->sel_unit >= 0 && in_hand(ui, &g->units[ui->sel_unit], true))
		return;
	for (int i = 0; i < g->nunits; i++)
		if (in_hand(ui, &g->units[i], true)) {
			select_unit(ui, i);
			break;
		}
}

static int human_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct ui *ui = ((struct human *)c->ctx)->ui;
	ui->g = g;
	ui->acting = side;
	ui->viewer = (int)side;
	ui->ai_turn = false;
	ui->have_order = false;
	focus(ui);
	if (g->phase == PHASE_INITIATIVE && !ui->msg[0]) {
		char k1[16], k2[16];
		ui_flash(ui, false, "%s have the initiative: %s gives it to a brigade, %s to a division.",
		         g->side[side].name, ui_key(ui, ACT_BRIGADE, k1), ui_key(ui, ACT_DIVISION, k2));
	}
	for (;;) {
		int ch;
		ui_draw(ui);
		ch = ui_getch(ui);
		if (signals(ui) < 0)
			return -1;
		if (ch == KEY_RESIZE || ch == ERR)
			continue;
		if (ui->too_small) {
			if (key_action(ui, ch) == ACT_QUIT && ui_confirm(ui, "Quit the battle?"))
				return -1;
			continue;
		}
		handle_key(ui, ch);
		if (ui->quit)
			return -1;
		if (ui->have_order) {
			*o = ui->out;
			ui->have_order = false;
			return 0;
		}
	}
}

static void human_refused(struct controller *c, struct game *g, enum side side,
                          const struct order *o, const char *why)
{
	struct ui *ui = ((struct human *)c->ctx)->ui;
	(void)g, (void)side, (void)o;
	ui_flash(ui, true, "Refused: %s", why);
}

/* One line recalling the rule behind a decision (numbers from the rules
 * tables), shown under its options. */
static void decision_rule(const struct decision *d, char *buf, size_t size)
{
	const struct reaction_rules *r = &rules_react;
	const struct breakthrough_rules *b = &rules_breakthrough;
	switch (d->kind) {
	case DK_OPPORTUNITY:
		snprintf(buf, size, "Rule: a formed unit may charge an enemy moving within %g cm (infantry) "
		         "or %g cm (cavalry), turning up to %g degrees; 1D6 >= its quality, or it does no more.",
		         r->opportunity_inf, r->opportunity_cav, r->opportunity_pivot);
		break;
	case DK_COUNTER:
		snprintf(buf, size, "Rule: a unit charged may charge its charger back, with no test of its "
		         "own (a cautious unit still tests first; not artillery; infantry never against "
		         "cavalry).");
		break;
	case DK_FALLBACK:
		snprintf(buf, size, "Rule: skirmishers charged may about face and fall back (infantry %g to "
		         "%g cm, cavalry %g to %g cm); the charger gains a break-through.",
		         r->fallback_inf_min, r->fallback_inf_max, r->fallback_cav_min, r->fallback_cav_max);
		break;
	case DK_FLEE:
	case DK_CREWS:
		snprintf(buf, size, "Rule: horse artillery contacted by infantry may limber up and flee %g to "
		         "%g cm (1D6 >= quality, or it is overrun); crews touching a solid square may flee "
		         "into it, abandoning the guns.", r->flee_min, r->flee_max);
		break;
	case DK_ESQUARE:
		snprintf(buf, size, "Rule: against cavalry that began its charge over %g cm away, 1D6 >= "
		         "quality (+%d Austrian or British column) forms it; failing costs %d hits.",
		         r->esquare_charge_from, r->esquare_column_bonus, r->esquare_fail_hits);
		break;
	case DK_FEINT:
		snprintf(buf, size, "Rule: cavalry that charged from over %g cm into an emergency square may "
		         "feint on 1D6 >= quality: back %g to %g cm along its path.", r->esquare_charge_from,
		         r->feint_min, r->feint_max);
		break;
	case DK_FEINT_PIVOT:
		snprintf(buf, size, "Rule: after a feint it may pivot up to %g degrees; touching any unit "
		         "or forbidden ground eliminates it.", r->feint_pivot);
		break;
	case DK_RETURN_FIRE:
		snprintf(buf, size, "Rule: a unit fired at may fire back at the firer, once an initiative; "
		         "it then has a yellow marker and fires no more until it is removed.");
		break;
	case DK_SUPPORT_FIRE:
		snprintf(buf, size, "Rule: artillery within %g cm of a unit fired at may fire at the firer "
		         "in its support, once an initiative (yellow marker).", rules_fire.support_range);
		break;
	case DK_SUPPRESS:
		snprintf(buf, size, "Rule: unformed infantry that has not fired may stop a battery that "
		         "would fire at it; both take yellow markers.");
		break;
	case DK_JOIN:
		snprintf(buf, size, "Rule: formed units within %g cm of an enemy in contact with a friend "
		         "may join the hand-to-hand (moving up to %g cm); joining is not charging.",
		         rules_melee.join_range, rules_melee.join_move);
		break;
	case DK_BREAKOUT:
		snprintf(buf, size, "Rule: a solid square out of contact may try to break out and join in: "
		         "1D6 >= quality, then column and up to %g cm forward.", rules_melee.join_move);
		break;
	case DK_SPLIT:
		snprintf(buf, size, "Rule: a unit touching several enemies shares its SP among them as its "
		         "side likes; hits beyond what one enemy has are lost.");
		break;
	case DK_BREAKTHROUGH:
		snprintf(buf, size, "Rule: rally back (%g-%g cm infantry, %g-%g cavalry), stop (pivot up to "
		         "%g degrees), rally forward (up to %g/%g cm), or charge again after %d hit.",
		         b->rally_back_inf_min, b->rally_back_inf_max, b->rally_back_cav_min,
		         b->rally_back_cav_max, b->rally_pivot, b->rally_forward_inf, b->rally_forward_cav,
		         b->charge_hits);
		break;
	default:
		snprintf(buf, size, "The rules give your side this choice.");
	}
}

/* The number that goes with an option: its unit in the question, its
 * default offered, and nothing outside its range accepted. */
static bool decision_number(struct ui *ui, const struct decision *d, int k, double *v)
{
	const char *unit = d->opt[k].unit ? d->opt[k].unit : "cm";
	char label[96], q[200], paren[48];
	/* "fall back (cm)": the unit is said in the question. */
	snprintf(label, sizeof label, "%s", d->opt[k].label);
	snprintf(paren, sizeof paren, " (%s)", unit);
	if (strlen(label) > strlen(paren) && strcmp(label + strlen(label) - strlen(paren), paren) == 0)
		label[strlen(label) - strlen(paren)] = '\0';
	label[0] = (char)toupper((unsigned char)label[0]);
	snprintf(q, sizeof q, "%s: how many %s (%g to %g%s)?", label, unit, d->opt[k].lo, d->opt[k].hi,
	         d->opt[k].lo < 0 && strcmp(unit, "degrees") == 0 ? ", negative to the left" : "");
	return ui_ask_range(ui, q, d->opt[k].lo, d->opt[k].hi, unit, d->opt[k].dflt, v);
}

static int human_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct ui *ui = ((struct human *)c->ctx)->ui;
	const char *keys[DECISION_MAX_OPTIONS + 1], *labels[DECISION_MAX_OPTIONS + 1];
	char kb[DECISION_MAX_OPTIONS + 1][12], rule[400];
	int n = d->nopts, k;
	ui->ai_turn = false;
	ui->viewer = (int)d->side;
	for (int i = 0; i < n; i++) {
		snprintf(kb[i], sizeof kb[i], "%d", i + 1);
		keys[i] = kb[i];
		labels[i] = d->opt[i].label;
	}
	if (ui->advisor) {
		keys[n] = "?";
		labels[n] = "decide for me";
		n++;
	}
	decision_rule(d, rule, sizeof rule);
	/* Show the unit that decides. */
	if (d->unit >= 0 && d->unit < g->nunits) {
		ui->cx = g->units[d->unit].pos.x;
		ui->cy = g->units[d->unit].pos.y;
		keep_in_view(ui);
	}
	for (;;) {
		k = ui_menu_map(ui, d->question, keys, labels, n, rule);
		if (signals(ui) < 0)
			return -1;
		if (k < 0)
			continue;
		if (ui->advisor && k == n - 1)
			return ui->advisor->decide(ui->advisor, g, d);
		d->choice = k;
		d->value = d->opt[k].lo;
		if (d->opt[k].hi > d->opt[k].lo && !decision_number(ui, d, k, &d->value))
			continue;
		return 0;
	}
}

/* Keys for the map while a dialog waits: the cursor (but j and k, which
 * move in the menu), zoom, centring, overlays and the log. */
static bool map_key(struct ui *ui, int ch)
{
	int act = key_action(ui, ch);
	if (cursor_action(ui, act))
		return true;
	switch (act) {
	case ACT_ZOOM_IN:
		set_zoom(ui, -1);
		return true;
	case ACT_ZOOM_OUT:
		set_zoom(ui, 1);
		return true;
	case ACT_ZOOM_FIT:
		fit_zoom(ui);
		return true;
	case ACT_CENTRE:
		centre_on(ui, v2(ui->cx, ui->cy));
		return true;
	case ACT_OVL_RANGE:
	case ACT_OVL_COMMAND:
	case ACT_OVL_REACH:
	case ACT_OVL_THREAT:
		ui->overlays ^= 1u << (act - ACT_OVL_RANGE);
		return true;
	case ACT_LOG:
		ui_log_history(ui);
		return true;
	default:
		return false;
	}
}

void human_init(struct human *h, struct ui *ui)
{
	*h = (struct human){
		.ctl = { .ctx = h, .order = human_order, .refused = human_refused, .decide = human_decide },
		.ui = ui,
	};
}

/* ------------------------------------------------------------------ */
/* The computer's turns, on screen. */

struct watcher {
	struct controller ctl;
	struct controller *inner;
	struct ui *ui;
};

static struct watcher watchers[2];
static int nwatchers;

/* Show the state, then wait the delay (or while paused), reading the
 * watch keys without blocking the game. */
static int watch_pause(struct ui *ui)
{
	int waited = 0, delay = ui->watch ? ui->opt.watch_delay : ui->opt.watch_delay / 3;
	ui_draw(ui);
	timeout(20);
	for (;;) {
		int ch = ui_getch(ui);
		if (signals(ui) < 0) {
			timeout(-1);
			return -1;
		}
		if (ch == KEY_RESIZE) {
			ui_draw(ui);
			continue;
		}
		if (key_action(ui, ch) == ACT_QUIT) {
			timeout(-1);
			if (ui_confirm(ui, "Quit the battle?"))
				return -1;
			timeout(20);
		} else if (ch == ' ' && ui->watch) {
			ui->paused = !ui->paused;
			ui_flash(ui, false, "%s", ui->paused ? "Paused: Space goes on, . steps one order."
			                                     : "Watching: Space pauses, + and - set the pace.");
			ui_draw(ui);
		} else if (ch == '.' && ui->paused) {
			break;
		} else if (ch == '+' || ch == '-') {
			/* Faster or slower, within what the options file allows. */
			int d = ui->opt.watch_delay;
			d = ch == '+' ? (d > 50 ? d / 2 : 0) : (d ? d * 2 : 50);
			ui->opt.watch_delay = d > OPTIONS_WATCH_DELAY_MAX ? OPTIONS_WATCH_DELAY_MAX : d;
			ui_flash(ui, false, "Pace: %d ms between the computer's orders (+ faster, - slower).",
			         ui->opt.watch_delay);
			ui_draw(ui);
		} else if (key_action(ui, ch) == ACT_LOG) {
			timeout(-1);
			ui_log_history(ui);
			timeout(20);
		} else if (key_action(ui, ch) == ACT_HELP) {
			timeout(-1);
			ui_help(ui);
			timeout(20);
		} else if (ch != ERR && ch != KEY_RESIZE && !ui->watch) {
			/* Any key hurries the computer along; one that is not just
			 * a nudge (a ':' typed ahead) is kept for the player's turn. */
			bool nudge = ch == ' ' || ch == ESC || ch == '\n' || ch == '\r' || ch == KEY_ENTER;
			if ((!nudge || ui->nahead > 0) &&
			    ui->nahead < (int)(sizeof ui->ahead / sizeof ui->ahead[0]))
				ui->ahead[ui->nahead++] = ch;
			break;
		}
		if (ui->nahead > 0 || (!ui->paused && (waited += 20) >= delay))
			break;
	}
	timeout(-1);
	return 0;
}

static int watch_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct watcher *w = c->ctx;
	w->ui->g = g;
	w->ui->acting = side;
	w->ui->ai_turn = true;
	/* Until the keyboard has played, the side at it is the other one. */
	if (w->ui->viewer < 0 && !w->ui->watch)
		w->ui->viewer = side == SIDE_A ? SIDE_B : SIDE_A;
	if (watch_pause(w->ui) < 0)
		return -1;
	return w->inner->order(w->inner, g, side, o);
}

static void watch_refused(struct controller *c, struct game *g, enum side side,
                          const struct order *o, const char *why)
{
	struct watcher *w = c->ctx;
	if (w->inner->refused)
		w->inner->refused(w->inner, g, side, o, why);
}

static int watch_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct watcher *w = c->ctx;
	return w->inner->decide(w->inner, g, d);
}

struct controller *ui_watch(struct ui *ui, struct controller *inner, bool watch_mode)
{
	struct watcher *w;
	if (nwatchers >= 2)
		return inner;
	w = &watchers[nwatchers++];
	*w = (struct watcher){
		.ctl = { .ctx = w, .order = watch_order, .refused = watch_refused, .decide = watch_decide },
		.inner = inner, .ui = ui,
	};
	ui->watch = watch_mode;
	if (watch_mode) {
		char kb[16];
		ui_flash(ui, false, "Watching the computer play both sides: Space pauses, %s quits.",
		         ui_key(ui, ACT_QUIT, kb));
	}
	return &w->ctl;
}

void ui_set_advisor(struct ui *ui, struct controller *advisor)
{
	ui->advisor = advisor;
}

void ui_battle_over(struct ui *ui)
{
	char **lines;
	int n = victory_report(ui->g, &lines);
	ui_pager(ui, "The battle is over", lines, n, 0);
	for (int i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	{
		char k1[16], k2[16];
		ui_flash(ui, false, "%s  %s: the log, %s: leave.", ui->g->result, ui_key(ui, ACT_LOG, k1),
		         ui_key(ui, ACT_QUIT, k2));
	}
	for (;;) {
		int ch;
		ui_draw(ui);
		ch = ui_getch(ui);
		if (key_action(ui, ch) == ACT_QUIT || ch == ESC)
			return;
		if (key_action(ui, ch) == ACT_HELP)
			ui_help(ui);
		else
			map_key(ui, ch); /* look round the field: cursor, zoom, overlays, the log */
	}
}

/* ------------------------------------------------------------------ */

/* Ctrl-S and Ctrl-Q are keys like any other, not XOFF and XON: a
 * player pressing Ctrl-S must not freeze the screen.  (cbreak leaves
 * flow control on; the mode saved here is the one refresh restores after
 * endwin, a suspension or a shell.) */
static void flow_control_off(void)
{
	struct termios tio;
	if (tcgetattr(STDIN_FILENO, &tio) == 0) {
		tio.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
		tcsetattr(STDIN_FILENO, TCSANOW, &tio);
	}
	def_prog_mode();
}

static const short curses_colour[8] = {
	COLOR_BLACK, COLOR_RED, COLOR_GREEN, COLOR_YELLOW, COLOR_BLUE, COLOR_MAGENTA, COLOR_CYAN, COLOR_WHITE,
};

struct ui *ui_open(struct game *g, const struct ui_options *opts, bool mono)
{
	struct ui *ui = calloc(1, sizeof *ui);
	const char *cs;
	if (!ui)
		return NULL;
	ui->g = g;
	ui->opt = *opts;
	ui->sel_unit = ui->sel_cmdr = -1;
	ui->log_limit = -1;
	ui->map_key = map_key;
	ui->viewer = -1;
	cs = nl_langinfo(CODESET);
	ui->utf8 = cs && strcmp(cs, "UTF-8") == 0 && !opts->ascii;
	/* newterm, not initscr: on a terminal it cannot use, initscr prints
	 * its own message and exits. */
	if (!(ui->screen = newterm(NULL, stdout, stdin))) {
		free(ui);
		return NULL;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	flow_control_off();
	ui->colour = !mono && has_colors() && !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
	if (ui->colour) {
		static const int map[CP_COUNT] = {
			[CP_SIDE_A] = PAL_SIDE_A, [CP_SIDE_B] = PAL_SIDE_B, [CP_WATER] = PAL_WATER,
			[CP_WOOD] = PAL_WOOD, [CP_VILLAGE] = PAL_VILLAGE, [CP_HILL] = PAL_HILL,
			[CP_ROAD] = PAL_ROAD, [CP_OBSTACLE] = PAL_OBSTACLE, [CP_OVERLAY] = PAL_OVERLAY,
			[CP_CURSOR] = PAL_CURSOR,
		};
		start_color();
		use_default_colors();
		for (int p = 1; p < CP_COUNT; p++)
			init_pair((short)p, curses_colour[opts->colour[map[p]] & 7], -1);
	}
	ui_layout(ui);
	fit_zoom(ui);
	ui->cx = g->map.width / 2;
	ui->cy = g->map.height / 2;
	keep_in_view(ui);
	fit_zoom(ui);
	return ui;
}

void ui_close(struct ui *ui)
{
	if (!ui)
		return;
	endwin();
	delscreen(ui->screen);
	free(ui->tcache);
	free(ui);
}

void ui_set_hooks(struct ui *ui, const struct ui_hooks *h)
{
	ui->hooks = *h;
}

bool ui_hung_up(const struct ui *ui)
{
	return ui->hangup;
}

int ui_choose(struct ui *ui, const char *title, const char *const *keys, const char *const *labels,
              int n, const char *hint)
{
	return ui_menu(ui, title, keys, labels, n, hint);
}

bool ui_ask(struct ui *ui, const char *question)
{
	return ui_confirm(ui, question);
}

void ui_offer_rethrow(struct ui *ui, struct game *g)
{
	char q[120], why[200];
	if (!weather_may_rethrow(g))
		return;
	snprintf(q, sizeof q, "The weather thrown is %s. Throw it again (once only)?",
	         weather_names[g->wx.weather].label);
	if (!ui_confirm(ui, q))
		return;
	if (weather_rethrow(g, why, sizeof why) < 0) {
		ui_alert(ui, why);
		return;
	}
	snprintf(q, sizeof q, "Thrown again: the weather is %s.", weather_names[g->wx.weather].label);
	ui_message(ui, q);
}

void ui_message(struct ui *ui, const char *text)
{
	ui_flash(ui, false, "%s", text);
}

void ui_alert(struct ui *ui, const char *text)
{
	ui_flash(ui, true, "%s", text);
}

void ui_show_text(struct ui *ui, const char *title, const char *const *lines, int n)
{
	int width = ui->cols > 20 ? ui->cols - 2 : 78, cap = 0, count = 0;
	char **out = NULL;
	/* Each line cut at spaces to the screen's width; the rest indented. */
	for (int i = 0; i < n; i++) {
		const char *p = lines[i];
		bool first = true;
		while (*p) {
			int room = first ? width : width - 4, len = (int)strlen(p), cut = len;
			if (len > room) {
				for (cut = room; cut > room / 2 && p[cut] != ' '; cut--)
					;
				if (p[cut] != ' ')
					cut = room;
			}
			if (count == cap) {
				char **q = realloc(out, (size_t)(cap ? 2 * cap : 16) * sizeof *q);
				if (!q)
					break;
				out = q;
				cap = cap ? 2 * cap : 16;
			}
			if ((out[count] = malloc((size_t)cut + 5))) {
				snprintf(out[count], (size_t)cut + 5, "%s%.*s", first ? "" : "    ", cut, p);
				count++;
			}
			p += cut;
			while (*p == ' ')
				p++;
			first = false;
		}
	}
	ui_pager(ui, title, out, count, 0);
	for (int i = 0; i < count; i++)
		free(out[i]);
	free(out);
}

void ui_view_replay(struct ui *ui, struct snapshot *frames, const int *nlog, int n)
{
	int k = 0;
	for (;;) {
		char where[40];
		int ch;
		game_restore_view(ui->g, &frames[k]);
		ui->log_limit = nlog[k];
		/* Frame 0 is the start, the last the end, those between the
		 * initiatives in turn. */
		if (k == 0 || k == n - 1)
			snprintf(where, sizeof where, "the %s", k == 0 ? "start" : "end");
		else
			snprintf(where, sizeof where, "initiative %d of %d", k, n - 2);
		ui_flash(ui, false, "Replay: %s (Turn %d). n/Right next, p/Left back, g/G first/last, q leaves.", where,
		         ui->g->turn);
		ui_draw(ui);
		ch = ui_getch(ui);
		if (ui->hooks.hangup && *ui->hooks.hangup)
			break;
		if (ch == 'q' || ch == ESC)
			break;
		else if (ch == 'n' || ch == KEY_RIGHT || ch == ' ')
			k = k + 1 < n ? k + 1 : k;
		else if (ch == 'p' || ch == KEY_LEFT || ch == KEY_BACKSPACE)
			k = k > 0 ? k - 1 : 0;
		else if (ch == 'g' || ch == KEY_HOME)
			k = 0;
		else if (ch == 'G' || ch == KEY_END)
			k = n - 1;
		else if (key_action(ui, ch) == ACT_LOG) {
			int keep = ui->g->nlog;
			ui->g->nlog = nlog[k];
			ui_log_history(ui);
			ui->g->nlog = keep;
		} else if (key_action(ui, ch) == ACT_COMMAND) {
			struct order o;
			ui_command_line(ui, &o);
		} else {
			int act = key_action(ui, ch);
			if (!cursor_action(ui, act)) {
				if (act == ACT_ZOOM_IN)
					set_zoom(ui, -1);
				else if (act == ACT_ZOOM_OUT)
					set_zoom(ui, 1);
				else if (act == ACT_HELP)
					ui_help(ui);
			}
		}
	}
	ui->log_limit = -1;
}

/* ------------------------------------------------------------------ */
/* Last in the file: term.h defines its capabilities as macros (lines,
 * columns, tab ...) that would clash with the names above. */
#include <term.h>

bool ui_terminal_usable(char *why, size_t size)
{
	const char *term = getenv("TERM");
	const char *advice = "use a terminal such as xterm, or --batch";
	char *cup;
	int err = 0;
	if (!term || !*term) {
		snprintf(why, size, "TERM is not set, so the terminal is unknown and cannot show the "
		         "battlefield; set it (as TERM=xterm) or use --batch");
		return false;
	}
	if (setupterm(term, STDOUT_FILENO, &err) != OK) {
		if (err < 0)
			snprintf(why, size, "the terminal '%.64s' cannot be looked up (no terminfo database "
			         "found); install ncurses-base, or use --batch", term);
		else
			snprintf(why, size, "the terminal '%.64s' is unknown here (terminfo has no entry "
			         "for it); %s", term, advice);
		return false;
	}
	/* A terminal that cannot put the cursor where it likes cannot draw a
	 * map (dumb, a printing terminal, an emacs shell buffer). */
	cup = tigetstr("cup");
	if (!cup || cup == (char *)-1 || tigetflag("hc") > 0 || tigetflag("gn") > 0) {
		snprintf(why, size, "the terminal '%.64s' cannot show the battlefield (it cannot move the "
		         "cursor); %s", term, advice);
		del_curterm(cur_term);
		return false;
	}
	del_curterm(cur_term);
	return true;
}
