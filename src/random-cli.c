/* SPDX-License-Identifier: GPL-3.0-or-later */
/* random-cli: a random battle as the player asks for one: the command
 * line's options, and the start-up menu's region, size and forces, each
 * thrown for unless chosen. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "engine/enums.h"
#include "io/random-battle.h"
#include "io/regions.h"
#include "random-cli.h"
#include "ui/ui.h"

#define MAX_CHOICES 36

/* --forces A[,B]: either may be left empty (thrown for). */
static int parse_forces(const char *arg, struct random_options *ro)
{
	const char *comma = strchr(arg, ',');
	size_t na = comma ? (size_t)(comma - arg) : strlen(arg);
	if (na >= sizeof ro->force[SIDE_A] || (comma && strlen(comma + 1) >= sizeof ro->force[SIDE_B]) ||
	    (comma && strchr(comma + 1, ','))) {
		fprintf(stderr, "grognard: --forces wants A or A,B (a nationality or an orbat each), not '%s'\n", arg);
		return -1;
	}
	memcpy(ro->force[SIDE_A], arg, na);
	ro->force[SIDE_A][na] = '\0';
	if (comma)
		snprintf(ro->force[SIDE_B], sizeof ro->force[SIDE_B], "%s", comma + 1);
	return 0;
}

int random_cli_option(struct random_cli *rc, int c, const char *arg)
{
	/* In the order of RANDOM_CLI_OPTIONS. */
	enum { OPT_RANDOM = 256, OPT_REGION, OPT_SIZE, OPT_FORCES, OPT_REGIONS, OPT_EXPORT_MAP };
	struct random_options *ro = &rc->ro;
	switch (c) {
	case OPT_RANDOM:
		rc->random = true;
		return 0;
	case OPT_REGION:
		if (strlen(arg) >= sizeof ro->region || !*arg) {
			fprintf(stderr, "grognard: --region wants a region's id, not '%s'\n", arg);
			return -1;
		}
		snprintf(ro->region, sizeof ro->region, "%s", arg);
		break;
	case OPT_SIZE:
		if (strcmp(arg, "division") != 0 && strcmp(arg, "corps") != 0) {
			fprintf(stderr, "grognard: --size wants division or corps, not '%s'\n", arg);
			return -1;
		}
		snprintf(ro->size, sizeof ro->size, "%s", arg);
		break;
	case OPT_FORCES:
		if (parse_forces(arg, ro) < 0)
			return -1;
		break;
	case OPT_REGIONS:
		if (strlen(arg) >= sizeof ro->regions) {
			fputs("grognard: --regions: the path is too long\n", stderr);
			return -1;
		}
		snprintf(ro->regions, sizeof ro->regions, "%s", arg);
		break;
	case OPT_EXPORT_MAP:
		rc->export_map = arg;
		return 0;
	default:
		return 1;
	}
	rc->chosen = true;
	return 0;
}


/* A menu whose first entry is "thrown for"; the chosen word into out
 * ("" for thrown), false when left with Esc or the terminal gone. */
static bool choose_word(struct ui *ui, const char *title, char words[][160], char labels[][120], int n,
                        char *out, size_t size)
{
	const char *k[MAX_CHOICES + 1], *l[MAX_CHOICES + 1];
	static const char keys[] = "0abcdefghijklmnopqrstuvwxyz123456789";
	char kb[MAX_CHOICES + 1][2];
	int choice;
	if (n > MAX_CHOICES)
		n = MAX_CHOICES;
	for (int i = 0; i <= n; i++) {
		kb[i][0] = keys[i];
		kb[i][1] = '\0';
		k[i] = kb[i];
		l[i] = i == 0 ? "thrown for" : labels[i - 1];
	}
	choice = ui_choose(ui, title, k, l, n + 1, "Esc: back to the list");
	if (choice < 0 || ui_hung_up(ui))
		return false;
	snprintf(out, size, "%s", choice == 0 ? "" : words[choice - 1]);
	return true;
}

struct game *menu_random_battle(struct ui *ui, uint64_t seed)
{
	static const char *const sk[] = { "d", "c" };
	static const char *const sl[] = { "a division a side", "a corps a side" };
	struct random_options ro = { .region = "" };
	struct dbm_table t;
	struct diag d = { 0 };
	char words[MAX_CHOICES][160], labels[MAX_CHOICES][120], name[256], why[300];
	struct game *g;
	int n, size;

	if (!regions_load_text(default_regions_cfg, REGIONS_BUILTIN_NAME, &t, &d))
		return NULL;
	for (n = 0; n < t.nregions && n < MAX_CHOICES; n++) {
		snprintf(words[n], sizeof words[n], "%s", t.region[n].id);
		snprintf(labels[n], sizeof labels[n], "%.100s", t.region[n].name);
	}
	regions_free(&t);
	if (!choose_word(ui, "Random battle: the region", words, labels, n, ro.region, sizeof ro.region))
		return NULL;
	if ((size = ui_choose(ui, "Random battle: the size of each force", sk, sl, 2, "Esc: a corps")) < 0 &&
	    ui_hung_up(ui))
		return NULL;
	snprintf(ro.size, sizeof ro.size, "%s", size == 0 ? "division" : "corps");
	n = random_forces(words, MAX_CHOICES);
	for (int i = 0; i < n; i++)
		snprintf(labels[i], sizeof labels[i], "%.100s", words[i]);
	for (int s = 0; s < SIDE_COUNT; s++) {
		char title[80];
		snprintf(title, sizeof title, "Random battle: side %s's force (a nationality or an orbat)",
		         side_names[s].key);
		if (!choose_word(ui, title, words, labels, n, ro.force[s], sizeof ro.force[s]))
			return NULL;
	}
	if (random_name(&ro, seed, name, sizeof name, why, sizeof why) < 0)
		return NULL;
	if (!(g = random_open(name, seed, &d)))
		ui_show_text(ui, "The random battle could not be made (q: the built-in battle)",
		             (const char *const *)d.msg, d.n);
	diag_free(&d);
	return g;
}
