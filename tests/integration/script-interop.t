#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script against upstream on the same files: every line of our
# default output equals upstream's (with and without the cpu column, with
# -g stacks), --show-{bpf,task,mmap}-events and -F selections too, on
# the fixtures recorded by /usr/bin/perf (up-*) and by ours (our-*): see
# tests/fixtures/make-fixtures.
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
need_upstream

SETS="system-wide bpf-btf per-thread bpf-nobtf no-bpf-event churn z preloaded pipe
      callgraph callgraph-per-thread"
files=()
for p in up our; do
	for s in $SETS; do files+=("$p-$s.data"); done
done
files+=(up-per-thread-flag.data up-lost.data up-small.data up-comm-cut.data up-late.data
	up-late-g.data)
need_fixtures "${files[@]}"

# compare NAME FILE OPTIONS...: our script output equals upstream's, line for line
compare() {
	local name=$1 file=$2; shift 2
	up_perf script -i "$file" "$@" >"$TMPD/$name.up" 2>/dev/null
	our_perf script --no-bpf-prog-info -i "$file" "$@" >"$TMPD/$name.our" 2>"$TMPD/$name.err"
	if [ ! -s "$TMPD/$name.up" ]; then
		ok 1 "$name: upstream printed lines"
		return
	fi
	is_same_file "$TMPD/$name.our" "$TMPD/$name.up" \
		"$name: lines equal upstream's ($(wc -l <"$TMPD/$name.up") lines)"
	sed 's/^/#   /' "$TMPD/$name.err" | head -3
}

for f in "${files[@]}"; do
	name=${f%.data}
	compare "$name" "$(fixture "$f")"
	compare "$name-events" "$(fixture "$f")" --show-bpf-events --show-task-events \
		--show-mmap-events
done
for p in up our; do
	f=$(fixture "$p-system-wide.data")
	compare "$p-F-comm-pid-tid-time" "$f" -F comm,pid,tid,time
	compare "$p-F-ip-sym-symoff-dso" "$f" -F ip,sym,symoff,dso
	compare "$p-F-tid-period-event-ip" "$f" -F tid,period,event,ip
	compare "$p-F-comm-cpu-sym" "$f" -F comm,cpu,ip,sym
	f=$(fixture "$p-callgraph.data")
	compare "$p-callgraph-F" "$f" -F comm,tid,ip,sym
	compare "$p-callgraph-G" "$f" -G
	compare "$p-callgraph-max-stack" "$f" --max-stack 3
done

# what the files hold: BPF programs by name, subprograms too, no cpu column per-thread
grep -q 'cpu-clock.*bpf_prog_[0-9a-f]*_hot_sub2_inner+0x[0-9a-f]* (bpf_prog_[0-9a-f]*_hot_sub2_inner)$' \
	"$TMPD/up-bpf-btf.our"
ok $? "bpf-btf: samples in a BPF subprogram print its name, offset and dso"
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
for p in up our; do
	f=$(fixture "$p-callgraph.data")
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

# pipe input on standard input (upstream names the [vdso] of a pipe after
# the temporary copy of its own it makes)
for p in up our; do
	"$UPERF" script --kallsyms "$KALLSYMS" -i - <"$(fixture "$p-pipe.data")" 2>/dev/null |
		sed 's|(/tmp/perf-vdso\.so-[A-Za-z0-9]*)$|([vdso])|' >"$TMPD/stdin.up"
	"$PERF" script --kallsyms "$KALLSYMS" --no-bpf-prog-info -i - \
		<"$(fixture "$p-pipe.data")" >"$TMPD/stdin.our" 2>/dev/null
	is_same_file "$TMPD/stdin.our" "$TMPD/stdin.up" "$p-pipe: from standard input, equal"
done

# the ASan build on the churn file, events and all
"$PERF_ASAN" script --kallsyms "$KALLSYMS" --show-bpf-events --show-task-events \
	--show-mmap-events -i "$(fixture up-churn.data)" >/dev/null 2>"$TMPD/asan.err"
ok $? "ASan+UBSan build prints the churn file cleanly"
head -5 "$TMPD/asan.err" | sed 's/^/#   /'

# standard output: a write error is one line and exit 1; a reader that
# goes away with SIGPIPE ignored ends the output quietly, exit 0
f=$(fixture up-callgraph.data)
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
"$PERF" script -F comm,bogus -i "$(fixture up-per-thread.data)" >/dev/null 2>"$TMPD/bad.err"
[ $? -ne 0 ] && grep -q 'bogus' "$TMPD/bad.err"
ok $? "an unknown -F field is an error naming it"

done_testing
