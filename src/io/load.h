/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load: orders of battle and scenarios from libconfig files into a game. */
#ifndef GROGNARD_LOAD_H
#define GROGNARD_LOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "engine/enums.h"

struct game;

enum load_kind { LK_UNKNOWN, LK_MAP, LK_ORBAT, LK_REGIONS, LK_RULES };

/* Load a scenario (a map with its two orbats) and start the battle.  On any
 * problem: NULL, with every problem in d. */
struct game *load_scenario_file(const char *path, uint64_t seed, struct diag *d);
/* The same from text in memory (the built-in battle); name is shown in
 * messages in place of a path. */
struct game *load_scenario_text(const char *text, const char *name,
                                uint64_t seed, struct diag *d);
/* Validate any data file; *kind says what it was. */
bool load_check(const char *path, struct diag *d, enum load_kind *kind);

#endif
