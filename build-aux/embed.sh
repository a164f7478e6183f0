#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# embed.sh NAME < FILE > FILE.c: a C string holding FILE, for the battle
# that is built into the binary.
name=$1
printf '/* SPDX-License-Identifier: GPL-3.0-or-later */\n/* Generated from a data file by build-aux/embed.sh; do not edit. */\n'
printf 'const char %s[] =\n' "$name"
sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/'
printf ';\n'
