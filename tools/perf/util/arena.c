// SPDX-License-Identifier: GPL-2.0
/*
 * Arenas: objects carved out of big zeroed blocks, freed all at once.
 */
#include <stdint.h>
#include <stdlib.h>

#include "arena.h"
#include "huge.h"

#define ARENA_ALIGN	16
/*
 * A huge page a block: one page fault per 2 MiB (a VM's faults are dear);
 * a sanitizer's heap clears all of a block, so smaller ones there.
 */
#ifdef HUGE_FROM_HEAP
#define ARENA_DEFAULT	((64UL << 10) - BLOCK_HDR)
#else
#define ARENA_DEFAULT	(HUGE_PAGE_SIZE - BLOCK_HDR)
#endif

struct arena_block {
	struct arena_block	*next;
	size_t			size;
	/* then the objects, ARENA_ALIGN aligned */
};

/* the header rounded up: objects start aligned */
#define BLOCK_HDR	((sizeof(struct arena_block) + ARENA_ALIGN - 1) & \
			 ~(size_t)(ARENA_ALIGN - 1))

void arena__init(struct arena *a, size_t block_size)
{
	a->blocks = NULL;
	a->cur = NULL;
	a->left = 0;
	a->block_size = block_size ? block_size : ARENA_DEFAULT;
	a->used = 0;
}

void arena__exit(struct arena *a)
{
	while (a->blocks) {
		struct arena_block *b = a->blocks;

		a->blocks = b->next;
		huge_free(b, BLOCK_HDR + b->size);
	}
	arena__init(a, a->block_size);
}

/* A block of its own: behind the newest, so what is left of that stays usable. */
static void *arena__big(struct arena *a, size_t size)
{
	struct arena_block *b = huge_zalloc(BLOCK_HDR + size);

	if (!b)
		return NULL;
	b->size = size;
	if (a->blocks) {
		b->next = a->blocks->next;
		a->blocks->next = b;
	} else {
		b->next = NULL;
		a->blocks = b;
	}
	a->used += size;
	return (char *)b + BLOCK_HDR;
}

void *arena__zalloc(struct arena *a, size_t size)
{
	struct arena_block *b;
	void *p;

	size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (size < ARENA_ALIGN)
		size = ARENA_ALIGN;
	if (size > a->left) {
		if (size > a->block_size / 4)
			return arena__big(a, size);
		/* fresh zero pages: nothing to clear */
		b = huge_zalloc(BLOCK_HDR + a->block_size);
		if (!b)
			return NULL;
		b->size = a->block_size;
		b->next = a->blocks;
		a->blocks = b;
		a->cur = (char *)b + BLOCK_HDR;
		a->left = a->block_size;
	}
	p = a->cur;
	a->cur += size;
	a->left -= size;
	a->used += size;
	return p;
}
