// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's events: the attrs and their fallbacks; the fds and ring
 * buffers are util/evlist-fds.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cpumap.h"
#include "evlist.h"
#include "evlist-fds.h"
#include "mmap.h"
#include "parse-events.h"
#include "thread-map.h"
#include "top.h"
#include "top-events.h"

/*
 * Every event samples ip, thread, time, cpu and period, with the id first
 * so any record names its event; the first one also carries the side-band
 * bits (upstream's top has no separate tracking event either).
 */
void top_events__config(struct perf_top *top)
{
	const struct top_opts *opts = &top->opts;
	u64 sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			  PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
	struct evsel *evsel;
	int i;

	if (opts->children)
		sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (!top->per_thread)
		sample_type |= PERF_SAMPLE_CPU;
	evlist__for_each(top->evlist, evsel, i) {
		struct perf_event_attr *attr = &evsel->attr;

		attr->size = sizeof(*attr);
		attr->sample_type = sample_type;
		attr->sample_id_all = 1;
		attr->disabled = 1;
		attr->inherit = top->per_thread;
		if (!attr->exclude_guest && !attr->exclude_host)
			attr->exclude_guest = 1;
		if (attr->type == PERF_TYPE_TRACEPOINT) {
			attr->sample_period = opts->period ? opts->period : 1;
		} else if (opts->freq) {
			attr->freq = 1;
			attr->sample_freq = opts->freq;
		} else {
			attr->sample_period = opts->period;
		}
		if (i)
			continue;
		attr->mmap = 1;
		attr->mmap2 = 1;
		attr->comm = 1;
		attr->comm_exec = 1;
		attr->task = 1;
		attr->ksymbol = 1;
		attr->bpf_event = !opts->no_bpf_event;
	}
	top->id_hdr_size = perf_event__id_hdr_size(sample_type);
}

static int top_events__open_one(void *priv, struct evsel *evsel, int cpu, pid_t pid)
{
	struct perf_top *top = priv;

	return evlist_fds__open_fallback(top->evlist, evsel, cpu, pid, "top",
					 "BPF programs stay unnamed", &top->sideband_bits);
}

static void top_events__open_error(void *priv, struct evsel *evsel, int err)
{
	const char *name = evsel__name(evsel);

	if (err == -EACCES || err == -EPERM)
		fprintf(stderr, "perf top: %s: no permission to open the event (needs root or "
			"CAP_PERFMON, see /proc/sys/kernel/perf_event_paranoid)\n", name);
	else if (err == -ESRCH)
		fprintf(stderr, "perf top: %s: no such process or thread\n", name);
	else
		fprintf(stderr, "perf top: %s: cannot open the event: %s\n", name,
			strerror(-err));
}

static int top_events__nr_slots(const struct perf_top *top)
{
	return top->cpus && top->threads ? top->cpus->nr * top->threads->nr : 0;
}

int top_events__open(struct perf_top *top)
{
	struct evsel *evsel = NULL;
	int err = evlist_fds__open(top->evlist, top->cpus, top->threads, &top->fds,
				   top_events__open_one, top_events__open_error, top);

	if (err)
		return err;
	err = evlist_fds__set_filters(top->evlist, top->fds, top_events__nr_slots(top), &evsel);
	if (err && evsel)
		fprintf(stderr, "perf top: %s: cannot set filter '%s': %s\n",
			evsel__name(evsel), evsel->filter, err == -EINVAL ?
			"the kernel rejects it (bad syntax, or a field the event does not have)" :
			strerror(-err));
	return err;
}

int top_events__mmap(struct perf_top *top)
{
	bool sharing;
	int err = evlist_fds__mmap(top->fds, top->evlist->nr_entries, top->cpus, top->threads,
				   top->opts.pages, &top->maps, &top->nr_maps, &sharing);

	if (err)
		fprintf(stderr, "perf top: cannot %s: %s\n", sharing ? "share the ring buffer" :
			"map the ring buffers", strerror(-err));
	return err;
}

void top_events__ioctl(struct perf_top *top, unsigned long req)
{
	evlist_fds__ioctl(top->fds, top->evlist->nr_entries, top_events__nr_slots(top), req);
}

void top_events__close(struct perf_top *top)
{
	evlist_fds__close(&top->fds, top->evlist->nr_entries, top_events__nr_slots(top),
			  &top->maps, &top->nr_maps);
}

int top__fill_pollfds(struct perf_top *top, struct pollfd *pfd)
{
	int i;

	for (i = 0; i < top->nr_maps; i++) {
		pfd[i].fd = top->maps[i].fd;
		pfd[i].events = POLLIN;
		pfd[i].revents = 0;
	}
	return top->nr_maps;
}
