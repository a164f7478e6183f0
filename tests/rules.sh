#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Rules files in play: the same orders under Mini-Nap and under variants
# that change its numbers (a move, a shot, the help that quotes them), the
# 2007 movement table's terrain in a wood and over a fence, a scenario that
# names its rules and --rules over it, saves that keep their rules, and
# Auerstedt fought to the end at 15 mm.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME
longer=$rules/rules-longer.cfg
plan 38

orders='brigade INF
move L1 max
move L3 max
move L4 max
end
dice 3 3
fire L2 E1
answer hold
dump'

# The same orders under the game's rules and under a house rule.
printf '%s\n' "$orders" | run variant A mininap
like "$(logline mininap '^log: L1 moves')" "L1 moves 6\.0 cm \(6\.0 of its 6 cm allowance\)" \
	"Mini-Nap: a column moves its 6 cm"
is "$(refusal mininap 'fire L2 E1')" "cannot fire: E1 is out of range (6.0 cm; small arms reach 4 cm)" \
	"Mini-Nap: muskets do not reach 6 cm, and the refusal says 4"
printf '%s\n' "$orders" | run variant A longer --rules "$longer"
like "$(logline longer '^log: L1 moves')" "L1 moves 8\.0 cm \(8\.0 of its 8 cm allowance\)" \
	"a house rule of 8 cm: the column moves 8 and the log says so"
is "$(field longer '$' unit L1 y)" "92.00" "... and it stands 8 cm on"
like "$(logline longer 'L3 moves')" "L3 moves 4\.0 cm \(8\.0 of its 8 cm allowance\)" \
	"... in a wood, at half rate, 4"
is "$(refusal longer 'fire L2 E1')" "" "muskets that reach 8 cm: the shot at 6 cm is allowed"
like "$(logline longer 'L2 fires at E1')" "L2 fires at E1 at 6\.0 cm .*2D6 3\+3" "... and fired"

# Refusals and help quote the rules in force.
printf 'brigade INF\nmove L1 9\nhelp sidestep\nhelp inch\n' | run variant A quote --rules "$longer"
is "$(refusal quote 'move L1 9')" "cannot move 9.0 cm: its allowance of 8.0 cm carries it only 8.0 cm" \
	"a refusal names the house rule's allowance"
like "$(cat "$tmp/quote.out")" "up to 5 cm sideways" "help names its side-step (5 cm)"
like "$(cat "$tmp/quote.out")" "moves 4 cm any way \(2 cm with enemy cavalry within 12 cm\)" \
	"... and Mini-Nap's inching where it changes nothing"
# At 15 mm, the same orders: the column's 6 cm is 15 (every allowance of
# the file 2.5 times Mini-Nap's: test-rulesfile), and a refusal says 15.
printf '%s\n' "$orders" | run variant A scale15 --rules mininap-15mm
like "$(logline scale15 '^log: L1 moves')" "L1 moves 15\.0 cm \(15\.0 of its 15 cm allowance\)" \
	"15 mm: a column moves its 15 cm"
printf 'brigade INF\nmove L1 16\n' | run variant A refuse15 --rules mininap-15mm
is "$(refusal refuse15 'move L1 16')" "cannot move 16.0 cm: its allowance of 15.0 cm carries it only 15.0 cm" \
	"... and a refusal quotes it"
printf 'help\n' | run variant A help --rules mininap-15mm
is "$(grep -c '[{}]' "$tmp/help.out")" 0 "every number the help names is filled in from the rules"
printf 'help sidestep\n' | run variant A quote6
like "$(cat "$tmp/quote6.out")" "up to 6 cm sideways" "under Mini-Nap, 6 cm"

# The 2007 table: a column moves 9" (22.86 cm); in a wood it keeps 66% of
# its speed (15.09 cm); a fence takes half its move, the way over it in.
printf '%s\n' "$orders" | run variant A inches --rules mininap-inches
like "$(logline inches 'L1 moves')" "L1 moves 22\.9 cm \(22\.9 of its 22\.86 cm allowance\)" \
	"inches: a column's 9 inches, 22.86 cm"
near "$(field inches '$' unit L1 y)" 77.14 0.005 "... and it stands 22.86 cm on"
near "$(field inches '$' unit L3 y)" 74.91 0.005 "in the wood at 66% of its speed: 15.09 cm (Mini-Nap's half: 3 of 6)"
near "$(field mininap '$' unit L3 y)" 87.00 0.005 "... where Mini-Nap's half rate gives 3"
near "$(field inches '$' unit L4 y)" 84.07 0.005 \
	"over the fence: 0.25 to it, half the allowance to cross it, 4.5 over it free, 11.18 on"
printf 'brigade INF\nmove L4 20\n' | run variant A fence --rules mininap-inches
is "$(refusal fence 'move L4 20')" \
	"cannot move 20.0 cm: its allowance of 22.9 cm (11.4 cm of it spent crossing features) carries it only 15.9 cm" \
	"... and a longer move is refused, saying what the crossing cost"

# Buildings: a column that has moved 5 cm in the village (10 of its
# allowance at half rate) cannot pay the whole move it takes to leave it.
sed 's/type = "wood"; name = "W"/type = "village"; name = "W"/; s/{ unit = "L3"; x = 80.0; y = 90.0; facing = 0.0;/{ unit = "L3"; x = 80.0; y = 93.0; facing = 180.0;/' \
	"$rules/variant.cfg" >"$tmp/village.cfg"
printf 'brigade INF\nmove L3 max\ndump\n' | run "$tmp/village.cfg" A village --rules mininap-inches
like "$(logline village 'L3 moves')" "L3 moves 5\.0 cm \(10\.0 of its 22\.86 cm allowance\)" \
	"leaving a village costs a whole move: the column stops at its edge"
is "$(field village '$' unit L3 y)" "98.00" "... at the edge, its rear not yet out"

# A scenario names its rules; --rules overrides it; a lost name is an error.
sed 's/^turns = 3;/rules = "house";\nturns = 3;/' "$rules/variant.cfg" >"$tmp/named.cfg"
cp "$longer" "$tmp/house.cfg"
printf '%s\n' "$orders" | run "$tmp/named.cfg" A named
like "$(logline named 'L1 moves')" "of its 8 cm allowance" "a scenario plays under the rules it names"
printf '%s\n' "$orders" | run "$tmp/named.cfg" A overridden --rules mininap
like "$(logline overridden 'L1 moves')" "of its 6 cm allowance" "--rules overrides the scenario's"
"$GROGNARD" --rules nowhere --batch "$rules/variant.cfg" </dev/null >/dev/null 2>"$tmp/nowhere.err"
is "$?" 1 "--rules naming no rules file: exit status 1"
like "$(cat "$tmp/nowhere.err")" "^grognard: no rules 'nowhere' \(not a file, and not in .*/rules\)$" "... saying so"

# A save keeps its rules, and is not continued under others.
printf 'brigade INF\nmove L1 max\nsave kept\nquit\n' | run variant A saved --rules "$longer"
like "$(grep '^rules = ' "$XDG_DATA_HOME/grognard/kept.save")" "^rules = \{ name = \".*rules-longer.cfg\"; checksum = \"[0-9a-f]{16}\"; \};$" \
	"a save names its rules and their checksum"
printf 'dump\nquit\n' | "$GROGNARD" --batch --side both --load kept >"$tmp/kept.out" 2>&1
ok $? "it loads again under its own rules, named in it"
is "$(grep '^unit id=L1 ' "$tmp/kept.out" | sed 's/.* y=\([^ ]*\) .*/\1/')" "92.00" "... where it was"
printf 'dump\nquit\n' | "$GROGNARD" --rules mininap --batch --side both --load kept >"$tmp/other.out" 2>&1
is "$?" 1 "under other rules (--rules mininap) it is refused"
like "$(cat "$tmp/other.out")" "kept.save:[0-9]+: rules: this battle was fought under the rules '.*rules-longer.cfg' \(checksum [0-9a-f]{16}\); the rules 'mininap' now in force differ \(checksum [0-9a-f]{16}\): it can be continued only under the same rules" \
	"... saying which rules it was fought under"
cp "$longer" "$tmp/edited.cfg"
printf 'brigade INF\nsave edited\nquit\n' | run variant A edited --rules "$tmp/edited.cfg"
sed -i 's/move = 8.0/move = 7.0/' "$tmp/edited.cfg"
"$GROGNARD" --check "$XDG_DATA_HOME/grognard/edited.save" >/dev/null 2>"$tmp/edited.err"
is "$?" 1 "rules edited since the save: --check refuses the save"
like "$(cat "$tmp/edited.err")" "rules: this battle was fought under the rules" "... for its rules"

# Auerstedt at 15 mm, the computer against itself to the end.
"$GROGNARD" --rules mininap-15mm.cfg --batch --side none --seed 3 auerstedt >"$tmp/15mm.out" 2>&1
ok $? "Auerstedt at 15 mm is fought to the end"
like "$(grep '^report: Result' "$tmp/15mm.out")" "win" "... to a result"
is "$(grep -c '^refused' "$tmp/15mm.out")" 0 "... with no order of the computer's refused"
# (Which allowances a battle quotes is the computer's choice: every one
# quoted must be a 15 mm one, and most of them must come up.)
quoted=$(grep -E 'its [0-9.]+ cm allowance' "$tmp/15mm.out" | sed 's/.*its \([0-9.]*\) cm allowance.*/\1/' | sort -un)
is "$(printf '%s\n' "$quoted" | grep -cvxE '15|37\.5|45|50|60|62\.5|90')" 0 \
	"... every move quoting a 15 mm allowance (Mini-Nap's 6, 15, 18, 20, 24, 25, 36 times 2.5)"
[ "$(printf '%s\n' "$quoted" | grep -c .)" -ge 5 ]
ok $? "... five of the seven at least ($(printf '%s ' $quoted))"
done_testing
