# SPDX-License-Identifier: GPL-2.0
# The benchmark corpus (sourced after lib.sh): system-wide recordings by
# /usr/bin/perf of bench/mixload.sh (what users' machines run: frameless
# compressors, perl, python3 threads, find, loopback TCP, hot and
# churning BPF programs), made once and cached in $BENCH_DIR.
#
#   name     options        seconds  for
#   small-g  -g -F 2500     2        start-up: ~10k samples
#   mix-g    -g -F 20000    14       ~0.5M samples: the per-sample cost
#   mix      -F 20000       14       the same without call chains
#   long-g   -g -F 20000    150      >= 5M samples, >= 300 MB
#   long     -F 20000       170      >= 5M samples, >= 300 MB
#
# Only one system-wide recorder may run at a time on this host (a second
# listener gets corrupt KSYMBOL records from the kernel): every recording
# holds /tmp/perf-host.lock.

CORPUS_LOCK=${CORPUS_LOCK:-/tmp/perf-host.lock}

corpus__names() { echo small-g mix-g mix long-g long; }

# corpus__spec NAME: "<record options>|<seconds>|<min samples>|<min MB>"
corpus__spec() {
	case $1 in
	small-g)	echo "-g -F 2500|2|5000|0" ;;
	mix-g)		echo "-g -F 20000|14|400000|0" ;;
	mix)		echo "-F 20000|14|400000|0" ;;
	long-g)		echo "-g -F 20000|150|5000000|300" ;;
	long)		echo "-F 20000|170|5000000|300" ;;
	*)		return 1 ;;
	esac
}

# corpus__samples FILE: the number of samples (upstream's count)
corpus__samples() {
	"$PERF" report --stats -i "$1" 2>/dev/null | awk '/SAMPLE events:/ { print $3; exit }'
}

# corpus__file NAME: the file's path, recorded first when missing
corpus__file() {
	local spec opts secs min mb f
	spec=$(corpus__spec "$1") || { echo "bench: no corpus file $1" >&2; return 1; }
	IFS='|' read -r opts secs min mb <<<"$spec"
	f=$BENCH_DIR/corpus-$1.data
	if [ ! -s "$f" ]; then
		echo "bench: recording $f ($secs s, waiting for $CORPUS_LOCK)" >&2
		# shellcheck disable=SC2086
		WORKLOADS=$WORKLOADS flock "$CORPUS_LOCK" "$UPERF" record -q -a $opts -o "$f.tmp" -- \
			"$TOPDIR/bench/mixload.sh" "$secs" >/dev/null 2>"$BENCH_DIR/record-$1.err" &&
			mv "$f.tmp" "$f" || { echo "bench: cannot record $f" >&2; return 1; }
		local n
		n=$(corpus__samples "$f")
		[ "${n:-0}" -ge "$min" ] ||
			echo "bench: note: $f has $n samples, fewer than $min" >&2
		[ $(($(stat -c %s "$f") >> 20)) -ge "$mb" ] ||
			echo "bench: note: $f is under $mb MB" >&2
	fi
	echo "$f"
}

# corpus__describe FILE: "name: N samples, M MB"
corpus__describe() {
	echo "$(basename "$1" .data | sed 's/^corpus-//'): $(corpus__samples "$1") samples," \
		"$(($(stat -c %s "$1") >> 20)) MB"
}
