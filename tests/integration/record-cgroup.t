#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# record and top -G/--cgroup (issue 20): the events before -G counted
# only in the cgroups it names (the n-th name to the n-th event, one
# name to every event so far), -a only, as upstream 6.1: two busy loops
# in two cgroups of the test's own; the samples of each event come from
# its cgroup's loop only (read by upstream's perf script), the attrs as
# upstream's file's, the refusals with upstream's lines.
. "$(dirname "$0")/lib.sh"
need_root
need_upstream
# the hierarchy perf events count in: a v1 one with perf_event, else cgroup2
cg2=$(awk '$3 == "cgroup" && $4 ~ /(^|,)perf_event(,|$)/ { print $2; exit }' /proc/mounts)
[ -n "$cg2" ] || cg2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cg2" ] || skip_all "no perf_event or cgroup2 hierarchy mounted"
top="$cg2/perf-record-cgroup.$$"
mkdir -p "$top/a" "$top/b" || skip_all "cannot make cgroups under $cg2"
rel=${top#"$cg2"/}

loop_in() {	# loop_in CGROUP: a busy loop in it, its pid on stdout
	(echo $BASHPID >"$1/cgroup.procs" && exec sh -c 'while :; do :; done') \
		</dev/null >/dev/null 2>&1 &
	echo $!
}
pa=$(loop_in "$top/a")
pb=$(loop_in "$top/b")
trap 'st=$?; kill $pa $pb; wait $pa $pb 2>/dev/null; rmdir "$top/a" "$top/b" "$top";
      (exit $st); tmpd_exit' EXIT

# pids_of FILE EVENT: the pids of EVENT's samples, as upstream reads them
pids_of() {
	"$UPERF" script -i "$1" -F event,pid 2>/dev/null |
		awk -v e="$2:" '$2 == e || $2 == e ":" { print $1 }' | sort -u | paste -sd' ' -
}

rec() { "$PERF" record -q "$@" >/dev/null 2>"$TMPD/rec.err"; }

rec -o "$TMPD/one.data" -a -e cpu-clock -e task-clock -G "$rel/a" -- sleep 0.5
ok $? "-a -e cpu-clock -e task-clock -G A: records"
[ "$(pids_of "$TMPD/one.data" cpu-clock)" = "$pa" ] &&
	[ "$(pids_of "$TMPD/one.data" task-clock)" = "$pa" ]
ok $? "one name: both events count A's loop only ($(pids_of "$TMPD/one.data" cpu-clock) / $pa)"
upstream_record "$TMPD/up-one.data" -a -e cpu-clock -e task-clock -G "$rel/a" -- sleep 0.5
"$UPERF" evlist -v -i "$TMPD/up-one.data" >"$TMPD/up.ev"
"$UPERF" evlist -v -i "$TMPD/one.data" >"$TMPD/our.ev"
is_same_file "$TMPD/our.ev" "$TMPD/up.ev" "-G A: the attrs as upstream's file's"
[ "$(pids_of "$TMPD/up-one.data" cpu-clock)" = "$pa" ]
ok $? "upstream's file: the same (its cpu-clock samples: A's loop)"

rec -o "$TMPD/two.data" -a -e cpu-clock -e task-clock -G "$rel/a,$rel/b" -- sleep 0.5
[ "$(pids_of "$TMPD/two.data" cpu-clock)" = "$pa" ] &&
	[ "$(pids_of "$TMPD/two.data" task-clock)" = "$pb" ]
ok $? "-G A,B: the first event in A, the second in B"

rec -o "$TMPD/skip.data" -a -e cpu-clock -e task-clock -G ",$rel/b" -- sleep 0.5
[ "$(pids_of "$TMPD/skip.data" task-clock)" = "$pb" ] &&
	pids_of "$TMPD/skip.data" cpu-clock | grep -qw "$pa"
ok $? "-G ,B: the first event everywhere, the second in B"

rec -o "$TMPD/after.data" -a -e cpu-clock -G "$rel/a" -e task-clock -- sleep 0.5
[ "$(pids_of "$TMPD/after.data" cpu-clock)" = "$pa" ] &&
	pids_of "$TMPD/after.data" task-clock | grep -qw "$pb"
ok $? "-e A -G a -e B: B not in the cgroup"

# refusals: our first line holds upstream's (ours exits 1, upstream 129)
refused_as_upstream() {
	local what=$1 rc; shift
	"$UPERF" record -o "$TMPD/u.x.data" "$@" -- true >/dev/null 2>"$TMPD/u.err"
	"$PERF" record -o "$TMPD/o.x.data" "$@" -- true >"$TMPD/o.out" 2>"$TMPD/o.err"
	rc=$?
	local want
	want=$(grep -m1 . "$TMPD/u.err" | sed 's/^ *//')
	[ -n "$want" ] && [ $rc -eq 1 ] && [ ! -s "$TMPD/o.out" ] && [ ! -e "$TMPD/o.x.data" ] &&
		grep -m1 . "$TMPD/o.err" | grep -qF -- "$want"
	ok $? "$what: refused as upstream ($want)"
}
refused_as_upstream "-G without -a" -e cpu-clock -G "$rel/a"
refused_as_upstream "-G with -C" -C 0 -e cpu-clock -G "$rel/a"
refused_as_upstream "-G before any -e" -a -G "$rel/a"
refused_as_upstream "-G of no such cgroup" -a -e cpu-clock -G "$rel/none"
"$PERF" record -o "$TMPD/o.x.data" -a -e cpu-clock -G "$rel/a,$rel/b" -- true 2>"$TMPD/o.err"
[ $? -eq 1 ] && [ ! -e "$TMPD/o.x.data" ] && [ "$(wc -l <"$TMPD/o.err")" -eq 1 ]
ok $? "-G with more names than events: one line, exit 1 ($(head -1 "$TMPD/o.err"))"

# top: the rows of A's loop only; per thread refused with upstream's line
top_for top -e cpu-clock -G "$rel/a" -s pid
rows=$(grep -E '^ +[0-9.]+% ' "$TMPD/top.out" | awk '{ split($2, p, ":"); print p[1] }' | sort -u |
	paste -sd' ' -)
[ "$rows" = "$pa" ]
ok $? "top -G A -s pid: rows of A's loop only ($rows)"
line=$(timeout 5 "$UPERF" top --stdio -p $pb -e cpu-clock -G "$rel/a" </dev/null 2>&1 | grep -m1 Invalid)
refused "$line" "top -p PID -G A: refused as upstream" \
	"$PERF" top --stdio -p $pb -e cpu-clock -G "$rel/a"

done_testing
