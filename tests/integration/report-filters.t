#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's task filters (--pid, --tid; issue 20), --symbol-filter,
# --percentage and
# what it says when no sample is left, against upstream's
# on the fixtures, line for line (its "# (Tip: ...)" line aside).
#
# Upstream quirk, kept apart by the sort keys: upstream keeps or drops a
# row whole by the thread of the row's first sample, so a row two threads
# share (same comm, dso, symbol) goes all to one of them; ours filters
# each sample.  The comparisons that name a thread sort by pid (upstream's
# thread key: pid:comm), where no row is shared by two threads.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-per-thread.data up-system-wide.data up-callgraph-per-thread.data

# the process of both threads, a thread each, a list with a gap, and a
# pid no sample has
compare_report up-per-thread.data --pid 11346
compare_report up-per-thread.data --pid 1
compare_report up-per-thread.data --tid 11348,,11346
compare_report up-per-thread.data --tid 11348 -s pid,comm,dso,sym
compare_report up-per-thread.data --tid 11346 -s pid,dso,sym
compare_report up-per-thread.data --pid 11346,1 -s pid,comm,dso,sym
compare_report up-per-thread.data -c bpfload --tid 11348 -s pid,sym
compare_report up-system-wide.data --pid 11339 -s pid,dso,sym
compare_report up-system-wide.data --tid 0 -s pid,comm,dso
compare_report up-callgraph-per-thread.data --tid 11367 -s pid,comm,dso,sym --no-children
compare_report up-callgraph-per-thread.data --pid 11365 -s pid,sym --no-children

# --percentage relative: the shares of what the filters keep, and the
# header's counts of it
compare_report up-per-thread.data --percentage relative --dsos libc.so.6
compare_report up-per-thread.data --percentage relative --tid 11348 -s pid,dso,sym
compare_report up-per-thread.data --percentage relative --pid 11346 -s pid,sym -S vsnprintf,number
compare_report up-per-thread.data --percentage relative --time 10%/2 -c bpfload
compare_report up-per-thread.data --percentage absolute -S vsnprintf
compare_report up-system-wide.data --percentage relative --dsos libc.so.6
compare_report up-callgraph-per-thread.data --percentage relative --tid 11367 -s pid,sym --no-children
# every sample left out (do_syscall_64 has no self samples): the event is
# still printed, "Samples: 0", as upstream's
compare_report up-callgraph.data --percentage relative -S do_syscall_64
compare_report up-callgraph.data --percentage relative --comms nosuch -g none
refused "--percentage: relative or absolute, not 'rel'" "report --percentage rel" \
	"$PERF" report -i "$(fixture up-per-thread.data)" --stdio --percentage rel

# --symbol-filter: the first event's rows whose symbol holds the text,
# upstream's only when the sort keys have comm (its collapse stage, where
# it filters), a row by its symbol or, without a sym key, by the symbol
# of its first sample; relative shares of the rows kept, graphs'
# threshold of the total before.  (-c swapper,sleep: no perf-exec row,
# whose name upstream cuts, see norm_comm_cut)
compare_report up-per-thread.data --symbol-filter str
compare_report up-per-thread.data --symbol-filter str --percentage relative
compare_report up-per-thread.data --symbol-filter nosuch
compare_report up-system-wide.data --symbol-filter hot_ -s dso,sym
compare_report up-system-wide.data --symbol-filter _ -s comm -c swapper,sleep
compare_report up-system-wide.data --symbol-filter e -s sym,comm -n --show-total-period -c swapper,sleep
compare_report up-system-wide.data --symbol-filter e -s pid,comm,sym --pid 0 --percentage relative
compare_report up-callgraph-per-thread.data --symbol-filter bpf
compare_report up-callgraph-per-thread.data --symbol-filter bpf --percentage relative
compare_report up-callgraph-per-thread.data --symbol-filter bpf --percentage relative --no-children
compare_report up-callgraph-per-thread.data --symbol-filter e --tid 11367 -s pid,comm,sym --no-children

# nothing left: after --time (or --cpu, cpu-filter.t) upstream prints the
# line that points to --header and says on stderr the file has no
# samples (exit 0); after a task filter, the header and an empty table
# (with relative shares: of 0 samples)
compare_streams() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf report -i "$(fixture "$f")" --stdio "$@" >"$TMPD/up" 2>"$TMPD/up.err"
	echo "exit $?" >>"$TMPD/up.err"
	our_perf report --no-bpf-prog-info -i "$(fixture "$f")" --stdio "$@" >"$TMPD/our" \
		2>"$TMPD/our.err"
	echo "exit $?" >>"$TMPD/our.err"
	sed -i '/^# (Tip: /d' "$TMPD/up" "$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: report $* equals upstream's"
	is_same_file "$TMPD/our.err" "$TMPD/up.err" "$f: report $*: the same on stderr, exit 0"
}
compare_streams up-per-thread.data --time 1,2
compare_streams up-per-thread.data -q --time 1,2
compare_streams up-per-thread.data --header-only --time 1,2
compare_streams up-system-wide.data --time 99%-100% --pid 11339
compare_streams up-per-thread.data --pid 1
compare_streams up-per-thread.data --pid 1 --percentage relative
compare_streams up-callgraph-per-thread.data --tid 1 --percentage relative

# a bad list: one line naming it, exit 1 (upstream says the same line and
# goes on with no filter)
for o in --pid --tid; do
	refused "problems parsing ${o#--} list: 12x" "report $o 12x" \
		"$PERF" report -i "$(fixture up-per-thread.data)" --stdio $o 12x
done
done_testing
