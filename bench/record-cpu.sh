#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# CPU time (user + system) of the record process per MB written, system
# wide at -F 20000 while the hot BPF workload runs beside it (not as the
# recorded command: its own CPU time would count): ours against
# /usr/bin/perf.
. "$(dirname "$0")/lib.sh"

SECS=${SECS:-4}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# run PERF NAME: prints "<cpu seconds> <MB>" (best of $RUNS by CPU per MB)
run() {
	local perf=$1 name=$2 best="" i cpu mb
	for i in $(seq "$RUNS"); do
		"$WORKLOADS/bpfload" -n 2 --hot $((SECS + 2)) >/dev/null 2>&1 &
		local load=$!
		sleep 0.5
		/usr/bin/time -f '%U %S' -o "$T/time" timeout 120 "$perf" record -q \
			-o "$T/$name.data" -a -F 20000 -- sleep "$SECS" >/dev/null 2>"$T/err"
		kill -INT $load 2>/dev/null
		wait $load
		cpu=$(tail -1 "$T/time" | awk '{ print $1 + $2 }')
		mb=$(stat -c %s "$T/$name.data" | awk '{ print $1 / 1048576 }')
		if [ -z "$best" ] || awk -v c="$cpu" -v m="$mb" -v b="$best" \
			'BEGIN { exit !(c / m < b) }'; then
			best=$(awk -v c="$cpu" -v m="$mb" 'BEGIN { print c / m }')
			echo "$cpu $mb" >"$T/$name.best"
		fi
	done
	cat "$T/$name.best"
}

read -r oc om < <(run "$PERF" ours)
read -r uc um < <(run "$UPERF" upstream)
awk -v oc="$oc" -v om="$om" -v uc="$uc" -v um="$um" 'BEGIN {
	o = oc / om; u = uc / um
	printf "record -a -F 20000 CPU per MB: ours %.4f s/MB (%.2fs, %.1f MB)   " \
	       "upstream %.4f s/MB (%.2fs, %.1f MB)   ratio %.2fx\n",
	       o, oc, om, u, uc, um, (o > 0 ? u / o : 0) }'
