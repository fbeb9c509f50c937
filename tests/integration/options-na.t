#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Upstream's options for units this machine lacks (issue 20; the "na"
# lines of Documentation/perf/options-coverage.txt, tools/perf/util/
# na-options.h): ours parses each and does what /usr/bin/perf does here,
# run at test time on the same input:
#
#   refuse  both stop with the same exit class (0 or not); ours says so
#           in one line whose text (after "perf CMD: --OPTION: ") is in
#           upstream's error;
#   warn    both go on; ours warns in one line whose text is upstream's;
#   same    both accept it and print what they print without it;
#   bits    record: the option adds the same sample_type bits to both
#           perfs' files (as upstream's `perf evlist -v` reads them).
#
# Record's -I/--intr-regs and --user-regs (register sampling needs no
# special unit: implemented) are checked here too, as "bits" with the
# same sample_regs_intr/user masks, and their "?" lists and unknown names
# as refusals.
. "$(dirname "$0")/lib.sh"
need_upstream
need_fixtures up-callgraph.data

F=$(fixture up-callgraph.data)
live=1
[ "$(id -u)" -eq 0 ] || live=0

# run WHO NAME COMMAND ARGS...: WHO's perf (up|our) into $TMPD/WHO.NAME.{out,err,rc};
# report and script read the fixture with its kallsyms
run() {
	local who=$1 name=$2 cmd=$3 perf=$PERF rc; shift 3
	[ "$who" = up ] && perf=$UPERF
	case $cmd in
	report|script)	set -- --kallsyms "$KALLSYMS" -i "$F" "$@" ;;
	annotate)	set -- -i "$F" "$@" ;;
	record)		set -- -o "$TMPD/$who.$name.data" "$@" -- true ;;
	top)		set -- --stdio -d 1 "$@" ;;
	esac
	[ "$cmd" = report ] && set -- --stdio "$@"
	# (not -q: upstream's -q silences record's refusals; the summary goes)
	# 60 s: a hang's bound only; upstream's annotate of every symbol takes
	# 4 s here, and took over 20 s once on a machine busy with two builds
	timeout 60 "$perf" "$cmd" "$@" </dev/null >"$TMPD/$who.$name.out" 2>"$TMPD/$who.$name.log"
	rc=$?
	grep -v '^\[ perf record: ' "$TMPD/$who.$name.log" >"$TMPD/$who.$name.err"
	echo $rc >"$TMPD/$who.$name.rc"
	grep -v '^# (Tip: ' "$TMPD/$who.$name.out" >"$TMPD/$who.$name.cmp"
}

class() { [ "$(cat "$TMPD/$1.rc")" -eq 0 ] && echo 0 || echo 1; }

# our_line WHO.NAME: ours' one line on stderr without "perf CMD: [--OPT: ][warning: ]"
our_line() {
	sed -E 's/^perf [a-z]+: (--[a-z-]+: )?(warning: )?//' "$TMPD/$1.err"
}

# one_line_of_upstream NAME KIND: ours said one line, of that kind, and it is upstream's
one_line_of_upstream() {
	local name=$1 kind=$2 text
	text=$(our_line "our.$name")
	[ "$(wc -l <"$TMPD/our.$name.err")" -eq 1 ] && [ -n "$text" ] &&
		{ [ "$kind" != warn ] || grep -q '^perf [a-z]*: warning: ' "$TMPD/our.$name.err"; } &&
		grep -qF -- "$text" "$TMPD/up.$name.err"
}

# check KIND COMMAND OPTION...
check() {
	local kind=$1 cmd=$2 name what st; shift 2
	name=$cmd$(printf '%s' "$*" | tr -c 'A-Za-z0-9' _)
	what="$cmd $*"
	if [ "$cmd" = record ] || [ "$cmd" = top ]; then
		if [ $live -eq 0 ]; then
			ok 0 "# SKIP $what: needs root"
			return
		fi
	fi
	run up "$name" "$cmd" "$@"
	run our "$name" "$cmd" "$@"
	case $kind in
	refuse)
		[ "$(class up."$name")" = "$(class our."$name")" ] &&
			[ ! -s "$TMPD/our.$name.cmp" ] && one_line_of_upstream "$name" refuse
		st=$?
		ok $st "$what: refused as upstream (exit $(cat "$TMPD/up.$name.rc")/$(cat \
			"$TMPD/our.$name.rc"): $(head -1 "$TMPD/our.$name.err"))"
		;;
	warn|same)
		[ "$(class up."$name")" = 0 ] && [ "$(class our."$name")" = 0 ]
		st=$?
		if [ $st -eq 0 ] && [ "$cmd" = record ]; then
			[ "$(added up "$name")" = "$(added our "$name")" ]
			st=$?
		elif [ $st -eq 0 ]; then
			cmp -s "$TMPD/up.$name.cmp" "$TMPD/up.plain.$cmd.cmp" &&
				cmp -s "$TMPD/our.$name.cmp" "$TMPD/our.plain.$cmd.cmp"
			st=$?
		fi
		if [ $st -eq 0 ] && [ "$kind" = warn ]; then
			one_line_of_upstream "$name" warn
			st=$?
		fi
		ok $st "$what: accepted as upstream, output unchanged${kind/same/}$([ "$kind" = warn ] &&
			echo ", warned: $(head -1 "$TMPD/our.$name.err")")"
		;;
	bits)
		[ "$(class up."$name")" = 0 ] && [ "$(class our."$name")" = 0 ] &&
			[ "$(added up "$name")" = "$(added our "$name")" ] && [ -n "$(added up "$name")" ] &&
			[ "$(sample_regs up "$name")" = "$(sample_regs our "$name")" ]
		ok $? "$what: adds sample_type bits $(added our "$name")$(sample_regs our "$name")as \
upstream's $(added up "$name")$(sample_regs up "$name")"
		;;
	esac
}

# sample_type WHO NAME: the first event's sample_type bits of WHO's file, one a line
sample_type() {
	"$UPERF" evlist -v -i "$TMPD/$1.$2.data" 2>/dev/null | head -1 |
		sed -nE 's/.*sample_type: ([A-Z_|]+).*/\1/p' | tr '|' '\n' | sort
}

# sample_regs WHO NAME: the first event's register masks, if any
sample_regs() {
	"$UPERF" evlist -v -i "$TMPD/$1.$2.data" 2>/dev/null | head -1 |
		grep -oE 'sample_regs_[a-z]+: 0x[0-9a-f]+' | tr '\n' ' '
}

# added WHO NAME: the bits NAME's option added to WHO's plain recording
added() {
	comm -13 <(sample_type "$1" plain.record) <(sample_type "$1" "$2") | tr '\n' ' '
}

for who in up our; do
	for cmd in report script annotate; do
		run $who plain.$cmd $cmd
	done
	[ $live -eq 1 ] && run $who plain.record record
done

check refuse record -b
check refuse record --branch-any
check refuse record -j any
check refuse record --branch-filter any
check refuse record --aux-sample
check refuse record -S
check refuse record --snapshot
check refuse record --kcore
check warn record --debuginfod
check warn record --off-cpu
check same record --clang-path /nonexistent/clang
check same record --clang-opt -O2
check same record --transaction
check bits record -I
check bits record --intr-regs=ax,r15
check bits record -Isp,ip
check bits record --user-regs
check bits record --user-regs=ax,bx,flags
check refuse record -I?
check refuse record --user-regs=?
check refuse record --intr-regs=foo
check refuse record --user-regs=ds
check bits record --phys-data
check bits record --data-page-size
check bits record --code-page-size
check bits record -W
check bits record --weight

check refuse report -b
check refuse report --branch-stack
check refuse report --mem-mode
check same report --itrace
check same report --itrace=i
check same report --total-cycles
check warn report --stitch-lbr

check same script --itrace
check same script --max-blocks 3
check warn script --stitch-lbr
check refuse script --dlfilter "$TMPD/nonexistent.so"
check refuse script --xed
check same script --dlarg x
check same script --guest-code
check same script --guestkallsyms "$TMPD/nonexistent"
check same script --guestmodules "$TMPD/nonexistent"
check same script --guestmount "$TMPD"
check same script --guestvmlinux "$TMPD/nonexistent"
check same script --all-cpus
check same script -a

check refuse top -b
check refuse top --branch-any
check refuse top -j any
check refuse top --branch-filter any
check refuse top --stitch-lbr

check same annotate --itrace
check same annotate --objdump /usr/bin/objdump
check same report --objdump /usr/bin/objdump

# every "na" line of the coverage list is checked here
list=$TOPDIR/Documentation/perf/options-coverage.txt
unchecked=$(awk '!/^#/ && $3 == "na" { print $1, $2 }' "$list" | while read -r cmd opt; do
	grep -qE "^check [a-z]+ $cmd --$opt( |$)" "$0" || echo "$cmd --$opt"
done | tr '\n' ' ')
[ -z "$unchecked" ]
ok $? "every na option of options-coverage.txt is checked here${unchecked:+ (not: $unchecked)}"

done_testing
