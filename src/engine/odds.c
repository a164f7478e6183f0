/* SPDX-License-Identifier: GPL-3.0-or-later */
/* odds: exact expectations from the distribution of sums of D6. */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "game.h"
#include "melee.h"
#include "odds.h"
#include "rules.h"
#include "unit.h"

#define MAX_DICE 64

double odds_d6_at_least(int need, int bonus)
{
	int faces = 7 - (need - bonus);
	if (faces <= 0)
		return 0;
	return faces >= 6 ? 1 : faces / 6.0;
}

double odds_pass(const struct unit *u, int bonus)
{
	return odds_d6_at_least(rules_quality[u->rating], bonus);
}

/* The distribution of the sum of n D6: p[s] for s = 0..6n. */
static void sum_distribution(int n, double p[6 * MAX_DICE + 1])
{
	double q[6 * MAX_DICE + 1];
	for (int s = 0; s <= 6 * n; s++)
		p[s] = 0;
	p[0] = 1;
	for (int d = 1; d <= n; d++) {
		for (int s = 0; s <= 6 * d; s++)
			q[s] = 0;
		for (int s = 0; s <= 6 * (d - 1); s++)
			if (p[s] > 0)
				for (int f = 1; f <= 6; f++)
					q[s + f] += p[s] / 6;
		for (int s = 0; s <= 6 * d; s++)
			p[s] = q[s];
	}
}

static int clamp_dice(int dice)
{
	return dice < 0 ? 0 : dice > MAX_DICE ? MAX_DICE : dice;
}

double odds_fire_hits(int dice)
{
	double p[6 * MAX_DICE + 1], e = 0;
	dice = clamp_dice(dice);
	sum_distribution(dice, p);
	for (int s = 0; s <= 6 * dice; s++)
		e += p[s] * (s / rules_fire.pips_per_hit);
	return e;
}

double odds_fire_at_least(int dice, int k)
{
	double p[6 * MAX_DICE + 1], e = 0;
	dice = clamp_dice(dice);
	if (k <= 0)
		return 1;
	sum_distribution(dice, p);
	for (int s = 0; s <= 6 * dice; s++)
		if (s / rules_fire.pips_per_hit >= k)
			e += p[s];
	return e;
}

double odds_sum_at_least(int n, double need)
{
	double p[6 * MAX_DICE + 1], e = 0;
	n = clamp_dice(n);
	sum_distribution(n, p);
	for (int s = 0; s <= 6 * n; s++)
		if (s >= need - 1e-9)
			e += p[s];
	return e;
}

double odds_melee_hits(int sets, int dice, int need)
{
	if (sets <= 0 || dice <= 0)
		return 0;
	return sets * dice * odds_d6_at_least(need, 0);
}

int odds_halved(int sp, int halvings)
{
	for (int h = 0; h < halvings && sp > 0; h++)
		sp /= 2;
	return sp < 0 ? 0 : sp;
}

void odds_fighter_of(const struct game *g, int u, int e, struct odds_fighter *f)
{
	const struct unit *x = &g->units[u];
	*f = (struct odds_fighter){
		.sp = x->sp,
		.elim = unit_elimination_sp(x),
		.need = rules_quality[x->rating],
		.halvings = melee_halvings(g, u, e),
		.impact_sets = melee_impact_sets(g, u, e, NULL, 0),
		.round_sets = melee_round_sets(g, u, e, NULL, 0),
	};
}

/* Hand-to-hand: strength is capped for the tables below (no unit of the
 * rules comes near it). */
#define FIGHT_MAX_SP 40
#define FIGHT_MAX_DICE (8 * FIGHT_MAX_SP)

/* The chances of 0..n hits from n dice, each a hit with chance p. */
static void binomial(int n, double p, double *pmf)
{
	for (int k = 0; k <= n; k++)
		pmf[k] = 0;
	if (p <= 0 || n == 0) {
		pmf[0] = 1;
		return;
	}
	if (p >= 1) {
		pmf[n] = 1;
		return;
	}
	pmf[0] = pow(1 - p, n);
	for (int k = 0; k < n; k++)
		pmf[k + 1] = pmf[k] * (n - k) / (k + 1) * p / (1 - p);
}

/* What a state of the combat comes to in the end: a's and b's strength
 * (0 once removed) and whether each was removed. */
struct fight_end {
	double sp[2], gone[2], win[2];
};

static int fighter_dice(const struct odds_fighter *f, int sp, bool impact)
{
	int n;
	if (f->pooled)
		n = impact ? f->impact_dice : (int)lround(f->round_per_sp * odds_halved(sp, f->halvings));
	else
		n = (impact ? f->impact_sets : f->round_sets) * odds_halved(sp, f->halvings);
	return n < 0 ? 0 : n > FIGHT_MAX_DICE ? FIGHT_MAX_DICE : n;
}

/* A fighter's hits in one round at some strength, against an enemy of at
 * most cap strength points: the chance of each number of hits below cap,
 * and of each number or more (hits beyond all the enemy has are the same
 * as all it has, so that a round costs no more than the strengths). */
struct hit_row {
	int n; /* dice, at most cap counted */
	double pmf[FIGHT_MAX_SP + 1], tail[FIGHT_MAX_SP + 1];
};

static void hit_row(const struct odds_fighter *f, int sp, bool impact, int cap, struct hit_row *r)
{
	double pmf[FIGHT_MAX_DICE + 1], above = 0;
	int n = fighter_dice(f, sp, impact);
	binomial(n, odds_d6_at_least(f->need, 0), pmf);
	r->n = n < cap ? n : cap;
	for (int h = n; h > r->n; h--)
		above += pmf[h];
	for (int h = r->n; h >= 0; h--) {
		r->pmf[h] = pmf[h];
		r->tail[h] = above += pmf[h];
	}
}

/* One round from (x, y), a throwing ra's dice and b rb's: the chance of
 * each result, added into end weighted by the value already known for it.
 * The chance that nothing happens is returned and left out. */
static double fight_round(const struct hit_row *ra, const struct hit_row *rb, int x, int y, int w,
                          const struct fight_end *v, struct fight_end *end)
{
	int na = ra->n < y ? ra->n : y, nb = rb->n < x ? rb->n : x;
	*end = (struct fight_end){ { 0, 0 }, { 0, 0 }, { 0, 0 } };
	for (int ha = 0; ha <= na; ha++) {
		double pa = ha < na ? ra->pmf[ha] : ra->tail[na];
		const struct fight_end *row = &v[y - ha];
		if (pa == 0)
			continue;
		for (int hb = ha == 0 ? 1 : 0; hb <= nb; hb++) {
			double p = pa * (hb < nb ? rb->pmf[hb] : rb->tail[nb]);
			const struct fight_end *to = &row[(x - hb) * w];
			end->sp[0] += p * to->sp[0];
			end->sp[1] += p * to->sp[1];
			end->gone[0] += p * to->gone[0];
			end->gone[1] += p * to->gone[1];
			end->win[0] += p * to->win[0];
			end->win[1] += p * to->win[1];
		}
	}
	return (na > 0 ? ra->pmf[0] : ra->tail[0]) * (nb > 0 ? rb->pmf[0] : rb->tail[0]);
}

/* A fight's result depends on nothing but the two fighters: the last
 * few thousand worked out are kept (the AI asks about the same ones again
 * and again while it weighs its plans). */
#define FIGHT_MEMO 4096

struct fight_key {
	int v[14];
	double rate[2]; /* round_per_sp exactly: a rounded key would let the
	                 * answer depend on which fight was asked first */
};

static struct fight_memo {
	struct fight_key key;
	struct odds_fight result;
	bool used;
} memo[FIGHT_MEMO];

static struct fight_key fight_key(const struct odds_fighter *a, const struct odds_fighter *b)
{
	struct fight_key k;
	const struct odds_fighter *f[2] = { a, b };
	memset(&k, 0, sizeof k);
	for (int i = 0; i < 2; i++) {
		k.v[7 * i + 0] = f[i]->sp;
		k.v[7 * i + 1] = f[i]->elim;
		k.v[7 * i + 2] = f[i]->need;
		k.v[7 * i + 3] = f[i]->pooled ? -1 - f[i]->impact_dice : f[i]->impact_sets;
		k.v[7 * i + 4] = f[i]->pooled ? 0 : f[i]->round_sets;
		k.rate[i] = f[i]->pooled ? f[i]->round_per_sp : 0;
		k.v[7 * i + 5] = f[i]->halvings;
		k.v[7 * i + 6] = f[i]->pooled;
	}
	return k;
}

static void fight_solve(const struct odds_fighter *a, const struct odds_fighter *b, struct odds_fight *out);

void odds_fight(const struct odds_fighter *a, const struct odds_fighter *b, struct odds_fight *out)
{
	struct fight_key k = fight_key(a, b);
	unsigned h = 2166136261u;
	struct fight_memo *m;
	const unsigned char *byte = (const unsigned char *)&k;
	for (size_t i = 0; i < sizeof k; i++)
		h = (h ^ byte[i]) * 16777619u;
	m = &memo[h % FIGHT_MEMO];
	if (m->used && memcmp(&m->key, &k, sizeof k) == 0) {
		*out = m->result;
		return;
	}
	fight_solve(a, b, out);
	m->key = k;
	m->result = *out;
	m->used = true;
}

/* "A unit left with no enemy in contact after the impact round obtains
 * a break-through": the chance, for each, that the impact round leaves
 * the other removed and it standing. */
static void impact_breaks(const struct hit_row *ia, const struct hit_row *ib, const struct odds_fighter *a,
                          const struct odds_fighter *b, int sa, int sb, double brk[2])
{
	int na = ia->n < sb ? ia->n : sb, nb = ib->n < sa ? ib->n : sa;
	brk[0] = brk[1] = 0;
	for (int ha = 0; ha <= na; ha++)
		for (int hb = 0; hb <= nb; hb++) {
			double p = (ha < na ? ia->pmf[ha] : ia->tail[na]) * (hb < nb ? ib->pmf[hb] : ib->tail[nb]);
			bool ga = sa - hb <= a->elim, gb = sb - ha <= b->elim;
			brk[0] += gb && !ga ? p : 0;
			brk[1] += ga && !gb ? p : 0;
		}
}

static void fight_solve(const struct odds_fighter *a, const struct odds_fighter *b, struct odds_fight *out)
{
	int sa = a->sp > FIGHT_MAX_SP ? FIGHT_MAX_SP : a->sp, sb = b->sp > FIGHT_MAX_SP ? FIGHT_MAX_SP : b->sp;
	int w = (sb < 0 ? 0 : sb) + 1;
	struct fight_end v[(FIGHT_MAX_SP + 1) * (FIGHT_MAX_SP + 1)], start;
	struct hit_row ra[FIGHT_MAX_SP + 1], rb[FIGHT_MAX_SP + 1];
	struct hit_row ia, ib;
	double still;

	*out = (struct odds_fight){ { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
	if (sa <= a->elim || sb <= b->elim) {
		out->gone[0] = sa <= a->elim;
		out->gone[1] = sb <= b->elim;
		out->win[0] = out->gone[1] && !out->gone[0];
		out->win[1] = out->gone[0] && !out->gone[1];
		out->lost[0] = out->gone[0] ? sa : 0;
		out->lost[1] = out->gone[1] ? sb : 0;
		return;
	}
	/* Each side's hits at each strength it may come down to, once. */
	for (int x = 0; x <= sa; x++)
		hit_row(a, x, false, sb, &ra[x]);
	for (int y = 0; y <= sb; y++)
		hit_row(b, y, false, sa, &rb[y]);
	/* The melee rounds, from the weakest states up: every state leads
	 * only to states with no more strength on either side. */
	for (int x = 0; x <= sa; x++)
		for (int y = 0; y <= sb; y++) {
			struct fight_end *e = &v[x * w + y];
			bool ga = x <= a->elim, gb = y <= b->elim;
			if (ga || gb) {
				*e = (struct fight_end){ { ga ? 0 : x, gb ? 0 : y }, { ga, gb }, { gb && !ga, ga && !gb } };
				continue;
			}
			still = fight_round(&ra[x], &rb[y], x, y, w, v, e);
			if (still > 1 - 1e-12) {
				/* Neither can score: the combat peters out. */
				*e = (struct fight_end){ { x, y }, { 0, 0 }, { 0, 0 } };
				continue;
			}
			for (int s = 0; s < 2; s++) {
				e->sp[s] /= 1 - still;
				e->gone[s] /= 1 - still;
				e->win[s] /= 1 - still;
			}
		}
	/* The impact round leads into them. */
	hit_row(a, sa, true, sb, &ia);
	hit_row(b, sb, true, sa, &ib);
	still = fight_round(&ia, &ib, sa, sb, w, v, &start);
	for (int s = 0; s < 2; s++) {
		start.sp[s] += still * v[sa * w + sb].sp[s];
		start.gone[s] += still * v[sa * w + sb].gone[s];
		start.win[s] += still * v[sa * w + sb].win[s];
	}
	out->lost[0] = sa - start.sp[0];
	out->lost[1] = sb - start.sp[1];
	out->gone[0] = start.gone[0];
	out->gone[1] = start.gone[1];
	out->win[0] = start.win[0];
	out->win[1] = start.win[1];
	impact_breaks(&ia, &ib, a, b, sa, sb, out->brk);
}
