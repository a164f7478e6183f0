# SPDX-License-Identifier: GPL-3.0-or-later
# rules-lib.sh: what the batch-mode rules tests (manoeuvre.sh, charges.sh,
# melee.sh, terrain.sh, reactions.sh, orders.sh) share.  Source it after tests/lib.sh.  It sets
#   $tmp    a scratch folder for the runs' files, removed on exit unless
#           KEEP=1 (to look at $tmp/NAME.cmds, .out and .err after a failure)
#   $rules  the folder of the tiny maps, tests/rules
# and defines the helpers below.  NAME is always the name given to run.
tmp=${TMPDIR:-/tmp}/grognard-$(basename "$0" .sh).$$
mkdir -p "$tmp"
trap '[ -n "$KEEP" ] || rm -rf "$tmp"' EXIT
rules=$top_srcdir/tests/rules

# The seed of every run ($SEED from lib.sh, 1 unless set): the dice that
# matter are scripted, so any seed will do.  SEED=N sh tests/melee.sh
# plays every run with other dice, to show that no check leans on the seed.

# run MAP FIRST NAME < commands: plays the commands on tests/rules/MAP.cfg
# (or on MAP itself, a path) in batch mode for both sides.  FIRST scripts
# the first throws of the battle (--dice: the throws after the scenario's
# own setup, Turn 1's initiative first, French then Austrians):
#   A or B     that side wins Turn 1's initiative (2D6 6+6 against 1+1)
#   '6 6 1 1 4' those pips, one throw after another
#   -          none: the seeded dice throw them
# Every other throw that matters is scripted by 'dice N...' in the
# commands.  Arguments after NAME go to the program too (--side B).  The commands are kept in $tmp/NAME.cmds (read in full first,
# so they may come from that very file), the output goes to $tmp/NAME.out
# and the errors to $tmp/NAME.err.
run() {
	case $1 in */*) rl_map=$1 ;; *) rl_map=$rules/$1.cfg ;; esac
	case $2 in
	A) rl_first='6 6 1 1' ;;
	B) rl_first='1 1 6 6' ;;
	-) rl_first= ;;
	*) rl_first=$2 ;;
	esac
	cat >"$tmp/$3.in" && command mv "$tmp/$3.in" "$tmp/$3.cmds"
	if [ -n "$rl_first" ]; then
		printf '%s\n' "$rl_first" >"$tmp/$3.pips"
		set -- "$@" --dice "$tmp/$3.pips"
	fi
	rl_name=$3
	shift 3
	"$GROGNARD" --batch --side both --seed "$SEED" "$@" "$rl_map" <"$tmp/$rl_name.cmds" \
		>"$tmp/$rl_name.out" 2>"$tmp/$rl_name.err"
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

# logs NAME: the log lines, without the "log: " prefix
logs() {
	sed -n 's/^log: //p' "$tmp/$1.out"
}

# has NAME 'TEXT': exact log line present (0) or not (1)
has() {
	logs "$1" | grep -Fxq -- "$2"
}

# count NAME PATTERN: how many output lines match PATTERN (grep -E)
count() {
	grep -Ec -- "$2" "$tmp/$1.out"
}

# seq_ok NAME 'LINE1' 'LINE2' ...: the log lines appear in this order,
# one right after the other.
seq_ok() {
	n=$1
	shift
	logs "$n" >"$tmp/seq.log"
	for l in "$@"; do printf '%s\n' "$l"; done >"$tmp/seq.want"
	awk 'NR == FNR { want[++w] = $0; next }
	     { line[++n] = $0 }
	     END {
		for (i = 1; i + w - 1 <= n; i++) {
			ok = 1
			for (k = 1; k <= w; k++) if (line[i + k - 1] != want[k]) { ok = 0; break }
			if (ok) exit 0
		}
		exit 1
	     }' "$tmp/seq.want" "$tmp/seq.log"
}

# check STATUS DESCRIPTION [NAME]: ok, and on failure show the run's log
check() {
	ok "$1" "$2"
	if [ "$1" -ne 0 ] && [ -n "$3" ]; then
		grep -E '^(log|decide|refused): ' "$tmp/$3.out" | tail -12 | sed 's/^/#   /'
		sed 's/^/#   stderr: /' "$tmp/$3.err"
	fi
}
