/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd-script: the controller that takes a side's orders and answers from
 * a stream of commands (batch mode, tests). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-int.h"
#include "engine/game.h"

bool script_next_line(struct script *s)
{
	if (s->pending) {
		s->pending = false;
		return true;
	}
	/* Whatever the last line brought (replies, log, refusals) goes out
	 * before the next is read: a program on the other end of a pipe
	 * waits for it before it writes again. */
	fflush(s->ctx.out);
	if (getline(&s->line, &s->cap, s->in) == -1)
		return false;
	s->ctx.line++;
	return true;
}

void script_setup(struct script *s)
{
	while (!s->ctx.quit && script_next_line(s)) {
		char buf[1024], *argv[MAX_WORDS];
		int argc = cmd_split(s->line, buf, sizeof buf, argv, MAX_WORDS);
		if (argc == 0)
			continue;
		if (strcmp(argv[0], order_names[ORD_REWEATHER].key) != 0) {
			s->pending = true;
			return;
		}
		cmd_execute(&s->ctx, s->line);
		fflush(s->ctx.out);
	}
}

static int script_order(struct controller *ctl, struct game *g, enum side side, struct order *o)
{
	struct script *s = ctl->ctx;
	(void)side;
	s->ctx.g = g;
	while (!s->ctx.quit && script_next_line(s)) {
		if (cmd_execute(&s->ctx, s->line) == CMD_ORDER) {
			*o = s->ctx.order;
			return 0;
		}
		fflush(s->ctx.out);
	}
	return -1;
}

static void script_refused(struct controller *ctl, struct game *g, enum side side,
                           const struct order *o, const char *why)
{
	struct script *s = ctl->ctx;
	char text[256];
	(void)side;
	fprintf(s->ctx.out, "refused: %s: %s\n", cmd_format_order(g, o, text, sizeof text), why);
	s->ctx.refusals++;
}

/* The answers a decision takes, as the command language words them. */
static void decision_answers(const struct decision *d, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < d->nopts && len < size; i++) {
		if (d->opt[i].hi > d->opt[i].lo)
			len += (size_t)snprintf(buf + len, size - len, "%sanswer %s N (%g to %g%s%s)", i ? " | " : "",
			                        d->opt[i].key, d->opt[i].lo, d->opt[i].hi, d->opt[i].unit ? " " : "",
			                        d->opt[i].unit ? d->opt[i].unit : "");
		else
			len += (size_t)snprintf(buf + len, size - len, "%sanswer %s", i ? " | " : "",
			                        d->opt[i].key);
	}
}

static int script_decide(struct controller *ctl, struct game *g, struct decision *d)
{
	struct script *s = ctl->ctx;
	char answers[400];
	decision_answers(d, answers, sizeof answers);
	fprintf(s->ctx.out, "decide: %s  [%s]\n", d->question, answers);
	fflush(s->ctx.out);
	s->ctx.g = g;
	s->ctx.deciding = d;
	while (!s->ctx.quit && script_next_line(s)) {
		enum cmd_result r;
		r = cmd_execute(&s->ctx, s->line);
		if (r != CMD_ORDER)
			continue;
		if (s->ctx.order.kind != ORD_ANSWER) {
			cmd_error_at(&s->ctx, "a decision is waiting for %s: %s", g->side[d->side].name, answers);
			continue;
		}
		for (int i = 0; i < d->nopts; i++) {
			if (strcmp(d->opt[i].key, s->ctx.order.word) != 0)
				continue;
			if (d->opt[i].hi > d->opt[i].lo) {
				if (!s->ctx.order.has_a || s->ctx.order.a < d->opt[i].lo - 1e-9 ||
				    s->ctx.order.a > d->opt[i].hi + 1e-9) {
					cmd_error_at(&s->ctx, "answer %s needs a value from %g to %g", d->opt[i].key,
					         d->opt[i].lo, d->opt[i].hi);
					goto next;
				}
				d->value = s->ctx.order.a;
			}
			d->choice = i;
			s->ctx.deciding = NULL;
			return 0;
		}
		cmd_error_at(&s->ctx, "'%s' is not a choice here: %s", s->ctx.order.word, answers);
	next:;
	}
	s->ctx.deciding = NULL;
	return -1;
}

void script_init(struct script *s, struct game *g, FILE *in, const char *source,
                 FILE *out, FILE *err)
{
	*s = (struct script){
		.ctl = { .ctx = s, .order = script_order, .refused = script_refused,
		         .decide = script_decide },
		.in = in,
		.ctx = { .g = g, .out = out, .err = err, .source = source, .batch = true },
	};
}

void script_free(struct script *s)
{
	free(s->line);
	s->line = NULL;
}
