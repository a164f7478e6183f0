/* SPDX-License-Identifier: GPL-3.0-or-later */
/* index-set: the sets of indices the spatial indexes answer with (units
 * for grid.c, features for terrain-index.c), and the cell arithmetic of
 * a uniform grid that both share. */
#ifndef GROGNARD_INDEX_SET_H
#define GROGNARD_INDEX_SET_H

#include <math.h>

/* Indices found by a query: a few in place, more on the heap.  Zeroed
 * before its first use; index_set_free when done. */
#define INDEX_SET_SMALL 64
struct index_set {
	int n, cap;
	int *idx;
	int small[INDEX_SET_SMALL];
};

/* Emptied for a query (keeping what it holds of the heap). */
void index_set_start(struct index_set *s);
/* One more index; out of memory, the set stays short (a caller asks for
 * no more than a battle's units or a map's features, which fit). */
void index_set_add(struct index_set *s, int i);
/* Into increasing order. */
void index_set_sort(struct index_set *s);
void index_set_free(struct index_set *s);

/* The cell of a grid of n cells of size cell that coordinate v falls in,
 * those off either end (or not a number) in the cell at that end (inline:
 * the indexes ask it in their inner loops). */
static inline int index_cell(double v, double cell, int n)
{
	double c = floor(v / cell);
	if (!(c >= 0)) /* negative, or not a number */
		return 0;
	return c >= n ? n - 1 : (int)c;
}

#endif
