/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_EVSEL_H
#define __PERF_EVSEL_H

#include <stdio.h>
#include <linux/perf_event.h>
#include "types.h"

struct tep_event;

/*
 * One event of a session: the attribute it was opened with and the
 * sample ids the kernel gave its file descriptors.  Read from the file's
 * attrs section (or HEADER_ATTR records in pipe mode), or built by record.
 */
struct evsel {
	struct perf_event_attr	attr;	/* zero-filled past the writer's attr.size */
	u32			attr_size_read;	/* attr.size as found in the file */
	int			idx;	/* position in the evlist */
	char			*name;	/* from EVENT_DESC, or derived from attr */
	u64			*ids;
	u32			nr_ids, alloc_ids;
	char			*filter;	/* record, top: the tracepoint filter (--filter) */
	/* record --group: on a member, its group's leader (opened first) */
	struct evsel		*leader;
	int			group_fd;	/* evlist_fds__open()'s: the leader's fd */
	/* -G: counted only in this cgroup (its directory's fd, owned) */
	bool			in_cgroup;
	int			cgroup_fd;
	/* a tracepoint's format, from the file's TRACING_DATA (not owned) */
	struct tep_event	*tp_format;
	/* session statistics */
	u64			nr_samples;
	u64			period_total;
	u64			lost_samples;	/* LOST_SAMPLES: the kernel's per-event count */
	u64			lost_records;	/* LOST records naming this event's buffer */
};

struct evsel *evsel__new(const struct perf_event_attr *attr, int idx);
void evsel__delete(struct evsel *evsel);
int evsel__add_id(struct evsel *evsel, u64 id);
int evsel__set_name(struct evsel *evsel, const char *name);
/* -G: count in the cgroup of directory fd (taken; a previous one closed) */
void evsel__set_cgroup(struct evsel *evsel, int fd);
/* Set the filter, or join it to the one set as "(old) && (filter)". */
int evsel__append_filter(struct evsel *evsel, const char *filter);
/* The name perf would give attr when the file carries none: "cpu-clock" ... */
const char *evsel__name(struct evsel *evsel);
/* A tracking-only event (dummy): it carries side-band records, never samples. */
static inline bool evsel__is_sideband(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       evsel->attr.config == PERF_COUNT_SW_DUMMY;
}

/*
 * The side-band bits record and top ask of their tracking event: maps,
 * comms, tasks, KSYMBOL, and BPF_EVENT unless bpf_event is false.
 */
static inline void perf_event_attr__set_sideband(struct perf_event_attr *attr, bool bpf_event)
{
	attr->mmap = 1;
	attr->mmap2 = 1;
	attr->comm = 1;
	attr->comm_exec = 1;
	attr->task = 1;
	attr->ksymbol = 1;
	attr->bpf_event = bpf_event;
}

/* Size of the sample_id trailer of non-sample records for this attr. */
int evsel__id_hdr_size(const struct evsel *evsel);

#endif /* __PERF_EVSEL_H */
