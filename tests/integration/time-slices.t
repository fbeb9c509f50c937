#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# --time of perf report and perf script (issue 20) against upstream's on
# the fixtures, line for line: absolute ranges (open at either end,
# several separated by spaces), percent slices (A%/N, A%-B%, several),
# with the side-band records of script, with script's --reltime, and the
# bad strings.  Upstream quirk, left out: with --reltime upstream moves
# percent slices and an open end by the first sample time too, so they
# select nothing; ours moves only the times given.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-per-thread.data up-system-wide.data up-tracepoints.data

compare() {	# FIXTURE COMMAND TIME [OPTIONS...]
	local f=$1 c=$2 t=$3; shift 3
	if [ "$c" = report ]; then
		up_perf report -i "$(fixture "$f")" --stdio --time "$t" "$@" 2>&1 | grep -v '^# (Tip: ' >"$TMPD/up"
		our_perf report --no-bpf-prog-info -i "$(fixture "$f")" --stdio --time "$t" "$@" 2>&1 |
			grep -v '^# (Tip: ' >"$TMPD/our"
	else
		up_perf script -i "$(fixture "$f")" --time "$t" "$@" >"$TMPD/up" 2>&1
		our_perf script --no-bpf-prog-info -i "$(fixture "$f")" --time "$t" "$@" >"$TMPD/our" 2>&1
	fi
	is_same_file "$TMPD/our" "$TMPD/up" "$f: $c --time '$t' $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
}

for c in report script; do
	compare up-per-thread.data $c 750.7,750.9
	compare up-per-thread.data $c 751,
	compare up-per-thread.data $c ,750.8
	compare up-per-thread.data $c '750.7,750.8 751,751.1'
	compare up-per-thread.data $c 10%/2
	compare up-per-thread.data $c 10%/1,10%/3
	compare up-per-thread.data $c 0%-10%,30%-40%
	compare up-per-thread.data $c 25%/4
	compare up-system-wide.data $c 50%/2
	compare up-tracepoints.data $c 20%-60%
done
compare up-per-thread.data script 10%/2 --show-task-events --show-mmap-events
# with --reltime the times given count from the file's first sample
compare up-per-thread.data script 0.2,0.25 --tid 11348 --reltime
compare up-per-thread.data script '0.1,0.2 0.3,0.35' --reltime
compare up-per-thread.data script ,0.1 --reltime --ns
compare up-per-thread.data report 30%-70% -s pid,comm,dso,sym

for t in abc 1,x 2,1 10%/11 0%/1 5.1234567891, 10%-5%; do
	for c in report script; do
		refused "Invalid time string" "$c --time '$t': upstream's words" \
			"$PERF" $c -i "$(fixture up-per-thread.data)" --time "$t"
	done
done
done_testing
