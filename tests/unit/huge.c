// SPDX-License-Identifier: GPL-2.0
/* util/huge.c: aligned zeroed mappings, a buffer that grows keeping its bytes. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tap.h"
#include "util/huge.h"

static bool all_zero(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

int main(void)
{
	struct huge_buf b = { 0 };
	unsigned char *p;

	p = huge_zalloc(100);
#ifdef HUGE_FROM_HEAP
	ok(p != NULL, "a small block, from the heap (sanitized build)");
#else
	ok(p && !((uintptr_t)p % HUGE_PAGE_SIZE), "a small block starts on a huge page");
#endif
	ok(p && all_zero(p, 100), "zeroed");
	if (p)
		memset(p, 0xab, 100);
	huge_free(p, 100);
	ok(huge_zalloc(0) == NULL, "nothing for 0 bytes");

	p = huge_zalloc(3 * HUGE_PAGE_SIZE + 1);
	ok(p && all_zero(p, 3 * HUGE_PAGE_SIZE + 1), "over several huge pages, zeroed");
	huge_free(p, 3 * HUGE_PAGE_SIZE + 1);

	ok(!huge_buf__grow(&b, 10) && b.p && b.cap == HUGE_BUF_FIRST,
	   "a buffer: one huge page (in the heap: %lu KiB)", HUGE_BUF_FIRST >> 10);
	memset(b.p, 0x5a, b.cap);
	ok(!huge_buf__grow(&b, HUGE_BUF_FIRST) && b.cap == HUGE_BUF_FIRST, "no growth when it fits");
	ok(!huge_buf__grow(&b, 5 * HUGE_BUF_FIRST) && b.cap == 8 * HUGE_BUF_FIRST, "doubled to fit");
	p = b.p;
	ok(p[0] == 0x5a && p[HUGE_BUF_FIRST - 1] == 0x5a && p[HUGE_BUF_FIRST] == 0 &&
	   all_zero(p + HUGE_BUF_FIRST, 7 * HUGE_BUF_FIRST), "old bytes kept, new ones zero");
	huge_buf__free(&b);
	ok(!b.p && !b.cap, "freed");
	return done_testing();
}
