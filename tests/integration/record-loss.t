#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf record when things go wrong: lost records (a 1-page buffer under
# BPF churn) counted apart and the programs rescanned; no permission.
# (SIGKILL: record-kill.t)
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

timeout 60 "$PERF" record -o "$TMPD/l.data" -a -m 1 -F 4000 -- \
	"$WORKLOADS/bpfload" --churn 5000 --duration 2 --hold-ms 1 >/dev/null 2>"$TMPD/err"
ok $? "a 1-page buffer under churn records"
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
if [ "$nlost" -gt 0 ]; then
	grep -q '^\[ perf record: Lost [0-9]* samples and [0-9]* side-band records \]$' "$TMPD/err"
	ok $? "LOST records ($nlost): the summary separates samples and side-band"
	if grep -q 'and [1-9][0-9]* side-band records' "$TMPD/err"; then
		grep -q 'rescans synthesized' "$TMPD/err"
		ok $? "side-band loss: loaded programs rescanned"
	else
		ok 0 "# SKIP no side-band record lost this time"
	fi
	# side-band records lost by the side-band thread's own event are not
	# any recorded event's: only lost samples must leave LOST_SAMPLES
	if grep -qE 'Lost [1-9][0-9]* samples' "$TMPD/err"; then
		[ "$(count_records LOST_SAMPLES <"$TMPD/dump")" -ge 1 ]
		ok $? "LOST_SAMPLES written at the end"
	else
		ok 0 "# SKIP no sample lost this time"
	fi
else
	ok 0 "# SKIP nothing lost with a 1-page buffer"
fi

# no permission: an unprivileged user under perf_event_paranoid >= 1
if command -v setpriv >/dev/null && [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 1 ]; then
	chmod 777 "$TMPD"
	setpriv --reuid 65534 --regid 65534 --clear-groups \
		"$PERF" record -q -o "$TMPD/np.data" -a -- true 2>"$TMPD/err"
	[ $? -eq 1 ] && grep -q '^perf record: cpu-clock: no permission' "$TMPD/err" &&
		[ "$(wc -l <"$TMPD/err")" -eq 1 ] && [ ! -e "$TMPD/np.data" ]
	ok $? "no permission: one line, exit 1, no file"
	cat "$TMPD/err" | sed 's/^/# /'
else
	ok 0 "# SKIP no setpriv or paranoid 0"
fi

done_testing
