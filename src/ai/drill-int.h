/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drill-int: what the files of one unit's manoeuvre (drill*.c) share: the
 * candidate plans and where each leaves the unit. */
#ifndef GROGNARD_DRILL_INT_H
#define GROGNARD_DRILL_INT_H

#include <stdbool.h>

#include "engine/game.h"
#include "estimate.h"
#include "plan.h"

struct ai_tuning;

/* Where a plan leaves a unit. */
struct pose {
	struct vec2 pos;
	double facing;
	enum formation form;
	bool fires;   /* may still fire this initiative */
};

struct cand {
	struct order o[DRILL_MAX_ORDERS];
	int n;
	struct pose end;
	enum drill_kind kind;
	double score;
	/* A move not yet swept: its footprint, way and allowance, and the
	 * order (o[n - 1]) whose distance the sweep will settle. */
	bool unswept, limbered;
	struct obb body;
	struct vec2 dir;
	double allow, want, sign;
	int enemy;   /* a battery unlimbers facing it, or -1 */
	/* A formation change not yet tried on the engine: the pose was
	 * guessed with the unit in its new formation where it stands. */
	bool unformed;
	/* A special order (oblique move, bridge crossing, a landmark) not yet
	 * tried: the pose is a guess until the engine carries it out. */
	bool untried;
};

/* A move is ordered this much (cm) short of the distance its sweep found,
 * so that rounding never carries it into what stopped the sweep. */
#define ORDER_MARGIN 0.001

struct cands {
	struct cand c[96];
	int n;
};

struct drill_scratch {
	struct cands cands;
	struct est_paths paths;
};

/* Carry out n orders on the engine and take them back: how many it
 * accepts, and where the unit ends (drill-check.c). */
int drill_trial(struct game *g, enum side side, const struct order *o, int n, int unit, struct pose *end);

/* How far a body may go along dir (the engine's sweep, stopping on no
 * friend), and a unit's allowance now; would a move of dist along dir
 * (or the body's facing) leave it on a friend (drill-check.c)? */
double drill_reach_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double want,
                         double allowance, bool limbered);
double drill_move_allowance(const struct game *g, const struct unit *u);
bool drill_on_friend(const struct game *g, int unit, const struct obb *body, double dist);
bool drill_on_friend_along(const struct game *g, int unit, const struct obb *body, struct vec2 dir, double dist);

/* Make a guessed candidate sure; false when it cannot be done
 * (drill-check.c). */
bool drill_verify_cand(struct game *g, enum side side, int unit, struct cand *c, bool *changed);

/* The candidates of a unit that is not artillery, and of a battery
 * (drill-cands.c). */
void drill_manoeuvre_cands(struct cands *cs, struct general_ai *ai, struct game *g, enum side side, int unit,
                           const struct aim *aim, bool far);
void drill_artillery_cands(const struct ai_tuning *tune, struct cands *cs, struct game *g, int unit,
                           const struct aim *aim, bool far, const struct est_paths *paths);

/* What opportunity charges could do to a unit going straight from from
 * to to in formation form: for guns, the chance they are caught; for
 * any other unit, the worst charge, as worth to the enemy (drill.c). */
double drill_way_exposure(const struct ai_tuning *tune, struct game *g, int unit, struct vec2 from, struct vec2 to,
                          enum formation form, const struct est_paths *paths);

/* The best shot a unit has from where it stands, as worth (drill.c). */
double drill_best_shot(const struct game *g, int unit, const struct est_paths *paths, int looks);

#endif
