/* SPDX-License-Identifier: GPL-3.0-or-later */
/* orbat: lookups in the chain of command and commanders' ratings. */
#include "config.h"

#include <string.h>

#include "game.h"
#include "orbat.h"
#include "rules.h"

enum cmd_rating orbat_corps_rating(enum nationality nat, int roll)
{
	return rules_rating_lookup(&rules_corps_rating[nat], roll);
}

enum cmd_rating orbat_division_rating(enum nationality corps_nat, int roll)
{
	return rules_rating_lookup(&rules_division_rating,
	                           roll + rules_division_modifier[corps_nat]);
}

static enum nationality commander_nationality(const struct game *g,
                                              const struct commander *c)
{
	switch (c->level) {
	case CL_CORPS:
		return g->corps[c->of].nat;
	case CL_DIVISION:
		return g->corps[g->divs[c->of].corps].nat;
	case CL_BRIGADE:
	case CL_COUNT:
		break;
	}
	return g->corps[g->divs[g->brigs[c->of].division].corps].nat;
}

static void roll_one(struct game *g, struct commander *c)
{
	enum nationality nat = commander_nationality(g, c);
	const char *natname = nationality_names[nat].label;
	int roll;

	if (c->level == CL_CORPS) {
		const struct corps_rating_table *t = &rules_corps_rating[nat];
		if (!rules_rating_needs_dice(t)) {
			c->rating = t->rows[0].rating;
			game_log(g, "%s (corps): every %s corps commander is %s.", c->name,
			         natname, cmd_rating_names[c->rating].label);
			return;
		}
		roll = game_roll(g, rules_dice.rating, NULL, "%s's rating on the %s corps table", c->name, natname);
		c->rating = orbat_corps_rating(nat, roll);
		game_log(g, "%s (corps) is rated %s (radius %g cm).", c->name,
		         cmd_rating_names[c->rating].label, commander_radius(c));
		return;
	}
	roll = game_roll(g, rules_dice.rating, NULL, "%s's rating on the division table", c->name);
	c->rating = orbat_division_rating(nat, roll);
	game_log(g, "%s (division): %d %+d (%s corps) = %d, rated %s (radius %g cm).",
	         c->name, roll, rules_division_modifier[nat], natname,
	         roll + rules_division_modifier[nat], cmd_rating_names[c->rating].label,
	         commander_radius(c));
}

void orbat_roll_ratings(struct game *g)
{
	/* Corps first, then divisions, in the order of the orbat. */
	for (int level = CL_CORPS; level <= CL_DIVISION; level++)
		for (int i = 0; i < g->ncmdrs; i++) {
			struct commander *c = &g->cmdrs[i];
			if (c->level == (enum cmd_level)level && (c->flags & CF_ROLL)) {
				roll_one(g, c);
				c->flags &= ~(unsigned)CF_ROLL;
			}
		}
}

double commander_radius(const struct commander *c)
{
	if (c->flags & CF_EVADED)
		return 0;
	return rules_command_radius[c->rating];
}

struct shape commander_shape(const struct commander *c)
{
	return geom_circle(&c->pos, rules_stand[ARM_COMMAND].w / 2);
}

#define FIND(arr, n, id)                                  \
	do {                                              \
		for (int i_ = 0; i_ < (n); i_++)          \
			if (strcmp((arr)[i_].id, id) == 0) \
				return i_;                \
		return -1;                                \
	} while (0)

int orbat_find_unit(const struct game *g, const char *id) { FIND(g->units, g->nunits, id); }
int orbat_find_brigade(const struct game *g, const char *id) { FIND(g->brigs, g->nbrigs, id); }
int orbat_find_division(const struct game *g, const char *id) { FIND(g->divs, g->ndivs, id); }
int orbat_find_corps(const struct game *g, const char *id) { FIND(g->corps, g->ncorps, id); }
int orbat_find_commander(const struct game *g, const char *id) { FIND(g->cmdrs, g->ncmdrs, id); }
#undef FIND

enum side brigade_side(const struct game *g, int brigade)
{
	return g->corps[g->divs[g->brigs[brigade].division].corps].side;
}

enum side division_side(const struct game *g, int division)
{
	return g->corps[g->divs[division].corps].side;
}

int unit_division(const struct game *g, const struct unit *u)
{
	return u->brigade >= 0 ? g->brigs[u->brigade].division : -1;
}

int unit_corps(const struct game *g, const struct unit *u)
{
	int d = unit_division(g, u);
	return d >= 0 ? g->divs[d].corps : -1;
}

int division_unit_count(const struct game *g, int division)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (unit_division(g, &g->units[i]) == division)
			n++;
	return n;
}

int brigade_unit_count(const struct game *g, int brigade)
{
	int n = 0;
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].brigade == brigade)
			n++;
	return n;
}
