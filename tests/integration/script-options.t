#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script's other options of upstream's -h (issue 20) against
# upstream's on the fixtures, line for line: --stop-bt, --header,
# --header-only, -I/--show-info, -f/--force, -v (standard output), -D,
# --dump-unsorted-raw-trace.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-small.data up-callgraph.data up-tracepoints-g.data up-pipe.data up-tracepoints.data up-bpf-btf.data \
	our-callgraph.data up-rounds.data up-late.data up-late-g.data up-churn.data \
	up-comm-cut.data

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

# -D: every record raw (THREAD_MAP, CPU_MAP, THROTTLE handled, unlike
# report's), a sample's line after its dump; --dump-unsorted-raw-trace: in
# file order (FINISHED_ROUND unhandled, BPF samples before their KSYMBOL
# unnamed), a pipe's too
compare up-callgraph.data -D
compare up-pipe.data --dump-raw-trace
compare up-tracepoints.data -D
compare our-callgraph.data -D
compare up-rounds.data --dump-unsorted-raw-trace
compare up-bpf-btf.data --dump-unsorted-raw-trace
compare up-pipe.data --dump-unsorted-raw-trace
compare up-callgraph.data -D -G --show-mmap-events

# -d/--debug-mode: no lines; the samples that go back in time said on
# stderr, then how many (side-band records print as asked)
for args in "up-rounds.data --debug-mode" "up-callgraph.data -d --show-task-events" \
	    "up-pipe.data -d" "up-late.data -d --time 785.95,786.2" "up-late.data -d"; do
	set -- $args
	f=$1; shift
	up_perf script -i "$(fixture "$f")" "$@" >"$TMPD/up" 2>"$TMPD/up.err"
	our_perf script --no-bpf-prog-info -i "$(fixture "$f")" "$@" >"$TMPD/our" 2>"$TMPD/our.err"
	cat "$TMPD/up.err" >>"$TMPD/up"
	cat "$TMPD/our.err" >>"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: script $* (stdout, stderr) as upstream's"
done
grep -q '^Samples misordered, previous: [0-9]* this: [0-9]*$' "$TMPD/our.err" &&
	grep -q '^Misordered timestamps: 1$' "$TMPD/our.err"
ok $? "--debug-mode: up-late.data's sample going back in time, and the count"

# -L/--Latency: the command in 8 characters, the CPU without brackets
compare up-callgraph.data -L
compare up-tracepoints.data -L --show-task-events
compare up-pipe.data --Latency -F comm,pid,tid,cpu,time,ip

# --call-trace, --call-ret-trace (AUX decoding options accepted): the
# samples' start in nanoseconds, the (empty) branch flags column; -F
# flags; --graph-function: no branch samples without AUX traces, so no
# sample lines (side-band records as asked)
compare up-callgraph.data --call-trace
compare up-tracepoints.data --call-ret-trace
compare up-pipe.data --call-trace=cr --reltime
compare up-callgraph.data --call-ret-trace -F +period
compare up-tracepoints.data -F comm,tid,flags,event,trace
compare up-callgraph.data -F +flags
compare up-callgraph.data --graph-function do_syscall_64 --show-task-events
compare up-tracepoints.data --call-trace --graph-function schedule

# --insn-trace, -F insn: the sampled instruction's bytes, from the
# object's file (libc's AVX-512 ones too), a BPF function's from
# BPF_PROG_INFO; none for the kernel.  Named upstream quirk: a BPF
# subprogram's bytes are read at the program image's start (its main
# function's), ours at the subprogram's: their insn fields are left out
compare up-late.data --insn-trace
compare up-late-g.data --insn-trace=raw
compare up-churn.data -F comm,ip,insn
compare up-late-g.data -F +insn --call-trace
up_perf script -i "$(fixture up-bpf-btf.data)" --insn-trace 2>/dev/null |
	perl -pe 's/ insn:[ 0-9a-f]*$// if /_hot_sub/' >"$TMPD/up"
our_perf script --no-bpf-prog-info -i "$(fixture up-bpf-btf.data)" --insn-trace 2>/dev/null |
	perl -pe 's/ insn:[ 0-9a-f]*$// if /_hot_sub/' >"$TMPD/our"
grep -q '_hot_prog_0+0x[0-9a-f]* (.*) insn: ' "$TMPD/our"
ok $? "up-bpf-btf.data: --insn-trace: a BPF main function's bytes"
is_same_file "$TMPD/our" "$TMPD/up" "up-bpf-btf.data: --insn-trace as upstream's (subprograms' bytes aside)"
refused "insn-trace" "--insn-trace=disasm (needs xed)" \
	"$PERF" script -i "$(fixture up-late.data)" --insn-trace=disasm

# -F srcline, --full-source-path: each location's source line from its
# object's DWARF (the fixtures' libc and ld.so: libc6-dbg's debug files),
# "dso[addr]" without one.  On up-comm-cut.data both are upstream's line
# for line; elsewhere upstream's addr2line names a line of an included
# file after the compilation unit's file (strtol_l.c:472 of
# sysdeps/wordsize-64/strtol_l.c, a 20-line wrapper): not copied
if [ -r /usr/lib/debug/.build-id/93/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug ]; then
	compare up-comm-cut.data -F +srcline
	compare up-comm-cut.data -F comm,ip,sym,srcline --full-source-path
	grep -qE '^  \./.*\.[chS]:[0-9]+$' "$TMPD/our"
	ok $? "--full-source-path: source lines by DWARF's whole names"
else
	ok 0 "# SKIP -F srcline: no libc6-dbg debug files"
fi

# --per-event-dump: each event's lines in <input>.<event>.dump (an event
# without samples too), side-band lines and upstream's "Wrote" lines on
# stdout
for args in "up-tracepoints.data" "up-callgraph.data --show-task-events" \
	    "up-bpf-btf.data -F comm,tid,ip,sym"; do
	set -- $args
	f=$1; shift
	for who in up our; do
		rm -rf "$TMPD/pe-$who"
		mkdir -p "$TMPD/pe-$who"
		cp "$(fixture "$f")" "$TMPD/pe-$who/in.data"
		if [ $who = up ]; then
			(cd "$TMPD/pe-$who" && up_perf script -i in.data --per-event-dump "$@" \
				>stdout 2>/dev/null)
		else
			(cd "$TMPD/pe-$who" && our_perf script --no-bpf-prog-info -i in.data \
				--per-event-dump "$@" >stdout 2>/dev/null)
		fi
	done
	[ "$(ls "$TMPD/pe-up" | wc -l)" -gt 3 ] && diff -r "$TMPD/pe-up" "$TMPD/pe-our" >/dev/null
	ok $? "$f: script --per-event-dump $*: the files and stdout as upstream's ($(ls "$TMPD/pe-up" | tr '\n' ' '))"
done

# -v: the lines are the same (upstream's build id notes on stderr are not ours)
compare up-callgraph.data -v
# another user's file: refused without -f, as upstream refuses it
cp "$(fixture up-small.data)" "$TMPD/other.data"
if chown nobody "$TMPD/other.data" 2>/dev/null; then
	refused "not owned by current user or root (use -f to override)" \
		"script of another user's file" "$PERF" script -i "$TMPD/other.data"
	up_perf script -i "$TMPD/other.data" -f >"$TMPD/up" 2>/dev/null
	our_perf script -i "$TMPD/other.data" --force >"$TMPD/our" 2>/dev/null
	is_same_file "$TMPD/our" "$TMPD/up" "script -f of another user's file equals upstream's"
else
	ok 0 "# SKIP another user's file: needs root (chown)"
	ok 0 "# SKIP script -f: needs root (chown)"
fi
done_testing
