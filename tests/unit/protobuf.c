// SPDX-License-Identifier: GPL-2.0
/* util/protobuf.c: varints, keys, strings, packed fields, messages, and the decoder. */
#include <errno.h>
#include <string.h>

#include "tap.h"
#include "util/protobuf.h"

static int bytes_are(const struct strbuf *sb, const char *hex)
{
	char got[256] = "";
	size_t i;

	for (i = 0; i < sb->len && i < 100; i++)
		snprintf(got + 2 * i, 3, "%02x", (unsigned char)sb->buf[i]);
	if (strcmp(got, hex))
		printf("#   got %s, want %s\n", got, hex);
	return !strcmp(got, hex);
}

int main(void)
{
	struct strbuf sb = STRBUF_INIT, msg = STRBUF_INIT;
	u64 v[3] = { 1, 300, 0 };
	struct pb_field f;
	const u8 *p, *end;

	pb__varint(&sb, 0);
	ok(bytes_are(&sb, "00"), "varint 0");
	strbuf__reset(&sb);
	pb__varint(&sb, 300);
	ok(bytes_are(&sb, "ac02"), "varint 300");
	strbuf__reset(&sb);
	pb__int(&sb, 1, -1);
	ok(bytes_are(&sb, "08ffffffffffffffffff01"), "int64 -1: ten bytes");
	strbuf__reset(&sb);
	pb__str(&sb, 6, "ab");
	ok(bytes_are(&sb, "32026162"), "string field 6");
	strbuf__reset(&sb);
	pb__packed(&sb, 1, v, 3);
	ok(bytes_are(&sb, "0a0401ac0200"), "packed 1, 300, 0");
	strbuf__reset(&sb);
	is_int(pb__packed(&sb, 1, v, 0), 0, "packed nothing");
	is_int(sb.len, 0, "writes nothing");
	pb__uint(&msg, 1, 150);
	pb__message(&sb, 3, &msg);
	ok(bytes_are(&sb, "1a03089601"), "nested message");
	is_int(msg.len, 0, "the message buffer is reset");

	p = (const u8 *)sb.buf;
	end = p + sb.len;
	is_int(pb__next(&p, end, &f), 1, "decode: a field");
	ok(f.field == 3 && f.wire == PB_LEN && f.len == 3, "field 3, length 3");
	{
		const u8 *q = f.data;

		is_int(pb__next(&q, f.data + f.len, &f), 1, "decode the nested one");
		ok(f.field == 1 && f.wire == PB_VARINT && f.v == 150, "field 1 = 150");
	}
	is_int(pb__next(&p, end, &f), 0, "the end");
	strbuf__reset(&sb);
	strbuf__add(&sb, "\x0a\x05\x01", 3);
	p = (const u8 *)sb.buf;
	is_int(pb__next(&p, p + sb.len, &f), -EINVAL, "a length past the end: -EINVAL");
	strbuf__reset(&sb);
	strbuf__add(&sb, "\x08\xff", 2);
	p = (const u8 *)sb.buf;
	is_int(pb__next(&p, p + sb.len, &f), -EINVAL, "a varint cut short: -EINVAL");
	strbuf__release(&sb);
	strbuf__release(&msg);
	done_testing();
}
