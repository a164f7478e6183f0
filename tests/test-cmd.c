/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cmd: the command language: splitting, dispatch, errors, dump. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/game.h"
#include "io/load.h"
#include "io/load-rules.h"

/* Run one line; return what went to out and err. */
struct run {
	char out[65536], err[4096];
	enum cmd_result status;
	struct cmd_ctx ctx;
};

static void run_line(struct run *r, struct game *g, const char *line)
{
	FILE *out = fmemopen(r->out, sizeof r->out, "w");
	FILE *err = fmemopen(r->err, sizeof r->err, "w");
	r->ctx.g = g;
	r->ctx.out = out;
	r->ctx.err = err;
	r->ctx.source = "test";
	r->ctx.line++;
	r->status = cmd_execute(&r->ctx, line);
	fclose(out);
	fclose(err);
}

static struct game *default_battle(void)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	snprintf(path, sizeof path, "%s/maps/default.cfg", top ? top : ".");
	g = load_scenario_file(path, 7, &d);
	diag_print(&d, stderr);
	diag_free(&d);
	return g;
}

static void test_split(void **state)
{
	char buf[256], *w[8];
	int n;
	(void)state;
	n = cmd_split("  move 13L  6.5  ", buf, sizeof buf, w, 8);
	assert_int_equal(n, 3);
	assert_string_equal(w[0], "move");
	assert_string_equal(w[1], "13L");
	assert_string_equal(w[2], "6.5");
	n = cmd_split("save \"my battle\" # a comment", buf, sizeof buf, w, 8);
	assert_int_equal(n, 2);
	assert_string_equal(w[1], "my battle");
	n = cmd_split("say \"a \\\"quoted\\\" word\"", buf, sizeof buf, w, 8);
	assert_int_equal(n, 2);
	assert_string_equal(w[1], "a \"quoted\" word");
	assert_int_equal(cmd_split("   # only a comment", buf, sizeof buf, w, 8), 0);
	assert_int_equal(cmd_split("", buf, sizeof buf, w, 8), 0);
	assert_int_equal(cmd_split("a b c d e f g h i j", buf, sizeof buf, w, 4), 4);
}

static void test_errors(void **state)
{
	struct run r = { 0 };
	struct game *g = default_battle();
	(void)state;
	assert_non_null(g);
	run_line(&r, g, "frobnicate");
	assert_int_equal(r.status, CMD_ERROR);
	assert_string_equal(r.err, "test:1: unknown command 'frobnicate' (type 'help' for the list)\n");
	run_line(&r, g, "quit now");
	assert_int_equal(r.status, CMD_ERROR);
	assert_string_equal(r.err, "test:2: usage: quit\n");
	assert_false(r.ctx.quit);
	assert_int_equal(r.ctx.errors, 2);
	run_line(&r, g, "   ");
	assert_int_equal(r.status, CMD_DONE);
	assert_int_equal(r.ctx.errors, 2);
	run_line(&r, g, "quit");
	assert_int_equal(r.status, CMD_DONE);
	assert_true(r.ctx.quit);
	game_free(g);
}

static void test_help(void **state)
{
	struct run r = { 0 };
	struct game *g = default_battle();
	(void)state;
	run_line(&r, g, "help");
	assert_non_null(strstr(r.out, "dump"));
	assert_non_null(strstr(r.out, "quit"));
	run_line(&r, g, "help dump");
	assert_non_null(strstr(r.out, "print the whole state"));
	assert_null(strstr(r.out, "end the session"));
	assert_int_equal(r.status, CMD_DONE);
	assert_int_equal(r.ctx.errors, 0);
	/* An unknown topic is a bad command like any other. */
	r.out[0] = '\0';
	run_line(&r, g, "help nothing");
	assert_int_equal(r.status, CMD_ERROR);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "test:3: help: no command 'nothing' ('help' lists them)\n");
	assert_int_equal(r.ctx.errors, 1);
	game_free(g);
}

static int count_lines(const char *text, const char *prefix)
{
	int n = 0;
	size_t len = strlen(prefix);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, prefix, len) == 0)
			n++;
	return n;
}

static void test_dump(void **state)
{
	struct run r = { 0 };
	struct game *g = default_battle();
	char *line;
	(void)state;
	run_line(&r, g, "dump");
	assert_int_equal(r.status, CMD_DONE);
	assert_int_equal(strncmp(r.out, "game turn=1 turns=10 phase=setup ", 33), 0);
	assert_int_equal(count_lines(r.out, "unit "), g->nunits);
	assert_int_equal(count_lines(r.out, "commander "), g->ncmdrs);
	assert_int_equal(count_lines(r.out, "side "), 2);
	assert_int_equal(count_lines(r.out, "objective "), g->nobj);
	line = strstr(r.out, "unit id=StHA1 ");
	assert_non_null(line);
	{
		static const char want[] = "unit id=StHA1 side=A x=57.00 y=70.00 facing=0.0 formation=battery "
		                           "sp=4 sp0=4 type=foot_artillery rating=veteran brigade=StHA "
		                           "markers=none status=";
		assert_int_equal(strncmp(line, want, strlen(want)), 0);
	}

	/* Markers, states and quoting. */
	unit_set_marker(&g->units[0], MK_BLUE, true);
	unit_set_marker(&g->units[0], MK_YELLOW, true);
	g->units[1].state = US_ELIMINATED;
	snprintf(g->units[2].name, sizeof g->units[2].name, "the \"Brave\" \\ 3rd");
	g->units[3].state = US_RESERVE;
	g->units[3].arrive_turn = 4;
	run_line(&r, g, "dump");
	line = strstr(r.out, "unit id=10L1 ");
	assert_non_null(line);
	assert_non_null(strstr(line, " markers=blue,yellow status="));
	line = strstr(r.out, "unit id=10L2 ");
	assert_non_null(strstr(line, " status=eliminated name="));
	assert_non_null(strstr(r.out, "name=\"the \\\"Brave\\\" \\\\ 3rd\""));
	assert_non_null(strstr(r.out, " status=reserve arrives=4 "));
	game_free(g);
}

/* "concede" names the side it gives up for, or none (the side giving
 * orders); the replay text reads back as the same order. */
static void test_concede_side(void **state)
{
	struct game *g = default_battle();
	struct order o;
	char err[200], buf[64];
	(void)state;
	assert_non_null(g);
	assert_int_equal(cmd_parse_line(g, "concede", &o, err, sizeof err), 0);
	assert_int_equal(o.kind, ORD_CONCEDE);
	assert_int_equal(o.target, -1);
	assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), "concede");
	assert_int_equal(cmd_parse_line(g, "concede B", &o, err, sizeof err), 0);
	assert_int_equal(o.target, SIDE_B);
	assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), "concede B");
	assert_int_equal(cmd_parse_line(g, "concede C", &o, err, sizeof err), -1);
	assert_string_equal(err, "'C' is not a side (A or B)");
	game_free(g);
}

/* Scripted dice: batch mode only; the ':' line of play refuses them.
 * In the history they read back as they were written. */
static void test_dice(void **state)
{
	struct run r = { 0 };
	struct game *g = default_battle();
	struct order o;
	char err[200], buf[200];
	(void)state;
	assert_non_null(g);
	run_line(&r, g, "dice 3 4");
	assert_int_equal(r.status, CMD_ERROR);
	assert_string_equal(r.err, "test:1: dice: scripted dice are for batch mode (scripts and tests), not for play\n");
	assert_int_equal(g->nscript, 0);
	r.ctx.batch = true;
	run_line(&r, g, "dice 3 4");
	assert_int_equal(r.status, CMD_DONE);
	assert_int_equal(g->nscript - g->script_pos, 2);
	run_line(&r, g, "dice 3 0");
	assert_int_equal(r.status, CMD_ERROR);
	assert_string_equal(r.err, "test:3: dice: a die shows 1 to 6 pips, not '0'\n");
	assert_int_equal(g->nscript - g->script_pos, 2);
	assert_int_equal(cmd_parse_line(g, "dice 6 5 1", &o, err, sizeof err), 0);
	assert_int_equal(o.kind, ORD_DICE);
	assert_string_equal(o.text, "651");
	assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), "dice 6 5 1");
	assert_int_equal(cmd_parse_line(g, "dice 6 9", &o, err, sizeof err), -1);
	assert_string_equal(err, "a die shows 1 to 6 pips, not '9'");
	game_free(g);
}

/* A charge's facing and its extension, in either order; the history
 * reads back as the same order, facing first. */
static void test_charge_facing(void **state)
{
	struct game *g = default_battle();
	struct order o;
	char err[200], buf[200];
	(void)state;
	assert_non_null(g);
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a", &o, err, sizeof err), 0);
	assert_false(o.has_a);
	assert_int_equal(o.flag & OF_EXTEND, 0);
	assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), "charge 10L1 IR15a");
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a extend facing 347.25", &o, err, sizeof err), 0);
	assert_true(o.has_a);
	assert_float_equal(o.a, 347.25, 0);
	assert_int_equal(o.flag & OF_EXTEND, OF_EXTEND);
	assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), "charge 10L1 IR15a facing 347.25 extend");
	assert_int_equal(cmd_parse_line(g, buf, &o, err, sizeof err), 0);
	assert_string_equal(cmd_format_order(g, &o, err, sizeof err), buf);
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a facing 0.1", &o, err, sizeof err), 0);
	assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), "charge 10L1 IR15a facing 0.1");
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a facing", &o, err, sizeof err), -1);
	assert_string_equal(err, "usage: charge UNIT TARGET [facing DEG] [extend]");
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a facing north", &o, err, sizeof err), -1);
	assert_string_equal(err, "the facing must be a number, not 'north'");
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a extend extend", &o, err, sizeof err), -1);
	assert_int_equal(cmd_parse_line(g, "charge 10L1 IR15a facing 1 facing 2", &o, err, sizeof err), -1);
	game_free(g);
}

/* Every order kind reads back as it was written: saves and replays keep
 * the history as this text.  One line for each kind of ORDER_LIST; a kind
 * added without a line here fails. */
static void test_round_trip_every_kind(void **state)
{
	static const char *const lines[] = {
		"brigade StH1", "divmove StH", "face 10L1 90", "about 10L1", "form 10L1 line left",
		"form 10L1 column facing 45", "move 10L1 3.5", "move 10L1 max", "moveto 10L1 40.5 60", "sidestep 10L1 left 2",
		"stepback 10L1 1.5", "oblique 10L1 2 right 1 sidefirst", "inch 10L1 270 2",
		"prolong StHA1 -1", "redeploy StHA1 90 10 facing 180", "charge 8Hu IR15a facing 12.5 extend",
		"cross 10L1 \"Muehlbach bridge\" 60 58 180", "defend 10L1 off column",
		"fire StHA1 IR15a 60 40", "bombard StHA1 Hochdorf", "cmove StH1 40 70 45 72",
		"attach StH1 10L1", "detach StH1 41 70", "retreat 10L1 withcommander", "end", "concede B",
		"note \"hold the bridge\"",
		"undo",
		"answer fallback 3", "dice 6 5 1", "rethrow-weather",
	};
	bool seen[ORD_COUNT] = { false };
	struct game *g = default_battle();
	struct order o;
	char err[MSG_LEN], buf[512];
	(void)state;
	assert_non_null(g);
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		if (cmd_parse_line(g, lines[i], &o, err, sizeof err) != 0)
			fail_msg("'%s': %s", lines[i], err);
		seen[o.kind] = true;
		assert_string_equal(cmd_format_order(g, &o, buf, sizeof buf), lines[i]);
	}
	for (int k = 0; k < ORD_COUNT; k++)
		if (!seen[k])
			fail_msg("no line for the order '%s'", order_names[k].key);
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_dump),
		cmocka_unit_test(test_concede_side),
		cmocka_unit_test(test_dice),
		cmocka_unit_test(test_charge_facing),
		cmocka_unit_test(test_round_trip_every_kind),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
