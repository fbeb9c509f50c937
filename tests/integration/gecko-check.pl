#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# gecko-check.pl FILE.json [REGEX]: read a Gecko profile (core JSON::PP)
# and print what the test compares:
#   meta <version> <category names joined by ,>
#   thread <tid> <pid> <samples> <name>
#   bad <what>			for every broken index or order
#   category <n> <frame string>	of the frames whose string matches REGEX
#   match <samples with a frame matching REGEX in their stack> of <samples>
use strict;
use warnings;
use JSON::PP;

open(my $fh, '<:raw', $ARGV[0]) or die "gecko-check: $ARGV[0]: $!\n";
local $/;
my $p = JSON::PP->new->decode(<$fh>);
my $re = defined $ARGV[1] ? qr/$ARGV[1]/ : undef;
my $m = $p->{meta};
print "meta $m->{version} ", join(',', map { $_->{name} } @{$m->{categories}}), "\n";
my ($total, $matched, %cat) = (0, 0);
for my $t (@{$p->{threads}}) {
	my $st = $t->{stackTable}{data};
	my $ft = $t->{frameTable}{data};
	my $strs = $t->{stringTable};
	my $samples = $t->{samples}{data};
	printf "thread %d %d %d %s\n", $t->{tid}, $t->{pid}, scalar(@$samples), $t->{name};
	for my $i (0 .. $#$st) {
		my ($prefix, $frame) = @{$st->[$i]};
		print "bad prefix $i\n" if defined $prefix && $prefix >= $i;
		print "bad frame $i\n" if $frame > $#$ft;
	}
	for my $f (@$ft) {
		print "bad string $f->[0]\n" if $f->[0] > $#$strs;
		next unless $re && $strs->[$f->[0]] =~ $re;
		$cat{$strs->[$f->[0]]} = $f->[7];
	}
	my $last = 0;
	for my $s (@$samples) {
		my ($stack, $time) = @$s;
		print "bad stack $stack\n" if $stack > $#$st;
		print "bad time order $time\n" if $time < $last;
		$last = $time;
		$total++;
		next unless $re;
		for (my $i = $stack; defined $i; $i = $st->[$i][0]) {
			if ($strs->[$ft->[$st->[$i][1]][0]] =~ $re) {
				$matched++;
				last;
			}
		}
	}
}
print "category $cat{$_} $_\n" for sort keys %cat;
print "match $matched of $total\n";
