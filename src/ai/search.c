/* SPDX-License-Identifier: GPL-3.0-or-later */
/* search: the hard computer's look-ahead.  Before it chooses what acts in
 * an initiative, it takes its few best choices (general_choices), the
 * first also in each manner of fighting (ai_manners: its own, bolder, more
 * careful), and plays each forward to the end of the initiative, several
 * times, on the game itself inside an engine trial that takes everything
 * back: its own side played by a controller of its level that makes that
 * choice in that manner, the enemy's by the normal one.  The trials throw
 * dice from a generator seeded from the game's cosmetic stream, the same
 * seeds for every choice (so that choices are compared on the same luck);
 * a scripted die is never used, and the rules' generator is never looked
 * at.  A trial's end is valued by the worth of what each side has left,
 * the objectives held, and what each could do to the other next.  The choice whose trials end best on average
 * is made (the one the controller would have made without looking ahead,
 * among equals), and played in its manner to the end of the initiative.
 * Only the cosmetic stream is left changed: a battle is the same from the
 * same seed and orders. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/control.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/rng.h"
#include "engine/victory.h"
#include "estimate.h"
#include "general-int.h"
#include "search.h"
#include "tuning.h"

struct search {
	struct general_ai own, foe; /* who plays each side in a trial */
	struct ai_tuning rows[AI_MANNERS]; /* the level's row in each manner */
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
	for (int m = 0; m < AI_MANNERS; m++) {
		s->rows[m] = *ai->tune;
		if (m > 0) {
			s->rows[m].charge_threshold = ai_manners[m].charge_threshold;
			s->rows[m].attack_risk = ai_manners[m].attack_risk;
			s->rows[m].risk_scale = ai_manners[m].risk_scale;
		}
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

/* What each side could do to the other before it acts again, as the
 * estimates reckon it (est_threat), for side: what it stands to lose less
 * what the enemy does.  Only units within reach of an enemy are looked at. */
static double threats(struct game *g, enum side side)
{
	double v = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		double d;
		if (u->state != US_ACTIVE || unit_abandoned(u) ||
		    est_nearest_enemy_within(g, u, ai_worth.cavalry_threat, &d) < 0 || d > ai_worth.cavalry_threat)
			continue;
		v += (u->side == side ? 1 : -1) * est_threat(g, i, NULL, NULL);
	}
	return v;
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
	if (ai->tune->search_threat > 0)
		v -= ai->tune->search_threat * threats(g, side);
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
                    int manner, uint64_t seed)
{
	struct controller *ctl[SIDE_COUNT];
	struct game_trial t;
	int init = g->initiatives, turn = g->turn;
	double v;
	int held = grid_held(g);
	if (game_trial_begin(g, &t) < 0)
		return NAN;
	/* Played as the battle is, from the top: the spatial index not held
	 * (the engine holds it for its own work); the restore files every
	 * unit again. */
	grid_set_held(g, 0);
	g->nscript = g->script_pos; /* no scripted die: the trial has its own */
	rng_seed(&g->dice, seed);
	ready(&s->own, s, g);
	ready(&s->foe, s, g);
	s->own.pick = choice;
	s->own.pick_init = init;
	s->own.tune = &s->rows[manner];
	ctl[side] = &s->own.ctl;
	ctl[other(side)] = &s->foe.ctl;
	for (int k = 0; k < ai->tune->search_steps && g->initiatives < init + ai->tune->search_initiatives &&
	                g->turn == turn;
	     k++)
		if (game_step(g, ctl) != STEP_OK)
			break;
	v = evaluate(ai, g, side);
	game_trial_end(g, &t);
	grid_set_held(g, held);
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

const struct ai_tuning *search_tuning(const struct general_ai *ai, const struct game *g, enum side side)
{
	bool chosen = ai->pick_init == g->initiatives && g->initiative == (int)side && ai->manner > 0 &&
	              ai->manner < AI_MANNERS;
	return &ai->search->rows[chosen ? ai->manner : 0];
}

void search_initiative(struct general_ai *ai, struct game *g, enum side side)
{
	struct search *s = ai->search;
	const struct ai_tuning *tune = &s->rows[0];
	int choice[GENERAL_CHOICES_MAX], pick[GENERAL_CHOICES_MAX + AI_MANNERS], manner[GENERAL_CHOICES_MAX + AI_MANNERS];
	int n, ncand = 0, best = 0, manners = tune->search_manners < AI_MANNERS ? tune->search_manners : AI_MANNERS;
	double bv = -INFINITY;

	ai->pick = PICK_NONE;
	ai->manner = 0;
	ai->pick_init = g->initiatives;
	ai->tune = tune;
	n = general_choices(ai, g, side, choice, tune->search_choices);
	/* The first choice in each manner, then the others in the row's own. */
	for (int m = 0; n > 0 && m < manners; m++, ncand++) {
		pick[ncand] = choice[0];
		manner[ncand] = m;
	}
	for (int c = 1; c < n; c++, ncand++) {
		pick[ncand] = choice[c];
		manner[ncand] = 0;
	}
	if (ncand < 2 || !plans(s, ai, g, side))
		return;
	for (int j = 0; j < tune->search_samples; j++)
		s->seeds[j] = rng_next(&g->cosmetic);
	for (int c = 0; c < ncand; c++) {
		double sum = 0;
		for (int j = 0; j < tune->search_samples; j++) {
			double v = trial(s, ai, g, side, pick[c], manner[c], s->seeds[j]);
			if (isnan(v))
				return; /* out of memory: no choice made here */
			sum += v;
		}
		if (sum > bv) {
			bv = sum;
			best = c;
		}
	}
	ai->pick = pick[best];
	ai->manner = manner[best];
}
