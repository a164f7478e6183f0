/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dbm-int: what the files of the terrain procedure share (dbm.c the
 * procedure, dbm-geom.c shapes and fitting, dbm-place.c water, village,
 * roads and landmarks). */
#ifndef GROGNARD_DBM_INT_H
#define GROGNARD_DBM_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "dbm.h"
#include "game.h"
#include "rng.h"

#define DBM_MAX_POLY 64 /* points of one area outline */
#define DBM_MAX_LINE 48 /* points of one course (river, road) */
#define DBM_MAX_FIELDS 3
#define DBM_MAX_RESERVED 16

struct dbm_poly {
	struct vec2 p[DBM_MAX_POLY];
	int n;
	char name[NAME_LEN + 16]; /* what it is, for the log */
};

/* The laying of one battlefield. */
struct dbm {
	struct game *g;
	const struct dbm_region *reg;
	struct dbm_result *r;
	struct rng pick;            /* the players' free choices: shapes, spots */
	double w, h, pace;          /* table in cm; cm per pace */
	int invader, defender;
	/* Ground the map does not show but area features keep off: the
	 * village's fields (the first nfields), then the wooded areas the
	 * woods stand in. */
	struct dbm_poly reserved[DBM_MAX_RESERVED];
	int nfields, nreserved;
	/* The waterway: its strips in the map, and its shore (x by y). */
	int ww_first, ww_count;
	struct vec2 shore[DBM_MAX_LINE];
	int nshore;
	int river[2];               /* map index of the invader's and the defender's river */
	int nroads;                 /* roads laid (the invader's counted) */
	unsigned road_edges;        /* table edges roads have left by (bits) */
	double off_long;            /* while > 0: what is fitted keeps this far off the long edges */
	struct vec2 gates[6];       /* the village's street ends */
	int ngates;
	int names_taken[4];         /* of the region's lists: bit sets */
};

/* In paces, to centimetres on this table. */
static inline double dbm_p(const struct dbm *d, double paces)
{
	return paces * d->pace;
}

/* Free choices (not dice): a number in [lo, hi), an integer in [0, n). */
double dbm_uniform(struct dbm *d, double lo, double hi);
int dbm_below(struct dbm *d, int n);
/* Coordinates on the 0.01 cm grid the files are written in. */
double dbm_round(double v);

/* A shape, centred on its centroid at the origin: a convex patch exactly
 * 'across' at its widest and at least 'least' everywhere; the top of a
 * hill is its slopes' outline shrunk toward its centroid. */
int dbm_patch(struct dbm *d, double across, double least, struct vec2 *out);
void dbm_shrink(const struct vec2 *p, int n, double k, struct vec2 *out);

/* How a shape must lie. */
enum dbm_fit_mode {
	FIT_ANY,      /* anywhere in the sector */
	FIT_EDGE,     /* touching a table edge or the waterway (a 1 to 4) */
	FIT_CENTRE,   /* its centre 500p from every table edge (a 5 or 6) */
	FIT_WATERWAY, /* touching the waterway (a village beside it) */
	FIT_INNER,    /* in the sector, a tenth of the table's depth off its edges */
};
/* Ground a feature of this type may not overlap or come near; true when
 * the points are clear of it all.  dbm_blocker says what is in the way:
 * -1 nothing, a feature's index, or -2 - i for the reserved area i. */
bool dbm_clear(const struct dbm *d, const struct vec2 *p, int n, enum terrain_type type);
int dbm_blocker(const struct dbm *d, const struct vec2 *p, int n, enum terrain_type type);
/* A turn about the origin, then a move (where a shape was fitted). */
struct dbm_xform {
	double angle; /* radians */
	struct vec2 t;
};
void dbm_apply(const struct dbm_xform *xf, const struct vec2 *p, int n, struct vec2 *out);
/* Keep an area off limits to later features (a wooded area), named. */
void dbm_reserve(struct dbm *d, const struct vec2 *p, int n, const char *name);
/* Place a shape in a sector (0: anywhere on the table) as the mode says,
 * clear of what is laid: the placed points in out (and how, in xf when
 * not NULL), or false when it cannot be fitted without moving what is
 * there. */
bool dbm_fit(struct dbm *d, const struct vec2 *shape, int n, enum terrain_type type, int sector,
             enum dbm_fit_mode mode, struct vec2 *out, struct dbm_xform *xf);
/* Why a shape did not fit: true when some place in the sector meets the
 * mode's condition (the ground laid took them all), with the features
 * most often in the way named in why; false when no place could. */
bool dbm_fit_why(struct dbm *d, const struct vec2 *shape, int n, enum terrain_type type, int sector,
                 enum dbm_fit_mode mode, char *why, size_t size);
/* Does a placed outline meet the mode's condition? */
bool dbm_fit_holds(const struct dbm *d, const struct vec2 *p, int n, int sector,
                   enum dbm_fit_mode mode);
bool dbm_touches_waterway(const struct dbm *d, const struct vec2 *p, int n);

/* A course from a to b: about one vertex each step cm, every segment
 * within max_dev degrees of the line from a to b, every vertex passing
 * ok(ctx) when given.  Returns the count (a first, b last), 0 if none
 * was found. */
int dbm_course(struct dbm *d, struct vec2 a, struct vec2 b, double step, double max_dev,
               bool (*ok)(const struct dbm *d, struct vec2 p, const void *ctx), const void *ctx,
               struct vec2 *out);

/* Add a feature to the map; returns its index, or -1 (out of memory). */
int dbm_add(struct dbm *d, enum terrain_type type, const char *name, const struct vec2 *p, int n,
            double width, int levels, bool impassable);
/* Take back the features from index first on (a piece that failed). */
void dbm_drop_from(struct dbm *d, int first);
/* A name no feature has yet: base, else "base 2", "base 3" ... */
void dbm_unique(const struct dbm *d, const char *base, char *out, size_t size);
/* A name from the region's list (0 villages, 1 rivers, 2 hills, 3 woods)
 * not used yet, else fallback: written to out. */
void dbm_region_name(struct dbm *d, int list, const char *fallback, char *out, size_t size);

/* What the placing files share: water, the waterway's strips, a
 * course as a line of a width, whether it overlaps any feature but those
 * allowed(ctx) (f < 0: the reserved area -1 - f), a point a fraction of
 * the way along a course, points within a box. */
bool dbm_is_water(enum terrain_type t);
bool dbm_in_waterway(const struct dbm *d, int f);
struct shape dbm_line_shape(const struct vec2 *p, int n, double width);
bool dbm_line_meets(const struct dbm *d, const struct vec2 *p, int n, double width,
                    bool (*allowed)(const struct dbm *d, int f, const void *ctx), const void *ctx);
struct vec2 dbm_along(const struct vec2 *p, int n, double frac);
bool dbm_inside_box(const struct vec2 *p, int n, const double box[4]);
/* A new course of water against every road laid: each crossing fit for
 * a bridge or ford (dbm-roads.c). */
bool dbm_water_crosses_roads_well(const struct dbm *d, const struct vec2 *c, int n, double width);

/* Water and the built-up area (dbm-place.c). */
bool dbm_lay_waterway(struct dbm *d, struct dbm_piece *pc);
bool dbm_lay_river(struct dbm *d, struct dbm_piece *pc, bool invaders);
bool dbm_lay_village(struct dbm *d, struct dbm_piece *pc);
bool dbm_lay_road(struct dbm *d, struct dbm_piece *pc, bool invaders);
/* Where roads cross water: a bridge or a ford, thrown for. */
void dbm_lay_crossings(struct dbm *d);
/* A river troops could wade (not paltry) gets a ford in each sector it
 * runs through that has no crossing yet. */
void dbm_lay_fords(struct dbm *d, int river);
/* A mill beside a stream or river, if the die says so. */
void dbm_lay_mill(struct dbm *d);

#endif
