/* SPDX-License-Identifier: GPL-3.0-or-later */
/* contact: which enemies touch a unit for hand-to-hand (base to base, or
 * over a bridge), the question fire, orders, reactions and the melee
 * phase all ask. */
#ifndef GROGNARD_CONTACT_H
#define GROGNARD_CONTACT_H

#include <stdbool.h>

struct game;

/* Contact for hand-to-hand: base to base, or over a bridge. */
bool contact_touching(const struct game *g, int a, int b);
/* An enemy the unit is in contact with for hand-to-hand, or -1: such a
 * unit fights instead of firing, and may not change formation or move of
 * its own will. */
int contact_engaged(const struct game *g, int unit);
/* The enemies it is in contact with, in unit order (the first max of
 * them); how many. */
int contact_enemies(const struct game *g, int unit, int *out, int max);

#endif
