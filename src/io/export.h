/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export: a battle as it stands at its start written as ordinary map and
 * orbat files (grognard(5)), which load back to the same battlefield,
 * forces and deployment. */
#ifndef GROGNARD_EXPORT_H
#define GROGNARD_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/enums.h"

struct game;

/* The map: each side's orbat named as a file (orbat[side]) or, when
 * orbat is NULL, written inside the map.  header: comment lines (may be
 * NULL).  0, or -1 when the stream failed. */
int export_map(const struct game *g, FILE *out, const char *const orbat[SIDE_COUNT], const char *header);
/* One side's orbat file. */
int export_orbat(const struct game *g, enum side side, FILE *out, const char *header);
/* The whole scenario as text in memory, orbats inside (NULL when out of
 * memory); free() it. */
char *export_text(const struct game *g, const char *header);
/* NAME.cfg, NAME-A.cfg and NAME-B.cfg (NAME a path; a trailing .cfg is
 * dropped), each written to a temporary file and renamed into place.
 * 0 with the map's path in why, or -1 with why. */
int export_files(const struct game *g, const char *name, const char *header, char *why, size_t size);

/* A double in the fewest decimals (two at least) that read back as it. */
const char *export_number(double v, char buf[40]);

#endif
