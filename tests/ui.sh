#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The curses front end, driven in tmux as a player would: the screen in
# 80x24, selecting a unit, giving a move, help, resizing, --mono, quitting.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/tmux-lib.sh"
tmux_start ui
plan 143
# bytes KEYS...: how many bytes the game writes to the terminal for the keys.
bytes() {
	: >"$tmp/pipe"
	t pipe-pane -t ui -O "cat >>'$tmp/pipe'"
	settle 0.2
	keys "$@"
	t pipe-pane -t ui
	wc -c <"$tmp/pipe" | tr -d ' '
}
# cursor_reverse: is the cell under the terminal's cursor in reverse video
# (an overlay)?  Prints yes or no.
cursor_reverse() {
	set -- $(t display -p -t ui '#{cursor_x} #{cursor_y}')
	t capture-pane -e -p -t ui -S "$2" -E "$2" | perl -CS -ne '
		my ($x, $rev, $col) = ('"$1"', 0, 0);
		while (length) {
			if (s/^\e\[([0-9;]*)m//) {
				for (split /;/, ($1 eq "" ? "0" : $1)) { $rev = 1 if $_ == 7; $rev = 0 if $_ == 0 || $_ == 27; }
				next;
			}
			next if s/^\e[^a-zA-Z]*[a-zA-Z]//;
			s/^(.)//s;
			if ($col == $x) { print $rev ? "yes\n" : "no\n"; exit }
			$col++;
		}'
}
# cmd LINE: type a ':' command.
# width TEXT: the widest line, in columns.
width() { printf '%s\n' "$1" | LC_ALL=C.UTF-8 wc -L; }

start 80x24 --seed 3 default
s=$(screen)
like "$s" "^T1/10 10:00 clear \| French: initiative" "the status line shows Turn, time, weather and the side with the initiative"
like "$s" "1 col = [0-9.]+ cm" "the status line shows the scale"
like "$s" "Log \(Ctrl-P" "the log panel is on screen"
like "$s" "initiative: 2D6 [1-6]\+[1-6] = " "the log shows the initiative dice"
like "$s" "~~~~" "the map shows the stream"
like "$s" "┌─{10,}┐" "the table's edge is drawn"
is "$(echo "$s" | wc -l)" 24 "the screen fills 24 lines"
w=$(printf '%s\n' "$s" | LC_ALL=C.UTF-8 wc -L)
ok $([ "$w" -le 80 ] && echo 0 || echo 1) "no line is wider than 80 columns ($w)"

keys g
like "$(screen)" "Give the initiative to:" "g offers the brigades"
keys 1
s=$(screen)
like "$s" "French: Destabenrath's" "choosing a brigade is logged"
like "$s" "10e Leger, 1st battalion" "the first unit of the brigade is selected and shown in the panel"
like "$s" "SP 6/6 column, facing 0 N" "the panel gives strength, formation and facing"
like "$s" "in command, [0-9.]+ cm to HQ" "the panel gives the command status and distance"

keys Tab
like "$(screen)" "10e Leger, 2nd battalion" "Tab goes to the next unit of the brigade"
keys BTab m
like "$(screen)" "Move 10L1: as far as 6.0 cm" "m shows how far the unit can go"
keys 4 Enter
s=$(screen)
like "$s" "10L1 moves 4.0 cm" "the move is carried out and logged"
keys :
t send-keys -t ui 'dump' Enter
settle
like "$(screen)" "unit id=10L1 side=A x=35.25 y=71.00" "the ':' command line runs commands; the unit moved 4 cm north"
keys q

keys '?'
like "$(screen)" "Help: keys" "? shows the keys"
keys Tab
like "$(screen)" "Help: the sequence of play" "a second page sums up the sequence of play"
keys q

t resize-window -t ui -x 60 -y 20 2>/dev/null || t resize-pane -t ui -x 60 -y 20
settle
s=$(screen)
like "$s" "This terminal is 60x20" "a small terminal gets a notice"
like "$s" "grognard needs 80x24" "which says what is needed"
keys q
like "$(screen)" "Quit the battle\? \(y/n\)" "q on the notice asks, visibly, to quit"
keys n
s=$(screen)
like "$s" "Enlarge it" "n goes back to the notice"
unlike "$s" "Quit the battle" "without the question"
t resize-window -t ui -x 100 -y 40 2>/dev/null || t resize-pane -t ui -x 100 -y 40
settle
s=$(screen)
like "$s" "^T1/10 10:00 clear \| French: initiative \| StH1 \| manoeuvre" "back at 100x40 the screen is redrawn"
ok $([ "$(echo "$s" | grep -o "1 col = [0-9.]* cm")" != "1 col = 2.5 cm" ] && echo 0 || echo 1) \
	"the table is fitted again to the larger view (the player had not zoomed)"
is "$(echo "$s" | wc -l)" 40 "and fills the larger terminal"

keys q
like "$(screen)" "Quit the battle\? \(y/n\)" "quitting asks first"
keys n y
keys q y
settle
t list-panes -t ui -F '#{pane_current_command}' >"${TMPDIR:-/tmp}/ui-cmd.$$" 2>&1
like "$(cat "${TMPDIR:-/tmp}/ui-cmd.$$")" "sleep" "after q and y the game has ended"
rm -f "${TMPDIR:-/tmp}/ui-cmd.$$"

start 80x24 --seed 3 --mono default
s=$(t capture-pane -p -e -t ui)
like "$s" "T1/10 10:00 clear" "--mono draws the battle"
ok $(printf '%s' "$s" | grep -q "$(printf '\033')\[3[1-7]m" && echo 1 || echo 0) "--mono uses no colours"
# Dialogs send one screen update per key: moving in a menu rewrites the
# highlighted lines, not the map under the box and then the box again.
start 80x24 --seed 3 default
keys g 1 o
like "$(screen)" "Change formation to:" "o opens the formation menu"
n=$(bytes Down Up Down)
ok $([ "$n" -lt 600 ] && echo 0 || echo 1) "three keys in a menu send little ($n bytes)"
keys Escape :
n=$(bytes d u m p)
ok $([ "$n" -lt 100 ] && echo 0 || echo 1) "typing on the command line sends little ($n bytes)"
keys Escape

# Esc in the side-step menu cancels (it used to mean "right").
start 80x24 --seed 3 default
keys g 1 M s Escape
s=$(screen)
unlike "$s" "Side-step how far" "Esc in the side-step menu cancels the order"
unlike "$s" "Side-step to which side" "and closes the menu"
# A menu's own keys come before its j/k navigation: 'k' is the skirmish line.
keys o k
like "$(screen)" "10L1 forms skirmish line" "k in the formation menu chooses the skirmish line"

# Long text at 80 columns is wrapped, not cut.
start 80x24 --seed 3 default
keys g 1
like "$(screen | tail -1)" "q quit *$" "the hint line fits in 80 columns"
cmd 'charge 10L1 IR57b'
like "$(screen)" "tries to extend the charge" "a long refusal is shown whole, over two rows"
cmd 'help'
s=$(screen)
like "$s" "^ +each\)" "the pager wraps a long line"
ok $([ "$(width "$s")" -le 80 ] && echo 0 || echo 1) "no line of the pager is wider than 80 columns"
keys q '?'
like "$(screen)" "q back *$" "the pager's footer fits in 80 columns"
keys q
# The log's search: any case, says when nothing is found, and the page
# stays on screen while the search is typed.
keys C-p / F R E N C H
s=$(screen)
like "$s" "^The whole log" "the log stays on screen while a search is typed"
like "$s" "^/FRENCH" "with the search on its last line"
keys Enter
like "$(t capture-pane -p -e -t ui)" "$(printf '\033')\\[7m.*French" "the search ignores case: a line with 'French' is highlighted"
keys / z q x Enter
like "$(screen)" "'zqx' not found" "a search that finds nothing says so"
keys q
start 80x24 --seed 3 auerstedt
like "$(screen)" "^T1/14 .*[0-9.]+ ?cm" "the status line keeps the scale with a long side name"
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-react.cfg"
cmd 'brigade KS'
cmd 'charge K1 T1'
s=$(screen)
like "$s" "emergency square" "a reaction is offered in a dialog"
like "$s" "\(1D6 >= 4\)\?" "its long question is wrapped in the box, not cut"
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-fire.cfg"
cmd 'brigade FA'
keys Tab Tab Tab Tab Tab Tab
s=$(screen)
like "$s" "not in command, [0-9.]+ cm to" "the panel shows a unit not in command"
like "$s" "│ +HQ" "and wraps the line instead of cutting it"

# The hint line follows the keymap of the options file.
mkdir -p "$tmp/conf/grognard"
printf 'keys = { move = "v"; pivot = "P"; };\n' >"$tmp/conf/grognard/grognard.cfg"
UI_CONF=$tmp/conf start 100x24 --seed 3 default
keys g 1
s=$(screen | tail -1)
like "$s" "v move" "the hint shows the move key of the options file"
like "$s" "P pivot" "and the pivot key"
unlike "$s" "m move" "not the default key"

# The firing phase: the units that can fire are those Tab and w go
# through, and the panel says what each may still do.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-fire.cfg"
cmd 'brigade FA'
like "$(screen)" "may: move form pivot charge$" "in the manoeuvre phase a fresh unit may move, form, pivot and charge"
keys e y
s=$(screen)
like "$s" "\| firing \|" "the firing phase begins"
like "$s" "may: fire$" "the panel says the unit may fire"
keys f Enter 1 1
like "$(screen)" "P1 fires at" "a unit fires"
keys BTab
s=$(screen)
like "$s" "markers: fired" "the panel shows that it has fired"
like "$s" "may: no fire: it has" "and that it may not fire again"
like "$s" "already fired" "because it has fired"
keys Tab Tab Tab Tab
s=$(screen)
unlike "$s" "Units act in the manoeuvre phase" "Tab works in the firing phase"
like "$s" "IC: line infantry" "and goes past the cavalry, which does not fire"
keys w
like "$(screen)" "NC: line infantry" "w goes to the next unit that can still fire"
# Turning eats into what a charge allows (over 90 degrees: no charge).
start 100x30 --seed 3 default
keys g 1 p '>' '>' '>' '>' Enter
like "$(screen)" "turning 30 more at most" "after a pivot of 60 the panel gives what is left for a charge"
keys p '>' '>' '>' Enter
unlike "$(screen)" "may: .*charge" "after 105 degrees in all it may not charge"
keys c
like "$(screen)" "has turned over 90 degrees this initiative and cannot charge" \
	"and the charge key says why at once, before a target is chosen"
keys Escape
# Markers with their meaning.
start 100x30 --seed 2 --side both "$top_srcdir/tests/rules/charge-react.cfg"
cmd 'brigade KS'
cmd 'charge K10 C10'
# A decision: a rule reminder, the map's keys and the log while it waits,
# the number's unit, a sensible default, out of range refused.
s=$(screen)
like "$s" "Rule: skirmishers charged may" "a decision recalls its rule"
like "$s" "Odds: Falling back: no fight," "after the odds of its choices"
before=$(echo "$s" | grep -o "1 col = [0-9.]* cm")
like "$before" "1 col" "(the scale before zooming)"
keys +
s=$(screen)
like "$s" "1 col = [0-9.]+ cm" "(the scale after)"
ok $([ "$(echo "$s" | grep -o "1 col = [0-9.]* cm")" != "$before" ] && echo 0 || echo 1) \
	"the map zooms while a decision waits"
like "$s" "fall back \(cm\)" "and the decision is still there"
keys C-p
like "$(screen)" "^The whole log" "Ctrl-P shows the log while a decision waits"
keys q
like "$(screen)" "fall back \(cm\)" "and q goes back to the decision"
keys 2
like "$(screen)" "Fall back: how many cm \(18 to 30\)\? 30" "the number is asked in its unit, the furthest offered"
keys C-u 4 0 Enter
like "$(screen)" "40 is out of range: from 18 to 30 cm" "a number out of range is refused with a word"
keys C-u 3 0 Enter
like "$(screen)" "C10 falls back 30.0 cm" "a number in range is taken"
for i in 1 2 3 4 5 6 7 8; do screen | grep -q "K10: " && break; keys Tab; done
like "$(screen)" "markers: white \(break-through\)" "a marker is shown with its meaning"
keys e y e y 1
like "$(screen)" "how many degrees \(-90 to 90, negative" "the pivot of a break-through is asked in degrees"
like "$(screen)" "\? 0 *$" "with no turn offered"

# Move mode: no move of 0 cm, the cursor beyond the allowance is the
# allowance, the path is drawn, what is left is said.
start 80x24 --seed 3 default
keys g 1 m J
like "$(screen)" "Move 10L1 0 cm: put the cursor ahead of it" "a cursor behind the unit is no move"
keys Enter
s=$(screen)
unlike "$s" "10L1 moves" "and Enter does not use up the move"
like "$s" "may: move" "the unit may still move"
keys Escape
cmd 'move 10L1 0'
like "$(screen)" "a move of 0 cm is no move" "the engine refuses a move of 0 cm"
keys m 4
like "$(screen)" "Move 10L1 4.0 cm \(allowance used 4.0; 2.0 cm more possible\)" "move mode says what is left"
keys Escape m K K K
like "$(screen)" "Move 10L1 6.0 cm, as far as it can" "a cursor beyond the allowance means as far as it can go"
keys Escape + + + + +
dots() { screen | cut -c1-50 | grep -o "·" | wc -l; }
n=$(dots)
keys m
ok $([ "$(dots)" -ge $((n + 5)) ] && echo 0 || echo 1) "move mode draws the path the unit sweeps"
keys K K Enter
like "$(screen)" "10L1 moves 6.0 cm" "and the move is given"

# Extended charges from the keyboard, with their odds.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-react.cfg"
cmd 'brigade CE'
for i in 1 2 3 4 5 6; do screen | grep -q "X5: " && break; keys Tab; done
keys c
s=$(screen)
like "$s" "Charge X5T: 2.0 cm short, facing 0, no pivot. Enter tries an extended charge" \
	"a target just out of reach offers an extended charge, with the facing it would take"
like "$s" "1D6 >= 3 \(67%\), then" "with the odds of the quality test"
keys Enter
like "$(screen)" "Extended charge of X5 at X5T" "Enter asks first"
like "$(screen)" "Try it\? \(y/n\)" "for a yes or no"
keys y
like "$(screen)" "X5 tries to extend its" "and y tries it"
# The aiming point at the cursor, and zoom while choosing a target.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-fire.cfg"
cmd 'brigade FA'
keys e y f
s=$(screen)
like "$s" "aiming at the best" "a shot aims at the best point at first"
before=$(echo "$s" | grep -o "1 col = [0-9.]* cm")
keys +
s=$(screen)
ok $([ "$(echo "$s" | grep -o "1 col = [0-9.]* cm")" != "$before" ] && echo 0 || echo 1) "+ zooms in while choosing a target"
like "$s" "Fire at Q1" "and the target stays chosen"
keys Space
like "$(screen)" "Fire at Q1: .*aiming at the cursor" "Space puts the aiming point at the cursor"
keys K Space
like "$(screen)" "Put the cursor on .* to aim" "off the target it says where to put it"
keys Escape f Space Enter 1 1
like "$(screen)" "P1 fires at Q1" "the shot is fired"

# The threat overlay: the enemies of the side at the keyboard, over the
# ground a charge could reach (a quarter turn either way), not all round.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-react.cfg"
cmd 'brigade KS'
keys c Escape + + + + + + + 4
like "$(screen)" "Overlay of enemy charge reach \(the Austrians\) on" "the threat is the enemy's (the Austrians for the French)"
keys j
is "$(cursor_reverse)" yes "ground in front of an Austrian line is within its charge reach"
keys k k k
is "$(cursor_reverse)" no "ground behind it is not: a charge turns at most 90 degrees"

# The small arms overlay: the ground ahead of the line, not a circle.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-fire.cfg"
cmd 'brigade FA'
keys + + + + + + + 1 k
is "$(cursor_reverse)" yes "ground just ahead of a line is within its small arms range"
keys j j
is "$(cursor_reverse)" no "ground just behind it is not"

# The table's edge in plain ASCII.
UI_LANG=C start 80x24 --seed 3 default
like "$(screen)" "\+-{10,}\+" "in ASCII the table's edge is a frame of - | +"
# The legend: the glyphs as drawn, aligned, every one distinct.
keys '?' Tab Tab G
s=$(screen)
like "$s" "^  =   river" "in ASCII a river is ="
like "$s" "^  ~   stream" "and a stream ~"
like "$s" "^  !   stone wall" "a wall is !, not the frame's |"
keys q
start 80x24 --seed 3 default
keys '?' Tab Tab
s=$(screen)
like "$s" "↑↗→↘↓↙←↖  line, or unlimbered guns" "in UTF-8 the legend shows the arrows the map uses"
keys G
s=$(screen)
like "$s" "^  ∷   hill of more than two levels" "and the glyph of a higher hill"
like "$s" "^  ♣   wood" "glyphs are padded by their width on screen"
keys q

# Keys typed while the computer plays: a nudge hurries it, a ':' command
# typed ahead is kept for the player's turn (it used to be swallowed).
mkdir -p "$tmp/slow/grognard"
printf 'watch_delay = 10000;\n' >"$tmp/slow/grognard/grognard.cfg"
UI_CONF=$tmp/slow start 80x24 --seed 3 --side B default
keys : d u m p Enter
settle 1
like "$(screen)" "^game turn=1" "a command typed while the computer plays runs on the player's turn"
keys q
# Watching: - slows the pace within the options' limit, and says so.
start 80x24 --seed 3 --side none default
keys - - - - - - -
like "$(screen)" "Pace: 10000 ms between" "the pace is shown and bounded"
keys + 
like "$(screen)" "Pace: 5000 ms between" "+ makes it faster again"
keys q y

# The end of the battle: the report, then the map with its keys.
start 80x24 --seed 3 default
cmd 'concede'
like "$(screen)" "^The battle is over" "the end of the battle shows the report"
keys q '?'
like "$(screen)" "^Help: keys" "after it ? gives the help"
keys q +
like "$(screen)" "1 col = 2 cm" "and + zooms the map"

# Terminals that cannot show the battlefield are named in our own words
# (not curses' "Error opening terminal"), with exit status 1.
# bare ENV ARGS: grognard under env ENV (TERM=..., -u TERM), its status shown.
bare() {
	t kill-session -t ui 2>/dev/null
	t new-session -d -s ui -x 80 -y 24 \
		"env $1 LANG=C.UTF-8 XDG_DATA_HOME='$tmp/bare' XDG_CONFIG_HOME='$tmp/noconf' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' $2; echo EXITED \$?; sleep 5"
	settle 0.8
}
joined() { screen | tr -d '\n'; }
bare TERM=dumb
s=$(joined)
like "$s" "^grognard: the terminal 'dumb' cannot show the battlefield \(it cannot move the cursor\); use a terminal such as xterm, or --batch" \
	"TERM=dumb: one line naming the terminal and why"
like "$s" "EXITED 1" "... and exit status 1"
bare TERM=nosuchterm
s=$(joined)
like "$s" "^grognard: the terminal 'nosuchterm' is unknown here \(terminfo has no entry for it\)" \
	"an unknown TERM is named"
like "$s" "EXITED 1" "... with exit status 1"
unlike "$s" "Error opening terminal" "... and not in curses' words"
bare "-u TERM"
s=$(joined)
like "$s" "^grognard: TERM is not set" "no TERM at all is said so"
like "$s" "EXITED 1" "... with exit status 1"
printf 'brigade StH1\nsave r\nquit\n' | XDG_DATA_HOME=$tmp/bare "$GROGNARD" --batch --side both --seed 1 >/dev/null 2>&1
bare TERM=dumb "--replay r"
s=$(joined)
like "$s" "^grognard: the terminal 'dumb' cannot show the battlefield.*EXITED 1" "the replay viewer says so too"

# Ctrl-S is a key, not XOFF: the screen does not freeze.
start 80x24 --seed 3 default
keys C-s '?'
like "$(screen)" "^Help: keys" "after Ctrl-S the next key still changes the screen"
keys C-q q

# Errors in the options file: shown at the start with file:line, and the
# game goes on with every option at its default (none of the file's).
mkdir -p "$tmp/badconf/grognard"
printf 'keys = { move = "v"; };\ncolours = { side_a = "purple"; };\n' >"$tmp/badconf/grognard/grognard.cfg"
UI_CONF=$tmp/badconf start 100x24 --seed 3 default
s=$(screen | tr -s ' \n' '  ')
like "$s" "^Errors in the options file: playing with the default options" "a bad options file does not stop the game"
like "$s" "$tmp/badconf/grognard/grognard.cfg:2: colours: 'purple' is not one of" "the error is shown with its file and line"
keys q g 1
s=$(screen | tail -1)
like "$s" "m move" "the game goes on with the default keys"
unlike "$s" "v move" "... none of the file's"
keys '?'
like "$(screen | tr -s ' \n' '  ')" "Keys \(the defaults: $tmp/badconf/grognard/grognard.cfg has errors" \
	"the help says the file has errors"
keys q q y

# The help names the options file read, or where it would be.
UI_CONF=$tmp/conf start 80x24 --seed 3 default
keys '?'
like "$(screen | tr -s ' \n' '  ')" "Keys \(change them in $tmp/conf/grognard/grognard.cfg\):" \
	"the help names the options file read"
keys q q y
start 80x24 --seed 3 default
keys '?'
like "$(screen | tr -s ' \n' '  ')" "Keys \(change them in $tmp/noconf/grognard/grognard.cfg, which does not exist yet\):" \
	"... or where it would be, saying it does not exist yet"
keys q q y

# Every key named on the screen is the keymap's.
mkdir -p "$tmp/remap/grognard"
printf 'keys = { help = "!"; select = "z"; brigade = "i"; log = "^O"; quit = "Q"; };\n' \
	>"$tmp/remap/grognard/grognard.cfg"
UI_CONF=$tmp/remap start 100x30 --seed 3 default
s=$(screen)
like "$s" "z selects, ! helps\." "the panel names the select and help keys of the options file"
like "$s" "Log \(Ctrl-O: all\)" "the log's title names its key"
like "$s" "have the initiative: i gives it to a brigade, G to a division" "the initiative message names the brigade key"
keys '?'
like "$(screen)" "That key does nothing here; ! shows the keys\." "a key bound to nothing names the help key"
keys '!'
like "$(screen)" "^Help: keys" "the help key of the options file opens the help"
keys G
like "$(screen)" "Enter +select \(as z\)" "... where Enter selects as z does"
keys q Q y
UI_CONF=$tmp/remap start 100x30 --seed 3 --side none default
s=$(screen)
like "$s" "Space pauses, Q quits" "watching names the quit key"
like "$(screen | tail -1)" "Ctrl-O log +! help +Q quit" "... and so does its hint line"
keys Q
like "$(screen)" "Quit the battle\? \(y/n\)" "... and that key quits"
keys y

done_testing
