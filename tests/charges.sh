#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Charges, reactions and firing, played through batch mode on the maps
# tests/rules/charge-*.cfg (each file's header draws its lanes):
# - every refusal of a charge order, each naming its rule;
# - the charges that arrive and every reaction the side without the
#   initiative may be offered: emergency square (pass, fail, with the
#   Austrian column's +1, for the unit reached and for a friend within
#   6 cm), feint and the pivot after it, skirmishers falling back,
#   horse artillery limbering up and fleeing, crews running into a square,
#   opportunity charges and counter-charges, and the eliminations that
#   come of them; extended charges and the cautious unit's test;
# - firing: the range bands and dice, each refusal, return fire,
#   supporting artillery fire, suppression, the command test; every throw
#   is in the log with what it was for, and the hits follow the dice.
#
# The dice that matter are scripted: side A wins Turn 1's initiative
# ('run MAP A': 2D6 6+6 against 1+1), and 'dice N' comes right before the
# order or answer whose test takes it, so a script reads as the rule does
# ("dice 3", "answer feint 8": "K1 tries to feint (Veteran: 3 or more):
# 1D6 3", "K1 passes").  A pass or a failure is thrown at the edge of the
# quality where it can be (a veteran passes on 3, fails on 2).  Every
# check that depends on a throw first asserts the throw itself: a change
# to the order in which the dice are thrown fails loudly here instead of
# silently testing another path.  The throws no check depends on (most
# shots' dice) come from the seed; SEED=N sh tests/charges.sh plays them
# with others.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 152

# ======================================================================
# Refused charges (charge-refuse.cfg)
# ======================================================================
run charge-refuse A ref <<'EOF'
dump
brigade R
charge R1 E5
charge R2 E5
charge R3 E3
charge R4 E4
charge R5 E5
charge R6 E6
charge R7 E7
charge R8 E8
charge R9 E9
charge R10 E10
charge R11 E11
charge R3 R5
charge R3 E0
charge E5 R5
move R12 1
charge R12 E12
about R13
charge R13 E13
dump
EOF
like "$(refusal ref 'charge R1 E5')" "artillery cannot charge" "a battery cannot charge"
like "$(refusal ref 'charge R2 E5')" "a square cannot charge" "a square cannot charge"
like "$(refusal ref 'charge R3 E3')" "infantry may not charge cavalry" "infantry cannot charge cavalry"
like "$(refusal ref 'charge R4 E4')" "not in command: units out of command cannot charge" "a unit out of command cannot charge"
like "$(refusal ref 'charge R5 E5')" "cannot reach E5: its charge of 6 cm carries it 6\.0 cm; 'charge R5 E5 extend'" \
	"a target 10 cm from a line (charge 6 cm) is out of reach unless the charge is extended"
like "$(refusal ref 'charge R6 E6')" "would contact R6b on the way \(a unit cannot charge through" \
	"a unit cannot charge through a friend"
like "$(refusal ref 'charge R7 E7')" "turn 149 degrees to have E7 ahead of it: a unit that turns over 90 degrees" \
	"a target behind needs a turn of 149 degrees to come ahead of the line: no charge"
like "$(refusal ref 'charge R8 E8')" "already in contact with the enemy" "a unit touching the enemy cannot charge"
like "$(refusal ref 'charge R9 E9')" "unformed and may charge formed troops E9 only if it outflanks it" \
	"skirmishers cannot charge formed infantry head on"
like "$(refusal ref 'charge R10 E10')" "cannot turn to face 169 to charge E10: it would touch F10" \
	"the pivot toward the target (the least that brings it ahead) may not touch another unit"
like "$(refusal ref 'charge R11 E11')" "crosses rough ground 'IR', which cavalry may not charge into" \
	"no charge across impassable ground"
like "$(refusal ref 'charge R3 R5')" "R5 is a friend: a player can only charge enemy units" "no charging a friend"
like "$(refusal ref 'charge R3 E0')" "no such enemy unit on the table" "no charging a unit still in reserve"
like "$(refusal ref 'charge E5 R5')" "enemy unit: a player cannot manoeuvre enemy units" "no charging with the enemy's units"
like "$(refusal ref 'charge R12 E12')" "already moved: a charge is its one move" "a unit that has moved cannot charge"
like "$(refusal ref 'charge R13 E13')" "turned over 90 degrees this initiative and cannot charge" \
	"a unit that about faced cannot charge"
is "$(grep '^unit id=\(R[0-9]*\|R6b\|F10\|E[0-9]*\) ' "$tmp/ref.out" | grep -v '^unit id=R1[23] ' | sort | uniq -u | wc -l | tr -d ' ')" 0 \
	"a refused charge changes nothing (every other unit as it was)"
is "$(count ref '^log: .*: [0-9]+D6 ')" 2 "refusals throw no dice (only the two initiative throws)"
# "If any unit about faces or pivots by more than 90 degrees, then that unit
# cannot initiate a charge during the same initiative": R12 pivots 120
# degrees (180 to 300), then tries the charge it could otherwise make.
run charge-refuse A ref120 <<'EOF'
brigade R
face R12 300
charge R12 E12
EOF
is "$(logline ref120 '^log: R12 pivots')" "log: R12 pivots to face 300 (over 90: it may not charge this initiative)." \
	"a pivot of 120 degrees is over 90 ..."
like "$(refusal ref120 'charge R12 E12')" "R12 has turned over 90 degrees this initiative and cannot charge" \
	"... and the unit that pivoted 120 degrees cannot charge"
run charge-refuse A refdiv <<'EOF'
divmove AD2
charge V1 E4
EOF
like "$(refusal refdiv 'charge V1 E4')" "units in a division manoeuvre cannot charge" "no charge in a division manoeuvre"

# ======================================================================
# Extended charges and the cautious unit (charge-react.cfg, lane CE)
# ======================================================================
run charge-react A ce-a <<'EOF'
brigade CE
dice 2
charge X5 X5T extend
dice 2
charge U5 U5T
dump
EOF
seq_ok ce-a "X5 tries to extend its charge (Veteran: 3 or more): 1D6 2" "X5 fails." \
	"X5 stays where it is, disordered (blue marker)."
check $? "extended charge: 1D6 2 against veteran's 3 fails and leaves the unit disordered" ce-a
is "$(pos ce-a X5) $(field ce-a '$' unit X5 markers)" "x=284.00 y=70.00 facing=0.0 formation=column blue" \
	"... in place, with a blue marker"
seq_ok ce-a "U5 tests to charge (in command but cautious) (Veteran: 3 or more): 1D6 2" "U5 fails." \
	"U5 will not charge and stays where it is for the rest of the phase."
check $? "a cautious unit tests before charging (1D6 2: it stays)" ce-a
is "$(pos ce-a U5)" "x=270.00 y=55.00 facing=0.0 formation=column" "... and does not move"

run charge-react A ce-b <<'EOF'
brigade CE
dice 3 1
charge X5 X5T extend
dice 3
charge U5 U5T
answer no
dump
EOF
seq_ok ce-b "X5 tries to extend its charge (Veteran: 3 or more): 1D6 3" "X5 passes." \
	"X5's extended charge: 1D6 cm forward: 1D6 1" "X5 moves 1.0 cm." \
	"X5 still cannot reach X5T: it stays there, disordered (blue marker)."
check $? "extended charge passed, but 1 cm forward leaves 10 cm, past a column's 9: disordered" ce-b
is "$(pos ce-b X5) $(field ce-b '$' unit X5 markers)" "x=284.00 y=69.00 facing=0.0 formation=column blue" \
	"... 1 cm on, with a blue marker"
is "$(logs ce-b | grep '^U5 tests to charge')" "U5 tests to charge (in command but cautious) (Veteran: 3 or more): 1D6 3" \
	"the cautious unit throws 3 this time, enough for a veteran"
seq_ok ce-b "U5 passes." "U5 charges U5T from 5.0 cm." "Austrians: U5T: let it pass." "U5 reaches U5T."
check $? "... and charges home" ce-b
is "$(pos ce-b U5)" "x=270.00 y=50.05 facing=0.0 formation=column" "the charger stops in contact (0.05 cm)"

run charge-react A ce-c <<'EOF'
brigade CE
dice 4 3
charge X5 X5T extend
answer no
dump
EOF
seq_ok ce-c "X5 tries to extend its charge (Veteran: 3 or more): 1D6 4" "X5 passes." \
	"X5's extended charge: 1D6 cm forward: 1D6 3" "X5 moves 3.0 cm." "X5 charges X5T from 8.0 cm."
check $? "extended charge: infantry moves 1D6 cm, then charges from there" ce-c
is "$(pos ce-c X5)" "x=284.00 y=59.05 facing=0.0 formation=column" "... into contact"

# ======================================================================
# Cavalry charges: emergency squares, feints, skirmishers (lane KS)
# ======================================================================
run charge-react A ks-fail <<'EOF'
brigade KS
charge K2 T2
charge K9 H9
charge K10 C10
answer fallback 31
answer fallback 20
charge K1 T1
dice 3
answer square
dice 2
answer square
dump
EOF
seq_ok ks-fail "K2 charges T2 from 9.0 cm." "K2 reaches T2."
check $? "cavalry from 9 cm: no emergency square, and infantry cannot counter-charge cavalry" ks-fail
is "$(count ks-fail '^decide: [A-Za-z]*: T2')" 0 "... the infantry is asked nothing"
is "$(pos ks-fail K2)" "x=44.00 y=43.05 facing=0.0 formation=line" "the charger stops 0.05 cm from its target"
seq_ok ks-fail "K9 charges H9 from 8.5 cm." "K9 reaches H9."
check $? "horse artillery charged by cavalry may not limber up and flee" ks-fail
like "$(grep '^decide: [A-Za-z]*: C10' "$tmp/ks-fail.out")" "fall back 18 to 30 cm\?  \[answer stand \| answer fallback N \(18 to 30 cm\)\]$" \
	"light cavalry in skirmish line may fall back 18 to 30 cm"
like "$(cat "$tmp/ks-fail.err")" "^stdin:5: answer fallback needs a value from 18 to 30$" "... 31 cm is refused"
seq_ok ks-fail "C10 about faces." "C10 falls back 20.0 cm." "K10 obtains a break-through."
check $? "the skirmishers about face, fall back, and the charger obtains a break-through" ks-fail
is "$(pos ks-fail C10) $(field ks-fail '$' unit C10 markers)" "x=16.00 y=20.00 facing=0.0 formation=skirmish blue" \
	"C10 is 20 cm back, facing away, with the blue marker of a reaction"
is "$(field ks-fail '$' unit K10 markers)" "white" "the break-through is marked on K10"
like "$(grep '^decide: [A-Za-z]*: T1' "$tmp/ks-fail.out")" "K1 charges from over 12 cm: try to form an emergency square \(1D6 >= 4\)\?" \
	"cavalry from 17 cm: the trained line may try an emergency square (4 or more)"
seq_ok ks-fail "T1 tries to form an emergency square (Trained: 4 or more): 1D6 3" "T1 fails." \
	"T1 fails to form square and takes 2 hits (1 SP left)." \
	"T1 (line before K1) is eliminated: caught out of square by cavalry."
check $? "failing costs two hits: the line of 3 SP is left with 1 and eliminated" ks-fail
is "$(field ks-fail '$' unit T1 status)" "eliminated" "... T1 is gone"
like "$(grep '^decide: [A-Za-z]*: N1' "$tmp/ks-fail.out")" "try to form an emergency square \(1D6 \+1 Austrian column >= 4\)" \
	"a formed unit within 6 cm may try too; an Austrian column has +1"
seq_ok ks-fail "N1 tries to form an emergency square (Trained: 3 or more, +1 Austrian column): 1D6 2" "N1 fails."
check $? "... 1D6 2 +1 fails" ks-fail
is "$(pos ks-fail N1) $(field ks-fail '$' unit N1 sp) $(field ks-fail '$' unit N1 markers)" \
	"x=36.00 y=40.00 facing=180.0 formation=column 6 blue" \
	"a neighbour failing its square takes no hits (no cavalry reached it), but has reacted"
is "$(count ks-fail 'faces an emergency square')" 0 "no feint without an emergency square"

run charge-react A ks-pass <<'EOF'
brigade KS
charge K1 T1
dice 4
answer square
answer stand
answer stand
dump
EOF
seq_ok ks-pass "T1 tries to form an emergency square (Trained: 4 or more): 1D6 4" "T1 passes." \
	"T1 forms an emergency square."
check $? "1D6 4 against trained 4: the emergency square forms" ks-pass
# The square forms as any formation change: one stand of the line (x
# 28.75 or 31.25) stays, here as its front, and the other forms behind it
# (the placements reaching forward would overlap K1): the square is 4 cm
# deep, y 37 to 41, and K1 keeps its contact with the front at y 41.
like "$(pos ks-pass T1) $(field ks-pass '$' unit T1 sp) $(field ks-pass '$' unit T1 markers)" \
	"^x=(28\.75|31\.25) y=39\.00 facing=180\.0 formation=emergency_square 3 blue$" \
	"... one stand in place, the other behind it, without loss"
is "$(pos ks-pass K1)" "x=30.00 y=43.05 facing=0.0 formation=line" \
	"the charger stays where it made contact, touching the square"
has ks-pass "Austrians: N1: stand and fight."
check $? "the neighbour may stand instead" ks-pass
is "$(field ks-pass '$' unit N1 markers)" "none" "... and then has not reacted"
like "$(grep '^decide: [A-Za-z]*: K1' "$tmp/ks-pass.out")" "turn the charge into a feint \(1D6 >= 3, then back 6 to 12 cm\)\?  \[answer stand \| answer feint N \(6 to 12 cm\)\]" \
	"cavalry facing an emergency square may try to feint"

run charge-react A feint <<'EOF'
brigade KS
charge K1 T1
dice 4
answer square
answer stand
dice 3
answer feint 8
answer pivot -30
dump
EOF
seq_ok feint "K1 tries to feint (Veteran: 3 or more): 1D6 3" "K1 passes." "K1 feints back 8.0 cm."
check $? "1D6 3 against veteran's 3: the feint goes 8 cm back" feint
like "$(grep '^decide: [A-Za-z]*: K1 may pivot' "$tmp/feint.out")" "\[answer none \| answer pivot N \(-90 to 90 degrees\)\]$" \
	"after the feint the cavalry may pivot up to 90 degrees"
is "$(pos feint K1)" "x=30.00 y=51.05 facing=330.0 formation=line" "K1 is 8 cm back along its path and faces 330"

run charge-react A feint-crash <<'EOF'
brigade KS
charge K1 T1
dice 4
answer square
answer stand
dice 3
answer feint 8
answer pivot 90
dump
EOF
seq_ok feint-crash "K1 tries to feint (Veteran: 3 or more): 1D6 3" "K1 passes." "K1 feints back 8.0 cm." "French: K1 will pivot 90 degrees after its feint." \
	"K1 (cuirassiers) is eliminated: its pivot after the feint touched another unit."
check $? "a pivot after the feint that touches a unit (F1) eliminates the cavalry" feint-crash

run charge-react A feint-fail <<'EOF'
brigade KS
charge K1 T1
dice 4
answer square
answer stand
dice 2
answer feint 8
dump
EOF
seq_ok feint-fail "T1 passes." "T1 forms an emergency square." "Austrians: N1: stand and fight." \
	"French: K1 will try to feint, falling back 8.0 cm along its path." \
	"K1 tries to feint (Veteran: 3 or more): 1D6 2" "K1 fails."
check $? "a failed feint (1D6 2)" feint-fail
is "$(pos feint-fail K1) $(count feint-fail '^decide: [A-Za-z]*: K1 may pivot')" "x=30.00 y=43.05 facing=0.0 formation=line 0" \
	"... leaves the cavalry in contact, with no pivot"

# ======================================================================
# Counter-charges and skirmishers falling back (lane IN)
# ======================================================================
run charge-react A in <<'EOF'
brigade IN
charge L3 T3
answer charge
charge L5 S5
answer fallback 15
charge L6 S6
answer fallback 12
dump
EOF
like "$(grep '^decide: [A-Za-z]*: T3' "$tmp/in.out")" "T3 is charged by L3: counter-charge it \(no test\)\?  \[answer no \| answer charge\]$" \
	"the target of a charge may counter-charge"
seq_ok in "L3 charges T3 from 7.0 cm." "Austrians: T3: counter-charge." "T3 pivots to face L3." \
	"T3 counter-charges L3 (6.0 cm)."
check $? "... without a test, from 6 cm (its reach as infantry)" in
is "$(pos in L3) $(pos in T3)" \
	"x=80.00 y=49.00 facing=0.0 formation=column x=80.00 y=45.95 facing=180.0 formation=line" \
	"they meet where the charger came within 6 cm (1 cm on)"
is "$(count in '^log: L3 reaches')" 0 "the charger does not reach its target's old place"
like "$(grep '^decide: [A-Za-z]*: S5' "$tmp/in.out")" "fall back 12 to 18 cm\?" "infantry skirmishers may fall back 12 to 18 cm"
seq_ok in "S5 about faces." "S5 falls back 15.0 cm." "L5 obtains a break-through."
check $? "... about face, fall back, and the charger obtains a break-through" in
is "$(pos in S5) $(field in '$' unit S5 markers) $(field in '$' unit L5 markers)" "x=94.00 y=25.00 facing=0.0 formation=skirmish blue white" \
	"S5 is 15 cm back facing away (blue: it reacted); L5 has the break-through"
seq_ok in "S6 about faces." "S6 (skirmishers before L6) is eliminated: it ran into the enemy." "L6 obtains a break-through."
check $? "skirmishers falling back into an enemy unit (X6) are eliminated" in

run charge-react A in-let <<'EOF'
brigade IN
charge L3 T3
answer no
retreat L3
dump
EOF
seq_ok in-let "Austrians: T3: let it pass." "L3 reaches T3."
check $? "a target that does not counter-charge waits" in-let
is "$(field in-let '$' unit L3 y) $(field in-let '$' unit T3 y)" "43.05 40.00" "... and the charger reaches it"
like "$(refusal in-let 'retreat L3')" "L3 has charged during this initiative and cannot retreat" \
	"a unit that charged this initiative cannot retreat"

# ======================================================================
# Horse artillery and the crews (lane HA)
# ======================================================================
# ha PIP: H7 throws PIP to limber up and flee
ha() {
	cat <<EOF
brigade HA
charge L7 H7
dice $1
answer flee 15
charge L8 G8
answer crews
charge L8b G8
end
fire L8b G8
fire L8 Q8
answer hold
dump
EOF
}
ha 3 | run charge-react A ha-fail
ha 4 | run charge-react A ha-pass
like "$(grep '^decide: [A-Za-z]*: H7' "$tmp/ha-fail.out")" "limber up and flee .*\[answer stand \| answer flee N \(12 to 20 cm\)\]$" \
	"horse artillery charged by infantry may limber up and flee 12 to 20 cm"
seq_ok ha-fail "H7 tries to limber up and flee (Trained: 4 or more): 1D6 3" "H7 fails." \
	"H7 (horse battery 7) is eliminated: it failed to limber up and was overrun." "L7 obtains a break-through."
check $? "failing to limber up (1D6 3) the battery is overrun; the charger breaks through" ha-fail
seq_ok ha-pass "H7 tries to limber up and flee (Trained: 4 or more): 1D6 4" "H7 passes." "H7 about faces." \
	"H7 limbers up and flees 15.0 cm." "L7 obtains a break-through."
check $? "passing (1D6 4) it about faces and flees" ha-pass
is "$(pos ha-pass H7) $(field ha-pass '$' unit H7 status)" "x=122.00 y=25.00 facing=0.0 formation=battery not_in_command" \
	"... 15 cm straight away"
like "$(grep '^decide: [A-Za-z]*: G8' "$tmp/ha-fail.out")" "\[answer stand \| answer flee N \(12 to 20 cm\) \| answer crews\]$" \
	"guns touching a solid square may also send their crews into it"
seq_ok ha-fail "G8's crews flee into Q8: the guns are abandoned." "L8 obtains a break-through."
check $? "the crews flee into the square and the charger breaks through" ha-fail
is "$(field ha-fail '$' unit G8 markers) $(field ha-fail '$' unit Q8 markers) $(field ha-fail '$' unit G8 status)" "blue,orange orange not_in_command" \
	"orange markers on the abandoned guns and on the square"
like "$(refusal ha-fail 'charge L8b G8')" "abandoned guns, treated as if they were not there" "abandoned guns cannot be charged"
like "$(refusal ha-fail 'fire L8b G8')" "abandoned guns are treated as if they were not there" "... nor fired at"
like "$(logline ha-fail '^log: L8 fires at Q8 ')" "^log: L8 fires at Q8 at 0\.6 cm \(column 1, target in square \+1 = 2 dice\): 2D6 " \
	"the square sheltering the crews is no ghost: it may be fired at (L8 touches only the abandoned guns)"
like "$(grep '^decide: [A-Za-z]*: Q8' "$tmp/ha-fail.out")" "^decide: [A-Za-z]*: Q8 may return fire at L8 " "... and it returns fire as any unit"

# ======================================================================
# Opportunity charges (lanes MV and KV)
# ======================================================================
# opp PIP: O4 throws PIP to opportunity-charge M4
opp() {
	printf 'brigade MV\nmove M4 6\ndice %s\nanswer charge\ndump\n' "$1"
}
opp 4 | run charge-react A opp-pass
opp 3 | run charge-react A opp-fail
like "$(grep '^decide: [A-Za-z]*: O4' "$tmp/opp-pass.out")" "O4 may opportunity-charge M4 moving 9 cm away \(1D6 >= 4\)\?  \[answer no \| answer charge\]$" \
	"cavalry in command may opportunity-charge a unit moving within 12 cm"
seq_ok opp-pass "O4 pivots to face M4." "O4 tests to opportunity-charge (Trained: 4 or more): 1D6 4" "O4 passes." \
	"O4 opportunity-charges M4 (9.2 cm)." "M4 moves 0.0 cm (0.0 of its 6 cm allowance)."
check $? "passing (1D6 4) it charges home and stops the mover" opp-pass
is "$(field opp-pass '$' unit M4 y) $(field opp-pass '$' unit O4 markers)" "60.00 blue" "M4 is stopped where it was; O4 has reacted"
seq_ok opp-fail "O4 tests to opportunity-charge (Trained: 4 or more): 1D6 3" "O4 fails." \
	"O4 fails to charge and does no more this initiative." "M4 moves 6.0 cm (6.0 of its 6 cm allowance)."
check $? "failing (1D6 3) it does no more and the mover goes on" opp-fail
is "$(field opp-fail '$' unit M4 y) $(field opp-fail '$' unit O4 x),$(field opp-fail '$' unit O4 y) $(count opp-fail '^decide: [A-Za-z]*: O4')" \
	"54.00 176.00,48.00 1" "... the whole 6 cm; O4 stays and is not asked again"

run charge-react A opp-no <<'EOF'
brigade MV
move M4 6
answer no
answer no
dump
EOF
is "$(count opp-no '^decide: [A-Za-z]*: O4 may opportunity-charge M4')" 2 \
	"a unit that lets the mover pass is asked again where the move ends"
is "$(field opp-no '$' unit M4 y) $(field opp-no '$' unit O4 markers) $(count opp-no '^log: .*: [0-9]+D6 ')" "54.00 none 2" \
	"letting it pass is no reaction: no marker, no throw"

run charge-react A guns <<'EOF'
brigade MV
redeploy G4 0 10
dice 4
answer charge
dump
EOF
is "$(grep -A1 '^log: O5 tests to opportunity-charge' "$tmp/guns.out" | tr '\n' ' ')" \
	"log: O5 tests to opportunity-charge (Trained: 4 or more): 1D6 4 log: O5 passes. " "a redeploying battery may be opportunity-charged (1D6 4)"
seq_ok guns "G4 (foot battery) is eliminated: guns caught on the move by an opportunity charge are overrun." \
	"O5 obtains a break-through."
check $? "... artillery contacted by an opportunity charge is eliminated; the charger breaks through" guns

run charge-react A kv <<'EOF'
brigade KV
move K4 5
dump
EOF
is "$(count kv '^decide: ') $(field kv '$' unit K4 y)" "0 57.00" "infantry (I4, in command) cannot opportunity-charge cavalry"

# ======================================================================
# Firing (charge-fire.cfg)
# ======================================================================
run charge-fire A fa <<'EOF'
brigade FA
fire P1 Q1
end
fire P1 P1
fire P1 P1b
fire K3 Q3
fire P3 Q3
fire IC QIC
fire P1 Q1
answer fire
answer fire
fire P1 Q1
fire P1b Q1
fire P2 Q2
answer hold
dice 2
fire NC QNC
dump
EOF
like "$(refusal fa 'fire P1 Q1')" "units fire only in the firing phase" "no fire in the manoeuvre phase"
like "$(refusal fa 'fire P1 P1')" "a unit cannot fire at itself" "a unit cannot fire at itself"
like "$(refusal fa 'fire P1 P1b')" "P1b is a friendly unit" "... nor at a friend"
like "$(refusal fa 'fire K3 Q3')" "cavalry" "cavalry does not fire"
like "$(refusal fa 'fire P3 Q3')" "out of range \(5\.0 cm; small arms reach 4 cm\)" "small arms reach 4 cm, not 5"
like "$(refusal fa 'fire IC QIC')" "in contact with the enemy \(QIC\) fights hand-to-hand instead" \
	"a unit in contact with the enemy cannot fire"
like "$(grep '^log: P1 fires at Q1' "$tmp/fa.out")" "^log: P1 fires at Q1 at 3\.0 cm \(line 2 = 2 dice\): 2D6 [1-6]\+[1-6] = [0-9]+$" \
	"a line fires 2 dice at 3 cm, and the log says why"
like "$(grep '^decide: [A-Za-z]*: Q1' "$tmp/fa.out")" "Q1 may return fire at P1 with 2 dice \(line 2 = 2 dice\)\.  \[answer hold \| answer fire\]$" \
	"the target may return fire"
like "$(grep '^log: Q1 returns fire' "$tmp/fa.out")" "^log: Q1 returns fire at P1 at 3\.0 cm \(line 2 = 2 dice\): 2D6 " \
	"... and does, with its own dice"
like "$(grep '^decide: [A-Za-z]*: SB1' "$tmp/fa.out")" "SB1 may support with fire at P1 with 3 dice \(medium guns at close range 3 = 3 dice\)" \
	"a battery within 6 cm of the target may fire in support"
like "$(grep '^log: SB1 fires in support' "$tmp/fa.out")" "^log: SB1 fires in support at P1 at 3\.2 cm \(medium guns at close range 3 = 3 dice\): 3D6 " \
	"... with 3 dice at close range"
is "$(count fa '^decide: [A-Za-z]*: P1')" 0 "the side with the initiative does not answer return fire"
is "$(field fa '$' unit Q1 markers) $(field fa '$' unit SB1 markers)" "yellow yellow" "units that answered fire have yellow markers"
like "$(grep -F 'refused: fire P1 Q1: ' "$tmp/fa.out" | sed -n 2p)" "already fired this initiative" "a unit fires once"
is "$(count fa '^decide: [A-Za-z]*: (Q1|SB1)')" 2 "a unit returns fire once an initiative (nothing asked when P1b fires at Q1)"
like "$(grep '^log: P2 fires at Q2' "$tmp/fa.out")" "\(line 2, target in column \+1 = 3 dice\): 3D6 [1-6]\+[1-6]\+[1-6] = [0-9]+$" \
	"+1 die at a column"
like "$(grep '^decide: [A-Za-z]*: Q2' "$tmp/fa.out")" "with 1 die \(column 1 = 1 die\)" "a column returns fire with 1 die"
is "$(count fa '^log: Q2 returns') $(field fa '$' unit Q2 markers)" "0 none" "a unit that holds its fire has no yellow marker"
seq_ok fa "NC tests to fire (not in command) (Veteran: 3 or more): 1D6 2" "NC fails." "NC does not fire."
check $? "a unit out of command tests to fire: 1D6 2, it does not fire" fa
is "$(field fa '$' unit QNC sp)" 6 "... and QNC loses nothing"

run charge-fire A nc <<'EOF'
brigade FA
end
dice 3
fire NC QNC
answer fire
dump
EOF
seq_ok nc "NC tests to fire (not in command) (Veteran: 3 or more): 1D6 3" "NC passes."
check $? "... 1D6 3: it passes" nc
like "$(grep -A1 '^log: NC passes' "$tmp/nc.out" | tail -1)" "^log: NC fires at QNC at 3\.0 cm \(line 2 = 2 dice\): 2D6 " "... and fires"
like "$(logline nc '^log: QNC returns fire at NC')" "^log: QNC returns fire at NC at 3\.0 cm \(line 2 = 2 dice\): 2D6 " \
	"a target not in command returns fire as normal ..."
is "$(count nc '^log: QNC tests to fire')" 0 "... without a test (only firing at will needs one)"

run charge-fire A fg <<'EOF'
brigade FG
end
dice 1 1 5
fire AB1 R1
fire AB2 R2
fire AB3 R3
fire AB4 R4
fire AL R5
dump
EOF
seq_ok fg "AB1 fires at R1 at 10.5 cm (medium guns at close range 3 = 3 dice): 3D6 1+1+5 = 7" \
	"1 hit: R1 has 1 SP left." "R1 (weak line) is eliminated: shot to pieces."
check $? "medium guns at close range: 3 dice; 7 pips are 1 hit; a line left with 1 SP is eliminated" fg
like "$(grep '^log: AB2 fires' "$tmp/fg.out")" "at 27\.5 cm \(medium guns at medium range 2 = 2 dice\): 2D6 " "medium range (20 to 40 cm): 2 dice"
like "$(grep '^log: AB3 fires' "$tmp/fg.out")" "at 57\.5 cm \(medium guns at long range 1 = 1 die\): 1D6 [1-6]$" "long range (40 to 80 cm): 1 die"
like "$(refusal fg 'fire AB4 R4')" "out of range \(87\.5 cm; artillery reaches 80 cm\)" "artillery reaches 80 cm"
like "$(grep '^log: AL fires' "$tmp/fg.out")" "\(light guns at long range 0, target in column \+1 = 1 die\): 1D6 [1-6]$" \
	"a light battery at long range throws 1 die at a column (the rules' example)"

run charge-fire A fz <<'EOF'
brigade FZ
redeploy Z8 0 2
end
fire Z1 RZ1
fire Z2 RZ2
fire Z3 RZ3
fire Z3 SK3
fire Z4 RZ4
fire Z5 RZ5
fire Z8 RZ8
fire Z6 SK6
answer suppress
answer suppress
fire Z7 SK6
fire Z6 SK6
dump
EOF
like "$(refusal fz 'fire Z1 RZ1')" "ZF1 \(formed\) is in the zone of fire" "a formed unit in the zone of fire forbids the shot"
like "$(refusal fz 'fire Z2 RZ2')" "ZF2 \(friendly\) is in the zone of fire" "... so does a friendly unformed one"
like "$(refusal fz 'fire Z3 RZ3')" "cannot fire through SK3 \(enemy unformed\) at close range: it may only fire at SK3 itself" \
	"at close range no firing through enemy skirmishers"
like "$(grep '^log: Z3 fires at SK3' "$tmp/fz.out")" "\(medium guns at close range 3, target unformed: halved = 1 die\): 1D6 [1-6]$" \
	"... but at them, with the dice halved (3 -> 1)"
like "$(grep '^log: Z4 fires at RZ4' "$tmp/fz.out")" "\(medium guns at medium range 2, target in column \+1, through SK4 \(unformed\): halved = 1 die\): 1D6 [1-6]$" \
	"at medium range through enemy skirmishers at a formed target: halved"
like "$(refusal fz 'fire Z5 RZ5')" "RZ5 is not in front of Z5" "no fire at a unit beside the battery"
like "$(refusal fz 'fire Z8 RZ8')" "redeployed or crossed a bridge this initiative may not fire" "a redeployed battery does not fire"
like "$(grep '^decide: [A-Za-z]*: SK6' "$tmp/fz.out" | head -1)" "SK6 may suppress Z6 before it fires .*\[answer no \| answer suppress\]$" \
	"skirmishers the battery could hit may suppress it first"
has fz "SK6's skirmish fire suppresses Z6: it cannot fire."
check $? "... and it does not fire" fz
like "$(grep '^decide: [A-Za-z]*: SK6' "$tmp/fz.out" | sed -n 2p)" "SK6 may also suppress Z7 \(it is 5 SP or more\)" \
	"skirmishers of 5 SP or more may suppress a second battery"
is "$(field fz '$' unit Z6 markers) $(field fz '$' unit Z7 markers) $(field fz '$' unit SK6 markers) $(count fz '^log: Z6 fires')" "yellow yellow yellow 0" \
	"yellow markers on both batteries and the skirmishers; no shot"
like "$(refusal fz 'fire Z7 SK6')" "yellow marker" "a suppressed battery cannot fire"
like "$(refusal fz 'fire Z6 SK6')" "yellow marker" "... nor try again"

run charge-fire A fdiv <<'EOF'
divmove FD4
move W1 1
end
fire W1 RZ8
EOF
like "$(refusal fdiv 'fire W1 RZ8')" "units of a division manoeuvre may not fire" "no fire after a division manoeuvre"

# ======================================================================
# Structural damage (structure.cfg): artillery firing at buildings and
# bridges, with the restrictions of any shot
# ======================================================================
# st PIPS: the structural damage throws, in the order the batteries fire
# (B1, B8 while VL1 stands, B2, B3); then the Austrians take the next
# initiative (3D6 1+1+1 against 2D6 6+6) for BI, and the French theirs.
st() {
	cat <<EOF
brigade GUNS
end
dice $1
bombard B1 VL1
bombard B8 VL1
bombard B2 LM
bombard B3 BR
bombard B4 VL2
bombard B5 VL3
bombard B6 VL4
bombard B7 VL5
answer suppress
dump
dice 1 1 1 6 6
end
brigade BI
end
end
brigade A1
cross U1 BR
dump
EOF
}
st '2 2 2' | run structure A st-hit
st '3 3 3 3' | run structure A st-miss
seq_ok st-hit "B1 bombards VL1 at 10.5 cm (medium guns at close range)." \
	"B1's fire on VL1: structural damage on 2 or less: 1D6 2" "VL1 takes 1 structural hit (1 of 1)." \
	"VL1 is destroyed: it is now passable rough ground."
check $? "a medium battery throws 1D6 at a village: a 2 is one structural hit, which destroys a village of strength 1" st-hit
like "$(refusal st-hit 'bombard B8 VL1')" "VL1 is not a building or a bridge" "... which is rough ground from then on"
seq_ok st-hit "B2's fire on LM: structural damage on 2 or less: 1D6 2" "LM takes 2 structural hits (2 of 5)."
check $? "heavy guns do two structural hits on a 1 or 2 (a landmark's default strength is 5)" st-hit
seq_ok st-hit "B3's fire on BR: structural damage on 2 or less: 1D6 2" "BR takes 1 structural hit (1 of 1)." \
	"BR is destroyed and can no longer be crossed."
check $? "a bridge of strength 1 is destroyed by one hit" st-hit
like "$(refusal st-hit 'cross U1 BR')" "BR has been destroyed and can no longer be crossed" "... and is gone for good"
seq_ok st-miss "B1's fire on VL1: structural damage on 2 or less: 1D6 3" \
	"B8 bombards VL1 at 11.1 cm (medium guns at close range)." \
	"B8's fire on VL1: structural damage on 2 or less: 1D6 3" \
	"B2 bombards LM at 10.5 cm (heavy guns at close range)." \
	"B2's fire on LM: structural damage on 2 or less: 1D6 3" \
	"B3 bombards BR at 15.5 cm (medium guns at close range)." \
	"B3's fire on BR: structural damage on 2 or less: 1D6 3"
check $? "a throw of 3 or more does no damage" st-miss
is "$(count st-miss 'structural hit')" 0 "... to any structure"
like "$(refusal st-hit 'bombard B4 VL2')" "VL2 is not in front of B4" "a battery cannot fire at a village behind it"
like "$(refusal st-hit 'bombard B5 VL3')" "F5 \(formed\) is in the zone of fire" "... nor through a formed friend"
like "$(refusal st-hit 'bombard B6 VL4')" "unlimbered artillery may not fire while interpenetrated with a hedge-row \(HG\)" \
	"... nor from a hedge"
like "$(grep '^decide: [A-Za-z]*: SK7' "$tmp/st-hit.out")" "SK7 may suppress B7 before it fires" \
	"skirmishers that could fire at a battery may suppress its fire at a village"
has st-hit "SK7's skirmish fire suppresses B7: it cannot fire."
check $? "... and it does not fire" st-hit
is "$(count st-hit "^log: B7 (bombards|fires)|^log: B7.s fire") $(field st-hit 1 unit B7 markers)" "0 yellow" "... no throw; a yellow marker"

# ======================================================================
# Every throw and every shot
# ======================================================================
all=$(ls "$tmp"/*.out)
# Each die thrown is a log line "WHO does WHAT (...): nD6 faces [= sum]".
throws=$(cat $all | grep -Ec '^log: .*[0-9]D6 [1-6]')
is "$(cat $all | grep -E '^log: .*[0-9]D6 [1-6]' | grep -Ecv '^log: [A-Z0-9].*[a-z)]: [1-9][0-9]*D6 [1-6](\+[1-6])*( = [0-9]+)?$') $([ "$throws" -ge 60 ] && echo enough)" \
	"0 enough" "every throw (60 or more here) is logged with what it was for and its faces"
is "$(cat $all | grep -E '^log: [^ ]+ (fires|returns fire|fires in support) at ' | grep -Ecv '\(.*[a-z] [0-9]+.* = [0-9]+ dic?e\): [0-9]+D6 ')" 0 \
	"every shot's log line gives how its dice were found"
# The hits follow the dice: one per full 6 pips.
is "$(cat $all | awk '
	/^log: [^ ]+ (fires|returns fire|fires in support) at [^ ]+ at .*D6 / {
		n = split($0, w, " "); sum = w[n]
		if ($0 ~ /: [0-9]+D6 [1-6]$/) sum = w[n]
		want = int(sum / 6); pending = 1; next
	}
	pending && /^log: / {
		pending = 0
		if ($0 == "log: No hits.") got = 0
		else if (match($0, /^log: [0-9]+ hits?: /)) got = substr($0, 6, index($0, " hit") - 6) + 0
		else { bad++; next }
		if (got != want) bad++
		shots++
	}
	END { print (shots >= 10 ? "" : "too few shots ") (bad + 0) }')" 0 \
	"hits are one per full 6 pips of the dice, in every shot"

# The engine's runs report no script errors, except the one asked for.
is "$(cat "$tmp"/*.err | grep -v '^stdin:5: answer fallback needs a value from 18 to 30$' | wc -l | tr -d ' ')" 0 \
	"no script errors (every decision came where expected)"

done_testing
