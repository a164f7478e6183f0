#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The odds on screen at 80x24, in tmux: the charge confirmation (the
# chance it goes in, the target's reactions, the fight), a reaction
# dialog (the emergency square's test and both fights), a shot's expected
# hits.  On tests/rules/charge-react.cfg and charge-fire.cfg.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/tmux-lib.sh"
tmux_start odds
plan 12
widest() { printf '%s\n' "$1" | LC_ALL=C.UTF-8 wc -L; }

# K1 (veteran cuirassiers) at T1 (a trained line of 3 SP) from 17 cm.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-react.cfg"
cmd 'brigade KS'
cmd 'select K1'
keys c
like "$(screen)" "Charge T1: it reaches \(17\.0 cm\).*goes in 100%, wins" "choosing the target gives the gist of the odds"
keys Enter
s=$(screen)
like "$s" "Charge K1 at T1\? \(y/n\)" "Enter asks to confirm the charge"
like "$s" "K1 goes in: 100%\." "the confirmation says the chance the charge goes in"
like "$s" "T1 may try an emergency square \(1D6 >= 4:" "the target's reactions with their chances"
like "$s" "50%\); formed: K1 wins" "(the square's 1/2)"
like "$s" "T1 stands: K1 wins" "and the fight if it stands"
ok $([ "$(widest "$s")" -le 80 ] && echo 0 || echo 1) "it fits in 80 columns"
keys y
s=$(screen)
like "$s" "Odds: T1's test passes: 50%" "the emergency square dialog gives the test's chance"
like "$s" "square: K1 wins [0-9]+%" "and the fight in square"
like "$s" "Standing: " "and standing, before the rule"
like "$s" "Rule: against cavalry" "(the rule is still there)"

# A shot: the expected hits and the chance of one at least.
start 80x24 --seed 2 --side both "$top_srcdir/tests/rules/charge-fire.cfg"
cmd 'brigade FA'
keys e y
cmd 'select P1'
keys f
like "$(screen)" "hits 0\.75 expected, one at least 72%" "a shot's target line gives its expected hits and the chance of one"
done_testing
