/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text: escapes for control characters and broken UTF-8 in text from files. */
#include "config.h"

#include <stdio.h>

#include "text.h"

/* The length of the valid UTF-8 sequence at p (1 to 4), or 0. */
static int utf8_len(const unsigned char *p)
{
	int n;
	unsigned min;
	unsigned cp;
	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, min = 0x80, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, min = 0x800, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, min = 0x10000, cp = p[0] & 0x07;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

int text_escape_at(const unsigned char *p, bool quoted, char esc[8])
{
	int n;
	esc[0] = '\0';
	if (*p == '\n' || *p == '\t' || *p == '\r') {
		snprintf(esc, 8, "\\%c", *p == '\n' ? 'n' : *p == '\t' ? 't' : 'r');
		return 1;
	}
	if (*p < 0x20 || *p == 0x7f) {
		snprintf(esc, 8, "\\x%02x", *p);
		return 1;
	}
	if (quoted && (*p == '"' || *p == '\\')) {
		snprintf(esc, 8, "\\%c", *p);
		return 1;
	}
	if (!(n = utf8_len(p))) {
		snprintf(esc, 8, "\\x%02x", *p);
		return 1;
	}
	if (n == 2 && p[0] == 0xc2 && p[1] <= 0x9f) {
		snprintf(esc, 8, "\\u%04x", p[1]);
		return 2;
	}
	return n;
}
