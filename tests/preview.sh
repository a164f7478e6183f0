#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# 'preview': the odds of a charge, a shot, a fight and a waiting decision's
# choices, in batch mode, on the lanes of tests/rules/charge-react.cfg and
# charge-fire.cfg (their headers draw them):
# - exact figures worked out from the rules tables (a quality test passes
#   on 1D6 >= the rating: veteran 3, trained 4, so 4/6 and 3/6; an
#   extended charge's 1D6 cm makes up 2 cm on 2 or more, 5/6; a line's 2
#   dice of fire score a hit for each full 6 pips, 27/36 hits expected and
#   26/36 for one at least);
# - the preview changes nothing: the dump and the rest of the battle
#   (its dice) are the same with or without it;
# - refusals name the rule, and the preview is a hypothetical for either
#   side in any phase;
# - the preview against the frequency measured over many seeds (the
#   order played out, the outcome counted in the log), within 4 standard
#   deviations of the binomial count.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 26

# preview NAME PATTERN: the first preview line matching PATTERN
pv() { grep '^preview: ' "$tmp/$1.out" | grep -E -- "$2" | head -1; }

run charge-react A exact <<'EOF'
brigade CE
preview charge U5 U5T
preview charge X5 X5T
preview charge K1 T1
preview charge L7 H7
preview charge L5 S5
preview charge K1 F1
EOF
like "$(pv exact 'U5 is cautious')" "U5 is cautious: it tests to charge, 1D6 >= 3: 67%\." \
	"a cautious veteran's test to charge: 4/6"
like "$(pv exact 'U5 goes in')" "U5 goes in: 67%\." "and so it goes in 67% of the time"
like "$(pv exact 'Extended')" "Extended: 2\.0 cm short; 1D6 >= 3: 67%, then 1D6 cm >= 2\.0: 83%\." \
	"an extended charge: the veteran's test, then 1D6 cm making up 2 cm (5/6)"
like "$(pv exact 'X5 goes in')" "X5 goes in: 56%\." "in all 4/6 x 5/6 = 56%"
like "$(pv exact 'T1 may try')" "T1 may try an emergency square \(1D6 >= 4: 50%\)" \
	"a trained line charged by cavalry from 17 cm: its square on 4 or more"
like "$(pv exact 'Failing')" "Failing, its 2 hits remove it\." "a failed square's 2 hits remove a line of 3 SP"
like "$(pv exact 'K1 may then feint')" "K1 may then feint \(67%\)" "and the veteran cavalry may feint on 3"
like "$(pv exact 'H7 may')" "H7 may limber and flee \(1D6 >= 4: 50%\); failing, it is overrun\." \
	"horse artillery charged by infantry: limber and flee"
like "$(pv exact 'S5 may')" "S5 may fall back \(no test\): no fight, L5 breaks through\." "skirmishers may fall back"
is "$(refusal exact 'preview charge K1 F1')" "F1 is a friend: a player can only charge enemy units" \
	"a charge that could not be given is refused with its rule"

run charge-fire A fire <<'EOF'
brigade FA
preview fire P1 Q1
preview fire P3 Q3
EOF
like "$(pv fire 'P1 fires')" "P1 fires at Q1: 2 dice \(line 2 = 2 dice\); hits 0\.75 expected, one at least 72%, removes it 0%\." \
	"a shot: 27/36 hits expected, 26/36 for one at least, none can remove 6 SP"
like "$(refusal fire 'preview fire P3 Q3')" "out of range" "a shot out of range is refused with its rule"

# A hypothetical: the Austrians' charge while the French have the
# initiative, and a charge previewed in the firing phase.
run charge-react A hypo <<'EOF'
brigade KS
preview charge O4 M4
end
preview charge U5 U5T
EOF
like "$(pv hypo 'O4 goes in')" "O4 goes in: 100%\." "the side without the initiative may preview a charge"
like "$(sed -n '/Firing phase/,$p' "$tmp/hypo.out" | grep '^preview: U5 goes')" "U5 goes in: 67%" \
	"and a charge may be previewed in the firing phase"

# A waiting decision's choices.
run charge-react A decide <<'EOF'
brigade KS
preview
charge K1 T1
preview
answer stand
EOF
like "$(cat "$tmp/decide.err")" "preview: no decision is waiting" "with no decision waiting, 'preview' says so"
like "$(pv decide "T1's test")" "T1's test passes: 50% \(failing, its hits remove it\)\." \
	"the emergency square's odds while it waits"
like "$(pv decide 'In square')" "In square: K1 wins" "with the fight against the square"
like "$(pv decide 'Standing')" "Standing: K1 wins" "and the fight if it stands"

# Return fire's dialog: the shot's odds (2 dice of a line, as above).
run charge-fire A back <<'EOF'
brigade FA
end
fire P1 Q1
preview
answer hold
EOF
like "$(pv back 'Q1 fires')" "Q1 fires at P1: 2 dice \(line 2 = 2 dice\); hits 0\.75 expected, one at least 72%" \
	"return fire's dialog gives the shot's odds"

# Nothing changes: the dump, and the battle after it (the dice streams).
cat >"$tmp/plain.cmds" <<'EOF'
brigade IN
dump
dump
charge L3 T3
answer no
end
end
dump
EOF
sed '2a\
preview charge L3 T3\
preview fire L3 T3\
preview fight L3 T3\
preview charge T3 L3' "$tmp/plain.cmds" | run charge-react A peek
run charge-react A plain <"$tmp/plain.cmds"
is "$(grep -c '^preview: \|^refused: preview' "$tmp/peek.out")" 6 "(the previews ran)"
is "$(grep -v '^preview: \|^refused: preview' "$tmp/peek.out")" "$(cat "$tmp/plain.out")" \
	"the dump after the previews is the dump before, and the battle goes on with the same dice"

# The preview against the frequency over many seeds.  N runs of the
# order; the count must lie within 4 standard deviations of N p.
N=${PREVIEW_SEEDS:-200}
# within P COUNT DESCRIPTION (close P COUNT: the same, silent)
close() {
	awk -v p="$1" -v k="$2" -v n="$N" 'BEGIN { m = n * p; sd = sqrt(n * p * (1 - p)); d = k - m; if (d < 0) d = -d;
		exit !(p != "" && d <= 4 * sd + 1e-9) }'
}
within() {
	if close "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '#   %s of %s, preview %s\n' "$2" "$N" "$1"
	fi
}
# measure MAP NAME PATTERN [BUT] < commands: in how many of N seeds a
# log line matches PATTERN (and none matches BUT)
measure() {
	cat >"$tmp/$2.m"
	k=0
	s=1
	while [ "$s" -le "$N" ]; do
		SEED=$s run "$1" A "$2" <"$tmp/$2.m"
		if grep -q -E -- "$3" "$tmp/$2.out" && ! grep -q -E -- "${4:-^\$^}" "$tmp/$2.out"; then
			k=$((k + 1))
		fi
		s=$((s + 1))
	done
	echo "$k"
}
# fraction TEXT WORD: the percentage after WORD in a preview line, as 0..1
fraction() { printf '%s\n' "$1" | sed -n "s/.*$2 \([0-9]*\)%.*/\1/p" | awk '{ print $1 / 100 }'; }

# K2 (light cavalry) into T2 from 9 cm: a break-through after the impact.
run charge-react A k2 <<'EOF'
brigade KS
preview charge K2 T2
EOF
p=$(fraction "$(pv k2 'T2 stands')" "K2 breaks through")
k=$(measure charge-react k2m 'K2 has no enemy left in contact after the impact' <<'EOF'
brigade KS
charge K2 T2
end
end
answer no
EOF
)
within "$p" "$k" "K2's break-through: preview $p, measured $k of $N"
# L3 (column) into T3 (line), which stands: L3 wins (T3 removed, L3 not).
run charge-react A l3 <<'EOF'
brigade IN
preview charge L3 T3
EOF
p=$(fraction "$(pv l3 'T3 stands')" "L3 wins")
k=$(measure charge-react l3m 'T3 \(.*\) is eliminated' 'L3 \(.*\) is eliminated' <<'EOF'
brigade IN
charge L3 T3
answer no
end
end
EOF
)
within "$p" "$k" "L3 wins its fight with T3: preview $p, measured $k of $N"
# P1's shot at Q1: one hit at least.
p=$(fraction "$(pv fire 'P1 fires')" "one at least")
k=$(measure charge-fire p1m 'P1 fires at Q1 .*' <<'EOF'
brigade FA
end
fire P1 Q1
EOF
)
is "$k" "$N" "(P1 fired at Q1 in every run)"
k=$(measure charge-fire p1h '^log: [1-9][0-9]* hits?: Q1 has' <"$tmp/p1m.m")
within "$p" "$k" "P1 hits Q1 at least once: preview $p, measured $k of $N"
# The measure has the power to tell the preview from a figure 25 points
# off either way (4 standard deviations of 200 draws are about 14 points
# at most).
lo=$(awk -v p="$p" 'BEGIN { print (p - 0.25 < 0.01 ? 0.01 : p - 0.25) }')
hi=$(awk -v p="$p" 'BEGIN { print (p + 0.25 > 0.99 ? 0.99 : p + 0.25) }')
ok $(close "$lo" "$k" || close "$hi" "$k" && echo 1 || echo 0) \
	"a preview 25 points off ($lo or $hi) would fail the same check"
done_testing
