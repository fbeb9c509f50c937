// SPDX-License-Identifier: GPL-2.0
/* util/cursor.h: reads stop at the end, values come out in native order. */
#include <string.h>

#include "tap.h"
#include "util/cursor.h"

int main(void)
{
	u8 buf[16] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
		       'a', 'b', '\0', 'c', 0x11, 0x22, 0x33, 0x44 };
	struct cursor c = CURSOR(buf, sizeof(buf), false), o;
	const char *s;
	u16 v16;
	u32 v32;
	u64 v64;

	is_int(cursor__u32(&c, &v32), 0, "a u32 that fits");
	is_int(v32, 0x04030201, "native order");
	is_int(c.pos, 4, "pos moves by 4");
	o = CURSOR(buf, sizeof(buf), true);
	cursor__u32(&o, &v32);
	is_int(v32, 0x01020304, "the other order, converted");
	is_int(buf[0], 0x01, "copying out leaves the bytes alone");
	c.pos = 8;
	s = cursor__cstr(&c);
	is_str(s, "ab", "a string in place");
	is_int(c.pos, 11, "past its NUL");
	is_int(cursor__cstr(&c) == NULL, 1, "a string without an end: none");
	is_int(c.pos, 11, "and pos stays");
	c.pos = 12;
	is_int(cursor__u64(&c, &v64), -EINVAL, "a u64 over the end fails");
	is_int(c.pos, 12, "without moving");
	is_int(cursor__left(&c), 4, "4 left");
	ok(cursor__take(&c, 5) == NULL, "take more than is left: NULL");
	ok(cursor__take(&c, 4) == buf + 12, "take what is left");
	is_int(cursor__u16(&c, &v16), -EINVAL, "nothing left to read");
	c.pos = 100;
	is_int(cursor__left(&c), 0, "pos past the end: nothing left");
	ok(cursor__has_at(&c, 12, 4) && !cursor__has_at(&c, 13, 4) &&
	   !cursor__has_at(&c, 17, 0), "ranges inside, over and past the end");
	o = CURSOR(buf, sizeof(buf), true);
	o.pos = 12;
	is_int(cursor__fix32(&o, &v32), 0, "in place");
	is_int(v32, 0x11223344, "the value converted");
	is_int(buf[12], 0x44, "and the bytes too");
	o = CURSOR(buf, 8, false);
	cursor__fix64(&o, NULL);
	is_int(buf[0], 0x01, "in place without swap writes nothing");
	return done_testing();
}
