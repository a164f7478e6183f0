/* SPDX-License-Identifier: GPL-3.0-or-later */
/* route: a grid over the table, each cell open or closed to a kind of
 * mover by the terrain rules (half-rate ground costing double), and the
 * shortest ways to a goal across it, so that the computer's units go
 * round what they cannot cross and find the fords and bridges. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/rules.h"
#include "engine/terrain.h"
#include "route.h"

#define CELL 2.0      /* cm */
#define FIELDS 24     /* distance fields kept */
#define REACH 1.25    /* half a stand: a cell this near closed ground is closed */
#define LOOK 30.0     /* how far along the way a waypoint may be (cm) */

struct field {
	int cls, gx, gy, version;
	float *dist;
	unsigned long used;
};

struct route_cache {
	const struct game *g;
	int nx, ny, version;
	double w, h;
	/* Per mover class: 0 open, 1 half rate, 2 closed; NULL until needed. */
	unsigned char *grid[TC_COUNT];
	struct field f[FIELDS];
	unsigned long tick;
};

struct route_cache *route_new(void)
{
	return calloc(1, sizeof(struct route_cache));
}

static void forget(struct route_cache *rc)
{
	for (int c = 0; c < TC_COUNT; c++) {
		free(rc->grid[c]);
		rc->grid[c] = NULL;
	}
	for (int i = 0; i < FIELDS; i++) {
		free(rc->f[i].dist);
		rc->f[i].dist = NULL;
	}
}

void route_free(struct route_cache *rc)
{
	if (!rc)
		return;
	forget(rc);
	free(rc);
}

static struct vec2 centre(int x, int y)
{
	return v2((x + 0.5) * CELL, (y + 0.5) * CELL);
}

/* Mark the cells near a feature (within REACH of it) as v, where they
 * are less than v (or, with force, whatever they were). */
static void mark(const struct route_cache *rc, unsigned char *grid, const struct feature *f, unsigned char v,
                 bool force)
{
	struct shape s = feature_shape(f);
	double box[4];
	geom_bounds(&s, box);
	for (int y = (int)fmax(0, floor((box[1] - REACH) / CELL)); y < rc->ny && y * CELL <= box[3] + REACH; y++)
		for (int x = (int)fmax(0, floor((box[0] - REACH) / CELL)); x < rc->nx && x * CELL <= box[2] + REACH; x++) {
			struct vec2 c = centre(x, y);
			struct shape cs = geom_circle(&c, REACH);
			unsigned char *cell = &grid[y * rc->nx + x];
			if ((force || *cell < v) && geom_distance(&cs, &s) <= 0)
				*cell = v;
		}
}

static unsigned char *grid_for(struct route_cache *rc, const struct game *g, enum tclass cls)
{
	unsigned char *grid;
	const struct map *m = &g->map;
	if (rc->g != g || rc->version != g->terrain_version || rc->w != m->width || rc->h != m->height) {
		forget(rc);
		rc->g = g;
		rc->version = g->terrain_version;
		rc->w = m->width;
		rc->h = m->height;
		rc->nx = (int)ceil(m->width / CELL);
		rc->ny = (int)ceil(m->height / CELL);
	}
	if (rc->grid[cls])
		return rc->grid[cls];
	if (!(grid = calloc((size_t)rc->nx * (size_t)rc->ny, 1)))
		return NULL;
	for (int i = 0; i < m->nf; i++) {
		const struct feature *f = &m->f[i];
		enum go go = rules_terrain[f->type].move[cls];
		if (f->type == TT_ROAD || f->type == TT_BRIDGE || f->type == TT_FORD || terrain_destroyed(f))
			continue;
		if (f->type == TT_ROUGH && f->impassable)
			go = GO_NO;
		if (go != GO_FREE)
			mark(rc, grid, f, go == GO_NO ? 2 : 1, false);
	}
	/* Where water may be crossed: at fords (waded as streams) and over
	 * bridges (a unit touching one is put across). */
	for (int i = 0; i < m->nf; i++) {
		const struct feature *f = &m->f[i];
		if ((f->type == TT_FORD || f->type == TT_BRIDGE) && !terrain_destroyed(f))
			mark(rc, grid, f, 1, true);
	}
	return rc->grid[cls] = grid;
}

static int cell_of(const struct route_cache *rc, struct vec2 p, int *x, int *y)
{
	*x = (int)floor(p.x / CELL);
	*y = (int)floor(p.y / CELL);
	if (*x < 0)
		*x = 0;
	if (*y < 0)
		*y = 0;
	if (*x >= rc->nx)
		*x = rc->nx - 1;
	if (*y >= rc->ny)
		*y = rc->ny - 1;
	return *y * rc->nx + *x;
}

/* A binary heap of cells by distance. */
struct heap {
	int *cell;
	int n;
	const float *key;
};

static void heap_push(struct heap *h, int c)
{
	int i = h->n++;
	h->cell[i] = c;
	while (i > 0 && h->key[h->cell[(i - 1) / 2]] > h->key[h->cell[i]]) {
		int p = (i - 1) / 2, t = h->cell[p];
		h->cell[p] = h->cell[i];
		h->cell[i] = t;
		i = p;
	}
}

static int heap_pop(struct heap *h)
{
	int top = h->cell[0], i = 0;
	h->cell[0] = h->cell[--h->n];
	for (;;) {
		int l = 2 * i + 1, r = l + 1, s = i, t;
		if (l < h->n && h->key[h->cell[l]] < h->key[h->cell[s]])
			s = l;
		if (r < h->n && h->key[h->cell[r]] < h->key[h->cell[s]])
			s = r;
		if (s == i)
			break;
		t = h->cell[s];
		h->cell[s] = h->cell[i];
		h->cell[i] = t;
		i = s;
	}
	return top;
}

/* Dijkstra from the goal over open cells (half-rate ones cost double). */
static float *distances(const struct route_cache *rc, const unsigned char *grid, int goal)
{
	static const int dx[8] = { 1, -1, 0, 0, 1, 1, -1, -1 }, dy[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };
	int n = rc->nx * rc->ny;
	float *dist = malloc((size_t)n * sizeof *dist);
	struct heap h = { .cell = malloc((size_t)n * 8 * sizeof(int)), .key = dist };
	if (!dist || !h.cell) {
		free(dist);
		free(h.cell);
		return NULL;
	}
	for (int i = 0; i < n; i++)
		dist[i] = INFINITY;
	dist[goal] = 0;
	heap_push(&h, goal);
	while (h.n > 0) {
		int c = heap_pop(&h), x = c % rc->nx, y = c / rc->nx;
		for (int k = 0; k < 8; k++) {
			int nx = x + dx[k], ny = y + dy[k], nc;
			float step;
			if (nx < 0 || ny < 0 || nx >= rc->nx || ny >= rc->ny)
				continue;
			nc = ny * rc->nx + nx;
			if (grid[nc] == 2)
				continue;
			step = (float)(CELL * (k < 4 ? 1.0 : M_SQRT2) * ((grid[nc] == 1) + (grid[c] == 1) + 2) / 2);
			if (dist[c] + step < dist[nc] && h.n < n * 8) {
				dist[nc] = dist[c] + step;
				heap_push(&h, nc);
			}
		}
	}
	free(h.cell);
	return dist;
}

static const float *field_for(struct route_cache *rc, const unsigned char *grid, enum tclass cls, int goal)
{
	struct field *f = NULL, *old = &rc->f[0];
	rc->tick++;
	for (int i = 0; i < FIELDS; i++) {
		struct field *e = &rc->f[i];
		if (e->dist && e->cls == (int)cls && e->gx == goal) {
			e->used = rc->tick;
			return e->dist;
		}
		if (!e->dist || e->used < old->used)
			old = e;
	}
	f = old;
	free(f->dist);
	f->dist = distances(rc, grid, goal);
	f->cls = cls;
	f->gx = goal;
	f->used = rc->tick;
	return f->dist;
}

/* Is every cell along the straight line from a to b open? */
static bool clear_line(const struct route_cache *rc, const unsigned char *grid, struct vec2 a, struct vec2 b)
{
	double len = v2_dist(a, b);
	for (double t = 0; t <= len; t += CELL / 2) {
		int x, y, c = cell_of(rc, v2_add(a, v2_scale(v2_sub(b, a), len > 0 ? t / len : 0)), &x, &y);
		if (grid[c] == 2)
			return false;
	}
	return true;
}

struct vec2 route_waypoint(struct route_cache *rc, const struct game *g, const struct unit *u,
                           struct vec2 target)
{
	enum tclass cls = unit_is_artillery(u) ? TC_ART_LIMBERED : terrain_class(u, false);
	const unsigned char *grid;
	const float *dist;
	int x, y, here, goal, gx, gy;
	struct vec2 best = target, p;
	double along = 0;

	if (!rc || !(grid = grid_for(rc, g, cls)) || clear_line(rc, grid, u->pos, target))
		return target;
	goal = cell_of(rc, target, &gx, &gy);
	if (!(dist = field_for(rc, grid, cls, goal)))
		return target;
	here = cell_of(rc, u->pos, &x, &y);
	/* Standing on closed ground (a bank, a bridge's end): from the best
	 * open cell next to it. */
	if (!isfinite(dist[here])) {
		float bd = INFINITY;
		for (int dy = -2; dy <= 2; dy++)
			for (int dx = -2; dx <= 2; dx++) {
				int nx = x + dx, ny = y + dy;
				if (nx >= 0 && ny >= 0 && nx < rc->nx && ny < rc->ny && dist[ny * rc->nx + nx] < bd) {
					bd = dist[ny * rc->nx + nx];
					here = ny * rc->nx + nx;
				}
			}
		if (!isfinite(bd))
			return target;
	}
	/* Down the field; the last point seen in a straight line is the
	 * waypoint. */
	p = u->pos;
	for (int step = 0; step < 400 && here != goal && along < LOOK; step++) {
		int cx = here % rc->nx, cy = here / rc->nx, next = here;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int nx = cx + dx, ny = cy + dy;
				if (nx >= 0 && ny >= 0 && nx < rc->nx && ny < rc->ny && dist[ny * rc->nx + nx] < dist[next])
					next = ny * rc->nx + nx;
			}
		if (next == here)
			break;
		along += v2_dist(centre(here % rc->nx, here / rc->nx), centre(next % rc->nx, next / rc->nx));
		here = next;
		p = centre(here % rc->nx, here / rc->nx);
		if (clear_line(rc, grid, u->pos, p))
			best = p;
		else if (best.x != target.x || best.y != target.y)
			break;
	}
	if (best.x == target.x && best.y == target.y)
		best = p;
	return best;
}
