#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf annotate's event groups (issue 20): a file recorded by upstream
# with a group ({cpu-clock,task-clock}, at test time) is annotated with
# a share column per event of the group, as upstream does with or
# without --group ("anon group { cpu-clock, task-clock }" in the title);
# --group on a file without groups shows every event side by side
# ("cpu-clock:pppH, dummy:HG").  Compared with /usr/bin/perf annotate
# --stdio line for line, the instructions' text cut (insn_cut): the
# group's hottest functions by name, -n and --show-total-period, and the
# titles of every function.
#
# Left out, named: with --percent-type global-period upstream's columns
# of the other events say 0.00 (ours: the share of their event's
# period); functions of equal samples in another order than
# upstream's, and the source rows upstream takes from addr2line's
# compilation unit or objdump's other alias of a symbol (as for one
# event: annotate-options.t).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/annotate-lib.sh"
need_upstream
need_fixtures up-bpf-btf.data
command -v objdump >/dev/null || skip_all "no objdump for /usr/bin/perf annotate (binutils)"

# compare FILE ARGS...: both perfs' annotate --stdio, cut, equal and not empty
compare() {
	local f=$1; shift
	"$UPERF" annotate --stdio -i "$f" "$@" 2>/dev/null | insn_cut >"$TMPD/up"
	"$PERF" annotate --stdio -i "$f" "$@" 2>/dev/null | insn_cut >"$TMPD/our"
	if [ -s "$TMPD/up" ]; then
		is_same_file "$TMPD/our" "$TMPD/up" \
			"annotate $* as upstream's ($(wc -l <"$TMPD/up") rows)"
	else
		ok 1 "annotate $*: upstream printed nothing"
	fi
}

# --group without groups in the file: every event a column
F=$(fixture up-bpf-btf.data)
compare "$F" --group __vfscanf_internal
grep -q 'for cpu-clock:pppH, dummy:HG (' "$TMPD/our"
ok $? "--group: the events' names in the title"
compare "$F" --group -n _IO_default_uflow
compare "$F" --group --show-total-period _IO_default_uflow
compare "$F" _IO_default_uflow
! grep -q 'dummy' "$TMPD/our"
ok $? "without --group: one column"

if [ "$(id -u)" -ne 0 ]; then
	ok 0 "# SKIP a group recorded by upstream: needs root"
	done_testing
fi
command -v gcc >/dev/null || { ok 0 "# SKIP a group recorded by upstream: no gcc"; done_testing; }
# a program of two hot functions of our own (libc's have the source-row quirks above)
cat >"$TMPD/hot2.c" <<'SRC'
#include <stdlib.h>
__attribute__((noinline)) long mix(long x)
{
	x ^= x << 13;
	x ^= x >> 7;
	return x ^ (x << 17);
}
__attribute__((noinline)) long spin(long n)
{
	long s = 1;
	for (long i = 0; i < n; i++)
		s = mix(s + i);
	return s;
}
int main(int argc, char **argv)
{
	return spin(atol(argv[1])) == 42;
}
SRC
gcc -O1 -g -o "$TMPD/hot2" "$TMPD/hot2.c"
ok $? "a program of two hot functions"
G=$TMPD/group.data
upstream_record "$G" -e '{cpu-clock,task-clock}' -- "$TMPD/hot2" 300000000
ok $? "a group recorded by upstream"
for sym in mix spin; do
	compare "$G" "$sym"
	grep -q 'for anon group { cpu-clock, task-clock } (' "$TMPD/our"
	ok $? "$sym: the group in the title"
	compare "$G" --group "$sym"
	compare "$G" -n "$sym"
	compare "$G" --show-total-period "$sym"
	compare "$G" --percent-type local-hits "$sym"
	# global-period: upstream's other columns say 0.00 (it divides by a
	# total it never fills, as for global-hits); the first column's shares
	"$UPERF" annotate --stdio -i "$G" --percent-type global-period "$sym" 2>/dev/null |
		insn_cut | sed -E 's/^( +[0-9.]+) +[0-9.]+ :/\1 :/' >"$TMPD/up"
	"$PERF" annotate --stdio -i "$G" --percent-type global-period "$sym" 2>/dev/null |
		insn_cut | sed -E 's/^( +[0-9.]+) +[0-9.]+ :/\1 :/' >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" "$sym: --percent-type global-period, the leader's column"
done
# every function's title: the same set (ties may come in another order)
"$UPERF" annotate --stdio -i "$G" 2>/dev/null | grep 'Source code & Disassembly' | sort >"$TMPD/up.t"
"$PERF" annotate --stdio -i "$G" 2>/dev/null | grep 'Source code & Disassembly' | sort >"$TMPD/our.t"
is_same_file "$TMPD/our.t" "$TMPD/up.t" "every function's title as upstream's ($(wc -l <"$TMPD/up.t"))"
done_testing
