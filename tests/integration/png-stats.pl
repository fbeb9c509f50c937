#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# png-stats.pl FILE: "WIDTHxHEIGHT COLOURS INKED" of an 8-bit RGB(A) PNG
# (what Chromium's --screenshot writes): the distinct colours and the
# share (0..1) of pixels that differ from the top-left one (the page's
# background).  A blank page has 1 colour and 0 inked.
use strict;
use warnings;
use Compress::Zlib;

open(my $fh, '<:raw', $ARGV[0]) or die "png-stats: $ARGV[0]: $!\n";
local $/;
my $png = <$fh>;
substr($png, 0, 8) eq "\x89PNG\r\n\x1a\n" or die "png-stats: not a PNG\n";
my ($w, $h, $depth, $ctype, $idat) = (0, 0, 0, 0, '');
my $pos = 8;
while ($pos + 8 <= length $png) {
	my ($len, $type) = unpack('Na4', substr($png, $pos, 8));
	my $body = substr($png, $pos + 8, $len);
	($w, $h, $depth, $ctype) = unpack('NNCC', $body) if $type eq 'IHDR';
	$idat .= $body if $type eq 'IDAT';
	$pos += 12 + $len;
}
$depth == 8 && ($ctype == 2 || $ctype == 6) or die "png-stats: not 8-bit RGB(A)\n";
my $bpp = $ctype == 6 ? 4 : 3;
my $raw = uncompress($idat) // die "png-stats: bad image data\n";
my $stride = $w * $bpp;
my (@prev, %colours, $bg);
my $inked = 0;
@prev = (0) x $stride;
for my $y (0 .. $h - 1) {
	my $off = $y * ($stride + 1);
	my $filter = ord(substr($raw, $off, 1));
	my @cur = unpack('C*', substr($raw, $off + 1, $stride));
	for my $i (0 .. $stride - 1) {
		my $a = $i >= $bpp ? $cur[$i - $bpp] : 0;
		my $b = $prev[$i];
		my $c = $i >= $bpp ? $prev[$i - $bpp] : 0;
		my $x = $cur[$i];
		if ($filter == 1) { $x += $a }
		elsif ($filter == 2) { $x += $b }
		elsif ($filter == 3) { $x += int(($a + $b) / 2) }
		elsif ($filter == 4) {
			my $p = $a + $b - $c;
			my ($pa, $pb, $pc) = (abs($p - $a), abs($p - $b), abs($p - $c));
			$x += ($pa <= $pb && $pa <= $pc) ? $a : ($pb <= $pc ? $b : $c);
		}
		$cur[$i] = $x & 255;
	}
	for (my $i = 0; $i < $stride; $i += $bpp) {
		my $px = join(',', @cur[$i .. $i + 2]);
		$bg //= $px;
		$colours{$px} = 1;
		$inked++ if $px ne $bg;
	}
	@prev = @cur;
}
printf "%dx%d %d %.4f\n", $w, $h, scalar(keys %colours), $w * $h ? $inked / ($w * $h) : 0;
