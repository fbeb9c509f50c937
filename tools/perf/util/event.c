// SPDX-License-Identifier: GPL-2.0
/*
 * Record codec: names, sample and trailer parsing, byte swapping and the
 * one-line descriptions.  See event.h for the contract.
 */
#include <errno.h>
#include <string.h>
#include <byteswap.h>
#include "cursor.h"
#include "event.h"

static const char * const event_names[PERF_RECORD_HEADER_MAX] = {
	[0]				= "TOTAL",
	[PERF_RECORD_MMAP]		= "MMAP",
	[PERF_RECORD_LOST]		= "LOST",
	[PERF_RECORD_COMM]		= "COMM",
	[PERF_RECORD_EXIT]		= "EXIT",
	[PERF_RECORD_THROTTLE]		= "THROTTLE",
	[PERF_RECORD_UNTHROTTLE]	= "UNTHROTTLE",
	[PERF_RECORD_FORK]		= "FORK",
	[PERF_RECORD_READ]		= "READ",
	[PERF_RECORD_SAMPLE]		= "SAMPLE",
	[PERF_RECORD_MMAP2]		= "MMAP2",
	[PERF_RECORD_AUX]		= "AUX",
	[PERF_RECORD_ITRACE_START]	= "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES]	= "LOST_SAMPLES",
	[PERF_RECORD_SWITCH]		= "SWITCH",
	[PERF_RECORD_SWITCH_CPU_WIDE]	= "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES]	= "NAMESPACES",
	[PERF_RECORD_KSYMBOL]		= "KSYMBOL",
	[PERF_RECORD_BPF_EVENT]		= "BPF_EVENT",
	[PERF_RECORD_CGROUP]		= "CGROUP",
	[PERF_RECORD_TEXT_POKE]		= "TEXT_POKE",
	[PERF_RECORD_AUX_OUTPUT_HW_ID]	= "AUX_OUTPUT_HW_ID",
	[PERF_RECORD_HEADER_ATTR]	= "ATTR",
	[PERF_RECORD_HEADER_EVENT_TYPE]	= "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA] = "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID]	= "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND]	= "FINISHED_ROUND",
	[PERF_RECORD_ID_INDEX]		= "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO]	= "AUXTRACE_INFO",
	[PERF_RECORD_AUXTRACE]		= "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR]	= "AUXTRACE_ERROR",
	[PERF_RECORD_THREAD_MAP]	= "THREAD_MAP",
	[PERF_RECORD_CPU_MAP]		= "CPU_MAP",
	[PERF_RECORD_STAT_CONFIG]	= "STAT_CONFIG",
	[PERF_RECORD_STAT]		= "STAT",
	[PERF_RECORD_STAT_ROUND]	= "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE]	= "EVENT_UPDATE",
	[PERF_RECORD_TIME_CONV]		= "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE]	= "FEATURE",
	[PERF_RECORD_COMPRESSED]	= "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT]	= "FINISHED_INIT",
};

const char *perf_event__name(u32 type)
{
	if (type >= ARRAY_SIZE(event_names))
		return "INVALID";
	if (!event_names[type])
		return "UNKNOWN";
	return event_names[type];
}

void perf_event_header__swap(struct perf_event_header *hdr)
{
	hdr->type = bswap_32(hdr->type);
	hdr->misc = bswap_16(hdr->misc);
	hdr->size = bswap_16(hdr->size);
}

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

static void sample__reset(struct perf_sample *s, u64 sample_type)
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

static int sample__walk(u8 *base, u32 size, const struct perf_event_attr *attr, bool swap,
			struct perf_sample *s)
{
	struct cursor c = { .p = base, .pos = sizeof(struct perf_event_header),
			    .size = size, .swap = swap };
	u64 type = attr->sample_type;
	int err = 0;

	sample__reset(s, type);
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
		sample__reset(out, 0);
		return -EINVAL;
	}
	err = sample__walk((u8 *)ev, ev->header.size, attr, false, out);
	/* without PERIOD in the sample, every sample stands for the fixed period */
	if (!err && !(attr->sample_type & PERF_SAMPLE_PERIOD))
		out->period = attr->sample_period;
	return err;
}

#define TRAILER_BITS	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | \
			 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

size_t perf_event__sideband_body_size(const union perf_event *ev)
{
	size_t max;

	switch (ev->header.type) {
	case PERF_RECORD_KSYMBOL:
		if (ev->header.size <= sizeof(ev->ksymbol))
			return 0;
		max = ev->header.size - sizeof(ev->ksymbol);
		return sizeof(ev->ksymbol) +
		       PERF_ALIGN(strnlen(ev->ksymbol.name, max) + 1, (size_t)8);
	case PERF_RECORD_BPF_EVENT:
		return sizeof(ev->bpf);
	default:
		return 0;
	}
}

u32 perf_event__id_hdr_size(u64 sample_type)
{
	return 8 * __builtin_popcountll(sample_type & TRAILER_BITS);
}

static int id_sample__walk(u8 *base, u32 start, u32 size, u64 type, bool swap,
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

/* Fixed body of each kernel record type (header included), 0 if unknown. */
static u32 event__min_size(u32 type)
{
	switch (type) {
	case PERF_RECORD_MMAP:			return sizeof(struct perf_record_mmap);
	case PERF_RECORD_LOST:			return sizeof(struct perf_record_lost);
	case PERF_RECORD_COMM:			return sizeof(struct perf_record_comm);
	case PERF_RECORD_EXIT:
	case PERF_RECORD_FORK:			return sizeof(struct perf_record_fork);
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:		return sizeof(struct perf_record_throttle);
	case PERF_RECORD_READ:			return sizeof(struct perf_record_read) + 8;
	case PERF_RECORD_MMAP2:			return sizeof(struct perf_record_mmap2);
	case PERF_RECORD_AUX:			return sizeof(struct perf_record_aux);
	case PERF_RECORD_ITRACE_START:		return sizeof(struct perf_record_itrace_start);
	case PERF_RECORD_LOST_SAMPLES:		return sizeof(struct perf_record_lost_samples);
	case PERF_RECORD_SWITCH:		return sizeof(struct perf_event_header);
	case PERF_RECORD_SWITCH_CPU_WIDE:	return sizeof(struct perf_record_switch);
	case PERF_RECORD_NAMESPACES:		return sizeof(struct perf_record_namespaces);
	case PERF_RECORD_KSYMBOL:		return sizeof(struct perf_record_ksymbol);
	case PERF_RECORD_BPF_EVENT:		return sizeof(struct perf_record_bpf_event);
	case PERF_RECORD_CGROUP:		return sizeof(struct perf_record_cgroup);
	case PERF_RECORD_TEXT_POKE:		return sizeof(struct perf_record_text_poke);
	case PERF_RECORD_AUX_OUTPUT_HW_ID:	return sizeof(struct perf_record_aux_output_hw_id);
	default:				return 0;
	}
}

/* Start of the trailer, or -EINVAL when the record cannot hold body + trailer. */
static int event__trailer_start(const struct perf_event_header *h, u64 sample_type)
{
	u32 idsz = perf_event__id_hdr_size(sample_type);
	u32 min = event__min_size(h->type);

	if (!min || h->size < min || h->size - min < idsz)
		return -EINVAL;
	return h->size - idsz;
}

int perf_event__parse_id_sample(const union perf_event *ev, const struct perf_event_attr *attr,
				struct perf_sample *out)
{
	int start;

	if (!ev || !attr || !out)
		return -EINVAL;
	sample__reset(out, attr->sample_id_all ? attr->sample_type & TRAILER_BITS : 0);
	if (ev->header.type == PERF_RECORD_SAMPLE || ev->header.type >= PERF_RECORD_USER_TYPE_START)
		return -EINVAL;
	if (!attr->sample_id_all)
		return 0;
	start = event__trailer_start(&ev->header, attr->sample_type);
	if (start < 0)
		return start;
	return id_sample__walk((u8 *)ev, start, ev->header.size, attr->sample_type, false, out);
}

int perf_event__sample_id_pos(u64 sample_type)
{
	int pos = 1;	/* in u64s, after the header */

	if (sample_type & PERF_SAMPLE_IDENTIFIER)
		return 8;
	if (!(sample_type & PERF_SAMPLE_ID))
		return -EINVAL;
	if (sample_type & PERF_SAMPLE_IP)
		pos++;
	if (sample_type & PERF_SAMPLE_TID)
		pos++;
	if (sample_type & PERF_SAMPLE_TIME)
		pos++;
	if (sample_type & PERF_SAMPLE_ADDR)
		pos++;
	return pos * 8;
}

int perf_event__trailer_id_pos(u64 sample_type)
{
	int pos = 1;	/* in u64s, back from the end */

	if (sample_type & PERF_SAMPLE_IDENTIFIER)
		return 8;
	if (!(sample_type & PERF_SAMPLE_ID))
		return -EINVAL;
	if (sample_type & PERF_SAMPLE_CPU)
		pos++;
	if (sample_type & PERF_SAMPLE_STREAM_ID)
		pos++;
	return pos * 8;
}

int perf_event__sample_id(const union perf_event *ev, u64 sample_type, bool sample_id_all,
			  u64 *id)
{
	u32 size = ev->header.size;
	int pos;

	if (ev->header.type == PERF_RECORD_SAMPLE) {
		pos = perf_event__sample_id_pos(sample_type);
		if (pos < 0)
			return -ENOENT;
		if ((u32)pos + 8 > size)
			return -EINVAL;
		*id = load_u64((const u8 *)ev + pos);
		return 0;
	}
	if (ev->header.type >= PERF_RECORD_USER_TYPE_START || !sample_id_all)
		return -ENOENT;
	pos = perf_event__trailer_id_pos(sample_type);
	if (pos < 0)
		return -ENOENT;
	if (event__trailer_start(&ev->header, sample_type) < 0)
		return -EINVAL;
	*id = load_u64((const u8 *)ev + size - pos);
	return 0;
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

/* In-place swapping of fixed fields, with bounds checks collected in err. */
struct swapper {
	struct cursor	c;	/* its size: the end of what may be swapped */
	int		err;
};

static bool sw__ok(struct swapper *s, u32 off, u32 len)
{
	if (!cursor__has_at(&s->c, off, len)) {
		s->err = -EINVAL;
		return false;
	}
	return true;
}

static void sw16(struct swapper *s, u32 off)
{
	if (sw__ok(s, off, 2))
		swap_u16_at(s->c.p + off);
}

static void sw32(struct swapper *s, u32 off)
{
	if (sw__ok(s, off, 4))
		swap_u32_at(s->c.p + off);
}

static void sw64(struct swapper *s, u32 off)
{
	if (sw__ok(s, off, 8))
		swap_u64_at(s->c.p + off);
}

/* Every whole u64 in [off, end). */
static void sw64_range(struct swapper *s, u32 off, u32 end)
{
	if (off > end || !cursor__has_at(&s->c, off, end - off)) {
		s->err = -EINVAL;
		return;
	}
	for (; end - off >= 8; off += 8)
		swap_u64_at(s->c.p + off);
}

static int cpu_map_data__swap(struct swapper *s, u32 off)
{
	u16 type, nr, long_size;
	u32 i;

	sw16(s, off);
	if (s->err)
		return s->err;
	type = load_u16(s->c.p + off);
	switch (type) {
	case PERF_CPU_MAP__CPUS:
		sw16(s, off + 2);
		if (s->err)
			return s->err;
		nr = load_u16(s->c.p + off + 2);
		for (i = 0; i < nr && !s->err; i++)
			sw16(s, off + 4 + 2 * i);
		break;
	case PERF_CPU_MAP__MASK:
		sw16(s, off + 2);
		sw16(s, off + 4);
		if (s->err)
			return s->err;
		nr = load_u16(s->c.p + off + 2);
		long_size = load_u16(s->c.p + off + 4);
		for (i = 0; i < nr && !s->err; i++) {
			if (long_size == 4)
				sw32(s, off + 6 + 4 * i);
			else if (long_size == 8)
				sw64(s, off + 10 + 8 * i);
			else
				s->err = -EINVAL;
		}
		break;
	case PERF_CPU_MAP__RANGE_CPUS:
		sw16(s, off + 4);
		sw16(s, off + 6);
		break;
	default:
		s->err = -EINVAL;
	}
	return s->err;
}

static int user_event__swap(union perf_event *ev)
{
	struct swapper s = { .c = CURSOR(ev, ev->header.size, true), .err = 0 };
	u32 size = ev->header.size, i;
	u64 nr;

	switch (ev->header.type) {
	case PERF_RECORD_HEADER_ATTR: {
		u32 asz;

		if (!sw__ok(&s, 8, PERF_ATTR_SIZE_VER0))
			break;
		asz = bswap_32(load_u32(s.c.p + 12));
		if (!asz)
			asz = PERF_ATTR_SIZE_VER0;
		if (asz > size - 8) {
			s.err = -EINVAL;
			break;
		}
		sw64_range(&s, 8 + asz, size);
		break;
	}
	case PERF_RECORD_HEADER_EVENT_TYPE:
	case PERF_RECORD_HEADER_FEATURE:
		sw64(&s, 8);
		break;
	case PERF_RECORD_HEADER_TRACING_DATA:
	case PERF_RECORD_HEADER_BUILD_ID:
		sw32(&s, 8);
		break;
	case PERF_RECORD_ID_INDEX:
	case PERF_RECORD_STAT_CONFIG:
	case PERF_RECORD_STAT_ROUND:
		sw64_range(&s, 8, size);
		break;
	case PERF_RECORD_TIME_CONV:
		sw64_range(&s, 8, min(size, (u32)offsetof(struct perf_record_time_conv,
							   cap_user_time_zero)));
		break;
	case PERF_RECORD_AUXTRACE_INFO:
		sw32(&s, 8);
		sw32(&s, 12);
		sw64_range(&s, 16, size);
		break;
	case PERF_RECORD_AUXTRACE:
		for (i = 8; i < 32; i += 8)
			sw64(&s, i);
		for (i = 32; i < 48; i += 4)
			sw32(&s, i);
		break;
	case PERF_RECORD_AUXTRACE_ERROR:
		for (i = 8; i < 32; i += 4)
			sw32(&s, i);
		sw64(&s, 32);
		sw64(&s, 40);
		if (size >= sizeof(struct perf_record_auxtrace_error)) {
			sw32(&s, offsetof(struct perf_record_auxtrace_error, machine_pid));
			sw32(&s, offsetof(struct perf_record_auxtrace_error, vcpu));
		}
		break;
	case PERF_RECORD_THREAD_MAP:
		sw64(&s, 8);
		if (s.err)
			break;
		nr = load_u64(s.c.p + 8);
		if (nr > (size - 16) / sizeof(struct perf_thread_map_entry)) {
			s.err = -EINVAL;
			break;
		}
		for (i = 0; i < nr; i++)
			sw64(&s, 16 + i * sizeof(struct perf_thread_map_entry));
		break;
	case PERF_RECORD_CPU_MAP:
		cpu_map_data__swap(&s, 8);
		break;
	case PERF_RECORD_STAT:
		sw64(&s, 8);
		sw32(&s, 16);
		sw32(&s, 20);
		sw64_range(&s, 24, min(size, 48u));
		break;
	case PERF_RECORD_EVENT_UPDATE:
		sw64(&s, 8);
		sw64(&s, 16);
		if (s.err)
			break;
		if (load_u64(s.c.p + 8) == PERF_EVENT_UPDATE__SCALE)
			sw64(&s, 24);
		else if (load_u64(s.c.p + 8) == PERF_EVENT_UPDATE__CPUS)
			cpu_map_data__swap(&s, 24);
		break;
	default:	/* FINISHED_ROUND, FINISHED_INIT, COMPRESSED, unknown */
		break;
	}
	return s.err;
}

int perf_event__swap(union perf_event *ev, const struct perf_event_attr *attr)
{
	struct swapper s;
	u32 type, size, body_end;
	struct perf_sample dummy;
	bool trailer;
	u64 nr;
	u32 i;

	if (!ev)
		return -EINVAL;
	type = ev->header.type;
	size = ev->header.size;
	if (size < sizeof(struct perf_event_header))
		return -EINVAL;
	if (type >= PERF_RECORD_USER_TYPE_START)
		return user_event__swap(ev);
	if (type == PERF_RECORD_SAMPLE) {
		if (!attr)
			return -EINVAL;
		return sample__walk((u8 *)ev, size, attr, true, &dummy);
	}
	if (!event__min_size(type))
		return 0;	/* unknown kernel type: opaque */

	s.c.p = (u8 *)ev;
	s.c.size = size;
	s.err = 0;
	trailer = attr && attr->sample_id_all;
	body_end = size;
	if (trailer) {
		int start = event__trailer_start(&ev->header, attr->sample_type);

		if (start < 0)
			return start;
		body_end = start;
	} else if (size < event__min_size(type)) {
		return -EINVAL;
	}
	/* from here the fixed body lies within body_end */
	s.c.size = body_end;

	switch (type) {
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		sw32(&s, 8);
		sw32(&s, 12);
		sw64(&s, 16);
		sw64(&s, 24);
		sw64(&s, 32);
		if (type == PERF_RECORD_MMAP2) {
			if (!(ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
				sw32(&s, 40);
				sw32(&s, 44);
				sw64(&s, 48);
				sw64(&s, 56);
			}
			sw32(&s, 64);
			sw32(&s, 68);
		}
		break;
	case PERF_RECORD_LOST:
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
	case PERF_RECORD_AUX:
	case PERF_RECORD_LOST_SAMPLES:
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		sw64_range(&s, 8, event__min_size(type));
		break;
	case PERF_RECORD_COMM:
	case PERF_RECORD_ITRACE_START:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		sw32(&s, 8);
		sw32(&s, 12);
		break;
	case PERF_RECORD_EXIT:
	case PERF_RECORD_FORK:
		for (i = 8; i < 24; i += 4)
			sw32(&s, i);
		sw64(&s, 24);
		break;
	case PERF_RECORD_READ:
		sw32(&s, 8);
		sw32(&s, 12);
		sw64_range(&s, 16, body_end);
		break;
	case PERF_RECORD_NAMESPACES:
		sw32(&s, 8);
		sw32(&s, 12);
		sw64(&s, 16);
		if (s.err)
			break;
		nr = load_u64(s.c.p + 16);
		if (nr > (body_end - 24) / sizeof(struct perf_ns_link_info)) {
			s.err = -EINVAL;
			break;
		}
		sw64_range(&s, 24, 24 + nr * sizeof(struct perf_ns_link_info));
		break;
	case PERF_RECORD_KSYMBOL:
		sw64(&s, 8);
		sw32(&s, 16);
		sw16(&s, 20);
		sw16(&s, 22);
		break;
	case PERF_RECORD_BPF_EVENT:
		sw16(&s, 8);
		sw16(&s, 10);
		sw32(&s, 12);
		break;
	case PERF_RECORD_CGROUP:
		sw64(&s, 8);
		break;
	case PERF_RECORD_TEXT_POKE:
		sw64(&s, 8);
		sw16(&s, 16);
		sw16(&s, 18);
		break;
	case PERF_RECORD_SWITCH:
	default:
		break;
	}
	if (s.err || !trailer)
		return s.err;
	sample__reset(&dummy, 0);
	return id_sample__walk((u8 *)ev, body_end, size, attr->sample_type, true, &dummy);
}

/* Printing. */

/* A string field of at most max bytes, stopping at the first NUL. */
static int str_len(const char *p, size_t max)
{
	return (int)strnlen(p, max);
}

/* Bytes after off up to the end of the record (trailer included: names stop at NUL). */
static size_t rest(const union perf_event *ev, size_t off)
{
	return ev->header.size > off ? ev->header.size - off : 0;
}

static size_t fprintf_mmap(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_mmap *m = &ev->mmap;
	size_t max = rest(ev, sizeof(*m));

	return fprintf(fp, " %d/%d: [%#llx(%#llx) @ %#llx]: %c %.*s\n",
		       (int)m->pid, (int)m->tid, m->start, m->len, m->pgoff,
		       (ev->header.misc & PERF_RECORD_MISC_MMAP_DATA) ? 'r' : 'x',
		       str_len(m->filename, max), m->filename);
}

#define PROT_R	1
#define PROT_W	2
#define PROT_X	4
#define MAP_SHARED_FLAG	1

static size_t fprintf_mmap2(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_mmap2 *m = &ev->mmap2;
	size_t max = rest(ev, sizeof(*m));
	char prot[5];
	size_t ret;

	prot[0] = (m->prot & PROT_R) ? 'r' : '-';
	prot[1] = (m->prot & PROT_W) ? 'w' : '-';
	prot[2] = (m->prot & PROT_X) ? 'x' : '-';
	prot[3] = (m->flags & MAP_SHARED_FLAG) ? 's' : 'p';
	prot[4] = '\0';

	ret = fprintf(fp, " %d/%d: [%#llx(%#llx) @ %#llx ", (int)m->pid, (int)m->tid,
		      m->start, m->len, m->pgoff);
	if (ev->header.misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		u32 n = min((u32)m->build_id_size, (u32)PERF_MMAP2_BUILD_ID_MAX), i;

		ret += fprintf(fp, "<");
		for (i = 0; i < n; i++)
			ret += fprintf(fp, "%02x", m->build_id[i]);
		ret += fprintf(fp, ">");
	} else {
		ret += fprintf(fp, "%02x:%02x %llu %llu", m->maj, m->min, m->ino,
			       m->ino_generation);
	}
	ret += fprintf(fp, "]: %s %.*s\n", prot, str_len(m->filename, max), m->filename);
	return ret;
}

static const char * const ns_names[PERF_NR_NAMESPACES] = {
	"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
};

static size_t fprintf_namespaces(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_namespaces *n = &ev->namespaces;
	u64 nr = n->nr_namespaces, i;
	size_t ret;

	ret = fprintf(fp, " %d/%d - nr_namespaces: %llu\n\t\t[", (int)n->pid, (int)n->tid, nr);
	if (nr > rest(ev, sizeof(*n)) / sizeof(struct perf_ns_link_info))
		nr = rest(ev, sizeof(*n)) / sizeof(struct perf_ns_link_info);
	for (i = 0; i < nr; i++) {
		const char *sep = i + 1 == nr ? "]\n" : (i + 1) % 4 ? ", " : ", \n\t\t ";

		ret += fprintf(fp, "%llu/%s: %llu/%#llx%s", i,
			       i < PERF_NR_NAMESPACES ? ns_names[i] : "UNKNOWN",
			       load_u64(&n->link_info[i].dev), load_u64(&n->link_info[i].ino), sep);
	}
	if (!nr)
		ret += fprintf(fp, "]\n");
	return ret;
}

static size_t fprintf_switch(const union perf_event *ev, FILE *fp)
{
	bool out = ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT;
	const char *dir = !out ? "IN         " :
			  (ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ?
			  "OUT preempt" : "OUT        ";

	if (ev->header.type == PERF_RECORD_SWITCH)
		return fprintf(fp, " %s\n", dir);
	return fprintf(fp, " %s  %s pid/tid: %5d/%-5d\n", dir, out ? "next" : "prev",
		       (int)ev->context_switch.next_prev_pid,
		       (int)ev->context_switch.next_prev_tid);
}

static size_t fprintf_aux(const union perf_event *ev, FILE *fp)
{
	u64 f = ev->aux.flags;

	return fprintf(fp, " offset: %#llx size: %#llx flags: %#llx [%s%s%s]\n",
		       ev->aux.aux_offset, ev->aux.aux_size, f,
		       (f & PERF_AUX_FLAG_TRUNCATED) ? "T" : "",
		       (f & PERF_AUX_FLAG_OVERWRITE) ? "O" : "",
		       (f & PERF_AUX_FLAG_PARTIAL) ? "P" : "");
}

static size_t fprintf_text_poke(const union perf_event *ev, FILE *fp)
{
	return fprintf(fp, " %#llx old len %u new len %u\n", ev->text_poke.addr,
		       ev->text_poke.old_len, ev->text_poke.new_len);
}

static size_t fprintf_id_index(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_id_index *x = &ev->id_index;
	u64 nr = x->nr, i, avail = rest(ev, sizeof(*x)), esz = sizeof(struct perf_id_index_entry);
	size_t ret = fprintf(fp, " nr: %llu\n", nr);

	if (nr && avail / nr >= 48)
		esz = 48;	/* entries with machine_pid and vcpu */
	for (i = 0; i < nr && (i + 1) * esz <= avail; i++) {
		const u8 *e = (const u8 *)x->entries + i * esz;

		ret += fprintf(fp, " ... id: %llu  idx: %llu  cpu: %lld  tid: %lld\n",
			       load_u64(e), load_u64(e + 8), (long long)load_u64(e + 16),
			       (long long)load_u64(e + 24));
	}
	return ret;
}

static size_t fprintf_thread_map(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_thread_map *t = &ev->thread_map;
	u64 nr = t->nr, i;
	size_t ret;

	if (nr > rest(ev, sizeof(*t)) / sizeof(struct perf_thread_map_entry))
		nr = rest(ev, sizeof(*t)) / sizeof(struct perf_thread_map_entry);
	ret = fprintf(fp, " nr: %llu %s: ", nr, nr > 1 ? "threads" : "thread");
	for (i = 0; i < nr; i++)
		ret += fprintf(fp, "%s%d", i ? ", " : "", (int)load_u64(&t->entries[i].pid));
	return ret + fprintf(fp, "\n");
}

/* Collect the cpus of a cpu_map_data into a callback-free bitmap walk. */
static int cpu_map_data__get(const u8 *d, size_t size, u32 i, int *cpu, u32 *nr)
{
	u16 type, n, long_size;

	if (size < 2)
		return -EINVAL;
	type = load_u16(d);
	switch (type) {
	case PERF_CPU_MAP__CPUS:
		if (size < 4)
			return -EINVAL;
		n = load_u16(d + 2);
		if ((size_t)4 + 2 * (size_t)n > size)
			return -EINVAL;
		*nr = n;
		if (i < n)
			*cpu = (s16)load_u16(d + 4 + 2 * i);
		return 0;
	case PERF_CPU_MAP__MASK: {
		u32 bits, word;

		if (size < 6)
			return -EINVAL;
		n = load_u16(d + 2);
		long_size = load_u16(d + 4);
		if (long_size != 4 && long_size != 8)
			return -EINVAL;
		if ((long_size == 4 && (size_t)6 + 4 * (size_t)n > size) ||
		    (long_size == 8 && (size_t)10 + 8 * (size_t)n > size))
			return -EINVAL;
		bits = (u32)n * long_size * 8;
		*nr = bits;	/* caller tests membership below */
		if (i >= bits)
			return 0;
		word = i / (long_size * 8);
		if (long_size == 4)
			*cpu = (load_u32(d + 6 + 4 * word) >> (i % 32)) & 1 ? (int)i : -2;
		else
			*cpu = (load_u64(d + 10 + 8 * word) >> (i % 64)) & 1 ? (int)i : -2;
		return 0;
	}
	case PERF_CPU_MAP__RANGE_CPUS: {
		u8 any;
		u16 start, end;

		if (size < 8)
			return -EINVAL;
		any = d[2];
		start = load_u16(d + 4);
		end = load_u16(d + 6);
		if (end < start)
			return -EINVAL;
		*nr = (u32)(end - start + 1) + (any ? 1 : 0);
		if (i < *nr)
			*cpu = any ? (i == 0 ? -1 : (int)(start + i - 1)) : (int)(start + i);
		return 0;
	}
	default:
		return -EINVAL;
	}
}

struct cpu_run {
	FILE	*fp;
	int	start;
	int	prev;
	bool	open;
	bool	first;
};

static void cpu_run__flush(struct cpu_run *r)
{
	if (!r->open)
		return;
	if (r->start == r->prev)
		fprintf(r->fp, "%s%d", r->first ? "" : ",", r->start);
	else
		fprintf(r->fp, "%s%d-%d", r->first ? "" : ",", r->start, r->prev);
	r->first = false;
	r->open = false;
}

/* Consecutive cpus make a run "a-b" (as upstream, -1 followed by 0 continues one). */
static void cpu_run__add(struct cpu_run *r, int cpu)
{
	if (r->open && cpu == r->prev + 1) {
		r->prev = cpu;
		return;
	}
	cpu_run__flush(r);
	r->start = r->prev = cpu;
	r->open = true;
}

int perf_cpu_map_data__fprintf(const void *data, size_t size, FILE *fp)
{
	struct cpu_run run = { .fp = fp, .first = true };
	u32 nr = 0, i;
	int cpu = -2;
	int err;

	err = cpu_map_data__get(data, size, 0, &cpu, &nr);
	if (err)
		return err;
	for (i = 0; i < nr; i++) {
		cpu = -2;
		cpu_map_data__get(data, size, i, &cpu, &nr);
		if (cpu != -2)
			cpu_run__add(&run, cpu);
	}
	cpu_run__flush(&run);
	return 0;
}

static size_t fprintf_cpu_map(const union perf_event *ev, FILE *fp)
{
	size_t ret = fprintf(fp, ": ");

	perf_cpu_map_data__fprintf(ev->cpu_map.data, rest(ev, 8), fp);
	return ret + fprintf(fp, "\n");
}

static size_t fprintf_stat_config(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_stat_config *sc = &ev->stat_config;
	u64 nr = sc->nr, i, aggr_mode = 0, scale = 0, interval = 0;

	if (nr > rest(ev, sizeof(*sc)) / sizeof(struct perf_stat_config_entry))
		nr = rest(ev, sizeof(*sc)) / sizeof(struct perf_stat_config_entry);
	for (i = 0; i < nr; i++) {
		u64 tag = load_u64(&sc->data[i].tag), val = load_u64(&sc->data[i].val);

		if (tag == PERF_STAT_CONFIG_TERM__AGGR_MODE)
			aggr_mode = val;
		else if (tag == PERF_STAT_CONFIG_TERM__SCALE)
			scale = val != 0;
		else if (tag == PERF_STAT_CONFIG_TERM__INTERVAL)
			interval = val;
	}
	return fprintf(fp, "\n... aggr_mode %d\n... scale     %d\n... interval  %u\n",
		       (int)aggr_mode, (int)scale, (unsigned int)interval);
}

static size_t fprintf_event_update(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_event_update *u = &ev->event_update;
	size_t max = rest(ev, sizeof(*u)), ret;
	double scale;

	ret = fprintf(fp, "\n... id:    %llu\n", u->id);
	switch (u->type) {
	case PERF_EVENT_UPDATE__UNIT:
		ret += fprintf(fp, "... unit:  %.*s\n", str_len((const char *)u->data, max),
			       (const char *)u->data);
		break;
	case PERF_EVENT_UPDATE__NAME:
		ret += fprintf(fp, "... name:  %.*s\n", str_len((const char *)u->data, max),
			       (const char *)u->data);
		break;
	case PERF_EVENT_UPDATE__SCALE:
		if (max < sizeof(scale))
			break;
		memcpy(&scale, u->data, sizeof(scale));
		ret += fprintf(fp, "... scale: %f\n", scale);
		break;
	case PERF_EVENT_UPDATE__CPUS:
		ret += fprintf(fp, "... ");
		perf_cpu_map_data__fprintf(u->data, max, fp);
		ret += fprintf(fp, "\n");
		break;
	default:
		ret += fprintf(fp, "... unknown type\n");
		break;
	}
	return ret;
}

static size_t fprintf_time_conv(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_time_conv *tc = &ev->time_conv;
	size_t ret;

	ret = fprintf(fp, "\n... Time Shift      %llu\n", tc->time_shift);
	ret += fprintf(fp, "... Time Muliplier  %llu\n", tc->time_mult);
	ret += fprintf(fp, "... Time Zero       %llu\n", tc->time_zero);
	if (ev->header.size >= sizeof(*tc)) {
		ret += fprintf(fp, "... Time Cycles     %llu\n", tc->time_cycles);
		ret += fprintf(fp, "... Time Mask       %#llx\n", tc->time_mask);
		ret += fprintf(fp, "... Cap Time Zero   %d\n", tc->cap_user_time_zero);
		ret += fprintf(fp, "... Cap Time Short  %d\n", tc->cap_user_time_short);
	}
	return ret;
}

static size_t fprintf_auxtrace_error(const union perf_event *ev, FILE *fp)
{
	const struct perf_record_auxtrace_error *e = &ev->auxtrace_error;
	size_t max = rest(ev, offsetof(struct perf_record_auxtrace_error, msg));
	size_t ret;

	max = min(max, (size_t)PERF_AUXTRACE_ERROR_MSG_MAX);
	ret = fprintf(fp, " %s error type %u", e->fmt ? "Instruction trace" : "", e->type);
	if (e->fmt)
		ret += fprintf(fp, " time %llu", e->time);
	ret += fprintf(fp, " cpu %d pid %d tid %d ip %#llx code %u: %.*s\n", (int)e->cpu,
		       (int)e->pid, (int)e->tid, e->ip, e->code, str_len(e->msg, max), e->msg);
	return ret;
}

/* Minimum size for the fields each printer reads (beyond what it bounds itself). */
static u32 fprintf_min_size(u32 type)
{
	switch (type) {
	case PERF_RECORD_HEADER_EVENT_TYPE:	return 16;
	case PERF_RECORD_ID_INDEX:		return sizeof(struct perf_record_id_index);
	case PERF_RECORD_AUXTRACE_INFO:		return sizeof(struct perf_record_auxtrace_info);
	case PERF_RECORD_AUXTRACE:		return sizeof(struct perf_record_auxtrace);
	case PERF_RECORD_AUXTRACE_ERROR:
		return offsetof(struct perf_record_auxtrace_error, msg);
	case PERF_RECORD_THREAD_MAP:		return sizeof(struct perf_record_thread_map);
	case PERF_RECORD_STAT_CONFIG:		return sizeof(struct perf_record_stat_config);
	case PERF_RECORD_STAT:			return sizeof(struct perf_record_stat);
	case PERF_RECORD_STAT_ROUND:		return sizeof(struct perf_record_stat_round);
	case PERF_RECORD_EVENT_UPDATE:		return sizeof(struct perf_record_event_update);
	case PERF_RECORD_TIME_CONV:
		return offsetof(struct perf_record_time_conv, time_cycles);
	default:
		if (type < PERF_RECORD_USER_TYPE_START && type != PERF_RECORD_SAMPLE)
			return event__min_size(type);
		return sizeof(struct perf_event_header);
	}
}

size_t perf_event__fprintf_detail(const union perf_event *ev, const struct perf_sample *sample,
				  FILE *fp)
{
	u32 type = ev->header.type;

	if (ev->header.size < fprintf_min_size(type))
		return fprintf(fp, " [truncated record]\n");

	switch (type) {
	case PERF_RECORD_MMAP:
		return fprintf_mmap(ev, fp);
	case PERF_RECORD_MMAP2:
		return fprintf_mmap2(ev, fp);
	case PERF_RECORD_LOST:
		return fprintf(fp, ": id:%llu: lost:%llu\n", ev->lost.id, ev->lost.lost);
	case PERF_RECORD_LOST_SAMPLES:
		return fprintf(fp, ": id:%llu: lost samples :%llu\n", sample ? sample->id : 0,
			       ev->lost_samples.lost);
	case PERF_RECORD_COMM:
		return fprintf(fp, "%s: %.*s:%d/%d\n",
			       (ev->header.misc & PERF_RECORD_MISC_COMM_EXEC) ? " exec" : "",
			       str_len(ev->comm.comm, rest(ev, sizeof(ev->comm))), ev->comm.comm,
			       (int)ev->comm.pid, (int)ev->comm.tid);
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		return fprintf(fp, "(%d:%d):(%d:%d)\n", (int)ev->fork.pid, (int)ev->fork.tid,
			       (int)ev->fork.ppid, (int)ev->fork.ptid);
	case PERF_RECORD_AUX:
		return fprintf_aux(ev, fp);
	case PERF_RECORD_ITRACE_START:
		return fprintf(fp, " pid: %u tid: %u\n", ev->itrace_start.pid,
			       ev->itrace_start.tid);
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		return fprintf_switch(ev, fp);
	case PERF_RECORD_NAMESPACES:
		return fprintf_namespaces(ev, fp);
	case PERF_RECORD_KSYMBOL:
		return fprintf(fp, " addr %llx len %u type %u flags 0x%x name %.*s\n",
			       ev->ksymbol.addr, ev->ksymbol.len, ev->ksymbol.ksym_type,
			       ev->ksymbol.flags,
			       str_len(ev->ksymbol.name, rest(ev, sizeof(ev->ksymbol))),
			       ev->ksymbol.name);
	case PERF_RECORD_BPF_EVENT:
		return fprintf(fp, " type %u, flags %u, id %u\n", ev->bpf.type, ev->bpf.flags,
			       ev->bpf.id);
	case PERF_RECORD_CGROUP:
		return fprintf(fp, " cgroup: %llu %.*s\n", ev->cgroup.id,
			       str_len(ev->cgroup.path, rest(ev, sizeof(ev->cgroup))),
			       ev->cgroup.path);
	case PERF_RECORD_TEXT_POKE:
		return fprintf_text_poke(ev, fp);
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		return fprintf(fp, " hw_id: %#llx\n", ev->aux_output_hw_id.hw_id);
	case PERF_RECORD_ID_INDEX:
		return fprintf_id_index(ev, fp);
	case PERF_RECORD_THREAD_MAP:
		return fprintf_thread_map(ev, fp);
	case PERF_RECORD_CPU_MAP:
		return fprintf_cpu_map(ev, fp);
	case PERF_RECORD_STAT_CONFIG:
		return fprintf_stat_config(ev, fp);
	case PERF_RECORD_STAT:
		return fprintf(fp, "\n... id %llu, cpu %d, thread %d\n"
			       "... value %llu, enabled %llu, running %llu\n",
			       ev->stat.id, (int)ev->stat.cpu, (int)ev->stat.thread,
			       ev->stat.val, ev->stat.ena, ev->stat.run);
	case PERF_RECORD_STAT_ROUND:
		return fprintf(fp, "\n... time %llu, type %s\n", ev->stat_round.time,
			       ev->stat_round.type == PERF_STAT_ROUND_TYPE__FINAL ?
			       "FINAL" : "INTERVAL");
	case PERF_RECORD_EVENT_UPDATE:
		return fprintf_event_update(ev, fp);
	case PERF_RECORD_TIME_CONV:
		return fprintf_time_conv(ev, fp);
	case PERF_RECORD_AUXTRACE:
		return fprintf(fp, " size: %#llx  offset: %#llx  ref: %#llx  idx: %u  "
			       "tid: %d  cpu: %d\n",
			       ev->auxtrace.size, ev->auxtrace.offset, ev->auxtrace.reference,
			       ev->auxtrace.idx, (int)ev->auxtrace.tid, (int)ev->auxtrace.cpu);
	case PERF_RECORD_AUXTRACE_ERROR:
		return fprintf_auxtrace_error(ev, fp);
	case PERF_RECORD_FINISHED_ROUND:
		return fprintf(fp, "\n");
	default:
		/*
		 * SAMPLE, READ: need the evsel (dump.c).  ATTR, TRACING_DATA,
		 * FEATURE, BUILD_ID: upstream prints nothing, not even a
		 * newline.  Others: nothing here.
		 */
		return 0;
	}
}

size_t perf_event__fprintf(const union perf_event *ev, const struct perf_sample *sample,
			   FILE *fp)
{
	size_t ret = fprintf(fp, "PERF_RECORD_%s", perf_event__name(ev->header.type));

	return ret + perf_event__fprintf_detail(ev, sample, fp);
}
