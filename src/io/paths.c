/* paths: finding maps and orbats, installed or in the source tree. */
#include "config.h"

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
#ifndef ABS_TOP_SRCDIR
#define ABS_TOP_SRCDIR ""
#endif
#ifndef ABS_TOP_BUILDDIR
#define ABS_TOP_BUILDDIR ""
#endif

static char datadir[PATH_MAX];

bool paths_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void paths_set_datadir(const char *dir)
{
	snprintf(datadir, sizeof datadir, "%s", dir);
}

/* Running from a build tree (src/grognard): the source tree's data. */
static bool from_build_tree(char *out, size_t size)
{
	char exe[PATH_MAX], dir[PATH_MAX + 16];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	char *slash;
	if (n <= 0)
		return false;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return false;
	*slash = '\0';
	/* In-tree build: <top>/src/grognard, data in <top>/maps. */
	snprintf(dir, sizeof dir, "%s/../maps", exe);
	if (is_dir(dir) && strlen(exe) + 4 < size) {
		snprintf(out, size, "%s/..", exe);
		return true;
	}
	/* Out-of-tree build: the configured source tree. */
	snprintf(dir, sizeof dir, "%s/src", ABS_TOP_BUILDDIR);
	if (*ABS_TOP_BUILDDIR && strcmp(dir, exe) == 0) {
		snprintf(dir, sizeof dir, "%s/maps", ABS_TOP_SRCDIR);
		if (is_dir(dir)) {
			snprintf(out, size, "%s", ABS_TOP_SRCDIR);
			return true;
		}
	}
	return false;
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

/* out = dir/name (name alone when dir is NULL), if that file exists. */
static bool try_path(char *out, size_t size, const char *dir, const char *name)
{
	int n = dir ? snprintf(out, size, "%s/%s", dir, name) : snprintf(out, size, "%s", name);
	return n > 0 && (size_t)n < size && paths_exists(out);
}

bool paths_find_scenario(const char *name, char *out, size_t size)
{
	char maps[PATH_MAX], withext[PATH_MAX];
	if (try_path(out, size, NULL, name))
		return true;
	if (strchr(name, '/'))
		return false;
	snprintf(maps, sizeof maps, "%s/maps", paths_datadir());
	snprintf(withext, sizeof withext, "%s.cfg", name);
	return try_path(out, size, maps, name) || try_path(out, size, maps, withext);
}

bool paths_find_orbat(const char *map_path, const char *name, char *out,
                      size_t size)
{
	char dir[PATH_MAX], up[PATH_MAX + 16], data[PATH_MAX + 16];
	const char *slash = strrchr(map_path, '/');
	if (name[0] == '/')
		return try_path(out, size, NULL, name);
	if (slash && (size_t)(slash - map_path) < sizeof dir) {
		memcpy(dir, map_path, (size_t)(slash - map_path));
		dir[slash - map_path] = '\0';
	} else {
		snprintf(dir, sizeof dir, ".");
	}
	snprintf(up, sizeof up, "%s/../orbats", dir);
	snprintf(data, sizeof data, "%s/orbats", paths_datadir());
	return try_path(out, size, dir, name) || try_path(out, size, up, name) ||
	       try_path(out, size, data, name);
}
