#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf record when things go wrong: lost records (a 1-page buffer under
# BPF churn) counted apart and the programs rescanned; no permission.
# (SIGKILL: record-kill.t)
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

# The ring buffers overflow for sure: once the churn runs, the recorder
# is stopped for 0.3 s, while the kernel writes about 2400 samples and
# thousands of KSYMBOL/BPF_EVENT records into 1-page rings.
# (the recorder itself is stopped, so no timeout(1) stands between: the
# churn's --duration ends the recording)
"$PERF" record -o "$TMPD/l.data" -a -m 1 -F 4000 -- \
	"$WORKLOADS/bpfload" --churn 5000 --duration 2 --hold-ms 1 \
	--ready-file "$TMPD/ready" >/dev/null 2>"$TMPD/err" &
rpid=$!
while [ ! -e "$TMPD/ready" ] && kill -0 $rpid 2>/dev/null; do sleep 0.02; done
[ -e "$TMPD/ready" ]
ok $? "the churn started under the recorder"
kill -STOP $rpid
sleep 0.3
kill -CONT $rpid
wait $rpid
ok $? "a 1-page buffer under churn records, stopped for a while"
"$UPERF" report -D -i "$TMPD/l.data" >"$TMPD/dump" 2>"$TMPD/dump.err" &&
	! grep -q 'failed to process' "$TMPD/dump.err"
st=$?
ok $st "upstream reads every record of it"
[ $st -eq 0 ] || grep 'failed' "$TMPD/dump.err" | sed 's/^/#   /'
# side-band records written between the two halves of a wrapped ring
# read would tear a record: our reader must find every record whole
"$PERF" report -D -i "$TMPD/l.data" >/dev/null 2>"$TMPD/our.err"
st=$?
ok $st "our report -D reads every record of it"
[ $st -eq 0 ] || sed 's/^/#   /' "$TMPD/our.err"
nlost=$(count_records LOST <"$TMPD/dump")
[ "$nlost" -gt 0 ] &&
	grep -q '^\[ perf record: Lost [1-9][0-9]* samples and [1-9][0-9]* side-band records \]$' \
		"$TMPD/err"
ok $? "LOST records ($nlost): the summary separates samples and side-band"
grep '^\[ perf record: Lost' "$TMPD/err" | sed 's/^/#   /'
grep -q 'rescans synthesized' "$TMPD/err"
ok $? "side-band loss: loaded programs rescanned"
# side-band records lost by the side-band thread's own event are not
# any recorded event's: only lost samples must leave LOST_SAMPLES
[ "$(count_records LOST_SAMPLES <"$TMPD/dump")" -ge 1 ]
ok $? "LOST_SAMPLES written at the end"

# no permission: an unprivileged user under perf_event_paranoid >= 1
if command -v setpriv >/dev/null && [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 1 ]; then
	chmod 777 "$TMPD"
	setpriv --reuid 65534 --regid 65534 --clear-groups \
		"$PERF" record -q -o "$TMPD/np.data" -a -- true 2>"$TMPD/np.err"
	[ $? -eq 1 ] && grep -q '^perf record: cpu-clock: no permission' "$TMPD/np.err" &&
		[ "$(wc -l <"$TMPD/np.err")" -eq 1 ] && [ ! -e "$TMPD/np.data" ]
	ok $? "no permission: one line, exit 1, no file"
	cat "$TMPD/np.err" | sed 's/^/# /'
else
	ok 0 "# SKIP no setpriv or paranoid 0"
fi

done_testing
