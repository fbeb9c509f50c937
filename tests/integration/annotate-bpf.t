#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf annotate of JITed BPF after the programs were unloaded: every
# function of every hot program has its block, the shares add up, the C
# source lines from BTF come in bpftool's order (taken while loaded) with
# the workload's .bpf.c text, before the JITed code that implements them,
# and the instruction boundaries are objdump's for the same bytes.  That
# part is live (bpftool reads the loaded programs); upstream's file and a
# pipe are the fixtures'.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/annotate-lib.sh"
need_root
need_workloads
command -v bpftool >/dev/null || skip_all "no bpftool (apt-get install bpftool)"
command -v objdump >/dev/null || skip_all "no objdump (apt-get install binutils)"
SRC="$TOPDIR/tests/workloads/hot.bpf.c"
need_fixtures up-bpf-btf.data our-bpf-btf.data our-pipe.data

rm -f "$TMPD/ready"
"$WORKLOADS/bpfload" --wait-signal --ready-file "$TMPD/ready" --hot 3 >"$TMPD/load.out" 2>&1 &
pid=$!
ready_or_fail $pid "$TMPD/ready" . "bpfload (its programs loaded)"
ids=$(sed -n 's/^prog id=\([0-9]*\) .*/\1/p' "$TMPD/load.out")
for id in $ids; do
	bpftool prog dump xlated id "$id" linum >"$TMPD/xl.$id" 2>&1
	bpftool -j prog show id "$id" >"$TMPD/show.$id" 2>&1
done
# bpfload alone (-p): other copies of the same programs, of the same
# names, may run hot on the machine; the command starts bpfload's hot
# phase once the events are on and records until bpfload is gone
timeout 60 "$PERF" record -q -o "$TMPD/bpf.data" -p $pid -F 2000 -- \
	sh -c "kill -USR1 $pid; while kill -0 $pid 2>/dev/null; do sleep 0.1; done" 2>"$TMPD/err"
ok $? "record -p while bpfload --hot runs"
wait $pid
[ "$("$PERF" report --stdio -q --sort comm -i "$TMPD/bpf.data" 2>/dev/null | awk 'NF { print $2 }')" = \
  bpfload ]
ok $? "every sample is bpfload's"
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
		"$PERF" annotate --stdio --show-total-period -i "$TMPD/bpf.data" "$ksym" \
			>"$out.period" 2>/dev/null
		shares_exact "$out" "$out.period" | head -5 | sed 's/^/#   /'
		[ "${PIPESTATUS[0]}" -eq 0 ]
		ok $? "$func: every share is its period over the rows' total: they add up to 100% ($(sum_column "$out"))"
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

# the same from /usr/bin/perf's file (its own BPF_PROG_INFO writer), and
# from a pipe: tests/fixtures' up-bpf-btf.data (bpfload -n 2: two copies
# of each program) and our-pipe.data (our record -o -; upstream's pipe
# carries no bpf_prog_info).  Their source lines are those of our file
# of the same programs, recorded beside them (our-bpf-btf.data), not of
# the programs loaded above: another clang gives other line tables (the
# rows are hot.bpf.c's lines as it was when they were recorded).
up=$(fixture up-bpf-btf.data)
# first_block FILE: the first symbol's block (a copy of a program has its own)
first_block() {
	perl -ne 'last if /Source code & Disassembly of / && $n++; print' "$1"
}
# the functions of the workload's programs, as the file's KSYMBOL records
# name them (the header's bpf_prog_info names the main function of a
# program with subprograms by that function's own tag, where the kernel,
# and so every symbol, takes the program's)
ksyms=$("$PERF" report -D -i "$up" 2>/dev/null |
	sed -nE 's/.*PERF_RECORD_KSYMBOL .* flags 0x0 name (bpf_prog_[0-9a-f]{16}_hot_[a-z0-9_]+)$/\1/p' |
	sort -u)
progs=$(echo "$ksyms" | grep -oE '_hot_prog_[0-9]' | sort -u | wc -l)
[ "$progs" -eq 4 ] && [ "$(echo "$ksyms" | wc -l)" -eq 9 ]
ok $? "upstream's file: KSYMBOL records of the 4 programs' 9 functions ($(echo $ksyms))"
for ksym in $ksyms; do
	func=${ksym#bpf_prog_????????????????_}
	"$PERF" annotate --stdio -i "$up" "$ksym" >"$TMPD/up.txt" 2>"$TMPD/err"
	ok $? "upstream's file: $func annotated"
	first_block "$TMPD/up.txt" >"$TMPD/up.1"
	src_rows "$TMPD/up.1" >"$TMPD/up.src"
	"$PERF" annotate --stdio -i "$(fixture our-bpf-btf.data)" "$ksym" >"$TMPD/our.txt" 2>/dev/null
	first_block "$TMPD/our.txt" >"$TMPD/our.1"
	src_rows "$TMPD/our.1" >"$TMPD/ours.src"
	[ -s "$TMPD/up.src" ]
	ok $? "upstream's file: $func has source rows"
	is_same_file "$TMPD/up.src" "$TMPD/ours.src" "upstream's file: $func: the same source lines"
	bad=0
	while IFS="$(printf '\t')" read -r n text; do
		want=$(sed -n "${n}p" "$SRC" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
		[ "$want" = "$text" ] || { diag "line $n: '$text' is not '$want'"; bad=1; }
	done <"$TMPD/up.src"
	ok $bad "upstream's file: $func: every source row is that line of hot.bpf.c"
	"$PERF" annotate --stdio -i - "$ksym" <"$(fixture our-pipe.data)" >"$TMPD/pipe.txt" 2>"$TMPD/err"
	ok $? "pipe mode: $func annotated"
	first_block "$TMPD/pipe.txt" >"$TMPD/pipe.1"
	src_rows "$TMPD/pipe.1" >"$TMPD/pipe.src"
	is_same_file "$TMPD/pipe.src" "$TMPD/ours.src" "pipe mode: $func: the same source lines"
done

# -l of the last function loaded above
ksym=$(sed -n 's/^prog id=.* ksyms=\([^ ]*\).*/\1/p' "$TMPD/load.out" | tail -1 | tr , '\n' | tail -1)
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
