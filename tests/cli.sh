#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The command-line contract of DESIGN.md: options, exit status 0/1/2.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 36
tmp=${TMPDIR:-/tmp}/grognard-cli.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

out=$("$GROGNARD" --help); st=$?
is "$st" 0 "--help exits 0"
like "$out" "--batch" "--help lists --batch"
like "$out" "--check FILE" "--help lists --check"
out=$("$GROGNARD" --version); st=$?
is "$st" 0 "--version exits 0"
like "$out" "^grognard [0-9]+\.[0-9]+" "--version prints the version"
like "$out" "License GPL-3.0-or-later" "--version names the licence"

"$GROGNARD" --no-such-option </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 2 "an unknown option is a usage error (2)"
"$GROGNARD" --seed abc --batch </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 2 "--seed abc is a usage error (2)"
like "$(cat "$tmp/err")" "--seed wants a whole number" "and says what --seed wants"
"$GROGNARD" --seed -5 --batch </dev/null >/dev/null 2>&1; st=$?
is "$st" 2 "a negative seed is a usage error (2)"
"$GROGNARD" --side C --batch </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 2 "--side C is a usage error (2)"
like "$(cat "$tmp/err")" "A, B, both or none" "and lists the sides"
"$GROGNARD" --batch a.cfg b.cfg </dev/null >/dev/null 2>&1; st=$?
is "$st" 2 "two scenarios are a usage error (2)"
"$GROGNARD" --check >/dev/null 2>&1; st=$?
is "$st" 2 "--check without files is a usage error (2)"

"$GROGNARD" --batch no-such-battle </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 1 "a missing scenario is bad input (1)"
like "$(cat "$tmp/err")" "no scenario 'no-such-battle'" "and is named"

printf 'dump\n' | "$GROGNARD" --batch --seed 2 auerstedt >"$tmp/out" 2>&1; st=$?
is "$st" 0 "a scenario given by name is found in the data directory's maps/"
like "$(head -1 "$tmp/out")" "Auerstedt" "and it is Auerstedt"
printf 'dump\n' | "$GROGNARD" --batch --seed 2 "$top_srcdir/maps/auerstedt.cfg" >"$tmp/out2" 2>&1
cmp -s "$tmp/out" "$tmp/out2"
ok $? "the same scenario by path gives the same battle"

printf 'name = "Broken";\ntable = { width = ; };\n' >"$tmp/broken.cfg"
"$GROGNARD" --batch "$tmp/broken.cfg" </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 1 "a broken scenario is bad input (1)"
like "$(cat "$tmp/err")" "broken.cfg:2: syntax error" "with file:line: message"

"$GROGNARD" --batch --script "$tmp/no-such-script" </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 1 "a missing script is bad input (1)"
like "$(cat "$tmp/err")" "cannot read script" "and says so"

# Where the data is.  Run from its build tree the program finds the source
# tree's maps by the marker 'make' writes beside it, from any directory and
# with no variable set; a copy elsewhere with a maps/ folder near it but no
# marker looks in the installed data directory only.
out=$(cd / && printf 'dump\n' | env -u GROGNARD_DATADIR "$GROGNARD" --batch --seed 2 auerstedt 2>&1 | head -1)
like "$out" "Auerstedt" "from its build tree, run anywhere, the program finds the source tree's maps"
mkdir -p "$tmp/fake/bin" "$tmp/fake/maps"
cp "$GROGNARD" "$tmp/fake/bin/grognard"
cp "$top_srcdir/maps/default.cfg" "$tmp/fake/maps/nearby.cfg"
(cd "$tmp/fake" && env -u GROGNARD_DATADIR ./bin/grognard --batch nearby </dev/null >/dev/null 2>"$tmp/err"); st=$?
is "$st" 1 "a maps/ folder beside an installed program is not taken for a source tree"
like "$(cat "$tmp/err")" "no scenario 'nearby' \(not a file, and not in /.*/maps\)" "... it names the data directory it looked in"
abs=$(cd "${top_builddir:-$top_srcdir}" && pwd)
grep -aqF "$abs" "$GROGNARD"
is "$?" 1 "the program carries no trace of its build directory ($abs)"

# The player's own scenarios: $XDG_DATA_HOME/grognard/maps, before the
# installed ones.
mkdir -p "$tmp/xdg/grognard/maps"
sed 's/^name = .*/name = "My own battle";/' "$top_srcdir/maps/default.cfg" >"$tmp/xdg/grognard/maps/auerstedt.cfg"
out=$(printf 'dump\n' | XDG_DATA_HOME=$tmp/xdg "$GROGNARD" --batch --seed 2 auerstedt 2>&1 | grep -c "My own battle")
like "$out" "^[1-9]" "a map in \$XDG_DATA_HOME/grognard/maps is found by name before the installed one"
# XDG paths: a relative one is ignored, missing parents are made.
mkdir -p "$tmp/home"
(cd "$tmp" && printf 'save rel\n' | HOME=$tmp/home XDG_DATA_HOME=relative "$GROGNARD" --batch --side both --seed 1 >/dev/null 2>&1)
ok $([ -f "$tmp/home/.local/share/grognard/rel.save" ] && [ ! -e "$tmp/relative" ] && echo 0 || echo 1) \
	"a relative XDG_DATA_HOME is ignored: the save goes to ~/.local/share/grognard"
printf 'save deep\n' | XDG_DATA_HOME=$tmp/a/b/c "$GROGNARD" --batch --side both --seed 1 >/dev/null 2>&1
ok $([ -f "$tmp/a/b/c/grognard/deep.save" ] && echo 0 || echo 1) "missing parents of XDG_DATA_HOME are made"

# A FIFO or a device is not a file: said at once, never waited on.
mkfifo "$tmp/fifo.cfg"
sed "s|orbat = \"auerstedt-french.cfg\"|orbat = \"$tmp/fifo.cfg\"|" "$top_srcdir/maps/auerstedt.cfg" >"$tmp/fifomap.cfg"
timeout 10 "$GROGNARD" --check "$tmp/fifomap.cfg" >/dev/null 2>"$tmp/err"; st=$?
is "$st" 1 "a map naming a FIFO as its orbat is bad input (1), at once"
like "$(cat "$tmp/err")" "fifomap.cfg:[0-9]+: side A: orbat file '.*/fifo.cfg' is a FIFO, not a file" "... and says it is a FIFO"
timeout 10 "$GROGNARD" --check "$tmp/fifo.cfg" /dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st/$(cat "$tmp/err")" "1/$tmp/fifo.cfg: a FIFO, not a file
/dev/null: a device, not a file" "--check of a FIFO and a device: what each is, exit 1"
timeout 10 "$GROGNARD" --batch "$tmp/fifo.cfg" </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st/$(cat "$tmp/err")" "1/grognard: scenario '$tmp/fifo.cfg' is a FIFO, not a file" "a FIFO as the scenario"
timeout 10 "$GROGNARD" --batch --load "$tmp/fifo.cfg" </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st/$(cat "$tmp/err")" "1/grognard: '$tmp/fifo.cfg' is a FIFO, not a saved battle" "a FIFO as a save"
mkdir -p "$tmp/xdgf/grognard/maps"; mkfifo "$tmp/xdgf/grognard/maps/pipe.cfg"
timeout 10 env XDG_DATA_HOME="$tmp/xdgf" "$GROGNARD" --batch pipe </dev/null >/dev/null 2>"$tmp/err"; st=$?
like "$st/$(cat "$tmp/err")" "^1/grognard: scenario '.*/maps/pipe.cfg' is a FIFO, not a file" "a FIFO among the player's maps"
done_testing
