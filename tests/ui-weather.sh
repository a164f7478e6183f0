#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The weather thrown again, in the curses front end driven in tmux as
# tests/ui.sh does: a battle whose weather was thrown asks, once, before
# it begins, whether to throw it again; one whose weather the scenario sets
# does not ask.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/tmux-lib.sh"
tmux_start uiw
plan 10
ngames=0
# start ARGS...: a fresh 80x24 game in a detached pane.
start() {
	t kill-session -t ui 2>/dev/null
	ngames=$((ngames + 1))
	t new-session -d -s ui -x 80 -y 24 \
		"env LANG=C.UTF-8 XDG_DATA_HOME='$tmp/data$ngames' XDG_CONFIG_HOME='$tmp/noconf' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' $*; sleep 5"
	settle 0.8
}

# mud.cfg with its weather thrown at the start: seed 3 throws 3+5, clear.
sed 's/^weather = .*/weather = "roll";/' "$top_srcdir/tests/rules/mud.cfg" >"$tmp/roll.cfg"

start --seed 3 "$tmp/roll.cfg"
like "$(screen)" "The weather thrown is clear\. Throw it again \(once only\)\? \(y/n\)" \
	"a battle whose weather was thrown asks, naming the weather, before it begins"
unlike "$(screen)" "Turn 1 of 2 begins" "... before Turn 1"
keys y
s=$(screen)
w=$(printf '%s\n' "$s" | sed -n 's/^Thrown again: the weather is \(.*\)\.$/\1/p')
like "$w" "^[a-z]" "y throws it again and says what came"
like "$s" "^T1/2 10:00 $w \| French: initiative" "... then the battle begins, in that weather"
keys C-p
like "$(screen)" "weather of the battle, thrown again: 2D6 [1-6]\+[1-6] = " "the throw is in the log"
keys q q y

start --seed 3 "$tmp/roll.cfg"
keys n
s=$(screen)
unlike "$s" "thrown again" "n keeps the weather thrown"
like "$s" "^T1/2 10:00 clear" "... clear, as thrown"
keys :
t send-keys -t ui "rethrow-weather" Enter
settle
like "$(screen)" "refused: rethrow-weather: the weather may be thrown again only before" "once the battle has begun, ':rethrow-weather' is refused, naming the rule"
keys q y

start --seed 3 "$top_srcdir/tests/rules/mud.cfg"
s=$(screen)
unlike "$s" "Throw it again" "a weather the scenario sets is not offered again"
like "$s" "^T1/2 10:00 " "... the battle begins at once"
keys q y

done_testing
