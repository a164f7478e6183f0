# SPDX-License-Identifier: GPL-3.0-or-later
# rules-lib.sh: what the batch-mode rules tests (manoeuvre.sh, charges.sh,
# melee.sh) share.  Source it after tests/lib.sh.  It sets
#   $tmp    a scratch folder for the runs' files, removed on exit unless
#           KEEP=1 (to look at $tmp/NAME.cmds, .out and .err after a failure)
#   $rules  the folder of the tiny maps, tests/rules
# and defines the helpers below.  NAME is always the name given to run.
tmp=${TMPDIR:-/tmp}/grognard-$(basename "$0" .sh).$$
mkdir -p "$tmp"
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
rules=$top_srcdir/tests/rules

# run MAP SEED NAME < commands: plays the commands on tests/rules/MAP.cfg in
# batch mode for both sides; the commands are kept in $tmp/NAME.cmds (read
# in full first, so they may come from that very file), the output goes to
# $tmp/NAME.out and the errors to $tmp/NAME.err.
run() {
	cat >"$tmp/$3.in" && mv "$tmp/$3.in" "$tmp/$3.cmds"
	"$GROGNARD" --batch --side both --seed "$2" "$rules/$1.cfg" <"$tmp/$3.cmds" \
		>"$tmp/$3.out" 2>"$tmp/$3.err"
}

# pos NAME UNIT: "x=.. y=.. facing=.. formation=.." from the last dump
pos() {
	grep "^unit id=$2 " "$tmp/$1.out" | tail -1 |
		sed -n 's/.* \(x=[^ ]* y=[^ ]* facing=[^ ]* formation=[^ ]*\) .*/\1/p'
}

# field NAME N unit|commander ID KEY: one key=value field from the Nth dump
# of ID (N = 1 for the first, '$' for the last)
field() {
	grep "^$3 id=$4 " "$tmp/$1.out" | sed -n "$2p" | tr ' ' '\n' | sed -n "s/^$5=//p" | head -1
}

# refusal NAME 'ORDER': the reason given for refusing ORDER (empty if none)
refusal() {
	grep -F "refused: $2: " "$tmp/$1.out" | head -1 | sed 's/^refused: [^:]*: //'
}

# logline NAME PATTERN: the first log line matching PATTERN (grep -E)
logline() {
	grep '^log: ' "$tmp/$1.out" | grep -E -- "$2" | head -1
}

# near GOT EXPECTED TOLERANCE DESCRIPTION: |GOT - EXPECTED| <= TOLERANCE
near() {
	if [ -n "$1" ] && awk -v g="$1" -v e="$2" -v t="$3" \
		'BEGIN { d = g - e; if (d < 0) d = -d; exit !(d <= t + 1e-9) }'; then
		ok 0 "$4"
	else
		ok 1 "$4"
		printf '#   got:      %s\n#   expected: %s (within %s)\n' "$1" "$2" "$3"
	fi
}
