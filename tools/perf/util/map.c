// SPDX-License-Identifier: GPL-2.0
/*
 * Maps: address ranges of a process or the kernel, and sorted sets of them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "map.h"

struct map *map__new(u64 start, u64 end, u64 pgoff, struct dso *dso, bool identity)
{
	struct map *map = malloc(sizeof(*map));

	if (!map)
		return NULL;
	map->start = start;
	map->end = end;
	map->pgoff = pgoff;
	map->dso = dso;
	map->identity = identity;
	map->prot = map->flags = 0;
	map->ino = 0;
	return map;
}

void map__delete(struct map *map)
{
	free(map);
}

struct maps *maps__new(void)
{
	struct maps *maps = calloc(1, sizeof(*maps));

	if (maps)
		maps->refcnt = 1;
	return maps;
}

struct maps *maps__get(struct maps *maps)
{
	if (maps)
		maps->refcnt++;
	return maps;
}

void maps__put(struct maps *maps)
{
	size_t i;

	if (!maps || --maps->refcnt > 0)
		return;
	for (i = 0; i < maps->nr; i++)
		map__delete(maps->entries[i]);
	free(maps->entries);
	free(maps);
}

static int maps__reserve(struct maps *maps, size_t n)
{
	return array__grow((void **)&maps->entries, &maps->alloc, maps->nr + n,
			   sizeof(*maps->entries), 16);
}

/* prot, flags and inode of a map split from or copied of from */
static void map__copy_attrs(struct map *to, const struct map *from)
{
	to->prot = from->prot;
	to->flags = from->flags;
	to->ino = from->ino;
}

struct maps *maps__clone(const struct maps *maps)
{
	struct maps *m = maps__new();
	size_t i;

	if (!m)
		return NULL;
	if (maps__reserve(m, maps->nr))
		goto fail;
	for (i = 0; i < maps->nr; i++) {
		const struct map *o = maps->entries[i];

		m->entries[i] = map__new(o->start, o->end, o->pgoff, o->dso, o->identity);
		if (!m->entries[i])
			goto fail;
		map__copy_attrs(m->entries[i], o);
		m->nr++;
	}
	return m;
fail:
	maps__put(m);
	return NULL;
}

/* Index of the first map whose end is above addr. */
static size_t maps__lower(const struct maps *maps, u64 addr)
{
	size_t lo = 0, hi = maps->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (maps->entries[mid]->end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int maps__insert(struct maps *maps, struct map *map)
{
	size_t i, j;
	struct map *tail = NULL;

	if (!map)
		return -ENOMEM;
	if (map->end <= map->start) {
		map__delete(map);
		return -EINVAL;
	}
	if (maps__reserve(maps, 2)) {
		map__delete(map);
		return -ENOMEM;
	}
	maps->last = NULL;
	i = maps__lower(maps, map->start);
	/* a map straddling the new start keeps its head, maybe its tail too */
	if (i < maps->nr && maps->entries[i]->start < map->start) {
		struct map *o = maps->entries[i];

		if (o->end > map->end) {
			tail = map__new(map->end, o->end, o->pgoff + (map->end - o->start),
					o->dso, o->identity);
			if (!tail) {
				map__delete(map);
				return -ENOMEM;
			}
			map__copy_attrs(tail, o);
		}
		o->end = map->start;
		i++;
	}
	/* maps wholly covered go; one sticking out at the end keeps its tail */
	for (j = i; j < maps->nr && maps->entries[j]->start < map->end; j++) {
		struct map *o = maps->entries[j];

		if (o->end > map->end) {
			o->pgoff += map->end - o->start;
			o->start = map->end;
			break;
		}
		map__delete(o);
	}
	if (j > i) {
		memmove(&maps->entries[i], &maps->entries[j], (maps->nr - j) * sizeof(map));
		maps->nr -= j - i;
	}
	memmove(&maps->entries[i + 1], &maps->entries[i], (maps->nr - i) * sizeof(map));
	maps->entries[i] = map;
	maps->nr++;
	if (tail) {
		memmove(&maps->entries[i + 2], &maps->entries[i + 1],
			(maps->nr - i - 1) * sizeof(map));
		maps->entries[i + 1] = tail;
		maps->nr++;
	}
	return 0;
}

int maps__remove_at(struct maps *maps, u64 start)
{
	size_t i = maps__lower(maps, start);

	if (i >= maps->nr || maps->entries[i]->start != start)
		return -ENOENT;
	maps->last = NULL;
	map__delete(maps->entries[i]);
	memmove(&maps->entries[i], &maps->entries[i + 1], (maps->nr - i - 1) * sizeof(void *));
	maps->nr--;
	return 0;
}

struct map *maps__find(struct maps *maps, u64 addr)
{
	struct map *m = maps->last;
	size_t i;

	if (m && addr >= m->start && addr < m->end)
		return m;
	i = maps__lower(maps, addr);
	if (i < maps->nr && maps->entries[i]->start <= addr) {
		maps->last = maps->entries[i];
		return maps->entries[i];
	}
	return NULL;
}
