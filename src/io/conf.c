/* conf: the checked libconfig layer shared by every loader. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conf.h"

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
	const char *file = s ? config_setting_source_file(s) : NULL;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	/* Settings from the file itself carry our path; only @included files
	 * carry their own. */
	if (!file || !*file)
		file = c->path;
	if (ctx && *ctx)
		diag_add(c->diag, file, conf_line(s), "%s: %s", ctx, buf);
	else
		diag_add(c->diag, file, conf_line(s), "%s", buf);
	c->errors++;
}

static void syntax_error(struct conf *c, config_t *cfg)
{
	const char *file = config_error_file(cfg);
	const char *text = config_error_text(cfg);
	/* libconfig's parser says only "syntax error"; do not say it twice. */
	if (!text || strcmp(text, "syntax error") == 0)
		diag_add(c->diag, file ? file : c->path, config_error_line(cfg), "syntax error");
	else
		diag_add(c->diag, file ? file : c->path, config_error_line(cfg),
		         "syntax error: %s", text);
	c->errors++;
}

static void setup(config_t *cfg, const char *path)
{
	char dir[1024];
	const char *slash = strrchr(path, '/');
	config_set_auto_convert(cfg, 1);
	if (slash && (size_t)(slash - path) < sizeof dir) {
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
		config_set_include_dir(cfg, dir);
	}
}

uint64_t conf_checksum(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)text[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

char *conf_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;
	if (!f)
		return NULL;
	for (;;) {
		size_t got;
		if (n + 4096 + 1 > cap) {
			char *p = realloc(buf, cap = 2 * cap + 8192);
			if (!p) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

bool conf_read_file(struct conf *c, config_t *cfg, const char *path)
{
	FILE *f = fopen(path, "r");
	struct stat st;
	int bad;
	if (!f) {
		diag_add(c->diag, c->path, 0, "cannot open: %s", strerror(errno));
		c->errors++;
		return false;
	}
	/* libconfig's scanner exits the program when a read fails (as it does
	 * on a directory): read only regular files. */
	bad = fstat(fileno(f), &st) != 0 ? errno
	          : S_ISDIR(st.st_mode) ? EISDIR : !S_ISREG(st.st_mode) ? EINVAL : 0;
	if (bad) {
		diag_add(c->diag, c->path, 0, "cannot read: %s", strerror(bad));
		fclose(f);
		c->errors++;
		return false;
	}
	setup(cfg, path);
	if (config_read(cfg, f) != CONFIG_TRUE) {
		fclose(f);
		syntax_error(c, cfg);
		return false;
	}
	fclose(f);
	return true;
}

bool conf_read_string(struct conf *c, config_t *cfg, const char *text)
{
	setup(cfg, c->path);
	if (config_read_string(cfg, text) != CONFIG_TRUE) {
		syntax_error(c, cfg);
		return false;
	}
	return true;
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
