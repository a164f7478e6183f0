/* paths: where the game's data (maps/, orbats/) lives. */
#ifndef GROGNARD_PATHS_H
#define GROGNARD_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The data directory: $GROGNARD_DATADIR, else the source tree when the
 * program runs from it, else the installed one. */
const char *paths_datadir(void);
/* Override (tests, --datadir). */
void paths_set_datadir(const char *dir);
/* Resolve a scenario given as a path or as a name in maps/ ("auerstedt"
 * or "auerstedt.cfg").  Returns false when nothing was found. */
bool paths_find_scenario(const char *name, char *out, size_t size);
/* Resolve an orbat file named in a map: next to the map, in the map's
 * ../orbats, then in the data directory's orbats/. */
bool paths_find_orbat(const char *map_path, const char *name, char *out,
                      size_t size);
bool paths_exists(const char *path);

#endif
