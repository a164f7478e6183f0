/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tuning: the computer opponent's own numbers (weights, thresholds,
 * distances), one row per level, and the worths its estimates share.
 * Numbers from the rule texts are not here: they are the engine's
 * (src/engine/rules.c).  Nor are numerical tolerances, the sizes of
 * working arrays, or bounds that only skip what could not matter. */
#ifndef GROGNARD_TUNING_H
#define GROGNARD_TUNING_H

#include <stdbool.h>

#include "ai.h"

struct ai_tuning {
	/* The plan (general-plan.c): each division's objective and role. */
	double defended_within;   /* cm: an enemy this near an objective's centre defends it */
	double slowest_speed;     /* cm a Turn: no division is reckoned slower */
	double pressed_within;    /* cm: an enemy this near an objective of ours that decides the battle presses us */
	double hold_if_weaker;    /* ahead on objectives with less SP than this times the enemy's: hold */
	double hold_if_beaten;    /* with less SP than this times the enemy's: hold */
	double urgency_base;      /* a pressed side's urgency at the start (it grows by the share of the battle gone, to 1) */
	double enemy_on_within;   /* cm: the enemy's SP this near an objective stand on it */
	double turns_spare;       /* an objective that takes more Turns than are left and this many is left out */
	double swing_taken;       /* an objective of the enemy's: its value times this */
	double swing_free;        /* one that nobody holds: its value times this */
	double swing_threatened;  /* one of ours with the enemy on it: its value times this */
	double swing_quiet;       /* one of ours with no enemy on it: its value times this */
	double swing_lead;        /* ours, when keeping it keeps a narrow lead: times this */
	double swing_behind;      /* ours, when the side is behind: times this */
	double swing_turning;     /* not ours, when taking it could turn the result: times this */
	double swing_holding;     /* not ours, when the side holds what it has: times this */
	double turns_offset;      /* an objective's score is divided by the Turns to get there and this */
	double taken_share;       /* what a division going for an objective takes off its worth to the next
	                           * (times its SP against the defenders', at most 1) */
	int reserve_divisions;    /* a corps of this many divisions or more may keep one in reserve */
	double reserve_until;     /* ... for this share of the battle */
	double reserve_if_weaker; /* ... while its SP are less than this times the enemy's */

	/* Each unit's aim under the plan (plan_aim in general-plan.c). */
	double aim_pull;          /* worth of each cm gained toward the target (attacking: twice this by the end) */
	double aim_near;          /* cm: this near the target counts as there */
	double aim_risk;          /* weight of the harm the enemy could do, with no plan */
	double attack_risk;       /* ... attacking */
	double hold_pull;         /* holding: worth of each cm gained */
	double hold_near;         /* ... cm that count as there */
	double hold_risk;         /* ... weight of the harm */
	double reserve_pull;      /* in reserve: worth of each cm gained */
	double reserve_near;      /* ... cm that count as there */
	double reserve_risk;      /* ... weight of the harm */
	double frontage;          /* cm: a unit heads for the goal shifted by its place in its division, at most this */
	double seize_pull;        /* an objective free for the taking: the pull times this */
	double urgent_pull;       /* pressed: the pull times 1 + this times the urgency */
	double urgent_risk;       /* pressed: the risk times 1 - this times the urgency */
	double risk_scale;        /* the risk times this at the end */

	/* The initiative (general-command.c). */
	bool commanders;          /* corps and division commanders placed, the brigade commander seen to */
	bool march;               /* a division marches as a whole (a division manoeuvre) */
	bool by_stake;            /* the brigade with most at stake acts (else the first one available) */
	double brigade_counts;    /* a unit of the brigade about to act counts this many in command */
	double stand_clear;       /* cm: no enemy this near a command stand */
	double stand_unsafe;      /* a stand's place with an enemy that near: this many fewer in command */
	double stand_gain;        /* a stand moves only to keep this many more in command */
	double attach_out;        /* a unit out of command needs its brigade commander this many times a cautious one */
	double attach_enemy;      /* ... times 1 + this over its distance (cm) from the enemy and attach_soft */
	double attach_soft;
	double ride_behind;       /* cm behind a unit out of reach its brigade commander rides to */
	double stake_threat_within; /* cm: a unit this near the enemy */
	double stake_threat;      /* ... puts this at stake */
	double stake_near_within; /* cm: a unit this near the enemy */
	double stake_near;        /* ... puts this at stake */
	double stake_cavalry;     /* cavalry within a charge of enemy foot or guns not in square */
	double stake_guns;        /* a battery within medium range */
	double stake_attack;      /* a brigade of a division attacking */
	double stake_reserve;     /* a brigade of a division in reserve */
	double march_clear;       /* cm beyond the rules' limit that a division marching keeps from the enemy */
	double march_there;       /* cm: a division with a unit this near its goal has arrived */

	/* The controller (general.c). */
	int plan_ahead;           /* units planned before the intent is written */
	double stale_within;      /* cm: a change this near a unit or where it is going calls its plan in question */
	bool fire_by_worth;       /* each unit fires where it does most harm (else at the nearest) */
	bool retreat;             /* a unit lost anyway leaves the field */
	double lost_gone;         /* ... when the chance it is destroyed is above this */
	double lost_for;          /* ... and the SP it would take with it fewer than this */

	/* A unit's plan (drill*.c). */
	double charge_threshold;  /* SP a charge must promise (less as the side is pressed) */
	double far_from_enemy;    /* cm: farther than this, only the march toward the aim is looked at */
	double shot_now;          /* the best shot it could fire now: times this */
	double shot_later;        /* ... and as the fire it could give later: times this */
	double charge_later;      /* the best charge it could make next time: times this (0: not looked at) */
	double stuck_turn;        /* degrees: ending turned this far from its aim (standing or a few cm on), unable to turn, */
	double stuck_cost;        /* ... costs this much of next time's progress */
	double support;           /* each friend close enough to join its fight (at most support_most) */
	int support_most;
	double support_within;    /* cm beyond the rules' join range */
	double mask_ahead;        /* cm in front of friendly foot that masks it */
	double mask_foot;         /* masking foot */
	double mask_guns;         /* masking guns (within their close range) */
	double caught;            /* a battery's move: what is had there counts only if it is not caught on
	                           * the way; caught, the guns' worth times this is lost, */
	double caught_column;     /* a column's move: times the worst opportunity charge it could meet */
	double caught_step;       /* ... their way looked at every this many cm */
	double on_objective;      /* standing on its objective: its value times this, */
	double on_objective_last; /* ... and this over 1 + the friends on it too */
	double clears_objective;  /* a charge on a unit standing on an objective to win */
	int shot_looks;           /* the nearest enemies in range whose shot is looked at */
	int charge_looks;         /* the nearest enemies whose charge next time is looked at */
	bool square_vs_cavalry;   /* infantry forms square where cavalry could charge it */
	double cavalry_turn;      /* degrees beyond the rules' pivot that enemy cavalry could charge from */
	double cavalry_reach;     /* cm beyond its charge */
	double fire_close;        /* cm: how close infantry stands to fire (inside the 4 cm of small arms) */
	double cavalry_off;       /* cm: where cavalry waits off the enemy */
	double face_within;       /* cm: an enemy this near is a heading to face */
	double away_within;       /* cm: an enemy this near is one to face away from too */
	double same_heading;      /* degrees: headings this close are one */
	double stand_off_turn;    /* degrees off the aim within which a move stops at the aim */
	double stand_off_along;   /* a move stands off an enemy at least this much ahead (cosine) */
	double square_inch;       /* cm a square inches toward its aim */
	double feature_within;    /* cm: a bridge or landmark's middle this near is one to cross or defend */

	/* The look-ahead (search.c): none with fewer than 2 choices. */
	int search_choices;       /* the initiative's choices compared (at most GENERAL_CHOICES_MAX) */
	int search_samples;       /* trials of each, with dice drawn from the cosmetic stream */
	int search_initiatives;   /* a trial plays this many initiatives (the first the choice's), in its Turn */
	int search_steps;         /* a trial stops after this many of the engine's steps */
	double search_threat;     /* ... what each side could do to the other then: times this */
	int search_manners;       /* the first choice is also tried in this many manners (ai_manners) */
	double search_objective;  /* a trial's end: each victory point held is worth this */
	double search_won;        /* ... the battle won (lost: less this) */

	/* Decisions (decide.c). */
	bool weigh_square;        /* an emergency square weighed (else always tried) */
	double fled;              /* guns that flee and get away: what it costs */
	double crews_left;        /* crews into a square: what it costs besides the guns */
	double abandoned;         /* guns left by their crews: this share of their worth is lost */
	double fell_back;         /* falling back: what it costs */
	double feint_step;        /* cm between the feints tried */
	double feint_turn;        /* degrees: a feint's pivot smaller than this is not made */
};

extern const struct ai_tuning ai_tuning[AI_LEVEL_COUNT];

/* Manners of fighting an initiative the look-ahead may choose (search.c):
 * the level's own row with these in place of its numbers; the first is
 * the row as it is (its numbers here are not read). */
struct ai_manner {
	double charge_threshold, attack_risk, risk_scale;
};
enum { AI_MANNERS = 3 };
extern const struct ai_manner ai_manners[AI_MANNERS];

/* What estimate.c reckons things worth, the same at every level (its
 * functions take no level: decisions, plans and the tests all ask them). */
struct ai_worth {
	double ground;            /* a break-through won, or ground given up to a charger */
	double sp;                /* a strength point */
	double gun_sp;            /* a strength point of guns */
	double objective_sp;      /* an objective's value times this, over the holders' SP, with the enemy near */
	double objective_enemy;   /* cm: the enemy this near a unit on an objective */
	double removal;           /* a unit removed, on top of its SP */
	double last_removal;      /* ... and this over the removals its side can still bear */
	double used_brigade;      /* the threat of an enemy whose brigade has had its initiative: times this */
	double cavalry_threat;    /* cm: cavalry this near is a threat */
	double close_in;          /* cm: foot could close this far to fire */
	double near_reach;        /* cm beyond a unit's move looked at while it is planned */
	double near_guns;         /* cm beyond its move and long range, for guns */
};

extern const struct ai_worth ai_worth;

#endif
