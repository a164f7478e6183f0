/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-term: the terminal and the program: curses started and stopped, the
 * terminal's fitness, the program's hooks and signals, and what main.c
 * asks outside a turn (questions, messages, pages of text, the weather
 * thrown again). */
#include "config.h"

#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "ui-int.h"

/* Hang-up or termination stops the game (the program saves it); Ctrl-C
 * asks first.  Returns -1 to stop. */
int ui_signals(struct ui *ui)
{
	if (ui->hangup || (ui->hooks.hangup && *ui->hooks.hangup)) {
		ui->hangup = true;
		return -1;
	}
	if (ui->hooks.interrupt && *ui->hooks.interrupt) {
		*ui->hooks.interrupt = 0;
		if (ui_confirm(ui, "Quit the battle (it is saved, to go on later)?")) {
			ui->quit = true;
			return -1;
		}
	}
	return 0;
}

/* Ctrl-S and Ctrl-Q are keys like any other, not XOFF and XON: a
 * player pressing Ctrl-S must not freeze the screen.  (cbreak leaves
 * flow control on; the mode saved here is the one refresh restores after
 * endwin, a suspension or a shell.) */
static void flow_control_off(void)
{
	struct termios tio;
	if (tcgetattr(STDIN_FILENO, &tio) == 0) {
		tio.c_iflag &= ~(tcflag_t)(IXON | IXOFF);
		tcsetattr(STDIN_FILENO, TCSANOW, &tio);
	}
	def_prog_mode();
}

static const short curses_colour[8] = {
	COLOR_BLACK, COLOR_RED, COLOR_GREEN, COLOR_YELLOW, COLOR_BLUE, COLOR_MAGENTA, COLOR_CYAN, COLOR_WHITE,
};

struct ui *ui_open(struct game *g, const struct ui_options *opts, bool mono)
{
	struct ui *ui = calloc(1, sizeof *ui);
	const char *cs;
	if (!ui)
		return NULL;
	ui->g = g;
	ui->opt = *opts;
	ui->sel_unit = ui->sel_cmdr = -1;
	ui->log_limit = -1;
	ui->end_all = -1;
	ui->follow = -1;
	ui->map_key = ui_map_key;
	ui->viewer = -1;
	cs = nl_langinfo(CODESET);
	ui->utf8 = cs && strcmp(cs, "UTF-8") == 0 && !opts->ascii;
	/* newterm, not initscr: on a terminal it cannot use, initscr prints
	 * its own message and exits. */
	if (!(ui->screen = newterm(NULL, stdout, stdin))) {
		free(ui);
		return NULL;
	}
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	flow_control_off();
	ui->colour = !mono && has_colors() && !(getenv("NO_COLOR") && *getenv("NO_COLOR"));
	if (ui->colour) {
		static const int map[CP_COUNT] = {
			[CP_SIDE_A] = PAL_SIDE_A, [CP_SIDE_B] = PAL_SIDE_B, [CP_WATER] = PAL_WATER,
			[CP_WOOD] = PAL_WOOD, [CP_VILLAGE] = PAL_VILLAGE, [CP_HILL] = PAL_HILL,
			[CP_ROAD] = PAL_ROAD, [CP_OBSTACLE] = PAL_OBSTACLE, [CP_OVERLAY] = PAL_OVERLAY,
			[CP_CURSOR] = PAL_CURSOR,
		};
		start_color();
		use_default_colors();
		for (int p = 1; p < CP_COUNT; p++)
			init_pair((short)p, curses_colour[opts->colour[map[p]] & 7], -1);
	}
	ui_layout(ui);
	ui_fit_zoom(ui);
	ui->cx = g->map.width / 2;
	ui->cy = g->map.height / 2;
	ui_keep_in_view(ui);
	ui_fit_zoom(ui);
	return ui;
}

void ui_close(struct ui *ui)
{
	if (!ui)
		return;
	endwin();
	delscreen(ui->screen);
	free(ui->tcache);
	free(ui);
}

void ui_set_hooks(struct ui *ui, const struct ui_hooks *h)
{
	ui->hooks = *h;
}

bool ui_hung_up(const struct ui *ui)
{
	return ui->hangup;
}

int ui_choose(struct ui *ui, const char *title, const char *const *keys, const char *const *labels,
              int n, const char *hint)
{
	return ui_menu(ui, title, keys, labels, n, hint);
}

bool ui_ask(struct ui *ui, const char *question)
{
	return ui_confirm(ui, question);
}

void ui_offer_rethrow(struct ui *ui, struct game *g)
{
	char q[120], why[200];
	if (!weather_may_rethrow(g))
		return;
	snprintf(q, sizeof q, "The weather thrown is %s. Throw it again (once only)?",
	         weather_names[g->wx.weather].label);
	if (!ui_confirm(ui, q))
		return;
	if (weather_rethrow(g, why, sizeof why) < 0) {
		ui_alert(ui, why);
		return;
	}
	snprintf(q, sizeof q, "Thrown again: the weather is %s.", weather_names[g->wx.weather].label);
	ui_message(ui, q);
}

void ui_message(struct ui *ui, const char *text)
{
	ui_flash(ui, false, "%s", text);
}

void ui_alert(struct ui *ui, const char *text)
{
	ui_flash(ui, true, "%s", text);
}

void ui_show_text(struct ui *ui, const char *title, const char *const *lines, int n)
{
	int width = ui->cols > 20 ? ui->cols - 2 : 78, cap = 0, count = 0;
	char **out = NULL;
	/* Each line cut at spaces to the screen's width; the rest indented. */
	for (int i = 0; i < n; i++) {
		const char *p = lines[i];
		bool first = true;
		while (*p) {
			int room = first ? width : width - 4, len = (int)strlen(p), cut = len;
			if (len > room) {
				for (cut = room; cut > room / 2 && p[cut] != ' '; cut--)
					;
				if (p[cut] != ' ')
					cut = room;
			}
			if (count == cap) {
				char **q = realloc(out, (size_t)(cap ? 2 * cap : 16) * sizeof *q);
				if (!q)
					break;
				out = q;
				cap = cap ? 2 * cap : 16;
			}
			if ((out[count] = malloc((size_t)cut + 5))) {
				snprintf(out[count], (size_t)cut + 5, "%s%.*s", first ? "" : "    ", cut, p);
				count++;
			}
			p += cut;
			while (*p == ' ')
				p++;
			first = false;
		}
	}
	ui_pager(ui, title, out, count, 0);
	for (int i = 0; i < count; i++)
		free(out[i]);
	free(out);
}

/* ------------------------------------------------------------------ */
/* Last in the file: term.h defines its capabilities as macros (lines,
 * columns, tab ...) that would clash with the names above. */
#include <term.h>

bool ui_terminal_usable(char *why, size_t size)
{
	const char *term = getenv("TERM");
	const char *advice = "use a terminal such as xterm, or --batch";
	char *cup;
	int err = 0;
	if (!term || !*term) {
		snprintf(why, size, "TERM is not set, so the terminal is unknown and cannot show the "
		         "battlefield; set it (as TERM=xterm) or use --batch");
		return false;
	}
	if (setupterm(term, STDOUT_FILENO, &err) != OK) {
		if (err < 0)
			snprintf(why, size, "the terminal '%.64s' cannot be looked up (no terminfo database "
			         "found); install ncurses-base, or use --batch", term);
		else
			snprintf(why, size, "the terminal '%.64s' is unknown here (terminfo has no entry "
			         "for it); %s", term, advice);
		return false;
	}
	/* A terminal that cannot put the cursor where it likes cannot draw a
	 * map (dumb, a printing terminal, an emacs shell buffer). */
	cup = tigetstr("cup");
	if (!cup || cup == (char *)-1 || tigetflag("hc") > 0 || tigetflag("gn") > 0) {
		snprintf(why, size, "the terminal '%.64s' cannot show the battlefield (it cannot move the "
		         "cursor); %s", term, advice);
		del_curterm(cur_term);
		return false;
	}
	del_curterm(cur_term);
	return true;
}
