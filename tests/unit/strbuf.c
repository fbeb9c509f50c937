// SPDX-License-Identifier: GPL-2.0
/* util/strbuf.c: growth, formatting, alignment, detach. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/strbuf.h"

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	char big[1000];
	size_t len;
	char *p;
	u32 v32;
	u64 v64;

	is_int(sb.len, 0, "starts empty");
	is_int(strbuf__add(&sb, "abc", 3), 0, "add");
	is_str(sb.buf, "abc", "NUL-terminated after add");
	is_int(strbuf__addf(&sb, "-%d-%s", 42, "x"), 0, "addf");
	is_str(sb.buf, "abc-42-x", "addf appends");
	memset(big, 'z', sizeof(big));
	is_int(strbuf__add(&sb, big, sizeof(big)), 0, "grows past the first allocation");
	is_int(sb.len, 8 + sizeof(big), "length after growth");
	ok(sb.alloc > sb.len, "room for the NUL");
	is_int(sb.buf[sb.len], 0, "still NUL-terminated");

	strbuf__reset(&sb);
	is_int(sb.len, 0, "reset empties");
	is_int(strbuf__add_u32(&sb, 0x11223344), 0, "add_u32");
	is_int(strbuf__add_u64(&sb, 0x5566778899aabbccULL), 0, "add_u64");
	memcpy(&v32, sb.buf, 4);
	memcpy(&v64, sb.buf + 4, 8);
	ok(v32 == 0x11223344 && v64 == 0x5566778899aabbccULL, "native integers");
	is_int(strbuf__align(&sb, 8), 0, "align");
	is_int(sb.len, 16, "aligned to 8 with zeros");
	ok(!sb.buf[12] && !sb.buf[15], "padding is zero");
	is_int(strbuf__align(&sb, 8), 0, "align when aligned");
	is_int(sb.len, 16, "no padding added");
	is_int(strbuf__add_zero(&sb, 5), 0, "add_zero");
	is_int(sb.len, 21, "add_zero length");

	is_int(strbuf__grow(&sb, STRBUF_MAX), -ENOMEM, "absurd growth refused");
	is_int(strbuf__grow(&sb, (size_t)-1), -ENOMEM, "overflowing growth refused");
	is_int(sb.len, 21, "contents kept after a refused growth");

	p = strbuf__detach(&sb, &len);
	is_int(len, 21, "detach gives the length");
	ok(p && sb.buf == NULL && sb.len == 0, "detach empties the strbuf");
	free(p);

	p = strbuf__detach(&sb, &len);
	ok(p && len == 0 && p[0] == '\0', "detach of an empty strbuf gives an empty string");
	free(p);

	is_int(strbuf__addstr(&sb, "hello"), 0, "addstr");
	is_str(sb.buf, "hello", "addstr content");
	strbuf__release(&sb);
	ok(!sb.buf && !sb.len && !sb.alloc, "release frees");
	return done_testing();
}
