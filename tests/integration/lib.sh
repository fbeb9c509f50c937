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

need_upstream() {
	[ -x "$UPERF" ] || skip_all "no $UPERF (apt-get install linux-perf)"
}

# wait_ready PID FILE [REGEX]: until FILE exists (with REGEX: has a line
# matching it), which a workload or recorder makes when it is ready;
# returns 1 if PID ends first or after 60 s.  Readiness is always
# waited for, never assumed after a sleep.
wait_ready() {
	local pid=$1 file=$2 re=${3:-} n=3000
	while :; do
		if [ -n "$re" ]; then
			grep -qE "$re" "$file" 2>/dev/null && return 0
		else
			[ -e "$file" ] && return 0
		fi
		kill -0 "$pid" 2>/dev/null || break
		n=$((n - 1))
		[ $n -gt 0 ] || break
		sleep 0.02
	done
	# a last look: it may have got ready just before it ended
	if [ -n "$re" ]; then grep -qE "$re" "$file" 2>/dev/null; else [ -e "$file" ]; fi
}

# ready_or_fail PID FILE [REGEX] WHAT: wait_ready, else fail the test loudly
ready_or_fail() {
	local what=${*: -1}
	if ! wait_ready "${@:1:$#-1}"; then
		ok 1 "$what got ready"
		diag "no ${2} after 60 s or its process ended: giving up"
		done_testing
	fi
}

need_workloads() {
	[ -x "$WORKLOADS/bpfload" ] || skip_all "workloads not built (make workloads)"
}

# A scratch directory, removed at exit unless KEEP_TMPD=1 or a check
# failed: then its path is printed, with every input and output in it.
# A test's other scratch directories (outside $TMPD) go with it: see
# scratch_dir.  Not named /tmp/perf-*: upstream takes any object whose
# path starts so for a JIT map file, and reads no symbols nor source
# lines from it, nor from the build-id cache in $HOME=$TMPD/home.
TMPD=$(mktemp -d "${TMPDIR:-/tmp}/ptest.XXXXXX")
scratch_dirs=("$TMPD")
tmpd_exit() {
	local st=$?
	if [ "${KEEP_TMPD:-0}" = 1 ] || [ "$tap_failed" -gt 0 ] || [ $st -ne 0 ]; then
		echo "# scratch files kept in ${scratch_dirs[*]}" >&2
	else
		rm -rf "${scratch_dirs[@]}"
	fi
}
trap tmpd_exit EXIT

# scratch_dir VAR TEMPLATE: a directory of mktemp's TEMPLATE (for files
# that must not live under $TMPD's name), kept or removed with $TMPD
scratch_dir() {
	local d
	d=$(mktemp -d "${TMPDIR:-/tmp}/$2") || return 1
	scratch_dirs+=("$d")
	printf -v "$1" %s "$d"
}

# A home of the test's own: no ~/.perfconfig of whoever runs the suite
# changes either perf, and no build-id cache but what a test puts there.
export HOME=$TMPD/home
mkdir -p "$HOME"
unset PERF_BUILDID_DIR PERF_CONFIG

# The fixed inputs (tests/fixtures, see make-fixtures there): both perfs
# read them with the recording kernel's kallsyms and, in $HOME/.debug,
# its [vdso] and the user binaries the samples fall in (binaries.tar.xz,
# by build id: make-binaries there), so user code is named from the
# binary it was recorded with, whatever this machine's /usr/lib or
# build/ holds, and a comparison's verdict depends on the file alone.
FIXTURES=${FIXTURES:-$TOPDIR/tests/fixtures}
KALLSYMS=$TMPD/kallsyms

# need_fixtures FILE...: a missing or changed fixture fails the test
need_fixtures() {
	local f
	for f in "$@"; do
		if ! (cd "$FIXTURES" && grep -F " ./$f" MANIFEST | grep -q . &&
		      grep -F " ./$f" MANIFEST | sha256sum --quiet -c - >/dev/null 2>&1); then
			echo "1..1"
			echo "not ok 1 - fixture $f is missing or changed (tests/fixtures/make-fixtures)"
			exit 1
		fi
	done
	if [ ! -s "$KALLSYMS" ]; then
		(cd "$FIXTURES" && grep -F -e '  kallsyms.xz' -e ' ./binaries.tar.xz' MANIFEST |
			sha256sum --quiet -c - >/dev/null 2>&1) &&
		xz -dc "$FIXTURES/kallsyms.xz" >"$KALLSYMS" &&
			cp -a "$FIXTURES/debug" "$HOME/.debug" &&
			xz -dc "$FIXTURES/binaries.tar.xz" | tar -C "$HOME/.debug" -xf - ||
			{ echo "1..1"; echo "not ok 1 - cannot unpack the fixtures' kallsyms and binaries"; exit 1; }
	fi
}

# fixture NAME: its path
fixture() { echo "$FIXTURES/$1"; }

# up_perf / our_perf COMMAND ARGS...: a reader of fixtures, with their
# kernel symbols (report, script; annotate takes no --kallsyms)
up_perf() { local c=$1; shift; "$UPERF" "$c" --kallsyms "$KALLSYMS" "$@"; }
our_perf() { local c=$1; shift; "$PERF" "$c" --kallsyms "$KALLSYMS" "$@"; }

# report_stdio up|our FILE OPTIONS...: perf report --stdio of FILE with
# its stderr, without upstream's "# (Tip: ...)" line (a random one)
report_stdio() {
	local who=$1 file=$2; shift 2
	if [ "$who" = up ]; then
		up_perf report -i "$file" --stdio "$@" 2>&1
	else
		our_perf report --no-bpf-prog-info -i "$file" --stdio "$@" 2>&1
	fi | grep -v '^# (Tip: '
}

# compare_report FIXTURE OPTIONS...: both reports of a fixture, equal
compare_report() {
	local f=$1; shift
	report_stdio up "$(fixture "$f")" "$@" >"$TMPD/up"
	report_stdio our "$(fixture "$f")" "$@" >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: report $* equals upstream's ($(grep -c '%' "$TMPD/up") rows)"
}

# compare_report_cut FIXTURE OPTIONS...: as compare_report, with upstream's
# cut command column normalized in ours (norm_comm_cut)
compare_report_cut() {
	local f=$1; shift
	report_stdio up "$(fixture "$f")" "$@" >"$TMPD/up"
	report_stdio our "$(fixture "$f")" "$@" >"$TMPD/our.raw"
	norm_comm_cut "$TMPD/up" "$TMPD/our.raw" >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$f: report $* equals upstream's ($(grep -c '%' "$TMPD/up") rows)"
}

# compare_tasks OPTION FIXTURE: report --tasks or --mmaps of a fixture
# (standard output only: neither prints the out-of-order warning then)
# equals upstream's, with nothing on our stderr
compare_tasks() {
	local opt=$1 f=$2
	up_perf report -i "$(fixture "$f")" --stdio "$opt" 2>/dev/null >"$TMPD/up"
	our_perf report --no-bpf-prog-info -i "$(fixture "$f")" --stdio "$opt" 2>"$TMPD/err" \
		>"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" \
		"$f: report $opt equals upstream's ($(wc -l <"$TMPD/up") lines)"
	ok $([ ! -s "$TMPD/err" ]; echo $?) "$f: report $opt, nothing on stderr"
}

# Upstream quirk, normalized where a test names it: upstream sizes the
# command column from the tasks' final names, so a row of a task renamed
# later (perf-exec, then its command) has the old name cut to that width.
# norm_comm_cut UP OUR: OUR with its command column cut to UP's width.
norm_comm_cut() {
	perl "$TOPDIR/tests/integration/comm-cut.pl" "$1" "$2"
}

# Upstream counts lost side-band records (KSYMBOL and friends, lost on
# the tracking event) as lost samples; we print them on a line of their
# own (Documentation/perf/perf-report.txt).  norm_lost_sideband, a
# filter of our report: that line folded into "Total Lost Samples".
norm_lost_sideband() {
	perl -0pe 's/^# Total Lost Samples: (\d+)\n#\n# Lost side-band records \(not samples\): (\d+)\n#\n/"# Total Lost Samples: " . ($1 + $2) . "\n#\n"/me'
}

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

# attrs_lines FILE: its attrs as upstream's evlist -v reads them, one
# "EVENT# field: value" a line, sorted
attrs_lines() {
	"$UPERF" evlist -v -i "$1" 2>/dev/null |
		awk '{ sub(/^[^ ]*: /, ""); n = split($0, f, /, /)
		       for (i = 1; i <= n; i++) print NR " " f[i] }' | sort
}

# attrs_delta FILE1 FILE2: what changed from FILE1's attrs to FILE2's
# ("- " removed, "+ " added)
attrs_delta() {
	comm -3 <(attrs_lines "$1") <(attrs_lines "$2") | sed 's/^\t/+ /; t; s/^/- /'
}

# top_for NAME ARGS...: perf top --stdio ARGS (live) until a screen has
# two rows, into $TMPD/NAME.out and NAME.err
top_for() {
	local name=$1 top
	shift
	timeout 120 "$PERF" top --stdio -d 0.5 "$@" </dev/null >"$TMPD/$name.out" \
		2>"$TMPD/$name.err" &
	top=$!
	for _ in $(seq 600); do
		[ "$(grep -cE '^ +[0-9.]+% ' "$TMPD/$name.out")" -ge 2 ] && break
		kill -0 $top 2>/dev/null || break
		sleep 0.1
	done
	kill -INT $top
	wait $top
}

# refused TEXT DESCRIPTION COMMAND...: COMMAND (bad input) prints nothing
# on stdout, one line on stderr holding TEXT, and exits 1
refused() {
	local text=$1 what=$2 rc; shift 2
	"$@" >"$TMPD/refused.out" 2>"$TMPD/refused.err"
	rc=$?
	[ $rc -eq 1 ] && [ ! -s "$TMPD/refused.out" ] && [ "$(wc -l <"$TMPD/refused.err")" -eq 1 ] &&
		grep -qF -- "$text" "$TMPD/refused.err"
	ok $? "$what: one line, exit 1 ($rc: $(head -1 "$TMPD/refused.err"))"
}
