#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Scripted dice in batch mode: 'dice N...' and --dice FILE set the pips of
# the next throws, which are logged like any throw; then the seeded dice run
# on as if nothing had been scripted.  Saves and replays keep them.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 17
scratch dice
throws() { grep -E '^log: .*throw for the initiative' "$1"; }

# --dice FILE: the first throws of the battle (Turn 1's initiative).
printf '1 1\n6  6\n' >"$tmp/pips"
printf 'dump\n' | "$GROGNARD" --batch --side both --seed "$SEED" --dice "$tmp/pips" >"$tmp/out" 2>&1
is "$(throws "$tmp/out" | head -2)" "log: French throw for the initiative: 2D6 1+1 = 2
log: Austrians throw for the initiative: 2D6 6+6 = 12" "--dice FILE: the initiative is thrown with the file's pips"
like "$(grep '^game ' "$tmp/out")" "initiative=B" "... and the Austrians have it"

# 'dice' in a script: the next throws (here the 3D6-against-2D6 throw for
# the next initiative), then the generator where it was.  Both runs give
# the French Turn 1's initiative with --dice.
french=$(first_pips A)
printf 'brigade StH1\nend\nend\ndump\n' >"$tmp/plain.cmd"
printf 'brigade StH1\nend\ndice 5 2 3 1 1\nend\nbrigade StH2\nend\nend\ndump\n' >"$tmp/scripted.cmd"
"$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" --script "$tmp/plain.cmd" >"$tmp/plain" 2>&1
"$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" --script "$tmp/scripted.cmd" >"$tmp/scripted" 2>&1
after() { sed -n "/$2/,\$p" "$1" | grep 'throw for the initiative'; }
is "$(after "$tmp/scripted" 'Firing phase' | head -2)" "log: French throw for the initiative: 3D6 5+2+3 = 10
log: Austrians throw for the initiative: 2D6 1+1 = 2" "the next throws take the pips, logged like any throw"
is "$(after "$tmp/scripted" 'Lorencez' | head -4)" "$(after "$tmp/plain" 'Firing phase' | head -4)" \
	"then the seeded dice go on where they were, as if nothing had been scripted"
unlike "$(cat "$tmp/scripted")" "^refused" "no order of the script is refused"
like "$(grep -c 'throw for the initiative' "$tmp/plain")" "^[4-9]" "(the plain run throws for the next initiative too)"

# Bad pips: an error that says why, exit 1; nothing queued.
printf 'dice 3 7 2\ndice x\ndump\n' | "$GROGNARD" --batch --side both --seed "$SEED" >"$tmp/out" 2>"$tmp/err"; st=$?
is "$st" 1 "a bad pip is an error (exit 1)"
is "$(cat "$tmp/err")" "stdin:1: dice: a die shows 1 to 6 pips, not '7'
stdin:2: dice: a die shows 1 to 6 pips, not 'x'" "... that says why, at its line"
printf '4 5\n6 0\n' >"$tmp/bad"
"$GROGNARD" --batch --side both --seed "$SEED" --dice "$tmp/bad" </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st/$(cat "$tmp/err")" "1/grognard: $tmp/bad:2: a die shows 1 to 6 pips, not '0'" \
	"a bad pip in a --dice file: file:line: message, exit 1"
: >"$tmp/empty"
"$GROGNARD" --batch --side both --seed "$SEED" --dice "$tmp/empty" </dev/null >/dev/null 2>"$tmp/err"; st=$?
like "$st/$(cat "$tmp/err")" "^1/.*no pips in the file" "an empty --dice file says so"
"$GROGNARD" --dice "$tmp/pips" </dev/null >/dev/null 2>"$tmp/err"; st=$?
is "$st" 2 "--dice without --batch is a usage error"

# Saved and continued: the pips still waiting are in the save; a replay
# queues them where they were given.
printf 'brigade StH1\nend\ndice 1 1 1 6 6\nsave withdice\n' |
	"$GROGNARD" --batch --side both --seed "$SEED" --dice "$french" >/dev/null 2>&1
like "$(grep '^scripted' "$dir/withdice.save")" '^scripted = "11166";' "waiting pips are saved"
like "$(grep -c '"dice 1 1 1 6 6"' "$dir/withdice.save")" '^1$' "... and the 'dice' command is in the history"
printf 'end\n' | "$GROGNARD" --batch --side both --load withdice >"$tmp/cont" 2>&1
is "$(after "$tmp/cont" 'Firing phase' | head -2)" "log: French throw for the initiative: 3D6 1+1+1 = 3
log: Austrians throw for the initiative: 2D6 6+6 = 12" "a continued battle throws the saved pips next"
printf 'end\nbrigade Bu\nend\ndice 1 2\nsave later\n' |
	"$GROGNARD" --batch --side both --load withdice >/dev/null 2>&1
printf 'last\n' | "$GROGNARD" --batch --replay later >"$tmp/replay" 2>&1; st=$?
is "$st" 0 "a replay of a battle with scripted dice gives the saved battle"
# Pips given with --dice are thrown for Turn 1's initiative, before any
# order: a replay takes them there too.
printf 'brigade Bu\nsave fromfile\n' | "$GROGNARD" --batch --side both --seed "$SEED" --dice "$tmp/pips" >/dev/null 2>&1
printf 'last\n' | "$GROGNARD" --batch --replay fromfile >"$tmp/replay" 2>&1; st=$?
is "$st/$(grep -c 'throw for the initiative: 2D6 1+1 = 2' "$tmp/replay")" "0/1" \
	"a battle begun with --dice replays, its first throw scripted"

# Not in play: ':dice' is refused in the terminal's command line (tested
# in test-cmd); the help names the command.
like "$(printf 'help dice\n' | "$GROGNARD" --batch --side both --seed "$SEED" 2>&1)" "dice PIP" "help explains dice"
done_testing
