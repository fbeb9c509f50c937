#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf record -a under BPF load/unload churn at 1k, 5k and 10k loads/s for
# 5 s: every load and unload of the workload has its KSYMBOL (one per
# function) and BPF_EVENT records, counted per id in `perf report -D`; the
# share of programs whose bpf_prog_info reached the header is printed.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

RATES=${CHURN_RATES:-"1000 5000 10000"}
DURATION=${CHURN_DURATION:-5}

for rate in $RATES; do
	# 8 MiB of ring per CPU: at 10k loads/s the side-band is ~5 MB/s, and
	# on a busy machine (make check beside a build) the reader may not
	# run for a while; what this checks is that nothing the rings held
	# is lost or mangled, not how long a starved reader keeps up
	#
	# The kernel frees a closed program, and writes its PROG_UNLOAD and
	# KSYMBOL unregister, from a workqueue, which beside a CI run lagged
	# 0.22 s: the recording lasts until bpf-ids-gone saw every id go.
	timeout 120 "$PERF" record -m 2048 -o "$TMPD/c.data" -a -c 1000000 -- \
		sh -c '"$1" --churn "$2" --duration "$3" --hold-ms 1 --ids-file "$4" &&
		       "$5" "$4"' sh "$WORKLOADS/bpfload" "$rate" "$DURATION" "$TMPD/ids" \
		"$BPF_IDS_GONE" >"$TMPD/out" 2>"$TMPD/err"
	ok $? "churn $rate/s: recorded, every program freed before the end"
	loads=$(wc -l <"$TMPD/ids")
	"$UPERF" report -D -i "$TMPD/c.data" >"$TMPD/dump" 2>"$TMPD/dump.err"
	ok $? "churn $rate/s: /usr/bin/perf report -D reads it"
	# per id: PROG_LOAD and PROG_UNLOAD
	awk 'NR == FNR { want[$1] = 1; next }
	     /PERF_RECORD_BPF_EVENT type 1,/ { id = $NF; if (id in want) load[id]++ }
	     /PERF_RECORD_BPF_EVENT type 2,/ { id = $NF; if (id in want) unload[id]++ }
	     END { bad = 0
		   for (id in want) if (load[id] != 1 || unload[id] != 1) bad++
		   print bad }' "$TMPD/ids" "$TMPD/dump" >"$TMPD/bad"
	# a reader starved long enough for the rings to fill (a machine far
	# busier than the workload) loses records, and the kernel says so in
	# LOST records: then what counts is that every loss was said
	lost=$(grep -c 'PERF_RECORD_LOST' "$TMPD/dump")
	said=
	[ "$lost" -gt 0 ] && said=" ($lost LOST records: losses said)"
	[ "$(cat "$TMPD/bad")" = 0 ] || [ "$lost" -gt 0 ]
	ok $? "churn $rate/s: each of $loads loads has one PROG_LOAD and one PROG_UNLOAD$said" ||
		diag "$(cat "$TMPD/bad") ids without both; perf record said: $(tr '\n' ' ' <"$TMPD/err")"
	# KSYMBOL: as many registers as unregisters, at least one per load
	reg=$(grep -cE 'PERF_RECORD_KSYMBOL .* flags 0x0 name bpf_prog_[0-9a-f]+_(churn_prog_[01]|churn_sub_1)$' "$TMPD/dump")
	unreg=$(grep -cE 'PERF_RECORD_KSYMBOL .* flags 0x1 name bpf_prog_[0-9a-f]+_(churn_prog_[01]|churn_sub_1)$' "$TMPD/dump")
	{ [ "$reg" -ge "$loads" ] && [ "$reg" -eq "$unreg" ]; } || [ "$lost" -gt 0 ]
	ok $? "churn $rate/s: KSYMBOL register $reg = unregister $unreg >= $loads loads"
	"$UPERF" report --header-only -i "$TMPD/c.data" 2>/dev/null |
		sed -n 's/^# bpf_prog_info \([0-9]*\):.*/\1/p' | sort -u >"$TMPD/info"
	have=$(sort -u "$TMPD/ids" | comm -12 - "$TMPD/info" | wc -l)
	diag "$(awk -v r="$rate" -v h="$have" -v n="$loads" 'BEGIN {
		printf "churn %d/s: bpf_prog_info captured for %d of %d programs (%.1f%%)",
		       r, h, n, n ? 100 * h / n : 0 }')"
done

# Two system-wide recorders at once: the kernel grows KSYMBOL/BPF_EVENT
# records of the later listener by the earlier one's trailer size; ours
# are cut back, so upstream reads both files whole.
"$PERF" record -q -o "$TMPD/first.data" -a -c 1000000 -- sleep 3 >/dev/null 2>&1 </dev/null &
first=$!
sleep 1
timeout 60 "$PERF" record -q -o "$TMPD/second.data" -a -c 1000000 -- \
	"$WORKLOADS/bpfload" --churn 2000 --duration 1 --hold-ms 1 --ids-file "$TMPD/ids" \
	>/dev/null 2>&1
wait $first
for f in first second; do
	"$UPERF" report -D -i "$TMPD/$f.data" >"$TMPD/dump" 2>"$TMPD/dump.err"
	! grep -q 'failed to process' "$TMPD/dump.err"
	ok $? "two recorders: the $f file is read whole by /usr/bin/perf"
	n=$(grep -c 'PERF_RECORD_BPF_EVENT type 1,' "$TMPD/dump")
	[ "$n" -ge "$(wc -l <"$TMPD/ids")" ]
	ok $? "two recorders: the $f file has every PROG_LOAD ($n)"
done

done_testing
