/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-cmd: a libFuzzer target for the command language.  The input's
 * first byte chooses the battle (the built-in one or Auerstedt), who the
 * script plays (both sides, or one against the computer), the seed and
 * the rules (the game's own, or the 15 mm or the inches variant);
 * the rest is a script of commands, played through the batch controller
 * as `grognard --batch` would, including scripted dice, saves and dumps.
 * After the script, the state must hang together (game_check) and a save
 * of it must read back.  Built and run by 'make fuzz' (see the README). */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "io/diag.h"
#include "io/load.h"
#include "io/save.h"
#include "io/load-rules.h"

#ifndef FUZZ_DATADIR
#define FUZZ_DATADIR "."
#endif

extern const char default_battle_cfg[];

static FILE *null_out;
static const char *const variant[4] = {
	NULL, NULL, FUZZ_DATADIR "/rules/mininap-15mm.cfg", FUZZ_DATADIR "/rules/mininap-inches.cfg",
};
static char scratch_dir[PATH_MAX], save_path[PATH_MAX];

static const struct save_hooks hooks = {
	.format = cmd_format_order,
	.parse = cmd_parse_line,
	.builtin_name = "(built-in default battle)",
	.builtin_text = default_battle_cfg,
};

static int save_here(struct game *g, const char *name, char *why, size_t size)
{
	(void)name;
	return save_write(g, save_path, &hooks, why, size);
}

static void fault(void *ctx, const struct game_fault *f)
{
	(void)ctx;
	fprintf(stderr, "fuzz-cmd: the state does not hang together: %s\n", f->why);
	abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		abort();
	(void)argc, (void)argv;
	null_out = fopen("/dev/null", "w");
	snprintf(scratch_dir, sizeof scratch_dir, "%s/grognard-fuzz-cmd-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(scratch_dir))
		abort();
	snprintf(save_path, sizeof save_path, "%s/fuzz.save", scratch_dir);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = { 0 };
	struct game *g;
	struct script sc;
	struct general_ai ai;
	struct controller *ctl[SIDE_COUNT];
	FILE *in;
	unsigned mode;
	if (size < 1 || size > 4096)
		return 0;
	mode = data[0];
	/* Bits 6 and 7: the rules played under (0 and 1: the game's own). */
	rules_set_override(variant[mode >> 6]);
	if (mode & 1)
		g = load_scenario_file(FUZZ_DATADIR "/maps/auerstedt.cfg", (mode >> 3) & 7, &d);
	else
		g = load_scenario_text(default_battle_cfg, "(built-in default battle)", (mode >> 3) & 7, &d);
	if (!g)
		diag_print(&d, stderr);
	diag_free(&d);
	if (!g)
		abort(); /* the shipped battles always load, under every variant */
	if (!(in = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r"))) {
		game_free(g);
		return 0;
	}
	script_init(&sc, g, in, "fuzz", null_out, null_out);
	sc.ctx.save = save_here;
	ctl[SIDE_A] = ctl[SIDE_B] = &sc.ctl;
	/* Bits 1 and 2: the computer plays A, or B, or neither. */
	if ((mode & 6) == 2 || (mode & 6) == 4) {
		if (general_init(&ai, g, AI_NORMAL) < 0)
			abort();
		ctl[(mode & 6) == 2 ? SIDE_A : SIDE_B] = &ai.ctl;
	}
	/* The script runs out and the battle stops there (or ends sooner);
	 * the computer alone cannot play on for ever: game_step is bounded. */
	for (int steps = 0; steps < 20000 && game_step(g, ctl) == STEP_OK; steps++)
		;
	game_check(g, fault, NULL);
	if (!g->deciding) {
		char why[300];
		if (save_write(g, save_path, &hooks, why, sizeof why) == 0) {
			struct game *back = save_read(save_path, &hooks, &d);
			if (!back) {
				diag_print(&d, stderr);
				abort(); /* what the game wrote it must read back */
			}
			game_free(back);
			diag_free(&d);
		}
	}
	if ((mode & 6) == 2 || (mode & 6) == 4)
		general_free(&ai);
	script_free(&sc);
	fclose(in);
	game_free(g);
	return 0;
}
