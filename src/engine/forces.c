/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forces: raising a plausible force for a random battle, after the core
 * rules' organisation (brigades of two to ten battalions, usually about
 * six; cavalry brigades of one to four regiments; division artillery of a
 * battery or two; corps reserve guns given to a division) and guide to
 * unit ratings. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "forces.h"
#include "game.h"
#include "rng.h"

const struct enum_name force_size_names[FS_COUNT] = { FORCE_SIZE_LIST(ENUM_NAME) };

/* How a nationality names a kind of regiment: prefix, then a number
 * (with its ordinal suffix when asked) or a name from a list, then a
 * suffix; the id the same way. */
struct style {
	const char *pre, *post, *id_pre, *id_post;
	bool ordinal;
	const char *const *named; /* NULL-ended list of regiment names, or NULL */
};

enum regiment { REG_LINE, REG_LIGHT, REG_HEAVY, REG_MEDIUM, REG_LIGHT_CAV, REG_COUNT };

struct nation {
	const char *plural;
	/* Unit ratings on 1D6, by the rules' guide: most units trained or
	 * veteran; Guard never thrown. */
	enum rating rating[6];
	int inf_lo, inf_hi, cav_lo, cav_hi; /* men in a battalion, a regiment */
	int guns, horse_guns;
	struct style reg[REG_COUNT];
	const char *corps_word;             /* "corps", "Korps" */
	const char *const *generals;        /* division and brigade commanders, NULL-ended */
};

/* Generals of division and brigade; the marshals and the like who
 * commanded corps are kept for the corps. */
static const char *const french_generals[] = {
	"Friant", "Gudin", "Morand", "Saint-Hilaire", "Legrand", "Vandamme", "Gazan", "Heudelet", "Leval",
	"Boudet", "Molitor", "Claparede", "Tharreau", "Lasalle", "Montbrun", "Nansouty", "Espagne", "Marulaz",
	"Jacquinot", "Milhaud", "Pajol", "Reille", "Girard", "Foy", "Maucune", "Petit", "Bonnet", "Brayer",
	"Sebastiani", "Latour-Maubourg", "Subervie", "Kellermann", NULL,
};
static const char *const french_marshals[] = {
	"Davout", "Lannes", "Ney", "Massena", "Soult", "Oudinot", "Bernadotte", "Augereau", "Victor",
	"Marmont", "Suchet", "Macdonald", NULL,
};
static const char *const british_corps[] = { "Wellington", "Hill", "Graham", "Beresford", "Hope", NULL };
static const char *const british_generals[] = {
	"Picton", "Craufurd", "Cole", "Leith", "Pack", "Kempt", "Pakenham", "Spencer", "Cotton", "Le Marchant",
	"Anson", "Ponsonby", "Somerset", "Uxbridge", "Clinton", "Colville", "Dalhousie", "Alten", "Byng",
	"Halkett", "Maitland", "Stewart", "Campbell", "Lumley", NULL,
};
static const char *const austrian_corps[] = { "Hohenzollern", "Bellegarde", "Kollowrat", "Liechtenstein",
	                                      "Hiller", "Rosenberg", "Klenau", NULL };
static const char *const austrian_generals[] = {
	"Bianchi", "Vukassovich", "Radetzky", "Schwarzenberg", "Kienmayer", "Vecsey", "Nordmann", "Weissenwolf",
	"Hessen-Homburg", "Lusignan", "Saint-Julien", "Brady", "Reuss", "Frimont", "Mayer", "Vincent",
	"Hardegg", "Stutterheim", "Provencheres", "Koller", NULL,
};
static const char *const prussian_corps[] = { "Bluecher", "Yorck", "Buelow", "Kleist", "Hohenlohe",
	                                      "Ruechel", "Kalckreuth", NULL };
static const char *const prussian_generals[] = {
	"Schmettau", "Wartensleben", "Grawert", "Tauentzien", "Prittwitz", "Zieten", "Pirch", "Thielmann",
	"Borstell", "Horn", "Steinmetz", "Jagow", "Roeder", "Hirschfeld", "Dobschuetz", "Oppen", NULL,
};
static const char *const russian_corps[] = { "Bagration", "Barclay", "Kutuzov", "Dokhturov", "Raevsky",
	                                     "Ostermann", "Wittgenstein", NULL };
static const char *const russian_generals[] = {
	"Miloradovich", "Konovnitsyn", "Neverovsky", "Vorontsov", "Paskevich", "Kaptsevich", "Likhachev",
	"Tuchkov", "Baggovut", "Uvarov", "Platov", "Korf", "Sacken", "Eugen", "Gorchakov", "Olsufiev",
	"Duka", "Sievers", NULL,
};
static const char *const other_corps[] = { "Castanos", "Cuesta", "Blake", "La Romana", "Adlercreutz",
	                                   "Armfelt", "Ewald", NULL };
static const char *const other_generals[] = {
	"Ballesteros", "Palafox", "Reding", "Venegas", "Zayas", "Freire", "Lardizabal", "Morillo", "Mustafa",
	"Ali", "Cockburn", "Espana", "Whittingham", "Cardenas", "Cassagne", "Sandels", NULL,
};
static const char *const russian_towns[] = {
	"Moscow", "Tobolsk", "Volhynia", "Minsk", "Kiev", "Pskov", "Vladimir", "Tambov", "Kostroma",
	"Ryazan", "Ufa", "Shirvan", "Kaluga", "Yeletz", "Polotsk", "Orel", "Simbirsk", "Tula", NULL,
};
static const char *const russian_horse[] = {
	"Ekaterinoslav", "Kargopol", "Kharkov", "Chernigov", "Izyum", "Sumy", "Akhtyrka", "Pavlograd",
	"Mariupol", "Elisavetgrad", "Kiev", "Novgorod", NULL,
};

#define R(a, b, c, d, e, f) { RATING_##a, RATING_##b, RATING_##c, RATING_##d, RATING_##e, RATING_##f }

static const struct nation nations[NAT_COUNT] = {
	[NAT_FRENCH] = { "French", R(TRAINED, TRAINED, VETERAN, VETERAN, VETERAN, ELITE), 500, 720, 350, 550, 8, 6,
		{ [REG_LINE] = { "", "e Ligne", "", "L" }, [REG_LIGHT] = { "", "e Leger", "", "Lg" },
		  [REG_HEAVY] = { "", "e Cuirassiers", "", "Cu" }, [REG_MEDIUM] = { "", "e Dragons", "", "Dr" },
		  [REG_LIGHT_CAV] = { "", "e Hussards", "", "Hu" } },
		"corps", french_generals },
	[NAT_BRITISH] = { "British", R(TRAINED, VETERAN, VETERAN, VETERAN, VETERAN, ELITE), 450, 700, 350, 500, 6, 6,
		{ [REG_LINE] = { "", " Foot", "", "F", true }, [REG_LIGHT] = { "", " Light Infantry", "", "LI", true },
		  [REG_HEAVY] = { "", " Dragoon Guards", "", "DG", true }, [REG_MEDIUM] = { "", " Dragoons", "", "D", true },
		  [REG_LIGHT_CAV] = { "", " Light Dragoons", "", "LD", true } },
		"division", british_generals },
	[NAT_AUSTRIAN] = { "Austrians", R(UNTRAINED, TRAINED, TRAINED, TRAINED, VETERAN, VETERAN), 600, 820, 450, 650, 6, 6,
		{ [REG_LINE] = { "IR ", "", "IR", "" }, [REG_LIGHT] = { "Grenz IR ", "", "Gz", "" },
		  [REG_HEAVY] = { "Kuerassier ", "", "KR", "" }, [REG_MEDIUM] = { "Dragoner ", "", "DR", "" },
		  [REG_LIGHT_CAV] = { "Hussar Regiment ", "", "HR", "" } },
		"Korps", austrian_generals },
	[NAT_PRUSSIAN] = { "Prussians", R(TRAINED, TRAINED, TRAINED, VETERAN, VETERAN, ELITE), 550, 800, 400, 600, 8, 8,
		{ [REG_LINE] = { "Infantry Regiment ", "", "IR", "" }, [REG_LIGHT] = { "Fusilier Battalion ", "", "Fu", "" },
		  [REG_HEAVY] = { "Cuirassier Regiment ", "", "Ku", "" }, [REG_MEDIUM] = { "Dragoon Regiment ", "", "Dr", "" },
		  [REG_LIGHT_CAV] = { "Hussar Regiment ", "", "Hu", "" } },
		"Korps", prussian_generals },
	[NAT_RUSSIAN] = { "Russians", R(TRAINED, TRAINED, TRAINED, VETERAN, VETERAN, ELITE), 450, 650, 400, 600, 12, 12,
		{ [REG_LINE] = { "", " Musketeers", "", "", false, russian_towns },
		  [REG_LIGHT] = { "", " Jaegers", "", "Jg", true },
		  [REG_HEAVY] = { "", " Cuirassiers", "", "Cu", false, russian_horse },
		  [REG_MEDIUM] = { "", " Dragoons", "", "Dr", false, russian_horse },
		  [REG_LIGHT_CAV] = { "", " Hussars", "", "Hu", false, russian_horse } },
		"corps", russian_generals },
	[NAT_DANISH] = { "Danes", R(UNTRAINED, TRAINED, TRAINED, TRAINED, VETERAN, VETERAN), 500, 700, 350, 500, 8, 6,
		{ [REG_LINE] = { "Infantry Regiment ", "", "IR", "" }, [REG_LIGHT] = { "Jaeger Corps ", "", "Jg", "" },
		  [REG_HEAVY] = { "Life Cuirassiers ", "", "Ku", "" }, [REG_MEDIUM] = { "Dragoon Regiment ", "", "Dr", "" },
		  [REG_LIGHT_CAV] = { "Hussar Regiment ", "", "Hu", "" } },
		"corps", other_generals },
	[NAT_SWEDISH] = { "Swedes", R(UNTRAINED, TRAINED, TRAINED, TRAINED, VETERAN, VETERAN), 500, 700, 350, 500, 8, 6,
		{ [REG_LINE] = { "Infantry Regiment ", "", "IR", "" }, [REG_LIGHT] = { "Jaeger Battalion ", "", "Jg", "" },
		  [REG_HEAVY] = { "Life Cuirassiers ", "", "Ku", "" }, [REG_MEDIUM] = { "Dragoon Regiment ", "", "Dr", "" },
		  [REG_LIGHT_CAV] = { "Hussar Regiment ", "", "Hu", "" } },
		"corps", other_generals },
	[NAT_OTTOMAN] = { "Ottomans", R(UNTRAINED, UNTRAINED, TRAINED, TRAINED, TRAINED, VETERAN), 500, 800, 400, 700, 6, 6,
		{ [REG_LINE] = { "Orta ", "", "Or", "" }, [REG_LIGHT] = { "Tufekci ", "", "Tu", "" },
		  [REG_HEAVY] = { "Kapikulu Sipahi ", "", "KS", "" }, [REG_MEDIUM] = { "Sipahi ", "", "Si", "" },
		  [REG_LIGHT_CAV] = { "Delis ", "", "De", "" } },
		"army", other_generals },
	[NAT_OTHER] = { "Allies", R(UNTRAINED, TRAINED, TRAINED, TRAINED, VETERAN, VETERAN), 500, 750, 350, 550, 6, 6,
		{ [REG_LINE] = { "Line Regiment ", "", "R", "" }, [REG_LIGHT] = { "Light Battalion ", "", "Li", "" },
		  [REG_HEAVY] = { "Carabinier Regiment ", "", "Ca", "" }, [REG_MEDIUM] = { "Dragoon Regiment ", "", "Dr", "" },
		  [REG_LIGHT_CAV] = { "Cazadores ", "", "Cz", "" } },
		"corps", other_generals },
};

/* The numbers a nation's regiments of each kind bore in the period, lo
 * to hi (British light infantry: the few regiments that were), so that
 * no "166th Light Infantry" is raised; an Ottoman orta's go to 196. */
static const int number_range[NAT_COUNT][REG_COUNT][2] = {
	[NAT_FRENCH] = { { 1, 112 }, { 1, 37 }, { 1, 14 }, { 1, 30 }, { 1, 14 } },
	[NAT_BRITISH] = { { 1, 104 }, { 0, 0 }, { 1, 7 }, { 1, 6 }, { 8, 25 } },
	[NAT_AUSTRIAN] = { { 1, 63 }, { 1, 17 }, { 1, 8 }, { 1, 6 }, { 1, 12 } },
	[NAT_PRUSSIAN] = { { 1, 60 }, { 1, 24 }, { 1, 13 }, { 1, 14 }, { 1, 10 } },
	[NAT_RUSSIAN] = { { 0, 0 }, { 1, 50 }, { 0, 0 }, { 0, 0 }, { 0, 0 } },
	[NAT_DANISH] = { { 1, 20 }, { 1, 6 }, { 1, 4 }, { 1, 6 }, { 1, 6 } },
	[NAT_SWEDISH] = { { 1, 30 }, { 1, 6 }, { 1, 4 }, { 1, 6 }, { 1, 6 } },
	[NAT_OTTOMAN] = { { 1, 196 }, { 1, 40 }, { 1, 6 }, { 1, 20 }, { 1, 20 } },
	[NAT_OTHER] = { { 1, 40 }, { 1, 12 }, { 1, 4 }, { 1, 8 }, { 1, 8 } },
};
static const int british_light[] = { 43, 51, 52, 68, 71, 85, 90, 0 };

const char *forces_plural(enum nationality nat)
{
	return nations[nat].plural;
}

/* The raising of one force. */
struct raise {
	struct game *g;
	enum side side;
	const struct nation *n;
	struct rng pick;
	int corps;
	unsigned long long used_numbers[REG_COUNT][4]; /* regiment numbers and names taken */
	unsigned long long used_generals;
	char why[MSG_LEN];
};

static int pick_below(struct raise *r, int n)
{
	return n <= 1 ? 0 : (int)rng_below(&r->pick, (uint64_t)n);
}

static bool id_taken(const struct game *g, const char *id)
{
	return orbat_find_unit(g, id) >= 0 || orbat_find_brigade(g, id) >= 0 || orbat_find_division(g, id) >= 0 ||
	       orbat_find_corps(g, id) >= 0;
}

/* id, or id with a letter or number after it, whichever is free. */
static void free_id(const struct game *g, const char *want, char *out)
{
	snprintf(out, ID_LEN, "%.12s", want);
	for (int k = 2; id_taken(g, out) && k < 1000; k++)
		snprintf(out, ID_LEN, "%.10s%c%d", want, k < 10 ? '_' : 'x', k);
}

static const char *const *const corps_generals[NAT_COUNT] = {
	[NAT_FRENCH] = french_marshals, [NAT_BRITISH] = british_corps, [NAT_AUSTRIAN] = austrian_corps,
	[NAT_PRUSSIAN] = prussian_corps, [NAT_RUSSIAN] = russian_corps, [NAT_DANISH] = other_corps,
	[NAT_SWEDISH] = other_corps, [NAT_OTTOMAN] = other_corps, [NAT_OTHER] = other_corps,
};

/* A corps commander: a marshal or the like (the names kept apart from
 * those of divisions and brigades). */
static const char *corps_general(struct raise *r)
{
	const char *const *list = corps_generals[r->n - nations];
	int count = 0;
	while (list[count])
		count++;
	return list[pick_below(r, count)];
}

static const char *general(struct raise *r)
{
	int count = 0, k;
	while (r->n->generals[count])
		count++;
	if (count > 64)
		count = 64;
	for (int tries = 0; tries < 200; tries++) {
		k = pick_below(r, count);
		if (!(r->used_generals & (1ULL << k))) {
			r->used_generals |= 1ULL << k;
			return r->n->generals[k];
		}
	}
	return r->n->generals[pick_below(r, count)];
}

/* Three letters of a name for an id (letters only). */
static void abbrev(const char *name, char *out)
{
	int k = 0;
	for (const char *p = name; *p && k < 3; p++)
		if (isalpha((unsigned char)*p)) {
			out[k] = k == 0 ? (char)toupper((unsigned char)*p) : *p;
			k++;
		}
	out[k] = '\0';
}

static const char *ordinal(int n)
{
	int t = n % 100;
	if (t >= 11 && t <= 13)
		return "th";
	return n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
}

/* A regiment of a kind: its name and id stem, not taken before. */
static void regiment(struct raise *r, enum regiment kind, char *name, size_t size, char *id)
{
	const struct style *s = &r->n->reg[kind];
	unsigned long long *used = r->used_numbers[kind];
	if (s->named) {
		int count = 0, k = 0;
		while (s->named[count])
			count++;
		for (int tries = 0; tries < 200; tries++) {
			k = pick_below(r, count);
			if (!(used[0] & (1ULL << k)))
				break;
		}
		used[0] |= 1ULL << k;
		snprintf(name, size, "%s%s%s", s->pre, s->named[k], s->post);
		snprintf(id, ID_LEN, "%s%.3s%s", s->id_pre, s->named[k], s->id_post);
		return;
	}
	int num = 1, nat = (int)(r->n - nations), lo = number_range[nat][kind][0], hi = number_range[nat][kind][1];
	int pool[256], npool = 0;
	if (nat == NAT_BRITISH && kind == REG_LIGHT) {
		for (int i = 0; british_light[i]; i++)
			pool[npool++] = british_light[i];
	} else {
		if (lo < 1 || hi < lo || hi > 255)
			lo = 1, hi = 100;
		for (int k = lo; k <= hi; k++) {
			bool light = false;
			/* The British light regiments were light infantry only. */
			for (int i = 0; nat == NAT_BRITISH && british_light[i]; i++)
				light = light || british_light[i] == k;
			if (!light)
				pool[npool++] = k;
		}
	}
	/* One not taken yet, while there is one. */
	for (int tries = 0; tries < 400; tries++) {
		num = pool[pick_below(r, npool)];
		if (!(used[num / 64] & (1ULL << (num % 64))))
			break;
	}
	used[num / 64] |= 1ULL << (num % 64);
	snprintf(name, size, "%s%d%s%s", s->pre, num, s->ordinal ? ordinal(num) : "", s->post);
	snprintf(id, ID_LEN, "%s%d%s", s->id_pre, num, s->id_post);
}

static int add_commander(struct raise *r, enum cmd_level level, int of, const char *id, const char *name)
{
	struct commander c = { .side = r->side, .level = level, .of = of, .attached = -1, .detached_from = -1,
		               .state = US_ACTIVE, .arrive_turn = 1,
		               .rating = level == CL_BRIGADE ? CR_NONE : CR_AVERAGE,
		               .flags = level == CL_BRIGADE ? 0 : CF_ROLL };
	snprintf(c.id, sizeof c.id, "%s", id);
	snprintf(c.name, sizeof c.name, "%s", name);
	return game_add_commander(r->g, &c);
}

static int add_brigade(struct raise *r, int div, enum brigade_kind kind, const char *id, const char *name,
                       const char *commander)
{
	struct brigade b = { .division = div, .kind = kind, .commander = -1 };
	int k;
	snprintf(b.id, sizeof b.id, "%s", id);
	snprintf(b.name, sizeof b.name, "%s", name);
	k = game_add_brigade(r->g, &b);
	if (k >= 0 && kind != BK_ARTILLERY)
		r->g->brigs[k].commander = add_commander(r, CL_BRIGADE, k, b.id, commander);
	return k;
}

static void add_unit(struct raise *r, int brigade, enum unit_type type, const char *id, const char *name)
{
	struct unit u = { .side = r->side, .brigade = brigade, .type = type, .nat = r->g->corps[r->corps].nat,
		          .rating = RATING_TRAINED, .state = US_ACTIVE, .arrive_turn = 1 };
	free_id(r->g, id, u.id);
	snprintf(u.name, sizeof u.name, "%s", name);
	if (unit_type_arm(type) == ARM_ARTILLERY) {
		u.guns = type == UT_HORSE_ART ? r->n->horse_guns : r->n->guns;
		u.weight = type == UT_HORSE_ART ? WEIGHT_LIGHT : WEIGHT_MEDIUM;
		u.sp = sp_from_guns(u.guns);
	} else {
		u.men = unit_type_arm(type) == ARM_CAVALRY ? r->n->cav_lo : r->n->inf_lo;
		u.sp = sp_from_men(u.men);
	}
	u.sp0 = u.sp;
	u.form = unit_default_formation(&u);
	game_add_unit(r->g, &u);
}

/* Every unit of a brigade: its rating, then its strength, thrown for. */
static void rate_brigade(struct raise *r, int brigade)
{
	struct game *g = r->g;
	int idx[16], n = 0, men = 0, faces[16];
	for (int i = 0; i < g->nunits && n < 16; i++)
		if (g->units[i].brigade == brigade)
			idx[n++] = i;
	game_roll(g, n, faces, "%s: unit ratings", g->brigs[brigade].name);
	for (int i = 0; i < n; i++)
		g->units[idx[i]].rating = r->n->rating[faces[i] - 1];
	for (int i = 0; i < n; i++)
		men += !unit_is_artillery(&g->units[idx[i]]);
	if (men == 0)
		return;
	game_roll(g, men, faces, "%s: strengths", g->brigs[brigade].name);
	for (int i = 0, k = 0; i < n; i++) {
		struct unit *u = &g->units[idx[i]];
		bool cav = unit_is_cavalry(u);
		int lo = cav ? r->n->cav_lo : r->n->inf_lo, hi = cav ? r->n->cav_hi : r->n->inf_hi;
		if (unit_is_artillery(u))
			continue;
		u->men = (lo + (hi - lo) * (faces[k++] - 1) / 5) / 10 * 10;
		u->sp = u->sp0 = sp_from_men(u->men);
	}
}

/* An infantry brigade: 4 to 6 battalions, two to a regiment, the first
 * regiment light infantry on a 5 or 6. */
static void infantry_brigade(struct raise *r, int div, const char *div_id, int k, int bns, bool light)
{
	struct game *g = r->g;
	char id[ID_LEN], name[NAME_LEN], bname[NAME_LEN], stem[ID_LEN], reg[NAME_LEN];
	const char *brigadier = general(r);
	int b;
	snprintf(bname, sizeof bname, "%s's brigade", brigadier);
	snprintf(stem, sizeof stem, "%.12s%d", div_id, k);
	free_id(g, stem, id);
	b = add_brigade(r, div, BK_INFANTRY, id, bname, brigadier);
	for (int i = 0; i < bns; i++) {
		if (i % 2 == 0)
			regiment(r, i == 0 && light ? REG_LIGHT : REG_LINE, reg, sizeof reg, stem);
		snprintf(name, sizeof name, "%.60s, %d%s battalion", reg, i % 2 + 1, ordinal(i % 2 + 1));
		snprintf(id, sizeof id, "%.12s%d", stem, i % 2 + 1);
		add_unit(r, b, i < 2 && light ? UT_LIGHT_INF : UT_LINE_INF, id, name);
	}
	rate_brigade(r, b);
}

static void cavalry_brigade(struct raise *r, int div, const char *div_id, char letter, enum regiment kind,
                            int regs, bool horse)
{
	struct game *g = r->g;
	char id[ID_LEN], name[NAME_LEN], bname[NAME_LEN], stem[ID_LEN];
	const char *brigadier = general(r);
	static const enum unit_type types[REG_COUNT] = { [REG_HEAVY] = UT_HEAVY_CAV, [REG_MEDIUM] = UT_MEDIUM_CAV,
		                                         [REG_LIGHT_CAV] = UT_LIGHT_CAV };
	int b;
	snprintf(bname, sizeof bname, "%s's %s brigade", brigadier,
	         kind == REG_HEAVY ? "heavy" : kind == REG_MEDIUM ? "dragoon" : "light");
	snprintf(stem, sizeof stem, "%.12s%c", div_id, letter);
	free_id(g, stem, id);
	b = add_brigade(r, div, BK_CAVALRY, id, bname, brigadier);
	for (int i = 0; i < regs; i++) {
		regiment(r, kind, name, sizeof name, stem);
		add_unit(r, b, types[kind], stem, name);
	}
	if (horse) {
		snprintf(stem, sizeof stem, "%.12sH", id);
		add_unit(r, b, UT_HORSE_ART, stem, "horse battery");
	}
	rate_brigade(r, b);
}

static void artillery_brigade(struct raise *r, int div, const char *div_id, const char *general_name,
                              bool reserve, int n)
{
	struct game *g = r->g;
	char id[ID_LEN], name[NAME_LEN], stem[ID_LEN];
	int b;
	snprintf(name, sizeof name, "%s's artillery", general_name);
	snprintf(stem, sizeof stem, "%.12sA", div_id);
	free_id(g, stem, id);
	b = add_brigade(r, div, BK_ARTILLERY, id, name, NULL);
	for (int i = 0; i < n; i++) {
		snprintf(stem, sizeof stem, "%.12s%d", id, (i + 1) % 10);
		add_unit(r, b, UT_FOOT_ART, stem, "foot battery");
	}
	if (reserve) {
		/* The corps reserve: a heavy battery with the first division. */
		snprintf(stem, sizeof stem, "%.12sR", id);
		add_unit(r, b, UT_FOOT_ART, stem, "reserve battery (heavy)");
		g->units[g->nunits - 1].weight = WEIGHT_HEAVY;
	}
	rate_brigade(r, b);
}

static int division(struct raise *r, const char *name_fmt_kind, char *div_id, const char **gen)
{
	struct game *g = r->g;
	struct division d = { .corps = r->corps, .commander = -1 };
	char stem[8];
	int k;
	*gen = general(r);
	abbrev(*gen, stem);
	free_id(g, stem, div_id);
	snprintf(d.id, sizeof d.id, "%s", div_id);
	snprintf(d.name, sizeof d.name, "%s's %s", *gen, name_fmt_kind);
	k = game_add_division(g, &d);
	if (k >= 0)
		g->divs[k].commander = add_commander(r, CL_DIVISION, k, d.id, *gen);
	return k;
}

/* Infantry brigades of 4 to 6 battalions (two to a regiment), the first
 * regiment light infantry on a 5 or 6; division artillery of one
 * battery, two on a 6; cavalry brigades of 2 regiments, 3 on a 5 or 6,
 * a horse battery on a 5 or 6; a corps of 2 infantry divisions (3 on a
 * 4 to 6) and a cavalry division of a light brigade and dragoons (1-3),
 * heavy cavalry (4-5) or light (6). */
void forces_shape(struct game *g, enum force_size size, struct force_shape *out)
{
	int faces[2];
	memset(out, 0, sizeof *out);
	out->size = size;
	out->divisions = size == FS_CORPS ? (game_roll(g, 1, NULL, "Both forces: infantry divisions") <= 3 ? 2 : 3) : 1;
	for (int d = 0; d < out->divisions; d++) {
		for (int b = 0; b < 2; b++) {
			game_roll(g, 2, faces, "Both forces: division %d, brigade %d: battalions, and a light regiment", d + 1,
			          b + 1);
			out->battalions[d][b] = 4 + (faces[0] >= 3) + (faces[0] >= 5);
			out->light[d][b] = faces[1] >= 5;
		}
		out->batteries[d] = game_roll(g, 1, NULL, "Both forces: division %d: batteries", d + 1) == 6 ? 2 : 1;
	}
	for (int c = 0; c < (size == FS_CORPS ? 2 : 1); c++) {
		game_roll(g, 2, faces, "Both forces: cavalry brigade %d: regiments, and a horse battery", c + 1);
		out->regiments[c] = faces[0] >= 5 ? 3 : 2;
		out->horse[c] = faces[1] >= 5;
	}
	if (size == FS_CORPS) {
		int t = game_roll(g, 1, NULL, "Both forces: the second cavalry brigade");
		out->second = t <= 3 ? 0 : t <= 5 ? 1 : 2;
	}
}

int forces_raise(struct game *g, enum side side, enum nationality nat, const struct force_shape *shape,
                 unsigned long long pick, char *why, size_t wsize)
{
	struct raise r = { .g = g, .side = side, .n = &nations[nat] };
	struct corps c = { .side = side, .nat = nat, .commander = -1 };
	static const char *const romans[] = { "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X" };
	static const enum regiment second[3] = { REG_MEDIUM, REG_HEAVY, REG_LIGHT_CAV };
	const char *cgen;
	char div_id[ID_LEN];

	rng_seed(&r.pick, pick);
	for (int tries = 0; tries < 20; tries++) {
		snprintf(c.id, sizeof c.id, "%s", romans[pick_below(&r, 10)]);
		if (!id_taken(g, c.id))
			break;
	}
	{
		char want[ID_LEN];
		snprintf(want, sizeof want, "%s", c.id);
		free_id(g, want, c.id);
	}
	cgen = corps_general(&r);
	snprintf(c.name, sizeof c.name, "%s %s", c.id, r.n->corps_word);
	if ((r.corps = game_add_corps(g, &c)) < 0) {
		snprintf(why, wsize, "out of memory");
		return -1;
	}
	g->side[side].corps = r.corps;
	g->corps[r.corps].commander = add_commander(&r, CL_CORPS, r.corps, c.id, cgen);
	snprintf(g->side[side].name, sizeof g->side[side].name, "%s", r.n->plural);
	for (int i = 0; i < shape->divisions; i++) {
		const char *gen;
		int d = division(&r, "division", div_id, &gen);
		infantry_brigade(&r, d, div_id, 1, shape->battalions[i][0], shape->light[i][0]);
		infantry_brigade(&r, d, div_id, 2, shape->battalions[i][1], shape->light[i][1]);
		artillery_brigade(&r, d, div_id, gen, shape->size == FS_CORPS && i == 0, shape->batteries[i]);
		if (shape->size == FS_DIVISION)
			cavalry_brigade(&r, d, div_id, 'C', REG_LIGHT_CAV, shape->regiments[0], shape->horse[0]);
	}
	if (shape->size == FS_CORPS) {
		const char *gen;
		int d = division(&r, "cavalry", div_id, &gen);
		cavalry_brigade(&r, d, div_id, '1', REG_LIGHT_CAV, shape->regiments[0], shape->horse[0]);
		cavalry_brigade(&r, d, div_id, '2', second[shape->second], shape->regiments[1], shape->horse[1]);
	}
	(void)why;
	return 0;
}
