// SPDX-License-Identifier: GPL-2.0
/*
 * BPF program load+unload rate, in the QEMU guest, with no listener,
 * with one CPU-wide ksymbol/bpf_event listener per CPU, and with four
 * per CPU (four perf sessions, say).
 *
 *   kernel-bpf-load-rate [seconds-per-round] [rounds]
 *
 * Each round runs the three modes in turn, "none", "listener" and
 * "four", and prints one line per mode, "BENCH <mode> <loads/s>", then
 * the medians.  Listeners are dummy events with ksymbol and bpf_event,
 * drained by a thread as perf's reader does.  On a kernel without the
 * feature the listeners cannot be opened: a "filler" run (no listener,
 * not counted) takes the place of each listener mode, so that a guest
 * booted next to this one (scripts/kernel/bench runs the kernels side
 * by side) sees the same schedule of rounds.
 * A benchmark, not a test: it never fails on a slow result.
 */
#include "ksym_util.h"
#include <pthread.h>

#define MAX_EV	64

static volatile int draining;
static struct sb_event ev[MAX_EV];
static int nev;

static void *drain(void *arg)
{
	while (draining) {
		for (int i = 0; i < nev; i++)
			while (sb_next(&ev[i]))
				;
		usleep(1000);
	}
	return NULL;
}

static double round_rate(double seconds)
{
	__u64 end = now_ns() + (__u64)(seconds * 1e9), start = now_ns();
	long n = 0;

	while (now_ns() < end) {
		int fd = prog_load(2, "bench", false);

		if (fd < 0) {
			printf("# BPF_PROG_LOAD: %s\n", strerror(errno));
			return 0;
		}
		close(fd);
		n++;
	}
	return n / ((now_ns() - start) / 1e9);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp);
	return n ? (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2) : 0;
}

/* Open per_cpu listeners on each CPU; false when the kernel has no feature. */
static bool listen_open(int ncpu, int per_cpu)
{
	nev = 0;
	for (int c = 0; c < ncpu; c++) {
		for (int j = 0; j < per_cpu && nev < MAX_EV; j++) {
			if (sb_open(&ev[nev], -1, c, WANT_KSYMBOL | WANT_BPF_EVENT)) {
				printf("# no listener: perf_event_open: %s\n", strerror(errno));
				while (--nev >= 0)
					sb_close(&ev[nev]);
				nev = 0;
				return false;
			}
			nev++;
		}
	}
	return true;
}

static void listen_close(void)
{
	while (--nev >= 0)
		sb_close(&ev[nev]);
	nev = 0;
}

/* One listener mode of a round: its rate, or a filler's when it cannot listen. */
static bool listen_round(const char *mode, int ncpu, int per_cpu, double secs, bool can,
			 double *v, int *n)
{
	pthread_t th;
	double r;

	if (can && !listen_open(ncpu, per_cpu))
		can = false;
	if (!can) {
		printf("BENCH filler %.0f\n", round_rate(secs));
		return false;
	}
	draining = 1;
	pthread_create(&th, NULL, drain, NULL);
	r = round_rate(secs);
	draining = 0;
	pthread_join(th, NULL);
	listen_close();
	v[(*n)++] = r;
	printf("BENCH %s %.0f\n", mode, r);
	return true;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	int rounds = argc > 2 ? atoi(argv[2]) : 5, i, ncpu;
	double none[64], one[64], four[64];
	int nn = 0, n1 = 0, n4 = 0;
	bool can_listen = true;

	if (rounds > 64)
		rounds = 64;
	setvbuf(stdout, NULL, _IOLBF, 0);
	pin_to_cpu(0);
	ncpu = online_cpus() < MAX_EV / 4 ? online_cpus() : MAX_EV / 4;
	/* warm up: first loads allocate JIT pages */
	round_rate(secs / 4);
	for (i = 0; i < rounds; i++) {
		none[nn] = round_rate(secs);
		printf("BENCH none %.0f\n", none[nn++]);
		can_listen = listen_round("listener", ncpu, 1, secs, can_listen, one, &n1);
		can_listen = listen_round("four", ncpu, 4, secs, can_listen, four, &n4);
	}
	printf("BENCH median none %.0f\n", median(none, nn));
	if (n1)
		printf("BENCH median listener %.0f\n", median(one, n1));
	if (n4)
		printf("BENCH median four %.0f\n", median(four, n4));
	return 0;
}
