#!/bin/sh
# The computer opponent in batch mode: seeded AI-against-AI battles run to
# a result without a refused order, each activation states its intent, the
# baseline and the levels are chosen with --ai.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 19
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

battle 15 --ai hard
is "$(grep -c '^refused' "$tmp")" 0 "--ai hard: not one order refused"
battle 15 --ai easy
is "$(grep -c '^refused' "$tmp")" 0 "--ai easy: not one order refused"
battle 15 --ai naive
ok $? "--ai naive plays the baseline"
like "$(cat "$tmp")" "^report: Result: " "and that battle ends too"
ok $(grep -q 'advances in column' "$tmp" && echo 1 || echo 0) "the baseline states no plan"

"$GROGNARD" --batch --ai clever </dev/null >"$tmp" 2>&1
is "$?" 2 "an unknown --ai level is a usage error"
like "$(cat "$tmp")" "--ai takes naive, easy, normal or hard" "which says what it takes"
done_testing
