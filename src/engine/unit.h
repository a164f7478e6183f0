/* SPDX-License-Identifier: GPL-3.0-or-later */
/* unit: a battalion, regiment or battery: what it is, how strong, and the
 * footprint its formation gives it on the table. */
#ifndef GROGNARD_UNIT_H
#define GROGNARD_UNIT_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"

#define ID_LEN 16
#define NAME_LEN 80

enum unit_flag {
	UF_LANCER = 1 << 0,
	UF_KGL = 1 << 1, /* King's German Legion: not "British" for bonuses */
};

/* What a unit has done in the current initiative. */
enum unit_act {
	UA_STARTED = 1 << 0,   /* has begun its manoeuvre */
	UA_DONE = 1 << 1,      /* its manoeuvre is over (another unit began) */
	UA_MOVED = 1 << 2,     /* has made its one move (or special move) */
	UA_FORMED = 1 << 3,    /* has made its one formation change */
	UA_NO_CHARGE = 1 << 4, /* pivoted or about-faced over 90 degrees */
	UA_NO_FIRE = 1 << 5,   /* artillery that turned over 90, redeployed or
	                        * crossed a bridge; anything in a division
	                        * manoeuvre */
	UA_FIRED = 1 << 6,
	UA_CHARGED = 1 << 7,
	UA_DIVMOVE = 1 << 8,   /* in a division manoeuvre, moving or not */
	UA_CROSSED = 1 << 9,   /* crossed a bridge: no more movement */
	UA_CHARGING = 1 << 10, /* charged (or opportunity- or counter-charged)
	                        * into contact this initiative */
	UA_RETURNED = 1 << 11, /* returned fire this initiative */
	UA_BROKE_OUT = 1 << 12,/* a square that tried to break out */
};

struct unit {
	/* Written by the loaders only: trials and take-backs (game.c) copy
	 * every field from side on and leave these two alone, so a field
	 * that changes in a battle goes after them. */
	char id[ID_LEN];
	char name[NAME_LEN];
	enum side side;
	int brigade;
	enum unit_type type;
	enum rating rating;
	enum nationality nat;
	enum weight weight;       /* artillery only */
	enum irregular irregular; /* Cossacks and Arabs: skirmish line always */
	unsigned flags;           /* enum unit_flag */
	int men, guns;            /* historical strength, as given */
	int sp, sp0;              /* strength points now and at the start */
	enum formation form;
	struct vec2 pos;          /* geometric centre */
	double facing;
	unsigned markers;         /* 1 << enum marker */
	enum unit_state state;
	int arrive_turn;          /* for reserves: the Turn they come on */
	unsigned acted;           /* enum unit_act, this initiative */
	double pivoted;           /* degrees turned this initiative */
	double used;              /* movement allowance spent this initiative */
	int defends;              /* landmark it holds: feature index + 1, or 0 */
	int cmd_fixed;            /* command status found when its brigade was
	                           * given the initiative, + 1; 0 for none */
	double charge_start;      /* how far from its target its charge began */
	int shelter;              /* abandoned guns: the square their crews fled
	                           * into, index + 1; 0 for none */
	/* Charged (or intercepted) over a bridge: in contact with the enemy
	 * defending it while it stays at its end of the bridge and the enemy
	 * where it stood (contact_touching). */
	int bridge;               /* the bridge: feature index + 1, or 0 */
	int bridge_foe;           /* the enemy defending it: unit index */
	struct vec2 bridge_foe_at;/* where that enemy stood */
};

enum arm unit_type_arm(enum unit_type t);
enum arm unit_arm(const struct unit *u);
bool unit_is_infantry(const struct unit *u);
bool unit_is_cavalry(const struct unit *u);
bool unit_is_artillery(const struct unit *u);
/* Formed or unformed ("What formations can be used?"). */
bool unit_formed(const struct unit *u);
bool formation_formed(enum formation f);

/* Strength points ("How do we determine the strength of a unit?"). */
int sp_from_men(int men);
int sp_from_guns(int guns);

/* The size of a formation's footprint for a unit type. */
void formation_size(enum unit_type t, enum formation f, double *w, double *d);
struct obb unit_footprint_as(enum unit_type t, enum formation f,
                             struct vec2 centre, double facing);
struct obb unit_footprint(const struct unit *u);
/* The two stands (or the one battery stand) of a unit; returns the count. */
int unit_stands(const struct unit *u, struct obb out[2]);

/* May this unit take this formation?  NULL if yes, else the reason. */
const char *unit_formation_refusal(const struct unit *u, enum formation f);
/* The formation a unit takes when none is given. */
enum formation unit_default_formation(const struct unit *u);

/* Removed at this strength or less ("How do we keep track of losses?"). */
int unit_elimination_sp(const struct unit *u);

/* Lost to its side, its division and its brigade: eliminated, or
 * retreated from the battle ("unit losses" for command stands and for
 * victory alike). */
bool unit_lost(const struct unit *u);

bool unit_has_marker(const struct unit *u, enum marker m);
/* Abandoned guns (artillery with the orange marker), "treated as if not
 * there".  The square their crews fled into keeps an orange marker too,
 * but only to show it: it is there like any other unit. */
bool unit_abandoned(const struct unit *u);
/* On the table and not abandoned guns: there for movement, charges, fire
 * and hand-to-hand combat. */
bool unit_present(const struct unit *u);
/* Half the diagonal of a unit's footprint: nothing of it lies further
 * from its centre (a cheap test before exact geometry). */
double unit_radius(const struct unit *u);
void unit_set_marker(struct unit *u, enum marker m, bool on);

#endif
