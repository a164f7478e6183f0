#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine never includes curses or libconfig and never prints, reads the
# keyboard or exits: DESIGN.md's engine/controller boundary.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 6
engine="$top_srcdir/src/engine"
hits=$(grep -nE '#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/|libconfig)' "$engine"/*.[ch])
is "$hits" "" "no file under src/engine includes curses or libconfig"
hits=$(grep -nE '\b(printf|puts|putchar|fputs|fprintf|perror|getchar|getline|scanf)[[:space:]]*\(' "$engine"/*.c | grep -v snprintf)
is "$hits" "" "the engine never prints or reads (snprintf only)"
hits=$(grep -nE '\b(exit|abort|_Exit)[[:space:]]*\(' "$engine"/*.c)
is "$hits" "" "the engine never exits"
hits=$(grep -nE '\b(rand|srand|random|drand48)[[:space:]]*\(' "$top_srcdir"/src/*/*.c "$top_srcdir"/src/*.c)
is "$hits" "" "no libc random numbers anywhere: the seeded dice only"
# The engine's modules in the order they may call one another: each calls
# only modules before it in this list (doc/HACKING.md, "What may call
# what"); modules joined by '+' are one module in several files, which
# call one another freely.
order="geom index-set rng enums event text state rules rules-keys unit terrain+terrain-index game+grid+watch
orbat weather move aim bridge command deploy victory forces
dbm+dbm-geom+dbm-place+dbm-roads random game-check contact formation fire
react+react-moving volley query seq
order+order-charge+order-command+order-ground+order-move melee odds odds-order
game-loop"
# Every engine module has a cmocka test of its own, tests/test-MODULE.c,
# built by make check (issue #19): a group joined by '+' by the file of its
# first member (order-* by test-order.c, react-moving by test-react.c,
# dbm-* by test-dbm.c), and those listed in 'own' by their own file too
# (the spatial index and the watch are one module with the state, tested
# apart).  The
# exceptions, each a module whose test is named otherwise:
#   index-set rng enums event text state: the small base modules, one
#     test-base.c;
#   game-check, game-loop: test-check.c, test-loop.c (test-game.c is
#     the state's);
#   rules-keys: the name of every number, test-rulesfile.c, which reads
#     rules files through those names;
#   odds-order: what an order would come to, with odds in test-odds.c.
own="grid watch"
tested_by="index-set=base rng=base enums=base event=base text=base state=base game-check=check game-loop=loop
rules-keys=rulesfile odds-order=odds"
missing=
for group in $order; do
	mods=${group%%+*}
	for m in $own; do
		case "+$group+" in *"+$m+"*) mods="$mods $m" ;; esac
	done
	for m in $mods; do
		t=$m
		for pair in $tested_by; do
			[ "${pair%%=*}" = "$m" ] && t=${pair#*=}
		done
		if [ ! -f "$top_srcdir/tests/test-$t.c" ]; then
			missing="$missing $m:tests/test-$t.c"
		elif ! grep -Eq "tests/test-$t([^a-z-]|$)" "$top_srcdir/Makefile.am"; then
			missing="$missing $m:tests/test-$t(not-in-Makefile.am)"
		fi
	done
done
is "${missing# }" "" "every engine module has its unit test file, built by make check"
lib=$(dirname "$GROGNARD")/libengine.a
if [ -f "$lib" ] && command -v nm >/dev/null 2>&1; then
	bad=$(nm -A "$lib" | awk -v order="$order" '
		BEGIN {
			n = split(order, groups, /[ \n]+/)
			for (i = 1; i <= n; i++) {
				m = split(groups[i], f, "+")
				for (j = 1; j <= m; j++)
					rank[f[j]] = i
			}
		}
		{
			split($0, p, ":")
			mod = p[2]; sub(/^libengine_a-/, "", mod); sub(/\.o$/, "", mod)
			rest = substr($0, length(p[1]) + length(p[2]) + 3)
			k = split(rest, w, " ")
			if (k == 3 && w[2] ~ /^[TDBR]$/) def[w[3]] = mod
			else if (k == 2 && w[1] == "U") use[mod, w[2]] = 1
			mods[mod] = 1
		}
		END {
			for (m in mods)
				if (!(m in rank))
					print m ": not in the list"
			for (key in use) {
				split(key, kp, SUBSEP)
				m = kp[1]; s = kp[2]
				if (!(s in def) || !(m in rank) || !(def[s] in rank))
					continue
				if (rank[def[s]] > rank[m])
					print m " calls " s " (" def[s] ")"
			}
		}' | sort)
	is "$bad" "" "each engine module calls only the modules before it (HACKING, what may call what)"
else
	echo "ok $((tap_n += 1)) # SKIP no libengine.a or nm here"
fi
done_testing
