// SPDX-License-Identifier: GPL-2.0
/* perf report -T: the counts of PERF_RECORD_READ by thread and event (read-values.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "read-values.h"

static int read_values__counter(struct read_values *rv, int idx, const char *name)
{
	u32 i;

	for (i = 0; i < rv->nr_counters; i++)
		if (rv->counters[i].idx == idx)
			return (int)i;
	if (rv->nr_counters == rv->alloc_counters) {
		u32 n = rv->alloc_counters ? 2 * rv->alloc_counters : 4;
		struct read_values_counter *c = realloc(rv->counters, n * sizeof(*c));

		if (!c)
			return -ENOMEM;
		rv->counters = c;
		/* each thread's values grow with them, the new ones 0 */
		for (i = 0; i < rv->nr_threads; i++) {
			u64 *v = realloc(rv->threads[i].values, n * sizeof(*v));

			if (!v)
				return -ENOMEM;
			memset(v + rv->alloc_counters, 0, (n - rv->alloc_counters) * sizeof(*v));
			rv->threads[i].values = v;
		}
		rv->alloc_counters = n;
	}
	rv->counters[rv->nr_counters].idx = idx;
	rv->counters[rv->nr_counters].name = name;
	return (int)rv->nr_counters++;
}

static int read_values__thread(struct read_values *rv, u32 pid, u32 tid)
{
	struct read_values_thread *t;
	u32 i;

	for (i = 0; i < rv->nr_threads; i++)
		if (rv->threads[i].pid == pid && rv->threads[i].tid == tid)
			return (int)i;
	if (rv->nr_threads == rv->alloc_threads) {
		u32 n = rv->alloc_threads ? 2 * rv->alloc_threads : 16;

		t = realloc(rv->threads, n * sizeof(*t));
		if (!t)
			return -ENOMEM;
		rv->threads = t;
		rv->alloc_threads = n;
	}
	t = &rv->threads[rv->nr_threads];
	t->pid = pid;
	t->tid = tid;
	t->values = calloc(rv->alloc_counters ? rv->alloc_counters : 1, sizeof(u64));
	if (!t->values)
		return -ENOMEM;
	return (int)rv->nr_threads++;
}

int read_values__add(struct read_values *rv, u32 pid, u32 tid, int idx, const char *name,
		     u64 value)
{
	int c = read_values__counter(rv, idx, name), t;

	if (c < 0)
		return c;
	t = read_values__thread(rv, pid, tid);
	if (t < 0)
		return t;
	rv->threads[t].values[c] += value;
	return 0;
}

/* the width a number takes printed */
static int num_width(long long v, bool u)
{
	return u ? snprintf(NULL, 0, "%llu", (unsigned long long)v) : snprintf(NULL, 0, "%lld", v);
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

/* counter j's column: its name's width or its widest count */
static int read_values__width(const struct read_values *rv, u32 j)
{
	int w = (int)strlen(rv->counters[j].name);
	u32 i;

	for (i = 0; i < rv->nr_threads; i++)
		w = max_int(w, num_width((long long)rv->threads[i].values[j], true));
	return w;
}

/*
 * --pretty raw: a line a value (upstream's lines without their ends: one
 * line of all), the event's name and index
 */
static void read_values__fprintf_raw(const struct read_values *rv, int pidw, int tidw,
				     FILE *fp)
{
	int namew = 4, raww = 3, countw = 5;
	u32 i, j;

	for (j = 0; j < rv->nr_counters; j++) {
		namew = max_int(namew, (int)strlen(rv->counters[j].name));
		raww = max_int(raww, num_width(rv->counters[j].idx, false));
		for (i = 0; i < rv->nr_threads; i++)
			countw = max_int(countw, num_width((long long)rv->threads[i].values[j], true));
	}
	fprintf(fp, "# %*s  %*s  %*s  %*s  %*s\n", pidw, "PID", tidw, "TID", namew, "Name",
		raww, "Raw", countw, "Count");
	for (i = 0; i < rv->nr_threads; i++)
		for (j = 0; j < rv->nr_counters; j++)
			fprintf(fp, "  %*d  %*d  %*s  %*d  %*llu", pidw, (int)rv->threads[i].pid, tidw,
				(int)rv->threads[i].tid, namew, rv->counters[j].name, raww,
				rv->counters[j].idx, countw,
				(unsigned long long)rv->threads[i].values[j]);
}

void read_values__fprintf(const struct read_values *rv, bool raw, FILE *fp)
{
	int pidw = 3, tidw = 3, cw;
	u32 i, j;

	/* each column as wide as its header or its widest number */
	for (i = 0; i < rv->nr_threads; i++) {
		pidw = max_int(pidw, num_width((int)rv->threads[i].pid, false));
		tidw = max_int(tidw, num_width((int)rv->threads[i].tid, false));
	}
	if (raw) {
		read_values__fprintf_raw(rv, pidw, tidw, fp);
		return;
	}
	fprintf(fp, "# %*s  %*s", pidw, "PID", tidw, "TID");
	for (j = 0; j < rv->nr_counters; j++)
		fprintf(fp, "  %*s", read_values__width(rv, j), rv->counters[j].name);
	fputc('\n', fp);
	for (i = 0; i < rv->nr_threads; i++) {
		fprintf(fp, "  %*d  %*d", pidw, (int)rv->threads[i].pid, tidw,
			(int)rv->threads[i].tid);
		for (j = 0; j < rv->nr_counters; j++) {
			cw = read_values__width(rv, j);
			fprintf(fp, "  %*llu", cw, (unsigned long long)rv->threads[i].values[j]);
		}
		fputc('\n', fp);
	}
}

void read_values__exit(struct read_values *rv)
{
	u32 i;

	for (i = 0; i < rv->nr_threads; i++)
		free(rv->threads[i].values);
	free(rv->threads);
	free(rv->counters);
	memset(rv, 0, sizeof(*rv));
}
