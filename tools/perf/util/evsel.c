// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "evsel.h"

struct evsel *evsel__new(const struct perf_event_attr *attr, int idx)
{
	struct evsel *evsel = calloc(1, sizeof(*evsel));

	if (!evsel)
		return NULL;
	if (attr)
		evsel->attr = *attr;
	evsel->idx = idx;
	return evsel;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	free(evsel->name);
	free(evsel->filter);
	free(evsel->ids);
	if (evsel->in_cgroup)
		close(evsel->cgroup_fd);
	free(evsel);
}

void evsel__set_cgroup(struct evsel *evsel, int fd)
{
	if (evsel->in_cgroup)
		close(evsel->cgroup_fd);
	evsel->cgroup_fd = fd;
	evsel->in_cgroup = true;
}

int evsel__add_id(struct evsel *evsel, u64 id)
{
	if (array__grow((void **)&evsel->ids, &evsel->alloc_ids, (size_t)evsel->nr_ids + 1,
			sizeof(*evsel->ids), 4))
		return -ENOMEM;
	evsel->ids[evsel->nr_ids++] = id;
	return 0;
}

int evsel__set_name(struct evsel *evsel, const char *name)
{
	char *copy = strdup(name);

	if (!copy)
		return -ENOMEM;
	free(evsel->name);
	evsel->name = copy;
	return 0;
}

int evsel__append_filter(struct evsel *evsel, const char *filter)
{
	char *s;

	if (!evsel->filter)
		s = strdup(filter);
	else if (asprintf(&s, "(%s) && (%s)", evsel->filter, filter) < 0)
		s = NULL;
	if (!s)
		return -ENOMEM;
	free(evsel->filter);
	evsel->filter = s;
	return 0;
}

static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
	"stalled-cycles-backend", "ref-cycles",
};

static const char *const sw_names[] = {
	"cpu-clock", "task-clock", "page-faults", "context-switches",
	"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
	"emulation-faults", "dummy", "bpf-output", "cgroup-switches",
};

const char *evsel__name(struct evsel *evsel)
{
	const struct perf_event_attr *attr = &evsel->attr;
	char buf[64];

	if (evsel->name)
		return evsel->name;

	if (attr->type == PERF_TYPE_HARDWARE && attr->config < ARRAY_SIZE(hw_names))
		snprintf(buf, sizeof(buf), "%s", hw_names[attr->config]);
	else if (attr->type == PERF_TYPE_SOFTWARE && attr->config < ARRAY_SIZE(sw_names))
		snprintf(buf, sizeof(buf), "%s", sw_names[attr->config]);
	else if (attr->type == PERF_TYPE_RAW)
		snprintf(buf, sizeof(buf), "r%llx", (unsigned long long)attr->config);
	else if (attr->type == PERF_TYPE_TRACEPOINT)
		snprintf(buf, sizeof(buf), "tracepoint:%llu", (unsigned long long)attr->config);
	else
		snprintf(buf, sizeof(buf), "unknown-%u:%llu", attr->type,
			 (unsigned long long)attr->config);

	if (evsel__set_name(evsel, buf))
		return "unknown";
	return evsel->name;
}

int evsel__id_hdr_size(const struct evsel *evsel)
{
	static const u64 bits[] = {
		PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ID,
		PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER,
	};
	u64 type = evsel->attr.sample_type;
	int size = 0;
	size_t i;

	if (!evsel->attr.sample_id_all)
		return 0;
	for (i = 0; i < ARRAY_SIZE(bits); i++)
		if (type & bits[i])
			size += sizeof(u64);
	return size;
}
