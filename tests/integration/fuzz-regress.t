#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Inputs the fuzzers found (tests/fuzz/regress), through the command
# line: each command ends in well under its timeout, exit 0 with what
# was readable, or exit 1 with one line naming the file and the problem.
. "$(dirname "$0")/lib.sh"
[ -x "$PERF_ASAN" ] || skip_all "no $PERF_ASAN (make check builds it)"

REGRESS=$TOPDIR/tests/fuzz/regress

# run_timed SECONDS OUT ERR COMMAND...: its exit status (124: timed out), ms in $ms
run_timed() {
	local limit=$1 out=$2 err=$3 t0 rc
	shift 3
	t0=$(date +%s%N)
	timeout "$limit" "$@" >"$out" 2>"$err"
	rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	return $rc
}

# MEM_TOPOLOGY with a node bitmap of 2^64-1 bits in 8 bytes: the count of
# its words wrapped to 0, and the bit loop ran for ever (upstream: 27 ms).
# Its version is not 1 either: upstream keeps no nodes, nor do we.
f=$REGRESS/read-perf-data/mem-topology-hang.data
for bin in "$PERF" "$PERF_ASAN"; do
	run_timed 20 "$TMPD/out" "$TMPD/err" "$bin" report --header-only -I -i "$f"
	rc=$?
	[ $rc -eq 0 ] && [ ! -s "$TMPD/err" ] && [ $ms -lt 5000 ]
	ok $? "$(basename "$bin"): mem-topology-hang: --header-only -I exits 0 in $ms ms (exit $rc)"
done
grep -qx '# memory nodes (nr 0, block size 0x0):' "$TMPD/out" &&
	[ "$(tail -2 "$TMPD/out")" = "$(printf '# ========\n#')" ]
ok $? "mem-topology-hang: no nodes from the unreadable section, the header printed to its end"
if [ -x "$UPERF" ]; then
	# upstream prints two cache levels more from bytes past the section's
	# strings; every line of ours is one of upstream's, in its order
	"$UPERF" report --header-only -I -i "$f" >"$TMPD/up" 2>/dev/null
	diff -a "$TMPD/up" "$TMPD/out" >"$TMPD/diff"
	! grep -aq "^>" "$TMPD/diff" && ! grep -a "^<" "$TMPD/diff" | grep -aqv "^< #  L"
	ok $? "mem-topology-hang: upstream's lines but its unreadable cache levels"
	cat -v "$TMPD/diff" | sed "s/^/#   /"
else
	ok 0 "# SKIP no $UPERF to compare with"
fi

done_testing
