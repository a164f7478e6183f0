/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-watch: the battle looked at, not played: the computer's turns shown
 * as they are played (watch mode's pause, step and pace), the field after
 * the end, and a replay stepped through. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/victory.h"
#include "ui-int.h"

/* A computer's controller, wrapped so that its turns show on screen. */
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
		if (ui_signals(ui) < 0) {
			timeout(-1);
			return -1;
		}
		if (ch == KEY_RESIZE) {
			ui_draw(ui);
			continue;
		}
		if (ui_key_action(ui, ch) == ACT_QUIT) {
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
		} else if (ui_key_action(ui, ch) == ACT_LOG) {
			timeout(-1);
			ui_log_history(ui);
			timeout(20);
		} else if (ui_key_action(ui, ch) == ACT_HELP) {
			timeout(-1);
			ui_help(ui);
			timeout(20);
		} else if (ui_key_action(ui, ch) == ACT_ROSTER || ui_key_action(ui, ch) == ACT_DESCRIBE) {
			/* Looking changes nothing: the pages are shown at once. */
			timeout(-1);
			if (ui_key_action(ui, ch) == ACT_ROSTER)
				ui_roster(ui, -1);
			else
				ui_describe(ui);
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
		if (ui_key_action(ui, ch) == ACT_QUIT || ch == ESC)
			return;
		if (ui_key_action(ui, ch) == ACT_HELP)
			ui_help(ui);
		else
			ui_map_key(ui, ch); /* look round the field: cursor, zoom, overlays, the log */
	}
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
		else if (ui_key_action(ui, ch) == ACT_LOG) {
			int keep = ui->g->nlog;
			ui->g->nlog = nlog[k];
			ui_log_history(ui);
			ui->g->nlog = keep;
		} else if (ui_key_action(ui, ch) == ACT_COMMAND) {
			struct order o;
			ui_command_line(ui, &o);
		} else {
			int act = ui_key_action(ui, ch);
			if (!ui_cursor_action(ui, act)) {
				if (act == ACT_ZOOM_IN)
					ui_set_zoom(ui, -1);
				else if (act == ACT_ZOOM_OUT)
					ui_set_zoom(ui, 1);
				else if (act == ACT_HELP)
					ui_help(ui);
			}
		}
	}
	ui->log_limit = -1;
}
