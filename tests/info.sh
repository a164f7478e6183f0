#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What a commander is told, in batch mode: decisions logged in words,
# questions that quote every test they throw, refusals that say what the
# unit is, the roster, 'describe', turning toward a point and moving, and
# the ground a move would end in.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 4

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
done_testing
