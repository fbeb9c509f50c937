#!/bin/bash
# The kernel series' selftests, booted in QEMU, as one TAP stream.
#
# Builds what is missing (build/linux from the base tarball, strip and
# patches; the bzImage; the initramfs), incrementally when it is already
# there, boots the guest and relays every selftest case from its serial
# log, plus a case for a clean kernel log.  Build and boot chatter goes
# to build/kselftest/build.log (and stderr outside CI); stdout is TAP.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
log=$root/build/kselftest/build.log
mkdir -p "$root/build/kselftest"

. "$root/tests/kernel/lib.sh"
need_kernel_tools

: >"$log"
start=$(date +%s)
if ! run "$root/scripts/kernel/mktree" || ! run "$root/scripts/kernel/build" ||
   ! run "$root/scripts/kernel/initramfs"; then
	echo "1..1"
	echo "not ok 1 - kernel build (see build/kselftest/build.log)"
	tail -30 "$log" | sed 's/^/# /'
	exit 1
fi
built=$(date +%s)
"$root/scripts/kernel/qemu-run" --out "$root/build/kselftest" 2>>"$log"
rc=$?
echo "# build $((built - start)) s, boot and tests $(( $(date +%s) - built )) s" >&2
exit $rc
