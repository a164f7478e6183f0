/* SPDX-License-Identifier: GPL-3.0-or-later */
/* formation: where a unit's stands go when it changes formation (one old
 * stand stays where it is, the other forms the new formation around it),
 * for the formation order and for an emergency square. */
#include "config.h"

#include <math.h>

#include "formation.h"
#include "game.h"
#include "grid.h"
#include "move.h"
#include "rules.h"

/* Stand slots of a formation in the unit's frame (right, forward). */
static int slots(enum unit_type t, enum formation f, struct vec2 out[2])
{
	const struct stand_size *s = &rules_stand[unit_type_arm(t)];
	switch (f) {
	case FORM_LINE:
		out[0] = v2(-s->w / 2, 0), out[1] = v2(s->w / 2, 0);
		return 2;
	case FORM_SKIRMISH:
		out[0] = v2(-(s->w + rules_skirmish_gap) / 2, 0);
		out[1] = v2((s->w + rules_skirmish_gap) / 2, 0);
		return 2;
	case FORM_COLUMN:
	case FORM_SQUARE:
	case FORM_ESQUARE:
		out[0] = v2(0, s->d / 2), out[1] = v2(0, -s->d / 2);
		return 2;
	default:
		out[0] = v2(0, 0);
		return 1;
	}
}

static struct vec2 from_frame(struct vec2 centre, double facing, struct vec2 local)
{
	return v2_add(centre, v2_add(v2_scale(geom_right(facing), local.x),
	                             v2_scale(geom_dir(facing), local.y)));
}

/* Which old stand an anchor names (-1: any). */
static int anchor_stand(enum formation from, int anchor)
{
	bool side_by_side = from == FORM_LINE || from == FORM_SKIRMISH;
	switch (anchor) {
	case ANCHOR_LEFT:
		return side_by_side ? 0 : -2;
	case ANCHOR_RIGHT:
		return side_by_side ? 1 : -2;
	case ANCHOR_FRONT:
		return side_by_side ? -2 : 0;
	case ANCHOR_REAR:
		return side_by_side ? -2 : 1;
	default:
		return -1;
	}
}

/* Is a footprint clear for a unit changing formation: no overlap, no new
 * contact with another unit (but target, an enemy it may touch), no
 * forbidden ground, on the table? */
static int form_blocker(struct game *g, int unit, const struct obb *fp, int target)
{
	const struct unit *u = &g->units[unit];
	struct obb old = unit_footprint(u);
	struct vec2 buf[4], ob[4];
	struct shape s = geom_obb_shape(fp, buf), os = geom_obb_shape(&old, ob);
	struct index_set near = { 0 };
	struct mover m;
	int b;

	move_mover_unit(g, unit, TMODE_MOVE, false, &m);
	m.through_friends = false;
	m.target = target;
	if ((b = move_place_blocker(g, &m, fp, -1)) != -1)
		return b;
	grid_units_shape(g, &s, GEOM_CONTACT, &near);
	for (int q = 0; q < near.n && b == -1; q++) {
		int i = near.idx[q];
		struct vec2 xb[4];
		struct shape x;
		if (i == unit || i == target || !unit_present(&g->units[i]))
			continue;
		x = unit_shape(&g->units[i], xb);
		if (geom_contact(&s, &x) && !geom_contact(&os, &x))
			b = i;
	}
	index_set_free(&near);
	return b;
}

/* Among the placements the anchor allows, the one nearest the old centre
 * that is clear wins (formation.h). */
int formation_place(struct game *g, int unit, enum formation to, double facing, int anchor,
                    int target, struct vec2 *centre_out, int *blocker)
{
	struct unit *u = &g->units[unit];
	const struct stand_size *ss = &rules_stand[unit_arm(u)];
	struct vec2 olds[2], news[2];
	int nold = slots(u->type, u->form, olds), nnew = slots(u->type, to, news);
	int want = anchor_stand(u->form, anchor);
	double best = INFINITY;

	if (want == -2)
		return 2;
	*blocker = -1;
	for (int k = 0; k < nold; k++) {
		struct vec2 stand;
		if (want >= 0 && k != want)
			continue;
		stand = from_frame(u->pos, u->facing, olds[k]);
		/* Every slot of the new formation the old stand could fill;
		 * right-hand placements first on ties. */
		for (int j = nnew - 1; j >= 0; j--) {
			struct vec2 centre = v2_sub(stand, v2_sub(from_frame(v2(0, 0), facing, news[j]), v2(0, 0)));
			struct obb fp = unit_footprint_as(u->type, to, centre, facing);
			double d = v2_dist(centre, u->pos);
			int b = form_blocker(g, unit, &fp, target);
			/* The other stand's way to its new place. */
			if (b == -1 && nold == 2 && nnew == 2) {
				struct vec2 from = from_frame(u->pos, u->facing, olds[1 - k]);
				struct vec2 dest = from_frame(centre, facing, news[1 - j]);
				for (int step = 1; step <= 3 && b == -1; step++) {
					struct obb st = { v2_add(from, v2_scale(v2_sub(dest, from), step / 4.0)),
					                  ss->w, ss->d, facing };
					b = form_blocker(g, unit, &st, target);
				}
			}
			if (b != -1) {
				if (*blocker == -1)
					*blocker = b;
				continue;
			}
			if (d < best - 1e-9) {
				best = d;
				*centre_out = centre;
			}
		}
	}
	return isinf(best) ? 1 : 0;
}

int formation_place_here(struct game *g, int unit, enum formation to, int target, struct vec2 *centre,
                         int *blocker)
{
	return formation_place(g, unit, to, g->units[unit].facing, ANCHOR_AUTO, target, centre, blocker);
}
