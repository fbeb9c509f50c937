/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ADDR_SET_H
#define __PERF_ADDR_SET_H

#include <stdbool.h>
#include "types.h"

/*
 * A set of addresses (any u64), open addressing: adding and asking cost
 * the same with a million members as with ten.  probes counts the slots
 * looked at, for the tests' bounds.
 */
struct addr_set {
	u64	*slots;		/* value + 1; 0: free (so 2^64 - 1 is kept apart) */
	size_t	mask;
	size_t	nr;
	bool	has_max;	/* UINT64_MAX is a member */
	u64	probes;
};

void addr_set__init(struct addr_set *set);
void addr_set__exit(struct addr_set *set);
bool addr_set__has(struct addr_set *set, u64 addr);
/* 0 (also when addr was there already) or -ENOMEM. */
int addr_set__add(struct addr_set *set, u64 addr);

#endif /* __PERF_ADDR_SET_H */
