/* SPDX-License-Identifier: GPL-3.0-or-later */
/* terminal: the battle played in the terminal: the start-up list of saved
 * battles, who plays, the loop with its autosaves. */
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
#include "io/battles.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "main-int.h"
#include "random-cli.h"
#include "ui/ui.h"

/* A terminal that cannot show the battlefield is said so by name, in our
 * words, before curses starts. */
bool terminal_usable(void)
{
	char why[MSG_LEN];
	if (ui_terminal_usable(why, sizeof why))
		return true;
	fprintf(stderr, "grognard: %s\n", why);
	return false;
}


/* ------------------------------------------------------------------ */
/* The terminal game */

/* One of the saves listed deleted, asked by its number and confirmed. */
static void delete_save(struct ui *ui, const struct save_entry *e, const char *const *k,
                        const char *const *l, int n)
{
	char q[MSG_LEN], why[400];
	int c = ui_choose(ui, "Delete which saved battle?", k, l, n, "Esc: none");
	if (c < 0 || ui_hung_up(ui))
		return;
	snprintf(q, sizeof q, "Delete %s (%.79s, Turn %d) for good?", e[c].name, e[c].title, e[c].turn);
	if (!ui_ask(ui, q))
		return;
	if (save_remove(e[c].name, why, sizeof why)) {
		snprintf(why, sizeof why, "%s is deleted.", e[c].name);
		ui_message(ui, why);
	} else {
		ui_alert(ui, why);
	}
}

/* Started bare with battles waiting: offer them, newest first, or to
 * delete one.  A save that cannot be continued says why, and the list
 * comes again.  Returns the battle chosen (its save's name in name), or
 * NULL for a new one or when the terminal went away. */
#define OFFERED 15
static struct game *offer_saves(struct ui *ui, char *name, size_t size, uint64_t seed, bool *any)
{
	struct save_entry e[OFFERED];
	char keys[OFFERED][12], titles[OFFERED][180];
	const char *k[OFFERED + 3], *l[OFFERED + 3];
	for (;;) {
		struct diag d = { 0 };
		struct game *g;
		char title[120];
		int n = save_list(e, OFFERED), choice;
		*any = n > 0;
		if (n == 0)
			return NULL;
		for (int i = 0; i < n; i++) {
			snprintf(keys[i], sizeof keys[i], "%d", i + 1);
			snprintf(titles[i], sizeof titles[i], "%.72s: %.79s, Turn %d", e[i].name, e[i].title,
			         e[i].turn);
			k[i] = keys[i];
			l[i] = titles[i];
		}
		k[n] = "n";
		l[n] = "a new battle";
		k[n + 1] = "r";
		l[n + 1] = "a random battle";
		k[n + 2] = "D";
		l[n + 2] = "delete one of these saved battles";
		choice = ui_choose(ui, "Continue a battle?", k, l, n + 3, "Esc: a new battle");
		if (ui_hung_up(ui))
			return NULL;
		if (choice == n + 2) {
			delete_save(ui, e, k, l, n);
			continue;
		}
		if (choice == n + 1) {
			/* Its region, size and forces asked (random-cli.c);
			 * given up, the list again. */
			if ((g = menu_random_battle(ui, seed)) || ui_hung_up(ui)) {
				name[0] = '\0';
				return g;
			}
			continue;
		}
		if (choice < 0 || choice >= n)
			return NULL;
		if ((g = read_save(e[choice].name, false, &d))) {
			diag_free(&d);
			snprintf(name, size, "%s", e[choice].name);
			return g;
		}
		snprintf(title, sizeof title, "The battle in %s cannot be continued (q: back to the list)",
		         e[choice].name);
		ui_show_text(ui, title, (const char *const *)d.msg, d.n);
		diag_free(&d);
	}
}

/* The battle menu's item keys: digits, then the letters that the menu's
 * own keys (j and k move the highlight, r is a random battle) leave. */
static const char battle_keys[] = "123456789abcdefghilmnopqstuvwxyz";
#define BATTLE_KEYS ((int)sizeof battle_keys - 1)

/* One battle of the list, loaded with the seed: the built-in one is g
 * itself.  NULL, its problems shown, when it will not load. */
static struct game *open_listed(struct ui *ui, const struct battle_entry *e, struct game *g,
                                uint64_t seed)
{
	struct diag d = { 0 };
	struct game *chosen;
	char title[PATH_MAX + 80];
	if (!e->path[0])
		return g;
	if ((chosen = load_scenario_file(e->path, seed, &d))) {
		diag_free(&d);
		return chosen;
	}
	snprintf(title, sizeof title, "%s cannot be fought (q: back to the list)", e->path);
	ui_show_text(ui, title, (const char *const *)d.msg, d.n);
	diag_free(&d);
	return NULL;
}

/* A new battle: the battles there are (the built-in one, the maps of the
 * data directory and the player's), each with its year, nations, units a
 * side and title, the highlighted one's briefing under the list, and a
 * random battle.  Returns the battle chosen (g itself for the built-in
 * one), or NULL when left with Esc or the terminal went away. */
static struct game *choose_battle(struct ui *ui, struct game *g, uint64_t seed, bool back)
{
	struct battle_list l;
	struct diag d = { 0 };
	struct game *chosen = NULL;
	char (*keys)[2], (*labels)[200], (*details)[4200], hint[160];
	const char **k, **lp, **dp;
	int n;
	if (!battles_list(&l, default_battle_cfg, BUILTIN_NAME, &d)) {
		diag_free(&d);
		return g;
	}
	diag_free(&d);
	n = l.n;
	keys = calloc((size_t)n + 1, sizeof *keys);
	labels = calloc((size_t)n + 1, sizeof *labels);
	details = calloc((size_t)n + 1, sizeof *details);
	k = calloc((size_t)n + 1, sizeof *k);
	lp = calloc((size_t)n + 1, sizeof *lp);
	dp = calloc((size_t)n + 1, sizeof *dp);
	if (!keys || !labels || !details || !k || !lp || !dp) {
		chosen = g;
		goto out;
	}
	/* Past the keys there are, the arrows and Enter reach a battle. */
	for (int i = 0; i < n; i++) {
		keys[i][0] = i < BATTLE_KEYS ? battle_keys[i] : '\0';
		battles_line(&l, i, false, labels[i], sizeof labels[i]);
		snprintf(details[i], sizeof details[i], "%s%s%s", l.e[i].title, l.e[i].briefing ? ": " : ".",
		         l.e[i].briefing ? l.e[i].briefing : "");
		k[i] = keys[i];
		lp[i] = labels[i];
		dp[i] = details[i];
	}
	k[n] = "r";
	lp[n] = "a random battle";
	dp[n] = "A random battle: new ground laid by the DBM terrain procedure, and forces, objectives, "
	        "time and weather made round it; you choose the region, the size and the forces, or leave "
	        "them to the dice.";
	snprintf(hint, sizeof hint, "Tab: the whole briefing  %s%s",
	         back ? "Esc: back to the saved battles" : "Esc: leave grognard",
	         l.failed ? "  (some maps could not be read: grognard --list says why)" : "");
	while (!chosen) {
		int c = ui_choose_detail(ui, "Which battle? (year, nations, units a side)", k, lp, dp, n + 1, hint);
		if (c < 0 || ui_hung_up(ui))
			break;
		if (c == n)
			chosen = menu_random_battle(ui, seed);
		else
			chosen = open_listed(ui, &l.e[c], g, seed);
		if (ui_hung_up(ui))
			break;
	}
out:
	free(keys);
	free(labels);
	free(details);
	free(k);
	free(lp);
	free(dp);
	battles_free(&l);
	return chosen;
}

/* A continued battle says who plays it. */
static void tell_players(struct ui *ui, const struct game *g, const struct options *o)
{
	char text[300];
	int lv[SIDE_COUNT] = { AI_WORD_NORMAL, AI_WORD_NORMAL };
	if (o->ai)
		save_ai_levels(o->ai, lv);
	if (strcmp(o->side, "both") == 0)
		snprintf(text, sizeof text, "The battle goes on where it was left: you play both sides.");
	else if (strcmp(o->side, "none") == 0 && lv[SIDE_A] == lv[SIDE_B])
		snprintf(text, sizeof text, "The battle goes on where it was left: the computer (%s) plays both sides.",
		         save_ai_words[lv[SIDE_A]]);
	else if (strcmp(o->side, "none") == 0)
		snprintf(text, sizeof text, "The battle goes on where it was left: the computer plays both sides "
		         "(the %s %s, the %s %s).", g->side[SIDE_A].name, save_ai_words[lv[SIDE_A]],
		         g->side[SIDE_B].name, save_ai_words[lv[SIDE_B]]);
	else {
		int me = strcmp(o->side, "B") == 0 ? SIDE_B : SIDE_A;
		snprintf(text, sizeof text, "The battle goes on where it was left: you play the %s (%s), "
		         "the computer (%s) the %s.", g->side[me].name, side_names[me].key, save_ai_words[lv[!me]],
		         g->side[!me].name);
	}
	ui_message(ui, text);
}

int run_terminal(struct game *g, struct options *o)
{
	struct ui_options opts;
	struct diag d = { 0 };
	struct ui *ui;
	struct human human;
	struct computer ai;
	struct controller *ctl[SIDE_COUNT];
	struct ui_hooks uh = { .save = save_named, .export_log = export_named, .hangup = &got_hangup,
	                       .interrupt = &got_interrupt, .export_map = export_map_named };
	bool watch;
	enum step_result r;
	int last = -1;
	bool saved;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("grognard: not a terminal; use --batch to play without one\n", stderr);
		game_free(g);
		return EXIT_USAGE;
	}
	if (!terminal_usable()) {
		game_free(g);
		return EXIT_BAD_INPUT;
	}
	options_default(&opts, &ui_keymap);
	options_load(&opts, NULL, &d);
	if (o->ascii)
		opts.ascii = true;
	catch_signals();
	if (!(ui = ui_open(g, &opts, o->mono))) {
		fputs("grognard: cannot start the terminal\n", stderr);
		diag_free(&d);
		game_free(g);
		return EXIT_BAD_INPUT;
	}
	ui_set_hooks(ui, &uh);
	ui_options_errors(ui, (const char *const *)d.msg, d.n);
	diag_free(&d);

	/* Started bare: the battles waiting are offered first, then the
	 * battles to choose from; Esc there goes back to the saves, or leaves
	 * when there are none. */
	const char *loaded_from = o->load;
	char name[80];
	if (!o->scenario && !o->load && !o->rnd.random) {
		struct game *chosen = NULL;
		bool any = false;
		name[0] = '\0';
		for (;;) {
			chosen = offer_saves(ui, name, sizeof name, o->seed, &any);
			if (!chosen && !ui_hung_up(ui))
				chosen = choose_battle(ui, g, o->seed, any);
			if (chosen || ui_hung_up(ui) || !any)
				break;
		}
		/* Gone while choosing, or left: nothing has happened, nothing to
		 * save. */
		if (!chosen || ui_hung_up(ui)) {
			ui_close(ui);
			if (chosen != g)
				game_free(chosen);
			game_free(g);
			return EXIT_OK;
		}
		if (chosen != g) {
			game_free(g);
			g = chosen;
			ui_close(ui);
			if (!(ui = ui_open(g, &opts, o->mono))) {
				game_free(g);
				return EXIT_BAD_INPUT;
			}
			ui_set_hooks(ui, &uh);
			loaded_from = name[0] ? name : NULL;
		}
	}
	autosave_as(loaded_from);
	settle_players(o, g);
	watch = strcmp(o->side, "none") == 0;
	if (loaded_from)
		tell_players(ui, g, o);

	human_init(&human, ui);
	if (!computer_start(&ai, g, o->ai)) {
		ui_close(ui);
		fputs("grognard: out of memory\n", stderr);
		return EXIT_BAD_INPUT;
	}
	for (int s = 0; s < SIDE_COUNT; s++) {
		ctl[s] = plays(o, (enum side)s) ? &human.ctl : ui_watch(ui, ai.ctl[s], watch);
		ui_set_advisor(ui, (enum side)s, ai.ctl[s]);
	}
	if (!watch)
		ui_offer_rethrow(ui, g);
	/* Autosaves at the start and at every new initiative. */
	for (;;) {
		if (g->initiatives != last) {
			autosave(g, ui);
			last = g->initiatives;
		}
		r = game_step(g, ctl);
		if (r != STEP_OK)
			break;
	}
	saved = autosave(g, ui);
	if (r == STEP_OVER && !ui_hung_up(ui))
		ui_battle_over(ui);
	ui_close(ui);
	/* Quit or hung up: say what became of the battle (on a terminal that
	 * is gone this goes nowhere, harmlessly). */
	if (r == STEP_QUIT || !saved)
		say_saved();
	computer_free(&ai);
	game_free(g);
	return saved ? EXIT_OK : EXIT_BAD_INPUT;
}
