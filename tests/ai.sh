#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The computer opponent in batch mode: seeded AI-against-AI battles run to
# a result without a refused order, each activation states its intent, the
# baseline and the levels are chosen with --ai.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 27
tmp=${TMPDIR:-/tmp}/grognard-ai.$$
trap 'rm -f "$tmp"' EXIT

battle() {
	# battle SEED [ARGS...]: the whole battle's output in $tmp.
	seed=$1; shift
	"$GROGNARD" --batch --side none --seed "$seed" "$@" </dev/null >"$tmp" 2>&1
}

for seed in 11 12 13; do
	battle $seed
	ok $? "built-in battle, seed $seed: AI against AI exits 0"
	is "$(grep -c '^refused' "$tmp")" 0 "seed $seed: not one order refused"
	like "$(cat "$tmp")" "^report: Result: " "seed $seed: the battle ends with a result"
done
battle 14 "$top_srcdir/tests/bench/mirror.cfg"
is "$(grep -c '^refused' "$tmp")" 0 "the mirrored battle: not one order refused"
like "$(cat "$tmp")" "^log: (Blue|Red): .*(brigade|division|artillery).* (advances|engages|holds|moves up|waits|stands)" \
	"an activation states its intent in the log"
like "$(cat "$tmp")" "^log: (Blue|Red): .* advances in column on Mittelhof\\.$" \
	"a brigade far from the enemy advances in column on the objective"

# A move planned to end just past a friend it goes through was once
# ordered a hair short of the place it was checked at, on the friend.
battle 84 "$top_srcdir/tests/bench/mirror.cfg"
is "$(grep -c '^refused' "$tmp")" 0 "mirrored battle, seed 84: a move through a friend stops clear of it"

battle 15 --ai hard
is "$(grep -c '^refused' "$tmp")" 0 "--ai hard: not one order refused"
battle 15 --ai easy
is "$(grep -c '^refused' "$tmp")" 0 "--ai easy: not one order refused"
battle 15 --ai naive
ok $? "--ai naive plays the baseline"
like "$(cat "$tmp")" "^report: Result: " "and that battle ends too"
ok $(grep -q 'advances in column' "$tmp" && echo 1 || echo 0) "the baseline states no plan"

# Auerstedt to a result by script, both sides typed: the orders and answers
# of an AI battle, saved, become a script for --side both.
XDG_DATA_HOME=$tmp.d
export XDG_DATA_HOME
printf 'save aue\n' | "$GROGNARD" --batch --side none --seed 3 auerstedt >"$tmp" 2>&1
result=$(grep '^report: Result: ' "$tmp")
like "$result" "^report: Result: " "Auerstedt, AI against AI, ends with a result"
awk '/^history = \(/ { f = 1; next } f && /^\);/ { f = 0 } f' "$tmp.d/grognard/aue.save" |
	sed 's/^ *"//; s/",\{0,1\}$//; s/\\"/"/g' >"$tmp.cmds"
"$GROGNARD" --batch --side both --seed 3 --script "$tmp.cmds" auerstedt >"$tmp" 2>&1
is "$(grep -c '^refused' "$tmp")" 0 "the same orders typed for both sides: none refused"
is "$(grep '^report: Result: ' "$tmp")" "$result" "and Auerstedt is played to the same result by script"
rm -rf "$tmp.d" "$tmp.cmds"

# The hard computer plays its trials on the battle itself, with dice drawn
# from the cosmetic stream, and takes them back: the same seed gives the
# same battle, its save replays as saved, and its orders and answers typed
# for both sides give the same battle again.
XDG_DATA_HOME=$tmp.d
export XDG_DATA_HOME
mirror="$top_srcdir/tests/bench/mirror.cfg"
printf 'save hard\n' | "$GROGNARD" --batch --side none --ai hard --seed 5 "$mirror" >"$tmp" 2>&1
printf 'save hard\n' | "$GROGNARD" --batch --side none --ai hard --seed 5 "$mirror" >"$tmp.2" 2>&1
ok $(cmp -s "$tmp" "$tmp.2" && grep -q '^report: Result: ' "$tmp" && echo 0 || echo 1) \
	"--ai hard: the same seed, the same battle, to its result"
result=$(grep '^report: Result: ' "$tmp")
"$GROGNARD" --replay hard --batch </dev/null >"$tmp.2" 2>&1
ok $? "--ai hard: its save replays as saved"
awk '/^history = \(/ { f = 1; next } f && /^\);/ { f = 0 } f' "$tmp.d/grognard/hard.save" |
	sed 's/^ *"//; s/",\{0,1\}$//; s/\\"/"/g' >"$tmp.cmds"
"$GROGNARD" --batch --side both --seed 5 --script "$tmp.cmds" "$mirror" >"$tmp.2" 2>&1
is "$(grep -c '^refused' "$tmp.2")" 0 "--ai hard: its orders typed for both sides, none refused"
is "$(grep '^report: Result: ' "$tmp.2")" "$result" "and the battle is played to the same result"
rm -rf "$tmp.d" "$tmp.cmds" "$tmp.2"

"$GROGNARD" --batch --ai clever </dev/null >"$tmp" 2>&1
is "$?" 2 "an unknown --ai level is a usage error"
like "$(cat "$tmp")" "--ai takes naive, easy, normal or hard" "which says what it takes"
done_testing
