#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf annotate --stdio2 (issue 20; ui/annotate-stdio2.c): the browser's
# layout printed as text, against /usr/bin/perf annotate --stdio2 on the
# fixture's libc functions (by build id), line for line: the title (the
# symbol's samples and count when it is named, the event's otherwise),
# the symbol line, every source row whole, and of every instruction row
# the share, the jump target's offset and the arrow (jump, call, return);
# the instruction's text is cut off (objdump's "push", capstone's
# "pushq"; upstream pads them to its longest mnemonic).
#
# Left out, named: the symbol's alias on objdump's "<address> <name>:"
# row with --no-source (as annotate-options.t), the functions whose
# source rows upstream takes from addr2line's compilation unit (read_int)
# or whose AVX-512 code capstone and objdump split otherwise
# (__strcmp_evex).
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-bpf-btf.data
command -v objdump >/dev/null || skip_all "no objdump for /usr/bin/perf annotate (binutils)"

F=$(fixture up-bpf-btf.data)

# stdio2_cut: each instruction row cut after its arrow column, source
# rows whole (the source indent: the block's "Disassembly of section"
# row's), trailing blanks off, objdump's "<address> <name>:" row left out
stdio2_cut() {
	perl -CSD -ne 'BEGIN { $ind = 14 }
		s/\s+$//;
		$ind = length($1) if /^( +)Disassembly of section/;
		next if /^ +[0-9a-f]{16} <.*>:$/;
		$c = length($_) > $ind ? substr($_, $ind, 1) : " ";
		if (/^(Samples|Percent)/ || length($_) <= $ind || ($c ne " " && $c !~ /[\x{2190}-\x{2193}]/)) {
			print "$_\n";
		} else {
			($p = substr($_, 0, $ind + 2)) =~ s/\s+$//;
			print "$p\n";
		}'
}

# compare ARGS...: both perfs' --stdio2, cut, equal and not empty
compare() {
	"$UPERF" annotate --stdio2 -i "$F" "$@" 2>/dev/null | stdio2_cut >"$TMPD/up"
	"$PERF" annotate --stdio2 -i "$F" "$@" 2>/dev/null | stdio2_cut >"$TMPD/our"
	[ -s "$TMPD/up" ] || diag "upstream printed nothing for $*"
	is_same_file "$TMPD/our" "$TMPD/up" \
		"annotate --stdio2 $* as upstream's ($(wc -l <"$TMPD/up") lines)"
}

compare __vfscanf_internal
compare _IO_default_uflow
compare --no-source _IO_default_uflow
compare --no-source __vfscanf_internal

# arrows: jumps down and up, calls (direct and through memory), returns
for a in '↓' '↑' '→' '←'; do
	grep -q "$a" "$TMPD/our"
	ok $? "--stdio2: rows with $a"
done
grep -q '^ \+[0-9a-f]\+:$' "$TMPD/our"
ok $? "--stdio2: jump targets' offsets"

# all symbols: each block's first two lines as upstream's (the event's
# totals), for the symbols both print
"$UPERF" annotate --stdio2 -i "$F" 2>/dev/null | grep -A1 '^Samples: ' | grep -v '^--' |
	paste - - | sort >"$TMPD/up.heads"
"$PERF" annotate --stdio2 -i "$F" 2>/dev/null | grep -A1 '^Samples: ' | grep -v '^--' |
	paste - - | sort >"$TMPD/our.heads"
common=$(comm -12 "$TMPD/up.heads" "$TMPD/our.heads" | wc -l)
[ "$common" -ge 15 ] && [ -z "$(comm -23 "$TMPD/up.heads" "$TMPD/our.heads")" ]
ok $? "--stdio2 of every symbol: upstream's $(wc -l <"$TMPD/up.heads") titles and symbol lines among ours"

# the other options of --stdio do not change it
"$PERF" annotate --stdio2 -i "$F" _IO_default_uflow >"$TMPD/a" 2>/dev/null
"$PERF" annotate --stdio2 --stdio -i "$F" _IO_default_uflow >"$TMPD/b" 2>/dev/null
cmp -s "$TMPD/a" "$TMPD/b"
ok $? "--stdio2 with --stdio: --stdio2's layout"
done_testing
