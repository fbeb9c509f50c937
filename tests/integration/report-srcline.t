#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --sort srcline (the "Source:Line" key: each location's
# "file:line" from its object's DWARF, the fixtures' libc and ld.so
# through libc6-dbg's debug files; ":0" in a unit without a line there;
# "name+offset" of its symbol, "dso[addr]" without one; "??:0" without a
# map) and --full-source-path (DWARF's whole names) against upstream's,
# line for line (its "# (Tip: ...)" line aside).
#
# Upstream quirks kept out: its addr2line names a line of an included
# file after the compilation unit's file (ctype.h:42 of ctype-info.c,
# strtol_l.c of sysdeps/wordsize-64, strcspn-sse4.c of strpbrk-sse4.c,
# whose rows upstream then keeps apart): those rows are dropped on both
# sides.  In children mode upstream keys the callers' entries by an
# address of the wrong space ("__strcmp_evex+139820273402826"): the
# comparisons with chains use --no-children.  Upstream's run of addr2line
# on up-late*.data's memfd object sometimes ends its report early (no
# rows at all): those runs are tried again.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-comm-cut.data up-late.data up-late-g.data up-system-wide.data

if [ ! -r /usr/lib/debug/.build-id/93/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug ]; then
	skip_all "no libc6-dbg debug files"
fi

QUIRK='ctype-info\.c:|ctype\.h:|strtol_l\.c:|strtol\.c:|strcspn-sse4\.c:|strpbrk-sse4\.c:'

compare_srcline() {	# FIXTURE OPTIONS...: without the quirk's rows (stdout)
	local f=$1 i; shift
	for i in 1 2 3 4 5 6; do
		up_perf report -i "$(fixture "$f")" --stdio "$@" 2>/dev/null |
			grep -Ev "$QUIRK|^# \(Tip: " >"$TMPD/up"
		grep -q '%' "$TMPD/up" && break
	done
	our_perf report --no-bpf-prog-info -i "$(fixture "$f")" --stdio "$@" 2>/dev/null |
		grep -Ev "$QUIRK|^# \(Tip: " >"$TMPD/our"
	is_same_file "$TMPD/our" "$TMPD/up" \
		"$f: report $* equals upstream's ($(grep -c '%' "$TMPD/up") rows)"
}

# whole, the quirk's files absent (kernel rows: "name+offset" with the fixtures' kallsyms)
compare_report up-comm-cut.data -s srcline
compare_report up-comm-cut.data -s srcline --full-source-path
compare_report up-comm-cut.data -s srcline,dso -n
compare_report up-comm-cut.data -s srcline,sym --full-source-path -t ,
compare_report up-system-wide.data -s srcline
compare_report up-system-wide.data -s srcline,dso --full-source-path
# symbols without DWARF (PLT entries: "strcmp@plt+0"), a unit without lines, no map
compare_srcline up-late.data -s srcline
compare_srcline up-late.data -s sym,srcline
compare_srcline up-late.data -s srcline,dso --full-source-path
grep -q 'strcmp@plt+0' "$TMPD/up" && grep -q '??:0' "$TMPD/up" &&
	grep -qE '  \./.*\.[chS]:[0-9]+ ' "$TMPD/up"
ok $? "up-late.data: the rows name symbols, ??:0 and whole paths"
# graphs
compare_srcline up-late-g.data -s srcline --no-children
compare_srcline up-late-g.data -s srcline,sym --no-children -g caller
done_testing
