#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The exports of the same >= 1.5M-sample -g file (report-lib.sh's
# big_bpf_file -g): folded stacks against upstream's `perf script report
# stackcollapse` (its Python script, the one upstream export that runs
# here), then our flame graph page and pprof, and the page's rendering in
# headless Chromium (its own clock, to the first layout).  Best wall
# time of $RUNS (upstream: of $UP_RUNS, 1 by default: it takes minutes),
# and the CPU time (user + system) apart.
# Target: >= 10x for each export against upstream's stackcollapse.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report-lib.sh"

file=$(big_bpf_file -g) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$file" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $file, $samples samples, $(du -hL "$file" | cut -f1)"
out=$BENCH_DIR/export
mkdir -p "$out"

# timed N CMD...: "<best wall s> <best cpu s> <peak rss KiB>" of N runs under
# /usr/bin/time (cpu: user + system; the machine is shared, so a wall
# time alone may be another's load)
timed() {
	local n=$1 i w=1e9 c=1e9 r=0 e u s m
	shift
	for i in $(seq "$n"); do
		/usr/bin/time -f '%e %U %S %M' -o "$out/time" "$@" >/dev/null 2>&1 ||
			{ echo "bench: failed: $*" >&2; echo "0 0 0"; return 1; }
		read -r e u s m <"$out/time"
		read -r w c r < <(awk -v w="$w" -v c="$c" -v r="$r" -v e="$e" -v u="$u" -v s="$s" \
			-v m="$m" 'BEGIN { print (e < w ? e : w), (u + s < c ? u + s : c), (m > r ? m : r) }')
	done
	echo "$w $c $r"
}
read -r up upc up_rss < <(timed "${UP_RUNS:-1}" "$UPERF" script report stackcollapse -i "$file")
line() {	# line NAME WALL CPU RSS
	awk -v n="$1" -v t="$2" -v c="$3" -v r="$4" -v u="$up" -v uc="$upc" -v ur="$up_rss" 'BEGIN {
		printf "%-28s ours %6.2fs (cpu %6.2fs) %7d KiB   upstream stackcollapse %7.2fs (cpu %6.2fs) %7d KiB   speedup %6.1fx (cpu %6.1fx)\n",
			n, t, c, r, u, uc, ur, (t > 0 ? u / t : 0), (c > 0 ? uc / c : 0) }'
}
read -r t c rss < <(timed "$RUNS" "$PERF" script report stackcollapse -i "$file")
line "script report stackcollapse" "$t" "$c" "$rss"
read -r t c rss < <(timed "$RUNS" "$PERF" script report flamegraph -i "$file" -o "$out/fg.html")
line "script report flamegraph" "$t" "$c" "$rss"
read -r t c rss < <(timed "$RUNS" "$PERF" data convert -f --to-pprof "$out/p.pb.gz" -i "$file")
line "data convert --to-pprof" "$t" "$c" "$rss"
read -r t c rss < <(timed "$RUNS" "$PERF" script report gecko -i "$file" -o "$out/g.json")
line "script report gecko" "$t" "$c" "$rss"
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
