#!/bin/bash
# perf record on a kernel without PERF_RECORD_KSYMBOL/BPF_EVENT.
#
# Boots the stripped base kernel (scripts/kernel/strip-upstream: the two
# attr bits are reserved there and rejected with EINVAL) in QEMU with
# tools/perf/perf in the initramfs, and runs tests/kernel/guest/perf-
# nofeature there: perf record -a warns once, records without the bits
# and writes a file our perf report -D reads.  The file comes back over
# the guest's third serial port, and /usr/bin/perf report -D must read
# it too.  Build chatter goes to build/perf-nofeature/build.log.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/build/perf-nofeature
log=$out/build.log
initrd=$root/build/initramfs/perf-nofeature.cpio.gz
mkdir -p "$out"

. "$root/tests/kernel/lib.sh"
need_kernel_tools
[ -x "$root/tools/perf/perf" ] || skip "tools/perf/perf not built (make perf)"
[ -x /usr/bin/perf ] || skip "/usr/bin/perf not installed"

: >"$log"
start=$(date +%s)
if ! run "$root/scripts/kernel/mktree" ||
   ! run "$root/scripts/kernel/build" --src "$root/build/base/linux" \
	--out "$root/build/base/kernel" ||
   ! run "$root/scripts/kernel/initramfs" --tests "" --out "$initrd" \
	--script "$root/tests/kernel/guest/perf-nofeature"; then
	echo "1..1"
	echo "not ok 1 - base kernel build (see build/perf-nofeature/build.log)"
	tail -30 "$log" | sed 's/^/# /'
	exit 1
fi
built=$(date +%s)

echo "1..3"
guest=$("$root/scripts/kernel/qemu-run" --out "$out" --initrd "$initrd" \
	--kernel "$root/build/base/kernel/arch/x86/boot/bzImage" 2>>"$log")
rc=$?
echo "$guest" | sed 's/^/# /'
if [ $rc -eq 0 ]; then
	echo "ok 1 - guest: perf record -a on the base kernel (every case above)"
else
	echo "not ok 1 - guest: perf record -a on the base kernel (see the cases above)"
fi

data=$out/nofeature.data
rm -f "$data"
if grep -q '^PERFDATA-END' "$out/data.log" 2>/dev/null; then
	sed '/^PERFDATA-END/,$d' "$out/data.log" | tr -d '\r' | base64 -d >"$data" 2>/dev/null
fi
if [ ! -s "$data" ]; then
	echo "not ok 2 - /usr/bin/perf report -D reads the guest's file # no file came back"
	echo "not ok 3 - tools/perf/perf report -D on the host reads it # no file came back"
	exit 1
fi

check_dump() {
	local n=$1 what=$2 err
	shift 2
	err=$("$@" report -D -i "$data" 2>&1 >"$out/dump.$n")
	local rc=$? samples
	samples=$(grep -c 'PERF_RECORD_SAMPLE' "$out/dump.$n")
	# the guest kernel is not this machine's: that one notice is expected
	err=$(echo "$err" | grep -v -e '^No kallsyms or vmlinux with build-id' -e '^$')
	if [ $rc -eq 0 ] && [ "$samples" -gt 0 ] && [ -z "$err" ]; then
		echo "ok $n - $what reads the guest's file ($samples samples)"
	else
		echo "not ok $n - $what reads the guest's file (exit $rc, $samples samples)"
		echo "$err" | head -10 | sed 's/^/# /'
	fi
}
check_dump 2 "/usr/bin/perf report -D" /usr/bin/perf
check_dump 3 "tools/perf/perf report -D on the host" "$root/tools/perf/perf"
echo "# build $((built - start)) s, boot and test $(( $(date +%s) - built )) s" >&2
