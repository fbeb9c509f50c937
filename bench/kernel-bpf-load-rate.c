// SPDX-License-Identifier: GPL-2.0
/*
 * BPF program load+unload rate, in the QEMU guest, with and without a
 * CPU-wide ksymbol/bpf_event listener.
 *
 *   kernel-bpf-load-rate [seconds-per-round] [rounds]
 *
 * Alternates rounds of "none" (no perf event open) and "listener" (one
 * dummy event per CPU with ksymbol and bpf_event, drained by a thread),
 * and prints one line per round, "BENCH <mode> <loads/s>", then the
 * medians.  On a kernel without the feature the listener cannot be
 * opened: a "filler" round (no listener, not counted) takes its place, so
 * that a guest booted next to this one (scripts/kernel/bench runs the
 * series and the base side by side) sees the same schedule of rounds.
 * A benchmark, not a test: it never fails on a slow result.
 */
#include "ksym_util.h"
#include <pthread.h>

static volatile int draining;
static struct sb_event ev[16];
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

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1.0;
	int rounds = argc > 2 ? atoi(argv[2]) : 5, i, c;
	double none[64], listen[64];
	int nn = 0, nl = 0;
	bool can_listen = true;
	pthread_t th;

	if (rounds > 64)
		rounds = 64;
	setvbuf(stdout, NULL, _IOLBF, 0);
	pin_to_cpu(0);
	nev = online_cpus() < 16 ? online_cpus() : 16;
	/* warm up: first loads allocate JIT pages */
	round_rate(secs / 4);
	for (i = 0; i < rounds; i++) {
		none[nn] = round_rate(secs);
		printf("BENCH none %.0f\n", none[nn++]);
		if (!can_listen) {
			printf("BENCH filler %.0f\n", round_rate(secs));
			continue;
		}
		for (c = 0; c < nev; c++) {
			if (sb_open(&ev[c], -1, c, WANT_KSYMBOL | WANT_BPF_EVENT)) {
				printf("# no listener: perf_event_open: %s\n", strerror(errno));
				can_listen = false;
				while (--c >= 0)
					sb_close(&ev[c]);
				break;
			}
		}
		if (!can_listen) {
			printf("BENCH filler %.0f\n", round_rate(secs));
			continue;
		}
		draining = 1;
		pthread_create(&th, NULL, drain, NULL);
		listen[nl] = round_rate(secs);
		draining = 0;
		pthread_join(th, NULL);
		for (c = 0; c < nev; c++)
			sb_close(&ev[c]);
		printf("BENCH listener %.0f\n", listen[nl++]);
	}
	printf("BENCH median none %.0f\n", median(none, nn));
	if (nl)
		printf("BENCH median listener %.0f\n", median(listen, nl));
	return 0;
}
