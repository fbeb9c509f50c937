#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Damaged perf.data files never crash or hang the reader (ASan+UBSan
# build): every truncation of a small real file and random byte flips end
# in a one-line error naming the file and the problem, with a non-zero
# exit, or are read whole.  The files are upstream's, from tests/fixtures,
# and the flips are seeded: every run damages them the same way.
. "$(dirname "$0")/lib.sh"
[ -x "$FUZZ_READ" ] || skip_all "no $FUZZ_READ (make check builds it)"
[ -x "$PERF_ASAN" ] || skip_all "no $PERF_ASAN (make check builds it)"

# the inputs: upstream's smallest file, and one with every BPF feature
need_fixtures up-small.data up-bpf-btf.data
small=$(fixture up-small.data)
diag "input: $(stat -c %s "$small") bytes"

# In-process: every truncation and 2000 flipped copies (its own TAP lines,
# folded into one result here).
TMPDIR=$TMPD timeout 900 "$FUZZ_READ" "$small" 2000 7 >"$TMPD/fuzz.tap" 2>"$TMPD/fuzz.err"
rc=$?
sed 's/^/#   /' "$TMPD/fuzz.tap"
tail -5 "$TMPD/fuzz.err" | sed 's/^/#   /'
[ $rc -eq 0 ] && ! grep -q '^not ok' "$TMPD/fuzz.tap"
ok $? "reader survives every truncation and 2000 flips (exit $rc)"

# A file with every BPF feature (programs with subprograms, BTF): every
# 5th truncation and flips, which land in the BPF_PROG_INFO/BTF sections.
bpf=$(fixture up-bpf-btf.data)
diag "bpf input: $(stat -c %s "$bpf") bytes"
TMPDIR=$TMPD timeout 900 "$FUZZ_READ" "$bpf" 1000 11 5 >"$TMPD/fuzz2.tap" 2>"$TMPD/fuzz2.err"
rc=$?
sed 's/^/#   /' "$TMPD/fuzz2.tap"
tail -5 "$TMPD/fuzz2.err" | sed 's/^/#   /'
[ $rc -eq 0 ] && ! grep -q '^not ok' "$TMPD/fuzz2.tap"
ok $? "reader survives damage to a file with BPF features (exit $rc)"

# Tracepoints (tests/fuzz/seeds): every truncation and flips, which land
# in TRACING_DATA (read with libtraceevent) and the samples' raw fields
# (formatted with it).  (A pipe stream cut after a record is a shorter
# stream, not an error: the pipe seed is libFuzzer's only.)
for seed in up-tracepoints.data; do
	f=$TOPDIR/tests/fuzz/seeds/$seed
	if [ ! -s "$f" ]; then
		ok 1 "tests/fuzz/seeds/$seed is there"
		continue
	fi
	TMPDIR=$TMPD timeout 900 "$FUZZ_READ" "$f" 2000 13 >"$TMPD/fuzz-$seed.tap" \
		2>"$TMPD/fuzz-$seed.err"
	rc=$?
	sed 's/^/#   /' "$TMPD/fuzz-$seed.tap"
	grep -v -e '^Suppressions used' -e '^  count' -e '^ *[0-9]* *[0-9]* tep_parse' \
		-e '^-*$' "$TMPD/fuzz-$seed.err" | tail -5 | sed 's/^/#   /'
	[ $rc -eq 0 ] && ! grep -q '^not ok' "$TMPD/fuzz-$seed.tap"
	ok $? "reader survives damage to $seed, tracepoint formats and fields (exit $rc)"
done

# Inputs that once crashed the reader (tests/fuzz/regress): read or refused, no sanitizer report
for f in "$TOPDIR"/tests/fuzz/regress/read-perf-data/*.data; do
	[ -e "$f" ] || continue
	timeout 60 "$PERF_ASAN" script -i "$f" >/dev/null 2>"$TMPD/regress.err"
	rc=$?
	{ [ $rc -eq 0 ] || { [ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/regress.err")" -eq 1 ]; }; } &&
		! grep -q 'Sanitizer' "$TMPD/regress.err"
	ok $? "regression input $(basename "$f"): script reads it or says why (exit $rc)"
done

# Through the command line, a sample of truncations: one line, exit 1.
size=$(stat -c %s "$small")
bad=0
for off in 0 7 8 50 103 104 105 $((size / 3)) $((size / 2)) $((size - 9)) $((size - 1)); do
	head -c "$off" "$small" >"$TMPD/cut.data"
	timeout 60 "$PERF_ASAN" report -D -i "$TMPD/cut.data" >/dev/null 2>"$TMPD/cut.err"
	rc=$?
	if [ $rc -ne 1 ] || [ "$(wc -l <"$TMPD/cut.err")" -ne 1 ] ||
	   ! grep -q "^perf report: $TMPD/cut.data: " "$TMPD/cut.err"; then
		bad=$((bad + 1))
		diag "cut at $off: exit $rc: $(head -3 "$TMPD/cut.err")"
	fi
done
ok $bad "report -D on truncated files: exit 1 with one line naming the file"

for opt in --header-only --stats; do
	head -c $((size / 2)) "$small" >"$TMPD/cut.data"
	timeout 60 "$PERF_ASAN" report $opt -i "$TMPD/cut.data" >/dev/null 2>"$TMPD/cut.err"
	rc=$?
	[ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/cut.err")" -eq 1 ]
	ok $? "report $opt on a truncated file: exit 1, one line ($(cat "$TMPD/cut.err"))"
done

"$PERF_ASAN" report -D -i "$TMPD/does-not-exist" >/dev/null 2>"$TMPD/err"
[ $? -eq 1 ] && grep -q "^perf report: $TMPD/does-not-exist: No such file" "$TMPD/err"
ok $? "missing file: exit 1 and the file named"

done_testing
