/* diag: collecting load errors so that one pass reports them all. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

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
	d->msg[d->n] = strdup(buf);
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
