#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script's other options of upstream's -h (issue 20) against
# upstream's on the fixtures, line for line: --stop-bt, --header,
# --header-only, -I/--show-info.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-tracepoints-g.data up-pipe.data up-tracepoints.data up-bpf-btf.data

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

# the header: before the lines, alone, with every feature (-I); a
# pipe's: what came before its records (--header-only), or all of it
# before its first line (--header)
compare up-callgraph.data --header
compare up-callgraph.data --header-only
compare up-callgraph.data --header-only -I
compare up-callgraph.data --header --show-info -G
compare up-tracepoints.data --header-only
compare up-tracepoints.data -I
compare up-bpf-btf.data --header-only -I
compare up-pipe.data --header
compare up-pipe.data --header-only
compare up-pipe.data --header-only -I
done_testing
