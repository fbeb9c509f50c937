// SPDX-License-Identifier: GPL-2.0
/*
 * Load and unload BPF programs from several threads while other threads
 * open, read and close side-band events, for a bounded time.
 *
 * A set of CPU-wide "auditor" events (one per CPU, large buffers) is
 * open for the whole run and drained continuously.  At the end every
 * PROG_LOAD it saw must have exactly one PROG_UNLOAD, every registered
 * KSYMBOL exactly one unregistration, the number of loads must equal
 * what the loader threads did, and no record may be lost or torn.  The
 * churning events check the framing of whatever they read.
 *
 *   ksymbol_stress [seconds]	(default 4)
 */
#include "ksym_util.h"
#include <pthread.h>

#define LOADERS		3
#define CHURNERS	2
#define MAX_CPUS	16
#define MAX_PROGS	(1 << 17)
#define AUDIT_PAGES	1024	/* 4 MiB per CPU */

static volatile int stop;
static long loads_done[LOADERS], funcs_done[LOADERS];
static int errors;

static void error(const char *fmt, ...)
{
	va_list ap;

	if (__atomic_add_fetch(&errors, 1, __ATOMIC_RELAXED) > 10)
		return;
	printf("# ERROR: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static void *loader(void *arg)
{
	long i = (long)arg;

	while (!stop) {
		int nfuncs = i % 2 ? 2 : 3;
		int fd = prog_load(nfuncs, "stress", false);

		if (fd < 0) {
			error("loader %ld: BPF_PROG_LOAD: %s", i, strerror(errno));
			break;
		}
		close(fd);
		loads_done[i]++;
		funcs_done[i] += nfuncs;
	}
	return NULL;
}

/* Check one record's framing; returns 0 when sane. */
static int record_sane(const struct perf_event_header *h)
{
	if (h->type == PERF_RECORD_KSYMBOL) {
		const struct ksym_rec *k = (const void *)h;
		size_t area;

		if (h->size < sizeof(*k) + sizeof(struct sample_id) + 8 || h->size % 8)
			return -1;
		area = h->size - sizeof(*k) - sizeof(struct sample_id);
		if (strnlen(k->name, area) == area || strncmp(k->name, "bpf_prog_", 9))
			return -1;
		if (k->ksym_type != PERF_RECORD_KSYMBOL_TYPE_BPF || k->flags > 1)
			return -1;
		return 0;
	}
	if (h->type == PERF_RECORD_BPF_EVENT) {
		const struct bpf_rec *b = (const void *)h;

		if (h->size != sizeof(*b) + sizeof(struct sample_id))
			return -1;
		if (b->type != PERF_BPF_EVENT_PROG_LOAD && b->type != PERF_BPF_EVENT_PROG_UNLOAD)
			return -1;
		return 0;
	}
	return 0;
}

static void *churner(void *arg)
{
	long i = (long)arg;
	int ncpu = online_cpus();
	unsigned int seed = i;

	while (!stop) {
		struct perf_event_header *h;
		struct sb_event e;
		int cpu = rand_r(&seed) % (ncpu + 1) - 1;
		int want = 1 + rand_r(&seed) % 3;
		__u64 until = now_ns() + 2000000;

		/* cpu -1: per-task on this thread; else CPU-wide */
		if (sb_open(&e, cpu < 0 ? 0 : -1, cpu, want)) {
			error("churner: perf_event_open: %s", strerror(errno));
			break;
		}
		while (now_ns() < until)
			while ((h = sb_next(&e)))
				if (record_sane(h))
					error("churner: torn record type %u size %u",
					      h->type, h->size);
		sb_close(&e);
	}
	return NULL;
}

struct prog_state {
	__u32 loads, unloads;
};

static struct prog_state progs[MAX_PROGS];
static long ksym_reg, ksym_unreg, n_load, n_unload, n_records;

static void audit_record(const struct perf_event_header *h)
{
	n_records++;
	if (record_sane(h)) {
		error("auditor: torn record type %u size %u", h->type, h->size);
		return;
	}
	if (h->type == PERF_RECORD_KSYMBOL) {
		const struct ksym_rec *k = (const void *)h;

		if (k->flags & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER)
			ksym_unreg++;
		else
			ksym_reg++;
	} else if (h->type == PERF_RECORD_BPF_EVENT) {
		const struct bpf_rec *b = (const void *)h;

		if (b->id >= MAX_PROGS) {
			error("auditor: prog id %u too large for the test", b->id);
			return;
		}
		if (b->type == PERF_BPF_EVENT_PROG_LOAD) {
			progs[b->id].loads++;
			n_load++;
		} else {
			progs[b->id].unloads++;
			n_unload++;
		}
	}
}

static struct sb_event audit[MAX_CPUS];
static int naudit;

static void audit_drain(void)
{
	struct perf_event_header *h;

	for (int c = 0; c < naudit; c++)
		while ((h = sb_next(&audit[c])))
			audit_record(h);
}

static void *auditor(void *arg)
{
	while (!stop) {
		audit_drain();
		usleep(1000);
	}
	return NULL;
}

/* sb_open with a bigger buffer for the auditors */
static int audit_open(struct sb_event *e, int cpu)
{
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);

	memset(e, 0, sizeof(*e));
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_DUMMY;
	attr.sample_type = SB_SAMPLE_TYPE;
	attr.sample_id_all = 1;
	attr.ksymbol = 1;
	attr.bpf_event = 1;
	e->fd = sys_perf_event_open(&attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	if (e->fd < 0)
		return -1;
	e->data_size = AUDIT_PAGES * page;
	e->base = mmap(NULL, (AUDIT_PAGES + 1) * page, PROT_READ | PROT_WRITE, MAP_SHARED,
		       e->fd, 0);
	return e->base == MAP_FAILED ? -1 : 0;
}

static int test_stress(int seconds)
{
	pthread_t lt[LOADERS], ct[CHURNERS], at;
	long total = 0, funcs = 0, lost = 0;
	int i, res = TEST_PASS;
	__u32 id;

	naudit = online_cpus() < MAX_CPUS ? online_cpus() : MAX_CPUS;
	for (i = 0; i < naudit; i++)
		if (audit_open(&audit[i], i))
			return fail("auditor on cpu %d: %s", i, strerror(errno));

	pthread_create(&at, NULL, auditor, NULL);
	for (i = 0; i < LOADERS; i++)
		pthread_create(&lt[i], NULL, loader, (void *)(long)i);
	for (i = 0; i < CHURNERS; i++)
		pthread_create(&ct[i], NULL, churner, (void *)(long)i);
	sleep(seconds);
	stop = 1;
	for (i = 0; i < LOADERS; i++)
		pthread_join(lt[i], NULL);
	for (i = 0; i < CHURNERS; i++)
		pthread_join(ct[i], NULL);
	pthread_join(at, NULL);
	audit_drain();

	for (i = 0; i < LOADERS; i++) {
		total += loads_done[i];
		funcs += funcs_done[i];
	}
	for (i = 0; i < naudit; i++) {
		lost += audit[i].lost;
		sb_close(&audit[i]);
	}
	diag("%d s: %ld loads by %d threads, %ld records, %ld/%ld LOAD/UNLOAD, "
	     "%ld/%ld KSYMBOL reg/unreg", seconds, total, LOADERS, n_records, n_load,
	     n_unload, ksym_reg, ksym_unreg);
	if (errors)
		res = fail("%d errors", errors);
	else if (lost)
		res = fail("%ld records lost", lost);
	else if (total == 0)
		res = fail("no program was loaded");
	else if (n_load != total || n_unload != total)
		res = fail("%ld loads, but %ld PROG_LOAD and %ld PROG_UNLOAD records", total,
			   n_load, n_unload);
	else if (ksym_reg != funcs || ksym_unreg != funcs)
		res = fail("%ld functions loaded, %ld KSYMBOL registrations, %ld unregistrations",
			   funcs, ksym_reg, ksym_unreg);
	for (id = 0; id < MAX_PROGS && res == TEST_PASS; id++)
		if (progs[id].loads != progs[id].unloads || progs[id].loads > 1)
			res = fail("prog id %u: %u LOAD, %u UNLOAD", id, progs[id].loads,
				   progs[id].unloads);
	return res;
}

int main(int argc, char **argv)
{
	int seconds = argc > 1 ? atoi(argv[1]) : 4;

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_plan(1);
	tap_result(test_stress(seconds > 0 ? seconds : 4),
		   "stress: concurrent load/unload and event churn, every LOAD matched", NULL);
	return tap_exit();
}
