/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diag: collecting load errors so that one pass reports them all. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* Non-printing characters from a file (a newline or an escape sequence
 * inside a quoted value) are shown as C escapes, so that every message
 * stays one line and cannot work the terminal.  C1 controls (U+0080 to
 * U+009F) are caught in their UTF-8 form too, as \uXXXX; other UTF-8
 * text is kept. */
static char *escaped(const char *s)
{
	char *out = malloc(4 * strlen(s) + 1), *o = out;
	if (!out)
		return NULL;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		const char *named = *p == '\n' ? "\\n" : *p == '\t' ? "\\t" : *p == '\r' ? "\\r" : NULL;
		if (named) {
			memcpy(o, named, 2);
			o += 2;
		} else if (*p < 0x20 || *p == 0x7f) {
			o += sprintf(o, "\\x%02x", *p);
		} else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			o += sprintf(o, "\\u%04x", p[1]);
			p++;
		} else {
			*o++ = (char)*p;
		}
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
