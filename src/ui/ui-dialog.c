/* ui-dialog: menus, questions, the pager (help, the whole log, command
 * output) and the ':' command line.  Each is modal and keeps the screen
 * right through resizes. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "ui-int.h"

#define ESC 27

int ui_getch(struct ui *ui)
{
	static int errors;
	int ch;
	/* After a hang-up every dialog closes (Esc) so the game can stop. */
	if (ui->hangup || (ui->hooks.hangup && *ui->hooks.hangup)) {
		ui->hangup = true;
		return ESC;
	}
	ch = getch();
	if (ch == KEY_RESIZE)
		ui_layout(ui);
	/* A terminal that has gone away answers every read at once with an
	 * error: many in a row without a timeout set is a hang-up. */
	if (ch == ERR && is_nodelay(stdscr) == FALSE && wgetdelay(stdscr) < 0) {
		if (++errors > 200) {
			ui->hangup = true;
			return ESC;
		}
	} else if (ch != ERR) {
		errors = 0;
	}
	return ch;
}

static bool is_enter(int ch)
{
	return ch == '\n' || ch == '\r' || ch == KEY_ENTER;
}

/* A box of text lines over the map, with one line highlighted. */
static void draw_box(struct ui *ui, const char *title, const char *const *lines, int n, int hl,
                     const char *hint)
{
	int w = ui_text_width(ui, title) + 4, h = n + 4, x, y;
	if (hint && ui_text_width(ui, hint) + 4 > w)
		w = ui_text_width(ui, hint) + 4;
	for (int i = 0; i < n; i++)
		if (ui_text_width(ui, lines[i]) + 4 > w)
			w = ui_text_width(ui, lines[i]) + 4;
	if (w > ui->cols - 2)
		w = ui->cols - 2;
	if (h > ui->rows - 2)
		h = ui->rows - 2;
	x = (ui->map_w - w) / 2;
	if (x < 0)
		x = 0;
	y = (ui->rows - h) / 2;
	const struct frame_chars *f = ui_frame(ui);
	attr_set(A_NORMAL, 0, NULL);
	for (int r = 0; r < h; r++)
		mvhline(y + r, x, ' ', w);
	mvaddch(y, x, f->ul);
	mvhline(y, x + 1, f->h, w - 2);
	mvaddch(y, x + w - 1, f->ur);
	mvvline(y + 1, x, f->v, h - 2);
	mvvline(y + 1, x + w - 1, f->v, h - 2);
	mvaddch(y + h - 1, x, f->ll);
	mvhline(y + h - 1, x + 1, f->h, w - 2);
	mvaddch(y + h - 1, x + w - 1, f->lr);
	ui_put_text(ui, y, x + 2, w - 4, title, A_BOLD, 0);
	for (int i = 0; i < n && i < h - 4; i++)
		ui_put_text(ui, y + 2 + i, x + 2, w - 4, lines[i], i == hl ? A_REVERSE : A_NORMAL, 0);
	if (hint)
		ui_put_text(ui, y + h - 2, x + 2, w - 4, hint, A_DIM, 0);
}

int ui_menu(struct ui *ui, const char *title, const char *const *keys,
            const char *const *labels, int n, const char *hint)
{
	char (*lines)[160] = calloc((size_t)n + 1, sizeof *lines);
	const char **ptrs = calloc((size_t)n + 1, sizeof *ptrs);
	int hl = 0, choice = -1;
	if (!lines || !ptrs) {
		free(lines);
		free(ptrs);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		snprintf(lines[i], sizeof lines[i], "%-3s %s", keys[i], labels[i]);
		ptrs[i] = lines[i];
	}
	for (;;) {
		int ch;
		ui_compose(ui);
		if (!ui->too_small)
			draw_box(ui, title, ptrs, n, hl, hint ? hint : "Esc: cancel");
		ui_show();
		if (ui->too_small) {
			ch = ui_getch(ui);
			if (ch == ESC || ch == 'q')
				break;
			continue;
		}
		ch = ui_getch(ui);
		if (ch == KEY_RESIZE)
			continue;
		if (ch == ESC)
			break;
		/* An item's own key first: 'k' may be an item (skirmish line). */
		for (int i = 0; i < n && choice < 0; i++)
			if (keys[i][0] == ch && keys[i][1] == '\0')
				choice = i;
		if (choice >= 0)
			break;
		if (ch == KEY_UP || ch == 'k')
			hl = (hl + n - 1) % n;
		else if (ch == KEY_DOWN || ch == 'j')
			hl = (hl + 1) % n;
		else if (is_enter(ch)) {
			choice = hl;
			break;
		}
	}
	free(lines);
	free(ptrs);
	return choice;
}

bool ui_confirm(struct ui *ui, const char *question)
{
	for (;;) {
		int ch;
		ui_flash(ui, false, "%s (y/n)", question);
		ui_draw(ui);
		ch = ui_getch(ui);
		if (ch == KEY_RESIZE)
			continue;
		ui->msg[0] = '\0';
		if (ch == 'y' || ch == 'Y')
			return true;
		if (ch == 'n' || ch == 'N' || ch == ESC || ch == 'q')
			return false;
	}
}

/* Edit a line on the message line; returns false on Esc. */
static bool edit_line(struct ui *ui, const char *prompt, char *buf, size_t size,
                      bool (*allowed)(int ch), char hist[][256], int nhist)
{
	size_t len = strlen(buf);
	int h = nhist;
	for (;;) {
		int ch;
		ui_compose(ui);
		move(ui->msg_y, 0);
		clrtoeol();
		ui_put_text(ui, ui->msg_y, 0, ui->cols, prompt, A_BOLD, 0);
		ui_put_text(ui, ui->msg_y, ui_text_width(ui, prompt), ui->cols - ui_text_width(ui, prompt) - 1,
		            buf, A_NORMAL, 0);
		move(ui->msg_y, ui_text_width(ui, prompt) + ui_text_width(ui, buf));
		ui_show();
		ch = ui_getch(ui);
		if (ch == KEY_RESIZE)
			continue;
		if (ch == ESC)
			return false;
		if (is_enter(ch))
			return true;
		if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len > 0) {
			/* Back over one whole UTF-8 character. */
			do
				len--;
			while (len > 0 && (buf[len] & 0xc0) == 0x80);
			buf[len] = '\0';
		} else if (ch == KEY_UP && hist && h > 0) {
			snprintf(buf, size, "%s", hist[--h]);
			len = strlen(buf);
		} else if (ch == KEY_DOWN && hist && h < nhist) {
			h++;
			snprintf(buf, size, "%s", h < nhist ? hist[h] : "");
			len = strlen(buf);
		} else if (ch == 21) { /* Ctrl-U */
			len = 0;
			buf[0] = '\0';
		} else if (ch > 0 && ch < 256 && ch >= 32 && ch != 127 && (!allowed || allowed(ch)) &&
		           len + 1 < size) {
			buf[len++] = (char)ch;
			buf[len] = '\0';
		}
	}
}

bool ui_ask_text(struct ui *ui, const char *question, char *buf, size_t size)
{
	return edit_line(ui, question, buf, size, NULL, NULL, 0) && buf[0];
}

static bool numeric_char(int ch)
{
	return isdigit(ch) || ch == '.' || ch == '-' || ch == '+';
}

bool ui_ask_number(struct ui *ui, const char *question, double dflt, double *out)
{
	char buf[32], prompt[200];
	snprintf(buf, sizeof buf, "%g", dflt);
	snprintf(prompt, sizeof prompt, "%s ", question);
	for (;;) {
		char *end;
		double v;
		if (!edit_line(ui, prompt, buf, sizeof buf, numeric_char, NULL, 0))
			return false;
		v = strtod(buf, &end);
		if (end != buf && *end == '\0') {
			*out = v;
			return true;
		}
		ui_flash(ui, true, "'%s' is not a number", buf);
	}
}

/* ------------------------------------------------------------------ */
/* The pager: pages of lines, scrolled with the usual keys, searched with
 * '/' and 'n'; Tab turns the page. */

struct page {
	const char *title;
	char **lines;
	int n;
};

static void pager_pages(struct ui *ui, struct page *pages, int npages, int start_at_end)
{
	int p = 0, top = 0, height, found = -1;
	char search[128] = "";
	bool reset = true;

	for (;;) {
		struct page *pg = &pages[p];
		char footer[200];
		int ch;
		height = ui->rows - 2;
		if (reset) {
			top = start_at_end ? pg->n - height : 0;
			reset = false;
		}
		if (top > pg->n - height)
			top = pg->n - height;
		if (top < 0)
			top = 0;
		erase();
		ui_put_text(ui, 0, 0, ui->cols, pg->title, A_BOLD | A_REVERSE, 0);
		mvchgat(0, 0, -1, A_REVERSE, 0, NULL);
		for (int r = 0; r < height && top + r < pg->n; r++)
			ui_put_text(ui, 1 + r, 0, ui->cols, pg->lines[top + r],
			            top + r == found ? A_REVERSE : A_NORMAL, 0);
		snprintf(footer, sizeof footer,
		         "%d-%d of %d   j/k PgUp/PgDn g/G scroll   / search  n next%s   q back",
		         pg->n ? top + 1 : 0, top + height < pg->n ? top + height : pg->n, pg->n,
		         npages > 1 ? "   Tab next page" : "");
		ui_put_text(ui, ui->rows - 1, 0, ui->cols, footer, A_DIM, 0);
		ui_show();
		ch = ui_getch(ui);
		switch (ch) {
		case 'q':
		case ESC:
		case '?':
			return;
		case 'j':
		case KEY_DOWN:
			top++;
			break;
		case 'k':
		case KEY_UP:
			top--;
			break;
		case ' ':
		case KEY_NPAGE:
			top += height - 1;
			break;
		case 'b':
		case KEY_PPAGE:
			top -= height - 1;
			break;
		case 'g':
		case KEY_HOME:
			top = 0;
			break;
		case 'G':
		case KEY_END:
			top = pg->n;
			break;
		case '\t':
			p = (p + 1) % npages;
			reset = true;
			found = -1;
			break;
		case KEY_BTAB:
			p = (p + npages - 1) % npages;
			reset = true;
			found = -1;
			break;
		case '/':
			search[0] = '\0';
			if (!edit_line(ui, "/", search, sizeof search, NULL, NULL, 0) || !search[0])
				break;
			found = top - 1;
			/* fall through */
		case 'n':
			if (!search[0])
				break;
			for (int k = 1; k <= pg->n; k++) {
				int i = (found + k + pg->n) % pg->n;
				if (strstr(pg->lines[i], search)) {
					found = i;
					top = i - height / 2;
					break;
				}
			}
			break;
		case 'N':
			if (!search[0])
				break;
			for (int k = 1; k <= pg->n; k++) {
				int i = ((found - k) % pg->n + pg->n) % pg->n;
				if (strstr(pg->lines[i], search)) {
					found = i;
					top = i - height / 2;
					break;
				}
			}
			break;
		default:
			break;
		}
	}
}

void ui_pager(struct ui *ui, const char *title, char **lines, int n, int start_at_end)
{
	struct page pg = { title, lines, n };
	pager_pages(ui, &pg, 1, start_at_end);
}

void ui_log_history(struct ui *ui)
{
	struct game *g = ui->g;
	char **lines = calloc((size_t)g->nlog + 1, sizeof *lines);
	if (!lines)
		return;
	for (int i = 0; i < g->nlog; i++) {
		size_t len = strlen(g->log[i].text) + 8;
		lines[i] = malloc(len);
		if (lines[i])
			snprintf(lines[i], len, "T%-2d %s", g->log[i].turn, g->log[i].text);
		else
			lines[i] = strdup("");
	}
	ui_pager(ui, "The whole log (newest at the bottom)", lines, g->nlog, 1);
	for (int i = 0; i < g->nlog; i++)
		free(lines[i]);
	free(lines);
}

/* Lines into a growing array. */
struct text {
	char **lines;
	int n;
};

static void add_line(struct text *t, const char *fmt, ...) GAME_PRINTF(2, 3);
static void add_line(struct text *t, const char *fmt, ...)
{
	char buf[400];
	char **p;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	p = realloc(t->lines, (size_t)(t->n + 1) * sizeof *p);
	if (!p)
		return;
	t->lines = p;
	t->lines[t->n] = strdup(buf);
	if (t->lines[t->n])
		t->n++;
}

static void free_text(struct text *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	*t = (struct text){ 0 };
}

static void key_line(struct ui *ui, struct text *t, enum action a)
{
	char kb[16];
	add_line(t, "  %-8s %s", options_key_name(ui->opt.key[a], kb), action_desc[a].text);
}

const char *ui_terrain_glyph(const struct ui *ui, enum terrain_type tt, char buf[8]);

void ui_help(struct ui *ui)
{
	struct text keys = { 0 }, seq = { 0 }, legend = { 0 };
	struct page pages[3];

	switch (ui->mode) {
	case MODE_MOVE:
		add_line(&keys, "Moving a unit straight ahead:");
		add_line(&keys, "  cursor keys  put the cursor where the unit should stop;");
		add_line(&keys, "               the distance is measured along its facing");
		add_line(&keys, "  digits       type the distance in cm");
		add_line(&keys, "  m            as far as the unit may go");
		add_line(&keys, "  Enter        give the order     Esc  cancel");
		add_line(&keys, "The blinking footprint shows where it would stop; the message");
		add_line(&keys, "line says why it cannot go further.");
		break;
	case MODE_PIVOT:
		add_line(&keys, "Pivoting a unit about its centre:");
		add_line(&keys, "  cursor keys  face toward the cursor");
		add_line(&keys, "  < >          15 degrees left or right;  , .  1 degree");
		add_line(&keys, "  Enter        give the order     Esc  cancel");
		add_line(&keys, "Turning over 90 degrees in an initiative forbids a charge in it");
		add_line(&keys, "(and firing, for artillery).");
		break;
	case MODE_TARGET:
		add_line(&keys, "Choosing a target:");
		add_line(&keys, "  cursor keys  put the cursor on the enemy unit");
		add_line(&keys, "  Tab          the next target the unit can charge or fire at");
		add_line(&keys, "  Enter        give the order     Esc  cancel");
		add_line(&keys, "A charge shows where it makes contact; a shot shows its zone of");
		add_line(&keys, "fire, the range and the number of dice.");
		break;
	case MODE_CMOVE:
		add_line(&keys, "Moving a command stand (36 cm, turning where it likes):");
		add_line(&keys, "  cursor keys  choose the next point");
		add_line(&keys, "  Space        add the point to the way");
		add_line(&keys, "  Enter        end the way at the cursor     Esc  cancel");
		break;
	default:
		add_line(&keys, "Keys (change them in ~/.config/grognard/grognard.cfg):");
		for (int a = 0; a < ACT_COUNT; a++)
			key_line(ui, &keys, (enum action)a);
		add_line(&keys, "  Enter    select (as Space);  Shift-Tab previous unit");
		add_line(&keys, "  arrows   move the cursor (as h j k l)");
		add_line(&keys, "%s", "");
		add_line(&keys, "Every order also has a ':' command; ':help' lists them.");
	}

	add_line(&seq, "Each Turn (about half an hour):");
	add_line(&seq, "  Both sides throw 2D6; the higher takes the initiative (ties again).");
	add_line(&seq, "  The side with the initiative gives it to one of its brigades that");
	add_line(&seq, "  has not had it this Turn (division artillery counts as a brigade),");
	add_line(&seq, "  or manoeuvres a whole division none of whose brigades has had it.");
	add_line(&seq, "%s", "");
	add_line(&seq, "That brigade's initiative:");
	add_line(&seq, "  1. Manoeuvre: its units, one at a time, change formation, turn, move");
	add_line(&seq, "     or charge; the other side may react to what they do.");
	add_line(&seq, "  2. Firing: its units fire, one at a time; targets may return fire.");
	add_line(&seq, "  3. Hand-to-hand: every unit in contact with the enemy fights.");
	add_line(&seq, "  4. Break-through: winners may rally or charge again.");
	add_line(&seq, "%s", "");
	add_line(&seq, "Then the side that had the initiative throws 3D6 against the other's");
	add_line(&seq, "2D6 for the next one.  When one side has no brigade left, the other");
	add_line(&seq, "uses its remaining brigades in turn.  When every brigade has had the");
	add_line(&seq, "initiative, the Turn ends.  A side loses its blue and yellow markers");
	add_line(&seq, "whenever it wins the initiative, and everybody at the end of a Turn.");
	add_line(&seq, "%s", "");
	add_line(&seq, "Command: a unit is in command within its division or corps");
	add_line(&seq, "commander's radius (10 to 18 cm by rating), cautious up to 24 cm,");
	add_line(&seq, "not in command beyond.  See grognard(6) for the whole game.");

	{
		char gb[8];
		add_line(&legend, "The map (1 column = %g cm; a row is twice as tall):", ui->zoom);
		add_line(&legend, "  I C A   infantry, cavalry, artillery of %s", ui->g->side[SIDE_A].name);
		add_line(&legend, "  i c a   the same of %s", ui->g->side[SIDE_B].name);
		add_line(&legend, "  K D B   corps, division, brigade commanders (k d b the other side)");
		add_line(&legend, "  ^ > v <  a unit's facing, at its front edge or in front of it");
		add_line(&legend, "  underlined: units that can still act;  reverse: the selection");
		add_line(&legend, "%s", "");
		for (int t = 0; t < TT_COUNT; t++)
			add_line(&legend, "  %-3s %s", ui_terrain_glyph(ui, (enum terrain_type)t, gb),
			         terrain_names[t].label);
	}
	pages[0] = (struct page){ "Help: keys (Tab: the sequence of play, the map legend)", keys.lines, keys.n };
	pages[1] = (struct page){ "Help: the sequence of play", seq.lines, seq.n };
	pages[2] = (struct page){ "Help: the map legend", legend.lines, legend.n };
	pager_pages(ui, pages, 3, 0);
	free_text(&keys);
	free_text(&seq);
	free_text(&legend);
}

/* ------------------------------------------------------------------ */

static void text_from_buffer(struct text *t, char *buf)
{
	char *save = NULL;
	for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		add_line(t, "%s", line);
}

bool ui_command_line(struct ui *ui, struct order *o)
{
	char line[256] = "", *outbuf = NULL, *errbuf = NULL;
	size_t outlen = 0, errlen = 0;
	struct cmd_ctx ctx;
	enum cmd_result r;
	FILE *out, *err;

	if (!edit_line(ui, ":", line, sizeof line, NULL, ui->history, ui->nhistory) || !line[0])
		return false;
	if (ui->nhistory == 16) {
		memmove(ui->history[0], ui->history[1], sizeof ui->history[0] * 15);
		ui->nhistory--;
	}
	snprintf(ui->history[ui->nhistory++], sizeof ui->history[0], "%s", line);
	out = open_memstream(&outbuf, &outlen);
	err = open_memstream(&errbuf, &errlen);
	if (!out || !err) {
		if (out)
			fclose(out);
		if (err)
			fclose(err);
		return false;
	}
	ctx = (struct cmd_ctx){ .g = ui->g, .out = out, .err = err, .source = "command", .line = 1,
	                        .save = ui->hooks.save, .export_log = ui->hooks.export_log };
	r = cmd_execute(&ctx, line);
	fclose(out);
	fclose(err);
	if (r == CMD_ERROR && errbuf && *errbuf) {
		char *nl = strchr(errbuf, '\n');
		if (nl)
			*nl = '\0';
		/* "command:1: " adds nothing on screen. */
		ui_flash(ui, true, "%s", strncmp(errbuf, "command:1: ", 11) == 0 ? errbuf + 11 : errbuf);
	} else if (outbuf && *outbuf && !strchr(outbuf, '\n')[1]) {
		/* One line (e.g. "Saved as ..."): the message line is enough. */
		*strchr(outbuf, '\n') = '\0';
		ui_flash(ui, false, "%s", outbuf);
	} else if (outbuf && *outbuf) {
		struct text t = { 0 };
		text_from_buffer(&t, outbuf);
		ui_pager(ui, line, t.lines, t.n, 0);
		free_text(&t);
	}
	if (ctx.quit && ui_confirm(ui, "Quit the battle?"))
		ui->quit = true;
	free(outbuf);
	free(errbuf);
	if (r == CMD_ORDER) {
		*o = ctx.order;
		return true;
	}
	return false;
}
