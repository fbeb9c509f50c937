/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_DEMANGLE_H
#define __PERF_DEMANGLE_H

#include <stddef.h>

/*
 * C++ symbol names as perf shows them by default: demangled, without the
 * parameter list ("_ZN4node6createEv" -> "node::create"), without clone
 * suffixes ("foo [clone .isra.0]" -> "foo"), as upstream shows them.  The demangler is libstdc++'s
 * __cxa_demangle, loaded with dlopen() on first use, so perf does not
 * link C++.  Returns 0 with the name in out, -ENOENT when name is not a
 * mangled C++ name or cannot be demangled (use it as it is).
 */
int demangle__name(const char *name, char *out, size_t size);

/* "a::b(int) const" -> "a::b": drop the outermost trailing parameter list in place. */
void demangle__strip_params(char *s);

#endif /* __PERF_DEMANGLE_H */
