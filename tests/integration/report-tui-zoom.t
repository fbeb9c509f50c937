#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report's browser beyond its first screen, in tmux on fixtures,
# against upstream's browser on the same files: d and t zoom into the
# selected entry's object and command (the object column left out, the
# columns sized to what is left, the title saying so), Left and Esc zoom
# out, k into the kernel; Enter on an entry opens upstream's menu of
# actions; Esc alone asks before it exits (n stays, y exits); B lists the BPF
# programs as --sort bpf_prog counts them, Enter zooms into one, a
# annotates its hottest function; a file of more
# than one event opens on upstream's menu of them, Enter opens one, TAB,
# shift-TAB, '.' and ',' go from event to event, Esc back to the menu,
# q out; the terminal as it was.  Every wait is on the screen.
. "$(dirname "$0")/lib.sh"
F=up-bpf-btf
T=up-tracepoints
need_fixtures $F.data $T.data
. "$(dirname "$0")/tui-lib.sh"

CMD="$PERF report --kallsyms $KALLSYMS -i $(fixture $F.data)"
UCMD="$UPERF report --kallsyms $KALLSYMS -i $(fixture $F.data) 2>/dev/null"
TCMD="$PERF report --kallsyms $KALLSYMS -i $(fixture $T.data)"
UTCMD="$UPERF report --kallsyms $KALLSYMS -i $(fixture $T.data) 2>/dev/null"
TITLE="^Samples: [0-9]+[KMG ] of event '[^']+', Event count \(approx\.\): [0-9]+"

# shot FILE: the screen but its last line (upstream's tip, our status), no
# trailing blanks, and none of the scrollbar upstream draws in the last column
shot() { sed -n '1,49p' "$TMPD/pane" | sed 's/[◆▒]*$//; s/ *$//' >"$1"; }
# quit_upstream: q until the prompt (its event menu takes one more)
quit_upstream() {
	local i
	for i in 1 2 3; do
		keys q
		for _ in $(seq 30); do
			pane >"$TMPD/pane"
			grep -qE -- "$PROMPT" "$TMPD/pane" && { keys clear Enter; must_see "$PROMPT" "cleared"; return 0; }
			sleep 0.1
		done
	done
	ok 1 "upstream's browser exits"
	done_testing
}

tui_save

# upstream's screens: d and t on the first row (swapper in the kernel),
# the menu of a file of five events, its second event
have_up=0
if [ -x "$UPERF" ]; then
	have_up=1
	keys "$UCMD" Enter
	first_screen
	keys d
	must_see "$TITLE, DSO: \[kernel\.kallsyms\] *$" "upstream's d"
	settle
	shot "$TMPD/up.d"
	keys d
	must_see "$TITLE *$" "upstream's d again"
	keys t
	must_see "$TITLE, Thread: swapper *$" "upstream's t"
	settle
	shot "$TMPD/up.t"
	quit_upstream
	keys "$UTCMD" Enter
	must_see '^Available samples' "upstream's menu"
	settle
	shot "$TMPD/up.menu"
	keys Enter
	must_see "^Samples: .* of event 'cpu-clock'" "upstream's first event"
	keys Tab
	must_see "^Samples: .* of event 'sched:sched_switch'" "upstream's TAB"
	settle
	shot "$TMPD/up.tab"
	quit_upstream
fi
# same_as_upstream FILE WHAT: our screen (in $TMPD/pane) and upstream's
same_as_upstream() {
	if [ $have_up = 1 ]; then
		shot "$TMPD/our.$1"
		is_same_file "$TMPD/our.$1" "$TMPD/up.$1" "$2"
	else
		ok 0 "# SKIP no $UPERF to compare with"
	fi
}

keys "$CMD" Enter
first_screen
keys d
must_see "$TITLE, DSO: \[kernel\.kallsyms\] *$" "d"
ok 0 "d: zoomed into the entry's object, the title says so"
! sed -n 2p "$TMPD/pane" | grep -q 'Shared Object'
ok $? "d: the object column left out"
! sed -n '3,49p' "$TMPD/pane" | grep -q 'bpf_prog_'
ok $? "d: no entry of another object"
settle
same_as_upstream d "d: the screen is upstream's"
keys d
must_see "$TITLE *$" "d again"
ok 0 "d again: zoomed out"
keys t
must_see "$TITLE, Thread: swapper *$" "t"
ok 0 "t: zoomed into the entry's command"
! sed -n '3,49p' "$TMPD/pane" | grep -qE '^ +[0-9.]+%  bpfload'
ok $? "t: no entry of another command"
settle
same_as_upstream t "t: the screen is upstream's (columns sized to the rows left)"
keys Left
must_see "$TITLE *$" "Left"
ok 0 "Left: zoomed out"
keys t d
must_see "$TITLE, Thread: swapper, DSO: \[kernel\.kallsyms\] *$" "t then d"
ok 0 "t and d: both zooms, both in the title"
keys Escape
must_see "$TITLE, Thread: swapper *$" "Esc: the last zoom undone"
ok 0 "Esc: out of the last zoom (d)"
keys Escape
must_see "$TITLE *$" "Esc: no zoom"

# Enter on an entry without a graph: upstream's menu of actions, its words
keys Home Enter
must_see '^Annotate pv_native_safe_halt *$' "Enter: the actions"
grep -qE '^Zoom into swapper thread *$' "$TMPD/pane" &&
	grep -qE "^Zoom into the Kernel DSO \(use the 'k' hotkey to zoom directly into the kernel\) *$" "$TMPD/pane" &&
	grep -qE '^Exit *$' "$TMPD/pane"
ok $? "Enter: annotate, zoom into the thread, into the kernel, exit, in upstream's words"
keys Escape
must_see "$TITLE *$" "Esc: out of the actions"
keys Enter Down Enter
must_see "$TITLE, Thread: swapper *$" "the thread's action"
ok 0 "its zoom into the thread"
keys t k
must_see "$TITLE, DSO: \[kernel\.kallsyms\] *$" "k"
ok 0 "k: straight into the kernel"
keys k
must_see "$TITLE *$" "k again"
ok 0 "k again: out"
keys Escape
must_see 'Do you really want to exit\? \[y/n\]' "Esc asks"
ok 0 "Esc without a zoom: upstream's question"
keys n
must_see "Press 'h' for help" "n"
grep -qE "$TITLE" "$TMPD/pane"
ok $? "n: still in the browser"

# B: the BPF programs of the samples, as --sort bpf_prog counts them (each load apart)
our_perf report --stdio -n --sort bpf_prog -i "$(fixture $F.data)" 2>/dev/null |
	awk '/^ +[0-9.]+%/ && $3 != "[not" { print $1, $2, $3, $4 }' >"$TMPD/progs.want"
keys B
must_see '^Overhead   Samples      ID  Functions  Program' "B"
ok 0 "B: the BPF view"
sed -n '3,49p' "$TMPD/pane" | awk '/^ +[0-9.]+%/ { print $1, $2, $3, $5 }' >"$TMPD/progs.got"
[ -s "$TMPD/progs.want" ]
ok $? "--sort bpf_prog lists $(wc -l <"$TMPD/progs.want") programs"
is_same_file "$TMPD/progs.got" "$TMPD/progs.want" \
	"B: each program's share and samples are --sort bpf_prog's (each load apart)"
read -r _ _ id name < <(sed -n 3p "$TMPD/progs.want")
keys Down Down Enter
must_see "$TITLE, BPF program: $id $name *\$" "Enter on a program"
ok 0 "Enter: the entries of program $id ($name)"
sed -n '3,49p' "$TMPD/pane" | grep -E '^ +[0-9.]+%' >"$TMPD/prog.rows"
[ -s "$TMPD/prog.rows" ] && ! grep -v 'bpf_prog_[0-9a-f]\{16\}_' "$TMPD/prog.rows" | grep -q .
ok $? "only rows of BPF functions ($(wc -l <"$TMPD/prog.rows"))"
grep -q "\] bpf_prog_[0-9a-f]\{16\}_$name\$" "$TMPD/prog.rows"
ok $? "the program's main function among them"
keys Escape
must_see "$TITLE *\$" "Esc: out of the program"
keys B
must_see '^Overhead   Samples      ID  Functions  Program' "B again"
keys a
must_see '\[Percent: local period\]' "a in the BPF view"
sed -n 2p "$TMPD/pane" | grep -qE '^bpf_prog_[0-9a-f]{16}_[a-z_0-9]+  bpf_prog_'
ok $? "a: the annotate browser of the program's hottest function"
keys q
must_see '^Overhead   Samples      ID  Functions  Program' "q: the BPF view"
ok 0 "q: back to the BPF view"
keys q
must_see "$TITLE *\$" "q: the entries"
ok 0 "q: back to the entries"

keys Escape
must_see 'Do you really want to exit\? \[y/n\]' "Esc asks again"
keys y
tui_same_screen "$CMD" "Esc, y"
tui_same_modes "Esc, y"

# five events and a dummy: the menu first
keys "$TCMD" Enter
must_see '^Available samples' "the menu"
settle
ok 0 "a file of five events opens on the menu of its events"
same_as_upstream menu "the menu is upstream's: every event with its samples"
keys Enter
must_see "^Samples: .* of event 'cpu-clock'" "Enter"
ok 0 "Enter: the first event's entries"
keys Tab
must_see "^Samples: .* of event 'sched:sched_switch'" "TAB"
settle
same_as_upstream tab "TAB: the next event, its screen upstream's"
keys .
must_see "^Samples: .* of event 'sched:sched_wakeup'" "."
ok 0 ".: the next event"
keys ,
must_see "^Samples: .* of event 'sched:sched_switch'" ","
ok 0 ",: the previous event"
keys BTab
must_see "^Samples: .* of event 'cpu-clock'" "shift-TAB"
ok 0 "shift-TAB: the previous event"
keys BTab
must_see "^Samples: .* of event 'timer:hrtimer_start'" "shift-TAB from the first"
ok 0 "shift-TAB from the first: round to the last with samples"
keys Escape
must_see '^Available samples' "Esc: the menu"
ok 0 "Esc: back to the menu"
keys End
keys Enter
must_see "no samples of dummy:HG" "Enter on the dummy"
ok 0 "Enter on an event without samples: said, still the menu"
keys Home Down Down Enter
must_see "^Samples: .* of event 'sched:sched_wakeup'" "the third event"
ok 0 "Down, Down, Enter: the third event"
keys Enter
must_see '^Exit *$' "the actions"
keys End Enter
tui_same_screen "$TCMD" "events, the Exit action"
tui_same_modes "events, the Exit action"

done_testing
