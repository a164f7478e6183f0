/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay: a saved battle played again from its seed and its history, checked
 * against the save, and stepped through frame by frame. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/victory.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "main-int.h"
#include "random-cli.h"
#include "ui/ui.h"

struct replay {
	struct controller ctl;
	struct order *history; /* a copy of the saved battle's, played back */
	int n, pos;
};

/* Scripted dice in the history are queued again where they were given. */
static void replay_dice(struct replay *r, struct game *g)
{
	while (r->pos < r->n && r->history[r->pos].kind == ORD_DICE) {
		const char *t = r->history[r->pos++].text;
		int pips[ORDER_TEXT_LEN], n = 0;
		char why[MSG_LEN];
		while (t[n] && n < ORDER_TEXT_LEN)
			pips[n] = t[n] - '0', n++;
		game_script_dice(g, pips, n, why, sizeof why);
	}
}

/* Before the battle begins: a weather thrown again leads the history,
 * after any scripted dice given for it (--dice); those are queued, and the
 * weather thrown again, before the first Turn.  (Other scripted dice at
 * the head of the history wait for the first order, as they always did.) */
/* What came before Turn 1: pips scripted with --dice or the first
 * commands (the set-up step throws for Turn 1's initiative before any
 * order is asked), and a re-throw of the weather, in their order. */
static void replay_setup(struct replay *r, struct game *g)
{
	char why[MSG_LEN];
	for (;;) {
		replay_dice(r, g);
		if (r->pos >= r->n || r->history[r->pos].kind != ORD_REWEATHER)
			return;
		r->pos++;
		weather_rethrow(g, why, sizeof why);
	}
}

static int replay_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct replay *r = c->ctx;
	(void)side;
	replay_dice(r, g);
	if (r->pos >= r->n || r->history[r->pos].kind == ORD_ANSWER)
		return -1;
	*o = r->history[r->pos++];
	return 0;
}

static int replay_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct replay *r = c->ctx;
	const struct order *a;
	replay_dice(r, g);
	if (r->pos >= r->n || r->history[r->pos].kind != ORD_ANSWER)
		return -1;
	a = &r->history[r->pos++];
	for (int i = 0; i < d->nopts; i++)
		if (strcmp(d->opt[i].key, a->word) == 0) {
			d->choice = i;
			d->value = a->a;
			return 0;
		}
	return -1;
}

/* The replay's frames: the start, the start of each initiative, the end
 * (as the save left it); the log's length and the initiative at each. */
struct frames {
	struct snapshot *at;
	int *nlog, *init;
	int n;
};

static void frame_add(struct frames *f, const struct game *g)
{
	struct snapshot *at = realloc(f->at, (size_t)(f->n + 1) * sizeof *at);
	int *nl = at ? realloc(f->nlog, (size_t)(f->n + 1) * sizeof *nl) : NULL;
	int *in = nl ? realloc(f->init, (size_t)(f->n + 1) * sizeof *in) : NULL;
	if (at)
		f->at = at;
	if (nl)
		f->nlog = nl;
	if (in)
		f->init = in;
	if (in && game_snapshot(g, &f->at[f->n]) == 0) {
		f->nlog[f->n] = g->nlog;
		f->init[f->n] = g->initiatives;
		f->n++;
	}
}

static void frames_free(struct frames *f)
{
	for (int i = 0; i < f->n; i++)
		snapshot_free(&f->at[i]);
	free(f->at);
	free(f->nlog);
	free(f->init);
}

static char *dump_text(const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	cmd_dump(g, f);
	fclose(f);
	return buf;
}

/* The replay must come out where the save left off: the same whole dump
 * and the same log.  Says where they part, and returns false, if not. */
static bool replay_matches(const struct game *g, const struct game *saved)
{
	char *a = dump_text(g), *b = dump_text(saved);
	bool same = a && b && strcmp(a, b) == 0;
	if (a && b && !same) {
		char *p = a, *q = b;
		while (*p && *p == *q)
			p++, q++;
		while (p > a && p[-1] != '\n')
			p--, q--;
		fprintf(stderr, "grognard: the replay differs from the save (a changed program or scenario):\n"
		        "  replay: %.*s\n  save:   %.*s\n", (int)strcspn(p, "\n"), p, (int)strcspn(q, "\n"), q);
	}
	for (int i = 0; same && i < g->nlog && i < saved->nlog; i++)
		if (strcmp(g->log[i].text, saved->log[i].text) != 0) {
			fprintf(stderr, "grognard: the replay differs from the save at log line %d:\n  replay: %s\n"
			        "  save:   %s\n", i + 1, g->log[i].text, saved->log[i].text);
			same = false;
		}
	if (same && g->nlog != saved->nlog) {
		fprintf(stderr, "grognard: the replay differs from the save (%d log lines against %d)\n", g->nlog,
		        saved->nlog);
		same = false;
	}
	free(a);
	free(b);
	return same;
}

static void frame_label(const struct frames *f, int k, const struct game *g, char *buf, size_t size)
{
	if (k == 0)
		snprintf(buf, size, "the start");
	else if (k == f->n - 1)
		snprintf(buf, size, "the end, Turn %d", g->turn);
	else
		snprintf(buf, size, "initiative %d of %d, Turn %d, %s", f->init[k], f->init[f->n - 1], g->turn,
		         g->side[g->initiative].name);
}

/* Stepping through a replay in batch mode: commands on the input. */
static int replay_steps(struct game *g, const struct frames *f, FILE *in, const char *source)
{
	char *line = NULL, label[160], word[16];
	size_t cap = 0;
	int k = f->n - 1, lineno = 0, errors = 0;
	while (getline(&line, &cap, in) != -1) {
		int n = 0, to = k, got;
		lineno++;
		got = sscanf(line, "%15s %d", word, &n);
		if (got < 1 || word[0] == '#')
			continue;
		if (strcmp(word, "quit") == 0)
			break;
		if (strcmp(word, "next") == 0)
			to = k + 1;
		else if (strcmp(word, "prev") == 0)
			to = k - 1;
		else if (strcmp(word, "first") == 0)
			to = 0;
		else if (strcmp(word, "last") == 0)
			to = f->n - 1;
		else if (strcmp(word, "goto") == 0 && got == 2)
			to = n;
		else if (strcmp(word, "dump") == 0) {
			cmd_dump(g, stdout);
			continue;
		} else if (strcmp(word, "log") == 0) {
			int end = k + 1 < f->n ? f->nlog[k + 1] : g->nlog;
			for (int i = f->nlog[k]; i < end; i++)
				printf("log: %s\n", g->log[i].text);
			continue;
		} else {
			fflush(stdout);
			fprintf(stderr, "%s:%d: a replay takes next, prev, first, last, goto N (0 to %d), dump, log "
			        "or quit\n", source, lineno, f->n - 1);
			errors++;
			continue;
		}
		if (to < 0 || to >= f->n) {
			fflush(stdout);
			fprintf(stderr, "%s:%d: no frame %d: they go from 0 (the start) to %d (the end)\n", source,
			        lineno, to, f->n - 1);
			errors++;
			continue;
		}
		k = to;
		game_restore_view(g, &f->at[k]);
		frame_label(f, k, g, label, sizeof label);
		printf("frame %d: %s\n", k, label);
	}
	free(line);
	return errors;
}

int run_replay(const struct options *o)
{
	struct game *g = read_save(o->replay, true, NULL), *saved;
	struct replay rp = { .ctl = { .order = replay_order, .decide = replay_decide } };
	struct controller *ctl[SIDE_COUNT] = { &rp.ctl, &rp.ctl };
	struct frames f = { 0 };
	int status = EXIT_OK;
	enum step_result r;

	if (!g)
		return EXIT_BAD_INPUT;
	/* The history is the battle's; the replay records a new one. */
	rp.ctl.ctx = &rp;
	rp.n = g->nhistory;
	rp.history = malloc(((size_t)rp.n + 1) * sizeof *rp.history);
	if (!rp.history) {
		game_free(g);
		return EXIT_BAD_INPUT;
	}
	memcpy(rp.history, g->history, (size_t)rp.n * sizeof *rp.history);
	g->nhistory = 0;
	if (o->batch) {
		for (int i = 0; i < g->nlog; i++)
			put_log(stdout, g->log[i].text);
		event_listen(g, print_log_line, stdout);
	}
	replay_setup(&rp, g);
	/* A frame at the start, one as each initiative begins, one at the end. */
	frame_add(&f, g);
	do {
		int before = g->initiatives;
		r = game_step(g, ctl);
		if (g->initiatives != before)
			frame_add(&f, g);
	} while (r == STEP_OK);
	frame_add(&f, g);
	if (o->batch)
		event_unlisten(g, print_log_line, stdout);
	saved = read_save(o->replay, false, NULL);
	if (!saved || !replay_matches(g, saved))
		status = EXIT_BAD_INPUT;
	if (o->batch) {
		FILE *in = stdin;
		printf("replay: %d orders and answers, %d initiatives, %d log lines; frames 0 (the start) to %d (the "
		       "end)\n", rp.pos, g->initiatives, g->nlog, f.n - 1);
		print_report(g);
		fflush(stdout);
		if (o->script && !(in = fopen(o->script, "r"))) {
			fprintf(stderr, "grognard: cannot read script '%s': %s\n", o->script, strerror(errno));
			status = EXIT_BAD_INPUT;
		} else if (replay_steps(g, &f, in, o->script ? o->script : "stdin") > 0) {
			status = EXIT_BAD_INPUT;
		}
		if (in && in != stdin)
			fclose(in);
	} else if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		struct ui_options opts;
		struct diag d = { 0 };
		struct ui *ui = NULL;
		struct ui_hooks uh = { .export_log = export_named, .hangup = &got_hangup,
		                       .interrupt = &got_interrupt };
		options_default(&opts, &ui_keymap);
		options_load(&opts, NULL, &d);
		if (o->ascii)
			opts.ascii = true;
		if (!terminal_usable() || !(ui = ui_open(g, &opts, o->mono))) {
			status = EXIT_BAD_INPUT;
		} else {
			ui_set_hooks(ui, &uh);
			ui_options_errors(ui, (const char *const *)d.msg, d.n);
			ui_view_replay(ui, f.at, f.nlog, f.n);
			ui_close(ui);
		}
		diag_free(&d);
	}
	frames_free(&f);
	free(rp.history);
	game_free(saved);
	game_free(g);
	return status;
}
