# SPDX-License-Identifier: GPL-2.0
# Shared by the integration tests: TAP output, the binaries under test and
# the workloads.  Source it from a test run at the top of the tree.

TOPDIR=${TOPDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
PERF=${PERF:-$TOPDIR/tools/perf/perf}
PERF_ASAN=${PERF_ASAN:-$TOPDIR/build/asan/perf}
WORKLOADS=${WORKLOADS:-$TOPDIR/build/workloads}
UPERF=${UPERF:-/usr/bin/perf}

tap_n=0
tap_failed=0

plan() { echo "1..$1"; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
diag() { printf '# %s\n' "$@"; }

ok() {	# ok STATUS DESCRIPTION: STATUS 0 passes
	local status=$1; shift
	tap_n=$((tap_n + 1))
	if [ "$status" -eq 0 ]; then
		echo "ok $tap_n - $*"
	else
		echo "not ok $tap_n - $*"
		tap_failed=$((tap_failed + 1))
	fi
}

# is_same_file GOT WANT DESCRIPTION: passes when the files are identical;
# prints a short diff otherwise
is_same_file() {
	local got=$1 want=$2; shift 2
	if cmp -s "$got" "$want"; then
		ok 0 "$*"
	else
		ok 1 "$*"
		diff -u "$want" "$got" | head -20 | sed 's/^/#   /'
	fi
}

done_testing() {
	[ -n "${TAP_PLANNED:-}" ] || echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
	exit $?
}

need_root() {
	[ "$(id -u)" -eq 0 ] || skip_all "needs root for system-wide recording"
	[ -x "$UPERF" ] || skip_all "no $UPERF (apt-get install linux-perf)"
}

need_workloads() {
	[ -x "$WORKLOADS/bpfload" ] || skip_all "workloads not built (make workloads)"
}

# A scratch directory removed at exit.
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/perf-test.XXXXXX")
trap 'rm -rf "$TMPD"' EXIT

# upstream_record FILE ARGS...: /usr/bin/perf record, quiet, into FILE
upstream_record() {
	local out=$1; shift
	"$UPERF" record -q -o "$out" "$@" >"$TMPD/record.log" 2>&1
}

# Lines of -D output that name the feature's records, offsets and all.
dump_feature_lines() {
	grep -E 'PERF_RECORD_(KSYMBOL|BPF_EVENT|LOST)' || true
}

# Count of the records of one type in a -D dump.
count_records() {
	grep -c -E "^[0-9 ]*0x[0-9a-f]+ \[0x[0-9a-f]+\]: PERF_RECORD_$1( |:|\(|$)" || true
}
