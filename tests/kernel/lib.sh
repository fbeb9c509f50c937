# Sourced by tests/kernel/*.t: $log must be set first.

skip() { echo "1..0 # SKIP $*"; exit 0; }

# Build chatter goes to $log, and to stderr too outside CI.
run() {
	if [ "${CI:-}" = true ]; then
		"$@" >>"$log" 2>&1
	else
		"$@" 2>&1 | tee -a "$log" >&2
	fi
}

# What every kernel test needs on the host.
need_kernel_tools() {
	command -v qemu-system-x86_64 >/dev/null ||
		skip "qemu-system-x86_64 not installed (scripts/install-deps)"
	[ -f /usr/src/linux-source-6.1.tar.xz ] || [ -d "$root/build/linux/.git" ] ||
		skip "linux-source-6.1 not installed (scripts/install-deps)"
	for t in gcc make flex bison bc ccache busybox; do
		command -v $t >/dev/null || skip "$t not installed (scripts/install-deps)"
	done
}
