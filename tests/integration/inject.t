#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf inject copies a stream through our reader and writer: upstream's
# report -D and script on our output equal those on the input (record
# offsets aside), for file -> file, file -> pipe, pipe -> file and
# pipe -> pipe, and the output is a new file with mode 0600.  The inputs
# are upstream's files of tests/fixtures.
. "$(dirname "$0")/lib.sh"
need_upstream

# the inputs: upstream's -g -a file and pipe stream of the BPF workload
need_fixtures up-callgraph.data up-pipe.data up-z.data
in_data=$(fixture up-callgraph.data)
in_pipe=$(fixture up-pipe.data)

# -D without file offsets and names, nor the name of the temporary vdso
# copy upstream makes for pipe input; pipe input has no header to compare
dump_no_offsets() {
	"$UPERF" report -D -i "$1" 2>/dev/null |
		sed -E -e 's/^0x[0-9a-f]+(@[^ ]*)? \[/0xOFF [/' \
		       -e 's|/tmp/perf-vdso\.so-[A-Za-z0-9]+|/tmp/perf-vdso.so-X|' \
		       -e 's/^([0-9]+ [0-9]+ )?0x[0-9a-f]+ \[/\10xOFF [/'
}

script_of() {
	up_perf script -i "$1" 2>/dev/null
}

script_of "$in_data" >"$TMPD/in.script"
script_of "$in_pipe" >"$TMPD/in.pipe.script"
script_of "$(fixture up-z.data)" >"$TMPD/in-z.script"
[ -s "$TMPD/in.script" ] && [ -s "$TMPD/in.pipe.script" ] && [ -s "$TMPD/in-z.script" ]
ok $? "upstream script prints the inputs"

# file -> file
"$PERF" inject -i "$in_data" -o "$TMPD/out.data" 2>"$TMPD/err"
ok $? "inject file -> file"
sed 's/^/# /' "$TMPD/err" | head -5
dump_no_offsets "$in_data" >"$TMPD/in.dump"
dump_no_offsets "$TMPD/out.data" >"$TMPD/out.dump"
is_same_file "$TMPD/out.dump" "$TMPD/in.dump" "file -> file: report -D equal ($(wc -l <"$TMPD/in.dump") lines)"
script_of "$TMPD/out.data" >"$TMPD/out.script"
is_same_file "$TMPD/out.script" "$TMPD/in.script" "file -> file: script equal"
[ "$(stat -c %a "$TMPD/out.data")" = 600 ]
ok $? "file output has mode 0600"

"$UPERF" report --header-only -i "$in_data" 2>/dev/null |
	grep -E '^# (bpf_prog_info|	sub_prog|btf info|event :|hostname|os release|arch|nrcpus)' >"$TMPD/in.hdr"
"$UPERF" report --header-only -i "$TMPD/out.data" 2>/dev/null |
	grep -E '^# (bpf_prog_info|	sub_prog|btf info|event :|hostname|os release|arch|nrcpus)' >"$TMPD/out.hdr"
is_same_file "$TMPD/out.hdr" "$TMPD/in.hdr" "file -> file: upstream reads the same header features"

# -z file -> file: the records come out of their COMPRESSED records
"$PERF" inject -i "$(fixture up-z.data)" -o "$TMPD/out-z.data" 2>"$TMPD/err"
ok $? "inject -z file -> file"
sed 's/^/# /' "$TMPD/err" | head -5
script_of "$TMPD/out-z.data" >"$TMPD/out-z.script"
is_same_file "$TMPD/out-z.script" "$TMPD/in-z.script" "-z file -> file: script equal"
! "$UPERF" report --stats -i "$TMPD/out-z.data" 2>/dev/null | grep -q COMPRESSED
ok $? "-z file -> file: no COMPRESSED record left"

# file -> pipe
"$PERF" inject -i "$in_data" -o - >"$TMPD/out.pipe" 2>"$TMPD/err"
ok $? "inject file -> pipe"
script_of "$TMPD/out.pipe" >"$TMPD/out.pipe.script"
is_same_file "$TMPD/out.pipe.script" "$TMPD/in.script" "file -> pipe: script equal"

# pipe -> file, reading stdin
"$PERF" inject -o "$TMPD/out2.data" <"$in_pipe" 2>"$TMPD/err"
ok $? "inject pipe -> file"
script_of "$TMPD/out2.data" >"$TMPD/out2.script"
is_same_file "$TMPD/out2.script" "$TMPD/in.pipe.script" "pipe -> file: script equal"

# pipe -> pipe
"$PERF" inject <"$in_pipe" >"$TMPD/out3.pipe" 2>"$TMPD/err"
ok $? "inject pipe -> pipe"
dump_no_offsets "$in_pipe" >"$TMPD/in.pipe.dump"
dump_no_offsets "$TMPD/out3.pipe" >"$TMPD/out3.dump"
is_same_file "$TMPD/out3.dump" "$TMPD/in.pipe.dump" "pipe -> pipe: report -D equal"

# a failed inject leaves no output file behind
printf 'not a perf file at all, just text\n' >"$TMPD/junk"
"$PERF" inject -i "$TMPD/junk" -o "$TMPD/never.data" 2>"$TMPD/err"
[ $? -ne 0 ] && [ ! -e "$TMPD/never.data" ] && [ "$(ls "$TMPD" | grep -c never)" -eq 0 ]
ok $? "bad input: non-zero exit and no output file"
[ "$(wc -l <"$TMPD/err")" -eq 1 ] && grep -q "^perf inject: $TMPD/junk: " "$TMPD/err"
ok $? "bad input: one-line error naming the file ($(cat "$TMPD/err"))"

done_testing
