/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ai: controllers that decide for a side with the engine's own rules. */
#ifndef GROGNARD_AI_H
#define GROGNARD_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/control.h"

struct game;

/* The baseline opponent ("--ai naive"): advances on the nearest enemy,
 * never thinks ahead.  Kept as a yardstick for the real AI. */
struct naive_ai {
	struct controller ctl;
	int initiative;  /* the initiative its plan belongs to */
	int phase;       /* and the phase */
	int unit;        /* the unit it is working on, -1 */
	int step;        /* the next step of that unit's plan */
	unsigned char *done;
	int ndone;
};

void naive_init(struct naive_ai *ai, struct game *g);
void naive_free(struct naive_ai *ai);

/* The computer opponent (src/ai/general.c): a plan from the objectives,
 * drill, and choices weighed with the rules' probabilities. */
enum ai_level { AI_EASY, AI_NORMAL, AI_HARD, AI_LEVEL_COUNT };

/* What a unit has done in the current step (general.c). */
enum { DID_FIRE = 1, DID_DONE = 2, DID_REPLAN = 4 };

struct div_plan;
struct drill;
struct drill_scratch;
struct drill_mark;
struct route_cache;
struct ai_tuning;
struct search;

struct general_ai {
	struct controller ctl;
	enum ai_level level;
	const struct ai_tuning *tune; /* the level's numbers (tuning.c) */
	struct game *game;
	struct div_plan *plan;   /* one per division */
	int ndivs;
	int plan_turn[2];        /* per side: the Turn its plan was made */
	double urgency[2];       /* 0..1: pressed (behind, or a deciding objective threatened) */
	int initiative, phase;   /* the step its state belongs to */
	bool planned;            /* the brigade's units planned this initiative */
	bool noted;              /* intent written (after its orders) this initiative */
	bool commanded;          /* the brigade commander seen to */
	int unit;                /* the unit being ordered, or -1 */
	unsigned char *did;      /* per unit: DID_ flags */
	struct drill *drills;    /* per unit: its plan this initiative */
	struct drill_mark *marks;/* per unit: where it stood when they were made */
	struct drill_scratch *scratch;
	struct route_cache *routes; /* ways round what units cannot cross (route.c) */
	long refusals;           /* orders the engine refused (should stay 0) */
	struct search *search;   /* hard: the look-ahead (search.c), else NULL */
	int pick, pick_init;     /* the initiative's choice the search made (see
	                          * general_choices), and the initiative it is for */
	int manner;              /* and the manner of fighting it (tuning.h), 0: the row's own */
};

/* 0, or -1 when out of memory. */
int general_init(struct general_ai *ai, struct game *g, enum ai_level level);
void general_free(struct general_ai *ai);
/* What the computer remembers of the battle (its plan, what it has done
 * this step) as one line of text, for a save (malloc'd; NULL when out of
 * memory); and the same taken back, which gives a battle continued from
 * the save the moves it would have had.  recall returns -1 (and forgets
 * everything) when the text is not such a line or not of this battle. */
char *general_memory(const struct general_ai *ai, const struct game *g);
int general_recall(struct general_ai *ai, const struct game *g, const char *text);
/* What a charge by unit a on t is worth (SP won less SP lost, expected),
 * or -INFINITY when the rules forbid it.  No die is thrown. */
double general_charge_value(struct game *g, int a, int t, bool breakthrough);
/* The role given a division by the plan: attack, hold, reserve. */
const char *general_role(const struct general_ai *ai, int division);

#endif
