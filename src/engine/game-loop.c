/* SPDX-License-Identifier: GPL-3.0-or-later */
/* game-loop: the engine's side of the engine / controller boundary: asks
 * the controller with the initiative for an order, executes it, and runs
 * the automatic phases (hand-to-hand, break-through) in between. */
#include "config.h"

#include "control.h"
#include "game.h"
#include "grid.h"
#include "melee.h"
#include "move.h"
#include "order.h"
#include "react.h"
#include "seq.h"

enum step_result game_step(struct game *g, struct controller **ctl)
{
	struct order o;
	char why[MSG_LEN];
	int r;

	switch (g->phase) {
	case PHASE_SETUP:
		grid_hold(g);
		seq_begin_turn(g);
		grid_release(g);
		return g->phase == PHASE_OVER ? STEP_OVER : STEP_OK;
	case PHASE_OVER:
		return STEP_OVER;
	case PHASE_MELEE:
	case PHASE_BREAKTHROUGH: {
		/* Automatic phases with decisions in them: a quit puts back the
		 * state as it was when the phase began. */
		struct snapshot before;
		int res;
		if (game_snapshot_back(g, &before) < 0)
			return STEP_QUIT;
		grid_hold(g);
		res = g->phase == PHASE_MELEE ? melee_phase(g, ctl) : melee_breakthrough_phase(g, ctl);
		if (res == REACT_QUIT) {
			game_restore(g, &before);
			snapshot_free(&before);
			grid_release(g);
			return STEP_QUIT;
		}
		snapshot_free(&before);
		move_clear_all_stands(g);
		react_stands_overlapped(g);
		seq_end_phase(g);
		grid_release(g);
		return g->phase == PHASE_OVER ? STEP_OVER : STEP_OK;
	}
	case PHASE_INITIATIVE:
	case PHASE_MANOEUVRE:
	case PHASE_FIRE:
	case PHASE_COUNT:
		break;
	}
	o = order_new(ORD_END);
	if (g->has_pending) {
		/* An order stopped while its question waited (a hang-up, a save):
		 * given again, so the question is asked again, with the same dice. */
		o = g->pending;
		g->has_pending = false;
	} else if (ctl[g->initiative]->order(ctl[g->initiative], g, (enum side)g->initiative, &o) < 0) {
		return STEP_QUIT;
	}
	r = order_exec(g, ctl, (enum side)g->initiative, &o, why, sizeof why);
	if (r == -2) {
		/* Taken back with its dice; kept, to be given again. */
		g->pending = o;
		g->has_pending = true;
		return STEP_QUIT;
	}
	if (r < 0 && ctl[g->initiative]->refused)
		ctl[g->initiative]->refused(ctl[g->initiative], g, (enum side)g->initiative, &o, why);
	return g->phase == PHASE_OVER ? STEP_OVER : STEP_OK;
}

enum step_result game_run(struct game *g, struct controller **ctl)
{
	enum step_result r;
	while ((r = game_step(g, ctl)) == STEP_OK)
		;
	return r;
}
