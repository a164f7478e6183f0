/* SPDX-License-Identifier: GPL-3.0-or-later */
/* conf: the checked libconfig layer shared by every loader. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conf.h"
#include "paths.h"

int conf_line(const config_setting_t *s)
{
	int line = s ? (int)config_setting_source_line(s) : 0;
	/* The root group has no line of its own: a key missing there is
	 * blamed on the file's first line. */
	return line == 0 && s && config_setting_is_root(s) ? 1 : line;
}

void conf_error(struct conf *c, const config_setting_t *s, const char *ctx,
                const char *fmt, ...)
{
	char buf[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* Every setting comes from c->path: files may not @include others. */
	if (ctx && *ctx)
		diag_add(c->diag, c->path, conf_line(s), "%s: %s", ctx, buf);
	else
		diag_add(c->diag, c->path, conf_line(s), "%s", buf);
	c->errors++;
}

static void syntax_error(struct conf *c, config_t *cfg)
{
	const char *text = config_error_text(cfg);
	/* libconfig's parser says only "syntax error"; do not say it twice. */
	if (!text || strcmp(text, "syntax error") == 0)
		diag_add(c->diag, c->path, config_error_line(cfg), "syntax error");
	else
		diag_add(c->diag, c->path, config_error_line(cfg), "syntax error: %s", text);
	c->errors++;
}

/* ------------------------------------------------------------------ */
/* The text before libconfig reads it.  libconfig 1.5 (Debian bookworm's)
 * keeps only the low 32 bits of a whole number too big for them, without a
 * word ("men = 4294967745" reads as 449), and follows @include to any path,
 * stopping the whole program when it cannot read there.  Its API shows
 * neither the number as written nor a way to turn @include off, so the text
 * is scanned first as its scanner reads it (comments, strings, names,
 * numbers) and refused for either. */

/* Deeper nesting than any of the game's files has is refused at once. */
#define CONF_MAX_DEPTH 100

enum literal { LIT_NONE, LIT_INT, LIT_INT64, LIT_HEX, LIT_HEX64, LIT_FLOAT };

static const char *skip_digits(const char *p, const char *end, int (*is)(int))
{
	while (p < end && is((unsigned char)*p))
		p++;
	return p;
}

/* An exponent "e5", "E-3" at p, or p itself when there is none. */
static const char *skip_exponent(const char *p, const char *end)
{
	const char *e;
	if (p >= end || (*p != 'e' && *p != 'E'))
		return p;
	e = p + 1;
	if (e < end && (*e == '+' || *e == '-'))
		e++;
	return e < end && isdigit((unsigned char)*e) ? skip_digits(e, end, isdigit) : p;
}

/* The end of the number that starts at p, matched as libconfig's scanner
 * does (the longest of its float, integer and hex forms), and its kind. */
static const char *number_end(const char *p, const char *end, enum literal *kind)
{
	const char *q = p < end && (*p == '+' || *p == '-') ? p + 1 : p, *r;
	if (q == p && end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    isxdigit((unsigned char)p[2])) {
		r = skip_digits(p + 2, end, isxdigit);
		*kind = LIT_HEX;
	} else {
		r = skip_digits(q, end, isdigit);
		if (r < end && *r == '.') {
			*kind = LIT_FLOAT;
			return skip_exponent(skip_digits(r + 1, end, isdigit), end);
		}
		if (r == q) {
			*kind = LIT_NONE;
			return p;
		}
		if (skip_exponent(r, end) != r) {
			*kind = LIT_FLOAT;
			return skip_exponent(r, end);
		}
		*kind = LIT_INT;
	}
	if (r < end && *r == 'L') {
		*kind = *kind == LIT_HEX ? LIT_HEX64 : LIT_INT64;
		r += 1 + (r + 1 < end && r[1] == 'L');
	}
	return r;
}

/* Whether libconfig stores the number as written. */
static bool number_fits(const char *text, enum literal kind)
{
	long long v;
	unsigned long long u;
	errno = 0;
	switch (kind) {
	case LIT_INT:
	case LIT_INT64:
		v = strtoll(text, NULL, 10);
		return errno == 0 && (kind == LIT_INT64 || (v >= INT_MIN && v <= INT_MAX));
	case LIT_HEX:
	case LIT_HEX64:
		u = strtoull(text, NULL, 16);
		return errno == 0 && u <= (kind == LIT_HEX ? (unsigned long long)INT_MAX
		                                           : (unsigned long long)LLONG_MAX);
	case LIT_FLOAT:
		return isfinite(strtod(text, NULL));
	case LIT_NONE:
		break;
	}
	return true;
}

static void scan_number(struct conf *c, int line, const char *key, const char *p,
                        const char *end, enum literal kind)
{
	size_t len = (size_t)(end - p);
	char *text = malloc(len + 1);
	if (!text)
		return;
	memcpy(text, p, len);
	text[len] = '\0';
	if (!number_fits(text, kind)) {
		diag_add(c->diag, c->path, line, "%s%s%s%.40s%s is out of range (%s)",
		         *key ? "'" : "", key, *key ? "': " : "", text, len > 40 ? "..." : "",
		         kind == LIT_FLOAT ? "too large for any number"
		         : kind == LIT_INT64 || kind == LIT_HEX64
		                 ? "whole numbers marked L run from -9223372036854775808 to 9223372036854775807"
		                 : "whole numbers run from -2147483648 to 2147483647");
		c->errors++;
	}
	free(text);
}

static bool is_name_char(int ch)
{
	return isalnum(ch) || ch == '-' || ch == '_' || ch == '*';
}

/* Report what libconfig would misread; true when there is nothing. */
static bool scan_text(struct conf *c, const char *t, size_t len)
{
	const char *p = t, *end = t + len, *name = NULL;
	char key[64] = "";
	const char *nul = memchr(t, '\0', len);
	int line = 1, before = c->errors, depth = 0;
	bool line_start = true, too_deep = false;

	/* libconfig would read only up to it. */
	if (nul) {
		for (p = t; p < nul; p++)
			line += *p == '\n';
		diag_add(c->diag, c->path, line, "a NUL byte: this is not a text file");
		c->errors++;
		return false;
	}
	while (p < end) {
		unsigned char ch = (unsigned char)*p;
		bool at_start = line_start;
		enum literal kind;
		const char *q;
		if (ch == '\n')
			line++;
		line_start = ch == '\n' || (line_start && (ch == ' ' || ch == '\t'));
		if (isspace(ch)) {
			p++;
			continue;
		}
		if (ch == '#' || (ch == '/' && p + 1 < end && p[1] == '/')) {
			while (p < end && *p != '\n')
				p++;
		} else if (ch == '/' && p + 1 < end && p[1] == '*') {
			for (p += 2; p < end && !(*p == '*' && p + 1 < end && p[1] == '/'); p++)
				line += *p == '\n';
			p = p < end ? p + 2 : end;
		} else if (ch == '"') {
			for (p++; p < end && *p != '"'; p++) {
				if (*p == '\\' && p + 1 < end && (p[1] == '"' || p[1] == '\\'))
					p++;
				line += *p == '\n';
			}
			p = p < end ? p + 1 : end;
			name = NULL;
		} else if (ch == '@' && at_start && end - p > 8 && strncmp(p, "@include", 8) == 0 &&
		           (p[8] == ' ' || p[8] == '\t')) {
			diag_add(c->diag, c->path, line, "@include is not supported: each file stands "
			         "alone (a map names its orbats with 'orbat')");
			c->errors++;
			while (p < end && *p != '\n')
				p++;
		} else if (isalpha(ch) || ch == '*') {
			for (name = p; p < end && is_name_char((unsigned char)*p); p++)
				;
			snprintf(key, sizeof key, "%.*s", (int)(p - name), name);
			continue; /* a name stays the key only if '=' or ':' follows */
		} else if ((q = number_end(p, end, &kind)) != p) {
			scan_number(c, line, key, p, q, kind);
			p = q;
		} else {
			/* libconfig's parser runs out of stack on deep nesting and says
			 * only "memory exhausted": say what is wrong, once. */
			if (ch == '{' || ch == '(' || ch == '[') {
				if (++depth > CONF_MAX_DEPTH && !too_deep) {
					diag_add(c->diag, c->path, line, "groups and lists nested more than %d deep "
					         "(no grognard file needs more than a dozen)", CONF_MAX_DEPTH);
					c->errors++;
					too_deep = true;
				}
			} else if (ch == '}' || ch == ')' || ch == ']') {
				depth--;
			}
			p++;
		}
		if (ch != '=' && ch != ':' && name)
			key[0] = '\0';
		name = NULL;
	}
	return c->errors == before;
}

/* The whole of an open file, NUL-terminated, or NULL. */
char *conf_read_all(FILE *f, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0, n = 0;
	for (;;) {
		size_t got;
		if (n + 4096 + 1 > cap) {
			char *p = realloc(buf, cap = 2 * cap + 8192);
			if (!p) {
				free(buf);
				return NULL;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

static bool parse_text(struct conf *c, config_t *cfg, const char *text, size_t len)
{
	if (c->sum)
		*c->sum = conf_checksum_add(*c->sum, text, len);
	if (!scan_text(c, text, len))
		return false;
	config_set_auto_convert(cfg, 1);
	if (config_read_string(cfg, text) != CONFIG_TRUE) {
		syntax_error(c, cfg);
		return false;
	}
	return true;
}

uint64_t conf_checksum_add(uint64_t h, const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)text[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

char *conf_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	if (!f)
		return NULL;
	buf = conf_read_all(f, len);
	fclose(f);
	return buf;
}

bool conf_read_file(struct conf *c, config_t *cfg, const char *path)
{
	FILE *f;
	struct stat st;
	char *text;
	size_t len;
	int bad;
	bool ok;
	/* Looked at before it is opened: opening a FIFO would wait for a
	 * writer, reading a device would never end. */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		diag_add(c->diag, c->path, 0, "%s, not a file", paths_odd_kind(path));
		c->errors++;
		return false;
	}
	f = fopen(path, "r");
	if (!f) {
		diag_add(c->diag, c->path, 0, "cannot open: %s", strerror(errno));
		c->errors++;
		return false;
	}
	/* Only regular files: reading a directory fails late and oddly. */
	bad = fstat(fileno(f), &st) != 0 ? errno
	          : S_ISDIR(st.st_mode) ? EISDIR : !S_ISREG(st.st_mode) ? EINVAL : 0;
	text = bad ? NULL : conf_read_all(f, &len);
	if (!bad && !text)
		bad = errno ? errno : EIO;
	fclose(f);
	if (bad) {
		diag_add(c->diag, c->path, 0, "cannot read: %s", strerror(bad));
		c->errors++;
		return false;
	}
	ok = parse_text(c, cfg, text, len);
	free(text);
	return ok;
}

bool conf_read_string(struct conf *c, config_t *cfg, const char *text)
{
	return parse_text(c, cfg, text, strlen(text));
}

void conf_known_keys(struct conf *c, const config_setting_t *group,
                     const char *ctx, const char *const *keys)
{
	int n = config_setting_length(group);
	for (int i = 0; i < n; i++) {
		const config_setting_t *m = config_setting_get_elem(group, (unsigned)i);
		const char *name = config_setting_name(m);
		bool known = false;
		char list[512];
		size_t len = 0;
		if (!name)
			continue;
		for (const char *const *k = keys; *k; k++)
			if (strcmp(*k, name) == 0)
				known = true;
		if (known)
			continue;
		list[0] = '\0';
		for (const char *const *k = keys; *k && len < sizeof list; k++)
			len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
			                        len ? ", " : "", *k);
		conf_error(c, m, ctx, "unknown key '%s' (expected one of: %s)", name, list);
	}
}

bool conf_is_group(struct conf *c, const config_setting_t *s, const char *ctx,
                   const char *what)
{
	if (config_setting_is_group(s))
		return true;
	conf_error(c, s, ctx, "%s must be a group { ... }", what);
	return false;
}

static const char *type_name(int type)
{
	switch (type) {
	case CONFIG_TYPE_GROUP:
		return "a group";
	case CONFIG_TYPE_INT:
	case CONFIG_TYPE_INT64:
		return "an integer";
	case CONFIG_TYPE_FLOAT:
		return "a decimal number";
	case CONFIG_TYPE_STRING:
		return "a string";
	case CONFIG_TYPE_BOOL:
		return "true or false";
	case CONFIG_TYPE_ARRAY:
		return "an array [ ... ]";
	case CONFIG_TYPE_LIST:
		return "a list ( ... )";
	}
	return "something else";
}

static const config_setting_t *member(const config_setting_t *g, const char *key)
{
	return config_setting_get_member(g, key);
}

bool conf_string(struct conf *c, const config_setting_t *g, const char *key,
                 const char *ctx, bool required, char *out, size_t size)
{
	const config_setting_t *s = member(g, key);
	const char *v;
	if (!s) {
		if (required)
			conf_error(c, g, ctx, "missing '%s'", key);
		return false;
	}
	if (config_setting_type(s) != CONFIG_TYPE_STRING) {
		conf_error(c, s, ctx, "'%s' must be a string, not %s", key,
		           type_name(config_setting_type(s)));
		return false;
	}
	v = config_setting_get_string(s);
	if (strlen(v) >= size) {
		conf_error(c, s, ctx, "'%s' is longer than %zu bytes", key, size - 1);
		return false;
	}
	if (!*v) {
		conf_error(c, s, ctx, "'%s' is empty", key);
		return false;
	}
	snprintf(out, size, "%s", v);
	return true;
}

static bool number_of(const config_setting_t *s, double *v)
{
	switch (config_setting_type(s)) {
	case CONFIG_TYPE_INT:
		*v = config_setting_get_int(s);
		return true;
	case CONFIG_TYPE_INT64:
		*v = (double)config_setting_get_int64(s);
		return true;
	case CONFIG_TYPE_FLOAT:
		*v = config_setting_get_float(s);
		return isfinite(*v);
	}
	return false;
}

bool conf_number(struct conf *c, const config_setting_t *g, const char *key,
                 const char *ctx, bool required, double lo, double hi,
                 double *out)
{
	const config_setting_t *s = member(g, key);
	double v;
	if (!s) {
		if (required)
			conf_error(c, g, ctx, "missing '%s'", key);
		return false;
	}
	if (!number_of(s, &v)) {
		conf_error(c, s, ctx, "'%s' must be a number, not %s", key,
		           type_name(config_setting_type(s)));
		return false;
	}
	if (v < lo || v > hi) {
		conf_error(c, s, ctx, "'%s' is %g; it must be from %g to %g", key, v, lo, hi);
		return false;
	}
	*out = v;
	return true;
}

bool conf_int(struct conf *c, const config_setting_t *g, const char *key,
              const char *ctx, bool required, int lo, int hi, int *out)
{
	const config_setting_t *s = member(g, key);
	long long v;
	if (!s) {
		if (required)
			conf_error(c, g, ctx, "missing '%s'", key);
		return false;
	}
	if (config_setting_type(s) == CONFIG_TYPE_INT)
		v = config_setting_get_int(s);
	else if (config_setting_type(s) == CONFIG_TYPE_INT64)
		v = config_setting_get_int64(s);
	else {
		conf_error(c, s, ctx, "'%s' must be a whole number, not %s", key,
		           type_name(config_setting_type(s)));
		return false;
	}
	if (v < lo || v > hi) {
		conf_error(c, s, ctx, "'%s' is %lld; it must be from %d to %d", key, v, lo, hi);
		return false;
	}
	*out = (int)v;
	return true;
}

bool conf_bool(struct conf *c, const config_setting_t *g, const char *key,
               const char *ctx, bool *out)
{
	const config_setting_t *s = member(g, key);
	if (!s)
		return false;
	if (config_setting_type(s) != CONFIG_TYPE_BOOL) {
		conf_error(c, s, ctx, "'%s' must be true or false, not %s", key,
		           type_name(config_setting_type(s)));
		return false;
	}
	*out = config_setting_get_bool(s);
	return true;
}

bool conf_enum(struct conf *c, const config_setting_t *g, const char *key,
               const char *ctx, bool required, const struct enum_name *t,
               int n, const int *skip, int *out)
{
	char word[64], list[512];
	int v;
	if (!conf_string(c, g, key, ctx, required, word, sizeof word))
		return false;
	v = enum_lookup(t, n, word);
	for (const int *k = skip; v >= 0 && k && *k >= 0; k++)
		if (*k == v)
			v = -1;
	if (v < 0) {
		conf_error(c, member(g, key), ctx, "%s '%s' is not one of: %s", key, word,
		           enum_keys(t, n, skip, list, sizeof list));
		return false;
	}
	*out = v;
	return true;
}

static bool point_of(struct conf *c, const config_setting_t *p, const char *ctx,
                     const char *key, int i, struct vec2 *out)
{
	double x, y;
	if ((config_setting_type(p) != CONFIG_TYPE_ARRAY &&
	     config_setting_type(p) != CONFIG_TYPE_LIST) ||
	    config_setting_length(p) != 2 ||
	    !number_of(config_setting_get_elem(p, 0), &x) ||
	    !number_of(config_setting_get_elem(p, 1), &y)) {
		conf_error(c, p, ctx, "point %d of '%s' must be [x, y] in cm", i + 1, key);
		return false;
	}
	*out = v2(x, y);
	return true;
}

bool conf_points(struct conf *c, const config_setting_t *g, const char *key,
                 const char *ctx, int min, struct vec2 **out, int *n)
{
	const config_setting_t *s = member(g, key);
	int len;
	struct vec2 *pts;
	bool ok = true;
	if (!s) {
		conf_error(c, g, ctx, "missing '%s'", key);
		return false;
	}
	if (config_setting_type(s) != CONFIG_TYPE_LIST) {
		conf_error(c, s, ctx, "'%s' must be a list of points ( [x, y], [x, y], ... )", key);
		return false;
	}
	len = config_setting_length(s);
	if (len < min) {
		conf_error(c, s, ctx, "'%s' needs at least %d points, not %d", key, min, len);
		return false;
	}
	pts = calloc((size_t)len, sizeof *pts);
	if (!pts) {
		conf_error(c, s, ctx, "out of memory");
		return false;
	}
	for (int i = 0; i < len; i++)
		ok = point_of(c, config_setting_get_elem(s, (unsigned)i), ctx, key, i, &pts[i]) && ok;
	if (!ok) {
		free(pts);
		return false;
	}
	*out = pts;
	*n = len;
	return true;
}

bool conf_id(struct conf *c, const config_setting_t *g, const char *key,
             const char *ctx, bool required, char *out, size_t size)
{
	if (!conf_string(c, g, key, ctx, required, out, size))
		return false;
	for (const char *p = out; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-' && *p != '.') {
			conf_error(c, member(g, key), ctx,
			           "'%s' may hold only letters, digits, '_', '-' and '.' (found '%c')",
			           out, *p);
			return false;
		}
	}
	return true;
}
