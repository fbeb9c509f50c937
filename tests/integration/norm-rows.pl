#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# norm-rows.pl WIDTH < rows: report rows single-spaced, with two things
# upstream prints by chance taken out (report-unordered.t):
# - a command longer than the column upstream sized for it is cut there
#   (upstream sizes the column before a late COMM renames a task);
# - an [unknown] row's level is '?': upstream takes it from whichever
#   sample made the entry first, with the levels of that sample's frames.
use strict;
use warnings;

my $width = shift // die "usage: norm-rows.pl WIDTH\n";
while (my $line = <STDIN>) {
	chomp $line;
	my ($nums, $comm, $dso, $level, $sym) =
		$line =~ /^\s*((?:[\d.]+%\s+)+\d+)\s+(\S.*?)\s{2,}(\S.*?)\s+\[(.)\] (.*)$/
		or die "not a row: $line\n";
	$nums =~ s/\s+/ /g;
	$comm = substr($comm, 0, $width);
	$level = '?' if $dso eq '[unknown]';
	print "$nums $comm $dso [$level] $sym\n";
}
