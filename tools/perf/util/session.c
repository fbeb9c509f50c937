// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a perf.data file or pipe: the records of its data section in
 * file or time order (ordered-queue.c), counted, swapped, decompressed
 * and handed to the tool.
 */
#include <byteswap.h>
#include <stddef.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "huge.h"
#include "ordered-queue.h"
#include "session.h"
#include "strbuf.h"
#include "tracing-data.h"

/* 8 set bits at most: cheaper than the library call without -mpopcnt */
static inline u32 nr_bits(u64 x)
{
	u32 n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
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
	session->header.lenient_bpf_info = tool && tool->lenient_bpf_info;
	session->evlist = evlist__new();
	session->queue = ordered_queue__new();
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
	ordered_queue__delete(session->queue);
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

static int session__deliver_queued(void *ctx, const struct queued_record *r)
{
	struct perf_session *session = ctx;

	session->file_offset = r->file_offset;
	return session__deliver(session, r->ev, r->evsel);
}

/* Deliver, in time order, every queued record up to limit. */
static int session__flush(struct perf_session *session, u64 limit)
{
	return ordered_queue__flush(session->queue, limit, session__deliver_queued, session);
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
			err = ordered_queue__push(session->queue, time, ev, evsel,
						  owned ? NULL : win, file_offset);
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
		w = ordered_queue__window_get(q);
		if (!w)
			return -ENOMEM;
		if (keep)
			memcpy(w->buf, r->win->buf + r->pos, keep);
	}
	err = perf_data__pread(session->data, w->buf + keep, n, from);
	if (err) {
		ordered_queue__window_put(q, w);
		return perf_data__err(session->data, "cannot read at 0x%llx: %s",
				      (unsigned long long)from,
				      err == -EIO ? "file truncated" : strerror(-err));
	}
	ordered_queue__window_put(q, r->win);
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
	ordered_queue__window_put(session->queue, r.win);
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
