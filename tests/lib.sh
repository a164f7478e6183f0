# SPDX-License-Identifier: GPL-3.0-or-later
# lib.sh: a little TAP for the shell tests.  Source it, call plan N, then
# ok/is/like for each check.  Runs from 'make check' (which exports GROGNARD,
# top_srcdir and GROGNARD_DATADIR) or by hand from the source tree.
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${GROGNARD:=$top_srcdir/src/grognard}"
: "${GROGNARD_DATADIR:=$top_srcdir}"
export GROGNARD_DATADIR
tap_n=0
tap_failed=0

plan() { echo "1..$1"; }

# scratch NAME: a private folder $tmp, removed on exit, with the saves
# directory under it ($XDG_DATA_HOME is $tmp/data; $dir its grognard/).
scratch() {
	tmp=${TMPDIR:-/tmp}/grognard-$1.$$
	mkdir -p "$tmp"
	trap 'rm -rf "$tmp"' EXIT
	XDG_DATA_HOME=$tmp/data
	export XDG_DATA_HOME
	dir=$XDG_DATA_HOME/grognard
}

skip_all() { echo "1..0 # SKIP $*"; exit 0; }

# The seed of batch runs whose dice that matter are scripted: any will do
# (SEED=N sh tests/X.sh tries another).
: "${SEED:=1}"

# first_pips SIDE: a --dice file, created under ${TMPDIR:-/tmp} and
# removed on exit with $tmp (call it after scratch, or set $tmp), with
# which SIDE (A or B) wins Turn 1's initiative: 2D6 6+6 against 1+1.
first_pips() {
	case $1 in A) printf '6 6 1 1\n' ;; *) printf '1 1 6 6\n' ;; esac >"$tmp/first-$1.pips"
	echo "$tmp/first-$1.pips"
}

# ok STATUS DESCRIPTION: passes when STATUS is 0.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# is GOT EXPECTED DESCRIPTION: exact string equality.
is() {
	if [ "$1" = "$2" ]; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '#   got:      %s\n#   expected: %s\n' "$1" "$2" | sed 's/^\([^#]\)/# \1/'
	fi
}

# like GOT PATTERN DESCRIPTION: grep -E pattern somewhere in GOT.
like() {
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		printf '%s\n' "$1" | head -5 | sed 's/^/#   got: /'
		printf '#   wanted: /%s/\n' "$2"
	fi
}

# unlike GOT PATTERN DESCRIPTION: grep -E pattern nowhere in GOT.
unlike() {
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then
		ok 1 "$3"
		printf '%s\n' "$1" | grep -E -- "$2" | head -3 | sed 's/^/#   got: /'
	else
		ok 0 "$3"
	fi
}

# child_pid PARENT NAME: the pid of PARENT's child process called NAME,
# from /proc alone (no ps: procps is not on a minimal system).  The
# kernel's list of children where it keeps one, else every process's
# stat line ("pid (comm) state ppid ...").
child_pid() {
	for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
		[ "$(cat /proc/"$c"/comm 2>/dev/null)" = "$2" ] && { echo "$c"; return 0; }
	done
	for s in /proc/[0-9]*/stat; do
		line=$(cat "$s" 2>/dev/null) || continue
		comm=${line#*(}; comm=${comm%)*}
		set -- "$1" "$2" ${line##*) }
		[ "$4" = "$1" ] && [ "$comm" = "$2" ] && { p=${s#/proc/}; echo "${p%/stat}"; return 0; }
	done
	return 1
}

done_testing() { [ "$tap_failed" -eq 0 ]; }
