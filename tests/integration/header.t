#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --header-only (and -I, every feature) prints exactly what
# upstream prints for files upstream recorded (tests/fixtures): system-wide,
# per-thread, --per-thread, call graphs, BPF programs loaded during
# (with and without BTF) and before recording, program churn, -z,
# tracepoints, and pipe mode.
. "$(dirname "$0")/lib.sh"
need_upstream

files="system-wide per-thread per-thread-flag callgraph callgraph-per-thread bpf-btf
	bpf-nobtf preloaded churn z tracepoints pipe"
for f in $files; do
	need_fixtures "up-$f.data"
done

# "captured on" is the file's mtime: equal for both readers of one file
for f in $files; do
	file=$(fixture "up-$f.data")
	for opt in "" "-I"; do
		"$UPERF" report --header-only $opt -i "$file" >"$TMPD/up" 2>/dev/null
		"$PERF" report --header-only $opt -i "$file" >"$TMPD/our" 2>"$TMPD/err"
		rc=$?
		[ $rc -eq 0 ] && [ -s "$TMPD/our" ]
		ok $? "$f: --header-only $opt exits 0"
		sed 's/^/# /' "$TMPD/err" | head -3
		is_same_file "$TMPD/our" "$TMPD/up" \
			"$f: --header-only $opt equals upstream's ($(wc -l <"$TMPD/up") lines)"
	done
done

# up-preloaded.data: bpfload's programs were loaded before the recording
# started, so only the synthesized records and the header name them
grep -q '^# bpf_prog_info .*_hot_prog_0' \
	<("$PERF" report --header-only -i "$(fixture up-preloaded.data)")
ok $? "a program loaded before recording is in the header"

done_testing
