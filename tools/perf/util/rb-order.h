/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_UTIL_RB_ORDER_H
#define PERF_UTIL_RB_ORDER_H

#include <stddef.h>

/*
 * Orders items as a red-black tree would that got them one by one, in the
 * order given, each going left of a node when before(item, node, ctx) holds
 * and right otherwise: the tree's in-order walk replaces items[].  With a
 * total order that is a stable sort; with one that is not (upstream's
 * children-mode ties), it is the order upstream's tree gives.
 * Returns 0, or -ENOMEM.
 */
int rb_order(void **items, size_t n,
	     int (*before)(const void *item, const void *node, void *ctx), void *ctx);

#endif
