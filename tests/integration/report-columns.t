#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's extra columns (--show-total-period, with -n) and the rows
# and frames -U (--hide-unresolved) leaves out (issue 20),
# against upstream's on the fixtures, line for line (the "# (Tip: ...)"
# line aside), flat and with call graphs, children and self.  Upstream's
# cut command column is normalized (norm_comm_cut, lib.sh) where a
# fixture replays it (system-wide, tracepoints).
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-per-thread.data up-callgraph.data up-system-wide.data up-tracepoints.data \
	up-late.data up-rounds.data up-late-g.data up-callgraph-per-thread.data

compare() {	# FIXTURE OPTIONS...
	local f=$1; shift
	up_perf report -i "$(fixture "$f")" --stdio "$@" 2>&1 | grep -v '^# (Tip: ' >"$TMPD/up"
	our_perf report --no-bpf-prog-info -i "$(fixture "$f")" --stdio "$@" 2>&1 |
		grep -v '^# (Tip: ' >"$TMPD/our.raw"
	norm_comm_cut "$TMPD/up" "$TMPD/our.raw" >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: report $* equals upstream's ($(grep -c '%' "$TMPD/up") rows)"
}

for f in up-per-thread.data up-callgraph.data up-system-wide.data up-tracepoints.data; do
	compare $f --show-total-period
	compare $f --show-total-period -n
	compare $f --show-total-period --no-children -s pid,sym
done
compare up-callgraph.data --show-total-period -g none
# -U: samples of no symbol count nowhere, chains lose their frames of none
for f in up-late.data up-rounds.data up-late-g.data up-callgraph.data \
	 up-callgraph-per-thread.data; do
	compare $f -U
	compare $f --hide-unresolved --no-children -s dso,sym -n
done
compare up-late-g.data -U -g caller
done_testing
