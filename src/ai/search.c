/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search: the hard computer's look-ahead.  Before it chooses what acts in
 * an initiative, it takes its few best choices (general_choices) and plays
 * each forward to the end of the initiative, several times, on the game
 * itself inside an engine trial that takes everything back: its own side
 * played by a controller of its level that makes that choice, the enemy's
 * by the normal one.  The trials throw dice from a generator seeded from
 * the game's cosmetic stream, the same seeds for every choice (so that
 * choices are compared on the same luck); a scripted die is never used,
 * and the rules' generator is never looked at.  The choice whose trials
 * end best on average is made (the one the controller would have made
 * without looking ahead, among equals).  Only the cosmetic stream is left
 * changed: a battle is the same from the same seed and orders. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/control.h"
#include "engine/game.h"
#include "engine/rng.h"
#include "engine/victory.h"
#include "estimate.h"
#include "general-int.h"
#include "search.h"
#include "tuning.h"

struct search {
	struct general_ai own, foe; /* who plays each side in a trial */
	struct div_plan *plan;      /* every division's plan as a trial starts */
	uint64_t *seeds;            /* a trial's dice, one seed a sample */
	double urgency[2];          /* each side's, as a trial starts */
};

static enum side other(enum side side)
{
	return side == SIDE_A ? SIDE_B : SIDE_A;
}

struct search *search_new(const struct general_ai *ai, struct game *g)
{
	struct search *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	if (general_init_plain(&s->own, g, ai->level) < 0) {
		free(s);
		return NULL;
	}
	if (general_init_plain(&s->foe, g, AI_NORMAL) < 0) {
		general_free(&s->own);
		free(s);
		return NULL;
	}
	s->plan = calloc((size_t)g->ndivs + 1, sizeof *s->plan);
	s->seeds = calloc((size_t)ai->tune->search_samples + 1, sizeof *s->seeds);
	if (!s->plan || !s->seeds) {
		search_free(s);
		return NULL;
	}
	return s;
}

void search_free(struct search *s)
{
	if (!s)
		return;
	general_free(&s->own);
	general_free(&s->foe);
	free(s->plan);
	free(s->seeds);
	free(s);
}

/* How a trial ended for side: the worth of its units on the field less
 * the enemy's (as the estimates reckon it), the objectives each holds,
 * and the battle if it is over. */
static double evaluate(const struct general_ai *ai, struct game *g, enum side side)
{
	double v = 0;
	enum side foe = other(side);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		if (u->state == US_ACTIVE || u->state == US_RESERVE)
			v += (u->side == side ? 1 : -1) * est_whole_worth(g, u);
	}
	victory_update_objectives(g);
	v += ai->tune->search_objective * (victory_points(g, (int)side) - victory_points(g, (int)foe));
	if (g->phase == PHASE_OVER && g->winner >= 0)
		v += g->winner == (int)side ? ai->tune->search_won : -ai->tune->search_won;
	return v;
}

/* A controller made ready for a trial: as at the start of an initiative,
 * with the plans the trial starts from. */
static void ready(struct general_ai *p, const struct search *s, struct game *g)
{
	p->initiative = -1;
	p->phase = -1;
	p->unit = -1;
	p->planned = p->noted = p->commanded = false;
	p->pick = PICK_NONE;
	memset(p->did, 0, (size_t)g->nunits);
	for (int i = 0; i < g->nunits; i++)
		p->drills[i].planned = false;
	memcpy(p->plan, s->plan, (size_t)g->ndivs * sizeof *p->plan);
	p->plan_turn[0] = p->plan_turn[1] = g->turn;
	p->urgency[0] = s->urgency[0];
	p->urgency[1] = s->urgency[1];
}

/* One trial of a choice: played to the end of the initiative (or of the
 * steps allowed), valued, and taken back.  NAN when out of memory. */
static double trial(struct search *s, const struct general_ai *ai, struct game *g, enum side side, int choice,
                    uint64_t seed)
{
	struct controller *ctl[SIDE_COUNT];
	struct game_trial t;
	int init = g->initiatives, turn = g->turn;
	double v;
	if (game_trial_begin(g, &t) < 0)
		return NAN;
	g->nscript = g->script_pos; /* no scripted die: the trial has its own */
	rng_seed(&g->dice, seed);
	ready(&s->own, s, g);
	ready(&s->foe, s, g);
	s->own.pick = choice;
	s->own.pick_init = init;
	ctl[side] = &s->own.ctl;
	ctl[other(side)] = &s->foe.ctl;
	for (int k = 0; k < ai->tune->search_steps && g->initiatives < init + ai->tune->search_initiatives &&
	                g->turn == turn;
	     k++)
		if (game_step(g, ctl) != STEP_OK)
			break;
	v = evaluate(ai, g, side);
	game_trial_end(g, &t);
	return v;
}

/* The enemy's plan as the normal controller would make it now (inside a
 * trial: whatever it draws is taken back), with the side's own. */
static bool plans(struct search *s, const struct general_ai *ai, struct game *g, enum side side)
{
	struct game_trial t;
	if (game_trial_begin(g, &t) < 0)
		return false;
	general_plan(&s->foe, g, other(side));
	game_trial_end(g, &t);
	for (int d = 0; d < g->ndivs; d++)
		s->plan[d] = division_side(g, d) == side ? ai->plan[d] : s->foe.plan[d];
	s->urgency[side] = ai->urgency[side];
	s->urgency[other(side)] = s->foe.urgency[other(side)];
	return true;
}

void search_initiative(struct general_ai *ai, struct game *g, enum side side)
{
	struct search *s = ai->search;
	const struct ai_tuning *tune = ai->tune;
	int choice[GENERAL_CHOICES_MAX], n, best = 0;
	double bv = -INFINITY;

	ai->pick = PICK_NONE;
	ai->pick_init = g->initiatives;
	n = general_choices(ai, g, side, choice, tune->search_choices);
	if (n < 2 || !plans(s, ai, g, side))
		return;
	for (int j = 0; j < tune->search_samples; j++)
		s->seeds[j] = rng_next(&g->cosmetic);
	for (int c = 0; c < n; c++) {
		double sum = 0;
		for (int j = 0; j < tune->search_samples; j++) {
			double v = trial(s, ai, g, side, choice[c], s->seeds[j]);
			if (isnan(v))
				return; /* out of memory: no choice made here */
			sum += v;
		}
		if (sum > bv) {
			bv = sum;
			best = c;
		}
	}
	ai->pick = choice[best];
}
