/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dbm: the DBM v2.1 terrain-choosing procedure on Mini-Nap ground: who
 * invades, the invader's one feature, the defender's compulsory features
 * and 2 to 3 further feature equivalents, then each laid in the text's
 * order, area features diced for their sector and position. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dbm-int.h"
#include "rules.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

const struct enum_name dbm_kind_names[DBK_COUNT] = { DBM_KIND_LIST(ENUM_NAME) };

const struct dbm_fields_name dbm_fields_names[DBM_FIELDS_KINDS] = {
	{ "open", TT_COUNT }, { "hedge", TT_HEDGE }, { "fence", TT_FENCE },
	{ "wall", TT_WALL }, { "ditch", TT_DITCH },
};

/* The numbers of the DBM terrain rules (in paces) and of the Mini-Nap
 * terrain guidelines (in centimetres).  The table is the text's 1.8 x
 * 1.2 m for small figures, on which 15 mm players count 50 paces to 25 mm
 * (0.05 cm a pace): 3600 x 2400 paces, the corps table's 180 x 120 cm.
 * The division's 120 x 80 cm table is the same 2400 paces deep, as the
 * text scales its paces to a smaller table (its 5/8 for 25 mm figures on
 * small tables): a pace is two thirds as long there. */
const struct dbm_rules dbm_rules = {
	.pace_per_depth = 2400,
	.area_min = 100, .area_max = 1000,       /* "cannot be more than 1,000p across ... nor less than 100p" */
	.half_max = 500, .one_max = 750,         /* "nowhere exceeds 500p": 1/2; "anywhere exceeds 750p": 1 1/2 */
	.centre_clear = 500,                     /* "5,6 its centre must not be within 500p of the table edge" */
	.river_clear = 600,                      /* "at least 600p from both long table edges" */
	.river_curve = 0.75,                     /* "less than 3/4 of the distance ... along the mid-stream line" */
	.waterway_min = 300, .waterway_max = 900, .waterway_half = 600, /* "between 300p and 900p inward ... no more than half ... more than 600p" */
	.zone = 600,                             /* deployment zones (ours): 30 cm on the corps table */
	.same_max = 3,                           /* "more than 3 features of the same feature equivalence and going" */
	.roads_max = 2,                          /* "Up to 2 external roads" */
	.wood_apart = 15, .village_apart = 40,   /* Mini-Nap: woods 15 cm apart, villages 40 cm */
	.church_within = 5,                      /* Mini-Nap: a church within 5 cm of a village */
	.river_min_width = 3, .river_max_width = 5, /* Mini-Nap rivers are over 2 cm; DBM's at most 200p */
	.stream_width = 1.5,
};

/* DBM's going of each kind, for "no more than 3 of the same feature
 * equivalence and going": Mini-Nap's half-rate ground is rough going,
 * ground only skirmishers cross is difficult. */
enum going { GOING_GOOD, GOING_ROUGH, GOING_DIFFICULT, GOING_IMPASSABLE, GOING_WATER, GOING_BUILT,
	     GOING_COUNT };

struct kind_rule {
	enum terrain_type type;
	enum going going;
	bool area;   /* diced for its sector and position */
	bool sized;  /* its equivalence thrown for (else fe2) */
	int fe2;     /* fixed feature equivalents, in halves */
};

static const struct kind_rule kinds[DBK_COUNT] = {
	[DBK_WATERWAY] = { .type = TT_RIVER, .going = GOING_WATER, .fe2 = 2 },
	[DBK_RIVER] = { .type = TT_RIVER, .going = GOING_WATER, .fe2 = 2 },
	[DBK_VILLAGE] = { .type = TT_VILLAGE, .going = GOING_BUILT, .fe2 = 1 },
	[DBK_ROAD] = { .type = TT_ROAD, .going = GOING_GOOD, .fe2 = 1 },
	[DBK_HILL] = { .type = TT_HILL, .going = GOING_ROUGH, .area = true, .sized = true },
	[DBK_RISE] = { .type = TT_CONTOUR, .going = GOING_GOOD, .area = true, .sized = true },
	[DBK_WOOD] = { .type = TT_WOOD, .going = GOING_ROUGH, .area = true, .sized = true },
	[DBK_FOREST] = { .type = TT_FOREST, .going = GOING_DIFFICULT, .area = true, .sized = true },
	[DBK_ROUGH] = { .type = TT_ROUGH, .going = GOING_ROUGH, .area = true, .sized = true },
	[DBK_ROCKS] = { .type = TT_ROUGH, .going = GOING_IMPASSABLE, .area = true, .sized = true },
	[DBK_MARSH] = { .type = TT_BOGGY, .going = GOING_IMPASSABLE, .area = true, .sized = true },
};

static const char *const piece_words[DBK_COUNT] = {
	[DBK_WATERWAY] = "Waterway", [DBK_RIVER] = "River", [DBK_VILLAGE] = "Village", [DBK_ROAD] = "Road",
	[DBK_HILL] = "Hill", [DBK_RISE] = "Rise", [DBK_WOOD] = "Wood", [DBK_FOREST] = "Forest",
	[DBK_ROUGH] = "Rough ground", [DBK_ROCKS] = "Rocks", [DBK_MARSH] = "Marsh",
};

static const char *fe_words(int fe2)
{
	return fe2 == 1 ? "half a feature equivalent" : fe2 == 2 ? "one feature equivalent"
	                                                 : "one and a half feature equivalents";
}

/* ------------------------------------------------------------------ */
/* Invader and defender */

int dbm_roles(struct game *g, const int aggression[SIDE_COUNT])
{
	for (;;) {
		int total[SIDE_COUNT];
		for (int s = 0; s < SIDE_COUNT; s++) {
			int die = game_roll(g, 1, NULL, "%s throw to be the invader", g->side[s].name);
			total[s] = die + aggression[s];
			game_log(g, "%s: %d and aggression %d make %d.", g->side[s].name, die, aggression[s], total[s]);
		}
		if (total[SIDE_A] != total[SIDE_B]) {
			int inv = total[SIDE_A] > total[SIDE_B] ? SIDE_A : SIDE_B;
			game_log(g, "%s are the invaders, %s the defenders.", g->side[inv].name, g->side[!inv].name);
			return inv;
		}
		game_log(g, "A tie: both throw again.");
	}
}

/* ------------------------------------------------------------------ */
/* Choosing */

static struct dbm_piece *new_piece(struct dbm *d, enum dbm_kind k, int side)
{
	struct dbm_result *r = d->r;
	struct dbm_piece *pc;
	int ord = 1;
	if (r->npieces >= DBM_MAX_PIECES)
		return NULL;
	for (int i = 0; i < r->npieces; i++)
		ord += r->piece[i].kind == k;
	pc = &r->piece[r->npieces++];
	memset(pc, 0, sizeof *pc);
	pc->kind = k;
	pc->side = side;
	pc->fe2 = kinds[k].fe2;
	pc->first = d->g->map.nf;
	if (k == DBK_RIVER || k == DBK_WATERWAY || k == DBK_VILLAGE)
		snprintf(pc->name, sizeof pc->name, "%s%s", piece_words[k],
		         k == DBK_RIVER && ord > 1 ? " 2" : "");
	else
		snprintf(pc->name, sizeof pc->name, "%s %d", piece_words[k], ord);
	return pc;
}

static int count_kind(const struct dbm *d, enum dbm_kind k, int side)
{
	int n = 0;
	for (int i = 0; i < d->r->npieces; i++)
		n += d->r->piece[i].kind == k && (side < 0 || d->r->piece[i].side == side);
	return n;
}

static bool region_offers(const struct dbm_region *reg, enum dbm_kind k)
{
	if (reg->compulsory[k])
		return true;
	for (int i = 0; i < DBM_CHOICES; i++)
		if (reg->choice[i] == k)
			return true;
	return false;
}

/* A sized area feature's equivalence: 1-3 half, 4-5 one, 6 one and a
 * half, no more than the budget left (budget < 0: no limit). */
static void throw_size(struct dbm *d, struct dbm_piece *pc, int budget)
{
	int die, fe2;
	if (!kinds[pc->kind].sized)
		return;
	die = game_roll(d->g, 1, NULL, "%s: size", pc->name);
	fe2 = die <= 3 ? 1 : die <= 5 ? 2 : 3;
	if (budget >= 0 && fe2 > budget)
		fe2 = budget;
	pc->fe2 = fe2;
	game_log(d->g, "%s: %s.", pc->name, fe_words(fe2));
}

static int same_count(const struct dbm *d, int side, int fe2, enum going going)
{
	int n = 0;
	for (int i = 0; i < d->r->npieces; i++) {
		const struct dbm_piece *p = &d->r->piece[i];
		n += p->side == side && p->fe2 == fe2 && kinds[p->kind].going == going;
	}
	return n;
}

/* Why the defender may not take a kind now, or NULL. */
static const char *refusal(const struct dbm *d, enum dbm_kind k, int budget)
{
	int side = d->defender;
	if (!kinds[k].sized && kinds[k].fe2 > budget)
		return "it is worth more than the equivalents left";
	switch (k) {
	case DBK_WATERWAY:
		if (count_kind(d, DBK_WATERWAY, -1) > 0)
			return "there is one waterway only";
		if (!d->reg->waterway[0])
			return "the region has no waterway";
		if (count_kind(d, DBK_VILLAGE, side) == 0 && !d->reg->compulsory[DBK_VILLAGE] &&
		    !region_offers(d->reg, DBK_VILLAGE))
			return "a waterway needs a village beside it";
		break;
	case DBK_RIVER:
		if (count_kind(d, DBK_RIVER, side) > 0)
			return "the defender lays one river only";
		break;
	case DBK_VILLAGE:
		if (count_kind(d, DBK_VILLAGE, -1) > 0)
			return "there is one village only";
		break;
	case DBK_ROAD:
		if (count_kind(d, DBK_ROAD, side) >= dbm_rules.roads_max)
			return "the defender lays two roads at most";
		break;
	default:
		break;
	}
	return NULL;
}

/* The defender's further features: equivalents thrown, then a choice
 * thrown for on the region's table for each, until they are spent. */
static void choose_further(struct dbm *d)
{
	struct game *g = d->g;
	int die = game_roll(g, 1, NULL, "Defender's further feature equivalents");
	int budget = die <= 3 ? 4 : 6, throws = 0;
	game_log(g, "The defender takes %d further feature equivalents.", budget / 2);
	while (budget > 0 && throws++ < 40) {
		int face = game_roll(g, 1, NULL, "Defender's choice of feature");
		enum dbm_kind k = d->reg->choice[face - 1];
		const char *why = refusal(d, k, budget);
		struct dbm_piece *pc;
		if (why) {
			game_log(g, "%d: %s, but %s; the defender chooses again.", face, dbm_kind_names[k].label, why);
			continue;
		}
		if (k == DBK_WATERWAY && !d->reg->compulsory[DBK_WATERWAY]) {
			int ww = game_roll(g, 1, NULL, "Defender's die for a waterway");
			if (ww < 5) {
				game_log(g, "A waterway needs a 5 or 6; the defender chooses again.");
				continue;
			}
		}
		if (!(pc = new_piece(d, k, d->defender)))
			break;
		throw_size(d, pc, budget);
		if (kinds[k].going != GOING_WATER && kinds[k].going != GOING_BUILT &&
		    same_count(d, d->defender, pc->fe2, kinds[k].going) > dbm_rules.same_max) {
			game_log(g, "%s would be a fourth feature of that equivalence and going; the defender chooses again.",
			         pc->name);
			d->r->npieces--;
			continue;
		}
		game_log(g, "%d: %s (%s).", face, pc->name, fe_words(pc->fe2));
		budget -= pc->fe2;
	}
}

/* ------------------------------------------------------------------ */
/* Laying area features */

/* An area feature's outline, and for a hill the top standing on it. */
static int area_shape(struct dbm *d, const struct dbm_piece *pc, struct vec2 *shape, struct vec2 *top,
                      int *ntop)
{
	double p1 = dbm_p(d, 1);
	int n;
	/* A wooded area holds a wood of Mini-Nap's 5 cm at least. */
	double least = pc->kind == DBK_WOOD ? fmax(dbm_rules.area_min * p1 * 1.2, 10) : dbm_rules.area_min * p1 * 1.2;
	if (pc->fe2 == 1) {
		/* The defender's free choice of size, smaller more often. */
		n = dbm_patch(d, fmax(least * 1.3, dbm_uniform(d, 120, dbm_uniform(d, 250, 490)) * p1), least, shape);
	} else if (pc->fe2 == 2) {
		n = dbm_patch(d, dbm_uniform(d, 510, dbm_uniform(d, 560, 740)) * p1, least, shape);
	} else {
		/* Over 750p: at most 50 cm on a 60 cm sector. */
		n = dbm_patch(d, dbm_uniform(d, 760, dbm_uniform(d, 800, 990)) * p1, least, shape);
	}
	if (top) {
		dbm_shrink(shape, n, dbm_uniform(d, 0.5, 0.65), top);
		*ntop = n;
	}
	return n;
}

static const char *mode_words(const struct dbm *d, const struct vec2 *p, int n, int die, char *buf,
                              size_t size)
{
	if (die <= 4) {
		double edge = INFINITY;
		for (int i = 0; i < n; i++)
			edge = fmin(edge, fmin(fmin(p[i].x, d->w - p[i].x), fmin(p[i].y, d->h - p[i].y)));
		snprintf(buf, size, "touching %s", edge <= GEOM_CONTACT ? "the table edge" : "the waterway");
	} else {
		struct vec2 c = geom_poly_centroid(p, n);
		double e = fmin(fmin(c.x, d->w - c.x), fmin(c.y, d->h - c.y));
		snprintf(buf, size, "its centre %.0f cm from the nearest table edge", e);
	}
	return buf;
}

/* A wooded area: Mini-Nap woods (5 to 10 cm across, 15 cm apart) inside
 * the DBM feature's outline, about one to every 300 square cm; the rest
 * of it open ground kept clear of other features.  Returns the count. */
static int lay_copses(struct dbm *d, const struct vec2 *outline, int n, const char *name)
{
	struct shape os = { .kind = SHAPE_POLYGON, .n = n, .pts = outline };
	double box[4], area = fabs(geom_poly_area(outline, n));
	int want = (int)(area / 300) + 1, laid = 0;
	geom_bounds(&os, box);
	if (want > 6)
		want = 6;
	for (int attempt = 0; attempt < 200 && laid < want; attempt++) {
		struct vec2 shape[DBM_MAX_POLY], at[DBM_MAX_POLY], c;
		struct shape ws;
		char wname[NAME_LEN];
		int k = dbm_patch(d, dbm_uniform(d, rules_terrain_limits.wood_min + 1.5, rules_terrain_limits.wood_max),
		                  rules_terrain_limits.wood_min + 0.2, shape);
		c = v2(dbm_uniform(d, box[0], box[2]), dbm_uniform(d, box[1], box[3]));
		for (int i = 0; i < k; i++)
			at[i] = v2(dbm_round(shape[i].x + c.x), dbm_round(shape[i].y + c.y));
		ws = (struct shape){ .kind = SHAPE_POLYGON, .n = k, .pts = at };
		if (!geom_inside(&os, &ws) || !dbm_clear(d, at, k, TT_WOOD))
			continue;
		dbm_unique(d, name, wname, sizeof wname);
		dbm_add(d, TT_WOOD, wname, at, k, 0, dbm_uniform(d, 0, 1) < 0.3 ? 2 : 1, false);
		laid++;
	}
	if (laid == 0) {
		/* None fell inside: one wood, an octagon as wide as the rules
		 * allow at least, where the area is deepest. */
		struct vec2 best = geom_poly_centroid(outline, n), at[8];
		double deepest = -1, r = 2.8;
		for (double y = box[1]; y <= box[3]; y += 0.5)
			for (double x = box[0]; x <= box[2]; x += 0.5) {
				struct vec2 q = v2(x, y);
				struct shape qs = geom_circle(&q, 0), edge = os;
				edge.kind = SHAPE_POLYLINE;
				if (geom_poly_contains(outline, n, q) && geom_distance(&qs, &edge) > deepest) {
					deepest = geom_distance(&qs, &edge);
					best = q;
				}
			}
		for (int i = 0; i < 8; i++)
			at[i] = v2(dbm_round(best.x + r * cos(M_PI * i / 4)), dbm_round(best.y + r * sin(M_PI * i / 4)));
		if (deepest > r + 0.1 && dbm_clear(d, at, 8, TT_WOOD)) {
			char wname[NAME_LEN];
			dbm_unique(d, name, wname, sizeof wname);
			dbm_add(d, TT_WOOD, wname, at, 8, 0, 1, false);
			laid++;
		}
	}
	return laid;
}

/* "Each compulsory and chosen area feature ... is diced for in turn": the
 * sector on one die, the position within it on another. */
static void lay_area(struct dbm *d, struct dbm_piece *pc)
{
	struct game *g = d->g;
	const struct kind_rule *k = &kinds[pc->kind];
	struct vec2 shape[DBM_MAX_POLY], top[DBM_MAX_POLY], at[DBM_MAX_POLY];
	struct dbm_xform xf;
	char name[NAME_LEN], words[80];
	int ntop = 0, list = pc->kind == DBK_WOOD || pc->kind == DBK_FOREST ? 3
	                     : pc->kind == DBK_HILL || pc->kind == DBK_RISE   ? 2
	                                                                      : -1;
	int n = area_shape(d, pc, shape, pc->kind == DBK_HILL ? top : NULL, &ntop);
	enum dbm_fit_mode mode;

	pc->sector_die = game_roll(g, 1, NULL, "%s: sector", pc->name);
	pc->position_die = game_roll(g, 1, NULL, "%s: position", pc->name);
	pc->sector = pc->sector_die;
	mode = pc->position_die <= 4 ? FIT_EDGE : FIT_CENTRE;
	if (!dbm_fit(d, shape, n, k->type, pc->sector, mode, at, &xf)) {
		char why[240];
		double least, most;
		dbm_extent(shape, n, &least, &most);
		if (dbm_fit_why(d, shape, n, k->type, pc->sector, mode, why, sizeof why))
			game_log(g, "%s: sector die %d, position die %d: it would lie in sector %d %s, but %s; "
			         "it is discarded.", pc->name, pc->sector_die, pc->position_die, pc->sector,
			         mode == FIT_EDGE ? "touching a table edge or the waterway"
			                          : "with its centre 500 paces from every table edge",
			         why);
		else
			game_log(g, "%s: sector die %d, position die %d: %.0f paces across, it cannot lie wholly in "
			         "sector %d %s; it is discarded.", pc->name, pc->sector_die, pc->position_die,
			         most / d->pace, pc->sector,
			         mode == FIT_EDGE ? "touching a table edge or the waterway"
			                          : "with its centre 500 paces from every table edge");
		return;
	}
	pc->first = g->map.nf;
	memcpy(pc->outline, at, (size_t)n * sizeof *at);
	pc->n = n;
	if (list >= 0)
		dbm_region_name(d, list, pc->name, name, sizeof name);
	else
		dbm_unique(d, pc->name, name, sizeof name);
	if (pc->kind == DBK_HILL) {
		/* A hill stands on its slopes: a contour (1 level) round a top of
		 * 2 or 3 levels. */
		char slopes[NAME_LEN + 8];
		struct vec2 placed[DBM_MAX_POLY];
		snprintf(slopes, sizeof slopes, "%.*s slopes", NAME_LEN - 8, name);
		dbm_apply(&xf, top, ntop, placed);
		dbm_add(d, TT_CONTOUR, slopes, at, n, 0, 1, false);
		dbm_add(d, TT_HILL, name, placed, ntop, 0, dbm_uniform(d, 0, 3) < 1 ? 3 : 2, false);
	} else if (pc->kind == DBK_WOOD) {
		int woods = lay_copses(d, at, n, name);
		{
			char area[NAME_LEN + 16];
			snprintf(area, sizeof area, "the wooded area of %.*s", NAME_LEN - 8, name);
			dbm_reserve(d, at, n, area);
		}
		snprintf(words, sizeof words, "%d wood%s", woods, woods == 1 ? "" : "s");
		snprintf(name + strlen(name), sizeof name - strlen(name), " (%.20s)", words);
	} else {
		int levels = pc->kind == DBK_WOOD || pc->kind == DBK_FOREST ? 1 + (dbm_uniform(d, 0, 1) < 0.3) : 1;
		if (pc->kind == DBK_ROUGH || pc->kind == DBK_ROCKS || pc->kind == DBK_MARSH)
			levels = 0;
		dbm_add(d, k->type, name, at, n, 0, levels, pc->kind == DBK_ROCKS);
	}
	pc->count = g->map.nf - pc->first;
	pc->placed = true;
	game_log(g, "%s: sector die %d, position die %d: laid in sector %d as %s, %s.", pc->name, pc->sector_die,
	         pc->position_die, pc->sector, name, mode_words(d, at, n, pc->position_die, words, sizeof words));
}

/* ------------------------------------------------------------------ */
/* The procedure */

/* "The invader can choose whether or not to provide and position one
 * only of the following": our list is a waterway, a river or a road. */
static void invader_feature(struct dbm *d)
{
	struct game *g = d->g;
	int die = game_roll(g, 1, NULL, "Invader's feature");
	enum dbm_kind k = die <= 2 ? DBK_COUNT : die <= 4 ? DBK_ROAD : die == 5 ? DBK_RIVER : DBK_WATERWAY;
	struct dbm_piece *pc;
	bool ok;
	if (k == DBK_COUNT) {
		game_log(g, "The invader provides no feature.");
		return;
	}
	if ((k == DBK_WATERWAY && !d->reg->waterway[0]) || (k != DBK_WATERWAY && !region_offers(d->reg, k))) {
		game_log(g, "The invader would lay a %s, but %s has none: he provides no feature.",
		         dbm_kind_names[k].label, d->reg->name);
		return;
	}
	if (!(pc = new_piece(d, k, d->invader)))
		return;
	game_log(g, "The invader provides a %s.", dbm_kind_names[k].label);
	ok = k == DBK_WATERWAY ? dbm_lay_waterway(d, pc) : k == DBK_RIVER ? dbm_lay_river(d, pc, true)
	                                                  : dbm_lay_road(d, pc, true);
	pc->placed = ok;
	pc->count = g->map.nf - pc->first;
}

static void lay_piece(struct dbm *d, struct dbm_piece *pc)
{
	pc->first = d->g->map.nf;
	switch (pc->kind) {
	case DBK_WATERWAY:
		pc->placed = dbm_lay_waterway(d, pc);
		break;
	case DBK_RIVER:
		pc->placed = dbm_lay_river(d, pc, false);
		break;
	case DBK_VILLAGE:
		pc->placed = dbm_lay_village(d, pc);
		break;
	case DBK_ROAD:
		pc->placed = dbm_lay_road(d, pc, false);
		break;
	default:
		lay_area(d, pc);
		return;
	}
	pc->count = d->g->map.nf - pc->first;
}

int dbm_lay(struct game *g, const struct dbm_region *region, int invader, double w, double h,
            unsigned long long pick, struct dbm_result *out, char *why, size_t size)
{
	static const enum dbm_kind order[] = { DBK_WATERWAY, DBK_RIVER, DBK_VILLAGE, DBK_ROAD };
	struct dbm d = { .g = g, .reg = region, .r = out, .w = w, .h = h, .invader = invader,
	                 .defender = !invader, .ww_first = 0, .river = { -1, -1 } };
	int first_defender;

	if (w < 30 || h < 30) {
		snprintf(why, size, "the table is too small for the terrain procedure");
		return -1;
	}
	rng_seed(&d.pick, pick);
	d.pace = h / dbm_rules.pace_per_depth;
	memset(out, 0, sizeof *out);
	*out = (struct dbm_result){ .invader = invader, .defender = !invader, .width = w, .height = h,
	                            .pace = d.pace, .waterway_edge = -1, .village = -1 };
	g->map.width = w;
	g->map.height = h;
	game_log(g, "The ground: %s, laid by the DBM terrain procedure on a %g x %g cm table.", region->name, w, h);

	invader_feature(&d);
	first_defender = out->npieces;
	/* "1 each of any compulsory terrain features of a type not yet
	 * present, then 2-3 further feature equivalents of his choice". */
	for (int k = 0; k < DBK_COUNT; k++) {
		struct dbm_piece *pc;
		if (!region->compulsory[k] || count_kind(&d, (enum dbm_kind)k, -1) > 0)
			continue;
		if (!(pc = new_piece(&d, (enum dbm_kind)k, d.defender)))
			break;
		pc->compulsory = true;
		game_log(g, "The defender must lay a %s.", dbm_kind_names[k].label);
		throw_size(&d, pc, -1);
	}
	choose_further(&d);
	/* "One WW ... only if ... he positions a BUA in contact with it": a
	 * waterway of the defender's, chosen or compulsory, brings its
	 * village, chosen or not. */
	if (count_kind(&d, DBK_WATERWAY, d.defender) > 0 && count_kind(&d, DBK_VILLAGE, -1) == 0) {
		struct dbm_piece *pc = new_piece(&d, DBK_VILLAGE, d.defender);
		if (pc) {
			pc->compulsory = true;
			game_log(g, "The defender's waterway needs a village beside it: he must lay one.");
		}
	}
	/* "water features, BUA and any contiguous fields first", then the
	 * roads that link them, then each area feature diced for in turn. */
	for (size_t o = 0; o < sizeof order / sizeof order[0]; o++) {
		for (int i = first_defender; i < out->npieces; i++)
			if (out->piece[i].kind == order[o])
				lay_piece(&d, &out->piece[i]);
		/* Bridges and fords where the water meets the invader's road,
		 * before the village takes its place; then the roads'. */
		if (order[o] == DBK_RIVER || order[o] == DBK_ROAD)
			dbm_lay_crossings(&d);
	}
	for (int s = 0; s < 2; s++)
		if (d.river[s] >= 0)
			dbm_lay_fords(&d, d.river[s]);
	for (int i = first_defender; i < out->npieces; i++)
		if (kinds[out->piece[i].kind].area)
			lay_piece(&d, &out->piece[i]);
	dbm_lay_mill(&d);
	map_finish(&g->map);
	return 0;
}
