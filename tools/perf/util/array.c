// SPDX-License-Identifier: GPL-2.0
/* The growable-array helper: doubling realloc with overflow checks. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "array.h"

int array__grow(void **arr, u32 *alloc, size_t need, size_t elem, u32 first)
{
	size_t n = *alloc;
	void *p;

	if (need <= n)
		return 0;
	if (need > UINT32_MAX || !elem)
		return -ENOMEM;
	if (!n)
		n = first > need ? first : need;
	while (n < need)
		n *= 2;
	if (n > UINT32_MAX)
		n = UINT32_MAX;
	if (n > SIZE_MAX / elem)
		return -ENOMEM;
	p = realloc(*arr, n * elem);
	if (!p)
		return -ENOMEM;
	*arr = p;
	*alloc = (u32)n;
	return 0;
}
