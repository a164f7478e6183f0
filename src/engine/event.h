/* SPDX-License-Identifier: GPL-3.0-or-later */
/* event: what the engine reports to its listeners (the phase log, the map
 * view, a test recorder).  The engine never prints. */
#ifndef GROGNARD_EVENT_H
#define GROGNARD_EVENT_H

struct game;

enum event_kind {
	EV_LOG,   /* a line for the phase log */
	EV_DICE,  /* a throw; text is the log line that records it */
	EV_UNIT,  /* a unit changed (moved, lost SP, markers) */
	EV_PHASE, /* turn, initiative or phase changed */
};

struct event {
	enum event_kind kind;
	const char *text;  /* the log line, for EV_LOG and EV_DICE */
	int unit;          /* EV_UNIT: index, else -1 */
	int ndice;         /* EV_DICE */
	const int *faces;
	int total;
};

typedef void (*listener_fn)(void *ctx, const struct game *g,
                            const struct event *ev);

struct listener {
	listener_fn fn;
	void *ctx;
};

#define EVENT_MAX_LISTENERS 8

/* Register a listener; returns 0, or -1 when all slots are taken. */
int event_listen(struct game *g, listener_fn fn, void *ctx);
void event_unlisten(struct game *g, listener_fn fn, void *ctx);
void event_emit(struct game *g, const struct event *ev);
/* Listeners learn that a unit changed (-1: any or all of them). */
void event_unit_changed(struct game *g, int unit);

#endif
