/* SPDX-License-Identifier: GPL-3.0-or-later */
/* options: defaults and the options file, checked like every data file. */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "options.h"
#include "paths.h"

#define PALETTE_NAME(id, name, colour, safe) [id] = name,
const char *const palette_names[PAL_COUNT] = { PALETTE_LIST(PALETTE_NAME) };
#define PALETTE_DEFAULT(id, name, colour, safe) [id] = colour,
#define PALETTE_SAFE(id, name, colour, safe) [id] = safe,
static const char *const palette_colours[PALETTE_SETS][PAL_COUNT] = {
	[PALETTE_DEFAULT] = { PALETTE_LIST(PALETTE_DEFAULT) },
	[PALETTE_COLOUR_BLIND] = { PALETTE_LIST(PALETTE_SAFE) },
};
const char *const palette_set_names[PALETTE_SETS] = {
	[PALETTE_DEFAULT] = "default", [PALETTE_COLOUR_BLIND] = "colour_blind",
};

/* The eight curses colours, in their numbering. */
static const char *const colour_names[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static int colour_number(const char *name)
{
	for (int i = 0; i < 8; i++)
		if (strcmp(colour_names[i], name) == 0)
			return i;
	return -1;
}

/* How many actions the keymap has (none before options_default). */
static int nactions(const struct ui_options *o)
{
	if (!o->keymap)
		return 0;
	return o->keymap->n < OPTIONS_MAX_ACTIONS ? o->keymap->n : OPTIONS_MAX_ACTIONS;
}

void options_default(struct ui_options *o, const struct options_keymap *keymap)
{
	o->keymap = keymap;
	for (int i = 0; i < OPTIONS_MAX_ACTIONS; i++)
		o->key[i] = i < nactions(o) ? keymap->keys[i] : 0;
	for (int i = 0; i < PAL_COUNT; i++)
		o->colour[i] = colour_number(palette_colours[PALETTE_DEFAULT][i]);
	o->palette = PALETTE_DEFAULT;
	o->ascii = false;
	o->watch_delay = 400;
	o->file = OPTIONS_NO_PLACE;
	o->path[0] = '\0';
}

const char *options_key_name(int key, char buf[16])
{
	if (key == 0)
		return "(no key)";
	if (key == ' ')
		return "Space";
	if (key == '\t')
		return "Tab";
	if (key == '\n')
		return "Enter";
	if (key == 27)
		return "Esc";
	if (key > 0 && key < 32) {
		snprintf(buf, 16, "Ctrl-%c", key + 64);
		return buf;
	}
	snprintf(buf, 16, "%c", key);
	return buf;
}

/* A key in the file: one printable character, "^X" / "ctrl-x", "tab",
 * "space", "enter". */
static int parse_key(const char *s)
{
	if (strlen(s) == 1 && isprint((unsigned char)s[0]))
		return s[0];
	if (s[0] == '^' && strlen(s) == 2 && isalpha((unsigned char)s[1]))
		return toupper((unsigned char)s[1]) - 64;
	if (strncmp(s, "ctrl-", 5) == 0 && strlen(s) == 6 && isalpha((unsigned char)s[5]))
		return toupper((unsigned char)s[5]) - 64;
	if (strcmp(s, "tab") == 0)
		return '\t';
	if (strcmp(s, "space") == 0)
		return ' ';
	if (strcmp(s, "enter") == 0)
		return '\n';
	return -1;
}

static const char *const option_keys[] = { "keys", "palette", "colours", "ascii", "watch_delay", NULL };

bool options_load(struct ui_options *o, const char *path, struct diag *d)
{
	char word[32];
	struct conf c = { .diag = d };
	struct ui_options n = *o; /* the file's options, taken only if all is well */
	bool given[OPTIONS_MAX_ACTIONS] = { false }; /* keys the file sets */
	config_t cfg;
	const config_setting_t *root, *s;
	bool b;

	if (!path) {
		char dir[PATH_MAX], why[200];
		if (!paths_user_dir("XDG_CONFIG_HOME", ".config", dir, sizeof dir, why, sizeof why) ||
		    snprintf(o->path, sizeof o->path, "%s/grognard.cfg", dir) >= (int)sizeof o->path) {
			o->file = OPTIONS_NO_PLACE;
			o->path[0] = '\0';
			return true;
		}
		o->file = OPTIONS_MISSING;
		if (!paths_exists(o->path))
			return true;
	} else {
		snprintf(o->path, sizeof o->path, "%s", path);
	}
	c.path = o->path;
	o->file = OPTIONS_REJECTED;
	config_init(&cfg);
	if (!conf_read_file(&c, &cfg, o->path)) {
		config_destroy(&cfg);
		return false;
	}
	root = config_root_setting(&cfg);
	conf_known_keys(&c, root, "options", option_keys);
	if (conf_bool(&c, root, "ascii", "options", &b))
		n.ascii = b;
	conf_int(&c, root, "watch_delay", "options", false, 0, OPTIONS_WATCH_DELAY_MAX, &n.watch_delay);
	/* A palette first: the colours group changes what it sets. */
	if (config_setting_get_member(root, "palette") &&
	    conf_string(&c, root, "palette", "options", false, word, sizeof word)) {
		int p = -1;
		for (int k = 0; k < PALETTE_SETS; k++)
			if (strcmp(palette_set_names[k], word) == 0)
				p = k;
		if (p < 0) {
			conf_error(&c, config_setting_get_member(root, "palette"), "options",
			           "no palette '%s' (the palettes are default and colour_blind)", word);
		} else {
			n.palette = (enum palette_set)p;
			for (int i = 0; i < PAL_COUNT; i++)
				n.colour[i] = colour_number(palette_colours[p][i]);
		}
	}
	if ((s = config_setting_get_member(root, "keys")) && conf_is_group(&c, s, "options", "'keys'")) {
		for (int i = 0; i < config_setting_length(s); i++) {
			const config_setting_t *m = config_setting_get_elem(s, (unsigned)i);
			const char *name = config_setting_name(m);
			int act = -1, key;
			for (int a = 0; a < nactions(o); a++)
				if (strcmp(o->keymap->names[a], name) == 0)
					act = a;
			if (act < 0) {
				conf_error(&c, m, "keys", "no action '%s' (the actions are listed in grognard(5))",
				           name);
				continue;
			}
			if (!conf_string(&c, s, name, "keys", true, word, sizeof word))
				continue;
			if ((key = parse_key(word)) < 0) {
				conf_error(&c, m, "keys", "'%s' is not a key: give one character, \"^X\", \"tab\", "
				           "\"space\" or \"enter\"", word);
				continue;
			}
			n.key[act] = key;
			given[act] = true;
		}
	}
	if ((s = config_setting_get_member(root, "colours")) &&
	    conf_is_group(&c, s, "options", "'colours'")) {
		for (int i = 0; i < config_setting_length(s); i++) {
			const config_setting_t *m = config_setting_get_elem(s, (unsigned)i);
			const char *name = config_setting_name(m);
			int what = -1, col;
			for (int p = 0; p < PAL_COUNT; p++)
				if (strcmp(palette_names[p], name) == 0)
					what = p;
			if (what < 0) {
				conf_error(&c, m, "colours", "nothing called '%s' has a colour", name);
				continue;
			}
			if (!conf_string(&c, s, name, "colours", true, word, sizeof word))
				continue;
			if ((col = colour_number(word)) < 0) {
				conf_error(&c, m, "colours", "'%s' is not one of: black, red, green, yellow, blue, "
				           "magenta, cyan, white", word);
				continue;
			}
			n.colour[what] = col;
		}
	}
	/* A key the file gives takes it from an action that has it only by
	 * default (a key added to the game since the file was written): that
	 * one is then on no key until the file gives it one. */
	for (int a = 0; a < nactions(o); a++)
		for (int b2 = 0; b2 < nactions(o); b2++)
			if (a != b2 && given[a] && !given[b2] && n.key[a] == n.key[b2])
				n.key[b2] = 0;
	/* Two actions the file puts on one key would make one unreachable. */
	for (int a = 0; a < nactions(o); a++)
		for (int b2 = a + 1; b2 < nactions(o); b2++)
			if (n.key[a] && n.key[a] == n.key[b2]) {
				char kb[16];
				conf_error(&c, config_setting_get_member(root, "keys"), "keys",
				           "'%s' and '%s' are both on %s", o->keymap->names[a],
				           o->keymap->names[b2], options_key_name(n.key[a], kb));
			}
	config_destroy(&cfg);
	if (c.errors)
		return false;
	memcpy(n.path, o->path, sizeof n.path);
	n.file = OPTIONS_READ;
	*o = n;
	return true;
}
