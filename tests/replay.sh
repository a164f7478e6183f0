#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Replays: a saved battle played again from its seed and orders (an undo
# among them) comes out as saved, whole dump and log; one that does not is
# reported; batch mode steps through the frames (the start, each
# initiative, the end) on commands; the terminal labels them the same way.
. "${top_srcdir:-$(dirname "$0")/..}/tests/lib.sh"
scratch replay
plan 21

# Three initiatives against the computer, with an order taken back: the
# French win Turn 1's (--dice) and the next (3D6 6+6+6 against 2D6 1+1).
printf 'brigade StH1\nmove 10L1 3\nundo\nmove 10L1 2\nend\ndice 6 6 6 1 1\nend\nbrigade StH2\nend\nend\nsave r\nquit\n' |
	"$GROGNARD" --batch --side A --seed "$SEED" --dice "$(first_pips A)" >"$tmp/play" 2>&1
grep -q 'Order taken back' "$tmp/play"
ok $? "the battle has an order taken back"
"$GROGNARD" --replay r --batch </dev/null >"$tmp/out" 2>"$tmp/err"
is "$?" 0 "its replay comes out as saved (exit 0)"
is "$(cat "$tmp/err")" "" "... with nothing to report"
inits=$(grep -c '^log: .* have the initiative (' "$tmp/out")
like "$(grep '^replay: ' "$tmp/out")" \
	"^replay: [0-9]+ orders and answers, $inits initiatives, [0-9]+ log lines; frames 0 \(the start\) to $((inits + 1)) \(the end\)$" \
	"the summary counts the initiatives, not the frames"

# Stepping in batch mode.
printf 'first\nnext\ndump\nlog\nlast\ndump\nprev\nfirst\nprev\ngoto 99\nfly\nquit\nnext\n' |
	"$GROGNARD" --replay r --batch >"$tmp/steps" 2>"$tmp/steps.err"
is "$?" 1 "bad stepping commands count as errors (exit 1)"
frames=$(grep '^frame ' "$tmp/steps" | tr '\n' '|')
is "$frames" "frame 0: the start|frame 1: initiative 1 of $inits, Turn 1, French|frame $((inits + 1)): the end, Turn 1|frame $inits: initiative $inits of $inits, Turn 1, French|frame 0: the start|" \
	"first, next, last, prev: each frame named; quit stops"
sed -n '/^frame 1:/,/^frame /p' "$tmp/steps" | grep '^game ' >"$tmp/g1"
like "$(cat "$tmp/g1")" "^game turn=1 .*phase=initiative initiative=A brigade=- " \
	"dump shows the frame: the start of the first initiative"
sed -n '/^frame 1:/,/^frame /p' "$tmp/steps" | grep '^log: ' >"$tmp/log1"
like "$(head -1 "$tmp/log1")" "^log: French: Destabenrath's brigade has the initiative\.$" \
	"log gives what happens from the frame on..."
like "$(cat "$tmp/log1")" "Order taken back\." "... the undo with it"
like "$(tail -1 "$tmp/log1")" "have the initiative \(" "... up to the next initiative"
sed -n "/^frame $((inits + 1)):/,/^frame /p" "$tmp/steps" | grep -E '^(game|side|unit|commander|objective) ' >"$tmp/dlast"
printf 'dump\nquit\n' | "$GROGNARD" --batch --load r 2>/dev/null | grep -E '^(game|side|unit|commander|objective) ' >"$tmp/dsaved"
cmp -s "$tmp/dlast" "$tmp/dsaved" && [ -s "$tmp/dsaved" ]
ok $? "the last frame is the saved battle, dump for dump"
is "$(sed -n 1p "$tmp/steps.err")" "stdin:9: no frame -1: they go from 0 (the start) to $((inits + 1)) (the end)" \
	"prev from the start is refused"
is "$(sed -n 2p "$tmp/steps.err")" "stdin:10: no frame 99: they go from 0 (the start) to $((inits + 1)) (the end)" \
	"goto past the end is refused"
like "$(sed -n 3p "$tmp/steps.err")" "^stdin:11: a replay takes next, prev, first, last, goto N \(0 to [0-9]+\), dump, log or quit$" \
	"an unknown command names those there are"

# An order changed in the save: the same number of log lines and dice,
# but not the same battle.
printf 'brigade StH1\nmove 10L1 2\nsave plain\nquit\n' | "$GROGNARD" --batch --side A --seed "$SEED" --dice "$(first_pips A)" >/dev/null 2>&1
sed 's/"move 10L1 2"/"move 10L1 1"/' "$dir/plain.save" >"$dir/edited.save"
"$GROGNARD" --replay edited --batch </dev/null >/dev/null 2>"$tmp/err"
is "$?" 1 "a replay that does not come out as saved exits 1"
like "$(head -1 "$tmp/err")" "^grognard: the replay differs from the save" "... and says so"
like "$(sed -n 2p "$tmp/err")" "^  replay: unit id=10L1 .* y=74\.00 " "... showing the replay's line"
like "$(sed -n 3p "$tmp/err")" "^  save:   unit id=10L1 .* y=73\.00 " "... against the save's"
# The terminal names the frames the same way.
TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
if [ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ]; then
	sock=grognard-replay-$$
	t() { "$TMUX_BIN" -L "$sock" "$@"; }
	t new-session -d -s r -x 80 -y 24 \
		"env LANG=C.UTF-8 XDG_DATA_HOME='$XDG_DATA_HOME' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' --replay r; sleep 5"
	sleep 0.8
	like "$(t capture-pane -p -t r)" "Replay: the start \(Turn 1\)" "the terminal replay begins at the start"
	t send-keys -t r n
	sleep 0.4
	like "$(t capture-pane -p -t r)" "Replay: initiative 1 of $inits \(Turn 1\)" "... n: the first initiative"
	t send-keys -t r G
	sleep 0.4
	like "$(t capture-pane -p -t r)" "Replay: the end \(Turn 1\)" "... G: the end"
	t send-keys -t r q
	t kill-server 2>/dev/null
else
	for i in 1 2 3; do echo "ok $((tap_n += 1)) # SKIP tmux is not installed"; done
fi
done_testing
