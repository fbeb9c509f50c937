// SPDX-License-Identifier: GPL-2.0
/*
 * util/array.c: the first allocation's size, doubling, a need beyond one
 * doubling, contents kept across moves, and the failures (a need beyond
 * a u32, bytes beyond a size_t) leaving the array as it was.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "tap.h"
#include "util/array.h"

int main(void)
{
	u32 *v = NULL, alloc = 0, i, good = 1;

	plan(12);
	is_int(array__grow((void **)&v, &alloc, 1, sizeof(*v), 16), 0, "first element");
	is_int(alloc, 16, "the first allocation holds 'first' elements");
	for (i = 0; i < 16; i++)
		v[i] = i * 7;
	is_int(array__grow((void **)&v, &alloc, 16, sizeof(*v), 16), 0, "a need that fits");
	is_int(alloc, 16, "...allocates nothing");
	is_int(array__grow((void **)&v, &alloc, 17, sizeof(*v), 16), 0, "one more");
	is_int(alloc, 32, "doubles");
	is_int(array__grow((void **)&v, &alloc, 1000, sizeof(*v), 16), 0, "a big need");
	is_int(alloc, 1024, "doubles until it fits");
	for (i = 0; i < 16; i++)
		good &= v[i] == i * 7;
	ok(good, "the elements survive the moves");
	ok(array__grow((void **)&v, &alloc, (size_t)UINT32_MAX + 1, sizeof(*v), 16) == -ENOMEM &&
	   alloc == 1024 && v[15] == 105, "a need beyond a u32: -ENOMEM, the array kept");
	ok(array__grow((void **)&v, &alloc, UINT32_MAX, SIZE_MAX / 4, 16) == -ENOMEM &&
	   alloc == 1024, "bytes beyond a size_t: -ENOMEM");
	free(v);
	v = NULL;
	alloc = 0;
	is_int(array__grow((void **)&v, &alloc, 100, sizeof(*v), 0) || alloc != 100, 0,
	       "no 'first', a first need of 100: exactly 100");
	free(v);
	return done_testing();
}
