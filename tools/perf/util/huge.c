// SPDX-License-Identifier: GPL-2.0
/*
 * Anonymous mappings aligned to, and advised into, transparent huge pages.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "huge.h"

static size_t huge_round(size_t size)
{
	return (size + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
}

/* size bytes (a multiple of HUGE_PAGE_SIZE) starting on a huge page */
static void *huge_map(size_t size)
{
#ifdef HUGE_FROM_HEAP
	/* fresh zero pages for big blocks: nothing cleared that is not touched */
	return calloc(1, size);
#else
	size_t head;
	char *m = mmap(NULL, size + HUGE_PAGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (m == MAP_FAILED)
		return NULL;
	head = (HUGE_PAGE_SIZE - ((uintptr_t)m & (HUGE_PAGE_SIZE - 1))) & (HUGE_PAGE_SIZE - 1);
	if (head)
		munmap(m, head);
	munmap(m + head + size, HUGE_PAGE_SIZE - head);
	/* only advice: a kernel without THP still maps the pages */
	madvise(m + head, size, MADV_HUGEPAGE);
	return m + head;
#endif
}

static void huge_unmap(void *p, size_t size)
{
#ifdef HUGE_FROM_HEAP
	(void)size;
	free(p);
#else
	munmap(p, size);
#endif
}

/* b->p grown (maybe moved) to cap bytes, the new ones zero */
static void *huge_remap(struct huge_buf *b, size_t cap)
{
#ifdef HUGE_FROM_HEAP
	char *p = realloc(b->p, cap);

	if (p)
		memset(p + b->cap, 0, cap - b->cap);
	return p;
#else
	void *p = mremap(b->p, b->cap, cap, MREMAP_MAYMOVE);

	if (p == MAP_FAILED)
		return NULL;
	madvise(p, cap, MADV_HUGEPAGE);
	return p;
#endif
}

int huge_buf__grow(struct huge_buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : HUGE_BUF_FIRST;
	void *p;

	if (need <= b->cap)
		return 0;
	while (cap < need) {
		if (cap > SIZE_MAX / 2)
			return -ENOMEM;
		cap *= 2;
	}
	if (!b->p) {
		p = huge_map(cap);
		if (!p)
			return -ENOMEM;
	} else {
		p = huge_remap(b, cap);
		if (!p)
			return -ENOMEM;
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

void huge_buf__free(struct huge_buf *b)
{
	if (b->p)
		huge_unmap(b->p, b->cap);
	b->p = NULL;
	b->cap = 0;
}

void *huge_zalloc(size_t size)
{
#ifdef HUGE_FROM_HEAP
	/* the exact size, for ASan to see where it ends */
	return size ? huge_map(size) : NULL;
#else
	return size ? huge_map(huge_round(size)) : NULL;
#endif
}

void huge_free(void *p, size_t size)
{
	if (p)
		huge_unmap(p, huge_round(size));
}
