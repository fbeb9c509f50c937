#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --stdio --sort comm,dso,sym on the same >= 1.5M-sample file
# (system-wide, BPF + user workload, no -g), ours against /usr/bin/perf:
# best wall time of $RUNS, peak RSS and the speedup.  Target: >= 5x.
. "$(dirname "$0")/lib.sh"

. "$(dirname "$0")/report-lib.sh"

file=$(big_bpf_file) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
[ "$samples" -ge 1500000 ] || echo "bench: note: fewer than 1.5M samples (BENCH_SECONDS=${BENCH_SECONDS:-36})"
compare "report --stdio --sort comm,dso,sym" \
	"$PERF" report --stdio --sort comm,dso,sym -i "$file" -- \
	"$UPERF" report --stdio --sort comm,dso,sym -i "$file"
