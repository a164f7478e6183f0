#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What a commander is told, in batch mode: decisions logged in words,
# questions that quote every test they throw, refusals that say what the
# unit is, the roster, 'describe', turning toward a point and moving, and
# the ground a move would end in.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 28

# ----------------------------------------------------------------------
# Decisions are logged as what was decided, not as the menu's label
run charge-react A fallback <<'EOF2'
brigade KS
charge K10 C10
answer fallback 20
EOF2
is "$(logline fallback ': C10 will')" "log: Austrians: C10 will fall back 20.0 cm." \
	"a fall-back is logged in words, with its distance in cm"
unlike "$(grep '^log: ' "$tmp/fallback.out")" "\(cm\)" "no menu label such as 'fall back (cm)' reaches the log"

# ----------------------------------------------------------------------
# A cautious unit offered an opportunity charge is told of both its tests
run melee-react A cautious <<'EOF2'
brigade AM
move M1 6
dice 2
answer charge
EOF2
like "$(grep '^decide: [A-Za-z]*: oc1 ' "$tmp/cautious.out")" \
	"oc1 may opportunity-charge M1 .*\(in command but cautious: 1D6 >= 3 to charge at all, then 1D6 >= 3 for the opportunity charge\)\?" \
	"a cautious unit's opportunity-charge question quotes both throws"

# ----------------------------------------------------------------------
# Artillery is told it cannot charge before any target is considered
run charge-react A battery <<'EOF2'
brigade MV
charge G4 M4
EOF2
is "$(refusal battery 'charge G4 M4')" "G4 is artillery: artillery cannot charge" \
	"a battery's charge is refused for what it is, even at a friend"

# ----------------------------------------------------------------------
# Turning toward a point and moving, as one order (info.cfg)
run info - moveto --seed 2 <<'EOF2'
brigade A1
moveto C1 35 42
moveto K1 70 45
moveto S1 45 40
dump
EOF2
is "$(pos moveto C1)" "x=35.00 y=42.00 facing=0.0 formation=column" \
	"moveto: a point 3 cm ahead: no pivot, and the centre stops on the point"
is "$(logline moveto 'K1 pivots') / $(logline moveto 'K1 moves')" \
	"log: K1 pivots to face 90. / log: K1 moves 15.0 cm (15.0 of its 18 cm allowance)." \
	"moveto: a pivot to face the point, then a move up to it (15 cm, within the allowance)"
is "$(pos moveto K1)" "x=70.00 y=45.00 facing=90.0 formation=skirmish" "... which ends on the point"
is "$(refusal moveto 'moveto S1 45 40')" "S1 is a square: squares move only by inching ('inch')" \
	"a square is refused: squares inch"
printf 'brigade A2\nmoveto G1 65 40\n' | run info - guns --seed 2
is "$(refusal guns 'moveto G1 65 40')" "G1 is artillery: guns go toward a point by redeploying ('redeploy')" \
	"guns are refused: they redeploy"
run info - moveto-far --seed 2 <<'EOF2'
brigade A1
moveto L1 50 38
dump
EOF2
is "$(pos moveto-far L1)" "x=26.00 y=38.00 facing=90.0 formation=line" \
	"a point beyond the allowance: as far as the unit may go toward it (6 cm)"
# It is kept in the history as written, and replays to the same battle.
printf 'brigade A1\nmoveto L1 50 38\nsave mt\n' | XDG_DATA_HOME=$tmp/data run info - mt-save --seed 2
like "$(grep -A3 '^history' "$tmp/data/grognard/mt.save")" '"moveto L1 50 38"' "a save keeps moveto as written"
XDG_DATA_HOME=$tmp/data "$GROGNARD" --replay mt --batch </dev/null >"$tmp/mt.replay" 2>&1
is "$?" 0 "and its replay comes out as saved"
printf 'help moveto\n' | "$GROGNARD" --batch >"$tmp/help.out" 2>&1
like "$(cat "$tmp/help.out")" "^moveto UNIT X Y" "help knows moveto"

# ----------------------------------------------------------------------
# The roster: a side's own, and the enemy's as seen across the table
run info - roster --seed 2 <<'EOF2'
brigade A1
move C1 2
move K1 2
roster A
roster B A
roster
EOF2
is "$(grep -c '^    [A-Za-z0-9]* *[0-9]*/[0-9]' "$tmp/roster.out")" 16 \
	"the roster lists every unit, each time (6 French twice, 4 Austrians)"
like "$(grep '^French: ' "$tmp/roster.out" | head -1)" "^French: 6 units, 0 lost \(3 lost break the side: 50%\); objectives held 0 of 3$" \
	"its head gives the units, losses against the break and the objectives"
like "$(grep '^  Kister' "$tmp/roster.out" | head -1)" "^  Kister's brigade \(A1\)" "units are listed by division and brigade"
like "$(grep '^    K1 ' "$tmp/roster.out" | head -1)" "^    K1 +6/6  skirmish +- +in command  yes  15e Leger$" \
	"a unit: SP now/at start, formation, markers, command status, may still act, name"
like "$(grep '^    C1 ' "$tmp/roster.out" | head -1)" "^    C1 +6/6  column +- +in command  -    48e Ligne$" \
	"a unit whose manoeuvre is over (another began) may not act"
like "$(grep '^    b2 ' "$tmp/roster.out")" "^    b2 +6/6  column +- +IR 2$" \
	"the enemy's units: SP, formation, markers, and no command or may-act"
like "$(grep '^Austrians' "$tmp/roster.out" | head -1)" "^Austrians as seen across the table: 4 units" \
	"the enemy's roster says whose view it is"
printf 'roster C\n' | run info - roster-bad --seed 2
is "$(cat "$tmp/roster-bad.err")" "stdin:1: roster: 'C' is not a side (A or B)" "a side that is not one is an error"

# ----------------------------------------------------------------------
# describe: a point or a unit in words
run info - describe --seed 2 <<'EOF2'
describe L1
describe 86 12 A
describe 60 30 B
EOF2
like "$(cat "$tmp/describe.out")" "Here: L1 \(French line infantry, line facing N, 6/6 SP\), 33e Ligne\." \
	"describe UNIT says what it is"
like "$(cat "$tmp/describe.out")" "  b1 \(Austrian line infantry, line facing S, 6/6 SP\): 22.0 cm N \(0\), enemy" \
	"... and the units around it, with distance and bearing"
like "$(cat "$tmp/describe.out")" "At 86.0, 12.0 cm: village \(Dorf\)\." "describe X Y names the ground"
like "$(cat "$tmp/describe.out")" "Objective Dorf \(worth 2\): Austrians\." "... and the objective there, and who holds it"
like "$(cat "$tmp/describe.out")" "Threats to French here:" "the threats are told for the side looking"
like "$(cat "$tmp/describe.out")" "  g1 could fire \(44.1 cm ENE\)" "... each enemy that could fire or charge there"
like "$(sed -n '/At 60.0, 30.0/,$p' "$tmp/describe.out")" "Threats to Austrians here:" "another side sees other threats"
done_testing
