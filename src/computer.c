/* SPDX-License-Identifier: GPL-3.0-or-later */
/* computer: the computer's sides: the general or the naive baseline, one
 * for both sides or one a side, their refused orders said aloud in batch
 * mode, their memory kept with every save. */
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

/* One player at the level save_ai_words[word]: NULL when out of memory. */
static struct controller *player_init(struct computer_player *p, struct game *g, int word)
{
	memset(p, 0, sizeof *p);
	if (word == AI_WORD_NAIVE) {
		p->naive = true;
		naive_init(&p->naive_ai, g);
		return &p->naive_ai.ctl;
	}
	enum ai_level level = word == AI_WORD_EASY ? AI_EASY : word == AI_WORD_HARD ? AI_HARD : AI_NORMAL;
	if (general_init(&p->general, g, level) < 0)
		return NULL;
	return &p->general.ctl;
}

static void player_free(struct computer_player *p)
{
	if (p->naive)
		naive_free(&p->naive_ai);
	else
		general_free(&p->general);
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
 * back from the save it continues.  A player for both sides remembers in
 * one line; each side's own player in a line of its own, after the
 * side's letter ("A: general ..."). */
static struct computer *playing;

/* The line of a side's player in a memory written one a side, or NULL. */
static const char *side_line(const char *m, enum side side)
{
	size_t k = strlen(side_names[side].key);
	for (const char *p = m; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, side_names[side].key, k) == 0 && p[k] == ':' && p[k + 1] == ' ')
			return p + k + 2;
	return NULL;
}

/* The memory of a side's player in the battle's (malloc'd; NULL when it
 * has none): its own line, or the whole when one player wrote it for both
 * sides (its plan covers both). */
static char *memory_of(const struct computer *c, const char *m, enum side side)
{
	const char *line;
	if (!side_line(m, SIDE_A) && !side_line(m, SIDE_B))
		return strdup(m);
	if (c->n == 1 || !(line = side_line(m, side)))
		return NULL;
	return strndup(line, strcspn(line, "\n"));
}

bool computer_start(struct computer *c, struct game *g, const char *ai)
{
	int levels[SIDE_COUNT] = { AI_WORD_NORMAL, AI_WORD_NORMAL };
	memset(c, 0, sizeof *c);
	if (ai)
		save_ai_levels(ai, levels);
	c->n = levels[SIDE_A] == levels[SIDE_B] ? 1 : 2;
	for (int k = 0; k < c->n; k++)
		if (!(c->ctl[k] = player_init(&c->player[k], g, levels[k]))) {
			for (int j = 0; j < k; j++)
				player_free(&c->player[j]);
			return false;
		}
	if (c->n == 1)
		c->ctl[SIDE_B] = c->ctl[SIDE_A];
	for (int k = 0; k < c->n && g->ai_memory; k++) {
		char *m = c->player[k].naive ? NULL : memory_of(c, g->ai_memory, (enum side)k);
		if (m)
			general_recall(&c->player[k].general, g, m);
		free(m);
	}
	playing = c;
	return true;
}

void remember(struct game *g)
{
	char *m = NULL;
	size_t len = 0;
	FILE *f;
	if (!playing)
		return;
	if (playing->n == 1) {
		if (playing->player[0].naive || !(m = general_memory(&playing->player[0].general, g)))
			return;
	} else {
		bool any = false;
		if (!(f = open_memstream(&m, &len)))
			return;
		for (int k = 0; k < playing->n; k++) {
			char *line;
			if (playing->player[k].naive || !(line = general_memory(&playing->player[k].general, g)))
				continue;
			fprintf(f, "%s%s: %s", any ? "\n" : "", side_names[k].key, line);
			any = true;
			free(line);
		}
		if (fclose(f) != 0 || !any) {
			free(m);
			return;
		}
	}
	free(g->ai_memory);
	g->ai_memory = m;
}

void computer_free(struct computer *c)
{
	if (playing == c)
		playing = NULL;
	for (int k = 0; k < c->n; k++)
		player_free(&c->player[k]);
}
