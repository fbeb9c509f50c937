#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --stats on the same >= 1M-sample file, ours against
# /usr/bin/perf: wall time (best of $RUNS), peak RSS and the speedup.
# Target: >= 5x upstream's throughput.
. "$(dirname "$0")/lib.sh"

file=$(big_file) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
compare "report --stats" "$PERF" report --stats -i "$file" -- \
	"$UPERF" report --stats -i "$file"
