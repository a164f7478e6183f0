/* SPDX-License-Identifier: GPL-3.0-or-later */
/* game: the state of a battle, its log, its dice and its decisions. */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control.h"
#include "game.h"
#include "grid.h"
#include "rules.h"
#include "watch.h"

/* Scenario defaults (not rules numbers: the rules leave these to players). */
#define DEFAULT_TURNS 12
#define DEFAULT_BREAK_PERCENT 50
#define DEFAULT_START_MINUTES (10 * 60)

struct game *game_new(uint64_t seed)
{
	struct game *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	if (!(g->grid = grid_new()) || !(g->watch = watch_new())) {
		grid_free(g->grid);
		free(g);
		return NULL;
	}
	g->seed = seed;
	rng_seed(&g->dice, seed);
	rng_seed(&g->cosmetic, seed ^ 0x5deece66dULL);
	g->turn = 1;
	g->turns = DEFAULT_TURNS;
	g->phase = PHASE_SETUP;
	g->initiative = -1;
	g->active_brigade = -1;
	g->current_unit = -1;
	g->divmove = -1;
	g->winner = -1;
	g->wx.start_minutes = DEFAULT_START_MINUTES;
	g->wx.weather = WX_CLEAR;
	g->wx.sky = SKY_CLEAR;
	for (int s = 0; s < SIDE_COUNT; s++) {
		g->side[s].corps = -1;
		g->side[s].break_percent = DEFAULT_BREAK_PERCENT;
		snprintf(g->side[s].name, sizeof g->side[s].name, "%s", side_names[s].label);
	}
	return g;
}

void game_free(struct game *g)
{
	if (!g)
		return;
	for (int i = 0; i < g->nlog; i++)
		free(g->log[i].text);
	free(g->log);
	free(g->history);
	free(g->script);
	game_drop_undo(g);
	free(g->description);
	free(g->ai_memory);
	map_free(&g->map);
	free(g->corps);
	free(g->divs);
	free(g->brigs);
	free(g->units);
	free(g->cmdrs);
	free(g->obj);
	grid_free(g->grid);
	watch_free(g->watch);
	free(g);
}

/* Append one element to a growing array; returns its index or -1.  The
 * array's room is implied by its count (16, then the next power of two),
 * so it doubles when full: loading n items costs O(n). */
static int push(void **arr, int *n, size_t size, const void *item)
{
	if (*n == 0 || (*n >= 16 && (*n & (*n - 1)) == 0)) {
		size_t cap = *n == 0 ? 16 : 2 * (size_t)*n;
		void *p = realloc(*arr, cap * size);
		if (!p)
			return -1;
		*arr = p;
	}
	{
		void *p = *arr;
		memcpy((char *)p + (size_t)*n * size, item, size);
	}
	return (*n)++;
}

int game_add_corps(struct game *g, const struct corps *c)
{
	return push((void **)&g->corps, &g->ncorps, sizeof *c, c);
}

int game_add_division(struct game *g, const struct division *d)
{
	return push((void **)&g->divs, &g->ndivs, sizeof *d, d);
}

int game_add_brigade(struct game *g, const struct brigade *b)
{
	return push((void **)&g->brigs, &g->nbrigs, sizeof *b, b);
}

int game_add_unit(struct game *g, const struct unit *u)
{
	return push((void **)&g->units, &g->nunits, sizeof *u, u);
}

int game_add_commander(struct game *g, const struct commander *c)
{
	return push((void **)&g->cmdrs, &g->ncmdrs, sizeof *c, c);
}

int game_add_objective(struct game *g, const struct objective *o)
{
	return push((void **)&g->obj, &g->nobj, sizeof *o, o);
}

static void append_log(struct game *g, const char *text, enum event_kind kind,
                       int ndice, const int *faces, int total)
{
	char *copy = strdup(text);
	struct event ev = { .kind = kind, .text = text, .unit = -1,
	                    .ndice = ndice, .faces = faces, .total = total };
	if (copy && g->nlog == g->caplog) {
		int cap = g->caplog ? 2 * g->caplog : 64;
		struct log_line *p = realloc(g->log, (size_t)cap * sizeof *p);
		if (p) {
			g->log = p;
			g->caplog = cap;
		}
	}
	if (copy && g->nlog < g->caplog)
		g->log[g->nlog++] = (struct log_line){ g->turn, copy };
	else
		free(copy);
	event_emit(g, &ev);
}

void game_vlog(struct game *g, const char *fmt, va_list ap)
{
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	append_log(g, buf, EV_LOG, 0, NULL, 0);
}

void game_log(struct game *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	game_vlog(g, fmt, ap);
	va_end(ap);
}

/* One die: a scripted pip while any is queued, else the generator. */
static int throw_d6(struct game *g)
{
	if (g->script_pos < g->nscript) {
		g->dice.draws++;
		return g->script[g->script_pos++];
	}
	return rng_d6(&g->dice);
}

/* A dice line of the log, "REASON: 3D6 4+2+6 = 12" or "REASON: 3D6 4 2 6
 * -> 2 hits", however many dice: on the heap when long. */
struct dice_line {
	char small[512], *text;
	size_t len, cap;
};

static void line_init(struct dice_line *l, const char *fmt, va_list ap)
{
	va_list copy;
	int n;
	l->text = l->small;
	l->cap = sizeof l->small;
	va_copy(copy, ap);
	n = vsnprintf(l->small, sizeof l->small, fmt, copy);
	va_end(copy);
	if (n >= (int)sizeof l->small && (l->text = malloc((size_t)n + 1))) {
		l->cap = (size_t)n + 1;
		vsnprintf(l->text, l->cap, fmt, ap);
	} else if (!l->text) {
		l->text = l->small;
	}
	l->len = strlen(l->text);
}

static void line_add(struct dice_line *l, const char *fmt, ...) GAME_PRINTF(2, 3);
static void line_add(struct dice_line *l, const char *fmt, ...)
{
	va_list ap;
	int n;
	va_start(ap, fmt);
	n = vsnprintf(l->text + l->len, l->cap - l->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (l->len + (size_t)n >= l->cap) {
		size_t cap = 2 * (l->len + (size_t)n + 1);
		char *p = l->text == l->small ? malloc(cap) : realloc(l->text, cap);
		if (!p) {
			l->text[l->len] = '\0';
			return;
		}
		if (l->text == l->small)
			memcpy(p, l->small, l->len + 1);
		l->text = p;
		l->cap = cap;
		va_start(ap, fmt);
		vsnprintf(l->text + l->len, l->cap - l->len, fmt, ap);
		va_end(ap);
	}
	l->len += (size_t)n;
}

static void line_free(struct dice_line *l)
{
	if (l->text != l->small)
		free(l->text);
}

/* Room for n faces: the caller's, a local array, or the heap. */
static int *faces_for(int n, int *given, int *local, int nlocal)
{
	if (given)
		return given;
	return n <= nlocal ? local : malloc((size_t)n * sizeof *local);
}

int game_roll(struct game *g, int n, int *faces, const char *fmt, ...)
{
	struct dice_line l;
	int local[64], *f, total = 0;
	va_list ap;

	va_start(ap, fmt);
	line_init(&l, fmt, ap);
	va_end(ap);
	if (n <= 0) {
		line_add(&l, ": no dice");
		append_log(g, l.text, EV_DICE, 0, local, 0);
		line_free(&l);
		return 0;
	}
	if (!(f = faces_for(n, faces, local, 64))) {
		line_free(&l);
		return 0;
	}
	for (int i = 0; i < n; i++) {
		f[i] = throw_d6(g);
		total += f[i];
	}
	line_add(&l, ": %dD6 ", n);
	for (int i = 0; i < n; i++)
		line_add(&l, "%s%d", i ? "+" : "", f[i]);
	if (n > 1)
		line_add(&l, " = %d", total);
	append_log(g, l.text, EV_DICE, n, f, total);
	line_free(&l);
	if (f != faces && f != local)
		free(f);
	return total;
}

int game_roll_hits(struct game *g, int n, int need, const char *fmt, ...)
{
	struct dice_line l;
	int local[64], *f, hits = 0;
	va_list ap;

	if (n <= 0 || !(f = faces_for(n, NULL, local, 64)))
		return 0;
	va_start(ap, fmt);
	line_init(&l, fmt, ap);
	va_end(ap);
	line_add(&l, ": %dD6 ", n);
	for (int i = 0; i < n; i++) {
		f[i] = throw_d6(g);
		hits += f[i] >= need;
		line_add(&l, "%s%d", i ? " " : "", f[i]);
	}
	line_add(&l, " -> %d hit%s", hits, hits == 1 ? "" : "s");
	append_log(g, l.text, EV_DICE, n, f, hits);
	line_free(&l);
	if (f != local)
		free(f);
	return hits;
}

static void *dup_array(const void *p, int n, size_t size, bool *ok)
{
	void *q;
	if (n == 0)
		return NULL;
	q = malloc((size_t)n * size);
	if (!q) {
		*ok = false;
		return NULL;
	}
	memcpy(q, p, (size_t)n * size);
	return q;
}

/* What of a unit a trial keeps to take back: all from its side on. */
#define UNIT_TAIL offsetof(struct unit, side)
#define UNIT_TAIL_SIZE (sizeof(struct unit) - UNIT_TAIL)
_Static_assert(offsetof(struct unit, name) == sizeof((struct unit *)0)->id &&
                   offsetof(struct unit, side) == offsetof(struct unit, name) + sizeof((struct unit *)0)->name,
               "only the id and the name come before a unit's side");

/* The units but for their ids and names, packed: a trial (made many
 * times for each order the AI weighs) copies a third less. */
static struct unit *dup_tails(const struct game *g, bool *ok)
{
	unsigned char *q;
	if (g->nunits == 0)
		return NULL;
	if (!(q = malloc((size_t)g->nunits * UNIT_TAIL_SIZE))) {
		*ok = false;
		return NULL;
	}
	for (int i = 0; i < g->nunits; i++)
		memcpy(q + (size_t)i * UNIT_TAIL_SIZE, (const unsigned char *)&g->units[i] + UNIT_TAIL, UNIT_TAIL_SIZE);
	return (struct unit *)(void *)q;
}

static int snapshot_take(const struct game *g, struct snapshot *s, bool tails)
{
	bool ok = true;
	*s = (struct snapshot){ .st = g->st, .nlog = g->nlog, .nhistory = g->nhistory, .tails = tails };
	s->units = tails ? dup_tails(g, &ok) : dup_array(g->units, g->nunits, sizeof *g->units, &ok);
	s->cmdrs = dup_array(g->cmdrs, g->ncmdrs, sizeof *g->cmdrs, &ok);
	s->brigs = dup_array(g->brigs, g->nbrigs, sizeof *g->brigs, &ok);
	s->obj = dup_array(g->obj, g->nobj, sizeof *g->obj, &ok);
	if (g->map.nf && (s->damage = malloc((size_t)g->map.nf * sizeof *s->damage)))
		for (int i = 0; i < g->map.nf; i++)
			s->damage[i] = g->map.f[i].damage;
	else if (g->map.nf)
		ok = false;
	if (!ok) {
		snapshot_free(s);
		return -1;
	}
	return 0;
}

int game_snapshot(const struct game *g, struct snapshot *s)
{
	return snapshot_take(g, s, false);
}

int game_snapshot_back(const struct game *g, struct snapshot *s)
{
	return snapshot_take(g, s, true);
}

unsigned *snapshot_acted(struct snapshot *s, int unit)
{
	if (!s->tails)
		return &s->units[unit].acted;
	return (unsigned *)(void *)((unsigned char *)s->units + (size_t)unit * UNIT_TAIL_SIZE +
	                            (offsetof(struct unit, acted) - UNIT_TAIL));
}

void game_restore(struct game *g, const struct snapshot *s)
{
	if (g->nunits && s->tails) {
		const unsigned char *q = (const unsigned char *)s->units;
		for (int i = 0; i < g->nunits; i++)
			memcpy((unsigned char *)&g->units[i] + UNIT_TAIL, q + (size_t)i * UNIT_TAIL_SIZE, UNIT_TAIL_SIZE);
	} else if (g->nunits) {
		memcpy(g->units, s->units, (size_t)g->nunits * sizeof *g->units);
	}
	if (g->ncmdrs)
		memcpy(g->cmdrs, s->cmdrs, (size_t)g->ncmdrs * sizeof *g->cmdrs);
	if (g->nbrigs)
		memcpy(g->brigs, s->brigs, (size_t)g->nbrigs * sizeof *g->brigs);
	if (g->nobj)
		memcpy(g->obj, s->obj, (size_t)g->nobj * sizeof *g->obj);
	for (int i = 0; i < g->map.nf; i++)
		g->map.f[i].damage = s->damage[i];
	grid_refile(g);
	g->st = s->st;
	while (g->nlog > s->nlog)
		free(g->log[--g->nlog].text);
	g->nhistory = s->nhistory;
}

void game_restore_view(struct game *g, const struct snapshot *s)
{
	int nlog = g->nlog, nhistory = g->nhistory;
	struct snapshot copy = *s;
	copy.nlog = nlog;
	copy.nhistory = nhistory;
	game_restore(g, &copy);
}

void snapshot_free(struct snapshot *s)
{
	free(s->units);
	free(s->cmdrs);
	free(s->brigs);
	free(s->obj);
	free(s->damage);
	*s = (struct snapshot){ 0 };
}

int game_trial_begin(struct game *g, struct game_trial *t)
{
	if (snapshot_take(g, &t->before, true) < 0)
		return -1;
	t->nlisteners = g->nlisteners;
	t->nundo = g->nundo;
	t->undo_draws = g->undo_draws;
	memcpy(t->undo, g->undo, sizeof t->undo);
	g->nlisteners = 0;
	g->nundo = 0;
	return 0;
}

void game_trial_end(struct game *g, struct game_trial *t)
{
	game_drop_undo(g);
	memcpy(g->undo, t->undo, sizeof t->undo);
	g->nundo = t->nundo;
	g->undo_draws = t->undo_draws;
	game_restore(g, &t->before);
	snapshot_free(&t->before);
	g->nlisteners = t->nlisteners;
}

void game_drop_undo(struct game *g)
{
	while (g->nundo > 0)
		snapshot_free(&g->undo[--g->nundo]);
}

void game_record(struct game *g, const struct order *o)
{
	push((void **)&g->history, &g->nhistory, sizeof *o, o);
}

int game_queue_dice(struct game *g, const int *pips, int n)
{
	if (n > g->capscript - g->nscript) {
		int cap = g->capscript ? g->capscript : 64;
		int *p;
		while (cap - g->nscript < n)
			cap *= 2;
		if (!(p = realloc(g->script, (size_t)cap * sizeof *p)))
			return -1;
		g->script = p;
		g->capscript = cap;
	}
	memcpy(g->script + g->nscript, pips, (size_t)n * sizeof *pips);
	g->nscript += n;
	return 0;
}

int game_script_dice(struct game *g, const int *pips, int n, char *why, size_t size)
{
	for (int i = 0; i < n; i++)
		if (pips[i] < 1 || pips[i] > 6) {
			snprintf(why, size, "a die has pips 1 to 6, not %d (pip %d of %d)", pips[i], i + 1, n);
			return -1;
		}
	if (game_queue_dice(g, pips, n) < 0) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	/* In the history, as many entries as the pips need. */
	for (int i = 0; i < n; i += ORDER_TEXT_LEN - 1) {
		struct order o = order_new(ORD_DICE);
		int k = n - i < ORDER_TEXT_LEN - 1 ? n - i : ORDER_TEXT_LEN - 1;
		for (int j = 0; j < k; j++)
			o.text[j] = (char)('0' + pips[i + j]);
		o.text[k] = '\0';
		game_record(g, &o);
	}
	return 0;
}

struct shape unit_shape(const struct unit *u, struct vec2 buf[4])
{
	struct obb b = unit_footprint(u);
	return geom_obb_shape(&b, buf);
}

bool game_units_within(const struct unit *a, const struct unit *b, double limit)
{
	struct vec2 ba[4], bb[4];
	struct shape sa, sb;
	/* Centres further apart than both half-diagonals and the limit (the
	 * sum of the halves is the half of the sum, to the bit). */
	double reach = unit_radius(a) + unit_radius(b) + limit;
	if (v2_dist(a->pos, b->pos) > reach)
		return false;
	/* Each holds its centre: centres within the limit (by more than
	 * any rounding) are. */
	if (v2_dist(a->pos, b->pos) <= limit - 1e-6)
		return true;
	sa = unit_shape(a, ba);
	sb = unit_shape(b, bb);
	return geom_within(&sa, &sb, limit);
}

double game_unit_distance(const struct unit *a, const struct unit *b)
{
	struct vec2 ba[4], bb[4];
	struct shape sa = unit_shape(a, ba), sb = unit_shape(b, bb);
	return geom_distance(&sa, &sb);
}

/* ------------------------------------------------------------------ */
/* Decisions: how the engine asks a side (see control.h) */

const struct enum_name decision_names[DK_COUNT] = { DECISION_LIST(ENUM_NAME) };

void decision_option(struct decision *d, const char *key, const char *label, double lo,
                     double hi)
{
	if (d->nopts >= DECISION_MAX_OPTIONS)
		return;
	d->opt[d->nopts].key = key;
	d->opt[d->nopts].label = label;
	d->opt[d->nopts].lo = lo;
	d->opt[d->nopts].hi = hi;
	d->opt[d->nopts].unit = hi > lo ? "cm" : NULL;
	d->opt[d->nopts].dflt = lo;
	d->opt[d->nopts].said = NULL;
	d->nopts++;
}

void decision_said(struct decision *d, const char *said)
{
	if (d->nopts > 0)
		d->opt[d->nopts - 1].said = said;
}

/* The answer as the log tells it: what the unit does, the number in its
 * place ("will fall back N cm"), or the option's label. */
static void answer_words(const struct decision *d, char *buf, size_t size)
{
	const char *said = d->opt[d->choice].said, *at;
	const char *unit = d->opt[d->choice].unit;
	char num[32];
	if (!said) {
		snprintf(buf, size, ": %s", d->opt[d->choice].label);
		return;
	}
	/* Distances to a millimetre, turns and strength points whole. */
	snprintf(num, sizeof num, unit && strcmp(unit, "cm") == 0 ? "%.1f" : "%.0f", d->value);
	if ((at = strchr(said, '#')))
		snprintf(buf, size, " %.*s%s%s", (int)(at - said), said, num, at + 1);
	else
		snprintf(buf, size, " %s", said);
}

void decision_value(struct decision *d, const char *unit, double dflt)
{
	if (d->nopts > 0) {
		d->opt[d->nopts - 1].unit = unit;
		d->opt[d->nopts - 1].dflt = dflt;
	}
}

int game_decide(struct game *g, struct controller **ctl, struct decision *d)
{
	struct order a = order_new(ORD_ANSWER);
	struct controller *c = ctl[d->side];
	const char *question = d->question;
	char asked[400];
	int r, held;
	d->choice = 0;
	d->value = d->opt[0].lo;
	if (!c || !c->decide)
		return -1;
	/* The question says which side is asked (one keyboard may play both). */
	snprintf(asked, sizeof asked, "%s: %s", g->side[d->side].name, question ? question : "");
	d->question = asked;
	/* The order that asks is only half carried out meanwhile: nothing may
	 * save the state (see save_write). */
	g->deciding++;
	/* The controller may move units about to weigh its answer: the
	 * index looks for itself meanwhile (grid.h). */
	held = grid_held(g);
	grid_set_held(g, 0);
	r = c->decide(c, g, d);
	grid_set_held(g, held);
	g->deciding--;
	d->question = question;
	if (r < 0)
		return -1;
	if (d->choice < 0 || d->choice >= d->nopts)
		d->choice = 0;
	if (d->opt[d->choice].hi > d->opt[d->choice].lo)
		d->value = fmin(fmax(d->value, d->opt[d->choice].lo), d->opt[d->choice].hi);
	else
		d->value = d->opt[d->choice].lo;
	g->decisions++;
	a.unit = d->unit;
	a.target = d->kind;
	a.flag = d->choice;
	a.a = d->value;
	a.has_a = d->opt[d->choice].hi > d->opt[d->choice].lo;
	snprintf(a.word, sizeof a.word, "%s", d->opt[d->choice].key);
	game_record(g, &a);
	{
		char words[MSG_LEN];
		answer_words(d, words, sizeof words);
		game_log(g, "%s: %s%s.", g->side[d->side].name, g->units[d->unit].id, words);
	}
	return 0;
}
