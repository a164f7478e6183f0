/* SPDX-License-Identifier: GPL-3.0-or-later */
/* weather: the time of day and the weather of the battle (Mini-Nap 2
 * weather guidelines). */
#ifndef GROGNARD_WEATHER_H
#define GROGNARD_WEATHER_H

#include <stdbool.h>
#include <stddef.h>

#include "enums.h"
#include "terrain.h"

struct game;

struct weather_state {
	bool time_roll, weather_roll; /* to be thrown at the start */
	int start_minutes;            /* minutes after midnight at Turn 1 */
	bool dawn, dusk;              /* the dawn or dusk visibility rule */
	enum weather weather;         /* the battle's weather */
	enum sky sky;                 /* what it is doing now */
	int sky_turns;                /* Turns the sky keeps, 0 = settled */
	double sky_sight;             /* visibility the sky allows (cm), 0 = unlimited */
	bool mud;                     /* rain or snow has turned the ground */
	bool settled_clear;           /* cleared for the rest of the battle */
	bool rolled;                  /* the weather was thrown, so may be again */
	int rethrows;                 /* times it has been thrown again */
};

/* Throw for the time and weather where the scenario says "roll". */
void weather_setup(struct game *g);
/* Whether the battle's weather may still be thrown again: before the
 * battle begins, where it was thrown, fewer times than the rules allow. */
bool weather_may_rethrow(const struct game *g);
/* Throw the weather again (2D6, logged) and record it in the history;
 * 0, or -1 with the rule that forbids it in why. */
int weather_rethrow(struct game *g, char *why, size_t size);
/* Time of day at the start of a Turn, in minutes after midnight. */
int weather_minutes(const struct game *g, int turn);
/* "HH:MM" for a Turn. */
const char *weather_clock(const struct game *g, int turn, char buf[8]);
/* Maximum visibility in cm at the current Turn: INFINITY when nothing
 * limits it, 0 when night has fallen. */
double weather_visibility(const struct game *g);
/* Map a 2D6 throw on the time and weather tables. */
int weather_time_for_roll(int roll, bool *dawn, bool *dusk);
enum weather weather_for_roll(int roll);
/* What the weather does to the whole field for a class of mover in a mode
 * of movement: GO_HALF in hot weather; in mud, passable rough ground's row
 * of the terrain table (cavalry may not charge or intercept: GO_NO). */
enum go weather_ground(const struct game *g, enum tclass tc, enum terrain_mode mode);
/* The same as a rate (cm of allowance per cm moved, or RULES_CANT). */
double weather_ground_rate(const struct game *g, enum tclass tc, enum terrain_mode mode);
/* Whether the weather halves the ordinary movement of this class of
 * mover (hot weather, or mud for all but infantry). */
bool weather_all_half(const struct game *g, enum tclass tc);
/* "the rain (snow) has turned the whole field to mud, ...", for refusals. */
const char *weather_mud_text(const struct game *g);

#endif
