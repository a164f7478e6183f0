#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Loader errors: every tests/data/bad-*.cfg fails --check with exit 1 and
# exactly the message in its .expected file (path:line: context: problem),
# without crashing; the good helper files there pass.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"

# Paths in messages are relative to tests/data, so run from there; make the
# program's path absolute first, and fix the data directory so that the
# "orbat not found" message does not depend on where the tree lives.
top_srcdir=$(cd "$top_srcdir" && pwd)
case $GROGNARD in
/*) ;;
*) GROGNARD=$(pwd)/$GROGNARD ;;
esac
cd "$top_srcdir/tests/data" || skip_all "no tests/data"
GROGNARD_DATADIR=../..
LC_ALL=C
export GROGNARD_DATADIR LC_ALL

tmp=${TMPDIR:-/tmp}/grognard-bad.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

bad=$(ls bad-*.cfg)
good=$(ls good-*.cfg orbat-*.cfg)
nbad=$(echo "$bad" | wc -l)
ngood=$(echo "$good" | wc -l)
plan $((3 * nbad + 1 + ngood + 1 + 2 + 2 + 2 + 2))

# A crash: killed by a signal, or a sanitizer's report.
crashed() { # STATUS STDERR-FILE
	[ "$1" -ge 128 ] && return 0
	grep -Eq 'AddressSanitizer|LeakSanitizer|runtime error:|Segmentation fault|Aborted' "$2"
}

for f in $bad; do
	base=${f%.cfg}
	"$GROGNARD" --check "$f" >"$tmp/out" 2>"$tmp/err"
	st=$?
	is "$st" 1 "$f: exit status 1"
	if [ -f "$base.expected" ] && cmp -s "$tmp/err" "$base.expected"; then
		ok 0 "$f: the expected message"
	else
		ok 1 "$f: the expected message"
		diff -u "$base.expected" "$tmp/err" 2>&1 | sed 's/^/#   /'
	fi
	if crashed "$st" "$tmp/err" || [ -s "$tmp/out" ]; then
		ok 1 "$f: no crash, nothing on stdout"
		sed 's/^/#   /' "$tmp/out" "$tmp/err" | head -20
	else
		ok 0 "$f: no crash, nothing on stdout"
	fi
done

# Every message names a line, except where there is none to name (a file
# that cannot be opened or read at all).
nolines=$(cat bad-*.expected | grep -Ev '^[^:]+:[0-9]+: ' | grep -Ev '^[^:]+: cannot (open|read)')
is "$nolines" "" "every expected message is path:line: ..."

for f in $good; do
	out=$("$GROGNARD" --check "$f" 2>&1)
	ok $? "good helper $f passes --check: $out"
done
"$GROGNARD" --check $good >/dev/null 2>"$tmp/err"
st=$?
[ "$st" -eq 0 ] && [ ! -s "$tmp/err" ]
ok $? "all good helper files at once: exit 0, nothing on stderr"

# Files that cannot be read at all.
"$GROGNARD" --check no-such-file.cfg >/dev/null 2>"$tmp/err"
is "$?" 1 "a missing file: exit status 1"
is "$(cat "$tmp/err")" "no-such-file.cfg: cannot open: No such file or directory" \
	"a missing file: named, with the reason"
mkdir -p "$tmp/dir.cfg"
"$GROGNARD" --check "$tmp/dir.cfg" >/dev/null 2>"$tmp/err"
is "$?" 1 "a directory: exit status 1 (not libconfig's exit)"
like "$(cat "$tmp/err")" "^$tmp/dir.cfg: a directory, not a file" "a directory: named, with the reason"

# A NUL byte, where libconfig would stop reading without a word.
printf 'name = "x";\n\000table = { width = 100.0; height = 80.0; };\n' >"$tmp/nul.cfg"
"$GROGNARD" --check "$tmp/nul.cfg" >/dev/null 2>"$tmp/err"
is "$?" 1 "a NUL byte: exit status 1"
is "$(cat "$tmp/err")" "$tmp/nul.cfg:2: a NUL byte: this is not a text file" "a NUL byte: its line"

# Good and bad files in one run: each good one is reported ok, the run fails.
"$GROGNARD" --check good-files.cfg bad-time.cfg orbat-small-b.cfg >"$tmp/out" 2>"$tmp/err"
is "$?" 1 "good and bad files together: exit status 1"
is "$(cat "$tmp/out")" "good-files.cfg: ok (map)
orbat-small-b.cfg: ok (orbat)" "good and bad files together: the good ones are reported ok"

done_testing
