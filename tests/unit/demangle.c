// SPDX-License-Identifier: GPL-2.0
/* util/demangle.c: names as upstream shows them. */
#include <string.h>

#include "tap.h"
#include "util/demangle.h"

int main(void)
{
	char out[256], s[256];

	is_int(demangle__name("main", out, sizeof(out)), -2, "C names are left alone");
	strcpy(s, "ns::f(int, char const*) const");
	demangle__strip_params(s);
	is_str(s, "ns::f", "parameters and qualifiers go");
	strcpy(s, "(anonymous namespace)::g(int)");
	demangle__strip_params(s);
	is_str(s, "(anonymous namespace)::g", "the last group only");
	strcpy(s, "void va_gc::reserve<int, va_gc>(vec<int>*&, unsigned int, bool)");
	demangle__strip_params(s);
	is_str(s, "va_gc::reserve<int, va_gc>", "a template's return type goes");
	strcpy(s, "llvm::TypeSize::operator unsigned long() const");
	demangle__strip_params(s);
	is_str(s, "llvm::TypeSize::operator unsigned long", "a conversion to a type of two words");
	strcpy(s, "void* operator new(unsigned long)");
	demangle__strip_params(s);
	is_str(s, "operator new", "an operator's return type goes");
	strcpy(s, "foo(int) [clone .isra.0]");
	demangle__strip_params(s);
	is_str(s, "foo", "clone suffix dropped, as upstream");
	strcpy(s, "virtual thunk to std::ostream::~ostream()");
	demangle__strip_params(s);
	is_str(s, "virtual thunk to std::ostream::~ostream()", "thunks whole, as upstream");
	if (demangle__name("_ZN4node6createEv", out, sizeof(out)))
		skip_all("no libstdc++ demangler");
	is_str(out, "node::create", "demangled without parameters");
	return done_testing();
}
