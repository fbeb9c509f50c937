// SPDX-License-Identifier: GPL-2.0
/*
 * The sample walk: a PERF_RECORD_SAMPLE's fields in sample_type order,
 * the sample_id trailer of the other records, and PERF_RECORD_READ's
 * values, each bounds-checked (and converted in place when swapping).
 */
#include <errno.h>
#include <string.h>
#include <byteswap.h>
#include "cursor.h"
#include "event.h"
#include "event-internal.h"

/*
 * The sample walk's cursor runs over [pos, size) of a record.  With swap,
 * every field is converted in place before it is read; without, the
 * record is never written (so parsing may take a const record).
 */
/* Two u32 sharing one u64 slot. */
static int cur__u32x2(struct cursor *c, u32 *a, u32 *b)
{
	if (!cursor__has(c, 8))
		return -EINVAL;
	if (c->swap) {
		swap_u32_at(c->p + c->pos);
		swap_u32_at(c->p + c->pos + 4);
	}
	if (a)
		*a = load_u32(c->p + c->pos);
	if (b)
		*b = load_u32(c->p + c->pos + 4);
	c->pos += 8;
	return 0;
}

/* nr u64s; nr comes from the record, so guard the multiplication. */
static int cur__u64_array(struct cursor *c, u64 nr, const u64 **arr)
{
	u64 i;

	if (nr > (u64)cursor__left(c) / 8 || !cursor__has(c, nr * 8))
		return -EINVAL;
	if (c->swap) {
		for (i = 0; i < nr; i++)
			swap_u64_at(c->p + c->pos + i * 8);
	}
	if (arr)
		*arr = (const u64 *)(c->p + c->pos);
	c->pos += nr * 8;
	return 0;
}

/* len opaque bytes, left as they are; len must keep the cursor u64-aligned. */
static int cur__bytes(struct cursor *c, u64 len, const void **p)
{
	if (len % 8 || !cursor__has(c, len))
		return -EINVAL;
	if (p)
		*p = c->p + c->pos;
	c->pos += len;
	return 0;
}

static int read__walk(struct cursor *c, u64 read_format, struct perf_sample_read *r)
{
	int err;

	if (read_format & PERF_FORMAT_GROUP) {
		u32 stride = 1;

		err = cursor__fix64(c, &r->group_nr);
		if (!err && (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED))
			err = cursor__fix64(c, &r->time_enabled);
		if (!err && (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING))
			err = cursor__fix64(c, &r->time_running);
		if (err)
			return err;
		if (read_format & PERF_FORMAT_ID)
			stride++;
		if (read_format & PERF_FORMAT_LOST)
			stride++;
		r->group_stride = stride;
		if (r->group_nr > (u64)cursor__left(c) / 8 / stride)
			return -EINVAL;
		return cur__u64_array(c, r->group_nr * stride, &r->group);
	}

	err = cursor__fix64(c, &r->value);
	if (!err && (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED))
		err = cursor__fix64(c, &r->time_enabled);
	if (!err && (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING))
		err = cursor__fix64(c, &r->time_running);
	if (!err && (read_format & PERF_FORMAT_ID))
		err = cursor__fix64(c, &r->id);
	if (!err && (read_format & PERF_FORMAT_LOST))
		err = cursor__fix64(c, &r->lost);
	return err;
}

void perf_sample_read__group_entry(const struct perf_sample_read *r, u64 read_format, u64 i,
				   u64 *value, u64 *id, u64 *lost)
{
	const u64 *e;
	u32 k = 1;

	*value = *id = *lost = 0;
	if (!r->group || i >= r->group_nr)
		return;
	e = r->group + i * r->group_stride;
	*value = load_u64(&e[0]);
	if (read_format & PERF_FORMAT_ID)
		*id = load_u64(&e[k++]);
	if (read_format & PERF_FORMAT_LOST)
		*lost = load_u64(&e[k]);
}

static int regs__walk(struct cursor *c, u64 mask, struct perf_sample_regs *regs)
{
	int err = cursor__fix64(c, &regs->abi);

	if (err)
		return err;
	regs->mask = mask;
	if (!regs->abi)
		return 0;
	return cur__u64_array(c, __builtin_popcountll(mask), &regs->regs);
}

/*
 * Called per sample: GCC inlines a memset of this size as "rep stos",
 * whose start-up costs more than the libc call's vector stores.
 */
static void *(*const volatile sample__clear)(void *, int, size_t) = memset;

void perf_sample__reset(struct perf_sample *s, u64 sample_type)
{
	sample__clear(s, 0, sizeof(*s));
	s->sample_type = sample_type;
	s->pid = s->tid = (u32)-1;
	s->cpu = (u32)-1;
}

/* The fields before READ: fixed in size, so at places the type alone gives. */
#define SAMPLE_HEAD_BITS	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
				 PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | \
				 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)

/*
 * Every sample goes through here: the head of a native record with one
 * bound check.  Its end, or 0 when the record is too short for it (the
 * cursor then walks the fields one by one to the one that does not fit).
 */
static u32 sample__head(const u8 *base, u32 size, u64 type, struct perf_sample *s)
{
	const u8 *p = base + sizeof(struct perf_event_header);
	u64 head = type & SAMPLE_HEAD_BITS;
	u32 end = sizeof(struct perf_event_header);

	/* no library call for a popcount: build without -mpopcnt */
	for (; head; head &= head - 1)
		end += 8;
	if (end > size)
		return 0;
	if (type & PERF_SAMPLE_IDENTIFIER) {
		s->id = load_u64(p);
		p += 8;
	}
	if (type & PERF_SAMPLE_IP) {
		s->ip = load_u64(p);
		p += 8;
	}
	if (type & PERF_SAMPLE_TID) {
		s->pid = load_u32(p);
		s->tid = load_u32(p + 4);
		p += 8;
	}
	if (type & PERF_SAMPLE_TIME) {
		s->time = load_u64(p);
		p += 8;
	}
	if (type & PERF_SAMPLE_ADDR) {
		s->addr = load_u64(p);
		p += 8;
	}
	if (type & PERF_SAMPLE_ID) {
		s->id = load_u64(p);
		p += 8;
	}
	if (type & PERF_SAMPLE_STREAM_ID) {
		s->stream_id = load_u64(p);
		p += 8;
	}
	if (type & PERF_SAMPLE_CPU) {
		s->cpu = load_u32(p);
		s->cpu_res = load_u32(p + 4);
		p += 8;
	}
	if (type & PERF_SAMPLE_PERIOD)
		s->period = load_u64(p);
	return end;
}

int perf_sample__walk(u8 *base, u32 size, const struct perf_event_attr *attr, bool swap,
			struct perf_sample *s)
{
	struct cursor c = { .p = base, .pos = sizeof(struct perf_event_header),
			    .size = size, .swap = swap };
	u64 type = attr->sample_type;
	int err = 0;

	perf_sample__reset(s, type);
	if (size < sizeof(struct perf_event_header))
		return -EINVAL;
	if (!swap) {
		u32 head = sample__head(base, size, type, s);

		if (head) {
			c.pos = head;
			type &= ~SAMPLE_HEAD_BITS;
			/* most samples: nothing after the head */
			if (!type)
				return 0;
		}
	}

#define WALK(cond, expr) do { if (!err && (cond)) err = (expr); } while (0)
	WALK(type & PERF_SAMPLE_IDENTIFIER, cursor__fix64(&c, &s->id));
	WALK(type & PERF_SAMPLE_IP, cursor__fix64(&c, &s->ip));
	WALK(type & PERF_SAMPLE_TID, cur__u32x2(&c, &s->pid, &s->tid));
	WALK(type & PERF_SAMPLE_TIME, cursor__fix64(&c, &s->time));
	WALK(type & PERF_SAMPLE_ADDR, cursor__fix64(&c, &s->addr));
	WALK(type & PERF_SAMPLE_ID, cursor__fix64(&c, &s->id));
	WALK(type & PERF_SAMPLE_STREAM_ID, cursor__fix64(&c, &s->stream_id));
	WALK(type & PERF_SAMPLE_CPU, cur__u32x2(&c, &s->cpu, &s->cpu_res));
	WALK(type & PERF_SAMPLE_PERIOD, cursor__fix64(&c, &s->period));
	WALK(type & PERF_SAMPLE_READ, read__walk(&c, attr->read_format, &s->read));
	if (!err && (type & PERF_SAMPLE_CALLCHAIN)) {
		err = cursor__fix64(&c, &s->callchain_nr);
		WALK(1, cur__u64_array(&c, s->callchain_nr, &s->callchain));
	}
	if (!err && (type & PERF_SAMPLE_RAW)) {
		/* u32 size, then the data; together a whole number of u64s */
		if (!cursor__has(&c, 4))
			return -EINVAL;
		if (swap)
			swap_u32_at(base + c.pos);
		s->raw_size = load_u32(base + c.pos);
		if (((u64)s->raw_size + 4) % 8 || !cursor__has(&c, (u64)s->raw_size + 4))
			return -EINVAL;
		s->raw_data = base + c.pos + 4;
		c.pos += s->raw_size + 4;
	}
	if (!err && (type & PERF_SAMPLE_BRANCH_STACK)) {
		err = cursor__fix64(&c, &s->branch_nr);
		if (!err && (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)) {
			s->branch_has_hw_idx = true;
			err = cursor__fix64(&c, &s->branch_hw_idx);
		}
		if (!err && s->branch_nr > (u64)cursor__left(&c) / 24)
			err = -EINVAL;
		WALK(1, cur__u64_array(&c, s->branch_nr * 3,
				       (const u64 **)&s->branch_entries));
	}
	WALK(type & PERF_SAMPLE_REGS_USER, regs__walk(&c, attr->sample_regs_user, &s->user_regs));
	if (!err && (type & PERF_SAMPLE_STACK_USER)) {
		s->user_stack_offset = c.pos;
		err = cursor__fix64(&c, &s->user_stack_size);
		if (!err && s->user_stack_size) {
			err = cur__bytes(&c, s->user_stack_size, &s->user_stack_data);
			WALK(1, cursor__fix64(&c, &s->user_stack_dyn_size));
			if (!err && s->user_stack_dyn_size > s->user_stack_size)
				err = -EINVAL;
		}
	}
	if (!err && (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT))) {
		u64 w;

		/* the struct form is a u64 on both endiannesses: swap it whole */
		err = cursor__fix64(&c, &w);
		if (!err && (type & PERF_SAMPLE_WEIGHT_STRUCT)) {
			s->weight = (u32)w;
			s->ins_lat = (u16)(w >> 32);
			s->p_stage_cyc = (u16)(w >> 48);
		} else {
			s->weight = w;
		}
	}
	WALK(type & PERF_SAMPLE_DATA_SRC, cursor__fix64(&c, &s->data_src));
	WALK(type & PERF_SAMPLE_TRANSACTION, cursor__fix64(&c, &s->transaction));
	WALK(type & PERF_SAMPLE_REGS_INTR, regs__walk(&c, attr->sample_regs_intr, &s->intr_regs));
	WALK(type & PERF_SAMPLE_PHYS_ADDR, cursor__fix64(&c, &s->phys_addr));
	WALK(type & PERF_SAMPLE_CGROUP, cursor__fix64(&c, &s->cgroup));
	WALK(type & PERF_SAMPLE_DATA_PAGE_SIZE, cursor__fix64(&c, &s->data_page_size));
	WALK(type & PERF_SAMPLE_CODE_PAGE_SIZE, cursor__fix64(&c, &s->code_page_size));
	if (!err && (type & PERF_SAMPLE_AUX)) {
		err = cursor__fix64(&c, &s->aux_size);
		WALK(1, cur__bytes(&c, PERF_ALIGN(s->aux_size, 8), &s->aux_data));
		if (!err && s->aux_size > PERF_ALIGN(s->aux_size, 8))
			err = -EINVAL;	/* wrapped */
	}
#undef WALK
	return err;
}

int perf_sample__parse(const union perf_event *ev, const struct perf_event_attr *attr,
		       struct perf_sample *out)
{
	int err;

	if (!ev || !attr || !out)
		return -EINVAL;
	if (ev->header.type != PERF_RECORD_SAMPLE) {
		perf_sample__reset(out, 0);
		return -EINVAL;
	}
	err = perf_sample__walk((u8 *)ev, ev->header.size, attr, false, out);
	/* without PERIOD in the sample, every sample stands for the fixed period */
	if (!err && !(attr->sample_type & PERF_SAMPLE_PERIOD))
		out->period = attr->sample_period;
	return err;
}

int perf_sample__walk_id(u8 *base, u32 start, u32 size, u64 type, bool swap,
			   struct perf_sample *s)
{
	struct cursor c = { .p = base, .pos = start, .size = size, .swap = swap };
	int err = 0;

	if (type & PERF_SAMPLE_TID)
		err = cur__u32x2(&c, &s->pid, &s->tid);
	if (!err && (type & PERF_SAMPLE_TIME))
		err = cursor__fix64(&c, &s->time);
	if (!err && (type & PERF_SAMPLE_ID))
		err = cursor__fix64(&c, &s->id);
	if (!err && (type & PERF_SAMPLE_STREAM_ID))
		err = cursor__fix64(&c, &s->stream_id);
	if (!err && (type & PERF_SAMPLE_CPU))
		err = cur__u32x2(&c, &s->cpu, &s->cpu_res);
	if (!err && (type & PERF_SAMPLE_IDENTIFIER))
		err = cursor__fix64(&c, &s->id);
	return err;
}

int perf_event__parse_id_sample(const union perf_event *ev, const struct perf_event_attr *attr,
				struct perf_sample *out)
{
	int start;

	if (!ev || !attr || !out)
		return -EINVAL;
	perf_sample__reset(out, attr->sample_id_all ? attr->sample_type & TRAILER_BITS : 0);
	if (ev->header.type == PERF_RECORD_SAMPLE || ev->header.type >= PERF_RECORD_USER_TYPE_START)
		return -EINVAL;
	if (!attr->sample_id_all)
		return 0;
	start = event__trailer_start(&ev->header, attr->sample_type);
	if (start < 0)
		return start;
	return perf_sample__walk_id((u8 *)ev, start, ev->header.size, attr->sample_type, false,
				    out);
}

int perf_event__parse_read(const union perf_event *ev, u64 read_format,
			   struct perf_sample_read *out)
{
	struct cursor c = { .p = (u8 *)ev, .pos = sizeof(struct perf_record_read),
			    .size = ev->header.size, .swap = false };

	memset(out, 0, sizeof(*out));
	if (ev->header.type != PERF_RECORD_READ || ev->header.size < c.pos)
		return -EINVAL;
	return read__walk(&c, read_format, out);
}
