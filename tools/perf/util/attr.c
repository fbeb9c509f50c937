// SPDX-License-Identifier: GPL-2.0
/*
 * attr.c - perf_event_attr byte-swapping and printing.
 */
#include <byteswap.h>
#include <inttypes.h>
#include <string.h>
#include "attr.h"

/* One field of the flag word: its bit position on little-endian, its width. */
struct attr_flag {
	const char	*name;
	u8		shift;
	u8		width;
};

static const struct attr_flag attr_flags[] = {
	{ "disabled", 0, 1 },		{ "inherit", 1, 1 },
	{ "pinned", 2, 1 },		{ "exclusive", 3, 1 },
	{ "exclude_user", 4, 1 },	{ "exclude_kernel", 5, 1 },
	{ "exclude_hv", 6, 1 },		{ "exclude_idle", 7, 1 },
	{ "mmap", 8, 1 },		{ "comm", 9, 1 },
	{ "freq", 10, 1 },		{ "inherit_stat", 11, 1 },
	{ "enable_on_exec", 12, 1 },	{ "task", 13, 1 },
	{ "watermark", 14, 1 },		{ "precise_ip", 15, 2 },
	{ "mmap_data", 17, 1 },		{ "sample_id_all", 18, 1 },
	{ "exclude_host", 19, 1 },	{ "exclude_guest", 20, 1 },
	{ "exclude_callchain_kernel", 21, 1 },
	{ "exclude_callchain_user", 22, 1 },
	{ "mmap2", 23, 1 },		{ "comm_exec", 24, 1 },
	{ "use_clockid", 25, 1 },	{ "context_switch", 26, 1 },
	{ "write_backward", 27, 1 },	{ "namespaces", 28, 1 },
	{ "ksymbol", 29, 1 },		{ "bpf_event", 30, 1 },
	{ "aux_output", 31, 1 },	{ "cgroup", 32, 1 },
	{ "text_poke", 33, 1 },		{ "build_id", 34, 1 },
	{ "inherit_thread", 35, 1 },	{ "remove_on_exec", 36, 1 },
	{ "sigtrap", 37, 1 },
};

#define ATTR_FLAGS_KNOWN_BITS	38

static inline u64 field_mask(unsigned int width)
{
	return width >= 64 ? ~0ULL : (1ULL << width) - 1;
}

/*
 * Move every field from position "from(shift, width)" to "to(shift, width)".
 * Reserved bits past the known fields are treated as 1-bit fields.
 */
static u64 attr_flags__remap(u64 v, bool to_le_layout)
{
	u64 out = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(attr_flags); i++) {
		unsigned int w = attr_flags[i].width, le = attr_flags[i].shift;
		unsigned int be = 64 - le - w;
		unsigned int from = to_le_layout ? be : le, to = to_le_layout ? le : be;

		out |= ((v >> from) & field_mask(w)) << to;
	}
	for (i = ATTR_FLAGS_KNOWN_BITS; i < 64; i++) {
		unsigned int be = 63 - i;
		unsigned int from = to_le_layout ? be : i, to = to_le_layout ? i : be;

		out |= ((v >> from) & 1) << to;
	}
	return out;
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_IS_LE	true
#else
#define HOST_IS_LE	false
#endif

u64 perf_attr_flags__from_other(u64 swapped)
{
	/* The other side's layout is big-endian's when we are little-endian. */
	return attr_flags__remap(swapped, HOST_IS_LE);
}

u64 perf_attr_flags__to_other(u64 native)
{
	return attr_flags__remap(native, !HOST_IS_LE);
}

u64 perf_event_attr__flags(const struct perf_event_attr *attr)
{
	u64 v;

	memcpy(&v, (const u8 *)attr + PERF_ATTR_FLAGS_OFFSET, sizeof(v));
	return v;
}

static void attr__set_flags(struct perf_event_attr *attr, u64 v)
{
	memcpy((u8 *)attr + PERF_ATTR_FLAGS_OFFSET, &v, sizeof(v));
}

/* Swap every field but the flag word; shared by both directions. */
static void attr__swap_fields(struct perf_event_attr *a)
{
	a->type = bswap_32(a->type);
	a->size = bswap_32(a->size);
	a->config = bswap_64(a->config);
	a->sample_period = bswap_64(a->sample_period);
	a->sample_type = bswap_64(a->sample_type);
	a->read_format = bswap_64(a->read_format);
	a->wakeup_events = bswap_32(a->wakeup_events);
	a->bp_type = bswap_32(a->bp_type);
	a->bp_addr = bswap_64(a->bp_addr);
	a->bp_len = bswap_64(a->bp_len);
	a->branch_sample_type = bswap_64(a->branch_sample_type);
	a->sample_regs_user = bswap_64(a->sample_regs_user);
	a->sample_stack_user = bswap_32(a->sample_stack_user);
	a->clockid = (s32)bswap_32((u32)a->clockid);
	a->sample_regs_intr = bswap_64(a->sample_regs_intr);
	a->aux_watermark = bswap_32(a->aux_watermark);
	a->sample_max_stack = bswap_16(a->sample_max_stack);
	a->__reserved_2 = bswap_16(a->__reserved_2);
	a->aux_sample_size = bswap_32(a->aux_sample_size);
	a->__reserved_3 = bswap_32(a->__reserved_3);
	a->sig_data = bswap_64(a->sig_data);
}

void perf_event_attr__swap(struct perf_event_attr *attr)
{
	attr__swap_fields(attr);
	attr__set_flags(attr, perf_attr_flags__from_other(bswap_64(perf_event_attr__flags(attr))));
}

void perf_event_attr__swap_to_other(struct perf_event_attr *attr)
{
	attr__swap_fields(attr);
	attr__set_flags(attr, bswap_64(perf_attr_flags__to_other(perf_event_attr__flags(attr))));
}

/* Printing */

static const char * const sample_type_names[] = {
	"IP", "TID", "TIME", "ADDR", "READ", "CALLCHAIN", "ID", "CPU", "PERIOD",
	"STREAM_ID", "RAW", "BRANCH_STACK", "REGS_USER", "STACK_USER", "WEIGHT",
	"DATA_SRC", "IDENTIFIER", "TRANSACTION", "REGS_INTR", "PHYS_ADDR", "AUX",
	"CGROUP", "DATA_PAGE_SIZE", "CODE_PAGE_SIZE", "WEIGHT_STRUCT",
};

static const char * const read_format_names[] = {
	"TOTAL_TIME_ENABLED", "TOTAL_TIME_RUNNING", "ID", "GROUP", "LOST",
};

static const char * const branch_type_names[] = {
	"USER", "KERNEL", "HV", "ANY", "ANY_CALL", "ANY_RETURN", "IND_CALL",
	"ABORT_TX", "IN_TX", "NO_TX", "COND", "CALL_STACK", "IND_JUMP", "CALL",
	"NO_FLAGS", "NO_CYCLES", "TYPE_SAVE", "HW_INDEX", "PRIV_SAVE",
};

static void bits__snprintf(char *buf, size_t size, u64 v, const char * const *names,
			   size_t nr)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < nr && i < 64; i++) {
		if (!(v & (1ULL << i)))
			continue;
		n += snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? "|" : "", names[i]);
		if (n >= size)
			return;
	}
}

int perf_event_attr__fprintf_header_cb(FILE *fp, const char *name, const char *val,
				       void *priv)
{
	return fprintf(fp, ", %s = %s", name, val);
}

#define BIT_NAMES(a)	a, ARRAY_SIZE(a)

int perf_event_attr__fprintf(FILE *fp, const struct perf_event_attr *attr,
			     attr__fprintf_f cb, void *priv)
{
	char buf[512];
	u64 flags = perf_event_attr__flags(attr);
	unsigned int i;
	int ret = 0;

#define P_U(name, v) do {						\
		if (v) {						\
			snprintf(buf, sizeof(buf), "%llu", (unsigned long long)(v));\
			ret += cb(fp, name, buf, priv);			\
		}							\
	} while (0)
#define P_X(name, v) do {						\
		if (v) {						\
			snprintf(buf, sizeof(buf), "%#llx", (unsigned long long)(v));\
			ret += cb(fp, name, buf, priv);			\
		}							\
	} while (0)
#define P_D(name, v) do {						\
		if (v) {						\
			snprintf(buf, sizeof(buf), "%lld", (long long)(v));\
			ret += cb(fp, name, buf, priv);			\
		}							\
	} while (0)
#define P_BITS(name, v, names) do {					\
		if (v) {						\
			bits__snprintf(buf, sizeof(buf), v, BIT_NAMES(names));	\
			ret += cb(fp, name, buf, priv);			\
		}							\
	} while (0)

	P_U("type", attr->type);
	P_U("size", attr->size);
	P_X("config", attr->config);
	P_U("{ sample_period, sample_freq }", attr->sample_period);
	P_BITS("sample_type", attr->sample_type, sample_type_names);
	P_BITS("read_format", attr->read_format, read_format_names);
	for (i = 0; i < ARRAY_SIZE(attr_flags); i++)
		P_U(attr_flags[i].name,
		    (flags >> attr_flags[i].shift) & field_mask(attr_flags[i].width));
	P_U("{ wakeup_events, wakeup_watermark }", attr->wakeup_events);
	P_U("bp_type", attr->bp_type);
	P_X("{ bp_addr, config1 }", attr->bp_addr);
	P_X("{ bp_len, config2 }", attr->bp_len);
	P_BITS("branch_sample_type", attr->branch_sample_type, branch_type_names);
	P_X("sample_regs_user", attr->sample_regs_user);
	P_U("sample_stack_user", attr->sample_stack_user);
	P_D("clockid", attr->clockid);
	P_X("sample_regs_intr", attr->sample_regs_intr);
	P_U("aux_watermark", attr->aux_watermark);
	P_U("sample_max_stack", attr->sample_max_stack);
	P_U("aux_sample_size", attr->aux_sample_size);
	P_U("sig_data", attr->sig_data);
#undef P_U
#undef P_X
#undef P_D
#undef P_BITS
	return ret;
}
