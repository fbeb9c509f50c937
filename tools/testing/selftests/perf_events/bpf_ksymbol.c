// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_KSYMBOL and PERF_RECORD_BPF_EVENT for BPF programs.
 *
 * Loads real BPF programs through bpf(2) with side-band perf events
 * open and checks what the events receive: every field of both records
 * against bpf_prog_info and /proc/kallsyms, the order on load and
 * unload, the sample_id trailer, the naming of main programs and
 * subprograms with and without BTF, and who gets the records (per-task
 * and CPU-wide events, events without the attr bits).
 *
 * On a kernel without the feature the attr bits are reserved and
 * perf_event_open() fails with EINVAL, so every test fails.
 */
#include "ksym_util.h"
#include <pthread.h>

#define MAX_RECS	64

struct rec {
	struct perf_event_header *h;
	struct sample_id sid;
	char buf[512];
};

/* Drain e; keep KSYMBOL and BPF_EVENT records, count the rest. */
static int collect(struct sb_event *e, struct rec *recs, int max, int *others)
{
	struct perf_event_header *h;
	int n = 0;

	if (others)
		*others = 0;
	while ((h = sb_next(e))) {
		if (h->type != PERF_RECORD_KSYMBOL && h->type != PERF_RECORD_BPF_EVENT) {
			if (others)
				(*others)++;
			continue;
		}
		if (n == max || h->size > sizeof(recs[n].buf)) {
			diag("too many or too big records (%d, %u bytes)", n, h->size);
			return -1;
		}
		memcpy(recs[n].buf, h, h->size);
		recs[n].h = (struct perf_event_header *)recs[n].buf;
		sb_sample_id(recs[n].h, &recs[n].sid);
		n++;
	}
	return n;
}

static const char *rec_str(const struct rec *r)
{
	static char s[256];

	if (r->h->type == PERF_RECORD_KSYMBOL) {
		const struct ksym_rec *k = (const void *)r->h;

		snprintf(s, sizeof(s), "KSYMBOL addr %#llx len %u type %u flags %#x name %s",
			 (unsigned long long)k->addr, k->len, k->ksym_type, k->flags, k->name);
	} else {
		const struct bpf_rec *b = (const void *)r->h;

		snprintf(s, sizeof(s), "BPF_EVENT type %u flags %u id %u",
			 b->type, b->flags, b->id);
	}
	return s;
}

static void dump(const struct rec *recs, int n)
{
	for (int i = 0; i < n; i++)
		diag("  record %d: %s", i, rec_str(&recs[i]));
}

/*
 * Expect recs[0..nfuncs-1] to be the KSYMBOLs of d's functions in
 * function order (with the UNREGISTER flag when unload), followed by the
 * BPF_EVENT of the given type.
 */
static int check_sequence(const struct rec *recs, int n, const struct prog_desc *d,
			  bool unload)
{
	const struct bpf_rec *b;
	int i;

	if (n != d->nfuncs + 1) {
		dump(recs, n);
		return fail("%s: %d records, expected %d KSYMBOL + 1 BPF_EVENT",
			    unload ? "unload" : "load", n, d->nfuncs);
	}
	for (i = 0; i < d->nfuncs; i++) {
		const struct ksym_rec *k = (const void *)recs[i].h;
		__u16 want_flags = unload ? PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER : 0;

		if (k->header.type != PERF_RECORD_KSYMBOL) {
			dump(recs, n);
			return fail("record %d is not a KSYMBOL", i);
		}
		if (ksym_rec_check(k) != TEST_PASS)
			return TEST_FAIL;
		CHECK(k->header.misc == 0, "KSYMBOL misc %#x", k->header.misc);
		CHECK(k->ksym_type == PERF_RECORD_KSYMBOL_TYPE_BPF, "ksym_type %u", k->ksym_type);
		CHECK(k->flags == want_flags, "KSYMBOL %d flags %#x, want %#x", i, k->flags,
		      want_flags);
		CHECK(k->addr == d->ksyms[i], "KSYMBOL %d addr %#llx, jited_ksyms %#llx", i,
		      (unsigned long long)k->addr, (unsigned long long)d->ksyms[i]);
		CHECK(k->len == d->lens[i], "KSYMBOL %d len %u, jited_func_lens %u", i, k->len,
		      d->lens[i]);
		CHECK(!strcmp(k->name, d->names[i]), "KSYMBOL %d name %s, want %s", i, k->name,
		      d->names[i]);
	}
	b = (const void *)recs[d->nfuncs].h;
	CHECK(b->header.type == PERF_RECORD_BPF_EVENT, "last record is not a BPF_EVENT");
	CHECK(b->header.size == sizeof(*b) + sizeof(struct sample_id),
	      "BPF_EVENT size %u", b->header.size);
	CHECK(b->type == (unload ? PERF_BPF_EVENT_PROG_UNLOAD : PERF_BPF_EVENT_PROG_LOAD),
	      "BPF_EVENT type %u", b->type);
	CHECK(b->flags == 0, "BPF_EVENT flags %u", b->flags);
	CHECK(b->id == d->info.id, "BPF_EVENT id %u, prog id %u", b->id, d->info.id);
	CHECK(!memcmp(b->tag, d->info.tag, BPF_TAG_SIZE), "BPF_EVENT tag differs from prog tag");
	return TEST_PASS;
}

static int check_trailers(const struct rec *recs, int n, const struct sb_event *e,
			  int cpu, __u64 t0, __u64 t1)
{
	__u64 last = t0;
	int i;

	for (i = 0; i < n; i++) {
		const struct sample_id *s = &recs[i].sid;

		CHECK(s->pid == (__u32)getpid() && s->tid == (__u32)gettid(),
		      "record %d pid/tid %u/%u, want %d/%d", i, s->pid, s->tid, getpid(),
		      gettid());
		CHECK(s->cpu == (__u32)cpu, "record %d cpu %u, want %d", i, s->cpu, cpu);
		CHECK(s->res == 0, "record %d cpu res %u", i, s->res);
		CHECK(s->id == e->id, "record %d id %llu, event id %llu", i,
		      (unsigned long long)s->id, (unsigned long long)e->id);
		CHECK(s->time >= last && s->time <= t1,
		      "record %d time %llu outside [%llu, %llu]", i,
		      (unsigned long long)s->time, (unsigned long long)last,
		      (unsigned long long)t1);
		last = s->time;
	}
	return TEST_PASS;
}

static int check_kallsyms(const struct prog_desc *d, bool present)
{
	char mod[128];
	__u64 addr;
	int i, r;

	for (i = 0; i < d->nfuncs; i++) {
		r = kallsyms_find(d->names[i], NULL, &addr, mod, sizeof(mod));
		CHECK(r >= 0, "/proc/kallsyms: %s", strerror(errno));
		if (!present) {
			CHECK(r == 0, "%s still in /proc/kallsyms after unload", d->names[i]);
			continue;
		}
		CHECK(r == 1, "%s not in /proc/kallsyms", d->names[i]);
		CHECK(addr == d->ksyms[i], "%s at %#llx in kallsyms, %#llx in jited_ksyms",
		      d->names[i], (unsigned long long)addr, (unsigned long long)d->ksyms[i]);
		CHECK(!strcmp(mod, "bpf"), "%s has module [%s], want [bpf]", d->names[i], mod);
	}
	return TEST_PASS;
}

/* ------------------------------------------------------ lifecycle */

enum {
	ASPECT_LOAD = 1,	/* LOAD sequence and fields */
	ASPECT_ID = 2,		/* GET_FD_BY_ID at LOAD, gone after UNLOAD */
	ASPECT_KALLSYMS = 4,	/* [bpf] symbols while loaded, gone after */
	ASPECT_UNLOAD = 8,	/* UNLOAD sequence and fields */
	ASPECT_TRAILER = 16,	/* sample_id of every record */
	ASPECT_ALL = 31,
};

/*
 * Load a program with a per-task listener on this task, check what the
 * aspects ask for, unload it and check again.
 */
static int lifecycle(int nfuncs, const char *name, bool btf, int aspects)
{
	struct rec recs[MAX_RECS];
	struct prog_desc d, d2;
	struct sb_event e;
	int fd, fd2, n, cpu, res = TEST_PASS;
	__u64 t0, t1;

	cpu = sched_getcpu();
	if (pin_to_cpu(cpu))
		return fail("sched_setaffinity: %s", strerror(errno));
	if (sb_open(&e, 0, -1, WANT_KSYMBOL | WANT_BPF_EVENT))
		return fail("perf_event_open(ksymbol, bpf_event): %s", strerror(errno));

	t0 = now_ns();
	fd = prog_load(nfuncs, name, btf);
	t1 = now_ns();
	if (fd < 0) {
		res = fail("BPF_PROG_LOAD: %s", strerror(errno));
		goto out;
	}
	if (prog_describe(fd, &d, btf)) {
		res = fail("cannot describe the program");
		goto out_prog;
	}
	if (d.nfuncs != nfuncs) {
		res = fail("program has %d functions, built %d", d.nfuncs, nfuncs);
		goto out_prog;
	}
	n = collect(&e, recs, MAX_RECS, NULL);
	if (aspects & (ASPECT_LOAD | ASPECT_ID | ASPECT_TRAILER)) {
		res = check_sequence(recs, n, &d, false);
		if (res != TEST_PASS)
			goto out_prog;
	}
	if ((aspects & ASPECT_TRAILER) &&
	    (res = check_trailers(recs, n, &e, cpu, t0, t1)) != TEST_PASS)
		goto out_prog;
	if (aspects & ASPECT_ID) {
		const struct bpf_rec *b = (const void *)recs[n - 1].h;

		fd2 = prog_fd_by_id(b->id);
		if (fd2 < 0) {
			res = fail("GET_FD_BY_ID(%u) at LOAD: %s", b->id, strerror(errno));
			goto out_prog;
		}
		if (prog_describe(fd2, &d2, btf) ||
		    memcmp(d2.info.tag, b->tag, BPF_TAG_SIZE) || d2.info.id != b->id)
			res = fail("GET_FD_BY_ID(%u) gave another program", b->id);
		close(fd2);
		if (res != TEST_PASS)
			goto out_prog;
	}
	if ((aspects & ASPECT_KALLSYMS) && (res = check_kallsyms(&d, true)) != TEST_PASS)
		goto out_prog;

	t0 = now_ns();
	close(fd);
	t1 = now_ns();
	fd = -1;
	n = collect(&e, recs, MAX_RECS, NULL);
	if (aspects & (ASPECT_UNLOAD | ASPECT_ID | ASPECT_TRAILER)) {
		res = check_sequence(recs, n, &d, true);
		if (res != TEST_PASS)
			goto out;
	}
	if ((aspects & ASPECT_TRAILER) &&
	    (res = check_trailers(recs, n, &e, cpu, t0, t1)) != TEST_PASS)
		goto out;
	if (aspects & ASPECT_ID) {
		fd2 = prog_fd_by_id(d.info.id);
		if (fd2 >= 0 || errno != ENOENT) {
			res = fail("GET_FD_BY_ID(%u) after UNLOAD: fd %d, %s", d.info.id, fd2,
				   strerror(errno));
			if (fd2 >= 0)
				close(fd2);
			goto out;
		}
	}
	if (aspects & ASPECT_KALLSYMS)
		res = check_kallsyms(&d, false);
	if (res == TEST_PASS && e.lost)
		res = fail("%llu records lost", (unsigned long long)e.lost);
out_prog:
	if (fd >= 0)
		close(fd);
out:
	sb_close(&e);
	return res;
}

/* ---------------------------------------------------------- tests */

static int test_attr_bits(void)
{
	static const struct { int want; const char *what; } cases[] = {
		{ WANT_KSYMBOL, "ksymbol" },
		{ WANT_BPF_EVENT, "bpf_event" },
		{ WANT_KSYMBOL | WANT_BPF_EVENT, "ksymbol+bpf_event" },
	};
	struct sb_event e;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		if (sb_open(&e, 0, -1, cases[i].want))
			return fail("perf_event_open(%s): %s", cases[i].what, strerror(errno));
		sb_close(&e);
	}
	return TEST_PASS;
}

static int test_load_btf(void)		{ return lifecycle(3, "ksym_named", true, ASPECT_LOAD); }
static int test_unload_btf(void)	{ return lifecycle(3, "ksym_named", true, ASPECT_UNLOAD); }
static int test_id_reachable(void)	{ return lifecycle(2, "ksym_id", true, ASPECT_ID); }
static int test_kallsyms(void)		{ return lifecycle(3, "ksym_kall", true, ASPECT_KALLSYMS); }
static int test_trailer(void)		{ return lifecycle(2, "ksym_trailer", true, ASPECT_TRAILER); }
static int test_nobtf(void)		{ return lifecycle(3, "ksym_nobtf", false, ASPECT_ALL); }
static int test_single(void)		{ return lifecycle(1, "ksym_single", false, ASPECT_ALL); }
static int test_single_btf(void)	{ return lifecycle(1, "ksym_single", true, ASPECT_ALL); }
static int test_unnamed(void)		{ return lifecycle(1, "", false, ASPECT_ALL); }
static int test_unnamed_subprogs(void)	{ return lifecycle(2, "", false, ASPECT_ALL); }

/* /proc/kallsyms lists BPF functions under [bpf], perf or not. */
static int test_kallsyms_module(void)
{
	struct prog_desc d;
	int fd, res;

	fd = prog_load(2, "ksym_module", true);
	if (fd < 0)
		return fail("BPF_PROG_LOAD: %s", strerror(errno));
	res = prog_describe(fd, &d, true) ? fail("cannot describe the program") :
		check_kallsyms(&d, true);
	close(fd);
	return res;
}

/* Each event gets only the record types it asked for. */
static int test_bits_select(void)
{
	static const int wants[] = { 0, WANT_COMM, WANT_KSYMBOL, WANT_BPF_EVENT };
	struct sb_event ev[2 * ARRAY_SIZE(wants)];
	struct rec recs[MAX_RECS];
	int i, n, fd, res = TEST_PASS, cpu = sched_getcpu();
	size_t nw = ARRAY_SIZE(wants);

	pin_to_cpu(cpu);
	/* per-task and CPU-wide flavour of each */
	for (i = 0; i < (int)(2 * nw); i++) {
		if (sb_open(&ev[i], i < (int)nw ? 0 : -1, i < (int)nw ? -1 : cpu,
			    wants[i % nw])) {
			res = fail("perf_event_open(want %#x): %s", wants[i % nw],
				   strerror(errno));
			while (--i >= 0)
				sb_close(&ev[i]);
			return res;
		}
	}
	fd = prog_load(2, "ksym_bits", false);
	if (fd < 0)
		res = fail("BPF_PROG_LOAD: %s", strerror(errno));
	else
		close(fd);
	for (i = 0; i < (int)(2 * nw) && res == TEST_PASS; i++) {
		int want = wants[i % nw], k = 0, b = 0;

		n = collect(&ev[i], recs, MAX_RECS, NULL);
		if (n < 0) {
			res = fail("collect failed");
			break;
		}
		for (int j = 0; j < n; j++) {
			if (recs[j].h->type == PERF_RECORD_KSYMBOL)
				k++;
			else
				b++;
		}
		if ((want & WANT_KSYMBOL) ? k != 4 : k != 0)
			res = fail("%s event with want %#x got %d KSYMBOL records",
				   i < (int)nw ? "per-task" : "CPU-wide", want, k);
		else if ((want & WANT_BPF_EVENT) ? b != 2 : b != 0)
			res = fail("%s event with want %#x got %d BPF_EVENT records",
				   i < (int)nw ? "per-task" : "CPU-wide", want, b);
	}
	for (i = 0; i < (int)(2 * nw); i++)
		sb_close(&ev[i]);
	return res;
}

/*
 * A child pinned to one CPU loads and unloads a program.  A per-task
 * event on the parent must see nothing, one on the child must see the
 * records, a CPU-wide event on that CPU must see them with the child's
 * pid, and a CPU-wide event on another CPU must not.
 */
static int test_visibility(bool cpu_wide)
{
	struct sb_event self, other, on_cpu, off_cpu;
	struct rec recs[MAX_RECS];
	int go[2], done[2], ncpu = online_cpus(), cpu = 0, res = TEST_PASS, n, st;
	char c = 0;
	pid_t pid;

	if (cpu_wide && ncpu < 2)
		return TEST_SKIP;
	if (pipe(go) || pipe(done))
		return fail("pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		return fail("fork: %s", strerror(errno));
	if (pid == 0) {
		int fd;

		pin_to_cpu(cpu);
		if (read(go[0], &c, 1) != 1)
			_exit(2);
		fd = prog_load(2, "ksym_child", true);
		if (fd < 0)
			_exit(3);
		close(fd);
		_exit(write(done[1], &c, 1) == 1 ? 0 : 4);
	}
	memset(&other, 0, sizeof(other));
	memset(&on_cpu, 0, sizeof(on_cpu));
	memset(&off_cpu, 0, sizeof(off_cpu));
	other.fd = on_cpu.fd = off_cpu.fd = -1;
	if (sb_open(&self, 0, -1, WANT_KSYMBOL | WANT_BPF_EVENT) ||
	    (!cpu_wide && sb_open(&other, pid, -1, WANT_KSYMBOL | WANT_BPF_EVENT)) ||
	    (cpu_wide && sb_open(&on_cpu, -1, cpu, WANT_KSYMBOL | WANT_BPF_EVENT)) ||
	    (cpu_wide && sb_open(&off_cpu, -1, cpu + 1, WANT_KSYMBOL | WANT_BPF_EVENT))) {
		res = fail("perf_event_open: %s", strerror(errno));
		kill(pid, SIGKILL);
		waitpid(pid, &st, 0);
		goto out;
	}
	if (write(go[1], &c, 1) != 1 || read(done[0], &c, 1) != 1)
		res = fail("child failed");
	waitpid(pid, &st, 0);
	if (res == TEST_PASS && (!WIFEXITED(st) || WEXITSTATUS(st)))
		res = fail("child exited with %#x", st);
	if (res != TEST_PASS)
		goto out;

	n = collect(&self, recs, MAX_RECS, NULL);
	if (n) {
		dump(recs, n);
		res = fail("per-task event on the parent got %d records", n);
		goto out;
	}
	if (!cpu_wide) {
		n = collect(&other, recs, MAX_RECS, NULL);
		if (n != 6) {
			dump(recs, n);
			res = fail("per-task event on the child got %d records, want 6", n);
		}
		goto out;
	}
	n = collect(&on_cpu, recs, MAX_RECS, NULL);
	if (n != 6) {
		dump(recs, n);
		res = fail("CPU-wide event on cpu %d got %d records, want 6", cpu, n);
		goto out;
	}
	for (int i = 0; i < n; i++) {
		if (recs[i].sid.pid != (__u32)pid || recs[i].sid.cpu != (__u32)cpu) {
			res = fail("record %d from pid %u cpu %u, want %d %d", i,
				   recs[i].sid.pid, recs[i].sid.cpu, pid, cpu);
			goto out;
		}
	}
	n = collect(&off_cpu, recs, MAX_RECS, NULL);
	if (n) {
		dump(recs, n);
		res = fail("CPU-wide event on cpu %d got %d records of a load on cpu %d",
			   cpu + 1, n, cpu);
	}
out:
	sb_close(&self);
	sb_close(&other);
	sb_close(&on_cpu);
	sb_close(&off_cpu);
	close(go[0]);
	close(go[1]);
	close(done[0]);
	close(done[1]);
	return res;
}

/*
 * Several listeners get the same record: each must get it whole, with
 * its own trailer (the header size is per event, not shared).
 */
static int test_many_listeners(void)
{
	struct sb_event ev[4];
	struct rec recs[MAX_RECS];
	struct prog_desc d;
	int i, n, fd, res = TEST_PASS, cpu = sched_getcpu();

	pin_to_cpu(cpu);
	for (i = 0; i < 4; i++) {
		if (sb_open(&ev[i], i % 2 ? -1 : 0, i % 2 ? cpu : -1,
			    WANT_KSYMBOL | WANT_BPF_EVENT)) {
			res = fail("perf_event_open: %s", strerror(errno));
			while (--i >= 0)
				sb_close(&ev[i]);
			return res;
		}
	}
	fd = prog_load(3, "ksym_many", true);
	if (fd < 0) {
		res = fail("BPF_PROG_LOAD: %s", strerror(errno));
		goto out;
	}
	if (prog_describe(fd, &d, true)) {
		res = fail("cannot describe the program");
		close(fd);
		goto out;
	}
	for (i = 0; i < 4 && res == TEST_PASS; i++) {
		n = collect(&ev[i], recs, MAX_RECS, NULL);
		res = check_sequence(recs, n, &d, false);
		if (res == TEST_PASS)
			res = check_trailers(recs, n, &ev[i], cpu, 0, ~0ull);
		if (res != TEST_PASS)
			diag("listener %d of 4", i);
	}
	close(fd);
	for (i = 0; i < 4 && res == TEST_PASS; i++) {
		n = collect(&ev[i], recs, MAX_RECS, NULL);
		res = check_sequence(recs, n, &d, true);
		if (res != TEST_PASS)
			diag("listener %d of 4", i);
	}
out:
	for (i = 0; i < 4; i++)
		sb_close(&ev[i]);
	return res;
}

/*
 * Listeners of different layouts get the same records: per-task and
 * CPU-wide events with different sample_type bits, with and without
 * sample_id_all.  Each record must be exactly as long as its own
 * event's layout implies, carry that event's trailer, and the fields
 * must match the program, in the LOAD and the UNLOAD sequence.
 */
static const struct {
	__u64 sample_type;
	bool sample_id_all;
	bool cpu_wide;
} layouts[] = {
	{ PERF_SAMPLE_TID, true, true },
	{ SB_SAMPLE_TYPE, true, false },
	{ SAMPLE_ID_BITS, true, true },
	{ PERF_SAMPLE_TIME | PERF_SAMPLE_ID, true, false },
	{ SAMPLE_ID_BITS, false, true },
	{ PERF_SAMPLE_IDENTIFIER, true, false },
	{ PERF_SAMPLE_CPU | PERF_SAMPLE_STREAM_ID, true, true },
	{ 0, false, false },
};

static int check_layout_records(struct sb_event *e, const struct perf_event_attr *attr,
				const struct prog_desc *d, bool unload, int cpu)
{
	struct perf_event_header *h;
	struct sample_id_any sid;
	char why[160];
	int n = 0;

	while ((h = sb_next(e))) {
		const struct ksym_rec *k = (const void *)h;
		const struct bpf_rec *b = (const void *)h;

		if (h->type != PERF_RECORD_KSYMBOL && h->type != PERF_RECORD_BPF_EVENT)
			continue;
		if (!record_whole(h, attr, why, sizeof(why)))
			return fail("record %d: %s", n, why);
		if (n < d->nfuncs) {
			CHECK(h->type == PERF_RECORD_KSYMBOL, "record %d is not a KSYMBOL", n);
			CHECK(k->addr == d->ksyms[n] && k->len == d->lens[n] &&
			      !strcmp(k->name, d->names[n]) &&
			      k->flags == (unload ? PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER : 0),
			      "KSYMBOL %d: %#llx %u %s flags %#x", n,
			      (unsigned long long)k->addr, k->len, k->name, k->flags);
		} else {
			CHECK(n == d->nfuncs && h->type == PERF_RECORD_BPF_EVENT,
			      "record %d: %u, want the BPF_EVENT last", n, h->type);
			CHECK(b->id == d->info.id &&
			      b->type == (unload ? PERF_BPF_EVENT_PROG_UNLOAD :
					  PERF_BPF_EVENT_PROG_LOAD),
			      "BPF_EVENT type %u id %u", b->type, b->id);
		}
		sample_id_decode(h, attr, &sid);
		if (attr->sample_id_all) {
			__u64 st = attr->sample_type;

			CHECK(!(st & PERF_SAMPLE_TID) ||
			      (sid.pid == (__u32)getpid() && sid.tid == (__u32)gettid()),
			      "record %d pid/tid %u/%u", n, sid.pid, sid.tid);
			CHECK(!(st & PERF_SAMPLE_TIME) || sid.time, "record %d time 0", n);
			CHECK(!(st & PERF_SAMPLE_ID) || sid.id == e->id, "record %d id %llu", n,
			      (unsigned long long)sid.id);
			CHECK(!(st & PERF_SAMPLE_STREAM_ID) || sid.stream_id == e->id,
			      "record %d stream_id %llu", n, (unsigned long long)sid.stream_id);
			CHECK(!(st & PERF_SAMPLE_CPU) || (sid.cpu == (__u32)cpu && !sid.res),
			      "record %d cpu %u", n, sid.cpu);
			CHECK(!(st & PERF_SAMPLE_IDENTIFIER) || sid.identifier == e->id,
			      "record %d identifier %llu", n, (unsigned long long)sid.identifier);
		}
		n++;
	}
	CHECK(n == d->nfuncs + 1, "%d records, want %d", n, d->nfuncs + 1);
	CHECK(!e->lost, "%llu records lost", (unsigned long long)e->lost);
	return TEST_PASS;
}

static int test_mixed_layouts(void)
{
	struct perf_event_attr attr[ARRAY_SIZE(layouts)];
	struct sb_event ev[ARRAY_SIZE(layouts)];
	int i, fd = -1, res = TEST_PASS, cpu = sched_getcpu(), nopen = 0, pass;
	struct prog_desc d;

	pin_to_cpu(cpu);
	for (i = 0; i < (int)ARRAY_SIZE(layouts); i++) {
		memset(&attr[i], 0, sizeof(attr[i]));
		attr[i].sample_type = layouts[i].sample_type;
		attr[i].sample_id_all = layouts[i].sample_id_all;
		attr[i].ksymbol = 1;
		attr[i].bpf_event = 1;
		if (sb_open_attr(&ev[i], &attr[i], layouts[i].cpu_wide ? -1 : 0,
				 layouts[i].cpu_wide ? cpu : -1, 16)) {
			res = fail("perf_event_open(layout %d): %s", i, strerror(errno));
			goto out;
		}
		nopen++;
	}
	for (pass = 0; pass < 2 && res == TEST_PASS; pass++) {
		if (pass == 0) {
			fd = prog_load(3, "ksym_layouts", true);
			if (fd < 0) {
				res = fail("BPF_PROG_LOAD: %s", strerror(errno));
				break;
			}
			if (prog_describe(fd, &d, true)) {
				res = fail("cannot describe the program");
				break;
			}
		} else {
			close(fd);
			fd = -1;
		}
		for (i = 0; i < nopen && res == TEST_PASS; i++) {
			res = check_layout_records(&ev[i], &attr[i], &d, pass, cpu);
			if (res != TEST_PASS)
				diag("%s: listener %d of %d (%s, sample_type %#llx, "
				     "sample_id_all %d)", pass ? "unload" : "load", i, nopen,
				     layouts[i].cpu_wide ? "CPU-wide" : "per-task",
				     (unsigned long long)layouts[i].sample_type,
				     layouts[i].sample_id_all);
		}
	}
out:
	if (fd >= 0)
		close(fd);
	for (i = 0; i < nopen; i++)
		sb_close(&ev[i]);
	return res;
}

static int test_per_task(void)	{ return test_visibility(false); }
static int test_cpu_wide(void)	{ return test_visibility(true); }

/*
 * The XDP dispatcher image is created the first time an XDP program runs
 * through it; BPF_PROG_TEST_RUN with repeat > 1 does that.  Its KSYMBOL
 * is type BPF, named bpf_dispatcher_xdp, one page long.
 */
static int test_dispatcher(void)
{
	struct rec recs[MAX_RECS];
	struct sb_event e;
	int fd, n, i, found = 0, res = TEST_PASS;
	__u64 addr = 0;

	if (kallsyms_find("bpf_dispatcher_xdp", "bpf", &addr, NULL, 0) == 1) {
		diag("the dispatcher image already exists");
		return TEST_SKIP;
	}
	if (sb_open(&e, -1, sched_getcpu(), WANT_KSYMBOL))
		return fail("perf_event_open: %s", strerror(errno));
	pin_to_cpu(sched_getcpu());
	fd = prog_load_type(1, "ksym_xdp", false, BPF_PROG_TYPE_XDP);
	if (fd < 0) {
		res = fail("BPF_PROG_LOAD(XDP): %s", strerror(errno));
		goto out;
	}
	if (prog_test_run(fd, 2) < 0) {
		res = fail("BPF_PROG_TEST_RUN(XDP): %s", strerror(errno));
		close(fd);
		goto out;
	}
	close(fd);
	n = collect(&e, recs, MAX_RECS, NULL);
	for (i = 0; i < n; i++) {
		const struct ksym_rec *k = (const void *)recs[i].h;

		if (k->header.type != PERF_RECORD_KSYMBOL ||
		    strcmp(k->name, "bpf_dispatcher_xdp"))
			continue;
		found++;
		CHECK(ksym_rec_check(k) == TEST_PASS, "bad dispatcher record");
		CHECK(k->ksym_type == PERF_RECORD_KSYMBOL_TYPE_BPF, "ksym_type %u",
		      k->ksym_type);
		CHECK(k->flags == 0, "flags %#x", k->flags);
		CHECK(k->len == (__u32)sysconf(_SC_PAGESIZE), "len %u", k->len);
		CHECK(kallsyms_find("bpf_dispatcher_xdp", "bpf", &addr, NULL, 0) == 1 &&
		      addr == k->addr, "kallsyms has bpf_dispatcher_xdp at %#llx, record %#llx",
		      (unsigned long long)addr, (unsigned long long)k->addr);
	}
	if (found != 1) {
		dump(recs, n);
		res = fail("%d bpf_dispatcher_xdp KSYMBOL records, want 1", found);
	}
out:
	sb_close(&e);
	return res;
}

static const struct {
	int (*fn)(void);
	const char *name;
} tests[] = {
	{ test_attr_bits, "attr_bits: ksymbol and bpf_event are accepted" },
	{ test_load_btf, "load: one KSYMBOL per function then PROG_LOAD, fields match prog info" },
	{ test_unload_btf, "unload: UNREGISTER KSYMBOL per function then PROG_UNLOAD" },
	{ test_id_reachable, "id: GET_FD_BY_ID works at PROG_LOAD, fails after PROG_UNLOAD" },
	{ test_kallsyms, "kallsyms: [bpf] symbols match the records, gone after unload" },
	{ test_kallsyms_module, "kallsyms: BPF functions are listed as [bpf] without perf" },
	{ test_trailer, "sample_id: pid, tid, cpu, id and monotonic time" },
	{ test_nobtf, "names without BTF: prog name for main, _F for subprograms" },
	{ test_single, "single-function program without BTF" },
	{ test_single_btf, "single-function program with BTF" },
	{ test_unnamed, "unnamed program: bpf_prog_<tag>" },
	{ test_unnamed_subprogs, "unnamed program with a subprogram" },
	{ test_bits_select, "bits: an event gets only the record types it asked for" },
	{ test_many_listeners, "listeners: four events each get whole records and own trailers" },
	{ test_mixed_layouts,
	  "listeners: events of eight sample_type/sample_id_all layouts each get whole records" },
	{ test_per_task, "per-task: only the monitored task's loads" },
	{ test_cpu_wide, "cpu-wide: loads on the event's CPU only" },
	{ test_dispatcher, "dispatcher: bpf_dispatcher_xdp KSYMBOL" },
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
