/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_EVLIST_FDS_H
#define __PERF_EVLIST_FDS_H

#include <sys/types.h>
#include "types.h"

struct evlist;
struct evsel;
struct perf_cpu_map;
struct perf_thread_map;
struct perf_mmap;

/*
 * The file descriptors of a live session (perf record, perf top): one per
 * event, CPU and thread, fds[evsel idx][cpu * nr_threads + thread], and
 * one ring buffer per CPU that every fd of that CPU writes into (the
 * kernel maps no inherited per-task event opened on any CPU, so task
 * events are opened on every CPU too, as upstream does).
 */

/*
 * Open every fd with open_one (the command's attr fallbacks; an fd or
 * -errno), registering each fd's id with its evsel and the evlist.  A
 * group member (evsel->leader, opened after it) goes into the leader's
 * group of the same CPU and thread.  On a
 * failure error() is told which event and why, and -errno returned; what
 * was opened stays in *fdsp for evlist_fds__close().  open_one returning
 * EVLIST_FDS__GONE leaves the slot -1 (a thread that exited meanwhile:
 * the rings take the other threads' fds, and no ring is made of none).
 */
#define EVLIST_FDS__GONE	(-0x7fff)
int evlist_fds__open(struct evlist *evlist, const struct perf_cpu_map *cpus,
		     const struct perf_thread_map *threads, int ***fdsp,
		     int (*open_one)(void *priv, struct evsel *evsel, int cpu, pid_t pid),
		     void (*error)(void *priv, struct evsel *evsel, int err), void *priv);

/*
 * perf_event_open of one fd with the fallbacks record and top share: no
 * PERF_FORMAT_LOST on kernels before 6.0, no ksymbol/bpf_event bits on a
 * kernel that rejects them (every event of evlist loses them, one warning
 * "perf <cmd>: warning: ...: <consequence>" to the error sink,
 * *sideband_bits cleared), and
 * cpu-clock for a hardware event this machine has no PMU for.  An fd or
 * -errno.
 */
int evlist_fds__open_fallback(struct evlist *evlist, struct evsel *evsel, int cpu, pid_t pid,
			      const char *consequence, bool *sideband_bits);

/*
 * Map pages data pages per CPU on its first fd and point the CPU's other
 * fds at it; with the "any CPU" map (cpu -1, --per-thread: events not
 * inherited) a ring per thread.  -errno; *sharing tells whether sharing
 * (SET_OUTPUT) failed rather than the mapping.  The maps made so far are
 * in *mapsp and *nr_maps.
 */
int evlist_fds__mmap(int **fds, int nr_evsels, const struct perf_cpu_map *cpus,
		     const struct perf_thread_map *threads, unsigned int pages,
		     struct perf_mmap **mapsp, int *nr_maps, bool *sharing);

/* An ioctl on every fd of the first nr_evsels events. */
void evlist_fds__ioctl(int **fds, int nr_evsels, int nr_slots, unsigned long req);

/*
 * The tracepoint filters (evsel->filter) on every fd of their events
 * (PERF_EVENT_IOC_SET_FILTER).  -errno with *failed the event whose
 * filter the kernel refused (-EINVAL: not its syntax or fields).
 */
int evlist_fds__set_filters(struct evlist *evlist, int **fds, int nr_slots,
			    struct evsel **failed);

/* Unmap and close everything (any part may be missing); the pointers reset. */
void evlist_fds__close(int ***fdsp, int nr_evsels, int nr_slots, struct perf_mmap **mapsp,
		       int *nr_maps);

#endif /* __PERF_EVLIST_FDS_H */
