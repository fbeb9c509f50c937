#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script's other options of upstream's -h (issue 20) against
# upstream's on the fixtures, line for line: --stop-bt.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-tracepoints-g.data

# standard output, then standard error
compare() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf script -i "$(fixture "$f")" "$@" >"$TMPD/up" 2>/dev/null
	our_perf script --no-bpf-prog-info -i "$(fixture "$f")" "$@" >"$TMPD/our" 2>/dev/null
	is_same_file "$TMPD/our" "$TMPD/up" "$f: script $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
}

# a chain ends after the first frame of these symbols
compare up-callgraph.data --stop-bt do_syscall_64,load_elf_binary
compare up-callgraph.data --stop-bt ,do_syscall_64
compare up-callgraph.data --stop-bt '[unknown]'
compare up-callgraph.data --stop-bt do_syscall_64 -G
compare up-tracepoints-g.data --stop-bt schedule,__schedule
done_testing
