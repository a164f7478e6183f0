#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The engine never includes curses or libconfig and never prints, reads the
# keyboard or exits: DESIGN.md's engine/controller boundary.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
plan 4
engine="$top_srcdir/src/engine"
hits=$(grep -nE '#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/|libconfig)' "$engine"/*.[ch])
is "$hits" "" "no file under src/engine includes curses or libconfig"
hits=$(grep -nE '\b(printf|puts|putchar|fputs|fprintf|perror|getchar|getline|scanf)[[:space:]]*\(' "$engine"/*.c | grep -v snprintf)
is "$hits" "" "the engine never prints or reads (snprintf only)"
hits=$(grep -nE '\b(exit|abort|_Exit)[[:space:]]*\(' "$engine"/*.c)
is "$hits" "" "the engine never exits"
hits=$(grep -nE '\b(rand|srand|random|drand48)[[:space:]]*\(' "$top_srcdir"/src/*/*.c "$top_srcdir"/src/*.c)
is "$hits" "" "no libc random numbers anywhere: the seeded dice only"
done_testing
