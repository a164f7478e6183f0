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

/* Few (the usual answer): by insertion. */
static void insertion_sort(int *v, int n)
{
	for (int i = 1; i < n; i++) {
		int x = v[i], j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Many: by their bytes, least significant first, up to the highest byte
 * any of them has (indices are never negative).  Any sort of ints gives
 * the same answer: this one is quicker than qsort's. */
static void radix_sort(int *v, int n)
{
	unsigned small[256], *tmp = n <= 256 ? small : malloc((size_t)n * sizeof *tmp);
	unsigned all_or = 0;
	unsigned *from = (unsigned *)v, *to = tmp;
	if (!tmp) {
		/* Out of memory: by insertion, slowly but surely. */
		insertion_sort(v, n);
		return;
	}
	for (int i = 0; i < n; i++)
		all_or |= from[i];
	for (int shift = 0; shift < 32 && (all_or >> shift); shift += 8) {
		int count[257] = { 0 };
		for (int i = 0; i < n; i++)
			count[((from[i] >> shift) & 255) + 1]++;
		for (int k = 0; k < 256; k++)
			count[k + 1] += count[k];
		for (int i = 0; i < n; i++)
			to[count[(from[i] >> shift) & 255]++] = from[i];
		unsigned *t = from;
		from = to;
		to = t;
	}
	if (from != (unsigned *)v)
		memcpy(v, from, (size_t)n * sizeof *v);
	if (tmp != small)
		free(tmp);
}

void index_set_sort(struct index_set *s)
{
	if (s->n > 24)
		radix_sort(s->idx, s->n);
	else
		insertion_sort(s->idx, s->n);
}

void index_set_free(struct index_set *s)
{
	if (s->idx && s->idx != s->small)
		free(s->idx);
	s->idx = NULL;
	s->n = s->cap = 0;
}
