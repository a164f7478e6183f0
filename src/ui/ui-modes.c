/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-modes: the modes that shape an order before it is given: a move
 * (how far), a pivot (which way), a command stand's way, and a charge's
 * or a shot's target, each previewed on the map. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/fire.h"
#include "engine/odds-order.h"
#include "engine/query.h"
#include "engine/rules.h"
#include "ui-int.h"

static void preview(struct ui *ui)
{
	order_preview(ui->g, ui->acting, &ui->pending, &ui->ghost);
	ui->ghost_on = true;
	if (!ui->ghost.ok)
		ui_flash(ui, true, "%s", ui->ghost.why);
}

static unsigned ground_note(struct ui *ui, char *msg, size_t size, bool with_key);

void ui_start_move(struct ui *ui)
{
	int u = ui_my_unit(ui);
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
	ui_keep_in_view(ui);
	ui_flash(ui, false, "Move %s: as far as %.1f cm. Cursor or digits set the distance, Enter "
	         "orders, Esc cancels.", un->id, ui->move_max);
	ground_note(ui, ui->msg, sizeof ui->msg, true);
}

/* The ground where the previewed move would leave the unit: what it
 * would forbid it there (QG_...), in words after the message (msg), and
 * how far it could go and stop clear of it (ui->stop_short, -1 for no
 * such place, or none needed). */
static unsigned ground_note(struct ui *ui, char *msg, size_t size, bool with_key)
{
	struct game *g = ui->g;
	const struct unit *u = &g->units[ui->pending.unit];
	struct obb end = unit_footprint_as(u->type, ui->ghost.form, ui->ghost.pos, ui->ghost.facing);
	struct obb start = unit_footprint_as(u->type, ui->ghost.form, u->pos, ui->ghost.facing);
	double d = v2_dist(u->pos, ui->ghost.pos), t;
	unsigned what;
	int f;
	char kb[16];
	ui->stop_short = -1;
	if (!ui->ghost.ok || !(what = query_ground_forbids(g, u, &end, &f)))
		return 0;
	t = query_stop_clear(g, u, start, geom_dir(ui->ghost.facing), d, what);
	if (t >= 0.05 && t < d - 0.05) {
		struct order o = ui->pending;
		struct preview p;
		if (o.kind == ORD_MOVETO) {
			struct vec2 at = v2_add(u->pos, v2_scale(geom_dir(ui->ghost.facing), t));
			o.a = at.x, o.b = at.y;
		} else {
			o.flag = 0, o.a = t;
		}
		order_preview(g, ui->acting, &o, &p);
		if (p.ok)
			ui->stop_short = t;
	}
	snprintf(msg + strlen(msg), size - strlen(msg), "%s%s would end in %s (%s), where it may not %s%s",
	         msg[0] ? " " : "", u->id, g->map.f[f].name[0] ? g->map.f[f].name : "ground",
	         terrain_names[g->map.f[f].type].label,
	         what == (QG_NO_FIRE | QG_NO_CHARGE) ? "fire or charge" : what & QG_NO_FIRE ? "fire" : "charge",
	         ui->stop_short >= 0 && with_key ? "" : ".");
	if (ui->stop_short >= 0 && with_key)
		snprintf(msg + strlen(msg), size - strlen(msg), "; %s stops short at %.1f cm.",
		         ui_key(ui, ACT_STOP_SHORT, kb), ui->stop_short);
	return what;
}

/* The pending move shortened to stop clear of the ground ahead. */
static void take_stop_short(struct ui *ui)
{
	const struct unit *u = &ui->g->units[ui->pending.unit];
	if (ui->pending.kind == ORD_MOVETO) {
		struct vec2 at = v2_add(u->pos, v2_scale(geom_dir(ui->ghost.facing), ui->stop_short));
		ui->pending.a = at.x, ui->pending.b = at.y;
	} else {
		ui->pending.flag = 0;
		ui->pending.a = ui->stop_short;
	}
}

/* Enter in a move: given at once, unless it would end where the ground
 * forbids the unit to fire or charge: then asked, with the offer to stop
 * short of it. */
static void move_enter(struct ui *ui)
{
	char q[MSG_LEN] = "", kb[16];
	static const char *const keys[] = { "1", "2" };
	const char *labels[2];
	char go[80], stop[80];
	int k;
	if (!ui->ghost_on || !ui->ghost.ok)
		return;
	if (!ground_note(ui, q, sizeof q, false)) {
		ui_give(ui, &ui->pending);
		return;
	}
	snprintf(go, sizeof go, "go on: move %.1f cm", v2_dist(ui->g->units[ui->pending.unit].pos,
	                                                        ui->ghost.pos));
	snprintf(stop, sizeof stop, "stop short at %.1f cm, clear of it (%s)", ui->stop_short,
	         ui_key(ui, ACT_STOP_SHORT, kb));
	labels[0] = go;
	labels[1] = stop;
	k = ui_menu(ui, q, keys, labels, ui->stop_short >= 0 ? 2 : 1, "Esc: back to the move");
	if (k == 1)
		take_stop_short(ui);
	if (k >= 0)
		ui_give(ui, &ui->pending);
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
		ground_note(ui, ui->msg, sizeof ui->msg, true);
	}
}

/* Turn toward the cursor and move: the point is the cursor. */
static void moveto_update(struct ui *ui)
{
	const struct unit *u = &ui->g->units[ui->pending.unit];
	struct vec2 at = v2(ui->cx, ui->cy);
	if (v2_dist(u->pos, at) < 0.05) {
		ui->ghost_on = false;
		ui_flash(ui, false, "Turn and move %s: put the cursor where it should go (it turns to face the "
		         "cursor, then moves straight toward it). Enter orders, Esc cancels.", u->id);
		return;
	}
	ui->pending.a = at.x;
	ui->pending.b = at.y;
	preview(ui);
	if (ui->ghost.ok) {
		double turn = geom_angle_diff(u->facing, ui->ghost.facing);
		ui_flash(ui, false, "%s turns %.0f %s to face %.0f and moves %.1f cm%s. Enter orders, Esc "
		         "cancels.", u->id, fabs(turn), turn < 0 ? "left" : "right", ui->ghost.facing,
		         v2_dist(u->pos, ui->ghost.pos),
		         v2_dist(ui->ghost.pos, at) > 0.05 ? ", as far as it can toward the cursor" : "");
		ground_note(ui, ui->msg, sizeof ui->msg, true);
	}
}

void ui_start_moveto(struct ui *ui)
{
	int u = ui_my_unit(ui);
	if (u < 0)
		return;
	/* What forbids any move is said now, not once a point is chosen. */
	ui->pending = order_new(ORD_MOVE);
	ui->pending.unit = u;
	ui->pending.flag = OF_MAX;
	ui->pending.has_a = true;
	preview(ui);
	if (!ui->ghost.ok)
		return;
	ui->pending = order_new(ORD_MOVETO);
	ui->pending.unit = u;
	ui->pending.has_a = ui->pending.has_b = true;
	ui->mode = MODE_MOVE;
	moveto_update(ui);
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
		move_enter(ui);
		return;
	}
	if (act == ACT_STOP_SHORT && ui->ghost_on && ui->ghost.ok && ui->stop_short >= 0) {
		take_stop_short(ui);
		if (ui->pending.kind == ORD_MOVETO) {
			/* The cursor goes to the new end, which the preview shows. */
			ui->cx = ui->pending.a, ui->cy = ui->pending.b;
			moveto_update(ui);
		} else {
			ui->entry[0] = '\0';
			move_mode_update(ui, ui->stop_short);
		}
		return;
	}
	if (ui->pending.kind == ORD_MOVETO) {
		if (ui_cursor_action(ui, act))
			moveto_update(ui);
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
	if (ui_cursor_action(ui, act)) {
		double d = v2_dot(v2_sub(v2(ui->cx, ui->cy), u->pos), geom_dir(u->facing));
		ui->entry[0] = '\0';
		move_mode_update(ui, floor(d * 10 + 0.5) / 10);
	}
}

void ui_start_pivot(struct ui *ui)
{
	int u = ui_my_unit(ui);
	if (u < 0)
		return;
	ui->pending = order_new(ORD_FACE);
	ui->pending.unit = u;
	ui->pending.a = ui->g->units[u].facing;
	ui->pending.has_a = true;
	ui->mode = MODE_PIVOT;
	preview(ui);
	ui_flash(ui, false, "Pivot %s: cursor keys face toward the cursor, < > turn %d, , . turn %d; "
	         "Enter orders.", ui->g->units[u].id, UI_TURN_STEP, UI_TURN_FINE);
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
			ui_give(ui, &ui->pending);
		return;
	}
	if (ch == '<' || ch == '>' || ch == ',' || ch == '.')
		ui->pending.a += (ch == '<' ? -UI_TURN_STEP : ch == '>' ? UI_TURN_STEP : ch == ',' ? -UI_TURN_FINE
		                                                                                : UI_TURN_FINE);
	else if (ui_cursor_action(ui, act))
		ui->pending.a = floor(geom_bearing(u->pos, v2(ui->cx, ui->cy)) + 0.5);
	else
		return;
	ui->pending.a = geom_norm_deg(ui->pending.a);
	preview(ui);
	if (ui->ghost.ok)
		ui_flash(ui, false, "Pivot %s to %.0f (%+.0f). Enter orders, Esc cancels.", u->id,
		         ui->pending.a, geom_angle_diff(u->facing, ui->pending.a));
}

void ui_start_cmove(struct ui *ui)
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
	ui_flash(ui, false, "Move %s (%g cm): %s adds a turning point, Enter ends at the cursor.",
	         g->cmdrs[k].name, rules_command.stand_move, ui_key(ui, ACT_SELECT, kb));
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
				ui_give(ui, &ui->pending);
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
	ui_cursor_action(ui, act);
}

/* Charges and shots: choose the target. */

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
	double p1 = odds_pass(u, 0), p2 = odds_sum_at_least(n, gap / rules_extend_pip);
	char pip[24] = "";
	if (rules_extend_pip != 1)
		snprintf(pip, sizeof pip, " x %g", rules_extend_pip);
	snprintf(buf, size, "%dD6 >= %d (%.0f%%), then %dD6%s cm >= %.1f (%.0f%%): %.0f%% in all; "
	         "failing, it stays disordered", rules_dice.test, q, 100 * p1, n, pip, gap, 100 * p2, 100 * p1 * p2);
}

/* The odds of the pending charge at t as one paragraph (the charge
 * confirmation), and its gist for the message line. */
static bool charge_odds(struct ui *ui, int t, char *text, size_t size, char *gist, size_t gsize)
{
	struct odds_charge o;
	struct cmd_lines l = { 0 };
	char why[MSG_LEN], p1[8], p2[8];
	size_t len = 0;
	if (odds_charge(ui->g, ui->pending.unit, t, &o, why, sizeof why) < 0)
		return false;
	cmd_odds_charge(ui->g, &o, &l);
	text[0] = '\0';
	for (int i = 0; i < l.n && len < size; i++)
		len += (size_t)snprintf(text + len, size - len, "%s%s", i ? " " : "", l.line[i]);
	cmd_lines_free(&l);
	snprintf(gist, gsize, "goes in %s, wins %s if %s stands", cmd_percent(o.go, p1, sizeof p1),
	         cmd_percent(o.stand.win[0], p2, sizeof p2), ui->g->units[t].id);
	return true;
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
		char why[MSG_LEN], odds[160], way[64], text[1200], gist[96];
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
		charge_odds(ui, t, text, sizeof text, gist, sizeof gist);
		ui_flash(ui, false, "Charge %s: it reaches (%.1f cm), %s; %s. Enter: the odds, to confirm.",
		         g->units[t].id, v2_dist(g->units[u].pos, end),
		         pivot_words(&g->units[u], facing, way, sizeof way), gist);
	} else {
		struct odds_fire o;
		const struct fire_shot *shot = &o.shot;
		char p1[8];
		if (!odds_fire_at(g, u, t, ui->pending.npts ? &ui->pending.pts[0] : NULL, &o)) {
			ui_flash(ui, true, "%s", shot->why);
			return;
		}
		memcpy(ui->zone, shot->tri, sizeof ui->zone);
		ui->zone_on = true;
		ui_flash(ui, false, "Fire at %s: %.1f cm, %s, %d %s (%s), aiming %s: hits %.2f expected, one at "
		         "least %s. Enter fires.", g->units[t].id, shot->range,
		         unit_is_artillery(&g->units[u]) ? range_names[shot->band].label : "small arms",
		         shot->dice, shot->dice == 1 ? "die" : "dice", shot->detail,
		         ui->pending.npts ? "at the cursor" : "at the best point", o.hits,
		         cmd_percent(o.one, p1, sizeof p1));
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

void ui_start_target(struct ui *ui, enum order_kind kind)
{
	int u = ui_my_unit(ui);
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
		ui_keep_in_view(ui);
		target_update(ui);
	} else {
		ui_flash(ui, true, "%s has no enemy it can %s from here; move the cursor to see why.",
		         ui->g->units[u].id, kind == ORD_CHARGE ? "charge" : "fire at");
	}
}

/* The charge confirmation: every chance the rules give, then yes or no. */
static bool confirm_charge(struct ui *ui)
{
	static const char *const keys[] = { "y", "n" }, *const labels[] = { "charge", "cancel" };
	struct game *g = ui->g;
	char title[MSG_LEN], text[1200], gist[96];
	int u = ui->pending.unit, t = ui->pending.target;
	if (!charge_odds(ui, t, text, sizeof text, gist, sizeof gist))
		return true; /* the engine will say why */
	if (ui->pending.flag & OF_EXTEND) {
		double gap = 0, facing;
		extendable(ui, t, &gap, &facing);
		snprintf(title, sizeof title, "Extended charge of %s at %s (%.1f cm short). Try it? (y/n)",
		         g->units[u].id, g->units[t].id, gap);
	} else {
		snprintf(title, sizeof title, "Charge %s at %s? (y/n)", g->units[u].id, g->units[t].id);
	}
	return ui_menu(ui, title, keys, labels, 2, text) == 0;
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
		if (ui->pending.kind == ORD_CHARGE && !confirm_charge(ui)) {
			target_update(ui);
			return;
		}
		ui->zone_on = false;
		ui_give(ui, &ui->pending);
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
				ui_keep_in_view(ui);
				break;
			}
		}
		target_update(ui);
		return;
	}
	if (ui_cursor_action(ui, act)) {
		int t = ui_unit_at(ui, ui->cx, ui->cy);
		set_target(ui, t >= 0 && g->units[t].side != g->units[ui->pending.unit].side ? t : -1);
		target_update(ui);
	}
}

void ui_mode_key(struct ui *ui, int ch, int act)
{
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
		break;
	}
}
