// SPDX-License-Identifier: GPL-2.0
/* util/arena.c: zeroed, aligned, apart; big objects; reuse after exit. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tap.h"
#include "util/arena.h"

int main(void)
{
	struct arena a;
	char *p[1000], *big, *after;
	bool zero = true, aligned = true, apart = true;
	int i;

	arena__init(&a, 4096);
	for (i = 0; i < 1000; i++) {
		p[i] = arena__zalloc(&a, 1 + i % 40);
		if (!p[i])
			break;
		for (int k = 0; k < 1 + i % 40; k++)
			zero &= p[i][k] == 0;
		aligned &= ((uintptr_t)p[i] & 15) == 0;
		memset(p[i], 0xa5, 1 + i % 40);
	}
	is_int(i, 1000, "1000 objects over many blocks");
	ok(zero, "each zeroed");
	ok(aligned, "each 16-byte aligned");
	for (i = 0; i < 1000; i++)
		for (int k = 0; k < 1 + i % 40; k++)
			apart &= (unsigned char)p[i][k] == 0xa5;
	ok(apart, "none overlaps another");
	big = arena__zalloc(&a, 100000);
	after = arena__zalloc(&a, 8);
	ok(big && big[0] == 0 && big[99999] == 0, "bigger than a block: one of its own");
	ok(after && after - p[999] > 0 && after - p[999] < 4096,
	   "the block in use is still used after a big one");
	ok(a.used >= 100000 + 1000, "bytes handed out counted");
	arena__exit(&a);
	ok(!a.blocks && !a.used, "exit frees every block");
	p[0] = arena__zalloc(&a, 32);
	ok(p[0] && p[0][31] == 0, "usable again after exit");
	arena__exit(&a);
	return done_testing();
}
