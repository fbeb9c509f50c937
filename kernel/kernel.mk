# Kernel half: the series against Debian's linux-source-6.1, built and
# tested in QEMU.  Included by the top-level Makefile; every path is
# relative to $(CURDIR), the repository root.  See kernel/README.

KERNEL_SCRIPTS	:= $(CURDIR)/scripts/kernel
KERNEL_BUILD	:= $(CURDIR)/build
KERNEL_IMAGE	:= $(KERNEL_BUILD)/kernel/arch/x86/boot/bzImage
KERNEL_INITRD	:= $(KERNEL_BUILD)/initramfs/initramfs.cpio.gz

.PHONY: kernel kselftest kselftest-baseline kselftest-debug check-series \
	bench-kernel help-kernel clean-kernel kernel-initramfs perf-nofeature \
	perf-kernel

kernel:
	$(KERNEL_SCRIPTS)/mktree
	$(KERNEL_SCRIPTS)/build

kernel-initramfs:
	$(KERNEL_SCRIPTS)/initramfs

kselftest: kernel kernel-initramfs
	$(KERNEL_SCRIPTS)/qemu-run --out $(KERNEL_BUILD)/kselftest

kselftest-baseline: kernel-initramfs
	$(KERNEL_SCRIPTS)/mktree
	$(KERNEL_SCRIPTS)/build --src $(KERNEL_BUILD)/base/linux --out $(KERNEL_BUILD)/base/kernel
	$(KERNEL_SCRIPTS)/qemu-run --baseline --out $(KERNEL_BUILD)/kselftest-base \
		--kernel $(KERNEL_BUILD)/base/kernel/arch/x86/boot/bzImage

kselftest-debug: kernel-initramfs
	$(KERNEL_SCRIPTS)/mktree
	$(KERNEL_SCRIPTS)/build --out $(KERNEL_BUILD)/kernel-debug \
		--config $(CURDIR)/kernel/configs/qemu.config \
		--config $(CURDIR)/kernel/configs/debug.config
	$(KERNEL_SCRIPTS)/qemu-run --out $(KERNEL_BUILD)/kselftest-debug --mem 1024 \
		--timeout 1500 --kernel $(KERNEL_BUILD)/kernel-debug/arch/x86/boot/bzImage

check-series:
	$(KERNEL_SCRIPTS)/mktree
	$(KERNEL_SCRIPTS)/check-series

bench-kernel:
	$(KERNEL_SCRIPTS)/bench

perf-nofeature: $(PERF)
	prove -v --exec '' tests/kernel/perf-nofeature.t

perf-kernel: $(PERF)
	prove -v --exec '' tests/kernel/perf-kernel.t

help-kernel:
	@echo "kernel              build/linux (base, strip, series) and its bzImage"
	@echo "kselftest           boot the series in QEMU and run the perf_events selftests (TAP)"
	@echo "kselftest-baseline  the same selftests on the stripped base: passes if they fail there"
	@echo "kselftest-debug     the selftests on a lockdep/KASAN/BTF kernel; fails on any report"
	@echo "check-series        each patch builds in turn and passes checkpatch.pl --strict"
	@echo "perf-nofeature      perf record -a on the stripped base kernel in QEMU: warns, records"
	@echo "perf-kernel         kernel and module symbols, annotate from kcore and -k vmlinux, in QEMU"
	@echo "bench-kernel        BPF load+unload rate in the guest: no listener, listener, base"
	@echo "clean-kernel        remove kernel build outputs (keeps build/linux and the ccache)"

clean-kernel:
	rm -rf $(KERNEL_BUILD)/kernel $(KERNEL_BUILD)/base/kernel $(KERNEL_BUILD)/kernel-debug \
		$(KERNEL_BUILD)/cs/kernel $(KERNEL_BUILD)/initramfs $(KERNEL_BUILD)/selftests \
		$(KERNEL_BUILD)/kselftest $(KERNEL_BUILD)/kselftest-base \
		$(KERNEL_BUILD)/kselftest-debug $(KERNEL_BUILD)/bench-kernel \
		$(KERNEL_BUILD)/perf-nofeature $(KERNEL_BUILD)/perf-kernel
