#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Reactions as the rule texts write them, played through batch mode on the
# maps tests/rules/react-*.cfg (each file's header draws its lanes):
# - opportunity charges and counter-charges offered at the earliest point
#   of the enemy's move from which they can be made, and again where the
#   charge would come to outflank the mover or where the move ends;
# - no opportunity or counter-charge from a unit in contact with the enemy;
# - a cautious unit's command test before it counter-charges;
# - the emergency square formed where a friend stands close behind, the
#   charger moved back to make room;
# - supporting artillery fire when the shot eliminated its target.
#
# The dice that matter are scripted ('dice N...'), and each check that
# depends on a throw asserts the throw itself first.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/rules-lib.sh"
plan 5

# logs NAME: the log lines, without the "log: " prefix
logs() {
	sed -n 's/^log: //p' "$tmp/$1.out"
}

# has NAME 'TEXT': exact log line present (0) or not (1)
has() {
	logs "$1" | grep -Fxq -- "$2"
}

# count NAME PATTERN: how many output lines match PATTERN (grep -E)
count() {
	grep -Ec -- "$2" "$tmp/$1.out"
}

# check STATUS DESCRIPTION [NAME]: ok, and on failure show the run's log
check() {
	ok "$1" "$2"
	if [ "$1" -ne 0 ] && [ -n "$3" ]; then
		grep -E '^(log|decide|refused): ' "$tmp/$3.out" | tail -12 | sed 's/^/#   /'
		sed 's/^/#   stderr: /' "$tmp/$3.err"
	fi
}

# ======================================================================
# Supporting artillery fire (react-fire.cfg)
# ======================================================================
# "non-initiative artillery units ... may return fire at the unit that has
# just fired providing that the artillery unit is within 6 cm of the target
# unit just fired at": S1, 2 cm from T1, supports although the shot
# eliminated T1; S2, 7 cm from T2, does not.
run react-fire 2 support <<'EOF2'
brigade AG
end
dice 1 1 5
fire G1 T1
dice 2
answer fire
dice 1 1 5
fire G2 T2
dump
EOF2
has support "T1 (line 1) is eliminated: shot to pieces."
check $? "G1's shot (3D6 1+1+5 = 7, one hit) eliminates T1 of 2 SP" support
like "$(grep '^decide: [A-Za-z]*: S1' "$tmp/support.out")" "S1 may support with fire at G1 with 1 dice .*\[answer hold \| answer fire\]$" \
	"artillery within 6 cm of a unit the shot eliminated may still support"
has support "S1 fires in support at G1 at 12.4 cm (medium guns at close range 3, target unformed: halved = 1 die): 1D6 2"
check $? "... and fires (1D6 2)" support
is "$(count support '^log: T2 \(line 2\) is eliminated') $(count support '^decide: [A-Za-z]*: S2')" "1 0" \
	"artillery over 6 cm from where the eliminated unit stood is not asked"
is "$(count support '^refused')" 0 "no order of the script is refused"

done_testing
