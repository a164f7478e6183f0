#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Saved battles from the command line: a good save loads and continues;
# damaged ones (truncated, corrupted field by field) are refused with
# path:line messages and exit 1, never a crash.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
scratch saves

# (--dice: the French win Turn 1's initiative, whatever the seed)
printf 'brigade StH1\nmove 10L1 3\nsave good\ndump\nquit\n' |
	"$GROGNARD" --batch --side both --seed "$SEED" --dice "$(first_pips A)" >"$tmp/before" 2>&1
good=$dir/good.save

# Damaged copies: each a file and what it checks.
n=0
# damage WHAT COMMAND...: the good save through COMMAND; with $want set,
# the message it must give (after "path:line: ").
damage() {
	n=$((n + 1))
	printf '%s\n' "$1" >"$tmp/what.$n"
	printf '%s\n' "${want:-}" >"$tmp/want.$n"
	want=
	shift
	"$@" <"$good" >"$tmp/bad.$n.save"
}
size=$(wc -c <"$good")
for pct in 5 20 35 50 65 80 95; do
	damage "truncated at $pct%" head -c $((size * pct / 100))
done
damage "the last line gone" sed '$d'
damage "empty" head -c 0
damage "binary garbage" head -c 0
printf '\001\002\377\376 grognard_save = {{{{ \000\n' >"$tmp/bad.$n.save"
damage "a newer format" sed 's/format = 1;/format = 99;/'
damage "a seed that is not a number" sed 's/^seed = "[0-9]*";/seed = "seven";/'
damage "dice state cut short" sed 's/state = \[ "\([0-9a-f]*\)", /state = [ /'
damage "dice state not hexadecimal" sed '0,/state = \[ "[0-9a-f]*"/s//state = [ "zz"/'
damage "an unknown unit" sed '0,/id = "10L1";/s//id = "99Z9";/'
damage "a formation that does not exist" sed '0,/formation = "column"/s//formation = "blob"/'
damage "a negative strength" sed '0,/sp = 6;/s//sp = -3;/'
damage "a marker that does not exist" sed '0,/markers = \[ \]/s//markers = [ "green" ]/'
damage "a unit state that does not exist" sed '0,/state = "active"/s//state = "resting"/'
damage "an initiative side that does not exist" sed 's/initiative = "[AB]"/initiative = "C"/'
damage "a brigade that does not exist" sed 's/brigade = "StH1"/brigade = "NOPE"/'
damage "an order that is not one" sed 's/"move 10L1 3"/"fly 10L1 3"/'
damage "a log entry of the wrong shape" sed '0,/( 1, "/s//( "one", "/'
damage "the units list gone" sed '/^units = (/,/^);/d'
damage "a unit missing from the list" sed '0,/id = "10L2";/{/id = "10L2";/d}'
damage "a changed scenario checksum" sed '/^scenario = /s/checksum = "[0-9a-f]*"/checksum = "0000000000000000"/'
damage "a scenario that is not there" sed 's|path = "(built-in default battle)"|path = "/nonexistent/battle.cfg"|'
damage "a commander attached to no unit" sed '0,/attached = "-"/s//attached = "XX1"/'
damage "a sky that does not exist" sed 's/sky = "clear"/sky = "tornado"/'
damage "an unknown top-level key" sed 's/^seed = /sead = /'
# States that read well field by field but do not hang together.
want='game: the manoeuvre phase needs a side with the initiative \(A or B\)$'
damage "no side with the initiative in a manoeuvre phase" sed 's/initiative = "A"/initiative = "-"/'
want='game: brigade Br1 is not of French, who have the initiative$'
damage "the active brigade on the other side" sed 's/brigade = "StH1"; current/brigade = "Br1"; current/'
want='game: division Ves is not of French, who have the initiative$'
damage "a division manoeuvring on the other side" sed 's/brigade = "StH1"; current = "10L1"; divmove = "-"/brigade = "-"; current = "-"; divmove = "Ves"/'
want="unit '10L1': 9 strength points, more than the 6 it began with$"
damage "more strength than at the start" sed '0,/sp = 6; sp0 = 6;/s//sp = 9; sp0 = 6;/'
want="unit '10L1': sp0 is 60 but the scenario gives it 6"
damage "a strength at the start not the scenario's" sed '0,/sp = 6; sp0 = 6;/s//sp = 6; sp0 = 60;/'
want="unit '10L1': at 35.25, 720.00: off the 120 x 90 cm table$"
damage "a unit off the table" sed '0,/x = 35.25; y = 72.0;/s//x = 35.25; y = 720.0;/'
want="unit '10L1': unknown key 'colour' \\(expected one of: id, x, y,"
damage "an unknown key in a unit" sed '0,/sp = 6; sp0 = 6;/s//sp = 6; sp0 = 6; colour = "red";/'
want="commander 'IV': unknown key 'mood'"
damage "an unknown key in a commander" sed 's/{ id = "IV";/{ id = "IV"; mood = "grim";/'
want="game: unknown key 'speed'"
damage "an unknown key in the game" sed 's/^game = {/game = { speed = 2;/'
want="commander 'IV': at -40.00, 82.61: off the 120 x 90 cm table$"
damage "a commander off the table" sed 's/{ id = "IV"; x = [0-9.]*;/{ id = "IV"; x = -40.0;/'
# A save is checked as strictly as a map's deployment.
want="unit '10L2': at 35.25, 72.00: overlaps unit '10L1' at 35.25, 72.00$"
damage "two units on the same spot" sed '0,/x = 39.75; y = 75.0;/s//x = 35.25; y = 72.0;/'
want="game: the unit manoeuvring, IR15a, is not of French, who have the initiative$"
damage "the unit manoeuvring on the side without the initiative" sed 's/current = "10L1"/current = "IR15a"/'
want="unit '10L1': at 0.50, 72.00: partly off the 120 x 90 cm table$"
damage "a unit partly off the table" sed '0,/x = 35.25; y = 72.0;/s//x = 0.5; y = 72.0;/'
want="commander 'StH': only brigade commanders attach to units$"
damage "a division commander attached to a unit" sed 's/\({ id = "StH";.*\)attached = "-"/\1attached = "10L1"/'
want="commander 'StH2': unit '10L1' is not in this commander's brigade$"
damage "a brigade commander attached to another brigade's unit" sed 's/\({ id = "StH2";.*\)attached = "-"/\1attached = "10L1"/'

plan $((n * 3 + 16))
"$GROGNARD" --check "$good" >"$tmp/out" 2>&1
ok $? "the good save passes --check"
printf 'dump\nquit\n' | "$GROGNARD" --batch --side both --load good >"$tmp/after" 2>&1
ok $? "the good save loads by name"
cmp -s "$tmp/before" /dev/null
grep -E '^(game|unit|commander|side|objective) ' "$tmp/before" >"$tmp/d1"
grep -E '^(game|unit|commander|side|objective) ' "$tmp/after" >"$tmp/d2"
cmp -s "$tmp/d1" "$tmp/d2"
ok $? "and gives the same dump as when it was saved"
like "$(grep '^unit id=10L1 ' "$tmp/after")" "y=72.00" "the move made before saving is there"
ls -ld "$dir" | grep -q '^drwx------'
ok $? "the saves directory is private (0700)"

# Who plays is kept with the battle: continued without --side and --ai, it
# is played as it was (the script still B, the computer still hard).
dumps() { grep -E '^(game|unit|commander|side|objective) ' "$1"; }
printf 'dump\nsave sideb\nquit\n' | "$GROGNARD" --batch --side B --ai hard --seed 1 >"$tmp/sb1" 2>&1
like "$(grep -o 'players = "[^"]*"; ai = "[^"]*"' "$dir/sideb.save")" '^players = "B"; ai = "hard"$' \
	"a save records the side the keyboard plays and the computer's level"
like "$(grep '^computer = ' "$dir/sideb.save")" '^computer = "general init=[0-9]+ phase=[0-9]+ noted=[01] planned=[01] ' \
	"... and what the computer remembers of the battle"
printf 'dump\nsave sideb2\nquit\n' | "$GROGNARD" --batch --load sideb >"$tmp/sb2" 2>&1
dumps "$tmp/sb1" >"$tmp/sb1.d"
dumps "$tmp/sb2" >"$tmp/sb2.d"
cmp -s "$tmp/sb1.d" "$tmp/sb2.d"
ok $? "continued without --side, the script plays B again (the computer did not play B's initiative)"
like "$(grep -o 'players = "[^"]*"; ai = "[^"]*"' "$dir/sideb2.save")" '^players = "B"; ai = "hard"$' \
	"... and the computer is still hard"

# No save while a decision waits: the order that asked it is half done
# (U5, cautious, passes its test with a 3 and charges: U5T is asked
# whether to counter-charge).
printf 'brigade CE\ndice 3\ncharge U5 U5T\nsave mid\nanswer no\nsave after\nquit\n' |
	"$GROGNARD" --batch --side both --seed "$SEED" --dice "$(first_pips A)" "$top_srcdir/tests/rules/charge-react.cfg" \
		>"$tmp/dec.out" 2>"$tmp/dec.err"
is "$?" 1 "a save while a decision waits counts as a bad command (exit 1)"
is "$(cat "$tmp/dec.err")" "stdin:4: cannot save while a decision waits for an answer (the order that asked it is half done): answer it, then save" \
	"... and says why"
ok $([ ! -e "$dir/mid.save" ] && echo 0 || echo 1) "... and writes nothing"
"$GROGNARD" --check "$dir/after.save" >/dev/null 2>&1
ok $? "once answered, the battle saves"

# A scenario is its map and the orbat files it names: an orbat edited
# after the battle began makes the save one that cannot be continued.
mkdir -p "$tmp/scen/orbats" "$tmp/scen/maps"
cp "$top_srcdir/maps/auerstedt.cfg" "$tmp/scen/maps/"
cp "$top_srcdir"/orbats/auerstedt-*.cfg "$tmp/scen/orbats/"
printf 'save auer\nquit\n' | "$GROGNARD" --batch --side both --seed 2 "$tmp/scen/maps/auerstedt.cfg" >/dev/null 2>&1
"$GROGNARD" --check "$dir/auer.save" >/dev/null 2>&1
ok $? "a save of a scenario with orbat files passes --check"
sed -i '0,/rating = "veteran"/s//rating = "untrained"/' "$tmp/scen/orbats/auerstedt-french.cfg"
"$GROGNARD" --check "$dir/auer.save" >"$tmp/out" 2>"$tmp/err"
is "$?" 1 "once an orbat file it names is edited, the save is refused"
like "$(cat "$tmp/err")" "auer.save:[0-9]+: scenario: .*auerstedt.cfg has changed since this battle was saved \(the map or an orbat file it names\)" \
	"... saying the scenario has changed"

i=1
while [ $i -le $n ]; do
	what=$(cat "$tmp/what.$i")
	"$GROGNARD" --check "$tmp/bad.$i.save" >"$tmp/out" 2>"$tmp/err"
	st=$?
	is "$st" 1 "damaged save ($what): --check exits 1"
	like "$(head -1 "$tmp/err")" "^[^:]+:[0-9]+: $(cat "$tmp/want.$i")" "damaged save ($what): path:line: message"
	printf 'dump\n' | "$GROGNARD" --batch --side both --load "$tmp/bad.$i.save" >/dev/null 2>&1
	st=$?
	is "$st" 1 "damaged save ($what): --load refuses it without crashing"
	i=$((i + 1))
done
done_testing
