#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Hand-to-hand combat, the break-through phase, command and victory, played
# through batch mode on the small maps tests/rules/melee-*.cfg.
#
# The dice that matter are scripted: the side named wins Turn 1's
# initiative ('run MAP A' or B), a test's die comes right before the order
# or answer that throws it ("dice 3", "charge R24 b3": "1D6 3", it
# charges), and the dice of a hand-to-hand phase are queued before it
# begins, a line for each fight in the order the fights are fought, with
# what they do.  Each run checks the throws that decide what it is about,
# so that a change in the order of the throws fails loudly here instead of
# quietly testing something else.  Who throws how many sets, with how many
# dice, is checked line by line; the hits, the losses taken at the end of
# each round and the elimination thresholds are checked against the faces
# in every dice line of every run.  The throws no check depends on come
# from the seed: SEED=N sh tests/melee.sh plays them with others.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 290

# logcount NAME PATTERN: how many log lines match PATTERN (grep -E)
logcount() {
	grep '^log: ' "$tmp/$1.out" | grep -Ec -- "$2"
}

# decision NAME PATTERN: the first decide: line matching PATTERN
decision() {
	grep '^decide: ' "$tmp/$1.out" | grep -E -- "$2" | head -1
}

# before NAME PATTERN1 PATTERN2: 0 when the first log or decide line
# matching PATTERN1 comes before the first matching PATTERN2
before() {
	awk -v a="$2" -v b="$3" '
		/^(log|decide): / && $0 ~ a && !ia { ia = NR }
		/^(log|decide): / && $0 ~ b && !ib { ib = NR }
		END { exit !(ia && ib && ia < ib) }' "$tmp/$1.out"
}

# opening NAME SIDE: the run's initiative went to SIDE (so the dice are
# the ones the checks expect) and every answer fitted its question.
opening() {
	like "$(logline "$1" 'have the initiative')" "$2 have the initiative" "$1: the $2 have the initiative"
	is "$(cat "$tmp/$1.err")" "" "... and every answer fits its question"
}

# dice_ok NAME: every hand-to-hand dice line throws as many dice as it
# says and counts a hit for each face of the number needed or more.
dice_ok() {
	awk '
		/^log: (Impact|Melee round [0-9]+): .* hits on [1-6]\+: [0-9]+D6 / {
			n++
			need = $0; sub(/.* hits on /, "", need); sub(/\+.*/, "", need)
			k = $0; sub(/.* hits on [1-6]\+: /, "", k); sub(/D6 .*/, "", k)
			f = $0; sub(/.*D6 /, "", f); sub(/ -> .*/, "", f)
			h = $0; sub(/.* -> /, "", h); sub(/ hits?$/, "", h)
			m = split(f, face, " "); c = 0
			for (i = 1; i <= m; i++) if (face[i] + 0 >= need + 0) c++
			if (m != k + 0 || c != h + 0) { print "bad: " $0; bad++ }
		}
		END { if (!n) print "no dice lines"; exit !(n && !bad) }' "$tmp/$1.out"
}

# losses_ok NAME: the losses each unit takes at the end of a round are the
# hits thrown at it in that round.
losses_ok() {
	awk '
		/^log: (Impact|Melee round [0-9]+): / {
			if (inloss) { for (u in pend) if (pend[u]) { print "no loss line for " u; bad++ } ; delete pend; inloss = 0 }
			t = $0; sub(/.* set [0-9]+ of [0-9]+ against /, "", t); sub(/ .*/, "", t)
			h = $0; sub(/.* -> /, "", h); sub(/ hits?$/, "", h)
			pend[t] += h; thrown++
			next
		}
		/^log: [^ ]+ loses [0-9]+ SP \([0-9]+ left\)\.$/ && thrown {
			u = $2; n = $4
			if (pend[u] + 0 != n + 0) { print "bad: " $0 " (hits " pend[u] + 0 ")"; bad++ }
			pend[u] = 0; inloss = 1; lines++
		}
		END { exit !(lines && !bad) }' "$tmp/$1.out"
}

# thresholds_ok NAME EXEMPT: a unit is eliminated at the end of a round
# exactly when it is left with 1 SP or less, or 0 for the units listed in
# EXEMPT (" id id ... ": unformed, squares, Guard).
thresholds_ok() {
	awk -v ex="$2" '
		pending { if ($0 !~ "^log: " pending " \\(.*\\) is eliminated: destroyed in hand-to-hand") { print "not eliminated: " pending; bad++ } pending = "" }
		/^log: [^ ]+ loses [0-9]+ SP \([0-9]+ left\)\.$/ {
			u = $2; left = $6; sub(/\(/, "", left); n++
			limit = index(ex, " " u " ") ? 0 : 1
			if (left + 0 <= limit) pending = u
			else { getline nx; if (nx ~ "^log: " u " \\(.*\\) is eliminated") { print "eliminated with " left ": " u; bad++ } }
		}
		END { exit !(n && !bad) }' "$tmp/$1.out"
}

# ======================================================================
# Units deployed in contact: who throws how many sets in each round
# ======================================================================
# The Austrians have the initiative; every die of the hand-to-hand phase is
# scripted, one line a fight (the sets of a round, then the next round),
# in the order the fights are fought.
cat >"$tmp/contact.cmds" <<'EOF'
brigade BM
end
# F1 and f1: 5 hits and 4; f1 (5 SP) goes
dice 6 5 3 4 2 5 2  5 4 6 4 2
# G1 on g1's flank: 4 hits at the impact; g1 (5 SP) goes
dice 6 6 5 2 4 2
# S1, a square, at the impact: 4 hits; the hussars s1 (5 SP) go
dice 4 3 5 1 6 1
# U1's two sets at the skirmishers u1: 3 and 5 hits; u1's one: 1
dice 2 6 4 1 2 4  3 5 1 5 6 6  3 2 3 2 6
# K1's three sets at k1: 3 hits each; k1's one: 3
dice 6 1 2 3 6  2 4 2 6 3  5 2 3 4 1  4 6 4 3 2
# Q1's two sets at the square q1: 4 and 5 hits; q1's one: 4
dice 3 1 6 3 1 5  5 5 4 5 4 1  2 4 5 4 6
# R1's three sets at the battery r1: 3, 2, 4 hits; r1's one: 1
dice 6 1 3 6 1  2 2 1 4 5  5 6 1 4 6  1 4 2 2
# C1 and c1: 3 hits and 1, then (4 SP and 2 left) 3 and 1; c1 goes
dice 2 3 3 4 2  5 2 3 1 3  5 5 1 5  1 4
# V1 (halved) and v1: 2 and 3, then 0 and 2; V1 goes at 1 SP
dice 4 3 2  6 1 1 5 4  2  4 1 5
# H1 (halved) and h1: 2 and 3, 1 and 1, 0 and 1; H1 goes at 1 SP
dice 3 6 2  1 6 6 2 5  3  2 6 3  2  5 3
# W1 (halved) and w1: 2 and 2, 0 and 3; W1 goes at 1 SP
dice 4 5 2  6 1 5 1 3  2 2  4 5 5
# X1 (halved twice: 1 die) and x1: 1 hit and 3; X1, left with 3 SP,
# throws nothing and takes 3 more
dice 4  3 2 4 4 4  5 6 1 6
# Z1 (Guard, 4 SP) and z1 (9 SP): 4 hits and 3; Z1 fights on at 1 SP,
# 1 hit a round, until z1 takes its last 2
dice 1 3 4 6  1 4 6 5 3 3 6 3 3  6  3 2 1 1 4  2  1 3 1 4  1  1 6 5
# G2 on g2's flank: 6 hits at the impact, then 4 and 1; g2 goes
dice 4 4 6 3 3 4  1 2 5 4 6 4  4 2 2
# S2, a square: 4 hits at the impact, then 4 and 5; s2's 5; s2 goes
dice 5 4 1 3 2 6  1 2 5 6 4 3  3 1 4 3 4 5  4 4 4 4 5
end
dump
answer back 4
dump
EOF
run melee-contact B contact <"$tmp/contact.cmds"
c=contact
is "$(logline $c 'throw for the initiative' | sed 's/^log: //')" "French throw for the initiative: 2D6 1+1 = 2" \
	"contact: the initiative dice are the scripted ones ..."
like "$(logline $c 'have the initiative')" "Austrians have the initiative" "... and the Austrians have it"

# Frontal lines: nobody throws at the impact; a set each in a melee round.
is "$(logcount $c '^log: Impact: (F1|f1),')" 0 "frontal lines in contact: nobody throws in the impact round"
like "$(logline $c 'Melee round 1: F1,')" "set 1 of 1 against f1 \(every unit; 7 SP\), hits on 3\+: 7D6 " \
	"melee round: one set for every unit, 1D6 per SP (7 SP, Veteran hits on 3+)"
like "$(logline $c 'Melee round 1: f1,')" "set 1 of 1 against F1 \(every unit; 5 SP\), hits on 4\+: 5D6 " \
	"... and one for the enemy (5 SP, Trained hits on 4+)"
# A flank: the unit that outflanks throws at the impact, the other not.
like "$(logline $c 'Impact: G1,')" "set 1 of 1 against g1 \(outflanks it; 6 SP\), hits on 3\+: 6D6 " \
	"impact: a unit that outflanks its enemy throws a set"
is "$(logcount $c '^log: Impact: g1,')" 0 "... the outflanked unit does not throw at the impact"
is "$(logcount $c '^log: Impact: g2,')" 0 "... (nor does a stronger one)"
like "$(logline $c 'Melee round 1: G2,')" "set 1 of 1 against g2 \(every unit;" "in the melee rounds the flank counts no more: one set"
like "$(logline $c 'Melee round 1: g2,')" "set 1 of 1 against G2 \(every unit;" "... and one set for the outflanked unit"
# Square and cavalry.
like "$(logline $c 'Impact: S2,')" "set 1 of 1 against s2 \(solid square against cavalry; 6 SP\)" \
	"impact: a solid square throws a set against cavalry"
is "$(logcount $c '^log: Impact: (s1|s2),')" 0 "... cavalry that did not charge does not throw at a square's impact"
like "$(logline $c 'Melee round 1: S2, set 2 of 2')" "against s2 \(every unit, square against cavalry;" \
	"melee round: a square throws a second set against cavalry"
like "$(logline $c 'Melee round 1: s2,')" "set 1 of 1 against S2 \(every unit;" "... cavalry throws one set against a square"
# Formed against unformed, cavalry against foot, infantry against a square.
like "$(logline $c 'Melee round 1: U1, set 2 of 2')" "against u1 \(every unit, formed against unformed;" \
	"formed infantry against skirmishers: two sets"
like "$(logline $c 'Melee round 1: u1,')" "set 1 of 1 against U1" "... skirmishers against formed infantry: one"
like "$(logline $c 'Melee round 1: K1, set 3 of 3')" "against k1 \(every unit, cavalry against a unit not in square, formed against unformed;" \
	"cavalry against skirmishers: three sets"
like "$(logline $c 'Melee round 1: Q1, set 2 of 2')" "against q1 \(every unit, formed infantry against a square;" \
	"formed infantry against a square: two sets"
like "$(logline $c 'Melee round 1: q1,')" "set 1 of 1 against Q1" "... the square against infantry: one"
like "$(logline $c 'Melee round 1: R1, set 3 of 3')" "against r1 \(every unit, cavalry against a unit not in square, formed against unformed;" \
	"cavalry against a battery: three sets"
like "$(logline $c 'Melee round 1: r1,')" "set 1 of 1 against R1 \(every unit; 4 SP\)" "... the battery throws one set too"
like "$(logline $c 'Melee round 1: C1,')" "set 1 of 1 against c1 \(every unit;" "cavalry against cavalry: one set each"
like "$(logline $c 'Melee round 2: C1,')" "set 1 of 1 against c1 \(every unit; 4 SP\)" \
	"melee rounds go on while both stand, with the SP left (5 - 1)"
# Ground.
like "$(logline $c 'Melee round 1: V1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"against a unit wholly in a village the dice are halved (6 SP, 3 dice)"
like "$(logline $c 'Melee round 1: v1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the defender's are not"
like "$(logline $c 'Melee round 1: H1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"a unit on a hedge fighting the unit behind it: halved"
like "$(logline $c 'Melee round 1: h1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the unit behind the hedge is not"
like "$(logline $c 'Melee round 1: W1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"a unit in a stream fighting one outside it: halved"
like "$(logline $c 'Melee round 1: X1,')" "\(every unit; 6 SP, halved for the ground twice\), hits on 3\+: 1D6 " \
	"a village on a hill: halved twice, fractions down (6, 3, 1)"
is "$(logcount $c '^log: Melee round 2: X1,')" 0 "... and with 3 SP left: 3, 1, 0: no dice at all"
like "$(logline $c '^log: X1 \(')" "X1 \(attacks the hill village\) is eliminated" "... it is destroyed without throwing"
# Ratings.
like "$(logline $c 'Melee round 1: Z1,')" "hits on 1\+: 4D6 [1-6 ]+-> 4 hits$" "Guard hits on every die"
like "$(logline $c 'Melee round 1: z1,')" "hits on 5\+: 9D6 " "Untrained hits on 5 or 6"
like "$(logline $c '^log: Z1 loses')" "^log: Z1 loses 3 SP \(1 left\)\.$" "the Guard unit is left with 1 SP after round 1 ..."
like "$(logline $c 'Melee round 2: Z1,')" "1 SP\), hits on 1\+: 1D6 " "... and fights on with it (Guard go at 0)"
dice_ok $c; ok $? "every dice line: as many dice as said, a hit for each face of the number or more"
losses_ok $c; ok $? "every loss at the end of a round is the hits thrown at the unit that round"
thresholds_ok $c " u1 k1 q1 r1 S1 S2 Z1 "; ok $? "formed units go at 1 SP or less; skirmishers, squares, guns and Guard at 0"
bad=0
for p in F1:f1 G1:g1 S1:s1 U1:u1 K1:k1 Q1:q1 R1:r1 C1:c1 V1:v1 H1:h1 W1:w1 X1:x1 Z1:z1 G2:g2 S2:s2; do
	a=$(field $c 1 unit "${p%:*}" status); b=$(field $c 1 unit "${p#*:}" status)
	[ "$a" = eliminated ] || [ "$b" = eliminated ] || { bad=$((bad + 1)); echo "# $p: $a $b"; }
done
is "$bad" 0 "every combat is fought until one side of it is eliminated"
# Break-through after the impact, and not otherwise.
like "$(logline $c '^log: G1 has')" "G1 has no enemy left in contact after the impact: a break-through" \
	"a unit left alone by the impact obtains a break-through"
is "$(grep -c '^decide: [A-Za-z]*: G1 has a break-through' "$tmp/$c.out")" 1 "... and chooses what to do with it"
is "$(logcount $c '^log: S1 has no enemy')" 0 "a square left alone by the impact does not break through"
is "$(field $c 1 unit S1 markers) $(field $c 1 unit F1 markers) $(field $c 1 unit U1 markers)" "none none none" \
	"winning in a melee round gives no break-through"
like "$(decision $c 'G1 has a break-through')" "\[answer stop N \(-90 to 90 degrees\) \| answer back N \(3 to 6 cm\) \| answer forward N \(0 to 6 cm\)\]$" \
	"infantry: stop and pivot up to 90, rally back 3 to 6 cm or forward up to 6; no enemy in reach, no charge"
is "$(field $c '$' unit G1 y)" "64.00" "rally back: 4 cm straight back"
is "$(field $c '$' unit G1 facing)" "0.0" "... still facing the same way"
# Command: a division stand goes when more than half its units are lost.
is "$(awk '/^log: [a-z][0-9] \(.*\) is eliminated/ { n++ } /^log: Div-B leaves the field/ { print n; exit }' "$tmp/$c.out")" 9 \
	"the division stand leaves at the 9th of its 15 units lost (more than 8), not before"
like "$(logline $c 'Div-B leaves')" "enemy division has lost 9 of its 15 units" "... and says so"
is "$(field $c '$' commander BD status) $(field $c '$' commander BM status)" "eliminated eliminated" \
	"the division stand and the (unattached) brigade stand are gone"
is "$(field $c '$' commander BC status)" "active" "a corps stand is not removed by losses (only by being overrun)"
# Victory: a side that has lost half its units is broken.
like "$(logline $c 'win:')" "^log: French win: Austrians are broken, having lost 10 of their 15 units \(50% breaks them\)\.$" \
	"a side that has lost half its units is broken: the other wins"
before $c 'G1 rallies back' 'French win'; ok $? "... at the end of the initiative (after the break-through phase)"
like "$(grep '^report: ' "$tmp/$c.out" | grep 'Commanders lost' | tail -1)" "Div-B, Brig-BM" "the report names the commanders lost"

for a in "forward 6" "stop 45" "back 7"; do
	sed "s/^answer back 4$/answer $a/" "$tmp/contact.cmds" >"$tmp/bt.cmds"
	run melee-contact B "bt-${a%% *}" <"$tmp/bt.cmds"
done
is "$(field bt-forward '$' unit G1 y)" "54.00" "rally forward: up to 6 cm straight ahead"
is "$(field bt-stop '$' unit G1 facing) $(field bt-stop '$' unit G1 y)" "45.0 60.00" "stop and rally: pivot in place"
like "$(cat "$tmp/bt-back.err")" "answer back needs a value from 3 to 6" "infantry rallies back no more than 6 cm"

# ======================================================================
# Joining in and splitting strength points
# ======================================================================
# Every die of the phase is queued before it begins: the joining stages'
# throws first, then each fight's sets as they are fought.
cat >"$tmp/join.cmds" <<'EOF'
brigade AM
end
# JS, a Guard square, breaks out on 1 or more: 1; jS, untrained, needs 5
# and throws 4: it stays in square
dice 1  4
# j1 (2 SP) between J1 and JI, which joined behind it: JI's impact, 4
# hits; J1's set, 2; j1's SP split evenly, 1 die at each; JI's set: j1 goes
dice 5 2 5 5 2 5  2 2 4 2 1 5  5  6  3 5 2 3 2 6
# k2 between K2 and JC: JC's impact 3 hits, K2's set 2, k2 splits (2 dice
# at K2, 1 at JC), JC's two sets 4 and 4: k2 goes
dice 6 6 1 1 6  2 2 1 3 6 1  1 6  4  4 4 2 5 3  3 3 1 6 6
# JS's impact on l3: 6 hits (the Guard hits on 1+): l3 goes
dice 3 5 1 1 1 5
# M4 and m4: 4 hits and 3, then 2 and 1: m4 goes
dice 1 4 6 5 3 1  5 3 2 5 2 6  1 5 6  1 6
# N5 between n5 and jC: jC's impact 3 hits; N5 splits (2 at n5, 1 at jC);
# n5's set 2; jC's two sets 3 and 2: N5 goes
dice 2 6 5 3 4  1 4  6  4 1 1 3 5 3  2 6 1 4 6  5 3 3 6 1
# O6 and o6: 5 hits and 3: o6 goes
dice 4 4 3 6 2 6  4 3 6 4 1 2
# T1 (8 SP) splits 6 at t1 and 2 at t2: 4 hits and 1; t1's 2, t2's 1: t1
# goes; then T1's 5 SP at t2, 3 hits; t2's 4: both go
dice 2 4 4 6 2 3  1 4  1 1 2 5 5  6 1 1 1 1  6 5 2 6 2  6 4 6 6
end
answer join
answer try
answer no
answer join
answer try
answer even
answer even
answer even
answer sp 6
answer stop 30
answer back 3
dump
EOF
run melee-join A join <"$tmp/join.cmds"
j=join
is "$(logline $j 'French throw for the initiative' | sed 's/^log: //')" "French throw for the initiative: 2D6 6+6 = 12" \
	"join: the initiative dice are the scripted ones"
is "$(cat "$tmp/$j.err")" "" "... and every answer fits its question"
is "$(logline $j 'JI joins')" "log: JI joins in against j1 (5.5 cm)." \
	"formed infantry of the side with the initiative within 6 cm must join in: no question asked"
is "$(grep -Ec '^decide: [A-Za-z]*: JI ' "$tmp/$j.out")" 0 "... (none)"
is "$(grep -Ec '^log: JF joins|^decide: [A-Za-z]*: JF ' "$tmp/$j.out")" 0 "a unit 6.5 cm away may not join"
like "$(decision $j 'JC may join')" "^decide: French: JC may join" "every question names the side asked (French) ..."
like "$(decision $j 'jI may join')" "^decide: Austrians: jI may join" "... (Austrians)"
like "$(decision $j '^decide: [A-Za-z]*: JC ')" "JC may join the fight against k2 \(4.0 cm away\)\.  \[answer no \| answer join\]" \
	"formed cavalry of the side with the initiative may join"
like "$(decision $j '^decide: [A-Za-z]*: JS ')" "JS \(square\) may try to break out and join against l3 \(1D6 >= 1\)" \
	"a square not in contact may try to break out (Guard: 1 or more)"
like "$(logline $j 'JS tries to break out')" "\(Guard: 1 or more\): 1D6 1$" "... it throws 1, enough for the Guard"
like "$(logline $j 'JS breaks out')" "JS breaks out of square into column" "... a square that passes forms column"
is "$(field $j '$' unit JS formation)" "column" "... and stays in column"
like "$(logline $j 'jS tries to break out')" "\(Untrained: 5 or more\): 1D6 4$" "an untrained square throws a 4 ..."
is "$(field $j '$' unit jS formation) $(logcount $j '^log: jS joins')" "square 0" "... stays in square and does not join"
like "$(decision $j '^decide: [A-Za-z]*: jI ')" "jI may join the fight against M4" "formed infantry of the other side may join (it is asked) ..."
is "$(field $j '$' unit jI y)" "65.00" "... and one that declines stays where it was"
is "$(logline $j 'jC joins')" "log: jC joins in against N5 (4.0 cm)." "formed cavalry of the other side may join"
before $j 'JI joins' '^decide: [A-Za-z]*: JC '; ok $? "stages: the side with the initiative's infantry before its cavalry ..."
before $j '^decide: [A-Za-z]*: JC ' '^decide: [A-Za-z]*: JS '; ok $? "... its cavalry before its squares ..."
before $j '^decide: [A-Za-z]*: JS ' '^decide: [A-Za-z]*: jI '; ok $? "... its squares before the other side's infantry ..."
before $j '^decide: [A-Za-z]*: jI ' '^decide: [A-Za-z]*: jC '; ok $? "... the other side's infantry before its cavalry ..."
before $j '^decide: [A-Za-z]*: jC ' '^decide: [A-Za-z]*: jS '; ok $? "... and its cavalry before its squares"
before $j '^decide: [A-Za-z]*: jS ' 'Impact:'; ok $? "every joining comes before the first blow"
like "$(logline $j 'Impact: JI,')" "set 1 of 1 against j1 \(outflanks it; 6 SP\)" "a unit that joins behind the enemy outflanks it at the impact"
like "$(decision $j '^decide: [A-Za-z]*: j1 ')" "j1 \(2 SP\) fights 2 enemies: how many SP against J1\?  \[answer even \| answer sp N \(0 to 2 SP\)\]" \
	"a unit touching two enemies may split its SP"
like "$(logline $j 'Melee round 1: j1, set 1 of 1 against JI')" "\(every unit; 1 SP\)" "an even split of 2 SP: 1 at each"
like "$(logline $j 'Melee round 1: T1,.* against t1')" "\(every unit; 6 SP\), hits on 3\+: 6D6 " "a chosen split: 6 SP at one enemy ..."
like "$(logline $j 'Melee round 1: T1,.* against t2')" "\(every unit; 2 SP\), hits on 3\+: 2D6 " "... the other 2 at the other"
like "$(logline $j '^log: t1 (loses|\()')" "^log: t1 loses 4 SP \(1 left\)\.$" "the hits on one enemy stay on it"
like "$(logline $j '^log: t2 (loses|\()')" "^log: t2 loses 1 SP \(4 left\)\.$" "... the hits on the other are its own"
is "$(grep -c '^decide: [A-Za-z]*: T1 ' "$tmp/$j.out")" 1 \
	"T1 is asked once: not at the impact, where it throws no set, nor once an enemy is gone"
like "$(logline $j 'Melee round 2: T1,')" "against t2 \(every unit; 5 SP\)" "... the whole unit fights the one left"
dice_ok $j; ok $? "join: every dice line counts its hits right"
losses_ok $j; ok $? "join: every loss is the hits of the round"
thresholds_ok $j " JS "; ok $? "join: units go at 1 SP or less (0 for the Guard)"
like "$(logline $j '^log: L3 has')" "L3 has no enemy left in contact after the impact" "the unit whose enemy a joiner destroyed at the impact breaks through"
is "$(field $j '$' unit L3 facing)" "30.0" "stop and rally: a pivot of 30 degrees"
is "$(field $j '$' unit JS y)" "51.95" "rally back: a column facing south goes 3 cm north"
like "$(logline $j 'win:')" "Austrians are broken, having lost 7 of their 11 units" "7 of 11 units lost breaks a side (50%)"

# ======================================================================
# Joining in by a pivot, and command stands in the way of a joining unit
# ======================================================================
run melee-join90 A join90 <<'EOF2'
brigade AJ
end
# b1 between A1 and A2, which joined on its flank: A2's impact 3 hits, A1's
# set 2, b1's SP split evenly, A2's set 4: b1 goes
dice 1 1 5 2 5 5  2 5 2 2 4 2  1 5  5  6 3 5 2 3 2
# b3 between A3 and A4, likewise: 4 hits, 2, b3's 0 and 1, 5: b3 goes
dice 6 6 6 1 1 6  2 2 1 3 6 1  1  6  4 4 4 2 5 3
end
answer even
answer even
dump
EOF2
j=join90
opening $j French
is "$(logline $j 'A2 joins')" "log: A2 joins in against b1 (2.7 cm)." \
	"a line beside the combat joins by the smallest pivot that lets it reach the enemy ..."
is "$(field $j 1 unit A2 facing)" "64.0" "... 64 degrees (a pivot towards b1's centre would touch A1 on the way)"
like "$(logline $j 'Impact: A2,')" "against b1 \(outflanks it; " "... and fights (on b1's flank)"
is "$(logline $j 'Brig-B evades')" "log: Brig-B evades A4 (white markers: no command radius this Turn)." \
	"an enemy command stand in the way of a unit joining in evades"
near "$(awk -v x="$(field $j 1 commander BB x)" -v y="$(field $j 1 commander BB y)" 'BEGIN { print sqrt((x - 100) ^ 2 + (y - 54.5) ^ 2) }')" 9 3.01 \
	"... 6 to 12 cm from where it stood"
is "$(logline $j 'A4 joins')" "log: A4 joins in against b3 (4.5 cm)." "... and the unit joins all the same"

# ======================================================================
# Losing command stands
# ======================================================================
run melee-stands A stands <<'EOF2'
brigade AS
move X1 6
move X2 6
end
# the Guard lines G1, G2, G3 destroy b1, b2, b3 (2 SP each) in one round
dice 1 1 5 2 5 5  2 5
dice 2 2 4 2 1 5  5 6
dice 3 5 2 3 2 6  6 6
end
dump
EOF2
t=stands
opening $t French
is "$(logline $t 'Div-B')" "log: Div-B finds nowhere to evade to and is lost." \
	"a division stand touched by a moving enemy with no place 6 cm clear of the enemy is lost"
is "$(field $t 1 commander BD status)" "eliminated" "... gone"
is "$(logline $t 'Corps-B')" "log: Corps-B finds no place 6 cm clear of the enemy and goes where he can." \
	"a corps stand in the same plight is not lost (only an overrun removes it) ..."
like "$(logline $t 'Corps-B evades')" "Corps-B evades X1" "... it evades all the same"
is "$(field $t 1 commander BC status) $(field $t 1 commander BC radius)" "active 0" "... and has no radius for the rest of the Turn"
is "$(logcount $t '^log: b[123] \(.*\) is eliminated')" 3 "Brig-B's brigade loses 3 of its 4 units (more than half) ..."
is "$(field $t 1 commander BB status) $(field $t 1 commander BB attached)" "active b4" \
	"... but Brig-B, attached to b4, stays"

# ======================================================================
# Charges: the impact, break-through charges, commanders overrun
# ======================================================================
cat >"$tmp/charge.cmds" <<'EOF'
brigade AK
charge CA1 ca1
charge CA2 ca2
charge CA3 ca3
answer charge
charge CA4 ca4
answer no
charge CA5 ca5
charge CA6 ca6
charge CA7 ca7
# ca7 (Guard) forms an emergency square on 1 or more
dice 1
answer square
answer stand
charge CB sk1
answer fallback 12
dump
end
# CA1 on ca1: 3 hits at the impact, then 2 and 3; ca1's 2: ca1 goes
dice 1 5 2 5 5  2 5 2 2 4  2 1 5 5 6  3 5 2 3 2 6
# CA2 in ca2's rear: two sets at the impact, 3 and 2, then 3 and 4; ca2's
# 2: ca2 goes
dice 6 6 1 1 6  2 2 1 3 6  1 1 6 4 4  4 2 5 3 3  3 1 6 6
# CA3 and the counter-charging ca3, both at the impact: 2 hits and 4; CA3 goes
dice 3 5 1 1 1  5 1 4 6 5
# CA4 on ca4, which did not counter-charge: 3 at the impact, then 3 and 1
dice 3 1 5 3 2  5 2 6 1 5  6 1
# the lancers CA5 and the square ca5 at the impact: 4 hits and 5; CA5 goes
dice 6 2 6 5 3  4 1 4 6 4 1 1 3 5
# the square ca6 at the impact (the hussars throw nothing): 4; CA6 goes
dice 3 2 6 1 4 6 5 3 3
# CA7 and the emergency square ca7 (Guard, two sets): 4 hits, 9 and 9
dice 6 1 4 4 3  6 2 6 4 3 6 4 1 2  2 4 4 6 2 3 1 4 1
end
answer charge-sk2
answer fallback 12
# CB's third charge, into sk2's rear: 1 and 2 hits at the impact, then
# 0, 2, 2; sk2's 2: both go
dice 1 2 5  5 6 1  1 1 1  6 5 2  6 2 6  4 6
answer charge-sk2
answer back 8
dump
EOF
run melee-charge A charge <"$tmp/charge.cmds"
h=charge
is "$(logline $h 'French throw for the initiative' | sed 's/^log: //')" "French throw for the initiative: 2D6 6+6 = 12" \
	"charges: the initiative dice are the scripted ones"
is "$(cat "$tmp/$h.err")" "" "... and every answer fits its question"
is "$(logline $h 'Brig-BI')" "log: Brig-BI is overrun by the charging CA1." "charging cavalry overruns an enemy command stand in its way"
is "$(field $h 1 commander BI status)" "eliminated" "... which is removed"
like "$(logline $h 'Impact: CA1,')" "set 1 of 1 against ca1 \(charging formed cavalry against a unit not in square; 5 SP\)" \
	"impact: charging formed cavalry throws a set"
is "$(logcount $h '^log: Impact: ca1,')" 0 "... the line it charged does not"
like "$(logline $h 'Melee round 1: CA1, set 2 of 2')" "\(every unit, cavalry against a unit not in square;" "melee: cavalry against infantry throws two sets"
like "$(logline $h 'Impact: CA2, set 2 of 2')" "against ca2 \(outflanks it, charging formed cavalry against a unit not in square; 5 SP\)" \
	"a cavalry charge into the rear: two sets at the impact"
like "$(logline $h 'ca3 counter-charges')" "ca3 counter-charges CA3" "a unit not in command may still counter-charge"
is "$(field $h 1 unit ca3 status)" "not_in_command" "... (ca3 is not in command)"
like "$(logline $h 'Impact: CA3,')" "set 1 of 1 against ca3 \(charging formed cavalry" "cavalry against counter-charging cavalry: the charger throws ..."
like "$(logline $h 'Impact: ca3,')" "set 1 of 1 against CA3 \(charging formed cavalry" "... and so does the counter-charger"
like "$(logline $h 'Impact: CA4,')" "set 1 of 1 against ca4 \(charging formed cavalry" "cavalry that does not counter-charge ..."
is "$(logcount $h '^log: Impact: ca4,')" 0 "... does not throw at the impact"
like "$(logline $h 'Impact: CA5,')" "set 1 of 1 against ca5 \(lancers against a square; 5 SP\)" "lancers throw a set at a square's impact"
like "$(logline $h 'Impact: ca5,')" "set 1 of 1 against CA5 \(solid square against cavalry; 9 SP\)" "... the square throws one at them"
is "$(logcount $h '^log: Impact: CA6,')" 0 "cavalry without lances does not throw at a square's impact"
like "$(logline $h 'ca7 tries to form an emergency square')" "\(Guard: 1 or more\): 1D6 1$" "a line charged from over 12 cm may form an emergency square (the Guard on 1)"
is "$(field $h 1 unit ca7 formation)" "emergency_square" "... and forms it"
is "$(logcount $h '^log: Impact: (CA7|ca7),')" 0 "an emergency square and cavalry charging it: nobody throws at the impact"
like "$(logline $h 'Melee round 1: ca7, set 2 of 2')" "\(every unit, square against cavalry;" "... in the melee rounds the emergency square throws two sets"
like "$(logline $h 'Melee round 1: CA7,')" "set 1 of 1 against ca7 \(every unit;" "... the cavalry one"
is "$(logcount $h '^log: ca[56] has no enemy')" 0 "a square left alone after the impact does not break through"
like "$(logline $h 'ca3 has')" "ca3 has no enemy left in contact after the impact: a break-through" "a counter-charger left alone after the impact breaks through"
is "$(logline $h 'CB obtains')" "log: CB obtains a break-through." "charging skirmishers that fall back: a break-through"
is "$(field $h 1 unit CB markers)" "white" "... a white marker"
d=$(decision $h 'CB has a break-through')
like "$d" "answer back N \(6 to 12 cm\) \| answer forward N \(0 to 12 cm\)" "cavalry rallies back 6 to 12 cm, forward up to 12"
like "$d" "answer charge-sk1 \| answer charge-sk2 \| answer charge-ca7\]$" \
	"enemies within charge reach may be charged (nearest first), an emergency square too"
is "$(printf '%s\n' "$d" | grep -c 'charge-ca[56]')" 0 "... but not enemies beyond its 25 cm"
before $h 'CB has a break-through' 'ca3 has a break-through'; ok $? "the side with the initiative breaks through first"
like "$(logline $h 'CB takes a hit')" "CB takes a hit for its break-through charge \(4 SP left\)" "a break-through charge costs a hit first"
is "$(logcount $h '^log: CB obtains a break-through')" 2 "the enemy falls back again: another break-through"
like "$(grep '^decide: [A-Za-z]*: CB has a break-through' "$tmp/$h.out" | sed -n 2p)" "\| answer charge-sk2\]$" "... and another choice"
like "$(grep '^log: CB takes a hit' "$tmp/$h.out" | sed -n 2p)" "\(3 SP left\)" "a hit for each break-through charge"
like "$(logline $h 'Impact: CB, set 2 of 2')" "against sk2 \(outflanks it, charging formed cavalry against a unit not in square; 3 SP\)" \
	"the third charge hits the skirmishers' rear: two sets of 3 dice"
like "$(logline $h 'Brig-AK')" "Brig-AK, attached to it, is lost with it" "a brigade commander attached to a unit is lost with it"
is "$(field $h '$' commander AK status)" "eliminated" "... gone"
like "$(logline $h 'Div-A leaves')" "test division has lost 5 of its 8 units" "5 of 8 units lost: the division stand leaves"
is "$(field $h '$' unit CA4 status)" "not_in_command" "... and its units are out of command (the corps stand is far)"
is "$(printf '%s\n' "$(decision $h 'ca3 has a break-through')" | grep -c 'charge-')" 0 "with no enemy in reach there is no break-through charge"
near "$(field $h '$' unit ca3 y)" "$(awk -v y="$(field $h 1 unit ca3 y)" 'BEGIN { print y - 8 }')" 0.001 "cavalry rallies back 8 cm"
dice_ok $h; ok $? "charges: every dice line counts its hits right"
losses_ok $h; ok $? "charges: every loss is the hits of the round"
thresholds_ok $h " ca5 ca6 ca7 sk1 sk2 "; ok $? "charges: units go at 1 SP or less (0 for squares, skirmishers, Guard)"

# ======================================================================
# The ground: each feature that gives an advantage halves the dice
# ======================================================================
run melee-ground A ground <<'EOF2'
brigade AG
end
end
dump
EOF2
o=ground
opening $o French
like "$(logline $o 'Melee round 1: S1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"a unit in a stream against one that only touches its bank: halved (touching the bank is not being in it)"
like "$(logline $o 'Melee round 1: s1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the unit on the bank is not"
like "$(logline $o 'Melee round 1: D1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"against a unit wholly in a wood: halved"
like "$(logline $o 'Melee round 1: d1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the unit in the wood is not"
like "$(logline $o 'Melee round 1: R1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"against a unit wholly on rough ground: halved"
like "$(logline $o 'Melee round 1: r1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the unit on it is not"
like "$(logline $o 'Melee round 1: L1, set 2 of 2')" "\(every unit, formed infantry against a square; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"against a square in a landmark: every set halved"
like "$(logline $o 'Melee round 1: l1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the square in it is not"
like "$(logline $o 'Melee round 1: T1,')" "\(every unit; 6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"a unit in a ditch against one touching it from behind: halved"
like "$(logline $o 'Melee round 1: t1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the unit behind the ditch is not"
like "$(logline $o 'Melee round 1: B1,')" "\(every unit; 2 SP, halved for the ground\), hits on 1\+: 1D6 " \
	"two Guard lines both wholly on a hill: both halved (2 SP, 1 die) ..."
like "$(logline $o 'Melee round 1: b1,')" "\(every unit; 2 SP, halved for the ground\), hits on 1\+: 1D6 " "... each"
is "$(logcount $o '^log: Melee round 2: (B1|b1),')" 0 "with 1 SP each neither has a die to throw ..."
is "$(logline $o 'broken off')" "log: Nobody in the fight has a die left to throw: the combat is broken off." \
	"... so the combat is broken off, not fought for ever"
is "$(logline $o 'B1 steps back')" "log: B1 steps back 1.5 cm." "... the side with the initiative steps back (3 cm of allowance, half rate on the hill)"
is "$(field $o '$' unit B1 sp) $(field $o '$' unit b1 sp) $(field $o '$' unit B1 y) $(field $o '$' unit b1 y)" "1 1 61.50 58.00" \
	"... both survive, out of contact"
dice_ok $o; ok $? "ground: every dice line counts its hits right"
losses_ok $o; ok $? "ground: every loss is the hits of the round"

# ======================================================================
# Bridges
# ======================================================================
run melee-bridge A bridge <<'EOF2'
brigade AB
charge C1 d1
charge C2 d1
charge I2 e1
answer e2
charge I3 g1
move M4 6
# h4 (Guard) intercepts on 1 or more
dice 1
answer charge
charge C5 s5
answer fallback 12
dump
end
fire I2 e2
# C1 (halved: 2 dice a set) on d1: 1 hit at the impact, then 1 and 1; d1's
# 2; then 0 and 1, d1's 2: C1 goes at 1 SP
dice 1 5  2 5  5 2  5 2 2 4 2  1  5  5 6 3
# I2 (halved) and e2, four rounds: both go
dice 5 2 3  2 6 6 6 1 1  6  2 2 1 3  6  1 1 6  4  4 4
# h4 (halved) on M4: 2 hits at the impact; M4's 3; h4's two sets, 2 and 2
dice 2 5  3 3 3 1  6 6  3 5
end
answer stop 0
dump
EOF2
b=bridge
opening $b French
is "$(logline $b 'C1 (charges|stands)')" "log: C1 charges d1 from 6.0 cm." \
	"cavalry may charge the unit defending a bridge over it ..."
is "$(logline $b 'C1 stands')" "log: C1 stands at its end of BR: in contact with d1, who defends it." \
	"... it is placed at its own end of the bridge, in contact with the defender on the bridge"
is "$(field $b 1 unit C1 y) $(field $b 1 unit C1 bridge_contact)" "54.00 d1" "... the dump shows it (C1 touching the water, not in it)"
is "$(refusal $b 'charge C2 d1')" "only one unit at a time may charge the unit defending BR: C1 is already in contact with d1 there" \
	"only one unit at a time may charge a bridge's defender"
like "$(decision $b 'I2 charges over BR2')" "^decide: Austrians: I2 charges over BR2, which 2 units could be said to defend: which one does\?  \[answer e1 \| answer e2\]$" \
	"where two units close the bridge together, the defending side designates one"
is "$(logline $b 'I2 charges')" "log: I2 charges e2 from 6.0 cm." "... infantry charges the one designated (e2, not e1 it named)"
is "$(field $b 1 unit I2 bridge_contact)" "e2" "... and is in contact with it"
is "$(refusal $b 'fire I2 e2')" "cannot fire: a unit in contact with the enemy (e2) fights hand-to-hand instead" \
	"a contact over a bridge is contact: the unit fights instead of firing"
is "$(refusal $b 'charge I3 g1')" "nobody defends BR3 against I3: it crosses the bridge instead ('cross'), and then charges" \
	"a unit far from the bridge does not defend it: there is no charge over the bridge at it"
like "$(logline $b 'h4 opportunity-charges')" "h4 opportunity-charges M4" "cavalry may intercept over a bridge ..."
is "$(logline $b 'h4 stands')" "log: h4 stands at its end of BR4: in contact with M4, who defends it." \
	"... the unit that moved up to the bridge defends it"
like "$(logline $b 'Impact: C1,')" "\(charging formed cavalry against a unit not in square; 5 SP, halved for the ground\), hits on 3\+: 2D6 " \
	"the bridge gives its defender the advantage: the charger's dice are halved"
like "$(logline $b 'Melee round 1: d1,')" "\(every unit; 5 SP\), hits on 4\+: 5D6 " "... the defender's are not"
like "$(logline $b 'Melee round 1: I2,')" "\(every unit; 6 SP, halved for the ground\)" "... infantry charging over a bridge, likewise"
like "$(logline $b 'Impact: h4,')" "5 SP, halved for the ground\), hits on 1\+: 2D6 " "... and cavalry intercepting over one"
is "$(logline $b 'C5 obtains')" "log: C5 obtains a break-through." "a defender that falls back leaves the bridge: the charger breaks through"
is "$(field $b 1 unit C5 bridge_contact)" "" "... and the contact is over"
is "$(grep '^unit ' "$tmp/$b.out" | tail -12 | grep -c 'bridge_contact=')" 0 "once the combats are fought, nobody is in contact over a bridge"
dice_ok $b; ok $? "bridges: every dice line counts its hits right"
losses_ok $b; ok $? "bridges: every loss is the hits of the round"

# ======================================================================
# Rallying after a break-through
# ======================================================================
run melee-rally A rally <<'EOF2'
brigade AR
charge CR sk1
answer fallback 12
charge IR sk2
answer fallback 12
end
end
answer forward 6
# oc (Guard) intercepts on 1 or more
dice 1
answer charge
answer back 6
dump
EOF2
r=rally
opening $r French
like "$(decision $r 'CR has a break-through')" "answer forward N \(0 to 12 cm\) \| answer charge-ba1 \| answer charge-sk1 \| answer charge-ba2 \| answer charge-oc \| answer charge-ba3 \| answer charge-ba4\]$" \
	"a break-through charge is offered at every enemy in reach, nearest first (six here: ba3 by a pivot that clears sk1)"
like "$(logline $r 'oc tests to opportunity-charge')" "\(Guard: 1 or more\): 1D6 1$" "the Guard's opportunity charge passes on 1 ..."
like "$(logline $r 'oc opportunity-charges')" "oc opportunity-charges CR" \
	"hussars that charged earlier, rallying forward, are opportunity-charged"
is "$(logcount $r '^log: Impact: CR,')" 0 "... their charge is over: they throw no 'charging cavalry' set at the impact"
like "$(logline $r 'Impact: oc,')" "against CR \(charging formed cavalry against a unit not in square; 5 SP\)" \
	"... the cavalry that charged them does"
like "$(logline $r 'IR rallies back:')" "its 6.0 cm of allowance carry it 3.0 cm at half rate" \
	"a rally back on a hill is at half rate"
is "$(field $r '$' unit IR y)" "61.55" "... 6 cm of allowance move the line 3 cm back"

# ======================================================================
# Joining in to the combats of the break-through phase
# ======================================================================
run melee-btjoin A btjoin <<'EOF2'
brigade AB
end
dice 4 4 4 4 4 4 4 4 4 4
end
answer charge-b1
answer stand
answer join
dice 4 4 4 4 1 1 1 1 1 1 4 4 4 4 4 4
answer sp 4
answer stop 0
answer charge-B9
dice 4 4 4 4 4 4 4 4 4 4
answer no
answer stop 0
answer stop 0
dump
EOF2
t=btjoin
opening $t French
like "$(logline $t 'Impact: K1, .* against t1')" "5D6 4 4 4 4 4 -> 5 hits" "btjoin: the scripted dice destroy t1 at the impact ..."
is "$(logline $t 'K1 has no enemy')" "log: K1 has no enemy left in contact after the impact: a break-through." "... and K1 breaks through"
is "$(logline $t 'K1 charges b1')" "log: K1 charges b1 from 16.0 cm." "K1's break-through charge reaches b1"
is "$(logline $t 'I1 joins')" "log: I1 joins in against b1 (4.5 cm)." \
	"a break-through charge's combat has its joining stages: the charger's formed infantry must join ..."
is "$(grep -Ec '^decide: [A-Za-z]*: I1 may join' "$tmp/$t.out")" 0 "... without being asked"
like "$(decision $t 'a1 may join')" "^decide: Austrians: a1 may join the fight against K1 \(5.5 cm away\)\." \
	"the enemy's formed infantry may join: it is asked"
is "$(logline $t 'a1 joins')" "log: a1 joins in against K1 (5.5 cm)." "... and joins when it says so"
before $t 'I1 joins' 'a1 may join'; ok $? "... after the charger's side has joined"
before $t 'a1 joins' 'Impact: K1, .* against b1'; ok $? "every joining comes before the break-through combat's impact"
like "$(logline $t 'Impact: I1,')" "against b1 \(outflanks it; 6 SP\), hits on 3\+: 6D6 4 4 4 4 4 4 -> 6 hits" \
	"the unit that joined fights at the impact (it outflanks b1)"
like "$(logline $t 'Impact: a1,')" "against K1 \(outflanks it; 6 SP\)" "... and so does the enemy's"
is "$(logline $t 'I1 has no enemy')" "log: I1 has no enemy left in contact after the impact: a break-through." \
	"a unit that joined a break-through combat and is left alone by its impact breaks through ..."
like "$(decision $t 'I1 has a break-through')" "^decide: French: I1 has a break-through" \
	"... and uses it in the same phase, though it comes before K1 in the order of battle"
is "$(logline $t 'A9 joins')" "log: A9 joins in against B9 (4.5 cm)." \
	"in the other side's break-through, its own formed infantry must join ..."
is "$(grep -Ec '^decide: [A-Za-z]*: A9 may join' "$tmp/$t.out")" 0 "... without being asked"
like "$(decision $t 'F9 may join')" "^decide: French: F9 may join the fight against k9 \(5.5 cm away\)\." \
	"... and the side with the initiative's infantry, the enemy there, is asked"
is "$(logcount $t 'F9 joins')" 0 "... and stays out when it says no"
before $t 'A9 joins' 'F9 may join'; ok $? "... after the breaking-through side has joined"
like "$(decision $t 'A9 has a break-through')" "^decide: Austrians: A9 has a break-through" \
	"the other side too uses every break-through its combats gave it"
is "$(grep '^unit ' "$tmp/$t.out" | grep -c 'markers=[^ ]*white')" 0 "no break-through is left over when the phase ends"
dice_ok $t; ok $? "btjoin: every dice line counts its hits right"
losses_ok $t; ok $? "btjoin: every loss is the hits of the round"

# ======================================================================
# A square defending a landmark that breaks out leaves it
# ======================================================================
run melee-landmark A landmark <<'EOF2'
brigade AB
defend I1
defend J1
end
dice 4 3 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4
end
answer try
answer try
answer even
brigade BB
end
dice 6 6 1 1
end
brigade AB
defend I1 off line
move I1 1
move J1 1
dump
EOF2
l=landmark
opening $l French
is "$(logline $l 'I1 occupies')" "log: I1 occupies mill and forms square to defend it." "landmark: I1 defends the mill in square ..."
like "$(logline $l 'I1 tries to break out')" "\(Trained: 4 or more\): 1D6 4$" "... throws 4 to break out ..."
is "$(logline $l 'I1 no longer')" "log: I1 no longer defends mill." "... and leaves the mill as it breaks out"
before $l 'I1 breaks out' 'I1 joins in'; ok $? "... before it joins the combat"
like "$(logline $l 'J1 tries to break out')" "\(Trained: 4 or more\): 1D6 3$" "J1 throws 3 at the barn ..."
is "$(logcount $l 'J1 no longer')" 0 "... fails, and still defends the barn"
like "$(logline $l 'Turn 2 of 2 begins')" "Turn 2" "landmark: Turn 2 comes ..."
is "$(logline $l 'French throw for the initiative: 2D6 6\+6')" "log: French throw for the initiative: 2D6 6+6 = 12" \
	"... and the scripted dice give the French its first initiative"
is "$(refusal $l 'defend I1 off line')" "I1 is not defending a landmark" "the unit that broke out defends nothing ..."
is "$(refusal $l 'move I1 1')" "" "... and may move"
is "$(logline $l 'I1 moves')" "log: I1 moves 1.0 cm (1.0 of its 6 cm allowance)." "... (it does)"
is "$(refusal $l 'move J1 1')" "J1 is defending barn: leave the landmark first ('defend J1 off')" \
	"the square that failed to break out still defends its landmark"
is "$(field $l '$' unit J1 formation)" "square" "... in square"

# ======================================================================
# Command
# ======================================================================
cat >"$tmp/command.cmds" <<'EOF'
dump
brigade BB
end
end
brigade BR
charge RNC b1
# a cautious veteran charges on 3 or more: RCA throws 2, R24 3
dice 2
charge RCA b2
dice 3
charge R24 b3
answer no
retreat R24
move RIN 3
dump
end
# RNC, not in command, fires at will on 3 or more: 2
dice 2
fire RNC b1
# R24 and b3: 4 hits and 2, then 2 and 0: b3 goes
dice 6 5 5 4 1 2  1 3 4 2 3 6  6 2 6 1  3 1
end
brigade BE
end
end
brigade BG
end
end
brigade BA
end
end
brigade BP
end
end
dump
EOF
run melee-command B command <"$tmp/command.cmds"
m=command
like "$(logline $m 'Austrians throw for the initiative')" "2D6 6\+6 = 12$" "command: the initiative dice are the scripted ones"
for k in E:excellent:18 G:good:16 A:average:14 P:poor:12 R:dreadful:10; do
	id=${k%%:*}; r=${k#*:}
	is "$(field $m 1 commander "D$id" rating) $(field $m 1 commander "D$id" radius) $(field $m 1 unit "${id}IN" status) $(field $m 1 unit "${id}CA" status)" \
		"${r%:*} ${r#*:} in_command cautious" "${r%:*}: ${r#*:} cm radius; a unit exactly that far is in command, 0.5 cm more cautious"
done
is "$(field $m 1 unit R24 status) $(field $m 1 unit RNC status)" "cautious not_in_command" "24 cm away is still cautious; 24.5 is not in command"
is "$(field $m 1 unit RCO status)" "in_command" "within the corps stand's radius is in command too"
# The Austrian commanders' ratings are thrown as the scenario is set up,
# before the first die a script can give: each is checked against the
# table for the throw the seed gave (test-orbat scripts every row).
want=$(awk '/rating on the Austrian corps table: 2D6/ { s = $NF; print (s >= 10 ? "average" : s >= 7 ? "poor" : "dreadful") }' "$tmp/$m.out")
is "$(field $m 1 commander BC rating)" "${want:-(no throw)}" \
	"an Austrian corps commander's rating follows his 2D6 on the table (10 to 12 Average, 7 to 9 Poor, 2 to 6 Dreadful)"
want=$(awk '/Div-B.s rating on the division table: 2D6/ { s = $NF - 2; print (s >= 13 ? "good" : s >= 10 ? "average" : s >= 6 ? "poor" : "dreadful") }' "$tmp/$m.out")
is "$(field $m 1 commander BD rating)" "${want:-(no throw)}" \
	"a division commander's: 2D6 - 2 for an Austrian corps (13 Good, 10 Average, 6 Poor, less Dreadful)"
like "$(grep '^refused: charge RNC b1' "$tmp/$m.out")" "not in command: units out of command cannot charge" "a unit not in command cannot charge"
like "$(logline $m 'RCA tests to charge')" "in command but cautious\) \(Veteran: 3 or more\): 1D6 2$" "a cautious unit tests to charge: 2 ..."
like "$(logline $m '^log: RCA (will|charges)')" "RCA will not charge and stays where it is" "... fails, and stays"
is "$(field $m 2 unit RCA y)" "37.25" "... where it was"
like "$(logline $m 'R24 tests to charge')" "1D6 3$" "another throws 3 ..."
like "$(logline $m '^log: R24 (will|charges)')" "R24 charges b3" "... and charges"
is "$(refusal $m 'retreat R24')" "R24 has charged during this initiative and cannot retreat" \
	"a unit that has charged in this initiative cannot retreat"
like "$(logline $m 'RNC tests to fire')" "\(not in command\) \(Veteran: 3 or more\): 1D6 2$" "a unit not in command tests to fire: 2 ..."
like "$(logline $m '^log: RNC does')" "RNC does not fire" "... and does not fire"
like "$(logline $m 'Div-B evades')" "Div-B evades RIN \(white markers: no command radius this Turn\)" "a command stand touched by a moving enemy evades"
is "$(field $m 2 commander BD radius)" "0" "... and has no command radius for the rest of the Turn"
near "$(awk -v x="$(field $m 2 commander BD x)" -v y="$(field $m 2 commander BD y)" 'BEGIN { d = sqrt((x - 160) ^ 2 + (y - 57) ^ 2); print (d >= 6 - 0.01 && d <= 12 + 0.01) ? 1 : 0 }')" 1 0 \
	"... it goes 6 to 12 cm from where it stood"
# RIN's footprint is x 157.5 to 162.5, y 58.25 to 60.25; the stand's radius 1.25.
near "$(awk -v x="$(field $m 2 commander BD x)" -v y="$(field $m 2 commander BD y)" 'BEGIN {
	dx = x < 157.5 ? 157.5 - x : x > 162.5 ? x - 162.5 : 0; dy = y < 58.25 ? 58.25 - y : y > 60.25 ? y - 60.25 : 0
	print (sqrt(dx * dx + dy * dy) - 1.25 >= 6 - 0.01) ? 1 : 0 }')" 1 0 "... no closer than 6 cm to the enemy"
is "$(field $m 2 commander BD status)" "active" "... and stays in the battle"
like "$(field $m 1 commander BD radius)/$(field $m '$' commander BD radius)" "^(1[0-8])/\1$" \
	"the evasion markers go at the end of the Turn: the radius is back"
is "$(logline $m 'battle is over')" "log: The battle is over: the last Turn has been played." "the battle ends after its last Turn"
is "$(logline $m 'now hold')" "log: French now hold crossroads." "an objective with only one side's units on it changes hands"
is "$(logline $m ' win')" "log: French win: they hold objectives worth 2 to 0." "the side holding objectives worth more wins"
is "$(grep '^objective ' "$tmp/$m.out" | tail -1 | sed -n 's/.* holder=\([^ ]*\) .*/\1/p')" "A" "the dump shows the French holding it"

# A unit retreated is a loss to its division and brigade, as to its side.
run melee-command B retreat <<'EOF2'
brigade BB
end
end
brigade BE
retreat EIN
retreat ECA
dump
EOF2
is "$(logline retreat 'Div-E')" "log: Div-E leaves the field: excellent division has lost 2 of its 2 units (more than half)." \
	"units retreated count as the division's losses: its stand leaves when they exceed half"
is "$(field retreat 1 commander DE status) $(field retreat 1 commander BE status)" "eliminated eliminated" \
	"... the division and (unattached) brigade stands are gone"

# ======================================================================
# Command and reactions
# ======================================================================
run melee-react A react <<'EOF2'
dump
brigade AM
move M1 6
dice 2
answer charge
move M2 6
dump
EOF2
is "$(field react 1 unit oc1 status) $(field react 1 unit onc status)" "cautious not_in_command" \
	"react: oc1 is cautious, onc not in command"
like "$(decision react '^decide: [A-Za-z]*: oc1 ')" "oc1 may opportunity-charge M1" "a cautious unit may be offered an opportunity charge ..."
like "$(logline react 'oc1 tests to charge')" "oc1 tests to charge \(in command but cautious\) \(Veteran: 3 or more\): 1D6 2$" \
	"... it tests first (2: it fails)"
is "$(logline react 'oc1 holds back')" "log: oc1 holds back." "... and holds back"
is "$(logcount react '^log: oc1 tests to opportunity-charge')" 0 "... before its opportunity-charge test"
is "$(grep -c '^decide: [A-Za-z]*: onc' "$tmp/react.out")" 0 "a unit not in command is not offered an opportunity charge"
is "$(field react '$' unit M2 y)" "64.00" "... and the column passes it"

printf 'concede\ndump\n' | run melee-command B concede
is "$(logline concede 'concede|win')" "log: Austrians concede the battle." "the side with the initiative may concede"
is "$(grep '^report: Result' "$tmp/concede.out")" "report: Result: French win: Austrians conceded." "... and the other side wins at once"
like "$(grep '^game ' "$tmp/concede.out" | tail -1)" " phase=over " "... the battle is over"
printf 'concede A\ndump\n' | run melee-command B concede-a
is "$(grep '^report: Result' "$tmp/concede-a.out")" "report: Result: Austrians win: French conceded." \
	"the side without the initiative may concede too ('concede A' while the Austrians have it)"
printf 'concede A\nconcede B\n' | run melee-command B concede-b --side B
is "$(grep '^refused: ' "$tmp/concede-b.out")" "refused: concede A: French are not yours to concede" \
	"a player concedes only for a side he plays"
is "$(grep '^report: Result' "$tmp/concede-b.out")" "report: Result: French win: Austrians conceded." "... his own he may"

done_testing
