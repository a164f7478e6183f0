/* SPDX-License-Identifier: GPL-3.0-or-later */
/* watch: for each watcher, the footprint of every unit and the place of
 * every command stand as it last saw them, and the stands it left to be
 * looked at again; a comparison with the state now gives what changed.
 * Never saved or snapshotted: a restored snapshot is only more change. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rules.h"
#include "watch.h"

/* Beyond this many changed units a whole look is as cheap (each changed
 * unit is compared with every stand). */
#define WATCH_MAX_CHANGED 32

struct seen_unit {
	struct vec2 pos;
	double facing;
	enum formation form;
	enum unit_state state;
	unsigned markers;
};

struct seen_cmdr {
	struct vec2 pos;
	enum unit_state state;
	int attached;
};

struct look {
	bool valid;
	int nu, nc;
	struct seen_unit *u;
	struct seen_cmdr *c;
	unsigned char *suspect;
	int *cu, *cc; /* the lists handed out */
};

struct watch {
	struct look look[WATCH_COUNT];
	int partial, misses;
};

struct watch *watch_new(void)
{
	return calloc(1, sizeof(struct watch));
}

static void drop(struct look *l)
{
	free(l->u);
	free(l->c);
	free(l->suspect);
	free(l->cu);
	free(l->cc);
	*l = (struct look){ 0 };
}

void watch_free(struct watch *w)
{
	if (!w)
		return;
	for (int k = 0; k < WATCH_COUNT; k++)
		drop(&w->look[k]);
	free(w);
}

void watch_forget(struct game *g)
{
	if (g->watch)
		for (int k = 0; k < WATCH_COUNT; k++)
			g->watch->look[k].valid = false;
}

static bool unit_same(const struct seen_unit *s, const struct unit *u)
{
	return s->pos.x == u->pos.x && s->pos.y == u->pos.y && s->facing == u->facing && s->form == u->form &&
	       s->state == u->state && s->markers == u->markers;
}

static bool cmdr_same(const struct seen_cmdr *s, const struct commander *c)
{
	return s->pos.x == c->pos.x && s->pos.y == c->pos.y && s->state == c->state && s->attached == c->attached;
}

#ifdef WATCH_CHECK
/* A build for checking that a partial look misses nothing (see HACKING):
 * whether any unit and free stand left out of the changes overlap as the
 * watcher counts it (its own side's active units, or the enemy's present
 * ones). */
static int check(const struct game *g, enum watcher w, const struct watch_changes *ch)
{
	int bad = 0;
	for (int k = 0; k < g->ncmdrs; k++) {
		const struct commander *c = &g->cmdrs[k];
		struct shape cs = geom_circle(&c->pos, rules_stand[ARM_COMMAND].w / 2);
		bool listed = false;
		for (int q = 0; q < ch->ncmdrs; q++)
			listed |= ch->cmdrs[q] == k;
		if (listed || c->state != US_ACTIVE || c->attached >= 0)
			continue;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			struct vec2 b[4];
			struct shape us;
			bool counts = w == WATCH_FRIENDS ? u->side == c->side && u->state == US_ACTIVE
			                                 : u->side != c->side && unit_present(u);
			listed = false;
			for (int q = 0; q < ch->nunits; q++)
				listed |= ch->units[q] == i;
			if (listed || !counts)
				continue;
			us = unit_shape(u, b);
			bad += geom_overlap(&us, &cs);
		}
	}
	return bad;
}
#endif

int watch_partial_looks(const struct game *g)
{
	return g->watch ? g->watch->partial : 0;
}

int watch_misses(const struct game *g)
{
	return g->watch ? g->watch->misses : 0;
}

bool watch_changes(struct game *g, enum watcher w, struct watch_changes *out)
{
	struct look *l;
	int nu = 0, nc = 0;
	*out = (struct watch_changes){ 0 };
	if (!g->watch)
		return false;
	l = &g->watch->look[w];
	if (!l->valid || l->nu != g->nunits || l->nc != g->ncmdrs)
		return false;
	for (int i = 0; i < g->nunits; i++)
		if (!unit_same(&l->u[i], &g->units[i])) {
			if (nu == WATCH_MAX_CHANGED)
				return false;
			l->cu[nu++] = i;
		}
	for (int k = 0; k < g->ncmdrs; k++)
		if (l->suspect[k] || !cmdr_same(&l->c[k], &g->cmdrs[k]))
			l->cc[nc++] = k;
	*out = (struct watch_changes){ .units = l->cu, .nunits = nu, .cmdrs = l->cc, .ncmdrs = nc };
	g->watch->partial++;
#ifdef WATCH_CHECK
	g->watch->misses += check(g, w, out);
#endif
	return true;
}

void watch_looked(struct game *g, enum watcher w, const unsigned char *moved)
{
	struct look *l;
	if (!g->watch)
		return;
	l = &g->watch->look[w];
	if (l->nu != g->nunits || l->nc != g->ncmdrs || !l->u) {
		drop(l);
		l->u = malloc(((size_t)g->nunits + 1) * sizeof *l->u);
		l->c = malloc(((size_t)g->ncmdrs + 1) * sizeof *l->c);
		l->suspect = malloc((size_t)g->ncmdrs + 1);
		l->cu = malloc(((size_t)WATCH_MAX_CHANGED + 1) * sizeof *l->cu);
		l->cc = malloc(((size_t)g->ncmdrs + 1) * sizeof *l->cc);
		if (!l->u || !l->c || !l->suspect || !l->cu || !l->cc) {
			drop(l);
			return;
		}
		l->nu = g->nunits;
		l->nc = g->ncmdrs;
	}
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		l->u[i] = (struct seen_unit){ u->pos, u->facing, u->form, u->state, u->markers };
	}
	for (int k = 0; k < g->ncmdrs; k++) {
		const struct commander *c = &g->cmdrs[k];
		l->c[k] = (struct seen_cmdr){ c->pos, c->state, c->attached };
		l->suspect[k] = moved ? moved[k] : 0;
	}
	l->valid = true;
}
