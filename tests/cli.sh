#!/bin/sh
# The command-line contract of DESIGN.md: options, exit status 0/1/2.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 22
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
done_testing
