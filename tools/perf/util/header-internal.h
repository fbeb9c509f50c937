/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What header.c (the file header), header-features.c (the features it
 * parses) and header-raw.c (the features kept as their bytes) share.
 */
#ifndef PERF_UTIL_HEADER_INTERNAL_H
#define PERF_UTIL_HEADER_INTERNAL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cursor.h"
#include "header.h"

/* A feature payload's problem into h->err; returns -EINVAL. */
int hdr_err(struct perf_header *h, const char *fmt, ...) __printf(2, 3);

/* Reading a feature payload: the cursor, and whose problem an error is. */
struct fcur {
	struct cursor		cur;
	struct perf_header	*h;
	const char		*what;
};

static inline size_t fcur__left(const struct fcur *c)
{
	return cursor__left(&c->cur);
}

static inline int fcur__short(struct fcur *c, size_t len)
{
	hdr_err(c->h, "feature %s: truncated: %zu bytes needed at offset %zu of %zu",
		c->what, len, c->cur.pos, c->cur.size);
	return -EINVAL;
}

static inline int fcur__need(struct fcur *c, size_t len)
{
	return cursor__has(&c->cur, len) ? 0 : fcur__short(c, len);
}

static inline int fcur__u32(struct fcur *c, u32 *v)
{
	return cursor__u32(&c->cur, v) ? fcur__short(c, 4) : 0;
}

static inline int fcur__u64(struct fcur *c, u64 *v)
{
	return cursor__u64(&c->cur, v) ? fcur__short(c, 8) : 0;
}

/* {u32 len; char str[len]}: len includes the NUL and the padding. */
static inline int fcur__str(struct fcur *c, char **out)
{
	const char *s;
	u32 len;
	int err;

	err = fcur__u32(c, &len);
	if (err)
		return err;
	err = fcur__need(c, len);
	if (err)
		return err;
	s = (const char *)c->cur.p + c->cur.pos;
	if (!len || !memchr(s, '\0', len))
		return hdr_err(c->h, "feature %s: string of %u bytes at offset %zu without NUL",
			       c->what, len, c->cur.pos);
	*out = strdup(s);
	if (!*out)
		return -ENOMEM;
	c->cur.pos += len;
	return 0;
}

/* Features kept raw: their -I lines, from the bytes. */
void raw_print_branch_stack(struct perf_header *h, FILE *fp, int feat);
void raw_print_stat(struct perf_header *h, FILE *fp, int feat);
void raw_print_dir_format(struct perf_header *h, FILE *fp, int feat);
void raw_print_compressed(struct perf_header *h, FILE *fp, int feat);
void raw_print_numa_topology(struct perf_header *h, FILE *fp, int feat);
void raw_print_cache(struct perf_header *h, FILE *fp, int feat);
void raw_print_mem_topology(struct perf_header *h, FILE *fp, int feat);

/*
 * A section of the other byte order converted in place, field by field
 * (0), or -errno when it does not have the layout (then it is left as it
 * was, to be read with swapping).
 */
typedef int (*feat_native_f)(struct cursor *c);

int raw_native_none(struct cursor *c);
int raw_native_build_id(struct cursor *c);
int raw_native_numa_topology(struct cursor *c);
int raw_native_cache(struct cursor *c);
int raw_native_u64s(struct cursor *c);
int raw_native_u32s(struct cursor *c);
int raw_native_str_pairs(struct cursor *c);
int raw_native_pmu_caps(struct cursor *c);

#endif /* PERF_UTIL_HEADER_INTERNAL_H */
