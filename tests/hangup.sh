#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A dropped connection never loses the battle: SIGHUP (and SIGTERM) to the
# real game in a terminal saves it, and grognard started again offers to
# continue it where it was.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
[ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ] || skip_all "tmux is not installed"
plan 48
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
game_pid() { child_pid "$(t list-panes -t hup -F '#{pane_pid}')" grognard; }
dump_of() { printf 'dump\n' | "$GROGNARD" --batch --side both --load autosave 2>&1 | grep "^unit id=$1 "; }

start --seed 1
like "$(screen)" "Which battle\?" "started bare with no battle saved, grognard asks which battle"
keys Enter
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
# Twice interrupted, the battle is the one never interrupted: the same
# orders in one batch run give the same whole dump and the same log.
printf 'brigade StH1\nmove 10L1 4\nmove 10L2 2\ndump\nquit\n' |
	"$GROGNARD" --batch --seed 1 >"$tmp/straight" 2>&1
printf 'dump\nquit\n' | "$GROGNARD" --batch --load autosave >"$tmp/continued" 2>&1
state() { grep -E '^(game|side|unit|commander|objective|log:) ' "$1"; }
state "$tmp/straight" >"$tmp/straight.state"
state "$tmp/continued" >"$tmp/continued.state"
cmp -s "$tmp/straight.state" "$tmp/continued.state" && [ -s "$tmp/straight.state" ]
ok $? "the continued battle has the dump and log of the same battle played straight through"

start
keys n
like "$(screen)" "Which battle\?" "n at the list asks which battle"
keys Escape
like "$(screen)" "Continue a battle\?" "Esc there goes back to the list"
keys n Enter q y
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
limit=

# The start-up list with many unfinished battles (a fresh saves directory):
# 17 autosaves of abandoned battles, autosave-N written on day N, and two
# saves the player named, older than all of them.
XDG_DATA_HOME=$tmp/many
export XDG_DATA_HOME
saves=$XDG_DATA_HOME/grognard
printf 'brigade StH1\nsave base\nquit\n' | "$GROGNARD" --batch --side both --seed 1 >/dev/null 2>&1
i=1
while [ $i -le 17 ]; do
	n=autosave-$i
	[ $i -eq 1 ] && n=autosave
	cp "$saves/base.save" "$saves/$n.save"
	touch -d "2020-01-$(printf %02d $i) 12:00" "$saves/$n.save"
	i=$((i + 1))
done
mv "$saves/base.save" "$saves/mine.save"
cp "$saves/mine.save" "$saves/autosave-old.save"
touch -d '2019-06-01' "$saves/mine.save" "$saves/autosave-old.save"
(cd "$saves" && md5sum *.save) >"$tmp/sums"
count() { ls "$saves" | grep -c "${1:-}"'\.save$'; }

# Gone while the list is offered: nothing happened, nothing is saved.
start
like "$(screen)" "Continue a battle\?" "the unfinished battles are offered"
kill -HUP "$(game_pid)"
sleep 1
like "$(screen)" "EXITED 0" "a hang-up at the list ends the program cleanly"
(cd "$saves" && md5sum -c --quiet "$tmp/sums" >/dev/null 2>&1) && [ "$(count)" -eq 19 ]
ok $? "... without an autosave of a battle never begun, nor one removed"

# An 18th battle: the autosaves of abandoned battles are kept to the
# newest five, the new one's counted; the player's own saves stay.
start
keys n Enter
keys q y
like "$(screen)" "The battle is saved in .*/autosave\.save" \
	"a new battle beside 17 unfinished ones takes the first name freed"
is "$(count '^autosave\(-[0-9]*\)\?')" 5 "... and five unfinished autosaves are left"
(cd "$saves" && grep -E ' (autosave-1[4-7]|mine|autosave-old)\.save$' "$tmp/sums" | md5sum -c --quiet >/dev/null 2>&1)
ok $? "... the newest four of before, as they were, and the player's saves"
gone=
for i in 2 3 4 5 6 7 8 9 10 11 12 13; do [ -e "$saves/autosave-$i.save" ] && gone="$gone $i"; done
is "$gone" "" "the oldest autosaves beyond five are removed"
start --load autosave-14
keys q y
is "$(count '^autosave\(-[0-9]*\)\?')" 5 "continuing the oldest kept removes nothing"

# Deleting a save from the list: by its number, asked first, then the
# list again.
start
keys D
s=$(screen)
like "$s" "Delete which saved battle\?" "D at the list asks which battle to delete"
like "$s" "3   autosave-17: " "... by its number in the list"
keys 3
like "$(screen | tr -s ' \n' '  ')" "Delete autosave-17 \(Hochdorf, 1809 .*Turn 1\) for good\? \(y/n\)" "... and asks first"
keys n
s=$(screen)
like "$s" "Continue a battle\?" "no: the list again"
ok $([ -f "$saves/autosave-17.save" ] && echo 0 || echo 1) "... and the save is kept"
keys D 3 y
s=$(screen)
like "$s" "autosave-17 is deleted\." "yes: it is deleted"
like "$s" "Continue a battle\?" "... and the list comes again"
unlike "$s" "autosave-17: " "... without it"
ok $([ ! -e "$saves/autosave-17.save" ] && [ ! -e "$saves/autosave-17.save.bak" ] && echo 0 || echo 1) \
	"... the file is gone"
keys Escape q y

# A save that cannot be continued says why on the screen; the list again.
sed 's/format = 1;/format = 99;/' "$saves/mine.save" >"$saves/zz-newer.save"
sed '/^scenario = /s/checksum = "[0-9a-f]*"/checksum = "0000000000000000"/' "$saves/mine.save" >"$saves/zz-changed.save"
touch -d '2030-01-02' "$saves/zz-newer.save"
touch -d '2030-01-01' "$saves/zz-changed.save"
start
s=$(screen)
like "$s" "1   zz-newer: " "the newest save is first in the list"
like "$s" "2   zz-changed: " "... the next newest second"
keys 1
s=$(screen)
like "$s" "zz-newer cannot be continued" "a save from a newer grognard cannot be continued..."
like "$(printf '%s\n' "$s" | tr -s ' \n' '  ')" "saved by a newer grognard \(format 99" "... and the screen says why"
keys q
like "$(screen)" "Continue a battle\?" "... then the list comes again"
keys 2
like "$(screen | tr -s ' \n' '  ')" "has changed since this battle was saved" "a save of a changed scenario says so too"
keys q Escape
like "$(screen)" "Which battle\?" "Esc at the list asks for a new battle"
keys Enter
like "$(screen)" "\| (French|Austrians): initiative" "Enter there starts the first, the built-in one"
keys q y
done_testing
