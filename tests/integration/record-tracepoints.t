#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tracepoints on the live kernel, recorded by both perfs: the structure
# of what comes out (upstream reads our files and we read upstream's,
# every event's fields are there, bpfprintk's lines once each and, with
# -g, under the program that printed them), globs and filters, recording
# with tracefs unmounted, perf top on tracepoints, and the errors.
# Comparisons of whole outputs with upstream's are on the fixtures
# (script-tracepoints.t); what the live kernel does by chance is not
# compared here.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads
[ -d /sys/kernel/tracing/events/sched ] || grep -qw tracefs /proc/filesystems ||
	skip_all "no tracefs in this kernel"
PRINTK=$WORKLOADS/bpfprintk
TPS=(-e sched:sched_switch -e sched:sched_wakeup -e sched:sched_process_exit
     -e timer:hrtimer_start -e bpf_trace:bpf_trace_printk)
# the recorded task switches out (sleep), is woken by its child's exit,
# arms a timer, exits, and bpfprintk prints its 10 lines
WORK="$PRINTK -n 10 >/dev/null; sleep 0.01; true"

# fields FILE PERF WHO: every event of the set with its fields, and the 10 lines once each
fields() {
	local file=$1 perf=$2 who=$3 out=$TMPD/$who.script n pid
	"$perf" script -i "$file" >"$out" 2>"$TMPD/$who.err"
	ok $? "$who: script reads it"
	grep -q ' sched:sched_switch: prev_comm=.* prev_pid=[0-9]* prev_prio=[0-9]* prev_state=[A-Z+|]* ==> next_comm=.* next_pid=[0-9]* next_prio=[0-9]*' "$out" &&
		grep -q ' sched:sched_wakeup: comm=.* pid=[0-9]* prio=[0-9]* target_cpu=[0-9]*' "$out" &&
		grep -q ' sched:sched_process_exit: comm=[a-z]* pid=[0-9]* prio=[0-9]*' "$out" &&
		grep -q ' timer:hrtimer_start: hrtimer=0x[0-9a-f]* function=[a-z_]* expires=[0-9]*' "$out"
	ok $? "$who: the fields of every event, %ps named"
	pid=$(sed -n 's/.* bpf_trace:bpf_trace_printk: bpfprintk \([0-9]*\) line 1$/\1/p' "$out")
	for n in $(seq 10); do
		[ "$(grep -c " bpf_trace:bpf_trace_printk: bpfprintk $pid line $n\$" "$out")" -eq 1 ] ||
			{ diag "$who: line $n not once"; false; } || break
	done
	ok $? "$who: bpfprintk's 10 lines, each once"
}

"$PERF" record -q -o "$TMPD/our.data" -e cpu-clock "${TPS[@]}" -- sh -c "$WORK"
ok $? "our record of cpu-clock and five tracepoints"
upstream_record "$TMPD/up.data" -e cpu-clock "${TPS[@]}" -- sh -c "$WORK"
ok $? "upstream's record of the same"
fields "$TMPD/our.data" "$UPERF" "upstream on our file"
fields "$TMPD/up.data" "$PERF" "ours on upstream's file"
fields "$TMPD/our.data" "$PERF_ASAN" "ours (ASan) on our file"
"$UPERF" evlist -i "$TMPD/our.data" 2>/dev/null | grep -v '^#' >"$TMPD/our.evlist"
"$UPERF" evlist -i "$TMPD/up.data" 2>/dev/null | grep -v '^#' >"$TMPD/up.evlist"
is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "the events, named as upstream's"

# pipe mode: HEADER_TRACING_DATA and its payload, read from a pipe and from a file
"$PERF" record -q -o - "${TPS[@]}" -- "$PRINTK" -n 10 2>/dev/null >"$TMPD/our.pipe" &&
	"$UPERF" record -q -o - "${TPS[@]}" -- "$PRINTK" -n 10 2>/dev/null >"$TMPD/up.pipe"
ok $? "both perfs record tracepoints to a pipe"
for who in our up; do
	for reader in "$PERF" "$UPERF"; do
		"$reader" script -i - <"$TMPD/$who.pipe" >"$TMPD/$who.pipe.out" 2>/dev/null
		"$reader" script -i "$TMPD/$who.pipe" >"$TMPD/$who.pipe.file" 2>/dev/null
		[ "$(grep -c 'bpf_trace_printk: bpfprintk [0-9]* line [0-9]*$' "$TMPD/$who.pipe.out")" -eq 10 ] &&
			cmp -s "$TMPD/$who.pipe.out" "$TMPD/$who.pipe.file" || break
	done
	ok $? "$who's pipe stream: both scripts print its 10 lines, from a pipe and from a file"
done

# -g: the stack under each printk line names the subprogram, then the program
for who in our up; do
	if [ $who = our ]; then
		"$PERF" record -q -g -o "$TMPD/g-$who.data" "${TPS[@]}" -- "$PRINTK" -n 10 >/dev/null
	else
		upstream_record "$TMPD/g-$who.data" -g "${TPS[@]}" -- "$PRINTK" -n 10
	fi
	"$PERF" script -i "$TMPD/g-$who.data" >"$TMPD/g-$who.script" 2>&1 &&
		"$UPERF" script -i "$TMPD/g-$who.data" >"$TMPD/g-$who.upscript" 2>/dev/null
	ok $? "-g, $who's record: both scripts read it"
	awk '/bpf_trace:bpf_trace_printk: bpfprintk/ { n++; s = 1; line = ""; next }
	     s && /^$/ { if (line != "sub,main") bad++; s = 0; next }
	     s && /bpf_prog_[0-9a-f]*_printk_line\+0x[0-9a-f]* \(bpf_prog_[0-9a-f]*_printk_line\)$/ {
		line = line "sub" }
	     s && /bpf_prog_[0-9a-f]*_printk_prog\+0x[0-9a-f]* \(bpf_prog_[0-9a-f]*_printk_prog\)$/ {
		line = line ",main" }
	     END { exit !(n == 10 && !bad) }' "$TMPD/g-$who.script"
	ok $? "-g, $who's record: each of the 10 lines under printk_line, then printk_prog"
done

# globs: as upstream expands them (tracefs's order)
"$PERF" record -q -o "$TMPD/glob.data" -e 'sched:sched_process_*' -e 'timer:hrtimer_st*' -- true
ok $? "-e 'sched:sched_process_*' -e 'timer:hrtimer_st*'"
upstream_record "$TMPD/glob-up.data" -e 'sched:sched_process_*' -e 'timer:hrtimer_st*' -- true
"$UPERF" evlist -i "$TMPD/glob.data" 2>/dev/null | grep -v '^#' >"$TMPD/glob.our"
"$UPERF" evlist -i "$TMPD/glob-up.data" 2>/dev/null | grep -v '^#' >"$TMPD/glob.up"
is_same_file "$TMPD/glob.our" "$TMPD/glob.up" "the globs give upstream's events ($(wc -l <"$TMPD/glob.up"))"
# (upstream 6.1 takes a glob of systems only with a glob of events)
"$PERF" record -q -o "$TMPD/glob2.data" -e '*:hrtimer_start,*:sched_switch' -- true &&
	[ "$("$UPERF" evlist -i "$TMPD/glob2.data" 2>/dev/null | grep -v '^#' | tr '\n' ' ')" = \
	  "timer:hrtimer_start sched:sched_switch " ]
ok $? "-e '*:hrtimer_start,*:sched_switch': the event of whichever system has it"

# --filter: the kernel's syntax, two joined with &&
"$PERF" record -q -o "$TMPD/filter.data" -e bpf_trace:bpf_trace_printk \
	--filter 'bpf_string ~ "*line 7"' -- "$PRINTK" -n 10 >/dev/null
"$UPERF" script -i "$TMPD/filter.data" 2>/dev/null >"$TMPD/filter.out"
[ "$(wc -l <"$TMPD/filter.out")" -eq 1 ] && grep -q 'bpfprintk [0-9]* line 7$' "$TMPD/filter.out"
ok $? "--filter 'bpf_string ~ \"*line 7\"': that line only"
"$PERF" record -q -o "$TMPD/filter2.data" -e bpf_trace:bpf_trace_printk \
	--filter 'bpf_string ~ "*line 1*"' --filter 'bpf_string ~ "*0"' -- "$PRINTK" -n 10 >/dev/null
"$UPERF" script -i "$TMPD/filter2.data" 2>/dev/null >"$TMPD/filter2.out"
[ "$(wc -l <"$TMPD/filter2.out")" -eq 1 ] && grep -q 'line 10$' "$TMPD/filter2.out"
ok $? "two --filter after one -e: both hold (line 10 only)"

# tracefs not mounted (a mount namespace of our own): mounted, recorded
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	unshare -m --propagation private sh -c \
		'umount /sys/kernel/tracing 2>/dev/null; umount /sys/kernel/debug 2>/dev/null
		 grep -q " tracefs " /proc/self/mounts && exit 3
		 "$0" record -q -o "$1" -e sched:sched_process_exit -e bpf_trace:bpf_trace_printk \
			-- "$2" -n 3 >/dev/null || exit 1
		 grep -q " tracefs " /proc/self/mounts || exit 4' \
		"$PERF" "$TMPD/unmounted.data" "$PRINTK" 2>"$TMPD/unmounted.err"
	st=$?
	if [ $st -eq 3 ]; then
		ok 0 "# SKIP tracefs could not be unmounted here"
	else
		[ $st -eq 0 ] && "$UPERF" script -i "$TMPD/unmounted.data" 2>/dev/null |
			grep -q 'bpf_trace_printk: bpfprintk [0-9]* line 3$'
		ok $? "tracefs unmounted: record mounts it at /sys/kernel/tracing and records"
	fi
	grep -q " tracefs " /proc/self/mounts
	ok $? "our own mount namespace was left as it was"
fi

# perf top on tracepoints
"$PRINTK" -n 100000 >/dev/null 2>&1 &
pk=$!
timeout -s INT 4 "$PERF" top --stdio -g -d 1 -E 40 -e bpf_trace:bpf_trace_printk </dev/null \
	>"$TMPD/top.out" 2>"$TMPD/top.err"
kill $pk 2>/dev/null; wait $pk 2>/dev/null
grep -q '\[1Hz bpf_trace:bpf_trace_printk\]' "$TMPD/top.out" &&
	grep -qE '%  bpf_prog_[0-9a-f]{16}_printk_line +\[k\] bpf_prog_[0-9a-f]{16}_printk_line$' \
		"$TMPD/top.out"
ok $? "perf top -e bpf_trace:bpf_trace_printk -g: upstream's header, the BPF program named"
timeout -s INT 2 "$PERF" top --stdio -d 1 -e sched:nope </dev/null >/dev/null 2>"$TMPD/top-bad.err"
[ $? -eq 1 ] && grep -q "^perf top: -e sched:nope: unknown tracepoint" "$TMPD/top-bad.err"
ok $? "perf top: an unknown tracepoint is one line, exit 1"

timeout -s INT 3 "$PERF" top --stdio -d 1 -e sched:sched_switch --filter 'prev_pid ===' \
	</dev/null >/dev/null 2>"$TMPD/top-filter.err"
[ $? -eq 1 ] && [ "$(wc -l <"$TMPD/top-filter.err")" -eq 1 ] &&
	grep -q "^perf top: sched:sched_switch: cannot set filter 'prev_pid ==='" "$TMPD/top-filter.err"
ok $? "perf top --filter: a bad filter is one line naming it, exit 1"

# errors: one line, exit 1, no file left
err() {	# err DESCRIPTION REGEX ARGS...
	local what=$1 re=$2; shift 2
	rm -f "$TMPD/e.data"
	"$PERF" record -q -o "$TMPD/e.data" "$@" >/dev/null 2>"$TMPD/e.err"
	local st=$?
	[ $st -eq 1 ] && [ "$(wc -l <"$TMPD/e.err")" -eq 1 ] && grep -qE "$re" "$TMPD/e.err" &&
		[ ! -e "$TMPD/e.data" ]
	ok $? "$what: one line, exit 1, no file"
	[ $st -eq 1 ] || diag "exit $st"
	head -2 "$TMPD/e.err" | sed 's/^/#   /'
}
err "unknown event of a subsystem" \
	"^perf record: -e sched:nope: unknown tracepoint: subsystem 'sched' has no event 'nope'" \
	-e sched:nope -- true
err "unknown subsystem" "^perf record: -e nosys:x: unknown tracepoint: no subsystem 'nosys'" \
	-e nosys:x -- true
err "a glob without a match" "^perf record: -e sched:zz\\*: no tracepoint matches" \
	-e 'sched:zz*' -- true
err "a bad filter" \
	"^perf record: sched:sched_switch: cannot set filter 'prev_pid === 1': the kernel rejects it" \
	-e sched:sched_switch --filter 'prev_pid === 1' -- true
err "a filter of a field the event lacks" \
	"^perf record: sched:sched_switch: cannot set filter 'nosuchfield == 1'" \
	-e sched:sched_switch --filter 'nosuchfield == 1' -- true
err "a filter after a software event" "^perf record: --filter 'x': cpu-clock is not a tracepoint" \
	-e cpu-clock --filter x -- true
err "a filter before any -e" "^perf record: --filter 'x': follows no -e" --filter x -- true
if command -v setpriv >/dev/null && [ "$(stat -c %a /sys/kernel/tracing 2>/dev/null)" = 700 ]; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$PERF" record -q -o /dev/null \
		-e sched:sched_switch -- true >/dev/null 2>"$TMPD/perm.err"
	[ $? -eq 1 ] && [ "$(wc -l <"$TMPD/perm.err")" -eq 1 ] &&
		grep -q "no permission to read /sys/kernel/tracing/events (needs root)" "$TMPD/perm.err"
	ok $? "no permission to read tracefs: one line, exit 1"
	head -2 "$TMPD/perm.err" | sed 's/^/#   /'
fi
done_testing
