// SPDX-License-Identifier: GPL-2.0
/*
 * strbuf.c - growable byte buffer.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "strbuf.h"

void strbuf__init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = 0;
	sb->alloc = 0;
}

void strbuf__release(struct strbuf *sb)
{
	free(sb->buf);
	strbuf__init(sb);
}

void strbuf__reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

int strbuf__grow(struct strbuf *sb, size_t extra)
{
	size_t need, nalloc;
	char *nbuf;

	if (extra >= STRBUF_MAX || sb->len >= STRBUF_MAX - extra)
		return -ENOMEM;
	need = sb->len + extra + 1;
	if (need <= sb->alloc)
		return 0;
	nalloc = sb->alloc ? sb->alloc : 64;
	while (nalloc < need)
		nalloc *= 2;
	nbuf = realloc(sb->buf, nalloc);
	if (!nbuf)
		return -ENOMEM;
	if (!sb->buf)
		nbuf[0] = '\0';
	sb->buf = nbuf;
	sb->alloc = nalloc;
	return 0;
}

int strbuf__add(struct strbuf *sb, const void *data, size_t len)
{
	int err = strbuf__grow(sb, len);

	if (err)
		return err;
	if (len)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
	return 0;
}

int strbuf__add_zero(struct strbuf *sb, size_t len)
{
	int err = strbuf__grow(sb, len);

	if (err)
		return err;
	memset(sb->buf + sb->len, 0, len + 1);
	sb->len += len;
	return 0;
}

int strbuf__addstr(struct strbuf *sb, const char *s)
{
	return strbuf__add(sb, s, strlen(s));
}

int strbuf__vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list ap2;
	int n, err;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return -EINVAL;
	err = strbuf__grow(sb, (size_t)n);
	if (err)
		return err;
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
	return 0;
}

int strbuf__addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = strbuf__vaddf(sb, fmt, ap);
	va_end(ap);
	return err;
}

int strbuf__add_u32(struct strbuf *sb, u32 v)
{
	return strbuf__add(sb, &v, sizeof(v));
}

int strbuf__add_u64(struct strbuf *sb, u64 v)
{
	return strbuf__add(sb, &v, sizeof(v));
}

int strbuf__align(struct strbuf *sb, size_t align)
{
	size_t pad = PERF_ALIGN(sb->len, align) - sb->len;

	return pad ? strbuf__add_zero(sb, pad) : 0;
}

char *strbuf__detach(struct strbuf *sb, size_t *len)
{
	char *buf = sb->buf;

	if (len)
		*len = sb->len;
	if (!buf)
		buf = calloc(1, 1);
	strbuf__init(sb);
	return buf;
}
