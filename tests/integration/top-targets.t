#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf top -u/--uid USER (issue 20): the rows are of that user's processes
# only, the header says "(uid: USER", upstream's warnings for the targets
# -u overrides or that override it, upstream's lines for a user that does
# not exist.  Live: the rows' shape and what they keep.
. "$(dirname "$0")/lib.sh"
need_root
command -v setpriv >/dev/null || skip_all "no setpriv: cannot run a process as nobody"

HDR='^   PerfTop: +[0-9]+ irqs/sec '

# a busy process as nobody
setpriv --reuid=65534 --regid=65534 --clear-groups sh -c 'while :; do :; done' \
	</dev/null >/dev/null 2>&1 &
nob=$!
trap 'st=$?; kill $nob; wait $nob 2>/dev/null; (exit $st); tmpd_exit' EXIT
# every process of nobody's seen (others than ours may come and go)
nobody_pids() { ps -o pid= -u nobody | tr -d ' '; }
nobody_pids >"$TMPD/nobody.pids"

for who in nobody 65534; do
	top_for uid -u $who -s pid
	grep -qE "$HDR.*\(uid: $who, [0-9]+ CPUs?\)" "$TMPD/uid.out"
	ok $? "-u $who: the header names the user"
	grep -E '^ +[0-9.]+% ' "$TMPD/uid.out" | awk '{ split($2, p, ":"); print p[1] }' |
		sort -un >"$TMPD/uid.pids"
	nobody_pids >>"$TMPD/nobody.pids"
	rows=$(paste -sd' ' "$TMPD/uid.pids")
	grep -qx "$nob" "$TMPD/uid.pids" &&
		[ -z "$(comm -23 <(sort "$TMPD/uid.pids") <(sort -u "$TMPD/nobody.pids"))" ]
	ok $? "-u $who: rows of the user's processes only ($rows; ours $nob)"
done

# the warnings (upstream's, as its top prints them)
for t in "-C 0" "-p $nob"; do
	timeout 5 "$UPERF" top --stdio -d 1 -u nobody $t </dev/null 2>&1 >/dev/null |
		grep -A1 '^Warning:' >"$TMPD/u.w"
	top_for w -u nobody $t
	grep -A1 '^Warning:' "$TMPD/w.err" >"$TMPD/o.w"
	[ -s "$TMPD/u.w" ]
	ok $? "-u nobody $t: upstream warns ($(tail -1 "$TMPD/u.w"))"
	is_same_file "$TMPD/o.w" "$TMPD/u.w" "-u nobody $t: the same warning"
done
grep -qE "$HDR.*\(target_pid: $nob" "$TMPD/w.out"
ok $? "-u nobody -p PID: -p wins"

refused "Invalid User: no-such-user-here" "top -u no-such-user-here" \
	"$PERF" top --stdio -u no-such-user-here
refused "Problems obtaining information for user 2147483000" "top -u 2147483000" \
	"$PERF" top --stdio -u 2147483000
timeout 5 "$UPERF" top --stdio -u no-such-user-here 2>&1 </dev/null | tail -1 >"$TMPD/u.ref"
grep -qx 'Invalid User: no-such-user-here' "$TMPD/u.ref"
ok $? "upstream's top refuses the same user with the same text"

done_testing
