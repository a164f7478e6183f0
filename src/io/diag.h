/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diag: the problems a loader found, each "path:line: context: problem". */
#ifndef GROGNARD_DIAG_H
#define GROGNARD_DIAG_H

#include <stdio.h>

#if defined(__GNUC__)
#define DIAG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define DIAG_PRINTF(a, b)
#endif

struct diag {
	char **msg;
	int n;
};

void diag_add(struct diag *d, const char *path, int line, const char *fmt, ...) DIAG_PRINTF(4, 5);
void diag_print(const struct diag *d, FILE *out);
void diag_free(struct diag *d);

#endif
