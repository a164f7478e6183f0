/* SPDX-License-Identifier: GPL-3.0-or-later */
/* menu-random: the start-up menu's random battle, with its region,
 * size and forces chosen. */
#ifndef GROGNARD_MENU_RANDOM_H
#define GROGNARD_MENU_RANDOM_H

#include <stdint.h>

struct ui;
struct game;

/* The start-up menu's random battle: its region, the size of the forces
 * and each side's force asked, each chosen or left to the dice; the
 * battle (seeded with seed), or NULL when given up (Esc), when it could
 * not be made (said on screen) or when the terminal went away. */
struct game *menu_random_battle(struct ui *ui, uint64_t seed);

#endif
