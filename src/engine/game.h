/* SPDX-License-Identifier: GPL-3.0-or-later */
/* game: the whole state of a battle (sides, forces, ground, Turn and
 * phase, dice, log) and the functions that build it. */
#ifndef GROGNARD_GAME_H
#define GROGNARD_GAME_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "enums.h"
#include "event.h"
#include "geom.h"
#include "orbat.h"
#include "order.h"
#include "rng.h"
#include "terrain.h"
#include "unit.h"
#include "weather.h"

#define GAME_PATH_LEN 256

#if defined(__GNUC__)
#define GAME_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GAME_PRINTF(a, b)
#endif

struct side_info {
	char name[NAME_LEN];
	char orbat[GAME_PATH_LEN]; /* where the force came from */
	int corps;                 /* its (first) corps, -1 before the orbat is loaded */
	int break_percent;         /* broken when this share of units is lost */
};

struct objective {
	char name[NAME_LEN];
	int feature;       /* index of a terrain feature, or -1 for a point */
	struct vec2 at;    /* a point objective's centre */
	double radius;
	int value;         /* victory points for holding it at the end */
	int holder;        /* side holding it, or -1 */
};

struct log_line {
	int turn;
	char *text;
};

/* Everything of a battle that changes as it is fought but for the arrays
 * (units, commanders, brigades, objectives, the ground's damage) and the
 * log and history: a snapshot copies it whole, and a save writes and
 * reads it through the field table of state.h.  struct game holds it as
 * its member st, and also by the names of its fields (g->turn). */
#define BATTLE_STATE_MEMBERS \
	int turn;                                                                   \
	enum phase phase;                                                           \
	int initiative;      /* side with the initiative, or -1 */                  \
	int active_brigade;  /* -1 when none */                                     \
	int current_unit;    /* the unit manoeuvring now, or -1 */                  \
	int divmove;         /* division in a division manoeuvre, or -1 */          \
	double divmove_allow, divmove_keep; /* its allowance and stand-off */       \
	int initiatives;     /* initiatives begun in the battle */                  \
	int decisions;       /* decisions answered in the battle */                 \
	int deciding;        /* > 0 while a side is asked a decision (mid-order) */ \
	int terrain_version; /* bumped when the ground changes (a village lost) */  \
	int winner;          /* when over: the winning side, or -1 (a draw) */      \
	char result[256];    /* when over: who won and why */                       \
	char ended[128];     /* when over: what ended it */                         \
	struct weather_state wx;                                                    \
	struct rng dice;     /* the rules' dice */                                  \
	struct rng cosmetic; /* AI tie-breaks and the like: never the rules */      \
	int nscript, script_pos; /* scripted dice queued, and used */               \
	/* An order of the side with the initiative that was stopped while a      \
	 * decision it raised waited for an answer (the program left): taken      \
	 * back, and given again by the next game_step, so that the question is   \
	 * asked again with the same dice. */                                     \
	bool has_pending;                                                           \
	struct order pending;

struct battle_state {
	BATTLE_STATE_MEMBERS
};

/* The mutable part of a game, to take back an order. */
struct snapshot {
	struct unit *units;
	struct commander *cmdrs;
	struct brigade *brigs;
	struct objective *obj;
	int *damage;
	struct battle_state st;
	int nlog, nhistory;
	/* Made only to take back (game_snapshot_back, a trial's): units
	 * holds each unit but for its id and name, which nothing but the
	 * loaders writes. */
	bool tails;
};

#define UNDO_MAX 16

struct game {
	char title[NAME_LEN];
	char *description;
	char scenario[GAME_PATH_LEN];
	uint64_t scenario_sum; /* checksum of the scenario's text as loaded */
	char rules[GAME_PATH_LEN]; /* the rules it is fought under, as named */
	uint64_t rules_sum;        /* and the checksum of their every number */

	uint64_t seed;
	/* Scripted dice (batch mode's 'dice', --dice, tests): the pips the next
	 * throws take, script[script_pos] first, before the generator is used
	 * again.  Only ever appended to, so the state keeps only two counts. */
	int *script;
	int capscript;
	int turns;

	/* The battle's changing state: g->st as a whole, or field by field. */
	union {
		struct battle_state st;
		struct {
			BATTLE_STATE_MEMBERS
		};
	};

	/* Who plays, as the program was told (the sides the keyboard plays:
	 * A, B, both or none; the computer's level, or each side's, as
	 * "A=hard,B=normal"): kept with the battle so that a continued one is
	 * played as it was.  Empty when not known. */
	char players[8];
	char ai[24];
	/* The computer's memory of the battle (its plan, what it has done this
	 * step): text it writes and reads back itself, kept with the battle so
	 * that a continued one is played as it would have been.  May be NULL. */
	char *ai_memory;

	struct side_info side[SIDE_COUNT];
	struct map map;

	struct corps *corps;
	int ncorps;
	struct division *divs;
	int ndivs;
	struct brigade *brigs;
	int nbrigs;
	struct unit *units;
	int nunits;
	struct commander *cmdrs;
	int ncmdrs;
	struct objective *obj;
	int nobj;

	struct log_line *log;
	int nlog, caplog;

	/* Every order carried out, in order: the battle's replay. */
	struct order *history;
	int nhistory;

	/* Snapshots before each order of the unit manoeuvring now. */
	struct snapshot undo[UNDO_MAX];
	int nundo;
	uint64_t undo_draws;

	struct listener listeners[EVENT_MAX_LISTENERS];
	int nlisteners;

	/* Inside order_preview_seq (which takes all back, and stops at the
	 * first refusal): an order keeps no state of its own to take back or
	 * to undo.  Never saved or snapshotted. */
	bool previewing;

	/* The units' spatial index (grid.h): where each unit stands, kept by
	 * the index itself; never saved or snapshotted. */
	struct grid *grid;
	/* What the looks for stands under units last saw (watch.h); never
	 * saved or snapshotted either. */
	struct watch *watch;
};

struct game *game_new(uint64_t seed);
void game_free(struct game *g);

/* Building the forces; each returns the new index. */
int game_add_corps(struct game *g, const struct corps *c);
int game_add_division(struct game *g, const struct division *d);
int game_add_brigade(struct game *g, const struct brigade *b);
int game_add_unit(struct game *g, const struct unit *u);
int game_add_commander(struct game *g, const struct commander *c);
int game_add_objective(struct game *g, const struct objective *o);

/* Log a line (to the game's log and every listener). */
void game_log(struct game *g, const char *fmt, ...) GAME_PRINTF(2, 3);
void game_vlog(struct game *g, const char *fmt, va_list ap);
/* Throw n six-sided dice (any number) for a reason (a printf format),
 * record every face in the log, and return the total.  faces, when not
 * NULL, has room for n. */
int game_roll(struct game *g, int n, int *faces, const char *fmt, ...) GAME_PRINTF(4, 5);

/* Take and restore the mutable state (units, commanders, brigades,
 * objectives, structural damage, turn and phase, weather, dice; the log
 * and history are cut back to their length). */
int game_snapshot(const struct game *g, struct snapshot *s);
void game_restore(struct game *g, const struct snapshot *s);
void snapshot_free(struct snapshot *s);
/* The same for taking back only (an order refused or undone): the units
 * kept without their ids and names (tails set); a unit's acts in it are
 * reached through snapshot_acted. */
int game_snapshot_back(const struct game *g, struct snapshot *s);
unsigned *snapshot_acted(struct snapshot *s, int unit);
/* Restore for looking only (a replay's frames): the log and history are
 * left whole. */
void game_restore_view(struct game *g, const struct snapshot *s);
/* A trial on the game itself, all of it taken back after: the state (as
 * a snapshot has it), the log and history cut back, the undo stack put
 * back as it was; the listeners hear nothing meanwhile.  begin: 0, or -1
 * when out of memory (nothing begun). */
struct game_trial {
	struct snapshot before;
	struct snapshot undo[UNDO_MAX];
	int nundo, nlisteners;
	uint64_t undo_draws;
};
int game_trial_begin(struct game *g, struct game_trial *t);
void game_trial_end(struct game *g, struct game_trial *t);
/* Forget the undo snapshots (a die was thrown, another unit began). */
void game_drop_undo(struct game *g);
/* Record an order carried out. */
void game_record(struct game *g, const struct order *o);
/* Scripted dice: the next n throws take these pips (1 to 6), in order,
 * after any still queued; then the seeded generator resumes where it was.
 * Recorded in the history (as 'dice' entries), so saves and replays take
 * them at the same point.  0, or -1 with why (a pip out of range: none is
 * queued). */
int game_script_dice(struct game *g, const int *pips, int n, char *why, size_t size);
/* The same without recording (a save's queue read back). */
int game_queue_dice(struct game *g, const int *pips, int n);

/* A way in which a state does not hang together (a damaged save): the
 * part (the game itself, a unit or a commander, by index), the saved key
 * at fault and a sentence. */
enum game_part { GP_GAME, GP_UNIT, GP_COMMANDER };
struct game_fault {
	enum game_part part;
	int index;
	const char *key;
	char why[MSG_LEN];
};
/* Check what the sequence of play and the table need of a state: a side
 * with the initiative in every phase that has one, the active brigade or
 * division on that side, strength no more than at the start, everything
 * on the field on the table.  Calls fault for each problem (when not NULL)
 * and returns how many there were. */
int game_check(const struct game *g, void (*fault)(void *ctx, const struct game_fault *f), void *ctx);

/* Throw n dice (any number) scoring a hit for each face of need or more
 * (hand-to-hand): logs the faces and the hits; returns the hits. */
int game_roll_hits(struct game *g, int n, int need, const char *fmt, ...) GAME_PRINTF(4, 5);

/* Shapes on the table. */
struct shape unit_shape(const struct unit *u, struct vec2 buf[4]);
double game_unit_distance(const struct unit *a, const struct unit *b);
/* Whether two units are within limit of each other (cheap when far). */
bool game_units_within(const struct unit *a, const struct unit *b, double limit);

#endif
