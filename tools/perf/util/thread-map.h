/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_THREAD_MAP_H
#define __PERF_THREAD_MAP_H

#include <sys/types.h>
#include "types.h"

/*
 * The threads events are opened on: every thread of a process (-p), the
 * given threads (-t), one forked command, or the single entry -1 for
 * CPU-wide events (-a, -C).
 */
struct perf_thread_map {
	int	nr;
	pid_t	pids[];		/* thread ids */
};

/* Threads of every process of a comma list "1,2" (from /proc/<pid>/task). */
int thread_map__new_by_pids(struct perf_thread_map **out, const char *list);
/*
 * Append the threads of process pid under proc (normally "/proc"), each
 * once, to *map (NULL: a new map); -ESRCH when it is gone.
 */
int thread_map__add_process(struct perf_thread_map **map, const char *proc, pid_t pid);
/* The threads of a comma list, as given (each must exist). */
int thread_map__new_by_tids(struct perf_thread_map **out, const char *list);
/* A single entry (a forked command's pid, or -1). */
struct perf_thread_map *thread_map__new_one(pid_t pid);
void thread_map__delete(struct perf_thread_map *map);

#endif /* __PERF_THREAD_MAP_H */
