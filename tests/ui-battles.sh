#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Choosing a battle in the terminal, driven in tmux at 80x24: started bare,
# grognard lists the battles with year, nations, units a side and title,
# the highlighted one's briefing under the list; a key or Enter starts
# one, r a random battle, Esc leaves; Tab shows a long briefing whole.  A
# map added to the data directory is offered without any change to the
# program, and a long list scrolls.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
. "$top_srcdir/tests/tmux-lib.sh"
tmux_start uib 300 0.5 0.2
plan 32
n=0
# start [DATADIR] ARGS...: grognard bare in a fresh saves directory.
start() {
	dd=$1; shift
	n=$((n + 1))
	t kill-session -t ui 2>/dev/null
	t new-session -d -s ui -x 80 -y 24 \
		"env LANG=C.UTF-8 XDG_DATA_HOME='$tmp/data$n' XDG_CONFIG_HOME='$tmp/noconf' GROGNARD_DATADIR='$dd' HOME=/nonexistent '$GROGNARD' $*; echo EXITED \$?; sleep 5"
	settle 1
}
# inside: the text of the menu's box (as wide as the screen allows: the
# columns inside its borders), as one line.
inside() { screen | perl -CS -ne 'chomp; print substr($_, 2, 76), "\n"' | tr -s ' \n' '  '; }
# key_of TITLE: the menu key of the battle whose line shows TITLE.
key_of() { screen | grep -- "$1" | sed 's/^[^a-z0-9]*\([a-z0-9]\) .*/\1/' | head -1; }

start "$GROGNARD_DATADIR" --seed 3
s=$(screen)
like "$s" "Which battle\\? \\(year, nations, units a side\\)" "started bare, grognard asks which battle"
like "$s" "1 +1809 +French v Austrian +14 v 14 +Hochdorf, 1809" "the built-in battle first: year, nations, units a side, title"
like "$s" "[0-9a-z] +1806 +French v Prussian +38 v 77 +Auerstedt, 14 October 1806" "Auerstedt is offered"
like "$s" "[0-9a-z] +1815 +French v British\\+ +163 v 230 +Waterloo, 18 June 1815" \
	"Waterloo is offered, one nation a side and a + for more, its title whole"
like "$s" "r +a random battle" "and a random battle"
like "$(inside)" "Hochdorf, 1809 \(the built-in battle\): A French advance guard meets an Austrian flank corps" \
	"the highlighted battle's briefing is shown under the list"
like "$s" "Esc: leave grognard" "Esc leaves"
is "$(printf '%s\n' "$s" | wc -l | tr -d ' ')" 24 "the screen fills 24 lines"
w=$(printf '%s\n' "$s" | LC_ALL=C.UTF-8 wc -L)
ok $([ "$w" -le 80 ] && echo 0 || echo 1) "no line is wider than 80 columns ($w)"
# The second battle listed (by date), its title from --list.
second=$("$GROGNARD" --list 2>/dev/null | sed -n 2p | sed -E 's/^.* [0-9]+ v [0-9]+ +//')
keys j
like "$(inside)" "$(printf '%s' "$second" | sed 's/[][\\.*^$()+?{}|]/\\&/g'): " \
	"j highlights the next battle ($second) and shows its briefing"
keys "$(key_of 'Auerstedt, 14 October')"
like "$(screen)" "T1/14 07:00 " "its key starts Auerstedt"
keys q y

start "$GROGNARD_DATADIR" --seed 3
keys Enter
like "$(screen)" "^T1/10 10:00 clear \| French: initiative" "Enter starts the highlighted one, the built-in battle"
keys q y

start "$GROGNARD_DATADIR" --seed 3
keys Escape
settle
like "$(screen)" "EXITED 0" "Esc leaves grognard (exit 0)"
ok $([ ! -e "$tmp/data$n/grognard/autosave.save" ] && echo 0 || echo 1) "... with nothing saved"

start "$GROGNARD_DATADIR" --seed 4
keys r
like "$(screen)" "Random battle: the region" "r asks for a random battle's region"
keys Escape
like "$(screen)" "Which battle\\?" "Esc there goes back to the battles"
keys Escape

# A data directory of our own: a map put in maps/ is offered with the
# rest, in order of date; a map that will not load is not, and the hint
# says so.
mkdir -p "$tmp/dd/maps" "$tmp/dd/orbats"
cp "$top_srcdir"/orbats/auerstedt-*.cfg "$tmp/dd/orbats/"
cp "$top_srcdir/maps/auerstedt.cfg" "$tmp/dd/maps/"
sed -e 's/^name = .*/name = "Zorndorf, 25 August 1758";/' -e 's/^date = .*/date = "1758-08-25";/' \
	-e 's/^description = .*/description = "Frederick against Fermor: the bloodiest day of the war.";/' \
	"$top_srcdir/maps/auerstedt.cfg" >"$tmp/dd/maps/zorndorf.cfg"
printf 'name = "Broken";\ntable = { width = ; };\n' >"$tmp/dd/maps/broken.cfg"
start "$tmp/dd" --seed 3
s=$(screen)
like "$s" "2 +1758 +French v Prussian +38 v 77 +Zorndorf, 25 August 1758" "a map added to maps/ is offered, in order of date"
like "$s" "3 +1806 .*Auerstedt" "... before the later battles"
unlike "$s" "Broken" "a map that will not load is not offered"
like "$(inside)" "some maps could not be read: grognard --list says why" "... and the hint says so"
keys 2
like "$(screen | tr -s ' \n' '  ')" "Frederick against Fermor|T1/14 07:00" "its key starts the added battle"
keys q y
rm "$tmp/dd/maps/broken.cfg"

# A briefing longer than the room under the list: what shows is marked
# on the border as cut, and Tab shows it whole in the pager.
long="The Russians hold the Muehlberge."
i=0
while [ $i -lt 30 ]; do long="$long Frederick's grenadiers climb the heights again."; i=$((i + 1)); done
sed -e 's/^name = .*/name = "Kunersdorf, 12 August 1759";/' -e 's/^date = .*/date = "1759-08-12";/' \
	-e "s/^description = .*/description = \"$long Night ends it.\";/" \
	"$top_srcdir/maps/auerstedt.cfg" >"$tmp/dd/maps/kunersdorf.cfg"
start "$tmp/dd" --seed 3
keys j j
s=$(screen)
like "$s" "Kunersdorf, 12 August 1759: The Russians hold" "a long briefing begins under the list"
unlike "$s" "Night ends it" "... it does not fit"
like "$s" "again\\. +v" "... and a mark on the border says it goes on"
like "$(inside)" "Tab: the whole briefing" "the hint offers the whole briefing"
keys Tab
like "$(screen | tr -s ' \n' '  ')" "climb the heights again\. Night ends it\." "Tab shows the briefing whole, in the pager"
keys q
like "$(screen)" "Which battle\\?" "q leaves the pager for the list"
keys Escape
rm "$tmp/dd/maps/kunersdorf.cfg"

# More battles than the screen holds: the list scrolls to the highlighted
# one, and marks that there are more.
i=10
while [ $i -le 40 ]; do
	sed -e "s/^name = .*/name = \"Battle $i\";/" -e "s/^date = .*/date = \"18$i-01-01\";/" \
		"$top_srcdir/maps/auerstedt.cfg" >"$tmp/dd/maps/b$i.cfg"
	i=$((i + 1))
done
start "$tmp/dd" --seed 3
s=$(screen)
like "$s" "1 +1809 .*Hochdorf" "a long list begins at the top"
like "$s" "Battle [0-9]+ +v" "... with a mark on its border that more follow"
keys k
s=$(screen)
like "$s" "r +a random battle" "k from the top goes round to the last item, the random battle"
unlike "$s" "1 +1809 .*Hochdorf" "... and the list has scrolled to it"
like "$s" "Battle [0-9]+ +\\^" "... with a mark on its border that more come before"
keys Escape
done_testing
