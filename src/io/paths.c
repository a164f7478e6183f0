/* SPDX-License-Identifier: GPL-3.0-or-later */
/* paths: finding maps and orbats (the player's, installed, or the source
 * tree's) and the player's XDG directories. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/grognard"
#endif

static char datadir[PATH_MAX];

bool paths_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

void paths_set_datadir(const char *dir)
{
	snprintf(datadir, sizeof datadir, "%s", dir);
}

/* Running from a build tree: 'make' wrote the marker beside the program,
 * holding the source tree's path.  An installed program has none, so a
 * maps/ folder that happens to lie near it changes nothing. */
static bool from_build_tree(char *out, size_t size)
{
	char exe[PATH_MAX], marker[PATH_MAX + 32], line[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;
	FILE *f;
	bool ok;
	if (n <= 0)
		return false;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return false;
	*slash = '\0';
	snprintf(marker, sizeof marker, "%s/%s", exe, PATHS_TREE_MARKER);
	if (!paths_exists(marker) || !(f = fopen(marker, "r")))
		return false;
	ok = fgets(line, sizeof line, f) != NULL;
	fclose(f);
	if (!ok)
		return false;
	line[strcspn(line, "\n")] = '\0';
	if (line[0] != '/' || strlen(line) >= size)
		return false;
	snprintf(out, size, "%s", line);
	return true;
}

const char *paths_datadir(void)
{
	const char *env;
	if (*datadir)
		return datadir;
	env = getenv("GROGNARD_DATADIR");
	if (env && *env)
		snprintf(datadir, sizeof datadir, "%s", env);
	else if (!from_build_tree(datadir, sizeof datadir))
		snprintf(datadir, sizeof datadir, "%s", PKGDATADIR);
	return datadir;
}

bool paths_user_dir(const char *var, const char *fallback, char *out, size_t size, char *why,
                    size_t wsize)
{
	const char *xdg = getenv(var), *home = getenv("HOME");
	int n;
	if (xdg && xdg[0] == '/')
		n = snprintf(out, size, "%s/grognard", xdg);
	else if (home && *home)
		n = snprintf(out, size, "%s/%s/grognard", home, fallback);
	else {
		snprintf(why, wsize, "neither %s (an absolute path) nor HOME is set", var);
		return false;
	}
	if (n < 0 || (size_t)n >= size) {
		snprintf(why, wsize, "the path under %s is too long", xdg && xdg[0] == '/' ? var : "HOME");
		return false;
	}
	return true;
}

bool paths_make_dirs(const char *path, char *why, size_t wsize)
{
	char buf[PATH_MAX];
	struct stat st;
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		snprintf(why, wsize, "the path %s is too long", path);
		return false;
	}
	/* Each prefix ending at a '/', then the whole path. */
	for (char *p = buf + 1;; p++) {
		char c = *p;
		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (stat(buf, &st) == 0) {
			if (!S_ISDIR(st.st_mode)) {
				snprintf(why, wsize, "cannot create %s: %s", buf, strerror(ENOTDIR));
				return false;
			}
		} else if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
			snprintf(why, wsize, "cannot create %s: %s", buf, strerror(errno));
			return false;
		}
		*p = c;
		if (c == '\0')
			return true;
	}
}

const char *paths_odd_kind(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || S_ISREG(st.st_mode))
		return NULL;
	return S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a FIFO"
	       : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" : S_ISSOCK(st.st_mode) ? "a socket"
	       : "not a regular file";
}

/* The first path tried that is there but not a regular file, for saying
 * why nothing was found. */
static char odd[PATH_MAX];

/* out = dir/name (name alone when dir is NULL), if that file exists. */
static bool try_path(char *out, size_t size, const char *dir, const char *name)
{
	int n = dir ? snprintf(out, size, "%s/%s", dir, name) : snprintf(out, size, "%s", name);
	if (n <= 0 || (size_t)n >= size)
		return false;
	if (paths_exists(out))
		return true;
	if (!*odd && paths_odd_kind(out))
		snprintf(odd, sizeof odd, "%s", out);
	return false;
}

const char *paths_last_odd(void)
{
	return *odd ? odd : NULL;
}

/* The player's SUB folder under $XDG_DATA_HOME/grognard, if there is a
 * home for it. */
static bool user_data(const char *sub, char *out, size_t size)
{
	char dir[PATH_MAX], why[200];
	return paths_user_dir("XDG_DATA_HOME", ".local/share", dir, sizeof dir, why, sizeof why) &&
	       snprintf(out, size, "%s/%s", dir, sub) < (int)size;
}

/* name, or name.cfg, in dir. */
static bool try_map(char *out, size_t size, const char *dir, const char *name)
{
	char withext[PATH_MAX];
	snprintf(withext, sizeof withext, "%s.cfg", name);
	return try_path(out, size, dir, name) || try_path(out, size, dir, withext);
}

bool paths_find_scenario(const char *name, char *out, size_t size)
{
	char mine[PATH_MAX], maps[PATH_MAX + 8];
	*odd = '\0';
	if (try_path(out, size, NULL, name))
		return true;
	if (strchr(name, '/'))
		return false;
	if (user_data("maps", mine, sizeof mine) && try_map(out, size, mine, name))
		return true;
	snprintf(maps, sizeof maps, "%s/maps", paths_datadir());
	return try_map(out, size, maps, name);
}

/* The directory a file is in ("." for a bare name); false for a bare
 * name. */
static bool dir_of(const char *path, char dir[PATH_MAX])
{
	const char *slash = strrchr(path, '/');
	if (slash && slash - path < PATH_MAX) {
		memcpy(dir, path, (size_t)(slash - path));
		dir[slash - path] = '\0';
		return true;
	}
	snprintf(dir, PATH_MAX, ".");
	return false;
}

bool paths_find_orbat(const char *map_path, const char *name, char *out,
                      size_t size)
{
	char dir[PATH_MAX], up[PATH_MAX + 16], mine[PATH_MAX], data[PATH_MAX + 16];
	*odd = '\0';
	if (name[0] == '/')
		return try_path(out, size, NULL, name);
	dir_of(map_path, dir);
	snprintf(up, sizeof up, "%s/../orbats", dir);
	snprintf(data, sizeof data, "%s/orbats", paths_datadir());
	return try_path(out, size, dir, name) || try_path(out, size, up, name) ||
	       (user_data("orbats", mine, sizeof mine) && try_path(out, size, mine, name)) ||
	       try_path(out, size, data, name);
}

bool paths_find_rules(const char *from, const char *name, char *out, size_t size)
{
	char dir[PATH_MAX], up[PATH_MAX + 16], mine[PATH_MAX], data[PATH_MAX + 16];
	*odd = '\0';
	if (name[0] == '/')
		return try_path(out, size, NULL, name);
	if (from) {
		bool in_dir = dir_of(from, dir);
		snprintf(up, sizeof up, "%s/../rules", dir);
		if (try_map(out, size, in_dir ? dir : NULL, name) || try_map(out, size, up, name))
			return true;
	} else if (try_path(out, size, NULL, name)) {
		return true;
	}
	if (strchr(name, '/'))
		return false;
	snprintf(data, sizeof data, "%s/rules", paths_datadir());
	return (user_data("rules", mine, sizeof mine) && try_map(out, size, mine, name)) ||
	       try_map(out, size, data, name);
}
