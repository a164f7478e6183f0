/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order: what a side tells its troops, as data.  The command language
 * turns text into orders and back; the engine checks and carries them out,
 * refusing with a sentence that names the rule. */
#ifndef GROGNARD_ORDER_H
#define GROGNARD_ORDER_H

#include <stdbool.h>
#include <stddef.h>

#include "enums.h"
#include "formation.h"
#include "geom.h"

struct game;
struct controller;

/* Every order, one line each: the kind, the token naming its executor
 * (order_do_TOKEN, in the order-*.c file of its family) and its parse and
 * format functions in the command language, its word in files and
 * commands, what it does, and its flags.  Adding an order: a line here,
 * its executor, its syntax in src/cmd/cmd-orders.c (doc/HACKING.md). */
#define ORDER_LIST(X) \
	X(ORD_BRIGADE, brigade, "brigade", "give a brigade the initiative", 0) \
	X(ORD_DIVMOVE, divmove, "divmove", "manoeuvre a whole division", 0) \
	X(ORD_FACE, face, "face", "pivot a unit about its centre to a facing", OK_UNIT) \
	X(ORD_ABOUT, about, "about", "about face", OK_UNIT) \
	X(ORD_FORM, form, "form", "change formation", OK_UNIT) \
	X(ORD_MOVE, move, "move", "move straight ahead", OK_UNIT) \
	X(ORD_MOVETO, moveto, "moveto", "pivot toward a point, then move straight toward it", OK_UNIT) \
	X(ORD_SIDESTEP, sidestep, "sidestep", "side-step (infantry in line or skirmish line)", OK_UNIT) \
	X(ORD_STEPBACK, stepback, "stepback", "step back (infantry in line or skirmish line)", OK_UNIT) \
	X(ORD_OBLIQUE, oblique, "oblique", "move obliquely (infantry in line or skirmish line)", OK_UNIT) \
	X(ORD_INCH, inch, "inch", "inch a square in any direction", OK_UNIT) \
	X(ORD_PROLONG, prolong, "prolong", "prolong artillery forward or back", OK_UNIT) \
	X(ORD_REDEPLOY, redeploy, "redeploy", "limber, move and unlimber artillery", OK_UNIT) \
	X(ORD_CHARGE, charge, "charge", "charge an enemy unit", OK_UNIT) \
	X(ORD_CROSS, cross, "cross", "cross a bridge", OK_UNIT) \
	X(ORD_DEFEND, defend, "defend", "occupy or leave a landmark", OK_UNIT) \
	X(ORD_FIRE, fire, "fire", "fire at an enemy unit", 0) \
	X(ORD_BOMBARD, bombard, "bombard", "fire artillery at an undefended building or bridge", 0) \
	X(ORD_CMOVE, cmove, "cmove", "move a command stand", OK_COMMANDER) \
	X(ORD_ATTACH, attach, "attach", "attach a brigade commander to a unit", OK_COMMANDER) \
	X(ORD_DETACH, detach, "detach", "detach a brigade commander", OK_COMMANDER) \
	X(ORD_RETREAT, retreat, "retreat", "retreat a unit from the battle", 0) \
	X(ORD_END, end, "end", "end the phase", 0) \
	X(ORD_CONCEDE, concede, "concede", "give up the battle", 0) \
	X(ORD_NOTE, note, "note", "write a line in the log: what a side means to do", 0) \
	X(ORD_UNDO, undo, "undo", "take back the last order of the unit manoeuvring", 0) \
	X(ORD_ANSWER, answer, "answer", "answer a decision the rules give (in the history)", OK_HISTORY) \
	X(ORD_DICE, dice, "dice", "the pips of the next throws (batch mode and tests; in the history)", \
	  OK_HISTORY) \
	X(ORD_REWEATHER, rethrow_weather, "rethrow-weather", \
	  "throw the battle's weather again, before it begins (in the history)", OK_HISTORY)

/* Flags of an order kind. */
enum {
	OK_UNIT = 1 << 0,      /* one unit's manoeuvre: it may be taken back (undo) */
	OK_COMMANDER = 1 << 1, /* order.unit is a commander, not a unit */
	OK_HISTORY = 1 << 2,   /* not an order: an entry of the history only */
};

#define ORDER_ENUM(id, tok, key, text, flags) id,
enum order_kind { ORDER_LIST(ORDER_ENUM) ORD_COUNT };
#undef ORDER_ENUM
extern const struct enum_name order_names[ORD_COUNT];
/* The flags of an order kind (OK_...). */
unsigned order_flags(enum order_kind k);

/* What carrying out an order came to. */
enum order_result {
	ORDER_OK = 0,
	ORDER_REFUSED = -1, /* the rules forbid it: nothing changed; why names the rule */
	ORDER_QUIT = -2,    /* a controller stopped while it was asked (the program leaves) */
};

#define ORDER_MAX_POINTS 8
#define ORDER_TEXT_LEN 120

struct order {
	enum order_kind kind;
	int unit;        /* unit index; for commander orders the commander */
	int target;      /* brigade, division, unit or feature index; -1 */
	double a, b, c;  /* distances (cm) or angles (degrees) */
	bool has_a, has_b, has_c;
	enum formation form;
	int flag;        /* order-specific: anchor stand, "max", side-first... */
	int npts;
	struct vec2 pts[ORDER_MAX_POINTS];
	char word[24];   /* answer: the option's word */
	char text[ORDER_TEXT_LEN]; /* note: the line for the log; dice: the pips, "3461" */
};

/* Flags. */
enum {
	OF_MAX = 1 << 0,        /* move / redeploy as far as allowed */
	OF_SIDE_FIRST = 1 << 1, /* oblique: sideways leg first */
	OF_OFF = 1 << 2,        /* defend: leave the landmark */
	OF_WITH_CMDR = 1 << 3,  /* retreat: the attached commander goes too */
	OF_EXTEND = 1 << 4,     /* charge: try to extend it if out of reach
	                         * (a charge's facing, when given, is a) */
};

/* A fresh order of a kind: no unit, no target, nothing else set. */
static inline struct order order_new(enum order_kind kind)
{
	return (struct order){ .kind = kind, .unit = -1, .target = -1 };
}

/* What an order would do, found by carrying it out on the real state with
 * listeners silenced and putting everything back (no die is spent). */
struct preview {
	bool ok;
	char why[MSG_LEN];       /* the refusal, when not ok */
	int unit;            /* the unit concerned, or -1 */
	struct vec2 pos;     /* where it would end */
	double facing;
	enum formation form;
	double used;         /* movement it would have spent */
	bool may_fire;       /* and could still fire this initiative */
	bool dice;           /* a die was thrown on the way (and taken back) */
};
void order_preview(struct game *g, enum side side, const struct order *o,
                   struct preview *p);
/* The same for orders carried out one after another (one unit's turn,
 * formation, move): how many the engine accepted, p telling of the last
 * one carried out. */
int order_preview_seq(struct game *g, enum side side, const struct order *o, int n,
                      struct preview *p);

/* A charge outside the manoeuvre phase (a break-through charge): checked
 * only, or carried out.  0, -1 refused (why), -2 a controller stopped. */
int order_charge_check(struct game *g, int unit, int target, bool breakthrough, char *why,
                       size_t size);
int order_charge(struct game *g, struct controller **ctl, int unit, int target, bool breakthrough,
                 char *why, size_t size);

/* Whether the unit may charge at all now (its side giving the order): 0,
 * or -1 with what forbids it (already moved, turned over 90 degrees, a
 * division manoeuvre, not its phase ...), as the charge order would say. */
int order_charge_ready(struct game *g, enum side side, int unit, char *why, size_t size);

/* Whether a command stand may move now at all (its side giving the
 * order), wherever it would go: 0, or -1 with what forbids it (a division
 * stand after one of its brigades was chosen, already moved ...). */
int order_cmove_ready(struct game *g, enum side side, int commander, char *why, size_t size);

/* A division manoeuvre for a division now (its side giving the order):
 * 0 with its allowance, how far its units must keep from the enemy and
 * the nearest enemy's distance to any of its units (INFINITY for none);
 * -1 with why when it may not make one. */
int order_divmove_allowance(struct game *g, enum side side, int division, double *allow,
                            double *keep, double *nearest, char *why, size_t size);

/* Where a charge with the default facing would make contact (for showing
 * it), without dice: the facing it would pivot to (the smallest pivot that
 * makes the charge legal) and where it would stop. */
int order_charge_reach(struct game *g, int unit, int target, struct vec2 *end, double *facing,
                       char *why, size_t size);

/* How far short of its target a charge from where the unit stands would
 * stop (0 when it reaches; else the way an extended charge must make up,
 * facing *facing).  0, or -1 refused (why) when no charge, extended or
 * not, may be tried (a target further than the extension dice could make
 * up is not "just outside" the charge). */
int order_charge_short(struct game *g, int unit, int target, double *gap, double *facing,
                       char *why, size_t size);

/* Carry out an order for a side.  Returns 0, or -1 with the reason (a
 * sentence naming the rule) in why; a refused order changes nothing. */
int order_exec(struct game *g, struct controller **ctl, enum side side,
               const struct order *o, char *why, size_t size);

#endif
