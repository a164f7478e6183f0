/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dbm: random battlefields by the DBM v2.1 terrain-choosing procedure,
 * translated to Mini-Nap terrain: the region table it draws on, the
 * invader and defender, and the ground laid with every throw logged. */
#ifndef GROGNARD_DBM_H
#define GROGNARD_DBM_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"
#include "unit.h"

struct game;

/* The kinds of feature a region offers (the army lists' terrain codes). */
#define DBM_KIND_LIST(X) \
	X(DBK_WATERWAY, "waterway", "waterway") \
	X(DBK_RIVER, "river", "river") \
	X(DBK_VILLAGE, "village", "village") \
	X(DBK_ROAD, "road", "road") \
	X(DBK_HILL, "hill", "hill") \
	X(DBK_RISE, "rise", "gentle rise") \
	X(DBK_WOOD, "wood", "wood") \
	X(DBK_FOREST, "forest", "forest") \
	X(DBK_ROUGH, "rough", "rough ground") \
	X(DBK_ROCKS, "rocks", "impassable rocks") \
	X(DBK_MARSH, "marsh", "marsh")

enum dbm_kind { DBM_KIND_LIST(ENUM_ID) DBK_COUNT };
extern const struct enum_name dbm_kind_names[DBK_COUNT];

/* What may enclose the fields round a village: the word in the data
 * file and the linear feature (TT_COUNT: open fields, nothing drawn). */
struct dbm_fields_name {
	const char *key;
	enum terrain_type type;
};
#define DBM_FIELDS_KINDS 5
extern const struct dbm_fields_name dbm_fields_names[DBM_FIELDS_KINDS];

#define DBM_CHOICES 6   /* the defender's table: one entry per face */
#define DBM_NAMES 16    /* names of each sort a region may list */

struct dbm_names {
	char name[DBM_NAMES][NAME_LEN];
	int n;
};

struct dbm_region {
	char id[ID_LEN];
	char name[NAME_LEN];
	char description[256];
	bool compulsory[DBK_COUNT];
	enum dbm_kind choice[DBM_CHOICES];
	enum terrain_type fields;      /* TT_COUNT for open fields */
	char waterway[NAME_LEN];       /* "" when the region has none */
	enum nationality opponent[NAT_COUNT];
	int nopponents;
	struct dbm_names villages, rivers, hills, woods;
};

/* The data file's table, filled in by io. */
struct dbm_table {
	int aggression[NAT_COUNT];
	struct dbm_region *region;
	int nregions;
};

/* Feature equivalents are counted in halves. */
#define DBM_MAX_PIECES 32

/* One feature of the procedure as laid (or discarded). */
struct dbm_piece {
	enum dbm_kind kind;
	char name[NAME_LEN];
	int side;           /* who provided it */
	bool compulsory;
	int fe2;            /* feature equivalents times two */
	int sector;         /* 1 to 6 (area features, the village), else 0 */
	int sector_die;     /* the dice that placed an area feature, or 0 */
	int position_die;
	bool placed;        /* false: discarded (no room) */
	int first, count;   /* its features in the map: [first, first+count) */
	struct vec2 outline[64]; /* an area feature's outline (the DBM feature) */
	int n;
};

struct dbm_result {
	int region;
	int invader, defender;          /* sides */
	double width, height, pace;     /* table (cm) and cm per pace */
	struct dbm_piece piece[DBM_MAX_PIECES];
	int npieces;
	int waterway_edge;              /* -1 none, 0 west (x = 0), 1 east */
	int village;                    /* map index of the village, or -1 */
	int river_half[2];              /* each river's half: -1 north, 1 south, 0 none */
};

/* The procedure's numbers: the DBM text's paces, Mini-Nap's centimetres. */
struct dbm_rules {
	double pace_per_depth;      /* the table is this many paces deep (2400p) */
	double area_min, area_max;  /* an area feature is 100p to 1000p across */
	double half_max, one_max;   /* up to 500p: half a feature; over 750p: 1.5 */
	double centre_clear;        /* a 5 or 6: centre at least 500p from the edges */
	double river_clear;         /* a river's banks this far from the long edges */
	double river_curve;         /* chord at least 3/4 of the course between */
	double waterway_min, waterway_max, waterway_half; /* 300p, 900p, 600p */
	double zone;                /* deployment zones' depth (paces) */
	int same_max;               /* no more than 3 of one equivalence and going */
	int roads_max;              /* up to 2 external roads */
	double wood_apart, village_apart; /* Mini-Nap: 15 and 40 cm */
	double church_within;       /* a church within 5 cm of its village */
	double river_min_width, river_max_width; /* cm: over 2, at most 200p */
	double stream_width;        /* a paltry river, laid as a stream */
};
extern const struct dbm_rules dbm_rules;

/* The sector (1-6) a point lies in: 1 2 3 west to east along the north
 * half, 4 5 6 along the south half. */
int dbm_sector_of(double w, double h, struct vec2 p);
/* A sector's bounds: x0 y0 x1 y1. */
void dbm_sector_box(double w, double h, int sector, double box[4]);
bool dbm_sector_is_flank(int sector);

/* The side that invades: each throws 1D6 and adds its aggression factor,
 * the higher total invading (ties thrown again). */
int dbm_roles(struct game *g, const int aggression[SIDE_COUNT]);

/* Lay the battlefield of a w x h cm table in g->map for a region, the
 * invader known: every throw goes through game_roll.  pick seeds the
 * choices the text leaves to the players (shapes, exact spots), which are
 * not dice.  0, or -1 with why when the table cannot be laid at all. */
int dbm_lay(struct game *g, const struct dbm_region *region, int invader, double w, double h,
            unsigned long long pick, struct dbm_result *out, char *why, size_t size);

/* Geometry the tests check too: a polyline's worst ratio of straight-line
 * distance to distance along it (sampled every step cm), and a polygon's
 * least and greatest extent over all directions. */
double dbm_course_ratio(const struct vec2 *p, int n, double step);
void dbm_extent(const struct vec2 *p, int n, double *least, double *most);

#endif
