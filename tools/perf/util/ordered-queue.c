// SPDX-License-Identifier: GPL-2.0
/*
 * Windows of a file's data section and the time-ordered queue of the
 * records in them (see ordered-queue.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "huge.h"
#include "ordered-queue.h"

/*
 * Windows are carved from huge pages a few at a time (see huge.h) and
 * only given back with the queue.
 */
#define WINDOW_BYTES		(sizeof(struct window) + WINDOW_SIZE)
#define CHUNK_BYTES		HUGE_PAGE_SIZE
#define WINDOWS_PER_CHUNK	((CHUNK_BYTES - sizeof(struct window_chunk)) / WINDOW_BYTES)

struct window_chunk {
	struct window_chunk	*next;
	u64			pad;		/* windows stay 16-byte aligned */
	u8			buf[];
};

static struct window *window__new(struct ordered_queue *q)
{
	struct window_chunk *c = q->chunks;

#ifdef HUGE_FROM_HEAP
	/* one block each, for ASan to see where a window ends */
	(void)c;
	return malloc(WINDOW_BYTES);
#endif

	if (!c || q->chunk_used == WINDOWS_PER_CHUNK) {
		c = huge_zalloc(CHUNK_BYTES);
		if (!c)
			return NULL;
		c->next = q->chunks;
		q->chunks = c;
		q->chunk_used = 0;
	}
	return (struct window *)(c->buf + WINDOW_BYTES * q->chunk_used++);
}

struct window *ordered_queue__window_get(struct ordered_queue *q)
{
	struct window *w = q->free_windows;

	if (w) {
		q->free_windows = w->next_free;
	} else {
		w = window__new(q);
		if (!w)
			return NULL;
		q->nr_windows++;
	}
	w->refs = 1;
	return w;
}

void ordered_queue__window_put(struct ordered_queue *q, struct window *w)
{
	if (w && --w->refs == 0) {
		w->next_free = q->free_windows;
		q->free_windows = w;
	}
}

static void queued_record__release(struct ordered_queue *q, struct queued_record *r)
{
	if (r->owned)
		free(r->ev);
	else
		ordered_queue__window_put(q, r->win);
}

/* Move the live records down over the holes, keeping their order. */
static void queue__compact(struct ordered_queue *q)
{
	size_t i, out = 0, n;

	for (i = 0; i < q->nr_runs; i++) {
		struct queue_run *run = &q->runs[i];

		n = run->end - run->pos;
		if (out != run->pos)
			memmove(&q->recs[out], &q->recs[run->pos], n * sizeof(*q->recs));
		run->pos = out;
		run->end = out + n;
		out += n;
	}
	n = q->nr - q->scanned;
	if (out != q->scanned)
		memmove(&q->recs[out], &q->recs[q->scanned], n * sizeof(*q->recs));
	q->scanned = out;
	q->nr = out + n;
}

int ordered_queue__push(struct ordered_queue *q, u64 time, union perf_event *ev,
			struct evsel *evsel, struct window *win, u64 file_offset)
{
	struct queued_record *r;

	if (q->nr == q->cap && q->nr_live <= q->cap / 2 && q->cap)
		queue__compact(q);
	if (q->nr == q->cap) {
		if (huge_buf__grow(&q->recs_buf, (q->nr + 1) * sizeof(*q->recs)))
			return -ENOMEM;
		q->recs = q->recs_buf.p;
		q->cap = q->recs_buf.cap / sizeof(*q->recs);
	}
	/* field by field: a struct built on the stack and copied stalls */
	r = &q->recs[q->nr++];
	r->time = time;
	r->ev = ev;
	r->evsel = evsel;
	r->win = win;
	r->file_offset = file_offset;
	r->owned = !win;
	q->nr_live++;
	if (win)
		win->refs++;
	if (time > q->max_time)
		q->max_time = time;
	return 0;
}

/* Release every record still queued. */
static void queue__drop(struct ordered_queue *q)
{
	size_t i, j;

	for (i = 0; i < q->nr_runs; i++)
		for (j = q->runs[i].pos; j < q->runs[i].end; j++)
			queued_record__release(q, &q->recs[j]);
	for (j = q->scanned; j < q->nr; j++)
		queued_record__release(q, &q->recs[j]);
	q->nr = q->scanned = q->nr_live = q->nr_runs = 0;
}

void ordered_queue__delete(struct ordered_queue *q)
{
	struct window_chunk *c;

	if (!q)
		return;
	queue__drop(q);
#ifdef HUGE_FROM_HEAP
	/* the reader and the records gave them all back */
	while (q->free_windows) {
		struct window *w = q->free_windows;

		q->free_windows = w->next_free;
		free(w);
	}
#endif
	while ((c = q->chunks)) {
		q->chunks = c->next;
		huge_free(c, CHUNK_BYTES);
	}
	huge_buf__free(&q->recs_buf);
	free(q->runs);
	free(q->heap);
	free(q);
}

struct ordered_queue *ordered_queue__new(void)
{
	return calloc(1, sizeof(struct ordered_queue));
}

static void queue__deliver(struct ordered_queue *q, struct queued_record *r,
			   ordered_queue_deliver_t deliver, void *ctx, int *err)
{
	if (!*err) {
		q->last_delivered = r->time;
		*err = deliver(ctx, r);
	}
	queued_record__release(q, r);
	q->nr_live--;
}

static int queue__grow_runs(struct ordered_queue *q, size_t n)
{
	if (array__grow((void **)&q->runs, &q->runs_alloc, n, sizeof(*q->runs), 16) ||
	    array__grow((void **)&q->heap, &q->heap_alloc, n, sizeof(*q->heap), 16))
		return -ENOMEM;
	return 0;
}

/* The records appended since the last flush: onto the last run, or new runs. */
static int queue__scan(struct ordered_queue *q)
{
	size_t i;

	for (i = q->scanned; i < q->nr; i++) {
		struct queue_run *last = q->nr_runs ? &q->runs[q->nr_runs - 1] : NULL;

		if (last && last->end == i && q->recs[i - 1].time <= q->recs[i].time) {
			last->end++;
			continue;
		}
		if (queue__grow_runs(q, q->nr_runs + 1))
			return -ENOMEM;
		q->runs[q->nr_runs++] = (struct queue_run){ .pos = i, .end = i + 1 };
	}
	q->scanned = q->nr;
	return 0;
}

/* Run a's head goes before run b's: by time, on a tie the run earlier in the file. */
static inline __attribute__((always_inline))
bool run_before(const struct ordered_queue *q, u32 a, u32 b)
{
	u64 ta = q->recs[q->runs[a].pos].time, tb = q->recs[q->runs[b].pos].time;

	return ta < tb || (ta == tb && a < b);
}

static void heap__sift_down(struct ordered_queue *q, size_t nr, size_t i)
{
	u32 top = q->heap[i];

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= nr)
			break;
		if (c + 1 < nr && run_before(q, q->heap[c + 1], q->heap[c]))
			c++;
		if (!run_before(q, q->heap[c], top))
			break;
		q->heap[i] = q->heap[c];
		i = c;
	}
	q->heap[i] = top;
}

/* Many runs (a badly ordered file): a heap of their heads. */
static void queue__merge_heap(struct ordered_queue *q, u64 limit, ordered_queue_deliver_t deliver,
			      void *ctx, int *err)
{
	size_t nr_heap = q->nr_runs, i;

	for (i = 0; i < nr_heap; i++)
		q->heap[i] = (u32)i;
	for (i = nr_heap / 2; i-- > 0;)
		heap__sift_down(q, nr_heap, i);
	while (nr_heap) {
		struct queue_run *run = &q->runs[q->heap[0]];

		if (q->recs[run->pos].time > limit)
			break;
		queue__deliver(q, &q->recs[run->pos++], deliver, ctx, err);
		if (run->pos == run->end) {
			q->heap[0] = q->heap[--nr_heap];
			if (!nr_heap)
				break;
		}
		heap__sift_down(q, nr_heap, 0);
	}
}

/*
 * A few runs (the usual case): the runs with records kept in the order of
 * their heads, so the first gives records for as long as they come before
 * the second's head (on a tie, the run earlier in the file goes first),
 * and then moves to its place among the others.  Two CPUs' runs
 * interleave record by record: each switch costs a comparison or two,
 * not a look at every run.
 */
static void queue__merge_few(struct ordered_queue *q, u64 limit, ordered_queue_deliver_t deliver,
			     void *ctx, int *err)
{
	u32 order[8], n = 0, i, j;

	for (i = 0; i < q->nr_runs; i++) {
		if (q->runs[i].pos == q->runs[i].end)
			continue;
		for (j = n++; j > 0 && run_before(q, i, order[j - 1]); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	while (n) {
		u32 m = order[0];
		struct queue_run *run = &q->runs[m];
		u64 bound = limit;

		if (q->recs[run->pos].time > limit)
			break;
		/* up to the second head: before it, or at its time from an earlier run */
		if (n > 1) {
			u64 t2 = q->recs[q->runs[order[1]].pos].time;

			bound = min(bound, order[1] < m ? t2 - 1 : t2);
		}
		do {
			queue__deliver(q, &q->recs[run->pos++], deliver, ctx, err);
		} while (run->pos < run->end && q->recs[run->pos].time <= bound);
		if (run->pos == run->end) {
			memmove(order, order + 1, --n * sizeof(*order));
			continue;
		}
		/* the run's new head to its place */
		for (j = 0; j + 1 < n && run_before(q, order[j + 1], m); j++)
			order[j] = order[j + 1];
		order[j] = m;
	}
}

int ordered_queue__flush(struct ordered_queue *q, u64 limit, ordered_queue_deliver_t deliver,
			 void *ctx)
{
	size_t i, kept;
	int err = 0;

	if (!q->nr_live)
		return 0;
	if (queue__scan(q)) {
		queue__drop(q);
		return -ENOMEM;
	}
	if (q->nr_runs <= 8)
		queue__merge_few(q, limit, deliver, ctx, &err);
	else
		queue__merge_heap(q, limit, deliver, ctx, &err);
	for (i = 0, kept = 0; i < q->nr_runs; i++)
		if (q->runs[i].pos < q->runs[i].end)
			q->runs[kept++] = q->runs[i];
	q->nr_runs = kept;
	if (!q->nr_live)
		q->nr = q->scanned = 0;
	return err;
}
