#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf record: targets, attrs laid out like upstream, files upstream reads
# without a warning, pipe mode, errors.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

rec() { timeout 60 "$PERF" record "$@"; }

# upstream's -D reads the file with no warning or error
clean_dump() {
	"$UPERF" report -D -i "$1" >"$TMPD/dump" 2>"$TMPD/dump.err" || return 1
	# upstream's libtraceevent says this of this kernel's formats, on its own files too
	grep -v -e '^libtraceevent: No such file or directory$' \
		-e '^  Error: expected type 4 but read 5$' "$TMPD/dump.err" >"$TMPD/dump.err2"
	! grep -qiwE 'warning|error|failed|bad' "$TMPD/dump.err2" &&
		! grep -qE '^(Warning|Error|.*failed to process)' "$TMPD/dump"
}

# -a: sampling event + dummy:HG with the side-band bits
rec -q -o "$TMPD/a.data" -a -c 1000000 -- sleep 0.3 2>"$TMPD/err"
ok $? "-a records"
clean_dump "$TMPD/a.data"
ok $? "-a: /usr/bin/perf report -D reads it without warnings"
"$UPERF" evlist -v -i "$TMPD/a.data" >"$TMPD/evlist" 2>&1
grep -q '^cpu-clock: .*sample_type: IP|TID|TIME|ID|CPU, read_format: ID|LOST, disabled: 1, inherit: 1, sample_id_all: 1, exclude_guest: 1$' "$TMPD/evlist"
ok $? "-a: cpu-clock attr as upstream"
grep -q '^dummy:HG: .*mmap: 1, comm: 1, task: 1, sample_id_all: 1, mmap2: 1, comm_exec: 1, ksymbol: 1, bpf_event: 1$' "$TMPD/evlist"
ok $? "-a: dummy:HG tracking event carries the side-band bits"
[ "$(stat -c %a "$TMPD/a.data")" = 600 ]
ok $? "mode 0600"
"$UPERF" report --header-only -i "$TMPD/a.data" >"$TMPD/hdr" 2>&1
for f in 'hostname :' 'os release :' 'perf version :' 'arch :' 'nrcpus online :' \
	 'cpudesc :' 'cpuid :' 'total memory :' 'cmdline :' 'event : name = cpu-clock' \
	 'time of first sample :' 'clockid frequency:'; do
	grep -q "^# $f" "$TMPD/hdr"
	ok $? "header has '$f'"
done
grep -q 'missing features:.*BPF_PROG_INFO' "$TMPD/hdr"
[ $? -ne 0 ]
ok $? "BPF_PROG_INFO written"

# BUILD_ID: the DSOs with samples, as upstream's buildid-list reads them
"$UPERF" buildid-list -i "$TMPD/a.data" >"$TMPD/bid" 2>&1
grep -qE '^[0-9a-f]{40} \[kernel.kallsyms\]$' "$TMPD/bid"
ok $? "BUILD_ID: the kernel's build-id"
kid=$(od -An -tx1 /sys/kernel/notes 2>/dev/null | tr -d ' \n' | grep -o '474e5500[0-9a-f]\{40\}' | head -1)
[ -z "$kid" ] || grep -q "^${kid#474e5500} \[kernel.kallsyms\]$" "$TMPD/bid"
ok $? "BUILD_ID: the kernel's is the one in /sys/kernel/notes"

# a command: per-thread, bits on the sampling event, enable_on_exec
rec -q -o "$TMPD/t.data" -c 1000000 -- sh -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'
ok $? "a command records"
"$UPERF" evlist -v -i "$TMPD/t.data" >"$TMPD/evlist" 2>&1
grep -q '^cpu-clock: .*sample_type: IP|TID|TIME, read_format: ID|LOST, disabled: 1, inherit: 1, mmap: 1, comm: 1, enable_on_exec: 1, task: 1, sample_id_all: 1, exclude_guest: 1, mmap2: 1, comm_exec: 1, ksymbol: 1, bpf_event: 1$' "$TMPD/evlist"
ok $? "per-thread: the side-band bits on the sampling event, enable_on_exec"
clean_dump "$TMPD/t.data"
ok $? "per-thread: upstream reads it"
"$UPERF" report -i "$TMPD/t.data" --stdio --sort comm 2>/dev/null | grep -q ' sh *$'
ok $? "per-thread: samples of the command"

# -g, -F, --no-inherit, -C, -m
rec -q -o "$TMPD/g.data" -g -F 999 --no-inherit -m 16 -C 0 -- sleep 0.2
ok $? "-g -F --no-inherit -m -C records"
"$UPERF" evlist -v -i "$TMPD/g.data" 2>&1 | grep -q '^cpu-clock: .*sample_type: IP|TID|TIME|CALLCHAIN|ID|CPU|PERIOD.*freq: 1'
ok $? "-g -F: CALLCHAIN and PERIOD, freq"
"$UPERF" evlist -v -i "$TMPD/g.data" 2>&1 | grep -q 'inherit'
[ $? -ne 0 ]
ok $? "--no-inherit clears inherit"

# -p: an existing process
sh -c 'i=0; while [ $i -lt 2000000 ]; do i=$((i+1)); done' &
pid=$!
rec -q -o "$TMPD/p.data" -c 1000000 -p $pid -- sleep 0.5 2>"$TMPD/err" ||
	timeout 5 "$PERF" record -q -o "$TMPD/p.data" -c 1000000 -p $pid &
sleep 0.6
kill -INT %2 2>/dev/null
wait %2 2>/dev/null
kill $pid 2>/dev/null; wait $pid 2>/dev/null
[ -s "$TMPD/p.data" ] && clean_dump "$TMPD/p.data"
ok $? "-p: file read by upstream"

# SIGINT stops cleanly
timeout 30 "$PERF" record -q -o "$TMPD/int.data" -a -c 1000000 &
rpid=$!
sleep 1
kill -INT $rpid
wait $rpid
ok $? "SIGINT: exit 0"
clean_dump "$TMPD/int.data"
ok $? "SIGINT: complete file"

# existing file becomes .old
rec -q -o "$TMPD/a.data" -a -c 1000000 -- true
[ -s "$TMPD/a.data.old" ]
ok $? "an existing output becomes .old"

# pipe mode
rec -q -o - -a -c 1000000 -- sleep 0.3 >"$TMPD/pipe.data" 2>"$TMPD/err"
ok $? "-o - writes a stream"
"$UPERF" report -D -i - <"$TMPD/pipe.data" >"$TMPD/dump" 2>"$TMPD/dump.err"
ok $? "pipe: /usr/bin/perf report -D -i - reads it"
! grep -qiE 'warning|error|failed' "$TMPD/dump.err"
ok $? "pipe: no warnings"
grep -q 'PERF_RECORD_BUILD_ID' "$TMPD/dump"
ok $? "pipe: HEADER_BUILD_ID records at the end"
"$UPERF" buildid-list -i - <"$TMPD/pipe.data" >"$TMPD/bid" 2>&1
grep -qE '^[0-9a-f]{40} \[kernel.kallsyms\]$' "$TMPD/bid" &&
	{ [ -z "$kid" ] || grep -q "^${kid#474e5500} \[kernel.kallsyms\]$" "$TMPD/bid"; }
ok $? "pipe: /usr/bin/perf buildid-list -i - reads the kernel's build-id"
rec -q -o - -c 100000 -- sh -c 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done' \
	2>/dev/null | "$UPERF" buildid-list -i - >"$TMPD/bid2" 2>&1
grep -qE "^[0-9a-f]{40} $(readlink -f "$(command -v sh)")\$" "$TMPD/bid2"
ok $? "pipe: and the build-id of a user DSO with samples (the shell)"
timeout 60 "$PERF" record -q -o - -a -c 1000000 -- sleep 0.3 2>/dev/null |
	"$PERF" report -D -i - >"$TMPD/ours.dump" 2>&1
ok $? "pipe: | perf report -D -i -"
timeout 60 "$PERF" record -q -o - -a -c 1000000 -- sleep 0.3 2>/dev/null |
	"$UPERF" report -i - --stdio >"$TMPD/rep" 2>&1
ok $? "pipe: | /usr/bin/perf report -i -"

# -z: PERF_RECORD_COMPRESSED (zstd) and the COMPRESSED feature
rec -q -z -o "$TMPD/z.data" -a -c 1000000 -- sleep 0.3
ok $? "-z records"
clean_dump "$TMPD/z.data"
ok $? "-z: /usr/bin/perf report -D reads it without warnings"
"$PERF" report --stats -i "$TMPD/z.data" 2>/dev/null | grep -qE 'COMPRESSED events: +[1-9]' &&
	grep -q 'PERF_RECORD_SAMPLE' "$TMPD/dump"
ok $? "-z: compressed records holding the samples"
"$UPERF" report --header-only -i "$TMPD/z.data" 2>/dev/null | grep -q '^# compressed : Zstd, level = 1, ratio = [1-9]'
ok $? "-z: COMPRESSED feature as upstream reads it"
nu=$("$UPERF" report -D -i "$TMPD/z.data" 2>/dev/null | count_records SAMPLE)
no=$("$PERF" report -D -i "$TMPD/z.data" 2>/dev/null | count_records SAMPLE)
[ "$nu" -gt 0 ] && [ "$nu" = "$no" ]
ok $? "-z: our report and upstream's find the same samples ($no, $nu)"
rec -q --compression-level=5 -o "$TMPD/z5.data" -a -c 1000000 -- sleep 0.1 &&
	"$UPERF" report --header-only -i "$TMPD/z5.data" 2>/dev/null | grep -q 'level = 5,'
ok $? "--compression-level=5"
rec -q -z -o - -a -- true >/dev/null 2>"$TMPD/err"
[ $? -eq 1 ] && grep -q '^perf record: -z: ' "$TMPD/err"
ok $? "-z with -o -: one line, exit 1"
rec -q --compression-level=99 -o "$TMPD/zbad.data" -a -- true 2>"$TMPD/err"
[ $? -ne 0 ] && grep -q 'compression level is 1 to 22' "$TMPD/err" && [ ! -e "$TMPD/zbad.data" ]
ok $? "bad compression level: error, no file"

# tracepoints: attrs as upstream's, TRACING_DATA that upstream decodes
if [ -e /sys/kernel/tracing/events/sched/sched_switch/id ]; then
	rec -q -e sched:sched_switch -o "$TMPD/tp.data" -a -- sleep 0.2
	ok $? "-e sched:sched_switch records"
	"$UPERF" evlist -v -i "$TMPD/tp.data" >"$TMPD/evlist" 2>&1
	grep -q '^sched:sched_switch: type: 2, .*sample_period, sample_freq }: 1, sample_type: IP|TID|TIME|CPU|PERIOD|RAW|IDENTIFIER,' "$TMPD/evlist"
	ok $? "tracepoint attr as upstream"
	grep -q '^dummy:HG: .*sample_type: IP|TID|TIME|CPU|IDENTIFIER,' "$TMPD/evlist"
	ok $? "tracking event with IDENTIFIER"
	"$UPERF" script -i "$TMPD/tp.data" 2>/dev/null | grep -q 'sched:sched_switch: prev_comm=.* ==> next_comm='
	ok $? "upstream's script decodes the fields from our TRACING_DATA"
	clean_dump "$TMPD/tp.data"
	ok $? "upstream -D reads it"
	rec -q -e cpu-clock -e sched:sched_switch -o - -a -- sleep 0.2 2>/dev/null |
		"$UPERF" script -i - 2>/dev/null | grep -q 'sched:sched_switch: prev_comm='
	ok $? "pipe mode: cpu-clock and a tracepoint, decoded by upstream's script"
	rec -q -e sched:no_such_tp -o "$TMPD/ntp.data" -a -- true 2>"$TMPD/err"
	[ $? -eq 1 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] &&
		grep -q "sched:no_such_tp: unknown tracepoint: subsystem 'sched' has no event 'no_such_tp'" "$TMPD/err"
	ok $? "unknown tracepoint: one line naming the event, exit 1"
fi

# errors: one line, exit 1, no file left
rec -q -o "$TMPD/bad.data" -e no-such-event -a -- true 2>"$TMPD/err"
[ $? -eq 1 ] && grep -q '^perf record: -e no-such-event: unknown event' "$TMPD/err" &&
	[ ! -e "$TMPD/bad.data" ]
ok $? "bad event: one line, exit 1, no file"
rec -q -o /nonexistent/dir/x.data -a -- true 2>"$TMPD/err"
[ $? -eq 1 ] && grep -q '^perf record: /nonexistent/dir/x.data: ' "$TMPD/err"
ok $? "unwritable output: one line, exit 1"
rec -q -o "$TMPD/none.data" 2>"$TMPD/err"
[ $? -ne 0 ] && grep -q 'no target' "$TMPD/err"
ok $? "no target: usage error"
rec -o "$TMPD/hw.data" -e cycles -c 1000000 -- true 2>"$TMPD/err"
ok $? "cycles: falls back"
grep -q 'falling back to cpu-clock' "$TMPD/err" ||
	"$UPERF" evlist -i "$TMPD/hw.data" 2>/dev/null | grep -q cycles
ok $? "cycles: says so (or the PMU exists)"
"$PERF_ASAN" record -q -o "$TMPD/asan.data" -a -c 1000000 -- sleep 0.2 2>"$TMPD/err"
ok $? "ASan build records cleanly"

done_testing
