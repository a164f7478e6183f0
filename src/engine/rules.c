/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules: the one set of rules in force, installed whole from a rules file
 * (rules/mininap.cfg by default, loaded by io/load-rules.c), and the
 * lookups in its tables. */
#include "config.h"

#include "rules.h"

static struct rules in_force;
static bool installed;
static unsigned long installs;

const struct rules *const rules_in_force = &in_force;

/* Which features are lines on the map rather than areas: the map format's
 * geometry (polylines with a width), not a number a rules file changes. */
static const bool linear_kind[TT_COUNT] = {
	[TT_HEDGE] = true, [TT_FENCE] = true, [TT_WALL] = true, [TT_EARTHWORK] = true,
	[TT_STREAM] = true, [TT_RIVER] = true, [TT_ROAD] = true, [TT_DITCH] = true,
};

enum go rules_go_of_rate(double rate)
{
	return rate < 0 ? GO_NO : rate == 1 ? GO_FREE : GO_HALF;
}

void rules_install(const struct rules *r)
{
	in_force = *r;
	for (int t = 0; t < TT_COUNT; t++) {
		struct terrain_rules *tr = &in_force.terrain[t];
		tr->linear = linear_kind[t];
		for (int c = 0; c < TC_COUNT; c++) {
			double *rates[] = { &tr->move_rate[c], &tr->charge_rate[c], &tr->intercept_rate[c] };
			for (int m = 0; m < 3; m++)
				if (*rates[m] == RULES_HALF)
					*rates[m] = in_force.terrain_limits.half_rate_cost;
			tr->move[c] = rules_go_of_rate(tr->move_rate[c]);
			tr->charge[c] = rules_go_of_rate(tr->charge_rate[c]);
			tr->intercept[c] = rules_go_of_rate(tr->intercept_rate[c]);
		}
	}
	installed = true;
	installs++;
}

bool rules_installed(void)
{
	return installed;
}

unsigned long rules_installs(void)
{
	return installs;
}

const struct move_allowance *rules_move_for(enum unit_type t, enum formation f)
{
	for (int i = 0; i < in_force.move_count; i++)
		if (in_force.move[i].type == t && in_force.move[i].form == f)
			return &in_force.move[i];
	return 0;
}

enum cmd_rating rules_rating_lookup(const struct corps_rating_table *t, int roll)
{
	for (int i = 0; i < t->n; i++)
		if (roll >= t->rows[i].lo && roll <= t->rows[i].hi)
			return t->rows[i].rating;
	return CR_NONE;
}

bool rules_rating_needs_dice(const struct corps_rating_table *t)
{
	return t->n > 1;
}
