// SPDX-License-Identifier: GPL-2.0
/* A live session's fds and ring buffers (see evlist-fds.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "err-sink.h"
#include "cpumap.h"
#include "evlist.h"
#include "evlist-fds.h"
#include "mmap.h"
#include "parse-events.h"
#include "thread-map.h"

int evlist_fds__open_fallback(struct evlist *evlist, struct evsel *evsel, int cpu, pid_t pid,
			      const char *consequence, bool *sideband_bits)
{
	struct perf_event_attr *attr = &evsel->attr;
	struct evsel *pos;
	int fd, i;

	for (;;) {
		/* -G: the cgroup's directory stands for the task */
		fd = (int)syscall(__NR_perf_event_open, attr,
				  evsel->in_cgroup ? evsel->cgroup_fd : pid, cpu,
				  evsel->leader ? evsel->group_fd : -1,
				  PERF_FLAG_FD_CLOEXEC |
				  (evsel->in_cgroup ? PERF_FLAG_PID_CGROUP : 0));
		if (fd >= 0)
			return fd;
		if (errno == EINVAL && (attr->read_format & PERF_FORMAT_LOST)) {
			/* kernels before 6.0: no lost count in read() */
			evlist__for_each(evlist, pos, i)
				pos->attr.read_format &= ~(u64)PERF_FORMAT_LOST;
			continue;
		}
		if (errno == EINVAL && (attr->ksymbol || attr->bpf_event)) {
			pr_warning("the kernel rejects the ksymbol/bpf_event bits: %s",
				   consequence);
			evlist__for_each(evlist, pos, i) {
				pos->attr.ksymbol = 0;
				pos->attr.bpf_event = 0;
			}
			*sideband_bits = false;
			continue;
		}
		if (parse_events__fallback_cpu_clock(evsel, -errno))
			continue;
		return -errno;
	}
}

int evlist_fds__open(struct evlist *evlist, const struct perf_cpu_map *cpus,
		     const struct perf_thread_map *threads, int ***fdsp,
		     int (*open_one)(void *priv, struct evsel *evsel, int cpu, pid_t pid),
		     void (*error)(void *priv, struct evsel *evsel, int err), void *priv)
{
	int nr_slots = cpus->nr * threads->nr, i, c, t, err;
	struct evsel *evsel;
	int **fds;

	fds = calloc(evlist->nr_entries, sizeof(*fds));
	*fdsp = fds;
	if (!fds)
		return -ENOMEM;
	evlist__for_each(evlist, evsel, i) {
		fds[i] = malloc(sizeof(int) * nr_slots);
		if (!fds[i])
			return -ENOMEM;
		for (c = 0; c < nr_slots; c++)
			fds[i][c] = -1;
	}
	evlist__for_each(evlist, evsel, i) {
		for (c = 0; c < cpus->nr; c++) {
			for (t = 0; t < threads->nr; t++) {
				int slot = c * threads->nr + t, fd;
				u64 id;

				if (evsel->leader)
					evsel->group_fd = fds[evsel->leader->idx][slot];
				fd = open_one(priv, evsel, cpus->cpus[c], threads->pids[t]);
				if (fd == EVLIST_FDS__GONE)
					continue;
				if (fd < 0) {
					error(priv, evsel, fd);
					return fd;
				}
				fds[i][slot] = fd;
				if (ioctl(fd, PERF_EVENT_IOC_ID, &id) < 0) {
					err = -errno;
					error(priv, evsel, err);
					return err;
				}
				err = evsel__add_id(evsel, id);
				if (!err)
					err = evlist__add_id(evlist, evsel, id);
				if (err)
					return err;
			}
		}
	}
	return 0;
}

int evlist_fds__mmap(int **fds, int nr_evsels, const struct perf_cpu_map *cpus,
		     const struct perf_thread_map *threads, unsigned int pages,
		     struct perf_mmap **mapsp, int *nr_maps, bool *sharing)
{
	int nr_threads = threads->nr, c, t, i, err;
	/* the "any CPU" map (--per-thread): a ring per thread, not per CPU */
	bool per_thread = cpus->nr == 1 && cpus->cpus[0] == -1;
	int nr_rings = per_thread ? nr_threads : cpus->nr;
	int nr_sharing = per_thread ? 1 : nr_threads;
	struct perf_mmap *maps = calloc(nr_rings, sizeof(*maps));

	*mapsp = maps;
	*sharing = false;
	if (!maps)
		return -ENOMEM;
	for (c = 0; c < nr_rings; c++) {
		int first = c * nr_sharing, fd = -1;

		/* the first fd the ring has: its threads may be gone (-1) */
		for (i = 0; fd < 0 && i < nr_evsels; i++)
			for (t = 0; fd < 0 && t < nr_sharing; t++)
				fd = fds[i][first + t];
		if (fd < 0)
			continue;
		err = perf_mmap__map(&maps[*nr_maps], fd, per_thread ? -1 : cpus->cpus[c], pages);
		if (err)
			return err;
		(*nr_maps)++;
		for (i = 0; i < nr_evsels; i++) {
			for (t = 0; t < nr_sharing; t++) {
				int other = fds[i][first + t];

				if (other >= 0 && other != fd &&
				    ioctl(other, PERF_EVENT_IOC_SET_OUTPUT, fd) < 0) {
					*sharing = true;
					return -errno;
				}
			}
		}
	}
	return 0;
}

void evlist_fds__ioctl(int **fds, int nr_evsels, int nr_slots, unsigned long req)
{
	int i, slot;

	for (i = 0; fds && i < nr_evsels; i++)
		for (slot = 0; fds[i] && slot < nr_slots; slot++)
			if (fds[i][slot] >= 0)
				ioctl(fds[i][slot], req, 0);
}

int evlist_fds__set_filters(struct evlist *evlist, int **fds, int nr_slots,
			    struct evsel **failed)
{
	struct evsel *evsel;
	int i, slot;

	evlist__for_each(evlist, evsel, i) {
		if (!evsel->filter || !fds || !fds[i])
			continue;
		for (slot = 0; slot < nr_slots; slot++) {
			if (fds[i][slot] < 0)
				continue;
			if (ioctl(fds[i][slot], PERF_EVENT_IOC_SET_FILTER, evsel->filter)) {
				*failed = evsel;
				return -errno;
			}
		}
	}
	return 0;
}

void evlist_fds__close(int ***fdsp, int nr_evsels, int nr_slots, struct perf_mmap **mapsp,
		       int *nr_maps)
{
	int **fds = *fdsp, i, slot;

	for (i = 0; *mapsp && i < *nr_maps; i++)
		perf_mmap__unmap(&(*mapsp)[i]);
	free(*mapsp);
	*mapsp = NULL;
	*nr_maps = 0;
	if (!fds)
		return;
	for (i = 0; i < nr_evsels; i++) {
		for (slot = 0; fds[i] && slot < nr_slots; slot++)
			if (fds[i][slot] >= 0)
				close(fds[i][slot]);
		free(fds[i]);
	}
	free(fds);
	*fdsp = NULL;
}
