#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Terrain and weather as the texts write them, in batch mode on the tiny
# maps in tests/rules/: where a feature begins (real contact), mud after
# rain or snow, snow's mud only once snow falls, joining in at half rate,
# re-throwing the weather, and the readings the rules leave open (command
# status fixed for an initiative, landmarks, bridges, streams, Cossacks).
#
# The dice that matter are scripted (--dice FILE, or 'dice' in a script),
# so each run says which throws it expects and checks them first.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 7

# rund MAP PIPS NAME < commands: run with --dice (the pips after the
# scenario's own setup throws: Turn 1's initiative comes first).
rund() {
	printf '%s\n' "$2" >"$tmp/$3.pips"
	cat >"$tmp/$3.cmds"
	"$GROGNARD" --batch --side both --seed 1 --dice "$tmp/$3.pips" "$rules/$1.cfg" <"$tmp/$3.cmds" \
		>"$tmp/$3.out" 2>"$tmp/$3.err"
}

# ======================================================================
# Half rate begins at real contact, not 0.05 cm before it
# ======================================================================
rund edge '6 6 1 1' edge <<'EOF'
brigade A1
move E1 6
move E2 5
end
fire F1 f1
answer hold
fire F2 f2
dump
EOF
like "$(logline edge 'French throw')" "2D6 6\+6 = 12" "(the French have the initiative)"
is "$(logline edge '^log: E1 moves')" "log: E1 moves 6.0 cm (6.0 of its 6 cm allowance)." \
	"a move that ends touching a wood costs nothing extra: 6 cm of 6"
is "$(pos edge E1)" "x=20.00 y=54.00 facing=0.0 formation=column" "... and the column's front is on the wood's edge"
is "$(logline edge '^log: E2 moves')" "log: E2 moves 5.0 cm (6.0 of its 6 cm allowance)." \
	"a move 1 cm into a wood: 4 cm free and 1 cm at half rate, 6 cm of 6"
is "$(pos edge E2)" "x=40.00 y=55.00 facing=0.0 formation=column" "... so it goes the whole 5 cm"

# A unit touching a stream is beside it, not in it: it fires; one standing
# in the water may not.
like "$(logline edge '^log: F1 fires at f1')" "at 1.0 cm" "a line touching a stream's bank fires across it"
like "$(refusal edge 'fire F2 f2')" "may not fire while interpenetrated with a stream" \
	"a line standing in the stream may not fire"

done_testing
