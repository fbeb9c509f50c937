#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# How every reading command opens its file (tools/perf/input.c): report,
# annotate, script, evlist and inject refuse another user's file with
# upstream's own line unless -f/--force is given, then read it as
# upstream does; an empty file is one line naming it, exit 1.
. "$(dirname "$0")/lib.sh"
need_upstream
need_root
need_fixtures up-late.data

cp "$(fixture up-late.data)" "$TMPD/other.data"
chown nobody "$TMPD/other.data"
ok $? "a copy of the fixture given to nobody"
chmod 0644 "$TMPD/other.data"
: >"$TMPD/empty.data"

# cmd_args NAME: the command line of one reading command
cmd_args() {
	case $1 in
	report) echo "report --stdio" ;;
	annotate) echo "annotate --stdio" ;;
	script) echo "script" ;;
	evlist) echo "evlist -v" ;;
	inject) echo "inject -o $TMPD/injected.data" ;;
	esac
}

for c in report annotate script evlist inject; do
	args=$(cmd_args $c)
	# shellcheck disable=SC2086
	"$UPERF" $args -i "$TMPD/other.data" >/dev/null 2>"$TMPD/up.err"
	line=$(head -1 "$TMPD/up.err")
	[ "$(wc -l <"$TMPD/up.err")" -eq 1 ] && [ -n "$line" ]
	ok $? "$c: upstream refuses another user's file ($line)"
	rm -f "$TMPD/injected.data"	# upstream's inject leaves its output
	# shellcheck disable=SC2086
	refused "$line" "$c: another user's file refused with upstream's line" \
		"$PERF" $args -i "$TMPD/other.data"
	[ ! -e "$TMPD/injected.data" ]
	ok $? "$c: refused, no output file left"
	# shellcheck disable=SC2086
	refused "$TMPD/empty.data: zero-sized data, nothing to do" "$c: an empty file" \
		"$PERF" $args -i "$TMPD/empty.data"
done

# forced: read as upstream reads it
report_stdio up "$TMPD/other.data" -f >"$TMPD/up"
report_stdio our "$TMPD/other.data" -f >"$TMPD/our"
is_same_file "$TMPD/our" "$TMPD/up" "report -f: as upstream's ($(grep -c '%' "$TMPD/up") rows)"

up_perf script -i "$TMPD/other.data" -f >"$TMPD/up" 2>/dev/null
our_perf script -i "$TMPD/other.data" --force >"$TMPD/our" 2>/dev/null
is_same_file "$TMPD/our" "$TMPD/up" "script --force: as upstream's ($(wc -l <"$TMPD/up") lines)"

"$UPERF" evlist -v -f -i "$TMPD/other.data" >"$TMPD/up" 2>/dev/null
"$PERF" evlist -v --force -i "$TMPD/other.data" >"$TMPD/our" 2>/dev/null
is_same_file "$TMPD/our" "$TMPD/up" "evlist -v --force: as upstream's"

"$PERF" annotate --stdio -f -i "$TMPD/other.data" >"$TMPD/our" 2>/dev/null
"$PERF" annotate --stdio -i "$(fixture up-late.data)" >"$TMPD/own" 2>/dev/null
[ -s "$TMPD/own" ]
ok $? "annotate of the fixture prints ($(wc -l <"$TMPD/own") lines)"
is_same_file "$TMPD/our" "$TMPD/own" "annotate -f: as of one's own copy"

"$PERF" inject -f -i "$TMPD/other.data" -o "$TMPD/injected.data"
ok $? "inject -f of another user's file"
up_perf script -i "$TMPD/injected.data" >"$TMPD/our" 2>/dev/null
up_perf script -i "$(fixture up-late.data)" >"$TMPD/up" 2>/dev/null
is_same_file "$TMPD/our" "$TMPD/up" "inject -f: upstream's script of the output as of the input"

done_testing
