#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Each side its own computer level: --ai A=LEVEL, B=LEVEL or
# A=LEVEL,B=LEVEL (a plain level for both), in batch mode, kept with a
# save and its memory, merged with the saved levels on --load, replayed.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 30
scratch ai-levels

# The ai key a save records when the keyboard plays both sides.
saved_ai() {
	printf 'save lv\nquit\n' | "$GROGNARD" --batch --side both --seed 1 --ai "$1" >/dev/null 2>&1
	grep -o 'ai = "[^"]*"' "$dir/lv.save"
}
is "$(saved_ai hard)" 'ai = "hard"' "--ai hard: one level for both sides"
is "$(saved_ai A=hard)" 'ai = "A=hard,B=normal"' "--ai A=hard: side B at the default level"
is "$(saved_ai B=naive)" 'ai = "A=normal,B=naive"' "--ai B=naive: side A at the default level"
is "$(saved_ai B=easy,A=hard)" 'ai = "A=hard,B=easy"' "--ai B=easy,A=hard: each side its own, written A first"
is "$(saved_ai A=normal,B=normal)" 'ai = "normal"' "the same level named for each side is one level"

for bad in clever A= A=clever a=hard C=hard A=hard, A=hard,A=easy A=hard,B=easy,B=easy "A=hard B=easy" =hard ""; do
	"$GROGNARD" --batch --side none --seed 1 --ai "$bad" </dev/null >"$tmp/out" 2>"$tmp/err"
	st=$?
	is "$st:$(cat "$tmp/out")" 2: "--ai '$bad' is a usage error (exit 2, nothing played)"
done
like "$(cat "$tmp/err")" "^grognard: --ai takes naive, easy, normal or hard, for both sides or as A=LEVEL, B=LEVEL or A=LEVEL,B=LEVEL, not ''$" \
	"... naming the option and what it takes"

# The baseline states no intent; the general does: each side plays at its
# own level (the built-in battle: A the French, B the Austrians).
notes() { grep -Ec "^log: $1: .* (advances|engages|holds its ground|stands fast|waits|moves up|fights to hold|falls back|manoeuvres)" "$2"; }
"$GROGNARD" --batch --side none --seed 11 --ai A=naive,B=normal </dev/null >"$tmp/nb" 2>&1
like "$(cat "$tmp/nb")" "^report: Result: " "A=naive,B=normal: the battle is played to a result"
is "$(notes French "$tmp/nb"):$(notes Austrians "$tmp/nb" | sed 's/^[1-9][0-9]*$/some/')" "0:some" \
	"... the French (naive) state no intent, the Austrians (normal) do"
"$GROGNARD" --batch --side none --seed 11 --ai A=hard,B=naive </dev/null >"$tmp/hn" 2>&1
is "$(notes French "$tmp/hn" | sed 's/^[1-9][0-9]*$/some/'):$(notes Austrians "$tmp/hn")" "some:0" \
	"A=hard,B=naive: the other way round"
"$GROGNARD" --batch --side none --seed 11 --ai normal </dev/null >"$tmp/nn" 2>&1
"$GROGNARD" --batch --side none --seed 11 --ai A=normal,B=normal </dev/null >"$tmp/nn2" 2>&1
cmp -s "$tmp/nn" "$tmp/nn2"
ok $? "A=normal,B=normal plays the very battle --ai normal does"

# Saves: the levels and each side's memory come back.
printf 'save full\n' | "$GROGNARD" --batch --side none --seed 2 --ai A=hard,B=easy >"$tmp/full" 2>&1
is "$(grep -o 'players = "[^"]*"; ai = "[^"]*"' "$dir/full.save")" 'players = "none"; ai = "A=hard,B=easy"' \
	"a save records each side's level"
like "$(grep '^computer = ' "$dir/full.save")" '^computer = "A: general init=[0-9]+ .*\\nB: general init=[0-9]+ ' \
	"... and what each side's computer remembers, a line each"
"$GROGNARD" --check "$dir/full.save" >/dev/null 2>&1
ok $? "... and passes --check"
printf 'save again\nquit\n' | "$GROGNARD" --batch --side both --load full >/dev/null 2>&1
grep '^computer = ' "$dir/full.save" >"$tmp/m1"
grep '^computer = ' "$dir/again.save" >"$tmp/m2"
cmp -s "$tmp/m1" "$tmp/m2"
ok $? "loaded, each side's computer takes its memory back (saved again, the same)"
printf 'save merged\nquit\n' | "$GROGNARD" --batch --side both --load full --ai B=naive >/dev/null 2>&1
is "$(grep -o 'ai = "[^"]*"' "$dir/merged.save")" 'ai = "A=hard,B=naive"' \
	"--load with --ai B=naive: A keeps the level it was saved with"
"$GROGNARD" --batch --replay full </dev/null >"$tmp/replay" 2>&1
is "$(grep '^report: Result: ' "$tmp/replay")" "$(grep '^report: Result: ' "$tmp/full")" \
	"a battle of two levels replays to the same result"

# Continued without --ai, a battle is played at the levels it was saved
# with: saved with the keyboard on B and the computer's A naive, then
# watched (--side none) to the end.
printf 'save start\nquit\n' | "$GROGNARD" --batch --side B --seed 11 --ai A=naive >/dev/null 2>&1
is "$(grep -o 'players = "[^"]*"; ai = "[^"]*"' "$dir/start.save")" 'players = "B"; ai = "A=naive,B=normal"' \
	"saved with --side B --ai A=naive"
"$GROGNARD" --batch --side none --load start </dev/null >"$tmp/cont" 2>&1
like "$(cat "$tmp/cont")" "^report: Result: " "continued with --side none, it is played to a result"
is "$(notes French "$tmp/cont"):$(notes Austrians "$tmp/cont" | sed 's/^[1-9][0-9]*$/some/')" "0:some" \
	"... A still naive and B at the normal level"
done_testing
