// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-prog-info.c - the BPF_PROG_INFO and BPF_BTF feature payloads.
 *
 * See bpf-prog-info.h for the layout.  Everything read from a file is
 * checked against the section before it is used: counts are bounded by the
 * bytes that are really there, array offsets and lengths by data_len.
 */
#include <byteswap.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "array.h"
#include "bpf-prog-info.h"
#include "cursor.h"
#include "strbuf.h"

static int bpil_err(char *err, size_t errsz, const char *fmt, ...) __printf(3, 4);

static int bpil_err(char *err, size_t errsz, const char *fmt, ...)
{
	va_list ap;

	if (err && errsz) {
		va_start(ap, fmt);
		vsnprintf(err, errsz, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

void perf_env_bpf__init(struct perf_env_bpf *bpf)
{
	memset(bpf, 0, sizeof(*bpf));
	bpf->progs_sorted = true;
	bpf->btfs_sorted = true;
}

void perf_env_bpf__exit(struct perf_env_bpf *bpf)
{
	u32 i;

	for (i = 0; i < bpf->nr_progs; i++)
		free(bpf->progs[i].data);
	free(bpf->progs);
	for (i = 0; i < bpf->nr_btfs; i++) {
		btf__free(bpf->btfs[i].btf);
		free(bpf->btfs[i].data);
	}
	free(bpf->btfs);
	free(bpf->ranges);
	perf_env_bpf__init(bpf);
}

/* Swapping the fixed part of struct bpf_prog_info */

#define INFO_FIELD(f)	\
	{ offsetof(struct bpf_prog_info, f), sizeof(((struct bpf_prog_info *)0)->f) }

static const struct {
	u16	off;
	u16	size;
} info_fields[] = {
	INFO_FIELD(type), INFO_FIELD(id), INFO_FIELD(jited_prog_len),
	INFO_FIELD(xlated_prog_len), INFO_FIELD(jited_prog_insns),
	INFO_FIELD(xlated_prog_insns), INFO_FIELD(load_time),
	INFO_FIELD(created_by_uid), INFO_FIELD(nr_map_ids), INFO_FIELD(map_ids),
	INFO_FIELD(ifindex), INFO_FIELD(netns_dev), INFO_FIELD(netns_ino),
	INFO_FIELD(nr_jited_ksyms), INFO_FIELD(nr_jited_func_lens),
	INFO_FIELD(jited_ksyms), INFO_FIELD(jited_func_lens), INFO_FIELD(btf_id),
	INFO_FIELD(func_info_rec_size), INFO_FIELD(func_info),
	INFO_FIELD(nr_func_info), INFO_FIELD(nr_line_info), INFO_FIELD(line_info),
	INFO_FIELD(jited_line_info), INFO_FIELD(nr_jited_line_info),
	INFO_FIELD(line_info_rec_size), INFO_FIELD(jited_line_info_rec_size),
	INFO_FIELD(nr_prog_tags), INFO_FIELD(prog_tags), INFO_FIELD(run_time_ns),
	INFO_FIELD(run_cnt), INFO_FIELD(recursion_misses),
	INFO_FIELD(verified_insns), INFO_FIELD(attach_btf_obj_id),
	INFO_FIELD(attach_btf_id),
};

/* The u32 holding the gpl_compatible:1 bitfield follows ifindex. */
#define INFO_GPL_WORD_OFF	(offsetof(struct bpf_prog_info, ifindex) + sizeof(u32))

static void mem_swap(u8 *p, unsigned int size)
{
	u16 v16;
	u32 v32;
	u64 v64;

	switch (size) {
	case 2:
		memcpy(&v16, p, 2);
		v16 = bswap_16(v16);
		memcpy(p, &v16, 2);
		break;
	case 4:
		memcpy(&v32, p, 4);
		v32 = bswap_32(v32);
		memcpy(p, &v32, 4);
		break;
	case 8:
		memcpy(&v64, p, 8);
		v64 = bswap_64(v64);
		memcpy(p, &v64, 8);
		break;
	default:
		break;
	}
}

static u32 bit_reverse32(u32 v)
{
	u32 r = 0;
	int i;

	for (i = 0; i < 32; i++)
		r |= ((v >> i) & 1) << (31 - i);
	return r;
}

/*
 * Swap the first len bytes of a raw bpf_prog_info, field by field.  The
 * word of 1-bit fields (gpl_compatible then padding) is allocated from the
 * other end on the other endianness: reverse its bits.  An involution, so
 * the same function converts in both directions.
 */
static void info__swap_raw(u8 *p, u32 len)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(info_fields); i++) {
		if (info_fields[i].off + info_fields[i].size <= len)
			mem_swap(p + info_fields[i].off, info_fields[i].size);
	}
	if (INFO_GPL_WORD_OFF + 4 <= len) {
		u32 v;

		memcpy(&v, p + INFO_GPL_WORD_OFF, 4);
		v = bit_reverse32(bswap_32(v));
		memcpy(p + INFO_GPL_WORD_OFF, &v, 4);
	}
}

/* The arrays */

enum elem_kind {
	ELEM_BYTES,	/* no swapping */
	ELEM_U32,	/* records made of u32 words */
	ELEM_U64,	/* records made of u64 words */
	ELEM_INSN,	/* struct bpf_insn */
};

#define NO_REC_FIELD	0xffff

static const struct {
	const char	*name;
	u16		count_off;	/* u32 count (bytes for the two instruction arrays) */
	u16		ptr_off;	/* u64 offset into data */
	u16		rec_off;	/* u32 record size field, or NO_REC_FIELD */
	u16		rec_size;	/* fixed record size, or minimum with rec_off */
	u8		kind;
} bpil_arrays[PERF_BPIL_LAST_ARRAY] = {
	[PERF_BPIL_JITED_INSNS] = { "jited_insns",
		offsetof(struct bpf_prog_info, jited_prog_len),
		offsetof(struct bpf_prog_info, jited_prog_insns), NO_REC_FIELD, 1, ELEM_BYTES },
	[PERF_BPIL_XLATED_INSNS] = { "xlated_insns",
		offsetof(struct bpf_prog_info, xlated_prog_len),
		offsetof(struct bpf_prog_info, xlated_prog_insns), NO_REC_FIELD, 1, ELEM_INSN },
	[PERF_BPIL_MAP_IDS] = { "map_ids",
		offsetof(struct bpf_prog_info, nr_map_ids),
		offsetof(struct bpf_prog_info, map_ids), NO_REC_FIELD, 4, ELEM_U32 },
	[PERF_BPIL_JITED_KSYMS] = { "jited_ksyms",
		offsetof(struct bpf_prog_info, nr_jited_ksyms),
		offsetof(struct bpf_prog_info, jited_ksyms), NO_REC_FIELD, 8, ELEM_U64 },
	[PERF_BPIL_JITED_FUNC_LENS] = { "jited_func_lens",
		offsetof(struct bpf_prog_info, nr_jited_func_lens),
		offsetof(struct bpf_prog_info, jited_func_lens), NO_REC_FIELD, 4, ELEM_U32 },
	[PERF_BPIL_FUNC_INFO] = { "func_info",
		offsetof(struct bpf_prog_info, nr_func_info),
		offsetof(struct bpf_prog_info, func_info),
		offsetof(struct bpf_prog_info, func_info_rec_size),
		sizeof(struct bpf_func_info), ELEM_U32 },
	[PERF_BPIL_LINE_INFO] = { "line_info",
		offsetof(struct bpf_prog_info, nr_line_info),
		offsetof(struct bpf_prog_info, line_info),
		offsetof(struct bpf_prog_info, line_info_rec_size),
		sizeof(struct bpf_line_info), ELEM_U32 },
	[PERF_BPIL_JITED_LINE_INFO] = { "jited_line_info",
		offsetof(struct bpf_prog_info, nr_jited_line_info),
		offsetof(struct bpf_prog_info, jited_line_info),
		offsetof(struct bpf_prog_info, jited_line_info_rec_size), 8, ELEM_U64 },
	[PERF_BPIL_PROG_TAGS] = { "prog_tags",
		offsetof(struct bpf_prog_info, nr_prog_tags),
		offsetof(struct bpf_prog_info, prog_tags), NO_REC_FIELD, BPF_TAG_SIZE, ELEM_BYTES },
};

/* Largest record size accepted for the variable-size arrays. */
#define BPIL_MAX_REC_SIZE	4096

static u32 info__u32(const struct bpf_prog_info *info, u16 off)
{
	u32 v;

	memcpy(&v, (const u8 *)info + off, sizeof(v));
	return v;
}

static u64 info__u64(const struct bpf_prog_info *info, u16 off)
{
	u64 v;

	memcpy(&v, (const u8 *)info + off, sizeof(v));
	return v;
}

u32 bpil_array__count(const struct bpf_prog_info *info, int a)
{
	return info__u32(info, bpil_arrays[a].count_off);
}

u32 bpil_array__rec_size(const struct bpf_prog_info *info, int a)
{
	if (bpil_arrays[a].rec_off == NO_REC_FIELD)
		return bpil_arrays[a].rec_size;
	return info__u32(info, bpil_arrays[a].rec_off);
}

void bpil_array__set(struct bpf_prog_info *info, int a, u32 count, u32 rec, u64 ptr)
{
	memcpy((u8 *)info + bpil_arrays[a].count_off, &count, sizeof(count));
	if (bpil_arrays[a].rec_off != NO_REC_FIELD)
		memcpy((u8 *)info + bpil_arrays[a].rec_off, &rec, sizeof(rec));
	memcpy((u8 *)info + bpil_arrays[a].ptr_off, &ptr, sizeof(ptr));
}

/* Geometry of array a: 0 and its place in data, or -EINVAL with a message. */
int bpil_array__geometry(const struct bpf_prog_info *info, u32 data_len, int a,
			 u64 *off, u32 *count, u32 *rec, char *err, size_t errsz)
{
	u64 bytes;

	*count = info__u32(info, bpil_arrays[a].count_off);
	*off = info__u64(info, bpil_arrays[a].ptr_off);
	*rec = bpil_arrays[a].rec_size;
	if (bpil_arrays[a].rec_off != NO_REC_FIELD) {
		*rec = info__u32(info, bpil_arrays[a].rec_off);
		if (*count && (*rec < bpil_arrays[a].rec_size || *rec > BPIL_MAX_REC_SIZE ||
			       *rec % (bpil_arrays[a].kind == ELEM_U64 ? 8 : 4)))
			return bpil_err(err, errsz,
					"bpf_prog_info %u: bad %s record size %u",
					info->id, bpil_arrays[a].name, *rec);
	}
	if (bpil_arrays[a].kind == ELEM_INSN && *count % sizeof(struct bpf_insn))
		return bpil_err(err, errsz, "bpf_prog_info %u: %s length %u not a multiple of 8",
				info->id, bpil_arrays[a].name, *count);
	bytes = (u64)*count * *rec;
	if (*off > data_len || bytes > data_len - *off)
		return bpil_err(err, errsz,
				"bpf_prog_info %u: %s (%u x %u bytes at %llu) beyond data_len %u",
				info->id, bpil_arrays[a].name, *count, *rec,
				(unsigned long long)*off, data_len);
	return 0;
}

static int bpil__check(const struct bpf_prog_info *info, u32 data_len, u64 arrays,
		       char *err, size_t errsz)
{
	u32 count, rec;
	u64 off;
	int a, ret;

	for (a = 0; a < PERF_BPIL_LAST_ARRAY; a++) {
		if (!(arrays & (1ULL << a)))
			continue;
		ret = bpil_array__geometry(info, data_len, a, &off, &count, &rec, err, errsz);
		if (ret)
			return ret;
	}
	return 0;
}

static void bpil__swap_arrays(const struct bpf_prog_info *native, u8 *data, u32 data_len,
			      u64 arrays)
{
	u32 count, rec, i, j;
	u64 off;
	int a;

	for (a = 0; a < PERF_BPIL_LAST_ARRAY; a++) {
		u8 *p;

		if (!(arrays & (1ULL << a)))
			continue;
		if (bpil_array__geometry(native, data_len, a, &off, &count, &rec, NULL, 0))
			continue;	/* checked by the caller */
		p = data + off;
		switch (bpil_arrays[a].kind) {
		case ELEM_U32:
			for (i = 0; i < count; i++)
				for (j = 0; j + 4 <= rec; j += 4)
					mem_swap(p + (size_t)i * rec + j, 4);
			break;
		case ELEM_U64:
			for (i = 0; i < count; i++)
				for (j = 0; j + 8 <= rec; j += 8)
					mem_swap(p + (size_t)i * rec + j, 8);
			break;
		case ELEM_INSN:
			/* {u8 code; u8 dst_reg:4, src_reg:4; s16 off; s32 imm} */
			for (i = 0; i + 8 <= count; i += 8) {
				p[i + 1] = (u8)((p[i + 1] << 4) | (p[i + 1] >> 4));
				mem_swap(p + i + 2, 2);
				mem_swap(p + i + 4, 4);
			}
			break;
		default:
			break;
		}
	}
}

/* Payload walking */

/*
 * One walk of each payload's layout serves both the parser and the byte
 * swapper.  How the walk reads the counts and lengths it steps by:
 * as they are (native), before swapping them (to the other order), or
 * after swapping them (from the other order).
 */
enum payload_order { PAYLOAD_NATIVE, PAYLOAD_TO_OTHER, PAYLOAD_FROM_OTHER };

static u64 payload__field(u8 *p, unsigned int size, enum payload_order o)
{
	u64 v64 = 0;
	u32 v32;

	if (o == PAYLOAD_FROM_OTHER)
		mem_swap(p, size);
	if (size == 4) {
		memcpy(&v32, p, 4);
		v64 = v32;
	} else {
		memcpy(&v64, p, 8);
	}
	if (o == PAYLOAD_TO_OTHER)
		mem_swap(p, size);
	return v64;
}

static int payload__count(struct cursor *c, const char *what, enum payload_order o,
			  u32 *count, char *err, size_t errsz)
{
	u8 *p = cursor__take(c, 4);

	if (!p)
		return bpil_err(err, errsz, "%s: section too small for its count", what);
	*count = payload__field(p, 4, o);
	return 0;
}

/* One program of a bpf_prog_info payload, bounds checked. */
struct prog_chunk {
	u32	index;
	u32	info_len;
	u32	data_len;
	u64	arrays;
	u8	*info;
	u8	*data;
};

typedef int (*prog_chunk_fn)(void *ctx, const struct prog_chunk *pc, char *err, size_t errsz);

static int prog_payload__walk(u8 *buf, size_t size, enum payload_order o, prog_chunk_fn fn,
			      void *ctx, char *err, size_t errsz)
{
	struct cursor c = CURSOR(buf, size, false);
	u32 count, i;
	int ret;

	ret = payload__count(&c, "bpf_prog_info", o, &count, err, errsz);
	for (i = 0; !ret && i < count; i++) {
		struct prog_chunk pc = { .index = i };
		u8 *hdr = cursor__take(&c, 16);

		if (!hdr)
			return bpil_err(err, errsz, "bpf_prog_info: %u programs announced, section "
					"ends after %u", count, i);
		pc.info_len = payload__field(hdr, 4, o);
		pc.data_len = payload__field(hdr + 4, 4, o);
		pc.arrays = payload__field(hdr + 8, 8, o);
		if (pc.info_len > sizeof(struct bpf_prog_info))
			return bpil_err(err, errsz, "bpf_prog_info: info_len %u larger than ours "
					"(%zu)", pc.info_len, sizeof(struct bpf_prog_info));
		pc.info = cursor__take(&c, pc.info_len);
		pc.data = pc.info ? cursor__take(&c, pc.data_len) : NULL;
		if (!pc.info || !pc.data)
			return bpil_err(err, errsz, "bpf_prog_info: program %u (%u + %u bytes) "
					"truncated", i, pc.info_len, pc.data_len);
		ret = fn(ctx, &pc, err, errsz);
	}
	/*
	 * Bytes after the announced programs are ignored, as upstream does:
	 * perf 6.1 writes such sections (seen with hundreds of programs
	 * loaded while recording starts), and it reads them itself.
	 */
	return ret;
}

/* One BTF object of a btf payload. */
typedef int (*btf_chunk_fn)(void *ctx, u32 id, u8 *data, u32 size);

static int btf_payload__walk(u8 *buf, size_t size, enum payload_order o, btf_chunk_fn fn,
			     void *ctx, char *err, size_t errsz)
{
	struct cursor c = CURSOR(buf, size, false);
	u32 count, i, id, data_size;
	int ret;

	ret = payload__count(&c, "btf", o, &count, err, errsz);
	for (i = 0; !ret && i < count; i++) {
		u8 *p = cursor__take(&c, 8), *data;

		if (!p)
			return bpil_err(err, errsz, "btf: %u objects announced, section ends "
					"after %u", count, i);
		id = payload__field(p, 4, o);
		data_size = payload__field(p + 4, 4, o);
		data = cursor__take(&c, data_size);
		if (!data)
			return bpil_err(err, errsz, "btf: object %u (id %u, %u bytes) truncated",
					i, id, data_size);
		ret = fn ? fn(ctx, id, data, data_size) : 0;
	}
	/* as for programs: what follows the announced objects is ignored */
	return ret;
}

static int prog_chunk__swap(void *ctx, const struct prog_chunk *pc, char *err, size_t errsz)
{
	bool to_other = *(bool *)ctx;
	struct bpf_prog_info native;
	int ret;

	memset(&native, 0, sizeof(native));
	memcpy(&native, pc->info, pc->info_len);
	if (!to_other)
		info__swap_raw((u8 *)&native, pc->info_len);
	ret = bpil__check(&native, pc->data_len, pc->arrays, err, errsz);
	if (ret)
		return ret;
	info__swap_raw(pc->info, pc->info_len);
	bpil__swap_arrays(&native, pc->data, pc->data_len, pc->arrays);
	return 0;
}

int bpf_prog_info_payload__swap(void *buf, size_t size, bool to_other, char *err, size_t errsz)
{
	return prog_payload__walk(buf, size, to_other ? PAYLOAD_TO_OTHER : PAYLOAD_FROM_OTHER,
				  prog_chunk__swap, &to_other, err, errsz);
}

int btf_payload__swap(void *buf, size_t size, bool to_other, char *err, size_t errsz)
{
	/* the objects are raw BTF, which says its own byte order */
	return btf_payload__walk(buf, size, to_other ? PAYLOAD_TO_OTHER : PAYLOAD_FROM_OTHER,
				 NULL, NULL, err, errsz);
}

/* Storage */

static int prog__cmp(const void *a, const void *b)
{
	const struct bpf_prog_info_node *x = a, *y = b;

	if (x->info.id != y->info.id)
		return x->info.id < y->info.id ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void perf_env_bpf__sort_progs(struct perf_env_bpf *bpf)
{
	u32 i, n = 0;

	if (bpf->progs_sorted)
		return;
	qsort(bpf->progs, bpf->nr_progs, sizeof(*bpf->progs), prog__cmp);
	/* the first of each id wins, as in upstream's tree */
	for (i = 0; i < bpf->nr_progs; i++) {
		if (n && bpf->progs[n - 1].info.id == bpf->progs[i].info.id) {
			free(bpf->progs[i].data);
			continue;
		}
		bpf->progs[n++] = bpf->progs[i];
	}
	bpf->nr_progs = n;
	bpf->progs_sorted = true;
	bpf->ranges_valid = false;
}

static int btf__cmp(const void *a, const void *b)
{
	const struct btf_node *x = a, *y = b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void perf_env_bpf__sort_btfs(struct perf_env_bpf *bpf)
{
	u32 i, n = 0;

	if (bpf->btfs_sorted)
		return;
	qsort(bpf->btfs, bpf->nr_btfs, sizeof(*bpf->btfs), btf__cmp);
	for (i = 0; i < bpf->nr_btfs; i++) {
		if (n && bpf->btfs[n - 1].id == bpf->btfs[i].id) {
			btf__free(bpf->btfs[i].btf);
			free(bpf->btfs[i].data);
			continue;
		}
		bpf->btfs[n++] = bpf->btfs[i];
	}
	bpf->nr_btfs = n;
	bpf->btfs_sorted = true;
}

int perf_env_bpf__add_prog(struct perf_env_bpf *bpf, const struct bpf_prog_info *info,
			   u32 info_len, u64 arrays, const void *data, u32 data_len,
			   char *err, size_t errsz)
{
	struct bpf_prog_info_node *node;
	int ret;

	if (info_len > sizeof(*info))
		return bpil_err(err, errsz, "bpf_prog_info: info_len %u larger than ours (%zu)",
				info_len, sizeof(*info));
	node = NULL;
	ret = array__grow((void **)&bpf->progs, &bpf->alloc_progs, bpf->nr_progs + 1,
			  sizeof(*node), 16);
	if (ret)
		return ret;
	node = &bpf->progs[bpf->nr_progs];
	memset(node, 0, sizeof(*node));
	memcpy(&node->info, info, info_len);
	node->info_len = info_len;
	node->data_len = data_len;
	node->arrays = arrays;
	node->seq = bpf->nr_progs;
	ret = bpil__check(&node->info, data_len, arrays, err, errsz);
	if (ret)
		return ret;
	node->data = malloc(data_len ? data_len : 1);
	if (!node->data)
		return -ENOMEM;
	if (data_len)
		memcpy(node->data, data, data_len);
	bpf->nr_progs++;
	bpf->ranges_valid = false;
	if (bpf->nr_progs > 1 && bpf->progs[bpf->nr_progs - 2].info.id >= node->info.id)
		bpf->progs_sorted = false;
	return 0;
}

int perf_env_bpf__add_btf(struct perf_env_bpf *bpf, u32 id, const void *data, u32 size)
{
	struct btf_node *node;
	int ret;

	ret = array__grow((void **)&bpf->btfs, &bpf->alloc_btfs, bpf->nr_btfs + 1, sizeof(*node), 16);
	if (ret)
		return ret;
	node = &bpf->btfs[bpf->nr_btfs];
	memset(node, 0, sizeof(*node));
	node->id = id;
	node->seq = bpf->nr_btfs;
	node->data_size = size;
	node->data = malloc(size ? size : 1);
	if (!node->data)
		return -ENOMEM;
	if (size)
		memcpy(node->data, data, size);
	bpf->nr_btfs++;
	if (bpf->nr_btfs > 1 && bpf->btfs[bpf->nr_btfs - 2].id >= id)
		bpf->btfs_sorted = false;
	return 0;
}

static int prog_chunk__add(void *ctx, const struct prog_chunk *pc, char *err, size_t errsz)
{
	struct bpf_prog_info info;

	memset(&info, 0, sizeof(info));
	memcpy(&info, pc->info, pc->info_len);
	return perf_env_bpf__add_prog(ctx, &info, pc->info_len, pc->arrays, pc->data,
				      pc->data_len, err, errsz);
}

static int btf_chunk__add(void *ctx, u32 id, u8 *data, u32 size)
{
	return perf_env_bpf__add_btf(ctx, id, data, size);
}

/* Parse a native payload (swapped beforehand when needed); nothing is written to buf. */
static int prog_info__parse_native(struct perf_env_bpf *bpf, const u8 *buf, size_t size,
				   char *err, size_t errsz)
{
	return prog_payload__walk((u8 *)buf, size, PAYLOAD_NATIVE, prog_chunk__add, bpf,
				  err, errsz);
}

static int btf__parse_native(struct perf_env_bpf *bpf, const u8 *buf, size_t size,
			     char *err, size_t errsz)
{
	return btf_payload__walk((u8 *)buf, size, PAYLOAD_NATIVE, btf_chunk__add, bpf,
				 err, errsz);
}

typedef int (*payload_fn)(struct perf_env_bpf *bpf, const u8 *buf, size_t size,
			  char *err, size_t errsz);
typedef int (*swap_fn)(void *buf, size_t size, bool to_other, char *err, size_t errsz);

static int payload__parse(struct perf_env_bpf *bpf, const void *buf, size_t size,
			  bool needs_swap, payload_fn parse, swap_fn swap, char *err, size_t errsz)
{
	u8 *copy;
	int ret;

	if (!needs_swap)
		return parse(bpf, buf, size, err, errsz);
	copy = malloc(size ? size : 1);
	if (!copy)
		return -ENOMEM;
	if (size)
		memcpy(copy, buf, size);
	ret = swap(copy, size, false, err, errsz);
	if (!ret)
		ret = parse(bpf, copy, size, err, errsz);
	free(copy);
	return ret;
}

int perf_env_bpf__parse_prog_info(struct perf_env_bpf *bpf, const void *buf, size_t size,
				  bool needs_swap, char *err, size_t errsz)
{
	int ret = payload__parse(bpf, buf, size, needs_swap, prog_info__parse_native,
				 bpf_prog_info_payload__swap, err, errsz);

	perf_env_bpf__sort_progs(bpf);
	return ret;
}

int perf_env_bpf__parse_btf(struct perf_env_bpf *bpf, const void *buf, size_t size,
			    bool needs_swap, char *err, size_t errsz)
{
	int ret = payload__parse(bpf, buf, size, needs_swap, btf__parse_native,
				 btf_payload__swap, err, errsz);

	perf_env_bpf__sort_btfs(bpf);
	return ret;
}

int perf_env_bpf__write_prog_info(struct perf_env_bpf *bpf, struct strbuf *sb)
{
	u32 i;
	int ret;

	perf_env_bpf__sort_progs(bpf);
	ret = strbuf__add_u32(sb, bpf->nr_progs);
	for (i = 0; !ret && i < bpf->nr_progs; i++) {
		const struct bpf_prog_info_node *n = &bpf->progs[i];

		ret = strbuf__add_u32(sb, n->info_len);
		if (!ret)
			ret = strbuf__add_u32(sb, n->data_len);
		if (!ret)
			ret = strbuf__add_u64(sb, n->arrays);
		if (!ret)
			ret = strbuf__add(sb, &n->info, n->info_len);
		if (!ret)
			ret = strbuf__add(sb, n->data, n->data_len);
	}
	return ret;
}

int perf_env_bpf__write_btf(struct perf_env_bpf *bpf, struct strbuf *sb)
{
	u32 i;
	int ret;

	perf_env_bpf__sort_btfs(bpf);
	ret = strbuf__add_u32(sb, bpf->nr_btfs);
	for (i = 0; !ret && i < bpf->nr_btfs; i++) {
		ret = strbuf__add_u32(sb, bpf->btfs[i].id);
		if (!ret)
			ret = strbuf__add_u32(sb, bpf->btfs[i].data_size);
		if (!ret)
			ret = strbuf__add(sb, bpf->btfs[i].data, bpf->btfs[i].data_size);
	}
	return ret;
}
