#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf annotate of native code and its errors: a hot function of a CPU-bound
# workload (our own perf report, a real ELF with symbols) has objdump -d's
# instruction addresses and upstream's (/usr/bin/perf annotate) share on
# each; a symbol without samples, a BPF program without recorded info, a
# deleted ELF file, kernel code without /proc/kcore or -k: one line, exit 1.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/annotate-lib.sh"
need_root
need_workloads
command -v objdump >/dev/null || skip_all "no objdump (apt-get install binutils)"

# input for the workload, and kernel and BPF samples for the error cases
timeout 60 "$PERF" record -q -o "$TMPD/bpf.data" -a -F 2000 -- \
	"$WORKLOADS/bpfload" --hot 1 >"$TMPD/load.out" 2>&1
ok $? "record -a -- bpfload --hot 1"

# the workload: our perf report, several times over, from a copy that is
# deleted later (not under /tmp/perf-*: upstream takes those for JIT maps)
W=$(mktemp -d "${TMPDIR:-/tmp}/annotate.XXXXXX")
trap 'rm -rf "$TMPD" "$W"' EXIT
cp "$PERF" "$W/perf-copy"
run="for i in 1 2 3 4 5 6; do $W/perf-copy report -i $TMPD/bpf.data --stdio >/dev/null 2>&1; done"
timeout 120 "$PERF" record -q -o "$TMPD/native.data" -F 4000 -- sh -c "$run" 2>"$TMPD/err"
ok $? "record perf report (native, per-thread)"
sym=$("$PERF" report -i "$TMPD/native.data" --stdio --sort dso,sym -q -d perf-copy 2>/dev/null |
	perl -ne 'if (/\[\.\] (\S+)\s*$/) { print "$1\n"; exit }')
[ -n "$sym" ]
ok $? "a hot function of the workload: $sym"

"$PERF" annotate --stdio -i "$TMPD/native.data" -d perf-copy "$sym" >"$TMPD/ours" 2>"$TMPD/err"
ok $? "perf annotate $sym"
read -r addr size < <(nm -S --defined-only "$W/perf-copy" |
	perl -ne 'BEGIN { $s = shift } print "$1 $2\n" if /^([0-9a-f]+) ([0-9a-f]+) [tT] \Q$s\E$/' "$sym" |
	head -1)
grep -qE "^ +: 5 +0*$addr <$sym>:\$" "$TMPD/ours"
ok $? "the block names $sym at 0x$addr, as objdump's header line"
objdump -d --insn-width=15 --start-address=0x"$addr" \
	--stop-address=$((0x$addr + 0x$size)) "$W/perf-copy" |
	perl -ne 'print "$1\n" if /^ +([0-9a-f]+):\t/' >"$TMPD/od"
insn_offsets "$TMPD/ours" >"$TMPD/ours.off"
[ -s "$TMPD/od" ]
is_same_file "$TMPD/ours.off" "$TMPD/od" "$sym: instruction addresses as objdump -d's"
sum=$(sum_column "$TMPD/ours")
perl -e 'exit(abs($ARGV[0] - 100) <= 0.005 * $ARGV[1] + 0.001 ? 0 : 1)' "$sum" \
	"$(wc -l <"$TMPD/ours.off")"
ok $? "$sym: shares add up to 100% ($sum)"
"$UPERF" annotate --stdio -i "$TMPD/native.data" -d perf-copy "$sym" >"$TMPD/theirs" \
	2>"$TMPD/theirs.err" || diag "/usr/bin/perf annotate: $(head -3 "$TMPD/theirs.err")"
perl -ne 'print "$2 $1\n" if /^ +([\d.]+) : +([0-9a-f]+):/' "$TMPD/ours" >"$TMPD/ours.pct"
perl -ne 'print "$2 $1\n" if /^ +([\d.]+) : +([0-9a-f]+):/' "$TMPD/theirs" >"$TMPD/theirs.pct"
is_same_file "$TMPD/ours.pct" "$TMPD/theirs.pct" \
	"$sym: the share of every instruction as /usr/bin/perf annotate's"
[ "$(header_samples "$TMPD/ours")" = "$(header_samples "$TMPD/theirs")" ]
ok $? "$sym: the header's sample count as upstream's"
"$PERF" annotate --stdio --asm-raw -i "$TMPD/native.data" -d perf-copy "$sym" >"$TMPD/raw" 2>&1
insn_bytes "$TMPD/raw" | xxd -r -p >"$TMPD/raw.bin"
dd if="$W/perf-copy" bs=1 skip=$(($(objdump -h "$W/perf-copy" |
	perl -ne 'BEGIN { $a = hex shift } if (/^\s+\d+\s+\.text\s+(\S+)\s+(\S+)\s+\S+\s+(\S+)/) {
		print hex($3) + $a - hex($2) }' "$addr"))) count=$((0x$size)) 2>/dev/null |
	cmp -s - "$TMPD/raw.bin"
ok $? "--asm-raw: the bytes are the file's"

# errors: one line on stderr, nothing on stdout, exit 1
expect_error() {	# expect_error PATTERN DESCRIPTION -- perf annotate ARGS
	local pattern=$1 what=$2 status
	shift 3
	"$PERF" annotate "$@" >"$TMPD/e.out" 2>"$TMPD/e.err"
	status=$?
	if [ $status -eq 1 ] && [ ! -s "$TMPD/e.out" ] && [ "$(wc -l <"$TMPD/e.err")" -eq 1 ] &&
	   grep -qE "^perf annotate: $pattern" "$TMPD/e.err"; then
		ok 0 "$what"
	else
		ok 1 "$what"
		diag "exit $status, stderr:" "$(head -3 "$TMPD/e.err")"
	fi
}

expect_error ".*: no samples of no_such_symbol\$" "a symbol without samples" -- \
	--stdio -i "$TMPD/native.data" no_such_symbol

timeout 60 "$PERF" record -q --no-bpf-event -o "$TMPD/nobpf.data" -a -F 2000 -- \
	"$WORKLOADS/bpfload" -p hot_prog_0 --hot 1 >"$TMPD/nobpf.out" 2>&1
ok $? "record --no-bpf-event"
ksym=$(sed -n 's/.* ksyms=\([^ ,]*\).*/\1/p' "$TMPD/nobpf.out")
expect_error "$ksym: no BPF program info in the file" "a BPF program without recorded info" -- \
	--stdio -i "$TMPD/nobpf.data" "$ksym"

rm "$W/perf-copy"
HOME=$TMPD expect_error "$W/perf-copy: No such file or directory \\(no samples of $sym" \
	"a deleted ELF file" -- \
	--stdio -i "$TMPD/native.data" "$sym"

ksym=$("$PERF" report -i "$TMPD/bpf.data" --stdio --sort dso,sym -q 2>/dev/null |
	perl -ne 'if (/^\s+\S+\s+\[kernel\.kallsyms\]\s+\[k\] (\S+)\s*$/) { print "$1\n"; exit }')
if [ -r /proc/kcore ]; then
	"$PERF" annotate --stdio -i "$TMPD/bpf.data" "$ksym" >/dev/null 2>&1
	ok $? "a kernel function from /proc/kcore: $ksym"
else
	expect_error "\\[kernel\\.kallsyms\\]: cannot read /proc/kcore .*give a vmlinux with -k" \
		"kernel code without /proc/kcore or -k: $ksym" -- --stdio -i "$TMPD/bpf.data" "$ksym"
fi
expect_error "$TMPD/no-vmlinux: No such file or directory" "-k with a missing file" -- \
	--stdio -k "$TMPD/no-vmlinux" -i "$TMPD/bpf.data"
expect_error "$TMPD/none.data: .*" "a missing input file" -- --stdio -i "$TMPD/none.data"

done_testing
