/* SPDX-License-Identifier: GPL-3.0-or-later */
/* orbat: the chain of command: corps, divisions, brigades and the command
 * stands of their commanders, and how commanders are rated. */
#ifndef GROGNARD_ORBAT_H
#define GROGNARD_ORBAT_H

#include <stdbool.h>

#include "enums.h"
#include "geom.h"
#include "unit.h"

struct game;

struct corps {
	char id[ID_LEN];
	char name[NAME_LEN];
	enum side side;
	enum nationality nat;
	int commander;
};

struct division {
	char id[ID_LEN];
	char name[NAME_LEN];
	int corps;
	int commander;
};

struct brigade {
	char id[ID_LEN];
	char name[NAME_LEN];
	int division;
	enum brigade_kind kind;
	int commander; /* -1 for division artillery */
	bool used;     /* chosen (or moved by its division) this Turn */
};

enum commander_flag {
	CF_ROLL = 1 << 0,   /* rating to be thrown at the start */
	CF_EVADED = 1 << 1, /* white markers: no command radius this Turn */
	CF_PLACED = 1 << 2, /* position given by the scenario */
};

struct commander {
	char id[ID_LEN];    /* the id of the formation it commands */
	char name[NAME_LEN];
	enum side side;
	enum cmd_level level;
	int of;             /* index of its corps, division or brigade */
	enum cmd_rating rating;
	unsigned flags;     /* enum commander_flag */
	struct vec2 pos;
	enum unit_state state;
	int attached;       /* unit index, or -1 */
	int arrive_turn;
	int moved_turn;     /* the Turn it last moved (corps, division) */
	int moved_init;     /* the initiative it last moved in (brigade) */
	double used;        /* movement spent in that move */
	int detached_from;  /* unit it left at the start of this initiative, -1 */
	int detached_init;  /* the initiative it did so in */
};

/* Ratings ("Determining a Corps / Division Commander's Rating"). */
enum cmd_rating orbat_corps_rating(enum nationality nat, int roll);
enum cmd_rating orbat_division_rating(enum nationality corps_nat, int roll);
/* Throw for every commander whose rating is "roll"; logs every die. */
void orbat_roll_ratings(struct game *g);
double commander_radius(const struct commander *c);
struct shape commander_shape(const struct commander *c);

/* Lookups by id (-1 when absent). */
int orbat_find_unit(const struct game *g, const char *id);
int orbat_find_brigade(const struct game *g, const char *id);
int orbat_find_division(const struct game *g, const char *id);
int orbat_find_corps(const struct game *g, const char *id);
int orbat_find_commander(const struct game *g, const char *id);

enum side brigade_side(const struct game *g, int brigade);
enum side division_side(const struct game *g, int division);
int unit_division(const struct game *g, const struct unit *u);
int unit_corps(const struct game *g, const struct unit *u);
/* Units of a division or brigade that started the battle. */
int division_unit_count(const struct game *g, int division);
int brigade_unit_count(const struct game *g, int brigade);

#endif
