#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every shipped map and orbat passes --check, and the built-in battle loads.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
files=$(ls "$top_srcdir"/maps/*.cfg "$top_srcdir"/orbats/*.cfg)
n=$(echo "$files" | wc -l)
plan $((n + 2))
for f in $files; do
	out=$("$GROGNARD" --check "$f" 2>&1)
	ok $? "--check $(basename "$(dirname "$f")")/$(basename "$f"): $out"
done
"$GROGNARD" --check $files >/dev/null 2>&1
ok $? "--check on all shipped files at once exits 0"
out=$(printf 'quit\n' | "$GROGNARD" --batch --seed 1 2>&1)
ok $? "the built-in default battle loads"
done_testing
