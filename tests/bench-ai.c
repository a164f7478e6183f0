/* bench-ai: figures for the computer opponent ('make bench').  Plays
 * seeded battles in memory, without a terminal, and reports:
 *   - the time of each of the AI's decisions (median, p99, max) and of a
 *     whole AI-against-AI battle, and the peak RSS;
 *   - the AI's win rate against the naive baseline from both sides on the
 *     built-in battle and on Auerstedt;
 *   - both sides' win rates of the AI against itself on a mirrored battle;
 *   - how many orders the engine refused (must be 0).
 * usage: bench-ai [-n BATTLES] [-r REFUSAL_BATTLES] [-l easy|normal|hard] DATADIR
 * -q: only the games against the naive baseline.
 * or, to look at one battle's log: bench-ai -1 SCENARIO:SEED:AB DATADIR
 * (SCENARIO 0 built-in, 1 Auerstedt, 2 mirror; A and B each g or n). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "engine/event.h"
#include "engine/game.h"
#include "io/diag.h"
#include "io/load.h"

extern const char default_battle_cfg[];

/* Every AI call is timed; refusals are counted for both kinds of AI. */
struct timed {
	struct controller ctl, *inner;
	double *ms;
	long n, cap;
	long refusals;
	const char *who;
};

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
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

static int timed_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct timed *t = c->ctx;
	double t0 = now_ms();
	int r = t->inner->order(t->inner, g, side, o);
	note_time(t, now_ms() - t0);
	return r;
}

static void timed_refused(struct controller *c, struct game *g, enum side side, const struct order *o,
                          const char *why)
{
	struct timed *t = c->ctx;
	t->refusals++;
	if (getenv("BENCH_VERBOSE"))
		fprintf(stderr, "refused (%s; %s, seed %llu): %s\n", t->who, g->title, (unsigned long long)g->seed,
		        why);
	t->inner->refused(t->inner, g, side, o, why);
}

static int timed_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct timed *t = c->ctx;
	double t0 = now_ms();
	int r = t->inner->decide(t->inner, g, d);
	note_time(t, now_ms() - t0);
	return r;
}

static struct timed general_calls = { .who = "AI" }, naive_calls = { .who = "naive" };

enum who { NAIVE, GENERAL };

struct scenario {
	const char *name;
	char path[4096]; /* empty: the built-in battle */
};

static bool show_log;

static void print_line(void *ctx, const struct game *g, const struct event *ev)
{
	(void)ctx, (void)g;
	if (ev->kind == EV_LOG || ev->kind == EV_DICE)
		printf("%s\n", ev->text);
}

static struct game *open_battle(const struct scenario *s, uint64_t seed)
{
	struct diag d = { 0 };
	struct game *g = s->path[0] ? load_scenario_file(s->path, seed, &d)
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
	struct general_ai general;
	struct timed tg = general_calls, tn = naive_calls;
	struct controller wg = { .ctx = &tg, .order = timed_order, .refused = timed_refused,
		                 .decide = timed_decide };
	struct controller wn = { .ctx = &tn, .order = timed_order, .refused = timed_refused,
		                 .decide = timed_decide };
	struct controller *ctl[SIDE_COUNT];
	double t0;
	int winner;

	naive_init(&naive, g);
	if (general_init(&general, g, level) < 0) {
		perror("bench-ai");
		exit(1);
	}
	tg.inner = &general.ctl;
	tn.inner = &naive.ctl;
	ctl[SIDE_A] = a == GENERAL ? &wg : &wn;
	ctl[SIDE_B] = b == GENERAL ? &wg : &wn;
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
	winner = g->winner;
	naive_free(&naive);
	general_free(&general);
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

int main(int argc, char **argv)
{
	int n = 100, extra = 0, opt;
	enum ai_level level = AI_NORMAL;
	struct scenario sc[3] = { { .name = "built-in battle" }, { .name = "Auerstedt" },
		                  { .name = "mirror" } };
	double ms, *battle_ms;
	long nbattle_ms = 0, refusals;
	struct rusage ru;

	const char *one = NULL;
	bool naive_only = false;
	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "n:r:l:1:q")) != -1) {
		if (opt == '1')
			one = optarg;
		else if (opt == 'q')
			naive_only = true;
		else if (opt == 'n')
			n = atoi(optarg);
		else if (opt == 'r')
			extra = atoi(optarg);
		else if (opt == 'l')
			level = strcmp(optarg, "easy") == 0 ? AI_EASY : strcmp(optarg, "hard") == 0 ? AI_HARD : AI_NORMAL;
		else {
			fputs("usage: bench-ai [-n BATTLES] [-r REFUSAL_BATTLES] [-l LEVEL] DATADIR\n", stderr);
			return 2;
		}
	}
	if (optind >= argc || n < 1) {
		fputs("usage: bench-ai [-n BATTLES] [-r REFUSAL_BATTLES] [-l LEVEL] DATADIR\n", stderr);
		return 2;
	}
	snprintf(sc[1].path, sizeof sc[1].path, "%s/maps/auerstedt.cfg", argv[optind]);
	snprintf(sc[2].path, sizeof sc[2].path, "%s/tests/bench/mirror.cfg", argv[optind]);
	if (one) {
		int s = 0;
		unsigned long long seed = 1;
		char a = 'g', b = 'g';
		if (sscanf(one, "%d:%llu:%c%c", &s, &seed, &a, &b) != 4 || s < 0 || s > 2)
			return 2;
		show_log = true;
		battle(&sc[s], seed, a == 'n' ? NAIVE : GENERAL, b == 'n' ? NAIVE : GENERAL, level, &ms);
		return 0;
	}
	battle_ms = calloc((size_t)(4 * n + 2 * n + extra + 8), sizeof *battle_ms);
	if (!battle_ms)
		return 1;

	printf("== the AI (%s) against the naive baseline, %d seeds each way ==\n",
	       level == AI_EASY ? "easy" : level == AI_HARD ? "hard" : "normal", n);
	for (int s = 0; s < 2; s++) {
		int won_a = 0, won_b = 0, draw_a = 0, draw_b = 0;
		for (int i = 0; i < n; i++) {
			int w = battle(&sc[s], (uint64_t)i + 1, GENERAL, NAIVE, level, &ms);
			won_a += w == SIDE_A;
			draw_a += w < 0;
			w = battle(&sc[s], (uint64_t)i + 1, NAIVE, GENERAL, level, &ms);
			won_b += w == SIDE_B;
			draw_b += w < 0;
		}
		printf("%-16s AI as side A wins %3d%% (%d drawn), as side B wins %3d%% (%d drawn)\n", sc[s].name,
		       100 * won_a / n, draw_a, 100 * won_b / n, draw_b);
	}

	if (naive_only)
		return 0;
	printf("== the AI against itself, %d seeds ==\n", n);
	for (int s = 0; s < 3; s++) {
		int won[2] = { 0, 0 }, draws = 0;
		double worst = 0;
		for (int i = 0; i < n; i++) {
			int w = battle(&sc[s], (uint64_t)i + 1, GENERAL, GENERAL, level, &ms);
			if (w < 0)
				draws++;
			else
				won[w]++;
			battle_ms[nbattle_ms++] = ms;
			worst = ms > worst ? ms : worst;
		}
		printf("%-16s side A wins %3d%%, side B wins %3d%%, %d drawn; worst battle %.0f ms\n", sc[s].name,
		       100 * won[0] / n, 100 * won[1] / n, draws, worst);
	}
	for (int i = 0; i < extra; i++)
		battle(&sc[i % 3], (uint64_t)(1000 + i), GENERAL, i % 2 ? NAIVE : GENERAL, level, &ms);

	qsort(battle_ms, (size_t)nbattle_ms, sizeof *battle_ms, cmp_double);
	qsort(general_calls.ms, (size_t)general_calls.n, sizeof *general_calls.ms, cmp_double);
	getrusage(RUSAGE_SELF, &ru);
	printf("== time and memory ==\n");
	printf("AI decisions:    %ld; median %.3f ms, p99 %.3f ms, max %.3f ms\n", general_calls.n,
	       percentile(general_calls.ms, general_calls.n, 0.5),
	       percentile(general_calls.ms, general_calls.n, 0.99),
	       general_calls.n ? general_calls.ms[general_calls.n - 1] : 0);
	printf("AI-vs-AI battle: median %.0f ms, max %.0f ms (whole battle, one core)\n",
	       percentile(battle_ms, nbattle_ms, 0.5), nbattle_ms ? battle_ms[nbattle_ms - 1] : 0);
	printf("peak RSS:        %ld KB\n", ru.ru_maxrss);
	refusals = general_calls.refusals + naive_calls.refusals;
	printf("refused orders:  %ld by the AI, %ld by the naive baseline, in %d battles\n",
	       general_calls.refusals, naive_calls.refusals, 4 * n + 3 * n + extra);
	free(battle_ms);
	free(general_calls.ms);
	free(naive_calls.ms);
	return refusals && general_calls.refusals ? 1 : 0;
}
