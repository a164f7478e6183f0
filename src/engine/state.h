/* SPDX-License-Identifier: GPL-3.0-or-later */
/* state: the battle's changing state (struct battle_state, in game.h)
 * described field by field, so that a save writes and reads it from one
 * table: each field's group and key in the save, what it holds, its
 * range. */
#ifndef GROGNARD_STATE_H
#define GROGNARD_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "enums.h"

enum state_kind {
	SK_INT,      /* a whole number within lo..hi */
	SK_TURN,     /* a Turn: 1 to the scenario's Turns */
	SK_DOUBLE,   /* a number within lo..hi */
	SK_BOOL,
	SK_TEXT,     /* a char array of size bytes */
	SK_ENUM,     /* an enumeration, by its words (names, count) */
	SK_SIDE,     /* A, B, or "-" for none (-1) */
	SK_BRIGADE,  /* a brigade by id, or "-" (-1) */
	SK_DIVISION, /* a division by id, or "-" (-1) */
	SK_UNIT,     /* a unit by id, or "-" (-1) */
};

struct state_field {
	const char *group, *key; /* where a save keeps it */
	enum state_kind kind;
	size_t offset, size;     /* in struct battle_state */
	double lo, hi;           /* SK_INT, SK_DOUBLE */
	const struct enum_name *names;
	int count;               /* SK_ENUM */
	bool optional;           /* a save may leave it out (older saves) */
};

/* The fields a save keeps, group by group ("game", then "weather"), in
 * the order they are written; the rest of struct battle_state is saved
 * on its own (the dice, the scripted pips, the pending order) or not at
 * all (deciding: a save is never taken mid-order). */
extern const struct state_field state_fields[];
extern const int state_nfields;

#endif
