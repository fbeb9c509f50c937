#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf annotate's options of upstream 6.1's -h (issue 20) against
# /usr/bin/perf annotate --stdio on a fixture: libc's __vfscanf_internal
# of up-bpf-btf.data (the fixtures' libc, by build id), whose rows both
# perfs print alike but for the instructions' spelling (objdump's "push",
# capstone's "pushq": cut off, see insn_cut), so every share, count,
# address, source row, header and color is compared.  --demangle and
# --prefix on a C++ function of our own, recorded by upstream here.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/annotate-lib.sh"
need_upstream
need_fixtures up-bpf-btf.data up-per-thread.data
command -v objdump >/dev/null || skip_all "no objdump for /usr/bin/perf annotate (binutils)"

F=$(fixture up-bpf-btf.data)
SYM=__vfscanf_internal

# ann up|our ARGS...: annotate --stdio of the fixture, stdout cut, stderr apart
ann() {
	local who=$1 perf=$PERF; shift
	[ "$who" = up ] && perf=$UPERF
	"$perf" annotate --stdio -i "$F" "$@" 2>"$TMPD/$who.err" | insn_cut >"$TMPD/$who"
}

# compare DESCRIPTION ARGS...: both perfs' rows equal, and not empty
compare() {
	local what=$1; shift
	ann up "$@"
	ann our "$@"
	[ -s "$TMPD/up" ] || diag "upstream printed nothing for $*"
	is_same_file "$TMPD/our" "$TMPD/up" "$what: annotate $* as upstream's ($(wc -l <"$TMPD/up") rows)"
}

ann up "$SYM"
cp "$TMPD/up" "$TMPD/up.plain"
ann our "$SYM"
cp "$TMPD/our" "$TMPD/our.plain"
cp "$TMPD/our.err" "$TMPD/our.plain.err"
is_same_file "$TMPD/our.plain" "$TMPD/up.plain" "plain: annotate $SYM as upstream's"

# unchanged WHAT ARGS...: both perfs print what they print without ARGS
unchanged() {
	local what=$1; shift
	ann up "$@" "$SYM"
	ann our "$@" "$SYM"
	cmp -s "$TMPD/up" "$TMPD/up.plain" && cmp -s "$TMPD/our" "$TMPD/our.plain"
	ok $? "$what: $* changes neither perf's rows"
}

# -C/--cpu: the samples of those CPUs (the symbol's are all on CPU 0)
compare "--cpu" -C 0 "$SYM"
compare "--cpu" --cpu 0-1 "$SYM"
ann up -C 1 "$SYM"
ann our -C 1 "$SYM"
[ ! -s "$TMPD/up" ] && [ ! -s "$TMPD/our" ] && grep -q 'no samples' "$TMPD/our.err"
ok $? "--cpu: -C 1 leaves $SYM no sample in either ($(head -1 "$TMPD/our.err"))"
compare "--cpu" -C 0 --percent-type global-period -d libc.so.6 "$SYM"
line=$("$UPERF" annotate --stdio -i "$F" -C 9 2>&1 >/dev/null | grep -v '^No kallsyms' | head -1)
refused "$line" "--cpu: -C 9 refused as upstream" "$PERF" annotate --stdio -i "$F" -C 9
line=$("$UPERF" annotate --stdio -i "$(fixture up-per-thread.data)" -C 0 2>&1 >/dev/null |
	head -1)
refused "$line" "--cpu: a file without CPUs refused as upstream" \
	"$PERF" annotate --stdio -i "$(fixture up-per-thread.data)" -C 0

# -D/--dump-raw-trace: every record, then the counts, no annotation
for args in "$SYM" "" "-d libc.so.6" "-C 1"; do
	# shellcheck disable=SC2086
	"$UPERF" annotate --stdio -i "$F" -D $args >"$TMPD/up.D" 2>/dev/null
	# shellcheck disable=SC2086
	"$PERF" annotate --stdio -i "$F" -D $args >"$TMPD/our.D" 2>/dev/null
	is_same_file "$TMPD/our.D" "$TMPD/up.D" \
		"-D $args: the dump and its counts as upstream's ($(wc -l <"$TMPD/up.D") lines)"
done

# --percent-type: the header says which, the shares are of it
for t in local-period global-period local-hits period-local period-global hits-local; do
	compare "--percent-type" --percent-type $t "$SYM"
done
compare "--percent-type" --percent-type global-period -d libc.so.6 "$SYM"
# upstream 6.1 prints 0.00 on every row of global-hits (it divides by a
# count annotate never fills); ours the samples over the event's: here
# global-period's shares, as every sample of the fixture has one period
ann up --percent-type global-hits "$SYM"
ann our --percent-type global-hits "$SYM"
head -1 "$TMPD/up" >"$TMPD/up.h"
head -1 "$TMPD/our" >"$TMPD/our.h"
is_same_file "$TMPD/our.h" "$TMPD/up.h" "--percent-type global-hits: upstream's header"
sed 1,2d "$TMPD/our" >"$TMPD/our.gh"
ann our --percent-type global-period "$SYM"
sed 1,2d "$TMPD/our" >"$TMPD/our.gp"
is_same_file "$TMPD/our.gh" "$TMPD/our.gp" \
	"--percent-type global-hits: the shares of global-period (one period for all samples)"
grep -q '^ \+[1-9][0-9.]* : ' "$TMPD/our.gh"
ok $? "--percent-type global-hits: shares that are not 0"
refused "--percent-type" "--percent-type foo refused" \
	"$PERF" annotate --stdio -i "$F" --percent-type foo "$SYM"

# --stdio-color: upstream's colors (always), none (never; auto into a file)
compare "--stdio-color" --stdio-color always "$SYM"
compare "--stdio-color" --stdio-color always -l "$SYM"
compare "--stdio-color" --stdio-color always -n "$SYM"
compare "--stdio-color" --stdio-color always --show-total-period "$SYM"
grep -q $'\e\\[32m' "$TMPD/our"
ok $? "--stdio-color always: colors there are"
unchanged "--stdio-color" --stdio-color never
unchanged "--stdio-color" --stdio-color auto
refused "--stdio-color" "--stdio-color foo refused" \
	"$PERF" annotate --stdio -i "$F" --stdio-color foo "$SYM"

# -v: each sampled address and its samples before the rows
compare "-v" -v "$SYM"
compare "--verbose" --verbose -n "$SYM"

# --source (the default), --no-source
unchanged "--source" --source
# (objdump names the symbol's line another alias with --no-source: left out)
ann up --no-source "$SYM"
ann our --no-source "$SYM"
grep -v '^ \+: 5 ' "$TMPD/up" >"$TMPD/up.ns"
grep -v '^ \+: 5 ' "$TMPD/our" >"$TMPD/our.ns"
is_same_file "$TMPD/our.ns" "$TMPD/up.ns" "--no-source: the rows as upstream's"

# -M/--disassembler-style intel: the same rows; the instructions in Intel
# syntax, objdump -M intel's words for them
compare "-M" -M intel "$SYM"
compare "--disassembler-style" --disassembler-style att,intel -n "$SYM"
insn_texts() {	# insn_texts FILE: "address text" of each instruction row
	perl -ne 'print "$1 $2\n" if /^ +[\d.]+ : +([0-9a-f]+):\s+(.*?)\s*$/' "$1"
}
"$UPERF" annotate --stdio -i "$F" -M intel "$SYM" 2>/dev/null >"$TMPD/up.intel"
"$PERF" annotate --stdio -i "$F" -M intel "$SYM" 2>/dev/null >"$TMPD/our.intel"
insn_texts "$TMPD/up.intel" >"$TMPD/up.it"
insn_texts "$TMPD/our.intel" >"$TMPD/our.it"
same=$(comm -12 <(sort "$TMPD/up.it") <(sort "$TMPD/our.it") | wc -l)
[ "$same" -ge $(($(wc -l <"$TMPD/up.it") * 3 / 4)) ] && ! grep -q '%' "$TMPD/our.it"
ok $? "-M intel: no AT&T register; $same of $(wc -l <"$TMPD/up.it") instructions spelt as objdump -M intel's"
unchanged "-M att" -M att
refused "-M" "-M foo refused" "$PERF" annotate --stdio -i "$F" -M foo "$SYM"

# accepted as upstream, changing nothing here: -f (a file of another
# user: ours never refuses one), -m (modules: always read)
unchanged "-f" -f
unchanged "--force" --force
unchanged "-m" -m
unchanged "--modules" --modules

# -q: no warnings; the rows unchanged
unchanged "-q" -q
"$PERF" annotate --stdio -q -i "$F" >/dev/null 2>"$TMPD/our.q.err"
"$PERF" annotate --stdio -i "$F" >/dev/null 2>"$TMPD/our.noq.err"
! grep -q -e 'warning:' -e 'cannot read /proc/kcore' "$TMPD/our.q.err" &&
	[ -z "$(comm -23 <(sort "$TMPD/our.q.err") <(sort "$TMPD/our.noq.err"))" ]
ok $? "-q: of all symbols, no warning nor note, only lines said without -q"

# --ignore-vmlinux: -k must name a file (as upstream), which is not read
unchanged "--ignore-vmlinux" --ignore-vmlinux
"$PERF" annotate --stdio -i "$F" >"$TMPD/our.nok" 2>"$TMPD/our.nok.err"
"$PERF" annotate --stdio -i "$F" -k "$F" --ignore-vmlinux >"$TMPD/our.k" 2>"$TMPD/our.k.err"
cmp -s "$TMPD/our.k" "$TMPD/our.nok" && cmp -s "$TMPD/our.k.err" "$TMPD/our.nok.err"
ok $? "--ignore-vmlinux -k FILE: all symbols as without -k"
refused "$TMPD/none" "--ignore-vmlinux -k with a missing file refused" \
	"$PERF" annotate --stdio -i "$F" -k "$TMPD/none" --ignore-vmlinux
"$UPERF" annotate --stdio -i "$F" -k "$TMPD/none" --ignore-vmlinux >/dev/null 2>&1
[ $? -ne 0 ]
ok $? "--ignore-vmlinux -k with a missing file: upstream refuses too"

# --demangle (the default), --no-demangle: C++ symbols by their names as
# shown, or as mangled (a function of our own, recorded by upstream)
if [ "$(id -u)" -ne 0 ] || ! command -v g++ >/dev/null; then
	ok 0 "# SKIP --demangle: needs root and g++"
else
	hot_cc "$TMPD/hot.cc"
	g++ -O1 -g -o "$TMPD/hot" "$TMPD/hot.cc" &&
		upstream_record "$TMPD/hot.data" -F 2000 -- "$TMPD/hot" 200000000
	ok $? "--demangle: a C++ function recorded by upstream"
	# (the rows naming the function: ours without its parameters, see DIFFERENCES)
	cxx_rows() { perl -ne 'print unless / <.*>:$/ || /^ +: \d+ +\S*::\S*:$/'; }
	for args in "ns::hot" "_ZN2ns3hotEl" "--demangle ns::hot" "--no-demangle ns::hot" \
		    "--no-demangle _ZN2ns3hotEl"; do
		# shellcheck disable=SC2086
		"$UPERF" annotate --stdio -i "$TMPD/hot.data" $args 2>/dev/null |
			cxx_rows | insn_cut >"$TMPD/up.cc"
		# shellcheck disable=SC2086
		"$PERF" annotate --stdio -i "$TMPD/hot.data" $args 2>/dev/null |
			cxx_rows | insn_cut >"$TMPD/our.cc"
		is_same_file "$TMPD/our.cc" "$TMPD/up.cc" \
			"--demangle: annotate $args as upstream's ($(grep -c 'Source code' "$TMPD/up.cc") block)"
	done
fi

# --prefix, --prefix-strip: the source files read from elsewhere, as
# objdump reads them (the C++ function's source moved away)
if [ -s "$TMPD/hot.data" ]; then
	mkdir -p "$TMPD/src/a" "$TMPD/src$TMPD"
	cp "$TMPD/hot.cc" "$TMPD/src/a/"
	mv "$TMPD/hot.cc" "$TMPD/src$TMPD/"
	# (the depth of $TMPD: strip all but its last directory)
	n=$(($(tr -cd / <<<"$TMPD" | wc -c) - 1))
	for args in "--prefix $TMPD/src/a --prefix-strip $((n + 1))" "--prefix $TMPD/src" \
		    "--prefix $TMPD/src --prefix-strip 0" "--prefix $TMPD/none" \
		    "--prefix $TMPD/src/a --prefix-strip 99" ""; do
		# shellcheck disable=SC2086
		"$UPERF" annotate --stdio -i "$TMPD/hot.data" $args ns::hot 2>/dev/null |
			cxx_rows | insn_cut >"$TMPD/up.cc"
		# shellcheck disable=SC2086
		"$PERF" annotate --stdio -i "$TMPD/hot.data" $args ns::hot 2>/dev/null |
			cxx_rows | insn_cut >"$TMPD/our.cc"
		is_same_file "$TMPD/our.cc" "$TMPD/up.cc" \
			"--prefix: annotate $args ns::hot as upstream's ($(grep -c 'namespace ns' \
			"$TMPD/up.cc") source rows of the file)"
	done
	"$PERF" annotate --stdio -i "$TMPD/hot.data" --prefix "$TMPD/src/a" \
		--prefix-strip $((n + 1)) ns::hot 2>/dev/null | grep -q 'namespace ns'
	ok $? "--prefix-strip: the source read from its new place"
	line=$("$UPERF" annotate --stdio -i "$TMPD/hot.data" --prefix-strip 1 2>&1 >/dev/null |
		head -1)
	refused "$line" "--prefix-strip without --prefix refused as upstream" \
		"$PERF" annotate --stdio -i "$TMPD/hot.data" --prefix-strip 1
	refused "--prefix-strip" "--prefix-strip x refused" \
		"$PERF" annotate --stdio -i "$TMPD/hot.data" --prefix / --prefix-strip x
fi

done_testing
