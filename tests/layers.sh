#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine never includes curses or libconfig and never prints, reads the
# keyboard or exits: DESIGN.md's engine/controller boundary.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 5
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
order="geom rng enums event text state rules rules-keys unit terrain game+grid
orbat weather move aim bridge command deploy victory forces
dbm+dbm-geom+dbm-place+dbm-roads random game-check contact formation fire
react+react-moving volley query seq
order+order-charge+order-command+order-ground+order-move melee odds odds-order
game-loop"
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
