#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The exports of the same >= 1.5M-sample -g file (report-lib.sh's
# big_bpf_file -g): folded stacks against upstream's `perf script report
# stackcollapse` (its Python script, the one upstream export that runs
# here), then our flame graph page and pprof, and the page's rendering in
# headless Chromium (its own clock, to the first layout).  Best wall
# time of $RUNS (upstream: of $UP_RUNS, 1 by default: it takes minutes).
# Target: >= 10x for each export against upstream's stackcollapse.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report-lib.sh"

file=$(big_bpf_file -g) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
out=$BENCH_DIR/export
mkdir -p "$out"

read -r up up_rss < <(RUNS=${UP_RUNS:-1} measure "$UPERF" script report stackcollapse -i "$file")
line() {	# line NAME SECONDS RSS
	awk -v n="$1" -v t="$2" -v r="$3" -v u="$up" -v ur="$up_rss" 'BEGIN {
		printf "%-40s ours %7.3fs %8d KiB   upstream stackcollapse %7.3fs %8d KiB   speedup %6.2fx\n",
			n, t, r, u, ur, (t > 0 ? u / t : 0) }'
}
read -r t rss < <(measure "$PERF" script report stackcollapse -i "$file")
line "script report stackcollapse" "$t" "$rss"
read -r t rss < <(measure "$PERF" script report flamegraph -i "$file" -o "$out/fg.html")
line "script report flamegraph" "$t" "$rss"
read -r t rss < <(measure "$PERF" data convert -f --to-pprof "$out/p.pb.gz" -i "$file")
line "data convert --to-pprof" "$t" "$rss"
read -r t rss < <(measure "$PERF" script report gecko -i "$file" -o "$out/g.json")
line "script report gecko" "$t" "$rss"
echo "flame graph page: $(stat -c %s "$out/fg.html") bytes; pprof: $(stat -c %s "$out/p.pb.gz") bytes"

chromium=$(command -v chromium || true)
if [ -n "$chromium" ]; then
	best=""
	for i in $(seq "$RUNS"); do
		ms=$("$chromium" --headless --no-sandbox --disable-gpu --no-first-run \
			--user-data-dir="$out/chromium" --window-size=1400,900 \
			--dump-dom "file://$out/fg.html" 2>/dev/null |
			grep -o 'data-render-ms="[0-9.]*"' | grep -o '[0-9.]*')
		best=$(awk -v a="${best:-1e9}" -v b="${ms:-1e9}" 'BEGIN { print (b < a ? b : a) }')
	done
	echo "flame graph page rendered by Chromium in $best ms (best of $RUNS)"
fi
