# SPDX-License-Identifier: GPL-2.0
# Shared by the TUI tests, sourced after lib.sh: a tmux session of the
# test's own (200x50, a shell with a known prompt, PAGER=cat), waiting on
# what its screen shows (never on sleeps), and the checks that a TUI
# left the terminal as it found it.
command -v tmux >/dev/null || skip_all "no tmux (apt-get install tmux)"

S=perf-tui-$$
export TMUX_TMPDIR=$TMPD
tmux -f /dev/null new-session -d -s $S -x 200 -y 50 \
	"env PS1='TUI-TEST\$ ' PAGER=cat bash --norc --noprofile"
# the server and the pane's shell are gone before the scratch files go:
# a shell dying of SIGHUP still writes in $HOME, and rm -rf raced it
TUI_PIDS="$(tmux display -p -t $S '#{pid} #{pane_pid}')"
tui_kill() {
	local i pid
	tmux kill-server 2>/dev/null
	for pid in $TUI_PIDS; do
		for i in $(seq 100); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.05
		done
	done
}
trap 'st=$?; tui_kill; (exit $st); tmpd_exit' EXIT

PROMPT='^TUI-TEST\$ *$'

pane() { tmux capture-pane -t $S -p; }
# the pane with what scrolled off it since the last clear-history
history() { tmux capture-pane -t $S -p -S -; }
keys() { tmux send-keys -t $S "$@"; }
# wait_pane REGEX: until the pane shows it (60 s at most: the machine may
# be loaded); the pane in $TMPD/pane; on a timeout, 1 and the pane said
wait_pane() {
	local i
	for i in $(seq 600); do
		pane >"$TMPD/pane"
		grep -qE -- "$1" "$TMPD/pane" && return 0
		sleep 0.1
	done
	diag "timed out waiting for /$1/ on the screen; it shows:"
	grep -v '^ *$' "$TMPD/pane" | head -20 | sed 's/^/#   /'
	return 1
}
# must_see REGEX WHAT: wait_pane, else fail the test loudly and stop
must_see() { wait_pane "$1" || { ok 1 "$2"; done_testing; }; }
# the perf process tmux runs, by its parent the shell
perf_pid() { pgrep -P "$(tmux display -p -t $S '#{pane_pid}')" -x perf; }

# stty_clear FILE WHAT: the shell writes its terminal modes to FILE and
# clears the screen; waits until both are done (the old prompt on the
# screen says nothing: the keys may not even be echoed yet)
stty_clear() {
	local i
	rm -f "$1"
	keys "stty -g >$1; clear" Enter
	for i in $(seq 600); do
		pane >"$TMPD/pane"
		[ -s "$1" ] && [ "$(grep -vc '^ *$' "$TMPD/pane")" = 1 ] &&
			grep -qE -- "$PROMPT" "$TMPD/pane" && return 0
		sleep 0.1
	done
	diag "timed out waiting for $1 and a cleared screen; it shows:"
	grep -v '^ *$' "$TMPD/pane" | head -20 | sed 's/^/#   /'
	ok 1 "$2"
	done_testing
}

# tui_save: the shell's terminal modes and its (cleared) screen, to compare with later
tui_save() {
	must_see "$PROMPT" "the shell is ready"
	stty_clear "$TMPD/stty.before" "the shell cleared"
	pane >"$TMPD/screen.before"
}
# tui_same_screen CMD WHAT: what was there, the command line, a new
# prompt: nothing of the TUI left after CMD
tui_same_screen() {
	must_see "$PROMPT" "$2: a prompt again"
	{ grep -v '^$' "$TMPD/screen.before" | sed '$d'; echo "TUI-TEST\$ $1"
	  echo 'TUI-TEST$'; } >"$TMPD/screen.want"
	grep -v '^$' "$TMPD/pane" | sed 's/ *$//' >"$TMPD/screen.after"
	is_same_file "$TMPD/screen.after" "$TMPD/screen.want" "$2: the screen as before"
}
# tui_same_modes WHAT: the terminal modes as tui_save() found them; clears the screen
tui_same_modes() {
	stty_clear "$TMPD/stty.after" "$1: the shell is back"
	cmp -s "$TMPD/stty.before" "$TMPD/stty.after"
	ok $? "$1: terminal modes as before"
}
# tui_signals CMD READY-REGEX GONE-REGEX: CMD killed by SIGTERM, then by
# SIGSEGV once the screen shows READY; GONE not shown after, the modes as before
tui_signals() {
	local sig
	for sig in TERM SEGV; do
		keys "$1" Enter
		must_see "$2" "the TUI up for SIG$sig"
		kill -$sig "$(perf_pid)"
		must_see "$PROMPT" "SIG$sig: a prompt again"
		! grep -qE "$3" "$TMPD/pane"
		ok $? "SIG$sig: the screen restored"
		stty_clear "$TMPD/stty.$sig" "SIG$sig: the shell is back"
		cmp -s "$TMPD/stty.before" "$TMPD/stty.$sig"
		ok $? "SIG$sig: terminal modes restored"
	done
}
# first_screen: until a report browser's whole first screen is drawn ($TITLE,
# a row under the titles, the same pane twice in a row: a TUI may draw in pieces)
first_screen() {
	local i prev=
	must_see "$TITLE" "the browser's title line"
	must_see '^[+ -] +[0-9]+\.[0-9]+%' "the browser's rows"
	for i in $(seq 300); do
		pane >"$TMPD/pane"
		[ -n "$prev" ] && cmp -s "$TMPD/pane" "$prev" && return 0
		cp "$TMPD/pane" "$TMPD/pane.prev"
		prev=$TMPD/pane.prev
		sleep 0.1
	done
	ok 1 "the browser's first screen settles"
	done_testing
}
# settle: until the pane is the same twice in a row (a TUI may draw in pieces)
settle() {
	local i
	pane >"$TMPD/pane.prev"
	for i in $(seq 300); do
		sleep 0.1
		pane >"$TMPD/pane"
		cmp -s "$TMPD/pane" "$TMPD/pane.prev" && return 0
		cp "$TMPD/pane" "$TMPD/pane.prev"
	done
	ok 1 "the screen settles"
	done_testing
}
# text_run CMD: CMD on the terminal, its screen (and what scrolled off) in $TMPD/history
text_run() {
	keys clear Enter
	must_see "$PROMPT" "cleared"
	tmux clear-history -t $S
	keys "$1; echo TEXT-DONE" Enter
	must_see '^TEXT-DONE' "$1 ends"
	history >"$TMPD/history"
}
