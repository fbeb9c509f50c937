#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# comm-cut-sep.pl SEP UP OUR: comm-cut.pl for `perf report -t SEP`
# output, which has no line of dots: OUR with its Command field cut and
# padded to the width of UP's "Command" header field (upstream sizes
# that column from each task's final name and cuts a name it had before
# a late COMM: "perf-ex"), on the header line and the rows after it.
use strict;
use warnings;

my ($sep, $up, $our) = @ARGV;
die "usage: comm-cut-sep.pl SEP UP OUR\n" unless defined $our;

# a file's lines, without their newlines
sub lines_of {
	open(my $fh, '<', $_[0]) or die "$_[0]: $!\n";
	chomp(my @l = <$fh>);
	return \@l;
}

# the header lines' Command field: index and width, one per section
sub columns {
	my ($lines) = @_;
	my @c;
	for my $l (@$lines) {
		next unless $l =~ /^# / && index($l, "${sep}Command") >= 0;
		my @f = split(/\Q$sep\E/, $l, -1);
		for my $i (0 .. $#f) {
			push @c, [$i, length($f[$i])] if $f[$i] =~ /^Command *$/;
		}
	}
	return @c;
}

my ($u, $o) = (lines_of($up), lines_of($our));
my @uc = columns($u);
my $k = -1;
my ($idx, $uw);
for my $l (@$o) {
	if ($l =~ /^# / && index($l, "${sep}Command") >= 0) {
		$k++;
		($idx, $uw) = $k <= $#uc ? @{$uc[$k]} : (undef, undef);
	}
	if (defined $idx && ($l =~ /^# / || $l =~ /^ +[\d.]+%/) && index($l, $sep) >= 0) {
		my @f = split(/\Q$sep\E/, $l, -1);
		if ($idx <= $#f) {
			# (a separator starting with a space: padding of dots)
			my $pad = substr($sep, 0, 1) eq ' ' && $l !~ /^# / ? '.' : ' ';
			(my $field = $f[$idx]) =~ s/\Q$pad\E+$//;
			$field = substr($field, 0, $uw);
			$f[$idx] = $field . ($pad x ($uw - length($field)));
			$l = join($sep, @f);
		}
	}
	print "$l\n";
}
