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
command -v objdump >/dev/null && command -v addr2line >/dev/null ||
	skip_all "no objdump, addr2line (apt-get install binutils)"

# input for the workload, and kernel and BPF samples for the error cases
timeout 60 "$PERF" record -q -o "$TMPD/bpf.data" -a -F 2000 -- \
	"$WORKLOADS/bpfload" --hot 1 >"$TMPD/load.out" 2>&1
ok $? "record -a -- bpfload --hot 1"

# the workload: our perf report, several times over, from a copy that is
# deleted later (not under /tmp/perf-*: upstream takes those for JIT maps)
scratch_dir W annotate.XXXXXX
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
"$PERF" annotate --stdio --show-total-period -i "$TMPD/native.data" -d perf-copy "$sym" \
	>"$TMPD/ours.period" 2>/dev/null
shares_exact "$TMPD/ours" "$TMPD/ours.period" | head -5 | sed 's/^/#   /'
[ "${PIPESTATUS[0]}" -eq 0 ]
ok $? "$sym: every share is its period over the rows' total: they add up to 100% ($(sum_column "$TMPD/ours"))"
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

# DWARF (libdw): the rows objdump -l -S adds (function names, file:line
# numbering, source lines) as upstream shows them, and -l's file:line of
# each hot instruction as addr2line gives it
rows() {	# rows FILE: every row but the instructions'
	perl -ne 'print unless /^ +[\d.]+ : +[0-9a-f]+:/' "$1"
}
rows "$TMPD/ours" >"$TMPD/ours.rows"
rows "$TMPD/theirs" >"$TMPD/theirs.rows"
[ "$(grep -c "^ \{9\}: [0-9]" "$TMPD/ours.rows")" -gt 10 ]
ok $? "$sym: source rows from DWARF"
is_same_file "$TMPD/ours.rows" "$TMPD/theirs.rows" \
	"$sym: function names, source lines and their numbers as /usr/bin/perf annotate's"
"$PERF" annotate --stdio --no-source -i "$TMPD/native.data" -d perf-copy "$sym" >"$TMPD/ns" 2>&1
"$UPERF" annotate --stdio --no-source -i "$TMPD/native.data" -d perf-copy "$sym" \
	>"$TMPD/theirs.ns" 2>/dev/null
rows "$TMPD/ns" >"$TMPD/ns.rows"
rows "$TMPD/theirs.ns" >"$TMPD/theirs.ns.rows"
is_same_file "$TMPD/ns.rows" "$TMPD/theirs.ns.rows" "--no-source: the other rows as upstream's"

"$PERF" annotate --stdio -l -P -i "$TMPD/native.data" -d perf-copy "$sym" >"$TMPD/l" 2>"$TMPD/err"
ok $? "-l -P $sym"
perl -ne 'print "$1 $2\n" if /^ +[\d.]+ : +([0-9a-f]+):.* \/\/ (\S+)$/' "$TMPD/l" >"$TMPD/l.ours"
[ -s "$TMPD/l.ours" ] && ! grep -q '??:0' "$TMPD/l.ours"
ok $? "-l: a file:line after the hot instructions ($(wc -l <"$TMPD/l.ours"))"
cut -d' ' -f1 "$TMPD/l.ours" | addr2line -e "$W/perf-copy" | sed 's/ (discriminator [0-9]*)$//' |
	paste -d' ' <(cut -d' ' -f1 "$TMPD/l.ours") - >"$TMPD/l.a2l"
is_same_file "$TMPD/l.ours" "$TMPD/l.a2l" "-l: each one's file:line as addr2line -e's"
summary() {	# summary FILE: -l's sorted summary
	perl -ne 'print if /^Sorted summary/ .. /^ Percent/' "$1"
}
"$UPERF" annotate --stdio -l -P -i "$TMPD/native.data" -d perf-copy "$sym" >"$TMPD/theirs.l" \
	2>/dev/null
summary "$TMPD/l" >"$TMPD/l.sum"
summary "$TMPD/theirs.l" >"$TMPD/theirs.l.sum"
is_same_file "$TMPD/l.sum" "$TMPD/theirs.l.sum" "-l: the summary by source line as upstream's"

# the same from a debug file found by build id under $PERF_DEBUG_DIR, the
# binary stripped of its DWARF (HOME: no build-id cache copy to read)
bid=$(readelf -n "$W/perf-copy" | awk '/Build ID/ { print $3 }')
mkdir -p "$TMPD/dbg/.build-id/${bid:0:2}"
objcopy --only-keep-debug "$W/perf-copy" "$TMPD/dbg/.build-id/${bid:0:2}/${bid:2}.debug" &&
	objcopy --strip-debug "$W/perf-copy" "$W/perf-copy.s" && mv "$W/perf-copy.s" "$W/perf-copy"
ok $? "the binary's DWARF moved to $TMPD/dbg/.build-id/${bid:0:2}/${bid:2}.debug"
HOME=$TMPD PERF_DEBUG_DIR=$TMPD/dbg "$PERF" annotate --stdio -l -P -i "$TMPD/native.data" \
	-d perf-copy "$sym" >"$TMPD/ldbg" 2>&1
is_same_file "$TMPD/ldbg" "$TMPD/l" "the same rows and file:line from the debug file"
HOME=$TMPD PERF_DEBUG_DIR=$TMPD/none "$PERF" annotate --stdio -i "$TMPD/native.data" \
	-d perf-copy "$sym" >"$TMPD/none" 2>&1
HOME=$TMPD PERF_DEBUG_DIR=$TMPD/none "$PERF" annotate --stdio -l -i "$TMPD/native.data" \
	-d perf-copy "$sym" >"$TMPD/lnone" 2>&1
# (the line number column is as wide as the addresses)
[ "$(rows "$TMPD/none" | sed -n '9,$p' | sed -E 's/^( {9}: 6) +/\1 /')" = "         : 6 $sym():" ] &&
	grep -q '??:0' "$TMPD/lnone"
ok $? "no DWARF anywhere: no source rows, ??:0"

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
