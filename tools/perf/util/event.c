// SPDX-License-Identifier: GPL-2.0
/*
 * Records: their names, the fixed sizes of their bodies and where the
 * sample_id trailer and the id sit.  See event.h for the contract; the
 * sample walk is event-sample.c, byte swapping event-swap.c, the -D
 * lines event-print.c.
 */
#include <errno.h>
#include <string.h>
#include <byteswap.h>
#include "cursor.h"
#include "event.h"
#include "event-internal.h"

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

/* Fixed body of each kernel record type (header included), 0 if unknown. */
u32 event__min_size(u32 type)
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
int event__trailer_start(const struct perf_event_header *h, u64 sample_type)
{
	u32 idsz = perf_event__id_hdr_size(sample_type);
	u32 min = event__min_size(h->type);

	if (!min || h->size < min || h->size - min < idsz)
		return -EINVAL;
	return h->size - idsz;
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
