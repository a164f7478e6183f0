# SPDX-License-Identifier: GPL-3.0-or-later
# tmux-lib.sh: what the terminal tests (tests/ui*.sh) share.  Source it
# after lib.sh, then call tmux_start before plan:
#
#   tmux_start NAME [KEEP [SETTLE [GAP]]]
#
# skips the whole script when tmux is missing; else starts a private tmux
# server ($sock, named after NAME) kept up by a session living KEEP
# seconds (300), makes $tmp a private folder, and removes both on exit
# (a game killed with the server saves on its way out: it is given time).
# Then: t ARGS (tmux on that server), settle [SECONDS] (SETTLE, 0.4),
# screen (the pane 'ui' as text), keys KEY... (each sent to 'ui' GAP
# seconds apart, 0.15, then settle), cmd LINE (typed on the ':' line),
# start COLSxROWS ARGS... (a fresh game in the pane 'ui', with a saves
# folder of its own, $tmp/data$ngames, so no autosave of an earlier game
# is offered; UI_LANG and UI_CONF change its locale and options folder).
tmux_start() {
	TMUX_BIN=${TMUX_BIN:-$(command -v tmux)}
	[ -n "$TMUX_BIN" ] && [ -x "$TMUX_BIN" ] || skip_all "tmux is not installed"
	sock=grognard-$1-$$
	tmp=${TMPDIR:-/tmp}/grognard-$1.$$
	tmux_settle=${3:-0.4}
	tmux_gap=${4:-0.15}
	trap 't kill-server 2>/dev/null; sleep 0.5; rm -rf "$tmp"' EXIT
	mkdir -p "$tmp"
	t new-session -d -s keep -x 80 -y 24 "sleep ${2:-300}"
}
t() { "$TMUX_BIN" -L "$sock" "$@"; }
settle() { sleep "${1:-$tmux_settle}"; }
screen() { t capture-pane -p -t ui; }
keys() { for k in "$@"; do t send-keys -t ui "$k"; sleep "$tmux_gap"; done; settle; }
cmd() { keys :; t send-keys -t ui "$1" Enter; settle; }
ngames=0
start() {
	size=$1; shift
	t kill-session -t ui 2>/dev/null
	ngames=$((ngames + 1))
	t new-session -d -s ui -x "${size%x*}" -y "${size#*x}" \
		"env LANG=${UI_LANG:-C.UTF-8} XDG_DATA_HOME='$tmp/data$ngames' XDG_CONFIG_HOME='${UI_CONF:-$tmp/noconf}' GROGNARD_DATADIR='$GROGNARD_DATADIR' HOME=/nonexistent '$GROGNARD' $*; sleep 5"
	settle 0.8
}
