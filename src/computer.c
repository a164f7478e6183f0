/* SPDX-License-Identifier: GPL-3.0-or-later */
/* computer: the computer's side: the general or the naive baseline, its refused
 * orders said aloud in batch mode, its memory kept with every save. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/victory.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "main-int.h"
#include "random-cli.h"
#include "ui/ui.h"

static const char *const ai_words[] = { "easy", "normal", "hard" };

static struct controller *computer_init(struct computer *c, struct game *g, const char *ai)
{
	memset(c, 0, sizeof *c);
	if (ai && strcmp(ai, "naive") == 0) {
		c->naive = true;
		naive_init(&c->naive_ai, g);
		return &c->naive_ai.ctl;
	}
	for (int l = AI_EASY; l <= AI_HARD; l++)
		if (!ai || strcmp(ai, ai_words[l]) == 0) {
			if (general_init(&c->general, g, ai ? (enum ai_level)l : AI_NORMAL) < 0)
				return NULL;
			return &c->general.ctl;
		}
	return NULL;
}


int loud_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct loud *l = c->ctx;
	return l->inner->order(l->inner, g, side, o);
}

void loud_refused(struct controller *c, struct game *g, enum side side, const struct order *o,
                         const char *why)
{
	struct loud *l = c->ctx;
	char buf[512];
	printf("refused: %s (the computer): %s\n", cmd_format_order(g, o, buf, sizeof buf), why);
	l->inner->refused(l->inner, g, side, o, why);
}

int loud_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct loud *l = c->ctx;
	return l->inner->decide(l->inner, g, d);
}

/* The computer playing now: its memory goes into every save, and comes
 * back from the save it continues. */
static struct computer *playing;

struct controller *computer_start(struct computer *c, struct game *g, const char *ai)
{
	struct controller *ctl = computer_init(c, g, ai);
	if (ctl && !c->naive && g->ai_memory)
		general_recall(&c->general, g, g->ai_memory);
	playing = ctl ? c : NULL;
	return ctl;
}

void remember(struct game *g)
{
	char *m;
	if (!playing || playing->naive || !(m = general_memory(&playing->general, g)))
		return;
	free(g->ai_memory);
	g->ai_memory = m;
}

void computer_free(struct computer *c)
{
	if (playing == c)
		playing = NULL;
	if (c->naive)
		naive_free(&c->naive_ai);
	else
		general_free(&c->general);
}
