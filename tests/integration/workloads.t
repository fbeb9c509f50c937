#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The BPF test workloads themselves (tests/workloads): bpfload loads real
# programs on the live kernel, reports the kernel's own symbol names for
# every JITed function (BTF and --no-btf), unloads them, runs them hot and
# churns them.  Everything later (record, report, benches) trusts this.
#
# Run from the top of the tree: prove --exec '' tests/integration/workloads.t

. "$(dirname "$0")/lib.sh"

BPFLOAD=$WORKLOADS/bpfload

# What hot.bpf.c defines: program -> its functions, main first.  Keep in sync.
declare -A HOT_FUNCS=(
	[hot_prog_0]="hot_prog_0"
	[hot_prog_1]="hot_prog_1 hot_sub1_mix"
	[hot_prog_2]="hot_prog_2 hot_sub2_outer hot_sub2_inner"
	[hot_prog_3_long_name]="hot_prog_3_long_name hot_sub3_a hot_sub3_b"
)
# And churn.bpf.c.
declare -A CHURN_FUNCS=(
	[churn_prog_0]="churn_prog_0"
	[churn_prog_1]="churn_prog_1 churn_sub_1"
)

[ "$(id -u)" -eq 0 ] || skip_all "needs root to load BPF programs"
jit=$(cat /proc/sys/net/core/bpf_jit_enable 2>/dev/null)
[ "${jit:-0}" != 0 ] || skip_all "BPF JIT is off (net.core.bpf_jit_enable)"
command -v clang >/dev/null || skip_all "no clang (apt-get install clang)"
pkg-config --exists libbpf || skip_all "no libbpf (apt-get install libbpf-dev)"

TAP_PLANNED=1
plan 49

# skip_one REASON DESCRIPTION: a test that cannot run here, counted as such
skip_one() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n - $2 # SKIP $1"
}

HAVE_BPFTOOL=
BPFTOOL=$(command -v bpftool || echo /usr/sbin/bpftool)
[ -x "$BPFTOOL" ] && HAVE_BPFTOOL=1

# --- build ------------------------------------------------------------------
make -s -C "$TOPDIR/tests/workloads" O="$WORKLOADS" >&2
ok $? "tests/workloads builds into $WORKLOADS"
[ -x "$BPFLOAD" ] || { echo "Bail out! no $BPFLOAD"; exit 1; }

# --- usage and bad options --------------------------------------------------
"$BPFLOAD" -h >"$TMPD/help" 2>&1
st=$?
missing=
for opt in -n --copies --no-btf --hot --repeat -j --wait-signal --wait-timeout --ready-file \
	   --churn --duration --hold-ms --ids-file -p -s -o --addrs; do
	grep -q -- "$opt\\b" "$TMPD/help" || missing="$missing $opt"
done
[ $st -eq 0 ] && [ -z "$missing" ]
ok $? "bpfload -h exits 0 and documents every option${missing:+ (missing:$missing)}"

# bad_option DESCRIPTION ARGS...: exit 1, a "bpfload: " message, nothing loaded
bad_option() {
	local desc=$1 st; shift
	"$BPFLOAD" "$@" >"$TMPD/bad.out" 2>"$TMPD/bad.err"
	st=$?
	[ $st -eq 1 ] && grep -q '^bpfload: ' "$TMPD/bad.err" && ! grep -q '^prog ' "$TMPD/bad.out"
	ok $? "bad option rejected: $desc"
	[ $st -eq 1 ] || diag "exit $st, stderr: $(head -2 "$TMPD/bad.err")"
}
bad_option "unknown option" --bogus
bad_option "-n 0" -n 0
bad_option "-n abc" -n abc
bad_option "missing argument" --hot
bad_option "--hot -1" --hot -1
bad_option "--churn without --duration" --churn 100
bad_option "--duration without --churn" --duration 1
bad_option "--hot with --churn" --hot 1 --churn 10 --duration 1
bad_option "unknown -s set" -s nope
bad_option "stray argument" hot_prog_0
bad_option "-p of a program that does not exist" -p no_such_prog
bad_option "-o of a missing file" -o "$TMPD/nonexistent.bpf.o"

# --- helpers ----------------------------------------------------------------

# start_loader NAME ARGS...: bpfload in the background with --wait-signal and a
# ready file; waits for the file.  Sets LOADER_PID; output in $TMPD/NAME.out.
start_loader() {
	local name=$1 i; shift
	rm -f "$TMPD/$name.ready"
	"$BPFLOAD" --wait-signal --wait-timeout 120 --ready-file "$TMPD/$name.ready" "$@" \
		>"$TMPD/$name.out" 2>"$TMPD/$name.err" &
	LOADER_PID=$!
	for ((i = 0; i < 600; i++)); do
		[ -s "$TMPD/$name.ready" ] && return 0
		kill -0 $LOADER_PID 2>/dev/null || break
		sleep 0.05
	done
	diag "bpfload $* did not get ready: $(head -3 "$TMPD/$name.err")"
	return 1
}

# check_names OUT MODE TABLE: every prog line of OUT names its functions as
# the kernel does.  MODE btf: bpf_prog_<tag>_<BTF name>, subprograms too;
# MODE nobtf: bpf_prog_<tag>_<name cut to 15 chars>, subprograms
# bpf_prog_<subtag>_F.  The main function always carries the program's tag.
check_names() {
	local out=$1 mode=$2 table=$3 line id tag name ksyms want got i n bad=0
	local -n funcs=$table
	local -a syms exp
	while read -r line; do
		[[ $line =~ ^prog\ id=([0-9]+)\ tag=([0-9a-f]{16})\ name=([^ ]+)\ ksyms=([^ ]*) ]] ||
			{ diag "bad line: $line"; bad=1; continue; }
		id=${BASH_REMATCH[1]} tag=${BASH_REMATCH[2]} name=${BASH_REMATCH[3]}
		ksyms=${BASH_REMATCH[4]}
		[ -n "${funcs[$name]+x}" ] || { diag "unexpected program $name"; bad=1; continue; }
		IFS=, read -r -a syms <<<"$ksyms"
		read -r -a exp <<<"${funcs[$name]}"
		n=${#exp[@]}
		if [ ${#syms[@]} -ne "$n" ]; then
			diag "$name: ${#syms[@]} ksyms, want $n: $ksyms"
			bad=1
			continue
		fi
		if [ "$mode" = btf ]; then
			want="bpf_prog_${tag}_$name"
		else
			want="bpf_prog_${tag}_${name:0:15}"
		fi
		[ "${syms[0]}" = "$want" ] || { diag "$name main: ${syms[0]}, want $want"; bad=1; }
		# Subprograms: their own tags; compare the names as sets.
		got= want=
		for ((i = 1; i < n; i++)); do
			[[ ${syms[$i]} =~ ^bpf_prog_[0-9a-f]{16}_(.+)$ ]] ||
				{ diag "$name: bad subprogram ksym ${syms[$i]}"; bad=1; continue; }
			got="$got ${BASH_REMATCH[1]}"
			if [ "$mode" = btf ]; then
				want="$want ${exp[$i]}"
			else
				want="$want F"
			fi
		done
		got=$(tr ' ' '\n' <<<"$got" | sort | xargs)
		want=$(tr ' ' '\n' <<<"$want" | sort | xargs)
		[ "$got" = "$want" ] || { diag "$name subprograms: '$got', want '$want'"; bad=1; }
	done < <(grep '^prog ' "$out")
	return $bad
}

# addr_name_pairs OUT: "addr name" of every JITed function in OUT (needs -a)
addr_name_pairs() {
	local line ksyms addrs i
	local -a s a
	while read -r line; do
		ksyms=${line#* ksyms=}; ksyms=${ksyms%% *}
		addrs=${line#* addrs=}
		IFS=, read -r -a s <<<"$ksyms"
		IFS=, read -r -a a <<<"$addrs"
		for ((i = 0; i < ${#s[@]}; i++))
			do echo "${a[$i]#0x} ${s[$i]}"; done
	done < <(grep '^prog ' "$1")
}

# bpf_kallsyms: "addr name" of every [bpf] entry in /proc/kallsyms
bpf_kallsyms() {
	awk '$4 == "[bpf]" { print $1, $3 }' /proc/kallsyms
}

# in_kallsyms OUT: how many of OUT's functions are [bpf] kallsyms entries with
# that name at that address, over how many there are: "found/total"
in_kallsyms() {
	local total found
	addr_name_pairs "$1" | sort -u >"$TMPD/want.pairs"
	bpf_kallsyms | sort -u >"$TMPD/have.pairs"
	total=$(wc -l <"$TMPD/want.pairs")
	found=$(comm -12 "$TMPD/want.pairs" "$TMPD/have.pairs" | wc -l)
	echo "$found/$total"
}

# ids_alive FILE: how many of the ids in FILE (one per line) still exist
ids_alive() {
	local id n=0
	while read -r id; do
		"$BPFTOOL" prog show id "$id" >/dev/null 2>&1 && n=$((n + 1))
	done <"$1"
	echo $n
}

# --- BTF: load, inspect while loaded, unload --------------------------------
if start_loader btf -n 2 -a; then
	ok 0 "bpfload -n 2 --wait-signal writes its ready file"
else
	ok 1 "bpfload -n 2 --wait-signal writes its ready file"
fi
out=$TMPD/btf.out
nprog=${#HOT_FUNCS[@]}
n=$(grep -c '^prog ' "$out")
sed -n 's/^prog id=\([0-9]*\) .*/\1/p' "$out" | sort -u >"$TMPD/btf.ids"
nid=$(wc -l <"$TMPD/btf.ids")
[ "$n" -eq $((2 * nprog)) ] && [ "$nid" -eq "$n" ]
ok $? "-n 2 loads two copies of each of the $nprog programs, each its own id ($n lines, $nid ids)"
[ "$(cat "$TMPD/btf.ready" 2>/dev/null)" = "$LOADER_PID" ]
ok $? "the ready file holds the loader's pid"
check_names "$out" btf HOT_FUNCS
ok $? "BTF: main and subprogram ksyms are bpf_prog_<tag>_<BTF func name>"
res=$(in_kallsyms "$out")
[ "${res%/*}" = "${res#*/}" ] && [ "${res#*/}" -eq 18 ]
ok $? "BTF: every JITed function is in /proc/kallsyms as [bpf], at its address ($res)"
if [ -n "$HAVE_BPFTOOL" ]; then
	bad=0
	while read -r line; do
		[[ $line =~ ^prog\ id=([0-9]+)\ tag=([0-9a-f]+)\ name=([^ ]+) ]] || { bad=1; break; }
		"$BPFTOOL" prog show id "${BASH_REMATCH[1]}" >"$TMPD/bt" 2>&1 || { bad=1; break; }
		# bpftool shows the BTF name when there is one, else the kernel's cut one.
		grep -Eq "name (${BASH_REMATCH[3]}|${BASH_REMATCH[3]:0:15}) +tag ${BASH_REMATCH[2]} " \
			"$TMPD/bt" ||
			{ bad=1; diag "bpftool: $(head -1 "$TMPD/bt")"; break; }
	done < <(grep '^prog ' "$out")
	ok $bad "BTF: bpftool agrees on id, name and tag of every program"
else
	skip_one "no bpftool" "BTF: bpftool agrees on id, name and tag of every program"
fi
cp "$out" "$TMPD/btf.keep"
kill -USR1 "$LOADER_PID"
wait "$LOADER_PID"
st=$?
[ $st -eq 0 ] && grep -q "^unloaded progs=$((2 * nprog))\$" "$out"
ok $? "SIGUSR1 ends the wait; exit 0 after unloading all (exit $st)"
res=$(in_kallsyms "$TMPD/btf.keep")
[ "${res%/*}" -eq 0 ]
ok $? "BTF: no function left in /proc/kallsyms after exit ($res still there)"
if [ -n "$HAVE_BPFTOOL" ]; then
	[ "$(ids_alive "$TMPD/btf.ids")" -eq 0 ]
	ok $? "BTF: no program id left after exit"
else
	skip_one "no bpftool" "BTF: no program id left after exit"
fi

# --- no BTF, ended by SIGTERM -----------------------------------------------
if start_loader nobtf --no-btf -a; then
	ok 0 "bpfload --no-btf --wait-signal writes its ready file"
else
	ok 1 "bpfload --no-btf --wait-signal writes its ready file"
fi
out=$TMPD/nobtf.out
n=$(grep -c '^prog ' "$out")
[ "$n" -eq "$nprog" ]
ok $? "--no-btf loads the $nprog programs ($n lines)"
check_names "$out" nobtf HOT_FUNCS
ok $? "no BTF: main is bpf_prog_<tag>_<name, 15 chars>, subprograms bpf_prog_<tag>_F"
res=$(in_kallsyms "$out")
[ "${res%/*}" = "${res#*/}" ] && [ "${res#*/}" -eq 9 ]
ok $? "no BTF: every JITed function is in /proc/kallsyms as [bpf], at its address ($res)"
# Same instructions, same tags: only the names after the tag differ.
tags() { grep '^prog ' "$1" | sed 's/.* ksyms=//; s/ .*//' | tr , '\n' | cut -c1-25 | sort; }
cmp -s <(tags "$TMPD/btf.keep" | uniq) <(tags "$out")
ok $? "no BTF: every function has the same tag as with BTF"
cp "$out" "$TMPD/nobtf.keep"
kill -TERM "$LOADER_PID"
wait "$LOADER_PID"
st=$?
[ $st -eq 0 ] && grep -q "^unloaded progs=$nprog\$" "$out"
ok $? "SIGTERM while waiting unloads everything and exits 0 (exit $st)"
res=$(in_kallsyms "$TMPD/nobtf.keep")
[ "${res%/*}" -eq 0 ]
ok $? "no BTF: no function left in /proc/kallsyms after exit ($res still there)"

# --- the churn set, plain run -----------------------------------------------
"$BPFLOAD" -s churn -a >"$TMPD/churnset.out" 2>"$TMPD/churnset.err"
st=$?
[ $st -eq 0 ] && check_names "$TMPD/churnset.out" btf CHURN_FUNCS &&
	[ "$(grep -c '^prog ' "$TMPD/churnset.out")" -eq ${#CHURN_FUNCS[@]} ]
ok $? "-s churn: the churn programs load with BTF names, and bpfload exits 0"
res=$(in_kallsyms "$TMPD/churnset.out")
[ "${res%/*}" -eq 0 ]
ok $? "without --wait-signal the programs are gone when bpfload returns ($res left)"

# --- -p ---------------------------------------------------------------------
"$BPFLOAD" -p hot_prog_2 -p hot_prog_0 -n 3 >"$TMPD/p.out" 2>&1
st=$?
[ $st -eq 0 ] && [ "$(grep -c '^prog .* name=hot_prog_2 ' "$TMPD/p.out")" -eq 3 ] &&
	[ "$(grep -c '^prog .* name=hot_prog_0 ' "$TMPD/p.out")" -eq 3 ] &&
	[ "$(grep -c '^prog ' "$TMPD/p.out")" -eq 6 ]
ok $? "-p selects programs by name, -n 3 loads each three times"

# --- hot --------------------------------------------------------------------
"$BPFLOAD" --hot 0.5 -j 2 --repeat 50 >"$TMPD/hot.out" 2>"$TMPD/hot.err"
st=$?
line=$(grep '^hot ' "$TMPD/hot.out")
runs=$(sed -n 's/^hot runs=\([0-9]*\) .*/\1/p' <<<"$line")
[ $st -eq 0 ] && [ "${runs:-0}" -gt 0 ] && [ $((runs % 50)) -eq 0 ] &&
	[[ $line =~ threads=2\ progs=$nprog ]]
ok $? "--hot runs the programs with BPF_PROG_TEST_RUN in 2 threads ($line)"
if start_loader hot --hot 60; then
	kill -USR1 "$LOADER_PID"
	sleep 0.3
	kill -INT "$LOADER_PID"
	wait "$LOADER_PID"
	st=$?
	grep -q '^hot runs=[1-9][0-9]* .*interrupted=yes' "$TMPD/hot.out" && [ $st -eq 0 ] &&
		grep -q "^unloaded progs=$nprog\$" "$TMPD/hot.out"
	ok $? "SIGINT ends a --hot phase early, unloads and exits 0 (exit $st)"
else
	ok 1 "SIGINT ends a --hot phase early, unloads and exits 0"
fi

# --- churn ------------------------------------------------------------------
# check_churn NAME RATE DURATION: the summary line is consistent and the ids
# file has one distinct id per load
check_churn() {
	local name=$1 rate=$2 dur=$3 line loads unloads ids uniq max
	line=$(grep '^churn loads=' "$TMPD/$name.out")
	loads=$(sed -n 's/.* loads=\([0-9]*\) .*/\1/p' <<<"$line")
	unloads=$(sed -n 's/.* unloads=\([0-9]*\) .*/\1/p' <<<"$line")
	ids=$(wc -l <"$TMPD/$name.ids")
	uniq=$(sort -u "$TMPD/$name.ids" | grep -c '^[1-9][0-9]*$')
	max=$(awk -v r="$rate" -v d="$dur" 'BEGIN { print int(r * d) + 2 }')
	diag "$line"
	[ "${loads:-0}" -gt 0 ] && [ "$loads" = "$unloads" ] && [ "$ids" -eq "$loads" ] &&
		[ "$uniq" -eq "$ids" ] && [ "$loads" -le "$max" ]
}
"$BPFLOAD" --churn 200 --duration 1 --hold-ms 20 --ids-file "$TMPD/churn1.ids" \
	>"$TMPD/churn1.out" 2>"$TMPD/churn1.err"
st=$?
[ $st -eq 0 ]
ok $? "--churn 200 --duration 1 --hold-ms 20 exits 0"
check_churn churn1 200 1
ok $? "--churn: loads == unloads, not above the rate, one distinct id per load"
grep -q ' btf=yes' "$TMPD/churn1.out" && ! grep -q '^churn id=' "$TMPD/churn1.out"
ok $? "--churn loads with BTF by default; --ids-file keeps the ids off stdout"
if [ -n "$HAVE_BPFTOOL" ]; then
	[ "$(ids_alive "$TMPD/churn1.ids")" -eq 0 ]
	ok $? "--churn: none of the churned ids exists after exit"
else
	skip_one "no bpftool" "--churn: none of the churned ids exists after exit"
fi

"$BPFLOAD" --churn 300 --duration 0.5 --no-btf >"$TMPD/churn2.out" 2>"$TMPD/churn2.err"
st=$?
sed -n 's/^churn id=\([0-9]*\)$/\1/p' "$TMPD/churn2.out" >"$TMPD/churn2.ids"
[ $st -eq 0 ] && check_churn churn2 300 0.5 && grep -q ' btf=no' "$TMPD/churn2.out"
ok $? "--churn --no-btf --hold-ms 0 prints a 'churn id=' line per load"

"$BPFLOAD" --churn 400 --duration 0.5 -j 2 --ids-file "$TMPD/churn4.ids" \
	>"$TMPD/churn4.out" 2>"$TMPD/churn4.err"
st=$?
[ $st -eq 0 ] && check_churn churn4 400 0.5 && grep -q ' threads=2' "$TMPD/churn4.out"
ok $? "--churn -j 2: two threads share the rate, loads == unloads, distinct ids"

# Hold long enough that the churned programs are visible while churning.
if start_loader churn3 --churn 50 --duration 30 --hold-ms 60000 --ids-file "$TMPD/churn3.ids"
then
	kill -USR1 "$LOADER_PID"
	seen=0
	for ((i = 0; i < 100; i++)); do
		seen=$(bpf_kallsyms | grep -c '_churn_sub_1$')
		[ "$seen" -gt 0 ] && break
		sleep 0.05
	done
	kill -TERM "$LOADER_PID"
	wait "$LOADER_PID"
	st=$?
	[ "$seen" -gt 0 ]
	ok $? "held churn programs (with their subprograms) show up in /proc/kallsyms"
	grep -q '^churn .*interrupted=yes' "$TMPD/churn3.out" && [ $st -eq 0 ] &&
		check_churn churn3 50 30
	ok $? "SIGTERM during --churn unloads the held programs: loads == unloads"
	if [ -n "$HAVE_BPFTOOL" ]; then
		[ "$(ids_alive "$TMPD/churn3.ids")" -eq 0 ]
		ok $? "--churn: held programs are gone after SIGTERM"
	else
		skip_one "no bpftool" "--churn: held programs are gone after SIGTERM"
	fi
else
	ok 1 "held churn programs (with their subprograms) show up in /proc/kallsyms"
	ok 1 "SIGTERM during --churn unloads the held programs: loads == unloads"
	ok 1 "--churn: held programs are gone after SIGTERM"
fi

# --- waiting without a signal gives up ---------------------------------------
"$BPFLOAD" --wait-signal --wait-timeout 0.2 >"$TMPD/to.out" 2>"$TMPD/to.err"
st=$?
[ $st -eq 1 ] && grep -q 'no SIGUSR1' "$TMPD/to.err" &&
	grep -q "^unloaded progs=$nprog\$" "$TMPD/to.out"
ok $? "--wait-timeout: no SIGUSR1 in time exits 1 after unloading"

# --- the static loader -------------------------------------------------------
if [ -x "$WORKLOADS/bpfload-static" ]; then
	file_out=$(file -L "$WORKLOADS/bpfload-static" 2>/dev/null)
	"$WORKLOADS/bpfload-static" -p hot_prog_1 >"$TMPD/static.out" 2>&1 &&
		check_names "$TMPD/static.out" btf HOT_FUNCS &&
		grep -q '^prog .*name=hot_prog_1 ' "$TMPD/static.out" &&
		{ [ -z "$file_out" ] || [[ $file_out =~ statically\ linked ]]; }
	ok $? "bpfload-static is static and loads with BTF names"
else
	skip_one "not built (STATIC=0)" "bpfload-static is static and loads with BTF names"
fi

# --- bpfprintk: bpf_printk() lines, one per run ------------------------------
PRINTK=$WORKLOADS/bpfprintk
"$PRINTK" -n 3 >"$TMPD/printk.out" 2>"$TMPD/printk.err"
ok $? "bpfprintk -n 3 runs"
grep -Eq '^prog id=[0-9]+ name=printk_prog ksyms=bpf_prog_[0-9a-f]{16}_printk_prog,bpf_prog_[0-9a-f]{16}_printk_line$' \
	"$TMPD/printk.out"
ok $? "its program and subprogram by their kallsyms names"
pid=$(sed -n 's/^printed lines=3 pid=\([0-9]*\)$/\1/p' "$TMPD/printk.out")
"$PRINTK" -n 0 >/dev/null 2>"$TMPD/printk0.err"
[ $? -eq 1 ] && [ -n "$pid" ] && grep -q '^bpfprintk: -n 0: ' "$TMPD/printk0.err"
ok $? "printed 3 lines; -n 0 is refused"

done_testing
