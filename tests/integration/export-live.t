#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The exports of recordings made here by our perf record (-g, one
# process): JIT code of a /tmp/perf-PID.map is a frame of the JIT kind in
# the flame graph page; user code built with -g gets its DWARF file:line
# in pprof (go tool pprof -raw); the folded stacks of the same file equal
# upstream's.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/export-lib.sh"
need_upstream
need_workloads
[ -x "$WORKLOADS/jitload" ] || skip_all "no jitload (make workloads)"

"$PERF" record -q -g -o "$TMPD/jit.data" -- "$WORKLOADS/jitload" --jit 0.5 \
	>"$TMPD/jit.out" 2>"$TMPD/jit.err"
ok $? "recorded jitload --jit"
"$PERF" record -q -g -o "$TMPD/qs.data" -- "$WORKLOADS/jitload" --qsort 0.5 \
	>"$TMPD/qs.out" 2>"$TMPD/qs.err"
ok $? "recorded jitload --qsort"

"$PERF" script report flamegraph -i "$TMPD/jit.data" -o "$TMPD/jit.html" 2>/dev/null
ok $? "flame graph of the JIT recording"
if [ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ]; then
	dom_of "$TMPD/jit.html" >"$TMPD/jit.dom"
	grep -qE 'class="f k-jit[^"]*"[^>]*>jit_hot_a</div>' "$TMPD/jit.dom"
	ok $? "jit_hot_a (from /tmp/perf-PID.map): a frame of class k-jit"
else
	ok 0 "# SKIP no headless Chromium"
fi
"$UPERF" script report stackcollapse -i "$TMPD/jit.data" >"$TMPD/up" 2>/dev/null
"$PERF" script report stackcollapse -i "$TMPD/jit.data" >"$TMPD/our"
is_same_file "$TMPD/our" "$TMPD/up" "stackcollapse of the JIT recording equals upstream's"

if command -v go >/dev/null; then
	"$PERF" data convert --to-pprof "$TMPD/qs.pb.gz" -i "$TMPD/qs.data" 2>/dev/null
	go tool pprof -symbolize=none -raw "$TMPD/qs.pb.gz" >"$TMPD/raw" 2>/dev/null
	grep -qE ' M=[0-9]+ (main|cmp_ulong) [^ ]*jitload\.c:[0-9]+ s=[0-9]+' "$TMPD/raw"
	ok $? "user code with its DWARF file:line ($(grep -oE '(main|cmp_ulong) [^ ]*jitload\.c:[0-9]+' "$TMPD/raw" | head -1))"
	grep -qE ' /[^ ]*/jitload [0-9a-f]{40} \[FN\]\[FL\]\[LN\]' "$TMPD/raw"
	ok $? "its mapping: build id, functions, file names, line numbers"
	"$PERF" data convert -f --no-srclines --to-pprof "$TMPD/qs.pb.gz" -i "$TMPD/qs.data" \
		2>/dev/null
	go tool pprof -symbolize=none -raw "$TMPD/qs.pb.gz" >"$TMPD/raw" 2>/dev/null
	! grep -qE 'jitload\.c:[0-9]+' "$TMPD/raw"
	ok $? "--no-srclines: none"
else
	ok 0 "# SKIP no go tool pprof"
	ok 0 "# SKIP no go tool pprof"
	ok 0 "# SKIP no go tool pprof"
fi
done_testing
