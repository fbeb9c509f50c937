#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report's browser, ours against /usr/bin/perf's in the same run, on
# the >= 1.5M-sample file (report-lib.sh's big_bpf_file; -g with
# TUI_CG=-g): the time from start to the first screen with rows, in a
# tmux pane of 200x50 (a terminal, as a user's), best of $RUNS.  Then
# the time from `a` on the hottest BPF program to its annotate browser
# (ours only: upstream cannot annotate BPF without libopcodes).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report-lib.sh"

command -v tmux >/dev/null || { echo "bench/report-tui.sh: needs tmux" >&2; exit 1; }
file=$(big_bpf_file ${TUI_CG:-}) || { echo "bench: cannot record the input" >&2; exit 1; }
T=$(mktemp -d)
export TMUX_TMPDIR=$T
trap 'tmux kill-server 2>/dev/null; rm -rf "$T"' EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# wait_screen SESSION REGEX: until the pane shows REGEX (2 min at most)
wait_screen() {
	local i
	for i in $(seq 24000); do
		tmux capture-pane -t "$1" -p 2>/dev/null | grep -qE -- "$2" && return 0
		tmux has-session -t "$1" 2>/dev/null || return 1
		sleep 0.005
	done
	return 1
}

# first_screen PERF NAME: ms from start to the first row on the screen
first_screen() {
	local t0 t1
	t0=$(now_ms)
	tmux new-session -d -s "$2" -x 200 -y 50 "exec $1 report -i $file 2>/dev/null"
	wait_screen "$2" '^[+ -]? *[0-9]+\.[0-9]+%' || { echo 0; return; }
	t1=$(now_ms)
	echo $((t1 - t0))
}

# annotate_time: ms from `a` on a filtered hot BPF row to its browser (ours)
annotate_time() {
	local t0 t1
	tmux send-keys -t ours / hot_sub2_inner Enter
	wait_screen ours 'filter: hot_sub2_inner' || { echo 0; return; }
	t0=$(now_ms)
	tmux send-keys -t ours a
	wait_screen ours '\[Percent: local period\]' || { echo 0; return; }
	t1=$(now_ms)
	echo $((t1 - t0))
}

ob="" ub="" ab=""
for i in $(seq "$RUNS"); do
	o=$(first_screen "$PERF" ours)
	a=$(annotate_time)
	tmux kill-session -t ours 2>/dev/null
	u=$(first_screen "$UPERF" upstream)
	tmux kill-session -t upstream 2>/dev/null
	if [ -z "$ob" ] || [ "$o" -lt "$ob" ]; then ob=$o; fi
	if [ -z "$ub" ] || [ "$u" -lt "$ub" ]; then ub=$u; fi
	if [ -z "$ab" ] || [ "$a" -lt "$ab" ]; then ab=$a; fi
done
samples=$("$PERF" report --stats -i "$file" 2>/dev/null | awk '/SAMPLE events:/ { for (i = 1; i < NF; i++) if ($i == "events:") print $(i + 1); exit }')
awk -v o="$ob" -v u="$ub" -v a="$ab" -v n="${samples:-?}" -v cg="${TUI_CG:-}" 'BEGIN {
	printf "report TUI %s(%s samples): first screen ours %d ms  upstream %d ms  (%.1fx)   " \
	       "a on a BPF program: %d ms\n", cg ? "-g " : "", n, o, u, (o > 0 ? u / o : 0), a }'
