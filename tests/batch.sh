#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Batch mode: commands from stdin or a script; dump lists every unit of the
# default battle; bad commands are reported and do not stop the run.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 32
tmp=${TMPDIR:-/tmp}/grognard-batch.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

printf 'dump\nquit\n' | "$GROGNARD" --batch --seed 1 >"$tmp/out" 2>"$tmp/err"; st=$?
is "$st" 0 "dump and quit exit 0"
is "$(cat "$tmp/err")" "" "nothing on stderr"
units=$(grep -c '^unit ' "$tmp/out")
is "$units" 28 "the default battle has 28 units, each listed"
bad=$(grep '^unit ' "$tmp/out" | grep -Ev ' id=[^ ]+ side=[AB] x=[0-9]+\.[0-9]{2} y=[0-9]+\.[0-9]{2} facing=[0-9]+\.[0-9] formation=[a-z_]+ sp=[0-9]+ sp0=[0-9]+ type=[a-z_]+ rating=[a-z]+ brigade=[^ ]+ markers=[a-z,]+ status=[a-z_]+')
is "$bad" "" "every unit line has id, side, x, y, facing, formation, sp, sp0, type, rating, brigade, markers, status in order"
like "$(grep '^game ' "$tmp/out")" "^game turn=1 turns=10 phase=[a-z]+ initiative=(-|A|B) brigade=[^ ]+ time=10:00 weather=clear" "the game line opens the dump"
is "$(grep -c '^side ' "$tmp/out")" 2 "two side lines"
is "$(grep -c '^commander ' "$tmp/out")" 14 "every commander is listed"
like "$(grep '^unit id=57L1 ' "$tmp/out")" "sp=7 sp0=7 type=line_infantry rating=elite" "720 men are 7 SP"
like "$(grep '^unit id=StHA1 ' "$tmp/out")" "formation=battery sp=4 " "8 guns are 4 SP"
like "$(grep '^log: ' "$tmp/out")" "^log: Brady's rating on the division table: 2D6 [1-6]\+[1-6] = [0-9]+" "rolled ratings show their dice in the log"

printf 'dump\nquit\n' | "$GROGNARD" --batch --seed 1 >"$tmp/again" 2>&1
cmp -s "$tmp/out" "$tmp/again"
ok $? "the same seed gives the same battle"
for s in 2 3 4 5 6 7 8 9; do
	printf 'dump\n' | "$GROGNARD" --batch --seed $s >"$tmp/other" 2>&1
	grep '^log:' "$tmp/out" >"$tmp/a"; grep '^log:' "$tmp/other" >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" || break
done
! cmp -s "$tmp/a" "$tmp/b"
ok $? "another seed throws other dice"

printf 'help\nfrobnicate now\ndump extra\ndump\n' | "$GROGNARD" --batch --seed 1 >"$tmp/out" 2>"$tmp/err"; st=$?
is "$st" 1 "a run with bad commands exits 1"
like "$(cat "$tmp/err")" "^stdin:2: unknown command 'frobnicate'" "an unknown command is named with its line"
like "$(cat "$tmp/err")" "^stdin:3: usage: dump" "a command with wrong arguments gets its usage"
is "$(grep -c '^unit ' "$tmp/out")" 28 "and the run goes on to the next command"

printf 'help dump\nhelp nosuch\ndump\n' | "$GROGNARD" --batch --seed 1 >"$tmp/out" 2>"$tmp/err"; st=$?
is "$st" 1 "help on a command that does not exist: exit 1 at the end"
is "$(cat "$tmp/err")" "stdin:2: help: no command 'nosuch' ('help' lists them)" \
	"and it is an error on stderr with its line, like an unknown command"
like "$(cat "$tmp/out")" "^unit .*" "the run goes on past it"

printf '# a comment\n\nquit\ndump\n' >"$tmp/script"
"$GROGNARD" --batch --seed 1 --script "$tmp/script" </dev/null >"$tmp/out" 2>&1; st=$?
is "$st" 0 "--script reads commands from a file; comments and blank lines are fine"
is "$(grep -c '^unit ' "$tmp/out")" 0 "nothing runs after quit"
# A name holding a newline (libconfig keeps it) must not break dump's one
# line per record.
sed 's/^name = "manoeuvre test: open ground";/name = "two\\nlines\\ttab";/' \
	"${top_srcdir:-.}/tests/rules/open.cfg" >"$tmp/nl.cfg"
printf 'dump\n' | "$GROGNARD" --batch --seed 1 "$tmp/nl.cfg" >"$tmp/out" 2>&1
like "$(grep '^game ' "$tmp/out")" 'title="two\\nlines\\ttab"$' "dump escapes a newline and a tab in a name"
is "$(grep -c '^lines' "$tmp/out")" 0 "and the record stays on one line"
# C1 controls: a raw 0x9b (the 8-bit CSI of some terminals, and broken
# UTF-8) and U+009B in UTF-8 are written as escapes too, in the log and
# in dump; ordinary UTF-8 stays as it is.
printf 's/^name = "manoeuvre test: open ground";/name = "raw\233[2J utf8\302\233[2J Vécsey";/\n' >"$tmp/c1.sed"
sed -f "$tmp/c1.sed" "${top_srcdir:-.}/tests/rules/open.cfg" >"$tmp/c1.cfg"
printf 'dump\n' | "$GROGNARD" --batch --seed 1 "$tmp/c1.cfg" >"$tmp/out" 2>&1
like "$(grep '^game ' "$tmp/out")" 'title="raw\\x9b\[2J utf8\\u009b\[2J Vécsey"$' \
	"dump escapes C1 controls, raw and in UTF-8, and keeps other UTF-8"
is "$(LC_ALL=C grep -c "$(printf '\233')" "$tmp/out")" 0 "no C1 byte reaches the output, log lines included"
# One rule for the exit status: any bad command (one that cannot be read,
# or a save or export that cannot be made) gives 1; an order the rules
# refuse is reported and is not a bad command.
XDG_DATA_HOME=$tmp/xdg
export XDG_DATA_HOME
for name in ../up .hidden "a b" "$(printf '%070d' 0)"; do
	printf 'save "%s"\ndump\n' "$name" | "$GROGNARD" --batch --side both --seed 1 >"$tmp/out" 2>"$tmp/err"
	st=$?
	is "$st/$(grep -c '^unit ' "$tmp/out")" "1/28" "a refused save name ('$name') exits 1, after the rest of the script"
done
# (--dice: the French win Turn 1's initiative, whatever the seed)
french=$(first_pips A)
printf 'brigade StH1\nmove 10L1 40\ndump\n' | "$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" >"$tmp/out" 2>&1
is "$?/$(grep -c '^refused: ' "$tmp/out")" "0/1" "an order the rules refuse is printed and exits 0"
# Exports are written as saves are: on a full disk (a file size limit
# here) the older record stays whole and no empty file is left.
printf 'export rec\n' | "$GROGNARD" --batch --side both --seed 1 >/dev/null 2>&1
cp "$XDG_DATA_HOME/grognard/rec.txt" "$tmp/rec.before"
(ulimit -f 1; printf 'brigade StH1\nmove 10L1 3\nexport rec\nexport fresh\n' |
	"$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" 2>&1; echo "exit $?") | cat >"$tmp/out"
is "$(grep -v '^log:' "$tmp/out")" "stdin:3: cannot write the record: File too large
stdin:4: cannot write the record: File too large
exit 1" "an export to a full disk says so and exits 1"
cmp -s "$tmp/rec.before" "$XDG_DATA_HOME/grognard/rec.txt" && [ ! -e "$XDG_DATA_HOME/grognard/fresh.txt" ] &&
	[ -z "$(ls -A "$XDG_DATA_HOME/grognard" | grep -v -e '^rec.txt$' -e '\.save')" ]
ok $? "... the older record is whole, no empty one is left, nor any temporary file"
done_testing
