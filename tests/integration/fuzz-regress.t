#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Inputs the fuzzers found (tests/fuzz/regress), through the command
# line: each command ends before its timeout (a hang is exit 124; the time
# taken is printed, not checked: a shared machine's is no verdict), exit 0
# with what was readable, or exit 1 with one line naming the file and the
# problem.
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
	[ $rc -eq 0 ] && [ ! -s "$TMPD/err" ]
	ok $? "$(basename "$bin"): mem-topology-hang: --header-only -I exits 0 in $ms ms (exit $rc)"
done
grep -qx '# memory nodes (nr 0, block size 0x0):' "$TMPD/out" &&
	[ "$(tail -2 "$TMPD/out")" = "$(printf '# ========\n#')" ]
ok $? "mem-topology-hang: no nodes from the unreadable section, the header printed to its end"
if [ -x "$UPERF" ]; then
	# upstream prints two cache levels more from bytes past the section's
	# strings (whatever its heap holds there: newlines too, CI run 10);
	# every line of ours is one of upstream's, in its order
	"$UPERF" report --header-only -I -i "$f" >"$TMPD/up" 2>/dev/null
	diff -a "$TMPD/up" "$TMPD/out" >"$TMPD/diff"
	! grep -aq "^>" "$TMPD/diff"
	ok $? "mem-topology-hang: upstream's lines but its unreadable cache levels"
	cat -v "$TMPD/diff" | sed "s/^/#   /"
else
	ok 0 "# SKIP no $UPERF to compare with"
fi

# An object a MMAP2 names may be a FIFO (the name comes from the file):
# opening it for its symbols waited for a writer for ever.  up-small.data
# with its libc.so.6 mapping renamed to a FIFO: read as a file that is
# gone, as upstream does.
fifo=$TMPD/f
[ ${#fifo} -le 35 ] || fifo=/tmp/perf-fifo.$$
mkfifo "$fifo"
FIFO="$fifo" perl -0777 -pe 's{/usr/lib/x86_64-linux-gnu/libc\.so\.6\0}{$ENV{FIFO} . "\0" x (36 - length $ENV{FIFO})}e' \
	"$TOPDIR/tests/fuzz/seeds/up-small.data" >"$TMPD/fifo.data"
grep -qa "$fifo" "$TMPD/fifo.data"
ok $? "a file with a MMAP2 of the FIFO $fifo"
for cmd in "report --stdio -q --sort dso,sym" "script" "annotate --stdio"; do
	run_timed 20 "$TMPD/out" "$TMPD/err" "$PERF" $cmd -i "$TMPD/fifo.data"
	rc=$?
	# annotate has nothing it can read: one line saying so, exit 1
	want=0
	[ "${cmd%% *}" = annotate ] && want=1
	[ $rc -eq $want ] && [ "$(wc -l <"$TMPD/err")" -le $want ]
	ok $? "perf $cmd on it: exit $rc in $ms ms ($(head -1 "$TMPD/err"))"
done
if [ -x "$UPERF" ]; then
	timeout 20 "$UPERF" report --stdio -q --sort dso,sym -i "$TMPD/fifo.data" >"$TMPD/up" 2>/dev/null
	timeout 20 "$PERF" report --stdio -q --sort dso,sym -i "$TMPD/fifo.data" >"$TMPD/our" 2>/dev/null
	is_same_file "$TMPD/our" "$TMPD/up" "report of it as upstream's"
fi
[ "$fifo" = "$TMPD/f" ] || rm -f "$fifo"

done_testing
