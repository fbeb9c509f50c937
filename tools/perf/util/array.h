/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ARRAY_H
#define __PERF_ARRAY_H

#include <stddef.h>
#include "types.h"

/*
 * The one growable-array helper: makes *arr, an array of *alloc elements
 * of elem bytes each, hold at least need of them.  The first allocation
 * takes first elements (or need, when more), later ones double until need
 * fits.  Returns 0, or -ENOMEM (need beyond a u32, the bytes beyond a
 * size_t, or no memory) with *arr and *alloc unchanged.  New elements are
 * not initialized.
 *
 *	if (array__grow((void **)&t->nodes, &t->alloc_nodes, t->nr_nodes + 1,
 *			sizeof(*t->nodes), 256))
 *		return -ENOMEM;
 */
int array__grow(void **arr, u32 *alloc, size_t need, size_t elem, u32 first);

#endif
