#!/bin/sh
# A dropped connection never loses the battle: SIGHUP (and SIGTERM) to the
# real game in a terminal saves it, and grognard started again offers to
# continue it where it was.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
[ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ] || skip_all "tmux is not installed"
plan 19
tmp=${TMPDIR:-/tmp}/grognard-hup.$$
mkdir -p "$tmp"
sock=grognard-hup-$$
t() { "$TMUX_BIN" -L "$sock" "$@"; }
trap 't kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
XDG_DATA_HOME=$tmp/data
export XDG_DATA_HOME
# A session that lives all along keeps the tmux server up between games.
t new-session -d -s keep -x 80 -y 24 "sleep 300"
screen() { t capture-pane -p -t hup; }
keys() { for k in "$@"; do t send-keys -t hup "$k"; sleep 0.15; done; sleep 0.4; }
# start ARGS: grognard in the pane; with $limit set, under that ulimit -f
# (512-byte blocks: a disk that fills up, which root cannot escape).
start() {
	t kill-session -t hup 2>/dev/null
	t new-session -d -s hup -x 80 -y 24 \
		"${limit:+ulimit -f $limit; }env LANG=C.UTF-8 XDG_DATA_HOME='$XDG_DATA_HOME' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' $*; echo EXITED \$?; sleep 30"
	sleep 0.8
}
game_pid() {
	shell=$(t list-panes -t hup -F '#{pane_pid}')
	ps -o pid= --ppid "$shell" -o comm= | awk '$2 == "grognard" { print $1 }'
}
dump_of() { printf 'dump\n' | "$GROGNARD" --batch --side both --load autosave 2>&1 | grep "^unit id=$1 "; }

start --seed 1
keys g 1 m 4 Enter
like "$(screen)" "10L1 moves 4.0 cm" "a move is made"
pid=$(game_pid)
kill -HUP "$pid"
sleep 1
like "$(screen)" "EXITED 0" "SIGHUP ends the game cleanly (exit 0)"
ok $([ -f "$XDG_DATA_HOME/grognard/autosave.save" ] && echo 0 || echo 1) "and leaves the battle saved"
like "$(dump_of 10L1)" "x=35.25 y=71.00" "the save holds the move made just before the hang-up"

start
like "$(screen)" "Continue a battle\?" "started again, grognard offers to continue"
like "$(screen)" "autosave: Hochdorf, 1809 \(the built-in battle\), Turn 1" "the interrupted battle is in the list"
keys 1
s=$(screen)
like "$s" "The battle goes on where it was left" "choosing it continues the battle"
like "$s" "10L1 moves 4.0 cm" "with its log"
keys Tab m 2 Enter
like "$(screen)" "10L2 moves 2.0 cm" "and play goes on"

pid=$(game_pid)
kill -TERM "$pid"
sleep 1
like "$(screen)" "EXITED 0" "SIGTERM also ends it cleanly"
like "$(dump_of 10L2)" "y=73.00" "after saving the newest move"

start
keys n q y
like "$(screen)" "The battle is saved in /" "quitting says where the battle is saved"
like "$(dump_of 10L2)" "y=73.00" "a new battle leaves the interrupted one's autosave alone"
ok $([ -f "$XDG_DATA_HOME/grognard/autosave-2.save" ] && echo 0 || echo 1) "and autosaves as autosave-2"
# A full disk: the autosave fails and says so, quitting says the battle
# could not be saved, and the last good autosave is as it was.
cp "$XDG_DATA_HOME/grognard/autosave.save" "$tmp/before.save"
limit=4 start --load autosave
like "$(screen)" "Autosave failed: cannot write the save: File too large; your last save is intact" \
	"an autosave that fails is reported on the screen"
keys q y
s=$(screen)
like "$s" "grognard: the battle could not be saved \(cannot write the save: File too large\)" \
	"quitting then says the battle could not be saved"
unlike "$s" "The battle is saved" "... and not that it is saved"
like "$s" "EXITED 1" "... with exit status 1"
cmp -s "$XDG_DATA_HOME/grognard/autosave.save" "$tmp/before.save"
ok $? "the last autosave is intact"
done_testing
