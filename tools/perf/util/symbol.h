/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_SYMBOL_H
#define __PERF_SYMBOL_H

#include <stdbool.h>

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
	bool	object;		/* a data object: shown as name+offset, as upstream */
	/*
	 * name is a C++ mangled name, demangled when a lookup first finds
	 * the symbol: most of a C++ binary's symbols are never shown, and
	 * demangling them all was a tenth of a report's time
	 */
	bool	mangled;
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
struct symbols_packed;

struct symbols {
	struct symbol	**entries;
	size_t		nr;
	u32		alloc;
	struct symbols_packed *packed;	/* see symbols__add_packed() */
	bool		no_demangle;	/* mangled names stay as they are (--no-demangle) */
};

void symbols__init(struct symbols *syms);
void symbols__exit(struct symbols *syms);
/* Takes ownership of sym (freed on failure). */
int symbols__add(struct symbols *syms, struct symbol *sym);
void symbols__fixup(struct symbols *syms);
/*
 * The symbol containing addr, NULL when none (after symbols__fixup()).  A
 * mangled symbol is replaced by its demangled copy on the way out, so the
 * pointers a lookup returns always carry the name perf shows (lookups of
 * one table happen on one thread).
 */
struct symbol *symbols__find(const struct symbols *syms, u64 addr);

/*
 * A big table of unsized symbols (the kernel's kallsyms, 100k+ of them)
 * kept packed: starts, names and bindings in arrays, a struct symbol made
 * only for a symbol a lookup finds, once (so its address stays the same).
 * Touching less memory is what makes it faster.  It keeps the rules above
 * (of aliases the last added wins, each ends where the next starts) and
 * nr counts the symbols after symbols__fixup(); entries stays empty until
 * symbols__add() turns the table into a plain one.
 */
int symbols__add_packed(struct symbols *syms, u64 start, u8 binding, const char *name,
			size_t len);
/* The end of the last symbol, 0 when there is none (after symbols__fixup()). */
u64 symbols__last_end(const struct symbols *syms);

#endif /* __PERF_SYMBOL_H */
