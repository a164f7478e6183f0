/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diag: collecting load errors so that one pass reports them all. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "engine/text.h"

/* Non-printing characters from a file (a newline or an escape sequence
 * inside a quoted value, a C1 control, broken UTF-8) are shown as
 * escapes (text_escape_at), so that every message stays one line and
 * cannot work the terminal; other UTF-8 text is kept. */
static char *escaped(const char *s)
{
	char *out = malloc(6 * strlen(s) + 1), *o = out;
	const unsigned char *p = (const unsigned char *)s;
	if (!out)
		return NULL;
	while (*p) {
		char esc[8];
		int n = text_escape_at(p, false, esc);
		if (*esc) {
			size_t k = strlen(esc);
			memcpy(o, esc, k);
			o += k;
		} else {
			memcpy(o, p, (size_t)n);
			o += n;
		}
		p += n;
	}
	*o = '\0';
	return out;
}

void diag_add(struct diag *d, const char *path, int line, const char *fmt, ...)
{
	char buf[1024];
	int len;
	char **p;
	va_list ap;

	if (line > 0)
		len = snprintf(buf, sizeof buf, "%s:%d: ", path, line);
	else
		len = snprintf(buf, sizeof buf, "%s: ", path);
	if (len < 0 || (size_t)len >= sizeof buf)
		len = 0;
	va_start(ap, fmt);
	vsnprintf(buf + len, sizeof buf - (size_t)len, fmt, ap);
	va_end(ap);
	p = realloc(d->msg, (size_t)(d->n + 1) * sizeof *p);
	if (!p)
		return;
	d->msg = p;
	d->msg[d->n] = escaped(buf);
	if (d->msg[d->n])
		d->n++;
}

void diag_print(const struct diag *d, FILE *out)
{
	for (int i = 0; i < d->n; i++)
		fprintf(out, "%s\n", d->msg[i]);
}

void diag_free(struct diag *d)
{
	for (int i = 0; i < d->n; i++)
		free(d->msg[i]);
	free(d->msg);
	d->msg = NULL;
	d->n = 0;
}
