#!/bin/bash
# The selftests on stock Linux 6.1, and on stock 6.1 with
# kernel/upstream-fixes: scripts/kernel/kselftest-stock, which makes and
# builds build/stock and build/stock-fix, boots both in QEMU and prints
# TAP (the fixed kernel passes every case; stock fails exactly the cases
# the fixes are about, each with its diagnostics, and passes the rest;
# the fixes pass checkpatch --strict).
# Build and boot chatter goes to build/kselftest-stock/build.log.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
log=$root/build/kselftest-stock/build.log
mkdir -p "$root/build/kselftest-stock"

. "$root/tests/kernel/lib.sh"
need_kernel_tools
exec "$root/scripts/kernel/kselftest-stock"
