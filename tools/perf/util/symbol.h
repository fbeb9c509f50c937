/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SYMBOL_H
#define __PERF_SYMBOL_H

#include "types.h"

/*
 * A function symbol of a dso: [start, end) in the dso's address space
 * (file offsets for ELF objects, absolute addresses for the kernel, 0-based
 * for a BPF program).  Symbols are owned by their dso's table and live as
 * long as the dso, so histogram entries may point at them.
 */
enum symbol_binding {
	SYMBOL_LOCAL	= 0,
	SYMBOL_GLOBAL	= 1,
	SYMBOL_WEAK	= 2,
};

struct symbol {
	u64	start;
	u64	end;		/* exclusive; == start when the size is unknown yet */
	u8	binding;
	u32	seq;		/* order of addition: ties keep it */
	char	name[];
};

struct symbol *symbol__new(u64 start, u64 len, u8 binding, const char *name);

/*
 * A dso's symbols: appended in any order, then symbols__fixup() sorts them
 * by start, gives every symbol without a size the room up to the next one
 * (the last one gets a page), then drops duplicates of one address keeping
 * the best one as upstream chooses: one with a size (so of unsized ones,
 * as kallsyms gives them, the last added), not weak, global, fewer leading
 * underscores, the longer name.
 */
struct symbols {
	struct symbol	**entries;
	size_t		nr;
	size_t		alloc;
};

void symbols__init(struct symbols *syms);
void symbols__exit(struct symbols *syms);
/* Takes ownership of sym (freed on failure). */
int symbols__add(struct symbols *syms, struct symbol *sym);
void symbols__fixup(struct symbols *syms);
/* The symbol containing addr, NULL when none (after symbols__fixup()). */
struct symbol *symbols__find(const struct symbols *syms, u64 addr);

#endif /* __PERF_SYMBOL_H */
