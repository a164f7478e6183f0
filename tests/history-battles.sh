#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The historical battles of the Peninsula, Russia and Egypt (Talavera,
# Borodino, the Pyramids): they load with the forces their orbats describe,
# the nationality rules and special units the rules intend are there as
# the battle begins (the KGL and the Spanish beside the British, Russian
# twelve-gun batteries and Cossacks, Ottoman commanders, Arab horse, French
# divisional squares), and each is played by the computer to a result
# without a refused order.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 34
scratch history

start() {
	# start MAP: the battle's opening log and dump in $tmp/MAP.start
	printf 'dump\nquit\n' | "$GROGNARD" --batch --side both --seed 1 "$1" >"$tmp/$1.start" 2>&1
}
field() {
	# field MAP ID KEY: KEY=value of unit ID in the opening dump
	sed -n "s/^unit id=$2 .* $3=\\([^ ]*\\) .*/\\1/p" "$tmp/$1.start"
}

# ---- Talavera ---------------------------------------------------------
start talavera
like "$(cat "$tmp/talavera.start")" "^side id=A corps=Allied units=50 " "Talavera: the allies have 50 units"
like "$(cat "$tmp/talavera.start")" "^side id=B corps=FArmy units=75 " "Talavera: the French have 75 units"
like "$(cat "$tmp/talavera.start")" "^game .* weather=hot " "Talavera: the afternoon is hot"
(cd "$tmp" && printf 'export-map tal\nquit\n' | "$GROGNARD" --batch --side both --seed 1 talavera >/dev/null 2>&1)
is "$(grep -c 'kgl = true' "$tmp/tal-A.cfg")" 7 "Talavera: seven KGL units (five battalions and regiments, two batteries)"
is "$(grep -c 'nationality = "other"' "$tmp/tal-A.cfg")" 14 "Talavera: fourteen Spanish units under Wellesley, of no British nationality"
is "$(grep -c 'nationality = "other"' "$tmp/tal-B.cfg")" 11 "Talavera: Leval's Germans and Dutch and Merlin's foreign horse are not French"
is "$(field talavera Coldm rating)" guard "Talavera: the Coldstream are Guard"

# ---- Borodino ----------------------------------------------------------
start borodino
like "$(cat "$tmp/borodino.start")" "^side id=B corps=R2Army units=47 " \
	"Borodino: 47 Russian units on the field at 06:00 (Konovnitsyn and Duka to come)"
like "$(cat "$tmp/borodino.start")" "^side id=A corps=FI units=38 " "Borodino: 38 French units on it (Friant to come)"
is "$(field borodino RPB11 sp0)" 6 "Borodino: a twelve-gun Russian position battery has six strength points"
is "$(field borodino FCmpG sp0)" 4 "Borodino: an eight-gun French company has four"
is "$(field borodino RCos1 formation)" skirmish "Borodino: Cossacks start in skirmish line"
like "$(cat "$tmp/borodino.start")" "^log: Duka \\(division\\): [0-9]+ -1 \\(Russian corps\\) = " \
	"Borodino: Duka is thrown for on the division table with the Russian modifier"
like "$(cat "$tmp/borodino.start")" "^commander id=R2Army .* rating=good " "Borodino: Bagration is Good"

# ---- The Pyramids --------------------------------------------------------
like "$(cat "$tmp/borodino.start")" '^objective .* value=1 holder=B name="Semenovskoye"' \
	"Borodino: Semenovskoye is worth 1 (alone it does not turn the result)"
start jena
like "$(cat "$tmp/jena.start")" "^side id=A .* break=46 " "Jena: the French break at 46% (the balance the briefing gives)"
start pyramids
like "$(cat "$tmp/pyramids.start")" "^log: Murad Bey \\(corps\\): every Ottoman corps commander is Dreadful\\.$" \
	"Pyramids: the Ottoman table makes Murad Bey Dreadful"
like "$(cat "$tmp/pyramids.start")" "^log: Ayyub Bey \\(division\\): [0-9]+ -3 \\(Ottoman corps\\) = " \
	"Pyramids: Ottoman division commanders throw with -3"
is "$(field pyramids MAr1 formation)" skirmish "Pyramids: the Bedouin horse is in skirmish line"
is "$(grep -c '^unit id=F[0-9A-Za-z]* side=A .* formation=square ' "$tmp/pyramids.start")" 42 \
	"Pyramids: all 42 French battalions start in square"
is "$(field pyramids MMur1 type)" medium_cavalry "Pyramids: the Mamluks are medium cavalry"
like "$(cat "$tmp/pyramids.start")" "^side id=B corps=MArmy units=35 .* break=40 " \
	"Pyramids: Murad's 35 units break at 40% (the balance the briefing gives)"
like "$(cat "$tmp/talavera.start")" "^side id=B corps=FArmy .* break=50 " "Talavera: the French break at 50% (the balance the briefing gives)"

# ---- each battle to a result ---------------------------------------------
for m in talavera borodino pyramids; do
	"$GROGNARD" --batch --side none --seed 2 "$m" </dev/null >"$tmp/$m.out" 2>&1
	ok $? "$m, AI against AI: exits 0"
	is "$(grep -c '^refused' "$tmp/$m.out")" 0 "$m: not one order refused"
	like "$(cat "$tmp/$m.out")" "^report: Result: " "$m: the battle ends with a result"
done

# ---- the library's benchmark reads results as the report gives them ------
# (tests/bench-library.sh: who won each battle, by the side's name): the
# Pyramids AI against AI from seed 1 (one battle, so that crediting the
# wrong side cannot match) and AI as A against the baseline from seeds 1
# and 2, counted by it and by hand.
a=$(sed -n 's/^side id=A .* name="\(.*\)"$/\1/p' "$tmp/pyramids.start")
wins() { # wins AI SEED...: how many of the seeds side A won
	ai=$1
	shift
	for s in "$@"; do
		"$GROGNARD" --batch --side none --ai "$ai" --seed "$s" pyramids </dev/null 2>&1 |
			grep -c "^report: Result: $a win: "
	done | awk '{ n += $1 } END { print n }'
}
aa=$(wins normal 1)
na=$(wins A=normal,B=naive 1 2)
out=$(sh "$top_srcdir/tests/bench-library.sh" -n 1 -m 2 -j 2 -b pyramids "$GROGNARD" 2>&1)
like "$out" "pyramids +AI vs AI, A / B: +$aa / +$((1 - aa)) of 1 \\(0 drawn\\)" \
	"bench-library counts AI against AI as the report says ($aa of 1 to side A)"
like "$out" "pyramids +vs naive, AI as A / B: +$na / " "... and the AI against the baseline ($na of 2 as A)"
