/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_MMAP_H
#define __PERF_MMAP_H

#include <linux/perf_event.h>
#include "types.h"

union perf_event;

/*
 * One perf ring buffer (a control page plus 2^n data pages) read from
 * user space.  perf_mmap__read() takes everything between data_tail and
 * data_head: each record goes to ops->record (made contiguous when it
 * wraps around the end of the buffer), then the raw bytes go to ops->push
 * in at most two pieces, then data_tail is moved so the kernel can reuse
 * the space.  A record callback error stops before anything is pushed or
 * consumed; a push error leaves the bytes unconsumed.
 */
struct perf_mmap {
	void		*base;		/* the control page (struct perf_event_mmap_page) */
	u8		*data;		/* the data pages */
	u64		mask;		/* data size - 1 */
	size_t		len;		/* bytes mapped */
	int		fd;
	int		cpu;		/* -1 for a per-thread buffer */
	u64		bytes;		/* total bytes read */
	u8		*bounce;	/* a wrapped record, made contiguous */
	bool		backward;	/* read-only: the kernel overwrites (write_backward) */
	u64		prev;		/* backward: the head at the last read */
};

struct perf_mmap_ops {
	/* may be NULL; ev is valid until it returns */
	int (*record)(void *priv, struct perf_mmap *map, const union perf_event *ev);
	/* may be NULL */
	int (*push)(void *priv, struct perf_mmap *map, const void *buf, size_t len);
	/*
	 * may be NULL: the size a record should have, when the kernel wrote
	 * it longer (0 or header.size: keep it).  A read with such a record
	 * pushes record by record, each cut to its size.
	 */
	u16 (*size)(void *priv, const union perf_event *ev);
};

/*
 * Map pages data pages (a power of two) of fd; pages | PERF_MMAP_BACKWARD
 * maps them read-only, a ring the kernel overwrites (an event with
 * write_backward), read with perf_mmap__read_backward().
 */
#define PERF_MMAP_BACKWARD	(1U << 31)
int perf_mmap__map(struct perf_mmap *map, int fd, int cpu, unsigned int pages);
void perf_mmap__unmap(struct perf_mmap *map);
/* Bytes waiting to be read. */
u64 perf_mmap__pending(struct perf_mmap *map);
/* Read what is there; returns the bytes read or -errno. */
s64 perf_mmap__read(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv);

/*
 * A backward ring: what the kernel wrote since the last read, newest
 * first, as much as the ring still holds (the output should be paused:
 * PERF_EVENT_IOC_PAUSE_OUTPUT).  Records go to ops as perf_mmap__read()'s;
 * returns the bytes read or -errno.
 */
s64 perf_mmap__read_backward(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv);

/*
 * Either kind: perf_mmap__read(), or for a backward ring its output
 * paused (PERF_EVENT_IOC_PAUSE_OUTPUT) around perf_mmap__read_backward().
 */
s64 perf_mmap__read_any(struct perf_mmap *map, const struct perf_mmap_ops *ops, void *priv);

/* -m argument: a number of pages (power of two) or a size "512K", "2M". */
int perf_mmap__parse_pages(const char *str, unsigned int *pages);

#endif /* __PERF_MMAP_H */
