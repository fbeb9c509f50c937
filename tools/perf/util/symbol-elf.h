/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SYMBOL_ELF_H
#define __PERF_SYMBOL_ELF_H

#include "symbol.h"

/*
 * Function symbols of an ELF object via libelf, in file-offset space: a
 * symbol's value is turned into the file offset its PT_LOAD segment maps
 * it from, so a sample's map-relative address (ip - map start + pgoff)
 * is looked up directly, whatever the object's load bias.
 *
 * The symbols come from the first of these that has a .symtab: the
 * object's own; the debug file named by the build id
 * (/usr/lib/debug/.build-id/xx/yyyy.debug), /usr/lib/debug/<orig>, the
 * .gnu_debuglink file (beside orig, in its .debug/, under
 * /usr/lib/debug/<dir of orig>); else the object's .dynsym.  The
 * environment variable PERF_DEBUG_DIR replaces /usr/lib/debug.  path is
 * the file read, orig where the object was when it ran (NULL: path), for
 * a copy such as the build-id cache's.  Functions only (STT_FUNC,
 * STT_GNU_IFUNC), names as found (versioned names such as
 * "memcpy@@GLIBC_2.14" included), symbols' program headers from path.
 */
int symbol_elf__load(const char *path, const char *orig, struct symbols *syms,
		     bool *has_symtab);
/*
 * The same with the debug files looked for under root (--symfs): root's
 * /usr/lib/debug, and beside root + orig.  root NULL or "": as above.
 */
int symbol_elf__load_root(const char *root, const char *path, const char *orig,
			  struct symbols *syms, bool *has_symtab);

/*
 * The .symtab of the debug file debug (-ENOENT when it has none), placed
 * by path's program headers, and path's PLT entries.
 */
int symbol_elf__load_debug(const char *debug, const char *path, struct symbols *syms);

/*
 * The function symbols of a vmlinux's .symtab at the addresses the kernel
 * ran them at: their values plus *bias, the distance between ref_addr,
 * where ref_name ("_text", from the recording's kernel map) was, and its
 * value in the file (KASLR).  *bias 0 when ref_name is NULL or not there.
 */
int symbol_elf__load_vmlinux(const char *path, const char *ref_name, u64 ref_addr,
			     struct symbols *syms, u64 *bias);

/*
 * The file holding section (".debug_info") for the object at path: path
 * itself when it has it, else the first debug file symbol_elf__load()
 * would look at that has it, copied to out.  -ENOENT when none has it.
 */
int symbol_elf__debug_file(const char *path, const char *orig, const char *section,
			   char *out, size_t size);

/*
 * The same from an ELF image in memory (the vdso); with id_size, only an
 * image of that build id (-ESTALE otherwise).
 */
int symbol_elf__load_mem(const void *image, size_t size, const u8 *id, size_t id_size,
			 struct symbols *syms);

/* Our own process's [vdso], when it has the recorded build id (or none is known). */
int symbol_elf__load_vdso(const u8 *id, size_t id_size, struct symbols *syms);

/* The ELF address of file offset off in the object at path: 0, or -ENOENT when none. */
int symbol_elf__offset_to_vaddr(const char *path, u64 off, u64 *vaddr);

/* The GNU build id of a file: its length (<= 20 bytes copied), -errno. */
int symbol_elf__build_id(const char *path, u8 *id, size_t size);

#endif /* __PERF_SYMBOL_ELF_H */
