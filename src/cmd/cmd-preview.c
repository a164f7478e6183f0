/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd-preview: the odds of a charge, a shot, a fight or a reaction's
 * choices (the engine's odds-order.c) as lines of words with
 * percentages, for the 'preview' command and the front end's dialogs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-int.h"
#include "engine/game.h"
#include "engine/odds-order.h"
#include "engine/rules.h"

const char *cmd_percent(double p, char *buf, size_t size)
{
	if (p > 0 && p < 0.005)
		snprintf(buf, size, "<1%%");
	else if (p < 1 && p > 0.995)
		snprintf(buf, size, ">99%%");
	else
		snprintf(buf, size, "%.0f%%", 100 * p);
	return buf;
}

/* "K1 wins 55%, T1 wins 40%; SP lost K1 2.1, T1 4.3; break-through 20%" */
static void fight_words(const struct game *g, int a, int b, const struct odds_fight *f, char *buf, size_t size)
{
	char w0[8], w1[8], bk[8];
	snprintf(buf, size, "%s wins %s, %s wins %s; SP lost %s %.1f, %s %.1f; %s breaks through %s",
	         g->units[a].id, cmd_percent(f->win[0], w0, sizeof w0), g->units[b].id,
	         cmd_percent(f->win[1], w1, sizeof w1), g->units[a].id, f->lost[0], g->units[b].id, f->lost[1],
	         g->units[a].id, cmd_percent(f->brk[0], bk, sizeof bk));
}

static void test_words(int dice, int need, int bonus, double p, char *buf, size_t size)
{
	char pc[8];
	if (bonus > 0)
		snprintf(buf, size, "%dD6+%d >= %d: %s", dice, bonus, need, cmd_percent(p, pc, sizeof pc));
	else
		snprintf(buf, size, "%dD6 >= %d: %s", dice, need, cmd_percent(p, pc, sizeof pc));
}

void cmd_odds_charge(const struct game *g, const struct odds_charge *o, struct cmd_lines *out)
{
	const struct unit *a = &g->units[o->unit], *t = &g->units[o->target];
	char f[200], tw[64], pc[8], pc2[8];
	int qa = rules_quality[a->rating], qt = rules_quality[t->rating];
	if (o->cautious) {
		test_words(rules_dice.test, qa, 0, o->test, tw, sizeof tw);
		cmd_lines_add(out, o->unit, "%s is cautious: it tests to charge, %s.", a->id, tw);
	}
	if (o->extend) {
		test_words(rules_dice.test, qa, 0, o->extend_pass, tw, sizeof tw);
		cmd_lines_add(out, o->unit, "Extended: %.1f cm short; %s, then %dD6%s cm >= %.1f: %s.", o->gap, tw,
		              o->extend_dice, rules_extend_pip != 1 ? " x pip" : "", o->gap,
		              cmd_percent(o->extend_reach, pc, sizeof pc));
	}
	cmd_lines_add(out, o->unit, "%s goes in: %s.", a->id, cmd_percent(o->go, pc, sizeof pc));
	if (!o->reacts)
		cmd_lines_add(out, o->target, "%s has a blue marker: it may not react.", t->id);
	if (o->counter) {
		fight_words(g, o->unit, o->target, &o->met, f, sizeof f);
		cmd_lines_add(out, o->target, "%s may counter-charge (%s): %s.", t->id,
		              o->counter_pass < 1 ? cmd_percent(o->counter_pass, pc, sizeof pc) : "no test", f);
	}
	if (o->fall_back)
		cmd_lines_add(out, o->target, "%s may fall back (no test): no fight, %s breaks through.", t->id, a->id);
	if (o->flee) {
		test_words(rules_dice.test, qt, 0, o->flee_pass, tw, sizeof tw);
		cmd_lines_add(out, o->target, "%s may limber and flee (%s); failing, it is overrun.", t->id, tw);
	}
	if (o->square) {
		test_words(rules_dice.test, qt, o->square_bonus, o->square_pass, tw, sizeof tw);
		fight_words(g, o->unit, o->target, &o->in_square, f, sizeof f);
		cmd_lines_add(out, o->target, "%s may try an emergency square (%s); formed: %s.", t->id, tw, f);
		if (o->feint_pass > 0)
			cmd_lines_add(out, o->unit, "%s may then feint (%s).", a->id,
			              cmd_percent(o->feint_pass, pc2, sizeof pc2));
		if (o->failed_gone) {
			cmd_lines_add(out, o->target, "Failing, its %d hits remove it.", rules_react.esquare_fail_hits);
		} else {
			fight_words(g, o->unit, o->target, &o->failed, f, sizeof f);
			cmd_lines_add(out, o->target, "Failing, %d hits, then: %s.", rules_react.esquare_fail_hits, f);
		}
	}
	fight_words(g, o->unit, o->target, &o->stand, f, sizeof f);
	cmd_lines_add(out, o->target, "%s stands: %s.", t->id, f);
}

void cmd_odds_fire(const struct game *g, const struct odds_fire *o, struct cmd_lines *out)
{
	char p1[8], p2[8];
	cmd_lines_add(out, o->shot.firer, "%s fires at %s: %d %s (%s); hits %.2f expected, one at least %s, "
	              "removes it %s.", g->units[o->shot.firer].id, g->units[o->shot.target].id, o->shot.dice,
	              o->shot.dice == 1 ? "die" : "dice", o->shot.detail, o->hits, cmd_percent(o->one, p1, sizeof p1),
	              cmd_percent(o->removed, p2, sizeof p2));
}

void cmd_odds_choice(const struct game *g, const struct decision *d, const struct odds_choice *o,
                     struct cmd_lines *out)
{
	const struct unit *u = &g->units[d->unit];
	char f[200], pc[8];
	int a = o->go_for_other ? d->other : d->unit, b = o->go_for_other ? d->unit : d->other;
	if (o->pass >= 0)
		cmd_lines_add(out, d->unit, "%s's test passes: %s%s.", u->id, cmd_percent(o->pass, pc, sizeof pc),
		              !o->fail_gone ? "" : o->fail_hits ? " (failing, its hits remove it)" : " (failing, it is overrun)");
	else if (o->fail_hits)
		cmd_lines_add(out, d->unit, "Failing costs %d hits.", o->fail_hits);
	if (o->overrun)
		cmd_lines_add(out, d->other, "Guns caught on the move are overrun: no fight.");
	if (o->has_fire)
		cmd_odds_fire(g, &o->fire, out);
	if (d->kind == DK_FALLBACK)
		cmd_lines_add(out, d->unit, "Falling back: no fight, %s breaks through.", g->units[d->other].id);
	if (o->has_go) {
		fight_words(g, a, b, &o->go, f, sizeof f);
		cmd_lines_add(out, d->unit, "%s: %s.",
		              d->kind == DK_ESQUARE ? "In square" : d->kind == DK_COUNTER ? "Counter-charging" : "Charging",
		              f);
	}
	if (o->has_stay) {
		int sa = d->kind == DK_FEINT ? d->unit : d->other, sb = d->kind == DK_FEINT ? d->other : d->unit;
		fight_words(g, sa, sb, &o->stay, f, sizeof f);
		cmd_lines_add(out, d->unit, "%s: %s.", d->kind == DK_FEINT ? "Fighting it" : "Standing", f);
	}
	if (d->kind == DK_JOIN || d->kind == DK_SPLIT || d->kind == DK_BREAKOUT) {
		char impact[48] = "";
		if (o->per_sp_impact >= 0)
			snprintf(impact, sizeof impact, "%.2f hits at the impact, ", o->per_sp_impact);
		cmd_lines_add(out, d->unit, "Each SP thrown at %s: %s%.2f %sa melee round%s; %d remove it, more are "
		              "lost.", g->units[d->other].id, impact, o->per_sp, impact[0] ? "" : "hits ",
		              o->halvings ? " (before the ground halves the dice)" : "", o->need);
	}
}

void cmd_odds_fight(const struct game *g, int a, int b, const struct odds_fight *f, struct cmd_lines *out)
{
	char w[200];
	fight_words(g, a, b, f, w, sizeof w);
	cmd_lines_add(out, a, "%s against %s, one on one as they stand: %s.", g->units[a].id, g->units[b].id, w);
}
