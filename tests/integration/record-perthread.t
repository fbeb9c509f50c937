#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Per-thread recording of a command that runs a BPF program loaded, while
# recording, by a process we do not record: the side-band supplies its
# KSYMBOLs, so the samples are named (upstream leaves them [unknown]).
. "$(dirname "$0")/lib.sh"
need_root
need_workloads
command -v bpftool >/dev/null || skip_all "no bpftool to run a program by id"

head -c 64 /dev/zero >"$TMPD/in.bin"

# run_case PERF FILE: record a command that waits for bpfload's program
# (loaded after the recording started) and runs it by id with bpftool
run_case() {
	local perf=$1 file=$2 pid id
	rm -f "$TMPD/started" "$TMPD/ready"
	"$perf" record -q -o "$file" -F 2000 -- sh -c "
		touch '$TMPD/started'
		while [ ! -s '$TMPD/ready' ]; do sleep 0.02; done
		id=\$(sed -n 's/^prog id=\([0-9]*\) .*/\1/p' '$TMPD/load.out')
		bpftool prog run id \$id data_in '$TMPD/in.bin' repeat 2000000 >/dev/null" \
		>/dev/null 2>"$TMPD/err" </dev/null &
	rpid=$!
	while [ ! -e "$TMPD/started" ]; do kill -0 $rpid 2>/dev/null || break; sleep 0.02; done
	"$WORKLOADS/bpfload" -p hot_prog_2 --wait-signal --wait-timeout 60 \
		--ready-file "$TMPD/ready" >"$TMPD/load.out" 2>&1 &
	pid=$!
	wait $rpid
	local rc=$?
	kill -USR1 $pid 2>/dev/null
	wait $pid
	return $rc
}

run_case "$PERF" "$TMPD/ours.data"
ok $? "per-thread record of a command running another process's program"
ksyms=$(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$TMPD/load.out" | tr , ' ')
for rep in "$PERF" "$UPERF"; do
	"$rep" report -i "$TMPD/ours.data" --stdio --sort sym 2>/dev/null >"$TMPD/rep"
	missing=0
	for s in $ksyms; do
		grep -q "$s" "$TMPD/rep" || { diag "$rep: $s not named"; missing=1; }
	done
	ok $missing "$(basename "$rep") report names the program's functions (${rep})"
done
"$UPERF" report -D -i "$TMPD/ours.data" >"$TMPD/dump" 2>"$TMPD/dump.err"
! grep -qiwE 'warning|error|failed' "$TMPD/dump.err"
ok $? "upstream -D reads it without warnings"

# The recorded task's own programs: once each (its events and the side-
# band see them both), and every unregister after its register in time
# (the side-band's copies are timed on the kernel's sample clock).
"$PERF" record -q -o "$TMPD/own.data" -- "$WORKLOADS/bpfload" --hot 0.3 >/dev/null 2>&1
ok $? "per-thread record of the BPF workload itself"
"$UPERF" report -D -i "$TMPD/own.data" 2>/dev/null >"$TMPD/own.dump"
loads=$(grep -c 'PERF_RECORD_BPF_EVENT type 1,' "$TMPD/own.dump")
dups=$(grep 'PERF_RECORD_BPF_EVENT type 1,' "$TMPD/own.dump" | awk '{print $NF}' | sort | uniq -d | wc -l)
[ "$loads" -gt 0 ] && [ "$dups" -eq 0 ]
ok $? "each program load is in the file once ($loads loads, $dups twice)"
awk '/PERF_RECORD_KSYMBOL/ && $1 ~ /^[0-9]+$/ {
	key = $6 " " $NF
	if ($12 == "0x0") { reg[key] = $1; next }
	if (!(key in reg) || reg[key] > $1) { print "unregister before register: " $0; bad = 1 }
	delete reg[key]
} END { exit bad }' "$TMPD/own.dump" >"$TMPD/order" || true
[ ! -s "$TMPD/order" ] && grep -q 'flags 0x1' "$TMPD/own.dump"
ok $? "every unregister follows its register in time"
head -3 "$TMPD/order" | sed 's/^/#   /'

# upstream, for the record
run_case "$UPERF" "$TMPD/up.data"
n=$("$UPERF" report -i "$TMPD/up.data" --stdio --sort sym 2>/dev/null | grep -c 'hot_sub2_inner' || true)
diag "upstream's own recording names hot_sub2_inner: $([ "$n" -gt 0 ] && echo yes || echo no)"

done_testing
