/* SPDX-License-Identifier: GPL-3.0-or-later */
/* terrain: the battlefield's features, what a footprint touches, and what
 * the ground does to movement, fire and hand-to-hand combat. */
#ifndef GROGNARD_TERRAIN_H
#define GROGNARD_TERRAIN_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"
#include "index-set.h"
#include "unit.h"

struct feature {
	enum terrain_type type;
	char name[NAME_LEN];
	int levels;        /* hills, contours, woods */
	bool impassable;   /* rough ground that may not be entered */
	double width;      /* linear features */
	int n;
	struct vec2 *pts;  /* polygon, or polyline for linear features */
	int strength;      /* structural hits to destroy (0 = not a structure) */
	int damage;
	bool boxed;        /* box holds the points' bounds (map_finish) */
	double box[4];
	signed char convex; /* its points a convex polygon: 1, or not: -1 (map_finish) */
};

struct feature_index;

struct map {
	double width, height;
	struct feature *f;
	int nf;
	/* The features' spatial index (terrain-index.c), made by map_finish;
	 * NULL until then.  Owned by the map: a copy of a map holds none. */
	struct feature_index *index;
};

/* A superset of the features whose bounds (a linear feature's widened by
 * half its width) come within margin of the box (x0, y0, x1, y1), in
 * feature order: every feature when the map has no index or has changed
 * since it was made.  The caller keeps its exact test. */
void terrain_features_box(const struct map *m, const double box[4], double margin, struct index_set *out);
struct feature_index *terrain_index_new(const struct map *m);
void terrain_index_free(struct feature_index *x);

enum terrain_mode { TMODE_MOVE, TMODE_CHARGE, TMODE_INTERCEPT };

struct shape feature_shape(const struct feature *f);
/* Work out what the geometry needs once the map is complete. */
void map_finish(struct map *m);
bool feature_is_linear(enum terrain_type t);

/* The class of mover a unit is for terrain purposes. */
enum tclass terrain_class(const struct unit *u, bool limbered);

/* In contact with: within the contact tolerance (touching, overlapping or
 * inside). */
bool terrain_touches(const struct feature *f, const struct shape *s);
/* "Interpenetrated with": partly or wholly on or in it (overlapping); a base
 * only touching its edge is in contact with it, not in it. */
bool terrain_in(const struct feature *f, const struct shape *s);
/* Wholly inside an area feature. */
bool terrain_wholly_in(const struct feature *f, const struct shape *s);

/* Whether a footprint of this class stands on a road: one stand wide, its
 * centre within the road's width. */
bool terrain_on_road(const struct map *m, enum tclass c, enum formation form,
                     struct vec2 centre);

/* What the terrain table gives a type of ground for a class of mover in a
 * mode of movement (GO_FREE, GO_HALF or GO_NO), before any map feature's
 * own quirks (impassable rough ground, rivers at fords, roads). */
enum go terrain_rule_go(enum terrain_type t, enum terrain_mode mode, enum tclass c);
/* The same as a rate: cm of allowance per cm moved (1: no effect;
 * RULES_CANT: prohibited). */
double terrain_rule_rate(enum terrain_type t, enum terrain_mode mode, enum tclass c);
/* Two rates under one footprint, combined as the rules say (the worst of
 * them, or each multiplying the other); RULES_CANT wins. */
double terrain_combine(double a, double b);
/* Whether entering, crossing or leaving the feature spends a part of a
 * mover's allowance (the rules' crossing costs). */
bool terrain_crossing_cost(const struct feature *f, enum tclass c);
/* Could the feature ever slow or stop a mover of that class in that mode
 * (fords always count: where one touches a river, the river is waded)? */
bool terrain_may_hinder(const struct feature *f, enum tclass c, enum terrain_mode mode);
/* The worst effect of the ground under a footprint for a mode of movement:
 * GO_NO (with the feature that forbids it in *blocker), GO_HALF or GO_FREE.
 * on_road: the unit moves along a road and ignores what it passes through. */
enum go terrain_go(const struct map *m, enum tclass c, enum terrain_mode mode,
                   const struct shape *s, bool on_road, int *blocker);

/* The same as a rate: what one cm of movement costs there, the features'
 * rates combined as the rules say, or RULES_CANT. */
double terrain_rate(const struct map *m, enum tclass c, enum terrain_mode mode,
                    const struct shape *s, bool on_road, int *blocker);

/* Bridges: the stream or river a bridge spans (or -1); the segment of a
 * water course nearest a point; which side of that segment a point lies
 * on (the sign: positive left of its direction, negative right). */
int terrain_bridge_water(const struct map *m, int bridge);
int terrain_nearest_segment(const struct feature *f, struct vec2 p);
double terrain_side_of(const struct feature *water, int seg, struct vec2 p);
/* A structure shot to pieces (a destroyed bridge can no longer be used). */
bool terrain_destroyed(const struct feature *f);
/* Ground closed to every kind of unit (boggy ground, rivers, impassable
 * rough ground): passable only along roads, or at bridges and fords. */
bool terrain_closed_to_all(const struct feature *f);

/* The structural strength a feature starts with. */
int terrain_default_strength(enum terrain_type t);

void map_free(struct map *m);

#endif
