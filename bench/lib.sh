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
PER_SAMPLE=$BENCH_DIR/per-sample.$$	# corpus_compare's times, for corpus_flatness

# big_file [-g]: a system-wide cpu-clock recording of >= 1M samples of the
# BPF workload plus a user-space load, made once and reused (under the
# host's recording lock: see bench/corpus.sh).
big_file() {
	local cg=$1 name=$BENCH_DIR/1m${1:+-g}.data
	if [ ! -s "$name" ]; then
		echo "bench: recording $name (about 12 s)" >&2
		flock /tmp/perf-host.lock "$UPERF" record -q $cg -a -e cpu-clock -c 50000 -o "$name" -- \
			sh -c "\"$WORKLOADS/bpfload\" -n 2 --hot 11 -j 1 >/dev/null &
			       i=0; while [ \$i -lt 3000000 ]; do i=\$((i+1)); done; wait" \
			>/dev/null 2>&1 || return 1
	fi
	echo "$name"
}

# measure CMD...: prints "<best seconds> <peak rss KiB> <output digest>
# <best cpu seconds>" over $RUNS runs.  The time is bash's own clock
# around the command alone (fork, exec, run, wait): timing it from
# outside with date and /usr/bin/time added their three process starts,
# ~15 ms here, to each side; the CPU time (user + system) is bash's too,
# steadier than the wall time on a loaded machine.  Peak RSS comes from
# one more run under /usr/bin/time, whose output (less upstream's random
# "# (Tip: ...)" line) is digested, so the line can say whether both
# printed the same.
measure() {
	local best="" cbest="" rss i t r u sy c sum TIMEFORMAT="%3R %3U %3S"
	for i in $(seq "$RUNS"); do
		t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || {
			echo "bench: failed: $*" >&2
			echo "0 0 - 0"
			return 1
		}
		read -r r u sy <<<"$t"
		t=$(awk -v s="$r" 'BEGIN { printf "%d", s * 1e6 }')
		c=$(awk -v u="$u" -v s="$sy" 'BEGIN { printf "%d", (u + s) * 1e6 }')
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
		if [ -z "$cbest" ] || [ "$c" -lt "$cbest" ]; then cbest=$c; fi
	done
	sum=$(/usr/bin/time -f '%M' -o "$BENCH_DIR/time.out" "$@" 2>/dev/null |
		grep -v '^# (Tip:' | md5sum | cut -c1-12)
	read -r rss <"$BENCH_DIR/time.out"
	awk -v us="$best" -v rss="${rss:-0}" -v sum="$sum" -v cpu="$cbest" \
		'BEGIN { printf "%.6f %d %s %.6f\n", us / 1e6, rss, sum, cpu / 1e6 }'
}

# compare NAME OURS_CMD -- THEIRS_CMD: one line with both times, peak
# RSS, the speedup, the RSS ratio and whether the outputs are the same,
# then the CPU times and their ratio; the times also in CMP_OURS,
# CMP_THEIRS, CMP_OURS_CPU and CMP_THEIRS_CPU
compare() {
	local name=$1; shift
	local ours=() theirs=()
	while [ "$1" != "--" ]; do ours+=("$1"); shift; done
	shift
	theirs=("$@")
	read -r ot orss osum ocpu < <(measure "${ours[@]}")
	read -r tt trss tsum tcpu < <(measure "${theirs[@]}")
	CMP_OURS=$ot CMP_THEIRS=$tt CMP_OURS_CPU=$ocpu CMP_THEIRS_CPU=$tcpu
	awk -v n="$name" -v ot="$ot" -v tt="$tt" -v orss="$orss" -v trss="$trss" \
	    -v oc="$ocpu" -v tc="$tcpu" \
	    -v same="$([ "$osum" = "$tsum" ] && echo same || echo differs)" 'BEGIN {
		printf "%-44s ours %8.3fs %8d KiB  upstream %8.3fs %8d KiB  speedup %6.2fx  RSS 1/%-5.1f out %s" \
		       "  CPU ours %.3fs upstream %.3fs %.2fx\n",
			n, ot, orss, tt, trss, (ot > 0 ? tt / ot : 0), (orss > 0 ? trss / orss : 0), same,
			oc, tc, (oc > 0 ? tc / oc : 0) }'
}

# corpus_compare FILE NAME OURS_ARGS -- THEIRS_ARGS: compare() with both
# perfs given the arguments and -i FILE, best of $RUNS (of $RUNS_LONG for
# files of 1M samples and more: upstream takes minutes on those); the
# times go to $PER_SAMPLE for corpus_flatness.
corpus_compare() {
	local file=$1 name=$2 n runs; shift 2
	local ours=() theirs=()
	while [ "$1" != "--" ]; do ours+=("$1"); shift; done
	shift
	theirs=("$@")
	n=$(corpus__samples "$file")
	runs=$RUNS
	[ "${n:-0}" -ge 1000000 ] && runs=${RUNS_LONG:-1}
	RUNS=$runs compare "$name" "$PERF" "${ours[@]}" -i "$file" -- \
		"$UPERF" "${theirs[@]}" -i "$file"
	echo "$(basename "$file" .data)|${ours[*]}|$n|$CMP_OURS_CPU|$CMP_THEIRS_CPU" >>"$PER_SAMPLE"
}

# corpus_flatness: for each command timed on both the 0.5M-sample and the
# long file of one mix (mix and long, mix-g and long-g) in this run, ours
# per sample on the long one over ours per sample on the short one, by
# CPU time (the wall time follows the machine's load).  Target: <= 1.5.
corpus_flatness() {
	awk -F'|' '
	{ ours[$1, $2] = $4 / $3; theirs[$1, $2] = $5 / $3; cmds[$2] = 1 }
	END {
		for (c in cmds)
			for (g = 0; g < 2; g++) {
				s = g ? "-g" : ""
				l = "corpus-long" s; m = "corpus-mix" s
				if (!((l, c) in ours) || !((m, c) in ours))
					continue
				printf "CPU per sample, long%s over mix%s: %-26s ours %5.2f (%.3f/%.3f us)  upstream %5.2f\n",
					s, s, c, ours[l, c] / ours[m, c], 1e6 * ours[l, c], 1e6 * ours[m, c],
					theirs[l, c] / theirs[m, c]
			}
	}' "$PER_SAMPLE" 2>/dev/null | sort
	rm -f "$PER_SAMPLE"
}
