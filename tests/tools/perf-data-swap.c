// SPDX-License-Identifier: GPL-2.0
/*
 * perf-data-swap IN OUT: the opposite-endian copy of a perf.data file or
 * pipe stream ("-" is stdin/stdout), as a kernel and perf of the other
 * byte order would have written it: every field swapped at its own width
 * (u32 pairs such as pid/tid as two u32s, bitfields placed from the other
 * end of their word), strings and byte arrays untouched, BTF blobs in the
 * other order too.  A test tool, not installed.
 *
 * The layouts here are written from the ABI on purpose, apart from
 * tools/perf's swap code: a file made by the reader's own code would hide
 * the reader's layout mistakes.  Counts and sizes are always read from the
 * untouched input, so no field is used after it was swapped.  Anything it
 * does not know (record or feature type, sample bit) is an error: the
 * output is then not written.
 */
#include <byteswap.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define PERF_MAGIC2	0x32454c4946524550ULL

/* the records perf itself writes (tools/lib/perf's enum perf_user_event_type) */
enum {
	PERF_RECORD_HEADER_ATTR = 64, PERF_RECORD_HEADER_BUILD_ID = 67,
	PERF_RECORD_FINISHED_ROUND = 68, PERF_RECORD_ID_INDEX = 69,
	PERF_RECORD_THREAD_MAP = 73, PERF_RECORD_CPU_MAP = 74, PERF_RECORD_STAT_CONFIG = 75,
	PERF_RECORD_STAT = 76, PERF_RECORD_STAT_ROUND = 77, PERF_RECORD_EVENT_UPDATE = 78,
	PERF_RECORD_TIME_CONV = 79, PERF_RECORD_HEADER_FEATURE = 80,
	PERF_RECORD_FINISHED_INIT = 82,
};
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const u8 *in;		/* the input, native order, never written */
static u8 *out;			/* the copy being swapped */
static u8 *done;		/* bytes already swapped: each exactly once */
static size_t len;

static void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "perf-data-swap: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	exit(1);
}

static void need(size_t off, size_t n)
{
	if (off > len || n > len - off)
		die("field at 0x%zx (+%zu) beyond the end (0x%zx)", off, n, len);
}

static u16 r16(size_t off) { u16 v; need(off, 2); memcpy(&v, in + off, 2); return v; }
static u32 r32(size_t off) { u32 v; need(off, 4); memcpy(&v, in + off, 4); return v; }
static u64 r64(size_t off) { u64 v; need(off, 8); memcpy(&v, in + off, 8); return v; }

static void mark(size_t off, size_t n)
{
	size_t i;

	need(off, n);
	for (i = 0; i < n; i++) {
		if (done[off + i])
			die("byte 0x%zx swapped twice", off + i);
		done[off + i] = 1;
	}
}

static void s16(size_t off) { u16 v = bswap_16(r16(off)); mark(off, 2); memcpy(out + off, &v, 2); }
static void s32(size_t off) { u32 v = bswap_32(r32(off)); mark(off, 4); memcpy(out + off, &v, 4); }
static void s64(size_t off) { u64 v = bswap_64(r64(off)); mark(off, 8); memcpy(out + off, &v, 8); }

/* Every u64 (or u32) of [off, end). */
static void s64_range(size_t off, size_t end)
{
	if ((end - off) % 8)
		die("0x%zx..0x%zx: not whole u64s", off, end);
	for (; off < end; off += 8)
		s64(off);
}

static void s32_range(size_t off, size_t end)
{
	if ((end - off) % 4)
		die("0x%zx..0x%zx: not whole u32s", off, end);
	for (; off < end; off += 4)
		s32(off);
}

/*
 * A word of bitfields: widths[] in declaration order, from bit 0 on a
 * little-endian machine, from the top bit on a big-endian one, where the
 * word is also stored most significant byte first.
 */
static void sbitfields(size_t off, unsigned int word_bits, const u8 *widths, size_t nr)
{
	u64 v = word_bits == 64 ? r64(off) : r32(off), o = 0;
	unsigned int pos = 0;
	size_t i;

	for (i = 0; i < nr; i++) {
		u64 mask = widths[i] == 64 ? ~0ULL : (1ULL << widths[i]) - 1;

		o |= ((v >> pos) & mask) << (word_bits - pos - widths[i]);
		pos += widths[i];
	}
	mark(off, word_bits / 8);
	if (word_bits == 64) {
		o = bswap_64(o);
		memcpy(out + off, &o, 8);
	} else {
		u32 w = bswap_32((u32)o);

		memcpy(out + off, &w, 4);
	}
}

/* {u32 len; char str[len]}: returns the offset after it */
static size_t sstring(size_t off)
{
	u32 n = r32(off);

	s32(off);
	need(off + 4, n);
	return off + 4 + n;
}

/* perf_event_attr */

/* disabled .. watermark, precise_ip:2, mmap_data .. sigtrap, __reserved_1:26 */
static const u8 attr_flag_widths[] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 26,
};

static const struct { u8 off, size; } attr_fields[] = {
	{ 0, 4 }, { 4, 4 }, { 8, 8 }, { 16, 8 }, { 24, 8 }, { 32, 8 },
	/* 40: the flag word */
	{ 48, 4 }, { 52, 4 }, { 56, 8 }, { 64, 8 }, { 72, 8 }, { 80, 8 }, { 88, 4 },
	{ 92, 4 }, { 96, 8 }, { 104, 4 }, { 108, 2 }, { 110, 2 }, { 112, 4 }, { 116, 4 },
	{ 120, 8 }, { 128, 8 },
};

struct attr {
	u64	sample_type;
	u64	read_format;
	u64	regs_user;
	u64	regs_intr;
	bool	sample_id_all;
	u64	*ids;
	size_t	nr_ids;
};

static struct attr *attrs;
static size_t nr_attrs;

/* Swap the attr at off (room bytes available); record it for the records. */
static struct attr *sattr(size_t off, size_t room)
{
	u32 size = r32(off + 4);
	struct attr *a;
	size_t i;

	if (!size)
		size = 64;
	if (size > room || size < 64)
		die("attr at 0x%zx: size %u (room %zu)", off, size, room);
	for (i = 0; i < ARRAY_SIZE(attr_fields); i++) {
		if (attr_fields[i].off + attr_fields[i].size > size)
			continue;
		if (attr_fields[i].size == 8)
			s64(off + attr_fields[i].off);
		else if (attr_fields[i].size == 4)
			s32(off + attr_fields[i].off);
		else
			s16(off + attr_fields[i].off);
	}
	sbitfields(off + 40, 64, attr_flag_widths, ARRAY_SIZE(attr_flag_widths));

	attrs = realloc(attrs, (nr_attrs + 1) * sizeof(*attrs));
	if (!attrs)
		die("out of memory");
	a = &attrs[nr_attrs++];
	memset(a, 0, sizeof(*a));
	a->sample_type = r64(off + 24);
	a->read_format = r64(off + 32);
	a->sample_id_all = (r64(off + 40) >> 18) & 1;
	if (size >= 88)
		a->regs_user = r64(off + 80);
	if (size >= 104)
		a->regs_intr = r64(off + 96);
	return a;
}

static void attr__add_id(struct attr *a, u64 id)
{
	a->ids = realloc(a->ids, (a->nr_ids + 1) * sizeof(*a->ids));
	if (!a->ids)
		die("out of memory");
	a->ids[a->nr_ids++] = id;
}

static struct attr *attr__find(u64 id)
{
	size_t i, j;

	for (i = 0; i < nr_attrs; i++)
		for (j = 0; j < attrs[i].nr_ids; j++)
			if (attrs[i].ids[j] == id)
				return &attrs[i];
	return NULL;
}

#define TRAILER_BITS	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID | \
			 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

/* The attr a record belongs to, by its sample id (all attrs share its place). */
static struct attr *record__attr(size_t off, u32 type, u16 size)
{
	u64 st, id;
	struct attr *a;

	if (!nr_attrs)
		die("record at 0x%zx before any attr", off);
	if (nr_attrs == 1)
		return &attrs[0];
	st = attrs[0].sample_type;
	if (type == PERF_RECORD_SAMPLE) {
		if (st & PERF_SAMPLE_IDENTIFIER)
			id = r64(off + 8);
		else if (st & PERF_SAMPLE_ID)
			id = r64(off + 8 + 8 * __builtin_popcountll(st & (PERF_SAMPLE_IP |
				PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR)));
		else
			return &attrs[0];
	} else {
		if (!attrs[0].sample_id_all)
			return &attrs[0];
		if (st & PERF_SAMPLE_IDENTIFIER)
			id = r64(off + size - 8);
		else if (st & PERF_SAMPLE_ID)
			id = r64(off + size - 8 * __builtin_popcountll(st & (PERF_SAMPLE_ID |
				PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU)));
		else
			return &attrs[0];
	}
	a = attr__find(id);
	/* synthesized records carry id 0: the first event's layout */
	if (!a && type != PERF_RECORD_SAMPLE)
		a = &attrs[0];
	if (!a)
		die("sample at 0x%zx: id %llu matches no event", off, (unsigned long long)id);
	return a;
}

/* Records */

/* The fixed u64 slots of samples and trailers: a u64, or two u32 (pid/tid, cpu/res) */
#define U64(b)	{ PERF_SAMPLE_##b, false }
#define PAIR(b)	{ PERF_SAMPLE_##b, true }
static const struct { u64 bit; bool pair; } sample_head[] = {
	U64(IDENTIFIER), U64(IP), PAIR(TID), U64(TIME), U64(ADDR), U64(ID), U64(STREAM_ID),
	PAIR(CPU), U64(PERIOD),
}, sample_mid[] = {
	U64(DATA_SRC), U64(TRANSACTION),
}, sample_tail[] = {
	U64(PHYS_ADDR), U64(CGROUP), U64(DATA_PAGE_SIZE), U64(CODE_PAGE_SIZE),
}, trailer[] = {
	PAIR(TID), U64(TIME), U64(ID), U64(STREAM_ID), PAIR(CPU), U64(IDENTIFIER),
};

static size_t sid_fields(size_t p, u64 st, const typeof(sample_head[0]) *f, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		if (!(st & f[i].bit))
			continue;
		if (f[i].pair)
			s32(p), s32(p + 4);
		else
			s64(p);
		p += 8;
	}
	return p;
}

/* read_format values: all u64 (nr or value, enabled, running, {value, id, lost}[nr]) */
static size_t sread_values(size_t p, u64 rf)
{
	u64 per = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
	u64 head = 1 + !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
		   !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
	u64 n = rf & PERF_FORMAT_GROUP ? head + r64(p) * per : head - 1 + per;

	if (n > (len - p) / 8)
		die("read values at 0x%zx: %llu of them", p, (unsigned long long)n);
	s64_range(p, p + 8 * n);
	return p + 8 * n;
}

static size_t sregs(size_t p, u64 mask)
{
	u64 abi = r64(p);

	s64(p);
	p += 8;
	if (abi) {
		s64_range(p, p + 8 * __builtin_popcountll(mask));
		p += 8 * __builtin_popcountll(mask);
	}
	return p;
}

#define KNOWN_SAMPLE_BITS (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
	PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | \
	PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | \
	PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT | \
	PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_REGS_INTR | \
	PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP | PERF_SAMPLE_DATA_PAGE_SIZE | \
	PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_WEIGHT_STRUCT | PERF_SAMPLE_AUX)

static void ssample(size_t off, u16 size, const struct attr *a)
{
	u64 st = a->sample_type, n;
	size_t p = off + 8, end = off + size;

	if (st & ~KNOWN_SAMPLE_BITS)
		die("sample at 0x%zx: sample_type %#llx has bits this tool cannot swap", off,
		    (unsigned long long)(st & ~KNOWN_SAMPLE_BITS));
	p = sid_fields(p, st, sample_head, ARRAY_SIZE(sample_head));
	if (st & PERF_SAMPLE_READ)
		p = sread_values(p, a->read_format);
	if (st & PERF_SAMPLE_CALLCHAIN) {
		n = r64(p);
		s64(p);
		p += 8;
		if (n > (end - p) / 8)
			die("sample at 0x%zx: callchain of %llu", off, (unsigned long long)n);
		s64_range(p, p + 8 * n);
		p += 8 * n;
	}
	if (st & PERF_SAMPLE_REGS_USER)
		p = sregs(p, a->regs_user);
	if (st & PERF_SAMPLE_STACK_USER) {
		n = r64(p);
		s64(p);
		p += 8 + n;	/* the stack: memory as the machine had it */
		if (n)
			s64(p), p += 8;
	}
	if (st & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT))
		s64(p), p += 8;	/* the struct form is laid out to be one u64 on both */
	p = sid_fields(p, st, sample_mid, ARRAY_SIZE(sample_mid));
	if (st & PERF_SAMPLE_REGS_INTR)
		p = sregs(p, a->regs_intr);
	p = sid_fields(p, st, sample_tail, ARRAY_SIZE(sample_tail));
	if (st & PERF_SAMPLE_AUX) {
		n = r64(p);
		s64(p);
		p += 8 + n;
	}
	if (p != end)
		die("sample at 0x%zx: fields end at +%zu, record at +%u", off, p - off, size);
}

/* sample_id_all trailer; returns where it starts */
static size_t strailer(size_t off, u16 size, const struct attr *a)
{
	u64 st = a->sample_type;
	size_t p;

	if (!a->sample_id_all)
		return off + size;
	p = off + size - 8 * __builtin_popcountll(st & TRAILER_BITS);
	if (p < off + 8)
		die("record at 0x%zx: too short for its sample_id trailer", off);
	sid_fields(p, st, trailer, ARRAY_SIZE(trailer));
	return off + size - 8 * __builtin_popcountll(st & TRAILER_BITS);
}

/* struct perf_record_cpu_map_data at p */
static void scpu_map(size_t p, size_t end)
{
	u16 type = r16(p), nr, long_size, i;

	s16(p);
	switch (type) {
	case 0:		/* PERF_CPU_MAP__CPUS: u16 nr, u16 cpu[nr] */
		nr = r16(p + 2);
		s16(p + 2);
		for (i = 0; i < nr; i++)
			s16(p + 4 + 2 * i);
		break;
	case 1:		/* PERF_CPU_MAP__MASK: u16 nr, u16 long_size, then u32 or (pad) u64 */
		nr = r16(p + 2);
		long_size = r16(p + 4);
		s16(p + 2);
		s16(p + 4);
		for (i = 0; i < nr; i++) {
			if (long_size == 4)
				s32(p + 6 + 4 * i);
			else if (long_size == 8)
				s64(p + 10 + 8 * i);
			else
				die("cpu map at 0x%zx: long_size %u", p, long_size);
		}
		break;
	case 2:		/* PERF_CPU_MAP__RANGE_CPUS: u8 any_cpu, u8 pad, u16 start, u16 end */
		s16(p + 4);
		s16(p + 6);
		break;
	default:
		die("cpu map at 0x%zx: type %u", p, type);
	}
	(void)end;
}

static void sfeature(int feat, size_t off, size_t size);

static void sbuild_id_record(size_t off)
{
	/* header, s32 pid, build_id[20], u8 size, u8, u16, filename */
	s32(off + 8);
	s16(off + 34);
}

static void srecord(size_t off)
{
	u32 type = r32(off);
	u16 misc = r16(off + 4), size = r16(off + 6);
	size_t end = off + size, body;
	struct attr *a = NULL;
	u64 n, i;

	s32(off);
	s16(off + 4);
	s16(off + 6);
	if (type < PERF_RECORD_MAX) {
		a = record__attr(off, type, size);
		if (type == PERF_RECORD_SAMPLE) {
			ssample(off, size, a);
			return;
		}
		body = strailer(off, size, a);
	} else {
		body = end;
	}

	switch (type) {
	case PERF_RECORD_MMAP:
		s32(off + 8), s32(off + 12);
		s64(off + 16), s64(off + 24), s64(off + 32);
		break;
	case PERF_RECORD_LOST:
		s64(off + 8), s64(off + 16);
		break;
	case PERF_RECORD_COMM:
	case PERF_RECORD_ITRACE_START:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		s32(off + 8), s32(off + 12);
		break;
	case PERF_RECORD_EXIT:
	case PERF_RECORD_FORK:
		s32(off + 8), s32(off + 12), s32(off + 16), s32(off + 20);
		s64(off + 24);
		break;
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
	case PERF_RECORD_AUX:
		s64(off + 8), s64(off + 16), s64(off + 24);
		break;
	case PERF_RECORD_READ:
		s32(off + 8), s32(off + 12);
		if (sread_values(off + 16, a->read_format) != body)
			die("READ at 0x%zx: values do not fill the record", off);
		break;
	case PERF_RECORD_MMAP2:
		s32(off + 8), s32(off + 12);
		s64(off + 16), s64(off + 24), s64(off + 32);
		if (misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
			s16(off + 42);	/* u8 size, u8 reserved, u16 reserved, build_id[20] */
		} else {
			s32(off + 40), s32(off + 44);
			s64(off + 48), s64(off + 56);
		}
		s32(off + 64), s32(off + 68);
		break;
	case PERF_RECORD_LOST_SAMPLES:
	case PERF_RECORD_AUX_OUTPUT_HW_ID:
		s64(off + 8);
		break;
	case PERF_RECORD_SWITCH:
		break;
	case PERF_RECORD_NAMESPACES:
		s32(off + 8), s32(off + 12);
		n = r64(off + 16);
		s64(off + 16);
		s64_range(off + 24, off + 24 + 16 * n);
		break;
	case PERF_RECORD_KSYMBOL:
		s64(off + 8), s32(off + 16), s16(off + 20), s16(off + 22);
		break;
	case PERF_RECORD_BPF_EVENT:
		s16(off + 8), s16(off + 10), s32(off + 12);	/* then tag[8] */
		break;
	case PERF_RECORD_CGROUP:
		s64(off + 8);
		break;
	case PERF_RECORD_TEXT_POKE:
		s64(off + 8), s16(off + 16), s16(off + 18);
		break;

	case PERF_RECORD_HEADER_ATTR:
		a = sattr(off + 8, size - 8);
		body = off + 8 + (r32(off + 12) ? r32(off + 12) : 64);
		for (; body + 8 <= end; body += 8) {
			attr__add_id(a, r64(body));
			s64(body);
		}
		break;
	case PERF_RECORD_HEADER_BUILD_ID:
		sbuild_id_record(off);
		break;
	case PERF_RECORD_FINISHED_ROUND:
	case PERF_RECORD_FINISHED_INIT:
		break;
	case PERF_RECORD_ID_INDEX:	/* u64 nr, {id, idx, cpu, tid}[nr] (+ {machine_pid, vcpu}) */
	case PERF_RECORD_STAT_CONFIG:
	case PERF_RECORD_STAT_ROUND:
		s64_range(off + 8, end);
		break;
	case PERF_RECORD_THREAD_MAP:	/* u64 nr, {u64 pid; char comm[16]}[nr] */
		n = r64(off + 8);
		s64(off + 8);
		for (i = 0; i < n; i++)
			s64(off + 16 + 24 * i);
		break;
	case PERF_RECORD_CPU_MAP:
		scpu_map(off + 8, end);
		break;
	case PERF_RECORD_STAT:		/* u64 id, u32 cpu, u32 thread, u64 val, ena, run */
		s64(off + 8), s32(off + 16), s32(off + 20);
		s64_range(off + 24, end);
		break;
	case PERF_RECORD_EVENT_UPDATE:	/* u64 type, u64 id, then by type */
		n = r64(off + 8);
		s64(off + 8), s64(off + 16);
		if (n == 1)		/* SCALE: a double */
			s64(off + 24);
		else if (n == 3)	/* CPUS */
			scpu_map(off + 24, end);
		else if (n != 0 && n != 2)	/* UNIT, NAME: a string */
			die("EVENT_UPDATE at 0x%zx: type %llu", off, (unsigned long long)n);
		break;
	case PERF_RECORD_TIME_CONV:	/* shift, mult, zero (, cycles, mask), then u8 caps */
		s64_range(off + 8, off + (size >= 56 ? 48 : 32));
		break;
	case PERF_RECORD_HEADER_FEATURE:
		n = r64(off + 8);
		s64(off + 8);
		sfeature((int)n, off + 16, size - 16);
		break;
	default:
		die("record at 0x%zx: type %u not known to this tool", off, type);
	}
}

static void srecords(size_t off, size_t end)
{
	while (off < end) {
		u16 size = r16(off + 6);

		if (size < 8 || size > end - off)
			die("record at 0x%zx: size %u", off, size);
		srecord(off);
		off += size;
	}
}

/* Features */

static u32 nr_cpus_avail;

/* bpf_prog_info: (offset, size) of each integer field, as in <linux/bpf.h> */
#define INFO_FIELD(f)	{ offsetof(struct bpf_prog_info, f), sizeof(((struct bpf_prog_info *)0)->f) }
static const struct { u16 off, size; } info_fields[] = {
	INFO_FIELD(type), INFO_FIELD(id), INFO_FIELD(jited_prog_len),
	INFO_FIELD(xlated_prog_len), INFO_FIELD(jited_prog_insns), INFO_FIELD(xlated_prog_insns),
	INFO_FIELD(load_time), INFO_FIELD(created_by_uid), INFO_FIELD(nr_map_ids),
	INFO_FIELD(map_ids), INFO_FIELD(ifindex), INFO_FIELD(netns_dev), INFO_FIELD(netns_ino),
	INFO_FIELD(nr_jited_ksyms), INFO_FIELD(nr_jited_func_lens), INFO_FIELD(jited_ksyms),
	INFO_FIELD(jited_func_lens), INFO_FIELD(btf_id), INFO_FIELD(func_info_rec_size),
	INFO_FIELD(func_info), INFO_FIELD(nr_func_info), INFO_FIELD(nr_line_info),
	INFO_FIELD(line_info), INFO_FIELD(jited_line_info), INFO_FIELD(nr_jited_line_info),
	INFO_FIELD(line_info_rec_size), INFO_FIELD(jited_line_info_rec_size),
	INFO_FIELD(nr_prog_tags), INFO_FIELD(prog_tags), INFO_FIELD(run_time_ns),
	INFO_FIELD(run_cnt), INFO_FIELD(recursion_misses), INFO_FIELD(verified_insns),
	INFO_FIELD(attach_btf_obj_id), INFO_FIELD(attach_btf_id),
};

/* the word after ifindex: gpl_compatible:1 then 31 unused bits */
#define INFO_GPL_OFF	(offsetof(struct bpf_prog_info, ifindex) + 4)
static const u8 info_gpl_widths[] = { 1, 31 };

static u64 info_u(size_t info, u32 info_len, size_t off, size_t size)
{
	if (off + size > info_len)
		return 0;
	return size == 8 ? r64(info + off) : r32(info + off);
}

#define INFO(f)	info_u(info, info_len, offsetof(struct bpf_prog_info, f), \
		       sizeof(((struct bpf_prog_info *)0)->f))

/* array bits of the BPF_PROG_INFO feature (perf's PERF_BPIL_*) */
enum { JITED_INSNS, XLATED_INSNS, MAP_IDS, JITED_KSYMS, JITED_FUNC_LENS, FUNC_INFO,
       LINE_INFO, JITED_LINE_INFO, PROG_TAGS };

static void sbpf_prog_info(size_t p, size_t end)
{
	u32 count = r32(p), i, j;

	s32(p);
	p += 4;
	for (i = 0; i < count; i++) {
		u32 info_len = r32(p), data_len = r32(p + 4);
		u64 arrays = r64(p + 8);
		size_t info = p + 16, data = info + info_len;

		s32(p), s32(p + 4), s64(p + 8);
		need(info, (size_t)info_len + data_len);
		for (j = 0; j < ARRAY_SIZE(info_fields); j++) {
			if (info_fields[j].off + info_fields[j].size > info_len)
				continue;
			if (info_fields[j].size == 8)
				s64(info + info_fields[j].off);
			else
				s32(info + info_fields[j].off);
		}
		if (INFO_GPL_OFF + 4 <= info_len)
			sbitfields(info + INFO_GPL_OFF, 32, info_gpl_widths, 2);

		/* the arrays: pointer fields are offsets into data */
		if (arrays & (1ULL << XLATED_INSNS)) {
			/* struct bpf_insn: u8 code; u8 dst_reg:4, src_reg:4; s16 off; s32 imm */
			size_t a = data + INFO(xlated_prog_insns);
			u32 n = (u32)INFO(xlated_prog_len);
			static const u8 regs[] = { 4, 4 };

			for (j = 0; j + 8 <= n; j += 8) {
				u8 v = in[a + j + 1], o = 0;
				unsigned int pos = 0, k;

				for (k = 0; k < 2; k++) {
					o |= ((v >> pos) & 15) << (8 - pos - regs[k]);
					pos += regs[k];
				}
				mark(a + j + 1, 1);
				out[a + j + 1] = o;
				s16(a + j + 2);
				s32(a + j + 4);
			}
		}
		if (arrays & (1ULL << MAP_IDS))
			s32_range(data + INFO(map_ids), data + INFO(map_ids) + 4 * INFO(nr_map_ids));
		if (arrays & (1ULL << JITED_KSYMS))
			s64_range(data + INFO(jited_ksyms),
				  data + INFO(jited_ksyms) + 8 * INFO(nr_jited_ksyms));
		if (arrays & (1ULL << JITED_FUNC_LENS))
			s32_range(data + INFO(jited_func_lens),
				  data + INFO(jited_func_lens) + 4 * INFO(nr_jited_func_lens));
		if (arrays & (1ULL << FUNC_INFO))	/* {u32 insn_off, type_id} */
			s32_range(data + INFO(func_info), data + INFO(func_info) +
				  INFO(func_info_rec_size) * INFO(nr_func_info));
		if (arrays & (1ULL << LINE_INFO))	/* {u32 insn_off, file, line, col} */
			s32_range(data + INFO(line_info), data + INFO(line_info) +
				  INFO(line_info_rec_size) * INFO(nr_line_info));
		if (arrays & (1ULL << JITED_LINE_INFO))	/* u64 addresses */
			s64_range(data + INFO(jited_line_info), data + INFO(jited_line_info) +
				  INFO(jited_line_info_rec_size) * INFO(nr_jited_line_info));
		/* JITED_INSNS and PROG_TAGS are bytes */
		if (arrays >> (PROG_TAGS + 1))
			die("bpf_prog_info at 0x%zx: arrays %#llx unknown", p,
			    (unsigned long long)arrays);
		p = data + data_len;
		if (p > end)
			die("bpf_prog_info: program %u beyond its section", i);
	}
}

/*
 * A raw BTF object: u16 magic, u8 version, u8 flags, u32 hdr_len, then
 * u32 type_off, type_len, str_off, str_len (and any newer u32s up to
 * hdr_len); every type record is made of u32 words; strings are bytes.
 */
static void sbtf(size_t p, size_t size)
{
	u32 hdr_len, type_off, type_len;

	if (size < 24 || r16(p) != 0xeb9f)
		die("btf at 0x%zx: not a native BTF object", p);
	hdr_len = r32(p + 4);
	type_off = r32(p + 8);
	type_len = r32(p + 12);
	if (hdr_len < 24 || hdr_len % 4 || hdr_len > size ||
	    (u64)hdr_len + type_off + type_len > size)
		die("btf at 0x%zx: bad header", p);
	s16(p);
	s32_range(p + 4, p + hdr_len);
	s32_range(p + hdr_len + type_off, p + hdr_len + type_off + type_len);
}

static void sfeature(int feat, size_t off, size_t size)
{
	size_t p = off, end = off + size;
	u32 n, m, i, j;

	need(off, size);
	switch (feat) {
	case 2:		/* BUILD_ID: build_id records */
		while (p < end) {
			u16 rsz = r16(p + 6);

			if (rsz < 36 || rsz > end - p)
				die("build id at 0x%zx: size %u", p, rsz);
			s32(p), s16(p + 4), s16(p + 6);
			sbuild_id_record(p);
			p += rsz;
		}
		break;
	case 3: case 4: case 5: case 6: case 8: case 9:	/* strings */
		sstring(p);
		break;
	case 7:		/* NRCPUS */
		nr_cpus_avail = r32(p);
		s32(p), s32(p + 4);
		break;
	case 10: case 21: case 23: case 24:	/* TOTAL_MEM, SAMPLE_TIME, CLOCKID, DIR_FORMAT */
	case 18: case 22:			/* AUXTRACE, MEM_TOPOLOGY: all u64 */
		s64_range(p, end);
		break;
	case 11:	/* CMDLINE */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < n; i++)
			p = sstring(p);
		break;
	case 12:	/* EVENT_DESC: u32 nr, u32 attr_size, {attr, u32 nr_ids, name, ids} */
		n = r32(p), m = r32(p + 4);
		s32(p), s32(p + 4);
		for (p += 8, i = 0; i < n; i++) {
			u32 nr_ids;

			/* the attrs are known already: swap without adding */
			sattr(p, m);
			nr_attrs--;
			p += m;
			nr_ids = r32(p);
			s32(p);
			p = sstring(p + 4);
			s64_range(p, p + 8ULL * nr_ids);
			p += 8ULL * nr_ids;
		}
		break;
	case 13:	/* CPU_TOPOLOGY */
		for (j = 0; j < 2; j++) {	/* cores, threads */
			n = r32(p);
			s32(p);
			for (p += 4, i = 0; i < n; i++)
				p = sstring(p);
		}
		if (p < end) {		/* {u32 core_id, socket_id} per cpu */
			s32_range(p, p + 8ULL * nr_cpus_avail);
			p += 8ULL * nr_cpus_avail;
		}
		if (p < end) {		/* dies, then u32 die_id per cpu */
			n = r32(p);
			s32(p);
			for (p += 4, i = 0; i < n; i++)
				p = sstring(p);
			s32_range(p, p + 4ULL * nr_cpus_avail);
		}
		break;
	case 14:	/* NUMA_TOPOLOGY: u32 nr, {u32 node, u64 total, u64 free, cpus} */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < n; i++) {
			s32(p), s64(p + 4), s64(p + 12);
			p = sstring(p + 20);
		}
		break;
	case 15: case 19:	/* BRANCH_STACK, STAT: empty */
	case 32:		/* HEADER_LAST_FEATURE: the end of a pipe's features */
		if (size && feat == 32)
			die("feature %d: %zu bytes", feat, size);
		break;
	case 16:	/* PMU_MAPPINGS: u32 nr, {u32 type, name} */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < n; i++) {
			s32(p);
			p = sstring(p + 4);
		}
		break;
	case 17:	/* GROUP_DESC: u32 nr, {name, u32 leader, u32 nr_members} */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < n; i++) {
			p = sstring(p);
			s32(p), s32(p + 4);
			p += 8;
		}
		break;
	case 20:	/* CACHE: u32 version, u32 nr, {u32 level, line, sets, ways; 3 strings} */
		n = r32(p + 4);
		s32(p), s32(p + 4);
		for (p += 8, i = 0; i < n; i++) {
			s32_range(p, p + 16);
			p += 16;
			for (j = 0; j < 3; j++)
				p = sstring(p);
		}
		break;
	case 25:
		sbpf_prog_info(p, end);
		break;
	case 26:	/* BPF_BTF: u32 nr, {u32 id, u32 size, data} */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < n; i++) {
			u32 sz = r32(p + 4);

			s32(p), s32(p + 4);
			sbtf(p + 8, sz);
			p += 8 + sz;
		}
		break;
	case 27:	/* COMPRESSED: version, type, level, ratio, mmap_len */
		s32_range(p, p + 20);
		break;
	case 28: case 30:	/* CPU_PMU_CAPS, HYBRID_TOPOLOGY: u32 nr, string pairs */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < 2 * n; i++)
			p = sstring(p);
		break;
	case 29:	/* CLOCK_DATA: u32 version, u32 clockid, u64 wall, u64 clock */
		s32(p), s32(p + 4), s64(p + 8), s64(p + 16);
		break;
	case 31:	/* PMU_CAPS: u32 nr, {u32 nr_caps, pairs, pmu name} */
		n = r32(p);
		s32(p);
		for (p += 4, i = 0; i < n; i++) {
			m = r32(p);
			s32(p);
			for (p += 4, j = 0; j < 2 * m; j++)
				p = sstring(p);
			p = sstring(p);
		}
		break;
	default:
		die("feature %d not known to this tool", feat);
	}
}

/* Files */

static void sfile(void)
{
	u64 attr_size = r64(16), attrs_off = r64(24), attrs_size = r64(32);
	u64 data_off = r64(40), data_size = r64(48), bits[4], i, nr, p;
	int feat;

	s64_range(0, 104);	/* magic, sizes, sections, the feature bitmap */
	if (attr_size < 16 + 64 || attrs_size % attr_size)
		die("attr_size %llu, attrs %llu", (unsigned long long)attr_size,
		    (unsigned long long)attrs_size);
	for (p = attrs_off; p < attrs_off + attrs_size; p += attr_size) {
		u64 ids_off = r64(p + attr_size - 16), ids_size = r64(p + attr_size - 8);
		struct attr *a = sattr(p, attr_size - 16);

		s64(p + attr_size - 16), s64(p + attr_size - 8);
		for (i = 0; i < ids_size / 8; i++) {
			attr__add_id(a, r64(ids_off + 8 * i));
			s64(ids_off + 8 * i);
		}
	}
	for (i = 0; i < 4; i++)
		bits[i] = r64(72 + 8 * i);
	/* NRCPUS first: CPU_TOPOLOGY's size depends on it */
	for (feat = 0, nr = 0; feat < 256; feat++) {
		if (!(bits[feat / 64] & (1ULL << (feat % 64))))
			continue;
		if (feat == 7)
			nr_cpus_avail = r32(r64(data_off + data_size + 16 * nr));
		nr++;
	}
	for (feat = 0, nr = 0; feat < 256; feat++) {
		u64 sec = data_off + data_size + 16 * nr;

		if (!(bits[feat / 64] & (1ULL << (feat % 64))))
			continue;
		s64(sec), s64(sec + 8);
		sfeature(feat, r64(sec), r64(sec + 8));
		nr++;
	}
	srecords(data_off, data_off + data_size);
}

static void spipe(void)
{
	s64(0), s64(8);
	srecords(16, len);
}

static u8 *read_all(const char *path, size_t *size)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	size_t cap = 1 << 20, n = 0;
	u8 *buf = malloc(cap);

	if (!f)
		die("%s: %s", path, strerror(errno));
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap) {
			if (ferror(f))
				die("%s: read error", path);
			break;
		}
		cap *= 2;
		buf = realloc(buf, cap);
	}
	if (!buf)
		die("out of memory");
	if (f != stdin)
		fclose(f);
	*size = n;
	return buf;
}

int main(int argc, char **argv)
{
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: perf-data-swap IN OUT  (\"-\": stdin, stdout)\n");
		return 2;
	}
	in = read_all(argv[1], &len);
	out = malloc(len ? len : 1);
	done = calloc(1, len ? len : 1);
	if (!out || !done)
		die("out of memory");
	memcpy(out, in, len);
	if (len < 16 || r64(0) != PERF_MAGIC2)
		die("%s: not a native perf.data", argv[1]);
	if (r64(8) == 16)
		spipe();
	else if (r64(8) == 104)
		sfile();
	else
		die("%s: header size %llu", argv[1], (unsigned long long)r64(8));

	f = strcmp(argv[2], "-") ? fopen(argv[2], "wb") : stdout;
	if (!f || fwrite(out, 1, len, f) != len || fflush(f) || (f != stdout && fclose(f)))
		die("%s: cannot write", argv[2]);
	return 0;
}
