#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --stats on the same >= 1M-sample file, ours against
# /usr/bin/perf: wall time (best of $RUNS), peak RSS and the speedup, then
# the CPU time (task-clock, mean of $RUNS), steadier on a loaded machine.
# Target: >= 5x upstream's throughput.
RUNS=${RUNS:-10}	# ours takes ~0.05 s: the best of 3 is mostly scheduling noise
. "$(dirname "$0")/lib.sh"

file=$(big_file) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
compare "report --stats" "$PERF" report --stats -i "$file" -- \
	"$UPERF" report --stats -i "$file"

# task_clock CMD...: mean task-clock in ms over $RUNS runs (counting, no sampling)
task_clock() {
	"$UPERF" stat -x, -e task-clock -r "$RUNS" "$@" 2>&1 >/dev/null |
		awk -F, '$3 ~ /^task-clock/ { print $1 }'
}
ours=$(task_clock "$PERF" report --stats -i "$file")
theirs=$(task_clock "$UPERF" report --stats -i "$file")
awk -v o="$ours" -v t="$theirs" 'BEGIN {
	printf "%-40s ours %7.1fms               upstream %7.1fms                speedup %5.2fx\n",
		"report --stats (CPU, task-clock)", o, t, (o > 0 ? t / o : 0) }'
