/* SPDX-License-Identifier: GPL-3.0-or-later */
/* terrain-index: the spatial index of a map's features (a uniform grid,
 * each cell listing the features whose bounds reach it: an area feature
 * by its box, a linear one segment by segment, with its half-width), made
 * by map_finish; a query answers the features near a box in feature
 * order, or every feature when the map has changed since. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "terrain.h"

/* Cells about as wide as a village; a huge table gets wider cells rather
 * than more than FEATURE_MAX_CELLS of them. */
#define FEATURE_CELL 16.0
#define FEATURE_MAX_CELLS (1 << 18)

struct feature_index {
	/* What it was made for: a map whose features or table changed since
	 * is not answered from it. */
	const struct feature *f;
	int nf;
	double width, height;
	double cell;
	int nx, ny;
	int *start;        /* cell c's features: item[start[c]] to item[start[c + 1] - 1], in order */
	int *item;
	unsigned *stamp;   /* per feature: the query that last took it */
	unsigned query;
};

void terrain_index_free(struct feature_index *x)
{
	if (!x)
		return;
	free(x->start);
	free(x->item);
	free(x->stamp);
	free(x);
}

/* Each box a feature reaches the cells of: its own, or each segment's
 * for a linear feature (widened by half its width); k says which. */
static int boxes_of(const struct feature *f)
{
	return feature_is_linear(f->type) && f->n > 1 ? f->n - 1 : 1;
}

static void box_of(const struct feature *f, int k, double b[4])
{
	if (feature_is_linear(f->type) && f->n > 1) {
		struct vec2 p = f->pts[k], q = f->pts[k + 1];
		double r = f->width / 2;
		b[0] = fmin(p.x, q.x) - r, b[1] = fmin(p.y, q.y) - r;
		b[2] = fmax(p.x, q.x) + r, b[3] = fmax(p.y, q.y) + r;
		return;
	}
	memcpy(b, f->box, 4 * sizeof *b);
	if (feature_is_linear(f->type))
		for (int i = 0; i < 4; i++)
			b[i] += (i < 2 ? -1 : 1) * f->width / 2;
}

/* Every cell of every box of every feature, in feature order: counted
 * (item NULL) or filed (count[c] the next free place of cell c). */
static void file_all(const struct feature_index *x, const struct map *m, int *count, int *item)
{
	for (int i = 0; i < m->nf; i++) {
		const struct feature *f = &m->f[i];
		int last = -1;
		for (int k = 0; k < boxes_of(f); k++) {
			double b[4];
			box_of(f, k, b);
			for (int cy = index_cell(b[1], x->cell, x->ny); cy <= index_cell(b[3], x->cell, x->ny); cy++)
				for (int cx = index_cell(b[0], x->cell, x->nx); cx <= index_cell(b[2], x->cell, x->nx); cx++) {
					int c = cy * x->nx + cx;
					/* (The cell just filed is not filed again for the
					 * next segment; other repeats the query passes over.) */
					if (last == c)
						continue;
					if (item)
						item[count[c]++] = i;
					else
						count[c]++;
					last = c;
				}
		}
	}
}

struct feature_index *terrain_index_new(const struct map *m)
{
	struct feature_index *x = calloc(1, sizeof *x);
	double w = fmax(m->width, 1), h = fmax(m->height, 1);
	int *count, ncells;
	bool ok;
	if (!x)
		return NULL;
	for (int i = 0; i < m->nf; i++)
		if (!m->f[i].boxed) {
			free(x);
			return NULL; /* bounds unknown: every query looks at every feature */
		}
	x->f = m->f;
	x->nf = m->nf;
	x->width = m->width;
	x->height = m->height;
	x->cell = FEATURE_CELL;
	while ((w / x->cell + 1) * (h / x->cell + 1) > FEATURE_MAX_CELLS)
		x->cell *= 2;
	x->nx = (int)ceil(w / x->cell);
	x->ny = (int)ceil(h / x->cell);
	ncells = x->nx * x->ny;
	count = calloc((size_t)ncells + 1, sizeof *count);
	x->start = calloc((size_t)ncells + 1, sizeof *x->start);
	x->stamp = calloc((size_t)m->nf + 1, sizeof *x->stamp);
	ok = count && x->start && x->stamp;
	if (ok) {
		file_all(x, m, count, NULL);
		for (int c = 0; c < ncells; c++)
			x->start[c + 1] = x->start[c] + count[c];
		ok = (x->item = malloc(((size_t)x->start[ncells] + 1) * sizeof *x->item)) != NULL;
	}
	if (ok) {
		memcpy(count, x->start, (size_t)ncells * sizeof *count);
		file_all(x, m, count, x->item);
	}
	free(count);
	if (!ok) {
		terrain_index_free(x);
		return NULL;
	}
	return x;
}

void terrain_features_box(const struct map *m, const double box[4], double margin, struct index_set *out)
{
	struct feature_index *x = m->index;
	double lo_x = box[0] - margin, lo_y = box[1] - margin, hi_x = box[2] + margin, hi_y = box[3] + margin;
	index_set_start(out);
	if (!x || x->f != m->f || x->nf != m->nf || x->width != m->width || x->height != m->height) {
		for (int i = 0; i < m->nf; i++)
			index_set_add(out, i);
		return;
	}
	if (++x->query == 0) {
		memset(x->stamp, 0, (size_t)x->nf * sizeof *x->stamp);
		x->query = 1;
	}
	for (int cy = index_cell(lo_y, x->cell, x->ny); cy <= index_cell(hi_y, x->cell, x->ny); cy++)
		for (int cx = index_cell(lo_x, x->cell, x->nx); cx <= index_cell(hi_x, x->cell, x->nx); cx++) {
			int c = cy * x->nx + cx;
			for (int k = x->start[c]; k < x->start[c + 1]; k++) {
				int i = x->item[k];
				if (x->stamp[i] == x->query)
					continue;
				x->stamp[i] = x->query;
				index_set_add(out, i);
			}
		}
	index_set_sort(out);
}
