/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd-dump: the whole state as text (dump), one record a line, and text
 * from files made safe to print. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd-int.h"
#include "engine/bridge.h"
#include "engine/command.h"
#include "engine/game.h"
#include "engine/melee.h"
#include "engine/text.h"

/* Text from files (names, titles) may hold a newline, a control
 * character (C0 or C1) or broken UTF-8; batch output stays one line per
 * record and never works the terminal, so they are written as escapes.
 * Inside a quoted field, quotes and backslashes are too. */
void cmd_put_text(FILE *out, const char *s, bool quoted)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		char esc[8];
		int n = text_escape_at(p, quoted, esc);
		if (*esc)
			fputs(esc, out);
		else
			fwrite(p, 1, (size_t)n, out);
		p += n;
	}
}

/* A value for a key=value field, always quoted. */
static void put_quoted(FILE *out, const char *key, const char *v)
{
	fprintf(out, " %s=\"", key);
	cmd_put_text(out, v, true);
	fputc('"', out);
}

static void put_markers(FILE *out, unsigned markers)
{
	int n = 0;
	fputs(" markers=", out);
	for (int m = 0; m < MK_COUNT; m++)
		if ((markers >> m) & 1u)
			fprintf(out, "%s%s", n++ ? "," : "", marker_names[m].key);
	if (!n)
		fputs("none", out);
}

static int side_units(const struct game *g, int side, int *sp)
{
	int n = 0;
	*sp = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == (enum side)side && g->units[i].state == US_ACTIVE) {
			n++;
			*sp += g->units[i].sp;
		}
	return n;
}

void cmd_dump(const struct game *g, FILE *out)
{
	char clock[8];
	double vis = weather_visibility(g);

	fprintf(out, "game turn=%d turns=%d phase=%s initiative=%s brigade=%s time=%s weather=%s sky=%s",
	        g->turn, g->turns, phase_names[g->phase].key,
	        g->initiative >= 0 ? side_names[g->initiative].key : "-",
	        g->active_brigade >= 0 ? g->brigs[g->active_brigade].id : "-",
	        weather_clock(g, g->turn, clock), weather_names[g->wx.weather].key,
	        sky_names[g->wx.sky].key);
	if (isinf(vis))
		fputs(" visibility=unlimited", out);
	else
		fprintf(out, " visibility=%.0f", vis);
	fprintf(out, " seed=%llu", (unsigned long long)g->seed);
	put_quoted(out, "title", g->title);
	fputc('\n', out);

	for (int s = 0; s < SIDE_COUNT; s++) {
		int sp, n = side_units(g, s, &sp);
		fprintf(out, "side id=%s corps=%s units=%d sp=%d break=%d", side_names[s].key,
		        g->side[s].corps >= 0 ? g->corps[g->side[s].corps].id : "-", n, sp,
		        g->side[s].break_percent);
		put_quoted(out, "name", g->side[s].name);
		fputc('\n', out);
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		const char *status = unit_state_names[u->state].key;
		if (u->state == US_ACTIVE)
			status = cmd_status_names[command_status(g, u, NULL)].key;
		fprintf(out, "unit id=%s side=%s x=%.2f y=%.2f facing=%.1f formation=%s sp=%d sp0=%d "
		        "type=%s rating=%s brigade=%s",
		        u->id, side_names[u->side].key, u->pos.x, u->pos.y, u->facing,
		        formation_names[u->form].key, u->sp, u->sp0, unit_type_names[u->type].key,
		        rating_names[u->rating].key, g->brigs[u->brigade].id);
		put_markers(out, u->markers);
		fprintf(out, " status=%s", status);
		if (u->state == US_RESERVE)
			fprintf(out, " arrives=%d", u->arrive_turn);
		if (bridge_foe(g, i) >= 0)
			fprintf(out, " bridge_contact=%s", g->units[bridge_foe(g, i)].id);
		put_quoted(out, "name", u->name);
		fputc('\n', out);
	}
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		fprintf(out, "commander id=%s side=%s level=%s rating=%s radius=%.0f x=%.2f y=%.2f "
		        "status=%s attached=%s",
		        c->id, side_names[c->side].key, cmd_level_names[c->level].key,
		        cmd_rating_names[c->rating].key, commander_radius(c), c->pos.x, c->pos.y,
		        unit_state_names[c->state].key,
		        c->attached >= 0 ? g->units[c->attached].id : "-");
		put_quoted(out, "name", c->name);
		fputc('\n', out);
	}
	for (int i = 0; i < g->nobj; i++) {
		const struct objective *o = &g->obj[i];
		fprintf(out, "objective x=%.2f y=%.2f value=%d holder=%s", o->at.x, o->at.y, o->value,
		        o->holder >= 0 ? side_names[o->holder].key : "-");
		put_quoted(out, "name", o->name);
		fputc('\n', out);
	}
}
