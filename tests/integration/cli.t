#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The command line: --version, help, -h of every command, unknown options
# and commands, and perf evlist against upstream's on the same file.
. "$(dirname "$0")/lib.sh"

"$PERF" --version | grep -qE '^perf version [0-9]'
ok $? "perf --version"
"$PERF" version | grep -qE '^perf version [0-9]'
ok $? "perf version"
"$PERF" help | grep -q 'report'
ok $? "perf help lists the commands"

for cmd in report evlist inject; do
	"$PERF" $cmd -h >"$TMPD/h" 2>&1
	rc=$?
	[ $rc -eq 0 ] && grep -q "Usage: perf $cmd" "$TMPD/h" && grep -q -- '--input' "$TMPD/h"
	ok $? "perf $cmd -h prints the usage with its options"
	"$PERF" help $cmd | grep -q "Usage: perf $cmd"
	ok $? "perf help $cmd"
	"$PERF" $cmd --no-such-option >/dev/null 2>"$TMPD/e"
	[ $? -ne 0 ] && grep -q "unknown option \`no-such-option'" "$TMPD/e"
	ok $? "perf $cmd rejects an unknown option"
done

"$PERF" no-such-command 2>"$TMPD/e"
[ $? -ne 0 ] && grep -q "'no-such-command' is not a perf command" "$TMPD/e"
ok $? "unknown command: error and non-zero exit"

"$PERF" report -i 2>"$TMPD/e" >/dev/null
[ $? -ne 0 ] && grep -q "requires a value" "$TMPD/e"
ok $? "missing option value is an error"

if [ "$(id -u)" -eq 0 ] && [ -x "$UPERF" ]; then
	upstream_record "$TMPD/a.data" -a -- sleep 0.1
	"$UPERF" evlist -i "$TMPD/a.data" >"$TMPD/up.evlist" 2>/dev/null
	"$PERF" evlist -i "$TMPD/a.data" >"$TMPD/our.evlist"
	is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "evlist names equal upstream's"
	"$UPERF" evlist -v -i "$TMPD/a.data" >"$TMPD/up.evlist" 2>/dev/null
	"$PERF" evlist -v -i "$TMPD/a.data" >"$TMPD/our.evlist"
	is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "evlist -v equals upstream's"
	"$UPERF" record -q -a -o - -- sleep 0.1 2>/dev/null >"$TMPD/a.pipe"
	"$PERF" evlist -i - <"$TMPD/a.pipe" >"$TMPD/our.evlist"
	"$UPERF" evlist -i - <"$TMPD/a.pipe" >"$TMPD/up.evlist" 2>/dev/null
	is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "evlist of a pipe equals upstream's"
else
	ok 0 "# SKIP evlist interop needs root and /usr/bin/perf"
fi

# Start-up: the libraries are linked statically into a position-dependent
# perf, so the loader maps none of them and relocates none of their tables
# (libcapstone.so alone has ~77000 relocations); the ASan build is linked
# the same way (its runtime is shared).
for p in "$PERF" "$PERF_ASAN"; do
	n=$(readelf -rW "$p" | grep -c ' R_X86_64_')
	shared=$(ldd "$p" | grep -oE 'lib(capstone|dw|elf|bpf|traceevent|zstd|z|ncursesw|tinfo)\.so' | sort -u |
		tr '\n' ' ')
	[ "$n" -lt 2000 ] && [ -z "$shared" ]
	ok $? "${p#"$TOPDIR"/}: $n relocations at start-up, no shared library of ours ($shared)"
done

done_testing
