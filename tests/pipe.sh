#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Batch mode through a pipe, as a program driving grognard would use it:
# each command's reply must arrive before the next command is sent (the
# output is flushed before every read), or the reads below time out.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
command -v timeout >/dev/null 2>&1 || skip_all "timeout (coreutils) is not installed"
command -v mkfifo >/dev/null 2>&1 || skip_all "mkfifo is not installed"
plan 10
scratch pipe
mkfifo "$tmp/in" "$tmp/out"
"$GROGNARD" --batch --side both --seed 1 --dice "$(first_pips A)" \
	"$top_srcdir/tests/rules/open.cfg" <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/in" 4<"$tmp/out"
trap 'exec 3>&- 4<&-; kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT

# reply PATTERN: read the program's lines (each within 5 s) until one
# matches PATTERN (grep -E); prints it, or nothing when a read times out.
# A shell's read takes one byte at a time from a pipe, so nothing after
# the line is consumed.
reply() {
	while line=$(timeout 5 sh -c 'IFS= read -r l && printf "%s\n" "$l"' <&4); do
		if printf '%s\n' "$line" | grep -Eq -- "$1"; then
			printf '%s\n' "$line"
			return 0
		fi
	done
	return 1
}
send() { printf '%s\n' "$1" >&3; }

# (The first throws wait for the first command: it might throw the
# weather again before the battle begins.)
like "$(reply '^log: manoeuvre test')" "3 Turns from 10:00" \
	"the scenario's opening line arrives before the first command is read"
send dump
like "$(reply '^log: French have')" "^log: French have the initiative" \
	"the battle begins once the first command is read"
like "$(reply '^unit id=L1 ')" "^unit id=L1 side=A x=10.00 y=80.00" "dump's reply arrives before the next command"
send 'brigade INF'
like "$(reply '^log: French: ')" "^log: French: .*infantry brigade" \
	"an order's log arrives before the next command is sent"
send 'move L1 2'
like "$(reply '^log: L1 ')" "^log: L1 moves 2.0 cm" "a move's log arrives at once"
send 'move L1 2'
like "$(reply '^refused: ')" "^refused: move L1 2: L1 has already moved" "a refusal arrives at once"
send 'help move'
like "$(reply '^move ')" "^move UNIT CM\|max" "help's reply arrives at once"
send 'end'
like "$(reply '^log: ')" "^log: " "ending the phase is logged at once"
send quit
exec 3>&-
wait $pid
is "$?" 0 "the program ends with exit status 0 when told to quit"
is "$(cat "$tmp/err")" "" "nothing went to stderr"
done_testing
