/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules-text: a set of rules as canonical text (every number, one key a
 * line, in the order of the key table), to compare sets and to checksum
 * them: what a save records of the rules it was fought under. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "engine/rules-keys.h"
#include "load-rules.h"

static const struct move_allowance *row_of(const struct rules *r, enum unit_type t, enum formation fm)
{
	for (int i = 0; i < r->move_count; i++)
		if (r->move[i].type == t && r->move[i].form == fm)
			return &r->move[i];
	return NULL;
}

struct text {
	char *buf;
	size_t len, cap;
	bool failed;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (t->failed)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? t->cap - t->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0) {
			t->failed = true;
			return;
		}
		if (t->buf && t->len + (size_t)n < t->cap)
			break;
		{
			size_t cap = 2 * t->cap + (size_t)n + 4096;
			char *b = realloc(t->buf, cap);
			if (!b) {
				t->failed = true;
				return;
			}
			t->buf = b;
			t->cap = cap;
		}
	}
	t->len += (size_t)n;
}

static void put_rate(struct text *t, double v)
{
	if (v == RULES_HALF)
		put(t, "\"half\"");
	else if (v == RULES_CANT)
		put(t, "\"no\"");
	else
		put(t, "%.17g", 1 / v);
}

static void put_key(struct text *t, const struct rkey *k, const struct rules *r)
{
	const char *p = (const char *)r + k->off;
	switch (k->kind) {
	case RK_NAME:
		put(t, "%s = \"%s\";\n", k->path, r->name);
		break;
	case RK_DIST:
	case RK_NUM:
		put(t, "%s = %.17g;\n", k->path, *(const double *)p);
		break;
	case RK_INT:
		put(t, "%s = %d;\n", k->path, *(const int *)p);
		break;
	case RK_BOOL:
		put(t, "%s = %s;\n", k->path, *(const bool *)p ? "true" : "false");
		break;
	case RK_COMBINE:
		put(t, "%s = \"%s\";\n", k->path, *(const enum terrain_combine *)p == COMBINE_WORST ? "worst" : "compound");
		break;
	case RK_RATES:
	case RK_PARTS:
	case RK_FLAGS:
		for (int c = 0; c < TC_COUNT; c++) {
			put(t, "%s.%s = ", k->path, tclass_names[c].key);
			if (k->kind == RK_RATES)
				put_rate(t, ((const double *)p)[c]);
			else if (k->kind == RK_PARTS)
				put(t, "%.17g", ((const double *)p)[c]);
			else
				put(t, "%s", ((const bool *)p)[c] ? "true" : "false");
			put(t, ";\n");
		}
		break;
	case RK_MOVEMENT:
		for (int u = 0; u < UT_COUNT; u++)
			for (int m = 0; m < FORM_COUNT; m++) {
				const struct move_allowance *a = row_of(r, (enum unit_type)u, (enum formation)m);
				if (!a)
					continue;
				put(t, "movement.%s.%s = { move = %.17g; charge = ", unit_type_names[u].key,
				    formation_names[m].key, a->move);
				if (a->charge < 0)
					put(t, "\"no\"");
				else
					put(t, "%.17g", a->charge);
				put(t, "; redeploy = %.17g; };\n", a->redeploy);
			}
		break;
	case RK_RATINGS: {
		const struct corps_rating_table *rt = (const void *)p;
		put(t, "%s = (", k->path);
		for (int i = 0; i < rt->n; i++)
			put(t, "%s { from = %d; to = %d; rating = \"%s\"; }", i ? "," : "", rt->rows[i].lo, rt->rows[i].hi,
			    cmd_rating_names[rt->rows[i].rating].key);
		put(t, " );\n");
		break;
	}
	case RK_TIMES:
		put(t, "%s = (", k->path);
		for (int i = 0; i < r->ntime; i++)
			put(t, "%s { from = %d; to = %d; hour = %d; dawn = %s; dusk = %s; }", i ? "," : "", r->time[i].lo,
			    r->time[i].hi, r->time[i].hour, r->time[i].dawn ? "true" : "false",
			    r->time[i].dusk ? "true" : "false");
		put(t, " );\n");
		break;
	case RK_WEATHERS:
		put(t, "%s = (", k->path);
		for (int i = 0; i < r->nweather; i++)
			put(t, "%s { from = %d; to = %d; weather = \"%s\"; }", i ? "," : "", r->weather[i].lo, r->weather[i].hi,
			    weather_names[r->weather[i].weather].key);
		put(t, " );\n");
		break;
	}
}

char *rules_text(const struct rules *r)
{
	struct text t = { 0 };
	int n;
	const struct rkey *k = rules_keys(&n);
	put(&t, "scale = %.17g;\n", r->scale);
	for (int i = 0; i < n; i++)
		put_key(&t, &k[i], r);
	if (t.failed) {
		free(t.buf);
		return NULL;
	}
	return t.buf;
}

uint64_t rules_checksum(const struct rules *r)
{
	char *text = rules_text(r);
	uint64_t sum = text ? conf_checksum_add(CONF_CHECKSUM_START, text, strlen(text)) : 0;
	free(text);
	return sum;
}
