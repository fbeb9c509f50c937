// SPDX-License-Identifier: GPL-2.0
/*
 * Features kept as their bytes: printed from them when upstream prints a
 * line (-I), and converted to native order in place when the file is of
 * the other byte order, so they print and copy (perf inject) as from a
 * native file.  Each field is swapped before its value is used.
 */
#include <byteswap.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "header-internal.h"
#include "strbuf.h"

void raw_print_branch_stack(struct perf_header *h, FILE *fp, int feat)
{
	fprintf(fp, "# contains samples with branch stack\n");
}

void raw_print_stat(struct perf_header *h, FILE *fp, int feat)
{
	fprintf(fp, "# contains stat data\n");
}

static bool raw__u64(struct perf_header *h, int feat, size_t off, u64 *v)
{
	if (h->raw[feat].size < off + 8)
		return false;
	memcpy(v, (u8 *)h->raw[feat].buf + off, 8);
	if (h->raw[feat].swapped)
		*v = bswap_64(*v);
	return true;
}

void raw_print_dir_format(struct perf_header *h, FILE *fp, int feat)
{
	u64 version;

	if (raw__u64(h, feat, 0, &version))
		fprintf(fp, "# directory data version : %llu\n", (unsigned long long)version);
}

void raw_print_compressed(struct perf_header *h, FILE *fp, int feat)
{
	u32 v[4];
	int i;

	if (h->raw[feat].size < sizeof(v))
		return;
	memcpy(v, h->raw[feat].buf, sizeof(v));
	for (i = 0; i < 4; i++)
		v[i] = h->raw[feat].swapped ? bswap_32(v[i]) : v[i];
	/* {version, type, level, ratio, mmap_len} */
	fprintf(fp, "# compressed : %s, level = %d, ratio = %d\n",
		v[1] == 1 ? "Zstd" : "Unknown", (int)v[2], (int)v[3]);
}

/*
 * -I lines of NUMA_TOPOLOGY, CACHE and MEM_TOPOLOGY, decoded from the raw
 * section on the fly (bounds-checked; a malformed section prints what was
 * readable).
 */
static struct fcur raw__cursor(struct perf_header *h, int feat)
{
	return (struct fcur){ .cur = CURSOR(h->raw[feat].buf, h->raw[feat].size,
					    h->raw[feat].swapped),
			      .h = h, .what = perf_feature__name(feat) };
}

void raw_print_numa_topology(struct perf_header *h, FILE *fp, int feat)
{
	struct fcur c = raw__cursor(h, feat);
	u32 nr, i, node;
	u64 total, free_kb;
	char *cpus;

	if (fcur__u32(&c, &nr))
		return;
	for (i = 0; i < nr; i++) {
		if (fcur__u32(&c, &node) || fcur__u64(&c, &total) || fcur__u64(&c, &free_kb) ||
		    fcur__str(&c, &cpus))
			return;
		fprintf(fp, "# node%u meminfo  : total = %llu kB, free = %llu kB\n", node,
			(unsigned long long)total, (unsigned long long)free_kb);
		fprintf(fp, "# node%u cpu list : %s\n", node, cpus);
		free(cpus);
	}
}

void raw_print_cache(struct perf_header *h, FILE *fp, int feat)
{
	struct fcur c = raw__cursor(h, feat);
	u32 version, nr, i, v[4];
	char *str[3];
	int k;

	if (fcur__u32(&c, &version) || version != 1 || fcur__u32(&c, &nr))
		return;
	fprintf(fp, "# CPU cache info:\n");
	for (i = 0; i < nr; i++) {
		/* {level, line_size, sets, ways; type, size, map} */
		for (k = 0; k < 4; k++)
			if (fcur__u32(&c, &v[k]))
				return;
		for (k = 0; k < 3; k++) {
			if (fcur__str(&c, &str[k])) {
				while (k--)
					free(str[k]);
				return;
			}
		}
		fprintf(fp, "#  L%u %-15s %8s [%s]\n", v[0], str[0], str[1], str[2]);
		for (k = 0; k < 3; k++)
			free(str[k]);
	}
}

/* "24G": bytes in the largest unit of 1024 that keeps a whole number >= 1 */
static void size__scnprintf(char *buf, size_t size, u64 n)
{
	static const char units[] = "BKMGTPE";
	int i = 0;

	while (n >= 1024 && i < (int)sizeof(units) - 2) {
		n /= 1024;
		i++;
	}
	snprintf(buf, size, "%llu%c", (unsigned long long)n, units[i]);
}

/* Append "a" or "a-b" to a comma-separated list. */
static void range__add(struct strbuf *list, u64 a, u64 b)
{
	strbuf__addf(list, "%s%llu", list->len ? "," : "", (unsigned long long)a);
	if (b > a)
		strbuf__addf(list, "-%llu", (unsigned long long)b);
}

/*
 * MEM_TOPOLOGY: u64 version (1), block size, nr; per node {u64 node, size;
 * bitmap}, the bitmap {u64 nr_bits; u64 words[(nr_bits + 63) / 64]}.
 */
struct mem_node {
	u64	node;
	u64	nr_bits;
	size_t	words;		/* offset of words[0] in the section */
};

/* One node, the cursor past it; -EINVAL when it does not fit in the section. */
static int mem_node__read(struct fcur *c, struct mem_node *n)
{
	u64 size, nr_words;

	if (fcur__u64(c, &n->node) || fcur__u64(c, &size) || fcur__u64(c, &n->nr_bits))
		return -EINVAL;
	/* nr_bits comes from the file: count its words without overflow */
	nr_words = n->nr_bits / 64 + (n->nr_bits % 64 != 0);
	if (nr_words > fcur__left(c) / 8)
		return hdr_err(c->h, "feature MEM_TOPOLOGY: node %llu: %llu bits cannot fit in "
			       "%zu bytes", (unsigned long long)n->node,
			       (unsigned long long)n->nr_bits, fcur__left(c));
	n->words = c->cur.pos;
	c->cur.pos += nr_words * 8;
	return 0;
}

static u64 mem_node__word(const struct fcur *c, const struct mem_node *n, u64 i)
{
	u64 w;

	memcpy(&w, c->cur.p + n->words + i * 8, 8);
	return c->cur.swap ? bswap_64(w) : w;
}

static void mem_node__fprintf(const struct fcur *c, const struct mem_node *n, u64 bsize,
			      FILE *fp)
{
	struct strbuf list = STRBUF_INIT;
	u64 word = 0, set = 0, bit, start = 0;
	bool in = false;
	char sz[32];

	for (bit = 0; bit < n->nr_bits; bit++) {
		bool on;

		if (bit % 64 == 0) {
			word = mem_node__word(c, n, bit / 64);
			/* a run of equal words goes by whole */
			if ((word == 0 && !in) || (word == ~0ULL && in)) {
				u64 next = bit + 64 < n->nr_bits ? bit + 64 : n->nr_bits;

				set += in ? next - bit : 0;
				bit = next - 1;
				continue;
			}
		}
		on = (word >> (bit % 64)) & 1;
		set += on;
		if (on && !in)
			start = bit;
		else if (!on && in)
			range__add(&list, start, bit - 1);
		in = on;
	}
	if (in)
		range__add(&list, start, n->nr_bits - 1);
	size__scnprintf(sz, sizeof(sz), bsize * set);
	fprintf(fp, "#  %3llu [%s]: %s\n", (unsigned long long)n->node, sz,
		list.buf ? list.buf : "");
	strbuf__release(&list);
}

/*
 * As upstream: a section it cannot read whole (another version, a node
 * beyond its end) leaves no nodes, printed as "nr 0, block size 0x0".
 */
void raw_print_mem_topology(struct perf_header *h, FILE *fp, int feat)
{
	struct fcur c = raw__cursor(h, feat), check;
	u64 version, bsize = 0, nr = 0, i;
	struct mem_node n;
	bool valid;

	valid = !fcur__u64(&c, &version) && version == 1 && !fcur__u64(&c, &bsize) &&
		!fcur__u64(&c, &nr) && nr <= fcur__left(&c) / 24;
	for (i = 0, check = c; valid && i < nr; i++)
		valid = !mem_node__read(&check, &n);
	if (!valid)
		bsize = nr = 0;
	fprintf(fp, "# memory nodes (nr %llu, block size 0x%llx):\n", (unsigned long long)nr,
		(unsigned long long)bsize);
	for (i = 0; i < nr; i++) {
		mem_node__read(&c, &n);
		mem_node__fprintf(&c, &n, bsize, fp);
	}
}

static int ncur__int(struct cursor *c, unsigned int width, u64 *v)
{
	u16 v16;
	u32 v32;
	u64 v64;
	int err;

	if (width == 2) {
		err = cursor__fix16(c, &v16);
		v64 = v16;
	} else if (width == 4) {
		err = cursor__fix32(c, &v32);
		v64 = v32;
	} else {
		err = cursor__fix64(c, &v64);
	}
	if (!err && v)
		*v = v64;
	return err;
}

static int ncur__skip(struct cursor *c, u64 len)
{
	return cursor__take(c, len) ? 0 : -EINVAL;
}

/* {u32 len; char str[len]} */
static int ncur__str(struct cursor *c)
{
	u64 len;

	return ncur__int(c, 4, &len) ?: ncur__skip(c, len);
}

/* width-sized integers up to the end */
static int ncur__all(struct cursor *c, unsigned int width)
{
	if ((c->size - c->pos) % width)
		return -EINVAL;
	while (c->pos < c->size)
		ncur__int(c, width, NULL);
	return 0;
}

static int ncur__strs(struct cursor *c, u64 nr)
{
	int err = 0;

	while (!err && nr--)
		err = ncur__str(c);
	return err;
}

/* build_id records: {header; s32 pid; u8 build_id[20], size, r1; u16 r2; filename} */
int raw_native_build_id(struct cursor *c)
{
	while (c->pos < c->size) {
		size_t start = c->pos;
		u64 size;
		int err;

		err = ncur__int(c, 4, NULL) ?: ncur__int(c, 2, NULL) ?: ncur__int(c, 2, &size);
		if (err || size < 36 || size > c->size - start)
			return -EINVAL;
		ncur__int(c, 4, NULL);
		c->pos = start + 34;
		ncur__int(c, 2, NULL);
		c->pos = start + size;
	}
	return 0;
}

int raw_native_none(struct cursor *c)
{
	return 0;
}

/* u32 nr, {u32 node; u64 total, free; cpus} */
int raw_native_numa_topology(struct cursor *c)
{
	u64 nr, i;
	int err = ncur__int(c, 4, &nr);

	for (i = 0; !err && i < nr; i++)
		err = ncur__int(c, 4, NULL) ?: ncur__int(c, 8, NULL) ?:
		      ncur__int(c, 8, NULL) ?: ncur__str(c);
	return err;
}

/* u32 version, nr, {u32 level, line, sets, ways; 3 strs} */
int raw_native_cache(struct cursor *c)
{
	u64 nr, i;
	int err = ncur__int(c, 4, NULL) ?: ncur__int(c, 4, &nr);

	for (i = 0; !err && i < nr; i++)
		err = ncur__int(c, 4, NULL) ?: ncur__int(c, 4, NULL) ?:
		      ncur__int(c, 4, NULL) ?: ncur__int(c, 4, NULL) ?: ncur__strs(c, 3);
	return err;
}

int raw_native_u64s(struct cursor *c)
{
	return ncur__all(c, 8);
}

int raw_native_u32s(struct cursor *c)
{
	return ncur__all(c, 4);
}

/* u32 nr, then nr pairs of strings (CPU_PMU_CAPS: name, value; HYBRID_TOPOLOGY: pmu, cpus) */
int raw_native_str_pairs(struct cursor *c)
{
	u64 nr;

	return ncur__int(c, 4, &nr) ?: ncur__strs(c, 2 * nr);
}

/* u32 nr, {u32 nr_caps, nr_caps pairs, pmu name} */
int raw_native_pmu_caps(struct cursor *c)
{
	u64 nr, n, i;
	int err = ncur__int(c, 4, &nr);

	for (i = 0; !err && i < nr; i++)
		err = ncur__int(c, 4, &n) ?: ncur__strs(c, 2 * n + 1);
	return err;
}
