#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-library: the figures of the battle library ('make bench'), each
# against its target (PASS/FAIL; exit status 1 when one is missed).  For
# every shipped battle that tests/bench-ai does not play already (the
# built-in battle and Auerstedt are its, and Waterloo its army-scale run):
#   - the computer against itself over N seeds (1 to N): each side's wins,
#     at least 20%, the batteries lost while limbered or moving (the
#     engine's log says "caught on the move"), at most 1 in 10 battles,
#     and the orders the engine refused it, none;
#   - the computer against the naive baseline over M seeds each way
#     (--ai A=normal,B=naive and A=naive,B=normal): at least 80% each way.
# usage: bench-library.sh [-n N] [-m M] [-j JOBS] [-b BATTLE]... GROGNARD
# (N 100, M 100, JOBS the processors there are; -b only these battles).
# Every battle is a real 'grognard --batch --side none', as a player would
# watch it; the battles run JOBS at a time.
set -u

n=100 m=100 jobs=$(nproc 2>/dev/null || echo 1) only=
while getopts n:m:j:b: opt; do
	case $opt in
	n) n=$OPTARG ;;
	m) m=$OPTARG ;;
	j) jobs=$OPTARG ;;
	b) only="$only $OPTARG" ;;
	*) echo "usage: $0 [-n N] [-m M] [-j JOBS] [-b BATTLE]... GROGNARD" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $0 [-n N] [-m M] [-j JOBS] [-b BATTLE]... GROGNARD" >&2; exit 2; }
grognard=$1
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT INT TERM

if [ -z "$only" ]; then
	only=$("$grognard" --list | awk '$1 != "default" && $1 != "auerstedt" && $1 != "waterloo" { print $1 }')
fi
[ -n "$only" ] || { echo "bench-library: $grognard --list names no battle" >&2; exit 1; }

for b in $only; do
	i=1
	while [ $i -le "$n" ]; do echo "$b aa normal $i"; i=$((i + 1)); done
	i=1
	while [ $i -le "$m" ]; do echo "$b na A=normal,B=naive $i"; echo "$b nb A=naive,B=normal $i"; i=$((i + 1)); done
done >"$out/battles"

# The battles, JOBS at a time, each log kept for the count below.
export grognard
xargs -P "$jobs" -L 1 sh -c '
	"$grognard" --batch --side none --ai "$2" --seed "$3" "$0" </dev/null >"'"$out"'/$0.$1.$3" 2>&1' \
	<"$out/battles" || { echo "bench-library: a battle failed to run" >&2; exit 1; }

failures=0
verdict() {
	if [ "$1" = 1 ]; then echo "  PASS"; else echo "  FAIL"; failures=$((failures + 1)); fi
}

# Each battle: "BATTLE KIND SEED WINNER CAUGHT REFUSED", WINNER A, B or
# draw (none: no result), CAUGHT the batteries caught on the move, REFUSED
# the orders refused.  The report names side A's losses first, then side
# B's.
for b in $only; do
	for f in "$out/$b".*; do
		set -- $(basename "$f" | tr . ' ')
		kind=$2 seed=$3
		awk -v b="$b" -v k="$kind" -v s="$seed" '
			/^report: Result: / { w = $0; sub(/^report: Result: /, "", w); won = (w ~ / win: /); sub(/ win: .*/, "", w) }
			/^report: [^ ].*: lost [0-9]+ of [0-9]+ units and / { side[++ns] = substr($0, 9) }
			/^log: .*caught on the move/ { caught++ }
			/^refused: / { refused++ }
			END {
				r = "none"
				if (ns == 2) {
					r = "draw"
					if (won && (index(side[1], w ", ") == 1 || index(side[1], w ": ") == 1)) r = "A"
					else if (won && (index(side[2], w ", ") == 1 || index(side[2], w ": ") == 1)) r = "B"
				}
				printf "%s %s %s %s %d %d\n", b, k, s, r, caught, refused
			}' "$f"
	done
done >"$out/results"

if grep -q ' none ' "$out/results"; then
	echo "bench-library: a battle ended without a result:" >&2
	grep ' none ' "$out/results" >&2
	exit 1
fi

echo "== the battle library: $n seeds AI against AI, $m each way against the naive baseline =="
for b in $only; do
	set -- $(awk -v b="$b" '
		$1 == b && $2 == "aa" { n++; a += ($4 == "A"); bb += ($4 == "B"); d += ($4 == "draw"); c += $5; r += $6 }
		$1 == b && $2 == "na" { na++; wa += ($4 == "A") }
		$1 == b && $2 == "nb" { nb++; wb += ($4 == "B") }
		END { printf "%d %d %d %d %d %d %d %d %d %d\n", n, a, bb, d, c, na, wa, nb, wb, r }' "$out/results")
	aa=$1 wa=$2 wb=$3 dr=$4 caught=$5 na=$6 va=$7 nb=$8 vb=$9 refused=${10}
	if [ "$aa" -gt 0 ]; then
		printf '%-12s AI vs AI, A / B:      %3d / %3d of %d (%d drawn)   target each >= 20%%' "$b" "$wa" "$wb" "$aa" "$dr"
		verdict "$([ $((wa * 5)) -ge "$aa" ] && [ $((wb * 5)) -ge "$aa" ] && echo 1)"
		printf '%-12s caught on the move:   %3d in %d battles            target <= 1 in 10' "$b" "$caught" "$aa"
		verdict "$([ $((caught * 10)) -le "$aa" ] && echo 1)"
		printf '%-12s refused orders:       %3d in %d battles            target 0' "$b" "$refused" "$aa"
		verdict "$([ "$refused" -eq 0 ] && echo 1)"
	fi
	[ "$na" -gt 0 ] || continue
	printf '%-12s vs naive, AI as A / B: %3d / %3d of %d each way     target >= 80%%' "$b" "$va" "$vb" "$na"
	verdict "$([ $((va * 5)) -ge $((na * 4)) ] && [ $((vb * 5)) -ge $((nb * 4)) ] && echo 1)"
done
[ "$failures" -eq 0 ]
