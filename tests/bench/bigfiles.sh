#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bigfiles.sh DIR: write the loader benchmark's files into DIR: a map with a
# wood of 100,000 points, one with a road of 100,000 points, and an orbat
# of 96,000 units (each valid, so --check reads all of it).
set -eu
dir=$1
mkdir -p "$dir"
side() { # the two tiny forces every map needs
	cat <<'CFG'
sides = {
  A = { orbat = { nationality = "french";
          corps = { id = "C1"; name = "Corps"; commander = { name = "Davout"; rating = "good"; };
            divisions = ( { id = "D1"; name = "Division"; commander = { name = "Gudin"; rating = "good"; };
              brigades = ( { id = "B1"; name = "Brigade"; type = "infantry";
                units = ( { id = "U1"; name = "One"; type = "line_infantry"; rating = "veteran"; men = 600; } ); } ); } ); }; };
        deploy = ( { unit = "U1"; x = 10.0; y = 190.0; facing = 0.0; } ); };
  B = { orbat = { nationality = "prussian";
          corps = { id = "C2"; name = "Corps"; commander = { name = "Brunswick"; rating = "good"; };
            divisions = ( { id = "D2"; name = "Division"; commander = { name = "Schmettau"; rating = "good"; };
              brigades = ( { id = "B2"; name = "Brigade"; type = "infantry";
                units = ( { id = "U2"; name = "Two"; type = "line_infantry"; rating = "veteran"; men = 600; } ); } ); } ); }; };
        deploy = ( { unit = "U2"; x = 10.0; y = 10.0; facing = 180.0; } ); };
};
CFG
}
# A wood: a circle of 100,000 points (a simple polygon).
{
	echo 'name = "A wood of 100,000 points"; table = { width = 200.0; height = 200.0; };'
	echo 'terrain = ( { type = "wood"; name = "Big wood"; points = ('
	awk 'BEGIN { n = 100000; for (i = 0; i < n; i++) { a = 2 * 3.141592653589793 * i / n;
		printf "[%.6f, %.6f]%s\n", 100 + 60 * cos(a), 100 + 60 * sin(a), i < n - 1 ? "," : "" } }'
	echo '); } );'
	side
} >"$dir/wood100k.cfg"
# A road: 100,000 points zigzagging across the table, never crossing itself.
{
	echo 'name = "A road of 100,000 points"; table = { width = 200.0; height = 200.0; };'
	echo 'terrain = ( { type = "road"; name = "Long road"; points = ('
	awk 'BEGIN { n = 100000; for (i = 0; i < n; i++) {
		printf "[%.6f, %.6f]%s\n", 20 + 160 * i / (n - 1), 100 + (i % 2 ? 5 : -5), i < n - 1 ? "," : "" } }'
	echo '); } );'
	side
} >"$dir/road100k.cfg"
# An orbat of 96,000 units: 40 divisions of 40 brigades of 60 battalions.
awk 'BEGIN {
	print "nationality = \"french\";"
	print "corps = { id = \"C\"; name = \"Grande Armee\"; commander = { name = \"Napoleon\"; rating = \"excellent\"; };"
	print "divisions = ("
	for (d = 1; d <= 40; d++) {
		printf "{ id = \"D%d\"; name = \"Division %d\"; commander = { name = \"General %d\"; rating = \"good\"; };\n", d, d, d
		print "brigades = ("
		for (b = 1; b <= 40; b++) {
			printf "{ id = \"D%dB%d\"; name = \"Brigade %d\"; type = \"infantry\"; units = (\n", d, b, b
			for (u = 1; u <= 60; u++)
				printf "{ id = \"D%dB%dU%d\"; name = \"Battalion\"; type = \"line_infantry\"; rating = \"trained\"; men = 600; }%s\n", d, b, u, u < 60 ? "," : ""
			printf "); }%s\n", b < 40 ? "," : ""
		}
		printf "); }%s\n", d < 40 ? "," : ""
	}
	print "); };"
}' >"$dir/orbat96k.cfg"
