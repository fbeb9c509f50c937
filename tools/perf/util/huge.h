/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_HUGE_H
#define __PERF_HUGE_H

#include <stddef.h>

/*
 * Memory a command touches soon and all over (tables of 100k symbols,
 * caches indexed by hash, the ordering queue) in transparent huge pages
 * where the kernel gives them: one page fault per 2 MiB instead of per
 * 4 KiB.  In a VM a fault can cost tens of microseconds, more than
 * reading what the page holds.  Without huge pages these are plain
 * zero-filled anonymous mappings.
 */
#define HUGE_PAGE_SIZE	(2UL << 20)

/* ASan checks the bounds of heap blocks only: sanitized builds use those */
#if defined(__SANITIZE_ADDRESS__)
#define HUGE_FROM_HEAP	1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HUGE_FROM_HEAP	1
#endif
#endif

/*
 * The bits of a hash table or cache sized once: fewer in a sanitizer's
 * heap, which clears and poisons every byte it hands out, so that a small
 * input (a test's, a fuzz input) is not outweighed by that clearing.
 * Sizes are for speed only; a smaller table just misses more.
 */
#ifdef HUGE_FROM_HEAP
#define TABLE_BITS(bits)	((bits) < 10 ? (bits) : 10)
#else
#define TABLE_BITS(bits)	(bits)
#endif

/*
 * A buffer's first capacity: a huge page, or in the heap (no huge pages
 * to fill, and a sanitizer's heap is slow to clear) a few small pages.
 */
#ifdef HUGE_FROM_HEAP
#define HUGE_BUF_FIRST	(64UL << 10)
#else
#define HUGE_BUF_FIRST	HUGE_PAGE_SIZE
#endif

/* A growable buffer: contents kept (it may move), new bytes zero. */
struct huge_buf {
	void	*p;
	size_t	cap;	/* bytes mapped */
};

int huge_buf__grow(struct huge_buf *b, size_t need);
void huge_buf__free(struct huge_buf *b);

/*
 * size zeroed bytes, NULL when out of memory; free with huge_free(p, size).
 * Aligned to a huge page, but in the heap.
 */
void *huge_zalloc(size_t size);
void huge_free(void *p, size_t size);

#endif /* __PERF_HUGE_H */
