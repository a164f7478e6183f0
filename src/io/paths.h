/* SPDX-License-Identifier: GPL-3.0-or-later */
/* paths: where the game's data (maps/, orbats/) and the player's files live. */
#ifndef GROGNARD_PATHS_H
#define GROGNARD_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The name of the marker file 'make' writes beside the program in a build
 * tree; it holds the source tree's path, where the data is. */
#define PATHS_TREE_MARKER "grognard-source-tree"

/* The data directory: $GROGNARD_DATADIR, else the source tree when the
 * program runs from its build tree (the marker beside it), else the
 * installed one. */
const char *paths_datadir(void);
/* Override (tests, --datadir). */
void paths_set_datadir(const char *dir);
/* The player's own directory for the game under an XDG base directory:
 * $VAR/grognard when VAR holds an absolute path (a relative one is ignored,
 * as the XDG specification says), else $HOME/FALLBACK/grognard.  False,
 * with why, when neither is set.  Nothing is created. */
bool paths_user_dir(const char *var, const char *fallback, char *out, size_t size, char *why,
                    size_t wsize);
/* The directory path and every missing parent (user only, as mkdir -p);
 * false with why naming the first that could not be made. */
bool paths_make_dirs(const char *path, char *why, size_t wsize);
/* Resolve a scenario given as a path or as a name in maps/ ("auerstedt"
 * or "auerstedt.cfg"): the player's $XDG_DATA_HOME/grognard/maps first,
 * then the data directory's.  Returns false when nothing was found. */
bool paths_find_scenario(const char *name, char *out, size_t size);
/* Resolve an orbat file named in a map: next to the map, in the map's
 * ../orbats, then in the player's orbats/, then the data directory's. */
bool paths_find_orbat(const char *map_path, const char *name, char *out,
                      size_t size);
/* Resolve rules (a rules file) named by the file 'from' (a map or a
 * variant: beside it, then in its ../rules) or, with from NULL, on the
 * command line (a path from here); then, for a name without '/', in the
 * player's $XDG_DATA_HOME/grognard/rules and the data directory's
 * rules/ (".cfg" may be left off).  False when nothing was found. */
bool paths_find_rules(const char *from, const char *name, char *out, size_t size);
/* A regular file (not a directory, FIFO or device). */
bool paths_exists(const char *path);
/* What a path is when it is there but not a regular file ("a FIFO", "a
 * directory", "a device" ...), else NULL. */
const char *paths_odd_kind(const char *path);
/* After paths_find_scenario or paths_find_orbat found nothing: the first
 * path they tried that is there but not a regular file, or NULL. */
const char *paths_last_odd(void);

#endif
