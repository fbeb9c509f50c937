#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Records that come after their round was flushed: a file recorded by
# /usr/bin/perf (small buffers: many rounds; tasks forked and exec'd
# while it runs) is rewritten with one round moved behind the two after
# it (late-round.pl: the round of a FORK whose task is named in the
# rounds after it, when there is one).  Our report and script warn as
# upstream's do ("Warning:" then "N out of order events recorded."),
# with the same N; the warning goes with -q, as upstream's; and no
# sample is lost or counted twice: our rows (a task's samples from
# before the late FORK under the name it took, as upstream names them)
# and totals equal upstream's, the totals those of the file as recorded.
# The same with -g in children mode.
. "$(dirname "$0")/lib.sh"
need_root
command -v perl >/dev/null || skip_all "no perl"

LATE=$(dirname "$0")/late-round.pl
SPLIT_DUPS=$(dirname "$0")/split-dup-rows.pl
NORM_ROWS=$(dirname "$0")/norm-rows.pl
# children that run a while under the shell's name, then exec
WORK='for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	(j=0; while [ $j -lt 4000 ]; do j=$((j+1)); done; exec /bin/true); done'

upstream_record "$TMPD/in.data" -m 4 -a -- sh -c "$WORK" &&
upstream_record "$TMPD/in-g.data" -m 4 -g -a -- sh -c "$WORK" ||
	{ echo "1..1"; echo "not ok 1 - /usr/bin/perf record"; exit 1; }

moved=$(perl "$LATE" "$TMPD/in.data" "$TMPD/late.data" 2>"$TMPD/late.err")
ok $? "late-round.pl moved a round ($moved: samples, forks; $(cat "$TMPD/late.err"))"
moved_g=$(perl "$LATE" "$TMPD/in-g.data" "$TMPD/late-g.data" 2>"$TMPD/late.err")
ok $? "late-round.pl moved a round of the -g file ($moved_g; $(cat "$TMPD/late.err"))"
[ "${moved%% *}" -gt 0 ] 2>/dev/null
ok $? "the moved round has samples"

# stderr of a command, stdout to FILE
errs() {	# FILE COMMAND...
	local out=$1; shift
	"$@" 2>&1 >"$out" | grep -v '^$'
}

# the out-of-order warning: its line and the "Warning:" before it
ooo_warning() {
	grep -B1 'out of order events recorded'
}

# as recorded: no warning from either
for f in in in-g; do
	errs /dev/null "$UPERF" report --stdio -i "$TMPD/$f.data" >"$TMPD/$f.up.err"
	errs /dev/null "$PERF" report --stdio -i "$TMPD/$f.data" >"$TMPD/$f.our.err"
	! grep -q 'out of order' "$TMPD/$f.up.err" "$TMPD/$f.our.err"
	ok $? "$f: as recorded, no out-of-order warning"
done

for f in late late-g; do
	opts=()
	[ $f = late-g ] && opts=(-g none)
	errs "$TMPD/$f.up" "$UPERF" report --stdio -n "${opts[@]}" -i "$TMPD/$f.data" \
		>"$TMPD/$f.up.err"
	errs "$TMPD/$f.our" "$PERF" report --stdio -n "${opts[@]}" -i "$TMPD/$f.data" \
		>"$TMPD/$f.our.err"
	# (a -g file may have lost a chunk: upstream warns of that too, apart)
	ooo_warning <"$TMPD/$f.up.err" >"$TMPD/$f.up.ooo"
	ooo_warning <"$TMPD/$f.our.err" >"$TMPD/$f.our.ooo"
	grep -q -x '[1-9][0-9]* out of order events recorded\.' "$TMPD/$f.up.ooo"
	ok $? "$f: upstream warns ($(tail -1 "$TMPD/$f.up.ooo"))"
	is_same_file "$TMPD/$f.our.ooo" "$TMPD/$f.up.ooo" "$f: our report warns as upstream's"

	# the totals: upstream's, and those of the file as recorded
	src=in
	[ $f = late-g ] && src=in-g
	"$PERF" report --stdio -n "${opts[@]}" -i "$TMPD/$src.data" 2>/dev/null >"$TMPD/$src.our"
	grep -E '^# (Samples|Event count)' "$TMPD/$f.up" >"$TMPD/$f.up.tot"
	grep -E '^# (Samples|Event count)' "$TMPD/$f.our" >"$TMPD/$f.our.tot"
	grep -E '^# (Samples|Event count)' "$TMPD/$src.our" >"$TMPD/$src.our.tot"
	[ -s "$TMPD/$f.up.tot" ]
	ok $? "$f: upstream prints totals"
	is_same_file "$TMPD/$f.our.tot" "$TMPD/$f.up.tot" "$f: totals equal upstream's"
	is_same_file "$TMPD/$f.our.tot" "$TMPD/$src.our.tot" "$f: totals equal the file's as recorded"

	# every row, with its sample count.  Upstream bug, kept apart: its
	# key tree compares raw addresses by a wrapping difference (not a
	# total order), so a search can miss an entry and make a second one
	# of the same key: a garbage [unknown] address printed on two rows.
	# Such a key is one row of ours, with the samples of both.
	# (see norm-rows.pl for the two chance parts of upstream's rows)
	w=$(awk '/^# \.+  / { print length($(NF - 2)); exit }' "$TMPD/$f.up")
	grep -E '^ +[0-9]' "$TMPD/$f.up" | perl "$NORM_ROWS" "$w" | LC_ALL=C sort >"$TMPD/$f.up.rows"
	grep -E '^ +[0-9]' "$TMPD/$f.our" | perl "$NORM_ROWS" "$w" | LC_ALL=C sort >"$TMPD/$f.our.rows"
	perl "$SPLIT_DUPS" "$TMPD/$f.up.rows" "$TMPD/$f.our.rows" >"$TMPD/$f.dups"
	ok $? "$f: each key upstream printed twice is one row of ours with their samples" \
		"($(grep -c . "$TMPD/$f.dups") keys)"
	sed 's/^/#   /' "$TMPD/$f.dups" | head -3
	is_same_file "$TMPD/$f.our.rows.single" "$TMPD/$f.up.rows.single" \
		"$f: rows equal upstream's ($(wc -l <"$TMPD/$f.up.rows") rows)"
done

# -q: no warnings at all
errs /dev/null "$PERF" report --stdio -q -i "$TMPD/late.data" >"$TMPD/q.err"
[ ! -s "$TMPD/q.err" ]
ok $? "-q: no warning"

# script warns the same way
errs /dev/null "$UPERF" script -i "$TMPD/late.data" >"$TMPD/script.up.err"
errs /dev/null "$PERF" script -i "$TMPD/late.data" >"$TMPD/script.our.err"
ooo_warning <"$TMPD/script.up.err" >"$TMPD/script.up.ooo"
ooo_warning <"$TMPD/script.our.err" >"$TMPD/script.our.ooo"
[ -s "$TMPD/script.up.ooo" ]
ok $? "upstream script warns"
is_same_file "$TMPD/script.our.ooo" "$TMPD/script.up.ooo" "our script warns as upstream's"

# the ASan build on the late files
for f in late late-g; do
	"$PERF_ASAN" report --stdio -i "$TMPD/$f.data" >/dev/null 2>"$TMPD/asan.err"
	ok $? "$f: ASan+UBSan build reads it cleanly"
	grep -v -e '^Warning:$' -e 'out of order events recorded' "$TMPD/asan.err" | head -5 |
		sed 's/^/#   /'
done

done_testing
