#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# split-dup-rows.pl UP OUR: report rows ("pct% [pct%] samples key...") of
# upstream and ours.  Keys upstream printed on more than one row where ours
# has other rows (two symbols of one name are two rows in both) go apart:
# UP.single and OUR.single get the other rows; each such key is printed
# with upstream's sums and ours, and the exit status is 1 when ours is not
# one row with upstream's samples and first percentage summed (to the
# rounding of its rows).
use strict;
use warnings;

sub rows {
	my ($file) = @_;
	open(my $fh, '<', $file) or die "$file: $!\n";
	my @rows;
	while (my $line = <$fh>) {
		chomp $line;
		my ($pct, $n, $key) = $line =~ /^\s*([\d.]+)%\s+(?:[\d.]+%\s+)?(\d+)\s+(.*\S)\s*$/
			or die "$file: not a row: $line\n";
		$key =~ s/\s+/ /g;
		(my $norm = $line) =~ s/\s+/ /g;
		push @rows, [$line, $n, $key, $pct, $norm];
	}
	return @rows;
}

my ($up, $our) = @ARGV;
my @up = rows($up);
my @our = rows($our);
my (%times, %sum, %pct, %ours, %our_pct, %our_rows, %up_lines, %our_lines);
for (@up) {
	$times{$_->[2]}++;
	$sum{$_->[2]} += $_->[1];
	$pct{$_->[2]} += $_->[3];
	push @{$up_lines{$_->[2]}}, $_->[4];
}
for (@our) {
	$ours{$_->[2]} += $_->[1];
	$our_pct{$_->[2]} += $_->[3];
	$our_rows{$_->[2]}++;
	push @{$our_lines{$_->[2]}}, $_->[4];
}
my @dups = sort grep {
	$times{$_} > 1 &&
	join("\n", sort @{$up_lines{$_}}) ne join("\n", sort @{$our_lines{$_} // []})
} keys %times;
my %dup = map { $_ => 1 } @dups;
my $bad = 0;
for my $k (@dups) {
	my $o = $ours{$k} // 0;
	my $r = $our_rows{$k} // 0;
	my $p = $our_pct{$k} // 0;
	printf "%s: upstream %d rows, %d samples, %.2f%%; ours %d row(s), %d samples, %.2f%%\n",
		$k, $times{$k}, $sum{$k}, $pct{$k}, $r, $o, $p;
	$bad = 1 if $r != 1 || $o != $sum{$k} || abs($p - $pct{$k}) > 0.01 * $times{$k} + 1e-9;
}
for ([$up, \@up], [$our, \@our]) {
	my ($file, $rows) = @$_;
	open(my $fh, '>', "$file.single") or die "$file.single: $!\n";
	print $fh "$_->[0]\n" for grep { !$dup{$_->[2]} } @$rows;
	close($fh) or die "$file.single: $!\n";
}
exit $bad;
