/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd-roster: the roster (every unit of a side by division and brigade,
 * or what the enemy could see of them) and 'describe' (what is at a point
 * and around it, in words), as lines each naming its unit; the commands
 * print them, the front end shows them and jumps to a unit. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-int.h"
#include "engine/command.h"
#include "engine/game.h"
#include "engine/query.h"
#include "engine/victory.h"

void cmd_lines_add(struct cmd_lines *l, int unit, const char *fmt, ...)
{
	char buf[512], **lines;
	int *units;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	lines = realloc(l->line, (size_t)(l->n + 1) * sizeof *lines);
	if (!lines)
		return;
	l->line = lines;
	units = realloc(l->unit, (size_t)(l->n + 1) * sizeof *units);
	if (!units)
		return;
	l->unit = units;
	if (!(l->line[l->n] = strdup(buf)))
		return;
	l->unit[l->n++] = unit;
}

void cmd_lines_free(struct cmd_lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	free(l->unit);
	*l = (struct cmd_lines){ 0 };
}

/* ------------------------------------------------------------------ */
/* The roster */

static void markers_text(const struct unit *u, char *buf, size_t size)
{
	buf[0] = '\0';
	for (int m = 0; m < MK_COUNT; m++)
		if (unit_has_marker(u, (enum marker)m))
			snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? "+" : "",
			         marker_names[m].key);
	if (!buf[0])
		snprintf(buf, size, "-");
}

static const char *formation_word(const struct unit *u)
{
	static const char *const words[FORM_COUNT] = {
		[FORM_LINE] = "line", [FORM_COLUMN] = "column", [FORM_SQUARE] = "square",
		[FORM_ESQUARE] = "em.square", [FORM_SKIRMISH] = "skirmish", [FORM_BATTERY] = "battery",
	};
	if (unit_abandoned(u))
		return "abandoned";
	if (u->form == FORM_BATTERY && (u->acted & UA_MOVED) && (u->acted & UA_NO_FIRE))
		return "limbered";
	return words[u->form];
}

/* One unit's line.  Everything for its own side; for the enemy, what is
 * on the table for all to see: its stands, formation, the markers beside
 * it (strength losses among them). */
static void roster_unit(const struct game *g, int i, bool own, struct cmd_lines *out)
{
	const struct unit *u = &g->units[i];
	char sp[16], mk[48], cmd[24];
	int k;
	if (u->state == US_ELIMINATED || u->state == US_RETREATED) {
		cmd_lines_add(out, -1, "    %-8s %5s  %s  %s", u->id, "-", unit_state_names[u->state].label, u->name);
		return;
	}
	if (u->state == US_RESERVE) {
		cmd_lines_add(out, -1, "    %-8s %3d/%-2d  not yet arrived (Turn %d)  %s", u->id, u->sp, u->sp0,
		              u->arrive_turn, u->name);
		return;
	}
	snprintf(sp, sizeof sp, "%d/%d", u->sp, u->sp0);
	markers_text(u, mk, sizeof mk);
	if (!own) {
		cmd_lines_add(out, i, "    %-8s %5s  %-9s  %-11s  %s", u->id, sp, formation_word(u), mk, u->name);
		return;
	}
	if (command_attached_to(g, i) >= 0)
		k = -1;
	else
		k = (int)command_status(g, u, NULL);
	snprintf(cmd, sizeof cmd, "%s", k < 0 ? "attached" : k == CS_IN_COMMAND ? "in command"
	                                  : k == CS_CAUTIOUS ? "cautious" : "out of cmd");
	cmd_lines_add(out, i, "    %-8s %5s  %-9s  %-11s  %-10s  %-3s  %s", u->id, sp, formation_word(u), mk, cmd,
	              query_unit_useful(g, i) ? "yes" : "-", u->name);
}

void cmd_roster(const struct game *g, int side, int viewer, struct cmd_lines *out)
{
	bool own = viewer < 0 || viewer == side;
	int lost, units, spl, sp0;
	victory_losses(g, side, &lost, &units, &spl, &sp0);
	cmd_lines_add(out, -1, "%s%s: %d units, %d lost (%d lost break the side: %d%%); objectives held "
	              "%d of %d", g->side[side].name, own ? "" : " as seen across the table", units, lost,
	              victory_break_at(g, side, units), g->side[side].break_percent,
	              victory_points(g, side), victory_points_total(g));
	if (own)
		cmd_lines_add(out, -1, "    %-8s %5s  %-9s  %-11s  %-10s  %-3s  %s", "unit", "SP", "formation",
		              "markers", "command", "act", "name");
	else
		cmd_lines_add(out, -1, "    %-8s %5s  %-9s  %-11s  %s", "unit", "SP", "formation", "markers",
		              "name");
	for (int d = 0; d < g->ndivs; d++) {
		const struct division *dv = &g->divs[d];
		if (division_side(g, d) != (enum side)side)
			continue;
		if (dv->commander >= 0)
			cmd_lines_add(out, -1, "%s (%s), %s%s", dv->name, dv->id, g->cmdrs[dv->commander].name,
			              g->cmdrs[dv->commander].state == US_ELIMINATED ? " (lost)" : "");
		else
			cmd_lines_add(out, -1, "%s (%s)", dv->name, dv->id);
		for (int b = 0; b < g->nbrigs; b++) {
			const struct brigade *br = &g->brigs[b];
			bool shown = false;
			if (br->division != d)
				continue;
			for (int i = 0; i < g->nunits; i++) {
				if (g->units[i].brigade != b || (!own && g->units[i].state == US_RESERVE))
					continue;
				if (!shown) {
					if (own)
						cmd_lines_add(out, -1, "  %s (%s)%s", br->name, br->id,
						              br->used ? ": has had the initiative this Turn" : "");
					else
						cmd_lines_add(out, -1, "  %s (%s)", br->name, br->id);
					shown = true;
				}
				roster_unit(g, i, own, out);
			}
		}
	}
	if (!own)
		cmd_lines_add(out, -1, "(Across the table: the troops, their formation and the markers beside "
		              "them, losses among them; not their command or what they may still do, nor "
		              "units yet to arrive.)");
}

/* ------------------------------------------------------------------ */
/* describe */

const char *cmd_compass(double bearing)
{
	static const char *const n[16] = { "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
	                                   "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW" };
	return n[(int)floor(geom_norm_deg(bearing + 11.25) / 22.5) % 16];
}

/* A unit in a few words: "10L1 (French light infantry, column facing N,
 * 6/6 SP)". */
static void unit_words(const struct unit *u, char *buf, size_t size)
{
	char mk[48];
	bool square = u->form == FORM_SQUARE || u->form == FORM_ESQUARE;
	markers_text(u, mk, sizeof mk);
	snprintf(buf, size, "%s (%s %s, %s%s%s, %d/%d SP%s%s)", u->id, nationality_names[u->nat].label,
	         unit_type_names[u->type].label, formation_names[u->form].label, square ? "" : " facing ",
	         square ? "" : cmd_compass(u->facing), u->sp, u->sp0, mk[0] != '-' ? ", markers " : "",
	         mk[0] != '-' ? mk : "");
}

/* How far around the point units and stands are told of. */
#define DESCRIBE_RADIUS 30.0
#define DESCRIBE_MAX 10

static void describe_ground(const struct game *g, struct vec2 p, struct cmd_lines *out)
{
	char ground[300] = "";
	struct shape pt = geom_circle(&p, 0.05);
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		if (!terrain_touches(f, &pt))
			continue;
		snprintf(ground + strlen(ground), sizeof ground - strlen(ground), "%s%s%s%s%s",
		         ground[0] ? ", " : "", terrain_names[f->type].label, f->name[0] ? " (" : "", f->name,
		         f->name[0] ? ")" : "");
	}
	cmd_lines_add(out, -1, "At %.1f, %.1f cm: %s.", p.x, p.y, ground[0] ? ground : "open ground");
	for (int i = 0; i < g->nobj; i++) {
		const struct objective *o = &g->obj[i];
		bool here = o->feature >= 0 ? terrain_touches(&g->map.f[o->feature], &pt)
		                            : v2_dist(o->at, p) <= o->radius;
		if (here)
			cmd_lines_add(out, -1, "Objective %s (worth %d): %s.", o->name, o->value,
			              o->holder >= 0 ? g->side[o->holder].name : "nobody holds it");
	}
}

void cmd_describe(const struct game *g, int viewer, struct vec2 p, struct cmd_lines *out)
{
	struct shape pt = geom_circle(&p, 0);
	int near[DESCRIBE_MAX], nn = 0, here = -1, threats = 0;
	double dist[DESCRIBE_MAX];
	char words[300];
	describe_ground(g, p, out);
	/* The units nearest the point (the one it is on first). */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct vec2 b[4];
		struct shape s;
		double d;
		int at;
		if (u->state != US_ACTIVE)
			continue;
		s = unit_shape(u, b);
		d = geom_distance(&s, &pt);
		if (d <= 0 && here < 0) {
			here = i;
			continue;
		}
		if (d > DESCRIBE_RADIUS || (nn == DESCRIBE_MAX && d >= dist[nn - 1]))
			continue;
		at = nn < DESCRIBE_MAX ? nn++ : nn - 1;
		for (; at > 0 && dist[at - 1] > d; at--) {
			near[at] = near[at - 1];
			dist[at] = dist[at - 1];
		}
		near[at] = i;
		dist[at] = d;
	}
	if (here >= 0) {
		const struct unit *u = &g->units[here];
		unit_words(u, words, sizeof words);
		cmd_lines_add(out, here, "Here: %s, %s.", words, u->name);
	}
	if (nn)
		cmd_lines_add(out, -1, "Within %.0f cm (distance to the nearest edge, and bearing):", DESCRIBE_RADIUS);
	else
		cmd_lines_add(out, -1, "No other unit within %.0f cm.", DESCRIBE_RADIUS);
	for (int k = 0; k < nn; k++) {
		const struct unit *u = &g->units[near[k]];
		double b = geom_bearing(p, u->pos);
		unit_words(u, words, sizeof words);
		cmd_lines_add(out, near[k], "  %s: %.1f cm %s (%.0f)%s", words, dist[k], cmd_compass(b), b,
		              viewer >= 0 && (int)u->side != viewer ? ", enemy" : "");
	}
	for (int k = 0; k < g->ncmdrs; k++) {
		const struct commander *c = &g->cmdrs[k];
		double d = v2_dist(c->pos, p), b = geom_bearing(p, c->pos);
		if (c->state != US_ACTIVE || c->attached >= 0 || d > DESCRIBE_RADIUS)
			continue;
		cmd_lines_add(out, -1, "  %s, %s of %s: %.1f cm %s (%.0f)", c->name, cmd_level_names[c->level].label,
		              g->side[c->side].name, d, cmd_compass(b), b);
	}
	if (viewer < 0)
		return;
	/* Threats: the enemy's units whose charge or fire could reach here. */
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		struct vec2 b[4];
		struct shape s;
		bool charge, fire;
		if (u->state != US_ACTIVE || (int)u->side == viewer || unit_abandoned(u))
			continue;
		charge = query_charge_reaches(u, p);
		fire = query_fire_reaches(u, p);
		if (!charge && !fire)
			continue;
		if (!threats++)
			cmd_lines_add(out, -1, "Threats to %s here:", g->side[viewer].name);
		s = unit_shape(u, b);
		cmd_lines_add(out, i, "  %s could %s%s%s (%.1f cm %s)", u->id, charge ? "charge" : "",
		              charge && fire ? " and " : "", fire ? "fire" : "", geom_distance(&s, &pt),
		              cmd_compass(geom_bearing(p, u->pos)));
	}
	if (!threats)
		cmd_lines_add(out, -1, "No enemy could charge or fire here now.");
}
