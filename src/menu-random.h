/* SPDX-License-Identifier: GPL-3.0-or-later */
/* menu-random: the start-up menu's new battle: the built-in one, or a
 * random battle with its region, size and forces chosen. */
#ifndef GROGNARD_MENU_RANDOM_H
#define GROGNARD_MENU_RANDOM_H

#include <stdint.h>

struct ui;
struct game;

/* Asked when a new battle was chosen over saved ones: a random battle
 * (seeded with seed), or NULL for the built-in battle (or when the
 * terminal went away: ui_hung_up says). */
struct game *menu_new_battle(struct ui *ui, uint64_t seed);

#endif
