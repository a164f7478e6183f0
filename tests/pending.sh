#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A battle stopped while a question waits keeps the order that raised it:
# in the terminal, a move raises an opportunity charge; SIGTERM while the
# question is on the screen; the autosave holds the move, and continuing
# (in batch mode or in the terminal) gives it again and asks again, with
# the same dice.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
[ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ] || skip_all "tmux is not installed"
plan 9
scratch pending
map=$top_srcdir/tests/rules/charge-react.cfg
sock=grognard-pending-$$
t() { "$TMUX_BIN" -L "$sock" "$@"; }
trap 't kill-server 2>/dev/null; sleep 0.5; rm -rf "$tmp"' EXIT
t new-session -d -s keep -x 80 -y 24 "sleep 300"
screen() { t capture-pane -p -t p; }
keys() { for k in "$@"; do t send-keys -t p "$k"; sleep 0.15; done; sleep 0.4; }
cmd() { keys :; t send-keys -t p "$1" Enter; sleep 0.5; }
start() {
	t kill-session -t p 2>/dev/null
	t new-session -d -s p -x 80 -y 24 \
		"env LANG=C.UTF-8 XDG_DATA_HOME='$XDG_DATA_HOME' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' $*; echo EXITED \$?; sleep 30"
	sleep 0.8
}
# The game's pid: the pane's shell's child, found in /proc (no procps).
game_pid() {
	shell=$(t list-panes -t p -F '#{pane_pid}')
	for s in /proc/[0-9]*/stat; do
		set -- $(cat "$s" 2>/dev/null)
		[ "${4:-}" = "$shell" ] && [ "$2" = "(grognard)" ] && { echo "$1"; return; }
	done
}

# The battle begins in batch mode with the French winning Turn 1's
# initiative (--dice: the terminal takes no scripted dice), saved, and
# played on in the terminal.
french=$(first_pips A)
printf 'save begun\n' | "$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" "$map" >/dev/null 2>&1
start --load begun
cmd "brigade MV"
cmd "move M4 6"
like "$(screen)" "O4 may opportunity-charge M4" "the move raises the opportunity-charge question"
kill -TERM "$(game_pid)"
sleep 1
like "$(screen)" "EXITED 0" "SIGTERM while the question waits ends the game cleanly"
like "$(grep '^pending' "$dir/autosave.save")" '^pending = "move M4 6";' "the autosave keeps the move that raised it"
"$GROGNARD" --check "$dir/autosave.save" >/dev/null 2>&1
ok $? "... and passes --check"

# Batch: the move is given again and the question asked again.
printf 'answer charge\ndump\n' | "$GROGNARD" --batch --side both --load autosave >"$tmp/cont" 2>&1
like "$(grep '^decide:' "$tmp/cont")" "O4 may opportunity-charge M4" "continued in batch mode, the question is asked again"
# The same battle played straight through, answered the same way.
printf 'brigade MV\nmove M4 6\nanswer charge\ndump\n' |
	"$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" "$map" >"$tmp/straight" 2>&1
state() { grep -E '^(game|unit|commander|objective) ' "$1" | sed 's/ seed=[0-9]*//'; }
is "$(state "$tmp/cont")" "$(state "$tmp/straight")" "... and answered, it comes out as the battle played straight through"
throw=$(grep 'O4 tests to opportunity-charge' "$tmp/straight")
is "$(grep 'O4 tests to opportunity-charge' "$tmp/cont")" "${throw:-(no throw)}" "... with the same dice"

# Terminal: the question is on the screen again.
start --load autosave
like "$(screen)" "O4 may opportunity-charge M4" "continued in the terminal, the question is asked again"
kill -TERM "$(game_pid)"
sleep 1
like "$(screen)" "EXITED 0" "stopped again, it ends cleanly"
done_testing
