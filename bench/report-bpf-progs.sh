#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# perf report --bpf-progs against our own plain report of the same file:
# the churn fixture (about a thousand programs loaded and unloaded) and
# the 1.5M-sample -g file of bench/report-lib.sh (big_bpf_file -g).  Best
# of $RUNS wall and CPU times, peak RSS, and the ratio table / report.
# Target: the table costs no more than 1.2x a plain report (the default
# report of a -g file draws the graphs; the ratio against the cheapest
# report, --no-children -g none --sort sym, is printed too).
RUNS=${RUNS:-10}	# the churn fixture takes ~20 ms: the best of 3 is scheduling noise
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/report-lib.sh"

KALLSYMS_FIX=$BENCH_DIR/fixtures-kallsyms
xz -dc "$TOPDIR/tests/fixtures/kallsyms.xz" >"$KALLSYMS_FIX" ||
	{ echo "bench: no tests/fixtures/kallsyms.xz" >&2; exit 1; }

# ratio NAME FILE KALLSYMS REPORT_ARGS...: the table against that report
ratio() {
	local name=$1 file=$2 ks=$3; shift 3
	local kargs=()
	[ -n "$ks" ] && kargs=(--kallsyms "$ks")
	read -r tt trss _ tcpu < <(measure "$PERF" report "${kargs[@]}" --bpf-progs -i "$file")
	read -r rt rrss _ rcpu < <(measure "$PERF" report "${kargs[@]}" --stdio "$@" -i "$file")
	awk -v n="$name" -v tt="$tt" -v rt="$rt" -v tc="$tcpu" -v rc="$rcpu" \
	    -v trss="$trss" -v rrss="$rrss" 'BEGIN {
		printf "%-46s --bpf-progs %6.3fs (cpu %6.3fs) %6d KiB", n, tt, tc, trss
		printf "  report %6.3fs (cpu %6.3fs) %6d KiB", rt, rc, rrss
		printf "  ratio %4.2fx (cpu %4.2fx)\n", (rt > 0 ? tt / rt : 0),
			(rc > 0 ? tc / rc : 0) }'
}

churn=$TOPDIR/tests/fixtures/our-churn.data
echo "input: $churn, $("$PERF" report --kallsyms "$KALLSYMS_FIX" --bpf-progs -q -i "$churn" |
	wc -l) programs"
ratio "churn fixture (ours)" "$churn" "$KALLSYMS_FIX"
ratio "churn fixture (/usr/bin/perf)" "$TOPDIR/tests/fixtures/up-churn.data" "$KALLSYMS_FIX"

big=$(big_bpf_file -g) || { echo "bench: cannot record the input" >&2; exit 1; }
samples=$("$PERF" report --stats -i "$big" | awk '/SAMPLE events:/ {print $3; exit}')
echo "input: $big, $samples samples, $(du -hL "$big" | cut -f1)"
RUNS=${RUNS_LONG:-3}
ratio "1.5M -g: against the default report" "$big" ""
ratio "1.5M -g: against --no-children -g none -s sym" "$big" "" --no-children -g none --sort sym
