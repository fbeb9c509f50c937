/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ATTR_H
#define __PERF_ATTR_H

#include <stdio.h>
#include <linux/perf_event.h>
#include "types.h"

/* Size of the first published attr (PERF_ATTR_SIZE_VER0); attr.size 0 means this. */
#define PERF_ATTR_SIZE_VER0_BYTES	64

/*
 * Convert an attr read from a file of the other endianness to native order,
 * in place.  Every field is byte-swapped by its own size; the flag word at
 * byte offset 40 is a bitfield, whose fields compilers allocate from the
 * least significant bit on little-endian machines and from the most
 * significant bit on big-endian ones, so after the u64 swap each field is
 * moved to its native position (perf_attr_flags__from_other()).
 */
void perf_event_attr__swap(struct perf_event_attr *attr);
/* The inverse: native attr -> the other endianness's bytes (for writing tests). */
void perf_event_attr__swap_to_other(struct perf_event_attr *attr);

/* The flag word as a plain u64: byte-swapped value <-> native bitfield layout. */
u64 perf_attr_flags__from_other(u64 swapped);
u64 perf_attr_flags__to_other(u64 native);
u64 perf_event_attr__flags(const struct perf_event_attr *attr);

/*
 * Print every non-zero field of attr through cb(fp, name, value, priv) in
 * upstream perf's order and formats ("sample_type" as IP|TID|..., config
 * in hex, flag bits as 0/1).  Returns the sum of what cb returned.
 */
typedef int (*attr__fprintf_f)(FILE *fp, const char *name, const char *val, void *priv);

int perf_event_attr__fprintf(FILE *fp, const struct perf_event_attr *attr,
			     attr__fprintf_f cb, void *priv);

/* Callback printing ", name = value" as `perf report --header` does. */
int perf_event_attr__fprintf_header_cb(FILE *fp, const char *name, const char *val, void *priv);

#endif /* __PERF_ATTR_H */
