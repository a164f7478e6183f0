/* SPDX-License-Identifier: GPL-3.0-or-later */
/* plan: what the computer opponent's plan gives each division and each
 * unit (general-plan.c makes it, drill.c carries it out). */
#ifndef GROGNARD_PLAN_H
#define GROGNARD_PLAN_H

#include <stdbool.h>

#include "ai.h"
#include "engine/game.h"

enum role { ROLE_ATTACK, ROLE_HOLD, ROLE_RESERVE };

struct div_plan {
	enum role role;
	int objective;   /* index, or -1 */
	struct vec2 goal;
	char where[NAME_LEN];
};

/* What one unit is to go for: a point, how strongly it is drawn to it,
 * how much risk it takes to get there. */
struct aim {
	struct vec2 target;
	int objective;      /* the objective it is to take or hold, or -1 */
	double pull;        /* worth of each cm gained toward the target */
	double near;        /* closer than this to the target counts as there */
	double risk;        /* weight of the harm the enemy could do */
	enum role role;
};

/* What a unit was told to do this initiative, in a word. */
enum drill_kind {
	DRILL_NONE, DRILL_STAND, DRILL_ADVANCE, DRILL_CHARGE, DRILL_SQUARE, DRILL_FALL_BACK,
	DRILL_REDEPLOY, DRILL_FIRE_POSITION, DRILL_COUNT
};

#define DRILL_MAX_ORDERS 4

struct drill {
	struct order o[DRILL_MAX_ORDERS];
	int n, next;
	enum drill_kind kind;
	double score;
	int charge_target;  /* the unit it charges, or -1 */
	struct vec2 end;    /* where it is to end up */
	bool planned;       /* this initiative */
	bool ahead;         /* planned before any unit of the initiative acted */
	bool fresh;         /* planned just now: nothing done since */
};

/* How a unit stood when the plans were made. */
struct drill_mark {
	struct vec2 pos;
	double facing;
	enum formation form;
	enum unit_state state;
	unsigned markers;
};

/* The unit's aim under its division's plan. */
void plan_aim(const struct general_ai *ai, const struct game *g, int unit, struct aim *aim);

/* The best plan for a unit now: its orders (none to stand as it is). */
void drill_plan(struct general_ai *ai, struct game *g, enum side side, int unit, struct drill *out);

/* Room for drill_plan's working (candidates, swept paths). */
struct drill_scratch *drill_scratch_new(void);
void drill_scratch_free(struct drill_scratch *s);

/* Carry out an order on the game and take it back: whether it was
 * accepted (no die is thrown by the orders the AI tries this way). */
bool drill_try(struct game *g, enum side side, const struct order *o);

/* The same, answered without the engine where the planner's own checks
 * (the engine's pivot test and sweep) settle it. */
bool drill_check(struct game *g, enum side side, const struct order *o);

/* Is the unit a side's own, able to take orders (not guns its crews have
 * left) and in the brigade (or division) manoeuvring? */
bool drill_in_hand(const struct game *g, const struct unit *u, enum side side);
/* The units that may be in hand, in unit order: the division marching or
 * the brigade with the initiative (n of them; NULL for every unit, as
 * grid_brigade_units has it: keep the drill_in_hand test). */
const int *drill_hand_units(const struct game *g, int *n);

#endif
