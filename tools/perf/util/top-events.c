// SPDX-License-Identifier: GPL-2.0
/*
 * perf top's events: the attrs, one fd per event, CPU and thread, and one
 * ring buffer per CPU that every fd of that CPU writes into.
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

static int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group,
			       unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group, flags);
}

/* Open one fd, dropping what this kernel or machine lacks, as record does. */
static int top_events__open_one(struct perf_top *top, struct evsel *evsel, int cpu, pid_t pid)
{
	struct perf_event_attr *attr = &evsel->attr;
	int fd;

	for (;;) {
		fd = sys_perf_event_open(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd >= 0)
			return fd;
		if (errno == EINVAL && (attr->ksymbol || attr->bpf_event)) {
			fprintf(stderr, "perf top: warning: the kernel rejects the ksymbol/"
				"bpf_event bits: BPF programs stay unnamed\n");
			attr->ksymbol = 0;
			attr->bpf_event = 0;
			top->sideband_bits = false;
			continue;
		}
		if ((errno == ENOENT || errno == EOPNOTSUPP || errno == ENODEV) &&
		    parse_events__is_hw(attr)) {
			attr->type = PERF_TYPE_SOFTWARE;
			attr->config = PERF_COUNT_SW_CPU_CLOCK;
			attr->precise_ip = 0;
			evsel__set_name(evsel, "cpu-clock");
			continue;
		}
		return -errno;
	}
}

static void top_events__open_error(struct evsel *evsel, int err)
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

int top_events__open(struct perf_top *top)
{
	int nr_cpus = top->cpus->nr, nr_threads = top->threads->nr, i, c, t, err;
	struct evsel *evsel;

	top->fds = calloc(top->evlist->nr_entries, sizeof(*top->fds));
	if (!top->fds)
		return -ENOMEM;
	evlist__for_each(top->evlist, evsel, i) {
		top->fds[i] = malloc(sizeof(int) * nr_cpus * nr_threads);
		if (!top->fds[i])
			return -ENOMEM;
		for (c = 0; c < nr_cpus * nr_threads; c++)
			top->fds[i][c] = -1;
	}
	evlist__for_each(top->evlist, evsel, i) {
		for (c = 0; c < nr_cpus; c++) {
			for (t = 0; t < nr_threads; t++) {
				int fd = top_events__open_one(top, evsel, top->cpus->cpus[c],
							      top->threads->pids[t]);
				u64 id;

				if (fd < 0) {
					top_events__open_error(evsel, fd);
					return fd;
				}
				top->fds[i][c * nr_threads + t] = fd;
				if (ioctl(fd, PERF_EVENT_IOC_ID, &id) < 0)
					return -errno;
				err = evsel__add_id(evsel, id);
				if (!err)
					err = evlist__add_id(top->evlist, evsel, id);
				if (err)
					return err;
			}
		}
	}
	return 0;
}

int top_events__mmap(struct perf_top *top)
{
	int nr_cpus = top->cpus->nr, nr_threads = top->threads->nr, c, s, i, err;

	top->maps = calloc(nr_cpus, sizeof(*top->maps));
	if (!top->maps)
		return -ENOMEM;
	for (c = 0; c < nr_cpus; c++) {
		int fd = top->fds[0][c * nr_threads];

		err = perf_mmap__map(&top->maps[c], fd, top->cpus->cpus[c], top->opts.pages);
		if (err) {
			fprintf(stderr, "perf top: cannot map %u pages of ring buffer: %s\n",
				top->opts.pages, strerror(-err));
			return err;
		}
		top->nr_maps++;
		for (i = 0; i < top->evlist->nr_entries; i++) {
			for (s = 0; s < nr_threads; s++) {
				int other = top->fds[i][c * nr_threads + s];

				if (other != fd && ioctl(other, PERF_EVENT_IOC_SET_OUTPUT, fd) < 0) {
					err = -errno;
					fprintf(stderr, "perf top: cannot share the ring buffer: "
						"%s\n", strerror(errno));
					return err;
				}
			}
		}
	}
	return 0;
}

void top_events__ioctl(struct perf_top *top, unsigned long req)
{
	int nr = top->cpus->nr * top->threads->nr, i, slot;

	for (i = 0; top->fds && i < top->evlist->nr_entries; i++)
		for (slot = 0; top->fds[i] && slot < nr; slot++)
			if (top->fds[i][slot] >= 0)
				ioctl(top->fds[i][slot], req, 0);
}

void top_events__close(struct perf_top *top)
{
	int nr = top->cpus && top->threads ? top->cpus->nr * top->threads->nr : 0;
	int i, slot;

	for (i = 0; i < top->nr_maps; i++)
		perf_mmap__unmap(&top->maps[i]);
	free(top->maps);
	top->maps = NULL;
	top->nr_maps = 0;
	if (!top->fds)
		return;
	for (i = 0; i < top->evlist->nr_entries; i++) {
		for (slot = 0; top->fds[i] && slot < nr; slot++)
			if (top->fds[i][slot] >= 0)
				close(top->fds[i][slot]);
		free(top->fds[i]);
	}
	free(top->fds);
	top->fds = NULL;
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
