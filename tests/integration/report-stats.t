#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --stats: the per-type and per-event counts equal upstream's,
# and lost counts are split into lost samples and lost side-band records
# that add up to upstream's single "Total Lost Samples".  The file is
# tests/fixtures/up-lost.data: a tiny ring buffer (-m 1) under BPF
# program churn, the recorder stopped for a moment, so the kernel
# dropped both kinds of records.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-lost.data
file=$(fixture up-lost.data)

"$UPERF" report --stats -i "$file" >"$TMPD/up" 2>/dev/null
"$PERF" report --stats -i "$file" >"$TMPD/our" 2>"$TMPD/err"
ok $? "report --stats reads the file"

sed '/^Lost:/,$d' "$TMPD/our" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$TMPD/our.counts"
sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$TMPD/up" >"$TMPD/up.counts"
is_same_file "$TMPD/our.counts" "$TMPD/up.counts" "per-type and per-event counts equal upstream's"

up_lost=$(up_perf report --stdio -i "$file" 2>/dev/null | awk '/^# Total Lost Samples:/ {print $5; exit}')
samples=$(awk '$1 == "samples:" {print $2}' "$TMPD/our")
sideband=$(awk '$1 == "side-band" {print $3}' "$TMPD/our")
diag "upstream total lost $up_lost; ours: samples $samples, side-band $sideband"
[ -n "$up_lost" ] && [ "$up_lost" -gt 0 ]
ok $? "the recording lost records (upstream counts $up_lost)"
[ -n "$samples" ] && [ -n "$sideband" ] && [ $((samples + sideband)) -eq "$up_lost" ]
ok $? "lost samples + lost side-band records = upstream's total"
[ -n "$sideband" ] && [ "$sideband" -gt 0 ]
ok $? "side-band losses are reported apart ($sideband)"
! grep -q '^Lost:' <("$PERF" report -D -i "$file" 2>/dev/null | tail -30)
ok $? "-D ends without the split"
"$UPERF" report -D -i "$file" 2>/dev/null | sed -n '/^Aggregated stats:/,$p' >"$TMPD/up.D"
"$PERF" report -D -i "$file" 2>/dev/null | sed -n '/^Aggregated stats:/,$p' >"$TMPD/our.D"
[ -s "$TMPD/up.D" ]
ok $? "upstream's -D ends in its counts"
is_same_file "$TMPD/our.D" "$TMPD/up.D" "-D ends like upstream's (no per-event lost samples)"

done_testing
