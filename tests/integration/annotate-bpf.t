#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf annotate of JITed BPF after the programs were unloaded: every
# function of every hot program has its block, the shares add up, the C
# source lines from BTF come in bpftool's order (taken while loaded) with
# the workload's .bpf.c text, before the JITed code that implements them,
# and the instruction boundaries are objdump's for the same bytes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/annotate-lib.sh"
need_root
need_workloads
command -v bpftool >/dev/null || skip_all "no bpftool (apt-get install bpftool)"
command -v objdump >/dev/null || skip_all "no objdump (apt-get install binutils)"
SRC="$TOPDIR/tests/workloads/hot.bpf.c"

rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 3 >"$TMPD/load.out" 2>&1 &
pid=$!
while [ ! -s "$TMPD/ready" ]; do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
ids=$(sed -n 's/^prog id=\([0-9]*\) .*/\1/p' "$TMPD/load.out")
for id in $ids; do
	bpftool prog dump xlated id "$id" linum >"$TMPD/xl.$id" 2>&1
	bpftool -j prog show id "$id" >"$TMPD/show.$id" 2>&1
done
timeout 60 "$PERF" record -q -o "$TMPD/bpf.data" -a -F 2000 -- \
	sh -c "kill -USR1 $pid; while kill -0 $pid 2>/dev/null; do sleep 0.1; done" 2>"$TMPD/err"
ok $? "record -a while bpfload --hot runs"
wait $pid
grep -q '^unloaded progs=4' "$TMPD/load.out"
ok $? "bpfload unloaded its 4 programs"
gone=0
for id in $ids; do bpftool prog show id "$id" >/dev/null 2>&1 && gone=1; done
ok $gone "the programs are gone before perf annotate runs"

"$PERF" annotate --stdio -i "$TMPD/bpf.data" >"$TMPD/all.txt" 2>"$TMPD/all.err"
ok $? "perf annotate --stdio (every symbol)"

for line in $(sed -n 's/^prog id=\([0-9]*\) .* ksyms=\([^ ]*\).*/\1:\2/p' "$TMPD/load.out"); do
	id=${line%%:*}
	total=0
	for ksym in $(echo "${line#*:}" | tr , ' '); do
		func=${ksym#bpf_prog_????????????????_}
		out="$TMPD/one.$ksym"
		grep -q "Source code & Disassembly of $ksym for " "$TMPD/all.txt"
		ok $? "$func: its block is in the all-symbols output"

		"$PERF" annotate --stdio -i "$TMPD/bpf.data" "$ksym" >"$out" 2>"$TMPD/err"
		ok $? "$func: perf annotate $ksym"
		[ "$(grep -c 'Source code & Disassembly of' "$out")" -eq 1 ]
		ok $? "$func: one block"
		sum=$(sum_column "$out")
		rows=$(insn_offsets "$out" | wc -l)
		perl -e 'exit(abs($ARGV[0] - 100) <= 0.005 * $ARGV[1] + 0.001 ? 0 : 1)' "$sum" "$rows"
		ok $? "$func: shares add up to 100% ($sum over $rows rows)"
		"$PERF" annotate --stdio -n -i "$TMPD/bpf.data" "$ksym" >"$out.n" 2>/dev/null
		[ "$(sum_column "$out.n")" = "$(header_samples "$out.n").00" ] &&
			[ "$(header_samples "$out.n")" -gt 0 ]
		ok $? "$func: -n: the rows' samples are the header's $(header_samples "$out.n")"

		src_rows "$out" >"$TMPD/ours"
		xlated_rows "$TMPD/xl.$id" "$func" >"$TMPD/theirs"
		[ -s "$TMPD/theirs" ]
		ok $? "$func: bpftool has its source lines"
		is_same_file "$TMPD/ours" "$TMPD/theirs" \
			"$func: source lines and their order as bpftool dump xlated linum"
		bad=0
		while IFS="$(printf '\t')" read -r n text; do
			want=$(sed -n "${n}p" "$SRC" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
			[ "$want" = "$text" ] || { diag "line $n: '$text' is not '$want'"; bad=1; }
		done <"$TMPD/ours"
		ok $bad "$func: every source row is that line of hot.bpf.c"
		xlated_expect "$TMPD/xl.$id" "$func" >"$TMPD/expect"
		annotate_facts "$out" >"$TMPD/facts"
		missing=$(comm -23 "$TMPD/expect" "$TMPD/facts")
		[ -z "$missing" ] || diag "missing: $missing"
		[ -z "$missing" ]
		ok $? "$func: calls and conditional jumps under the source line they implement"

		"$PERF" annotate --stdio --asm-raw -i "$TMPD/bpf.data" "$ksym" >"$out.raw" 2>/dev/null
		insn_bytes "$out.raw" | xxd -r -p >"$TMPD/code.bin"
		objdump_offsets "$TMPD/code.bin" >"$TMPD/od"
		insn_offsets "$out.raw" >"$TMPD/ours.off"
		is_same_file "$TMPD/ours.off" "$TMPD/od" "$func: instruction offsets as objdump's"
		total=$((total + $(stat -c %s "$TMPD/code.bin")))
	done
	jited=$(perl -ne 'print $1 if /"bytes_jited":(\d+)/' "$TMPD/show.$id")
	[ "$total" -eq "$jited" ]
	ok $? "prog $id: the functions' code is bpftool's bytes_jited ($total, $jited)"
done

# the same from /usr/bin/perf's file (its own BPF_PROG_INFO writer), and from a pipe
upstream_record "$TMPD/up.data" -a -F 2000 -- "$WORKLOADS/bpfload" --hot 1
ok $? "/usr/bin/perf record -a -- bpfload --hot 1"
cp "$TMPD/record.log" "$TMPD/up.out"
[ "$(grep -c '^prog id=' "$TMPD/up.out")" -eq 4 ]
ok $? "its 4 programs"
timeout 60 "$PERF" record -q -o - -a -F 2000 -- "$WORKLOADS/bpfload" --hot 1 \
	2>/dev/null >"$TMPD/pipe.data"
ok $? "perf record -o - (pipe mode)"
for ksym in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$TMPD/up.out" | tr , ' '); do
	func=${ksym#bpf_prog_????????????????_}
	"$PERF" annotate --stdio -i "$TMPD/up.data" "$ksym" >"$TMPD/up.txt" 2>"$TMPD/err"
	ok $? "upstream's file: $func annotated"
	src_rows "$TMPD/up.txt" >"$TMPD/up.src"
	src_rows "$TMPD/one.$ksym" >"$TMPD/ours.src"
	[ -s "$TMPD/up.src" ]
	is_same_file "$TMPD/up.src" "$TMPD/ours.src" "upstream's file: $func: the same source lines"
	"$PERF" annotate --stdio -i - "$ksym" <"$TMPD/pipe.data" >"$TMPD/pipe.txt" 2>"$TMPD/err"
	ok $? "pipe mode: $func annotated"
	src_rows "$TMPD/pipe.txt" >"$TMPD/pipe.src"
	is_same_file "$TMPD/pipe.src" "$TMPD/ours.src" "pipe mode: $func: the same source lines"
done

"$PERF" annotate --stdio -l -i "$TMPD/bpf.data" "$ksym" >"$TMPD/l.txt" 2>&1
grep -q '^Sorted summary for file ' "$TMPD/l.txt" &&
	grep -qE '^ +[0-9.]+ hot\.bpf\.c:[0-9]+$' "$TMPD/l.txt" &&
	grep -qE ' // hot\.bpf\.c:[0-9]+$' "$TMPD/l.txt"
ok $? "-l: the summary by source line and the rows' file:line"

if [ -x "$PERF_ASAN" ]; then
	"$PERF_ASAN" annotate --stdio --asm-raw -l -i "$TMPD/bpf.data" >/dev/null 2>"$TMPD/asan"
	[ $? -eq 0 ] && ! grep -q 'Sanitizer' "$TMPD/asan"
	ok $? "ASan+UBSan build: every symbol, --asm-raw -l"
fi

done_testing
