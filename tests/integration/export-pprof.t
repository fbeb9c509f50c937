#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf data convert --to-pprof read by two independent readers, go tool
# pprof (Debian's golang-go) and the npm package pprof-format: the total
# is the file's sample count, each BPF function's flat count is its row
# of upstream's report --no-children -n, the labels are there, mappings
# for the kernel, binaries (with build ids) and each BPF program, BTF
# file:line for BPF functions.  --to-json equals upstream's.  Bad input:
# one line, no file.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/export-lib.sh"
need_upstream
GO=${GO:-$(command -v go || true)}
[ -n "$GO" ] || skip_all "no go tool pprof (scripts/install-deps: apt-get install golang-go)"
need_fixtures up-callgraph.data up-system-wide.data up-per-thread.data up-bpf-btf.data \
	up-callgraph-per-thread.data our-callgraph.data up-small.data up-tracepoints-g.data
PPROF_FORMAT=${PPROF_FORMAT:-$TOPDIR/build/npm/node_modules/pprof-format}
export PPROF_BINARY_PATH=$TMPD/none

pprof() { "$GO" tool pprof -symbolize=none "$@" 2>"$TMPD/pprof.err"; }

# self_rows FILE: "samples name" of upstream's report --no-children -n --sort sym
self_rows() {
	up_perf report -i "$1" --no-children -n --stdio --sort sym -g none -q 2>/dev/null |
		awk '$1 ~ /%$/ { print $2, $4 }'
}

for f in up-callgraph up-system-wide up-per-thread up-callgraph-per-thread our-callgraph \
	 up-bpf-btf; do
	in=$(fixture "$f.data")
	out=$TMPD/$f.pb.gz
	"$PERF" data convert --kallsyms "$KALLSYMS" --to-pprof "$out" -i "$in" 2>"$TMPD/conv.err"
	ok $? "$f: converted"
	[ "$(head -c 2 "$out" | od -An -tx1 | tr -d ' ')" = 1f8b ]
	ok $? "$f: gzip"
	n=$("$PERF" report --stats -i "$in" | awk '/SAMPLE events:/ { print $3; exit }')
	pprof -top -sample_index=samples -nodecount=100000 -nodefraction=0 "$out" >"$TMPD/top"
	total=$(sed -n 's/.*Total samples = \([0-9]*\).*/\1/p' "$TMPD/top")
	[ "$total" = "$n" ]
	ok $? "$f: go tool pprof's total $total = the file's $n samples"
	self_rows "$in" >"$TMPD/rows"
	bad=0 nbpf=0
	while read -r want name; do
		case "$name" in bpf_prog_*) ;; *) continue ;; esac
		nbpf=$((nbpf + 1))
		got=$(awk -v n="$name" '$6 == n { print $1 }' "$TMPD/top")
		[ "$got" = "$want" ] || { bad=$((bad + 1)); diag "$name: pprof $got, report $want"; }
	done <"$TMPD/rows"
	[ $bad -eq 0 ]
	ok $? "$f: every BPF function's flat count = report --no-children -n ($nbpf, $bad wrong)"
	pprof -raw "$out" >"$TMPD/raw"
	# cpu where the samples have it (not per-thread recordings)
	cpu=cpu
	"$UPERF" evlist -v -i "$in" 2>/dev/null | head -1 | grep -q 'sample_type: [^,]*CPU' || cpu=
	grep -qE 'comm:\[[^]]+\]' "$TMPD/raw" && grep -qE 'pid:\[[0-9]+\]' "$TMPD/raw" &&
		grep -qE 'tid:\[[0-9]+\]' "$TMPD/raw" &&
		{ [ -z "$cpu" ] || grep -qE 'cpu:\[[0-9]+\]' "$TMPD/raw"; }
	ok $? "$f: go tool pprof -raw shows the labels comm, pid, tid${cpu:+, cpu}"
	if [ -d "$PPROF_FORMAT" ] && command -v node >/dev/null; then
		PPROF_FORMAT=$PPROF_FORMAT node "$TOPDIR/tests/integration/pprof-read.js" "$out" \
			>"$TMPD/js" 2>"$TMPD/js.err"
		grep -qx "total $n" "$TMPD/js" && grep -qx 'strings0 ""' "$TMPD/js" &&
			grep -qx 'types samples/count,cpu/nanoseconds' "$TMPD/js"
		ok $? "$f: pprof-format reads it: $(head -3 "$TMPD/js" | tr '\n' ' ')"
		bad=0
		while read -r want name; do
			case "$name" in bpf_prog_*) ;; *) continue ;; esac
			grep -qx "flat $want $name" "$TMPD/js" || bad=$((bad + 1))
		done <"$TMPD/rows"
		[ $bad -eq 0 ]
		ok $? "$f: pprof-format's flat counts of BPF functions agree ($bad wrong)"
		grep -qE '^labelled ([0-9]+) of \1$' "$TMPD/js"
		ok $? "$f: pprof-format: every sample labelled ($(grep labelled "$TMPD/js"))"
	else
		ok 0 "# SKIP no pprof-format under build/npm (scripts/install-deps: npm)"
		ok 0 "# SKIP no pprof-format"
		ok 0 "# SKIP no pprof-format"
	fi
done

# what -raw shows of the -g file: mappings, build ids, BTF lines
pprof -raw "$TMPD/up-callgraph.pb.gz" >"$TMPD/raw"
sed -n '/^Mappings/,$p' "$TMPD/raw" >"$TMPD/maps"
grep -q ' \[kernel.kallsyms\] ' "$TMPD/maps"
ok $? "a mapping for the kernel"
grep -qE ' /[^ ]*libc\.so\.6 [0-9a-f]{40} ' "$TMPD/maps"
ok $? "binaries' mappings carry their build ids"
nprog=$(grep -cE ' bpf_prog_[0-9a-f]{16}_' "$TMPD/maps")
[ "$nprog" -ge 9 ]
ok $? "a mapping for each BPF program ($nprog)"
grep -qE 'bpf_prog_[0-9a-f]+_hot_prog_0 [^ ]*hot\.bpf\.c:[0-9]+ s=[0-9]+' "$TMPD/raw"
ok $? "BPF functions with their BTF file:line ($(grep -oE 'hot_prog_0 [^ ]*hot\.bpf\.c:[0-9]+' "$TMPD/raw" | head -1))"
grep -qE '^Time: 20[0-9][0-9]-' "$TMPD/raw" && grep -qE '^Duration: ' "$TMPD/raw" &&
	grep -q '^PeriodType: cpu nanoseconds' "$TMPD/raw"
ok $? "time, duration and period type"

# upstream's --to-json, line for line (both read the live kallsyms: upstream has no --kallsyms)
for f in up-small up-system-wide up-callgraph up-per-thread up-bpf-btf up-tracepoints-g; do
	"$UPERF" data convert -f --to-json "$TMPD/$f.up.json" -i "$(fixture "$f.data")" \
		>/dev/null 2>&1
	"$PERF" data convert -f --to-json "$TMPD/$f.json" -i "$(fixture "$f.data")" \
		2>"$TMPD/json.err"
	is_same_file "$TMPD/$f.json" "$TMPD/$f.up.json" "--to-json of $f equals upstream's"
done

# an existing output is kept without -f, as upstream
echo keep >"$TMPD/exists.pb.gz"
"$PERF" data convert --to-pprof "$TMPD/exists.pb.gz" -i "$(fixture up-small.data)" \
	2>"$TMPD/ex.err"
[ $? -eq 1 ] && grep -qx keep "$TMPD/exists.pb.gz" && grep -q 'Use --force' "$TMPD/ex.err"
ok $? "an existing file is kept without --force"

cg=$(fixture up-callgraph.data)
head -c 300000 "$cg" >"$TMPD/cut.data"
printf 'not a perf.data file at all, only some bytes of text\n' >"$TMPD/junk.data"
for f in cut junk; do
	for to in pprof json; do
		"$PERF" data convert --to-$to "$TMPD/$f.$to" -i "$TMPD/$f.data" 2>"$TMPD/$f.err"
		rc=$?
		[ $rc -eq 1 ] && [ "$(wc -l <"$TMPD/$f.err")" -eq 1 ] && [ ! -e "$TMPD/$f.$to" ] &&
			[ -z "$(ls "$TMPD" | grep "^$f.$to.tmp")" ]
		ok $? "--to-$to of $f.data: exit $rc, one line, no file ($(cat "$TMPD/$f.err"))"
	done
done
"$PERF_ASAN" data convert --kallsyms "$KALLSYMS" --to-pprof "$TMPD/asan.pb.gz" -i "$cg" \
	2>"$TMPD/asan.err"
ok $? "ASan build: --to-pprof clean"
"$PERF_ASAN" data convert --to-json "$TMPD/asan.json" -i "$cg" 2>"$TMPD/asan.err"
ok $? "ASan build: --to-json clean"

done_testing
