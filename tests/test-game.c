/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game: the dice (rng), the game's log and listeners, command status,
 * time of day and visibility, and deployment layouts and checks. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/command.h"
#include "engine/seq.h"
#include "engine/deploy.h"
#include "engine/event.h"
#include "engine/game.h"
#include "engine/orbat.h"
#include "engine/rng.h"
#include "engine/rules.h"
#include "engine/weather.h"
#include "io/load-rules.h"

#define EPS 1e-6

/* ------------------------------------------------------------------ */
/* rng */

static void test_rng_determinism(void **state)
{
	struct rng a, b, c;
	int differ = 0;
	(void)state;
	rng_seed(&a, 42);
	rng_seed(&b, 42);
	rng_seed(&c, 43);
	for (int i = 0; i < 1000; i++) {
		uint64_t x = rng_next(&a), y = rng_next(&b), z = rng_next(&c);
		assert_true(x == y);
		if (x != z)
			differ++;
	}
	assert_true(differ > 990);
	/* Reseeding starts the same sequence again. */
	rng_seed(&a, 42);
	rng_seed(&b, 42);
	for (int i = 0; i < 100; i++)
		assert_int_equal(rng_d6(&a), rng_d6(&b));
	/* Seed 0 works too (no all-zero state). */
	rng_seed(&a, 0);
	{
		uint64_t first = rng_next(&a), same = 1;
		for (int i = 0; i < 10; i++)
			same &= rng_next(&a) == first;
		assert_false(same);
	}
	/* The game's dice come from its seed. */
	{
		struct game *g = game_new(77);
		rng_seed(&a, 77);
		for (int i = 0; i < 50; i++)
			assert_int_equal(rng_d6(&g->dice), rng_d6(&a));
		game_free(g);
	}
}

static void test_rng_d6_uniform(void **state)
{
	enum { N = 60000 };
	struct rng r;
	int count[7] = { 0 };
	double chi2 = 0, expect = N / 6.0;
	(void)state;
	rng_seed(&r, 20240601);
	for (int i = 0; i < N; i++) {
		int f = rng_d6(&r);
		assert_in_range(f, 1, 6);
		count[f]++;
	}
	assert_int_equal(r.draws, N);
	for (int f = 1; f <= 6; f++) {
		double d = count[f] - expect;
		chi2 += d * d / expect;
		/* Within 3% of a sixth each (about 3.3 standard deviations). */
		assert_in_range(count[f], 9700, 10300);
	}
	/* 5 degrees of freedom: 20.52 is the 0.1% point. */
	assert_true(chi2 < 20.52);
	/* And every face follows every face (no short cycles). */
	{
		int pairs[7][7] = { { 0 } }, prev = rng_d6(&r);
		for (int i = 0; i < 36000; i++) {
			int f = rng_d6(&r);
			pairs[prev][f]++;
			prev = f;
		}
		for (int a = 1; a <= 6; a++)
			for (int b = 1; b <= 6; b++)
				assert_in_range(pairs[a][b], 800, 1200);
	}
}

static void test_rng_below(void **state)
{
	struct rng r;
	int seen[7] = { 0 };
	(void)state;
	rng_seed(&r, 5);
	for (int i = 0; i < 7000; i++) {
		uint64_t x = rng_below(&r, 7);
		assert_true(x < 7);
		seen[x]++;
	}
	for (int i = 0; i < 7; i++)
		assert_true(seen[i] > 800);
	for (int i = 0; i < 100; i++)
		assert_true(rng_below(&r, 1) == 0);
}

static void test_rng_script(void **state)
{
	struct game *g = game_new(9);
	struct rng b;
	static const int faces[3] = { 6, 1, 3 };
	static const int wild[2] = { 0, 9 };
	int f[3];
	char why[200];
	(void)state;
	rng_seed(&b, 9);
	assert_int_equal(game_script_dice(g, faces, 3, why, sizeof why), 0);
	assert_int_equal(game_roll(g, 3, f, "scripted"), 10);
	assert_int_equal(f[0], 6);
	assert_int_equal(f[1], 1);
	assert_int_equal(f[2], 3);
	assert_int_equal(g->dice.draws, 3);
	/* In the history, so that a save and a replay give them again. */
	assert_int_equal(g->nhistory, 1);
	assert_int_equal(g->history[0].kind, ORD_DICE);
	assert_string_equal(g->history[0].text, "613");
	/* Then the generator carries on where it was: scripted faces do not
	 * advance it. */
	for (int i = 0; i < 20; i++)
		assert_int_equal(game_roll(g, 1, NULL, "free"), rng_d6(&b));
	/* Pips outside 1..6 are refused, and none of them is queued. */
	assert_int_equal(game_script_dice(g, wild, 2, why, sizeof why), -1);
	assert_string_equal(why, "a die has pips 1 to 6, not 0 (pip 1 of 2)");
	assert_int_equal(game_roll(g, 1, NULL, "free"), rng_d6(&b));
	/* Two scripts queue one after the other; a snapshot taken before a
	 * throw gives the pip back when restored. */
	assert_int_equal(game_script_dice(g, faces, 2, why, sizeof why), 0);
	assert_int_equal(game_script_dice(g, faces + 2, 1, why, sizeof why), 0);
	assert_int_equal(game_roll(g, 1, NULL, "first"), 6);
	{
		struct snapshot snap;
		assert_int_equal(game_snapshot(g, &snap), 0);
		assert_int_equal(game_roll(g, 1, NULL, "taken back"), 1);
		game_restore(g, &snap);
		snapshot_free(&snap);
	}
	assert_int_equal(game_roll(g, 1, NULL, "again"), 1);
	assert_int_equal(game_roll(g, 1, NULL, "third"), 3);
	assert_int_equal(game_roll(g, 1, NULL, "free"), rng_d6(&b));
	game_free(g);
}

/* Rules dice are never dropped: a throw of more than 64 dice throws and
 * logs every one of them. */
static void test_roll_many(void **state)
{
	struct game *g = game_new(5);
	int pips[150], total;
	char why[200];
	(void)state;
	for (int i = 0; i < 150; i++) {
		pips[i] = i % 6 + 1;
	}
	assert_int_equal(game_script_dice(g, pips, 150, why, sizeof why), 0);
	/* 150 pips need two entries of the history (119 a line). */
	assert_int_equal(g->nhistory, 2);
	total = game_roll(g, 100, NULL, "a big throw");
	assert_int_equal(g->dice.draws, 100);
	{
		int sum = 0, n = 0;
		const char *t = strstr(g->log[0].text, ": 100D6 ");
		assert_non_null(t);
		for (t += 8; *t && *t != ' '; t++)
			if (*t >= '1' && *t <= '6')
				sum += *t - '0', n++;
		assert_int_equal(n, 100);
		assert_int_equal(sum, total);
	}
	/* 50 left: hits on 4+ for the pips 1..6 over and over. */
	{
		int hits = game_roll_hits(g, 50, 4, "a big melee"), expect = 0;
		for (int i = 100; i < 150; i++)
			expect += pips[i] >= 4;
		assert_int_equal(hits, expect);
		assert_non_null(strstr(g->log[1].text, ": 50D6 "));
		assert_int_equal(g->dice.draws, 150);
	}
	game_free(g);
}

/* ------------------------------------------------------------------ */
/* game log, dice and listeners */

struct recorder {
	int nlog, ndice, nother;
	char last[512];
	enum event_kind last_kind;
	int last_ndice, last_total;
	int faces[8];
};

static void record(void *ctx, const struct game *g, const struct event *ev)
{
	struct recorder *r = ctx;
	(void)g;
	if (ev->kind == EV_LOG)
		r->nlog++;
	else if (ev->kind == EV_DICE)
		r->ndice++;
	else
		r->nother++;
	r->last_kind = ev->kind;
	snprintf(r->last, sizeof r->last, "%s", ev->text ? ev->text : "");
	r->last_ndice = ev->ndice;
	r->last_total = ev->total;
	for (int i = 0; i < ev->ndice && i < 8; i++)
		r->faces[i] = ev->faces[i];
}

static void test_game_roll(void **state)
{
	struct game *g = game_new(3);
	struct recorder rec = { 0 };
	int faces[4] = { 0 }, total;
	static const int script[6] = { 3, 4, 5, 1, 2, 3 };
	(void)state;
	assert_int_equal(event_listen(g, record, &rec), 0);
	game_queue_dice(g, script, 6);

	total = game_roll(g, 2, faces, "test %d", 5);
	assert_int_equal(total, 7);
	assert_int_equal(faces[0], 3);
	assert_int_equal(faces[1], 4);
	assert_int_equal(g->nlog, 1);
	assert_string_equal(g->log[0].text, "test 5: 2D6 3+4 = 7");
	assert_int_equal(g->log[0].turn, 1);
	/* The listener heard it as a throw. */
	assert_int_equal(rec.ndice, 1);
	assert_int_equal(rec.nlog, 0);
	assert_int_equal(rec.last_kind, EV_DICE);
	assert_string_equal(rec.last, "test 5: 2D6 3+4 = 7");
	assert_int_equal(rec.last_ndice, 2);
	assert_int_equal(rec.last_total, 7);
	assert_int_equal(rec.faces[0], 3);
	assert_int_equal(rec.faces[1], 4);

	/* One die: no sum. */
	g->turn = 4;
	total = game_roll(g, 1, NULL, "one die");
	assert_int_equal(total, 5);
	assert_string_equal(g->log[1].text, "one die: 1D6 5");
	assert_int_equal(g->log[1].turn, 4);
	assert_int_equal(rec.ndice, 2);

	/* Three dice. */
	total = game_roll(g, 3, faces, "%s fires", "13L");
	assert_int_equal(total, 6);
	assert_string_equal(g->log[2].text, "13L fires: 3D6 1+2+3 = 6");
	assert_int_equal(rec.last_ndice, 3);
	assert_int_equal(rec.faces[2], 3);

	/* No dice (say, light guns at long range). */
	total = game_roll(g, 0, NULL, "light guns at long range");
	assert_int_equal(total, 0);
	assert_string_equal(g->log[3].text, "light guns at long range: no dice");
	assert_int_equal(rec.ndice, 4);
	assert_int_equal(rec.last_ndice, 0);
	assert_int_equal(g->dice.draws, 6);

	/* Unscripted throws are logged too and stay in range. */
	for (int i = 0; i < 20; i++) {
		int t = game_roll(g, 2, faces, "free %d", i);
		char want[64];
		assert_in_range(faces[0], 1, 6);
		assert_in_range(faces[1], 1, 6);
		assert_int_equal(t, faces[0] + faces[1]);
		snprintf(want, sizeof want, "free %d: 2D6 %d+%d = %d", i, faces[0], faces[1], t);
		assert_string_equal(g->log[g->nlog - 1].text, want);
	}
	assert_int_equal(g->nlog, 24);
	assert_int_equal(rec.ndice, 24);
	game_free(g);
}

static void test_game_log_and_listeners(void **state)
{
	struct game *g = game_new(4);
	struct recorder a = { 0 }, b = { 0 }, extra[EVENT_MAX_LISTENERS];
	(void)state;
	memset(extra, 0, sizeof extra);
	assert_int_equal(event_listen(g, record, &a), 0);
	assert_int_equal(event_listen(g, record, &b), 0);
	game_log(g, "%s charges %d cm", "2Ch", 25);
	assert_int_equal(g->nlog, 1);
	assert_string_equal(g->log[0].text, "2Ch charges 25 cm");
	assert_int_equal(a.nlog, 1);
	assert_int_equal(b.nlog, 1);
	assert_int_equal(a.last_kind, EV_LOG);
	assert_string_equal(a.last, "2Ch charges 25 cm");
	assert_int_equal(a.ndice, 0);
	/* Unlistening stops the events to that listener only. */
	event_unlisten(g, record, &a);
	game_log(g, "second");
	assert_int_equal(a.nlog, 1);
	assert_int_equal(b.nlog, 2);
	assert_string_equal(b.last, "second");
	assert_int_equal(g->nlog, 2);
	/* A direct event. */
	{
		struct event ev = { .kind = EV_UNIT, .unit = 3 };
		event_emit(g, &ev);
		assert_int_equal(b.nother, 1);
		assert_int_equal(g->nlog, 2);
	}
	/* The slots are limited; a full table refuses. */
	event_unlisten(g, record, &b);
	for (int i = 0; i < EVENT_MAX_LISTENERS; i++)
		assert_int_equal(event_listen(g, record, &extra[i]), 0);
	assert_int_equal(event_listen(g, record, &a), -1);
	game_log(g, "third");
	for (int i = 0; i < EVENT_MAX_LISTENERS; i++)
		assert_int_equal(extra[i].nlog, 1);
	assert_int_equal(a.nlog, 1);
	/* Many lines: the log grows. */
	for (int i = 0; i < 500; i++)
		game_log(g, "line %d", i);
	assert_int_equal(g->nlog, 503);
	assert_string_equal(g->log[502].text, "line 499");
	game_free(g);
}

static void test_game_new_and_add(void **state)
{
	struct game *g = game_new(123);
	struct corps c = { .id = "I", .nat = NAT_FRENCH, .commander = -1 };
	struct division d = { .id = "1D", .corps = 0, .commander = -1 };
	struct unit u = { .id = "A", .brigade = -1 };
	(void)state;
	assert_non_null(g);
	assert_true(g->seed == 123);
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->phase, PHASE_SETUP);
	assert_int_equal(g->initiative, -1);
	assert_int_equal(g->active_brigade, -1);
	assert_int_equal(g->nlog, 0);
	assert_int_equal(g->dice.draws, 0);
	assert_int_equal(game_add_corps(g, &c), 0);
	assert_int_equal(game_add_division(g, &d), 0);
	assert_int_equal(game_add_division(g, &d), 1);
	for (int i = 0; i < 40; i++) {
		snprintf(u.id, sizeof u.id, "u%d", i);
		assert_int_equal(game_add_unit(g, &u), i);
	}
	assert_int_equal(g->nunits, 40);
	assert_string_equal(g->units[39].id, "u39");
	assert_int_equal(g->ndivs, 2);
	game_free(g);
}

/* ------------------------------------------------------------------ */
/* command status */

/* A French corps (commander far away, Average), one division (commander
 * at (50,50), Average: radius 14), one brigade with its commander, one
 * line infantry unit in line facing north. */
static struct game *command_game(void)
{
	struct game *g = game_new(8);
	struct corps c = { .id = "I", .side = SIDE_A, .nat = NAT_FRENCH, .commander = 0 };
	struct division d = { .id = "1D", .corps = 0, .commander = 1 };
	struct brigade b = { .id = "1B", .division = 0, .kind = BK_INFANTRY, .commander = 2 };
	struct commander cc = { .id = "I", .name = "corps", .level = CL_CORPS, .of = 0,
	                        .rating = CR_AVERAGE, .pos = { 500, 500 },
	                        .state = US_ACTIVE, .attached = -1, .detached_from = -1 };
	struct commander dc = cc, bc = cc;
	struct unit u = { .id = "13L", .side = SIDE_A, .brigade = 0, .type = UT_LINE_INF,
	                  .rating = RATING_VETERAN, .sp = 5, .sp0 = 5, .form = FORM_LINE,
	                  .pos = { 50, 30 }, .facing = 0, .state = US_ACTIVE };
	snprintf(dc.id, sizeof dc.id, "1D");
	snprintf(dc.name, sizeof dc.name, "division");
	dc.level = CL_DIVISION;
	dc.pos = v2(50, 50);
	snprintf(bc.id, sizeof bc.id, "1B");
	snprintf(bc.name, sizeof bc.name, "brigade");
	bc.level = CL_BRIGADE;
	bc.rating = CR_NONE;
	bc.pos = v2(300, 10);
	game_add_corps(g, &c);
	game_add_division(g, &d);
	game_add_brigade(g, &b);
	game_add_commander(g, &cc);
	game_add_commander(g, &dc);
	game_add_commander(g, &bc);
	game_add_unit(g, &u);
	return g;
}

/* Put the unit (line, 5 x 2, facing north) gap cm north of the division
 * commander's stand (a circle of radius 1.25 at (50,50)). */
static void north_by(struct game *g, double gap)
{
	g->units[0].pos = v2(50, 50 - 1.25 - 1 - gap);
}

static void test_command_radius(void **state)
{
	struct game *g = command_game();
	double dist = -7;
	(void)state;
	north_by(g, 10);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_IN_COMMAND);
	assert_float_equal(dist, 10, EPS);
	/* Exactly on the radius is within it. */
	north_by(g, 14);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_IN_COMMAND);
	assert_float_equal(dist, 14, EPS);
	north_by(g, 14.5);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_CAUTIOUS);
	assert_float_equal(dist, 14.5, EPS);
	/* "no more than 24 cm": cautious. */
	north_by(g, 24);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_CAUTIOUS);
	north_by(g, 24.5);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_NOT_IN_COMMAND);
	assert_float_equal(dist, 24.5, EPS);
	/* A better commander reaches further: Excellent, 18 cm. */
	g->cmdrs[1].rating = CR_EXCELLENT;
	north_by(g, 17.5);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_IN_COMMAND);
	g->cmdrs[1].rating = CR_DREADFUL;
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_CAUTIOUS);
	north_by(g, 9.5);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_IN_COMMAND);
	game_free(g);
}

static void test_command_base_to_base(void **state)
{
	struct game *g = command_game();
	struct unit *u;
	double dist;
	(void)state;
	u = &g->units[0];
	/* A line facing east, 13 cm east of the stand: its centre is 15.25
	 * from the commander's, beyond the radius of 14, but "any part of a
	 * unit" within the radius is in command. */
	u->facing = 90;
	u->pos = v2(50 + 1.25 + 1 + 13, 50);
	assert_int_equal(command_status(g, u, &dist), CS_IN_COMMAND);
	assert_float_equal(dist, 13, EPS);
	/* A column (4 deep) facing north, 13.5 south of the stand. */
	u->facing = 0;
	u->form = FORM_COLUMN;
	u->pos = v2(50, 50 + 1.25 + 2 + 13.5);
	assert_int_equal(command_status(g, u, &dist), CS_IN_COMMAND);
	assert_float_equal(dist, 13.5, EPS);
	/* Off the corner of a rotated line. */
	u->form = FORM_LINE;
	u->facing = 45;
	u->pos = v2(70, 70);
	{
		struct vec2 k[4], c = v2(50, 50);
		struct obb b = unit_footprint(u);
		struct shape us, cs = geom_circle(&c, 1.25);
		us = geom_obb_shape(&b, k);
		(void)command_status(g, u, &dist);
		assert_float_equal(dist, (geom_distance(&us, &cs)), EPS);
	}
	game_free(g);
}

static void test_command_corps_attached_evaded(void **state)
{
	struct game *g = command_game();
	double dist;
	(void)state;
	/* Far from the division; near the corps commander (Poor, 12 cm):
	 * the corps stand puts it in command. */
	north_by(g, 30);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_NOT_IN_COMMAND);
	g->cmdrs[0].rating = CR_POOR;
	g->cmdrs[0].pos = v2(50, g->units[0].pos.y - 1 - 1.25 - 11);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_IN_COMMAND);
	assert_float_equal(dist, 11, EPS);
	/* The corps stand 20 away: cautious through it. */
	g->cmdrs[0].pos = v2(50, g->units[0].pos.y - 1 - 1.25 - 20);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_CAUTIOUS);
	g->cmdrs[0].pos = v2(500, 500);

	/* A brigade commander attached: in command no matter what. */
	north_by(g, 100);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_NOT_IN_COMMAND);
	assert_int_equal(command_attached_to(g, 0), -1);
	g->cmdrs[2].attached = 0;
	assert_int_equal(command_attached_to(g, 0), 2);
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_IN_COMMAND);
	assert_float_equal(dist, 0, EPS);
	/* ... unless that commander is gone. */
	g->cmdrs[2].state = US_ELIMINATED;
	assert_int_equal(command_attached_to(g, 0), -1);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_NOT_IN_COMMAND);

	/* An evaded division commander has no radius: 5 cm away is only
	 * cautious. */
	north_by(g, 5);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_IN_COMMAND);
	g->cmdrs[1].flags |= CF_EVADED;
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_CAUTIOUS);
	assert_float_equal(dist, 5, EPS);
	north_by(g, 25);
	assert_int_equal(command_status(g, &g->units[0], NULL), CS_NOT_IN_COMMAND);
	g->cmdrs[1].flags &= ~(unsigned)CF_EVADED;

	/* Stands off the table do not command; with none, dist is negative. */
	north_by(g, 5);
	g->cmdrs[1].state = US_ELIMINATED;
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_NOT_IN_COMMAND);
	assert_true(dist > 400);
	g->cmdrs[0].state = US_ELIMINATED;
	assert_int_equal(command_status(g, &g->units[0], &dist), CS_NOT_IN_COMMAND);
	assert_true(dist < 0);
	game_free(g);
}

/* ------------------------------------------------------------------ */
/* time and weather */

static void test_weather_tables(void **state)
{
	static const int hour[13] = { [2] = 4, [3] = 6, [4] = 6, [5] = 8, [6] = 8,
	                              [7] = 10, [8] = 10, [9] = 12, [10] = 12,
	                              [11] = 14, [12] = 16 };
	static const enum weather wx[13] = {
		[2] = WX_SNOW, [3] = WX_RAIN, [4] = WX_SHOWERS, [5] = WX_CLEAR,
		[6] = WX_CLEAR, [7] = WX_CLEAR, [8] = WX_CLEAR, [9] = WX_CLEAR,
		[10] = WX_FOG, [11] = WX_WIND, [12] = WX_HOT,
	};
	(void)state;
	for (int roll = 2; roll <= 12; roll++) {
		bool dawn = !(roll == 2), dusk = !(roll == 12);
		assert_int_equal(weather_time_for_roll(roll, &dawn, &dusk), hour[roll] * 60);
		assert_int_equal(dawn, roll == 2);
		assert_int_equal(dusk, roll == 12);
		assert_int_equal(weather_for_roll(roll), wx[roll]);
	}
}

static void test_weather_clock(void **state)
{
	struct game *g = game_new(1);
	char buf[8];
	(void)state;
	g->wx.start_minutes = 10 * 60;
	assert_string_equal(weather_clock(g, 1, buf), "10:00");
	assert_string_equal(weather_clock(g, 2, buf), "10:30");
	assert_string_equal(weather_clock(g, 5, buf), "12:00");
	assert_int_equal(weather_minutes(g, 3), 11 * 60);
	g->wx.start_minutes = 4 * 60;
	assert_string_equal(weather_clock(g, 1, buf), "04:00");
	assert_string_equal(weather_clock(g, 12, buf), "09:30");
	g->wx.start_minutes = 16 * 60;
	assert_string_equal(weather_clock(g, 4, buf), "17:30");
	game_free(g);
}

static void test_visibility(void **state)
{
	struct game *g = game_new(1);
	(void)state;
	/* Broad day, clear sky: unlimited. */
	g->turn = 1;
	assert_true(isinf(weather_visibility(g)));
	/* Dawn: 10 cm, then 50 more each Turn. */
	g->wx.dawn = true;
	g->turn = 1;
	assert_float_equal((weather_visibility(g)), 10, EPS);
	g->turn = 2;
	assert_float_equal((weather_visibility(g)), 60, EPS);
	g->turn = 4;
	assert_float_equal((weather_visibility(g)), 160, EPS);
	/* The nearer of time of day and sky. */
	g->turn = 3;
	g->wx.sky_sight = 18;
	assert_float_equal((weather_visibility(g)), 18, EPS);
	g->turn = 1;
	assert_float_equal((weather_visibility(g)), 10, EPS);
	g->wx.sky_sight = 0;
	g->wx.dawn = false;
	/* Dusk: 300 cm, then 50 less each Turn, down to nothing. */
	g->wx.dusk = true;
	g->turn = 1;
	assert_float_equal((weather_visibility(g)), 300, EPS);
	g->turn = 2;
	assert_float_equal((weather_visibility(g)), 250, EPS);
	g->turn = 6;
	assert_float_equal((weather_visibility(g)), 50, EPS);
	g->turn = 7;
	assert_float_equal((weather_visibility(g)), 0, EPS);
	g->turn = 9;
	assert_float_equal((weather_visibility(g)), 0, EPS);
	g->turn = 1;
	g->wx.sky_sight = 36;
	assert_float_equal((weather_visibility(g)), 36, EPS);
	g->wx.sky_sight = 500;
	g->turn = 2;
	assert_float_equal((weather_visibility(g)), 250, EPS);
	/* The sky alone. */
	g->wx.dusk = false;
	g->wx.sky_sight = 12;
	assert_float_equal((weather_visibility(g)), 12, EPS);
	game_free(g);
}

static void test_weather_setup(void **state)
{
	static const int dawn_hot[4] = { 1, 1, 6, 6 };
	static const int dusk_rain[4] = { 6, 6, 1, 2 };
	struct game *g = game_new(2);
	char buf[8];
	(void)state;
	g->wx.time_roll = g->wx.weather_roll = true;
	game_queue_dice(g, dawn_hot, 4);
	weather_setup(g);
	assert_int_equal(g->dice.draws, 4);
	assert_int_equal(g->wx.start_minutes, 4 * 60);
	assert_true(g->wx.dawn);
	assert_false(g->wx.dusk);
	assert_int_equal(g->wx.weather, WX_HOT);
	assert_int_equal(g->wx.sky, SKY_HOT);
	assert_false(g->wx.mud);
	assert_false(g->wx.time_roll);
	assert_false(g->wx.weather_roll);
	assert_string_equal(weather_clock(g, 1, buf), "04:00");
	{
		int t = -1, w = -1;
		for (int i = 0; i < g->nlog; i++) {
			if (strstr(g->log[i].text, ": 2D6 1+1 = 2"))
				t = i;
			if (strstr(g->log[i].text, ": 2D6 6+6 = 12"))
				w = i;
		}
		assert_true(t >= 0);
		assert_true(w > t);
	}
	/* Already thrown: nothing more. */
	weather_setup(g);
	assert_int_equal(g->dice.draws, 4);
	game_free(g);

	g = game_new(2);
	g->wx.time_roll = g->wx.weather_roll = true;
	game_queue_dice(g, dusk_rain, 4);
	weather_setup(g);
	assert_int_equal(g->wx.start_minutes, 16 * 60);
	assert_true(g->wx.dusk);
	assert_false(g->wx.dawn);
	assert_int_equal(g->wx.weather, WX_RAIN);
	/* The mud comes with the first spell's throw (test-seq), not before. */
	assert_false(g->wx.mud);
	game_free(g);

	/* Fixed time and weather: no dice. */
	g = game_new(2);
	weather_setup(g);
	assert_int_equal(g->dice.draws, 0);
	assert_int_equal(g->wx.weather, WX_CLEAR);
	assert_int_equal(g->wx.sky, SKY_CLEAR);
	game_free(g);
}

/* ------------------------------------------------------------------ */
/* deployment */

static struct game *deploy_game(int n, enum unit_type t, enum formation f)
{
	struct game *g = game_new(6);
	g->map.width = 120;
	g->map.height = 80;
	for (int i = 0; i < n; i++) {
		struct unit u = { .side = SIDE_A, .brigade = -1, .type = t, .form = f,
		                  .rating = RATING_VETERAN, .sp = 4, .sp0 = 4,
		                  .state = US_ACTIVE, .arrive_turn = 1 };
		snprintf(u.id, sizeof u.id, "u%d", i);
		game_add_unit(g, &u);
	}
	return g;
}

static void assert_at(const struct unit *u, double x, double y, double facing)
{
	assert_float_equal((u->pos.x), x, EPS);
	assert_float_equal((u->pos.y), y, EPS);
	assert_float_equal((u->facing), facing, EPS);
}

static void test_deploy_line(void **state)
{
	struct game *g = deploy_game(3, UT_LINE_INF, FORM_LINE);
	int idx[3] = { 0, 1, 2 };
	(void)state;
	/* Three lines 5 wide with 1 between: 17 across, centred on 50. */
	deploy_layout(g, idx, 3, v2(50, 50), 0, LAYOUT_LINE, 1, 0);
	assert_at(&g->units[0], 44, 50, 0);
	assert_at(&g->units[1], 50, 50, 0);
	assert_at(&g->units[2], 56, 50, 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(deploy_unit_overlap(g, i), -1);
	/* Facing east the line runs north to south (the right of east is
	 * south). */
	deploy_layout(g, idx, 3, v2(50, 50), 90, LAYOUT_LINE, 1, 0);
	assert_at(&g->units[0], 50, 44, 90);
	assert_at(&g->units[1], 50, 50, 90);
	assert_at(&g->units[2], 50, 56, 90);
	/* No gap: neighbours touch but do not overlap. */
	deploy_layout(g, idx, 3, v2(50, 50), 217, LAYOUT_LINE, 0, 0);
	for (int i = 0; i < 3; i++)
		assert_int_equal(deploy_unit_overlap(g, i), -1);
	assert_true(game_unit_distance(&g->units[0], &g->units[1]) < 1e-6);
	game_free(g);
}

static void test_deploy_mixed_fronts(void **state)
{
	struct game *g = deploy_game(2, UT_LINE_INF, FORM_LINE);
	int idx[2] = { 0, 1 };
	(void)state;
	/* Cavalry (4 deep) beside infantry (2 deep): fronts level. */
	g->units[0].type = UT_HEAVY_CAV;
	deploy_layout(g, idx, 2, v2(60, 40), 0, LAYOUT_LINE, 2, 0);
	assert_float_equal((g->units[0].pos.y - 2), (g->units[1].pos.y - 1), EPS);
	assert_float_equal((g->units[0].pos.y - 2), 38, EPS);
	assert_float_equal((g->units[1].pos.x - g->units[0].pos.x), 7, EPS);
	game_free(g);
}

static void test_deploy_column(void **state)
{
	struct game *g = deploy_game(3, UT_LINE_INF, FORM_LINE);
	int idx[3] = { 0, 1, 2 };
	(void)state;
	/* Three lines 2 deep, 1 apart, one behind the other facing north:
	 * 8 deep in all, the first ahead (north). */
	deploy_layout(g, idx, 3, v2(50, 50), 0, LAYOUT_COLUMN, 1, 0);
	assert_at(&g->units[0], 50, 47, 0);
	assert_at(&g->units[1], 50, 50, 0);
	assert_at(&g->units[2], 50, 53, 0);
	/* Facing west the first is furthest west. */
	deploy_layout(g, idx, 3, v2(50, 50), 270, LAYOUT_COLUMN, 1, 0);
	assert_at(&g->units[0], 47, 50, 270);
	assert_at(&g->units[2], 53, 50, 270);
	game_free(g);
}

static void test_deploy_lines(void **state)
{
	struct game *g = deploy_game(5, UT_LINE_INF, FORM_LINE);
	int idx[5] = { 0, 1, 2, 3, 4 };
	(void)state;
	/* Four units: two in front, two behind, 3 between the lines (7 deep
	 * in all). */
	deploy_layout(g, idx, 4, v2(50, 50), 0, LAYOUT_LINES, 1, 3);
	assert_at(&g->units[0], 47, 47.5, 0);
	assert_at(&g->units[1], 53, 47.5, 0);
	assert_at(&g->units[2], 47, 52.5, 0);
	assert_at(&g->units[3], 53, 52.5, 0);
	/* Five: three in front, two behind. */
	deploy_layout(g, idx, 5, v2(50, 50), 0, LAYOUT_LINES, 1, 3);
	assert_at(&g->units[0], 44, 47.5, 0);
	assert_at(&g->units[1], 50, 47.5, 0);
	assert_at(&g->units[2], 56, 47.5, 0);
	assert_at(&g->units[3], 47, 52.5, 0);
	assert_at(&g->units[4], 53, 52.5, 0);
	for (int i = 0; i < 5; i++)
		assert_int_equal(deploy_unit_overlap(g, i), -1);
	/* Facing south the front line is the southern one. */
	deploy_layout(g, idx, 4, v2(50, 50), 180, LAYOUT_LINES, 1, 3);
	assert_float_equal((g->units[0].pos.y), 52.5, EPS);
	assert_float_equal((g->units[2].pos.y), 47.5, EPS);
	game_free(g);
}

static void test_deploy_on_table(void **state)
{
	struct game *g = deploy_game(0, UT_LINE_INF, FORM_LINE);
	struct vec2 b[4], c;
	struct obb o = { .c = { 60, 40 }, .w = 5, .d = 2, .facing = 0 };
	struct shape s = geom_obb_shape(&o, b);
	(void)state;
	assert_true(deploy_on_table(g, &s));
	/* Flush with the west and north edges. */
	o.c = v2(2.5, 1);
	s = geom_obb_shape(&o, b);
	assert_true(deploy_on_table(g, &s));
	/* Flush with the east and south edges (120 x 80). */
	o.c = v2(117.5, 79);
	s = geom_obb_shape(&o, b);
	assert_true(deploy_on_table(g, &s));
	/* Over by 0.01. */
	o.c = v2(2.49, 40);
	s = geom_obb_shape(&o, b);
	assert_false(deploy_on_table(g, &s));
	o.c = v2(60, 79.01);
	s = geom_obb_shape(&o, b);
	assert_false(deploy_on_table(g, &s));
	/* Rotated: a 45 degree 2 x 2 reaches 1.414 from its centre. */
	o = (struct obb){ .c = { 1.5, 40 }, .w = 2, .d = 2, .facing = 45 };
	s = geom_obb_shape(&o, b);
	assert_true(deploy_on_table(g, &s));
	o.c = v2(1.4, 40);
	s = geom_obb_shape(&o, b);
	assert_false(deploy_on_table(g, &s));
	/* Command stands. */
	c = v2(1.25, 40);
	s = geom_circle(&c, 1.25);
	assert_true(deploy_on_table(g, &s));
	c = v2(1, 40);
	assert_false(deploy_on_table(g, &s));
	c = v2(60, 78.9);
	assert_false(deploy_on_table(g, &s));
	game_free(g);
}

static void test_deploy_overlap(void **state)
{
	struct game *g = deploy_game(3, UT_LINE_INF, FORM_LINE);
	(void)state;
	g->units[0].pos = v2(20, 20);
	g->units[1].pos = v2(24.99, 20); /* into unit 0 by 0.01 */
	g->units[2].pos = v2(60, 60);
	assert_int_equal(deploy_unit_overlap(g, 0), 1);
	assert_int_equal(deploy_unit_overlap(g, 1), 0);
	assert_int_equal(deploy_unit_overlap(g, 2), -1);
	/* Edge to edge is allowed. */
	g->units[1].pos = v2(25, 20);
	assert_int_equal(deploy_unit_overlap(g, 0), -1);
	/* A rotated unit pushed into another. */
	g->units[1].pos = v2(23, 21);
	g->units[1].facing = 217;
	assert_int_equal(deploy_unit_overlap(g, 0), 1);
	/* Arriving on another Turn: not in each other's way at deployment. */
	g->units[1].arrive_turn = 3;
	assert_int_equal(deploy_unit_overlap(g, 0), -1);
	g->units[1].arrive_turn = 1;
	/* Units no longer on the table do not count. */
	g->units[1].state = US_ELIMINATED;
	assert_int_equal(deploy_unit_overlap(g, 0), -1);
	game_free(g);
}

static void test_deploy_commanders(void **state)
{
	struct game *g = deploy_game(2, UT_LINE_INF, FORM_LINE);
	struct corps c = { .id = "I", .side = SIDE_A, .nat = NAT_FRENCH, .commander = -1 };
	struct division d = { .id = "1D", .corps = 0, .commander = 0 };
	struct brigade b = { .id = "1B", .division = 0, .kind = BK_INFANTRY, .commander = -1 };
	struct commander dc = { .id = "1D", .name = "division", .level = CL_DIVISION, .of = 0,
	                        .rating = CR_AVERAGE, .state = US_ACTIVE, .attached = -1,
	                        .detached_from = -1 };
	int idx[2] = { 0, 1 };
	struct shape s;
	(void)state;
	game_add_corps(g, &c);
	game_add_division(g, &d);
	game_add_brigade(g, &b);
	game_add_commander(g, &dc);
	g->units[0].brigade = g->units[1].brigade = 0;
	deploy_layout(g, idx, 2, v2(60, 40), 0, LAYOUT_LINE, 1, 0);
	assert_int_equal(deploy_commanders(g), -1);
	assert_true(g->cmdrs[0].flags & CF_PLACED);
	/* Behind (south of) the units it commands, clear of them, on the
	 * table, and close enough to command them. */
	assert_true(g->cmdrs[0].pos.y > 41);
	s = commander_shape(&g->cmdrs[0]);
	assert_true(deploy_on_table(g, &s));
	assert_int_equal(deploy_commander_overlap(g, 0), -1);
	for (int i = 0; i < 2; i++)
		assert_int_equal(command_status(g, &g->units[i], NULL), CS_IN_COMMAND);
	game_free(g);
}

static void test_snapshot_restore(void **state)
{
	struct game *g = deploy_game(2, UT_LINE_INF, FORM_LINE);
	struct snapshot snap;
	int after[5];
	(void)state;
	g->units[0].pos = v2(10, 10);
	game_log(g, "before");
	assert_int_equal(game_snapshot(g, &snap), 0);
	for (int i = 0; i < 5; i++)
		after[i] = rng_d6(&g->dice);
	g->units[0].pos = v2(30, 30);
	g->units[1].sp = 1;
	g->turn = 5;
	game_log(g, "after");
	game_restore(g, &snap);
	assert_float_equal((g->units[0].pos.x), 10, EPS);
	assert_int_equal(g->units[1].sp, 4);
	assert_int_equal(g->turn, 1);
	assert_int_equal(g->nlog, 1);
	assert_string_equal(g->log[0].text, "before");
	/* The dice are taken back too: the same throws come again. */
	for (int i = 0; i < 5; i++)
		assert_int_equal(rng_d6(&g->dice), after[i]);
	snapshot_free(&snap);
	game_free(g);
}

/* A snapshot made to take back keeps every unit but its id and name
 * (only the loaders write those), and a unit's acts in it can be marked
 * there before it is restored. */
static void test_snapshot_back(void **state)
{
	struct game *g = deploy_game(2, UT_LINE_INF, FORM_LINE);
	struct snapshot snap;
	enum side side = g->units[1].side;
	(void)state;
	g->units[0].pos = v2(10, 10);
	g->units[1].acted = 0;
	assert_int_equal(game_snapshot_back(g, &snap), 0);
	*snapshot_acted(&snap, 1) |= UA_DONE;
	g->units[0].pos = v2(30, 30);
	g->units[0].form = FORM_COLUMN;
	g->units[1].sp = 1;
	g->units[1].acted = UA_MOVED;
	g->units[1].side = !side;
	snprintf(g->units[1].name, sizeof g->units[1].name, "renamed");
	game_restore(g, &snap);
	assert_float_equal(g->units[0].pos.x, 10, EPS);
	assert_int_equal(g->units[0].form, FORM_LINE);
	assert_int_equal(g->units[1].sp, 4);
	assert_int_equal(g->units[1].acted, UA_DONE);
	assert_int_equal(g->units[1].side, side);
	assert_string_equal(g->units[1].name, "renamed");
	snapshot_free(&snap);
	game_free(g);
}

static void test_start_battle(void **state)
{
	struct game *g = deploy_game(2, UT_LINE_INF, FORM_LINE);
	(void)state;
	g->units[0].sp = 6;
	g->units[0].sp0 = 0;
	g->units[1].sp = 3;
	seq_start_battle(g);
	/* Starting strength is recorded; the opening line names the time. */
	assert_int_equal(g->units[0].sp0, 6);
	assert_int_equal(g->units[1].sp0, 3);
	assert_true(g->nlog >= 1);
	assert_non_null(strstr(g->log[g->nlog - 1].text, "10:00"));
	assert_int_equal(g->dice.draws, 0);
	game_free(g);
}

int main(void)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rng_determinism),
		cmocka_unit_test(test_rng_d6_uniform),
		cmocka_unit_test(test_rng_below),
		cmocka_unit_test(test_rng_script),
		cmocka_unit_test(test_roll_many),
		cmocka_unit_test(test_game_roll),
		cmocka_unit_test(test_game_log_and_listeners),
		cmocka_unit_test(test_game_new_and_add),
		cmocka_unit_test(test_command_radius),
		cmocka_unit_test(test_command_base_to_base),
		cmocka_unit_test(test_command_corps_attached_evaded),
		cmocka_unit_test(test_weather_tables),
		cmocka_unit_test(test_weather_clock),
		cmocka_unit_test(test_visibility),
		cmocka_unit_test(test_weather_setup),
		cmocka_unit_test(test_deploy_line),
		cmocka_unit_test(test_deploy_mixed_fronts),
		cmocka_unit_test(test_deploy_column),
		cmocka_unit_test(test_deploy_lines),
		cmocka_unit_test(test_deploy_on_table),
		cmocka_unit_test(test_deploy_overlap),
		cmocka_unit_test(test_deploy_commanders),
		cmocka_unit_test(test_snapshot_restore),
		cmocka_unit_test(test_snapshot_back),
		cmocka_unit_test(test_start_battle),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
