#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The manuals keep up with the program: every command of the command
# language and every key action is documented in grognard(6), every option
# of --help too, and both pages render without warnings.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
man6="${top_builddir:-$top_srcdir}/man/grognard.6"
man5="${top_builddir:-$top_srcdir}/man/grognard.5"
cmds=$(printf 'help\nquit\n' | "$GROGNARD" --batch --side both --seed 1 2>/dev/null |
	sed -n 's/^  \([a-z]*\) .*/\1/p' | sort -u)
opts=$("$GROGNARD" --help | grep -o -- '--[a-z]*' | sort -u)
keymap="$top_srcdir/src/ui/ui-keymap.h"
keys=$(sed -n "s/^[[:space:]]*X(ACT_[A-Z_]*, \"[a-z_]*\", '\\(.\\)'.*/\\1/p" "$keymap")
# Every key a loader accepts (its key tables, and the battle's state saved
# through the table of src/engine/state.c), every action (the keymap is the
# front end's) and colour of the options file.
filekeys=$( (awk '/static const char \*const [a-z_]*keys\[\] = \{/ { f = 1 } f { print } f && /\};/ { f = 0 }' \
	"$top_srcdir"/src/io/*.c | grep -o '"[A-Za-z_0-9]*"'
	sed -n 's/^[[:space:]]*[A-Z]*("[a-z]*", \("[a-z_]*"\).*/\1/p; s/^[[:space:]]*{ "[a-z]*", \("[a-z_]*"\).*/\1/p' \
		"$top_srcdir/src/engine/state.c") | tr -d '"' | sort -u)
names=$(sed -n 's/^[[:space:]]*X([A-Z_]*, "\([a-z_]*\)".*/\1/p' "$keymap" "$top_srcdir/src/io/options.h")
ncmds=$(echo "$cmds" | wc -l)
nopts=$(echo "$opts" | wc -l)
plan $((ncmds + nopts + 20))
for c in $cmds; do
	grep -q "^\.BI* $c\b\|^\.B $c\$\|^\.BR $c\b" "$man6"
	ok $? "grognard(6) documents the command '$c'"
done
for o in $opts; do
	grep -q -- "$(echo "$o" | sed 's/-/\\\\-/g')" "$man6"
	ok $? "grognard(6) documents $o"
done
missing=""
for k in $keys; do
	case $k in
	[a-zA-Z0-9]) grep -q "^\.B.* $k\( \|\$\)\|^\.B $k\$" "$man6" || missing="$missing $k" ;;
	esac
done
is "$missing" "" "grognard(6) documents every letter and digit key"
missing=""
for k in $filekeys; do
	grep -Eq "^\.(B|BR|RB|BI|IB)( .*)?[ \"]$k([ \"]|\$)" "$man5" || missing="$missing $k"
done
is "$missing" "" "grognard(5) documents every key of the loaders' key tables"
# Every key of the shipped rules files (the rules' own key table is built
# in code: its names are those the game's rules file gives).
missing=""
for k in $(cat "$top_srcdir"/rules/*.cfg | sed 's/#.*//' | grep -oE '[a-z_]+ =' | sed 's/ =//' | sort -u); do
	grep -Eq "^\.(B|BR|RB|BI|IB)( .*)?[ \"]$k([ \",]|\$)" "$man5" || missing="$missing $k"
done
is "$missing" "" "grognard(5) documents every key of the rules files"
missing=""
for k in $names; do
	grep -q "^\.B $k\$" "$man5" || missing="$missing $k"
done
is "$missing" "" "grognard(5) documents every action and colour of the options file"
# The backup a save keeps is named as the manual and the help say.
tmp=${TMPDIR:-/tmp}/grognard-docs.$$
trap 'rm -rf "$tmp" "$tmp.x"' EXIT
printf 'save twice\nsave twice\nhelp save\nquit\n' |
	XDG_DATA_HOME=$tmp "$GROGNARD" --batch --side both --seed 1 >"$tmp.out" 2>&1
baks=$(cd "$tmp/grognard" && ls | grep bak)
is "$baks" "twice.save.bak" "a second save keeps the first as NAME.save.bak"
bare=$(grep -c 'NAME \.bak\|NAME\.bak' "$man6" "$man5" "$tmp.out" | awk -F: '{ n += $2 } END { print n }')
like "$(grep -c 'NAME \.save\.bak' "$man6")/$bare/$(grep -c 'NAME.save.bak' "$tmp.out")" '^[1-9][0-9]*/0/1$' \
	"grognard(6) and 'help save' name it so, never NAME.bak"
rm -f "$tmp.out"

# The other keys: the keymap's punctuation, Space, Tab and control keys
# (as the help names them), and the keys of the modes, menus, line editor
# and pager, which are not in the keymap.  Each must be a word of a .B or
# .BR line.
words=$(grep '^\.B' "$man6" | sed 's/^\.B[RI]* //; s/\\-/-/g; s/"//g; s/\([^ ]\),\( \|$\)/\1\2/g' |
	tr ' ' '\n' | sort -u)
others=$(sed -n 's/^[[:space:]]*X(ACT_[A-Z_]*, "[a-z_]*", \([^,]*\), .*/\1/p' "$keymap" |
	while read -r k; do
		case $k in
		"' '") echo Space ;;
		"'\\t'") echo Tab ;;
		"'"?"'") echo "$k" | cut -c2 | grep -v '[a-zA-Z0-9]' ;;
		[0-9]*) printf 'Ctrl-%b\n' "\\$(printf '%03o' $((k + 64)))" ;;
		esac
	done)
missing=""
for k in $others Shift-Tab Shift-arrows Enter Esc Backspace Ctrl-U Up Down PgUp PgDn Home End \
	"<" ">" "," / N y; do
	printf '%s\n' "$words" | grep -qxF -- "$k" || missing="$missing $k"
done
is "$missing" "" "grognard(6) documents every other key (punctuation, control keys, modes, pager)"
for page in "$man6" "$man5"; do
	[ -f "$page" ]
	ok $? "$(basename "$page") exists"
	if command -v groff >/dev/null 2>&1; then
		# "cannot adjust line" depends on how long the configured paths
		# are (a distcheck's are long); every other warning is a markup
		# mistake.
		warn=$(groff -man -Tutf8 -ww "$page" 2>&1 >/dev/null |
			grep -v 'cannot adjust line')
		is "$warn" "" "$(basename "$page") renders without warnings"
	else
		echo "ok $((tap_n += 1)) # SKIP groff is not installed"
	fi
done

# The README's example is run here, so it cannot go stale: its first line
# is the command (grognard found on the PATH), the rest its output.
readme="$top_srcdir/README.md"
block=$(awk '/^```$/ { n++; next } n == 1 { print } n >= 2 { exit }' "$readme")
cmd=$(printf '%s\n' "$block" | sed -n '1s/^\$ //p')
want=$(printf '%s\n' "$block" | sed 1d)
got=$(cd "$tmp.d" 2>/dev/null || cd /; PATH=$(dirname "$GROGNARD"):$PATH sh -c "$cmd" 2>&1)
like "$cmd" "grognard --batch" "the README opens with an example of batch mode"
is "$got" "$want" "the README's example prints what the README shows"

# Everything a player reads fits an 80-column terminal: --help, and the
# manuals as man shows them there (their examples included).
wide=$("$GROGNARD" --help | awk 'length($0) > 80')
is "$wide" "" "--help fits 80 columns"
for page in "$man6" "$man5"; do
	if command -v groff >/dev/null 2>&1; then
		wide=$(groff -man -Tascii -P-cbou -rLL=80n "$page" 2>/dev/null | awk 'length($0) > 80')
		is "$wide" "" "$(basename "$page") fits 80 columns"
	else
		echo "ok $((tap_n += 1)) # SKIP groff is not installed"
	fi
done

# The manuals are made at build time with the configured paths.
if [ -n "${PKGDATADIR:-}" ]; then
	like "$(grep -c "^\.I $PKGDATADIR/maps/" "$man6" "$man5" | tr '\n' ' ')" ":1 .*:1 " \
		"both manuals name the configured data directory ($PKGDATADIR)"
else
	echo "ok $((tap_n += 1)) # SKIP PKGDATADIR is not set (run from make check)"
fi
is "$(grep -n '@[a-zA-Z_]*@' "$man6" "$man5")" "" "no placeholder is left in the manuals"
like "$(sed -n 's/^\.TH .*"grognard \([^"]*\)".*/\1/p' "$man6" "$man5" | sort -u)" \
	"^$("$GROGNARD" --version | sed -n '1s/^grognard //p')\$" "the manuals carry the program's version"

# grognard(5)'s examples are real files: the orbat, then the map using it.
mkdir -p "$tmp.x"
sed -n '/^\.SH EXAMPLES/,/^\.SH SEE ALSO/p' "$man5" | awk -v d="$tmp.x" '
	/^\.EX/ { n++; f = d "/" (n == 1 ? "gudin.cfg" : "map.cfg"); on = n <= 2; next }
	/^\.EE/ { on = 0; next }
	on { gsub(/\\-/, "-"); print > f }'
out=$("$GROGNARD" --check "$tmp.x/gudin.cfg" "$tmp.x/map.cfg" 2>&1)
is "$out" "$tmp.x/gudin.cfg: ok (orbat)
$tmp.x/map.cfg: ok (map)" "grognard(5)'s example orbat and map pass --check"
rm -rf "$tmp.x"
done_testing
