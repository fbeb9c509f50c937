/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The windows a file's data section is read into, and the queue that
 * hands its records on in time order (perf_session's reader).
 */
#ifndef PERF_UTIL_ORDERED_QUEUE_H
#define PERF_UTIL_ORDERED_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include "event.h"
#include "huge.h"

struct evsel;
struct window_chunk;

/*
 * The data section of a file is read into windows: buffers filled by
 * pread() that records are used from in place.  A window lives while the
 * reader is in it or a queued record points into it, then goes back to a
 * free list, so a few of them (warm in the cache) are reused all along.
 */
#define WINDOW_SIZE		(1U << 17)

struct window {
	struct window		*next_free;
	u64			refs;		/* the reader's and queued records' */
	u8			buf[] __attribute__((aligned(8)));	/* WINDOW_SIZE */
};

/*
 * A record waiting for its turn in time order.  ev points into a window
 * (win set), or to a private copy (owned) of a pipe, swapped or
 * decompressed record.
 */
struct queued_record {
	u64			time;
	union perf_event	*ev;
	struct evsel		*evsel;
	struct window		*win;
	u64			file_offset;
	bool			owned;
};

/* A run of queued records already in time order, [pos, end) of recs. */
struct queue_run {
	size_t			pos;
	size_t			end;
};

/*
 * Records are appended in file order.  perf record writes each ring
 * buffer's records in time order, so the queue is a few sorted runs: a
 * flush merges them instead of sorting records.  Equal times go out in
 * file order: runs are kept in file order and a tie goes to the earlier
 * run.  A run is found once, when a flush first sees its records, and
 * what a flush delivers leaves a hole that is only reclaimed when the
 * array is full (the rest moved down, in order), so a record waiting
 * through many rounds is not moved at each.
 */
struct ordered_queue {
	struct huge_buf		recs_buf;
	struct queued_record	*recs;		/* recs_buf.p */
	size_t			nr;		/* slots used, holes included */
	size_t			cap;
	size_t			scanned;	/* recs from here are in no run yet */
	size_t			nr_live;
	struct queue_run	*runs;		/* by position, none empty */
	size_t			nr_runs;
	u32			*heap;		/* run indexes, by head record */
	u32			runs_alloc, heap_alloc;
	u64			max_time;	/* highest time queued so far */
	u64			next_flush;	/* limit for the next FINISHED_ROUND */
	u64			last_delivered;
	struct window		*free_windows;
	size_t			nr_windows;	/* allocated, for the unit test */
	struct window_chunk	*chunks;	/* where windows come from */
	size_t			chunk_used;	/* windows taken from the first */
};

/* Largest record: header.size is a u16. */
#define MAX_RECORD_SIZE		65536

struct ordered_queue *ordered_queue__new(void);
/* Releases every record still queued, then the windows. */
void ordered_queue__delete(struct ordered_queue *q);

/* A window with one reference (the caller's), or NULL. */
struct window *ordered_queue__window_get(struct ordered_queue *q);
/* Drops a reference; NULL is fine. */
void ordered_queue__window_put(struct ordered_queue *q, struct window *w);

/*
 * Queues ev, in window win (which gets a reference), or owned (a copy of
 * its own, freed when delivered) when win is NULL.
 */
int ordered_queue__push(struct ordered_queue *q, u64 time, union perf_event *ev,
			struct evsel *evsel, struct window *win, u64 file_offset);

/* Delivers one record; an error stops the deliveries (not the releasing). */
typedef int (*ordered_queue_deliver_t)(void *ctx, const struct queued_record *r);

/* Every queued record up to limit, in time order (equal times: file order). */
int ordered_queue__flush(struct ordered_queue *q, u64 limit, ordered_queue_deliver_t deliver,
			 void *ctx);

#endif /* PERF_UTIL_ORDERED_QUEUE_H */
