/* SPDX-License-Identifier: GPL-3.0-or-later */
/* general-memory: what the computer opponent remembers of the battle (its
 * plan, the plans of the initiative's units and how the table stood when
 * they were made), written into a save as one line and read back. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "general-int.h"
#include "tuning.h"

/* Doubles are written with all their digits: the same plan to the last
 * bit, so that a battle continued from a save is played as it would have
 * been. */
static void put_order(FILE *f, const struct order *o)
{
	fprintf(f, ",%d,%d,%d,%.17g,%.17g,%.17g,%d,%d,%d,%d", (int)o->kind, o->unit, o->target, o->a, o->b, o->c,
	        o->has_a | o->has_b << 1 | o->has_c << 2, (int)o->form, o->flag, o->npts);
	for (int k = 0; k < o->npts; k++)
		fprintf(f, ",%.17g,%.17g", o->pts[k].x, o->pts[k].y);
}

/* The plans of the initiative's units and how the table stood when they
 * were made: only while a manoeuvre phase has them. */
static void put_drills(FILE *f, const struct general_ai *ai, const struct game *g)
{
	bool any = false;
	fputs(" drills=", f);
	for (int i = 0; ai->planned && i < g->nunits; i++) {
		const struct drill *d = &ai->drills[i];
		if (!d->planned)
			continue;
		fprintf(f, "%s%d,%d,%.17g,%d,%.17g,%.17g,%d,%d,%d", any ? ";" : "", i, (int)d->kind, d->score,
		        d->charge_target, d->end.x, d->end.y, d->ahead | d->fresh << 1, d->n, d->next);
		for (int k = 0; k < d->n; k++)
			put_order(f, &d->o[k]);
		any = true;
	}
	if (!any)
		fputc('-', f);
	fputs(" marks=", f);
	if (!ai->planned)
		fputc('-', f);
	for (int i = 0; ai->planned && i < g->nunits; i++) {
		const struct drill_mark *m = &ai->marks[i];
		fprintf(f, "%s%.17g,%.17g,%.17g,%d,%d,%u", i ? ";" : "", m->pos.x, m->pos.y, m->facing, (int)m->form,
		        (int)m->state, m->markers);
	}
}

char *general_memory(const struct general_ai *ai, const struct game *g)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	fprintf(f, "general init=%d phase=%d noted=%d planned=%d commanded=%d unit=%d turn=%d,%d "
	        "urgency=%.17g,%.17g did=",
	        ai->initiative, ai->phase, ai->noted, ai->planned, ai->commanded, ai->unit, ai->plan_turn[0],
	        ai->plan_turn[1], ai->urgency[0], ai->urgency[1]);
	for (int i = 0; i < g->nunits; i++)
		fprintf(f, "%02x", ai->did[i]);
	fputs(" plan=", f);
	for (int d = 0; d < ai->ndivs; d++)
		fprintf(f, "%s%d,%d,%.17g,%.17g", d ? ";" : "", (int)ai->plan[d].role, ai->plan[d].objective,
		        ai->plan[d].goal.x, ai->plan[d].goal.y);
	put_drills(f, ai, g);
	if (ai->pick != PICK_NONE)
		fprintf(f, " pick=%d,%d,%d", ai->pick_init, ai->pick, ai->manner);
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* Reading it back: numbers one after another, each followed by one
 * separator (',' within a record, ';' between records) or the end of the
 * field; any other text is a memory that is not the computer's. */
struct reader {
	const char *p;
	bool bad;
};

static double rd_num(struct reader *r)
{
	char *end;
	double v;
	if (r->bad)
		return 0;
	v = strtod(r->p, &end);
	if (end == r->p || !isfinite(v) || (*end && *end != ',' && *end != ';' && *end != ' ')) {
		r->bad = true;
		return 0;
	}
	r->p = *end == ',' || *end == ';' ? end + 1 : end;
	return v;
}

/* A whole number within lo..hi. */
static int rd_int(struct reader *r, int lo, int hi)
{
	double v = rd_num(r);
	if (v != floor(v) || v < lo || v > hi)
		r->bad = true;
	return r->bad ? lo : (int)v;
}

static bool rd_field(struct reader *r, const char *name)
{
	size_t n = strlen(name);
	if (r->bad || strncmp(r->p, name, n) != 0)
		return r->bad = true, false;
	r->p += n;
	if (*r->p == '-') {
		r->p++;
		return false;
	}
	return true;
}

static void get_order(struct reader *r, const struct game *g, struct order *o)
{
	int has;
	*o = order_new((enum order_kind)rd_int(r, 0, ORD_COUNT - 1));
	o->unit = rd_int(r, -1, g->nunits + g->ncmdrs);
	o->target = rd_int(r, -1, 1 << 20);
	o->a = rd_num(r);
	o->b = rd_num(r);
	o->c = rd_num(r);
	has = rd_int(r, 0, 7);
	o->has_a = has & 1;
	o->has_b = has >> 1 & 1;
	o->has_c = has >> 2 & 1;
	o->form = (enum formation)rd_int(r, 0, FORM_COUNT - 1);
	o->flag = rd_int(r, 0, 1 << 20);
	o->npts = rd_int(r, 0, ORDER_MAX_POINTS);
	for (int k = 0; k < o->npts; k++) {
		o->pts[k].x = rd_num(r);
		o->pts[k].y = rd_num(r);
	}
}

static void get_drills(struct reader *r, struct general_ai *ai, const struct game *g)
{
	if (rd_field(r, " drills="))
		do {
			struct drill *d = &ai->drills[rd_int(r, 0, g->nunits - 1)];
			int flags;
			d->kind = (enum drill_kind)rd_int(r, 0, DRILL_COUNT - 1);
			d->score = rd_num(r);
			d->charge_target = rd_int(r, -1, g->nunits - 1);
			d->end.x = rd_num(r);
			d->end.y = rd_num(r);
			flags = rd_int(r, 0, 3);
			d->ahead = flags & 1;
			d->fresh = flags >> 1 & 1;
			d->n = rd_int(r, 0, DRILL_MAX_ORDERS);
			d->next = rd_int(r, 0, d->n);
			for (int k = 0; k < d->n; k++)
				get_order(r, g, &d->o[k]);
			d->planned = true;
		} while (!r->bad && r->p[-1] == ';');
	if (rd_field(r, " marks="))
		for (int i = 0; i < g->nunits; i++) {
			struct drill_mark *m = &ai->marks[i];
			m->pos.x = rd_num(r);
			m->pos.y = rd_num(r);
			m->facing = rd_num(r);
			m->form = (enum formation)rd_int(r, 0, FORM_COUNT - 1);
			m->state = (enum unit_state)rd_int(r, 0, US_COUNT - 1);
			m->markers = (unsigned)rd_int(r, 0, (1 << MK_COUNT) - 1);
		}
	/* The search's choice for an initiative (search.c), when it made one. */
	ai->pick = PICK_NONE;
	ai->pick_init = -1;
	ai->manner = 0;
	if (!r->bad && strncmp(r->p, " pick=", 6) == 0) {
		r->p += 6;
		ai->pick_init = rd_int(r, 0, 1 << 30);
		ai->pick = rd_int(r, -2 - g->ndivs, g->nbrigs - 1);
		ai->manner = rd_int(r, 0, AI_MANNERS - 1);
		if (ai->pick == PICK_NONE)
			r->bad = true;
	}
	if (*r->p)
		r->bad = true;
}

int general_recall(struct general_ai *ai, const struct game *g, const char *text)
{
	int init, phase, noted, planned, commanded, unit, t0, t1, n = 0;
	double u0, u1;
	struct reader r;
	if (sscanf(text, "general init=%d phase=%d noted=%d planned=%d commanded=%d unit=%d turn=%d,%d "
	           "urgency=%lf,%lf did=%n", &init, &phase, &noted, &planned, &commanded, &unit, &t0, &t1, &u0, &u1,
	           &n) != 10 || !n)
		return -1;
	if (unit < -1 || unit >= g->nunits || phase < -1 || phase >= PHASE_COUNT || g->ndivs != ai->ndivs ||
	    !(u0 >= 0 && u0 <= 1) || !(u1 >= 0 && u1 <= 1))
		return -1;
	r.p = text + n;
	r.bad = false;
	for (int i = 0; i < g->nunits; i++, r.p += 2) {
		static const char hex[] = "0123456789abcdef";
		const char *hi = r.p[0] ? strchr(hex, r.p[0]) : NULL, *lo = hi && r.p[1] ? strchr(hex, r.p[1]) : NULL;
		if (!lo)
			goto forget;
		ai->did[i] = (unsigned char)((hi - hex) << 4 | (lo - hex));
	}
	for (int i = 0; i < g->nunits; i++)
		ai->drills[i].planned = false;
	if (!rd_field(&r, " plan="))
		goto forget;
	for (int d = 0; d < ai->ndivs; d++) {
		int obj;
		ai->plan[d].role = (enum role)rd_int(&r, 0, ROLE_RESERVE);
		ai->plan[d].objective = obj = rd_int(&r, -1, g->nobj - 1);
		ai->plan[d].goal.x = rd_num(&r);
		ai->plan[d].goal.y = rd_num(&r);
		/* What the intent line calls it, as general_plan names it. */
		snprintf(ai->plan[d].where, sizeof ai->plan[d].where, "%s", obj >= 0 ? g->obj[obj].name : "the enemy");
	}
	get_drills(&r, ai, g);
	if (r.bad)
		goto forget;
	ai->initiative = init;
	ai->phase = phase;
	ai->noted = noted != 0;
	ai->planned = planned != 0;
	ai->commanded = commanded != 0;
	ai->unit = unit;
	ai->plan_turn[0] = t0;
	ai->plan_turn[1] = t1;
	ai->urgency[0] = u0;
	ai->urgency[1] = u1;
	return 0;
forget:
	memset(ai->did, 0, (size_t)g->nunits);
	memset(ai->plan, 0, (size_t)ai->ndivs * sizeof *ai->plan);
	for (int i = 0; i < g->nunits; i++)
		ai->drills[i].planned = false;
	return -1;
}
