#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf report --stdio against upstream on the same files: the fixtures
# recorded by /usr/bin/perf (up-*) and by ours (our-*) in every mode
# (tests/fixtures/make-fixtures), each read by both perfs here with the
# fixtures' kallsyms.  Our whole output equals upstream's, line for line
# (the "# (Tip: ...)" line, upstream's random advice, aside), in flat
# mode with several sort keys and, for -g files, in children and
# --no-children mode with their call graphs.
#
# Kept apart, by name:
# - upstream's BPF fallback: where no KSYMBOL covers a BPF address but
#   the header's bpf_prog_info does, upstream prints "[unknown] [k] 0x..."
#   and we name the program.  The comparisons run with --no-bpf-prog-info
#   (upstream's behaviour); one check shows every row that differs
#   without it is such an [unknown] kernel row of upstream's.
# - upstream's cut command column (norm_comm_cut): it sizes the column
#   from the tasks' final names, so a task's name from before a late COMM
#   ("perf-exec") is cut to it; up-comm-cut.data replays it every time.
# - upstream names a pipe's [vdso] after the temporary copy it makes.
# - upstream counts lost side-band records as lost samples; we print
#   them apart (norm_lost_sideband folds them back): up-lost.data.
. "$(dirname "$0")/lib.sh"
need_upstream

SETS="system-wide bpf-btf per-thread bpf-nobtf no-bpf-event churn z preloaded pipe"
GRAPHS="callgraph callgraph-per-thread"
files=()
for p in up our; do
	for s in $SETS $GRAPHS; do files+=("$p-$s.data"); done
done
files+=(up-per-thread-flag.data up-lost.data up-small.data up-comm-cut.data up-late.data
	up-rounds.data up-rounds-g.data up-late-g.data up-tracepoints.data up-tracepoints-g.data)
need_fixtures "${files[@]}"

# the report with upstream's advice line dropped
report() {	# up|our FILE OPTIONS...
	local who=$1 file=$2 extra=(); shift 2
	[ "$who" = our ] && extra=(--no-bpf-prog-info)
	if [ "$who" = our ]; then
		our_perf report --stdio "${extra[@]}" "$@" -i "$file" 2>"$TMPD/report.err" |
			grep -v '^# (Tip:' | norm_lost_sideband
	else
		up_perf report --stdio "$@" -i "$file" 2>"$TMPD/report.err" | grep -v '^# (Tip:'
	fi
}

# same NAME FILE OPTIONS...: our output equals upstream's, line for line
same() {
	local name=$1 file=$2; shift 2
	report up "$file" "$@" >"$TMPD/$name.up"
	report our "$file" "$@" >"$TMPD/$name.our"
	norm_comm_cut "$TMPD/$name.up" "$TMPD/$name.our" >"$TMPD/$name.norm"
	if [ ! -s "$TMPD/$name.up" ] || ! grep -q '%' "$TMPD/$name.up"; then
		ok 1 "$name: upstream printed a report"
		return
	fi
	is_same_file "$TMPD/$name.norm" "$TMPD/$name.up" \
		"$name: equals upstream's ($(wc -l <"$TMPD/$name.up") lines)"
	sed 's/^/#   /' "$TMPD/report.err" | head -2
}

for p in up our; do
	for s in $SETS; do
		f=$(fixture "$p-$s.data")
		same "$p-$s" "$f" -n
		same "$p-$s-dso-sym" "$f" --sort dso,sym
		same "$p-$s-pid-sym" "$f" --sort pid,sym
		same "$p-$s-cpu-comm" "$f" --sort cpu,comm
	done
	for s in $GRAPHS; do
		f=$(fixture "$p-$s.data")
		same "$p-$s" "$f"
		same "$p-$s-self" "$f" --no-children
		same "$p-$s-rows" "$f" -g none -n
		same "$p-$s-self-rows" "$f" --no-children -g none
		same "$p-$s-caller" "$f" --no-children -g caller
		same "$p-$s-callee" "$f" -g callee
		same "$p-$s-dso-sym" "$f" --sort dso,sym
		same "$p-$s-sym" "$f" --sort sym
		same "$p-$s-pid-sym" "$f" --sort pid,sym
		same "$p-$s-limit" "$f" --percent-limit 2
		same "$p-$s-threshold" "$f" -g caller,2 --no-children
	done
done
for s in per-thread-flag lost small comm-cut late rounds tracepoints; do
	f=$(fixture "up-$s.data")
	same "up-$s" "$f" -n
	same "up-$s-dso-sym" "$f" --sort dso,sym
done
for s in rounds-g late-g tracepoints-g; do
	f=$(fixture "up-$s.data")
	same "up-$s" "$f"
	same "up-$s-self" "$f" --no-children
	same "up-$s-rows" "$f" -g none
	same "up-$s-dso-sym" "$f" --sort dso,sym
done
same up-bpf-btf-comms "$(fixture up-bpf-btf.data)" --comms bpfload --percent-limit 0.5
same up-bpf-btf-quiet "$(fixture up-bpf-btf.data)" -q -n
same up-lost-sym "$(fixture up-lost.data)" --sort sym

# the quirk up-comm-cut.data replays: upstream cuts the command, we don't
grep -q '  perf-ex  ' "$TMPD/up-comm-cut.up" && grep -q '  perf-exec  ' "$TMPD/up-comm-cut.our"
ok $? "up-comm-cut: upstream prints perf-exec cut to perf-ex, ours whole"

# with the header's names: only upstream's [unknown] kernel rows may differ
# (widths may change with the names: rows compared single-spaced; the
# named samples join their program's row, changing its count)
for p in up our; do
	for s in $SETS; do
		f=$(fixture "$p-$s.data")
		"$UPERF" report --kallsyms "$KALLSYMS" --stdio -n -i "$f" 2>/dev/null >"$TMPD/fb.up"
		"$PERF" report --kallsyms "$KALLSYMS" --stdio -n -i "$f" 2>/dev/null >"$TMPD/fb.our"
		norm_comm_cut "$TMPD/fb.up" "$TMPD/fb.our" | grep '^ ' | tr -s ' ' |
			LC_ALL=C sort >"$TMPD/fb.our.rows"
		grep '^ ' "$TMPD/fb.up" | tr -s ' ' | LC_ALL=C sort >"$TMPD/fb.up.rows"
		diff "$TMPD/fb.up.rows" "$TMPD/fb.our.rows" | grep '^<' |
			grep -v -E '\[unknown\] +\[k\] 0x|\[k\] bpf_prog_' >"$TMPD/fb.diff"
		[ ! -s "$TMPD/fb.diff" ]
		ok $? "$p-$s: bpf_prog_info names replace only upstream's [unknown] rows"
		head -3 "$TMPD/fb.diff" | sed 's/^/#   /'
	done
done

# the scenarios hold what they are named for: BPF programs by name
grep -q 'bpf_prog_[0-9a-f]*_hot_sub2_inner  *\[k\] bpf_prog_[0-9a-f]*_hot_sub2_inner' \
	"$TMPD/up-bpf-btf.our"
ok $? "bpf-btf: a subprogram is its own row by its BTF name"
grep -q 'bpf_prog_[0-9a-f]*_F  *\[k\] bpf_prog_[0-9a-f]*_F$' "$TMPD/up-bpf-nobtf.our"
ok $? "bpf-nobtf: subprograms named _F"
grep -q '_hot_prog_0' "$TMPD/up-preloaded.our"
ok $? "preloaded: programs loaded before recording have their names"
for p in up our; do
	grep -q '^ *[0-9.]*%  *[0-9.]*%  *[0-9]*  bpfload ' "$TMPD/$p-callgraph-rows.our"
	ok $? "$p-callgraph: Children and Self columns"
	grep -A30 'entry_SYSCALL_64_after_hwframe$' "$TMPD/$p-callgraph.our" |
		grep -q -- '--bpf_prog_[0-9a-f]*_hot_sub2_outer'
	ok $? "$p-callgraph: a syscall entry's graph reaches the BPF subprograms by name"
done

# pipe input on standard input (upstream names the pipe's [vdso] after
# the temporary copy of its own it makes)
for p in up our; do
	"$UPERF" report --kallsyms "$KALLSYMS" --stdio -n -i - <"$(fixture "$p-pipe.data")" \
		2>/dev/null | grep -v '^# (Tip:' |
		sed 's/perf-vdso\.so-[A-Za-z0-9]\{6\}/[vdso]/' >"$TMPD/stdin.up"
	"$PERF" report --kallsyms "$KALLSYMS" --stdio -n --no-bpf-prog-info -i - \
		<"$(fixture "$p-pipe.data")" 2>/dev/null | grep -v '^# (Tip:' >"$TMPD/stdin.our"
	norm_comm_cut "$TMPD/stdin.up" "$TMPD/stdin.our" >"$TMPD/stdin.norm"
	is_same_file "$TMPD/stdin.norm" "$TMPD/stdin.up" "$p-pipe: from standard input, equal"
done

# A file from another kernel than the running one, read without
# --kallsyms: upstream takes no symbols of the running kernel for it
# (wrong addresses), nor do we.  The recorded kernel's build id is
# changed in a copy, so no machine runs that kernel.
f=$(fixture up-system-wide.data)
kid=$("$UPERF" buildid-list -i "$f" 2>/dev/null | awk '$2 == "[kernel.kallsyms]" { print $1 }')
perl -0777 -pe 'BEGIN { $a = pack("H*", shift); ($b = $a) =~ s/^(.)/chr(ord($1) ^ 0xff)/se }
	s/\Q$a\E/$b/g' "$kid" <"$f" >"$TMPD/other-kernel.data"
"$UPERF" buildid-list -i "$TMPD/other-kernel.data" 2>/dev/null | grep -q '\[kernel.kallsyms\]' &&
	! "$UPERF" buildid-list -i "$TMPD/other-kernel.data" 2>/dev/null | grep -q "^$kid "
ok $? "other-kernel: a copy of up-system-wide.data naming another kernel (was ${kid:0:12})"
"$UPERF" report --stdio -n -i "$TMPD/other-kernel.data" 2>/dev/null | grep -v '^# (Tip:' \
	>"$TMPD/other-kernel.up"
"$PERF" report --stdio -n --no-bpf-prog-info -i "$TMPD/other-kernel.data" 2>/dev/null |
	grep -v '^# (Tip:' | norm_lost_sideband >"$TMPD/other-kernel.our"
norm_comm_cut "$TMPD/other-kernel.up" "$TMPD/other-kernel.our" >"$TMPD/other-kernel.norm"
is_same_file "$TMPD/other-kernel.norm" "$TMPD/other-kernel.up" \
	"other-kernel: without --kallsyms, equals upstream's (no running kernel's symbols)"
grep -q '\[k\] 0xffffffff' "$TMPD/other-kernel.our" &&
	! grep -q '\[k\] [a-z_]' "$TMPD/other-kernel.our"
ok $? "other-kernel: kernel rows by address only"

# A user binary found nowhere (not at its path, not in the build-id
# cache): its samples stay unresolved, and their rows tie with others.
# Upstream orders symbols by their objects' names first, dso a sort key
# or not, so the tied rows come in the order that makes.
# our-callgraph.data's bpfload is hidden: out of a copy of the cache, and
# its path under an empty mount in a mount namespace of the run's own.
f=$(fixture our-callgraph.data)
bin=$("$UPERF" buildid-list -i "$f" 2>/dev/null | awk '$2 ~ /\/bpfload$/ { print $1, $2 }')
bid=${bin%% *} bin=${bin#* }
cp -a "$HOME" "$TMPD/home-nobin"
rm -rf "$TMPD/home-nobin/.debug/.build-id/${bid:0:2}/${bid:2}" "$TMPD/home-nobin/.debug$bin"
without_bin() {	# COMMAND ARGS...: run with bpfload nowhere to be found
	HOME=$TMPD/home-nobin unshare -m sh -c \
		'if [ -d "$1" ]; then mount -t tmpfs none "$1" || exit 99; fi; shift; exec "$@"' \
		sh "${bin%/*}" "$@"
}
without_bin "$UPERF" report --kallsyms "$KALLSYMS" --stdio --sort sym -i "$f" 2>/dev/null |
	grep -v '^# (Tip:' >"$TMPD/nobin.up"
without_bin "$PERF" report --kallsyms "$KALLSYMS" --stdio --sort sym --no-bpf-prog-info \
	-i "$f" 2>/dev/null | grep -v '^# (Tip:' >"$TMPD/nobin.our"
[ -n "$bid" ] && ! grep -q 'hot_worker__run' "$TMPD/nobin.up" && grep -q '\[\.\] 0x' "$TMPD/nobin.up"
ok $? "no-binary: upstream finds no symbol of ${bin:-bpfload} (${bid:0:12})"
is_same_file "$TMPD/nobin.our" "$TMPD/nobin.up" \
	"no-binary: --sort sym equals upstream's, the tied unresolved rows in its order"

# the ASan build on the richest files
for f in up-churn our-churn up-callgraph up-lost; do
	"$PERF_ASAN" report --kallsyms "$KALLSYMS" --stdio -i "$(fixture $f.data)" \
		>/dev/null 2>"$TMPD/asan.err"
	ok $? "$f: the ASan+UBSan build reads it cleanly"
	head -5 "$TMPD/asan.err" | sed 's/^/#   /'
done

done_testing
