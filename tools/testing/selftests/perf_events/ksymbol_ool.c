// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_KSYMBOL for code that is not a BPF program: kprobe
 * instruction slots (single-step copies and optimized probes), ftrace
 * trampolines, allocated and freed (PERF_RECORD_KSYMBOL_TYPE_OOL), and
 * BPF trampolines (PERF_RECORD_KSYMBOL_TYPE_BPF).
 *
 * Kprobes are created through the perf "kprobe" PMU.  Each kind of page
 * is allocated once per boot, so a test whose symbol is already in
 * /proc/kallsyms skips; run this before anything else uses kprobes.
 * The ftrace and fentry cases need a kernel with the function tracer
 * and BTF (the debug config); elsewhere they skip.
 */
#include "ksym_util.h"
#include <sys/stat.h>

#define MAX_RECS	64

static const char *const probe_targets[] = {
	"do_nanosleep", "ksys_read", "do_sys_openat2", "vfs_read", "do_exit",
	"__x64_sys_getppid",
};

/*
 * One listener per CPU: some of this code runs from kworkers.  Every
 * KSYMBOL they receive is kept, so several lookups can search them.
 */
struct listeners {
	struct sb_event ev[16];
	int n;
	char recs[128][512];
	int nrecs;
};

static int listeners_open(struct listeners *l, int want)
{
	l->nrecs = 0;
	l->n = online_cpus() < 16 ? online_cpus() : 16;
	for (int i = 0; i < l->n; i++) {
		if (sb_open(&l->ev[i], -1, i, want)) {
			int err = errno;

			while (--i >= 0)
				sb_close(&l->ev[i]);
			errno = err;
			return -1;
		}
	}
	return 0;
}

static void listeners_close(struct listeners *l)
{
	for (int i = 0; i < l->n; i++)
		sb_close(&l->ev[i]);
}

static void listeners_drain(struct listeners *l)
{
	struct perf_event_header *h;

	for (int i = 0; i < l->n; i++) {
		while ((h = sb_next(&l->ev[i]))) {
			const struct ksym_rec *k = (const void *)h;

			if (h->type != PERF_RECORD_KSYMBOL)
				continue;
			diag("  cpu %d: KSYMBOL addr %#llx len %u type %u flags %#x %s", i,
			     (unsigned long long)k->addr, k->len, k->ksym_type, k->flags,
			     k->name);
			if (l->nrecs < (int)ARRAY_SIZE(l->recs) && h->size <= sizeof(l->recs[0]))
				memcpy(l->recs[l->nrecs++], h, h->size);
		}
	}
}

/*
 * Find a KSYMBOL named name (or starting with it) with the given flags;
 * check its framing, type, length and kallsyms entry.  Returns
 * TEST_PASS when found, TEST_SKIP when not (the caller decides),
 * TEST_FAIL on a bad record.
 */
static int find_ksym(struct listeners *l, const char *name, bool prefix, __u16 type,
		     __u16 flags, __u32 want_len, char *found_name, size_t fsz)
{
	listeners_drain(l);
	for (int i = 0; i < l->nrecs; i++) {
		const struct ksym_rec *k = (const void *)l->recs[i];

		if (prefix ? strncmp(k->name, name, strlen(name)) : strcmp(k->name, name))
			continue;
		if (k->flags != flags)
			continue;
		if (ksym_rec_check(k) != TEST_PASS)
			return TEST_FAIL;
		if (k->ksym_type != type)
			return fail("%s: ksym_type %u, want %u", k->name, k->ksym_type, type);
		if (want_len && k->len != want_len)
			return fail("%s: len %u, want %u", k->name, k->len, want_len);
		if (!k->addr || !k->len)
			return fail("%s: empty range", k->name);
		if (!flags) {
			__u64 addr;
			int r = kallsyms_find(k->name, NULL, &addr, NULL, 0);

			if (r != 1)
				return fail("%s not in /proc/kallsyms", k->name);
			if (addr != k->addr)
				return fail("%s at %#llx in kallsyms, %#llx in the record",
					    k->name, (unsigned long long)addr,
					    (unsigned long long)k->addr);
		}
		if (found_name)
			snprintf(found_name, fsz, "%s", k->name);
		return TEST_PASS;
	}
	return TEST_SKIP;
}

/*
 * Register kprobes until both instruction slot pages have been
 * allocated: a plain probe takes a single-step slot (kprobe_insn_page),
 * an optimizable one also an optimized slot (kprobe_optinsn_page).
 */
static int kprobe_pages_result[2] = { -1, -1 };

static void kprobe_pages(void)
{
	const char *names[2] = { "kprobe_insn_page", "kprobe_optinsn_page" };
	long page = sysconf(_SC_PAGESIZE);
	int type = kprobe_pmu_type(), fds[ARRAY_SIZE(probe_targets) * 2], nfd = 0, i;
	static struct listeners l;
	bool existed[2];

	if (kprobe_pages_result[0] != -1)
		return;
	for (i = 0; i < 2; i++) {
		existed[i] = kallsyms_find(names[i], NULL, NULL, NULL, 0) == 1;
		kprobe_pages_result[i] = TEST_SKIP;
	}
	if (type < 0) {
		diag("no kprobe PMU (CONFIG_KPROBE_EVENTS)");
		return;
	}
	if (listeners_open(&l, WANT_KSYMBOL)) {
		kprobe_pages_result[0] = kprobe_pages_result[1] =
			fail("perf_event_open(ksymbol): %s", strerror(errno));
		return;
	}
	for (size_t t = 0; t < ARRAY_SIZE(probe_targets); t++) {
		/* skip the fentry call when ftrace owns the entry */
		__u64 off = traced(probe_targets[t]) ? 5 : 0;
		int fd = kprobe_open(type, probe_targets[t], off);

		if (fd < 0) {
			diag("kprobe %s+%llu: %s", probe_targets[t], (unsigned long long)off,
			     strerror(errno));
			continue;
		}
		fds[nfd++] = fd;
		if (kallsyms_find(names[1], NULL, NULL, NULL, 0) == 1)
			break;
	}
	for (i = 0; i < 2; i++) {
		if (existed[i]) {
			diag("%s existed before the test", names[i]);
			continue;
		}
		kprobe_pages_result[i] = find_ksym(&l, names[i], false,
						   PERF_RECORD_KSYMBOL_TYPE_OOL, 0, page, NULL, 0);
		if (kprobe_pages_result[i] == TEST_SKIP &&
		    kallsyms_find(names[i], NULL, NULL, NULL, 0) == 1)
			kprobe_pages_result[i] = fail("%s appeared in kallsyms, no KSYMBOL",
						      names[i]);
		else if (kprobe_pages_result[i] == TEST_SKIP)
			diag("no %s was allocated", names[i]);
	}
	for (i = 0; i < nfd; i++)
		close(fds[i]);
	listeners_close(&l);
}

static int test_kprobe_insn(void)
{
	kprobe_pages();
	return kprobe_pages_result[0];
}

static int test_kprobe_optinsn(void)
{
	kprobe_pages();
	return kprobe_pages_result[1];
}

/*
 * A kprobe on a function entry that ftrace owns goes through the kprobe
 * ftrace_ops, whose first registration allocates an ftrace trampoline.
 */
static int test_ftrace_trampoline(void)
{
	int type = kprobe_pmu_type(), fd = -1, res;
	static struct listeners l;
	size_t t;

	if (access("/sys/kernel/tracing/available_filter_functions", R_OK)) {
		diag("no function tracer in this kernel");
		return TEST_SKIP;
	}
	if (type < 0)
		return TEST_SKIP;
	if (kallsyms_find("ftrace_trampoline", NULL, NULL, NULL, 0) == 1) {
		diag("an ftrace trampoline existed before the test");
		return TEST_SKIP;
	}
	if (listeners_open(&l, WANT_KSYMBOL))
		return fail("perf_event_open(ksymbol): %s", strerror(errno));
	for (t = 0; t < ARRAY_SIZE(probe_targets) && fd < 0; t++)
		if (traced(probe_targets[t]))
			fd = kprobe_open(type, probe_targets[t], 0);
	if (fd < 0) {
		listeners_close(&l);
		return fail("no ftrace-based kprobe could be created");
	}
	/* the trampoline is installed when the probe is armed */
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	usleep(100000);
	res = find_ksym(&l, "ftrace_trampoline", false, PERF_RECORD_KSYMBOL_TYPE_OOL, 0, 0,
			NULL, 0);
	if (res == TEST_SKIP)
		res = kallsyms_find("ftrace_trampoline", NULL, NULL, NULL, 0) == 1 ?
			fail("ftrace_trampoline in kallsyms, no KSYMBOL") : TEST_SKIP;
	close(fd);
	listeners_close(&l);
	return res;
}

/* The address of the first KSYMBOL named name with the given flags. */
static __u64 ksym_addr(struct listeners *l, const char *name, __u16 flags, __u64 addr)
{
	listeners_drain(l);
	for (int i = 0; i < l->nrecs; i++) {
		const struct ksym_rec *k = (const void *)l->recs[i];

		if (!strcmp(k->name, name) && k->flags == flags && (!addr || k->addr == addr))
			return k->addr;
	}
	return 0;
}

#define TRACING		"/sys/kernel/tracing"
#define INSTANCE	TRACING "/instances/ksymbol_ool"

/*
 * The function tracer of a tracing instance has an ftrace_ops of its
 * own, allocated, so its trampoline is freed when the tracer stops:
 * KSYMBOL on start, the same address with UNREGISTER on stop.
 */
static int test_ftrace_trampoline_free(void)
{
	static struct listeners l;
	const char *func = NULL;
	__u64 addr = 0;
	int res, i;

	if (access(TRACING "/instances", W_OK)) {
		diag("no tracing instances in this kernel");
		return TEST_SKIP;
	}
	for (size_t t = 0; t < ARRAY_SIZE(probe_targets) && !func; t++)
		if (traced(probe_targets[t]))
			func = probe_targets[t];
	if (!func)
		return TEST_SKIP;
	rmdir(INSTANCE);
	if (mkdir(INSTANCE, 0755))
		return fail("mkdir %s: %s", INSTANCE, strerror(errno));
	if (listeners_open(&l, WANT_KSYMBOL)) {
		res = fail("perf_event_open(ksymbol): %s", strerror(errno));
		goto out_rmdir;
	}
	if (write_str(INSTANCE "/set_ftrace_filter", func) ||
	    write_str(INSTANCE "/current_tracer", "function")) {
		res = fail("function tracer on %s in an instance: %s", func, strerror(errno));
		goto out;
	}
	res = find_ksym(&l, "ftrace_trampoline", false, PERF_RECORD_KSYMBOL_TYPE_OOL, 0, 0,
			NULL, 0);
	addr = ksym_addr(&l, "ftrace_trampoline", 0, 0);
	if (res == TEST_SKIP || !addr) {
		res = fail("no ftrace_trampoline KSYMBOL when the function tracer started");
		goto out;
	}
	if (res != TEST_PASS)
		goto out;
	if (write_str(INSTANCE "/current_tracer", "nop")) {
		res = fail("stopping the function tracer: %s", strerror(errno));
		goto out;
	}
	/* freed after RCU-tasks grace periods: seconds in a slow guest */
	for (i = 0; i < 600 && !ksym_addr(&l, "ftrace_trampoline",
					  PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER, addr); i++)
		usleep(50000);
	res = find_ksym(&l, "ftrace_trampoline", false, PERF_RECORD_KSYMBOL_TYPE_OOL,
			PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER, 0, NULL, 0);
	if (res == TEST_SKIP || !ksym_addr(&l, "ftrace_trampoline",
					   PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER, addr))
		res = fail("no UNREGISTER KSYMBOL for the trampoline at %#llx within 30 s",
			   (unsigned long long)addr);
out:
	write_str(INSTANCE "/current_tracer", "nop");
	listeners_close(&l);
out_rmdir:
	rmdir(INSTANCE);
	return res;
}

/* --------------------------------------------------- BPF trampoline */

static int test_bpf_trampoline(void)
{
	char name[128], want[64];
	union bpf_attr attr;
	static struct listeners l;
	int fd, link, res, i;
	__u32 btf_id;

	btf_id = vmlinux_btf_func("bpf_fentry_test1");
	if (!btf_id) {
		diag("no vmlinux BTF (CONFIG_DEBUG_INFO_BTF) or no bpf_fentry_test1");
		return TEST_SKIP;
	}
	fd = fentry_prog_load(btf_id, "ksym_fentry");
	if (fd < 0)
		return fail("BPF_PROG_LOAD(fentry bpf_fentry_test1): %s", strerror(errno));
	if (listeners_open(&l, WANT_KSYMBOL)) {
		close(fd);
		return fail("perf_event_open(ksymbol): %s", strerror(errno));
	}
	memset(&attr, 0, sizeof(attr));
	attr.raw_tracepoint.prog_fd = fd;
	link = sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &attr);
	if (link < 0) {
		res = fail("attach fentry: %s", strerror(errno));
		goto out;
	}
	/*
	 * The key of a trampoline on a kernel function (6.1): the BTF
	 * object id (vmlinux is 1) << 32, bit 31 set, the function's BTF id.
	 */
	snprintf(want, sizeof(want), "bpf_trampoline_%llu",
		 (1ull << 32) | 0x80000000ull | btf_id);
	res = find_ksym(&l, "bpf_trampoline_", true, PERF_RECORD_KSYMBOL_TYPE_BPF, 0,
			sysconf(_SC_PAGESIZE), name, sizeof(name));
	if (res == TEST_SKIP) {
		res = fail("no bpf_trampoline_* KSYMBOL on attach");
		goto out_link;
	}
	if (res != TEST_PASS)
		goto out_link;
	if (strcmp(name, want)) {
		res = fail("trampoline KSYMBOL %s, want %s", name, want);
		goto out_link;
	}
	close(link);
	link = -1;
	/*
	 * The image is freed after an RCU-tasks grace period, which takes
	 * seconds in a slow (TCG, KASAN) guest.
	 */
	res = TEST_SKIP;
	for (i = 0; i < 600 && res == TEST_SKIP; i++) {
		usleep(50000);
		res = find_ksym(&l, name, false, PERF_RECORD_KSYMBOL_TYPE_BPF,
				PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER, sysconf(_SC_PAGESIZE),
				NULL, 0);
	}
	if (res == TEST_SKIP)
		res = fail("no UNREGISTER KSYMBOL for %s within 30 s of detach", name);
out_link:
	if (link >= 0)
		close(link);
out:
	listeners_close(&l);
	close(fd);
	return res;
}

static const struct {
	int (*fn)(void);
	const char *name;
} tests[] = {
	{ test_kprobe_insn, "kprobe: kprobe_insn_page OOL KSYMBOL" },
	{ test_kprobe_optinsn, "optprobe: kprobe_optinsn_page OOL KSYMBOL" },
	{ test_ftrace_trampoline, "ftrace: ftrace_trampoline OOL KSYMBOL" },
	{ test_ftrace_trampoline_free,
	  "ftrace: a tracer's trampoline, OOL KSYMBOL on start, UNREGISTER on stop" },
	{ test_bpf_trampoline, "fentry: bpf_trampoline_<key> KSYMBOL on attach and detach" },
};

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_plan(ARRAY_SIZE(tests));
	for (size_t i = 0; i < ARRAY_SIZE(tests); i++) {
		int r = tests[i].fn();

		tap_result(r, tests[i].name, r == TEST_SKIP ? "not available here" : NULL);
	}
	return tap_exit();
}
