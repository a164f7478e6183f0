#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Terrain and weather as the texts write them, in batch mode on the tiny
# maps in tests/rules/: where a feature begins (real contact), mud after
# rain or snow, snow's mud only once snow falls, joining in at half rate,
# re-throwing the weather, and the readings the rules leave open (command
# status fixed for an initiative, landmarks, bridges, streams, Cossacks).
#
# The dice that matter are scripted ('run' in rules-lib.sh gives --dice
# FILE: the pips after the scenario's own setup throws, Turn 1's
# initiative first, then its weather; 'dice' in a script gives the next),
# so each run says which throws it expects and checks them first.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 65

# weathered MAP WEATHER: a copy of tests/rules/MAP.cfg under another weather
weathered() {
	sed "s/^weather = .*/weather = \"$2\";/" "$rules/$1.cfg" >"$tmp/$1-$2.cfg"
	echo "$tmp/$1-$2.cfg"
}

# decision NAME PATTERN: the first 'decide:' line matching PATTERN
decision() {
	grep '^decide: ' "$tmp/$1.out" | grep -E -- "$2" | head -1
}

# ======================================================================
# Half rate begins at real contact, not 0.05 cm before it
# ======================================================================
run edge '6 6 1 1' edge <<'EOF'
brigade A1
move E1 6
move E2 5
end
fire F1 f1
answer hold
fire F2 f2
dump
EOF
like "$(logline edge 'French throw')" "2D6 6\+6 = 12" "(the French have the initiative)"
is "$(logline edge '^log: E1 moves')" "log: E1 moves 6.0 cm (6.0 of its 6 cm allowance)." \
	"a move that ends touching a wood costs nothing extra: 6 cm of 6"
is "$(pos edge E1)" "x=20.00 y=54.00 facing=0.0 formation=column" "... and the column's front is on the wood's edge"
is "$(logline edge '^log: E2 moves')" "log: E2 moves 5.0 cm (6.0 of its 6 cm allowance)." \
	"a move 1 cm into a wood: 4 cm free and 1 cm at half rate, 6 cm of 6"
is "$(pos edge E2)" "x=40.00 y=55.00 facing=0.0 formation=column" "... so it goes the whole 5 cm"

# A unit touching a stream is beside it, not in it: it fires; one standing
# in the water may not.
like "$(logline edge '^log: F1 fires at f1')" "at 1.0 cm" "a line touching a stream's bank fires across it"
like "$(refusal edge 'fire F2 f2')" "may not fire while interpenetrated with a stream" \
	"a line standing in the stream may not fire"

# ======================================================================
# Mud: after rain the whole field is passable rough ground
# ======================================================================
# Turn 1: 12 against 2 for the French; the weather's 1D6 6 and 2D6 6+5:
# showers (one sees 36 cm), and the field is mud.  The same orders on the
# same map with the weather clear are the control ('firm').
cat >"$tmp/mud.cmds" <<'EOF'
brigade A1
charge I1 b1
answer no
charge K1 b2
move K2 max
move I4 max
charge I3 b3
answer no
move I2 3
answer charge
answer no
answer no
answer no
end
end
answer no
dump
EOF
run mud '6 6 1 1 6 6 5' mud <"$tmp/mud.cmds"
sed 's/^answer charge$/answer no/' "$tmp/mud.cmds" | run "$(weathered mud clear)" '6 6 1 1' firm
like "$(logline mud 'French throw')" "2D6 6\+6 = 12" "(mud: the French have the initiative)"
like "$(logline mud 'showers for')" "showers for 6 Turns; one sees 36 cm" "(the rain's first spell is showers)"
is "$(refusal mud 'charge I1 b1')" \
	"I1 cannot reach b1: its charge of 6 cm carries it 3.0 cm at half rate; 'charge I1 b1 extend' tries to extend the charge" \
	"in the mud infantry charges at half rate: 6 cm carry it 3"
is "$(logline firm '^log: I1 (reaches|charges)')" "log: I1 charges b1 from 5.0 cm." "... on firm ground the same charge reaches"
is "$(refusal mud 'charge K1 b2')" \
	"K1 cannot charge: the rain has turned the whole field to mud, passable rough ground, where cavalry may not charge" \
	"in the mud cavalry may not charge at all"
is "$(logline firm '^log: K1 reaches')" "log: K1 reaches b2." "... on firm ground it does"
is "$(logline mud '^log: K2 moves')" "log: K2 moves 7.5 cm (15.0 of its 15 cm allowance)." "cavalry moves at half rate in the mud"
is "$(logline mud '^log: I4 moves')" "log: I4 moves 6.0 cm (6.0 of its 6 cm allowance)." "infantry moves freely in the mud"
is "$(logline mud '^log: I3 reaches')" "log: I3 reaches b3." "an infantry charge of 2.5 cm reaches at half rate"
is "$(decision mud 'h1 may')" "" "the hussars may not opportunity-charge in the mud"
like "$(decision firm 'h1 may')" "h1 may opportunity-charge I2" "... on firm ground they may"
is "$(decision mud 'i1 may opportunity')" "" "infantry 3.5 cm away cannot opportunity-charge in the mud (3 cm at half rate)"
like "$(decision firm 'i1 may')" "i1 may opportunity-charge I2" "... on firm ground it can"
is "$(logline mud '^log: i2 opportunity-charges')" "log: i2 opportunity-charges I2 (2.0 cm)." \
	"infantry 2 cm away opportunity-charges in the mud (2.0 cm straight ahead: no turn to the column's centre)"
like "$(logline mud 'Melee round 1: I3,')" "\(every unit; 6 SP\), hits on 3\+: 6D6" \
	"the mud gives no hand-to-hand advantage: nobody's dice are halved"
like "$(logline mud 'Melee round 1: b3,')" "\(every unit; 6 SP\), hits on 4\+: 6D6" "... on either side"
like "$(logline mud 'turns to mud')" "The whole field turns to mud" "the log says when the field turns to mud"

# ======================================================================
# Snow makes mud only once snow falls
# ======================================================================
# Turn 1's weather in a snowy battle: a double on the pair (clear for
# good), 2D6 over 1D6 (mist), or not (snow for the pair's Turns).
printf 'brigade A1\nmove K2 max\ncharge K1 b2\ndump\n' >"$tmp/snow.cmds"
snow=$(weathered mud snow)
run "$snow" '6 6 1 1 6 1 1' snowclear <"$tmp/snow.cmds"
run "$snow" '6 6 1 1 3 4 5' snowmist <"$tmp/snow.cmds"
run "$snow" '6 6 1 1 6 2 3' snowfall <"$tmp/snow.cmds"
like "$(logline snowclear 'double')" "A double: the weather clears" "(snow, then a double before any fell)"
is "$(logline snowclear '^log: K2 moves')" "log: K2 moves 15.0 cm (15.0 of its 15 cm allowance)." \
	"a double cleared the sky before any snow fell: no mud, cavalry at full rate"
is "$(logline snowclear '^log: K1 reaches')" "log: K1 reaches b2." "... and cavalry charges"
like "$(logline snowmist 'mist for')" "mist for 3 Turns; one sees 18 cm" "(snow, then mist)"
is "$(logline snowmist '^log: K2 moves')" "log: K2 moves 15.0 cm (15.0 of its 15 cm allowance)." \
	"mist is not snow: no mud yet"
like "$(logline snowfall 'snow for')" "snow for 5 Turns; one sees 18 cm" "(snow falls)"
like "$(logline snowfall 'turns to mud')" "The whole field turns to mud" "falling snow turns the field to mud"
is "$(logline snowfall '^log: K2 moves')" "log: K2 moves 7.5 cm (15.0 of its 15 cm allowance)." "... cavalry at half rate"
is "$(refusal snowfall 'charge K1 b2')" \
	"K1 cannot charge: the snow has turned the whole field to mud, passable rough ground, where cavalry may not charge" \
	"... and no cavalry charge"

# ======================================================================
# Joining in is movement: half rate for the ground and for hot weather
# ======================================================================
printf 'brigade A1\nend\nend\ndump\n' >"$tmp/join.cmds"
run join '6 6 1 1' join <"$tmp/join.cmds"
run "$(weathered join hot)" '6 6 1 1' joinhot <"$tmp/join.cmds"
is "$(logline join '^log: JI joins')" "log: JI joins in against j1 (5.5 cm)." "on open ground a line joins from 5.5 cm"
is "$(logline joinhot '^log: JI joins')" "" "... in hot weather it cannot: its 6 cm carry it 3"
is "$(logline joinhot '^log: JK joins')" "log: JK joins in against k2 (2.5 cm)." "... but from 2.5 cm it can"
is "$(logline join '^log: JW joins')" "" "4 cm through a wood is 8 cm of allowance: it cannot join"

# ======================================================================
# The weather thrown again, once, before the battle
# ======================================================================
# mud.cfg with its weather thrown at the start (a setup throw, whatever
# the seed gives); the --dice pips come after that throw: 6+5 for the
# re-throw (strong winds), then Turn 1's initiative.
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME
saves=$XDG_DATA_HOME/grognard
roll=$(weathered mud roll)
printf '6 5 6 6 1 1\n' >"$tmp/rethrow.pips"
cat >"$tmp/rethrow.cmds" <<'EOF'
# the players agree to throw the weather again

rethrow-weather
rethrow-weather
brigade A1
rethrow-weather
save rethrown
dump
EOF
"$GROGNARD" --batch --side both --seed "$SEED" --dice "$tmp/rethrow.pips" "$roll" <"$tmp/rethrow.cmds" \
	>"$tmp/rethrow.out" 2>"$tmp/rethrow.err"
is "$?/$(cat "$tmp/rethrow.err")" "0/" "a script may throw the weather again (no error)"
like "$(grep '^log: ' "$tmp/rethrow.out" | sed -n 1,3p | sed 's/^log: //' | tr '\n' '|')" \
	"^weather of the battle: 2D6 [1-6]\+[1-6] = [0-9]+\|The weather is [a-z ]+\.\|" "(the weather is thrown first, at the setup)"
is "$(logline rethrow 'thrown again')" "log: weather of the battle, thrown again: 2D6 6+5 = 11" \
	"'rethrow-weather' throws the weather again with the scripted dice, logged"
is "$(logline rethrow 'The weather is thrown again')" "log: The weather is thrown again: strong winds, for the battle." \
	"... and the new weather is the battle's"
is "$(grep -E 'thrown again: 2D6|Turn 1 of 2 begins' "$tmp/rethrow.out" | head -1)" \
	"log: weather of the battle, thrown again: 2D6 6+5 = 11" "... before Turn 1 begins"
like "$(logline rethrow 'French throw for the initiative')" "2D6 6\+6 = 12" "... and Turn 1 takes the next pips"
is "$(grep -c '^refused: rethrow-weather: the weather may be thrown again once only' "$tmp/rethrow.out")" 1 \
	"a second re-throw is refused: once and once only"
is "$(grep -c '^refused: rethrow-weather: the weather may be thrown again only before the battle begins' "$tmp/rethrow.out")" 1 \
	"once the battle has begun it is refused"
like "$(grep '^game ' "$tmp/rethrow.out" | tail -1)" " weather=wind " "the dump shows the weather thrown again"
like "$(grep '^weather = ' "$saves/rethrown.save")" "rolled = true; rethrows = 1;" "the save keeps that the re-throw was used"
like "$(grep -c '"rethrow-weather"' "$saves/rethrown.save")" "^1$" "... and the re-throw is in the history"
printf 'save again\n' | "$GROGNARD" --batch --side both --load rethrown >/dev/null 2>&1
like "$(grep '^weather = ' "$saves/again.save")" "rolled = true; rethrows = 1;" "... which a continued battle keeps"
printf 'last\n' | "$GROGNARD" --batch --replay rethrown >"$tmp/replay.out" 2>&1
is "$?" 0 "a replay of it gives the saved battle"
like "$(grep 'thrown again: 2D6' "$tmp/replay.out")" "2D6 6\+5 = 11" "... throwing the weather again as it was"

printf 'brigade A1\ndump\n' | "$GROGNARD" --batch --side both --seed "$SEED" "$roll" >"$tmp/norethrow.out" 2>&1
unlike "$(cat "$tmp/norethrow.out")" "thrown again|^decide:" "a script that does not ask is never asked, and keeps the weather thrown"
printf 'rethrow-weather\ndump\n' | "$GROGNARD" --batch --side both --seed "$SEED" "$rules/mud.cfg" >"$tmp/fixed.out" 2>&1
is "$(refusal fixed rethrow-weather)" \
	"the scenario sets the weather (rain): only a weather thrown before the battle may be thrown again" \
	"a weather the scenario sets is not thrown again"

# ======================================================================
# Readings the texts leave open
# ======================================================================
# Infantry intercepts over a bridge as cavalry does: "Cavalry units can
# charge or intercept over a bridge" bars nobody.
run bridge '6 6 1 1' bridge <<'EOF'
brigade A1
move M1 5
answer charge
dump
EOF
like "$(decision bridge 'g1 may')" "g1 may opportunity-charge M1 moving 6 cm away" \
	"infantry may opportunity-charge over a bridge"
is "$(logline bridge 'g1 stands')" "log: g1 stands at its end of BR: in contact with M1, who defends it." \
	"... from its own end of it, in contact over the bridge"

# A landmark's advantage goes to the unit defending it, not to whoever
# stands on its base; a square the scenario stands on it defends it.
run landmark '6 6 1 1' landmark <<'EOF'
brigade A1
end
end
dump
EOF
like "$(logline landmark 'Melee round 1: X1,')" "against c1 \(every unit; 6 SP\), hits on 3\+: 6D6 " \
	"a column standing wholly on a landmark without defending it gives its enemy no halving"
like "$(logline landmark 'Melee round 1: X2, set 1')" "6 SP, halved for the ground\), hits on 3\+: 3D6 " \
	"a square standing on a landmark from the start defends it: its enemy's dice are halved"

# Command status is checked "as soon as a Brigade is given the initiative"
# and kept for the initiative: moving the corps stand afterwards changes
# nothing for that brigade; detaching its brigadier measures that unit
# again; the next initiative measures afresh.
run fixed '6 6 1 1' fixed <<'EOF'
brigade A1
dump
detach A1
cmove AC 40 58
charge N1 n1
charge M1 m1
answer no
charge D1 d1
dump
end
# M1 comes through its fight with m1: six hits, none back
dice 6 6 6 6 6 6  1 1 1 1 1 1
end
dump
EOF
is "$(field fixed 1 unit N1 status)/$(field fixed 1 unit M1 status)" "not_in_command/in_command" \
	"(when the brigade is given the initiative N1 is out of command, M1 in command)"
is "$(refusal fixed 'charge N1 n1')" "N1 is not in command: units out of command cannot charge" \
	"the corps stand moved beside it afterwards does not bring it into command this initiative"
is "$(logline fixed '^log: M1 reaches')" "log: M1 reaches m1." \
	"a unit in command when its brigade was chosen charges after the corps stand has ridden away"
is "$(field fixed 2 unit M1 status)" "in_command" "... the dump shows the status kept"
is "$(refusal fixed 'charge D1 d1')" "D1 is not in command: units out of command cannot charge" \
	"a unit whose brigadier detaches is measured again at once"
like "$(logline fixed 'Melee round 1: M1,')" "6D6 6 6 6 6 6 6 -> 6 hits$" "(M1 destroys m1 with the scripted dice and stays)"
is "$(field fixed 3 unit N1 status)/$(field fixed 3 unit M1 status)" "in_command/not_in_command" \
	"once the initiative is over, the stand's new place counts"
printf 'brigade A1\ncmove AC 40 58\nsave fixed\n' | run fixed '6 6 1 1' fixsave
printf 'charge N1 n1\n' | "$GROGNARD" --batch --side both --load fixed >"$tmp/fixload.out" 2>&1
is "$(refusal fixload 'charge N1 n1')" "N1 is not in command: units out of command cannot charge" \
	"a battle saved in the initiative keeps the status its brigade found"

done_testing
