#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script's sample filters (--pid, --tid, --comms, --dsos, --symbols;
# issue 20) against upstream's on the fixtures, line for line.  The
# side-band records (--show-task-events) print whatever the filters say,
# as upstream's.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-per-thread.data up-system-wide.data up-callgraph-per-thread.data \
	up-tracepoints.data up-late.data up-late-g.data

compare() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf script -i "$(fixture "$f")" "$@" >"$TMPD/up" 2>&1
	our_perf script --no-bpf-prog-info -i "$(fixture "$f")" "$@" >"$TMPD/our" 2>&1
	is_same_file "$TMPD/our" "$TMPD/up" "$f: script $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
}

compare up-per-thread.data --tid 11348
compare up-per-thread.data --pid 11346,,7
compare up-per-thread.data --pid 1
compare up-per-thread.data -c bpfload --tid 11346
compare up-per-thread.data --comms perf-exec,sh
compare up-per-thread.data --dsos libc.so.6
compare up-per-thread.data --dsos '[kernel.kallsyms]' --tid 11346
compare up-per-thread.data -S vsnprintf,number
compare up-per-thread.data --dsos libc.so.6 --symbols vsnprintf
compare up-per-thread.data --show-task-events --show-mmap-events --tid 11348
compare up-system-wide.data --pid 11339 -F comm,tid,cpu,ip,sym,dso
compare up-system-wide.data --tid 0 --dsos '[kernel.kallsyms]'
compare up-callgraph-per-thread.data --tid 11367 --dsos '[kernel.kallsyms]'
compare up-tracepoints.data --comms swapper,memfd:sealed-91

# stdout alone (up-late*.data's out-of-order warning lands anywhere in a
# 2>&1 of upstream's buffered stdout)
compare_out() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf script -i "$(fixture "$f")" "$@" >"$TMPD/up" 2>/dev/null
	our_perf script --no-bpf-prog-info -i "$(fixture "$f")" "$@" >"$TMPD/our" 2>/dev/null
	is_same_file "$TMPD/our" "$TMPD/up" "$f: script $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
}

# -S: an item that reads as a hex number is an address (the sample's
# own, not its symbol's start), as upstream; --addr-range N: up to N bytes
# after it too (a negative N: the address alone)
compare_out up-late.data -S 0xffffffff821f4dab
compare_out up-late.data -S 0xffffffff821f4da0
compare_out up-late.data -S 0xffffffff821f4da0 --addr-range 16
compare_out up-late.data -S ffffffff821f4dab,malloc
compare_out up-late.data -S 0x7f79ad0daf00,xas_start --addr-range 4096
compare_out up-late.data -S 0x55970e1617a3 --addr-range -3
compare_out up-late.data -S 55970e161700 --addr-range 200
compare_out up-late-g.data -S 0xffffffff821f4d00 --addr-range 256
compare_out up-late.data -S 18446744071597559211

for o in --pid --tid; do
	refused "problems parsing ${o#--} list: 1,x" "script $o 1,x" \
		"$PERF" script -i "$(fixture up-per-thread.data)" $o 1,x
done
done_testing
