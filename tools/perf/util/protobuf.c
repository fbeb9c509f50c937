// SPDX-License-Identifier: GPL-2.0
/*
 * Protocol buffers wire format: varints and length-delimited fields.
 */
#include <errno.h>
#include <string.h>

#include "protobuf.h"

int pb__varint(struct strbuf *sb, u64 v)
{
	u8 buf[10];
	size_t n = 0;

	do {
		buf[n] = v & 0x7f;
		v >>= 7;
		if (v)
			buf[n] |= 0x80;
		n++;
	} while (v);
	return strbuf__add(sb, buf, n);
}

int pb__key(struct strbuf *sb, u32 field, enum pb_wire wire)
{
	return pb__varint(sb, ((u64)field << 3) | wire);
}

int pb__uint(struct strbuf *sb, u32 field, u64 v)
{
	return pb__key(sb, field, PB_VARINT) ?: pb__varint(sb, v);
}

int pb__bytes(struct strbuf *sb, u32 field, const void *data, size_t len)
{
	return pb__key(sb, field, PB_LEN) ?: pb__varint(sb, len) ?: strbuf__add(sb, data, len);
}

int pb__str(struct strbuf *sb, u32 field, const char *s)
{
	return pb__bytes(sb, field, s, strlen(s));
}

static size_t varint_len(u64 v)
{
	size_t n = 1;

	while (v >>= 7)
		n++;
	return n;
}

int pb__packed(struct strbuf *sb, u32 field, const u64 *v, size_t n)
{
	size_t len = 0, i;
	int err;

	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		len += varint_len(v[i]);
	err = pb__key(sb, field, PB_LEN) ?: pb__varint(sb, len) ?: strbuf__grow(sb, len);
	for (i = 0; i < n && !err; i++)
		err = pb__varint(sb, v[i]);
	return err;
}

int pb__message(struct strbuf *sb, u32 field, struct strbuf *msg)
{
	int err = pb__bytes(sb, field, msg->buf ? msg->buf : "", msg->len);

	strbuf__reset(msg);
	return err;
}

static int read_varint(const u8 **p, const u8 *end, u64 *v)
{
	u64 r = 0;
	int shift;

	for (shift = 0; shift < 64; shift += 7) {
		if (*p >= end)
			return -EINVAL;
		r |= (u64)(**p & 0x7f) << shift;
		if (!(*(*p)++ & 0x80)) {
			*v = r;
			return 0;
		}
	}
	return -EINVAL;
}

int pb__next(const u8 **p, const u8 *end, struct pb_field *f)
{
	u64 key;

	if (*p >= end)
		return 0;
	if (read_varint(p, end, &key) || (key >> 3) == 0 || (key >> 3) > 0xffffffffULL)
		return -EINVAL;
	f->field = key >> 3;
	f->wire = key & 7;
	f->data = NULL;
	f->len = 0;
	switch (f->wire) {
	case PB_VARINT:
		return read_varint(p, end, &f->v) ? -EINVAL : 1;
	case PB_LEN:
		if (read_varint(p, end, &f->v) || f->v > (u64)(end - *p))
			return -EINVAL;
		f->data = *p;
		f->len = f->v;
		*p += f->len;
		return 1;
	default:
		return -EINVAL;
	}
}
