/* SPDX-License-Identifier: GPL-3.0-or-later */
/* load-rules: rules files (rules/mininap.cfg and its variants) loaded,
 * checked and made the rules in force. */
#ifndef GROGNARD_LOAD_RULES_H
#define GROGNARD_LOAD_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "engine/rules.h"

/* The game's own rules: rules/mininap.cfg, compiled in as this text. */
extern const char default_rules_cfg[];
#define RULES_DEFAULT "mininap.cfg"
#define RULES_BUILTIN_NAME "(built-in rules/mininap.cfg)"

/* Load rules named as a scenario or a variant names them (a path, or a
 * name in a rules/ folder: see paths_find_rules; from is the file that
 * names them, or NULL for the command line), with the bases they name.
 * The default name falls back on the built-in text when no file is
 * found.  On any problem: false, with every problem in d. */
bool rules_load(const char *name, const char *from, struct rules *r, struct diag *d);
/* Where named rules are: true with their path in out, or with out empty
 * for the built-in text (the default name, when no file is found). */
bool rules_find(const char *name, const char *from, char *out, size_t size);
/* The same from text in memory, shown under the name given. */
bool rules_load_text(const char *text, const char *shown, struct rules *r, struct diag *d);

/* Every number of a set of rules as canonical text (one key a line, as
 * a rules file would give it), to compare and to checksum; the caller
 * frees it.  NULL when out of memory. */
char *rules_text(const struct rules *r);
/* FNV-1a of rules_text: what a save records of the rules it was played
 * under. */
uint64_t rules_checksum(const struct rules *r);

/* Make a set the rules in force, under the name it was loaded by. */
void rules_use(const struct rules *r, const char *name);
/* The name and checksum of the rules in force (the built-in rules if
 * none were installed yet). */
const char *rules_used_name(void);
uint64_t rules_used_sum(void);
/* Load the named rules and make them the rules in force (the default
 * when name is NULL). */
bool rules_select(const char *name, const char *from, struct diag *d);
/* The built-in rules made the rules in force (a program's start, tests);
 * false only if the compiled-in text is broken. */
bool rules_use_builtin(void);

/* For what is laid out at the scenarios' scale (random battles): the
 * rules in force with every distance divided by their scale, until
 * rules_rescale() puts them back as they were.  False: out of memory. */
bool rules_unscale(void);
void rules_rescale(void);

/* --rules: rules that every scenario loaded from now on plays under,
 * whatever it names (NULL: each its own). */
void rules_set_override(const char *name);
const char *rules_override(void);

/* Whether a libconfig root looks like a rules file (for --check). */
struct config_setting_t;
bool rules_looks_like(const struct config_setting_t *root);

#endif
