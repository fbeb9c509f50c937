#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf top's TUI driven in tmux: programs of a workload started after top
# show up, the filter and the annotation (BPF instructions with their C
# source lines, also once unloaded), K/U, help, resize, and the terminal
# left as it was by q, SIGTERM and a crash (SIGSEGV).
. "$(dirname "$0")/lib.sh"
need_root
need_workloads
. "$(dirname "$0")/tui-lib.sh"

# appear_within REGEX N: the pane shows REGEX before N + 1 refreshes (new
# header lines) went by
appear_within() {
	local last="" n=0 h
	for _ in $(seq 600); do
		pane >"$TMPD/pane"
		grep -qE "$1" "$TMPD/pane" && return 0
		h=$(head -1 "$TMPD/pane")
		if [ "$h" != "$last" ]; then
			[ -n "$last" ] && n=$((n + 1))
			last=$h
		fi
		[ $n -gt "$2" ] && { diag "not there after $n refreshes"; return 1; }
		sleep 0.05
	done
	return 1
}
tui_save

# the header, then the programs of a workload started after top
keys "$PERF top -d 0.5" Enter
wait_pane '^   PerfTop: +[0-9]+ irqs/sec'
ok $? "the TUI shows upstream's header line"
grep -q "Press 'h' for help" "$TMPD/pane"
ok $? "status line"
"$WORKLOADS/bpfload" --hot 6 >"$TMPD/bl.out" 2>&1 &
bl=$!
# its programs are loaded once it prints them; every refresh (0.5 s) shows them
ready_or_fail $bl "$TMPD/bl.out" '^prog id=' "bpfload --hot"
inner=$(grep -oE 'bpf_prog_[0-9a-f]{16}_hot_sub2_inner' "$TMPD/bl.out")
appear_within "%  $inner +\[k\] $inner" 2
ok $? "a program loaded after top started appears by name within two refreshes"

# K hides it (a kernel symbol), K again shows it on the next refresh
keys K
sleep 0.3
pane | grep -q ' \[k\] '
[ $? -ne 0 ]
ok $? "K hides kernel symbols"
keys K
wait_pane "$inner"
ok $? "K again: kernel symbols back"

# the filter selects it; a annotates it with its source lines
keys /
wait_pane 'Filter'
keys hot_sub2_inner Enter
wait_pane "filter: hot_sub2_inner"
ok $? "/ sets a filter"
! grep -E '^ +[0-9]+\.[0-9]+%  ' "$TMPD/pane" | grep -qv hot_sub2_inner
ok $? "only rows matching the filter"
keys a
wait_pane "^Annotate $inner"
ok $? "a: the annotation view of the selected BPF function"
grep -qE '^ +[0-9]+\.[0-9]{2} : +[0-9a-f]+:[a-z]' "$TMPD/pane"
ok $? "annotation: instructions with their share"
grep -qE '^ +: [0-9]+ +.*x \^= x << 13;' "$TMPD/pane"
ok $? "annotation: C source lines from BTF"
keys q
wait_pane "Press 'h' for help"
ok $? "q leaves the annotation"

# after the workload unloaded its programs: still annotated (captured info)
kill -INT $bl 2>/dev/null
wait $bl
grep -q '^unloaded progs=' "$TMPD/bl.out"
ok $? "the workload unloaded its programs"
keys a
wait_pane "^Annotate $inner"
grep -qE '^ +: [0-9]+ +.*x \^= x << 13;' "$TMPD/pane"
ok $? "an unloaded program is annotated too"
keys q
keys h
wait_pane 'key bindings'
ok $? "h: help"
keys q

# a smaller terminal: the screen follows
tmux resize-window -t $S -x 100 -y 20 2>/dev/null || tmux resize-pane -t $S -x 100 -y 20
wait_pane "Press 'h' for help"
[ "$(wc -l <"$TMPD/pane")" -eq 20 ] && sed -n 20p "$TMPD/pane" | grep -q "Press 'h'"
ok $? "resize: the status line on the new last row"
awk 'length > 100 { bad = 1 } END { exit bad }' "$TMPD/pane"
ok $? "resize: no line wider than the terminal"
tmux resize-window -t $S -x 200 -y 50 2>/dev/null || tmux resize-pane -t $S -x 200 -y 50

# q: the terminal as it was
keys q
tui_same_screen "$PERF top -d 0.5" "q"
tui_same_modes "q"

# SIGTERM and SIGSEGV: restored as well
tui_signals "$PERF top -d 0.5" '^   PerfTop:' 'PerfTop'

done_testing
