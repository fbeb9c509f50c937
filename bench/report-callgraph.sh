#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --stdio on each -g file of the corpus (bench/corpus.sh), in
# children mode (the default), --no-children, and with graphs in caller
# and in callee order, ours against /usr/bin/perf: best wall time of
# $RUNS ($RUNS_LONG for files of 1M samples and more), peak RSS, the
# speedup, whether both printed the same.  Targets (children): >= 10x at
# <= 1/10 upstream's peak RSS.  CORPUS="mix-g long-g" picks files,
# MODES="children nc" modes.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/corpus.sh"

declare -A ARGS=(
	[children]="--stdio"
	[nc]="--stdio --no-children"
	[caller]="--stdio -g caller"
	[callee]="--stdio -g callee"
)
for c in ${CORPUS:-$(corpus__names | tr ' ' '\n' | grep -- -g)}; do
	f=$(corpus__file "$c") || { echo "bench: cannot record $c" >&2; exit 1; }
	echo "input: $(corpus__describe "$f")"
	for m in ${MODES:-children nc caller callee}; do
		# shellcheck disable=SC2086
		corpus_compare "$f" "$c: report ${ARGS[$m]}" report ${ARGS[$m]} -- \
			report ${ARGS[$m]}
	done
done
corpus_flatness
