/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ARENA_H
#define __PERF_ARENA_H

#include <stddef.h>

/*
 * Many small objects that live as long as their owner (histogram entries,
 * call chains): carved one after the other out of big zeroed blocks, so
 * making one costs a pointer bump, the ones made together lie together,
 * and freeing them all is freeing the blocks, without walking them.
 * Objects are not freed one by one (a caller that drops some keeps a list
 * of its own to reuse them).
 */
struct arena_block;

struct arena {
	struct arena_block	*blocks;
	char			*cur;		/* the newest block's next free byte */
	size_t			left;		/* bytes after cur */
	size_t			block_size;
	size_t			used;		/* bytes handed out */
};

/* block_size: of each block (0: 1 MiB); big objects get a block of their own. */
void arena__init(struct arena *a, size_t block_size);
/* Every object made goes; the arena can be used again. */
void arena__exit(struct arena *a);
/* size zeroed bytes, aligned for any object; NULL when out of memory. */
void *arena__zalloc(struct arena *a, size_t size);

#endif /* __PERF_ARENA_H */
