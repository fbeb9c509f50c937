#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report's and perf script's -C/--cpu (issue 20) against upstream's
# on the fixtures: upstream's list syntax (C numbers, ranges, where its
# reading stops), the samples of those CPUs only (the others count
# nowhere, unlike the task filters'), and its refusals: a file whose
# samples have no CPU, no list, a CPU of the header's NRCPUS or more, and
# a pipe, whose NRCPUS comes after the check.  Upstream says these and
# exits 0 (report) or 255 (script); ours says upstream's first line and
# exits 1.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-bpf-btf.data up-system-wide.data up-callgraph.data up-tracepoints.data \
	up-per-thread.data up-pipe.data

report() {	# up|our FILE OPTIONS...
	local who=$1 file=$2; shift 2
	if [ "$who" = up ]; then
		up_perf report -i "$file" --stdio "$@"
	else
		our_perf report --no-bpf-prog-info -i "$file" --stdio "$@"
	fi
}

script() {	# up|our FILE OPTIONS...
	local who=$1 file=$2; shift 2
	if [ "$who" = up ]; then
		up_perf script -i "$file" "$@"
	else
		our_perf script --no-bpf-prog-info -i "$file" "$@"
	fi
}

compare() {	# report|script FIXTURE OPTIONS...: stdout and stderr apart
	local c=$1 f=$2; shift 2
	$c up "$(fixture "$f")" "$@" 2>"$TMPD/up.err" | grep -v '^# (Tip: ' >"$TMPD/up"
	$c our "$(fixture "$f")" "$@" 2>"$TMPD/our.err" | grep -v '^# (Tip: ' >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: $c $* equals upstream's ($(wc -l <"$TMPD/up") lines)"
	is_same_file "$TMPD/our.err" "$TMPD/up.err" "$f: $c $*: the same on stderr"
}

# as_upstream report|script FIXTURE|- OPTIONS...: upstream refuses with a
# line first on its stderr; ours with that line alone, exit 1
as_upstream() {
	local c=$1 f=$2 in=/dev/null line; shift 2
	[ "$f" = - ] && in=$(fixture up-pipe.data) || f=$(fixture "$f")
	line=$($c up "$f" "$@" <"$in" 2>&1 >/dev/null | head -1)
	[ -n "$line" ]
	ok $? "$c $*: upstream refuses ($line)"
	refused "$line" "$c $*" $c our "$f" "$@" <"$in"
}

for c in report script; do
	compare $c up-bpf-btf.data --cpu 0
	compare $c up-bpf-btf.data -C 1
	compare $c up-bpf-btf.data -C 0-1
	# C notation, the end of a list, an empty range end
	compare $c up-bpf-btf.data -C 0x1
	compare $c up-bpf-btf.data -C 01,0
	compare $c up-bpf-btf.data -C 0,,1
	compare $c up-bpf-btf.data -C 1,x
	compare $c up-bpf-btf.data -C 0-
	compare $c up-tracepoints.data -C 1
	compare $c up-callgraph.data -C 1 --tid 0

	as_upstream $c up-per-thread.data -C 0
	as_upstream $c up-per-thread.data -C x
	for l in x 1-0 0,0 0-1,1 -1 1x 2 5,3 1-3; do
		as_upstream $c up-bpf-btf.data -C "$l"
	done
	as_upstream $c - -C 0
done
compare report up-callgraph.data -C 1 --no-children
compare report up-bpf-btf.data -C 1 -s cpu,comm,dso
compare report up-bpf-btf.data -C 0 --percentage relative --comms bpfload
compare script up-bpf-btf.data -C 1 --reltime -F cpu,time,ip
# no CPU: no sample; script prints nothing, report says so
compare report up-system-wide.data -C 1
compare report up-bpf-btf.data -C ''
compare script up-bpf-btf.data -C ''
done_testing
