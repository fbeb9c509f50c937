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

# corpus__others: other system-wide recorders running (not all take the lock)
corpus__others() {
	pgrep -af 'perf[^ ]* (record|top|trace)( |$)' | grep -v -e "$CORPUS_LOCK" -e pgrep || true
}

# corpus__wait_others: until no other system-wide recorder runs (10 min at most)
corpus__wait_others() {
	local i
	for i in $(seq 600); do
		[ -z "$(corpus__others)" ] && return 0
		[ "$i" = 1 ] && echo "bench: waiting for: $(corpus__others | head -1)" >&2
		sleep 1
	done
	echo "bench: note: recording beside another recorder" >&2
}

# corpus__watch PID: wait for the recorder PID; stop it (status 2) when
# another recorder starts beside it: the host kernel would corrupt the
# KSYMBOL records of one of them from then on
corpus__watch() {
	local pid=$1 other
	while kill -0 "$pid" 2>/dev/null; do
		other=$(corpus__others | grep -v "^$pid " | grep -v -- "-o $BENCH_DIR/corpus-" | head -1)
		if [ -n "$other" ]; then
			echo "bench: another recorder started ($other): again" >&2
			kill -INT "$pid" 2>/dev/null
			wait "$pid"
			corpus__wait_others
			return 2
		fi
		sleep 0.2
	done
	wait "$pid"
}

# corpus__valid FILE: upstream reads it all (a second listener's corrupt
# KSYMBOL records make it stop with "failed to process type: 17")
corpus__valid() {
	"$UPERF" report --stats -i "$1" >/dev/null 2>"$BENCH_DIR/valid.err" &&
		! grep -q -e 'failed to process' -e "Can't parse sample" "$BENCH_DIR/valid.err"
}

# corpus__file NAME: the file's path, recorded first when missing (again,
# up to 6 times, when another recorder started or upstream cannot read
# what was recorded)
corpus__file() {
	local spec opts secs min mb f try n
	spec=$(corpus__spec "$1") || { echo "bench: no corpus file $1" >&2; return 1; }
	IFS='|' read -r opts secs min mb <<<"$spec"
	f=$BENCH_DIR/corpus-$1.data
	for try in 1 2 3 4 5 6; do
		[ -s "$f" ] && break
		echo "bench: recording $f ($secs s, waiting for $CORPUS_LOCK)" >&2
		exec 9>>"$CORPUS_LOCK"
		flock 9
		corpus__wait_others
		# shellcheck disable=SC2086
		WORKLOADS=$WORKLOADS "$UPERF" record -q -a $opts -o "$f.tmp" -- \
			bash "$TOPDIR/bench/mixload.sh" "$secs" >/dev/null 2>"$BENCH_DIR/record-$1.err" 9>&- &
		corpus__watch $!
		n=$?
		exec 9>&-
		[ $n -eq 2 ] && { rm -f "$f.tmp"; continue; }
		[ $n -eq 0 ] || { echo "bench: cannot record $f" >&2; return 1; }
		if corpus__valid "$f.tmp"; then
			mv "$f.tmp" "$f"
		else
			echo "bench: $f: upstream cannot read it (another recorder?), again" >&2
			rm -f "$f.tmp"
		fi
	done
	[ -s "$f" ] || { echo "bench: no readable $f" >&2; return 1; }
	n=$(corpus__samples "$f")
	[ "${n:-0}" -ge "$min" ] || echo "bench: note: $f has $n samples, fewer than $min" >&2
	[ $(($(stat -c %s "$f") >> 20)) -ge "$mb" ] || echo "bench: note: $f is under $mb MB" >&2
	echo "$f"
}

# corpus__describe FILE: "name: N samples, M MB"
corpus__describe() {
	echo "$(basename "$1" .data | sed 's/^corpus-//'): $(corpus__samples "$1") samples," \
		"$(($(stat -c %s "$1") >> 20)) MB"
}
