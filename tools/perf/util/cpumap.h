/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_CPUMAP_H
#define __PERF_CPUMAP_H

#include "types.h"

/*
 * A sorted list of CPU numbers: the online CPUs, or a user's list as
 * `perf record -C 0-1,3` takes it.  The "any CPU" map holds the single
 * entry -1 (per-thread events, opened with cpu == -1).
 */
struct perf_cpu_map {
	int	nr;
	int	cpus[];
};

/* Parse "0-3,5" (NULL or "" means every online CPU); -EINVAL on bad syntax. */
int perf_cpu_map__parse(struct perf_cpu_map **out, const char *list);
/*
 * The -C list of a command: parsed, and every CPU in it online; else one
 * line "-C <list>: ..." to the error sink and -EINVAL.
 */
int perf_cpu_map__parse_option(struct perf_cpu_map **out, const char *list);
/* The same from a list text such as /sys/devices/system/cpu/online. */
int perf_cpu_map__online(struct perf_cpu_map **out);
/* The map of the one entry -1. */
struct perf_cpu_map *perf_cpu_map__any(void);
/* Every listed CPU is online (else the first that is not in *bad). */
bool perf_cpu_map__all_online(const struct perf_cpu_map *map, int *bad);
void perf_cpu_map__delete(struct perf_cpu_map *map);

#endif /* __PERF_CPUMAP_H */
