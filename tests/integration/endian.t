#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Big-endian input, end to end, on files /usr/bin/perf recorded
# (tests/fixtures): system-wide with the BPF workload (subprograms, BTF,
# bpf_prog_info), -g and pipe mode have checked-in big-endian copies
# (*.be), and tests/tools/perf-data-swap still writes exactly those from
# the originals; --per-thread and program churn are swapped here.  The
# swapped files are as a big-endian kernel and perf would have written
# them.  Our report -D, --header-only -I, --stats, report --stdio -n,
# script and annotate of a BPF program print the same on the swapped file
# as on the original, and perf inject turns the swapped file back into a
# native one that /usr/bin/perf reads as the original.
. "$(dirname "$0")/lib.sh"
need_upstream
SWAP=${PERF_DATA_SWAP:-$TOPDIR/build/tests/tools/perf-data-swap}
[ -x "$SWAP" ] || skip_all "no $SWAP (make build/tests/tools/perf-data-swap)"

# name: fixture (up-NAME.data), and its checked-in swapped copy if any
declare -A orig=([sys]=up-bpf-btf [g]=up-callgraph [pipe]=up-pipe
		 [thread]=up-per-thread-flag [churn]=up-churn)
names="sys g thread churn pipe"
need_fixtures up-bpf-btf.data up-bpf-btf.be up-callgraph.data up-callgraph.be \
	up-pipe.data up-pipe.be up-per-thread-flag.data up-churn.data

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

# cmp_ours NAME WHAT ARGS...: our output on NAME's original and swapped
# file equal
cmp_ours() {
	local name=$1 what=$2 rc; shift 2
	"$PERF" "$@" -i "${data[$name]}" >"$TMPD/out" 2>&1
	rc=$?
	norm "${data[$name]}" $name <"$TMPD/out" >"$TMPD/o.$name"
	"$PERF" "$@" -i "${be[$name]}" 2>&1 | norm "${be[$name]}" $name >"$TMPD/s.$name"
	[ $rc -eq 0 ] && [ -s "$TMPD/o.$name" ]
	ok $? "$name: $what of the original works"
	is_same_file "$TMPD/s.$name" "$TMPD/o.$name" \
		"$name: $what of the swapped file equal ($(wc -l <"$TMPD/o.$name") lines)"
}

declare -A data be
for name in $names; do
	data[$name]=$(fixture "${orig[$name]}.data")
	"$SWAP" "${data[$name]}" "$TMPD/$name.be" 2>"$TMPD/err"
	ok $? "$name: perf-data-swap writes the other byte order"
	sed 's/^/# /' "$TMPD/err" | head -3
	be[$name]=$TMPD/$name.be
	if [ -e "$(fixture "${orig[$name]}.be")" ]; then
		# the checked-in copy is perf-data-swap's output, byte for byte
		cmp -s "$TMPD/$name.be" "$(fixture "${orig[$name]}.be")"
		ok $? "$name: perf-data-swap writes ${orig[$name]}.be as checked in"
		be[$name]=$(fixture "${orig[$name]}.be")
	fi
	# the magic is the other way round: "2ELIFREP"
	[ "$(head -c 8 "${be[$name]}")" = 2ELIFREP ] && ! cmp -s "${data[$name]}" "${be[$name]}"
	ok $? "$name: swapped magic"

	cmp_ours $name "report -D" report -D
	# native: counted by the fast path; swapped: by the general one
	cmp_ours $name "report --stats" report --stats
	cmp_ours $name "report --stdio -n" report --stdio -n --kallsyms "$KALLSYMS"
	cmp_ours $name "script" script --kallsyms "$KALLSYMS"
	[ $name = pipe ] && continue
	cmp_ours $name "report --header-only -I" report --header-only -I
done

# the BPF features went through: names from bpf_prog_info, BTF lines
grep -q '^# bpf_prog_info [0-9]*:$' "$TMPD/s.sys" && grep -q '^# 	sub_prog 1: bpf_prog_' "$TMPD/s.sys" &&
	grep -q '^# btf info of id' "$TMPD/s.sys"
ok $? "sys: swapped header has bpf_prog_info with subprograms and btf"
# and the churn's programs unloaded while recording
grep -q 'PERF_RECORD_KSYMBOL.*flags 0x1 name bpf_prog_' <("$PERF" report -D -i "${be[churn]}")
ok $? "churn: the swapped file's KSYMBOL records unregister programs"

# annotate of the hottest BPF program (its JITed code and BTF source lines
# come from the swapped bpf_prog_info and BTF)
"$PERF" report --stdio -n --kallsyms "$KALLSYMS" -i "${data[sys]}" >"$TMPD/o.sys" 2>/dev/null
sym=$(grep -o 'bpf_prog_[0-9a-f]\{16\}_hot_prog_[0-9]' "$TMPD/o.sys" | head -1)
[ -n "$sym" ]
ok $? "sys: report names a BPF program ($sym)"
cmp_ours sys "annotate --stdio $sym" annotate --stdio "$sym"
grep -q '^ *: [0-9]\+ ' "$TMPD/s.sys"
ok $? "sys: annotate of the swapped file shows BTF source lines"

# the ASan+UBSan build through every swapped record
if [ -x "$PERF_ASAN" ]; then
	for name in $names; do
		"$PERF_ASAN" report -D -i "${be[$name]}" >/dev/null 2>"$TMPD/asan" &&
			"$PERF_ASAN" script --kallsyms "$KALLSYMS" -i "${be[$name]}" >/dev/null \
				2>>"$TMPD/asan"
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
	"$PERF" inject -i "${be[$name]}" -o "$TMPD/$name.native" 2>"$TMPD/err"
	ok $? "$name: inject of the swapped file"
	sed 's/^/# /' "$TMPD/err" | head -3
	[ "$(head -c 8 "$TMPD/$name.native")" = PERFILE2 ]
	ok $? "$name: inject writes native byte order"
	up_perf script -i "${data[$name]}" >"$TMPD/us.o" 2>/dev/null
	up_perf script -i "$TMPD/$name.native" >"$TMPD/us.s" 2>/dev/null
	[ -s "$TMPD/us.o" ]
	ok $? "$name: upstream script of the original"
	is_same_file "$TMPD/us.s" "$TMPD/us.o" "$name: upstream script of the injected file equal"
	up_dump "${data[$name]}" >"$TMPD/ud.o"
	up_dump "$TMPD/$name.native" >"$TMPD/ud.s"
	is_same_file "$TMPD/ud.s" "$TMPD/ud.o" "$name: upstream report -D of the injected file equal"
	"$UPERF" report --header-only -I -i "${data[$name]}" 2>/dev/null |
		grep -v -e '^# captured on' -e '^# data size' -e '^# feat offset' >"$TMPD/uh.o"
	"$UPERF" report --header-only -I -i "$TMPD/$name.native" 2>/dev/null |
		grep -v -e '^# captured on' -e '^# data size' -e '^# feat offset' >"$TMPD/uh.s"
	is_same_file "$TMPD/uh.s" "$TMPD/uh.o" "$name: upstream --header-only -I of the injected file equal"
done

# What upstream makes of the swapped file, for the record (6.1 skips the
# BPF features of foreign files and has no swap of KSYMBOL records)
up_perf report --stdio -i "${be[sys]}" >/dev/null 2>"$TMPD/uerr"
diag "upstream report on the swapped file: exit $?"
head -4 "$TMPD/uerr" | sed 's/^/#   /'

done_testing
