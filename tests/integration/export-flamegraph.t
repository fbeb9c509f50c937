#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script report flamegraph: the page of a -g recording of the BPF
# workload (a fixture), loaded in headless Chromium with its script
# running: every hot program is a frame of the BPF colour class, and a
# search for one reports the share upstream's perf report --children
# gives it (to 0.1%); a screenshot is not blank; the file refers to
# nothing outside itself.  Files without -g draw comm, dso, symbol
# levels; the differential page colours by the change of share; bad
# input gives one line and no file.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/export-lib.sh"
need_upstream
need_chromium
need_fixtures up-callgraph.data our-callgraph.data up-system-wide.data

cg=$(fixture up-callgraph.data)
html=$TMPD/fg.html
our_report flamegraph -i "$cg" -o "$html" 2>"$TMPD/fg.err"
ok $? "flamegraph of up-callgraph.data: exit 0"
[ -s "$html" ]
ok $? "wrote $(basename "$html") ($(stat -c %s "$html" 2>/dev/null) bytes)"
! grep -qiE 'https?://' "$html"
ok $? "no http(s):// reference in the page"
! grep -qiE '<(script|link|img)[^>]* (src|href)=' "$html"
ok $? "no script, style sheet or image loaded from elsewhere"

dom_of "$html" >"$TMPD/dom.html"
grep -q 'data-render-ms=' "$TMPD/dom.html"
ok $? "the page's script ran ($(grep -o 'data-render-ms="[^"]*"' "$TMPD/dom.html"))"

# the hot programs: BPF functions of 1% and more, upstream's shares
children_shares "$cg" >"$TMPD/shares"
awk '$2 ~ /^bpf_prog_[0-9a-f]+_hot/ && $1 >= 1' "$TMPD/shares" >"$TMPD/hot"
nhot=$(wc -l <"$TMPD/hot")
[ "$nhot" -ge 4 ]
ok $? "upstream's report has $nhot hot BPF functions"
while read -r share name; do
	grep -qE "class=\"f k-bpf[^\"]*\"[^>]*>$name</div>" "$TMPD/dom.html"
	ok $? "$name: a frame of class k-bpf"
	dom_of "$html" "q=/^$name\$/" >"$TMPD/q.html"
	got=$(grep -o 'id="matched"[^>]*data-share="[^"]*"' "$TMPD/q.html" | sed 's/.*data-share="//; s/"//')
	grep -qE "class=\"f k-bpf[^\"]* match\"[^>]*>$name</div>" "$TMPD/q.html"
	ok $? "$name: highlighted by the search"
	awk -v g="${got:-x}" -v w="$share" 'BEGIN { exit !(g != "x" && g - w < 0.1 && w - g < 0.1) }'
	ok $? "$name: matched share ${got:-none}% = report --children's $share%"
done <"$TMPD/hot"
# every program's samples at once: a regular expression
want=$(awk '$2 ~ /^bpf_prog_test_run_skb$/ { print $1 }' "$TMPD/shares")
dom_of "$html" "q=/^bpf_prog_test_run_skb\$/" >"$TMPD/q.html"
got=$(grep -o 'data-share="[^"]*"' "$TMPD/q.html" | sed 's/.*="//; s/"//')
awk -v g="${got:-x}" -v w="${want:-y}" 'BEGIN { exit !(g - w < 0.1 && w - g < 0.1) }'
ok $? "bpf_prog_test_run_skb (kernel): ${got:-none}% = $want%"

# a person's use: hover, click to zoom, flip, reset, search, clear (a driver
# script put into a copy of the page)
name=$(head -1 "$TMPD/hot" | cut -d' ' -f2)
sed "s/\$NAME/$name/" "$TOPDIR/tests/integration/flamegraph-driver.js" >"$TMPD/driver.js"
awk -v d="$TMPD/driver.js" '/^<\/body>/ { print "<script>"; while ((getline l < d) > 0) print l;
	print "</script>" } { print }' "$html" >"$TMPD/driven.html"
dom_of "$TMPD/driven.html" >"$TMPD/driven.dom"
attr() { grep -o "data-drive-$1=\"[^\"]*\"" "$TMPD/driven.dom" | sed 's/^[^"]*"//; s/"$//'; }
[ "$(attr found)" = yes ]
ok $? "driver: found $name"
case "$(attr hover)" in *"$name"*samples*) ok 0 "hover: $(attr hover)" ;;
	*) ok 1 "hover shows name and samples: $(attr hover)" ;; esac
zw=$(attr zoomwidth) cw=$(attr chartwidth)
[ -n "$zw" ] && [ "$zw" -ge $((cw - 2)) ] && [ "$(attr ancestors)" -ge 2 ]
ok $? "click: the frame zoomed to the chart's width ($zw of $cw px), $(attr ancestors) callers above"
[ "$(attr toggletext)" = Icicle ] && awk -v t="$(attr flametop)" 'BEGIN { exit !(t > 0) }'
ok $? "toggle: flame (the frame at top $(attr flametop) px)"
[ "$(attr resetframes)" = "$(attr frames)" ]
ok $? "reset: the whole graph again ($(attr frames) frames)"
case "$(attr matched)" in Matched:*) [ "$(attr highlighted)" -ge 1 ] ;; *) false ;; esac
ok $? "search form: $(attr matched), $(attr highlighted) highlighted"
[ "$(attr cleared)" = 0 ]
ok $? "clear: no highlight left"

chromium_run --screenshot="$TMPD/fg.png" "file://$html#q=hot_prog" >/dev/null
read -r size colours inked < <(perl "$TOPDIR/tests/integration/png-stats.pl" "$TMPD/fg.png")
awk -v c="${colours:-0}" -v i="${inked:-0}" 'BEGIN { exit !(c >= 8 && i >= 0.05) }'
ok $? "screenshot $size: $colours colours, $inked of it drawn (not blank)"

# no call chains: comm, dso and symbol levels
sw=$(fixture up-system-wide.data)
our_report flamegraph -i "$sw" -o "$TMPD/sw.html" 2>/dev/null
dom_of "$TMPD/sw.html" >"$TMPD/sw.dom"
grep -qE 'class="f k-comm[^"]*"[^>]*>swapper</div>' "$TMPD/sw.dom" &&
	grep -qE 'class="f k-kernel[^"]*"[^>]*>\[kernel.kallsyms\]</div>' "$TMPD/sw.dom"
ok $? "without -g: a command frame, its dso frame ([kernel.kallsyms])"
top=$(up_perf report -i "$sw" --stdio --sort sym -q 2>/dev/null | awk 'NR == 1 { print $1, $3 }')
read -r want sym <<<"$top"
dom_of "$TMPD/sw.html" "q=/^$sym\$/" >"$TMPD/q.html"
got=$(grep -o 'data-share="[^"]*"' "$TMPD/q.html" | sed 's/.*="//; s/"//')
awk -v g="${got:-x}" -v w="${want%\%}" 'BEGIN { exit !(g - w < 0.1 && w - g < 0.1) }'
ok $? "without -g: $sym ${got:-none}% = report's $want"

# differential: base our-callgraph, new up-callgraph
base=$(fixture our-callgraph.data)
our_report flamegraph -i "$cg" --diff "$base" -o "$TMPD/diff.html" 2>/dev/null
ok $? "flamegraph --diff: exit 0"
dom_of "$TMPD/diff.html" >"$TMPD/diff.dom"
grep -q '<body class="diff"' "$TMPD/diff.dom"
ok $? "differential page"
children_shares "$base" >"$TMPD/base-shares"
bad=0 checked=0
while read -r share name; do
	b=$(awk -v n="$name" '$2 == n { print $1 }' "$TMPD/base-shares")
	[ -n "$b" ] || continue
	cls=$(grep -oE "class=\"f k-bpf[^\"]*\"[^>]*>$name</div>" "$TMPD/diff.dom" | head -1 |
	      grep -oE ' d-?[0-9]')
	d=$(awk -v a="$share" -v b="$b" 'BEGIN { print a - b }')
	# a change of more than a point has a colour of its sign
	if awk -v d="$d" 'BEGIN { exit !(d > 1 || d < -1) }'; then
		checked=$((checked + 1))
		case "$cls" in
		" d-"[1-5]) awk -v d="$d" 'BEGIN { exit !(d < 0) }' || bad=$((bad + 1)) ;;
		" d"[1-5]) awk -v d="$d" 'BEGIN { exit !(d > 0) }' || bad=$((bad + 1)) ;;
		*) bad=$((bad + 1)) ;;
		esac
	fi
done <"$TMPD/hot"
[ "$bad" -eq 0 ]
ok $? "differential colours follow the change of share ($checked frames, $bad wrong)"

# bad input: one line, no file
head -c 300000 "$cg" >"$TMPD/cut.data"
printf 'PERFILE2 and then garbage, not a perf.data at all' >"$TMPD/junk.data"
for f in cut junk; do
	"$PERF" script report flamegraph -i "$TMPD/$f.data" -o "$TMPD/$f.html" 2>"$TMPD/$f.err"
	rc=$?
	[ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/$f.err")" -eq 1 ] && [ ! -e "$TMPD/$f.html" ] &&
		[ -z "$(ls "$TMPD" | grep "^$f.html.tmp")" ]
	ok $? "$f.data: exit $rc, one line, no output file ($(cat "$TMPD/$f.err"))"
done
"$PERF_ASAN" script report flamegraph --kallsyms "$KALLSYMS" -i "$cg" -o "$TMPD/asan.html" \
	2>"$TMPD/asan.err"
ok $? "ASan build: flamegraph of up-callgraph.data clean"
cmp -s "$TMPD/asan.html" "$html"
ok $? "ASan build: the same page"

done_testing
