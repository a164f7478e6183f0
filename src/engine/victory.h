/* SPDX-License-Identifier: GPL-3.0-or-later */
/* victory: how a battle is won.  The rules leave it to the players; our
 * scenarios decide it: objectives held at the end, a side broken by its
 * losses, the turn limit, concession. */
#ifndef GROGNARD_VICTORY_H
#define GROGNARD_VICTORY_H

#include <stdbool.h>

struct game;

/* Who holds each objective now: a side with units on it (touching the
 * feature, or within the point's radius) and no enemy there takes it. */
void victory_update_objectives(struct game *g);
/* Is a unit on an objective (touching its feature, or in its circle)? */
struct objective;
struct unit;
bool victory_on_objective(const struct game *g, const struct objective *o, const struct unit *u);
/* Units a side has lost (eliminated or retreated) and started with. */
void victory_losses(const struct game *g, int side, int *lost, int *units, int *sp_lost, int *sp0);
/* The value of the objectives a side holds now. */
int victory_points(const struct game *g, int side);
/* The value of all the objectives on the map. */
int victory_points_total(const struct game *g);
/* How many lost units of the units a side has break it (the first count
 * that reaches its scenario's share). */
int victory_break_at(const struct game *g, int side, int units);
/* Is a side broken (it has lost its scenario's share of its units)? */
bool victory_broken(const struct game *g, int side);
/* End the battle now and decide the winner: objectives, then the smaller
 * share of strength lost; why says what ended it. */
void victory_end(struct game *g, const char *why);
/* A side gives up: the other wins. */
void victory_concede(struct game *g, int side);
/* Check whether a side is broken (at the end of an initiative); ends the
 * battle if so.  Returns true when it is over. */
bool victory_check_broken(struct game *g);
/* The after-action report as lines of text (the caller frees each line
 * and the array). */
int victory_report(const struct game *g, char ***lines);

#endif
