/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text: text from files (names, titles, values) made safe to show on one
 * line: control characters and broken UTF-8 written as escapes. */
#ifndef GROGNARD_TEXT_H
#define GROGNARD_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* The escape for the character at p, if it needs one, in esc (room for
 * 8): a newline, tab or carriage return as \n \t \r; other C0 controls and
 * DEL as \xHH; C1 controls (U+0080 to U+009F) in their UTF-8 form as
 * \uHHHH; a byte that does not begin a valid UTF-8 sequence as \xHH (a raw
 * 0x9b is the 8-bit CSI of some terminals).  With quoted, '"' and '\' are
 * escaped too.  Returns how many bytes of p it stands for, and esc empty
 * when the character is shown as it is (then the return is its length). */
int text_escape_at(const unsigned char *p, bool quoted, char esc[8]);

#endif
