#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# `make demo`: one command records the BPF workload system-wide with -g and
# reports it; the top rows are the BPF programs by name, subprograms
# included, though they were unloaded before the report ran.
. "$(dirname "$0")/lib.sh"
need_root

out=$TMPD/demo.out
make -C "$TOPDIR" --no-print-directory demo DEMO_SECONDS=1 >"$out" 2>&1
ok $? "make demo succeeds"
tail -5 "$out" | sed 's/^/#   /'

rows=$(grep -E '^ +[0-9]+\.[0-9]+%' "$out" | head -6)
top=$(echo "$rows" | grep -c 'bpf_prog_[0-9a-f]\{16\}_hot_[a-z0-9_]*  *\[k\] bpf_prog_')
[ "$top" -ge 4 ]
ok $? "at least 4 of the top 6 rows are BPF programs by name ($top)"
echo "$rows" | sed 's/^/#   /'
grep -q '_hot_sub[0-9a-z_]*  *\[k\] bpf_prog_' "$out"
ok $? "subprograms have rows of their own"
! grep -q '\[unknown\]  *\[k\] 0xffffffffc' "$out"
ok $? "no BPF address left [unknown]"
grep -q '^unloaded progs=' "$TOPDIR/build/demo/bpfload.out"
ok $? "the programs were unloaded before the report"

done_testing
