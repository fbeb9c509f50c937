#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf record killed with SIGKILL leaves FILE that our report and
# /usr/bin/perf report read; errors never leave a half-written FILE and
# put the previous one back.
. "$(dirname "$0")/lib.sh"
need_root

# header field u64 at byte OFF of FILE
hdr_u64() { od -An -tu8 -j"$2" -N8 "$1" | tr -d ' '; }
DATA_SIZE_OFF=48

# samples in a report of FILE by PERF (0 when it fails)
nr_samples() {
	"$1" report -i "$2" --stdio --sort comm 2>"$TMPD/rep.err" |
		sed -n 's/^# Samples: \([0-9.]*[KM]*\) *of event .*/\1/p' | head -1 | grep . || echo 0
}

# SIGKILL while recording system-wide, an older FILE in place
out=$TMPD/k.data
echo previous >"$out"
"$PERF" record -q -o "$out" -a -c 1000000 2>"$TMPD/err" &
rpid=$!
# a watchdog, in case the test stops before its kill (no timeout(1): the
# signal must reach perf itself)
(sleep 60; kill -9 $rpid) >/dev/null 2>&1 &
wpid=$!
# wait for the file under its name with records in it, then some more
for i in $(seq 300); do
	[ "$(stat -c %s "$out" 2>/dev/null || echo 0)" -gt 65536 ] && break
	sleep 0.1
done
sleep 1
kill -9 $rpid
{ wait $rpid; } 2>/dev/null
st=$?
kill $wpid 2>/dev/null
[ $st -eq 137 ]
ok $? "record killed by SIGKILL"
[ -s "$out" ] && [ "$(head -c 8 "$out")" = PERFILE2 ]
ok $? "SIGKILL: the output is under its name"
[ "$(cat "$out.old" 2>/dev/null)" = previous ]
ok $? "SIGKILL: the previous file is FILE.old"
! ls "$out".tmp* >/dev/null 2>&1
ok $? "SIGKILL: no temporary file left"
size=$(hdr_u64 "$out" $DATA_SIZE_OFF)
[ "${size:-0}" -gt 0 ]
ok $? "SIGKILL: the header's data size was kept current ($size)"
"$UPERF" report -D -i "$out" >"$TMPD/dump" 2>"$TMPD/dump.err"
ok $? "SIGKILL: /usr/bin/perf report -D reads it"
! grep -qiwE 'warning|error|failed' "$TMPD/dump.err"
ok $? "SIGKILL: /usr/bin/perf report -D: no warning"
grep -q 'PERF_RECORD_SAMPLE' "$TMPD/dump"
ok $? "SIGKILL: upstream finds the samples"
up=$(nr_samples "$UPERF" "$out")
[ "$up" != 0 ]
ok $? "SIGKILL: /usr/bin/perf report shows samples ($up)"
ours=$(nr_samples "$PERF" "$out")
[ "$ours" != 0 ]
ok $? "SIGKILL: our report shows samples ($ours)"

# killed before the first update: data size 0, our reader takes the file's
cp "$out" "$TMPD/zero.data"
printf '\0\0\0\0\0\0\0\0' | dd of="$TMPD/zero.data" bs=1 seek=$DATA_SIZE_OFF conv=notrunc \
	2>/dev/null
[ "$(hdr_u64 "$TMPD/zero.data" $DATA_SIZE_OFF)" = 0 ]
ok $? "data size 0 (killed before the first update)"
n_size=$("$PERF" report -D -i "$out" 2>/dev/null | count_records SAMPLE)
n_zero=$("$PERF" report -D -i "$TMPD/zero.data" 2>/dev/null | count_records SAMPLE)
[ "$n_zero" -gt 0 ] && [ "$n_zero" -ge "$n_size" ]
ok $? "data size 0: our report reads up to the end of the file ($n_zero >= $n_size samples)"

# an error once the file is under its name (write fails: file size limit):
# no FILE left, the previous one back in place
cp "$out" "$TMPD/prev.data"
rm -f "$out.old"
(trap '' XFSZ; ulimit -f 128; exec timeout 60 "$PERF" record -q -o "$out" -a -c 1000000 \
	-- sleep 5) 2>"$TMPD/err"
st=$?
[ $st -eq 1 ] && [ "$(wc -l <"$TMPD/err")" -eq 1 ] && grep -q "^perf record: $out: " "$TMPD/err"
ok $? "write error while recording: one line, exit 1 (got $st: $(head -1 "$TMPD/err"))"
cmp -s "$out" "$TMPD/prev.data"
ok $? "write error: the previous file is back under the name"
[ ! -e "$out.old" ] && ! ls "$out".tmp* >/dev/null 2>&1
ok $? "write error: no .old, no temporary file"

# errors before recording starts leave an existing file alone
timeout 60 "$PERF" record -q -o "$out" -e no-such-event -a -- true 2>/dev/null
[ $? -eq 1 ] && cmp -s "$out" "$TMPD/prev.data" && [ ! -e "$out.old" ]
ok $? "bad event: the existing file untouched, no .old"
ls "$out".tmp* >/dev/null 2>&1
[ $? -ne 0 ]
ok $? "bad event: no temporary file"

# a device is written in place, never replaced
mknod "$TMPD/null" c 1 3
timeout 60 "$PERF" record -q -o "$TMPD/null" -a -c 1000000 -- sleep 0.1 2>"$TMPD/err"
ok $? "a character device as output records"
[ -c "$TMPD/null" ] && ! ls "$TMPD"/null.* >/dev/null 2>&1
ok $? "the device is still a device, no .old or temporary file"

done_testing
