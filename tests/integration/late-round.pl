#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# late-round.pl IN OUT: copy a perf.data file (native byte order, not a
# pipe) with one round of records delivered late.  The data section is
# cut after each PERF_RECORD_FINISHED_ROUND; one round is moved behind
# the two rounds after it, so that a reader which flushes round by round
# has already delivered later records when its records come.  The round
# moved is the first from the middle on that holds the FORK of a task
# whose COMM is in one of the two rounds after it (the task's samples
# and name then come before the task itself), else the middle one of
# those that hold samples.  Everything else (header, attrs, features,
# the records themselves) is copied as it is.  Prints the number of
# samples and FORK records in the moved round.
use strict;
use warnings;

my ($in, $out) = @ARGV;
die "usage: $0 IN OUT\n" unless defined $out;
open(my $fh, '<:raw', $in) or die "$in: $!\n";
my $buf = do { local $/; <$fh> };
close($fh);

die "$in: not a perf.data file\n" unless substr($buf, 0, 8) eq 'PERFILE2';
# struct perf_file_header: magic, size, attr_size, attrs, data, ...
my ($doff, $dsize) = unpack('Q<Q<', substr($buf, 40, 16));
die "$in: bad data section\n" if $doff + $dsize > length($buf);

use constant { COMM => 3, FORK => 7, SAMPLE => 9, FINISHED_ROUND => 68 };

my (@rounds, @samples, @forks, @comms);
my ($start, $nsamples, %forked, %named) = ($doff, 0);
for (my $pos = $doff; $pos < $doff + $dsize;) {
	my ($type, $misc, $size) = unpack('L<S<S<', substr($buf, $pos, 8));
	die "$in: bad record size at $pos\n" if $size < 8;
	$nsamples++ if $type == SAMPLE;
	# FORK: pid, ppid, tid, ptid; COMM: pid, tid
	$forked{unpack('L<', substr($buf, $pos + 16, 4))} = 1 if $type == FORK;
	$named{unpack('L<', substr($buf, $pos + 12, 4))} = 1 if $type == COMM;
	$pos += $size;
	if ($type == FINISHED_ROUND) {
		push @rounds, substr($buf, $start, $pos - $start);
		push @samples, $nsamples;
		push @forks, {%forked};
		push @comms, {%named};
		($start, $nsamples, %forked, %named) = ($pos, 0);
	}
}
my $tail = substr($buf, $start, $doff + $dsize - $start);

my @with = grep { $samples[$_] > 0 } 0 .. $#rounds;
die "$in: fewer than 4 rounds with samples\n" if @with < 4;
my $k = $with[int(@with / 2) - 1];
ROUND: for my $r ($k .. $#rounds - 2) {
	for my $tid (keys %{$forks[$r]}) {
		if ($comms[$r + 1]{$tid} || $comms[$r + 2]{$tid}) {
			$k = $r;
			last ROUND;
		}
	}
}
die "$in: no two rounds after the middle one\n" if $k + 2 > $#rounds;

my @order = (0 .. $k - 1, $k + 1, $k + 2, $k, $k + 3 .. $#rounds);
my $data = join('', map { $rounds[$_] } @order) . $tail;
die "internal error: size changed\n" if length($data) != $dsize;

open(my $oh, '>:raw', $out) or die "$out: $!\n";
print $oh substr($buf, 0, $doff), $data, substr($buf, $doff + $dsize);
close($oh) or die "$out: $!\n";
print "$samples[$k] ", scalar(keys %{$forks[$k]}), "\n";
