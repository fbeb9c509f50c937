#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Big-endian input, end to end: files recorded here by /usr/bin/perf
# (system-wide with the BPF workload: subprograms, BTF, bpf_prog_info;
# -g; per-thread; pipe mode) are rewritten in the other byte order by
# tests/tools/perf-data-swap, as a big-endian kernel and perf would have
# written them.  Our report -D, --header-only -I, report --stdio -n, script
# and annotate of a BPF program print the same on the swapped file as on
# the original, and perf inject turns the swapped file back into a native
# one that /usr/bin/perf reads as the original.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads
SWAP=${PERF_DATA_SWAP:-$TOPDIR/build/tests/tools/perf-data-swap}
[ -x "$SWAP" ] || skip_all "no $SWAP (make build/tests/tools/perf-data-swap)"

BPFLOAD=$WORKLOADS/bpfload

upstream_record "$TMPD/sys.data" -a -F 4000 -- "$BPFLOAD" --hot 0.5 &&
upstream_record "$TMPD/g.data" -g -a -- "$BPFLOAD" --hot 0.3 &&
upstream_record "$TMPD/thread.data" --per-thread -- "$BPFLOAD" --hot 0.3 &&
"$UPERF" record -q -a -o - -- "$BPFLOAD" --hot 0.3 >"$TMPD/pipe.data" 2>"$TMPD/pipe.log" ||
	{ echo "1..1"; echo "not ok 1 - /usr/bin/perf record failed"; exit 1; }

# The file's name and mtime ("captured on") are the only expected
# differences; and in pipe mode the raw byte dumps of -D, which show the
# attr and feature records as found in the stream.
norm() {
	if [ "$2" = pipe ]; then
		sed -e "s#@$1 \\[#@FILE [#" -e '/^# captured on/d' -e '/^\.  [0-9a-f]\{4\}:  /d'
	else
		sed -e "s#@$1 \\[#@FILE [#" -e '/^# captured on/d'
	fi
}

# cmp_ours NAME WHAT ARGS...: our output on NAME.data and on NAME.be equal
cmp_ours() {
	local name=$1 what=$2 rc; shift 2
	"$PERF" "$@" -i "$TMPD/$name.data" >"$TMPD/out" 2>&1
	rc=$?
	norm "$TMPD/$name.data" $name <"$TMPD/out" >"$TMPD/o.$name"
	"$PERF" "$@" -i "$TMPD/$name.be" 2>&1 | norm "$TMPD/$name.be" $name >"$TMPD/s.$name"
	[ $rc -eq 0 ] && [ -s "$TMPD/o.$name" ]
	ok $? "$name: $what of the original works"
	is_same_file "$TMPD/s.$name" "$TMPD/o.$name" \
		"$name: $what of the swapped file equal ($(wc -l <"$TMPD/o.$name") lines)"
}

for name in sys g thread pipe; do
	"$SWAP" "$TMPD/$name.data" "$TMPD/$name.be" 2>"$TMPD/err"
	ok $? "$name: perf-data-swap writes the other byte order"
	sed 's/^/# /' "$TMPD/err" | head -3
	# the magic is the other way round: "2ELIFREP"
	[ "$(head -c 8 "$TMPD/$name.be")" = 2ELIFREP ] && ! cmp -s "$TMPD/$name.data" "$TMPD/$name.be"
	ok $? "$name: swapped magic"

	cmp_ours $name "report -D" report -D
	# native: counted by the fast path; swapped: by the general one
	cmp_ours $name "report --stats" report --stats
	cmp_ours $name "report --stdio -n" report --stdio -n
	cmp_ours $name "script" script
	[ $name = pipe ] && continue
	cmp_ours $name "report --header-only -I" report --header-only -I
done

# the BPF features went through: names from bpf_prog_info, BTF lines
grep -q '^# bpf_prog_info [0-9]*:$' "$TMPD/s.sys" && grep -q '^# 	sub_prog 1: bpf_prog_' "$TMPD/s.sys" &&
	grep -q '^# btf info of id' "$TMPD/s.sys"
ok $? "sys: swapped header has bpf_prog_info with subprograms and btf"

# annotate of the hottest BPF program (its JITed code and BTF source lines
# come from the swapped bpf_prog_info and BTF)
sym=$(grep -o 'bpf_prog_[0-9a-f]\{16\}_hot_prog_[0-9]' "$TMPD/o.sys" | head -1)
[ -n "$sym" ]
ok $? "sys: report names a BPF program ($sym)"
cmp_ours sys "annotate --stdio $sym" annotate --stdio "$sym"
grep -q '^ *: [0-9]\+ ' "$TMPD/s.sys"
ok $? "sys: annotate of the swapped file shows BTF source lines"

# the ASan+UBSan build through every swapped record
if [ -x "$PERF_ASAN" ]; then
	for name in sys g thread pipe; do
		"$PERF_ASAN" report -D -i "$TMPD/$name.be" >/dev/null 2>"$TMPD/asan" &&
			"$PERF_ASAN" script -i "$TMPD/$name.be" >/dev/null 2>>"$TMPD/asan"
		ok $? "$name: ASan build reads the swapped file (report -D, script)"
		sed 's/^/# /' "$TMPD/asan" | head -5
	done
fi

# perf inject: the swapped file back to a native one, read by upstream as
# the original (record offsets aside)
up_dump() {
	"$UPERF" report -D -i "$1" 2>/dev/null |
		sed -E -e 's/^0x[0-9a-f]+(@[^ ]*)? \[/0xOFF [/' \
		       -e 's/^([0-9]+ [0-9]+ )?0x[0-9a-f]+ \[/\10xOFF [/'
}
for name in sys g; do
	"$PERF" inject -i "$TMPD/$name.be" -o "$TMPD/$name.native" 2>"$TMPD/err"
	ok $? "$name: inject of the swapped file"
	sed 's/^/# /' "$TMPD/err" | head -3
	[ "$(head -c 8 "$TMPD/$name.native")" = PERFILE2 ]
	ok $? "$name: inject writes native byte order"
	"$UPERF" script -i "$TMPD/$name.data" >"$TMPD/us.o" 2>/dev/null
	"$UPERF" script -i "$TMPD/$name.native" >"$TMPD/us.s" 2>/dev/null
	[ -s "$TMPD/us.o" ]
	ok $? "$name: upstream script of the original"
	is_same_file "$TMPD/us.s" "$TMPD/us.o" "$name: upstream script of the injected file equal"
	up_dump "$TMPD/$name.data" >"$TMPD/ud.o"
	up_dump "$TMPD/$name.native" >"$TMPD/ud.s"
	is_same_file "$TMPD/ud.s" "$TMPD/ud.o" "$name: upstream report -D of the injected file equal"
	"$UPERF" report --header-only -I -i "$TMPD/$name.data" 2>/dev/null |
		grep -v -e '^# captured on' -e '^# data size' -e '^# feat offset' >"$TMPD/uh.o"
	"$UPERF" report --header-only -I -i "$TMPD/$name.native" 2>/dev/null |
		grep -v -e '^# captured on' -e '^# data size' -e '^# feat offset' >"$TMPD/uh.s"
	is_same_file "$TMPD/uh.s" "$TMPD/uh.o" "$name: upstream --header-only -I of the injected file equal"
done

# What upstream makes of the swapped file, for the record (6.1 skips the
# BPF features of foreign files and has no swap of KSYMBOL records)
"$UPERF" report --stdio -i "$TMPD/sys.be" >/dev/null 2>"$TMPD/uerr"
diag "upstream report on the swapped file: exit $?"
head -4 "$TMPD/uerr" | sed 's/^/#   /'

done_testing
