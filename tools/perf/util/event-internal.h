/* SPDX-License-Identifier: GPL-2.0 */
/* What event.c, event-sample.c, event-swap.c and event-print.c share. */
#ifndef PERF_UTIL_EVENT_INTERNAL_H
#define PERF_UTIL_EVENT_INTERNAL_H

#include "event.h"

/* The sample_id trailer's fields. */
#define TRAILER_BITS	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | \
			 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

/* Fixed body of each kernel record type (header included), 0 if unknown. */
u32 event__min_size(u32 type);
/* Start of the trailer, or -EINVAL when the record cannot hold body + trailer. */
int event__trailer_start(const struct perf_event_header *h, u64 sample_type);

/* An empty sample of sample_type: ids and cpu -1. */
void perf_sample__reset(struct perf_sample *s, u64 sample_type);
/* The sample record at base, converting in place when swap. */
int perf_sample__walk(u8 *base, u32 size, const struct perf_event_attr *attr, bool swap,
		      struct perf_sample *s);
/* The trailer's fields of type at [start, size) of the record at base. */
int perf_sample__walk_id(u8 *base, u32 start, u32 size, u64 type, bool swap,
			 struct perf_sample *s);

#endif /* PERF_UTIL_EVENT_INTERNAL_H */
