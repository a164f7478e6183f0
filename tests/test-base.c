/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-base: the engine's small base modules through their headers: rng
 * (the same seed gives the same throws, streams apart stay apart, a die is
 * fair), event (listeners hear the log and the dice, and stop hearing),
 * text (what is escaped and what is shown as it is), enums (every key
 * reads back to its constant) and state (the table a save is written
 * from). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/enums.h"
#include "engine/event.h"
#include "engine/game.h"
#include "engine/index-set.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "engine/text.h"
#include "test-util.h"

/* ---- rng ---- */

/* The generator is seeded through splitmix64: seed 0's first word is
 * splitmix64's well-known first output, so the seeding is the published
 * algorithm and the same on every machine. */
static void rng_seeds_by_splitmix(void **state)
{
	struct rng r;
	(void)state;
	rng_seed(&r, 0);
	assert_true(r.s[0] == 0xe220a8397b1dcdafULL);
	assert_true(r.s[1] == 0x6e789e6aa1b965f4ULL);
	assert_true(r.draws == 0);
}

static void rng_same_seed_same_draws(void **state)
{
	struct rng a, b;
	(void)state;
	rng_seed(&a, 12345);
	rng_seed(&b, 12345);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(rng_d6(&a), rng_d6(&b));
	assert_true(rng_next(&a) == rng_next(&b));
	assert_true(a.draws == 1000 && b.draws == 1000);
}

/* Two seeds give different throws, and drawing from one stream leaves the
 * other where it was. */
static void rng_streams_independent(void **state)
{
	struct rng a, b, c;
	int same = 0;
	(void)state;
	rng_seed(&a, 1);
	rng_seed(&b, 2);
	rng_seed(&c, 2);
	for (int i = 0; i < 600; i++)
		same += rng_d6(&a) == rng_d6(&b);
	assert_true(same < 300); /* about 100 by chance, 600 if the same */
	for (int i = 0; i < 50; i++)
		(void)rng_d6(&a);
	for (int i = 0; i < 600; i++)
		(void)rng_d6(&c);
	for (int i = 0; i < 100; i++)
		assert_int_equal(rng_d6(&b), rng_d6(&c));
}

/* A game's dice and its cosmetic stream are two streams: the computer's
 * tie-breaks never move the rules' dice. */
static void rng_game_streams_apart(void **state)
{
	struct game *g = game_new(7), *h = game_new(7);
	(void)state;
	for (int i = 0; i < 100; i++)
		(void)rng_below(&g->cosmetic, 1000);
	for (int i = 0; i < 100; i++)
		assert_int_equal(rng_d6(&g->dice), rng_d6(&h->dice));
	game_free(g);
	game_free(h);
}

static void rng_d6_fair(void **state)
{
	struct rng r;
	int count[7] = { 0 };
	(void)state;
	rng_seed(&r, 99);
	for (int i = 0; i < 60000; i++) {
		int d = rng_d6(&r);
		assert_in_range(d, 1, 6);
		count[d]++;
	}
	for (int d = 1; d <= 6; d++)
		assert_in_range(count[d], 9500, 10500); /* 10000 expected, sd 91 */
	for (int i = 0; i < 1000; i++)
		assert_true(rng_below(&r, 3) < 3);
	assert_true(rng_below(&r, 1) == 0);
}

/* ---- event ---- */

struct heard {
	int n[4];
	char last[128];
	int ndice, faces[4], total, unit;
};

static void hear(void *ctx, const struct game *g, const struct event *ev)
{
	struct heard *h = ctx;
	(void)g;
	h->n[ev->kind]++;
	h->unit = ev->unit;
	if (ev->text)
		snprintf(h->last, sizeof h->last, "%s", ev->text);
	if (ev->kind == EV_DICE) {
		h->ndice = ev->ndice;
		for (int i = 0; i < ev->ndice && i < 4; i++)
			h->faces[i] = ev->faces[i];
		h->total = ev->total;
	}
}

static void event_listeners_hear(void **state)
{
	struct game *g = game_new(1);
	struct heard a = { 0 }, b = { 0 };
	int pips[] = { 4, 2 };
	(void)state;
	assert_int_equal(event_listen(g, hear, &a), 0);
	assert_int_equal(event_listen(g, hear, &b), 0);
	game_log(g, "the %s advance", "French");
	assert_int_equal(a.n[EV_LOG], 1);
	assert_string_equal(a.last, "the French advance");
	assert_int_equal(b.n[EV_LOG], 1);

	assert_int_equal(game_queue_dice(g, pips, 2), 0);
	assert_int_equal(game_roll(g, 2, NULL, "test throw"), 6);
	assert_int_equal(a.n[EV_DICE], 1);
	assert_int_equal(a.ndice, 2);
	assert_int_equal(a.faces[0], 4);
	assert_int_equal(a.faces[1], 2);
	assert_int_equal(a.total, 6);
	assert_string_equal(a.last, "test throw: 2D6 4+2 = 6");

	event_unit_changed(g, 3);
	assert_int_equal(a.n[EV_UNIT], 1);
	assert_int_equal(a.unit, 3);

	event_unlisten(g, hear, &a);
	game_log(g, "later");
	assert_int_equal(a.n[EV_LOG], 1);
	assert_int_equal(b.n[EV_LOG], 2);
	assert_string_equal(b.last, "later");
	game_free(g);
}

static void event_slots_full(void **state)
{
	struct game *g = game_new(1);
	struct heard h[EVENT_MAX_LISTENERS + 1];
	(void)state;
	memset(h, 0, sizeof h);
	for (int i = 0; i < EVENT_MAX_LISTENERS; i++)
		assert_int_equal(event_listen(g, hear, &h[i]), 0);
	assert_int_equal(event_listen(g, hear, &h[EVENT_MAX_LISTENERS]), -1);
	event_unlisten(g, hear, &h[0]);
	assert_int_equal(event_listen(g, hear, &h[EVENT_MAX_LISTENERS]), 0);
	event_unit_changed(g, -1);
	assert_int_equal(h[0].n[EV_UNIT], 0);
	for (int i = 1; i <= EVENT_MAX_LISTENERS; i++)
		assert_int_equal(h[i].n[EV_UNIT], 1);
	game_free(g);
}

/* ---- text ---- */

static void escape(const char *s, bool quoted, int len, const char *want)
{
	char esc[8];
	assert_int_equal(text_escape_at((const unsigned char *)s, quoted, esc), len);
	assert_string_equal(esc, want);
}

static void text_escapes(void **state)
{
	(void)state;
	escape("a", false, 1, "");
	escape("\n", false, 1, "\\n");
	escape("\t", false, 1, "\\t");
	escape("\r", false, 1, "\\r");
	escape("\x01", false, 1, "\\x01");
	escape("\x1b[2J", false, 1, "\\x1b");
	escape("\x7f", false, 1, "\\x7f");
	escape("\"", false, 1, "");
	escape("\"", true, 1, "\\\"");
	escape("\\", true, 1, "\\\\");
	escape("\xc3\xa9t\xc3\xa9", false, 2, "");       /* e acute: shown */
	escape("\xe2\x82\xac", false, 3, "");            /* the euro sign */
	escape("\xf0\x9f\x98\x80", false, 4, "");        /* U+1F600 */
	escape("\xc2\x85", false, 2, "\\u0085");         /* C1 NEL */
	escape("\xc2\x9b", false, 2, "\\u009b");         /* C1 CSI */
	escape("\xc2\xa0", false, 2, "");                /* no-break space */
	escape("\x9b", false, 1, "\\x9b");               /* raw 8-bit CSI */
	escape("\xc3(", false, 1, "\\xc3");              /* cut short */
	escape("\xc0\xaf", false, 1, "\\xc0");           /* overlong */
	escape("\xed\xa0\x80", false, 1, "\\xed");       /* a surrogate */
	escape("\xf4\x90\x80\x80", false, 1, "\\xf4");   /* past U+10FFFF */
}

/* ---- enums ---- */

#define ROUND_TRIP(table, count)                                                    \
	do {                                                                            \
		assert_int_equal(ENUM_COUNT(table), count);                                 \
		for (int i_ = 0; i_ < (count); i_++) {                                      \
			assert_non_null(table[i_].key);                                         \
			assert_non_null(table[i_].label);                                       \
			assert_true(table[i_].key[0] && table[i_].label[0]);                    \
			assert_int_equal(ENUM_LOOKUP(table, table[i_].key), i_);                \
		}                                                                           \
		assert_int_equal(ENUM_LOOKUP(table, "no such word"), -1);                  \
	} while (0)

static void enums_round_trip(void **state)
{
	(void)state;
	ROUND_TRIP(side_names, SIDE_COUNT);
	ROUND_TRIP(nationality_names, NAT_COUNT);
	ROUND_TRIP(unit_type_names, UT_COUNT);
	ROUND_TRIP(rating_names, RATING_COUNT);
	ROUND_TRIP(formation_names, FORM_COUNT);
	ROUND_TRIP(weight_names, WEIGHT_COUNT);
	ROUND_TRIP(irregular_names, IRR_COUNT);
	ROUND_TRIP(arm_names, ARM_COUNT);
	ROUND_TRIP(brigade_kind_names, BK_COUNT);
	ROUND_TRIP(cmd_level_names, CL_COUNT);
	ROUND_TRIP(cmd_rating_names, CR_COUNT);
	ROUND_TRIP(cmd_status_names, CS_COUNT);
	ROUND_TRIP(unit_state_names, US_COUNT);
	ROUND_TRIP(marker_names, MK_COUNT);
	ROUND_TRIP(phase_names, PHASE_COUNT);
	ROUND_TRIP(range_names, RANGE_COUNT);
	ROUND_TRIP(terrain_names, TT_COUNT);
	ROUND_TRIP(tclass_names, TC_COUNT);
	ROUND_TRIP(go_names, GO_COUNT);
	ROUND_TRIP(weather_names, WX_COUNT);
	ROUND_TRIP(sky_names, SKY_COUNT);
	ROUND_TRIP(layout_names, LAYOUT_COUNT);
}

/* The words are the files' and the commands': a few fixed ones. */
static void enums_words(void **state)
{
	(void)state;
	assert_int_equal(ENUM_LOOKUP(formation_names, "emergency_square"), FORM_ESQUARE);
	assert_int_equal(ENUM_LOOKUP(terrain_names, "ditch"), TT_DITCH);
	assert_int_equal(ENUM_LOOKUP(unit_type_names, "horse_artillery"), UT_HORSE_ART);
	assert_string_equal(ENUM_KEY(side_names, SIDE_B), "B");
	assert_string_equal(ENUM_LABEL(formation_names, FORM_SKIRMISH), "skirmish line");
}

static void enums_keys_list(void **state)
{
	char buf[128], small[13];
	int skip[] = { SIDE_A, -1 };
	int skip2[] = { RATING_ELITE, RATING_TRAINED, -1 };
	(void)state;
	assert_string_equal(enum_keys(side_names, SIDE_COUNT, NULL, buf, sizeof buf), "A, B");
	assert_string_equal(enum_keys(side_names, SIDE_COUNT, skip, buf, sizeof buf), "B");
	assert_string_equal(enum_keys(rating_names, RATING_COUNT, skip2, buf, sizeof buf),
	                    "guard, veteran, untrained");
	/* A buffer that holds the first two keys exactly stops there. */
	assert_string_equal(enum_keys(rating_names, RATING_COUNT, NULL, small, sizeof small), "guard, elite");
}

/* ---- state ---- */

static void state_table(void **state)
{
	bool seen_turn = false, seen_sky = false;
	(void)state;
	assert_true(state_nfields > 0);
	for (int i = 0; i < state_nfields; i++) {
		const struct state_field *f = &state_fields[i];
		assert_true(strcmp(f->group, "game") == 0 || strcmp(f->group, "weather") == 0);
		assert_true(f->offset + f->size <= sizeof(struct battle_state));
		assert_true(f->size > 0);
		if (f->kind == SK_ENUM)
			assert_true(f->names && f->count > 0);
		if (f->kind == SK_INT || f->kind == SK_DOUBLE)
			assert_true(f->lo < f->hi);
		for (int j = 0; j < i; j++)
			assert_false(strcmp(f->group, state_fields[j].group) == 0 &&
			             strcmp(f->key, state_fields[j].key) == 0);
		/* Groups are written one after the other, "game" first. */
		if (i > 0 && strcmp(f->group, "game") == 0)
			assert_string_equal(state_fields[i - 1].group, "game");
		if (strcmp(f->key, "turn") == 0) {
			seen_turn = true;
			assert_int_equal(f->kind, SK_TURN);
			assert_true(f->offset == offsetof(struct battle_state, turn));
			assert_true(f->size == sizeof(int));
		}
		if (strcmp(f->key, "sky") == 0) {
			seen_sky = true;
			assert_int_equal(f->kind, SK_ENUM);
			assert_true(f->names == sky_names);
			assert_int_equal(f->count, SKY_COUNT);
		}
	}
	assert_true(seen_turn && seen_sky);
}

/* Each field reaches the member of a game it names: written through the
 * table, read back through the game. */
static void state_offsets_reach_game(void **state)
{
	struct game *g = game_new(1);
	(void)state;
	for (int i = 0; i < state_nfields; i++) {
		const struct state_field *f = &state_fields[i];
		unsigned char *p = (unsigned char *)&g->st + f->offset;
		if (strcmp(f->key, "initiatives") == 0)
			*(int *)(void *)p = 41;
		else if (strcmp(f->key, "sky_sight") == 0)
			*(double *)(void *)p = 12.5;
		else if (strcmp(f->key, "result") == 0)
			snprintf((char *)p, f->size, "a draw");
	}
	assert_int_equal(g->initiatives, 41);
	assert_true(g->wx.sky_sight == 12.5);
	assert_string_equal(g->result, "a draw");
	game_free(g);
}

/* index-set: a set grows past its room in place and keeps every index,
 * sorts into increasing order either way (insertion or qsort), starts
 * empty again keeping its heap, and lets go of it when freed. */
static void index_set_grows_and_sorts(void **state)
{
	(void)state;
	struct index_set s = { 0 };
	index_set_add(&s, 7);
	index_set_add(&s, 3);
	index_set_sort(&s);
	assert_int_equal(s.n, 2);
	assert_ptr_equal(s.idx, s.small);
	assert_int_equal(s.idx[0], 3);
	assert_int_equal(s.idx[1], 7);
	index_set_start(&s);
	for (int i = 0; i < 3 * INDEX_SET_SMALL; i++)
		index_set_add(&s, (i * 37) % (3 * INDEX_SET_SMALL));
	assert_int_equal(s.n, 3 * INDEX_SET_SMALL);
	assert_ptr_not_equal(s.idx, s.small);
	index_set_sort(&s);
	for (int i = 0; i < s.n; i++)
		assert_int_equal(s.idx[i], i);
	/* Indices of more than one byte (a large battle's), and more of
	 * them than the sort keeps room for on its stack. */
	index_set_start(&s);
	for (int i = 0; i < 1000; i++)
		index_set_add(&s, (int)((i * 7919L) % 1000) * 40009 % 16777259);
	index_set_sort(&s);
	assert_int_equal(s.n, 1000);
	for (int i = 1; i < s.n; i++)
		assert_true(s.idx[i - 1] < s.idx[i]);
	assert_int_equal(s.idx[0], 0);
	index_set_start(&s);
	assert_int_equal(s.n, 0);
	assert_ptr_not_equal(s.idx, s.small);
	index_set_free(&s);
	assert_null(s.idx);
	assert_int_equal(s.cap, 0);
}

/* index-set: the cell of a coordinate, those off the grid (and not a
 * number) in the cell at that end. */
static void index_cell_clamps(void **state)
{
	(void)state;
	assert_int_equal(index_cell(0, 16, 4), 0);
	assert_int_equal(index_cell(15.99, 16, 4), 0);
	assert_int_equal(index_cell(16, 16, 4), 1);
	assert_int_equal(index_cell(63.9, 16, 4), 3);
	assert_int_equal(index_cell(64, 16, 4), 3);
	assert_int_equal(index_cell(1e9, 16, 4), 3);
	assert_int_equal(index_cell(-0.1, 16, 4), 0);
	assert_int_equal(index_cell(0.0 / 0.0, 16, 4), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(index_set_grows_and_sorts),
		cmocka_unit_test(index_cell_clamps),
		cmocka_unit_test(rng_seeds_by_splitmix),
		cmocka_unit_test(rng_same_seed_same_draws),
		cmocka_unit_test(rng_streams_independent),
		cmocka_unit_test(rng_game_streams_apart),
		cmocka_unit_test(rng_d6_fair),
		cmocka_unit_test(event_listeners_hear),
		cmocka_unit_test(event_slots_full),
		cmocka_unit_test(text_escapes),
		cmocka_unit_test(enums_round_trip),
		cmocka_unit_test(enums_words),
		cmocka_unit_test(enums_keys_list),
		cmocka_unit_test(state_table),
		cmocka_unit_test(state_offsets_reach_game),
	};
	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
