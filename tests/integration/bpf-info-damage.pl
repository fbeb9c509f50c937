#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# bpf-info-damage.pl MODE IN OUT: a copy of the perf.data file IN (native,
# little endian) with its BPF_PROG_INFO feature (25) damaged:
#   cut     the program in the middle says its data runs past the section
#           (a section cut there: it and those after it are lost)
#   counts  the first program with a JITed function or more says
#           nr_jited_func_lens is one less than nr_jited_ksyms (counts that
#           do not match; the arrays still inside the section)
# Prints the id of the program changed.
use strict;
use warnings;

my ($mode, $in, $out) = @ARGV;
die "usage: $0 cut|counts IN OUT\n" unless $out && $mode =~ /^(cut|counts)$/;
open(my $fh, '<:raw', $in) or die "$in: $!\n";
my $buf = do { local $/; <$fh> };
close $fh;

die "$in: not a native perf.data file\n" unless substr($buf, 0, 8) eq 'PERFILE2';
my ($data_off, $data_size) = unpack('Q<Q<', substr($buf, 40, 16));
my @bits = unpack('Q<4', substr($buf, 72, 32));
my $feat = 25;
die "$in: no BPF_PROG_INFO\n" unless ($bits[$feat >> 6] >> ($feat & 63)) & 1;
# the feature's place among the set bits: its {offset, size} in the table
my $idx = 0;
for my $f (0 .. $feat - 1) {
	$idx++ if ($bits[$f >> 6] >> ($f & 63)) & 1;
}
my ($off, $size) = unpack('Q<Q<', substr($buf, $data_off + $data_size + 16 * $idx, 16));
my $count = unpack('L<', substr($buf, $off, 4));

{
	my $p = $off + 4;
	my $done;
	for my $i (0 .. $count - 1) {
		my ($info_len, $data_len) = unpack('L<L<', substr($buf, $p, 8));
		my $info = $p + 16;
		my ($id) = unpack('L<', substr($buf, $info + 4, 4));
		my ($nr_ksyms, $nr_lens) = unpack('L<L<', substr($buf, $info + 104, 8));
		if ($mode eq 'cut' && $i == int($count / 2)) {
			substr($buf, $p + 4, 4) = pack('L<', 0x7fffffff);
			print "$id\n";
			$done = 1;
			last;
		}
		if ($mode eq 'counts' && $info_len >= 112 && $nr_ksyms > 1 && $nr_lens == $nr_ksyms) {
			substr($buf, $info + 108, 4) = pack('L<', $nr_lens - 1);
			print "$id\n";
			$done = 1;
			last;
		}
		$p = $info + $info_len + $data_len;
	}
	die "$in: no program to damage\n" unless $done;
}
open($fh, '>:raw', $out) or die "$out: $!\n";
print $fh $buf;
close $fh;
