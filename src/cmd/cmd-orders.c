/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cmd-orders: every order in the command language: how it is written (its
 * usage and help), read into a struct order and written back, one entry
 * per order kind of ORDER_LIST.  Parse and format must round-trip exactly:
 * saves and replays keep the history as this text. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-int.h"
#include "engine/game.h"
#include "engine/rules-keys.h"

/* ------------------------------------------------------------------ */
/* Reading words */

struct parse {
	const struct game *g;
	const char *usage;
	char *err;
	size_t size;
};

static int perr(struct parse *p, const char *fmt, ...) CMD_PRINTF(2, 3);
static int perr(struct parse *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->err, p->size, fmt, ap);
	va_end(ap);
	return -1;
}

static int usage(struct parse *p)
{
	return perr(p, "usage: %s", p->usage);
}

static int number(struct parse *p, const char *w, const char *what, double *out)
{
	char *end;
	double v;
	errno = 0;
	v = strtod(w, &end);
	if (errno || end == w || *end || !isfinite(v))
		return perr(p, "%s must be a number, not '%s'", what, w);
	*out = v;
	return 0;
}

/* Two numbers X Y into a point. */
static int point(struct parse *p, char **w, struct vec2 *out)
{
	return number(p, w[0], "X", &out->x) || number(p, w[1], "Y", &out->y) ? -1 : 0;
}

static int unit_ref(struct parse *p, const char *w, int *out)
{
	if ((*out = orbat_find_unit(p->g, w)) < 0)
		return perr(p, "no unit '%s' ('dump' lists the ids)", w);
	return 0;
}

static int commander_ref(struct parse *p, const char *w, int *out)
{
	if ((*out = orbat_find_commander(p->g, w)) < 0)
		return perr(p, "no commander '%s' (a commander's id is that of the formation he commands)", w);
	return 0;
}

static int feature_ref(struct parse *p, const char *w, int *out)
{
	for (int i = 0; i < p->g->map.nf; i++)
		if (strcmp(p->g->map.f[i].name, w) == 0) {
			*out = i;
			return 0;
		}
	return perr(p, "no terrain feature named '%s'", w);
}

static int side_word(struct parse *p, const char *w, double *sign)
{
	if (strcmp(w, "left") == 0)
		*sign = -1;
	else if (strcmp(w, "right") == 0)
		*sign = 1;
	else
		return perr(p, "'%s' should be left or right", w);
	return 0;
}

int cmd_pip_of(const char *w)
{
	return w[0] >= '1' && w[0] <= '6' && !w[1] ? w[0] - '0' : -1;
}

/* ------------------------------------------------------------------ */
/* Writing words */

/* The shortest decimal text that reads back as the same double. */
static const char *num(double v, char buf[32])
{
	for (int prec = 6; prec <= 17; prec++) {
		snprintf(buf, 32, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return buf;
	}
	return buf;
}

/* A word, quoted when it holds spaces or quotes. */
static const char *word(const char *w, char buf[NAME_LEN + 8])
{
	size_t o = 0;
	if (*w && !strpbrk(w, " \t\"#\\"))
		return w;
	buf[o++] = '"';
	for (; *w && o + 3 < NAME_LEN + 8; w++) {
		if (*w == '"' || *w == '\\')
			buf[o++] = '\\';
		buf[o++] = *w;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}

/* Appending to a buffer being written. */
struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *b, const char *fmt, ...) CMD_PRINTF(2, 3);
static void put(struct out *b, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (b->len >= b->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->buf + b->len, b->size - b->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

static const char *uid(const struct game *g, const struct order *o)
{
	return o->unit >= 0 && o->unit < g->nunits ? g->units[o->unit].id : "?";
}

static const char *cid(const struct game *g, const struct order *o)
{
	return o->unit >= 0 && o->unit < g->ncmdrs ? g->cmdrs[o->unit].id : "?";
}

/* ------------------------------------------------------------------ */
/* The orders, one by one: WORDS(tok, usage, least and most words after
 * the name, help), then parse_TOK and format_TOK. */

#define WORDS(tok, u, lo, hi, s) \
	static const struct order_words words_##tok = { .usage = (u), .summary = (s), .min_args = (lo), .max_args = (hi) }
#define PARSE(tok) static int parse_##tok(struct parse *p, int argc, char **argv, struct order *o)
#define FORMAT(tok) static void format_##tok(const struct game *g, const struct order *o, struct out *b)

WORDS(brigade, "brigade BRIGADE", 1, 1, "give BRIGADE the initiative (once a Turn each)");
PARSE(brigade)
{
	(void)argc;
	if ((o->target = orbat_find_brigade(p->g, argv[1])) < 0)
		return perr(p, "no brigade '%s'", argv[1]);
	return 0;
}
FORMAT(brigade)
{
	put(b, "brigade %s", g->brigs[o->target].id);
}

WORDS(divmove, "divmove DIVISION", 1, 1,
      "manoeuvre a whole DIVISION (none of its brigades chosen yet, no enemy within {division_move.blocked_within} cm)");
PARSE(divmove)
{
	(void)argc;
	if ((o->target = orbat_find_division(p->g, argv[1])) < 0)
		return perr(p, "no division '%s'", argv[1]);
	return 0;
}
FORMAT(divmove)
{
	put(b, "divmove %s", g->divs[o->target].id);
}

WORDS(face, "face UNIT DEG | face UNIT toward X Y | face UNIT at UNIT2", 2, 4,
      "pivot UNIT about its centre to a facing (0 = north, clockwise)");
PARSE(face)
{
	const struct game *g = p->g;
	if (unit_ref(p, argv[1], &o->unit))
		return -1;
	o->has_a = true;
	if (argc == 5 && strcmp(argv[2], "toward") == 0) {
		struct vec2 to;
		if (point(p, argv + 3, &to))
			return -1;
		o->a = geom_bearing(g->units[o->unit].pos, to);
		return 0;
	}
	if (argc == 4 && strcmp(argv[2], "at") == 0) {
		int t;
		if (unit_ref(p, argv[3], &t))
			return -1;
		o->a = geom_bearing(g->units[o->unit].pos, g->units[t].pos);
		return 0;
	}
	if (argc != 3)
		return usage(p);
	return number(p, argv[2], "the facing", &o->a);
}
FORMAT(face)
{
	char n[32];
	put(b, "face %s %s", uid(g, o), num(o->a, n));
}

/* "pivot" is another way to write a face order. */
WORDS(pivot, "pivot UNIT +DEG|-DEG", 2, 2, "pivot UNIT by an angle (+ clockwise)");
PARSE(pivot)
{
	(void)argc;
	if (unit_ref(p, argv[1], &o->unit) || number(p, argv[2], "the angle", &o->a))
		return -1;
	o->has_a = true;
	o->a = geom_norm_deg(p->g->units[o->unit].facing + o->a);
	return 0;
}

WORDS(about, "about UNIT", 1, 1, "about face UNIT (not a square)");
PARSE(about)
{
	(void)argc;
	return unit_ref(p, argv[1], &o->unit);
}
FORMAT(about)
{
	put(b, "about %s", uid(g, o));
}

WORDS(form, "form UNIT FORMATION [left|right|front|rear] [facing DEG]", 2, 5,
      "change formation (line, column, square, skirmish), keeping one stand in place");
PARSE(form)
{
	static const char *const anchors[] = { [ANCHOR_LEFT] = "left", [ANCHOR_RIGHT] = "right",
	                                       [ANCHOR_FRONT] = "front", [ANCHOR_REAR] = "rear" };
	int v;
	if (unit_ref(p, argv[1], &o->unit))
		return -1;
	if ((v = ENUM_LOOKUP(formation_names, argv[2])) < 0)
		return perr(p, "'%s' is not a formation (line, column, square, skirmish)", argv[2]);
	o->form = (enum formation)v;
	for (int i = 3; i < argc; i++) {
		int a;
		for (a = ANCHOR_LEFT; a <= ANCHOR_REAR && strcmp(argv[i], anchors[a]) != 0; a++)
			;
		if (a <= ANCHOR_REAR) {
			o->flag = a;
		} else if (strcmp(argv[i], "facing") == 0 && i + 1 < argc) {
			if (number(p, argv[++i], "the facing", &o->a))
				return -1;
			o->has_a = true;
		} else {
			return usage(p);
		}
	}
	return 0;
}
FORMAT(form)
{
	static const char *const anchors[] = { "", " left", " right", " front", " rear" };
	char n[32];
	put(b, "form %s %s%s", uid(g, o), formation_names[o->form].key,
	    anchors[o->flag >= 0 && o->flag <= ANCHOR_REAR ? o->flag : 0]);
	if (o->has_a)
		put(b, " facing %s", num(o->a, n));
}

WORDS(move, "move UNIT CM|max", 2, 2, "move UNIT straight ahead (artillery: prolong up to {movement.foot_artillery.battery.move} cm)");
PARSE(move)
{
	(void)argc;
	if (unit_ref(p, argv[1], &o->unit))
		return -1;
	o->has_a = true;
	if (strcmp(argv[2], "max") == 0) {
		o->flag |= OF_MAX;
		o->a = 0;
		return 0;
	}
	return number(p, argv[2], "the distance", &o->a);
}
FORMAT(move)
{
	char n[32];
	if (o->flag & OF_MAX)
		put(b, "move %s max", uid(g, o));
	else
		put(b, "move %s %s", uid(g, o), num(o->a, n));
}

WORDS(moveto, "moveto UNIT X Y", 3, 3,
      "pivot UNIT to face the point, then move it straight toward it, as far as it may go (up to it)");
PARSE(moveto)
{
	struct vec2 at;
	(void)argc;
	if (unit_ref(p, argv[1], &o->unit) || point(p, argv + 2, &at))
		return -1;
	o->a = at.x;
	o->b = at.y;
	o->has_a = o->has_b = true;
	return 0;
}
FORMAT(moveto)
{
	char n1[32], n2[32];
	put(b, "moveto %s %s %s", uid(g, o), num(o->a, n1), num(o->b, n2));
}

WORDS(sidestep, "sidestep UNIT left|right CM", 3, 3, "infantry in line or skirmish line: up to {special.sidestep} cm sideways");
PARSE(sidestep)
{
	double sign = 1;
	(void)argc;
	if (unit_ref(p, argv[1], &o->unit) || side_word(p, argv[2], &sign) ||
	    number(p, argv[3], "the distance", &o->a))
		return -1;
	if (o->a < 0)
		return perr(p, "the distance must not be negative");
	o->a *= sign;
	o->has_a = true;
	return 0;
}
FORMAT(sidestep)
{
	char n[32];
	put(b, "sidestep %s %s %s", uid(g, o), o->a < 0 ? "left" : "right", num(fabs(o->a), n));
}

/* A unit and a distance: stepback, prolong. */
static int unit_distance(struct parse *p, char **argv, struct order *o)
{
	if (unit_ref(p, argv[1], &o->unit))
		return -1;
	o->has_a = true;
	return number(p, argv[2], "the distance", &o->a);
}

static void put_unit_distance(const struct game *g, const struct order *o, struct out *b)
{
	char n[32];
	put(b, "%s %s %s", order_names[o->kind].key, uid(g, o), num(o->a, n));
}

WORDS(stepback, "stepback UNIT CM", 2, 2, "infantry in line or skirmish line: up to {special.stepback} cm backwards");
PARSE(stepback)
{
	(void)argc;
	return unit_distance(p, argv, o);
}
FORMAT(stepback)
{
	put_unit_distance(g, o, b);
}

WORDS(oblique, "oblique UNIT FORWARD left|right SIDE [sidefirst]", 4, 5,
      "infantry in line or skirmish line: up to {special.oblique_forward} cm forward and {special.oblique_side} cm sideways");
PARSE(oblique)
{
	double sign = 1;
	if (unit_ref(p, argv[1], &o->unit) || number(p, argv[2], "the forward distance", &o->a) ||
	    side_word(p, argv[3], &sign) || number(p, argv[4], "the sideways distance", &o->b))
		return -1;
	if (o->b < 0)
		return perr(p, "the sideways distance must not be negative");
	o->b *= sign;
	o->has_a = o->has_b = true;
	if (argc == 6) {
		if (strcmp(argv[5], "sidefirst") != 0)
			return usage(p);
		o->flag |= OF_SIDE_FIRST;
	}
	return 0;
}
FORMAT(oblique)
{
	char n1[32], n2[32];
	put(b, "oblique %s %s %s %s%s", uid(g, o), num(o->a, n1), o->b < 0 ? "left" : "right",
	    num(fabs(o->b), n2), o->flag & OF_SIDE_FIRST ? " sidefirst" : "");
}

WORDS(inch, "inch UNIT BEARING CM", 3, 3, "a solid square moves {inch.clear} cm any way ({inch.near_cavalry} cm with enemy cavalry within {inch.cavalry_range} cm)");
PARSE(inch)
{
	(void)argc;
	if (unit_ref(p, argv[1], &o->unit) || number(p, argv[2], "the bearing", &o->a) ||
	    number(p, argv[3], "the distance", &o->b))
		return -1;
	o->has_a = o->has_b = true;
	return 0;
}
FORMAT(inch)
{
	char n1[32], n2[32];
	put(b, "inch %s %s %s", uid(g, o), num(o->a, n1), num(o->b, n2));
}

WORDS(prolong, "prolong UNIT CM", 2, 2, "artillery moves by hand up to {movement.foot_artillery.battery.move} cm forward (negative: back)");
PARSE(prolong)
{
	(void)argc;
	return unit_distance(p, argv, o);
}
FORMAT(prolong)
{
	put_unit_distance(g, o, b);
}

WORDS(redeploy, "redeploy UNIT BEARING CM|max [facing DEG]", 3, 5,
      "artillery limbers, moves toward BEARING (foot {movement.foot_artillery.battery.redeploy}, horse {movement.horse_artillery.battery.redeploy} cm), unlimbers; no fire");
PARSE(redeploy)
{
	if (unit_ref(p, argv[1], &o->unit) || number(p, argv[2], "the bearing", &o->a))
		return -1;
	o->has_a = o->has_b = true;
	if (strcmp(argv[3], "max") == 0)
		o->flag |= OF_MAX;
	else if (number(p, argv[3], "the distance", &o->b))
		return -1;
	if (argc == 6 && strcmp(argv[4], "facing") == 0) {
		if (number(p, argv[5], "the facing", &o->c))
			return -1;
		o->has_c = true;
	} else if (argc != 4) {
		return usage(p);
	}
	return 0;
}
FORMAT(redeploy)
{
	char n1[32], n2[32], n3[32];
	put(b, "redeploy %s %s %s", uid(g, o), num(o->a, n1), o->flag & OF_MAX ? "max" : num(o->b, n2));
	if (o->has_c)
		put(b, " facing %s", num(o->c, n3));
}

WORDS(charge, "charge UNIT TARGET [facing DEG] [extend]", 2, 5,
      "pivot (the least that serves, or to DEG) and charge TARGET straight ahead "
      "(extend: a target just out of reach)");
/* The words after the target in either order. */
PARSE(charge)
{
	if (unit_ref(p, argv[1], &o->unit) || unit_ref(p, argv[2], &o->target))
		return -1;
	for (int i = 3; i < argc; i++) {
		if (strcmp(argv[i], "extend") == 0 && !(o->flag & OF_EXTEND))
			o->flag |= OF_EXTEND;
		else if (strcmp(argv[i], "facing") == 0 && i + 1 < argc && !o->has_a) {
			if (number(p, argv[++i], "the facing", &o->a))
				return -1;
			o->has_a = true;
		} else
			return usage(p);
	}
	return 0;
}
FORMAT(charge)
{
	char n[32];
	put(b, "charge %s %s", uid(g, o), g->units[o->target].id);
	if (o->has_a)
		put(b, " facing %s", num(o->a, n));
	if (o->flag & OF_EXTEND)
		put(b, " extend");
}

WORDS(cross, "cross UNIT BRIDGE [X Y [FACING]]", 2, 5,
      "a unit touching BRIDGE crosses it, using the rest of its movement");
PARSE(cross)
{
	if (unit_ref(p, argv[1], &o->unit) || feature_ref(p, argv[2], &o->target))
		return -1;
	if (argc == 4)
		return usage(p);
	if (argc >= 5) {
		if (point(p, argv + 3, &o->pts[0]))
			return -1;
		o->npts = 1;
	}
	if (argc == 6) {
		if (number(p, argv[5], "the facing", &o->a))
			return -1;
		o->has_a = true;
	}
	return 0;
}
FORMAT(cross)
{
	char n1[32], n2[32], n3[32], w[NAME_LEN + 8];
	put(b, "cross %s %s", uid(g, o), word(g->map.f[o->target].name, w));
	if (o->npts)
		put(b, " %s %s", num(o->pts[0].x, n1), num(o->pts[0].y, n2));
	if (o->has_a)
		put(b, " %s", num(o->a, n3));
}

WORDS(defend, "defend UNIT | defend UNIT off FORMATION", 1, 3,
      "infantry occupies the landmark it touches, in square (or leaves it)");
PARSE(defend)
{
	int v;
	if (unit_ref(p, argv[1], &o->unit))
		return -1;
	if (argc == 2)
		return 0;
	if (argc != 4 || strcmp(argv[2], "off") != 0)
		return usage(p);
	if ((v = ENUM_LOOKUP(formation_names, argv[3])) < 0)
		return perr(p, "'%s' is not a formation", argv[3]);
	o->form = (enum formation)v;
	o->flag |= OF_OFF;
	return 0;
}
FORMAT(defend)
{
	if (o->flag & OF_OFF)
		put(b, "defend %s off %s", uid(g, o), formation_names[o->form].key);
	else
		put(b, "defend %s", uid(g, o));
}

WORDS(fire, "fire UNIT TARGET [X Y]", 2, 4, "fire at TARGET (X Y: the aiming point; else the best one)");
PARSE(fire)
{
	if (unit_ref(p, argv[1], &o->unit) || unit_ref(p, argv[2], &o->target))
		return -1;
	if (argc == 4)
		return usage(p);
	if (argc == 5) {
		if (point(p, argv + 3, &o->pts[0]))
			return -1;
		o->npts = 1;
	}
	return 0;
}
FORMAT(fire)
{
	char n1[32], n2[32];
	put(b, "fire %s %s", uid(g, o), g->units[o->target].id);
	if (o->npts)
		put(b, " %s %s", num(o->pts[0].x, n1), num(o->pts[0].y, n2));
}

WORDS(bombard, "bombard UNIT FEATURE", 2, 2, "artillery fires at an undefended village, landmark or bridge");
PARSE(bombard)
{
	(void)argc;
	return unit_ref(p, argv[1], &o->unit) || feature_ref(p, argv[2], &o->target) ? -1 : 0;
}
FORMAT(bombard)
{
	char w[NAME_LEN + 8];
	put(b, "bombard %s %s", uid(g, o), word(g->map.f[o->target].name, w));
}

WORDS(cmove, "cmove COMMANDER X Y [X Y]...", 3, 17, "move a command stand up to {command.stand_move} cm through the points");
PARSE(cmove)
{
	if (commander_ref(p, argv[1], &o->unit))
		return -1;
	if ((argc - 2) % 2)
		return perr(p, "give the points as pairs X Y");
	for (int i = 2; i + 1 < argc && o->npts < ORDER_MAX_POINTS; i += 2)
		if (point(p, argv + i, &o->pts[o->npts++]))
			return -1;
	return 0;
}
FORMAT(cmove)
{
	char n1[32], n2[32];
	put(b, "cmove %s", cid(g, o));
	for (int i = 0; i < o->npts; i++)
		put(b, " %s %s", num(o->pts[i].x, n1), num(o->pts[i].y, n2));
}

WORDS(attach, "attach COMMANDER UNIT", 2, 2, "attach a brigade commander to a unit within {command.attach_range} cm");
PARSE(attach)
{
	(void)argc;
	return commander_ref(p, argv[1], &o->unit) || unit_ref(p, argv[2], &o->target) ? -1 : 0;
}
FORMAT(attach)
{
	put(b, "attach %s %s", cid(g, o), g->units[o->target].id);
}

WORDS(detach, "detach COMMANDER [X Y]", 1, 3, "detach a brigade commander, placing him touching the unit");
PARSE(detach)
{
	if (commander_ref(p, argv[1], &o->unit))
		return -1;
	if (argc == 3)
		return usage(p);
	if (argc == 4) {
		if (point(p, argv + 2, &o->pts[0]))
			return -1;
		o->npts = 1;
	}
	return 0;
}
FORMAT(detach)
{
	char n1[32], n2[32];
	put(b, "detach %s", cid(g, o));
	if (o->npts)
		put(b, " %s %s", num(o->pts[0].x, n1), num(o->pts[0].y, n2));
}

WORDS(retreat, "retreat UNIT [withcommander]", 1, 2,
      "take a unit in command (or cautious) off the table for good");
PARSE(retreat)
{
	if (unit_ref(p, argv[1], &o->unit))
		return -1;
	if (argc == 3) {
		if (strcmp(argv[2], "withcommander") != 0)
			return usage(p);
		o->flag |= OF_WITH_CMDR;
	}
	return 0;
}
FORMAT(retreat)
{
	put(b, "retreat %s%s", uid(g, o), o->flag & OF_WITH_CMDR ? " withcommander" : "");
}

/* Orders of a word alone: end, undo, rethrow-weather. */
static void put_word(const struct order *o, struct out *b)
{
	put(b, "%s", order_names[o->kind].key);
}

WORDS(end, "end", 0, 0, "end the manoeuvre or firing phase");
PARSE(end)
{
	(void)p, (void)argc, (void)argv, (void)o;
	return 0;
}
FORMAT(end)
{
	(void)g;
	put_word(o, b);
}

WORDS(concede, "concede [A|B]", 0, 1,
      "give up the battle for a side you play (yours if not named): the other side wins");
PARSE(concede)
{
	if (argc == 2 && (o->target = ENUM_LOOKUP(side_names, argv[1])) < 0)
		return perr(p, "'%s' is not a side (A or B)", argv[1]);
	return 0;
}
FORMAT(concede)
{
	(void)g;
	put_word(o, b);
	if (o->target >= 0 && o->target < SIDE_COUNT)
		put(b, " %s", side_names[o->target].key);
}

WORDS(note, "note TEXT...", 1, 30, "write a line in the log for your side (the computer states its intentions so)");
PARSE(note)
{
	size_t len = 0;
	o->text[0] = '\0';
	for (int i = 1; i < argc; i++)
		len += (size_t)snprintf(o->text + len, len < sizeof o->text ? sizeof o->text - len : 0, "%s%s",
		                        i > 1 ? " " : "", argv[i]);
	if (len >= sizeof o->text)
		return perr(p, "a note is at most %d characters", (int)sizeof o->text - 1);
	return 0;
}
/* Quoted, with quotes and backslashes escaped, as cmd_split reads it. */
FORMAT(note)
{
	(void)g;
	put(b, "note \"");
	for (const char *t = o->text; *t; t++)
		put(b, "%s%c", *t == '"' || *t == '\\' ? "\\" : "", *t);
	put(b, "\"");
}

WORDS(undo, "undo", 0, 0, "take back the last order of the unit manoeuvring (until a die is thrown)");
PARSE(undo)
{
	(void)p, (void)argc, (void)argv, (void)o;
	return 0;
}
FORMAT(undo)
{
	(void)g;
	put_word(o, b);
}

WORDS(answer, "answer CHOICE [VALUE]", 1, 2, "answer the decision the rules give you now (e.g. answer stand)");
PARSE(answer)
{
	if (strlen(argv[1]) >= sizeof o->word)
		return perr(p, "'%s' is not a choice", argv[1]);
	snprintf(o->word, sizeof o->word, "%s", argv[1]);
	if (argc == 3) {
		if (number(p, argv[2], "the value", &o->a))
			return -1;
		o->has_a = true;
	}
	return 0;
}
FORMAT(answer)
{
	char n[32];
	(void)g;
	put(b, "answer %s", o->word);
	if (o->has_a)
		put(b, " %s", num(o->a, n));
}

WORDS(dice, "dice PIP...", 1, MAX_WORDS - 1, "batch mode: the next throws take these pips (1 to 6), then the dice run on");
/* In the history, the pips as the digits "3461". */
PARSE(dice)
{
	if ((size_t)(argc - 1) >= sizeof o->text)
		return perr(p, "at most %zu pips in one entry", sizeof o->text - 1);
	for (int i = 1; i < argc; i++) {
		int pip = cmd_pip_of(argv[i]);
		if (pip < 0)
			return perr(p, "a die shows 1 to 6 pips, not '%s'", argv[i]);
		o->text[i - 1] = (char)('0' + pip);
	}
	o->text[argc - 1] = '\0';
	return 0;
}
FORMAT(dice)
{
	(void)g;
	put(b, "dice");
	for (const char *t = o->text; *t; t++)
		put(b, " %c", *t);
}

WORDS(rethrow_weather, "rethrow-weather", 0, 0,
      "before the battle begins: throw its weather again (once, where it was thrown)");
PARSE(rethrow_weather)
{
	(void)p, (void)argc, (void)argv, (void)o;
	return 0;
}
FORMAT(rethrow_weather)
{
	(void)g;
	put_word(o, b);
}

#undef WORDS
#undef PARSE
#undef FORMAT

/* ------------------------------------------------------------------ */
/* The table: every kind of ORDER_LIST, so an order without its words, its
 * parse or its format does not compile. */

static const struct order_syntax {
	const struct order_words *words;
	int (*parse)(struct parse *p, int argc, char **argv, struct order *o);
	void (*format)(const struct game *g, const struct order *o, struct out *b);
} order_syntax[ORD_COUNT] = {
#define ORDER_SYNTAX(id, tok, key, text, flags) [id] = { &words_##tok, parse_##tok, format_##tok },
	ORDER_LIST(ORDER_SYNTAX)
#undef ORDER_SYNTAX
};
_Static_assert(sizeof order_syntax / sizeof order_syntax[0] == ORD_COUNT, "an order without its words");

/* Other words for orders. */
static const struct {
	const char *name;
	enum order_kind kind;
	const struct order_words *words;
	int (*parse)(struct parse *p, int argc, char **argv, struct order *o);
} aliases[] = {
	{ "pivot", ORD_FACE, &words_pivot, parse_pivot },
};
#define NALIASES ((int)(sizeof aliases / sizeof aliases[0]))

/* The kind a command word names (-1: none), and which alias (-1: none). */
static int lookup(const char *name, int *alias)
{
	*alias = -1;
	for (int k = 0; k < ORD_COUNT; k++)
		if (strcmp(order_names[k].key, name) == 0)
			return k;
	for (int i = 0; i < NALIASES; i++)
		if (strcmp(aliases[i].name, name) == 0) {
			*alias = i;
			return (int)aliases[i].kind;
		}
	return -1;
}

const struct order_words *cmd_order_words(const char *name, enum order_kind *kind)
{
	int alias, k = lookup(name, &alias);
	if (k < 0)
		return NULL;
	*kind = (enum order_kind)k;
	return alias >= 0 ? aliases[alias].words : order_syntax[k].words;
}

void cmd_orders_help(FILE *out)
{
	for (int k = 0; k < ORD_COUNT; k++) {
		char buf[512];
		fprintf(out, "  %-34s %s\n", order_syntax[k].words->usage,
		        rules_expand(order_syntax[k].words->summary, buf, sizeof buf));
		for (int i = 0; i < NALIASES; i++)
			if (aliases[i].kind == (enum order_kind)k)
				fprintf(out, "  %-34s %s\n", aliases[i].words->usage,
				        rules_expand(aliases[i].words->summary, buf, sizeof buf));
	}
}

int cmd_parse_order(const struct game *g, int argc, char **argv, struct order *o, char *err,
                    size_t size)
{
	struct parse p = { .g = g, .err = err, .size = size };
	int alias, k = argc > 0 ? lookup(argv[0], &alias) : -1;
	if (k < 0)
		return perr(&p, "'%s' is not an order", argc > 0 ? argv[0] : "");
	p.usage = alias >= 0 ? aliases[alias].words->usage : order_syntax[k].words->usage;
	*o = order_new((enum order_kind)k);
	return alias >= 0 ? aliases[alias].parse(&p, argc, argv, o) : order_syntax[k].parse(&p, argc, argv, o);
}

const char *cmd_format_order(const struct game *g, const struct order *o, char *buf, size_t size)
{
	struct out b = { buf, size, 0 };
	if (size)
		buf[0] = '\0';
	if (o->kind >= 0 && o->kind < ORD_COUNT)
		order_syntax[o->kind].format(g, o, &b);
	return buf;
}

int cmd_parse_line(const struct game *g, const char *line, struct order *o, char *err, size_t size)
{
	char buf[1024], *argv[MAX_WORDS];
	int argc = cmd_split(line, buf, sizeof buf, argv, MAX_WORDS);
	enum order_kind kind;
	const struct order_words *w = argc ? cmd_order_words(argv[0], &kind) : NULL;
	if (!w) {
		snprintf(err, size, "not an order");
		return -1;
	}
	if (argc - 1 < w->min_args || argc - 1 > w->max_args) {
		snprintf(err, size, "usage: %s", w->usage);
		return -1;
	}
	return cmd_parse_order(g, argc, argv, o, err, size);
}
