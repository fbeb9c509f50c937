# SPDX-License-Identifier: GPL-2.0
# Shared by the benchmarks: inputs cached under build/bench, best-of-N
# wall time and peak RSS of a command.

TOPDIR=${TOPDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
PERF=${PERF:-$TOPDIR/tools/perf/perf}
WORKLOADS=${WORKLOADS:-$TOPDIR/build/workloads}
UPERF=${UPERF:-/usr/bin/perf}
BENCH_DIR=${BENCH_DIR:-$TOPDIR/build/bench}
RUNS=${RUNS:-3}
mkdir -p "$BENCH_DIR"

# big_file [-g]: a system-wide cpu-clock recording of >= 1M samples of the
# BPF workload plus a user-space load, made once and reused.
big_file() {
	local cg=$1 name=$BENCH_DIR/1m${1:+-g}.data
	if [ ! -s "$name" ]; then
		echo "bench: recording $name (about 12 s)" >&2
		"$UPERF" record -q $cg -a -e cpu-clock -c 50000 -o "$name" -- \
			sh -c "\"$WORKLOADS/bpfload\" -n 2 --hot 11 -j 1 >/dev/null &
			       i=0; while [ \$i -lt 3000000 ]; do i=\$((i+1)); done; wait" \
			>/dev/null 2>&1 || return 1
	fi
	echo "$name"
}

# measure CMD...: prints "<best seconds> <peak rss KiB>" over $RUNS runs.
# The time is bash's own clock around the command alone (fork, exec, run,
# wait): timing it from outside with date and /usr/bin/time added their
# three process starts, ~15 ms here, to each side.  Peak RSS comes from
# one more run under /usr/bin/time.
measure() {
	local best="" rss i t TIMEFORMAT=%3R
	for i in $(seq "$RUNS"); do
		t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || {
			echo "bench: failed: $*" >&2
			echo "0 0"
			return 1
		}
		t=$(awk -v s="$t" 'BEGIN { printf "%d", s * 1e6 }')
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
	done
	/usr/bin/time -f '%M' -o "$BENCH_DIR/time.out" "$@" >/dev/null 2>&1
	read -r rss <"$BENCH_DIR/time.out"
	awk -v us="$best" -v rss="${rss:-0}" 'BEGIN { printf "%.6f %d\n", us / 1e6, rss }'
}

# ratio NAME OURS_CMD -- THEIRS_CMD: one line with both times and the ratio
compare() {
	local name=$1; shift
	local ours=() theirs=()
	while [ "$1" != "--" ]; do ours+=("$1"); shift; done
	shift
	theirs=("$@")
	read -r ot orss < <(measure "${ours[@]}")
	read -r tt trss < <(measure "${theirs[@]}")
	awk -v n="$name" -v ot="$ot" -v tt="$tt" -v orss="$orss" -v trss="$trss" 'BEGIN {
		printf "%-40s ours %7.3fs %8d KiB   upstream %7.3fs %8d KiB   speedup %5.2fx\n",
			n, ot, orss, tt, trss, (ot > 0 ? tt / ot : 0) }'
}
