// SPDX-License-Identifier: GPL-2.0
/* util/symbol.c: tables, aliases at one address, sizes, lookups. */
#include <string.h>

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

	/* the packed form, as kallsyms fills it: unsized, any order */
	symbols__init(&s);
	ok(!symbols__add_packed(&s, 0x3000, SYMBOL_GLOBAL, "cxx", 1) &&
	   !symbols__add_packed(&s, 0x1000, SYMBOL_LOCAL, "a", 1) &&
	   !symbols__add_packed(&s, 0x2000, SYMBOL_GLOBAL, "memcpy", 6) &&
	   !symbols__add_packed(&s, 0x2000, SYMBOL_WEAK, "__pi_memcpy", 11), "packed adds");
	ok(s.packed && !s.entries, "kept packed");
	symbols__fixup(&s);
	is_int(s.nr, 3, "packed: aliases merged");
	f = symbols__find(&s, 0x2fff);
	is_str(f ? f->name : NULL, "__pi_memcpy", "packed: the last added alias wins");
	ok(f && f->start == 0x2000 && f->end == 0x3000 && f->binding == SYMBOL_WEAK,
	   "packed: it ends where the next starts, its binding kept");
	ok(symbols__find(&s, 0x2000) == f, "packed: one struct symbol per symbol");
	f = symbols__find(&s, 0x3fff);
	is_str(f ? f->name : NULL, "c", "packed: a name of the length given");
	ok(!symbols__find(&s, 0x4000) && !symbols__find(&s, 0xfff), "packed: outside");
	ok(symbols__last_end(&s) == 0x4000, "packed: the last one gets a page");
	f = symbols__find(&s, 0x1000);
	ok(!symbols__add(&s, symbol__new(0x5000, 0x10, SYMBOL_GLOBAL, "e")) && !s.packed &&
	   s.nr == 4, "adding a plain symbol unpacks");
	symbols__fixup(&s);
	ok(symbols__find(&s, 0x1000) == f && symbols__find(&s, 0x5008) &&
	   symbols__find(&s, 0x2100) && !strcmp(symbols__find(&s, 0x2100)->name, "__pi_memcpy"),
	   "the symbols handed out stay, the others are made");
	symbols__exit(&s);

	/* C++ names: kept mangled until a lookup finds them */
	symbols__init(&s);
	f = symbol__new(0x1000, 0x10, SYMBOL_GLOBAL, "_ZN4node6createEv");
	if (f)
		f->mangled = true;
	ok(!symbols__add(&s, f), "add a mangled symbol");
	/* two names of one address: the better one by the names shown */
	f = symbol__new(0x2000, 0x10, SYMBOL_GLOBAL, "_ZN1a1bEv");
	if (f)
		f->mangled = true;
	ok(!symbols__add(&s, f), "add a mangled alias");
	ok(!symbols__add(&s, symbol__new(0x2000, 0x10, SYMBOL_GLOBAL, "ab")), "and a plain one");
	symbols__fixup(&s);
	f = symbols__find(&s, 0x1004);
	if (f && f->name[0] == '_') {
		ok(1, "# SKIP no C++ demangler (libstdc++) here");
	} else {
		is_str(f ? f->name : NULL, "node::create", "demangled when found");
		ok(f && !f->mangled && f->start == 0x1000 && f->end == 0x1010, "  its range kept");
		ok(symbols__find(&s, 0x1008) == f, "  once: later lookups get the same symbol");
		f = symbols__find(&s, 0x2000);
		is_str(f ? f->name : NULL, "a::b",
		       "aliases chosen by demangled names (\"a::b\" is longer than \"ab\")");
	}
	symbols__exit(&s);
	return done_testing();
}
