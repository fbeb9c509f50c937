#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The annotate browser, driven in tmux on a fixture whose BPF programs
# are long unloaded: perf report's `a` on a BPF program shows its JITed
# instructions with the C source lines of its BTF, each instruction's
# share that of perf annotate --stdio; H, s, o, Enter on a jump (its
# target) and on a call (the callee's browser, q back to the caller); q
# back to the report; a native function (libc's) likewise.  perf annotate on a terminal opens the same browser
# on the hottest function, Right and Left go through the functions in
# --stdio's order; q, SIGTERM and SIGSEGV leave the terminal as it was;
# --stdio and | cat print the text.  Every wait is on the screen.
. "$(dirname "$0")/lib.sh"
F=up-bpf-btf
need_fixtures $F.data
command -v bpftool >/dev/null || skip_all "no bpftool (apt-get install bpftool)"
. "$(dirname "$0")/tui-lib.sh"

DATA=$(fixture $F.data)
# UTF-8 on every machine: the browser's bars and arrows, read back as such
export LC_ALL=C.UTF-8
CMD="LC_ALL=C.UTF-8 $PERF report --kallsyms $KALLSYMS -i $DATA"
ACMD="LC_ALL=C.UTF-8 $PERF annotate -i $DATA"
TITLE="^Samples: [0-9]+[KMG ] of event '[^']+', Event count \(approx\.\): [0-9]+ *$"

our_perf report --stdio -i "$DATA" >"$TMPD/stdio" 2>/dev/null
INNER=$(grep -o 'bpf_prog_[0-9a-f]\{16\}_hot_sub2_inner' "$TMPD/stdio" | head -1)
OUTER=$(grep -o 'bpf_prog_[0-9a-f]\{16\}_hot_sub2_outer' "$TMPD/stdio" | head -1)
[ -n "$INNER" ] && [ -n "$OUTER" ]
ok $? "the fixture's report names hot_sub2_inner and hot_sub2_outer"

# the programs are not loaded now: no program of the file's ids has its tag
"$UPERF" report --header-only -i "$DATA" 2>/dev/null |
	sed -n 's/^# bpf_prog_info \([0-9]*\): bpf_prog_\([0-9a-f]\{16\}\).*/\1 \2/p' |
	sort -u >"$TMPD/progs"
live=0
while read -r id tag; do
	bpftool prog show id "$id" 2>/dev/null | grep -q "tag $tag" && live=1
done <"$TMPD/progs"
[ -s "$TMPD/progs" ] && [ $live = 0 ]
ok $? "none of the file's $(wc -l <"$TMPD/progs") programs is loaded now"

# stdio_insns FILE: "share offset mnemonic" of each instruction of --stdio's block
stdio_insns() {
	awk -F: '/^ +[0-9]+\.[0-9]+ : +[0-9a-f]+:/ {
		off = $2; gsub(/ /, "", off); split($3, w, " ")
		printf "%.2f %s %s\n", $1, off, w[1] }' "$1"
}
# screen_insns: the same of the browser's rows (o: every offset shown)
screen_insns() {
	sed -n '3,49p' "$TMPD/pane" | sed 's/│/|/; s/[↓↑→←]/ /' |
		awk -F'|' '$2 ~ /^ *[0-9a-f]+: / {
			pct = $1; gsub(/ /, "", pct); if (pct == "" || pct == "Percent") pct = "0.00"
			split($2, w, " "); off = w[1]; sub(/:$/, "", off)
			printf "%s %s %s\n", pct, off, w[2] }'
}
# the view line (from 0) of the first instruction of FILE's block whose
# mnemonic starts with $2, source lines hidden; and its operands
insn_line() { stdio_insns "$1" | awk -v m="$2" 'index($3, m) == 1 { print NR - 1; exit }'; }
selected() { tmux capture-pane -t $S -p -e | grep -m1 $'\e\[7m' | sed 's/\x1b\[[0-9;]*m//g'; }
# wait_selected REGEX WHAT: until the row under the bar matches
wait_selected() {
	local i
	for i in $(seq 600); do
		selected | grep -qE -- "$1" && return 0
		sleep 0.1
	done
	ok 1 "$2"
	diag "the selected row: $(selected)"
	done_testing
}

"$PERF" annotate --stdio -i "$DATA" "$INNER" >"$TMPD/inner.stdio" 2>/dev/null
"$PERF" annotate --stdio -i "$DATA" "$OUTER" >"$TMPD/outer.stdio" 2>/dev/null
stdio_insns "$TMPD/inner.stdio" >"$TMPD/inner.insns"
[ "$(wc -l <"$TMPD/inner.insns")" -gt 10 ]
ok $? "perf annotate --stdio $INNER: $(wc -l <"$TMPD/inner.insns") instructions"

tui_save

# report: the entry of hot_sub2_inner, a
keys "$CMD" Enter
must_see "$TITLE" "the report's browser"
keys /
must_see 'Filter' "/ prompts"
keys hot_sub2_inner Enter
must_see 'filter: hot_sub2_inner' "the filter"
rtitle=$(head -1 "$TMPD/pane" | sed 's/ *$//')
keys a
must_see "^$INNER  $INNER \[Percent: local period\]" "a: the annotate browser"
ok 0 "a on a BPF program: its browser, named as the report names it"
# upstream's annotate browser adds the event's frequency to the report's title
FREQ=$("$UPERF" evlist -F -i "$DATA" 2>/dev/null | sed -n 's/^[^:]*:[^:]*: sample_freq=//p' | head -1)
[ -n "$FREQ" ] && [ "$(head -1 "$TMPD/pane" | sed 's/ *$//')" = "$(echo "$rtitle" | sed "s/', Event/', $FREQ Hz, Event/")" ]
ok $? "the report's title above it, with the event's $FREQ Hz"
! selected | grep -q '│'
ok $? "it opens with no selection shown"
# upstream's browser opens with the selection not shown: the first Home shows it
keys Home
wait_selected "^ *$(sort -rn "$TMPD/inner.insns" | head -1 | awk '{ print $1 }') │" "the first Home"
ok 0 "the first Home only shows the selection (upstream's)"
keys Home
must_see 'static __noinline __u64 hot_sub2_inner\(__u64 x, __u64 k\)' "Home: the source line"
ok 0 "the C source line of its BTF (the program is gone)"
grep -qE '^ +[0-9]+\.[0-9]{2} │ +[0-9a-f]*:? +(xorq|movq) ' "$TMPD/pane"
ok $? "its JITed instructions, with shares"
grep -qE '│ +↑ jne +[0-9a-f]+$' "$TMPD/pane"
ok $? "the loop's jump: an up arrow and the target's offset"

keys s o Home
must_see '│ *0:   ' "o: every offset"
! grep -q 'static __noinline' "$TMPD/pane"
ok $? "s: the source lines hidden"
screen_insns >"$TMPD/inner.screen"
is_same_file "$TMPD/inner.screen" "$TMPD/inner.insns" \
	"every instruction's share and offset are perf annotate --stdio's"

read -r pct off mn < <(sort -rn "$TMPD/inner.insns" | head -1)
keys H
wait_selected "^ *$pct │ *$off: " "H"
ok 0 "H: the hottest instruction ($pct% at $off, $mn)"

jne=$(insn_line "$TMPD/inner.stdio" jne)
target=$(grep -E '^ +[0-9.]+ : +[0-9a-f]+:jne ' "$TMPD/inner.stdio" | head -1 | awk '{ print $4 }')
keys Home
for i in $(seq "$jne"); do keys Down; done
wait_selected '│ *([0-9a-f]+:)?└──jne ' "the jump selected"
ok 0 "the jump selected: its line up to the target, as upstream draws it"
keys Enter
wait_selected "│ *$target: " "Enter on the jump"
ok 0 "Enter on the loop's jump: its target ($target) selected"
keys q
must_see '^Overhead  Command' "q: the report again"
ok 0 "q: back to the report"

# a call: the callee's browser, q back to the caller
keys /
must_see 'Filter' "/ prompts"
keys hot_sub2_outer Enter
must_see 'filter: hot_sub2_outer' "the filter"
keys a
must_see "^$OUTER  $OUTER \[Percent: local period\]" "a on hot_sub2_outer"
keys s Home
call=$(insn_line "$TMPD/outer.stdio" call)
[ -n "$call" ]
ok $? "hot_sub2_outer calls (instruction $call)"
keys Home
for i in $(seq "$call"); do keys Down; done
wait_selected "→ call[a-z]* +$INNER" "the call selected"
ok 0 "the call shows its callee by name"
keys Enter
must_see "^$INNER  $INNER \[Percent: local period\]" "Enter on the call"
ok 0 "Enter on the call: the callee's browser"
keys q
must_see "^$OUTER  $OUTER \[Percent: local period\]" "q: the caller"
ok 0 "q: back to the caller"
keys q
must_see '^Overhead  Command' "q: the report again"

# native code: a libc function (the fixtures' copy of libc, by build id)
NAT=__vfscanf_internal
"$PERF" annotate --stdio -i "$DATA" "$NAT" >"$TMPD/nat.stdio" 2>/dev/null
stdio_insns "$TMPD/nat.stdio" | awk '{ print $1, $3 }' | head -45 >"$TMPD/nat.want"
[ "$(wc -l <"$TMPD/nat.want")" -eq 45 ]
ok $? "perf annotate --stdio $NAT: native instructions"
keys /
must_see 'Filter' "/ prompts"
keys "$NAT" Enter
must_see "filter: $NAT" "the filter"
keys a
must_see "^$NAT  /[^ ]*libc\.so\.6 \[Percent: local period\]" "a on $NAT"
ok 0 "a on a native function: its browser, named with its object"
keys s o Home Home
must_see '│ *0:   ' "s, o"
screen_insns | awk '{ print $1, $3 }' | head -45 >"$TMPD/nat.got"
is_same_file "$TMPD/nat.got" "$TMPD/nat.want" \
	"native: the shares and instructions of a screen are perf annotate --stdio's"
keys q
must_see '^Overhead  Command' "q: the report again"
keys q
tui_same_screen "$CMD" "report, a, q"
tui_same_modes "report, a, q"

# perf annotate SYM on the terminal, ours and upstream's on a native
# function: the same title (the symbol's samples, the event's frequency),
# the same symbol line, and row for row the same shares, offsets, arrows
# and the drawing of the selected jump (the hottest instruction is one,
# its compare fused with it on the file's CPU): it opens on the same
# hottest instruction, half a page down.  Past column 16 the text
# differs: upstream's objdump against our capstone mnemonics.
# ann_shot FILE: the screen's first two lines and each row's columns 1-16
ann_shot() {
	{ sed -n '1,2p' "$TMPD/pane" | sed 's/ *$//'
	  sed -n '3,49p' "$TMPD/pane" | perl -CSD -lne 'print substr($_, 0, 16)'; } >"$1"
}
if [ -x "$UPERF" ] && command -v objdump >/dev/null; then
	keys "LC_ALL=C.UTF-8 $UPERF annotate -i $DATA $NAT 2>/dev/null" Enter
	must_see "^$NAT  .*\[Percent: local period\]" "upstream's annotate $NAT"
	settle
	ann_shot "$TMPD/up.nat"
	grep -q '└──' "$TMPD/up.nat" && grep -q '├──' "$TMPD/up.nat"
	ok $? "upstream's browser draws the hottest jump and its fused compare"
	keys q
	must_see "$PROMPT" "upstream's annotate: q"
	keys clear Enter
	must_see "$PROMPT" "cleared"
	keys "$ACMD $NAT" Enter
	must_see "^$NAT  .*\[Percent: local period\]" "perf annotate $NAT"
	settle
	ann_shot "$TMPD/our.nat"
	is_same_file "$TMPD/our.nat" "$TMPD/up.nat" \
		"perf annotate $NAT: title, shares and offsets row for row as upstream's browser"
	keys q
	must_see "$PROMPT" "perf annotate: q"
	keys clear Enter
	must_see "$PROMPT" "cleared"
else
	ok 0 "# SKIP no $UPERF or objdump to compare with"
fi

# perf annotate on the terminal: the functions in --stdio's order
"$PERF" annotate --stdio -i "$DATA" >"$TMPD/all.stdio" 2>/dev/null
sed -n 's/.*Source code & Disassembly of \([^ ]*\) for .*/\1/p' "$TMPD/all.stdio" |
	grep '^bpf_prog_' | head -3 >"$TMPD/order"
first=$(sed -n 1p "$TMPD/order")
second=$(sed -n 2p "$TMPD/order")
keys "$ACMD" Enter
must_see "^$first  $first \[Percent: local period\]" "perf annotate on a terminal"
ok 0 "perf annotate: the browser on the hottest function ($first)"
n=$(sed -n "s/^# Samples: \([0-9]*[KMG ]\) of event '\(.*\)'$/\1 of event '\2'/p" "$TMPD/stdio" | head -1)
c=$(sed -n 's/^# Event count (approx.): //p' "$TMPD/stdio" | head -1)
[ "$(head -1 "$TMPD/pane" | sed 's/ *$//')" = "Samples: $n, $FREQ Hz, Event count (approx.): $c" ]
ok $? "its title: the samples and count of the report, the event's frequency"
keys Right
must_see "^$second  $second \[Percent: local period\]" "Right"
ok 0 "Right: the next function ($second)"
keys Left
must_see "^$first  $first \[Percent: local period\]" "Left"
ok 0 "Left: the previous one"
keys q
tui_same_screen "$ACMD" "annotate, q"
tui_same_modes "annotate, q"
tui_signals "$ACMD" '\[Percent: local period\]' '\[Percent: local period\]'

text_run "$ACMD --stdio 2>/dev/null | head -3"
grep -q 'Source code & Disassembly of' "$TMPD/history" && ! grep -q 'Percent: local period\]' "$TMPD/history"
ok $? "--stdio on the terminal: the text"
text_run "$ACMD 2>/dev/null | cat >$TMPD/cat.out"
cmp -s "$TMPD/cat.out" "$TMPD/all.stdio"
ok $? "| cat: the --stdio text"

done_testing
