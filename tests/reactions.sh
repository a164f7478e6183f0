#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Reactions as the rule texts write them, played through batch mode on the
# maps tests/rules/react-*.cfg (each file's header draws its lanes):
# - opportunity charges and counter-charges offered at the earliest point
#   of the enemy's move from which they can be made, and again where the
#   charge would come to outflank the mover or where the move ends;
# - no opportunity or counter-charge from a unit in contact with the enemy;
# - a cautious unit's command test before it counter-charges;
# - the emergency square formed where a friend stands close behind, the
#   charger moved back to make room;
# - supporting artillery fire when the shot eliminated its target;
# - a unit that turned to charge and failed stands in the mover's way;
# - no charge at a mover while it passes through a friend.
#
# The dice that matter are scripted (the French win Turn 1's initiative:
# 'run MAP A'; then 'dice N...'), and each check that depends on a throw
# asserts the throw itself first.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 42

# ======================================================================
# Opportunity charges at any point of the move (react-move.cfg, lanes 1, 2)
# ======================================================================
# "at any point during that enemy unit's actual movement ... whilst ever
# the target unit is within" reach: R1's way to C1 is blocked by X1 where
# C1 first comes within 12 cm (about y 104.3); it is offered the charge
# where a pivot of its own brings C1 ahead with its way clear of X1 (C1 at
# y 101.02, R1 turning 23 degrees, not to C1's centre), and charges home.
run react-move A mv1 <<'EOF2'
brigade A1
move C1 30
dump
dice 4
answer charge
dump
EOF2
like "$(grep '^decide: [A-Za-z]*: R1' "$tmp/mv1.out")" "R1 may opportunity-charge C1 moving 10 cm away \(1D6 >= 3\)\?  \[answer no \| answer charge\]$" \
	"a unit whose way is blocked where the mover comes within reach is offered the charge later in the move"
is "$(field mv1 1 unit C1 y)" "101.02" "... at the first point from which it can charge (C1 at y 101.02, its way past X1)"
seq_ok mv1 "R1 pivots to face C1." "R1 tests to opportunity-charge (Veteran: 3 or more): 1D6 4" "R1 passes." \
	"R1 opportunity-charges C1 (15.1 cm)."
check $? "... and charges home from there (1D6 4)" mv1
is "$(field mv1 '$' unit C1 y) $(count mv1 '^decide: ') $(field mv1 '$' unit R1 facing)" "101.02 1 247.0" \
	"the mover is stopped where it was charged; R1 turned 23 degrees, the least that brings C1 ahead"

# Letting it pass: asked again once its charge would outflank the mover (C1
# at y 89.55, R1 reaching its right flank), not where C1 stops, 13 cm away.
run react-move A mv1-no <<'EOF2'
brigade A1
move C1 30
answer no
dump
answer no
dump
EOF2
is "$(count mv1-no '^decide: [A-Za-z]*: R1 may opportunity-charge C1')" 2 "a unit that lets the mover pass is asked again..."
like "$(grep '^decide: ' "$tmp/mv1-no.out" | sed -n 2p)" "R1 may opportunity-charge C1 moving 7 cm away, again: now its charge would outflank it \(1D6 >= 3\)\?" \
	"... when its charge would now outflank the mover"
is "$(field mv1-no 1 unit C1 y) $(field mv1-no '$' unit C1 y) $(field mv1-no '$' unit R1 markers)" "89.55 75.00 none" \
	"... at y 89.55; the mover then goes its whole way; letting it pass is no reaction"
run react-move A mv1-flank <<'EOF2'
brigade A1
move C1 30
answer no
dice 4
answer charge
end
end
EOF2
like "$(logline mv1-flank '^log: Impact: R1, set 1 of 2 against C1')" "\(outflanks it, charging formed cavalry" \
	"charged from there, R1 does outflank C1 at the impact"

# R2 faces north: where C2 first comes within 12 cm, behind it, R2 would
# have to turn over 90 degrees; it is first offered the charge where a
# pivot of 90 degrees or less brings C2 ahead (y 84.55: its charge would
# already outflank C2), then where C2 stops (y 70): two offers.
run react-move A mv2 <<'EOF2'
brigade A2
move C2 30
dump
answer no
dump
answer no
dump
EOF2
is "$(count mv2 '^decide: [A-Za-z]*: R2 may opportunity-charge C2')" 2 "R2 is offered the charge twice in C2's move"
is "$(field mv2 1 unit C2 y) $(field mv2 2 unit C2 y) $(field mv2 3 unit C2 y)" \
	"84.55 70.00 70.00" "... first where it no longer needs to turn over 90 degrees, then where C2 stops"
like "$(grep '^decide: ' "$tmp/mv2.out" | sed -n 2p)" "R2 may opportunity-charge C2 moving 9 cm away, again where it stops \(1D6 >= 3\)\?" \
	"... the last offer says so"
# R2 placed ahead of C2's way instead (99, 75), facing south-west: offered
# where C2 first comes within 12 cm (its charge would meet C2's front), again
# where its charge would outflank C2, and where C2 stops: three offers, the
# most a move gives.
sed 's/{ unit = "R2"; x = 100.0; y = 80.0; facing = 0.0;/{ unit = "R2"; x = 99.0; y = 75.0; facing = 225.0;/' \
	"$rules/react-move.cfg" >"$tmp/react-move-ahead.cfg"
run "$tmp/react-move-ahead.cfg" A mv2b <<'EOF2'
brigade A2
move C2 30
dump
answer no
dump
answer no
dump
answer no
dump
EOF2
is "$(count mv2b '^decide: [A-Za-z]*: R2 may opportunity-charge C2')" 3 "R2, ahead of C2, is offered the charge three times in its move"
is "$(field mv2b 1 unit C2 y) $(field mv2b 2 unit C2 y) $(field mv2b 3 unit C2 y) $(field mv2b 4 unit C2 y)" \
	"88.52 78.91 70.00 70.00" "... where C2 comes within reach, where its charge would outflank C2, where C2 stops"

# ======================================================================
# No reaction charge from a unit in contact (react-move.cfg, lane 3)
# ======================================================================
# "a unit cannot charge" once in contact: it awaits hand-to-hand combat.
# E3 touches L3t and is not offered L3 passing 4 cm away; E3b, in the
# same place but touching nobody, is offered L3b and charges it.
run react-move A mv3 <<'EOF2'
brigade A3
move L3 4
move L3b 4
dice 4
answer charge
dump
EOF2
is "$(count mv3 '^decide: [A-Za-z]*: E3 ')" 0 "a unit in contact with the enemy is not offered an opportunity charge"
has mv3 "E3, in contact with L3t, may not opportunity-charge L3: a unit in base-to-base contact with the enemy awaits hand-to-hand combat and cannot charge."
check $? "... and the log says why, naming the rule" mv3
is "$(field mv3 '$' unit L3 y) $(field mv3 '$' unit E3 markers)" "56.00 none" "... L3 moves on its 4 cm; E3 stays as it was"
seq_ok mv3 "E3b tests to opportunity-charge (Veteran: 3 or more): 1D6 4" "E3b passes."
check $? "E3b, touching nobody, is offered L3b and charges it (1D6 4)" mv3
like "$(logline mv3 '^log: E3b opportunity-charges L3b')" "opportunity-charges L3b" "... into contact"

# ======================================================================
# Counter-charges by cautious units (react-move.cfg, lane 4)
# ======================================================================
# "no test is required" to counter-charge, but a unit in command but
# cautious "must test to initiate a charge or ... an opportunity charge":
# T4 (cautious) throws its command test first; T4b, not in command, may
# still counter-charge, with no test at all.
run react-move A cc-fail <<'EOF2'
brigade A4
charge K4 T4
dice 1
answer charge
charge K4b T4b
answer charge
dump
EOF2
like "$(grep '^decide: [A-Za-z]*: T4 ' "$tmp/cc-fail.out")" "T4 is charged by K4: counter-charge it \(in command but cautious: 1D6 >= 4 first, as before any charge\)\?" \
	"a cautious unit is told it must pass its command test to counter-charge"
seq_ok cc-fail "T4 pivots to face K4." "T4 tests to counter-charge (in command but cautious) (Trained: 4 or more): 1D6 1" \
	"T4 fails." "T4 holds back." "K4 reaches T4."
check $? "... and throws it after pivoting: failing (1D6 1) it stays, and the charge reaches it" cc-fail
is "$(field cc-fail '$' unit T4 y) $(field cc-fail '$' unit T4 markers) $(field cc-fail '$' unit K4 y)" "60.00 blue 64.05" \
	"... where it stood, its reaction spent (blue)"
like "$(grep '^decide: [A-Za-z]*: T4b ' "$tmp/cc-fail.out")" "T4b is charged by K4b: counter-charge it \(no test\)\?" \
	"a unit not in command may counter-charge, without a test"
seq_ok cc-fail "Austrians: T4b: counter-charge." "T4b pivots to face K4b." "T4b counter-charges K4b (11.0 cm)."
check $? "... and does so with no die thrown" cc-fail
run react-move A cc-pass <<'EOF2'
brigade A4
charge K4 T4
dice 4
answer charge
dump
EOF2
seq_ok cc-pass "T4 tests to counter-charge (in command but cautious) (Trained: 4 or more): 1D6 4" "T4 passes." \
	"T4 counter-charges K4 (11.0 cm)."
check $? "passing (1D6 4), the cautious unit counter-charges with no second test" cc-pass
is "$(count cc-pass '^log: T4 tests to') $(count cc-pass '^log: K4 reaches')" "1 0" "... one test only, and the charge is met on the way"

# ======================================================================
# Emergency square with a friend close behind (react-square.cfg)
# ======================================================================
# "If by changing formation the enemy unit loses contact ... the enemy
# unit is simply moved back into contact": with R1 1 cm behind it, T1's
# square can only form reaching forward into K1's place; K1 is moved
# straight back the 2 cm the square needs and stays in contact.
run react-square A sq <<'EOF2'
brigade AK
charge K1 T1
dice 4
answer square
dice 3
answer square
answer stand
dump
end
end
EOF2
like "$(grep '^decide: [A-Za-z]*: T1' "$tmp/sq.out")" "T1: K1 charges from over 12 cm: try to form an emergency square \(1D6 >= 3\)\?" \
	"a unit with a friend close behind is offered the emergency square"
seq_ok sq "T1 tries to form an emergency square (Veteran: 3 or more): 1D6 4" "T1 passes." "T1 forms an emergency square." \
	"K1 is moved 2.0 cm straight back to make room for it, and stays in contact with it."
check $? "... forms it (1D6 4), and the log says the charger was moved back" sq
is "$(pos sq T1) $(pos sq K1)" \
	"x=41.25 y=56.00 facing=180.0 formation=emergency_square x=40.00 y=60.05 facing=0.0 formation=line" \
	"the square reaches 2 cm forward (one stand stays); the charger is 2 cm back, 0.05 cm from it as it was"
is "$(pos sq R1)" "x=41.25 y=51.00 facing=180.0 formation=emergency_square" \
	"the friend behind (within 6 cm) may square too (1D6 3), behind its own front"
like "$(logline sq '^log: Melee round 1: K1, set 1 of 1 against T1')" "against T1" \
	"the charger and the square are still in contact: they fight"
is "$(count sq '^log: .*has no room')" 0 "nobody is refused for want of room"

# ======================================================================
# Supporting artillery fire (react-fire.cfg)
# ======================================================================
# "non-initiative artillery units ... may return fire at the unit that has
# just fired providing that the artillery unit is within 6 cm of the target
# unit just fired at": S1, 2 cm from T1, supports although the shot
# eliminated T1; S2, 7 cm from T2, does not.
run react-fire A support <<'EOF2'
brigade AG
end
dice 1 1 5
fire G1 T1
dice 2
answer fire
dice 1 1 5
fire G2 T2
dump
EOF2
has support "T1 (line 1) is eliminated: shot to pieces."
check $? "G1's shot (3D6 1+1+5 = 7, one hit) eliminates T1 of 2 SP" support
like "$(grep '^decide: [A-Za-z]*: S1' "$tmp/support.out")" "S1 may support with fire at G1 with 1 die .*\[answer hold \| answer fire\]$" \
	"artillery within 6 cm of a unit the shot eliminated may still support"
has support "S1 fires in support at G1 at 12.4 cm (medium guns at close range 3, target unformed: halved = 1 die): 1D6 2"
check $? "... and fires (1D6 2)" support
is "$(count support '^log: T2 \(line 2\) is eliminated') $(count support '^decide: [A-Za-z]*: S2')" "1 0" \
	"artillery over 6 cm from where the eliminated unit stood is not asked"
is "$(count support '^refused')" 0 "no order of the script is refused"

# A unit that turned to opportunity-charge and failed stands where it
# turned: the mover's way is checked against it again, and the mover stops
# short of it instead of ending inside it (a save of it would be refused).
XDG_DATA_HOME=$tmp/xdg
export XDG_DATA_HOME
run react-turn A turn <<'EOF2'
brigade A1
dice 1
move M max
answer charge
save turned
dump
EOF2
is "$(logs turn | grep -E '^R (tests|fails\.)|stands in|^M moves')" "R tests to opportunity-charge (Veteran: 3 or more): 1D6 1
R fails.
R, turned to charge, now stands in M's way.
M moves 3.9 cm (3.9 of its 6 cm allowance)." "a reactor that turned and failed stops the mover short of it (not 5.1 cm on)"
"$GROGNARD" --check "$XDG_DATA_HOME/grognard/turned.save" >/dev/null 2>"$tmp/turn.check"
is "$?/$(cat "$tmp/turn.check")" "0/" "... so that no two units overlap (the save passes --check)"

# A mover passing through a friend cannot be charged there: the charge
# would touch the friend too, and the mover would be left inside it.  M
# (skirmishing cavalry) passes through F; R's second chance, to outflank
# it, comes once M is clear of F (y 47.00, touching F), not inside it.
run react-friend A friend <<'EOF2'
brigade A1
move M 24
answer no
dump
dice 6
answer charge
save through
EOF2
is "$(field friend 1 unit M y) $(count friend '^decide: [A-Za-z]*: R may')" "47.00 2" \
	"a mover passing through a friend is offered to the enemy only once clear of it"
"$GROGNARD" --check "$XDG_DATA_HOME/grognard/through.save" >/dev/null 2>"$tmp/friend.check"
is "$?/$(cat "$tmp/friend.check")/$(count friend '^log: R opportunity-charges M')" "0//1" \
	"... charged there, it is left clear of the friend (the save passes --check)"

# A charge's target that turned to counter-charge and failed (cautious, 1D6
# 2) stands as it turned: the charger meets it there, in contact, and the
# two do not overlap (they did, in an Auerstedt battle).
printf 'brigade A1\ncharge M R\ndice 2\nanswer charge\nsave countered\n' | run counter-turn A ct
seq_ok ct "R pivots to face M." "R tests to counter-charge (in command but cautious) (Veteran: 3 or more): 1D6 2" \
	"R fails." "R holds back." "M reaches R."
check $? "a target that turned to counter-charge and failed is reached where it stands" ct
"$GROGNARD" --check "$XDG_DATA_HOME/grognard/countered.save" >/dev/null 2>"$tmp/ct.check"
is "$?/$(cat "$tmp/ct.check")" "0/" "... the charger touching it, not inside it (the save passes --check)"

done_testing
