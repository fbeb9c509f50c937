#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script's times (--ns, --reltime, --deltatime; issue 20) against
# upstream's on the fixtures, line for line, with and without side-band
# records and filters (a line not printed starts no delta).
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-per-thread.data up-tracepoints.data up-system-wide.data up-pipe.data

compare() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf script -i "$(fixture "$f")" "$@" >"$TMPD/up" 2>&1
	our_perf script --no-bpf-prog-info -i "$(fixture "$f")" "$@" >"$TMPD/our" 2>&1
	is_same_file "$TMPD/our" "$TMPD/up" "$f: script $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
}

for f in up-per-thread.data up-tracepoints.data up-system-wide.data up-pipe.data; do
	compare $f --ns
	compare $f --reltime
	compare $f --deltatime --ns
	compare $f --show-task-events --show-mmap-events --reltime --ns
	compare $f --show-task-events --deltatime
done
compare up-per-thread.data --tid 11348 --deltatime
compare up-per-thread.data --dsos libc.so.6 --reltime

refused "reltime and deltatime - the two don't get along well" \
	"script --reltime --deltatime: upstream's words" \
	"$PERF" script -i "$(fixture up-per-thread.data)" --reltime --deltatime
done_testing
