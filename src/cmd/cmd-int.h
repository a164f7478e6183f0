/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd-int: what the command language's files share: the word limit, the
 * order syntaxes (cmd-orders.c) the executor and help look up. */
#ifndef GROGNARD_CMD_INT_H
#define GROGNARD_CMD_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "cmd.h"

#define MAX_WORDS 32

#if defined(__GNUC__)
#define CMD_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define CMD_PRINTF(a, b)
#endif

/* How an order is written: its usage line, its help and how many words
 * follow its name. */
struct order_words {
	const char *usage, *summary;
	int min_args, max_args;
};

/* The order (or alias of one: "pivot" is an order to face) a command word
 * names: its kind and words, or NULL. */
const struct order_words *cmd_order_words(const char *name, enum order_kind *kind);
/* Help lines for every order and alias, in the order of the list. */
void cmd_orders_help(FILE *out);

/* A pip as a word: one digit, 1 to 6; -1 if not. */
int cmd_pip_of(const char *w);

/* An error of a script or command line: "SOURCE:LINE: message". */
void cmd_error_at(struct cmd_ctx *ctx, const char *fmt, ...) CMD_PRINTF(2, 3);

#endif
