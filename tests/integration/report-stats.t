#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --stats: the per-type and per-event counts equal upstream's,
# and lost counts are split into lost samples and lost side-band records
# that add up to upstream's single "Total Lost Samples".  A tiny ring
# buffer (-m 1) under BPF program churn makes the kernel drop records.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

file=$TMPD/lost.data
upstream_record "$file" -m 1 -c 100000 -a -- \
	timeout 20 "$WORKLOADS/bpfload" --churn 2000 --duration 2 ||
	{ echo "1..1"; echo "not ok 1 - /usr/bin/perf record failed"; exit 1; }

"$UPERF" report --stats -i "$file" >"$TMPD/up" 2>/dev/null
"$PERF" report --stats -i "$file" >"$TMPD/our" 2>"$TMPD/err"
ok $? "report --stats reads the file"

sed '/^Lost:/,$d' "$TMPD/our" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$TMPD/our.counts"
sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$TMPD/up" >"$TMPD/up.counts"
is_same_file "$TMPD/our.counts" "$TMPD/up.counts" "per-type and per-event counts equal upstream's"

up_lost=$("$UPERF" report --stdio -i "$file" 2>/dev/null | awk '/^# Total Lost Samples:/ {print $5; exit}')
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
ok $? "-D ends like upstream's, without the split"

done_testing
