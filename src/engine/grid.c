/* SPDX-License-Identifier: GPL-3.0-or-later */
/* grid: a uniform grid of the units' centres over the table, each cell a
 * list of each side's units filed in it; a query gathers the cells round a box,
 * keeps the units whose centres could put their footprints within reach,
 * and sorts them into unit order. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "grid.h"

/* Cells about as wide as two of the largest footprints: a query for
 * contact looks at a block of 2 x 2 or 3 x 3 cells.  A huge table gets
 * wider cells rather than more than GRID_MAX_CELLS of them. */
#define GRID_CELL 8.0
#define GRID_MAX_CELLS (1 << 20)

struct grid {
	int n;                /* units filed (the game's count when built) */
	double width, height; /* the table it was built for */
	double cell;
	int nx, ny;
	double reach;         /* the largest footprint's half-diagonal */
	/* Each cell keeps a list of each side's units (so that a look for
	 * enemies passes over no friends): side s's list of cell c is list
	 * s * nx * ny + c. */
	int *head;            /* per list: its first unit, or -1 */
	int *next, *prev;     /* per unit: its neighbours in its list */
	int *cell_of;         /* per unit: its list */
	struct vec2 *at;      /* where each unit was filed */
	int held;             /* > 0: the engine reports every move */
	int misses;           /* GRID_CHECK: held queries that found it stale */
	/* The units charging over a bridge (bridge set), in unit order: in
	 * contact with the enemy there however far apart they stand. */
	int *bridged, nbridged;
	/* The units of each brigade and of each division, in unit order:
	 * brigade b's are bunit[bstart[b]] to bunit[bstart[b + 1] - 1]. */
	int mn, mb, md; /* the counts of units, brigades, divisions they are for */
	int *bstart, *bunit, *dstart, *dunit;
};

double grid_reach(void)
{
	double r = 0;
	for (int t = 0; t < UT_COUNT; t++)
		for (int f = 0; f < FORM_COUNT; f++) {
			double w, d;
			formation_size((enum unit_type)t, (enum formation)f, &w, &d);
			r = fmax(r, hypot(w, d) / 2);
		}
	return r;
}

static int cell_at(const struct grid *gr, struct vec2 p)
{
	return index_cell(p.y, gr->cell, gr->ny) * gr->nx + index_cell(p.x, gr->cell, gr->nx);
}

/* The side whose lists a unit is filed in (a side out of range: A's). */
static int side_list(const struct unit *u)
{
	return (unsigned)u->side < SIDE_COUNT ? (int)u->side : 0;
}

/* The list of a unit of that side standing at p. */
static int list_at(const struct grid *gr, int side, struct vec2 p)
{
	return side * gr->nx * gr->ny + cell_at(gr, p);
}

/* Is a unit filed where it stands?  (A unit's list is always the one of
 * where it was filed, on its side's lists: a unit never changes side, as
 * it never changes brigade, so the passes over every unit look at its
 * place only.) */
static bool filed_as(const struct grid *gr, int i, const struct unit *u)
{
	return u->pos.x == gr->at[i].x && u->pos.y == gr->at[i].y;
}

static void unlink_unit(struct grid *gr, int i)
{
	int c = gr->cell_of[i];
	if (c < 0)
		return;
	if (gr->prev[i] >= 0)
		gr->next[gr->prev[i]] = gr->next[i];
	else
		gr->head[c] = gr->next[i];
	if (gr->next[i] >= 0)
		gr->prev[gr->next[i]] = gr->prev[i];
	gr->cell_of[i] = -1;
}

static void file_unit(struct grid *gr, int i, const struct unit *u)
{
	struct vec2 p = u->pos;
	int c = list_at(gr, side_list(u), p);
	gr->at[i] = p;
	if (gr->cell_of[i] == c)
		return;
	unlink_unit(gr, i);
	gr->cell_of[i] = c;
	gr->prev[i] = -1;
	gr->next[i] = gr->head[c];
	if (gr->head[c] >= 0)
		gr->prev[gr->head[c]] = i;
	gr->head[c] = i;
}

static void drop_cells(struct grid *gr)
{
	free(gr->head);
	free(gr->next);
	free(gr->prev);
	free(gr->cell_of);
	free(gr->at);
	free(gr->bridged);
	gr->bridged = NULL;
	gr->nbridged = 0;
	gr->head = gr->next = gr->prev = gr->cell_of = NULL;
	gr->at = NULL;
	gr->n = 0;
}

struct grid *grid_new(void)
{
	return calloc(1, sizeof(struct grid));
}

static void drop_members(struct grid *gr)
{
	free(gr->bstart);
	free(gr->bunit);
	free(gr->dstart);
	free(gr->dunit);
	gr->bstart = gr->bunit = gr->dstart = gr->dunit = NULL;
}

void grid_free(struct grid *gr)
{
	if (!gr)
		return;
	drop_cells(gr);
	drop_members(gr);
	free(gr);
}

static void list_bridged(const struct game *g, struct grid *gr)
{
	gr->nbridged = 0;
	for (int i = 0; i < gr->n; i++)
		if (g->units[i].bridge)
			gr->bridged[gr->nbridged++] = i;
}

/* Build the cells for the game's table and units; false when out of
 * memory (queries then fall back to every unit). */
static bool build(const struct game *g, struct grid *gr)
{
	double w = fmax(g->map.width, 1), h = fmax(g->map.height, 1);
	drop_cells(gr);
	gr->cell = GRID_CELL;
	while ((w / gr->cell + 1) * (h / gr->cell + 1) > GRID_MAX_CELLS)
		gr->cell *= 2;
	gr->nx = (int)ceil(w / gr->cell);
	gr->ny = (int)ceil(h / gr->cell);
	gr->width = g->map.width;
	gr->height = g->map.height;
	gr->reach = grid_reach();
	gr->head = malloc((size_t)gr->nx * (size_t)gr->ny * SIDE_COUNT * sizeof *gr->head);
	gr->next = malloc(((size_t)g->nunits + 1) * sizeof *gr->next);
	gr->prev = malloc(((size_t)g->nunits + 1) * sizeof *gr->prev);
	gr->cell_of = malloc(((size_t)g->nunits + 1) * sizeof *gr->cell_of);
	gr->at = malloc(((size_t)g->nunits + 1) * sizeof *gr->at);
	gr->bridged = malloc(((size_t)g->nunits + 1) * sizeof *gr->bridged);
	if (!gr->head || !gr->next || !gr->prev || !gr->cell_of || !gr->at || !gr->bridged) {
		drop_cells(gr);
		return false;
	}
	for (int c = 0; c < gr->nx * gr->ny * SIDE_COUNT; c++)
		gr->head[c] = -1;
	gr->n = g->nunits;
	/* Filed last to first, so that each cell's list runs in unit order
	 * (not needed: queries sort; but it keeps small sorts cheap). */
	for (int i = gr->n - 1; i >= 0; i--) {
		gr->cell_of[i] = -1;
		file_unit(gr, i, &g->units[i]);
	}
	list_bridged(g, gr);
	return true;
}

/* The grid, built and up to date with the game's units; NULL when it
 * cannot be built. */
static struct grid *ready(const struct game *g)
{
	struct grid *gr = g->grid;
	if (!gr)
		return NULL;
	if (!gr->head || gr->n != g->nunits || gr->width != g->map.width || gr->height != g->map.height) {
		if (!build(g, gr))
			return NULL;
		return gr;
	}
	if (gr->held > 0) {
#ifdef GRID_CHECK
		/* A build for checking that every mover while held files what
		 * it moves (see HACKING). */
		if (grid_stale(g))
			gr->misses++;
#endif
		return gr;
	}
	gr->nbridged = 0;
	for (int i = 0; i < gr->n; i++) {
		const struct unit *u = &g->units[i];
		if (!filed_as(gr, i, u))
			file_unit(gr, i, u);
		if (u->bridge)
			gr->bridged[gr->nbridged++] = i;
	}
	return gr;
}

/* A unit a query keeps: any (foes_of < 0), or an active unit of the side
 * other than foes_of. */
static bool kept(const struct game *g, int i, int foes_of)
{
	return foes_of < 0 || (g->units[i].side != (enum side)foes_of && g->units[i].state == US_ACTIVE);
}

/* The units a query for a box finds (grid_units_box), less those it
 * does not keep. */
static void gather(const struct game *g, const double box[4], double margin, int foes_of, struct index_set *out)
{
	struct grid *gr = ready(g);
	double lo_x, lo_y, hi_x, hi_y;
	index_set_start(out);
	if (!gr) {
		for (int i = 0; i < g->nunits; i++)
			if (kept(g, i, foes_of))
				index_set_add(out, i);
		return;
	}
	/* Slightly more than the reach: a test at the limit never misses. */
	margin += gr->reach + 1e-6;
	lo_x = box[0] - margin, lo_y = box[1] - margin, hi_x = box[2] + margin, hi_y = box[3] + margin;
	{
		int cx0 = index_cell(lo_x, gr->cell, gr->nx), cx1 = index_cell(hi_x, gr->cell, gr->nx);
		int cy0 = index_cell(lo_y, gr->cell, gr->ny), cy1 = index_cell(hi_y, gr->cell, gr->ny);
		for (int s = 0; s < SIDE_COUNT; s++) {
			const int *head = gr->head + s * gr->nx * gr->ny;
			if (s == foes_of)
				continue;
			for (int cy = cy0; cy <= cy1; cy++)
				for (int cx = cx0; cx <= cx1; cx++)
					for (int i = head[cy * gr->nx + cx]; i >= 0; i = gr->next[i]) {
						struct vec2 p = gr->at[i];
						if (p.x >= lo_x && p.x <= hi_x && p.y >= lo_y && p.y <= hi_y && kept(g, i, foes_of))
							index_set_add(out, i);
					}
		}
	}
	index_set_sort(out);
}

void grid_units_box(const struct game *g, const double box[4], double margin, struct index_set *out)
{
	gather(g, box, margin, -1, out);
}

void grid_units_shape(const struct game *g, const struct shape *s, double margin, struct index_set *out)
{
	double box[4];
	geom_bounds(s, box);
	grid_units_box(g, box, margin, out);
}

/* Round a unit's footprint: every unit, or (foes) the active enemies. */
static void near_unit(const struct game *g, int unit, double margin, bool foes, struct index_set *out)
{
	const struct unit *u = &g->units[unit];
	double r = unit_radius(u);
	double box[4] = { u->pos.x - r, u->pos.y - r, u->pos.x + r, u->pos.y + r };
	gather(g, box, margin, foes ? (int)u->side : -1, out);
}

void grid_units_near(const struct game *g, int unit, double margin, struct index_set *out)
{
	near_unit(g, unit, margin, false, out);
}

void grid_foes_near(const struct game *g, int unit, double margin, struct index_set *out)
{
	near_unit(g, unit, margin, true, out);
}

static void contacts(const struct game *g, int unit, bool foes, struct index_set *out)
{
	const struct unit *u = &g->units[unit];
	struct grid *gr;
	bool more = false;
	near_unit(g, unit, GEOM_CONTACT, foes, out);
	if (!(gr = g->grid) || !gr->head)
		return; /* every unit is in already */
	if (u->bridge && u->bridge_foe >= 0 && u->bridge_foe < g->nunits) {
		index_set_add(out, u->bridge_foe);
		more = true;
	}
	for (int k = 0; k < gr->nbridged; k++)
		if (g->units[gr->bridged[k]].bridge_foe == unit) {
			index_set_add(out, gr->bridged[k]);
			more = true;
		}
	if (more) {
		int n = 0;
		index_set_sort(out);
		for (int k = 0; k < out->n; k++)
			if (n == 0 || out->idx[n - 1] != out->idx[k])
				out->idx[n++] = out->idx[k];
		out->n = n;
	}
}

void grid_contacts(const struct game *g, int unit, struct index_set *out)
{
	contacts(g, unit, false, out);
}

void grid_foe_contacts(const struct game *g, int unit, struct index_set *out)
{
	contacts(g, unit, true, out);
}

void grid_bridges_changed(const struct game *g)
{
	if (g->grid && g->grid->head && g->grid->n == g->nunits)
		list_bridged(g, g->grid);
}

/* Candidates for the nearest enemy: a unit and a lower bound of its
 * distance (the centres' distance less both half-diagonals). */
struct nearest {
	const struct game *g;
	const struct unit *u;
	double ru, bd, limit;
	int best;
	struct cand {
		int i;
		double lb;
	} small[64], *c;
	int n, cap;
};

static void cand_add(struct nearest *k, int i)
{
	const struct unit *o = &k->g->units[i];
	double lb;
	if (o->side == k->u->side || !unit_present(o))
		return;
	lb = v2_dist(k->u->pos, o->pos) - k->ru - unit_radius(o);
	if (lb - 1e-6 > fmin(k->bd, k->limit))
		return;
	if (k->n == k->cap) {
		int cap = 2 * k->cap;
		struct cand *p = k->c == k->small ? malloc((size_t)cap * sizeof *p) : realloc(k->c, (size_t)cap * sizeof *p);
		if (!p) {
			/* Measured at once instead of later: the same answer. */
			double d = game_unit_distance(k->u, o);
			if (d < k->bd || (d == k->bd && i < k->best)) {
				k->bd = d;
				k->best = i;
			}
			return;
		}
		if (k->c == k->small)
			memcpy(p, k->small, sizeof k->small);
		k->c = p;
		k->cap = cap;
	}
	k->c[k->n++] = (struct cand){ i, lb };
}

static int cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	return (x->lb > y->lb) - (x->lb < y->lb);
}

/* Measure the candidates gathered, the likeliest first, each that could
 * be nearer than the best so far (or as near and before it). */
static void cand_measure(struct nearest *k)
{
	qsort(k->c, (size_t)k->n, sizeof *k->c, cmp_cand);
	for (int q = 0; q < k->n && k->c[q].lb - 1e-6 <= fmin(k->bd, k->limit); q++) {
		int i = k->c[q].i;
		double d = game_unit_distance(k->u, &k->g->units[i]);
		if (d < k->bd || (d == k->bd && i < k->best)) {
			k->bd = d;
			k->best = i;
		}
	}
	k->n = 0;
}

int grid_nearest_enemy(const struct game *g, const struct unit *u, double *dist)
{
	return grid_nearest_enemy_within(g, u, INFINITY, dist);
}

int grid_nearest_enemy_within(const struct game *g, const struct unit *u, double limit, double *dist)
{
	struct grid *gr = ready(g);
	struct nearest k = { .g = g, .u = u, .ru = unit_radius(u), .bd = INFINITY, .limit = limit, .best = -1, .cap = 64 };
	double box[4] = { u->pos.x - k.ru, u->pos.y - k.ru, u->pos.x + k.ru, u->pos.y + k.ru };
	k.c = k.small;
	if (!gr || !(box[0] >= 0 && box[1] >= 0 && box[2] <= g->map.width && box[3] <= g->map.height)) {
		for (int i = 0; i < g->nunits; i++)
			cand_add(&k, i);
		cand_measure(&k);
	} else {
		/* Ring after ring of cells round the unit's: a unit filed in ring
		 * r + 1 or beyond stands at least r cells from the unit's box,
		 * less its reach. */
		int cx0 = index_cell(box[0], gr->cell, gr->nx), cx1 = index_cell(box[2], gr->cell, gr->nx);
		int cy0 = index_cell(box[1], gr->cell, gr->ny), cy1 = index_cell(box[3], gr->cell, gr->ny);
		for (int r = 0;; r++) {
			int x0 = cx0 - r, x1 = cx1 + r, y0 = cy0 - r, y1 = cy1 + r;
			for (int cy = y0 > 0 ? y0 : 0; cy <= y1 && cy < gr->ny; cy++)
				for (int cx = x0 > 0 ? x0 : 0; cx <= x1 && cx < gr->nx; cx++) {
					if (cy != y0 && cy != y1 && cx != x0 && cx != x1)
						cx = x1 - 1; /* inside: an earlier ring's */
					else
						for (int s = 0; s < SIDE_COUNT; s++)
							if (s != (int)u->side) /* friends are never the nearest enemy */
								for (int i = gr->head[s * gr->nx * gr->ny + cy * gr->nx + cx]; i >= 0;
								     i = gr->next[i])
									cand_add(&k, i);
				}
			cand_measure(&k);
			if (fmin(k.bd, limit) < r * gr->cell - gr->reach - 1e-6 ||
			    (x0 <= 0 && y0 <= 0 && x1 >= gr->nx - 1 && y1 >= gr->ny - 1))
				break;
		}
	}
	if (k.c != k.small)
		free(k.c);
	if (k.bd > limit) {
		k.bd = INFINITY;
		k.best = -1;
	}
	if (dist)
		*dist = k.bd;
	return k.best;
}

void grid_hold(const struct game *g)
{
	struct grid *gr = ready(g);
	if (gr)
		gr->held++;
}

void grid_release(const struct game *g)
{
	if (g->grid && g->grid->held > 0)
		g->grid->held--;
}

int grid_held(const struct game *g)
{
	return g->grid ? g->grid->held : 0;
}

void grid_set_held(const struct game *g, int depth)
{
	struct grid *gr = g->grid;
	if (!gr)
		return;
	gr->held = 0;
	if (depth > 0 && ready(g))
		gr->held = depth;
}

void grid_moved(const struct game *g, int unit)
{
	struct grid *gr = g->grid;
	if (gr && gr->head && unit >= 0 && unit < gr->n)
		file_unit(gr, unit, &g->units[unit]);
}

void grid_refile(const struct game *g)
{
	struct grid *gr = g->grid;
	if (!gr || !gr->head || gr->n != g->nunits)
		return;
	/* A unit still where it was filed is in its list already: most of a
	 * restored snapshot's units never moved. */
	for (int i = 0; i < gr->n; i++)
		if (!filed_as(gr, i, &g->units[i]))
			file_unit(gr, i, &g->units[i]);
	list_bridged(g, gr);
}

int grid_misses(const struct game *g)
{
	return g->grid ? g->grid->misses : 0;
}

int grid_stale(const struct game *g)
{
	const struct grid *gr = g->grid;
	int n = 0;
	if (!gr || !gr->head || gr->n != g->nunits)
		return 0;
	for (int i = 0; i < gr->n; i++)
		n += gr->at[i].x != g->units[i].pos.x || gr->at[i].y != g->units[i].pos.y ||
		     gr->cell_of[i] != list_at(gr, side_list(&g->units[i]), g->units[i].pos);
	return n;
}

/* ------------------------------------------------------------------ */
/* Who belongs to which brigade and division */

/* A counting sort of the units by group (group_of each, -1 for none):
 * start[n + 1] and idx, each group's units in unit order. */
static bool bucket(const struct game *g, int n, bool division, int **start, int **idx)
{
	int *s = calloc((size_t)n + 2, sizeof *s), *x = malloc(((size_t)g->nunits + 1) * sizeof *x);
	if (!s || !x) {
		free(s);
		free(x);
		return false;
	}
	for (int i = 0; i < g->nunits; i++) {
		int b = g->units[i].brigade, k = b < 0 || b >= g->nbrigs ? -1 : division ? g->brigs[b].division : b;
		if (k >= 0 && k < n)
			s[k + 1]++;
	}
	for (int k = 0; k < n; k++)
		s[k + 1] += s[k];
	for (int i = 0; i < g->nunits; i++) {
		int b = g->units[i].brigade, k = b < 0 || b >= g->nbrigs ? -1 : division ? g->brigs[b].division : b;
		if (k >= 0 && k < n)
			x[s[k]++] = i;
	}
	for (int k = n; k > 0; k--)
		s[k] = s[k - 1];
	s[0] = 0;
	*start = s;
	*idx = x;
	return true;
}

static bool members_ready(const struct game *g)
{
	struct grid *gr = g->grid;
	if (!gr)
		return false;
	if (gr->bstart && gr->mn == g->nunits && gr->mb == g->nbrigs && gr->md == g->ndivs)
		return true;
	drop_members(gr);
	if (!bucket(g, g->nbrigs, false, &gr->bstart, &gr->bunit) ||
	    !bucket(g, g->ndivs, true, &gr->dstart, &gr->dunit)) {
		drop_members(gr);
		return false;
	}
	gr->mn = g->nunits;
	gr->mb = g->nbrigs;
	gr->md = g->ndivs;
	return true;
}

const int *grid_brigade_units(const struct game *g, int brigade, int *n)
{
	*n = g->nunits;
	if (brigade < 0 || brigade >= g->nbrigs || !members_ready(g))
		return NULL;
	*n = g->grid->bstart[brigade + 1] - g->grid->bstart[brigade];
	return g->grid->bunit + g->grid->bstart[brigade];
}

const int *grid_division_units(const struct game *g, int division, int *n)
{
	*n = g->nunits;
	if (division < 0 || division >= g->ndivs || !members_ready(g))
		return NULL;
	*n = g->grid->dstart[division + 1] - g->grid->dstart[division];
	return g->grid->dunit + g->grid->dstart[division];
}
