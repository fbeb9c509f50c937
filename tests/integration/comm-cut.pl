#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# comm-cut.pl UP OUR: print OUR (a `perf report --stdio` output) with its
# Command column cut and padded to the width of UP's, as upstream prints
# it.  Upstream sizes that column from each task's final name, so the
# name a task had before a late COMM (perf-exec, before it execs the
# command) is cut to it ("perf-ex"); we size it from the names printed.
# Only the command column of rows and of the two column header lines
# changes, event section by event section; a section whose column is as
# wide as UP's comes out as it is.
use strict;
use warnings;

my ($up, $our) = @ARGV;
die "usage: comm-cut.pl UP OUR\n" unless defined $our;

# every section's "Command" column: [header line, start, width]
sub columns {
	my ($lines) = @_;
	my @c;
	for my $i (0 .. $#$lines - 1) {
		next unless $lines->[$i] =~ /^# .*\bCommand\b/ && $lines->[$i + 1] =~ /^# \.+/;
		my $start = index($lines->[$i], 'Command');
		substr($lines->[$i + 1], $start) =~ /^(\.+)/ or next;
		push @c, [$i, $start, length($1)];
	}
	return @c;
}

sub slurp {
	my ($path) = @_;
	open(my $fh, '<', $path) or die "$path: $!\n";
	my @l = <$fh>;
	chomp(@l);
	return \@l;
}

my ($u, $o) = (slurp($up), slurp($our));
my @uc = columns($u);
my @oc = columns($o);
my @cut = (undef) x @$o;	# per line of OUR: [start, our width, up width]
for my $k (0 .. $#oc) {
	last if $k > $#uc;
	my ($head, $start, $ow) = @{$oc[$k]};
	my (undef, $ustart, $uw) = @{$uc[$k]};
	next if $ustart != $start || $uw >= $ow;
	my $end = $k < $#oc ? $oc[$k + 1][0] : scalar(@$o);
	$cut[$_] = [$start, $ow, $uw, $head] for $head .. $end - 1;
}
for my $i (0 .. $#$o) {
	my $l = $o->[$i];
	if (defined $cut[$i]) {
		my ($start, $ow, $uw, $head) = @{$cut[$i]};
		my $dots = $i == $head + 1;
		if (($i == $head || $dots || $l =~ /^ +[\d.]+%/) && length($l) >= $start + $ow) {
			my $field = substr($l, $start, $ow);
			if ($dots) {
				$field =~ s/[ .]+$//;
			} else {
				$field =~ s/ +$//;
			}
			$field = substr($field, 0, $uw);
			$field .= ($dots ? '.' : ' ') x ($uw - length($field));
			$l = substr($l, 0, $start) . $field . substr($l, $start + $ow);
		}
	}
	print "$l\n";
}
