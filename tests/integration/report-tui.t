#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report's browser driven in tmux on the fixtures: its first screen
# is upstream's browser's (title, columns, rows; hot BPF programs by
# name, no "# " stdio header) and its rows those of --stdio; the moving
# keys, the filter, help, the graphs of a -g file (upstream's folds, frame
# by frame); q (Esc, y) leaves the screen and the terminal modes as
# they were, so do SIGTERM and SIGSEGV; --stdio, | cat and -i - (pipe
# input) print as before.  The first screen is upstream's browser's on
# the same file (its tip line aside).  Every wait is on the screen.
. "$(dirname "$0")/lib.sh"
F=up-bpf-btf
G=up-callgraph
need_fixtures $F.data $G.data up-pipe.data
. "$(dirname "$0")/tui-lib.sh"

# the list's rows on the screen (between the titles and the status line)
screen_rows() { sed -n '3,49p' "$TMPD/pane" | sed 's/ *$//' | grep -v '^$'; }
CMD="$PERF report --kallsyms $KALLSYMS -i $(fixture $F.data)"
TITLE="^Samples: [0-9]+[KMG ] of event '[^']+', Event count \(approx\.\): [0-9]+ *$"

# --stdio of the same file and sort: its rows in the browser's columns
our_perf report --stdio -i "$(fixture $F.data)" >"$TMPD/stdio" 2>/dev/null
grep -vE '^(#|$)' "$TMPD/stdio" | cut -c3- | sed 's/ *$//' >"$TMPD/stdio.rows"
nr_stdio=$(wc -l <"$TMPD/stdio.rows")

tui_save

# upstream's browser on the same file: its first screen but the tip line
if [ -x "$UPERF" ]; then
	keys "$UPERF report --kallsyms $KALLSYMS -i $(fixture $F.data) 2>/dev/null" Enter
	first_screen
	sed -n '1,49p' "$TMPD/pane" | sed 's/ *$//' >"$TMPD/up.screen"
	keys q
	must_see "$PROMPT" "upstream's browser exits"
	keys clear Enter
	must_see "$PROMPT" "cleared"
fi

keys "$CMD" Enter
first_screen
ok 0 "upstream's title line: $(head -1 "$TMPD/pane" | sed 's/ *$//')"
# the title says what --stdio's header says
n=$(sed -n "s/^# Samples: \([0-9]*[KMG ]\) of event '\(.*\)'$/\1 of event '\2'/p" "$TMPD/stdio" | head -1)
c=$(sed -n 's/^# Event count (approx.): //p' "$TMPD/stdio" | head -1)
[ "$(head -1 "$TMPD/pane" | sed 's/ *$//')" = "Samples: $n, Event count (approx.): $c" ]
ok $? "the title's numbers are --stdio's"
sed -n 2p "$TMPD/pane" | grep -qE '^Overhead  Command +Shared Object +Symbol *$'
ok $? "upstream's column titles in its order"
! grep -q '^# ' "$TMPD/pane"
ok $? "no '# ' stdio header on the screen"
grep -qE '^ +[0-9.]+%  bpfload +bpf_prog_[0-9a-f]{16}_hot_sub2_inner +\[k\] bpf_prog_[0-9a-f]{16}_hot_sub2_inner$' "$TMPD/pane"
ok $? "a hot BPF program by name"
[ "$(grep -cE '\[k\] bpf_prog_[0-9a-f]{16}_hot_' "$TMPD/pane")" -ge 8 ]
ok $? "the hot BPF programs by name"
grep -q "Press 'h' for help" "$TMPD/pane"
ok $? "the status line"
screen_rows >"$TMPD/screen.rows"
head -n "$(wc -l <"$TMPD/screen.rows")" "$TMPD/stdio.rows" >"$TMPD/stdio.first"
[ "$(wc -l <"$TMPD/screen.rows")" -eq 47 ] || [ "$nr_stdio" -lt 47 ]
ok $? "a screenful of rows ($(wc -l <"$TMPD/screen.rows"))"
is_same_file "$TMPD/screen.rows" "$TMPD/stdio.first" "the rows and percentages are --stdio's"
if [ -x "$UPERF" ]; then
	sed -n '1,49p' "$TMPD/pane" | sed 's/ *$//' >"$TMPD/our.screen"
	is_same_file "$TMPD/our.screen" "$TMPD/up.screen" "the first screen is upstream's browser's"
else
	ok 0 "# SKIP no $UPERF to compare with"
fi

# moving: End shows the last row, PgDn scrolls a screen, Home the first
keys End
must_see "^$(tail -1 "$TMPD/stdio.rows" | sed 's/[][\.*^$]/\\&/g')\$" "End"
ok 0 "End: the last row of --stdio shown"
keys Home
must_see "^$(sed -n 1p "$TMPD/stdio.rows" | sed 's/[][\.*^$]/\\&/g')" "Home"
ok 0 "Home: the first row back"
if [ "$nr_stdio" -gt 48 ]; then
	keys PPage NPage
	must_see "^$(sed -n 48p "$TMPD/stdio.rows" | sed 's/[][\.*^$]/\\&/g')" "PgDn"
	screen_rows | head -1 | grep -qF -- "$(sed -n 2p "$TMPD/stdio.rows")"
	ok $? "PgDn: the selection a screen down, the list following it"
	keys PPage
	must_see "^$(sed -n 1p "$TMPD/stdio.rows" | sed 's/[][\.*^$]/\\&/g')" "PgUp"
	ok 0 "PgUp: back at the top"
else
	ok 0 "# SKIP fewer rows than a screen"
	ok 0 "# SKIP fewer rows than a screen"
fi
keys Down Down Up

# the filter: only the rows of that symbol, as many as --stdio has
keys /
must_see 'Filter' "/ prompts"
keys hot_sub3 Enter
must_see 'filter: hot_sub3' "/ sets a filter"
ok 0 "/ sets a filter"
screen_rows >"$TMPD/filtered"
! grep -v '\[k\] [^ ]*hot_sub3' "$TMPD/filtered" | grep -q .
ok $? "only rows whose symbol matches"
grep -E '\[[k.]\] [^ ]*hot_sub3' "$TMPD/stdio.rows" >"$TMPD/stdio.filtered"
is_same_file "$TMPD/filtered" "$TMPD/stdio.filtered" "the filtered rows are --stdio's"
keys / Enter
must_see "^$(sed -n 1p "$TMPD/stdio.rows" | sed 's/[][\.*^$]/\\&/g')" "empty filter"
! grep -q 'filter:' "$TMPD/pane"
ok $? "an empty filter: every row back"

keys h
must_see 'key bindings' "h: help"
grep -q '/ .*filter' "$TMPD/pane"
ok $? "h: the help of the keys"
keys q
must_see "$TITLE" "q leaves the help"
ok 0 "q leaves the help, the browser is back"
keys '?'
must_see 'key bindings' "?: help"
keys Escape
must_see "$TITLE" "Esc leaves the help"
ok 0 "?: help, Esc back"

# a -g file: Children/Self after a fold column, '+' on the rows with a
# graph; e, +, E, C, c fold and unfold the graphs as upstream's browser
# does, frame by frame
CMDG="$PERF report --kallsyms $KALLSYMS -i $(fixture $G.data)"
our_perf report --stdio -i "$(fixture $G.data)" >"$TMPD/g.stdio" 2>/dev/null
grep -E '^ +[0-9]+\.[0-9]+%' "$TMPD/g.stdio" | cut -c3- | sed 's/ *$//' >"$TMPD/g.rows"
# gshot FILE: the screen but its last line (upstream's tip), no trailing blanks
gshot() { sed -n '1,49p' "$TMPD/pane" | sed 's/[◆▒]*$//; s/ *$//' >"$1"; }
if [ -x "$UPERF" ]; then
	keys q
	must_see "$PROMPT" "q exits (before -g)"
	keys clear Enter
	must_see "$PROMPT" "cleared"
	keys "$UPERF report --kallsyms $KALLSYMS -i $(fixture $G.data) 2>/dev/null" Enter
	first_screen
	gshot "$TMPD/up.g.screen"
	keys e
	must_see '^   [+-] ' "upstream's e"
	settle
	gshot "$TMPD/up.g.e"
	keys E
	must_see '^      - [0-9.]+% ' "upstream's E"
	settle
	gshot "$TMPD/up.g.E"
	keys q
	must_see "$PROMPT" "upstream's browser exits"
	keys clear Enter
	must_see "$PROMPT" "cleared"
	keys "$CMD" Enter
	must_see "$TITLE" "the browser again"
fi
# up_same FILE WHAT: our screen against upstream's $TMPD/up.g.FILE
up_same() {
	if [ -x "$UPERF" ]; then
		settle
		gshot "$TMPD/our.g.$1"
		is_same_file "$TMPD/our.g.$1" "$TMPD/up.g.$1" "$2"
	else
		ok 0 "# SKIP no $UPERF to compare with"
	fi
}
keys q
must_see "$PROMPT" "q exits (before -g)"
keys clear Enter
must_see "$PROMPT" "cleared"
keys "$CMDG" Enter
first_screen
sed -n 2p "$TMPD/pane" | grep -qE '^  Children      Self  Command +Shared Object +Symbol *$'
ok $? "-g: upstream's Children and Self titles after the fold column"
screen_rows >"$TMPD/g.screen.rows"
cut -c3- "$TMPD/g.screen.rows" >"$TMPD/g.screen.cut"
head -n "$(wc -l <"$TMPD/g.screen.rows")" "$TMPD/g.rows" >"$TMPD/g.rows.first"
is_same_file "$TMPD/g.screen.cut" "$TMPD/g.rows.first" "-g: the rows and percentages are --stdio's"
! cut -c1-2 "$TMPD/g.screen.rows" | grep -qv '^+ $'
ok $? "-g: '+' on every row of the first screen (each has a graph)"
up_same screen "-g: the first screen is upstream's browser's"
# wait_list FILE WHAT: until the list on the screen is FILE's rows
wait_list() {
	local i
	for i in $(seq 600); do
		pane >"$TMPD/pane"
		screen_rows | cmp -s - "$1" && return 0
		sleep 0.1
	done
	ok 1 "$2"
	screen_rows | diff -u "$1" - | head -20 | sed 's/^/#   /'
	done_testing
}
keys e
must_see '^   [+-] ' "e"
ok 0 "e: the first entry's graph, its frames folded"
sed -n 3p "$TMPD/pane" | grep -q '^- '
ok $? "e: the entry's fold mark is '-'"
up_same e "e: the screen is upstream's browser's"
# + on the first frame that folds: its children, folded, one level in
line=$(sed -n '4,49p' "$TMPD/pane" | grep -n '^   + ' | head -1 | cut -d: -f1)
frame=$(sed -n "$((line + 3))p" "$TMPD/pane" | sed 's/^   + //; s/ *$//')
[ -n "$line" ]
ok $? "e: a folded frame ($frame)"
for i in $(seq "$line"); do keys Down; done
keys +
must_see "^   - $frame *\$" "+ on $frame"
ok 0 "+ on a frame: it opens ('-')"
if [ -x "$UPERF" ]; then
	# its children as upstream's E shows them one level in, but folded
	awk -v f="$frame" '$0 == "   - " f { n = 1; next } n && /^[^ ]|^   [^ ]/ { exit }
		n && /^      [-+] [^ ]|^        [0-9.]+% / { sub(/^      - /, "      + "); print }' \
		"$TMPD/up.g.E" >"$TMPD/kids.want"
	settle
	awk -v f="$frame" '$0 == "   - " f { n = 1; next } n && /^[^ ]|^   [^ ]/ { exit }
		n && /^      [-+] [^ ]|^        [0-9.]+% / { print }' <(gshot /dev/stdout) >"$TMPD/kids.got"
	[ -s "$TMPD/kids.want" ]
	ok $? "upstream's E shows $(wc -l <"$TMPD/kids.want") frames under it"
	is_same_file "$TMPD/kids.got" "$TMPD/kids.want" "+: its children with upstream's shares, folded"
else
	ok 0 "# SKIP no $UPERF to compare with"
	ok 0 "# SKIP no $UPERF to compare with"
fi
keys +
must_see "^   \+ $frame *\$" "+ again"
ok 0 "+ again: folded"
keys E
must_see '^      - [0-9.]+% ' "E"
ok 0 "E: every graph, every frame open"
up_same E "E: the screen is upstream's browser's"
keys C
wait_list "$TMPD/g.screen.rows" "C: folded"
ok 0 "C: every graph folded, the first screen back"
keys e
must_see '^   [+-] ' "e again"
keys c
wait_list "$TMPD/g.screen.rows" "c: folded"
ok 0 "e expands the entry, c collapses it"
keys q
must_see "$PROMPT" "q exits (-g)"
keys clear Enter
must_see "$PROMPT" "cleared"
keys "$CMD" Enter
must_see "$TITLE" "the browser again"

# q: the screen and the terminal modes as they were
keys q
tui_same_screen "$CMD" "q"
tui_same_modes "q"

# Esc exits too, once y answers upstream's question; SIGTERM and SIGSEGV restore as well
keys "$CMD" Enter
must_see "$TITLE" "the browser again"
keys Escape
must_see 'Do you really want to exit\? \[y/n\]' "Esc asks"
keys y
tui_same_screen "$CMD" "Esc"
tui_same_modes "Esc"
tui_signals "$CMD" "$TITLE" '^Samples: '

# --stdio on the terminal, | cat, -i - from a pipe: the text as today
text_run "$CMD --stdio >$TMPD/tty.stdio 2>&1"
cmp -s "$TMPD/tty.stdio" "$TMPD/stdio"
ok $? "--stdio with a terminal's stdin: the text, no browser"
text_run "$CMD --stdio"
grep -q '^# Samples: ' "$TMPD/history" && ! grep -q '^Samples: ' "$TMPD/history"
ok $? "--stdio on the terminal: the stdio text"
text_run "$CMD | cat"
grep -q '^# Samples: ' "$TMPD/history" && ! grep -q '^Samples: ' "$TMPD/history"
ok $? "| cat: the stdio text"
"$PERF" report --kallsyms "$KALLSYMS" -i "$(fixture $F.data)" >"$TMPD/cat.out" 2>/dev/null
cmp -s "$TMPD/cat.out" "$TMPD/stdio"
ok $? "not a terminal: the same text as --stdio"
our_perf report --stdio -i - <"$(fixture up-pipe.data)" >"$TMPD/pipe.want" 2>/dev/null
PIPE="cat $(fixture up-pipe.data) | $PERF report --kallsyms $KALLSYMS -i -"
text_run "$PIPE >$TMPD/pipe.tty"
cmp -s "$TMPD/pipe.tty" "$TMPD/pipe.want"
ok $? "-i - (pipe input): the stdio text"
text_run "$PIPE"
grep -q '^# Samples: ' "$TMPD/history" && ! grep -q '^Samples: ' "$TMPD/history"
ok $? "-i - with the terminal for stdout: the stdio text (keys come from stdin)"

done_testing
