#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --sort cgroup against upstream's: each sample's cgroup
# named from the file's CGROUP records ("/", "/a/b"), "unknown" for an
# id no record named (--synth=no), "N/A" for a file without cgroups.
# The files: upstream's and ours, recorded here with --all-cgroups -a
# while a busy loop runs in each of two cgroups of the test's own.
. "$(dirname "$0")/lib.sh"
need_root
need_fixtures up-late.data
cg2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cg2" ] || skip_all "no cgroup2 mount"

top="$cg2/perf-report-cgroup.$$"
mkdir -p "$top/a/inner" "$top/b" || skip_all "cannot make cgroups under $cg2"
cleanup_cgroups() {
	rmdir "$top/a/inner" "$top/a" "$top/b" "$top" 2>/dev/null
}
trap 'cleanup_cgroups; tmpd_exit' EXIT

# busy SECONDS CGROUP: a shell loop in CGROUP for SECONDS
busy() {
	(echo $BASHPID >"$2/cgroup.procs" && exec timeout "$1" sh -c 'while :; do :; done') &
}

# record WHO FILE ARGS...: both busy loops running through the recording
record() {
	local who=$1 out=$2; shift 2
	busy 2 "$top/a/inner"
	busy 2 "$top/b"
	if [ "$who" = up ]; then
		"$UPERF" record -q --all-cgroups -a -o "$out" "$@" -- sleep 1 >/dev/null 2>&1
	else
		"$PERF" record -q --all-cgroups -a -o "$out" "$@" -- sleep 1 >/dev/null 2>&1
	fi
	local rc=$?
	wait
	return $rc
}

record up "$TMPD/up.data"
ok $? "upstream records --all-cgroups -a"
record up "$TMPD/up-g.data" -g
ok $? "upstream records --all-cgroups -a -g"
record up "$TMPD/up-nosynth.data" --synth=no
ok $? "upstream records --all-cgroups -a --synth=no"
record our "$TMPD/our-g.data" -g
ok $? "ours records --all-cgroups -a -g"

# both reports of FILE with ARGS, equal
compare_file() {
	local f=$1; shift
	report_stdio up "$f" "$@" >"$TMPD/up"
	report_stdio our "$f" "$@" >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "${f##*/}: report $* equals upstream's ($(grep -c '%' "$TMPD/up") rows)"
}

for s in cgroup cgroup,comm comm,cgroup cgroup,dso,sym pid,cgroup; do
	compare_file "$TMPD/up.data" --sort "$s"
done
report_stdio our "$TMPD/up.data" --sort cgroup >"$TMPD/our"
grep -qF "/${top#"$cg2"/}/a/inner" "$TMPD/our" && grep -qF "/${top#"$cg2"/}/b" "$TMPD/our"
ok $? "the test's cgroups are rows of their own"

# Named upstream quirk, left out of the comparisons: in children mode
# upstream's check for a frame already counted in a sample's chain
# leaves the cgroup out of the entry it compares with, so no frame
# matches: every frame adds the sample's period again (a "/" row of
# 684% children with --sort cgroup, recursive and repeated frames
# counted twice with cgroup,sym).  Ours counts each entry once per
# sample; the comparisons are --no-children.  Their graphs are left
# out (-g none): these files hold whatever else the machine ran, and
# the garbage chains of frameless programs (a compiler's ld, say) are
# merged into graph nodes otherwise than upstream merges them, which is
# not what this test is about.
for s in cgroup cgroup,sym cgroup,comm,dso; do
	compare_file "$TMPD/up-g.data" --sort "$s" --no-children -g none
	compare_file "$TMPD/our-g.data" --sort "$s" --no-children -g none
done
report_stdio our "$TMPD/up-g.data" --sort cgroup >"$TMPD/our"
awk '$1 ~ /%$/ { if ($1 + 0 > 100) bad = 1; n++ } END { exit bad || !n }' "$TMPD/our"
ok $? "up-g.data: children mode, no cgroup row over 100% ($(grep -m1 '%' "$TMPD/our"))"
compare_file "$TMPD/up-nosynth.data" --sort cgroup
grep -q "unknown" "$TMPD/up"
ok $? "up-nosynth.data: cgroups no record named are \"unknown\""
compare_file "$(fixture up-late.data)" --sort cgroup,comm
grep -q "N/A" "$TMPD/up"
ok $? "up-late.data: a file without cgroups is \"N/A\""

done_testing
