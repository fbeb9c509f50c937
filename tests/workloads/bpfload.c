// SPDX-License-Identifier: GPL-2.0
/*
 * bpfload - load the BPF test workloads, show their kernel symbols, run them
 * hot or churn them, and unload everything before exiting.
 *
 * See usage() and tests/workloads/README.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "workload.h"

#define NSEC_PER_SEC	1000000000ULL
#define NSEC_PER_MSEC	1000000ULL
#define MAX_PROG_FILTERS 32
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define __printf(a, b)	__attribute__((format(printf, a, b)))

static const struct builtin_set {
	const char	*name;
	const char	*start;
	const char	*end;
} builtin_sets[] = {
	{ "hot",	hot_obj_start,		hot_obj_end },
	{ "churn",	churn_obj_start,	churn_obj_end },
};

static const char *prog_name = "bpfload";

struct options {
	long		copies;		/* -1: default (1, or 0 with --churn) */
	const char	*obj_path;
	const struct builtin_set *set;	/* NULL: default (hot, or churn with --churn) */
	const char	*filters[MAX_PROG_FILTERS];
	int		nr_filters;
	bool		no_btf;
	double		hot_sec;
	long		repeat;
	long		threads;
	bool		wait_signal;
	double		wait_timeout;
	const char	*ready_file;
	double		churn_rate;
	double		duration;
	long		hold_ms;
	const char	*ids_file;
	bool		verbose;
	bool		addrs;
};

enum {
	OPT_NO_BTF = 256,
	OPT_HOT,
	OPT_REPEAT,
	OPT_WAIT_SIGNAL,
	OPT_WAIT_TIMEOUT,
	OPT_READY_FILE,
	OPT_CHURN,
	OPT_DURATION,
	OPT_HOLD_MS,
	OPT_IDS_FILE,
};

static const struct option long_options[] = {
	{ "copies",		required_argument,	NULL, 'n' },
	{ "obj",		required_argument,	NULL, 'o' },
	{ "prog",		required_argument,	NULL, 'p' },
	{ "set",		required_argument,	NULL, 's' },
	{ "no-btf",		no_argument,		NULL, OPT_NO_BTF },
	{ "hot",		required_argument,	NULL, OPT_HOT },
	{ "repeat",		required_argument,	NULL, OPT_REPEAT },
	{ "threads",		required_argument,	NULL, 'j' },
	{ "wait-signal",	no_argument,		NULL, OPT_WAIT_SIGNAL },
	{ "wait-timeout",	required_argument,	NULL, OPT_WAIT_TIMEOUT },
	{ "ready-file",		required_argument,	NULL, OPT_READY_FILE },
	{ "churn",		required_argument,	NULL, OPT_CHURN },
	{ "duration",		required_argument,	NULL, OPT_DURATION },
	{ "hold-ms",		required_argument,	NULL, OPT_HOLD_MS },
	{ "ids-file",		required_argument,	NULL, OPT_IDS_FILE },
	{ "addrs",		no_argument,		NULL, 'a' },
	{ "verbose",		no_argument,		NULL, 'v' },
	{ "help",		no_argument,		NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

static void usage(FILE *f)
{
	fprintf(f,
"usage: %s [options]\n"
"\n"
"Load the BPF test workloads (SEC(\"socket\") programs, some with bpf-to-bpf\n"
"subprograms), print one line per loaded program:\n"
"\n"
"  prog id=<id> tag=<16 hex> name=<name> ksyms=<sym>[,<sym>...]\n"
"\n"
"where the ksyms are the JITed functions (main first) as /proc/kallsyms names\n"
"them, found by address from bpf_prog_info.jited_ksyms; then optionally wait,\n"
"run the programs hot or churn loads, and unload everything before exiting\n"
"(also on SIGINT, SIGTERM and SIGHUP, which end the current phase early).\n"
"\n"
"  -n, --copies K        load K copies of every program, each with its own id\n"
"                        (default 1; 0 with --churn)\n"
"  -s, --set NAME        built-in object: hot (hot.bpf.c, the default) or churn\n"
"                        (churn.bpf.c, tiny programs; the default with --churn)\n"
"  -o, --obj PATH        BPF object file to load instead of a built-in one\n"
"  -p, --prog NAME       only programs named NAME (repeatable)\n"
"      --no-btf          load without BTF (no prog_btf_fd, func_info, line_info):\n"
"                        the kernel then names the main function after the\n"
"                        program name (15 chars max) and subprograms \"F\"\n"
"      --hot SECONDS     run every loaded program with BPF_PROG_TEST_RUN,\n"
"                        round-robin, for SECONDS; prints the number of runs\n"
"      --repeat N        repeat count of each BPF_PROG_TEST_RUN call (1000)\n"
"  -j, --threads N       run the hot or churn phase in N threads (1); churn\n"
"                        threads share the rate\n"
"      --wait-signal     after printing, wait for SIGUSR1 before the hot or\n"
"                        churn phase (or before unloading)\n"
"      --wait-timeout S  give up waiting for SIGUSR1 after S seconds and exit 1\n"
"                        (default 300; 0 waits forever)\n"
"      --ready-file PATH create PATH (containing the pid) once the programs are\n"
"                        loaded and printed and signals are being caught\n"
"      --churn RATE      load and unload programs at RATE loads per second\n"
"      --duration S      for S seconds (required with --churn)\n"
"      --hold-ms MS      keep each churned program loaded MS ms (default 0:\n"
"                        unload right after loading); at the end of the\n"
"                        duration the ones still held are unloaded at once\n"
"      --ids-file PATH   write the churned program ids there, one per line,\n"
"                        instead of \"churn id=<id>\" lines on stdout\n"
"  -a, --addrs           append \" addrs=0x<addr>[,0x<addr>...]\" to each prog line:\n"
"                        the jited_ksyms addresses, in the order of ksyms=\n"
"  -v, --verbose         show libbpf's debug output\n"
"  -h, --help            this text\n"
"\n"
"--churn ends with \"churn loads=N unloads=N seconds=S rate=R btf=yes|no threads=N\"\n"
"(ids are sorted).  --hot ends with \"hot runs=N seconds=S threads=N progs=N\".\n"
"A phase ended by a signal adds \" interrupted=yes\"; then \"unloaded progs=N\".\n"
"Errors go to stderr and exit with status 1.\n",
		prog_name);
}

static void __printf(1, 2) error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int __printf(1, 2) bad_option(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s -h' for more information.\n", prog_name);
	return -EINVAL;
}

static bool verbose;

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_DEBUG && !verbose)
		return 0;
	fprintf(stderr, "%s: libbpf: ", prog_name);
	return vfprintf(stderr, fmt, ap);
}

static int parse_long(const char *opt, const char *arg, long min, long max, long *val)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < min || v > max)
		return bad_option("%s: '%s' is not an integer in [%ld, %ld]", opt, arg, min, max);
	*val = v;
	return 0;
}

static int parse_double(const char *opt, const char *arg, double min, double max, bool min_open,
			double *val)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno || end == arg || *end || !isfinite(v) || v < min || v > max ||
	    (min_open && v == min))
		return bad_option("%s: '%s' is not a number in %c%g, %g]", opt, arg,
				  min_open ? '(' : '[', min, max);
	*val = v;
	return 0;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	bool have_duration = false, have_hold = false;
	int c, err = 0;
	size_t i;

	memset(o, 0, sizeof(*o));
	o->copies = -1;
	o->repeat = 1000;
	o->threads = 1;
	o->wait_timeout = 300;

	opterr = 0;
	while (!err && (c = getopt_long(argc, argv, ":n:o:p:s:j:avh", long_options, NULL)) != -1) {
		switch (c) {
		case 'n':
			err = parse_long("-n", optarg, 1, 100000, &o->copies);
			break;
		case 'o':
			o->obj_path = optarg;
			break;
		case 's':
			for (i = 0; i < ARRAY_SIZE(builtin_sets); i++)
				if (!strcmp(optarg, builtin_sets[i].name))
					o->set = &builtin_sets[i];
			if (!o->set)
				err = bad_option("-s: no built-in set '%s' (hot, churn)", optarg);
			break;
		case 'p':
			if (o->nr_filters == MAX_PROG_FILTERS)
				err = bad_option("-p: at most %d names", MAX_PROG_FILTERS);
			else
				o->filters[o->nr_filters++] = optarg;
			break;
		case OPT_NO_BTF:
			o->no_btf = true;
			break;
		case OPT_HOT:
			err = parse_double("--hot", optarg, 0, 86400, true, &o->hot_sec);
			break;
		case OPT_REPEAT:
			err = parse_long("--repeat", optarg, 1, 100000000, &o->repeat);
			break;
		case 'j':
			err = parse_long("-j", optarg, 1, 256, &o->threads);
			break;
		case OPT_WAIT_SIGNAL:
			o->wait_signal = true;
			break;
		case OPT_WAIT_TIMEOUT:
			err = parse_double("--wait-timeout", optarg, 0, 86400 * 365, false,
					   &o->wait_timeout);
			break;
		case OPT_READY_FILE:
			o->ready_file = optarg;
			break;
		case OPT_CHURN:
			err = parse_double("--churn", optarg, 0, 10000000, true, &o->churn_rate);
			break;
		case OPT_DURATION:
			err = parse_double("--duration", optarg, 0, 86400, true, &o->duration);
			have_duration = true;
			break;
		case OPT_HOLD_MS:
			err = parse_long("--hold-ms", optarg, 0, 3600000, &o->hold_ms);
			have_hold = true;
			break;
		case OPT_IDS_FILE:
			o->ids_file = optarg;
			break;
		case 'a':
			o->addrs = true;
			break;
		case 'v':
			o->verbose = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case ':':
			err = bad_option("option '%s' needs an argument", argv[optind - 1]);
			break;
		default:
			err = bad_option("unknown option '%s'", argv[optind - 1]);
			break;
		}
	}
	if (err)
		return err;
	if (optind < argc)
		return bad_option("unexpected argument '%s'", argv[optind]);
	if (o->churn_rate && !have_duration)
		return bad_option("--churn needs --duration");
	if (!o->churn_rate && (have_duration || have_hold || o->ids_file))
		return bad_option("--duration, --hold-ms and --ids-file need --churn");
	if (o->churn_rate && o->hot_sec)
		return bad_option("--hot and --churn cannot be combined");
	if (o->set && o->obj_path)
		return bad_option("-s and -o cannot be combined");
	if (o->copies < 0)
		o->copies = o->churn_rate ? 0 : 1;
	if (!o->set)
		o->set = &builtin_sets[o->churn_rate ? 1 : 0];
	return 0;
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/*
 * Wait for one of the (blocked) signals in @set until @deadline (monotonic
 * ns; 0 means no deadline).  Returns the signal, 0 on timeout, or -errno.
 */
static int wait_signal_until(const sigset_t *set, __u64 deadline)
{
	struct timespec ts;
	__u64 now, left;
	int sig;

	for (;;) {
		if (deadline) {
			now = now_ns();
			if (now >= deadline)
				return 0;
			left = deadline - now;
			ts.tv_sec = left / NSEC_PER_SEC;
			ts.tv_nsec = left % NSEC_PER_SEC;
			sig = sigtimedwait(set, NULL, &ts);
		} else {
			sig = sigwaitinfo(set, NULL);
		}
		if (sig > 0)
			return sig;
		if (errno != EAGAIN && errno != EINTR)
			return -errno;
	}
}

static int write_ready_file(const char *path)
{
	char tmp[PATH_MAX];
	FILE *f;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp%d", path, (int)getpid()) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	f = fopen(tmp, "we");
	if (!f)
		return -errno;
	fprintf(f, "%d\n", (int)getpid());
	if (fclose(f) || rename(tmp, path)) {
		int err = -errno;

		unlink(tmp);
		return err;
	}
	return 0;
}

static void format_tag(const __u8 *tag, char *buf)
{
	int i;

	for (i = 0; i < 8; i++)
		sprintf(buf + 2 * i, "%02x", tag[i]);
}

/* Print the "prog id=... ksyms=..." line of every loaded program. */
static int print_progs(const int *fds, const int *idx, int nr, const struct workload *w,
		       bool addrs)
{
	struct ksym_table *kt;
	struct prog_desc d;
	char tag[17];
	int i, err;
	__u32 k;

	err = ksym_table__new(&kt, NULL);
	if (err) {
		error("/proc/kallsyms: %s", strerror(-err));
		return err;
	}
	for (i = 0; i < nr; i++) {
		err = prog_desc__fill(&d, fds[i]);
		if (err) {
			error("%s: bpf_obj_get_info_by_fd: %s", workload__prog_name(w, idx[i]),
			      strerror(-err));
			break;
		}
		format_tag(d.tag, tag);
		printf("prog id=%u tag=%s name=%s ksyms=", d.id, tag,
		       workload__prog_name(w, idx[i]));
		for (k = 0; k < d.nr_ksyms; k++) {
			const char *sym = ksym_table__find(kt, d.ksyms[k]);

			if (k)
				putchar(',');
			if (sym) {
				fputs(sym, stdout);
			} else {
				/* Should not happen for a privileged loader with the JIT on. */
				printf("0x%llx", (unsigned long long)d.ksyms[k]);
				error("prog id %u: no /proc/kallsyms entry at 0x%llx", d.id,
				      (unsigned long long)d.ksyms[k]);
			}
		}
		for (k = 0; addrs && k < d.nr_ksyms; k++)
			printf("%s0x%llx", k ? "," : " addrs=", (unsigned long long)d.ksyms[k]);
		putchar('\n');
		prog_desc__exit(&d);
	}
	ksym_table__delete(kt);
	fflush(stdout);
	return err;
}

struct hot_ctx {
	const int	*fds;
	int		nr;
	int		repeat;
	atomic_bool	stop;
};

struct hot_worker {
	struct hot_ctx		*ctx;
	int			first;
	pthread_t		thread;
	unsigned long long	runs;
	int			err;
	int			err_fd_idx;
};

static void *hot_worker__run(void *arg)
{
	struct hot_worker *hw = arg;
	struct hot_ctx *ctx = hw->ctx;
	/* An Ethernet frame (IPv4 ethertype) the programs read skb->len from. */
	unsigned char pkt[64] = { [12] = 0x08, [13] = 0x00 };
	LIBBPF_OPTS(bpf_test_run_opts, topts);
	int i = hw->first;

	while (!atomic_load_explicit(&ctx->stop, memory_order_relaxed)) {
		topts.data_in = pkt;
		topts.data_size_in = sizeof(pkt);
		topts.data_out = NULL;
		topts.data_size_out = 0;
		topts.repeat = ctx->repeat;
		if (bpf_prog_test_run_opts(ctx->fds[i], &topts)) {
			hw->err = -errno;
			hw->err_fd_idx = i;
			atomic_store(&ctx->stop, true);
			break;
		}
		hw->runs += ctx->repeat;
		i = (i + 1) % ctx->nr;
	}
	return NULL;
}

static int run_hot(const struct options *o, const int *fds, const int *idx, int nr,
		   const struct workload *w, const sigset_t *stopset)
{
	struct hot_ctx ctx = { .fds = fds, .nr = nr, .repeat = (int)o->repeat };
	unsigned long long runs = 0;
	struct hot_worker *hw;
	__u64 start, deadline, slice;
	int i, started, sig = 0, err = 0;

	if (!nr) {
		error("--hot: no program loaded");
		return -EINVAL;
	}
	hw = calloc(o->threads, sizeof(*hw));
	if (!hw)
		return -ENOMEM;
	atomic_init(&ctx.stop, false);
	start = now_ns();
	deadline = start + (__u64)(o->hot_sec * NSEC_PER_SEC);
	for (started = 0; started < o->threads; started++) {
		hw[started].ctx = &ctx;
		hw[started].first = started % nr;
		err = -pthread_create(&hw[started].thread, NULL, hot_worker__run, &hw[started]);
		if (err) {
			error("pthread_create: %s", strerror(-err));
			break;
		}
	}
	/* Wake up now and then to notice a worker that failed. */
	while (!err && !atomic_load(&ctx.stop)) {
		slice = now_ns() + 100 * NSEC_PER_MSEC;
		sig = wait_signal_until(stopset, slice < deadline ? slice : deadline);
		if (sig || now_ns() >= deadline)
			break;
	}
	atomic_store(&ctx.stop, true);
	for (i = 0; i < started; i++) {
		pthread_join(hw[i].thread, NULL);
		runs += hw[i].runs;
		if (hw[i].err && !err) {
			err = hw[i].err;
			error("%s: BPF_PROG_TEST_RUN: %s", workload__prog_name(w, idx[hw[i].err_fd_idx]),
			      strerror(-err));
		}
	}
	if (sig < 0 && !err) {
		err = sig;
		error("sigtimedwait: %s", strerror(-err));
	}
	printf("hot runs=%llu seconds=%.3f threads=%d progs=%d%s\n", runs,
	       (double)(now_ns() - start) / NSEC_PER_SEC, started, nr,
	       sig > 0 ? " interrupted=yes" : "");
	fflush(stdout);
	free(hw);
	return err;
}

struct held_prog {
	int	fd;
	__u64	deadline;
};

/* FIFO of programs held loaded during --churn; deadlines are non-decreasing. */
struct held_queue {
	struct held_prog	*q;
	size_t			head, nr, alloc;
};

static int held_queue__push(struct held_queue *hq, int fd, __u64 deadline)
{
	if (hq->nr == hq->alloc) {
		size_t n = hq->alloc ? 2 * hq->alloc : 64, i;
		struct held_prog *q = malloc(n * sizeof(*q));

		if (!q)
			return -ENOMEM;
		for (i = 0; i < hq->nr; i++)
			q[i] = hq->q[(hq->head + i) % hq->alloc];
		free(hq->q);
		hq->q = q;
		hq->head = 0;
		hq->alloc = n;
	}
	hq->q[(hq->head + hq->nr) % hq->alloc] = (struct held_prog){ fd, deadline };
	hq->nr++;
	return 0;
}

/* Unload the held programs whose deadline is <= @now; returns how many. */
static unsigned long held_queue__expire(struct held_queue *hq, __u64 now)
{
	unsigned long n = 0;

	while (hq->nr && hq->q[hq->head].deadline <= now) {
		close(hq->q[hq->head].fd);
		hq->head = (hq->head + 1) % hq->alloc;
		hq->nr--;
		n++;
	}
	return n;
}

struct id_list {
	__u32	*ids;
	size_t	nr, alloc;
};

static int id_list__add(struct id_list *l, __u32 id)
{
	if (l->nr == l->alloc) {
		size_t n = l->alloc ? 2 * l->alloc : 1024;
		void *p = realloc(l->ids, n * sizeof(*l->ids));

		if (!p)
			return -ENOMEM;
		l->ids = p;
		l->alloc = n;
	}
	l->ids[l->nr++] = id;
	return 0;
}

static int write_ids(const struct options *o, const struct id_list *l)
{
	FILE *f = stdout;
	size_t i;

	if (o->ids_file) {
		f = fopen(o->ids_file, "we");
		if (!f) {
			error("%s: %s", o->ids_file, strerror(errno));
			return -errno;
		}
	}
	for (i = 0; i < l->nr; i++)
		fprintf(f, o->ids_file ? "%u\n" : "churn id=%u\n", l->ids[i]);
	if (o->ids_file && fclose(f)) {
		error("%s: %s", o->ids_file, strerror(errno));
		return -errno;
	}
	return 0;
}

struct churn_worker {
	const struct options	*o;
	const struct workload	*w;
	const int		*idx;
	int			nr;
	int			next_prog;
	__u64			period;		/* ns between two loads of this worker */
	__u64			first;		/* time of its first load */
	__u64			end;
	atomic_bool		*stop;
	pthread_t		thread;
	unsigned long		loads, unloads;
	struct id_list		ids;
	int			err;
};

/* Sleep until @t (monotonic ns), at most 50 ms so that a stop is seen soon. */
static void sleep_until(__u64 t)
{
	__u64 cap = now_ns() + 50 * NSEC_PER_MSEC;
	struct timespec ts;

	if (t > cap)
		t = cap;
	ts.tv_sec = t / NSEC_PER_SEC;
	ts.tv_nsec = t % NSEC_PER_SEC;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}

static void *churn_worker__run(void *arg)
{
	struct churn_worker *cw = arg;
	const struct options *o = cw->o;
	__u64 next = cw->first, now, wake, hold = (__u64)o->hold_ms * NSEC_PER_MSEC;
	struct held_queue hq = { 0 };
	int fd, err = 0, prog;
	__u32 id;

	for (;;) {
		now = now_ns();
		cw->unloads += held_queue__expire(&hq, now);
		if (now >= cw->end || atomic_load_explicit(cw->stop, memory_order_relaxed))
			break;
		if (now < next) {
			wake = next < cw->end ? next : cw->end;
			if (hq.nr && hq.q[hq.head].deadline < wake)
				wake = hq.q[hq.head].deadline;
			sleep_until(wake);
			continue;
		}
		/* Behind schedule (the kernel is the limit): load back to back. */
		prog = cw->idx[cw->next_prog];
		cw->next_prog = (cw->next_prog + 1) % cw->nr;
		fd = workload__load(cw->w, prog, !o->no_btf, NULL, 0);
		if (fd < 0) {
			err = fd;
			error("%s: BPF_PROG_LOAD: %s", workload__prog_name(cw->w, prog),
			      strerror(-err));
			break;
		}
		cw->loads++;
		err = prog__id(fd, &id);
		if (!err)
			err = id_list__add(&cw->ids, id);
		if (!err && hold)
			err = held_queue__push(&hq, fd, now_ns() + hold);
		if (err || !hold) {
			close(fd);
			cw->unloads++;
		}
		if (err) {
			error("churn: %s", strerror(-err));
			break;
		}
		next += cw->period;
	}
	/* The end of the duration (or a stop) unloads what is still held. */
	cw->unloads += held_queue__expire(&hq, ~0ULL);
	free(hq.q);
	cw->err = err;
	if (err)
		atomic_store(cw->stop, true);
	return NULL;
}

static int id__cmp(const void *a, const void *b)
{
	__u32 x = *(const __u32 *)a, y = *(const __u32 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Load and unload at o->churn_rate for o->duration seconds; the o->threads
 * workers share the rate, the main thread only watches for signals.
 */
static int run_churn(const struct options *o, const int *idx, int nr, const struct workload *w,
		     const sigset_t *stopset)
{
	struct churn_worker *cw;
	struct id_list ids = { 0 };
	unsigned long loads = 0, unloads = 0;
	__u64 start, end, period;
	atomic_bool stop;
	double seconds;
	int t, started, sig = 0, err = 0, werr;
	size_t i;

	if (!nr) {
		error("--churn: no program selected");
		return -EINVAL;
	}
	cw = calloc(o->threads, sizeof(*cw));
	if (!cw)
		return -ENOMEM;
	atomic_init(&stop, false);
	period = (__u64)(NSEC_PER_SEC / o->churn_rate);
	start = now_ns();
	end = start + (__u64)(o->duration * NSEC_PER_SEC);
	for (started = 0; started < o->threads; started++) {
		cw[started] = (struct churn_worker){
			.o = o, .w = w, .idx = idx, .nr = nr, .next_prog = started % nr,
			.period = period * o->threads, .first = start + started * period,
			.end = end, .stop = &stop,
		};
		err = -pthread_create(&cw[started].thread, NULL, churn_worker__run, &cw[started]);
		if (err) {
			error("pthread_create: %s", strerror(-err));
			atomic_store(&stop, true);
			break;
		}
	}
	while (!err && !atomic_load(&stop)) {
		__u64 slice = now_ns() + 100 * NSEC_PER_MSEC;

		sig = wait_signal_until(stopset, slice < end ? slice : end);
		if (sig || now_ns() >= end)
			break;
	}
	atomic_store(&stop, true);
	for (t = 0; t < started; t++) {
		pthread_join(cw[t].thread, NULL);
		loads += cw[t].loads;
		unloads += cw[t].unloads;
		if (cw[t].err && !err)
			err = cw[t].err;
	}
	seconds = (double)(now_ns() - start) / NSEC_PER_SEC;
	if (sig < 0 && !err) {
		err = sig;
		error("sigtimedwait: %s", strerror(-err));
	}
	for (t = 0; t < started; t++) {
		for (i = 0; i < cw[t].ids.nr; i++)
			if (!err && id_list__add(&ids, cw[t].ids.ids[i]))
				err = -ENOMEM;
		free(cw[t].ids.ids);
	}
	free(cw);
	/* Ids grow (cyclically) with time: sorted is about load order. */
	qsort(ids.ids, ids.nr, sizeof(*ids.ids), id__cmp);
	werr = write_ids(o, &ids);
	if (!err)
		err = werr;
	printf("churn loads=%lu unloads=%lu seconds=%.3f rate=%.1f btf=%s threads=%d%s\n", loads,
	       unloads, seconds, seconds > 0 ? loads / seconds : 0.0,
	       !o->no_btf && workload__has_btf(w) ? "yes" : "no", started,
	       sig > 0 ? " interrupted=yes" : "");
	fflush(stdout);
	free(ids.ids);
	return err;
}

/* After a failed load: load again with the verifier log, print its end. */
static void print_verifier_log(const struct workload *w, int idx, bool btf)
{
	size_t size = 1 << 20, len;
	char *log = malloc(size);
	int fd;

	if (!log)
		return;
	fd = workload__load(w, idx, btf, log, size);
	if (fd >= 0) {
		close(fd);
	} else if (log[0]) {
		len = strlen(log);
		fprintf(stderr, "%s: verifier log of %s (end):\n%s", prog_name,
			workload__prog_name(w, idx), len > 2048 ? log + len - 2048 : log);
	}
	free(log);
}

/* Every loaded program holds an fd: -n and --hold-ms can need thousands. */
static void raise_nofile_limit(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* Indexes of the programs selected by -p (all without -p). */
static int select_progs(const struct options *o, const struct workload *w, int *idx)
{
	int i, f, nr = 0;
	bool used;

	for (f = 0; f < o->nr_filters; f++) {
		used = false;
		for (i = 0; i < workload__nr_progs(w); i++)
			if (!strcmp(o->filters[f], workload__prog_name(w, i)))
				used = true;
		if (!used) {
			error("-p %s: no such program in the object", o->filters[f]);
			return -ENOENT;
		}
	}
	for (i = 0; i < workload__nr_progs(w); i++) {
		used = !o->nr_filters;
		for (f = 0; f < o->nr_filters; f++)
			if (!strcmp(o->filters[f], workload__prog_name(w, i)))
				used = true;
		if (used)
			idx[nr++] = i;
	}
	return nr;
}

int main(int argc, char **argv)
{
	struct workload *w = NULL;
	struct options o;
	sigset_t waitset, stopset;
	int *sel = NULL, *fds = NULL, *fd_prog = NULL;
	int nr_sel, nr_fds = 0, sig = 0, err, c, i;

	if (argv[0] && strrchr(argv[0], '/'))
		prog_name = strrchr(argv[0], '/') + 1;
	else if (argv[0] && argv[0][0])
		prog_name = argv[0];
	if (parse_options(argc, argv, &o))
		return 1;
	verbose = o.verbose;
	libbpf_set_print(libbpf_print);
	raise_nofile_limit();

	/*
	 * Signals are only ever taken synchronously by the main thread, so a
	 * SIGINT in any phase ends that phase and still unloads everything.
	 */
	sigemptyset(&stopset);
	sigaddset(&stopset, SIGINT);
	sigaddset(&stopset, SIGTERM);
	sigaddset(&stopset, SIGHUP);
	waitset = stopset;
	sigaddset(&waitset, SIGUSR1);
	sigprocmask(SIG_BLOCK, &waitset, NULL);

	err = workload__new(&w, o.obj_path, o.set->start, o.set->end - o.set->start);
	if (err) {
		if (o.obj_path)
			error("%s: cannot load: %s", o.obj_path, strerror(-err));
		else
			error("built-in %s.bpf.o: cannot load: %s", o.set->name, strerror(-err));
		goto out;
	}
	sel = calloc(workload__nr_progs(w), sizeof(*sel));
	if (!sel) {
		err = -ENOMEM;
		goto out;
	}
	nr_sel = select_progs(&o, w, sel);
	if (nr_sel < 0) {
		err = nr_sel;
		goto out;
	}

	fds = calloc((size_t)o.copies * nr_sel + 1, sizeof(*fds));
	fd_prog = calloc((size_t)o.copies * nr_sel + 1, sizeof(*fd_prog));
	if (!fds || !fd_prog) {
		err = -ENOMEM;
		goto out;
	}
	for (c = 0; c < o.copies; c++) {
		for (i = 0; i < nr_sel; i++) {
			err = workload__load(w, sel[i], !o.no_btf, NULL, 0);
			if (err < 0) {
				error("%s: BPF_PROG_LOAD: %s", workload__prog_name(w, sel[i]),
				      strerror(-err));
				print_verifier_log(w, sel[i], !o.no_btf);
				goto out;
			}
			fd_prog[nr_fds] = sel[i];
			fds[nr_fds++] = err;
		}
	}
	err = print_progs(fds, fd_prog, nr_fds, w, o.addrs);
	if (err)
		goto out;

	if (o.ready_file) {
		err = write_ready_file(o.ready_file);
		if (err) {
			error("%s: %s", o.ready_file, strerror(-err));
			goto out;
		}
	}
	if (o.wait_signal) {
		sig = wait_signal_until(&waitset, o.wait_timeout > 0 ?
					now_ns() + (__u64)(o.wait_timeout * NSEC_PER_SEC) : 0);
		if (sig == 0) {
			error("no SIGUSR1 within %g seconds", o.wait_timeout);
			err = -ETIMEDOUT;
			goto out;
		}
		if (sig < 0) {
			err = sig;
			error("sigwaitinfo: %s", strerror(-err));
			goto out;
		}
	}
	err = 0;
	if (sig == 0 || sig == SIGUSR1) {
		if (o.hot_sec)
			err = run_hot(&o, fds, fd_prog, nr_fds, w, &stopset);
		else if (o.churn_rate)
			err = run_churn(&o, sel, nr_sel, w, &stopset);
	}
out:
	for (i = 0; i < nr_fds; i++)
		close(fds[i]);
	if (nr_fds) {
		printf("unloaded progs=%d\n", nr_fds);
		fflush(stdout);
	}
	free(fds);
	free(fd_prog);
	free(sel);
	workload__delete(w);
	/* Signals stay blocked: one arriving now must not turn exit 0 into a kill. */
	return err ? 1 : 0;
}
