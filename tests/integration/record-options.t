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

# The attrs of a file, one "EVENT# field: value" a line, sorted.
attrs() {
	"$UPERF" evlist -v -i "$1" 2>/dev/null |
		awk '{ sub(/^[^ ]*: /, ""); n = split($0, f, /, /)
		       for (i = 1; i <= n; i++) print NR " " f[i] }' | sort
}

# What changed from the first file's attrs to the second's.
delta() {
	comm -3 <(attrs "$1") <(attrs "$2") | sed 's/^\t/+ /; t; s/^/- /'
}

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
	delta "$TMPD/u.$key.data" "$TMPD/u.opt.data" >"$TMPD/u.delta"
	delta "$TMPD/o.$key.data" "$TMPD/o.opt.data" >"$TMPD/o.delta"
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
	rec -o "$TMPD/r.data" -a -e cpu-clock $opt -- sleep 0.1
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

# --exclude-perf: the recorder's own hits of the tracepoint are left out
count_own() {	# count_own FILE PID: samples of PID
	"$UPERF" script -i "$1" -F pid 2>/dev/null | awk -v p="$2" '$1 == p' | wc -l
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

done_testing
