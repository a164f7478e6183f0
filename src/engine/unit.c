/* SPDX-License-Identifier: GPL-3.0-or-later */
/* unit: unit types, formations and their footprints, strength points. */
#include "config.h"

#include <math.h>

#include "rules.h"
#include "unit.h"

enum arm unit_type_arm(enum unit_type t)
{
	switch (t) {
	case UT_LINE_INF:
	case UT_LIGHT_INF:
		return ARM_INFANTRY;
	case UT_HEAVY_CAV:
	case UT_MEDIUM_CAV:
	case UT_LIGHT_CAV:
		return ARM_CAVALRY;
	case UT_FOOT_ART:
	case UT_HORSE_ART:
	case UT_COUNT:
		break;
	}
	return ARM_ARTILLERY;
}

enum arm unit_arm(const struct unit *u) { return unit_type_arm(u->type); }
bool unit_is_infantry(const struct unit *u) { return unit_arm(u) == ARM_INFANTRY; }
bool unit_is_cavalry(const struct unit *u) { return unit_arm(u) == ARM_CAVALRY; }
bool unit_is_artillery(const struct unit *u) { return unit_arm(u) == ARM_ARTILLERY; }

/* Skirmish lines and batteries are unformed; everything else is formed. */
bool formation_formed(enum formation f)
{
	return f != FORM_SKIRMISH && f != FORM_BATTERY;
}

bool unit_formed(const struct unit *u)
{
	return formation_formed(u->form);
}

int sp_from_men(int men)
{
	int sp = men / rules_sp.men_per_sp;
	if (men % rules_sp.men_per_sp >= rules_sp.round_up_at)
		sp++;
	return sp < rules_sp.min_sp ? rules_sp.min_sp : sp;
}

int sp_from_guns(int guns)
{
	int sp = guns / rules_sp.guns_per_sp;
	if (sp < rules_sp.gun_min_sp)
		return rules_sp.gun_min_sp;
	return sp > rules_sp.gun_max_sp ? rules_sp.gun_max_sp : sp;
}

void formation_size(enum unit_type t, enum formation f, double *w, double *d)
{
	const struct stand_size *s = &rules_stand[unit_type_arm(t)];
	switch (f) {
	case FORM_LINE:
		*w = 2 * s->w, *d = s->d;
		return;
	case FORM_SKIRMISH:
		*w = 2 * s->w + rules_skirmish_gap, *d = s->d;
		return;
	case FORM_COLUMN:
	case FORM_SQUARE: /* two stands back to back */
	case FORM_ESQUARE:
		*w = s->w, *d = 2 * s->d;
		return;
	case FORM_BATTERY:
	case FORM_COUNT:
		break;
	}
	*w = s->w, *d = s->d;
}

struct obb unit_footprint_as(enum unit_type t, enum formation f,
                             struct vec2 centre, double facing)
{
	struct obb b = { .c = centre, .facing = facing };
	formation_size(t, f, &b.w, &b.d);
	return b;
}

struct obb unit_footprint(const struct unit *u)
{
	return unit_footprint_as(u->type, u->form, u->pos, u->facing);
}

int unit_stands(const struct unit *u, struct obb out[2])
{
	const struct stand_size *s = &rules_stand[unit_arm(u)];
	struct obb fp = unit_footprint(u);
	struct vec2 fwd = geom_dir(u->facing), right = geom_right(u->facing);
	double off;

	switch (u->form) {
	case FORM_LINE:
	case FORM_SKIRMISH:
		off = (fp.w - s->w) / 2;
		out[0] = (struct obb){ v2_sub(u->pos, v2_scale(right, off)), s->w, s->d, u->facing };
		out[1] = (struct obb){ v2_add(u->pos, v2_scale(right, off)), s->w, s->d, u->facing };
		return 2;
	case FORM_COLUMN:
		out[0] = (struct obb){ v2_add(u->pos, v2_scale(fwd, s->d / 2)), s->w, s->d, u->facing };
		out[1] = (struct obb){ v2_sub(u->pos, v2_scale(fwd, s->d / 2)), s->w, s->d, u->facing };
		return 2;
	case FORM_SQUARE:
	case FORM_ESQUARE: /* the rear stand faces the other way */
		out[0] = (struct obb){ v2_add(u->pos, v2_scale(fwd, s->d / 2)), s->w, s->d, u->facing };
		out[1] = (struct obb){ v2_sub(u->pos, v2_scale(fwd, s->d / 2)), s->w, s->d,
		                       geom_norm_deg(u->facing + 180) };
		return 2;
	case FORM_BATTERY:
	case FORM_COUNT:
		break;
	}
	out[0] = fp;
	return 1;
}

const char *unit_formation_refusal(const struct unit *u, enum formation f)
{
	if (u->irregular != IRR_NONE && f != FORM_SKIRMISH)
		return "Cossack and Arab cavalry must stay in skirmish line at all times";
	if (f == FORM_SKIRMISH && (u->flags & UF_LANCER))
		return "lancers may not form a skirmish line";
	if (!rules_move_for(u->type, f)) {
		switch (f) {
		case FORM_SQUARE:
		case FORM_ESQUARE:
			return "only infantry may form squares";
		case FORM_SKIRMISH:
			return "only light infantry and non-lancer light cavalry may form a skirmish line";
		case FORM_BATTERY:
			return "only artillery deploys as a battery";
		default:
			return "artillery is always a single battery stand";
		}
	}
	return 0;
}

enum formation unit_default_formation(const struct unit *u)
{
	if (unit_is_artillery(u))
		return FORM_BATTERY;
	if (u->irregular != IRR_NONE)
		return FORM_SKIRMISH;
	return FORM_LINE;
}

int unit_elimination_sp(const struct unit *u)
{
	bool exempt = !unit_formed(u) || u->form == FORM_SQUARE ||
	              u->form == FORM_ESQUARE || u->rating == RATING_GUARD;
	return exempt ? rules_elimination.exempt : rules_elimination.normal;
}

bool unit_lost(const struct unit *u)
{
	return u->state == US_ELIMINATED || u->state == US_RETREATED;
}

bool unit_has_marker(const struct unit *u, enum marker m)
{
	return (u->markers >> m) & 1u;
}

bool unit_abandoned(const struct unit *u)
{
	return unit_is_artillery(u) && unit_has_marker(u, MK_ORANGE);
}

static double footprint_radius(enum unit_type t, enum formation f)
{
	double w, d;
	formation_size(t, f, &w, &d);
	return sqrt(w * w + d * d) / 2;
}

/* Asked for millions of times a battle: each type's radius in each
 * formation, worked out (the same sum) once for the rules in force,
 * again when others are installed.  radius_for is the count of
 * installs they are for, plus one (0: not yet worked out). */
static double radius_of[UT_COUNT][FORM_COUNT];
static unsigned long radius_for;

double unit_radius(const struct unit *u)
{
	unsigned long now = rules_installs() + 1;
	if ((unsigned)u->type >= UT_COUNT || (unsigned)u->form >= FORM_COUNT)
		return footprint_radius(u->type, u->form);
	if (radius_for != now) {
		for (int t = 0; t < UT_COUNT; t++)
			for (int f = 0; f < FORM_COUNT; f++)
				radius_of[t][f] = footprint_radius((enum unit_type)t, (enum formation)f);
		radius_for = now;
	}
	return radius_of[u->type][u->form];
}

bool unit_present(const struct unit *u)
{
	return u->state == US_ACTIVE && !unit_abandoned(u);
}

void unit_set_marker(struct unit *u, enum marker m, bool on)
{
	if (on)
		u->markers |= 1u << m;
	else
		u->markers &= ~(1u << m);
}
