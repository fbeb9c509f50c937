/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_PROTOBUF_H
#define __PERF_PROTOBUF_H

#include "strbuf.h"

/*
 * Protocol buffers encoding, the parts profile.proto needs: varints
 * (wire type 0) for integers and bools, length-delimited fields (wire
 * type 2) for strings, bytes, nested messages and packed repeated
 * integers.  Each writer appends to a strbuf and returns 0 or -ENOMEM.
 * Fields of value 0 are written too: the caller leaves out what it
 * wants to be the default.
 */
enum pb_wire {
	PB_VARINT	= 0,
	PB_LEN		= 2,
};

int pb__varint(struct strbuf *sb, u64 v);
int pb__key(struct strbuf *sb, u32 field, enum pb_wire wire);
/* uint64, int64 (two's complement, ten bytes when negative), bool */
int pb__uint(struct strbuf *sb, u32 field, u64 v);
static inline int pb__int(struct strbuf *sb, u32 field, s64 v)
{
	return pb__uint(sb, field, (u64)v);
}
int pb__bytes(struct strbuf *sb, u32 field, const void *data, size_t len);
int pb__str(struct strbuf *sb, u32 field, const char *s);
/* repeated uint64/int64, packed: one length-delimited field (nothing when n is 0) */
int pb__packed(struct strbuf *sb, u32 field, const u64 *v, size_t n);
/* A nested message: msg's bytes as field (msg is reset for reuse). */
int pb__message(struct strbuf *sb, u32 field, struct strbuf *msg);

/*
 * Decoding, for tests: the next field of [*p, end): its number, wire
 * type, and value (varint) or bytes (length-delimited).  1 when one was
 * read, 0 at the end, -EINVAL when malformed.
 */
struct pb_field {
	u32		field;
	enum pb_wire	wire;
	u64		v;
	const u8	*data;
	size_t		len;
};

int pb__next(const u8 **p, const u8 *end, struct pb_field *f);

#endif /* __PERF_PROTOBUF_H */
