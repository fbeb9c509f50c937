#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf list against upstream's on this machine: the software events, the
# hardware events where the PMU exists, every tracepoint of tracefs, the
# sys:event globs and word globs, each line as upstream prints it.  Kinds
# we have no events of (tool, PMU, SDT, breakpoint, metrics) are left out
# of upstream's output before comparing.
. "$(dirname "$0")/lib.sh"
need_upstream

# upstream's lines of the kinds perf list shows here
kinds() {
	grep -E '\[(Hardware event|Software event|Raw hardware event descriptor|Tracepoint event)\]$' |
		grep -v '^  cpu/t1=v1'
}

compare() {	# compare NAME ARGS...
	local name=$1; shift
	"$UPERF" list "$@" 2>/dev/null | kinds >"$TMPD/$name.up"
	"$PERF" list "$@" >"$TMPD/$name.our" 2>"$TMPD/$name.err"
	local st=$?
	is_same_file "$TMPD/$name.our" "$TMPD/$name.up" \
		"perf list $*: upstream's lines ($(wc -l <"$TMPD/$name.up"))"
	[ $st -eq 0 ] || diag "exit status $st: $(head -1 "$TMPD/$name.err")"
}

compare sw sw
compare software software
compare hw hw
compare clock clock
compare faults faults

if [ "$(id -u)" -ne 0 ] || [ ! -d /sys/kernel/tracing/events/sched ]; then
	diag "tracepoints: need root and tracefs"
	done_testing
fi

compare tracepoint tracepoint
compare sched 'sched:*'
compare sched-w 'sched:sched_w*'
compare star-switch '*:sched_switch'
compare printk 'bpf_trace:*'
compare word sched_switch
compare all

# every tracepoint tracefs has (an event directory with an id) and every software event
(cd /sys/kernel/tracing/events && for d in */*/; do
	[ -e "$d/id" ] && echo "${d%/}"; done) | tr / : | LC_ALL=C sort >"$TMPD/tracefs"
awk '$NF == "event]" && $(NF-1) == "[Tracepoint" { print $1 }' "$TMPD/all.our" |
	LC_ALL=C sort >"$TMPD/listed"
is_same_file "$TMPD/listed" "$TMPD/tracefs" \
	"perf list: every tracepoint of /sys/kernel/tracing/events ($(wc -l <"$TMPD/tracefs"))"
for e in cpu-clock task-clock page-faults context-switches cpu-migrations minor-faults \
	 major-faults alignment-faults emulation-faults dummy bpf-output cgroup-switches; do
	grep -q "^  $e[ ]" "$TMPD/all.our" || { echo "# $e missing"; false; } || break
done
ok $? "perf list: every software event"
grep -q '^  rNNN  *\[Raw hardware event descriptor\]$' "$TMPD/all.our"
ok $? "perf list: raw rNNN"

# without tracefs mounted (a mount namespace of our own): mounted, listed
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	unshare -m --propagation private sh -c \
		'umount /sys/kernel/tracing 2>/dev/null; umount /sys/kernel/debug 2>/dev/null;
		 grep -q " tracefs " /proc/self/mounts && exit 3; "$0" list "sched:*"' \
		"$PERF" >"$TMPD/unmounted.our" 2>"$TMPD/unmounted.err"
	st=$?
	if [ $st -eq 3 ]; then
		ok 0 "# SKIP tracefs could not be unmounted here"
	else
		is_same_file "$TMPD/unmounted.our" "$TMPD/sched.up" \
			"tracefs unmounted: perf list mounts it and lists sched:*"
	fi
fi

"$PERF" list nosuchword >"$TMPD/none.out" 2>&1
[ $? -eq 0 ] && [ ! -s "$TMPD/none.out" ]
ok $? "a word nothing matches: no line, exit 0"
"$PERF" help | grep -q '^   list  '
ok $? "perf help lists it"
done_testing
