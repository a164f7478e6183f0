/* SPDX-License-Identifier: GPL-3.0-or-later */
/* regions: the region table of random battles (data/regions.cfg, built
 * in, or a player's copy) from libconfig into the engine's dbm_table. */
#ifndef GROGNARD_REGIONS_H
#define GROGNARD_REGIONS_H

#include <stdbool.h>

#include "diag.h"
#include "engine/dbm.h"

/* data/regions.cfg, compiled in. */
extern const char default_regions_cfg[];
#define REGIONS_BUILTIN_NAME "(built-in region table)"

/* Load a table from a file, or from text in memory (name shown in
 * messages); every problem goes to d as path:line: message. */
bool regions_load_file(const char *path, struct dbm_table *t, struct diag *d);
bool regions_load_text(const char *text, const char *name, struct dbm_table *t, struct diag *d);
void regions_free(struct dbm_table *t);
/* The index of a region by its id, or -1. */
int regions_find(const struct dbm_table *t, const char *id);

#endif
