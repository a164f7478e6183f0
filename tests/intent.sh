#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The computer's intent line agrees with the orders it gives: in AI
# battles (the built-in battle, the mirrored one, Auerstedt, Talavera, a
# random battle; normal and hard),
# every initiative's note is checked against every order of that
# initiative, read from the battle's saved history.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 24
scratch intent

# The history of a save, one order a line, as typed.
history() {
	awk '/^history = \(/ { f = 1; next } f && /^\);/ { f = 0 } f' "$1" |
		sed 's/^ *"//; s/",\{0,1\}$//; s/\\"/"/g'
}

# What is wrong with the notes of a history, one line each (none: all
# agree).  An initiative runs from its brigade or divmove to its first
# end; it states its intent once, and what it says must be what its
# orders did:
#   stays where it is (holds its ground, stands fast, waits in reserve):
#     no order that takes a unit from where it stands;
#   moves (advances, engages, fights to hold, moves up, falls back,
#     manoeuvres): at least one such order;
#   charging X: a charge at X;  a square / squares against cavalry: that
#     many units formed square.
check() {
	history "$1" | awk '
	function fail(why) { printf "%s: \"%s\"\n", why, note; bad++ }
	function verdict() {
		if (!on)
			return
		on = 0
		if (notes != 1) {
			note = first
			fail(notes " notes in one initiative")
			return
		}
		if (note ~ /(holds its ground|stands fast|waits in reserve)/ && moves)
			fail(moves " orders moved a unit")
		if (note ~ /(advances|engages|fights to hold|moves up|falls back|manoeuvres)/ && !moves)
			fail("no order moved a unit")
		if (match(note, /charging [^ ,.]+/)) {
			t = substr(note, RSTART + 9, RLENGTH - 9)
			if (!(t in charged))
				fail("no charge at " t)
		} else if (ncharges)
			fail(ncharges " charges not said")
		if (note ~ /charging .*charging/)
			fail("two charges said")
		want = note ~ /squares against cavalry/ ? 2 : note ~ /a square against cavalry/ ? 1 : 0
		if ((want == 2 && squares < 2) || (want < 2 && squares != want))
			fail(squares " units formed square")
	}
	/^(brigade|divmove) / {
		on = 1; notes = 0; moves = 0; ncharges = 0; squares = 0; note = ""; first = $0
		split("", charged)
		next
	}
	!on { next }
	$1 == "end" { verdict(); next }
	$1 == "note" { notes++; note = $0; next }
	$1 ~ /^(move|moveto|sidestep|stepback|oblique|inch|prolong|redeploy|charge|cross|defend|retreat)$/ { moves++ }
	$1 == "charge" { charged[$3] = 1; ncharges++ }
	$1 == "form" && $3 == "square" { squares++ }
	'
}

# battle NAME SEED [ARGS...]: an AI battle to its end, saved as NAME.
battle() {
	name=$1 seed=$2
	shift 2
	printf 'save %s\n' "$name" |
		nice "$GROGNARD" --batch --side none --seed "$seed" "$@" >"$tmp/$name.out" 2>&1
}

for seed in 11 12 13 14 15; do
	battle b$seed $seed
	like "$(cat "$tmp/b$seed.out")" "^report: Result: " "built-in battle, seed $seed: played to its end"
	is "$(check "$dir/b$seed.save" | head -5)" "" "built-in battle, seed $seed: every intent line agrees with its orders"
done
# The line of seed 11 that once said a battery held its ground while it
# limbered and drove off: now what it did.
like "$(awk '/Brady.s position artillery has the initiative/ { f = 1; next } f && /^log: Austrians: Brady/ { print; exit }' "$tmp/b11.out")" \
	"^log: Austrians: Brady's position artillery (fights to hold|moves up to hold) Hochdorf\\.$" \
	"seed 11: the battery that redeployed is not said to hold its ground"
battle m14 14 "$top_srcdir/tests/bench/mirror.cfg"
is "$(check "$dir/m14.save" | head -5)" "" "the mirrored battle, seed 14: every intent line agrees with its orders"
for seed in 3 4 5; do
	battle a$seed $seed auerstedt
	like "$(cat "$tmp/a$seed.out")" "^report: Result: " "Auerstedt, seed $seed: played to its end"
	is "$(check "$dir/a$seed.save" | head -5)" "" "Auerstedt, seed $seed: every intent line agrees with its orders"
done
battle t1 1 talavera
is "$(check "$dir/t1.save" | head -5)" "" "Talavera, seed 1: every intent line agrees with its orders"
battle h16 16 --ai hard
is "$(check "$dir/h16.save" | head -5)" "" "--ai hard, seed 16: every intent line agrees with its orders"
battle r9 9 --random
is "$(check "$dir/r9.save" | head -5)" "" "a random battle, seed 9: every intent line agrees with its orders"

# The line comes after the orders it speaks of, just before the end of
# the manoeuvre.
history "$dir/b12.save" >"$tmp/b12.cmds"
is "$(awk '$1 == "note" { getline n; print n }' "$tmp/b12.cmds" | sort -u)" "end" \
	"each intent line is the initiative's last order but its end"
n=$(grep -c '^note ' "$tmp/b12.cmds")
ok $([ "$n" -gt 10 ] && echo 0 || echo 1) "the battle states its intent at every initiative ($n lines)"

# The checks can fail: a note that contradicts its orders is caught.
{
	printf 'history = (\n'
	printf '  "brigade X",\n  "note \\"X holds its ground before Hill.\\"",\n  "redeploy G 0 10 facing 0",\n  "end",\n'
	printf '  "brigade Y",\n  "note \\"Y advances on Hill, charging Z.\\"",\n  "move U 6",\n  "end",\n'
	printf '  "brigade W",\n  "form V square",\n  "note \\"W stands fast before Hill.\\"",\n  "end",\n'
	printf ');\n'
} >"$tmp/bad.save"
is "$(check "$tmp/bad.save" | wc -l | tr -d ' ')" 3 "a history whose notes contradict its orders is caught (3 wrong)"
done_testing
