/* SPDX-License-Identifier: GPL-3.0-or-later */
/* seq: the sequence of play: Turns, the dice for the initiative, the
 * phases of each brigade's initiative, markers coming and going. */
#ifndef GROGNARD_SEQ_H
#define GROGNARD_SEQ_H

#include <stdbool.h>

#include "enums.h"

struct game;

/* Brigades a side may still choose this Turn (with units on the table). */
int seq_brigades_left(const struct game *g, enum side side);
bool seq_brigade_available(const struct game *g, int brigade);

/* A division stand moves only just before one of its brigades (or its
 * division manoeuvre) is given the initiative: once one has moved in this
 * initiative, the division the choice must go to; else -1. */
int seq_pending_division(const struct game *g, enum side side);
/* Whether a division still has a brigade to be given the initiative. */
bool seq_division_available(const struct game *g, int division);

/* Throw for the initiative, ties thrown again: side A's dice against
 * side B's.  Returns the winner. */
enum side seq_throw_initiative(struct game *g, int dice_a, int dice_b);

/* After the scenario is loaded: garrisons, throws for ratings, time and
 * weather where asked, strengths at the start; the battle stands before
 * Turn 1. */
void seq_start_battle(struct game *g);
/* Begin the battle (Turn 1) or the next Turn. */
void seq_begin_turn(struct game *g);
/* Give the initiative to a brigade (the manoeuvre phase begins). */
void seq_activate_brigade(struct game *g, int brigade);
/* Begin a division manoeuvre. */
void seq_activate_division(struct game *g, int division, double allowance,
                           double keep_away);
/* The phase is over: go on to the next (and, after the break-through
 * phase, to the next initiative or the next Turn). */
void seq_end_phase(struct game *g);
/* A unit begins its manoeuvre; the one before it is finished. */
void seq_begin_unit(struct game *g, int unit);

/* Is the battle over (turn limit, darkness); sets phase OVER if so. */
bool seq_check_over(struct game *g);

#endif
