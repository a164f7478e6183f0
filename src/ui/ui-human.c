/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-human: the player at the keyboard as a controller: orders from the
 * keys, refusals shown, and the decisions the rules give a side asked in
 * a menu over the map with the rule recalled. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/odds-order.h"
#include "engine/rules.h"
#include "ui-int.h"

static int human_order(struct controller *c, struct game *g, enum side side, struct order *o)
{
	struct ui *ui = ((struct human *)c->ctx)->ui;
	ui->g = g;
	ui->acting = side;
	ui->viewer = (int)side;
	ui->ai_turn = false;
	ui->have_order = false;
	/* The brigade's whole initiative being ended: each phase of it. */
	if (ui->end_all == g->initiatives && (g->phase == PHASE_MANOEUVRE || g->phase == PHASE_FIRE)) {
		*o = order_new(ORD_END);
		return 0;
	}
	ui->end_all = -1;
	if (ui->follow >= 0 && ui->follow < g->nunits && ui->follow == ui->sel_unit &&
	    g->units[ui->follow].state == US_ACTIVE) {
		ui->cx = g->units[ui->follow].pos.x;
		ui->cy = g->units[ui->follow].pos.y;
		ui_keep_in_view(ui);
	}
	ui->follow = -1;
	ui_focus(ui);
	if (g->phase == PHASE_INITIATIVE && !ui->msg[0]) {
		char k1[16], k2[16], k3[16], stands[200], more[260] = "";
		ui_division_stands(ui, stands, sizeof stands);
		if (stands[0])
			snprintf(more, sizeof more, " Division stands that may move first (%s): %s.",
			         ui_key(ui, ACT_COMMANDER, k3), stands);
		ui_flash(ui, false, "%s have the initiative: %s gives it to a brigade, %s to a division.%s",
		         g->side[side].name, ui_key(ui, ACT_BRIGADE, k1), ui_key(ui, ACT_DIVISION, k2), more);
	}
	for (;;) {
		int ch;
		ui_draw(ui);
		ch = ui_getch(ui);
		if (ui_signals(ui) < 0)
			return -1;
		if (ch == KEY_RESIZE || ch == ERR)
			continue;
		if (ui->too_small) {
			if (ui_key_action(ui, ch) == ACT_QUIT && ui_confirm(ui, "Quit the battle?"))
				return -1;
			continue;
		}
		ui_handle_key(ui, ch);
		if (ui->quit)
			return -1;
		if (ui->have_order) {
			*o = ui->out;
			ui->have_order = false;
			return 0;
		}
	}
}

static void human_refused(struct controller *c, struct game *g, enum side side,
                          const struct order *o, const char *why)
{
	struct ui *ui = ((struct human *)c->ctx)->ui;
	(void)g, (void)side, (void)o;
	ui->end_all = -1;
	ui_flash(ui, true, "Refused: %s", why);
}

/* One line recalling the rule behind a decision (numbers from the rules
 * tables), shown under its options. */
static void decision_rule(const struct decision *d, char *buf, size_t size)
{
	const struct reaction_rules *r = &rules_react;
	const struct breakthrough_rules *b = &rules_breakthrough;
	switch (d->kind) {
	case DK_OPPORTUNITY:
		snprintf(buf, size, "Rule: a formed unit may charge an enemy moving within %g cm (infantry) "
		         "or %g cm (cavalry), turning up to %g degrees; %dD6 >= its quality, or it does no more.",
		         r->opportunity_inf, r->opportunity_cav, r->opportunity_pivot, rules_dice.test);
		break;
	case DK_COUNTER:
		snprintf(buf, size, "Rule: a unit charged may charge its charger back, with no test of its "
		         "own (a cautious unit still tests first; not artillery; infantry never against "
		         "cavalry).");
		break;
	case DK_FALLBACK:
		snprintf(buf, size, "Rule: skirmishers charged may about face and fall back (infantry %g to "
		         "%g cm, cavalry %g to %g cm); the charger gains a break-through.",
		         r->fallback_inf_min, r->fallback_inf_max, r->fallback_cav_min, r->fallback_cav_max);
		break;
	case DK_FLEE:
	case DK_CREWS:
		snprintf(buf, size, "Rule: horse artillery contacted by infantry may limber up and flee %g to "
		         "%g cm (%dD6 >= quality, or it is overrun); crews touching a solid square may flee "
		         "into it, abandoning the guns.", r->flee_min, r->flee_max, rules_dice.test);
		break;
	case DK_ESQUARE:
		snprintf(buf, size, "Rule: against cavalry that began its charge over %g cm away, %dD6 >= "
		         "quality (+%d Austrian or British column) forms it; failing costs %d hits.",
		         r->esquare_charge_from, rules_dice.test, r->esquare_column_bonus, r->esquare_fail_hits);
		break;
	case DK_FEINT:
		snprintf(buf, size, "Rule: cavalry that charged from over %g cm into an emergency square may "
		         "feint on %dD6 >= quality: back %g to %g cm along its path.", r->esquare_charge_from,
		         rules_dice.test, r->feint_min, r->feint_max);
		break;
	case DK_FEINT_PIVOT:
		snprintf(buf, size, "Rule: after a feint it may pivot up to %g degrees; touching any unit "
		         "or forbidden ground eliminates it.", r->feint_pivot);
		break;
	case DK_RETURN_FIRE:
		snprintf(buf, size, "Rule: a unit fired at may fire back at the firer, once an initiative; "
		         "it then has a yellow marker and fires no more until it is removed.");
		break;
	case DK_SUPPORT_FIRE:
		snprintf(buf, size, "Rule: artillery within %g cm of a unit fired at may fire at the firer "
		         "in its support, once an initiative (yellow marker).", rules_fire.support_range);
		break;
	case DK_SUPPRESS:
		snprintf(buf, size, "Rule: unformed infantry that has not fired may stop a battery that "
		         "would fire at it; both take yellow markers.");
		break;
	case DK_JOIN:
		snprintf(buf, size, "Rule: formed units within %g cm of an enemy in contact with a friend "
		         "may join the hand-to-hand (moving up to %g cm); joining is not charging.",
		         rules_melee.join_range, rules_melee.join_move);
		break;
	case DK_BREAKOUT:
		snprintf(buf, size, "Rule: a solid square out of contact may try to break out and join in: "
		         "%dD6 >= quality, then column and up to %g cm forward.", rules_dice.test, rules_melee.join_move);
		break;
	case DK_SPLIT:
		snprintf(buf, size, "Rule: a unit touching several enemies shares its SP among them as its "
		         "side likes; hits beyond what one enemy has are lost.");
		break;
	case DK_BREAKTHROUGH:
		snprintf(buf, size, "Rule: rally back (%g-%g cm infantry, %g-%g cavalry), stop (pivot up to "
		         "%g degrees), rally forward (up to %g/%g cm), or charge again after %d hit.",
		         b->rally_back_inf_min, b->rally_back_inf_max, b->rally_back_cav_min,
		         b->rally_back_cav_max, b->rally_pivot, b->rally_forward_inf, b->rally_forward_cav,
		         b->charge_hits);
		break;
	default:
		snprintf(buf, size, "The rules give your side this choice.");
	}
}

/* The number that goes with an option: its unit in the question, its
 * default offered, and nothing outside its range accepted. */
static bool decision_number(struct ui *ui, const struct decision *d, int k, double *v)
{
	const char *unit = d->opt[k].unit ? d->opt[k].unit : "cm";
	char label[96], q[200], paren[48];
	/* "fall back (cm)": the unit is said in the question. */
	snprintf(label, sizeof label, "%s", d->opt[k].label);
	snprintf(paren, sizeof paren, " (%s)", unit);
	if (strlen(label) > strlen(paren) && strcmp(label + strlen(label) - strlen(paren), paren) == 0)
		label[strlen(label) - strlen(paren)] = '\0';
	label[0] = (char)toupper((unsigned char)label[0]);
	snprintf(q, sizeof q, "%s: how many %s (%g to %g%s)?", label, unit, d->opt[k].lo, d->opt[k].hi,
	         d->opt[k].lo < 0 && strcmp(unit, "degrees") == 0 ? ", negative to the left" : "");
	return ui_ask_range(ui, q, d->opt[k].lo, d->opt[k].hi, unit, d->opt[k].dflt, v);
}

/* The odds of the decision's choices (the engine's, without a die)
 * before the rule: "Odds: ... Rule: ...". */
static void decision_odds(struct game *g, const struct decision *d, const char *rule, char *buf, size_t size)
{
	struct odds_choice o;
	struct cmd_lines l = { 0 };
	size_t len = 0;
	odds_decision(g, d, &o);
	cmd_odds_choice(g, d, &o, &l);
	buf[0] = '\0';
	for (int i = 0; i < l.n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "Odds: ", l.line[i]);
	if (len < size)
		snprintf(buf + len, size - len, "%s%s", len ? " " : "", rule);
	cmd_lines_free(&l);
}

static int human_decide(struct controller *c, struct game *g, struct decision *d)
{
	struct ui *ui = ((struct human *)c->ctx)->ui;
	const char *keys[DECISION_MAX_OPTIONS + 1], *labels[DECISION_MAX_OPTIONS + 1];
	char kb[DECISION_MAX_OPTIONS + 1][12], rule[400], hint[1600];
	int n = d->nopts, k;
	ui->ai_turn = false;
	ui->viewer = (int)d->side;
	for (int i = 0; i < n; i++) {
		snprintf(kb[i], sizeof kb[i], "%d", i + 1);
		keys[i] = kb[i];
		labels[i] = d->opt[i].label;
	}
	if (ui->advisor[d->side]) {
		keys[n] = "?";
		labels[n] = "decide for me";
		n++;
	}
	decision_rule(d, rule, sizeof rule);
	decision_odds(g, d, rule, hint, sizeof hint);
	/* Show the unit that decides. */
	if (d->unit >= 0 && d->unit < g->nunits) {
		ui->cx = g->units[d->unit].pos.x;
		ui->cy = g->units[d->unit].pos.y;
		ui_keep_in_view(ui);
	}
	for (;;) {
		k = ui_menu_map(ui, d->question, keys, labels, n, hint);
		if (ui_signals(ui) < 0)
			return -1;
		if (k < 0)
			continue;
		if (ui->advisor[d->side] && k == n - 1)
			return ui->advisor[d->side]->decide(ui->advisor[d->side], g, d);
		d->choice = k;
		d->value = d->opt[k].lo;
		if (d->opt[k].hi > d->opt[k].lo && !decision_number(ui, d, k, &d->value))
			continue;
		return 0;
	}
}

void human_init(struct human *h, struct ui *ui)
{
	*h = (struct human){
		.ctl = { .ctx = h, .order = human_order, .refused = human_refused, .decide = human_decide },
		.ui = ui,
	};
}

void ui_set_advisor(struct ui *ui, enum side side, struct controller *advisor)
{
	ui->advisor[side] = advisor;
}
