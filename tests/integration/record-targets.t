#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf record's target options against /usr/bin/perf record's (issue 20):
# --per-thread (a ring per thread, the events not inherited, no TIME
# unless -T), -u/--uid USER (every process of that user, as -p would
# name them), --buildid-mmap (build ids in the MMAP2s) and --all-cgroups
# (the samples' cgroups), recorded by both perfs the same way: what the
# option
# changes in `perf evlist -v` must be the same, upstream's report -D
# reads our files without a warning, and the samples are the target's.
. "$(dirname "$0")/lib.sh"
need_root
command -v setpriv >/dev/null || skip_all "no setpriv: cannot run a process as nobody"

rec() { timeout 60 "$PERF" record -q "$@"; }
urec() { timeout 60 "$UPERF" record -q "$@"; }

# same_delta "BASE" "OPTION" [TARGET...]: both perfs record TARGET (a
# command by default) with BASE and with BASE OPTION; the option changes
# the same fields of the attrs
same_delta() {
	local base=$1 opt=$2
	shift 2
	[ $# -gt 0 ] || set -- -- true
	urec -o "$TMPD/u.base.data" $base "$@" 2>/dev/null
	rec -o "$TMPD/o.base.data" $base "$@" 2>/dev/null
	urec -o "$TMPD/u.opt.data" $base $opt "$@" 2>/dev/null
	rec -o "$TMPD/o.opt.data" $base $opt "$@" 2>/dev/null
	attrs_delta "$TMPD/u.base.data" "$TMPD/u.opt.data" >"$TMPD/u.delta"
	attrs_delta "$TMPD/o.base.data" "$TMPD/o.opt.data" >"$TMPD/o.delta"
	is_same_file "$TMPD/o.delta" "$TMPD/u.delta" \
		"$base $opt (${*/#--*/}): the attrs change as upstream's ($(tr '\n' ' ' <"$TMPD/u.delta"))"
}

clean_dump() {
	"$UPERF" report -D -i "$1" >"$TMPD/dump" 2>"$TMPD/dump.err" || return 1
	! grep -qiwE 'warning|error|failed|bad' "$TMPD/dump.err" &&
		! grep -qE '^(Warning|Error|.*failed to process)' "$TMPD/dump"
}

# same_report FILE KEYS WHAT: upstream reports our FILE, ours the same
same_report() {
	"$UPERF" report -i "$1" --stdio --sort "$2" 2>/dev/null | grep -v '^#' | grep . \
		>"$TMPD/rep.up"
	"$PERF" report -i "$1" --stdio --sort "$2" 2>/dev/null | grep -v '^#' | grep . \
		>"$TMPD/rep.our"
	[ -s "$TMPD/rep.up" ]
	ok $? "$3: upstream reports our file's samples"
	is_same_file "$TMPD/rep.our" "$TMPD/rep.up" "$3: our report of it as upstream's"
}

spin='i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done'

# 1. --per-thread: no inherit, no TIME (unless -T); -a and -C win over it
for base in "-e cpu-clock" "-e cpu-clock,task-clock" "-e cpu-clock -T" \
	    "-e cpu-clock --sample-cpu" "-e cpu-clock --no-timestamp" "-a -e cpu-clock" \
	    "-C 0 -e cpu-clock"; do
	same_delta "$base" --per-thread
done
rec -o "$TMPD/pt.data" -e cpu-clock --per-thread -- sh -c "$spin"
clean_dump "$TMPD/pt.data"
ok $? "--per-thread: upstream's report -D reads our file without a warning"
[ "$(count_records SAMPLE <"$TMPD/dump")" -gt 0 ] &&
	! grep -q 'PERF_RECORD_SAMPLE.*cpu' "$TMPD/dump" &&
	grep -qE 'PERF_RECORD_SAMPLE\(IP, 0x[12]\): [0-9]+/[0-9]+: 0x[0-9a-f]+ period: ' "$TMPD/dump"
ok $? "--per-thread: samples with no time nor CPU, as upstream's layout"
same_report "$TMPD/pt.data" comm "--per-thread"

# a process as nobody: two threads (the shell and its background loop's)
setpriv --reuid=65534 --regid=65534 --clear-groups sh -c \
	"while :; do :; done & while :; do :; done" </dev/null >/dev/null 2>&1 &
nob=$!
stop_nobody() {
	kill $(ps -o pid= --ppid $nob) $nob 2>/dev/null
	wait $nob 2>/dev/null
}
trap 'st=$?; stop_nobody; (exit $st); tmpd_exit' EXIT
for _ in $(seq 100); do
	[ "$(ps -o pid= --ppid $nob | wc -l)" -ge 1 ] && break
	sleep 0.1
done
# ours (-p), and every process of nobody's seen (others may come and go)
pids=$( (echo $nob; ps -o pid= --ppid $nob) | tr -d ' ' | sort -n | paste -sd,)
nobody_pids() { ps -o pid= -u nobody | tr -d ' '; }
nobody_pids >"$TMPD/nobody.pids"

# -p with --per-thread: a ring per process thread (-v says each ring's size)
"$PERF" record -v -o "$TMPD/p.data" --per-thread -p "$pids" -- sleep 0.2 2>"$TMPD/p.err" >/dev/null
nthreads=0
for p in ${pids//,/ }; do
	nthreads=$((nthreads + $(ls /proc/$p/task | wc -l)))
done
[ "$(grep -c '^mmap size' "$TMPD/p.err")" -eq "$nthreads" ]
ok $? "--per-thread -p: a ring per thread ($(grep -c '^mmap size' "$TMPD/p.err") of $nthreads)"
same_delta "-e cpu-clock" --per-thread -p "$pids" -- sleep 0.1

# 2. -u: the user's processes, as -p would name them
for who in nobody 65534; do
	urec -o "$TMPD/u.uid.data" -e cpu-clock -u $who -- sleep 0.2 2>/dev/null
	rec -o "$TMPD/o.uid.data" -e cpu-clock -u $who -- sleep 0.2 2>/dev/null
	urec -o "$TMPD/u.pid.data" -e cpu-clock -p "$pids" -- sleep 0.1 2>/dev/null
	rec -o "$TMPD/o.pid.data" -e cpu-clock -p "$pids" -- sleep 0.1 2>/dev/null
	attrs_delta "$TMPD/u.pid.data" "$TMPD/u.uid.data" >"$TMPD/u.delta"
	attrs_delta "$TMPD/o.pid.data" "$TMPD/o.uid.data" >"$TMPD/o.delta"
	[ -s "$TMPD/u.uid.data" ] && [ ! -s "$TMPD/u.delta" ] && [ ! -s "$TMPD/o.delta" ]
	ok $? "-u $who: the attrs of -p of the user's processes, as upstream's"
	clean_dump "$TMPD/o.uid.data"
	ok $? "-u $who: upstream's report -D reads our file without a warning"
	"$UPERF" report -i "$TMPD/o.uid.data" --stdio --sort pid 2>/dev/null | grep -v '^#' |
		grep . | awk '{ split($2, p, ":"); print p[1] }' | sort -n | paste -sd, >"$TMPD/uid.pids"
	nobody_pids >>"$TMPD/nobody.pids"
	[ -z "$(comm -13 <(sort -u "$TMPD/nobody.pids") <(tr , '\n' <"$TMPD/uid.pids" | sort))" ] &&
		[ -z "$(comm -13 <(tr , '\n' <"$TMPD/uid.pids" | sort) <(tr , '\n' <<<"$pids" | sort))" ]
	ok $? "-u $who: the samples are of the user's processes ($(cat "$TMPD/uid.pids"); ours $pids)"
done
same_delta "-e cpu-clock" --per-thread -u nobody -- sleep 0.1

# upstream's warnings for the targets -u overrides or that override it
for t in "-a" "-C 0" "-p $nob"; do
	timeout 60 "$UPERF" record -o "$TMPD/u.w.data" -e cpu-clock -u nobody $t -- sleep 0.1 \
		2>&1 >/dev/null | grep -A1 '^Warning:' >"$TMPD/u.w"
	timeout 60 "$PERF" record -o "$TMPD/o.w.data" -e cpu-clock -u nobody $t -- sleep 0.1 \
		2>&1 >/dev/null | grep -A1 '^Warning:' >"$TMPD/o.w"
	[ -s "$TMPD/u.w" ]
	ok $? "-u nobody $t: upstream warns ($(tail -1 "$TMPD/u.w"))"
	is_same_file "$TMPD/o.w" "$TMPD/u.w" "-u nobody $t: the same warning"
	rec -o "$TMPD/o.w.data" -e cpu-clock -u nobody $t -- sleep 0.1 2>"$TMPD/o.wq"
	[ ! -s "$TMPD/o.wq" ]
	ok $? "-u nobody $t -q: no warning, as upstream's"
done
same_delta "-e cpu-clock -u nobody" -a -- sleep 0.1

# 3. --buildid-mmap: build_id on the side-band event, no BUILD_ID feature,
# the kernel's map an MMAP2 with its build id, the synthesized file maps
# (-a) with theirs, as upstream's
same_delta "-e cpu-clock" --buildid-mmap
same_delta "-a -e cpu-clock" --buildid-mmap -- sleep 0.1
for f in u o; do
	"$UPERF" report --header-only -i "$TMPD/$f.opt.data" 2>/dev/null |
		grep -q '^# missing features:.* BUILD_ID '
	ok $? "--buildid-mmap ($f): no BUILD_ID feature"
	"$UPERF" report -D -i "$TMPD/$f.opt.data" 2>/dev/null >"$TMPD/$f.bm.dump"
	grep -o 'PERF_RECORD_MMAP2 -1/0: .*' "$TMPD/$f.bm.dump" >"$TMPD/$f.bm.kernel"
	# "PATH ID" of every file map with a build id
	grep -oE '<[0-9a-f]+>\]: [-r][-w]x[ps] /.*' "$TMPD/$f.bm.dump" |
		sed -E 's/^<([0-9a-f]+)>\]: [-rwxps]+ (.*)/\2 \1/' | sort -u >"$TMPD/$f.bm.ids"
done
[ -s "$TMPD/u.bm.kernel" ]
ok $? "--buildid-mmap: upstream's kernel map ($(cut -c1-60 "$TMPD/u.bm.kernel"))"
is_same_file "$TMPD/o.bm.kernel" "$TMPD/u.bm.kernel" "--buildid-mmap: the kernel's MMAP2 as upstream's"
join <(cut -d' ' -f1 "$TMPD/u.bm.ids" | sort -u) <(cut -d' ' -f1 "$TMPD/o.bm.ids" | sort -u) \
	>"$TMPD/bm.paths"
for f in u o; do
	awk 'NR == FNR { p[$1]; next } $1 in p' "$TMPD/bm.paths" "$TMPD/$f.bm.ids" \
		>"$TMPD/$f.bm.common"
done
[ "$(wc -l <"$TMPD/bm.paths")" -ge 2 ]
ok $? "--buildid-mmap -a: file maps with build ids in both files ($(wc -l <"$TMPD/bm.paths") paths)"
is_same_file "$TMPD/o.bm.common" "$TMPD/u.bm.common" \
	"--buildid-mmap -a: the same build id for each path as upstream's"
same_report "$TMPD/o.opt.data" dso "--buildid-mmap -a"
"$PERF" record -q -o - --buildid-mmap -e cpu-clock -- sh -c "$spin" 2>/dev/null |
	"$UPERF" report -i - --stdio --sort dso 2>/dev/null | grep -q '%.*libc'
ok $? "--buildid-mmap -o -: upstream reads the stream"

# 4. --all-cgroups: CGROUP in every sample, cgroup on the side-band event,
# the CGROUP records of the cgroups that exist (with --synth all or cgroup)
same_delta "-e cpu-clock" --all-cgroups
same_delta "-a -e cpu-clock" --all-cgroups -- sleep 0.1
for f in u o; do
	"$UPERF" report -D -i "$TMPD/$f.opt.data" 2>/dev/null |
		grep -o 'PERF_RECORD_CGROUP cgroup: .*' | sort -u >"$TMPD/$f.cg"
done
[ -s "$TMPD/u.cg" ]
ok $? "--all-cgroups -a: upstream's CGROUP records ($(head -1 "$TMPD/u.cg"))"
is_same_file "$TMPD/o.cg" "$TMPD/u.cg" "--all-cgroups -a: our CGROUP records as upstream's"
"$UPERF" report -i "$TMPD/o.opt.data" --stdio --sort cgroup 2>/dev/null | grep -v '^#' |
	grep . | awk '{ print $2 }' | sort -u >"$TMPD/o.cg.rows"
[ -s "$TMPD/o.cg.rows" ] &&
	[ -z "$(comm -23 "$TMPD/o.cg.rows" <(sed 's/.*cgroup: [0-9]* //' "$TMPD/u.cg" | sort -u))" ]
ok $? "--all-cgroups -a: upstream's report --sort cgroup names our samples' cgroups ($(paste -sd' ' "$TMPD/o.cg.rows"))"
for sy in no task cgroup; do
	for f in u o; do
		p=$PERF; [ $f = u ] && p=$UPERF
		timeout 60 "$p" record -q -a -e cpu-clock --all-cgroups --synth $sy -o "$TMPD/sy.data" \
			-- true 2>/dev/null
		"$UPERF" report -D -i "$TMPD/sy.data" 2>/dev/null | count_records CGROUP >"$TMPD/sy.$f"
	done
	is_same_file "$TMPD/sy.o" "$TMPD/sy.u" "--all-cgroups --synth $sy: $(cat "$TMPD/sy.u") CGROUP records, as upstream's"
done

# refusals: upstream's lines (upstream exits 0, ours 1)
refused "Invalid User: no-such-user-here" "-u no-such-user-here" \
	"$PERF" record -o "$TMPD/x.data" -u no-such-user-here -- true
refused "Problems obtaining information for user 2147483000" "-u 2147483000" \
	"$PERF" record -o "$TMPD/x.data" -u 2147483000 -- true
[ ! -e "$TMPD/x.data" ]
ok $? "-u refused: no file left"
"$UPERF" record -o "$TMPD/x.data" -u no-such-user-here -- true 2>&1 | tail -1 >"$TMPD/u.ref"
grep -qx 'Invalid User: no-such-user-here' "$TMPD/u.ref"
ok $? "upstream refuses the same user with the same text"

done_testing
