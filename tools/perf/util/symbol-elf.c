// SPDX-License-Identifier: GPL-2.0
/*
 * ELF symbol tables through libelf.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildid-dir.h"
#include "demangle.h"
#include "symbol-elf.h"
#include "regular-file.h"

#define DEBUG_DIR	"/usr/lib/debug"

/* where distributions install debug files; PERF_DEBUG_DIR moves it (tests) */
static const char *debug_dir(void)
{
	const char *dir = getenv("PERF_DEBUG_DIR");

	return dir && *dir ? dir : DEBUG_DIR;
}

static bool elf_ready(void)
{
	static bool done, ok;

	if (!done) {
		ok = elf_version(EV_CURRENT) != EV_NONE;
		done = true;
	}
	return ok;
}

static Elf_Scn *find_section(Elf *elf, const char *name, GElf_Shdr *out)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (!gelf_getshdr(scn, out))
			continue;
		n = elf_strptr(elf, shstrndx, out->sh_name);
		if (n && !strcmp(n, name))
			return scn;
	}
	return NULL;
}

static Elf_Scn *find_section_type(Elf *elf, u32 type, GElf_Shdr *out)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, out) && out->sh_type == type)
			return scn;
	return NULL;
}

/* The file offset a virtual address is loaded from, false when none. */
static bool vaddr_to_offset(Elf *elf, u64 vaddr, u64 *off)
{
	size_t i, n;

	if (elf_getphdrnum(elf, &n))
		return false;
	for (i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + ph.p_memsz) {
			*off = vaddr - ph.p_vaddr + ph.p_offset;
			return true;
		}
	}
	return false;
}

static bool is_text_section(Elf *elf, size_t idx)
{
	Elf_Scn *scn = elf_getscn(elf, idx);
	GElf_Shdr sh;
	size_t shstrndx;
	const char *name;

	if (!scn || !gelf_getshdr(scn, &sh) || elf_getshdrstrndx(elf, &shstrndx))
		return false;
	name = elf_strptr(elf, shstrndx, sh.sh_name);
	return name && strstr(name, "text");
}

/*
 * lay: the object whose program headers place the symbols (not a debug
 * file's); NULL: at their values plus bias (a vmlinux).
 */
static int read_symtab(Elf *elf, Elf *lay, Elf_Scn *scn, const GElf_Shdr *sh, u64 bias,
		       struct symbols *syms)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t i, n;
	int err = 0;

	if (!data || !sh->sh_entsize)
		return 0;
	n = sh->sh_size / sh->sh_entsize;
	for (i = 0; i < n && !err; i++) {
		struct symbol *new;
		GElf_Sym sym;
		const char *name;
		int type;
		u64 off;
		u8 bind;

		if (!gelf_getsym(data, (int)i, &sym))
			break;
		type = GELF_ST_TYPE(sym.st_info);
		if (sym.st_shndx == SHN_UNDEF || sym.st_shndx == SHN_ABS || !sym.st_name)
			continue;
		/*
		 * functions, size-less visible labels in text sections
		 * (_start; not an assembly routine's hidden or internal
		 * labels), and data objects as upstream: a broken frame-pointer
		 * chain's address in data is named after its object there too
		 */
		if (type == STT_NOTYPE) {
			int vis = GELF_ST_VISIBILITY(sym.st_other);

			if (sym.st_size || !is_text_section(elf, sym.st_shndx) ||
			    vis == STV_HIDDEN || vis == STV_INTERNAL)
				continue;
		} else if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_OBJECT) {
			continue;
		}
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (!lay)
			off = sym.st_value + bias;
		else if (!vaddr_to_offset(lay, sym.st_value, &off))
			continue;
		bind = GELF_ST_BIND(sym.st_info) == STB_GLOBAL ? SYMBOL_GLOBAL :
		       GELF_ST_BIND(sym.st_info) == STB_WEAK ? SYMBOL_WEAK : SYMBOL_LOCAL;
		new = symbol__new(off, sym.st_size, bind, name);
		if (new) {
			new->object = type == STT_OBJECT;
			/* demangled when a lookup finds it (symbols__find()) */
			new->mangled = !strncmp(name, "_Z", 2);
		}
		err = symbols__add(syms, new);
	}
	return err;
}

/* .symtab if there is one (want_symtab), else .dynsym; -ENOENT if neither. */
static int elf_read_symbols(Elf *elf, Elf *lay, struct symbols *syms, bool want_symtab,
			    bool *from_symtab)
{
	GElf_Shdr sh;
	Elf_Scn *scn = find_section_type(elf, SHT_SYMTAB, &sh);

	if (scn && sh.sh_type == SHT_SYMTAB) {
		*from_symtab = true;
		return read_symtab(elf, lay, scn, &sh, 0, syms);
	}
	if (want_symtab)
		return -ENOENT;
	scn = find_section_type(elf, SHT_DYNSYM, &sh);
	if (!scn)
		return -ENOENT;
	*from_symtab = false;
	return read_symtab(elf, lay, scn, &sh, 0, syms);
}

static int elf_build_id(Elf *elf, u8 *id, size_t size)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp((const char *)data->d_buf + name_off, "GNU", 4)) {
				size_t n = min((size_t)nh.n_descsz, size);

				memcpy(id, (const char *)data->d_buf + desc_off, n);
				return (int)n;
			}
		}
	}
	return -ENOENT;
}

static const char *elf_debuglink(Elf *elf)
{
	GElf_Shdr sh;
	Elf_Scn *scn = find_section(elf, ".gnu_debuglink", &sh);
	Elf_Data *data;

	if (!scn)
		return NULL;
	data = elf_getdata(scn, NULL);
	if (!data || !data->d_size || !memchr(data->d_buf, '\0', data->d_size))
		return NULL;
	return data->d_buf;
}

/*
 * "<name>@plt" for each PLT slot, named after its relocation's dynamic
 * symbol: .plt.sec slots when the object has them (IBT), else .plt slots
 * after the 16-byte header.
 */
static int synthesize_plt(Elf *elf, struct symbols *syms)
{
	GElf_Shdr rela_sh, plt_sh, dyn_sh;
	Elf_Scn *rela = find_section(elf, ".rela.plt", &rela_sh), *plt, *dyn;
	Elf_Data *rdata, *ddata;
	u64 base, ent = 16, off;
	size_t i, n;
	char name[8200], dname[8192];
	int err = 0;

	if (!rela || rela_sh.sh_type != SHT_RELA || !rela_sh.sh_entsize)
		return 0;
	plt = find_section(elf, ".plt.sec", &plt_sh);
	if (plt) {
		base = plt_sh.sh_addr;
	} else {
		plt = find_section(elf, ".plt", &plt_sh);
		if (!plt)
			return 0;
		if (plt_sh.sh_entsize >= 8 && plt_sh.sh_entsize <= 32)
			ent = plt_sh.sh_entsize;
		base = plt_sh.sh_addr + ent;
	}
	dyn = elf_getscn(elf, rela_sh.sh_link);
	if (!dyn || !gelf_getshdr(dyn, &dyn_sh) || dyn_sh.sh_type != SHT_DYNSYM)
		return 0;
	rdata = elf_getdata(rela, NULL);
	ddata = elf_getdata(dyn, NULL);
	if (!rdata || !ddata)
		return 0;
	n = rela_sh.sh_size / rela_sh.sh_entsize;
	for (i = 0; i < n && !err; i++) {
		GElf_Rela r;
		GElf_Sym sym;
		const char *sname;
		u64 addr = base + i * ent;

		if (addr + ent > plt_sh.sh_addr + plt_sh.sh_size)
			break;
		if (!gelf_getrela(rdata, (int)i, &r) ||
		    !gelf_getsym(ddata, (int)GELF_R_SYM(r.r_info), &sym))
			continue;
		sname = elf_strptr(elf, dyn_sh.sh_link, sym.st_name);
		/* IRELATIVE slots have no symbol: upstream calls them "@plt" */
		if (!sname || !vaddr_to_offset(elf, addr, &off))
			continue;
		if (!demangle__name(sname, dname, sizeof(dname)))
			sname = dname;
		snprintf(name, sizeof(name), "%s@plt", sname);
		err = symbols__add(syms, symbol__new(off, ent, SYMBOL_GLOBAL, name));
	}
	return err;
}

struct elf_file {
	int	fd;
	Elf	*elf;
};

static int elf_file__open(struct elf_file *f, const char *path)
{
	f->elf = NULL;
	f->fd = -1;
	if (!elf_ready())
		return -EINVAL;
	f->fd = regular_file__open(path);
	if (f->fd < 0)
		return f->fd;
	f->elf = elf_begin(f->fd, ELF_C_READ_MMAP, NULL);
	if (!f->elf || elf_kind(f->elf) != ELF_K_ELF) {
		if (f->elf)
			elf_end(f->elf);
		close(f->fd);
		return -EINVAL;
	}
	return 0;
}

/* Objects are named by absolute paths; others ("//anon", "[vdso]") are no files. */
static int elf_file__open_abs(struct elf_file *f, const char *path)
{
	if (!elf_ready() || path[0] != '/')
		return -ENOENT;
	return elf_file__open(f, path);
}

static void elf_file__close(struct elf_file *f)
{
	if (f->elf)
		elf_end(f->elf);
	if (f->fd >= 0)
		close(f->fd);
}

/* Symbols from the debug file at path if it has a .symtab. */
static int try_debug_file(const char *path, Elf *lay, struct symbols *syms)
{
	struct elf_file f;
	bool from_symtab;
	int err;

	if (elf_file__open(&f, path))
		return -ENOENT;
	err = elf_read_symbols(f.elf, lay, syms, true, &from_symtab);
	elf_file__close(&f);
	return err;
}

int symbol_elf__offset_to_vaddr(const char *path, u64 off, u64 *vaddr)
{
	struct elf_file f;
	int err = -ENOENT;
	size_t i, n;

	if (elf_file__open(&f, path))
		return -ENOENT;
	for (i = 0; !elf_getphdrnum(f.elf, &n) && i < n && err; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(f.elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    off < ph.p_offset || off - ph.p_offset >= ph.p_filesz)
			continue;
		*vaddr = off - ph.p_offset + ph.p_vaddr;
		err = 0;
	}
	elf_file__close(&f);
	return err;
}

int symbol_elf__build_id(const char *path, u8 *id, size_t size)
{
	struct elf_file f;
	int err = elf_file__open(&f, path);

	if (err)
		return err;
	err = elf_build_id(f.elf, id, size);
	elf_file__close(&f);
	return err;
}

/*
 * The debug files of the object elf (at orig when it ran, read from path),
 * in lookup order, until fn returns 0 for one: 0 then, else -ENOENT.
 */
static int for_each_debug_file(Elf *elf, const char *root, const char *path, const char *orig,
			       int (*fn)(const char *dbg, void *arg), void *arg)
{
	const char *link, *slash;
	char dbg[PATH_MAX], dbgdir[PATH_MAX], rorig[PATH_MAX];
	u8 id[20];
	int n, i;

	/* under root (--symfs): the debug directory and the object's own */
	if (!root)
		root = "";
	if (snprintf(dbgdir, sizeof(dbgdir), "%s%s", root, debug_dir()) >= (int)sizeof(dbgdir) ||
	    snprintf(rorig, sizeof(rorig), "%s%s", root, orig) >= (int)sizeof(rorig))
		return -ENOENT;
	n = elf_build_id(elf, id, sizeof(id));
	if (n > 1 && !buildid_dir__link(dbgdir, id, n, ".debug", dbg, sizeof(dbg)) &&
	    !fn(dbg, arg))
		return 0;
	if (snprintf(dbg, sizeof(dbg), "%s%s", dbgdir, orig) < (int)sizeof(dbg) && !fn(dbg, arg))
		return 0;
	link = elf_debuglink(elf);
	slash = strrchr(orig, '/');
	if (link && !strchr(link, '/') && slash) {
		int dl = (int)(slash - orig), rl = (int)strlen(root) + dl;

		for (i = 0; i < 3; i++) {
			int len = i == 0 ? snprintf(dbg, sizeof(dbg), "%.*s/%s", rl, rorig, link) :
				  i == 1 ? snprintf(dbg, sizeof(dbg), "%.*s/.debug/%s", rl, rorig,
						    link) :
				  snprintf(dbg, sizeof(dbg), "%s%.*s/%s", dbgdir, dl, orig, link);

			if (len >= (int)sizeof(dbg))
				continue;
			if (strcmp(dbg, rorig) && strcmp(dbg, path) && !fn(dbg, arg))
				return 0;
		}
	}
	return -ENOENT;
}

struct debug_symbols {
	Elf		*lay;
	struct symbols	*syms;
};

static int debug_symbols(const char *dbg, void *arg)
{
	struct debug_symbols *ds = arg;

	return try_debug_file(dbg, ds->lay, ds->syms);
}

int symbol_elf__load(const char *path, const char *orig, struct symbols *syms,
		     bool *has_symtab)
{
	return symbol_elf__load_root(NULL, path, orig, syms, has_symtab);
}

int symbol_elf__load_root(const char *root, const char *path, const char *orig,
			  struct symbols *syms, bool *has_symtab)
{
	struct debug_symbols ds = { .syms = syms };
	struct elf_file f;
	bool from_symtab = false;
	int err;

	*has_symtab = false;
	if (!orig)
		orig = path;
	/* the object's name is absolute; where it is read may be under a relative --symfs */
	err = orig[0] == '/' ? elf_file__open(&f, path) : -ENOENT;
	if (err)
		return err;

	/* a .symtab of its own wins over a debug file's */
	err = elf_read_symbols(f.elf, f.elf, syms, true, &from_symtab);
	if (!err)
		goto out_symtab;
	ds.lay = f.elf;
	if (!for_each_debug_file(f.elf, root, path, orig, debug_symbols, &ds))
		goto out_symtab;
	err = elf_read_symbols(f.elf, f.elf, syms, false, &from_symtab);
	if (!err || err == -ENOENT)
		err = synthesize_plt(f.elf, syms);
	elf_file__close(&f);
	return err;
out_symtab:
	*has_symtab = true;
	err = synthesize_plt(f.elf, syms);
	elf_file__close(&f);
	return err;
}

struct debug_with {
	const char	*section;
	char		*out;
	size_t		size;
};

static int debug_with_section(const char *dbg, void *arg)
{
	struct debug_with *dw = arg;
	struct elf_file f;
	GElf_Shdr sh;
	int err = -ENOENT;

	if (elf_file__open(&f, dbg))
		return -ENOENT;
	if (find_section(f.elf, dw->section, &sh) && sh.sh_type != SHT_NOBITS &&
	    snprintf(dw->out, dw->size, "%s", dbg) < (int)dw->size)
		err = 0;
	elf_file__close(&f);
	return err;
}

int symbol_elf__debug_file(const char *path, const char *orig, const char *section,
			   char *out, size_t size)
{
	struct debug_with dw = { .section = section, .out = out, .size = size };
	struct elf_file f;
	int err;

	if (!orig)
		orig = path;
	err = elf_file__open_abs(&f, path);
	if (err)
		return err;
	err = debug_with_section(path, &dw) ?
	      for_each_debug_file(f.elf, NULL, path, orig, debug_with_section, &dw) : 0;
	elf_file__close(&f);
	return err;
}

int symbol_elf__load_debug(const char *debug, const char *path, struct symbols *syms)
{
	struct elf_file f;
	int err = elf_file__open(&f, path);

	if (err)
		return err;
	err = try_debug_file(debug, f.elf, syms);
	if (!err)
		err = synthesize_plt(f.elf, syms);
	elf_file__close(&f);
	return err;
}

/* The value of the symbol name in the .symtab, 0 when it has none. */
static u64 symtab_value(Elf *elf, const char *name)
{
	GElf_Shdr sh;
	Elf_Scn *scn = find_section_type(elf, SHT_SYMTAB, &sh);
	Elf_Data *data = scn ? elf_getdata(scn, NULL) : NULL;
	size_t i, n = data && sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;

	for (i = 0; i < n; i++) {
		GElf_Sym sym;
		const char *s;

		if (!gelf_getsym(data, (int)i, &sym) || !sym.st_name)
			continue;
		s = elf_strptr(elf, sh.sh_link, sym.st_name);
		if (s && !strcmp(s, name))
			return sym.st_value;
	}
	return 0;
}

int symbol_elf__load_vmlinux(const char *path, const char *ref_name, u64 ref_addr,
			     struct symbols *syms, u64 *bias)
{
	struct elf_file f;
	GElf_Shdr sh;
	Elf_Scn *scn;
	u64 link;
	int err;

	*bias = 0;
	err = elf_file__open(&f, path);
	if (err)
		return err;
	scn = find_section_type(f.elf, SHT_SYMTAB, &sh);
	if (!scn) {
		elf_file__close(&f);
		return -ENOENT;
	}
	link = ref_name && ref_addr ? symtab_value(f.elf, ref_name) : 0;
	if (link)
		*bias = ref_addr - link;
	err = read_symtab(f.elf, NULL, scn, &sh, *bias, syms);
	elf_file__close(&f);
	return err;
}

int symbol_elf__load_mem(const void *image, size_t size, const u8 *id, size_t id_size,
			 struct symbols *syms)
{
	u8 own[20];
	Elf *elf;
	bool from_symtab;
	int err, n;

	if (!elf_ready())
		return -EINVAL;
	elf = elf_memory((char *)image, size);
	if (!elf)
		return -EINVAL;
	if (elf_kind(elf) != ELF_K_ELF) {
		elf_end(elf);
		return -EINVAL;
	}
	n = id_size ? elf_build_id(elf, own, sizeof(own)) : 0;
	if (id_size && (n != (int)id_size || memcmp(own, id, id_size))) {
		elf_end(elf);
		return -ESTALE;
	}
	err = elf_read_symbols(elf, elf, syms, false, &from_symtab);
	elf_end(elf);
	return err == -ENOENT ? 0 : err;
}

int symbol_elf__load_vdso(const u8 *id, size_t id_size, struct symbols *syms)
{
	FILE *fp = fopen("/proc/self/maps", "re");
	char line[512];
	unsigned long long start = 0, end = 0;
	void *copy;
	int err;

	if (!fp)
		return -errno;
	while (fgets(line, sizeof(line), fp)) {
		if (strstr(line, "[vdso]") && sscanf(line, "%llx-%llx", &start, &end) == 2)
			break;
		start = end = 0;
	}
	fclose(fp);
	if (end <= start || end - start > (64 << 20))
		return -ENOENT;
	/* libelf may write to an image it was given: work on a copy */
	copy = malloc(end - start);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, (const void *)(uintptr_t)start, end - start);
	err = symbol_elf__load_mem(copy, end - start, id, id_size, syms);
	free(copy);
	return err;
}
