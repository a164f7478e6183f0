/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-load: a libFuzzer target for everything grognard reads from disk.
 * Each input is written to a file and handed to the data-file checker
 * (maps and orbats) and to the save reader, both for a continued battle
 * and for a replay.  A battle that loads is then dumped and played on a
 * few steps by a stub controller, as the game would, so that a state that
 * loads but does not hang together shows as a crash here.  Built and run
 * by 'make fuzz' (see the README). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/seq.h"
#include "io/diag.h"
#include "io/load.h"
#include "io/save.h"
#include "io/load-rules.h"

extern const char default_battle_cfg[];

static char input_dir[PATH_MAX], input_path[PATH_MAX];
static FILE *null_out;

/* A side that takes its first brigade, moves each unit a little, ends
 * every phase and answers every question with its first choice. */
static int stub_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	int *moved = c->ctx;
	if (g->phase == PHASE_INITIATIVE) {
		for (int b = 0; b < g->nbrigs; b++)
			if (brigade_side(g, b) == side && seq_brigade_available(g, b)) {
				*o = order_new(ORD_BRIGADE);
				o->target = b;
				return 0;
			}
	}
	while (g->phase == PHASE_MANOEUVRE && *moved < g->nunits) {
		int u = (*moved)++;
		if (g->units[u].side == side) {
			*o = order_new(ORD_MOVE);
			o->unit = u;
			o->a = 2;
			o->has_a = true;
			return 0;
		}
	}
	*moved = 0;
	*o = order_new(ORD_END);
	return 0;
}

static int stub_decide(struct controller *c, struct game *g, struct decision *d)
{
	(void)c, (void)g;
	d->choice = 0;
	d->value = d->opt[0].lo;
	return 0;
}

static void play_a_little(struct game *g)
{
	int moved = 0;
	struct controller stub = { .ctx = &moved, .order = stub_order, .decide = stub_decide };
	struct controller *ctl[SIDE_COUNT] = { &stub, &stub };
	cmd_dump(g, null_out);
	/* The computer's memory is read back as the game would. */
	if (g->ai_memory) {
		struct general_ai ai;
		if (general_init(&ai, g, AI_NORMAL) == 0) {
			general_recall(&ai, g, g->ai_memory);
			general_free(&ai);
		}
	}
	for (int i = 0; i < 40 && game_step(g, ctl) == STEP_OK; i++)
		;
	cmd_dump(g, null_out);
}

static const struct save_hooks hooks = {
	.format = cmd_format_order,
	.parse = cmd_parse_line,
	.builtin_name = "(built-in default battle)",
	.builtin_text = default_battle_cfg,
};

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void clean_up(void)
{
	unlink(input_path);
	rmdir(input_dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char dir[] = "/tmp/grognard-fuzz.XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	snprintf(input_dir, sizeof input_dir, "%s", dir);
	snprintf(input_path, sizeof input_path, "%s/input.cfg", dir);
	atexit(clean_up);
	if (!(null_out = fopen("/dev/null", "w"))) {
		perror("/dev/null");
		exit(1);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The game's own rules again: an input may have put others in force. */
	if (!rules_use_builtin())
		abort();
	FILE *f = fopen(input_path, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	if (fclose(f) != 0)
		abort();

	struct diag d = { 0 };
	enum load_kind kind;
	load_check(input_path, &d, &kind);
	diag_free(&d);

	struct diag d2 = { 0 };
	struct game *g = save_read(input_path, &hooks, &d2);
	if (g)
		play_a_little(g);
	game_free(g);
	diag_free(&d2);

	struct diag d3 = { 0 };
	/* The start of the battle is the scenario's (checked by its loader):
	 * the history read with it is all there is to see. */
	g = save_read_start(input_path, &hooks, &d3);
	if (g)
		cmd_dump(g, null_out);
	game_free(g);
	diag_free(&d3);
	return 0;
}
