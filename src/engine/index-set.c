/* SPDX-License-Identifier: GPL-3.0-or-later */
/* index-set: the sets of indices the spatial indexes answer with, and a
 * uniform grid's cell of a coordinate (inline, in the header). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "index-set.h"

void index_set_start(struct index_set *s)
{
	if (!s->idx) {
		s->idx = s->small;
		s->cap = INDEX_SET_SMALL;
	}
	s->n = 0;
}

void index_set_add(struct index_set *s, int i)
{
	if (!s->idx)
		index_set_start(s);
	if (s->n == s->cap) {
		int cap = 2 * s->cap;
		int *p = s->idx == s->small ? malloc((size_t)cap * sizeof *p) : realloc(s->idx, (size_t)cap * sizeof *p);
		if (!p)
			return;
		if (s->idx == s->small)
			memcpy(p, s->small, sizeof s->small);
		s->idx = p;
		s->cap = cap;
	}
	s->idx[s->n++] = i;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

void index_set_sort(struct index_set *s)
{
	/* Few (the usual answer): by insertion. */
	if (s->n > 24) {
		qsort(s->idx, (size_t)s->n, sizeof *s->idx, cmp_int);
		return;
	}
	for (int i = 1; i < s->n; i++) {
		int v = s->idx[i], j = i;
		for (; j > 0 && s->idx[j - 1] > v; j--)
			s->idx[j] = s->idx[j - 1];
		s->idx[j] = v;
	}
}

void index_set_free(struct index_set *s)
{
	if (s->idx && s->idx != s->small)
		free(s->idx);
	s->idx = NULL;
	s->n = s->cap = 0;
}
