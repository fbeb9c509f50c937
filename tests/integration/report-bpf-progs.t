#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --bpf-progs, the bpf_prog sort key and script's bpf_prog
# field, replayed on fixed files (tests/fixtures):
#   our-bpf-progs.data   ours, -a -g: loader A's programs loaded before the
#                        recording, C's never run, B's loaded, run and
#                        unloaded in it; our-bpf-progs.out is what each
#                        loader printed (ids, tags, kallsyms names)
#   up-callgraph.data    /usr/bin/perf -a -g of bpfload --hot
#   up-preloaded.data    /usr/bin/perf -a, programs loaded before
#   our-no-bpf-event.data, our-churn.data
# Every number of the table is checked against another source: the
# loaders' output, the header's bpf_prog_info (as /usr/bin/perf prints
# it), the -D records and `report -n --sort sym` rows.  Damaged
# BPF_PROG_INFO sections (bpf-info-damage.pl) give the rows they can.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures our-bpf-progs.data our-bpf-progs.out up-callgraph.data up-preloaded.data \
	our-no-bpf-event.data our-churn.data

OUR=$(fixture our-bpf-progs.data)
OUT=$(fixture our-bpf-progs.out)
PERF_CHECK=$PERF
[ -x "$PERF_ASAN" ] && PERF_CHECK=$PERF_ASAN

# table FILE [ARGS]: the rows of --bpf-progs -q into $TMPD/t (id tag name
# type loader load unload lifetime funcs bytes btf info samples share callers)
table() {
	local f=$1; shift
	our_perf report -i "$f" --bpf-progs -q "$@" >"$TMPD/t" 2>"$TMPD/t.err"
}
# col ID N: column N of the row of program ID
col() { awk -v id="$1" -v n="$2" '$1 == id { print $n }' "$TMPD/t"; }
# sym_samples FILE NAME...: the samples of `report -n --sort sym` rows of the names
sym_rows() {
	our_perf report -i "$1" --stdio -q -n --sort sym --no-children -g none \
		>"$TMPD/sym" 2>/dev/null
}
sym_samples() {
	perl -e 'my %want = map { $_ => 1 } @ARGV; my $n = 0;
		while (<STDIN>) { my @f = split; $n += $f[1] if @f == 4 && $want{$f[3]} }
		print "$n\n"' "$@" <"$TMPD/sym"
}
# header FILE: "id functions bytes" of every program of its BPF_PROG_INFO,
# as /usr/bin/perf --header-only prints them
header_progs() {
	"$UPERF" report --header-only -i "$1" 2>/dev/null | perl -ne '
		if (/^# bpf_prog_info (\d+):(?: \S+ addr \S+ size (\d+))?/) {
			print "$id $n $b\n" if defined $id;
			($id, $n, $b) = ($1, 0, 0);
			if (defined $2) { $n = 1; $b = $2 }
		} elsif (defined $id && /^# \tsub_prog \d+: \S+ addr \S+ size (\d+)/) {
			$n++; $b += $1;
		} elsif (defined $id && !/sub_prog/) {
			print "$id $n $b\n"; undef $id;
		}
		END { print "$id $n $b\n" if defined $id }'
}
# secs T: T (seconds, "-" or ">x") as a number, -1 for "-"
secs() { case $1 in -) echo -1 ;; *) echo "${1#>}" ;; esac; }

### ours: three loaders ###
table "$OUR"
ok $? "--bpf-progs on our -a -g recording"
span=$(our_perf report -i "$OUR" --bpf-progs 2>/dev/null |
	sed -n 's/^# recording: \([0-9.]*\) s.*/\1/p')
diag "recording: $span s, $(wc -l <"$TMPD/t") programs"
sym_rows "$OUR"
header_progs "$OUR" >"$TMPD/hdr"

bad_id=0 bad_loader=0 bad_times=0 bad_funcs=0 bad_bytes=0 bad_samples=0 bad_caller=0
nr_zero=0 nr_hot=0
while read -r who pid _ idw tagw namew ksymsw; do
	id=${idw#id=} tag=${tagw#tag=} ksyms=${ksymsw#ksyms=}
	main=${ksyms%%,*}
	nfuncs=$(echo "$ksyms" | tr , '\n' | wc -l)
	if [ "$(awk -v id="$id" '$1 == id' "$TMPD/t" | wc -l)" -ne 1 ] ||
	   [ "$(col "$id" 2)" != "$tag" ] || [ "$(col "$id" 3)" != "$main" ]; then
		diag "$who ${namew#name=}: id $id, tag $tag, $main not one row"
		bad_id=1
	fi
	loader=$(col "$id" 5)
	if [ "$who" = A ]; then want=synthesized; else want=bpfload/$pid; fi
	[ "$loader" = "$want" ] || { diag "$id: loader $loader, not $want"; bad_loader=1; }
	load=$(secs "$(col "$id" 6)") unload=$(secs "$(col "$id" 7)")
	if ! perl -e 'my ($w, $l, $u, $s) = @ARGV;
		exit !($u > 0 && $u <= $s && ($w eq "A" ? $l == -1 : $l >= 0 && $l < $u))' \
		"$who" "$load" "$unload" "$span"; then
		diag "$id ($who): load $load unload $unload span $span"
		bad_times=1
	fi
	read -r hn hb < <(awk -v id="$id" '$1 == id { print $2, $3 }' "$TMPD/hdr")
	[ "$(col "$id" 9)" = "$nfuncs" ] && [ "$hn" = "$nfuncs" ] ||
		{ diag "$id: functions $(col "$id" 9), header $hn, loader $nfuncs"; bad_funcs=1; }
	[ "$(col "$id" 10)" = "$hb" ] ||
		{ diag "$id: bytes $(col "$id" 10), header $hb"; bad_bytes=1; }
	# shellcheck disable=SC2046
	want=$(sym_samples $(echo "$ksyms" | tr , ' '))
	got=$(col "$id" 13)
	[ "$got" = "$want" ] || { diag "$id: samples $got, sym rows $want"; bad_samples=1; }
	if [ "$who" = C ]; then
		[ "$got" = 0 ] && nr_zero=$((nr_zero + 1))
	elif [ "$got" -gt 0 ]; then
		nr_hot=$((nr_hot + 1))
		[ "$(col "$id" 15)" = bpf_test_run ] ||
			{ diag "$id: top caller $(col "$id" 15)"; bad_caller=1; }
	fi
done < <(grep ' prog id=' "$OUT")
ok $bad_id "every loader's program listed once, with its id, tag and kallsyms name"
ok $bad_loader "loader pid and comm from PROG_LOAD, synthesized for those loaded before"
ok $bad_times "load and unload times in order and inside the recording ('-' before it)"
ok $bad_funcs "functions = nr_jited_ksyms of the header = the loader's ksyms"
ok $bad_bytes "JITed bytes = the sum of jited_func_lens"
ok $bad_samples "samples = the sum of report -n --sort sym rows of its functions"
[ $nr_hot -eq 4 ]
ok $? "the four hot programs have samples ($nr_hot)"
ok $bad_caller "top caller of a BPF_PROG_TEST_RUN program: bpf_test_run"
[ $nr_zero -eq 2 ]
ok $? "programs never run are listed with zero samples ($nr_zero)"

# every PROG_LOAD of the file is one row (libbpf's probes too)
# load_ids FILE: the ids of its PROG_LOAD records, as /usr/bin/perf -D prints them
load_ids() {
	"$UPERF" report -D -i "$1" 2>/dev/null |
		sed -n 's/.*PERF_RECORD_BPF_EVENT type 1, flags 0, id \([0-9]*\)$/\1/p'
}
load_ids "$OUR" | sort -un >"$TMPD/ids"
awk '{ print $1 }' "$TMPD/t" | sort -n >"$TMPD/rows"
is_same_file "$TMPD/rows" "$TMPD/ids" "one row per PROG_LOAD id of the file"

# the total line and the summary
our_perf report -i "$OUR" --bpf-progs >"$TMPD/full" 2>/dev/null
n=$(wc -l <"$TMPD/t")
grep -q "^# total: $n programs, " "$TMPD/full" && grep -q "^# BPF programs: $n (" "$TMPD/full"
ok $? "summary and total lines count every program"
! grep -q '^#' "$TMPD/t"
ok $? "-q: rows only"

# sorted by samples by default; --sort on other columns
sort -k13,13nr -s "$TMPD/t" | cmp -s - "$TMPD/t"
ok $? "rows sorted by samples"
table "$OUR" --sort id
awk '{ print $1 }' "$TMPD/t" | sort -c -n
ok $? "--sort id: ascending ids"
table "$OUR" --sort bytes,id
awk '{ print $10 }' "$TMPD/t" | sort -c -nr
ok $? "--sort bytes: biggest first"
table "$OUR" --sort load
awk '{ print $6 == "-" ? -1 : $6 }' "$TMPD/t" | sort -c -g
ok $? "--sort load: in load order, those loaded before first"
our_perf report -i "$OUR" --bpf-progs --sort nosuch >"$TMPD/o" 2>"$TMPD/e"
rc=$?
[ $rc -ne 0 ] && [ "$(wc -l <"$TMPD/e")" -eq 1 ] && grep -q 'nosuch' "$TMPD/e"
ok $? "--sort of an unknown column: one line, exit $rc"

# -v: every function with its address range and samples
table "$OUR" -v
bad=0
for s in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$OUT" | tr , ' '); do
	addr=$("$UPERF" report -D -i "$OUR" 2>/dev/null |
		sed -n "s/.*KSYMBOL addr \([0-9a-f]*\) len .* flags 0x0 name $s\$/\1/p" |
		head -1)
	line=$(grep -E "^  0x$addr-0x[0-9a-f]+ +[0-9]+ bytes +[0-9]+ samples  $s\$" "$TMPD/t")
	n=$(echo "$line" | awk '{ print $4 }')
	[ -n "$line" ] && [ "$n" = "$(sym_samples "$s")" ] || { diag "-v: $s"; bad=1; }
done
ok $bad "-v: every function at its KSYMBOL address, with its sym row's samples"

### the bpf_prog sort key ###
table "$OUR"
our_perf report -i "$OUR" --stdio -q -n --sort bpf_prog --no-children -g none \
	>"$TMPD/key" 2>/dev/null
bad=0
while read -r id s; do
	[ "$s" -gt 0 ] || continue
	got=$(awk -v id="$id" '$3 == id { print $2 }' "$TMPD/key")
	[ "$got" = "$s" ] || { diag "bpf_prog $id: $got, table $s"; bad=1; }
done < <(awk '{ print $1, $13 }' "$TMPD/t")
ok $bad "--sort bpf_prog: each program's row = its functions' rows summed"
total=$(our_perf report -i "$OUR" --stdio -n --sort comm 2>/dev/null |
	sed -n 's/^# Samples: \([0-9]*\) .*/\1/p')
sum=$(awk '{ s += $2 } END { print s }' "$TMPD/key")
grep -q ' \[not bpf\]$' "$TMPD/key" && [ "$(our_perf report -i "$OUR" --stdio -n --sort comm \
	-q --no-children -g none 2>/dev/null | awk '{ s += $2 } END { print s }')" = "$sum" ]
ok $? "--sort bpf_prog: [not bpf] for the rest, every sample in a row ($sum)"
our_perf report -i "$OUR" --stdio -q -n --sort comm,bpf_prog --no-children -g none \
	>"$TMPD/key2" 2>/dev/null
bad=0
while read -r id s; do
	[ "$s" -gt 0 ] || continue
	got=$(awk -v id="$id" '$3 == "bpfload" && $4 == id { print $2 }' "$TMPD/key2")
	[ "$got" = "$s" ] || bad=1
done < <(awk '{ print $1, $13 }' "$TMPD/t")
ok $bad "--sort comm,bpf_prog: bpfload's rows per program"

### perf script -F +bpf_prog ###
our_perf script -i "$OUR" -F comm,tid,bpf_prog,ip -G >"$TMPD/script" 2>/dev/null
bad=0
while read -r id s; do
	got=$(grep -c " bpf_prog=$id:" "$TMPD/script")
	[ "$got" = "$s" ] || { diag "script: $id $got lines, table $s"; bad=1; }
done < <(awk '{ print $1, $13 }' "$TMPD/t")
ok $bad "script -F bpf_prog: as many lines of a program as the table's samples"
grep -q ' bpf_prog=- ' "$TMPD/script"
ok $? "script -F bpf_prog: '-' outside BPF"

### /usr/bin/perf's files ###
for f in up-callgraph.data up-preloaded.data; do
	F=$(fixture "$f")
	table "$F"
	ok $? "$f: --bpf-progs"
	up_perf report -i "$F" --stdio -q -n --sort sym --no-children -g none \
		>"$TMPD/sym" 2>/dev/null
	# the loader of each PROG_LOAD as upstream reads its sample_id
	"$UPERF" script --show-bpf-events -i "$F" 2>/dev/null |
		awk '/PERF_RECORD_BPF_EVENT type 1,/ { print $NF, $1 "/" $2 }' >"$TMPD/loaders"
	header_progs "$F" >"$TMPD/hdr"
	bad=0 nhot=0
	while read -r id n b; do
		if [ "$(awk -v id="$id" '$1 == id' "$TMPD/t" | wc -l)" -ne 1 ] ||
		   [ "$(col "$id" 9)" != "$n" ] || [ "$(col "$id" 10)" != "$b" ]; then
			diag "$f: $id: $(awk -v id="$id" '$1 == id' "$TMPD/t" | cut -c1-120)"
			bad=1
		fi
		s=$(col "$id" 13)
		[ "$s" -gt 0 ] || continue
		nhot=$((nhot + 1))
		loader=$(col "$id" 5)
		if [ "$f" = up-preloaded.data ]; then
			want=synthesized
		else
			want=$(awk -v id="$id" '$1 == id { print $2 }' "$TMPD/loaders")
		fi
		[ "$loader" = "$want" ] || { diag "$f: $id: loader $loader, not $want"; bad=1; }
		[ "$f" = up-preloaded.data ] || [ "$(col "$id" 15)" = bpf_test_run ] ||
			{ diag "$f: $id: caller $(col "$id" 15)"; bad=1; }
	done <"$TMPD/hdr"
	ok $bad "$f: every program of the header once, functions, bytes; loader, caller"
	# samples: every BPF row of upstream's report counted in the table
	up=$(awk '$4 ~ /^bpf_prog_/ { s += $2 } END { print s + 0 }' "$TMPD/sym")
	ours=$(awk '{ s += $13 } END { print s + 0 }' "$TMPD/t")
	[ "$up" = "$ours" ] && [ $nhot -ge 4 ]
	ok $? "$f: samples in BPF = upstream's report rows ($ours, $up; $nhot programs hot)"
done
table "$(fixture up-preloaded.data)"
[ "$(awk '$5 == "synthesized" && $13 > 0' "$TMPD/t" | wc -l)" -eq 4 ]
ok $? "up-preloaded.data: the four hot programs synthesized"

### no BPF_EVENT, churn ###
table "$(fixture our-no-bpf-event.data)"
[ -s "$TMPD/t" ] && ! awk '$5 !~ /^ksymbol:/' "$TMPD/t" | grep -q . &&
	awk '{ s += $13 } END { exit !(s > 0) }' "$TMPD/t"
ok $? "--no-bpf-event file: KSYMBOL-only rows (ksymbol:<loader>) with the samples"
awk '$5 ~ /^ksymbol:bpfload\/[0-9]+$/ && $6 != "-" && $7 != "-"' "$TMPD/t" | grep -q .
ok $? "--no-bpf-event file: KSYMBOL-only rows with their loader, register and unregister times"
table "$(fixture our-churn.data)"
ok $? "our-churn.data: --bpf-progs"
n=$("$UPERF" report -D -i "$(fixture our-churn.data)" 2>/dev/null |
	grep -c 'PERF_RECORD_BPF_EVENT type 1,')
[ "$(wc -l <"$TMPD/t")" -ge "$n" ] && [ "$n" -gt 1000 ]
ok $? "our-churn.data: $n loads, each a row ($(wc -l <"$TMPD/t") rows)"

# lost side-band records: every program still a row (those of KSYMBOLs alone marked)
need_fixtures up-lost.data
L=$(fixture up-lost.data)
table "$L"
awk '{ print $1 }' "$TMPD/t" | sort -u >"$TMPD/lrows"
{ load_ids "$L"; header_progs "$L" | awk '{ print $1 }'; } | sort -u >"$TMPD/lids"
[ -z "$(comm -23 "$TMPD/lids" "$TMPD/lrows")" ] &&
	awk '$1 == "-" && $5 ~ /^ksymbol:/' "$TMPD/t" | grep -q .
ok $? "up-lost.data: every PROG_LOAD and header program a row, KSYMBOL-only ones marked"

### damaged BPF_PROG_INFO ###
for mode in cut counts; do
	id=$(perl "$TOPDIR/tests/integration/bpf-info-damage.pl" $mode "$OUR" "$TMPD/$mode.data")
	"$PERF_CHECK" report --kallsyms "$KALLSYMS" -i "$TMPD/$mode.data" --bpf-progs -q \
		>"$TMPD/t" 2>"$TMPD/e"
	rc=$?
	n=$(wc -l <"$TMPD/t")
	if [ $mode = cut ]; then
		[ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/e")" -eq 1 ] &&
			grep -q "^perf report: $TMPD/cut.data: feature BPF_PROG_INFO: " "$TMPD/e"
		ok $? "cut BPF_PROG_INFO: one line naming the file, exit $rc"
		[ "$n" -eq "$(wc -l <"$TMPD/rows")" ] && [ "$(col "$id" 12)" = none ] &&
			awk '$12 == "ok"' "$TMPD/t" | grep -q .
		ok $? "cut BPF_PROG_INFO: every row, programs from the damage on marked"
	else
		[ $rc -eq 0 ] && [ "$n" -eq "$(wc -l <"$TMPD/rows")" ] &&
			[ "$(col "$id" 12)" = bad ] &&
			[ "$(awk '$12 == "bad"' "$TMPD/t" | wc -l)" -eq 1 ]
		ok $? "inconsistent counts: every row, that program marked bad (exit $rc)"
	fi
	! grep -q 'Sanitizer\|runtime error' "$TMPD/e"
	ok $? "$mode: no sanitizer report"
done
# a file cut in its data: what was read, or one line; never a crash
size=$(stat -c %s "$OUR")
head -c $((size / 2)) "$OUR" >"$TMPD/half.data"
"$PERF_CHECK" report --kallsyms "$KALLSYMS" -i "$TMPD/half.data" --bpf-progs -q \
	>/dev/null 2>"$TMPD/e"
rc=$?
[ $rc -le 1 ] && [ "$(wc -l <"$TMPD/e")" -le 1 ] && ! grep -q 'Sanitizer\|runtime error' "$TMPD/e"
ok $? "a file cut in half: exit $rc, $(wc -l <"$TMPD/e") line(s) on stderr"

done_testing
