/* SPDX-License-Identifier: GPL-3.0-or-later */
/* order-int: what the order files share (order.c and order-*.c): the
 * context an order is carried out in, the checks and moves every family
 * uses, and the executors the order table names. */
#ifndef GROGNARD_ORDER_INT_H
#define GROGNARD_ORDER_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "move.h"
#include "order.h"

/* One order being carried out. */
struct order_ctx {
	struct game *g;
	struct controller **ctl;
	enum side side;
	const struct order *o;
	char *why;
	size_t size;
	bool caught; /* an enemy charge stopped the unit on its way */
};

/* The executors, one for each order kind of ORDER_LIST: order_do_TOKEN.
 * Each returns ORDER_OK, or ORDER_REFUSED with the rule in c->why (the
 * caller puts the state back), or ORDER_QUIT (a controller stopped). */
#define ORDER_EXEC_DECL(id, tok, key, text, flags) int order_do_##tok(struct order_ctx *c);
ORDER_LIST(ORDER_EXEC_DECL)
#undef ORDER_EXEC_DECL

/* Refuse with a sentence naming the rule: ORDER_REFUSED. */
int ord_refuse(struct order_ctx *c, const char *fmt, ...) GAME_PRINTF(2, 3);
bool ord_in_contact_with_enemy(const struct game *g, int unit);
/* Abandoned artillery does nothing: the refusal. */
int ord_refuse_abandoned(struct order_ctx *c, const struct unit *u);
/* A unit of the side, on the table, in the brigade (or division) that has
 * the initiative, in the manoeuvre phase, not finished: 0, or refused. */
int ord_manoeuvre_unit(struct order_ctx *c, int unit);
/* Begin (or go on with) this unit's manoeuvre; the one before is done. */
void ord_begin_unit_order(struct game *g, int unit);
/* What the unit may move now (a division manoeuvre's allowance, else its
 * formation's). */
double ord_unit_allowance(const struct game *g, const struct unit *u);
/* A blocker (a unit, the table's edge, a feature: move_blocker) in words. */
const char *ord_blocker_text(const struct game *g, int k, char *buf, size_t size);
/* What slowed a sweep, for a refusal: " (at half rate: ...)", or "". */
const char *ord_rate_note(const struct game *g, const struct mover *m, const struct sweep *s, char *buf,
                          size_t size);
/* The refusal for a sweep that stopped short of want. */
int ord_refuse_sweep(struct order_ctx *c, const char *what, double want, const struct sweep *s,
                     const struct mover *m, double allowance);
/* Carry a unit want cm along dir (with max: as far as allowed, up to
 * want when want > 0), offering
 * the enemy its reactions on the way: 0 with *moved and *cost, or
 * refused, or ORDER_QUIT. */
int ord_sweep_unit(struct order_ctx *c, int unit, const char *what, struct vec2 dir, double want,
                   bool max, double allowance, bool limbered, struct obb *body, double *moved,
                   double *cost);
/* After a unit has moved: its commander rides with it, stands step aside. */
void ord_after_move(struct game *g, int unit);
/* May the unit still move (not crossed a bridge, not moved, not an
 * emergency square)? 0, or refused. */
int ord_check_can_move(struct order_ctx *c, const struct unit *u);
/* A unit at 1 SP spared only by being unformed or in square is removed
 * once it is neither. */
void ord_no_longer_exempt(struct game *g, int unit);
/* A command stand crosses a bridge over water: 0, or -1. */
int ord_stand_cross_bridge(struct game *g, int k, int water);

#endif
