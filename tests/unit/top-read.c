// SPDX-License-Identifier: GPL-2.0
/*
 * util/top-read.c on the live kernel, on this thread only (-t self, no
 * BPF side-band): a function of ours spins while top__read() drains the
 * ring buffer; the samples are counted, resolved through the maps the
 * background synthesis sent, and most land on that function, in the
 * histogram and in the per-offset one for annotation.  Then the inbox: a
 * LOST record counts and asks for a rescan, a record with a broken size
 * ends that batch without harm.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"
#include "util/evlist.h"
#include "util/top.h"

static volatile unsigned long sink;

void __attribute__((noinline)) top_read_marker(unsigned long n);
void __attribute__((noinline)) top_read_marker(unsigned long n)
{
	unsigned long i, s = sink;

	for (i = 0; i < n; i++)
		s = s * 2862933555777941757UL + 3037000493UL;
	sink = s;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(void)
{
	struct top_opts opts = { .no_bpf_event = true };
	struct perf_event_header bad = { .type = PERF_RECORD_MMAP2, .size = 4 };
	struct perf_record_lost lost = { .header = { .type = PERF_RECORD_LOST,
						     .size = sizeof(lost) }, .id = 1, .lost = 5 };
	struct hist_entry **v = NULL;
	struct perf_top top;
	u64 marker = 0, all = 0;
	char tid[32];
	double end;
	int n, i, ret, in_ahist = 0;
	u64 counted;
	size_t b, k;

	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	if (top__init(&top, &opts))
		skip_all("perf top cannot be set up here");
	ret = top__start(&top);
	if (ret) {
		top__exit(&top);
		skip_all("cannot open cpu-clock on this thread");
	}
	plan(9);
	/*
	 * Until the synthesis sent our maps (samples before resolve to
	 * nothing), then until a hundred samples have been resolved: their
	 * first lookups load the symbol tables (kallsyms, libc), tens of
	 * milliseconds of this thread's time that must not count below.
	 */
	end = now() + 20;
	while (now() < end && !__atomic_load_n(&top.synth_done, __ATOMIC_ACQUIRE)) {
		top_read_marker(2000000);
		if (top__read(&top))
			break;
	}
	ret = top__read(&top);
	top.stats.samples = 0;
	while (!ret && now() < end && top.stats.samples < 100) {
		top_read_marker(2000000);
		ret = top__read(&top);
	}
	ret |= top__read(&top);
	top.stats.samples = 0;
	top.stats.kernel_samples = 0;
	top.opts.zero = true;
	top__decay(&top);
	/* enough samples of ours, however loaded the machine is */
	end = now() + 10;
	while (!ret && now() < end && top.stats.samples < 400) {
		top_read_marker(2000000);
		ret = top__read(&top);
	}
	is_int(ret, 0, "the reads");
	is_int(top.synth_err, 0, "the synthesis ended well");
	ok(top.stats.samples > 100, "samples counted (%llu)", (unsigned long long)top.stats.samples);
	ok(top.stats.kernel_samples < top.stats.samples / 2, "mostly user samples");
	n = hists__sorted(top__hists(&top), &v);
	for (i = 0; i < n; i++) {
		all += v[i]->period;
		if (getenv("V"))
			diag("%llu %s %s", (unsigned long long)v[i]->period,
			     v[i]->key.dso ? v[i]->key.dso->short_name : "-",
			     v[i]->key.sym ? v[i]->key.sym->name : "-");
		if (v[i]->key.sym && !strcmp(v[i]->key.sym->name, "top_read_marker"))
			marker += v[i]->period;
	}
	free(v);
	ok(n > 0 && marker * 2 > all, "most of the period on our spinning function (%llu of %llu)",
	   (unsigned long long)marker, (unsigned long long)all);
	for (b = 0; b < top.ahist.nr_buckets; b++) {
		struct annotate_entry *e;

		for (e = top.ahist.buckets[b]; e; e = e->hnext) {
			if (getenv("V"))
				diag("ahist %s nr %zu samples %llu", e->target.sym->name, e->nr,
				     (unsigned long long)e->nr_samples);
			if (strcmp(e->target.sym->name, "top_read_marker"))
				continue;
			/*
			 * A spin of two instructions: the timer's samples may
			 * all land on one offset, so any count of them will do
			 * as long as they add up to the entry's.
			 */
			for (k = 0, counted = 0; k < e->nr; k++)
				counted += e->samples[k].nr_samples;
			in_ahist += e->nr >= 1 && e->nr_samples > 100 && counted == e->nr_samples;
		}
	}
	is_int(in_ahist, 1, "its offsets kept for annotation");

	/* the inbox */
	top.stats.lost = 0;
	top.rescan = false;
	top_inbox__emit(&top.inbox, (const union perf_event *)&lost);
	is_int(top__read(&top), 0, "a LOST record from the inbox");
	ok(top.stats.lost == 5 && top.rescan, "its count, and a rescan asked");
	top_inbox__emit(&top.inbox, (const union perf_event *)&bad);
	top_inbox__emit(&top.inbox, (const union perf_event *)&lost);
	ok(!top__read(&top) && top.inbox_off == top.inbox.spare.len && top.stats.lost == 5,
	   "a broken size: the rest of the batch dropped, no error");
	top__exit(&top);
	return done_testing();
}
