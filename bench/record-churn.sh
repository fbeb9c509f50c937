#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpf_prog_info capture share under BPF churn: ours against /usr/bin/perf
# record in the same run, at 1k/5k/10k loads/s with each program held
# 1 ms and 0 ms; plus lost side-band records.
. "$(dirname "$0")/lib.sh"

RATES=${RATES_CHURN:-"1000 5000 10000"}
DURATION=${DURATION:-5}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# share PERF FILE IDS: "<captured> <loads> <lost records>"
share() {
	local perf=$1 file=$2 ids=$3
	"$UPERF" report --header-only -i "$file" 2>/dev/null |
		sed -n 's/^# bpf_prog_info \([0-9]*\):.*/\1/p' | sort -u >"$T/info"
	local have lost
	have=$(sort -u "$ids" | comm -12 - "$T/info" | wc -l)
	lost=$("$UPERF" report -D -i "$file" 2>/dev/null | grep -c 'PERF_RECORD_LOST' || true)
	echo "$have $(wc -l <"$ids") $lost"
}

for hold in 1 0; do
	for rate in $RATES; do
		for who in ours upstream; do
			p=$PERF
			[ $who = upstream ] && p=$UPERF
			timeout 120 "$p" record -q -o "$T/$who.data" -a -c 1000000 -- \
				"$WORKLOADS/bpfload" --churn "$rate" --duration "$DURATION" \
				--hold-ms $hold --ids-file "$T/$who.ids" >/dev/null 2>&1
			read -r h n l < <(share "$p" "$T/$who.data" "$T/$who.ids")
			eval "${who}_h=$h ${who}_n=$n ${who}_l=$l"
		done
		awk -v r="$rate" -v hold="$hold" -v oh="$ours_h" -v on="$ours_n" -v ol="$ours_l" \
		    -v uh="$upstream_h" -v un="$upstream_n" -v ul="$upstream_l" 'BEGIN {
			os = on ? 100 * oh / on : 0; us = un ? 100 * uh / un : 0
			printf "record churn %5d/s hold %d ms: info ours %6.2f%% (%d/%d, lost %d)" \
			       "   upstream %6.2f%% (%d/%d, lost %d)   ratio %.2fx\n",
			       r, hold, os, oh, on, ol, us, uh, un, ul, (us > 0 ? os / us : 0) }'
	done
done
