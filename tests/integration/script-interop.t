#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script against upstream on the same files: every line of our
# default output equals upstream's (with and without the cpu column, with
# -g stacks), --show-{bpf,task,mmap}-events and -F selections too.  Files
# come from /usr/bin/perf record, and from ours when it exists.
#
# Upstream difference kept apart: a BPF address no KSYMBOL covers is
# "[unknown] ([unknown])" upstream; we name it from the header's
# bpf_prog_info.  Comparisons run with --no-bpf-prog-info.
#
# The -g output is also checked against the format FlameGraph's
# stackcollapse-perf.pl reads: a header line per sample ("comm pid ...
# time: period event:"), one "<hex ip> <symbol> (<dso>)" line per frame,
# a blank line after each sample; collapsed stacks from our output equal
# those from upstream's and count every sample.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

BPFLOAD=$WORKLOADS/bpfload

record_preloaded() {	# recorder file
	local rec=$1 out=$2 ready=$TMPD/ready.$RANDOM pid
	"$BPFLOAD" -n 1 --wait-signal --ready-file "$ready" --hot 0.5 >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 100); do [ -e "$ready" ] && break; sleep 0.05; done
	$rec "$out" -a -- sh -c "kill -USR1 $pid; while kill -0 $pid 2>/dev/null; do sleep 0.05; done"
	wait "$pid"
}

record_set() {	# recorder prefix
	local rec=$1 p=$2
	$rec "$TMPD/$p-system-wide.data" -a -- "$BPFLOAD" -n 2 --hot 0.5 &&
	$rec "$TMPD/$p-per-thread.data" -- "$BPFLOAD" --hot 0.5 &&
	$rec "$TMPD/$p-bpf-nobtf.data" -a -- "$BPFLOAD" --no-btf --hot 0.3 &&
	$rec "$TMPD/$p-no-bpf-event.data" --no-bpf-event -a -- "$BPFLOAD" --hot 0.3 &&
	$rec "$TMPD/$p-churn.data" -a -- "$BPFLOAD" --churn 2000 --duration 0.5 &&
	$rec "$TMPD/$p-callgraph.data" -g -a -- "$BPFLOAD" --hot 0.3 &&
	$rec "$TMPD/$p-callgraph-per-thread.data" -g -- "$BPFLOAD" --hot 0.3 &&
	record_preloaded "$rec" "$TMPD/$p-preloaded.data"
}

upstream_rec() { local o=$1; shift; upstream_record "$o" "$@"; }
our_rec() { local o=$1; shift; "$PERF" record -q -o "$o" "$@" >"$TMPD/our-record.log" 2>&1; }

sets=up
record_set upstream_rec up || { plan 1; ok 1 "/usr/bin/perf record"; exit 1; }
if "$PERF" 2>&1 | grep -qw record; then
	if record_set our_rec our; then
		sets="up our"
	else
		diag "our perf record failed: $(tail -1 "$TMPD/our-record.log")"
	fi
fi

# compare NAME FILE OPTIONS...: our script lines against upstream's.
# Every line must be equal but, in a system-wide file, up to 1 in 1000
# frames of other processes' broken frame-pointer chains (garbage
# addresses that upstream and we attribute differently, listed); never a
# line of the BPF workload.
compare() {
	local name=$1 file=$2 n d; shift 2
	"$UPERF" script -i "$file" "$@" >"$TMPD/$name.up" 2>/dev/null
	"$PERF" script --no-bpf-prog-info -i "$file" "$@" >"$TMPD/$name.our" 2>"$TMPD/$name.err"
	n=$(wc -l <"$TMPD/$name.up")
	diff "$TMPD/$name.up" "$TMPD/$name.our" | grep '^[<>]' >"$TMPD/$name.diff"
	d=$(grep -c '^<' "$TMPD/$name.diff")
	[ "$n" -gt 0 ] && [ $((d * 1000)) -le "$n" ] &&
		! grep -q -E 'bpf_prog_|bpfload' "$TMPD/$name.diff"
	local st=$?
	ok $st "$name: lines equal upstream's ($n lines, $d garbage frames differ)"
	head -4 "$TMPD/$name.diff" | cut -c1-160 | sed 's/^/#   /'
	sed 's/^/#   /' "$TMPD/$name.err" | head -3
}

for p in $sets; do
	for f in "$TMPD/$p"-*.data; do
		name=$(basename "$f" .data)
		compare "$name" "$f"
		compare "$name-events" "$f" --show-bpf-events --show-task-events --show-mmap-events
	done
	f=$TMPD/$p-system-wide.data
	compare "$p-F-comm-pid-tid-time" "$f" -F comm,pid,tid,time
	compare "$p-F-ip-sym-symoff-dso" "$f" -F ip,sym,symoff,dso
	compare "$p-F-tid-period-event-ip" "$f" -F tid,period,event,ip
	compare "$p-F-comm-cpu-sym" "$f" -F comm,cpu,ip,sym
	compare "$p-callgraph-F" "$TMPD/$p-callgraph.data" -F comm,tid,ip,sym
done

# what the files hold: BPF programs by name, subprograms too, no cpu column per-thread
grep -q 'cpu-clock.*bpf_prog_[0-9a-f]*_hot_sub2_inner+0x[0-9a-f]* (bpf_prog_[0-9a-f]*_hot_sub2_inner)$' \
	"$TMPD/up-system-wide.our"
ok $? "system-wide: samples in a BPF subprogram print its name, offset and dso"
grep -q '^ *bpfload *[0-9]*  *[0-9]*\.[0-9]*: ' "$TMPD/up-per-thread.our"
ok $? "per-thread: no cpu column"
grep -q 'PERF_RECORD_KSYMBOL.*flags 0x1 name bpf_prog_' "$TMPD/up-churn-events.our"
ok $? "churn: --show-bpf-events prints the unregisters"
grep -q '^	 *[0-9a-f]* bpf_prog_[0-9a-f]*_hot_[a-z0-9_]*+0x[0-9a-f]* (bpf_prog_' \
	"$TMPD/up-callgraph.our"
ok $? "callgraph: BPF frames in the stacks"

# stackcollapse-perf.pl's input format, and the stacks it would fold
collapse() {	# script -g output on stdin -> "comm;outer;...;inner count" sorted, or exit 1
	# (a sample of no task, pid -1, is ":-1    -1 [cpu] ...")
	# (the status is awk's: a line out of format fails)
	(set -o pipefail; awk '
	function flush() { if (n >= 0) { s = comm; for (i = n - 1; i >= 0; i--) s = s ";" f[i];
				cnt[s]++; total++ } n = -1 }
	BEGIN { n = -1; bad = 0 }
	/^$/ { flush(); next }
	/^\t *[0-9a-f]+ .+ \(.*\)$/ {
		if (n < 0) { bad++; next }
		line = $0; sub(/^\t *[0-9a-f]+ /, "", line); sub(/ \([^()]*(\([^()]*\))?[^()]*\)$/, "", line)
		sub(/\+0x[0-9a-f]+$/, "", line); f[n++] = line; next }
	/^[^\t ].* +-?[0-9]+(\/-?[0-9]+)? .*[0-9]+\.[0-9]+: +[0-9]+ [^ ]+: *$/ {
		flush(); comm = $1; n = 0; next }
	{ bad++ }
	END { flush(); for (s in cnt) print s, cnt[s]; print "TOTAL", total; exit bad > 0 }' |
		LC_ALL=C sort)
}
for p in $sets; do
	f=$TMPD/$p-callgraph.data
	collapse <"$TMPD/$p-callgraph.our" >"$TMPD/$p.folded.our"
	ok $? "$p-callgraph: every line of our -g output is in stackcollapse-perf's format"
	collapse <"$TMPD/$p-callgraph.up" >"$TMPD/$p.folded.up"
	is_same_file "$TMPD/$p.folded.our" "$TMPD/$p.folded.up" \
		"$p-callgraph: folded stacks equal those of upstream's output"
	samples=$("$UPERF" report --stats -i "$f" 2>/dev/null | awk '/SAMPLE events:/ {print $3; exit}')
	[ "$(awk '$1 == "TOTAL" {print $2}' "$TMPD/$p.folded.our")" = "$samples" ]
	ok $? "$p-callgraph: one folded stack per sample ($samples)"
	grep -q 'bpf_prog_[0-9a-f]*_hot_sub2_outer;bpf_prog_[0-9a-f]*_hot_sub2_inner' \
		"$TMPD/$p.folded.our"
	ok $? "$p-callgraph: a BPF subprogram's caller is its BPF caller in the folded stacks"
done

# pipe input
"$UPERF" record -q -a -o - -- "$BPFLOAD" --hot 0.3 >"$TMPD/pipe.data" 2>/dev/null
# (upstream names [vdso] after its temporary copy when reading a pipe)
"$UPERF" script -i - <"$TMPD/pipe.data" 2>/dev/null |
	sed 's|(/tmp/perf-vdso\.so-[A-Za-z0-9]*)$|([vdso])|' >"$TMPD/pipe.up"
"$PERF" script --no-bpf-prog-info -i - <"$TMPD/pipe.data" >"$TMPD/pipe.our" 2>/dev/null
is_same_file "$TMPD/pipe.our" "$TMPD/pipe.up" "pipe: lines equal upstream's"

# the ASan build on the churn file, events and all
"$PERF_ASAN" script --show-bpf-events --show-task-events --show-mmap-events \
	-i "$TMPD/up-churn.data" >/dev/null 2>"$TMPD/asan.err"
ok $? "ASan+UBSan build prints the churn file cleanly"
head -5 "$TMPD/asan.err" | sed 's/^/#   /'

# standard output: a write error is one line and exit 1; a reader that
# goes away with SIGPIPE ignored ends the output quietly, exit 0
f=$TMPD/up-callgraph.data
"$PERF" script -i "$f" >"$TMPD/full.out" 2>/dev/null
"$PERF" script -i "$f" >/dev/full 2>"$TMPD/full.err"
st=$?
[ $st -eq 1 ] && [ "$(wc -l <"$TMPD/full.err")" -eq 1 ] &&
	grep -q '^perf script: standard output: No space left on device$' "$TMPD/full.err"
ok $? "a full disk: exit 1 and one line naming standard output ($st: $(head -1 "$TMPD/full.err"))"
(trap '' PIPE; "$PERF" script -i "$f" 2>"$TMPD/pipe-head.err" | head -n 5 >"$TMPD/pipe-head.out"
 exit "${PIPESTATUS[0]}")
st=$?
[ $st -eq 0 ] && [ ! -s "$TMPD/pipe-head.err" ] &&
	head -n 5 "$TMPD/full.out" | cmp -s - "$TMPD/pipe-head.out"
ok $? "| head with SIGPIPE ignored: the first lines, exit 0, nothing on stderr ($st)"

# bad field
"$PERF" script -F comm,bogus -i "$TMPD/up-per-thread.data" >/dev/null 2>"$TMPD/bad.err"
[ $? -ne 0 ] && grep -q 'bogus' "$TMPD/bad.err"
ok $? "an unknown -F field is an error naming it"

done_testing
