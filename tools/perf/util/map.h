/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_MAP_H
#define __PERF_MAP_H

#include "dso.h"

/*
 * An address range [start, end) of a process (or of the kernel) backed by
 * a dso.  map__map_ip() turns an address into the dso's address space:
 * the file offset for ELF objects (ip - start + pgoff), the address itself
 * for the kernel and anonymous memory, the offset into a BPF program.
 */
struct map {
	u64		start;
	u64		end;
	u64		pgoff;
	struct dso	*dso;		/* owned by the machine's dsos */
	bool		identity;	/* map_ip(ip) == ip */
	/* as the MMAP2 record said (--mmaps): PROT_*, MAP_*, the inode (0: none) */
	u32		prot;
	u32		flags;
	u64		ino;
};

static inline u64 map__map_ip(const struct map *map, u64 ip)
{
	return map->identity ? ip : ip - map->start + map->pgoff;
}

struct map *map__new(u64 start, u64 end, u64 pgoff, struct dso *dso, bool identity);
void map__delete(struct map *map);

/*
 * The maps of one address space, sorted by start, never overlapping:
 * inserting a map cuts what it covers out of the maps already there, as
 * a new mmap() replaces the old mapping.  Shared by the threads of a
 * process (reference counted).
 */
struct maps {
	struct map	**entries;
	size_t		nr;
	u32		alloc;
	int		refcnt;
	struct map	*last;		/* lookup cache */
	/*
	 * What lookups in these maps give is the same while the version is:
	 * the owner (the machine) gives the maps a new one whenever it
	 * changes them, from a counter of its own, so no other maps it ever
	 * had (also one freed before at the same address) had that version.
	 * 0: not versioned.
	 */
	u64		version;
};

struct maps *maps__new(void);
struct maps *maps__get(struct maps *maps);
void maps__put(struct maps *maps);
/* A copy for a forked process (the maps themselves are copied). */
struct maps *maps__clone(const struct maps *maps);
/* Takes ownership of map (deleted on failure). */
int maps__insert(struct maps *maps, struct map *map);
/* Remove and delete the map starting at start; -ENOENT when none. */
int maps__remove_at(struct maps *maps, u64 start);
struct map *maps__find(struct maps *maps, u64 addr);

#endif /* __PERF_MAP_H */
