/* SPDX-License-Identifier: GPL-3.0-or-later */
/* random: a random battle around the DBM ground: the region and the
 * forces thrown for, invader and defender, deployment zones along the
 * long edges with brigades laid out on ground they may stand on,
 * objectives chosen from the ground, Turns, time of day and weather. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deploy.h"
#include "game.h"
#include "random.h"
#include "rules.h"
#include "weather.h"

/* Scenario choices of ours (the rules leave them to the players). */
#define TURNS_CORPS 12
#define TURNS_DIVISION 10
#define VILLAGE_WORTH 3
#define BRIDGE_WORTH 1
#define HILL_WORTH 1
#define MAX_BRIDGES 2
#define MAX_HILLS 2

uint64_t random_derive(uint64_t seed, uint64_t purpose)
{
	/* splitmix64 of the pair */
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (purpose + 1);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* One of n things, uniformly, by dice: one die (n <= 6) or two read as
 * tens and units (n <= 36), each face or pair standing for one thing or
 * for several in turn, thrown again on the faces left over. */
static int throw_one_of(struct game *g, int n, const char *what)
{
	if (n <= 1)
		return 0;
	for (;;) {
		int faces[2], v, sides = n <= 6 ? 6 : 36, usable = sides / n * n;
		if (n <= 6) {
			v = game_roll(g, 1, NULL, "%s", what);
		} else {
			game_roll(g, 2, faces, "%s (tens and units)", what);
			v = (faces[0] - 1) * 6 + faces[1];
		}
		if (v <= usable)
			return (v - 1) % n;
		game_log(g, "%d is thrown again (it stands for none of the %d).", v, n);
	}
}

void random_zone(const struct game *g, double depth, enum side side, double *y0, double *y1)
{
	/* Side A holds the south (bottom) long edge, side B the north. */
	*y0 = side == SIDE_A ? g->map.height - depth : 0;
	*y1 = side == SIDE_A ? g->map.height : depth;
}

/* ------------------------------------------------------------------ */
/* Deployment: each division as one block, its brigades side by side in
 * two lines (three when two leave units out of command), the cavalry
 * division on one wing; then the commanders where they command most,
 * brigade commanders behind their brigades; then every unit's command
 * status checked, and a division laid again more closely when some of
 * it is out of command. */

#define GROUP_MAX 16
#define BLOCK_GROUPS 8
#define COL_GAP 1.5   /* between units side by side */
#define LINE_GAP 3.0  /* between a brigade's lines: room for a command stand */
#define GROUP_GAP 2.5 /* between brigades */
#define BLOCK_GAP 5.0 /* between divisions */
#define ZONE_MARGIN 1.0
#define BACK_ROOM 3.0 /* left behind a block for its brigade commanders */

/* One brigade in a block. */
struct group {
	int brig;
	int units[GROUP_MAX];
	int n;
};

struct dblock {
	int div;
	struct group grp[BLOCK_GROUPS];
	int ngrp;
};

/* The side's frame: zone, which way is forward. */
struct frame {
	enum side side;
	double y0, y1;    /* the zone */
	double front, sgn; /* the zone's front edge; +1 when back is +y (side A) */
	double facing;
};

static enum brigade_kind kind_of(const struct game *g, int b)
{
	return g->brigs[b].kind == BK_MIXED ? BK_INFANTRY : g->brigs[b].kind;
}

static void unit_form(struct unit *u)
{
	/* Infantry in column, cavalry in line, batteries as they are. */
	enum formation f = unit_is_cavalry(u) ? FORM_LINE : FORM_COLUMN;
	u->form = unit_formation_refusal(u, f) ? unit_default_formation(u) : f;
}

/* How many lines a group stands in when its block has 'lines'. */
static int group_lines(const struct game *g, const struct group *gr, int lines)
{
	if (kind_of(g, gr->brig) == BK_ARTILLERY)
		return 1; /* the batteries in the block's front line */
	return gr->n < lines ? gr->n : lines;
}

static void group_size(const struct game *g, const struct group *gr, int lines, double *w, double *d)
{
	double mw = 0, md = 0;
	int l = group_lines(g, gr, lines), per = (gr->n + l - 1) / l;
	for (int i = 0; i < gr->n; i++) {
		double uw, ud;
		formation_size(g->units[gr->units[i]].type, g->units[gr->units[i]].form, &uw, &ud);
		mw = fmax(mw, uw);
		md = fmax(md, ud);
	}
	*w = per * mw + (per - 1) * COL_GAP;
	*d = l * md + (l - 1) * LINE_GAP;
}

static void block_size(const struct game *g, const struct dblock *b, int lines, double *w, double *d)
{
	*w = *d = 0;
	for (int k = 0; k < b->ngrp; k++) {
		double gw, gd;
		group_size(g, &b->grp[k], lines, &gw, &gd);
		*w += gw + (k ? GROUP_GAP : 0);
		*d = fmax(*d, gd);
	}
}

/* Put the block's units down: x0 its west side, off how far behind the
 * zone's front its own front stands. */
static void lay_block(struct game *g, const struct dblock *b, const struct frame *fr, int lines, double x0,
                      double off)
{
	double x = x0;
	for (int k = 0; k < b->ngrp; k++) {
		const struct group *gr = &b->grp[k];
		double gw, gd, mw = 0, md = 0;
		int l = group_lines(g, gr, lines), per = (gr->n + l - 1) / l;
		group_size(g, gr, lines, &gw, &gd);
		for (int i = 0; i < gr->n; i++) {
			double uw, ud;
			formation_size(g->units[gr->units[i]].type, g->units[gr->units[i]].form, &uw, &ud);
			mw = fmax(mw, uw);
			md = fmax(md, ud);
		}
		for (int i = 0; i < gr->n; i++) {
			struct unit *u = &g->units[gr->units[i]];
			int line = i / per, col = i % per;
			double uw, ud, back;
			formation_size(u->type, u->form, &uw, &ud);
			/* Facing the enemy, the units' order runs west to east
			 * for side A, east to west for side B. */
			if (fr->side == SIDE_B)
				col = per - 1 - col;
			back = off + ZONE_MARGIN + line * (md + LINE_GAP) + ud / 2;
			u->pos = v2(round((x + col * (mw + COL_GAP) + mw / 2) * 100) / 100,
			            round((fr->front + fr->sgn * back) * 100) / 100);
			u->facing = fr->facing;
		}
		x += gw + GROUP_GAP;
	}
}

static bool down(const struct unit *u)
{
	return u->arrive_turn == 0;
}

/* Every unit of the units given on the table, in the zone, on ground it
 * may stand on, a centimetre clear of units and commanders already down. */
static bool units_fit(struct game *g, const int *idx, int n, const struct frame *fr)
{
	struct vec2 buf[4], ob[4];
	for (int i = 0; i < n; i++) {
		const struct unit *u = &g->units[idx[i]];
		struct shape s = unit_shape(u, buf);
		double box[4];
		geom_bounds(&s, box);
		if (!deploy_on_table(g, &s) || box[1] < fr->y0 || box[3] > fr->y1)
			return false;
	}
	for (int i = 0; i < n; i++) {
		const struct unit *u = &g->units[idx[i]];
		struct shape s = unit_shape(u, buf);
		for (int k = 0; k < g->nunits; k++) {
			const struct unit *o = &g->units[k];
			struct shape os;
			if (!down(o) || v2_dist(o->pos, u->pos) > 20)
				continue;
			os = unit_shape(o, ob);
			if (geom_distance(&s, &os) < 1.0)
				return false;
		}
		for (int k = 0; k < g->ncmdrs; k++) {
			const struct commander *c = &g->cmdrs[k];
			struct shape cs;
			if (!(c->flags & CF_PLACED) || v2_dist(c->pos, u->pos) > 20)
				continue;
			cs = commander_shape(c);
			if (geom_distance(&s, &cs) < 0.5)
				return false;
		}
		if (deploy_unit_ground(g, idx[i]) >= 0)
			return false;
	}
	return true;
}

static int block_units(const struct dblock *b, int *idx)
{
	int n = 0;
	for (int k = 0; k < b->ngrp; k++)
		for (int i = 0; i < b->grp[k].n; i++)
			idx[n++] = b->grp[k].units[i];
	return n;
}

static void set_down(struct game *g, const int *idx, int n)
{
	for (int i = 0; i < n; i++)
		g->units[idx[i]].arrive_turn = 0;
}

static void take_up(struct game *g, const int *idx, int n)
{
	for (int i = 0; i < n; i++) {
		g->units[idx[i]].arrive_turn = -1;
		g->units[idx[i]].pos = v2(-1000, -1000);
	}
}

/* The block's place nearest its planned west side x0 and the front of the
 * zone (a centimetre along counts as a third of one back).  Its west
 * side found in *at. */
static bool place_block(struct game *g, const struct dblock *b, const struct frame *fr, int lines, double x0,
                        double *at)
{
	int idx[BLOCK_GROUPS * GROUP_MAX], n = block_units(b, idx);
	double w, d, room;
	block_size(g, b, lines, &w, &d);
	room = fr->y1 - fr->y0 - d - ZONE_MARGIN - BACK_ROOM;
	if (room < 0)
		return false;
	for (int cost = 0; cost < 3 * (int)(g->map.width + room) + 3; cost++)
		for (int off = 0; 3 * off <= cost && off <= (int)room; off++) {
			int dx = cost - 3 * off;
			for (int sgn = -1; sgn <= 1; sgn += 2) {
				double x = x0 + sgn * dx;
				if (dx == 0 && sgn > 0)
					continue;
				if (x < 0 || x + w > g->map.width)
					continue;
				lay_block(g, b, fr, lines, x, off);
				if (units_fit(g, idx, n, fr)) {
					set_down(g, idx, n);
					*at = x;
					return true;
				}
			}
		}
	take_up(g, idx, n);
	return false;
}

/* A brigade alone, near x (a block that would not go down whole). */
static bool place_group(struct game *g, const struct group *gr, const struct frame *fr, double x0)
{
	struct dblock one = { .div = -1, .ngrp = 1 };
	double at;
	one.grp[0] = *gr;
	for (int lines = 2; lines <= 3; lines++)
		if (place_block(g, &one, fr, lines, x0, &at))
			return true;
	return false;
}

/* ---- commanders ---- */

static bool commander_clear(struct game *g, int c)
{
	struct shape s = commander_shape(&g->cmdrs[c]);
	return deploy_on_table(g, &s) && deploy_commander_overlap(g, c) == -1 && deploy_commander_ground(g, c) == -1;
}

/* Units of the list in command by any of the stands given (placed). */
static int in_command(const struct game *g, const int *idx, int n, const int *stands, int ns)
{
	int count = 0;
	struct vec2 buf[4];
	for (int i = 0; i < n; i++) {
		const struct unit *u = &g->units[idx[i]];
		struct shape us = unit_shape(u, buf);
		bool in = false;
		for (int k = 0; k < ns && !in; k++) {
			const struct commander *c = &g->cmdrs[stands[k]];
			struct shape cs;
			if (stands[k] < 0 || !(c->flags & CF_PLACED))
				continue;
			cs = commander_shape(c);
			in = geom_distance(&us, &cs) <= commander_radius(c);
		}
		count += in;
	}
	return count;
}

/* Put commander c where most of the units given are in command (by it or
 * by the other stands given), then as far back and as near x = cx as
 * that allows, searching the box x0..x1 by step.  False when no spot is
 * clear. */
static bool place_commander(struct game *g, int c, const int *idx, int n, const int *others, int nothers,
                            const struct frame *fr, double x0, double x1, double cx, double step)
{
	struct commander *cm = &g->cmdrs[c];
	struct vec2 (*pts)[4] = malloc((size_t)(n ? n : 1) * sizeof *pts), best_at = v2(0, 0);
	struct shape *shp = malloc((size_t)(n ? n : 1) * sizeof *shp);
	int *uix = malloc((size_t)(n ? n : 1) * sizeof *uix);
	double *reach = malloc((size_t)(n ? n : 1) * sizeof *reach);
	double best_key = -INFINITY, radius;
	int base = 0, m = 0, best = -1;
	if (!pts || !shp || !uix || !reach) {
		free(pts);
		free(shp);
		free(uix);
		free(reach);
		return false;
	}
	cm->arrive_turn = 1;
	cm->state = US_ACTIVE;
	radius = commander_radius(cm) + rules_stand[ARM_COMMAND].w / 2;
	/* Those the other stands command already count whatever he does. */
	for (int i = 0; i < n; i++) {
		const struct unit *u = &g->units[idx[i]];
		if (others && nothers > 0 && in_command(g, &idx[i], 1, others, nothers)) {
			base++;
			continue;
		}
		shp[m] = unit_shape(u, pts[m]);
		uix[m] = i;
		reach[m] = 0;
		for (int k = 0; k < shp[m].n; k++)
			reach[m] = fmax(reach[m], v2_dist(shp[m].pts[k], u->pos));
		m++;
	}
	for (double back = -1; back <= fr->y1 - fr->y0 + 1e-9; back += step)
		for (double x = fmax(x0, 1.5); x <= fmin(x1, g->map.width - 1.5); x += step) {
			/* Commanders stand in their side's zone or behind it. */
			double y = fr->front + fr->sgn * back, key;
			struct vec2 at = v2(x, y);
			struct shape pt = geom_circle(&at, 0);
			int count = base;
			if (y < 1.25 || y > g->map.height - 1.25)
				continue;
			for (int k = 0; k < m; k++) {
				double cd = v2_dist(at, g->units[idx[uix[k]]].pos);
				/* Within the radius of the centre, or near enough to
				 * measure. */
				if (cd <= radius)
					count++;
				else if (cd <= radius + reach[k])
					count += geom_distance(&pt, &shp[k]) <= radius;
			}
			key = count * 10000.0 + 2 * back - fabs(x - cx);
			if (key <= best_key)
				continue;
			cm->pos = at;
			if (!commander_clear(g, c))
				continue;
			best_key = key;
			best = count;
			best_at = at;
		}
	free(pts);
	free(shp);
	free(uix);
	free(reach);
	if (best < 0)
		return false;
	cm->pos = best_at;
	cm->flags |= CF_PLACED;
	return true;
}

/* A brigade commander right behind his brigade's rear line, else as
 * near it as there is room, behind the brigade. */
static bool place_brigadier(struct game *g, int c, const struct group *gr, const struct frame *fr)
{
	struct commander *cm = &g->cmdrs[c];
	double xl = INFINITY, xr = -INFINITY, rear = -INFINITY;
	struct vec2 buf[4];
	for (int i = 0; i < gr->n; i++) {
		const struct unit *u = &g->units[gr->units[i]];
		struct shape s = unit_shape(u, buf);
		double box[4];
		geom_bounds(&s, box);
		xl = fmin(xl, box[0]);
		xr = fmax(xr, box[2]);
		rear = fmax(rear, fr->sgn > 0 ? box[3] : -box[1]);
	}
	cm->arrive_turn = 1;
	cm->state = US_ACTIVE;
	for (double back = 1.25 + 0.3; back < 12; back += 0.5)
		for (int k = 0; k <= (int)(xr - xl); k++) {
			double x = (xl + xr) / 2 + (k % 2 ? 1 : -1) * ((k + 1) / 2);
			cm->pos = v2(x, fr->sgn * (rear + back));
			if (commander_clear(g, c)) {
				cm->flags |= CF_PLACED;
				return true;
			}
		}
	return false;
}

/* A division's block down near x0 in so many lines, its commander where
 * he commands most of it: how many he does in *count. */
static bool lay_division(struct game *g, const struct dblock *b, const struct frame *fr, int lines, double x0,
                         int *count)
{
	int idx[BLOCK_GROUPS * GROUP_MAX], n = block_units(b, idx), c = g->divs[b->div].commander;
	double at, w, d;
	if (!place_block(g, b, fr, lines, x0, &at))
		return false;
	block_size(g, b, lines, &w, &d);
	if (c < 0) {
		*count = n;
		return true;
	}
	if (!place_commander(g, c, idx, n, NULL, 0, fr, at - 6, at + w + 6, at + w / 2, 0.5)) {
		take_up(g, idx, n);
		return false;
	}
	*count = in_command(g, idx, n, &c, 1);
	return true;
}

/* ---- the side ---- */

static int side_blocks(const struct game *g, enum side side, struct dblock *blk, int max, bool *cavalry)
{
	int n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int d = 0; d < g->ndivs && n < max; d++) {
			struct dblock *b = &blk[n];
			bool inf = false, cav = false;
			if (g->corps[g->divs[d].corps].side != side)
				continue;
			for (int k = 0; k < g->nbrigs; k++)
				if (g->brigs[k].division == d) {
					inf = inf || kind_of(g, k) == BK_INFANTRY;
					cav = cav || kind_of(g, k) == BK_CAVALRY;
				}
			/* Infantry divisions first, then those of cavalry alone. */
			if ((pass == 0) != inf || (!inf && !cav))
				continue;
			memset(b, 0, sizeof *b);
			b->div = d;
			cavalry[n] = !inf;
			/* Infantry brigades with the artillery between the first
			 * two; a cavalry brigade of an infantry division last. */
			for (int want = 0; want < 3; want++)
				for (int k = 0; k < g->nbrigs && b->ngrp < BLOCK_GROUPS; k++) {
					enum brigade_kind kk = kind_of(g, k);
					if (g->brigs[k].division != d ||
					    kk != (want == 0 ? BK_INFANTRY : want == 1 ? BK_ARTILLERY : BK_CAVALRY))
						continue;
					struct group *gr = &b->grp[b->ngrp];
					gr->brig = k;
					gr->n = 0;
					for (int i = 0; i < g->nunits && gr->n < GROUP_MAX; i++)
						if (g->units[i].brigade == k)
							gr->units[gr->n++] = i;
					if (gr->n == 0)
						continue;
					b->ngrp++;
				}
			/* The artillery between the first two infantry brigades. */
			for (int k = 1; k < b->ngrp; k++)
				if (kind_of(g, b->grp[k].brig) == BK_ARTILLERY && k >= 2 &&
				    kind_of(g, b->grp[k - 1].brig) == BK_INFANTRY) {
					struct group t = b->grp[k];
					int to = 1;
					memmove(&b->grp[to + 1], &b->grp[to], (size_t)(k - to) * sizeof t);
					b->grp[to] = t;
					break;
				}
			if (b->ngrp > 0)
				n++;
		}
	return n;
}

static void reverse_groups(struct dblock *b)
{
	for (int i = 0, j = b->ngrp - 1; i < j; i++, j--) {
		struct group t = b->grp[i];
		b->grp[i] = b->grp[j];
		b->grp[j] = t;
	}
}

static int deploy_side(struct game *g, enum side side, double depth, bool cav_east, char *why, size_t size)
{
	struct dblock blk[16];
	bool cavalry[16];
	int nb = side_blocks(g, side, blk, 16, cavalry), placed[16], corps = g->corps[g->side[side].corps].commander;
	double widths[16], total = 0, x, xs[16], lo = INFINITY, hi = -INFINITY;
	struct frame fr = { .side = side, .facing = side == SIDE_A ? 0 : 180, .sgn = side == SIDE_A ? 1 : -1 };
	int all[1024], nall = 0;

	random_zone(g, depth, side, &fr.y0, &fr.y1);
	fr.front = side == SIDE_A ? fr.y0 : fr.y1;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == side) {
			unit_form(&g->units[i]);
			if (nall < 1024)
				all[nall++] = i;
		}
	/* A division's cavalry brigade on the wing the cavalry takes. */
	for (int b = 0; b < nb; b++) {
		double d;
		if (!cavalry[b] && !cav_east)
			reverse_groups(&blk[b]);
		block_size(g, &blk[b], 2, &widths[b], &d);
		total += widths[b] + (b ? BLOCK_GAP : 0);
	}
	/* Infantry divisions about the middle, the cavalry division beyond
	 * them on its wing. */
	{
		double inf = 0;
		int ninf = 0;
		for (int b = 0; b < nb; b++)
			if (!cavalry[b]) {
				inf += widths[b] + (ninf ? BLOCK_GAP : 0);
				ninf++;
			}
		x = g->map.width / 2 - inf / 2;
		for (int b = 0; b < nb; b++)
			if (!cavalry[b]) {
				xs[b] = x;
				x += widths[b] + BLOCK_GAP;
			}
		for (int b = 0; b < nb; b++)
			if (cavalry[b]) {
				if (cav_east) {
					xs[b] = x;
					x += widths[b] + BLOCK_GAP;
				} else {
					xs[b] = g->map.width / 2 - inf / 2 - BLOCK_GAP - widths[b];
				}
			}
	}
	(void)total;
	/* Side B faces south: its west is its right; the planned order stays
	 * the same on the table. */
	for (int b = 0; b < nb; b++) {
		const struct division *dv = &g->divs[blk[b].div];
		int idx[BLOCK_GROUPS * GROUP_MAX], n = block_units(&blk[b], idx), best = -1, lines_best = 2;
		bool kept = false;
		placed[b] = 0;
		for (int lines = 2; lines <= 3 && !kept; lines++) {
			int count;
			if (!lay_division(g, &blk[b], &fr, lines, xs[b], &count))
				continue;
			if (count > best) {
				best = count;
				lines_best = lines;
			}
			kept = count == n;
			if (!kept) {
				/* Try the closer layout; this one again if it is no better. */
				take_up(g, idx, n);
				if (dv->commander >= 0)
					g->cmdrs[dv->commander].flags &= ~(unsigned)CF_PLACED;
			}
		}
		if (!kept && best >= 0)
			lay_division(g, &blk[b], &fr, lines_best, xs[b], &best);
		if (best < 0) {
			/* No room for the block whole: brigade by brigade. */
			for (int k = 0; k < blk[b].ngrp; k++)
				if (!place_group(g, &blk[b].grp[k], &fr, xs[b])) {
					snprintf(why, size, "no room for %s in the %s' deployment zone (%.0f cm deep on a %g x %g cm table)",
					         g->brigs[blk[b].grp[k].brig].name, g->side[side].name, depth, g->map.width,
					         g->map.height);
					return -1;
				}
			if (dv->commander >= 0)
				place_commander(g, dv->commander, idx, n, NULL, 0, &fr, 0, g->map.width, xs[b] + widths[b] / 2, 1);
		}
		placed[b] = 1;
		for (int i = 0; i < n; i++) {
			lo = fmin(lo, g->units[idx[i]].pos.x);
			hi = fmax(hi, g->units[idx[i]].pos.x);
		}
	}
	/* The corps commander where he brings most into command. */
	if (corps >= 0) {
		int others[16], no = 0;
		for (int b = 0; b < nb && no < 16; b++)
			if (g->divs[blk[b].div].commander >= 0)
				others[no++] = g->divs[blk[b].div].commander;
		if (no > 7)
			no = 7;
		place_commander(g, corps, all, nall, others, no, &fr, lo - 10, hi + 10, (lo + hi) / 2, 1);
	}
	for (int b = 0; b < nb; b++)
		for (int k = 0; k < blk[b].ngrp; k++) {
			int c = g->brigs[blk[b].grp[k].brig].commander;
			if (c >= 0 && g->cmdrs[c].attached < 0)
				place_brigadier(g, c, &blk[b].grp[k], &fr);
		}
	(void)placed;
	return 0;
}

static int deploy_all(struct game *g, double depth, uint64_t seed, char *why, size_t size)
{
	for (int i = 0; i < g->nunits; i++) {
		g->units[i].arrive_turn = -1; /* not yet down */
		g->units[i].pos = v2(-1000, -1000);
	}
	for (int i = 0; i < g->ncmdrs; i++)
		g->cmdrs[i].flags &= ~(unsigned)CF_PLACED;
	for (int s = 0; s < SIDE_COUNT; s++)
		if (deploy_side(g, (enum side)s, depth, random_derive(seed, 20 + (uint64_t)s) & 1, why, size) < 0)
			return -1;
	for (int i = 0; i < g->nunits; i++) {
		g->units[i].arrive_turn = 1;
		g->units[i].state = US_ACTIVE;
	}
	{
		/* Any commander still without a place (no room behind his
		 * troops): where deploy finds one. */
		int k = deploy_commanders(g);
		if (k >= 0) {
			snprintf(why, size, "no clear place for %s", g->cmdrs[k].name);
			return -1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Objectives */

static void objective_on(struct game *g, int f, int value, double zone)
{
	const struct feature *ft = &g->map.f[f];
	struct objective o = { .feature = f, .radius = 5, .value = value, .holder = -1 };
	struct vec2 c = geom_poly_centroid(ft->pts, ft->n);
	snprintf(o.name, sizeof o.name, "%s", ft->name);
	o.at = c;
	/* A side holds what lies in its deployment zone; the ground between
	 * is no one's until someone stands on it. */
	for (int s = 0; s < SIDE_COUNT; s++) {
		double y0, y1;
		random_zone(g, zone, (enum side)s, &y0, &y1);
		if (c.y >= y0 && c.y <= y1)
			o.holder = s;
	}
	game_add_objective(g, &o);
}

static double area_of(const struct feature *f)
{
	return fabs(geom_poly_area(f->pts, f->n));
}

static void choose_objectives(struct game *g, double zone)
{
	int bridges = 0, hills[MAX_HILLS], nh = 0;
	for (int i = 0; i < g->map.nf; i++)
		if (g->map.f[i].type == TT_VILLAGE)
			objective_on(g, i, VILLAGE_WORTH, zone);
	for (int i = 0; i < g->map.nf && bridges < MAX_BRIDGES; i++)
		if (g->map.f[i].type == TT_BRIDGE) {
			objective_on(g, i, BRIDGE_WORTH, zone);
			bridges++;
		}
	/* The largest hills' tops. */
	for (int i = 0; i < g->map.nf; i++) {
		if (g->map.f[i].type != TT_HILL)
			continue;
		if (nh < MAX_HILLS) {
			hills[nh++] = i;
		} else {
			int small = area_of(&g->map.f[hills[0]]) < area_of(&g->map.f[hills[1]]) ? 0 : 1;
			if (area_of(&g->map.f[i]) > area_of(&g->map.f[hills[small]]))
				hills[small] = i;
		}
	}
	for (int k = 0; k < nh; k++)
		objective_on(g, hills[k], HILL_WORTH, zone);
}

/* ------------------------------------------------------------------ */

int random_take_log(struct game *to, const struct game *from)
{
	struct log_line *p;
	int n = from->nlog + to->nlog;
	if (from->nlog == 0)
		return 0;
	if (!(p = malloc((size_t)n * sizeof *p)))
		return -1;
	for (int i = 0; i < from->nlog; i++) {
		p[i].turn = 1;
		if (!(p[i].text = strdup(from->log[i].text))) {
			while (i-- > 0)
				free(p[i].text);
			free(p);
			return -1;
		}
	}
	if (to->nlog)
		memcpy(p + from->nlog, to->log, (size_t)to->nlog * sizeof *p);
	free(to->log);
	to->log = p;
	to->nlog = to->caplog = n;
	return 0;
}

static int pick_nations(struct game *g, const struct dbm_region *reg, const struct random_request *rq,
                        int nat[SIDE_COUNT])
{
	for (int s = 0; s < SIDE_COUNT; s++) {
		nat[s] = rq->nat[s];
		if (nat[s] >= 0)
			continue;
		if (s == SIDE_A || reg->nopponents == 0) {
			nat[s] = NAT_FRENCH;
		} else {
			char what[NAME_LEN + 40];
			snprintf(what, sizeof what, "Side B's nationality among %s's", reg->name);
			nat[s] = reg->opponent[throw_one_of(g, reg->nopponents, what)];
		}
	}
	for (int s = 0; s < SIDE_COUNT; s++) {
		snprintf(g->side[s].name, sizeof g->side[s].name, "%s", forces_plural((enum nationality)nat[s]));
		if (s == SIDE_B && nat[SIDE_A] == nat[SIDE_B])
			snprintf(g->side[s].name, sizeof g->side[s].name, "%s (B)", forces_plural((enum nationality)nat[s]));
	}
	game_log(g, "Side A: the %s; side B: the %s.", g->side[SIDE_A].name, g->side[SIDE_B].name);
	return 0;
}

int random_battle(struct game *g, const struct dbm_table *t, const struct random_request *rq,
                  struct random_info *info, char *why, size_t size)
{
	const struct dbm_region *reg;
	int nat[SIDE_COUNT], aggr[SIDE_COUNT], invader;
	double w = rq->size == FS_CORPS ? 180 : 120, h = rq->size == FS_CORPS ? 120 : 80;
	char names[SIDE_COUNT][NAME_LEN], clock[8];
	struct force_shape shape;

	if (t->nregions < 1) {
		snprintf(why, size, "the region table is empty");
		return -1;
	}
	memset(info, 0, sizeof *info);
	/* Forces that are orbats come first (no die is thrown for them), so
	 * that raised forces take ids of their own. */
	for (int s = 0; s < SIDE_COUNT; s++)
		if (rq->shipped[s] && rq->load_force(rq->ctx, g, (enum side)s, why, size) < 0)
			return -1;
	game_log(g, "A random battle, %s a side.", force_size_names[rq->size].label);
	info->region = rq->region >= 0 ? rq->region : throw_one_of(g, t->nregions, "The region of the battle");
	reg = &t->region[info->region];
	game_log(g, "The battle is fought in %s.", reg->name);
	pick_nations(g, reg, rq, nat);
	for (int s = 0; s < SIDE_COUNT; s++)
		aggr[s] = t->aggression[nat[s]];
	invader = dbm_roles(g, aggr);
	if (dbm_lay(g, reg, invader, w, h, random_derive(rq->seed, 1), &info->dbm, why, size) < 0)
		return -1;
	info->dbm.region = info->region;
	for (int s = 0; s < SIDE_COUNT; s++)
		snprintf(names[s], sizeof names[s], "%s", g->side[s].name);
	if (!rq->shipped[SIDE_A] || !rq->shipped[SIDE_B])
		forces_shape(g, rq->size, &shape);
	for (int s = 0; s < SIDE_COUNT; s++) {
		if (!rq->shipped[s] && forces_raise(g, (enum side)s, (enum nationality)nat[s], &shape,
		                                    random_derive(rq->seed, 2 + (uint64_t)s), why, size) < 0)
			return -1;
		snprintf(g->side[s].name, sizeof g->side[s].name, "%s", names[s]);
	}
	orbat_roll_ratings(g);
	info->zone = dbm_rules.zone * info->dbm.pace;
	if (deploy_all(g, info->zone, rq->seed, why, size) < 0)
		return -1;
	choose_objectives(g, info->zone);
	g->turns = rq->size == FS_CORPS ? TURNS_CORPS : TURNS_DIVISION;
	/* Weather is on in random battles: time and weather thrown. */
	g->wx.time_roll = g->wx.weather_roll = true;
	weather_setup(g);
	{
		const char *village = info->dbm.village >= 0 ? g->map.f[info->dbm.village].name : reg->name;
		char desc[512];
		snprintf(g->title, sizeof g->title, "%.36s, a random battle in %.20s", village, reg->name);
		snprintf(desc, sizeof desc,
		         "A battlefield laid by the DBM terrain procedure (seed %llu): the %s invade, the %s defend "
		         "the ground round %s in %s. %d Turns from %s, weather %s.",
		         (unsigned long long)rq->seed, g->side[invader].name, g->side[!invader].name, village, reg->name,
		         g->turns, weather_clock(g, 1, clock), weather_names[g->wx.weather].label);
		free(g->description);
		g->description = strdup(desc);
	}
	return 0;
}
