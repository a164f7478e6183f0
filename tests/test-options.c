/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-options: the player's options file: keys, colours, the checks. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/options.h"
#include "ui/ui-keymap.h"
#include "io/load-rules.h"

static char path[64];

static void write_file(const char *text)
{
	FILE *f;
	snprintf(path, sizeof path, "/tmp/grognard-opt-%d.cfg", (int)getpid());
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_defaults(void **state)
{
	struct ui_options o;
	(void)state;
	options_default(&o, &ui_keymap);
	assert_int_equal(o.key[ACT_MOVE], 'm');
	assert_int_equal(o.key[ACT_LEFT], 'h');
	assert_int_equal(o.key[ACT_LOG], 16);
	assert_int_equal(o.colour[PAL_SIDE_A], 4); /* blue */
	assert_int_equal(o.colour[PAL_SIDE_B], 1); /* red */
	assert_int_equal(o.watch_delay, 400);
	/* No two default actions share a key. */
	for (int a = 0; a < ACT_COUNT; a++)
		for (int b = a + 1; b < ACT_COUNT; b++)
			assert_int_not_equal(o.key[a], o.key[b]);
}

static void test_good_file(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	(void)state;
	write_file("keys = { move = \"v\"; log = \"^L\"; redraw = \"ctrl-r\"; select = \"space\"; };\n"
	           "colours = { side_a = \"cyan\"; };\nascii = true;\nwatch_delay = 150;\n");
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, path, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(o.key[ACT_MOVE], 'v');
	assert_int_equal(o.key[ACT_LOG], 12);
	assert_int_equal(o.key[ACT_REDRAW], 18);
	assert_int_equal(o.colour[PAL_SIDE_A], 6);
	assert_true(o.ascii);
	assert_int_equal(o.watch_delay, 150);
	unlink(path);
}

static void test_bad_file(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	char want[256];
	(void)state;
	write_file("keys = { move = \"p\"; jump = \"z\"; quit = \"Esc\"; pivot = \"p\"; };\n"
	           "colours = { side_b = \"purple\"; grass = \"green\"; };\nspeed = 3;\n");
	options_default(&o, &ui_keymap);
	assert_false(options_load(&o, path, &d));
	assert_int_equal(d.n, 6);
	snprintf(want, sizeof want, "%s:3: options: unknown key 'speed' (expected one of: keys, "
	         "palette, colours, ascii, watch_delay)", path);
	assert_string_equal(d.msg[0], want);
	snprintf(want, sizeof want, "%s:1: keys: no action 'jump' (the actions are listed in grognard(5))", path);
	assert_string_equal(d.msg[1], want);
	snprintf(want, sizeof want, "%s:1: keys: 'Esc' is not a key: give one character, \"^X\", \"tab\", "
	         "\"space\" or \"enter\"", path);
	assert_string_equal(d.msg[2], want);
	snprintf(want, sizeof want, "%s:2: colours: 'purple' is not one of: black, red, green, yellow, "
	         "blue, magenta, cyan, white", path);
	assert_string_equal(d.msg[3], want);
	snprintf(want, sizeof want, "%s:2: colours: nothing called 'grass' has a colour", path);
	assert_string_equal(d.msg[4], want);
	snprintf(want, sizeof want, "%s:1: keys: 'pivot' and 'move' are both on p", path);
	assert_string_equal(d.msg[5], want);
	/* Nothing of it is taken, and the file is named as rejected. */
	assert_int_equal(o.key[ACT_MOVE], 'm');
	assert_int_equal(o.colour[PAL_SIDE_B], 1);
	assert_int_equal(o.file, OPTIONS_REJECTED);
	assert_string_equal(o.path, path);
	diag_free(&d);
	unlink(path);
}

/* A key the file gives takes it from an action that has it only by
 * default (a file written before that action had its key): that one is
 * on no key; two actions the file itself puts on one key are an error. */
static void test_key_taken_from_a_default(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	char kb[16];
	(void)state;
	write_file("keys = { brigade = \"r\"; };\n");
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, path, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(o.key[ACT_BRIGADE], 'r');
	assert_int_equal(o.key[ACT_ROSTER], 0);
	assert_string_equal(options_key_name(o.key[ACT_ROSTER], kb), "(no key)");
	write_file("keys = { brigade = \"r\"; roster = \"z\"; };\n");
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, path, &d));
	assert_int_equal(o.key[ACT_ROSTER], 'z');
	unlink(path);
}

/* The colour-blind palette: the sides blue and yellow, no other yellow
 * on the map; the colours group still changes what it names; an unknown
 * palette is an error at its line. */
static void test_palette(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	char want[256];
	(void)state;
	write_file("palette = \"colour_blind\";\ncolours = { water = \"blue\"; };\n");
	options_default(&o, &ui_keymap);
	assert_int_equal(o.palette, PALETTE_DEFAULT);
	assert_true(options_load(&o, path, &d));
	assert_int_equal(o.palette, PALETTE_COLOUR_BLIND);
	assert_int_equal(o.colour[PAL_SIDE_A], 4); /* blue */
	assert_int_equal(o.colour[PAL_SIDE_B], 3); /* yellow */
	for (int p = 0; p < PAL_COUNT; p++) {
		if (p != PAL_SIDE_B)
			assert_int_not_equal(o.colour[p], 3);
		assert_int_not_equal(o.colour[p], 1); /* no red */
	}
	assert_int_equal(o.colour[PAL_WATER], 4); /* the file's own colour over the palette's */
	write_file("palette = \"pastel\";\n");
	options_default(&o, &ui_keymap);
	assert_false(options_load(&o, path, &d));
	snprintf(want, sizeof want, "%s:1: options: no palette 'pastel' (the palettes are default and "
	         "colour_blind)", path);
	assert_int_equal(d.n, 1);
	assert_string_equal(d.msg[0], want);
	diag_free(&d);
	unlink(path);
}

/* A file with one mistake among good settings: every option keeps its
 * default (half a keymap is worse than none). */
static void test_half_right_file_changes_nothing(void **state)
{
	struct ui_options o, dflt;
	struct diag d = { 0 };
	(void)state;
	write_file("keys = { move = \"v\"; log = \"^O\"; };\ncolours = { side_a = \"cyan\"; };\n"
	           "ascii = true;\nwatch_delay = 150;\nwatch_delya = 10;\n");
	options_default(&o, &ui_keymap);
	options_default(&dflt, &ui_keymap);
	assert_false(options_load(&o, path, &d));
	assert_int_equal(d.n, 1);
	for (int a = 0; a < ACT_COUNT; a++)
		assert_int_equal(o.key[a], dflt.key[a]);
	for (int p = 0; p < PAL_COUNT; p++)
		assert_int_equal(o.colour[p], dflt.colour[p]);
	assert_false(o.ascii);
	assert_int_equal(o.watch_delay, dflt.watch_delay);
	diag_free(&d);
	unlink(path);
}

/* Where the file is read from: $XDG_CONFIG_HOME/grognard, else
 * ~/.config/grognard; said whether it is there or not. */
static void test_file_place(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	char dir[96], file[160];
	FILE *f;
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/grognard-optdir-%d", (int)getpid());
	snprintf(file, sizeof file, "%s/grognard", dir);
	mkdir(dir, 0700);
	mkdir(file, 0700);
	snprintf(file, sizeof file, "%s/grognard/grognard.cfg", dir);
	setenv("XDG_CONFIG_HOME", dir, 1);
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, NULL, &d));
	assert_int_equal(o.file, OPTIONS_MISSING);
	assert_string_equal(o.path, file);
	f = fopen(file, "w");
	assert_non_null(f);
	fputs("keys = { help = \"!\"; };\n", f);
	fclose(f);
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, NULL, &d));
	assert_int_equal(o.file, OPTIONS_READ);
	assert_string_equal(o.path, file);
	assert_int_equal(o.key[ACT_HELP], '!');
	/* No XDG_CONFIG_HOME: under HOME. */
	unsetenv("XDG_CONFIG_HOME");
	setenv("HOME", "/nonexistent-home", 1);
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, NULL, &d));
	assert_int_equal(o.file, OPTIONS_MISSING);
	assert_string_equal(o.path, "/nonexistent-home/.config/grognard/grognard.cfg");
	/* Neither: no file at all, and nowhere to say. */
	unsetenv("HOME");
	options_default(&o, &ui_keymap);
	assert_true(options_load(&o, NULL, &d));
	assert_int_equal(o.file, OPTIONS_NO_PLACE);
	assert_string_equal(o.path, "");
	assert_int_equal(d.n, 0);
	unlink(file);
	snprintf(file, sizeof file, "%s/grognard", dir);
	rmdir(file);
	rmdir(dir);
}

static void test_missing_file_is_fine(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	(void)state;
	options_default(&o, &ui_keymap);
	setenv("XDG_CONFIG_HOME", "/nonexistent-grognard", 1);
	assert_true(options_load(&o, NULL, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(o.key[ACT_MOVE], 'm');
	assert_int_equal(o.file, OPTIONS_MISSING);
	assert_string_equal(o.path, "/nonexistent-grognard/grognard/grognard.cfg");
}

static void test_key_names(void **state)
{
	char b[16];
	(void)state;
	assert_string_equal(options_key_name('m', b), "m");
	assert_string_equal(options_key_name('\t', b), "Tab");
	assert_string_equal(options_key_name(' ', b), "Space");
	assert_string_equal(options_key_name(16, b), "Ctrl-P");
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_bad_file),
		cmocka_unit_test(test_palette),
		cmocka_unit_test(test_key_taken_from_a_default),
		cmocka_unit_test(test_half_right_file_changes_nothing),
		cmocka_unit_test(test_file_place),
		cmocka_unit_test(test_missing_file_is_fine),
		cmocka_unit_test(test_key_names),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
