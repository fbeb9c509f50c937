#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Records that come after their round was flushed.  The fixtures
# up-rounds{,-g}.data were recorded by /usr/bin/perf with small buffers
# (many rounds; tasks forked and exec'd while it ran) and up-late{,-g}.data
# are their copies with one round moved behind the two after it
# (late-round.pl: the round of a FORK whose task is named in the rounds
# after it).  Our report and script warn as upstream's do ("Warning:"
# then "N out of order events recorded."), with the same N; the warning
# goes with -q, as upstream's; and no sample is lost or counted twice:
# our whole report equals upstream's (a task's samples from before the
# late FORK under the name it took, as upstream names them), its totals
# those of the file as recorded.  The same with -g in children mode.
#
# Upstream quirk normalized by name: its cut command column (comm-cut.pl).
. "$(dirname "$0")/lib.sh"
need_upstream
command -v perl >/dev/null || skip_all "no perl"
need_fixtures up-rounds.data up-rounds-g.data up-late.data up-late-g.data

LATE=$(dirname "$0")/late-round.pl

# late-round.pl still makes the copies the fixtures hold
for g in "" -g; do
	perl "$LATE" "$(fixture up-rounds$g.data)" "$TMPD/late$g.data" >"$TMPD/moved" 2>&1
	ok $? "late-round.pl moves a round of up-rounds$g.data ($(cat "$TMPD/moved"))"
	cmp -s "$TMPD/late$g.data" "$(fixture up-late$g.data)"
	ok $? "  into the copy up-late$g.data holds"
done
[ "$(awk '{ print $1 }' "$TMPD/moved")" -gt 0 ] 2>/dev/null
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
for f in up-rounds up-rounds-g; do
	errs /dev/null up_perf report --stdio -i "$(fixture $f.data)" >"$TMPD/$f.up.err"
	errs /dev/null our_perf report --stdio -i "$(fixture $f.data)" >"$TMPD/$f.our.err"
	! grep -q 'out of order' "$TMPD/$f.up.err" "$TMPD/$f.our.err"
	ok $? "$f: as recorded, no out-of-order warning"
done

for f in up-late up-late-g; do
	opts=()
	[ $f = up-late-g ] && opts=(-g none)
	errs "$TMPD/$f.up" up_perf report --stdio -n "${opts[@]}" -i "$(fixture $f.data)" \
		>"$TMPD/$f.up.err"
	errs "$TMPD/$f.our" our_perf report --stdio -n "${opts[@]}" -i "$(fixture $f.data)" \
		>"$TMPD/$f.our.err"
	ooo_warning <"$TMPD/$f.up.err" >"$TMPD/$f.up.ooo"
	ooo_warning <"$TMPD/$f.our.err" >"$TMPD/$f.our.ooo"
	grep -q -x '[1-9][0-9]* out of order events recorded\.' "$TMPD/$f.up.ooo"
	ok $? "$f: upstream warns ($(tail -1 "$TMPD/$f.up.ooo"))"
	is_same_file "$TMPD/$f.our.ooo" "$TMPD/$f.up.ooo" "$f: our report warns as upstream's"

	# the totals: upstream's, and those of the file as recorded
	src=${f/late/rounds}
	our_perf report --stdio -n "${opts[@]}" -i "$(fixture $src.data)" 2>/dev/null \
		>"$TMPD/$src.our"
	grep -E '^# (Samples|Event count)' "$TMPD/$f.up" >"$TMPD/$f.up.tot"
	grep -E '^# (Samples|Event count)' "$TMPD/$f.our" >"$TMPD/$f.our.tot"
	grep -E '^# (Samples|Event count)' "$TMPD/$src.our" >"$TMPD/$src.our.tot"
	[ -s "$TMPD/$f.up.tot" ]
	ok $? "$f: upstream prints totals"
	is_same_file "$TMPD/$f.our.tot" "$TMPD/$f.up.tot" "$f: totals equal upstream's"
	is_same_file "$TMPD/$f.our.tot" "$TMPD/$src.our.tot" "$f: totals equal the file's as recorded"

	# every row with its samples, and the column headers: the whole report
	grep -v '^# (Tip:' "$TMPD/$f.up" >"$TMPD/$f.up.all"
	norm_comm_cut "$TMPD/$f.up.all" "$TMPD/$f.our" | grep -v '^# (Tip:' >"$TMPD/$f.our.all"
	is_same_file "$TMPD/$f.our.all" "$TMPD/$f.up.all" \
		"$f: the report equals upstream's ($(grep -c '%' "$TMPD/$f.up.all") rows)"
done

# the graphs of the late -g file, children and --no-children
for opt in --children --no-children; do
	up_perf report --stdio $opt -i "$(fixture up-late-g.data)" 2>/dev/null |
		grep -v '^# (Tip:' >"$TMPD/graph.up"
	our_perf report --stdio $opt -i "$(fixture up-late-g.data)" 2>/dev/null |
		grep -v '^# (Tip:' >"$TMPD/graph.our"
	norm_comm_cut "$TMPD/graph.up" "$TMPD/graph.our" >"$TMPD/graph.norm"
	is_same_file "$TMPD/graph.norm" "$TMPD/graph.up" \
		"up-late-g $opt: graphs equal upstream's ($(wc -l <"$TMPD/graph.up") lines)"
done

# -q: no warnings at all
errs /dev/null our_perf report --stdio -q -i "$(fixture up-late.data)" >"$TMPD/q.err"
[ ! -s "$TMPD/q.err" ]
ok $? "-q: no warning"

# script warns the same way, and prints the same lines
errs "$TMPD/script.up" up_perf script -i "$(fixture up-late.data)" >"$TMPD/script.up.err"
errs "$TMPD/script.our" our_perf script -i "$(fixture up-late.data)" >"$TMPD/script.our.err"
ooo_warning <"$TMPD/script.up.err" >"$TMPD/script.up.ooo"
ooo_warning <"$TMPD/script.our.err" >"$TMPD/script.our.ooo"
[ -s "$TMPD/script.up.ooo" ]
ok $? "upstream script warns"
is_same_file "$TMPD/script.our.ooo" "$TMPD/script.up.ooo" "our script warns as upstream's"
is_same_file "$TMPD/script.our" "$TMPD/script.up" "our script lines equal upstream's"

# the ASan build on the late files
for f in up-late up-late-g; do
	"$PERF_ASAN" report --kallsyms "$KALLSYMS" --stdio -i "$(fixture $f.data)" \
		>/dev/null 2>"$TMPD/asan.err"
	ok $? "$f: ASan+UBSan build reads it cleanly"
	grep -v -e '^Warning:$' -e 'out of order events recorded' "$TMPD/asan.err" | head -5 |
		sed 's/^/#   /'
done

done_testing
