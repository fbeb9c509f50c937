#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf record names every hot BPF program (main and subprograms, with and
# without BTF) for /usr/bin/perf report, after the workload unloaded them;
# programs loaded before record starts get the same names; --no-bpf-event.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

# names FILE: the BPF symbols upstream's report gives samples of FILE
names() {
	"$UPERF" report -i "$1" --stdio --sort sym 2>/dev/null |
		grep -oE 'bpf_prog_[0-9a-f]{16}[A-Za-z0-9_]*' | sort -u
}

# expect OUT FILE WHAT: every ksym bpfload printed is named in FILE
expect_names() {
	local out=$1 file=$2 what=$3 missing=0 s
	names "$file" >"$TMPD/names"
	for s in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$out" | tr , ' '); do
		grep -qx "$s" "$TMPD/names" || { diag "$what: $s not named"; missing=1; }
	done
	[ -s "$TMPD/names" ] && [ $missing -eq 0 ]
}

for btf in "" --no-btf; do
	# loaded during the recording
	timeout 60 "$PERF" record -q -o "$TMPD/during.data" -a -F 2000 -- \
		"$WORKLOADS/bpfload" $btf --hot 2 >"$TMPD/during.out" 2>"$TMPD/err"
	ok $? "record -a -- bpfload $btf --hot"
	expect_names "$TMPD/during.out" "$TMPD/during.data" "during $btf"
	ok $? "loaded during ($btf): every function named by /usr/bin/perf report"

	# loaded before the recording started
	rm -f "$TMPD/ready"
	"$WORKLOADS/bpfload" $btf --wait-signal --ready-file "$TMPD/ready" --hot 2 \
		>"$TMPD/before.out" 2>&1 &
	pid=$!
	ready_or_fail $pid "$TMPD/ready" "bpfload $btf --wait-signal"
	timeout 60 "$PERF" record -q -o "$TMPD/before.data" -a -F 2000 -- \
		sh -c "kill -USR1 $pid; while kill -0 $pid 2>/dev/null; do sleep 0.1; done"
	ok $? "record -a while bpfload $btf runs"
	wait $pid
	expect_names "$TMPD/before.out" "$TMPD/before.data" "before $btf"
	ok $? "loaded before ($btf): every function named"
	# the same names as the kernel gives (bpfload read them from kallsyms)
	"$UPERF" report -D -i "$TMPD/before.data" 2>/dev/null |
		grep -oE 'PERF_RECORD_KSYMBOL .* name bpf_prog_[0-9a-f]{16}[A-Za-z0-9_]*' |
		awk '{print $NF}' | sort -u >"$TMPD/synth"
	missing=0
	for s in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$TMPD/before.out" | tr , ' '); do
		grep -qx "$s" "$TMPD/synth" || missing=1
	done
	ok $missing "loaded before ($btf): synthesized KSYMBOL names are kallsyms names"
	ids=$(sed -n 's/^prog id=\([0-9]*\) .*/\1/p' "$TMPD/before.out")
	"$UPERF" report --header-only -i "$TMPD/before.data" >"$TMPD/hdr" 2>&1
	missing=0
	for id in $ids; do
		grep -q "^# bpf_prog_info $id:" "$TMPD/hdr" || missing=1
	done
	ok $missing "loaded before ($btf): bpf_prog_info of every program in the header"
done

if [ -z "$btf" ]; then :; fi
grep -q "^# btf info of id" "$TMPD/hdr" || true

# --no-bpf-event: KSYMBOL kept, no BPF_EVENT, no BPF features
timeout 60 "$PERF" record -q --no-bpf-event -o "$TMPD/nobpf.data" -a -F 2000 -- \
	"$WORKLOADS/bpfload" --hot 1 >"$TMPD/nobpf.out" 2>&1
ok $? "--no-bpf-event records"
"$UPERF" report -D -i "$TMPD/nobpf.data" >"$TMPD/dump" 2>/dev/null
[ "$(count_records KSYMBOL <"$TMPD/dump")" -gt 0 ]
ok $? "--no-bpf-event: KSYMBOL records kept"
[ "$(count_records BPF_EVENT <"$TMPD/dump")" -eq 0 ]
ok $? "--no-bpf-event: no BPF_EVENT"
"$UPERF" report --header-only -i "$TMPD/nobpf.data" 2>&1 | grep -q 'bpf_prog_info\|btf info'
[ $? -ne 0 ]
ok $? "--no-bpf-event: no BPF features"
"$UPERF" evlist -v -i "$TMPD/nobpf.data" 2>&1 | grep -q 'bpf_event'
[ $? -ne 0 ]
ok $? "--no-bpf-event: no bpf_event bit"
expect_names "$TMPD/nobpf.out" "$TMPD/nobpf.data" "no-bpf-event"
ok $? "--no-bpf-event: programs still named"

# -p of a process whose programs were loaded before: /usr/bin/perf 6.1's
# report leaves per-thread BPF samples [unknown] even on its own files, so
# our report checks the names here
rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 2 >"$TMPD/p.out" 2>&1 &
pid=$!
ready_or_fail $pid "$TMPD/ready" "bpfload --wait-signal"
# the programs run once the recorder has its events open (it names its
# output then)
timeout 60 "$PERF" record -q -o "$TMPD/p.data" -F 2000 -p $pid 2>"$TMPD/err" &
rpid=$!
ready_or_fail $rpid "$TMPD/p.data" "perf record -p"
kill -USR1 $pid
wait $rpid
ok $? "record -p of a process whose programs were loaded before"
wait $pid
UPERF="$PERF" expect_names "$TMPD/p.out" "$TMPD/p.data" "-p"
ok $? "-p: every function named (perf report)"
"$PERF" report -i "$TMPD/p.data" --stdio --sort comm 2>/dev/null | grep -q ' bpfload *$'
ok $? "-p: a thread created while recording has its comm (FORK recorded)"

# -p PID -- COMMAND and -t TID -- COMMAND: the command only sets how long
# the target is profiled; it is not profiled itself
rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --ready-file "$TMPD/ready" --hot 20 >"$TMPD/pc.out" 2>&1 &
pid=$!
ready_or_fail $pid "$TMPD/ready" "bpfload --hot"
timeout 60 "$PERF" record -q -o "$TMPD/pc.data" -F 2000 -p $pid -- sleep 1 2>"$TMPD/err"
ok $? "record -p PID -- sleep 1"
# the thread that runs the programs: bpfload's only other thread
tid=$(ls "/proc/$pid/task" | grep -vx "$pid" | head -1)
timeout 60 "$PERF" record -q -o "$TMPD/tc.data" -F 2000 -t "$tid" -- sleep 1 2>>"$TMPD/err"
ok $? "record -t TID -- sleep 1"
kill -INT $pid
wait $pid
for f in pc tc; do
	"$UPERF" report --stdio -q --sort comm,sym -i "$TMPD/$f.data" 2>/dev/null |
		grep -v '^$' >"$TMPD/$f.rows"
	[ -s "$TMPD/$f.rows" ] && ! grep -qv '^ *[0-9.]*%  bpfload ' "$TMPD/$f.rows"
	ok $? "-${f%c} -- sleep: upstream reads only the target's rows, none of sleep"
	grep -q 'bpf_prog_[0-9a-f]\{16\}_hot_sub2_inner' "$TMPD/$f.rows"
	ok $? "-${f%c} -- sleep: the target's BPF programs by name"
done

# pipe mode names them too
timeout 60 "$PERF" record -q -o - -a -F 2000 -- "$WORKLOADS/bpfload" --hot 1 \
	2>/dev/null >"$TMPD/pipe.data"
ok $? "pipe mode with bpfload"
"$UPERF" report -i - --stdio --sort sym <"$TMPD/pipe.data" 2>/dev/null |
	grep -q 'bpf_prog_[0-9a-f]\{16\}_hot_sub2_inner'
ok $? "pipe mode: /usr/bin/perf report -i - names a subprogram"

done_testing
