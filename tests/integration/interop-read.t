#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Files written by upstream perf (/usr/bin/perf record, tests/fixtures) in
# every mode the foundation issue names are read by our perf: report -D
# parses every record, its KSYMBOL/BPF_EVENT/LOST lines and record counts
# equal upstream's, the whole dump (with the " ... thread:" and
# " ...... dso:" lines from our machine state) equals upstream's, and
# --header-only prints the same bpf_prog_info/btf lines.
. "$(dirname "$0")/lib.sh"
need_upstream

# Scenarios (make-fixtures): the original set, and churn (programs loaded
# and unloaded while recording), losses (-m 1), -z, --per-thread and
# tracepoints
files="system-wide per-thread callgraph bpf-btf bpf-nobtf no-bpf-event preloaded pipe
	churn lost z per-thread-flag tracepoints"
for f in $files; do
	need_fixtures "up-$f.data"
done

# aggregated stats block only: per-event blocks depend on event names
agg_stats() {
	sed -n '/^Aggregated stats:/,/stats:$/p' | grep ' events:'
}

for f in $files; do
	file=$(fixture "up-$f.data")
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
grep -q 'PERF_RECORD_KSYMBOL.*flags 0x1 name ' "$TMPD/churn.our.dump"
ok $? "churn: programs unregistered while recording (KSYMBOL flags 0x1)"
grep -q 'PERF_RECORD_LOST' "$TMPD/lost.our.dump"
ok $? "lost: the kernel dropped records (LOST)"
grep -q 'COMPRESSED events: *[1-9]' "$TMPD/z.our.stats"
ok $? "z: the records came in COMPRESSED records"

done_testing
