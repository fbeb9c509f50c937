#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every fuzz target (tests/fuzz, ASan+UBSan build) once on every seed
# and on every input a fuzzer found (tests/fuzz/regress/*): no sanitizer
# report, no leak, none slower than the driver's limit, each within the
# timeout here.  `make fuzz` runs the same targets under libFuzzer.
. "$(dirname "$0")/lib.sh"

FUZZ_DIR=${FUZZ_DIR:-$TOPDIR/build/asan/tests/fuzz}
SEEDS=$TOPDIR/tests/fuzz/seeds
REGRESS=$TOPDIR/tests/fuzz/regress
targets="read-perf-data report script annotate-bpf"

for t in $targets; do
	[ -x "$FUZZ_DIR/$t" ] || skip_all "no $FUZZ_DIR/$t (make check builds it)"
done
[ -n "$(ls "$SEEDS")" ] || skip_all "no seeds in $SEEDS"

inputs=("$SEEDS")
for d in "$REGRESS"/*/; do
	[ -d "$d" ] && inputs+=("${d%/}")
done

for t in $targets; do
	args=()
	[ "$t" = read-perf-data ] && args=(--replay)
	TMPDIR=$TMPD timeout 900 "$FUZZ_DIR/$t" "${args[@]}" "${inputs[@]}" \
		>"$TMPD/$t.tap" 2>"$TMPD/$t.err"
	rc=$?
	n=$(grep -c '^ok ' "$TMPD/$t.tap")
	bad=$(grep '^not ok' "$TMPD/$t.tap" | head -3)
	[ $rc -eq 0 ] && [ -z "$bad" ] && [ ! -s "$TMPD/$t.err" ] && [ "$n" -gt 0 ]
	ok $? "$t: $n inputs replayed (exit $rc)"
	if [ $rc -ne 0 ] || [ -n "$bad" ]; then
		diag "last input: $(grep '^# ' "$TMPD/$t.tap" | tail -1)"
		[ -n "$bad" ] && diag "$bad"
		head -20 "$TMPD/$t.err" | sed 's/^/#   /'
	fi
	grep -o '[0-9]* ms)$' "$TMPD/$t.tap" | tr -d ')' | sort -n | tail -1 | sed "s/^/# $t: slowest input: /"
done

done_testing
