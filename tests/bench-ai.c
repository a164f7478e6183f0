/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ai: the computer opponent's figures against the targets of its
 * issue ('make bench').  Plays seeded battles in memory, without a
 * terminal, and reports each figure with its target, PASS or FAIL:
 *   - the AI's win rate against the naive baseline from either side, on
 *     the built-in battle, on Auerstedt and on random battles (the DBM
 *     terrain procedure, seed i for the i-th; N seeds each way);
 *   - both sides' win rates of the AI against itself on the mirrored
 *     battle (and, for information, on the other two), and on each the
 *     batteries lost while limbered or moving (the engine's log says
 *     "caught on the move"), at most 1 per 10 battles; and the cavalry
 *     left idle in contact (idle_note), for information;
 *   - the CPU time of each of the AI's calls (median, p99, max) and of a
 *     whole AI-against-AI Auerstedt battle (40 and more units a side);
 *   - the peak RSS of a real 'grognard --batch --side none' playing
 *     Auerstedt (measured on the child), and its time; the same for the
 *     army-scale battle, Waterloo (some 390 units), against DESIGN's
 *     budget for a battle of 900 units (10 s, 32 MB);
 *   - orders the engine refused, counted over every battle played, at
 *     least 1,000, the AI taking side A and side B in turn.
 * usage: bench-ai [-n SEEDS] [-r BATTLES] [-l LEVEL] [-g GROGNARD] [-s LIST] [-q] [-H] DATADIR
 *   -n seeds per pairing and side (100); -r battles counted for refusals
 *   (at least 1000: more are played to make it up); -g the game for the
 *   RSS run; -s which scenarios (digits: 0 built-in, 1 Auerstedt,
 *   2 mirror, 3 random battles; w the army-scale run, with -g); -q only
 *   the battles against the naive baseline.
 * or, to look at one battle's log: bench-ai -1 SCENARIO:SEED:AB DATADIR
 * (A and B each g for the AI at -l's level, m for the normal one or n for
 * the baseline), ending with a "result:" line (the winner, the battle's
 * time, its slowest call, refusals, batteries caught on the move); with
 * BENCH_QUIET set, that line only.
 * With BENCH_VERBOSE set, each refused order is named; with BENCH_SLOW=MS,
 * each AI call of MS milliseconds or more; with -1 and BENCH_WATCH=X,Y,R,
 * at each Turn, the units within R cm of (X, Y).
 * Exit status 1 when a figure misses its target. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench-child.h"

#include "ai/ai.h"
#include "ai/estimate.h"
#include "engine/control.h"
#include "engine/event.h"
#include "engine/game.h"
#include "engine/grid.h"
#include "engine/order.h"
#include "io/diag.h"
#include "io/load.h"
#include "io/random-battle.h"
#include "io/load-rules.h"

extern const char default_battle_cfg[];

/* Every AI call is timed; refusals are counted for both kinds of AI. */
struct timed {
	struct controller ctl, *inner;
	double *ms;
	long n, cap;
	long refusals;
	const char *who;
	double worst;        /* the slowest call, and what it was */
	char worst_what[96];
	/* Cavalry left idle in contact (idle_note): the initiative looked at,
	 * the units of its brigade that could have charged an enemy within
	 * IDLE_WITHIN cm as it began, and how many of them did not. */
	int idle_init;
	unsigned char *could;
	struct vec2 *from;   /* where each stood as the initiative began */
	int ncould;
	long chances, idle;
};

/* CPU time, so that other work on a shared machine does not count. */
static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void note_time(struct timed *t, double ms)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 4096;
		t->ms = realloc(t->ms, (size_t)t->cap * sizeof *t->ms);
		if (!t->ms) {
			perror("bench-ai");
			exit(1);
		}
	}
	t->ms[t->n++] = ms;
}

static void note_worst(struct timed *t, double ms, const struct game *g, const char *what)
{
	const char *slow = getenv("BENCH_SLOW");
	if (slow && ms >= atof(slow))
		fprintf(stderr, "slow call (%s): %.1f ms, %s, %s seed %llu turn %d\n", t->who, ms, what, g->title,
		        (unsigned long long)g->seed, g->turn);
	if (ms <= t->worst)
		return;
	t->worst = ms;
	snprintf(t->worst_what, sizeof t->worst_what, "%s, %s turn %d", what, g->title, g->turn);
}

static struct timed general_calls = { .who = "AI" }, naive_calls = { .who = "naive" },
		    normal_calls = { .who = "normal" };

/* How near an enemy a cavalry unit counts as "in contact" for idle_note:
 * touching it or nearly (the cavalry "touching enemy columns"),
 * not yet in hand-to-hand. */
#define IDLE_WITHIN 3.0
/* ... and idle when it moved less than this in the initiative. */
#define IDLE_MOVE 6.0

/* Cavalry idle in contact: as an initiative's manoeuvre begins, each
 * cavalry unit of its brigade that may charge an enemy within IDLE_WITHIN
 * cm (the engine's own preview of the charge order accepts it) with the
 * odds in its favour (the estimates' value of the charge above nothing)
 * is a chance; when the side ends the phase, each such unit that was not
 * ordered to charge and stands within IDLE_MOVE cm of where it was is
 * counted idle (small moves, as the issue saw them; a unit that rode on
 * toward its aim is not idle).  Not for the naive
 * baseline. */
static void idle_note(struct timed *t, struct game *g, enum side side, const struct order *o)
{
	if (strcmp(t->who, "naive") == 0 || g->phase != PHASE_MANOEUVRE || g->active_brigade < 0)
		return;
	if (t->ncould < g->nunits) {
		free(t->could);
		free(t->from);
		t->could = calloc((size_t)g->nunits, 1);
		t->from = calloc((size_t)g->nunits, sizeof *t->from);
		t->ncould = t->could && t->from ? g->nunits : 0;
		if (!t->ncould) {
			perror("bench-ai");
			exit(1);
		}
		t->idle_init = -1;
	}
	if (t->idle_init != g->initiatives) {
		t->idle_init = g->initiatives;
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			double d;
			t->could[i] = 0;
			t->from[i] = u->pos;
			if (u->brigade != g->active_brigade || u->side != side || !unit_is_cavalry(u) ||
			    u->state != US_ACTIVE || grid_nearest_enemy(g, u, &d) < 0 || d > IDLE_WITHIN ||
			    d <= GEOM_CONTACT)
				continue;
			for (int e = 0; e < g->nunits && !t->could[i]; e++) {
				struct order c = order_new(ORD_CHARGE);
				struct preview p;
				if (g->units[e].side == side || g->units[e].state != US_ACTIVE ||
				    !game_units_within(u, &g->units[e], IDLE_WITHIN))
					continue;
				c.unit = i;
				c.target = e;
				order_preview(g, side, &c, &p);
				if (p.ok) {
					struct est_charge ec;
					t->could[i] = est_charge(g, i, e, false, &ec) > 0;
				}
			}
			t->chances += t->could[i];
		}
	}
	if (o->kind == ORD_CHARGE && o->unit >= 0 && o->unit < g->nunits)
		t->could[o->unit] = 0; /* ordered to charge: not idle, whatever came of it */
	if (o->kind != ORD_END)
		return;
	for (int i = 0; i < g->nunits; i++)
		if (t->could[i] && v2_dist(g->units[i].pos, t->from[i]) < IDLE_MOVE) {
			t->idle++;
			if (getenv("BENCH_IDLE"))
				fprintf(stderr, "idle cavalry (%s): %s, %s seed %llu turn %d\n", t->who, g->units[i].id,
				        g->title, (unsigned long long)g->seed, g->turn);
		}
}

static int timed_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct timed *t = c->ctx;
	double t0 = now_ms(), ms;
	enum phase phase = g->phase;
	int r = t->inner->order(t->inner, g, side, o);
	ms = now_ms() - t0;
	note_time(t, ms);
	note_worst(t, ms, g, phase_names[phase].key);
	idle_note(t, g, side, o);
	return r;
}

static void timed_refused(struct controller *c, struct game *g, enum side side, const struct order *o,
                          const char *why)
{
	struct timed *t = c->ctx;
	t->refusals++;
	if (getenv("BENCH_VERBOSE"))
		fprintf(stderr, "refused (%s; %s, seed %llu): %s%s%s: %s\n", t->who, g->title,
		        (unsigned long long)g->seed, order_names[o->kind].key,
		        o->unit >= 0 && o->unit < g->nunits && o->kind != ORD_CMOVE ? " " : "",
		        o->unit >= 0 && o->unit < g->nunits && o->kind != ORD_CMOVE ? g->units[o->unit].id : "", why);
	t->inner->refused(t->inner, g, side, o, why);
}

static int timed_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct timed *t = c->ctx;
	double t0 = now_ms(), ms;
	int r = t->inner->decide(t->inner, g, d);
	ms = now_ms() - t0;
	note_time(t, ms);
	note_worst(t, ms, g, decision_names[d->kind].key);
	return r;
}


/* GENERAL: the AI at the level measured; NORMAL: a second one, at the
 * normal level, for the hard level's pairings. */
enum who { NAIVE, GENERAL, NORMAL };

struct scenario {
	const char *name;
	char path[4096]; /* empty: the built-in battle */
	bool random;     /* a random battle, its seed the battle's */
};

static bool show_log;
static int fewest_units = -1; /* in a side of the last battle played */
static int caught;            /* batteries caught on the move in the last battle */

static void print_line(void *ctx, const struct game *g, const struct event *ev)
{
	const char *watch = getenv("BENCH_WATCH");
	(void)ctx;
	if (ev->kind == EV_LOG || ev->kind == EV_DICE)
		printf("%s\n", ev->text);
	/* BENCH_WATCH=X,Y,R: at each Turn, who stands within R cm of (X, Y). */
	if (watch && ev->kind == EV_LOG && strstr(ev->text, " begins (")) {
		double x, y, r;
		if (sscanf(watch, "%lf,%lf,%lf", &x, &y, &r) == 3)
			for (int i = 0; i < g->nunits; i++) {
				const struct unit *u = &g->units[i];
				if (u->state == US_ACTIVE && hypot(u->pos.x - x, u->pos.y - y) < r)
					printf("watch: %s side %d at %.1f %.1f facing %.0f %s sp %d\n", u->id, u->side, u->pos.x,
					       u->pos.y, u->facing, formation_names[u->form].key, u->sp);
			}
	}
}

static struct game *open_battle(const struct scenario *s, uint64_t seed)
{
	struct diag d = { 0 };
	char name[256];
	struct game *g;
	/* BENCH_RANDOM adds options to the random battles' name
	 * (";size=division", ";region=iberia" ...). */
	snprintf(name, sizeof name, "%s%llu%s", RANDOM_PREFIX, (unsigned long long)seed,
	         getenv("BENCH_RANDOM") ? getenv("BENCH_RANDOM") : "");
	g = s->random    ? random_open(name, seed, &d)
	    : s->path[0] ? load_scenario_file(s->path, seed, &d)
	                 : load_scenario_text(default_battle_cfg, "(built-in default battle)", seed, &d);
	if (!g) {
		diag_print(&d, stderr);
		exit(1);
	}
	diag_free(&d);
	return g;
}

/* One battle; returns the winner (0 A, 1 B, -1 draw) and its time. */
static int battle(const struct scenario *s, uint64_t seed, enum who a, enum who b, enum ai_level level,
                  double *ms)
{
	struct game *g = open_battle(s, seed);
	struct naive_ai naive;
	struct general_ai general, normal;
	struct timed tg = general_calls, tn = naive_calls, tm = normal_calls;
	struct controller wg = { .ctx = &tg, .order = timed_order, .refused = timed_refused,
		                 .decide = timed_decide };
	struct controller wn = { .ctx = &tn, .order = timed_order, .refused = timed_refused,
		                 .decide = timed_decide };
	struct controller wm = { .ctx = &tm, .order = timed_order, .refused = timed_refused,
		                 .decide = timed_decide };
	struct controller *ctl[SIDE_COUNT];
	double t0;
	int winner;

	tg.idle_init = tn.idle_init = tm.idle_init = -1;

	naive_init(&naive, g);
	if (general_init(&general, g, level) < 0 || general_init(&normal, g, AI_NORMAL) < 0) {
		perror("bench-ai");
		exit(1);
	}
	tg.inner = &general.ctl;
	tn.inner = &naive.ctl;
	tm.inner = &normal.ctl;
	ctl[SIDE_A] = a == GENERAL ? &wg : a == NORMAL ? &wm : &wn;
	ctl[SIDE_B] = b == GENERAL ? &wg : b == NORMAL ? &wm : &wn;
	t0 = now_ms();
	if (show_log) {
		for (int i = 0; i < g->nlog; i++)
			printf("%s\n", g->log[i].text);
		event_listen(g, print_line, NULL);
	}
	if (game_run(g, ctl) != STEP_OVER) {
		fprintf(stderr, "bench-ai: %s seed %llu did not end\n", s->name, (unsigned long long)seed);
		exit(1);
	}
	*ms = now_ms() - t0;
	if (show_log)
		for (int i = 0; i < g->nunits; i++) {
			const struct unit *u = &g->units[i];
			if (u->state == US_ACTIVE)
				printf("at end: %s side %d at %.1f %.1f facing %.0f %s sp %d\n", u->id, u->side, u->pos.x,
				       u->pos.y, u->facing, formation_names[u->form].key, u->sp);
		}
	general_calls = tg;
	naive_calls = tn;
	normal_calls = tm;
	winner = g->winner;
	/* The engine logs every battery lost while limbered or moving with
	 * these words. */
	caught = 0;
	for (int i = 0; i < g->nlog; i++)
		caught += strstr(g->log[i].text, "caught on the move") != NULL;
	for (int side = 0; side < SIDE_COUNT; side++) {
		int k = 0;
		for (int i = 0; i < g->nunits; i++)
			k += g->units[i].side == (enum side)side;
		if (side == 0 || k < fewest_units)
			fewest_units = k;
	}
	naive_free(&naive);
	general_free(&general);
	general_free(&normal);
	game_free(g);
	return winner;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double percentile(double *v, long n, double p)
{
	long k;
	if (n == 0)
		return 0;
	k = (long)(p * (double)(n - 1) + 0.5);
	return v[k];
}

static int failures;

static void verdict(bool pass)
{
	printf("  %s\n", pass ? "PASS" : "FAIL");
	failures += !pass;
}

/* A real game in batch mode, AI against AI, as a child: its peak RSS (KB)
 * and CPU time (ms). */
static bool child_battle(const char *grognard, const char *scenario, long *rss, double *ms)
{
	const char *argv[] = { grognard, "--batch", "--side", "none", "--seed", "1", scenario, NULL };
	double user_ms, sys_ms;
	if (!bench_child(argv, &user_ms, &sys_ms, rss))
		return false;
	*ms = user_ms + sys_ms;
	return true;
}

/* The hard level against the normal one (-H): win rates from either side
 * on the mirrored battle and Auerstedt (seeds 1 to n), the time of its
 * calls, whole Auerstedt battles with hard on both sides (the first few
 * seeds), and the orders it had refused. */
static int hard_figures(const struct scenario *sc, int n, const char *which)
{
	const int pick[2] = { 2, 1 };
	int played = 0, nwhole = !strchr(which, '1') ? 0 : n < 10 ? n : 10;
	double ms, worst = 0, sum = 0;
	printf("== hard against normal, %d seeds each way ==\n", n);
	for (int k = 0; k < 2; k++) {
		const struct scenario *c = &sc[pick[k]];
		int won_a = 0, won_b = 0, draw_a = 0, draw_b = 0;
		if (!strchr(which, '0' + pick[k]))
			continue;
		for (int i = 0; i < n; i++) {
			int w = battle(c, (uint64_t)i + 1, GENERAL, NORMAL, AI_HARD, &ms);
			won_a += w == SIDE_A;
			draw_a += w < 0;
			w = battle(c, (uint64_t)i + 1, NORMAL, GENERAL, AI_HARD, &ms);
			won_b += w == SIDE_B;
			draw_b += w < 0;
			played += 2;
		}
		printf("%-16s hard as side A wins %5.1f%% (%d drawn)   target >= 65%%", c->name, 100.0 * won_a / n,
		       draw_a);
		verdict(won_a * 100 >= 65 * n);
		printf("%-16s hard as side B wins %5.1f%% (%d drawn)   target >= 65%%", c->name, 100.0 * won_b / n,
		       draw_b);
		verdict(won_b * 100 >= 65 * n);
	}
	for (int i = 0; i < nwhole; i++, played++) {
		battle(&sc[1], (uint64_t)i + 1, GENERAL, GENERAL, AI_HARD, &ms);
		worst = fmax(worst, ms);
		sum += ms;
	}
	qsort(general_calls.ms, (size_t)general_calls.n, sizeof *general_calls.ms, cmp_double);
	printf("hard calls:      %ld; median %.3f ms, p99 %.3f ms, max %.3f ms (%s)   target max < 250 ms",
	       general_calls.n, percentile(general_calls.ms, general_calls.n, 0.5),
	       percentile(general_calls.ms, general_calls.n, 0.99),
	       general_calls.n ? general_calls.ms[general_calls.n - 1] : 0, general_calls.worst_what);
	verdict(!general_calls.n || general_calls.ms[general_calls.n - 1] < 250);
	if (nwhole) {
		printf("Auerstedt, hard on both sides, whole battle (%d seeds): mean %.0f ms, max %.0f ms"
		       "   target < 20000 ms",
		       nwhole, sum / nwhole, worst);
		verdict(worst < 20000);
	}
	printf("refused orders:  %ld by hard (%ld by normal) in %d battles   target 0", general_calls.refusals,
	       normal_calls.refusals, played);
	verdict(general_calls.refusals == 0 && normal_calls.refusals == 0);
	free(general_calls.ms);
	free(normal_calls.ms);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	/* The game's own rules, from the text compiled in. */
	if (!rules_use_builtin())
		return 1;
	int n = 100, count_to = 1000, opt, played = 0;
	enum ai_level level = AI_NORMAL;
	struct scenario sc[4] = { { .name = "built-in battle" }, { .name = "Auerstedt" },
		                  { .name = "mirror" }, { .name = "random battles", .random = true } };
	double ms, *aue_ms;
	long naue = 0;
	int aue_units = 0;
	long child_rss = 0, army_rss = 0;
	double child_ms = 0, army_ms = 0;
	bool child_ok = false, army_ok = false;
	char army[4200];
	const char *one = NULL, *grognard = NULL, *which = "0123w";
	bool naive_only = false, hard = false;
	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "n:r:l:1:qg:s:H")) != -1) {
		if (opt == '1')
			one = optarg;
		else if (opt == 'q')
			naive_only = true;
		else if (opt == 'H')
			hard = true;
		else if (opt == 'n')
			n = atoi(optarg);
		else if (opt == 'r')
			count_to = atoi(optarg);
		else if (opt == 'g')
			grognard = optarg;
		else if (opt == 's')
			which = optarg;
		else if (opt == 'l')
			level = strcmp(optarg, "easy") == 0 ? AI_EASY : strcmp(optarg, "hard") == 0 ? AI_HARD : AI_NORMAL;
		else {
			fputs("usage: bench-ai [-n SEEDS] [-r BATTLES] [-l LEVEL] [-g GROGNARD] [-s LIST] [-q] [-H] DATADIR\n",
			      stderr);
			return 2;
		}
	}
	if (optind >= argc || n < 1) {
		fputs("usage: bench-ai [-n SEEDS] [-r BATTLES] [-l LEVEL] [-g GROGNARD] [-s LIST] [-q] [-H] DATADIR\n",
		      stderr);
		return 2;
	}
	snprintf(sc[1].path, sizeof sc[1].path, "%s/maps/auerstedt.cfg", argv[optind]);
	snprintf(sc[2].path, sizeof sc[2].path, "%s/tests/bench/mirror.cfg", argv[optind]);
	if (one) {
		int s = 0;
		unsigned long long seed = 1;
		char a = 'g', b = 'g';
		if (sscanf(one, "%d:%llu:%c%c", &s, &seed, &a, &b) != 4 || s < 0 || s > 3)
			return 2;
		show_log = !getenv("BENCH_QUIET");
		int w = battle(&sc[s], seed, a == 'n' ? NAIVE : a == 'm' ? NORMAL : GENERAL,
		               b == 'n' ? NAIVE : b == 'm' ? NORMAL : GENERAL, level, &ms);
		printf("result: winner %s, %.0f ms, slowest call %.1f ms, %ld refused, %d caught on the move, "
		       "%ld of %ld cavalry idle in contact\n",
		       w == SIDE_A ? "A" : w == SIDE_B ? "B" : "none", ms, fmax(general_calls.worst, normal_calls.worst),
		       general_calls.refusals + normal_calls.refusals + naive_calls.refusals, caught,
		       general_calls.idle + normal_calls.idle, general_calls.chances + normal_calls.chances);
		return 0;
	}
	if (hard)
		return hard_figures(sc, n, which);
	aue_ms = calloc((size_t)n + 1, sizeof *aue_ms);
	if (!aue_ms)
		return 1;
	/* The game's own run first: a child's peak RSS counts what it shared
	 * with this process when it was forked, which is little only now. */
	if (grognard)
		child_ok = child_battle(grognard, sc[1].path, &child_rss, &child_ms);
	/* The army-scale battle (Waterloo, some 390 units) once, to a result. */
	snprintf(army, sizeof army, "%s/maps/waterloo.cfg", argv[optind]);
	if (grognard && strchr(which, 'w'))
		army_ok = child_battle(grognard, army, &army_rss, &army_ms);

	printf("== the AI (%s) against the naive baseline, %d seeds each way ==\n",
	       level == AI_EASY ? "easy" : level == AI_HARD ? "hard" : "normal", n);
	for (int s = 0; s < 4; s++) {
		int won_a = 0, won_b = 0, draw_a = 0, draw_b = 0;
		if (s == 2 || !strchr(which, '0' + s))
			continue;
		for (int i = 0; i < n; i++) {
			int w = battle(&sc[s], (uint64_t)i + 1, GENERAL, NAIVE, level, &ms);
			won_a += w == SIDE_A;
			draw_a += w < 0;
			w = battle(&sc[s], (uint64_t)i + 1, NAIVE, GENERAL, level, &ms);
			won_b += w == SIDE_B;
			draw_b += w < 0;
			played += 2;
		}
		printf("%-16s AI as side A wins %5.1f%% (%d drawn)   target >= 80%%", sc[s].name, 100.0 * won_a / n,
		       draw_a);
		verdict(won_a * 100 >= 80 * n);
		printf("%-16s AI as side B wins %5.1f%% (%d drawn)   target >= 80%%", sc[s].name, 100.0 * won_b / n,
		       draw_b);
		verdict(won_b * 100 >= 80 * n);
	}
	if (naive_only)
		return failures ? 1 : 0;

	printf("== the AI against itself, %d seeds ==\n", n);
	for (int s = 0; s < 3; s++) {
		int won[2] = { 0, 0 }, draws = 0, lost_guns = 0;
		long idle0 = general_calls.idle, chances0 = general_calls.chances;
		if (!strchr(which, '0' + s))
			continue;
		for (int i = 0; i < n; i++) {
			int w = battle(&sc[s], (uint64_t)i + 1, GENERAL, GENERAL, level, &ms);
			lost_guns += caught;
			if (w < 0)
				draws++;
			else
				won[w]++;
			if (s == 1) {
				aue_ms[naue++] = ms;
				aue_units = fewest_units;
			}
			played++;
		}
		printf("%-16s side A wins %5.1f%%, side B wins %5.1f%%, %d drawn", sc[s].name, 100.0 * won[0] / n,
		       100.0 * won[1] / n, draws);
		if (s == 2) {
			printf("   target 40-60%% each");
			verdict(won[0] * 100 >= 40 * n && won[0] * 100 <= 60 * n && won[1] * 100 >= 40 * n &&
			        won[1] * 100 <= 60 * n);
		} else {
			printf("\n");
		}
		printf("%-16s batteries caught on the move: %d in %d battles (%.1f per 10)   target <= 1 per 10",
		       sc[s].name, lost_guns, n, 10.0 * lost_guns / n);
		verdict(lost_guns * 10 <= n);
		printf("%-16s cavalry idle in contact: %ld of %ld chances to charge at good odds (for information)\n",
		       sc[s].name, general_calls.idle - idle0, general_calls.chances - chances0);
	}
	/* More battles, the AI on side A and side B in turn, until refusals
	 * have been counted over count_to of them. */
	for (int i = 0; played < count_to; i++, played++)
		battle(&sc[i % 2], (uint64_t)(1000 + i), i % 4 < 2 ? GENERAL : NAIVE, i % 4 < 2 ? NAIVE : GENERAL, level,
		       &ms);

	qsort(aue_ms, (size_t)naue, sizeof *aue_ms, cmp_double);
	qsort(general_calls.ms, (size_t)general_calls.n, sizeof *general_calls.ms, cmp_double);
	printf("== time and memory (CPU time, one core) ==\n");
	printf("AI calls:        %ld; median %.3f ms   target < 5 ms", general_calls.n,
	       percentile(general_calls.ms, general_calls.n, 0.5));
	verdict(percentile(general_calls.ms, general_calls.n, 0.5) < 5);
	printf("                 p99 %.3f ms, max %.3f ms (%s)   target max < 50 ms",
	       percentile(general_calls.ms, general_calls.n, 0.99),
	       general_calls.n ? general_calls.ms[general_calls.n - 1] : 0, general_calls.worst_what);
	verdict(!general_calls.n || general_calls.ms[general_calls.n - 1] < 50);
	if (naue) {
		printf("Auerstedt, AI against AI (%d or more units a side), whole battle: median %.0f ms, max %.0f ms"
		       "   target < 2000 ms",
		       aue_units, percentile(aue_ms, naue, 0.5), aue_ms[naue - 1]);
		verdict(aue_ms[naue - 1] < 2000);
	}
	if (grognard) {
		if (child_ok) {
			printf("grognard --batch --side none auerstedt: %.0f ms, peak RSS %ld KB   target < 16384 KB",
			       child_ms, child_rss);
			verdict(child_rss < 16 * 1024);
		} else {
			printf("grognard --batch --side none auerstedt did not run to its end");
			verdict(false);
		}
	}
	if (grognard && strchr(which, 'w')) {
		if (army_ok) {
			printf("grognard --batch --side none waterloo (army scale, 393 units): %.0f ms, peak RSS %ld KB"
			       "   target < 10000 ms (900 units), < 32768 KB",
			       army_ms, army_rss);
			verdict(army_ms < 10000 && army_rss < 32 * 1024);
		} else {
			printf("grognard --batch --side none waterloo did not run to its end");
			verdict(false);
		}
	}
	printf("refused orders:  %ld by the AI (%ld by the naive baseline) in %d battles   target 0 in >= 1000",
	       general_calls.refusals, naive_calls.refusals, played);
	verdict(general_calls.refusals == 0 && played >= 1000);
	free(aue_ms);
	free(general_calls.ms);
	free(naive_calls.ms);
	return failures ? 1 : 0;
}
