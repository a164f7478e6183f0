/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-keys: the keyboard on the map: keys to actions through the keymap,
 * the cursor, selection, and the normal mode's keys, menus and one-key
 * orders (the same orders the ':' command line gives). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/query.h"
#include "engine/rules.h"
#include "engine/seq.h"
#include "engine/volley.h"
#include "ui-int.h"

int ui_key_action(const struct ui *ui, int ch)
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
		if (ui->opt.key[a] && ui->opt.key[a] == ch)
			return a;
	return -1;
}

/* Cursor actions: true when the action was one. */
bool ui_cursor_action(struct ui *ui, int act)
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
	ui_keep_in_view(ui);
	return true;
}

const char *ui_key(const struct ui *ui, enum action a, char buf[16])
{
	return options_key_name(ui->opt.key[a], buf);
}

void ui_give(struct ui *ui, const struct order *o)
{
	/* The cursor follows the unit ordered, when the order is done. */
	ui->follow = order_flags(o->kind) & OK_UNIT ? o->unit : -1;
	ui->out = *o;
	ui->have_order = true;
	ui->mode = MODE_NORMAL;
	ui->ghost_on = false;
	ui->msg[0] = '\0';
}

/* The units of the side at the keyboard that act in this phase. */
static bool in_hand(const struct ui *ui, const struct unit *u, bool ready)
{
	return u->side == ui->acting && query_unit_acts(ui->g, u, ready);
}

static void select_unit(struct ui *ui, int unit)
{
	ui->sel_unit = unit;
	ui->sel_cmdr = -1;
	if (unit >= 0) {
		ui->cx = ui->g->units[unit].pos.x;
		ui->cy = ui->g->units[unit].pos.y;
		ui_keep_in_view(ui);
	}
}

/* Of those, the ones that can still do something useful (in the firing
 * phase: fire at an enemy). */
static bool useful(const struct ui *ui, int unit)
{
	return ui->g->units[unit].side == ui->acting && query_unit_useful(ui->g, unit);
}

/* The next unit acting in this phase (useful_only: of those that can
 * still do something useful), selected with the cursor on it. */
static void cycle_units(struct ui *ui, int dir, bool useful_only)
{
	const struct game *g = ui->g;
	int start = ui->sel_unit < 0 ? (dir > 0 ? -1 : g->nunits) : ui->sel_unit;
	char kb[16];
	for (int k = 1; k <= g->nunits; k++) {
		int i = ((start + dir * k) % g->nunits + g->nunits) % g->nunits;
		if (useful_only ? !useful(ui, i) : !in_hand(ui, &g->units[i], false))
			continue;
		select_unit(ui, i);
		return;
	}
	if (g->phase == PHASE_MANOEUVRE)
		ui_flash(ui, false, "No unit of yours can do anything more in this phase (%s ends it).",
		         ui_key(ui, ACT_END, kb));
	else if (g->phase == PHASE_FIRE)
		ui_flash(ui, false, "No unit of yours has an enemy it could fire at (%s ends the phase).",
		         ui_key(ui, ACT_END, kb));
	else
		ui_flash(ui, false, "Units act in the manoeuvre and firing phases.");
}

/* The units of the side at the keyboard that could still act: in this
 * phase, and with firing also in the firing phase to come.  How many,
 * and the first few ids in names. */
static int could_act(const struct ui *ui, bool firing, char *names, size_t size)
{
	const struct game *g = ui->g;
	int n = 0;
	names[0] = '\0';
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		bool can = useful(ui, i);
		if (!can && firing && g->phase == PHASE_MANOEUVRE && in_hand(ui, u, false) &&
		    (unit_is_infantry(u) || unit_is_artillery(u)) && !volley_may_fire(g, u))
			can = query_fire_target(g, i) >= 0;
		if (!can)
			continue;
		if (n < 4)
			snprintf(names + strlen(names), size - strlen(names), "%s%s", n ? ", " : "", u->id);
		else if (n == 4)
			snprintf(names + strlen(names), size - strlen(names), "...");
		n++;
	}
	return n;
}

/* End the phase, asking first only when a unit could still act; with
 * all, the brigade's whole initiative (its firing too). */
static void end_phase(struct ui *ui, bool all)
{
	struct game *g = ui->g;
	struct order o = order_new(ORD_END);
	char names[80], q[MSG_LEN];
	const char *who = g->divmove >= 0 ? g->divs[g->divmove].name
	                  : g->active_brigade >= 0 ? g->brigs[g->active_brigade].name : "the";
	int n;
	if (g->phase != PHASE_MANOEUVRE && g->phase != PHASE_FIRE) {
		ui_flash(ui, true, "Only a manoeuvre or firing phase is ended by a key; %s", g->phase ==
		         PHASE_INITIATIVE ? "choose a brigade first." : "this one runs by itself.");
		return;
	}
	n = could_act(ui, all, names, sizeof names);
	if (all && g->phase == PHASE_MANOEUVRE)
		snprintf(q, sizeof q, "End %s's initiative (no more manoeuvre, no firing)? %d unit%s could "
		         "still act: %s.", who, n, n == 1 ? "" : "s", names);
	else if (all)
		snprintf(q, sizeof q, "End %s's initiative? %d unit%s could still fire: %s.", who, n,
		         n == 1 ? "" : "s", names);
	else
		snprintf(q, sizeof q, "End the %s phase? %d unit%s could still %s: %s.",
		         phase_names[g->phase].label, n, n == 1 ? "" : "s",
		         g->phase == PHASE_FIRE ? "fire" : "act", names);
	if (n > 0 && !ui_confirm(ui, q))
		return;
	ui->end_all = all ? g->initiatives : -1;
	ui_give(ui, &o);
}

/* The selected unit, when it is one the player may order now. */
int ui_my_unit(struct ui *ui)
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

/* Put the cursor somewhere useful when a side's turn to act begins: on
 * a unit that can still act in this phase. */
void ui_focus(struct ui *ui)
{
	const struct game *g = ui->g;
	if (ui->sel_unit >= 0 && useful(ui, ui->sel_unit))
		return;
	for (int i = 0; i < g->nunits; i++)
		if (useful(ui, i)) {
			select_unit(ui, i);
			return;
		}
	if (ui->sel_unit >= 0 && in_hand(ui, &g->units[ui->sel_unit], true))
		return;
	for (int i = 0; i < g->nunits; i++)
		if (in_hand(ui, &g->units[i], true)) {
			select_unit(ui, i);
			break;
		}
}

/* ------------------------------------------------------------------ */
/* Menus that build orders */

/* The key of the k-th brigade of a side: 1-9, a-z, A-Z, then none. */
static void brigade_key(int k, char buf[4])
{
	if (k < 9)
		snprintf(buf, 4, "%c", '1' + k);
	else if (k < 35)
		snprintf(buf, 4, "%c", 'a' + k - 9);
	else if (k < 61)
		snprintf(buf, 4, "%c", 'A' + k - 35);
	else
		buf[0] = '\0';
}

void ui_division_stands(struct ui *ui, char *buf, size_t size)
{
	struct game *g = ui->g;
	char why[MSG_LEN];
	size_t len;
	buf[0] = '\0';
	for (int k = 0; k < g->ncmdrs; k++) {
		const struct commander *c = &g->cmdrs[k];
		if (c->level != CL_DIVISION || c->side != ui->acting || c->state != US_ACTIVE ||
		    order_cmove_ready(g, ui->acting, k, why, sizeof why) < 0)
			continue;
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s", len ? ", " : "", c->name);
	}
}

/* The brigades that may have the initiative, each under the key it keeps
 * all Turn (its place among its side's brigades), whichever have had it. */
static void brigade_menu(struct ui *ui)
{
	const struct game *g = ui->g;
	const char *keys[64], *labels[64];
	char kb[64][4], stands[200], hint[300], kc[16];
	int idx[64], n = 0, k = 0;
	for (int b = 0; b < g->nbrigs && n < 62; b++) {
		if (brigade_side(g, b) != ui->acting)
			continue;
		if (seq_brigade_available(g, b)) {
			brigade_key(k, kb[n]);
			keys[n] = kb[n];
			labels[n] = g->brigs[b].name;
			idx[n++] = b;
		}
		k++;
	}
	if (g->phase != PHASE_INITIATIVE || !n) {
		ui_flash(ui, true, "A brigade is chosen when your side has just won the initiative.");
		return;
	}
	ui_division_stands(ui, stands, sizeof stands);
	if (stands[0])
		snprintf(hint, sizeof hint, "Division stands that may still move first (Esc, then %s on the "
		         "stand): %s.  Esc: cancel", ui_key(ui, ACT_COMMANDER, kc), stands);
	else
		snprintf(hint, sizeof hint, "Esc: cancel");
	{
		int choice = ui_menu(ui, "Give the initiative to:", keys, labels, n, hint);
		struct order o = order_new(ORD_BRIGADE);
		if (choice < 0)
			return;
		o.target = idx[choice];
		ui_give(ui, &o);
	}
}

/* The divisions that may make a division manoeuvre, each with its
 * allowance and why it is that one; those kept from it by a near enemy
 * are named below with the distance. */
static void division_menu(struct ui *ui)
{
	struct game *g = ui->g;
	const struct division_move_rules *rm = &rules_division_move;
	const char *keys[32], *labels[32];
	char kb[32][4], lb[32][200], title[240], hint[400] = "", why[MSG_LEN];
	int idx[32], n = 0, k = 0;
	for (int d = 0; d < g->ndivs && n < 30; d++) {
		double allow, keep, near;
		bool fresh = true;
		if (division_side(g, d) != ui->acting)
			continue;
		brigade_key(k++, kb[n]);
		for (int b = 0; b < g->nbrigs; b++)
			if (g->brigs[b].division == d && g->brigs[b].used)
				fresh = false;
		if (!fresh)
			continue;
		if (order_divmove_allowance(g, ui->acting, d, &allow, &keep, &near, why, sizeof why) < 0) {
			if (isfinite(near) && near <= rm->blocked_within && strlen(hint) + 80 < sizeof hint)
				snprintf(hint + strlen(hint), sizeof hint - strlen(hint), "%s may not: an enemy is "
				         "%.1f cm from it. ", g->divs[d].name, near);
			continue;
		}
		if (near > rm->far_clear)
			snprintf(lb[n], sizeof lb[n], "%s: %g cm, stand-off %g (no enemy within %g)",
			         g->divs[d].name, allow, keep, rm->far_clear);
		else
			snprintf(lb[n], sizeof lb[n], "%s: %g cm, stand-off %g (an enemy %.1f cm away)",
			         g->divs[d].name, allow, keep, near);
		keys[n] = kb[n];
		labels[n] = lb[n];
		idx[n++] = d;
	}
	if (g->phase != PHASE_INITIATIVE || !n) {
		ui_flash(ui, true, "%s", g->phase == PHASE_INITIATIVE && hint[0] ? hint :
		         "A division manoeuvre is chosen instead of a brigade, before any of its brigades has "
		         "had the initiative this Turn.");
		return;
	}
	snprintf(title, sizeof title, "Division manoeuvre: each unit moves up to the allowance, no nearer the "
	         "enemy than the stand-off, and fires no more this initiative (none with an enemy within "
	         "%g cm):", rm->blocked_within);
	snprintf(hint + strlen(hint), sizeof hint - strlen(hint), "Esc: cancel");
	{
		int choice = ui_menu(ui, title, keys, labels, n, hint);
		struct order o = order_new(ORD_DIVMOVE);
		if (choice < 0)
			return;
		o.target = idx[choice];
		ui_give(ui, &o);
	}
}

static void form_menu(struct ui *ui)
{
	const struct game *g = ui->g;
	static const char *const keys[] = { "l", "c", "s", "k" };
	static const enum formation forms[] = { FORM_LINE, FORM_COLUMN, FORM_SQUARE, FORM_SKIRMISH };
	const char *k2[4], *labels[4];
	enum formation f2[4];
	int n = 0, u = ui_my_unit(ui), k;
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
	ui_give(ui, &o);
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
	/* The distances from the rules' tables. */
	char side[80], back[80], obl[80], inch[80], pro[80];
	const char *const labels[] = {
		side, back, obl, inch, pro,
		"redeploy artillery toward the cursor (no fire after)",
		"cross the bridge it touches",
		"occupy (or leave) the landmark it touches",
	};
	int u = ui_my_unit(ui), k, f;
	double a, b, sign;
	struct order o;
	const struct unit *un;
	if (u < 0)
		return;
	un = &g->units[u];
	snprintf(side, sizeof side, "side-step (infantry in line or skirmish line, %g cm)", rules_special.sidestep);
	snprintf(back, sizeof back, "step back (infantry in line or skirmish line, %g cm)", rules_special.stepback);
	snprintf(obl, sizeof obl, "oblique (%g cm forward and %g cm sideways)", rules_special.oblique_forward,
	         rules_special.oblique_side);
	snprintf(inch, sizeof inch, "inch a square toward the cursor (%g cm; %g near cavalry)", rules_inch.clear,
	         rules_inch.near_cavalry);
	snprintf(pro, sizeof pro, "prolong artillery (%g cm, negative backwards)",
	         rules_move_for(UT_FOOT_ART, FORM_BATTERY)->move);
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
	ui_give(ui, &o);
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
		ui_give(ui, &o);
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
	ui_give(ui, &o);
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

static void bombard_action(struct ui *ui)
{
	const struct game *g = ui->g;
	int u = ui_my_unit(ui), f = -1;
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
	ui_give(ui, &o);
}

/* ------------------------------------------------------------------ */
/* The normal mode's keys */

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

/* The overlay keys: each turns its overlay on or off. */
static void toggle_overlay(struct ui *ui, int act)
{
	static const char *const names[] = { "ranges", "command radii", "charge reach", "enemy charge reach" };
	int bit = act - ACT_OVL_RANGE;
	ui->overlays ^= 1u << bit;
	if (act == ACT_OVL_THREAT)
		ui_flash(ui, false, "Overlay of %s (the %s) %s.", names[bit],
		         ui->g->side[ui_threat_side(ui)].name, ui->overlays & (1u << bit) ? "on" : "off");
	else
		ui_flash(ui, false, "Overlay of %s %s.", names[bit],
		         ui->overlays & (1u << bit) ? "on" : "off");
}

/* The keys that change only what is shown, wherever the map is seen (the
 * normal mode and while a dialog waits): zoom, centring, the log, the
 * roster and describe.  True when the action was one of them. */
static bool view_key(struct ui *ui, int act)
{
	switch (act) {
	case ACT_CENTRE:
		ui_centre_on(ui, v2(ui->cx, ui->cy));
		return true;
	case ACT_ZOOM_IN:
		ui_set_zoom(ui, -1);
		return true;
	case ACT_ZOOM_OUT:
		ui_set_zoom(ui, 1);
		return true;
	case ACT_ZOOM_FIT:
		ui_fit_zoom(ui);
		return true;
	case ACT_LOG:
		ui_log_history(ui);
		return true;
	case ACT_ROSTER:
		ui_roster(ui, -1);
		return true;
	case ACT_DESCRIBE:
		ui_describe(ui);
		return true;
	default:
		return false;
	}
}

/* The keys that look (selection, the view, overlays, the log, help) or
 * leave the battle: true when the action was one of them. */
static bool look_key(struct ui *ui, int act)
{
	if (view_key(ui, act))
		return true;
	switch (act) {
	case ACT_SELECT:
		select_here(ui);
		return true;
	case ACT_NEXT:
		cycle_units(ui, 1, false);
		return true;
	case ACT_READY:
		cycle_units(ui, 1, true);
		return true;
	case ACT_MEASURE:
		measure(ui);
		return true;
	case ACT_OVL_RANGE:
	case ACT_OVL_COMMAND:
	case ACT_OVL_REACH:
	case ACT_OVL_THREAT:
		toggle_overlay(ui, act);
		return true;
	case ACT_SAVE:
		save_action(ui);
		return true;
	case ACT_HELP:
		ui_help(ui);
		return true;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		return true;
	case ACT_QUIT:
		if (ui_confirm(ui, "Quit the battle?"))
			ui->quit = true;
		return true;
	default:
		return false;
	}
}

/* The keys that give an order, or begin one (a menu, a mode): true when
 * the action was one of them. */
static bool order_key(struct ui *ui, int act)
{
	struct game *g = ui->g;
	struct order o;
	switch (act) {
	case ACT_BRIGADE:
		brigade_menu(ui);
		return true;
	case ACT_DIVISION:
		division_menu(ui);
		return true;
	case ACT_PIVOT:
		ui_start_pivot(ui);
		return true;
	case ACT_ABOUT:
		if (ui_my_unit(ui) >= 0) {
			o = order_new(ORD_ABOUT);
			o.unit = ui->sel_unit;
			ui_give(ui, &o);
		}
		return true;
	case ACT_FORM:
		form_menu(ui);
		return true;
	case ACT_MOVE:
		ui_start_move(ui);
		return true;
	case ACT_MOVETO:
		ui_start_moveto(ui);
		return true;
	case ACT_SPECIAL:
		special_menu(ui);
		return true;
	case ACT_CHARGE:
		ui_start_target(ui, ORD_CHARGE);
		return true;
	case ACT_FIRE:
		ui_start_target(ui, ORD_FIRE);
		return true;
	case ACT_BOMBARD:
		bombard_action(ui);
		return true;
	case ACT_COMMANDER:
		ui_start_cmove(ui);
		return true;
	case ACT_ATTACH:
		attach_action(ui);
		return true;
	case ACT_RETREAT:
		if (ui_my_unit(ui) >= 0) {
			char q[MSG_LEN];
			snprintf(q, sizeof q, "Retreat %s from the battle for good?", g->units[ui->sel_unit].id);
			if (ui_confirm(ui, q)) {
				o = order_new(ORD_RETREAT);
				o.unit = ui->sel_unit;
				ui_give(ui, &o);
			}
		}
		return true;
	case ACT_END:
	case ACT_END_ALL:
		end_phase(ui, act == ACT_END_ALL);
		return true;
	case ACT_UNDO:
		o = order_new(ORD_UNDO);
		ui_give(ui, &o);
		return true;
	case ACT_COMMAND:
		if (ui_command_line(ui, &o))
			ui_give(ui, &o);
		return true;
	default:
		return false;
	}
}

static void normal_key(struct ui *ui, int ch, int act)
{
	char kb[16];
	if (ui_cursor_action(ui, act))
		return;
	if (ch == KEY_BTAB) {
		cycle_units(ui, -1, false);
		return;
	}
	if (look_key(ui, act) || order_key(ui, act))
		return;
	if (ch != KEY_RESIZE && ch != ERR)
		ui_flash(ui, true, "That key does nothing here; %s shows the keys.", ui_key(ui, ACT_HELP, kb));
}

void ui_handle_key(struct ui *ui, int ch)
{
	int act = ui_key_action(ui, ch);
	if (ui->mode != MODE_NORMAL && act == ACT_HELP) {
		ui_help(ui);
		return;
	}
	/* Zoom works in every mode: a zone of fire may need a closer look. */
	if (ui->mode != MODE_NORMAL && (act == ACT_ZOOM_IN || act == ACT_ZOOM_OUT || act == ACT_ZOOM_FIT)) {
		if (act == ACT_ZOOM_FIT)
			ui_fit_zoom(ui);
		else
			ui_set_zoom(ui, act == ACT_ZOOM_IN ? -1 : 1);
		return;
	}
	switch (ui->mode) {
	case MODE_MOVE:
	case MODE_PIVOT:
	case MODE_CMOVE:
	case MODE_TARGET:
		ui_mode_key(ui, ch, act);
		break;
	default:
		normal_key(ui, ch, act);
	}
}

/* Keys for the map while a dialog waits: the cursor (but j and k, which
 * move in the menu), zoom, centring, overlays and the log. */
bool ui_map_key(struct ui *ui, int ch)
{
	int act = ui_key_action(ui, ch);
	if (ui_cursor_action(ui, act))
		return true;
	if (view_key(ui, act))
		return true;
	if (act >= ACT_OVL_RANGE && act <= ACT_OVL_THREAT) {
		ui->overlays ^= 1u << (act - ACT_OVL_RANGE);
		return true;
	}
	return false;
}
