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
/* Deployment */

struct block {
	int units[16];
	int n;
	enum formation form;
	double gap;
};

static bool block_fits(struct game *g, const struct block *b, double y0, double y1)
{
	struct vec2 buf[4], ob[4];
	for (int i = 0; i < b->n; i++) {
		const struct unit *u = &g->units[b->units[i]];
		struct shape s = unit_shape(u, buf);
		double box[4];
		geom_bounds(&s, box);
		if (!deploy_on_table(g, &s) || box[1] < y0 || box[3] > y1 || deploy_unit_ground(g, b->units[i]) >= 0)
			return false;
		/* Clear of every unit already down by a centimetre. */
		for (int k = 0; k < g->nunits; k++) {
			const struct unit *o = &g->units[k];
			struct shape os;
			if (o->state != US_ACTIVE || o->arrive_turn != 0 || v2_dist(o->pos, u->pos) > 20)
				continue;
			os = unit_shape(o, ob);
			if (geom_distance(&s, &os) < 1.0)
				return false;
		}
	}
	return true;
}

/* Try the block along rows from the front of the zone back, each row
 * from x0 outward (both ways, or toward dir only). */
static bool place_block(struct game *g, struct block *b, enum side side, double y0, double y1, double x0)
{
	double facing = side == SIDE_A ? 0 : 180, depth = 0;
	for (int i = 0; i < b->n; i++) {
		struct unit *u = &g->units[b->units[i]];
		double w, d;
		/* The block's formation where the unit may take it. */
		u->form = unit_formation_refusal(u, b->form) ? unit_default_formation(u) : b->form;
		formation_size(u->type, u->form, &w, &d);
		depth = fmax(depth, d);
	}
	for (int row = 0; row < 8; row++) {
		double y = side == SIDE_A ? y0 + depth / 2 + 1.5 + row * (depth + 3)
		                          : y1 - depth / 2 - 1.5 - row * (depth + 3);
		if (y - depth / 2 < y0 || y + depth / 2 > y1)
			break;
		for (int k = 0; k < 2 * (int)g->map.width; k++) {
			double x = x0 + (k % 2 ? -1 : 1) * (k / 2);
			if (x < 0 || x > g->map.width)
				continue;
			deploy_layout(g, b->units, b->n, v2(x, y), facing, LAYOUT_LINE, b->gap, 0);
			for (int i = 0; i < b->n; i++) {
				struct unit *u = &g->units[b->units[i]];
				u->pos = v2(round(u->pos.x * 100) / 100, round(u->pos.y * 100) / 100);
			}
			if (block_fits(g, b, y0, y1)) {
				for (int i = 0; i < b->n; i++)
					g->units[b->units[i]].arrive_turn = 0; /* down */
				return true;
			}
		}
	}
	return false;
}

static int deploy_side(struct game *g, enum side side, double depth, char *why, size_t size)
{
	double y0, y1, w = g->map.width;
	int order[3] = { BK_ARTILLERY, BK_INFANTRY, BK_CAVALRY }, cav = 0;
	random_zone(g, depth, side, &y0, &y1);
	for (int pass = 0; pass < 3; pass++)
		for (int b = 0; b < g->nbrigs; b++) {
			const struct brigade *br = &g->brigs[b];
			struct block blk = { .n = 0 };
			double x0;
			if (g->corps[g->divs[br->division].corps].side != side ||
			    (br->kind == BK_MIXED ? BK_INFANTRY : br->kind) != (enum brigade_kind)order[pass])
				continue;
			for (int i = 0; i < g->nunits && blk.n < 16; i++)
				if (g->units[i].brigade == b)
					blk.units[blk.n++] = i;
			if (blk.n == 0)
				continue;
			/* Infantry in column, cavalry in line, batteries as they are. */
			blk.form = br->kind == BK_CAVALRY ? FORM_LINE : FORM_COLUMN;
			blk.gap = br->kind == BK_ARTILLERY ? 4 : 2;
			x0 = br->kind == BK_CAVALRY ? (cav++ % 2 ? w * 0.88 : w * 0.12) : w / 2;
			if (!place_block(g, &blk, side, y0, y1, x0)) {
				snprintf(why, size, "no room for %s in the %s' deployment zone (%.0f cm deep on a %g x %g cm table)",
				         br->name, g->side[side].name, depth, g->map.width, g->map.height);
				return -1;
			}
		}
	return 0;
}

static int deploy_all(struct game *g, double depth, char *why, size_t size)
{
	for (int i = 0; i < g->nunits; i++) {
		g->units[i].arrive_turn = -1; /* not yet down */
		g->units[i].pos = v2(-1000, -1000);
	}
	for (int s = 0; s < SIDE_COUNT; s++)
		if (deploy_side(g, (enum side)s, depth, why, size) < 0)
			return -1;
	for (int i = 0; i < g->nunits; i++) {
		g->units[i].arrive_turn = 1;
		g->units[i].state = US_ACTIVE;
	}
	for (int i = 0; i < g->ncmdrs; i++)
		g->cmdrs[i].flags &= ~(unsigned)CF_PLACED;
	{
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
	if (deploy_all(g, info->zone, why, size) < 0)
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
