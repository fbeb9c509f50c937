#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf top --stdio options that top-stdio.t does not cover: -t, -e with -F,
# -s/--sort comm,dso, -z and -d; -n, --show-total-period, --percent-limit,
# --comms, --dsos, --symbols, --percentage, --max-stack, --ignore-callees,
# --force, -i/--no-inherit, -f/--count-filter, --switch-on/--switch-off/
# --show-on-off-events, -r/--realtime, -v/--verbose, --namespaces,
# --num-thread-synthesize, --proc-map-timeout, --fields, -w/--column-widths,
# --call-graph, --objdump
# (the rows' shape and what they
# keep: top is live, nothing to replay against upstream's).
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

HDR='^   PerfTop: +[0-9]+ irqs/sec '

# wait_for FILE REGEX PID: until FILE has a line matching REGEX (60 s at most)
wait_for() {
	for _ in $(seq 600); do
		grep -qE "$2" "$1" 2>/dev/null && return 0
		kill -0 "$3" 2>/dev/null || return 1
		sleep 0.1
	done
	return 1
}

# last_screen FILE: the rows of the last complete screen
last_screen() {
	awk -v h="$HDR" '$0 ~ h { if (n) last = cur; cur = ""; n++; next }
		{ cur = cur $0 "\n" } END { printf "%s", last }' "$1"
}

# start_workload NAME: bpfload waiting for SIGUSR1, its pid in $bl
start_workload() {
	rm -f "$TMPD/ready"
	"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot "${2:-3}" \
		>"$TMPD/$1.bl" 2>&1 &
	bl=$!
	wait_for "$TMPD/ready" . $bl
}

# top_over NAME ARGS...: top --stdio ARGS into NAME.out while the workload
# started as NAME runs to its end; top's exit status
top_over() {
	local name=$1
	shift
	timeout 120 "$PERF" top --stdio "$@" </dev/null >"$TMPD/$name.out" 2>"$TMPD/$name.err" &
	top=$!
	wait_for "$TMPD/$name.out" "$HDR" $top
	kill -USR1 $bl
	wait $bl
	sleep 1
	kill -INT $top
	wait $top
}

# 1. -t: only the workload's thread; -e task-clock -F 500 in the header
start_workload tid
timeout 120 "$PERF" top --stdio -t $bl -e task-clock -F 500 -s comm,dso,sym -d 0.5 -E 300 \
	</dev/null >"$TMPD/tid.out" 2>"$TMPD/tid.err" &
top=$!
wait_for "$TMPD/tid.out" "$HDR" $top
kill -USR1 $bl
wait $bl
sleep 1
kill -INT $top
wait $top
ok $? "-t TID -e task-clock -F 500: exit status 0"
grep -E "$HDR" "$TMPD/tid.out" | grep -qE "\[500Hz task-clock\],  \(target_tid: $bl\)\$|\[500Hz task-clock\],  \(target_tid: $bl, [0-9]+ CPUs?\)\$"
ok $? "-t: header says [500Hz task-clock] and target_tid: $bl"
grep -E "$HDR" "$TMPD/tid.out" | head -1 | sed 's/^/#   /'
inner=$(grep -oE 'bpf_prog_[0-9a-f]{16}_hot_sub2_inner' "$TMPD/tid.bl" | head -1)
[ -n "$inner" ] && grep -qE "%  bpfload +$inner +\[k\] $inner\$" "$TMPD/tid.out"
ok $? "-t: the workload's BPF program is named"
rows=$(grep -cE '^ +[0-9.]+%  ' "$TMPD/tid.out")
[ "$rows" -gt 0 ] && ! grep -E '^ +[0-9.]+%  ' "$TMPD/tid.out" | grep -qvE '^ +[0-9.]+%  bpfload '
ok $? "-t: every row ($rows) is of the workload's thread"

# 2. --sort comm,dso: two columns, the command and the dso
start_workload sort
timeout 120 "$PERF" top --stdio -s comm,dso -d 0.5 -E 300 </dev/null >"$TMPD/sort.out" \
	2>"$TMPD/sort.err" &
top=$!
wait_for "$TMPD/sort.out" "$HDR" $top
kill -USR1 $bl
wait $bl
sleep 1
kill -INT $top
wait $top
ok $? "--sort comm,dso: exit status 0"
grep -qE "^ +[0-9.]+%  bpfload +$inner\$" "$TMPD/sort.out"
ok $? "--sort comm,dso: row 'bpfload  $inner'"
! grep -qE '\[k\]|\[\.\]' "$TMPD/sort.out"
ok $? "--sort comm,dso: no symbol column"

# 3. -z: after the workload ends, a zeroed screen no longer shows it; without
# -z the decayed entries are still there one refresh later
for mode in zero keep; do
	start_workload $mode 2
	args="-d 0.5 -E 300"
	[ $mode = zero ] && args="$args -z"
	timeout 120 "$PERF" top --stdio $args </dev/null >"$TMPD/$mode.out" 2>&1 &
	top=$!
	wait_for "$TMPD/$mode.out" "$HDR" $top
	kill -USR1 $bl
	wait $bl
	inner=$(grep -oE 'bpf_prog_[0-9a-f]{16}_hot_sub2_inner' "$TMPD/$mode.bl" | head -1)
	# the screens printed from now on cover time after the workload ended;
	# with -z six more, so that a top behind on a loaded machine (its
	# rings read late) has shown the last of the program's samples
	n=$(grep -cE "$HDR" "$TMPD/$mode.out")
	more=3
	[ $mode = zero ] && more=6
	for _ in $(seq 300); do
		[ "$(grep -cE "$HDR" "$TMPD/$mode.out")" -ge $((n + more)) ] && break
		sleep 0.1
	done
	kill -INT $top
	wait $top
	grep -qE "%  $inner +\[k\] $inner\$" "$TMPD/$mode.out"
	ok $? "-d 0.5 ${mode}: the program was shown while it ran"
	last_screen "$TMPD/$mode.out" >"$TMPD/$mode.last"
	if [ $mode = zero ]; then
		! grep -qE "$inner" "$TMPD/$mode.last"
		ok $? "-z: the last screen no longer shows the ended program"
	else
		grep -qE "$inner" "$TMPD/$mode.last"
		ok $? "without -z: the last screen still shows it, decayed"
	fi
done

# 4. -d: screens come at the requested interval (not a timing: a count bound)
timeout 120 "$PERF" top --stdio -d 0.3 </dev/null >"$TMPD/d.out" 2>&1 &
top=$!
wait_for "$TMPD/d.out" "$HDR" $top
sleep 3
kill -INT $top
wait $top
n=$(grep -cE "$HDR" "$TMPD/d.out")
[ "$n" -ge 5 ] && [ "$n" -le 20 ]
ok $? "-d 0.3 over about 3 s: more screens than the 2 s default gives, no flood ($n)"

# 5. -n, --show-total-period, --percent-limit, --comms: Samples and Period
# columns, no row under the limit, only the workload's command
start_workload cols
top_over cols -d 0.5 -E 300 -s comm,dso,sym -n --show-total-period --percent-limit 1 \
	--comms bpfload
ok $? "-n --show-total-period --percent-limit 1 --comms bpfload: exit status 0"
grep -E '^ +[0-9.]+%  ' "$TMPD/cols.out" >"$TMPD/cols.rows"
rows=$(wc -l <"$TMPD/cols.rows")
[ "$rows" -gt 0 ] && ! grep -qvE '^ +[0-9.]+% +[0-9]+ +[0-9]+  bpfload ' "$TMPD/cols.rows"
ok $? "rows ($rows): share, samples, period, then bpfload's only (--comms)"
awk '{ sub("%", "", $1); if ($1 + 0 < 1) bad++ } END { exit bad > 0 }' "$TMPD/cols.rows"
ok $? "--percent-limit 1: no row under 1%"
awk '{ if ($2 + 0 <= 0 || $3 + 0 < $2) bad++ } END { exit bad > 0 }' "$TMPD/cols.rows"
ok $? "the Samples column counts, Period at least as big (cpu-clock's periods)"

# 6. --dsos, --symbols, --percentage relative: shares of what is kept
start_workload rel
inner=$(grep -oE 'bpf_prog_[0-9a-f]{16}_hot_sub2_inner' "$TMPD/rel.bl" | head -1)
timeout 120 "$PERF" top --stdio -d 0.5 -E 0 --dsos '[kernel]' --percentage relative \
	</dev/null >"$TMPD/rel.out" 2>"$TMPD/rel.err" &
top=$!
timeout 120 "$PERF" top --stdio -d 0.5 -E 0 --symbols "$inner" </dev/null >"$TMPD/sym.out" \
	2>"$TMPD/sym.err" &
top2=$!
wait_for "$TMPD/rel.out" "$HDR" $top
wait_for "$TMPD/sym.out" "$HDR" $top2
kill -USR1 $bl
wait $bl
sleep 1
kill -INT $top $top2
wait $top
ok $? "--dsos '[kernel]' --percentage relative: exit status 0"
wait $top2
ok $? "--symbols: exit status 0"
last_screen "$TMPD/rel.out" | grep -E '^ +[0-9.]+%  ' >"$TMPD/rel.rows"
[ -s "$TMPD/rel.rows" ] && ! grep -qvE '^ +[0-9.]+%  \[kernel\] ' "$TMPD/rel.rows"
ok $? "--dsos '[kernel]': kernel rows only"
# (each row's share rounded to 0.01%: hundreds of rows stray by up to some)
awk '{ sub("%", "", $1); t += $1 } END { exit !(t > 95 && t < 105) }' "$TMPD/rel.rows"
ok $? "--percentage relative: a screen's rows add up to 100% ($(awk '{ sub("%", "", $1); t += $1 } END { print t }' "$TMPD/rel.rows"), $(wc -l <"$TMPD/rel.rows") rows)"
rows=$(grep -cE '^ +[0-9.]+%  ' "$TMPD/sym.out")
[ "$rows" -gt 0 ] && ! grep -E '^ +[0-9.]+%  ' "$TMPD/sym.out" | grep -qvE "  \[k\] $inner\$"
ok $? "--symbols $inner: its rows only ($rows)"

# 7. -g --max-stack 1: chains of the sampled function alone, so a caller
# five frames up gets no Children; --ignore-callees bpf_test_run: it takes the
# samples of its chains (caller order: the innermost match), Self as Children
start_workload stack
timeout 120 "$PERF" top --stdio -d 0.5 -E 0 -g --max-stack 1 --force </dev/null \
	>"$TMPD/stack.out" 2>"$TMPD/stack.err" &
top=$!
timeout 120 "$PERF" top --stdio -d 0.5 -E 0 -g --ignore-callees bpf_test_run </dev/null \
	>"$TMPD/ign.out" 2>"$TMPD/ign.err" &
top2=$!
wait_for "$TMPD/stack.out" "$HDR" $top
wait_for "$TMPD/ign.out" "$HDR" $top2
kill -USR1 $bl
wait $bl
sleep 1
kill -INT $top $top2
wait $top
ok $? "-g --max-stack 1 --force: exit status 0"
wait $top2
ok $? "-g --ignore-callees bpf_test_run: exit status 0"
grep -E '^ +[0-9.]+% +[0-9.]+%  ' "$TMPD/stack.out" >"$TMPD/stack.rows"
grep -E '\[k\] do_syscall_64$' "$TMPD/stack.rows" >"$TMPD/stack.sys"
[ -s "$TMPD/stack.rows" ] &&
	awk '{ sub("%", "", $1); if ($1 + 0 >= 1) bad++ } END { exit bad > 0 }' "$TMPD/stack.sys"
ok $? "--max-stack 1: do_syscall_64, five frames above the programs, gets no Children of theirs"
last_screen "$TMPD/ign.out" | grep -E '\[k\] bpf_test_run$' | head -1 >"$TMPD/ign.row"
awk '{ c = $1; s = $2; sub("%", "", c); sub("%", "", s); exit !(s + 0 >= 1 && c == s) }' \
	"$TMPD/ign.row"
ok $? "--ignore-callees bpf_test_run: it takes its chains' samples ($(cat "$TMPD/ign.row"))"
"$PERF" top --ignore-callees '(' >"$TMPD/re.out" 2>&1
[ $? -ne 0 ] && grep -q "Invalid --ignore-callees regex: (" "$TMPD/re.out"
ok $? "--ignore-callees '(': refused"

# 8. -i/--no-inherit: with -p, the tasks the process starts after top did
# (dd, sleep) are counted without it, not with it
for mode in inherit noinherit; do
	rm -f "$TMPD/go"
	sh -c "while [ ! -e '$TMPD/go' ]; do sleep 0.1; done
	       dd if=/dev/zero of=/dev/null bs=1k count=2000000 2>/dev/null" &
	sh=$!
	args="-d 0.5 -E 0 -s comm -p $sh"
	[ $mode = noinherit ] && args="$args -i"
	timeout 120 "$PERF" top --stdio $args </dev/null >"$TMPD/$mode.out" 2>&1 &
	top=$!
	wait_for "$TMPD/$mode.out" "$HDR" $top
	touch "$TMPD/go"
	wait $sh
	sleep 1
	kill -INT $top
	wait $top
	ok $? "-p SH ($mode): exit status 0"
	grep -E '^ +[0-9.]+%  ' "$TMPD/$mode.out" | awk '{ print $2 }' | sort -u >"$TMPD/$mode.comms"
done
grep -qx dd "$TMPD/inherit.comms"
ok $? "without -i: the child dd is counted ($(tr '\n' ' ' <"$TMPD/inherit.comms"))"
grep -qx sh "$TMPD/noinherit.comms" && ! grep -qvx sh "$TMPD/noinherit.comms"
ok $? "-i: only the process itself ($(tr '\n' ' ' <"$TMPD/noinherit.comms"))"

# 9. -f/--count-filter: accepted, the rows as without it (upstream's screens
# do not filter by it either); a non-number refused
timeout 120 "$PERF" top --stdio -d 0.3 -E 5 -f 100000000 </dev/null >"$TMPD/cf.out" 2>&1 &
top=$!
wait_for "$TMPD/cf.out" '^ +[0-9.]+%  ' $top
ok $? "-f 100000000: rows shown, as upstream's"
kill -INT $top
wait $top
ok $? "-f: exit status 0"
"$PERF" top -f foo >"$TMPD/cf.bad" 2>&1
[ $? -ne 0 ] && grep -q "count-filter\|numerical\|number" "$TMPD/cf.bad"
ok $? "-f foo: refused"

# 10. --switch-on EVENT: nothing before EVENT's first sample: the workload
# execs nothing, so with --switch-on sched:sched_process_exec no row comes;
# --switch-off of it alone (only its first sample would go): rows as ever
for mode in on off; do
	start_workload sw$mode
	top_over sw$mode -t $bl -e cpu-clock -e sched:sched_process_exec \
		--switch-$mode sched:sched_process_exec --show-on-off-events -d 0.5 -E 300
	ok $? "-t TID --switch-$mode sched:sched_process_exec: exit status 0"
done
! grep -qE '^ +[0-9.]+%  ' "$TMPD/swon.out"
ok $? "--switch-on of an event that never comes: no row"
grep -qE '^ +[0-9.]+%  ' "$TMPD/swoff.out"
ok $? "--switch-off alone: rows ($(grep -cE '^ +[0-9.]+%  ' "$TMPD/swoff.out"))"
"$PERF" top --stdio --switch-on foo </dev/null >"$TMPD/swbad.out" 2>&1
[ $? -eq 1 ] && grep -q "ERROR: switch-on event not found (foo)" "$TMPD/swbad.out"
ok $? "--switch-on foo: refused in upstream's words, exit 1"

# 11. --objdump PATH: accepted as report's (no objdump runs: capstone
# disassembles top's annotations), top runs and shows rows
start_workload objdump
top_over objdump -t $bl --objdump /usr/bin/objdump -d 0.5 -E 300
ok $? "--objdump /usr/bin/objdump: exit status 0"
grep -qE "$HDR" "$TMPD/objdump.out" && grep -qE '^ +[0-9.]+%  ' "$TMPD/objdump.out" &&
	[ ! -s "$TMPD/objdump.err" ]
ok $? "--objdump: screens with rows ($(grep -cE '^ +[0-9.]+%  ' "$TMPD/objdump.out")), nothing on stderr"

"$PERF" top --percentage foo >"$TMPD/pct.out" 2>&1
[ $? -eq 1 ] && grep -q "relative or absolute" "$TMPD/pct.out"
ok $? "--percentage foo: refused, exit 1"

# 11. -r N: top runs with SCHED_FIFO priority N (as chrt -p sees it), -r out of
# 1..99 refused; -v: the ring buffers' size on stderr, as upstream's "mmap size";
# --namespaces (its attr bit: tests/unit/top-events.c), --num-thread-synthesize,
# --proc-map-timeout: accepted, the screens as ever
timeout 120 "$PERF" top --stdio -d 0.5 -r 7 -v --namespaces --num-thread-synthesize 2 \
	--proc-map-timeout 100 </dev/null >"$TMPD/rt.out" 2>"$TMPD/rt.err" &
top=$!
# (a screen with rows: the first may come before any sample)
wait_for "$TMPD/rt.out" '^ +[0-9.]+%  ' $top
perf_pid=$(pgrep -P $top | head -1)
chrt -p "$perf_pid" >"$TMPD/rt.chrt" 2>&1
kill -INT $top
wait $top
ok $? "-r 7 -v --namespaces --num-thread-synthesize 2 --proc-map-timeout 100: exit status 0"
grep -q "policy: SCHED_FIFO" "$TMPD/rt.chrt" && grep -q "priority: 7\$" "$TMPD/rt.chrt"
ok $? "-r 7: SCHED_FIFO, priority 7 ($(tr '\n' ' ' <"$TMPD/rt.chrt"))"
grep -qE "^mmap size $(( (128 + 1) * $(getconf PAGESIZE) ))B\$" "$TMPD/rt.err"
ok $? "-v: mmap size of 128 + 1 pages on stderr"
grep -qE '^ +[0-9.]+%  ' "$TMPD/rt.out"
ok $? "with them: rows as ever"
"$PERF" top --stdio -r 200 </dev/null >"$TMPD/rtbad.out" 2>&1
[ $? -eq 1 ] && grep -q "Could not set realtime priority" "$TMPD/rtbad.out" &&
	[ "$(wc -l <"$TMPD/rtbad.out")" -eq 1 ]
ok $? "-r 200: refused in upstream's words, one line, exit 1"

# 12. --fields sym,sample,overhead -w 12: the columns in its order (as report's -F),
# the symbol cut to 12, the Samples column a count; -F foo refused
start_workload fields
top_over fields -d 0.5 -E 300 --fields sym,sample,overhead -w 12
ok $? "--fields sym,sample,overhead -w 12: exit status 0"
last_screen "$TMPD/fields.out" | grep -E '^  \[[k.]\] ' >"$TMPD/fields.rows"
awk '{ print $2 }' "$TMPD/fields.rows" | grep -v '^0x' >"$TMPD/fields.names"
[ -s "$TMPD/fields.names" ] && LC_ALL=C sort -c "$TMPD/fields.names"
ok $? "--fields without --sort: the rows ordered by the symbol, its first key"
[ -s "$TMPD/fields.rows" ] &&
	! grep -qvE '^  \[[k.]\] ([^ ]{1,8}|0x[0-9a-f]+) +[0-9]+ +[0-9.]+%$' "$TMPD/fields.rows"
ok $? "-w 12: each row a symbol cut to 12 (an address whole), samples, share ($(wc -l <"$TMPD/fields.rows") rows)"
"$PERF" top --stdio --fields foo </dev/null >"$TMPD/fbad.out" 2>&1
[ $? -eq 1 ] && grep -q "Unknown --fields key: \`foo'" "$TMPD/fbad.out"
ok $? "--fields foo: refused in upstream's words, exit 1"

# 13. --call-graph fp,graph,0.5,caller: the chains as -g (Children and Self on
# each row); record modes other than fp refused as our record's (upstream's
# top takes dwarf and lbr), an unknown word refused
start_workload cg
top_over cg -d 0.5 -E 300 --call-graph fp,graph,0.5,caller
ok $? "--call-graph fp,graph,0.5,caller: exit status 0"
rows=$(grep -cE '^ +[0-9.]+% +[0-9.]+%  ' "$TMPD/cg.out")
[ "$rows" -gt 0 ] && ! grep -E '^ +[0-9.]+%  ' "$TMPD/cg.out" | grep -qvE '^ +[0-9.]+% +[0-9.]+%  '
ok $? "--call-graph: Children and Self on every row ($rows)"
for bad in dwarf lbr,graph fp,foo; do
	"$PERF" top --stdio --call-graph $bad </dev/null >"$TMPD/cgbad.out" 2>&1
	[ $? -ne 0 ] && [ "$(wc -l <"$TMPD/cgbad.out")" -eq 1 ] &&
		grep -q -- "--call-graph" "$TMPD/cgbad.out"
	ok $? "--call-graph $bad: refused, one line ($(cat "$TMPD/cgbad.out"))"
done

done_testing
