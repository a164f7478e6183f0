/* SPDX-License-Identifier: GPL-3.0-or-later */
/* volley: carrying out fire ("The Firing Phase"): the shot, the return
 * fire and supporting artillery it draws, suppression fire against
 * batteries, and structural damage to buildings and bridges. */
#ifndef GROGNARD_VOLLEY_H
#define GROGNARD_VOLLEY_H

#include <stdbool.h>
#include <stddef.h>

#include "geom.h"

struct game;
struct controller;
struct unit;

/* May this unit fire now at all (markers, what it did this initiative)?
 * NULL if so, else the sentence saying why not. */
const char *volley_may_fire(const struct game *g, const struct unit *u);

/* A unit of the brigade with the initiative fires at a target (at an
 * aiming point, or the best one).  0, -1 refused (why), -2 stopped. */
int volley_fire(struct game *g, struct controller **ctl, int firer, int target,
                const struct vec2 *aim, char *why, size_t size);
/* Artillery fires at an undefended village, landmark or bridge, with the
 * restrictions of any shot (aimed at the structure) and the suppression
 * any declared artillery fire allows.  0, -1 refused (why), -2 stopped. */
int volley_bombard(struct game *g, struct controller **ctl, int firer, int feature, char *why,
                   size_t size);

#endif
