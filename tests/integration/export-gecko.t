#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script report gecko: upstream's Gecko profile layout (meta with
# its categories, a thread per tid named after its last comm, samples,
# frame, stack and string tables whose every index holds), BPF programs
# in a third category of their own, not User; per thread the samples
# perf script shows, in time order; a program's share of the samples
# what upstream's report --children gives it.  Bad input: one line, no file.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/export-lib.sh"
need_upstream
need_fixtures up-callgraph.data up-system-wide.data up-callgraph-per-thread.data
perl -MJSON::PP -e 1 2>/dev/null || skip_all "no JSON::PP (perl)"

for f in up-callgraph up-system-wide up-callgraph-per-thread; do
	in=$(fixture "$f.data")
	out=$TMPD/$f.json
	our_report gecko -i "$in" -o "$out" 2>"$TMPD/err"
	ok $? "$f: written"
	perl "$TOPDIR/tests/integration/gecko-check.pl" "$out" '^bpf_prog_[0-9a-f]+_' \
		>"$TMPD/check" 2>"$TMPD/check.err"
	ok $? "$f: JSON that reads"
	grep -qx 'meta 24 User,Kernel,BPF' "$TMPD/check"
	ok $? "$f: meta version 24, categories User, Kernel and BPF"
	! grep -q '^bad' "$TMPD/check"
	ok $? "$f: every stack, frame and string index holds, times in order $(grep -m1 '^bad' "$TMPD/check")"
	# per tid: the samples and the last comm upstream's perf script shows
	up_perf script -i "$in" -F tid,comm -G 2>/dev/null |
		awk '{ n[$2]++; c[$2] = $1 } END { for (t in n) print t, n[t], c[t] }' |
		sort -n >"$TMPD/want"
	awk '$1 == "thread" { print $2, $4, $5 }' "$TMPD/check" | sort -n >"$TMPD/got"
	is_same_file "$TMPD/got" "$TMPD/want" "$f: a thread per tid, its samples, its last comm"
	if grep -q '^category' "$TMPD/check"; then
		! grep '^category' "$TMPD/check" | grep -qv '^category 2 '
		ok $? "$f: every BPF program in the BPF category ($(grep -c '^category' "$TMPD/check"))"
	fi
done

# a program's share: samples with it on their stack, against report --children
in=$(fixture up-callgraph.data)
children_shares "$in" >"$TMPD/shares"
awk '$2 ~ /^bpf_prog_[0-9a-f]+_hot/ && $1 >= 1' "$TMPD/shares" | head -4 >"$TMPD/hot"
[ -s "$TMPD/hot" ]
ok $? "hot programs in upstream's report"
while read -r share name; do
	perl "$TOPDIR/tests/integration/gecko-check.pl" "$TMPD/up-callgraph.json" \
		"^$name \\(in " >"$TMPD/check"
	read -r _ m _ n < <(grep '^match' "$TMPD/check")
	awk -v m="$m" -v n="$n" -v w="$share" 'BEGIN { g = 100 * m / n; exit !(g - w < 0.1 && w - g < 0.1) }'
	ok $? "$name: on $m of $n stacks = report --children's $share%"
done <"$TMPD/hot"
grep -q '(in \[kernel.kallsyms\])' "$TMPD/up-callgraph.json"
ok $? "frames named 'symbol (in dso)'"

head -c 300000 "$in" >"$TMPD/cut.data"
"$PERF" script report gecko -i "$TMPD/cut.data" -o "$TMPD/cut.json" 2>"$TMPD/cut.err"
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/cut.err")" -eq 1 ] && [ ! -e "$TMPD/cut.json" ]
ok $? "truncated file: exit $rc, one line, no file ($(cat "$TMPD/cut.err"))"
"$PERF_ASAN" script report gecko --kallsyms "$KALLSYMS" -i "$in" -o "$TMPD/asan.json" \
	2>"$TMPD/asan.err"
ok $? "ASan build: clean"
cmp -s "$TMPD/asan.json" "$TMPD/up-callgraph.json"
ok $? "ASan build: the same profile"

done_testing
