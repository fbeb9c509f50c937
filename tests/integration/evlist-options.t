#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf evlist's options against upstream's on the same files: -F, -v,
# -g/--group (event groups from GROUP_DESC, named or not), --trace-fields
# (a tracepoint's own fields), alone and together; -g with -v or -F
# refused as upstream refuses it.  The group files are recorded by
# /usr/bin/perf here; the tracepoint file is a fixture.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-tracepoints-g.data up-late.data

upstream_record "$TMPD/grp.data" -e '{cpu-clock,task-clock}' -e page-faults \
	-e '{cs,minor-faults}' -- true
ok $? "upstream records two groups and an event alone"
upstream_record "$TMPD/named.data" -e 'mygrp{cpu-clock,task-clock}' -- true
ok $? "upstream records a named group"
upstream_record "$TMPD/opt.data" --group -e cpu-clock -e task-clock -- true
ok $? "upstream records record --group"

for f in "$TMPD/grp.data" "$TMPD/named.data" "$TMPD/opt.data" \
	 "$(fixture up-tracepoints-g.data)" "$(fixture up-late.data)"; do
	for args in "" "-F" "-v" "-g" "--trace-fields" "-F --trace-fields" \
		    "-v --trace-fields" "-g --trace-fields"; do
		# shellcheck disable=SC2086
		"$UPERF" evlist $args -i "$f" >"$TMPD/up" 2>&1
		# shellcheck disable=SC2086
		"$PERF" evlist $args -i "$f" >"$TMPD/our" 2>&1
		is_same_file "$TMPD/our" "$TMPD/up" \
			"${f##*/}: evlist $args as upstream's ($(wc -l <"$TMPD/up") lines)"
	done
done
"$PERF" evlist -g -i "$TMPD/grp.data" >"$TMPD/our"
printf '%s\n' "{cpu-clock,task-clock}" page-faults "{cs,minor-faults}" >"$TMPD/want"
is_same_file "$TMPD/our" "$TMPD/want" "evlist -g: the groups as recorded"

for args in "-g -v" "-g -F"; do
	# shellcheck disable=SC2086
	"$UPERF" evlist $args -i "$TMPD/grp.data" >/dev/null 2>"$TMPD/up.err"
	urc=$?
	# shellcheck disable=SC2086
	"$PERF" evlist $args -i "$TMPD/grp.data" >"$TMPD/our.out" 2>"$TMPD/our.err"
	rc=$?
	[ $urc -ne 0 ] && [ $rc -eq 1 ] && [ ! -s "$TMPD/our.out" ] &&
		[ "$(grep -m1 Error "$TMPD/our.err")" = "$(grep -m1 Error "$TMPD/up.err")" ]
	ok $? "evlist $args refused as upstream ($rc/$urc: $(grep -m1 Error "$TMPD/our.err"))"
done

# Known difference: from a pipe upstream's evlist -g shows no groups;
# ours reads the pipe's GROUP_DESC record and shows them.
"$UPERF" record -q -o - -e '{cpu-clock,task-clock}' -- true >"$TMPD/grp.pipe" 2>/dev/null
"$PERF" evlist -g -i "$TMPD/grp.pipe" >"$TMPD/our"
echo "{cpu-clock,task-clock}" >"$TMPD/want"
is_same_file "$TMPD/our" "$TMPD/want" "evlist -g of a pipe: the group its GROUP_DESC record gives"

done_testing
