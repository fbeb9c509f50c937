// SPDX-License-Identifier: GPL-2.0
/* util/symbol.c: tables, aliases at one address, sizes, lookups. */
#include "tap.h"
#include "util/symbol.h"

int main(void)
{
	struct symbols s;
	struct symbol *f;

	symbols__init(&s);
	ok(!symbols__add(&s, symbol__new(0x3000, 0, SYMBOL_GLOBAL, "c")), "add c");
	ok(!symbols__add(&s, symbol__new(0x1000, 0x10, SYMBOL_GLOBAL, "a")), "add a (sized)");
	ok(!symbols__add(&s, symbol__new(0x2000, 0, SYMBOL_GLOBAL, "memcpy")), "add memcpy");
	ok(!symbols__add(&s, symbol__new(0x2000, 0, SYMBOL_GLOBAL, "__pi_memcpy")), "add alias");
	ok(!symbols__add(&s, symbol__new(0x4000, 8, SYMBOL_WEAK, "write")), "add weak");
	ok(!symbols__add(&s, symbol__new(0x4000, 8, SYMBOL_LOCAL, "__GI_write")), "add local");
	symbols__fixup(&s);
	is_int(s.nr, 4, "aliases merged");
	ok(symbols__find(&s, 0x1010) == NULL, "a sized symbol ends at its size");
	f = symbols__find(&s, 0x1008);
	is_str(f ? f->name : NULL, "a", "inside a");
	f = symbols__find(&s, 0x2fff);
	is_str(f ? f->name : NULL, "__pi_memcpy", "unsized aliases: the last added wins (as kallsyms)");
	f = symbols__find(&s, 0x4004);
	is_str(f ? f->name : NULL, "__GI_write", "not weak beats weak");
	f = symbols__find(&s, 0x3fff);
	is_str(f ? f->name : NULL, "c", "unsized: up to the next symbol");
	ok(symbols__find(&s, 0xfff) == NULL, "below the first");
	ok(symbols__find(&s, 0x5000) == NULL, "past the last");
	symbols__exit(&s);
	return done_testing();
}
