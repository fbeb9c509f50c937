#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf record --control fifo:CTL,ACK (and fd:) with -D -1, against
# /usr/bin/perf record (issue 20).  The test drives both perfs the same
# way through two fifos, waiting for each "ack" before going on, and the
# command starts its measured work only when told (a file appears), so
# nothing depends on timing: never enabled, no samples; enabled before
# the work, samples; the acks and the "Events ..." lines as upstream's.
. "$(dirname "$0")/lib.sh"
need_root

# the command: spins until $TMPD/go exists, then works, then ends
cat >"$TMPD/w.sh" <<'EOF'
while [ ! -e "$1" ]; do :; done
i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done
EOF

samples() { "$UPERF" report -D -i "$1" 2>/dev/null | count_records SAMPLE; }

# drive WHO NAME CMD...: WHO records w.sh with --control -D -1; each CMD
# is written to the control fifo and its ack awaited (5 s at most; a
# missing one is "-"); "go" starts the work.  The acks in NAME.acks.
drive() {
	local who=$1 name=$2 perf=$PERF a c; shift 2
	[ "$who" = u ] && perf=$UPERF
	rm -f "$TMPD/ctl" "$TMPD/ack" "$TMPD/go"
	mkfifo "$TMPD/ctl" "$TMPD/ack"
	exec 7<>"$TMPD/ctl" 8<>"$TMPD/ack"
	timeout 60 "$perf" record -o "$TMPD/$name.data" --control "fifo:$TMPD/ctl,$TMPD/ack" -D -1 \
		-e cpu-clock -c 100000 -- sh "$TMPD/w.sh" "$TMPD/go" 2>"$TMPD/$name.err" &
	local pid=$!
	: >"$TMPD/$name.acks"
	for c in "$@"; do
		if [ "$c" = go ]; then
			touch "$TMPD/go"
			continue
		fi
		echo "$c" >&7
		a=-
		read -r -t 5 a <&8 || a=-
		echo "$c: $a" >>"$TMPD/$name.acks"
	done
	touch "$TMPD/go"
	wait $pid
	echo $? >"$TMPD/$name.rc"
	exec 7>&- 8>&-
	grep '^Events' "$TMPD/$name.err" >"$TMPD/$name.events"
}

for who in o u; do
	drive $who $who.never ping go
	drive $who $who.on ping enable go
	drive $who $who.onoff ping enable disable ping go
done
for n in never on onoff; do
	is_same_file "$TMPD/o.$n.acks" "$TMPD/u.$n.acks" "$n: the acks as upstream's ($(tr '\n' ' ' <"$TMPD/o.$n.acks"))"
	is_same_file "$TMPD/o.$n.events" "$TMPD/u.$n.events" "$n: the Events lines as upstream's"
	[ "$(cat "$TMPD/o.$n.rc")" = 0 ]
	ok $? "$n: exit status 0"
done
[ "$(samples "$TMPD/o.never.data")" -eq 0 ] && [ "$(samples "$TMPD/u.never.data")" -eq 0 ]
ok $? "never enabled: no sample, as upstream's"
no=$(samples "$TMPD/o.on.data") nu=$(samples "$TMPD/u.on.data")
[ "$no" -gt 100 ] && [ "$nu" -gt 100 ]
ok $? "enabled before the work: its samples, as upstream's ($no, upstream $nu)"
no=$(samples "$TMPD/o.onoff.data")
[ "$no" -lt "$(samples "$TMPD/o.on.data")" ]
ok $? "enabled then disabled before the work: fewer ($no)"
"$UPERF" report -D -i "$TMPD/o.on.data" >/dev/null 2>"$TMPD/d.err"
[ $? -eq 0 ] && [ ! -s "$TMPD/d.err" ]
ok $? "upstream's report -D reads ours without a word"

# unknown commands are not acknowledged, as upstream's; stop (ours) ends
drive o o.stop ping bogus stop
printf 'ping: ack\nbogus: -\nstop: ack\n' >"$TMPD/want.acks"
is_same_file "$TMPD/o.stop.acks" "$TMPD/want.acks" "an unknown command unacknowledged, stop acknowledged"
[ "$(cat "$TMPD/o.stop.rc")" = 0 ] && "$UPERF" report -D -i "$TMPD/o.stop.data" >/dev/null 2>&1
ok $? "stop: the recording ends, its file readable"

# fd:CTL,ACK: descriptors the caller opened
rm -f "$TMPD/ctl" "$TMPD/ack"
mkfifo "$TMPD/ctl" "$TMPD/ack"
exec 7<>"$TMPD/ctl" 8<>"$TMPD/ack"
timeout 60 "$PERF" record -q -o "$TMPD/fd.data" --control fd:7,8 -D -1 -e cpu-clock -- sleep 10 &
pid=$!
echo ping >&7
a=-; read -r -t 5 a <&8
echo stop >&7
b=-; read -r -t 5 b <&8
wait $pid
[ "$a $b" = "ack ack" ]
ok $? "--control fd:7,8: ping and stop acknowledged ($a $b)"
exec 7>&- 8>&-

for spec in foo fd: fd:x fifo: "fifo:$TMPD/none"; do
	refused "--control $spec" "--control $spec" \
		"$PERF" record -o "$TMPD/bad.data" --control "$spec" -- true
done

done_testing
