/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fire: eligibility and dice of a shot ("The Firing Phase"; cover from the
 * terrain guidelines; wet powder, wind and visibility from the weather
 * guidelines). */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fire.h"
#include "game.h"
#include "grid.h"
#include "contact.h"
#include "rules.h"
#include "terrain.h"
#include "weather.h"

/* A point is ahead of a face only when it is further out than contact
 * distance: a unit level with another's front, within the contact
 * tolerance, is beside it, not in front of it. */
#define FIRE_AHEAD_EPS GEOM_CONTACT
/* Range limits are "up to": absorb rounding in the distance. */
#define FIRE_RANGE_EPS 1e-9
/* Candidate aiming points: the corners, seven points along each edge, the
 * centre, and where each firer corner comes closest to each edge (which
 * holds the nearest point of the target, whatever the angles). */
#define EDGE_STEPS 8
#define MAX_AIMS (4 + 4 * (EDGE_STEPS - 1) + 1 + 16)
#define MAX_CANDS (4 * MAX_AIMS)

/* How far a candidate shot got before it was refused: the refusal of the
 * one that got furthest is the most informative. */
enum stage {
	ST_AIM,    /* the aiming point is not on the target */
	ST_RANGE,
	ST_SIGHT,
	ST_WIND,
	ST_FACING, /* the firer's own body would be in the zone */
	ST_ZONE,   /* another unit in the zone */
	ST_COVER,  /* two covers */
	ST_OK,
};

/* What does not change from one aiming point to the next. */
struct fire_ctx {
	const struct game *g;
	int fi, ti;
	int fe;              /* bombarding this feature (ti is -1), or -1 */
	const char *tname;   /* the target's id or the feature's name */
	const struct unit *u, *t;
	struct vec2 ubuf[4], tbuf[4];
	struct shape us, ts;
	bool art;
	int nfaces;
	double sight;
	int bonus;
	char bonus_text[FIRE_TEXT_LEN];
	bool at_unformed, showers;
	/* Weighing aiming points: only the one chosen is put into words. */
	bool quiet;
};

struct cand {
	struct vec2 aim;
	int face;
	double range;
	enum range_band band;
	bool in_range;
	int ub; /* dice before the halvings the zone may add */
	int idx;
};

static void appendf(char *buf, size_t size, const char *fmt, ...) GAME_PRINTF(3, 4);
static void appendf(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;
	if (len + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

/* A shot's words, unless the shots are only being weighed. */
static void say(const struct fire_ctx *c, char *buf, size_t size, const char *fmt, ...) GAME_PRINTF(4, 5);
static void say(const struct fire_ctx *c, char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	if (c->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

int fire_halve(int dice, int n)
{
	if (dice <= 0)
		return 0;
	if (n >= (int)(8 * sizeof dice) - 1)
		return 0;
	/* Halving with rounding down at every step gives the same as
	 * rounding once at the end: floor(floor(d/2)/2) = floor(d/4). */
	return n > 0 ? dice >> n : dice;
}

int fire_hits(int sum)
{
	return sum <= 0 ? 0 : sum / rules_fire.pips_per_hit;
}

static bool abandoned(const struct unit *u)
{
	return unit_abandoned(u);
}

static bool in_square(const struct unit *u)
{
	return u->form == FORM_SQUARE || u->form == FORM_ESQUARE;
}

/* Corners of face k of a footprint (four corners in unit order): front,
 * right, rear, left. */
static void face_corners(const struct vec2 c[4], int k, struct vec2 *a, struct vec2 *b)
{
	*a = c[k];
	*b = c[(k + 1) % 4];
}

/* How far p lies out beyond the face a-b of a footprint centred at centre. */
static double beyond_face(struct vec2 a, struct vec2 b, struct vec2 centre, struct vec2 p)
{
	struct vec2 e = v2_sub(b, a);
	struct vec2 n = v2(e.y, -e.x);
	double len = v2_len(n);
	if (len <= 0)
		return -INFINITY;
	n = v2_scale(n, 1 / len);
	if (v2_dot(v2_sub(centre, a), n) > 0)
		n = v2_scale(n, -1);
	return v2_dot(v2_sub(p, a), n);
}

bool fire_can_bear(const struct game *g, const struct unit *u, const struct unit *t)
{
	struct obb ub = unit_footprint(u), tb = unit_footprint(t);
	struct vec2 uc[4], tc[4];
	(void)g;
	if (in_square(u))
		return true;
	geom_obb_corners(&ub, uc);
	geom_obb_corners(&tb, tc);
	/* The footprint is convex: some point of it is ahead of the front
	 * edge exactly when one of its corners is. */
	for (int i = 0; i < 4; i++)
		if (beyond_face(uc[0], uc[1], u->pos, tc[i]) > FIRE_AHEAD_EPS)
			return true;
	return false;
}

static const char *feature_label(const struct feature *f, char *buf, size_t size)
{
	if (f->name[0])
		snprintf(buf, size, "%s (%s)", terrain_names[f->type].label, f->name);
	else
		snprintf(buf, size, "%s", terrain_names[f->type].label);
	return buf;
}

static bool band_for(bool art, double r, enum range_band *band)
{
	*band = RANGE_CLOSE;
	if (!art)
		return r <= rules_fire.small_arms_range + FIRE_RANGE_EPS;
	for (int b = 0; b < RANGE_COUNT; b++)
		if (r <= rules_fire.art_range[b] + FIRE_RANGE_EPS) {
			*band = (enum range_band)b;
			return true;
		}
	return false;
}

static int base_dice(const struct fire_ctx *c, enum range_band band)
{
	if (c->art)
		return rules_fire.art_dice[c->u->weight][band];
	return rules_fire.small_arms_dice[c->u->form];
}

/* The modifiers that do not depend on the range or the zone. */
static void ctx_bonus(struct fire_ctx *c)
{
	const struct unit *u = c->u, *t = c->t;
	c->bonus = 0;
	c->bonus_text[0] = 0;
	if (!c->art && u->rating == RATING_GUARD) {
		c->bonus += rules_fire.guard_infantry_bonus;
		appendf(c->bonus_text, sizeof c->bonus_text, ", Guard infantry +%d",
		        rules_fire.guard_infantry_bonus);
	}
	if (c->art && u->nat == NAT_BRITISH && !(u->flags & UF_KGL)) {
		c->bonus += rules_fire.british_artillery_bonus;
		appendf(c->bonus_text, sizeof c->bonus_text, ", British artillery +%d",
		        rules_fire.british_artillery_bonus);
	}
	if (c->art && u->nat == NAT_FRENCH &&
	    (u->rating == RATING_GUARD || u->rating == RATING_ELITE)) {
		c->bonus += rules_fire.french_elite_artillery_bonus;
		appendf(c->bonus_text, sizeof c->bonus_text, ", French %s artillery +%d",
		        rating_names[u->rating].label, rules_fire.french_elite_artillery_bonus);
	}
	if (in_square(t) || t->form == FORM_COLUMN) {
		c->bonus += rules_fire.target_square_or_column_bonus;
		appendf(c->bonus_text, sizeof c->bonus_text, ", target in %s +%d",
		        formation_names[t->form].label, rules_fire.target_square_or_column_bonus);
	}
	/* Batteries and skirmish lines always count as unformed. */
	c->at_unformed = !unit_formed(t);
	c->showers = c->g->wx.sky == SKY_SHOWERS;
}


/* Refusals of the firer that hold whatever it aims at. */
static bool firer_refusal(struct fire_ctx *c, char *why, size_t size)
{
	const struct game *g = c->g;
	const struct unit *u = c->u;
	enum tclass tc;
	int foe;

	if (u->state != US_ACTIVE) {
		snprintf(why, size, "cannot fire: %s is not on the table", u->id);
		return true;
	}
	if (unit_is_cavalry(u)) {
		snprintf(why, size, "cannot fire: cavalry never fires");
		return true;
	}
	if (abandoned(u)) {
		snprintf(why, size, "cannot fire: abandoned guns cannot fire");
		return true;
	}
	if (g->wx.sky == SKY_RAIN) {
		snprintf(why, size, "cannot fire: in the rain no musket or gun can fire (wet powder)");
		return true;
	}
	foe = contact_engaged(g, (int)(u - g->units));
	if (foe >= 0) {
		snprintf(why, size, "cannot fire: a unit in contact with the enemy (%s) "
		         "fights hand-to-hand instead", g->units[foe].id);
		return true;
	}
	tc = terrain_class(u, false);
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		char name[NAME_LEN + 32];
		if (!rules_terrain[f->type].no_fire_inside[tc] || !terrain_in(f, &c->us))
			continue;
		feature_label(f, name, sizeof name);
		snprintf(why, size, "cannot fire: %s may not fire while interpenetrated with %s %s",
		         tclass_names[tc].label, name[0] && strchr("aeiou", name[0]) ? "an" : "a", name);
		return true;
	}
	return false;
}

/* Refusals of the target unit. */
static bool target_refusal(struct fire_ctx *c, char *why, size_t size)
{
	const struct unit *u = c->u, *t = c->t;
	if (c->fi == c->ti) {
		snprintf(why, size, "cannot fire: a unit cannot fire at itself");
		return true;
	}
	if (t->side == u->side) {
		snprintf(why, size, "cannot fire: %s is a friendly unit", t->id);
		return true;
	}
	if (t->state != US_ACTIVE) {
		snprintf(why, size, "cannot fire: %s is not on the table", t->id);
		return true;
	}
	if (abandoned(t)) {
		snprintf(why, size, "cannot fire: abandoned guns are treated as if they were not there");
		return true;
	}
	return false;
}

/* A quick rejection before the exact overlap test. */
static bool near_box(const struct unit *v, const double box[4])
{
	double r = unit_radius(v);
	return v->pos.x + r >= box[0] && v->pos.x - r <= box[1] &&
	       v->pos.y + r >= box[2] && v->pos.y - r <= box[3];
}

/* The zone of fire must hold no formed unit, whatever its side, and no
 * friendly unformed one.  Enemy unformed units in it are ignored by
 * artillery at long range (plunging fire), fired through with half the
 * dice at medium range when the target behind them is formed, and stop
 * small arms and close-range artillery, which must fire at them instead. */
static enum stage zone_check(const struct fire_ctx *c, const struct vec2 tri[3],
                             enum range_band band, struct fire_shot *s,
                             char *through, size_t tsize)
{
	const struct game *g = c->g;
	struct shape zs = { .kind = SHAPE_POLYGON, .n = 3, .pts = tri, .r = 0 };
	double box[4] = { INFINITY, -INFINITY, INFINITY, -INFINITY };
	const struct unit *screen = NULL;

	for (int k = 0; k < 3; k++) {
		box[0] = fmin(box[0], tri[k].x);
		box[1] = fmax(box[1], tri[k].x);
		box[2] = fmin(box[2], tri[k].y);
		box[3] = fmax(box[3], tri[k].y);
	}
	through[0] = 0;
	{
		/* Only the units round the zone's bounds can be in it. */
		struct index_set near = { 0 };
		double b[4] = { box[0], box[2], box[1], box[3] };
		enum stage st = ST_OK;
		grid_units_box(g, b, 0, &near);
		for (int q = 0; q < near.n && st == ST_OK; q++) {
			int i = near.idx[q];
			const struct unit *v = &g->units[i];
			struct vec2 buf[4];
			struct shape vs;
			/* The firer's own body is kept out by the facing test. */
			if (i == c->fi || i == c->ti || v->state != US_ACTIVE || abandoned(v))
				continue;
			if (!near_box(v, box))
				continue;
			vs = unit_shape(v, buf);
			if (!geom_overlap(&zs, &vs))
				continue;
			if (unit_formed(v)) {
				say(c, s->why, sizeof s->why, "cannot fire: %s (formed) is in the zone of fire", v->id);
				st = ST_ZONE;
			} else if (v->side == c->u->side) {
				say(c, s->why, sizeof s->why, "cannot fire: %s (friendly) is in the zone of fire", v->id);
				st = ST_ZONE;
			} else if (!(c->art && band == RANGE_LONG) && !screen) {
				/* Enemy unformed: plunging fire ignores them at long range. */
				screen = v;
			}
		}
		index_set_free(&near);
		if (st != ST_OK)
			return st;
	}
	if (!screen)
		return ST_OK;
	if (!c->art || band == RANGE_CLOSE) {
		say(c, s->why, sizeof s->why, "cannot fire: %s cannot fire through %s (enemy unformed) "
		         "at close range: it may only fire at %s itself",
		         c->art ? "artillery" : "small arms", screen->id, screen->id);
		return ST_ZONE;
	}
	if (c->fe >= 0 || !unit_formed(c->t)) {
		say(c, s->why, sizeof s->why, "cannot fire: at medium range a battery fires through "
		         "%s (enemy unformed) only at a formed target behind it", screen->id);
		return ST_ZONE;
	}
	s->through_unformed = true;
	say(c, through, tsize, "%s", screen->id);
	return ST_OK;
}

/* Cover ("How does terrain affect firing?").  Our geometric reading of a
 * feature that is in (or partly in) the zone of fire and between the two
 * units:
 * - an area feature (wood, forest, village, landmark) counts when the
 *   target is partly inside it, or when it overlaps the zone triangle
 *   without touching the firer (a wood the firer stands in or at is not
 *   between them); one the target only touches, from behind or beside,
 *   is not between them;
 * - a linear feature (stone wall, earthwork, ditch) counts when it
 *   overlaps the zone triangle and the firer is not in contact with it:
 *   a unit lining a wall fires over it freely.
 * A structure destroyed by artillery has become rough ground: no cover.
 * The zone ends at the aiming point, so ground beyond the aim (behind
 * the target) is not in it. */
static int cover_count(const struct fire_ctx *c, const struct vec2 tri[3],
                       char *names, size_t size)
{
	const struct game *g = c->g;
	struct shape zs = { .kind = SHAPE_POLYGON, .n = 3, .pts = tri, .r = 0 };
	struct index_set near = { 0 };
	double box[4];
	int n = 0;
	names[0] = 0;
	/* Only ground the zone or the target comes upon counts. */
	geom_bounds2(&zs, &c->ts, box);
	terrain_features_box(&g->map, box, 2 * GEOM_CONTACT, &near);
	for (int q = 0; q < near.n; q++) {
		int i = near.idx[q];
		const struct feature *f = &g->map.f[i];
		struct shape fs;
		bool counts;
		char name[NAME_LEN + 32];
		if (!rules_terrain[f->type].cover)
			continue;
		if (f->strength > 0 && f->damage >= f->strength)
			continue;
		fs = feature_shape(f);
		counts = geom_overlap(&fs, &zs) && !terrain_touches(f, &c->us);
		if (!feature_is_linear(f->type) && geom_overlap(&fs, &c->ts))
			counts = true;
		if (!counts)
			continue;
		if (!c->quiet)
			appendf(names, size, "%s%s", n ? ", " : "", feature_label(f, name, sizeof name));
		n++;
	}
	index_set_free(&near);
	return n;
}

static void shot_reset(struct fire_shot *s, int firer, int target)
{
	memset(s, 0, sizeof *s);
	s->firer = firer;
	s->target = target;
	s->feature = -1;
	s->band = RANGE_CLOSE;
}

/* One aiming point from one face, from range to dice. */
static enum stage shot_eval(const struct fire_ctx *c, const struct cand *cd, struct fire_shot *s)
{
	char through[ID_LEN] = "", covers[FIRE_TEXT_LEN];
	struct vec2 a, b;
	enum stage st;

	shot_reset(s, c->fi, c->ti);
	s->aim = cd->aim;
	s->face = cd->face;
	face_corners(c->ubuf, cd->face, &a, &b);
	s->tri[0] = a;
	s->tri[1] = b;
	s->tri[2] = cd->aim;
	s->range = cd->range;
	s->band = cd->band;

	if (!cd->in_range) {
		if (c->art)
			say(c, s->why, sizeof s->why, "cannot fire: %s is out of range "
			         "(%.1f cm; artillery reaches %g cm)", c->tname, cd->range,
			         rules_fire.art_range[RANGE_LONG]);
		else
			say(c, s->why, sizeof s->why, "cannot fire: %s is out of range "
			         "(%.1f cm; small arms reach %g cm)", c->tname, cd->range,
			         rules_fire.small_arms_range);
		return ST_RANGE;
	}
	if (cd->range > c->sight) {
		say(c, s->why, sizeof s->why, "cannot fire: %s is %.1f cm away, beyond the "
		         "%g cm that can be seen", c->tname, cd->range, c->sight);
		return ST_SIGHT;
	}
	if (c->art && cd->band == RANGE_LONG && c->g->wx.sky == SKY_WIND) {
		say(c, s->why, sizeof s->why, "cannot fire: no artillery fires at long range "
		         "in strong winds");
		return ST_WIND;
	}
	/* An aiming point not ahead of the firing face makes the triangle
	 * cross the firer's own body (or lie flat along its face). */
	if (beyond_face(a, b, c->u->pos, cd->aim) <= FIRE_AHEAD_EPS) {
		say(c, s->why, sizeof s->why, "cannot fire: %s is not in front of %s "
		         "(its own body would be in the zone of fire)", c->tname, c->u->id);
		return ST_FACING;
	}
	st = zone_check(c, s->tri, cd->band, s, through, sizeof through);
	if (st != ST_OK)
		return st;
	if (c->fe >= 0) {
		/* At a building or bridge: no dice, a structural damage roll. */
		s->feature = c->fe;
		say(c, s->detail, sizeof s->detail, "%s at %s", weight_names[c->u->weight].label,
		         range_names[cd->band].label);
		return ST_OK;
	}
	s->covers = cover_count(c, s->tri, covers, sizeof covers);
	if (s->covers >= 2) {
		/* appendf: a long list of names is cut short, not an error. */
		if (!c->quiet)
			appendf(s->why, sizeof s->why, "cannot fire: %s has cover from two or more "
			        "terrain features (%s)", c->t->id, covers);
		return ST_COVER;
	}
	s->cover = s->covers == 1;

	s->base = base_dice(c, cd->band);
	s->bonus = c->bonus;
	s->at_unformed = c->at_unformed;
	s->showers = c->showers;
	s->halvings = s->at_unformed + s->through_unformed + s->cover + s->showers;
	s->dice = fire_halve(s->base + s->bonus, s->halvings);

	if (c->quiet)
		return ST_OK;
	if (c->art)
		snprintf(s->detail, sizeof s->detail, "%s at %s %d", weight_names[c->u->weight].label,
		         range_names[cd->band].label, s->base);
	else
		snprintf(s->detail, sizeof s->detail, "%s %d", formation_names[c->u->form].label, s->base);
	appendf(s->detail, sizeof s->detail, "%s", c->bonus_text);
	if (s->at_unformed)
		appendf(s->detail, sizeof s->detail, ", target unformed: halved");
	if (s->through_unformed)
		appendf(s->detail, sizeof s->detail, ", through %s (unformed): halved", through);
	if (s->cover)
		appendf(s->detail, sizeof s->detail, ", cover of %s: halved", covers);
	if (s->showers)
		appendf(s->detail, sizeof s->detail, ", showers: halved");
	appendf(s->detail, sizeof s->detail, " = %d %s", s->dice, s->dice == 1 ? "die" : "dice");
	return ST_OK;
}

static void cand_fill(const struct fire_ctx *c, struct cand *cd, struct vec2 aim, int face, int idx)
{
	struct shape pt = geom_circle(&aim, 0);
	cd->aim = aim;
	cd->face = face;
	cd->idx = idx;
	cd->range = geom_distance(&c->us, &pt);
	cd->in_range = band_for(c->art, cd->range, &cd->band);
	cd->ub = !cd->in_range ? -1
	         : c->fe >= 0  ? 0
	                       : fire_halve(base_dice(c, cd->band) + c->bonus, c->at_unformed + c->showers);
}

/* Most dice first, then the shortest range, then the order generated. */
static int cand_cmp(const void *pa, const void *pb)
{
	const struct cand *a = pa, *b = pb;
	if (a->ub != b->ub)
		return a->ub > b->ub ? -1 : 1;
	if (a->range != b->range)
		return a->range < b->range ? -1 : 1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static int aim_points(const struct fire_ctx *c, struct vec2 out[MAX_AIMS])
{
	const struct vec2 *tc = c->tbuf, *uc = c->ubuf;
	int n = 0;
	for (int i = 0; i < 4; i++)
		out[n++] = tc[i];
	for (int i = 0; i < 4; i++) {
		struct vec2 a = tc[i], e = v2_sub(tc[(i + 1) % 4], a);
		for (int k = 1; k < EDGE_STEPS; k++)
			out[n++] = v2_add(a, v2_scale(e, (double)k / EDGE_STEPS));
	}
	out[n++] = c->t->pos;
	for (int j = 0; j < 4; j++)
		for (int i = 0; i < 4; i++) {
			struct vec2 a = tc[i], e = v2_sub(tc[(i + 1) % 4], a);
			double len2 = v2_dot(e, e);
			double k = len2 > 0 ? v2_dot(v2_sub(uc[j], a), e) / len2 : 0;
			k = k < 0 ? 0 : k > 1 ? 1 : k;
			out[n++] = v2_add(a, v2_scale(e, k));
		}
	return n;
}

/* Every aiming point from every face, most dice first: the best legal
 * shot, or the refusal of the attempt that came nearest to being legal.
 * cands holds room for nfaces * naims. */
/* The best shot of the aiming points: each weighed without words, the
 * one chosen (the best, or the refusal that got furthest) put into words. */
static bool search(struct fire_ctx *c, const struct vec2 *aims, int naims, struct cand *cands,
                   struct fire_shot *shot)
{
	struct fire_shot s;
	enum stage rstage = ST_AIM;
	int ncands = 0, best = -1, refusal = -1, best_dice = 0;
	double best_range = 0;

	for (int f = 0; f < c->nfaces; f++)
		for (int i = 0; i < naims; i++, ncands++)
			cand_fill(c, &cands[ncands], aims[i], f, ncands);
	qsort(cands, (size_t)ncands, sizeof cands[0], cand_cmp);

	c->quiet = true;
	for (int k = 0; k < ncands; k++) {
		const struct cand *cd = &cands[k];
		enum stage st;
		/* Sorted by the dice the zone could leave: nothing further on
		 * can beat the best found. */
		if (best >= 0 && (cd->ub < best_dice || (cd->ub == best_dice && cd->range >= best_range)))
			break;
		st = shot_eval(c, cd, &s);
		if (st == ST_OK) {
			if (best < 0 || s.dice > best_dice || (s.dice == best_dice && s.range < best_range)) {
				best = k;
				best_dice = s.dice;
				best_range = s.range;
			}
		} else if (refusal < 0 || st > rstage) {
			refusal = k;
			rstage = st;
		}
	}
	c->quiet = false;
	if (best >= 0 || refusal >= 0)
		return shot_eval(c, &cands[best >= 0 ? best : refusal], shot) == ST_OK;
	shot_reset(shot, c->fi, c->ti);
	return false;
}

bool fire_check(const struct game *g, int firer, int target, const struct vec2 *aim,
                struct fire_shot *shot)
{
	struct fire_ctx c = { .g = g, .fi = firer, .ti = target, .fe = -1 };
	struct vec2 aims[MAX_AIMS];
	struct cand cands[MAX_CANDS];
	int naims;
	struct obb ub, tb;

	shot_reset(shot, firer, target);
	if (firer < 0 || firer >= g->nunits || target < 0 || target >= g->nunits) {
		snprintf(shot->why, sizeof shot->why, "cannot fire: no such unit");
		return false;
	}
	c.u = &g->units[firer];
	c.t = &g->units[target];
	c.tname = c.t->id;
	ub = unit_footprint(c.u);
	tb = unit_footprint(c.t);
	c.us = geom_obb_shape(&ub, c.ubuf);
	c.ts = geom_obb_shape(&tb, c.tbuf);
	c.art = unit_is_artillery(c.u);
	/* A square has a front and a zone of fire on each of its four
	 * faces, but still fires once, from one of them. */
	c.nfaces = in_square(c.u) ? 4 : 1;
	c.sight = weather_visibility(g);
	if (firer_refusal(&c, shot->why, sizeof shot->why) ||
	    target_refusal(&c, shot->why, sizeof shot->why))
		return false;
	ctx_bonus(&c);
	/* No point of the target is in range when its nearest is not: say so
	 * without trying every aiming point. */
	if (!aim) {
		struct cand near = { .aim = c.t->pos };
		near.range = geom_distance(&c.us, &c.ts);
		near.in_range = band_for(c.art, near.range, &near.band);
		if (!near.in_range) {
			shot_eval(&c, &near, shot);
			return false;
		}
	}

	if (aim) {
		if (!geom_shape_contains(&c.ts, *aim)) {
			shot->aim = *aim;
			snprintf(shot->why, sizeof shot->why, "cannot fire: the aiming point must be on %s",
			         c.t->id);
			return false;
		}
		aims[0] = *aim;
		naims = 1;
	} else {
		naims = aim_points(&c, aims);
	}
	return search(&c, aims, naims, cands, shot);
}

/* Aiming points on a feature: its vertices, points along each edge, its
 * centroid when inside it, and where each firer corner comes closest to
 * each edge.  Returns the count (out holds 12 n + 1 for n vertices). */
static int feature_aims(const struct fire_ctx *c, const struct feature *f, struct vec2 *out)
{
	int n = 0, edges = feature_is_linear(f->type) ? f->n - 1 : f->n;
	struct vec2 cen = geom_poly_centroid(f->pts, f->n);
	for (int i = 0; i < f->n; i++)
		out[n++] = f->pts[i];
	for (int i = 0; i < edges; i++) {
		struct vec2 a = f->pts[i], e = v2_sub(f->pts[(i + 1) % f->n], a);
		double len2 = v2_dot(e, e);
		for (int k = 1; k < EDGE_STEPS; k++)
			out[n++] = v2_add(a, v2_scale(e, (double)k / EDGE_STEPS));
		for (int j = 0; j < 4; j++) {
			double t = len2 > 0 ? v2_dot(v2_sub(c->ubuf[j], a), e) / len2 : 0;
			t = t < 0 ? 0 : t > 1 ? 1 : t;
			out[n++] = v2_add(a, v2_scale(e, t));
		}
	}
	if (!feature_is_linear(f->type) && geom_poly_contains(f->pts, f->n, cen))
		out[n++] = cen;
	return n;
}

bool fire_check_feature(const struct game *g, int firer, int feature, const struct vec2 *aim,
                        struct fire_shot *shot)
{
	struct fire_ctx c = { .g = g, .fi = firer, .ti = -1, .fe = feature };
	const struct feature *f;
	struct vec2 *aims;
	struct cand *cands;
	struct shape fs;
	struct obb ub;
	int naims;
	bool ok;

	shot_reset(shot, firer, -1);
	if (firer < 0 || firer >= g->nunits || feature < 0 || feature >= g->map.nf) {
		snprintf(shot->why, sizeof shot->why, "cannot fire: no such unit or feature");
		return false;
	}
	f = &g->map.f[feature];
	c.u = &g->units[firer];
	c.tname = f->name;
	ub = unit_footprint(c.u);
	c.us = geom_obb_shape(&ub, c.ubuf);
	c.art = unit_is_artillery(c.u);
	c.nfaces = 1;
	c.sight = weather_visibility(g);
	if (firer_refusal(&c, shot->why, sizeof shot->why))
		return false;
	fs = feature_shape(f);
	if (aim) {
		if (!geom_shape_contains(&fs, *aim)) {
			shot->aim = *aim;
			snprintf(shot->why, sizeof shot->why, "cannot fire: the aiming point must be on %s",
			         f->name);
			return false;
		}
	} else {
		struct cand near = { .aim = f->pts[0] };
		near.range = geom_distance(&c.us, &fs);
		near.in_range = band_for(c.art, near.range, &near.band);
		if (!near.in_range) {
			shot_eval(&c, &near, shot);
			return false;
		}
	}
	aims = malloc(sizeof *aims * (size_t)(12 * f->n + 2));
	cands = malloc(sizeof *cands * (size_t)(12 * f->n + 2));
	if (!aims || !cands) {
		free(aims);
		free(cands);
		snprintf(shot->why, sizeof shot->why, "cannot fire: out of memory");
		return false;
	}
	if (aim) {
		aims[0] = *aim;
		naims = 1;
	} else {
		naims = feature_aims(&c, f, aims);
	}
	ok = search(&c, aims, naims, cands, shot);
	free(aims);
	free(cands);
	return ok;
}
