#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf script report stackcollapse against upstream's (its Python
# stackcollapse.py, which runs on this machine) on the same fixtures:
# every line equal, with each of the script's options (--kernel,
# --include-pid, --include-tid, --no-comm), on system-wide, per-thread
# and -g files, pipe files and a pipe on stdin; bad input gives one line
# and no output.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/export-lib.sh"
need_upstream
files=(up-system-wide.data up-per-thread.data up-callgraph.data up-callgraph-per-thread.data
       our-system-wide.data our-per-thread.data our-callgraph.data our-callgraph-per-thread.data
       up-bpf-btf.data up-late-g.data up-tracepoints-g.data up-pipe.data our-pipe.data up-z.data)
need_fixtures "${files[@]}"

# the Python script runs here?
up_report stackcollapse -i "$(fixture up-small.data)" >"$TMPD/probe" 2>"$TMPD/probe.err" ||
	skip_all "upstream's stackcollapse.py does not run here: $(head -1 "$TMPD/probe.err")"

for f in "${files[@]}"; do
	for o in "" "--kernel" "--include-pid" "--include-tid" "--no-comm" \
		 "--include-pid --include-tid --kernel"; do
		name="${f%.data}${o:+ $o}"
		# shellcheck disable=SC2086
		up_report stackcollapse -i "$(fixture "$f")" -- $o >"$TMPD/up" 2>/dev/null
		# shellcheck disable=SC2086
		our_report stackcollapse -i "$(fixture "$f")" -- $o >"$TMPD/our" 2>"$TMPD/err"
		is_same_file "$TMPD/our" "$TMPD/up" "$name: equal to upstream's ($(wc -l <"$TMPD/up") lines)"
	done
done
# the script's options before "--" too, and a pipe on stdin
f=$(fixture up-callgraph.data)
up_report stackcollapse -i "$f" -- --kernel >"$TMPD/up" 2>/dev/null
our_report stackcollapse -i "$f" --kernel >"$TMPD/our"
is_same_file "$TMPD/our" "$TMPD/up" "--kernel before --: the same"
cat "$(fixture up-pipe.data)" | "$PERF" script report stackcollapse --kallsyms "$KALLSYMS" >"$TMPD/our"
up_report stackcollapse -i "$(fixture up-pipe.data)" >"$TMPD/up" 2>/dev/null
is_same_file "$TMPD/our" "$TMPD/up" "a pipe on stdin: the same"
# every sample counted
n=$("$PERF" report --stats -i "$f" | awk '/SAMPLE events:/ { print $3; exit }')
s=$(our_report stackcollapse -i "$f" | awk '{ s += $NF } END { print s }')
[ "$n" = "$s" ]
ok $? "the counts add up to the $n samples"

head -c 300000 "$f" >"$TMPD/cut.data"
"$PERF" script report stackcollapse -i "$TMPD/cut.data" >"$TMPD/cut.out" 2>"$TMPD/cut.err"
rc=$?
[ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/cut.err")" -eq 1 ] && [ ! -s "$TMPD/cut.out" ]
ok $? "truncated file: exit $rc, one line, no output ($(cat "$TMPD/cut.err"))"
"$PERF" script report stackcollapse -- --tidy-java -i "$f" >/dev/null 2>"$TMPD/tj.err"
[ $? -eq 1 ] && [ "$(wc -l <"$TMPD/tj.err")" -eq 1 ]
ok $? "--tidy-java: not supported, said in one line"
"$PERF_ASAN" script report stackcollapse --kallsyms "$KALLSYMS" -i "$f" -- --kernel \
	>"$TMPD/asan" 2>"$TMPD/asan.err"
ok $? "ASan build: clean"
up_report stackcollapse -i "$f" -- --kernel >"$TMPD/up" 2>/dev/null
is_same_file "$TMPD/asan" "$TMPD/up" "ASan build: the same lines"

done_testing
