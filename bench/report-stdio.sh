#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --stdio (comm,dso,sym) on each file of the corpus
# (bench/corpus.sh: users'-machine recordings by /usr/bin/perf), ours
# against /usr/bin/perf: best wall time of $RUNS ($RUNS_LONG for files
# of 1M samples and more), peak RSS, the speedup, whether both printed
# the same.  Targets: without -g >= 5x; the 10K-sample file >= 3x.
# CORPUS="mix long" picks files.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/corpus.sh"

for c in ${CORPUS:-$(corpus__names)}; do
	f=$(corpus__file "$c") || { echo "bench: cannot record $c" >&2; exit 1; }
	echo "input: $(corpus__describe "$f")"
	corpus_compare "$f" "$c: report --stdio" report --stdio -- report --stdio
done
corpus_flatness
