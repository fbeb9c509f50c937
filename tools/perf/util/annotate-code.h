/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_ANNOTATE_CODE_H
#define __PERF_ANNOTATE_CODE_H

#include "annotate.h"

/*
 * Internal to util/annotate*.c: the machine code of one symbol and the
 * source lines known for it, from wherever the dso's kind says.
 */
struct annotate_srcline {
	u64		offset;		/* first byte of the code of this line */
	u32		line_nr;
	const char	*file;		/* valid while the code is */
	const char	*text;
};

struct annotate_code {
	u8			*bytes;		/* owned */
	size_t			len;
	u64			addr;		/* where bytes[0] ran: branch targets */
	u64			print_start;	/* the address printed for offset 0 */
	bool			is_bpf;
	char			section[64];	/* ELF: the section of the code, for the header */
	char			*file;		/* user ELF: the file read (source lines); owned */
	struct annotate_srcline	*src;		/* sorted by offset; owned */
	size_t			nr_src;
};

/* Each: 0 or -errno with the reason in err. */
int annotate_code__bpf(struct annotate_code *c, const struct annotate_target *t,
		       char *err, size_t errsz);
int annotate_code__elf(struct annotate_code *c, const struct annotate_target *t,
		       char *err, size_t errsz);
void annotate_code__exit(struct annotate_code *c);

/* The runtime address of offset 0 of t's symbol. */
u64 annotate_target__addr(const struct annotate_target *t);

/*
 * The name of the BPF function at addr, as the kernel names it (the main
 * function carries the program's tag): into name, its start in *start.
 * -ENOENT when the file has no program there.
 */
int annotate_bpf__func_name(struct perf_env_bpf *bpf, u64 addr, char *name, size_t size,
			    u64 *start);

/*
 * objdump -l -S's rows before each instruction of native code with DWARF
 * (annotate-source.c): FILELOC sets the row number of the next row to nr
 * and is not shown; TEXT (a function's name, a relative "file:line") and
 * SOURCE rows carry text.
 */
enum objdump_row {
	OBJDUMP_FILELOC,
	OBJDUMP_TEXT,
	OBJDUMP_SOURCE,
};

typedef int (*objdump_row_fn)(void *arg, enum objdump_row kind, u32 nr, const char *text);

struct objdump_src;
struct srclines;

/*
 * The DWARF of the ELF file at path (orig: the object's name), from cache
 * when not NULL.  sym_func: the function's name where DWARF has none, as
 * binutils takes it from the ELF symbols (NULL: none).  -ENOENT when
 * there is neither.
 */
int objdump_src__new(struct objdump_src **out, struct srclines *cache, const char *path,
		     const char *orig, const char *sym_func);
void objdump_src__delete(struct objdump_src *o);
bool objdump_src__has_dwarf(const struct objdump_src *o);

/*
 * The rows before the instruction at addr (ELF address), in order, through
 * fn; its "file:line" in where ("" when unknown).  0 or fn's error.
 */
int objdump_src__insn(struct objdump_src *o, u64 addr, objdump_row_fn fn, void *arg,
		      char *where, size_t wsize);

#endif /* __PERF_ANNOTATE_CODE_H */
