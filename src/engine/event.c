/* SPDX-License-Identifier: GPL-3.0-or-later */
/* event: the listeners a game reports to. */
#include "config.h"

#include "event.h"
#include "game.h"

int event_listen(struct game *g, listener_fn fn, void *ctx)
{
	if (g->nlisteners >= EVENT_MAX_LISTENERS)
		return -1;
	g->listeners[g->nlisteners++] = (struct listener){ fn, ctx };
	return 0;
}

void event_unlisten(struct game *g, listener_fn fn, void *ctx)
{
	for (int i = 0; i < g->nlisteners; i++) {
		if (g->listeners[i].fn == fn && g->listeners[i].ctx == ctx) {
			for (int j = i + 1; j < g->nlisteners; j++)
				g->listeners[j - 1] = g->listeners[j];
			g->nlisteners--;
			return;
		}
	}
}

void event_emit(struct game *g, const struct event *ev)
{
	for (int i = 0; i < g->nlisteners; i++)
		g->listeners[i].fn(g->listeners[i].ctx, g, ev);
}

void event_unit_changed(struct game *g, int unit)
{
	struct event ev = { .kind = EV_UNIT, .unit = unit };
	event_emit(g, &ev);
}
