#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every shipped map and orbat passes --check, and the built-in battle loads.
# A battle whose side has several corps is written out by --export-map as
# a map and an orbat file a side (a side's corps in a list), which pass
# --check and load to the same battle.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
files=$(ls "$top_srcdir"/maps/*.cfg "$top_srcdir"/orbats/*.cfg)
n=$(echo "$files" | wc -l)
plan $((n + 6))
for f in $files; do
	out=$("$GROGNARD" --check "$f" 2>&1)
	ok $? "--check $(basename "$(dirname "$f")")/$(basename "$f"): $out"
done
"$GROGNARD" --check $files >/dev/null 2>&1
ok $? "--check on all shipped files at once exits 0"
out=$(printf 'quit\n' | "$GROGNARD" --batch --seed 1 2>&1)
ok $? "the built-in default battle loads"
tmp=${TMPDIR:-/tmp}/grognard-data.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
corps=$(cd "$top_srcdir" && pwd)/tests/data/good-corps.cfg
out=$(cd "$tmp" && "$GROGNARD" --seed 3 --export-map two "$corps" 2>&1)
ok $? "--export-map of a side of three corps: $out"
is "$(grep -c '^  { id = .*; nationality = ' "$tmp/two-B.cfg")" 2 \
	"... side B's three corps in its orbat, two of another nationality than the first"
out=$("$GROGNARD" --check "$tmp/two.cfg" "$tmp/two-A.cfg" "$tmp/two-B.cfg" 2>&1)
ok $? "... which pass --check: $(echo $out)"
d1=$(printf 'dump\nquit\n' | "$GROGNARD" --batch --side both --seed 3 "$corps" 2>&1 | grep -E '^(unit|commander|side) ')
d2=$(printf 'dump\nquit\n' | "$GROGNARD" --batch --side both --seed 3 "$tmp/two.cfg" 2>&1 | grep -E '^(unit|commander|side) ')
ok $([ -n "$d1" ] && [ "$d1" = "$d2" ] && echo 0 || echo 1) "... and load to the same battle"
done_testing
