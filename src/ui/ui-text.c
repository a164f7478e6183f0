/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-text: text on the screen: display widths, the plain-ASCII fallback,
 * wrapping, growing arrays of lines, the message line and each side's
 * look. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-int.h"

/* UTF-8 to plain ASCII for terminals that cannot show it: accented
 * letters lose their accents, anything else becomes '?'. */
static void to_ascii(const char *in, char *out, size_t size)
{
	static const char *const from[] = { "à", "á", "â", "ä", "ç", "è", "é", "ê", "ë", "ì", "í", "î", "ï",
	                                    "ò", "ó", "ô", "ö", "ù", "ú", "û", "ü", "ß", "É", "È", "Ö",
	                                    "Ü", "Ä", "–", "—", "’" };
	static const char *const to[] = { "a", "a", "a", "a", "c", "e", "e", "e", "e", "i", "i", "i", "i",
	                                  "o", "o", "o", "o", "u", "u", "u", "u", "ss", "E", "E", "O",
	                                  "U", "A", "-", "-", "'" };
	size_t o = 0;
	while (*in && o + 3 < size) {
		unsigned char c = (unsigned char)*in;
		if (c < 0x80) {
			out[o++] = *in++;
			continue;
		}
		{
			bool done = false;
			for (size_t k = 0; k < sizeof from / sizeof from[0]; k++) {
				size_t len = strlen(from[k]);
				if (strncmp(in, from[k], len) == 0) {
					for (const char *t = to[k]; *t && o + 1 < size; t++)
						out[o++] = *t;
					in += len;
					done = true;
					break;
				}
			}
			if (done)
				continue;
		}
		out[o++] = '?';
		in++;
		while ((*in & 0xc0) == 0x80)
			in++;
	}
	out[o] = '\0';
}

int ui_text_width(const struct ui *ui, const char *text)
{
	if (ui->utf8) {
		wchar_t w[512];
		size_t n = mbstowcs(w, text, 511);
		if (n != (size_t)-1) {
			int width = wcswidth(w, n);
			return width >= 0 ? width : (int)n;
		}
	}
	{
		char a[512];
		to_ascii(text, a, sizeof a);
		return (int)strlen(a);
	}
}

void ui_put_text(struct ui *ui, int y, int x, int width, const char *text, attr_t attr, int pair)
{
	if (width <= 0 || y < 0 || y >= ui->rows)
		return;
	attr_set(attr, (short)(ui->colour ? pair : 0), NULL);
	if (ui->utf8) {
		wchar_t w[512];
		size_t n = mbstowcs(w, text, 511);
		if (n != (size_t)-1) {
			int used = 0;
			size_t k = 0;
			for (; k < n; k++) {
				int cw = wcwidth(w[k]);
				if (cw < 0)
					cw = 1;
				if (used + cw > width)
					break;
				used += cw;
			}
			mvaddnwstr(y, x, w, (int)k);
			attr_set(A_NORMAL, 0, NULL);
			return;
		}
	}
	{
		char a[512];
		to_ascii(text, a, sizeof a);
		mvaddnstr(y, x, a, width);
	}
	attr_set(A_NORMAL, 0, NULL);
}

/* Break text into lines of at most width display columns, at spaces
 * where it can (a word longer than the line is cut); the lines after the
 * first begin with indent spaces.  Each line goes to emit; returns how
 * many there were.  Without UTF-8 the text is made plain ASCII first, so
 * the widths are those that will be shown. */
int ui_wrap(const struct ui *ui, const char *text, int width, int indent,
            void (*emit)(void *ctx, const char *line), void *ctx)
{
	size_t len = strlen(text);
	char *plain = NULL, *line;
	const char *p;
	int n = 0;
	if (indent >= width)
		indent = 0;
	if (width < 1)
		width = 1;
	if (!ui->utf8) {
		plain = malloc(2 * len + 4);
		if (!plain)
			return 0;
		to_ascii(text, plain, 2 * len + 4);
		text = plain;
		len = strlen(text);
	}
	line = malloc(len + (size_t)indent + 2);
	if (!line) {
		free(plain);
		return 0;
	}
	p = text;
	do {
		const char *q = p, *brk = NULL;
		int w = n ? indent : 0, room = width;
		mbstate_t st;
		memset(&st, 0, sizeof st);
		/* Find the last space that leaves the line within the width. */
		while (*q) {
			wchar_t wc;
			size_t clen = mbrtowc(&wc, q, strlen(q), &st);
			int cw = 1;
			if (clen == (size_t)-1 || clen == (size_t)-2 || clen == 0) {
				clen = 1;
				memset(&st, 0, sizeof st);
			} else if (ui->utf8 && (cw = wcwidth(wc)) < 0) {
				cw = 1;
			}
			if (w + cw > room)
				break;
			if (*q == ' ')
				brk = q;
			w += cw;
			q += clen;
		}
		if (!*q || !brk || brk == p)
			brk = q;
		if (brk == p && *p) /* not even one character fits: take one */
			brk = p + 1;
		snprintf(line, len + (size_t)indent + 2, "%*s%.*s", n ? indent : 0, "", (int)(brk - p), p);
		emit(ctx, line);
		n++;
		p = brk;
		while (*p == ' ')
			p++;
	} while (*p);
	free(line);
	free(plain);
	return n;
}

void ui_text_add(struct ui_text *t, const char *fmt, ...)
{
	va_list ap;
	int len;
	char *line, **p;
	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0 || !(line = malloc((size_t)len + 1)))
		return;
	va_start(ap, fmt);
	vsnprintf(line, (size_t)len + 1, fmt, ap);
	va_end(ap);
	p = realloc(t->lines, (size_t)(t->n + 1) * sizeof *p);
	if (!p) {
		free(line);
		return;
	}
	t->lines = p;
	t->lines[t->n++] = line;
}

void ui_text_emit(void *ctx, const char *line)
{
	ui_text_add(ctx, "%s", line);
}

void ui_text_free(struct ui_text *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	*t = (struct ui_text){ 0 };
}

void ui_flash(struct ui *ui, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->msg_error = error;
}

attr_t ui_side_attr(const struct ui *ui, int side, int *pair)
{
	*pair = side == SIDE_A ? CP_SIDE_A : CP_SIDE_B;
	/* Without colour, side A is bold and upper case, side B lower case. */
	return ui->colour ? A_BOLD : (side == SIDE_A ? A_BOLD : A_NORMAL);
}
