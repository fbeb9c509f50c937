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

# evlist on upstream's files of tests/fixtures: system-wide, -g (its
# callchain sample bit), several tracepoints beside cpu-clock, and a pipe
if [ -x "$UPERF" ]; then
	need_fixtures up-system-wide.data up-callgraph.data up-tracepoints.data up-pipe.data
	for f in system-wide callgraph tracepoints; do
		"$UPERF" evlist -i "$(fixture up-$f.data)" >"$TMPD/up.evlist" 2>/dev/null
		"$PERF" evlist -i "$(fixture up-$f.data)" >"$TMPD/our.evlist"
		is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" \
			"$f: evlist names equal upstream's ($(wc -l <"$TMPD/up.evlist") events)"
		"$UPERF" evlist -v -i "$(fixture up-$f.data)" >"$TMPD/up.evlist" 2>/dev/null
		"$PERF" evlist -v -i "$(fixture up-$f.data)" >"$TMPD/our.evlist"
		is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "$f: evlist -v equals upstream's"
		"$UPERF" evlist -F -i "$(fixture up-$f.data)" >"$TMPD/up.evlist" 2>/dev/null
		"$PERF" evlist -F -i "$(fixture up-$f.data)" >"$TMPD/our.evlist"
		is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" \
			"$f: evlist -F (sample_freq or sample_period) equals upstream's"
	done
	"$PERF" evlist -i - <"$(fixture up-pipe.data)" >"$TMPD/our.evlist"
	"$UPERF" evlist -i - <"$(fixture up-pipe.data)" >"$TMPD/up.evlist" 2>/dev/null
	is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "evlist of a pipe equals upstream's"
	"$PERF" evlist -i "$(fixture up-pipe.data)" >"$TMPD/our.evlist"
	"$UPERF" evlist -i "$(fixture up-pipe.data)" >"$TMPD/up.evlist" 2>/dev/null
	[ -s "$TMPD/up.evlist" ]
	ok $? "upstream lists the events of a file holding a pipe's stream"
	is_same_file "$TMPD/our.evlist" "$TMPD/up.evlist" "evlist of a file holding a pipe's stream equals upstream's"
else
	ok 0 "# SKIP evlist interop needs $UPERF"
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
