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
	ok(p && !((uintptr_t)p % HUGE_PAGE_SIZE), "a small block starts on a huge page");
	ok(p && all_zero(p, 100), "zeroed");
	if (p)
		memset(p, 0xab, 100);
	huge_free(p, 100);
	ok(huge_zalloc(0) == NULL, "nothing for 0 bytes");

	p = huge_zalloc(3 * HUGE_PAGE_SIZE + 1);
	ok(p && all_zero(p, 3 * HUGE_PAGE_SIZE + 1), "over several huge pages, zeroed");
	huge_free(p, 3 * HUGE_PAGE_SIZE + 1);

	ok(!huge_buf__grow(&b, 10) && b.p && b.cap == HUGE_PAGE_SIZE, "a buffer: one huge page");
	memset(b.p, 0x5a, b.cap);
	ok(!huge_buf__grow(&b, HUGE_PAGE_SIZE) && b.cap == HUGE_PAGE_SIZE, "no growth when it fits");
	ok(!huge_buf__grow(&b, 5 * HUGE_PAGE_SIZE) && b.cap == 8 * HUGE_PAGE_SIZE, "doubled to fit");
	p = b.p;
	ok(p[0] == 0x5a && p[HUGE_PAGE_SIZE - 1] == 0x5a && p[HUGE_PAGE_SIZE] == 0 &&
	   all_zero(p + HUGE_PAGE_SIZE, 7 * HUGE_PAGE_SIZE), "old bytes kept, new ones zero");
	huge_buf__free(&b);
	ok(!b.p && !b.cap, "freed");
	return done_testing();
}
