#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Files written by upstream perf (/usr/bin/perf record) in every mode the
# foundation issue names are read by our perf: report -D parses every
# record, its KSYMBOL/BPF_EVENT/LOST lines and record counts equal
# upstream's, the whole dump (with the " ... thread:" and " ...... dso:" lines
# from our machine state) equals upstream's, and --header-only prints the
# same bpf_prog_info/btf lines.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

BPFLOAD=$WORKLOADS/bpfload

# Scenarios: name and the record arguments.
record_all() {
	upstream_record "$TMPD/system-wide.data" -a -- sleep 0.3 &&
	upstream_record "$TMPD/per-thread.data" -- "$BPFLOAD" --hot 0.5 &&
	upstream_record "$TMPD/callgraph.data" -g -a -- "$BPFLOAD" --hot 0.5 &&
	upstream_record "$TMPD/bpf-btf.data" -a -- "$BPFLOAD" -n 2 --hot 0.5 &&
	upstream_record "$TMPD/bpf-nobtf.data" -a -- "$BPFLOAD" --no-btf --hot 0.5 &&
	upstream_record "$TMPD/no-bpf-event.data" --no-bpf-event -a -- "$BPFLOAD" --hot 0.3 &&
	record_preloaded "$TMPD/preloaded.data" &&
	"$UPERF" record -q -a -o - -- "$BPFLOAD" --hot 0.3 >"$TMPD/pipe.data" 2>"$TMPD/pipe.log"
}

# Programs loaded before recording starts, run hot while it records.
record_preloaded() {
	local ready=$TMPD/ready pid
	"$BPFLOAD" -n 1 --wait-signal --ready-file "$ready" --hot 0.5 \
		>"$TMPD/preloaded.progs" 2>&1 &
	pid=$!
	for _ in $(seq 100); do [ -e "$ready" ] && break; sleep 0.05; done
	upstream_record "$1" -a -- sh -c "kill -USR1 $pid; while kill -0 $pid 2>/dev/null; do sleep 0.05; done"
	wait "$pid"
}

if ! record_all; then
	echo "1..1"
	echo "not ok 1 - /usr/bin/perf record failed"
	sed 's/^/# /' "$TMPD/record.log" "$TMPD/pipe.log" 2>/dev/null | head -20
	exit 1
fi

# aggregated stats block only: per-event blocks depend on event names
agg_stats() {
	sed -n '/^Aggregated stats:/,/stats:$/p' | grep ' events:'
}

for f in system-wide per-thread callgraph bpf-btf bpf-nobtf no-bpf-event preloaded pipe; do
	file=$TMPD/$f.data
	"$UPERF" report -D -i "$file" >"$TMPD/$f.up.dump" 2>/dev/null
	"$PERF" report -D -i "$file" >"$TMPD/$f.our.dump" 2>"$TMPD/$f.our.err"
	ok $? "$f: report -D reads every record"
	sed 's/^/# /' "$TMPD/$f.our.err" | head -5

	dump_feature_lines <"$TMPD/$f.up.dump" >"$TMPD/$f.up.lines"
	dump_feature_lines <"$TMPD/$f.our.dump" >"$TMPD/$f.our.lines"
	is_same_file "$TMPD/$f.our.lines" "$TMPD/$f.up.lines" \
		"$f: KSYMBOL/BPF_EVENT/LOST lines equal upstream's ($(wc -l <"$TMPD/$f.up.lines") lines)"

	# the whole dump, with the thread/dso lines our machine state gives
	# (upstream names the [vdso] after the temporary file it copies it to
	# when it reads a pipe: /tmp/perf-vdso.so-XXXXXX)
	sed -i 's|^ \.\.\.\.\.\. dso: /tmp/perf-vdso\.so-[A-Za-z0-9]*$| ...... dso: [vdso]|' \
		"$TMPD/$f.up.dump"
	is_same_file "$TMPD/$f.our.dump" "$TMPD/$f.up.dump" \
		"$f: whole -D equals upstream's, thread and dso lines included ($(wc -l <"$TMPD/$f.up.dump") lines)"
	[ "$(grep -c '^ \.\.\. thread: ' "$TMPD/$f.our.dump")" = \
	  "$(grep -c 'PERF_RECORD_SAMPLE(' "$TMPD/$f.our.dump")" ]
	ok $? "$f: every sample has its thread line"

	agg_stats <"$TMPD/$f.up.dump" >"$TMPD/$f.up.stats"
	agg_stats <"$TMPD/$f.our.dump" >"$TMPD/$f.our.stats"
	[ -s "$TMPD/$f.up.stats" ]
	ok $? "$f: upstream printed record counts"
	is_same_file "$TMPD/$f.our.stats" "$TMPD/$f.up.stats" "$f: per-type record counts equal upstream's"

	"$UPERF" report --header-only -i "$file" 2>/dev/null |
		grep -E '^# (bpf_prog_info|	sub_prog|btf info)' >"$TMPD/$f.up.hdr"
	"$PERF" report --header-only -i "$file" 2>"$TMPD/$f.our.hdr.err" |
		grep -E '^# (bpf_prog_info|	sub_prog|btf info)' >"$TMPD/$f.our.hdr"
	is_same_file "$TMPD/$f.our.hdr" "$TMPD/$f.up.hdr" \
		"$f: --header-only bpf_prog_info/btf lines equal upstream's ($(wc -l <"$TMPD/$f.up.hdr") lines)"
done

# The scenarios really contain what they are named for.
grep -q 'PERF_RECORD_KSYMBOL.*_hot_sub2_inner' "$TMPD/bpf-btf.our.dump"
ok $? "bpf-btf: subprogram KSYMBOL with its BTF name"
grep -q 'PERF_RECORD_KSYMBOL.*name bpf_prog_[0-9a-f]*_F$' "$TMPD/bpf-nobtf.our.dump"
ok $? "bpf-nobtf: subprogram KSYMBOL named _F"
! grep -q 'PERF_RECORD_BPF_EVENT' "$TMPD/no-bpf-event.our.dump" &&
	grep -q 'PERF_RECORD_KSYMBOL' "$TMPD/no-bpf-event.our.dump"
ok $? "no-bpf-event: KSYMBOL kept, no BPF_EVENT"
grep -q '^\.\.\. FP chain: nr:[1-9]' "$TMPD/callgraph.our.dump" &&
	grep -q '^\.\.\.\.\. *[0-9]*: [0-9a-f]\{16\}$' "$TMPD/callgraph.our.dump"
ok $? "callgraph: samples print their callchain"
[ "$(grep -c '_hot_prog_0' "$TMPD/preloaded.our.hdr")" -ge 1 ]
ok $? "preloaded: programs loaded before recording are in the header"

done_testing
