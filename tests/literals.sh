#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every number of the rules lives in the rules file, and a message quotes
# its table: no string literal in src/ may hold a distance ("12 cm"), an
# angle ("90 degrees") or dice ("2D6") written out.  The rules' own text
# (rules/*.cfg, built into src/default-rules.c) is where they belong.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 4

# The string literals of C files, one a line as FILE:LINE: TEXT: comments
# and character constants skipped, escapes left as written.
strings() {
	awk '
	FNR == 1 { state = "code" }
	{
		line = $0
		n = length(line)
		i = 1
		if (state == "string") state = "code"   # no string runs on past its line here
		while (i <= n) {
			c = substr(line, i, 1)
			d = substr(line, i, 2)
			if (state == "block") {
				if (d == "*/") { state = "code"; i += 2; continue }
				i++; continue
			}
			if (state == "string") {
				if (c == "\\") { text = text d; i += 2; continue }
				if (c == "\"") { print FILENAME ":" FNR ": " text; state = "code"; i++; continue }
				text = text c; i++; continue
			}
			if (d == "/*") { state = "block"; i += 2; continue }
			if (d == "//") break
			if (c == "\x27") {  # a character constant
				i++
				while (i <= n && substr(line, i, 1) != "\x27") { if (substr(line, i, 1) == "\\") i++; i++ }
				i++; continue
			}
			if (c == "\"") { state = "string"; text = ""; i++; continue }
			i++
		}
	}' "$@"
}

# Generated from data files (the rules themselves, the built-in battle and
# region table): not code.
files=$(ls "$top_srcdir"/src/*.c "$top_srcdir"/src/*.h "$top_srcdir"/src/*/*.c "$top_srcdir"/src/*/*.h |
	grep -v '/src/default-')
all=$(strings $files)

# The extractor finds what it must, so that an empty answer means something.
probe=${TMPDIR:-/tmp}/grognard-literals.$$.c
trap 'rm -f "$probe"' EXIT
printf '%s\n' '/* "12 cm" in a comment is fine */' 'f("charges from over 12 cm"); g("turn 90 degrees", "1D6");' \
	'h("%%.0f cm", x); c = '"'\"'"'; // "6 cm" after a line comment' >"$probe"
is "$(strings "$probe" | sed 's/^[^:]*:[0-9]*: //')" "charges from over 12 cm
turn 90 degrees
1D6
%%.0f cm" "the string literals of a file, and only those, are found"

# A number, but not a bare 0 ("a move of 0 cm" is no rule's).
number='(0\.[0-9]+|[1-9][0-9]*(\.[0-9]+)?)'
hits=$(printf '%s\n' "$all" | grep -E "(^|[^0-9A-Za-z_.%])$number ?cm([^a-z]|\$)" | sed "s|^$top_srcdir/||")
is "$hits" "" "no distance in cm written out in a string in src/ (the rules' tables give them)"
hits=$(printf '%s\n' "$all" | grep -E "(^|[^0-9A-Za-z_.%])$number ?degrees?" | sed "s|^$top_srcdir/||")
is "$hits" "" "no angle in degrees written out in a string in src/"
hits=$(printf '%s\n' "$all" | grep -E '(^|[^0-9A-Za-z_%])[0-9]+D6' | sed "s|^$top_srcdir/||")
is "$hits" "" "no dice written out (\"2D6\") in a string in src/"
done_testing
