#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The manoeuvre rules, played through batch mode on the tiny maps in
# tests/rules/: the sequence of play, movement allowances, formation
# changes, pivots, side-steps and the like, interpenetration, terrain,
# division manoeuvres, command stands and voluntary retreat, undo.
#
# Every expected position below was worked out by hand from the map (all
# units stand at round coordinates; side A faces north, 0 degrees, so a
# move of d cm takes d off y).  Where the rules allow more than one answer
# (which stand of a unit changing formation stays in place) the pattern
# accepts each lawful answer and nothing else.
#
# The dice are scripted: each run has the French win Turn 1's initiative
# (--dice: 2D6 6+6 against 1+1), and a run that needs them to win a later
# one too says so with 'dice' (3D6 6+6+6 against 2D6 1+1) before the
# firing phase ends.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 214

# accepted NAME 'ORDER' DESCRIPTION: the order was not refused
accepted() {
	if grep -qF "refused: $2: " "$tmp/$1.out"; then
		ok 1 "$3"
		grep -F "refused: $2: " "$tmp/$1.out" | head -1 | sed 's/^/#   got: /'
	else
		ok 0 "$3"
	fi
}

# ======================================================================
# The Sequence of Play
# ======================================================================
# Every throw for the initiative is scripted: the French win Turn 1's
# (2D6 6+6 against 1+1); after a brigade the side that had it throws 3D6
# against 2D6 (French first, whoever held it); a tie is thrown again.
run seq A seq <<'EOF'
brigade B1
brigade R
move a1 1
brigade A1
move a2 1
move a1 1
move a1b 1
move a1 1
dump
end
dice 1 1 5  2 5  5 2 5  2 2
end
brigade A1
brigade A2
end
end
brigade B1
end
end
brigade B2
end
dice 1 2  5 5
end
brigade B1
end
dice 6 6  1 1 1
end
brigade R
end
dice 6 6 6  1 1
end
brigade A1
end
dice 1 1 1  6 6
end
brigade B2
end
end
brigade A2
end
end
move a2 1
dump
EOF
# Turn 1: French 3D6 1+1+5 = 7 against 2D6 2+5 = 7, a tie; thrown again,
# 12 against 4: the French keep it for A2.  Then the French have no
# brigade left: the Austrians have B1 and B2 without a throw.  Turn 2:
# 2D6 1+2 against 5+5: the Austrians (B1); 2D6 12 against 3D6 3: the French
# (R, the reserve, now on the table); 3D6 18 against 2D6 2: the French
# again (A1); 3D6 3 against 2D6 12: the Austrians (B2); the French last (A2).
throws() {
	grep '^log: ' "$tmp/seq.out" | sed -n "/$1/,\$p" | grep -E 'throw for the initiative|A tie' | sed 's/^log: //'
}

is "$(throws 'Turn 1 of 2 begins' | head -2)" "French throw for the initiative: 2D6 6+6 = 12
Austrians throw for the initiative: 2D6 1+1 = 2" "Turn 1 opens with each side throwing 2D6 (the French win, 12 to 2)"
like "$(refusal seq 'brigade B1')" "enemy brigade" "a side cannot choose an enemy brigade"
like "$(refusal seq 'brigade R')" "no units on the table" "a brigade whose units are all in reserve cannot be chosen"
like "$(refusal seq 'move a1 1')" "manoeuvre phase" "no unit moves before a brigade is chosen"
like "$(refusal seq 'move a2 1')" "not in first brigade, the brigade with the initiative" \
	"a unit outside the brigade with the initiative cannot be ordered"
like "$(grep -F 'refused: move a1 1: ' "$tmp/seq.out" | sed -n 2p)" "one at a time" \
	"once another unit has begun, the first unit's manoeuvre is over"
is "$(grep '^unit id=a1 ' "$tmp/seq.out" | head -1 | sed -n 's/.* \(y=[^ ]*\) .*/\1/p')" "y=79.00" \
	"the first unit moved once only (80 - 1)"
like "$(logline seq 'had the initiative and throw')" "^log: French had the initiative and throw 3D6 against 2D6\.$" \
	"after the first brigade the side that had the initiative throws 3D6 against 2D6"
is "$(throws 'had the initiative and throw' | sed -n 1,5p)" "French throw for the initiative: 3D6 1+1+5 = 7
Austrians throw for the initiative: 2D6 2+5 = 7
A tie: both sides throw again.
French throw for the initiative: 3D6 5+2+5 = 12
Austrians throw for the initiative: 2D6 2+2 = 4" "... really three dice against two; a tie is thrown again, with 3D6 against 2D6 still"
is "$(logline seq 'second brigade has the initiative')" "log: French: second brigade has the initiative." \
	"the side that throws more keeps the initiative (12 against 4)"
is "$(awk '
	/ have the initiative \(/ { split($0, w, " "); last = w[2]; inround = 0 }
	/ had the initiative and throw 3D6 against 2D6/ { split($0, w, " "); h = w[2]; if (h != last) bad++; inround = 1; n++; next }
	/ throw for the initiative: / && inround {
		split($0, w, " ")
		if (w[2] == h && $0 !~ /: 3D6 /) bad++
		if (w[2] != h && $0 !~ /: 2D6 /) bad++
	}
	END { print bad + 0, n + 0 }' "$tmp/seq.out")" "0 4" \
	"every later throw: 3D6 for the side that had the initiative, 2D6 for the other (four such throws, each side holding)"
like "$(refusal seq 'brigade A1')" "already had the initiative this Turn" "a brigade is chosen once a Turn"
is "$(awk '/^log: Turn 1 of 2 begins/ { t = 1 } /^log: Turn 1 ends/ { t = 0 } t && /has the initiative\.$/ { n++ } END { print n + 0 }' "$tmp/seq.out")" 4 \
	"Turn 1 lasts until both sides have used each of their 4 brigades on the table"
is "$(awk '/^log: French: second brigade has the initiative/ { t = 1 } /^log: Turn 1 ends/ { t = 0 } t && /throw for the initiative/ { n++ } END { print n + 0 }' "$tmp/seq.out")" 0 \
	"a side with no brigade left to choose: the other has the initiative without a throw"
like "$(grep '^unit id=r1 ' "$tmp/seq.out" | head -1)" "status=reserve arrives=2" "the reserve is off the table in Turn 1"
like "$(grep '^log: ' "$tmp/seq.out" | sed -n '/Turn 1 ends/,/throw for the initiative/p' | sed 's/^log: //' | sed 's/: .*//' | tr '\n' '|')" \
	"^Turn 1 ends\.\|Turn 2 of 2 begins \([0-9:]+\)\.\|([^|]*\|)*reserve arrives on the field\.\|([^|]*\|)*[A-Za-z]+ throw for the initiative\|$" \
	"the reserve arrives at the start of Turn 2, before its initiative is thrown"
is "$(throws 'Turn 2 of 2 begins' | head -2)" "French throw for the initiative: 2D6 1+2 = 3
Austrians throw for the initiative: 2D6 5+5 = 10" "a new Turn opens with 2D6 each again"
is "$(logline seq 'reserve brigade has the initiative')" "log: French: reserve brigade has the initiative." \
	"in Turn 2 the reserve brigade may be chosen"
like "$(grep '^unit id=r1 ' "$tmp/seq.out" | tail -1)" "status=in_command" "the reserve is on the table in Turn 2"
is "$(awk '/^log: Turn 2 of 2 begins/ { t = 1 } /^log: Turn 2 ends/ { t = 0 } t && /has the initiative\.$/ { n++ } END { print n + 0 }' "$tmp/seq.out")" 5 \
	"in Turn 2 the reserve brigade is chosen too (5 brigades)"
like "$(logline seq 'battle is over')" "^log: The battle is over: the last Turn has been played\.$" "the turn limit ends the battle"
like "$(grep '^game ' "$tmp/seq.out" | tail -1)" "^game turn=2 turns=2 phase=over " "... after Turn 2, with no Turn 3"
like "$(grep '^refused: ' "$tmp/seq.out" | tail -1)" "^refused: move a2 1: the battle is over$" "no orders after the end (the refusal names the order)"
is "$(grep -c '^refused: ' "$tmp/seq.out") $(cat "$tmp/seq.err")" "7 " "no other order refused, no script error"

# ======================================================================
# Movement allowances (open ground)
# ======================================================================
run open A inf-a <<'EOF'
brigade INF
move L1 6.5
move L1 max
move L2 max
move K1 18.5
move K1 18
form L3 column left
form L3 line
form L4 line front
form K2 skirmish
form L5 skirmish
form L5 square
about L5
move L6 3
form L6 column
form L8 column left
dump
EOF
like "$(refusal inf-a 'move L1 6.5')" "allowance of 6" "infantry in line: 6.5 cm is past its 6 cm"
is "$(pos inf-a L1)" "x=10.00 y=74.00 facing=0.0 formation=line" "infantry in line moves 6 cm (move max)"
is "$(pos inf-a L2)" "x=22.00 y=74.00 facing=0.0 formation=column" "infantry in column moves 6 cm"
like "$(refusal inf-a 'move K1 18.5')" "allowance of 18" "skirmishers: 18.5 cm is past their 18 cm"
is "$(pos inf-a K1)" "x=34.00 y=62.00 facing=0.0 formation=skirmish" "light infantry in skirmish line moves 18 cm"

run open A cav <<'EOF'
brigade CAV
move H1 15.5
sidestep H1 right 2
move H1 max
move M1 20.5
move M1 max
move C1 25.5
move C1 25
form C2 skirmish
form C2 square
move C2 max
form C3 skirmish
move C3 30.5
move C3 max
redeploy HA1 0 20.5
redeploy HA1 0 max
form H2 skirmish
dump
EOF
like "$(refusal cav 'move H1 15.5')" "allowance of 15" "heavy cavalry: 15.5 cm is past its 15 cm"
is "$(pos cav H1)" "x=10.00 y=35.00 facing=0.0 formation=line" "heavy cavalry moves 15 cm"
like "$(refusal cav 'move M1 20.5')" "allowance of 20" "medium cavalry: 20.5 cm is past its 20 cm"
is "$(pos cav M1)" "x=22.00 y=30.00 facing=0.0 formation=line" "medium cavalry moves 20 cm"
like "$(refusal cav 'move C1 25.5')" "allowance of 25" "light cavalry: 25.5 cm is past its 25 cm"
is "$(pos cav C1)" "x=34.00 y=25.00 facing=0.0 formation=line" "light cavalry moves 25 cm"
is "$(pos cav C2)" "x=46.00 y=25.00 facing=0.0 formation=line" "light lancers move 25 cm too"
like "$(refusal cav 'move C3 30.5')" "allowance of 30" "light cavalry in skirmish line: 30.5 cm is past its 30 cm"
like "$(pos cav C3)" "^x=(58.2[23]|57.7[78]) y=20.00 facing=0.0 formation=skirmish$" \
	"light cavalry forms skirmish line (one stand in place) and moves 30 cm"
like "$(refusal cav 'redeploy HA1 0 20.5')" "allowance of 20" "horse artillery: 20.5 cm is past its 20 cm redeploy"
is "$(pos cav HA1)" "x=70.00 y=30.00 facing=0.0 formation=battery" "horse artillery redeploys 20 cm"
like "$(logline cav '^log: HA1 ')" "may not fire" "a redeployed battery may not fire this initiative"
like "$(refusal cav 'sidestep H1 right 2')" "only infantry in line or skirmish line" "cavalry cannot side-step"

run open A art <<'EOF'
brigade ART
prolong F1 1.5
prolong F1 1
prolong F2 -1.5
prolong F2 -1
redeploy F3 0 15.5
redeploy F3 0 max
face F4 180
dump
EOF
like "$(refusal art 'prolong F1 1.5')" "at most 1 cm" "artillery prolongs no more than 1 cm"
is "$(pos art F1)" "x=100.00 y=49.00 facing=0.0 formation=battery" "artillery prolongs 1 cm forward"
like "$(refusal art 'prolong F2 -1.5')" "at most 1 cm backwards" "... nor more than 1 cm back"
is "$(pos art F2)" "x=112.00 y=51.00 facing=0.0 formation=battery" "prolong -1 moves the battery 1 cm back, still facing forward"
like "$(refusal art 'redeploy F3 0 15.5')" "allowance of 15" "foot artillery: 15.5 cm is past its 15 cm redeploy"
is "$(pos art F3)" "x=124.00 y=35.00 facing=0.0 formation=battery" "foot artillery redeploys 15 cm"
like "$(logline art '^log: F3 ')" "may not fire" "a redeployed foot battery may not fire either"
like "$(logline art '^log: F4 ')" "^log: F4 pivots to face 180 \(over 90: it may not fire this initiative\)\.$" \
	"a battery pivoting over 90 degrees may not fire this initiative"

# ======================================================================
# Formation changes
# ======================================================================
# L3: line at (46, 80); its left stand (44.75, 80) stays and becomes the
# front or rear stand of the column.  L4: column at (58, 80); its front
# stand (58, 79) stays and becomes the left or right stand of the line.
like "$(pos inf-a L3)" "^x=44.75 y=(79|81)\.00 facing=0.0 formation=column$" "line to column keeping the left stand in place"
like "$(refusal inf-a 'form L3 line')" "one formation change" "only one formation change in a manoeuvre phase"
like "$(pos inf-a L4)" "^x=(56.75|59.25) y=79.00 facing=0.0 formation=line$" "column to line keeping the front stand in place"
like "$(pos inf-a K2)" "^x=(70.2[23]|69.7[78]) y=80.00 facing=0.0 formation=skirmish$" "light infantry forms a skirmish line"
like "$(refusal inf-a 'form L5 skirmish')" "only light infantry and non-lancer light cavalry" "line infantry cannot form a skirmish line"
like "$(pos inf-a L5)" "^x=(80.75|83.25) y=(79|81)\.00 facing=0.0 formation=square$" "infantry forms square"
like "$(refusal inf-a 'about L5')" "except a square" "a square cannot about face"
is "$(pos inf-a L8)" "x=104.75 y=84.00 facing=0.0 formation=column" \
	"line to column: the column forms backwards, where it touches no other unit (L7 is 1 cm ahead)"
like "$(pos inf-a L6)" "^x=(92.75|95.25) y=(76|78)\.00 facing=0.0 formation=column$" "a unit may change formation after it has moved"
like "$(refusal cav 'form C2 skirmish')" "lancer" "lancers cannot form a skirmish line"
like "$(refusal cav 'form C2 square')" "only infantry may form squares" "cavalry cannot form square"
like "$(refusal cav 'form H2 skirmish')" "only light infantry and non-lancer light cavalry" "heavy cavalry cannot form a skirmish line"

run open A sq <<'EOF'
brigade SQ
move S1 2
inch S1 90 4.5
inch S1 90 4
inch S2 0 3
inch S2 270 2
form S3 column
form S5 column facing 90
form S5 square
form S4 line facing 90
dump
EOF
like "$(refusal sq 'form S3 column')" "contact with the enemy" "no formation change in contact with the enemy"
like "$(refusal sq 'form S5 column facing 90')" "only when leaving a square" "a new facing comes only with leaving a square"
like "$(pos sq S4)" "^x=150.00 y=(89.75|90.25) facing=90.0 formation=line$" "leaving a square, infantry may face any direction"

# ======================================================================
# Pivots, about face, side-step, step-back, oblique, inching
# ======================================================================
run open A inf-b <<'EOF'
brigade INF
face L1 90
sidestep L1 right 6.5
sidestep L1 right 6
sidestep L2 right 2
stepback L2 1
oblique L2 1 right 1
face L2 180
stepback K1 6.5
stepback K1 6
move K1 1
oblique L3 3 right 3
about L4
oblique K2 4 left 1
oblique K2 -1 left 1
oblique K2 2 left 3 sidefirst
face L5 60
face L5 120
stepback L6 6
face L7 90
face L7 10
dump
EOF
is "$(logline inf-b '^log: L1 pivots')" "log: L1 pivots to face 90." "a pivot of 90 degrees keeps the right to charge"
is "$(pos inf-b L1)" "x=10.00 y=86.00 facing=90.0 formation=line" "pivot about the centre, then side-step 6 cm to the right (south)"
like "$(refusal inf-b 'sidestep L1 right 6.5')" "at most 6 cm" "side-step is at most 6 cm"
like "$(refusal inf-b 'sidestep L2 right 2')" "only infantry in line or skirmish line" "a column cannot side-step"
like "$(refusal inf-b 'stepback L2 1')" "only infantry in line or skirmish line" "a column cannot step back"
like "$(refusal inf-b 'oblique L2 1 right 1')" "only infantry in line or skirmish line" "a column cannot move obliquely"
is "$(logline inf-b '^log: L2 pivots')" "log: L2 pivots to face 180 (over 90: it may not charge this initiative)." \
	"a pivot over 90 degrees forbids a charge this initiative"
is "$(pos inf-b L2)" "x=22.00 y=80.00 facing=180.0 formation=column" "a pivot turns the unit about its centre"
like "$(refusal inf-b 'stepback K1 6.5')" "at most 6 cm" "step-back is at most 6 cm"
is "$(pos inf-b K1)" "x=34.00 y=86.00 facing=0.0 formation=skirmish" "skirmishers step back 6 cm"
like "$(refusal inf-b 'move K1 1')" "already moved" "a step-back is instead of a move forward"
is "$(pos inf-b L3)" "x=49.00 y=77.00 facing=0.0 formation=line" "oblique: 3 cm forward and 3 cm to the right"
is "$(logline inf-b '^log: L4 ')" "log: L4 about faces to face 180 (over 90: it may not charge this initiative)." \
	"an about face forbids a charge this initiative"
is "$(pos inf-b L4)" "x=58.00 y=80.00 facing=180.0 formation=column" "an about face leaves the column where it was"
like "$(refusal inf-b 'oblique K2 4 left 1')" "at most 3 cm forward" "oblique is at most 3 cm forward"
like "$(refusal inf-b 'oblique K2 -1 left 1')" "forward only" "oblique goes forward only"
is "$(pos inf-b K2)" "x=67.00 y=78.00 facing=0.0 formation=line" "oblique sideways first: 3 cm left then 2 cm forward"
like "$(logline inf-b '^log: L5 pivots to face 120')" "over 90" "two pivots of 60 degrees add up to more than 90"
is "$(pos inf-b L6)" "x=94.00 y=86.00 facing=0.0 formation=line" "a line steps back 6 cm"
like "$(refusal inf-b 'face L7 90')" "would touch L8" "no pivot that would touch another unit (L8 is 1 cm behind)"
is "$(pos inf-b L7)" "x=106.00 y=80.00 facing=10.0 formation=line" "a small pivot that touches nobody is allowed"

like "$(refusal sq 'move S1 2')" "inch" "a square does not move straight ahead: it inches"
like "$(refusal sq 'inch S1 90 4.5')" "at most 4 cm" "a square inches at most 4 cm"
is "$(pos sq S1)" "x=104.00 y=110.00 facing=0.0 formation=square" "a square inches 4 cm in any direction (east)"
like "$(refusal sq 'inch S2 0 3')" "at most 2 cm .*cavalry within 12 cm" "with enemy cavalry within 12 cm a square inches at most 2 cm"
is "$(pos sq S2)" "x=118.00 y=110.00 facing=0.0 formation=square" "... and 2 cm it may (west)"

# ======================================================================
# Interpenetration
# ======================================================================
run open A pass <<'EOF'
brigade PASS
move P1 6
move P1 max
move P3 6
move P3 10
redeploy P5 0 10
move P7 12
move P7 max
dump
EOF
like "$(refusal pass 'move P1 6')" "may not pass through" "a formed column cannot move through a friend 3 cm ahead"
is "$(pos pass P1)" "x=10.00 y=107.00 facing=0.0 formation=column" "move max stops it touching the friend"
like "$(refusal pass 'move P3 6')" "stop on P4" "skirmishers may not stop on a friend"
is "$(pos pass P3)" "x=30.00 y=100.00 facing=0.0 formation=skirmish" "skirmishers move through a friend"
is "$(pos pass P5)" "x=50.00 y=100.00 facing=0.0 formation=battery" "a redeploying battery moves through a friend"
like "$(refusal pass 'move P7 12')" "touch E1.*only a charge" "skirmishers cannot move through an enemy"
is "$(field pass '$' unit P7 y)" "102.05" "a normal move stops just short of the enemy (8 cm gap, less the 0.05 contact distance)"

# ======================================================================
# Undo, and refused orders change nothing
# ======================================================================
run open A undo <<'EOF'
brigade INF
move L1 3
undo
move L1 6
move L2 2
undo
undo
move L2 4
move L1 1
face K2 10
move L3 100
move K2 2
form L4 line
move L4 3
form L4 column
dump
EOF
is "$(pos undo L1)" "x=10.00 y=74.00 facing=0.0 formation=line" "after undo the whole 6 cm allowance is there again"
is "$(pos undo L2)" "x=22.00 y=76.00 facing=0.0 formation=column" "undo takes back the 2 cm; the column then moves 4"
like "$(refusal undo 'undo')" "nothing to take back" "a second undo has nothing left to take back"
like "$(refusal undo 'move L1 1')" "one at a time" "undo does not reopen a unit whose manoeuvre is over"
is "$(pos undo K2)" "x=70.35 y=78.03 facing=10.0 formation=line" \
	"a refused order of another unit leaves the current unit going (2 cm at 10 degrees)"
like "$(refusal undo 'form L4 column')" "one formation change" "a formation change before the move and another after it: refused"

# ======================================================================
# Terrain
# ======================================================================
run terrain A ter <<'EOF'
brigade T
move T1 6
move T1 max
move T2 max
move T3 max
prolong T4 1
redeploy T4 0 5
face T4 45
move T5 max
move T6 max
redeploy T7 0 max
prolong T8 1
prolong T8 0.5
move T9 3
move T10 6
move T12 max
move T13 3
cross T13 BR
cross T14 BR
move T14 1
move T15 3
prolong T16 1
redeploy T17 0 5
redeploy T17 0 max
move T18 2
defend T18
move T19 3
defend T19
sidestep T20 right 6
sidestep T20 left 3
move T21 max
dump
EOF
# Half rate begins at real contact with a feature (a base touching its edge
# is not yet in it); the positions of units entering or leaving one are
# checked to the 0.05 cm of the contact tolerance.
like "$(refusal ter 'move T1 6')" "half rate.*only 3.0 cm" "in a wood a column's 6 cm carry it 3 cm"
is "$(pos ter T1)" "x=13.50 y=42.00 facing=0.0 formation=column" "a column inside a wood moves 3 cm"
near "$(field ter '$' unit T2 y)" 47 0.05 "2 cm free, then 4 cm of allowance in the wood: 2 cm more"
is "$(pos ter T3)" "x=56.50 y=42.00 facing=0.0 formation=column" "a wood on a hill is still half rate, not quarter"
like "$(refusal ter 'prolong T4 1')" "wood 'W4', where unlimbered artillery may not go" "artillery cannot prolong into a wood"
like "$(refusal ter 'redeploy T4 0 5')" "wood 'W4', where limbered artillery may not go" "artillery cannot redeploy into a wood"
like "$(refusal ter 'face T4 45')" "touch wood 'W4'" "no pivot into prohibiting terrain"
is "$(pos ter T5)" "x=90.00 y=47.50 facing=0.0 formation=line" "heavy cavalry in rough ground: 15 cm of allowance, 7.5 cm"
is "$(pos ter T6)" "x=100.00 y=49.00 facing=0.0 formation=column" "infantry in rough ground moves freely"
is "$(pos ter T7)" "x=110.00 y=47.50 facing=0.0 formation=battery" "foot artillery redeploying in rough ground: 7.5 cm"
like "$(refusal ter 'prolong T8 1')" "only 0.5 cm" "a battery in rough ground prolongs at half rate"
is "$(pos ter T8)" "x=120.00 y=54.50 facing=0.0 formation=battery" "... so 0.5 cm it may"
like "$(refusal ter 'move T9 3')" "rough ground 'IR', where no unit may go except along a road" "impassable rough ground stops infantry"
is "$(pos ter T10)" "x=160.00 y=44.00 facing=0.0 formation=column" "a column following a road through a wood ignores the wood"
near "$(field ter '$' unit T12 y)" 82 0.05 "a river at a ford is crossed as a stream: 2 cm free then 2 cm at half rate"
like "$(refusal ter 'move T13 3')" "river 'RV', where no unit may go except at a bridge or a ford" "a river is impassable away from fords and bridges"
like "$(refusal ter 'cross T13 BR')" "not in contact with BR" "a unit crosses a bridge only once it touches it"
is "$(pos ter T14)" "x=60.00 y=75.00 facing=0.0 formation=column" "a unit crossing a bridge is placed on the far side, touching it"
like "$(refusal ter 'move T14 1')" "bridge" "crossing a bridge uses all remaining movement (refusal names the bridge rule)"
like "$(refusal ter 'move T15 3')" "bridge|river" "a unit cannot walk over a bridge into the river: it crosses with 'cross'"
like "$(refusal ter 'prolong T16 1')" "stream 'ST', where unlimbered artillery may not go" "unlimbered artillery cannot enter a stream"
like "$(refusal ter 'redeploy T17 0 5')" "stream" "a battery cannot unlimber in a stream"
near "$(field ter '$' unit T17 y)" 75 0.1 "a redeploying battery crosses a stream at half rate: 4 + 4 (costing 8) + 3 = 11 cm"
is "$(pos ter T18)" "x=172.00 y=87.00 facing=0.0 formation=square" "defend: infantry in square on the landmark"
like "$(refusal ter 'move T19 3')" "landmark 'LM2', where cavalry may not go" "cavalry cannot enter a landmark"
like "$(refusal ter 'defend T19')" "only infantry" "only infantry defends a landmark"
like "$(refusal ter 'sidestep T20 right 6')" "half rate.*only 3.0 cm" "side-stepping in a wood costs double too"
is "$(pos ter T20)" "x=172.50 y=44.00 facing=0.0 formation=line" "... so a line in a wood side-steps 3 cm"
near "$(field ter '$' unit T21 y)" 46 0.05 "a line (two stands wide) does not follow a road: the wood slows it"

# A road is followed for as much of the way as the unit's centre stays on
# it, whatever lies beyond: RD ends 10 cm past W7, yet 'move max' (which
# asks for as far as allowed) goes the 6 cm along it.  RD4 ends at y 48
# (its width takes a centre to y 46.5) inside W10: T23 follows it 5.5 cm,
# ignoring the wood, then spends its last 0.5 cm of allowance in the wood
# at half rate.
run terrain A ter-road <<'EOF'
brigade T
move T10 max
move T23 max
dump
EOF
is "$(pos ter-road T10)" "x=160.00 y=44.00 facing=0.0 formation=column" "move max along a road that ends beyond the move: the wood is ignored"
near "$(field ter-road '$' unit T23 y)" 46.25 0.01 "leaving a road the ground counts from there on: 5.5 cm on the road, then 0.25 cm in the wood"

# Command stands cross rivers as mounted light cavalry: at a ford as a
# stream (AC rides 22 cm, the 6.5 cm while it touches the water at half
# rate), and over a bridge, which it reaches and is then placed beyond,
# touching it, mirrored across the water (from y 83.25 to 76.75, touching
# the bank): that ends its move.
run terrain A ter-cmd <<'EOF'
cmove AC 24.5 70
brigade T
cmove T 93 70 93 60
cmove T 93 70
dump
EOF
is "$(logline ter-cmd '^log: Corps-A rides')" "log: Corps-A rides 28.5 cm." "a command stand fords a river at half rate"
is "$(field ter-cmd '$' commander AC x),$(field ter-cmd '$' commander AC y)" "24.50,70.00" "... and ends beyond it"
like "$(refusal ter-cmd 'cmove T 93 70 93 60')" "would cross BR3, which uses the rest of its movement" \
	"crossing a bridge ends a command stand's move"
is "$(logline ter-cmd '^log: Brig-T rides')" "log: Brig-T rides 3.7 cm and crosses BR3; that uses the rest of its movement." \
	"a command stand crosses a river by a bridge"
is "$(field ter-cmd '$' commander T x),$(field ter-cmd '$' commander T y)" "93.00,76.75" "... placed on the far side, touching the bridge"

run terrain A ter-cross <<'EOF'
brigade T
cross T22 BR3
end
fire T22 E1
dump
EOF
like "$(logline ter-cross '^log: T22 crosses')" "it may not fire this initiative" "artillery crosses a bridge on its redeploy allowance ..."
like "$(refusal ter-cross 'fire T22 E1')" "crossed a bridge this initiative may not fire" "... so, as after a redeployment, it may not fire"

# ======================================================================
# More terrain (ground.cfg): forest, boggy ground, hedges, fences, walls,
# villages, ditches, command stands
# ======================================================================
run ground A gr <<'EOF'
brigade G
move G1 max
move G2 3
cmove G 15 40
cmove AC 40 40
move G4 6
move G5 3
move G7 max
move G8 max
move G9 max
charge K1 E1
move K2 6
move G10 max
move G11 max
end
fire Z1 E2
dump
EOF
is "$(pos gr G1)" "x=10.00 y=36.00 facing=0.0 formation=skirmish" "skirmishers move in a forest at half rate: 18 cm of allowance carry them 9"
like "$(refusal gr 'move G2 3')" "forest 'FO', where formed infantry may not go" "formed infantry may not enter a forest"
is "$(logline gr '^log: Brig-G rides')" "log: Brig-G rides 31.2 cm." \
	"a command stand enters a forest at half rate (8.75 cm, then 11.25 cm costing 22.5)"
is "$(field gr '$' commander G x),$(field gr '$' commander G y)" "15.00,40.00" "... and ends inside it"
like "$(refusal gr 'cmove AC 40 40')" "boggy ground 'BG', where no unit may go except along a road" "a command stand may not enter boggy ground"
is "$(pos gr G4)" "x=45.00 y=44.00 facing=0.0 formation=column" "a column on a road crosses boggy ground freely"
like "$(refusal gr 'move G5 3')" "boggy ground 'BG', where no unit may go except along a road" "... but not off the road"
near "$(field gr '$' unit G7 y)" 40.25 0.05 "a hedge: 2 cm free, then 4 cm of allowance at half rate (4 cm in all)"
near "$(field gr '$' unit G8 y)" 40.25 0.05 "a wooden fence: the same"
near "$(field gr '$' unit G9 y)" 40.25 0.05 "a stone wall: the same"
like "$(refusal gr 'charge K1 E1')" "crosses hedge-row 'HE2', which cavalry may not charge into, through or out of" \
	"cavalry may not charge over a hedge"
is "$(logline gr '^log: K2 moves')" "log: K2 moves 6.0 cm (10.0 of its 25 cm allowance)." "cavalry moves over a hedge at half rate (2 + 4 x 2)"
like "$(refusal gr 'fire Z1 E2')" "unlimbered artillery may not fire while interpenetrated with a stone wall \(WA2\)" \
	"artillery on a wall may not fire"
near "$(field gr '$' unit G10 y)" 40 0.05 "a village: half rate (2 cm free, then 2 cm)"
near "$(field gr '$' unit G11 y)" 40.5 0.05 "a ditch: half rate (2 cm free, then 2 cm)"

# ======================================================================
# Division manoeuvres
# ======================================================================
run division A div24 <<'EOF'
divmove D3
divmove D2
move V1 24
move V1 max
face V2 90
move V2 25
move V2 24
dump
EOF
like "$(refusal div24 'divmove D3')" "enemy unit is 11.0 cm .*none within 12 cm" "no division manoeuvre with an enemy 11 cm away"
like "$(logline div24 'makes a division manoeuvre')" "up to 24 cm, none closer than 12 cm" \
	"an enemy 27 cm away: up to 24 cm, none closer than 12 cm"
like "$(refusal div24 'move V1 24')" "closer than 12 cm" "no unit may come closer than 12 cm to the enemy"
is "$(pos div24 V1)" "x=100.00 y=85.00 facing=0.0 formation=column" "move max stops 12 cm from the enemy (27 - 12 = 15 cm)"
like "$(refusal div24 'move V2 25')" "allowance of 24" "24 cm at most"
is "$(pos div24 V2)" "x=139.00 y=100.00 facing=90.0 formation=line" "a pivot, then 24 cm straight ahead (east)"

run division A div36 <<'EOF'
brigade D2a
end
dice 6 6 6 1 1
end
divmove D2
divmove D1
sidestep U2 right 2
move U1 36.5
move U1 36
form U1 line
face U1 90
form U2 column left
move U2 20
move U3 36
move U3 max
redeploy G1 270 36
cmove D1a 25 80
dump
end
dice 6 6 6 1 1
end
brigade D1a
brigade D1art
cmove D1 10 110
brigade D3a
dump
EOF
like "$(refusal div36 'divmove D2')" "already had the initiative this Turn" "no division manoeuvre once one of its brigades was chosen"
like "$(logline div36 'far division makes a division manoeuvre')" "up to 36 cm, none closer than 24 cm" \
	"no enemy within 36 cm: up to 36 cm, none closer than 24 cm"
like "$(refusal div36 'sidestep U2 right 2')" "division manoeuvre" "no side-step in a division manoeuvre"
like "$(refusal div36 'move U1 36.5')" "allowance of 36" "36 cm at most, whatever the unit"
is "$(pos div36 U1)" "x=20.00 y=64.00 facing=0.0 formation=column" "infantry moves 36 cm in a division manoeuvre"
like "$(refusal div36 'form U1 line')" "after moving" "no formation change after moving in a division manoeuvre"
like "$(refusal div36 'face U1 90')" "before it moves" "no pivot after moving in a division manoeuvre"
like "$(pos div36 U2)" "^x=33.75 y=(79|81)\.00 facing=0.0 formation=column$" "a formation change before moving is allowed"
like "$(refusal div36 'move U3 36')" "closer than 24 cm" "no unit may come closer than 24 cm to the enemy"
is "$(pos div36 U3)" "x=50.00 y=76.00 facing=0.0 formation=line" "move max stops 24 cm from the enemy (48 - 24 = 24 cm)"
is "$(pos div36 G1)" "x=29.00 y=100.00 facing=270.0 formation=battery" "a battery redeploys 36 cm in a division manoeuvre"
# "A Brigade command stand can only be moved during the initiative in which
# that particular Brigade is chosen": a division manoeuvre moves all its
# brigades at once, so their commanders may ride with them.
accepted div36 'cmove D1a 25 80' "a brigade stand moves with its brigade in a division manoeuvre"
is "$(field div36 '$' commander D1a x),$(field div36 '$' commander D1a y)" "25.00,80.00" "... 35 cm north"
like "$(refusal div36 'brigade D1a')" "already had the initiative this Turn" "after a division manoeuvre its brigades count as chosen"
like "$(refusal div36 'brigade D1art')" "already had the initiative this Turn" "... its division artillery too"
like "$(refusal div36 'cmove D1 10 110')" "none of far division's brigades is left to be given the initiative" \
	"a division stand whose brigades have all had the initiative this Turn does not move"

# "units from a Division doing a Division Manoeuvre cannot fire during the
# upcoming Firing Phase": every unit of it, moved or not (G1 stays put, Z1
# is 52 cm away, in long range).
run division A divfire <<'EOF'
divmove D1
end
fire G1 Z1
EOF
like "$(refusal divfire 'fire G1 Z1')" "units of a division manoeuvre may not fire .*whether they moved or not" \
	"a battery of a division manoeuvre that did not move may not fire either"

# ======================================================================
# Command stands, attaching, retreat
# ======================================================================
run command A cmd <<'EOF'
dump
cmove A1 100 96
cmove AC 56 20 56 21
cmove AC 50 20 50 26
cmove AC 50 30
cmove AD1 45 60 45 66
cmove AD2 110 30
brigade A3
brigade A1
cmove AD1 45 70
cmove A3 100 30
cmove A1 100 90
cmove A1 100 96
attach A1 N4
attach A1 N3
move N3 6
detach A1
stepback N2 6
retreat Y1
retreat N7
retreat N6
end
dice 6 6 6 1 1
end
cmove AD1 45 75
brigade A2
detach A2
move N5 2
attach A2 N5
dump
retreat N5
dump
EOF
like "$(refusal cmd 'cmove A1 100 96')" "own brigade's initiative" "a brigade stand moves only in its brigade's initiative"
like "$(refusal cmd 'cmove AC 56 20 56 21')" "36" "a command stand moves no more than 36 cm (36 + 1 refused, naming the 36 cm)"
is "$(field cmd '$' commander AC x),$(field cmd '$' commander AC y)" "50.00,26.00" "a corps stand rides 36 cm through a waypoint"
like "$(refusal cmd 'cmove AC 50 30')" "once a Turn" "a corps stand moves once a Turn"
like "$(logline cmd '^log: Div-1 rides')" "^log: Div-1 rides 12\.0 cm\.$" "a division stand moves before one of its brigades is chosen (6 cm out and back)"
like "$(refusal cmd 'cmove AD2 110 30')" "Div-2 cannot move: first division's stand has moved, so this initiative goes to one of its brigades" \
	"... and then no other division's stand moves in that initiative"
like "$(refusal cmd 'brigade A3')" "first division's stand has moved: a division stand moves only before one of its own brigades is given the initiative" \
	"... nor may the initiative go to another division's brigade"
like "$(refusal cmd 'cmove AD1 45 70')" "before one of its brigades is given the initiative" "... nor does it move once its brigade has it"
like "$(refusal cmd 'cmove A3 100 30')" "own brigade's initiative" "another brigade's stand does not move in this initiative"
like "$(refusal cmd 'cmove A1 100 90')" "touch N3" "a command stand cannot end on a unit"
like "$(grep '^unit id=N3 ' "$tmp/cmd.out" | head -1)" "status=not_in_command" "N3 starts out of command"
like "$(refusal cmd 'attach A1 N4')" "within 6 cm" "a brigade commander attaches only within 6 cm"
like "$(grep '^unit id=N3 ' "$tmp/cmd.out" | sed -n 2p)" "status=in_command" "a unit with its brigade commander attached is in command"
is "$(field cmd '$' commander A1 attached) $(field cmd '$' commander A1 x),$(field cmd '$' commander A1 y)" "N3 100.00,84.00" \
	"the attached commander rides with the unit (6 cm north)"
like "$(refusal cmd 'detach A1')" "beginning of the initiative" "no detaching once a unit of the brigade has manoeuvred"
# N2 steps back onto the stand of its division commander AD1 at (45, 66):
# friendly units move through command stands, and the stand is then moved
# the least distance off the unit (1 cm to the unit's edge + 1.25 radius).
is "$(pos cmd N2)" "x=45.00 y=66.00 facing=0.0 formation=line" "a unit may move onto a friendly command stand"
near "$(awk -v y="$(field cmd '$' commander AD1 y)" 'BEGIN { d = y - 66; print d < 0 ? -d : d }')" 2.25 0.15 \
	"... which is moved the least distance off it (2.25 cm)"
like "$(refusal cmd 'retreat Y1')" "enemy" "a side cannot retreat enemy units"
like "$(refusal cmd 'retreat N7')" "not in command" "a unit not in command cannot retreat"
like "$(grep '^unit id=N6 ' "$tmp/cmd.out" | tail -1)" "status=retreated" \
	"a unit in command retreats, whether its brigade has the initiative or not"
like "$(refusal cmd 'cmove AD1 45 75')" "once a Turn" "a division stand moves once a Turn"
is "$(field cmd '$' commander A2 attached)" "-" "a brigade commander detaches at the beginning of his brigade's initiative"
like "$(grep '^unit id=N5 ' "$tmp/cmd.out" | sed -n 2p)" "status=cautious" "the unit he left is back to its own command status"
like "$(refusal cmd 'attach A2 N5')" "beginning of the initiative" "no attaching once a unit of the brigade has manoeuvred"
like "$(grep '^unit id=N5 ' "$tmp/cmd.out" | tail -1)" "status=retreated" "a unit in command but cautious may retreat"

# "a command stand cannot remain interpenetrated with any unit": N2, a line
# 5 x 2 cm at (45, 60), pivots to face east, which sweeps it over AD1
# placed 0.75 cm behind it; the stand is then moved the least distance off
# (from y 63 to just beyond the line's new edge at 62.5: 62.5 + 1.25 + 0.1).
run command A cmd-pivot <<'EOF'
cmove AD1 45 63
brigade A1
face N2 90
dump
EOF
is "$(pos cmd-pivot N2)" "x=45.00 y=60.00 facing=90.0 formation=line" "a pivot may sweep a unit over a friendly command stand"
is "$(field cmd-pivot '$' commander AD1 x),$(field cmd-pivot '$' commander AD1 y)" "45.00,63.85" \
	"... which is then moved the least distance off it"

# The same pivot over an enemy stand (Div-B put at 45, 63): "a command
# stand contacted by a moving enemy unit evades" 6 to 12 cm, and has no
# radius for the rest of the Turn.
sed 's/{ id = "BD"; x = 70.0; y = 3.0; },/{ id = "BD"; x = 45.0; y = 63.0; },/' \
	"$rules/command.cfg" >"$tmp/cmd-enemy.cfg"
printf 'brigade A1\nface N2 90\ndump\n' | run "$tmp/cmd-enemy.cfg" A cmd-enemy
is "$(logline cmd-enemy 'Div-B')" "log: Div-B evades N2 (white markers: no command radius this Turn)." \
	"a pivot that sweeps a unit over an enemy command stand makes it evade"
d=$(awk -v x="$(field cmd-enemy '$' commander BD x)" -v y="$(field cmd-enemy '$' commander BD y)" \
	'BEGIN { d = sqrt((x - 45) ^ 2 + (y - 63) ^ 2); print (d >= 6 - 1e-6 && d <= 12 + 1e-6) ? "ok" : d }')
is "$d $(field cmd-enemy '$' commander BD radius)" "ok 0" "... 6 to 12 cm away, with no command radius"

# "A player may only move his Corps ... command stands whenever that player
# has the initiative": the firing phase is part of the initiative.
run command A cmd2 <<'EOF'
brigade A1
end
cmove AC 20 30
cmove A1 95 95
cmove A3 100 30
dump
EOF
accepted cmd2 'cmove AC 20 30' "a corps stand may move in the firing phase of its side's initiative"
is "$(field cmd2 '$' commander AC x),$(field cmd2 '$' commander AC y)" "20.00,30.00" "... 10 cm south"
accepted cmd2 'cmove A1 95 95' "a brigade stand may move in the firing phase of its brigade's initiative too"
is "$(field cmd2 '$' commander A1 x),$(field cmd2 '$' commander A1 y)" "95.00,95.00" "... 5 cm west"
like "$(refusal cmd2 'cmove A3 100 30')" "only during its own brigade's initiative" "... but another brigade's stand does not"

done_testing
