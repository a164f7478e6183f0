/* SPDX-License-Identifier: GPL-3.0-or-later */
/* conf: typed, checked access to libconfig settings; every problem goes to
 * the diag list as "path:line: context: problem". */
#ifndef GROGNARD_CONF_H
#define GROGNARD_CONF_H

#include <libconfig.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "engine/enums.h"
#include "engine/geom.h"

struct conf {
	const char *path; /* shown in messages */
	struct diag *diag;
	int errors;       /* problems found in this file */
	uint64_t *sum;    /* when set, every text read is folded into it
	                     (conf_checksum_add): what a scenario is built from */
};

int conf_line(const config_setting_t *s);
void conf_error(struct conf *c, const config_setting_t *s, const char *ctx,
                const char *fmt, ...) DIAG_PRINTF(4, 5);

/* Read a file or a string; on a syntax error, a number libconfig cannot
 * hold, or an @include, report it and return false. */
bool conf_read_file(struct conf *c, config_t *cfg, const char *path);
bool conf_read_string(struct conf *c, config_t *cfg, const char *text);
/* The whole of an open file, NUL-terminated (length in *len), or NULL. */
char *conf_read_all(FILE *f, size_t *len);
/* The whole of a file (NUL-terminated, its length in len), or NULL. */
char *conf_slurp(const char *path, size_t *len);
/* A checksum of texts (FNV-1a, 64 bits), to notice a changed scenario:
 * start from CONF_CHECKSUM_START and add each text in turn. */
#define CONF_CHECKSUM_START 0xcbf29ce484222325ULL
uint64_t conf_checksum_add(uint64_t sum, const char *text, size_t len);

/* Report every member of a group whose name is not in keys (NULL-ended). */
void conf_known_keys(struct conf *c, const config_setting_t *group,
                     const char *ctx, const char *const *keys);
/* The group must be a group (or a list element group). */
bool conf_is_group(struct conf *c, const config_setting_t *s, const char *ctx,
                   const char *what);

/* Getters: return true when the key is present and valid.  A missing key is
 * an error only when required; a present key of the wrong type or out of
 * range always is. */
bool conf_string(struct conf *c, const config_setting_t *g, const char *key,
                 const char *ctx, bool required, char *out, size_t size);
bool conf_number(struct conf *c, const config_setting_t *g, const char *key,
                 const char *ctx, bool required, double lo, double hi,
                 double *out);
bool conf_int(struct conf *c, const config_setting_t *g, const char *key,
              const char *ctx, bool required, int lo, int hi, int *out);
bool conf_bool(struct conf *c, const config_setting_t *g, const char *key,
               const char *ctx, bool *out);
bool conf_enum(struct conf *c, const config_setting_t *g, const char *key,
               const char *ctx, bool required, const struct enum_name *t,
               int n, const int *skip, int *out);
/* A list or array of [x, y] points. */
bool conf_points(struct conf *c, const config_setting_t *g, const char *key,
                 const char *ctx, int min, struct vec2 **out, int *n);

/* A short id: letters, digits, '_', '-', '.', at most 15 characters. */
bool conf_id(struct conf *c, const config_setting_t *g, const char *key,
             const char *ctx, bool required, char *out, size_t size);

#endif
