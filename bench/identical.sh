#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Which outputs of ours are byte-identical to /usr/bin/perf's on which
# files: report --stdio in several modes and script, on the checked-in
# fixtures (with their kallsyms and [vdso], as the integration tests read
# them) and on the benchmark corpus (bench/corpus.sh, the live kernel's
# kallsyms).  Prints one line per file: "=" where the outputs are equal,
# "D<n>" (n differing lines) where not, "-" where upstream failed.
# The matrix also goes to $BENCH_DIR/identical.txt: keep one from before
# a change and diff it with the one after (no "=" may turn into a "D").
#
#   bash bench/identical.sh [FILE...]   default: every fixture and corpus file
#   MODES="r r-nc" bash bench/identical.sh   only these modes (names below)
# (not executable: no benchmark for `make bench` to time)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/corpus.sh"

FIXTURES=$TOPDIR/tests/fixtures
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/home"
cp -a "$FIXTURES/debug" "$T/home/.debug"
xz -dc "$FIXTURES/kallsyms.xz" >"$T/kallsyms"

# name: arguments (of report, or of script with a leading "script")
declare -A MODE=(
	[r]="--stdio"
	[r-nc]="--stdio --no-children"
	[r-caller]="--stdio -g caller"
	[r-callee]="--stdio -g callee"
	[r-nc-caller]="--stdio --no-children -g caller"
	[r-none]="--stdio --no-children -g none"
	[r-dso]="--stdio --sort dso,sym"
	[r-sym]="--stdio --sort sym"
	[r-pid]="--stdio --no-children --sort pid"
	[r-n]="--stdio -n --no-children -g none --sort comm,dso"
	[s]="script"
	[s-G]="script -G"
)
MODES=${MODES:-"r r-nc r-caller r-callee r-nc-caller r-none r-dso r-sym r-pid r-n s s-G"}

# run PERF FILE HOME KALLSYMS MODE: the output, less upstream's random tip
run() {
	local perf=$1 file=$2 home=$3 ks=$4 args=(${MODE[$5]}) cmd=report extra=()
	if [ "${args[0]}" = script ]; then cmd=script; args=("${args[@]:1}"); fi
	[ -n "$ks" ] && extra=(--kallsyms "$ks")
	[ "$perf" = "$PERF" ] && extra+=(--no-bpf-prog-info)
	HOME=$home timeout 1200 "$perf" "$cmd" "${args[@]}" "${extra[@]}" -i "$file" 2>/dev/null |
		grep -v '^# (Tip:'
	return "${PIPESTATUS[0]}"
}

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
	files=("$FIXTURES"/*.data)
	for c in $(corpus__names); do
		f=$(corpus__file "$c" 2>/dev/null) && files+=("$f")
	done
fi

out=${IDENTICAL_OUT:-$BENCH_DIR/identical.txt}
: >"$out"
printf '%-28s' file | tee -a "$out"
for m in $MODES; do printf ' %-11s' "$m"; done | tee -a "$out"
echo | tee -a "$out"
for f in "${files[@]}"; do
	home=$HOME ks=
	case $f in "$FIXTURES"/*) home=$T/home ks=$T/kallsyms ;; esac
	printf '%-28s' "$(basename "$f" .data)" | tee -a "$out"
	for m in $MODES; do
		if ! run "$UPERF" "$f" "$home" "$ks" "$m" >"$T/up" || [ ! -s "$T/up" ]; then
			r=-
		else
			run "$PERF" "$f" "$home" "$ks" "$m" >"$T/our"
			if cmp -s "$T/up" "$T/our"; then
				r="="
			else
				r=D$(diff "$T/up" "$T/our" | grep -c '^[<>]')
			fi
		fi
		printf ' %-11s' "$r" | tee -a "$out"
	done
	echo | tee -a "$out"
done
