/* SPDX-License-Identifier: GPL-3.0-or-later */
/* contact: which enemies touch a unit for hand-to-hand (base to base, or
 * over a bridge), found through the spatial index. */
#include "config.h"

#include "bridge.h"
#include "contact.h"
#include "game.h"
#include "grid.h"

/* Contact for hand-to-hand (contact.h). */
bool contact_touching(const struct game *g, int a, int b)
{
	const struct unit *u = &g->units[a], *v = &g->units[b];
	if (a == b || u->side == v->side || !unit_present(u) || !unit_present(v))
		return false;
	if (game_units_within(u, v, GEOM_CONTACT))
		return true;
	return (u->bridge && u->bridge_foe == b && bridge_holds(g, a)) ||
	       (v->bridge && v->bridge_foe == a && bridge_holds(g, b));
}

int contact_enemies(const struct game *g, int unit, int *out, int max)
{
	struct index_set near = { 0 };
	int n = 0;
	if (!unit_present(&g->units[unit]))
		return 0;
	/* (Only active enemies can touch it: the index leaves out the rest.) */
	grid_foe_contacts(g, unit, &near);
	for (int k = 0; k < near.n && n < max; k++)
		if (contact_touching(g, unit, near.idx[k]))
			out[n++] = near.idx[k];
	index_set_free(&near);
	return n;
}

int contact_engaged(const struct game *g, int unit)
{
	int e;
	return contact_enemies(g, unit, &e, 1) ? e : -1;
}
