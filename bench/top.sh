#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf top --stdio -F 999 system-wide, ours against /usr/bin/perf in the
# same run, while the hot BPF workload runs: the time from start to the
# first screen with rows, and the CPU time (user + system) of the top
# process per refresh once running.  Each top runs in a tmux pane so its
# stdin is a terminal (upstream's spins on a non-terminal stdin), with
# its screens going to a file.  System-wide: run it under
# `flock /tmp/perf-rec.lock`.
. "$(dirname "$0")/lib.sh"

REFRESHES=${REFRESHES:-5}
command -v tmux >/dev/null || { echo "bench/top.sh: needs tmux" >&2; exit 1; }
T=$(mktemp -d)
export TMUX_TMPDIR=$T
trap 'tmux kill-server 2>/dev/null; kill $load 2>/dev/null; rm -rf "$T"' EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
# cpu_ticks PID: utime + stime in clock ticks
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
rows() { grep -cE '^ +[0-9]+\.[0-9]{2}%  ' "$1" 2>/dev/null || true; }
screens() { grep -c 'PerfTop:' "$1" 2>/dev/null || true; }

# run PERF NAME: prints "<ms to first screen with rows> <cpu ms per refresh>"
run() {
	local perf=$1 out=$T/$2.out t0 t1 pid c0 c1 s0 i hz
	hz=$(getconf CLK_TCK)
	rm -f "$out"
	t0=$(now_ms)
	tmux new-session -d -s "$2" -x 200 -y 50 \
		"exec $perf top --stdio -F 999 -d 1 -E 40 >$out 2>$T/$2.err"
	for i in $(seq 6000); do
		[ "$(rows "$out")" -gt 0 ] && break
		sleep 0.01
	done
	t1=$(now_ms)
	pid=$(tmux display -p -t "$2" '#{pane_pid}')
	s0=$(screens "$out")
	c0=$(cpu_ticks "$pid")
	for i in $(seq 3000); do
		[ "$(screens "$out")" -ge $((s0 + REFRESHES)) ] && break
		sleep 0.01
	done
	c1=$(cpu_ticks "$pid")
	tmux send-keys -t "$2" q 2>/dev/null
	kill -INT "$pid" 2>/dev/null
	for i in $(seq 500); do kill -0 "$pid" 2>/dev/null || break; sleep 0.01; done
	kill -KILL "$pid" 2>/dev/null
	tmux kill-session -t "$2" 2>/dev/null
	awk -v f=$((t1 - t0)) -v c=$((c1 - c0)) -v hz="$hz" -v n="$REFRESHES" \
		'BEGIN { printf "%d %.1f\n", f, 1000 * c / hz / n }'
}

"$WORKLOADS/bpfload" -n 2 --hot 3600 >/dev/null 2>&1 &
load=$!
sleep 0.5
for i in $(seq "$RUNS"); do
	read -r of oc < <(run "$PERF" ours)
	read -r uf uc < <(run "$UPERF" upstream)
	awk -v of="$of" -v oc="$oc" -v uf="$uf" -v uc="$uc" 'BEGIN {
		printf "top --stdio -F 999 -a: first screen ours %6d ms  upstream %6d ms  (%.1fx)   " \
		       "CPU per refresh ours %6.1f ms  upstream %6.1f ms  (%.2fx)\n",
		       of, uf, (of > 0 ? uf / of : 0), oc, uc, (oc > 0 ? uc / oc : 0) }'
done
