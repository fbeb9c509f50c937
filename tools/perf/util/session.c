// SPDX-License-Identifier: GPL-2.0
#include <byteswap.h>
#include <stddef.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "huge.h"
#include "session.h"
#include "strbuf.h"
#include "tracing-data.h"

/*
 * The data section of a file is read into windows: buffers filled by
 * pread() that records are used from in place.  A window lives while the
 * reader is in it or a queued record points into it, then goes back to a
 * free list, so a few of them (warm in the cache) are reused all along.
 */
#define WINDOW_SIZE		(1U << 17)

/* 8 set bits at most: cheaper than the library call without -mpopcnt */
static inline u32 nr_bits(u64 x)
{
	u32 n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

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
	size_t			runs_cap;
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

static struct window *window__get(struct ordered_queue *q)
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

static void window__put(struct ordered_queue *q, struct window *w)
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
		window__put(q, r->win);
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

/* ev in window win, or owned (a copy of its own) when win is NULL */
static int queue__push(struct ordered_queue *q, u64 time, union perf_event *ev,
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

static void queue__free(struct ordered_queue *q)
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

/*
 * TRACING_DATA: the formats of the tracepoints.  Events of the file that
 * no EVENT_DESC named are named from their formats ("sched:sched_switch").
 */
static int session__read_tracing(struct perf_session *session, const void *buf, size_t size)
{
	struct tracing_data *td;
	struct evsel *evsel;
	char err[256];
	int ret, i;

	ret = tracing_data__parse(&td, buf, size, err, sizeof(err));
	if (ret)
		return perf_data__err(session->data, "%s", err[0] ? err : strerror(-ret));
	tracing_data__delete(session->tracing);
	session->tracing = td;
	evlist__for_each(session->evlist, evsel, i) {
		struct tep_event *ev;

		evsel->tp_format = NULL;
		ev = perf_session__tp_format(session, evsel);
		if (ev && !evsel->name) {
			char name[512];

			tracing_data__event_name(ev, name, sizeof(name));
			if (evsel__set_name(evsel, name))
				return -ENOMEM;
		}
	}
	return 0;
}

int perf_session__new(struct perf_session **out, struct perf_data *data, struct perf_tool *tool)
{
	struct perf_session *session = calloc(1, sizeof(*session));
	int err;

	*out = NULL;
	if (!session)
		return -ENOMEM;
	session->data = data;
	session->tool = tool;
	perf_header__init(&session->header);
	session->evlist = evlist__new();
	session->queue = calloc(1, sizeof(*session->queue));
	if (!session->evlist || !session->queue) {
		perf_session__delete(session);
		return -ENOMEM;
	}
	err = perf_header__read(&session->header, session->evlist, data);
	if (!err && session->header.raw[HEADER_TRACING_DATA].buf)
		err = session__read_tracing(session, session->header.raw[HEADER_TRACING_DATA].buf,
					    session->header.raw[HEADER_TRACING_DATA].size);
	if (err) {
		if (!data->err[0])
			perf_data__err(data, "cannot read the header: %s", strerror(-err));
		perf_session__delete(session);
		return err;
	}
	*out = session;
	return 0;
}

struct tep_event *perf_session__tp_format(struct perf_session *session, struct evsel *evsel)
{
	if (evsel->attr.type != PERF_TYPE_TRACEPOINT || !session->tracing)
		return NULL;
	if (!evsel->tp_format)
		evsel->tp_format = tracing_data__event(session->tracing, evsel->attr.config);
	return evsel->tp_format;
}

static void session__unzip_exit(struct session_unzip *z)
{
	ZSTD_freeDStream(z->stream);
	free(z->buf);
}

void perf_session__delete(struct perf_session *session)
{
	if (!session)
		return;
	queue__free(session->queue);
	session__unzip_exit(&session->unzip);
	tracing_data__delete(session->tracing);
	evlist__delete(session->evlist);
	perf_header__exit(&session->header);
	free(session);
}

static u64 load_u64(const void *p, bool swap)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return swap ? bswap_64(v) : v;
}

/*
 * Where the sample id sits, computed once per evlist shape (pipe mode adds
 * attrs as it goes): bytes from the start of a SAMPLE, from the end of
 * other records; -1 when records carry none.
 */
static void session__update_id_pos(struct perf_session *session)
{
	struct evlist *evlist = session->evlist;
	struct evsel *first = evlist__first(evlist);

	session->id_pos_nr_entries = evlist->nr_entries;
	session->last_evsel = NULL;
	session->id_pos_sample = -1;
	session->id_pos_trailer = -1;
	if (!first || evlist->nr_entries == 1)
		return;
	session->id_pos_sample = perf_event__sample_id_pos(first->attr.sample_type);
	if (first->attr.sample_id_all)
		session->id_pos_trailer = perf_event__trailer_id_pos(first->attr.sample_type);
	if (session->id_pos_sample < 0)
		session->id_pos_sample = -1;
	if (session->id_pos_trailer < 0)
		session->id_pos_trailer = -1;
}

/*
 * The evsel a record belongs to, found by its sample id before the record
 * is parsed (or byte-swapped: the attr decides how).  All events of a file
 * share the position of the id, as perf record guarantees.
 */
static inline __attribute__((always_inline))
struct evsel *session__find_evsel(struct perf_session *session, const union perf_event *ev,
				  bool swap)
{
	struct evlist *evlist = session->evlist;
	struct evsel *evsel;
	u64 size = ev->header.size;
	u64 pos, id;

	if (session->id_pos_nr_entries != evlist->nr_entries)
		session__update_id_pos(session);
	if (ev->header.type == PERF_RECORD_SAMPLE) {
		if (session->id_pos_sample < 0)
			return evlist__first(evlist);
		pos = session->id_pos_sample;
	} else {
		if (session->id_pos_trailer < 0 ||
		    (u64)session->id_pos_trailer > size - sizeof(struct perf_event_header))
			return evlist__first(evlist);
		pos = size - session->id_pos_trailer;
	}
	if (pos + 8 > size)
		return NULL;
	id = load_u64((const u8 *)ev + pos, swap);
	/* records come in runs of one ring buffer, so mostly of one id */
	if (session->last_evsel && id == session->last_id)
		return session->last_evsel;
	evsel = evlist__id2evsel(evlist, id);
	if (evsel) {
		session->last_id = id;
		session->last_evsel = evsel;
	}
	/* synthesized side-band records carry id 0: they parse like any other */
	if (!evsel && ev->header.type != PERF_RECORD_SAMPLE)
		evsel = evlist__first(evlist);
	return evsel;
}

static int session__parse(struct perf_session *session, const union perf_event *ev,
			  struct evsel *evsel, struct perf_sample *sample)
{
	/* the sample parser fills (and clears) all of it */
	if (evsel && ev->header.type == PERF_RECORD_SAMPLE)
		return perf_sample__parse(ev, &evsel->attr, sample);
	memset(sample, 0, sizeof(*sample));
	sample->cpu = (u32)-1;
	sample->time = (u64)-1;
	if (!evsel || ev->header.type == PERF_RECORD_SAMPLE)
		return 0;
	if (!evsel->attr.sample_id_all)
		return 0;
	return perf_event__parse_id_sample(ev, &evsel->attr, sample);
}

static int session__deliver(struct perf_session *session, const union perf_event *ev,
			    struct evsel *evsel)
{
	struct perf_tool *tool = session->tool;
	struct perf_sample sample;
	int err;

	if (ev->header.type == PERF_RECORD_SAMPLE ? !tool->sample : !tool->event)
		return 0;

	err = session__parse(session, ev, evsel, &sample);
	if (err) {
		return perf_data__err(session->data, "malformed %s record at 0x%llx",
				      perf_event__name(ev->header.type),
				      (unsigned long long)session->file_offset);
	}
	if (ev->header.type == PERF_RECORD_SAMPLE)
		return evsel ? tool->sample(tool, session, ev, &sample, evsel) : 0;
	return tool->event(tool, session, ev, &sample, evsel);
}

/*
 * The time a record is ordered by, read alone: the full parse waits for
 * delivery.  -1 when it has none; a sample too short to hold its time is
 * left for delivery to refuse.
 */
static int session__record_time(const union perf_event *ev, const struct evsel *evsel,
				u64 *time)
{
	const struct perf_event_attr *attr;
	struct perf_sample sample;
	u32 pos;

	*time = (u64)-1;
	if (!evsel)
		return 0;
	attr = &evsel->attr;
	if (ev->header.type != PERF_RECORD_SAMPLE) {
		if (!attr->sample_id_all)
			return 0;
		if (perf_event__parse_id_sample(ev, attr, &sample))
			return -EINVAL;
		*time = sample.time;
		return 0;
	}
	if (!(attr->sample_type & PERF_SAMPLE_TIME))
		return 0;
	pos = sizeof(struct perf_event_header) + 8 * nr_bits(attr->sample_type &
		(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID));
	if (pos + 8 <= ev->header.size)
		*time = load_u64((const u8 *)ev + pos, false);
	return 0;
}

static void session__deliver_queued(struct perf_session *session, struct queued_record *r,
				    int *err)
{
	struct ordered_queue *q = session->queue;

	if (!*err) {
		q->last_delivered = r->time;
		session->file_offset = r->file_offset;
		*err = session__deliver(session, r->ev, r->evsel);
	}
	queued_record__release(q, r);
	q->nr_live--;
}

static int queue__grow_runs(struct ordered_queue *q, size_t n)
{
	struct queue_run *runs;
	u32 *heap;

	if (n <= q->runs_cap)
		return 0;
	n = max(n, 2 * q->runs_cap);
	runs = realloc(q->runs, n * sizeof(*runs));
	if (runs)
		q->runs = runs;
	heap = realloc(q->heap, n * sizeof(*heap));
	if (heap)
		q->heap = heap;
	if (!runs || !heap)
		return -ENOMEM;
	q->runs_cap = n;
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

/* Head of run a before head of run b: by time, then file order. */
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
static void queue__merge_heap(struct perf_session *session, u64 limit, int *err)
{
	struct ordered_queue *q = session->queue;
	size_t nr_heap = q->nr_runs, i;

	for (i = 0; i < nr_heap; i++)
		q->heap[i] = (u32)i;
	for (i = nr_heap / 2; i-- > 0;)
		heap__sift_down(q, nr_heap, i);
	while (nr_heap) {
		struct queue_run *run = &q->runs[q->heap[0]];

		if (q->recs[run->pos].time > limit)
			break;
		session__deliver_queued(session, &q->recs[run->pos++], err);
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
static void queue__merge_few(struct perf_session *session, u64 limit, int *err)
{
	struct ordered_queue *q = session->queue;
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
			session__deliver_queued(session, &q->recs[run->pos++], err);
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

/* Deliver, in time order, every queued record up to limit. */
static int session__flush(struct perf_session *session, u64 limit)
{
	struct ordered_queue *q = session->queue;
	size_t i, kept;
	int err = 0;

	if (!q->nr_live)
		return 0;
	if (queue__scan(q)) {
		queue__drop(q);
		return -ENOMEM;
	}
	if (q->nr_runs <= 8)
		queue__merge_few(session, limit, &err);
	else
		queue__merge_heap(session, limit, &err);
	for (i = 0, kept = 0; i < q->nr_runs; i++)
		if (q->runs[i].pos < q->runs[i].end)
			q->runs[kept++] = q->runs[i];
	q->nr_runs = kept;
	if (!q->nr_live)
		q->nr = q->scanned = 0;
	return err;
}

static void session__count_lost(struct perf_session *session, const union perf_event *ev,
				struct evsel *evsel)
{
	struct perf_session_stats *st = &session->stats;
	u64 lost;

	if (ev->header.type == PERF_RECORD_LOST) {
		if (ev->header.size < sizeof(struct perf_event_header) + 16)
			return;
		lost = load_u64((const u8 *)ev + 16, false);
		st->nr_lost_events++;
		st->nr_lost += lost;
		if (evsel)
			evsel->lost_records += lost;
	} else if (ev->header.type == PERF_RECORD_LOST_SAMPLES) {
		if (ev->header.size < sizeof(struct perf_event_header) + 8)
			return;
		lost = load_u64((const u8 *)ev + 8, false);
		st->nr_lost_samples += lost;
		if (evsel)
			evsel->lost_samples += lost;
	}
}

static int session__process_one(struct perf_session *session, union perf_event *ev,
				bool owned, struct window *win, u64 file_offset, int depth);

/*
 * Count a record (header in native order) by type, and a sample by event.
 * Returns the record's event, looked up only for samples and losses
 * unless the caller needs it: those are all --stats counts per event.
 */
static inline __attribute__((always_inline))
struct evsel *session__count(struct perf_session *session, const union perf_event *ev,
			     bool need_evsel)
{
	u32 type = ev->header.type;
	struct evsel *evsel;

	if (type < PERF_SESSION_NR_TYPES)
		session->stats.nr_events[type]++;
	else
		session->stats.nr_unknown_type++;
	if (type >= PERF_RECORD_USER_TYPE_START)
		return NULL;
	if (!need_evsel && type != PERF_RECORD_SAMPLE && type != PERF_RECORD_LOST &&
	    type != PERF_RECORD_LOST_SAMPLES)
		return NULL;
	evsel = session__find_evsel(session, ev, session->header.needs_swap);
	if (type == PERF_RECORD_SAMPLE) {
		if (evsel)
			evsel->nr_samples++;
		else
			session->stats.nr_unknown_id++;
	}
	return evsel;
}

/*
 * A tool without callbacks (perf report --stats) only counts, so in a
 * native file a kernel record other than a loss needs nothing else: no
 * parse, no queue.
 */
static bool session__counts_only(const struct perf_session *session)
{
	const struct perf_tool *tool = session->tool;

	return !tool->raw && !tool->sample && !tool->event && !tool->user &&
	       !session->header.needs_swap;
}

/*
 * The same for a run of records in a window: counts the whole records at
 * buf[0, len) that need nothing but a count (8-byte multiples; kernel
 * types but losses; samples of the one event, or of the last id seen) and
 * returns their bytes.  The general path takes the first other one.
 */
static size_t session__count_run(struct perf_session *session, const u8 *buf, size_t len)
{
	struct perf_session_stats *st = &session->stats;
	struct evlist *evlist = session->evlist;
	struct evsel *evsel = session->last_evsel;
	int id_pos = session->id_pos_sample;
	size_t pos = 0;

	if ((uintptr_t)buf & 7 || session->id_pos_nr_entries != evlist->nr_entries)
		return 0;
	if (id_pos < 0)
		evsel = evlist__first(evlist);
	if (!evsel)
		return 0;
	while (len - pos >= sizeof(struct perf_event_header)) {
		const struct perf_event_header *h = (const void *)(buf + pos);
		u32 type = h->type;
		u16 size = h->size;

		if (size < sizeof(*h) || size % 8 || size > len - pos)
			break;
		if (type == PERF_RECORD_SAMPLE) {
			if (id_pos >= 0 && ((u32)id_pos + 8 > size ||
					    load_u64(buf + pos + id_pos, false) != session->last_id))
				break;
			evsel->nr_samples++;
		} else if (type >= PERF_RECORD_USER_TYPE_START || type == PERF_RECORD_LOST ||
			   type == PERF_RECORD_LOST_SAMPLES) {
			break;
		}
		st->nr_events[type]++;
		pos += size;
	}
	return pos;
}

static inline bool session__count_only(struct perf_session *session, const union perf_event *ev)
{
	u32 type = ev->header.type;

	if (type >= PERF_RECORD_USER_TYPE_START || type == PERF_RECORD_LOST ||
	    type == PERF_RECORD_LOST_SAMPLES)
		return false;
	session__count(session, ev, false);
	return true;
}

/*
 * PERF_RECORD_COMPRESSED: one zstd stream over all of them.  Upstream's
 * record continues a single frame from record to record and cuts the
 * output where a record is full, so a record's bytes may end in the next
 * COMPRESSED record; ours writes a frame per record.  One decompression
 * stream, kept with the bytes of a record not yet whole, reads both.
 */
static int session__decompress(struct perf_session *session, const union perf_event *ev,
			       u64 file_offset, int depth)
{
	struct session_unzip *z = &session->unzip;
	size_t hdr = sizeof(struct perf_event_header), cap = 2 * MAX_RECORD_SIZE;
	ZSTD_inBuffer in = { (const u8 *)ev + hdr, ev->header.size - hdr, 0 };
	int err = 0;

	if (depth > 0)
		return perf_data__err(session->data, "nested compressed record at 0x%llx",
				      (unsigned long long)file_offset);
	if (!z->stream) {
		z->buf = malloc(cap);
		z->stream = ZSTD_createDStream();
		if (!z->buf || !z->stream)
			return -ENOMEM;
		ZSTD_initDStream(z->stream);
	}
	z->offset = file_offset;
	while (!err && in.pos < in.size) {
		ZSTD_outBuffer out = { z->buf + z->have, cap - z->have, 0 };
		size_t ret = ZSTD_decompressStream(z->stream, &out, &in);
		size_t off = 0;

		if (ZSTD_isError(ret))
			return perf_data__err(session->data, "compressed record at 0x%llx: %s",
					      (unsigned long long)file_offset,
					      ZSTD_getErrorName(ret));
		z->have += out.pos;
		while (z->have - off >= hdr) {
			struct perf_event_header h;
			u8 *pending;
			u16 size;

			/* after a record of an odd size the next one is unaligned */
			memcpy(&h, z->buf + off, sizeof(h));
			size = session->header.needs_swap ? bswap_16(h.size) : h.size;

			if (size < hdr)
				return perf_data__err(session->data,
						      "bad record size %u in compressed record at 0x%llx",
						      size, (unsigned long long)file_offset);
			if (z->have - off < size)
				break;
			pending = malloc(size);
			if (!pending)
				return -ENOMEM;
			memcpy(pending, z->buf + off, size);
			err = session__process_one(session, (union perf_event *)pending, true,
						   NULL, file_offset, depth + 1);
			off += size;
			if (err)
				break;
		}
		memmove(z->buf, z->buf + off, z->have - off);
		z->have -= off;
		if (!err && out.pos == 0 && in.pos < in.size && z->have == cap)
			err = perf_data__err(session->data, "compressed record at 0x%llx: corrupt",
					     (unsigned long long)file_offset);
	}
	return err;
}

/* At the end of the data: no record may be left half decompressed. */
static int session__unzip_end(struct perf_session *session)
{
	if (!session->unzip.have)
		return 0;
	return perf_data__err(session->data, "compressed record at 0x%llx ends inside a record",
			      (unsigned long long)session->unzip.offset);
}

/*
 * ID_INDEX: per id, the mmap index, cpu and tid it was opened for.  The
 * event of each id is already known from the attrs, so this only checks
 * that the record is well formed and names ids we know.
 */
static int session__process_id_index(struct perf_session *session, const union perf_event *ev)
{
	const u8 *p = (const u8 *)ev + sizeof(struct perf_event_header);
	u64 size = ev->header.size - sizeof(struct perf_event_header);
	u64 nr;

	if (size < 8)
		return -EINVAL;
	nr = load_u64(p, false);
	if (nr > (size - 8) / 32)
		return -EINVAL;
	return 0;
}

static int session__process_user(struct perf_session *session, union perf_event *ev,
				 u64 file_offset, int depth)
{
	struct perf_tool *tool = session->tool;
	struct perf_data *data = session->data;
	int err = 0;

	/* the command sees the record before what it causes (a round's flush) */
	if (tool->user) {
		err = tool->user(tool, session, ev, file_offset);
		if (err)
			return err;
	}

	switch (ev->header.type) {
	case PERF_RECORD_HEADER_ATTR:
		err = perf_header__process_attr_record(&session->header, session->evlist,
						       ev, ev->header.size, data);
		session->last_evsel = NULL;
		break;
	case PERF_RECORD_HEADER_FEATURE: {
		u64 feat;

		if (ev->header.size < sizeof(struct perf_event_header) + 8)
			return perf_data__err(data, "short feature record at 0x%llx",
					      (unsigned long long)file_offset);
		feat = load_u64((const u8 *)ev + 8, false);
		if (feat < HEADER_FEAT_BITS)
			err = perf_header__process_feature(&session->header, (int)feat,
							   (const u8 *)ev + 16,
							   ev->header.size - 16, data);
		break;
	}
	case PERF_RECORD_ID_INDEX:
		err = session__process_id_index(session, ev);
		if (err)
			err = perf_data__err(data, "bad ID_INDEX record at 0x%llx",
					     (unsigned long long)file_offset);
		break;
	case PERF_RECORD_FINISHED_ROUND:
		if (tool->ordered) {
			err = session__flush(session, session->queue->next_flush);
			session->queue->next_flush = session->queue->max_time;
		}
		break;
	case PERF_RECORD_COMPRESSED:
		err = session__decompress(session, ev, file_offset, depth);
		break;
	default:
		break;
	}
	return err;
}

static int session__process_one(struct perf_session *session, union perf_event *ev,
				bool owned, struct window *win, u64 file_offset, int depth)
{
	struct perf_tool *tool = session->tool;
	bool swap = session->header.needs_swap;
	struct evsel *evsel = NULL;
	u32 type;
	int err = 0;

	session->file_offset = file_offset;
	if (swap) {
		/* our own copy: swap the header, then the body by its type */
		ev->header.type = bswap_32(ev->header.type);
		ev->header.misc = bswap_16(ev->header.misc);
		ev->header.size = bswap_16(ev->header.size);
	}
	type = ev->header.type;
	evsel = session__count(session, ev, swap || tool->sample || tool->event);
	if (swap) {
		err = perf_event__swap(ev, evsel ? &evsel->attr : NULL);
		if (err) {
			err = perf_data__err(session->data, "malformed %s record at 0x%llx",
					     perf_event__name(type),
					     (unsigned long long)file_offset);
			goto out;
		}
	}

	if (tool->raw) {
		session->in_compressed = depth > 0;
		err = tool->raw(tool, session, ev, file_offset);
		if (err)
			goto out;
	}

	if (type >= PERF_RECORD_USER_TYPE_START) {
		err = session__process_user(session, ev, file_offset, depth);
		goto out;
	}

	session__count_lost(session, ev, evsel);

	if (tool->ordered && (tool->sample || tool->event)) {
		u64 time;

		if (session__record_time(ev, evsel, &time)) {
			err = perf_data__err(session->data, "malformed %s record at 0x%llx",
					     perf_event__name(type),
					     (unsigned long long)file_offset);
			goto out;
		}
		/* time 0 marks synthesized records: they go out at once, as upstream */
		if (time != (u64)-1 && time != 0) {
			if (time < session->queue->last_delivered)
				session->stats.nr_unordered++;
			err = queue__push(session->queue, time, ev, evsel, owned ? NULL : win,
					  file_offset);
			if (err && owned)
				free(ev);
			return err;
		}
	}
	session->file_offset = file_offset;
	err = session__deliver(session, ev, evsel);
out:
	if (owned)
		free(ev);
	return err;
}

/* The reader of a file's data section: a window and where it is in it. */
struct file_reader {
	struct window	*win;
	u64		win_off;	/* file offset of win->buf[0] */
	size_t		pos;
	size_t		len;
};

/*
 * Move to a fresh window holding [win_off + pos, ...): the bytes of a
 * record cut by the end of the old window first, then as much of the
 * section up to end as fits.
 */
static int reader__refill(struct perf_session *session, struct file_reader *r, u64 end)
{
	struct ordered_queue *q = session->queue;
	size_t keep = r->len - r->pos;
	u64 from = r->win_off + r->len;
	size_t n = min((u64)(WINDOW_SIZE - keep), end - from);
	struct window *w;
	int err;

	/* no queued record points into the window: refill it in place */
	if (r->win && r->win->refs == 1) {
		w = r->win;
		w->refs++;
		memmove(w->buf, w->buf + r->pos, keep);
	} else {
		w = window__get(q);
		if (!w)
			return -ENOMEM;
		if (keep)
			memcpy(w->buf, r->win->buf + r->pos, keep);
	}
	err = perf_data__pread(session->data, w->buf + keep, n, from);
	if (err) {
		window__put(q, w);
		return perf_data__err(session->data, "cannot read at 0x%llx: %s",
				      (unsigned long long)from,
				      err == -EIO ? "file truncated" : strerror(-err));
	}
	window__put(q, r->win);
	r->win = w;
	r->win_off += r->pos;
	r->pos = 0;
	r->len = keep + n;
	return 0;
}

/*
 * A pipe stream's TRACING_DATA payload in a file, at *off: read, parsed
 * and stepped over (the reader's window resumes after it).
 */
static int session__file_tracing(struct perf_session *session, struct file_reader *r,
				 u64 *off, u64 end, u32 size)
{
	struct perf_data *data = session->data;
	u8 *buf;
	int err;

	if (size > end - *off)
		return perf_data__err(data, "truncated tracing data at 0x%llx",
				      (unsigned long long)(*off - session->header.data_offset));
	buf = malloc(size);
	if (!buf)
		return -ENOMEM;
	err = perf_data__pread(data, buf, size, *off);
	if (!err)
		err = session__read_tracing(session, buf, size);
	else
		err = perf_data__err(data, "cannot read at 0x%llx", (unsigned long long)*off);
	free(buf);
	if (err)
		return err;
	if (r->len - r->pos >= size) {
		r->pos += size;
	} else {
		/* the window is used up: the next refill reads from after the payload */
		r->win_off = *off + size - r->len;
		r->pos = r->len;
	}
	*off += size;
	return 0;
}

static int session__process_file(struct perf_session *session)
{
	struct perf_data *data = session->data;
	struct perf_header *h = &session->header;
	struct file_reader r = { 0 };
	u64 off = h->data_offset, end;
	u32 skip;
	/* a pipe stream saved to a file counts offsets after its header, as a pipe */
	u64 base = h->is_pipe ? h->data_offset : 0;
	bool counts_only = session__counts_only(session);
	int err = 0;

	if (off > data->size)
		return perf_data__err(data, "data section at 0x%llx is past the end of the file",
				      (unsigned long long)off);
	/* a record run killed before it wrote the header: take the rest */
	if (h->data_size == 0)
		h->data_size = data->size - off;
	end = off + h->data_size;
	if (end < off || end > data->size)
		return perf_data__err(data, "file truncated: data section ends at 0x%llx, "
				      "file size 0x%llx", (unsigned long long)end,
				      (unsigned long long)data->size);

	r.win_off = off;
	while (off < end) {
		struct perf_event_header hdr;
		u8 *p;

		if (counts_only && r.win) {
			size_t n = session__count_run(session, r.win->buf + r.pos, r.len - r.pos);

			r.pos += n;
			off += n;
			if (off == end)
				break;
		}
		if (r.len - r.pos < sizeof(hdr)) {
			err = reader__refill(session, &r, end);
			if (err)
				break;
		}
		if (r.len - r.pos < sizeof(hdr)) {
			err = perf_data__err(data, "truncated record at 0x%llx",
					     (unsigned long long)off);
			break;
		}
		p = r.win->buf + r.pos;
		memcpy(&hdr, p, sizeof(hdr));
		if (h->needs_swap)
			hdr.size = bswap_16(hdr.size);
		if (hdr.size < sizeof(hdr)) {
			err = perf_data__err(data, "bad record size %u at 0x%llx", hdr.size,
					     (unsigned long long)off);
			break;
		}
		if (hdr.size > end - off) {
			err = perf_data__err(data, "truncated record at 0x%llx",
					     (unsigned long long)off);
			break;
		}
		if (hdr.size > r.len - r.pos) {
			err = reader__refill(session, &r, end);
			if (err)
				break;
			p = r.win->buf;
		}
		skip = 0;
		if (h->is_pipe && hdr.type == PERF_RECORD_HEADER_TRACING_DATA &&
		    hdr.size >= sizeof(struct perf_record_header_tracing_data)) {
			memcpy(&skip, p + offsetof(struct perf_record_header_tracing_data, size), 4);
			if (h->needs_swap)
				skip = bswap_32(skip);
		}
		/* records of odd sizes (corrupt or hand-made) leave later ones unaligned */
		if ((uintptr_t)p & 7) {
			union perf_event *copy = malloc(hdr.size);

			if (!copy) {
				err = -ENOMEM;
				break;
			}
			memcpy(copy, p, hdr.size);
			err = session__process_one(session, copy, true, NULL, off - base, 0);
		} else if (!counts_only || !session__count_only(session, (union perf_event *)p)) {
			err = session__process_one(session, (union perf_event *)p, false, r.win,
						   off - base, 0);
		}
		if (err)
			break;
		r.pos += hdr.size;
		off += hdr.size;
		/* a pipe stream saved to a file: TRACING_DATA's payload follows the record */
		if (skip) {
			err = session__file_tracing(session, &r, &off, end, skip);
			if (err)
				break;
		}
	}
	window__put(session->queue, r.win);
	return err;
}

/* The payload of a pipe's TRACING_DATA record: read as it comes, then parsed. */
static int session__pipe_tracing(struct perf_session *session, u32 size, u64 off)
{
	struct perf_data *data = session->data;
	struct strbuf sb = STRBUF_INIT;
	int err = 0;

	while (!err && sb.len < size) {
		u32 n = size - sb.len < 65536 ? size - (u32)sb.len : 65536;

		err = strbuf__grow(&sb, n);
		if (err)
			break;
		if (perf_data__read_pipe(data, sb.buf + sb.len, n)) {
			err = perf_data__err(data, "truncated tracing data at 0x%llx",
					     (unsigned long long)off);
			break;
		}
		sb.len += n;
	}
	/* a second one replaces the first, as a file's feature would */
	if (!err)
		err = session__read_tracing(session, sb.buf, sb.len);
	strbuf__release(&sb);
	return err;
}

static int session__process_pipe(struct perf_session *session)
{
	struct perf_data *data = session->data;
	int err = 0;

	for (;;) {
		struct perf_event_header hdr;
		/* offsets count from the first record, as upstream prints them */
		u64 off = data->pipe_pos - sizeof(struct perf_pipe_file_header);
		u8 *buf;
		u16 size;
		u32 skip;

		err = perf_data__read_pipe(data, &hdr, sizeof(hdr));
		if (err == 1)
			return 0;
		if (err)
			return perf_data__err(data, "truncated record at 0x%llx",
					      (unsigned long long)off);
		size = session->header.needs_swap ? bswap_16(hdr.size) : hdr.size;
		if (size < sizeof(hdr))
			return perf_data__err(data, "bad record size %u at 0x%llx", size,
					      (unsigned long long)off);
		buf = malloc(size);
		if (!buf)
			return -ENOMEM;
		memcpy(buf, &hdr, sizeof(hdr));
		err = perf_data__read_pipe(data, buf + sizeof(hdr), size - sizeof(hdr));
		if (err) {
			free(buf);
			return perf_data__err(data, "truncated record at 0x%llx",
					      (unsigned long long)off);
		}
		/* upstream's pipe TRACING_DATA: its payload follows the record */
		skip = 0;
		if (hdr.type == PERF_RECORD_HEADER_TRACING_DATA &&
		    size >= sizeof(struct perf_record_header_tracing_data)) {
			skip = ((struct perf_record_header_tracing_data *)buf)->size;
			if (session->header.needs_swap)
				skip = bswap_32(skip);
		}
		err = session__process_one(session, (union perf_event *)buf, true, NULL, off, 0);
		if (err)
			return err;
		if (skip) {
			err = session__pipe_tracing(session, skip, off);
			if (err)
				return err;
		}
	}
}

int perf_session__process(struct perf_session *session)
{
	int err;

	if (session->data->is_pipe)
		err = session__process_pipe(session);
	else
		err = session__process_file(session);
	if (!err)
		err = session__unzip_end(session);
	if (err)
		return err;
	return session__flush(session, (u64)-1);
}
