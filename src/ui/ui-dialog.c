/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-dialog: menus, questions, the pager (help, the whole log, command
 * output) and the ':' command line.  Each is modal and keeps the screen
 * right through resizes. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "engine/rules.h"
#include "ui-int.h"

int ui_getch(struct ui *ui)
{
	static int errors;
	int ch;
	/* After a hang-up every dialog closes (Esc) so the game can stop. */
	if (ui->hangup || (ui->hooks.hangup && *ui->hooks.hangup)) {
		ui->hangup = true;
		return ESC;
	}
	if (!ui->ai_turn && ui->nahead > 0) {
		/* Keys typed while the computer played, in order. */
		ch = ui->ahead[0];
		memmove(ui->ahead, ui->ahead + 1, sizeof ui->ahead[0] * (size_t)--ui->nahead);
		return ch;
	}
	ch = getch();
	if (ch == KEY_RESIZE)
		ui_resized(ui);
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

bool ui_is_enter(int ch)
{
	return ch == '\n' || ch == '\r' || ch == KEY_ENTER;
}

/* How the rows a box has for its items and its detail are shared: the
 * items first, but the detail keeps half the room when it needs it; the
 * first item shown, so that the highlighted one is among them. */
static void box_rows(int avail, int n, int ndetail, int hl, int *shown, int *detail_rows, int *top)
{
	int want = ndetail ? ndetail + 1 : 0; /* a blank line before the detail */
	if (avail < 1)
		avail = 1;
	*shown = n + want <= avail ? n : n < avail - (want < avail / 2 ? want : avail / 2) ? n
	         : avail - (want < avail / 2 ? want : avail / 2);
	if (*shown < 1)
		*shown = 1;
	*detail_rows = want < avail - *shown ? want : avail - *shown;
	*top = hl >= *shown ? hl - *shown + 1 : 0;
}

/* A box of text lines over the map, with one line highlighted; the title
 * (a question may be long) is wrapped to the box.  Lines that do not fit
 * scroll (a ^ or v on the border says more are there).  A detail (the
 * highlighted line's paragraph) goes under the lines in a box as wide as
 * the screen allows. */
static void draw_box(struct ui *ui, const char *title, const char *const *lines, int n, int hl,
                     const char *hint, const char *detail)
{
	struct ui_text t = { 0 }, hn = { 0 }, dt = { 0 };
	int w = 0, h, x, y, tw = ui_text_width(ui, title), inner, shown, drows, top, avail;
	const struct frame_chars *f = ui_frame(ui);
	if (hint && ui_text_width(ui, hint) > w)
		w = ui_text_width(ui, hint) < 64 ? ui_text_width(ui, hint) : 64;
	for (int i = 0; i < n; i++)
		if (ui_text_width(ui, lines[i]) > w)
			w = ui_text_width(ui, lines[i]);
	/* A long title widens the box up to a comfortable measure, then wraps. */
	w = (tw > w ? (tw < 64 ? tw : w > 64 ? w : 64) : w) + 4;
	if (detail || w > ui->cols - 2)
		w = ui->cols - 2 < 78 ? ui->cols - 2 : 78;
	inner = w - 4;
	ui_wrap(ui, title, inner, 0, ui_text_emit, &t);
	if (hint)
		ui_wrap(ui, hint, inner, 0, ui_text_emit, &hn);
	if (detail && *detail)
		ui_wrap(ui, detail, inner, 0, ui_text_emit, &dt);
	/* Border, title, blank, items, detail, hint, border. */
	avail = ui->rows - 2 - (t.n + 3 + hn.n);
	box_rows(avail, n, dt.n, hl, &shown, &drows, &top);
	h = t.n + shown + drows + 3 + hn.n;
	if (h > ui->rows - 2)
		h = ui->rows - 2;
	x = ((detail ? ui->cols : ui->map_w) - w) / 2;
	if (x < 0)
		x = 0;
	y = (ui->rows - h) / 2;
	if (y < 0)
		y = 0;
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
	for (int k = 0; k < t.n && 1 + k < h - 1; k++)
		ui_put_text(ui, y + 1 + k, x + 2, inner, t.lines[k], A_BOLD, 0);
	for (int i = 0; i < shown && top + i < n && y + 2 + t.n + i < y + h - 1 - hn.n; i++)
		ui_put_text(ui, y + 2 + t.n + i, x + 2, inner, lines[top + i], top + i == hl ? A_REVERSE : A_NORMAL,
		            0);
	if (top > 0)
		mvaddch(y + 2 + t.n, x + w - 1, '^');
	if (top + shown < n)
		mvaddch(y + 1 + t.n + shown, x + w - 1, 'v');
	for (int k = 0; k + 1 < drows && k < dt.n; k++)
		ui_put_text(ui, y + 3 + t.n + shown + k, x + 2, inner, dt.lines[k], A_NORMAL, 0);
	/* A detail cut short says so as the list does: its last line shown
	 * marked on the border (the menu's Tab shows it whole). */
	if (drows >= 2 && dt.n > drows - 1)
		mvaddch(y + 1 + t.n + shown + drows, x + w - 1, 'v');
	for (int k = 0; k < hn.n && h - 1 - hn.n + k > 0; k++)
		ui_put_text(ui, y + h - 1 - hn.n + k, x + 2, inner, hn.lines[k], A_DIM, 0);
	/* The terminal's cursor on the item highlighted (a screen reader
	 * reads the line it is on). */
	if (hl >= 0 && hl < n && y + 2 + t.n + hl < y + h - 1 - hn.n)
		move(y + 2 + t.n + hl, x + 2);
	ui_text_free(&t);
	ui_text_free(&hn);
	ui_text_free(&dt);
}

/* A menu; with map_keys the map's keys (pan, zoom, the log) work while
 * it waits, through ui->map_key; with details, the highlighted item's
 * shows under the list, and Tab shows it whole in the pager (the screen
 * may have room for a few of its lines only). */
static int menu_run(struct ui *ui, const char *title, const char *const *keys,
                    const char *const *labels, const char *const *details, int n, const char *hint,
                    bool map_keys)
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
			draw_box(ui, title, ptrs, n, hl, hint ? hint : "Esc: cancel",
			         details ? (details[hl] ? details[hl] : "") : NULL);
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
			if (keys[i][0] && keys[i][0] == ch && keys[i][1] == '\0')
				choice = i;
		if (choice >= 0)
			break;
		if (ch == '\t' && details && details[hl] && *details[hl]) {
			char *all = strdup(details[hl]);
			if (all)
				ui_pager(ui, labels[hl], &all, 1, 0);
			free(all);
		} else if (ch == KEY_UP || ch == 'k')
			hl = (hl + n - 1) % n;
		else if (ch == KEY_DOWN || ch == 'j')
			hl = (hl + 1) % n;
		else if (ui_is_enter(ch)) {
			choice = hl;
			break;
		} else if (map_keys && ui->map_key) {
			ui->map_key(ui, ch);
		}
	}
	free(lines);
	free(ptrs);
	return choice;
}

int ui_menu(struct ui *ui, const char *title, const char *const *keys,
            const char *const *labels, int n, const char *hint)
{
	return menu_run(ui, title, keys, labels, NULL, n, hint, false);
}

int ui_menu_map(struct ui *ui, const char *title, const char *const *keys,
                const char *const *labels, int n, const char *hint)
{
	return menu_run(ui, title, keys, labels, NULL, n, hint, true);
}

int ui_choose_detail(struct ui *ui, const char *title, const char *const *keys,
                     const char *const *labels, const char *const *details, int n, const char *hint)
{
	return menu_run(ui, title, keys, labels, details, n, hint, false);
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

/* What a line being edited is drawn over: the game's screen (the
 * default), or a pager page. */
struct backdrop {
	void (*draw)(struct ui *ui, void *ctx);
	void *ctx;
	int row; /* where the prompt goes; -1: the message line, -2: the last */
	const char *note; /* what was wrong with the last answer, or NULL */
};

static void game_backdrop(struct ui *ui, void *ctx)
{
	(void)ctx;
	ui_compose(ui);
}

/* Edit a line (Backspace, Ctrl-U, Up/Down through the history); false
 * on Esc.  The prompt and the text share the message line; a prompt too
 * long for that has the line to itself, and the text goes below it. */
static bool edit_line_over(struct ui *ui, const char *prompt, char *buf, size_t size,
                           bool (*allowed)(int ch), char hist[][256], int nhist,
                           const struct backdrop *bd)
{
	size_t len = strlen(buf);
	int h = nhist;
	for (;;) {
		int ch, x, y = bd->row >= 0 ? bd->row : bd->row == -1 ? ui->msg_y : ui->rows - 1;
		struct ui_text pl = { 0 };
		bd->draw(ui, bd->ctx);
		/* The prompt, wrapped over the two message rows if need be, the
		 * text after it; below, what was wrong or the keys. */
		ui_wrap(ui, prompt, ui->cols > 24 ? ui->cols - 12 : ui->cols, 2, ui_text_emit, &pl);
		if (pl.n > 1 && y + 1 < ui->rows) {
			move(y, 0);
			clrtoeol();
			ui_put_text(ui, y, 0, ui->cols, pl.lines[0], A_BOLD, 0);
			y++;
		}
		move(y, 0);
		clrtoeol();
		if (pl.n > 0)
			ui_put_text(ui, y, 0, ui->cols, pl.lines[pl.n > 1 ? 1 : 0], A_BOLD, 0);
		x = pl.n > 0 ? ui_text_width(ui, pl.lines[pl.n > 1 ? 1 : 0]) : 0;
		if (x + 12 > ui->cols)
			x = ui->cols - 12;
		if (pl.n > 1) {
			/* No row left below: a note goes over the status line. */
			if (bd->note && y >= 2) {
				move(y - 2, 0);
				clrtoeol();
				ui_put_text(ui, y - 2, 0, ui->cols, bd->note, A_BOLD, 0);
			}
		} else if (bd->row == -1 && y + 1 < ui->rows) {
			move(y + 1, 0);
			clrtoeol();
			if (bd->note)
				ui_put_text(ui, y + 1, 0, ui->cols, bd->note, A_BOLD, 0);
			else
				ui_put_text(ui, y + 1, 0, ui->cols, "Enter accepts  Esc cancels  Ctrl-U clears",
				            A_DIM, 0);
		}
		ui_text_free(&pl);
		ui_put_text(ui, y, x, ui->cols - x - 1, buf, A_NORMAL, 0);
		move(y, x + ui_text_width(ui, buf) < ui->cols ? x + ui_text_width(ui, buf) : ui->cols - 1);
		ui_show();
		ch = ui_getch(ui);
		if (ch == KEY_RESIZE)
			continue;
		if (ch == ESC)
			return false;
		if (ui_is_enter(ch))
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

/* Edit a line on the game's message line. */
static bool edit_line(struct ui *ui, const char *prompt, char *buf, size_t size,
                      bool (*allowed)(int ch), char hist[][256], int nhist)
{
	struct backdrop bd = { game_backdrop, NULL, -1, NULL };
	return edit_line_over(ui, prompt, buf, size, allowed, hist, nhist, &bd);
}

bool ui_ask_text(struct ui *ui, const char *question, char *buf, size_t size)
{
	return edit_line(ui, question, buf, size, NULL, NULL, 0) && buf[0];
}

static bool numeric_char(int ch)
{
	return isdigit(ch) || ch == '.' || ch == '-' || ch == '+';
}

/* Ask for a number, within lo..hi unless lo > hi; what is outside is
 * refused with a word, and asked again. */
static bool ask_number(struct ui *ui, const char *question, double dflt, double lo, double hi,
                       const char *unit, double *out)
{
	char buf[32], prompt[300], note[160];
	struct backdrop bd = { game_backdrop, NULL, -1, NULL };
	snprintf(buf, sizeof buf, "%g", dflt);
	snprintf(prompt, sizeof prompt, "%s ", question);
	for (;;) {
		char *end;
		double v;
		if (!edit_line_over(ui, prompt, buf, sizeof buf, numeric_char, NULL, 0, &bd))
			return false;
		v = strtod(buf, &end);
		if (end == buf || *end != '\0') {
			snprintf(note, sizeof note, "'%s' is not a number.", buf);
		} else if (lo <= hi && (v < lo - 1e-9 || v > hi + 1e-9)) {
			snprintf(note, sizeof note, "%g is out of range: from %g to %g%s%s.", v, lo, hi,
			         unit ? " " : "", unit ? unit : "");
		} else {
			*out = v;
			return true;
		}
		bd.note = note;
	}
}

bool ui_ask_number(struct ui *ui, const char *question, double dflt, double *out)
{
	return ask_number(ui, question, dflt, 1, 0, NULL, out);
}

bool ui_ask_range(struct ui *ui, const char *question, double lo, double hi, const char *unit,
                  double dflt, double *out)
{
	return ask_number(ui, question, dflt, lo, hi, unit, out);
}

/* ------------------------------------------------------------------ */
/* The pager: pages of lines, wrapped to the screen's width, scrolled with
 * the usual keys, searched with '/' (any case) and n/N; Tab turns the
 * page. */

struct pager {
	struct ui_page *pages;
	int cur;               /* picking: the line picked if Enter is pressed, or -1 */
	int npages, p;
	struct ui_text rows;   /* the page's lines wrapped */
	int *src;              /* the line each row comes from */
	int nsrc, cols;        /* what was wrapped, at which width */
	int wrapped_page;
	int top;               /* first row shown */
	int found;             /* the line found by the last search, or -1 */
	int cur_row;           /* the screen row of the line picked, or -1 */
	char note[160];        /* a word for the footer ("not found") */
};

struct wrap_ctx {
	struct pager *pg;
	int line;
};

static void pager_emit(void *ctx, const char *text)
{
	struct wrap_ctx *w = ctx;
	int *src = realloc(w->pg->src, (size_t)(w->pg->rows.n + 1) * sizeof *src);
	if (!src)
		return;
	w->pg->src = src;
	ui_text_add(&w->pg->rows, "%s", text);
	src[w->pg->rows.n - 1] = w->line;
}

/* Where a wrapped line goes on: under the second column of a line laid
 * out in two ("  m        move ..."), else a little right of its start. */
static int hanging_indent(const struct ui *ui, const char *line)
{
	int lead = (int)strspn(line, " ");
	const char *gap = strstr(line + lead, "  ");
	if (gap) {
		const char *col = gap + strspn(gap, " ");
		char head[256];
		int w;
		snprintf(head, sizeof head, "%.*s", (int)(col - line), line);
		w = ui_text_width(ui, head);
		if (*col && w < ui->cols / 2)
			return w;
	}
	return lead + 2 < ui->cols / 2 ? lead + 2 : 2;
}

/* Wrap the page at the screen's width (again after a resize), keeping the
 * line at the top where it was. */
static void pager_wrap(struct ui *ui, struct pager *pg)
{
	struct ui_page *page = &pg->pages[pg->p];
	int keep = pg->wrapped_page == pg->p && pg->top >= 0 && pg->top < pg->rows.n ? pg->src[pg->top] : -1;
	if (pg->wrapped_page == pg->p && pg->cols == ui->cols)
		return;
	ui_text_free(&pg->rows);
	free(pg->src);
	pg->src = NULL;
	for (int i = 0; i < page->n; i++) {
		struct wrap_ctx w = { pg, i };
		if (!page->lines[i][0])
			pager_emit(&w, "");
		else
			ui_wrap(ui, page->lines[i], ui->cols, hanging_indent(ui, page->lines[i]), pager_emit, &w);
	}
	pg->cols = ui->cols;
	pg->wrapped_page = pg->p;
	if (keep >= 0)
		for (int r = 0; r < pg->rows.n; r++)
			if (pg->src[r] == keep) {
				pg->top = r;
				break;
			}
}

/* The footer: where we are and the keys, as many as fit. */
static void pager_footer(const struct ui *ui, const struct pager *pg, int height, char *out,
                         size_t size)
{
	const char *items[] = { "q back", "/ search", "n/N next", "j/k PgUp/PgDn g/G scroll", "Tab next page" };
	int n = pg->rows.n;
	if (pg->pages[pg->p].tag) {
		items[0] = "q back";
		items[3] = "j/k choose, Enter go to it";
	}
	bool take[5] = { false };
	size_t used;
	snprintf(out, size, "%d-%d of %d", n ? pg->top + 1 : 0, pg->top + height < n ? pg->top + height : n, n);
	used = strlen(out);
	for (int i = 0; i < 5; i++) {
		size_t w = strlen(items[i]) + 3;
		if ((i == 4 && pg->npages < 2) || used + w > (size_t)ui->cols)
			continue;
		take[i] = true;
		used += w;
	}
	/* Shown in reading order: scrolling, searching, pages, leaving. */
	for (int k = 0; k < 5; k++) {
		static const int order[] = { 3, 1, 2, 4, 0 };
		if (take[order[k]])
			snprintf(out + strlen(out), size - strlen(out), "   %s", items[order[k]]);
	}
}

static void pager_draw(struct ui *ui, void *ctx)
{
	struct pager *pg = ctx;
	struct ui_page *page = &pg->pages[pg->p];
	int height = ui->rows - 2;
	char footer[256];
	pager_wrap(ui, pg);
	if (pg->top > pg->rows.n - height)
		pg->top = pg->rows.n - height;
	if (pg->top < 0)
		pg->top = 0;
	erase();
	pg->cur_row = -1;
	ui_put_text(ui, 0, 0, ui->cols, page->title, A_BOLD | A_REVERSE, 0);
	mvchgat(0, 0, -1, A_REVERSE, 0, NULL);
	for (int r = 0; r < height && pg->top + r < pg->rows.n; r++) {
		bool hl = pg->src[pg->top + r] == (pg->cur >= 0 ? pg->cur : pg->found);
		ui_put_text(ui, 1 + r, 0, ui->cols, pg->rows.lines[pg->top + r], hl ? A_REVERSE : A_NORMAL, 0);
		/* A screen reader follows the terminal's cursor: the line picked. */
		if (hl && pg->cur >= 0)
			pg->cur_row = 1 + r;
	}
	if (pg->note[0]) {
		ui_put_text(ui, ui->rows - 1, 0, ui->cols, pg->note, A_BOLD, 0);
	} else {
		pager_footer(ui, pg, height, footer, sizeof footer);
		ui_put_text(ui, ui->rows - 1, 0, ui->cols, footer, A_DIM, 0);
	}
	if (pg->cur_row >= 0)
		move(pg->cur_row, 0);
}

/* Picking: the next line that may be picked after (dir 1) or before
 * (-1) line from, or from itself when none; the top row follows it. */
static void pager_step(struct pager *pg, int from, int dir, int height)
{
	const struct ui_page *page = &pg->pages[pg->p];
	if (!page->tag)
		return;
	for (int i = from + dir; i >= 0 && i < page->n; i += dir)
		if (page->tag[i] >= 0) {
			pg->cur = i;
			break;
		}
	for (int r = 0; r < pg->rows.n; r++)
		if (pg->src[r] == pg->cur) {
			if (r < pg->top)
				pg->top = r;
			else if (r >= pg->top + height)
				pg->top = r - height + 1;
			break;
		}
}

/* The next line (dir 1) or the one before (-1) holding the text, in any
 * case; the top row follows it.  False if no line does. */
static bool pager_search(struct pager *pg, const char *what, int dir, int height)
{
	struct ui_page *page = &pg->pages[pg->p];
	int from = pg->found >= 0 ? pg->found
	           : pg->top >= 0 && pg->top < pg->rows.n ? pg->src[pg->top] - (dir > 0 ? 1 : 0) : 0;
	for (int k = 1; k <= page->n; k++) {
		int i = ((from + dir * k) % page->n + page->n) % page->n;
		if (strcasestr(page->lines[i], what)) {
			pg->found = i;
			for (int r = 0; r < pg->rows.n; r++)
				if (pg->src[r] == i) {
					pg->top = r > height / 2 ? r - height / 2 : 0;
					break;
				}
			return true;
		}
	}
	return false;
}

/* Pages to read; on a page whose lines have tags, the lines tagged >= 0
 * may be picked (j k and the arrows go from one to the next, Enter picks
 * one).  Returns the tag picked, or -1; *at: the page to start on, then
 * the page the pick was made on. */
static int pager_pages(struct ui *ui, struct ui_page *pages, int npages, int start_at_end, int *at)
{
	struct pager pg = { .pages = pages, .npages = npages, .found = -1, .wrapped_page = -1, .cur = -1,
	                    .p = at ? *at : 0 };
	char search[128] = "";
	int picked = -1;
	pager_wrap(ui, &pg);
	pg.top = start_at_end ? pg.rows.n : 0;
	pager_step(&pg, -1, 1, ui->rows - 2);
	for (;;) {
		int height = ui->rows - 2, ch;
		bool pick = pg.pages[pg.p].tag != NULL;
		pager_draw(ui, &pg);
		ui_show();
		ch = ui_getch(ui);
		pg.note[0] = '\0';
		switch (ch) {
		case 'q':
		case ESC:
		case '?':
			ui_text_free(&pg.rows);
			free(pg.src);
			if (at)
				*at = pg.p;
			return picked;
		case '\n':
		case '\r':
		case KEY_ENTER:
			if (pick && pg.cur >= 0) {
				picked = pg.pages[pg.p].tag[pg.cur];
				ui_text_free(&pg.rows);
				free(pg.src);
				if (at)
					*at = pg.p;
				return picked;
			}
			break;
		case 'j':
		case KEY_DOWN:
			if (pick)
				pager_step(&pg, pg.cur, 1, height);
			else
				pg.top++;
			break;
		case 'k':
		case KEY_UP:
			if (pick)
				pager_step(&pg, pg.cur, -1, height);
			else
				pg.top--;
			break;
		case ' ':
		case KEY_NPAGE:
			pg.top += height - 1;
			break;
		case 'b':
		case KEY_PPAGE:
			pg.top -= height - 1;
			break;
		case 'g':
		case KEY_HOME:
			pg.top = 0;
			break;
		case 'G':
		case KEY_END:
			pg.top = pg.rows.n;
			break;
		case '\t':
		case KEY_BTAB:
			pg.p = (pg.p + (ch == '\t' ? 1 : npages - 1)) % npages;
			pg.top = 0;
			pg.found = -1;
			pg.cur = -1;
			pager_wrap(ui, &pg);
			pager_step(&pg, -1, 1, height);
			break;
		case '/': {
			/* The prompt goes on the footer: the page stays in view. */
			struct backdrop bd = { pager_draw, &pg, -2, NULL };
			char what[128] = "";
			if (!edit_line_over(ui, "/", what, sizeof what, NULL, NULL, 0, &bd) || !what[0])
				break;
			snprintf(search, sizeof search, "%s", what);
			pg.found = -1;
			if (!pager_search(&pg, search, 1, height))
				snprintf(pg.note, sizeof pg.note, "'%s' not found", search);
			else if (pick && pg.pages[pg.p].tag[pg.found] >= 0)
				pg.cur = pg.found;
			break;
		}
		case 'n':
		case 'N':
			if (!search[0])
				snprintf(pg.note, sizeof pg.note, "Nothing to search for yet: / searches.");
			else if (!pager_search(&pg, search, ch == 'n' ? 1 : -1, height))
				snprintf(pg.note, sizeof pg.note, "'%s' not found", search);
			else if (pick && pg.pages[pg.p].tag[pg.found] >= 0)
				pg.cur = pg.found;
			break;
		default:
			break;
		}
	}
}

void ui_pager(struct ui *ui, const char *title, char **lines, int n, int start_at_end)
{
	struct ui_page pg = { title, lines, n, NULL };
	pager_pages(ui, &pg, 1, start_at_end, NULL);
}

int ui_pager_pick(struct ui *ui, struct ui_page *pages, int npages, int *at)
{
	return pager_pages(ui, pages, npages, 0, at);
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

static void key_line(struct ui *ui, struct ui_text *t, enum action a)
{
	char kb[16];
	ui_text_add(t, "  %-8s %s", ui_key(ui, a, kb), action_texts[a]);
}

/* Where the keys are changed: the options file read, or where it would
 * be. */
static void options_file_line(const struct ui *ui, struct ui_text *t)
{
	const char *path = ui->opt.path;
	switch (ui->opt.file) {
	case OPTIONS_READ:
		ui_text_add(t, "Keys (change them in %s):", path);
		break;
	case OPTIONS_MISSING:
		ui_text_add(t, "Keys (change them in %s, which does not exist yet):", path);
		break;
	case OPTIONS_REJECTED:
		ui_text_add(t, "Keys (the defaults: %s has errors; put it right to change them):", path);
		break;
	default:
		ui_text_add(t, "Keys (the defaults: with neither XDG_CONFIG_HOME nor HOME set there is "
		            "no options file):");
	}
}


void ui_help(struct ui *ui)
{
	struct ui_text keys = { 0 }, seq = { 0 }, legend = { 0 };
	struct ui_page pages[3];
	char zoom[48], sel[16], mv[16], next[16], hjkl[64], ss[16], mt[16];

	{
		char k1[16], k2[16], k3[16], k4[16];
		snprintf(zoom, sizeof zoom, "%s %s %s", ui_key(ui, ACT_ZOOM_IN, k1),
		         ui_key(ui, ACT_ZOOM_OUT, k2), ui_key(ui, ACT_ZOOM_FIT, k3));
		snprintf(hjkl, sizeof hjkl, "%s %s %s %s", ui_key(ui, ACT_LEFT, k1), ui_key(ui, ACT_DOWN, k2),
		         ui_key(ui, ACT_UP, k3), ui_key(ui, ACT_RIGHT, k4));
		ui_key(ui, ACT_SELECT, sel);
		ui_key(ui, ACT_MOVE, mv);
		ui_key(ui, ACT_NEXT, next);
		ui_key(ui, ACT_STOP_SHORT, ss);
		ui_key(ui, ACT_MOVETO, mt);
	}
	switch (ui->mode) {
	case MODE_MOVE:
		ui_text_add(&keys, "Moving a unit straight ahead:");
		ui_text_add(&keys, "  cursor keys  put the cursor where the unit should stop;");
		ui_text_add(&keys, "               the distance is measured along its facing");
		ui_text_add(&keys, "  digits       type the distance in cm;  Backspace takes one back");
		ui_text_add(&keys, "  %-12s as far as the unit may go", mv);
		ui_text_add(&keys, "  %-12s zoom in, out, the whole table", zoom);
		ui_text_add(&keys, "  Enter        give the order     Esc  cancel");
		ui_text_add(&keys, "  %-12s stop short, clear of ground where it could not fire or", ss);
		ui_text_add(&keys, "               charge (a stream, say), when the move would end in it");
		ui_text_add(&keys, "The blinking footprint shows where it would stop and the path it");
		ui_text_add(&keys, "sweeps; the message line gives the allowance used and what is");
		ui_text_add(&keys, "left, or says why it cannot go further.  Turning toward the");
		ui_text_add(&keys, "cursor and moving (%s): the cursor is where the unit should go;", mt);
		ui_text_add(&keys, "it faces it, then moves straight toward it as far as it may.");
		break;
	case MODE_PIVOT:
		ui_text_add(&keys, "Pivoting a unit about its centre:");
		ui_text_add(&keys, "  cursor keys  face toward the cursor");
		ui_text_add(&keys, "  < >          %d degrees left or right;  , .  %d degree", UI_TURN_STEP, UI_TURN_FINE);
		ui_text_add(&keys, "  Enter        give the order     Esc  cancel");
		ui_text_add(&keys, "Turning over %g degrees in an initiative forbids a charge in it",
		            rules_special.pivot_charge_limit);
		ui_text_add(&keys, "(and firing, for artillery).");
		break;
	case MODE_TARGET:
		ui_text_add(&keys, "Choosing a target:");
		ui_text_add(&keys, "  cursor keys  put the cursor on the enemy unit");
		ui_text_add(&keys, "  %-12s the next target the unit can charge or fire at;", next);
		ui_text_add(&keys, "               Shift-Tab the one before");
		ui_text_add(&keys, "  %-12s fire: aim at the cursor (a point of the target)", sel);
		ui_text_add(&keys, "  %-12s zoom in, out, the whole table", zoom);
		ui_text_add(&keys, "  Enter        give the order     Esc  cancel");
		ui_text_add(&keys, "A charge shows where it makes contact; a shot shows its zone of");
		ui_text_add(&keys, "fire, the range and the number of dice.  A target just beyond");
		ui_text_add(&keys, "the charge offers an extended charge with its odds: %dD6 at least", rules_dice.test);
		ui_text_add(&keys, "the unit's quality, then %dD6/%dD6/%dD6 cm (by type) to make up the",
		            rules_extend_dice[UT_LIGHT_CAV], rules_extend_dice[UT_MEDIUM_CAV], rules_extend_dice[UT_HEAVY_CAV]);
		ui_text_add(&keys, "distance; failing either leaves it disordered.  Enter asks first.");
		break;
	case MODE_CMOVE:
		ui_text_add(&keys, "Moving a command stand (%g cm, turning where it likes):", rules_command.stand_move);
		ui_text_add(&keys, "  cursor keys  choose the next point");
		ui_text_add(&keys, "  %-12s add the point to the way", sel);
		ui_text_add(&keys, "  Enter        end the way at the cursor     Esc  cancel");
		break;
	default:
		options_file_line(ui, &keys);
		for (int a = 0; a < ACT_COUNT; a++)
			key_line(ui, &keys, (enum action)a);
		ui_text_add(&keys, "  Enter    select (as %s);  Shift-Tab previous unit", sel);
		ui_text_add(&keys, "  arrows   move the cursor (as %s); Shift-arrows 8 cells", hjkl);
		ui_text_add(&keys, "In menus an item's key chooses it (or j k and Enter); in the pager");
		ui_text_add(&keys, "j k Space b g G scroll, / searches, n N find again, q leaves.");
		ui_text_add(&keys, "%s", "");
		ui_text_add(&keys, "Every order also has a ':' command; ':help' lists them.");
	}

	ui_text_add(&seq, "Each Turn (about half an hour):");
	ui_text_add(&seq, "  Both sides throw %dD6; the higher takes the initiative (ties again).",
	            rules_initiative.turn_dice);
	ui_text_add(&seq, "  The side with the initiative gives it to one of its brigades that");
	ui_text_add(&seq, "  has not had it this Turn (division artillery counts as a brigade),");
	ui_text_add(&seq, "  or manoeuvres a whole division none of whose brigades has had it.");
	ui_text_add(&seq, "%s", "");
	ui_text_add(&seq, "That brigade's initiative:");
	ui_text_add(&seq, "  1. Manoeuvre: its units, one at a time, change formation, turn, move");
	ui_text_add(&seq, "     or charge; the other side may react to what they do.");
	ui_text_add(&seq, "  2. Firing: its units fire, one at a time; targets may return fire.");
	ui_text_add(&seq, "  3. Hand-to-hand: every unit in contact with the enemy fights.");
	ui_text_add(&seq, "  4. Break-through: winners may rally or charge again.");
	ui_text_add(&seq, "%s", "");
	ui_text_add(&seq, "Then the side that had the initiative throws %dD6 against the other's",
	            rules_initiative.holder_dice);
	ui_text_add(&seq, "%dD6 for the next one.  When one side has no brigade left, the other",
	            rules_initiative.other_dice);
	ui_text_add(&seq, "uses its remaining brigades in turn.  When every brigade has had the");
	ui_text_add(&seq, "initiative, the Turn ends.  A side loses its blue and yellow markers");
	ui_text_add(&seq, "whenever it wins the initiative, and everybody at the end of a Turn.");
	ui_text_add(&seq, "%s", "");
	ui_text_add(&seq, "Command: a unit is in command within its division or corps");
	ui_text_add(&seq, "commander's radius (%g to %g cm by rating), cautious up to %g cm,",
	            rules_command_radius[CR_DREADFUL], rules_command_radius[CR_EXCELLENT], rules_command.cautious_limit);
	ui_text_add(&seq, "not in command beyond.  See grognard(6) for the whole game.");

	ui_legend(ui, &legend);
	pages[0] = (struct ui_page){ "Help: keys (Tab: the sequence of play, the map legend)", keys.lines, keys.n, NULL };
	pages[1] = (struct ui_page){ "Help: the sequence of play", seq.lines, seq.n, NULL };
	pages[2] = (struct ui_page){ "Help: the map legend", legend.lines, legend.n, NULL };
	pager_pages(ui, pages, 3, 0, NULL);
	ui_text_free(&keys);
	ui_text_free(&seq);
	ui_text_free(&legend);
}

/* Errors of the options file: the player sees them, with their file and
 * line, before anything else, and knows the defaults are in use. */
void ui_options_errors(struct ui *ui, const char *const *msgs, int n)
{
	const char *lines[64];
	int k = 0;
	if (ui->opt.file != OPTIONS_REJECTED)
		return;
	for (int i = 0; i < n && k < 60; i++)
		lines[k++] = msgs[i];
	lines[k++] = "";
	lines[k++] = "Every option has its default value (as if there were no options file) until "
	             "the file is put right; grognard(5) describes it.";
	ui_show_text(ui, "Errors in the options file: playing with the default options (q: go on)",
	             lines, k);
}

/* ------------------------------------------------------------------ */

static void text_from_buffer(struct ui_text *t, char *buf)
{
	char *save = NULL;
	for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		ui_text_add(t, "%s", line);
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
	/* The roster, and describe with no place given, are the front end's
	 * own pages (picking a unit, at the cursor). */
	{
		char wb[300], *w[4];
		int nw = cmd_split(line, wb, sizeof wb, w, 4), side;
		if (nw >= 1 && nw <= 2 && strcmp(w[0], "roster") == 0) {
			if (nw == 2 && (side = ENUM_LOOKUP(side_names, w[1])) < 0) {
				ui_flash(ui, true, "roster: '%s' is not a side (A or B)", w[1]);
				return false;
			}
			ui_roster(ui, nw == 2 ? side : -1);
			return false;
		}
		if (nw == 1 && strcmp(w[0], "describe") == 0) {
			ui_describe(ui);
			return false;
		}
	}
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
	                        .save = ui->hooks.save, .export_log = ui->hooks.export_log,
	                        .export_map = ui->hooks.export_map };
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
		struct ui_text t = { 0 };
		text_from_buffer(&t, outbuf);
		ui_pager(ui, line, t.lines, t.n, 0);
		ui_text_free(&t);
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
