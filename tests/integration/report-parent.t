#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's -p/--parent REGEX (the "Parent symbol" key: each sample's
# first chain frame whose symbol matches, from the outermost caller in
# caller order, "[other]" if none), --sort parent (upstream's default
# regex) and -x/--exclude-other (only the samples with a parent; without
# a parent key, none) against upstream's on the -g fixtures, line for
# line (its "# (Tip: ...)" line aside); and its refusals: a bad regex,
# a file without call chains.
#
# Known difference kept out: with -x in children mode and graphs, rows
# of equal share can come in another order than upstream's (as with the
# thread filters, report-filters.t); those comparisons use -g none or
# --no-children.  A pipe's rows go through norm_comm_cut (lib.sh).
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-callgraph-per-thread.data up-rounds-g.data \
	up-system-wide.data up-pipe.data

compare_pipe() {	# FIXTURE OPTIONS...: read from stdin
	local f=$1; shift
	report_stdio up - "$@" <"$(fixture "$f")" >"$TMPD/up"
	report_stdio our - "$@" <"$(fixture "$f")" >"$TMPD/our.raw"
	norm_comm_cut "$TMPD/up" "$TMPD/our.raw" >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f from a pipe: report $* equals upstream's"
}

# as_upstream FIXTURE OPTIONS...: upstream says why (after its "Error:"
# line) and prints no report; ours says that line alone, exit 1
as_upstream() {
	local f=$1 line; shift
	line=$(report_stdio up "$(fixture "$f")" "$@" | grep -v -e '^Error:$' -e '^#' | head -1)
	[ -n "$line" ]
	ok $? "report $*: upstream refuses ($line)"
	refused "$line" "report $*" "$PERF" report -i "$(fixture "$f")" --stdio "$@"
}

# rows with a parent column, each mode of the graphs
compare_report up-callgraph.data -p bpf_prog -g none --no-children
compare_report up-callgraph.data -p bpf_prog -g none
compare_report up-callgraph.data -p bpf_prog
compare_report up-callgraph.data -p bpf_prog --no-children
compare_report up-callgraph.data -p bpf -s sym
compare_report up-callgraph.data -p bpf_prog -n --show-total-period -g none --no-children -t ,
compare_report up-callgraph.data -p bpf_prog -U -g none --no-children
compare_report up-callgraph.data -p bpf_prog --max-stack 3 -g none --no-children
compare_report up-callgraph-per-thread.data -p '^__x64_sys' -g caller --no-children
compare_report up-callgraph-per-thread.data -p 'vsnprintf|number' -g callee
# --sort parent: upstream's regex, the key where it is put
compare_report up-callgraph.data -s parent,sym -g none
compare_report up-rounds-g.data -s parent -g none --no-children
compare_report up-rounds-g.data -p '^(do_|__do_)' -g none --no-children
# -x: the others filtered out (they count toward the total)
compare_report up-callgraph.data -p bpf_prog -x -g none --no-children
compare_report up-callgraph.data -p bpf_prog -x -g none
compare_report up-callgraph-per-thread.data -p 'sys_bpf$' -x --no-children
compare_report up-callgraph-per-thread.data -p 'vsnprintf|number' -x --percentage relative --no-children
compare_report up-callgraph.data -x -s sym -g none --no-children
# a pipe's samples here have no chain: every row [other]
compare_pipe up-pipe.data -p bpf_prog -g none --no-children
compare_pipe up-pipe.data -p bpf_prog -x
compare_pipe up-pipe.data -s parent

as_upstream up-callgraph.data -p '('
as_upstream up-system-wide.data -p bpf
as_upstream up-system-wide.data -s parent,sym
done_testing
