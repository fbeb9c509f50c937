/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_KALLSYMS_H
#define __PERF_KALLSYMS_H

#include "symbol.h"

/*
 * /proc/kallsyms (or a copy given with --kallsyms): "<hex addr> <type>
 * <name>[\t[<module>]]" per line.  kallsyms__load() adds the kernel's own
 * function symbols (types T, t, W, w) to syms; module symbols (BPF
 * programs show as module "[bpf]") are left out: BPF programs come from
 * KSYMBOL records, which also know when they went away.
 */
int kallsyms__load(const char *path, struct symbols *syms);

/*
 * The function symbols of one kernel module (the lines ending in
 * "[<module>]"; module without its brackets), at their offset from base,
 * the module's start (symbols below it are left out).
 */
int kallsyms__load_module(const char *path, const char *module, u64 base,
			  struct symbols *syms);

/*
 * Every module's in one pass: fn(arg, module, len, &base) gives the table
 * of that module (its name not terminated) and its start, or NULL to skip
 * the module.
 */
typedef struct symbols *(*kallsyms_module_fn)(void *arg, const char *module, size_t len,
					      u64 *base);
int kallsyms__load_modules(const char *path, kallsyms_module_fn fn, void *arg);

/*
 * Every loaded module of a /proc/modules file ("name size refs deps state
 * addr" lines) with a known address: fn(arg, name, start, size) until it
 * returns non-zero (that value returned).  -errno when path cannot be read.
 */
typedef int (*modules_fn)(void *arg, const char *name, u64 start, u64 size);
int modules__for_each(const char *path, modules_fn fn, void *arg);

/*
 * The copy of the running kernel's kallsyms that upstream's record puts in
 * the build-id cache ($HOME/.debug/[kernel.kallsyms]/<hex id>/kallsyms),
 * when id (the recorded kernel's build id) is the running kernel's and the
 * copy's first function is at the address /proc/kallsyms has it (the same
 * boot offset): then the kernel's own symbols in it are /proc/kallsyms's,
 * read from a file without the kernel formatting 100K lines.  0 and path,
 * or -ENOENT.
 */
int kallsyms__cached_copy(const u8 *id, size_t len, char *path, size_t size);

/*
 * The kallsyms file for the kernel a recording names by build id (id,
 * len; len 0: none recorded, as in pipe mode), as upstream picks it when
 * no file is given: for the running kernel (or none named) its cached
 * copy (above) or /proc/kallsyms; for another kernel only the copy the
 * build-id cache keeps of it, never the running kernel's symbols at
 * another kernel's addresses.  0 and path, or -ENOENT.
 */
int kallsyms__for_kernel(const u8 *id, size_t len, char *path, size_t size);

/* Parse one line; 0 and the fields, -EINVAL for a malformed line. */
int kallsyms__parse_line(const char *line, size_t len, u64 *addr, char *type,
			 const char **name, size_t *name_len, const char **module,
			 size_t *module_len);

#endif /* __PERF_KALLSYMS_H */
