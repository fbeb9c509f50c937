/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_CGROUPS_H
#define __PERF_CGROUPS_H

#include "types.h"

/*
 * The cgroups a recording named in its CGROUP records: id (the cgroup
 * directory's inode, as PERF_SAMPLE_CGROUP gives it) to path ("/",
 * "/system.slice/x.service").  Kept sorted by id; a path, once known,
 * stays where it is until cgroups__exit(), so callers may keep it.
 */
struct cgroup_name {
	u64	id;
	char	*path;
};

struct cgroups {
	struct cgroup_name	*v;
	u32			nr, alloc;
};

/* 0, or -ENOMEM.  An id already known keeps its first path. */
int cgroups__add(struct cgroups *cg, u64 id, const char *path, size_t len);
/* The path of id, NULL when no record named it. */
const char *cgroups__find(const struct cgroups *cg, u64 id);
void cgroups__exit(struct cgroups *cg);

#endif
