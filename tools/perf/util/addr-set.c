// SPDX-License-Identifier: GPL-2.0
/*
 * Sets of addresses: open addressing, linear probing, at most half full.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "addr-set.h"

void addr_set__init(struct addr_set *set)
{
	set->slots = NULL;
	set->mask = 0;
	set->nr = 0;
	set->has_max = false;
	set->probes = 0;
}

void addr_set__exit(struct addr_set *set)
{
	free(set->slots);
	addr_set__init(set);
}

static size_t addr_set__slot(const struct addr_set *set, u64 key)
{
	key *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(key ^ (key >> 32)) & set->mask;
}

/* key (value + 1, never 0) in slots, or the free slot where it would go */
static size_t addr_set__find(struct addr_set *set, u64 key)
{
	size_t k;

	for (k = addr_set__slot(set, key); set->slots[k] && set->slots[k] != key;
	     k = (k + 1) & set->mask)
		set->probes++;
	set->probes++;
	return k;
}

bool addr_set__has(struct addr_set *set, u64 addr)
{
	if (addr == UINT64_MAX)
		return set->has_max;
	return set->slots && set->slots[addr_set__find(set, addr + 1)];
}

static int addr_set__grow(struct addr_set *set)
{
	size_t n = set->slots ? (set->mask + 1) * 2 : 64, i;
	u64 *old = set->slots, *s = calloc(n, sizeof(*s));
	size_t old_size = old ? set->mask + 1 : 0;

	if (!s)
		return -ENOMEM;
	set->slots = s;
	set->mask = n - 1;
	for (i = 0; i < old_size; i++)
		if (old[i])
			s[addr_set__find(set, old[i])] = old[i];
	free(old);
	return 0;
}

int addr_set__add(struct addr_set *set, u64 addr)
{
	size_t k;

	if (addr == UINT64_MAX) {
		set->has_max = true;
		return 0;
	}
	if ((set->nr + 1) * 2 > (set->slots ? set->mask + 1 : 0) && addr_set__grow(set))
		return -ENOMEM;
	k = addr_set__find(set, addr + 1);
	if (!set->slots[k]) {
		set->slots[k] = addr + 1;
		set->nr++;
	}
	return 0;
}
