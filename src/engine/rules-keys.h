/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules-keys: the name of every number of the rules, as a rules file
 * gives it, with the field of struct rules it fills: what the loader
 * (io/load-rules.c) reads by, and what messages quote by name. */
#ifndef GROGNARD_RULES_KEYS_H
#define GROGNARD_RULES_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

/* No rule distance is anywhere near this (cm: a 100 m table). */
#define RULES_BIG_CM 10000.0

enum rkind {
	RK_NAME,     /* a string (the rules' name) */
	RK_DIST,     /* a distance in cm: multiplied by a variant's scale */
	RK_NUM,      /* a number that is not a distance (degrees, a cost) */
	RK_INT,      /* a whole number (dice, scores, counts) */
	RK_BOOL,
	RK_COMBINE,  /* "worst" or "compound" */
	RK_RATES,    /* per class of mover: "free", "half", "no" or a speed */
	RK_PARTS,    /* per class: a part of the allowance (0 = none) */
	RK_FLAGS,    /* per class: true or false */
	RK_MOVEMENT, /* the movement table: type, formation, allowances */
	RK_RATINGS,  /* a commander rating table: rows of throws */
	RK_TIMES,    /* the time of day table */
	RK_WEATHERS, /* the weather table */
};

struct rkey {
	char path[80];     /* dotted, as libconfig looks it up */
	enum rkind kind;
	size_t off;        /* of the field in struct rules */
	double lo, hi;     /* range of numbers */
	bool optional;     /* may be left out even where nothing is inherited */
};

/* Every key, in the order of a rules file; built on first use. */
const struct rkey *rules_keys(int *n);

/* The number of the rules in force a path names: a key of kind RK_DIST,
 * RK_NUM or RK_INT, or "movement.TYPE.FORMATION.move" (or .charge,
 * .redeploy).  False when there is none. */
bool rules_number(const char *path, double *out);
/* A text with each "{path}" in it replaced by that number of the rules in
 * force (as %g), so that help and messages quote the tables; an unknown
 * path is left as it is written.  Returns buf. */
const char *rules_expand(const char *text, char *buf, size_t size);

#endif
