/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order: what a side tells its troops, as data.  The command language
 * turns text into orders and back; the engine checks and carries them out,
 * refusing with a sentence that names the rule. */
#ifndef GROGNARD_ORDER_H
#define GROGNARD_ORDER_H

#include <stdbool.h>
#include <stddef.h>

#include "enums.h"
#include "geom.h"

struct game;
struct controller;

#define ORDER_LIST(X) \
	X(ORD_BRIGADE, "brigade", "give a brigade the initiative") \
	X(ORD_DIVMOVE, "divmove", "manoeuvre a whole division") \
	X(ORD_FACE, "face", "pivot a unit about its centre to a facing") \
	X(ORD_ABOUT, "about", "about face") \
	X(ORD_FORM, "form", "change formation") \
	X(ORD_MOVE, "move", "move straight ahead") \
	X(ORD_SIDESTEP, "sidestep", "side-step (infantry in line or skirmish line)") \
	X(ORD_STEPBACK, "stepback", "step back (infantry in line or skirmish line)") \
	X(ORD_OBLIQUE, "oblique", "move obliquely (infantry in line or skirmish line)") \
	X(ORD_INCH, "inch", "inch a square in any direction") \
	X(ORD_PROLONG, "prolong", "prolong artillery forward or back") \
	X(ORD_REDEPLOY, "redeploy", "limber, move and unlimber artillery") \
	X(ORD_CHARGE, "charge", "charge an enemy unit") \
	X(ORD_CROSS, "cross", "cross a bridge") \
	X(ORD_DEFEND, "defend", "occupy or leave a landmark") \
	X(ORD_FIRE, "fire", "fire at an enemy unit") \
	X(ORD_BOMBARD, "bombard", "fire artillery at an undefended building or bridge") \
	X(ORD_CMOVE, "cmove", "move a command stand") \
	X(ORD_ATTACH, "attach", "attach a brigade commander to a unit") \
	X(ORD_DETACH, "detach", "detach a brigade commander") \
	X(ORD_RETREAT, "retreat", "retreat a unit from the battle") \
	X(ORD_END, "end", "end the phase") \
	X(ORD_CONCEDE, "concede", "give up the battle") \
	X(ORD_NOTE, "note", "write a line in the log: what a side means to do") \
	X(ORD_UNDO, "undo", "take back the last order of the unit manoeuvring") \
	X(ORD_ANSWER, "answer", "answer a decision the rules give (in the history)") \
	X(ORD_DICE, "dice", "the pips of the next throws (batch mode and tests; in the history)") \
	X(ORD_REWEATHER, "rethrow-weather", "throw the battle's weather again, before it begins (in the history)")

enum order_kind { ORDER_LIST(ENUM_ID) ORD_COUNT };
extern const struct enum_name order_names[ORD_COUNT];

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
/* Formation change anchors: which stand stays in place. */
enum anchor { ANCHOR_AUTO, ANCHOR_LEFT, ANCHOR_RIGHT, ANCHOR_FRONT, ANCHOR_REAR };

struct order order_new(enum order_kind kind);

/* What an order would do, found by carrying it out on the real state with
 * listeners silenced and putting everything back (no die is spent). */
struct preview {
	bool ok;
	char why[256];       /* the refusal, when not ok */
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

/* Where a unit would stand in a new formation, keeping its facing: one
 * stand stays in place and the other forms around it, at the clear
 * placement nearest its centre (touching no unit it did not touch, but
 * target, an enemy it may stay in contact with).  0 with *centre, or 1
 * with the unit or ground in the way in *blocker (as move_place_blocker). */
int order_form_place(struct game *g, int unit, enum formation to, int target, struct vec2 *centre,
                     int *blocker);

/* Whether the unit may charge at all now (its side giving the order): 0,
 * or -1 with what forbids it (already moved, turned over 90 degrees, a
 * division manoeuvre, not its phase ...), as the charge order would say. */
int order_charge_ready(struct game *g, enum side side, int unit, char *why, size_t size);

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
