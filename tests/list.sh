#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# grognard --list: the battles there are, one a line (name, year, nations,
# units a side, title): the built-in one, every map in the data
# directory's maps/ (picked up without a change to the program), the
# player's own; a map that will not load is said on stderr, the rest still
# listed.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 23
scratch list

out=$("$GROGNARD" --list 2>"$tmp/err"); st=$?
is "$st" 0 "--list exits 0"
is "$(cat "$tmp/err")" "" "... saying nothing on stderr"
like "$(printf '%s\n' "$out" | head -1)" \
	"^default +1809 +French v Austrian +14 v 14 +Hochdorf, 1809 \(the built-in battle\)$" \
	"the built-in battle comes first: name, year, nations, units a side, title"
like "$out" "^auerstedt +1806 +French v Prussian +38 v 77 +Auerstedt, 14 October 1806$" \
	"Auerstedt: 1806, French v Prussian, 38 v 77"
like "$out" "^waterloo +1815 +French v British/Prussian\\+ +163 v 230 +Waterloo, 18 June 1815$" \
	"Waterloo: two nations named on the allied side, a + for the other contingents"
is "$(printf '%s\n' "$out" | grep -c '^default ')" 1 "the built-in battle is listed once (not again as maps/default.cfg)"
# Every map of the source tree is there, whoever added it.
missing=
for f in "$top_srcdir"/maps/*.cfg; do
	n=$(basename "$f" .cfg)
	printf '%s\n' "$out" | grep -q "^$n " || missing="$missing $n"
done
is "$missing" "" "every map in maps/ is listed"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" "$(ls "$top_srcdir"/maps/*.cfg | wc -l | tr -d ' ')" \
	"one line a battle"
# The columns line up: the year starts at the same column on every line.
cols=$(printf '%s\n' "$out" | awk '{ print index($0, " " $2 " ") }' | sort -u | wc -l | tr -d ' ')
is "$cols" 1 "the columns line up"
# Each listed name is a scenario the program fights.
bad=
for n in $(printf '%s\n' "$out" | awk '{ print $1 }'); do
	printf 'quit\n' | "$GROGNARD" --batch --seed 1 "$n" >/dev/null 2>&1 || bad="$bad $n"
done
is "$bad" "" "every name listed is a battle grognard starts by that name"

# A data directory of our own: a map added to maps/ is listed without any
# change to the program, in order of date; a broken one is said on stderr.
mkdir -p "$tmp/dd/maps" "$tmp/dd/orbats"
cp "$top_srcdir"/orbats/auerstedt-*.cfg "$tmp/dd/orbats/"
cp "$top_srcdir/maps/auerstedt.cfg" "$tmp/dd/maps/"
sed -e 's/^name = .*/name = "Zorndorf, 25 August 1758";/' -e 's/^date = .*/date = "1758-08-25";/' \
	"$top_srcdir/maps/auerstedt.cfg" >"$tmp/dd/maps/zorndorf.cfg"
sed -e 's/^name = .*/name = "Undated";/' -e '/^date = /d' "$top_srcdir/maps/auerstedt.cfg" >"$tmp/dd/maps/undated.cfg"
out=$(GROGNARD_DATADIR=$tmp/dd "$GROGNARD" --list 2>"$tmp/err"); st=$?
is "$st" 0 "a data directory of our own lists"
is "$(printf '%s\n' "$out" | awk '{ print $1 }' | tr '\n' ' ')" "default zorndorf auerstedt undated " \
	"a map added to maps/ is listed, the battles in order of date (the undated last)"
like "$out" "^zorndorf +1758 +French v Prussian +38 v 77 +Zorndorf, 25 August 1758$" "... with its year from its date"
like "$out" "^undated +- +French" "a map without a date has '-' for its year"
printf 'name = "Broken";\ntable = { width = ; };\n' >"$tmp/dd/maps/broken.cfg"
out=$(GROGNARD_DATADIR=$tmp/dd "$GROGNARD" --list 2>"$tmp/err"); st=$?
is "$st" 1 "a map that will not load: exit status 1"
like "$(cat "$tmp/err")" "broken.cfg:2: syntax error" "... its problem said on stderr as file:line"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" 4 "... and the other battles still listed"
rm "$tmp/dd/maps/broken.cfg"

# The player's own maps are listed too, and hide a data map of their name
# (as 'grognard NAME' would find theirs).
mkdir -p "$XDG_DATA_HOME/grognard/maps" "$XDG_DATA_HOME/grognard/orbats"
sed -e 's/^name = .*/name = "My Auerstedt";/' "$top_srcdir/maps/auerstedt.cfg" >"$XDG_DATA_HOME/grognard/maps/auerstedt.cfg"
sed -e 's/^name = .*/name = "Mine";/' "$top_srcdir/maps/auerstedt.cfg" >"$XDG_DATA_HOME/grognard/maps/mine.cfg"
cp "$top_srcdir"/orbats/auerstedt-*.cfg "$XDG_DATA_HOME/grognard/orbats/"
out=$(GROGNARD_DATADIR=$tmp/dd "$GROGNARD" --list 2>"$tmp/err")
like "$out" "^mine +1806 .* Mine$" "the player's own map is listed"
like "$out" "^auerstedt +1806 .* My Auerstedt$" "... and hides the data map of its name"
is "$(printf '%s\n' "$out" | grep -c '^auerstedt ')" 1 "... which is listed once"

"$GROGNARD" --list auerstedt >/dev/null 2>"$tmp/err"; st=$?
is "$st" 2 "--list with a scenario is a usage error (2)"
like "$(cat "$tmp/err")" "--list takes no scenario" "... and says so"
like "$("$GROGNARD" --help)" "--list" "--help lists --list"
done_testing
