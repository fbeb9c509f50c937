#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf top --all-cgroups with -s cgroup (live): a busy loop in a cgroup
# of the test's own gets a row named by the cgroup's path (the cgroups
# that exist at start are synthesized, as record's); without
# --all-cgroups the samples have no cgroup and every row is "N/A", as
# upstream's.
. "$(dirname "$0")/lib.sh"
need_root
cg2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cg2" ] || skip_all "no cgroup2 mount"
top="$cg2/perf-top-cgroup.$$"
mkdir -p "$top/busy" || skip_all "cannot make a cgroup under $cg2"

(echo $BASHPID >"$top/busy/cgroup.procs" && exec sh -c 'while :; do :; done') \
	</dev/null >/dev/null 2>&1 &
busy=$!
trap 'st=$?; kill $busy; wait $busy 2>/dev/null; rmdir "$top/busy" "$top"; (exit $st); tmpd_exit' EXIT

top_for all --all-cgroups -s cgroup
rel=/${top#"$cg2"/}/busy
grep -qE "^ +[0-9.]+%  $rel\$" "$TMPD/all.out"
ok $? "--all-cgroups -s cgroup: the busy cgroup has a row ($rel)"
[ ! -s "$TMPD/all.err" ]
ok $? "--all-cgroups: nothing on stderr ($(head -1 "$TMPD/all.err"))"
grep -E '^ +[0-9.]+% ' "$TMPD/all.out" | grep -vqE '^ +[0-9.]+%  (/|N/A)'
ok $((! $?)) "--all-cgroups: every row a path (or N/A)"

top_for none -s cgroup,comm
rows=$(grep -cE '^ +[0-9.]+% ' "$TMPD/none.out")
[ "$rows" -ge 2 ] && [ "$(grep -cE '^ +[0-9.]+%  N/A ' "$TMPD/none.out")" -eq "$rows" ]
ok $? "without --all-cgroups: every row \"N/A\" ($rows rows)"

done_testing
