#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The battles of Jena, Austerlitz, Aspern-Essling and Grossbeeren: each is
# played AI against AI to a result without a refused order, its
# reinforcements come on at their Turns, and it starts at its hour in its
# weather.  (Their
# data are checked by tests/check-data.sh and
# tests/test-jena-austerlitz-aspern.)
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 20
tmp=${TMPDIR:-/tmp}/grognard-jaa.$$
trap 'rm -f "$tmp"' EXIT

battle() {
	# battle NAME SEED: the whole battle's output in $tmp.
	"$GROGNARD" --batch --side none --seed "$2" "$1" </dev/null >"$tmp" 2>&1
}

battle jena 5
ok $? "Jena, seed 5: AI against AI exits 0"
is "$(grep -c '^refused' "$tmp")" 0 "Jena: not one order refused"
like "$(cat "$tmp")" "^report: Result: " "Jena: the battle ends with a result"
like "$(cat "$tmp")" "^log: Saxon grenadier battalion Hundt arrives on the field\\." "Jena: Cerrini's Saxons come on"
like "$(head -1 "$tmp")" "^log: Jena, 14 October 1806: 10 Turns from 10:00, weather clear\\." "Jena: its Turns, time and weather"

battle austerlitz 5
ok $? "Austerlitz, seed 5: AI against AI exits 0"
is "$(grep -c '^refused' "$tmp")" 0 "Austerlitz: not one order refused"
like "$(cat "$tmp")" "^report: Result: " "Austerlitz: the battle ends with a result"
like "$(cat "$tmp")" "^log: Preobrazhensky Life Guard, 1st battalion arrives on the field\\." \
	"Austerlitz: the Russian Guard comes on"
like "$(head -1 "$tmp")" "^log: Austerlitz, 2 December 1805: 12 Turns from 08:30, weather clear\\." \
	"Austerlitz: its Turns, time and weather"

battle aspern 5
ok $? "Aspern-Essling, seed 5: AI against AI exits 0"
is "$(grep -c '^refused' "$tmp")" 0 "Aspern-Essling: not one order refused"
like "$(cat "$tmp")" "^report: Result: " "Aspern-Essling: the battle ends with a result"
like "$(head -1 "$tmp")" "^log: Aspern-Essling, 22 May 1809: 14 Turns from 06:00, weather clear\\." \
	"Aspern-Essling: its Turns, time and weather"
out=$(printf 'quit\n' | "$GROGNARD" --batch aspern 2>&1)
like "$out" "Essling" "Aspern-Essling: the name finds the map"

battle grossbeeren 5
ok $? "Grossbeeren, seed 5: AI against AI exits 0"
is "$(grep -c '^refused' "$tmp")" 0 "Grossbeeren: not one order refused"
like "$(cat "$tmp")" "^report: Result: " "Grossbeeren: the battle ends with a result"
like "$(cat "$tmp")" "^log: Cardell's Swedish horse battery arrives on the field\\." \
	"Grossbeeren: the Swedish battery comes on"
like "$(head -1 "$tmp")" "^log: Grossbeeren, 23 August 1813: 7 Turns from 17:30, weather rain\\." \
	"Grossbeeren: its Turns, time and weather"
done_testing
