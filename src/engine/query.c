/* SPDX-License-Identifier: GPL-3.0-or-later */
/* query: questions about the battle that change nothing (see query.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "fire.h"
#include "game.h"
#include "query.h"
#include "rules.h"
#include "terrain.h"
#include "volley.h"

bool query_unit_acts(const struct game *g, const struct unit *u, bool ready)
{
	bool in;
	if (u->state != US_ACTIVE || g->initiative != (int)u->side)
		return false;
	in = g->divmove >= 0 ? unit_division(g, u) == g->divmove : u->brigade == g->active_brigade;
	if (!in)
		return false;
	switch (g->phase) {
	case PHASE_MANOEUVRE:
		return !ready || !(u->acted & UA_DONE);
	case PHASE_FIRE:
		if (!unit_is_infantry(u) && !unit_is_artillery(u))
			return false;
		return !ready || volley_may_fire(g, u) == NULL;
	default:
		return false;
	}
}

/* The longest range of the unit's fire (0: it does not fire). */
static double longest_range(const struct unit *u)
{
	double r = 0;
	if (unit_is_infantry(u))
		return rules_fire.small_arms_range;
	if (!unit_is_artillery(u))
		return 0;
	for (int b = 0; b < RANGE_COUNT; b++)
		r = fmax(r, rules_fire.art_range[b]);
	return r;
}

int query_fire_target(const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	double range = longest_range(u), best = INFINITY;
	int target = -1;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *t = &g->units[i];
		struct fire_shot shot;
		double d;
		if (t->side == u->side || !unit_present(t) || !game_units_within(u, t, range))
			continue;
		if (!fire_check(g, unit, i, NULL, &shot) || shot.dice <= 0)
			continue;
		d = game_unit_distance(u, t);
		if (d < best) {
			best = d;
			target = i;
		}
	}
	return target;
}

/* In the manoeuvre phase: what the unit's doings so far leave open. */
static unsigned manoeuvre_options(const struct game *g, const struct unit *u)
{
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	bool div = g->divmove >= 0, after_div_move = div && (u->acted & UA_MOVED);
	bool crossed = u->acted & UA_CROSSED;
	unsigned o = 0;
	if (u->acted & UA_DONE)
		return 0;
	if (!(u->acted & UA_MOVED) && !crossed && u->form != FORM_ESQUARE)
		o |= QO_MOVE;
	if (!(u->acted & (UA_FORMED | UA_CHARGED)) && !crossed && !after_div_move)
		for (int f = 0; f < FORM_COUNT; f++)
			if (f != (int)u->form && f != FORM_ESQUARE && !unit_formation_refusal(u, (enum formation)f)) {
				o |= QO_FORM;
				break;
			}
	if (!crossed && !after_div_move)
		o |= QO_PIVOT;
	if (!div && !(u->acted & (UA_MOVED | UA_CROSSED | UA_NO_CHARGE)) && m && m->charge > 0 &&
	    !unit_is_artillery(u) && u->form != FORM_SQUARE && u->form != FORM_ESQUARE &&
	    !unit_has_marker(u, MK_BLUE) && command_status(g, u, NULL) != CS_NOT_IN_COMMAND)
		o |= QO_CHARGE;
	return o;
}

unsigned query_unit_options(const struct game *g, int unit)
{
	const struct unit *u = &g->units[unit];
	if (!query_unit_acts(g, u, false) || unit_abandoned(u))
		return 0;
	if (g->phase == PHASE_FIRE)
		return volley_may_fire(g, u) == NULL && query_fire_target(g, unit) >= 0 ? QO_FIRE : 0;
	return manoeuvre_options(g, u);
}

bool query_unit_useful(const struct game *g, int unit)
{
	return query_unit_options(g, unit) != 0;
}

static void add_word(char *buf, size_t size, const char *word)
{
	size_t len = strlen(buf);
	snprintf(buf + len, size - len, "%s%s", len ? " " : "", word);
}

void query_unit_options_text(const struct game *g, int unit, char *buf, size_t size)
{
	const struct unit *u = &g->units[unit];
	unsigned o;
	buf[0] = '\0';
	if (!query_unit_acts(g, u, false)) {
		bool div = g->divmove >= 0;
		bool ours = u->state == US_ACTIVE && g->initiative == (int)u->side &&
		            (div ? unit_division(g, u) == g->divmove : u->brigade == g->active_brigade);
		snprintf(buf, size, "%s", ours && g->phase == PHASE_FIRE ? "nothing: cavalry does not fire"
		                          : "not its turn");
		return;
	}
	if (unit_abandoned(u)) {
		snprintf(buf, size, "nothing: its guns are abandoned");
		return;
	}
	o = query_unit_options(g, unit);
	if (g->phase == PHASE_FIRE) {
		const char *no = volley_may_fire(g, u);
		if (no)
			snprintf(buf, size, "no fire: %s", no);
		else
			snprintf(buf, size, "%s", o & QO_FIRE ? "fire" : "no fire: no enemy it could fire at");
		return;
	}
	if (u->acted & UA_DONE) {
		snprintf(buf, size, "done this initiative");
		return;
	}
	if (o & QO_MOVE)
		add_word(buf, size, "move");
	if (o & QO_FORM)
		add_word(buf, size, "form");
	if (o & QO_PIVOT)
		add_word(buf, size, "pivot");
	if (o & QO_CHARGE) {
		/* Turning over the limit in all forbids the charge. */
		double left = rules_special.pivot_charge_limit - u->pivoted;
		char w[64];
		if (u->pivoted > 1e-9)
			snprintf(w, sizeof w, "charge (turning %.0f more at most)", left > 0 ? left : 0);
		else
			snprintf(w, sizeof w, "charge");
		add_word(buf, size, w);
	}
	if (!buf[0])
		snprintf(buf, size, "nothing more");
}

bool query_charge_reaches(const struct unit *u, struct vec2 p)
{
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	struct vec2 b[4];
	struct shape s, pt = geom_circle(&p, 0);
	if (!m || m->charge <= 0 || unit_is_artillery(u) || u->form == FORM_SQUARE ||
	    u->form == FORM_ESQUARE || unit_has_marker(u, MK_BLUE))
		return false;
	if (fabs(geom_angle_diff(u->facing, geom_bearing(u->pos, p))) > rules_special.pivot_charge_limit)
		return false;
	s = unit_shape(u, b);
	return geom_distance(&s, &pt) <= m->charge;
}

bool query_fire_reaches(const struct unit *u, struct vec2 p)
{
	struct obb fp = unit_footprint(u);
	struct vec2 dir = geom_dir(u->facing), front = v2_add(fp.c, v2_scale(dir, fp.d / 2)), b[4];
	struct shape s, pt = geom_circle(&p, 0);
	double range = longest_range(u);
	if (range <= 0)
		return false;
	if (u->form != FORM_SQUARE && u->form != FORM_ESQUARE && v2_dot(v2_sub(p, front), dir) < 0)
		return false;
	s = unit_shape(u, b);
	return geom_distance(&s, &pt) <= range;
}

unsigned query_ground_forbids(const struct game *g, const struct unit *u, const struct obb *fp,
                              int *feature)
{
	enum tclass tc = terrain_class(u, false);
	bool fires = unit_is_infantry(u) || unit_is_artillery(u);
	const struct move_allowance *m = rules_move_for(u->type, u->form);
	bool charges = m && m->charge > 0 && !unit_is_artillery(u) && u->form != FORM_SQUARE &&
	               u->form != FORM_ESQUARE;
	struct vec2 b[4];
	struct shape s = geom_obb_shape(fp, b);
	unsigned what = 0;
	if (feature)
		*feature = -1;
	for (int i = 0; i < g->map.nf; i++) {
		const struct feature *f = &g->map.f[i];
		unsigned here = 0;
		if (f->type == TT_ROAD || f->type == TT_BRIDGE || !terrain_in(f, &s))
			continue;
		if (fires && rules_terrain[f->type].no_fire_inside[tc])
			here |= QG_NO_FIRE;
		if (charges && rules_terrain[f->type].charge[tc] == GO_NO)
			here |= QG_NO_CHARGE;
		if (here && feature && *feature < 0)
			*feature = i;
		what |= here;
	}
	return what;
}

double query_stop_clear(const struct game *g, const struct unit *u, struct obb fp, struct vec2 dir,
                        double d, unsigned what)
{
	/* Back from the end a millimetre at a time: the first clear place. */
	for (int k = (int)floor(d * 10 + 1e-9); k >= 0; k--) {
		struct obb at = fp;
		at.c = v2_add(fp.c, v2_scale(dir, k / 10.0));
		if (!(query_ground_forbids(g, u, &at, NULL) & what))
			return k / 10.0;
	}
	return -1;
}
