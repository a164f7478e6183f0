/* SPDX-License-Identifier: GPL-3.0-or-later */
/* random-cli: random battles as the program takes them: the command
 * line's options for one, and the start-up menu's random battle with its
 * region, size and forces chosen. */
#ifndef GROGNARD_RANDOM_CLI_H
#define GROGNARD_RANDOM_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "io/random-battle.h"

struct ui;
struct game;

/* The options, for getopt_long's table (their values from 256 up). */
#define RANDOM_CLI_OPTIONS \
	{ "random", no_argument, NULL, 256 }, { "region", required_argument, NULL, 257 }, \
	{ "size", required_argument, NULL, 258 }, { "forces", required_argument, NULL, 259 }, \
	{ "regions", required_argument, NULL, 260 }, { "export-map", required_argument, NULL, 261 }

struct random_cli {
	bool random;            /* --random */
	bool chosen;            /* a choice of one given (they need --random) */
	struct random_options ro;
	const char *export_map; /* --export-map NAME */
};

/* Take option c (getopt_long's value) with its argument: 0 when taken,
 * 1 when it is not one of these, -1 when its argument is wrong (said on
 * the standard error). */
int random_cli_option(struct random_cli *rc, int c, const char *arg);

/* The start-up menu's random battle: its region, the size of the forces
 * and each side's force asked, each chosen or left to the dice; the
 * battle (seeded with seed), or NULL when given up (Esc), when it could
 * not be made (said on screen) or when the terminal went away. */
struct game *menu_random_battle(struct ui *ui, uint64_t seed);

#endif
