#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The army-scale battle, Waterloo, played AI against AI to a result in
# batch mode: no order refused, the reinforcements come on in their Turns
# (Chassé at 15:00, Bülow from 16:00, Pirch at 18:30, Zieten at 19:00),
# and the report names both armies' divisions.  The slowest test: the
# whole battle is some 390 units over up to 20 Turns.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 9
scratch waterloo

"$GROGNARD" --batch --side none --seed 2 waterloo >"$tmp/out" 2>&1
st=$?
is "$st" 0 "Waterloo, AI against AI: exit 0"
like "$(grep '^report: Result: ' "$tmp/out")" "^report: Result: (French|Allies \(Wellington and Blucher\)) win|^report: Result: A draw" \
	"the battle ends with a result"
is "$(grep -c '^refused' "$tmp/out")" 0 "not one order refused"
# The Turn on which each arrival first comes on (or tries to).
first() {
	awk -v id="$1" '/log: Turn [0-9]+ of 20 begins/ { t = $3 }
		$0 ~ "log: " id " " && /arrives on the field|cannot come on/ { print t; exit }' "$tmp/out"
}
is "$(first '35th Jagers')" 8 "Chassé's division comes on at Turn 8 (15:00)"
is "$(first '18th Infantry, 1st battalion')" 10 "Bülow's 15th Brigade at Turn 10 (16:00)"
is "$(first '10th Infantry, 1st battalion')" 12 "his 13th Brigade at Turn 12 (17:00)"
is "$(first '2nd Infantry, 1st battalion')" 15 "Pirch's 5th Brigade at Turn 15 (18:30)"
is "$(first '12th Infantry, 1st battalion')" 16 "Zieten's head of column at Turn 16 (19:00)"
like "$(grep '^report:   ' "$tmp/out" | tr '\n' ' ')" "Young Guard \(Duhesme\).*3rd Division \(Alten\).*15th Brigade \(Losthin\)" \
	"the report goes through the divisions of all three armies"
done_testing
