/* SPDX-License-Identifier: GPL-3.0-or-later */
/* autosave: saving a battle by name and at every initiative, exports, the
 * name an autosave takes (and how many are kept), the last word on leaving. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "engine/control.h"
#include "engine/game.h"
#include "engine/victory.h"
#include "io/load.h"
#include "io/options.h"
#include "io/paths.h"
#include "io/random-battle.h"
#include "io/save.h"
#include "main-int.h"
#include "random-cli.h"
#include "ui/ui.h"

const struct save_hooks program_save_hooks = {
	.format = cmd_format_order,
	.parse = cmd_parse_line,
	.builtin_name = BUILTIN_NAME,
	.builtin_text = default_battle_cfg,
};

/* Save under a name in the saves directory; why says where, or why not
 * (and that a save of that name already there is as it was). */
int save_named(struct game *g, const char *name, char *why, size_t size)
{
	char path[PATH_MAX], cause[300];
	if (!save_path_for(name, path, sizeof path, why, size))
		return -1;
	remember(g);
	if (save_write(g, path, &program_save_hooks, cause, sizeof cause) < 0) {
		if (paths_exists(path))
			snprintf(why, size, "%s; the previous %s is untouched", cause, strrchr(path, '/') + 1);
		else
			snprintf(why, size, "%s", cause);
		return -1;
	}
	snprintf(why, size, "Saved as %s.", path);
	return 0;
}

/* The after-action record: the title, the whole log, the report. */
static void export_body(FILE *f, const void *ctx)
{
	const struct game *g = ctx;
	char **lines;
	int n;
	fprintf(f, "%s\n\n", g->title);
	for (int i = 0; i < g->nlog; i++)
		fprintf(f, "T%-2d %s\n", g->log[i].turn, g->log[i].text);
	fputs("\n", f);
	n = victory_report(g, &lines);
	for (int i = 0; i < n; i++) {
		fprintf(f, "%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

/* Written as saves are (a full disk leaves any older record whole). */
int export_named(struct game *g, const char *name, char *why, size_t size)
{
	char path[PATH_MAX], base[80];
	snprintf(base, sizeof base, "%s", name);
	if (strlen(base) > 4 && strcmp(base + strlen(base) - 4, ".txt") == 0)
		base[strlen(base) - 4] = '\0';
	if (!save_path_for(base, path, sizeof path, why, size))
		return -1;
	/* NAME.save -> NAME.txt */
	strcpy(path + strlen(path) - 5, ".txt");
	if (save_write_atomic(path, "the record", false, export_body, g, why, size) < 0)
		return -1;
	snprintf(why, size, "The log and the report are in %s.", path);
	return 0;
}

/* The battle as it began, as map and orbat files (NAME relative to the
 * current directory). */
int export_map_named(struct game *g, const char *name, char *why, size_t size)
{
	return random_export_start(g, BUILTIN_NAME, default_battle_cfg, name, why, size);
}

/* A save given as a path, or as a name in the saves directory. */
static bool find_save(const char *name, char *out, size_t size)
{
	char why[MSG_LEN];
	if (paths_exists(name)) {
		snprintf(out, size, "%s", name);
		return true;
	}
	return save_path_for(name, out, size, why, sizeof why) && paths_exists(out);
}

/* The name this battle autosaves under.  A battle continued from an
 * autosave keeps its name.  A new one first clears away the oldest
 * unfinished autosaves beyond AUTOSAVES_KEPT (its own counted), then
 * takes the first of autosave, autosave-2, autosave-3 ... that is free or
 * holds a finished battle, so starting a new battle never overwrites an
 * interrupted one, nor a save that cannot be read. */
static char autosave_name[32] = SAVE_AUTOSAVE;

void autosave_as(const char *loaded_from)
{
	if (loaded_from && save_is_autosave(loaded_from)) {
		/* Only an autosave of the saves directory itself: a copy elsewhere
		 * of the same name is another battle's place. */
		const char *base = strrchr(loaded_from, '/') ? strrchr(loaded_from, '/') + 1 : loaded_from;
		char name[32], path[PATH_MAX], why[200], *a = NULL, *b = NULL;
		bool same;
		snprintf(name, sizeof name, "%.*s", (int)strcspn(base, "."), base);
		same = find_save(loaded_from, path, sizeof path) && (a = realpath(path, NULL)) &&
		       save_path_for(name, path, sizeof path, why, sizeof why) && (b = realpath(path, NULL)) &&
		       strcmp(a, b) == 0;
		free(a);
		free(b);
		if (same) {
			snprintf(autosave_name, sizeof autosave_name, "%s", name);
			return;
		}
	}
	save_prune_autosaves(AUTOSAVES_KEPT - 1);
	for (unsigned long i = 1; i < ULONG_MAX; i++) {
		char name[32], path[PATH_MAX], why[200], title[NAME_LEN];
		struct stat st;
		int turn;
		bool over;
		if (i == 1)
			snprintf(name, sizeof name, "%s", SAVE_AUTOSAVE);
		else
			snprintf(name, sizeof name, "%s-%lu", SAVE_AUTOSAVE, i);
		if (!save_path_for(name, path, sizeof path, why, sizeof why))
			return;
		if (lstat(path, &st) != 0 ||
		    (S_ISREG(st.st_mode) && save_peek(path, title, sizeof title, &turn, &over) && over)) {
			snprintf(autosave_name, sizeof autosave_name, "%s", name);
			return;
		}
	}
}

/* The outcome of the latest autosave: where, or why not and whether an
 * earlier autosave of this battle is there to fall back on. */
static struct {
	bool ok, earlier;
	char path[PATH_MAX], why[300];
} autosaved;

/* Autosave; a failure is said on the screen (when there is one) and
 * kept for the last word. */
bool autosave(struct game *g, struct ui *ui)
{
	char text[400];
	autosaved.ok = save_path_for(autosave_name, autosaved.path, sizeof autosaved.path, autosaved.why,
	                             sizeof autosaved.why);
	if (autosaved.ok) {
		autosaved.earlier = paths_exists(autosaved.path);
		remember(g);
		autosaved.ok = save_write(g, autosaved.path, &program_save_hooks, autosaved.why, sizeof autosaved.why) == 0;
	}
	if (!autosaved.ok && ui) {
		snprintf(text, sizeof text, "Autosave failed: %s; %s", autosaved.why,
		         autosaved.earlier ? "your last save is intact" : "the battle is not saved yet");
		ui_alert(ui, text);
	}
	return autosaved.ok;
}

/* The last word on a battle left: saved, or not and why. */
void say_saved(void)
{
	if (autosaved.ok)
		printf("The battle is saved in %s: start grognard again to go on with it.\n", autosaved.path);
	else if (autosaved.earlier)
		fprintf(stderr, "grognard: the battle could not be saved (%s); %s holds it as of the last "
		        "autosave that worked\n", autosaved.why, autosaved.path);
	else
		fprintf(stderr, "grognard: the battle could not be saved: %s\n", autosaved.why);
}

/* A saved battle by name or path; every problem goes to d (NULL: to the
 * standard error). */
struct game *read_save(const char *name, bool start_only, struct diag *d)
{
	char path[PATH_MAX];
	struct diag own = { 0 };
	struct game *g = NULL;
	struct diag *to = d ? d : &own;
	if (!find_save(name, path, sizeof path) && paths_odd_kind(name))
		diag_add(to, "grognard", 0, "'%s' is %s, not a saved battle", name, paths_odd_kind(name));
	else if (!find_save(name, path, sizeof path))
		diag_add(to, "grognard", 0, "no saved battle '%s'", name);
	else
		g = start_only ? save_read_start(path, &program_save_hooks, to) : save_read(path, &program_save_hooks, to);
	diag_print(&own, stderr);
	diag_free(&own);
	return g;
}
