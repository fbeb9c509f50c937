#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --stdio against upstream on the same files: for files
# recorded by /usr/bin/perf record (and by our record once it exists) in
# every mode issue 5 names, the rows of our `report --stdio -n -q` (comm,
# dso, sym -> samples and overhead) are the rows upstream prints, as a
# multiset.
#
# Known upstream bug, kept apart: where no KSYMBOL covers a BPF address but
# the header's bpf_prog_info does, upstream prints "[unknown] [k] 0x..."
# and we name the program.  The comparison runs with --no-bpf-prog-info
# (upstream's behaviour); a second check shows every row that differs
# without it is such an [unknown] kernel row of upstream's.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

BPFLOAD=$WORKLOADS/bpfload

record_preloaded() {	# recorder file: programs loaded before recording starts
	local rec=$1 out=$2 ready=$TMPD/ready.$RANDOM pid
	"$BPFLOAD" -n 1 --wait-signal --ready-file "$ready" --hot 0.5 >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 100); do [ -e "$ready" ] && break; sleep 0.05; done
	$rec "$out" -a -- sh -c "kill -USR1 $pid; while kill -0 $pid 2>/dev/null; do sleep 0.05; done"
	wait "$pid"
}

record_set() {	# recorder prefix
	local rec=$1 p=$2
	$rec "$TMPD/$p-system-wide.data" -a -- sleep 0.3 &&
	$rec "$TMPD/$p-per-thread.data" -- "$BPFLOAD" --hot 0.5 &&
	$rec "$TMPD/$p-bpf-btf.data" -a -- "$BPFLOAD" -n 2 --hot 0.5 &&
	$rec "$TMPD/$p-bpf-nobtf.data" -a -- "$BPFLOAD" --no-btf --hot 0.5 &&
	$rec "$TMPD/$p-no-bpf-event.data" --no-bpf-event -a -- "$BPFLOAD" --hot 0.3 &&
	$rec "$TMPD/$p-churn.data" -a -- "$BPFLOAD" --churn 2000 --duration 0.5 &&
	$rec "$TMPD/$p-callgraph.data" -g -a -- "$BPFLOAD" --hot 0.3 &&
	record_preloaded "$rec" "$TMPD/$p-preloaded.data"
}

upstream_rec() { local o=$1; shift; upstream_record "$o" "$@"; }
our_rec() { local o=$1; shift; "$PERF" record -q -o "$o" "$@" >"$TMPD/our-record.log" 2>&1; }

sets=up
record_set upstream_rec up || { plan 1; ok 1 "/usr/bin/perf record"; exit 1; }
"$UPERF" record -q -a -o - -- "$BPFLOAD" --hot 0.3 >"$TMPD/up-pipe.data" 2>/dev/null
if "$PERF" 2>&1 | grep -qw record; then
	if record_set our_rec our; then
		sets="up our"
	else
		diag "our perf record failed: $(tail -1 "$TMPD/our-record.log")"
	fi
fi

rows() {	# perf file [options]: the rows, sorted; our errors in $TMPD/rows.err
	local perf=$1 file=$2; shift 2
	"$perf" report --stdio -n -q "$@" -i "$file" 2>"$TMPD/rows.err" | grep -v '^$' |
		LC_ALL=C sort
}

for p in $sets; do
	for f in "$TMPD/$p"-*.data; do
		name=$(basename "$f" .data)
		extra=()
		# callchain files: compare the flat profile
		case $name in *callgraph*) extra=(--no-children -g none) ;; esac
		rows "$UPERF" "$f" "${extra[@]}" >"$TMPD/$name.up"
		rows "$PERF" "$f" --no-bpf-prog-info "${extra[@]}" >"$TMPD/$name.our"
		[ -s "$TMPD/$name.up" ]
		ok $? "$name: upstream printed rows"
		is_same_file "$TMPD/$name.our" "$TMPD/$name.up" \
			"$name: rows equal upstream's ($(wc -l <"$TMPD/$name.up") rows)"
		sed 's/^/#   /' "$TMPD/rows.err" | head -2

		# with the header's names: only upstream's [unknown] kernel rows may differ
		rows "$PERF" "$f" "${extra[@]}" >"$TMPD/$name.fb"
		# widths may change with the names: compare single-spaced rows
		# (the named samples join their program's row, changing its count)
		diff <(tr -s ' ' <"$TMPD/$name.up") <(tr -s ' ' <"$TMPD/$name.fb") | grep '^<' |
			grep -v -E '\[unknown\] +\[k\] 0x|\[k\] bpf_prog_' >"$TMPD/$name.fbdiff"
		[ ! -s "$TMPD/$name.fbdiff" ]
		ok $? "$name: bpf_prog_info names replace only upstream's [unknown] rows"
		head -3 "$TMPD/$name.fbdiff" | sed 's/^/#   /'
	done
done

# children mode (-g none: the Children/Self rows without the graphs).  The
# rows of frames that frame-pointer unwinding got wrong (garbage addresses
# in a user chain) are attributed slightly differently by upstream; all
# real frames must agree, so at most 1% of the rows may differ.
for p in $sets; do
	f=$TMPD/$p-callgraph.data
	rows "$UPERF" "$f" -g none >"$TMPD/$p-children.up"
	rows "$PERF" "$f" --no-bpf-prog-info -g none >"$TMPD/$p-children.our"
	n=$(wc -l <"$TMPD/$p-children.up")
	d=$(diff "$TMPD/$p-children.up" "$TMPD/$p-children.our" | grep -c '^<')
	[ "$n" -gt 0 ] && [ $((d * 100)) -le "$n" ]
	ok $? "$p-callgraph: children rows equal upstream's but $d of $n"
	grep -q '^ *[0-9.]*%  *[0-9.]*%  *[0-9]*  bpfload ' "$TMPD/$p-children.our"
	ok $? "$p-callgraph: Children and Self columns"
done

# the call graphs: --no-children (callee graphs under each entry) and
# children mode (caller graphs) equal upstream's output line for line (ties
# of entries in upstream's order too)
blocks() {	# entry lines with their graphs, one block each, sorted
	awk '/^ +[0-9.]+%  +[0-9.]+%/ { if (b != "") print b; b = $0; next }
	     /^#/ || /^$/ { next }
	     b != "" { b = b "\\n" $0 }
	     END { if (b != "") print b }' | LC_ALL=C sort
}
mostly_same() {	# up our per-mille what: at most that many differing lines
	local n d
	n=$(wc -l <"$1")
	d=$(diff "$1" "$2" | grep -c '^<')
	[ "$n" -gt 0 ] && [ $((d * 1000)) -le $((n * $3)) ]
	ok $? "$4 but $d of $n"
	diff "$1" "$2" | head -6 | sed 's/^/#   /'
}
for p in $sets; do
	f=$TMPD/$p-callgraph.data
	"$UPERF" report --stdio --no-children -i "$f" 2>/dev/null | grep -v '^# (Tip' >"$TMPD/$p-graph-self.up"
	"$PERF" report --stdio --no-children --no-bpf-prog-info -i "$f" 2>/dev/null |
		grep -v '^# (Tip' >"$TMPD/$p-graph-self.our"
	# (a sample or two with a chain upstream walks differently may split a
	# run: at most 2% of the lines)
	mostly_same "$TMPD/$p-graph-self.up" "$TMPD/$p-graph-self.our" 20 \
		"$p-callgraph: --no-children graphs equal upstream's line for line"
	"$UPERF" report --stdio -i "$f" 2>/dev/null | grep -v '^# (Tip' >"$TMPD/$p-graph-all.up"
	"$PERF" report --stdio --no-bpf-prog-info -i "$f" 2>/dev/null |
		grep -v '^# (Tip' >"$TMPD/$p-graph-all.our"
	mostly_same "$TMPD/$p-graph-all.up" "$TMPD/$p-graph-all.our" 20 \
		"$p-callgraph: children graphs equal upstream's line for line"
	# the BPF programs' own entries, with their whole caller graphs, must
	# be equal (entry by entry: a tie of two callees' shares, ordered by
	# chance in a shared subtree, changes every entry whose graph holds it,
	# so the line count above is the bound for the others)
	blocks <"$TMPD/$p-graph-all.up" >"$TMPD/$p-graph.up"
	blocks <"$TMPD/$p-graph-all.our" >"$TMPD/$p-graph.our"
	grep -E '^[^\\]*bpf_prog_' "$TMPD/$p-graph.up" >"$TMPD/$p-graph-bpf.up"
	grep -E '^[^\\]*bpf_prog_' "$TMPD/$p-graph.our" >"$TMPD/$p-graph-bpf.our"
	[ -s "$TMPD/$p-graph-bpf.up" ]
	ok $? "$p-callgraph: upstream has BPF program entries ($(wc -l <"$TMPD/$p-graph-bpf.up"))"
	is_same_file "$TMPD/$p-graph-bpf.our" "$TMPD/$p-graph-bpf.up" \
		"$p-callgraph: the BPF programs' entries and caller graphs equal upstream's"
	grep -q '^ *[0-9.]*%  *[0-9.]*%  *bpfload .*entry_SYSCALL.*--bpf_prog_[0-9a-f]*_hot_sub2_outer' \
		"$TMPD/$p-graph.our"
	ok $? "$p-callgraph: a syscall entry's graph reaches the BPF subprograms by name"
done

# the scenarios hold what they are named for: BPF programs by name on top
grep -q 'bpf_prog_[0-9a-f]*_hot_sub2_inner  *\[k\] bpf_prog_[0-9a-f]*_hot_sub2_inner' \
	"$TMPD/up-bpf-btf.our"
ok $? "bpf-btf: a subprogram is its own row by its BTF name"
grep -q 'bpf_prog_[0-9a-f]*_F  *\[k\] bpf_prog_[0-9a-f]*_F$' "$TMPD/up-bpf-nobtf.our"
ok $? "bpf-nobtf: subprograms named _F"
grep -q '_hot_prog_0' "$TMPD/up-preloaded.our"
ok $? "preloaded: programs loaded before recording have their names"

# pipe input
# (upstream names [vdso] after its temporary copy when reading a pipe: the
# rows are compared single-spaced, that name replaced)
"$UPERF" report --stdio -n -q -i - <"$TMPD/up-pipe.data" 2>/dev/null | grep -v '^$' |
	sed 's/perf-vdso\.so-[A-Za-z0-9]*/[vdso]/' | tr -s ' ' | LC_ALL=C sort >"$TMPD/pipe.up"
"$PERF" report --stdio -n -q --no-bpf-prog-info -i - <"$TMPD/up-pipe.data" 2>/dev/null |
	grep -v '^$' | tr -s ' ' | LC_ALL=C sort >"$TMPD/pipe.our"
is_same_file "$TMPD/pipe.our" "$TMPD/pipe.up" "pipe: rows equal upstream's"

# the whole output shape (header lines and column widths) on one file
"$UPERF" report --stdio -i "$TMPD/up-bpf-btf.data" 2>/dev/null | grep -v '^# (Tip' |
	sed -n '1,/^#$/p;/^# Overhead/,/^#$/p' >"$TMPD/shape.up"
"$PERF" report --stdio -i "$TMPD/up-bpf-btf.data" 2>/dev/null | grep -v '^# (Tip' |
	sed -n '1,/^#$/p;/^# Overhead/,/^#$/p' >"$TMPD/shape.our"
is_same_file "$TMPD/shape.our" "$TMPD/shape.up" "header and column header lines equal upstream's"

# the ASan build on the richest file
"$PERF_ASAN" report --stdio -i "$TMPD/up-churn.data" >/dev/null 2>"$TMPD/asan.err"
ok $? "ASan+UBSan build reads the churn file cleanly"
head -5 "$TMPD/asan.err" | sed 's/^/#   /'

done_testing
