#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --header-only (and -I, every feature) prints exactly what
# upstream prints for files upstream recorded: system-wide, per-thread,
# call graphs, BPF programs loaded during and before recording, and pipe
# mode.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

BPFLOAD=$WORKLOADS/bpfload
ready=$TMPD/ready

"$BPFLOAD" -n 1 --wait-signal --ready-file "$ready" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do [ -e "$ready" ] && break; sleep 0.05; done

upstream_record "$TMPD/system-wide.data" -a -- sleep 0.2 &&
upstream_record "$TMPD/per-thread.data" -- "$BPFLOAD" --hot 0.2 &&
upstream_record "$TMPD/callgraph-bpf.data" -g -a -- "$BPFLOAD" --no-btf --hot 0.2 &&
"$UPERF" record -q -a -o - -- "$BPFLOAD" --hot 0.2 >"$TMPD/pipe.data" 2>/dev/null
rc=$?
kill -USR1 "$pid" 2>/dev/null
wait "$pid"
[ $rc -eq 0 ] || { echo "1..1"; echo "not ok 1 - /usr/bin/perf record failed"; exit 1; }

# "captured on" is the file's mtime: equal for both readers of one file
for f in system-wide per-thread callgraph-bpf pipe; do
	for opt in "" "-I"; do
		"$UPERF" report --header-only $opt -i "$TMPD/$f.data" >"$TMPD/up" 2>/dev/null
		"$PERF" report --header-only $opt -i "$TMPD/$f.data" >"$TMPD/our" 2>"$TMPD/err"
		rc=$?
		[ $rc -eq 0 ] && [ -s "$TMPD/our" ]
		ok $? "$f: --header-only $opt exits 0"
		is_same_file "$TMPD/our" "$TMPD/up" \
			"$f: --header-only $opt equals upstream's ($(wc -l <"$TMPD/up") lines)"
	done
done

grep -q '^# bpf_prog_info .*_hot_prog_0' <("$PERF" report --header-only -i "$TMPD/system-wide.data")
ok $? "a program loaded before recording is in the header"

done_testing
