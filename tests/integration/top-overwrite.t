#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf top --overwrite (issue 20): the rings mapped read-only with
# write_backward, paused and read from their newest record each pass.
# Live: the workload's BPF programs' rows appear as they do without it, refresh after
# refresh (each pass reads only what came since the last).
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

HDR='^   PerfTop: +[0-9]+ irqs/sec '

for mode in plain overwrite; do
	opt=; [ $mode = overwrite ] && opt=--overwrite
	rm -f "$TMPD/ready"
	"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 3 \
		>"$TMPD/$mode.bl" 2>&1 &
	bl=$!
	wait_ready $bl "$TMPD/ready"
	timeout 120 "$PERF" top --stdio $opt -d 0.5 -E 20 </dev/null >"$TMPD/$mode.out" \
		2>"$TMPD/$mode.err" &
	top=$!
	wait_ready $top "$TMPD/$mode.out" "$HDR"
	kill -USR1 $bl
	wait $bl
	sleep 1
	kill -INT $top
	wait $top
	ok $? "top $opt: exit status 0"
	grep -cE "$HDR" "$TMPD/$mode.out" >"$TMPD/$mode.screens"
	grep -cE '^ +[0-9.]+%  bpf_prog_[0-9a-f]{16}_hot' "$TMPD/$mode.out" >"$TMPD/$mode.rows"
done
[ "$(cat "$TMPD/overwrite.screens")" -ge 2 ]
ok $? "--overwrite: refreshed ($(cat "$TMPD/overwrite.screens") screens)"
[ "$(cat "$TMPD/overwrite.rows")" -gt 0 ] && [ "$(cat "$TMPD/plain.rows")" -gt 0 ]
ok $? "--overwrite: the workload's BPF programs' rows, as without it ($(cat "$TMPD/overwrite.rows"), plain $(cat "$TMPD/plain.rows"))"
[ ! -s "$TMPD/overwrite.err" ]
ok $? "--overwrite: nothing on stderr"
"$PERF" top -h 2>&1 | grep -qE '^ +--overwrite +'
ok $? "--overwrite in top -h"

done_testing
