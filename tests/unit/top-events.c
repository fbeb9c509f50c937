// SPDX-License-Identifier: GPL-2.0
/*
 * util/top-events.c: perf top's attrs, as top__init() configures them:
 * every event samples ip, tid, time, period and its id first; the cpu
 * system-wide; the first event carries the side-band bits; -g adds the
 * chain; tracepoints sample every hit.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tap.h"
#include "util/evlist.h"
#include "util/parse-events.h"
#include "util/top.h"

int main(void)
{
	u64 base = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
		   PERF_SAMPLE_PERIOD;
	struct top_opts opts = { 0 };
	struct perf_event_attr *a, *b;
	struct perf_top top;
	char tid[32];

	opts.freq = 1234;
	event_args__add(&opts.events, "cpu-clock", false);
	event_args__add(&opts.events, "task-clock", false);
	is_int(top__init(&top, &opts), 0, "init, two events, every CPU");
	a = &top.evlist->entries[0]->attr;
	b = &top.evlist->entries[1]->attr;
	ok(a->sample_type == (base | PERF_SAMPLE_CPU) && b->sample_type == a->sample_type,
	   "ip, tid, time, period, id first, and the cpu");
	ok(a->freq && a->sample_freq == 1234 && a->disabled && a->sample_id_all,
	   "-F, disabled until started, sample_id_all");
	ok(a->mmap && a->mmap2 && a->comm && a->task && a->ksymbol && a->bpf_event,
	   "the first carries the side-band, ksymbol and bpf_event included");
	ok(!b->mmap && !b->ksymbol && !b->bpf_event, "the second does not");
	ok(!a->inherit && a->exclude_guest, "no inherit system-wide; no guest");
	ok(top.id_hdr_size == 32, "the trailer: tid, time, cpu, id (%u)", top.id_hdr_size);
	top__exit(&top);

	opts = (struct top_opts){ .children = true, .no_bpf_event = true, .period = 5000 };
	snprintf(tid, sizeof(tid), "%ld", (long)syscall(SYS_gettid));
	opts.tids = tid;
	is_int(top__init(&top, &opts), 0, "init: -g, --no-bpf-event, -c, -t self");
	a = &top.evlist->entries[0]->attr;
	ok((a->sample_type & PERF_SAMPLE_CALLCHAIN) && !(a->sample_type & PERF_SAMPLE_CPU),
	   "-g: the chain; per thread: no cpu");
	ok(!a->freq && a->sample_period == 5000, "-c: a fixed period");
	ok(a->ksymbol && !a->bpf_event, "--no-bpf-event: KSYMBOL still, no BPF_EVENT");
	ok(a->inherit, "per thread: inherited by new threads");
	ok(!a->namespaces, "no NAMESPACES records unless asked");
	top__exit(&top);

	opts = (struct top_opts){ .namespaces = true };
	event_args__add(&opts.events, "cpu-clock", false);
	event_args__add(&opts.events, "task-clock", false);
	is_int(top__init(&top, &opts), 0, "init: --namespaces");
	ok(top.evlist->entries[0]->attr.namespaces && !top.evlist->entries[1]->attr.namespaces,
	   "--namespaces: on the first event, with the side-band");
	top__exit(&top);
	return done_testing();
}
