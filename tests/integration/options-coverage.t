#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Drop-in coverage of upstream's options (issue 20): every long option of
# upstream perf 6.1's record, report, script, top and annotate -h is in
# ours' -h, or listed in Documentation/perf/options-coverage.txt as not
# applicable (and then parsed by ours) or as missing (and then not in
# ours: the list only shrinks).  The table per command goes out as TAP
# diagnostics.
. "$(dirname "$0")/lib.sh"
need_upstream

list=$TOPDIR/Documentation/perf/options-coverage.txt
[ -r "$list" ] || { plan 1; ok 1 "$list is readable"; exit 1; }

# long_options COMMAND PERF: the long option names of PERF COMMAND -h,
# one a line, from the option column only (never from the help texts)
long_options() {
	"$2" "$1" -h 2>&1 |
		sed -nE 's/^    (-[^ ], |    )--(\[no-\])?([A-Za-z0-9][-A-Za-z0-9]*).*/\3/p' | sort -u
}

# listed COMMAND CLASS: the options of the list of that command and class
listed() {
	awk -v c="$1" -v k="$2" '$1 == c && $3 == k { print $2 }' "$list" | sort -u
}

bad=$(awk '!/^#/ && NF && (NF < 3 || ($3 != "na" && $3 != "missing")) { print NR }' "$list" | tr '\n' ' ')
[ -z "$bad" ]
ok $? "options-coverage.txt: every line is 'command option na|missing [reason]'${bad:+ (lines $bad)}"
dup=$(awk '!/^#/ && NF { print $1, $2 }' "$list" | sort | uniq -d | tr '\n' ' ')
[ -z "$dup" ]
ok $? "options-coverage.txt lists each option once${dup:+ (twice: $dup)}"
nr=$(awk '!/^#/ && NF && $3 == "na" && NF < 4' "$list" | wc -l)
[ "$nr" -eq 0 ]
ok $? "every not-applicable option says why"

diag "" "command    upstream  implemented  n/a  missing"
for cmd in record report script top annotate; do
	long_options $cmd "$UPERF" >"$TMPD/$cmd.up"
	long_options $cmd "$PERF" >"$TMPD/$cmd.our"
	listed $cmd na >"$TMPD/$cmd.na"
	listed $cmd missing >"$TMPD/$cmd.missing"
	[ -s "$TMPD/$cmd.up" ] && [ -s "$TMPD/$cmd.our" ]
	ok $? "$cmd: both -h list long options ($(wc -l <"$TMPD/$cmd.up") upstream's)"

	# implemented: upstream's and in ours, listed nowhere
	comm -12 "$TMPD/$cmd.up" "$TMPD/$cmd.our" | comm -23 - "$TMPD/$cmd.na" >"$TMPD/$cmd.impl"
	# an upstream option in no list and not in ours
	cat "$TMPD/$cmd.our" "$TMPD/$cmd.na" "$TMPD/$cmd.missing" | sort -u >"$TMPD/$cmd.known"
	unlisted=$(comm -23 "$TMPD/$cmd.up" "$TMPD/$cmd.known" | tr '\n' ' ')
	[ -z "$unlisted" ]
	ok $? "$cmd: every upstream option is ours or listed${unlisted:+ (neither: $unlisted)}"
	# the missing list only shrinks
	done_now=$(comm -12 "$TMPD/$cmd.missing" "$TMPD/$cmd.our" | tr '\n' ' ')
	[ -z "$done_now" ]
	ok $? "$cmd: no option listed missing is implemented${done_now:+ (now implemented, drop from the list: $done_now)}"
	# not applicable: still parsed by ours
	unparsed=$(comm -23 "$TMPD/$cmd.na" "$TMPD/$cmd.our" | tr '\n' ' ')
	[ -z "$unparsed" ]
	ok $? "$cmd: every not-applicable option is parsed by ours${unparsed:+ (not: $unparsed)}"
	# no stale line: each listed option is upstream's
	stale=$(cat "$TMPD/$cmd.na" "$TMPD/$cmd.missing" | sort -u | comm -23 - "$TMPD/$cmd.up" |
		tr '\n' ' ')
	[ -z "$stale" ]
	ok $? "$cmd: the list names only upstream's options${stale:+ (not in upstream -h: $stale)}"

	nna=$(comm -12 "$TMPD/$cmd.na" "$TMPD/$cmd.up" | wc -l)
	nmiss=$(comm -12 "$TMPD/$cmd.missing" "$TMPD/$cmd.up" | wc -l)
	ncand=$(awk -v c=$cmd '$1 == c && $3 == "missing" && $4 == "n/a:"' "$list" | wc -l)
	nup=$(wc -l <"$TMPD/$cmd.up")
	nimpl=$(wc -l <"$TMPD/$cmd.impl")
	printf -v row '%-10s %8d  %11d  %3d  %7d  (n/a once parsed: %d)' \
		"$cmd" "$nup" "$nimpl" "$nna" "$nmiss" "$ncand"
	diag "$row"
done

done_testing
