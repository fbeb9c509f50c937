// SPDX-License-Identifier: GPL-2.0
/*
 * jitload: user-space code perf can only name with help, run hot.
 *
 *   jitload [--no-map] --jit SECONDS
 *	copies two position-independent functions of its own into an
 *	anonymous executable mapping (three copies: jit_hot_a, jit_hot_b
 *	and an unnamed one), writes /tmp/perf-<pid>.map naming the first
 *	two as JIT runtimes do ("<start hex> <size hex> <name>"), then calls
 *	all three round-robin for SECONDS.  The map file is left behind for
 *	perf report (the caller removes it); --no-map writes none.
 *   jitload --qsort SECONDS
 *	sorts arrays with libc's qsort(): time goes into libc's static
 *	merge-sort helpers, which only libc's debug file names.
 *   jitload --spin SECONDS
 *	runs spin_outer() -> spin_inner(), two functions of this binary
 *	(for tests that strip it).
 *
 * SECONDS are of its own CPU time, not of the clock on the wall: a profile
 * of it holds about as many samples on a busy machine as on an idle one.
 *
 * Prints "jit pid=<pid> map=<path|none> a=0x<addr> b=0x<addr> anon=0x<addr>
 * size=<bytes>" before running, "runs=<n>" after.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/*
 * The code copied: one self-contained function in a section of its own
 * (no calls, no data, no absolute addresses), so its bytes run anywhere.
 * The linker provides __start_/__stop_ for the section.
 */
__attribute__((noinline, used, section("jitcode"), optimize("no-tree-vectorize")))
static unsigned long jit_template(unsigned long n)
{
	unsigned long x = n, i;

	for (i = 0; i < n; i++)
		x = x * 2862933555777941757UL + 3037000493UL + (x >> 17);
	return x;
}

extern const unsigned char __start_jitcode[], __stop_jitcode[];

typedef unsigned long (*jit_fn)(unsigned long);

static volatile unsigned long sink;

/* the CPU time this process used */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int run_jit(double seconds, int write_map)
{
	size_t size = (size_t)(__stop_jitcode - __start_jitcode), slot = 4096;
	unsigned char *code;
	jit_fn fn[3];
	char path[64] = "none";
	unsigned long runs = 0;
	double end;
	int i;

	if (!size || size > slot) {
		fprintf(stderr, "jitload: template of %zu bytes\n", size);
		return 1;
	}
	code = mmap(NULL, 3 * slot, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) {
		fprintf(stderr, "jitload: mmap: %s\n", strerror(errno));
		return 1;
	}
	for (i = 0; i < 3; i++) {
		memcpy(code + i * slot, __start_jitcode, size);
		fn[i] = (jit_fn)(void *)(code + i * slot);
	}
	__builtin___clear_cache((char *)code, (char *)code + 3 * slot);
	if (write_map) {
		FILE *f;

		snprintf(path, sizeof(path), "/tmp/perf-%d.map", getpid());
		f = fopen(path, "w");
		if (!f) {
			fprintf(stderr, "jitload: %s: %s\n", path, strerror(errno));
			return 1;
		}
		fprintf(f, "%lx %zx jit_hot_a\n", (unsigned long)fn[0], size);
		fprintf(f, "%lx %zx jit_hot_b\n", (unsigned long)fn[1], size);
		if (fclose(f)) {
			fprintf(stderr, "jitload: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	printf("jit pid=%d map=%s a=%p b=%p anon=%p size=%zu\n", getpid(), path,
	       (void *)fn[0], (void *)fn[1], (void *)fn[2], size);
	fflush(stdout);
	end = now() + seconds;
	do {
		for (i = 0; i < 3; i++)
			sink += fn[i](20000);
		runs++;
	} while (now() < end);
	printf("runs=%lu\n", runs);
	return 0;
}

static int cmp_ulong(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

static int run_qsort(double seconds)
{
	size_t n = 20000, i;
	unsigned long *v = malloc(n * sizeof(*v)), seed = 1, runs = 0;
	double end = now() + seconds;

	if (!v)
		return 1;
	do {
		for (i = 0; i < n; i++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			v[i] = seed >> 20;
		}
		qsort(v, n, sizeof(*v), cmp_ulong);
		runs++;
	} while (now() < end);
	sink = v[n / 2];
	free(v);
	printf("runs=%lu\n", runs);
	return 0;
}

__attribute__((noinline)) static unsigned long spin_inner(unsigned long n)
{
	unsigned long x = n, i;

	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		__asm__ volatile("" : "+r"(x));
	}
	return x;
}

__attribute__((noinline)) static unsigned long spin_outer(unsigned long n)
{
	unsigned long x = 0, i;

	for (i = 0; i < n; i++) {
		x += i * i;
		__asm__ volatile("" : "+r"(x));
	}
	return x + spin_inner(n);
}

static int run_spin(double seconds)
{
	unsigned long runs = 0;
	double end = now() + seconds;

	do {
		sink += spin_outer(50000);
		runs++;
	} while (now() < end);
	printf("runs=%lu\n", runs);
	return 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: jitload [--no-map] --jit SECONDS | --qsort SECONDS | --spin SECONDS\n");
}

int main(int argc, char **argv)
{
	int write_map = 1, i;
	char *end;
	double s;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--no-map")) {
			write_map = 0;
			continue;
		}
		if (i + 1 >= argc)
			break;
		s = strtod(argv[i + 1], &end);
		if (*end || s < 0) {
			fprintf(stderr, "jitload: bad seconds '%s'\n", argv[i + 1]);
			return 1;
		}
		if (!strcmp(argv[i], "--jit"))
			return run_jit(s, write_map);
		if (!strcmp(argv[i], "--qsort"))
			return run_qsort(s);
		if (!strcmp(argv[i], "--spin"))
			return run_spin(s);
		break;
	}
	usage();
	return 1;
}
