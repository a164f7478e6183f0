/* SPDX-License-Identifier: GPL-3.0-or-later */
/* control: the one interface through which the engine asks a side for
 * its orders and decisions.  The human (curses), the computer (ai) and
 * the script (batch commands, tests) implement it; the engine does not
 * know which it is talking to. */
#ifndef GROGNARD_CONTROL_H
#define GROGNARD_CONTROL_H

#include "enums.h"
#include "order.h"

struct game;

#define DECISION_MAX_OPTIONS 16

/* Every decision the rules give a side: id, word, what it is about. */
#define DECISION_LIST(X) \
	X(DK_OPPORTUNITY, "opportunity", "opportunity charge") \
	X(DK_COUNTER, "counter", "counter-charge") \
	X(DK_FALLBACK, "fallback", "skirmishers charged") \
	X(DK_FLEE, "flee", "horse artillery charged by infantry") \
	X(DK_CREWS, "crews", "gun crews beside a square") \
	X(DK_ESQUARE, "esquare", "emergency square") \
	X(DK_FEINT, "feint", "feint charge") \
	X(DK_FEINT_PIVOT, "feintpivot", "pivot after a feint") \
	X(DK_RETURN_FIRE, "returnfire", "return fire") \
	X(DK_SUPPORT_FIRE, "supportfire", "artillery supporting return fire") \
	X(DK_SUPPRESS, "suppress", "suppression fire") \
	X(DK_JOIN, "join", "joining a hand-to-hand combat") \
	X(DK_BREAKOUT, "breakout", "breaking out of square to join in") \
	X(DK_SPLIT, "split", "splitting strength points") \
	X(DK_BREAKTHROUGH, "breakthrough", "a break-through") \
	X(DK_BRIDGE, "bridge", "which unit defends a bridge")

enum decision_kind { DECISION_LIST(ENUM_ID) DK_COUNT };
extern const struct enum_name decision_names[DK_COUNT];

/* A decision the rules give a side while the other acts. */
struct decision {
	enum decision_kind kind;
	enum side side;
	int unit, other;     /* the deciding unit and the enemy concerned */
	const char *question;/* one line: what and which rule */
	int nopts;
	struct {
		const char *key;   /* the word answering it in the command language */
		const char *label;
		double lo, hi;     /* a number to give with it (lo < hi), e.g. cm */
		const char *unit;  /* what the number counts: "cm", "degrees", "SP" */
		double dflt;       /* a sensible number to offer first */
		const char *said;  /* what the log says the unit does, chosen (after
		                    * its id; '#' stands for the number); NULL: the label */
	} opt[DECISION_MAX_OPTIONS];
	/* The answer. */
	int choice;
	double value;
};

struct controller {
	void *ctx;
	/* The next order for side in the current phase; 0, or -1 to stop
	 * playing (quit, end of input). */
	int (*order)(struct controller *c, struct game *g, enum side side, struct order *o);
	/* The last order was refused for this reason. */
	void (*refused)(struct controller *c, struct game *g, enum side side,
	                const struct order *o, const char *why);
	/* Answer a decision (fill choice and value); 0, or -1 to stop. */
	int (*decide)(struct controller *c, struct game *g, struct decision *d);
};

enum step_result {
	STEP_OK,    /* something happened; call again */
	STEP_QUIT,  /* a controller stopped the game */
	STEP_OVER,  /* the battle is over */
};

/* Put a decision to its side's controller and record the answer in the
 * battle's history.  0, or -1 when the controller stops the game. */
int game_decide(struct game *g, struct controller **ctl, struct decision *d);
/* Add an option to a decision (a number from lo to hi, in cm, the least
 * offered first, when lo < hi). */
void decision_option(struct decision *d, const char *key, const char *label, double lo,
                     double hi);
/* The number of the option just added: what it counts and what to offer. */
void decision_value(struct decision *d, const char *unit, double dflt);
/* What the log says of the option just added when it is chosen, after
 * the unit's id, in words ("falls back # cm": '#' is the number). */
void decision_said(struct decision *d, const char *said);

/* Advance the battle by one order or one automatic step. */
enum step_result game_step(struct game *g, struct controller **ctl);
/* Play until the battle ends or a controller stops. */
enum step_result game_run(struct game *g, struct controller **ctl);

#endif
