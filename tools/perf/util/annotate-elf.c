// SPDX-License-Identifier: GPL-2.0
/*
 * The code of a native symbol: from its ELF file (user objects, a vmlinux)
 * or from /proc/kcore, through the program headers: PT_LOAD segments say
 * which file bytes hold which virtual addresses.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/auxv.h>

#include "annotate-code.h"
#include "dso.h"
#include "regular-file.h"
#include "symbol-elf.h"

/* Larger symbols are cut: nothing real is this big, a bogus size could be. */
#define ANNOTATE_MAX_CODE	(16u << 20)

struct elf_segs {
	int		fd;
	Elf64_Ehdr	eh;
	Elf64_Phdr	*phdrs;
	u16		nr;
};

static int elf_segs__open(struct elf_segs *e, const char *path, char *err, size_t errsz)
{
	Elf64_Ehdr eh;
	ssize_t n;

	memset(e, 0, sizeof(*e));
	e->fd = -1;
	e->fd = regular_file__open(path);
	if (e->fd < 0) {
		int ret = e->fd;

		snprintf(err, errsz, "%s: %s", path, ret == -EINVAL ? "not a regular file" :
			 strerror(-ret));
		e->fd = -1;
		return ret;
	}
	if (pread(e->fd, &eh, sizeof(eh), 0) != sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh.e_machine != EM_X86_64 || eh.e_phentsize != sizeof(Elf64_Phdr)) {
		snprintf(err, errsz, "%s: not an x86-64 ELF file", path);
		goto fail;
	}
	e->eh = eh;
	e->nr = eh.e_phnum;
	e->phdrs = calloc(e->nr ? e->nr : 1, sizeof(*e->phdrs));
	if (!e->phdrs) {
		snprintf(err, errsz, "%s: out of memory", path);
		goto fail;
	}
	n = pread(e->fd, e->phdrs, (size_t)e->nr * sizeof(*e->phdrs), (off_t)eh.e_phoff);
	if (n != (ssize_t)((size_t)e->nr * sizeof(*e->phdrs))) {
		snprintf(err, errsz, "%s: cannot read its program headers", path);
		goto fail;
	}
	return 0;
fail:
	free(e->phdrs);
	close(e->fd);
	e->fd = -1;
	return -EINVAL;
}

static void elf_segs__close(struct elf_segs *e)
{
	free(e->phdrs);
	if (e->fd >= 0)
		close(e->fd);
}

/* The PT_LOAD segment holding file offset off (by_vaddr false) or address off. */
static const Elf64_Phdr *elf_segs__find(const struct elf_segs *e, u64 off, bool by_vaddr)
{
	u16 i;

	for (i = 0; i < e->nr; i++) {
		const Elf64_Phdr *ph = &e->phdrs[i];
		u64 base = by_vaddr ? ph->p_vaddr : ph->p_offset;

		if (ph->p_type == PT_LOAD && off >= base && off - base < ph->p_filesz)
			return ph;
	}
	return NULL;
}

/* The name of the allocated section holding address vaddr, as objdump names it. */
static void elf_segs__section(const struct elf_segs *e, u64 vaddr, char *name, size_t size)
{
	const Elf64_Ehdr *eh = &e->eh;
	Elf64_Shdr *sh, strtab;
	u16 i;

	snprintf(name, size, ".text");
	if (!eh->e_shnum || eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shstrndx >= eh->e_shnum)
		return;
	sh = calloc(eh->e_shnum, sizeof(*sh));
	if (!sh)
		return;
	if (pread(e->fd, sh, (size_t)eh->e_shnum * sizeof(*sh), (off_t)eh->e_shoff) !=
	    (ssize_t)((size_t)eh->e_shnum * sizeof(*sh)))
		goto out;
	strtab = sh[eh->e_shstrndx];
	for (i = 0; i < eh->e_shnum; i++) {
		ssize_t n;

		if (!(sh[i].sh_flags & SHF_ALLOC) || sh[i].sh_type == SHT_NOBITS ||
		    vaddr < sh[i].sh_addr || vaddr - sh[i].sh_addr >= sh[i].sh_size ||
		    sh[i].sh_name >= strtab.sh_size)
			continue;
		n = pread(e->fd, name, size - 1, (off_t)(strtab.sh_offset + sh[i].sh_name));
		name[n > 0 ? n : 0] = '\0';
		if (!name[0])
			snprintf(name, size, ".text");
		break;
	}
out:
	free(sh);
}

static int read_code(struct annotate_code *c, int fd, u64 file_off, u64 len, const char *path,
		     char *err, size_t errsz)
{
	ssize_t n;

	c->bytes = malloc(len ? len : 1);
	if (!c->bytes)
		return -ENOMEM;
	n = pread(fd, c->bytes, len, (off_t)file_off);
	if (n != (ssize_t)len) {
		snprintf(err, errsz, "%s: cannot read %llu bytes at offset %#llx", path,
			 (unsigned long long)len, (unsigned long long)file_off);
		free(c->bytes);
		c->bytes = NULL;
		return -EIO;
	}
	c->len = len;
	return 0;
}

/* Where the dso's code is: the build-id cache copy, or the file if it is the one that ran. */
static int user_path(const struct dso *dso, char *path, size_t size, char *err, size_t errsz)
{
	int ret = dso__code_path(dso, path, size);

	if (ret == -ESTALE) {
		snprintf(err, errsz, "%s: not the file that was recorded (build id differs)",
			 path);
		return ret;
	}
	if (ret || access(path, R_OK)) {
		snprintf(err, errsz, "%s: %s", path, strerror(ret ? -ret : errno));
		return -ENOENT;
	}
	return 0;
}

static int code_user(struct annotate_code *c, const struct annotate_target *t, char *err,
		     size_t errsz)
{
	u64 off = t->sym->start, len = t->sym->end - t->sym->start;
	const Elf64_Phdr *ph;
	struct elf_segs e;
	char path[PATH_MAX];
	int ret;

	ret = user_path(t->dso, path, sizeof(path), err, errsz);
	if (ret)
		return ret;
	ret = elf_segs__open(&e, path, err, errsz);
	if (ret)
		return ret;
	ph = elf_segs__find(&e, off, false);
	if (!ph) {
		snprintf(err, errsz, "%s: %s: offset %#llx is not in a loaded segment", path,
			 t->sym->name, (unsigned long long)off);
		ret = -EINVAL;
		goto out;
	}
	len = min(len, ph->p_offset + ph->p_filesz - off);
	ret = read_code(c, e.fd, off, min(len, (u64)ANNOTATE_MAX_CODE), path, err, errsz);
	c->addr = off - ph->p_offset + ph->p_vaddr;
	c->print_start = c->addr;
	elf_segs__section(&e, c->addr, c->section, sizeof(c->section));
	if (!ret) {
		c->file = strdup(path);
		if (!c->file) {
			free(c->bytes);
			c->bytes = NULL;
			ret = -ENOMEM;
		}
	}
out:
	elf_segs__close(&e);
	return ret;
}

/*
 * The kernel's code from the vmlinux given (at its link address: the run
 * address less the bias its symbols were moved by), else from kcore,
 * whose segments are at run addresses; a module's always from kcore.
 */
static int code_kernel(struct annotate_code *c, const struct annotate_target *t, char *err,
		       size_t errsz)
{
	bool vmlinux = t->vmlinux && t->dso->kind == DSO_KIND_KERNEL;
	const char *path = vmlinux ? t->vmlinux : t->kcore ? t->kcore : "/proc/kcore";
	u64 addr = annotate_target__addr(t), len = t->sym->end - t->sym->start;
	u64 at = vmlinux ? addr - t->dso->bias : addr;
	const Elf64_Phdr *ph;
	struct elf_segs e;
	int ret;

	ret = elf_segs__open(&e, path, err, errsz);
	if (ret) {
		if (!vmlinux && !t->kcore)
			snprintf(err, errsz, "%s: cannot read /proc/kcore (%s)%s",
				 t->dso->long_name, strerror(-ret),
				 t->dso->kind == DSO_KIND_KERNEL ? ": give a vmlinux with -k" : "");
		return ret;
	}
	ph = elf_segs__find(&e, at, true);
	if (!ph) {
		snprintf(err, errsz, "%s: %s at %#llx is not in it", path, t->sym->name,
			 (unsigned long long)at);
		ret = -ENOENT;
		goto out;
	}
	len = min(len, ph->p_vaddr + ph->p_filesz - at);
	ret = read_code(c, e.fd, at - ph->p_vaddr + ph->p_offset,
			min(len, (u64)ANNOTATE_MAX_CODE), path, err, errsz);
	c->addr = addr;
	c->print_start = addr;
	elf_segs__section(&e, at, c->section, sizeof(c->section));
out:
	elf_segs__close(&e);
	return ret;
}

/* [vdso]: our own process's, which the same kernel gave (as its symbols are read). */
static int code_vdso(struct annotate_code *c, const struct annotate_target *t, char *err,
		     size_t errsz)
{
	const u8 *image = (const u8 *)getauxval(AT_SYSINFO_EHDR);
	u64 off = t->sym->start, len = t->sym->end - t->sym->start;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)image;
	u16 i;

	for (i = 0; image && eh->e_phentsize == sizeof(Elf64_Phdr) && i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const Elf64_Phdr *)(image + eh->e_phoff) + i;

		if (ph->p_type != PT_LOAD || off < ph->p_offset || off - ph->p_offset >= ph->p_filesz)
			continue;
		len = min(len, ph->p_offset + ph->p_filesz - off);
		c->bytes = malloc(len ? len : 1);
		if (!c->bytes)
			return -ENOMEM;
		memcpy(c->bytes, image + off, len);
		c->len = len;
		c->addr = off - ph->p_offset + ph->p_vaddr;
		c->print_start = c->addr;
		snprintf(c->section, sizeof(c->section), ".text");
		return 0;
	}
	snprintf(err, errsz, "[vdso]: %s is not in this process's vdso", t->sym->name);
	return -ENOENT;
}

int annotate_code__elf(struct annotate_code *c, const struct annotate_target *t,
		       char *err, size_t errsz)
{
	memset(c, 0, sizeof(*c));
	switch (t->dso->kind) {
	case DSO_KIND_USER:
		return code_user(c, t, err, errsz);
	case DSO_KIND_KERNEL:
	case DSO_KIND_MODULE:
		return code_kernel(c, t, err, errsz);
	case DSO_KIND_VDSO:
		return code_vdso(c, t, err, errsz);
	default:
		snprintf(err, errsz, "%s: no code to read for this kind of object",
			 t->dso->long_name);
		return -EOPNOTSUPP;
	}
}

void annotate_code__exit(struct annotate_code *c)
{
	free(c->bytes);
	free(c->src);
	free(c->file);
	memset(c, 0, sizeof(*c));
}
