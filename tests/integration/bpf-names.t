#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The naming matrix: every path that names a BPF function gives the name
# /proc/kallsyms shows (bpfload reads it there, by address):
#
#   paths:  live KSYMBOL (loaded while recording), synthesized at start
#           (loaded before), header fallback (the same file with its
#           KSYMBOL records dropped: named from BPF_PROG_INFO alone),
#           annotate (of that file), top (of the running workload)
#   shapes: one function (hot_prog_0), subprograms without and with BTF
#           (hot_prog_1, hot_prog_2), a program name over 15 characters
#           (hot_prog_3_long_name: cut to 15 without BTF)
#
# Upstream's header printer (-I) names function 0 of a program with
# subprograms and no BTF "bpf_prog_<its own tag>_F" where the kernel says
# "bpf_prog_<program tag>_<program name>": that printout keeps upstream's
# text (header.t compares it), every naming path here must not.
. "$(dirname "$0")/lib.sh"
need_root
need_workloads

# kallsyms_of OUT PROG: the kallsyms names bpfload printed for PROG
kallsyms_of() {
	sed -n "s/^prog id=[0-9]* tag=[0-9a-f]* name=$2 ksyms=\([^ ]*\).*/\1/p" "$1" | tr , ' '
}

# drop_ksymbol IN OUT: a copy of perf.data IN without its KSYMBOL records
# (type 17); the feature sections after the data move up with it
drop_ksymbol() {
	perl -e '
		open(my $in, "<:raw", $ARGV[0]) or die "$ARGV[0]: $!\n";
		local $/; my $f = <$in>;
		my ($doff, $dsize) = unpack("Q<Q<", substr($f, 40, 16));
		my $bits = unpack("%32b*", substr($f, 72, 32));
		my ($data, $p, $end) = ("", $doff, $doff + $dsize);
		while ($p + 8 <= $end) {
			my ($type, $misc, $size) = unpack("L<S<S<", substr($f, $p, 8));
			die "bad record size $size at $p\n" if $size < 8;
			$data .= substr($f, $p, $size) unless $type == 17;
			$p += $size;
		}
		my $gone = $dsize - length($data);
		my $table = substr($f, $end, 16 * $bits);
		my $fixed = "";
		for my $i (0 .. $bits - 1) {
			my ($o, $s) = unpack("Q<Q<", substr($table, 16 * $i, 16));
			$fixed .= pack("Q<Q<", $o - $gone, $s);
		}
		substr($f, 48, 8) = pack("Q<", length($data));
		open(my $out, ">:raw", $ARGV[1]) or die "$ARGV[1]: $!\n";
		print $out substr($f, 0, $doff), $data, $fixed, substr($f, $end + 16 * $bits);
		close($out) or die "$ARGV[1]: $!\n";' "$1" "$2"
}

# matrix PATH BTF OUT NAMES: a check per program: each of its functions
# is among NAMES (a file, one name per line)
matrix() {
	local path=$1 btf=$2 out=$3 names=$4 prog s missing
	for prog in hot_prog_0 hot_prog_1 hot_prog_2 hot_prog_3_long_name; do
		missing=0
		for s in $(kallsyms_of "$out" $prog); do
			grep -qxF "$s" "$names" || { diag "$path: $s not named"; missing=1; }
		done
		[ -n "$(kallsyms_of "$out" $prog)" ] && [ $missing -eq 0 ]
		ok $? "$path ($btf): $prog: every function named as /proc/kallsyms names it"
	done
}

# report_names FILE|-: the BPF names of our report's rows
report_names() {
	"$PERF" report -i "$1" --stdio --sort sym 2>/dev/null |
		grep -oE 'bpf_prog_[0-9a-f]{16}[A-Za-z0-9_]*' | sort -u
}

for btf in btf no-btf; do
	opt=""
	[ $btf = no-btf ] && opt=--no-btf

	# live KSYMBOL: loaded while recording
	timeout 60 "$PERF" record -q -o "$TMPD/live.data" -F 2000 -- \
		"$WORKLOADS/bpfload" $opt --hot 2 >"$TMPD/live.out" 2>"$TMPD/err"
	ok $? "record -- bpfload $opt --hot 2"
	report_names "$TMPD/live.data" >"$TMPD/live.names"
	matrix "live KSYMBOL" $btf "$TMPD/live.out" "$TMPD/live.names"

	# synthesized at start: loaded before
	rm -f "$TMPD/ready"
	"$WORKLOADS/bpfload" $opt --wait-signal --ready-file "$TMPD/ready" --hot 2 \
		>"$TMPD/before.out" 2>&1 &
	pid=$!
	ready_or_fail $pid "$TMPD/ready" "bpfload $opt --wait-signal"
	timeout 60 "$PERF" record -q -o "$TMPD/before.data" -F 2000 -p $pid 2>"$TMPD/err" &
	rpid=$!
	# the recorder has its events open once it names its output
	ready_or_fail $rpid "$TMPD/before.data" "perf record -p"
	kill -USR1 $pid
	wait $pid
	wait $rpid
	ok $? "record -p of bpfload $opt (loaded before)"
	report_names "$TMPD/before.data" >"$TMPD/synth.names"
	matrix "synthesized at start" $btf "$TMPD/before.out" "$TMPD/synth.names"

	# header fallback: no KSYMBOL left, only BPF_PROG_INFO names them
	drop_ksymbol "$TMPD/before.data" "$TMPD/noksym.data"
	ok $? "the file without its KSYMBOL records"
	"$UPERF" report -D -i "$TMPD/noksym.data" >"$TMPD/noksym.dump" 2>&1
	[ $? -eq 0 ] && ! grep -q 'PERF_RECORD_KSYMBOL' "$TMPD/noksym.dump" &&
		grep -q 'PERF_RECORD_SAMPLE' "$TMPD/noksym.dump"
	ok $? "  /usr/bin/perf reads it: samples and no KSYMBOL"
	report_names "$TMPD/noksym.data" >"$TMPD/header.names"
	matrix "header fallback" $btf "$TMPD/before.out" "$TMPD/header.names"
	# (the fallback is what named them: without it they are [unknown])
	"$PERF" report -i "$TMPD/noksym.data" --stdio --sort sym --no-bpf-prog-info \
		2>/dev/null | grep -q 'bpf_prog_[0-9a-f]\{16\}'
	[ $? -ne 0 ]
	ok $? "header fallback ($btf): --no-bpf-prog-info leaves them unnamed"

	# annotate of the same file: each function found by its kallsyms name
	: >"$TMPD/annotate.names"
	for s in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$TMPD/before.out" | tr , ' '); do
		"$PERF" annotate --stdio -i "$TMPD/noksym.data" "$s" 2>/dev/null |
			grep -q "Source code & Disassembly of $s for " && echo "$s" >>"$TMPD/annotate.names"
	done
	matrix "annotate" $btf "$TMPD/before.out" "$TMPD/annotate.names"

	# top of the running workload (loaded before top started)
	rm -f "$TMPD/ready"
	"$WORKLOADS/bpfload" $opt --ready-file "$TMPD/ready" --hot 30 >"$TMPD/top.bl" 2>&1 &
	pid=$!
	ready_or_fail $pid "$TMPD/ready" "bpfload $opt --hot"
	timeout 60 "$PERF" top --stdio -p $pid -d 0.5 -E 300 </dev/null >"$TMPD/top.out" \
		2>"$TMPD/top.err" &
	tpid=$!
	# until every function shows (30 s at most), then stop both
	for _ in $(seq 300); do
		all=1
		for s in $(sed -n 's/.* ksyms=\([^ ]*\).*/\1/p' "$TMPD/top.bl" | tr , ' '); do
			grep -qE "%  $s +\[k\] $s\$" "$TMPD/top.out" || { all=0; break; }
		done
		[ $all = 1 ] && break
		kill -0 $tpid 2>/dev/null || break
		sleep 0.1
	done
	kill -INT $tpid 2>/dev/null
	wait $tpid
	kill -INT $pid 2>/dev/null
	wait $pid
	grep -oE 'bpf_prog_[0-9a-f]{16}[A-Za-z0-9_]*' "$TMPD/top.out" | sort -u >"$TMPD/top.names"
	matrix "top" $btf "$TMPD/top.bl" "$TMPD/top.names"
done

# the regression: function 0 of a program with subprograms and no BTF
main=$(kallsyms_of "$TMPD/before.out" hot_prog_1 | cut -d' ' -f1)
case $main in
bpf_prog_*_hot_prog_1) ok 0 "no BTF: the kernel names function 0 after the program ($main)" ;;
*) ok 1 "no BTF: the kernel names function 0 after the program ($main)" ;;
esac
"$PERF" report --header-only -I -i "$TMPD/before.data" 2>/dev/null |
	grep -q "sub_prog 0: bpf_prog_[0-9a-f]\{16\}_F "
ok $? "  while the header printout (-I) keeps upstream's _F for it"

done_testing
