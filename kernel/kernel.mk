# Kernel half: the series against Debian's linux-source-6.1, built and
# tested in QEMU.  Included by the top-level Makefile; every path is
# relative to $(CURDIR), the repository root.  See kernel/README.

KERNEL_SCRIPTS	:= $(CURDIR)/scripts/kernel
KERNEL_BUILD	:= $(CURDIR)/build
KERNEL_IMAGE	:= $(KERNEL_BUILD)/kernel/arch/x86/boot/bzImage
KERNEL_INITRD	:= $(KERNEL_BUILD)/initramfs/initramfs.cpio.gz

.PHONY: kernel kselftest kselftest-baseline kselftest-debug check-series \
	bench-kernel help-kernel clean-kernel kernel-initramfs perf-nofeature \
	perf-kernel kselftest-stock stress-compare

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

# the debug run adds the random-attr stress case, for KSTRESS_SECONDS
KSTRESS_SECONDS	?= 150

kselftest-debug:
	$(KERNEL_SCRIPTS)/mktree
	$(KERNEL_SCRIPTS)/build --out $(KERNEL_BUILD)/kernel-debug \
		--config $(CURDIR)/kernel/configs/qemu.config \
		--config $(CURDIR)/kernel/configs/debug.config
	$(KERNEL_SCRIPTS)/initramfs --out $(KERNEL_BUILD)/initramfs/debug.cpio.gz \
		--tests "bpf_ksymbol ksymbol_ool ksymbol_stress ksymbol_attr_stress"
	$(KERNEL_SCRIPTS)/qemu-run --out $(KERNEL_BUILD)/kselftest-debug --mem 1024 \
		--timeout 1500 --kernel $(KERNEL_BUILD)/kernel-debug/arch/x86/boot/bzImage \
		--initrd $(KERNEL_BUILD)/initramfs/debug.cpio.gz \
		--append ksym_stress_seconds=$(KSTRESS_SECONDS)

kselftest-stock:
	prove -v --exec '' tests/kernel/kselftest-stock.t

check-series:
	$(KERNEL_SCRIPTS)/mktree
	$(KERNEL_SCRIPTS)/check-series

bench-kernel:
	$(KERNEL_SCRIPTS)/bench

# ksymbol_attr_stress on stock's debug kernel and the series', in turn
stress-compare:
	$(KERNEL_SCRIPTS)/stress-compare $(STRESS_ROUNDS)

perf-nofeature: $(PERF)
	prove -v --exec '' tests/kernel/perf-nofeature.t

perf-kernel: $(PERF)
	prove -v --exec '' tests/kernel/perf-kernel.t

help-kernel:
	@echo "kernel              build/linux (base, strip, series) and its bzImage"
	@echo "kselftest           boot the series in QEMU and run the perf_events selftests (TAP)"
	@echo "kselftest-baseline  the same selftests on the stripped base: passes if they fail there"
	@echo "kselftest-stock     the selftests on stock 6.1 (upstream listener bug: fails) and + upstream-fixes"
	@echo "kselftest-debug     the selftests on a lockdep/KASAN/BTF kernel; fails on any report"
	@echo "stress-compare      the stress case on stock 6.1's and the series' debug kernels, in turn"
	@echo "check-series        each patch builds in turn and passes checkpatch.pl --strict"
	@echo "perf-nofeature      perf record -a on the stripped base kernel in QEMU: warns, records"
	@echo "perf-kernel         kernel and module symbols, annotate from kcore and -k vmlinux, in QEMU"
	@echo "bench-kernel        BPF load+unload rate: series, stock 6.1, base; 0, 1, 4 listeners per CPU (counted time)"
	@echo "clean-kernel        remove kernel build outputs (keeps build/linux and the ccache)"

clean-kernel:
	rm -rf $(KERNEL_BUILD)/kernel $(KERNEL_BUILD)/base/kernel $(KERNEL_BUILD)/kernel-debug \
		$(KERNEL_BUILD)/cs/kernel $(KERNEL_BUILD)/initramfs $(KERNEL_BUILD)/selftests \
		$(KERNEL_BUILD)/kselftest $(KERNEL_BUILD)/kselftest-base \
		$(KERNEL_BUILD)/kselftest-debug $(KERNEL_BUILD)/bench-kernel \
		$(KERNEL_BUILD)/perf-nofeature $(KERNEL_BUILD)/perf-kernel \
		$(KERNEL_BUILD)/stock/kernel $(KERNEL_BUILD)/stock-fix/kernel \
		$(KERNEL_BUILD)/kselftest-stock $(KERNEL_BUILD)/stress-compare \
		$(KERNEL_BUILD)/stock/kernel-debug
