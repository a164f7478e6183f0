#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Random battles from the command line: --random with its choices, the
# procedure's dice in the log, the same seed the same battle,
# --export-map and export-map writing files that pass --check and load to
# the same battle, region tables, saves and replays of random battles,
# the computer playing them to a result without a refused order.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 40
top_srcdir=$(cd "$top_srcdir" && pwd)
scratch random
cd "$tmp" || exit 1

# The dump without the log: what a battle is.
state() { grep -v '^log: '; }

out=$("$GROGNARD" --random --seed 5 --export-map one 2>&1)
is "$?" 0 "--random --export-map exits 0 without a terminal"
is "$out" "The battle is written as one.cfg, with one-A.cfg and one-B.cfg." "and says what it wrote"
out=$("$GROGNARD" --check one.cfg one-A.cfg one-B.cfg 2>&1)
is "$out" "one.cfg: ok (map)
one-A.cfg: ok (orbat)
one-B.cfg: ok (orbat)" "the files pass --check"
like "$(head -3 one.cfg)" "^# .*, a random battle in " "the map opens with the battle's title as a comment"
like "$(cat one.cfg)" "# .*: sector die [1-6], position die [1-6]: " "and says how it was made, every die"
like "$(cat one-A.cfg one-B.cfg)" 'rating = "(excellent|good|average|poor|dreadful)"' "commanders' ratings are written fixed"
ok $(grep -q '"roll"' one.cfg one-A.cfg one-B.cfg && echo 1 || echo 0) "nothing is left to roll"
like "$(grep '^time\|^weather' one.cfg | tr '\n' ' ')" '^time = "[0-9][0-9]:00"; weather = "[a-z]+"; $' \
	"time and weather are written fixed"

printf 'dump\n' | "$GROGNARD" --batch --side both --random --seed 5 >random.out 2>&1
printf 'dump\n' | "$GROGNARD" --batch --side both --seed 5 one.cfg >file.out 2>&1
is "$(state <random.out)" "$(state <file.out)" "the written battle loads to the same forces and deployment"
# The dump holds no terrain: the map the loaded battle writes is the same.
printf 'export-map back\n' | "$GROGNARD" --batch --side both --seed 5 one.cfg >/dev/null 2>&1
is "$(grep -v '^#' back.cfg | sed 's/back-/one-/')" "$(grep -v '^#' one.cfg)" "and to the same battlefield, feature for feature"
like "$(grep -c '^unit ' random.out)" '^[1-9][0-9]+$' "with its units"
like "$(cat random.out)" "^log: .* throw to be the invader: 1D6 [1-6]" "the batch log shows the procedure's dice"
like "$(cat random.out)" "^log: Defender's further feature equivalents: 1D6 [1-6]" "every throw of it"

"$GROGNARD" --random --seed 5 --export-map two >/dev/null 2>&1
ok $(cmp -s one-A.cfg two-A.cfg && cmp -s one-B.cfg two-B.cfg && echo 0 || echo 1) "the same seed writes the same forces"
# The map names its own orbat files, so compare the rest.
is "$(sed 's/two-/one-/' two.cfg | cmp - one.cfg && echo same)" "same" "and the same map, terrain and all"
"$GROGNARD" --random --seed 6 --export-map six >/dev/null 2>&1
ok $(cmp -s one-A.cfg six-A.cfg && echo 1 || echo 0) "another seed another battle"

printf 'export-map again\n' | "$GROGNARD" --batch --side both --seed 5 one.cfg >/dev/null 2>&1
is "$(grep -v '^#' again.cfg | sed 's/again-/one-/')" "$(grep -v '^#' one.cfg)" \
	"export-map of the loaded file writes it again, the same"
printf 'brigade %s\nexport-map mid\n' "$(grep -o 'brigade=[^ ]*' file.out | head -1 | cut -d= -f2)" |
	"$GROGNARD" --batch --side both --random --seed 5 >mid.out 2>&1
is "$(grep -v '^#' mid.cfg | sed 's/mid-/one-/')" "$(grep -v '^#' one.cfg)" \
	"export-map in a random battle under way writes it as it began"
mkdir sub
"$GROGNARD" --random --seed 5 --export-map sub/three.cfg >/dev/null 2>&1
ok $([ -f sub/three.cfg ] && [ -f sub/three-A.cfg ] && grep -q 'orbat = "three-A.cfg"' sub/three.cfg && echo 0 || echo 1) \
	"NAME is a path; a trailing .cfg is dropped; the map names its orbats beside it"
"$GROGNARD" --random --seed 5 --export-map nowhere/four >out 2>&1
is "$?" 1 "a file that cannot be written: exit 1"
like "$(cat out)" "^grognard: cannot write nowhere/four" "saying why"

# The choices.
printf 'dump\n' | "$GROGNARD" --batch --side both --random --seed 8 --region russia --size division \
	--forces british,prussian >out 2>&1
like "$(cat out)" "^log: The battle is fought in Russia\\." "--region chooses the region"
like "$(grep '^side' out | tr '\n' ' ')" 'name="British".*name="Prussians"' "--forces chooses each side's force"
like "$(grep -c '^unit ' out)" '^[1-3][0-9]$' "--size division: a division a side"
printf 'dump\n' | "$GROGNARD" --batch --side both --random --seed 8 --forces auerstedt-prussian >out 2>&1
like "$(grep '^side id=A' out)" 'corps=PrArmy' "an orbat that ships is a force"
"$GROGNARD" --batch --random --region atlantis </dev/null >out 2>&1
is "$?" 1 "an unknown region: exit 1"
like "$(cat out)" "no region 'atlantis' \\(there are: central, iberia, russia, lowlands, italy\\)" "naming those there are"
"$GROGNARD" --batch --region russia </dev/null >out 2>&1
is "$?" 2 "--region without --random: a usage error"
"$GROGNARD" --batch --random --size huge </dev/null >out 2>&1
is "$?" 2 "--size wants division or corps"
"$GROGNARD" --batch --random auerstedt </dev/null >out 2>&1
is "$?" 2 "--random takes no scenario"
printf 'dump\n' | "$GROGNARD" --batch --side both --random --seed 8 --regions "$top_srcdir/tests/data/good-regions.cfg" >out 2>&1
like "$(cat out)" "^log: The battle is fought in The Marshes\\." "--regions: a region table of one's own"
like "$(cat out)" "^log: Marsh [0-9]: sector die" "its compulsory feature laid"

# Saves and replays of a random battle: it is made again from its name.
printf 'save rsave\nquit\n' | "$GROGNARD" --batch --side both --random --seed 11 >out 2>&1
printf 'dump\n' | "$GROGNARD" --batch --side both --load rsave >load.out 2>&1
printf 'dump\n' | "$GROGNARD" --batch --side both --random --seed 11 >fresh.out 2>&1
is "$(state <load.out)" "$(state <fresh.out)" "a saved random battle continues where it was"
like "$(grep -c 'scenario' "$dir/rsave.save")" '^[1-9]' "the save names it"
like "$(grep -A1 '^scenario' "$dir/rsave.save" | tr -d '\n')" 'path = "random:11"' "by its seed"
# A region table named bare, from the directory it is in: the save keeps
# its full path, so the battle continues from anywhere.
mkdir wet
cp "$top_srcdir/tests/data/good-regions.cfg" wet/wet.cfg
(cd wet && printf 'save wsave\nquit\n' | "$GROGNARD" --batch --side both --random --seed 13 --regions wet.cfg >/dev/null 2>&1)
like "$(grep -A1 '^scenario' "$dir/wsave.save" | tr -d '\n')" "regions=$tmp/wet/wet.cfg\"" "a bare --regions is kept as a full path"
printf 'dump\n' | "$GROGNARD" --batch --side both --load wsave >wload.out 2>&1
(cd wet && printf 'dump\n' | "$GROGNARD" --batch --side both --random --seed 13 --regions wet.cfg >../wfresh.out 2>&1)
is "$(state <wload.out)" "$(state <wfresh.out)" "and the battle continues from another directory"
printf 'save rplay\n' | "$GROGNARD" --batch --side none --seed 12 --random --size division >/dev/null 2>&1
"$GROGNARD" --batch --replay rplay </dev/null >out 2>&1
is "$?" 0 "a random battle played by the computer replays to the same end"

# The computer plays random battles to a result, refusing no order: a
# dozen seeds, corps and divisions, every region (under the sanitizers
# too, when the suite is built with them).
refused=0 results=0
for seed in 21 22 23 24 25 26 27 28 29 30 31 32; do
	size=corps
	[ $((seed % 2)) -eq 0 ] && size=division
	"$GROGNARD" --batch --side none --random --seed $seed --size $size </dev/null >out 2>&1
	refused=$((refused + $(grep -c '^refused' out)))
	results=$((results + $(grep -c '^report: Result: ' out)))
done
is "$results" 12 "AI against AI: twelve random battles end with a result"
is "$refused" 0 "without a refused order"
done_testing
