#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What a commander sees and how few keys he needs, in tmux at 80x24:
# objectives and who holds them, the score, formations and facings at any
# zoom, the roster, describe, the terminal's cursor, the initiative menus,
# ending phases, w, turning and moving, the warning of a stream ahead,
# the colour-blind palette.  tests/rules/info.cfg, seed 2: the French have
# Turn 1's initiative.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/tmux-lib.sh"
tmux_start uiinfo 600 0.4 0.15
plan 64
# msg: the message and key rows at the foot, as one line.
msg() { screen | tail -3 | tr '\n' ' ' | sed 's/  */ /g'; }
# under_cursor: the character under the terminal's cursor.
under_cursor() {
	set -- $(t display -p -t ui '#{cursor_x} #{cursor_y}')
	t capture-pane -p -t ui -S "$2" -E "$2" | LC_ALL=C.UTF-8 perl -CS -ne 'print substr($_, '"$1"', 1), "\n"'
}
# cursor_line: the screen line the terminal's cursor is on.
cursor_line() {
	set -- $(t display -p -t ui '#{cursor_x} #{cursor_y}')
	t capture-pane -p -t ui -S "$2" -E "$2"
}
map=$top_srcdir/tests/rules/info.cfg

# ----------------------------------------------------------------------
# Objectives and the score
start 80x24 --seed 2 --side A "$map"
s=$(screen)
like "$s" "▦i⚑a" "the village objective shows as a flag with its holder's letter (a: Austrians)"
like "$s" "B⚑- D" "an objective nobody holds shows '-'"
like "$s" "│ French: obj 0/3 lost 0/3 *$" "the panel gives the French objectives held and losses against their break"
like "$s" "│ Austrians: obj 2/3 lost 0/2 *$" "and the Austrians'"
# Formations and facings
like "$s" " ⇑   ■   ⇡   ↑  C→" "column, square, skirmish line, guns and cavalry in line are drawn differently"
like "$s" "        ↓       ⇣       ↓ " "the enemy's line, skirmish line and guns too, facing south"
like "$s" "↑I" "a line shows its facing beside its letter"
keys '?' Tab Tab
s=$(screen)
like "$s" "⇑⇗⇒⇘⇓⇙⇐⇖  column, or guns limbered" "the legend says how each formation is drawn"
like "$s" "■         square" "... squares"
like "$s" "⚑F ⚑a ⚑-  an objective and who holds it: F French, a Austrians, - nobody" "... and objectives"
keys q
# Every zoom: in, and out until the units crowd.
keys + + +
s=$(screen)
like "$s" "⇑" "zoomed in, a column still shows its mark"
like "$s" "■" "and a square"
keys = - - -
s=$(screen)
for m in ■ ⇡ ⇑ I C A; do
	like "$s" "$m" "zoomed out to $(echo "$s" | grep -o '[0-9.]*cm/col\|1 col = [0-9.]* cm' | head -1), $m is still shown"
done
n=$(echo "$s" | sed -n '2,21p' | cut -c2-50 | grep -o '[↑↓←→↗↘↙↖⇑⇓⇐⇒⇗⇘⇙⇖⇡⇣⇠⇢■□]' | wc -l)
ok $([ "$n" -ge 10 ] && echo 0 || echo 1) "every unit's facing is shown ($n marks for 10 units)"

# Without colour and UTF-8: letters
UI_LANG=C start 80x24 --seed 2 --side A --mono "$map"
s=$(screen)
like "$s" "##i@a" "in ASCII the objective is @ and its holder's letter"
like "$s" " n   O   8   \\^  C>" "in ASCII column, square, skirmish line and line are told apart"
like "$s" "French: obj 0/3 lost 0/3" "the score needs no colour"

# ----------------------------------------------------------------------
# The terminal's cursor, the roster, describe
start 80x24 --seed 2 --side A "$map"
keys g
like "$(cursor_line)" "1   Kister's brigade" "in a menu the terminal's cursor is on the highlighted item"
keys 1
is "$(under_cursor)" "I" "the terminal's cursor is on the selected unit's letter"
keys m 3 Enter
is "$(under_cursor)" "I" "... and follows it when it has moved"
keys r
s=$(screen)
like "$s" "^Roster: French \(Tab: the other side\)" "r shows the roster of the player's side"
like "$s" "L1 +6/6  line +- +cautious +yes  33e Ligne" "with strength, formation, markers, command and whether it may act"
like "$s" "C1 +6/6  column +- +in command  yes  48e Ligne" "a unit that may still act says so"
like "$s" "j/k choose, Enter go to it" "and how to go to a unit"
like "$(cursor_line)" "L1 " "the cursor is on the first unit's line"
keys Tab
s=$(screen)
like "$s" "^Roster: Austrians, as seen across the table" "Tab shows the enemy's, as seen across the table"
like "$s" "b2 +6/6  column +- +IR 2" "its units: strength, formation, markers"
unlike "$s" "in command|cautious" "but not their command status"
keys Tab j Enter
s=$(screen)
like "$s" "C1 selected: 48e Ligne" "Enter on a line goes to the unit and selects it"
like "$s" "48e Ligne" "the panel shows it"
is "$(under_cursor)" "I" "with the cursor on it"
cmd 'roster B'
like "$(screen)" "^Roster: Austrians, as seen across the table" ":roster B opens the enemy's page"
keys q
keys i
s=$(screen)
like "$s" "^Around the cursor" "i describes the place of the cursor in words"
like "$s" "Here: C1 \(French line infantry, column facing N, 6/6 SP\), 48e Ligne\." "the unit there"
like "$s" "cm [NESW]+ \([0-9]+\)" "the units near, with distance and bearing"
like "$s" "Threats to French here:|No enemy could charge or fire here now\." "and the threats"
keys q
cmd describe
like "$(screen)" "^Around the cursor" ":describe does the same"
keys q

# ----------------------------------------------------------------------
# A move into a stream: said, and stopping short offered
start 80x24 --seed 2 --side A "$map"
keys g 1 m
like "$(msg)" "L1 would end in Bach \(stream\), where it may not fire or charge; s stops short at 5.5 cm\." \
	"the move's preview says it would end in the stream, and where it could stop short"
keys Enter
s=$(screen)
like "$s" "2   stop short at 5.5 cm, clear of it" "Enter asks, offering to stop short"
keys 2
like "$(screen)" "L1 moves 5.5 cm" "stopping short moves it clear of the stream"
# Turning toward the cursor and moving, as one order.
keys Tab t l l k
like "$(screen | tail -3)" "C1 turns 45 right to face 45 and moves 6.0 cm" "t: turn toward the cursor and move, previewed"
keys Enter
s=$(screen)
like "$s" "C1 pivots to face 45\." "one Enter gives the pivot"
like "$s" "C1 moves 6.0 cm" "and the move"

# ----------------------------------------------------------------------
# Ending phases; w; a battery's charge
start 80x24 --seed 2 --side A "$map"
keys g 2 c
like "$(screen | tail -3)" "G1 is artillery: artillery cannot charge" "c on a battery says artillery cannot charge"
keys w
like "$(screen)" "foot battery" "w goes to a unit that can still act"
keys e
like "$(msg)" "End the manoeuvre phase\? 1 unit could still act: G1\. \(y/n\)" \
	"ending a phase with a unit that could still act asks, naming it"
keys n
start 80x24 --seed 2 --side A "$map"
keys g 1 e y
like "$(screen)" "\| A1 \| firing \|" "the firing phase begins"
keys w
like "$(msg)" "No unit of yours has an enemy it could fire at" "in the firing phase w skips units with no target"
keys e
unlike "$(msg)" "\(y/n\)" "with no unit that could act, the phase ends without a question"
like "$(screen)" "Austrians have the initiative|French have the initiative" "... and the next initiative comes"
start 80x24 --seed 2 --side A "$map"
keys g 1 E
like "$(msg)" "End Kister's brigade's initiative \(no more manoeuvre, no firing\)\? 5 units could still act: L1, C1, S1, K1\.\.\." \
	"E ends the brigade's whole initiative, asking first"
keys y
settle 1
like "$(screen)" "Austrians have the initiative|Austrians: .*has the initiative|French have the initiative" \
	"after it the next initiative is thrown"

# ----------------------------------------------------------------------
# Stable brigade numbers, division stands, division manoeuvres (the
# built-in battle, seed 3: the French win again after their first)
start 80x24 --seed 3 default
like "$(msg)" "Division stands that may move first \(C\): Saint-Hilaire, Lasalle\." \
	"the division stands that may still move are named at the initiative"
keys G
like "$(screen)" "Saint-Hilaire's division: 36 cm, stand-off 24 \(no enemy within 36\)" \
	"the division-manoeuvre menu gives each division's allowance and why"
keys Escape g 1 E y
settle 2
keys g
s=$(screen)
like "$s" "2   Lorencez's brigade" "the brigades keep their numbers through the Turn"
unlike "$s" "1   Lorencez" "... they are not numbered again"
keys Escape

# ----------------------------------------------------------------------
# The end of the battle, and the colour-blind palette
start 80x24 --seed 3 default
cmd concede
keys y q
like "$(screen)" "^T1/10 10:00 clear \| Battle over: Austrians win \|" "the status line at the end says who won"
mkdir -p "$tmp/cb/grognard"
printf 'palette = "colour_blind";\n' >"$tmp/cb/grognard/grognard.cfg"
UI_CONF=$tmp/cb start 80x24 --seed 2 --side A "$map"
s=$(t capture-pane -p -e -t ui)
like "$s" "$(printf '\033')\[[0-9;]*33m[a-z↓⇣⇓]" "with the colour-blind palette the Austrians are yellow"
unlike "$s" "$(printf '\033')\[[0-9;]*31m" "and nothing is red"
done_testing
