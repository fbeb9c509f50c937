#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's output options (issue 20), against upstream's output on
# the fixtures, line for line (the "# (Tip: ...)" line aside):
#   -G/--inverted, --raw-trace (and the "/raw" field keys it shares),
#   --skip-empty/--no-skip-empty (histogram and --stats), -f/--force
#   (a file of another owner), --stdio-color, --show-cpu-utilization,
#   --socket-filter, --ignore-callees, --switch-on/--switch-off/
#   --show-on-off-events, --mmaps, --disable-order, and the options that change nothing ours
#   prints, as upstream's output of these files shows: --pretty,
#   --percent-type, --samples, --time-quantum, --ns, --show-ref-call-graph,
#   with their bad values refused in upstream's words.
#
# Upstream quirk normalized by name: its cut command column (norm_comm_cut).
# Named difference: a bad --percent-type, --time-quantum or --ignore-callees, upstream
# prints its usage and exits 129; ours one line, exit 1 (refused()); an event
# --switch-on/off names that the file lacks: upstream adds a HINT line, exit 254.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-callgraph-per-thread.data up-per-thread.data \
	up-late.data up-late-g.data up-rounds.data up-pipe.data up-churn.data up-lost.data \
	our-system-wide.data up-z.data up-preloaded.data \
	up-tracepoints.data up-tp-printk.data up-tracepoints-g.data our-tracepoints.data \
	up-system-wide.data up-small.data

compare() { compare_report_cut "$@"; }	# FIXTURE OPTIONS...

# -G: caller order, whatever -g says, before or after
for f in up-callgraph.data up-callgraph-per-thread.data; do
	compare $f -G
	compare $f --no-children -G
	compare $f --no-children -g callee -G
	compare $f --no-children -G -g callee,0.5
	compare $f --no-children --inverted -s sym
done
report_stdio our "$(fixture up-callgraph.data)" --no-children -G >"$TMPD/g"
report_stdio our "$(fixture up-callgraph.data)" --no-children >"$TMPD/nog"
! cmp -s "$TMPD/g" "$TMPD/nog"
ok $? "up-callgraph.data: --no-children -G is not the default callee order"

# --raw-trace: " name=value" without the print format; field keys as /raw
for f in up-tracepoints.data up-tp-printk.data our-tracepoints.data; do
	compare $f --raw-trace
	compare $f --raw-trace -s trace
	compare $f --raw-trace -s trace_fields --no-children
	compare $f --raw-trace -s prev_state,trace,comm
done
compare up-tracepoints-g.data --raw-trace -s trace
compare up-tracepoints.data -s sched:sched_wakeup.target_cpu/raw,timer:hrtimer_start.function/raw
compare up-tracepoints.data -s trace_fields --no-children

# --no-skip-empty: events of no sample (the dummy, filtered ones), record types of none
for f in up-tracepoints.data up-tp-printk.data up-system-wide.data up-callgraph.data; do
	compare $f --no-skip-empty
	compare $f --skip-empty
	compare $f --no-skip-empty --time 10%/1
	compare $f --stats --no-skip-empty
done
compare up-tracepoints.data --no-skip-empty -C 1 --no-children -s pid
report_stdio our "$(fixture up-tracepoints.data)" --no-skip-empty >"$TMPD/ne"
grep -q "^# Samples: 0  of event 'dummy:HG'" "$TMPD/ne"
ok $? "up-tracepoints.data: --no-skip-empty shows the dummy event of no sample"

# --stdio-color: shares in red from 5%, green from 0.5% (rows, graphs; -t: graphs only)
for f in up-callgraph.data up-per-thread.data up-callgraph-per-thread.data up-late-g.data; do
	compare $f --stdio-color always
	compare $f --stdio-color ALWAYS --no-children -n --show-total-period
done
compare up-callgraph.data --stdio-color always -t ,
compare up-callgraph.data --stdio-color always --no-children -g caller,0.1
compare up-per-thread.data --stdio-color always -q
for m in never auto true 0 foo; do
	compare up-callgraph.data --stdio-color $m
done
report_stdio our "$(fixture up-callgraph.data)" --stdio-color always >"$TMPD/c"
grep -q $'\033\[31m  50.76%\033\[m' "$TMPD/c" && grep -q $'\033\[32m' "$TMPD/c"
ok $? "up-callgraph.data: --stdio-color always has red and green shares"

# --show-cpu-utilization: sys and usr columns of the rows' own periods
for f in up-callgraph.data up-per-thread.data up-system-wide.data up-tracepoints.data \
	 up-late-g.data up-callgraph-per-thread.data up-rounds.data up-pipe.data; do
	compare $f --show-cpu-utilization
	compare $f --show-cpu-utilization --no-children -s comm -n --show-total-period
	compare $f --show-cpu-utilization -g none -s dso
done
compare up-per-thread.data --show-cpu-utilization -t ,
compare up-callgraph.data --show-cpu-utilization -t ' : ' -n
compare up-callgraph.data --show-cpu-utilization --stdio-color always
compare up-late.data --show-cpu-utilization -U
compare up-churn.data --show-cpu-utilization --no-children -s sym

# --socket-filter: rows of the samples whose CPU the header puts on the socket
# (per-thread files: no CPU, no row); relative: the hidden ones still in Samples
for f in up-per-thread.data up-system-wide.data up-callgraph.data up-pipe.data \
	 up-tracepoints.data up-callgraph-per-thread.data; do
	compare $f --socket-filter 0
	compare $f --socket-filter 1 --no-children
	compare $f --socket-filter 0 --percentage relative
done
compare up-system-wide.data --socket-filter 1 --percentage relative
compare up-callgraph.data --socket-filter -1
compare up-callgraph.data --socket-filter 0 -n -t ,
compare up-system-wide.data --socket-filter 0 --comms sleep --percentage relative
compare up-system-wide.data --socket-filter 0 --comms sleep

# --ignore-callees: a matching frame takes the sample; callee order: the
# outermost, its callees dropped; caller order (children's): the innermost
for f in up-callgraph.data up-callgraph-per-thread.data up-late-g.data; do
	compare $f --no-children --ignore-callees bpf_test_run
	compare $f --ignore-callees 'bpf_test_run|do_idle'
	compare $f --ignore-callees '^bpf_prog_.*' --no-children -g caller
	compare $f --ignore-callees '^bpf_prog_.*'
	compare $f --ignore-callees do_syscall_64 -g callee
done
compare up-callgraph.data --ignore-callees bpf_test_run --no-children -g none
compare up-callgraph.data --ignore-callees bpf_test_run -s sym
compare up-callgraph.data --ignore-callees entry_SYSCALL --max-stack 3 --no-children
compare up-tracepoints-g.data --ignore-callees schedule
compare up-late-g.data --ignore-callees main -U
compare up-per-thread.data --ignore-callees bpf
refused "Invalid --ignore-callees regex: (" "--ignore-callees '('" \
	our_perf report -i "$(fixture up-callgraph.data)" --stdio --ignore-callees '('

# --switch-on/--switch-off/--show-on-off-events: the samples between the events'
f=up-tracepoints.data
compare $f --switch-on sched:sched_wakeup
compare $f --switch-on sched:sched_wakeup --show-on-off-events
compare $f --switch-off sched:sched_process_exit --switch-on sched:sched_wakeup
compare $f --switch-off sched:sched_process_exit --switch-on sched:sched_wakeup --show-on-off-events
compare $f --switch-on cpu-clock
compare $f --switch-off sched:sched_switch
compare $f --switch-off sched:sched_switch --show-on-off-events
compare $f --switch-on sched:sched_switch --switch-off sched:sched_wakeup
compare $f --switch-on timer:hrtimer_start --switch-off cpu-clock -s pid
compare $f --switch-on sched:sched_switch --switch-off sched:sched_wakeup --time 10%/2
compare $f --switch-on sched:sched_switch --switch-off sched:sched_wakeup -C 1
compare up-tp-printk.data --switch-on sched:sched_switch --switch-off sched:sched_wakeup \
	--show-on-off-events
compare up-tp-printk.data --switch-on bpf_trace:bpf_trace_printk --switch-off sched:sched_process_exit
compare up-callgraph.data --switch-on cpu-clock:pppH
refused "ERROR: switch-on event not found (foo)" "--switch-on foo" \
	our_perf report -i "$(fixture $f)" --stdio --switch-on foo
refused "ERROR: switch-off event not found (timer:hrtimer_start)" \
	"--switch-off of an event the file lacks" our_perf report -i "$(fixture up-tracepoints-g.data)" \
	--stdio --switch-on sched:sched_switch --switch-off timer:hrtimer_start
refused "ERROR: switch-on event not found (cpu-clock:pppH)" "--switch-on, a pipe (no event known yet)" \
	sh -c "cat '$(fixture up-pipe.data)' | '$PERF' report -i - --stdio --switch-on cpu-clock:pppH"

# --mmaps: --tasks with each task's maps (standard output only, as --tasks')
for f in up-small.data up-per-thread.data up-callgraph.data up-system-wide.data up-rounds.data \
	 up-pipe.data up-callgraph-per-thread.data up-churn.data up-late.data up-lost.data \
	 our-system-wide.data up-z.data up-preloaded.data; do
	compare_tasks --mmaps $f
done
grep -q '^ \{32,\}[0-9a-f]*-[0-9a-f]* r-xp [0-9a-f]\{8\} [0-9]* /' "$TMPD/our"
ok $? "--mmaps: the maps' lines are there"


# --disable-order: -D prints the records in the file's order (FINISHED_ROUND
# "unhandled!"), as upstream's; the histogram is as ordered, as upstream's
for f in up-late.data up-small.data up-rounds.data up-callgraph.data up-pipe.data up-lost.data \
	 up-tracepoints.data; do
	up_perf report -i "$(fixture "$f")" -D --disable-order 2>/dev/null >"$TMPD/up"
	our_perf report -i "$(fixture "$f")" -D --disable-order 2>/dev/null >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" \
		"$f: report -D --disable-order equals upstream's ($(grep -c 'unhandled!' "$TMPD/up") unhandled)"
done
our_perf report -i "$(fixture up-late.data)" -D 2>/dev/null >"$TMPD/ordered"
our_perf report -i "$(fixture up-late.data)" -D --disable-order 2>/dev/null >"$TMPD/our"
! cmp -s "$TMPD/ordered" "$TMPD/our"
ok $? "up-late.data: -D --disable-order is not -D's time order"
for f in up-late.data up-late-g.data up-rounds.data; do
	compare $f --disable-order
done

# options without effect on these files' output, as upstream's
for f in up-callgraph.data up-per-thread.data up-tracepoints.data; do
	compare $f --pretty raw --percent-type global-hits --samples 5 --time-quantum 10ms --ns \
		--show-ref-call-graph
	compare $f --pretty normal --percent-type local-hits --time-quantum 3s
	compare $f --percent-type period-local
done
for q in 1.5ms 10xs 5m; do
	up=$(up_perf report -i "$(fixture up-small.data)" --stdio --time-quantum $q 2>&1 >/dev/null |
	     head -1)
	refused "$up" "--time-quantum $q" our_perf report -i "$(fixture up-small.data)" --stdio \
		--time-quantum $q
done
up=$(up_perf report -i "$(fixture up-small.data)" --stdio --time-quantum 0ms 2>&1 >/dev/null | head -1)
refused "$up" "--time-quantum 0ms" our_perf report -i "$(fixture up-small.data)" --stdio \
	--time-quantum 0ms
refused "--percent-type" "--percent-type hits" our_perf report -i "$(fixture up-small.data)" \
	--stdio --percent-type hits

# -f: a file of another owner (needs root to give it one)
if [ "$(id -u)" -eq 0 ]; then
	cp "$(fixture up-small.data)" "$TMPD/other.data"
	chown 65534 "$TMPD/other.data"
	up=$("$UPERF" report -i "$TMPD/other.data" --stdio 2>&1 >/dev/null | head -1)
	refused "$up" "a file of uid 65534" our_perf report -i "$TMPD/other.data" --stdio
	report_stdio up "$TMPD/other.data" -f >"$TMPD/up"
	report_stdio our "$TMPD/other.data" -f >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "-f: a file of uid 65534 read as upstream's"
	report_stdio up "$TMPD/other.data" --force --stats >"$TMPD/up"
	report_stdio our "$TMPD/other.data" --force --stats >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "--force --stats: the same"
	chown 0 "$TMPD/other.data"
	report_stdio our "$TMPD/other.data" >"$TMPD/our"
	grep -q '%' "$TMPD/our"
	ok $? "root's file: read without -f"
else
	diag "not root: -f's refusal not checked"
fi
done_testing
