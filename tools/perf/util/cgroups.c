// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "cgroups.h"

/* The first slot whose id is not below id. */
static u32 cgroups__slot(const struct cgroups *cg, u64 id)
{
	u32 lo = 0, hi = cg->nr;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (cg->v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int cgroups__add(struct cgroups *cg, u64 id, const char *path, size_t len)
{
	u32 at = cgroups__slot(cg, id);
	char *copy;

	if (at < cg->nr && cg->v[at].id == id)
		return 0;
	if (array__grow((void **)&cg->v, &cg->alloc, (size_t)cg->nr + 1, sizeof(*cg->v), 16))
		return -ENOMEM;
	copy = strndup(path, len);
	if (!copy)
		return -ENOMEM;
	memmove(&cg->v[at + 1], &cg->v[at], (cg->nr - at) * sizeof(*cg->v));
	cg->v[at] = (struct cgroup_name){ .id = id, .path = copy };
	cg->nr++;
	return 0;
}

const char *cgroups__find(const struct cgroups *cg, u64 id)
{
	u32 at = cgroups__slot(cg, id);

	return at < cg->nr && cg->v[at].id == id ? cg->v[at].path : NULL;
}

void cgroups__exit(struct cgroups *cg)
{
	u32 i;

	for (i = 0; i < cg->nr; i++)
		free(cg->v[i].path);
	free(cg->v);
	memset(cg, 0, sizeof(*cg));
}
