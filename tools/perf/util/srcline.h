/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SRCLINE_H
#define __PERF_SRCLINE_H

#include "types.h"

/*
 * Source positions of the machine code of an ELF object, from its DWARF
 * (elfutils' libdw): the file, line and discriminator of the line table
 * row covering an address, and the innermost function there (inlined
 * ones included), as objdump -l and addr2line report them.  The DWARF is
 * the object's own or that of its debug file, found as its symbols are
 * (build id, /usr/lib/debug or $PERF_DEBUG_DIR, .gnu_debuglink).
 *
 * Also the text of source files, read once each, by line number.
 */
struct srcline;

struct srcline_info {
	const char	*file;		/* as DWARF names it (absolute when it can) */
	u32		line;
	u32		discriminator;
	const char	*func;		/* "name" or a demangled C++ name; NULL: none */
	bool		func_demangled;	/* objdump prints "name():", but "a::b:" */
};

/*
 * The DWARF of the object read from path (orig: where it was when it ran,
 * NULL: path).  -ENOENT when it has none, -ENOMEM.
 */
int srcline__new(struct srcline **out, const char *path, const char *orig);
void srcline__delete(struct srcline *s);

/*
 * Readers kept by file for the symbols of one run (perf annotate): the
 * DWARF of an object is opened (and decompressed) once.
 */
struct srclines;

struct srclines *srclines__new(void);
/*
 * objdump's --prefix and --prefix-strip for the source files of every
 * srcline the cache gives from now on: an absolute path is read as prefix
 * followed by what is left of it once its first strip directories are
 * gone ("/a/b/c.c", 1: "<prefix>/b/c.c"); relative paths as they are.
 * prefix NULL: as they are.  prefix is not copied.
 */
void srclines__set_prefix(struct srclines *c, const char *prefix, int strip);
void srclines__delete(struct srclines *c);
/* The reader of the object at path (owned by c), NULL when it has no DWARF. */
struct srcline *srclines__get(struct srclines *c, const char *path, const char *orig);

/*
 * Where the code at vaddr addr (the object's addresses) comes from: 0,
 * -ENOENT when no compilation unit has it, -ENODATA when one has but no
 * line of it does.
 */
int srcline__find(struct srcline *s, u64 addr, struct srcline_info *info);

/*
 * Line nr (from 1) of the source file, without its newline, in *len; NULL
 * when the file cannot be read or is shorter.  Valid while s is.
 */
const char *srcline__source(struct srcline *s, const char *file, u32 nr, size_t *len);

struct addr_location;

/*
 * A sample location's srcline as upstream's srcline sort key and script's
 * -F srcline show it, into buf: "file.c:12" (the whole file name with
 * full), ":0" when the object's DWARF has no line there, else, with
 * sym (the sort key's way), "name+offset" (decimal) of the location's
 * symbol, or "dso[addr]" (the address as resolved, in hex).  *c: the
 * readers, made at first use.  Without a map or dso: upstream's "??:0".
 */
void srclines__location(struct srclines **c, const struct addr_location *al, bool full,
			bool sym, char *buf, size_t size);

#endif /* __PERF_SRCLINE_H */
