#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The determinism test: a golden battle (a seed and both sides' orders) is
# played in batch mode and its whole log compared with the committed one.
# A change to the rules that alters the battle must update the expected log
# in the same commit:  GOLDEN_UPDATE=1 sh tests/golden.sh  rewrites it, and
# first plays the battle again between the naive computer opponents (seed
# 7) to take their orders as the new battle.cmd, so that the script stays a
# battle the rules accept order by order.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 4
dir=$top_srcdir/tests/golden
tmp=${TMPDIR:-/tmp}/grognard-golden.$$
trap 'rm -rf "$tmp" "$tmp.2" "$tmp.d"' EXIT

if [ -n "$GOLDEN_UPDATE" ]; then
	mkdir -p "$tmp.d"
	printf 'save golden\n' | XDG_DATA_HOME=$tmp.d "$GROGNARD" --batch --side none --ai naive --seed 7 >/dev/null 2>&1
	{
		sed -n '/^[^#]/q; p' "$dir/battle.cmd"
		sed -n '/^history = (/,/^);/p' "$tmp.d/grognard/golden.save" | sed '1d;$d' |
			sed 's/^  "//; s/",\{0,1\}$//; s/\\"/"/g; s/\\\\/\\/g'
	} >"$dir/battle.cmd.new" && mv "$dir/battle.cmd.new" "$dir/battle.cmd"
	echo "# rewrote $dir/battle.cmd from the naive opponents' battle"
fi

"$GROGNARD" --batch --side both --seed 7 --script "$dir/battle.cmd" >"$tmp" 2>&1
status=$?
if [ -n "$GOLDEN_UPDATE" ]; then
	cp "$tmp" "$dir/battle.expected"
	echo "# rewrote $dir/battle.expected"
fi
is "$status" 0 "the golden battle plays without an error"
if cmp -s "$tmp" "$dir/battle.expected"; then
	ok 0 "its log is the committed one, line for line ($(wc -l <"$tmp") lines)"
else
	ok 1 "its log is the committed one, line for line"
	diff "$dir/battle.expected" "$tmp" | head -20 | sed 's/^/#   /'
fi
like "$(tail -1 "$tmp")" "^report:   " "the battle ran to its end report"

# The same seed and orders again: nothing hidden (time, addresses) leaks in.
"$GROGNARD" --batch --side both --seed 7 --script "$dir/battle.cmd" >"$tmp.2" 2>&1
ok $(cmp -s "$tmp" "$tmp.2" && echo 0 || echo 1) "a second run gives the same log"
done_testing
