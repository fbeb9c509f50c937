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

/*
 * A CPU list as upstream's report and script read their -C (libperf's
 * reading, which differs from record's above): numbers in C notation
 * (0x10, 010), "a-b" ranges, an empty b meaning 0 ("2-" is refused as
 * reversed, "0-" is CPU 0), a CPU named twice refused, and the list ends
 * at the first item after a comma that does not start with a digit
 * ("0,,1" and "0,x" are CPU 0).  "" is the list of no CPU.  The ranges
 * come sorted by their first CPU, as many as the list has.
 */
struct cpu_range {
	u32	first;
	u32	last;
};

/* 0, -ENOMEM, or -EINVAL when list is no such list (*ranges NULL, *nr 0). */
int cpu_ranges__parse(const char *list, struct cpu_range **ranges, int *nr);

#endif /* __PERF_CPUMAP_H */
