#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What a commander is told, in batch mode: decisions logged in words,
# questions that quote every test they throw, refusals that say what the
# unit is, the roster, 'describe', turning toward a point and moving, and
# the ground a move would end in.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 11

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
printf 'help moveto\n' | "$GROGNARD" --batch >"$tmp/help.out" 2>&1
like "$(cat "$tmp/help.out")" "^moveto UNIT X Y" "help knows moveto"
done_testing
