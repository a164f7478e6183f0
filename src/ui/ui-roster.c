/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-roster: the roster (each side's units by division and brigade, the
 * enemy's as seen across the table) and 'describe' (the cursor's place
 * in words) on pages of their own, each line naming a unit that Enter
 * goes to. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "ui-int.h"

/* The side at the keyboard (whose view the enemy's roster is), or -1 when
 * the computer plays both (everything may be seen). */
static int viewer_side(const struct ui *ui)
{
	if (ui->watch)
		return -1;
	return ui->viewer >= 0 ? ui->viewer : (int)ui->acting;
}

/* Select a unit picked from a page, the cursor and the view on it. */
static void go_to(struct ui *ui, int unit)
{
	const struct unit *u = &ui->g->units[unit];
	if (u->state != US_ACTIVE)
		return;
	ui->sel_unit = unit;
	ui->sel_cmdr = -1;
	ui->cx = u->pos.x;
	ui->cy = u->pos.y;
	ui_keep_in_view(ui);
	ui_flash(ui, false, "%s selected: %s.", u->id, u->name);
}

void ui_roster(struct ui *ui, int side)
{
	struct cmd_lines l[SIDE_COUNT] = { { 0 }, { 0 } };
	struct ui_page pages[SIDE_COUNT];
	char title[SIDE_COUNT][160];
	int viewer = viewer_side(ui), at, k;
	for (int s = 0; s < SIDE_COUNT; s++) {
		bool own = viewer < 0 || viewer == s;
		cmd_roster(ui->g, s, viewer < 0 ? s : viewer, &l[s]);
		snprintf(title[s], sizeof title[s], "Roster: %s%s (Tab: the other side)", ui->g->side[s].name,
		         own ? "" : ", as seen across the table");
		pages[s] = (struct ui_page){ title[s], l[s].line, l[s].n, l[s].unit };
	}
	at = side >= 0 ? side : viewer >= 0 ? viewer : SIDE_A;
	k = ui_pager_pick(ui, pages, SIDE_COUNT, &at);
	if (k >= 0)
		go_to(ui, k);
	for (int s = 0; s < SIDE_COUNT; s++)
		cmd_lines_free(&l[s]);
}

void ui_describe(struct ui *ui)
{
	struct cmd_lines l = { 0 };
	struct ui_page page;
	char title[120];
	int k;
	cmd_describe(ui->g, viewer_side(ui), v2(ui->cx, ui->cy), &l);
	snprintf(title, sizeof title, "Around the cursor (%.1f, %.1f cm); Enter goes to a unit", ui->cx, ui->cy);
	page = (struct ui_page){ title, l.line, l.n, l.unit };
	k = ui_pager_pick(ui, &page, 1, NULL);
	if (k >= 0)
		go_to(ui, k);
	cmd_lines_free(&l);
}
