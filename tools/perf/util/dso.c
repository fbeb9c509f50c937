// SPDX-License-Identifier: GPL-2.0
/*
 * Dsos: named symbol tables, loaded lazily from ELF files or kallsyms.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildid-dir.h"
#include "dso.h"
#include "kallsyms.h"
#include "perf-map.h"
#include "symbol-elf.h"

struct dso *dso__new(const char *name, enum dso_kind kind)
{
	struct dso *dso = calloc(1, sizeof(*dso));
	const char *slash;

	if (!dso)
		return NULL;
	dso->long_name = strdup(name);
	if (!dso->long_name) {
		free(dso);
		return NULL;
	}
	slash = kind == DSO_KIND_USER ? strrchr(dso->long_name, '/') : NULL;
	dso->short_name = slash ? slash + 1 : dso->long_name;
	dso->short_len = strlen(dso->short_name);
	dso->kind = kind;
	/* upstream's short name for a JIT map, whether the file is there or not */
	if (kind == DSO_KIND_JIT) {
		char jit[32];
		int pid;

		if (sscanf(name, "/tmp/perf-%d.map", &pid) == 1) {
			snprintf(jit, sizeof(jit), "[JIT] tid %d", pid);
			if (dso__set_short_name(dso, jit)) {
				dso__delete(dso);
				return NULL;
			}
		}
	}
	symbols__init(&dso->symbols);
	/* nothing to read for these: their symbols are added by hand */
	if (kind == DSO_KIND_BPF || kind == DSO_KIND_ANON || kind == DSO_KIND_FALLBACK)
		dso->loaded = true;
	return dso;
}

void dso__delete(struct dso *dso)
{
	if (!dso)
		return;
	symbols__exit(&dso->symbols);
	free(dso->short_alloc);
	free(dso->long_name);
	free(dso);
}

int dso__set_short_name(struct dso *dso, const char *name)
{
	char *s = strdup(name);

	if (!s)
		return -ENOMEM;
	free(dso->short_alloc);
	dso->short_alloc = s;
	dso->short_name = s;
	dso->short_len = strlen(s);
	return 0;
}

int dso__set_build_id(struct dso *dso, const u8 *id, size_t size)
{
	if (!size || size > sizeof(dso->build_id))
		return -EINVAL;
	memcpy(dso->build_id, id, size);
	dso->build_id_size = (u8)size;
	return 0;
}

int dso__cache_file(const struct dso *dso, const char *file, char *path, size_t size)
{
	char root[PATH_MAX], tail[64];
	int err;

	/* --symfs DIR: the cache is DIR/.debug, as upstream's */
	if (dso->symfs && *dso->symfs)
		err = snprintf(root, sizeof(root), "%s/.debug", dso->symfs) < (int)sizeof(root) ?
		      0 : -ENAMETOOLONG;
	else
		err = buildid_dir__cache(root, sizeof(root));
	if (!err)
		err = snprintf(tail, sizeof(tail), "/%s", file) < (int)sizeof(tail) ? 0 :
		      -ENAMETOOLONG;
	if (!err)
		err = buildid_dir__link(root, dso->build_id, dso->build_id_size, tail, path, size);
	if (err)
		return err;
	return access(path, R_OK) ? -ENOENT : 0;
}

int dso__binary(const struct dso *dso, char *path, size_t size)
{
	u8 id[20];
	int n;

	if (snprintf(path, size, "%s%s", dso->symfs ? dso->symfs : "", dso->long_name) >=
	    (int)size)
		return -ENAMETOOLONG;
	if (!dso->build_id_size)
		return 0;
	n = symbol_elf__build_id(path, id, sizeof(id));
	if (n > 0 && (n != dso->build_id_size || memcmp(id, dso->build_id, n)))
		return -ESTALE;
	return 0;
}

int dso__code_path(const struct dso *dso, char *path, size_t size)
{
	if (dso->build_id_size && !dso__cache_file(dso, "elf", path, size))
		return 0;
	return dso__binary(dso, path, size);
}

static int dso__load_elf(struct dso *dso)
{
	char path[PATH_MAX], debug[PATH_MAX];
	int err;

	/*
	 * The cache's copy, with the debug file record put beside it (as
	 * upstream's does), else the debug files of the original.
	 */
	if (dso->build_id_size && !dso__cache_file(dso, "elf", path, sizeof(path))) {
		if (!dso__cache_file(dso, "debug", debug, sizeof(debug)) &&
		    !symbol_elf__load_debug(debug, path, &dso->symbols)) {
			dso->has_symtab = true;
			return 0;
		}
		symbols__exit(&dso->symbols);
		return symbol_elf__load_root(dso->symfs, path, dso->long_name, &dso->symbols,
					     &dso->has_symtab);
	}
	err = dso__binary(dso, path, sizeof(path));
	if (err)
		return err;
	return symbol_elf__load_root(dso->symfs, path, dso->long_name, &dso->symbols,
				     &dso->has_symtab);
}

/*
 * [vdso]: the build-id cache's copy ("vdso" in upstream's layout), else
 * our own when the same kernel gave it (its build id, or none recorded:
 * pipe mode, where upstream reads its own too).
 */
static int dso__load_vdso(struct dso *dso)
{
	char path[PATH_MAX];
	bool has_symtab;

	if (dso->build_id_size && !dso__cache_file(dso, "vdso", path, sizeof(path)))
		return symbol_elf__load(path, NULL, &dso->symbols, &has_symtab);
	return symbol_elf__load_vdso(dso->build_id, dso->build_id_size, &dso->symbols);
}

/*
 * The kernel's own symbols: from the kallsyms file given, else the one
 * kallsyms__for_kernel() picks for the recorded kernel (none for another
 * kernel than this one, unless the build-id cache has its copy).
 */
static int dso__load_kallsyms(struct dso *dso)
{
	char path[PATH_MAX];
	int err;

	if (dso->kallsyms)
		return kallsyms__load(dso->kallsyms, &dso->symbols);
	err = kallsyms__for_kernel(dso->build_id, dso->build_id_size, path, sizeof(path));
	return err ? err : kallsyms__load(path, &dso->symbols);
}

/* "[name]" -> name, the module's name in kallsyms */
static int dso__load_module(struct dso *dso)
{
	char mod[256];
	size_t n = strlen(dso->long_name);

	if (n < 3 || n - 2 >= sizeof(mod) || dso->long_name[0] != '[')
		return -EINVAL;
	memcpy(mod, dso->long_name + 1, n - 2);
	mod[n - 2] = '\0';
	return kallsyms__load_module(dso->kallsyms ? dso->kallsyms : "/proc/kallsyms", mod,
				     dso->base, &dso->symbols);
}

int dso__load(struct dso *dso)
{
	int err = 0;

	if (dso->loaded)
		return 0;
	dso->loaded = true;
	switch (dso->kind) {
	case DSO_KIND_KERNEL:
		if (dso->vmlinux)
			err = symbol_elf__load_vmlinux(dso->vmlinux, dso->ref_name[0] ?
						       dso->ref_name : NULL, dso->ref_addr,
						       &dso->symbols, &dso->bias);
		else
			err = dso__load_kallsyms(dso);
		break;
	case DSO_KIND_USER:
		err = dso__load_elf(dso);
		break;
	case DSO_KIND_VDSO:
		err = dso__load_vdso(dso);
		break;
	case DSO_KIND_JIT:
		err = perf_map__load(dso->long_name, &dso->symbols);
		break;
	case DSO_KIND_MODULE:
		err = dso__load_module(dso);
		break;
	default:
		break;
	}
	dso->symbols.no_demangle = dso->no_demangle;
	symbols__fixup(&dso->symbols);
	return err;
}

struct symbol *dso__find_symbol(struct dso *dso, u64 addr)
{
	if (!dso->loaded)
		dso__load(dso);
	return symbols__find(&dso->symbols, addr);
}

int dso__add_symbol(struct dso *dso, u64 start, u64 len, const char *name)
{
	struct symbol *old = symbols__find(&dso->symbols, start);
	int err;

	if (old && old->start == start)
		return 0;
	err = symbols__add(&dso->symbols, symbol__new(start, len, SYMBOL_GLOBAL, name));
	if (!err)
		symbols__fixup(&dso->symbols);
	return err;
}

static size_t name_hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

int dsos__init(struct dsos *dsos)
{
	dsos->nr = 0;
	dsos->nr_names = 0;
	dsos->symfs = NULL;
	dsos->no_demangle = false;
	dsos->demangle_kernel = false;
	dsos->nr_buckets = 1024;
	dsos->buckets = calloc(dsos->nr_buckets, sizeof(*dsos->buckets));
	return dsos->buckets ? 0 : -ENOMEM;
}

void dsos__exit(struct dsos *dsos)
{
	size_t i;

	for (i = 0; i < dsos->nr_buckets && dsos->buckets; i++) {
		struct dso *d = dsos->buckets[i], *next;

		for (; d; d = next) {
			struct dso *dup = d->dup, *dnext;

			for (; dup; dup = dnext) {
				dnext = dup->dup;
				dso__delete(dup);
			}
			next = d->hnext;
			dso__delete(d);
		}
	}
	free(dsos->buckets);
	dsos->buckets = NULL;
	dsos->nr = 0;
	dsos->nr_names = 0;
}

struct dso *dsos__find(const struct dsos *dsos, const char *name)
{
	struct dso *d = dsos->buckets[name_hash(name) & (dsos->nr_buckets - 1)];

	for (; d; d = d->hnext)
		if (!strcmp(d->long_name, name))
			return d;
	return NULL;
}

static void dsos__grow(struct dsos *dsos)
{
	size_t n = dsos->nr_buckets * 2, i;
	struct dso **b = calloc(n, sizeof(*b));

	if (!b)
		return;		/* keep the old table: only slower */
	for (i = 0; i < dsos->nr_buckets; i++) {
		struct dso *d = dsos->buckets[i], *next;

		for (; d; d = next) {
			size_t h = name_hash(d->long_name) & (n - 1);

			next = d->hnext;
			d->hnext = b[h];
			b[h] = d;
		}
	}
	free(dsos->buckets);
	dsos->buckets = b;
	dsos->nr_buckets = n;
}

struct dso *dsos__new_dso(struct dsos *dsos, const char *name, enum dso_kind kind)
{
	struct dso *d = dso__new(name, kind);
	size_t h;

	if (!d)
		return NULL;
	if (dsos->nr_names >= dsos->nr_buckets)
		dsos__grow(dsos);
	d->seq = (u32)dsos->nr;
	d->symfs = dsos->symfs;
	/* as upstream: the kernel's names demangled only when asked */
	d->no_demangle = kind == DSO_KIND_KERNEL || kind == DSO_KIND_MODULE ?
			 !dsos->demangle_kernel : dsos->no_demangle;
	h = name_hash(name) & (dsos->nr_buckets - 1);
	/*
	 * A name made again (a BPF program per KSYMBOL register: thousands
	 * under churn) hangs off the first dso of that name, out of the
	 * chains: dsos__find() keeps finding the first, and neither it nor
	 * the next new dso walks past the earlier ones.
	 */
	{
		struct dso *first = dsos->buckets[h];

		while (first && strcmp(first->long_name, name))
			first = first->hnext;
		if (first) {
			d->dup = first->dup;
			first->dup = d;
		} else {
			d->hnext = dsos->buckets[h];
			dsos->buckets[h] = d;
			dsos->nr_names++;
		}
	}
	dsos->nr++;
	return d;
}

struct dso *dsos__findnew(struct dsos *dsos, const char *name, enum dso_kind kind)
{
	struct dso *d = dsos__find(dsos, name);

	if (d)
		return d;
	return dsos__new_dso(dsos, name, kind);
}

/* the first dso of the first chain from bucket b on */
static struct dso *dsos_iter__chain(struct dsos_iter *it, size_t b)
{
	it->name = NULL;
	for (; !it->name && b < it->dsos->nr_buckets; b++)
		it->name = it->dsos->buckets[b];
	it->bucket = b;
	it->dso = it->name;
	return it->dso;
}

struct dso *dsos_iter__first(struct dsos_iter *it, const struct dsos *dsos)
{
	it->dsos = dsos;
	return dsos_iter__chain(it, 0);
}

struct dso *dsos_iter__next(struct dsos_iter *it)
{
	if (it->dso->dup)
		return it->dso = it->dso->dup;
	if (it->name->hnext) {
		it->name = it->name->hnext;
		return it->dso = it->name;
	}
	return dsos_iter__chain(it, it->bucket);
}
