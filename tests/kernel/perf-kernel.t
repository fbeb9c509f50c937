#!/bin/bash
# Kernel and module symbols, and perf annotate of kernel code, for real.
#
# Boots the series kernel (the kselftests' build/kernel, whose config has
# /proc/kcore and sha512_generic as a module) in QEMU with our perf, the
# AF_ALG workload tests/kernel/guest/afalg-hash.c and the modules in the
# initramfs, and runs tests/kernel/guest/perf-kernel there: perf record
# -a while the module hashes, our report names the module's samples, our
# annotate reads the hottest kernel and module symbols from /proc/kcore.
# Back on the host, with the guest's file and kallsyms:
#  - the instruction offsets of both annotations are objdump's of the
#    build's vmlinux and of the module's .ko;
#  - tools/perf/perf annotate -k vmlinux gives the guest's annotation;
#  - tools/perf/perf report --kallsyms names the module rows as
#    /usr/bin/perf report --kallsyms does on the same file.
# Build chatter goes to build/perf-kernel/build.log.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/build/perf-kernel
log=$out/build.log
initrd=$root/build/initramfs/perf-kernel.cpio.gz
kbuild=$root/build/kernel
vmlinux=$kbuild/vmlinux
mod=sha512_generic
perf=$root/tools/perf/perf
mkdir -p "$out"

. "$root/tests/kernel/lib.sh"
need_kernel_tools
[ -x "$perf" ] || skip "tools/perf/perf not built (make perf)"
[ -x /usr/bin/perf ] || skip "/usr/bin/perf not installed"
command -v objdump >/dev/null || skip "objdump not installed (binutils)"

: >"$log"
start=$(date +%s)
if ! run "$root/scripts/kernel/mktree" || ! run "$root/scripts/kernel/build" ||
   ! run gcc -O2 -Wall -static -o "$out/afalg-hash" "$root/tests/kernel/guest/afalg-hash.c" ||
   ! run "$root/scripts/kernel/initramfs" --tests "" --out "$initrd" --modules \
	--bin "$out/afalg-hash" --script "$root/tests/kernel/guest/perf-kernel"; then
	echo "1..1"
	echo "not ok 1 - kernel build (see build/perf-kernel/build.log)"
	tail -30 "$log" | sed 's/^/# /'
	exit 1
fi
built=$(date +%s)

echo "1..9"
guest=$("$root/scripts/kernel/qemu-run" --out "$out" --initrd "$initrd" 2>>"$log")
rc=$?
echo "$guest" | sed 's/^/# /'
if [ $rc -eq 0 ]; then
	echo "ok 1 - guest: record, report and annotate (every case above)"
else
	echo "not ok 1 - guest: record, report and annotate (see the cases above)"
fi

# the guest's blocks: BEGIN name, base64, END name
rm -rf "$out/guest" && mkdir -p "$out/guest"
tr -d '\r' <"$out/data.log" 2>/dev/null | awk -v dir="$out/guest" '
	/^BEGIN / { f = dir "/" $2 ".b64"; printf "" >f; next }
	/^END / { close(f); f = ""; next }
	f { print >>f }'
for b in "$out"/guest/*.b64; do
	[ -f "$b" ] && base64 -d "$b" 2>/dev/null | gunzip >"${b%.b64}" 2>/dev/null && rm -f "$b"
done
g=$out/guest
if [ ! -s "$g/perf.data" ] || [ ! -s "$g/kallsyms" ] || [ ! -s "$g/syms" ]; then
	for i in 2 3 4 5 6 7 8 9; do echo "not ok $i - # no file came back from the guest"; done
	exit 1
fi
read -r ksym msym <"$g/syms"

# "START STOP" of sym in a kallsyms file (mod: among that module's lines,
# else the kernel's own): its address and the next greater one
sym_range() {
	awk -v m="$3" '(m == "" && NF == 3) || (m != "" && $4 == "[" m "]") { print $1, $3 }' "$1" |
	sort | awk -v s="$2" '
		start != "" && $1 != start { print start, $1; exit }
		start == "" && $2 == s { start = $1 }'
}

# the offsets from START of the instruction rows of an annotation, one a
# line (kernel rows show the address)
ann_offsets() {
	local a
	awk -F: '/^ +[0-9.]+ +: +[0-9a-f]+:/ { gsub(/ /, "", $2); print $2 }' "$1" |
	while read -r a; do printf '%x\n' $((16#$a - 16#$2)); done
}

# objdump's instruction offsets in [START, STOP) of an ELF file, from START
objdump_offsets() {
	local file=$1 start=$2 stop=$3 a
	shift 3
	objdump -d --no-show-raw-insn "$@" --start-address=0x$start --stop-address=0x$stop \
		"$file" | sed -n 's/^ *\([0-9a-f]*\):	.*/\1/p' |
	while read -r a; do printf '%x\n' $((16#$a - 16#$start)); done
}

# same_offsets N WHAT ANNOTATION START OBJDUMP-OFFSETS
same_offsets() {
	local n=$1 what=$2 ann=$3 start=$4 ref=$5
	local a=$(ann_offsets "$ann" "$start" | wc -l)
	if [ "$a" -gt 0 ] && diff <(ann_offsets "$ann" "$start") "$ref" >"$out/diff.$n"; then
		echo "ok $n - $what ($a instructions)"
	else
		echo "not ok $n - $what ($a instructions)"
		head -10 "$out/diff.$n" | sed 's/^/# /'
	fi
}

# 2: the guest's kernel annotation has the vmlinux's instruction boundaries
# (boot-time patching keeps them: alternatives and jump labels replace
# code with code or nops of the same length, and this config has no
# retpolines)
read -r kstart kstop < <(sym_range "$g/kallsyms" "$ksym" "")
objdump_offsets "$vmlinux" "$kstart" "$kstop" >"$out/objdump.kernel"
same_offsets 2 "guest's annotate $ksym: objdump -d vmlinux's offsets" \
	"$g/annotate.kernel" "$kstart" "$out/objdump.kernel"

# 3: the module's, the .ko's (relocatable: offsets from the symbol's value)
ko=$(find "$kbuild" -name "$mod.ko" | head -1)
mstart=$(nm "$ko" | awk -v s="$msym" '$3 == s { print $1; exit }')
read -r kmstart kmstop < <(sym_range "$g/kallsyms" "$msym" "$mod")
if [ -n "$mstart" ] && [ -n "$kmstop" ]; then
	mstop=$(printf '%x' $((16#$mstart + 16#$kmstop - 16#$kmstart)))
	objdump_offsets "$ko" "$mstart" "$mstop" -j .text >"$out/objdump.module"
else
	: >"$out/objdump.module"
fi
same_offsets 3 "guest's annotate [$mod] $msym: objdump -d $mod.ko's offsets" \
	"$g/annotate.module" "$kmstart" "$out/objdump.module"

# 4-5: on the host, -k vmlinux: the same rows as the guest's from /proc/kcore
"$perf" annotate --stdio -i "$g/perf.data" -k "$vmlinux" "$ksym" >"$out/annotate.host" \
	2>"$out/annotate.host.err"
rc=$?
sed 's/^/# host annotate: /' "$out/annotate.host.err"
same_offsets 4 "host's annotate -k vmlinux $ksym: objdump's offsets" \
	"$out/annotate.host" "$kstart" "$out/objdump.kernel"
# share and address of each row: the instructions themselves may differ,
# kcore's being patched at boot (alternatives, static keys)
rows() { awk -F: '/^ +[0-9.]+ +: +[0-9a-f]+:/ { gsub(/ /, ""); print $1, $2 }' "$1"; }
if [ $rc -eq 0 ] && [ -n "$(rows "$out/annotate.host")" ] &&
   diff <(rows "$g/annotate.kernel") <(rows "$out/annotate.host") >"$out/diff.5"; then
	echo "ok 5 - host's annotate -k vmlinux: the guest's rows (shares and addresses)"
else
	echo "not ok 5 - host's annotate -k vmlinux: the guest's rows (exit $rc)"
	head -10 "$out/diff.5" | sed 's/^/# /'
fi

# 6: the header names the symbol and the sample count as the guest's
h1=$(grep -m1 'Source code & Disassembly of' "$g/annotate.kernel")
h2=$(grep -m1 'Source code & Disassembly of' "$out/annotate.host")
if [ -n "$h1" ] && [ "$h1" = "$h2" ]; then
	echo "ok 6 - host's annotate -k vmlinux: the guest's header"
else
	echo "not ok 6 - host's annotate -k vmlinux: the guest's header"
	printf '# guest: %s\n# host:  %s\n' "$h1" "$h2"
fi

# 7-9: report --kallsyms of the guest's kallsyms: the module rows as upstream's
report() {
	"$1" report --stdio -n -i "$g/perf.data" --kallsyms "$g/kallsyms" \
		--sort comm,dso,sym 2>"$2.err" | grep -v '^#' | grep . >"$2"
}
report "$perf" "$out/report.ours"
report /usr/bin/perf "$out/report.upstream"
# "samples comm dso [k] sym" rows of dso, sorted
rows_of() {
	grep -F " $2 " "$1" | awk '$5 == "[k]" { print $2, $3, $4, $5, $6 }' | sort
}
# same_rows N WHAT DSO REFERENCE: our report's rows of DSO against another's
same_rows() {
	local n=$1 what=$2 dso=$3 ref=$4 nr
	nr=$(rows_of "$out/report.ours" "$dso" | wc -l)
	if [ "$nr" -gt 0 ] &&
	   diff <(rows_of "$ref" "$dso") <(rows_of "$out/report.ours" "$dso") >"$out/diff.$n"; then
		echo "ok $n - report --kallsyms: the $dso rows are $what ($nr rows)"
	else
		echo "not ok $n - report --kallsyms: the $dso rows are $what ($nr rows)"
		head -10 "$out/diff.$n" | sed 's/^/# /'
	fi
}
same_rows 7 "upstream's" "[$mod]" "$out/report.upstream"
# and the guest's, whose report read /proc/kallsyms and /proc/modules
same_rows 8 "the guest's" "[$mod]" "$g/report"
same_rows 9 "upstream's" "[kernel.kallsyms]" "$out/report.upstream"
echo "# build $((built - start)) s, boot and test $(( $(date +%s) - built )) s" >&2
