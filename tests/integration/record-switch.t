#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf record --switch-output, --switch-max-files, --timestamp-filename,
# --switch-output-event, --overwrite against /usr/bin/perf record's
# (issue 20).  Both perfs record the same
# command, each into a directory of its own; the command asks for each
# rotation (SIGUSR2 to its parent, the recorder) and waits for the
# recorder's "Dump" line before going on, so the number of files never
# depends on timing.  Upstream's report reads every file ours made, the
# side-band synthesized at the start of each later file is upstream's,
# stderr has upstream's lines, and names and counts match.
. "$(dirname "$0")/lib.sh"
need_root

# The command: busy, then N times: SIGUSR2 to the recorder (SIG=call: a
# getpgid call instead, SIG=none: nothing), wait for the N-th "Dump"
# line in ERR, busy again.
cat >"$TMPD/w.sh" <<'EOF'
err=$1 n=$2 sig=${3:-USR2} k=0
busy() { i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; }
busy
while [ $k -lt $n ]; do
	k=$((k+1))
	case $sig in
	none) ;;
	call) perl -e 'syscall(121, 0)' ;;	# getpgid(0): the side-band event
	*) kill -$sig $PPID ;;
	esac
	t=0
	while [ "$(grep -c 'Dump ' "$err")" -lt $k ] && [ $t -lt 1200 ]; do
		[ "$sig" = none ] && busy || sleep 0.05
		t=$((t+1))
	done
	busy
done
EOF

# run WHO DIR N OPTIONS...: WHO (o: ours, u: upstream) records w.sh in DIR
run() {
	local who=$1 dir=$2 n=$3 perf=$PERF; shift 3
	[ "$who" = u ] && perf=$UPERF
	rm -rf "$dir"; mkdir -p "$dir"
	: >"$dir/err"
	(cd "$dir" && timeout 120 "$perf" record -o perf.data "$@" -- \
		sh "$TMPD/w.sh" "$dir/err" "$N" "$SIG" 2>>"$dir/err" >/dev/null)
}

# the rotated files of DIR, oldest first
files() { ls "$1" | grep -E '^perf\.data\.[0-9]{16}$' | sort; }

# stderr with numbers as N
shape() { sed -E 's/[0-9]+(\.[0-9]+)?/N/g' "$1"; }

# The side-band synthesized at a file's start (before FINISHED_INIT), as
# upstream's report -D reads it: COMM and MMAP/MMAP2 with their names.
# [vsyscall] left out: ours never synthesizes it (no object to read).
synth() {
	"$UPERF" report -D -i "$1" 2>/dev/null | awk '
		/PERF_RECORD_FINISHED_INIT/ { exit }
		/PERF_RECORD_COMM:/ { sub(/:.*/, "", $5); print "COMM " $5 }
		/PERF_RECORD_MMAP2? / && !/\[vsyscall\]/ { print $4 " " $NF }' | sort -u
}

# the DSOs of a file's samples, upstream's report
dsos() {
	"$UPERF" report -i "$1" --stdio --sort dso -q 2>/dev/null | awk '{ print $2 }' | sort
}

missing_buildid() {
	"$UPERF" report --header-only -i "$1" 2>/dev/null | grep '^# missing features' |
		grep -c BUILD_ID
}

O=$TMPD/o U=$TMPD/u

# 1. SIGUSR2, two rotations: three files
N=2 SIG=USR2
run o "$O" 2 --switch-output -e cpu-clock -c 100000
run u "$U" 2 --switch-output -e cpu-clock -c 100000
[ "$(files "$O" | wc -l)" -eq 3 ] && [ "$(files "$U" | wc -l)" -eq 3 ] &&
	[ ! -e "$O/perf.data" ] && [ ! -e "$U/perf.data" ]
ok $? "--switch-output: three perf.data.<timestamp> files, no perf.data (ours $(files "$O" | tr '\n' ' '))"
shape "$O/err" >"$TMPD/o.shape"
shape "$U/err" >"$TMPD/u.shape"
is_same_file "$TMPD/o.shape" "$TMPD/u.shape" "--switch-output: stderr's lines as upstream's"
i=0
for f in $(files "$O"); do
	i=$((i + 1))
	"$UPERF" report -D -i "$O/$f" >/dev/null 2>"$TMPD/d.err"
	[ $? -eq 0 ] && [ ! -s "$TMPD/d.err" ]
	ok $? "file $i: upstream's report -D reads it without a word"
	"$UPERF" report --header-only -i "$O/$f" | grep -q '^# cmdline : .*--switch-output'
	ok $? "file $i: a complete header (cmdline)"
done
set -- $(files "$U")
ufiles=("$@")
set -- $(files "$O")
synth "$O/$2" >"$TMPD/o.synth"
synth "$U/${ufiles[1]}" >"$TMPD/u.synth"
grep -q MMAP2 "$TMPD/u.synth"
ok $? "file 2: upstream's starts with the command's synthesized maps"
is_same_file "$TMPD/o.synth" "$TMPD/u.synth" "file 2: the synthesized COMM and maps at its start as upstream's"
# Named upstream quirk not copied: from its third file on, upstream
# synthesizes the command's COMM but not its maps (its report leaves
# those samples [unknown]); ours writes them as in the second.
synth "$O/$3" >"$TMPD/o.synth3"
is_same_file "$TMPD/o.synth3" "$TMPD/u.synth" "file 3: the same synthesized side-band as file 2"
dsos "$O/$3" >"$TMPD/o.dsos"
[ -s "$TMPD/o.dsos" ] && ! grep -q unknown "$TMPD/o.dsos"
ok $? "the last file's samples fall in known objects ($(sort -u "$TMPD/o.dsos" | tr '\n' ' '))"
[ "$(missing_buildid "$O/$1")" = "$(missing_buildid "$U/${ufiles[0]}")" ] &&
	[ "$(missing_buildid "$O/$1")" = 1 ]
ok $? "--switch-output: no BUILD_ID feature, as upstream's"

# 2. --switch-max-files 2, three rotations: the two newest left
N=3 SIG=USR2
run o "$O" 3 --switch-output --switch-max-files 2 -e cpu-clock -c 100000
run u "$U" 3 --switch-output --switch-max-files 2 -e cpu-clock -c 100000
grep -o 'Dump [^ ]*' "$O/err" | sed 's,.*/,,; s/Dump //' | tail -2 >"$TMPD/o.kept"
files "$O" >"$TMPD/o.left"
[ "$(files "$U" | wc -l)" -eq 2 ] && [ "$(grep -c 'Dump ' "$O/err")" -eq 4 ]
ok $? "--switch-max-files 2: upstream keeps two of four"
is_same_file "$TMPD/o.left" "$TMPD/o.kept" "--switch-max-files 2: ours the two newest of four"
shape "$O/err" >"$TMPD/o.shape"
shape "$U/err" >"$TMPD/u.shape"
is_same_file "$TMPD/o.shape" "$TMPD/u.shape" "--switch-max-files: stderr's lines as upstream's"

# 3. --timestamp-filename alone: the one file renamed at the end
N=0 SIG=none
run o "$O" 0 --timestamp-filename -e cpu-clock -c 100000
run u "$U" 0 --timestamp-filename -e cpu-clock -c 100000
[ "$(files "$O" | wc -l)" -eq 1 ] && [ ! -e "$O/perf.data" ]
ok $? "--timestamp-filename: one perf.data.<timestamp> ($(files "$O"))"
shape "$O/err" >"$TMPD/o.shape"
shape "$U/err" >"$TMPD/u.shape"
is_same_file "$TMPD/o.shape" "$TMPD/u.shape" "--timestamp-filename: stderr's lines as upstream's"
[ "$(missing_buildid "$O/$(files "$O")")" = "$(missing_buildid "$U/$(files "$U")")" ]
ok $? "--timestamp-filename: BUILD_ID as upstream's (no -B implied)"
"$UPERF" report -D -i "$O/$(files "$O")" >/dev/null 2>"$TMPD/d.err"
[ $? -eq 0 ] && [ ! -s "$TMPD/d.err" ]
ok $? "--timestamp-filename: upstream's report -D reads it"

# 4. a size: rotated past 16K, the warning as upstream's
N=2 SIG=none
run o "$O" 2 --switch-output=16K -e cpu-clock -c 50000
run u "$U" 2 --switch-output=16K -e cpu-clock -c 50000
grep WARNING "$O/err" >"$TMPD/o.warn"
grep WARNING "$U/err" >"$TMPD/u.warn"
[ -s "$TMPD/u.warn" ]
ok $? "--switch-output=16K: upstream warns"
is_same_file "$TMPD/o.warn" "$TMPD/u.warn" "--switch-output=16K: the warning as upstream's"
n=0 small=0
for f in $(files "$O" | head -n -1); do
	n=$((n + 1))
	sz=$("$UPERF" report --header-only -i "$O/$f" | awk '/^# data size/ { print $NF }')
	[ "${sz:-0}" -ge 16384 ] || small=$((small + 1))
done
[ $n -ge 2 ] && [ $small -eq 0 ]
ok $? "--switch-output=16K: $n rotated files, each with at least 16K of data"
[ "$(files "$U" | wc -l)" -ge 3 ]
ok $? "--switch-output=16K: upstream rotates too"

# 5. a time: rotated every second (the command waits for two)
N=2 SIG=none
run o "$O" 2 --switch-output=1s -e cpu-clock -c 1000000
[ "$(files "$O" | wc -l)" -ge 3 ]
ok $? "--switch-output=1s: rotated by the timer ($(files "$O" | wc -l) files)"

# 6. 0K: accepted, never rotates, the name timestamped, as upstream's
N=0 SIG=none
run o "$O" 0 --switch-output=0K -e cpu-clock -c 100000
run u "$U" 0 --switch-output=0K -e cpu-clock -c 100000
[ "$(files "$O" | wc -l)" -eq 1 ] && [ "$(files "$U" | wc -l)" -eq 1 ]
ok $? "--switch-output=0K: one timestamped file, as upstream's"

# 6b. --switch-output-event: a tracepoint on any CPU (other tasks may
# call getpgid too: at least the command's rotations)
N=2 SIG=call
ev=syscalls:sys_enter_getpgid
run o "$O" 2 --switch-output-event $ev -e cpu-clock -c 100000
run u "$U" 2 --switch-output-event $ev -e cpu-clock -c 100000
[ "$(files "$O" | wc -l)" -ge 3 ] && [ "$(files "$U" | wc -l)" -ge 3 ]
ok $? "--switch-output-event $ev: rotated by each call, as upstream ($(files "$O" | wc -l) files, upstream $(files "$U" | wc -l))"
bad=0
for f in $(files "$O"); do
	"$UPERF" report -D -i "$O/$f" >/dev/null 2>&1 || bad=$((bad + 1))
done
[ $bad -eq 0 ]
ok $? "--switch-output-event: upstream's report reads every file"
# a software event without a period never fires, as upstream's
N=0 SIG=none
run o "$O" 0 --switch-output-event cpu-clock -e cpu-clock -c 100000
run u "$U" 0 --switch-output-event cpu-clock -e cpu-clock -c 100000
[ "$(files "$O" | wc -l)" -eq 1 ] && [ "$(files "$U" | wc -l)" -eq 1 ]
ok $? "--switch-output-event cpu-clock: no period, never fires: one file, as upstream's"
refused "option \`switch-output-event': nosuch" "--switch-output-event nosuch" \
	"$PERF" record -o "$TMPD/bad.data" --switch-output-event nosuch -- true
"$UPERF" record -o "$TMPD/bad.data" --switch-output-event nosuch -- true >/dev/null 2>&1
[ $? -ne 0 ] && [ ! -e "$TMPD/bad.data" ]
ok $? "--switch-output-event nosuch: upstream refuses it too"

# 8. --overwrite: write_backward on every event and nothing else changed,
# as upstream's (per thread, and -a with the tracking dummy)
for base in "-e cpu-clock" "-a -e cpu-clock"; do
	for who in o u; do
		perf=$PERF; [ $who = u ] && perf=$UPERF
		timeout 60 "$perf" record -q -o "$TMPD/$who.base.data" $base -- true 2>/dev/null
		timeout 60 "$perf" record -q -o "$TMPD/$who.ow.data" $base --overwrite -- true 2>/dev/null
		"$UPERF" evlist -v -i "$TMPD/$who.ow.data" >"$TMPD/$who.ow.attrs"
		grep -c 'write_backward: 1' "$TMPD/$who.ow.attrs" >"$TMPD/$who.ow.n"
		sed 's/, write_backward: 1//' "$TMPD/$who.ow.attrs" >"$TMPD/$who.ow.rest"
		"$UPERF" evlist -v -i "$TMPD/$who.base.data" >"$TMPD/$who.base.attrs"
	done
	is_same_file "$TMPD/o.ow.n" "$TMPD/u.ow.n" "$base --overwrite: write_backward on as many events as upstream's ($(cat "$TMPD/o.ow.n"))"
	cmp -s "$TMPD/o.ow.rest" "$TMPD/o.base.attrs" && cmp -s "$TMPD/u.ow.rest" "$TMPD/u.base.attrs"
	ok $? "$base --overwrite: no other attr changed, as upstream's"
done

# The flight recorder: a ring of one page keeps the newest records only
# (the command's exec maps are gone, its EXIT is there); a big ring all.
# The command on one CPU, sh exec'd there (taskset's own exec may stay in
# the other CPU's ring, ours and upstream's).
samples() { "$UPERF" report -D -i "$1" 2>/dev/null | count_records SAMPLE; }
echo 'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done' >"$TMPD/busy.sh"
for who in o u; do
	perf=$PERF; [ $who = u ] && perf=$UPERF
	timeout 60 "$perf" record -q -o "$TMPD/$who.fr.data" --overwrite -m 1 -e cpu-clock -c 100000 \
		-- taskset -c 0 sh "$TMPD/busy.sh" 2>/dev/null
	timeout 60 "$perf" record -q -o "$TMPD/$who.all.data" --overwrite -e cpu-clock -c 100000 \
		-- sh "$TMPD/busy.sh" 2>/dev/null
	"$UPERF" report -D -i "$TMPD/$who.fr.data" >"$TMPD/$who.fr.D" 2>"$TMPD/$who.fr.err"
done
[ ! -s "$TMPD/o.fr.err" ]
ok $? "--overwrite -m 1: upstream's report -D reads ours without a word"
no=$(samples "$TMPD/o.fr.data") nu=$(samples "$TMPD/u.fr.data")
[ "$no" -gt 0 ] && [ $((no * 2)) -ge "$nu" ] && [ "$no" -le $((nu * 2)) ]
ok $? "--overwrite -m 1: one page of samples, as upstream's ($no, upstream $nu)"
for who in o u; do
	{ count_records EXIT <"$TMPD/$who.fr.D"
	  grep -c 'PERF_RECORD_MMAP2.*/dash' "$TMPD/$who.fr.D"
	} >"$TMPD/$who.fr.kept"
done
is_same_file "$TMPD/o.fr.kept" "$TMPD/u.fr.kept" "--overwrite -m 1: the EXIT kept, the exec's maps overwritten, as upstream's"
no=$(samples "$TMPD/o.all.data") nu=$(samples "$TMPD/u.all.data")
[ "$no" -gt $((nu / 2)) ] && [ "$no" -gt 500 ]
ok $? "--overwrite, a big ring: every sample ($no, upstream $nu)"
# what exists is written after the rings, as upstream's (tail-synthesize)
for who in o u; do
	# by their offsets in the file (-D prints samples when they are delivered)
	"$UPERF" report -D -i "$TMPD/$who.all.data" 2>/dev/null | perl -ne '
		$s = hex($1) if /^\S+ (0x[0-9a-f]+) \[0x[0-9a-f]+\]: PERF_RECORD_SAMPLE/ &&
			(!defined $s || hex($1) < $s);
		$f = hex($1) if /^\S+ (0x[0-9a-f]+) \[0x[0-9a-f]+\]: PERF_RECORD_FINISHED_INIT/;
		END { print defined $s && $s < $f ? "samples, then FINISHED_INIT\n" : "FINISHED_INIT first\n" }' \
		>"$TMPD/$who.order"
done
is_same_file "$TMPD/o.order" "$TMPD/u.order" "--overwrite: the synthesized side-band after the samples, as upstream's"
dsos "$TMPD/o.all.data" >"$TMPD/o.dsos"
grep -q dash "$TMPD/o.dsos" && ! grep -q unknown "$TMPD/o.dsos"
ok $? "--overwrite, a big ring: upstream's report resolves the samples"

# --overwrite with --switch-output: the rings read at each rotation
N=1 SIG=USR2
run o "$O" 1 --overwrite --switch-output -e cpu-clock -c 100000
set -- $(files "$O")
[ $# -eq 2 ] && [ "$(samples "$O/$1")" -gt 0 ] && [ "$(samples "$O/$2")" -gt 0 ]
ok $? "--overwrite --switch-output: each of the two files has the samples of its time"

# 7. bad input
for a in foo 1000 10k 1S -1s 10MB; do
	refused "option \`switch-output': $a" "--switch-output=$a" \
		"$PERF" record -o "$TMPD/bad.data" --switch-output=$a -- true
	"$UPERF" record -o "$TMPD/bad.data" --switch-output=$a -- true >/dev/null 2>&1
	[ $? -ne 0 ] && [ ! -e "$TMPD/bad.data" ]
	ok $? "--switch-output=$a: upstream refuses it too"
done
refused "not for -o -" "--switch-output -o -" "$PERF" record -o - --switch-output -- true
refused "not for -o -" "--timestamp-filename -o -" \
	"$PERF" record -o - --timestamp-filename -- true

done_testing
