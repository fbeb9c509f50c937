#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf record's options against /usr/bin/perf record's (issue 20).
#
# Attribute options: both perfs record the same command without and with
# the option; what the option changes in the attrs (as upstream's
# `perf evlist -v` reads both perfs' files: fields added, removed or
# changed, event by event) must be the same.  Per thread (a command) and
# system-wide (-a: the sampling event and the tracking dummy).  Then what
# the records hold: upstream's report -D reads our files without a
# warning, and the options' records (SWITCH, NAMESPACES, CLOCK_DATA, ...)
# are there as in upstream's files.
. "$(dirname "$0")/lib.sh"
need_root

rec() { timeout 60 "$PERF" record -q "$@"; }
urec() { timeout 60 "$UPERF" record -q "$@"; }

# same_delta BASE OPTION: BASE (record's options before the command) and
# BASE OPTION, recorded by both perfs: the option changes the same fields.
# The base files of each BASE are recorded once.
same_delta() {
	local base=$1 opt=$2 key
	key=$(printf '%s' "$base" | tr -c 'a-zA-Z0-9' _)
	if [ ! -e "$TMPD/u.$key.data" ]; then
		urec -o "$TMPD/u.$key.data" $base -- true 2>/dev/null
		rec -o "$TMPD/o.$key.data" $base -- true 2>/dev/null
	fi
	urec -o "$TMPD/u.opt.data" $base $opt -- true 2>"$TMPD/u.opt.err"
	rec -o "$TMPD/o.opt.data" $base $opt -- true 2>"$TMPD/o.opt.err"
	attrs_delta "$TMPD/u.$key.data" "$TMPD/u.opt.data" >"$TMPD/u.delta"
	attrs_delta "$TMPD/o.$key.data" "$TMPD/o.opt.data" >"$TMPD/o.delta"
	if [ -s "$TMPD/u.delta" ] || [ -n "${3:-}" ]; then
		is_same_file "$TMPD/o.delta" "$TMPD/u.delta" "$base $opt: the attrs change as upstream's"
	else
		# an option that changes no attr upstream must still be accepted
		[ ! -s "$TMPD/o.delta" ] && [ -s "$TMPD/o.opt.data" ]
		ok $? "$base $opt: accepted, no attr changed (as upstream)"
	fi
}

for base in "-e cpu-clock" "-a -e cpu-clock"; do
	for opt in --all-user --all-kernel "-g --user-callchains" "-g --kernel-callchains" \
		   "-g --user-callchains --kernel-callchains" --user-callchains \
		   -P "-c 100000 -P" --no-period "-c 100000 --no-period" \
		   --sample-cpu -T --no-timestamp "--no-timestamp -R" \
		   --running-time --sample-identifier -R -n \
		   --switch-events --namespaces -d --no-buffering \
		   "-k mono" "-k CLOCK_MONOTONIC_RAW" "-k 11" "-k real" \
		   --strict-freq "-F 1000 --strict-freq" "-r 1"; do
		same_delta "$base" "$opt"
	done
done
# the long names of short options, --no- forms
for opt in --period --timestamp --raw-samples --no-samples --data "--clockid=boottime" \
	   "--realtime 2"; do
	same_delta "-e cpu-clock" "$opt"
done
# the tracking dummy follows -F, -c and -P as upstream's
for opt in "-F 1000" "-c 100000" "-F 1000 -P" "-F 1000 --no-period"; do
	same_delta "-a -e cpu-clock" "$opt"
done

# --group: one group of every event (system-wide the tracking dummy too),
# only the leader disabled; GROUP_DESC as upstream's
for base in "-e cpu-clock,task-clock" "-a -e cpu-clock,task-clock" "-a -e cpu-clock"; do
	same_delta "$base" --group
	urec -o "$TMPD/u.g.data" $base --group -- true
	rec -o "$TMPD/o.g.data" $base --group -- true
	for f in u o; do
		{ "$UPERF" evlist -g -i "$TMPD/$f.g.data"
		  "$UPERF" report --header-only -i "$TMPD/$f.g.data" | grep '^# group:'
		} >"$TMPD/$f.g" 2>&1
	done
	grep -q '^{' "$TMPD/u.g"
	ok $? "$base --group: upstream's file has the group"
	is_same_file "$TMPD/o.g" "$TMPD/u.g" "$base --group: evlist -g and the header's group as upstream's"
done
rec -o "$TMPD/g.data" -e cpu-clock,task-clock --group -- \
	sh -c 'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done'
"$UPERF" script -i "$TMPD/g.data" -F event 2>/dev/null | sort | uniq -c >"$TMPD/g.events"
grep -q 'cpu-clock' "$TMPD/g.events" && grep -q 'task-clock' "$TMPD/g.events"
ok $? "--group: samples of the leader and of the member ($(tr -s ' \n' ' ' <"$TMPD/g.events"))"

# Upstream reads every file without a warning
clean_dump() {
	"$UPERF" report -D -i "$1" >"$TMPD/dump" 2>"$TMPD/dump.err" || return 1
	! grep -qiwE 'warning|error|failed|bad' "$TMPD/dump.err" &&
		! grep -qE '^(Warning|Error|.*failed to process)' "$TMPD/dump"
}
for opt in --no-timestamp "-R --sample-identifier" --running-time "-g --user-callchains" \
	   --switch-events --namespaces "-k raw" -d -n "--all-user --no-period" \
	   "-e task-clock --group"; do
	# (-m: rings big enough that a loaded machine loses no switch records)
	rec -o "$TMPD/r.data" -a -m 1024 -e cpu-clock $opt -- sleep 0.1
	clean_dump "$TMPD/r.data"
	ok $? "-a $opt: upstream's report -D reads our file without a warning"
done

# our report of our file with no time, with IDENTIFIER, with RAW: the
# same as upstream's of it
"$PERF" record -q -o "$TMPD/nt.data" -e cpu-clock -c 100000 --no-timestamp -R \
	--sample-identifier -- sh -c 'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done'
"$UPERF" report -i "$TMPD/nt.data" --stdio --sort comm,dso 2>/dev/null | grep -v '^#' |
	grep . >"$TMPD/nt.up"
"$PERF" report -i "$TMPD/nt.data" --stdio --sort comm,dso 2>/dev/null | grep -v '^#' |
	grep . >"$TMPD/nt.our"
[ -s "$TMPD/nt.up" ]
ok $? "--no-timestamp -R --sample-identifier: upstream reports samples"
is_same_file "$TMPD/nt.our" "$TMPD/nt.up" "--no-timestamp -R --sample-identifier: our report as upstream's"

# -n: no sample at all, the side-band as usual
rec -o "$TMPD/n.data" -e cpu-clock -n -- sh -c 'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done'
"$UPERF" report -D -i "$TMPD/n.data" 2>/dev/null >"$TMPD/n.dump"
[ "$(count_records SAMPLE <"$TMPD/n.dump")" = 0 ] && [ "$(count_records COMM <"$TMPD/n.dump")" -gt 0 ]
ok $? "-n: no SAMPLE records, COMMs as usual"

# --switch-events: SWITCH records of the command (per thread), SWITCH_CPU_WIDE with -a
rec -o "$TMPD/sw.data" -e cpu-clock --switch-events -- sh -c 'sleep 0.05; sleep 0.05'
"$UPERF" report -D -i "$TMPD/sw.data" 2>/dev/null >"$TMPD/sw.dump"
[ "$(count_records SWITCH <"$TMPD/sw.dump")" -gt 0 ]
ok $? "--switch-events: SWITCH records of the command"
rec -o "$TMPD/sw.data" -a -e cpu-clock --switch-events -- sleep 0.05
"$UPERF" report -D -i "$TMPD/sw.data" 2>/dev/null >"$TMPD/sw.dump"
[ "$(count_records SWITCH_CPU_WIDE <"$TMPD/sw.dump")" -gt 0 ]
ok $? "--switch-events -a: SWITCH_CPU_WIDE records"
rec -o "$TMPD/sw.data" -a -e cpu-clock -- sleep 0.05
"$UPERF" report -D -i "$TMPD/sw.data" 2>/dev/null >"$TMPD/sw.dump"
[ "$(count_records SWITCH_CPU_WIDE <"$TMPD/sw.dump")" = 0 ]
ok $? "without --switch-events: none"

# --namespaces: a NAMESPACES record per process that existed, as upstream's
# (pid 1's namespaces are not readable here: zeros in both)
ns_line() {	# ns_line FILE PID: the namespaces of PID's first NAMESPACES record
	"$UPERF" report -D -i "$1" 2>/dev/null |
		grep -A2 -E "PERF_RECORD_NAMESPACES $2/$2 " | head -3 | sed 's/^[^P]*PERF_RECORD/PERF_RECORD/'
}
urec -o "$TMPD/u.ns.data" -a -e cpu-clock --namespaces -- true
rec -o "$TMPD/o.ns.data" -a -e cpu-clock --namespaces -- true
for pid in 1 $$; do
	ns_line "$TMPD/u.ns.data" $pid >"$TMPD/u.ns"
	ns_line "$TMPD/o.ns.data" $pid >"$TMPD/o.ns"
	[ -s "$TMPD/u.ns" ]
	ok $? "--namespaces -a: upstream synthesized pid $pid's"
	is_same_file "$TMPD/o.ns" "$TMPD/u.ns" "--namespaces -a: pid $pid's as upstream's"
done
rec -o "$TMPD/o.ns.data" -e cpu-clock --namespaces -- sh -c 'echo $$ >'"$TMPD/ns.pid"
pid=$(cat "$TMPD/ns.pid")
ns_line "$TMPD/o.ns.data" "$pid" | grep -q 'nr_namespaces: 7'
ok $? "--namespaces: the command's NAMESPACES"

# -k: CLOCK_DATA names the clock as upstream's
for k in mono raw boottime; do
	urec -o "$TMPD/u.k.data" -e cpu-clock -k $k -- true
	rec -o "$TMPD/o.k.data" -e cpu-clock -k $k -- true
	"$UPERF" report --header-only -i "$TMPD/u.k.data" | grep -E '^# (clockid|clockid frequency):' >"$TMPD/u.k"
	"$UPERF" report --header-only -i "$TMPD/o.k.data" | grep -E '^# (clockid|clockid frequency):' >"$TMPD/o.k"
	[ "$(wc -l <"$TMPD/u.k")" = 2 ]
	ok $? "-k $k: upstream writes the clock and its resolution"
	is_same_file "$TMPD/o.k" "$TMPD/u.k" "-k $k: the header's clockid lines as upstream's"
	"$UPERF" report --header-only -i "$TMPD/o.k.data" | grep -q '^# reference time: '
	ok $? "-k $k: a reference time"
done

# -r: the recorder (the command's parent) runs SCHED_FIFO, the command not
for who in up our; do
	p=$PERF; [ $who = up ] && p=$UPERF
	timeout 60 "$p" record -q -o "$TMPD/r.data" -r 3 -- sh -c 'chrt -p $PPID; chrt -p $$' |
		sed 's/^pid [0-9]*/pid/' >"$TMPD/r.$who"
done
grep -q SCHED_FIFO "$TMPD/r.up"
ok $? "-r: upstream runs SCHED_FIFO"
is_same_file "$TMPD/r.our" "$TMPD/r.up" "-r 3: the policies of the recorder and the command as upstream's"

# --exclude-perf: the recorder's own hits of the tracepoint are left out.
# As upstream's, the filter is "common_pid != <the recorder's pid>": its
# main thread's hits; its other threads (the BPF side-band's) may switch
# too, so the samples are counted by thread.
count_own() {	# count_own FILE PID: samples of thread PID
	"$UPERF" script -i "$1" -F tid 2>/dev/null | awk -v p="$2" '$1 == p' | wc -l
}
rec -o "$TMPD/x.data" -a -e sched:sched_switch -- sh -c 'echo $PPID >'"$TMPD/x.pid"'; sleep 0.3'
[ "$(count_own "$TMPD/x.data" "$(cat "$TMPD/x.pid")")" -gt 0 ]
ok $? "without --exclude-perf: the recorder's own sched_switch hits"
rec -o "$TMPD/x.data" -a -e sched:sched_switch --exclude-perf -- \
	sh -c 'echo $PPID >'"$TMPD/x.pid"'; sleep 0.3'
[ "$(count_own "$TMPD/x.data" "$(cat "$TMPD/x.pid")")" = 0 ] &&
	[ "$("$UPERF" script -i "$TMPD/x.data" 2>/dev/null | wc -l)" -gt 0 ]
ok $? "--exclude-perf: none of the recorder's, others' kept"
rec -o "$TMPD/x.data" -a -e sched:sched_switch --filter 'prev_prio >= 0' --exclude-perf -- \
	sh -c 'echo $PPID >'"$TMPD/x.pid"'; sleep 0.3'
[ "$(count_own "$TMPD/x.data" "$(cat "$TMPD/x.pid")")" = 0 ]
ok $? "--filter then --exclude-perf: both apply"
up_line=$("$UPERF" record -o "$TMPD/u.x.data" -e cpu-clock --exclude-perf -- true 2>&1 | head -1)
refused "$up_line" "--exclude-perf after a -e of no tracepoint" \
	"$PERF" record -o "$TMPD/o.x.data" -e cpu-clock --exclude-perf -- true
refused "$up_line" "--exclude-perf before any -e" \
	"$PERF" record -o "$TMPD/o.x.data" --exclude-perf -e sched:sched_switch -- true

# accepted, nothing in the attrs changes, the header's times are there
for opt in --timestamp-boundary "--proc-map-timeout 100" "--num-thread-synthesize 2" \
	   "--mmap-flush 4K" "--mmap-flush 16" "--vmlinux /nonexistent/vmlinux" -v; do
	same_delta "-e cpu-clock" "$opt"
done
rec -o "$TMPD/tb.data" -e cpu-clock --timestamp-boundary -- \
	sh -c 'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done'
"$UPERF" report --header-only -i "$TMPD/tb.data" | grep -q '^# time of first sample : [1-9]'
ok $? "--timestamp-boundary: the first sample's time in the header"

# -v: the ring buffers' sizes, as upstream says them
"$UPERF" record -o "$TMPD/u.v.data" -e cpu-clock -v -- true 2>&1 | grep '^mmap size' >"$TMPD/u.v"
"$PERF" record -o "$TMPD/o.v.data" -e cpu-clock -v -- true 2>&1 | grep '^mmap size' >"$TMPD/o.v"
[ -s "$TMPD/u.v" ]
ok $? "-v: upstream says the rings' sizes"
is_same_file "$TMPD/o.v" "$TMPD/u.v" "-v: the same sizes"

# --dry-run: nothing recorded, nothing said, exit 0, as upstream
for who in u o; do
	p=$PERF; [ $who = u ] && p=$UPERF
	rm -f "$TMPD/dry.data"
	"$p" record -o "$TMPD/dry.data" --dry-run -e cpu-clock -- true >"$TMPD/$who.dry" 2>&1
	echo "rc=$? file=$([ -e "$TMPD/dry.data" ] && echo yes || echo no)" >>"$TMPD/$who.dry"
done
grep -q 'file=no' "$TMPD/u.dry"
ok $? "--dry-run: upstream writes no file"
is_same_file "$TMPD/o.dry" "$TMPD/u.dry" "--dry-run: no file, no output, exit 0 as upstream"

# -B: no BUILD_ID, zero sample times; --buildid-all: every DSO mapped
hdr_lines() {	# the header's times and whether BUILD_ID is missing
	"$UPERF" report --header-only -i "$1" >"$TMPD/hdr" 2>&1
	grep -E '^# time of (first|last) sample' "$TMPD/hdr"
	grep -q '^# missing features:.* BUILD_ID ' "$TMPD/hdr" && echo "no BUILD_ID"
}
for opt in -B --no-buildid "-B --timestamp-boundary"; do
	urec -o "$TMPD/u.b.data" -e cpu-clock $opt -- sleep 0.05
	rec -o "$TMPD/o.b.data" -e cpu-clock $opt -- sleep 0.05
	hdr_lines "$TMPD/u.b.data" >"$TMPD/u.b"
	hdr_lines "$TMPD/o.b.data" >"$TMPD/o.b"
	grep -q 'no BUILD_ID' "$TMPD/u.b"
	ok $? "$opt: upstream writes no BUILD_ID"
	is_same_file "$TMPD/o.b" "$TMPD/u.b" "$opt: no BUILD_ID, the sample times as upstream's"
done
rec -o "$TMPD/o.b.data" -e cpu-clock -- sleep 0.05
hdr_lines "$TMPD/o.b.data" | grep -q 'no BUILD_ID'
[ $? -ne 0 ]
ok $? "without -B: BUILD_ID"
bids() { "$UPERF" buildid-list -i "$1" 2>/dev/null | grep -v ' \[vdso\]$' | sort; }
for base in "-e cpu-clock" "-a -e cpu-clock"; do
	urec -o "$TMPD/u.ba.data" $base --buildid-all -- sleep 0.05
	rec -o "$TMPD/o.ba.data" $base --buildid-all -- sleep 0.05
	bids "$TMPD/u.ba.data" >"$TMPD/u.ba"
	bids "$TMPD/o.ba.data" >"$TMPD/o.ba"
	grep -q ' /usr/bin/sleep$' "$TMPD/u.ba"
	ok $? "$base --buildid-all: upstream lists the command's binary"
	if [ -z "${base##-a*}" ]; then
		# system-wide: what was mapped differs from run to run; ours has upstream's kind
		grep -q ' /usr/bin/sleep$' "$TMPD/o.ba" && grep -q ' \[kernel.kallsyms\]$' "$TMPD/o.ba" &&
			[ "$(wc -l <"$TMPD/o.ba")" -gt 3 ]
		ok $? "$base --buildid-all: the kernel, the command and every other DSO mapped"
	else
		is_same_file "$TMPD/o.ba" "$TMPD/u.ba" "$base --buildid-all: the build-ids as upstream's (but [vdso])"
	fi
done

# -D: the sampling events start disabled (per thread a tracking dummy
# carries the side-band from the exec), enabled after the delay
for base in "-e cpu-clock" "-a -e cpu-clock"; do
	for opt in "-D 100" "-D -1" "--delay 10-20,30-40"; do
		same_delta "$base" "$opt"
	done
done
spin='i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'
for opt in "-D -1" "-D 1" "-D 1-100000"; do
	for who in u o; do
		p=$PERF; [ $who = u ] && p=$UPERF
		timeout 60 "$p" record -o "$TMPD/$who.d.data" -e cpu-clock $opt -- sh -c "$spin" \
			2>&1 >/dev/null | grep '^Events' >"$TMPD/$who.d"
		n=$("$UPERF" report -D -i "$TMPD/$who.d.data" 2>/dev/null | count_records SAMPLE)
		[ "$n" -gt 0 ] && echo samples >>"$TMPD/$who.d"
	done
	grep -q '^Events disabled' "$TMPD/u.d"
	ok $? "$opt: upstream says the events start disabled"
	is_same_file "$TMPD/o.d" "$TMPD/u.d" "$opt: what is said, samples or none, as upstream's"
done
"$UPERF" report -i "$TMPD/o.d.data" --stdio --sort comm 2>/dev/null | grep -q ' sh *$'
ok $? "-D: the command's samples"
rec -o "$TMPD/o.d.data" -e cpu-clock -D 1 -- sh -c "$spin" 2>"$TMPD/o.d"
[ ! -s "$TMPD/o.d" ]
ok $? "-q -D: nothing said"

# --synth: what is written before FINISHED_INIT, by kind, as upstream's
before_init() {	# the record kinds before FINISHED_INIT, "kernel" for the kernel's map
	"$UPERF" report -D -i "$1" 2>/dev/null | sed '/PERF_RECORD_FINISHED_INIT/q' |
		grep -oE 'PERF_RECORD_(COMM|FORK|MMAP2|MMAP)[^A-Z_0-9]|\[kernel.kallsyms\]' |
		sed 's/^PERF_RECORD_\([A-Z0-9]*\).$/\1/; s/\[kernel.kallsyms\]/kernel/' | sort -u | tr '\n' ' '
	echo
}
for pair in "-a -e cpu-clock|--synth no" "-a -e cpu-clock|--synth task" \
	    "-a -e cpu-clock|--synth mmap" "-a -e cpu-clock|--synth cgroup" \
	    "-a -e cpu-clock|--synth all" "-a -e cpu-clock|--synth task,mmap"; do
	base=${pair%%|*} opt=${pair#*|}
	urec -o "$TMPD/u.s.data" $base $opt -- true
	rec -o "$TMPD/o.s.data" $base $opt -- true
	before_init "$TMPD/u.s.data" >"$TMPD/u.s"
	before_init "$TMPD/o.s.data" >"$TMPD/o.s"
	# without task synthesis both keep the command's COMM; ours its FORK too
	case $opt in *no|*cgroup) sed -i 's/FORK //' "$TMPD/o.s" ;; esac
	grep -q kernel "$TMPD/u.s"
	ok $? "$base $opt: upstream writes the kernel's map at start"
	is_same_file "$TMPD/o.s" "$TMPD/u.s" "$base $opt: the kinds written at start as upstream's"
done

# per thread, --synth no keeps the command's COMM (ours has its FORK too)
rec -o "$TMPD/o.s.data" -e cpu-clock --synth no -- true
before_init "$TMPD/o.s.data" | grep -qx 'COMM FORK MMAP kernel '
ok $? "per thread --synth no: the command's COMM, the kernel's map"

# --tail-synthesize: what exists is written at the end, after the samples
first_sample_off() {
	"$UPERF" report -D -i "$1" 2>/dev/null | grep -m1 -oE '0x[0-9a-f]+ \[0x[0-9a-f]+\]: PERF_RECORD_SAMPLE' |
		cut -d' ' -f1
}
kernel_map_off() {
	"$UPERF" report -D -i "$1" 2>/dev/null | grep -m1 -E 'PERF_RECORD_MMAP.*\[kernel.kallsyms\]' |
		grep -oE '0x[0-9a-f]+ \[' | cut -d' ' -f1
}
rec -o "$TMPD/o.t.data" -a -e cpu-clock --tail-synthesize -- sleep 0.1
s=$(first_sample_off "$TMPD/o.t.data"); k=$(kernel_map_off "$TMPD/o.t.data")
[ -n "$s" ] && [ -n "$k" ] && [ $((k)) -gt $((s)) ]
ok $? "--tail-synthesize: the kernel's map after the first sample ($k > $s)"
clean_dump "$TMPD/o.t.data"
ok $? "--tail-synthesize: upstream's report -D reads it without a warning"
# (whether upstream's report names the kernel here depends on timing:
# samples of rounds flushed before the tail's kernel map stay unknown,
# on upstream's own files too; so the two reports are compared instead)
"$UPERF" report -i "$TMPD/o.t.data" --stdio --sort dso 2>/dev/null | grep -v '^# (Tip' >"$TMPD/t.up"
"$PERF" report -i "$TMPD/o.t.data" --stdio --sort dso 2>/dev/null | grep -v '^# (Tip' >"$TMPD/t.our"
[ "$(grep -c '%' "$TMPD/t.up")" -gt 0 ] && cmp -s "$TMPD/t.our" "$TMPD/t.up"
ok $? "--tail-synthesize: our report of the file as upstream's ($(grep -m1 '%' "$TMPD/t.up"))"
rec -o "$TMPD/o.t.data" -a -e cpu-clock -- sleep 0.1
s=$(first_sample_off "$TMPD/o.t.data"); k=$(kernel_map_off "$TMPD/o.t.data")
[ $((k)) -lt $((s)) ]
ok $? "without it: the kernel's map first"

# --max-size: the recording stops once the file is that big, said as upstream
for who in u o; do
	p=$PERF; [ $who = u ] && p=$UPERF
	timeout 60 "$p" record -q -o "$TMPD/$who.m.data" --max-size 20K -a -e cpu-clock -- \
		sleep 30 2>&1 | grep 'size limit' >"$TMPD/$who.m"
done
grep -q 'size limit reached (20 KB)' "$TMPD/u.m"
ok $? "--max-size 20K: upstream stops and says so"
is_same_file "$TMPD/o.m" "$TMPD/u.m" "--max-size 20K: said as upstream"
[ "$(stat -c %s "$TMPD/o.m.data")" -lt $((4 * 1024 * 1024)) ]
ok $? "--max-size 20K: stopped long before the command ended ($(stat -c %s "$TMPD/o.m.data") bytes)"
clean_dump "$TMPD/o.m.data"
ok $? "--max-size: the file is whole"

# -s: inherit_stat and the times; READ records as the command's tasks exit
same_delta "-e cpu-clock" -s
same_delta "-e cpu-clock" --stat
same_delta "-a -e cpu-clock" -s
for who in u o; do
	p=$PERF; [ $who = u ] && p=$UPERF
	timeout 60 "$p" record -q -o "$TMPD/$who.st.data" -s -e cpu-clock -- sh -c 'true; sleep 0.01'
	"$UPERF" report -D -i "$TMPD/$who.st.data" 2>/dev/null | count_records READ >"$TMPD/$who.st"
done
[ "$(cat "$TMPD/u.st")" -gt 0 ]
ok $? "-s: upstream's file has READ records"
is_same_file "$TMPD/o.st" "$TMPD/u.st" "-s: as many READ records as upstream's"

# --affinity: the reader (the command's parent) on one CPU, or on its node's
for a in cpu node; do
	for who in u o; do
		p=$PERF; [ $who = u ] && p=$UPERF
		timeout 60 "$p" record -q -o "$TMPD/$who.af.data" -a -e cpu-clock --affinity $a -- \
			sh -c 'sleep 0.3; grep Cpus_allowed_list /proc/$PPID/status' |
			sed 's/:[[:space:]]*[0-9][0-9]*$/: one CPU/' >"$TMPD/$who.af"
	done
	grep -q Cpus_allowed_list "$TMPD/u.af"
	ok $? "--affinity $a: upstream's reader seen"
	is_same_file "$TMPD/o.af" "$TMPD/u.af" "--affinity $a: the reader's CPUs as upstream's"
done
same_delta "-a -e cpu-clock" "--affinity cpu"

# --aio: the same file
same_delta "-e cpu-clock" --aio
same_delta "-a -e cpu-clock" --aio=4
rec -o "$TMPD/aio.data" -a -e cpu-clock --aio=2 -- sleep 0.1
clean_dump "$TMPD/aio.data"
ok $? "--aio=2: upstream's report -D reads it without a warning"

# Bad input
max=$(cat /proc/sys/kernel/perf_event_max_sample_rate)
urec -o "$TMPD/u.f.data" -F $((max * 2)) --strict-freq -- true 2>/dev/null
[ $? -ne 0 ]
ok $? "--strict-freq -F above the maximum: upstream fails"
refused "maximum frequency rate ($max Hz)" "--strict-freq -F $((max * 2))" \
	"$PERF" record -o "$TMPD/o.f.data" -F $((max * 2)) --strict-freq -- true
refused "exclude each other" "--all-user --all-kernel" \
	"$PERF" record -o "$TMPD/o.f.data" --all-user --all-kernel -- true
refused "\`k': foo" "-k foo" "$PERF" record -o "$TMPD/o.f.data" -k foo -- true
refused "-k 99" "-k 99 (no such clock)" "$PERF" record -o "$TMPD/o.f.data" -k 99 -- true
refused "-r 100" "-r 100" "$PERF" record -o "$TMPD/o.f.data" -r 100 -- true
refused "\`D': 0" "-D 0" "$PERF" record -o "$TMPD/o.f.data" -D 0 -- true
refused "\`D': 20-10" "-D 20-10" "$PERF" record -o "$TMPD/o.f.data" -D 20-10 -- true
refused "\`synth': foo" "--synth foo" "$PERF" record -o "$TMPD/o.f.data" --synth foo -- true
refused "\`max-size': 20" "--max-size 20 (no unit)" \
	"$PERF" record -o "$TMPD/o.f.data" --max-size 20 -- true
refused "\`max-size': 1m" "--max-size 1m (units are upper case)" \
	"$PERF" record -o "$TMPD/o.f.data" --max-size 1m -- true
refused "\`affinity': foo" "--affinity foo" \
	"$PERF" record -o "$TMPD/o.f.data" --affinity foo -- true
refused "\`aio': 5" "--aio=5" "$PERF" record -o "$TMPD/o.f.data" --aio=5 -- true
refused "--mmap-flush 4X" "--mmap-flush 4X" "$PERF" record -o "$TMPD/o.f.data" --mmap-flush 4X -- true

done_testing
