#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The annotation options perf report and perf top share with perf
# annotate (issue 20; util/annotate-opts.[ch]): -M/--disassembler-style,
# --asm-raw, --source/--no-source, --prefix, --prefix-strip, --objdump.
#
# They shape the annotations of report's and top's browsers; report's
# --stdio output does not change with any of them, upstream's neither:
# compared with /usr/bin/perf report on the fixtures.  Upstream's one
# check (--prefix-strip without --prefix) is refused as upstream refuses
# it.  In report's browser, `a` on a native function with -M intel
# --no-source shows Intel syntax and no source row (AT&T and source rows
# without them); in top's (live, root), -M intel --asm-raw --no-source on
# a BPF function: Intel syntax, the bytes, no source row.
#
# Known difference, named: ours also refuses a -M word other than intel
# and att and a --prefix-strip that is not a number; upstream hands them
# to objdump, which ignores the one and reads the other as 0.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data up-bpf-btf.data up-per-thread.data

for f in up-callgraph.data up-per-thread.data; do
	for args in "-M intel" "--disassembler-style att,intel" "--asm-raw" "--source" \
		    "--no-source" "--prefix /nonexistent" "--prefix / --prefix-strip 2" \
		    "--objdump /usr/bin/objdump" "--objdump /nonexistent"; do
		# shellcheck disable=SC2086
		compare_report $f $args
		cp "$TMPD/our" "$TMPD/our.opt"
		report_stdio our "$(fixture $f)" >"$TMPD/our.plain"
		is_same_file "$TMPD/our.opt" "$TMPD/our.plain" "$f: report $args changes nothing"
	done
done
compare_report up-callgraph.data -g --no-source -M intel --asm-raw

# upstream's check, its line
F=$(fixture up-callgraph.data)
for cmd in report annotate; do
	line=$("$UPERF" $cmd --stdio -i "$F" --prefix-strip 1 2>&1 >/dev/null | tail -1)
	[ -n "$line" ] && [ "$line" = "--prefix-strip requires --prefix" ]
	ok $? "$cmd --prefix-strip without --prefix: upstream's line ($line)"
	refused "$line" "$cmd --prefix-strip without --prefix refused as upstream" \
		"$PERF" $cmd --stdio -i "$F" --prefix-strip 1
	refused "-M: unknown disassembler style 'foo'" "$cmd -M foo refused (see above)" \
		"$PERF" $cmd --stdio -i "$F" -M foo
	refused "--prefix-strip: not a number" "$cmd --prefix-strip x refused (see above)" \
		"$PERF" $cmd --stdio -i "$F" --prefix / --prefix-strip x
done

# top: the same checks before anything is opened (it needs no root for them)
refused "--prefix-strip requires --prefix" "top --prefix-strip without --prefix refused" \
	"$PERF" top --stdio --prefix-strip 1
refused "-M: unknown disassembler style 'foo'" "top -M foo refused" "$PERF" top --stdio -M foo
refused "--prefix-strip: not a number" "top --prefix-strip x refused" \
	"$PERF" top --stdio --prefix / --prefix-strip x

# every option in report's, top's and annotate's help, as upstream's
all='disassembler-style|asm-raw|source|prefix|prefix-strip|objdump'
for cmd in report top annotate; do
	opts=$all
	for who in up our; do
		perf=$PERF
		[ $who = up ] && perf=$UPERF
		"$perf" $cmd -h 2>&1 | grep -E -- "(-M, )?--($opts)( |\$)" |
			sed -E 's/^ *((-M, )?--[a-z-]+( <[^>]*>)?).*/\1/' >"$TMPD/$who.h"
	done
	is_same_file "$TMPD/our.h" "$TMPD/up.h" \
		"$cmd -h: the $(wc -l <"$TMPD/up.h") options as upstream's, in its order"
done

# report's browser: a on a native function, -M intel --no-source
if ! command -v tmux >/dev/null; then
	ok 0 "# SKIP report's browser: no tmux"
	done_testing
fi
. "$(dirname "$0")/tui-lib.sh"
export LC_ALL=C.UTF-8
DATA=$(fixture up-bpf-btf.data)
NAT=__vfscanf_internal
tui_save
# browse ARGS...: report's browser, filtered to $NAT, a; the annotation's screen in $TMPD/ann
browse() {
	keys "LC_ALL=C.UTF-8 $PERF report --kallsyms $KALLSYMS -i $DATA $*" Enter
	must_see '^Samples: ' "report $*: the browser"
	keys /
	must_see 'Filter' "/ prompts"
	keys "$NAT" Enter
	must_see "filter: $NAT" "the filter"
	keys a
	must_see "^$NAT  /[^ ]*libc\.so\.6 \[Percent: local period\]" "a on $NAT"
	settle
	pane >"$TMPD/ann"
	keys q
	must_see '^Overhead  Command' "q: the report again"
	keys q
	must_see "$PROMPT" "report $*: a prompt again"
	keys clear Enter
}
# instruction rows: "share offset" of each (source rows have no offset)
rows() { sed -n '3,49p' "$1" | sed 's/│/|/' | awk -F'|' '$2 ~ /^ *[0-9a-f]+: / || $1 ~ /[0-9]/'; }
browse
cp "$TMPD/ann" "$TMPD/att"
browse -M intel --no-source
cp "$TMPD/ann" "$TMPD/intel"
grep -qE '%[a-z]' "$TMPD/att"
ok $? "report's browser: AT&T registers by default"
! grep -qE '%[a-z]' "$TMPD/intel" && grep -qE '(qword|dword) ptr|rsp|rbp' "$TMPD/intel"
ok $? "-M intel: the browser's instructions in Intel syntax"
# the source rows name their file and line
n_att=$(sed -n '3,49p' "$TMPD/att" | grep -c 'vfscanf-internal\.c:[0-9]')
n_int=$(sed -n '3,49p' "$TMPD/intel" | grep -c 'vfscanf-internal\.c:[0-9]')
[ "$n_att" -gt 0 ] && [ "$n_int" -eq 0 ]
ok $? "--no-source: no source row in the browser ($n_att without it, $n_int with it)"
# top's browser: a on a BPF function of a workload, -M intel --asm-raw --no-source
if [ "$(id -u)" -ne 0 ] || [ ! -x "$WORKLOADS/bpfload" ]; then
	ok 0 "# SKIP top's browser: needs root and the workloads (make workloads)"
	done_testing
fi
# top_ann ARGS...: top with ARGS, bpfload's hot_sub2_inner annotated; the screen in $TMPD/top
top_ann() {
	keys "$PERF top -d 0.5 $*" Enter
	must_see '^   PerfTop: +[0-9]+ irqs/sec' "top $*: the browser"
	"$WORKLOADS/bpfload" --hot 6 >"$TMPD/bl.out" 2>&1 &
	bl=$!
	ready_or_fail $bl "$TMPD/bl.out" '^prog id=' "bpfload --hot"
	inner=$(grep -oE 'bpf_prog_[0-9a-f]{16}_hot_sub2_inner' "$TMPD/bl.out")
	must_see "$inner" "top $*: the program's row"
	keys /
	must_see 'Filter' "/ prompts"
	keys hot_sub2_inner Enter
	must_see "filter: hot_sub2_inner" "the filter"
	keys a
	must_see "^Annotate $inner" "top $*: a"
	settle
	pane >"$TMPD/top"
	kill -INT $bl 2>/dev/null
	wait $bl
	keys q
	must_see "Press 'h' for help" "q leaves the annotation"
	keys q
	must_see "$PROMPT" "top $*: a prompt again"
	keys clear Enter
}
top_ann
cp "$TMPD/top" "$TMPD/top.plain"
top_ann -M intel --asm-raw --no-source
grep -qE '^ +: [0-9]+ +.*x \^= x << 13;' "$TMPD/top.plain" && grep -qE '%[a-z]' "$TMPD/top.plain"
ok $? "top's annotation: C source rows and AT&T registers by default"
! grep -qE '%[a-z]|x \^= x << 13;' "$TMPD/top" && grep -qE 'QWORD PTR|rdi|rax' "$TMPD/top"
ok $? "top -M intel --no-source: Intel syntax, no source row"
grep -qE '^ +[0-9.]+ : +[0-9a-f]+:([0-9a-f]{2} )+ +[a-z]' "$TMPD/top" &&
	! grep -qE '^ +[0-9.]+ : +[0-9a-f]+:([0-9a-f]{2} )+ +[a-z]' "$TMPD/top.plain"
ok $? "top --asm-raw: each instruction's bytes before it"

done_testing
