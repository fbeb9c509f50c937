#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf annotate --stdio on the same file, ours (capstone, in process)
# against /usr/bin/perf (objdump per symbol): the hottest native symbol,
# and every symbol of the file.  The file: a CPU-bound native workload
# (our perf report, from a copy of the binary) recorded per-thread with
# call chains by /usr/bin/perf, a few MB as a user's would be.
# Target: >= 10x.  Records (once) under flock /tmp/perf-rec.lock.
. "$(dirname "$0")/lib.sh"

input=$BENCH_DIR/annotate-input.data
file=$BENCH_DIR/annotate-g.data
bin=$BENCH_DIR/annotate-perf
if [ ! -s "$file" ] || [ ! -x "$bin" ]; then
	echo "bench: recording $file (about 30 s)" >&2
	cp "$PERF" "$bin"
	flock /tmp/perf-rec.lock "$UPERF" record -q -a -F 2000 -o "$input" -- "$WORKLOADS/bpfload" --hot 2 \
		>/dev/null 2>&1 || { echo "bench: cannot record $input" >&2; exit 1; }
	flock /tmp/perf-rec.lock "$UPERF" record -q -g -F 4000 -o "$file" -- sh -c \
		"for i in \$(seq 16); do \"$bin\" report -i \"$input\" --stdio >/dev/null; done" \
		>/dev/null 2>&1 || { echo "bench: cannot record $file" >&2; exit 1; }
fi
sym=$("$PERF" report -i "$file" --stdio --sort dso,sym -q -d annotate-perf --no-children -g none 2>/dev/null |
	perl -ne 'if (/\[\.\] (\S+)\s*$/) { print "$1\n"; exit }')
nsyms=$("$PERF" annotate --stdio -i "$file" 2>/dev/null | grep -c 'Source code & Disassembly')
echo "input: $file, $(($(stat -c %s "$file") >> 10)) KiB," \
	"$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')" \
	"samples, $nsyms symbols annotated, hottest native: $sym"
compare "annotate --stdio $sym" \
	"$PERF" annotate --stdio -i "$file" -d annotate-perf "$sym" -- \
	"$UPERF" annotate --stdio -i "$file" -d annotate-perf "$sym"
RUNS=1 compare "annotate --stdio (every symbol)" \
	"$PERF" annotate --stdio -i "$file" -- \
	"$UPERF" annotate --stdio -i "$file"

# CPU time too: on a loaded machine process start-up (~25 ms for /bin/true
# here at load 7) weighs on ours far more than on theirs.  perf stat's
# task-clock (a count, no sampling) in microseconds: /usr/bin/time's
# 10 ms steps are coarser than ours.
cpu() {
	local best="" i t
	for i in $(seq "$RUNS"); do
		"$UPERF" stat -x, -e task-clock -o "$BENCH_DIR/time.out" -- "$@" >/dev/null 2>&1
		t=$(awk -F, '$3 ~ /^task-clock/ { printf "%d", $1 * 1000 }' "$BENCH_DIR/time.out")
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
	done
	echo "$best"
}
o=$(cpu "$PERF" annotate --stdio -i "$file" -d annotate-perf "$sym")
t=$(cpu "$UPERF" annotate --stdio -i "$file" -d annotate-perf "$sym")
awk -v o="$o" -v t="$t" -v n="annotate --stdio $sym (CPU)" 'BEGIN {
	printf "%-40s ours %7.4fs              upstream %7.4fs               speedup %5.2fx\n",
		n, o / 1e6, t / 1e6, (o > 0 ? t / o : 0) }'
