#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's layout options (issue 20), against upstream's output on
# the fixtures, line for line (the "# (Tip: ...)" line aside):
#   -F/--fields (the value columns overhead, overhead_sys, overhead_us,
#   overhead_guest_sys, overhead_guest_us, overhead_children, sample,
#   period among the sort keys; strict or "+field"; with -s, -p, -n,
#   --show-total-period, -t, --stdio-color), -w/--column-widths (a value
#   column at least its header's width, its number in what -w gives; a
#   key's text cut to it, the last column too), -T/--threads (a file
#   of PERF_RECORD_READ recorded by upstream's perf record -s here).
#
# Upstream quirk normalized by name: its cut command column (norm_comm_cut).
# Named difference: a bad -F key, upstream prints "Error:", the line and
# its usage, exit 0; ours the line alone, exit 1 (refused()).
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-per-thread.data up-late.data up-system-wide.data \
	up-tracepoints.data up-tp-printk.data up-small.data up-churn.data

compare() { compare_report_cut "$@"; }	# FIXTURE OPTIONS...

# -F: strict (no default column, no default key), the keys and values in its order
for f in up-per-thread.data up-late.data up-system-wide.data up-small.data; do
	compare $f -F overhead,comm,sym
	compare $f -F overhead,sample,period,dso
	compare $f -F sym,overhead
	compare $f -F overhead
	compare $f -F +period
	compare $f -F +sample,period -n
	compare $f -F overhead,comm -s sym
	compare $f -s sym -F +comm
	compare $f -F overhead,overhead_sys,overhead_us,overhead_guest_sys,overhead_guest_us,sym
	compare $f -F overhead_children,sym
	compare $f -F overhead,dso -t ,
	compare $f -F overhead,sym --stdio-color always
done
# the command first (upstream's rows of a task renamed after a sample differ: named
# in report-filters.t), a thread's name (its name at the end, as upstream's)
for f in up-per-thread.data up-small.data; do
	compare $f -F comm,overhead
	compare $f -F comm,overhead -t ,
	compare $f -F period,pid,overhead -s cpu
	compare $f -F sample,comm -s dso
done
for f in up-callgraph.data up-tracepoints.data up-churn.data; do
	compare $f -F overhead,comm,sym
	compare $f -F +period
	compare $f -F overhead_children,overhead,sym
	compare $f -F overhead,sym -s comm --no-children
done
compare up-tracepoints.data -F overhead,trace -s comm
compare up-callgraph.data -F overhead,sym,parent -p '^hot'

# -w: a value column's number in its width, a key cut to it
for f in up-per-thread.data up-late.data up-system-wide.data up-callgraph.data; do
	compare $f -w 5,5,10
	compare $f -w 12,3,30,40
	compare $f -F overhead,sym -w 3,10
	compare $f -n -w 20,4
	compare $f -w 0,0,0,5
	compare $f -w 1,1,1,1
	compare $f --show-total-period -w 8,20,3,3,3 -s cpu,comm,dso
done

for f in up-per-thread.data up-system-wide.data up-callgraph.data; do
	compare $f -F overhead,overhead_guest_sys,pid -w 9,3,6
	compare $f -F overhead,overhead_guest_sys,pid -w 9,3,12
done

# -T: "# PID  TID" after the rows without PERF_RECORD_READ; with them (perf record -s,
# recorded by upstream here) each thread's counts summed, --pretty raw a line a count
for f in up-late.data up-per-thread.data up-callgraph.data; do
	compare $f -T
	compare $f -T --pretty raw
done
if [ "$(id -u)" = 0 ] &&
   upstream_record "$TMPD/read.data" -s -e cpu-clock -e task-clock -- \
	sh -c 'true; sleep 0.01; ls / >/dev/null; sh -c "sleep 0.01"'; then
	for o in "-T" "-T --pretty raw" "-T -q" "-T -s pid" "-T --pretty normal"; do
		report_stdio up "$TMPD/read.data" $o >"$TMPD/up"
		report_stdio our "$TMPD/read.data" $o >"$TMPD/our"
		is_same_file "$TMPD/our" "$TMPD/up" "perf record -s: report $o equals upstream's"
	done
	grep -q '^# *PID  *TID  *cpu-clock  *task-clock$' "$TMPD/our"
	ok $? "perf record -s: -T has a column for each event"
else
	diag "not root or no recording: -T of PERF_RECORD_READ not compared"
fi

# bad input: one line, exit 1
refused "Unknown --fields key: \`foo'" "-F foo" \
	our_perf report -i "$(fixture up-small.data)" --stdio -F foo
refused "Invalid --fields key: \`+'" "-F +" \
	our_perf report -i "$(fixture up-small.data)" --stdio -F +
refused "unknown --sort key: bar" "-F with a bad -s" \
	our_perf report -i "$(fixture up-small.data)" --stdio -F sym -s bar
done_testing
