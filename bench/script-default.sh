#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf script (default fields) on the same >= 1.5M-sample file, ours
# against /usr/bin/perf: best wall time of $RUNS, peak RSS and the
# speedup, without and with -g.  Target: >= 3x.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report-lib.sh"

for cg in "" -g; do
	file=$(big_bpf_file $cg) || { echo "bench: cannot record the input" >&2; exit 1; }
	samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
	echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
	compare "script${cg:+ (-g)}" "$PERF" script -i "$file" -- "$UPERF" script -i "$file"
done
