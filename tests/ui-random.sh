#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A random battle from the terminal, driven in tmux: --random starts one,
# and the start-up menu's "a random battle" asks its region, size and
# forces (or leaves them to the dice) and starts it; Esc goes back.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/tmux-lib.sh"
tmux_start uir 300 0.5 0.2
plan 12
start() {
	t kill-session -t ui 2>/dev/null
	t new-session -d -s ui -x 80 -y 24 \
		"env LANG=C.UTF-8 XDG_DATA_HOME='$tmp/data' XDG_CONFIG_HOME='$tmp/noconf' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' $*; sleep 5"
	settle 1
}
# The title, from the report shown by the ':' line.
title() {
	keys :
	t send-keys -t ui 'report' Enter
	settle
	screen | grep -o 'After-action report: .*' | head -1
	keys q
}

start --seed 4 --random --region russia
like "$(screen)" "T1/12 " "--random starts a random battle in the terminal (a corps: 12 Turns)"
like "$(title)" 'a random battle in Russia' "in the region asked"
keys q y
settle

# A saved battle waiting: the start-up menu.
printf 'save waiting\nquit\n' |
	XDG_DATA_HOME=$tmp/data "$GROGNARD" --batch --side both --seed 1 >/dev/null 2>&1
start --seed 9
s=$(screen)
like "$s" "Continue a battle\\?" "with a battle saved, the start-up menu"
like "$s" "r +a random battle" "offers a random battle"
keys r
like "$(screen)" "Random battle: the region" "r asks the region"
keys Escape
like "$(screen)" "Continue a battle\\?" "Esc goes back to the list"
keys r
like "$(screen)" "0 +thrown for" "each choice may be left to the dice"
keys b
like "$(screen)" "Random battle: the size of each force" "then the size"
keys d
like "$(screen)" "Random battle: side A's force" "then each side's force"
keys 0 0
s=$(screen)
like "$s" "T1/10 " "the battle starts: a division a side, 10 Turns"
like "$(title)" 'a random battle in Iberia' "in the region chosen (the second in the list)"
keys q y
settle
like "$(ls "$tmp/data/grognard")" "autosave.save" "and it is autosaved like any battle"
done_testing
