// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs and BTF objects of a perf_env: found by id or by
 * address, their functions named as the kernel names them, printed (-I).
 */
#include <byteswap.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "bpf-prog-info.h"
#include "cursor.h"
#include "strbuf.h"

/* Lookups */

static int prog__key_cmp(const void *key, const void *elem)
{
	u32 id = *(const u32 *)key;
	const struct bpf_prog_info_node *n = elem;

	return id < n->info.id ? -1 : id > n->info.id;
}

static int btf__key_cmp(const void *key, const void *elem)
{
	u32 id = *(const u32 *)key;
	const struct btf_node *n = elem;

	return id < n->id ? -1 : id > n->id;
}

const struct bpf_prog_info_node *perf_env_bpf__find_prog(struct perf_env_bpf *bpf, u32 id)
{
	perf_env_bpf__sort_progs(bpf);
	if (!bpf->nr_progs)
		return NULL;
	return bsearch(&id, bpf->progs, bpf->nr_progs, sizeof(*bpf->progs), prog__key_cmp);
}

struct btf_node *perf_env_bpf__find_btf(struct perf_env_bpf *bpf, u32 id)
{
	perf_env_bpf__sort_btfs(bpf);
	if (!bpf->nr_btfs)
		return NULL;
	return bsearch(&id, bpf->btfs, bpf->nr_btfs, sizeof(*bpf->btfs), btf__key_cmp);
}

struct btf *perf_env_bpf__btf(struct perf_env_bpf *bpf, u32 id)
{
	struct btf_node *node = perf_env_bpf__find_btf(bpf, id);

	if (!node || node->btf_failed)
		return NULL;
	if (!node->btf) {
		/* util/ does not print: silence libbpf's complaints about bad blobs */
		libbpf_print_fn_t old = libbpf_set_print(NULL);
		struct btf *btf = btf__new(node->data, node->data_size);

		libbpf_set_print(old);

		if (!btf) {
			node->btf_failed = true;
			return NULL;
		}
		node->btf = btf;
	}
	return node->btf;
}

const void *bpf_prog_info_node__array(const struct bpf_prog_info_node *node,
				      enum perf_bpil_array a, u32 *count, u32 *rec_size)
{
	u32 cnt, rec;
	u64 off;

	if ((int)a < 0 || a >= PERF_BPIL_LAST_ARRAY || !(node->arrays & (1ULL << a)))
		return NULL;
	if (bpil_array__geometry(&node->info, node->data_len, a, &off, &cnt, &rec, NULL, 0))
		return NULL;
	if (count)
		*count = cnt;
	if (rec_size)
		*rec_size = rec;
	return node->data + off;
}

u32 bpf_prog_info_node__nr_funcs(const struct bpf_prog_info_node *node)
{
	u32 count = 0;

	if (!bpf_prog_info_node__array(node, PERF_BPIL_JITED_KSYMS, &count, NULL))
		return 0;
	return count;
}

static const char *func__btf_name(struct perf_env_bpf *bpf, const struct bpf_prog_info_node *node,
				  u32 i)
{
	const struct btf_type *t;
	const u8 *finfo;
	struct btf *btf;
	u32 count, rec, type_id;

	if (!node->info.btf_id)
		return NULL;
	finfo = bpf_prog_info_node__array(node, PERF_BPIL_FUNC_INFO, &count, &rec);
	if (!finfo || i >= count)
		return NULL;
	btf = perf_env_bpf__btf(bpf, node->info.btf_id);
	if (!btf)
		return NULL;
	memcpy(&type_id, finfo + (size_t)i * rec + offsetof(struct bpf_func_info, type_id),
	       sizeof(type_id));
	t = btf__type_by_id(btf, type_id);
	if (!t)
		return NULL;
	return btf__name_by_offset(btf, t->name_off);
}

void bpf_func__name(const struct bpf_prog_info_node *node, u32 i, const char *btf_name,
		    bool upstream_header, char *buf, size_t size)
{
	const u8 *tags, *tag = node->info.tag;
	u32 nr_tags = 0;
	size_t n;
	int k;

	if (!size)
		return;
	tags = bpf_prog_info_node__array(node, PERF_BPIL_PROG_TAGS, &nr_tags, NULL);
	if (tags && i < nr_tags && (i || upstream_header))
		tag = tags + (size_t)i * BPF_TAG_SIZE;
	n = (size_t)snprintf(buf, size, "bpf_prog_");
	for (k = 0; k < BPF_TAG_SIZE && n < size; k++)
		n += (size_t)snprintf(buf + n, size - n, "%02x", tag[k]);
	if (n >= size)
		return;
	if (btf_name)
		snprintf(buf + n, size - n, "_%s", btf_name);
	else if (i == 0 && (!upstream_header || bpf_prog_info_node__nr_funcs(node) == 1))
		snprintf(buf + n, size - n, "%s%.*s", node->info.name[0] ? "_" : "",
			 (int)sizeof(node->info.name), node->info.name);
	else
		snprintf(buf + n, size - n, "_F");
}

void bpf_prog_info_node__exit(struct bpf_prog_info_node *node)
{
	free(node->data);
	node->data = NULL;
}

static int env__func(struct perf_env_bpf *bpf, const struct bpf_prog_info_node *node, u32 i,
		     u64 *addr, u32 *len, char *name, size_t namesz, bool upstream_header)
{
	const u8 *ksyms, *lens;
	u32 nr_ksyms, nr_lens = 0, l = 0;

	ksyms = bpf_prog_info_node__array(node, PERF_BPIL_JITED_KSYMS, &nr_ksyms, NULL);
	if (!ksyms || i >= nr_ksyms)
		return -ENOENT;
	if (addr)
		memcpy(addr, ksyms + (size_t)i * 8, 8);
	lens = bpf_prog_info_node__array(node, PERF_BPIL_JITED_FUNC_LENS, &nr_lens, NULL);
	if (lens && i < nr_lens)
		memcpy(&l, lens + (size_t)i * 4, 4);
	if (len)
		*len = l;
	if (name && namesz)
		bpf_func__name(node, i, func__btf_name(bpf, node, i), upstream_header, name,
			       namesz);
	return 0;
}

int perf_env_bpf__func(struct perf_env_bpf *bpf, const struct bpf_prog_info_node *node,
		       u32 i, u64 *addr, u32 *len, char *name, size_t namesz)
{
	return env__func(bpf, node, i, addr, len, name, namesz, false);
}

static int range__cmp(const void *a, const void *b)
{
	const struct bpf_func_range *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->prog != y->prog)
		return x->prog < y->prog ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

/* The index of every function's range; -ENOMEM. */
static int perf_env_bpf__index(struct perf_env_bpf *bpf)
{
	size_t nr = 0, n = 0;
	u32 p, i;

	for (p = 0; p < bpf->nr_progs; p++)
		nr += bpf_prog_info_node__nr_funcs(&bpf->progs[p]);
	if (nr > UINT32_MAX)
		return -ENOMEM;
	free(bpf->ranges);
	bpf->ranges = malloc((nr ? nr : 1) * sizeof(*bpf->ranges));
	bpf->nr_ranges = 0;
	bpf->max_range_len = 0;
	if (!bpf->ranges)
		return -ENOMEM;
	for (p = 0; p < bpf->nr_progs; p++) {
		const struct bpf_prog_info_node *node = &bpf->progs[p];
		u32 nf = bpf_prog_info_node__nr_funcs(node);

		for (i = 0; i < nf; i++) {
			struct bpf_func_range *r = &bpf->ranges[n];

			if (perf_env_bpf__func(bpf, node, i, &r->start, &r->len, NULL, 0))
				break;
			if (!r->len)
				continue;	/* holds no address */
			r->prog = p;
			r->func = i;
			if (r->len > bpf->max_range_len)
				bpf->max_range_len = r->len;
			n++;
		}
	}
	qsort(bpf->ranges, n, sizeof(*bpf->ranges), range__cmp);
	bpf->nr_ranges = (u32)n;
	bpf->ranges_valid = true;
	return 0;
}

int perf_env_bpf__for_each_func(struct perf_env_bpf *bpf, char *name, size_t namesz,
				perf_env_bpf_func_fn fn, void *priv)
{
	u32 p, i;
	int ret;

	for (p = 0; p < bpf->nr_progs; p++) {
		const struct bpf_prog_info_node *node = &bpf->progs[p];
		u32 nr = bpf_prog_info_node__nr_funcs(node);

		for (i = 0; i < nr; i++) {
			u64 start;
			u32 len;

			/* (a program whose arrays do not say more ends there) */
			if (perf_env_bpf__func(bpf, node, i, &start, &len, name, namesz))
				break;
			ret = fn(priv, node, i, start, len);
			if (ret)
				return ret;
		}
	}
	return 0;
}

struct scan_ctx {
	u64				addr;
	const struct bpf_prog_info_node	*node;
	u32				idx;
};

static int scan__covers(void *priv, const struct bpf_prog_info_node *node, u32 idx, u64 start,
			u32 len)
{
	struct scan_ctx *c = priv;

	if (c->addr < start || c->addr - start >= len)
		return 0;
	c->node = node;
	c->idx = idx;
	return 1;
}

/* The same by a walk of every function, without memory for the index. */
static int perf_env_bpf__scan_func(struct perf_env_bpf *bpf, u64 addr,
				   const struct bpf_prog_info_node **nodep, u32 *idx)
{
	struct scan_ctx c = { .addr = addr };

	if (!perf_env_bpf__for_each_func(bpf, NULL, 0, scan__covers, &c))
		return -ENOENT;
	*nodep = c.node;
	*idx = c.idx;
	return 0;
}

int perf_env_bpf__find_func(struct perf_env_bpf *bpf, u64 addr,
			    const struct bpf_prog_info_node **nodep, u32 *idx)
{
	const struct bpf_func_range *best = NULL;
	size_t lo = 0, hi;

	if (!bpf->ranges_valid && perf_env_bpf__index(bpf))
		return perf_env_bpf__scan_func(bpf, addr, nodep, idx);
	/* past the last range starting at or below addr */
	hi = bpf->nr_ranges;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (bpf->ranges[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* back over the ranges that can reach addr: of those holding it the first program's */
	while (lo-- > 0) {
		const struct bpf_func_range *r = &bpf->ranges[lo];

		if (addr - r->start >= bpf->max_range_len)
			break;
		if (addr - r->start < r->len &&
		    (!best || r->prog < best->prog || (r->prog == best->prog && r->func < best->func)))
			best = r;
	}
	if (!best)
		return -ENOENT;
	*nodep = &bpf->progs[best->prog];
	*idx = best->func;
	return 0;
}

/* KSYM_NAME_LEN of the kernel: longer names are cut. */
#define BPF_FUNC_NAME_LEN	512

void perf_env_bpf__fprintf_prog_info(struct perf_env_bpf *bpf, FILE *fp)
{
	char name[BPF_FUNC_NAME_LEN];
	u32 p, i;

	perf_env_bpf__sort_progs(bpf);
	for (p = 0; p < bpf->nr_progs; p++) {
		const struct bpf_prog_info_node *node = &bpf->progs[p];
		u32 nr = bpf_prog_info_node__nr_funcs(node), len;
		u64 addr;

		if (nr == 1) {
			if (env__func(bpf, node, 0, &addr, &len, name, sizeof(name), true))
				continue;
			fprintf(fp, "# bpf_prog_info %u: %s addr 0x%llx size %u\n",
				node->info.id, name, (unsigned long long)addr, len);
			continue;
		}
		fprintf(fp, "# bpf_prog_info %u:\n", node->info.id);
		for (i = 0; i < nr; i++) {
			if (env__func(bpf, node, i, &addr, &len, name, sizeof(name), true))
				break;
			fprintf(fp, "# \tsub_prog %u: %s addr 0x%llx size %u\n",
				i, name, (unsigned long long)addr, len);
		}
	}
}

void perf_env_bpf__fprintf_btf(struct perf_env_bpf *bpf, FILE *fp)
{
	u32 i;

	perf_env_bpf__sort_btfs(bpf);
	for (i = 0; i < bpf->nr_btfs; i++)
		fprintf(fp, "# btf info of id %u\n", bpf->btfs[i].id);
}
