/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_DSO_H
#define __PERF_DSO_H

#include "symbol.h"

struct bpf_prog_entry;

/*
 * A shared object, the kernel, or one BPF program (a dso whose name is
 * the program's symbol, as upstream shows it).  long_name is the name the
 * records gave (a path, "[kernel.kallsyms]", "bpf_prog_<tag>_<name>");
 * short_name its last path component, what `perf report` prints.
 * Symbols are loaded on first lookup (dso__find_symbol()).
 */
enum dso_kind {
	DSO_KIND_USER,		/* an ELF file on disk (or not found) */
	DSO_KIND_KERNEL,	/* [kernel.kallsyms]: /proc/kallsyms or --kallsyms */
	DSO_KIND_BPF,		/* from KSYMBOL: one symbol covering the program */
	DSO_KIND_VDSO,		/* [vdso]: read from our own process */
	DSO_KIND_ANON,		/* //anon and friends: never has symbols */
	DSO_KIND_FALLBACK,	/* beyond upstream: named from BPF_PROG_INFO */
	DSO_KIND_JIT,		/* /tmp/perf-<pid>.map: anonymous executable memory */
	DSO_KIND_MODULE,	/* "[name]": a kernel module, symbols from kallsyms */
};

struct dso {
	char		*long_name;
	const char	*short_name;	/* into long_name, or short_alloc */
	char		*short_alloc;
	size_t		short_len;
	enum dso_kind	kind;
	bool		loaded;
	bool		has_symtab;	/* symbols came from a .symtab */
	struct symbols	symbols;
	const char	*kallsyms;	/* kernel, modules: the kallsyms file to read */
	const char	*vmlinux;	/* kernel: read symbols from this ELF file instead */
	char		ref_name[16];	/* kernel: the symbol its recorded map named ("_text") */
	u64		ref_addr;	/*  and where it was */
	u64		bias;		/* vmlinux: run address - link address (KASLR) */
	u64		base;		/* module: its start, symbols are relative to it */
	u8		build_id[20];	/* from the file's BUILD_ID feature */
	u8		build_id_size;
	u32		seq;		/* order of creation in its dsos (upstream's pointers order so) */
	struct dso	*hnext;		/* dsos: the next name of the bucket */
	struct dso	*dup;		/* dsos: the next dso made with this name */
	struct dso	*canon;		/* histograms: the first dso of this short name */
	struct bpf_prog_entry *prog;	/* BPF: the program it is a function of (bpf-progs.h) */
	u32		prog_func;	/*  which one */
	bool		no_demangle;	/* its C++ names as the file has them (--no-demangle) */
	const char	*symfs;		/* --symfs: its files under this directory (NULL: /) */
};

struct dso *dso__new(const char *name, enum dso_kind kind);
void dso__delete(struct dso *dso);
/* A short name of its own ("[JIT] tid 42" for /tmp/perf-42.map). */
int dso__set_short_name(struct dso *dso, const char *name);
/* The symbol containing addr (in the dso's address space), loading first. */
struct symbol *dso__find_symbol(struct dso *dso, u64 addr);
/*
 * Load the symbols now; 0 also when there are none to be found.  A dso
 * with a build id is read from the build-id cache record filled
 * ($HOME/.debug/.build-id/xx/yyyy/elf, or its "debug" file beside it)
 * when it is there, else from its path only when that file still has the
 * same build id (a rebuilt binary would give wrong names: upstream leaves
 * them unresolved too); debug files as symbol_elf__load() finds them.
 * A JIT dso reads its perf map file (perf_map__load()), a module the
 * kallsyms lines of its module (kallsyms__load_module()), the kernel its
 * kallsyms file or, with vmlinux set, that file's .symtab moved to where
 * ref_name was (symbol_elf__load_vmlinux()).
 */
int dso__load(struct dso *dso);
/* Add one symbol [start, start + len) by hand (BPF programs, tests). */
int dso__add_symbol(struct dso *dso, u64 start, u64 len, const char *name);

int dso__set_build_id(struct dso *dso, const u8 *id, size_t size);
/*
 * The build-id cache's file of this dso's id (buildid_dir__entry(): "elf",
 * "debug", "vdso") into path: 0 when it is readable, else -errno.
 */
int dso__cache_file(const struct dso *dso, const char *file, char *path, size_t size);
/*
 * With symfs set (--symfs DIR), as upstream: the object is DIR/<its
 * path>, the build-id cache DIR/.debug, the debug directories
 * DIR/usr/lib/debug and the like.
 *
 * dso__binary(): where the object itself is (under symfs) into path; 0,
 * -ENAMETOOLONG, or -ESTALE when that file has another build id than the
 * recorded one (a rebuilt binary: its names would be wrong).  A missing
 * file is 0: the caller's open says so.
 */
int dso__binary(const struct dso *dso, char *path, size_t size);
/*
 * The file a user dso's code is read from: the build-id cache's copy
 * when there is one, else dso__binary()'s (its errors).
 */
int dso__code_path(const struct dso *dso, char *path, size_t size);

/*
 * Every dso of a machine, found by long name.  The buckets' chains hold
 * the first dso of each name; those made again with it
 * (dsos__new_dso()) hang off that one's dup list.  The buckets are
 * dso.c's: others walk the dsos with dsos__for_each().
 */
struct dsos {
	struct dso	**buckets;	/* private */
	size_t		nr_buckets;	/* private */
	size_t		nr;		/* every dso */
	size_t		nr_names;	/* in the chains */
	const char	*symfs;		/* --symfs: given to every dso made */
	bool		no_demangle;	/* --no-demangle: every user dso made */
	bool		demangle_kernel; /* --demangle-kernel: else the kernel's stay mangled */
};

int dsos__init(struct dsos *dsos);
void dsos__exit(struct dsos *dsos);
struct dso *dsos__find(const struct dsos *dsos, const char *name);
/* A new dso even when one of that name exists (found after it); NULL on ENOMEM. */
struct dso *dsos__new_dso(struct dsos *dsos, const char *name, enum dso_kind kind);
/* The dso of that name, made with kind when new; NULL on ENOMEM. */
struct dso *dsos__findnew(struct dsos *dsos, const char *name, enum dso_kind kind);

/*
 * A walk over every dso, each name's first then those made again with
 * it, in no set order; the dsos may change (symbols, flags) but none may
 * be added meanwhile.
 *
 *	struct dsos_iter it;
 *	struct dso *d;
 *
 *	dsos__for_each(&m->dsos, &it, d)
 *		d->loaded = false;
 */
struct dsos_iter {
	const struct dsos	*dsos;
	size_t			bucket;
	struct dso		*name;	/* the chain's dso: dso is it or one of its dups */
	struct dso		*dso;
};

struct dso *dsos_iter__first(struct dsos_iter *it, const struct dsos *dsos);
struct dso *dsos_iter__next(struct dsos_iter *it);

#define dsos__for_each(dsos, it, d) \
	for ((d) = dsos_iter__first((it), (dsos)); (d); (d) = dsos_iter__next(it))

#endif /* __PERF_DSO_H */
