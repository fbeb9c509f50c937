#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf top --stdio: hot BPF programs named, also those loaded after top
# started and those loaded before; stdin at end of file or a silent pipe;
# SIGINT ends it cleanly; -K/-U/-g/-E/-p/--no-bpf-event; bad options.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

HDR='^   PerfTop: +[0-9]+ irqs/sec  kernel: *[0-9.]+%  exact: *[0-9.]+% lost: [0-9]+/[0-9]+ drop: [0-9]+/[0-9]+ \['

# wait_for FILE REGEX [PID]: until FILE has a line matching REGEX (60 s at most)
wait_for() {
	local i
	for i in $(seq 600); do
		grep -qE "$2" "$1" 2>/dev/null && return 0
		[ -n "${3:-}" ] && ! kill -0 "$3" 2>/dev/null && return 1
		sleep 0.1
	done
	return 1
}

# screens FILE: the number of screens printed
screens() { grep -cE "$HDR" "$1"; }

# stop PID FILE: SIGINT after one more screen; the exit status
stop() {
	local n
	n=$(screens "$2")
	for _ in $(seq 100); do [ "$(screens "$2")" -gt "$n" ] && break; sleep 0.1; done
	kill -INT "$1"
	wait "$1"
}

# named OUT FILE WHAT: every function bpfload printed is a row "<name> [k] <name>"
named() {
	local missing=0 s
	for s in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$1" | tr , ' '); do
		grep -qE "%  $s +\[k\] $s\$" "$2" || { diag "$3: $s not shown"; missing=1; }
	done
	[ -s "$1" ] && [ $missing -eq 0 ]
}

# 1. loaded after top started, stdin at end of file
timeout 120 "$PERF" top --stdio -d 0.5 -E 300 </dev/null >"$TMPD/after.out" 2>"$TMPD/after.err" &
top=$!
wait_for "$TMPD/after.out" "$HDR" $top
ok $? "first screen printed with stdin at end of file"
"$WORKLOADS/bpfload" --hot 3 >"$TMPD/after.bl" 2>&1
stop $top "$TMPD/after.out"
ok $? "SIGINT: exit status 0"
[ ! -s "$TMPD/after.err" ]
ok $? "nothing on stderr"
cat "$TMPD/after.err" | head -5 | sed 's/^/#   /'
named "$TMPD/after.bl" "$TMPD/after.out" "loaded after start"
ok $? "programs loaded after top started: every function named"
grep -E "$HDR" "$TMPD/after.out" | grep -qE '\[4000Hz cpu-clock\],  \(all, [0-9]+ CPUs?\)$'
ok $? "header line as upstream's: [4000Hz cpu-clock],  (all, N CPUs)"
# at end of file stdin is dropped: a screen per refresh, no busy loop
n=$(screens "$TMPD/after.out")
[ "$n" -ge 3 ] && [ "$n" -le 40 ] && ! grep -q 'Mapped keys' "$TMPD/after.out"
ok $? "one screen per refresh ($n screens)"
awk -v h="$HDR" '$0 ~ h { getline d; getline e; if (d !~ /^-+$/ || e != "") bad = 1 }
	END { exit bad }' "$TMPD/after.out"
ok $? "each screen: header, dashed line, empty line"
grep -qE '^ +[0-9]+\.[0-9]{2}%  \[kernel\] +\[k\] [a-z_]' "$TMPD/after.out"
ok $? "kernel symbols named, dso [kernel]"

# 2. loaded before top started (synthesized), stdin a pipe that never speaks
rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 3 >"$TMPD/before.bl" 2>&1 &
bl=$!
wait_for "$TMPD/ready" . $bl
sleep 100 | timeout 120 "$PERF" top --stdio -d 0.5 -E 300 >"$TMPD/before.out" \
	2>"$TMPD/before.err" &
top=$!
wait_for "$TMPD/before.out" "$HDR"
kill -USR1 $bl
wait $bl
stop $top "$TMPD/before.out"
ok $? "stdin a silent pipe: SIGINT, exit status 0"
named "$TMPD/before.bl" "$TMPD/before.out" "loaded before start"
ok $? "programs loaded before top started: every function named"

# 3. --no-bpf-event: KSYMBOL still names them; -K hides the kernel
timeout 120 "$PERF" top --stdio --no-bpf-event -d 0.5 -E 300 </dev/null >"$TMPD/nobpf.out" \
	2>"$TMPD/nobpf.err" &
top=$!
wait_for "$TMPD/nobpf.out" "$HDR" $top
"$WORKLOADS/bpfload" --hot 2 >"$TMPD/nobpf.bl" 2>&1
stop $top "$TMPD/nobpf.out"
ok $? "--no-bpf-event runs"
named "$TMPD/nobpf.bl" "$TMPD/nobpf.out" "--no-bpf-event"
ok $? "--no-bpf-event: still named (KSYMBOL)"

timeout 120 "$PERF" top --stdio -K -d 0.3 -E 300 </dev/null >"$TMPD/k.out" 2>&1 &
top=$!
wait_for "$TMPD/k.out" '\[\.\]' $top
stop $top "$TMPD/k.out"
ok $? "-K runs"
! grep -q ' \[k\] ' "$TMPD/k.out"
ok $? "-K: no kernel rows"
timeout 120 "$PERF" top --stdio -U -d 0.3 -E 300 </dev/null >"$TMPD/u.out" 2>&1 &
top=$!
wait_for "$TMPD/u.out" '\[k\]' $top
stop $top "$TMPD/u.out"
ok $? "-U runs"
! grep -q ' \[\.\] ' "$TMPD/u.out"
ok $? "-U: no user rows"

# 4. -g: Children and Self; -E; -p of the workload; -C; -c
timeout 120 "$PERF" top --stdio -g -d 0.3 -E 5 </dev/null >"$TMPD/g.out" 2>&1 &
top=$!
wait_for "$TMPD/g.out" '^ +[0-9.]+%  +[0-9.]+%  ' $top
stop $top "$TMPD/g.out"
ok $? "-g runs"
grep -qE '^ +[0-9.]+%  +[0-9.]+%  ' "$TMPD/g.out"
ok $? "-g: Children and Self columns"
awk -v h="$HDR" '$0 ~ h { n = 0; next } /%/ { if (++n > 5) bad = 1 } END { exit bad }' \
	"$TMPD/g.out"
ok $? "-E 5: at most 5 rows a screen"

rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 3 >"$TMPD/p.bl" 2>&1 &
bl=$!
wait_for "$TMPD/ready" . $bl
timeout 120 "$PERF" top --stdio -p $bl -d 0.5 -E 300 </dev/null >"$TMPD/p.out" 2>"$TMPD/p.err" &
top=$!
wait_for "$TMPD/p.out" "$HDR" $top
kill -USR1 $bl
wait $bl
stop $top "$TMPD/p.out"
ok $? "-p of the workload"
grep -E "$HDR" "$TMPD/p.out" | grep -qE "\(target_pid: $bl, [0-9]+ CPUs?\)\$"
ok $? "-p: header says (target_pid: $bl, N CPUs)"
named "$TMPD/p.bl" "$TMPD/p.out" "-p"
ok $? "-p: every function named"

timeout 120 "$PERF" top --stdio -C 0 -c 100000 -d 0.3 </dev/null >"$TMPD/c.out" 2>&1 &
top=$!
wait_for "$TMPD/c.out" "$HDR" $top
stop $top "$TMPD/c.out"
ok $? "-C 0 -c 100000 runs"
grep -E "$HDR" "$TMPD/c.out" | grep -qE '\[100000 cpu-clock\],  \(all, CPU: 0\)$'
ok $? "-C 0 -c: header [100000 cpu-clock],  (all, CPU: 0)"

# ring buffer overruns: lost counts in the header, programs still named
# (every row printed: beside a CI build the workload's programs are a
# small share of a busy machine, below the first 300 rows)
timeout 120 "$PERF" top --stdio -m 1 -F 20000 -d 0.5 -E 1000000 </dev/null >"$TMPD/loss.out" \
	2>"$TMPD/loss.err" &
top=$!
wait_for "$TMPD/loss.out" "$HDR" $top
# a KSYMBOL lost here comes back with the next rescan (every 2 s at most
# while records are lost): the programs stay loaded past one before they run
rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 2 >"$TMPD/loss.bl" 2>&1 &
bl=$!
wait_for "$TMPD/ready" . $bl
sleep 3
kill -USR1 $bl
wait $bl
stop $top "$TMPD/loss.out"
ok $? "-m 1 -F 20000: runs through ring buffer overruns"
grep -E "$HDR" "$TMPD/loss.out" | grep -qE 'lost: [0-9]+/[1-9][0-9]* drop'
ok $? "lost samples counted in the header"
inner=$(grep -oE 'bpf_prog_[0-9a-f]{16}_hot_sub2_inner' "$TMPD/loss.bl")
grep -qE "%  $inner +\[k\] $inner\$" "$TMPD/loss.out"
ok $? "a program loaded during the losses is named"

# 5. the ASan build: no error, no leak
if [ -x "$PERF_ASAN" ]; then
	timeout 120 "$PERF_ASAN" top --stdio -g -d 0.3 </dev/null >"$TMPD/asan.out" \
		2>"$TMPD/asan.err" &
	top=$!
	wait_for "$TMPD/asan.out" "$HDR" $top
	stop $top "$TMPD/asan.out"
	st=$?
	[ $st -eq 0 ] && ! grep -q 'Sanitizer' "$TMPD/asan.err"
	ok $? "ASan+UBSan build: clean run and exit"
	grep -m3 -A5 'Sanitizer' "$TMPD/asan.err" | sed 's/^/#   /'
fi

# 6. bad options: one line, exit 1, nothing started
for args in "-F -5" "-C 9999" "--sort nosuchkey" "--sort parent" "-p 999999999" "-e nosuchevent" \
	    "-d 0" "-F 100 -c 100" "-m 3"; do
	timeout 20 "$PERF" top --stdio $args </dev/null >"$TMPD/bad.out" 2>"$TMPD/bad.err"
	st=$?
	[ $st -eq 1 ] && [ ! -s "$TMPD/bad.out" ] && grep -q 'perf top\|Error' "$TMPD/bad.err"
	ok $? "bad option $args: error, exit 1"
done

done_testing
