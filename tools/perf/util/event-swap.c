// SPDX-License-Identifier: GPL-2.0
/*
 * Records of the other byte order converted in place: the fixed fields
 * of each kernel and user record type, the sample walk for samples.
 */
#include <errno.h>
#include <string.h>
#include <byteswap.h>
#include "cursor.h"
#include "event.h"
#include "event-internal.h"

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
		return perf_sample__walk((u8 *)ev, size, attr, true, &dummy);
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
	perf_sample__reset(&dummy, 0);
	return perf_sample__walk_id((u8 *)ev, body_end, size, attr->sample_type, true, &dummy);
}
