// SPDX-License-Identifier: GPL-2.0
/* util/symbol-elf.c: our own binary's symbols, by the offset they run from. */
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/symbol-elf.h"

int __attribute__((noinline)) symbol_elf_test_marker(int x);
int __attribute__((noinline)) symbol_elf_test_marker(int x)
{
	return x * 3 + 1;
}

/*
 * Size-less labels in text, never run: a visible one is named (as _start
 * is), an assembly routine's hidden one is not, as upstream: its address
 * falls to the label before it.
 */
asm(".text\n"
    ".globl symbol_elf_test_label\n"
    "symbol_elf_test_label:\n"
    ".skip 16\n"
    ".globl symbol_elf_test_hidden\n"
    ".hidden symbol_elf_test_hidden\n"
    "symbol_elf_test_hidden:\n"
    ".skip 16\n");
extern const char symbol_elf_test_label[], symbol_elf_test_hidden[];

/* a data object: symbols name addresses in data too, as upstream's do */
long symbol_elf_test_table[16] = { 1 };

/* the mapping of our executable holding addr: start and file offset */
static int find_mapping(u64 addr, u64 *start, u64 *pgoff, char *path, size_t size)
{
	FILE *fp = fopen("/proc/self/maps", "r");
	char line[1024];

	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long s, e, off;
		char file[512] = "";

		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %511s", &s, &e, &off, file) < 3)
			continue;
		if (addr >= s && addr < e) {
			*start = s;
			*pgoff = off;
			snprintf(path, size, "%s", file);
			fclose(fp);
			return 0;
		}
	}
	fclose(fp);
	return -1;
}

/* Whether path's symbols (and debug files) name the marker at off. */
static bool names_marker(const char *path, u64 off, bool *symtab)
{
	struct symbols s;
	struct symbol *f;
	bool found;

	symbols__init(&s);
	symbol_elf__load(path, NULL, &s, symtab);
	symbols__fixup(&s);
	f = symbols__find(&s, off);
	found = f && !strcmp(f->name, "symbol_elf_test_marker");
	symbols__exit(&s);
	return found;
}

/*
 * A stripped copy of path with its debug file under dir/.build-id (found
 * through PERF_DEBUG_DIR) and one named by .gnu_debuglink beside it:
 * the marker is named only while the debug file is there.
 */
static void test_debug_files(const char *path, u64 off)
{
	char dir[] = "/tmp/symbol-elf-debug.XXXXXX", cmd[4096], copy[600], dbg[700];
	bool symtab;
	u8 id[20];
	int n, i, len;

	if (!mkdtemp(dir) || system("command -v objcopy >/dev/null")) {
		ok(1, "# SKIP no objcopy or temporary directory");
		return;
	}
	n = symbol_elf__build_id(path, id, sizeof(id));
	len = snprintf(dbg, sizeof(dbg), "%s/.build-id/%02x", dir, id[0]);
	snprintf(copy, sizeof(copy), "%s/stripped", dir);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s && objcopy --strip-all %s %s", dbg, path, copy);
	len += snprintf(dbg + len, sizeof(dbg) - len, "/");
	for (i = 1; i < n; i++)
		len += snprintf(dbg + len, sizeof(dbg) - len, "%02x", id[i]);
	snprintf(dbg + len, sizeof(dbg) - len, ".debug");
	ok(n > 1 && !system(cmd), "a stripped copy");
	setenv("PERF_DEBUG_DIR", dir, 1);
	ok(!names_marker(copy, off, &symtab) && !symtab,
	   "stripped, no debug file: no .symtab, the marker unnamed");

	snprintf(cmd, sizeof(cmd), "objcopy --only-keep-debug %s %s", path, dbg);
	ok(!system(cmd), "its debug file under PERF_DEBUG_DIR/.build-id");
	ok(names_marker(copy, off, &symtab) && symtab, "found by build id: the marker named");

	/* the same file by .gnu_debuglink beside the original */
	snprintf(cmd, sizeof(cmd), "mv %s %s/marker.debug && cd %s && "
		 "objcopy --add-gnu-debuglink=marker.debug stripped", dbg, dir, dir);
	ok(!system(cmd), "moved beside it, named by .gnu_debuglink");
	ok(names_marker(copy, off, &symtab) && symtab, "found by .gnu_debuglink: the marker named");
	unsetenv("PERF_DEBUG_DIR");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		diag("could not remove %s", dir);
}

int main(void);

/* As a vmlinux: symbols at their link addresses, moved to where a reference ran. */
static void test_vmlinux(const char *path)
{
	struct symbols v;
	struct symbol *f;
	u64 bias, link = 0;
	size_t i;

	symbols__init(&v);
	is_int(symbol_elf__load_vmlinux(path, NULL, 0, &v, &bias), 0, "as a vmlinux");
	symbols__fixup(&v);
	ok(bias == 0 && v.nr > 10, "no reference: no bias (%zu symbols)", v.nr);
	for (i = 0; i < v.nr; i++)
		if (!strcmp(v.entries[i]->name, "symbol_elf_test_marker"))
			link = v.entries[i]->start;
	ok(link != 0, "the marker at its link address %#llx", (unsigned long long)link);
	symbols__exit(&v);
	symbols__init(&v);
	is_int(symbol_elf__load_vmlinux(path, "symbol_elf_test_marker", 0xffffffff81000000ULL,
					&v, &bias), 0, "moved to a reference");
	symbols__fixup(&v);
	ok(bias == 0xffffffff81000000ULL - link, "the bias is the reference's distance");
	f = symbols__find(&v, 0xffffffff81000001ULL);
	is_str(f ? f->name : NULL, "symbol_elf_test_marker", "the reference where it ran");
	f = symbols__find(&v, (u64)(uintptr_t)&main - (u64)(uintptr_t)&symbol_elf_test_marker +
			  0xffffffff81000001ULL);
	is_str(f ? f->name : NULL, "main", "another symbol moved by as much");
	symbols__exit(&v);
	ok(symbol_elf__load_vmlinux("/nonexistent", NULL, 0, &v, &bias) < 0,
	   "missing file: an error");
}

int main(void)
{
	u64 addr = (u64)(uintptr_t)&symbol_elf_test_marker, start, pgoff;
	struct symbols s;
	struct symbol *f;
	bool symtab;
	char path[512];
	u8 id[20];

	if (find_mapping(addr, &start, &pgoff, path, sizeof(path)))
		skip_all("cannot read /proc/self/maps");
	symbols__init(&s);
	is_int(symbol_elf__load(path, NULL, &s, &symtab), 0, "load our own binary");
	symbols__fixup(&s);
	ok(s.nr > 10, "it has symbols (%zu)", s.nr);
	f = symbols__find(&s, addr - start + pgoff + 1);
	is_str(f ? f->name : NULL, "symbol_elf_test_marker", "a function found by its file offset");
	ok(symtab, "from a .symtab");
	addr = (u64)(uintptr_t)&symbol_elf_test_table[3];
	f = NULL;
	if (!find_mapping(addr, &start, &pgoff, path, sizeof(path)))
		f = symbols__find(&s, addr - start + pgoff);
	is_str(f ? f->name : NULL, "symbol_elf_test_table", "a data object found by its file offset");
	addr = (u64)(uintptr_t)symbol_elf_test_hidden;
	f = NULL;
	if (!find_mapping(addr, &start, &pgoff, path, sizeof(path)))
		f = symbols__find(&s, addr - start + pgoff + 4);
	is_str(f ? f->name : NULL, "symbol_elf_test_label",
	       "a hidden label is not a symbol: its address is the visible label's before it");
	addr = (u64)(uintptr_t)&symbol_elf_test_marker;
	find_mapping(addr, &start, &pgoff, path, sizeof(path));
	symbols__exit(&s);
	ok(symbol_elf__build_id(path, id, sizeof(id)) > 0, "build id");
	{
		/* our own marker: its file offset back to the address it was linked at */
		u64 vaddr = 0;
		extern char __executable_start[];

		is_int(symbol_elf__offset_to_vaddr(path, addr - start + pgoff, &vaddr), 0,
		       "a file offset of the text: an address");
		/* linked at 0 (PIE): the load base added; else the address itself */
		ok(vaddr + (u64)(uintptr_t)__executable_start == addr || vaddr == addr,
		   "...the marker's (%#llx)", (unsigned long long)vaddr);
		is_int(symbol_elf__offset_to_vaddr(path, 1ULL << 40, &vaddr), -ENOENT,
		       "an offset past the file: -ENOENT");
	}
	test_debug_files(path, addr - start + pgoff + 1);
	ok(symbol_elf__load("/nonexistent", NULL, &s, &symtab) < 0, "missing file: an error");
	is_int(symbol_elf__load("/proc/self/status", NULL, &s, &symtab), -22, "not ELF: -EINVAL");
	symbols__init(&s);
	if (symbol_elf__load_vdso(NULL, 0, &s) == 0) {
		static const u8 other[20] = { 0xde, 0xad };

		symbols__fixup(&s);
		ok(s.nr > 0, "our vdso has symbols");
		symbols__exit(&s);
		symbols__init(&s);
		is_int(symbol_elf__load_vdso(other, sizeof(other), &s), -ESTALE,
		       "another kernel's vdso (build id): -ESTALE, not our symbols");
		ok(s.nr == 0, "  and no symbols");
	} else {
		ok(1, "no vdso here # SKIP");
	}
	symbols__exit(&s);
	test_vmlinux(path);
	return symbol_elf_test_marker(0) == 1 ? done_testing() : 1;
}
