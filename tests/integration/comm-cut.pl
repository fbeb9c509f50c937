#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# comm-cut.pl UP OUR: print OUR (a `perf report --stdio` output) with its
# Command column cut and padded to the width of UP's, as upstream prints
# it.  Upstream sizes that column from each task's final name, so the
# name a task had before a late COMM (perf-exec, before it execs the
# command) is cut to it ("perf-ex"); we size it from the names printed.
# Only the command column of rows and of the two column header lines
# changes; an output whose column is as wide as UP's comes out as it is.
use strict;
use warnings;

my ($up, $our) = @ARGV;
die "usage: comm-cut.pl UP OUR\n" unless defined $our;

# the column of "Command": its start and width, from the dots line below
sub column {
	my ($lines) = @_;
	for my $i (0 .. $#$lines - 1) {
		next unless $lines->[$i] =~ /^# .*\bCommand\b/ && $lines->[$i + 1] =~ /^# \.+/;
		my $start = index($lines->[$i], 'Command');
		my $dots = substr($lines->[$i + 1], $start);
		$dots =~ /^(\.+)/ or return;
		return ($start, length($1), $i);
	}
	return;
}

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!\n";
	my @l = <$fh>;
	chomp(@l);
	return \@l;
}

my ($u, $o) = (slurp($up), slurp($our));
my ($ustart, $uw) = column($u);
my ($ostart, $ow, $ohead) = column($o);
if (!defined $uw || !defined $ow || $ustart != $ostart || $uw >= $ow) {
	print "$_\n" for @$o;
	exit 0;
}
for my $i (0 .. $#$o) {
	my $l = $o->[$i];
	my $row = $l =~ /^ +[\d.]+%/;
	my $head = $i == $ohead || $i == $ohead + 1;
	if (($row || $head) && length($l) >= $ostart + $ow) {
		my $field = substr($l, $ostart, $ow);
		my $fill = $head && $i == $ohead + 1 ? '.' : ' ';
		$field =~ s/[ .]+$// if $head && $i == $ohead + 1;
		$field =~ s/ +$//;
		$field = substr($field, 0, $uw);
		$field .= $fill x ($uw - length($field));
		$l = substr($l, 0, $ostart) . $field . substr($l, $ostart + $ow);
	}
	print "$l\n";
}
