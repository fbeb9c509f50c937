// SPDX-License-Identifier: GPL-2.0
/* util/sample-regs.c: -I/--user-regs register names to the kernel's mask, as upstream. */
#include <errno.h>
#include <string.h>

#include "tap.h"
#include "util/sample-regs.h"

int main(void)
{
	const char *bad = NULL;
	size_t len = 0;
	char names[256];
	u64 mask;

	is_int(sample_regs__parse(NULL, &mask, &bad, &len), 0, "no list");
	ok(mask == 0xff0fffULL, "no list: upstream's default, every register but DS-GS");
	sample_regs__parse("", &mask, &bad, &len);
	ok(mask == 0xff0fffULL, "an empty list: the default too");
	is_int(sample_regs__parse("ax,bx", &mask, &bad, &len), 0, "ax,bx");
	ok(mask == 0x3, "ax,bx: bits 0 and 1");
	sample_regs__parse("AX,r15", &mask, &bad, &len);
	ok(mask == 0x800001ULL, "case folded, r15 is bit 23");
	sample_regs__parse("sp,ip", &mask, &bad, &len);
	ok(mask == 0x180, "sp,ip: bits 7 and 8");
	is_int(sample_regs__parse("ax,foo,bx", &mask, &bad, &len), -EINVAL, "an unknown name");
	ok(len == 3 && !strncmp(bad, "foo", len), "named up to its comma");
	is_int(sample_regs__parse("ds", &mask, &bad, &len), -EINVAL, "DS is not sampled");
	is_int(sample_regs__parse("ax,", &mask, &bad, &len), 0, "a trailing comma");
	sample_regs__names(names, sizeof(names));
	is_str(names, "AX BX CX DX SI DI BP SP IP FLAGS CS SS R8 R9 R10 R11 R12 R13 R14 R15 ",
	       "the names as upstream lists them");
	sample_regs__names(names, 8);
	ok(strlen(names) < 8, "a short buffer: cut, terminated");
	return done_testing();
}
