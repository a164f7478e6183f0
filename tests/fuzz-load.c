/* fuzz-load: a libFuzzer target for everything grognard reads from disk.
 * Each input is written to a file and handed to the data-file checker
 * (maps and orbats) and to the save reader, both for a continued battle
 * and for a replay.  Built and run by 'make fuzz' (see grognard(6)). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "engine/game.h"
#include "io/diag.h"
#include "io/load.h"
#include "io/save.h"

extern const char default_battle_cfg[];

static char input_path[PATH_MAX];

static const struct save_hooks hooks = {
	.format = cmd_format_order,
	.parse = cmd_parse_line,
	.builtin_name = "(built-in default battle)",
	.builtin_text = default_battle_cfg,
};

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char dir[] = "/tmp/grognard-fuzz.XXXXXX";
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		exit(1);
	}
	snprintf(input_path, sizeof input_path, "%s/input.cfg", dir);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
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
	game_free(g);
	diag_free(&d2);

	struct diag d3 = { 0 };
	g = save_read_start(input_path, &hooks, &d3);
	game_free(g);
	diag_free(&d3);
	return 0;
}
