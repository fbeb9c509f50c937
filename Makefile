# SPDX-License-Identifier: GPL-2.0
#
# Top-level build of the project: our perf (tools/perf), its tests, the
# BPF workloads, benchmarks and the kernel series (kernel/kernel.mk).
# `make help` lists the targets.

CC		?= gcc
O		:= build
PREFIX		?= /usr/local
DESTDIR		?=
PKG_CONFIG	?= pkg-config

# pkg-config module -> Debian package that provides it
DEPS := libelf:libelf-dev libbpf:libbpf-dev zlib:zlib1g-dev \
	libtraceevent:libtraceevent-dev capstone:libcapstone-dev libzstd:libzstd-dev \
	ncursesw:libncurses-dev libdw:libdw-dev

define check_dep
$(if $(shell $(PKG_CONFIG) --exists $(firstword $(subst :, ,$(1))) && echo y),,\
  $(error missing $(firstword $(subst :, ,$(1))): run scripts/install-deps or apt-get install $(lastword $(subst :, ,$(1)))))
endef
ifeq ($(filter help clean install-deps clean-kernel help-kernel demo check,$(MAKECMDGOALS)),)
$(foreach d,$(DEPS),$(call check_dep,$(d)))
endif

PKGS		:= $(foreach d,$(DEPS),$(firstword $(subst :, ,$(d))))
DEP_CFLAGS	:= $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
# The libraries (all but libc) are linked statically into a position-
# dependent perf: the linker resolves their symbols and fills in the
# pointers of their tables (libcapstone.so alone has ~77000 relocations),
# so start-up maps and relocates next to nothing: perf --version takes
# 59 page faults instead of 133 (~20 us each on this VM).  The -dev
# packages install-deps names ship the archives.
SYS_LIBS	:= -pthread -lpthread -ldl -lm
STATIC_LIBS	:= $(filter-out $(SYS_LIBS),$(shell $(PKG_CONFIG) --static --libs $(PKGS) 2>/dev/null))
DEP_LIBS	:= -Wl,-Bstatic -Wl,--start-group $(STATIC_LIBS) -Wl,--end-group -Wl,-Bdynamic \
		   -lpthread -ldl -lm
LINK_FLAGS	:= -no-pie

WARN		:= -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow \
		   -Wmissing-prototypes -Wstrict-prototypes
BASE_CFLAGS	:= -std=gnu11 -g -D_GNU_SOURCE -MMD -MP $(WARN) \
		   -Itools/include/uapi -Itools/perf -Itools/lib -Itests/lib $(DEP_CFLAGS)
CFLAGS		?= -O2
SAN_FLAGS	:= -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
		   -fno-sanitize-recover=undefined

LIB_SRCS	:= $(sort $(wildcard tools/perf/util/*.c tools/perf/ui/*.c tools/lib/*.c))
CMD_SRCS	:= $(sort $(wildcard tools/perf/*.c))
UNIT_SRCS	:= $(sort $(wildcard tests/unit/*.c))

# Normal build
LIB_OBJS	:= $(LIB_SRCS:%.c=$(O)/obj/%.o)
CMD_OBJS	:= $(CMD_SRCS:%.c=$(O)/obj/%.o)
UNIT_BINS	:= $(UNIT_SRCS:tests/unit/%.c=$(O)/tests/unit/%)
LIBPERF		:= $(O)/libperf-util.a

# ASan + UBSan build of the same sources
ALIB_OBJS	:= $(LIB_SRCS:%.c=$(O)/asan/%.o)
ACMD_OBJS	:= $(CMD_SRCS:%.c=$(O)/asan/%.o)
AUNIT_BINS	:= $(UNIT_SRCS:tests/unit/%.c=$(O)/asan/tests/unit/%)
ALIBPERF	:= $(O)/asan/libperf-util.a
PERF_ASAN	:= $(O)/asan/perf

PERF		:= tools/perf/perf

# V=1 shows the full commands
ifeq ($(V),1)
Q :=
msg = @true
else
Q := @
msg = @printf '  %-7s %s\n' $(1) $(2)
endif

.PHONY: all perf perf-asan unit workloads check check-all check-unit check-integration \
	bench demo fuzz install install-deps clean help
.DEFAULT_GOAL := all
# keep the objects of the test binaries: they are intermediate files to make
.SECONDARY:

all: perf

perf: $(PERF)
perf-asan: $(PERF_ASAN)

$(O)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)
	$(Q)$(CC) $(BASE_CFLAGS) $(CFLAGS) -c $< -o $@

$(O)/asan/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC-ASAN,$<)
	$(Q)$(CC) $(BASE_CFLAGS) $(SAN_FLAGS) -c $< -o $@

# Makefile: an object whose source is gone must leave the archive too
$(LIBPERF): $(LIB_OBJS) Makefile
	@mkdir -p $(@D)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(ALIBPERF): $(ALIB_OBJS) Makefile
	@mkdir -p $(@D)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(PERF): $(CMD_OBJS) $(LIBPERF)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(CFLAGS) $(LINK_FLAGS) -o $@ $(CMD_OBJS) $(LIBPERF) $(DEP_LIBS)

$(PERF_ASAN): $(ACMD_OBJS) $(ALIBPERF)
	@mkdir -p $(@D)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(SAN_FLAGS) $(LINK_FLAGS) -o $@ $(ACMD_OBJS) $(ALIBPERF) $(DEP_LIBS)

$(O)/tests/unit/%: $(O)/obj/tests/unit/%.o $(LIBPERF)
	@mkdir -p $(@D)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(CFLAGS) $(LINK_FLAGS) -o $@ $< $(LIBPERF) $(DEP_LIBS)

$(O)/asan/tests/unit/%: $(O)/asan/tests/unit/%.o $(ALIBPERF)
	@mkdir -p $(@D)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(SAN_FLAGS) $(LINK_FLAGS) -o $@ $< $(ALIBPERF) $(DEP_LIBS)

unit: $(UNIT_BINS) $(AUNIT_BINS)

# The flame graph page's script and style sheet are built in with .incbin
FG_ASSETS	:= $(wildcard tools/perf/util/flamegraph/*)
$(O)/obj/tools/perf/util/flamegraph-assets.o $(O)/asan/tools/perf/util/flamegraph-assets.o \
	$(O)/fuzz/obj/tools/perf/util/flamegraph-assets.o: $(FG_ASSETS)

# The fuzz targets, tests/fuzz/<target>.c with tests/fuzz/fuzz.c: the
# reader (header, records, -D printer), report --stdio (-g, children,
# sort keys), script, and annotate of JITed BPF from the header.  In the
# ASan build each is a driver that make check runs once on every seed and
# regression input (fuzz-corpus.t; read-perf-data also damages a file
# itself: bad-input.t); `make fuzz` builds them with libFuzzer (clang
# builds its own copy of the library) and runs each of FUZZ for FUZZ_TIME
# seconds on the seeds, every regression and its corpus in $(O)/fuzz.
FUZZ_TARGETS	:= read-perf-data report script annotate-bpf
FUZZ		?= $(FUZZ_TARGETS)
FUZZ_TIME	?= 60
FUZZ_NICE	?= nice -n 19
FUZZ_DRIVERS	:= $(FUZZ_TARGETS:%=$(O)/asan/tests/fuzz/%)
FUZZ_READ	:= $(O)/asan/tests/fuzz/read-perf-data
FUZZ_BIN	:= $(FUZZ_TARGETS:%=$(O)/fuzz/%)
FUZZ_DEFS	:= -DFUZZ_KALLSYMS='"$(abspath tests/fuzz/kallsyms)"'
FUZZ_LIB_OBJS	:= $(LIB_SRCS:%.c=$(O)/fuzz/obj/%.o)
FUZZ_LIB	:= $(O)/fuzz/libperf-util.a
FUZZ_CFLAGS	:= -std=gnu11 -g -O1 -D_GNU_SOURCE -DFUZZING -MMD -MP -Itools/include/uapi \
		   -Itools/perf -Itools/lib -Itests/lib $(DEP_CFLAGS) $(FUZZ_DEFS) \
		   -fsanitize=address,undefined -fno-sanitize-recover=undefined

$(O)/asan/tests/fuzz/%.o: BASE_CFLAGS += $(FUZZ_DEFS)

$(FUZZ_DRIVERS): $(O)/asan/tests/fuzz/%: $(O)/asan/tests/fuzz/%.o $(O)/asan/tests/fuzz/fuzz.o \
		 $(ALIBPERF)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(SAN_FLAGS) $(LINK_FLAGS) -o $@ $< $(O)/asan/tests/fuzz/fuzz.o $(ALIBPERF) \
		$(DEP_LIBS)

$(O)/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC-FUZZ,$<)
	$(Q)clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_LIB): $(FUZZ_LIB_OBJS) Makefile
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $(filter %.o,$^)

$(FUZZ_BIN): $(O)/fuzz/%: $(O)/fuzz/obj/tests/fuzz/%.o $(O)/fuzz/obj/tests/fuzz/fuzz.o $(FUZZ_LIB)
	$(call msg,LINK,$@)
	$(Q)clang -fsanitize=fuzzer,address,undefined -o $@ $< $(O)/fuzz/obj/tests/fuzz/fuzz.o \
		$(FUZZ_LIB) $(DEP_LIBS)

fuzz: $(FUZZ:%=$(O)/fuzz/%)
	@for t in $(FUZZ); do \
		mkdir -p $(O)/fuzz/corpus/$$t; \
		echo "fuzz: $$t for $(FUZZ_TIME) s"; \
		$(FUZZ_NICE) $(O)/fuzz/$$t -max_total_time=$(FUZZ_TIME) -timeout=10 \
			-artifact_prefix=$(O)/fuzz/$$t- $(O)/fuzz/corpus/$$t tests/fuzz/seeds \
			tests/fuzz/regress || exit 1; \
	done

workloads:
	$(MAKE) -C tests/workloads O=$(abspath $(O)/workloads)

# Test tools (not installed): perf-data-swap writes the other-endian copy;
# bpf-ids-gone waits until the kernel has freed programs a workload closed
TEST_TOOLS	:= $(O)/tests/tools/perf-data-swap $(O)/tests/tools/bpf-ids-gone

$(O)/tests/tools/%: tests/tools/%.c
	@mkdir -p $(@D)
	$(call msg,CC,$<)
	$(Q)$(CC) $(BASE_CFLAGS) $(CFLAGS) -o $@ $<

INTEGRATION_TESTS := $(sort $(wildcard tests/integration/*.t))
KERNEL_TESTS	:= $(sort $(wildcard tests/kernel/*.t))
TEST_ENV	:= PERF=$(abspath $(PERF)) PERF_ASAN=$(abspath $(PERF_ASAN)) \
		   WORKLOADS=$(abspath $(O)/workloads) TOPDIR=$(CURDIR) \
		   FUZZ_READ=$(abspath $(FUZZ_READ)) FUZZ_DIR=$(abspath $(O)/asan/tests/fuzz) \
		   PERF_DATA_SWAP=$(abspath $(O)/tests/tools/perf-data-swap) \
		   BPF_IDS_GONE=$(abspath $(O)/tests/tools/bpf-ids-gone) \
		   ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
		   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# Every test prints TAP; prove runs them all and ends with its summary.
# On a fresh machine `make check` first installs what is missing (as
# root; otherwise install-deps names the packages), then builds and runs
# everything in a make that sees the installed libraries.
check:
	@scripts/install-deps
	@$(MAKE) --no-print-directory check-all

check-all: $(PERF) $(PERF_ASAN) unit workloads $(FUZZ_DRIVERS) $(TEST_TOOLS)
	$(TEST_ENV) prove --failures --exec '' $(addprefix ./,$(UNIT_BINS) $(AUNIT_BINS)) \
		$(addprefix ./,$(INTEGRATION_TESTS) $(KERNEL_TESTS))

check-unit: unit
	$(TEST_ENV) prove --exec '' $(addprefix ./,$(UNIT_BINS) $(AUNIT_BINS))

check-integration: $(PERF) $(PERF_ASAN) workloads $(FUZZ_DRIVERS) $(TEST_TOOLS)
	$(TEST_ENV) prove -v --exec '' $(addprefix ./,$(INTEGRATION_TESTS))

bench: $(PERF) workloads
	@for b in bench/*.sh; do [ -x "$$b" ] && $(TEST_ENV) "$$b"; done; true

# The main job in one command on a fresh machine (as root): dependencies,
# build, a system-wide -g recording of the BPF workload (named programs,
# subprograms, BTF, run hot, then unloaded), and the report whose top rows
# are those programs by name.  DEMO_SECONDS sets how long they run.
DEMO_DIR	:= $(O)/demo
DEMO_SECONDS	?= 3

demo:
	@[ "$$(id -u)" -eq 0 ] || { echo "make demo: run as root (system-wide recording, BPF)" >&2; exit 1; }
	@scripts/install-deps
	@$(MAKE) --no-print-directory perf workloads
	@mkdir -p $(DEMO_DIR)
	@echo "demo: perf record -a -g -- bpfload --hot $(DEMO_SECONDS) (4 programs, 9 functions)"
	@$(PERF) record -q -a -g -o $(DEMO_DIR)/perf.data -- \
		$(O)/workloads/bpfload -n 1 --hot $(DEMO_SECONDS) >$(DEMO_DIR)/bpfload.out
	@echo "demo: perf report --stdio --no-children -g none (--comms bpfload: the programs are unloaded by now)"
	@$(PERF) report --stdio --no-children -g none --comms bpfload --percent-limit 0.5 \
		-i $(DEMO_DIR)/perf.data

install: $(PERF)
	install -D -m 0755 $(PERF) $(DESTDIR)$(PREFIX)/bin/perf

install-deps:
	scripts/install-deps

clean: clean-kernel
	rm -rf $(O)/obj $(O)/asan $(O)/tests $(O)/workloads $(LIBPERF) $(PERF)

help: help-kernel
	@echo "all            build tools/perf/perf (default)"
	@echo "check          install what is missing, build, run every test with prove (unit, ASan unit, integration, kernel)"
	@echo "check-all      the same without installing"
	@echo "check-unit     unit tests only (normal and ASan+UBSan builds)"
	@echo "check-integration  integration tests on the live kernel"
	@echo "workloads      build the BPF test workloads into $(O)/workloads"
	@echo "fuzz           libFuzzer: each target of FUZZ ($(FUZZ_TARGETS))"
	@echo "               for FUZZ_TIME seconds ($(FUZZ_TIME)) on tests/fuzz/seeds, regress and $(O)/fuzz/corpus"
	@echo "bench          run the benchmarks under bench/ (ratios against /usr/bin/perf)"
	@echo "demo           as root: deps, build, record -a -g a BPF workload, report it by name"
	@echo "install        install perf into \$$DESTDIR\$$PREFIX/bin (PREFIX=$(PREFIX))"
	@echo "install-deps   apt-get every build and test dependency"
	@echo "clean          remove build outputs"

-include kernel/kernel.mk
ifeq ($(wildcard kernel/kernel.mk),)
clean-kernel help-kernel:
	@true
endif

-include $(LIB_OBJS:.o=.d) $(CMD_OBJS:.o=.d) $(ALIB_OBJS:.o=.d) $(ACMD_OBJS:.o=.d) \
	 $(UNIT_BINS:$(O)/tests/unit/%=$(O)/obj/tests/unit/%.d) \
	 $(AUNIT_BINS:%=%.d) $(FUZZ_DRIVERS:%=%.d) $(O)/asan/tests/fuzz/fuzz.d \
	 $(FUZZ_LIB_OBJS:.o=.d) $(FUZZ_BIN:$(O)/fuzz/%=$(O)/fuzz/obj/tests/fuzz/%.d) \
	 $(O)/fuzz/obj/tests/fuzz/fuzz.d
