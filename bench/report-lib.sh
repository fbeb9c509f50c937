# SPDX-License-Identifier: GPL-2.0
# The input of bench/export.sh and tests/integration/export-big.t (sourced
# after lib.sh; the report and script benchmarks read the corpus instead).

# big_bpf_file [-g]: >= 1.5M samples at 50 kHz per CPU, made once, cached.
# The user load is bounded in time, not in iterations: sampling with -g
# slows a shell loop enough to hold the recording lock for minutes.  With
# -g, 36 s gave too few samples here (the recorder's own unwinding takes
# CPU from the load): 50 s.
big_bpf_file() {
	local cg=$1 name=$BENCH_DIR/1m5${1:+-g}.data secs=${BENCH_SECONDS:-${1:+50}}
	secs=${secs:-36}
	if [ ! -s "$name" ]; then
		echo "bench: recording $name (about $secs s)" >&2
		"$UPERF" record -q $cg -a -e cpu-clock -c 20000 -o "$name" -- \
			sh -c "\"$WORKLOADS/bpfload\" -n 2 --hot $secs -j 1 >/dev/null &
			       timeout $secs sh -c 'while :; do :; done'; wait" \
			>/dev/null 2>&1 || return 1
	fi
	echo "$name"
}

