// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's events: their attrs; the fds and ring buffers are the live
 * session's (util/live-session.c).
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
	if (!top->live.per_thread)
		sample_type |= PERF_SAMPLE_CPU;
	if (opts->all_cgroups)
		sample_type |= PERF_SAMPLE_CGROUP;
	evlist__for_each(top->evlist, evsel, i) {
		struct perf_event_attr *attr = &evsel->attr;

		attr->size = sizeof(*attr);
		attr->sample_type = sample_type;
		attr->sample_id_all = 1;
		attr->disabled = 1;
		attr->inherit = top->live.per_thread && !opts->no_inherit;
		attr->write_backward = opts->overwrite;
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
		perf_event_attr__set_sideband(attr, !opts->no_bpf_event);
		attr->namespaces = opts->namespaces;
		attr->cgroup = opts->all_cgroups;
	}
	top->id_hdr_size = perf_event__id_hdr_size(sample_type);
}
