#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Orders as the rule texts write them, played through batch mode on the
# maps tests/rules/charge-aim.cfg and order-limits.cfg (each file's header
# draws its lanes):
# - a charge pivots only as much as it needs and goes straight ahead: a
#   column that reaches its target straight ahead is not turned into a
#   friend, skirmishers that outflank straight ahead are not turned head
#   on; the facing may be given ('charge U T facing DEG');
# - an extended charge only at a target just outside the charge: what the
#   extension dice could make up if they all came up 6;
# - abandoned guns do nothing: every order to move, turn, form, retreat or
#   fire them is refused;
# - the side with the initiative may not about face a unit in contact;
# - a unit at 1 SP spared only as a square or unformed is removed when it
#   takes another formation (the Guard is not).
# Side A wins the first initiative ('run MAP A': 2D6 6+6 against 1+1); the
# dice that matter are scripted ('dice N...'), and each run checks them in
# the log.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 38

# ======================================================================
# The facing of a charge (charge-aim.cfg)
# ======================================================================
# Lane CS (the audit's "cs"): straight ahead L meets T's corner 7 cm on,
# clear of F; T's centre lies 16.7 degrees to the right, past F.
run charge-aim A cs <<'EOF'
brigade CS
charge L T facing 16.7
charge L T
answer no
dump
EOF
like "$(logline cs 'throw for the initiative')" "French throw for the initiative: 2D6 6\+6 = 12" "(the scripted dice give the French the initiative)"
like "$(refusal cs 'charge L T facing 16.7')" "^L cannot charge T: it would contact F on the way \(a unit cannot charge through" \
	"turned to face T's centre the column would run into its friend: refused, naming the rule"
is "$(logline cs '^log: L (charges|reaches|pivots)')" "log: L charges T from 7.0 cm." \
	"with no facing given it charges straight ahead, with no pivot ..."
is "$(pos cs L) $(count cs '^log: L reaches T\.$')" "x=20.00 y=63.05 facing=0.0 formation=column 1" \
	"... and reaches T, 7 cm on, touching nothing else"

# Lane OF (the audit's "e1"): skirmishing hussars straight at a line's flank.
run charge-aim A of <<'EOF'
brigade OF
charge C1 E1 facing 97.6
charge C1 E1
dump
EOF
like "$(refusal of 'charge C1 E1 facing 97.6')" "C1 is unformed and may charge formed troops E1 only if it outflanks it" \
	"turned to E1's centre the skirmishers would not outflank it: refused"
is "$(logline of '^log: C1 charges') $(pos of C1)" "log: C1 charges E1 from 10.5 cm. x=75.45 y=53.00 facing=90.0 formation=skirmish" \
	"straight ahead they reach its flank and outflank it: the charge goes in"

# Facings given: more than 90 degrees, or one without the target ahead.
run charge-aim A face <<'EOF'
brigade EX
charge H18 T9 facing 95
charge H18 T9 facing 40
charge X6 T6 facing 0
charge X6 T6
EOF
like "$(refusal face 'charge H18 T9 facing 95')" "H18 would have to turn 95 degrees to charge T9 facing 95: a unit that turns over 90 degrees in an initiative cannot charge" \
	"a facing beyond the 90 degrees a charger may turn is refused"
like "$(refusal face 'charge H18 T9 facing 40')" "H18 facing 40 does not have T9 ahead of it: a charge goes straight ahead" \
	"a facing that does not bring the target ahead is refused"
like "$(refusal face 'charge X6 T6 facing 0')" "cannot reach T6: its charge of 9 cm carries it 9\.0 cm; 'charge X6 T6 extend' tries" \
	"out of reach, the refusal says how to ask for an extension ..."
is "$(refusal face 'charge X6 T6')" "$(refusal face 'charge X6 T6 facing 0')" \
	"... and with no facing given the refusal is that of the least pivot that brings it ahead"

# ======================================================================
# Extended charges: just outside (charge-aim.cfg, lane EX)
# ======================================================================
run charge-aim A ex <<'EOF'
brigade EX
charge X7 T7 extend
charge XF T8 extend
charge H19 T10 extend
dice 6 5
charge X6 T6 extend
dice 3 1 1 1
charge H18 T9 extend
dump
EOF
is "$(refusal ex 'charge X7 T7 extend')" "X7 cannot extend its charge at T7: it falls 6.1 cm short, and a charge is extended only at a target just outside its reach, one its 1D6 cm of extension could make up (6 cm at most)" \
	"a column 6.1 cm short: not just outside (1D6 makes up 6 at most), refused"
like "$(refusal ex 'charge XF T8 extend')" "XF cannot extend its charge at T8: it falls 58\.0 cm short" \
	"the audit's 'ex': 58 cm short is far from just outside"
like "$(refusal ex 'charge H19 T10 extend')" "falls 18\.1 cm short, .* its 3D6 cm of extension could make up \(18 cm at most\)" \
	"heavy cavalry 18.1 cm short: refused (3D6 makes up 18 at most)"
is "$(count ex '^log: (X7|XF|H19) ')" 0 "... each refused with no die thrown and nothing moved"
like "$(logs=$(grep -A4 '^log: X6 tries to extend' "$tmp/ex.out" | tr '\n' '|'); echo "$logs")" \
	"^log: X6 tries to extend its charge \(Veteran: 3 or more\): 1D6 6\|log: X6 passes\.\|log: X6's extended charge: 1D6 cm forward: 1D6 5\|log: X6 moves 5\.0 cm\.\|log: X6 still cannot reach T6" \
	"a column exactly 6 cm short may try (1D6 6 passes, 5 cm is not enough)"
is "$(pos ex X6) $(field ex '$' unit X6 markers)" "x=190.00 y=95.00 facing=0.0 formation=column blue" "... and is left 5 cm on, disordered"
like "$(grep -A2 '^log: H18 tries to extend' "$tmp/ex.out" | tr '\n' '|')" \
	"1D6 3\|log: H18 passes\.\|log: H18's extended charge: 3D6 cm forward: 3D6 1\+1\+1 = 3\|" \
	"heavy cavalry exactly 18 cm short may try"

# ======================================================================
# Abandoned guns, and units at 1 SP (order-limits.cfg)
# ======================================================================
run order-limits A ab <<'EOF'
brigade A1
charge L G
answer crews
end
dice 6 1 1
fire GA1 Q2
dice 6
fire GA2 S
dice 6 1 1
fire GA3 QG
end
answer stop 0
brigade B1
prolong G -1
redeploy G 0 10 facing 180
face G 90
about G
form G battery
move G 1
retreat G
form Q2 line
form S column
form QG line
end
fire G L
dump
EOF
like "$(logline ab 'crews flee into Q')" "G's crews flee into Q: the guns are abandoned" "(the crews flee into the square: G is abandoned)"
is "$(grep -A1 '^log: L stops and rallies' "$tmp/ab.out" | tail -1)" "log: Austrians have the initiative (1 brigade to choose from)." \
	"(the French have no brigade left: the Austrians have the next initiative)"
for o in 'prolong G -1' 'redeploy G 0 10 facing 180' 'face G 90' 'about G' 'form G battery' 'move G 1' 'retreat G'; do
	like "$(refusal ab "$o")" "^G's guns are abandoned \(orange marker\): abandoned artillery does nothing" \
		"abandoned guns may not: $o"
done
like "$(refusal ab 'fire G L')" "G cannot fire: its guns are abandoned" "... nor fire"
is "$(pos ab G) $(field ab '$' unit G markers)" "x=101.50 y=55.00 facing=180.0 formation=battery orange" \
	"the abandoned guns stay where they were, abandoned"
is "$(grep -E '^log: [0-9] hit' "$tmp/ab.out" | tr '\n' '|')" "log: 1 hit: Q2 has 1 SP left.|log: 1 hit: S has 1 SP left.|log: 1 hit: QG has 1 SP left.|" \
	"(the scripted shots leave the square, the skirmishers and the Guard square at 1 SP)"
like "$(logline ab '^log: Q2 .*eliminated')" "Q2 \(weak square\) is eliminated: at 1 SP it is removed once it is formed and out of square" \
	"a square at 1 SP that forms line is removed at once"
like "$(logline ab '^log: S .*eliminated')" "S \(weak skirmishers\) is eliminated: at 1 SP" \
	"skirmishers at 1 SP that form column are removed at once"
is "$(field ab '$' unit Q2 status) $(field ab '$' unit S status) $(field ab '$' unit QG status) $(field ab '$' unit QG formation) $(field ab '$' unit QG sp)" \
	"eliminated eliminated cautious line 1" "a Guard square at 1 SP may form line and stays (the Guard lasts until 0 SP)"

# ======================================================================
# About face in contact (order-limits.cfg; the audit's "ch")
# ======================================================================
run order-limits A ch <<'EOF'
brigade A1
charge L2 T2
answer no
about L2
dump
EOF
like "$(logline ch 'L2 reaches T2')" "L2 reaches T2" "(L2 charges home on T2)"
is "$(refusal ch 'about L2')" "L2 is in contact with the enemy: only a unit reacting (falling back, say) may about face in contact, never one of the side with the initiative" \
	"the side with the initiative may not about face a unit in contact"
is "$(pos ch L2)" "x=85.00 y=58.05 facing=0.0 formation=column" "... it still faces the enemy"

# ======================================================================
# Arrivals (arrive-blocked.cfg)
# ======================================================================
# A command stand whose place is taken when it is due waits, as a unit
# does: the Austrian line R moves onto Div-A's place on Turn 1.
printf 'brigade B1\nmove R 6\nend\nend\nbrigade A1\nend\nend\ndump\n' | run arrive-blocked B arrive
is "$(grep -E '^log: (Corps-A|Div-A) ' "$tmp/arrive.out")" "log: Corps-A arrives on the field.
log: Div-A cannot come on: his place is taken by reactor." "a command stand whose place is taken does not come on"
is "$(field arrive '$' commander AD status)" "reserve" "... and stays in reserve, off the field"

is "$(cat "$tmp"/*.err | wc -l | tr -d ' ')" 0 "no script errors (every decision came where expected)"
done_testing
