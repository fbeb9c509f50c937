// SPDX-License-Identifier: GPL-2.0
/*
 * Anonymous mappings aligned to, and advised into, transparent huge pages.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/mman.h>

#include "huge.h"

static size_t huge_round(size_t size)
{
	return (size + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
}

/* size bytes (a multiple of HUGE_PAGE_SIZE) starting on a huge page */
static void *huge_map(size_t size)
{
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
}

int huge_buf__grow(struct huge_buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : HUGE_PAGE_SIZE;
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
		p = mremap(b->p, b->cap, cap, MREMAP_MAYMOVE);
		if (p == MAP_FAILED)
			return -ENOMEM;
		madvise(p, cap, MADV_HUGEPAGE);
	}
	b->p = p;
	b->cap = cap;
	return 0;
}

void huge_buf__free(struct huge_buf *b)
{
	if (b->p)
		munmap(b->p, b->cap);
	b->p = NULL;
	b->cap = 0;
}

void *huge_zalloc(size_t size)
{
	return size ? huge_map(huge_round(size)) : NULL;
}

void huge_free(void *p, size_t size)
{
	if (p)
		munmap(p, huge_round(size));
}
