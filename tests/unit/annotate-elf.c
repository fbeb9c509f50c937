// SPDX-License-Identifier: GPL-2.0
/*
 * util/annotate-elf.c on real ELF files: this test binary's own function
 * read from the file by its symbol's file offset is the code that runs
 * (compared with the bytes in memory), at the ELF address objdump prints,
 * in .text; the same function read by address from the binary as a
 * "vmlinux", and through a KASLR-like bias; the [vdso] functions from
 * this process; and the refusals: a file that is gone, one whose build id
 * is not the recorded one, an offset in no loaded segment, a kind of
 * object without code.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "util/annotate-code.h"
#include "util/dso.h"
#include "util/symbol.h"

int __attribute__((noinline)) annotate_elf_marker(int x);
int __attribute__((noinline)) annotate_elf_marker(int x)
{
	int i, s = 1;

	for (i = 0; i < x; i++)
		s = s * 31 + (i ^ x);
	return s;
}

static struct symbol *find(struct dso *dso, const char *name)
{
	size_t i;

	for (i = 0; i < dso->symbols.nr; i++)
		if (!strcmp(dso->symbols.entries[i]->name, name))
			return dso->symbols.entries[i];
	return NULL;
}

static void test_vdso(void)
{
	struct dso *dso = dso__new("[vdso]", DSO_KIND_VDSO);
	struct annotate_target t = { .dso = dso };
	struct annotate_code c;
	char err[256];
	size_t i;
	int good = 0, n = 0;

	dso__load(dso);
	for (i = 0; i < dso->symbols.nr; i++) {
		const struct symbol *s = dso->symbols.entries[i];

		if (s->end == s->start)
			continue;
		n++;
		t.sym = dso->symbols.entries[i];
		if (!annotate_code__elf(&c, &t, err, sizeof(err)) && c.len == s->end - s->start &&
		    !strcmp(c.section, ".text"))
			good++;
		annotate_code__exit(&c);
	}
	if (!n) {
		ok(1, "# SKIP no [vdso] symbols in this process");
	} else {
		is_int(good, n, "[vdso]: each of its %d functions' code, whole, in .text", n);
	}
	dso__delete(dso);
}

int main(void)
{
	struct annotate_target t;
	struct annotate_code c;
	struct dso *dso, *kdso;
	struct symbol *sym;
	char path[PATH_MAX], err[512], home[] = "/tmp/annotate-elf-XXXXXX";
	u64 vaddr = 0;
	u8 bad_id[20];
	int ret;

	/* no build-id cache of the user's */
	if (!mkdtemp(home))
		return 1;
	setenv("HOME", home, 1);
	if (!realpath("/proc/self/exe", path))
		skip_all("no /proc/self/exe");
	plan(16);
	dso = dso__new(path, DSO_KIND_USER);
	dso__load(dso);
	sym = find(dso, "annotate_elf_marker");
	if (!ok(sym, "the marker among our binary's symbols"))
		return done_testing();
	t = (struct annotate_target){ .dso = dso, .sym = sym };
	ret = annotate_code__elf(&c, &t, err, sizeof(err));
	is_int(ret, 0, "read from the file %s", ret ? err : "");
	is_int(c.len, sym->end - sym->start, "the whole symbol");
	ok(c.len && !memcmp(c.bytes, (const void *)annotate_elf_marker, c.len),
	   "the bytes are the code that runs");
	ok(!c.is_bpf && c.addr == c.print_start && c.addr != sym->start,
	   "printed at its ELF address, not the file offset (%#llx)",
	   (unsigned long long)c.addr);
	is_str(c.section, ".text", "in .text");
	is_str(c.file, path, "the file read, for the source lines");
	vaddr = c.addr;
	annotate_code__exit(&c);

	/* the same code as a kernel's, by address, from a "vmlinux" */
	kdso = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
	dso__add_symbol(kdso, vaddr, sym->end - sym->start, "annotate_elf_marker");
	t = (struct annotate_target){ .dso = kdso, .sym = dso__find_symbol(kdso, vaddr),
				      .map_identity = true, .vmlinux = path };
	ret = annotate_code__elf(&c, &t, err, sizeof(err));
	ok(!ret && c.len == sym->end - sym->start &&
	   !memcmp(c.bytes, (const void *)annotate_elf_marker, c.len) && c.addr == vaddr,
	   "by address from a vmlinux %s", ret ? err : "");
	annotate_code__exit(&c);
	dso__delete(kdso);

	/* moved by a bias, as KASLR moves the kernel: read at the link address */
	kdso = dso__new("[kernel.kallsyms]", DSO_KIND_KERNEL);
	kdso->bias = 0x200000;
	dso__add_symbol(kdso, vaddr + 0x200000, sym->end - sym->start, "annotate_elf_marker");
	t = (struct annotate_target){ .dso = kdso, .sym = dso__find_symbol(kdso, vaddr + 0x200000),
				      .map_identity = true, .vmlinux = path };
	ret = annotate_code__elf(&c, &t, err, sizeof(err));
	ok(!ret && c.len && !memcmp(c.bytes, (const void *)annotate_elf_marker, c.len) &&
	   c.addr == vaddr + 0x200000, "a biased kernel: the link address's code, the run address");
	annotate_code__exit(&c);
	t.sym = symbol__new(0x10, 16, 1, "nowhere");
	ok(annotate_code__elf(&c, &t, err, sizeof(err)) == -ENOENT && strstr(err, "is not in it"),
	   "an address in no segment of the vmlinux: -ENOENT, said");
	free(t.sym);
	dso__delete(kdso);

	test_vdso();

	/* the refusals */
	memset(bad_id, 0xab, sizeof(bad_id));
	dso__set_build_id(dso, bad_id, sizeof(bad_id));
	t = (struct annotate_target){ .dso = dso, .sym = sym };
	ok(annotate_code__elf(&c, &t, err, sizeof(err)) == -ESTALE && strstr(err, "build id"),
	   "a file whose build id is not the recorded one: -ESTALE");
	dso__delete(dso);

	dso = dso__new("/nonexistent/prog", DSO_KIND_USER);
	dso__add_symbol(dso, 0x1000, 0x10, "f");
	t = (struct annotate_target){ .dso = dso, .sym = dso__find_symbol(dso, 0x1000) };
	ok(annotate_code__elf(&c, &t, err, sizeof(err)) == -ENOENT &&
	   strstr(err, "/nonexistent/prog"), "a file that is gone: -ENOENT, named");
	dso__delete(dso);

	dso = dso__new(path, DSO_KIND_USER);
	dso__add_symbol(dso, 0x7fffffff0000ULL, 0x10, "far");
	t = (struct annotate_target){ .dso = dso, .sym = dso__find_symbol(dso, 0x7fffffff0000ULL) };
	ok(annotate_code__elf(&c, &t, err, sizeof(err)) == -EINVAL && strstr(err, "segment"),
	   "an offset in no loaded segment: -EINVAL");
	dso__delete(dso);

	dso = dso__new("/etc/passwd", DSO_KIND_USER);
	dso__add_symbol(dso, 0, 4, "f");
	t = (struct annotate_target){ .dso = dso, .sym = dso__find_symbol(dso, 0) };
	ok(annotate_code__elf(&c, &t, err, sizeof(err)) < 0, "not an ELF file: refused (%s)", err);
	dso__delete(dso);

	dso = dso__new("//anon", DSO_KIND_ANON);
	dso__add_symbol(dso, 0, 4, "f");
	t = (struct annotate_target){ .dso = dso, .sym = dso__find_symbol(dso, 0) };
	is_int(annotate_code__elf(&c, &t, err, sizeof(err)), -EOPNOTSUPP,
	       "an object without code: -EOPNOTSUPP");
	dso__delete(dso);
	rmdir(home);
	return done_testing();
}
