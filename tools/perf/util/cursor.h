/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bounds-checked reading of bytes that came from a file or a ring buffer:
 * every read is checked against the bytes left, nothing is read past
 * them, and values written in the other byte order come out converted.
 *
 * Two ways to convert:
 *  - cursor__u16/u32/u64 copy the value out and leave the bytes as they
 *    are (a const buffer is fine);
 *  - cursor__fix16/32/64 convert the bytes where they are, when swapping,
 *    for records that are handed on in native order (p must be writable
 *    then; without swap nothing is written).
 *
 * A read that does not fit returns -EINVAL (or NULL) and leaves pos alone,
 * so the caller can say what was short, and where.
 */
#ifndef PERF_UTIL_CURSOR_H
#define PERF_UTIL_CURSOR_H

#include <byteswap.h>
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include "types.h"

/* Unaligned-safe loads and in-place byte swaps. */
static inline u16 load_u16(const void *p)
{
	u16 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline u32 load_u32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline u64 load_u64(const void *p)
{
	u64 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline void swap_u16_at(void *p)
{
	u16 v = bswap_16(load_u16(p));

	memcpy(p, &v, sizeof(v));
}

static inline void swap_u32_at(void *p)
{
	u32 v = bswap_32(load_u32(p));

	memcpy(p, &v, sizeof(v));
}

static inline void swap_u64_at(void *p)
{
	u64 v = bswap_64(load_u64(p));

	memcpy(p, &v, sizeof(v));
}

struct cursor {
	u8	*p;
	size_t	pos;
	size_t	size;
	bool	swap;		/* the bytes are in the other byte order */
};

#define CURSOR(buf, len, other_order) \
	((struct cursor){ .p = (u8 *)(buf), .size = (len), .swap = (other_order) })

static inline size_t cursor__left(const struct cursor *c)
{
	return c->pos <= c->size ? c->size - c->pos : 0;
}

static inline bool cursor__has(const struct cursor *c, u64 len)
{
	return len <= cursor__left(c);
}

/* [off, off + len) lies inside the buffer (pos does not matter). */
static inline bool cursor__has_at(const struct cursor *c, u64 off, u64 len)
{
	return off <= c->size && len <= c->size - off;
}

/* The next len bytes as they are, or NULL when fewer are left. */
static inline void *cursor__take(struct cursor *c, u64 len)
{
	void *p;

	if (!cursor__has(c, len))
		return NULL;
	p = c->p + c->pos;
	c->pos += len;
	return p;
}

static inline int cursor__u16(struct cursor *c, u16 *v)
{
	const void *p = cursor__take(c, 2);

	if (!p)
		return -EINVAL;
	*v = c->swap ? bswap_16(load_u16(p)) : load_u16(p);
	return 0;
}

static inline int cursor__u32(struct cursor *c, u32 *v)
{
	const void *p = cursor__take(c, 4);

	if (!p)
		return -EINVAL;
	*v = c->swap ? bswap_32(load_u32(p)) : load_u32(p);
	return 0;
}

static inline int cursor__u64(struct cursor *c, u64 *v)
{
	const void *p = cursor__take(c, 8);

	if (!p)
		return -EINVAL;
	*v = c->swap ? bswap_64(load_u64(p)) : load_u64(p);
	return 0;
}

/* Converted in place when swapping; v may be NULL. */
static inline int cursor__fix16(struct cursor *c, u16 *v)
{
	void *p = cursor__take(c, 2);

	if (!p)
		return -EINVAL;
	if (c->swap)
		swap_u16_at(p);
	if (v)
		*v = load_u16(p);
	return 0;
}

static inline int cursor__fix32(struct cursor *c, u32 *v)
{
	void *p = cursor__take(c, 4);

	if (!p)
		return -EINVAL;
	if (c->swap)
		swap_u32_at(p);
	if (v)
		*v = load_u32(p);
	return 0;
}

static inline int cursor__fix64(struct cursor *c, u64 *v)
{
	void *p = cursor__take(c, 8);

	if (!p)
		return -EINVAL;
	if (c->swap)
		swap_u64_at(p);
	if (v)
		*v = load_u64(p);
	return 0;
}

/* A NUL-terminated string at pos, in place; NULL when it has no end. */
static inline const char *cursor__cstr(struct cursor *c)
{
	const char *s = (const char *)c->p + c->pos;
	const char *nul = cursor__left(c) ? memchr(s, '\0', cursor__left(c)) : NULL;

	if (!nul)
		return NULL;
	c->pos += (size_t)(nul - s) + 1;
	return s;
}

#endif /* PERF_UTIL_CURSOR_H */
