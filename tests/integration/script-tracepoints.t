#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Tracepoints against upstream on the fixtures (tests/fixtures/
# make-tp-fixtures): files recorded by /usr/bin/perf (up-*) and by ours
# (our-*) with cpu-clock, sched:sched_switch, sched:sched_wakeup,
# sched:sched_process_exit, timer:hrtimer_start and
# bpf_trace:bpf_trace_printk, with and without -g, each read by both
# perfs: our script equals upstream's line for line (our file through
# upstream, upstream's through ours), -F forms too; report --sort trace
# and the sections of each event as upstream's; every bpfprintk line once,
# with its text, and its -g stack naming the BPF program that printed it.
. "$(dirname "$0")/lib.sh"
need_upstream

FILES=(up-tracepoints.data up-tracepoints-g.data our-tracepoints.data our-tracepoints-g.data
       up-tp-printk.data up-tp-printk-g.data our-tp-printk.data our-tp-printk-g.data)
need_fixtures "${FILES[@]}"

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
		"script $name $*: upstream's lines ($(wc -l <"$TMPD/$name.up"))"
	cmp -s "$TMPD/$name.our" "$TMPD/$name.up" || sed 's/^/#   /' "$TMPD/$name.err" | head -3
}

for f in "${FILES[@]}"; do
	name=${f%.data}
	compare "$name" "$(fixture "$f")"
done
for p in up our; do
	f=$(fixture "$p-tp-printk.data")
	compare "$p-F-trace" "$f" -F trace
	compare "$p-F-comm-tid-event-trace" "$f" -F comm,tid,event,trace
	compare "$p-F-trace-ip-sym" "$f" -F trace:ip,sym -F sw:comm,period
	compare "$p-F-plus-period" "$f" -F +period
	compare "$p-F-minus-cpu" "$f" -F trace:-cpu,-time
	compare "$p-F-trace-none" "$f" -F trace:
	f=$(fixture "$p-tp-printk-g.data")
	compare "$p-g-G" "$f" -G
	compare "$p-g-F" "$f" -F comm,event,trace,ip,sym
	compare "$p-g-max-stack" "$f" --max-stack 4
done

# what the files hold: the fields of every event, formatted
for p in up our; do
	o=$TMPD/$p-tp-printk.our
	grep -q ' sched:sched_switch: prev_comm=.* prev_pid=[0-9]* prev_prio=[0-9]* prev_state=[A-Z+|]* ==> next_comm=.* next_pid=[0-9]* next_prio=[0-9]*$' "$o" &&
	grep -q ' sched:sched_wakeup: comm=.* pid=[0-9]* prio=[0-9]* target_cpu=[0-9]*$' "$o" &&
	grep -q ' sched:sched_process_exit: comm=bpf[a-z]* pid=[0-9]* prio=[0-9]*' "$o" &&
	grep -q ' timer:hrtimer_start: hrtimer=0x[0-9a-f]* function=[a-z_]* expires=[0-9]* ' "$o" &&
	grep -q ' cpu-clock: ' "$o"
	ok $? "$p-tp-printk: every event's fields formatted (%ps named: function=...)"
done

# bpf_trace_printk: the program's text, each line once; -g: the program by name
for f in up-tp-printk our-tp-printk up-tp-printk-g our-tp-printk-g; do
	o=$TMPD/$f.our
	pid=$(sed -n 's/.*bpf_trace:bpf_trace_printk: bpfprintk \([0-9]*\) line 1$/\1/p' "$o" | head -1)
	for n in $(seq 20); do
		c=$(grep -c " bpf_trace:bpf_trace_printk: bpfprintk $pid line $n\$" "$o")
		[ "$c" -eq 1 ] || { diag "$f: line $n $c times"; false; } || break
	done
	ok $? "$f: bpfprintk's 20 lines, each once, with its text"
done
for f in up-tp-printk-g our-tp-printk-g; do
	awk '/bpf_trace:bpf_trace_printk: bpfprintk/ { n++; s = 1; line = ""; next }
	     s && /^$/ { if (line != "sub,main") bad++; s = 0; next }
	     s && /bpf_prog_[0-9a-f]*_printk_line\+0x[0-9a-f]* \(bpf_prog_[0-9a-f]*_printk_line\)$/ {
		line = line "sub" }
	     s && /bpf_prog_[0-9a-f]*_printk_prog\+0x[0-9a-f]* \(bpf_prog_[0-9a-f]*_printk_prog\)$/ {
		line = line ",main" }
	     END { exit !(n == 20 && !bad) }' "$TMPD/$f.our"
	ok $? "$f: -g: every stack names the subprogram that printed, then its program"
done

# report: each event its section, --sort trace as upstream's
rcompare() {	# rcompare NAME FILE OPTIONS...
	local name=$1 file=$2; shift 2
	up_perf report --stdio -i "$file" "$@" 2>/dev/null | grep -v '^# (Tip:' >"$TMPD/$name.rup"
	our_perf report --stdio --no-bpf-prog-info -i "$file" "$@" 2>"$TMPD/$name.rerr" |
		grep -v '^# (Tip:' >"$TMPD/$name.rour0"
	norm_comm_cut "$TMPD/$name.rup" "$TMPD/$name.rour0" >"$TMPD/$name.rour"
	is_same_file "$TMPD/$name.rour" "$TMPD/$name.rup" \
		"report $name $*: upstream's ($(wc -l <"$TMPD/$name.rup") lines)"
}
for f in up-tp-printk our-tp-printk up-tracepoints-g our-tracepoints-g; do
	rcompare "$f" "$(fixture "$f.data")"
	rcompare "$f-sort-trace" "$(fixture "$f.data")" --sort trace
done
rcompare our-tp-printk-trace-comm "$(fixture our-tp-printk.data)" --sort comm,trace -n
rcompare up-tp-printk-g-trace-sym "$(fixture up-tp-printk-g.data)" --sort trace,sym \
	--no-children
# tracepoint fields as sort keys (upstream's dynamic keys)
for f in up-tracepoints our-tp-printk up-tp-printk-g; do
	rcompare "$f-prev-pid" "$(fixture "$f.data")" --sort prev_pid
	rcompare "$f-state" "$(fixture "$f.data")" --sort sched:sched_switch.prev_state,comm -n
	rcompare "$f-state-raw" "$(fixture "$f.data")" --sort prev_state/raw --no-children
	rcompare "$f-trace-fields" "$(fixture "$f.data")" --sort trace_fields
	rcompare "$f-wakeup-pid" "$(fixture "$f.data")" --sort sched:sched_wakeup.comm,pid
	rcompare "$f-function" "$(fixture "$f.data")" --sort dso,function -g none
done
rcompare our-tp-printk-string "$(fixture our-tp-printk.data)" --sort bpf_string,trace
our_perf report --stdio -i "$(fixture up-tracepoints.data)" --sort nosuchfield >/dev/null \
	2>"$TMPD/nofield.err"
[ $? -ne 0 ] && grep -q "^perf report: unknown --sort key: nosuchfield" "$TMPD/nofield.err"
ok $? "a field no tracepoint of the file has: unknown key"
grep -q "^# Samples: [0-9]*  of event 'bpf_trace:bpf_trace_printk'$" "$TMPD/our-tp-printk.rour" &&
	grep -q "^# Samples: .* of event 'sched:sched_switch'$" "$TMPD/our-tp-printk.rour"
ok $? "report: each tracepoint its own section"
for p in up our; do
	up_perf report --stats -i "$(fixture $p-tp-printk.data)" >"$TMPD/$p.stats.up" 2>&1
	our_perf report --stats -i "$(fixture $p-tp-printk.data)" >"$TMPD/$p.stats.our" 2>&1
	is_same_file "$TMPD/$p.stats.our" "$TMPD/$p.stats.up" "report --stats of $p-tp-printk"
done

# formats from the file, not the live system: the same output with no tracefs to look at
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	unshare -m --propagation private sh -c \
		'umount /sys/kernel/tracing 2>/dev/null; umount /sys/kernel/debug 2>/dev/null
		 mount -t tmpfs none /sys/kernel/tracing 2>/dev/null
		 "$0" script --kallsyms "$1" --no-bpf-prog-info -i "$2"' \
		"$PERF" "$KALLSYMS" "$(fixture our-tp-printk.data)" >"$TMPD/notracefs.our" 2>&1
	is_same_file "$TMPD/notracefs.our" "$TMPD/our-tp-printk.up" \
		"script without tracefs (an empty one mounted over it): the same lines"
fi
done_testing
