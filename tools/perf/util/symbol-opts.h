/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SYMBOL_OPTS_H
#define __PERF_SYMBOL_OPTS_H

#include "parse-options.h"
#include "types.h"

struct machine;

/*
 * Where the readers (report, script, annotate, top) take symbols from,
 * as upstream's options say it:
 *
 *   --symfs DIR     objects at DIR/<path>, their debug files under
 *                   DIR/usr/lib/debug and beside DIR/<path>, the
 *                   build-id cache at DIR/.debug (-k's file stays as given)
 *   -k FILE         the kernel's symbols from this ELF file, unless
 *                   --kallsyms is given (that one wins, as upstream)
 *   --kallsyms FILE the kernel's and its modules' symbols from this file
 *   --ignore-vmlinux  -k's file is checked, then not used
 *   -m              module symbols: always read here (from kallsyms)
 *   --no-demangle   user objects' C++ names as the files have them
 *   --demangle-kernel  kernel names demangled too (off by default)
 *
 *	struct symbol_opts so = SYMBOL_OPTS_INIT;
 *	... OPT_SYMFS(&so), OPT_VMLINUX(&so), ... in the option table
 *	if (symbol_opts__resolve(&so, msg, sizeof(msg)))  say msg, exit 1
 *	machine = machine__new(so.kallsyms);
 *	symbol_opts__apply(&so, machine);	before the first record
 */
struct symbol_opts {
	const char	*symfs;
	const char	*vmlinux;	/* after resolve: NULL when ignored */
	const char	*kallsyms;
	bool		ignore_vmlinux;
	bool		modules;
	bool		demangle;	/* --demangle (the default), --no-demangle */
	bool		demangle_kernel;
};

#define SYMBOL_OPTS_INIT	{ .demangle = true }

#define OPT_SYMFS(so) OPT_STRING(0, "symfs", &(so)->symfs, "directory", \
	"read objects, debug files and the build-id cache (.debug) under this directory")
#define OPT_VMLINUX(so) OPT_STRING('k', "vmlinux", &(so)->vmlinux, "file", \
	"the kernel's symbols from this ELF image (--kallsyms wins over it)")
#define OPT_KALLSYMS(so) OPT_STRING(0, "kallsyms", &(so)->kallsyms, "file", \
	"the kernel's symbols from this copy of /proc/kallsyms")
#define OPT_IGNORE_VMLINUX(so) OPT_BOOLEAN(0, "ignore-vmlinux", &(so)->ignore_vmlinux, \
	"leave -k's image unused (it must still be there)")
#define OPT_MODULES(so) OPT_BOOLEAN('m', "modules", &(so)->modules, \
	"module symbols (always: from the kallsyms file)")
#define OPT_DEMANGLE(so) OPT_BOOLEAN(0, "demangle", &(so)->demangle, \
	"C++ names of user code demangled (the default; --no-demangle: as in the file)")
#define OPT_DEMANGLE_KERNEL(so) OPT_BOOLEAN(0, "demangle-kernel", &(so)->demangle_kernel, \
	"demangle the kernel's C++ and Rust names too")

/*
 * After the options are parsed: -k's file checked readable (as given,
 * not under --symfs, as upstream), then dropped with --ignore-vmlinux.
 * 0, or -errno with "FILE: problem" in msg.
 */
int symbol_opts__resolve(struct symbol_opts *so, char *msg, size_t size);

/* A new machine's symbol sources (its kallsyms is machine__new()'s). */
void symbol_opts__apply(const struct symbol_opts *so, struct machine *m);

#endif /* __PERF_SYMBOL_OPTS_H */
