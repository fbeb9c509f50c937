// SPDX-License-Identifier: GPL-2.0
/*
 * Random perf_event_attr against BPF, trampoline, kprobe and ftrace
 * churn, for a bounded time: meant for the debug kernel (lockdep,
 * KASAN), where the harness fails on any report in the kernel log.
 *
 * Opener threads open events with random attrs: the ksymbol and
 * bpf_event bits with random sample_type, sample_id_all, read_format,
 * watermark or wakeup_events, inherit, clock, per-task (on themselves or
 * on a loader thread) and per-CPU, some valid and some invalid on
 * purpose.  An open event is mapped (or not), enabled and disabled,
 * drained for a few milliseconds, read and closed.  Meanwhile loader
 * threads load and unload programs of one to three functions (with and
 * without BTF, some from forked children), one thread attaches fentry
 * programs (BPF trampolines), one registers kprobes (single-step and
 * optimized slots) and one starts and stops the function tracer of a
 * tracing instance (ftrace trampolines), each when the kernel has it.
 *
 * Checks: an attr built valid opens, one built invalid does not; every
 * record read parses whole with the size its event's layout implies;
 * read() returns the size the read_format implies; the CPU-wide auditor
 * events (open for the whole run) see one PROG_LOAD and one PROG_UNLOAD
 * per program and as many as were loaded, and every BPF program's
 * functions registered and unregistered.  The counts are printed.
 *
 *   ksymbol_attr_stress [seconds]
 *
 * The time defaults to 10 s, or ksym_stress_seconds=N on the kernel
 * command line.
 */
#include "ksym_util.h"
#include <pthread.h>

#define OPENERS		3
#define LOADERS		2
#define MAX_CPUS	16
#define MAX_PROGS	(1 << 17)
#define AUDIT_PAGES	1024

static volatile int stop;
static int errors;
static pid_t loader_tid[LOADERS];
static __u32 fentry_btf_id;
static int kprobe_type = -1;
static bool have_instances;
static bool target_traced[8];	/* by kprobe_targets index: ftrace owns its entry */

/* counts, updated with atomics */
static long n_open, n_opened, n_valid_rejected, n_invalid_rejected, n_maybe_rejected;
static long n_reads, n_records, n_loads, n_fentry, n_kprobes, n_ftrace;

#define COUNT(c, v)	__atomic_add_fetch(&(c), (v), __ATOMIC_RELAXED)

/*
 * Every thread says what it is doing, so that one which does not come
 * back after the run is named with the call it is stuck in (and its
 * kernel stack) instead of hanging the test silently.
 */
#define MAX_THREADS	16

static struct worker {
	pthread_t th;
	pid_t tid;
	const char *name;
	const char *volatile doing;
} workers[MAX_THREADS];
static int nworkers;
static __thread struct worker *self;

#define DOING(what)	do { if (self) self->doing = (what); } while (0)

struct start {
	void *(*fn)(void *);
	void *arg;
	struct worker *w;
};

static void *worker_main(void *p)
{
	struct start st = *(struct start *)p;

	free(p);
	self = st.w;
	self->tid = gettid();
	return st.fn(st.arg);
}

static void worker_start(const char *name, void *(*fn)(void *), void *arg)
{
	struct start *st = malloc(sizeof(*st));
	struct worker *w = &workers[nworkers++];

	w->name = name;
	w->doing = "starting";
	st->fn = fn;
	st->arg = arg;
	st->w = w;
	pthread_create(&w->th, NULL, worker_main, st);
}

/* Join every worker within limit_s seconds; name those that do not return. */
static int workers_join(int limit_s)
{
	struct timespec ts;
	int stuck = 0;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += limit_s;
	for (int i = 0; i < nworkers; i++) {
		char path[64], buf[2048];
		ssize_t n;
		int fd;

		if (!pthread_timedjoin_np(workers[i].th, NULL, &ts))
			continue;
		stuck++;
		diag("%s (tid %d) did not return within %d s: in %s", workers[i].name,
		     workers[i].tid, limit_s, workers[i].doing);
		snprintf(path, sizeof(path), "/proc/self/task/%d/stack", workers[i].tid);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
		if (n > 0) {
			buf[n] = 0;
			diag("  kernel stack: %s", one_line(buf, 1000));
		}
	}
	return stuck;
}

static void __attribute__((format(printf, 1, 2))) error(const char *fmt, ...)
{
	va_list ap;

	if (COUNT(errors, 1) > 10)
		return;
	printf("# ERROR: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

/*
 * The next record of e into e->rec, or NULL when the buffer is empty;
 * a record whose size cannot be right is an error (and ends the read).
 */
static struct perf_event_header *rb_next(struct sb_event *e)
{
	struct perf_event_mmap_page *pg = e->base;
	char *data = (char *)e->base + pg->data_offset;
	struct perf_event_header *h;
	__u64 head, tail;
	size_t off, size, first;

	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	tail = pg->data_tail;
	if (tail == head)
		return NULL;
	off = tail % e->data_size;
	h = (struct perf_event_header *)(data + off);
	size = h->size;
	if (size < sizeof(*h) || size % 8 || size > sizeof(e->rec) || size > head - tail) {
		error("record of type %u size %zu with %llu bytes in the buffer", h->type, size,
		      (unsigned long long)(head - tail));
		__atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
		return NULL;
	}
	first = e->data_size - off < size ? e->data_size - off : size;
	memcpy(e->rec, data + off, first);
	memcpy(e->rec + first, data, size - first);
	__atomic_store_n(&pg->data_tail, tail + size, __ATOMIC_RELEASE);
	return (struct perf_event_header *)e->rec;
}

/* Check one record against its event's attr; 0 when it parses whole. */
static int record_check(const struct perf_event_header *h, const struct perf_event_attr *attr,
			const char *who)
{
	size_t trailer = sample_id_size(attr);
	char why[160];

	switch (h->type) {
	case PERF_RECORD_KSYMBOL: {
		const struct ksym_rec *k = (const void *)h;

		if (!attr->ksymbol) {
			error("%s: KSYMBOL on an event without attr.ksymbol", who);
			return -1;
		}
		if (!record_whole(h, attr, why, sizeof(why))) {
			error("%s: %s (sample_type %#llx, sample_id_all %d)", who, why,
			      (unsigned long long)attr->sample_type, attr->sample_id_all);
			return -1;
		}
		if (k->ksym_type != PERF_RECORD_KSYMBOL_TYPE_BPF &&
		    k->ksym_type != PERF_RECORD_KSYMBOL_TYPE_OOL) {
			error("%s: KSYMBOL %s of type %u", who, k->name, k->ksym_type);
			return -1;
		}
		if (k->flags & ~PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER) {
			error("%s: KSYMBOL %s flags %#x", who, k->name, k->flags);
			return -1;
		}
		return 0;
	}
	case PERF_RECORD_BPF_EVENT: {
		const struct bpf_rec *b = (const void *)h;

		if (!attr->bpf_event) {
			error("%s: BPF_EVENT on an event without attr.bpf_event", who);
			return -1;
		}
		if (!record_whole(h, attr, why, sizeof(why))) {
			error("%s: %s (sample_type %#llx, sample_id_all %d)", who, why,
			      (unsigned long long)attr->sample_type, attr->sample_id_all);
			return -1;
		}
		if (b->type != PERF_BPF_EVENT_PROG_LOAD && b->type != PERF_BPF_EVENT_PROG_UNLOAD) {
			error("%s: BPF_EVENT type %u", who, b->type);
			return -1;
		}
		return 0;
	}
	case PERF_RECORD_LOST:
		if (h->size != sizeof(*h) + 16 + trailer) {
			error("%s: LOST of %u bytes, layout implies %zu", who, h->size,
			      sizeof(*h) + 16 + trailer);
			return -1;
		}
		return 0;
	case PERF_RECORD_COMM:
	case PERF_RECORD_EXIT:
	case PERF_RECORD_FORK:
		/* asked for by some attrs; their framing is not this test's */
		return 0;
	default:
		error("%s: record type %u (size %u) nobody asked for", who, h->type, h->size);
		return -1;
	}
}

/* ------------------------------------------------------- random attrs */

enum { ATTR_VALID, ATTR_INVALID, ATTR_MAYBE };

struct rand_event {
	struct perf_event_attr attr;
	pid_t pid;
	int cpu;
	int kind;		/* ATTR_* */
	int pages;		/* data pages to map, 0 for none */
};

/* sample_type bits a software dummy event takes in any combination */
#define SAFE_SAMPLE	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
			 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_CPU | \
			 PERF_SAMPLE_PERIOD | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CALLCHAIN | \
			 PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_PHYS_ADDR)
#define SAFE_READ	(PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | \
			 PERF_FORMAT_ID)
#define ALL_READ	(SAFE_READ | PERF_FORMAT_GROUP | (1u << 4) /* PERF_FORMAT_LOST */)

static __u64 rand64(unsigned int *seed)
{
	return (__u64)rand_r(seed) << 33 ^ (__u64)rand_r(seed) << 11 ^ rand_r(seed);
}

static void rand_event(struct rand_event *r, unsigned int *seed, int ncpu)
{
	static const clockid_t clocks[] = {
		CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_REALTIME, CLOCK_BOOTTIME,
		CLOCK_TAI,
	};
	struct perf_event_attr *a = &r->attr;
	int where = rand_r(seed) % 4, bad;

	memset(r, 0, sizeof(*r));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_DUMMY;
	a->ksymbol = rand_r(seed) % 4 != 0;
	a->bpf_event = rand_r(seed) % 4 != 0;
	a->comm = rand_r(seed) % 8 == 0;
	a->task = rand_r(seed) % 8 == 0;
	a->sample_type = rand64(seed) & SAFE_SAMPLE;
	a->sample_id_all = rand_r(seed) % 4 != 0;
	a->read_format = rand_r(seed) & SAFE_READ;
	a->disabled = rand_r(seed) % 2;
	a->exclude_kernel = rand_r(seed) % 8 == 0;
	a->exclude_user = rand_r(seed) % 8 == 0;
	if (rand_r(seed) % 2) {
		a->watermark = 1;
		a->wakeup_watermark = rand_r(seed) % 8192;
	} else {
		a->wakeup_events = rand_r(seed) % 4;
	}
	if (rand_r(seed) % 3 == 0) {
		a->use_clockid = 1;
		a->clockid = clocks[rand_r(seed) % ARRAY_SIZE(clocks)];
	}
	/* per-task on this thread, per-task on a loader, CPU-wide, both */
	switch (where) {
	case 0:
		r->pid = 0;
		r->cpu = -1;
		break;
	case 1:
		r->pid = loader_tid[rand_r(seed) % LOADERS];
		r->cpu = -1;
		break;
	case 2:
		r->pid = -1;
		r->cpu = rand_r(seed) % ncpu;
		break;
	default:
		r->pid = loader_tid[rand_r(seed) % LOADERS];
		r->cpu = rand_r(seed) % ncpu;
		break;
	}
	if (r->pid && r->pid != -1 && rand_r(seed) % 2)
		a->inherit = 1;
	r->pages = rand_r(seed) % 5 ? 1 << (rand_r(seed) % 4) : 0;
	/* the kernel maps no buffer of an inherited event on every CPU */
	if (a->inherit && r->cpu == -1)
		r->pages = 0;
	r->kind = ATTR_VALID;

	/* a third of them: something the kernel may or must refuse */
	if (rand_r(seed) % 3)
		return;
	bad = rand_r(seed) % 8;
	switch (bad) {
	case 0:		/* sample_type bits past the last one */
		a->sample_type |= 1ull << (40 + rand_r(seed) % 24);
		r->kind = ATTR_INVALID;
		break;
	case 1: {	/* a reserved attr bit, of those these headers know */
		__u64 all = ~0ull;

		a->__reserved_1 = all;
		a->__reserved_1 = 1ull << (rand_r(seed) % __builtin_popcountll(a->__reserved_1));
		r->kind = ATTR_INVALID;
		break;
	}
	case 2:		/* a CPU that cannot exist (NR_CPUS is at most 8192) */
		r->pid = -1;
		r->cpu = (1 << 20) + rand_r(seed) % 4096;
		r->kind = ATTR_INVALID;
		break;
	case 3:		/* neither a task nor a CPU */
		r->pid = -1;
		r->cpu = -1;
		r->kind = ATTR_INVALID;
		break;
	case 4:		/* any sample_type below the limit */
		a->sample_type = rand64(seed) & (PERF_SAMPLE_MAX - 1);
		r->kind = ATTR_MAYBE;
		break;
	case 5:		/* any read_format, group and lost included */
		a->read_format = rand64(seed) & (rand_r(seed) % 2 ? ALL_READ : ~0ull);
		r->kind = ATTR_MAYBE;
		break;
	case 6:		/* an unknown clock */
		a->use_clockid = 1;
		a->clockid = 64 + rand_r(seed) % 1000;
		r->kind = ATTR_MAYBE;
		break;
	default:	/* an attr size the kernel may not know */
		a->size = rand_r(seed) % 2 ? 8 * (rand_r(seed) % 24) : rand_r(seed) % 256;
		r->kind = ATTR_MAYBE;
		break;
	}
}

/* What read() of one event (its own group leader) returns, in bytes. */
static size_t read_size(__u64 rf)
{
	size_t n = 0;

	if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
		n += 8;
	if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
		n += 8;
	n += 8;					/* the value */
	if (rf & PERF_FORMAT_ID)
		n += 8;
	if (rf & (1u << 4))			/* PERF_FORMAT_LOST */
		n += 8;
	if (rf & PERF_FORMAT_GROUP)
		n += 8;				/* nr */
	return n;
}

static void *opener(void *arg)
{
	unsigned int seed = (unsigned int)(long)arg * 7919 + 1;
	int ncpu = online_cpus();
	long page = sysconf(_SC_PAGESIZE);
	static __thread struct sb_event e;
	char who[32];

	snprintf(who, sizeof(who), "opener %ld", (long)arg);
	while (!stop) {
		struct rand_event r;
		__u64 until, buf[64];
		ssize_t got;
		int fd;

		rand_event(&r, &seed, ncpu);
		COUNT(n_open, 1);
		DOING("perf_event_open");
		fd = sys_perf_event_open(&r.attr, r.pid, r.cpu, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			if (r.kind == ATTR_VALID)
				error("%s: valid attr refused: %s (sample_type %#llx read_format "
				      "%#llx pid %d cpu %d inherit %d)", who, strerror(errno),
				      (unsigned long long)r.attr.sample_type,
				      (unsigned long long)r.attr.read_format, r.pid, r.cpu,
				      r.attr.inherit);
			if (r.kind == ATTR_VALID)
				COUNT(n_valid_rejected, 1);
			else if (r.kind == ATTR_INVALID)
				COUNT(n_invalid_rejected, 1);
			else
				COUNT(n_maybe_rejected, 1);
			continue;
		}
		COUNT(n_opened, 1);
		if (r.kind == ATTR_INVALID)
			error("%s: invalid attr accepted (sample_type %#llx reserved %#llx pid %d "
			      "cpu %d)", who, (unsigned long long)r.attr.sample_type,
			      (unsigned long long)r.attr.__reserved_1, r.pid, r.cpu);
		memset(&e, 0, sizeof(e));
		e.fd = fd;
		DOING("mmap");
		if (r.pages) {
			e.data_size = r.pages * page;
			e.base = mmap(NULL, (r.pages + 1) * page, PROT_READ | PROT_WRITE,
				      MAP_SHARED, fd, 0);
			if (e.base == MAP_FAILED) {
				error("%s: mmap of %d pages: %s (pid %d cpu %d inherit %d)", who,
				      r.pages, strerror(errno), r.pid, r.cpu, r.attr.inherit);
				e.base = NULL;
			}
		}
		if (rand_r(&seed) % 2)
			ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		until = now_ns() + (rand_r(&seed) % 5000) * 1000ull;
		do {
			struct perf_event_header *h;

			if (!e.base)
				break;
			while ((h = rb_next(&e))) {
				COUNT(n_records, 1);
				record_check(h, &r.attr, who);
			}
			if (rand_r(&seed) % 16 == 0)
				ioctl(fd, rand_r(&seed) % 2 ? PERF_EVENT_IOC_DISABLE :
				      PERF_EVENT_IOC_ENABLE, 0);
			getppid();	/* hits the getppid probe, when there is one */
			usleep(1000);
		} while (now_ns() < until);
		DOING("read");
		got = read(fd, buf, sizeof(buf));
		COUNT(n_reads, 1);
		if (got != (ssize_t)read_size(r.attr.read_format))
			error("%s: read() gave %zd bytes, read_format %#llx implies %zu", who, got,
			      (unsigned long long)r.attr.read_format,
			      read_size(r.attr.read_format));
		DOING("munmap");
		if (e.base)
			munmap(e.base, (r.pages + 1) * page);
		DOING("close");
		close(fd);
		DOING("loop");
	}
	return NULL;
}

/* --------------------------------------------------------- churners */

static void *loader(void *arg)
{
	long i = (long)arg, iter = 0;
	unsigned int seed = i + 17;

	loader_tid[i] = gettid();
	while (!stop) {
		int nfuncs = 1 + rand_r(&seed) % 3, fd;
		bool btf = rand_r(&seed) % 2;

		if (i == 0 && ++iter % 64 == 0) {
			/* a child's load: per-task events with inherit see it */
			pid_t pid;
			int st = 0;

			DOING("fork and wait");
			pid = fork();

			if (pid == 0) {
				fd = prog_load(nfuncs, "stress_child", btf);
				_exit(fd < 0 ? 1 : 0);
			}
			if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
			    !WEXITSTATUS(st))
				COUNT(n_loads, 1);
			else
				error("child loader failed (%#x)", st);
			continue;
		}
		DOING("BPF_PROG_LOAD");
		fd = prog_load(nfuncs, "stress", btf);
		if (fd < 0) {
			error("loader %ld: BPF_PROG_LOAD: %s", i, strerror(errno));
			break;
		}
		COUNT(n_loads, 1);
		if (rand_r(&seed) % 4 == 0)
			usleep(rand_r(&seed) % 2000);
		DOING("close prog");
		close(fd);
		DOING("loop");
	}
	return NULL;
}

/* fentry programs on bpf_fentry_test1: a BPF trampoline per attach */
static void *fentry_churn(void *arg)
{
	unsigned int seed = 3;

	while (!stop) {
		union bpf_attr attr;
		int fd, link;

		DOING("BPF_PROG_LOAD(fentry)");
		fd = fentry_prog_load(fentry_btf_id, "stress_fentry");
		if (fd < 0) {
			error("BPF_PROG_LOAD(fentry): %s", strerror(errno));
			break;
		}
		COUNT(n_loads, 1);
		memset(&attr, 0, sizeof(attr));
		attr.raw_tracepoint.prog_fd = fd;
		DOING("attach fentry");
		link = sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &attr);
		if (link < 0) {
			error("attach fentry: %s", strerror(errno));
			close(fd);
			break;
		}
		COUNT(n_fentry, 1);
		usleep(rand_r(&seed) % 20000);
		DOING("detach fentry");
		close(link);
		close(fd);
		DOING("loop");
	}
	return NULL;
}

/*
 * Functions to probe and trace: none that the test's own loops call at
 * a high rate (a probe on do_nanosleep traps every usleep() of every
 * thread, which in TCG with KASAN starved RCU for tens of seconds).
 */
static const char *const kprobe_targets[] = {
	"__x64_sys_getppid", "ksys_read", "do_sys_openat2", "vfs_read", "do_exit",
};

/* kprobes on and off: single-step slots, optimized slots after a while */
static void *kprobe_churn(void *arg)
{
	unsigned int seed = 5;
	int fds[4] = { -1, -1, -1, -1 };

	while (!stop) {
		int slot = rand_r(&seed) % ARRAY_SIZE(fds);
		size_t t = rand_r(&seed) % ARRAY_SIZE(kprobe_targets);

		if (fds[slot] >= 0) {
			DOING("kprobe close");
			close(fds[slot]);
			fds[slot] = -1;
		} else {
			/* past the fentry call when ftrace owns the entry */
			DOING("kprobe open");
			fds[slot] = kprobe_open(kprobe_type, kprobe_targets[t],
						target_traced[t] && rand_r(&seed) % 2 ? 5 : 0);
			if (fds[slot] >= 0) {
				ioctl(fds[slot], PERF_EVENT_IOC_ENABLE, 0);
				COUNT(n_kprobes, 1);
			}
		}
		usleep(rand_r(&seed) % 30000);
	}
	for (size_t i = 0; i < ARRAY_SIZE(fds); i++)
		if (fds[i] >= 0)
			close(fds[i]);
	return NULL;
}

#define INSTANCE	"/sys/kernel/tracing/instances/ksymbol_attr_stress"

/* a tracing instance's function tracer on and off: ftrace trampolines */
static void *ftrace_churn(void *arg)
{
	unsigned int seed = 11;

	rmdir(INSTANCE);
	if (mkdir(INSTANCE, 0755)) {
		error("mkdir %s: %s", INSTANCE, strerror(errno));
		return NULL;
	}
	while (!stop) {
		size_t t = rand_r(&seed) % ARRAY_SIZE(kprobe_targets);
		const char *func = kprobe_targets[t];

		if (!target_traced[t]) {
			usleep(1000);
			continue;
		}
		DOING("function tracer on");
		if (write_str(INSTANCE "/set_ftrace_filter", func) ||
		    write_str(INSTANCE "/current_tracer", "function")) {
			error("function tracer on %s: %s", func, strerror(errno));
			break;
		}
		COUNT(n_ftrace, 1);
		usleep(rand_r(&seed) % 50000);
		DOING("function tracer off");
		write_str(INSTANCE "/current_tracer", "nop");
		DOING("loop");
		usleep(rand_r(&seed) % 50000);
	}
	write_str(INSTANCE "/current_tracer", "nop");
	rmdir(INSTANCE);
	return NULL;
}

/* ---------------------------------------------------------- auditors */

struct prog_state {
	__u8 loads, unloads;
};

static struct prog_state progs[MAX_PROGS];
static struct sb_event audit[MAX_CPUS];
static struct perf_event_attr audit_attr[MAX_CPUS];
static int naudit;
static long a_records, a_load, a_unload, a_ksym_reg, a_ksym_unreg;
static __u32 first_id;

/* Load and unload one program; its id, 0 on failure. */
static __u32 first_prog_id(void)
{
	struct prog_desc d;
	int fd = prog_load(1, "stress_first", false);
	__u32 id = 0;

	if (fd < 0)
		return 0;
	if (!prog_describe(fd, &d, false))
		id = d.info.id;
	close(fd);
	return id;
}

static void audit_drain(void)
{
	struct perf_event_header *h;

	for (int c = 0; c < naudit; c++) {
		while ((h = rb_next(&audit[c]))) {
			a_records++;
			if (record_check(h, &audit_attr[c], "auditor"))
				continue;
			if (h->type == PERF_RECORD_LOST) {
				audit[c].lost += *(__u64 *)((char *)h + sizeof(*h) + 8);
			} else if (h->type == PERF_RECORD_KSYMBOL) {
				const struct ksym_rec *k = (const void *)h;

				if (strncmp(k->name, "bpf_prog_", 9))
					continue;
				if (k->flags & PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER)
					a_ksym_unreg++;
				else
					a_ksym_reg++;
			} else if (h->type == PERF_RECORD_BPF_EVENT) {
				const struct bpf_rec *b = (const void *)h;

				if (b->id < first_id)
					continue;
				if (b->id >= MAX_PROGS) {
					error("auditor: prog id %u too large for the test", b->id);
					continue;
				}
				if (b->type == PERF_BPF_EVENT_PROG_LOAD) {
					progs[b->id].loads++;
					a_load++;
				} else {
					progs[b->id].unloads++;
					a_unload++;
				}
			}
		}
	}
}

static void *auditor(void *arg)
{
	while (!stop) {
		audit_drain();
		usleep(1000);
	}
	return NULL;
}

static char cmdline[1024];

/* The value of key=... on the kernel command line, or NULL. */
static const char *cmdline_arg(const char *key)
{
	char *p;

	if (!cmdline[0]) {
		int fd = open("/proc/cmdline", O_RDONLY);

		if (fd >= 0) {
			if (read(fd, cmdline, sizeof(cmdline) - 1) < 0)
				cmdline[0] = 0;
			close(fd);
		}
	}
	p = strstr(cmdline, key);
	return p ? p + strlen(key) : NULL;
}

/* ksym_stress_skip=fentry,kprobes,ftrace leaves those churners out. */
static bool skipped(const char *what)
{
	const char *v = cmdline_arg("ksym_stress_skip=");
	char list[128], *tok, *save;

	if (!v)
		return false;
	snprintf(list, sizeof(list), "%.*s", (int)strcspn(v, " \n"), v);
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
		if (!strcmp(tok, what))
			return true;
	return false;
}

static int seconds_from_cmdline(void)
{
	const char *v = cmdline_arg("ksym_stress_seconds=");

	return v ? atoi(v) : 0;
}

static int test_attr_stress(int seconds)
{
	bool fentry, kprobes;
	int i, res = TEST_PASS;
	long lost = 0;
	__u64 t0 = now_ns();
	__u32 id;

	naudit = online_cpus() < MAX_CPUS ? online_cpus() : MAX_CPUS;
	for (i = 0; i < naudit; i++) {
		struct perf_event_attr *a = &audit_attr[i];

		memset(a, 0, sizeof(*a));
		/* a different trailer on each CPU */
		a->sample_type = i % 2 ? SAMPLE_ID_BITS : SB_SAMPLE_TYPE;
		a->sample_id_all = 1;
		a->ksymbol = 1;
		a->bpf_event = 1;
		if (sb_open_attr(&audit[i], a, -1, i, AUDIT_PAGES))
			return fail("auditor on cpu %d: %s", i, strerror(errno));
	}
	fentry_btf_id = skipped("fentry") ? 0 : vmlinux_btf_func("bpf_fentry_test1");
	fentry = fentry_btf_id != 0;
	kprobe_type = skipped("kprobes") ? -1 : kprobe_pmu_type();
	kprobes = kprobe_type >= 0;
	have_instances = false;
	for (size_t t = 0; t < ARRAY_SIZE(kprobe_targets); t++) {
		target_traced[t] = traced(kprobe_targets[t]);
		have_instances |= target_traced[t];
	}
	have_instances &= !access("/sys/kernel/tracing/instances", W_OK) && !skipped("ftrace");
	/* ids grow: records of programs from before this test are ignored */
	first_id = first_prog_id();
	if (!first_id)
		return fail("cannot load a first program");
	COUNT(n_loads, 1);
	diag("churn: BPF programs%s%s%s", fentry ? ", fentry trampolines" : "",
	     kprobes ? ", kprobes" : "", have_instances ? ", ftrace trampolines" : "");
	if (!fentry)
		diag("no fentry: no vmlinux BTF (CONFIG_DEBUG_INFO_BTF) or no bpf_fentry_test1");
	if (!have_instances)
		diag("no ftrace trampolines: no function tracer in this kernel");

	worker_start("auditor", auditor, NULL);
	for (i = 0; i < LOADERS; i++)
		worker_start("loader", loader, (void *)(long)i);
	for (i = 0; i < LOADERS; i++)
		while (!__atomic_load_n(&loader_tid[i], __ATOMIC_ACQUIRE))
			usleep(1000);
	for (i = 0; i < OPENERS; i++)
		worker_start("opener", opener, (void *)(long)i);
	if (fentry)
		worker_start("fentry", fentry_churn, NULL);
	if (kprobes)
		worker_start("kprobes", kprobe_churn, NULL);
	if (have_instances)
		worker_start("ftrace", ftrace_churn, NULL);

	sleep(seconds);
	stop = 1;
	if (workers_join(60))
		return fail("threads stuck in the kernel after the run");
	/* every program is closed; a deferred put may still be on its way */
	for (i = 0; i < 300; i++) {
		audit_drain();
		if (a_unload >= n_loads && a_ksym_unreg >= a_ksym_reg)
			break;
		usleep(100000);
	}
	for (i = 0; i < naudit; i++) {
		lost += audit[i].lost;
		sb_close(&audit[i]);
	}

	diag("%.0f s: %ld opens (%ld opened; refused: %ld of the invalid, %ld of the "
	     "doubtful, %ld of the valid), %ld reads, %ld records read by the "
	     "openers", (now_ns() - t0) / 1e9, n_open, n_opened, n_invalid_rejected,
	     n_maybe_rejected, n_valid_rejected, n_reads, n_records);
	diag("%ld programs loaded (%ld fentry attaches), %ld kprobes, %ld ftrace starts; "
	     "auditors: %ld records, %ld/%ld LOAD/UNLOAD, %ld/%ld BPF KSYMBOL reg/unreg",
	     n_loads, n_fentry, n_kprobes, n_ftrace, a_records, a_load, a_unload,
	     a_ksym_reg, a_ksym_unreg);
	if (errors)
		res = fail("%d errors", errors);
	else if (lost)
		res = fail("auditors lost %ld records", lost);
	else if (!n_loads || !n_opened || !n_records)
		res = fail("nothing happened");
	else if (a_load != n_loads || a_unload != n_loads)
		res = fail("%ld programs loaded, but %ld PROG_LOAD and %ld PROG_UNLOAD records",
			   n_loads, a_load, a_unload);
	else if (a_ksym_reg != a_ksym_unreg)
		res = fail("%ld BPF KSYMBOL registrations, %ld unregistrations", a_ksym_reg,
			   a_ksym_unreg);
	for (id = 0; id < MAX_PROGS && res == TEST_PASS; id++)
		if (progs[id].loads != progs[id].unloads || progs[id].loads > 1)
			res = fail("prog id %u: %u LOAD, %u UNLOAD", id, progs[id].loads,
				   progs[id].unloads);
	return res;
}

int main(int argc, char **argv)
{
	int seconds = argc > 1 ? atoi(argv[1]) : seconds_from_cmdline();

	setvbuf(stdout, NULL, _IOLBF, 0);
	tap_plan(1);
	tap_result(test_attr_stress(seconds > 0 ? seconds : 10),
		   "attr stress: random attrs against BPF, trampoline, kprobe and ftrace churn",
		   NULL);
	return tap_exit();
}
