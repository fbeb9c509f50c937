// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include "gecko.h"
int gecko__new(struct gecko **out, struct calltree *t, const struct gecko_opts *opts)
{
	*out = NULL;
	return 0;
}
void gecko__delete(struct gecko *g)
{
}
int gecko__sample(void *arg, u32 leaf, u32 group, const char *comm,
		  const struct perf_sample *sample)
{
	return 0;
}
int gecko__write(struct gecko *g, const struct calltree_stats *stats, int fd)
{
	return -ENOSYS;
}
