# SPDX-License-Identifier: GPL-2.0
# Parsers of `perf annotate --stdio` and `bpftool prog dump xlated linum`
# output for annotate*.t.  Source it after lib.sh.

# src_rows FILE: "line<TAB>text" of every source row (text without its indent)
src_rows() {
	perl -ne 'print "$1\t$2\n" if /^ {9}: (\d+) +[ \t]*(.*?)\s*$/' "$1"
}

# xlated_rows FILE FUNC: the same from bpftool's dump, for the BTF function FUNC
xlated_rows() {
	perl -ne 'BEGIN { $f = shift } if (/^[^;\s].*\(.*\):$/) { ($n) = /(\w+)\(/; $in = $n eq $f; next }
		print "$3\t$1\n" if $in && /^; (.*?)\s*\[file:(\S+) line_num:(\d+) line_col:\d+\]$/' "$2" "$1"
}

# xlated_expect FILE FUNC: per source line index k, what the BPF code of the line
# does that the JITed code must do too: "k call NAME" (a BPF-to-BPF call),
# "k jcc" (a conditional goto)
xlated_expect() {
	perl -ne 'BEGIN { $f = shift; $k = -1 } if (/^[^;\s].*\(.*\):$/) { ($n) = /(\w+)\(/; $in = $n eq $f; next }
		next unless $in; if (/^; /) { $k++; next }
		print "$k call $1\n" if /: \(85\) call pc[-+]\d+#(\S+)/;
		print "$k jcc\n" if / if .* goto pc/' "$2" "$1" | sort -u
}

# annotate_facts FILE: the same facts from our block, per source row index
annotate_facts() {
	perl -ne 'BEGIN { $k = -1 } if (/^ {9}: \d+ /) { $k++; next }
		next unless /^ +[\d.]+ : +[0-9a-f]+:(\S+)\s*(.*)$/ && $k >= 0;
		($m, $o) = ($1, $2);
		print "$k call $1\n" if $m =~ /^call/ && $o =~ /<([^>+]+)>/;
		print "$k jcc\n" if $m =~ /^j/ && $m !~ /^jmp/' "$1" | sort -u
}

# insn_offsets FILE: the address of every instruction row, in hex without 0x
insn_offsets() {
	perl -ne 'print "$1\n" if /^ +[\d.]+ : +([0-9a-f]+):/' "$1"
}

# insn_bytes FILE: the --asm-raw bytes of every row, concatenated as hex
insn_bytes() {
	perl -ne 'if (/^ +[\d.]+ : +[0-9a-f]+:\s*((?:[0-9a-f]{2} )+)/) { $b = $1; $b =~ s/ //g; print $b }' "$1"
}

# objdump_offsets FILE.bin: instruction offsets of raw x86-64 code
objdump_offsets() {
	objdump -D --insn-width=15 -b binary -mi386:x86-64 "$1" | perl -ne 'print "$1\n" if /^ +([0-9a-f]+):\t/'
}

# sum_column FILE: the sum of the first column of the instruction rows
sum_column() {
	perl -ne '$s += $1 if /^ +([\d.]+) : +[0-9a-f]+:/; END { printf "%.2f\n", $s }' "$1"
}

# header_samples FILE: N of "(N samples, ..." in the block header
header_samples() {
	perl -ne 'print "$1\n" if /Source code & Disassembly of .* \((\d+) samples, percent: local period\)$/' "$1"
}

# shares_exact FILE PERIODS: every instruction row's share in FILE is its
# period in PERIODS (--show-total-period of the same block) over the sum
# of them all, as annotate computes and prints it (100.0 * p / total,
# "%.2f"): so the shares add up to 100% exactly, up to each row's
# rounding.  Prints the rows that are not; fails on them, or on no rows.
shares_exact() {
	perl -e '
		my ($pct, $per) = @ARGV;
		my (%p, $total, $rows, $bad);
		open(my $fh, "<", $per) or die "$per: $!";
		while (<$fh>) {
			next unless /^ +(\d+) : +([0-9a-f]+):/;
			$p{$2} = $1;
			$total += $1;
		}
		open($fh, "<", $pct) or die "$pct: $!";
		while (<$fh>) {
			next unless /^ +([\d.]+) : +([0-9a-f]+):/;
			my ($got, $addr) = ($1, $2);
			my $want = defined $p{$addr} && $total ?
				sprintf("%.2f", 100.0 * $p{$addr} / $total) : "none";
			$rows++;
			next if $got eq $want;
			print "$addr: $got, want $want\n";
			$bad++;
		}
		exit($bad || !$rows || $rows != keys %p ? 1 : 0);' "$1" "$2"
}

# insn_cut: annotate --stdio output with each instruction's text cut off
# after its address (objdump's and capstone's spellings differ: "push",
# "pushq"), its colors kept: "<text>" stands for the text, colored or not
insn_cut() {
	perl -pe 's/^(.*? : (?:\e\[35m)? *[0-9a-f]+:(?:\e\[m)?)(\e\[34m)?.*?(\e\[m)?((?:\e\[3\dm)? \/\/ .*)?$/$1$2<text>$3$4/'
}

# hot_cc FILE: a C++ program of one hot function, ns::hot (_ZN2ns3hotEl),
# looping ARGV[1] times (exit status 0)
hot_cc() {
	cat >"$1" <<'EOF'
#include <cstdlib>
namespace ns {
__attribute__((noinline)) long hot(long n)
{
	long s = 0;

	for (long i = 0; i < n; i++)
		s += i * i ^ (s >> 3);
	return s;
}
}

int main(int argc, char **argv)
{
	return ns::hot(atol(argv[1])) == 42;
}
EOF
}
