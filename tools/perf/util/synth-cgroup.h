/* SPDX-License-Identifier: GPL-2.0 */
/*
 * record --all-cgroups: the PERF_RECORD_CGROUP records of the cgroups
 * that exist at start, each id (the kernel's, a file handle of the
 * cgroup's directory) with its path in the hierarchy, as upstream 6.1
 * synthesizes them.
 */
#ifndef PERF_UTIL_SYNTH_CGROUP_H
#define PERF_UTIL_SYNTH_CGROUP_H

#include <stddef.h>

struct perf_synth;

/*
 * The mount point of the cgroup hierarchy perf events count in: a v1
 * hierarchy with the perf_event controller, else the cgroup2 one, from
 * mounts (normally "/proc/mounts").  -ENOENT when there is neither.
 */
int synth_cgroup__mount(const char *mounts, char *buf, size_t size);

/*
 * A CGROUP record for the directory mnt ("/") and every directory under
 * it ("/a", "/a/b"), parents first.  Directories whose id cannot be had
 * are left out; -errno from s->emit.
 */
int synth_cgroup__walk(struct perf_synth *s, const char *mnt);

#endif /* PERF_UTIL_SYNTH_CGROUP_H */
