/* SPDX-License-Identifier: GPL-2.0 */
/*
 * For unit tests: a pipe-mode stream made in memory in stream[0..len),
 * appended to with put() and put_u64(); put_stream() makes a small one:
 * one cpu-clock attr (id 42) with call chains, a COMM of pid 7 / tid 8
 * "work", and three user samples of tid 8 whose ips nothing maps
 * ([unknown] frames), with periods of 250.
 */
#ifndef __TESTS_PIPE_STREAM_H
#define __TESTS_PIPE_STREAM_H

#include <string.h>

#include "util/event.h"
#include "util/header.h"

static u8 stream[4 << 20];
static size_t len;

static inline void put(const void *p, size_t n)
{
	memcpy(stream + len, p, n);
	len += n;
}

static inline void put_u64(u64 v)
{
	put(&v, sizeof(v));
}

static inline void put_stream(void)
{
	struct perf_pipe_file_header ph = { .magic = PERF_MAGIC2, .size = sizeof(ph) };
	struct perf_event_header h = { .type = PERF_RECORD_HEADER_ATTR };
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 1000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
			       PERF_SAMPLE_CALLCHAIN,
		.sample_id_all = 1,
	};
	char comm[16] = "work";
	int i;

	put(&ph, sizeof(ph));
	h.size = sizeof(h) + sizeof(attr) + 8;
	put(&h, sizeof(h));
	put(&attr, sizeof(attr));
	put_u64(42);
	/* COMM 7/8 "work", trailer: pid/tid, time, id, cpu */
	h.type = PERF_RECORD_COMM;
	h.misc = 0;
	h.size = sizeof(h) + 8 + sizeof(comm) + 4 * 8;
	put(&h, sizeof(h));
	put_u64(7 | (8ULL << 32));
	put(comm, sizeof(comm));
	put_u64(7 | (8ULL << 32));
	put_u64(1);
	put_u64(42);
	put_u64(0);
	/* 3 samples of tid 8, user ips nothing maps: [unknown] frames */
	for (i = 0; i < 3; i++) {
		h.type = PERF_RECORD_SAMPLE;
		h.misc = PERF_RECORD_MISC_USER;
		h.size = sizeof(h) + 7 * 8 + 3 * 8;
		put(&h, sizeof(h));
		put_u64(0x1000 + i);		/* ip */
		put_u64(7 | (8ULL << 32));	/* pid, tid */
		put_u64(100 + i);		/* time */
		put_u64(42);			/* id */
		put_u64(i);			/* cpu i, res 0 */
		put_u64(250);			/* period */
		put_u64(3);			/* callchain: nr, then the ips */
		put_u64(PERF_CONTEXT_USER);
		put_u64(0x1000 + i);
		put_u64(0x2000);
	}
}

#endif /* __TESTS_PIPE_STREAM_H */
