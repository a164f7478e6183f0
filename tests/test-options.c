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
#include <unistd.h>

#include "io/options.h"

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
	options_default(&o);
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
	options_default(&o);
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
	write_file("keys = { move = \"p\"; jump = \"z\"; quit = \"Esc\"; };\n"
	           "colours = { side_b = \"purple\"; grass = \"green\"; };\nspeed = 3;\n");
	options_default(&o);
	assert_false(options_load(&o, path, &d));
	assert_int_equal(d.n, 6);
	snprintf(want, sizeof want, "%s:3: options: unknown key 'speed' (expected one of: keys, "
	         "colours, ascii, watch_delay)", path);
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
	diag_free(&d);
	unlink(path);
}

static void test_missing_file_is_fine(void **state)
{
	struct ui_options o;
	struct diag d = { 0 };
	(void)state;
	options_default(&o);
	setenv("XDG_CONFIG_HOME", "/nonexistent-grognard", 1);
	assert_true(options_load(&o, NULL, &d));
	assert_int_equal(d.n, 0);
	assert_int_equal(o.key[ACT_MOVE], 'm');
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
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_bad_file),
		cmocka_unit_test(test_missing_file_is_fine),
		cmocka_unit_test(test_key_names),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
