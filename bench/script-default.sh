#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf script (default fields; with the call chains on -g files) on each
# file of the corpus (bench/corpus.sh), ours against /usr/bin/perf: best
# wall time of $RUNS ($RUNS_LONG for files of 1M samples and more), peak
# RSS, the speedup, whether both printed the same.  Target: >= 3x.
# CORPUS="mix mix-g" picks files.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/corpus.sh"

for c in ${CORPUS:-$(corpus__names)}; do
	f=$(corpus__file "$c") || { echo "bench: cannot record $c" >&2; exit 1; }
	echo "input: $(corpus__describe "$f")"
	corpus_compare "$f" "$c: script" script -- script
done
corpus_flatness
