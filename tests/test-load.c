/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-load: the orbat and map loaders on good input: strength points,
 * defaults, brigade layouts, reserves, commanders, dice at the start,
 * objectives.  Bad input is tests/bad-data.sh's. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "io/load.h"
#include "io/diag.h"
#include "engine/command.h"
#include "engine/deploy.h"
#include "engine/rules.h"
#include "io/export.h"
#include "io/load-rules.h"
#include "test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers */

#define assert_near(got, want) assert_near_((got), (want), #got, __FILE__, __LINE__)
static void assert_near_(double got, double want, const char *expr, const char *file, int line)
{
	if (fabs(got - want) > 1e-6) {
		print_error("%s is %.6f, expected %.6f\n", expr, got, want);
		_fail(file, line);
	}
}

static const char *data_path(const char *name)
{
	static char path[1024];
	const char *top = getenv("top_srcdir");
	snprintf(path, sizeof path, "%s/tests/data/%s", top && *top ? top : ".", name);
	return path;
}

/* Load tests/data/NAME; every problem is printed, and a failure fails. */
static struct game *load_data(const char *name, uint64_t seed)
{
	struct diag d = { 0 };
	struct game *g = load_scenario_file(data_path(name), seed, &d);
	diag_print(&d, stderr);
	assert_int_equal(d.n, 0);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

static const struct unit *unit(const struct game *g, const char *id)
{
	return &g->units[test_unit_index(g, id)];
}

static const struct commander *cmdr(const struct game *g, const char *id)
{
	int i = orbat_find_commander(g, id);
	if (i < 0)
		print_error("no commander '%s'\n", id);
	assert_true(i >= 0);
	return &g->cmdrs[i];
}

static int feature(const struct game *g, const char *name)
{
	return test_feature_index(g, name);
}

static void assert_at(const struct unit *u, double x, double y, double facing,
                      enum formation form)
{
	if (fabs(u->pos.x - x) > 1e-6 || fabs(u->pos.y - y) > 1e-6)
		print_error("unit %s at (%.4f, %.4f), expected (%.4f, %.4f)\n", u->id,
		            u->pos.x, u->pos.y, x, y);
	assert_near(u->pos.x, x);
	assert_near(u->pos.y, y);
	assert_near(u->facing, facing);
	assert_int_equal(u->form, form);
}

/* The log line that begins with prefix, or NULL. */
static const char *log_line(const struct game *g, const char *prefix)
{
	for (int i = 0; i < g->nlog; i++)
		if (strncmp(g->log[i].text, prefix, strlen(prefix)) == 0)
			return g->log[i].text;
	return NULL;
}

/* The total of a logged 2D6 throw "PREFIX: 2D6 a+b = s", checked. */
static int logged_2d6(const struct game *g, const char *prefix)
{
	const char *line = log_line(g, prefix);
	int a, b, s;
	if (!line)
		print_error("no log line '%s...'\n", prefix);
	assert_non_null(line);
	assert_int_equal(sscanf(line + strlen(prefix), ": 2D6 %d+%d = %d", &a, &b, &s), 3);
	assert_in_range(a, 1, 6);
	assert_in_range(b, 1, 6);
	assert_int_equal(a + b, s);
	return s;
}

/* A small scenario in text: side A is a corps of NAT with one division
 * whose commanders have RATING, two infantry battalions a1 and a2 in
 * brigade "ab"; ROOT is added to the top level, DEPLOY is side A's deploy
 * list.  Side B is a battalion far away. */
static struct game *load_text(uint64_t seed, const char *nat, const char *rating,
                              const char *root, const char *deploy, struct diag *d)
{
	static const char fmt[] =
		"name = \"text\";\n"
		"table = { width = 100.0; height = 80.0; };\n"
		"%s\n"
		"sides = {\n"
		"  A = { orbat = { nationality = \"%s\";\n"
		"      corps = { id = \"ac\"; name = \"A corps\";\n"
		"        commander = { name = \"General A\"; rating = \"%s\"; };\n"
		"        divisions = ( { id = \"ad\"; name = \"A division\";\n"
		"          commander = { name = \"Divisional A\"; rating = \"%s\"; };\n"
		"          brigades = ( { id = \"ab\"; name = \"A brigade\"; type = \"infantry\";\n"
		"            units = (\n"
		"              { id = \"a1\"; name = \"A one\"; type = \"line_infantry\"; rating = \"trained\"; men = 600; },\n"
		"              { id = \"a2\"; name = \"A two\"; type = \"light_infantry\"; rating = \"trained\"; men = 500; }\n"
		"            ); } ); } ); }; };\n"
		"    deploy = ( %s ); };\n"
		"  B = { orbat = { nationality = \"austrian\";\n"
		"      corps = { id = \"bc\"; name = \"B corps\";\n"
		"        commander = { name = \"General B\"; rating = \"poor\"; };\n"
		"        divisions = ( { id = \"bd\"; name = \"B division\";\n"
		"          commander = { name = \"Divisional B\"; rating = \"poor\"; };\n"
		"          brigades = ( { id = \"bb\"; name = \"B brigade\"; type = \"infantry\";\n"
		"            units = ( { id = \"b1\"; name = \"B one\"; type = \"line_infantry\"; rating = \"trained\"; men = 800; } );\n"
		"          } ); } ); }; };\n"
		"    deploy = ( { unit = \"b1\"; x = 50.0; y = 8.0; facing = 180.0; } ); };\n"
		"};\n";
	char text[8192];
	snprintf(text, sizeof text, fmt, root, nat, rating, rating, deploy);
	return load_scenario_text(text, "(text)", seed, d);
}

static struct game *load_text_ok(uint64_t seed, const char *nat, const char *rating,
                                 const char *root, const char *deploy)
{
	struct diag d = { 0 };
	struct game *g = load_text(seed, nat, rating, root, deploy, &d);
	diag_print(&d, stderr);
	assert_int_equal(d.n, 0);
	diag_free(&d);
	assert_non_null(g);
	return g;
}

static const char two_units[] =
	"{ unit = \"a1\"; x = 30.0; y = 60.0; facing = 0.0; },"
	"{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 0.0; }";

/* ------------------------------------------------------------------ */
/* Tests */

static void test_check_kinds(void **state)
{
	struct diag d = { 0 };
	enum load_kind kind;
	(void)state;
	assert_true(load_check(data_path("good-files.cfg"), &d, &kind));
	assert_int_equal(kind, LK_MAP);
	assert_true(load_check(data_path("orbat-small-a.cfg"), &d, &kind));
	assert_int_equal(kind, LK_ORBAT);
	assert_true(load_check(data_path("good-layout.cfg"), &d, &kind));
	assert_int_equal(kind, LK_MAP);
	assert_int_equal(d.n, 0);
	/* Known by their other keys when the telling one is missing. */
	assert_false(load_check(data_path("bad-map-no-table.cfg"), &d, &kind));
	assert_int_equal(kind, LK_MAP);
	assert_false(load_check(data_path("bad-orbat-no-corps.cfg"), &d, &kind));
	assert_int_equal(kind, LK_ORBAT);
	assert_false(load_check(data_path("bad-neither.cfg"), &d, &kind));
	assert_int_equal(kind, LK_UNKNOWN);
	diag_free(&d);
}

/* "How do we determine the strength of a unit?": 100 men an SP, 50 and
 * over rounds up, at least 2; a battery 1 SP per 2 guns rounded down,
 * from 2 to 6. */
static void test_strength_points(void **state)
{
	static const struct {
		const char *id;
		int sp;
	} want[] = {
		{ "L1a", 6 },  /* 600 men */
		{ "L1b", 2 },  /* 149: 1, raised to the minimum */
		{ "L2a", 7 },  /* 650: a remainder of 50 rounds up */
		{ "L2b", 3 },  /* 250 */
		{ "L3a", 5 },  /* 500 */
		{ "L3b", 5 },  /* 549: 49 rounds down */
		{ "L3c", 6 },  /* 550 */
		{ "L3d", 10 }, /* 1000 */
		{ "C1a", 5 },  /* 480 */
		{ "C1b", 2 },  /* 5 guns */
		{ "AA1", 2 },  /* 3 guns: 1, raised to the minimum */
		{ "AA2", 6 },  /* 12 guns */
		{ "AA3", 6 },  /* 14 guns: 7, cut to the maximum */
	};
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct unit *u = unit(g, want[i].id);
		if (u->sp != want[i].sp)
			print_error("unit %s: %d SP, expected %d\n", u->id, u->sp, want[i].sp);
		assert_int_equal(u->sp, want[i].sp);
		assert_int_equal(u->sp0, want[i].sp);
	}
	assert_int_equal(unit(g, "L1b")->men, 149);
	assert_int_equal(unit(g, "AA3")->guns, 14);
	assert_int_equal(unit(g, "AA2")->weight, WEIGHT_HEAVY);
	assert_int_equal(unit(g, "C1b")->weight, WEIGHT_LIGHT);
	game_free(g);

	g = load_data("good-files.cfg", 1);
	assert_int_equal(unit(g, "12L1")->sp, 6);  /* 640 */
	assert_int_equal(unit(g, "12L2")->sp, 6);  /* 590 */
	assert_int_equal(unit(g, "1Ch")->sp, 4);   /* 430 */
	assert_int_equal(unit(g, "HA1")->sp, 3);   /* 6 guns */
	assert_int_equal(unit(g, "FA1")->sp, 4);   /* 8 guns */
	assert_int_equal(unit(g, "IR1a")->sp, 7);  /* 700, from the other orbat file */
	game_free(g);
}

/* What a scenario that says nothing gets. */
static void test_defaults(void **state)
{
	struct game *g = load_data("good-files.cfg", 1);
	(void)state;
	assert_int_equal(g->turns, 12);
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->side[SIDE_A].break_percent, 50);
	assert_int_equal(g->side[SIDE_B].break_percent, 50);
	assert_int_equal(g->wx.start_minutes, 10 * 60);
	assert_false(g->wx.dawn);
	assert_false(g->wx.dusk);
	assert_int_equal(g->wx.weather, WX_CLEAR);
	assert_int_equal(g->dice.draws, 0); /* nothing was rolled */
	/* Sides are named after their corps; their orbat files are recorded. */
	assert_string_equal(g->side[SIDE_A].name, "III Corps (test)");
	assert_string_equal(g->side[SIDE_B].name, "Prussian corps (test)");
	assert_string_equal(g->side[SIDE_A].orbat, "orbat-small-a.cfg");
	assert_int_equal(g->corps[g->side[SIDE_A].corps].nat, NAT_FRENCH);
	assert_int_equal(g->corps[g->side[SIDE_B].corps].nat, NAT_PRUSSIAN);
	/* Units take their corps' nationality and their arm's formation. */
	assert_int_equal(unit(g, "12L1")->nat, NAT_FRENCH);
	assert_int_equal(unit(g, "IR1a")->nat, NAT_PRUSSIAN);
	assert_int_equal(unit(g, "12L1")->form, FORM_LINE);
	assert_int_equal(unit(g, "1Ch")->form, FORM_LINE);
	assert_int_equal(unit(g, "HA1")->form, FORM_BATTERY);
	assert_int_equal(unit(g, "IR1a")->form, FORM_COLUMN); /* the entry's */
	for (int i = 0; i < g->nunits; i++) {
		assert_int_equal(g->units[i].state, US_ACTIVE);
		assert_int_equal(g->units[i].arrive_turn, 1);
	}
	/* A brigade commander without a name is named after his brigade. */
	assert_string_equal(cmdr(g, "Pet")->name, "Petit");
	assert_int_equal(cmdr(g, "Pet")->rating, CR_NONE);
	assert_int_equal(cmdr(g, "Gud")->rating, CR_GOOD);
	assert_int_equal(cmdr(g, "III")->rating, CR_EXCELLENT);
	/* Division artillery has no commander. */
	assert_int_equal(g->brigs[orbat_find_brigade(g, "GudA")].commander, -1);
	assert_int_equal(g->nobj, 0);
	/* A wood without levels is one level high. */
	assert_int_equal(g->map.f[feature(g, "Birch wood")].levels, 1);
	game_free(g);

	g = load_text_ok(1, "french", "good", "", two_units);
	assert_string_equal(g->side[SIDE_A].orbat, "(inline)");
	assert_string_equal(g->scenario, "(text)");
	assert_int_equal(g->ncorps, 2);
	game_free(g);
}

/* Defaults of the ground: widths, levels, structural strength. */
static void test_terrain_defaults(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	const struct feature *f;
	(void)state;
	assert_int_equal(g->map.nf, 10);
	f = &g->map.f[feature(g, "Koesen road")];
	assert_int_equal(f->type, TT_ROAD);
	assert_near(f->width, 3.0);
	assert_near(g->map.f[feature(g, "Lissbach")].width, 1.0);
	assert_near(g->map.f[feature(g, "Saale")].width, 4.0);
	assert_int_equal(g->map.f[feature(g, "Sonnenberg")].levels, 2);
	assert_int_equal(g->map.f[feature(g, "Eckartsberg")].levels, 3);
	assert_int_equal(g->map.f[feature(g, "Spielberg")].levels, 1);
	assert_int_equal(g->map.f[feature(g, "Hassenhausen")].levels, 1);
	assert_int_equal(g->map.f[feature(g, "Hassenhausen")].strength, 8);
	assert_int_equal(g->map.f[feature(g, "Mill")].strength, 5);
	assert_int_equal(g->map.f[feature(g, "Lissbach bridge")].strength, 5);
	assert_int_equal(g->map.f[feature(g, "Spielberg")].strength, 0);
	assert_true(g->map.f[feature(g, "Quarry")].impassable);
	assert_int_equal(g->map.f[feature(g, "Mill")].n, 3);
	assert_near(g->map.width, 120.0);
	assert_near(g->map.height, 80.0);
	game_free(g);

	/* Given widths and unnamed features. */
	g = load_text_ok(1, "french", "good",
	                 "terrain = ( { type = \"road\"; width = 2.0; points = ( [0.0, 40.0], [100.0, 40.0] ); },"
	                 " { type = \"hedge\"; points = ( [10.0, 10.0], [20.0, 10.0] ); } );",
	                 two_units);
	assert_near(g->map.f[0].width, 2.0);
	assert_string_equal(g->map.f[0].name, "road 1");
	assert_near(g->map.f[1].width, 0.5);
	assert_string_equal(g->map.f[1].name, "hedge-row 2");
	game_free(g);
}

/* What the scenario sets at the top level. */
static void test_scenario_settings(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	assert_string_equal(g->title, "Loader test: layouts");
	assert_int_equal(g->turns, 8);
	assert_int_equal(g->wx.start_minutes, 16 * 60 + 30);
	assert_true(g->wx.dusk);
	assert_false(g->wx.dawn);
	assert_int_equal(g->wx.weather, WX_FOG);
	assert_int_equal(g->side[SIDE_A].break_percent, 40);
	assert_int_equal(g->side[SIDE_B].break_percent, 50);
	game_free(g);
}

/* Layout "line": side by side, gap 1 cm by default.  Two infantry lines
 * (5.0 x 2.0) about (20, 60) facing north: 5 + 1 + 5 = 11 cm, centres at
 * 20 - 5.5 + 2.5 = 17 and 20 + 3 = 23. */
static void test_layout_line(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	assert_at(unit(g, "L1a"), 17.0, 60.0, 0.0, FORM_LINE);
	assert_at(unit(g, "L1b"), 23.0, 60.0, 0.0, FORM_LINE);
	/* Facing east (90) the line runs north to south: "right" is south. */
	assert_at(unit(g, "L4a"), 100.0, 27.0, 90.0, FORM_LINE);
	assert_at(unit(g, "L4b"), 100.0, 33.0, 90.0, FORM_LINE);
	game_free(g);
}

/* Layout "column": one behind the other.  Two infantry columns (2.5 x 4.0)
 * with a 2 cm gap about (45, 60) facing north: 4 + 2 + 4 = 10 cm deep,
 * the first centred 5 - 2 = 3 cm ahead (y 57), the second 3 cm behind. */
static void test_layout_column(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	assert_at(unit(g, "L2a"), 45.0, 57.0, 0.0, FORM_COLUMN);
	assert_at(unit(g, "L2b"), 45.0, 63.0, 0.0, FORM_COLUMN);
	game_free(g);
}

/* Layout "lines": the first half in front, the rest behind, row_gap
 * between them.  Four lines (5.0 x 2.0) about (75, 60) with row_gap 4:
 * 2 + 4 + 2 = 8 cm deep, rows centred 3 cm ahead (y 57) and behind (63);
 * in each row centres at 75 -/+ 3. */
static void test_layout_lines(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	assert_at(unit(g, "L3a"), 72.0, 57.0, 0.0, FORM_LINE);
	assert_at(unit(g, "L3b"), 78.0, 57.0, 0.0, FORM_LINE);
	assert_at(unit(g, "L3c"), 72.0, 63.0, 0.0, FORM_LINE);
	assert_at(unit(g, "L3d"), 78.0, 63.0, 0.0, FORM_LINE);
	game_free(g);
}

/* A brigade's formation applies to the units that may take it; its
 * battery stays a battery.  Column of cavalry (2.5 x 8.0) and a battery
 * (3 x 3) side by side about (20, 30), gap 1: 2.5 + 1 + 3 = 6.5 cm, centres
 * at 20 - 3.25 + 1.25 = 18 and 20 - 3.25 + 3.5 + 1.5 = 21.75; fronts in
 * line, so the battery's centre is 4 - 1.5 = 2.5 cm further forward. */
static void test_brigade_formation_keeps_batteries(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	assert_at(unit(g, "C1a"), 18.0, 30.0, 0.0, FORM_COLUMN);
	assert_at(unit(g, "C1b"), 21.75, 27.5, 0.0, FORM_BATTERY);
	assert_at(unit(g, "AA1"), 30.0, 52.0, 0.0, FORM_BATTERY);
	game_free(g);

	/* A unit entry with a formation: the unit takes it. */
	g = load_text_ok(1, "french", "good", "",
	                 "{ unit = \"a1\"; x = 30.0; y = 60.0; facing = 45.0; formation = \"square\"; },"
	                 "{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 270.0; formation = \"skirmish\"; }");
	assert_at(unit(g, "a1"), 30.0, 60.0, 45.0, FORM_SQUARE);
	assert_at(unit(g, "a2"), 60.0, 60.0, 270.0, FORM_SKIRMISH);
	game_free(g);
}

/* 'turn' > 1: the units are reserves, arriving on that Turn; so is the
 * commander placed with them. */
static void test_reserves(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	(void)state;
	assert_int_equal(unit(g, "R1a")->state, US_RESERVE);
	assert_int_equal(unit(g, "R1a")->arrive_turn, 3);
	assert_int_equal(unit(g, "R1b")->state, US_RESERVE);
	assert_int_equal(unit(g, "R1b")->arrive_turn, 3);
	assert_at(unit(g, "R1a"), 42.0, 76.0, 0.0, FORM_LINE);
	assert_int_equal(cmdr(g, "R1")->state, US_RESERVE);
	assert_int_equal(cmdr(g, "R1")->arrive_turn, 3);
	assert_int_equal(unit(g, "L1a")->state, US_ACTIVE);
	assert_int_equal(unit(g, "L1a")->arrive_turn, 1);
	assert_int_equal(cmdr(g, "AD")->state, US_ACTIVE);
	assert_int_equal(cmdr(g, "AD")->arrive_turn, 1);
	game_free(g);

	/* A commander placed by the scenario with a 'turn'. */
	g = load_text_ok(1, "french", "good", "turns = 6;",
	                 "{ unit = \"a1\"; x = 30.0; y = 60.0; facing = 0.0; },"
	                 "{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 0.0; turn = 6; } );"
	                 "commanders = ( { id = \"ad\"; x = 40.0; y = 70.0; turn = 2; }");
	assert_int_equal(unit(g, "a2")->arrive_turn, 6);
	assert_int_equal(cmdr(g, "ad")->state, US_RESERVE);
	assert_int_equal(cmdr(g, "ad")->arrive_turn, 2);
	assert_near(cmdr(g, "ad")->pos.x, 40.0);
	assert_near(cmdr(g, "ad")->pos.y, 70.0);
	game_free(g);
}

/* Every command stand the scenario did not place is put on the table,
 * clear of units and other stands, behind its formation. */
static void check_commanders(const struct game *g)
{
	for (int i = 0; i < g->ncmdrs; i++) {
		const struct commander *c = &g->cmdrs[i];
		struct shape s = commander_shape(c);
		/* No commander has left a unit before the battle begins. */
		assert_int_equal(c->detached_from, -1);
		if (c->attached >= 0)
			continue;
		if (!deploy_on_table(g, &s) || deploy_commander_overlap(g, i) != -1)
			print_error("commander %s at (%.2f, %.2f) is off the table or on something\n",
			            c->id, c->pos.x, c->pos.y);
		assert_true(c->flags & CF_PLACED);
		assert_true(deploy_on_table(g, &s));
		assert_int_equal(deploy_commander_overlap(g, i), -1);
		assert_int_equal(deploy_commander_ground(g, i), -1);
	}
}

/* The commander stands level with or behind the centre of the units he
 * commands that arrive with him (where there is room behind them). */
static void assert_not_ahead(const struct game *g, const char *id)
{
	int k = orbat_find_commander(g, id);
	const struct commander *c = &g->cmdrs[k];
	struct vec2 sum = v2(0, 0), dir = v2(0, 0);
	int n = 0;
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		bool his = c->level == CL_BRIGADE ? u->brigade == c->of
		         : c->level == CL_DIVISION ? unit_division(g, u) == c->of
		         : unit_corps(g, u) == c->of;
		if (!his || u->arrive_turn != c->arrive_turn)
			continue;
		sum = v2_add(sum, u->pos);
		dir = v2_add(dir, geom_dir(u->facing));
		n++;
	}
	assert_true(n > 0);
	sum = v2_scale(sum, 1.0 / n);
	if (v2_dot(v2_sub(c->pos, sum), dir) > 1e-6)
		print_error("commander %s at (%.2f, %.2f) is ahead of his units' centre (%.2f, %.2f)\n",
		            id, c->pos.x, c->pos.y, sum.x, sum.y);
	assert_true(v2_dot(v2_sub(c->pos, sum), dir) <= 1e-6);
}

static void test_commanders_placed(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	const struct commander *c;
	(void)state;
	check_commanders(g);
	/* Kister's brigade: a line 2 cm deep facing north about (20, 60); its
	 * commander goes straight behind, half the depth plus a stand's width
	 * (1 + 2.5 cm) from the centre. */
	c = cmdr(g, "L1");
	assert_near(c->pos.x, 20.0);
	assert_near(c->pos.y, 63.5);
	/* Placed by the scenario: where it says. */
	c = cmdr(g, "A1");
	assert_near(c->pos.x, 60.0);
	assert_near(c->pos.y, 72.0);
	assert_int_equal(c->attached, -1);
	assert_not_ahead(g, "L1");
	assert_not_ahead(g, "L3");
	assert_not_ahead(g, "L4");
	assert_not_ahead(g, "C1");
	assert_not_ahead(g, "AD");
	assert_not_ahead(g, "PrB1");
	game_free(g);

	g = load_data("good-files.cfg", 1);
	check_commanders(g);
	assert_not_ahead(g, "Pet");
	assert_not_ahead(g, "Via");
	assert_not_ahead(g, "Gud");
	assert_not_ahead(g, "III");
	assert_not_ahead(g, "PrD1");
	assert_not_ahead(g, "PrI");
	game_free(g);
	g = load_data("good-roll.cfg", 1);
	check_commanders(g);
	game_free(g);
}

/* 'attach': a brigade commander rides with one of his units. */
static void test_attach(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	const struct commander *c = cmdr(g, "L2");
	const struct unit *u = unit(g, "L2a");
	(void)state;
	assert_int_equal(c->attached, orbat_find_unit(g, "L2a"));
	assert_near(c->pos.x, u->pos.x);
	assert_near(c->pos.y, u->pos.y);
	assert_int_equal(c->state, US_ACTIVE);
	assert_string_equal(c->name, "Grandeau");
	game_free(g);
}

/* The rules' tables, written out again by hand so that the test does not
 * merely repeat the code. */
static enum cmd_rating french_corps(int roll)
{
	return roll >= 10 ? CR_EXCELLENT : roll >= 6 ? CR_GOOD : roll >= 4 ? CR_AVERAGE : CR_POOR;
}

/* Our reading of the overlapping Russian table: 2-4 Dreadful, 5-8 Poor. */
static enum cmd_rating russian_corps(int roll)
{
	return roll >= 11 ? CR_GOOD : roll >= 9 ? CR_AVERAGE : roll >= 5 ? CR_POOR : CR_DREADFUL;
}

static enum cmd_rating division(int modified)
{
	return modified >= 13 ? CR_GOOD : modified >= 10 ? CR_AVERAGE
	       : modified >= 6 ? CR_POOR : CR_DREADFUL;
}

static int start_hour(int roll)
{
	static const int hour[13] = { 0, 0, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 16 };
	return hour[roll];
}

static enum weather weather_of(int roll)
{
	static const enum weather w[13] = {
		WX_CLEAR, WX_CLEAR, WX_SNOW, WX_RAIN, WX_SHOWERS, WX_CLEAR, WX_CLEAR,
		WX_CLEAR, WX_CLEAR, WX_CLEAR, WX_FOG, WX_WIND, WX_HOT,
	};
	return w[roll];
}

/* "roll": ratings, time and weather are thrown at the start with every die
 * in the log, and the result is the table's for the logged throw. */
static void test_roll_at_start(void **state)
{
	int seen_ratings = 0, seen_times = 0;
	(void)state;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct game *g = load_data("good-roll.cfg", seed), *again;
		int r;

		r = logged_2d6(g, "Soult's rating on the French corps table");
		assert_int_equal(cmdr(g, "Fc")->rating, french_corps(r));
		r = logged_2d6(g, "Bagration's rating on the Russian corps table");
		assert_int_equal(cmdr(g, "Rc")->rating, russian_corps(r));
		seen_ratings |= 1 << russian_corps(r);
		r = logged_2d6(g, "St-Hilaire's rating on the division table");
		assert_int_equal(cmdr(g, "Fd1")->rating, division(r + 1));
		r = logged_2d6(g, "Kaptsevich's rating on the division table");
		assert_int_equal(cmdr(g, "Rd1")->rating, division(r - 1));
		/* A fixed rating is not thrown for. */
		assert_int_equal(cmdr(g, "Fd2")->rating, CR_GOOD);
		assert_null(log_line(g, "Vandamme"));
		for (int i = 0; i < g->ncmdrs; i++)
			assert_false(g->cmdrs[i].flags & CF_ROLL);

		r = logged_2d6(g, "time the battle begins");
		assert_int_equal(g->wx.start_minutes, start_hour(r) * 60);
		assert_int_equal(g->wx.dawn, r == 2);
		assert_int_equal(g->wx.dusk, r == 12);
		assert_false(g->wx.time_roll);
		seen_times |= 1 << start_hour(r) / 2;
		r = logged_2d6(g, "weather of the battle");
		assert_int_equal(g->wx.weather, weather_of(r));
		assert_false(g->wx.weather_roll);

		/* The same seed throws the same dice. */
		again = load_data("good-roll.cfg", seed);
		assert_int_equal(again->nlog, g->nlog);
		for (int i = 0; i < g->nlog; i++)
			assert_string_equal(again->log[i].text, g->log[i].text);
		game_free(again);
		game_free(g);
	}
	/* Forty battles saw more than one result. */
	assert_true(seen_ratings & (seen_ratings - 1));
	assert_true(seen_times & (seen_times - 1));
}

/* Nationalities whose corps commanders are all alike throw no dice. */
static void test_roll_without_dice(void **state)
{
	struct game *g = load_text_ok(5, "danish", "roll", "", two_units);
	const char *line;
	(void)state;
	assert_int_equal(cmdr(g, "ac")->rating, CR_AVERAGE);
	line = log_line(g, "General A (corps): every Danish corps commander is Average");
	assert_non_null(line);
	/* The division commander still throws, with no modifier for Danes. */
	assert_int_equal(cmdr(g, "ad")->rating, division(logged_2d6(g, "Divisional A's rating on the division table")));
	assert_int_equal(g->dice.draws, 2);
	game_free(g);

	g = load_text_ok(5, "ottoman", "roll", "", two_units);
	assert_int_equal(cmdr(g, "ac")->rating, CR_DREADFUL);
	assert_int_equal(cmdr(g, "ad")->rating, division(logged_2d6(g, "Divisional A's rating on the division table") - 3));
	game_free(g);
}

/* Fixed start times: the dawn rule before 06:00, the dusk rule from 16:00. */
static void test_fixed_times(void **state)
{
	static const struct {
		const char *time;
		int minutes;
		bool dawn, dusk;
	} want[] = {
		{ "04:00", 240, true, false },  { "05:59", 359, true, false },
		{ "06:00", 360, false, false }, { "10:00", 600, false, false },
		{ "15:59", 959, false, false }, { "16:00", 960, false, true },
		{ "23:30", 1410, false, true }, { "00:00", 0, true, false },
	};
	(void)state;
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		char root[64];
		struct game *g;
		snprintf(root, sizeof root, "time = \"%s\"; weather = \"snow\";", want[i].time);
		g = load_text_ok(1, "french", "good", root, two_units);
		assert_int_equal(g->wx.start_minutes, want[i].minutes);
		assert_int_equal(g->wx.dawn, want[i].dawn);
		assert_int_equal(g->wx.dusk, want[i].dusk);
		assert_int_equal(g->wx.weather, WX_SNOW);
		assert_int_equal(g->dice.draws, 0);
		game_free(g);
	}
}

/* Objectives: a feature's (centred on its outline's centroid) or a point
 * with a radius. */
static void test_objectives(void **state)
{
	struct game *g = load_data("good-layout.cfg", 1);
	const struct objective *o;
	(void)state;
	assert_int_equal(g->nobj, 2);
	o = &g->obj[0];
	assert_string_equal(o->name, "Hassenhausen");
	assert_int_equal(o->feature, feature(g, "Hassenhausen"));
	assert_near(o->at.x, 84.0);
	assert_near(o->at.y, 23.0);
	assert_int_equal(o->value, 3);
	assert_int_equal(o->holder, SIDE_B);
	o = &g->obj[1];
	assert_string_equal(o->name, "Crest");
	assert_int_equal(o->feature, -1);
	assert_near(o->at.x, 90.0);
	assert_near(o->at.y, 20.0);
	assert_near(o->radius, 4.0);
	assert_int_equal(o->value, 1);
	assert_int_equal(o->holder, -1);
	game_free(g);

	/* Defaults of a point objective; a feature objective renamed. */
	g = load_text_ok(1, "french", "good",
	                 "terrain = ( { type = \"landmark\"; name = \"Chapel\";"
	                 " points = ( [10.0, 10.0], [14.0, 10.0], [14.0, 14.0], [10.0, 14.0] ); } );"
	                 "objectives = ( { name = \"Ford\"; x = 5.0; y = 6.0; },"
	                 " { feature = \"Chapel\"; name = \"St Anne's chapel\"; holder = \"A\"; } );",
	                 two_units);
	assert_int_equal(g->nobj, 2);
	assert_near(g->obj[0].radius, 5.0);
	assert_int_equal(g->obj[0].value, 1);
	assert_string_equal(g->obj[1].name, "St Anne's chapel");
	assert_int_equal(g->obj[1].feature, 0);
	assert_near(g->obj[1].at.x, 12.0);
	assert_near(g->obj[1].at.y, 12.0);
	assert_int_equal(g->obj[1].holder, SIDE_A);
	game_free(g);
}

/* Our reading of "on a road": a one-stand-wide footprint (column, battery,
 * command stand) whose centre lies within the road's width.  Such a unit
 * ignores the ground the road crosses, so a column may stand on a road
 * through a bog; a line on the same spot may not. */
static void test_on_road(void **state)
{
	static const char bog[] =
		"terrain = ( { type = \"boggy\"; name = \"Fen\";"
		" points = ( [20.0, 50.0], [40.0, 50.0], [40.0, 70.0], [20.0, 70.0] ); },"
		" { type = \"road\"; name = \"Causeway\"; points = ( [30.0, 0.0], [30.0, 80.0] ); } );";
	struct diag d = { 0 };
	struct game *g = load_text_ok(1, "french", "good", bog,
	                              "{ unit = \"a1\"; x = 30.0; y = 60.0; facing = 0.0; formation = \"column\"; },"
	                              "{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 0.0; }");
	(void)state;
	assert_int_equal(unit(g, "a1")->form, FORM_COLUMN);
	game_free(g);

	/* 1.4 cm off the centre line: still within the 3 cm road. */
	g = load_text_ok(1, "french", "good", bog,
	                 "{ unit = \"a1\"; x = 31.4; y = 60.0; facing = 0.0; formation = \"column\"; },"
	                 "{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 0.0; }");
	game_free(g);

	g = load_text(1, "french", "good", bog,
	              "{ unit = \"a1\"; x = 30.0; y = 60.0; facing = 0.0; formation = \"line\"; },"
	              "{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 0.0; }", &d);
	assert_null(g);
	assert_int_equal(d.n, 1);
	assert_non_null(strstr(d.msg[0], "unit 'a1' stands in boggy ground 'Fen'"));
	diag_free(&d);

	/* 1.6 cm off: the centre is off the road, and the column is in the bog. */
	g = load_text(1, "french", "good", bog,
	              "{ unit = \"a1\"; x = 31.6; y = 60.0; facing = 0.0; formation = \"column\"; },"
	              "{ unit = \"a2\"; x = 60.0; y = 60.0; facing = 0.0; }", &d);
	assert_null(g);
	assert_int_equal(d.n, 1);
	diag_free(&d);
}

/* Units arriving on different Turns may share a place; a bridge on a
 * stream with a road over it, and a ford on a river, are good ground. */
static void test_shared_places(void **state)
{
	struct game *g = load_text_ok(1, "french", "good",
	                              "turns = 10;"
	                              "terrain = ( { type = \"river\"; name = \"Ilm\"; width = 5.0;"
	                              " points = ( [0.0, 30.0], [100.0, 30.0] ); },"
	                              " { type = \"ford\"; name = \"Ilm ford\";"
	                              " points = ( [70.0, 26.0], [76.0, 26.0], [76.0, 34.0], [70.0, 34.0] ); },"
	                              " { type = \"road\"; name = \"Weimar road\";"
	                              " points = ( [73.0, 0.0], [73.0, 80.0] ); } );",
	                              "{ unit = \"a1\"; x = 30.0; y = 60.0; facing = 0.0; },"
	                              "{ unit = \"a2\"; x = 30.0; y = 60.0; facing = 0.0; turn = 4; }");
	(void)state;
	assert_int_equal(unit(g, "a2")->state, US_RESERVE);
	assert_near(unit(g, "a2")->pos.x, unit(g, "a1")->pos.x);
	game_free(g);
}

/* The shipped Auerstedt: the 85e holds Hassenhausen at the start, wholly
 * inside it (the village's defence needs that), and III Corps brings the
 * 44-46 guns the accounts give it. */
static void test_auerstedt(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	int village = -1, guns = 0;
	(void)state;
	snprintf(path, sizeof path, "%s/maps/auerstedt.cfg", top && *top ? top : ".");
	g = load_scenario_file(path, 1, &d);
	diag_print(&d, stderr);
	assert_non_null(g);
	for (int i = 0; i < g->map.nf; i++)
		if (strcmp(g->map.f[i].name, "Hassenhausen") == 0)
			village = i;
	assert_true(village >= 0);
	for (const char *const *id = (const char *const[]){ "F85a", "F85b", NULL }; *id; id++) {
		struct vec2 buf[4];
		const struct unit *u = unit(g, *id);
		struct shape s = unit_shape(u, buf);
		assert_int_equal(u->arrive_turn, 1);
		assert_true(terrain_wholly_in(&g->map.f[village], &s));
	}
	for (int i = 0; i < g->nunits; i++)
		if (g->units[i].side == SIDE_A)
			guns += g->units[i].guns;
	assert_in_range(guns, 44, 46);
	game_free(g);
	diag_free(&d);
}

/* The army-scale battle: its size, the nations, ratings and special units
 * the rules name, the garrisons of the farms and the arrivals by Turn. */
static int feature_named(const struct game *g, const char *name)
{
	for (int i = 0; i < g->map.nf; i++)
		if (strcmp(g->map.f[i].name, name) == 0)
			return i;
	print_error("no feature '%s'\n", name);
	return -1;
}

static void test_waterloo(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[1024];
	struct diag d = { 0 };
	struct game *g;
	int n[SIDE_COUNT] = { 0 }, nat[NAT_COUNT] = { 0 }, kgl = 0, lancers = 0, heavy = 0;
	int guard[SIDE_COUNT] = { 0 }, arriving[32] = { 0 }, corps[SIDE_COUNT] = { 0 };
	(void)state;
	snprintf(path, sizeof path, "%s/maps/waterloo.cfg", top && *top ? top : ".");
	g = load_scenario_file(path, 1, &d);
	diag_print(&d, stderr);
	assert_non_null(g);
	for (int i = 0; i < g->nunits; i++) {
		const struct unit *u = &g->units[i];
		n[u->side]++;
		nat[u->nat]++;
		kgl += (u->flags & UF_KGL) != 0;
		lancers += (u->flags & UF_LANCER) != 0;
		heavy += u->weight == WEIGHT_HEAVY;
		guard[u->side] += u->rating == RATING_GUARD;
		if (u->arrive_turn < 32)
			arriving[u->arrive_turn]++;
	}
	for (int c = 0; c < g->ncorps; c++)
		corps[g->corps[c].side]++;
	assert_true(n[SIDE_A] + n[SIDE_B] >= 300);
	assert_int_equal(n[SIDE_A], 163);
	assert_int_equal(n[SIDE_B], 230);
	assert_int_equal(corps[SIDE_A], 6);
	assert_int_equal(corps[SIDE_B], 7);
	assert_true(nat[NAT_FRENCH] == n[SIDE_A]);
	assert_true(nat[NAT_BRITISH] > 0 && nat[NAT_PRUSSIAN] == 87 && nat[NAT_OTHER] > 0);
	assert_true(kgl >= 10 && lancers >= 10 && heavy >= 5);
	assert_true(guard[SIDE_A] >= 10 && guard[SIDE_B] >= 6);
	assert_int_equal(g->corps[orbat_find_corps(g, "PIV")].nat, NAT_PRUSSIAN);
	assert_int_equal(g->cmdrs[g->corps[orbat_find_corps(g, "WR")].commander].rating, CR_EXCELLENT);
	/* The farms held from the start, each by a square on it. */
	assert_int_equal(unit(g, "WK2L")->defends, feature_named(g, "La Haye Sainte") + 1);
	assert_int_equal(unit(g, "W2GL")->defends, feature_named(g, "Hougoumont") + 1);
	assert_int_equal(unit(g, "WNa22")->defends, feature_named(g, "Papelotte") + 1);
	assert_true(feature_named(g, "Plancenoit") >= 0 && feature_named(g, "Bois de Paris") >= 0);
	/* Chassé at 15:00, Bülow at 16:00 and 17:00, Pirch at 18:30,
	 * Zieten at 19:00. */
	assert_int_equal(unit(g, "WN35J")->arrive_turn, 8);
	assert_int_equal(unit(g, "P15a")->arrive_turn, 10);
	assert_int_equal(unit(g, "P10a")->arrive_turn, 12);
	assert_int_equal(unit(g, "P2a")->arrive_turn, 15);
	assert_int_equal(unit(g, "P12a")->arrive_turn, 16);
	assert_int_equal(arriving[1] + arriving[8] + arriving[10] + arriving[12] + arriving[15] + arriving[16],
	                 g->nunits);
	assert_int_equal(arriving[8], 14);
	game_free(g);
	diag_free(&d);
}

/* A side of several corps (an orbat file and an army of two corps, one of
 * its own nationality): each loaded with its nationality and its
 * commander, the side named after the first; a unit is in command through
 * its own corps' commander only; written out, the battle loads back with
 * the same corps. */
static void check_corps(const struct game *g)
{
	int pr = orbat_find_corps(g, "PrI"), br = orbat_find_corps(g, "BrC"), na = orbat_find_corps(g, "NaC");
	const struct unit *u = unit(g, "52F");
	assert_int_equal(g->ncorps, 4);
	assert_true(na >= 0);
	assert_int_equal(g->corps[na].nat, NAT_OTHER);
	assert_int_equal(unit(g, "N1")->nat, NAT_OTHER);
	assert_true(pr >= 0 && br >= 0);
	assert_int_equal(g->corps[pr].side, SIDE_B);
	assert_int_equal(g->corps[br].side, SIDE_B);
	assert_int_equal(g->side[SIDE_B].corps, pr);
	assert_int_equal(g->corps[pr].nat, NAT_PRUSSIAN);
	assert_int_equal(g->corps[br].nat, NAT_BRITISH);
	assert_int_equal(g->cmdrs[g->corps[br].commander].rating, CR_GOOD);
	assert_int_equal(unit_corps(g, u), br);
	assert_int_equal(u->nat, NAT_BRITISH);
	assert_true(unit(g, "1KGL")->flags & UF_KGL);
	assert_int_equal(unit(g, "Hano")->nat, NAT_OTHER);
}

static void test_several_corps(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[1024], *text;
	struct diag d = { 0 };
	struct game *g, *back;
	struct commander *hill, *schmettau;
	struct vec2 was;
	const struct unit *u;
	(void)state;
	snprintf(path, sizeof path, "%s/tests/data/good-corps.cfg", top && *top ? top : ".");
	g = load_scenario_file(path, 1, &d);
	diag_print(&d, stderr);
	assert_non_null(g);
	check_corps(g);
	u = unit(g, "52F");
	hill = &g->cmdrs[g->corps[orbat_find_corps(g, "BrC")].commander];
	schmettau = &g->cmdrs[g->corps[orbat_find_corps(g, "PrI")].commander];
	/* Hill 10 cm behind the brigade, its division commander far off. */
	assert_int_equal(command_status(g, u, NULL), CS_IN_COMMAND);
	/* Hill gone, the side's first corps commander in his place: not his
	 * corps, so no command. */
	was = schmettau->pos;
	schmettau->pos = hill->pos;
	hill->pos = v2(10.0, 75.0);
	assert_int_equal(command_status(g, u, NULL), CS_NOT_IN_COMMAND);
	hill->pos = schmettau->pos;
	schmettau->pos = was;
	text = export_text(g, NULL);
	assert_non_null(text);
	assert_non_null(strstr(text, "corps = (\n"));
	assert_non_null(strstr(text, "nationality = \"other\";"));
	back = load_scenario_text(text, "(export)", 1, &d);
	diag_print(&d, stderr);
	assert_non_null(back);
	check_corps(back);
	free(text);
	game_free(back);
	game_free(g);
	diag_free(&d);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_kinds),
		cmocka_unit_test(test_strength_points),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_terrain_defaults),
		cmocka_unit_test(test_scenario_settings),
		cmocka_unit_test(test_layout_line),
		cmocka_unit_test(test_layout_column),
		cmocka_unit_test(test_layout_lines),
		cmocka_unit_test(test_brigade_formation_keeps_batteries),
		cmocka_unit_test(test_reserves),
		cmocka_unit_test(test_commanders_placed),
		cmocka_unit_test(test_attach),
		cmocka_unit_test(test_roll_at_start),
		cmocka_unit_test(test_roll_without_dice),
		cmocka_unit_test(test_fixed_times),
		cmocka_unit_test(test_objectives),
		cmocka_unit_test(test_on_road),
		cmocka_unit_test(test_shared_places),
		cmocka_unit_test(test_auerstedt),
		cmocka_unit_test(test_several_corps),
		cmocka_unit_test(test_waterloo),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("load", tests, NULL, NULL);
}
