#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's -t/--field-separator and --tasks (issue 20), against
# upstream's output on the fixtures, line for line (the "# (Tip: ...)" line aside):
# flat and -g files, children and self, a pipe file, the left columns
# (-n, --show-total-period) and the sort keys.
#
# Upstream quirks we copy: a separator's first character in a column's
# text (its padding too) becomes '.'; upstream's buffer for a row has
# room for the columns with two spaces between them (and 3 more), so a
# longer separator cuts a long row's end (-t a.b, -t ' : ').
#
# Upstream quirks we do not copy, named:
# - upstream cuts the command column of a task renamed late ("perf-ex");
#   comm-cut-sep.pl normalizes exactly that, as norm_comm_cut does
#   without -t;
# - `-t .` upstream says "'.' is the only non valid --field-separator
#   argument", prints no report and exits 0; ours says the same and
#   exits 1 (refused()).
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-lost.data up-per-thread.data up-callgraph.data up-system-wide.data up-tracepoints.data \
	up-pipe.data up-callgraph-per-thread.data up-churn.data up-late.data our-system-wide.data \
	our-pipe.data

compare_sep() {	# FIXTURE SEP OPTIONS...
	local f=$1 sep=$2; shift 2
	up_perf report -i "$(fixture "$f")" --stdio -t "$sep" "$@" 2>&1 |
		grep -v '^# (Tip: ' >"$TMPD/up"
	our_perf report --no-bpf-prog-info -i "$(fixture "$f")" --stdio -t "$sep" "$@" 2>&1 |
		grep -v '^# (Tip: ' >"$TMPD/our.raw"
	perl "$TOPDIR/tests/integration/comm-cut-sep.pl" "$sep" "$TMPD/up" "$TMPD/our.raw" \
		>"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" \
		"$f: report -t '$sep' $* equals upstream's ($(grep -c '%' "$TMPD/up") rows)"
}

for f in up-per-thread.data up-callgraph.data up-system-wide.data up-tracepoints.data \
	 up-pipe.data up-callgraph-per-thread.data; do
	compare_sep $f ,
	compare_sep $f '|' -n --show-total-period
	compare_sep $f ';;' --no-children -s pid,sym
	compare_sep $f , -s sym
	compare_sep $f ' : ' -s dso,comm
done
compare_sep up-per-thread.data ' : ' -s dso,comm -q
compare_sep up-callgraph.data , -g caller
compare_sep up-callgraph.data , -g none --no-children -s sym,dso
# a separator's first character in the text becomes '.'
for f in up-per-thread.data up-callgraph.data up-system-wide.data up-tracepoints.data \
	 up-pipe.data; do
	compare_sep $f a.b
done
compare_sep up-per-thread.data ''

# --tasks: the task tree instead of the histogram (standard output only:
# neither prints the out-of-order warning then)
for f in up-per-thread.data up-callgraph.data up-system-wide.data up-tracepoints.data \
	 up-pipe.data up-callgraph-per-thread.data up-churn.data up-late.data our-system-wide.data \
	 our-pipe.data; do
	compare_tasks --tasks $f
done

# a file whose side-band was lost: tasks only samples name are not listed
# (upstream's quirk kept apart: it does not list 7158 either, a task
# known only from its MMAP2 records, which we do)
up_perf report -i "$(fixture up-lost.data)" --stdio --tasks 2>/dev/null >"$TMPD/up"
our_perf report --no-bpf-prog-info -i "$(fixture up-lost.data)" --stdio --tasks 2>/dev/null |
	grep -v '^ *7158  *7158  *-1 |:7158$' >"$TMPD/our"
is_same_file "$TMPD/our" "$TMPD/up" \
	"up-lost.data: report --tasks equals upstream's but for the MMAP2-only task 7158"

refused "'.' is the only non valid --field-separator argument" "report -t ." \
	our_perf report -i "$(fixture up-per-thread.data)" --stdio -t .
done_testing
