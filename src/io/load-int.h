/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load-int: what the orbat and map loaders share. */
#ifndef GROGNARD_LOAD_INT_H
#define GROGNARD_LOAD_INT_H

#include <libconfig.h>
#include <stdbool.h>

#include "conf.h"
#include "engine/enums.h"
#include "engine/unit.h"

struct game;

/* An id claimed, and where: the file (an index into the loader's paths)
 * and line of its first use. */
struct id_seen {
	char id[ID_LEN];
	int path, line;
};

struct loader {
	struct game *g;
	struct diag *d;
	/* Ids claimed so far, found by a hash table (slots hold index + 1, 0
	 * empty), so that a large orbat loads in linear time. */
	struct id_seen *ids;
	int nids, capids;
	int *slots;
	int nslots;
	char **paths;
	int npaths;
	/* The orbat files named so far by the map, each usable once. */
	char **orbats;
	int norbats;
};

/* Every id (corps, division, brigade, unit) is unique in a battle. */
bool loader_claim_id(struct loader *l, struct conf *c, const config_setting_t *s,
                     const char *ctx, const char *id);
void loader_free(struct loader *l);

/* The keys at the top of an orbat file. */
extern const char *const loader_orbat_keys[];

/* Read one side's order of battle (the root of an orbat file, or a group
 * inside a map) into the game. */
bool load_orbat_setting(struct loader *l, struct conf *c,
                        const config_setting_t *root, enum side side);

#endif
