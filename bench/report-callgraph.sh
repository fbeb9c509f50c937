#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --stdio --sort comm,dso,sym (children, the default) on the
# same >= 1.5M-sample -g file, ours against /usr/bin/perf: best wall time
# of $RUNS, peak RSS and the speedup.  Targets: >= 10x, <= 1/10 the RSS.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report-lib.sh"

file=$(big_bpf_file -g) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
[ "$samples" -ge 1500000 ] || echo "bench: note: fewer than 1.5M samples (BENCH_SECONDS=${BENCH_SECONDS:-50})"
compare "report -g --stdio --sort comm,dso,sym" \
	"$PERF" report --stdio --sort comm,dso,sym -i "$file" -- \
	"$UPERF" report --stdio --sort comm,dso,sym -i "$file"
